"""What a volunteer coordinator's real season folder holds, and what gpcalc does with each kind of file or folder.

Everything goes through the real command line (click's CliRunner, `gpcalc check` / `gpcalc build`) on copies of
sample_data/* in tmp_path (sample_data/ itself is never touched). The expectation for each case comes from
CONTRACT "The season folder" (`**/*.xlsx` at any depth; ignored: season.xlsx, output/, lock files `~$*`, hidden
files; "a workbook that is not a tournament workbook is an error that names the file — never silently skipped";
never a traceback) and README "What bad input gets"; where they are silent, from the least surprising behaviour:
results are never lost silently, never counted twice, and every refusal names the file and says what to do.

Covered (passing):
- old/other spreadsheet formats, per circuit, in a sub-folder: an Excel 97–2003 .xls (an OLE compound file with a
  Workbook stream), an .xlsx renamed .xls, a zero-byte .xls, an OpenDocument .ods (real ODF zip), an ODF file
  saved under an .xlsx name, an .xlsb, a password-protected .xlsx (OLE EncryptionInfo/EncryptedPackage), a zip
  whose members are encrypted (ZipCrypto flag), a zero-byte .xlsx — each an error under its own file name with a
  hint, while every real workbook is still read;
- files read exactly once and scored as before, per circuit: an uppercase `.XLSX`, a macro-enabled `.xlsm` (a
  note naming it), sub-folders per month, a decomposed-Unicode (macOS NFD) name with æøå/ñ/accents, a symlink to a
  workbook outside the folder, a read-only workbook, a path of ~2,000 characters: the same standings and ledger
  as the untouched sample, and the Summary lists each input once;
- things that are not results left alone without noise: PDF, DOCX, `.DS_Store`, `._X.xlsx`, `~$X.xlsx` beside a
  workbook open in Excel, LibreOffice's `.~lock.X.xlsx#`, Thumbs.db, desktop.ini, workbooks inside `.git/` and
  `.cache/`, a copy of a tournament inside `output/`; a folder named like a workbook (`June.xlsx/`) is walked into;
- a copy of a tournament in `old/` or `backup/`, and a second file whose name differs only by case: the
  duplicate-tournament error naming both files (never counted twice), per circuit;
- a symlink and a hard link to a workbook of the same folder: the duplicate-tournament error, not two results;
- a `Season.xlsx` left in a sub-folder beside the real season.xlsx: an error naming it, with "move this file".

Defects (the .csv, .zip and .xltx files, the linked sub-folder, the non-UTF-8 file name and the 'Output/'
folder fixed on 30 November: a `not-read` warning names such files, links to folders are followed, names print
escaped; so are the two season-workbook cases — both named, or the one under another name named — and gpcalc's
own standings workbook in a sub-folder — one `standings-workbook` error; none is left as an xfail):
1. A `.csv` export of a results sheet is silently skipped (exit 0, one tournament fewer, nothing said), unlike
   .ods/.xlsb/.numbers which get "save it as .xlsx". (The build's own output check even treats a .csv inside the
   season folder as something "the next build would read".)
2. A workbook saved as an Excel template `.xltx` is silently skipped: its tournament is lost without a word.
3. A `.zip` of workbooks (as e-mailed by an organiser) dropped into the folder is silently skipped.
4. A symlinked sub-folder (e.g. `ACT -> /shared/ACT`) is never walked into: its tournaments are lost silently
   (pathlib's rglob does not follow directory links; discover() never mentions the link).
5. A workbook whose file name is not valid UTF-8 (a zip made on Windows unpacked on Linux): `gpcalc check` and
   `build` end in "gpcalc: internal error (UnicodeEncodeError … surrogates not allowed) … This is a bug" (under
   CliRunner the same exception escapes), exit 1, while printing the file's name; behind it, the reader already
   said "cannot read the workbook: No such file or directory (os error 2) — open it in Excel and save it again"
   (calamine is given the decoded name), though the file exists and Python opens it.
6. Two season workbooks `season.xlsx` and `Season.xlsx` in the season folder: one is used silently — which one
   depends on the directory listing order — and the other is ignored without a word.
7. season.xlsm / season.xls / season.ods, or the season.xlsx one folder down: "there is no season.xlsx … create
   one with gpcalc new", never mentioning the file that is there (and the hint would make a blank new season).
8. An output folder spelled `Output/` is read as input (only `output/` is ignored, while season.xlsx and ratings/
   are matched ignoring case): on Windows and macOS, whose file systems ignore case, `gpcalc build` writes into an
   existing `Output/` and every later build fails on its own standings workbook.
9. gpcalc's own standings workbook in a sub-folder (last year's in `old/`, or an organiser's `NSW/output/`) gets
   three contradictory errors, one telling the user to copy the Tournament sheet into the standings workbook.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import unicodedata
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from gpcalc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"acf": "acf-2005", "aarhus": "aarhus-2012-13", "fecodaz": "fecodaz-2009"}


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")


# --------------------------------------------------------------------------------------------------- helpers

def gpcalc(*args):
    """The real command line, in process; never a traceback (CONTRACT)."""
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output and "internal error" not in res.output, res.output
    return res


def season(tmp_path: Path, circuit: str, name: str = "season") -> Path:
    folder = tmp_path / name
    shutil.copytree(ROOT / "sample_data" / SAMPLES[circuit], folder)
    shutil.rmtree(folder / "output", ignore_errors=True)
    return folder


@pytest.fixture(scope="module")
def acf_standings(tmp_path_factory) -> Path:
    """A standings workbook gpcalc itself wrote for the ACF sample (a clean clone has none: output/ is not kept)."""
    folder = tmp_path_factory.mktemp("built") / "acf"
    shutil.copytree(ROOT / "sample_data" / "acf-2005", folder, ignore=shutil.ignore_patterns("output"))
    res = CliRunner().invoke(main, ["build", str(folder)], env={"GPCALC_NO_CACHE": "1"})
    assert res.exit_code == 0, res.output
    return folder / "output" / "standings.xlsx"


def workbooks(folder: Path) -> list[Path]:
    """The tournament workbooks of a sample copy (every .xlsx but season.xlsx and output/)."""
    return sorted(p for p in folder.rglob("*.xlsx")
                  if p.relative_to(folder).parts[0] != "output" and p.name != "season.xlsx")


def blocks(output: str) -> dict[str, list[str]]:
    """The CLI's issues grouped by file: a file's label on its own line, its issues indented below it."""
    found: dict[str, list[str]] = {}
    current = None
    for line in output.splitlines():
        if not line.strip():
            continue
        if not line.startswith(" "):
            current = line.strip()
        elif current is not None and re.match(r"\s+(error|warning|info|note):", line):
            found.setdefault(current, []).append(line.strip())
    return found


def read_count(output: str) -> int:
    m = re.search(r"(\d+) tournaments? read", output)
    assert m, output
    return int(m.group(1))


def assert_refused_with_hint(output: str, label: str) -> list[str]:
    """The file is named and each of its errors says what is wrong and what to do (`… — hint`)."""
    got = blocks(output)
    assert label in got, f"{label} not named in:\n{output}"
    errors = [line for line in got[label] if line.startswith("error:")]
    assert errors, got[label]
    for line in errors:
        assert " — " in line and re.search(r"save|remove|move|rename|open", line.split(" — ", 1)[1]), line
    return errors


def cfb(streams: list[str]) -> bytes:
    """The first sectors of an OLE compound file — what an Excel 97–2003 .xls (stream Workbook) or a
    password-protected .xlsx (streams EncryptionInfo, EncryptedPackage) is: header, FAT sector, directory."""
    head = bytearray(512)
    head[0:8] = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
    head[24:26], head[26:28], head[28:30] = (0x3E).to_bytes(2, "little"), (3).to_bytes(2, "little"), b"\xfe\xff"
    head[30:32], head[32:34] = (9).to_bytes(2, "little"), (6).to_bytes(2, "little")
    head[44:48] = (1).to_bytes(4, "little")
    head[48:52] = (1).to_bytes(4, "little")
    head[56:60] = (4096).to_bytes(4, "little")
    head[60:64] = head[68:72] = b"\xfe\xff\xff\xff"
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
    return bytes(head + fat + directory) + b"\0" * 1024


def ods_bytes() -> bytes:
    """A minimal real OpenDocument spreadsheet (what LibreOffice saves by default)."""
    import io

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr(zipfile.ZipInfo("mimetype"), "application/vnd.oasis.opendocument.spreadsheet")
        zf.writestr("META-INF/manifest.xml",
                    '<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:'
                    'tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:'
                    'media-type="application/vnd.oasis.opendocument.spreadsheet"/></manifest:manifest>')
        zf.writestr("content.xml",
                    '<?xml version="1.0" encoding="UTF-8"?><office:document-content xmlns:office="urn:oasis:'
                    'names:tc:opendocument:xmlns:office:1.0" xmlns:table="urn:oasis:names:tc:opendocument:'
                    'xmlns:table:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"><office:body>'
                    '<office:spreadsheet><table:table table:name="Results"><table:table-row><table:table-cell>'
                    '<text:p>Place</text:p></table:table-cell></table:table-row></table:table></office:spreadsheet>'
                    '</office:body></office:document-content>')
    return buf.getvalue()


def zipcrypto(data: bytes) -> bytes:
    """The workbook with every zip member flagged as encrypted (a zip made with a password)."""
    b = bytearray(data)
    for sig, off in ((b"PK\x03\x04", 6), (b"PK\x01\x02", 8)):
        i = 0
        while (j := b.find(sig, i)) >= 0:
            b[j + off] |= 1
            i = j + 4
    return bytes(b)


def to_xlsm(src: Path, dst: Path) -> None:
    """What Excel writes for "Excel Macro-Enabled Workbook": the macro content type and a vbaProject.bin."""
    with zipfile.ZipFile(src) as zi, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zo:
        for item in zi.infolist():
            data = zi.read(item)
            if item.filename == "[Content_Types].xml":
                data = data.replace(b"spreadsheetml.sheet.main+xml", b"ms-excel.sheet.macroEnabled.main+xml")
            zo.writestr(item, data)
        zo.writestr("xl/vbaProject.bin", cfb(["VBA", "PROJECT"]))
    src.unlink()


def standings_json(folder: Path, out: Path) -> dict:
    res = gpcalc("build", folder, "--json", out)
    assert res.exit_code == 0, res.output
    return json.loads(out.read_text(encoding="utf-8"))


# ------------------------------------------------------------------- old and other spreadsheet formats

@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_old_and_other_spreadsheet_formats_are_each_an_error_naming_the_file(tmp_path, circuit):
    # README "What bad input gets": .xls, .ods, .xlsb, password-protected, a zip that is not a workbook, 0 bytes
    folder = season(tmp_path, circuit)
    n = len(workbooks(folder))
    sample = workbooks(folder)[0]
    inbox = folder / "inbox"
    inbox.mkdir()
    (inbox / "old.xls").write_bytes(cfb(["Workbook", "\x05SummaryInformation"]))
    shutil.copy(sample, inbox / "renamed.xls")  # an .xlsx renamed .xls
    (inbox / "zero.xls").write_bytes(b"")
    (inbox / "calc.ods").write_bytes(ods_bytes())
    (inbox / "calc-kept-format.xlsx").write_bytes(ods_bytes())  # LibreOffice "Keep current format" under .xlsx
    (inbox / "binary.xlsb").write_bytes(b"PK\x03\x04" + b"\0" * 200)
    (inbox / "secret.xlsx").write_bytes(cfb(["EncryptionInfo", "EncryptedPackage"]))
    (inbox / "zipped-with-password.xlsx").write_bytes(zipcrypto(sample.read_bytes()))
    (inbox / "zero.xlsx").write_bytes(b"")
    res = gpcalc("check", folder)
    assert res.exit_code == 1, res.output
    for name in ("old.xls", "renamed.xls", "zero.xls", "calc.ods", "calc-kept-format.xlsx", "binary.xlsb",
                 "secret.xlsx", "zipped-with-password.xlsx", "zero.xlsx"):
        assert_refused_with_hint(res.output, f"inbox/{name}")
    assert "password" in blocks(res.output)["inbox/secret.xlsx"][0]
    assert read_count(res.output) == n  # every real workbook still read; none of the refused ones counted


# ------------------------------------------------------- variations that must be read exactly once

@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_uppercase_xlsm_month_folders_unicode_links_read_only_and_long_paths_score_as_before(tmp_path, circuit):
    base = standings_json(season(tmp_path, circuit, "base"), tmp_path / "base.json")
    folder = season(tmp_path, circuit)
    books = workbooks(folder)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    deep = folder
    for i in range(9):
        deep = deep / f"{2000 + i} archive of the months of the season, kept by the coordinator, part {i:02d} " \
                      f"{'x' * 150}"
    deep.mkdir(parents=True)
    month = folder / "2005" / "03 March"
    month.mkdir(parents=True)
    moves = [
        lambda p: p.rename(p.with_suffix(".XLSX")),
        lambda p: to_xlsm(p, p.with_suffix(".xlsm")),
        lambda p: p.rename(month / p.name),
        lambda p: p.rename(p.parent / unicodedata.normalize("NFD", f"Åbne Skåde Ærø ñandú élève {p.stem}.xlsx")),
        lambda p: (p.rename(elsewhere / p.name), p.symlink_to(elsewhere / p.name)),
        lambda p: p.chmod(0o444),
        lambda p: p.rename(deep / p.name),
    ]
    for move, book in zip(moves, books):
        move(book)
    assert len(str(deep)) > 1500
    got = standings_json(folder, tmp_path / "got.json")
    assert got["standings"] == base["standings"]
    assert got["ledger"] == base["ledger"]
    assert len(got["tournaments"]) == len(books)
    xlsm = [i for i in got["issues"] if i["code"] == "macros-ignored"]
    assert len(xlsm) == 1 and xlsm[0]["file"].endswith(".xlsm")
    ws = openpyxl.load_workbook(folder / "output" / "standings.xlsx", read_only=True)["Summary"]
    rows = [r[0] for r in ws.iter_rows(values_only=True)]
    inputs = [x for x in rows[rows.index("Input files") + 1:] if x]
    assert len(inputs) == len(set(inputs)) == len(books) + 1  # season.xlsx and each workbook once


def test_files_that_hold_no_results_are_left_alone_and_hidden_and_output_folders_are_not_read(tmp_path):
    folder = season(tmp_path, "acf")
    books = workbooks(folder)
    n = len(books)
    nsw = folder / "NSW"
    (nsw / "Mingara Open 2005 flyer.pdf").write_bytes(b"%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n")
    (nsw / "Letter to organisers.docx").write_bytes(b"PK\x03\x04" + b"\0" * 64)
    (nsw / "Thumbs.db").write_bytes(b"\xd0\xcf\x11\xe0" + b"\0" * 60)
    (nsw / "desktop.ini").write_text("[.ShellClassInfo]\n")
    (folder / ".DS_Store").write_bytes(b"\0\0\0\1Bud1" + b"\0" * 40)
    (nsw / "._Mingara Open 2005.xlsx").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ")
    (nsw / "~$Mingara Open 2005.xlsx").write_bytes(b"\x0bJohn Smith" + b" " * 40)  # open in Excel
    (nsw / ".~lock.Newcastle Open.xlsx#").write_text("Jo,host,user,01.03.2005 10:00,file:///C:/x;")
    for hidden in (".git/objects/ab", ".cache/gpcalc"):
        (folder / hidden).mkdir(parents=True)
        shutil.copy(books[0], folder / hidden / "copy.xlsx")
    (folder / "output").mkdir()
    shutil.copy(books[1], folder / "output" / "copy of a tournament.xlsx")
    (folder / "June.xlsx").mkdir()  # a folder named like a workbook is a folder
    books[2].rename(folder / "June.xlsx" / books[2].name)
    res = gpcalc("check", folder)
    assert res.exit_code == 0, res.output
    assert read_count(res.output) == n
    for noise in ("pdf", "docx", "Thumbs", "desktop.ini", "DS_Store", "._", "~$", "lock", ".git", ".cache",
                  "copy of a tournament", "copy.xlsx"):
        assert noise not in res.output


# ------------------------------------------------------------------------- never counted twice

@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_a_copy_in_old_or_backup_and_a_name_differing_only_by_case_are_duplicate_errors(tmp_path, circuit):
    folder = season(tmp_path, circuit)
    first, second = workbooks(folder)[:2]
    (folder / "old").mkdir()
    shutil.copy(first, folder / "old" / first.name)
    (folder / "backup").mkdir()
    shutil.copy(first, folder / "backup" / f"{first.stem} (backup).xlsx")
    twin = second.with_name(second.name.swapcase())
    shutil.copy(second, twin)
    res = gpcalc("check", folder)
    assert res.exit_code == 1, res.output
    dup = [(k, x) for k, v in blocks(res.output).items() for x in v if x.endswith("[duplicate-tournament]")]
    rel = {p: p.relative_to(folder).as_posix() for p in (first, second, twin)}
    groups = [[rel[first], "old/" + first.name, f"backup/{first.stem} (backup).xlsx"], [rel[second], rel[twin]]]
    for group in groups:  # each extra copy is one error naming two files of its group (in folder order)
        hits = [(k, x) for k, x in dup if k in group and any(g in x for g in group if g != k)]
        assert len(hits) == len(group) - 1, res.output
        assert {k for k, _ in hits} | {g for _, x in hits for g in group if g in x} == set(group)
        assert all("remove one" in x for _, x in hits)


def test_a_symlink_or_hard_link_to_a_workbook_of_the_folder_is_never_a_second_result(tmp_path):
    folder = season(tmp_path, "acf")
    first, second = workbooks(folder)[:2]
    (folder / "latest.xlsx").symlink_to(first)
    os.link(second, folder / "hardlinked.xlsx")
    res = gpcalc("check", folder)
    assert res.exit_code == 1, res.output
    got = blocks(res.output)
    for label, target in (("latest.xlsx", first), ("hardlinked.xlsx", second)):
        assert any("[duplicate-tournament]" in x and target.relative_to(folder).as_posix() in x
                   for x in got[label]), res.output


def test_a_season_xlsx_left_in_a_sub_folder_is_an_error_naming_it(tmp_path):
    folder = season(tmp_path, "acf")
    (folder / "last year").mkdir()
    shutil.copy(folder / "season.xlsx", folder / "last year" / "Season.xlsx")
    res = gpcalc("check", folder)
    assert res.exit_code == 1
    errors = assert_refused_with_hint(res.output, "last year/Season.xlsx")
    assert "move this file out of the season folder" in errors[0]
    assert read_count(res.output) == len(workbooks(folder)) - 1


# ------------------------------------------------------------------------------- defects: lost silently

def _named_or_read(res, label: str, n: int) -> None:
    """Either the file's results are read (n tournaments) or the file is named in the default output with an
    issue that says what to do — never silence."""
    got = blocks(res.output)
    if label in got:
        assert any(" — " in line for line in got[label]), got[label]
    else:
        assert read_count(res.output) == n, f"{label}: neither read nor named:\n{res.output}"


def test_a_csv_export_of_a_results_sheet_is_not_silently_skipped(tmp_path):
    folder = season(tmp_path, "acf")
    n = len(workbooks(folder))
    (folder / "NSW" / "Coffs Harbour Open 2005.csv").write_text(
        "Place,Name,ID,Sex,Born,State\n1,\"Brennan, Michael\",00123,M,1970,NSW\n2,\"Lee, Ann\",,F,1990,NSW\n",
        encoding="utf-8")
    res = gpcalc("check", folder)
    _named_or_read(res, "NSW/Coffs Harbour Open 2005.csv", n + 1)


def test_a_workbook_saved_as_an_excel_template_is_not_silently_skipped(tmp_path):
    folder = season(tmp_path, "acf")
    books = workbooks(folder)
    books[0].rename(books[0].with_suffix(".xltx"))
    res = gpcalc("check", folder)
    _named_or_read(res, books[0].with_suffix(".xltx").relative_to(folder).as_posix(), len(books))


def test_a_zip_of_workbooks_in_the_folder_is_not_silently_skipped(tmp_path):
    folder = season(tmp_path, "acf")
    books = workbooks(folder)
    with zipfile.ZipFile(folder / "QLD results.zip", "w") as zf:
        for b in books[:2]:
            zf.write(b, b.name)
            b.unlink()
    res = gpcalc("check", folder)
    _named_or_read(res, "QLD results.zip", len(books))


def test_a_symlinked_sub_folder_is_read_or_named(tmp_path):
    folder = season(tmp_path, "acf")
    n = len(workbooks(folder))
    shared = tmp_path / "shared-drive" / "ACT"
    shared.parent.mkdir()
    shutil.move(folder / "ACT", shared)
    (folder / "ACT").symlink_to(shared, target_is_directory=True)
    res = gpcalc("check", folder)
    _named_or_read(res, "ACT", n)


def test_a_file_name_that_is_not_utf8_is_read_or_says_to_rename_it(tmp_path):
    folder = season(tmp_path, "acf")
    books = workbooks(folder)
    raw = os.fsencode(str(books[0].parent)) + b"/Doeberl \xc6rt\xf8 \xf1and\xfa.xlsx"  # Latin-1 bytes
    os.rename(books[0], raw)
    res = gpcalc("check", folder)
    if res.exit_code != 0:
        assert "No such file" not in res.output and "rename" in res.output, res.output
    else:
        assert read_count(res.output) == len(books)


# ------------------------------------------------------------------------- defects: the season workbook

def test_two_season_workbooks_differing_by_case_are_named(tmp_path):
    folder = season(tmp_path, "acf")
    wb = openpyxl.load_workbook(folder / "season.xlsx")
    for row in wb["Season"].iter_rows():
        if str(row[0].value).strip().casefold() == "title":
            row[1].value = "ACF Grand Prix 2005 (draft)"
    wb.save(folder / "Season.xlsx")
    res = gpcalc("check", folder)
    said = "\n".join(line for lines in blocks(res.output).values() for line in lines) + "\n" + \
        "\n".join(blocks(res.output))
    assert "Season.xlsx" in said and "season.xlsx" in said, res.output


@pytest.mark.parametrize("where", ["season.xlsm", "season.xls", "season.ods", "ACF GP 2005/season.xlsx"])
def test_a_season_workbook_under_another_name_is_named(tmp_path, where):
    folder = season(tmp_path, "acf")
    (folder / where).parent.mkdir(exist_ok=True)
    shutil.move(folder / "season.xlsx", folder / where)
    res = gpcalc("check", folder)
    assert res.exit_code == 1
    assert re.search(re.escape(where) + r"(?![A-Za-z])", res.output), res.output


# ------------------------------------------------------------------------ defects: gpcalc's own output

def test_an_output_folder_spelled_with_a_capital_is_not_read(tmp_path, acf_standings):
    folder = season(tmp_path, "acf")
    (folder / "Output").mkdir()
    shutil.copy(acf_standings, folder / "Output")
    res = gpcalc("check", folder)
    assert res.exit_code == 0, res.output
    assert "Output/standings.xlsx" not in res.output


@pytest.mark.parametrize("where", ["old/standings 2004.xlsx", "NSW/output/standings.xlsx"])
def test_a_standings_workbook_in_a_sub_folder_gets_one_clear_error(tmp_path, where, acf_standings):
    folder = season(tmp_path, "acf")
    (folder / where).parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(acf_standings, folder / where)
    res = gpcalc("check", folder)
    assert res.exit_code == 1
    got = blocks(res.output)[where]
    assert len(got) == 1, got
    assert "copy the Tournament sheet" not in got[0] and "move" in got[0]
