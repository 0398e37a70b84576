"""Table rows rendered as SpreadsheetML in bulk and streamed into an xlsxwriter worksheet.

xlsxwriter spends ~10 µs of pure Python on every cell (a method call, a type dispatch, an XML writer call); a
federation season's ledger has hundreds of thousands of rows. Here a whole column is turned into cell elements
with one list comprehension per chunk of rows, and the finished ``<row>`` elements are written straight into the
temporary row-data file that xlsxwriter keeps for each worksheet in ``constant_memory`` mode — the same file its
own ``_write_single_row`` writes to, copied verbatim into ``<sheetData>`` when the workbook is closed. Everything
else in the workbook (styles, widths, frozen panes, filters, print set-up, the zip) is still xlsxwriter's.

The cells written are the ones xlsxwriter would write for ``write_string`` / ``write_number`` /
``write_datetime`` (inline strings, ``%.16G`` numbers, Excel serial dates, control characters as ``_xHHHH_``,
``xml:space="preserve"`` for edge whitespace); ``tests/test_report_xml.py`` compares both cell by cell.

This leans on four internals of xlsxwriter's constant-memory worksheet (``fh``, ``previous_row``,
``_write_single_row``, ``_check_dimensions``) and on ``Format._get_xf_index``; pyproject.toml pins xlsxwriter to
the 3.x series and :func:`supported` checks they exist (the caller falls back to per-cell writes otherwise).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..issues import col_letter

CHUNK = 20_000  # rows rendered at a time: bounds memory on million-row ledgers

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
    after its reference (``' s="3"><v>12.5</v></c>'``), or "" for a blank cell; `width` is its display width."""
    letter: str
    tails: Callable[[int, int], list[str]]
    width: int


def _text_tails(texts: list[Any], xfs: list[str] | str) -> tuple[Callable[[int, int], list[str]], int]:
    """A text column (str or None/NaN per row)."""
    texts = [t if isinstance(t, str) else "" for t in texts]
    width = max(map(len, texts), default=0)
    joined = _SEP.join(texts)  # a few scans of the whole column decide what each value needs
    if _CONTROL_CHAR.search(joined) or ("_x" in joined and _CONTROL.search(joined)):
        texts = [_escape_control(t) if t else t for t in texts]
    if "&" in joined or "<" in joined or ">" in joined:
        texts = [t.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;") if t else t for t in texts]
    opens = ['<t xml:space="preserve">' if _needs_preserve(t) else "<t>" for t in texts] \
        if _edge_space(joined) else None
    if isinstance(xfs, str):
        head = f'{xfs} t="inlineStr"><is>'
        if opens is None:
            def tails(lo: int, hi: int) -> list[str]:
                return [f"{head}<t>{t}</t></is></c>" if t else "" for t in texts[lo:hi]]
        else:
            def tails(lo: int, hi: int) -> list[str]:
                return [f"{head}{o}{t}</t></is></c>" if t else "" for o, t in zip(opens[lo:hi], texts[lo:hi])]
    else:
        ops = opens or ["<t>"] * len(texts)

        def tails(lo: int, hi: int) -> list[str]:
            return [f'{x} t="inlineStr"><is>{o}{t}</t></is></c>' if t else f"{x}/>"
                    for x, o, t in zip(xfs[lo:hi], ops[lo:hi], texts[lo:hi])]
    return tails, width


def _number_tails(nums: np.ndarray, xfs: list[str] | str) -> tuple[Callable[[int, int], list[str]], int]:
    """A numeric column (NaN = blank)."""
    finite = nums[np.isfinite(nums)]
    width = max((len(f"{float(x):.2f}") for x in (finite.min(), finite.max())), default=0) if len(finite) else 0
    vals = nums.tolist()
    if isinstance(xfs, str):
        def tails(lo: int, hi: int) -> list[str]:
            return [f"{xfs}><v>{v:.16G}</v></c>" if v == v else "" for v in vals[lo:hi]]
    else:
        def tails(lo: int, hi: int) -> list[str]:
            return [f"{x}><v>{v:.16G}</v></c>" if v == v else f"{x}/>" for x, v in zip(xfs[lo:hi], vals[lo:hi])]
    return tails, width


def is_blank(v: Any) -> bool:
    """None, NaN, NaT, NA — a cell that is not written."""
    if v is None or v is pd.NaT or v is pd.NA:
        return True
    if isinstance(v, float) and v != v:
        return True
    return not isinstance(v, str | list | tuple | dict) and pd.isna(v) is True


def _mixed_tails(values: list[Any], xfs: list[str], date_xf: str | None,
                 styled: bool) -> tuple[Callable[[int, int], list[str]], int]:
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
            t = str(v)
            o = '<t xml:space="preserve">' if _needs_preserve(t) else "<t>"
            t = escape_text(t)
            out.append(f'{x} t="inlineStr"><is>{o}{t}</t></is></c>' if t else (f"{x}/>" if styled else ""))
            width = max(width, len(str(v)))
    return (lambda lo, hi: out[lo:hi]), width


def column(values: pd.Series, letter: str, xfs: list[str] | str, date_xf: str | None = None) -> Column:
    """Classify a column once (by dtype, else by the Python types it holds) and return its renderer.
    `xfs` is the `` s="N"`` attribute text for every cell, or one per row (then blank cells are written too,
    empty but formatted, so that a highlighted row is highlighted across); `date_xf`, when given (the column's
    format is plain text), is used for date cells so that they show as dates."""
    n = len(values)
    dtype = values.dtype
    if pd.api.types.is_bool_dtype(dtype) and not values.hasnans:
        tails, w = _text_tails(np.where(values.to_numpy(dtype=bool), "Yes", "No").tolist(), xfs)
    elif pd.api.types.is_numeric_dtype(dtype) and not pd.api.types.is_bool_dtype(dtype):
        tails, w = _number_tails(values.to_numpy(dtype=float, na_value=np.nan), xfs)
    elif pd.api.types.is_datetime64_any_dtype(dtype):
        tails, w = _number_tails(excel_serials(values), date_xf or xfs)
        w = 10
    else:
        vals = values.tolist()
        kinds = {type(v) for v in vals}
        nan_only = float not in kinds or all(v != v for v in vals if type(v) is float)
        if kinds <= {str, type(None), float} and nan_only:
            tails, w = _text_tails(vals, xfs)
        elif kinds <= {dt.date, dt.datetime, pd.Timestamp, type(None), type(pd.NaT)}:
            tails, w = _number_tails(excel_serials(values), date_xf or xfs)
            w = 10
        else:
            per_row = [xfs] * n if isinstance(xfs, str) else xfs
            tails, w = _mixed_tails(vals, per_row, date_xf, not isinstance(xfs, str))
    return Column(letter, tails, w)


def render_rows(first_row: int, n: int, cols: list[tuple[int, Column]],
                extra: dict[int, str] | None = None) -> Iterator[str]:
    """``<row>`` elements for data rows ``first_row .. first_row + n - 1`` (0-based), CHUNK rows at a time.
    `extra` adds pre-rendered cells (to the right of every column) to some rows, by data-row index."""
    for lo in range(0, n, CHUNK):
        hi = min(n, lo + CHUNK)
        refs = [str(first_row + i + 1) for i in range(lo, hi)]
        per_col = []
        for _, col in cols:
            pre = f'<c r="{col.letter}'
            per_col.append([f'{pre}{r}"{t}' if t else "" for r, t in zip(refs, col.tails(lo, hi))])
        bodies = ["".join(cells) for cells in zip(*per_col)] if per_col else [""] * (hi - lo)
        if extra:
            for i in range(lo, hi):
                more = extra.get(i)
                if more:
                    bodies[i - lo] += more
        yield "".join(f'<row r="{r}">{b}</row>' for r, b in zip(refs, bodies) if b)


def sparse_cells(first_row: int, rows: np.ndarray, cols: np.ndarray, nums: np.ndarray,
                 xfs: list[str]) -> dict[int, str]:
    """Extra numeric cells (e.g. results in a standings grid) grouped per data row, in column order."""
    if len(rows) == 0:
        return {}
    order = np.lexsort((cols, rows))
    rows, cols, nums = rows[order], cols[order], nums[order]
    xs = [xfs[i] for i in order.tolist()]
    letters: dict[int, str] = {}
    out: dict[int, list[str]] = {}
    for r, c, v, x in zip(rows.tolist(), cols.tolist(), nums.tolist(), xs):
        letter = letters.get(c) or letters.setdefault(c, col_letter(c))
        out.setdefault(r, []).append(f'<c r="{letter}{first_row + r + 1}"{x}><v>{v:.16G}</v></c>')
    return {r: "".join(cells) for r, cells in out.items()}


def stream_rows(ws, first_row: int, last_row: int, last_col: int, chunks: Iterator[str]) -> None:
    """Append pre-rendered rows to a constant_memory worksheet, after whatever it has written so far."""
    ws._write_single_row(first_row)  # flush xlsxwriter's pending row (the header) and move past it
    wrote = False
    for xml in chunks:
        if xml:
            ws.fh.write(xml)
            wrote = True
    if wrote:
        ws._check_dimensions(last_row, last_col)
    ws.previous_row = last_row + 1
