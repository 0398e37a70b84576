"""Issue 7 (warm builds): the output's table rows are kept compressed between builds and reused by content.

gpcalc/report/sheetxml.py's RowStore cuts each table into pieces by content, gpcalc/report/xlsxzip.py splices
the compressed pieces into the zip. What must hold: the workbook a warm build writes is byte-for-byte the one a
build without the cache writes (CONTRACT: identical input, identical output), a changed row is never served
from the store, the zip is valid (CRC-32s, ZIP64 when sizes need it) for zipfile, calamine and openpyxl."""

from __future__ import annotations

import datetime as dt
import io
import shutil
import zipfile
import zlib
from pathlib import Path

import numpy as np
import openpyxl
import pandas as pd
import pytest
import xlsxwriter
from hypothesis import given, settings
from hypothesis import strategies as hs
from python_calamine import CalamineWorkbook

from gpcalc import cache, pipeline
from gpcalc.report import sheetxml, xlsxzip
from gpcalc.report import xlsx as report

SAMPLES = Path(__file__).resolve().parent.parent / "sample_data"


@settings(max_examples=200, deadline=None)
@given(hs.binary(max_size=3000), hs.binary(max_size=3000), hs.binary(max_size=50))
def test_crc32_combine_is_zlibs_crc_of_the_concatenation(a, b, c):
    combined = xlsxzip.crc32_combine(zlib.crc32(a), zlib.crc32(b), len(b))
    assert combined == zlib.crc32(a + b)
    assert xlsxzip.crc32_combine(combined, zlib.crc32(c), len(c)) == zlib.crc32(a + b + c)


@settings(max_examples=50, deadline=None)
@given(hs.lists(hs.binary(max_size=2000), max_size=8))
def test_sync_flushed_pieces_make_one_deflate_stream(parts):
    chunks, crc, raw, comp = xlsxzip.join([xlsxzip.deflate(p) for p in parts])
    data = b"".join(chunks)
    assert len(data) == comp and raw == sum(map(len, parts)) and crc == zlib.crc32(b"".join(parts))
    assert zlib.decompress(data, -15) == b"".join(parts)


def _zip(path: Path, members: dict[str, bytes], segments=()) -> None:
    z = xlsxzip.Zip(path, segments=segments)
    for name, data in members.items():
        z.writestr(name, data)
    z.close()


def test_markers_are_replaced_by_their_segments_and_the_zip_verifies(tmp_path):
    pieces = [xlsxzip.deflate(f"<row>{i}</row>".encode() * 50) for i in range(4)]
    path = tmp_path / "a.zip"
    _zip(path, {"x/sheet.xml": b"<sheetData><!--gpcalc:1--></sheetData><!--gpcalc:0-->!", "empty": b"",
                "naïve.xml": "é".encode()}, segments=[pieces[:1], pieces[1:]])
    with zipfile.ZipFile(path) as zf:
        assert zf.testzip() is None  # every CRC-32 checks
        body = b"".join(f"<row>{i}</row>".encode() * 50 for i in range(1, 4))
        assert zf.read("x/sheet.xml") == b"<sheetData>" + body + b"</sheetData>" + b"<row>0</row>" * 50 + b"!"
        assert zf.read("empty") == b"" and zf.read("naïve.xml") == "é".encode()


def test_zip64_records_when_sizes_and_offsets_need_them(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsxzip, "ZIP64_LIMIT", 100)  # every size and offset past 100 bytes is "large"
    members = {f"m{i}.xml": bytes(range(256)) * (i + 1) for i in range(4)}
    path = tmp_path / "big.zip"
    _zip(path, members)
    with zipfile.ZipFile(path) as zf:
        assert zf.testzip() is None
        assert {n: zf.read(n) for n in zf.namelist()} == members


def test_large_parts_are_streamed(tmp_path, monkeypatch):
    monkeypatch.setattr(xlsxzip, "READ_WHOLE", 10)
    src = tmp_path / "part.xml"
    src.write_bytes(b"<x>" + b"y" * 10_000 + b"</x>")
    path = tmp_path / "s.zip"
    z = xlsxzip.Zip(path)
    z.write(src, "xl/part.xml")
    z.close()
    with zipfile.ZipFile(path) as zf:
        assert zf.testzip() is None and zf.read("xl/part.xml") == src.read_bytes()


def _table(path: Path, frame: pd.DataFrame, store: sheetxml.RowStore | None, sparse=None) -> None:
    wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "strings_to_formulas": False,
                                         "strings_to_urls": False, "strings_to_numbers": False})
    # a fixed creation time: docProps/core.xml would otherwise hold the clock's second, and two workbooks
    # compared byte for byte could differ only by being written either side of a second's turn
    wb.set_properties({"created": dt.datetime(2026, 1, 1)})
    st = report.Styles(wb, 1, store)
    cols = [("name", "Player", "text"), ("pts", "Points", "points"), ("note", "Note", "text")]
    extra = {}
    if sparse is not None:
        rows, c, nums = sparse
        extra["sparse"] = (rows, c, nums, [st.counted] * len(rows))
    report.write_table(wb, wb.add_worksheet("T"), st, frame, cols, title="t", note="n",
                       cell_formats={"pts": frame["counted"].map(lambda c: st.counted if c else st.dropped)},
                       **extra)
    report._close_fast(wb, store)


def _grid(path: Path) -> list:
    return CalamineWorkbook.from_path(str(path)).get_sheet_by_name("T").to_python()


def _frame(n: int, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    return pd.DataFrame({"name": [f"Player {i}" for i in range(n)], "pts": rng.integers(0, 100, n) / 10,
                         "note": [None if i % 7 else "a & <b>" for i in range(n)],
                         "counted": rng.random(n) < 0.8})


def test_a_changed_row_is_rendered_again_and_the_rest_is_reused(tmp_path, monkeypatch):
    """Rows inserted, changed and removed: only the pieces holding them are rendered; the workbook is the one
    written without the store's previous pieces — and calamine and openpyxl read the same cells."""
    monkeypatch.setattr(sheetxml, "MAX_ROWS", 40)
    first = _frame(2000)
    prev = sheetxml.RowStore()
    _table(tmp_path / "a.xlsx", first, prev)
    second = first.copy()
    second.loc[700, "pts"] = 99.9  # a changed value
    second.loc[1500, "counted"] = not second.loc[1500, "counted"]  # a changed format only
    second = pd.concat([second.iloc[:100], _frame(3, seed=5).assign(name=["New A", "New B", "New C"]),
                        second.iloc[100:1800], second.iloc[1900:]], ignore_index=True)  # inserted, removed
    warm = sheetxml.RowStore(prev.used)
    _table(tmp_path / "warm.xlsx", second, warm)
    cold = sheetxml.RowStore()
    _table(tmp_path / "cold.xlsx", second, cold)
    assert (tmp_path / "warm.xlsx").read_bytes() == (tmp_path / "cold.xlsx").read_bytes()
    assert 0 < warm.rendered < 400 and warm.reused > 1500 and cold.rendered == len(second)
    grid = _grid(tmp_path / "warm.xlsx")
    assert grid[3][:2] == ["Player 0", first.loc[0, "pts"]] and grid[103][0] == "New A"
    assert [r[0] for r in grid[3:]] == second["name"].tolist()
    assert grid[3 + 703][1] == 99.9
    ws = openpyxl.load_workbook(tmp_path / "warm.xlsx")["T"]
    assert ws.cell(4 + 703, 2).value == 99.9 and ws.cell(104, 1).value == "New A"
    assert ws.cell(4 + 7, 3).value == "a & <b>"
    flipped = 3 + 1500 + 3  # the row whose format alone changed (shifted by the 3 inserted rows)
    assert ws.cell(flipped + 1, 2).font.strike == (not second.loc[1503, "counted"])


def test_cells_with_references_are_not_reused_at_another_row(tmp_path, monkeypatch):
    """A standings grid's results carry references: the same row one place lower is rendered again."""
    monkeypatch.setattr(sheetxml, "MAX_ROWS", 1)  # a piece per row: every other row is reused
    frame = _frame(30)
    rows, cols, nums = np.array([0, 5, 5, 29]), np.array([4, 3, 6, 5]), np.array([1.5, 2.0, 3.0, 4.0])
    prev = sheetxml.RowStore()
    _table(tmp_path / "a.xlsx", frame, prev, sparse=(rows, cols, nums))
    shifted = pd.concat([_frame(1, seed=9), frame], ignore_index=True)
    warm = sheetxml.RowStore(prev.used)
    _table(tmp_path / "b.xlsx", shifted, warm, sparse=(rows + 1, cols, nums))
    assert warm.reused > 0
    grid = _grid(tmp_path / "b.xlsx")
    assert grid[3 + 6][3] == 2.0 and grid[3 + 6][6] == 3.0 and grid[3 + 30][5] == 4.0
    cold = sheetxml.RowStore()
    _table(tmp_path / "c.xlsx", shifted, cold, sparse=(rows + 1, cols, nums))
    assert (tmp_path / "b.xlsx").read_bytes() == (tmp_path / "c.xlsx").read_bytes()


@pytest.mark.parametrize("sample", ["acf-2005", "aarhus-2012-13", "fecodaz-2009"])
def test_a_warm_build_writes_the_same_bytes_as_a_build_without_cache(tmp_path, monkeypatch, sample):
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.delenv("GPCALC_NO_CACHE", raising=False)
    folder = tmp_path / sample
    shutil.copytree(SAMPLES / sample, folder, ignore=shutil.ignore_patterns("output"))
    pipeline.build(folder, out=tmp_path / "cold.xlsx", use_cache=False)
    pipeline.build(folder, out=tmp_path / "first.xlsx")
    stored = list((tmp_path / "cache").glob("rows-*.pkl"))
    assert len(stored) == 1
    seen = []
    real = sheetxml.RowStore.table

    def counting(self, n, *a, **k):
        before = self.rendered
        out = real(self, n, *a, **k)
        seen.append(self.rendered - before)
        return out

    monkeypatch.setattr(sheetxml.RowStore, "table", counting)
    pipeline.build(folder, out=tmp_path / "warm.xlsx")
    assert sum(seen) == 0  # nothing changed: every row came from the store
    cold = (tmp_path / "cold.xlsx").read_bytes()
    assert (tmp_path / "first.xlsx").read_bytes() == cold and (tmp_path / "warm.xlsx").read_bytes() == cold
    with zipfile.ZipFile(io.BytesIO(cold)) as zf:
        assert zf.testzip() is None
    assert cache.load(stored[0].stem)  # a signed entry of gpcalc's own cache (tampering: tests/test_cache.py)


def test_every_part_of_the_workbook_is_well_formed_and_no_marker_is_left(tmp_path, monkeypatch):
    """The spliced worksheets are XML an Excel parser accepts: well formed, no marker comment left over, data rows
    without references right after the header row that has one."""
    from xml.etree import ElementTree as ET

    monkeypatch.setenv("GPCALC_NO_CACHE", "1")
    folder = tmp_path / "s"
    shutil.copytree(SAMPLES / "aarhus-2012-13", folder, ignore=shutil.ignore_patterns("output"))
    pipeline.build(folder, out=tmp_path / "o.xlsx")
    ns = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
    with zipfile.ZipFile(tmp_path / "o.xlsx") as zf:
        for name in zf.namelist():
            data = zf.read(name)
            assert b"<!--gpcalc" not in data, name
            if name.endswith(".xml") or name.endswith(".rels"):
                root = ET.fromstring(data)
                if name == "xl/worksheets/sheet2.xml":  # a standings sheet: title, note, header, then data
                    rows = root.find(f"{ns}sheetData").findall(f"{ns}row")
                    assert [r.get("r") for r in rows[:3]] == ["1", "2", "3"]
                    assert all(r.get("r") is None for r in rows[3:]) and len(rows) > 10


_TRICKY = ["plain", " lead", "trail ", "a & <b> > c", "_x0041_ literal", "ctl\x01char", "\x1cedge", "tab\tin",
           "", "Ærø Ødis", "\ufffe", "a\nb", "  "]


@settings(max_examples=150, deadline=None)
@given(hs.lists(hs.sampled_from(_TRICKY) | hs.text(max_size=12), min_size=8, max_size=60), hs.data())
def test_a_few_rows_rendered_alone_are_the_cells_of_the_whole_column(texts, data):
    """A warm build renders only the distinct texts its new rows ask for (a few scans of those texts joined);
    each cell must be what rendering the whole column at once — and xlsxwriter's escaping of that one text —
    gives (control characters, a literal _xHHHH_, &, <, >, edge spaces)."""
    lo = data.draw(hs.integers(0, len(texts) - 1))
    hi = data.draw(hs.integers(lo + 1, min(len(texts), lo + max(1, len(texts) // 4 - 1))))
    partial, _, _ = sheetxml._text_tails(texts, ' s="1"')
    whole, _, _ = sheetxml._text_tails(texts, ' s="1"')
    alone = partial(lo, hi)  # fewer than a quarter of the rows: the distinct texts asked for, on their own
    assert alone == whole(0, len(texts))[lo:hi]
    assert partial(0, len(texts)) == whole(0, len(texts))  # the rest, rendered later, agree too
    for t, cell in zip(texts[lo:hi], alone):
        body = sheetxml.escape_text(t)
        opening = '<t xml:space="preserve">' if body[:1].isspace() or body[-1:].isspace() else "<t>"
        assert cell == (f' s="1" t="inlineStr"><is>{opening}{body}</t></is></c>' if t else "")
