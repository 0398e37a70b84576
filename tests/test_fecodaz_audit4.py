"""Fourth audit pass of the FECODAZ circuit against its rulebook (../shared/rules/fecodaz.md and its Rulings).

Focus: combinations the first three passes (tests/test_fecodaz_audit.py, test_fecodaz_audit2.py,
test_fecodaz_audit3.py and the other test_fecodaz_*.py files) did not try:
- Art. 6 with ruling 6 inside an AMATEUR band: the sanctioned player keeps their position, counts for the band's
  categoría, and is the last scorer of item 5 for the player tied below; the same for the Dama amateur 6/4/2;
- amateur item 4 (IRT +2) giving a band of unrated players categoría 2, and what that does to Dama amateur;
- amateur items 3-4 with a band categoría beyond the Points table (the Art. 3 extension), the +4 and item 5 at the
  second extra place;
- amateur rankings inside a national championship (ruling 12) with the IRT bonus;
- the category lock (Art. 3 amateur list) against a national championship of ANOTHER band, and an excluded closed
  tournament that must not lock;
- a team event (board + team bonus: two ledger rows) being ONE result for Art. 3 item 6's best floor(2M/3);
- a women's national championship (ruling 3) giving the item-4 Sub N Femenino minimums;
- the Art. 4 tiebreak "place in the last tournament" in a YOUTH ranking (ruling 15: the position inside the category);
- the JSON export: every total re-adds from its counted results and the closed cap, every categoría from its parts,
  the sanctioned player nowhere — no number that no rule gives.

Defects found (the last three tests; 1 and 2 fixed on 30 November — a national championship of an amateur or
youth category has no senior categoría; 3 decided as gpcalc ruling 8 instead):
1. A national championship of a YOUTH category without cash prizes is rejected ("categoría 3 is not in the Points
   table") when the Points table lacks categoría 3, a categoría it never uses (rulings 2 and 9).
2. The same national youth / amateur championships are shown on the Tournaments output (and the Points table sheet)
   with a senior categoría (3, or the typed base) that gives nobody any points (ruling 2: "its categoría is its
   rated players").
3. A team event feeding a youth ranking (Ranking = Sub 14 Absoluto) gives no points at all (warning
   "ranking-not-computed"), though the rulebook gives every team event "the ranking it feeds" and item 7 sits in
   the "Amateur y Sub 14" list.

Every expected number is worked out BY HAND from the quoted clause in the test's docstring. Seasons are built
with ``builders.make_season`` (through ``builders.fecodaz_season``) and run through ``gpcalc.pipeline.compute``
(one test through ``gpcalc build --json``).

Unless a test says otherwise: season 2009, the illustrative table P(c, p) = 2c + 14 − 2(p − 1)
(categoría 1: 16; 2: 18, 16; 3: 20, 18, 16; …; 13: 40 … 16), non-IRT tournaments, 7 rounds over 3 days, 7 games
each, men born 1980 of liga Valle with a national rating of 2200 (outside every amateur band), every player with
a distinct game score (no item-5 ties) unless the test is about them.
"""

from __future__ import annotations

import datetime as dt
import json

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
from click.testing import CliRunner

from gpcalc.circuits import fecodaz_rules as R
from gpcalc.cli import main
from gpcalc.pipeline import compute

F = {"sex": "F"}


def national(name, rows, ranking, *, cash="No", base=None, **kw):
    return book(name, rows, kind="National", base=base, Ranking=ranking, **{"Cash prizes": cash}, **kw)


def season(tmp_path, books, points=ILLUSTRATIVE, sheets=None, **settings):
    return fecodaz_season(tmp_path, books, points, year=YEAR, source="audit 4", sheets=sheets, **settings)


def _compute(tmp_path, books, points=ILLUSTRATIVE):
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": str(YEAR), "Points table source": "audit 4"},
                         sheets={"Points": points}, tournaments=books)
    return compute(folder)


def awarded(res, tournament, ranking):
    """{name: points} of the ledger rows of one tournament and ranking (counted or not, forfeited included)."""
    lg = res.outcome.ledger
    lg = lg[(lg["tournament"] == tournament) & (lg["ranking"] == ranking)]
    out: dict[str, float] = {}
    for n, p in zip(lg["name"], lg["points"]):
        out[n] = out.get(n, 0.0) + float(p)
    return out


# ============================================================================================ Art. 6 in the amateur

def test_sanctioned_player_keeps_position_categoria_and_last_place_tie_in_an_amateur_band_art6_ruling6(tmp_path):
    """Art. 6 (rulebook): an unjustified withdrawal loses all points; "Their points are not passed down to other
    players"; ruling 6: "sanctioned players still count for the minimum groups and the tied-last-place rule, but
    their points are forfeited"; amateur list: "Positions = the order of the category's players in the tournament
    standings", categoría = players with a national rating; ruling 11 (unrated: in Sub 1700, adds nothing);
    amateur item 5 (half of the last scoring place to the players tied on game score below it).

    Open A, base 1: top 6 (Absoluto 16); then x (1650) 5, s (1600, withdrew Yes) 4, y (unrated) 4, z (unrated) 3½.
    Sub 1700 {x, s, y, z}: rated x + s = 2 → categoría 2 → x 18 (position 1), s 16 (position 2, last scorer,
    forfeited), y tied with s on 4 → 16 / 2 = 8, z nothing.
    Sub 1700 standings: x 18, y 8 (with s removed before scoring it would be {x, y, z} = categoría 1: x 16 only).
    """
    rows = [person(1, "top", score=6), person(2, "x", nat=1650, score=5),
            person(3, "s", nat=1600, score=4, withdrew="Yes"), person(4, "y", nat=None, score=4),
            person(5, "z", nat=None, score=3.5)]
    res = season(tmp_path, {"a.xlsx": book("A", rows)})
    assert awarded(res, "A", "Sub 1700") == {"x": 18, "s": 16, "y": 8}
    assert totals(res, "Sub 1700") == {"x": 18, "y": 8}
    lg = res.outcome.ledger
    s_row = lg[(lg["name"] == "s") & (lg["ranking"] == "Sub 1700")].iloc[0]
    assert not bool(s_row["counted"]) and "forfeited" in s_row["detail"]
    y_row = lg[(lg["name"] == "y") & (lg["ranking"] == "Sub 1700")].iloc[0]
    assert y_row["rule"] == R.RULE_AMATEUR + ", item 5"


def test_sanctioned_woman_keeps_her_slot_in_the_dama_amateur_minimum_ruling6_amateur_item1(tmp_path):
    """Amateur item 1: "En caso de que ninguna dama Sub 2000 alcance puntaje a la mejor dama, se le asignarán 6 puntos
    y a las siguientes 4 y 2"; Art. 6 / ruling 6 (sanctioned players keep their slot in a minimum group, their
    points forfeited and not passed down); ruling 14 (a band of categoría 0 is not extended).

    Open A, base 2: top 18, m (2100) 16; then four unrated women: s (withdrew Yes), w2, w3, w4.
    Sub 1700 {s, w2, w3, w4}: 0 rated → categoría 0 → nobody scores in her band.
    Dama amateur: s 6 (forfeited), w2 4, w3 2, w4 nothing → standings w2 4, w3 2 (not w2 6, w3 4, w4 2).
    """
    rows = ladder(("top", {}), ("m", {"nat": 2100}), ("s", {"sex": "F", "nat": None, "withdrew": "Yes"}),
                  ("w2", {"sex": "F", "nat": None}), ("w3", {"sex": "F", "nat": None}),
                  ("w4", {"sex": "F", "nat": None}))
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=2)})
    assert totals(res, "Sub 1700") == {}
    assert awarded(res, "A", "Dama amateur") == {"s": 6, "w2": 4, "w3": 2}
    assert totals(res, "Dama amateur") == {"w2": 4, "w3": 2}


# ============================================================================================ amateur categoría

def test_irt_gives_a_band_of_unrated_women_categoria_2_so_no_dama_minimum_amateur_items1_4_ruling11(tmp_path):
    """Amateur item 4: "Cuando un torneo sea IRT se aumentará 2 categorías"; rulebook: "The categoría of a band in a
    tournament = the number of its players with a national rating, FIDE-rated players counted twice; +2 if the
    tournament is an IRT"; ruling 11: an unrated player is in Sub 1700 and adds nothing; amateur item 1 (the Dama
    6/4/2 only where no amateur woman scored in her band); Art. 3 item 4 (senior Dama minimum, Femenino).

    Open A, IRT, base 1: top (2200, FIDE 2200) 1st → Absoluto 16; w1, w2, w3 (F, unrated) 2nd–4th.
    Sub 1700 {w1, w2, w3}: 0 rated + 2 IRT = categoría 2 → w1 18, w2 16, w3 nothing.
    Dama amateur: women scored in their band → their band points: w1 18, w2 16 (not the 6/4/2).
    Femenino (item 4): no woman has place points (categoría 1) → Dama group w1 6, w2 4, w3 2.
    """
    rows = ladder(("top", {"fide": 2200}), ("w1", {"sex": "F", "nat": None}), ("w2", {"sex": "F", "nat": None}),
                  ("w3", {"sex": "F", "nat": None}))
    res = season(tmp_path, {"a.xlsx": book("A", rows, irt="Yes")})
    assert totals(res, "Absoluto") == {"top": 16}
    assert totals(res, "Sub 1700") == {"w1": 18, "w2": 16}
    assert totals(res, "Dama amateur") == {"w1": 18, "w2": 16}
    assert totals(res, "Femenino") == {"w1": 6, "w2": 4, "w3": 2}


def test_band_beyond_the_table_six_titled_irt_and_item5_at_the_second_extra_place_art3_amateur_items3_4_5(
        tmp_path):
    """Art. 3 extension ("Cada categoría adicional a la 13ª, incrementará cuatro puntos al primero, e irá disminuyendo
    de 2 en dos por posición posterior"); amateur list (FIDE-rated players "se contarán por 2"); item 3 ("6 o más
    CMN, CMNF, MN, MNF o títulos FIDE a todos los puntajes se les agregará 4 puntos y al final se agregará puntaje
    para dos nuevos jugadores con 4 y 2 puntos"); item 4 (IRT +2); item 5 and ruling 14 ("item 5 halves the last
    scoring place including the extra places"); Art. 3 item 1 (national titles give no senior title bonus).

    Open A, IRT, base 1, 9 rounds: six MN (2300) 1st–6th → senior categoría 1 + 0 = 1 → Absoluto mn1 16 only.
    Sub 2000: a1 … a7, each with a national and a FIDE rating (1970 … 1910) → 7 × 2 = 14 + 2 = categoría 16 →
      P(16, p) = 40 + 4·3 − 2(p − 1) = 52, 50, … 40, + 4 → a1 56, a2 54, a3 52, a4 50, a5 48, a6 46, a7 44
      (the extra places 17 and 18: nobody).
    Sub 1700: u1 … u5 unrated → 0 + 2 = categoría 2 → u1 18 + 4 = 22, u2 16 + 4 = 20, extra places u3 4, u4 2;
      u5 on the same game score as u4 (the last scoring place, an extra one) → 2 / 2 = 1.
    """
    specs = [*((f"mn{i}", {"title": "MN", "nat": 2300}) for i in range(1, 7)),
             *((f"a{i}", {"nat": 1980 - 10 * i, "fide": 1980 - 10 * i}) for i in range(1, 8)),
             *((f"u{i}", {"nat": None}) for i in range(1, 6))]
    rows = ladder(*specs, top=9)
    rows[-1][HEAD.index("Score")] = rows[-2][HEAD.index("Score")]  # u5 tied with u4 on game points
    res = season(tmp_path, {"a.xlsx": book("A", rows, irt="Yes", Rounds=9)})
    t = res.outcome.tournaments.set_index("tournament").loc["A"]
    assert (int(t["title_bonus"]), int(t["category"])) == (0, 1)
    assert totals(res, "Absoluto") == {"mn1": 16}
    assert totals(res, "Sub 2000") == {f"a{i}": 56 - 2 * (i - 1) for i in range(1, 8)}
    assert totals(res, "Sub 1700") == {"u1": 22, "u2": 20, "u3": 4, "u4": 2, "u5": 1}
    lg = res.outcome.ledger
    a1 = lg[(lg["name"] == "a1") & (lg["ranking"] == "Sub 2000")].iloc[0]
    assert "categoría 16" in a1["detail"] and "52" in a1["detail"]


def test_amateur_bands_inside_a_national_championship_without_cash_with_irt_ruling12_art3_item6(tmp_path):
    """Ruling 12: "Amateur rankings are computed in every counting tournament that feeds Absoluto (open, valid closed,
    national)"; Art. 3 item 6 ("Cuando un torneo sea un Nacional y no tenga premios en efectivo su categoría
    inicial será 3"); amateur item 4 (IRT +2).

    N, national championship (Ranking Absoluto), no cash, IRT: top (2200) 1st, x (1750) 2nd, y (1720) 3rd.
    Absoluto: categoría 3 → top 20, x 18, y 16.
    Sub 1800 {x, y}: 2 rated + 2 IRT = categoría 4 → P(4, ·) = 22, 20 → x 22, y 20.
    """
    n = national("N", ladder(("top", {}), ("x", {"nat": 1750}), ("y", {"nat": 1720})), "Absoluto", irt="Yes")
    res = season(tmp_path, {"n.xlsx": n})
    assert totals(res, "Absoluto") == {"top": 20, "x": 18, "y": 16}
    assert totals(res, "Sub 1800") == {"x": 22, "y": 20}
    assert totals(res, "Sub 2000") == {} and totals(res, "Sub 1700") == {}


# ============================================================================================ the lock

def test_player_locked_in_sub1700_does_not_compete_in_a_national_sub1800_championship_art3_amateur(tmp_path):
    """Art. 3 amateur list: "un jugador quedará para todo el año con la categoría del ELO con la que adquirió
    puntaje por 1a vez"; rulebook: "from then on that locked category — not the current rating — decides where they
    compete and are counted"; amateur item 5 / ruling 12: a national championship of one amateur category feeds
    only that ranking.

    O (February, open base 1): top 1st; x (1650) 2nd → Sub 1700 {x} = 1 → 16: x locked in Sub 1700.
    N (March), national Sub 1800 championship, no cash: x (now 1750) 1st, y (1720) 2nd, z (1710) 3rd.
      x is Sub 1700 for the year → not a Sub 1800 player: Sub 1800 {y, z} = categoría 2 → y 18, z 16; x nothing
      (were x counted by his current rating: {x, y, z} = 3 → x 20, y 18, z 16).
    Sub 1700: x 16.  Sub 1800: y 18, z 16.
    """
    o = book("O", ladder(("top", {}), ("x", {"nat": 1650})), start=dt.date(2009, 2, 1))
    n = national("N", ladder(("x", {"nat": 1750}), ("y", {"nat": 1720}), ("z", {"nat": 1710})), "Sub 1800",
                 start=dt.date(2009, 3, 1))
    res = season(tmp_path, {"o.xlsx": o, "n.xlsx": n})
    assert awarded(res, "N", "Sub 1800") == {"y": 18, "z": 16}
    assert totals(res, "Sub 1800") == {"y": 18, "z": 16}
    assert totals(res, "Sub 1700") == {"x": 16}


def test_an_excluded_closed_tournament_does_not_lock_the_band_art2_q1_art3_amateur(tmp_path):
    """Art. 2 q 1: closed tournaments are valid only with "Mínimo … 3 jugadores de Ligas diferentes a la Liga Sede"
    (rulebook: "Invalid ones are excluded, with the reason"); the lock: "the first tournament (by date) where a
    player scores fixes their category for the year" — an excluded tournament gives no points, so it fixes nothing.

    X (February, closed, host Valle, every player from Valle → excluded): x (1750) 1st, y (1780) 2nd.
    O (March, open base 1): top 1st; x (now 1650) 2nd; z (1780) 3rd.
      x's first points are in O, as Sub 1700 → Sub 1700 {x} = 1 → 16.  Sub 1800 {z} = 1 → 16.
      (Had X locked x in Sub 1800: Sub 1800 {x, z} → x 18, z 16 and nothing in Sub 1700.)
    """
    x = book("X", ladder(("x", {"nat": 1750}), ("y", {"nat": 1780}), ("w", {})), kind="Closed",
             start=dt.date(2009, 2, 1), base=3)
    o = book("O", ladder(("top", {}), ("x", {"nat": 1650}), ("z", {"nat": 1780})), start=dt.date(2009, 3, 1))
    res = season(tmp_path, {"x.xlsx": x, "o.xlsx": o})
    t = res.outcome.tournaments.set_index("tournament").loc["X"]
    assert not bool(t["counts"])
    assert totals(res, "Sub 1700") == {"x": 16}
    assert totals(res, "Sub 1800") == {"z": 16}
    assert awarded(res, "X", "Sub 1800") == {}


# ============================================================================================ counting, ties

def test_a_team_event_is_one_result_in_the_two_thirds_count_art3_item6_amateur_item7_ruling8(tmp_path):
    """Art. 3 item 6 as ruled (best max(1, floor(2M/3)) results, M = tournaments awarding points in the ranking);
    amateur item 7 ("Adicionalmente todos los integrantes del equipo Campeón recibirán 6 puntos más …"); ruling 8:
    "board points and the team bonus add up"; rulebook: "One score per player per tournament".

    A (February, base 1): p 16.   B (March, base 3): p 20, q 18, r 16.
    T (April), team event (Ranking Absoluto): p team X (1st) board 1, board place 1 → 12 + 6 = 18;
      q team Y (2nd) board 1, board place 2 → 10 + 4 = 14.
    Absoluto: M = 3 → best 2 results (a result = one tournament):
      p {A 16, B 20, T 18} → B + T = 38 (if T's two ledger rows were two results: 20 + 16 = 36); counted 2, played 3.
      q {B 18, T 14} → 32 (not 18 + 10 = 28).  r 16.
    """
    a = book("A", ladder(("p", {})), start=dt.date(2009, 2, 1))
    b = book("B", ladder(("p", {}), ("q", {}), ("r", {})), start=dt.date(2009, 3, 1), base=3)
    t = book("T", [person(1, "p", score=5, team=("X", 1, 1, 1)), person(2, "q", score=4, team=("Y", 2, 1, 2))],
             kind="Team", head=TEAM_HEAD, start=dt.date(2009, 4, 1), Ranking="Absoluto")
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b, "t.xlsx": t})
    assert awarded(res, "T", "Absoluto") == {"p": 18, "q": 14}
    assert totals(res, "Absoluto") == {"p": 38, "q": 32, "r": 16}
    assert counted(res, "Absoluto", "p") == {"A": False, "B": True, "T": True}
    p = standing(res, "Absoluto", "p")
    assert (int(p["counted_results"]), int(p["played"])) == (2, 3)


def test_womens_national_championship_gives_the_sub_n_femenino_minimums_ruling3_art3_item4(tmp_path):
    """Ruling 3: "one feeding Femenino feeds Femenino and the Sub N Femenino rankings"; Art. 3 item 4 ("En caso de que
    ningún Sub 20 o Sub 18 o Sub 16 en cada rama o Dama alcance puntaje superior a 6, al mejor … 6 puntos al 1º, 4
    ptos al 2º y 2 ptos al 3º"); ruling 1 (a group's minimum counts only in the ranking of the same name); item 6
    (national without cash: categoría 3).

    NF, national women's championship (Ranking Femenino), no cash → categoría 3: w1, w2, w3 (1980) 20, 18, 16;
      g1 (1991) 4th and g2 (1994) 5th without place points.
    Dama {w1 … g2}: w1 has 20 > 6 → no minimum → Femenino w1 20, w2 18, w3 16.
    Sub 20 Femenino {g1, g2} (born 1989 or later): nobody above 6 → g1 6, g2 4.
    Sub 18 Femenino (born 1991 or later) {g1, g2} → g1 6, g2 4.   Sub 16 Femenino (1993 or later) {g2} → 6.
    Not fed: Absoluto and every Sub N Absoluto → nothing.
    """
    nf = national("NF", ladder(("w1", F), ("w2", F), ("w3", F), ("g1", {"sex": "F", "born": 1991}),
                               ("g2", {"sex": "F", "born": 1994})), "Femenino")
    res = season(tmp_path, {"nf.xlsx": nf})
    assert totals(res, "Femenino") == {"w1": 20, "w2": 18, "w3": 16}
    assert totals(res, "Sub 20 Femenino") == {"g1": 6, "g2": 4}
    assert totals(res, "Sub 18 Femenino") == {"g1": 6, "g2": 4}
    assert totals(res, "Sub 16 Femenino") == {"g2": 6}
    for ranking in ("Absoluto", "Sub 20 Absoluto", "Sub 18 Absoluto", "Sub 16 Absoluto"):
        assert totals(res, ranking) == {}, ranking


def test_youth_tiebreak_last_tournament_uses_the_position_inside_the_category_art4_ruling15(tmp_path):
    """Art. 4: "2- Mejor posición ocupada en el ultimo torneo jugado … Esto es válido también, para las posiciones
    amateur y juveniles"; ruling 15: "The tiebreak 'place in the last tournament' uses the position inside the
    category"; Art. 2 l (Sub 12 = born 1997 or 1998 in 2009, exclusive); amateur list (categoría = rated players).

    K1 (February), Sub-14 tournament: t1 (1995, 1600) 1st, t2 (1995, 1550) 2nd, a (1998, 1400) 3rd overall →
      Sub 12 Absoluto {a} = 1 → a 16 (position 1).
    K2 (March), Sub-14 tournament: c (1997, 1450) 1st, b (1997, 1300) 2nd overall, t3 (1995, 1500) 3rd →
      Sub 12 Absoluto {c, b} = 2 → c 18, b 16 (position 2).
    Sub 12 Absoluto: M = 2 → best 1: c 18; a 16 and b 16, each played 1 → last tournament: a position 1, b
    position 2 → a 2nd, b 3rd, not tied (by the overall place, b's 2nd would beat a's 3rd).
    """
    k1 = book("K1", ladder(("t1", {"born": 1995, "nat": 1600}), ("t2", {"born": 1995, "nat": 1550}),
                           ("a", {"born": 1998, "nat": 1400})), kind="Sub 14", start=dt.date(2009, 2, 1))
    k2 = book("K2", ladder(("c", {"born": 1997, "nat": 1450}), ("b", {"born": 1997, "nat": 1300}),
                           ("t3", {"born": 1995, "nat": 1500})), kind="Sub 14", start=dt.date(2009, 3, 1))
    res = season(tmp_path, {"k1.xlsx": k1, "k2.xlsx": k2})
    s = res.outcome.standings
    s = s[s["ranking"] == "Sub 12 Absoluto"]
    assert {n: (float(t), int(r), bool(x)) for n, t, r, x in zip(s["name"], s["total"], s["rank"], s["tied"])} == {
        "c": (18, 1, False), "a": (16, 2, False), "b": (16, 3, False)}
    assert standing(res, "Sub 12 Absoluto", "a")["tiebreak"] == R.TIEBREAK_LEVELS[1]


# ============================================================================================ the JSON export

def test_json_totals_readd_from_counted_results_and_cap_and_categorias_from_their_parts(tmp_path):
    """No number that no rule gives, through ``gpcalc build --json`` (CONTRACT: standings with results
    [{tournament, points, counted}], tournaments with category and category_breakdown).

    Art. 2 q 3 ("no podrá superar los 30 puntos"), Art. 3 item 6 (best floor(2M/3)), ruling 5, ruling 8, Art. 6.
    C1 (March) and C2 (April): closed, valid (3 visitors), base 13 → p 1st: P(13, 1) = 40 each; v1 38, v2 36,
      v3 34 in each.
    O (May), open, base 2: p 18, q 16, s (withdrew Yes) 3rd.
    T (June), team event (Absoluto): p board 1 place 1, team 1st → 12 + 6 = 18; q board 1 place 2, team 2nd →
      10 + 4 = 14.
    Absoluto: M = 4 → best 2.
      p: one closed + one open = min(30, 40) + 18 = 48 (two closed: 30; no closed: 36) → C1 (earlier) + O
        (O and T equal: the earlier) → 40 + 18 − 10 = 48, closed_cap −10.
      q: O 16 + T 14 = 30.   v1: C1 alone: min(30, 38) = 30 (C1 + C2: min(30, 76) = 30, fewer closed wins) → −8;
      likewise v2 (36) → −6 and v3 (34) → −4.
    Every standings total = Σ counted results + closed_cap; every categoría = base + its bonuses; s appears in no
    standings and no prize, only among the sanctions.
    """
    c1 = visitors_closed("C1", [person(1, "p", score=3, games=3)], dt.date(2009, 3, 1), base=13)
    c2 = visitors_closed("C2", [person(1, "p", score=3, games=3)], dt.date(2009, 4, 1), base=13)
    o = book("O", ladder(("p", {}), ("q", {}), ("s", {"withdrew": "Yes"})), start=dt.date(2009, 5, 1), base=2)
    t = book("T", [person(1, "p", score=5, team=("X", 1, 1, 1)), person(2, "q", score=4, team=("Y", 2, 1, 2))],
             kind="Team", head=TEAM_HEAD, start=dt.date(2009, 6, 1), Ranking="Absoluto")
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": str(YEAR), "Points table source": "audit 4"},
                         sheets={"Points": ILLUSTRATIVE},
                         tournaments={"c1.xlsx": c1, "c2.xlsx": c2, "o.xlsx": o, "t.xlsx": t})
    out = tmp_path / "out.json"
    run = CliRunner().invoke(main, ["build", str(folder), "--json", str(out), "-o", str(tmp_path / "out.xlsx")])
    assert run.exit_code == 0, run.output
    data = json.loads(out.read_text(encoding="utf-8"))
    rows = {(s["ranking"], s["name"]): s for s in data["standings"]}
    p, q, v1 = rows[("Absoluto", "p")], rows[("Absoluto", "q")], rows[("Absoluto", "v1")]
    assert (p["total"], p["closed_cap"], {r["tournament"]: r["counted"] for r in p["results"]}) == (
        48, -10, {"C1": True, "C2": False, "O": True, "T": False})
    assert (q["total"], v1["total"], v1["closed_cap"]) == (30, 30, -8)
    for s in data["standings"]:
        readd = sum(r["points"] for r in s["results"] if r["counted"]) + (s["closed_cap"] or 0)
        assert s["total"] == readd, (s["ranking"], s["name"])
        assert all(r["points"] > 0 for r in s["results"])
    for tour in data["tournaments"]:
        if tour["category"] is not None:
            assert tour["category"] == tour["base"] + tour["title_bonus"] + tour["norm_bonus"] + tour["size_bonus"]
            assert tour["category_breakdown"].endswith(f"= {tour['category']}")
    cats = {tour["name"]: tour["category"] for tour in data["tournaments"]}
    assert cats == {"C1": 13, "C2": 13, "O": 2, "T": None}
    assert all(s["name"] != "s" for s in data["standings"]) and all(x["name"] != "s" for x in data["prizes"])
    assert [(x["name"], x["withdrew"]) for x in data["sanctions"]] == [("s", "Yes")]
    caps = [x for x in data["ledger"] if x["rule"] == R.RULE_CAP]
    assert sorted((x["ranking"], x["name"], x["points"]) for x in caps if x["ranking"] == "Absoluto") == [
        ("Absoluto", "p", -10), ("Absoluto", "v1", -8), ("Absoluto", "v2", -6), ("Absoluto", "v3", -4)]


# ============================================================================================ defects

def test_national_youth_championship_without_cash_does_not_need_categoria_3_in_the_table_rulings2_9(tmp_path):
    """Ruling 2: "A national championship of an amateur or youth category needs no base at all, cash or not: its
    categoría is its rated players (Art. 3 amateur list)"; ruling 9: "a categoría missing inside the table is an
    error only if a tournament uses it — for its senior categoría, an amateur band or a youth category alike".

    Points sheet: the illustrative rows 1, 2 and 4–13 (categoría 3 missing inside the table).
    N12, national Sub 12 Absoluto championship without cash: g (F, 1997, 1400) 1st, b (1998, 1300) 2nd →
      Sub 12 Absoluto {g, b} = 2 rated → categoría 2 (in the table) → g 18, b 16. No tournament uses categoría 3.
    gpcalc: error "N12: categoría 3 is not in the Points table" (it gives the youth championship the senior
    starting categoría 3 of Art. 3 item 6) — nothing is computed.
    """
    points = [row for row in ILLUSTRATIVE if row[0] != 3]
    n12 = national("N12", ladder(("g", {"sex": "F", "born": 1997, "nat": 1400}), ("b", {"born": 1998, "nat": 1300})),
                   "Sub 12 Absoluto")
    res = _compute(tmp_path, {"n12.xlsx": n12}, points)
    assert res.outcome is not None, [i.message for i in res.issues.errors]
    assert totals(res, "Sub 12 Absoluto") == {"g": 18, "b": 16}


def test_amateur_and_youth_national_championships_show_no_senior_categoria_ruling2(tmp_path):
    """Ruling 2: "A national championship of an amateur or youth category needs no base at all, cash or not: its
    categoría is its rated players (Art. 3 amateur list)"; rulebook, outputs: "tournaments with their categoría and
    its bonus breakdown"; this audit: gpcalc outputs no number that no rule gives.

    N12 national Sub 12 Absoluto championship, no cash: g (F, 1997, 1400) 18, b (1998, 1300) 16 (categoría 2 of
      the category, as the ledger says).
    NA national Sub 1800 championship with cash, Base category typed 5: x (1750) 18, y (1720) 16.
    O open, base 2: p 18 (control: categoría 2).
    Expected: N12 and NA have no senior categoría on the Tournaments output (blank, as a Sub-14 tournament or a
    team event), and the Points table sheet lists neither under a categoría (nobody got P(3, ·) or P(5, ·)).
    gpcalc: N12 categoría 3 ("base 3 + size 0 … = 3"), NA categoría 5, both listed on the Points table sheet.
    """
    n12 = national("N12", ladder(("g", {"sex": "F", "born": 1997, "nat": 1400}), ("b", {"born": 1998, "nat": 1300})),
                   "Sub 12 Absoluto", start=dt.date(2009, 2, 1))
    na = national("NA", ladder(("x", {"nat": 1750}), ("y", {"nat": 1720})), "Sub 1800", cash="Yes", base=5,
                  start=dt.date(2009, 4, 1))
    o = book("O", ladder(("p", {})), start=dt.date(2009, 5, 1), base=2)
    res = season(tmp_path, {"n12.xlsx": n12, "na.xlsx": na, "o.xlsx": o})
    assert totals(res, "Sub 12 Absoluto") == {"g": 18, "b": 16} and totals(res, "Sub 1800") == {"x": 18, "y": 16}
    t = res.outcome.tournaments.set_index("tournament")
    assert int(t.loc["O", "category"]) == 2
    assert pd.isna(t.loc["N12", "category"]) and pd.isna(t.loc["NA", "category"])
    sheet = next(s.frame for s in res.outcome.sheets if s.name == "Points table")
    listed = ", ".join(sheet["tournaments"].astype(str))
    assert "N12" not in listed and "NA" not in listed


def test_team_event_feeding_a_youth_ranking_is_warned_and_scores_nothing_ruling8(tmp_path):
    """Rulebook, data per tournament: "for a national championship or team event, the ranking it feeds ('en su
    categoría respectiva': e.g. a national Sub-12 championship feeds only Sub 12)"; CONTRACT: `Ranking` (the ranking
    a national or team event feeds); ruling 3: "any other ranking name feeds only that ranking"; amateur item 7
    (in the seed's list "Puntajes para los Jugadores del torneo Amateur y Sub 14 por categoría y rama"): "Primeros
    tableros: 12, 10, 8 … Adicionalmente todos los integrantes del equipo Campeón recibirán 6 puntos más, los del
    equipo subcampeón recibirán 4"; ruling 8 (board points and team bonus add up). No rule or ruling limits team
    events to the senior rankings.

    T, national Sub 14 team championship (Ranking Sub 14 Absoluto):
      k1 (1996) team X (1st), board 1, board place 1 → 12 + 6 = 18;
      k2 (1996) team Y (2nd), board 1, board place 2 → 10 + 4 = 14.
    Sub 14 Absoluto: k1 18, k2 14.
    gpcalc used to say "the board points of item 7 are for the senior rankings", which no rule says. Decided on
    30 November as gpcalc ruling 8 (README): a team event scores in the senior rankings only — the amateur bands
    and youth categories are defined for individual places, and the resolution does not say how a team's boards
    would enter them; a team event naming an amateur or youth ranking is warned, citing the ruling, and scores
    nothing. (Were the federation to confirm item 7 for youth team events, this test states the other reading:
    k1 18, k2 14.)
    """
    t = book("T", [person(1, "k1", born=1996, nat=1500, score=5, team=("X", 1, 1, 1)),
                   person(2, "k2", born=1996, nat=1400, score=4, team=("Y", 2, 1, 2))],
             kind="Team", head=TEAM_HEAD, start=dt.date(2009, 4, 1), Ranking="Sub 14 Absoluto")
    res = season(tmp_path, {"t.xlsx": t})
    assert totals(res, "Sub 14 Absoluto") == {}
    assert res.outcome.ledger.empty or not (res.outcome.ledger["points"] > 0).any()
    warned = [i.message for i in res.issues.items if i.code == "ranking-not-computed"]
    assert warned == ["T: a team event feeding the Sub 14 Absoluto ranking gives no points (gpcalc ruling 8: team "
                      "events score in the senior rankings only)"]
    tours = res.outcome.tournaments.set_index("tournament")
    assert tours.loc["T", "status"] == "feeds a ranking not computed"
