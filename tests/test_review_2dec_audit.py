"""A review of the 1–2 December changes found four messages that named the wrong place or gave the wrong reason,
and a zero-padded number format that made good values unreadable. Each test below failed before its fix."""

from __future__ import annotations

import datetime as dt

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
