"""TRF reports, chess-results exports and rating lists inside a season folder, and `gpcalc import`.

The central check (issue 8): a season mixing templates, a TRF and a chess-results export gives the same standings
as the same data typed into templates — and rating lists in ratings/ give the same standings as the register.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pandas as pd
from click.testing import CliRunner

from gpcalc import formats
from gpcalc.cli import main
from gpcalc.formats import trf
from gpcalc.issues import Issues
from gpcalc.pipeline import compute
from tests.builders import acf_tournament, make_season, write_book
from tests.test_formats import player_line

SEASON = {"Circuit": "acf", "Season": "2005"}
REGISTER = [["ID", "Name", "ACF rating", "FIDE rating", "State"],
            ["3200001", "Smith, Ann", 1850, None, "NSW"],
            ["3200002", "Brown, Bob", 2150, None, "VIC"],
            ["3200003", "Jones, Cy", None, 1900, "QLD"],  # FIDE-only < 2000: cl. 12(1)(b)
            ["3200004", "Lee, Di", 1500, None, "WA"],
            ["3200005", "Ng, Ed", None, None, "SA"],  # unrated
            ["3200006", "Fox, Flo", 1550, None, "TAS"]]

# Tournament 2 as a TRF: Ann 3, Bob 2, Cy 2, Di 1½, Ed 1, Flo ½ (ranks after tiebreak: Bob ahead of Cy)
TRF_PLAYERS = [(1, "Smith, Ann", "w", 3200001, "1990/05/01", "3.0", 1), (2, "Brown, Bob", "m", 3200002, "1980", "2.0", 2),
               (3, "Jones, Cy", "m", 3200003, "1989/01/02", "2.0", 3), (4, "Lee, Di", "w", 3200004, "", "1.5", 4),
               (5, "Ng, Ed", "m", 3200005, "1992", "1.0", 5), (6, "Fox, Flo", "w", 3200006, "1991", "0.5", 6)]
TRF_TYPED = [["Open", "1", "Smith, Ann", "3200001", "F", dt.date(1990, 5, 1), None],
             ["Open", "=2", "Brown, Bob", "3200002", "M", 1980, None],
             ["Open", "=2", "Jones, Cy", "3200003", "M", dt.date(1989, 1, 2), None],
             ["Open", "4", "Lee, Di", "3200004", "F", None, None],
             ["Open", "5", "Ng, Ed", "3200005", "M", 1992, None],
             ["Open", "6", "Fox, Flo", "3200006", "F", 1991, None]]

# Tournament 3 as a chess-results export: Bob 5½, Di 5½ (blank Rk.), Ann 4½ (decimal comma), Ed 4, Flo 3½ (½)
EXPORT = [["Canberra Autumn Open 2005"], ["Final Ranking after 7 Rounds"], [],
          ["Rk.", "SNo", None, "Name", "sex", "FED", "Rtg", "FideID", "Club/City", "Pts.", "TB1"],
          [1, 1, "FM", "Brown, Bob", "m", "AUS", 2150, 3200002, "Melbourne", "5½", 30],
          [None, 4, None, "Lee, Di", "w", "AUS", 1500, 3200004, "Perth", "5,5", 30],
          [3, 2, None, "Smith, Ann", "w", "AUS", 1850, 3200001, "Sydney", "4,5", 28],
          [4, 5, None, "Ng, Ed", "m", "AUS", None, 3200005, "Adelaide", 4, 25],
          [5, 6, None, "Fox, Flo", "w", "AUS", 1550, 3200006, "Hobart", "3½", 20],
          [], ["Annotation:"], ["Tie Break1: Buchholz"]]
EXPORT_TYPED = [["Open", "=1", "Brown, Bob", "3200002", "M", None, None],
                ["Open", "=1", "Lee, Di", "3200004", "F", None, None],
                ["Open", "3", "Smith, Ann", "3200001", "F", None, None],
                ["Open", "4", "Ng, Ed", "3200005", "M", None, None],
                ["Open", "5", "Fox, Flo", "3200006", "F", None, None]]

T1 = acf_tournament("Sydney Summer Open", [
    ["Open", 1, "Smith, Ann", "3200001", "F", 1990, None], ["Open", 2, "Jones, Cy", "3200003", "M", 1989, None],
    ["Open", 3, "Ng, Ed", "3200005", "M", 1992, None]], start=dt.date(2005, 1, 15), prize_money=1000)
T2_SETTINGS = {"Name": "Brisbane Easter Cup", "Start": dt.date(2005, 3, 25), "End": dt.date(2005, 3, 27),
               "State": "QLD", "Capital city": "Yes", "Prize money": 2600, "Registered": dt.date(2004, 11, 1),
               "Reported": dt.date(2005, 4, 1)}
T3_SETTINGS = {"Name": "Canberra Autumn Open 2005", "Start": dt.date(2005, 4, 9), "End": dt.date(2005, 4, 10),
               "State": "ACT", "Capital city": "Yes", "Prize money": 1600, "Registered": dt.date(2004, 12, 1),
               "Reported": dt.date(2005, 4, 15)}
HEAD = ["Section", "Place", "Name", "ID", "Sex", "Born", "State"]


def trf_text(name="Brisbane Easter Cup", start="2005/03/25") -> str:
    lines = [f"012 {name}", "022 Brisbane", f"042 {start}", "052 2005/03/27", "XXR 3"]
    lines += [player_line(s, n, sex=x, fide_id=i, fed="AUS", born=b, points=p, rank=r)
              for s, n, x, i, b, p, r in TRF_PLAYERS]
    return "\r\n".join(lines) + "\r\n"


def typed_season(root: Path, register=REGISTER) -> Path:
    return make_season(root, SEASON, sheets={"Players": register}, name="typed", tournaments={
        "t1.xlsx": T1,
        "t2.xlsx": {"Tournament": T2_SETTINGS, "Results": [HEAD, *TRF_TYPED]},
        "t3.xlsx": {"Tournament": T3_SETTINGS, "Results": [HEAD, *EXPORT_TYPED]}})


def mixed_season(root: Path, register=REGISTER, name="mixed") -> Path:
    folder = make_season(root, SEASON, sheets={"Players": register}, name=name, tournaments={"t1.xlsx": T1})
    (folder / "events").mkdir()
    (folder / "events" / "brisbane.trf").write_bytes(trf_text().encode("latin-1"))
    # the sidecar: only the Tournament sheet, without Name/Start/End (the TRF header gives them)
    write_book(folder / "events" / "brisbane.xlsx", {"Tournament": {
        k: v for k, v in T2_SETTINGS.items() if k not in ("Start", "End")} | {"Name": "Brisbane Easter Cup"}})
    write_book(folder / "canberra.xlsx", {"Final Ranking": EXPORT, "Tournament": T3_SETTINGS})
    return folder


def standings(folder: Path) -> pd.DataFrame:
    result = compute(folder)
    assert result.outcome is not None, [i.text() for i in result.issues.errors]
    s = result.outcome.standings
    return s[["ranking", "rank", "tied", "id", "total"]].sort_values(["ranking", "rank", "id"]).reset_index(drop=True)


def test_mixed_season_equals_typed_season(tmp_path):
    """Issue 8 (6): TRF + chess-results + template = the same data typed into templates."""
    typed, mixed = standings(typed_season(tmp_path)), standings(mixed_season(tmp_path))
    pd.testing.assert_frame_equal(typed, mixed)
    # sanity on the numbers: Brisbane is Class 3 (prize money 2600 ≥ 2500, cl. 6); Open: Ann 1st (20);
    # Bob and Cy share 2nd–3rd — but Cy is FIDE-only 1900 (cl. 12(1)(b)), not Open-eligible, so Bob alone is
    # 2nd in the Open list (15), Di 3rd (12), Ed 4th (9), Flo 5th (6).
    result = compute(mixed_season(tmp_path, name="again"))
    ledger = result.outcome.ledger
    bris = ledger[(ledger["tournament"] == "Brisbane Easter Cup") & (ledger["ranking"] == "Open")]
    assert dict(zip(bris["id"], bris["points"])) == {"3200001": 20, "3200002": 15, "3200004": 12,
                                                      "3200005": 9, "3200006": 6}


def test_mixed_season_reads_without_errors(tmp_path):
    result = compute(mixed_season(tmp_path))
    assert not result.issues.errors
    t = result.season.tournaments.set_index("tournament")
    assert t.loc["Brisbane Easter Cup", "start"] == dt.date(2005, 3, 25)  # from the TRF header
    assert t.loc["Brisbane Easter Cup", "file"] == "events/brisbane.trf"
    assert "Canberra Autumn Open 2005" in t.index


def test_ratings_folder_equals_register(tmp_path):
    """ACF cl. 11: ACF December list (a ratings table) first, then the FIDE January list."""
    bare = [["ID", "Name", "State"], *[[r[0], r[1], r[4]] for r in REGISTER[1:]]]
    folder = mixed_season(tmp_path, register=bare, name="lists")
    (folder / "ratings").mkdir()
    (folder / "ratings" / "acf-december-2004.csv").write_text(
        "ACF ID,Name,Rating\n3200001,\"Smith, Ann\",1850\n3200002,\"Brown, Bob\",2150\n3200004,\"Lee, Di\",1500\n"
        "3200006,\"Fox, Flo\",1550\n", encoding="utf-8")
    src = (Path(__file__).parent / "data" / "formats" / "fide-standard-list.txt").read_text("latin-1")
    header = src.splitlines()[0].replace("JAN23", "JAN05")
    cy = "3200003".ljust(15) + "Jones, Cy".ljust(61) + "AUS M" + " " * 32 + "1900  0   20 1989"
    bob = "3200002".ljust(15) + "Brown, Bob".ljust(61) + "AUS M" + " " * 32 + "2222  9   20 1980"
    (folder / "ratings" / "fide-jan-2005.txt").write_text("\r\n".join([header, cy, bob]) + "\r\n", "latin-1")
    pd.testing.assert_frame_equal(standings(typed_season(tmp_path)), standings(folder))
    season = compute(folder).season
    assert not [i for i in season.issues.warnings if i.code == "no-ratings"]


def test_fide_list_of_the_wrong_month_warns(tmp_path):
    folder = mixed_season(tmp_path)
    (folder / "ratings").mkdir()
    (folder / "ratings" / "standard.txt").write_bytes(
        (Path(__file__).parent / "data" / "formats" / "fide-standard-list.txt").read_bytes())
    codes = [(i.code, i.file) for i in compute(folder).issues]
    assert ("fide-list-month", "ratings/standard.txt") in codes


def test_trf_without_sidecar_is_an_error_naming_the_file(tmp_path):
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    (folder / "open.trf").write_text(trf_text(), encoding="utf-8")
    result = compute(folder)
    errors = [(i.code, i.file) for i in result.issues.errors]
    assert errors == [("trf-no-sidecar", "open.trf")]


def test_damaged_trf_in_a_season_is_refused_with_its_line(tmp_path):
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    lines = trf_text().split("\r\n")
    cy = next(i for i, ln in enumerate(lines) if "Jones, Cy" in ln)  # 0-based 7 → line 8
    lines[cy] = lines[cy][:80] + " 2.x" + lines[cy][84:]
    text = "\r\n".join(lines)
    (folder / "open.trf").write_text(text, encoding="utf-8")
    write_book(folder / "open.xlsx", {"Tournament": T2_SETTINGS})
    errors = [(i.code, i.file, i.cell) for i in compute(folder).issues.errors]
    assert ("trf-bad-points", "open.trf", "line 8") in errors


def test_sidecar_with_results_wins_over_the_trf(tmp_path):
    """`gpcalc import` + completing the workbook beside the TRF never counts the tournament twice."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    (folder / "open.trf").write_text(trf_text(), encoding="utf-8")
    write_book(folder / "open.xlsx", {"Tournament": T2_SETTINGS, "Results": [HEAD, *TRF_TYPED]})
    result = compute(folder)
    assert not result.issues.errors
    assert len(result.season.tournaments) == 1
    assert [i.code for i in result.issues if i.file == "open.trf"] == ["trf-superseded"]


def test_is_foreign(tmp_path):
    folder = mixed_season(tmp_path)
    assert formats.is_foreign(folder / "events" / "brisbane.trf")
    assert formats.is_foreign(folder / "events" / "brisbane.xlsx")  # the sidecar
    # an export is read as a workbook first; export_fallback takes it over (one open per ordinary workbook)
    assert not formats.is_foreign(folder / "canberra.xlsx")
    assert not formats.is_foreign(folder / "t1.xlsx")
    assert not formats.is_foreign(folder / "season.xlsx")


def test_import_trf_writes_a_filled_template(tmp_path):
    src = tmp_path / "brisbane.trf"
    src.write_text(trf_text(), encoding="utf-8")
    out = tmp_path / "brisbane.xlsx"
    res = CliRunner().invoke(main, ["import", str(src), "-c", "acf", "-o", str(out)])
    assert res.exit_code == 0, res.output
    # the written template reads back as a tournament workbook with the TRF's players and shared places
    from gpcalc.read import read_book

    book = read_book(out, "brisbane.xlsx", Issues())
    rows = book.sheets["Results"].rows
    head = [str(v) for v in rows[0]]
    got = [dict(zip(head, r)) for r in rows[1:] if any(v not in (None, "") for v in r)]
    assert [g["Name"] for g in got] == [p[1] for p in TRF_PLAYERS]
    assert [str(g["Place"]) for g in got] == ["1", "=2", "=2", "4", "5", "6"]
    settings = {r[0]: r[1] for r in book.sheets["Tournament"].rows[1:] if r and r[0]}
    assert settings["Name"] == "Brisbane Easter Cup" and settings["Circuit"] == "acf"
    # completed in Excel (here: the settings the TRF lacks), it counts like the typed workbook
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER}, name="s", tournaments={"t1.xlsx": T1})
    from openpyxl import load_workbook

    wb = load_workbook(out)
    ws = wb["Tournament"]
    for r in range(2, ws.max_row + 1):
        key = ws.cell(r, 1).value
        if key in T2_SETTINGS and ws.cell(r, 2).value in (None, ""):
            ws.cell(r, 2, value=T2_SETTINGS[key])
    wb.save(folder / "brisbane.xlsx")
    write_book(folder / "t3.xlsx", {"Tournament": T3_SETTINGS, "Results": [HEAD, *EXPORT_TYPED]})
    assert not compute(folder).issues.errors
    pd.testing.assert_frame_equal(standings(folder), standings(typed_season(tmp_path)))


def test_import_chessresults_export(tmp_path):
    src = write_book(tmp_path / "export.xlsx", {"Final Ranking": EXPORT})
    out = tmp_path / "canberra.xlsx"
    res = CliRunner().invoke(main, ["import", str(src), "-c", "fecodaz", "-o", str(out)])
    assert res.exit_code == 0, res.output
    from gpcalc.read import read_book

    rows = read_book(out, "c.xlsx", Issues()).sheets["Results"].rows
    head = [str(v) for v in rows[0]]
    got = [dict(zip(head, r)) for r in rows[1:] if any(v not in (None, "") for v in r)]
    # FECODAZ keeps the tiebreak rank (Art. 3): Lee's blank Rk. shares Brown's 1 — left for the organiser
    assert [str(g["Place"]) for g in got] == ["=1", "=1", "3", "4", "5"]
    assert [g["Score"] for g in got] == [5.5, 5.5, 4.5, 4, 3.5]
    assert got[0]["Title"] == "FM" and got[0]["FIDE rating"] == 2150


def test_import_refuses_unknown_files(tmp_path):
    src = tmp_path / "notes.txt"
    src.write_text("hello", encoding="utf-8")
    res = CliRunner().invoke(main, ["import", str(src), "-c", "acf", "-o", str(tmp_path / "x.xlsx")])
    assert res.exit_code == 1 and "neither a TRF" in res.output
    assert not (tmp_path / "x.xlsx").exists()


def test_trf_module_reexported():
    assert trf.looks_like_trf  # the reader stays importable as gpcalc.formats.trf
