"""`gpcalc check` — "validate everything; print every problem" (README, Using it): a warning that depends on the
input alone is listed even when an error elsewhere stops the scoring, so a coordinator who fixes that error meets
no new warnings (found by a README walkthrough, 30 November: with one bad Place cell, the ACF sample's check lost
its registered-late, too-long, reported-late and junior-birth-year warnings, which were said while scoring).

Each bundled sample is copied, one Place cell of one tournament is made unreadable, and every warning the clean
sample's check prints about the other files must still be printed, word for word — except FECODAZ's Art. 2
compliance notes, which read the rows of every tournament at a stop and wait for the errors to be fixed.

The other side of the same rule (README, "one wrong value, one message"; found by a review of the change): no such
warning is drawn from a value that is itself an error — a file with errors gets none of them, nor does the season
when season.xlsx has one."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from gpcalc.cli import main

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"
PLACE_HEADERS = {"place", "plads", "puesto", "posición", "posicion", "pos"}
# FECODAZ's Art. 2 compliance notes (fecodaz.py _compliance): said only in a season without errors
WAITS = {"fecodaz-2009": {"closed-invalid", "entry-fee-range", "few-rounds", "no-stop", "no-sub14",
                          "registered-late", "rounds-a-day", "same-dates", "small-prize-fund"}}


def _warnings(out: str) -> dict[str, set[str]]:
    """The check's warning lines, by the file heading them."""
    found: dict[str, set[str]] = {}
    file = ""
    for line in out.splitlines():
        if line and not line.startswith(" "):
            file = line.strip()
        elif line.strip().startswith("warning:"):
            found.setdefault(file, set()).add(line.strip())
    return found


def _break_a_place(folder: Path) -> str:
    """Write 'second' into the first Place cell of the first tournament workbook that has a Place column."""
    for path in sorted(p for p in folder.rglob("*.xlsx") if p.name != "season.xlsx"):
        wb = openpyxl.load_workbook(path)
        for ws in wb.worksheets:
            for row in ws.iter_rows(min_row=1, max_row=4):
                for cell in row:
                    if isinstance(cell.value, str) and cell.value.strip().casefold() in PLACE_HEADERS:
                        ws.cell(row=cell.row + 1, column=cell.column, value="second")
                        wb.save(path)
                        return path.relative_to(folder).as_posix()
    raise AssertionError(f"no Place column in {folder}")


@pytest.mark.parametrize("sample", ["acf-2005", "aarhus-2012-13", "fecodaz-2009"])
def test_an_error_does_not_hide_the_other_warnings(tmp_path, monkeypatch, sample):
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")
    folder = tmp_path / sample
    shutil.copytree(SAMPLES / sample, folder, ignore=shutil.ignore_patterns("output"))
    clean = CliRunner().invoke(main, ["check", str(folder)])
    assert clean.exit_code == 0, clean.output
    broken_file = _break_a_place(folder)
    broken = CliRunner().invoke(main, ["check", str(folder)])
    assert broken.exit_code == 1, broken.output
    assert "is not a place" in broken.output
    before, after = _warnings(clean.output), _warnings(broken.output)
    waits = WAITS.get(sample, set())
    missing = {f: {x for x in w - after.get(f, set()) if x.rsplit("[", 1)[-1].rstrip("]") not in waits}
               for f, w in before.items() if f != broken_file}
    assert not any(missing.values()), missing


def test_a_bad_points_row_is_listed_beside_another_error(tmp_path, monkeypatch):
    """ACF's optional Points class table (season.xlsx) is checked with the input, not only while scoring: a bad
    row is reported even when a tournament's error stops the scoring — both errors in one check."""
    from builders import acf_tournament, make_season

    monkeypatch.setenv("GPCALC_NO_CACHE", "1")
    points = [["Class", 1, 2, 3, 4, 5], ["x", 12, 9, 6, 4, 3]]
    tours = {"a.xlsx": acf_tournament("A", [["", "second", "Ann Lee", "1", "F", 1990, "NSW"]])}
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [["ID", "Name"]], "Points": points}, tournaments=tours)
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    assert "Place: 'second' is not a place" in res.output
    assert "Points: 'x' is not a class number" in res.output


def _issues(folder: Path) -> list[tuple[str, str, str, str]]:
    from gpcalc.season import load_season

    return [(i.severity, i.code, i.file, i.cell) for i in load_season(folder, use_cache=False).issues.items]


def _acf(tmp_path, rows, head=None, season="2005", **tour):
    import datetime as dt

    from builders import acf_tournament, make_season

    t = acf_tournament("A", rows, header=head, prize_money=3000, start=dt.date(2005, 7, 9), **tour)
    return make_season(tmp_path, {"Circuit": "acf", "Season": season},
                       sheets={"Players": [["ID", "Name"]], "Prizes": [["Division", "Place", "Value"]]},
                       tournaments={"a.xlsx": t})


def test_no_compliance_note_from_a_date_that_is_an_error(tmp_path):
    """End typed a year early (2004-07-10 for a 2005-07-09 start): the dates error only — not also 'outside the
    season' (cl. 2) and 'reported 370 days late' (cl. 5(2)) drawn from the wrong End."""
    import datetime as dt

    got = _issues(_acf(tmp_path, [["", 1, "Ann Lee", "1", "F", 1970, "NSW"]], end=dt.date(2004, 7, 10),
                       reported=dt.date(2005, 7, 15)))
    assert [c for s, c, f, _ in got if f == "a.xlsx" and s != "info"] == ["dates-backwards"]


@pytest.mark.parametrize("head, junior", [(["Section", "Place", "Nmae", "ID", "Sex", "Born", "State"], None),
                                          (["Section", "Place", "Name", "ID", "Sex", "Born", "State", "Junior"],
                                           "Yess")])
def test_no_junior_year_note_beside_an_error_in_its_file(tmp_path, head, junior):
    """cl. 1's bare-birth-year note is not said in a workbook with errors: not about a nameless 'nan' player when
    the Name header is misspelled, nor advising 'Junior = Yes/No' beside a Junior cell that is the error."""
    row = ["", 1, "Ann Lee", "1", "F", 1987, "NSW"] + ([junior] if junior else [])
    got = _issues(_acf(tmp_path, [row], head=head))
    assert [c for s, c, f, _ in got if s == "error"] == ["missing-column" if junior is None else "bad-value"]
    assert "junior-birth-year" not in [c for _, c, _, _ in got]


def test_a_season_year_out_of_range_is_an_error_not_a_crash(tmp_path):
    """Season '0001' (a typo) is an error at its cell; the checks that need the season's year are not run on it
    (it crashed: no date of year 0)."""
    got = _issues(_acf(tmp_path, [["", "zzz", "Ann Lee", "1", "F", 1970, "NSW"]], season="0001"))
    assert ("error", "bad-value", "season.xlsx") in [(s, c, f) for s, c, f, _ in got]
    res = CliRunner().invoke(main, ["check", str(tmp_path / "season")])
    assert res.exit_code == 1 and "internal error" not in res.output
    assert "Season: 1 is not a season's year (1900–2100)" in res.output


def test_a_setting_that_is_an_error_gets_no_second_message(tmp_path):
    """FECODAZ (the sample): SMMLV typed as text is a bad-value error; not also 'season.xlsx has no SMMLV'."""
    folder = tmp_path / "fecodaz"
    shutil.copytree(SAMPLES / "fecodaz-2009", folder, ignore=shutil.ignore_patterns("output"))
    wb = openpyxl.load_workbook(folder / "season.xlsx")
    ws = wb["Season"]
    cells = [row[1] for row in ws.iter_rows(min_row=1) if str(row[0].value or "").strip().casefold() == "smmlv"]
    assert cells, "the sample's season.xlsx has an SMMLV setting"
    cells[0].value = "quinientos mil"
    wb.save(folder / "season.xlsx")
    got = _issues(folder)
    assert ("error", "bad-value", "season.xlsx") in [(s, c, f) for s, c, f, _ in got]
    assert "no-smmlv" not in [c for _, c, _, _ in got]


def test_a_blank_section_beside_a_workbook_without_sections_is_an_error_not_a_crash(tmp_path):
    """ACF cl. 13(2): one blank Section cell in a tournament of two sections, beside a workbook with no Section
    column, is `blank-section` — the section keys met None and NaN for blank and crashed (InvalidIndexError)."""
    import datetime as dt

    from builders import acf_tournament, make_season

    a = acf_tournament("A Open", [["Open", 1, "Ann Lee", "1", "F", 1970, "NSW"], [None, 2, "Bob Ray", "2", "M", 1970,
                                                                               "NSW"],
                                  ["Minor", 1, "Cy Ng", "3", "M", 1970, "NSW"]],
                       sections=[["Open", "Open"], ["Minor", "U1600"]])
    b = acf_tournament("B Open", [[1, "Ann Lee", "1", "F", 1970, "NSW"]],
                       header=["Place", "Name", "ID", "Sex", "Born", "State"], start=dt.date(2005, 4, 5))
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments={"a.xlsx": a, "b.xlsx": b})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1 and "internal error" not in res.output
    assert "[blank-section]" in res.output


def test_a_section_column_left_out_of_a_tournament_with_sections_is_a_missing_column(tmp_path):
    """ACF cl. 13(2) and README "What bad input gets" (the cell named is where the fix goes): a workbook whose
    Sections sheet lists two sections and whose Results sheet has no Section column said "Section is blank" at
    A2 — a Place cell. Now one `missing-column` error at the header row naming the sections."""
    import datetime as dt

    from builders import acf_tournament, make_season

    a = acf_tournament("A Open", [[1, "Ann Lee", "1", "F", 1970, "NSW"], [2, "Bob Ray", "2", "M", 1970, "NSW"]],
                       header=["Place", "Name", "ID", "Sex", "Born", "State"],
                       sections=[["Open", "Open"], ["Minor", "U1600"]], start=dt.date(2005, 4, 5))
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments={"a.xlsx": a})
    from gpcalc.pipeline import compute

    got = [(i.code, i.file, i.sheet, i.cell, i.message) for i in compute(folder, use_cache=False).issues.errors]
    assert got == [("missing-column", "a.xlsx", "Results", "A1", "the Results sheet has no Section column, but the "
                    "Sections sheet lists 2 sections (Minor, Open)")]
