"""The bulk row renderer (gpcalc/report/sheetxml.py) writes the same cells as xlsxwriter's own per-cell calls.

CONTRACT (the standings workbook) fixes what the cells say; DESIGN's "formatted for people" what they look like.
Each table is written twice — bulk-rendered and through the per-cell fallback — and read back with openpyxl:
values, number formats, fonts and fills must agree cell by cell."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
import xlsxwriter
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs
from python_calamine import CalamineWorkbook

from gpcalc.report import sheetxml
from gpcalc.report import xlsx as report


def _write(path: Path, frame: pd.DataFrame, columns, bulk: bool, monkeypatch, **kw) -> None:
    with monkeypatch.context() as m:
        if not bulk:
            m.setattr(sheetxml, "supported", lambda ws: False)
        wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "strings_to_formulas": False,
                                             "strings_to_urls": False, "strings_to_numbers": False})
        st = report.Styles(wb, 2)
        extra = {}
        if "cell_formats" in kw:
            extra["cell_formats"] = {k: v(st) for k, v in kw["cell_formats"].items()}
        if "row_format" in kw:
            extra["row_format"] = kw["row_format"](st)
        if "sparse" in kw:
            rows, cols, nums, counted = kw["sparse"]
            extra["sparse"] = (rows, cols, nums, [st.counted if c else st.dropped for c in counted])
        report.write_table(wb, wb.add_worksheet("T"), st, frame, columns, title="A title & more",
                           note="a note", **extra)
        wb.close()


def _cells(path: Path) -> list[tuple]:
    ws = openpyxl.load_workbook(path)["T"]
    out = []
    for row in ws.iter_rows():
        for c in row:
            v = c.value
            if v is None and c.fill.fgColor.rgb in (None, "00000000"):
                continue
            out.append((c.coordinate, v, c.number_format, c.font.b, c.font.i, c.font.strike,
                        c.fill.fgColor.rgb if isinstance(c.fill.fgColor.rgb, str) else None))
    return out


def _same_both_ways(tmp_path, monkeypatch, frame, columns, **kw):
    bulk, slow = tmp_path / "bulk.xlsx", tmp_path / "slow.xlsx"
    _write(bulk, frame, columns, True, monkeypatch, **kw)
    _write(slow, frame, columns, False, monkeypatch, **kw)
    a, b = _cells(bulk), _cells(slow)
    assert a == b
    grid_a = CalamineWorkbook.from_path(str(bulk)).get_sheet_by_name("T").to_python()
    grid_b = CalamineWorkbook.from_path(str(slow)).get_sheet_by_name("T").to_python()
    assert grid_a == grid_b
    return a


def test_every_kind_of_value_is_written_as_xlsxwriter_writes_it(tmp_path, monkeypatch):
    frame = pd.DataFrame({
        "text": ["plain", "a & b < c > d", "  leading", "trailing ", "ctrl\x01char", "_x0041_ literal", None, "",
                 "=SUM(A1)", "ñandú Å 🏆"],
        "num": [1.0, 2.5, np.nan, -3.25, 1e-7, 123456789.125, 0.0, 7.0, np.nan, 1 / 3],
        "int": np.arange(10, dtype=np.int64),
        "nullable": pd.array([1, None, 3, 4, None, 6, 7, 8, 9, 10], dtype="Int64"),
        "flag": [True, False] * 5,
        "date": [dt.date(2005, 1, 3), None, dt.date(1900, 2, 28), dt.date(1900, 3, 1)] + [dt.date(2012, 8, 25)] * 6,
        "stamp": pd.to_datetime(["2005-01-03 12:30", None] * 5),
        "mixed": ["x", 3, 2.5, True, dt.date(2005, 1, 1), None, np.nan, pd.Timestamp("2006-02-03"), "y", 0],
    })
    cols = [("text", "Text", "text"), ("num", "Points", "points"), ("int", "N", "int"),
            ("nullable", "Maybe", "int"), ("flag", "Flag", "text"), ("date", "Date", "date"),
            ("stamp", "Stamp", "text"), ("mixed", "Mixed", "text"), ("absent", "Not in frame", "text")]
    cells = _same_both_ways(tmp_path, monkeypatch, frame, cols)
    values = {c[0]: c[1] for c in cells}
    assert values["A5"] == "a & b < c > d" and values["A6"] == "  leading" and values["A7"] == "trailing "
    assert values["A12"] == "=SUM(A1)"  # text stays text, never a formula
    assert values["E4"] == "Yes" and values["E5"] == "No"
    assert values["F4"] == dt.datetime(2005, 1, 3) and values["F6"] == dt.datetime(1900, 2, 28)
    assert "A10" not in values and "A11" not in values and "B6" not in values  # blanks are not written


def test_per_cell_and_per_row_formats_and_sparse_results(tmp_path, monkeypatch):
    n = 30
    frame = pd.DataFrame({"name": [f"P{i}" for i in range(n)], "note": [None if i % 3 else "x" for i in range(n)],
                          "points": np.linspace(0, 29, n), "counted": [i % 4 != 0 for i in range(n)]})
    cols = [("name", "Player", "text"), ("note", "Note", "text"), ("points", "Points", "points")]
    rows = np.array([0, 0, 5, 29, 7], dtype=np.int64)
    sparse = (rows, np.array([4, 3, 3, 5, 6], dtype=np.int64), np.array([1.5, 2.0, 3.0, 4.0, 5.25]),
              [True, False, True, True, False])
    cells = _same_both_ways(
        tmp_path, monkeypatch, frame, cols,
        cell_formats={"points": lambda st: frame["counted"].map(lambda c: st.counted if c else st.dropped)},
        row_format=lambda st: pd.Series([st.highlight if i % 5 == 0 else None for i in range(n)]),
        sparse=sparse)
    by = {c[0]: c for c in cells}
    assert by["E4"][1] == 1.5 and by["D4"][1] == 2.0 and by["D4"][5] is True  # dropped: struck through
    assert by["B4"][6] == "FFFFF2CC"  # a highlighted row is highlighted across, blank cells too


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hs.lists(hs.one_of(hs.none(), hs.text(max_size=20), hs.floats(allow_nan=True, allow_infinity=False),
                          hs.integers(-10**12, 10**12), hs.booleans()), min_size=1, max_size=12))
def test_any_column_round_trips_like_xlsxwriter(tmp_path, monkeypatch, values):
    frame = pd.DataFrame({"v": pd.Series(values, dtype=object), "w": pd.Series(values, dtype=object).astype(str)})
    _same_both_ways(tmp_path, monkeypatch, frame, [("v", "V", "text"), ("w", "W", "text")])


def test_a_large_table_is_rendered_in_chunks(tmp_path, monkeypatch):
    monkeypatch.setattr(sheetxml, "CHUNK", 7)
    frame = pd.DataFrame({"a": [f"r{i}" for i in range(50)], "b": np.arange(50.0)})
    cells = _same_both_ways(tmp_path, monkeypatch, frame, [("a", "A", "text"), ("b", "B", "points")])
    assert cells[-2][:2] == ("A53", "r49") and cells[-1][1] == 49.0


@pytest.mark.parametrize("c,letters", [(0, "A"), (25, "Z"), (26, "AA"), (701, "ZZ"), (702, "AAA")])
def test_column_letters(c, letters):
    assert sheetxml.col_letter(c) == letters


def test_the_whitespace_list_is_what_python_calls_whitespace():
    assert set(sheetxml.WHITESPACE) == {chr(i) for i in range(0x110000) if chr(i).isspace()}


@pytest.mark.parametrize("texts", [["a", " b"], ["a ", "b"], ["a", "b\u3000"], ["\tx"], ["x", "", "y\n"]])
def test_edge_whitespace_anywhere_in_a_column_is_found(texts):
    assert sheetxml._edge_space(sheetxml._SEP.join(texts))
    assert not sheetxml._edge_space(sheetxml._SEP.join(t.strip() for t in texts))


@settings(max_examples=80, deadline=None)
@given(hs.lists(hs.one_of(hs.none(), hs.text(max_size=12),
                          hs.sampled_from(["a & b", " lead", "trail\t", "\x01x", "_x0041_", "<>", "\x0b", ""])),
                min_size=5, max_size=30), hs.booleans())
def test_a_text_rendered_alone_is_rendered_as_with_its_whole_column(texts, per_row_format):
    """A warm build renders the few new rows' texts one by one; a cold one the whole column with column-wide
    scans. Both must give the same cells."""
    values = pd.Series(texts, dtype=object)
    xfs = [' s="3"', ' s="4"'] * len(texts) if per_row_format else ' s="3"'
    xfs = xfs[:len(texts)] if per_row_format else xfs
    whole = sheetxml.column(values, "A", xfs).tails(0, len(texts))
    one_by_one = sheetxml.column(values, "A", xfs)
    assert [one_by_one.tails(i, i + 1)[0] for i in range(len(texts))] == whole
