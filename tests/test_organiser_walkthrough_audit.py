"""Findings of an organiser's template walkthrough (30 November, night): ~180 single mistakes typed into the three
templates, each checked and built. These tests pin the fixes, each with the input the walkthrough used.
(The same player twice with one row lacking an ID: tests/test_disputed_points_audit.py.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from gpcalc.pipeline import compute

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"acf": ("acf-2005", "ACT/Doeberl Cup 2005.xlsx"), "fecodaz": ("fecodaz-2009", "02-valle/mayores.xlsx"),
           "aarhus": ("aarhus-2012-13", "gpt/2012-09-22 GPT 1 Skåde.xlsx")}


def _copy(tmp_path: Path, circuit: str) -> tuple[Path, Path]:
    sample, book = SAMPLES[circuit]
    folder = tmp_path / sample
    shutil.copytree(ROOT / "sample_data" / sample, folder, ignore=shutil.ignore_patterns("output"))
    return folder, folder / book


@pytest.mark.parametrize("circuit", sorted(SAMPLES))
@pytest.mark.parametrize("new_name", ["Hoja1", "Results 2026", "Clasificación final"])
def test_a_renamed_results_sheet_is_named_not_read_as_an_export(tmp_path, circuit, new_name):
    # FECODAZ: a template's Results sheet renamed 'Hoja1' was read as a chess-results export — National rating,
    # FIDE rating and Withdrew dropped, exit 0, an IM first in Sub 1700, a withdrawal not sanctioned. ACF: "the
    # ranking has no points column" and a false "Section is blank". Now: the sheet is named, with the fix.
    folder, book = _copy(tmp_path, circuit)
    wb = openpyxl.load_workbook(book)
    results = next(n for n in wb.sheetnames if n.casefold() in ("results", "resultados", "resultater"))
    wb[results].title = new_name
    wb.save(book)
    res = compute(folder, use_cache=False)
    assert res.outcome is None
    errors = [i for i in res.issues.errors if i.file == book.relative_to(folder).as_posix()]
    assert [(i.code, i.sheet) for i in errors] == [("missing-sheet", new_name)], [i.text() for i in errors]
    assert f"rename the sheet '{new_name}' to Results" in errors[0].hint
    assert "no 'Results' sheet" in errors[0].message


def test_a_ranking_export_with_a_tournament_sheet_is_still_read_as_one(tmp_path):
    # The README's path for chess-results exports: the export's ranking sheet plus the template's Tournament
    # sheet. Its header names export columns only (Rk., Name, Rtg, Pts.): not taken for a renamed Results sheet.
    from builders import acf_folder, acf_tournament

    book = acf_tournament("Export Open", [])
    book.pop("Results")
    book["Final ranking"] = [["Rk.", "SNo", "Name", "sex", "FED", "Rtg", "Club/City", "Pts."],
                             [1, 2, "Smith, John", "", "AUS", 2100, "NSW", 5],
                             [2, 1, "Brown, Ann", "w", "AUS", 1900, "NSW", 4]]
    res = compute(acf_folder(tmp_path, {"export.xlsx": book}), use_cache=False)
    assert not [i for i in res.issues.errors if i.code == "missing-sheet"], [i.text() for i in res.issues.errors]
    assert set(res.season.results["name"]) >= {"Smith, John", "Brown, Ann"}


@pytest.mark.parametrize("mark", ["X", "Retirado", "Retiro"])
def test_a_bare_withdrawal_mark_is_an_error_not_a_lost_year_art6(tmp_path, mark):
    # 'X' or 'Retirado' in Withdrew was read as Yes — an unjustified withdrawal, which loses the player the whole
    # year (Art. 6) — without a word. It says the player withdrew, not whether it was justified (the committee's
    # decision): an error at the cell naming both choices and the consequence. Sí and Justificado still read.
    folder, book = _copy(tmp_path, "fecodaz")
    wb = openpyxl.load_workbook(book)
    ws = wb[next(n for n in wb.sheetnames if n.casefold().startswith("result"))]
    col = next(c.column for c in ws[1] if str(c.value or "").casefold().startswith("retir"))
    ws.cell(3, col).value = mark
    ws.cell(4, col).value = "Justificado"
    ws.cell(5, col).value = "Sí"
    wb.save(book)
    res = compute(folder, use_cache=False)
    bad = [i for i in res.issues.errors if i.code == "bad-value"]
    letter = openpyxl.utils.get_column_letter(col)
    assert [(i.sheet, i.cell) for i in bad] == [(ws.title, f"{letter}3")], [i.text() for i in res.issues.errors]
    assert f"'{mark}'" in bad[0].message and "Justified" in bad[0].hint and "loses the year" in bad[0].hint
