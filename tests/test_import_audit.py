"""Files organisers already have, read the way `gpcalc build` and `gpcalc import` read them (import round-trip audit,
1 December). Each test is a defect the audit found and cites the promise it broke: README "Files organisers already
have" and "What bad input gets" (never a silently wrong number; a clear message naming the file, sheet and cell).
"""

from __future__ import annotations

from gpcalc.formats import chessresults
from gpcalc.issues import Issues
from tests.builders import write_book


def _ranking(title: str, names: list[str]) -> list[list]:
    return [["Test Open"], [title], [], ["Rk.", "SNo", "Name", "Pts."],
            *[[i, i, n, 5 - i] for i, n in enumerate(names, start=1)]]


def test_an_export_with_a_ranking_per_sheet_says_the_later_sheets_are_not_read(tmp_path):
    """README: one export is one ranking. A workbook with the Open on one sheet and the U1600 on another was read
    as its first sheet alone: the U1600 players lost their points without a word."""
    path = write_book(tmp_path / "x.xlsx", {"Open": _ranking("Open", ["Smith, John", "Nguyen, Anna"]),
                                             "U1600": _ranking("U1600", ["Brown, Sam", "Lee, Chris"]),
                                             "Notes": [["Arbiter: J. Doe"]]})
    issues = Issues()
    ex = chessresults.read_export(path, "x.xlsx", issues)
    assert list(ex.players["name"]) == ["Smith, John", "Nguyen, Anna"]
    assert [(i.code, i.sheet, i.cell) for i in issues] == [("another-ranking-sheet", "U1600", "A1")]
    assert "'Open'" in issues.warnings[0].message and "not counted" in issues.warnings[0].message
    assert "own workbook" in issues.warnings[0].hint
    issues = Issues()  # one ranking and a notes sheet: nothing to say
    chessresults.read_export(write_book(tmp_path / "y.xlsx", {"Open": _ranking("Open", ["Smith, John"]),
                                                              "Notes": [["Arbiter: J. Doe"]]}), "y.xlsx", issues)
    assert not list(issues)


def test_a_column_an_aarhus_export_lacks_is_named_right_of_its_tiebreaks(tmp_path):
    """README "Where problems are named": a problem in an export names the export's own sheet and cell. An export
    without a birth-year column put the birth year gpcalc needs (Aarhus §1 stk. 2) onto the TB2 column's cells, so
    `missing-born` sent the organiser to a tiebreak score. It now names the first column right of the export's
    last labelled columns (A–L are the export's; M is the ID it lacks too, N the birth year), where a Born column
    can be added."""
    from tests.test_formats_equivalence_audit import A3_SETTINGS, AAR_REGISTER, AAR_SEASON

    head = ["Rk.", "Nr.", None, "Navn", "Køn", "FED", "Klub/By", "Point", "Gr", "TB1", "TB2", "TB3"]
    rows = [["GPT 3 Aarhus"], ["Slutstilling efter 5 runder"], [], head,
            [1, 2, None, "Bæk, Åse", "w", "DEN", "Aarhus Skakklub", "4½", "C", 12, 11, 3],
            [2, 1, None, "Ny, Spiller", "m", "DEN", "Viby Skoleskak", "4", "C", 13, 10, 2]]
    folder = tmp_path / "season"
    folder.mkdir()
    write_book(folder / "season.xlsx", {"Season": AAR_SEASON | {"GPTs": 1}, "Players": AAR_REGISTER})
    write_book(folder / "gpt3.xlsx", {"Slutstilling": rows, "Tournament": A3_SETTINGS,
                                      "Groups": [["Group", "Rounds"], ["C", 5]]})
    from gpcalc.pipeline import compute

    issues = compute(folder, use_cache=False).season.issues
    born = [(i.file, i.sheet, i.cell) for i in issues.errors if i.code == "missing-born"]
    assert born == [("gpt3.xlsx", "Slutstilling", "N6")], [i.text() for i in issues]


def _trf_season(tmp_path, side: dict):
    import datetime as dt

    from tests.builders import make_season
    from tests.test_formats_audit3 import HEADER, PLAYERS

    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2024"}, tournaments={})
    (folder / "open.trf").write_text("\n".join([*HEADER, *PLAYERS]) + "\n")
    write_book(folder / "open.xlsx", {"Tournament": {"State": "ACT", "Capital city": "Yes", "Prize money": 1600,
                                                     "Registered": dt.date(2023, 12, 1),
                                                     "Reported": dt.date(2024, 3, 15)} | side})
    return folder


def test_a_sidecar_date_that_contradicts_its_trf_is_said_and_a_trf_date_is_named_by_its_line(tmp_path):
    """README: the sidecar's blank settings take the TRF's values, so a filled one wins — but a sidecar Start of
    9 March beside a TRF whose 042 line says 1 March was taken without a word, and the End that then came before
    it (the TRF's 052 line) was an error naming no cell at all. Now the contradiction is a warning at the
    sidecar's cell, and the End error names the TRF line it came from."""
    import datetime as dt

    from gpcalc.pipeline import compute

    issues = compute(_trf_season(tmp_path, {"Start": dt.date(2024, 3, 9)}), use_cache=False).season.issues
    said = [(i.severity, i.code, i.file, i.sheet, i.cell) for i in issues if i.code in ("sidecar-differs",
                                                                                          "dates-backwards")]
    assert said == [("warning", "sidecar-differs", "open.xlsx", "Tournament", "B7"),
                    ("error", "dates-backwards", "open.trf", "", "line 3")], [i.text() for i in issues]
    assert "2024-03-09 here but 2024-03-01 in open.trf (line 2)" in issues.warnings[0].message
    # the same date written as text, or the TRF's own date: nothing to say
    for start in ("1/3/2024", dt.date(2024, 3, 1)):
        issues = compute(_trf_season(tmp_path / str(len(str(start))), {"Start": start}),
                         use_cache=False).season.issues
        assert not [i for i in issues if i.code in ("sidecar-differs", "dates-backwards")], [i.text() for i in issues]


def _aarhus_trf_season(tmp_path, groups: list[list]):
    from tests.test_formats_equivalence_audit import A1, AAR_REGISTER, AAR_SEASON, a2_trf

    folder = tmp_path / "s"
    folder.mkdir(parents=True)
    write_book(folder / "season.xlsx", {"Season": AAR_SEASON | {"GPTs": 2}, "Players": AAR_REGISTER})
    write_book(folder / "gpt1.xlsx", A1)
    (folder / "gpt2.trf").write_bytes(a2_trf())
    write_book(folder / "gpt2.xlsx", {"Turnering": {"Kind": "GPT"}, "Grupper": groups})
    return folder


def test_an_aarhus_trf_fills_the_blank_rounds_of_its_one_group(tmp_path):
    """README: the sidecar's blank settings take the TRF's own values, and a one-row Groups sheet gives every
    player of the TRF that group. Its Rounds left blank was an error ("Rounds is blank") though the TRF says 5
    rounds; now the TRF's rounds fill it, and the standings are those of Rounds = 5 written out."""
    import json

    from gpcalc.pipeline import build

    def built(groups, name):
        folder = _aarhus_trf_season(tmp_path / name, groups)
        result = build(folder, json_out=tmp_path / f"{name}.json", use_cache=False)
        if result.issues.errors:
            return [(i.code, i.file) for i in result.issues.errors]
        data = json.loads((tmp_path / f"{name}.json").read_text())
        return {k: data[k] for k in ("standings", "ledger")}

    assert built([["Gruppe", "Runder"], ["C", None]], "blank") == built([["Gruppe", "Runder"], ["C", 5]], "five")
    # a Rounds that is written is the sidecar's: 4 here is not overwritten by the TRF's 5
    assert "standings" in built([["Gruppe", "Runder"], ["C", None]], "blank2")
    assert built([["Gruppe", "Runder"], ["C", 4]], "four")[0] == ("games-over-rounds", "gpt2.trf")


def test_import_leaves_what_the_file_does_not_say_blank_and_names_it(tmp_path):
    """`gpcalc import` (README: "a filled organiser template … to check and complete in Excel"): an Aarhus TRF
    gave a Groups sheet with nothing in it, and the message said only "complete its Tournament sheet" though every
    Results row needs its group; a TRF without an end date got End = Start written in (the check never asked).
    Now the Groups sheet has the TRF's rounds, End is left blank, and the message names each cell to fill in."""
    import datetime as dt

    from click.testing import CliRunner
    from openpyxl import load_workbook

    from gpcalc.cli import main
    from tests.test_formats_audit3 import HEADER, PLAYERS
    from tests.test_formats_equivalence_audit import a2_trf

    (tmp_path / "gpt2.trf").write_bytes(a2_trf())
    res = CliRunner().invoke(main, ["import", str(tmp_path / "gpt2.trf"), "-c", "aarhus", "-o",
                                    str(tmp_path / "gpt2.xlsx")])
    assert res.exit_code == 0, res.output
    assert "fill in Kind (Tournament!B4), Group (Results!A2:A7), Group (Groups!A2)" in res.output
    wb = load_workbook(tmp_path / "gpt2.xlsx")
    assert [[c.value for c in r] for r in wb["Groups"].iter_rows(min_row=2, max_row=3)] == [[None, 5], [None, None]]

    (tmp_path / "open.trf").write_text("\n".join([h for h in HEADER if not h.startswith("052")] + PLAYERS) + "\n")
    res = CliRunner().invoke(main, ["import", str(tmp_path / "open.trf"), "-c", "acf", "-o",
                                    str(tmp_path / "open.xlsx")])
    assert res.exit_code == 0, res.output
    settings = {r[0].value: r[1].value for r in load_workbook(tmp_path / "open.xlsx")["Tournament"].iter_rows()}
    assert settings["Start"] == dt.datetime(2024, 3, 1) and settings["End"] is None
    assert "End (Tournament!B" in res.output and "trf-no-end-date" not in res.output


def test_import_of_a_spreadsheet_gpcalc_does_not_read_says_how_to_convert_it(tmp_path):
    """README "What bad input gets": the message says what is wrong and how to write it. `gpcalc import` of an
    old .xls export (Swiss-Manager writes them) or an .ods said "neither a TRF nor a ranking export (.xlsx)" and
    "export the final ranking as TRF or Excel" — though it is Excel; now the build's own message: save as .xlsx."""
    from click.testing import CliRunner

    from gpcalc.cli import main

    for name, code in (("ranking.xls", "legacy-xls"), ("ranking.ods", "not-xlsx")):
        (tmp_path / name).write_bytes(b"not really a spreadsheet")
        res = CliRunner().invoke(main, ["import", str(tmp_path / name), "-c", "acf", "-o", str(tmp_path / "o.xlsx")])
        assert res.exit_code == 1 and f"[{code}]" in res.output and "save it as" in res.output, res.output
        assert not (tmp_path / "o.xlsx").exists()


def test_a_sidecar_whose_results_sheet_has_only_numbered_places_does_not_replace_its_trf(tmp_path):
    """README: "a completed workbook beside its TRF is read instead of the TRF". A sidecar made from the template
    whose Results sheet has its places numbered down the side (1, 2, 3 … — no names) counted as completed: the
    TRF was set aside and every numbered row was an error. A Results sheet counts as filled when a row has a
    name; the TRF is then read with the sidecar's settings."""
    import datetime as dt

    from gpcalc.pipeline import compute
    from tests.builders import make_season
    from tests.test_formats_audit3 import HEADER, PLAYERS

    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2024"}, tournaments={})
    (folder / "open.trf").write_text("\n".join([*HEADER, *PLAYERS]) + "\n")
    settings = {"State": "ACT", "Capital city": "Yes", "Prize money": 1600, "Registered": dt.date(2023, 12, 1),
                "Reported": dt.date(2024, 3, 15)}
    places = [["Section", "Place", "Name", "ID"], *[[None, n, None, None] for n in range(1, 9)]]
    write_book(folder / "open.xlsx", {"Tournament": settings, "Results": places})
    result = compute(folder, use_cache=False)
    assert not result.issues.errors and "trf-superseded" not in [i.code for i in result.issues], \
        [i.text() for i in result.issues]
    assert sorted(result.season.results["name"]) == ["Brown, Sam", "Lee, Chris", "Nguyen, Anna", "Smith, John"]
    # one name in it: a workbook being completed by hand, read instead of the TRF (as before)
    places[1][2] = "Smith, John"
    write_book(folder / "open.xlsx", {"Tournament": settings, "Results": places})
    assert "trf-superseded" in [i.code for i in compute(folder, use_cache=False).issues]


def test_a_trf_that_gives_no_players_sex_or_birth_date_is_said(tmp_path):
    """README "What bad input gets": a Results sheet without a Sex or Born column is the `no-column` warning, as the
    Women's and Junior divisions (ACF cl. 8(e), 8(d)) then count only players the register knows. A TRF whose sex
    and birth-date fields are blank for every player (many pairing programs leave them so) had the same effect
    without a word — the check looked for a missing column, and a TRF's columns are always there."""
    import datetime as dt

    from gpcalc.pipeline import compute
    from tests.builders import make_season
    from tests.test_formats import player_line
    from tests.test_formats_audit3 import HEADER, PLAYERS

    settings = {"State": "ACT", "Capital city": "Yes", "Prize money": 1600, "Registered": dt.date(2023, 12, 1),
                "Reported": dt.date(2024, 3, 15)}

    def said(players: list[str], name: str) -> list[tuple]:
        folder = make_season(tmp_path / name, {"Circuit": "acf", "Season": "2024"}, tournaments={})
        (folder / "open.trf").write_text("\n".join([*HEADER, *players]) + "\n")
        write_book(folder / "open.xlsx", {"Tournament": settings})
        issues = compute(folder, use_cache=False).season.issues
        return [(i.file, i.message.split(":")[0]) for i in issues if i.code == "no-column"]

    assert said(PLAYERS, "some-sex") == [("open.trf", "the file gives no player's birth date")]
    no_sex = [player_line(1, "Smith, John", sex=" ", born="1990/01/01", rating=2450, fide_id=3200001,
                          points="2.5", rank=1, rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")]),
              *[p[:9] + " " + p[10:] for p in PLAYERS[1:]]]  # (column 10, sex, blank)
    assert said(no_sex, "no-sex") == [("open.trf", "the file gives no player's sex")]


def test_a_sidecar_settings_error_names_the_sidecar_not_the_trf(tmp_path):
    """README "Where problems are named": "one in the sidecar's settings names the sidecar". A wrong State or a
    Prize money of 'lots' in open.xlsx beside open.trf was named "open.trf Tournament!B2" — a file with no such
    sheet. Now open.xlsx."""
    import datetime as dt

    from gpcalc.pipeline import compute

    folder = _trf_season(tmp_path, {"State": "ACTT", "Prize money": "lots", "Registered": dt.date(2023, 12, 1)})
    issues = compute(folder, use_cache=False).season.issues
    bad = sorted((i.file, i.sheet, i.message.split(":")[0]) for i in issues if i.code == "bad-value")
    assert bad == [("open.xlsx", "Tournament", "Prize money"), ("open.xlsx", "Tournament", "State")], \
        [i.text() for i in issues]


def test_a_sidecar_named_in_another_case_is_its_trfs_sidecar(tmp_path):
    """README: the sidecar is "a workbook with the same name beside it". `open.trf` beside `Open.xlsx` — the same
    name to an organiser on Windows, where case does not matter — gave `trf-no-sidecar` for the TRF and a missing
    Results sheet for the workbook, with no word that one was meant for the other. Now the names match in any case."""
    import datetime as dt

    from gpcalc.pipeline import compute

    folder = _trf_season(tmp_path, {"Start": dt.date(2024, 3, 1)})
    (folder / "open.xlsx").rename(folder / "Open.xlsx")
    result = compute(folder, use_cache=False)
    assert not result.issues.errors, [i.text() for i in result.issues]
    assert sorted(result.season.results["name"]) == ["Brown, Sam", "Lee, Chris", "Nguyen, Anna", "Smith, John"]


def test_a_second_ranking_stacked_below_the_first_is_said_not_read(tmp_path):
    """README: one export is one ranking. Two sections exported onto one sheet, the second below the first with its
    own title and header rows, gave "Pts.: 'Pts.' is not a number" at the repeated header and read the second
    section's players as further places of the first. Now the repeated header ends the ranking, with a warning."""
    rows = [*_ranking("Open", ["Smith, John", "Nguyen, Anna"]), [], ["U1600"],
            ["Rk.", "SNo", "Name", "Pts."], [1, 1, "Brown, Sam", 4], [2, 2, "Lee, Chris", 3]]
    issues = Issues()
    ex = chessresults.read_export(write_book(tmp_path / "x.xlsx", {"Sheet1": rows}), "x.xlsx", issues)
    assert list(ex.players["name"]) == ["Smith, John", "Nguyen, Anna"]
    assert [(i.severity, i.code, i.cell) for i in issues] == [("warning", "another-ranking", "C9")], \
        [i.text() for i in issues]


def test_results_typed_in_a_sheet_of_a_trfs_sidecar_are_said_not_counted(tmp_path):
    """README "What bad input gets": never a silently wrong number. A sidecar (settings beside a TRF) holding a
    "Results (2)" sheet of typed rows — a late entry, a second section — was read for its settings and the rows
    dropped without a word: the players come from the TRF alone, so the sheet is named with a warning. An empty
    Results sheet, or its places numbered down the side, is the template's and is not named."""
    import datetime as dt

    from gpcalc.pipeline import compute
    from tests.builders import make_season
    from tests.test_formats_audit3 import HEADER, PLAYERS

    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2024"}, tournaments={})
    (folder / "open.trf").write_text("\n".join([*HEADER, *PLAYERS]) + "\n")
    settings = {"State": "ACT", "Capital city": "Yes", "Prize money": 1600, "Registered": dt.date(2023, 12, 1),
                "Reported": dt.date(2024, 3, 15)}
    places = [["Section", "Place", "Name", "ID"], *[[None, n, None, None] for n in range(1, 4)]]
    late = [["Section", "Place", "Name", "ID"], [None, 5, "Late, Larry", None]]
    write_book(folder / "open.xlsx", {"Tournament": settings, "Results": places, "Results (2)": late})
    result = compute(folder, use_cache=False)
    said = [(i.code, i.file, i.sheet, i.message) for i in result.issues if i.code == "another-results-sheet"]
    assert said == [("another-results-sheet", "open.xlsx", "Results (2)", "the sheet 'Results (2)' holds results, "
                     "but this tournament's players are read from open.trf alone, so its rows are not counted")]
    assert "Late, Larry" not in set(result.season.results["name"]) and not result.issues.errors
    write_book(folder / "open.xlsx", {"Tournament": settings, "Results": places})
    assert "another-results-sheet" not in [i.code for i in compute(folder, use_cache=False).issues]
