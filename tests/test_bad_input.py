"""The catalogue of bad input (issue 6): every broken or hostile workbook gets a clear answer, nothing is lost.

Each :class:`Case` builds a season folder from code (no binary fixtures: workbooks come from xlsxwriter via
``tests/builders.py``, and the hostile ones are made by rewriting their XML or by writing the bytes of an OLE
file), runs ``gpcalc build`` through click's CliRunner, and asserts

- the exit status (1 for errors, 0 for input that is read with a warning),
- the Issue code, the file and the sheet!cell it names (from the library, and in the printed report),
- that no output was created or changed (a previous standings.xlsx is left byte-for-byte as it was),
- that no input file was modified (SHA-256 before and after), and that there is never a traceback.

``scripts/bad_input_table.py`` turns this catalogue into ``docs/bad-input.md`` ("What bad input gets").
Cases for the fecodaz and aarhus circuits are added to ``CIRCUIT_CASES`` when those circuits can be loaded.

Run: ``python -m pytest -q tests/test_bad_input.py``
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import io
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpcalc import read as gread
from gpcalc.cli import main
from gpcalc.issues import InputError, Issue
from tests.builders import acf_tournament, make_season, write_book

ROOT = Path(__file__).resolve().parent.parent
PREVIOUS = b"previous standings: must survive every failed build\n"

# ------------------------------------------------------------------------------------ the base season

SEASON = {"Circuit": "acf", "Season": "2005"}
PLAYERS = [["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"],
           ["1001", "Lee, Ann", "F", 1990, 1850, None, "NSW"],
           ["1002", "Ray, Bob", "M", 1985, 2100, None, "VIC"],
           ["1003", "Dee, Cy", "M", 1995, 1500, None, "QLD"],
           ["1004", "Fox, Di", "F", 1992, None, None, "WA"]]
HEADER = ["Section", "Place", "Name", "ID", "Sex", "Born", "State"]  # columns A–G of Results
RESULTS = [[None, 1, "Ray, Bob", "1002", "M", 1985, "VIC"],  # row 2
           [None, 2, "Lee, Ann", "1001", "F", 1990, "NSW"],  # row 3
           [None, 3, "Dee, Cy", "1003", "M", 1995, "QLD"],  # row 4
           [None, 4, "Fox, Di", "1004", "F", 1992, "WA"]]  # row 5
# Tournament sheet rows: 1 Setting|Value, 2 Name, 3 Start, 4 End, 5 State, 6 Capital city, 7 Prize money,
# 8 Registered, 9 Reported (builders.acf_tournament's order).
OPEN = "open.xlsx"


def acf_books() -> dict[str, dict]:
    return {OPEN: acf_tournament("Sydney Open", copy.deepcopy(RESULTS)),
            "melbourne.xlsx": acf_tournament("Melbourne Open", copy.deepcopy(RESULTS), state="VIC",
                                             start=dt.date(2005, 6, 4))}


def acf(mutate: Callable[[dict], None] | None = None, post: Callable[[Path], None] | None = None,
        settings: dict | None = None, sheets: dict | None = None) -> Callable[[Path], Path]:
    """A maker: the base ACF season, its tournament books changed by `mutate` (Python data) and the written
    folder by `post` (files, bytes)."""

    def make(tmp: Path) -> Path:
        books = acf_books()
        if mutate:
            mutate(books)
        folder = make_season(tmp, settings or SEASON, sheets={"Players": PLAYERS} if sheets is None else sheets,
                             tournaments=books)
        if post:
            post(folder)
        return folder

    return make


def results(books: dict, file: str = OPEN) -> list[list]:
    return books[file]["Results"]


def set_cell(row: int, col: str, value) -> Callable[[dict], None]:
    """Results!{col}{row} of open.xlsx := value (Excel numbering: row 1 is the header)."""

    def mutate(books: dict) -> None:
        rows = results(books)
        j = ord(col) - 65
        rows[row - 1] = list(rows[row - 1]) + [None] * max(0, j + 1 - len(rows[row - 1]))
        rows[row - 1][j] = value

    return mutate


def set_setting(name: str, value, file: str = OPEN) -> Callable[[dict], None]:
    def mutate(books: dict) -> None:
        books[file]["Tournament"][name] = value

    return mutate


def drop_setting(name: str) -> Callable[[dict], None]:
    def mutate(books: dict) -> None:
        del books[OPEN]["Tournament"][name]

    return mutate


# ------------------------------------------------------------------------- hostile-file construction


def rewrite_zip(path: Path, change: dict[str, Callable[[bytes], bytes]], level: int = 6) -> None:
    """Rewrite members of a workbook in place: member name → function of its bytes."""
    with zipfile.ZipFile(path) as zf:
        members = [(i, zf.read(i)) for i in zf.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as zf:
        for info, data in members:
            if info.filename in change:
                data = change[info.filename](data)
            zf.writestr(info.filename, data)


def sheet_member(path: Path, sheet: str) -> str:
    """The zip member holding a sheet (xlsxwriter numbers them in order)."""
    with zipfile.ZipFile(path) as zf:
        wb = zf.read("xl/workbook.xml").decode()
    names = re.findall(r'<sheet name="([^"]+)"', wb)
    return f"xl/worksheets/sheet{names.index(sheet) + 1}.xml"


def cfb(streams: list[str]) -> bytes:
    """The first sectors of an OLE compound file (what a password-protected .xlsx or an old .xls is):
    a header, a FAT sector and a directory sector naming `streams`."""
    head = bytearray(512)
    head[0:8] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
    head[24:26], head[26:28], head[28:30] = (0x3E).to_bytes(2, "little"), (3).to_bytes(2, "little"), b"\xfe\xff"
    head[30:32], head[32:34] = (9).to_bytes(2, "little"), (6).to_bytes(2, "little")
    head[44:48] = (1).to_bytes(4, "little")  # FAT sectors
    head[48:52] = (1).to_bytes(4, "little")  # first directory sector
    head[56:60] = (4096).to_bytes(4, "little")
    head[60:64] = head[68:72] = b"\xfe\xff\xff\xff"
    head[76:80] = (0).to_bytes(4, "little")
    head[80:512] = b"\xff" * 432
    fat = bytearray(b"\xff" * 512)
    fat[0:4], fat[4:8] = b"\xfd\xff\xff\xff", b"\xfe\xff\xff\xff"
    directory = bytearray()
    for k, name in enumerate(["Root Entry", *streams]):
        entry = bytearray(128)
        raw = name.encode("utf-16-le") + b"\0\0"
        entry[0:len(raw)] = raw
        entry[64:66] = len(raw).to_bytes(2, "little")
        entry[66] = 5 if k == 0 else 2
        entry[68:80] = b"\xff" * 12
        directory += entry
    directory += b"\0" * (512 - len(directory) % 512)
    return bytes(head + fat + directory) + os.urandom(1024)


def tournament_book(tmp: Path) -> Path:
    """A valid tournament workbook written outside the season (to be changed and copied in)."""
    return write_book(tmp / "source.xlsx", acf_tournament("Hostile Open", copy.deepcopy(RESULTS)))


def hostile(name: str, make_bytes: Callable[[Path], bytes]) -> Callable[[Path], None]:
    """A post-step adding a file `name` to the season whose bytes come from `make_bytes(scratch folder)`."""

    def post(folder: Path) -> None:
        scratch = folder.parent / "scratch"
        scratch.mkdir(exist_ok=True)
        data = make_bytes(scratch)
        (folder / name).write_bytes(data)
        shutil.rmtree(scratch)

    return post


def with_results_xml(body: Callable[[], bytes], dimension: bytes = b"") -> Callable[[Path], bytes]:
    """A tournament workbook whose Results sheet XML is replaced by a generated <sheetData> body."""

    def make(scratch: Path) -> bytes:
        src = tournament_book(scratch)
        member = sheet_member(src, "Results")
        head = (b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.'
                b'openxmlformats.org/spreadsheetml/2006/main">' + dimension + b"<sheetData>")
        rewrite_zip(src, {member: lambda _: head + body() + b"</sheetData></worksheet>"}, level=1)
        return src.read_bytes()

    return make


def million_rows() -> bytes:
    return b"".join(b'<row r="%d"><c r="B%d"><v>%d</v></c></row>' % (i, i, i) for i in range(1, 1_000_002))


def far_cells() -> bytes:
    """300 rows with a cell in column ZZZ (18,278): 5.5 M cells of used range, known only from the cells."""
    return b"".join(b'<row r="%d"><c r="B%d"><v>%d</v></c><c r="ZZZ%d"><v>1</v></c></row>' % (i, i, i, i)
                    for i in range(1, 301))


def long_cell(chars: int) -> bytes:
    """Results with a header and one row whose Name (C2) has `chars` characters (Excel stops at 32,767)."""
    head = b"".join(b'<c r="%s1" t="inlineStr"><is><t>%s</t></is></c>' % (bytes([65 + j]), h.encode())
                    for j, h in enumerate(HEADER))
    return (b'<row r="1">' + head + b'</row><row r="2"><c r="B2"><v>1</v></c><c r="C2" t="inlineStr"><is><t>'
            + b"A" * chars + b'</t></is></c><c r="D2" t="inlineStr"><is><t>1001</t></is></c></row>')


def ten_mb_cell() -> bytes:
    return long_cell(10_000_000)


def zip_bomb(scratch: Path) -> bytes:
    """A valid workbook plus a sheet that unpacks to 320 MB of blanks from ~1.5 MB."""
    src = tournament_book(scratch)
    member = sheet_member(src, "Results")
    with zipfile.ZipFile(src) as zf:
        members = [(i.filename, zf.read(i)) for i in zf.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=1) as zf:
        for name, data in members:
            if name != member:
                zf.writestr(name, data)
                continue
            with zf.open(name, "w", force_zip64=True) as fh:
                fh.write(data[:data.index(b"<sheetData>")])
                block = b" " * (1 << 22)
                for _ in range(80):
                    fh.write(block)
                fh.write(data[data.index(b"<sheetData>"):])
    return out.getvalue()


def entity_bomb(scratch: Path) -> bytes:
    """'Billion laughs': a DTD whose entities expand exponentially."""
    src = tournament_book(scratch)
    member = sheet_member(src, "Results")
    dtd = (b'<!DOCTYPE worksheet [<!ENTITY a "aaaaaaaaaa">' + b"".join(
        b'<!ENTITY %s "%s">' % (bytes([98 + k]), (b"&" + bytes([97 + k]) + b";") * 10) for k in range(9)) + b"]>")
    rewrite_zip(src, {member: lambda d: d.replace(b"?>", b"?>" + dtd, 1).replace(b"Ray, Bob", b"&j;")})
    return src.read_bytes()


def lying_sizes(scratch: Path) -> bytes:
    """A zip whose directory says a member is smaller than it is (the trick bombs use): CRC catches it."""
    data = bytearray(tournament_book(scratch).read_bytes())
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as zf:
        info = zf.getinfo("xl/sharedStrings.xml")
    # patch the uncompressed size in the central directory entry and the local header
    for marker, offset in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):
        pos = 0
        while (pos := data.find(marker, pos)) >= 0:
            name_at = pos + (46 if marker == b"PK\x01\x02" else 30)
            if data[name_at:name_at + len(info.filename)] == info.filename.encode():
                data[pos + offset:pos + offset + 4] = (info.file_size // 2).to_bytes(4, "little")
            pos += 4
    return bytes(data)


def formula_book(cached: bool) -> Callable[[Path], bytes]:
    """Prize money as a formula: with a cached value (as Excel saves it) or without (as a program writes it)."""

    def make(scratch: Path) -> bytes:
        import xlsxwriter

        path = scratch / "formula.xlsx"
        wb = xlsxwriter.Workbook(str(path), {"strings_to_formulas": False, "strings_to_numbers": False})
        ws = wb.add_worksheet("Tournament")
        tour = acf_tournament("Formula Open", [])["Tournament"]
        ws.write_row(0, 0, ["Setting", "Value"])
        for i, (k, v) in enumerate(tour.items(), start=1):
            ws.write_string(i, 0, k)
            if k == "Prize money":
                ws.write_formula(i, 1, "=1000+1500", None, 2500 if cached else "")
            elif isinstance(v, dt.date):
                ws.write_string(i, 1, v.isoformat())
            else:
                ws.write(i, 1, v)
        rs = wb.add_worksheet("Results")
        for i, row in enumerate([HEADER, *RESULTS]):
            for j, v in enumerate(row):
                if v is not None:
                    rs.write(i, j, v)
        wb.close()
        if cached:  # Excel keeps results and does not ask for a recalculation on load
            rewrite_zip(path, {"xl/workbook.xml": lambda d: d.replace(b' fullCalcOnLoad="1"', b"")})
        return path.read_bytes()

    return make


def xlsm_book(scratch: Path) -> bytes:
    """A macro-enabled workbook with a VBA project (macros are never run; the values are read)."""
    import xlsxwriter

    vba = scratch / "vbaProject.bin"
    vba.write_bytes(cfb(["VBA", "dir", "ThisWorkbook"]))
    path = scratch / "macro.xlsm"
    wb = xlsxwriter.Workbook(str(path), {"strings_to_formulas": False, "strings_to_numbers": False})
    wb.add_vba_project(str(vba))
    _tournament_sheets(wb, "Macro Open", dt.date(2005, 8, 6))
    wb.close()
    return path.read_bytes()


def _tournament_sheets(wb, name: str, start: dt.date):
    """The Tournament and Results sheets of a standard ACF test tournament, written with xlsxwriter."""
    ws = wb.add_worksheet("Tournament")
    ws.write_row(0, 0, ["Setting", "Value"])
    tour = acf_tournament(name, [], start=start)["Tournament"]
    for i, (k, v) in enumerate(tour.items(), start=1):
        ws.write_string(i, 0, k)
        ws.write(i, 1, v.isoformat() if isinstance(v, dt.date) else v)
    rs = wb.add_worksheet("Results")
    for i, row in enumerate([HEADER, *RESULTS]):
        for j, v in enumerate(row):
            if v is not None:
                rs.write(i, j, v)
    return ws, rs


def styled_book(build: Callable) -> Callable[[Path], bytes]:
    """A tournament workbook written with xlsxwriter where `build(ws_tournament, ws_results, wb)` adds the
    styling (merges, hidden rows and sheets)."""

    def make(scratch: Path) -> bytes:
        import xlsxwriter

        path = scratch / "styled.xlsx"
        wb = xlsxwriter.Workbook(str(path), {"strings_to_formulas": False, "strings_to_numbers": False})
        ws, rs = _tournament_sheets(wb, "Styled Open", dt.date(2005, 9, 3))
        build(ws, rs, wb)
        wb.close()
        return path.read_bytes()

    return make


def _merge_sections(ws, rs, wb) -> None:
    rs.merge_range("A2:A5", "Open")


def _hide_rows(ws, rs, wb) -> None:
    rs.set_row(3, None, None, {"hidden": True})  # Excel row 4


def _hide_sheet(ws, rs, wb) -> None:
    wb.add_worksheet("Notes").activate()
    rs.hide()


def _error_born(ws, rs, wb) -> None:
    rs.write_formula(2, 5, "=NA()", None, "#N/A")  # the second player's Born: a lookup that failed (F3)


def _far_cell(ws, rs, wb) -> None:
    rs.write_string(399, 16383, "stray")  # XFD400: 400 rows × 16,384 columns


def copy_open(name: str) -> Callable[[Path], None]:
    def post(folder: Path) -> None:
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(folder / OPEN, folder / name)

    return post


def other_circuit(books: dict) -> None:
    books[OPEN]["Tournament"]["Circuit"] = "fecodaz"


def truncated(folder: Path) -> None:
    data = (folder / OPEN).read_bytes()
    (folder / OPEN).write_bytes(data[: len(data) // 2])


def no_season_sheet(folder: Path) -> None:
    write_book(folder / "season.xlsx", {"Settings": SEASON})


def no_season_file(folder: Path) -> None:
    (folder / "season.xlsx").unlink()


# ------------------------------------------------------------------------------------------ the catalogue


@dataclass(frozen=True)
class Case:
    id: str
    what: str  # the bad input, in words (the table's first column)
    make: Callable[[Path], Path]
    code: str
    file: str  # the file the issue names ("" for the season folder itself)
    where: str = ""  # "Sheet!Cell", "Sheet" or "" — exactly as Issue.where
    exit: int = 1
    severity: str = "error"
    circuit: str = "acf"


CASES: list[Case] = [
    # -- files that are not (readable) workbooks
    Case("no-season-file", "the folder has no season.xlsx", acf(post=no_season_file), "no-season-file",
         "season.xlsx"),
    Case("season-sheet-missing", "season.xlsx has no Season sheet", acf(post=no_season_sheet), "missing-sheet",
         "season.xlsx"),
    Case("renamed-text", "a text file renamed .xlsx",
         acf(post=lambda f: (f / "notes.xlsx").write_text("Place;Name\n1;Ann\n")), "not-a-workbook", "notes.xlsx"),
    Case("empty-file", "an empty (0-byte) .xlsx", acf(post=lambda f: (f / "empty.xlsx").write_bytes(b"")),
         "not-a-workbook", "empty.xlsx"),
    Case("zip-not-workbook", "a zip file (e.g. a .docx) renamed .xlsx",
         acf(post=hostile("letter.xlsx", lambda s: _zip_bytes({"word/document.xml": b"<w:document/>"}))),
         "not-a-workbook", "letter.xlsx"),
    Case("truncated", "a truncated workbook (half a download)", acf(post=truncated), "corrupt", OPEN),
    Case("crc-lie", "a zip whose directory lies about a part's size", acf(post=hostile("liar.xlsx", lying_sizes)),
         "corrupt", "liar.xlsx"),
    Case("encrypted", "a password-protected workbook",
         acf(post=hostile("secret.xlsx", lambda s: cfb(["EncryptionInfo", "EncryptedPackage"]))), "encrypted",
         "secret.xlsx"),
    Case("legacy-xls", "an old Excel 97–2003 .xls", acf(post=hostile("old.xls", lambda s: cfb(["Workbook"]))),
         "legacy-xls", "old.xls"),
    Case("xls-renamed", "an old .xls renamed .xlsx",
         acf(post=hostile("old-renamed.xlsx", lambda s: cfb(["Workbook", "SummaryInformation"]))), "legacy-xls",
         "old-renamed.xlsx"),
    Case("xlsb", "an Excel binary workbook (.xlsb)", acf(post=hostile("binary.xlsb", lambda s: b"PK\x03\x04")),
         "not-xlsx", "binary.xlsb"),
    Case("ods", "an OpenDocument spreadsheet (.ods)", acf(post=hostile("calc.ods", lambda s: b"PK\x03\x04")),
         "not-xlsx", "calc.ods"),
    Case("not-a-tournament", "a workbook without Tournament and Results sheets",
         acf(post=lambda f: write_book(f / "budget.xlsx", {"Budget": [["Item", "Cost"], ["Hall", 100]]})),
         "not-a-tournament", "budget.xlsx"),
    Case("other-circuit", "a tournament workbook for another circuit", acf(other_circuit), "wrong-circuit", OPEN,
         "Tournament!B10"),
    # -- resource limits
    Case("million-rows", "a sheet with a million rows",
         acf(post=hostile("huge.xlsx", with_results_xml(million_rows))), "too-many-rows", "huge.xlsx", "Results"),
    Case("dimension-rows", "a sheet whose used range claims 1,048,576 rows",
         acf(post=hostile("range.xlsx", with_results_xml(lambda: b"", b'<dimension ref="A1:G1048576"/>'))),
         "too-many-rows", "range.xlsx", "Results"),
    Case("far-cell", "a stray cell far to the right (XFD400) making a huge used range",
         acf(post=hostile("wide.xlsx", styled_book(_far_cell))), "too-many-cells", "wide.xlsx", "Results"),
    Case("far-cells-no-range", "stray cells in column ZZZ on 300 rows, with no used range to say so",
         acf(post=hostile("far.xlsx", with_results_xml(far_cells))), "too-many-cells", "far.xlsx", "Results"),
    Case("ten-mb-cell", "a cell of 10 MB", acf(post=hostile("long.xlsx", with_results_xml(ten_mb_cell))),
         "cell-too-long", "long.xlsx", "Results!C2"),
    Case("long-cell", "a name longer than Excel's 32,767 characters (40,000)",
         acf(post=hostile("long-name.xlsx", with_results_xml(lambda: long_cell(40_000)))), "bad-value",
         "long-name.xlsx", "Results!C2"),
    Case("zip-bomb", "a compressed XML bomb (320 MB of XML in a 1.5 MB file)",
         acf(post=hostile("bomb.xlsx", zip_bomb)), "too-large", "bomb.xlsx"),
    Case("entity-bomb", "an XML entity bomb ('billion laughs')", acf(post=hostile("laughs.xlsx", entity_bomb)),
         "xml-dtd", "laughs.xlsx"),
    # -- sheets and headers
    Case("results-missing", "a tournament workbook without its Results sheet",
         acf(lambda b: b[OPEN].pop("Results")), "missing-sheet", OPEN),
    Case("tournament-missing", "a tournament workbook without its Tournament sheet",
         acf(lambda b: b[OPEN].pop("Tournament")), "missing-sheet", OPEN),
    Case("header-missing", "the Name column is missing",
         acf(lambda b: b[OPEN].update(Results=[[h for h in HEADER if h != "Name"],
                                               *[[v for j, v in enumerate(r) if j != 2] for r in RESULTS]])),
         "missing-column", OPEN, "Results!A1"),
    Case("header-misspelled", "a misspelled header (Nmae)",
         acf(lambda b: results(b).__setitem__(0, [("Nmae" if h == "Name" else h) for h in HEADER])),
         "missing-column", OPEN, "Results!A1"),
    Case("header-duplicated", "the Name header twice", acf(set_cell(1, "H", "Name")), "duplicate-header", OPEN,
         "Results!H1"),
    Case("results-empty", "a Results sheet with a header and no rows",
         acf(lambda b: b[OPEN].update(Results=[HEADER])), "empty-sheet", OPEN, "Results!A2"),
    Case("setting-missing", "a required setting (Prize money) is missing", acf(drop_setting("Prize money")),
         "missing-setting", OPEN, "Tournament!A9"),
    Case("setting-twice", "a setting given twice",
         acf(lambda b: b[OPEN].update(Tournament=[["Setting", "Value"],
                                                  *b[OPEN]["Tournament"].items(), ["Name", "Again"]])),
         "duplicate-setting", OPEN, "Tournament!A10"),
    # -- rows
    Case("player-twice", "the same player twice in one tournament",
         acf(lambda b: results(b).__setitem__(3, [None, 3, "Lee, Ann", "1001", "F", 1990, "NSW"])),
         "duplicate-player", OPEN, "Results!C4"),
    Case("places-skip", "places that skip (1, 2, 4)", acf(set_cell(4, "B", 4)), "place-skipped", OPEN,
         "Results!B4"),
    Case("places-backwards", "places that go backwards (1, 3, 2)",
         acf(lambda b: (set_cell(3, "B", 3)(b), set_cell(4, "B", 2)(b))), "place-order", OPEN, "Results!B4"),
    Case("place-after-tie", "a shared place followed by the wrong place (1, 1, 2)",
         acf(lambda b: (set_cell(3, "B", 1)(b), set_cell(4, "B", 2)(b), set_cell(5, "B", 3)(b))),
         "place-skipped", OPEN, "Results!B4"),
    Case("place-text", "a place that is not a number (first)", acf(set_cell(2, "B", "first")), "bad-value", OPEN,
         "Results!B2"),
    Case("place-negative", "a negative place", acf(set_cell(2, "B", -1)), "bad-value", OPEN, "Results!B2"),
    Case("name-blank", "a whitespace-only name", acf(set_cell(3, "C", "   ")), "blank", OPEN, "Results!C3"),
    Case("name-nbsp", "a name cell holding only non-breaking spaces", acf(set_cell(3, "C", "\u00a0\u00a0")),
         "blank", OPEN, "Results!C3"),
    Case("id-fraction", "an ID that is a fraction (1001.5)", acf(set_cell(3, "D", 1001.5)), "bad-value", OPEN,
         "Results!D3"),
    Case("sex-unknown", "an unknown sex (X)", acf(set_cell(2, "E", "X")), "bad-value", OPEN, "Results!E2"),
    Case("born-future", "a birth year in the future", acf(set_cell(2, "F", 2090)), "bad-born", OPEN,
         "Results!F2"),
    Case("born-text", "a birth date that is not a date (yesterday)", acf(set_cell(2, "F", "yesterday")),
         "bad-value", OPEN, "Results!F2"),
    Case("born-impossible", "an impossible birth date (31/02/1990)", acf(set_cell(2, "F", "31/02/1990")),
         "bad-value", OPEN, "Results!F2"),
    Case("state-unknown", "an unknown State (XYZ)", acf(set_cell(2, "G", "XYZ")), "bad-value", OPEN,
         "Results!G2"),
    Case("junior-unclear", "Junior neither yes nor no (maybe)",
         acf(lambda b: (set_cell(1, "H", "Junior")(b), set_cell(2, "H", "maybe")(b))), "bad-value", OPEN,
         "Results!H2"),
    # -- tournament settings
    Case("date-impossible", "an impossible date (31/02/2005)", acf(set_setting("Start", "31/02/2005")),
         "bad-value", OPEN, "Tournament!B3"),
    Case("date-typed-year", "a year typed into the template's date cell (Start 2005: Excel shows 27/06/1905)",
         acf(set_setting("Start", dt.date(1905, 6, 27))), "bad-value", OPEN, "Tournament!B3"),
    Case("born-typed-year", "a birth year typed into a date-formatted cell (1990: Excel shows 12/06/1905)",
         acf(set_cell(2, "F", dt.date(1905, 6, 12))), "bad-value", OPEN, "Results!F2"),
    Case("dates-backwards", "End before Start", acf(set_setting("End", dt.date(2005, 3, 1))), "dates-backwards",
         OPEN, "Tournament!B4"),
    Case("tournament-state", "an unknown State for the tournament", acf(set_setting("State", "Atlantis")),
         "bad-value", OPEN, "Tournament!B5"),
    Case("capital-unclear", "Capital city neither yes nor no", acf(set_setting("Capital city", "maybe")),
         "bad-value", OPEN, "Tournament!B6"),
    Case("money-negative", "negative prize money", acf(set_setting("Prize money", -500)), "bad-value", OPEN,
         "Tournament!B7"),
    Case("money-text", "prize money that is not a number (lots)", acf(set_setting("Prize money", "lots")),
         "bad-value", OPEN, "Tournament!B7"),
    Case("section-unknown", "a section not listed on the Sections sheet",
         acf(lambda b: (b[OPEN].update(Sections=[["Section", "Division"], ["Open", "Open"]]),
                        set_cell(3, "A", "Reserves")(b), *[set_cell(r, "A", "Open")(b) for r in (2, 4, 5)])),
         "unknown-section", OPEN, "Results!A3"),
    Case("division-unknown", "an unknown division on the Sections sheet",
         acf(lambda b: b[OPEN].update(Sections=[["Section", "Division"], ["Open", "Masters"]])), "bad-value",
         OPEN, "Sections!B2"),
    Case("same-tournament-twice", "the same tournament in two workbooks", acf(post=copy_open("copy/open (1).xlsx")),
         "duplicate-tournament", OPEN, "Tournament!B2"),
    Case("season-year", "a season without a year", acf(settings={"Circuit": "acf", "Season": "next"}),
         "bad-value", "season.xlsx", "Season!B3"),
    Case("season-circuit", "an unknown circuit in season.xlsx", acf(settings={"Circuit": "chess", "Season": "2005"}),
         "bad-value", "season.xlsx", "Season!B2"),
    # -- formulas
    Case("formula-no-value", "a formula whose result was never saved",
         acf(post=hostile("formula.xlsx", formula_book(cached=False))), "formula-no-value", "formula.xlsx",
         "Tournament!B7"),
    Case("excel-error", "a formula showing an Excel error (#N/A) in an optional cell (Born)",
         acf(post=hostile("error.xlsx", styled_book(_error_born))), "excel-error", "error.xlsx", "Results!F3"),
    # -- read, with a warning (exit 0)
    Case("outside-season", "a tournament outside the season (ACF: warned, cl. 2)",
         acf(lambda b: (set_setting("Start", dt.date(2006, 3, 5))(b), set_setting("End", dt.date(2006, 3, 6))(b),
                       set_setting("Reported", dt.date(2006, 3, 10))(b))),
         "outside-season", OPEN, "Tournament!B3", exit=0, severity="warning"),
    Case("merged-cells", "merged cells (a Section merged down four rows)",
         acf(post=hostile("merged.xlsx", styled_book(_merge_sections))), "merged-cells", "merged.xlsx",
         "Results!A2:A5", exit=0, severity="warning"),
    Case("hidden-rows", "hidden rows", acf(post=hostile("hidden-rows.xlsx", styled_book(_hide_rows))),
         "hidden-rows", "hidden-rows.xlsx", "Results!A4", exit=0, severity="warning"),
    Case("hidden-sheet", "a hidden sheet", acf(post=hostile("hidden-sheet.xlsx", styled_book(_hide_sheet))),
         "hidden-sheet", "hidden-sheet.xlsx", "Results", exit=0, severity="warning"),
    Case("xlsm", "a macro-enabled .xlsm (values read, macros never run)",
         acf(post=hostile("macro.xlsm", xlsm_book)), "macros-ignored", "macro.xlsm", exit=0, severity="info"),
    Case("formula-cached", "a formula with a saved result (the saved value is used)",
         acf(post=hostile("formula.xlsx", formula_book(cached=True))), "", "formula.xlsx", exit=0, severity=""),
    Case("lock-file", "an Excel lock file (~$open.xlsx) beside the workbook",
         acf(post=lambda f: (f / "~$open.xlsx").write_bytes(b"\0" * 165)), "", "", exit=0, severity=""),
]

# ----------------------------------------------------------------------------- FECODAZ and Aarhus

FZ_HEAD = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "Score", "Games", "Withdrew"]  # A–J
FZ_POINTS = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                             for c in range(1, 14)]
FZ = "copa.xlsx"  # Tournament rows: 2 Circuit, 3 Name, 4 Start, 5 End, 6 Kind, …
AA_HEAD = ["Group", "Place", "Name", "Club", "Born", "Sex", "Points", "Games"]  # A–H
AA = "gpt1.xlsx"  # Tournament rows: 2 Name, 3 Date, 4 Kind


def fz_books() -> dict[str, dict]:
    t = {"Circuit": "fecodaz", "Name": "Copa Valle", "Start": dt.date(2009, 2, 1), "End": dt.date(2009, 2, 4),
         "Kind": "Open", "Host league": "Valle", "Base category": 2, "IRT": "Yes", "Norms": "None",
         "Cash prizes": "Yes", "Rounds": 7}
    res = [[1, "Carlos Ruiz", "101", "M", 1980, "Valle", "GM", 6, 7, "No"],
           [2, "Diego Paz", "102", "M", 1975, "Bogotá", "IM", 5.5, 7, "No"],
           [3, "Elena Gil", "103", "F", 1990, "Valle", None, 5, 7, "No"],
           [4, "Fabio Sol", "104", "M", 1994, "Antioquia", None, 4, 7, "No"]]
    return {FZ: {"Tournament": t, "Results": [FZ_HEAD, *res]}}


def aa_books() -> dict[str, dict]:
    return {AA: {"Tournament": {"Name": "GPT 1", "Date": dt.date(2012, 9, 22), "Kind": "GPT"},
                 "Groups": [["Group", "Rounds"], ["C", 7], ["D", 7]],
                 "Results": [AA_HEAD, ["C", 1, "Aske Bo", "ASF", 1998, "M", 5, 7],
                             ["C", 2, "Cille Dam", "ASF", 1999, "F", 4, 7],
                             ["D", 1, "Emil Fog", "SK 1968", 2000, "M", 4.5, 7],
                             ["D", 2, "Freja Gad", "SK 1968", 2001, "F", 3, 7]]}}


def other(circuit: str, mutate: Callable[[dict], None]) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        if circuit == "fecodaz":
            books = fz_books()
            mutate(books)
            return make_season(tmp, {"Circuit": "fecodaz", "Season": "2009"}, sheets={"Points": FZ_POINTS},
                               tournaments=books)
        books = aa_books()
        mutate(books)
        return make_season(tmp, {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 1}, tournaments=books)

    return make


def cell_of(file: str, row: int, col: str, value) -> Callable[[dict], None]:
    def mutate(books: dict) -> None:
        books[file]["Results"][row - 1][ord(col) - 65] = value

    return mutate


def setting_of(file: str, name: str, value) -> Callable[[dict], None]:
    def mutate(books: dict) -> None:
        books[file]["Tournament"][name] = value

    return mutate


CIRCUIT_CASES: list[Case] = [
    Case("fz-kind", "FECODAZ: an unknown kind of tournament (Blitz)",
         other("fecodaz", setting_of(FZ, "Kind", "Blitz")), "bad-value", FZ, "Tournament!B6", circuit="fecodaz"),
    Case("fz-title", "FECODAZ: an unknown title (Grandmaster)", other("fecodaz", cell_of(FZ, 2, "G", "Grandmaster")),
         "bad-value", FZ, "Results!G2", circuit="fecodaz"),
    Case("fz-tied", "FECODAZ: a shared place (places are after tiebreak)", other("fecodaz", cell_of(FZ, 3, "A", "=1")),
         "tied-place", FZ, "Results!A3", circuit="fecodaz"),
    Case("fz-score-negative", "FECODAZ: a negative score", other("fecodaz", cell_of(FZ, 2, "H", -1)), "bad-value",
         FZ, "Results!H2", circuit="fecodaz"),
    Case("fz-withdrew", "FECODAZ: Withdrew not No/Yes/Justified", other("fecodaz", cell_of(FZ, 2, "J", "maybe")),
         "bad-value", FZ, "Results!J2", circuit="fecodaz"),
    # a score may exceed the games played (a bye scores 1 without a game) but never the rounds
    Case("fz-score-over-rounds", "FECODAZ: a score above the rounds of the tournament (8 of 7)",
         other("fecodaz", cell_of(FZ, 2, "H", 8)), "score-over-rounds", FZ, "Results!H2", circuit="fecodaz"),
    Case("aa-group", "Aarhus: an unknown group (Q)", other("aarhus", cell_of(AA, 2, "A", "Q")), "bad-group", AA,
         "Results!A2", circuit="aarhus"),
    Case("aa-points-over", "Aarhus: points above the rounds played (9 of 7)",
         other("aarhus", cell_of(AA, 2, "G", 9)), "points-over-rounds", AA, "Results!G2", circuit="aarhus"),
    Case("aa-points-negative", "Aarhus: negative points", other("aarhus", cell_of(AA, 2, "G", -2)), "bad-value",
         AA, "Results!G2", circuit="aarhus"),
    Case("aa-points-text", "Aarhus: points that are not a number (five)", other("aarhus", cell_of(AA, 2, "G", "five")),
         "bad-value", AA, "Results!G2", circuit="aarhus"),
    Case("aa-kind", "Aarhus: an unknown kind of tournament (Blitz)", other("aarhus", setting_of(AA, "Kind", "Blitz")),
         "bad-value", AA, "Tournament!B4", circuit="aarhus"),
    Case("aa-outside-season", "Aarhus: a tournament outside the season",
         other("aarhus", setting_of(AA, "Date", dt.date(2015, 1, 1))), "outside-season", AA, "Tournament!B3",
         circuit="aarhus"),
]
# Known gaps in the circuits (not in the reader): the case stays in the catalogue and xfails until fixed.
KNOWN_GAPS = {
}


def _zip_bytes(members: dict[str, bytes]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members.items():
            zf.writestr(name, data)
    return out.getvalue()


# ------------------------------------------------------------------------------------------ running a case


@dataclass
class Run:
    exit: int
    output: str
    issues: list[Issue]
    seconds: float


def short(text: str, limit: int = 2000) -> str:
    return text if len(text) <= limit else text[:limit] + f" … ({len(text):,} characters)"


def hashes(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "output" not in p.relative_to(folder).parts}


def invoke_build(folder: Path, *extra: str):
    """`gpcalc build FOLDER --json FOLDER/output/standings.json` through CliRunner: (click's result, the issues of
    that same run, recorded as data by wrapping pipeline.compute, which the build calls). Asserts nothing."""
    from gpcalc import pipeline

    seen: list[Issue] = []
    original = pipeline.compute

    def recording(*args, **kwargs):
        try:
            result = original(*args, **kwargs)
        except InputError as exc:
            seen.extend(exc.issues.items)
            raise
        seen.extend(result.issues.items)
        return result

    pipeline.compute = recording
    try:
        res = CliRunner().invoke(main, ["build", str(folder), "--json",
                                        str(folder / "output" / "standings.json"), *extra])
    finally:
        pipeline.compute = original
    return res, seen


def run_build(folder: Path, *extra: str) -> Run:
    """`gpcalc build FOLDER --json FOLDER/output/standings.json` (:func:`invoke_build`): no exception escapes and
    no traceback is printed; the run with its issues."""
    start = time.perf_counter()
    res, seen = invoke_build(folder, *extra)
    seconds = time.perf_counter() - start
    assert res.exception is None or isinstance(res.exception, SystemExit), short(res.output)
    assert "Traceback" not in res.output
    return Run(res.exit_code, res.output, seen, seconds)


def matching(run: Run, case: Case) -> list[Issue]:
    return [i for i in run.issues if i.code == case.code and i.file == case.file and i.where == case.where
            and i.severity == case.severity]


def check_case(case: Case, tmp: Path) -> Run:
    folder = case.make(tmp)
    out = folder / "output"
    out.mkdir(exist_ok=True)
    (out / "standings.xlsx").write_bytes(PREVIOUS)
    before = hashes(folder)
    run = run_build(folder)
    assert hashes(folder) == before, "an input file was modified"
    assert run.exit == case.exit, short(run.output)
    if case.exit:
        assert (out / "standings.xlsx").read_bytes() == PREVIOUS, "the previous output was changed"
        assert sorted(p.name for p in out.iterdir()) == ["standings.xlsx"], "an output file was created"
    else:
        assert (out / "standings.xlsx").read_bytes()[:2] == b"PK" and (out / "standings.json").exists()
    if case.code:
        found = matching(run, case)
        assert found, f"no {case.severity} {case.code} at {case.file} {case.where!r}; got " + \
            short("; ".join(f"{i.severity} {i.code} {i.file} {i.where}" for i in run.issues if i.severity != "info"))
        if case.severity != "info":  # the printed report names the file, the sheet!cell and the code
            lines = run.output.splitlines()
            heading = lines.index(case.file or "(season)")
            block = []
            for line in lines[heading + 1:]:
                if not line.startswith("  "):
                    break
                block.append(line)
            prefix = f"  {case.severity}: " + (f"{case.where}: " if case.where else "")
            assert any(line.startswith(prefix) and line.endswith(f"[{case.code}]") for line in block), \
                short("\n".join(block))
    else:
        assert not [i for i in run.issues if i.severity == "error"], short(run.output)
    assert run.seconds < 120, f"took {run.seconds:.1f} s"  # a hang guard (a typo must not loop), not a speed test
    return run


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input(case: Case, tmp_path: Path) -> None:
    check_case(case, tmp_path)


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.xfail(reason=KNOWN_GAPS[c.id], strict=True))
                                  if c.id in KNOWN_GAPS else c for c in CIRCUIT_CASES],
                         ids=[c.id for c in CIRCUIT_CASES])
def test_bad_input_other_circuits(case: Case, tmp_path: Path) -> None:
    if not _circuit_loads(case.circuit):
        pytest.skip(f"the {case.circuit} circuit is not available yet")
    check_case(case, tmp_path)


def test_catalogue_is_big_and_documented() -> None:
    ids = [c.id for c in CASES]
    assert len(ids) == len(set(ids))
    assert sum(c.exit == 1 for c in CASES) >= 40
    doc = (ROOT / "docs" / "bad-input.md").read_text(encoding="utf-8")
    missing = [c.what for c in CASES + CIRCUIT_CASES if f"| {c.what} |" not in doc]
    assert not missing, "run: python scripts/bad_input_table.py — missing rows: " + "; ".join(missing)
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    missing = [c.what for c in CASES + CIRCUIT_CASES if f"| {c.what} |" not in readme]
    assert not missing, "the README's 'What bad input gets' table is stale: run python scripts/bad_input_table.py"


# ------------------------------------------------------------------------------ what a good read gives


def test_formula_cached_value_is_used(tmp_path: Path) -> None:
    """Excel saves a formula's result beside it: that value (2500) is read, so the tournament is class 3."""
    folder = acf(post=hostile("formula.xlsx", formula_book(cached=True)))(tmp_path)
    run = run_build(folder)
    assert run.exit == 0, run.output
    data = json.loads((folder / "output" / "standings.json").read_text(encoding="utf-8"))
    tour = next(t for t in data["tournaments"] if t["name"] == "Formula Open")
    assert tour["class"] == 3  # cl. 6(1): prize money 2500 ≥ 2500 → class 3


def test_merged_cells_are_read_on_every_row(tmp_path: Path) -> None:
    from gpcalc.season import load_season

    folder = acf(post=hostile("merged.xlsx", styled_book(_merge_sections)))(tmp_path)
    season = load_season(folder)
    rows = season.results[season.results["file"] == "merged.xlsx"]
    assert rows["section"].tolist() == ["Open"] * 4


def test_xlsm_values_read_and_macros_never_run(tmp_path: Path) -> None:
    folder = acf(post=hostile("macro.xlsm", xlsm_book))(tmp_path)
    run = run_build(folder)
    assert run.exit == 0
    data = json.loads((folder / "output" / "standings.json").read_text(encoding="utf-8"))
    assert any(t["name"] == "Macro Open" and t["players"] == 4 for t in data["tournaments"])


UNICODE_NAMES = ["Ærø, Søren", "Muñoz, Iñaki", "محمد، علي", "Ω 🦄 Zoë", "李 小龍"]  # ACF: places 1–5 score


def test_names_in_any_script_come_out_unchanged(tmp_path: Path) -> None:
    """Æ, Ø, ñ, Arabic, emoji, CJK: byte-for-byte the same in the JSON and in the output workbook."""
    rows = [[None, i + 1, name, str(2001 + i), "M", 1990, "NSW"] for i, name in enumerate(UNICODE_NAMES)]

    def mutate(books: dict) -> None:
        books[OPEN]["Results"] = [HEADER, *rows]

    folder = acf(mutate)(tmp_path)
    run = run_build(folder)
    assert run.exit == 0, run.output
    data = json.loads((folder / "output" / "standings.json").read_text(encoding="utf-8"))
    names = {s["name"] for s in data["standings"]}
    assert set(UNICODE_NAMES) <= names
    strings = _output_strings(folder / "output" / "standings.xlsx")
    assert set(UNICODE_NAMES) <= strings


def _output_strings(path: Path) -> set[str]:
    from html import unescape

    # text cells are inline strings in the sheets (constant-memory mode) or in sharedStrings.xml
    with zipfile.ZipFile(path) as zf:
        xml = "".join(zf.read(n).decode("utf-8") for n in zf.namelist()
                      if n == "xl/sharedStrings.xml" or n.startswith("xl/worksheets/sheet"))
    return {unescape(t) for t in re.findall(r"<t(?: [^>]*)?>([^<]*)</t>", xml)}


# ------------------------------------------------------------------------------------------ output safety


INJECTIONS = ["=HYPERLINK(\"http://x.example\",\"click\")", "+1+1", "-2+3", "@SUM(A1:A9)", "=cmd|' /C calc'!A0"]


def test_formula_injection_is_written_as_text(tmp_path: Path) -> None:
    """Names beginning with = + - @ are text cells in the output workbook: no <f> element anywhere."""
    rows = [[None, i + 1, name, str(3001 + i), "M", 1990, "NSW"] for i, name in enumerate(INJECTIONS)]

    def mutate(books: dict) -> None:
        books[OPEN]["Results"] = [HEADER, *rows]

    folder = acf(mutate)(tmp_path)
    run = run_build(folder)
    assert run.exit == 0, run.output
    out = folder / "output" / "standings.xlsx"
    with zipfile.ZipFile(out) as zf:
        sheets = [zf.read(n) for n in zf.namelist() if n.startswith("xl/worksheets/sheet")]
    assert sheets and not any(b"<f>" in s or b"<f " in s for s in sheets)
    assert set(INJECTIONS) <= _output_strings(out)


def _season_for_output(tmp: Path) -> Path:
    folder = acf()(tmp)
    assert run_build(folder).exit == 0
    return folder


def test_failed_build_leaves_previous_output(tmp_path: Path) -> None:
    folder = _season_for_output(tmp_path)
    out = folder / "output"
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    set_bad = acf_books()
    set_cell(2, "B", "first")(set_bad)
    write_book(folder / OPEN, set_bad[OPEN])
    assert run_build(folder).exit == 1
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before


def _gpcalc(*args: str, env: dict | None = None) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-m", "gpcalc.cli", *args], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env={**os.environ, **(env or {})})


def test_killed_build_leaves_previous_output(tmp_path: Path) -> None:
    """Kill a build while its temporary file is written: the previous standings.xlsx is intact."""
    folder = _season_for_output(tmp_path)
    out = folder / "output" / "standings.xlsx"
    previous = out.read_bytes()
    books = acf_books()
    results(books)[1][2] = "Ray, Robert"  # the next build would differ
    write_book(folder / OPEN, books[OPEN])
    proc = _gpcalc("build", str(folder), env={"GPCALC_TEST_SLOW_WRITE": "30"})
    try:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not list(out.parent.glob(".standings.xlsx.*.tmp")):
            time.sleep(0.05)
        temps = list(out.parent.glob(".standings.xlsx.*.tmp"))
        assert temps, "the build never reached its write"
        proc.send_signal(signal.SIGKILL)
        proc.wait(10)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert out.read_bytes() == previous
    # the interrupted temporary file is hidden and never read as input
    assert run_build(folder).exit == 0
    assert out.read_bytes() != previous


def test_two_builds_at_once_do_not_corrupt(tmp_path: Path) -> None:
    folder = _season_for_output(tmp_path)
    expected = (folder / "output" / "standings.xlsx").read_bytes()
    procs = [_gpcalc("build", str(folder), env={"GPCALC_TEST_SLOW_WRITE": "0.5"}) for _ in range(2)]
    for p in procs:
        p.wait(60)
        assert p.returncode == 0, p.stderr.read().decode()
    assert (folder / "output" / "standings.xlsx").read_bytes() == expected
    assert sorted(p.name for p in (folder / "output").iterdir()) == ["standings.json", "standings.xlsx"]


def test_inputs_never_modified_by_check_build_explain(tmp_path: Path) -> None:
    folder = _season_for_output(tmp_path)
    before = hashes(folder)
    runner = CliRunner()
    assert runner.invoke(main, ["check", str(folder)]).exit_code == 0
    assert runner.invoke(main, ["build", str(folder)]).exit_code == 0
    assert runner.invoke(main, ["explain", str(folder), "Ray, Bob"]).exit_code == 0
    assert hashes(folder) == before


# ------------------------------------------------------------------------------------------ determinism


def test_same_input_gives_byte_identical_output(tmp_path: Path) -> None:
    folder = acf()(tmp_path)
    outs = []
    for k in range(2):
        xlsx, js = tmp_path / f"s{k}.xlsx", tmp_path / f"s{k}.json"
        res = CliRunner().invoke(main, ["build", str(folder), "-o", str(xlsx), "--json", str(js)])
        assert res.exit_code == 0, res.output
        outs.append((xlsx.read_bytes(), js.read_bytes()))
        if k == 0:
            time.sleep(1.1)  # a clock in the output would show
    assert outs[0] == outs[1]


def test_limits_are_documented_constants() -> None:
    assert gread.MAX_ROWS < 1_000_000 and gread.MAX_CELL_CHARS == 32_767
    assert gread.MAX_UNCOMPRESSED_BYTES < 320 * 1024 * 1024 and gread.MAX_FILE_BYTES > 1_500_000


# ------------------------------------------------------------------------------ cases for other circuits


def _circuit_loads(name: str) -> bool:
    try:
        from gpcalc import circuits

        circuits.get(name)
        return True
    except Exception:
        return False


# ------------------------------------------------------------------ renaming and reordering (Hypothesis)

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_RENAME_BOOKS = {
    "a.xlsx": acf_tournament("Sydney Open", copy.deepcopy(RESULTS)),
    "b.xlsx": acf_tournament("Melbourne Open", [[None, 1, *RESULTS[1][2:]], [None, 2, *RESULTS[0][2:]], *RESULTS[2:]],
                             state="VIC",
                             start=dt.date(2005, 6, 4)),
    "c.xlsx": acf_tournament("Perth Open", [[None, 1, *RESULTS[2][2:]], [None, 2, *RESULTS[3][2:]],
                                            [None, 3, *RESULTS[0][2:]], [None, 4, *RESULTS[1][2:]]], state="WA",
                             start=dt.date(2005, 9, 10), prize_money=1200),
    "d.xlsx": acf_tournament("Hobart Open", [[None, "=1", *RESULTS[3][2:]], [None, "=1", *RESULTS[1][2:]],
                                             [None, 3, *RESULTS[0][2:]]], state="TAS", start=dt.date(2005, 11, 5)),
}


@pytest.fixture(scope="module")
def rename_source(tmp_path_factory) -> tuple[Path, list]:
    from gpcalc.pipeline import compute

    folder = make_season(tmp_path_factory.mktemp("rename"), SEASON, sheets={"Players": PLAYERS},
                         tournaments=_RENAME_BOOKS)
    return folder, _standings(compute(folder))


def _standings(result) -> list:
    assert result.outcome is not None, [i.text() for i in result.issues.errors]
    s = result.outcome.standings
    cols = [c for c in ("ranking", "rank", "tied", "name", "id", "total") if c in s.columns]
    return sorted(map(tuple, s[cols].astype(str).to_numpy().tolist()))


_NAME = st.text(alphabet="abcxyzÆøñ 1-_", min_size=1, max_size=8).map(str.strip).filter(
    lambda n: n and n.casefold() not in ("season", "output"))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(names=st.lists(_NAME, min_size=4, max_size=4, unique_by=str.casefold),
       folders=st.lists(st.sampled_from(["", "sub/", "x/y/", "Ærø/"]), min_size=4, max_size=4),
       order=st.permutations(sorted(_RENAME_BOOKS)))
def test_renaming_or_reordering_files_never_changes_standings(rename_source, names, folders, order) -> None:
    """The same workbooks under any names, in any folders, discovered in any order: the same standings."""
    import tempfile

    from gpcalc.pipeline import compute

    source, expected = rename_source
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "season"
        folder.mkdir()
        shutil.copyfile(source / "season.xlsx", folder / "season.xlsx")
        for original, name, sub in zip(order, names, folders):
            target = folder / f"{sub}{name}.xlsx"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source / original, target)
        assert _standings(compute(folder)) == expected


def test_long_tail_after_the_cells_is_not_a_long_cell(tmp_path: Path) -> None:
    """Thousands of merges and conditional formats follow <sheetData>: legitimate, never 'cell-too-long'."""
    from gpcalc.issues import Issues

    def many(ws, rs, wb) -> None:
        for i in range(10, 30_000, 2):
            rs.merge_range(i, 8, i + 1, 8, "")
        for i in range(2_000):
            rs.conditional_format(i, 9, i, 9, {"type": "cell", "criteria": ">", "value": i})

    path = tmp_path / "tail.xlsx"
    path.write_bytes(styled_book(many)(tmp_path))
    issues = Issues()
    assert gread.read_book(path, "tail.xlsx", issues) is not None, [i.text() for i in issues]
