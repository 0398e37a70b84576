"""Audit of the parse cache (issue 7; README "Performance" → "The parse cache").

The promise: a build with the cache gives exactly what the same build with ``--no-cache`` gives — standings,
ledger, issues, the JSON export and the workbook's bytes — and never serves a stale workbook, whatever happened
between the builds: rating lists, TRFs, sidecars and exports edited, season.xlsx settings changed, files
swapped, copied or moved, the season folder moved or shared with another folder, cache entries damaged, the
cache unusable or disabled, builds running at the same time, gpcalc's code or libraries changed.

Every test keeps its cache in its own ``tmp_path`` (GPCALC_CACHE_DIR). Each test compares a warm build (the cache
filled by an earlier build) with a fresh ``--no-cache`` build of the same folder, writing both to the same output
paths so that the printed text can be compared too. The audit (30 November) found four defects, fixed the same
day: season.xlsx's cache key ignored the circuit modules that declare how it is read; the pre-read scan was kept by
path, size and time across season reads; the row store's key left out zlib's and xlsxwriter's versions; a workbook
saved between hashing and parsing was stored under its old bytes' key.

Not repeated here (pinned by tests/test_cache.py and tests/test_report_rows.py): edit / rename / add of a plain
workbook, the pack after edit+rename+add, worker processes, tampered entries' signature, size-limit trimming,
`check` not writing, a warm build's bytes on the bundled samples, the row store's piece reuse.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import pickle
import shutil
import subprocess
import sys
import zipfile
import zlib
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from builders import acf_tournament, make_season, write_book
from click.testing import CliRunner

from gpcalc import cache, read, season
from gpcalc.cli import main
from gpcalc.report import xlsxzip

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"
DATA = Path(__file__).resolve().parent / "data" / "formats"


# ------------------------------------------------------------------------------------------ helpers


@pytest.fixture()
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(d))
    monkeypatch.delenv("GPCALC_NO_CACHE", raising=False)
    monkeypatch.setenv("GPCALC_WORKERS", "1")  # a shared 2-core machine; workers are tested in test_cache.py
    return d


@dataclass
class Build:
    code: int
    text: str
    data: dict | None
    xlsx: bytes | None


def build(folder: Path, out: Path, *extra: str, command: str = "build") -> Build:
    """`gpcalc build FOLDER -o OUT/o.xlsx --json OUT/o.json [extra]` (or `check`), in this process."""
    out.mkdir(parents=True, exist_ok=True)
    xo, jo = out / "o.xlsx", out / "o.json"
    for p in (xo, jo):
        p.unlink(missing_ok=True)
    args = [command, str(folder), *(("-o", str(xo), "--json", str(jo)) if command == "build" else ()), *extra]
    res = CliRunner().invoke(main, args)
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output + repr(res.exception)
    assert "Traceback" not in res.output
    ok = res.exit_code == 0 and command == "build"
    return Build(res.exit_code, res.output, json.loads(jo.read_text()) if ok else None,
                 xo.read_bytes() if ok else None)


def same_as_uncached(folder: Path, out: Path, command: str = "build", *extra: str) -> Build:
    """The warm build (what the cache holds now) and a --no-cache build give the same result, byte for byte."""
    warm = build(folder, out, *extra, command=command)
    cold = build(folder, out, *extra, "--no-cache", command=command)
    assert warm.code == cold.code, (warm.text, cold.text)
    assert warm.text == cold.text
    if warm.data is not None or cold.data is not None:
        for key in cold.data:
            assert warm.data.get(key) == cold.data[key], key
        assert warm.data == cold.data
    assert warm.xlsx == cold.xlsx, "the workbook's bytes differ"
    return warm


def player_line(sno: int, name: str, *, sex: str = "m", fed: str = "", fide_id: str | int = "", born: str = "",
                points: str = "", rank: str | int = "") -> str:
    """A TRF16 001 record (as tests/test_formats.py writes them)."""
    line = (f"001 {sno:>4} {sex:1}{'':>3} {name:<33} {'':>4} {fed:<3} {str(fide_id):>11} "
            f"{born:<10} {points:>4} {str(rank):>4}  ")
    assert len(line) == 91
    return line.rstrip()


SEASON = {"Circuit": "acf", "Season": "2005"}
REG_HEAD = ["ID", "Name", "ACF rating", "FIDE rating", "State"]
REGISTER = [REG_HEAD, ["3200001", "Smith, Ann", 1850, None, "NSW"], ["3200002", "Brown, Bob", 2150, None, "VIC"],
            ["3200003", "Jones, Cy", None, 1900, "QLD"], ["3200004", "Lee, Di", 1500, None, "WA"],
            ["3200005", "Ng, Ed", None, None, "SA"], ["3200006", "Fox, Flo", 1550, None, "TAS"]]
BARE_REGISTER = [["ID", "Name", "State"], *[[r[0], r[1], r[4]] for r in REGISTER[1:]]]
TRF_PLAYERS = [(1, "Smith, Ann", "w", 3200001, "1990/05/01", "3.0", 1),
               (2, "Brown, Bob", "m", 3200002, "1980", "2.0", 2),
               (3, "Jones, Cy", "m", 3200003, "1989/01/02", "2.0", 3), (4, "Lee, Di", "w", 3200004, "", "1.5", 4),
               (5, "Ng, Ed", "m", 3200005, "1992", "1.0", 5), (6, "Fox, Flo", "w", 3200006, "1991", "0.5", 6)]
TRF_TYPED = [["Open", "1", "Smith, Ann", "3200001", "F", dt.date(1990, 5, 1), None],
             ["Open", "=2", "Brown, Bob", "3200002", "M", 1980, None],
             ["Open", "=2", "Jones, Cy", "3200003", "M", dt.date(1989, 1, 2), None],
             ["Open", "4", "Lee, Di", "3200004", "F", None, None],
             ["Open", "5", "Ng, Ed", "3200005", "M", 1992, None], ["Open", "6", "Fox, Flo", "3200006", "F", 1991, None]]
EXPORT = [["Canberra Autumn Open 2005"], ["Final Ranking after 7 Rounds"], [],
          ["Rk.", "SNo", None, "Name", "sex", "FED", "Rtg", "FideID", "Club/City", "Pts.", "TB1"],
          [1, 1, "FM", "Brown, Bob", "m", "AUS", 2150, 3200002, "Melbourne", "5½", 30],
          [None, 4, None, "Lee, Di", "w", "AUS", 1500, 3200004, "Perth", "5,5", 30],
          [3, 2, None, "Smith, Ann", "w", "AUS", 1850, 3200001, "Sydney", "4,5", 28],
          [4, 5, None, "Ng, Ed", "m", "AUS", None, 3200005, "Adelaide", 4, 25],
          [5, 6, None, "Fox, Flo", "w", "AUS", 1550, 3200006, "Hobart", "3½", 20]]
T1 = acf_tournament("Sydney Summer Open", [
    ["Open", 1, "Smith, Ann", "3200001", "F", 1990, None], ["Open", 2, "Jones, Cy", "3200003", "M", 1989, None],
    ["Open", 3, "Ng, Ed", "3200005", "M", 1992, None]], start=dt.date(2005, 1, 15), prize_money=1000)
T2_SETTINGS = {"Name": "Brisbane Easter Cup", "State": "QLD", "Capital city": "Yes", "Prize money": 2600,
               "Registered": dt.date(2004, 11, 1), "Reported": dt.date(2005, 4, 1)}
T3_SETTINGS = {"Name": "Canberra Autumn Open 2005", "Start": dt.date(2005, 4, 9), "End": dt.date(2005, 4, 10),
               "State": "ACT", "Capital city": "Yes", "Prize money": 1600, "Registered": dt.date(2004, 12, 1),
               "Reported": dt.date(2005, 4, 15)}
HEAD = ["Section", "Place", "Name", "ID", "Sex", "Born", "State"]


def trf_text(players=TRF_PLAYERS) -> str:
    lines = ["012 Brisbane Easter Cup", "022 Brisbane", "042 2005/03/25", "052 2005/03/27", "XXR 3"]
    lines += [player_line(s, n, sex=x, fide_id=i, fed="AUS", born=b, points=p, rank=r)
              for s, n, x, i, b, p, r in players]
    return "\r\n".join(lines) + "\r\n"


def mixed_season(root: Path, register=REGISTER) -> Path:
    """A template workbook, a TRF with its sidecar (events/) and a chess-results export."""
    folder = make_season(root, SEASON, sheets={"Players": register}, name="mixed", tournaments={"t1.xlsx": T1})
    (folder / "events").mkdir()
    (folder / "events" / "brisbane.trf").write_bytes(trf_text().encode("latin-1"))
    write_book(folder / "events" / "brisbane.xlsx", {"Tournament": T2_SETTINGS})
    write_book(folder / "canberra.xlsx", {"Final Ranking": EXPORT, "Tournament": T3_SETTINGS})
    return folder


def fide_list(rows: list[tuple[str, str, int]], month: str = "JAN05") -> str:
    header = (DATA / "fide-standard-list.txt").read_text("latin-1").splitlines()[0].replace("JAN23", month)
    lines = [i.ljust(15) + n.ljust(61) + "AUS M" + " " * 32 + f"{r}  0   20 1980" for i, n, r in rows]
    return "\r\n".join([header, *lines]) + "\r\n"


def small_season(root: Path, n: int = 4, name: str = "season", settings: dict | None = None) -> Path:
    tours = {f"t{i}.xlsx": acf_tournament(f"T{i}", [["", 1, "Ann", "1", "F", 1970, "NSW"],
                                                   ["", 2, f"P{i}", f"{100 + i}", "M", 1970, "VIC"],
                                                   ["", 3, "Bob", "2", "M", 1980, "VIC"]],
                                          start=dt.date(2005, 2 + i, 5), prize_money=3000)
             for i in range(n)}
    return make_season(root, settings or SEASON, name=name, tournaments=tours,
                       sheets={"Players": [REG_HEAD, ["1", "Ann", 2100, None, "NSW"], ["2", "Bob", 1500, None, "VIC"]]})


# ------------------------------------------------------------------------------------------ inputs that feed a parse


def test_trf_sidecar_export_and_rating_lists_edited_between_builds(tmp_path, cache_dir, monkeypatch):
    """Files whose reading depends on other files (a TRF and its sidecar; rating lists in ratings/, matched
    against every workbook's IDs; a chess-results export read through its own Tournament sheet), edited
    between builds, with the ordinary workbooks served from a season pack."""
    monkeypatch.setattr(season, "PACK_FROM", 2)
    folder = mixed_season(tmp_path, register=BARE_REGISTER)
    out = tmp_path / "out"
    first = build(folder, out)
    assert first.code == 0, first.text
    assert any(p.name.startswith("pack-") for p in cache_dir.glob("*.pkl"))

    # the sidecar's settings change (prize money → another class)
    write_book(folder / "events" / "brisbane.xlsx", {"Tournament": {**T2_SETTINGS, "Prize money": 900}})
    same_as_uncached(folder, out)
    # the TRF changes (points and ranks of two players)
    swapped = [TRF_PLAYERS[0], (2, "Brown, Bob", "m", 3200002, "1980", "1.0", 5), *TRF_PLAYERS[2:4],
               (5, "Ng, Ed", "m", 3200005, "1992", "2.0", 2), TRF_PLAYERS[5]]
    (folder / "events" / "brisbane.trf").write_bytes(trf_text(swapped).encode("latin-1"))
    same_as_uncached(folder, out)
    # the sidecar becomes a full workbook: it is read instead of the TRF (trf-superseded) …
    write_book(folder / "events" / "brisbane.xlsx", {
        "Tournament": {**T2_SETTINGS, "Start": dt.date(2005, 3, 25), "End": dt.date(2005, 3, 27)},
        "Results": [HEAD, *TRF_TYPED]})
    assert "trf-superseded" in same_as_uncached(folder, out, "check", "--all").text
    same_as_uncached(folder, out)
    # … and back to a sidecar (its cached parse as an ordinary workbook must not come back)
    write_book(folder / "events" / "brisbane.xlsx", {"Tournament": T2_SETTINGS})
    same_as_uncached(folder, out)
    # the export's own Tournament sheet changes
    write_book(folder / "canberra.xlsx", {"Final Ranking": EXPORT, "Tournament": {**T3_SETTINGS, "State": "NSW"}})
    same_as_uncached(folder, out)

    # rating lists: added, edited, a FIDE list of another month, the season's year changed, removed
    (folder / "ratings").mkdir()
    (folder / "ratings" / "acf-december-2004.csv").write_text(
        "ACF ID,Name,Rating\n3200001,\"Smith, Ann\",1850\n3200002,\"Brown, Bob\",2150\n3200004,\"Lee, Di\",1500\n",
        encoding="utf-8")
    same_as_uncached(folder, out)
    fide = folder / "ratings" / "fide-jan-2005.txt"
    fide.write_text(fide_list([("3200003", "Jones, Cy", 1900), ("3200006", "Fox, Flo", 1450)]), "latin-1")
    same_as_uncached(folder, out)
    fide.write_text(fide_list([("3200003", "Jones, Cy", 2100), ("3200006", "Fox, Flo", 1450)]), "latin-1")
    warm = same_as_uncached(folder, out)
    assert any(r.get("rating") == 2100 for r in warm.data["standings"]), "the edited list is used"
    fide.write_text(fide_list([("3200003", "Jones, Cy", 2100)], month="MAR05"), "latin-1")
    assert "fide-list-month" in same_as_uncached(folder, out).text
    write_book(folder / "season.xlsx", {"Season": {**SEASON, "Season": "2006"}, "Players": BARE_REGISTER})
    same_as_uncached(folder, out)
    shutil.rmtree(folder / "ratings")
    same_as_uncached(folder, out)


def test_season_xlsx_settings_and_register_edited_between_builds(tmp_path, cache_dir):
    """season.xlsx is cached by its bytes: a changed setting (year, ties), register or season sheet is read."""
    rows = [["", 1, "Ann", "1", "F", 1988, "NSW"], ["", 1, "Bob", "2", "M", 1980, "VIC"],
            ["", 3, "Cy", "3", "M", 1987, "VIC"]]
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER[:1] + [["1", "Ann", 2100, None, "NSW"]]},
                         tournaments={"t.xlsx": acf_tournament("T", rows, prize_money=3000)})
    out = tmp_path / "out"
    assert build(folder, out).code == 0
    steps = [
        {"Season": {**SEASON, "Season": "2006"}},
        {"Season": {**SEASON, "Ties": "order"}},
        {"Season": {**SEASON, "Title": "Grand Prix"}, "Players": [REG_HEAD, ["1", "Ann", 1500, None, "NSW"],
                                                                  ["3", "Cy", None, 2050, "QLD"]]},
        {"Season": SEASON, "Prizes": [["Division", "Place", "Value"], ["Open", 1, 500], ["Open", 2, 200]]},
        {"Season": SEASON},
    ]
    for sheets in steps:
        write_book(folder / "season.xlsx", sheets)
        same_as_uncached(folder, out)


def test_swapped_copied_and_moved_workbooks_and_folders(tmp_path, cache_dir, monkeypatch):
    """Two workbooks swap names; one is copied byte for byte to another path; the season folder is moved; a
    second folder shares the cache with the same relative paths but other contents. (With a season pack.)"""
    monkeypatch.setattr(season, "PACK_FROM", 2)
    folder = small_season(tmp_path)
    out = tmp_path / "out"
    assert build(folder, out).code == 0
    tmp = folder / "swap.tmp"
    (folder / "t0.xlsx").rename(tmp)
    (folder / "t1.xlsx").rename(folder / "t0.xlsx")
    tmp.rename(folder / "t1.xlsx")
    same_as_uncached(folder, out)
    (folder / "sub").mkdir()
    shutil.copy2(folder / "t2.xlsx", folder / "sub" / "t2.xlsx")  # the same bytes at another path
    copied = same_as_uncached(folder, out)
    assert copied.code == 1 and "duplicate-tournament" in copied.text
    (folder / "sub" / "t2.xlsx").unlink()
    moved = folder.rename(tmp_path / "moved")
    same_as_uncached(moved, out)
    other = small_season(tmp_path, name="other", settings={**SEASON, "Season": "2006"})
    write_book(other / "t3.xlsx", acf_tournament("T3", [["", 1, "Bob", "2", "M", 1980, "VIC"],
                                                         ["", 2, "Ann", "1", "F", 1970, "NSW"]],
                                                  start=dt.date(2005, 5, 5), prize_money=3000))
    same_as_uncached(other, out)
    same_as_uncached(moved, out)


def test_parse_warnings_are_reported_again_on_a_warm_build_and_check(tmp_path, cache_dir):
    """Issues found while reading a workbook (hidden sheet, hidden rows, an unused column, a year-only birth)
    are kept with its cached parse: a warm build and a warm `check --all` print exactly what a fresh read does."""
    import openpyxl

    folder = small_season(tmp_path, n=2)
    t = acf_tournament("Hidden", [["", 1, "Ann", "1", "F", 1970, "NSW", "x"], ["", 2, "Cy", "3", "M", 1987, "VIC", ""],
                                  ["", 3, "Bob", "2", "M", 1980, "VIC", "y"]],
                       header=[*HEAD, "Notes"], start=dt.date(2005, 8, 6), prize_money=3000)
    write_book(folder / "hidden.xlsx", t)
    wb = openpyxl.load_workbook(folder / "hidden.xlsx")
    wb["Tournament"].sheet_state = "hidden"
    wb.active = 1
    wb["Results"].row_dimensions[3].hidden = True
    wb.save(folder / "hidden.xlsx")
    out = tmp_path / "out"
    assert build(folder, out).code == 0
    text = same_as_uncached(folder, out, "check", "--all").text
    for code in ("hidden-sheet", "hidden-rows", "unknown-column"):
        assert code in text
    assert "hidden-rows" in same_as_uncached(folder, out).text


def test_output_path_and_json_option_change_between_builds(tmp_path, cache_dir):
    """The row store is kept per season folder: another -o, --json added or dropped, the default output."""
    folder = small_season(tmp_path)
    out = tmp_path / "out"
    runner = CliRunner()
    assert runner.invoke(main, ["build", str(folder), "-o", str(tmp_path / "a.xlsx")]).exit_code == 0
    warm = same_as_uncached(folder, out)  # another path, with --json
    assert warm.xlsx == (tmp_path / "a.xlsx").read_bytes()
    assert runner.invoke(main, ["build", str(folder)]).exit_code == 0  # default output, no --json
    assert (folder / "output" / "standings.xlsx").read_bytes() == warm.xlsx
    write_book(folder / "t1.xlsx", acf_tournament("T1", [["", 1, "Bob", "2", "M", 1980, "VIC"]],
                                                  start=dt.date(2005, 3, 5), prize_money=3000))
    same_as_uncached(folder, out)


# ------------------------------------------------------------------------------------------ the cache itself


def _damage(cache_dir: Path, how: str) -> int:
    entries = sorted(cache_dir.glob("*.pkl"))
    for p in entries:
        blob = p.read_bytes()
        if how == "truncated":
            p.write_bytes(blob[: len(blob) // 2])
        elif how == "empty":
            p.write_bytes(b"")
        elif how == "garbage":
            p.write_bytes(os.urandom(len(blob)))
        elif how == "unsigned":  # a well-formed pickle planted without the secret
            p.write_bytes(cache.FORMAT + b"\0" * 32 + pickle.dumps({"planted": True}))
        elif how == "wrong-type":  # signed, but not what the key holds
            cache.store(p.stem, "not an entry")
    if how == "no-secret":
        (cache_dir / "secret").unlink()
    elif how == "other-secret":
        (cache_dir / "secret").write_bytes(os.urandom(32))
    return len(entries)


def test_damaged_or_foreign_entries_of_every_kind_are_ignored(tmp_path, cache_dir, monkeypatch):
    """Every kind of entry (season.xlsx, a workbook, the pack, the names, the output rows) damaged, replaced by
    a foreign pickle or by a signed value of the wrong type, or the secret lost or changed: ignored, the build
    is the uncached one (and so is the next, from what the warm build stored again)."""
    monkeypatch.setattr(season, "PACK_FROM", 3)
    folder = small_season(tmp_path)
    out = tmp_path / "out"
    assert build(folder, out).code == 0
    write_book(folder / "t1.xlsx", acf_tournament("T1", [["", 1, "Bob", "2", "M", 1980, "VIC"]],
                                                  start=dt.date(2005, 3, 5), prize_money=3000))
    assert build(folder, out).code == 0  # now also an entry of its own beside the pack
    kinds = {p.name.split("-")[0] if "-" in p.name else "key" for p in cache_dir.glob("*.pkl")}
    assert kinds == {"pack", "rows", "names", "key"}
    for how in ("truncated", "empty", "garbage", "unsigned", "wrong-type", "no-secret", "other-secret"):
        assert _damage(cache_dir, how) >= 5, how
        same_as_uncached(folder, out)
    same_as_uncached(folder, out)


def test_a_cache_that_cannot_be_written_or_sits_inside_the_season_folder(tmp_path, monkeypatch):
    """A cache folder that cannot be created (its path is a file) is skipped silently; one inside the season
    folder (a plain, a hidden or the output/ sub-folder) is never read as input."""
    monkeypatch.delenv("GPCALC_NO_CACHE", raising=False)
    monkeypatch.setenv("GPCALC_WORKERS", "1")
    folder = small_season(tmp_path)
    out = tmp_path / "out"
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(blocker / "gpcalc"))
    same_as_uncached(folder, out)
    reference = build(folder, out, "--no-cache")
    for inside in ("cache", ".cache", "output/cache"):
        monkeypatch.setenv("GPCALC_CACHE_DIR", str(folder / inside))
        build(folder, out)
        warm = same_as_uncached(folder, out)
        assert list((folder / inside).glob("*.pkl"))
        assert (warm.code, warm.text, warm.data, warm.xlsx) == \
               (reference.code, reference.text, reference.data, reference.xlsx)


def test_a_disabled_cache_is_never_read(tmp_path, cache_dir, monkeypatch):
    """`--no-cache` and GPCALC_NO_CACHE=1 (build and check) ignore even valid, signed entries planted under the
    real keys: output rows that say BOGUS, and a workbook's parse taken from another file."""
    from gpcalc import circuits

    folder = small_season(tmp_path, n=2)
    out = tmp_path / "out"
    clean = build(folder, out, "--no-cache")
    assert build(folder, out).code == 0

    def never_read() -> None:
        for extra, env in (("--no-cache", ""), (None, "1")):
            monkeypatch.setenv("GPCALC_NO_CACHE", env)
            args = (extra,) if extra else ()
            got = build(folder, out, *args)
            assert (got.code, got.text, got.data, got.xlsx) == (clean.code, clean.text, clean.data, clean.xlsx)
            checked = build(folder, out, *args, command="check")
            assert checked.code == 0 and "second" not in checked.text
        monkeypatch.delenv("GPCALC_NO_CACHE")

    rows_key = cache.folder_key("rows", folder, "acf")
    pieces = cache.load(rows_key)
    assert pieces
    bogus = xlsxzip.deflate(b'<row><c t="inlineStr"><is><t>BOGUS</t></is></c></row>')
    cache.store(rows_key, dict.fromkeys(pieces, bogus))
    assert b"BOGUS" in _sheets_xml(build(folder, out).xlsx)  # (the planted rows are where a build looks)
    never_read()

    bad = write_book(tmp_path / "bad.xlsx", acf_tournament("T0", [["", "second", "Mallory", "", "M", 1970, "VIC"]],
                                                           start=dt.date(2005, 2, 5), prize_money=3000))
    k = cache.key(season.sha256(folder / "t0.xlsx"), "t0.xlsx", "acf")
    cache.store(k, season._parse_workbook(bad, "t0.xlsx", circuits.get("acf"), None)[0])  # signed, t0.xlsx's key
    planted = build(folder, out)
    assert planted.code == 1 and "'second' is not a place" in planted.text  # (where a build looks)
    never_read()


def _sheets_xml(xlsx: bytes) -> bytes:
    import io

    with zipfile.ZipFile(io.BytesIO(xlsx)) as zf:
        return b"".join(zf.read(n) for n in zf.namelist() if n.startswith("xl/worksheets/"))


def test_concurrent_builds_share_one_cache(tmp_path, cache_dir):
    """Two builds of one season at the same time (separate processes, an empty cache, a season big enough for
    a pack written by a forked child): both right, and the cache they leave serves the uncached result."""
    tours = {f"d{i // 10}/t{i:02d}.xlsx": acf_tournament(
        f"T{i}", [["", 1, "Ann", "1", "F", 1970, "NSW"], ["", 2, f"P{i}", f"{100 + i}", "M", 1970, "VIC"]],
        start=dt.date(2005, 1, 1) + dt.timedelta(days=7 * i), prize_money=3000) for i in range(season.PACK_FROM + 1)}
    folder = make_season(tmp_path, SEASON, tournaments=tours,
                         sheets={"Players": [REG_HEAD, ["1", "Ann", 2100, None, "NSW"]]})
    env = {**os.environ, "GPCALC_CACHE_DIR": str(cache_dir), "GPCALC_WORKERS": "1"}
    env.pop("GPCALC_NO_CACHE", None)
    procs = [subprocess.Popen([sys.executable, "-c", "from gpcalc.cli import run; run()", "build", str(folder),
                               "-o", str(tmp_path / f"p{i}.xlsx"), "--json", str(tmp_path / f"p{i}.json")],
                              env=env, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
             for i in range(2)]
    for p in procs:
        output = p.communicate(timeout=120)[0].decode()
        assert p.returncode == 0, output
    out = tmp_path / "out"
    cold = build(folder, out, "--no-cache")
    for i in range(2):
        assert json.loads((tmp_path / f"p{i}.json").read_text()) == cold.data
        assert (tmp_path / f"p{i}.xlsx").read_bytes() == cold.xlsx
    assert any(p.name.startswith("pack-") for p in cache_dir.glob("*.pkl"))
    same_as_uncached(folder, out)


# ------------------------------------------------------------------------------------------ code and libraries


@pytest.fixture()
def code_copy(tmp_path):
    """gpcalc's source copied to tmp_path, and the cache's code fingerprint taken from the copy: editing the
    copy is a developer editing gpcalc (the running code is changed alongside by monkeypatching)."""
    pkg = tmp_path / "code" / "gpcalc"
    shutil.copytree(Path(cache.__file__).resolve().parent, pkg, ignore=shutil.ignore_patterns("__pycache__"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(cache, "__file__", str(pkg / "cache.py"))
        cache.code_fingerprint.cache_clear()
        yield pkg
    cache.code_fingerprint.cache_clear()


def test_a_circuit_module_change_invalidates_that_circuits_workbook_entries(code_copy):
    before = {c: cache.key("abc", "t.xlsx", c) for c in ("acf", "aarhus", "fecodaz")}
    path = code_copy / "circuits" / "acf.py"
    path.write_text(path.read_text() + "\n# a change\n")
    cache.code_fingerprint.cache_clear()
    after = {c: cache.key("abc", "t.xlsx", c) for c in ("acf", "aarhus", "fecodaz")}
    assert after["acf"] != before["acf"]
    assert after["aarhus"] == before["aarhus"] and after["fecodaz"] == before["fecodaz"]  # (by design)


def test_a_circuit_module_change_invalidates_the_cached_season_xlsx(tmp_path, cache_dir, code_copy, monkeypatch):
    from gpcalc.circuits import acf

    rows = [["", 1, "Ann", "1", "F", 1970, "NSW"], ["", 1, "Bob", "2", "M", 1970, "VIC"],
            ["", 3, "Cy", "3", "M", 1970, "VIC"]]
    folder = make_season(tmp_path, {**SEASON, "Tiebreak": "order"},
                         tournaments={"t.xlsx": acf_tournament("T", rows, prize_money=3000)})
    out = tmp_path / "out"
    assert build(folder, out).code == 0
    # the developer gives the ACF setting Ties the alias Tiebreak, in circuits/acf.py (on disk and running)
    path = code_copy / "circuits" / "acf.py"
    src = path.read_text()
    assert 'Field("Ties", "choice",' in src
    path.write_text(src.replace('Field("Ties", "choice",', 'Field("Ties", "choice", aliases=("Tiebreak",),'))
    cls = type(acf.CIRCUIT)
    monkeypatch.setattr(cls, "season_settings", tuple(
        replace(f, aliases=("Tiebreak",)) if f.name == "Ties" else f for f in cls.season_settings))
    cache.code_fingerprint.cache_clear()
    warm = same_as_uncached(folder, out)
    assert [r["points"] for r in warm.data["ledger"]][:2] == [20, 15]  # Tiebreak = order is read


def test_a_zlib_update_does_not_make_a_warm_workbook_differ(tmp_path, cache_dir, monkeypatch):
    folder = small_season(tmp_path)
    out = tmp_path / "out"
    assert build(folder, out).code == 0
    # the system's zlib is updated: another version string, other (equally valid) compressed bytes
    real = zlib.compressobj

    def other_zlib(level=-1, method=zlib.DEFLATED, wbits=15, memLevel=8, strategy=zlib.Z_DEFAULT_STRATEGY, *a):
        return real(level, method, wbits, memLevel, zlib.Z_FIXED)

    monkeypatch.setattr(zlib, "compressobj", other_zlib)
    monkeypatch.setattr(zlib, "ZLIB_RUNTIME_VERSION", zlib.ZLIB_RUNTIME_VERSION + "-ng")
    sample = b"".join(b'<row><c t="inlineStr"><is><t>P%d</t></is></c><c s="3"><v>%d</v></c></row>' % (i, i * 7)
                      for i in range(500))
    old, new = real(1, zlib.DEFLATED, -15), zlib.compressobj(1, zlib.DEFLATED, -15)
    assert old.compress(sample) + old.flush() != new.compress(sample) + new.flush()  # (the bytes really differ)
    cache.code_fingerprint.cache_clear()
    try:
        same_as_uncached(folder, out)
    finally:
        cache.code_fingerprint.cache_clear()


# ------------------------------------------------------------------------------------------ stale parses


def _stored_variant(src: bytes, hidden: bytes) -> bytes:
    """The workbook re-zipped without compression, row 3 of its Results sheet marked hidden="1" or "0": two
    workbooks of exactly the same size."""
    import io

    zin = zipfile.ZipFile(io.BytesIO(src))
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as z:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "xl/worksheets/sheet2.xml":
                assert b'<row r="3" ' in data
                data = data.replace(b'<row r="3" ', b'<row r="3" hidden="' + hidden + b'" ', 1)
            z.writestr(zipfile.ZipInfo(info.filename, date_time=(2000, 1, 1, 0, 0, 0)), data)
    return buf.getvalue()


def test_a_workbook_replaced_with_the_same_size_and_mtime_is_not_parsed_with_its_old_scan(tmp_path, cache_dir,
                                                                                        monkeypatch):
    monkeypatch.setattr(read, "_SCANS", {})
    folder = small_season(tmp_path, n=2)
    path = folder / "t1.xlsx"
    v1, v2 = _stored_variant(path.read_bytes(), b"1"), _stored_variant(path.read_bytes(), b"0")
    assert len(v1) == len(v2) and v1 != v2
    out = tmp_path / "out"
    path.write_bytes(v1)
    os.utime(path, ns=(1_100_000_000_000_000_000,) * 2)
    assert "hidden-rows" in build(folder, out).text
    path.write_bytes(v2)  # row 3 unhidden; same size, same modification time
    os.utime(path, ns=(1_100_000_000_000_000_000,) * 2)
    build(folder, out)  # the same (long-lived) process builds again
    monkeypatch.setattr(read, "_SCANS", {})  # a new process: only the parse cache remains
    warm = same_as_uncached(folder, out)
    assert "hidden-rows" not in warm.text


def test_a_workbook_saved_during_a_build_is_not_cached_under_its_previous_content(tmp_path, cache_dir,
                                                                              monkeypatch):
    folder = small_season(tmp_path, n=2)
    path = folder / "t1.xlsx"
    v1 = path.read_bytes()
    v2 = write_book(tmp_path / "v2.xlsx", acf_tournament("T1", [["", 1, "Ann", "1", "F", 1970, "NSW"],
                                                                ["", 2, "Zed", "9", "M", 1970, "VIC"]],
                                                         start=dt.date(2005, 3, 5), prize_money=3000)).read_bytes()
    real = season.sha256

    def saved_while_building(p):
        digest = real(p)
        if Path(p).name == "t1.xlsx" and Path(p).read_bytes() == v1:
            Path(p).write_bytes(v2)  # the organiser saves the workbook right after gpcalc hashed it
        return digest

    monkeypatch.setattr(season, "sha256", saved_while_building)
    out = tmp_path / "out"
    build(folder, out)
    monkeypatch.setattr(season, "sha256", real)
    path.write_bytes(v1)  # the earlier version is back (undo / restored)
    warm = same_as_uncached(folder, out)
    assert "Zed" not in json.dumps(warm.data)
