"""Follow-ups of the organiser walkthrough (30 November): start numbers typed as IDs, place errors said once per
mistake rather than once per row, a register rating of 0, and a second ID column named as typed."""

from __future__ import annotations

import datetime as dt
import json

from builders import acf_tournament, make_season

from gpcalc.pipeline import build

REG_HEAD = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


def _season(tmp_path, tournaments, players=None):
    return make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                       sheets={"Players": [REG_HEAD, *(players or [])]}, tournaments=tournaments)


def _build(tmp_path, tournaments, players=None):
    folder = _season(tmp_path, tournaments, players)
    res = build(folder, tmp_path / "o.xlsx", tmp_path / "o.json")
    data = json.loads((tmp_path / "o.json").read_text()) if (tmp_path / "o.json").exists() else None
    return res, data


def _field(names, ids=None, places=None):
    places = places or list(range(1, len(names) + 1))
    ids = ids or [""] * len(names)
    return [["", p, n, i, "M", 1970, "NSW"] for n, i, p in zip(names, ids, places)]


# --------------------------------------------------------------------------- start numbers in the ID column


def test_start_numbers_as_ids_do_not_merge_players_across_tournaments(tmp_path):
    # CONTRACT identity: a player is one person by ID. Two tournaments whose ID column holds the start numbers
    # 1 … 5 would make Ann (No. 1 in T1) and Fay (No. 1 in T2) one player. They are read as blank: ten players.
    t1 = acf_tournament("T1", _field(["Ann", "Bob", "Cat", "Dan", "Eve"], ["1", "2", "3", "4", "5"]),
                        prize_money=3000)
    t2 = acf_tournament("T2", _field(["Fay", "Gus", "Hal", "Ivy", "Jon"], ["2", "1", "5", "3", "4"]),
                        prize_money=3000, start=dt.date(2005, 6, 4))
    res, data = _build(tmp_path, {"t1.xlsx": t1, "t2.xlsx": t2})
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    said = [i for i in res.issues.items if i.code == "id-start-numbers"]
    assert [(i.file, i.sheet, i.cell) for i in said] == [("t1.xlsx", "Results", "D2"), ("t2.xlsx", "Results", "D2")]
    assert "1 to 5" in said[0].message and "start numbers" in said[0].message
    assert not [i for i in res.issues.items if i.code == "same-id-different-names"]
    open_names = {r["name"] for r in data["ledger"] if r["ranking"] == "Open"}
    assert {"Ann", "Fay"} <= open_names
    assert len({r["name"] for r in data["ledger"]}) == 10
    assert all(r.get("id") in (None, "") for r in data["ledger"])


def test_register_numbered_one_to_n_keeps_its_ids(tmp_path):
    # A coordinator may number the register's players 1, 2, 3 …: a tournament of players 1 … 4 uses those IDs.
    players = [[str(i), f"P{i}", "M", 1970, 1800, None, "NSW"] for i in range(1, 5)]
    t = acf_tournament("T", _field(["P1", "P2", "P3", "P4"], ["1", "2", "3", "4"]), prize_money=3000)
    res, data = _build(tmp_path, {"t.xlsx": t}, players)
    assert not [i for i in res.issues.items if i.code == "id-start-numbers"]
    assert {r["id"] for r in data["ledger"]} == {"1", "2", "3", "4"}


def test_start_numbers_per_group_and_beside_a_rating_list(tmp_path):
    # Numbered 1 … n in each Aarhus group (review 30 November): read as blank too — the players of group C and D
    # with the same number were one player ("Ee appears twice", though Ee appears once).
    from builders import aarhus_book, aarhus_folder

    from gpcalc.pipeline import compute

    head = ["Group", "Place", "Name", "ID", "Club", "Born", "Sex", "Points", "Games"]

    def rows(group, names, born):
        return [[group, k + 1, n, k + 1, "ASF", born, "M", 5 - k * 0.5, 7] for k, n in enumerate(names)]

    book = aarhus_book("GPT 1", dt.date(2012, 9, 22), [["C", 7], ["D", 7]],
                       rows("C", ["Aa", "Bb", "Cc", "Dd"], 1999) + rows("D", ["Ee", "Ff", "Gg", "Hh"], 2001), head=head)
    res = compute(aarhus_folder(tmp_path / "a", {"g1.xlsx": book}), use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    said = [i.message for i in res.issues.items if i.code == "id-start-numbers"]
    assert said == ["the IDs of this tournament are 1, 2, 3 … in each group: start numbers, not players' IDs — "
                    "read as blank (players are told apart by name)"]
    # A rating list in ratings/ (ACF cl. 11) holding the IDs 1 … 5 does not make them the coordinator's IDs:
    # only the register typed in season.xlsx can (the list's rows would merge Fay into Ann, with Ann's rating).
    t1 = acf_tournament("T1", _field(["Ann", "Bob", "Cat", "Dan", "Eve"], ["1", "2", "3", "4", "5"]),
                        prize_money=3000)
    t2 = acf_tournament("T2", _field(["Fay", "Gus", "Hal", "Ivy", "Jon"], ["2", "1", "5", "3", "4"]),
                        prize_money=3000, start=dt.date(2005, 6, 4))
    folder = _season(tmp_path / "b", {"t1.xlsx": t1, "t2.xlsx": t2})
    (folder / "ratings").mkdir()
    (folder / "ratings" / "acf-dec-2004.csv").write_text(
        "ID,Name,Rating\n" + "".join(f"{i},Old Player {i},{1000 + i * 100}\n" for i in range(1, 50)))
    res = compute(folder, use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    assert len([i for i in res.issues.items if i.code == "id-start-numbers"]) == 2
    assert res.outcome.ledger["name"].nunique() == 10


def test_real_ids_and_short_fields_are_not_start_numbers(tmp_path):
    # IDs that are not exactly 1 … n (a gap, a repeat of the range, three players only) stay IDs
    a = acf_tournament("A", _field(["Ann", "Bob", "Cat", "Dan"], ["1", "2", "3", "5"]), prize_money=3000)
    b = acf_tournament("B", _field(["Eve", "Fay", "Gus"], ["1", "2", "3"]), prize_money=3000,
                       start=dt.date(2005, 6, 4))
    res, _ = _build(tmp_path, {"a.xlsx": a, "b.xlsx": b})
    assert not [i for i in res.issues.items if i.code == "id-start-numbers"]


def test_second_id_column_named_as_typed(tmp_path):
    # An organiser's start-number column "Nr" beside the template's ID: the error says both headers mean ID.
    t = acf_tournament("T", [["", 1, "Ann", "11", 1], ["", 2, "Bob", "12", 2]], prize_money=3000,
                       header=["Section", "Place", "Name", "ID", "Nr"])
    res, _ = _build(tmp_path, {"t.xlsx": t})
    dup = [i for i in res.issues.errors if i.code == "duplicate-header"]
    assert [(i.sheet, i.cell) for i in dup] == [("Results", "E1")]
    assert "'ID' and 'Nr' both mean ID" in dup[0].message


# --------------------------------------------------------------------------- places: one message per mistake


def _place_errors(tmp_path, results, **kw):
    t = acf_tournament("T", results, prize_money=3000, **kw)
    res, _ = _build(tmp_path, {"t.xlsx": t})
    return [(i.code, i.cell, i.message) for i in res.issues.errors if i.code.startswith("place-")]


def test_section_numbered_on_from_the_one_before_is_one_error(tmp_path):
    # Places run 1, 2, 3 … within each section (CONTRACT Results; ACF cl. 13 places by section). Section B
    # numbered 5–8 after A's 1–4 is one mistake: one error at B's first row, not one per row.
    results = [["A", p, f"A{p}", "", "M", 1970, "NSW"] for p in range(1, 5)] + \
              [["B", p, f"B{p}", "", "M", 1970, "NSW"] for p in range(5, 9)]
    errs = _place_errors(tmp_path, results, sections=[["A", "Open"], ["B", "U1600"]])
    assert errs == [("place-skipped", "B6", "place 5 follows 0 players: places 1–4 are missing "
                                           "(each section's places start at 1)")]


def test_rows_sorted_by_name_is_one_error_per_section(tmp_path):
    errs = _place_errors(tmp_path, _field(["Ann", "Bob", "Cat", "Dan", "Eve"], places=[3, 1, 5, 2, 4]))
    assert errs == [("place-order", "B3", "place 1 comes after place 3: places go backwards (and 2 more times "
                                          "below)")]


def test_each_gap_said_once_with_the_places_really_missing(tmp_path):
    # 1, 2, 4, 5, 7: place 3 and place 6 are missing — two errors; the rows between them are not also wrong
    errs = _place_errors(tmp_path, _field(["Ann", "Bob", "Cat", "Dan", "Eve"], places=[1, 2, 4, 5, 7]))
    assert errs == [("place-skipped", "B4", "place 4 follows 2 players: place 3 is missing"),
                    ("place-skipped", "B6", "place 7 follows 4 players: place 6 is missing")]


def test_single_gap_said_once_and_too_low(tmp_path):
    assert _place_errors(tmp_path / "a", _field(["A", "B", "C"], places=[1, 3, 4])) == [
        ("place-skipped", "B3", "place 3 follows 1 player: place 2 is missing")]
    assert _place_errors(tmp_path / "b", _field(["A", "B", "C"], places=["1", "=1", 2])) == [
        ("place-skipped", "B4", "place 2 follows 2 players: place 2 is too low for its position")]


# --------------------------------------------------------------------------- a register rating of 0


def test_rating_zero_is_unrated_cl11_12(tmp_path):
    # cl. 11: the rating is the ACF list's, else FIDE's; cl. 12(2): a player on neither is unrated and plays in
    # Open and Unrated, not U1600 (cl. 8(c), (d)). A 0 in the register is how a spreadsheet says "not rated".
    players = [["1", "Ann", "F", 1970, 0, None, "NSW"], ["2", "Bob", "M", 1970, 0, 0, "NSW"],
               ["3", "Cat", "M", 1970, 1500, None, "NSW"]]
    t = acf_tournament("T", _field(["Ann", "Bob", "Cat"], ["1", "2", "3"]), prize_money=3000)
    res, data = _build(tmp_path, {"t.xlsx": t}, players)
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    said = [(i.code, i.sheet, i.cell) for i in res.issues.items if i.code == "rating-zero"]
    assert said == [("rating-zero", "Players", "E2"), ("rating-zero", "Players", "F3")]
    ranked = {(r["ranking"], r["name"]) for r in data["ledger"] if r["points"]}
    assert ("Unrated", "Ann") in ranked and ("Unrated", "Bob") in ranked
    assert ("U1600", "Ann") not in ranked and ("U1600", "Cat") in ranked


def test_rows_numbered_in_advance_are_not_entries(tmp_path):
    # An organiser's sheet numbered 1 … 10 in advance, filled for 3 players: the 7 bare numbers below the last
    # player are no entries — one note, not seven "Name is blank" errors; the three players score (cl. 13).
    results = _field(["Ann", "Bob", "Cat"]) + [["", p] for p in range(4, 11)]
    t = acf_tournament("T", results, prize_money=3000)
    res, data = _build(tmp_path, {"t.xlsx": t})
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    said = [(i.code, i.severity, i.cell, i.message) for i in res.issues.items if i.code == "numbered-rows"]
    assert said == [("numbered-rows", "info", "B5", "rows 5–11 hold only a place, no player: not read")]
    assert {r["name"] for r in data["ledger"] if r["ranking"] == "Open"} == {"Ann", "Bob", "Cat"}


def test_rows_numbered_in_advance_with_their_section_are_not_entries(tmp_path):
    # the same sheet with the Section column filled in advance too ("A" down to row 11): still no entries; a row
    # with a place and a section between players is still a player without a name
    results = [["A", *r[1:]] for r in _field(["Ann", "Bob", "Cat"])] + [["A", p] for p in range(4, 11)]
    t = acf_tournament("T", results, prize_money=3000, sections=[["A", "Open"]])
    res, data = _build(tmp_path, {"t.xlsx": t})
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    said = [(i.code, i.cell, i.message) for i in res.issues.items if i.code == "numbered-rows"]
    assert said == [("numbered-rows", "B5", "rows 5–11 hold only a place (and its section), no player: not read")]
    assert {r["name"] for r in data["ledger"] if r["ranking"] == "Open"} == {"Ann", "Bob", "Cat"}
    results = [["A", *r[1:]] for r in _field(["Ann"])] + [["A", 2]] + [["A", *r[1:]] for r in _field(["Cat"], places=[3])]
    t = acf_tournament("T", results, prize_money=3000, sections=[["A", "Open"]])
    res, _ = _build(tmp_path / "between", {"t.xlsx": t})
    assert [(i.code, i.cell) for i in res.issues.errors] == [("blank", "C3")]
    # a trailing row holding a section but no place is not a numbered row: its blank cells are said
    results = [["A", *r[1:]] for r in _field(["Ann", "Bob", "Cat"])] + [["A", 4], ["A"]]
    t = acf_tournament("T", results, prize_money=3000, sections=[["A", "Open"]])
    res, _ = _build(tmp_path / "no-place", {"t.xlsx": t})
    assert ("blank", "B6") in [(i.code, i.cell) for i in res.issues.errors]
    assert not [i for i in res.issues.items if i.code == "numbered-rows"]


def test_a_bare_number_between_players_is_still_a_blank_name(tmp_path):
    # only the rows below the last player are dropped: a number between players is a player without a name
    results = [*_field(["Ann"]), ["", 2], *_field(["Cat"], places=[3])]
    t = acf_tournament("T", results, prize_money=3000)
    res, _ = _build(tmp_path, {"t.xlsx": t})
    assert [(i.code, i.cell) for i in res.issues.errors] == [("blank", "C3")]
    assert not [i for i in res.issues.items if i.code == "numbered-rows"]


# --------------------------------------------------------------------------- FECODAZ: no Games column


def test_fecodaz_results_without_games_column_say_so_art3_item3(tmp_path):
    # Art. 3 item 3: the size bonus counts players with more than 2 games. A Results sheet without a Games column
    # (an export, or the column deleted) is one warning saying the column is missing — not "N players without
    # Games" with a hint to fill in a column that is not there.
    from builders import FECODAZ_HEAD, FECODAZ_ILLUSTRATIVE, fecodaz_book, fecodaz_ladder, fecodaz_season

    head = [h for h in FECODAZ_HEAD if h != "Games"]
    games_at = FECODAZ_HEAD.index("Games")
    rows = [r[:games_at] + r[games_at + 1:] for r in fecodaz_ladder(("Ana", {}), ("Bea", {}), ("Cid", {}))]
    res = fecodaz_season(tmp_path / "a", {"cali.xlsx": fecodaz_book("Cali", rows, head=head)},
                         FECODAZ_ILLUSTRATIVE, year=2009)
    said = [(i.sheet, i.cell, i.message, i.hint) for i in res.issues.items if i.code == "missing-games"]
    assert said == [("Results", "", "Cali: no player has Games (the Results have no Games column, or it is empty), "
                                    "so none counts for the size bonus (Art. 3 item 3: players with more than 2 "
                                    "games)", "add a Games column with the games each player actually played")]
    # with the column, a blank Games cell is still named at its cell
    rows = fecodaz_ladder(("Ana", {}), ("Bea", {"games": None}), ("Cid", {}))
    res = fecodaz_season(tmp_path / "b", {"cali.xlsx": fecodaz_book("Cali", rows)}, FECODAZ_ILLUSTRATIVE, year=2009)
    said = [(i.cell, i.message) for i in res.issues.items if i.code == "missing-games"]
    assert said == [("K3", "Cali: 1 player(s) without Games: not counted for the size bonus (Art. 3 item 3)")]


# --------------------------------------------------------------------------- values cut short


def test_two_digit_birth_year_says_write_four_digits(tmp_path):
    # CONTRACT: a birth is a date or a year; '07 could be 1907 or 2007 — an error at the cell, offering the likelier
    t = acf_tournament("T", [["", 1, "Ann", "", "F", "'07", "NSW"], ["", 2, "Bob", "", "M", "95", "NSW"]],
                       prize_money=3000)
    res, _ = _build(tmp_path, {"t.xlsx": t})
    said = [(i.code, i.cell, i.message) for i in res.issues.errors]
    assert ("bad-value", "F2", "Born: ''07' is a year of two digits: write all four (e.g. 2007)") in said
    assert ("bad-value", "F3", "Born: '95' is a year of two digits: write all four (e.g. 1995)") in said


def test_a_birth_date_with_a_two_digit_year_says_write_four_digits(tmp_path):
    # CONTRACT: dates as Excel dates, 2004-03-01, 1/3/2004 (day first) — "anything else is an error". 1/3/04 as a
    # birth date is 1904 or 2004 (a veteran or an infant Junior): as with '07, an error at the cell, never a guess
    t = acf_tournament("T", [["", 1, "Ann", "", "F", "1/3/04", "NSW"], ["", 2, "Bob", "", "M", "15.06.98", "NSW"],
                             ["", 3, "Cy", "", "M", "15.06.1998", "NSW"]], prize_money=3000)
    res, _ = _build(tmp_path, {"t.xlsx": t})
    said = [(i.code, i.cell, i.message) for i in res.issues.errors]
    assert said == [("bad-value", "F2", "Born: '1/3/04' has a year of two digits: write all four (e.g. 1/3/2004)"),
                    ("bad-value", "F3", "Born: '15.06.98' has a year of two digits: write all four (e.g. "
                                        "15.06.1998)")]


def test_a_choice_cut_short_offers_the_choices_it_begins():
    from gpcalc.parse import BadValue, make_choice

    read = make_choice(("Sub 12 Absoluto", "Sub 12 Femenino", "Sub 14 Absoluto", "Sub 10 Absoluto",
                        "Dama amateur"))
    for typed, meant in (("Sub 12", "Sub 12 Absoluto or Sub 12 Femenino"), ("dama", "Dama amateur")):
        try:
            read(typed)
        except BadValue as exc:
            assert str(exc) == f"'{typed}' is only the start of a value: did you mean {meant}?"
        else:
            raise AssertionError(typed)
    try:
        read("Sub")  # (four choices begin so: the whole list, as before)
    except BadValue as exc:
        assert str(exc).startswith("'Sub' is not one of Sub 12 Absoluto, ")


# --------------------------------------------------------------------------- the placeholder test, vectorised

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=200, deadline=None)
@given(st.lists(st.one_of(st.text(max_size=6), st.sampled_from(["n/a", " TBA ", "0", "000", "-", "_", "x", "²"])),
                max_size=20))
def test_placeholders_at_once_agree_with_one_by_one(values):
    # README identity: "n/a", "TBA", "-", "0" … are no ID. The column-wide test must read each value as this
    # one-value definition does (Unicode letters and digits included).
    import pandas as pd

    from gpcalc.identity import PLACEHOLDER_IDS, _placeholders

    def one(value: str) -> bool:
        t = value.strip().casefold()
        return t in PLACEHOLDER_IDS or not any(ch.isalnum() for ch in t) or not t.strip("0")

    at_once = _placeholders(pd.Series(values, dtype=object).astype(str)).tolist()
    assert at_once == [one(v) for v in values]
