"""Audit: how season.xlsx is read, starting from `gpcalc new CIRCUIT` and editing it the way a coordinator would
(openpyxl): settings typed with other case, spaces and aliases; Season written several ways; blank, unknown and
repeated settings; amounts typed as text; the Players register, Prizes, Points, Pot and Age groups tables with
blank rows, total rows, titles above the header and renamed sheets.

CONTRACT: read it correctly, or an error naming file, sheet and cell and how to write it — never silently wrong,
never a traceback. Eight tests found defects, fixed on 30 November: `gpcalc new aarhus` wrote the 2012 age table
whatever the season; overlapping or open-ended Age groups were accepted; an ACF prize listed twice was accepted;
the ACF Points override named the wrong row and refused 12,5 / 12½; a Pot error named the wrong row and no
cell."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import openpyxl
import pytest
from builders import acf_tournament, write_book
from click.testing import CliRunner

from gpcalc import circuits
from gpcalc.circuits import aarhus_rules
from gpcalc.cli import main
from gpcalc.issues import InputError
from gpcalc.pipeline import compute
from gpcalc.templates import new_season

IGNORE = {"no-tournaments", "blank-template", "no-pot-table", "illustrative-table", "no-smmlv", "gpts-unknown",
          "no-ratings"}


# ------------------------------------------------------------------------------------------------ helpers


def new(tmp_path: Path, circuit: str, season: str = "") -> Path:
    folder = tmp_path / circuit
    new_season(circuits.get(circuit), folder, season=season)
    return folder


def edit(folder: Path, fn) -> None:
    path = folder / "season.xlsx"
    wb = openpyxl.load_workbook(path)
    fn(wb)
    wb.save(path)


def setting_row(ws, name: str) -> int:
    for r in range(1, ws.max_row + 1):
        if str(ws.cell(r, 1).value or "").strip().casefold() == name.casefold():
            return r
    raise KeyError(name)


def set_value(name: str, value):
    def fn(wb):
        ws = wb["Season"]
        ws.cell(setting_row(ws, name), 2).value = value
    return fn


def rename(name: str, new_name: str, value="__keep__"):
    """Retype the setting's name (and value) in its own row, as a coordinator overtyping the template would."""
    def fn(wb):
        ws = wb["Season"]
        r = setting_row(ws, name)
        ws.cell(r, 1).value = new_name
        if value != "__keep__":
            ws.cell(r, 2).value = value
    return fn


def add_row(name: str, value):
    def fn(wb):
        ws = wb["Season"]
        r = ws.max_row + 1
        ws.cell(r, 1).value, ws.cell(r, 2).value = name, value
    return fn


def table(sheet: str, rows: list[list], new_name: str | None = None):
    """Replace a season.xlsx sheet (or add one) with these rows."""
    def fn(wb):
        if sheet in wb.sheetnames:
            del wb[sheet]
        ws = wb.create_sheet(new_name or sheet)
        for row in rows:
            ws.append(row)
    return fn


def load(folder: Path):
    """(BuildResult or None, issues that matter here)."""
    try:
        res = compute(folder, use_cache=False)
    except InputError as exc:
        return None, [i for i in exc.issues.items if i.code not in IGNORE]
    return res, [i for i in res.season.issues.items if i.code not in IGNORE]


def errors(items):
    return [i for i in items if i.severity == "error"]


ACF_OPEN = {"open.xlsx": acf_tournament("Open", [["Open", 1, "Ann Lee", "1", "F", 1980, "NSW"],
                                                 ["Open", 2, "Bob Roe", "2", "M", 1970, "VIC"],
                                                 ["Open", 3, "Cy Dee", "3", "M", 1975, "NSW"]],
                                        start=dt.date(2005, 3, 5))}
DK_HEAD = ["Gruppe", "Placering", "Navn", "Klub", "Født", "Køn", "Point", "Partier"]


def gpt(day: dt.date, groups: list[list], rows: list[list]) -> dict:
    return {"Turnering": {"Navn": "GPT 1", "Dato": day, "Type": "GPT"}, "Grupper": [["Gruppe", "Runder"], *groups],
            "Resultater": [DK_HEAD, *rows]}


def add_books(folder: Path, books: dict) -> None:
    for name, book in books.items():
        write_book(folder / name, book)


def age_table(res):
    return res.season.circuit._age_tables(res.season, res.season.year)[0]


def standings_groups(res) -> dict[str, set[str]]:
    s = res.outcome.standings
    out: dict[str, set[str]] = {}
    for ranking, name in zip(s["ranking"], s["name"]):
        out.setdefault(name, set()).add(ranking)
    return out


# ------------------------------------------------------------------------------- Season sheet: settings


@pytest.mark.parametrize("circuit, steps, key, expected", [
    ("acf", [rename("Ties", "  TIES  ", "Order")], "ties", "order"),
    ("acf", [set_value("Ties", " ORDER ")], "ties", "order"),
    ("fecodaz", [rename("SMMLV", "salario  MÍNIMO", "496.900")], "smmlv", 496900.0),
    ("fecodaz", [rename("Sponsorship", "PATROCINIO", "5.000.000")], "sponsorship", 5000000.0),
    ("fecodaz", [rename("Points table source", "Fuente de la tabla de puntos", "Resolución 2009")],
     "points_table_source", "Resolución 2009"),
    ("fecodaz", [rename("Youth liga players", "Jugadores por liga juvenil", 2)], "youth_liga_players", 2),
    ("aarhus", [rename("GPTs", "Antal GPT'er", " 6 ")], "gpts", 6),
    ("aarhus", [rename("Normalise Aarhusmesterskab", "normaliser  aarhusmesterskab", "Ja")],
     "normalise_aarhusmesterskab", True),
    ("aarhus", [rename("Placement prize per", "Præmie pr", 5)], "placement_prize_per", 5),
    ("aarhus", [rename("Season", "Sæson", "2012/13"), rename("Circuit", "Kredsløb", "AARHUS ")], "season", "2012/13"),
    ("fecodaz", [rename("Season", "Temporada", "2009"), rename("Circuit", "Circuito", "Fecodaz")], "season", "2009"),
])
def test_settings_case_spaces_and_aliases_are_read(tmp_path, circuit, steps, key, expected):
    folder = new(tmp_path, circuit, "2012")
    for step in steps:
        edit(folder, step)
    res, items = load(folder)
    assert res is not None and not errors(items), items
    assert res.season.settings[key] == expected


@pytest.mark.parametrize("typed, year", [("2012/13", 2012), ("2012-2013", 2012), ("2005 season", 2005),
                                         ("Season 2012", 2012), (2012, 2012), ("2012/2013 ", 2012)])
def test_season_written_several_ways_gives_the_year(tmp_path, typed, year):
    folder = new(tmp_path, "acf", "2012")
    edit(folder, set_value("Season", typed))
    res, items = load(folder)
    assert res is not None and not errors(items), items
    assert res.season.year == year


@pytest.mark.parametrize("typed", ["12/13", "next", None])
def test_season_without_a_year_is_an_error_at_its_cell(tmp_path, typed):
    folder = new(tmp_path, "acf", "2012")
    edit(folder, set_value("Season", typed))
    res, items = load(folder)
    bad = errors(items)
    assert bad and all((i.file, i.sheet, i.cell) == ("season.xlsx", "Season", "B3") for i in bad), bad
    assert res is None or res.outcome is None


def test_blank_optional_settings_take_their_defaults(tmp_path):
    acf = new(tmp_path / "a", "acf", "2005")
    edit(acf, set_value("Ties", None))
    res, items = load(acf)
    assert not errors(items) and res.season.settings["ties"] == "share"
    aar = new(tmp_path / "b", "aarhus", "2012/2013")
    edit(aar, set_value("Placement prize per", None))
    edit(aar, set_value("Normalise Aarhusmesterskab", None))
    res, items = load(aar)
    assert not errors(items)
    assert res.season.settings["placement_prize_per"] == 4
    assert res.season.settings["normalise_aarhusmesterskab"] is False


def test_blank_gpts_is_said(tmp_path):  # Aarhus ruling: without GPTs the workbooks present are the season
    folder = new(tmp_path, "aarhus", "2012/2013")
    edit(folder, set_value("GPTs", None))
    res = compute(folder, use_cache=False)
    warn = [i for i in res.season.issues.items if i.code == "gpts-unknown"]
    assert warn and warn[0].file == "season.xlsx" and warn[0].cell == "B5"


def test_unknown_setting_typo_is_warned_with_the_right_name(tmp_path):
    folder = new(tmp_path, "fecodaz", "2009")
    edit(folder, rename("Sponsorship", "Sponsorhip", 5000000))
    res, items = load(folder)
    warn = [i for i in items if i.code == "unknown-setting"]
    assert len(warn) == 1 and warn[0].cell == "A7" and "Sponsorship" in warn[0].message, items


def test_a_setting_given_twice_with_different_values_is_an_error(tmp_path):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, set_value("Ties", "share"))
    edit(folder, add_row("ties", "order"))
    res, items = load(folder)
    dup = [i for i in errors(items) if i.code == "duplicate-setting"]
    assert dup and (dup[0].file, dup[0].sheet, dup[0].cell) == ("season.xlsx", "Season", "A6")
    assert res.outcome is None


@pytest.mark.parametrize("typed, value", [("1.000.000", 1_000_000), ("$1,000,000", 1_000_000),
                                          ("1 000 000", 1_000_000), ("COP 1.000.000", 1_000_000),
                                          ("$ 496.900", 496_900), ("496,900", 496_900),
                                          ("1.000.000,50", 1_000_000.5), ("$1.000.000 COP", 1_000_000)])
def test_money_typed_as_text_is_read(tmp_path, typed, value):
    folder = new(tmp_path, "fecodaz", "2009")
    edit(folder, set_value("SMMLV", typed))
    edit(folder, set_value("Sponsorship", typed))
    res, items = load(folder)
    assert not errors(items), items
    assert res.season.settings["smmlv"] == value and res.season.settings["sponsorship"] == value


@pytest.mark.parametrize("typed", ["1000000 pesos", "1,5 millones", "1'000'000", "-5"])
def test_unreadable_money_is_an_error_at_its_cell(tmp_path, typed):
    folder = new(tmp_path, "fecodaz", "2009")
    edit(folder, set_value("SMMLV", typed))
    res, items = load(folder)
    bad = errors(items)
    assert len(bad) == 1 and (bad[0].sheet, bad[0].cell, bad[0].code) == ("Season", "B6", "bad-value"), bad
    assert bad[0].hint


@pytest.mark.parametrize("circuit, name, typed, code", [
    ("aarhus", "GPTs", "5 GPT", "bad-value"), ("aarhus", "GPTs", 5.5, "bad-value"),
    ("aarhus", "Placement prize per", 0, "placement-prize-per"),
    ("fecodaz", "Youth liga players", 3, "youth-liga-players"),
    ("fecodaz", "Youth liga players", "dos", "bad-value"),
    ("acf", "Ties", "shared", "bad-value"),
])
def test_bad_setting_values_are_errors_at_their_cell(tmp_path, circuit, name, typed, code):
    folder = new(tmp_path, circuit, "2012")
    edit(folder, set_value(name, typed))
    res, items = load(folder)
    row = setting_row(openpyxl.load_workbook(folder / "season.xlsx")["Season"], name)
    bad = errors(items)
    assert [(i.code, i.cell) for i in bad] == [(code, f"B{row}")], bad


def test_cli_check_bad_season_setting_exits_1_without_traceback(tmp_path):
    folder = new(tmp_path, "fecodaz", "2009")
    edit(folder, set_value("SMMLV", "1,5 millones"))
    out = CliRunner().invoke(main, ["check", str(folder)])
    assert out.exit_code == 1, out.output
    assert "Traceback" not in out.output and "B6" in out.output and "SMMLV" in out.output


# ------------------------------------------------------------------------------- the Players register


H_ACF = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


def _register(folder):
    res, items = load(folder)
    assert res is not None and not errors(items), items
    return res.season.players


def test_register_extra_columns_and_blank_rows(tmp_path):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Players", [H_ACF + ["Email", "Notes"], ["1", "Ann Lee", "F", 1980, 2100, None, "NSW", "a@b"],
                                   [], [None, None], ["2", "Bob Roe", "M", 1970, "1,700", None, "VIC"]]))
    add_books(folder, ACF_OPEN)
    reg = _register(folder)
    assert list(reg["row"]) == [2, 5] and list(reg["acf_rating"]) == [2100, 1700]
    notes = [i for i in compute(folder, use_cache=False).season.issues.items if i.code == "unknown-column"]
    assert {i.cell for i in notes} == {"H1", "I1"}


def test_register_header_below_a_title(tmp_path):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Players", [["ACF Grand Prix 2005 — player register"], [], H_ACF,
                                   ["1", "Ann Lee", "F", 1980, 2100, None, "NSW"]]))
    add_books(folder, ACF_OPEN)
    reg = _register(folder)
    assert list(reg["row"]) == [4] and reg["acf_rating"].iloc[0] == 2100


@pytest.mark.parametrize("sheet", ["Jugadores", "Spillere", "REGISTER"])
def test_register_sheet_localised_names(tmp_path, sheet):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Players", [H_ACF, ["1", "Ann Lee", "F", 1980, 2100, None, "NSW"]], new_name=sheet))
    add_books(folder, ACF_OPEN)
    reg = _register(folder)
    assert len(reg) == 1 and reg["state"].iloc[0] == "NSW"


# ------------------------------------------------------------------------------- ACF Prizes and Points


PRIZES = [["Division", "Place", "Value"], ["Open", 1, 1000], ["Open", 2, 600], [], ["Open", 3, "$400"],
          ["Women", 1, "300"], ["State", 1, 100]]


def test_acf_prizes_blank_row_and_text_amounts(tmp_path):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Prizes", PRIZES))
    add_books(folder, ACF_OPEN)
    res, items = load(folder)
    assert res.outcome is not None, items
    p = res.outcome.prizes
    got = {(r, int(pl)): v for r, pl, v in zip(p["ranking"], p["place"], p["value"]) if r == "Open"}
    assert got == {("Open", 1): 1000, ("Open", 2): 600, ("Open", 3): 400}


@pytest.mark.parametrize("total_row, cells", [(["Total", None, 2400], {"A8", "B8"}),
                                              ([None, "Total", 2400], {"A8", "B8"}),
                                              ([None, None, 2400], {"A8", "B8"})])
def test_acf_prizes_total_row_is_an_error_at_its_cells(tmp_path, total_row, cells):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Prizes", PRIZES + [total_row]))
    add_books(folder, ACF_OPEN)
    res, items = load(folder)
    assert res.outcome is None
    assert {i.cell for i in errors(items) if i.sheet == "Prizes"} == cells


def test_acf_prizes_same_division_and_place_twice_is_an_error(tmp_path):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Prizes", [["Division", "Place", "Value"], ["Open", 1, 1000], ["Open", 1, 600]]))
    add_books(folder, ACF_OPEN)
    res, items = load(folder)
    bad = [i for i in errors(items) if i.sheet == "Prizes"]
    assert bad and bad[0].cell in ("A3", "B3")


def test_acf_points_override_error_names_the_real_row(tmp_path):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Points", [["Class", 1, 2, 3, 4, 5], [], ["x", "bad"], [1, 99, 50, 30, 20, 10]]))
    add_books(folder, ACF_OPEN)
    res, items = load(folder)
    bad = [i for i in errors(items) if i.sheet == "Points"]
    assert bad and bad[0].cell in ("A3", "B3"), bad


def test_acf_points_override_reads_decimal_comma(tmp_path):
    folder = new(tmp_path, "acf", "2005")
    edit(folder, table("Points", [["Class", 1, 2, 3, 4, 5], [1, "12,5", "10½", 8, 6, 4]]))
    add_books(folder, ACF_OPEN)
    res, items = load(folder)
    assert not errors(items), items
    assert res.season.circuit._points_table(res.season)[1][:2] == (12.5, 10.5)


# ------------------------------------------------------------------------------- FECODAZ Points and Pot


PTS = [["Category", 1, 2, 3], [1, 16], [2, 18, 16], [3, 20, 18, 16]]


def _fecodaz(tmp_path, step):
    folder = new(tmp_path, "fecodaz", "2009")
    edit(folder, step)
    return load(folder)


def test_fecodaz_points_blank_row_and_spanish_sheet_name(tmp_path):
    res, items = _fecodaz(tmp_path / "a", table("Points", [PTS[0], PTS[1], [], PTS[2], PTS[3]]))
    assert not errors(items) and res.season.circuit._table(res.season).rows[3] == (20, 18, 16)
    res, items = _fecodaz(tmp_path / "b", table("Points", PTS, new_name="Puntos"))
    assert not errors(items) and res.season.circuit._table(res.season).rows[2] == (18, 16)


def test_fecodaz_points_decimal_comma_and_half(tmp_path):
    res, items = _fecodaz(tmp_path, table("Points", [PTS[0], [1, "16,5"], [2, "18½", 16]]))
    assert not errors(items), items
    assert res.season.circuit._table(res.season).rows == {1: (16.5,), 2: (18.5, 16.0)}


def test_fecodaz_points_total_row_is_an_error_at_its_cell(tmp_path):
    res, items = _fecodaz(tmp_path, table("Points", [PTS[0], PTS[1], [], PTS[2], PTS[3], ["Total", 54, 34, 16]]))
    bad = errors(items)
    assert [(i.sheet, i.cell) for i in bad] == [("Points", "A6")], bad


@pytest.mark.parametrize("rows", [
    [["Place", "Percent"], [1, "50%"], [2, "30 %"], [3, "20%"]],
    [["Place", "Percent"], [1, 0.5], [2, 0.3], [3, 0.2]],
    [["Place", "Percent"], [1, 50], [2, 30], [], [3, 20]],
    [["Puesto", "Porcentaje"], [1, "50,0"], [2, 30], [3, "20"]],
])
def test_fecodaz_pot_percent_forms(tmp_path, rows):
    from decimal import Decimal
    res, items = _fecodaz(tmp_path, table("Pot", rows))
    assert not errors(items), items
    assert res.season.circuit._pot(res.season) == [(1, Decimal("0.5")), (2, Decimal("0.3")), (3, Decimal("0.2"))]


def test_fecodaz_pot_total_row_is_an_error(tmp_path):
    res, items = _fecodaz(tmp_path, table("Pot", [["Place", "Percent"], [1, 50], [2, 30], [3, 20], ["Total", 100]]))
    bad = errors(items)
    assert len(bad) == 1 and bad[0].sheet == "Pot" and "Total" in bad[0].message


def test_fecodaz_pot_error_names_its_cell(tmp_path):
    res, items = _fecodaz(tmp_path, table("Pot", [["Place", "Percent"], [1, 50], [], [2, "treinta"], [3, 20]]))
    bad = errors(items)
    assert len(bad) == 1 and bad[0].sheet == "Pot" and bad[0].cell == "B4", bad


# ------------------------------------------------------------------------------- Aarhus Age groups


AG_HEAD = ["Group", "Born from", "Born to"]
AG_2012 = [["A", 1992, 1995], ["B", 1996, 1997], ["C", 1998, 1999], ["D", 2000, 2001], ["E", 2002, 2003],
           ["F", 2004, None]]
KIDS = [["C", 1, "Kid A", "Viby", 1999, "D", 5, 7], ["C", 2, "Kid B", "Viby", 1998, "D", 4, 7],
        ["C", 3, "Kid C", "Viby", 2001, "D", 3, 7]]


def _aarhus(tmp_path, rows, sheet_name=None):
    folder = new(tmp_path, "aarhus", "2012/2013")
    edit(folder, table("Age groups", rows, new_name=sheet_name))
    add_books(folder, {"g1.xlsx": gpt(dt.date(2012, 9, 22), [["C", 7]], KIDS)})
    return load(folder)


def test_aarhus_age_groups_danish_names_and_blank_row(tmp_path):
    res, items = _aarhus(tmp_path, [["Gruppe", "Født fra", "Født til"], *AG_2012[:2], [], *AG_2012[2:]],
                         sheet_name="Aldersgrupper")
    assert res.outcome is not None, items
    assert standings_groups(res)["Kid C"] >= {"D"} and "C" not in standings_groups(res)["Kid C"]


def test_aarhus_age_groups_total_row_is_an_error_at_its_cell(tmp_path):
    res, items = _aarhus(tmp_path, [AG_HEAD, *AG_2012, ["Total", None, None]])
    bad = errors(items)
    assert [(i.sheet, i.cell) for i in bad] == [("Age groups", "A8")], bad


def test_aarhus_overlapping_age_groups_are_an_error(tmp_path):
    rows = [AG_HEAD, *AG_2012]
    rows[3] = ["C", 1998, 2001]
    res, items = _aarhus(tmp_path, rows)
    assert [i for i in errors(items) if i.sheet in ("Age groups", "Aldersgrupper")], items


def test_aarhus_open_ended_age_group_before_the_youngest_is_an_error(tmp_path):
    rows = [AG_HEAD, *AG_2012]
    rows[3] = ["C", 1998, None]
    res, items = _aarhus(tmp_path, rows)
    assert errors(items) or "C" not in standings_groups(res)["Kid C"], items


@pytest.mark.parametrize("season", ["", "2013/2014"])
def test_new_aarhus_age_groups_follow_the_season(tmp_path, season):
    folder = tmp_path / "s"
    new_season(circuits.get("aarhus"), folder, season=season)
    res, items = load(folder)
    year = res.season.year
    written = age_table(res)[["group", "born_from"]].astype(str).values.tolist()
    expected = aarhus_rules.default_age_table(year)[["group", "born_from"]].astype(str).values.tolist()
    assert written == expected
