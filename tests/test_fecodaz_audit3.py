"""Third audit pass of the FECODAZ circuit against its rulebook (../shared/rules/fecodaz.md and its Rulings).

Focus: combinations and boundaries the first two passes (tests/test_fecodaz_audit.py, test_fecodaz_audit2.py)
did not try — the categoría extension reached through bonuses together with item 5; item 5 feeding item 4 (one
score, ruling 1); ruling 6 (sanctioned players keep their slot in a minimum group, and in M); M per ranking with
rankings fed by only some tournaments (a women's national, a national youth championship); the closed cap and
ruling 5 inside an amateur ranking; the category lock reached through a national amateur championship and its
effect on Dama amateur (ruling 14); titled players with a categoría-0 band and the Dama minimum (ruling 14);
Sub-14 titles with item 5 at the extra place; the register's liga in the closed-tournament visitor count; the
bolsa over every kind of tournament (ruling 16); a women's team championship (rulings 3, 7, 8).

Two defects found, fixed on 30 November (the last two tests): an amateur band whose categoría is missing inside
the Points table scored 0 with a warning (ruling 9 makes it an error); a national championship of a youth or
amateur category with cash prizes was rejected for a blank Base category it never uses.

Every expected number is worked out BY HAND from the quoted clause in the test's docstring. Seasons are built
with ``builders.make_season`` (through ``builders.fecodaz_season``) and run through ``gpcalc.pipeline.compute``.

Unless a test says otherwise: season 2009, the illustrative table P(c, p) = 2c + 14 − 2(p − 1)
(categoría 1: 16; 2: 18, 16; 3: 20, 18, 16; …; 13: 40 … 16), non-IRT tournaments, 7 rounds over 3 days, 7 games
each, men born 1980 of liga Valle with a national rating of 2200 (outside every amateur band), every player with
a distinct game score (no item-5 ties) unless the test is about them.
"""

from __future__ import annotations

import datetime as dt

import pandas as pd
from builders import FECODAZ_HEAD as HEAD
from builders import FECODAZ_ILLUSTRATIVE as ILLUSTRATIVE
from builders import FECODAZ_TEAM_HEAD as TEAM_HEAD
from builders import FECODAZ_YEAR as YEAR
from builders import fecodaz_book as book
from builders import fecodaz_counted as counted
from builders import fecodaz_ladder as ladder
from builders import fecodaz_person as person
from builders import fecodaz_season, make_season, standing
from builders import fecodaz_totals as totals
from builders import fecodaz_visitors_closed as visitors_closed

from gpcalc.pipeline import compute


def season(tmp_path, books, points=ILLUSTRATIVE, sheets=None, **settings):
    return fecodaz_season(tmp_path, books, points, year=YEAR, source="audit 3", sheets=sheets, **settings)


def awarded(res, tournament, ranking):
    """{name: points} of the ledger rows of one tournament and ranking (counted or not, forfeited included)."""
    lg = res.outcome.ledger
    lg = lg[(lg["tournament"] == tournament) & (lg["ranking"] == ranking)]
    return {n: float(p) for n, p in zip(lg["name"], lg["points"])}


# ============================================================================================ categoría, table

def test_extension_reached_through_norm_and_title_bonuses_with_item5_at_place_14_art3(tmp_path):
    """Art. 3: "categoría = base + title bonus + norm bonus + size bonus"; item 1 "GM o WGM = 5 … parte entera de
    la suma … dividido todo por 10"; item 2 "Cuando un torneo sea ITT con Normas de GM o WGM, recibirá 4 Categorías
    más"; beyond the table: "Cada categoría adicional a la 13ª, incrementará cuatro puntos al primero, e irá
    disminuyendo de 2 en dos por posición posterior, hasta cubrir el número de jugadores igual a su categoría"
    (P(c,1) = P(last,1) + 4(c − last)); item 5: "players with the same game score as the last scorer (place c) …
    ranked below it … each … half of the last place's points".

    Open, base 9 + GM norms 4 + two GMs (5 + 5 = 10 → +1) + 16 players (size +0) = categoría 14.
    P(14, p) = 40 + 4 − 2(p − 1): 44, 42, …, place 14 → 44 − 26 = 18.
    Places 1–13 distinct scores; place 14 and place 15 both on 2 game points → place 15 gets 18 / 2 = 9;
    place 16 (1½) → nothing.
    """
    rows = [person(p, f"p{p:02d}", title="GM" if p <= 2 else None, score=9 - 0.5 * (p - 1)) for p in range(1, 14)]
    rows += [person(14, "p14", score=2), person(15, "p15", score=2), person(16, "p16", score=1.5)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=9, Norms="GM", Rounds=9)})
    t = res.outcome.tournaments.set_index("tournament").loc["A"]
    assert (int(t["title_bonus"]), int(t["norm_bonus"]), int(t["size_bonus"]), int(t["category"])) == (1, 4, 0, 14)
    want = {f"p{p:02d}": 44 - 2 * (p - 1) for p in range(1, 14)}
    want.update({"p14": 18, "p15": 9})
    assert totals(res, "Absoluto") == want


def test_national_without_cash_size_bonus_at_exactly_100_players_over_2_games_art3_items3_6(tmp_path):
    """Art. 3 item 6: "Cuando un torneo sea un Nacional y no tenga premios en efectivo su categoría inicial será 3";
    item 3: "El numero de jugadores dividido por 100 incremetará categorías … Sólo se contaran los jugadores que
    efectivamente hayan jugado más de 2 partidas"; ruling 2: the base is replaced by 3, bonuses still added.

    National without cash (base written 7), 101 players: 100 with 3 games, one (the last) with 2 → n = 100 →
    +1 → categoría 3 + 1 = 4 → 22, 20, 18, 16 to places 1–4; place 5 nothing.
    """
    rows = [person(p, f"n{p:03d}", score=max(3.0, 8.5 - 0.5 * p), games=3 if p <= 100 else 2) for p in range(1, 102)]
    res = season(tmp_path, {"n.xlsx": book("N", rows, kind="National", base=7, Rounds=9, **{"Cash prizes": "No"})})
    t = res.outcome.tournaments.set_index("tournament").loc["N"]
    assert (int(t["base_given"]), int(t["base"]), int(t["players_over_2_games"]), int(t["size_bonus"]),
            int(t["category"])) == (7, 3, 100, 1, 4)
    assert totals(res, "Absoluto") == {"n001": 22, "n002": 20, "n003": 18, "n004": 16}


# ============================================================================================ items 4 and 5

def test_item5_half_points_feed_the_item4_check_and_the_minimum_wins_in_femenino_ruling1(tmp_path):
    """Art. 3 item 5 + item 4 + one score (rulebook: "if several rules give a player points in the same ranking,
    the player gets the highest"); ruling 1: "'Nobody above 6' uses the place points including the item-5
    halves"; minimum groups count only in the ranking of the same name.

    Coordinator's table: categoría 2 = 20, 6. Open base 2:
      1 a (M) 6 → 20;  2 b (M) 5 → 6 (last scorer);  3 g (F, 1991) 5 → tied → 6 / 2 = 3;
      4 h (F, 1980) 4 → 0;  5 i (F, 1993) 3 → 0.
    Absoluto: a 20, b 6, g 3 (no minimum in Absoluto).
    Dama {g 3, h 0, i 0}: nobody above 6 → g max(3, 6) = 6, h 4, i 2 → Femenino.
    Sub 20 / Sub 18 (born 1991 or later / 1991 or later) in both ramas {g, i} → g 6, i 4.
    Sub 16 (born 1993 or later) in both ramas {i} → i 6.
    """
    rows = [person(1, "a", score=6), person(2, "b", score=5), person(3, "g", sex="F", born=1991, score=5),
            person(4, "h", sex="F", score=4), person(5, "i", sex="F", born=1993, score=3)]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=2)}, points=[["Category", 1, 2], [1, 10], [2, 20, 6]])
    assert totals(res, "Absoluto") == {"a": 20, "b": 6, "g": 3}
    assert totals(res, "Femenino") == {"g": 6, "h": 4, "i": 2}
    for ranking in ("Sub 20 Absoluto", "Sub 20 Femenino", "Sub 18 Absoluto", "Sub 18 Femenino"):
        assert totals(res, ranking) == {"g": 6, "i": 4}, ranking
    for ranking in ("Sub 16 Absoluto", "Sub 16 Femenino"):
        assert totals(res, ranking) == {"i": 6}, ranking


def test_sanctioned_best_woman_keeps_her_slot_in_the_dama_group_ruling6(tmp_path):
    """Art. 3 item 4 ("al mejor … Dama se le asignarán 6 puntos al 1º, 4 ptos al 2º y 2 ptos al 3º") with Art. 6
    and ruling 6: "sanctioned players still count for the minimum groups and the tied-last-place rule, but their
    points are forfeited"; rulebook: "Their points are not passed down to other players".

    Open base 2: a 18, b 16. Women without place points: 3 s (withdrew Yes), 4 w2, 5 w3, 6 w4.
    Dama {s, w2, w3, w4}: s 6 (forfeited), w2 4, w3 2, w4 nothing.
    Femenino: w2 4, w3 2 (not w2 6, w3 4, w4 2). The ledger keeps s's 6, marked forfeited and not counted.
    """
    rows = ladder(("a", {}), ("b", {}), ("s", {"sex": "F", "withdrew": "Yes"}), ("w2", {"sex": "F"}),
                  ("w3", {"sex": "F"}), ("w4", {"sex": "F"}))
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=2)})
    assert totals(res, "Absoluto") == {"a": 18, "b": 16}
    assert totals(res, "Femenino") == {"w2": 4, "w3": 2}
    assert awarded(res, "A", "Femenino") == {"s": 6, "w2": 4, "w3": 2}
    lg = res.outcome.ledger
    s_row = lg[(lg["name"] == "s") & (lg["ranking"] == "Femenino")].iloc[0]
    assert not bool(s_row["counted"]) and "forfeited" in s_row["detail"]


# ============================================================================================ counting (item 6)

def test_m_counts_a_tournament_whose_only_scorer_in_the_ranking_is_sanctioned_ruling6(tmp_path):
    """Art. 3 item 6 as ruled ("M = the number of tournaments held so far that award points in that ranking";
    best max(1, floor(2M/3))) with ruling 6: "M is counted before sanctioned players are removed".

    Opens A (Feb), B (Mar), C (Apr), base 1 (16 to the winner); p (1980) wins all three.
      A: s (1991, Sub 20) 2nd, withdrew Yes → alone in the Sub 20 groups → minimum 6 (forfeited).
      B, C: y (1991) 2nd → alone in the Sub 20 groups → minimum 6 each.
    Sub 20 Absoluto: M = 3 (A awards s's 6) → best 2 → y 6 + 6 = 12 (with M = 2 it would be 6).
    Absoluto: M = 3 → best 2 → p 32.
    """
    def o(name, month, second):
        return book(name, ladder(("p", {}), (second, {"born": 1991, "withdrew": "Yes" if second == "s" else "No"})),
                    start=dt.date(2009, month, 1), base=1)

    res = season(tmp_path, {"a.xlsx": o("A", 2, "s"), "b.xlsx": o("B", 3, "y"), "c.xlsx": o("C", 4, "y")})
    assert totals(res, "Sub 20 Absoluto") == {"y": 12}
    assert standing(res, "Sub 20 Absoluto", "y")["counted_results"] == 2
    assert totals(res, "Absoluto") == {"p": 32}


def test_m_per_ranking_with_a_womens_national_art3_item6_ruling3(tmp_path):
    """Art. 3 item 6 as ruled: "for every ranking … M = the number of tournaments held so far that award points in
    that ranking, and each player's best max(1, floor(2M/3)) results count"; ruling 3: a tournament feeding
    Femenino feeds Femenino and the Sub N Femenino rankings only; ruling 7: tournaments played per ranking.

    Opens A (Feb) and B (Mar), base 1 → 16 to the winner: w (F, 1980) wins both.
    NF (Apr), national women's championship without cash (categoría 3: 20, 18, 16), Ranking Femenino:
      w 20, f2 18, f3 16.
    Absoluto: M = 2 (A, B) → best 1 → w 16, played 2.
    Femenino: M = 3 (A, B, NF) → best 2 → w 20 + 16 = 36, played 3; f2 18; f3 16.
    """
    a = book("A", ladder(("w", {"sex": "F"})), start=dt.date(2009, 2, 1))
    b = book("B", ladder(("w", {"sex": "F"})), start=dt.date(2009, 3, 1))
    nf = book("NF", ladder(("w", {"sex": "F"}), ("f2", {"sex": "F"}), ("f3", {"sex": "F"})), kind="National",
              base=None, start=dt.date(2009, 4, 1), Ranking="Femenino", **{"Cash prizes": "No"})
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b, "nf.xlsx": nf})
    assert totals(res, "Absoluto") == {"w": 16}
    assert totals(res, "Femenino") == {"w": 36, "f2": 18, "f3": 16}
    assert int(standing(res, "Absoluto", "w")["played"]) == 2
    assert int(standing(res, "Femenino", "w")["played"]) == 3


def test_m_per_youth_ranking_with_a_national_sub12_championship_art2_l_art3_item6(tmp_path):
    """Art. 2 l (Sub 14 … 6 in each rama), Art. 3 amateur list ("El número de jugadores corresponde al número con
    ELO nacional en su categoría y rama"), amateur item 5 (national championships "en su categoría respectiva"),
    item 6 as ruled (M per ranking).

    K1 (Feb) and K2 (Mar), Sub-14 tournaments: g (F, 1997, 1400) and b (M, 1998, 1300), both Sub 12.
      K1: g 1st, b 2nd → Sub 12 Absoluto {g, b} = 2 → g 18, b 16; Sub 12 Femenino {g} = 1 → g 16.
      K2: b 1st, g 2nd → b 18, g 16; Sub 12 Femenino g 16.
    N12 (Apr), national Sub 12 Absoluto championship: g 1st, b 2nd, c (M, 1997, 1500) 3rd → {g, b, c} = 3 →
      g 20, b 18, c 16; nothing in Sub 12 Femenino.
    Sub 12 Absoluto: M = 3 → best 2: g 20 + 18 = 38, b 18 + 18 = 36, c 16.
    Sub 12 Femenino: M = 2 (K1, K2) → best 1: g 16.
    """
    def kid(name, **kw):
        return (name, kw)

    g = {"sex": "F", "born": 1997, "nat": 1400}
    b = {"born": 1998, "nat": 1300}
    k1 = book("K1", ladder(kid("g", **g), kid("b", **b)), kind="Sub 14", start=dt.date(2009, 2, 1))
    k2 = book("K2", ladder(kid("b", **b), kid("g", **g)), kind="Sub 14", start=dt.date(2009, 3, 1))
    n12 = book("N12", ladder(kid("g", **g), kid("b", **b), kid("c", born=1997, nat=1500)), kind="National",
               base=None, start=dt.date(2009, 4, 1), Ranking="Sub 12 Absoluto", **{"Cash prizes": "No"})
    res = season(tmp_path, {"k1.xlsx": k1, "k2.xlsx": k2, "n12.xlsx": n12})
    assert awarded(res, "N12", "Sub 12 Absoluto") == {"g": 20, "b": 18, "c": 16}
    assert totals(res, "Sub 12 Absoluto") == {"g": 38, "b": 36, "c": 16}
    assert totals(res, "Sub 12 Femenino") == {"g": 16}


def test_equal_totals_prefer_open_results_then_earlier_tournaments_ruling5(tmp_path):
    """Art. 3 item 6 (best max(1, floor(2M/3))) with Art. 2 q 3 and ruling 5: "Equal capped totals: the selection
    with fewer closed results counts, then the earlier tournaments".

    C (closed, February, valid: 3 visitors), A (open, March), B (open, April), D (open, May): all base 1 → p wins
    each: 16. M = 4 → best floor(8/3) = 2. Every pair is worth 32; fewer closed → two opens; earlier → A and B.
    Counted: A, B; not C, not D. Total 32.
    """
    c = visitors_closed("C", [person(1, "p", score=3, games=3)], dt.date(2009, 2, 1))
    books = {"c.xlsx": c}
    for name, month in (("A", 3), ("B", 4), ("D", 5)):
        books[f"{name.lower()}.xlsx"] = book(name, ladder(("p", {})), start=dt.date(2009, month, 1))
    res = season(tmp_path, books)
    assert totals(res, "Absoluto")["p"] == 32
    assert counted(res, "Absoluto", "p") == {"C": False, "A": True, "B": True, "D": False}


# ============================================================================================ closed (Art. 2 q)

def test_closed_cap_in_an_amateur_ranking_with_ruling5_ruling12(tmp_path):
    """Art. 2 q 3: "El máximo total de puntos logrados por un jugador en un año, por torneos cerrados del Grand
    Prix, no podrá superar los 30 puntos"; ruling 12: "the 30-point closed cap also applies to amateur rankings";
    rulebook: "the counted selection is the one that maximises the total with closed points capped at 30";
    ruling 5 (fewer closed results, then earlier); amateur categoría = rated players, FIDE ×2, + 2 for an IRT.

    Closed C1 (March) and C2 (April), IRT, host Valle, base 1 (only the winner scores in Absoluto: v0, 2200),
    3 visitors from other ligas (valid). Sub 1700 band in each: j (1600 + FIDE: 2), a (1650 + FIDE: 2),
    b (1550 + FIDE: 2), c (1500: 1) = 7 + 2 IRT = categoría 9 → P(9, ·) = 32, 30, 28, 26 → j 32, a 30, b 28, c 26.
    Open O (May, not IRT): top 1st; j (1600, national only) 2nd → Sub 1700 {j} = 1 → 16.
    Sub 1700: M = 3 → best 2.
      j: {C1, O} = min(30, 32) + 16 = 46 (C2 + O the same: the earlier, C1); {C1, C2} = 30 → 46, cap −2.
      a: {C1, C2} = min(30, 60) = 30 = {C1} alone (fewer closed) → 30, no cap row.
      b: {C1, C2} = min(30, 56) = 30 > 28 → 30, cap −26.   c: min(30, 52) = 30, cap −22.
    """
    def closed(name, month):
        rows = [person(1, "v0", league="Valle", score=6, games=7),
                person(2, "j", nat=1600, fide=1600, score=5), person(3, "a", nat=1650, fide=1650, score=4.5),
                person(4, "b", nat=1550, fide=1550, score=4), person(5, "c", nat=1500, score=3.5)]
        return visitors_closed(name, rows, dt.date(2009, month, 1), irt="Yes")

    o = book("O", ladder(("top", {}), ("j", {"nat": 1600})), start=dt.date(2009, 5, 1))
    res = season(tmp_path, {"c1.xlsx": closed("C1", 3), "c2.xlsx": closed("C2", 4), "o.xlsx": o})
    assert awarded(res, "C1", "Sub 1700") == {"j": 32, "a": 30, "b": 28, "c": 26}
    assert totals(res, "Sub 1700") == {"j": 46, "a": 30, "b": 30, "c": 30}
    s = res.outcome.standings.set_index(["ranking", "name"])
    assert float(s.loc[("Sub 1700", "j"), "closed_cap"]) == -2
    assert pd.isna(s.loc[("Sub 1700", "a"), "closed_cap"])
    assert float(s.loc[("Sub 1700", "b"), "closed_cap"]) == -26
    assert float(s.loc[("Sub 1700", "c"), "closed_cap"]) == -22
    assert counted(res, "Sub 1700", "j") == {"C1": True, "C2": False, "O": True}
    assert counted(res, "Sub 1700", "a") == {"C1": True, "C2": False}


def test_register_liga_decides_the_closed_visitor_count_contract_art2_q1_ruling4(tmp_path):
    """Art. 2 q 1: "Mínimo debe haber 3 jugadores de Ligas diferentes a la Liga Sede"; ruling 4: "other leagues" =
    distinct players whose liga is not blank and differs from the host league; CONTRACT: "For identity fields
    (name, sex, birth, state/league/club) the register wins over tournament rows".

    Closed C (March, host Valle): j (Valle) 1st, then v1 (row Bogotá), v2 (row Cauca), v3 (row Meta). The Players
    register puts v3 in Valle → only 2 players from other ligas → C is excluded; nobody scores from it.
    Open O (April, base 1): j 16 → Absoluto j 16 (M = 1).
    """
    c = visitors_closed("C", [person(1, "j", score=3, games=3)], dt.date(2009, 3, 1), base=3)
    o = book("O", ladder(("j", {})), start=dt.date(2009, 4, 1))
    register = [["ID", "Name", "League"], ["v3", "v3", "Valle"]]
    res = season(tmp_path, {"c.xlsx": c, "o.xlsx": o}, sheets={"Players": register})
    t = res.outcome.tournaments.set_index("tournament").loc["C"]
    assert not bool(t["counts"]) and "only 2 players" in t["status"]
    assert totals(res, "Absoluto") == {"j": 16}
    assert awarded(res, "C", "Absoluto") == {}


# ============================================================================================ amateur, lock, Dama

def test_lock_made_in_a_national_amateur_championship_holds_in_a_later_open_ruling13(tmp_path):
    """Art. 3 amateur list: "un jugador quedará para todo el año con la categoría del ELO con la que adquirió
    puntaje por 1a vez"; rulebook: "from then on that locked category — not the current rating — decides where
    they compete and are counted"; ruling 13: "The category is locked by the first points in Sub 2000/1800/1700";
    amateur item 5 / ruling 12: a national championship of one amateur category feeds only that ranking.

    N (February), national Sub 1800 championship: x (1750) 1st, y (1720) 2nd → Sub 1800 {x, y} = 2 → x 18, y 16;
      both locked in Sub 1800.
    O (March, open base 1): top 1st (Absoluto 16); x (now 1650) 2nd; z (1600) 3rd; y (now 1850) 4th.
      Sub 1800 = {x, y} (locked) = 2 → x 18, y 16.  Sub 1700 = {z} = 1 → z 16.  Sub 2000: nobody.
    Sub 1800 (M = 2 → best 1): x 18, y 16.  Sub 1700: z 16.  Sub 2000: nobody.
    """
    n = book("N", ladder(("x", {"nat": 1750}), ("y", {"nat": 1720})), kind="National", base=None,
             start=dt.date(2009, 2, 1), Ranking="Sub 1800", **{"Cash prizes": "No"})
    o = book("O", ladder(("top", {}), ("x", {"nat": 1650}), ("z", {"nat": 1600}), ("y", {"nat": 1850})),
             start=dt.date(2009, 3, 1))
    res = season(tmp_path, {"n.xlsx": n, "o.xlsx": o})
    assert awarded(res, "O", "Sub 1800") == {"x": 18, "y": 16}
    assert totals(res, "Sub 1800") == {"x": 18, "y": 16}
    assert totals(res, "Sub 1700") == {"z": 16}
    assert totals(res, "Sub 2000") == {}


def test_woman_locked_in_a_band_stays_in_dama_amateur_when_rated_over_2000_ruling14(tmp_path):
    """Art. 3 amateur list (the lock) and item 1 ("En caso de que ninguna dama Sub 2000 alcance puntaje a la mejor
    dama, se le asignarán 6 puntos …"); ruling 14: "Dama amateur covers women whose band (locked or current) is
    amateur".

    T1 (February, base 1): top 1st; w (F, 1750) 2nd → Sub 1800 {w} = 1 → 16 (locked); Dama amateur w 16.
    T2 (March, base 1): top 1st; w (F, now 2050, locked Sub 1800) 2nd; x (1780) 3rd; v (F, unrated) 4th.
      Sub 1800 {w, x} = 2 → w 18, x 16.  Sub 1700 {v} = 0 rated → categoría 0 → nothing.
      Dama amateur: w is an amateur woman (locked band) and scored → w 18; v 0 (no 6/4/2 minimum: a woman scored).
    Sub 1800 (M = 2 → best 1): w 18, x 16.  Dama amateur (M = 2 → best 1): w 18 — v nothing.
    """
    t1 = book("T1", ladder(("top", {}), ("w", {"sex": "F", "nat": 1750})), start=dt.date(2009, 2, 1))
    t2 = book("T2", ladder(("top", {}), ("w", {"sex": "F", "nat": 2050}), ("x", {"nat": 1780}),
                           ("v", {"sex": "F", "nat": None})), start=dt.date(2009, 3, 1))
    res = season(tmp_path, {"t1.xlsx": t1, "t2.xlsx": t2})
    assert awarded(res, "T2", "Sub 1800") == {"w": 18, "x": 16}
    assert awarded(res, "T2", "Dama amateur") == {"w": 18}
    assert totals(res, "Sub 1800") == {"w": 18, "x": 16}
    assert totals(res, "Dama amateur") == {"w": 18}


def test_titled_tournament_band_of_categoria_0_and_the_dama_minimum_without_the_bonus_ruling14(tmp_path):
    """Amateur items 1–3 and ruling 14: "a band of categoría 0 is not extended; the +2/+4 is not added to the Dama
    6/4/2 minimums"; ruling 11: an unrated player adds nothing to the band's categoría.

    Open (not IRT, base 1) with three titled players (GM, IM, MN: ≥ 3 → every band score +2 and one more place with
    2). gm 1st (Absoluto 16), im 2nd, mn 3rd (all 2200+), then four unrated women w1–w4 and an unrated man u.
    Sub 1700 = {w1, w2, w3, w4, u}, 0 rated → categoría 0 → nobody scores, no extra place.
    Dama amateur: no amateur woman scored → w1 6, w2 4, w3 2 (not 8, 6, 4), w4 nothing.
    """
    rows = ladder(("gm", {"title": "GM", "nat": 2500}), ("im", {"title": "IM", "nat": 2400}),
                  ("mn", {"title": "MN", "nat": 2300}), ("w1", {"sex": "F", "nat": None}),
                  ("w2", {"sex": "F", "nat": None}), ("u", {"nat": None}), ("w3", {"sex": "F", "nat": None}),
                  ("w4", {"sex": "F", "nat": None}))
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=1)})
    assert totals(res, "Sub 1700") == {}
    assert totals(res, "Dama amateur") == {"w1": 6, "w2": 4, "w3": 2}


def test_sub14_titles_extra_place_and_item5_at_the_extra_place_girl_in_both_ramas_art2_l(tmp_path):
    """Art. 2 l; amateur list ("Puntajes para los Jugadores del torneo Amateur y Sub 14 por categoría y rama …
    El número de jugadores corresponde al número con ELO nacional en su categoría y rama"), items 2 (3 or more
    titled: every score + 2 and one more place with 2) and 5 ("Esto es válido también para los torneos Sub 14");
    ruling 14: "item 5 halves the last scoring place including the extra places".

    Sub-14 tournament K (not IRT): three titled kids t1 (CMN, 1995, 1900), t2 (CMN, 1995, 1850),
    t3 (F, CMNF, 1996, 1800); then a (1997, 1500), g (F, 1998, 1400), c (1997, unrated) 5, d (1998, unrated) 5,
    e (1997, unrated) 4.
      Sub 14 Absoluto {t1, t2, t3} = 3 → 20, 18, 16, + 2 → t1 22, t2 20, t3 18 (no 4th player for the extra place).
      Sub 14 Femenino {t3} = 1 → 16 + 2 = 18.
      Sub 12 Absoluto {a, g, c, d, e} = 2 rated → a 18 + 2 = 20, g 16 + 2 = 18, c extra place 2, d tied with c
        on 5 → 2 / 2 = 1, e nothing.
      Sub 12 Femenino {g} = 1 → 16 + 2 = 18.
    """
    rows = [person(1, "t1", born=1995, title="CMN", nat=1900, score=6.5),
            person(2, "t2", born=1995, title="CMN", nat=1850, score=6),
            person(3, "t3", sex="F", born=1996, title="CMNF", nat=1800, score=5.5),
            person(4, "a", born=1997, nat=1500, score=5.5), person(5, "g", sex="F", born=1998, nat=1400, score=5.5),
            person(6, "c", born=1997, nat=None, score=5), person(7, "d", born=1998, nat=None, score=5),
            person(8, "e", born=1997, nat=None, score=4)]
    res = season(tmp_path, {"k.xlsx": book("K", rows, kind="Sub 14")})
    assert totals(res, "Sub 14 Absoluto") == {"t1": 22, "t2": 20, "t3": 18}
    assert totals(res, "Sub 14 Femenino") == {"t3": 18}
    assert totals(res, "Sub 12 Absoluto") == {"a": 20, "g": 18, "c": 2, "d": 1}
    assert totals(res, "Sub 12 Femenino") == {"g": 18}


# ============================================================================================ the money

def test_bolsa_over_every_kind_of_tournament_ruling16(tmp_path):
    """Rulebook, The money: "Bolsa = Σ over the senior tournaments of the GP stops (kind Open) of max(10 % of entry
    fees, ½ SMMLV) + 10 % of prizes paid in cash or vouchers (all senior GP tournaments) + sponsorship"; "Youth pot
    = Σ over Sub-14 tournaments of max(10 % of entry fees, ¼ SMMLV)"; ruling 16: "the ½ SMMLV floor applies to every
    counting Open, with or without a Stop; 10 % of prizes paid from every counting senior tournament that reports
    them (not a Sub-14 tournament nor a national championship of a youth category)"; "20 % is kept …; 80 % …";
    "1 % of the whole bolsa".

    SMMLV 400,000 (½ = 200,000, ¼ = 100,000). Sponsorship 1,000,000.
      O1 open, stop 1: fees 5,000,000 → 500,000; prizes 3,000,000 → 300,000
      O2 open, no Stop: fees 1,000,000 → max(100,000; 200,000) = 200,000
      C1 closed, valid: fees 2,000,000 → nothing (not an open); prizes 1,500,000 → 150,000
      C2 closed in October (excluded): prizes 4,000,000 → nothing
      NF national women's championship with cash (base 2): prizes 1,000,000 → 100,000
      NA national Sub 1800 championship: prizes 500,000 → 50,000 (amateur, not youth)
      TE team event (Absoluto): prizes 2,000,000 → 200,000
      N12 national Sub 12 championship: prizes 700,000 → nothing (youth)
      K Sub 14 (stop 1): fees 3,000,000 → youth pot 300,000; prizes 1,000,000 → nothing
    Bolsa = 500,000 + 300,000 + 200,000 + 150,000 + 100,000 + 50,000 + 200,000 + 1,000,000 = 2,500,000;
    retained 500,000; paid out 2,000,000; 1 % = 25,000. Youth pot 300,000.
    """
    one = ladder(("p", {}))
    team = [person(1, "p", score=5, team=("X", 1, 1, 1)), person(2, "q", score=4, team=("Y", 2, 1, 2))]
    books = {
        "o1.xlsx": book("O1", one, start=dt.date(2009, 2, 1), **{"Entry fees": 5_000_000, "Prizes paid": 3_000_000}),
        "o2.xlsx": book("O2", one, start=dt.date(2009, 3, 1), stop=None, **{"Entry fees": 1_000_000}),
        "c1.xlsx": visitors_closed("C1", [person(1, "p", score=3, games=3)], dt.date(2009, 4, 1),
                                   **{"Entry fees": 2_000_000, "Prizes paid": 1_500_000}),
        "c2.xlsx": visitors_closed("C2", [person(1, "p", score=3, games=3)], dt.date(2009, 10, 5),
                                   **{"Prizes paid": 4_000_000}),
        "nf.xlsx": book("NF", ladder(("f", {"sex": "F"})), kind="National", base=2, start=dt.date(2009, 5, 1),
                        Ranking="Femenino", **{"Prizes paid": 1_000_000}),
        "na.xlsx": book("NA", ladder(("x", {"nat": 1750})), kind="National", base=2, start=dt.date(2009, 6, 1),
                        Ranking="Sub 1800", **{"Prizes paid": 500_000}),
        "te.xlsx": book("TE", team, kind="Team", head=TEAM_HEAD, start=dt.date(2009, 7, 1), Ranking="Absoluto",
                        **{"Prizes paid": 2_000_000}),
        "n12.xlsx": book("N12", ladder(("k", {"born": 1997, "nat": 1400})), kind="National", base=2,
                         start=dt.date(2009, 8, 1), Ranking="Sub 12 Absoluto", **{"Prizes paid": 700_000}),
        "k.xlsx": book("K", ladder(("k", {"born": 1997, "nat": 1400})), kind="Sub 14", start=dt.date(2009, 2, 1),
                       **{"Entry fees": 3_000_000, "Prizes paid": 1_000_000}),
    }
    res = season(tmp_path, books, SMMLV=400_000, Sponsorship=1_000_000)
    bolsa = res.outcome.json_extra["bolsa"]
    assert (bolsa["total"], bolsa["retained"], bolsa["paid_out"], bolsa["one_percent"], bolsa["youth_pot"]) == (
        2_500_000, 500_000, 2_000_000, 25_000, 300_000)


# ============================================================================================ more combinations

def test_tiebreak_last_tournament_is_the_last_valid_one_played_art4_ruling7(tmp_path):
    """Art. 4: "2- Mejor posición ocupada en el ultimo torneo jugado"; ruling 7: "'tournaments played' = valid
    tournaments feeding that ranking with a row for the player; the last tournament = latest end date"; Art. 2 q 2
    (a closed tournament in October is excluded).

    A (February, base 3: 20, 18, 16): x 20, p 18, y 16.  B (March, base 2: 18, 16): q 18, z 16.
    X (closed, October → excluded): p 1st.
    Absoluto (M = 2 → best 1): x 20; p 18 and q 18, each played 1 valid tournament; last valid tournament: p 2nd
    in A, q 1st in B → q 2nd, p 3rd (with X counted, p would have played 2 and been last 1st: p above q).
    z 16 (2nd in B) above y 16 (3rd in A).
    """
    a = book("A", ladder(("x", {}), ("p", {}), ("y", {})), start=dt.date(2009, 2, 1), base=3)
    b = book("B", ladder(("q", {}), ("z", {})), start=dt.date(2009, 3, 1), base=2)
    x = visitors_closed("X", [person(1, "p", score=3, games=3)], dt.date(2009, 10, 5), base=2)
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b, "x.xlsx": x})
    s = res.outcome.standings
    s = s[s["ranking"] == "Absoluto"]
    assert {n: (float(t), int(r)) for n, t, r in zip(s["name"], s["total"], s["rank"])} == {
        "x": (20, 1), "q": (18, 2), "p": (18, 3), "z": (16, 4), "y": (16, 5)}
    assert int(standing(res, "Absoluto", "p")["played"]) == 1


def test_dama_minimum_does_not_lock_the_band_ruling13(tmp_path):
    """Amateur item 1 (the Dama 6/4/2) and the lock; ruling 13: "The category is locked by the first points in
    Sub 2000/1800/1700 (Dama minimum points do not lock it)".

    T1 (February, base 1): top 1st; m (1600) 2nd; w (F, unrated) 3rd. Sub 1700 {m 1, w 0} = 1 → m 16, w nothing.
      No amateur woman scored in her band → Dama amateur: w 6 (not a band score: no lock).
    T2 (March, base 1): top 1st; w (F, now 1750) 2nd; x (1780) 3rd; m (1600) 4th.
      w is not locked → Sub 1800 {w, x} = 2 → w 18, x 16.  Sub 1700 {m} = 1 → m 16.  Dama amateur: w 18.
    Sub 1800 (M = 1): w 18, x 16.  Sub 1700 (M = 2 → best 1): m 16.  Dama amateur (M = 2 → best 1): w 18.
    """
    t1 = book("T1", ladder(("top", {}), ("m", {"nat": 1600}), ("w", {"sex": "F", "nat": None})),
              start=dt.date(2009, 2, 1))
    t2 = book("T2", ladder(("top", {}), ("w", {"sex": "F", "nat": 1750}), ("x", {"nat": 1780}), ("m", {"nat": 1600})),
              start=dt.date(2009, 3, 1))
    res = season(tmp_path, {"t1.xlsx": t1, "t2.xlsx": t2})
    assert awarded(res, "T1", "Dama amateur") == {"w": 6}
    assert totals(res, "Sub 1800") == {"w": 18, "x": 16}
    assert totals(res, "Sub 1700") == {"m": 16}
    assert totals(res, "Dama amateur") == {"w": 18}


def test_womens_team_championship_feeds_femenino_only_with_board_bonus_and_played_ruling3_ruling7_ruling8(tmp_path):
    """Amateur list item 7: "Primeros tableros: 12, 10, 8, 6, 4 y 2 puntos … Adicionalmente todos los integrantes del
    equipo Campeón recibirán 6 puntos más, los del equipo subcampeón recibirán 4"; ruling 8: "board points and the
    team bonus add up; reserves (board 5+) get only the team bonus; no categoría, minimum or item-5 adjustment";
    ruling 3: a tournament feeding Femenino feeds Femenino and the Sub N Femenino rankings; item 6 (M per ranking);
    ruling 7: "tournaments played" per ranking.

    Open A (February, base 1): w1 (F, 1980) 1st → 16 in Absoluto and Femenino.
    TF (March), national women's team championship (Ranking Femenino):
      w1 team X (1st), board 1, board place 2 → 10 + 6 = 16;  w2 team X, board 5 (reserve) → 0 + 6 = 6;
      w3 (F, 1991) team Y (2nd), board 1, board place 1 → 12 + 4 = 16.
    Absoluto (M = 1): w1 16.  Femenino (M = 2 → best 1): w1 16, w3 16, w2 6; w1 played 2, w3 played 1 → w1 1st,
    w3 2nd (not tied), w2 3rd.  Sub 20 Femenino (M = 1): w3 16.  Sub 20 Absoluto: nobody (TF does not feed it).
    """
    a = book("A", ladder(("w1", {"sex": "F"})), start=dt.date(2009, 2, 1))
    tf = book("TF", [person(1, "w3", sex="F", born=1991, score=5, team=("Y", 2, 1, 1)),
                     person(2, "w1", sex="F", score=4.5, team=("X", 1, 1, 2)),
                     person(3, "w2", sex="F", score=4, team=("X", 1, 5, 1))],
              kind="Team", head=TEAM_HEAD, start=dt.date(2009, 3, 1), Ranking="Femenino")
    res = season(tmp_path, {"a.xlsx": a, "tf.xlsx": tf})
    assert totals(res, "Absoluto") == {"w1": 16}
    s = res.outcome.standings
    fem = s[s["ranking"] == "Femenino"]
    assert {n: (float(t), int(r), bool(x)) for n, t, r, x in zip(fem["name"], fem["total"], fem["rank"], fem["tied"])} \
        == {"w1": (16, 1, False), "w3": (16, 2, False), "w2": (6, 3, False)}
    assert totals(res, "Sub 20 Femenino") == {"w3": 16}
    assert totals(res, "Sub 20 Absoluto") == {}


# ============================================================================================ defects

def _compute(tmp_path, books, points=ILLUSTRATIVE):
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": str(YEAR), "Points table source": "audit 3"},
                         sheets={"Points": points}, tournaments=books)
    return compute(folder)


def test_amateur_band_categoria_missing_inside_the_table_is_an_error_ruling9(tmp_path):
    """Ruling 9: "a categoría missing inside the table is an error only if a tournament uses it"; Art. 3: "A
    tournament of categoría c gives points to places 1..c" and the table is "data the coordinator enters … gpcalc
    never pretends to know them"; amateur list: "The categoría of a band in a tournament = the number of its players
    with a national rating".

    Points sheet: the illustrative rows 1 and 3–13 (categoría 2 missing inside the table).
    Open A, base 1 (categoría 1, in the table): top (2200) 1st; x (1750) 2nd; y (1720) 3rd.
    Sub 1800 {x, y} = 2 rated → categoría 2 — used by this tournament, missing inside the table → an error naming
    categoría 2, nothing written (as a senior tournament of categoría 2 is).
    gpcalc: a warning "amateur/youth categorías 2 are not in the Points table: those places give no points"; x and
    y get 0 and the standings are written.
    """
    points = [row for row in ILLUSTRATIVE if row[0] != 2]
    a = book("A", ladder(("top", {}), ("x", {"nat": 1750}), ("y", {"nat": 1720})), base=1)
    res = _compute(tmp_path, {"a.xlsx": a}, points)
    assert res.outcome is None
    assert any("2" in i.message and "categor" in i.message for i in res.issues.errors)


def test_youth_and_amateur_national_championships_with_cash_need_no_base_categoria_art3_amateur_item5(tmp_path):
    """Amateur list item 5: "Todos los campeonatos nacionales oficiales … serán válidos para el Grand Prix de ese año
    en su categoría respectiva"; amateur list: "Los puntajes se asignarán por torneo de acuerdo al número de
    participantes con ELO en cada categoría" (the categoría of a band or youth category = its rated players, FIDE ×2,
    + 2 for an IRT); rulebook: the base categoría is for the categoría of a SENIOR tournament (Art. 3); ruling 12: a
    national championship for one amateur or youth category feeds only that ranking. Cash prizes change only a
    senior national's starting categoría (item 6).

    N12 national Sub 12 Absoluto championship WITH cash prizes, Base category blank: g (F, 1997, 1400) 1st,
    b (1998, 1300) 2nd → Sub 12 Absoluto {g, b} = 2 → g 18, b 16.
    NA national Sub 1800 championship WITH cash prizes, Base category blank: x (1750) 1st, y (1720) 2nd → 18, 16.
    (The same workbooks with Cash prizes = No compute exactly these numbers.)
    gpcalc: error "Base category is blank; a National tournament needs the categoría the federation assigned
    (Art. 3)" — nothing is computed.
    """
    n12 = book("N12", ladder(("g", {"sex": "F", "born": 1997, "nat": 1400}), ("b", {"born": 1998, "nat": 1300})),
               kind="National", base=None, Ranking="Sub 12 Absoluto", **{"Cash prizes": "Yes"})
    na = book("NA", ladder(("x", {"nat": 1750}), ("y", {"nat": 1720})), kind="National", base=None,
              start=dt.date(2009, 4, 1), Ranking="Sub 1800", **{"Cash prizes": "Yes"})
    res = _compute(tmp_path, {"n12.xlsx": n12, "na.xlsx": na})
    assert res.outcome is not None, [i.message for i in res.issues.errors]
    assert totals(res, "Sub 12 Absoluto") == {"g": 18, "b": 16}
    assert totals(res, "Sub 1800") == {"x": 18, "y": 16}


def test_a_blank_score_in_a_sub14_tournament_is_an_error_item5(tmp_path):
    """Art. 3 item 5 ("los jugadores empatados en puntos con el último lugar que obtiene puntaje …") applies to the
    youth rankings too (Summary: "Youth: … same categoría, IRT, titles and item 5 rules"): the tie is found on the
    game score, so a Sub-14 row without a Score is an error at its cell, as in an Open (found by audit 3: a Sub-14
    blank Score passed silently and its ties went unseen)."""
    kid = ladder(("g", {"sex": "F", "born": 1997, "nat": 1400}), ("b", {"born": 1998, "nat": 1300}))
    kid[1][HEAD.index("Score")] = None
    res = _compute(tmp_path, {"k1.xlsx": book("K1", kid, kind="Sub 14")})
    errors = [i for i in res.issues.errors if i.code == "missing-score"]
    assert [(i.file, i.cell) for i in errors] == [("k1.xlsx", "J3")] and res.outcome is None


def test_a_player_playing_up_in_a_national_youth_championship_is_said_art3_ruling3(tmp_path):
    """Art. 3 (amateur and Sub 14 list): "Un jugador podrá jugar en categorías superiores pero su puntaje se le
    acumulará sólo en la de la categoría que corresponda a su edad"; ruling 3: a national championship of one youth
    category feeds that ranking alone. So y (born 2000: Sub 10 in 2009), 2nd in the national Sub 12 championship,
    scores nothing there, and c moves up to the 2nd position of the category: g 1st {g, c} = 2 → 18, c 16. That
    was silent (found by an independent recomputation): now `plays-up-unscored` at y's Born cell. A boy in a
    Femenino championship is said the same way, at his Sex cell."""
    g = {"sex": "F", "born": 1997, "nat": 1400}
    n12 = book("N12", ladder(("g", g), ("y", {"born": 2000, "nat": 1300}), ("c", {"born": 1997, "nat": 1500})),
               kind="National", base=None, start=dt.date(2009, 4, 1), Ranking="Sub 12 Absoluto",
               **{"Cash prizes": "No"})
    f12 = book("F12", ladder(("g", g), ("b", {"born": 1997, "nat": 1300})), kind="National", base=None,
               start=dt.date(2009, 5, 1), Ranking="Sub 12 Femenino", **{"Cash prizes": "No"})
    res = season(tmp_path, {"n12.xlsx": n12, "f12.xlsx": f12})
    assert awarded(res, "N12", "Sub 12 Absoluto") == {"g": 18, "c": 16}
    # an official asking about y learns why: explain names the warning on his row
    from click.testing import CliRunner

    from gpcalc.cli import main

    out = CliRunner().invoke(main, ["explain", str(res.season.folder), "y"]).output.splitlines()
    assert out[0] == "y (ID y) played N12 but has no points in this season (no award in any ranking)"
    why = [line for line in out[1:] if line.endswith("[plays-up-unscored]")]  # (the builder's IDs are names: also
    assert len(why) == 1 and why[0].startswith(  # an id-is-a-name warning on the row)
        "  warning: n12.xlsx Results!E3: N12: y (born 2000: Sub 10, playing up) scores nothing")
    said = [(i.file, i.cell, i.message) for i in res.issues.warnings if i.code == "plays-up-unscored"]
    assert said == [
        ("n12.xlsx", "E3", "N12: y (born 2000: Sub 10, playing up) scores nothing in this national championship, "
         "which feeds Sub 12 Absoluto alone (ruling 3); a player who plays up scores only in the category of their "
         "age (Art. 3), and the players placed below move up a position in the category"),
        ("f12.xlsx", "D3", "F12: b (not a woman) scores nothing in this national championship, which feeds Sub 12 "
         "Femenino alone (ruling 3); a Femenino ranking is the women's, and the players placed below move up a "
         "position in the category")]
