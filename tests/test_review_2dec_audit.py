"""A review of the 1–2 December changes found four messages that named the wrong place or gave the wrong reason,
and a zero-padded number format that made good values unreadable. Each test below failed before its fix."""

from __future__ import annotations

import datetime as dt

import pandas as pd
from builders import (
    FECODAZ_ILLUSTRATIVE,
    fecodaz_book,
    fecodaz_ladder,
    fecodaz_person,
    make_season,
    write_book,
)

from gpcalc.pipeline import compute
from gpcalc.season import season_year


def _issues(res, code):
    return [i for i in res.issues if i.code == code]


def test_a_trf_whose_sidecar_lists_several_sections_is_named_at_the_sidecar_acf_cl13_2(tmp_path):
    """ACF cl. 13(2) sections; README ruling: one TRF is one section. A sidecar whose Sections sheet lists two
    sections gave `missing-column` "the Results sheet has no Section column … add a column headed Section" with
    no sheet or cell — a TRF has neither. Now one error at the sidecar's Sections sheet, saying why."""
    from test_formats_audit3 import HEADER, PLAYERS

    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2024"}, tournaments={})
    (folder / "open.trf").write_text("\n".join([*HEADER, *PLAYERS]) + "\n")
    write_book(folder / "Open.xlsx", {
        "Tournament": {"State": "ACT", "Capital city": "Yes", "Prize money": 1600,
                       "Registered": dt.date(2023, 12, 1), "Reported": dt.date(2024, 3, 15)},
        "Sections": [["Section", "Division"], ["Open", "Open"], ["Minor", "U1600"]]})
    res = compute(folder, use_cache=False)
    assert not _issues(res, "missing-column")
    [err] = _issues(res, "blank-section")
    assert (err.file, err.sheet, err.cell) == ("Open.xlsx", "Sections", "A2")
    assert "lists 2 sections (Minor, Open)" in err.message and "a TRF or an export is one section" in err.message
    assert "a file of its own" in err.hint


def test_a_liga_spelling_from_the_register_is_named_at_the_register_ruling4(tmp_path):
    """FECODAZ ruling 4. The register wins for a player's liga, so a spelling written only in the Players
    register was warned at the player's (blank) Results cell. Now at the register's cell."""
    rows = [fecodaz_person(1, "A1", league="Bogotá", score=6), fecodaz_person(2, "A2", league=None, score=5.5),
            fecodaz_person(3, "A3", league="Bogotá", score=5), fecodaz_person(4, "V1", league="Valle", score=4.5),
            fecodaz_person(5, "V2", league="Valle", score=4)]
    folder = make_season(
        tmp_path, {"Circuit": "fecodaz", "Season": "2009", "Points table source": "t"},
        sheets={"Points": FECODAZ_ILLUSTRATIVE,
                "Players": [["ID", "Name", "Sex", "Born", "League"], ["A2", "A2", "M", 1980, "bogota"]]},
        tournaments={"a.xlsx": fecodaz_book("A", rows, base=5)})
    res = compute(folder, use_cache=False)
    [w] = _issues(res, "liga-spellings")
    assert (w.file, w.sheet, w.cell) == ("season.xlsx", "Players", "E2")
    assert "Liga 'bogota' is the liga written 'Bogotá'" in w.message
    clubs = res.outcome.clubs
    assert clubs.loc[clubs["ranking"] == "Absoluto", "club"].tolist() == ["Bogotá", "Valle"]


def test_a_typed_liga_spelling_is_still_named_at_its_results_cell_ruling4(tmp_path):
    """The other side of the test above: a spelling typed in Results (the register silent) is named there."""
    rows = [fecodaz_person(1, "A1", league="Bogotá", score=6), fecodaz_person(2, "A2", league="bogota", score=5.5),
            fecodaz_person(3, "A3", league="Bogotá", score=5)]
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009", "Points table source": "t"},
                         sheets={"Points": FECODAZ_ILLUSTRATIVE},
                         tournaments={"a.xlsx": fecodaz_book("A", rows, base=5)})
    [w] = _issues(compute(folder, use_cache=False), "liga-spellings")
    assert (w.file, w.sheet, w.cell) == ("a.xlsx", "Results", "F3")


def _youth_national(tmp_path):
    girl = {"sex": "F", "born": 1997, "nat": 1400}
    n12 = fecodaz_book("N12", fecodaz_ladder(("g", girl), ("old", {"born": 1995, "nat": 1300}),
                                             ("c", {"born": 1997, "nat": 1500})),
                       kind="National", base=None, start=dt.date(2009, 4, 1), Ranking="Sub 12 Absoluto",
                       **{"Cash prizes": "No"})
    f12 = fecodaz_book("F12", fecodaz_ladder(("g", girl), ("blank", {"sex": None, "born": 1997, "nat": 1300}),
                                             ("g2", girl)),
                       kind="National", base=None, start=dt.date(2009, 5, 1), Ranking="Sub 12 Femenino",
                       **{"Cash prizes": "No"})
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009", "Points table source": "t"},
                         sheets={"Points": FECODAZ_ILLUSTRATIVE}, tournaments={"n12.xlsx": n12, "f12.xlsx": f12})
    return compute(folder, use_cache=False)


def test_an_older_player_in_a_younger_national_championship_is_not_said_to_play_up_art3_ruling3(tmp_path):
    """FECODAZ Art. 3 ("su puntaje se le acumulará sólo en la de la categoría que corresponda a su edad"), ruling
    3. A player born 1995 (Sub 14 in 2009) in the Sub 12 championship was "Sub 14, playing up" — he is older."""
    by_name = {w.message.split(": ")[1].split(" (")[0]: w for w in _issues(_youth_national(tmp_path),
                                                                          "plays-up-unscored")}
    old = by_name["old"]
    assert "(born 1995: Sub 14, older than Sub 12)" in old.message and "playing up" not in old.message
    assert "a score counts only in the category of the player's age (Art. 3)" in old.message
    assert (old.file, old.cell) == ("n12.xlsx", "E3")  # Born


def test_a_blank_sex_in_a_femenino_championship_says_no_sex_given_ruling3(tmp_path):
    """Ruling 3, a Femenino championship: a blank Sex was "(not a woman)". Now "(no sex given)", at the Sex
    cell, with a hint to write it."""
    by_name = {w.message.split(": ")[1].split(" (")[0]: w for w in _issues(_youth_national(tmp_path),
                                                                          "plays-up-unscored")}
    blank = by_name["blank"]
    assert "(no sex given)" in blank.message and "not a woman" not in blank.message
    assert (blank.file, blank.cell) == ("f12.xlsx", "D3") and "F for a woman" in blank.hint
    assert set(by_name) == {"old", "blank"}  # (the girls are scored in both; the younger boy c is in his own)


def test_a_year_in_a_zero_padded_cell_reads_as_the_year(tmp_path):
    """An ID in a 00000 cell is read as shown (00123). A sheet formatted 00000 throughout also shows Born 1970 as
    01970 and the Season 2005 as 02005: those were "not a date" and "200 is not a season's year". A year with
    leading zeros is the year."""
    import openpyxl
    from builders import acf_tournament

    rows = [["", 1, "Brennan, Michael", "00123", "M", 1970, "NSW"], ["", 2, "Smith, Ann", "00456", "F", 1980, "NSW"]]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         tournaments={"a.xlsx": acf_tournament("A", rows)})
    for name, sheet, cells in (("a.xlsx", "Results", ("D2", "F2", "F3")), ("season.xlsx", "Season", ())):
        wb = openpyxl.load_workbook(folder / name)
        ws = wb[sheet]
        targets = [ws[c] for c in cells] or [c for row in ws.iter_rows() for c in row if c.value == "2005"]
        for c in targets:
            if isinstance(c.value, str) and c.value.isdigit():
                c.value = int(c.value)
            c.number_format = "00000"
        wb.save(folder / name)
    res = compute(folder, use_cache=False)
    assert not res.issues.errors, [i.text() for i in res.issues.errors]
    assert res.season.year == 2005
    assert res.season.results["born_year"].tolist() == [1970, 1980]
    assert season_year("02005") == 2005 and season_year("2012/2013") == 2012 and season_year("12345") == 0


# ------------------------------------------------------------- TRF and export changes of 1 December (review 2)

def _trf_players(born=("1980/01/01", "1990/01/01", "1985/01/01", "1970/01/01")):
    from test_formats import player_line

    return [player_line(1, "Smith, John", rating=2450, fide_id=3200001, points="2.5", rank=1, born=born[0],
                        rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")]),
            player_line(2, "Nguyen, Anna", sex="w", rating=2100, fide_id=3200002, points="2.0", rank=2, born=born[1],
                        rounds=[(1, "b", "0"), (4, "w", "1"), (3, "w", "1")]),
            player_line(3, "Brown, Sam", rating=1900, points="1.5", rank=3, born=born[2],
                        rounds=[(4, "b", "1"), (1, "w", "="), (2, "b", "0")]),
            player_line(4, "Lee, Chris", sex="w", rating=1500, points="0.0", rank=4, born=born[3],
                        rounds=[(3, "w", "0"), (2, "b", "0"), (1, "b", "0")])]


def _acf_trf_season(tmp_path, head, **side):
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments={})
    (folder / "club.trf").write_text("\n".join(head + _trf_players()) + "\n", encoding="utf-8")
    write_book(folder / "club.xlsx", {"Tournament": {"State": "NSW", "Capital city": "Yes", "Prize money": 1000,
                                                     "Registered": dt.date(2004, 6, 1), **side}})
    return compute(folder, use_cache=False)


def test_full_round_dates_are_read_as_written_fide_trf_132(tmp_path):
    """FIDE TRF 132 (round dates). The 60-day window meant for two-digit years also dropped four-digit dates: a
    monthly club event's last round (2005/12/22) was left out, its End became 10 November, and the build said
    "reported 50 days after the last day" (it was 8). Full dates are now read as written."""
    head = ["012 Club Ch", "042 2005/10/06", "062 4", "132" + " " * 88 + "2005/10/06  2005/11/10  2005/12/22"]
    res = _acf_trf_season(tmp_path, head, Reported=dt.date(2005, 12, 30))
    assert res.season.tournaments["end"].tolist() == [dt.date(2005, 12, 22)]
    assert not _issues(res, "reported-late") and not _issues(res, "trf-round-dates")


def test_two_digit_round_dates_without_a_start_are_not_guessed_fide_trf_132(tmp_path):
    """Without a 042 line, DD/MM/YY round dates (15/03/05) were read as YY/MM/DD — 2015 — "played over 4374
    days". Now not used, said at the 132 line; End is then asked for in the sidecar, at its Tournament sheet."""
    head = ["012 Club Ch", "062 4", "132" + " " * 88 + "15/03/05  16/03/05  17/03/05"]
    res = _acf_trf_season(tmp_path, head, Start=dt.date(2005, 3, 15), Reported=dt.date(2005, 3, 20))
    [w] = _issues(res, "trf-round-dates")
    assert (w.file, w.sheet, w.cell) == ("club.trf", "132", "line 3") and "'15/03/05'" in w.message
    [e] = [i for i in _issues(res, "missing-setting") if "'End'" in i.message]
    assert (e.file, e.sheet, e.cell) == ("club.xlsx", "Tournament", "A8")  # (below its 7 rows)
    assert not _issues(res, "too-long")


def test_an_end_written_in_the_sidecar_of_a_trf_without_one_is_not_said_to_differ(tmp_path):
    """The TRF gives no end (no 052, no 132): `trf-no-end-date` asks for End in the sidecar. Written there, it was
    then warned `sidecar-differs` against the start date that had stood in for the missing end."""
    res = _acf_trf_season(tmp_path, ["012 Club Ch", "042 2005/03/15", "062 4"], End=dt.date(2005, 3, 17),
                          Reported=dt.date(2005, 3, 20))
    assert not _issues(res, "sidecar-differs") and not _issues(res, "trf-no-end-date")
    assert res.season.tournaments["end"].tolist() == [dt.date(2005, 3, 17)]


def _aarhus_trf_season(tmp_path, head, groups):
    folder = make_season(tmp_path, {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 1}, tournaments={})
    players = _trf_players(born=("1994/01/01", "1995/01/01", "1994/01/01", "1993/01/01"))
    (folder / "gpt1.trf").write_text("\n".join(head + players) + "\n", encoding="utf-8")
    write_book(folder / "GPT1.xlsx", {"Tournament": {"Kind": "GPT"}, "Groups": groups})
    return compute(folder, use_cache=False)


def test_a_trf_announcing_more_rounds_than_played_is_warned_and_its_played_rounds_used_aarhus_5_6(tmp_path):
    """Aarhus §5 stk. 6 (GPT points × 7 / rounds). A TRF saying XXR 7 whose records hold 3 rounds was read as
    final and its group given 7 rounds: 3 × 7/7. Now `trf-not-final` at the XXR line and 3 × 7/3."""
    res = _aarhus_trf_season(tmp_path, ["012 GPT 1", "042 2012/10/06", "062 4", "XXR 7"],
                             [["Group", "Rounds"], ["A", None]])
    [w] = _issues(res, "trf-not-final")
    assert (w.file, w.sheet, w.cell) == ("gpt1.trf", "XXR", "line 4")
    assert "announces 7 rounds (XXR)" in w.message and "the 3 rounds are used" in w.message
    detail = res.outcome.ledger["detail"].str.cat(sep="\n")
    assert "× 7/3" in detail and "× 7/7" not in detail


def test_a_group_rounds_that_contradicts_its_trf_is_warned_aarhus_5_6(tmp_path):
    """A sidecar Groups sheet saying Rounds 5 beside a TRF of 3 rounds was silent (it sets the ×7/rounds)."""
    res = _aarhus_trf_season(tmp_path, ["012 GPT 1", "042 2012/10/06", "062 4"], [["Group", "Rounds"], ["A", 5]])
    [w] = _issues(res, "sidecar-differs")
    assert (w.file, w.sheet, w.cell) == ("GPT1.xlsx", "Groups", "B2")
    assert "Rounds is 5 here" in w.message and "hold 3 rounds" in w.message
    assert not _issues(res, "trf-not-final")


def test_an_unreadable_points_cell_in_an_export_is_the_one_message(tmp_path):
    """A chess-results export's Pts. cell '4½½' is a bad-value error; the places worked out around the hole then
    gave a place-order error naming a place (4) that the file does not show."""
    from test_formats_season import T3_SETTINGS

    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments={})
    head = ["Rk.", "SNo", None, "Name", "FED", "Rtg", "Club/City", "Pts.", "TB1", "TB2", "TB3"]
    data = [[1, 3, "FM", "Smith, John", "AUS", 2450, "Sydney", 4.5, 10, 11, 12],
            [2, 1, None, "Nguyen, Anna", "AUS", 2100, "Sydney", "4½½", 9, 10, 11],
            [3, 2, None, "Brown, Sam", "AUS", 1900, "Sydney", 4, 9, 10, 11],
            [4, 4, None, "Lee, Chris", "AUS", 1500, "Sydney", 3, 1, 2, 3]]
    write_book(folder / "open.xlsx", {"Final Ranking": [["Canberra Autumn Open 2005"],
                                                        ["Final Ranking after 5 Rounds"], [], head, *data],
                                      "Tournament": T3_SETTINGS})
    res = compute(folder, use_cache=False)
    assert [(i.code, i.cell) for i in res.issues.errors] == [("bad-value", "H6")]


def test_trf_points_that_are_no_number_of_points_are_an_error_fide_trf_001():
    """FIDE TRF 001 columns 81–84, the points. Python's float() took 'nan', 'inf', '-1', '1e-1': a winner's line
    with 'nan' was ranked by the other columns and could drop to last, with only a rank warning."""
    from test_formats import player_line

    from gpcalc.formats.trf import parse_trf
    from gpcalc.issues import Issues

    for bad in ("nan", "inf", "-1", "1e-1"):
        issues = Issues()
        lines = ["012 Test", "042 2024/03/01", "062 2",
                 player_line(1, "Smith, John", points=bad, rank=1, rounds=[(2, "w", "1")]),
                 player_line(2, "Nguyen, Anna", points="0.0", rank=2, rounds=[(1, "b", "0")])]
        parse_trf("\n".join(lines) + "\n", "t.trf", issues)
        assert [(i.code, i.cell) for i in issues.errors] == [("trf-bad-points", "line 4")], bad


def test_a_fide_list_with_old_mac_line_ends_is_read_and_an_empty_one_is_said_acf_cl11(tmp_path):
    """ACF cl. 11 (ratings from the lists). A FIDE TXT list whose lines end in CR alone (an old Mac text file)
    gave no player and no word; a list with its header alone likewise. The first is read; the second (and any
    list no player of the season is on) is warned `list-no-players`."""
    from pathlib import Path

    from test_formats_season import REGISTER, mixed_season, standings

    bare = [["ID", "Name", "State"], *[[r[0], r[1], r[4]] for r in REGISTER[1:]]]
    src = (Path(__file__).parent / "data" / "formats" / "fide-standard-list.txt").read_text("latin-1")
    header = src.splitlines()[0].replace("JAN23", "JAN05")
    cy = "3200003".ljust(15) + "Jones, Cy".ljust(61) + "AUS M" + " " * 32 + "1900  0   20 1989"
    folders = {}
    for name, text in (("cr", "\r".join([header, cy]) + "\r"), ("crlf", "\r\n".join([header, cy]) + "\r\n"),
                       ("empty", header + "\r\n")):
        folder = folders[name] = mixed_season(tmp_path, register=bare, name=name)
        (folder / "ratings").mkdir()
        (folder / "ratings" / "fide-jan-2005.txt").write_text(text, "latin-1")
    pd.testing.assert_frame_equal(standings(folders["crlf"]), standings(folders["cr"]))
    assert not [i for i in compute(folders["cr"]).issues if i.code == "list-no-players"]
    [w] = [i for i in compute(folders["empty"]).issues if i.code == "list-no-players"]
    assert w.file == "ratings/fide-jan-2005.txt" and "no player of the season" in w.message
