"""Workbooks → raw grids (python-calamine) → parsed tables that remember every cell's address."""

from __future__ import annotations

import difflib
import re
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from .issues import Issues, col_letter
from .parse import BadValue, clean_text, header_key
from .spec import Field, SheetSpec

# Limits on what one workbook may hold (documented in the README): refused before reading, clearly.
# All are checked from the zip directory and a streaming scan of the sheet XML BEFORE calamine loads anything.
MAX_FILE_BYTES = 50 * 1024 * 1024  # the .xlsx file on disk
MAX_UNCOMPRESSED_BYTES = 300 * 1024 * 1024  # all its zip members unpacked (zip bombs stop here)
MAX_ROWS = 100_000  # rows in one sheet (by <dimension>, by the last row number and by counting rows)
MAX_CELLS = 5_000_000  # rows × columns of one sheet (calamine holds the whole rectangle in memory)
MAX_CELL_CHARS = 32_767  # characters in one cell (Excel's own limit)
_MAX_CELL_XML = 4 * MAX_CELL_CHARS + 4096  # bytes of one cell's XML that cannot hold ≤ MAX_CELL_CHARS characters
_CHUNK = 1 << 18


@dataclass
class RawSheet:
    name: str
    rows: list[list[Any]]
    hidden: bool = False
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    hidden_rows: list[int] = field(default_factory=list)  # Excel row numbers (1-based) marked hidden
    formulas: list[str] = field(default_factory=list)  # cells holding a formula with no saved value


@dataclass
class RawBook:
    path: Path
    label: str  # the path relative to the season folder, as shown to users
    sheets: dict[str, RawSheet]

    def find(self, spec: SheetSpec) -> RawSheet | None:
        wanted = spec.names()
        for name, sheet in self.sheets.items():
            if header_key(name) in wanted:
                return sheet
        return None


def read_book(path: Path, label: str, issues: Issues) -> RawBook | None:
    """Read every sheet's values; problems that stop the file from being read become one error."""
    where = {"file": label}
    suffix = path.suffix.casefold()
    if suffix == ".xls":
        issues.error("legacy-xls", "this is an old Excel 97–2003 .xls file, which gpcalc does not read",
                     hint="open it in Excel or LibreOffice and save it as .xlsx (File → Save As → Excel Workbook)",
                     **where)
        return None
    try:
        size = path.stat().st_size
    except OSError as exc:
        issues.error("unreadable", f"cannot read the file: {exc.strerror}", **where)
        return None
    if size > MAX_FILE_BYTES:
        issues.error("too-large", f"the file is {size / 1e6:.0f} MB; gpcalc reads workbooks up to "
                     f"{MAX_FILE_BYTES // 1_000_000} MB", hint="split it or remove unused sheets", **where)
        return None
    problem = _zip_problem(path)
    if problem:
        code, message, hint = problem
        issues.error(code, message, hint=hint, **where)
        return None
    try:
        from python_calamine import CalamineWorkbook

        book = CalamineWorkbook.from_path(str(path))
        sheets: dict[str, RawSheet] = {}
        meta = {m.name: m for m in book.sheets_metadata}
        for name in book.sheet_names:
            sheet = book.get_sheet_by_name(name)
            if sheet.total_height > MAX_ROWS:
                issues.error("too-many-rows", f"sheet '{name}' has {sheet.total_height:,} rows; gpcalc reads at "
                             f"most {MAX_ROWS:,}", sheet=name, hint="delete the empty or unused rows", **where)
                return None
            rows = sheet.to_python(skip_empty_area=False)
            hidden = str(getattr(meta.get(name), "visible", "")).lower().find("hidden") >= 0
            merged = list(getattr(sheet, "merged_cell_ranges", None) or [])
            sheets[name] = RawSheet(name, rows, hidden, [_merge_box(m) for m in merged])
    except Exception as exc:  # calamine's errors are plain exceptions with a message
        issues.error("unreadable", f"cannot read the workbook: {str(exc).splitlines()[0][:200]}",
                     hint="open it in Excel and save it again as .xlsx", **where)
        return None
    return RawBook(path, label, sheets)


def _merge_box(m) -> tuple[int, int, int, int]:
    try:
        (r0, c0), (r1, c1) = m
        return int(r0), int(c0), int(r1), int(c1)
    except (TypeError, ValueError):
        return (0, 0, 0, 0)


def _zip_problem(path: Path) -> tuple[str, str, str] | None:
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        return "unreadable", f"cannot read the file: {exc.strerror}", ""
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        return ("encrypted-or-legacy", "this file is password-protected or an old .xls saved as .xlsx",
                "remove the password (File → Info → Protect Workbook) and save it as .xlsx")
    if not head.startswith(b"PK"):
        return ("not-a-workbook", "this is not an Excel workbook (.xlsx)",
                "save it from Excel or LibreOffice as an Excel Workbook (.xlsx)")
    try:
        with zipfile.ZipFile(path) as zf:
            total = sum(i.file_size for i in zf.infolist())
            if total > MAX_UNCOMPRESSED_BYTES:
                return ("too-large", f"the workbook unpacks to {total / 1e6:.0f} MB; gpcalc reads at most "
                        f"{MAX_UNCOMPRESSED_BYTES // 1_000_000} MB", "remove unused sheets and rows")
            if zf.testzip() is not None:
                return "corrupt", "the workbook is damaged (truncated or corrupt)", "save it again from Excel"
    except zipfile.BadZipFile:
        return "corrupt", "the workbook is damaged (truncated or corrupt)", "save it again from Excel"
    return None


# --------------------------------------------------------------------------------------------- tables


@dataclass
class Table:
    """A parsed table sheet: one row per data row, columns = field keys, plus `row` (Excel row number)."""

    file: str
    sheet: str
    frame: pd.DataFrame
    letters: dict[str, str]  # field key → column letter

    def cell(self, key: str, row: int) -> str:
        return f"{self.letters.get(key, '')}{row}"


def _nonblank_rows(rows: list[list[Any]]) -> list[int]:
    return [i for i, r in enumerate(rows) if any(clean_text(v) for v in r)]


def find_header(rows: list[list[Any]], fields: tuple[Field, ...], scan: int = 10) -> int:
    """The header row: the first row (within `scan`) that names the most known columns."""
    best, best_hits = 0, -1
    known = {n for f in fields for n in f.names()}
    for i, row in enumerate(rows[:scan]):
        hits = sum(1 for v in row if header_key(v) in known)
        if hits > best_hits:
            best, best_hits = i, hits
    return best


def read_table(raw: RawSheet, spec: SheetSpec, file: str, issues: Issues) -> Table:
    """Map headers to fields, parse every cell, record each problem with its cell address."""
    rows = raw.rows
    fields = spec.fields
    where = {"file": file, "sheet": raw.name}
    header_i = find_header(rows, fields) if rows else 0
    header = rows[header_i] if rows else []
    lookup = {n: f for f in fields for n in f.names()}
    cols: dict[str, int] = {}
    letters: dict[str, str] = {}
    unknown: list[tuple[int, str]] = []
    for j, value in enumerate(header):
        key = header_key(value)
        if not key:
            continue
        f = lookup.get(key)
        if f is None:
            unknown.append((j, clean_text(value)))
            continue
        if f.key in cols:
            issues.error("duplicate-header", f"the column '{f.name}' appears twice (columns "
                         f"{letters[f.key]} and {col_letter(j)})", cell=f"{col_letter(j)}{header_i + 1}",
                         hint="delete or rename one of them", **where)
            continue
        cols[f.key] = j
        letters[f.key] = col_letter(j)
    for f in fields:
        if f.required and f.key not in cols:
            names = [u for _, u in unknown]
            close = difflib.get_close_matches(f.name.casefold(), [n.casefold() for n in names], n=1, cutoff=0.6)
            guess = next((n for n in names if close and n.casefold() == close[0]), None)
            msg = f"the required column '{f.name}' is missing"
            if guess:
                msg += f" ('{guess}' looks like a misspelling of it)"
            issues.error("missing-column", msg, cell=f"A{header_i + 1}",
                         hint=f"add a column headed '{f.name}' in row {header_i + 1}", **where)
    for j, name in unknown:
        issues.info("unknown-column", f"the column '{name}' is not used by gpcalc",
                    cell=f"{col_letter(j)}{header_i + 1}", **where)

    data_rows = [(i, r) for i, r in enumerate(rows) if i > header_i and any(clean_text(v) for v in r)]
    excel_rows = [i + 1 for i, _ in data_rows]
    out: dict[str, Any] = {"row": excel_rows}
    for f in fields:
        j = cols.get(f.key)
        if j is None:
            out[f.key] = [f.default] * len(data_rows)
            continue
        values = [r[j] if j < len(r) else None for _, r in data_rows]
        out[f.key] = _parse_column(values, excel_rows, f, letters[f.key], issues, where)
    frame = pd.DataFrame(out)
    if len(frame) < spec.min_rows:
        issues.error("empty-sheet", f"the sheet '{raw.name}' has no rows below its header",
                     cell=f"A{header_i + 2}", hint="fill in one row per entry below the header", **where)
    return Table(file, raw.name, frame, letters)


def _parse_column(values: list[Any], excel_rows: list[int], f: Field, letter: str, issues: Issues,
                  where: dict) -> list[Any]:
    reader = f.reader
    cache: dict[Any, Any] = {}
    parsed: list[Any] = []
    for value, row in zip(values, excel_rows):
        try:
            cache_key = (type(value), value)
            hash(cache_key)
        except TypeError:
            cache_key = None
        if cache_key is not None and cache_key in cache:
            result = cache[cache_key]
        else:
            try:
                result = reader(value)
            except BadValue as exc:
                result = exc
            if cache_key is not None:
                cache[cache_key] = result
        if isinstance(result, BadValue):
            issues.error("bad-value", f"{f.name}: {result}", cell=f"{letter}{row}", hint=f.hint, **where)
            result = None
        if result is None:
            if f.required:
                issues.error("blank", f"{f.name} is blank", cell=f"{letter}{row}", hint=f.hint, **where)
            result = f.default
        parsed.append(result)
    return parsed


def read_settings(raw: RawSheet, spec: SheetSpec, file: str, issues: Issues) -> dict[str, Any]:
    """A two-column `Setting | Value` sheet → {field key: parsed value}; `_cells` maps keys to cells."""
    where = {"file": file, "sheet": raw.name}
    lookup = {n: f for f in spec.fields for n in f.names()}
    out: dict[str, Any] = {}
    cells: dict[str, str] = {}
    unknown: list[str] = []
    for i, row in enumerate(raw.rows):
        if not row:
            continue
        name = header_key(row[0])
        if not name or name in ("setting", "indstilling", "parámetro", "parametro", "ajuste"):
            continue
        f = lookup.get(name)
        value = row[1] if len(row) > 1 else None
        if f is None:
            unknown.append(clean_text(row[0]))
            close = difflib.get_close_matches(name, list(lookup), n=1, cutoff=0.75)
            if close:
                issues.warning("unknown-setting", f"the setting '{clean_text(row[0])}' is not known; "
                               f"did you mean '{lookup[close[0]].name}'?", cell=f"A{i + 1}",
                               hint=f"rename it to '{lookup[close[0]].name}'", **where)
            else:
                issues.info("unknown-setting", f"the setting '{clean_text(row[0])}' is not used by gpcalc",
                            cell=f"A{i + 1}", **where)
            continue
        if f.key in out:
            issues.error("duplicate-setting", f"the setting '{f.name}' is given twice", cell=f"A{i + 1}",
                         hint="keep one row per setting", **where)
            continue
        cells[f.key] = f"B{i + 1}"
        try:
            parsed = f.reader(value)
        except BadValue as exc:
            issues.error("bad-value", f"{f.name}: {exc}", cell=f"B{i + 1}", hint=f.hint, **where)
            out[f.key] = f.default
            continue
        if parsed is None and f.required:
            issues.error("blank", f"the setting '{f.name}' is blank", cell=f"B{i + 1}", hint=f.hint, **where)
        out[f.key] = f.default if parsed is None else parsed
    for f in spec.fields:
        if f.key not in out:
            if f.required:
                issues.error("missing-setting", f"the required setting '{f.name}' is missing",
                             cell=f"A{len(raw.rows) + 1}",
                             hint=f"add a row with '{f.name}' in column A and its value in column B", **where)
            out[f.key] = f.default
    out["_cells"] = cells
    return out
