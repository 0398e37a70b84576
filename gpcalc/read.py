"""Workbooks → raw grids (python-calamine) → parsed tables that remember every cell's address."""

from __future__ import annotations

import difflib
import re
import zipfile
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import islice, zip_longest
from pathlib import Path
from typing import Any

import pandas as pd

from .issues import Issues, col_letter
from .parse import BadValue, clean_text, header_key, row_filled, texts_need_no_cleaning
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
_MB = 1024 * 1024
# the dtype ``frame[key] = "text"`` gives a column (pandas' default string dtype), as an instance: looking the
# name "str" up again for every constant column of every small sheet costs more than building the column
_TEXT = pd.array([""], dtype="str").dtype


@dataclass
class RawSheet:
    name: str
    rows: list[list[Any]]
    hidden: bool = False
    merged: list[tuple[int, int, int, int]] = field(default_factory=list)
    hidden_rows: list[int] = field(default_factory=list)  # Excel row numbers (1-based) marked hidden
    formulas: list[str] = field(default_factory=list)  # cells holding a formula with no saved value
    errors: list[tuple[str, str]] = field(default_factory=list)  # (cell, '#N/A'): cells showing an Excel error


@dataclass
class RawBook:
    path: Path
    label: str  # the path relative to the season folder, as shown to users
    sheets: dict[str, RawSheet]
    # for a book made from another file (a TRF, a chess-results export): (sheet, cell) → the (file, sheet, cell)
    # an issue should name (Issues.relocate)
    locate: Callable[[str, str], tuple[str, str, str]] | None = None
    # for such a book: the settings the file itself gives (name, start, end, rounds), whatever a sidecar says
    own: dict[str, Any] = field(default_factory=dict)
    foreign: bool = False  # made from a TRF or an export (its Results columns are the file's, not typed)

    def find(self, spec: SheetSpec) -> RawSheet | None:
        wanted = spec.names()
        for name, sheet in self.sheets.items():
            if header_key(name) in wanted:
                return sheet
        return None


_OTHER_FORMATS = {
    ".xlsb": "an Excel binary workbook (.xlsb)",
    ".ods": "an OpenDocument spreadsheet (.ods)",
    ".numbers": "an Apple Numbers file",
}


_NOT_READ = {
    ".csv": ("a CSV file is not a tournament workbook",
             "enter its results in the organiser template (.xlsx) — gpcalc template CIRCUIT; a rating list goes in "
             "the ratings/ folder; anything else can stay (or move it out of the season folder)"),
    ".zip": ("a zip archive (e.g. an e-mail attachment): its files are not opened",
             "unzip it into the season folder, then delete or move the .zip"),
    ".xltx": ("an Excel template file (.xltx)", "open it and save it as an Excel Workbook (.xlsx)"),
    ".xltm": ("an Excel template file (.xltm)", "open it and save it as an Excel Workbook (.xlsx)"),
    ".xlt": ("an old Excel template file (.xlt)", "open it and save it as an Excel Workbook (.xlsx)"),
}


def open_calamine(path: Path):
    """python-calamine's workbook for a path — through an open file where the name is not valid UTF-8 (a zip made
    on Windows, unpacked on Linux: calamine takes names as UTF-8 text and would not find the file)."""
    from python_calamine import CalamineWorkbook

    try:
        str(path).encode("utf-8")
    except UnicodeEncodeError:
        with open(path, "rb") as fh:
            return CalamineWorkbook.from_filelike(fh)
    return CalamineWorkbook.from_path(str(path))


def read_book(path: Path, label: str, issues: Issues) -> RawBook | None:
    """Read every sheet's values; problems that stop the file from being read become one error.

    Before calamine sees the file, the zip directory and a streaming scan of the sheet XML enforce the limits
    above (size, rows, cell length, no DTD), find formulas without a saved value and hidden rows."""
    where = {"file": label}
    suffix = path.suffix.casefold()
    if suffix == ".xls":
        issues.error("legacy-xls", "this is an old Excel 97–2003 .xls file, which gpcalc does not read",
                     hint="open it in Excel or LibreOffice and save it as .xlsx (File → Save As → Excel Workbook; "
                          "or: soffice --headless --convert-to xlsx FILE.xls)",
                     **where)
        return None
    if suffix in _NOT_READ:  # (left in the folder, maybe on purpose: a warning, and the build goes on)
        what, hint = _NOT_READ[suffix]
        issues.warning("not-read", f"{what}: not read", hint=hint, **where)
        return None
    if suffix in _OTHER_FORMATS:
        issues.error("not-xlsx", f"this is {_OTHER_FORMATS[suffix]}, which gpcalc does not read",
                     hint="save it as an Excel Workbook (.xlsx): File → Save As (or: soffice --headless "
                          "--convert-to xlsx FILE)", **where)
        return None
    try:
        size = path.stat().st_size
    except OSError as exc:
        issues.error("unreadable", f"cannot read the file: {exc.strerror}", **where)
        return None
    if size > MAX_FILE_BYTES:
        issues.error("too-large", f"the file is {size / _MB:.0f} MB; gpcalc reads workbooks up to "
                     f"{MAX_FILE_BYTES // _MB} MB", hint="split it or remove unused sheets", **where)
        return None
    scan = scan_book(path)
    if isinstance(scan, tuple):
        code, message, hint, *rest = scan
        issues.error(code, message, hint=hint, **where, **(rest[0] if rest else {}))
        return None
    if scan.macros:
        issues.info("macros-ignored", "the workbook contains macros; gpcalc reads only the saved values and "
                    "never runs them", hint="save it as .xlsx (macro-free) if you prefer", **where)
    try:
        book = open_calamine(path)
        sheets: dict[str, RawSheet] = {}
        meta = {m.name: m for m in book.sheets_metadata}
        for name in book.sheet_names:
            sheet = book.get_sheet_by_name(name)
            rows = sheet.to_python(skip_empty_area=False)
            if len(rows) > MAX_ROWS:  # a backstop: the scan has already refused sheets this long
                issues.error("too-many-rows", f"sheet '{name}' has {len(rows):,} rows; gpcalc reads at most "
                             f"{MAX_ROWS:,}", sheet=name, hint="delete the empty or unused rows", **where)
                return None
            hidden = str(getattr(meta.get(name), "visible", "")).lower().find("hidden") >= 0
            merged = list(getattr(sheet, "merged_cell_ranges", None) or [])
            info = scan.sheets.get(name)
            if info and info.typed:
                _restore_typed(rows, info.typed)
            sheets[name] = RawSheet(name, rows, hidden, [_merge_box(m) for m in merged],
                                    info.hidden_rows if info else [], info.formulas if info else [],
                                    info.errors if info else [])
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


# ------------------------------------------------------------------------------- the pre-read scan


@dataclass
class SheetScan:
    hidden_rows: list[int] = field(default_factory=list)
    formulas: list[str] = field(default_factory=list)
    typed: dict[str, str] = field(default_factory=dict)  # cell → "=3": a place typed as =3 became a formula
    errors: list[tuple[str, str]] = field(default_factory=list)  # (cell, '#N/A'): python-calamine reads them as ''


@dataclass
class BookScan:
    sheets: dict[str, SheetScan] = field(default_factory=dict)
    macros: bool = False


_CFB = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_DTD = (b"<!DOCTYPE", b"<!ENTITY")
_DIMENSION = re.compile(rb'<dimension\s+ref="[A-Z]*\$?(\d*)(?::\$?([A-Z]+)\$?(\d+))?"')
_ROW_R = re.compile(rb'<row\b[^>]*?\br="(\d+)"')
_ROW_R_ANY = re.compile(rb'<(?:\w+:)?row\b[^>]*?\br="(\d+)"')
_HIDDEN_ROW = re.compile(rb'<row\b[^>]*?\bhidden="(?:1|true)"[^>]*>')
# a cell reference of two or three letters (the literal start lets the search skip ahead; inside <sheetData>
# only a cell's r attribute has the form r="AB12": a row's r is digits, a formula's range is ref="…")
_WIDE_CELL = re.compile(rb'r="([A-Z]{2,3})\d')
_CELL_REF = re.compile(rb'<c\s[^>]*?\br="([A-Z]+\d+)"')
_VALUE = re.compile(rb"<v>\s*[^<\s]")
_SHEET_TAG = re.compile(rb"<(?:\w+:)?sheet\s[^>]*>")
_ATTR = re.compile(rb'([\w:]+)="([^"]*)"')
_REL_TAG = re.compile(rb"<Relationship\s[^>]*>")


def _col_index(letters: bytes) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + (ch - 64)
    return n


_SCANS: dict[tuple[str, int, int], tuple | BookScan] = {}


def forget_scans() -> None:
    """Forget the scans kept by path, size and modification time: called once per season read, so that a file
    replaced by another of the same size and time (cp -p, rsync -t, unzip) is scanned afresh."""
    _SCANS.clear()


def scan_book(path: Path) -> tuple | BookScan:
    """The pre-read check of one workbook (cached per path, size and modification time): a refusal
    (code, message, hint[, where]) or what the scan learned. Anything that opens an .xlsx with calamine
    must call this first, so that the limits hold for every reader."""
    try:
        st = path.stat()
    except OSError as exc:
        return "unreadable", f"cannot read the file: {exc.strerror}", ""
    key = (str(path), st.st_size, st.st_mtime_ns)
    if key not in _SCANS:
        if len(_SCANS) > 4096:
            _SCANS.clear()
        _SCANS[key] = ("too-large", f"the file is {st.st_size / _MB:.0f} MB; gpcalc reads workbooks up to "
                       f"{MAX_FILE_BYTES // _MB} MB", "split it or remove unused sheets") \
            if st.st_size > MAX_FILE_BYTES else _zip_problem(path)
    return _SCANS[key]


def _zip_problem(path: Path) -> tuple | BookScan:
    """(code, message, hint[, where]) when the file must be refused; else what the scan learned."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(8)
    except OSError as exc:
        return "unreadable", f"cannot read the file: {exc.strerror}", ""
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        return _cfb_problem(path)
    if not head.startswith(b"PK"):
        return ("not-a-workbook", "this is not an Excel workbook (.xlsx)",
                "save it from Excel or LibreOffice as an Excel Workbook (.xlsx)")
    try:
        with zipfile.ZipFile(path) as zf:
            infos = zf.infolist()
            total = sum(i.file_size for i in infos)
            if total > MAX_UNCOMPRESSED_BYTES:
                return ("too-large", f"the workbook unpacks to {total / _MB:,.0f} MB (a 'zip bomb' or a huge "
                        f"sheet); gpcalc reads at most {MAX_UNCOMPRESSED_BYTES // _MB} MB",
                        "remove unused sheets and rows, or save it again from Excel")
            names = {i.filename for i in infos}
            if "xl/workbook.xml" not in names:
                return ("not-a-workbook", "this is a zip file but not an Excel workbook (.xlsx)",
                        "save it from Excel or LibreOffice as an Excel Workbook (.xlsx)")
            scan = BookScan(macros=any(n.casefold().endswith("vbaproject.bin") for n in names))
            wb_xml = zf.read("xl/workbook.xml")
            sheet_files = _sheet_files(zf, wb_xml, names)
            calc_on_load = b'fullCalcOnLoad="1"' in wb_xml or b"fullCalcOnLoad=\"true\"" in wb_xml
            padded = _padded_styles(zf, names)
            if isinstance(padded, tuple):
                return padded
            for info in infos:  # reading every member to its end also checks its CRC (truncation, lies)
                sheet = sheet_files.get(info.filename)
                if info.filename == "xl/styles.xml":
                    continue  # (read whole, its CRC checked, by _padded_styles)
                with zf.open(info) as member:
                    if sheet is not None:
                        result = _scan_sheet(member, sheet, calc_on_load, padded)
                        if isinstance(result, tuple):
                            return result
                        scan.sheets[sheet] = result
                    elif info.filename == "xl/sharedStrings.xml":
                        problem = _scan_strings(member)
                        if problem:
                            return problem
                    else:
                        first = member.read(_CHUNK)
                        if info.filename.endswith((".xml", ".rels")) and any(d in first for d in _DTD):
                            return _dtd_problem(info.filename)
                        while member.read(_CHUNK):
                            pass
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError, ValueError, KeyError):
        return "corrupt", "the workbook is damaged (truncated or corrupt)", "save it again from Excel"
    except RuntimeError:  # an encrypted zip member, or an unknown compression (its error subclasses this)
        return ("unreadable", "the workbook's parts are encrypted or compressed in a way gpcalc cannot read",
                "remove any password and save it again from Excel as .xlsx")
    return scan


def _cfb_problem(path: Path) -> tuple:
    """An OLE compound file: a password-protected .xlsx, or an old .xls under a new name."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(512)
            shift = int.from_bytes(head[30:32], "little") if len(head) >= 32 else 9
            first_dir = int.from_bytes(head[48:52], "little") if len(head) >= 52 else 0
            fh.seek(min((first_dir + 1) << min(shift, 16), 1 << 40))
            directory = fh.read(1 << 14)
            fh.seek(0)
            early = fh.read(1 << 16)
    except OSError:
        directory = early = b""
    blob = directory + early
    if "EncryptedPackage".encode("utf-16-le") in blob or "EncryptionInfo".encode("utf-16-le") in blob:
        return ("encrypted", "this workbook is protected with a password, so gpcalc cannot read it",
                "open it in Excel, remove the password (File → Info → Protect Workbook → Encrypt with Password, "
                "clear it) and save it as .xlsx")
    if "Workbook".encode("utf-16-le") in blob or "Book".encode("utf-16-le") in blob:
        return ("legacy-xls", "this is an old Excel 97–2003 .xls workbook with an .xlsx name",
                "open it in Excel or LibreOffice and save it as an Excel Workbook (.xlsx) "
                "(or: soffice --headless --convert-to xlsx FILE)")
    return ("encrypted-or-legacy", "this is an old-style Office file (password-protected, or an old .xls)",
            "remove any password and save it as an Excel Workbook (.xlsx)")


def _dtd_problem(member: str) -> tuple:
    return ("xml-dtd", f"the workbook part {member} declares XML entities (a DTD), which Excel never writes; "
            "refused for safety (an 'XML bomb')", "save it again from Excel or LibreOffice as .xlsx")


def _sheet_files(zf: zipfile.ZipFile, wb_xml: bytes, names: set[str]) -> dict[str, str]:
    """zip member → sheet name, from workbook.xml and its relationships."""
    from html import unescape

    targets: dict[bytes, str] = {}
    rels = "xl/_rels/workbook.xml.rels"
    if rels in names:
        for tag in _REL_TAG.findall(zf.read(rels)):
            attrs = dict(_ATTR.findall(tag))
            target = unescape(attrs.get(b"Target", b"").decode("utf-8", "replace"))
            target = target.lstrip("/") if target.startswith("/") else "xl/" + target
            parts: list[str] = []
            for part in target.split("/"):
                if part == "..":
                    if parts:
                        parts.pop()
                elif part and part != ".":
                    parts.append(part)
            targets[attrs.get(b"Id", b"")] = "/".join(parts)
    out: dict[str, str] = {}
    for tag in _SHEET_TAG.findall(wb_xml):
        attrs = {k.split(b":")[-1]: v for k, v in _ATTR.findall(tag)}
        name = unescape(attrs.get(b"name", b"").decode("utf-8", "replace"))
        member = targets.get(attrs.get(b"id", b""))
        if member in names:
            out[member] = name
    return out


_EMPTY_DATA = re.compile(rb"<(?:\w+:)?sheetData\s*/>")


_NUM_FMT = re.compile(rb'<(?:\w+:)?numFmt\s[^>]*>')
_CELL_XFS = re.compile(rb"<(?:\w+:)?cellXfs\b[^>]*>(.*?)</(?:\w+:)?cellXfs>", re.S)
_XF = re.compile(rb"<(?:\w+:)?xf\b[^>]*>")
_ZEROS = re.compile(r'(?:"?0"?)+')  # 00000, "0"0000: a whole number shown with leading zeros


def _padded_styles(zf: zipfile.ZipFile, names: set[str]) -> dict[bytes, int] | tuple:
    """The cell styles (xf index, as in a cell's s="…") whose number format pads a whole number with zeros
    (00000: an ID typed 00123 in such a cell is stored as 123 and shown as 00123) → the digits shown."""
    from html import unescape

    if "xl/styles.xml" not in names:
        return {}
    xml = zf.read("xl/styles.xml")  # (zipfile checks the member's CRC on a whole read)
    if any(d in xml for d in _DTD):
        return _dtd_problem("xl/styles.xml")
    widths: dict[bytes, int] = {}
    for tag in _NUM_FMT.findall(xml):
        attrs = {k.split(b":")[-1]: v for k, v in _ATTR.findall(tag)}
        code = unescape(attrs.get(b"formatCode", b"").decode("utf-8", "replace"))
        if len(code.replace('"', "")) >= 2 and _ZEROS.fullmatch(code):
            widths[attrs.get(b"numFmtId", b"")] = len(code.replace('"', ""))
    if not widths:
        return {}
    xfs = _CELL_XFS.search(xml)
    out: dict[bytes, int] = {}
    for i, tag in enumerate(_XF.findall(xfs.group(1)) if xfs else []):
        fmt = dict(_ATTR.findall(tag)).get(b"numFmtId", b"0")
        if fmt in widths:
            out[str(i).encode()] = widths[fmt]
    return out


_CELL_TYPE = re.compile(rb'(?:^|\s)t="([^"]*)"')
_STYLED_NUMBER = re.compile(rb'<c\s([^>]*\bs="(\d+)"[^>]*)>\s*<v>\s*([0-9]+(?:\.0*)?)\s*</v>')


def _padded_numbers(done: bytes, padded: dict[bytes, int], typed: dict[str, str]) -> None:
    """Whole numbers in a zero-padding style as the text shown (123 in a 00000 cell → '00123'), into `typed`."""
    for m in _STYLED_NUMBER.finditer(done):
        width = padded.get(m.group(2))
        kind = _CELL_TYPE.search(m.group(1))
        if width is None or (kind is not None and kind.group(1) != b"n"):  # (a number: no t, or t="n")
            continue
        attrs = m.group(1)
        ref = _CELL_REF.match(b"<c " + attrs)
        if ref:
            typed[ref.group(1).decode()] = str(int(float(m.group(3)))).zfill(width)


def _scan_sheet(member, name: str, calc_on_load: bool, padded: dict[bytes, int] | None = None) -> SheetScan | tuple:
    """Stream one sheet's XML in chunks. Inside <sheetData>, cut each buffer before the last cell or row start
    so every element before the cut is whole: refuse too many rows, too wide, an over-long cell, a DTD; note
    formulas without a saved value and hidden rows. What precedes and follows <sheetData> is only drained
    (to its end, which checks the CRC)."""
    scan = SheetScan()
    where = {"sheet": name}
    rows = last_row = max_col = 0
    carry = b""
    first, in_data = True, False
    c_tag, row_tag, row_bare = b"<c ", b"<row ", b"<row>"
    while True:
        chunk = member.read(_CHUNK)
        buf = carry + chunk
        carry = b""
        if first:
            first = False
            if any(buf.find(d, 0, _CHUNK) >= 0 for d in _DTD):
                return _dtd_problem(f"for sheet '{name}'")
            prefix = re.search(rb"<(\w+:)?worksheet\b", buf)
            if prefix and prefix.group(1):  # e.g. <x:worksheet> from the OpenXML SDK
                pre = b"<" + prefix.group(1)
                c_tag, row_tag, row_bare = pre + b"c ", pre + b"row ", pre + b"row>"
            m = _DIMENSION.search(buf)
            if m and m.group(3):
                problem = _too_big(name, int(m.group(3)), _col_index(m.group(2)))
                if problem:
                    return problem
        finished = False
        if not in_data:
            at = buf.find(b"sheetData")  # (an empty <sheetData/> holds the name: searched around it only)
            if at >= 0 and _EMPTY_DATA.search(buf, max(0, at - 256), at + 256):
                break
            if at < 0:
                if not chunk:
                    break
                carry = buf[buf.rfind(b">") + 1:]  # the prolog (sheetViews, cols …) is not read
                continue
            in_data = True
            buf = buf[at:]
        end = buf.find(b"/sheetData>")
        if end >= 0:
            done, finished = buf[:end], True
        elif chunk:
            cut = max(buf.rfind(c_tag), buf.rfind(row_tag), 0)
            done, carry = buf[:cut], buf[cut:]
            if len(carry) > _MAX_CELL_XML + _CHUNK:
                ref = _CELL_REF.match(carry)
                return ("cell-too-long", f"sheet '{name}' has a cell longer than {MAX_CELL_CHARS:,} characters "
                        "(Excel's own limit); gpcalc does not read it", "shorten the cell or delete it",
                        {**where, "cell": ref.group(1).decode() if ref else ""})
        else:
            done, finished = buf, True
        if done:
            rows += done.count(row_tag) + done.count(row_bare)
            at = done.rfind(row_tag)
            if at >= 0:
                m = _ROW_R_ANY.match(done, at)
                if m:
                    last_row = max(last_row, int(m.group(1)))
            for m in _WIDE_CELL.finditer(done):
                max_col = max(max_col, _col_index(m.group(1)))
            problem = _too_big(name, max(rows, last_row), max_col, counted=True)
            if problem:
                return problem
            if b'hidden="' in done:
                for m in _HIDDEN_ROW.finditer(done):
                    r = _ROW_R.match(m.group(0))
                    if r:
                        scan.hidden_rows.append(int(r.group(1)))
            if padded and b' s="' in done:
                _padded_numbers(done, padded, scan.typed)
            if b"<f" in done:
                scan.formulas.extend(_formulas_without_value(done, calc_on_load, scan.typed))
            if b't="e"' in done:
                scan.errors.extend(_error_cells(done))
        if finished or not chunk:
            break
    while member.read(_CHUNK):  # the rest (merges, validations, …): read to the end so the CRC is checked
        pass
    return scan


def _too_big(name: str, rows: int, cols: int, counted: bool = False) -> tuple | None:
    """`counted`: the scan stopped early, so the sheet has at least `rows` rows."""
    if rows > MAX_ROWS:
        many = f"more than {MAX_ROWS:,}" if counted else f"{rows:,}"
        return ("too-many-rows", f"sheet '{name}' has {many} rows; gpcalc reads at most {MAX_ROWS:,}",
                "delete the empty or unused rows (select them, right-click → Delete) and save", {"sheet": name})
    if rows * max(cols, 1) > MAX_CELLS:
        return ("too-many-cells", f"sheet '{name}' spans {rows:,} rows × {cols:,} columns; gpcalc reads at "
                f"most {MAX_CELLS:,} cells per sheet", "delete the unused rows and columns and save",
                {"sheet": name})
    return None


_TYPED_PLACE = re.compile(rb"<f(?:\s[^>]*)?>\s*(\d{1,5}(?:\s*-\s*\d{1,5})?)\s*</f>")


def _restore_typed(rows: list[list[Any]], typed: dict[str, str]) -> None:
    """Put back what the organiser typed where a spreadsheet turned it into a formula (=3 → the text '=3')."""
    for ref, text in typed.items():
        letters = ref.rstrip("0123456789")
        r = int(ref[len(letters):]) - 1
        c = sum((ord(ch) - 64) * 26 ** k for k, ch in enumerate(reversed(letters))) - 1
        if 0 <= r < len(rows):
            row = rows[r]
            if c >= len(row):
                row.extend([""] * (c + 1 - len(row)))
            row[c] = text


_ERROR_CELL = re.compile(rb'<c\s[^>]*?\bt="e"[^>]*>(.*?)</c>', re.S)
_ERROR_VALUE = re.compile(rb"<v>\s*([^<]*?)\s*</v>")


def _error_cells(done: bytes) -> list[tuple[str, str]]:
    """Cells of type "e": an Excel error shown in the cell (#N/A, #DIV/0!, #VALUE! …), as (cell, error)."""
    out = []
    for m in _ERROR_CELL.finditer(done):
        ref = _CELL_REF.match(m.group(0))
        value = _ERROR_VALUE.search(m.group(1))
        if ref:
            out.append((ref.group(1).decode(), value.group(1).decode(errors="replace") if value else "#error"))
    return out


def _formulas_without_value(done: bytes, calc_on_load: bool, typed: dict[str, str] | None = None) -> list[str]:
    """Cells whose formula has no trusted value. A formula that is only a number or a number range (=3,
    =3-4: a shared place typed into a spreadsheet, which made it a formula) is recorded in `typed` as the
    text typed, not as a formula."""
    out: list[str] = []
    i = done.find(b"<f")
    while i >= 0:
        nxt = done[i + 2:i + 3]
        if nxt in (b">", b" ", b"/"):
            start = done.rfind(b"<c ", 0, i)
            stop = done.find(b"</c>", i)
            cell = done[start:stop if stop >= 0 else len(done)]
            m = _TYPED_PLACE.search(cell)
            if m and typed is not None:
                ref = _CELL_REF.match(cell)
                if ref:
                    typed[ref.group(1).decode()] = "=" + re.sub(rb"\s+", b"", m.group(1)).decode()
            elif calc_on_load or not _VALUE.search(cell):
                ref = _CELL_REF.match(cell)
                if ref:
                    out.append(ref.group(1).decode())
            i = done.find(b"<f", stop if stop > i else i + 2)
        else:
            i = done.find(b"<f", i + 2)
    return out


def _scan_strings(member) -> tuple | None:
    """Stream sharedStrings.xml: refuse a DTD and a string longer than Excel allows."""
    carry = b""
    first = True
    while True:
        chunk = member.read(_CHUNK)
        buf = carry + chunk
        if first:
            first = False
            if any(buf.find(d, 0, _CHUNK) >= 0 for d in _DTD):
                return _dtd_problem("xl/sharedStrings.xml")
        if not chunk:
            return None
        cut = max(buf.rfind(b"<si>"), buf.rfind(b"<si "), 0)
        carry = buf[cut:]
        if len(carry) > _MAX_CELL_XML + _CHUNK:
            return ("cell-too-long", f"the workbook has a text longer than {MAX_CELL_CHARS:,} characters "
                    "(Excel's own limit); gpcalc does not read it", "find the over-long cell, shorten or delete it")


# --------------------------------------------------------------------------------------------- tables


@dataclass
class Table:
    """A parsed table sheet: one row per data row, columns = field keys, plus `row` (Excel row number)."""

    file: str
    sheet: str
    frame: pd.DataFrame
    letters: dict[str, str]  # field key → column letter
    meant: frozenset[str] = frozenset()  # field keys an unread header seems to mean (the column-not-read warning)

    def cell(self, key: str, row: int) -> str:
        return f"{self.letters.get(key, '')}{row}"


def _meant_field(header: str, fields: list[Field], values: list[Any]) -> Field | None:
    """The field an unknown header most likely means: one it abbreviates (the start of a name, 2+ letters:
    "St" → State; its consonants, 3+ letters: "Jnr" → Junior) or misspells (difflib, 0.75), among `fields` (those
    the sheet lacks) — and whose reader takes at least half of the column's first values (`values`, not blank):
    "Federation" over COL is no FIDE rating, "Rk" over places no Move. None when nothing fits."""
    key = header_key(header).replace(".", "")
    if len(key) < 2 or not values:
        return None
    names = {header_key(n): f for f in fields for n in f.names()}
    found = [f for n, f in names.items() if n.startswith(key)]
    if len(key) >= 3:  # "Jnr" → junior ("Rk" would be rykning)
        found += [f for n, f in names.items() if key == "".join(c for c in n if c not in "aeiouyæøå ")[:len(key)]]
    found += [names[n] for n in difflib.get_close_matches(key, list(names), n=3, cutoff=0.75)]
    for f in dict.fromkeys(found):  # (in that order, each field once)
        ok = 0
        for v in values:
            try:
                f.reader(v)
                ok += 1
            except (ValueError, TypeError, ArithmeticError):  # (BadValue is a ValueError)
                pass
        if 2 * ok >= len(values):
            return f
    return None


def find_header(rows: list[list[Any]], fields: tuple[Field, ...], scan: int = 10) -> int:
    """The header row: the first row (within `scan`) that names the most known columns."""
    best, best_hits = 0, -1
    known = {n for f in fields for n in f.names()}
    for i, row in enumerate(rows[:scan]):
        hits = sum(1 for v in row if header_key(v) in known)
        if hits > best_hits:
            best, best_hits = i, hits
    return best


def read_table(raw: RawSheet, spec: SheetSpec, file: str, issues: Issues, const: dict[str, str] | None = None
               ) -> Table:
    """Map headers to fields, parse every cell, record each problem with its cell address. `const`: text
    columns with one value on every row (the tournament, file and sheet), added after the fields' columns as
    ``frame[key] = value`` would add them — built with the frame, as inserting them afterwards costs more than
    reading a small sheet."""
    rows = raw.rows
    fields = spec.fields
    where = {"file": file, "sheet": raw.name}
    header_i = find_header(rows, fields) if rows else 0
    if raw.merged:
        rows = _fill_merged(raw, header_i, file, issues)
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
            typed = [clean_text(header[cols[f.key]]), clean_text(value)]
            also = "" if all(header_key(t) == header_key(f.name) for t in typed) else \
                f" ('{typed[0]}' and '{typed[1]}' both mean {f.name})"
            issues.error("duplicate-header", f"the column '{f.name}' appears twice (columns "
                         f"{letters[f.key]} and {col_letter(j)}){also}", cell=f"{col_letter(j)}{header_i + 1}",
                         hint="delete or rename one of them", **where)
            continue
        cols[f.key] = j
        letters[f.key] = col_letter(j)
    # what each unknown header over data seems to mean (a column the sheet lacks, whose values fit it)
    absent = [f for f in fields if f.key not in cols]
    meant_by: dict[int, Field] = {}
    for j, name in unknown:
        values = list(islice((r[j] for r in rows[header_i + 1:] if j < len(r) and r[j] is not None
                              and str(r[j]).strip()), 20))  # (the first 20 filled cells, wherever they are)
        guess_f = _meant_field(name, absent, values)
        if guess_f is not None:
            meant_by[j] = guess_f
    for f in fields:
        if f.required and f.key not in cols:
            names = [u for _, u in unknown]
            close = difflib.get_close_matches(f.name.casefold(), [n.casefold() for n in names], n=1, cutoff=0.6)
            guess = next((n for n in names if close and n.casefold() == close[0]), None)
            if guess is None:
                guess = next((name for j, name in unknown if meant_by.get(j) is f), None)
            msg = f"the required column '{f.name}' is missing"
            if guess:
                msg += f" ('{guess}' looks like a misspelling of it)"
            issues.error("missing-column", msg, cell=f"A{header_i + 1}",
                         hint=f"add a column headed '{f.name}' in row {header_i + 1}", **where)
    meant: set[str] = set()
    for j, name in unknown:
        guess = meant_by.get(j)
        if guess is not None and guess.required:
            continue  # (the missing-column error names this header: one mistake, one message)
        if guess is not None:
            # a header that abbreviates or misspells a column gpcalc would read ("Jnr", "St"), over data: the
            # organiser meant that column, and its values would be ignored without a word
            issues.warning("column-not-read", f"the column '{name}' is not read: did you mean '{guess.name}'? "
                           "Its values are ignored", cell=f"{col_letter(j)}{header_i + 1}",
                           hint=f"rename the header to '{guess.name}'", **where)
            meant.add(guess.key)
            continue
        issues.info("unknown-column", f"the column '{name}' is not used by gpcalc",
                    cell=f"{col_letter(j)}{header_i + 1}", **where)
    _sheet_notes(raw, set(letters.values()), header_i + 1, file, issues)

    # (cells _sheet_notes has reported — a formula without a value, an Excel error — are not also "blank")
    noted = set(raw.formulas) | {cell for cell, _ in raw.errors}
    data_rows = [(i, r) for i, r in enumerate(rows) if i > header_i and row_filled(r)]
    _numbered_in_advance(data_rows, fields, cols, letters, issues, where)
    excel_rows = [i + 1 for i, _ in data_rows]
    out: dict[str, Any] = {"row": excel_rows}
    # the rows turned into columns once (a short row's missing cells are blank)
    columns = list(zip_longest(*(r for _, r in data_rows)))
    for f in fields:
        j = cols.get(f.key)
        if j is None:
            out[f.key] = [f.default] * len(data_rows)
            continue
        values = list(columns[j]) if j < len(columns) else [None] * len(data_rows)
        out[f.key] = _parse_column(values, excel_rows, f, letters[f.key], issues, where, noted)
    for key, value in (const or {}).items():
        out[key] = pd.array([value] * len(data_rows), dtype=_TEXT)
    frame = pd.DataFrame(out)
    if len(frame) < spec.min_rows:
        issues.error("empty-sheet", f"the sheet '{raw.name}' has no rows below its header",
                     cell=f"A{header_i + 2}", hint="fill in one row per entry below the header", **where)
    return Table(file, raw.name, frame, letters, frozenset(meant))


def _numbered_in_advance(data_rows: list, fields, cols: dict[str, int], letters: dict[str, str], issues: Issues,
                         where: dict[str, str]) -> None:
    """Rows below the last entry holding nothing but a place (a sheet numbered 1 … 100 in advance, filled for 30
    players) — and perhaps the section or group, filled in advance with it — are no entries: dropped from
    `data_rows`, said once (`numbered-rows`) — not a blank Name per row."""
    place = next((f for f in fields if f.kind == "place" and f.key in cols), None)
    if place is None:
        return
    parts = [f for f in fields if f.key in ("section", "group") and f.key in cols]  # (filled in advance too)
    j = cols[place.key]
    skip = {j, *(cols[f.key] for f in parts)}
    k = len(data_rows)
    with_part = False
    while k and row_filled(data_rows[k - 1][1][j:j + 1]) and not row_filled(
            [v for i, v in enumerate(data_rows[k - 1][1]) if i not in skip]):
        with_part |= any(row_filled(data_rows[k - 1][1][cols[f.key]:cols[f.key] + 1]) for f in parts)
        k -= 1
    if k == len(data_rows):
        return
    first, last = data_rows[k][0] + 1, data_rows[-1][0] + 1
    rows = f"rows {first}–{last} hold" if last > first else f"row {first} holds"
    also = f" (and its {' or '.join(f.name.lower() for f in parts)})" if with_part else ""
    issues.info("numbered-rows", f"{rows} only a {place.name.lower()}{also}, no player: not read",
                cell=f"{letters[place.key]}{first}", hint="nothing to do (or delete the numbers below the last "
                "player)", **where)
    del data_rows[k:]


def _sheet_notes(raw: RawSheet, columns: set[str], first_row: int, file: str, issues: Issues) -> None:
    """Formulas with no saved value (an error: the number would be a silent 0), cells showing an Excel error (an
    error: python-calamine reads them as blank) and hidden rows (read, but said) in the columns and rows gpcalc
    reads."""
    where = {"file": file, "sheet": raw.name}
    shows_error = {cell for cell, _ in raw.errors}  # (a failed formula: said below, as the error it shows)
    for cell in raw.formulas:
        letters = cell.rstrip("0123456789")
        if cell not in shows_error and letters in columns and int(cell[len(letters):] or 0) >= first_row:
            issues.error("formula-no-value", "this cell holds a formula whose result was never saved (the "
                         "workbook was written by a program, not saved by a spreadsheet), so its value is "
                         "unknown", cell=cell, hint="open the workbook in Excel or LibreOffice and save it "
                         "(that stores the results), or type the value instead of the formula", **where)
    for cell, error in raw.errors:
        letters = cell.rstrip("0123456789")
        if letters in columns and int(cell[len(letters):] or 0) >= first_row:
            issues.error("excel-error", f"this cell shows the Excel error {error} (a formula that failed), so its "
                         "value is unknown", cell=cell, hint="correct the formula or type the value (clear the "
                         "cell if it should be blank)", **where)
    hidden = [r for r in raw.hidden_rows if r >= first_row and r - 1 < len(raw.rows)
              and row_filled(raw.rows[r - 1])]
    if hidden:
        shown = ", ".join(str(r) for r in hidden[:10]) + (" …" if len(hidden) > 10 else "")
        issues.warning("hidden-rows", f"row{'s' * (len(hidden) > 1)} {shown} {'are' if len(hidden) > 1 else 'is'} "
                       "hidden; read anyway", cell=f"A{hidden[0]}",
                       hint="unhide the rows (select all, right-click → Unhide) so others see what was counted",
                       **where)


def _fill_merged(raw: RawSheet, header_i: int, file: str, issues: Issues) -> list[list[Any]]:
    """A merged block below the header shows its value on every row it spans: read it so, and say so."""
    rows = [list(r) for r in raw.rows]
    for r0, c0, r1, c1 in sorted(raw.merged):
        if r1 <= header_i or r0 >= len(rows) or (r0, c0, r1, c1) == (0, 0, 0, 0):
            continue
        ref = f"{col_letter(c0)}{r0 + 1}:{col_letter(c1)}{r1 + 1}"
        value = rows[r0][c0] if c0 < len(rows[r0]) else None
        if r0 > header_i and r1 > r0 and clean_text(value):
            for rr in range(r0 + 1, min(r1, len(rows) - 1) + 1):
                row = rows[rr]
                row.extend([""] * (c0 + 1 - len(row)))
                row[c0] = value
            issues.warning("merged-cells", f"cells {ref} are merged; '{clean_text(value)[:40]}' was read on every "
                           "row of the block", cell=ref, hint="unmerge the cells and fill in every row",
                           file=file, sheet=raw.name)
        elif r0 > header_i:
            issues.warning("merged-cells", f"cells {ref} are merged; only the first holds a value",
                           cell=ref, hint="unmerge the cells and fill in every cell", file=file, sheet=raw.name)
    return rows


_PLAIN_TYPES = frozenset({str, type(None)})
_TEXT_KINDS = frozenset({"text", "id"})  # fields read by read_text (read_id: the same for text and blanks)


def _plain_texts(distinct: dict) -> dict | None:
    """A text field's distinct values (text and blanks only) read at once when no text needs cleaning — each is
    then its own value (a blank or "" none): what :func:`gpcalc.parse.read_text` gives each, with one check over
    all the texts instead of one call per text. None when the column holds anything else, or a text that
    clean_text would change (not printable: NBSP, tab, zero-width; a space at an end; two spaces) or that is too
    long: those are read one by one."""
    texts = [v for v in distinct if type(v) is str]
    if len(texts) + (None in distinct) != len(distinct):
        return None
    if not texts_need_no_cleaning(texts) or max(map(len, texts), default=0) > MAX_CELL_CHARS:
        return None
    out: dict[Any, Any] = {t: t or None for t in texts}
    if None in distinct:
        out[None] = None
    return out


def _read_each(distinct: dict, reader: Callable[[Any], Any], plain: bool) -> dict:
    """Each distinct value (key) read on its own: the value, or the BadValue it raised."""
    results: dict[Any, Any] = {}
    for key in distinct:
        value = key if plain else key[1]
        try:
            if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                raise BadValue(f"the cell holds {len(value):,} characters; gpcalc reads at most "
                               f"{MAX_CELL_CHARS:,}")
            results[key] = reader(value)
        except BadValue as exc:
            results[key] = exc
    return results


def _parse_column(values: list[Any], excel_rows: list[int], f: Field, letter: str, issues: Issues,
                  where: dict, noted: set[str] = frozenset()) -> list[Any]:
    """Parse a column once per distinct value, then spread the results; only rows with a bad or missing value
    are visited again to report them. A value is its own key, except in a column mixing types whose values can be
    equal (True, 1 and 1.0 differ there: keyed by type too); text and blanks beside at most one other type — the
    usual column — cannot mix so."""
    reader = f.reader
    plain = len(set(map(type, values)) - _PLAIN_TYPES) <= 1
    keyed = values if plain else list(zip(map(type, values), values))
    distinct = dict.fromkeys(keyed)
    results = _plain_texts(distinct) if plain and f.kind in _TEXT_KINDS else None
    if results is None:
        results = _read_each(distinct, reader, plain)
    parsed = [results[k] for k in keyed]
    bad = {k for k, v in results.items() if v is None or isinstance(v, BadValue)}
    if not bad or (not f.required and f.default is None and all(results[k] is None for k in bad)):
        return parsed  # (nothing to report, and a blank stays blank)
    for i, (key, row) in enumerate(zip(keyed, excel_rows)):
        if key not in bad:
            continue
        result = parsed[i]
        if isinstance(result, BadValue):
            issues.error("bad-value", f"{f.name}: {result}", cell=f"{letter}{row}", hint=f.hint, **where)
        elif f.required and f"{letter}{row}" not in noted:
            issues.error("blank", f"{f.name} is blank", cell=f"{letter}{row}", hint=f.hint, **where)
        parsed[i] = f.default
    return parsed

def read_settings(raw: RawSheet, spec: SheetSpec, file: str, issues: Issues) -> dict[str, Any]:
    """A two-column `Setting | Value` sheet → {field key: parsed value}; `_cells` maps keys to cells."""
    where = {"file": file, "sheet": raw.name}
    lookup = {n: f for f in spec.fields for n in f.names()}
    _sheet_notes(raw, {"A", "B"}, 1, file, issues)
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
