"""The standings workbook (xlsxwriter): formatting only — every number comes from the Outcome."""

from __future__ import annotations

import datetime as dt
import math
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from .. import __version__
from ..circuits.base import Outcome, OutSheet
from ..issues import Issue, col_letter
from . import sheetxml
from .sheetxml import is_blank

FIXED_CREATED = dt.datetime(2000, 1, 1)  # byte-identical output for identical input
MAX_WIDTH = 60
WRAP_WIDTH = 90  # a column of explanations ("wrap" format): wider, and its long texts wrap instead of being cut
# column-width characters on one landscape page (A4 or Letter, ~130 at 100 %) printed at no less than ~70 %
PAGE_CHARS = 185


class Styles:
    """The formats of one workbook, and how its tables' rows are written: `rows` is the workbook's
    :class:`~gpcalc.report.sheetxml.RowStore` (None: rendered straight into each worksheet)."""

    def __init__(self, wb, decimals: int, rows: sheetxml.RowStore | None = None, paper: int = 9):
        self.rows = rows
        self.paper = paper  # Excel's paper code for printing: 9 A4, 1 Letter
        self._wb = wb
        self._props: dict[int, dict] = {}  # each format's properties (for its wrapping variant), by object id
        self._wrapped: dict[int, Any] = {}

        def add(props: dict):
            fmt = wb.add_format(props)
            self._props[id(fmt)] = dict(props)
            return fmt

        pts = "0." + "0" * decimals if decimals else "0"
        self.title = add({"bold": True, "font_size": 14})
        self.note = add({"italic": True, "font_color": "#555555", "text_wrap": False})
        self.note_wrap = add({"italic": True, "font_color": "#555555", "text_wrap": True, "valign": "top"})
        self.header = add({"bold": True, "bg_color": "#1F4E78", "font_color": "#FFFFFF", "border": 1,
                           "text_wrap": True, "valign": "top"})
        self.text = add({})
        self.points = add({"num_format": pts})
        self.total = add({"num_format": pts, "bold": True})
        self.counted = add({"num_format": pts, "bg_color": "#E2EFDA"})
        self.dropped = add({"num_format": pts, "font_color": "#9C9C9C", "italic": True,
                            "font_strikeout": True})
        self.money = add({"num_format": "#,##0.00"})
        self.int = add({"num_format": "0"})
        self.date = add({"num_format": "yyyy-mm-dd"})
        self.percent = add({"num_format": "0.0%"})
        self.error = add({"font_color": "#9C0006", "bg_color": "#FFC7CE"})
        self.warning = add({"font_color": "#9C5700", "bg_color": "#FFEB9C"})
        self.highlight = add({"bg_color": "#FFF2CC"})
        self.key = add({"bold": True})
        self.left = add({"align": "left"})
        self.wrap = add({"align": "left", "valign": "top", "text_wrap": True})
        self.autowrap = self.wrap  # (a column that wraps because its texts are long: the same format)

    def by_name(self, name: str):
        return getattr(self, name, self.text)

    def wrapped(self, fmt):
        """`fmt` (a row's colour: an issue's severity, a highlight) on a wrapping text cell; made once each."""
        if fmt is None or fmt is self.text:
            return self.wrap
        got = self._wrapped.get(id(fmt))
        if got is None:
            got = self._wb.add_format({**self._props.get(id(fmt), {}), "align": "left", "valign": "top",
                                       "text_wrap": True})
            self._wrapped[id(fmt)] = got
        return got


def _is_format(x: Any) -> bool:
    return hasattr(x, "_get_xf_index")


def write_cell(ws, r: int, c: int, v: Any, fmt=None) -> int:
    """Write one value safely: text is always text (never a formula); returns its display length."""
    if is_blank(v):
        ws.write_blank(r, c, None, fmt)
    elif isinstance(v, bool | np.bool_):
        ws.write_string(r, c, "Yes" if v else "No", fmt)
    elif isinstance(v, int | float | np.integer | np.floating):
        ws.write_number(r, c, float(v), fmt)
    elif isinstance(v, pd.Timestamp | dt.datetime | dt.date):
        d = v.to_pydatetime() if isinstance(v, pd.Timestamp) else v
        ws.write_datetime(r, c, d if isinstance(d, dt.datetime) else dt.datetime(d.year, d.month, d.day), fmt)
    else:
        ws.write_string(r, c, str(v), fmt)
    return cell_length(v)


def cell_length(v: Any) -> int:
    """The display length :func:`write_cell` gives a value (what a column's width is fitted to)."""
    if is_blank(v):
        return 0
    if isinstance(v, bool | np.bool_):
        return 3
    if isinstance(v, int | float | np.integer | np.floating):
        return len(f"{float(v):.2f}")
    if isinstance(v, pd.Timestamp | dt.datetime | dt.date):
        return 10
    return len(str(v))


def _empty(v: Any) -> bool:
    """A cell the per-cell writer leaves without a value: blank, or empty text."""
    return is_blank(v) or (isinstance(v, str) and not v)


Sparse = tuple[np.ndarray, np.ndarray, np.ndarray, list]  # data rows, columns, numbers, formats


def _cell_formats(st: Styles, n: int, base, fmts: list | None, row_fmts: list | None) -> list | None:
    """The format of each cell of a column when it varies by row: a per-cell format wins; a row format
    (issues by severity, highlighted rows) applies to plain-text columns. None = the column's format throughout."""
    if fmts is None and (row_fmts is None or (base is not st.text and base is not st.wrap)):
        return None
    out = [base] * n
    if row_fmts is not None and base is st.text:
        out = [f if _is_format(f) else b for f, b in zip(row_fmts, out)]
    elif row_fmts is not None and base is st.wrap:  # a wrapping column: the row's colour, wrapping
        out = [st.wrapped(f) if _is_format(f) else b for f, b in zip(row_fmts, out)]
    if fmts is not None:
        out = [f if _is_format(f) else b for f, b in zip(fmts, out)]
    return out


def write_table(wb, ws, st: Styles, frame: pd.DataFrame, columns: list[tuple[str, str, str]],
                title: str = "", note: str = "", cell_formats: dict[str, Any] | None = None,
                row_format: pd.Series | None = None, freeze_cols: int = 0, narrow_from: int | None = None,
                sparse: Sparse | None = None) -> None:
    """A titled table: title, note, header (frozen, filtered), rows; widths fitted; landscape printing.
    `columns`: (key, header, format name). `cell_formats` maps a key to a Series of formats per row.
    `sparse`: extra numeric cells right of the columns, as arrays (data row, column, number, format) — e.g.
    results in a wide standings grid, written without visiting the empty cells. Blank values are not written.
    Data rows are rendered in bulk (report/sheetxml.py) and streamed into the constant-memory worksheet — or,
    when the workbook has a row store (``st.rows``), left to it as a marker: compressed pieces, reused from the
    last build where they can be, spliced in when the workbook is zipped.
    A table longer than a sheet (Excel's 1,048,576 rows) goes on in sheets named after this one ("Ledger (2)" …),
    each with the title, note and header, added right after it. So does a grid wider than a sheet (16,384
    columns): the columns from `narrow_from` on (a standings grid's tournaments) go on in sheets of their own, each
    repeating the columns before them."""
    if narrow_from is not None and len(columns) > EXCEL_COLS:
        _wide_table(wb, ws, st, frame, columns, title, note, cell_formats, row_format, freeze_cols, narrow_from,
                    sparse)
        return
    columns = _auto_wrap(frame, columns)
    r0 = int(bool(title)) + int(bool(note))  # the header's row
    room = EXCEL_ROWS - (r0 + 1)
    if len(frame) > room:
        rest = {"frame": frame.iloc[room:], "row_format": row_format.iloc[room:] if row_format is not None else None,
                "cell_formats": {k: v.iloc[room:] for k, v in cell_formats.items()} if cell_formats else None,
                "sparse": _sparse_part(sparse, room, None) if sparse is not None else None}
        frame = frame.iloc[:room]
        row_format = row_format.iloc[:room] if row_format is not None else None
        cell_formats = {k: v.iloc[:room] for k, v in cell_formats.items()} if cell_formats else None
        sparse = _sparse_part(sparse, 0, room) if sparse is not None else None
    else:
        rest = None
    if title:
        ws.write_string(0, 0, title, st.title)
    # (the note and the header are written once the columns' widths are known: the note wraps across them)
    widths = [len(h) + 2 for _, h, _ in columns]
    if narrow_from is not None:  # long headers (tournament names) wrap over three lines instead
        # (but never narrower than the header's longest word: "Aarhusmesterskabet" broke in the middle)
        longest = [max((len(x) for x in h.split()), default=0) + 2 for _, h, _ in columns]
        widths = [w if c < narrow_from else min(w, max(12, longest[c])) for c, w in enumerate(widths)]
    per_cell = cell_formats or {}
    row_fmts = row_format.tolist() if row_format is not None else None
    first, n = r0 + 1, len(frame)
    present = [(c, key, st.by_name(fmt_name)) for c, (key, _, fmt_name) in enumerate(columns) if key in frame.columns]
    if sheetxml.supported(ws):
        attr = _xf_attr()
        row_attr = _attrs(row_fmts, attr) if row_fmts is not None else None  # once per table, not per column
        rendered = []
        plain = attr(st.text)
        text_xfs = [ra or plain for ra in row_attr] if row_attr is not None else None  # one list for all
        wrap_xfs = None
        for c, key, base in present:
            xfs = attr(base)
            if text_xfs is not None and base is st.text:  # a row format shows on plain-text columns
                xfs = text_xfs
            elif row_fmts is not None and base is st.wrap:  # … and, wrapping, on wrapping ones
                if wrap_xfs is None:
                    wrap_xfs = _attrs([st.wrapped(f) if _is_format(f) else st.wrap for f in row_fmts], attr)
                xfs = wrap_xfs
            if key in per_cell:  # a per-cell format wins over both
                under = xfs if isinstance(xfs, list) else [xfs] * n
                xfs = [a or u for a, u in zip(_attrs(per_cell[key].tolist(), attr), under)]
            date_xf = attr(st.date) if base is st.text or base is st.wrap else None  # (a date shows as one)
            if not n:  # an empty table (a ranking nobody is in yet): nothing to classify — what the renderer
                # would give is the header's width, or a date's (10) for a date column
                if pd.api.types.is_datetime64_any_dtype(frame[key].dtype):
                    widths[c] = max(widths[c], 12)
                continue
            col = sheetxml.column(frame[key], col_letter(c), xfs, date_xf)
            widths[c] = max(widths[c], col.width + 2)
            rendered.append((c, col))
        extra = None
        last_col = len(columns) - 1
        if sparse is not None and len(sparse[0]):
            rows, cols, nums, fmts = sparse
            extra = sheetxml.SparseCells(first, rows, cols, nums, _attrs(fmts, attr))
            last_col = max(last_col, int(cols.max()))
        shown_widths = _shown_widths(columns, widths)
        pages = _pages_wide(shown_widths)
        _note_and_header(ws, st, r0, note, columns, shown_widths, narrow_from, pages)
        heights = _row_heights(n, [(col.lengths() if col.lengths is not None else _text_lengths(frame[columns[c][0]]),
                                    shown_widths[c]) for c, col in rendered if columns[c][2] in MIN_WRAP])
        rows = sheetxml.render_rows(n, rendered, extra, heights) if st.rows is None else \
            iter([st.rows.table(n, rendered, extra, heights)] if n else [])
        sheetxml.stream_rows(ws, first, first + max(n - 1, 0), last_col, rows)
    else:  # per-cell writes: an xlsxwriter without the constant-memory internals (and the tests' reference)
        formats = {c: _cell_formats(st, n, base, per_cell[key].tolist() if key in per_cell else None, row_fmts)
                   for c, key, base in present}
        values = {c: frame[key].tolist() for c, key, _ in present}
        for c, _, _ in present:  # the widths first (rows are written strictly in order, after the note's)
            widths[c] = max([widths[c], *(cell_length(v) + 2 for v in values[c] if not _empty(v))])
        shown_widths = _shown_widths(columns, widths)
        pages = _pages_wide(shown_widths)
        _note_and_header(ws, st, r0, note, columns, shown_widths, narrow_from, pages)
        heights = _row_heights(n, [(_text_lengths(values[c]), shown_widths[c])
                                   for c, _, _ in present if columns[c][2] in MIN_WRAP])
        _write_cells(ws, st, values, present, formats, first, len(frame), sparse, heights)
    for c, w in enumerate(shown_widths):
        ws.set_column(c, c, w)
    ws.freeze_panes(r0 + 1, freeze_cols)
    if columns:
        ws.autofilter(r0, 0, r0 + max(len(frame), 1), len(columns) - 1)
    ws.set_landscape()
    # one page wide, unless the table would print too small to read that way (a standings grid, a ledger, the
    # Tournaments sheet's many columns): then as many pages wide as keep it at ~70 % or more, each row finished
    # across its pages before the next rows (print across), the frozen columns — else the first — repeated
    ws.fit_to_pages(pages, 0)
    if pages > 1:
        ws.repeat_columns(0, max(freeze_cols, 1) - 1)
        ws.print_across()
    ws.repeat_rows(r0)
    _print_setup(ws, st, title)
    if rest is not None:
        nxt = _next_sheet(wb, ws)
        note = getattr(ws, "_gpcalc_note", note)  # (the table's own note, without the clause added below)
        nxt._gpcalc_note = note
        more = f"(continued from the sheet '{ws.name}': a sheet holds {room:,} rows of this table)"
        write_table(wb, nxt, st, rest["frame"], columns, title=title, note=f"{note} {more}" if note else more,
                    cell_formats=rest["cell_formats"], row_format=rest["row_format"], freeze_cols=freeze_cols,
                    narrow_from=narrow_from, sparse=rest["sparse"])


EXCEL_ROWS, EXCEL_COLS = 1_048_576, 16_384  # rows and columns in a sheet
NOTE_CHARS = 150  # the width (in column-width characters) a long note wraps at: about a laptop screen
NOTE_LINE = 15  # points per line of wrapped text, a note's or a cell's (Calibri 11)


def _shown_widths(columns: list, widths: list[int]) -> list[int]:
    """The columns' widths as set: at least 6, at most MAX_WIDTH (WRAP_WIDTH for a "wrap" column). Where that is
    wider than a printed page and narrower wrapping columns (down to MIN_WRAP) would make it fit one, they are
    narrowed — a prize's note in more lines rather than the table over two pages."""
    shown = [min(WRAP_WIDTH if fmt_name in MIN_WRAP else MAX_WIDTH, max(6, w))
             for (_, _, fmt_name), w in zip(columns, widths)]
    wrap = [c for c, (_, _, fmt_name) in enumerate(columns) if fmt_name in MIN_WRAP and shown[c] > MIN_WRAP[fmt_name]]
    if wrap and sum(shown) > PAGE_CHARS:
        each = (PAGE_CHARS - sum(w for c, w in enumerate(shown) if c not in wrap)) // len(wrap)
        if all(each >= MIN_WRAP[columns[c][2]] for c in wrap):
            for c in wrap:
                shown[c] = min(shown[c], each)
    return shown


# the narrowest a wrapping column is made to fit a table on one printed page: a declared one (the ledger's
# Detail: read on screen, row by row) and one that wraps because its texts are long (an issue's message, a note)
MIN_WRAP = {"wrap": 50, "autowrap": 25}
AUTO_WRAP_ROWS = 100_000  # a table up to this long has its long text columns wrap (a longer one: as declared)


def _auto_wrap(frame: pd.DataFrame, columns: list) -> list:
    """`columns` with each plain-text column holding a text longer than MAX_WIDTH made a wrapping one (an issue's
    message and hint, a prize's note, a tournament's categoría breakdown): cut at the column's edge otherwise."""
    if len(frame) > AUTO_WRAP_ROWS:
        return columns
    out = []
    for key, header, fmt_name in columns:
        texts = fmt_name == "text" and key in frame.columns and len(frame) and (
            frame[key].dtype == object or pd.api.types.is_string_dtype(frame[key].dtype))
        if texts and _text_lengths(frame[key]).max() > MAX_WIDTH - 2:
            fmt_name = "autowrap"
        out.append((key, header, fmt_name))
    return out


def _pages_wide(shown: list[int]) -> int:
    """How many pages wide a table prints: one, or as many as keep it at ~70 % or more (PAGE_CHARS a page)."""
    return max(1, math.ceil(sum(shown) / PAGE_CHARS))


MAX_LINES = 27  # Excel's tallest row, 409 points, in lines of NOTE_LINE


def _text_lengths(values) -> np.ndarray:
    """Each value's length where it is text (0 otherwise): what a wrapping column's rows need lines for."""
    values = values.tolist() if hasattr(values, "tolist") else values
    return np.fromiter((len(v) if isinstance(v, str) else 0 for v in values), dtype=np.int64, count=len(values))


def _row_heights(n: int, wrapping: list[tuple[np.ndarray | None, int]]) -> np.ndarray | None:
    """Each data row's height in points where its wrapping text needs more than one line (0: the default), from
    the texts' lengths in each wrapping column and the column's width — an over-estimate (a character of text is
    narrower than the width unit, a digit's): a row may end with space to spare, never with a line cut (Excel
    does not size such rows by itself in every version, LibreOffice not at all). None: no row needs it."""
    lines = np.ones(n, dtype=np.int64)
    for lengths, width in wrapping:
        if lengths is not None and len(lengths):
            lines = np.maximum(lines, -(-np.asarray(lengths, dtype=np.int64) // max(1, width - 1)))
    if not n or lines.max() <= 1:
        return None
    return np.where(lines > 1, NOTE_LINE * np.minimum(lines, MAX_LINES), 0)


def _note_and_header(ws, st: Styles, r0: int, note: str, columns: list, shown: list[int],
                     narrow_from: int | None, pages: int = 1) -> None:
    """The note (the row above the header `r0`) and the header. A note longer than the table's first columns
    are wide wraps across them (merged, up to NOTE_CHARS wide and within the first of `pages` printed pages),
    its row as tall as its lines: whole on screen and in print, where a long line was cut at the print area."""
    if note:
        span, room = 0, 0
        page = sum(shown) / pages  # (a page break falls before the column that would pass it)
        for w in shown:  # the first columns, together about NOTE_CHARS wide (all of a narrower table)
            if room >= NOTE_CHARS or (span >= 2 and room + w > page):
                break
            span, room = span + 1, room + w
        if len(note) <= room or span < 2:
            ws.write_string(r0 - 1, 0, note, st.note)
        else:
            lines = len(textwrap.wrap(note, width=max(1, room - 1), break_long_words=True))
            ws.set_row(r0 - 1, NOTE_LINE * min(lines, MAX_LINES) + 2)
            ws.merge_range(r0 - 1, 0, r0 - 1, span - 1, note, st.note_wrap)
    if narrow_from is not None:  # long headers (tournament names) wrap over three lines
        ws.set_row(r0, 48)
    for c, (_, header, _) in enumerate(columns):
        ws.write_string(r0, c, header, st.header)




def _next_sheet(wb, ws):
    """The sheet a table too long or too wide for `ws` goes on in: "<name> (2)", "<name> (3)" …"""
    base, part = getattr(ws, "_gpcalc_part", (ws.name, 1))
    nxt = _add_sheet(wb, f"{base[:24]} ({part + 1})")
    nxt._gpcalc_part = (base, part + 1)
    return nxt


def _wide_table(wb, ws, st: Styles, frame: pd.DataFrame, columns: list, title: str, note: str,
                cell_formats, row_format, freeze_cols: int, narrow_from: int, sparse: Sparse | None) -> None:
    """write_table's columns from `narrow_from` on in parts that fit a sheet, each part on its own sheet after the
    columns before `narrow_from`; the sparse cells go with their columns."""
    per = EXCEL_COLS - narrow_from
    ws_k = ws
    for k, lo in enumerate(range(narrow_from, len(columns), per)):
        hi = min(lo + per, len(columns))
        part = columns[:narrow_from] + columns[lo:hi]
        cells = None
        if sparse is not None:
            rows, cols, nums, fmts = (np.asarray(a) if not isinstance(a, list) else a for a in sparse)
            keep = (cols >= lo) & (cols < hi)
            cells = (rows[keep], cols[keep] - (lo - narrow_from), nums[keep],
                     [f for f, x in zip(fmts, keep.tolist()) if x])
        if k:
            ws_k = _next_sheet(wb, ws_k)
            more = f"(columns {lo - narrow_from + 1:,}–{hi - narrow_from:,} of the grid; a sheet holds {per:,})"
        else:
            more = f"(columns 1–{hi - narrow_from:,} of the grid; the rest on the next sheets)"
        write_table(wb, ws_k, st, frame, part, title=title, note=f"{note} {more}" if note else more,
                    cell_formats=cell_formats, row_format=row_format, freeze_cols=freeze_cols,
                    narrow_from=narrow_from, sparse=cells)


def _sheet_title(title: str, what: str) -> str:
    """A sheet's title cell, "<season title> — <what the sheet is>"; a season title too long for one cell
    (32,767 characters) is cut, with an ellipsis, so that the sheet's own part stays."""
    return _cut_title(f"{title} — {what}", sheetxml.MAX_TEXT)


def _cut_title(title: str, most: int) -> str:
    """`title` in at most `most` characters: "<season title> — <sheet>" loses the end of the season title (with
    an ellipsis), never the sheet's part — the print header of each sheet must tell the sheets apart."""
    if len(title) <= most:
        return title
    head, sep, tail = title.rpartition(" — ")
    if not sep or len(sep + tail) + 1 >= most:
        return title[:most - 1] + "…"
    return head[:most - len(sep + tail) - 1] + "…" + sep + tail


def _sparse_part(sparse: Sparse, lo: int, hi: int | None) -> Sparse:
    """The sparse cells of data rows lo … hi-1 (hi None: to the end), renumbered from 0."""
    rows, cols, nums, fmts = sparse
    rows = np.asarray(rows)
    keep = (rows >= lo) & (rows < hi if hi is not None else True)
    fmts = [f for f, k in zip(fmts, keep.tolist()) if k] if isinstance(fmts, list) else np.asarray(fmts)[keep]
    return rows[keep] - lo, np.asarray(cols)[keep], np.asarray(nums)[keep], fmts


def _attrs(fmts: list, attr) -> list:
    """The `` s="N"`` text of each format in a list ("" where an entry is not a format), by distinct object."""
    if not fmts:
        return []
    codes, _ = pd.factorize(np.fromiter(map(id, fmts), dtype=np.int64, count=len(fmts)))
    firsts = np.unique(codes, return_index=True)[1]
    texts = np.array([attr(fmts[i]) if _is_format(fmts[i]) else "" for i in firsts.tolist()], dtype=object)
    return texts[codes].tolist()


def _xf_attr():
    memo: dict[int, str] = {}

    def attr(fmt) -> str:
        key = id(fmt)
        if key not in memo:
            memo[key] = f' s="{fmt._get_xf_index()}"'
        return memo[key]
    return attr


def _write_cells(ws, st: Styles, values: dict[int, list], present: list, formats: dict, first: int, n: int,
                 sparse: Sparse | None, heights: np.ndarray | None = None) -> None:
    """The same cells as the bulk renderer, one xlsxwriter call each, strictly row by row (`values`: each
    column's values by its position; `heights`: a row's height where it holds wrapped lines, 0 = default)."""
    extra: dict[int, list] = {}
    if sparse is not None:
        for i, c, v, f in zip(*(np.asarray(a).tolist() if not isinstance(a, list) else a for a in sparse)):
            extra.setdefault(i, []).append((c, v, f))
    for i in range(n):
        if heights is not None and heights[i]:
            ws.set_row(first + i, int(heights[i]))
        for c, _, base in present:
            fmt = base if formats[c] is None else formats[c][i]
            v = values[c][i]
            if isinstance(v, dt.date | pd.Timestamp) and (base is st.text or base is st.wrap):
                fmt = st.date
            if _empty(v):
                if formats[c] is not None:  # a row or cell format shows on blank cells too
                    ws.write_blank(first + i, c, None, fmt)
                continue
            write_cell(ws, first + i, c, v, fmt)
        for c, v, f in sorted(extra.get(i, ()), key=lambda x: x[0]):
            ws.write_number(first + i, c, v, f)


def _add_sheet(wb, name: str):
    """A new worksheet named `name`, made legal and distinct from the workbook's sheets (sheet_name)."""
    return wb.add_worksheet(sheet_name(name, {n.casefold() for n in wb.sheetnames}))


def sheet_name(name: str, used: set[str]) -> str:
    """A legal, unused sheet name: no []:*?/\\, at most 31 characters, not starting or ending with an
    apostrophe (Excel refuses those: a GPT named 'Efterår' in quotes), distinct ignoring case."""
    bad = '[]:*?/\\'
    base = "".join("-" if ch in bad else ch for ch in name)[:31].strip("'") or "Sheet"
    out, n = base, 2
    while out.casefold() in used:
        suffix = f" ({n})"
        out = base[: 31 - len(suffix)].rstrip("'") + suffix
        n += 1
    used.add(out.casefold())
    return out


def write_workbook(path: Path, season, outcome: Outcome, issues: list[Issue],
                   rows: sheetxml.RowStore | None = None,
                   rows_done: Callable[[sheetxml.RowStore], None] | None = None) -> sheetxml.RowStore:
    """The standings workbook. Table rows go through `rows` (a new RowStore when None — give one holding the
    last build's pieces to reuse them); returns it, so that the caller can cache what it used. `rows_done` is
    called with it as soon as every table is rendered, before the workbook is zipped (the caller's cache write
    then runs beside the zipping)."""
    import xlsxwriter
    import xlsxwriter.workbook as xw

    wb = xlsxwriter.Workbook(str(path), {"strings_to_formulas": False, "strings_to_urls": False,
                                         "strings_to_numbers": False, "nan_inf_to_errors": True,
                                         "constant_memory": True})
    wb.set_properties({"title": season.settings.get("title") or season.circuit.title,
                       "created": FIXED_CREATED, "author": "gpcalc", "comments": f"gpcalc {__version__}"})
    if not hasattr(xw, "ZipFile"):  # the zip cannot be replaced: no markers, rows go straight in
        rows = None
    elif rows is None:
        rows = sheetxml.RowStore()
    st = Styles(wb, outcome.points_decimals, rows, season.circuit.paper)
    title = season.settings.get("title") or f"{season.circuit.title} {season.settings.get('season', '')}"

    _summary(wb, _add_sheet(wb, "Summary"), st, season, outcome, issues, title)
    tours = outcome.tournaments
    rows_of = _by_ranking(outcome)
    for ranking in outcome.rankings:
        ws = _add_sheet(wb, ranking)
        _standings_sheet(wb, ws, st, season, outcome, ranking, tours, title, rows_of)
    pz = outcome.prizes
    cols = [(c, h, f) for c, h, f in [("ranking", "Ranking", "text"), ("place", "Place", "int"),
                                       ("name", "Player", "text"), ("id", "ID", "text"),
                                       ("state", season.circuit.club_label, "text"),
                                       ("club", "Club" if "state" in pz.columns else season.circuit.club_label,
                                        "text"),
                                       ("value", "Value", "money"), ("note", "Note", "text"),
                                       ("passed_over", "Passed over (already hold a prize)", "text"),
                                       ("rule", "Rule", "text")] if c in pz.columns]
    write_table(wb, _add_sheet(wb, outcome.prizes_sheet), st, pz, cols,
                title=_sheet_title(title, "prizes"), note=outcome.prizes_note)
    cl = outcome.clubs
    ccols = [("ranking", "Ranking", "text"), ("rank", "Rank", "int"), ("club", season.circuit.club_label, "text"),
             ("total", *outcome.clubs_total)] + [(c, _header(c), _guess_format(cl[c], c)) for c in cl.columns
                                             if c not in ("ranking", "rank", "tied", "club", "total")]
    write_table(wb, _add_sheet(wb, outcome.clubs_sheet), st,
                cl.assign(rank=_rank_text(cl)) if len(cl) else cl, [(k, h, "text" if k == "rank" else f)
                                                                    for k, h, f in ccols],
                title=_sheet_title(title, outcome.clubs_sheet.lower()), note=outcome.clubs_note)
    tcols = [(c, _header(c), _guess_format(tours[c], c)) for c in tours.columns if c not in ("cells", "read_ok", "sheet", "points_table")]
    write_table(wb, _add_sheet(wb, "Tournaments"), st, tours, tcols,
                title=_sheet_title(title, "tournaments"))
    for extra in outcome.sheets:
        _extra_sheet(wb, _add_sheet(wb, extra.name), st, extra, title)
    lg = outcome.ledger
    lcols = [(c, _header(c), {"points": "points", "date": "date", "detail": "wrap"}.get(c, "text"))
             for c in lg.columns if c not in ("player", "_src")]
    counted = lg["counted"] if "counted" in lg.columns else None
    write_table(wb, _add_sheet(wb, "Ledger"), st, lg, lcols, title=_sheet_title(title, "ledger"),
                note="Every points award with the rule that made it. Counted = used in the player's total."
                     + (f" {outcome.counting_note}" if outcome.counting_note else ""),
                cell_formats={"points": pd.Series(np.where(_is_false(counted), st.dropped, st.counted),
                                                  index=counted.index)} if counted is not None else None)
    iss = pd.DataFrame([i.as_dict() for i in issues],
                       columns=["severity", "code", "file", "sheet", "cell", "message", "hint"])
    rowfmt = iss["severity"].map({"error": st.error, "warning": st.warning}).where(lambda s: s.notna(), None)
    write_table(wb, _add_sheet(wb, "Issues"), st, iss,
                [(c, _header(c), "text") for c in iss.columns], title=_sheet_title(title, "issues"),
                note="Warnings and notes found in the input (a build with errors writes nothing).",
                row_format=rowfmt)
    store = rows or sheetxml.RowStore()
    if rows_done is not None:
        rows_done(store)
    _close_fast(wb, rows)
    return store


IN_MEMORY_BYTES = 16 << 20  # rows written to the worksheets' temporary files up to which the parts go in memory


def _row_data_size(wb) -> int:
    """Bytes of rows the workbook's constant-memory worksheets hold in their temporary files (the largest
    possible value when that cannot be told: then nothing is packaged in memory)."""
    total = 0
    for ws in wb.worksheets():
        fh = getattr(ws, "row_data_fh", None)
        if fh is None or getattr(ws, "row_data_fh_closed", True) or fh.closed:
            return IN_MEMORY_BYTES + 1
        total += fh.tell()
    return total


def _close_fast(wb, rows: sheetxml.RowStore | None) -> None:
    """Close (zip) the workbook through gpcalc.report.xlsxzip: zlib level 1 instead of 6 (~3× faster deflate
    for a file ~20 % larger — a federation's ledger is tens of MB of XML), and the row store's compressed
    pieces spliced in where its markers are. xlsxwriter has no option for either, so its module's ZipFile is
    replaced while it closes (a plain close when that name is not there; then there are no markers)."""
    import functools

    import xlsxwriter.workbook as xw

    from .xlsxzip import Zip

    real = getattr(xw, "ZipFile", None)
    if real is None:
        wb.close()
        return
    xw.ZipFile = functools.partial(Zip, segments=rows.segments if rows is not None else (), level=1)
    # A small workbook's parts (styles, theme, sheets …) are packaged in memory instead of one temporary file
    # each (xlsxwriter's file mode: ~0.3 ms a part, most of the time a small build spends closing). The parts
    # are the same and the zip writer here stamps every member alike, so the file is byte for byte the same. A
    # large one keeps the file mode, so that its rows are not held in memory twice.
    wb.in_memory = _row_data_size(wb) <= IN_MEMORY_BYTES
    try:
        wb.close()
    finally:
        xw.ZipFile = real


def _is_false(values: pd.Series) -> np.ndarray:
    """Which values are the boolean False (a blank is not)."""
    if values.dtype == bool:
        return ~values.to_numpy()
    return np.array([v is False for v in values.to_numpy(dtype=object).tolist()], dtype=bool)


def _rank_text(frame: pd.DataFrame) -> pd.Series:
    if "tied" not in frame.columns:
        return frame["rank"].astype(str)
    return pd.Series(np.where(frame["tied"], "=" + frame["rank"].astype(str), frame["rank"].astype(str)),
                     index=frame.index)


_ACRONYMS = {"id": "ID", "gp": "GP", "gpt": "GPT", "gpts": "GPTs", "irt": "IRT", "fide": "FIDE", "acf": "ACF",
             "am": "AM", "dm": "DM", "smmlv": "SMMLV"}


def _header(key: str) -> str:
    """A column's header from its key: words capitalised as a sentence, the rulebooks' acronyms kept
    ("gpt_points" → "GPT points", "last_gp_place" → "Last GP place")."""
    words = key.replace("_", " ").capitalize().split(" ")
    return " ".join(_ACRONYMS.get(w.casefold(), w) for w in words)


def _guess_format(col: pd.Series, key: str) -> str:
    if key in ("start", "end", "date", "registered", "reported"):
        return "date"
    if key in ("prize_money", "fee", "entry_fees", "prizes_paid", "value", "amount"):
        return "money"
    if pd.api.types.is_integer_dtype(col):
        return "int"
    if pd.api.types.is_float_dtype(col) and ("rating" in key or "place" in key):
        return "int"  # whole numbers with blanks (an unrated player, no place last year): not points
    if pd.api.types.is_float_dtype(col):
        return "points"
    return "text"


def _summary(wb, ws, st: Styles, season, outcome: Outcome, issues: list[Issue], title: str) -> None:
    rows: list[tuple[str, Any]] = [
        ("Title", title), ("Circuit", f"{season.circuit.title} ({season.circuit.name})"),
        ("Season", season.settings.get("season")),
        ("Tournaments", len(outcome.tournaments)), ("Result rows", len(season.results)),
        ("Players", int(season.results["player"].nunique()) if "player" in season.results else 0),
        ("Ledger rows", len(outcome.ledger)),
        ("Errors", sum(1 for i in issues if i.severity == "error")),
        ("Warnings", sum(1 for i in issues if i.severity == "warning")),
        ("Notes", sum(1 for i in issues if i.severity == "info")),
        ("gpcalc version", __version__),
        ("How to read", "Green results count towards the total; grey struck-through results are dropped. "
                        "=3 marks a shared rank."),
    ]
    # a circuit's warnings that must not be missed come first, coloured as on the Issues sheet (acf.md: "a season
    # before 2005 gets a warning on its first sheet"; no ratings at all: "a prominent warning")
    warn = [(k, v) for k, v in outcome.summary if k == "Warning"]
    rows = rows[:1] + warn + rows[1:] + [(k, v) for k, v in outcome.summary if k != "Warning"]
    ws.write_string(0, 0, title, st.title)
    r = 2
    width = [14, 40]
    for k, v in rows:
        width = [max(width[0], len(str(k)) + 2), max(width[1], min(cell_length(v), 120))]
    shown = min(max(width[1], 66), 90)  # the value column's width (set below), known before the rows are written
    for k, v in rows:
        # a long value (a ruling) wraps inside the column, its row as tall as its lines (LibreOffice, and Excel
        # in print, do not size such a row by themselves: the lines printed over the next row)
        if isinstance(v, str) and len(v) > shown - 1:
            lines = sum(max(1, -(-len(part) // (shown - 1))) for part in v.split("\n"))
            ws.set_row(r, NOTE_LINE * min(lines, MAX_LINES))
        ws.write_string(r, 0, str(k), st.key)
        write_cell(ws, r, 1, v, st.wrapped(st.warning) if k == "Warning" else st.wrap)
        r += 1
    r += 1
    ws.write_string(r, 0, "Input files", st.header)
    ws.write_string(r, 1, "SHA-256", st.header)
    for label, digest in season.inputs:
        r += 1
        ws.write_string(r, 0, label)
        ws.write_string(r, 1, digest)
        width[0] = max(width[0], len(label) + 2)
    ws.set_column(0, 0, min(width[0], MAX_WIDTH))
    ws.set_column(1, 1, shown)
    ws.set_landscape()
    ws.fit_to_pages(1, 0)
    _print_setup(ws, st, title)


def _print_setup(ws, st: Styles, title: str) -> None:
    """Every printed page: the circuit's paper, the title and the date at the top, the page number below."""
    ws.set_paper(st.paper)
    # (Excel allows 255 characters in a header, codes and doubled & included: a long title is cut, with an
    # ellipsis — the sheet's own title cell keeps it whole)
    shown = _cut_title(title, 110)
    ws.set_header(f"&L&\"Calibri,Bold\"{shown.replace('&', '&&')}&R&D")
    ws.set_footer("&CPage &P of &N")


def _standings_sheet(wb, ws, st: Styles, season, outcome: Outcome, ranking: str, tours: pd.DataFrame,
                     title: str, rows_of: dict | None = None) -> None:
    """One ranking's standings, with its results grid. `rows_of`: the positions of each ranking's rows in
    outcome.standings and outcome.entries (:func:`_by_ranking`, once for all rankings)."""
    rows_of = rows_of or _by_ranking(outcome)
    s = outcome.standings.take(rows_of["standings"].get(ranking, [])).reset_index(drop=True)
    e = outcome.entries.take(rows_of["entries"].get(ranking, []))
    present = set(e["tournament"].unique().tolist())
    tnames = [t for t in tours["tournament"] if t in present]
    frame = s.copy()
    frame["rank_text"] = _rank_text(s) if len(s) else pd.Series(dtype=str)
    cols = [("rank_text", "Rank", "text"), ("name", "Player", "text"), ("id", "ID", "text"),
            ("club", season.circuit.club_label, "text")]
    cols += [(c, _header(c), _guess_format(s[c], c) if c in s else "text") for c in outcome.standings_extra
             if c != "club"]
    cols += [("total", "Total", "total")]
    fixed = len(cols)
    cols += [(f"_t{i}", t, "points") for i, t in enumerate(tnames)]
    # The results grid is sparse: write only the cells that hold a result.
    row = pd.Index(s["player"]).get_indexer(e["player"])  # (a ranking lists each player once)
    e, row = e[row >= 0], row[row >= 0]
    counted = np.array(e["counted"].tolist(), dtype=bool)  # (truthiness, as the per-cell writer reads it)
    sparse = (row.astype(np.int64), pd.Index(tnames).get_indexer(e["tournament"]).astype(np.int64) + fixed,
              e["points"].to_numpy(dtype=float), np.where(counted, st.counted, st.dropped).tolist())
    note = (f"{len(s)} players. Green = counted result, grey struck-through = dropped result. "
            "=N marks a shared rank." + "".join(f" {x}" for x in (outcome.counting_note,
                                                                  outcome.ranking_notes.get(ranking, ""),
                                                                  outcome.standings_note) if x))
    write_table(wb, ws, st, frame, cols, title=_sheet_title(title, ranking), note=note, sparse=sparse,
                freeze_cols=2, narrow_from=fixed)


def _by_ranking(outcome: Outcome) -> dict[str, dict]:
    """Row positions of each ranking in the standings and the entries (one grouping, not a scan per ranking)."""
    return {name: frame.groupby("ranking", sort=False).indices if len(frame) else {}
            for name, frame in (("standings", outcome.standings), ("entries", outcome.entries))}


def _extra_sheet(wb, ws, st: Styles, sheet: OutSheet, title: str) -> None:
    frame = sheet.frame
    cols = [(c, _header(c), sheet.formats.get(c) or _guess_format(frame[c], c)) for c in frame.columns
            if not str(c).startswith("_") and c != sheet.highlight]
    rowfmt = None
    if sheet.highlight and sheet.highlight in frame.columns:
        marks = frame[sheet.highlight].to_numpy(dtype=object).tolist()
        rowfmt = pd.Series([st.highlight if h else None for h in marks], index=frame.index, dtype=object)
    write_table(wb, ws, st, frame, cols, title=_sheet_title(title, sheet.name), note=sheet.note, row_format=rowfmt)
