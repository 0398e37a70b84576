"""ACF Grand Prix By-law (2004): each test cites the clause (and ruling of shared/rules/acf.md) it checks."""

from __future__ import annotations

import datetime as dt
import json

import pandas as pd
import pytest
from builders import acf_tournament, make_season

from gpcalc.circuits.acf import eligibility
from gpcalc.pipeline import build

D = dt.date
REG_HEAD = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


def run(tmp_path, tournaments, players=None, prizes=None, **settings):
    sheets = {"Players": [REG_HEAD, *(players or [])]}
    if prizes is not None:
        sheets["Prizes"] = [["Division", "Place", "Value"], *prizes]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005", **settings}, sheets=sheets,
                         tournaments=tournaments)
    out = tmp_path / "out.json"
    res = build(folder, tmp_path / "out.xlsx", out)
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    return json.loads(out.read_text())


def points(data, ranking, tournament=None):
    """{name: points} of the ledger rows of one ranking."""
    out = {}
    for row in data["ledger"]:
        if row["ranking"] == ranking and (tournament is None or row["tournament"] == tournament):
            out[row["name"]] = out.get(row["name"], 0) + row["points"]
    return out


def field(n, prefix="P", rating=1800, start=1):
    """n ACF-rated adult players (register rows) named P1..Pn."""
    return [[str(start + i), f"{prefix}{start + i}", "M", 1970, rating, None, "NSW"] for i in range(n)]


def rows(names, places=None):
    places = places or list(range(1, len(names) + 1))
    return [["", p, n, "", "M", 1970, "NSW"] for n, p in zip(names, places)]


# --------------------------------------------------------------------------- cl. 6 class, cl. 7 fee


@pytest.mark.parametrize("money, cls", [(1499.99, 1), (1500, 2), (2499.99, 2), (2500, 3), (0, 1)])
def test_class_boundaries_cl6(tmp_path, money, cls):
    # cl. 6: Class 1 < $1500; Class 2 $1500 to $2499(.99); Class 3 >= $2500
    data = run(tmp_path, {"t.xlsx": acf_tournament("T", rows(["P1", "P2"]), prize_money=money)}, field(2))
    assert data["tournaments"][0]["class"] == cls


def test_fee_examples_cl7(tmp_path):
    # Ruling on cl. 7: fee = min(500, base + 2·players − 50 if concession).
    # Class 3, 250 players, Hobart (TAS): 150 + 500 − 50 = 600 → capped at 500.
    # Class 1, 40 players, Perth (WA): 50 + 80 − 50 = 80.
    # Class 2, 30 players, Newcastle (NSW, not a capital): 100 + 60 − 50 = 110.
    # Class 2, 30 players, Sydney: 100 + 60 = 160.
    names250 = [f"P{i}" for i in range(1, 251)]
    tours = {
        "hobart.xlsx": acf_tournament("Hobart", rows(names250), prize_money=3000, state="TAS"),
        "perth.xlsx": acf_tournament("Perth", rows(names250[:40]), prize_money=1000, state="WA"),
        "newc.xlsx": acf_tournament("Newcastle", rows(names250[:30]), prize_money=2000, capital="No"),
        "syd.xlsx": acf_tournament("Sydney", rows(names250[:30]), prize_money=2000),
    }
    data = run(tmp_path, tours, field(250))
    fees = {t["name"]: (t["fee"], t["concession"]) for t in data["tournaments"]}
    assert fees == {"Hobart": (500, True), "Perth": (80, True), "Newcastle": (110, True), "Sydney": (160, False)}


# --------------------------------------------------------------------------- cl. 12 eligibility table


@pytest.mark.parametrize("source, rating, expected", [
    # Open, U2000, U1600, Unrated (junior/women separately)
    ("ACF", 2300, (True, False, False, False)),
    ("ACF", 1999, (True, True, False, False)),
    ("ACF", 2000, (True, False, False, False)),
    ("ACF", 1599, (True, True, True, False)),
    ("ACF", 1600, (True, True, False, False)),
    ("FIDE", 2000, (True, False, False, False)),  # cl. 12(1)(a)
    ("FIDE", 1999, (False, True, False, False)),  # cl. 12(1)(b): FIDE-only under 2000 not Open
    ("FIDE", 1500, (False, True, False, False)),  # FIDE-only never U1600
    ("unrated", None, (True, False, False, True)),  # cl. 12(2)
])
def test_eligibility_table_cl12(source, rating, expected):
    e = eligibility(pd.Series([source]), pd.Series([rating], dtype="float"), pd.Series([False]),
                    pd.Series([False]))
    assert tuple(e.loc[0, ["Open", "U2000", "U1600", "Unrated"]]) == expected
    assert not e.loc[0, "Junior"] and not e.loc[0, "Women"]
    e2 = eligibility(pd.Series([source]), pd.Series([rating], dtype="float"), pd.Series([True]), pd.Series([True]))
    assert e2.loc[0, "Junior"] and e2.loc[0, "Women"]  # "if junior", "if woman" in every row


def test_fide_only_1900_takes_u2000_points_not_open_cl12_13(tmp_path):
    # Ruling "points follow prize eligibility": FIDE-only 1900 wins → U2000 1st (20, class 3); the best
    # Open-eligible finisher (2nd) takes Open 1st = 20.
    players = [["9", "Fido", "M", 1970, None, 1900, "VIC"], *field(5)]
    data = run(tmp_path, {"t.xlsx": acf_tournament("T", rows(["Fido", "P1", "P2", "P3", "P4", "P5"]),
                                                   prize_money=3000)}, players)
    assert points(data, "Open") == {"P1": 20, "P2": 15, "P3": 12, "P4": 9, "P5": 6}
    assert points(data, "U2000") == {"Fido": 20, "P1": 15, "P2": 12, "P3": 9, "P4": 6}


# --------------------------------------------------------------------------- cl. 1 junior


@pytest.mark.parametrize("born, junior, warned", [
    (D(1987, 1, 1), False, False),  # born exactly 1 Jan Y-18: turns 18 that day — not a junior
    (D(1987, 1, 2), True, False),
    ("1987", True, True),  # ruling: bare year Y-18 → junior, with a warning
    ("1986", False, False),
    ("1988", True, False),
])
def test_junior_boundary_cl1(tmp_path, born, junior, warned):
    players = field(1)
    res_rows = [["", 1, "Kid", "", "M", born, "NSW"], ["", 2, "P1", "", "M", 1970, "NSW"]]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, sheets={"Players": [REG_HEAD, *players]},
                         tournaments={"t.xlsx": acf_tournament("T", res_rows, prize_money=3000)})
    res = build(folder, tmp_path / "o.xlsx", tmp_path / "o.json")
    data = json.loads((tmp_path / "o.json").read_text())
    assert ("Kid" in points(data, "Junior")) is junior
    assert any(i.code == "junior-birth-year" for i in res.issues) is warned


def test_junior_column_wins_cl5(tmp_path):
    # cl. 5(2)(e): the organiser may mark juniors; the Junior column wins over the birth date.
    head = ["Place", "Name", "Born", "Junior"]
    t = acf_tournament("T", [[1, "Old", 1950, "Yes"], [2, "Young", 1995, "No"]], header=head, prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t})
    assert points(data, "Junior") == {"Old": 20}


# --------------------------------------------------------------------------- cl. 13 lists and cascade


def test_cascade_without_mapped_sections_cl13_3(tmp_path):
    # Sections Open and Junior-only. U2000 has no mapped section → cascade: Open section first, then the rest.
    players = [["1", "A", "M", 1970, 2100, None, "NSW"], ["2", "B", "M", 1970, 1900, None, "NSW"],
               ["3", "C", "M", 1995, 1500, None, "NSW"], ["4", "J", "M", 1996, 1850, None, "NSW"]]
    res = [["Open", 1, "A", "1", "M", 1970, "NSW"], ["Open", 2, "B", "2", "M", 1970, "NSW"],
           ["Juniors", 1, "J", "4", "M", 1996, "NSW"], ["Juniors", 2, "C", "3", "M", 1995, "NSW"]]
    t = acf_tournament("T", res, prize_money=1000, sections=[["Open", "Open"], ["Juniors", "Junior"]])
    data = run(tmp_path, {"t.xlsx": t}, players)
    # class 1: 12, 9, 6, 4, 3
    # Open section mapped → Open's list is that section alone (cl. 13(2), ruling step 1)
    assert points(data, "Open") == {"A": 12, "B": 9}
    assert points(data, "U2000") == {"B": 12, "J": 9, "C": 6}  # cascade: Open section, then the rest
    assert points(data, "U1600") == {"C": 12}
    # Junior: cascade Open section first (no junior there), then the Juniors section itself
    assert points(data, "Junior") == {"J": 12, "C": 9}


def test_player_in_two_sections_is_an_error(tmp_path):
    # A U1600 section mapped → U1600's list is that section alone; the Open section's U1600 players don't score.
    players = [["1", "A", "M", 1970, 1500, None, "NSW"], ["2", "B", "M", 1970, 1400, None, "NSW"],
               ["3", "C", "M", 1970, 1300, None, "NSW"]]
    res = [["Open", 1, "A", "1", "M", 1970, "NSW"], ["U16", 1, "B", "2", "M", 1970, "NSW"],
           ["U16", 2, "C", "3", "M", 1970, "NSW"], ["Blitz", 1, "C", "3", "M", 1970, "NSW"]]
    t = acf_tournament("T", res, prize_money=1000, sections=[["Open", "Open"], ["U16", "U1600"],
                                                             ["Blitz", "None"]])
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, sheets={"Players": [REG_HEAD, *players]},
                         tournaments={"t.xlsx": t})
    res_ = build(folder, tmp_path / "o.xlsx", tmp_path / "o.json")
    # C appears twice (U16 and the Blitz side event) in one tournament: that is reported.
    assert any(i.code == "duplicate-player" for i in res_.issues)


def test_mapped_u1600_section_only_cl13_2(tmp_path):
    players = [["1", "A", "M", 1970, 1500, None, "NSW"], ["2", "B", "M", 1970, 1400, None, "NSW"],
               ["3", "C", "M", 1970, 1300, None, "NSW"]]
    res = [["Open", 1, "A", "1", "M", 1970, "NSW"], ["U16", 1, "B", "2", "M", 1970, "NSW"],
           ["U16", 2, "C", "3", "M", 1970, "NSW"]]
    t = acf_tournament("T", res, prize_money=1000, sections=[["Open", "Open"], ["U16", "U1600"]])
    data = run(tmp_path, {"t.xlsx": t}, players)
    assert points(data, "U1600") == {"B": 12, "C": 9}
    # U2000 not mapped → cascade Open, U2000 (none), U1600: A, B, C
    assert points(data, "U2000") == {"A": 12, "B": 9, "C": 6}
    assert {r["rule"] for r in data["ledger"] if r["ranking"] == "U1600"} == {"ACF 13(2)"}


def test_single_section_is_open_tournament_cl13_4(tmp_path):
    data = run(tmp_path, {"t.xlsx": acf_tournament("T", rows(["P1", "P2", "P3"]), prize_money=3000)},
               field(3))
    assert {r["rule"] for r in data["ledger"]} == {"ACF 13(4)"}
    assert points(data, "Open") == {"P1": 20, "P2": 15, "P3": 12}


# --------------------------------------------------------------------------- ruling on ties


def test_two_way_tie_shares_cl13_ruling(tmp_path):
    # Class 3 tie for 2nd–3rd: (15 + 12) / 2 = 13.5 each
    t = acf_tournament("T", rows(["P1", "P2", "P3", "P4"], [1, "=2", "=2", 4]), prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t}, field(4))
    assert points(data, "Open") == {"P1": 20, "P2": 13.5, "P3": 13.5, "P4": 9}


def test_three_way_tie_across_fifth_cl13_ruling(tmp_path):
    # Class 3 three-way tie for 5th–7th: 6 / 3 = 2 each; 8th gets nothing.
    names = [f"P{i}" for i in range(1, 9)]
    t = acf_tournament("T", rows(names, [1, 2, 3, 4, "5-7", "5=", "=5", 8]), prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t}, field(8))
    assert points(data, "Open") == {"P1": 20, "P2": 15, "P3": 12, "P4": 9, "P5": 2, "P6": 2, "P7": 2}


def test_class2_tie_for_first_thirds_cl13_ruling(tmp_path):
    # Class 2 tie for 1st–3rd: (16 + 12 + 9) / 3 = 37/3 each, kept exact
    t = acf_tournament("T", rows(["P1", "P2", "P3"], ["=1", "=1", "=1"]), prize_money=2000)
    data = run(tmp_path, {"t.xlsx": t}, field(3))
    assert all(abs(v - 37 / 3) < 1e-9 for v in points(data, "Open").values())
    total = [s["total"] for s in data["standings"] if s["ranking"] == "Open"]
    assert all(abs(v - 37 / 3) < 1e-9 for v in total)


def test_tie_overall_but_not_within_division_list(tmp_path):
    # P2 and P3 tie for 2nd overall, but only P3 is U2000-eligible: in U2000's list nobody shares.
    players = [["1", "P1", "M", 1970, 2100, None, "NSW"], ["2", "P2", "M", 1970, 2100, None, "NSW"],
               ["3", "P3", "M", 1970, 1900, None, "NSW"], ["4", "P4", "M", 1970, 1800, None, "NSW"]]
    t = acf_tournament("T", rows(["P1", "P2", "P3", "P4"], [1, "=2", "=2", 4]), prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t}, players)
    assert points(data, "U2000") == {"P3": 20, "P4": 15}
    assert points(data, "Open") == {"P1": 20, "P2": 13.5, "P3": 13.5, "P4": 9}


def test_ties_order_setting(tmp_path):
    # Ties = order: the listed order is the tiebreak order
    t = acf_tournament("T", rows(["P1", "P2", "P3"], [1, "=2", "=2"]), prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t}, field(3), Ties="order")
    assert points(data, "Open") == {"P1": 20, "P2": 15, "P3": 12}


# --------------------------------------------------------------------------- cl. 14 best five


def test_best_five_of_seven_cl14(tmp_path):
    # P1 wins 7 class-1/2/3 events: 12, 16, 20, 12, 16, 20, 12 → best five 20+20+16+16+12 = 84
    money = [1000, 2000, 3000, 1000, 2000, 3000, 1000]
    tours = {f"t{i}.xlsx": acf_tournament(f"T{i}", rows(["P1", "P2"]), prize_money=m,
                                          start=D(2005, 1 + i, 1)) for i, m in enumerate(money)}
    data = run(tmp_path, tours, field(2))
    p1 = next(s for s in data["standings"] if s["ranking"] == "Open" and s["name"] == "P1")
    assert p1["total"] == 84
    assert sum(r["counted"] for r in p1["results"]) == 5
    dropped = sorted(r["points"] for r in p1["results"] if not r["counted"])
    assert dropped == [12, 12]


# --------------------------------------------------------------------------- cl. 8–10 prizes


def test_one_prize_per_player_highest_value_cl10(tmp_path):
    # A junior woman rated 1500 wins everything: she leads Open, U2000, U1600, Junior and Women.
    # She takes the highest prize (Open 1st, $1000); each other division's prize passes down.
    players = [["1", "Zara", "F", 1995, 1500, None, "NSW"], ["2", "Al", "M", 1970, 1550, None, "VIC"],
               ["3", "Bea", "F", 1994, 1700, None, "QLD"]]
    prizes = [["Open", 1, 1000], ["U2000", 1, 300], ["U1600", 1, 300], ["Junior", 1, 300], ["Women", 1, 300],
              ["State", 1, 100]]
    t = acf_tournament("T", rows(["Zara", "Al", "Bea"]) and [["", 1, "Zara", "1", "F", 1995, "NSW"],
                                                            ["", 2, "Al", "2", "M", 1970, "VIC"],
                                                            ["", 3, "Bea", "3", "F", 1994, "QLD"]],
                       prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t}, players, prizes)
    won = {(p["ranking"], p["place"]): p["name"] for p in data["prizes"]}
    assert won[("Open", 1)] == "Zara"
    # equal values 300: division order U2000, U1600, Junior, Women (ruling)
    assert won[("U2000", 1)] == "Al"  # U2000 list: Zara (won), Al
    assert won[("U1600", 1)] is None  # U1600: Zara, Al — both won
    assert won[("Junior", 1)] == "Bea"
    assert won[("Women", 1)] is None  # Zara and Bea both hold prizes
    assert not [p for p in data["prizes"] if p["ranking"] == "State"]  # every State has a winner


def test_state_prize_cl8g(tmp_path):
    # State prize after all others: each State without a winner → its best player who won nothing
    # (ruling: the highest score in any division).
    players = [["1", "A", "M", 1970, 2100, None, "NSW"], ["2", "B", "M", 1970, 2000, None, "VIC"],
               ["3", "C", "M", 1970, 1500, None, "WA"], ["4", "D", "M", 1970, 2050, None, "WA"]]
    prizes = [["Open", 1, 1000], ["State", 1, 100]]
    res = [["", 1, "A", "1", "M", 1970, "NSW"], ["", 2, "B", "2", "M", 1970, "VIC"],
           ["", 3, "D", "4", "M", 1970, "WA"], ["", 4, "C", "3", "M", 1970, "WA"]]
    data = run(tmp_path, {"t.xlsx": acf_tournament("T", res, prize_money=3000)}, players, prizes)
    state = {p["note"].split(":")[0]: p["name"] for p in data["prizes"] if p["ranking"] == "State"}
    # NSW has the Open winner; VIC → B (15 Open); WA → C has U1600 20 > D's Open 12 → C
    assert state == {"VIC": "B", "WA": "C"}


def test_equal_scores_marked_not_broken_cl10_ruling(tmp_path):
    t1 = acf_tournament("T1", rows(["P1", "P2"]), prize_money=3000, start=D(2005, 2, 1))
    t2 = acf_tournament("T2", rows(["P2", "P1"]), prize_money=3000, start=D(2005, 3, 1))
    data = run(tmp_path, {"a.xlsx": t1, "b.xlsx": t2}, field(2), [["Open", 1, 500], ["Open", 2, 300]])
    open_ = [s for s in data["standings"] if s["ranking"] == "Open"]
    assert [(s["rank"], s["tied"]) for s in open_] == [(1, True), (1, True)]
    first = next(p for p in data["prizes"] if p["place"] == 1)
    assert "coordinator to decide" in first["note"]


def test_countback_breaks_equal_totals_for_prizes_cl10_ruling(tmp_path):
    # P1: 20 + 6 = 26; P2: 15 + 11?  Use class 3 and class 1: P1 20 + 3 = 23? Build totals equal with
    # different best results: P1 = 20 (one win) ; P2 = 12 + 9 (class 1 win 12, class 1 2nd 9) = 21 — not
    # equal; instead P1 = 12 + 9 = 21 and P2 = 15 + 6 = 21: count-back 15 > 12 → P2 first.
    tours = {
        "a.xlsx": acf_tournament("A", rows(["P1", "P3", "P2"]), prize_money=1000, start=D(2005, 2, 1)),  # 12, 6
        "b.xlsx": acf_tournament("B", rows(["P3", "P1"]), prize_money=1000, start=D(2005, 3, 1)),  # P1 9
        "c.xlsx": acf_tournament("C", rows(["P3", "P2"]), prize_money=3000, start=D(2005, 4, 1)),  # P2 15
    }
    data = run(tmp_path, tours, field(3), [["Open", 1, 500], ["Open", 2, 300], ["Open", 3, 100]])
    tot = {s["name"]: s["total"] for s in data["standings"] if s["ranking"] == "Open"}
    assert tot["P1"] == 21 and tot["P2"] == 21
    won = {p["place"]: p["name"] for p in data["prizes"]}
    assert won[2] == "P2" and won[3] == "P1"  # count-back: 15 beats 12


# --------------------------------------------------------------------------- cl. 4, 5 compliance, Counts


def test_compliance_warnings_cl4_cl5(tmp_path):
    t = acf_tournament("T", rows(["P1", "P2"]), prize_money=3000, start=D(2005, 5, 1), end=D(2005, 5, 7),
                       Registered=D(2005, 3, 1), Reported=D(2005, 6, 1), Approved="No", Restricted="Yes")
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [REG_HEAD, *field(2)]}, tournaments={"t.xlsx": t})
    res = build(folder, tmp_path / "o.xlsx", tmp_path / "o.json")
    codes = {i.code for i in res.issues}
    assert {"registered-late", "too-long", "not-approved", "restricted", "reported-late"} <= codes
    data = json.loads((tmp_path / "o.json").read_text())
    assert data["ledger"]  # a tournament failing checks still counts (the coordinator decides)


def test_reported_before_start_is_warned_cl5_2(tmp_path):
    """cl. 5(2) measures the report from the last day; a Reported date before the start is a typo. Ruling: a
    warning at the cell (the date decides no point), and the late-report check is not made from it."""
    t = acf_tournament("T", rows(["P1", "P2"]), prize_money=3000, start=D(2005, 3, 5), end=D(2005, 3, 6),
                       Reported=D(2005, 3, 1))
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [REG_HEAD, *field(2)]}, tournaments={"t.xlsx": t})
    res = build(folder, tmp_path / "o.xlsx", tmp_path / "o.json")
    found = [i for i in res.issues if i.code == "reported-before-start"]
    assert [(i.severity, i.file, i.sheet) for i in found] == [("warning", "t.xlsx", "Tournament")]
    assert found[0].cell.startswith("B") and "2005-03-01" in found[0].message and "date" in found[0].hint
    assert (tmp_path / "o.xlsx").exists()  # built: the points do not depend on it
    on_time = acf_tournament("T", rows(["P1", "P2"]), prize_money=3000, start=D(2005, 3, 5), end=D(2005, 3, 6),
                             Reported=D(2005, 3, 6))
    folder = make_season(tmp_path / "b", {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [REG_HEAD, *field(2)]}, tournaments={"t.xlsx": on_time})
    assert not [i for i in build(folder, tmp_path / "p.xlsx").issues if i.code.startswith("reported")]


def test_counts_no_awards_nothing(tmp_path):
    t = acf_tournament("T", rows(["P1", "P2"]), prize_money=3000, Counts="No")
    data = run(tmp_path, {"t.xlsx": t}, field(2))
    assert data["ledger"] == [] and data["standings"] == []


def test_season_before_2005_warns_cl16(tmp_path):
    t = acf_tournament("T", rows(["P1"]), prize_money=3000, start=D(2004, 5, 1))
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2004"},
                         sheets={"Players": [REG_HEAD, *field(1)]}, tournaments={"t.xlsx": t})
    res = build(folder, tmp_path / "o.xlsx")
    assert any(i.code == "season-before-2005" for i in res.issues)


def test_no_ratings_source_warns_cl11(tmp_path):
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         tournaments={"t.xlsx": acf_tournament("T", rows(["P1"]), prize_money=3000)})
    res = build(folder, tmp_path / "o.xlsx")
    assert [i.hint for i in res.issues if i.code == "no-ratings"] == [
        "add a Players sheet with ID, Name, ACF rating, FIDE rating, State (cl. 11)"]
    # the Players sheet that `gpcalc new` writes is there but empty: the hint says to fill it in
    empty = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, sheets={"Players": [REG_HEAD]},
                        tournaments={"t.xlsx": acf_tournament("T", rows(["P1"]), prize_money=3000)}, name="empty")
    res = build(empty, tmp_path / "o2.xlsx")
    assert [i.hint for i in res.issues if i.code == "no-ratings"] == [
        "fill in the Players sheet: ID, Name, ACF rating, FIDE rating, State (cl. 11)"]


def test_identity_comma_name_and_register_cl11(tmp_path):
    # "Smith, John" without an ID is the register's John Smith (ID 7): he is ACF-rated 1500 → U1600 points.
    players = [["7", "John Smith", "M", 1970, 1500, None, "NSW"]]
    t = acf_tournament("T", [["", 1, "Smith,  John", "", "M", 1970, "NSW"]], prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t}, players)
    assert points(data, "U1600") == {"John Smith": 20}
    assert {r["id"] for r in data["ledger"]} == {"7"}


def test_schema_checks_name_the_cell(tmp_path):
    # pandera schema (gpcalc.schemas): End before Start, and a rating out of range, each name their cell
    t = acf_tournament("T", rows(["P1"]), prize_money=3000, start=D(2005, 5, 3), end=D(2005, 5, 1))
    players = [["1", "P1", "M", 1970, 35000, None, "NSW"]]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, sheets={"Players": [REG_HEAD, *players]},
                         tournaments={"t.xlsx": t})
    res = build(folder, tmp_path / "o.xlsx")
    errs = {(i.code, i.file, i.sheet, i.cell) for i in res.issues.errors}
    assert ("dates-backwards", "t.xlsx", "Tournament", "B4") in errs
    assert ("out-of-range", "season.xlsx", "Players", "E2") in errs
    assert not (tmp_path / "o.xlsx").exists()


def test_repeated_plain_place_is_a_shared_tie_cl13_ruling(tmp_path):
    # "2, 2" without = marks still means the two share 2nd–3rd: (15 + 12) / 2 = 13.5 each (class 3)
    t = acf_tournament("T", rows(["P1", "P2", "P3", "P4"], [1, 2, 2, 4]), prize_money=3000)
    data = run(tmp_path, {"t.xlsx": t}, field(4))
    assert points(data, "Open") == {"P1": 20, "P2": 13.5, "P3": 13.5, "P4": 9}


@pytest.mark.parametrize("places, code, cell", [
    ([1, 3, 4], "place-skipped", "B3"),  # 2nd missing
    ([1, 2, 2, 3], "place-skipped", "B5"),  # dense numbering: after a tie for 2nd comes 4th
    ([1, 3, 2], "place-order", "B4"),  # backwards
])
def test_bad_place_sequences_name_the_cell(tmp_path, places, code, cell):
    names = [f"P{i}" for i in range(1, len(places) + 1)]
    t = acf_tournament("T", rows(names, places), prize_money=3000)
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [REG_HEAD, *field(len(names))]}, tournaments={"t.xlsx": t})
    res = build(folder, tmp_path / "o.xlsx")
    assert (code, "Results", cell) in {(i.code, i.sheet, i.cell) for i in res.issues.errors}


@pytest.mark.parametrize("writer", ["openpyxl", "excel-cached"])
def test_shared_place_typed_as_formula_is_read_as_typed(tmp_path, writer):
    # Typing =2 into a spreadsheet makes a formula: Excel saves <f>2</f><v>2</v>, openpyxl <f>2</f> with no
    # value. Either way the organiser typed the shared place "=2" (CONTRACT), so P2 and P3 share 2nd–3rd:
    # (15 + 12) / 2 = 13.5 (class 3).
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [REG_HEAD, *field(3)]},
                         tournaments={"t.xlsx": acf_tournament("T", [], prize_money=3000)})
    path = folder / "t.xlsx"
    results = [["Place", "Name"], [1, "P1"], ["=2", "P2"], ["=2", "P3"]]
    if writer == "openpyxl":
        from openpyxl import load_workbook

        wb = load_workbook(path)
        ws = wb["Results"]
        ws.delete_rows(1, ws.max_row)
        for row in results:
            ws.append(row)  # "=2" becomes a formula without a cached value
        wb.save(path)
    else:
        import xlsxwriter

        tour = acf_tournament("T", [], prize_money=3000)["Tournament"]
        wb = xlsxwriter.Workbook(str(path))
        ws = wb.add_worksheet("Tournament")
        date = wb.add_format({"num_format": "yyyy-mm-dd"})
        for i, (k, v) in enumerate(tour.items()):
            ws.write_string(i, 0, k)
            if isinstance(v, D):
                ws.write_datetime(i, 1, dt.datetime(v.year, v.month, v.day), date)
            else:
                ws.write(i, 1, v)
        ws = wb.add_worksheet("Results")
        ws.write_row(0, 0, results[0])
        ws.write_row(1, 0, results[1])
        for r, (place, name) in enumerate(results[2:], start=2):
            ws.write_formula(r, 0, place, None, 2)  # a cached value, as Excel saves it
            ws.write_string(r, 1, name)
        wb.close()
    out = tmp_path / "o.json"
    res = build(folder, tmp_path / "o.xlsx", out)
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    assert points(json.loads(out.read_text()), "Open") == {"P1": 20, "P2": 13.5, "P3": 13.5}
