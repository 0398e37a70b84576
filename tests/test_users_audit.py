"""gpcalc as its users meet it: a volunteer coordinator, an organiser filling the template, a federation official.

Everything goes through the real command line (click's CliRunner, as tests/test_cli.py does) in temporary
folders; the bundled samples are built once per test process from sample_data/ itself (conftest.sample_builds,
output to a temporary folder) and explained and checked there — never written.

1. Coordinator and organisers — `gpcalc new CIRCUIT FOLDER --season …` for each circuit, then the generated blank
   workbook is filled with openpyxl the way people type: trailing spaces, "Last, First" and "First Last" for one
   player, dates as text ("12/03/2026", day first), numbers and IDs as text, =2 typed for a shared place (saved by
   "Excel" as a formula with its value), an extra blank row in the middle, lower-case codes; then `check` (writes
   nothing, lists the blank template as a note) and `build`, with totals worked by hand. Excel lock files
   (`~$X.xlsx`) and macOS `._X.xlsx` files are ignored, and the Summary lists the real inputs with their SHA-256.
   A "Copy of X.xlsx" left in the folder, the same tournament name on other dates, a late workbook full of typos
   (each error names file, sheet, cell, what is wrong and how to write it; `check` lists all of them; the failed
   build leaves the previous workbook and JSON byte-identical with the same mtimes and changes no input), and one
   typo per circuit's template.
2. Official — `gpcalc explain` on each sample season for the best-ranked player with a dropped result: the
   explanation's total and rank are the workbook's, its counted lines add up to the total, each line names a
   tournament of the Tournaments sheet and the rulebook clause, and its values and "(dropped)" marks are the
   standings grid's values and struck-through cells; by ID = by name; explain/check change no input.
3. The standings workbook — every table sheet: frozen header, filter from the header row, bold header repeated
   on print, a width for every used column, landscape fit to width; points with number formats; counted results
   green, dropped grey struck-through; the sheets the README lists, with the CONTRACT's columns; the Summary with
   season, version, issue counts and every input's SHA-256.

Defects found (strict xfails, all fixed on 30 November — season._assemble, acf._check_sections, README):
- ACF: two workbooks with the same tournament name — a "Copy of" one, or the same name on other dates — in a
  season whose Sections sheets are all empty (the template's, left empty for one-section tournaments, as its
  Instructions allow) end in "gpcalc: internal error (ValueError: You are trying to merge on str and float64
  columns for key 'tournament')" (acf._check_sections), exit 1, instead of the documented duplicate-tournament
  error / warning naming the files.
- Aarhus: a "Copy of" a GPT workbook (same name, same date) is only a warning and the GPT counts twice (every
  total doubled, exit 0): season._assemble compares `start`, which Aarhus tournaments do not have (`Date`).
- README "the later one is labelled with its file name": the label goes to the workbook later in folder order,
  not to the later tournament (low confidence: wording).
- README "Every sheet has a frozen header row, filters": not the Summary sheet (low impact: documentation).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import re
import shutil
import zipfile
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from gpcalc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"acf": "acf-2005", "aarhus": "aarhus-2012-13", "fecodaz": "fecodaz-2009"}
SEASON = {"acf": "2026", "aarhus": "2026/2027", "fecodaz": "2026"}
RANKINGS = {
    "acf": ["Open", "U2000", "U1600", "Junior", "Women", "Unrated"],
    "aarhus": ["A", "B", "C", "D", "E", "F", "N", "P"],
    "fecodaz": ["Absoluto", "Femenino", *[f"Sub {n} {r}" for n in (20, 18, 16) for r in ("Absoluto", "Femenino")],
                "Sub 2000", "Sub 1800", "Sub 1700", "Dama amateur",
                *[f"Sub {n} {r}" for n in (14, 12, 10, 8, 6) for r in ("Absoluto", "Femenino")]],
}
CLUB_SHEET = {"acf": ("States", "State"), "aarhus": ("Clubs", "Club"), "fecodaz": ("Ligas", "Liga")}
RULE = {"acf": r"ACF \d+\(\d\)", "aarhus": r"ASS §\d", "fecodaz": r"FECODAZ Art\. \d"}


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")


# --------------------------------------------------------------------------------------------------- helpers

def gpcalc(*args: str):
    """The real command line, in process (as tests/test_cli.py runs it); output is stdout and stderr together."""
    return CliRunner().invoke(main, [str(a) for a in args])


def snapshot(folder: Path) -> dict[str, tuple[bytes, int]]:
    """Every file and folder under `folder`: its bytes and its modification time (ns)."""
    snap = {}
    for p in sorted(folder.rglob("*")):
        rel = p.relative_to(folder).as_posix()
        snap[rel] = (p.read_bytes() if p.is_file() else b"<dir>", p.stat().st_mtime_ns)
    return snap


def _output(rel: str) -> bool:
    """A path (relative to a season folder) inside its output/ folder."""
    return rel == "output" or rel.startswith("output/")


def new_season(tmp_path: Path, circuit: str) -> Path:
    folder = tmp_path / f"{circuit}-season"
    res = gpcalc("new", circuit, folder, "--season", SEASON[circuit])
    assert res.exit_code == 0, res.output
    assert (folder / "season.xlsx").is_file() and (folder / f"blank-{circuit}-tournament.xlsx").is_file()
    return folder


def fill(folder: Path, circuit: str, name: str, settings: dict, results: list, groups: list | None = None) -> Path:
    """What an organiser does: open the blank workbook `gpcalc new` left, type into the yellow cells, save as."""
    wb = openpyxl.load_workbook(folder / f"blank-{circuit}-tournament.xlsx")
    ws = wb["Tournament"]
    for r in range(2, ws.max_row + 1):
        key = str(ws.cell(r, 1).value).strip()
        if key in settings:
            ws.cell(r, 2).value = settings[key]
    for sheet, rows in (("Results", results), ("Groups", groups or [])):
        for i, row in enumerate(rows):
            for j, value in enumerate(row or []):  # None: a blank row left in the middle
                wb[sheet].cell(2 + i, 1 + j).value = value
    path = folder / name
    wb.save(path)
    excel_saved(path)
    return path


def excel_saved(path: Path) -> None:
    """openpyxl writes `=2` as a formula with no saved value; Excel, where the organiser typed =2 for a shared
    place, saves it with its result (2; =3-4 saves -1). Put in the values Excel would have saved."""
    with zipfile.ZipFile(path) as src:
        items = [(i, src.read(i.filename)) for i in src.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for info, data in items:
            if info.filename.startswith("xl/worksheets/"):
                data = re.sub(rb"<f>(\d+)-(\d+)</f><v */>",
                              lambda m: b"<f>%s-%s</f><v>%d</v>" % (m[1], m[2], int(m[1]) - int(m[2])), data)
                data = re.sub(rb"<f>(\d+)</f><v */>", rb"<f>\1</f><v>\1</v>", data)
            out.writestr(info, data)


def standings(data: dict, ranking: str) -> dict[str, float]:
    return {s["name"]: s["total"] for s in data["standings"] if s["ranking"] == ranking}


def error_lines(output: str) -> list[str]:
    return [ln for ln in output.splitlines() if ln.startswith("  error: ")]


# ------------------------------------------------------------------------- the organisers' workbooks (habits)

def acf_workbooks(folder: Path) -> None:
    # Sydney: dates typed as text (day first), money as text with a trailing space, a name with a trailing
    # space, "Last, First", IDs and places typed as text, =2 typed for a shared place (Excel makes it a formula
    # and saves 2), a blank row left in the middle, sex in lower case, a junior's birth date as text.
    fill(folder, "acf", "Sydney Open.xlsx",
         {"Name": "Sydney Open ", "Start": "12/03/2026", "End": "14/03/2026", "State": "NSW ",
          "Capital city": "yes", "Prize money": "2000 "},
         [[None, "1", "Smith, John ", "3206432", "M", "1980", "NSW"],
          [None, "=2", "Nguyen, Anna", "3210001", "F", "2/5/1989", "VIC"],
          None,
          [None, "=2", "Brown, Sam ", None, "M", 1991, "QLD"],
          [None, 4, "  Lee, Chris", "3220002", "m", "12/03/2013", "NSW", "Y"]])
    # Melbourne: an Excel date, "First Last" names, an ID typed as a number, a name typed in lower case with a
    # double space and no ID.
    fill(folder, "acf", "Melbourne Cup.xlsx",
         {"Name": "Melbourne Cup", "Start": dt.datetime(2026, 4, 1), "End": "2/4/2026", "State": "vic",
          "Capital city": "Y", "Prize money": 1500},
         [[None, 1, "Anna Nguyen", 3210001, "F", None, "VIC"],
          [None, 2, "John Smith", "3206432", "M", None, "NSW"],
          [None, 3, "sam  brown", None, "M", None, "QLD"]])


def aarhus_workbooks(folder: Path) -> None:
    fill(folder, "aarhus", "GPT 1.xlsx", {"Name": "GPT 1 Skåde ", "Date": "15/9/2026", "Kind": "GPT"},
         [["C", "1", "Hansen, Peter ", None, "Skåde Skoleskak", "2012", "D", "5½", "7"],
          ["C", "=2", "Nielsen, Line", None, "Lystrup", "12/03/2013", "P", "4,5", 7],
          None,
          ["C", "=2", "Søren Madsen", None, "Viby", 2012, "D", "4.5", "7"],
          ["P", 1, "Sofie Berg", None, "Skåde Skoleskak", "2013", "P", "4", "6"]],
         groups=[["C", "7"], ["P ", 6]])


def fecodaz_workbooks(folder: Path) -> None:
    fill(folder, "fecodaz", "Abierto de Cali.xlsx",
         {"Name": "Abierto de Cali ", "Start": "14/02/2026", "End": "18/02/2026", "Kind": "Open",
          "Host league": "Valle", "Base category": "8", "IRT": "Sí", "Norms": "None", "Cash prizes": "Yes",
          "Rounds": "9"},
         [[1, "Ríos, Andrés Felipe ", "71234567", "M", "1985", "Valle", "MI", "2410", "2395", "7,5", "9", "No"],
          ["2", "Gómez, Laura", "1020304050", "F", "12/05/1994", "Antioquia", "MFF", 2150, 2120, "7", 9, "No"],
          None,
          [3, "Juan Carlos Pérez", 79876543, "M", 1970, "Bogotá", None, "2205", "2180", "6½", "9", "No"]])


WORKBOOKS = {"acf": acf_workbooks, "aarhus": aarhus_workbooks, "fecodaz": fecodaz_workbooks}
# Worked by hand. ACF class 2 (prize money 1500–2499.99: cl. 6) pays 16, 12, 9, 6, 4 (cl. 13); =2 of two
# players shares (12 + 9) / 2. Aarhus: startpoints 5 in the own age group (C = born 2012–2013 in 2026/2027)
# + points × 7 / rounds (P played 6: 4 × 7/6 = 4.67 → 4.7). FECODAZ: the illustrative table of `gpcalc new`,
# categoría 8 (base 8, 5 title points → no bonus, 3 players → no size bonus): 30, 28, 26.
EXPECTED = {
    "acf": {"Open": {"Smith, John": 28, "Nguyen, Anna": 26.5, "Brown, Sam": 19.5, "Lee, Chris": 6},
            "Junior": {"Lee, Chris": 16}},
    "aarhus": {"C": {"Hansen, Peter": 10.5, "Nielsen, Line": 9.5, "Søren Madsen": 9.5},
               "P": {"Sofie Berg": 9.7, "Nielsen, Line": 9.5}},
    "fecodaz": {"Absoluto": {"Ríos, Andrés Felipe": 30, "Gómez, Laura": 28, "Juan Carlos Pérez": 26}},
}
TOURNAMENT = {"acf": ("Sydney Open", "2026-03-12"), "aarhus": ("GPT 1 Skåde", "2026-09-15"),
              "fecodaz": ("Abierto de Cali", "2026-02-14")}


# ---------------------------------------------------------------------------------- 1. the coordinator's season

@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
def test_new_season_filled_the_way_organisers_type_checks_and_builds(tmp_path, circuit):
    # README "Values people really type are read" + "A blank template left in the season folder ... is listed
    # as a note and not counted" + `check` "writes nothing".
    folder = new_season(tmp_path, circuit)
    WORKBOOKS[circuit](folder)
    before = snapshot(folder)
    res = gpcalc("check", "--all", folder)
    assert res.exit_code == 0, res.output
    assert "1 tournament read" in res.output or "2 tournaments read" in res.output, res.output
    assert f"blank-{circuit}-tournament.xlsx\n  info: a blank tournament template" in res.output, res.output
    assert "not counted" in res.output
    assert snapshot(folder) == before  # check changes nothing, creates no output/
    out = tmp_path / "standings.json"
    res = gpcalc("build", folder, "--json", out)
    assert res.exit_code == 0, res.output
    assert (folder / "output" / "standings.xlsx").is_file()
    data = json.loads(out.read_text(encoding="utf-8"))
    for ranking, expected in EXPECTED[circuit].items():
        assert standings(data, ranking) == expected, ranking
    name, start = TOURNAMENT[circuit]
    assert [(t["name"], t["start"]) for t in data["tournaments"] if t["name"] == name] == [(name, start)]
    assert {p: v for p, v in snapshot(folder).items() if not p.startswith("output")} == before  # inputs untouched


def test_acf_sloppy_values_mean_what_the_organiser_meant(tmp_path):
    # README cl. 6 class from the prize money typed as text; dates day first; the junior from a typed birth
    # date; "Smith, John" = "John Smith" and a numeric ID cell = the same ID typed as text (README "Players
    # across tournaments").
    folder = new_season(tmp_path, "acf")
    acf_workbooks(folder)
    out = tmp_path / "s.json"
    assert gpcalc("build", folder, "--json", out).exit_code == 0
    data = json.loads(out.read_text(encoding="utf-8"))
    tours = {t["name"]: t for t in data["tournaments"]}
    assert set(tours) == {"Sydney Open", "Melbourne Cup"}  # names trimmed, one player list each
    assert (tours["Sydney Open"]["end"], tours["Melbourne Cup"]["start"], tours["Melbourne Cup"]["end"]) == \
        ("2026-03-14", "2026-04-01", "2026-04-02")
    assert tours["Sydney Open"]["class"] == 2 and tours["Melbourne Cup"]["class"] == 2
    assert tours["Sydney Open"]["players"] == 4  # the blank row is not a player
    ids = {s["name"]: s["id"] for s in data["standings"] if s["ranking"] == "Open"}
    assert ids == {"Smith, John": "3206432", "Nguyen, Anna": "3210001", "Brown, Sam": None, "Lee, Chris": "3220002"}


def test_excel_lock_files_and_hidden_files_are_ignored_and_summary_lists_the_real_inputs(tmp_path):
    # CONTRACT "Ignored when discovering tournaments: ... Excel lock files (~$*), hidden files"; README Summary:
    # "every input file with its SHA-256".
    folder = new_season(tmp_path, "acf")
    acf_workbooks(folder)
    (folder / "~$Sydney Open.xlsx").write_bytes(b"\x0bJohn Smith" + b" " * 40 + b"\x00" * 100)  # Excel's owner file
    (folder / "~$season.xlsx").write_bytes(b"\x05Coord" + b"\x00" * 50)
    (folder / "._Sydney Open.xlsx").write_bytes(b"\x00\x05\x16\x07\x00\x02\x00\x00Mac OS X        ")  # macOS
    res = gpcalc("build", folder)
    assert res.exit_code == 0, res.output
    assert "~$" not in res.output and "._" not in res.output
    ws = openpyxl.load_workbook(folder / "output" / "standings.xlsx")["Summary"]
    rows = [(r[0], r[1]) for r in ws.iter_rows(values_only=True)]
    listed = dict(rows[rows.index(("Input files", "SHA-256")) + 1:])
    listed = {k: v for k, v in listed.items() if k}
    real = ["season.xlsx", "Sydney Open.xlsx", "Melbourne Cup.xlsx", "blank-acf-tournament.xlsx"]
    assert listed == {n: hashlib.sha256((folder / n).read_bytes()).hexdigest() for n in real}


def _copy_of(folder: Path, circuit: str) -> tuple[str, str]:
    WORKBOOKS[circuit](folder)
    original = {"acf": "Sydney Open.xlsx", "aarhus": "GPT 1.xlsx", "fecodaz": "Abierto de Cali.xlsx"}[circuit]
    shutil.copy2(folder / original, folder / f"Copy of {original}")
    return original, f"Copy of {original}"


@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
def test_a_copy_of_a_workbook_left_in_the_folder_is_the_duplicate_tournament_error(tmp_path, circuit):
    folder = new_season(tmp_path, circuit)
    original, copy = _copy_of(folder, circuit)
    before = snapshot(folder)
    res = gpcalc("build", folder, "--json", tmp_path / "s.json")
    assert "internal error" not in res.output and "Traceback" not in res.output, res.output
    assert res.exit_code == 1, res.output
    assert "[duplicate-tournament]" in res.output and "it would count twice" in res.output
    assert copy in res.output and original in res.output
    assert "Tournament!B2" in res.output  # the Name cell of the later workbook
    assert snapshot(folder) == before and not (tmp_path / "s.json").exists()


@pytest.mark.parametrize("circuit", ["acf", "fecodaz"])
def test_the_same_tournament_name_on_other_dates_is_a_warning_and_both_count(tmp_path, circuit):
    folder = new_season(tmp_path, circuit)
    WORKBOOKS[circuit](folder)
    name = {"acf": "Sydney Open", "fecodaz": "Abierto de Cali"}[circuit]
    wb = openpyxl.load_workbook(folder / f"{name}.xlsx")
    wb["Tournament"]["B3"], wb["Tournament"]["B4"] = "12/09/2026", "14/09/2026"  # Start, End
    wb.save(folder / f"{name} (September).xlsx")
    out = tmp_path / "s.json"
    res = gpcalc("build", folder, "--json", out)
    assert "internal error" not in res.output, res.output
    assert res.exit_code == 0, res.output
    assert "warning: Tournament!B2" in res.output and "[duplicate-tournament]" in res.output
    tours = {t["name"]: t["start"] for t in json.loads(out.read_text(encoding="utf-8"))["tournaments"]}
    labels = {f"{name} ({name}.xlsx)", f"{name} ({name} (September).xlsx)"}
    assert name in tours and len(set(tours) & labels) == 1, tours  # both count, one labelled by its file


def test_the_later_tournament_of_the_same_name_is_the_one_labelled(tmp_path):
    folder = new_season(tmp_path, "fecodaz")
    fecodaz_workbooks(folder)
    wb = openpyxl.load_workbook(folder / "Abierto de Cali.xlsx")
    wb["Tournament"]["B3"], wb["Tournament"]["B4"] = "12/09/2026", "14/09/2026"
    wb.save(folder / "Abierto de Cali (September).xlsx")
    out = tmp_path / "s.json"
    assert gpcalc("build", folder, "--json", out).exit_code == 0
    tours = {t["name"]: t["start"] for t in json.loads(out.read_text(encoding="utf-8"))["tournaments"]}
    assert tours["Abierto de Cali"] == "2026-02-14", tours


# ------------------------------------------------------------------------ 2. a workbook with typos arrives late

ACF_TYPOS = {  # cell → (what the organiser typed, what the message must say is wrong)
    "Tournament!B3": ("31/02/2026", "Start: '31/02/2026' is not a date"),
    "Tournament!B7": ("lots", "Prize money: 'lots' is not a number"),
    "Results!B3": ("second", "Place: 'second' is not a place"),
    "Results!F2": ("yesterday", "Born: 'yesterday' is not a date"),
    "Results!G3": ("N.S.W", "State: 'N.S.W' is not one of"),
}


def test_a_workbook_full_of_typos_is_reported_cell_by_cell_and_the_previous_output_is_kept(tmp_path):
    # README: "A typo in a workbook gives a message naming the file, sheet and cell, what is wrong and how to
    # write it"; `check` "print every problem"; exit 1 "nothing is written and the previous output is left
    # untouched"; CONTRACT "Never a Python traceback".
    folder = new_season(tmp_path, "acf")
    acf_workbooks(folder)
    out_json = tmp_path / "standings.json"
    assert gpcalc("build", folder, "--json", out_json).exit_code == 0
    late = fill(folder, "acf", "Perth Open.xlsx",
                {"Name": "Perth Open", "Start": "31/02/2026", "End": "2/3/2026", "State": "WA",
                 "Capital city": "Yes", "Prize money": "lots"},
                [[None, 1, "Wong, Kim", "555", "F", "yesterday", "WA"],
                 [None, "second", "Ray, Tom", "556", "M", 1970, "N.S.W"]])
    before, json_before = snapshot(folder), (out_json.read_bytes(), out_json.stat().st_mtime_ns)
    for command in (["check", folder], ["build", folder, "--json", out_json]):
        res = gpcalc(*command)
        assert res.exit_code == 1, res.output
        assert "Traceback" not in res.output and "internal error" not in res.output
        block = res.output.split(f"\n{late.name}\n", 1)[1].split("\n\n", 1)[0]  # the file's own group
        for cell, (typed, says) in ACF_TYPOS.items():
            line = next((ln for ln in error_lines(block) if ln.startswith(f"  error: {cell}: ")), None)
            assert line is not None, (cell, res.output)
            assert says in line and f"'{typed}'" in line and " — write " in line, line  # wrong — how to write
        assert "nothing was written" in res.output or command[0] == "check"
        assert snapshot(folder) == before  # output bytes and mtime, inputs, no new files or folders
        assert (out_json.read_bytes(), out_json.stat().st_mtime_ns) == json_before


@pytest.mark.parametrize("circuit, cell, column, typed, says", [
    ("acf", "Results!B3", 1, "second", "Place: 'second' is not a place — write the place as a number"),
    ("aarhus", "Results!H2", 7, "fem", "Points: 'fem' is not a number — write whole or half points"),
    ("fecodaz", "Results!J2", 9, "siete", "Score: 'siete' is not a number — write whole or half points"),
])
def test_one_typo_in_each_circuits_template_names_file_sheet_cell_and_the_fix(tmp_path, circuit, cell, column,
                                                                            typed, says):
    folder = new_season(tmp_path, circuit)
    WORKBOOKS[circuit](folder)
    book = sorted(p for p in folder.glob("*.xlsx") if not p.name.startswith(("season", "blank")))[-1]
    wb = openpyxl.load_workbook(book)
    wb["Results"].cell(int(cell[-1]), column + 1).value = typed
    wb.save(book)
    before = snapshot(folder)
    res = gpcalc("build", folder)
    assert res.exit_code == 1 and "Traceback" not in res.output, res.output
    assert f"\n{book.name}\n  error: {cell}: {says}" in res.output, res.output
    assert snapshot(folder) == before and not (folder / "output").exists()


# ------------------------------------------------------------------------------ 3. the official and the samples

class Sample:
    """A bundled sample season, built once."""

    def __init__(self, circuit: str, shared):
        """`shared`: the sample built in its own folder (which is only read) once per test process
        (conftest.sample_builds)."""
        self.circuit, self.folder = circuit, shared.folder
        # (its inputs: not a git-ignored output/ that the README's first command writes into the sample)
        self.inputs = {p: v for p, v in snapshot(self.folder).items() if not _output(p)}
        assert shared.before == shared.after  # the build changed no input
        self.json = shared.data()
        self.wb = openpyxl.load_workbook(shared.xlsx)

    def header_row(self, ws) -> int:
        return int(re.sub(r"[A-Z]+", "", ws.freeze_panes)) - 1


@pytest.fixture(scope="module")
def samples(sample_builds):
    return {circuit: Sample(circuit, sample_builds[name]) for circuit, name in SAMPLES.items()}


def _disputed_player(s: Sample) -> tuple[str, list, dict]:
    """The best-ranked player of the first standings sheet with a dropped (struck-through) result: the row as the
    official reads it, and {tournament: (value, dropped)} from the grid."""
    ws = s.wb[RANKINGS[s.circuit][0]]
    hdr = s.header_row(ws)
    heads = [c.value for c in ws[hdr]]
    first_result = heads.index("Total") + 1
    for row in ws.iter_rows(min_row=hdr + 1):
        grid = {heads[c.column - 1]: (c.value, bool(c.font.strike)) for c in row[first_result:] if c.value is not None}
        if any(dropped for _, dropped in grid.values()):
            return heads, [c.value for c in row], grid
    raise AssertionError("no player with a dropped result")


@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
def test_explain_adds_up_to_the_total_in_the_workbook_and_names_each_tournament_and_rule(samples, circuit):
    # CONTRACT "gpcalc explain FOLDER PLAYER — every points award of one player, with its reason"; README "Every
    # ledger row names the clause that made it (rule) and the arithmetic (detail)", the session example.
    s = samples[circuit]
    ranking = RANKINGS[circuit][0]
    heads, row, grid = _disputed_player(s)
    player, total, rank = row[heads.index("Player")], row[heads.index("Total")], row[heads.index("Rank")]
    res = gpcalc("explain", s.folder, player)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith(player), lines[0]
    start = lines.index(next(ln for ln in lines if ln.startswith(f"  {ranking}: total ")))
    head = re.fullmatch(rf"  {re.escape(ranking)}: total ([\d.]+), rank (=?\d+)", lines[start])
    assert head, lines[start]
    assert float(head[1]) == pytest.approx(total, abs=0.005) and head[2] == str(rank)
    awards = []
    for ln in lines[start + 1:]:
        if not ln.startswith("    "):
            break
        m = re.fullmatch(r"    (.+?): ([\d.]+) — (.+?)(  \(dropped\))?", ln)
        assert m, ln
        assert re.match(RULE[circuit], m[3]), ln  # the rulebook clause
        awards.append((m[1], float(m[2]), bool(m[4])))
    tournaments_sheet = {r[0] for r in s.wb["Tournaments"].iter_rows(min_row=3, values_only=True)}
    assert {t for t, _, _ in awards} <= tournaments_sheet
    assert {t: (p, d) for t, p, d in awards} == {t: (pytest.approx(v, abs=0.005), d) for t, (v, d) in grid.items()}
    assert sum(p for _, p, dropped in awards if not dropped) == pytest.approx(total, abs=0.01 * len(awards))
    assert any(d for _, _, d in awards)  # the dropped result is shown and marked


def test_explain_by_id_gives_the_same_explanation_as_by_name(samples):
    s = samples["fecodaz"]
    by_name = gpcalc("explain", s.folder, "Quiroga Mendoza, Alonso")
    by_id = gpcalc("explain", s.folder, "E-123456")
    assert by_name.exit_code == by_id.exit_code == 0
    assert by_name.output == by_id.output and "Abierto Internacional de Cali: 38" in by_id.output


def test_building_and_explaining_the_samples_changes_no_input(samples):
    for s in samples.values():
        gpcalc("explain", s.folder, s.json["standings"][0]["name"])
        gpcalc("check", s.folder)
        now = {p: v for p, v in snapshot(s.folder).items() if not _output(p)}
        assert now == s.inputs, s.circuit


# ------------------------------------------------------------------------- 4. the standings workbook for people

@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
def test_every_table_sheet_has_frozen_header_filter_widths_and_prints_landscape_fit_to_width(samples, circuit):
    # README "Every sheet has a frozen header row, filters, fitted column widths, number formats and prints
    # landscape, fit to width" (the Summary, a page of settings, in the next test).
    wb = samples[circuit].wb
    for ws in wb.worksheets:
        ps = ws.page_setup
        assert ps.orientation == "landscape", ws.title
        assert ws.sheet_properties.pageSetUpPr.fitToPage and ps.fitToHeight == 0
        # one page wide — a table too wide to read so: more pages (across, then down), a standings grid's Rank and
        # Player repeated on each, another table's first column
        assert ps.fitToWidth in (None, 1) or ws.print_title_cols in ("$A:$B", "$A:$A"), ws.title
        if ws.title == "Summary":
            continue
        hdr = samples[circuit].header_row(ws)
        assert ws.auto_filter.ref and ws.auto_filter.ref.startswith(f"A{hdr}:"), ws.title
        assert ws.print_title_rows == f"${hdr}:${hdr}", ws.title  # the header repeats on every printed page
        heads = [c for c in ws[hdr] if c.value is not None]
        assert heads and all(c.font.b for c in heads), ws.title
        widths = {k: d.width for k, d in ws.column_dimensions.items() if d.width}
        used = {c.column_letter for c in heads}
        missing = [col for col in used if not any(
            col == k or (d.min and d.max and d.min <= openpyxl.utils.column_index_from_string(col) <= d.max)
            for k, d in ws.column_dimensions.items() if d.width)]
        assert widths and not missing, (ws.title, missing)


def test_the_summary_sheet_prints_like_the_others_but_is_no_table(samples):
    # README (corrected): "every sheet prints landscape, fit to width (the Summary is a page of facts, not a
    # table: fitted widths, no frozen row or filter)"
    ws = samples["acf"].wb["Summary"]
    assert ws.page_setup.orientation == "landscape" and ws.sheet_properties.pageSetUpPr.fitToPage
    assert ws.column_dimensions["A"].width and ws.column_dimensions["B"].width
    assert not ws.freeze_panes and not ws.auto_filter.ref


@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
def test_points_have_number_formats_and_counted_and_dropped_results_look_different(samples, circuit):
    # README "one column per tournament: green = counted, grey struck-through = dropped"; "number formats".
    s = samples[circuit]
    counted, dropped = [], []
    for ranking in RANKINGS[circuit]:
        ws = s.wb[ranking]
        hdr = s.header_row(ws)
        heads = [c.value for c in ws[hdr]]
        t = heads.index("Total")
        for row in ws.iter_rows(min_row=hdr + 1):
            assert row[t].number_format != "General", (ranking, row[t].coordinate)
            for c in row[t + 1:]:
                if c.value is not None:
                    assert isinstance(c.value, int | float) and c.number_format != "General", c.coordinate
                    (dropped if c.font.strike else counted).append(c)
    assert counted and dropped
    assert all(c.fill.fill_type == "solid" and c.fill.fgColor.rgb[-6:].upper() in ("E2EFDA", "C6EFCE")
               for c in counted)  # green
    for c in dropped:
        assert c.font.strike and c.fill.fill_type != "solid", c.coordinate
        r, g, b = (int(c.font.color.rgb[-6:][i:i + 2], 16) for i in (0, 2, 4))
        assert abs(r - g) < 16 and abs(g - b) < 16 and 80 < r < 224, c.font.color.rgb  # grey
    ledger = s.wb["Ledger"]
    hdr = s.header_row(ledger)
    pts = [c.value for c in ledger[hdr]].index("Points")
    assert all(r[pts].number_format != "General" for r in ledger.iter_rows(min_row=hdr + 1, max_row=hdr + 50))


@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
def test_the_sheets_the_readme_lists_exist_with_the_contract_headers(samples, circuit):
    # README "The output workbook": Summary, one sheet per division/group, Prizes, the clubs/States sheet,
    # Tournaments, circuit sheets (Aarhus: a Moves sheet per GPT), Ledger and Issues; the columns carry what the
    # JSON rows of CONTRACT carry.
    s = samples[circuit]
    names = s.wb.sheetnames
    club_sheet, club = CLUB_SHEET[circuit]
    for name in ["Summary", *RANKINGS[circuit], "Prizes", club_sheet, "Tournaments", "Ledger", "Issues"]:
        assert name in names, name

    def heads(name):
        ws = s.wb[name]
        return [c.value for c in ws[s.header_row(ws)]]

    tournaments = [t["name"] for t in s.json["tournaments"]]
    for ranking in RANKINGS[circuit]:
        h = heads(ranking)
        assert {"Rank", "Player", "ID", club, "Total"} <= set(h), (ranking, h)
        assert set(h[h.index("Total") + 1:]) <= set(tournaments), ranking
    assert {"Tournament", "Ranking", "Name", "ID", "Points", "Rule", "Detail"} <= set(heads("Ledger"))
    assert {"Severity", "Code", "File", "Sheet", "Cell", "Message"} <= set(heads("Issues"))
    assert {"Ranking", "Place", "Player", "ID", "Value"} <= set(heads("Prizes"))
    assert {"Ranking", "Rank", club, "Total"} <= set(heads(club_sheet))
    assert {"Tournament", "Start", "End", "Players"} <= set(heads("Tournaments"))
    if circuit == "aarhus":
        gpts = [t for t in s.json["tournaments"] if t["kind"] == "GPT"]
        assert len([n for n in names if n.startswith("Moves")]) == len(gpts) == 5
    summary = dict((r[0], r[1]) for r in s.wb["Summary"].iter_rows(values_only=True) if r[0])
    assert summary["Season"] == s.json["season"] and summary["gpcalc version"]
    assert {"Errors", "Warnings", "Tournaments"} <= set(summary)
    inputs = sorted(p for p in s.inputs if p.endswith(".xlsx"))
    assert {p: summary.get(p) for p in inputs} == \
        {p: hashlib.sha256(s.inputs[p][0]).hexdigest() for p in inputs}  # every input with its SHA-256
