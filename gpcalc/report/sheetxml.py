"""Table rows rendered as SpreadsheetML in bulk, and kept between builds.

xlsxwriter spends ~10 µs of pure Python on every cell (a method call, a type dispatch, an XML writer call); a
federation season's ledger has hundreds of thousands of rows. Here a whole column is turned into cell elements
at once (a text column per distinct text), rows carry no cell references (a row's XML depends on its cells only),
and :class:`RowStore` keeps them as compressed, content-keyed pieces that the next build reuses. The worksheet
gets a marker where the rows go (in the temporary row-data file xlsxwriter keeps for each ``constant_memory``
worksheet, after the rows it wrote itself); gpcalc.report.xlsxzip splices the pieces in when the workbook is
zipped. Without a store the rows are written into that file as text. Everything else in the workbook (styles,
widths, frozen panes, filters, print set-up) is still xlsxwriter's.

The cells written are the ones xlsxwriter would write for ``write_string`` / ``write_number`` /
``write_datetime`` (inline strings, ``%.16G`` numbers, Excel serial dates, control characters as ``_xHHHH_``,
``xml:space="preserve"`` for edge whitespace); ``tests/test_report_xml.py`` compares both cell by cell.

This leans on four internals of xlsxwriter's constant-memory worksheet (``fh``, ``previous_row``,
``_write_single_row``, ``_check_dimensions``) and on ``Format._get_xf_index``; pyproject.toml pins xlsxwriter to
the 3.x series and :func:`supported` checks they exist (the caller falls back to per-cell writes otherwise).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..issues import col_letter

CHUNK = 20_000  # rows rendered at a time: bounds memory on million-row ledgers
MAX_TEXT = 32_767  # characters in a cell (Excel's limit; xlsxwriter's write_string cuts longer strings there)

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\ufffe\uffff]|_x[0-9a-fA-F]{4}_")
_CONTROL_CHAR = re.compile(r"[\x00-\x08\x0b-\x1f\ufffe\uffff]")
_SEP = "\ue000"  # a private-use character: joins a column's texts for one scan (false positives only)
_EPOCH = np.datetime64("1899-12-30", "ns")
_LEAP_BUG = np.datetime64("1900-03-01", "ns")  # Excel's phantom 29 February 1900


def supported(ws) -> bool:
    """Whether this worksheet can take pre-rendered rows (xlsxwriter constant_memory internals present)."""
    return bool(getattr(ws, "constant_memory", False)) and all(
        hasattr(ws, a) for a in ("fh", "previous_row", "_write_single_row", "_check_dimensions"))


def _escape_control(t: str) -> str:
    """xlsxwriter's escape of control characters (→ _xHHHH_) and of literal _xHHHH_ (→ _x005F_xHHHH_)."""
    from xlsxwriter.xmlwriter import XMLwriter

    return XMLwriter._escape_control_characters(t)


def escape_text(t: str) -> str:
    """What xlsxwriter does to an inline string: control characters → _xHHHH_, then &, <, > → entities."""
    return _escape_control(t).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


WHITESPACE = "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"  # str.isspace


def _edge_space(joined: str) -> bool:
    """Whether any text of a column joined with _SEP starts or ends with whitespace (substring searches only)."""
    if not joined:
        return False
    if joined[0].isspace() or joined[-1].isspace():
        return True
    return any(ws + _SEP in joined or _SEP + ws in joined for ws in WHITESPACE if ws in joined)


def _needs_preserve(t: str) -> bool:
    return bool(t) and (t[0].isspace() or t[-1].isspace())


def excel_serials(values: pd.Series) -> np.ndarray:
    """Dates/datetimes (datetime64 or Python objects; NaT → NaN) as Excel 1900-system serial numbers."""
    ts = pd.to_datetime(values, errors="coerce")
    if getattr(ts.dt, "tz", None) is not None:
        ts = ts.dt.tz_localize(None)
    arr = ts.to_numpy(dtype="datetime64[ns]")
    out = (arr - _EPOCH) / np.timedelta64(1, "D")
    out = np.where(arr < _LEAP_BUG, out - 1, out)  # before 1 March 1900 Excel counts from 31 December 1899
    return out.astype(float)


@dataclass
class Column:
    """One column of a table, ready to render: `tails(lo, hi)` gives, per row, the part of each ``<c>`` element
    after its tag name (``' s="3"><v>12.5</v></c>'``), or "" for a blank cell; `width` is its display width;
    `keys()` a 64-bit content hash per row (equal keys: equal cells) and `sig` what is the same on every row
    (the kind of column and its format), for :class:`RowStore`."""
    letter: str
    tails: Callable[[int, int], list[str]]
    width: int
    keys: Callable[[], np.ndarray]
    sig: str
    lengths: Callable[[], np.ndarray] | None = None  # a text column's length per row (0: blank), for wrapping


def _hash_texts(texts: list[str], distinct: bool = False) -> np.ndarray:
    """The texts' hashes (``pd.util.hash_array``). ``distinct``: the texts are (nearly) all different, so the
    factorising that hash_array does first by default — which pays only for repeated values — is skipped: the
    same hashes, 4× faster on 200,000 distinct ledger details."""
    if not len(texts):
        return np.zeros(0, np.uint64)
    return pd.util.hash_array(np.asarray(texts, dtype=object), categorize=not distinct)


def _keys(values: Callable[[], np.ndarray], xfs: list[str] | str) -> Callable[[], np.ndarray]:
    """Row keys of a column: its values' hash, mixed with each row's format when that varies by row."""
    if isinstance(xfs, str):
        return values
    return lambda: _mix(values(), _hash_formats(xfs))


_FORMAT_HASHES: list[tuple[list[str], np.ndarray]] = []  # the last few per-row format lists and their hashes


def _hash_formats(xfs: list[str]) -> np.ndarray:
    """_hash_texts of a per-row format list, once per list: a table's plain-text columns share one (a highlighted
    row's format). The list is kept with its hash, so its identity cannot be taken by another list."""
    for lst, h in _FORMAT_HASHES:
        if lst is xfs:
            return h
    h = _hash_texts(xfs)
    _FORMAT_HASHES.append((xfs, h))
    del _FORMAT_HASHES[:-4]
    return h


_MUL = np.uint64(0x100000001B3)


def _mix(h: np.ndarray, k: np.ndarray) -> np.ndarray:
    """Fold one column's hashes into the row keys so far (an invertible step: distinct inputs stay apart)."""
    return (h ^ k) * _MUL + np.uint64(0x9E3779B97F4A7C15)


def _text_tails(texts: Any, xfs: list[str] | str) -> tuple[Callable[[int, int], list[str]], int, Callable]:
    """A text column (str or None/NaN per row). Each distinct text is measured, hashed and rendered once
    (a ledger repeats the same rule and tournament names hundreds of thousands of times); rows take theirs by
    code, and only the rows actually rendered (RowStore: the new ones) pay for a list entry."""
    codes, uniques = pd.factorize(np.asarray(texts, dtype=object))
    uniq = [u if isinstance(u, str) else str(u) for u in uniques.tolist()] + [""]  # the last: blank (code -1)
    codes = np.where(codes < 0, len(uniq) - 1, codes)
    lens = np.fromiter(map(len, uniq), dtype=np.int64, count=len(uniq))
    width = int(lens.max())
    hashed = _hash_texts(uniq, distinct=True)
    keys = _keys(lambda: hashed[codes], xfs)
    head = f'{xfs} t="inlineStr"><is>' if isinstance(xfs, str) else ' t="inlineStr"><is>'
    # each distinct text's cell (after "<c", or after the row's format), "" for a blank; rendered on first use —
    # all at once for a large request (a cold build), else the distinct texts the rows asked for
    cells = np.empty(len(uniq), dtype=object)
    done = np.zeros(len(uniq), dtype=bool)

    def render(which: np.ndarray | None) -> None:
        """The cells of the distinct texts `which` (None: all), with a few scans of those texts joined deciding
        what each needs (the cells are the same as escaping each text on its own: :func:`escape_text`)."""
        esc = uniq if which is None else [uniq[u] for u in which.tolist()]
        if any(len(t) > MAX_TEXT for t in esc):  # Excel's cell limit, cut as xlsxwriter's write_string cuts
            esc = [t[:MAX_TEXT] for t in esc]
        joined = _SEP.join(esc)
        if _CONTROL_CHAR.search(joined) or ("_x" in joined and _CONTROL.search(joined)):
            esc = [_escape_control(t) if t else t for t in esc]
        if "&" in joined or "<" in joined or ">" in joined:
            esc = [t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") if t else t for t in esc]
        preserve = _edge_space(joined)
        opens = ['<t xml:space="preserve">' if preserve and _needs_preserve(t) else "<t>" for t in esc]
        made = np.empty(len(esc), dtype=object)
        made[:] = [f"{head}{o}{t}</t></is></c>" if t else "" for o, t in zip(opens, esc)]
        if which is None:
            cells[:] = made
            done[:] = True
        else:
            cells[which] = made
            done[which] = True

    def body(idx: np.ndarray) -> list[str]:
        if not done.all():
            if 4 * len(idx) >= len(codes):
                render(None)
            else:
                missing = idx[~done[idx]]
                if len(missing):
                    render(pd.unique(missing))
        return cells[idx].tolist()

    if isinstance(xfs, str):
        def tails(lo: int, hi: int) -> list[str]:
            return body(codes[lo:hi])
    else:
        def tails(lo: int, hi: int) -> list[str]:
            return [x + b if b else f"{x}/>" for x, b in zip(xfs[lo:hi], body(codes[lo:hi]))]
    tails.lengths = lambda: lens[codes]  # (each row's text length, for the rows' heights where the column wraps)
    return tails, width, keys


def _number_tails(nums: np.ndarray, xfs: list[str] | str) -> tuple[Callable[[int, int], list[str]], int, Callable]:
    """A numeric column (NaN = blank)."""
    keys = _keys(lambda: _hash_numbers(nums), xfs)
    finite = nums[np.isfinite(nums)]
    width = max((len(f"{float(x):.2f}") for x in (finite.min(), finite.max())), default=0) if len(finite) else 0
    vals = nums.tolist()
    if isinstance(xfs, str):
        def tails(lo: int, hi: int) -> list[str]:
            return [f"{xfs}><v>{v:.16G}</v></c>" if v == v else "" for v in vals[lo:hi]]
    else:
        def tails(lo: int, hi: int) -> list[str]:
            return [f"{x}><v>{v:.16G}</v></c>" if v == v else f"{x}/>" for x, v in zip(xfs[lo:hi], vals[lo:hi])]
    return tails, width, keys


def _hash_numbers(nums: np.ndarray) -> np.ndarray:
    """The numbers' hashes, -0.0 apart from 0.0: hash_array gives both the same hash, but the cell of -0.0 is
    written "-0" (as xlsxwriter writes it), so a stored row of 0 must not stand in for it."""
    h = pd.util.hash_array(nums)
    return np.where(np.signbit(nums) & (nums == 0), _mix(h, np.uint64(0x5BD1E995)), h)


def is_blank(v: Any) -> bool:
    """None, NaN, NaT, NA — a cell that is not written."""
    if v is None or v is pd.NaT or v is pd.NA:
        return True
    if isinstance(v, float) and v != v:
        return True
    return not isinstance(v, str | list | tuple | dict) and pd.isna(v) is True


def _mixed_tails(values: list[Any], xfs: list[str], date_xf: str | None,
                 styled: bool) -> tuple[Callable[[int, int], list[str]], int, Callable]:
    """A column of mixed Python values, one dispatch per cell (small sheets: summaries, notes)."""
    out: list[str] = []
    width = 0
    for v, x in zip(values, xfs):
        if is_blank(v):
            out.append(f"{x}/>" if styled else "")
            continue
        if isinstance(v, bool | np.bool_):
            v = "Yes" if v else "No"
        if isinstance(v, int | float | np.integer | np.floating):
            text = f"{float(v):.16G}"
            out.append(f"{x}><v>{text}</v></c>")
            width = max(width, len(f"{float(v):.2f}"))
        elif isinstance(v, dt.date | pd.Timestamp):
            serial = excel_serials(pd.Series([v]))[0]
            out.append(f"{date_xf or x}><v>{serial:.16G}</v></c>")
            width = max(width, 10)
        else:
            t = str(v)[:MAX_TEXT]
            o = '<t xml:space="preserve">' if _needs_preserve(t) else "<t>"
            t = escape_text(t)
            out.append(f'{x} t="inlineStr"><is>{o}{t}</t></is></c>' if t else (f"{x}/>" if styled else ""))
            width = max(width, len(str(v)))
    return (lambda lo, hi: out[lo:hi]), width, (lambda: _hash_texts(out))  # the cells as rendered


def _plain_numbers(vals: list[Any], kinds: set[type]) -> np.ndarray | None:
    """The values as floats (blank = NaN) when they are only numbers and blanks — no booleans (written Yes/No),
    no infinities — else None."""
    blank = (type(None), type(pd.NA))
    if not all(k in blank or (issubclass(k, int | float | np.integer | np.floating)
                              and not issubclass(k, bool | np.bool_)) for k in kinds):
        return None
    nums = np.array([np.nan if v is None or v is pd.NA else float(v) for v in vals], dtype=float)
    return None if np.isinf(nums).any() else nums


def column(values: pd.Series, letter: str, xfs: list[str] | str, date_xf: str | None = None) -> Column:
    """Classify a column once (by dtype, else by the Python types it holds) and return its renderer.
    `xfs` is the `` s="N"`` attribute text for every cell, or one per row (then blank cells are written too,
    empty but formatted, so that a highlighted row is highlighted across); `date_xf`, when given (the column's
    format is plain text), is used for date cells so that they show as dates."""
    n = len(values)
    dtype = values.dtype
    if pd.api.types.is_bool_dtype(dtype) and not values.hasnans:
        kind, used = "t", xfs
        tails, w, keys = _text_tails(np.where(values.to_numpy(dtype=bool), "Yes", "No").tolist(), xfs)
    elif pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_bool_dtype(dtype):
        kind, used = "n", xfs
        tails, w, keys = _number_tails(values.to_numpy(dtype=float, na_value=np.nan), xfs)
    elif pd.api.types.is_datetime64_any_dtype(dtype):
        kind, used = "n", date_xf or xfs
        tails, w, keys = _number_tails(excel_serials(values), used)
        w = 10
    elif pd.api.types.infer_dtype(values, skipna=True) in ("string", "empty"):  # text, blanks as None/NaN
        kind, used = "t", xfs
        tails, w, keys = _text_tails(values.to_numpy(dtype=object), xfs)
    else:
        vals = values.tolist()
        kinds = {type(v) for v in vals}
        nan_only = float not in kinds or all(v != v for v in vals if type(v) is float)
        if kinds <= {str, type(None), float} and nan_only:
            kind, used = "t", xfs
            tails, w, keys = _text_tails(vals, xfs)
        elif kinds <= {dt.date, dt.datetime, pd.Timestamp, type(None), type(pd.NaT)}:
            kind, used = "n", date_xf or xfs
            tails, w, keys = _number_tails(excel_serials(values), used)
            w = 10
        else:
            nums = _plain_numbers(vals, kinds)
            if nums is not None:  # ints and floats mixed (and blanks): what the mixed writer writes, column-wise
                kind, used = "n", xfs
                tails, w, keys = _number_tails(nums, xfs)
            else:
                per_row = [xfs] * n if isinstance(xfs, str) else xfs
                kind, used = "m", ""
                tails, w, keys = _mixed_tails(vals, per_row, date_xf, not isinstance(xfs, str))
    return Column(letter, tails, w, keys, kind + (used if isinstance(used, str) else "[]"),
                  getattr(tails, "lengths", None))


_TRAIL = re.compile(r"(?:<c/>)+$")


def render_block(cols: list[tuple[int, Column]], lo: int, hi: int, extra: SparseCells | None = None,
                 heights: np.ndarray | None = None) -> list[str]:
    """The ``<row>`` elements of data rows lo … hi-1, without references: a row is the one after the previous
    row and a cell the one right of the previous cell (ECMA-376 §18.3.1.73 and §18.3.1.4 make ``r`` optional;
    Excel, LibreOffice, calamine and openpyxl count them so). A blank cell between two written ones is ``<c/>``.
    Without references a row's XML depends on nothing but its cells — what lets :class:`RowStore` reuse it.
    `extra` adds cells with references (they re-anchor the column) to some rows; `heights` (points per data row,
    0: the default) gives a row holding wrapped text the height of its lines."""
    per_col = [["<c" + t if t else "<c/>" for t in col.tails(lo, hi)] for _, col in cols]
    bodies = ["".join(cells) for cells in zip(*per_col)] if per_col else [""] * (hi - lo)
    more_cells = extra.block(lo, hi) if extra is not None else {}
    out = []
    for i, b in enumerate(bodies, start=lo):
        if b.endswith("<c/>"):
            b = _TRAIL.sub("", b)
        more = more_cells.get(i)
        if more:
            b += more
        if heights is not None and heights[i]:
            out.append(f'<row ht="{heights[i]}" customHeight="1">{b}</row>')
        else:
            out.append(f"<row>{b}</row>" if b else "<row/>")
    return out


def render_rows(n: int, cols: list[tuple[int, Column]], extra: SparseCells | None = None,
                heights: np.ndarray | None = None) -> Iterator[str]:
    """All n data rows as XML text, CHUNK rows at a time (no cache: tests, and a build without the cache)."""
    for lo in range(0, n, CHUNK):
        yield "".join(render_block(cols, lo, min(n, lo + CHUNK), extra, heights))


class SparseCells:
    """Extra numeric cells (e.g. results in a standings grid) to the right of a table's columns, as arrays
    (data row, column, number, `` s="N"`` text per cell); rendered per block of rows, in column order, with
    references (the data rows start at sheet row `first_row`)."""

    def __init__(self, first_row: int, rows: np.ndarray, cols: np.ndarray, nums: np.ndarray, xfs: list[str]):
        order = np.lexsort((cols, rows))
        self.first_row = first_row
        self.rows, self.cols, self.nums = rows[order], cols[order], nums[order].astype(float)
        codes, uniq = pd.factorize(np.asarray(xfs, dtype=object))
        self.xf_codes, self.xf_names = codes[order], uniq.tolist()

    def keys(self, n: int) -> np.ndarray:
        """Per data row: a hash of its extra cells, their positions included (they carry references); 0 for a
        row without any, which is then the same wherever it is."""
        cell = _mix(_mix(pd.util.hash_array(self.cols.astype(np.int64)), _hash_numbers(self.nums)),
                    _hash_texts(self.xf_names)[self.xf_codes] if len(self.xf_names) else np.zeros(0, np.uint64))
        cell = _mix(cell, pd.util.hash_array(self.rows.astype(np.int64)))
        out = np.zeros(n, np.uint64)
        if len(cell):
            starts = np.flatnonzero(np.r_[True, self.rows[1:] != self.rows[:-1]])
            out[self.rows[starts]] = np.add.reduceat(cell, starts)  # order-free: the cells are sorted anyway
        return out

    def block(self, lo: int, hi: int) -> dict[int, str]:
        a, b = (int(x) for x in np.searchsorted(self.rows, [lo, hi]))
        if a == b:
            return {}
        rows = self.rows[a:b]
        cols = self.cols[a:b]
        letters = {c: col_letter(c) for c in np.unique(cols).tolist()}
        first, names = self.first_row + 1, self.xf_names
        cells = [f'<c r="{letters[c]}{r + first}"{names[x]}><v>{v:.16G}</v></c>'
                 for r, c, v, x in zip(rows.tolist(), cols.tolist(), self.nums[a:b].tolist(),
                                       self.xf_codes[a:b].tolist())]
        starts = np.flatnonzero(np.r_[True, rows[1:] != rows[:-1]])  # each row's cells (sorted by column)
        ends = np.r_[starts[1:], len(rows)]
        return {r: "".join(cells[i:j]) for r, i, j in zip(rows[starts].tolist(), starts.tolist(), ends.tolist())}


def stream_rows(ws, first_row: int, last_row: int, last_col: int, chunks: Iterator[str]) -> None:
    """Append pre-rendered rows (or a RowStore marker) to a constant_memory worksheet, right after the rows it
    has written so far (the rows have no references: they must follow the header without a gap)."""
    ws._write_single_row(first_row)  # flush xlsxwriter's pending row (the header) and move past it
    wrote = False
    for xml in chunks:
        if xml:
            ws.fh.write(xml)
            wrote = True
    if wrote:
        ws._check_dimensions(last_row, last_col)
    ws.previous_row = last_row + 1


# ------------------------------------------------------------------------------------------- the row store

AVG_ROWS, MAX_ROWS = 64, 512  # rows per stored piece: on average (a content-defined cut) and at most


class RowStore:
    """Table rows rendered and compressed in pieces that are reused when their content comes back.

    Each table's rows get a 64-bit content key each (:attr:`Column.keys`); a piece ends after a row whose key
    has its top six bits zero (so about every 64 rows, and at the same rows whatever comes before — a
    content-defined cut) or after 512 rows. A piece's key is a BLAKE2 hash of its rows' keys and of what the
    table's columns are. A piece found in `previous` (the pieces of the last build, from gpcalc's cache) is
    reused as it is — already compressed; the others are rendered (:func:`render_block`) and compressed
    (:func:`gpcalc.report.xlsxzip.deflate`). The worksheet gets a marker for the table, and the zip writer
    (:class:`gpcalc.report.xlsxzip.Zip`) splices the pieces in. After a build, :attr:`used` is what to cache.
    Rows that carry cell references (a standings grid's results) make their pieces' keys include the position.
    """

    def __init__(self, previous: dict[bytes, tuple] | None = None, level: int = 1):
        self.previous = previous or {}
        self.used: dict[bytes, tuple] = {}
        self.segments: list[list[tuple]] = []
        self.level = level
        self.rendered = self.reused = 0  # rows

    def table(self, n: int, cols: list[tuple[int, Column]], extra: SparseCells | None = None,
              heights: np.ndarray | None = None) -> str:
        """Render (or reuse) a table's n data rows; returns the marker to put where they go."""
        from .xlsxzip import deflate

        h = np.zeros(n, np.uint64)
        for _, col in cols:
            h = _mix(h, col.keys())
        if extra is not None:
            h = _mix(h, extra.keys(n))
        if heights is not None:
            h = _mix(h, pd.util.hash_array(np.asarray(heights, dtype=np.int64)))
        sig = ("|".join(col.sig for _, col in cols) + ("|+" if extra is not None else "")
               + ("|h" if heights is not None else "")).encode()
        bounds = _cuts(h)
        salt = hashlib.sha256(sig).digest()
        keys = [hashlib.blake2b(h[lo:hi].tobytes(), digest_size=16, key=salt).digest()
                for lo, hi in zip(bounds[:-1], bounds[1:])]
        todo = [i for i, k in enumerate(keys) if k not in self.used and k not in self.previous]
        fresh: dict[bytes, tuple] = {}
        for run in _runs(todo, bounds):
            lo, hi = bounds[run[0]], bounds[run[-1] + 1]
            rows = render_block(cols, lo, hi, extra, heights)
            for i in run:
                a, b = bounds[i] - lo, bounds[i + 1] - lo
                fresh[keys[i]] = deflate("".join(rows[a:b]).encode("utf-8"), self.level)
            self.rendered += hi - lo
        pieces = []
        for k in keys:
            piece = fresh.get(k) or self.used.get(k) or self.previous[k]
            self.used[k] = piece
            pieces.append(piece)
        self.reused += n - sum(bounds[i + 1] - bounds[i] for i in todo)
        self.segments.append(pieces)
        return f"<!--gpcalc:{len(self.segments) - 1}-->"


def _cuts(h: np.ndarray) -> list[int]:
    """Piece boundaries (0, …, n): after each row whose key's top six bits are zero, and every MAX_ROWS rows
    in between."""
    n = len(h)
    ends = (np.flatnonzero((h >> np.uint64(58)) == 0) + 1).tolist()
    out, last = [0], 0
    for e in ends + [n]:
        while e - last > MAX_ROWS:
            last += MAX_ROWS
            out.append(last)
        if e > last:
            out.append(e)
            last = e
    return out


def _runs(todo: list[int], bounds: list[int]) -> Iterator[list[int]]:
    """Consecutive pieces to render together, up to CHUNK rows a run (one render_block call per run)."""
    run: list[int] = []
    for i in todo:
        if run and (i != run[-1] + 1 or bounds[i + 1] - bounds[run[0]] > CHUNK):
            yield run
            run = []
        run.append(i)
    if run:
        yield run
