"""Audit of the FECODAZ circuit against its rulebook (../shared/rules/fecodaz.md and its Rulings).

Every expected number below is worked out BY HAND from the rulebook text (not from the code), in the docstring
of the test that checks it. Season folders are built in tmp folders with ``builders.make_season`` and run
through the pipeline (``gpcalc.pipeline.compute``), so the wiring is exercised as well as the rules.

Unless a test says otherwise: season 2009, the illustrative table P(c, p) = 2c + 14 − 2(p − 1)
(categoría 1: 16; 2: 18, 16; 3: 20, 18, 16; 4: 22 … 16; 5: 24 … 16), non-IRT opens, 7 games each.

Four tests found discrepancies, fixed on 30 November: youth championships' prizes in the senior bolsa; a
withdrawal from an excluded tournament listed as a sanction but not applied; titled players (who pay no entry
fee, Art. 2 h) in the average fee; liga names compared with their accents.
"""

from __future__ import annotations

import datetime as dt

import pandas as pd
import pytest
from builders import fecodaz_season, standing

from gpcalc.circuits import fecodaz_rules as R

YEAR = 2009
ILLUSTRATIVE = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                                for c in range(1, 14)]
#: a coordinator's table with round numbers (Art. 3: the table is data the coordinator enters)
TENS = [["Category", 1, 2, 3], [1, 10], [2, 20, 10], [3, 30, 20, 10]]
HEAD = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
        "Games", "Withdrew"]
TEAM_HEAD = [*HEAD, "Team", "Team place", "Board", "Board place"]


def person(place, name, pid, *, sex="M", born=1980, league="Valle", title=None, nat=None, fide=None, score=0.0,
           games=7, withdrew="No", team=()):
    return [place, name, pid, sex, born, league, title, nat, fide, score, games, withdrew, *team]


def book(name, rows, *, kind="Open", start=dt.date(2009, 3, 1), end=None, base=1, host="Valle", irt="No",
         head=HEAD, **extra):
    t = {"Circuit": "fecodaz", "Name": name, "Start": start, "End": end or start + dt.timedelta(days=2),
         "Kind": kind, "Host league": host, "IRT": irt, "Norms": "None", "Cash prizes": "Yes", "Rounds": 7,
         "Stop": "1", "Base category": base if kind not in ("Sub 14", "Team") else None, **extra}
    return {"Tournament": {k: v for k, v in t.items() if v is not None}, "Results": [head, *rows]}


def season(tmp_path, books, points=ILLUSTRATIVE, sheets=None, **settings):
    return fecodaz_season(tmp_path, books, points, year=YEAR, source="audit", sheets=sheets, **settings)


def total(res, ranking, name):
    s = standing(res, ranking, name)
    return None if s is None else float(s["total"])


def totals(res, ranking):
    s = res.outcome.standings
    s = s[s["ranking"] == ranking]
    return {n: float(t) for n, t in zip(s["name"], s["total"])}


def warnings_of(res, code):
    return [i.message for i in res.issues.items if i.code == code]


def sheet(res, name):
    return next(s.frame for s in res.outcome.sheets if s.name == name)


# ============================================================================================ categoría (Art. 3)

def test_title_bonus_boundary_9_and_10_points_spanish_titles_art3_item1():
    """Art. 3 item 1: title bonus = floor(Σ / 10) of "GM o WGM = 5, MI o WMI = 3, MF o WFM = 2, CM o WCM = 1",
    each player once at the highest title; national titles give nothing.

    T9:  GMI 5 + MF 2 + CMF (= WCM) 1 + CM 1 + MN 0 = 9 → floor(0.9) = 0 → categoría = base 2 + 0 = 2.
    T10: GMI 5 + MF 2 + CMF 1 + MFF (= WFM) 2 + MN 0 = 10 → floor(1.0) = 1 → categoría 3.
    """
    def res(titles):
        return pd.DataFrame({"tournament": "T", "player": range(len(titles)), "title": titles, "games": 7})

    tour = pd.DataFrame([dict(tournament="T", kind="Open", base=2, norms="None", cash=True)])
    t9 = [R.read_title(x) for x in ("GMI", "MF", "CMF", "CM", "MN")]
    t10 = [R.read_title(x) for x in ("GMI", "MF", "CMF", "MFF", "MN")]
    b9, b10 = R.category_breakdown(tour, res(t9)).iloc[0], R.category_breakdown(tour, res(t10)).iloc[0]
    assert (b9["title_points"], b9["title_bonus"], b9["category"]) == (9, 0, 2)
    assert (b10["title_points"], b10["title_bonus"], b10["category"]) == (10, 1, 3)


def test_size_bonus_boundary_99_100_199_200_players_art3_item3():
    """Art. 3 item 3: size bonus = floor(n / 100), n = players who played MORE than 2 games.

    100 players with 3 games → +1; the same with one player at exactly 2 games → 99 → +0;
    200 players with 3 games → +2; 199 → +1. Base 4, GM norms (+4, item 2): categorías 9, 8, 10, 9.
    """
    tour = pd.DataFrame([dict(tournament="T", kind="Open", base=4, norms="GM", cash=True)])

    def cat(n, two_games=0):
        games = [2] * two_games + [3] * (n - two_games)
        r = pd.DataFrame({"tournament": "T", "player": range(n), "title": None, "games": games})
        b = R.category_breakdown(tour, r).iloc[0]
        return b["players_over_2_games"], b["size_bonus"], b["category"]

    assert cat(100) == (100, 1, 9)
    assert cat(100, two_games=1) == (99, 0, 8)
    assert cat(200) == (200, 2, 10)
    assert cat(200, two_games=1) == (199, 1, 9)


def test_spanish_womens_titles_in_the_workbook_categoria_and_amateur_title_rule(tmp_path):
    """Rulebook "Titles accepted … WGM/GMF, WIM/MIF, WFM/MFF, WCM/CMF"; Art. 3 item 1; amateur item 2.

    Open base 1 with a GMF 5 + MIF 3 + MFF 2 + CMF 1 = 11 title points → +1 → categoría 2 → 18, 16:
    a (GMF) 18, b (MIF) 16 in Absoluto and Femenino (both above 6: no Dama minimum for c and d).
    Amateur: 4 titled players (≥ 3) → every score +2 and one more place with 2. Sub 1700 = {e 1600 (1),
    f unrated (0)} → categoría 1 → e 16 + 2 = 18; f takes the extra place → 2.
    """
    rows = [person(1, "a", "1", sex="F", title="GMF", nat=2400, score=6),
            person(2, "b", "2", sex="F", title="MIF", nat=2300, score=5),
            person(3, "c", "3", sex="F", title="MFF", nat=2200, score=4),
            person(4, "d", "4", sex="F", title="CMF", nat=2100, score=3.5),
            person(5, "e", "5", nat=1600, score=3), person(6, "f", "6", score=2)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=1)})
    t = res.outcome.tournaments.set_index("tournament").loc["A"]
    assert (t["title_points"], t["title_bonus"], t["category"]) == (11, 1, 2)
    assert totals(res, "Absoluto") == {"a": 18, "b": 16} and totals(res, "Femenino") == {"a": 18, "b": 16}
    assert totals(res, "Sub 1700") == {"e": 18, "f": 2}


def test_extension_starts_from_the_tables_own_last_row_art3(tmp_path):
    """Art. 3, beyond the table: "P(c,1) = P(last,1) + 4(c − last) where last is the table's highest categoría,
    then 2 fewer for each later place, covering c places".

    A coordinator's table that stops at categoría 3 (TENS: 30, 20, 10). A categoría-5 open (base 5):
    P(5,1) = 30 + 4·2 = 38, then 36, 34, 32, 30 (5 places); the 6th gets nothing.
    """
    rows = [person(i, f"p{i}", str(i), score=7 - i * 0.5) for i in range(1, 7)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=5)}, points=TENS)
    got = [total(res, "Absoluto", f"p{i}") for i in range(1, 7)]
    assert got == [38, 36, 34, 32, 30, None]


# ============================================================================================ items 4 and 5

def test_item5_tie_spans_last_place_with_sanctioned_player_and_item4_groups(tmp_path):
    """Art. 3 item 5 + item 4 + Art. 6 (README rulings 1 and 6).

    Open, base 3, no titles, 7 players → categoría 3: 20, 18, 16.
      1 m1 6 → 20;  2 m2 5 → 18;  3 m3 4½ → 16 (the last scorer, place c = 3)
      4 k1 (born 1994: Sub 16) 4½ → tied with the last scorer → 16 / 2 = 8        (item 5)
      5 m4 4½ withdrew Yes → 8 by item 5, but forfeited (Art. 6): never ranked
      6 k2 (born 1995: Sub 16) 4 → 0 (fewer game points than the last scorer)
      7 w1 (F) 3 → 0 place points
    Item 4, Sub 16/18/20 Absoluto group {k1, k2}: k1 has 8 > 6 → no minimums → k2 gets nothing (m4's points are
    not passed down either). Dama group {w1}: nobody above 6 → w1 gets the minimum 6 in Femenino only.
    """
    rows = [person(1, "m1", "1", score=6), person(2, "m2", "2", score=5), person(3, "m3", "3", score=4.5),
            person(4, "k1", "4", born=1994, score=4.5), person(5, "m4", "5", score=4.5, withdrew="Yes"),
            person(6, "k2", "6", born=1995, score=4), person(7, "w1", "7", sex="F", score=3)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=3)})
    assert totals(res, "Absoluto") == {"m1": 20, "m2": 18, "m3": 16, "k1": 8}
    for ranking in ("Sub 16 Absoluto", "Sub 18 Absoluto", "Sub 20 Absoluto"):
        assert totals(res, ranking) == {"k1": 8}, ranking
    assert totals(res, "Femenino") == {"w1": 6}
    assert not (res.outcome.standings["name"] == "m4").any()


def test_item5_half_of_an_odd_last_place_and_exactly_6_is_not_above_6_art3_items4_5(tmp_path):
    """Art. 3 item 5 with an odd last-place value, and item 4's "superior a 6" at exactly 6.

    Coordinator's table: categoría 2 = 20, 13. Open base 2:
      1 a 6 → 20;  2 b 5 → 13 (last scorer);  3 g (F, born 1993: Sub 16) 5 → 13 / 2 = 6.5;
      4 h (F, born 1993) 4 → 0;  5 i (F, born 1993) 3 → 0.
    Dama / Sub N Femenino groups {g, h, i}: g has 6.5 > 6 → no minimum: g 6.5, h and i nothing.
    Second table, categoría 2 = 20, 12: g gets 12 / 2 = 6, not above 6 → minimums apply: g max(6, 6) = 6,
    h 4, i 2 (in Femenino and Sub 20/18/16 Femenino; never in Absoluto).
    """
    rows = [person(1, "a", "1", score=6), person(2, "b", "2", score=5),
            person(3, "g", "3", sex="F", born=1993, score=5), person(4, "h", "4", sex="F", born=1993, score=4),
            person(5, "i", "5", sex="F", born=1993, score=3)]
    odd = season(tmp_path / "odd", {"a.xlsx": book("A", rows, base=2)}, points=[["Category", 1, 2], [1, 20],
                                                                                  [2, 20, 13]])
    assert totals(odd, "Absoluto") == {"a": 20, "b": 13, "g": 6.5}
    for ranking in ("Femenino", "Sub 16 Femenino"):
        assert totals(odd, ranking) == {"g": 6.5}, ranking
    even = season(tmp_path / "even", {"a.xlsx": book("A", rows, base=2)}, points=[["Category", 1, 2], [1, 20],
                                                                                    [2, 20, 12]])
    assert totals(even, "Absoluto") == {"a": 20, "b": 12, "g": 6}
    for ranking in ("Femenino", "Sub 20 Femenino", "Sub 16 Femenino"):
        assert totals(even, ranking) == {"g": 6, "h": 4, "i": 2}, ranking


def test_sub20_boundary_born_1989_in_1988_out_minimum_art3_item4(tmp_path):
    """Art. 3 item 4: "Sub N in year Y ⇔ born in Y−N or later": in 2009 Sub 20 = born 1989 or later.

    Open base 1 (16 to the winner): a (1970) wins. y89 (born 1989) 2nd, o88 (born 1988) 3rd, y90 (1990) 4th, all
    without place points. Sub 20 Absoluto group {y89, y90}: nobody above 6 → y89 6, y90 4; o88 is not Sub 20.
    """
    rows = [person(1, "a", "1", born=1970, score=6), person(2, "y89", "2", born=1989, score=5),
            person(3, "o88", "3", born=1988, score=4), person(4, "y90", "4", born=1990, score=3)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=1)})
    assert totals(res, "Sub 20 Absoluto") == {"y89": 6, "y90": 4}
    assert totals(res, "Sub 18 Absoluto") == {}


# ============================================================================================ several rankings

def test_one_girl_scores_in_ten_rankings_from_one_tournament_art3(tmp_path):
    """Art. 3 "One score per player per tournament — per ranking … A player can score in the main ranking and in
    an amateur category from the same tournament"; Sub N drawn from the main ranking; Dama amateur.

    Open base 2 → 18, 16. g (F, born 1994: Sub 16, national 1600) wins → 18 in Absoluto, Femenino, Sub 20/18/16
    Absoluto and Sub 20/18/16 Femenino (8 rankings: her place points, all above 6 so no minimum).
    Sub 1700 = {g 1600, m 1500} → categoría 2 → g 18, m 16; Dama amateur: g's band points 18 → 10 rankings.
    """
    rows = [person(1, "g", "1", sex="F", born=1994, nat=1600, score=6), person(2, "m", "2", nat=1500, score=5)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=2)})
    s = res.outcome.standings
    g = dict(zip(s.loc[s["name"] == "g", "ranking"], s.loc[s["name"] == "g", "total"]))
    assert g == {r: 18 for r in (*R.SENIOR_NAMES, "Sub 1700", "Dama amateur")}
    assert totals(res, "Sub 1700") == {"g": 18, "m": 16}


# ============================================================================================ closed (Art. 2 q)

def _closed(name, start, rows, base):
    n = len(rows)  # the visitors are placed after the given rows, with lower game scores
    visitors = [person(n + 1, "v1", "71", league="Bogotá", score=1.5, games=3),
                person(n + 2, "v2", "72", league="Cauca", score=1, games=3),
                person(n + 3, "v3", "73", league="Meta", score=0.5, games=3)]
    return book(name, [*rows, *visitors], kind="Closed", start=start, base=base, host="Valle")


@pytest.mark.parametrize("c2_base,expected_total,expected_cap", [(1, 30, None), (2, 30, -10)])
def test_closed_cap_exactly_reached_and_exceeded_art2_q3(tmp_path, c2_base, expected_total, expected_cap):
    """Art. 2 q 3: closed points "no podrá superar los 30 puntos"; Art. 3 item 6: best max(1, floor(2M/3)).

    Table TENS (1: 10; 2: 20, 10; 3: 30, 20, 10). j (Valle) wins closed C1 (base 2 → 20) and closed C2; both
    valid (3 visitors from Bogotá, Cauca, Meta; March/April). Open O (base 1): o wins 10, j 2nd gets 0.
    M(Absoluto) = 3 → best 2. C2 base 1: j 20 + 10 = 30 closed points = exactly the cap → total 30, no cut.
    C2 base 2: 20 + 20 = 40 → capped at 30 → total 30, cap −10.
    """
    c1 = _closed("C1", dt.date(2009, 3, 1), [person(1, "j", "1", score=3, games=3)], base=2)
    c2 = _closed("C2", dt.date(2009, 4, 1), [person(1, "j", "1", score=3, games=3)], base=c2_base)
    o = book("O", [person(1, "o", "2", score=6), person(2, "j", "1", score=5)], start=dt.date(2009, 6, 1), base=1)
    res = season(tmp_path, {"c1.xlsx": c1, "c2.xlsx": c2, "o.xlsx": o}, points=TENS)
    j = standing(res, "Absoluto", "j")
    assert j["total"] == expected_total and j["counted_results"] == 2
    cap = j["closed_cap"]
    assert (pd.isna(cap) if expected_cap is None else cap == expected_cap)
    lg = res.outcome.ledger
    cap_rows = lg[(lg["rule"] == R.RULE_CAP) & (lg["name"] == "j") & (lg["ranking"] == "Absoluto")]
    assert len(cap_rows) == (0 if expected_cap is None else 1)


def test_closed_tournament_ending_on_or_after_30_september_is_excluded_art2_q2(tmp_path):
    """Art. 2 q 2: "Sólo se aceptan aquellos torneos jugados antes del 30 de septiembre"; ruling 4: "before 30
    September" = ends by 29 September.

    Closed A: 27–29 September → valid: j 10 (TENS, base 1). Closed B: 29 September – 1 October → excluded.
    M = 1 → best 1: j total 10; B gives nobody anything and is marked excluded.
    """
    a = _closed("A", dt.date(2009, 9, 27), [person(1, "j", "1", score=3, games=3)], base=1)
    b = _closed("B", dt.date(2009, 9, 29), [person(1, "k", "2", score=3, games=3)], base=1)
    b["Tournament"]["End"] = dt.date(2009, 10, 1)
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b}, points=TENS)
    assert total(res, "Absoluto", "j") == 10 and total(res, "Absoluto", "k") is None
    t = res.outcome.tournaments.set_index("tournament")
    assert bool(t.loc["A", "counts"]) and not bool(t.loc["B", "counts"])


def test_closed_all_players_from_the_host_liga_spelled_without_accent_art2_q1(tmp_path):
    """Art. 2 q 1: "Mínimo debe haber 3 jugadores de Ligas diferentes a la Liga Sede".

    Closed C, host league written 'Bogota'; its four players are all from the liga 'Bogotá' (the same liga,
    with its accent) → 0 players from other leagues → excluded (Art. 2 q 1), nobody scores.
    gpcalc: 'bogota' ≠ 'bogotá' → 4 visitors → valid, b0 20, b1 18, b2 16.
    """
    rows = [person(i + 1, f"b{i}", str(i), league="Bogotá", score=3 - i * 0.5, games=3) for i in range(4)]
    c = book("C", rows, kind="Closed", host="Bogota", base=3, start=dt.date(2009, 5, 1))
    res = season(tmp_path, {"c.xlsx": c})
    assert not bool(res.outcome.tournaments.set_index("tournament").loc["C", "counts"])
    assert totals(res, "Absoluto") == {}


# ============================================================================================ team events

def test_team_event_women_sub20_and_reserves_amateur_item7(tmp_path):
    """Art. 3 amateur list item 7 (ruling 8: board points and team bonus add up; reserves only the bonus).

    Team event feeding Absoluto (so every senior ranking, ruling 3):
      ana (F, 1990: Sub 20)  team X (1st) board 1, board place 1 → 12 + 6 = 18
      bo                     team Y (2nd) board 1, board place 2 → 10 + 4 = 14
      cy (F)                 team X (1st) board 5 (reserve)      →  0 + 6 = 6
      di                     team Y (2nd) board 2, board place 1 → 10 + 4 = 14
      ed                     team Z (3rd) board 4, board place 4 →  0 + 2 = 2   (board 4: 6, 4, 2)
    Femenino: ana 18, cy 6 (no Dama minimum in a team event, ruling 8). Sub 20 Absoluto/Femenino: ana 18.
    """
    rows = [person(1, "ana", "1", sex="F", born=1990, score=5, team=("X", 1, 1, 1)),
            person(2, "bo", "2", score=4, team=("Y", 2, 1, 2)),
            person(3, "cy", "3", sex="F", score=4, team=("X", 1, 5, 1)),
            person(4, "di", "4", score=3, team=("Y", 2, 2, 1)),
            person(5, "ed", "5", score=1, team=("Z", 3, 4, 4))]
    res = season(tmp_path, {"t.xlsx": book("T", rows, kind="Team", head=TEAM_HEAD, Ranking="Absoluto")})
    assert totals(res, "Absoluto") == {"ana": 18, "bo": 14, "cy": 6, "di": 14, "ed": 2}
    assert totals(res, "Femenino") == {"ana": 18, "cy": 6}
    assert totals(res, "Sub 20 Absoluto") == {"ana": 18} and totals(res, "Sub 20 Femenino") == {"ana": 18}


# ============================================================================================ counting, ties

def test_two_thirds_counting_uses_each_rankings_own_m_art3_item6(tmp_path):
    """Art. 3 item 6 as ruled: per ranking, M = tournaments awarding points in THAT ranking; best
    max(1, floor(2M/3)) count.

    Opens A, B, C (base 1 → 16 to the winner): p wins all three. y (born 1992: Sub 20) is 2nd in A and B (0 place
    points) → alone in the Sub 20 group → minimum 6 each time (item 4); C has no Sub 20 player.
    Absoluto: M = 3 → best 2 → p 16 + 16 = 32 (one 16 dropped).
    Sub 20 Absoluto: M = 2 → best max(1, floor(4/3)) = 1 → y 6 (not 12).
    """
    def o(name, month, with_y):
        rows = [person(1, "p", "1", score=6)] + ([person(2, "y", "2", born=1992, score=5)] if with_y else [])
        return book(name, rows, start=dt.date(2009, month, 1), base=1)

    res = season(tmp_path, {"a.xlsx": o("A", 2, True), "b.xlsx": o("B", 3, True), "c.xlsx": o("C", 4, False)})
    p, y = standing(res, "Absoluto", "p"), standing(res, "Sub 20 Absoluto", "y")
    assert (p["total"], p["counted_results"]) == (32, 2)
    assert (y["total"], y["counted_results"]) == (6, 1)


def test_tiebreak_last_tournament_is_the_one_that_ends_last_art4_ruling7(tmp_path):
    """Art. 4 tie 2 "better place in the player's last tournament played"; ruling 7: the last tournament =
    latest end date.

    A: 1–28 February (long), B: 10–12 February. Both base 2 (18, 16). A: p1 1st, p2 2nd; B: p2 1st, p1 2nd.
    M = 2 → best 1: both 18; both played 2 (tie 1 equal). Last tournament by END date is A (28 Feb): p1 1st there
    → p1 ranks 1, p2 2 (by start date B would be last and p2 would win).
    """
    a = book("A", [person(1, "p1", "1", score=6), person(2, "p2", "2", score=5)], start=dt.date(2009, 2, 1),
             end=dt.date(2009, 2, 28), base=2)
    b = book("B", [person(1, "p2", "2", score=6), person(2, "p1", "1", score=5)], start=dt.date(2009, 2, 10),
             base=2)
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b})
    p1, p2 = standing(res, "Absoluto", "p1"), standing(res, "Absoluto", "p2")
    assert (p1["total"], p2["total"]) == (18, 18)
    assert (p1["rank"], p2["rank"]) == (1, 2)
    assert p1["tiebreak"] == R.TIEBREAK_LEVELS[1]


# ============================================================================================ amateur, youth

def test_amateur_fide_counts_twice_irt_lock_and_dama_art3_amateur(tmp_path):
    """Art. 3 amateur list (categoría = rated players, FIDE-rated ×2, + 2 for an IRT; the lock; Dama amateur).

    T1 (February, IRT): gm (2500, GM) 1st; a 1750 + FIDE 1700 (Sub 1800, weight 2) 2nd; b 1780 (Sub 1800, 1) 3rd;
    w (F) 1650 (Sub 1700, 1) 4th; u unrated (Sub 1700, 0) 5th. One titled player → no title rule.
      Sub 1800: 2 + 1 + 2 IRT = 5 → a 24, b 22.  Sub 1700: 1 + 0 + 2 = 3 → w 20, u 18.  Dama amateur: w 20.
    T2 (April, not IRT): a 1820 (locked Sub 1800) 1st; w (F) 1720 (locked Sub 1700) 2nd; c 1850 (Sub 2000) 3rd;
    b 1790 4th.  Sub 1800 {a 1, b 1} = 2 → a 18, b 16.  Sub 1700 {w 1} = 1 → w 16 (Dama 16).  Sub 2000 {c} → 16.
    Counting: M = 2 in Sub 1800, Sub 1700 and Dama → best 1: a 24, b 22; w 20, u 18; Dama w 20. Sub 2000: c 16.
    """
    t1 = book("T1", [person(1, "gm", "1", title="GM", nat=2500, fide=2500, score=7),
                     person(2, "a", "2", nat=1750, fide=1700, score=6), person(3, "b", "3", nat=1780, score=5),
                     person(4, "w", "4", sex="F", nat=1650, score=4), person(5, "u", "5", score=3)],
              start=dt.date(2009, 2, 1), base=5, irt="Yes")
    t2 = book("T2", [person(1, "a", "2", nat=1820, score=6), person(2, "w", "4", sex="F", nat=1720, score=5),
                     person(3, "c", "6", nat=1850, score=4), person(4, "b", "3", nat=1790, score=3)],
              start=dt.date(2009, 4, 1), base=4)
    res = season(tmp_path, {"t1.xlsx": t1, "t2.xlsx": t2})
    assert totals(res, "Sub 1800") == {"a": 24, "b": 22}
    assert totals(res, "Sub 1700") == {"w": 20, "u": 18}
    assert totals(res, "Dama amateur") == {"w": 20}
    assert totals(res, "Sub 2000") == {"c": 16}
    lg = res.outcome.ledger
    t2_rows = lg[(lg["tournament"] == "T2") & lg["ranking"].isin(R.AMATEUR_BANDS)]
    assert dict(zip(t2_rows["name"] + "/" + t2_rows["ranking"], t2_rows["points"])) == {
        "a/Sub 1800": 18, "b/Sub 1800": 16, "w/Sub 1700": 16, "c/Sub 2000": 16}


def test_youth_age_boundaries_and_girl_in_both_ramas_art2_l(tmp_path):
    """Art. 2 l (ruling: exclusive by age; Sub 14 = born Y−14 or Y−13 … Sub 6 = born Y−6 or later); categoría per
    category and rama = rated players (FIDE ×2), not IRT here.

    Sub-14 tournament K, 2009:
      1 s14 (M, 1995, 1500) → Sub 14;  2 old (M, 1994, 1600) → none (15);  3 g14 (F, 1996, 1400) → Sub 14 both ramas;
      4 u14 (M, 1996, unrated) → Sub 14;  5 s6 (F, 2003, 1000) → Sub 6 both ramas;  6 s8 (M, 2002, 1000) → Sub 8.
    Sub 14 Absoluto {s14 1, g14 1, u14 0} = 2 → s14 18, g14 16 (u14 on 4 < g14's 5: no item 5).
    Sub 14 Femenino {g14} = 1 → 16.  Sub 6 Absoluto and Femenino {s6} → 16.  Sub 8 Absoluto {s8} → 16.
    """
    rows = [person(1, "s14", "1", born=1995, nat=1500, score=6), person(2, "old", "2", born=1994, nat=1600, score=5.5),
            person(3, "g14", "3", sex="F", born=1996, nat=1400, score=5), person(4, "u14", "4", born=1996, score=4),
            person(5, "s6", "5", sex="F", born=2003, nat=1000, score=3),
            person(6, "s8", "6", born=2002, nat=1000, score=2)]
    res = season(tmp_path, {"k.xlsx": book("K", rows, kind="Sub 14")})
    assert totals(res, "Sub 14 Absoluto") == {"s14": 18, "g14": 16}
    assert totals(res, "Sub 14 Femenino") == {"g14": 16}
    assert totals(res, "Sub 6 Absoluto") == {"s6": 16} and totals(res, "Sub 6 Femenino") == {"s6": 16}
    assert totals(res, "Sub 8 Absoluto") == {"s8": 16}
    assert not (res.outcome.standings["name"] == "old").any()


# ============================================================================================ withdrawals (Art. 6)

def test_unjustified_withdrawal_from_a_sub14_loses_senior_points_too_art6(tmp_path):
    """Art. 6: "An unjustified withdrawal loses the player all points of that year and any prize: gpcalc removes
    them from every ranking … Their points are not passed down."

    k (born 1996) wins open A (base 1 → 16 in Absoluto and Sub 20/18/16 Absoluto) and withdraws without
    justification from Sub-14 K, where k was 1st of Sub 14 (categoría {k 1500, m 1400} = 2 → k 18, m 16).
    k appears in no ranking; m keeps 16 (not k's 18); a (2nd in A, 0 place points, adult) gets nothing.
    """
    a = book("A", [person(1, "k", "1", born=1996, score=6), person(2, "a", "2", score=5)], base=1)
    k = book("K", [person(1, "k", "1", born=1996, nat=1500, score=6, withdrew="Yes"),
                   person(2, "m", "3", born=1996, nat=1400, score=5)], kind="Sub 14", start=dt.date(2009, 5, 1))
    res = season(tmp_path, {"a.xlsx": a, "k.xlsx": k})
    assert not (res.outcome.standings["name"] == "k").any()
    assert totals(res, "Sub 14 Absoluto") == {"m": 16}
    assert totals(res, "Absoluto") == {}


def test_unjustified_withdrawal_from_an_excluded_closed_tournament_art6(tmp_path):
    """Art. 6 (rulebook): "Any withdrawal is listed … An unjustified withdrawal loses the player all points of that
    year and any prize: gpcalc removes them from every ranking and lists them on a Sanctions sheet."

    Open O (base 2): a 1st → 18, b 2nd → 16. Closed C in October (excluded, Art. 2 q 2): a withdrew without
    justification (Withdrew = Yes).
    Expected: a is on the Sanctions sheet as sanctioned AND in no ranking; b keeps 16 (not passed a's 18).
    gpcalc: the Sanctions sheet says a is removed from every ranking, but a is ranked 1st with 18.
    """
    o = book("O", [person(1, "a", "1", score=5), person(2, "b", "2", score=4)], base=2)
    c = _closed("C", dt.date(2009, 10, 5), [person(1, "x", "3", score=3, games=3),
                                            person(2, "a", "1", score=2.5, games=3, withdrew="Yes")], base=3)
    res = season(tmp_path, {"o.xlsx": o, "c.xlsx": c})
    sanctions = sheet(res, "Sanctions")
    assert list(sanctions.loc[sanctions["_sanctioned"].astype(bool), "name"]) == ["a"]  # listed as sanctioned
    assert totals(res, "Absoluto") == {"b": 16}


# ============================================================================================ the money

def test_national_youth_championship_prizes_do_not_feed_the_senior_bolsa_art1_art2c(tmp_path):
    """Rulebook, The money: "Bolsa = Σ over the senior tournaments of the GP stops (kind Open) of max(10 % of entry
    fees, ½ SMMLV) + 10 % of prizes paid in cash or vouchers (all senior GP tournaments) + sponsorship".
    Art. 1: "el 10 % de los premios en efectivo a los jugadores en los mismos [eventos de mayores]".

    SMMLV 500,000 (½ = 250,000). Open O: entry fees 3,000,000 → max(300,000; 250,000) = 300,000; no prizes given.
    National Sub 12 championship N (a youth event, feeds Sub 12 Absoluto): prizes paid 1,000,000 → not senior →
    nothing. Sponsorship 0. Bolsa = 300,000; 80 % = 240,000; 1 % = 3,000.
    gpcalc: 300,000 + 10 % × 1,000,000 = 400,000.
    """
    n = book("N", [person(1, "k1", "1", born=1998, nat=1500, score=5), person(2, "k2", "2", born=1997, nat=1400,
                                                                           score=4)],
             kind="National", base=None, **{"Cash prizes": "No", "Ranking": "Sub 12 Absoluto",
                                            "Prizes paid": 1_000_000})
    o = book("O", [person(1, "a", "3", score=5)], base=1, **{"Entry fees": 3_000_000})
    res = season(tmp_path, {"n.xlsx": n, "o.xlsx": o}, SMMLV=500_000)
    bolsa = res.outcome.json_extra["bolsa"]
    assert bolsa["total"] == 300_000 and bolsa["paid_out"] == 240_000 and bolsa["one_percent"] == 3_000


def test_bolsa_split_and_one_prize_per_player_art1_art4(tmp_path):
    """Art. 1 / 2 c / 4 and the ruling "a player eligible for several prizes (place money included) takes the
    highest; the prize they leave passes to the next eligible player".

    SMMLV 500,000. Open A: fees 3,000,000 → max(300,000; 250,000) = 300,000; prizes 2,000,000 → 200,000.
    Open B: fees 1,000,000 → 100,000 < 250,000 → 250,000. Sponsorship 250,000.
    Bolsa = 300,000 + 200,000 + 250,000 + 250,000 = 1,000,000; retained 200,000; 80 % = 800,000;
    Pot 60/40 → place 1 480,000, place 2 320,000; 1 % = 10,000 each.
    A (base 2: 18, 16): y (born 1990, Sub 20) 1st, z (born 1991, Sub 20) 2nd; B: y 1st, x (1970) 2nd.
    Absoluto (M = 2 → best 1): y 18; x and z 16, both played 1 and were 2nd in their last tournament → tied,
    marked (Art. 4: "never broken silently"). Place 1 → y. Place 2 → one of the tied pair, with a note.
    Sub 20 Absoluto: y 18, z 16. y already holds place 1 (480,000 > 10,000) → the best-Sub-20 1 % passes to z,
    unless z took place 2 (then nobody is left): here x takes place 2 (the listed order of the tie), so z gets it.
    """
    a = book("A", [person(1, "y", "1", born=1990, score=6), person(2, "z", "2", born=1991, score=5)],
             start=dt.date(2009, 2, 1), base=2, **{"Entry fees": 3_000_000, "Prizes paid": 2_000_000})
    b = book("B", [person(1, "y", "1", born=1990, score=6), person(2, "x", "3", born=1970, score=5)],
             start=dt.date(2009, 3, 1), base=2, **{"Entry fees": 1_000_000})
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b}, sheets={"Pot": [["Place", "Percent"], [1, 60], [2, 40]]},
                 SMMLV=500_000, Sponsorship=250_000)
    bolsa = res.outcome.json_extra["bolsa"]
    assert (bolsa["total"], bolsa["retained"], bolsa["paid_out"], bolsa["one_percent"]) == (
        1_000_000, 200_000, 800_000, 10_000)
    p = res.outcome.prizes
    players = p[p["ranking"] != "Organisers"]
    assert players["name"].dropna().value_counts().max() == 1  # one prize per player
    first = p[(p["ranking"] == "Absoluto") & (p["place"] == 1)].iloc[0]
    second = p[(p["ranking"] == "Absoluto") & (p["place"] == 2)].iloc[0]
    sub20 = p[p["ranking"] == "Sub 20 Absoluto"].iloc[0]
    assert (first["name"], first["value"]) == ("y", 480_000)
    assert second["value"] == 320_000 and second["name"] in {"x", "z"} and "tied with" in second["note"]
    assert sub20["value"] == 10_000 and sub20["name"] == ({"x": "z", "z": None}[second["name"]])
    assert "y (already wins Absoluto" in sub20["passed_over"]


# ============================================================================================ compliance (Art. 2)

def test_entry_fee_average_excludes_fee_exempt_titled_players_art2_h(tmp_path):
    """Art. 2 h: "Las inscripciones podrán oscilar entre $20,000 y $80,000 … Los MI, WMI, GM y WGM no pagarán
    inscripción." Rulebook compliance list: "entry fee outside the announced range".

    Open with 4 players: a GM and an IM (exempt) and two paying players; entry fees collected 60,000 →
    60,000 / 2 paying = 30,000 each, inside 20,000–80,000 → no warning.
    gpcalc: 60,000 / 4 = 15,000 → warns 'average entry fee 15,000 outside 20,000–80,000'.
    """
    rows = [person(1, "gm", "1", title="GM", score=6), person(2, "im", "2", title="IM", score=5),
            person(3, "p", "3", score=4), person(4, "q", "4", score=3)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=2, **{"Entry fees": 60_000})})
    assert warnings_of(res, "entry-fee-range") == []
