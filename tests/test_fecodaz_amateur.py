"""FECODAZ amateur and Sub-14 youth rankings (Art. 2 k, l, m; Art. 3 amateur list) — rule tests.

Points come from the illustrative table P(c, p) = 2c + 14 − 2(p − 1) (categoría 1: 16; 2: 18, 16; 3: 20, 18, 16;
4: 22, 20, 18, 16; 5: 24 …; 7: 28 …). Each test cites its article/item and works the arithmetic out.
"""

from __future__ import annotations

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpcalc.circuits import fecodaz_rules as R

YEAR = 2009
TABLE = R.illustrative_table()


def rows(data, tournament="T"):
    """data: (player, place, score, sex, national, fide[, born])."""
    out = []
    for item in data:
        player, place, score, sex, nat, fide, *rest = item
        out.append(dict(tournament=tournament, player=player, place=place, score=score, sex=sex,
                        national_rating=nat, fide_rating=fide, born_year=rest[0] if rest else 1980))
    return pd.DataFrame(out)


def amateur(frames, irt=None, titled=None, order=None):
    res = pd.concat(frames, ignore_index=True)
    order = order or list(dict.fromkeys(res["tournament"]))
    targets = {t: R.AMATEUR_NAMES for t in order}
    irt = pd.Series(irt or {t: False for t in order})
    titled = pd.Series(titled or {}, dtype="int64")
    return R.amateur_awards(res, order, targets, TABLE, irt, titled)


def pts(awards, player, ranking, tournament=None):
    a = awards[(awards["player"] == player) & (awards["ranking"] == ranking)]
    if tournament is not None:
        a = a[a["tournament"] == tournament]
    assert len(a) <= 1
    return float(a["points"].iloc[0]) if len(a) else 0.0


def rankings_of(awards, player):
    return set(awards.loc[awards["player"] == player, "ranking"])


# ------------------------------------------------------------------------------------------- bands

def test_band_boundaries_1699_1700_1799_1800_1999_2000_art2k_ruling():
    # FECODAZ Art. 2 k / Art. 3 amateur list, ruling: exclusive bands Sub 1700 < 1700, Sub 1800 1700–1799,
    # Sub 2000 1800–1999; 2000 or more is not amateur; no national rating → Sub 1700 (ruling)
    ratings = pd.Series([1699, 1700, 1799, 1800, 1999, 2000, None])
    assert R.rating_band(ratings).tolist() == ["Sub 1700", "Sub 1800", "Sub 1800", "Sub 2000", "Sub 2000", "", "Sub 1700"]


def test_band_boundaries_in_a_tournament_art3_amateur():
    # FECODAZ Art. 3 amateur list: positions = order of the band's players in the standings; categoría = its
    # rated players (non-IRT, no FIDE): Sub 2000 {1999, 1800} → c = 2: 18, 16; Sub 1800 {1799, 1700} → 18, 16;
    # Sub 1700 {1699} → c = 1: 16; the 2000-rated player scores in no amateur band
    res = rows([("a", 1, 6, "M", 2000, None), ("b", 2, 5.5, "M", 1999, None), ("c", 3, 5, "M", 1800, None),
                ("d", 4, 4.5, "M", 1799, None), ("e", 5, 4, "M", 1700, None), ("f", 6, 3.5, "M", 1699, None)])
    aw, _ = amateur([res])
    assert rankings_of(aw, "a") == set()
    assert (pts(aw, "b", "Sub 2000"), pts(aw, "c", "Sub 2000")) == (18, 16)
    assert (pts(aw, "d", "Sub 1800"), pts(aw, "e", "Sub 1800")) == (18, 16)
    assert pts(aw, "f", "Sub 1700") == 16
    assert rankings_of(aw, "c") == {"Sub 2000"} and rankings_of(aw, "e") == {"Sub 1800"}


# ------------------------------------------------------------------------------------------- categoría

def test_fide_rated_players_count_twice_art3_amateur():
    # FECODAZ Art. 3 amateur list: "los jugadores con ELO FIDE se contarán por 2": Sub 1700 has p (national +
    # FIDE = 2), q (national + FIDE = 2), r (national = 1), s (unrated = 0), u (FIDE only, no national = 0,
    # ruling) → categoría 5 (non-IRT): 24, 22, 20, 18, 16
    res = rows([("p", 1, 6, "M", 1600, 1650), ("q", 2, 5.5, "M", 1500, 1550), ("r", 3, 5, "M", 1400, None),
                ("s", 4, 4.5, "M", None, None), ("u", 5, 4, "M", None, 1600)])
    aw, _ = amateur([res])
    assert [pts(aw, x, "Sub 1700") for x in "pqrsu"] == [24, 22, 20, 18, 16]
    assert "categoría 5 = 5 rated (FIDE-rated count twice)" in aw.loc[aw["player"] == "p", "detail"].iloc[0]


def test_irt_adds_two_categories_only_for_fide_rated_events_art3_amateur_item4():
    # FECODAZ Art. 3 amateur item 4: two rated players → categoría 2 (18, 16); the same event as an IRT → 2 + 2 = 4
    # (22, 20, and the two unrated players below them now score 18 and 16)
    res = rows([("p", 1, 6, "M", 1600, None), ("q", 2, 5.5, "M", 1500, None), ("r", 3, 5, "M", None, None),
                ("s", 4, 4.5, "M", None, None)])
    plain, _ = amateur([res], irt={"T": False})
    irt, _ = amateur([res], irt={"T": True})
    assert [pts(plain, x, "Sub 1700") for x in "pqrs"] == [18, 16, 0, 0]
    assert [pts(irt, x, "Sub 1700") for x in "pqrs"] == [22, 20, 18, 16]


def test_three_titled_players_plus_two_and_one_extra_place_art3_amateur_item2():
    # FECODAZ Art. 3 amateur item 2: 3 titled players (FIDE or national) → every score + 2 and one more place
    # with 2: categoría 2 → 18 + 2 = 20, 16 + 2 = 18, 3rd (extra place) 2; the 4th, tied on score with the
    # 3rd, gets half of the last scorer's 2 = 1 (item 5, ruling: the last scorer includes the extra places)
    res = rows([("p", 1, 6, "M", 1600, None), ("q", 2, 5.5, "M", 1500, None), ("r", 3, 4, "M", None, None),
                ("s", 4, 4, "M", None, None), ("t", 5, 3, "M", None, None)])
    aw, _ = amateur([res], titled={"T": 3})
    assert [pts(aw, x, "Sub 1700") for x in "pqrst"] == [20, 18, 2, 1, 0]
    assert set(aw.loc[aw["player"] == "r", "rule"]) == {R.RULE_TITLES_EXTRA}
    two, _ = amateur([res], titled={"T": 2})  # 2 titled: no adjustment
    assert [pts(two, x, "Sub 1700") for x in "pqrst"] == [18, 16, 0, 0, 0]


def test_six_titled_players_plus_four_and_two_extra_places_art3_amateur_item3():
    # FECODAZ Art. 3 amateur item 3: 6 titled → every score + 4 and two more places with 4 and 2: categoría 2
    # → 22, 20, then 4, 2; the 5th tied with the 4th on 3 points → half of 2 = 1
    res = rows([("p", 1, 6, "M", 1600, None), ("q", 2, 5.5, "M", 1500, None), ("r", 3, 4, "M", None, None),
                ("s", 4, 3, "M", None, None), ("t", 5, 3, "M", None, None), ("u", 6, 2, "M", None, None)])
    aw, _ = amateur([res], titled={"T": 6})
    assert [pts(aw, x, "Sub 1700") for x in "pqrstu"] == [22, 20, 4, 2, 1, 0]


def test_titled_players_count_fide_and_national_titles_once_art3_amateur_items2_3():
    # FECODAZ Art. 3 amateur items 2-3: "CMN, CMNF, MN, MNF o títulos FIDE": GM, MN, CMNF = 3 players; a player
    # listed twice counts once; no title does not count
    res = pd.DataFrame({"tournament": "T", "player": ["a", "b", "c", "c", "d"],
                        "title": ["GM", "MN", "CMNF", "CMNF", None]})
    assert R.titled_players(res).to_dict() == {"T": 3}


def test_item5_tie_without_titles_half_of_last_place_art3_amateur_item5():
    # FECODAZ Art. 3 item 5 (also for amateur): categoría 2 → 18, 16; the 3rd (unrated) tied on 4 with the
    # 2nd → 16 / 2 = 8; the 4th has fewer game points → 0
    res = rows([("p", 1, 6, "M", 1600, None), ("q", 2, 4, "M", 1500, None), ("r", 3, 4, "M", None, None),
                ("s", 4, 3.5, "M", None, None)])
    aw, _ = amateur([res])
    assert [pts(aw, x, "Sub 1700") for x in "pqrs"] == [18, 16, 8, 0]


# ------------------------------------------------------------------------------------------- the lock

def test_category_locked_at_first_scoring_tournament_art3_amateur():
    # FECODAZ Art. 3 amateur list: "quedará para todo el año con la categoría del ELO con la que adquirió
    # puntaje por 1a vez". x scores in Sub 1800 at T1 (1750, alone: categoría 1 → 16); at T2 x is rated 1820 but
    # stays Sub 1800 (Sub 1800 at T2 = {x} → 16), while z, first seen at T2 with 1820, is Sub 2000 (16). At T3 x
    # is rated 2050 (not amateur by rating) and still scores in Sub 1800. w was unrated at T1 (Sub 1700, categoría
    # 0, no points — not locked) and plays T2 rated 1750 → Sub 1800 with x: categoría 2 → x 18, w 16.
    t1 = rows([("x", 1, 5, "M", 1750, None), ("w", 2, 4, "M", None, None)], "T1")
    t2 = rows([("z", 1, 6, "M", 1820, None), ("x", 2, 5, "M", 1820, None), ("w", 3, 4, "M", 1750, None)], "T2")
    t3 = rows([("x", 1, 5, "M", 2050, None)], "T3")
    aw, members = amateur([t1, t2, t3], order=["T1", "T2", "T3"])
    assert pts(aw, "x", "Sub 1800", "T1") == 16 and pts(aw, "w", "Sub 1700", "T1") == 0
    assert pts(aw, "x", "Sub 1800", "T2") == 18 and pts(aw, "w", "Sub 1800", "T2") == 16
    assert pts(aw, "z", "Sub 2000", "T2") == 16 and pts(aw, "x", "Sub 2000", "T2") == 0
    assert pts(aw, "x", "Sub 1800", "T3") == 16
    assert "locked" in aw.loc[(aw["player"] == "x") & (aw["tournament"] == "T3"), "detail"].iloc[0]
    assert set(members.loc[members["player"] == "x", "ranking"]) == {"Sub 1800"}


def test_lock_follows_date_order_not_file_order_art3_amateur():
    # the order given is the date order: if T2 (1820 → Sub 2000) is first, x locks in Sub 2000 and stays there
    t1 = rows([("x", 1, 5, "M", 1750, None)], "T1")
    t2 = rows([("x", 1, 5, "M", 1820, None)], "T2")
    aw, _ = amateur([t1, t2], order=["T2", "T1"])
    assert rankings_of(aw, "x") == {"Sub 2000"}


# ------------------------------------------------------------------------------------------- Dama amateur

def test_dama_amateur_with_a_scoring_woman_art3_amateur_item1():
    # FECODAZ Art. 3 amateur item 1: a woman's band points also count in Dama amateur. Sub 2000 = {ana 1900}
    # → categoría 1: ana 16 → Dama 16; bea (unrated, Sub 1700 with m rated: categoría 1, bea 2nd) scores 0
    # there and 0 in Dama (a woman did score, so no minimum)
    res = rows([("ana", 1, 6, "F", 1900, None), ("m", 2, 5, "M", 1600, None), ("bea", 3, 4, "F", None, None)])
    aw, _ = amateur([res])
    assert pts(aw, "ana", "Dama amateur") == 16 and pts(aw, "bea", "Dama amateur") == 0


def test_dama_amateur_minimum_when_no_woman_scored_art3_amateur_item1():
    # FECODAZ Art. 3 amateur item 1: Sub 1700 = {m1, m2 rated} → categoría 2 (m1 18, m2 16); the four women are
    # unrated and placed below with distinct scores → no woman scored in her band → best amateur woman 6, next
    # 4, next 2, the 4th 0. The 2100-rated woman is not amateur (not Sub 2000).
    res = rows([("top", 1, 7, "F", 2100, None), ("m1", 2, 6, "M", 1600, None), ("m2", 3, 5.5, "M", 1500, None),
                ("w1", 4, 5, "F", None, None), ("w2", 5, 4.5, "F", None, None), ("w3", 6, 4, "F", None, None),
                ("w4", 7, 3.5, "F", None, None)])
    aw, _ = amateur([res])
    assert [pts(aw, w, "Dama amateur") for w in ("w1", "w2", "w3", "w4", "top")] == [6, 4, 2, 0, 0]
    assert [pts(aw, w, "Sub 1700") for w in ("w1", "w2", "w3")] == [0, 0, 0]
    assert set(aw.loc[aw["ranking"] == "Dama amateur", "rule"]) == {R.RULE_DAMA_MIN}


# ------------------------------------------------------------------------------------------- youth

def youth(res, irt=False, titled=None, targets=None):
    targets = targets or {t: R.YOUTH_NAMES for t in res["tournament"].unique()}
    return R.youth_awards(res, targets, YEAR, TABLE, pd.Series({t: irt for t in targets}),
                          pd.Series(titled or {}, dtype="int64"))


def test_youth_categories_exclusive_by_birth_year_art2_l_ruling():
    # FECODAZ Art. 2 l, ruling: in 2009 Sub 14 = born 1995 or 1996, Sub 12 = 1997/1998, Sub 10 = 1999/2000,
    # Sub 8 = 2001/2002, Sub 6 = 2003 or later; born 1994 (15) or unknown → no youth category
    born = pd.Series([1994, 1995, 1996, 1997, 1998, 1999, 2000, 2001, 2002, 2003, 2005, None])
    assert R.youth_category(born, YEAR).tolist() == ["", "Sub 14", "Sub 14", "Sub 12", "Sub 12", "Sub 10",
                                                     "Sub 10", "Sub 8", "Sub 8", "Sub 6", "Sub 6", ""]


def test_playing_up_scores_only_in_own_age_category_and_girl_in_both_ramas_art2_l():
    # FECODAZ Art. 3 amateur list: "su puntaje se le acumulará sólo en la de la categoría que corresponda a su
    # edad". kid (2000, Sub 10) wins the Sub-14 tournament: Sub 10 Absoluto = {kid, girl} rated → categoría 2
    # → kid 18, girl 16; nothing in Sub 14. Sub 10 Femenino = {girl} → categoría 1 → 16 (a girl is in both
    # ramas, one score in each). Sub 14 Absoluto = {a 1995, b 1996} → 18, 16; old (1994) scores nowhere.
    res = rows([("kid", 1, 6, "M", 1500, None, 2000), ("a", 2, 5, "M", 1450, None, 1995),
                ("old", 3, 4.5, "M", 1400, None, 1994), ("b", 4, 4, "M", 1300, None, 1996),
                ("girl", 5, 3, "F", 1200, None, 1999)])
    aw, members = youth(res)
    got = {(p, r): v for p, r, v in zip(aw["player"], aw["ranking"], aw["points"])}
    assert got == {("kid", "Sub 10 Absoluto"): 18, ("girl", "Sub 10 Absoluto"): 16,
                   ("girl", "Sub 10 Femenino"): 16, ("a", "Sub 14 Absoluto"): 18, ("b", "Sub 14 Absoluto"): 16}
    assert "old" not in set(members["player"])


def test_youth_irt_titles_and_fide_count_per_category_and_rama_art3_amateur():
    # Sub 12 Absoluto: p (national + FIDE = 2), q (national = 1) → 3, IRT + 2 → categoría 5; 3 titled → + 2 and
    # one extra place with 2: p 24 + 2 = 26, q 22 + 2 = 24, r (unrated) 20 + 2 = 22 (places 3..5 still in the
    # categoría); Sub 12 Femenino = {q} → 1 + 2 = 3: q 20 + 2 = 22
    res = rows([("p", 1, 6, "M", 1500, 1450, 1997), ("q", 2, 5, "F", 1400, None, 1998),
                ("r", 3, 4, "M", None, None, 1997)])
    aw, _ = youth(res, irt=True, titled={"T": 3})
    got = {(p, r): v for p, r, v in zip(aw["player"], aw["ranking"], aw["points"])}
    assert got == {("p", "Sub 12 Absoluto"): 26, ("q", "Sub 12 Absoluto"): 24, ("r", "Sub 12 Absoluto"): 22,
                   ("q", "Sub 12 Femenino"): 22}


def test_national_youth_championship_feeds_only_its_category_art3_amateur_item5():
    # FECODAZ Art. 3 amateur item 5: "en su categoría respectiva": a national Sub 12 Absoluto championship
    # gives points only in Sub 12 Absoluto (the girl gets nothing in Sub 12 Femenino, the Sub 10 nothing)
    res = rows([("a", 1, 6, "M", 1500, None, 1997), ("g", 2, 5, "F", 1400, None, 1998),
                ("k", 3, 4, "M", 1400, None, 2000)])
    aw, _ = youth(res, targets={"T": ("Sub 12 Absoluto",)})
    assert set(aw["ranking"]) == {"Sub 12 Absoluto"} and set(aw["player"]) == {"a", "g"}


# ------------------------------------------------------------------------------------------- invariants

@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from([None, 1200, 1650, 1699, 1700, 1750, 1799, 1800, 1900, 1999, 2000, 2200]),
                          st.booleans(), st.integers(0, 12)), min_size=1, max_size=25),
       st.booleans(), st.integers(0, 8))
def test_every_band_has_at_least_its_rated_players_scoring_and_points_never_rise_art3_amateur(players, irt, titled):
    # categoría = Σ weights (+2 IRT) ≥ the number of rated players, so a band has at least that many scorers
    # (positions 1..c all score); within a band the points never rise with the position (scores fall strictly)
    data = [(f"p{i}", i + 1, 100 - i, "M", nat, 1500 if fide and nat else None)
            for i, (nat, fide, _) in enumerate(players)]
    aw, members = amateur([rows(data)], irt={"T": irt}, titled={"T": titled})
    frame = pd.DataFrame({"band": R.rating_band(pd.Series([p[4] for p in data], dtype="float64")),
                          "rated": [p[4] is not None for p in data]})
    for b in R.AMATEUR_BANDS:
        scorers = aw[aw["ranking"] == b]
        assert len(scorers) >= int(frame.loc[frame["band"] == b, "rated"].sum())
        seq = scorers.sort_values("position")["points"].tolist()
        assert seq == sorted(seq, reverse=True)


def test_counting_two_thirds_applies_to_amateur_rankings_art3_item6():
    # FECODAZ Art. 3 item 6 as ruled, in Sub 1700: M = 3 tournaments award points → best floor(6/3) = 2 count
    entries = pd.DataFrame({"ranking": "Sub 1700", "player": "x", "tournament": ["A", "B", "C"],
                            "date": pd.to_datetime(["2009-02-01", "2009-03-01", "2009-04-01"]),
                            "points": [16.0, 20.0, 18.0], "closed": False})
    held = R.tournaments_held(entries)
    limits = pd.Series(R.counting_limit(held.to_numpy()), index=held.index)
    out, totals = R.count_best(entries, limits)
    assert int(limits["Sub 1700"]) == 2 and float(totals["total"].iloc[0]) == 38  # 20 + 18
    assert out.set_index("tournament")["counted"].to_dict() == {"A": False, "B": True, "C": True}


@pytest.mark.parametrize("rating,band", [(1699, "Sub 1700"), (1700, "Sub 1800"), (1799, "Sub 1800"),
                                         (1800, "Sub 2000"), (1999, "Sub 2000"), (2000, "")])
def test_band_of_each_boundary_rating_art2k(rating, band):
    # FECODAZ Art. 2 k (ruling: exclusive bands)
    assert R.rating_band(pd.Series([rating])).iloc[0] == band


def test_season_of_only_a_sub14_tournament_with_blank_births_and_ratings(tmp_path):
    # Art. 2 m: a Sub-14 tournament alone is a valid season. a (2000, Sub 10, rated) → Sub 10 Absoluto c 1 → 16;
    # b (born 1990) is older than Sub 14 (noted); c has no birth year (warned): neither scores
    import datetime as dt

    from builders import make_season

    from gpcalc.pipeline import compute

    points = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                              for c in range(1, 14)]
    head = ["Place", "Name", "ID", "Sex", "Born", "League", "National rating", "Score"]
    k = {"Tournament": {"Circuit": "fecodaz", "Name": "K", "Start": dt.date(2009, 3, 1), "End": dt.date(2009, 3, 2),
                        "Kind": "Sub 14", "Host league": "Valle", "IRT": "No", "Norms": "None", "Cash prizes": "No",
                        "Rounds": 6},
         "Results": [head, [1, "a", "1", "M", 2000, "Valle", 1500, 5], [2, "b", "2", "F", 1990, "Valle", None, 4],
                     [3, "c", "3", "F", None, "Valle", None, 3]]}
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009", "Points table source": "x"},
                         sheets={"Points": points}, tournaments={"k.xlsx": k})
    res = compute(folder)
    assert res.outcome is not None
    s = res.outcome.standings
    assert s[["ranking", "name", "total"]].values.tolist() == [["Sub 10 Absoluto", "a", 16.0]]
    codes = {i.code for i in res.issues.items}
    assert {"youth-no-born", "youth-too-old"} <= codes
