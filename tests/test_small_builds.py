"""Per-build costs of small builds (a real season, and the ~1,000 small builds of this suite), cut without changing
any output: each shortcut is checked against the longer way it replaces.

- a small workbook's parts are packaged in memory instead of one temporary file each (byte-for-byte the same file);
- an empty table (a ranking nobody is in yet) skips classifying its columns (the same widths, the same formats
  numbered in the same order);
- identity's normalised names are looked up per row, not by turning the whole memo into a Series each time;
- count-back columns come from one grouping instead of a pivot table;
- a small cache entry is stored at once instead of from a forked process (readable as soon as the call returns).
"""

from __future__ import annotations

import datetime as dt
import random
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
import xlsxwriter

from gpcalc import cache, identity, standings
from gpcalc.report import xlsx as report

ROOT = Path(__file__).resolve().parents[1]


def _table_book(path: Path, frame: pd.DataFrame, cols: list) -> None:
    wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "strings_to_formulas": False,
                                         "strings_to_urls": False, "strings_to_numbers": False})
    wb.set_properties({"created": dt.datetime(2026, 1, 1)})
    st = report.Styles(wb, 1, None)
    report.write_table(wb, wb.add_worksheet("T"), st, frame, cols, title="t", note="n")
    report._close_fast(wb, None)


def test_a_small_workbook_packaged_in_memory_is_the_file_packaged_through_temporary_files(tmp_path, monkeypatch):
    """A whole build's workbook (the Aarhus sample: every kind of sheet) written with its parts in memory and
    with xlsxwriter's temporary files: the same bytes — and the in-memory way is the one taken for it."""
    from gpcalc.pipeline import compute

    res = compute(ROOT / "sample_data" / "aarhus-2012-13", use_cache=False)
    issues = res.season.issues.sorted()
    taken = []
    real = report._row_data_size
    monkeypatch.setattr(report, "_row_data_size", lambda wb: taken.append(real(wb)) or taken[-1])
    report.write_workbook(tmp_path / "memory.xlsx", res.season, res.outcome, issues)
    assert taken and taken[-1] <= report.IN_MEMORY_BYTES
    monkeypatch.setattr(report, "IN_MEMORY_BYTES", -1)  # every workbook through temporary files
    report.write_workbook(tmp_path / "files.xlsx", res.season, res.outcome, issues)
    assert (tmp_path / "memory.xlsx").read_bytes() == (tmp_path / "files.xlsx").read_bytes()


def test_a_workbook_whose_rows_cannot_be_measured_is_packaged_through_files():
    """Without xlsxwriter's row files (another xlsxwriter, or a sheet not in constant-memory mode) the size is
    unknown: taken as too large, so nothing is held in memory on a guess."""

    class Sheet:
        row_data_fh = None

    class Book:
        def worksheets(self):
            return [Sheet()]

    assert report._row_data_size(Book()) > report.IN_MEMORY_BYTES


@pytest.mark.parametrize("kind", ["date", "text", "number", "bool"])
def test_an_empty_table_has_the_widths_a_table_of_short_values_has(tmp_path, kind):
    """An empty table is written without classifying its columns: its widths are those of the header — or of a
    date (10 characters) for a date column — as a table whose one row holds short values gets."""
    short = {"date": pd.Series([pd.Timestamp("2005-03-05")]), "text": pd.Series(["ab"], dtype="str"),
             "number": pd.Series([1.5]), "bool": pd.Series([True])}[kind]
    cols = [("v", "V", "text"), ("w", "A longer header", "text")]
    widths = {}
    for name, frame in (("empty", pd.DataFrame({"v": short.iloc[:0], "w": short.iloc[:0]})),
                        ("one", pd.DataFrame({"v": short, "w": short}))):
        _table_book(tmp_path / f"{name}.xlsx", frame, cols)
        ws = openpyxl.load_workbook(tmp_path / f"{name}.xlsx").worksheets[0]
        widths[name] = [ws.column_dimensions[c].width for c in "AB"]
        assert [ws.cell(3, c).value for c in (1, 2)] == ["V", "A longer header"]
    assert widths["empty"] == widths["one"]


def _two_tables(path: Path, first: pd.DataFrame) -> None:
    """A table of several formats (money, date, int, points, text), then a one-row table after it."""
    wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "strings_to_formulas": False,
                                         "strings_to_urls": False, "strings_to_numbers": False})
    wb.set_properties({"created": dt.datetime(2026, 1, 1)})
    st = report.Styles(wb, 1, None)
    cols = [("fee", "Fee", "money"), ("start", "Start", "date"), ("place", "Place", "int"),
            ("total", "Total", "points"), ("name", "Player", "text")]
    report.write_table(wb, wb.add_worksheet("Empty"), st, first, cols, title="t", note="n")
    report.write_table(wb, wb.add_worksheet("After"), st, pd.DataFrame({"name": ["Ann"], "total": [2.5]}),
                       [("name", "Player", "text"), ("total", "Total", "points")], title="t")
    report._close_fast(wb, None)


def test_an_empty_table_numbers_its_formats_as_a_table_of_blank_cells_does(tmp_path):
    """A format gets its number in the workbook at its first use, and only numbered formats are listed in
    styles.xml: an empty table must number its columns' formats as the column-by-column way does (here: a table of
    one row of blanks), or a workbook whose first use of a format is an empty ranking gets other styles, and every
    later cell another s="N" (found by review: an ACF season where nobody scores)."""
    import zipfile

    cols = ["fee", "start", "place", "total", "name"]
    _two_tables(tmp_path / "empty.xlsx", pd.DataFrame({c: pd.Series([], dtype=object) for c in cols}))
    _two_tables(tmp_path / "blank.xlsx", pd.DataFrame({c: pd.Series([None], dtype=object) for c in cols}))
    parts = {}
    for name in ("empty", "blank"):
        with zipfile.ZipFile(tmp_path / f"{name}.xlsx") as z:
            parts[name] = {p: z.read(p) for p in ("xl/styles.xml", "xl/worksheets/sheet2.xml")}
    assert b"#,##0.00" in parts["empty"]["xl/styles.xml"]  # (the money format, used only by the empty table)
    assert parts["empty"] == parts["blank"]


def test_normalised_names_are_what_mapping_the_memo_gives():
    """identity._norms: each row's normalised name, the same Series (values, dtype, index, name) as
    ``names.map(memo)`` — for blanks, numbers typed as names and empty columns too."""
    random.seed(7)
    for _ in range(300):
        n = random.randint(0, 8)
        vals = [random.choice(["Anna Holm", "holm, anna", "Bo  Lund", None, np.nan, "Ærø Øst", "", " x ", 12, 3.5])
                for _ in range(n)]
        names = pd.Series(vals, dtype=object, name=random.choice([None, "name"]),
                          index=pd.RangeIndex(n) + random.randint(0, 5))
        got = identity._norms(names)
        pd.testing.assert_series_equal(got, names.map(identity._MEMO))
        assert got.dropna().tolist() == [identity.normalise_name(v) for v in vals if v is not None and v == v]


def _countback_by_pivot(entries, width, keys=("ranking", "player"), only_counted=True, decimals=9):
    """The pivot-table count-back gpcalc used before (the reference)."""
    frame = entries[entries["counted"]] if only_counted else entries
    frame = frame.sort_values([*keys, "points"], ascending=[True] * len(keys) + [False], kind="stable")
    pos = frame.groupby(list(keys), sort=False).cumcount()
    frame = frame.assign(_pos=pos)[pos < width]
    wide = frame.pivot_table(index=list(keys), columns="_pos", values="points", aggfunc="first", fill_value=0.0)
    wide = wide.reindex(columns=range(width), fill_value=0.0).round(decimals)
    wide.columns = [f"cb{i + 1}" for i in range(width)]
    return wide.reset_index()


def test_countback_is_what_the_pivot_table_gave():
    """standings.countback (ACF cl. 14): the same frame as the pivot table — keys of text or integer codes,
    counted and dropped results, blank points (0 in the table, as pivot_table's fill_value has them), fewer
    results than columns, no results at all."""
    random.seed(3)
    for _ in range(120):
        n = random.randint(0, 12)
        player = (pd.Series([random.randint(0, 5) for _ in range(n)], dtype="int64") if random.random() < .5 else
                  pd.Series([random.choice("abcd") for _ in range(n)], dtype=object))
        entries = pd.DataFrame({
            "ranking": pd.Series([random.choice(["Open", "U2000", "Women"]) for _ in range(n)],
                                 dtype=random.choice(["str", object])),
            "player": player,
            "points": pd.Series([random.choice([1.0, 2.5, 0.0, 7.0, 1 / 3, np.nan]) for _ in range(n)],
                                dtype="float64"),
            "counted": pd.Series([random.random() < .7 for _ in range(n)], dtype=bool)})
        width, only = random.randint(1, 6), random.random() < .5
        pd.testing.assert_frame_equal(standings.countback(entries, width, only_counted=only),
                                      _countback_by_pivot(entries, width, only_counted=only), check_exact=True)


def test_a_small_entry_is_stored_at_once_and_a_large_one_by_a_child(tmp_path, monkeypatch):
    """cache.store_later: a dict of up to SMALL_ENTRY items is in the cache when the call returns (no child
    process); a larger one is written by a child, and is there once cache.wait() returns."""
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(tmp_path / "cache"))
    cache.wait()  # (nothing of an earlier test pending)
    small = {f"k{i}": i for i in range(cache.SMALL_ENTRY)}
    cache.store_later("small-entry", small)
    assert not cache._PENDING
    assert cache.load("small-entry") == small
    large = {f"k{i}": i for i in range(cache.SMALL_ENTRY + 1)}
    cache.store_later("large-entry", large)
    assert len(cache._PENDING) == 1
    cache.wait()
    assert cache.load("large-entry") == large
