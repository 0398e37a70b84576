"""Audit: a coordinator's season as it really happens, with the cache warm after every step.

For each circuit a bundled sample season is copied into ``tmp_path`` (its own GPCALC_CACHE_DIR), starting with
the workbooks received by mid-season, and taken through a timeline of 8–10 steps a coordinator really goes
through. Across the three timelines: the first build; a tournament arriving as the organiser sent it; a new
workbook (a copy of one with another name and dates, edited with openpyxl); one cell edited (a place, a score,
a name's spelling, a national rating); a file renamed; a file moved into a sub-folder (and renamed on the way);
a workbook deleted and restored; season.xlsx edited (a setting: Ties/GPTs, a register rating, a prize value, a
Pot percentage); a file's mtime touched; a file replaced by identical bytes; an edit reverted (the old bytes
back, or the old value typed back in); an error introduced and fixed. After EVERY step a warm build
(``gpcalc build FOLDER -o A/o.xlsx --json A/o.json``, the cache as the steps so far left it) and a
``--no-cache`` build (to B) must agree: exit code, the printed issues (the A/B paths aside), the JSON (as data
and as text) and the workbook's bytes. A Hypothesis test draws random step sequences (any of 15 kinds) on part
of the Aarhus season.

The ACF and FECODAZ seasons get a season pack (PACK_FROM lowered to 4), the Aarhus ones run on per-workbook
entries; every build starts like a new process (the in-process memos of normalised names, pre-read scans,
folder listings and row-format hashes are cleared), so what a warm build knows comes from the cache alone.

Not repeated here (tests/test_cache.py, tests/test_cache_audit.py, tests/test_report_rows.py): single edits on
tiny synthetic seasons, TRF/sidecar/rating lists, damaged entries, code/library changes, concurrent builds,
the row store's piece arithmetic.

Defect found (fixed on 30 November: sheetxml._hash_numbers keeps -0.0 apart from 0.0), reduced to two steps:
- test_prize_money_typed_as_minus_zero_after_zero — the output row store (gpcalc/report/sheetxml.py, RowStore)
  keys a number column by ``pd.util.hash_array``, which hashes -0.0 and 0.0 alike, while the cell is rendered
  with ``%.16G`` as ``-0`` or ``0``. A tournament's Prize money 0, built; then typed as ``-0`` (read_money reads
  -0.0, and -0.0 < 0 is false, so it is accepted): the warm workbook's Tournaments sheet reuses the stored
  ``<v>0</v>`` while a build without the cache writes ``<v>-0</v>`` — the bytes differ (JSON and text agree).
  Any number column (prize values from season.xlsx, the standings grid's SparseCells) has the same flaw.
Everything else — every timeline step and every drawn sequence — gave the same exit code, issues, JSON and
workbook bytes with and without the cache.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gpcalc import identity, read, season
from gpcalc.cli import main
from gpcalc.report import sheetxml

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"


# ------------------------------------------------------------------------------------------ building and comparing


@dataclass
class Build:
    code: int
    text: str
    data: dict | None
    xlsx: bytes | None
    json_text: bytes | None = None


def _fresh_process() -> None:
    """What a new `gpcalc` process would not have: the in-process memos (everything a warm build may know must
    come from the cache)."""
    identity._MEMO.clear()
    read.forget_scans()
    sheetxml._FORMAT_HASHES.clear()
    try:
        from gpcalc import formats

        formats.forget_listings()
    except (ImportError, AttributeError):  # pragma: no cover - formats is optional
        pass


def _build(folder: Path, out: Path, *extra: str) -> Build:
    out.mkdir(parents=True, exist_ok=True)
    xo, jo = out / "o.xlsx", out / "o.json"
    for p in (xo, jo):
        p.unlink(missing_ok=True)
    _fresh_process()
    res = CliRunner().invoke(main, ["build", str(folder), "-o", str(xo), "--json", str(jo), *extra])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output + repr(res.exception)
    assert "Traceback" not in res.output
    text = res.output.replace(str(out), "OUT")
    if res.exit_code != 0:
        assert not xo.exists() and not jo.exists(), "a failed build wrote output"
        return Build(res.exit_code, text, None, None)
    raw = jo.read_bytes()
    return Build(res.exit_code, text, json.loads(raw.decode("utf-8")), xo.read_bytes(), raw)


def compare(folder: Path, work: Path, step: str) -> Build:
    """The warm build (to A) and the --no-cache build (to B) of the folder as it is now: the same in every way."""
    warm = _build(folder, work / "A")
    cold = _build(folder, work / "B", "--no-cache")
    assert warm.code == cold.code, (step, warm.text, cold.text)
    assert warm.text == cold.text, step
    if cold.data is not None:
        for key in cold.data:
            assert warm.data.get(key) == cold.data[key], (step, key)
        assert warm.data == cold.data, step
        assert warm.json_text == cold.json_text, f"{step}: the JSON file's text differs"
    assert warm.xlsx == cold.xlsx, f"{step}: the workbook's bytes differ"
    return warm


# ------------------------------------------------------------------------------------------ editing workbooks

SETTING_HEADS = ("setting", "ajuste", "indstilling")
RESULT_SHEETS = ("results", "resultados", "resultater")


def _key(v) -> str:
    return " ".join(str(v).split()).casefold() if v is not None else ""


def _settings_sheet(wb):
    return next(ws for ws in wb.worksheets if _key(ws["A1"].value) in SETTING_HEADS)


def _sheet(wb, names):
    return next(ws for ws in wb.worksheets if _key(ws.title) in names)


def edit(path: Path, change) -> None:
    """Open the workbook with openpyxl, change it, save it (what Excel does: the whole file written again)."""
    wb = openpyxl.load_workbook(path)
    change(wb)
    wb.save(path)


def set_setting(path: Path, names: tuple[str, ...], value) -> None:
    def change(wb):
        ws = _settings_sheet(wb)
        row = next(r for r in range(1, ws.max_row + 1) if _key(ws.cell(r, 1).value) in names)
        ws.cell(row, 2).value = value

    edit(path, change)


def _column(ws, names: tuple[str, ...]) -> int:
    return next(c for c in range(1, ws.max_column + 1) if _key(ws.cell(1, c).value) in names)


def set_cell(path: Path, sheet: tuple[str, ...], row: int, header: tuple[str, ...], value) -> None:
    """Row `row` (1 = the header) of the table sheet named one of `sheet`, in the column headed one of `header`."""
    def change(wb):
        ws = _sheet(wb, sheet)
        ws.cell(row, _column(ws, header)).value = value

    edit(path, change)


def get_cell(path: Path, sheet: tuple[str, ...], row: int, header: tuple[str, ...]):
    wb = openpyxl.load_workbook(path, read_only=True)
    try:
        ws = _sheet(wb, sheet)
        heads = [_key(c.value) for c in next(ws.iter_rows(min_row=1, max_row=1))]
        col = next(i for i, h in enumerate(heads) if h in header)
        return list(ws.iter_rows(min_row=row, max_row=row, values_only=True))[0][col]
    finally:
        wb.close()


def new_tournament(folder: Path, src: str, dst: str, settings_: dict[tuple[str, ...], object]) -> None:
    """A new organiser's workbook: a copy of `src` with its name and dates changed."""
    target = folder / dst
    target.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(folder / src, target)

    def change(wb):
        ws = _settings_sheet(wb)
        for r in range(1, ws.max_row + 1):
            for names, value in settings_.items():
                if _key(ws.cell(r, 1).value) in names:
                    ws.cell(r, 2).value = value

    edit(target, change)


def touch(path: Path) -> None:
    st = path.stat()
    os.utime(path, ns=(st.st_atime_ns + 86_400 * 10**9, st.st_mtime_ns + 86_400 * 10**9))


def replace_identical(path: Path) -> None:
    """The same bytes written again as a new file (a new inode, a new time): e.g. saved again from an e-mail."""
    data = path.read_bytes()
    path.unlink()
    path.write_bytes(data)


def move(folder: Path, src: str, dst: str) -> None:
    (folder / dst).parent.mkdir(parents=True, exist_ok=True)
    (folder / src).rename(folder / dst)


def copy_sample(tmp_path: Path, sample: str, so_far: tuple[str, ...] | None = None) -> Path:
    """The sample season copied into tmp_path — only the workbooks under `so_far` (the tournaments the
    coordinator has received so far; the others arrive as steps of the timeline), or all of them."""
    folder = tmp_path / sample
    shutil.copytree(SAMPLES / sample, folder, ignore=shutil.ignore_patterns("output"))
    if so_far is not None:
        for path in sorted(folder.rglob("*.xlsx")):
            rel = path.relative_to(folder).as_posix()
            if rel != "season.xlsx" and not rel.startswith(so_far):
                path.unlink()
    return folder


def arrive(folder: Path, sample: str, rel: str) -> None:
    """A workbook of the sample season arrives by e-mail, as the organiser sent it."""
    (folder / rel).parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(SAMPLES / sample / rel, folder / rel)


@pytest.fixture()
def cache_env(tmp_path, monkeypatch):
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GPCALC_NO_CACHE", raising=False)
    monkeypatch.setenv("GPCALC_WORKERS", "1")
    return tmp_path / "cache"


def tournaments_in(build: Build) -> set[str]:
    return {t["name"] for t in build.data["tournaments"]}


# ------------------------------------------------------------------------------------------ ACF


ACF = "acf-2005"
ACF_RESULTS = ("results",)
ACF_SO_FAR = ("NSW/", "ACT/", "QLD/")  # 8 workbooks by mid-season


def test_acf_season_timeline(tmp_path, cache_env, monkeypatch):
    """ACF 2005 with a season pack: a new tournament, a spelling, a place, a rating, a prize, a rename, a
    delete and a restore, an edit reverted."""
    monkeypatch.setattr(season, "PACK_FROM", 4)  # the season's workbooks kept in one pack, as a large season's
    folder = copy_sample(tmp_path, ACF, ACF_SO_FAR)
    work = tmp_path / "out"
    assert compare(folder, work, "1 first build").code == 0
    assert any(p.name.startswith("pack-") for p in cache_env.glob("*.pkl"))

    # 2. a new tournament arrives: the Newcastle organiser's workbook reused for another event
    new_tournament(folder, "NSW/Newcastle Open.xlsx", "NSW/Newcastle Spring Open.xlsx",
                   {("name",): "Newcastle Spring Open", ("start",): dt.datetime(2005, 10, 8),
                    ("end",): dt.datetime(2005, 10, 9), ("registered",): dt.datetime(2005, 9, 1),
                    ("reported",): dt.datetime(2005, 10, 12)})
    assert "Newcastle Spring Open" in tournaments_in(compare(folder, work, "2 add"))

    # 3. a name's spelling changed in one workbook (its ID unchanged)
    mingara = folder / "NSW/Mingara Open 2005.xlsx"
    mingara_before = mingara.read_bytes()
    old_name = get_cell(mingara, ACF_RESULTS, 3, ("name",))
    set_cell(mingara, ACF_RESULTS, 3, ("name",), str(old_name).upper() + "E")
    compare(folder, work, "3 spelling")

    # 4. a place: Gold Coast's first two share first place
    def shared_first(wb):
        ws = _sheet(wb, ACF_RESULTS)
        col = _column(ws, ("place",))
        ws.cell(2, col).value = ws.cell(3, col).value = "=1"

    edit(folder / "QLD/Gold Coast Open.xlsx", shared_first)
    compare(folder, work, "4 place")

    # 5. a rating in the register; 6. a prize's value
    set_cell(folder / "season.xlsx", ("players",), 2, ("acf rating",), 2250)
    compare(folder, work, "5 rating")
    set_cell(folder / "season.xlsx", ("prizes",), 2, ("value",), 1234)
    assert any(p["value"] == 1234 for p in compare(folder, work, "6 prize").data["prizes"])

    # 7. renamed; 8. deleted; 9. restored
    move(folder, "QLD/Gold Coast Open.xlsx", "QLD/Gold Coast Open 2005.xlsx")
    compare(folder, work, "7 rename")
    qld = folder / "QLD/2005 Qld Championship.xlsx"
    kept = qld.read_bytes()
    qld.unlink()
    compare(folder, work, "8 delete")
    qld.write_bytes(kept)
    compare(folder, work, "9 restore")

    # 10. the spelling edit reverted (the old bytes back)
    mingara.write_bytes(mingara_before)
    assert old_name in {r["name"] for r in compare(folder, work, "10 revert").data["ledger"]}


# ------------------------------------------------------------------------------------------ Aarhus


AARHUS = "aarhus-2012-13"
AAR_RESULTS = ("results",)
AAR_SO_FAR = ("gpt/2012-", "special/2013-01")  # GPTs 1–3 and the Aarhusmesterskab
GPT2 = "gpt/2012-10-27 GPT 2 Lystrup.xlsx"
GPT4 = "gpt/2013-02-02 GPT 4 Tranbjerg.xlsx"


def test_aarhus_season_timeline(tmp_path, cache_env):
    """Aarhus 2012/13 on per-workbook entries: a GPT arrives, a score corrected and typed back, a season
    setting, a move into a sub-folder, a touch, an error and its fix."""
    folder = copy_sample(tmp_path, AARHUS, AAR_SO_FAR)
    work = tmp_path / "out"
    assert compare(folder, work, "1 first build").code == 0

    # 2. GPT 4 arrives
    arrive(folder, AARHUS, GPT4)
    assert "GPT 4 Tranbjerg" in tournaments_in(compare(folder, work, "2 GPT 4 arrives"))

    # 3. a score corrected (4.5 → 5); 4. the old score typed back (other bytes, the same content)
    gpt2 = folder / GPT2
    score = get_cell(gpt2, AAR_RESULTS, 2, ("points",))
    set_cell(gpt2, AAR_RESULTS, 2, ("points",), 5)
    compare(folder, work, "3 score")
    set_cell(gpt2, AAR_RESULTS, 2, ("points",), score)
    compare(folder, work, "4 score typed back")

    # 5. season.xlsx: the number of GPTs scheduled
    set_setting(folder / "season.xlsx", ("gpts",), 6)
    compare(folder, work, "5 GPTs = 6")

    # 6. a workbook moved into a sub-folder; 7. another one touched
    move(folder, "gpt/2012-09-22 GPT 1 Skåde.xlsx", "gpt/efterår/2012-09-22 GPT 1 Skåde.xlsx")
    compare(folder, work, "6 move")
    touch(folder / GPT4)
    compare(folder, work, "7 touch")

    # 8. a group that does not exist; 9. fixed (the organiser's corrected file)
    gpt4 = folder / GPT4
    before = gpt4.read_bytes()
    set_cell(gpt4, AAR_RESULTS, 4, ("group",), "Z")
    assert compare(folder, work, "8 error").code == 1
    gpt4.write_bytes(before)
    assert compare(folder, work, "9 fixed").code == 0


# ------------------------------------------------------------------------------------------ FECODAZ


FECODAZ = "fecodaz-2009"
FEC_RESULTS = ("results", "resultados")
FEC_SO_FAR = ("02-valle/", "03-antioquia/", "04-atlántico/", "05-santander/", "nacionales/nacional-absoluto")


def test_fecodaz_season_timeline(tmp_path, cache_env, monkeypatch):
    """FECODAZ 2009 with a season pack: a rating, a Pot percentage, identical bytes, a new tournament, a move,
    a delete, an edit reverted."""
    monkeypatch.setattr(season, "PACK_FROM", 4)
    folder = copy_sample(tmp_path, FECODAZ, FEC_SO_FAR)
    work = tmp_path / "out"
    assert compare(folder, work, "1 first build").code == 0

    # 2. a national rating corrected
    santander = folder / "05-santander/mayores.xlsx"
    santander_before = santander.read_bytes()
    set_cell(santander, FEC_RESULTS, 4, ("national rating", "elo nacional"), 2011)
    compare(folder, work, "2 rating")

    # 3. season.xlsx: a Pot percentage (1st place 30 → 29: 99 %, a warning; over 100 % would be an error)
    set_cell(folder / "season.xlsx", ("pot",), 2, ("percent",), 29)
    compare(folder, work, "3 pot")

    # 4. a workbook replaced by the same bytes (saved again from the e-mail)
    replace_identical(folder / "02-valle/mayores.xlsx")
    compare(folder, work, "4 identical bytes")

    # 5. a new tournament (a copy with another name and dates)
    new_tournament(folder, "05-santander/sub14.xlsx", "05-santander/sub14-segundo.xlsx",
                   {("name", "nombre"): "Sub 14 Bucaramanga II", ("start", "inicio"): dt.datetime(2009, 8, 1),
                    ("end", "fin"): dt.datetime(2009, 8, 3)})
    assert "Sub 14 Bucaramanga II" in tournaments_in(compare(folder, work, "5 add"))

    # 6. renamed into a sub-folder; 7. deleted; 8. the rating edit reverted (the old bytes back)
    move(folder, "04-atlántico/mayores.xlsx", "04-atlántico/2009/mayores-barranquilla.xlsx")
    compare(folder, work, "6 rename + move")
    (folder / "03-antioquia/sub14.xlsx").unlink()
    compare(folder, work, "7 delete")
    santander.write_bytes(santander_before)
    compare(folder, work, "8 revert")


# ------------------------------------------------------------------------------------------ the defect


def test_prize_money_typed_as_minus_zero_after_zero(tmp_path, cache_env):
    """1. build with a tournament's Prize money 0; 2. the organiser types '-0' (read as -0.0, which is not
    negative, so accepted): the warm workbook's Tournaments sheet says 0, the uncached one -0."""
    folder = copy_sample(tmp_path, ACF, ("NT/",))
    darwin = folder / "NT/Darwin Open 2005.xlsx"
    set_setting(darwin, ("prize money",), 0)
    work = tmp_path / "out"
    assert compare(folder, work, "1 build, Prize money 0").code == 0
    set_setting(darwin, ("prize money",), "-0")
    compare(folder, work, "2 Prize money '-0'")


# ------------------------------------------------------------------------------------------ random timelines


class AarhusSeason:
    """Part of the Aarhus sample, and the steps a coordinator may take on it (each keeps it a season)."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.original = {p.relative_to(folder).as_posix(): p.read_bytes() for p in folder.rglob("*.xlsx")}
        self.deleted: dict[str, bytes] = {}
        self.added = 0

    def workbooks(self) -> list[str]:
        return sorted(p.relative_to(self.folder).as_posix() for p in self.folder.rglob("*.xlsx")
                      if p.name != "season.xlsx")

    def apply(self, op: str, pick: int, value: int) -> str:
        books = self.workbooks()
        rel = books[pick % len(books)] if books else None
        path = self.folder / rel if rel else None
        row = 2 + value % 5
        if op == "add" and rel:
            self.added += 1
            dst = f"gpt/ny/2013-05-{10 + self.added:02d} GPT ekstra {self.added}.xlsx"
            new_tournament(self.folder, rel, dst, {("name", "navn"): f"Ekstra {self.added}",
                                                   ("date", "dato"): dt.datetime(2013, 5, 10 + self.added)})
            return f"add {dst} from {rel}"
        if op == "score" and path:
            set_cell(path, AAR_RESULTS, row, ("points",), value % 7)
        elif op == "place" and path:
            set_cell(path, AAR_RESULTS, row, ("place",), f"={1 + value % 3}")
        elif op == "spelling" and path:
            old = get_cell(path, AAR_RESULTS, row, ("name",))
            set_cell(path, AAR_RESULTS, row, ("name",), f"{old}x" if old else "Nyt Navn")
        elif op == "rename" and path:
            move(self.folder, rel, str(Path(rel).with_name(f"r{value} {Path(rel).name}")))
        elif op == "subfolder" and path:
            move(self.folder, rel, str(Path(rel).parent / f"sub{value % 3}" / Path(rel).name))
        elif op == "delete" and path and len(books) > 1:
            self.deleted[rel] = path.read_bytes()
            path.unlink()
        elif op == "restore" and self.deleted:
            back = sorted(self.deleted)[pick % len(self.deleted)]
            (self.folder / back).parent.mkdir(parents=True, exist_ok=True)
            (self.folder / back).write_bytes(self.deleted.pop(back))
            return f"restore {back}"
        elif op == "touch" and path:
            touch(path)
        elif op == "identical" and path:
            replace_identical(path)
        elif op == "revert" and path:
            orig = next((k for k in self.original if Path(k).name == Path(rel).name.split(" ", 1)[-1]
                         or Path(k).name == Path(rel).name), None)
            if orig is not None:
                path.write_bytes(self.original[orig])
        elif op == "error" and path:
            set_cell(path, AAR_RESULTS, row, ("place",), "anden")
        elif op == "gpts":
            set_setting(self.folder / "season.xlsx", ("gpts",), 4 + value % 4)
        elif op == "register":
            set_cell(self.folder / "season.xlsx", ("players",), 2 + value % 20, ("strength group",),
                     "ABCDEF"[value % 6])
        elif op == "season-revert":
            (self.folder / "season.xlsx").write_bytes(self.original["season.xlsx"])
        return f"{op} {rel} ({value})"


OPS = ("add", "score", "place", "spelling", "rename", "subfolder", "delete", "restore", "touch", "identical",
       "revert", "error", "gpts", "register", "season-revert")


@settings(max_examples=3, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
@given(hs.lists(hs.tuples(hs.sampled_from(OPS), hs.integers(0, 50), hs.integers(0, 50)), min_size=3, max_size=3))
def test_random_timelines_on_the_aarhus_season(steps):
    with tempfile.TemporaryDirectory() as tmp, pytest.MonkeyPatch.context() as mp:
        root = Path(tmp)
        mp.setenv("GPCALC_CACHE_DIR", str(root / "cache"))
        mp.delenv("GPCALC_NO_CACHE", raising=False)
        mp.setenv("GPCALC_WORKERS", "1")
        state = AarhusSeason(copy_sample(root, AARHUS, ("gpt/2012-",)))
        work = root / "out"
        _build(state.folder, work / "A")  # the first build fills the cache
        done = []
        for op, pick, value in steps:
            done.append(state.apply(op, pick, value))
            compare(state.folder, work, " → ".join(done))
