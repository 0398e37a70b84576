"""`gpcalc check` — "validate everything; print every problem" (README, Using it): a warning that depends on the
input alone is listed even when an error elsewhere stops the scoring, so a coordinator who fixes that error meets
no new warnings (found by a README walkthrough, 30 November: with one bad Place cell, the ACF sample's check lost
its registered-late, too-long, reported-late and junior-birth-year warnings, which were said while scoring).

Each bundled sample is copied, one Place cell of one tournament is made unreadable, and every warning the clean
sample's check prints about the other files must still be printed, word for word."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from gpcalc.cli import main

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"
PLACE_HEADERS = {"place", "plads", "puesto", "posición", "posicion", "pos"}


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
    missing = {f: w - after.get(f, set()) for f, w in before.items() if f != broken_file}
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
