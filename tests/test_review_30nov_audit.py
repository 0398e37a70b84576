"""Review of the 30 November changes (git diff 5888d86..HEAD -- gpcalc): one message per cell (gpcalc.issues),
#N/A as excel-error only, `Circuit.unplaced` in the place checks, the Aarhus Age groups guard, `unknown-circuit`,
ACF `reported-before-start`, continuation sheets and `_sheet_title` (report/xlsx.py), and the chess-results
'Name merged over the title column' heuristic.

Defects found (all fixed the same day; their tests now pass): several missing settings or columns reported at one
placeholder cell lost all but the first message (ABOUT_PLACE in gpcalc.issues); a blank Section/Group still got
false place errors (`unplaced` marks it); the Age groups guard needed the sheet's English name; reported-before-start
was missing from the Tournaments sheet's warnings (now a cl. 5(2) compliance note); the print header lost the
sheet's name under a long season title; continuation notes piled up from sheet to sheet.
The continuation sheets are exercised at their real code path with the sheet limits lowered
(``report.xlsx.EXCEL_ROWS`` / ``EXCEL_COLS`` are module constants read at call time), so a 17-tournament sample
season spills over like a season of a million ledger rows would.

Run: ``python -m pytest -p no:cacheprovider -n 0 -q tests/test_review_30nov_audit.py``
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import shutil
import zipfile
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
import xlsxwriter
from click.testing import CliRunner

from gpcalc.cli import main
from gpcalc.formats.chessresults import parse_export
from gpcalc.issues import Issues
from gpcalc.pipeline import compute
from gpcalc.report import xlsx as report
from tests.builders import aarhus_book, aarhus_folder, acf_folder, acf_tournament, make_season, reg, row

D = dt.date
SAMPLE = Path(__file__).resolve().parent.parent / "sample_data" / "acf-2005"
FIXED = ["Rank", "Player", "ID", "State", "Rating", "Rating source", "Total"]  # an ACF standings sheet's own


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")


def _errors(folder: Path) -> list:
    res = compute(folder, use_cache=False)
    return [i for i in res.issues if i.severity == "error"]


def _sample(tmp_path: Path) -> Path:
    dst = tmp_path / "acf-2005"
    shutil.copytree(SAMPLE, dst, ignore=shutil.ignore_patterns("output"))
    return dst


def _build(folder: Path, out: Path, *extra: str):
    res = CliRunner().invoke(main, ["build", str(folder), "-o", str(out), "--json", str(out.with_suffix(".json")),
                                    *extra])
    assert res.exit_code == 0, res.output
    return json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))


def _parts(wb, base: str) -> list:
    """The sheet `base` and its continuation sheets "<base> (2)" …, in workbook order."""
    return [ws for ws in wb.worksheets if ws.title == base or ws.title.startswith(f"{base} (")]


# ============================================================ one wrong value, one message (gpcalc/issues.py)


def test_every_missing_setting_is_reported(tmp_path):
    """CONTRACT 'gpcalc check FOLDER  validate everything; print every problem'; README: once a cell has an
    error, later checks say nothing more *about that cell* — a second missing setting is not about that cell."""
    book = acf_tournament("Open", [row("Open", 1, "Ann"), row("Open", 2, "Bob")])
    del book["Tournament"]["State"], book["Tournament"]["Capital city"]
    errs = _errors(acf_folder(tmp_path, {"open.xlsx": book}, players=[reg("Ann", 1800), reg("Bob", 1700)]))
    missing = sorted(i.message for i in errs if i.code == "missing-setting")
    assert len(missing) == 2 and "Capital city" in missing[0] and "State" in missing[1], missing


def test_every_missing_column_is_reported(tmp_path):
    """CONTRACT 'gpcalc check … print every problem'; README bad-input table: the required column 'Name' / a
    misspelled header are each `missing-column` at Results!A1."""
    book = acf_tournament("Open", [["1", "M"], ["2", "F"]], header=["ID", "Sex"])
    errs = _errors(acf_folder(tmp_path, {"open.xlsx": book}))
    missing = sorted(i.message for i in errs if i.code == "missing-column")
    assert len(missing) == 2 and "'Name'" in missing[0] and "'Place'" in missing[1], missing


def test_unreadable_place_is_one_message_and_other_cells_still_reported(tmp_path):
    """README 'One wrong value, one message': an unreadable Place is not also a place-skipped error; a second
    wrong value in another cell of the same row is still its own error."""
    rows = [row("Open", 1, "Ann"), ["Open", "second", "Bob", "Bob", "X", 1970, "NSW"], row("Open", 3, "Cat")]
    errs = _errors(acf_folder(tmp_path, {"open.xlsx": acf_tournament("Open", rows)}))
    assert sorted((i.cell, i.code) for i in errs) == [("B3", "bad-value"), ("E3", "bad-value")]


# ============================================================ place checks and Circuit.unplaced


def test_mistyped_section_is_one_message(tmp_path):
    """README 'One wrong value, one message': the rows of a section that does not exist (`unknown-section`) are
    left out of the place checks — no false 'place N is missing' in the real section."""
    rows = [row("Open", 1, "Ann"), row("Open", 2, "Bob"), row("Minor", 1, "Dan"), row("Minr", 2, "Eve"),
            row("Minor", 3, "Fay")]
    book = acf_tournament("Cup", rows, sections=[["Open", "Open"], ["Minor", "U1600"]])
    errs = _errors(acf_folder(tmp_path, {"cup.xlsx": book}))
    assert [(i.code, i.cell) for i in errs] == [("unknown-section", "A5")]


def test_blank_section_gets_no_false_place_errors(tmp_path):
    """README 'One wrong value, one message' (rows no section can place are left out of the place checks; their
    tournament gets no 'place N is missing'); ACF blank-section is that case with the section left blank."""
    rows = [row("Open", 1, "Ann"), row("Open", 2, "Bob"), row("Minor", 1, "Dan"), row(None, 2, "Eve"),
            row("Minor", 3, "Fay")]
    book = acf_tournament("Cup", rows, sections=[["Open", "Open"], ["Minor", "U1600"]])
    errs = _errors(acf_folder(tmp_path, {"cup.xlsx": book}))
    assert [(i.code, i.cell) for i in errs] == [("blank-section", "A5")]


def test_blank_aarhus_group_gets_no_false_place_errors(tmp_path):
    """README 'One wrong value, one message'; Aarhus validate: a blank Group in a GPT is `missing-group` at its
    cell — the row can be placed in no group, like a `bad-group` row."""
    rows = [["C", 1, "Aske Bo", "ASF", 1999, "M", 5, 7], [None, 2, "Bo Ask", "ASF", 1999, "M", 4, 7],
            ["C", 3, "Cille Dam", "ASF", 1999, "F", 3, 7]]
    folder = aarhus_folder(tmp_path, {"g1.xlsx": aarhus_book("GPT 1", D(2012, 9, 22), [["C", 7]], rows)})
    assert [(i.code, i.cell) for i in _errors(folder)] == [("missing-group", "A3")]


# ============================================================ Aarhus Age groups guard (aarhus._check_age_table)

AGE_GROUPS = [["Group", "Born from", "Born to"], ["A", 1993, 1996], ["B", 1997, 1998], ["C", 1999, 2000],
              ["D", 2001, 2002], ["E", 2003, 2004], ["G", 2005, None]]  # 'G': a typo for F


def _age_season(tmp_path: Path, sheet: str) -> Path:
    rows = [["C", 1, "Aske Bo", "ASF", 1999, "M", 5, 7], ["C", 2, "Bo Ask", "ASF", 1999, "M", 4, 7]]
    return aarhus_folder(tmp_path, {"g1.xlsx": aarhus_book("GPT 1", D(2012, 9, 22), [["C", 7]], rows)},
                         sheets={sheet: AGE_GROUPS})


def test_age_groups_typo_is_one_message(tmp_path):
    """README: an Aarhus Age groups sheet with an unreadable cell gets no gap or overlap errors."""
    errs = _errors(_age_season(tmp_path, "Age groups"))
    assert [(i.code, i.sheet, i.cell) for i in errs] == [("bad-value", "Age groups", "A7")]


@pytest.mark.parametrize("sheet", ["Aldersgrupper", "Age Groups"])
def test_age_groups_typo_is_one_message_whatever_the_sheet_is_called(tmp_path, sheet):
    """README 'One wrong value, one message' (Age groups); CONTRACT: names matched case-insensitively, Danish
    aliases accepted (SheetSpec 'Age groups', aliases=('Aldersgrupper',))."""
    errs = _errors(_age_season(tmp_path, sheet))
    assert [(i.code, i.sheet, i.cell) for i in errs] == [("bad-value", sheet, "A7")]


# ============================================================ unknown-circuit (season.py)


def test_circuit_cell_typo_is_unknown_circuit_and_case_is_ignored(tmp_path):
    """README: a Circuit cell naming no circuit gpcalc knows is `unknown-circuit`, listing acf, fecodaz, aarhus;
    CONTRACT: values matched case-insensitively — 'ACF' in an ACF season is fine."""
    ok = acf_tournament("Open", [row("Open", 1, "Ann")], Circuit="ACF")
    typo = acf_tournament("Cup", [row("Open", 1, "Ann")], Circuit="acff", start=D(2005, 6, 1))
    errs = _errors(acf_folder(tmp_path, {"open.xlsx": ok, "cup.xlsx": typo}))
    assert [(i.file, i.code) for i in errs] == [("cup.xlsx", "unknown-circuit")]
    assert "acf, fecodaz, aarhus" in errs[0].message and errs[0].cell.startswith("B")


# ============================================================ ACF reported-before-start


def test_reported_before_start_shows_on_the_tournaments_sheet(tmp_path):
    """README ACF Compliance (cl. 4, 5) are warnings … Ruling: a Reported date before the start is a warning
    (`reported-before-start`); the Tournaments sheet lists each tournament's compliance warnings."""
    book = acf_tournament("Open", [row("Open", 1, "Ann"), row("Open", 2, "Bob")], start=D(2005, 3, 5),
                          reported=D(2005, 3, 1))
    folder = acf_folder(tmp_path, {"open.xlsx": book}, players=[reg("Ann", 1800), reg("Bob", 1700)])
    _build(folder, tmp_path / "o.xlsx")
    ws = openpyxl.load_workbook(tmp_path / "o.xlsx")["Tournaments"]
    header = [c.value for c in ws[2]]
    warnings = ws.cell(row=3, column=header.index("Warnings") + 1).value
    assert warnings and "before" in warnings.lower(), warnings


# ============================================================ report/xlsx.py: continuation sheets and titles


def test_long_ledger_continues_on_sheets_with_header_filter_and_print_titles(tmp_path, monkeypatch):
    """README 'The output workbook': a table longer than a sheet holds goes on in "Ledger (2)" … right after it,
    each with the title, note and header; every table sheet has a frozen header row, filters and print set-up.
    Nothing is lost: the sheets together hold the JSON's ledger and standings."""
    monkeypatch.setattr(report, "EXCEL_ROWS", 40)
    data = _build(_sample(tmp_path), tmp_path / "o.xlsx")
    wb = openpyxl.load_workbook(tmp_path / "o.xlsx")
    names = wb.sheetnames
    ledger = _parts(wb, "Ledger")
    assert len(ledger) > 2 and [ws.title for ws in ledger][1] == "Ledger (2)"
    assert names.index("Ledger (2)") == names.index("Ledger") + 1 and names[-1] == "Issues"
    rows = []
    for ws in ledger:
        assert ws["A1"].value == data["title"] + " — ledger" and ws.freeze_panes == "A4"
        assert ws.auto_filter.ref == f"A3:{ws.cell(3, ws.max_column).column_letter}{ws.max_row}"
        assert ws.print_title_rows == "$3:$3" and ws.max_row <= 40
        rows += list(ws.iter_rows(min_row=4, values_only=True))
    assert len(rows) == len(data["ledger"])
    open_rows = [r for ws in _parts(wb, "Open") for r in ws.iter_rows(min_row=4, values_only=True)]
    js = [s for s in data["standings"] if s["ranking"] == "Open"]
    assert [r[1] for r in open_rows] == [s["name"] for s in js]
    assert [r[6] for r in open_rows] == pytest.approx([s["total"] for s in js])


def test_wide_grid_continues_with_every_result_once(tmp_path, monkeypatch):
    """README 'The output workbook': a standings grid of more tournaments than a sheet has columns goes on in
    "Open (2)" …, repeating the player columns; green = counted, grey struck-through = dropped."""
    monkeypatch.setattr(report, "EXCEL_COLS", len(FIXED) + 5)
    data = _build(_sample(tmp_path), tmp_path / "o.xlsx")
    wb = openpyxl.load_workbook(tmp_path / "o.xlsx")
    for ranking in ("Open", "U1600", "Women"):
        got = {}
        parts = _parts(wb, ranking)
        assert len(parts) > 1
        for ws in parts:
            head = [c.value for c in ws[3]]
            assert head[:len(FIXED)] == FIXED and ws.freeze_panes == "C4"
            for cells in ws.iter_rows(min_row=4):
                for h, c in zip(head[len(FIXED):], cells[len(FIXED):]):
                    if c.value is not None:
                        assert (cells[1].value, h) not in got
                        got[cells[1].value, h] = (c.value, bool(c.font.strike))
        want = {(s["name"], r["tournament"]): (r["points"], not r["counted"])
                for s in data["standings"] if s["ranking"] == ranking for r in s["results"]}
        assert got.keys() == want.keys()
        assert all(got[k][0] == pytest.approx(v[0]) and got[k][1] == v[1] for k, v in want.items())


def test_continuation_sheets_build_byte_identical_warm_and_cold(tmp_path, monkeypatch):
    """README: identical input gives a byte-identical workbook (the row store reuses the last build's pieces:
    a continuation sheet must not pick up another part's rows)."""
    monkeypatch.delenv("GPCALC_NO_CACHE")
    monkeypatch.setattr(report, "EXCEL_ROWS", 40)
    folder = _sample(tmp_path)
    for name, extra in (("cold.xlsx", ("--no-cache",)), ("a.xlsx", ()), ("b.xlsx", ())):
        _build(folder, tmp_path / name, *extra)
    digests = {hashlib.sha256((tmp_path / n).read_bytes()).hexdigest() for n in ("cold.xlsx", "a.xlsx", "b.xlsx")}
    assert len(digests) == 1


def test_third_part_note_names_only_the_sheet_before(tmp_path, monkeypatch):
    """README: a long table goes on in "Ledger (2)", "Ledger (3)" …, each with the title, note and header."""
    monkeypatch.setattr(report, "EXCEL_ROWS", 10)
    path = tmp_path / "t.xlsx"
    wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "strings_to_formulas": False})
    report.write_table(wb, wb.add_worksheet("Ledger"), report.Styles(wb, 2), pd.DataFrame({"points": np.ones(20)}),
                       [("points", "Points", "points")], title="T — ledger", note="Every award.")
    wb.close()
    with zipfile.ZipFile(path) as z:
        assert "Ledger (3)" in z.read("xl/workbook.xml").decode()
    notes = {ws.title: ws["A2"].value for ws in openpyxl.load_workbook(path).worksheets}
    assert "'Ledger (2)'" in notes["Ledger (3)"] and "'Ledger'" not in notes["Ledger (3)"], notes["Ledger (3)"]


def test_print_header_keeps_the_sheet_name_with_a_long_title(tmp_path):
    """README: a season title too long is cut with an ellipsis so that each sheet's own title ("— ledger")
    stays; every sheet prints with its title in the header."""
    title = ("Australian Chess Federation Grand Prix 2005 — the national circuit of weekend and open "
             "tournaments, all States and Territories")
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005", "Title": title},
                         tournaments={"a.xlsx": acf_tournament("Open", [row("Open", 1, "Ann", pid="1")])})
    _build(folder, tmp_path / "o.xlsx")
    wb = openpyxl.load_workbook(tmp_path / "o.xlsx")
    for name, part in (("Open", "Open"), ("U2000", "U2000"), ("Ledger", "ledger")):
        header = wb[name].oddHeader.left.text
        assert header.endswith(f"— {part}"), (name, header)


# ============================================================ chess-results: 'Name' merged over title and names


def _export(head: list, rows: list) -> pd.DataFrame:
    issues = Issues()
    out = parse_export([("Ranking", [["Open 2024"], ["Final Ranking after 5 Rounds"], head, *rows])], "x.xlsx",
                       issues)
    assert not issues.errors, [i.text() for i in issues]
    return out.players


def test_merged_name_header_without_any_titled_player(tmp_path):
    """README: a `Name` label merged over the unlabelled title column and the names is read as it looks: titles
    from the first column, names from the second — also in an event where no one has a title (school chess)."""
    head = ["Rk.", "SNo", "Name", None, "FED", "Rtg", "Club/City", "Pts.", "TB1"]
    players = _export(head, [[1, 2, None, "Bo, Aske", "DEN", 1400, "ASF", 4.5, 10],
                             [2, 1, None, "Dam, Cille", "DEN", 1300, "ASF", 4, 9],
                             [3, 3, None, "Fog, Emil", "DEN", 1200, "SK 1968", 3, 8]])
    assert players["name"].tolist() == ["Bo, Aske", "Dam, Cille", "Fog, Emil"]
    assert players["title"].isna().all()


def test_short_names_are_not_read_as_titles(tmp_path):
    """/work/shared/formats/README.md: an unlabelled title column before `Name`, columns mapped by header text —
    names as short as titles ('Li', 'Wu', 'Ng', 'IM') stay names."""
    head = ["Rk.", "SNo", None, "Name", "FED", "Rtg", "Club/City", "Pts.", "TB1"]
    players = _export(head, [[1, 3, "FM", "Li", "CHN", 2300, "X", 4.5, 10], [2, 1, None, "Wu", "CHN", 2200, "Y", 4, 9],
                             [3, 2, None, "Ng", "AUS", 2100, "Z", 3, 8], [4, 4, None, "IM", "AUS", 2000, "Z", 2, 7]])
    assert players["name"].tolist() == ["Li", "Wu", "Ng", "IM"]
    assert players["title"].tolist()[0] == "FM"
