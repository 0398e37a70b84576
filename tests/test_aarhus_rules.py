"""The Aarhus GPM rules (gpcalc.circuits.aarhus_rules), clause by clause of the 2012 reglement (ASS)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pandas as pd
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gpcalc.circuits import aarhus_rules as R

S = R.Settings(start_year=2012, gpts=3)
TABLE = R.default_age_table(2012)
BORN = {"A": 1994, "B": 1996, "C": 1998, "D": 2000, "E": 2002, "F": 2005}
COLS = ["event", "order", "kind", "player", "group", "place", "half", "games", "rounds", "born", "female",
        "move", "status"]


def frame(rows: list[tuple]) -> pd.DataFrame:
    """Rows (event, order, kind, player, group, place, points, games, rounds, age, female[, move[, status]])."""
    out = []
    for r in rows:
        r = list(r) + [None] * (13 - len(r))
        r[6] = None if r[6] is None else int(Fraction(r[6]) * 2)  # points → half-points
        r[9] = BORN[r[9]] if isinstance(r[9], str) else r[9]
        out.append(r)
    return pd.DataFrame(out, columns=COLS)


def gpt(order: int, player: str, group: str, points, games=7, rounds=7, age=None, female=False, place=1,
        move=None):
    return (f"GPT{order}", order, "GPT", player, group, place, points, games, rounds, age or group, female, move)


def sp(played: str, age: str, has_a: bool = True) -> int:
    out = R.startpoints(pd.Series([played]), pd.Series([age]), pd.Series([has_a]))
    return int(out["startpoints"].iloc[0])


def awards(rows, settings=S) -> pd.DataFrame:
    return R.score(frame(rows), TABLE, settings)


# ------------------------------------------------------------------ §1 stk. 2 age groups


def test_age_table_2012_13():  # ASS §1 stk. 2: A 1992–95, B 1996–97, … F 2004 or later
    got = R.age_groups(pd.Series([1992, 1995, 1996, 1997, 1998, 1999, 2000, 2001, 2002, 2003, 2004, 2009]), TABLE)
    assert got.tolist() == ["A", "A", "B", "B", "C", "C", "D", "D", "E", "E", "F", "F"]


def test_age_table_moves_with_start_year():  # ASS §1 stk. 2 in general: C = S-14..S-13; 2013 → 1999–2000
    t = R.default_age_table(2013)
    assert R.age_groups(pd.Series([1998, 1999, 2000, 2001]), t).tolist() == ["B", "C", "C", "D"]


def test_age_table_overridable():  # ASS §1 stk. 2: the table is a season setting
    t = pd.DataFrame({"group": ["A", "B"], "born_from": [1990, 2000], "born_to": [1999, None]})
    assert R.age_groups(pd.Series([1995, 2001, 1980]), t).tolist() == ["A", "B", "A"]
    # the validation's reading (§1 stk. 2's closed A range): a year before the oldest group's first is no group
    codes, names = R.age_group_codes(pd.Series([1995, 2001, 1980, 1990]), t, older_to_oldest=False)
    assert names[codes].tolist() == ["A", "B", None, "A"]


# ------------------------------------------------------------------ §5 stk. 2–4 startpoints


@pytest.mark.parametrize("played, age, expected", [
    ("AA", "F", 17), ("A", "F", 15), ("A", "E", 13), ("A", "D", 11), ("B", "D", 9), ("C", "D", 7), ("D", "D", 5),
    ("E", "D", 3), ("F", "D", 1), ("F", "C", 0), ("F", "A", 0)])
def test_startpoints_table(played, age, expected):  # ASS §5 stk. 2: 5 ± 2 per group, never below 0
    # e.g. AA over F = 6 steps → 5 + 12 = 17; F under C = 3 under → 5 − 6 < 0 → 0
    assert sp(played, age) == expected


def test_seed_d_player_in_b_gets_9():  # ASS §5 stk. 2 example: D in B, 2 over → 5 + 4 = 9
    assert sp("B", "D") == 9


def test_seed_c_player_in_e_gets_1():  # ASS §5 stk. 2 example: C in E, 2 under → 5 − 4 = 1
    assert sp("E", "C") == 1


def test_seed_merged_ab_c_player_gets_7():  # ASS §5 stk. 3: C in A+B counts as B (closest) → 7, not 9
    assert sp("A+B", "C") == 7


def test_seed_merged_ab_a_player_gets_5():  # ASS §5 stk. 3: A in A+B counts as A (closest) → 5, not 3
    assert sp("A+B", "A") == 5


def test_a_merged_group_equally_close_on_both_sides_says_the_ruling_decided():
    # README Aarhus ruling 2: a D player in C+E is exactly between the members → the lower, E: 3 startpoints; the
    # ledger says so instead of "closest to age" (§5 stk. 3 alone would not decide it). A+B for C: B is closest.
    out = R.startpoints(pd.Series(["C+E", "A+B"]), pd.Series(["D", "C"]), pd.Series([True, True]))
    assert out["startpoints"].tolist() == [3, 7]
    assert out["reason"].tolist() == [
        "played C+E, age group D: 1 group below; merged group counted as E (two members equally close to the age "
        "group: the lower, Ruling 2)",
        "played A+B, age group C: 1 group above; merged group counted as B (closest to age, §5 stk. 3)"]


def test_transferred_a_player_recorded_in_b():  # ASS §2 stk. 5, §5 stk. 3: startpoints for B, 1 under → 3
    assert sp("B", "A") == 3


def test_aa_one_step_above_a_only_with_an_a_group():  # ASS §2 stk. 5: AA = A + 2 when an A group exists
    assert sp("AA", "A", has_a=True) == 7
    assert sp("AA", "A", has_a=False) == 5  # AA without A is simply called A
    assert sp("AA", "B", has_a=False) == 7  # scored as A: 1 over B


def test_p_and_n_always_5():  # ASS §5 stk. 4 (P); Ruling (N)
    assert sp("P", "A") == 5 and sp("P", "F") == 5
    assert sp("N", "C") == 5 and sp("N", "F") == 5


def test_has_a_group_is_per_gpt():  # ASS §2 stk. 5: AA is above A only in a GPT that also has an A group
    a = awards([gpt(1, "x", "AA", 3, age="A"), gpt(1, "y", "A", 3, age="A"), gpt(2, "x", "AA", 3, age="A")])
    assert a["startpoints"].tolist() == [7, 5, 5]


# ------------------------------------------------------------------ §5 stk. 6 normalisation


@pytest.mark.parametrize("points, rounds, tenths", [
    ("19/2", 15, 44),  # seed: 7/15 × 9.5 = 4.4333… → 4.4
    ("7/2", 6, 41),  # seed: 7/6 × 3.5 = 4.0833… → 4.1
    ("13/2", 10, 46),  # 6.5 × 0.7 = 4.55 exactly → 4.6 (float: 4.549999… → 4.5)
    ("17/2", 14, 43),  # 8.5 × 7/14 = 4.25 → 4.3 (banker's rounding would give 4.2)
    ("1/2", 14, 3),  # 0.25 → 0.3
    ("3/2", 6, 18),  # 1.75 → 1.8
    ("5", 7, 50),  # 7 rounds: unchanged
    ("9", 9, 70),  # full score over 9 rounds → 7.0
    ("0", 9, 0)])
def test_normalisation_half_up(points, rounds, tenths):  # ASS §5 stk. 6: × 7 / rounds, half up, 1 decimal
    half = int(Fraction(points) * 2)
    assert R.normalise_tenths(np.array([half]), np.array([rounds]))[0] == tenths


def test_float_rounding_would_be_wrong():  # ASS §5 stk. 6 — why integers: the float route fails here
    assert round(6.5 * 7 / 10, 1) == 4.5  # binary float gives 4.5, the reglement 4.6
    assert R.normalise_tenths(np.array([13]), np.array([10]))[0] == 46


@given(st.integers(0, 60), st.integers(1, 30))
def test_normalisation_matches_exact_fraction(half, rounds):  # ASS §5 stk. 6, against Fraction arithmetic
    exact = Fraction(half, 2) * 7 / rounds * 10
    expected = int(exact) + (1 if exact - int(exact) >= Fraction(1, 2) else 0)
    assert R.normalise_tenths(np.array([half]), np.array([rounds]))[0] == expected


def test_normalisation_detail_shows_fraction_and_rounding():  # ASS §5 stk. 6 — the ledger's arithmetic
    d = R.normalise_detail(np.array([19]), np.array([15]), np.array([44]))[0]
    assert d == "9½ × 7/15 = 4.4333… → 4.4"


def test_divisor_is_group_rounds_not_games():  # ASS §5 stk. 5–6: Peter 1 point in 1 game of 7 rounds → 1.0
    a = awards([gpt(1, "peter", "C", 1, games=1, rounds=7)])
    assert a["points"].iloc[0] == 60


def test_startpoints_not_normalised():  # ASS §5 stk. 6: 5 + 3 over 6 rounds (3.5) = 8.5, not (5+3)·7/6
    a = awards([gpt(1, "x", "C", 3, games=6, rounds=6)])
    assert a["points"].iloc[0] == 85


# ------------------------------------------------------------------ §5 stk. 4–5 seed players


def test_seed_anne_line_sofie():  # ASS §5 stk. 4 examples
    a = awards([gpt(1, "anne", "D", 3, age="D", female=True),  # 5 + 3 = 8 in D and P
                gpt(1, "line", "D", 2, age="E", female=True),  # 7 + 2 = 9 in E and P
                gpt(1, "sofie", "P", 4, age="E", female=True)])  # 5 + 4 = 9 in P only
    e = R.credit(a)
    got = {(r.player, r.ranking): r.points for r in e.itertuples()}
    assert got == {("anne", "D"): 80, ("anne", "P"): 80, ("line", "E"): 90, ("line", "P"): 90,
                   ("sofie", "P"): 90}


def test_seed_peter():  # ASS §5 stk. 5: ill after winning round 1 in C (his age group) → 5 + 1 = 6
    a = awards([gpt(1, "peter", "C", 1, games=1, rounds=7)])
    assert a["points"].iloc[0] == 60 and bool(a["eligible"].iloc[0])


def test_no_round_played_no_points():  # ASS §5 stk. 5: at least one round needed
    a = awards([gpt(1, "x", "C", 0, games=0, rounds=7)])
    assert not a["eligible"].iloc[0] and a["points"].iloc[0] == 0


def test_n_credited_in_n_only():  # Ruling N: 5 + points, N standings only
    e = R.credit(awards([gpt(1, "girl", "N", 2, age="E", female=True)]))
    assert e[["ranking", "points"]].values.tolist() == [["N", 70]]


# ------------------------------------------------------------------ §5 stk. 7–9 AM and DM


def test_aarhusmesterskab_5_plus_points_not_normalised():  # ASS §5 stk. 7; Ruling: not normalised
    rows = [("AM", 2, "Aarhusmesterskab", "x", "C", 1, "5/2", 6, 6, "C", False)]
    assert awards(rows)["points"].iloc[0] == 75  # 5 + 2½
    s = R.Settings(start_year=2012, normalise_am=True)
    assert awards(rows, s)["points"].iloc[0] == 79  # 5 + 2½·7/6 = 2.9166… → 2.9


def test_dm_flat_10_only_after_an_earlier_gpt():  # ASS §5 stk. 8–9
    a = awards([gpt(1, "x", "C", 3),
                ("DM", 2, "DM-kvalifikation", "x", "C", 3, 1, 5, 5, "C", False),
                ("DM", 2, "DM-kvalifikation", "y", "C", 1, 5, 5, 5, "C", False),
                gpt(3, "y", "C", 3)])
    dm = a[a["kind"] == "DM-kvalifikation"].set_index("player")
    assert dm.loc["x", "points"] == 100  # flat 10, points not counted
    assert dm.loc["y", "points"] == 0 and "earlier" in dm.loc["y", "skip_reason"]  # GPT only after DM


def test_dm_pre_qualified_credited():  # ASS §5 stk. 8 + §3: pre-qualified (not playing) also get 10
    a = awards([gpt(1, "x", "B", 3, age="B"),
                ("DM", 2, "DM-kvalifikation", "x", None, None, None, None, None, "B", False, None,
                 "Pre-qualified")])
    assert a["points"].tolist()[1] == 100
    e = R.credit(a)
    assert sorted(e["ranking"]) == ["B", "B"]


# ------------------------------------------------------------------ §1 stk. 6 drop-worst and ranking


def test_drop_only_when_every_gpt_played():  # ASS §1 stk. 6 (1), Ruling: GPTs = 3 scheduled
    rows = [gpt(1, "all", "C", 3), gpt(2, "all", "C", 1), gpt(3, "all", "C", 5),
            gpt(1, "two", "C", 3), gpt(2, "two", "C", 1)]
    e = R.mark_dropped(R.credit(awards(rows)), 3)
    dropped = e[~e["counted"]]
    assert dropped[["player", "event"]].values.tolist() == [["all", "GPT2"]]  # 6.0 dropped; 8 + 10 = 18
    st_ = R.rank_accounts(e).set_index("player")
    assert st_.loc["all", "total"] == 180 and st_.loc["two", "total"] == 140  # 8 + 6, nothing dropped


def test_am_dm_never_dropped():  # ASS §1 stk. 6 Ruling: AM and DM always count
    rows = [gpt(1, "x", "C", 7), gpt(2, "x", "C", 7),
            ("AM", 3, "Aarhusmesterskab", "x", "C", 1, 0, 7, 7, "C", False)]
    e = R.mark_dropped(R.credit(awards(rows)), 2)
    assert e.loc[~e["counted"], "kind"].tolist() == ["GPT"]  # a 12.0 GPT, not the 5.0 AM


def test_drop_per_account_girl():  # ASS §1 stk. 6 Ruling: one GPT in P, the rest in her age group
    rows = [gpt(1, "g", "P", 3, age="D", female=True), gpt(2, "g", "D", 3, female=True),
            gpt(3, "g", "D", 4, female=True)]
    e = R.mark_dropped(R.credit(awards(rows)), 3)
    assert e[~e["counted"]][["ranking", "event"]].values.tolist() == [["P", "GPT1"]]


def _rank(rows, gpts=3):
    return R.rank_accounts(R.mark_dropped(R.credit(awards(rows)), gpts)).set_index("player")


def test_tiebreak_1_total():  # ASS §1 stk. 6 (1)
    s = _rank([gpt(1, "a", "C", 4), gpt(1, "b", "C", 3)])
    assert s.loc["a", "rank"] == 1 and s.loc["b", "rank"] == 2


def test_tiebreak_2_best_worst_result():  # ASS §1 stk. 6 (2)
    # a: 5+4 = 9 and 5+0 = 5 → 14, worst 5; b: 5+2 = 7 twice → 14, worst 7 → b first
    s = _rank([gpt(1, "a", "C", 4), gpt(2, "a", "C", 0), gpt(1, "b", "C", 2), gpt(2, "b", "C", 2)])
    assert s.loc["b", "rank"] == 1 and s.loc["a", "rank"] == 2
    assert s.loc["a", "decided_by"] == "best worst result"


def test_tiebreak_3_most_gpts():  # ASS §1 stk. 6 (3): equal total and worst, more GPTs wins
    # a: GPT 5+2 = 7 twice → 14, worst 7, 2 GPTs; b: GPT 5+2 = 7 + AM 5+2 = 7 → 14, worst 7, 1 GPT → a
    rows = [gpt(1, "a", "C", 2), gpt(2, "a", "C", 2), gpt(1, "b", "C", 2),
            ("AM", 3, "Aarhusmesterskab", "b", "C", 1, 2, 7, 7, "C", False)]
    s = _rank(rows)
    assert s.loc["a", "total"] == s.loc["b", "total"] == 140 and s.loc["a", "worst"] == s.loc["b", "worst"]
    assert s.loc["a", "rank"] == 1 and s.loc["b", "rank"] == 2 and s.loc["a", "decided_by"] == "most GPTs"


def test_tiebreak_4_points_at_aarhusmesterskab():  # ASS §1 stk. 6 (4)
    # a: 8 + 8 + AM 5+2 = 7 → 23, worst 8, 2 GPTs, AM 7; b: 8 + 10 + AM 5+0 = 5 → 23, worst 8, 2 GPTs → a
    rows = [gpt(1, "a", "C", 3), gpt(2, "a", "C", 3),
            ("AM", 3, "Aarhusmesterskab", "a", "C", 1, 2, 7, 7, "C", False),
            gpt(1, "b", "C", 3), gpt(2, "b", "C", 5),
            ("AM", 3, "Aarhusmesterskab", "b", "C", 2, 0, 7, 7, "C", False)]
    s = _rank(rows)
    assert s.loc["a", "total"] == s.loc["b", "total"] == 230
    assert s.loc["a", "rank"] == 1 and s.loc["b", "rank"] == 2
    assert s.loc["a", "decided_by"] == "points at Aarhusmesterskab"


def test_tiebreak_5_lots_never_drawn():  # ASS §1 stk. 6 (5): still equal → shared rank, lots to be drawn
    s = _rank([gpt(1, "a", "C", 3), gpt(1, "b", "C", 3), gpt(1, "c", "C", 1)])
    assert s.loc["a", "rank"] == s.loc["b", "rank"] == 1 and s.loc["c", "rank"] == 3
    assert s.loc["a", "lots"] and s.loc["b", "decided_by"] == "lots to be drawn" and not s.loc["c", "tied"]


# ------------------------------------------------------------------ §1 stk. 7 prizes, §3 girls' trophy


def _standings(n_two: int, n_one: int) -> pd.DataFrame:
    rows = []
    for i in range(n_two):
        rows += [gpt(1, f"p{i:02d}", "C", Fraction(14 - i, 2)), gpt(2, f"p{i:02d}", "C", 3)]
    for i in range(n_one):  # one GPT (5 + 7 = 12) + DM-kvalifikation (10) = 22: top, but only one GPT
        rows += [gpt(1, f"q{i:02d}", "C", 7), ("DM", 3, "DM-kvalifikation", f"q{i:02d}", "C", 1, 3, 5, 5, "C", False)]
    return _rank(rows).reset_index()


def test_placement_prizes_one_per_four_with_two_gpts():  # ASS §1 stk. 7 Ruling: floor(9/4) = 2
    st_ = _standings(9, 5)  # 5 one-GPT players (22.0, above p00's 20.0) neither count nor win (Ruling: GPTs)
    assert st_.sort_values("rank")["player"].iloc[0].startswith("q")
    won = R.placement_prizes(st_, 4)
    assert won["player"].tolist() == ["p00", "p01"] and won["place"].tolist() == [1, 2]
    assert R.placement_prizes(_standings(7, 0), 4)["player"].tolist() == ["p00"]  # floor(7/4) = 1
    assert R.placement_prizes(_standings(3, 0), 4).empty  # floor(3/4) = 0


def test_trophy_to_the_winner():  # ASS §1 stk. 7: a trophy per group
    t = R.trophies(_standings(3, 1))
    assert t["player"].tolist() == ["q00"]  # (5 + 7) + DM 10 = 22 beats p00's (5 + 7) + (5 + 3) = 20


def test_memento_for_all_gpts_without_placement_prize():  # ASS §1 stk. 7
    rows = [gpt(o, p, "C", 3 if p != "w" else 6) for o in (1, 2, 3) for p in ("w", "x", "y", "z")]
    rows.append(gpt(1, "v", "C", 1))
    a = awards(rows)
    e = R.mark_dropped(R.credit(a), 3)
    placement = R.placement_prizes(R.rank_accounts(e), 4)  # 4 players with >= 2 GPTs → 1 prize: w
    m = R.memento_prizes(a, e, placement, 3)
    assert placement["player"].tolist() == ["w"] and sorted(m["player"]) == ["x", "y", "z"]


def test_girl_memento_in_account_played_most():  # ASS §1 stk. 7: girls' memento in the group most played
    rows = [gpt(1, "g", "P", 3, age="D", female=True), gpt(2, "g", "P", 3, age="D", female=True),
            gpt(3, "g", "D", 3, female=True)]
    a = awards(rows)
    m = R.memento_prizes(a, R.credit(a), R.placement_prizes(R.rank_accounts(R.mark_dropped(R.credit(a), 3))), 3)
    assert m[["ranking", "player"]].values.tolist() == [["P", "g"]]


def test_girl_can_win_placement_in_both_accounts():  # ASS §1 stk. 7
    rows = []
    for o in (1, 2):
        rows.append(gpt(o, "g", "D", 6, female=True))
        rows += [gpt(o, f"b{i}", "D", 2) for i in range(3)]
        rows += [gpt(o, f"h{i}", "P", 1, age="D", female=True) for i in range(3)]
    won = R.placement_prizes(R.rank_accounts(R.mark_dropped(R.credit(awards(rows)), 3)), 4)
    assert sorted(won.loc[won["player"] == "g", "ranking"]) == ["D", "P"]


def test_seed_girls_trophy_line():  # ASS §3 example: Line 5/7 (D) > Sofie 9/13 (E) > Cæcilie 4/6 (C)
    am = frame([("AM", 1, "Aarhusmesterskab", "line", "D", 1, 5, 7, 7, "D", True),
                ("AM", 1, "Aarhusmesterskab", "sofie", "E", 1, 9, 13, 13, "E", True),
                ("AM", 1, "Aarhusmesterskab", "caecilie", "C", 1, 4, 6, 6, "C", True)])
    am["age_group"] = R.age_groups(am["born"], TABLE)
    g = R.girls_trophy(am)
    assert g["player"].tolist() == ["line", "sofie", "caecilie"]  # 0.714… > 0.692… > 0.666…


def test_girls_trophy_oldest_then_place():  # ASS §3 criteria 2 and 3, exact fractions (3/6 = 4/8)
    am = frame([("AM", 1, "Aarhusmesterskab", "e1", "E", 1, 3, 6, 6, "E", True),
                ("AM", 1, "Aarhusmesterskab", "c1", "C", 4, 4, 8, 8, "C", True),
                ("AM", 1, "Aarhusmesterskab", "c2", "C", 2, 4, 8, 8, "C", True)])
    am["age_group"] = R.age_groups(am["born"], TABLE)
    g = R.girls_trophy(am)
    assert g["player"].tolist() == ["c2", "c1", "e1"] and not g["lots"].any()


def test_club_sums_each_award_once():  # ASS §1 stk. 7 Ruling: a girl's double credit counts once
    a = awards([gpt(1, "g", "D", 3, female=True), gpt(1, "b", "D", 2), gpt(2, "b", "D", 2)])
    c = R.club_totals(a, pd.Series({"g": "Skåde", "b": "Skåde"}))
    assert c["total"].tolist() == [80 + 70 + 70]


# ------------------------------------------------------------------ §4 promotion and relegation

TABLE_4 = {  # rounds: (relegation max, stay min, stay max, promotion min) — the reglement's table
    6: ("1", "3/2", "4", "9/2"), 7: ("3/2", "2", "5", "11/2"), 8: ("3/2", "2", "11/2", "6"),
    9: ("2", "5/2", "13/2", "7"), 10: ("2", "5/2", "7", "15/2"), 11: ("5/2", "3", "8", "17/2"),
    12: ("5/2", "3", "17/2", "9"), 13: ("3", "7/2", "19/2", "10")}


@pytest.mark.parametrize("rounds", sorted(TABLE_4))
def test_promotion_table_boundaries(rounds):  # ASS §4 stk. 2: >= 75 % up, < 25 % down
    rel, lo, hi, up = (int(Fraction(x) * 2) for x in TABLE_4[rounds])
    h = np.array([0, rel, lo, hi, up, 2 * rounds])
    got = R.threshold_move(h, np.full(6, rounds)).tolist()
    assert got == ["down", "down", "stay", "stay", "up", "up"]
    assert lo == rel + 1 and up == hi + 1  # the table leaves no gaps: each boundary is half a point


def test_movement_basic_and_bounds():  # ASS §4 stk. 1–2: up/down, never above A nor below F
    df = frame([gpt(1, "c", "C", Fraction(11, 2)), gpt(1, "d", "D", 1), gpt(1, "a", "A", 6),
                gpt(1, "f", "F", 0)])
    m, state = R.movements(df, pd.Series({"c": "C", "d": "D", "a": "A", "f": "F"}))
    m = m.set_index("player")
    assert m.loc["c", "move"] == "up" and m.loc["c", "to"] == "B"  # 5½ of 7 → up
    assert m.loc["d", "move"] == "down" and m.loc["d", "to"] == "E"  # 1 of 7 < 1¾ → down
    assert m.loc["a", "to"] == "A" and m.loc["a", "move"] == "stay"
    assert m.loc["f", "to"] == "F" and m.loc["f", "move"] == "stay"


def test_partial_participation_director():  # ASS §4 stk. 3: Søren ill after 2 rounds: not auto-relegated
    df = frame([gpt(1, "soren", "C", 0, games=2, rounds=7), gpt(1, "brian", "C", 0, games=5, rounds=7,
                                                                   move="down")])
    m, _ = R.movements(df, pd.Series({"soren": "C", "brian": "C"}))
    m = m.set_index("player")
    assert m.loc["soren", "move"] == "director" and m.loc["soren", "to"] == "C"
    assert m.loc["brian", "move"] == "down" and m.loc["brian", "to"] == "D"  # the director's Move applied


def test_promotion_over_fewer_games_flagged():  # ASS §4 stk. 3: promotion stays automatic, flagged
    m, _ = R.movements(frame([gpt(1, "x", "C", 3, games=4, rounds=7)]), pd.Series({"x": "C"}))
    assert m["move"].iloc[0] == "up" and "director" in m["note"].iloc[0]


def test_merged_ab_suspends_relegation():  # ASS §2 stk. 6 / appendix: no relegation in A+B
    df = frame([gpt(1, "b", "A+B", 0, age="B"), gpt(1, "c", "A+B", 6, age="C")])
    m, _ = R.movements(df, pd.Series({"b": "B", "c": "B"}))
    m = m.set_index("player")
    assert m.loc["b", "move"] == "stay" and m.loc["b", "to"] == "B"
    assert m.loc["c", "move"] == "up" and m.loc["c", "to"] == "A"  # promotion still applies


def test_transferred_a_player_keeps_a_status():  # ASS §2 stk. 5: recorded in B, A status kept
    m, state = R.movements(frame([gpt(1, "x", "B", 3, age="A")]), pd.Series({"x": "A"}))
    assert state.loc["x", "strength"] == "A"


def test_plus_entitlements():  # ASS appendix 2–4: A winner → Plus; 6th in Plus → A; prev A winner top-3 once
    rows = [gpt(1, "w", "A", 4, place=1), gpt(1, "o", "A", 4, place=2)]
    rows += [gpt(1, f"p{i}", "AA", 3, age="A", place=i) for i in range(1, 7)]
    rows += [gpt(2, "w", "AA", 3, age="A", place=2), gpt(2, "z", "A", 4, place=1)]
    rows += [gpt(3, "w", "AA", 3, age="A", place=1), gpt(3, "y", "A", 4, place=1)]
    rows += [gpt(4, "u", "A+B", 6, age="A", place=1), gpt(4, "t", "B", 3, place=1)]
    m, state = R.movements(frame(rows), pd.Series({p: "A" for p in ["w", "o", "z", "y", "u", "t", "p1", "p2",
                                                                     "p3", "p4", "p5", "p6"]}))
    plus = m.set_index(["event", "player"])["plus"]
    assert plus[("GPT1", "w")] == "A winner" and plus[("GPT1", "p6")].startswith("6th")
    assert plus[("GPT2", "w")].startswith("kept")  # previous A winner 2nd in Plus → once more
    assert plus[("GPT3", "w")] == ""  # only once
    assert plus[("GPT4", "u")] == ""  # winner of merged A+B: no automatic Plus
    nxt = R.next_gpt_group(state)
    assert nxt["y"] == "AA" and nxt["w"] == "A" and nxt["p6"] == "A"


def test_p_and_n_do_not_move():  # ASS §4 Ruling: P and N results leave the A–F ladder alone
    m, state = R.movements(frame([gpt(1, "g", "P", 7, age="D", female=True), gpt(1, "n", "N", 7, age="E")]),
                           pd.Series({"g": "D", "n": "E"}))
    assert m.empty and state.loc["g", "strength"] == "D"


# ------------------------------------------------------------------ §4 stk. 4 season change


def test_season_change_three_rules():  # ASS §4 stk. 4: from each player's own last GPT
    rows = [gpt(1, "up", "C", 6, age=1999), gpt(2, "down", "C", 1, age=1999), gpt(2, "mid", "C", 4, age=1998),
            gpt(1, "early", "D", 6, age=2001), gpt(2, "early", "D", 3, age=2001)]
    df = frame(rows)
    m, state = R.movements(df, pd.Series({"up": "C", "down": "C", "mid": "C", "early": "D"}))
    born = df.drop_duplicates("player").set_index("player")["born"]
    nxt = R.next_season_groups(state, born, R.default_age_table(2013))["group"]
    # 2013 table: B 1997–98, C 1999–2000, D 2001–02
    assert nxt["up"] == "B"  # rule 1: promoted C → B stays in B (age would say C)
    assert nxt["down"] == "C"  # rule 2: relegated C → D, moved up again to C
    assert nxt["mid"] == "B"  # rule 3: 50 %, by birth year 1998 → B
    assert nxt["early"] == "D"  # own last GPT (GPT2) was a stay → by age 2001 → D, GPT1's promotion is history
