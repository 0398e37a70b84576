"""FECODAZ Grand Prix rules (Resolución Nº 04, 2009) — unit tests of gpcalc.circuits.fecodaz_rules.

Each test cites the article/item it pins and works the arithmetic out in comments.
"""

from __future__ import annotations

import datetime as dt

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpcalc.circuits import fecodaz_rules as R

YEAR = 2009
TABLE = R.illustrative_table()  # P(c, p) = 2c + 14 − 2(p − 1), c ≤ 13


def results(rows, tournament="T1"):
    """rows: (player, place, score, sex, born_year[, title, games, league, withdrew])."""
    out = []
    for row in rows:
        player, place, score, sex, born, *rest = row
        title, games, league, withdrew = (rest + [None, 9, "Bogotá", "No"][len(rest):])
        out.append(dict(tournament=tournament, player=player, place=place, score=score, sex=sex, born_year=born,
                        title=title, games=games, league=league, withdrew=withdrew))
    return pd.DataFrame(out)


def awards_for(res, category, target="Absoluto"):
    cats = pd.Series({t: category for t in res["tournament"].unique()})
    feeds = pd.Series({t: target for t in res["tournament"].unique()})
    return R.senior_awards(res, cats, feeds, TABLE, YEAR)


def pts(awards, player, ranking="Absoluto"):
    hit = awards[(awards["player"] == player) & (awards["ranking"] == ranking)]
    assert len(hit) <= 1
    return float(hit["points"].iloc[0]) if len(hit) else 0.0


# ------------------------------------------------------------------------------------------- titles, categoría

def test_title_bonus_seed_example_art3_item1():
    # FECODAZ Art. 3 item 1 seed: 1 GM (5) + 3 MI (9) + 2 MF (4) + 3 CM (3) = 21 → floor(21/10) = +2
    titles = ["GMI", "MI", "IM", "M.I.", "MF", "FM", "CM", "cm", "CM"] + [None] * 20
    res = pd.DataFrame({"tournament": "T", "player": range(len(titles)), "title": [R.read_title(t) for t in titles],
                        "games": 9})
    tour = pd.DataFrame([dict(tournament="T", kind="Open", base=5, norms="None", cash=True)])
    b = R.category_breakdown(tour, res).iloc[0]
    assert b["title_points"] == 21
    assert b["title_bonus"] == 2
    assert b["category"] == 5 + 2  # base 5 + titles 2 + norms 0 + size 0 (29 players)


def test_titles_highest_once_and_national_titles_give_nothing_art3_item1():
    # FECODAZ Art. 3 item 1: each player once at the highest title; MN/MNF/CMN/CMNF are national: 0.
    # player 1 listed twice (IM row and GM row) → 5; 'IM, WGM' → WGM 5; MN 0, CMNF 0, WCM(CMF) 1 → 11 → +1
    assert R.read_title("GMF") == "WGM" and R.read_title("MIF") == "WIM" and R.read_title("MFF") == "WFM"
    assert R.read_title("CMF") == "WCM" and R.read_title("WMI") == "WIM"
    assert R.read_title("IM, WGM") == "WGM"
    res = pd.DataFrame({"tournament": "T", "player": [1, 1, 2, 3, 4, 5],
                        "title": ["IM", "GM", R.read_title("IM, WGM"), "MN", "CMNF", R.read_title("CMF")],
                        "games": 9})
    tour = pd.DataFrame([dict(tournament="T", kind="Open", base=5, norms="None", cash=True)])
    b = R.category_breakdown(tour, res).iloc[0]
    assert b["title_points"] == 5 + 5 + 0 + 0 + 1
    assert b["title_bonus"] == 1


def test_unknown_title_is_an_error():
    with pytest.raises(ValueError):
        R.read_title("Gran Maestro")


def test_size_bonus_seed_260_players_art3_item3():
    # FECODAZ Art. 3 item 3 seed: an IRT with 260 players (all > 2 games) → floor(260/100) = +2
    res = pd.DataFrame({"tournament": "T", "player": range(260), "title": None, "games": 7})
    tour = pd.DataFrame([dict(tournament="T", kind="Open", base=6, norms="None", cash=True)])
    b = R.category_breakdown(tour, res).iloc[0]
    assert b["players_over_2_games"] == 260 and b["size_bonus"] == 2 and b["category"] == 8


def test_size_bonus_exactly_two_games_not_counted_art3_item3():
    # FECODAZ Art. 3 item 3: "más de 2 partidas" — 99 players with 3 games + 5 with exactly 2 → n = 99 → +0;
    # with one more 3-game player n = 100 → +1
    games = [3] * 99 + [2] * 5
    res = pd.DataFrame({"tournament": "T", "player": range(len(games)), "title": None, "games": games})
    tour = pd.DataFrame([dict(tournament="T", kind="Open", base=6, norms="None", cash=True)])
    b = R.category_breakdown(tour, res).iloc[0]
    assert b["players_over_2_games"] == 99 and b["size_bonus"] == 0
    res2 = pd.concat([res, pd.DataFrame([dict(tournament="T", player=999, title=None, games=3)])])
    assert R.category_breakdown(tour, res2).iloc[0]["size_bonus"] == 1


def test_norm_bonus_and_national_without_cash_art3_items2_6():
    # FECODAZ Art. 3 item 2: IM norms +2, GM norms +4. Item 6: national without cash starts at 3
    # (workbook base 7 replaced by 3; with cash the base stays 7).
    res = pd.DataFrame({"tournament": ["A", "B", "C", "D"], "player": [1, 2, 3, 4], "title": None, "games": 9})
    tour = pd.DataFrame([
        dict(tournament="A", kind="Open", base=7, norms="IM", cash=True),
        dict(tournament="B", kind="Closed", base=7, norms="GM", cash=True),
        dict(tournament="C", kind="National", base=7, norms="None", cash=False),
        dict(tournament="D", kind="National", base=7, norms="None", cash=True),
    ])
    b = R.category_breakdown(tour, res).set_index("tournament")
    assert b.loc["A", "category"] == 7 + 2
    assert b.loc["B", "category"] == 7 + 4
    assert b.loc["C", "base"] == 3 and b.loc["C", "category"] == 3 and "item 6" in b.loc["C", "note"]
    assert b.loc["D", "category"] == 7


# ------------------------------------------------------------------------------------------- points table

def test_illustrative_table_categoria_13():
    # rulebook: illustrative P(c,p) = 2c + 14 − 2(p−1); categoría 13 → 40, 38, …, 16 (13 places)
    assert TABLE.row(13) == [40 - 2 * i for i in range(13)]
    assert TABLE.row(1) == [16]


def test_extension_beyond_table_seed_categoria_15_art3():
    # FECODAZ Art. 3: each categoría beyond the 13th adds 4 to the first and drops 2 per place, covering c places.
    # With P(13,1) = 40: categoría 14 = 44 … 18; categoría 15 = 48, 46, …, 48 − 2·14 = 20 (ruling: not 18)
    row15 = TABLE.row(15)
    assert len(row15) == 15 and row15[0] == 48 and row15[-1] == 20
    assert row15 == [48 - 2 * i for i in range(15)]
    assert TABLE.row(14) == [44 - 2 * i for i in range(14)]
    # place 16 of a categoría 15 tournament scores nothing
    assert TABLE.points([15], [16])[0] == 0


def test_points_table_from_grid_and_extension_from_its_last_row():
    # a custom official-looking table up to categoría 3: P(3,1) = 20 → categoría 5 = 28, 26, 24, 22, 20
    grid = [["Categoría", 1, 2, 3], [1, 10, None, None], [2, 14, "9,5", None], [3, 20, 15, 10]]
    table, problems = R.points_table_from_grid(grid)
    assert not [p for p in problems if p.severity == "error"]
    assert table.row(2) == [14, 9.5]
    assert table.row(5) == [28, 26, 24, 22, 20]


def test_points_table_grid_problems():
    grid = [["Category", 1, 2], [1, 10, None], [1, 12, None], ["x", 1, 2], [3, None, 5], [4, 5, 8]]
    _, problems = R.points_table_from_grid(grid)
    msgs = " | ".join(p.message for p in problems)
    assert "appears twice" in msgs and "not a categoría" in msgs and "blank cell" in msgs
    assert "rise" in msgs  # categoría 4: 5 then 8 → warning


def test_categoria_missing_from_table_is_nan():
    table = R.PointsTable({1: (10.0,), 3: (20.0, 15.0, 10.0)})
    assert np.isnan(table.points([2], [1])[0])
    assert table.covers([1, 2, 3, 9]) == [2]


# ------------------------------------------------------------------------------------------- place points, item 5

def test_place_points_and_non_scorers_art3():
    # categoría 3 (16? no: P(3,p) = 20, 18, 16): places 1..3 score, place 4 (lower game score) nothing
    res = results([("a", 1, 7, "M", 1980), ("b", 2, 6, "M", 1980), ("c", 3, 5.5, "M", 1980),
                   ("d", 4, 5, "M", 1980)])
    aw = awards_for(res, 3)
    assert [pts(aw, p) for p in "abcd"] == [20, 18, 16, 0]


def test_item5_two_tied_with_last_scorer():
    # FECODAZ Art. 3 item 5: categoría 3 → P(3,3) = 16 at place 3 (score 5); place 4 also on 5 → 16/2 = 8;
    # place 5 on 4½ → nothing
    res = results([("a", 1, 7, "M", 1980), ("b", 2, 6, "M", 1980), ("c", 3, 5, "M", 1980),
                   ("d", 4, 5, "M", 1980), ("e", 5, 4.5, "M", 1980)])
    aw = awards_for(res, 3)
    assert [pts(aw, p) for p in "abcde"] == [20, 18, 16, 8, 0]
    assert aw.loc[aw["player"] == "d", "rule"].iloc[0] == R.RULE_TIE


def test_item5_three_tied_with_last_scorer_half_points():
    # FECODAZ Art. 3 item 5: categoría 2 → P(2,·) = 18, 16; places 2, 3, 4 all on 4½: place 2 gets 16,
    # places 3 and 4 get 16/2 = 8 each. With categoría 1 (P = 16): places 2–4 tied with place 1? No: place 1 on 5.
    res = results([("a", 1, 5, "M", 1980), ("b", 2, 4.5, "M", 1980), ("c", 3, 4.5, "M", 1980),
                   ("d", 4, 4.5, "M", 1980), ("e", 5, 4, "M", 1980)])
    aw = awards_for(res, 2)
    assert [pts(aw, p) for p in "abcde"] == [18, 16, 8, 8, 0]
    # an odd last-place value gives a half point exactly: a custom table with P(2,2) = 9 → 4.5
    table = R.PointsTable({1: (10.0,), 2: (12.0, 9.0)})
    aw2 = R.senior_awards(res, pd.Series({"T1": 2}), pd.Series({"T1": "Absoluto"}), table, YEAR)
    assert pts(aw2, "c") == 4.5 and pts(aw2, "d") == 4.5


# ------------------------------------------------------------------------------------------- minimums, item 4

def _field(n=20, category=2):
    """n adult men, category small so only the first places score (P(2,·) = 18, 16)."""
    return [(f"m{i}", i, 8 - i * 0.25, "M", 1970) for i in range(1, n + 1)]


@pytest.mark.parametrize("ranking,sex,born", [
    ("Sub 20 Absoluto", "M", YEAR - 20), ("Sub 18 Absoluto", "M", YEAR - 18), ("Sub 16 Absoluto", "M", YEAR - 16),
    ("Sub 20 Femenino", "F", YEAR - 20), ("Sub 18 Femenino", "F", YEAR - 18), ("Sub 16 Femenino", "F", YEAR - 16),
    ("Femenino", "F", 1960),
])
def test_minimum_each_group_art3_item4(ranking, sex, born):
    # FECODAZ Art. 3 item 4: nobody in the group above 6 → the group's best three by place get 6, 4, 2.
    # Four group members at places 21–24 (outside categoría 2) → 6, 4, 2, 0 in the group's ranking only.
    rows = _field() + [(f"y{i}", 20 + i, 3, sex, born) for i in range(1, 5)]
    aw = awards_for(results(rows), 2)
    assert [pts(aw, f"y{i}", ranking) for i in range(1, 5)] == [6, 4, 2, 0]
    assert pts(aw, "y1", "Absoluto") == 0  # a minimum feeds its own group's ranking, not Absoluto
    assert aw.loc[(aw["player"] == "y1") & (aw["ranking"] == ranking), "rule"].iloc[0] == R.RULE_MIN


def test_minimum_age_boundary_art3_item4():
    # Sub 16 in 2009 ⇔ born 1993 or later: born 1993 is Sub 16; born 1992 is Sub 18 only
    rows = _field() + [("old", 21, 3, "M", YEAR - 17), ("young", 22, 3, "M", YEAR - 16)]
    aw = awards_for(results(rows), 2)
    assert pts(aw, "young", "Sub 16 Absoluto") == 6
    assert pts(aw, "old", "Sub 16 Absoluto") == 0
    assert pts(aw, "old", "Sub 18 Absoluto") == 6 and pts(aw, "young", "Sub 18 Absoluto") == 4  # nested


def test_minimum_when_best_has_exactly_6_art3_item4():
    # FECODAZ Art. 3 item 4: "superior a 6" — the best Sub 16 scored exactly 6 (custom table: categoría 3 = 10, 8, 6)
    # → nobody above 6 → minimums apply: 1st keeps 6, 2nd (place 4, 0 pts) → 4, 3rd → 2
    table = R.PointsTable({3: (10.0, 8.0, 6.0)})
    rows = [("a", 1, 7, "M", 1970), ("b", 2, 6, "M", 1970), ("k1", 3, 5, "M", 1995), ("k2", 4, 4, "M", 1995),
            ("k3", 5, 3, "M", 1995), ("k4", 6, 2, "M", 1995)]
    aw = R.senior_awards(results(rows), pd.Series({"T1": 3}), pd.Series({"T1": "Absoluto"}), table, YEAR)
    assert [pts(aw, k, "Sub 16 Absoluto") for k in ("k1", "k2", "k3", "k4")] == [6, 4, 2, 0]


def test_no_minimum_when_someone_scored_more_than_6_art3_item4():
    # best Sub 16 scored 8 (> 6) → no minimums for the group: 2nd and 3rd get nothing
    table = R.PointsTable({3: (10.0, 8.0, 6.0)})
    rows = [("a", 1, 7, "M", 1970), ("k1", 2, 6, "M", 1995), ("k2", 4, 4, "M", 1995), ("b", 3, 5, "M", 1970)]
    aw = R.senior_awards(results(rows), pd.Series({"T1": 3}), pd.Series({"T1": "Absoluto"}), table, YEAR)
    assert pts(aw, "k1", "Sub 16 Absoluto") == 8 and pts(aw, "k2", "Sub 16 Absoluto") == 0


def test_minimum_keeps_higher_place_points_one_score_art3():
    # "Ningún jugador podrá recibir más de un puntaje por torneo": the 2nd Sub 16 has place points 5 (custom
    # table) vs minimum 4 → keeps 5 (one score, the highest); the 1st (place 4, 0 pts) gets the minimum 6.
    table = R.PointsTable({3: (10.0, 8.0, 5.0)})
    rows = [("a", 1, 7, "M", 1970), ("b", 2, 6, "M", 1970), ("k2", 3, 5, "M", 1995), ("k1", 4, 4.5, "M", 1995)]
    aw = R.senior_awards(results(rows), pd.Series({"T1": 3}), pd.Series({"T1": "Absoluto"}), table, YEAR)
    # best by place is k2 (place 3): max(5, 6) = 6; k1 (place 4): max(0, 4) = 4
    assert pts(aw, "k2", "Sub 16 Absoluto") == 6 and pts(aw, "k1", "Sub 16 Absoluto") == 4
    assert pts(aw, "k2", "Absoluto") == 5
    one = aw.groupby(["tournament", "player", "ranking"]).size()
    assert (one == 1).all()


def test_one_score_per_player_duplicate_rows_art3():
    # a player listed twice in one tournament gets one score, the highest
    aw = pd.DataFrame([dict(tournament="T", player="p", ranking="Absoluto", points=10.0, rule="x", detail="", place=2),
                       dict(tournament="T", player="p", ranking="Absoluto", points=12.0, rule="y", detail="", place=1)])
    out = R.one_score(aw)
    assert len(out) == 1 and out["points"].iloc[0] == 12


def test_national_feeding_one_ranking_only():
    # rulebook item 5 ("en su categoría respectiva"): a national Sub 20 championship feeds only Sub 20 Absoluto
    rows = [("a", 1, 7, "M", 1990), ("b", 2, 6, "M", 1992), ("c", 3, 5, "F", 1991)]
    aw = awards_for(results(rows), 3, target="Sub 20 Absoluto")
    assert set(aw["ranking"]) == {"Sub 20 Absoluto"}
    assert pts(aw, "a", "Sub 20 Absoluto") == 20


# ------------------------------------------------------------------------------------------- team events

def test_board_points_and_team_bonus_amateur_item7():
    # Art. 3 (amateur list) item 7: board 1 place 1 → 12 (+6 champion team) = 18; board 2 place 5 → 2 (+0,
    # team 4th); board 3 place 2 → 6 (+4 runner-up); board 4 place 4 → 0 (table 6, 4, 2) (+2 third team);
    # reserve (board 5) of the champion → 0 + 6
    res = pd.DataFrame([
        dict(tournament="E", player="a", place=1, sex="M", born_year=1980, team="X", team_place=1, board=1, board_place=1),
        dict(tournament="E", player="b", place=2, sex="M", born_year=1980, team="Y", team_place=4, board=2, board_place=5),
        dict(tournament="E", player="c", place=3, sex="M", born_year=1980, team="Z", team_place=2, board=3, board_place=2),
        dict(tournament="E", player="d", place=4, sex="M", born_year=1980, team="W", team_place=3, board=4, board_place=4),
        dict(tournament="E", player="r", place=5, sex="M", born_year=1980, team="X", team_place=1, board=5, board_place=1),
    ])
    aw = R.team_awards(res, pd.Series({"E": "Absoluto"}), YEAR)
    tot = aw[aw["ranking"] == "Absoluto"].groupby("player")["points"].sum()
    assert tot.to_dict() == {"a": 18, "b": 2, "c": 10, "d": 2, "r": 6}
    assert R.board_points(np.array([1, 1, 2, 3, 4, 4]), np.array([6, 7, 5, 4, 3, 4])).tolist() == [2, 0, 2, 2, 2, 0]


# ------------------------------------------------------------------------------------------- closed events

def test_closed_validity_art2_q():
    # Art. 2 q 1: ≥ 3 players from leagues other than the host's; q 2: played before 30 September.
    tour = pd.DataFrame([
        dict(tournament="ok", kind="Closed", host_league="Valle", end=dt.date(2009, 9, 29)),
        dict(tournament="few", kind="Closed", host_league="Valle", end=dt.date(2009, 5, 1)),
        dict(tournament="late", kind="Closed", host_league="Valle", end=dt.date(2009, 9, 30)),
        dict(tournament="open", kind="Open", host_league="Valle", end=dt.date(2009, 11, 1)),
    ])
    leagues = ["Valle", "Antioquia", "Bogotá", "Caldas", "valle "]
    res = pd.DataFrame([dict(tournament=t, player=f"{t}{i}", league=lg) for t in ("ok", "late")
                        for i, lg in enumerate(leagues)]
                       + [dict(tournament="few", player=f"f{i}", league=lg)
                          for i, lg in enumerate(["Valle", "Antioquia", "Antioquia", "VALLE", None])])
    v = R.closed_validity(tour, res).set_index("tournament")
    assert v.loc["ok", "valid"] and v.loc["ok", "visitors"] == 3
    assert not v.loc["few", "valid"] and v.loc["few", "visitors"] == 2 and "q 1" in v.loc["few", "reason"]
    assert not v.loc["late", "valid"] and "q 2" in v.loc["late", "reason"]
    assert "open" not in v.index


# ------------------------------------------------------------------------------------------- counting, cap

def _entries(rows):
    return pd.DataFrame([dict(ranking="Absoluto", player=p, tournament=t, date=dt.date(2009, 1, i + 1), points=x,
                              closed=c) for i, (p, t, x, c) in enumerate(rows)])


def test_counting_limit_two_thirds_art3_item6():
    # Art. 3 item 6 as ruled: max(1, floor(2M/3)): M=1→1, 2→1, 3→2, 4→2, 5→3, 6→4, 12→8
    assert R.counting_limit([1, 2, 3, 4, 5, 6, 12]).tolist() == [1, 1, 2, 2, 3, 4, 8]


def test_closed_cap_with_two_thirds_counting_art2_q3_art3_item6():
    # M = 6 → k = 4. Player p: opens 20, 10, 8, 2; closed 25, 22.
    # j=0: 20+10+8+2 = 40; j=1: 25 + 20+10+8 = 63; j=2: min(30, 47) + 20+10 = 60 → best j=1: 63 (no cut)
    # Player q: opens 5, 3; closed 28, 24, 20 (k = 4): j=2 → min(30, 52)+5+3 = 38; j=3 → min(30,72)+5 = 35;
    # j=1 → 28+5+3 = 36 → best j=2: counted 52+8 = 60, cut 22, total 38
    e = _entries([("p", "o1", 20, False), ("p", "o2", 10, False), ("p", "o3", 8, False), ("p", "o4", 2, False),
                  ("p", "c1", 25, True), ("p", "c2", 22, True),
                  ("q", "o1", 5, False), ("q", "o2", 3, False), ("q", "c1", 28, True), ("q", "c2", 24, True),
                  ("q", "c3", 20, True)])
    limit = pd.Series({"Absoluto": int(R.counting_limit(6))})
    out, totals = R.count_best(e, limit)
    tot = totals.set_index("player")
    assert tot.loc["p", "total"] == 63 and tot.loc["p", "cap_cut"] == 0
    assert set(out[(out["player"] == "p") & out["counted"]]["tournament"]) == {"o1", "o2", "o3", "c1"}
    assert tot.loc["q", "total"] == 38 and tot.loc["q", "cap_cut"] == 22 and tot.loc["q", "counted_points"] == 60
    assert set(out[(out["player"] == "q") & out["counted"]]["tournament"]) == {"o1", "o2", "c1", "c2"}


def test_cap_prefers_open_results_when_closed_saturate_art2_q3():
    # k = 2: closed 30 + closed 30 → min(30, 60) = 30; open 12 + closed 30 = 42 → counts open 12 and one closed
    e = _entries([("p", "c1", 30, True), ("p", "c2", 30, True), ("p", "o1", 12, False)])
    out, totals = R.count_best(e, pd.Series({"Absoluto": 2}))
    assert totals["total"].iloc[0] == 42
    assert set(out[out["counted"]]["tournament"]) == {"o1", "c1"}


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.booleans()), min_size=1, max_size=8), st.integers(1, 6))
def test_count_best_is_optimal_property(rows, k):
    # Art. 2 q 3 + Art. 3 item 6: no subset of ≤ k results beats the chosen total (brute force)
    from itertools import combinations

    e = _entries([("p", f"t{i}", float(x), c) for i, (x, c) in enumerate(rows)])
    out, totals = R.count_best(e, pd.Series({"Absoluto": k}))
    best = 0.0
    for n in range(0, min(k, len(rows)) + 1):
        for combo in combinations(rows, n):
            best = max(best, sum(x for x, c in combo if not c) + min(30, sum(x for x, c in combo if c)))
    assert totals["total"].iloc[0] == best
    assert out["counted"].sum() <= k


# ------------------------------------------------------------------------------------------- ties, ligas

def _table(rows):
    return pd.DataFrame([dict(ranking="Absoluto", player=p, total=t, played=n, last_place=lp, last_gp_place=g)
                         for p, t, n, lp, g in rows])


def test_tiebreak_more_tournaments_art4_level1():
    # Art. 4 tie 1: both 50 points; a played 5, b played 4 → a 1st, b 2nd
    r = R.rank_with_tiebreaks(_table([("b", 50, 4, 1, None), ("a", 50, 5, 9, None)])).set_index("player")
    assert r.loc["a", "rank"] == 1 and r.loc["b", "rank"] == 2 and not r["tied"].any()
    assert r.loc["a", "tiebreak"] == R.TIEBREAK_LEVELS[0]


def test_tiebreak_last_tournament_place_art4_level2():
    # Art. 4 tie 2: 50 points, 5 tournaments each; last tournament places 7 and 3 → 3 wins
    r = R.rank_with_tiebreaks(_table([("a", 50, 5, 7, 1), ("b", 50, 5, 3, 9)])).set_index("player")
    assert r.loc["b", "rank"] == 1 and r.loc["a", "rank"] == 2
    assert r.loc["b", "tiebreak"] == R.TIEBREAK_LEVELS[1]


def test_tiebreak_last_gp_place_art4_level3():
    # Art. 4 tie 3 ("o en el último Grand Prix"): equal totals, played, last place → last year's GP 4 beats 6;
    # no last-GP place ranks behind any place
    r = R.rank_with_tiebreaks(_table([("a", 50, 5, 3, 6), ("b", 50, 5, 3, 4), ("c", 50, 5, 3, None)]))
    r = r.set_index("player")
    assert (r.loc["b", "rank"], r.loc["a", "rank"], r.loc["c", "rank"]) == (1, 2, 3)
    assert r.loc["b", "tiebreak"] == R.TIEBREAK_LEVELS[2]


def test_tie_remaining_is_marked_art4():
    # still tied on every criterion → same rank, tied = True; the next player is 3rd
    r = R.rank_with_tiebreaks(_table([("a", 50, 5, 3, None), ("b", 50, 5, 3, None), ("c", 40, 5, 1, None)]))
    r = r.set_index("player")
    assert r.loc["a", "rank"] == r.loc["b", "rank"] == 1 and r.loc["a", "tied"] and r.loc["b", "tied"]
    assert r.loc["c", "rank"] == 3 and not r.loc["c", "tied"]


def test_ligas_two_best_art5_d():
    # Art. 5 d: Valle = 60 + 40 (the 30 is a third player, not counted) = 100; Bogotá = 90 (one player) → 2nd
    s = pd.DataFrame([dict(ranking="Absoluto", player=i, name=n, club=c, total=t) for i, (n, c, t) in enumerate([
        ("A", "Valle", 60), ("B", "Valle", 40), ("C", "Valle", 30), ("D", "Bogotá", 90), ("E", None, 200)])])
    lg = R.liga_totals(s).set_index("club")
    assert lg.loc["Valle", "total"] == 100 and lg.loc["Valle", "rank"] == 1
    assert lg.loc["Bogotá", "total"] == 90 and lg.loc["Bogotá", "rank"] == 2
    assert "C" not in lg.loc["Valle", "players"] and len(lg) == 2


def test_liga_spellings_are_one_liga_named_by_the_most_common_ruling4():
    # ruling 4: "Bogota" is "Bogotá" (case, accents, extra spaces aside); the most common spelling names it, a tie
    # the one met first; blank stays blank; a liga written one way has no variants
    col = pd.Series(["bogota", "Bogotá", " BOGOTÁ", "Bogotá", None, "Valle", "valle  del", "Valle del", ""])
    names, variants = R.liga_spellings(col)
    assert R.one_liga(col, names).tolist() == ["Bogotá", "Bogotá", "Bogotá", "Bogotá", "", "Valle", "valle  del",
                                               "valle  del", ""]
    assert R.one_liga(pd.Series(["Huila", "VALLE"]), names).tolist() == ["Huila", "Valle"]
    assert variants == {"Bogotá": ["Bogotá", "bogota", "BOGOTÁ"], "valle  del": ["valle  del", "Valle del"]}


# ------------------------------------------------------------------------------------------- withdrawals

def test_withdrawal_sanction_art6():
    # Art. 6: unjustified (Yes) → sanctioned for the year; Justified → listed only
    res = pd.DataFrame([dict(tournament="T", player="a", withdrew="Yes"),
                        dict(tournament="T", player="b", withdrew="Justified"),
                        dict(tournament="T", player="c", withdrew="No")])
    w = R.withdrawals(res).set_index("player")
    assert list(w.index) == ["a", "b"] and w.loc["a", "sanctioned"] and not w.loc["b", "sanctioned"]
    assert R.sanctioned_players(res) == {"a"}


def test_tournaments_held_m_per_ranking():
    aw = pd.DataFrame([dict(tournament=t, ranking=r, points=p) for t, r, p in [
        ("A", "Absoluto", 10), ("B", "Absoluto", 5), ("B", "Femenino", 6), ("C", "Femenino", 0)]])
    m = R.tournaments_held(aw)
    assert m["Absoluto"] == 2 and m["Femenino"] == 1


def test_season_year():
    assert R.season_year("2009") == 2009 and R.season_year("2012/2013") == 2013
