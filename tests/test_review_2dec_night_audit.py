"""Findings of the 2 December (night) session.

- A sheet's note row (row 2) was written as one unwrapped line. The notes grew (which results count, each
  ranking's own M, the rulings behind a sheet): a FECODAZ standings note is ~525 characters. On screen it ran off to
  the right; in print it was cut at the print area — and the product bar asks for print-ready sheets that explain
  every number (DESIGN "formatted for people"). A note longer than the table's first columns are wide now wraps
  across them (a merged cell up to ~150 characters wide), its row as tall as its lines.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
import xlsxwriter
from click.testing import CliRunner

from gpcalc.cli import main
from gpcalc.report import sheetxml
from gpcalc.report import xlsx as report

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"
LONG = ("Green = counted result, grey struck-through = dropped result. =N marks a shared rank. Counted: each "
        "player's best max(1, floor(2M/3)) results in the ranking, M = its tournaments so far (Art. 3 item 6, "
        "ruling). Here M = 4: the best 2 count. A last word.")


def _table(path: Path, note: str, bulk: bool, monkeypatch, title: str = "T") -> None:
    with monkeypatch.context() as m:
        if not bulk:
            m.setattr(sheetxml, "supported", lambda ws: False)
        wb = xlsxwriter.Workbook(str(path), {"constant_memory": True})
        st = report.Styles(wb, 2)
        frame = pd.DataFrame({"name": ["Ana María Pérez", "Bo"], "club": ["Club de Ajedrez Bogotá", "X"],
                              "pts": [12.5, 3.0], "more": ["a", "b"], "other": ["c", "d"]})
        cols = [("name", "Player", "text"), ("club", "Club", "text"), ("pts", "Total", "total"),
                ("more", "More", "text"), ("other", "Other", "text")]
        report.write_table(wb, wb.add_worksheet("S"), st, frame, cols, title=title, note=note)
        wb.close()


def _widths(ws) -> list[float]:
    """Each column's width (a <col> element may set several columns: openpyxl lists it under the first)."""
    out = [8.43] * ws.max_column
    for dim in ws.column_dimensions.values():
        for c in range(dim.min or 1, min(dim.max or 0, ws.max_column) + 1):
            out[c - 1] = dim.width
    return out


def _lines_needed(note: str, width: float) -> int:
    return len(textwrap.wrap(note, width=max(1, int(width) - 1)))


@pytest.mark.parametrize("bulk", [True, False])
def test_a_long_note_wraps_across_the_tables_columns_whole_and_tall_enough(tmp_path, monkeypatch, bulk):
    path = tmp_path / "t.xlsx"
    _table(path, LONG, bulk, monkeypatch)
    ws = openpyxl.load_workbook(path)["S"]
    assert ws["A2"].value == LONG  # the whole note, in the first cell
    (merged,) = ws.merged_cells.ranges
    assert (merged.min_row, merged.max_row, merged.min_col, merged.max_col) == (2, 2, 1, 5)  # all five columns
    assert ws["A2"].alignment.wrap_text and ws["A2"].font.i
    width = sum(_widths(ws))
    assert len(LONG) > width  # (the case: longer than the table is wide)
    assert ws.row_dimensions[2].height >= 15 * _lines_needed(LONG, width)
    assert ws["A3"].value == "Player" and ws.freeze_panes == "A4"  # the header and the frozen rows as before


@pytest.mark.parametrize("bulk", [True, False])
def test_a_note_that_fits_stays_one_unmerged_line_and_no_title_puts_it_in_row_1(tmp_path, monkeypatch, bulk):
    path = tmp_path / "t.xlsx"
    _table(path, "a short note", bulk, monkeypatch)
    ws = openpyxl.load_workbook(path)["S"]
    assert ws["A2"].value == "a short note" and not ws.merged_cells.ranges
    assert not ws["A2"].alignment.wrap_text and ws.row_dimensions[2].height is None
    _table(path, LONG, bulk, monkeypatch, title="")
    ws = openpyxl.load_workbook(path)["S"]
    assert ws["A1"].value == LONG and [str(r) for r in ws.merged_cells.ranges] == ["A1:E1"]
    assert ws["A2"].value == "Player"


def test_both_writers_give_the_note_the_same_cells_merge_and_height(tmp_path, monkeypatch):
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    _table(a, LONG, True, monkeypatch)
    _table(b, LONG, False, monkeypatch)
    wa, wb_ = openpyxl.load_workbook(a)["S"], openpyxl.load_workbook(b)["S"]
    assert [str(r) for r in wa.merged_cells.ranges] == [str(r) for r in wb_.merged_cells.ranges]
    assert wa.row_dimensions[2].height == wb_.row_dimensions[2].height
    assert _widths(wa) == _widths(wb_)


@pytest.mark.parametrize("sample", ["acf-2005", "fecodaz-2009", "aarhus-2012-13"])
def test_every_sheets_note_in_the_samples_is_shown_whole_on_screen_and_in_print(tmp_path, sample):
    out = tmp_path / "s.xlsx"
    res = CliRunner().invoke(main, ["build", str(SAMPLES / sample), "-o", str(out)])
    assert res.exit_code == 0, res.output
    wb = openpyxl.load_workbook(out)
    checked = 0
    for ws in wb.worksheets:
        if ws.title == "Summary" or ws.max_row < 3:
            continue
        note = ws["A2"].value
        if not isinstance(note, str) or ws["A3"].font.b is not True:  # row 2 is a note above a header row
            continue
        widths = _widths(ws)
        ranges = [r for r in ws.merged_cells.ranges if r.min_row == 2]
        if not ranges:
            assert len(note) <= sum(widths), (ws.title, len(note))  # fits on its line, within the table
            continue
        (r,) = ranges
        assert (r.min_col, r.max_row) == (1, 2) and r.max_col <= ws.max_column, (ws.title, str(r))
        room = sum(widths[:r.max_col])
        assert ws.row_dimensions[2].height >= 15 * _lines_needed(note, room), ws.title
        checked += 1
    assert checked >= 3  # the standings notes at least are long
