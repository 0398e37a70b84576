"""Findings of a black-box review of CONTRACT.md on 2 December (afternoon), each test failing without its fix.

- A year typed into a date-formatted cell (the template's Start/End/Date cells are formatted as dates) was read as
  the date Excel shows, 1905: ACF and FECODAZ scored the tournament with warnings only (CONTRACT: "dates as Excel
  dates, 2004-03-01, 1/3/2004 (day first), or a bare birth year. Anything else is an error that names file,
  sheet, cell and the accepted forms"). The bad-input catalogue has the cases `date-typed-year` and
  `born-typed-year`; below, the FECODAZ and Aarhus samples.
- `gpcalc new` wrote season.xlsx beside an existing `Season.xlsx` (README: "`new` never overwrites a file";
  two season workbooks side by side are an error).
- The JSON `ranking` names of club and prize rows that CONTRACT's list does not have are documented (README,
  "Extensions to CONTRACT"): the test keeps the list and the README in step.
"""
from __future__ import annotations

import datetime as dt
import json
import re
import shutil
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from gpcalc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def _copy(name: str, tmp: Path) -> Path:
    folder = tmp / name
    shutil.copytree(SAMPLES / name, folder, ignore=shutil.ignore_patterns("output"))
    return folder


@pytest.mark.parametrize("sample, sheet, label, year", [
    ("fecodaz-2009", "Torneo", "Inicio", 2009),
    ("aarhus-2012-13", "Tournament", "Date", 2012),
])
def test_a_year_typed_into_the_date_cell_is_an_error_at_that_cell(tmp_path, sample, sheet, label, year):
    folder = _copy(sample, tmp_path)
    book = sorted(p for p in folder.rglob("*.xlsx") if p.name != "season.xlsx")[0]
    wb = openpyxl.load_workbook(book)
    ws = wb[sheet] if sheet in wb.sheetnames else wb.worksheets[0]
    row = next(r for r in range(1, ws.max_row + 1) if str(ws.cell(r, 1).value).strip().casefold() == label.casefold())
    cell = ws.cell(row, 2)
    cell.value = dt.datetime(1899, 12, 30) + dt.timedelta(days=year)  # what Excel keeps when 2009 is typed there
    cell.number_format = "yyyy-mm-dd"
    wb.save(book)
    res = invoke("build", folder)
    assert res.exit_code == 1, res.output
    assert f"{ws.title}!B{row}" in res.output
    assert f"is {year} typed into a date-formatted cell" in res.output
    assert not (folder / "output").exists()


def test_new_refuses_a_folder_that_has_the_season_workbook_under_another_capitalisation(tmp_path):
    folder = tmp_path / "season"
    folder.mkdir()
    shutil.copy(SAMPLES / "acf-2005" / "season.xlsx", folder / "SEASON.xlsx")
    res = invoke("new", "acf", folder)
    assert res.exit_code == 2 and "SEASON.xlsx already exists" in res.output
    assert sorted(p.name for p in folder.iterdir()) == ["SEASON.xlsx"]
    assert invoke("check", folder).exit_code == 0  # the folder is still one gpcalc reads


CONTRACT_NAMES = {"acf": {"Open", "U2000", "U1600", "Junior", "Women", "Unrated"},
                  "aarhus": {"A", "B", "C", "D", "E", "F", "N", "P"}}


def test_json_ranking_names_beyond_contract_are_the_documented_ones(tmp_path):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Extensions to CONTRACT"):readme.index("## Design")]
    section = " ".join(section.split())
    documented = {
        ("acf", "clubs"): {"State"}, ("aarhus", "clubs"): {"Club"}, ("fecodaz", "clubs"): {"Amateur"},
        ("acf", "prizes"): {"State"}, ("fecodaz", "prizes"): {"Organisers"},
    }
    for (circuit, key), names in documented.items():
        for name in names:
            assert re.search(rf"`{key}` —.*{circuit.upper() if circuit != 'aarhus' else 'Aarhus'}.*`{name}`",
                             section, re.I), (circuit, key, name)
    for sample, circuit in (("acf-2005", "acf"), ("aarhus-2012-13", "aarhus"), ("fecodaz-2009", "fecodaz")):
        out = tmp_path / f"{circuit}.json"
        assert invoke("build", SAMPLES / sample, "-o", tmp_path / f"{circuit}.xlsx", "--json", out).exit_code == 0
        data = json.loads(out.read_text(encoding="utf-8"))
        players = {r["ranking"] for r in data["standings"]}
        if circuit in CONTRACT_NAMES:
            assert players <= CONTRACT_NAMES[circuit]
        for key in ("clubs", "prizes"):
            extra = {r["ranking"] for r in data[key]} - players - CONTRACT_NAMES.get(circuit, set())
            assert extra <= documented.get((circuit, key), set()), (circuit, key, extra)


def test_new_in_a_folder_that_cannot_be_listed_gives_no_traceback(tmp_path, monkeypatch):
    """(The capitalisation check lists the folder; a folder that cannot be listed — execute-only — falls back to
    the plain name, and writing goes on as before.)"""
    folder = tmp_path / "season"
    folder.mkdir()
    real = Path.iterdir

    def refuse(self):
        if self == folder:
            raise PermissionError(13, "Permission denied")
        return real(self)

    monkeypatch.setattr(Path, "iterdir", refuse)
    res = invoke("new", "acf", folder)
    assert res.exit_code == 0 and res.exception is None, res.output
    assert (folder / "season.xlsx").exists()


# A review of the rulings' visibility (2 December afternoon): the Prizes sheet's note said "floor(n/4)" whatever the
# season's `Placement prize per` (aarhus ruling: "4" a setting), so a coordinator who set 3 saw 58 prizes under a
# note promising floor(n/4).
@pytest.mark.parametrize("per, want", [(3, "placement prizes floor(n/3) among players with two or more GPTs (season "
                                           "setting Placement prize per = 3)"),
                                       (4, "placement prizes floor(n/4) among players with two or more GPTs;")])
def test_aarhus_prizes_note_names_the_placement_setting(tmp_path, per, want):
    folder = _copy("aarhus-2012-13", tmp_path)
    wb = openpyxl.load_workbook(folder / "season.xlsx")
    ws = wb["Season"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Placement prize per")
    ws.cell(row, 2).value = per
    wb.save(folder / "season.xlsx")
    out = tmp_path / "s.xlsx"
    assert invoke("build", folder, "-o", out).exit_code == 0
    notes = [c.value for row in openpyxl.load_workbook(out, read_only=True)["Prizes"].iter_rows(max_row=3)
             for c in row if isinstance(c.value, str)]
    assert any(want in n for n in notes), notes


# A review of the workbook as users print it (2 December afternoon): the ACF States sheet's "Total" was a count of
# players formatted as points ("NSW 63.00"); the Aarhus club ruling (each award once, nothing deducted) was shown
# nowhere in the output; the Summary sheet printed without title or page numbers; every circuit printed on A4,
# FECODAZ's Colombian users on Letter.
@pytest.mark.parametrize("sample, sheet, header, fmt, note, paper", [
    ("acf-2005", "States", "Total", "0", "number of players with Grand Prix points", "9"),
    ("aarhus-2012-13", "Clubs", "Total", "0.0", "every award counted once", "9"),
    ("fecodaz-2009", "Ligas", "Total", "0.0", "Art. 5 d: each liga's two best players' totals", "1"),
])
def test_clubs_sheet_says_what_its_total_is_and_pages_print_on_the_circuits_paper(tmp_path, sample, sheet, header,
                                                                                  fmt, note, paper):
    import zipfile

    out = tmp_path / "s.xlsx"
    assert invoke("build", SAMPLES / sample, "-o", out).exit_code == 0
    ws = openpyxl.load_workbook(out)[sheet]
    assert note in ws["A2"].value
    assert ws["D3"].value == header and ws["D4"].number_format == fmt
    with zipfile.ZipFile(out) as z:
        sheets = [n for n in z.namelist() if n.startswith("xl/worksheets/sheet")]
        for name in sheets:
            xml = z.read(name).decode()
            assert f'paperSize="{paper}"' in xml, name
            assert "<oddFooter>&amp;CPage &amp;P of &amp;N</oddFooter>" in xml, name  # the Summary too


def test_ledger_details_wrap_instead_of_being_cut(tmp_path):
    """The ledger explains every point, but 439 of the ACF sample's 512 details were longer than their column
    (60) and cut at the cell's edge on screen and on paper — the arithmetic at their end lost. Now the Detail
    column is wider (up to 90) and wraps."""
    out = tmp_path / "s.xlsx"
    assert invoke("build", SAMPLES / "acf-2005", "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    ws = wb["Ledger"]
    assert ws["H3"].value == "Detail"
    assert all(ws[f"H{r}"].alignment.wrap_text for r in range(4, ws.max_row + 1))
    # (90 wide, or — 2 December, night — as wide as fits the table on one printed page, at least 50, with each
    # row as tall as its lines)
    width = wb["Ledger"].column_dimensions["H"].width
    assert width >= 50
    for r in range(4, ws.max_row + 1):
        lines = -(-len(ws[f"H{r}"].value) // int(width - 1))
        assert lines == 1 or (ws.row_dimensions[r].height or 15) >= 15 * lines, r
    assert not wb["Ledger"]["G4"].alignment.wrap_text  # (the other columns as before)


def test_acf_tournaments_sheet_shows_the_fee_arithmetic_with_the_ruling():
    """acf.md, Registration fee (cl. 7) — Ruling: fee = min(500, base + 2 × players − 50 if concession): the
    concession is taken off the cl. 7(2) total, then the cap. It changes a number (Class 3, 250 players, Hobart:
    500, where the cap first would give 450) but was shown nowhere; the Tournaments sheet now spells it out."""
    from gpcalc.circuits.acf import _fee_text

    assert _fee_text(3, 250, True, 600) == ("150 (class 3) + 2 × 250 players − 50 concession (cl. 7(4)) = 600 → 500 "
                                            "(the cap, cl. 7(3), applied after the concession: ruling)")
    assert _fee_text(1, 40, True, 80) == "50 (class 1) + 2 × 40 players − 50 concession (cl. 7(4)) = 80"
    assert _fee_text(3, 230, False, 610) == "150 (class 3) + 2 × 230 players = 610 → 500 (the cap, cl. 7(3))"


def test_acf_sample_fee_computation_column(tmp_path):
    out = tmp_path / "s.xlsx"
    assert invoke("build", SAMPLES / "acf-2005", "-o", out).exit_code == 0
    rows = list(openpyxl.load_workbook(out, read_only=True)["Tournaments"].iter_rows(min_row=2, values_only=True))
    head = rows[0]
    fee, comp = head.index("Fee"), head.index("Fee computation")
    for r in rows[1:]:
        assert r[comp].endswith(f"= {r[fee]}") or r[comp].endswith(f"→ {r[fee]} (the cap, cl. 7(3))") or \
            r[comp].endswith(f"→ {r[fee]} (the cap, cl. 7(3), applied after the concession: ruling)"), r


def test_fecodaz_standings_say_how_the_total_is_made_and_that_illustrative_points_are_provisional(tmp_path):
    """fecodaz.md, Counting: closed points capped at 30 — Medina Martínez's counted cells add to 110, his Total is
    88 (Closed cap −22), and the sheet's legend spoke only of green and grey; and a season on the illustrative
    points table printed its standings as if final (the warning said "every points figure is provisional")."""
    out = tmp_path / "s.xlsx"
    assert invoke("build", SAMPLES / "fecodaz-2009", "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out, read_only=True)
    for sheet in ("Absoluto", "Sub 2000", "Sub 14 Absoluto"):
        note = next(wb[sheet].iter_rows(min_row=2, max_row=2, values_only=True))[0]
        assert "Total = the counted results less Closed cap" in note and "PROVISIONAL" in note, sheet
    folder = _copy("fecodaz-2009", tmp_path)
    wb = openpyxl.load_workbook(folder / "season.xlsx")
    ws = wb.worksheets[0]
    row = next(r for r in range(1, ws.max_row + 1)
               if "ILLUSTRATIVE" in str(ws.cell(r, 2).value or "").upper())
    ws.cell(row, 2).value = "FECODAZ circular 2009"
    wb.save(folder / "season.xlsx")
    assert invoke("build", folder, "-o", out).exit_code == 0
    note = next(openpyxl.load_workbook(out, read_only=True)["Absoluto"].iter_rows(min_row=2, max_row=2,
                                                                                  values_only=True))[0]
    assert "Closed cap" in note and "PROVISIONAL" not in note


def test_json_clubs_carry_tied_as_the_sheet_shows_it(tmp_path):
    """The Ligas sheet showed "=12" for two ligas on one total; the JSON clubs had no way to say so."""
    out, js = tmp_path / "s.xlsx", tmp_path / "s.json"
    assert invoke("build", SAMPLES / "fecodaz-2009", "-o", out, "--json", js).exit_code == 0
    clubs = json.loads(js.read_text(encoding="utf-8"))["clubs"]
    rows = list(openpyxl.load_workbook(out, read_only=True)["Ligas"].iter_rows(min_row=4, values_only=True))
    assert [c["tied"] for c in clubs] == [str(r[1]).startswith("=") for r in rows]
    assert any(c["tied"] for c in clubs) and all(isinstance(c["tied"], bool) for c in clubs)


def test_wide_standings_print_over_pages_with_the_player_columns_repeated(tmp_path):
    """Every sheet printed one page wide: the FECODAZ Absoluto grid (26 columns) came out at ~35 % — 11 pt printed
    as ~4 pt. A standings grid wider than one page at ~70 % now prints as many pages wide as keep it there, Rank
    and Player repeated on each; narrow sheets stay one page wide."""
    from gpcalc.report.xlsx import PAGE_CHARS

    out = tmp_path / "s.xlsx"
    assert invoke("build", SAMPLES / "fecodaz-2009", "-o", out).exit_code == 0
    wb = openpyxl.load_workbook(out)
    ws = wb["Absoluto"]
    widths = sum(d.width for k, d in ws.column_dimensions.items() if d.width)
    assert widths > PAGE_CHARS  # (one page would print it below ~70 %)
    assert ws.page_setup.fitToWidth >= 2 and ws.print_title_cols == "$A:$B" and ws.print_title_rows == "$3:$3"
    assert widths / ws.page_setup.fitToWidth <= PAGE_CHARS + 10  # each page at ~70 % or more
    for name in ("Ligas", "Summary", "Bolsa"):
        assert wb[name].page_setup.fitToWidth in (None, 1) and not wb[name].print_title_cols, name


def test_acf_ledger_runs_in_date_order_within_each_division(tmp_path):
    """The ACF ledger ran by division, then by tournament *name* (case-sensitive: "NSW Open" before "Newcastle
    Open", Ballarat in March before Box Hill in February); the FECODAZ and Aarhus ledgers run in date order. The
    rows are the same; only their order changed."""
    js = tmp_path / "s.json"
    assert invoke("build", SAMPLES / "acf-2005", "-o", tmp_path / "s.xlsx", "--json", js).exit_code == 0
    data = json.loads(js.read_text(encoding="utf-8"))
    order = {t["name"]: i for i, t in enumerate(data["tournaments"])}  # (the tournaments in date order)
    starts = [t["start"] for t in data["tournaments"]]
    assert starts == sorted(starts)
    divisions = ["Open", "U2000", "U1600", "Junior", "Women", "Unrated"]
    keys = [(divisions.index(r["ranking"]), order[r["tournament"]]) for r in data["ledger"]]
    assert keys == sorted(keys)
