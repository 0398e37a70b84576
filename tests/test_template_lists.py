"""Template drop-downs too long for Excel's inline list (255 characters): FECODAZ's Ranking setting offers its 22
rankings from a range of a hidden Lists sheet, which gpcalc never reads as input (CONTRACT: `Ranking` — the
ranking a national or team event feeds)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import openpyxl

from gpcalc import circuits
from gpcalc.pipeline import compute
from gpcalc.templates import LISTS_SHEET, write_template

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"


def _list_of(ws, cell: str):
    return next(dv for dv in ws.data_validations.dataValidation if dv.type == "list" and cell in str(dv.sqref).split())


def test_fecodaz_ranking_setting_has_a_dropdown_of_every_ranking(tmp_path):
    c = circuits.get("fecodaz")
    field = next(f for f in c.tournament_spec().fields if f.name == "Ranking")
    assert len(",".join(field.choices)) > 255  # (why it cannot be an inline list)
    wb = openpyxl.load_workbook(write_template(c, tmp_path / "t.xlsx"))
    ws = wb["Tournament"]
    row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "Ranking")
    dv = _list_of(ws, f"B{row}")
    m = re.fullmatch(r"'?Lists'?!\$([A-Z]+)\$1:\$\1\$(\d+)", dv.formula1)
    assert m, dv.formula1
    lists = wb[LISTS_SHEET]
    assert lists.sheet_state == "hidden" and wb.sheetnames[-1] == LISTS_SHEET  # after every sheet organisers fill
    values = [lists[f"{m.group(1)}{i}"].value for i in range(1, int(m.group(2)) + 1)]
    assert values == [*field.choices, *(v for v in field.listed if v not in field.choices)]
    # the short lists stay inline, as before
    kind_row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == "Kind")
    assert _list_of(ws, f"B{kind_row}").formula1 == '"Open,Closed,National,Team,Sub 14"'


def test_templates_without_a_long_list_have_no_lists_sheet(tmp_path):
    for name in ("acf", "aarhus"):
        wb = openpyxl.load_workbook(write_template(circuits.get(name), tmp_path / f"{name}.xlsx"))
        assert LISTS_SHEET not in wb.sheetnames, name


def test_a_tournament_workbook_keeping_the_lists_sheet_reads_as_without_it(tmp_path):
    # an organiser's workbook made from the template still has the hidden sheet: it adds no issue and no row
    folder = tmp_path / "season"
    shutil.copytree(SAMPLES / "fecodaz-2009", folder)
    before = compute(folder)
    book = sorted(p for p in folder.rglob("*.xlsx") if p.name != "season.xlsx")[0]
    wb = openpyxl.load_workbook(book)
    ws = wb.create_sheet(LISTS_SHEET)
    ws.sheet_state = "hidden"
    ranking = next(f for f in circuits.get("fecodaz").tournament_spec().fields if f.name == "Ranking")
    for i, v in enumerate(ranking.choices, start=1):  # (as the template holds them: a column of rankings)
        ws.cell(row=i, column=1, value=v)
    wb.save(book)
    after = compute(folder)
    assert [i.text() for i in after.issues.items] == [i.text() for i in before.issues.items]
    assert after.outcome.standings.equals(before.outcome.standings)
