"""Findings of an organiser's template walkthrough (30 November, night): ~180 single mistakes typed into the three
templates, each checked and built. These tests pin the fixes, each with the input the walkthrough used.
(The same player twice with one row lacking an ID: tests/test_disputed_points_audit.py.)"""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from gpcalc.pipeline import compute

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"acf": ("acf-2005", "ACT/Doeberl Cup 2005.xlsx"), "fecodaz": ("fecodaz-2009", "02-valle/mayores.xlsx"),
           "aarhus": ("aarhus-2012-13", "gpt/2012-09-22 GPT 1 Skåde.xlsx")}


def _copy(tmp_path: Path, circuit: str) -> tuple[Path, Path]:
    sample, book = SAMPLES[circuit]
    folder = tmp_path / sample
    shutil.copytree(ROOT / "sample_data" / sample, folder, ignore=shutil.ignore_patterns("output"))
    return folder, folder / book


@pytest.mark.parametrize("circuit", sorted(SAMPLES))
@pytest.mark.parametrize("new_name", ["Hoja1", "Results 2026", "Clasificación final"])
def test_a_renamed_results_sheet_is_named_not_read_as_an_export(tmp_path, circuit, new_name):
    # FECODAZ: a template's Results sheet renamed 'Hoja1' was read as a chess-results export — National rating,
    # FIDE rating and Withdrew dropped, exit 0, an IM first in Sub 1700, a withdrawal not sanctioned. ACF: "the
    # ranking has no points column" and a false "Section is blank". Now: the sheet is named, with the fix.
    folder, book = _copy(tmp_path, circuit)
    wb = openpyxl.load_workbook(book)
    results = next(n for n in wb.sheetnames if n.casefold() in ("results", "resultados", "resultater"))
    wb[results].title = new_name
    wb.save(book)
    res = compute(folder, use_cache=False)
    assert res.outcome is None
    errors = [i for i in res.issues.errors if i.file == book.relative_to(folder).as_posix()]
    assert [(i.code, i.sheet) for i in errors] == [("missing-sheet", new_name)], [i.text() for i in errors]
    assert f"rename the sheet '{new_name}' to Results" in errors[0].hint
    assert "no 'Results' sheet" in errors[0].message


@pytest.mark.parametrize("variant", ["plain", "state-and-junior-added", "entries-sheet-beside"])
def test_a_ranking_export_with_a_tournament_sheet_is_still_read_as_one(tmp_path, variant):
    # The README's path for chess-results exports: the export's ranking sheet plus the template's Tournament
    # sheet — also with a State and a Junior column added (what exports lack), or a sheet of entries beside it
    # (a review found both taken for a renamed Results sheet). An export has columns of its own (Rk., SNo, Rtg,
    # Pts., TB1); an entries sheet has no place column.
    from builders import acf_folder, acf_tournament

    book = acf_tournament("Export Open", [])
    book.pop("Results")
    book["Final ranking"] = [["Rk.", "SNo", "Name", "sex", "FED", "Rtg", "Club/City", "Pts.", "TB1"],
                             [1, 2, "Smith, John", "", "AUS", 2100, "NSW", 5, 20],
                             [2, 1, "Brown, Ann", "w", "AUS", 1900, "NSW", 4, 19]]
    if variant == "state-and-junior-added":
        book["Final ranking"][0] += ["State", "Junior"]
        book["Final ranking"][1] += ["NSW", "No"]
        book["Final ranking"][2] += ["VIC", "Yes"]
    if variant == "entries-sheet-beside":
        book["Entries"] = [["Name", "ID", "State", "Sex", "Born", "Section"], ["Smith, John", "1", "NSW", "M",
                                                                               1970, "Open"]]
    res = compute(acf_folder(tmp_path, {"export.xlsx": book}), use_cache=False)
    assert not [i for i in res.issues.errors if i.code == "missing-sheet"], [i.text() for i in res.issues.errors]
    assert set(res.season.results["name"]) >= {"Smith, John", "Brown, Ann"}


@pytest.mark.parametrize("mark", ["X", "Retirado", "Retiro"])
def test_a_bare_withdrawal_mark_is_an_error_not_a_lost_year_art6(tmp_path, mark):
    # 'X' or 'Retirado' in Withdrew was read as Yes — an unjustified withdrawal, which loses the player the whole
    # year (Art. 6) — without a word. It says the player withdrew, not whether it was justified (the committee's
    # decision): an error at the cell naming both choices and the consequence. Sí and Justificado still read.
    folder, book = _copy(tmp_path, "fecodaz")
    wb = openpyxl.load_workbook(book)
    ws = wb[next(n for n in wb.sheetnames if n.casefold().startswith("result"))]
    col = next(c.column for c in ws[1] if str(c.value or "").casefold().startswith("retir"))
    ws.cell(3, col).value = mark
    ws.cell(4, col).value = "Justificado"
    ws.cell(5, col).value = "Sí"
    wb.save(book)
    res = compute(folder, use_cache=False)
    bad = [i for i in res.issues.errors if i.code == "bad-value"]
    letter = openpyxl.utils.get_column_letter(col)
    assert [(i.sheet, i.cell) for i in bad] == [(ws.title, f"{letter}3")], [i.text() for i in res.issues.errors]
    assert f"'{mark}'" in bad[0].message and "Justified" in bad[0].hint and "loses the year" in bad[0].hint


def _edit(book: Path, change) -> None:
    wb = openpyxl.load_workbook(book)
    ws = wb[next(n for n in wb.sheetnames if n.casefold() in ("results", "resultados", "resultater"))]
    change(ws)
    wb.save(book)


def _header_cell(ws, *names: str):
    return next(c for c in ws[1] if str(c.value or "").casefold() in names)


def test_an_abbreviated_header_over_data_is_a_warning_with_the_meant_column(tmp_path):
    # 'St' typed for State: the column was an info (seen only with --all) and the States sheet, the JSON clubs and
    # the State prizes came out empty without a word. Now one warning at the header naming the column meant —
    # and not also the no-column warning for State (one mistake, one message).
    folder, book = _copy(tmp_path, "acf")
    _edit(book, lambda ws: setattr(_header_cell(ws, "state"), "value", "St"))
    res = compute(folder, use_cache=False)
    mine = [i for i in res.issues.items if i.file == book.relative_to(folder).as_posix()
            and i.code in ("column-not-read", "no-column", "unknown-column")]
    assert [(i.code, i.severity, i.cell) for i in mine] == [("column-not-read", "warning", "G1")], \
        [i.text() for i in mine]
    assert "'St'" in mine[0].message and "did you mean 'State'?" in mine[0].message
    assert mine[0].hint == "rename the header to 'State'"


def test_a_header_gpcalc_does_not_use_stays_an_info(tmp_path):
    # an organiser's own column ("Rating", "TB1") is not a mistake: an info, as before
    folder, book = _copy(tmp_path, "acf")

    def add(ws):
        ws.cell(1, 9).value = "TB1"
        ws.cell(2, 9).value = 12.5
    _edit(book, add)
    res = compute(folder, use_cache=False)
    mine = [(i.code, i.severity) for i in res.issues.items if i.file == book.relative_to(folder).as_posix()
            and "TB1" in i.message]
    assert mine == [("unknown-column", "info")]


def test_no_state_column_is_said_acf_cl8g(tmp_path):
    # no State column: no message at all, and no State prize for its players (cl. 8(g)); now `no-column`
    folder, book = _copy(tmp_path, "acf")
    _edit(book, lambda ws: ws.delete_cols(_header_cell(ws, "state").column))
    res = compute(folder, use_cache=False)
    said = [i for i in res.issues.items if i.code == "no-column" and i.file == book.relative_to(folder).as_posix()]
    assert len(said) == 1 and "no State column" in said[0].message and "cl. 8(g)" in said[0].message


def test_rounds_zero_is_one_error_not_one_per_player_fecodaz(tmp_path):
    # Rounds = 0: the out-of-range error and 16 score-over-rounds errors ("more than the 0 rounds") — one mistake
    folder, book = _copy(tmp_path, "fecodaz")
    wb = openpyxl.load_workbook(book)
    ws = wb[next(n for n in wb.sheetnames if n.casefold() in ("tournament", "torneo"))]
    next(r for r in ws.iter_rows() if str(r[0].value or "").casefold() in ("rounds", "rondas"))[1].value = 0
    wb.save(book)
    res = compute(folder, use_cache=False)
    errors = [i for i in res.issues.errors if i.file == book.relative_to(folder).as_posix()]
    assert len(errors) == 1 and errors[0].sheet == ws.title, [i.text() for i in errors]
    assert not [i for i in res.issues.errors if i.code == "score-over-rounds"]


def test_points_with_zero_games_is_a_warning_aarhus_5_stk5(tmp_path):
    # Points 4 with Games 0: only an info (with --all) that the player gets nothing; the two cells contradict
    # each other and a child loses the GPT if Games is the typo — a warning at the Games cell
    folder, book = _copy(tmp_path, "aarhus")

    def zero(ws):
        head = [str(c.value or "").casefold() for c in ws[1]]
        g, p = head.index("games") + 1, head.index("points") + 1
        row = next(r for r in range(2, ws.max_row + 1)
                   if isinstance(ws.cell(r, p).value, int | float) and ws.cell(r, p).value > 0)
        ws.cell(row, g).value = 0
        zero.at = f"{openpyxl.utils.get_column_letter(g)}{row}"
    _edit(book, zero)
    res = compute(folder, use_cache=False)
    said = [i for i in res.issues.items if i.code == "points-without-games"]
    assert [(i.severity, i.cell) for i in said] == [("warning", zero.at)]
    assert "§5 stk. 5" in said[0].message


def test_a_ranking_on_an_open_is_said_to_be_ignored_fecodaz(tmp_path):
    # Kind Open with Ranking Femenino: the tournament feeds Absoluto and the setting was ignored silently
    # (CONTRACT: Ranking is "the ranking a national or team event feeds")
    folder, book = _copy(tmp_path, "fecodaz")
    wb = openpyxl.load_workbook(book)
    ws = wb[next(n for n in wb.sheetnames if n.casefold() in ("tournament", "torneo"))]
    ws.append(["Ranking", "Femenino"])
    wb.save(book)
    res = compute(folder, use_cache=False)
    said = [i for i in res.issues.items if i.code == "ranking-ignored"]
    assert len(said) == 1 and "Ranking is Femenino" in said[0].message and said[0].cell == f"B{ws.max_row}"
    assert res.outcome is not None


def test_new_aarhus_without_season_writes_the_school_year():
    # `gpcalc new aarhus` without --season wrote Season "2026" — an Aarhus season is a school year over two
    # calendar years ("2012/2013", §1): the one running today, from August on
    import datetime as dt

    from gpcalc import circuits
    from gpcalc.templates import default_season

    aarhus, acf = circuits.get("aarhus"), circuits.get("acf")
    assert default_season(aarhus, dt.date(2026, 11, 30)) == "2026/2027"
    assert default_season(aarhus, dt.date(2027, 3, 1)) == "2026/2027"
    assert default_season(aarhus, dt.date(2027, 8, 1)) == "2027/2028"
    assert default_season(acf, dt.date(2026, 11, 30)) == "2026"


def test_a_workbook_of_another_circuit_is_one_error(tmp_path):
    # an Aarhus GPT workbook in an ACF season: `wrong-circuit` plus 5 `missing-setting` errors for the ACF settings
    # it cannot have ("move it to a aarhus season folder"): now the one error, with "an aarhus"
    folder, _ = _copy(tmp_path, "acf")
    shutil.copy(ROOT / "sample_data" / SAMPLES["aarhus"][0] / SAMPLES["aarhus"][1], folder / "gpt1.xlsx")
    res = compute(folder, use_cache=False)
    mine = [i for i in res.issues.items if i.file == "gpt1.xlsx"]
    assert [i.code for i in mine] == ["wrong-circuit"], [i.text() for i in mine]
    assert "move it to an aarhus season folder" in mine[0].hint


def test_a_renamed_groups_sheet_is_one_error_for_the_workbook_aarhus_5_stk6(tmp_path):
    # the Groups sheet renamed "Runder": one rounds-missing error per group, each asking for a row "on the Groups
    # sheet" that is not there — now one error for the workbook saying the sheet is missing
    folder, book = _copy(tmp_path, "aarhus")
    wb = openpyxl.load_workbook(book)
    wb[next(n for n in wb.sheetnames if n.casefold() in ("groups", "grupper"))].title = "Runder"
    wb.save(book)
    res = compute(folder, use_cache=False)
    said = [i for i in res.issues.errors if i.code == "rounds-missing"]
    assert len(said) == 1 and "no Groups sheet" in said[0].message and "rename it to Groups" in said[0].hint


def test_a_misspelt_required_header_is_one_message(tmp_path):
    # 'Nmae' for Name: the missing-column error names it — and a column-not-read warning said it again (review)
    folder, book = _copy(tmp_path, "acf")
    _edit(book, lambda ws: setattr(_header_cell(ws, "name"), "value", "Nmae"))
    res = compute(folder, use_cache=False)
    mine = [i for i in res.issues.items if i.file == book.relative_to(folder).as_posix()]
    assert [i.code for i in mine] == ["missing-column"], [i.text() for i in mine]
    assert "'Nmae' looks like a misspelling of it" in mine[0].message


@pytest.mark.parametrize(("circuit", "header", "values"), [
    ("fecodaz", "Federation", ["COL", "COL", "VEN"]),  # not a FIDE rating (difflib alone said so)
    ("aarhus", "Rk", [1, 2, 3]),  # not Move ('rykning': its consonants)
    ("fecodaz", "Nat", ["COL", "COL", "COL"]),  # not National rating
])
def test_a_guess_needs_values_that_fit_the_column(tmp_path, circuit, header, values):
    # review: guesses whose column the values cannot be (renaming the header as told made errors) stay an info
    folder, book = _copy(tmp_path, circuit)

    def add(ws):
        col = ws.max_column + 1
        ws.cell(1, col).value = header
        for i, v in enumerate(values, start=2):
            ws.cell(i, col).value = v
    _edit(book, add)
    res = compute(folder, use_cache=False)
    said = [(i.code, i.severity) for i in res.issues.items if f"'{header}'" in i.message]
    assert said == [("unknown-column", "info")]


@pytest.mark.parametrize("header", ["Fødselsår", "Årgang", "Fecha Nac.", "Año de nacimiento", "YOB"])
def test_more_born_headers_are_read(tmp_path, header):
    # review: Danish "Fødselsår"/"Årgang" and Spanish "Fecha Nac." were not Born headers (only `no-column` said so)
    folder, book = _copy(tmp_path, "aarhus")
    _edit(book, lambda ws: setattr(_header_cell(ws, "born", "født", "fødselsdato"), "value", header))
    res = compute(folder, use_cache=False)
    assert not [i for i in res.issues.items if i.code in ("no-column", "unknown-column", "column-not-read")
                and i.file == book.relative_to(folder).as_posix()]
    assert res.outcome is not None


@pytest.mark.parametrize("circuit", sorted(SAMPLES))
@pytest.mark.parametrize("extra", ["TB1", "Rating", "Score"])
def test_a_renamed_results_sheet_with_an_organisers_extra_column(tmp_path, circuit, extra):
    # second review: one export-style column an organiser adds (TB1, Rating, Score) made the renamed template be
    # read as an export again (FECODAZ: ratings and withdrawals dropped, exit 0). The template's own columns
    # outnumber it: still missing-sheet.
    folder, book = _copy(tmp_path, circuit)
    wb = openpyxl.load_workbook(book)
    ws = wb[next(n for n in wb.sheetnames if n.casefold() in ("results", "resultados", "resultater"))]
    if any(str(c.value or "").casefold() == extra.casefold() for c in ws[1]):
        pytest.skip(f"the {circuit} template has a column {extra}")
    ws.cell(1, ws.max_column + 1).value = extra
    ws.title = "Hoja1"
    wb.save(book)
    res = compute(folder, use_cache=False)
    errors = [i for i in res.issues.errors if i.file == book.relative_to(folder).as_posix()]
    assert [(i.code, i.sheet) for i in errors] == [("missing-sheet", "Hoja1")], [i.text() for i in errors]


def test_a_results_column_added_to_an_export_is_said_not_read(tmp_path):
    # second review: a State column added to a chess-results export was dropped without a word (the NT State
    # total fell from 8 to 7): a warning at its header says it is not read and where State can be given
    from builders import acf_folder, acf_tournament

    book = acf_tournament("Export Open", [])
    book.pop("Results")
    book["Final ranking"] = [["Rk.", "SNo", "Name", "sex", "FED", "Rtg", "Pts.", "State"],
                             [1, 2, "Smith, John", "", "AUS", 2100, 5, "NT"],
                             [2, 1, "Brown, Ann", "w", "AUS", 1900, 4, "NSW"]]
    res = compute(acf_folder(tmp_path, {"export.xlsx": book}), use_cache=False)
    said = [i for i in res.issues.items if i.code == "column-not-read"]
    assert [(i.sheet, i.cell) for i in said] == [("Final ranking", "H1")]
    assert "Players register" in said[0].hint


def test_a_guess_looks_at_the_whole_column(tmp_path):
    # second review: 'Jnr' with Y only far down (juniors in the last section) was looked at in rows 2-41 only
    from builders import acf_folder, acf_tournament, row

    rows = [[*row("Open", i, f"Player {i:02d}", pid=str(1000 + i)), "Y" if i == 55 else None]
            for i in range(1, 61)]
    head = ["Section", "Place", "Name", "ID", "Sex", "Born", "State", "Jnr"]
    res = compute(acf_folder(tmp_path, {"t.xlsx": acf_tournament("T", rows, header=head)}), use_cache=False)
    said = [i for i in res.issues.items if i.code == "column-not-read"]
    assert [(i.cell, "did you mean 'Junior'?" in i.message) for i in said] == [("H1", True)]


@pytest.mark.parametrize("value", ["9" * 400, 1e308])
def test_a_huge_number_is_a_bad_value_not_an_internal_error(tmp_path, value):
    # second review: 400 nines (or 1e308) in a score crashed — also under a header gpcalc does not read, once
    # column-not-read tried its reader on it
    folder, book = _copy(tmp_path, "aarhus")

    def put(ws):
        head = [str(c.value or "").casefold() for c in ws[1]]
        ws.cell(3, head.index("points") + 1).value = value
        ws.cell(1, ws.max_column + 1).value = "Pnts"
        ws.cell(2, ws.max_column).value = value
    _edit(book, put)
    res = compute(folder, use_cache=False)
    bad = [i for i in res.issues.errors if i.code == "bad-value"]
    assert len(bad) == 1 and "too large" in bad[0].message


def test_junior_column_against_the_birth_year_is_said_acf_cl1(tmp_path):
    # organiser walkthrough (plausibility): Junior = Yes for a player born 1980 gave Junior points to an adult
    # without a word — the organiser's Junior column wins (ruling), so a contradiction with Born is a warning at
    # the Junior cell; born in the edge year (2005 − 18 = 1987) either answer can be right: nothing said
    from builders import acf_folder, acf_tournament

    head = ["Section", "Place", "Name", "ID", "Sex", "Born", "State", "Junior"]
    rows = [["Open", 1, "Old Timer", "101", "M", 1980, "NSW", "Yes"],
            ["Open", 2, "Young Kid", "102", "M", 1995, "NSW", "No"],
            ["Open", 3, "Edge Case", "103", "M", 1987, "NSW", "No"],
            ["Open", 4, "Fine Junior", "104", "M", 1995, "NSW", "Yes"]]
    res = compute(acf_folder(tmp_path, {"t.xlsx": acf_tournament("T", rows, header=head)}), use_cache=False)
    said = [(i.cell, i.message.split(":")[0]) for i in res.issues.items if i.code == "junior-column-differs"]
    assert said == [("H2", "Old Timer"), ("H3", "Young Kid")], said
    assert res.outcome is not None
