"""Second audit pass of the FECODAZ circuit against its rulebook (../shared/rules/fecodaz.md and its Rulings).

Focus: the money end to end (Pot places, one prize per player with the passed-down prize, the 1 % awards in
ruling 17's order, ties at a Pot place, the youth pot, organisers' awards, national-final qualifiers), the ligas
(Art. 5 d), the Art. 4 tiebreaks end to end, national championships without cash (ruling 2), feeding (ruling 3),
the item-4 minimums (ruling 1) and the Art. 2 compliance warnings. The first pass is tests/test_fecodaz_audit.py;
nothing it covers is repeated here.

Every expected number is worked out BY HAND from the rule text in the test's docstring. Seasons are built with
``builders.make_season`` and run through ``gpcalc.pipeline.compute``.

Unless a test says otherwise: season 2009, the illustrative table P(c, p) = 2c + 14 − 2(p − 1)
(categoría 1: 16; 2: 18, 16; 3: 20, 18, 16; 4: 22 … 16; 5: 24 … 16), non-IRT opens, 7 rounds over 3 days,
7 games each, every player with a distinct game score (no item-5 ties), national ratings of 2000 or more
(outside every amateur band) unless the test is about the amateur rankings.
"""

from __future__ import annotations

import datetime as dt

from builders import fecodaz_season

YEAR = 2009
ILLUSTRATIVE = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                                for c in range(1, 14)]
HEAD = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
        "Games", "Withdrew"]
STRONG = 2200  # a national rating outside every amateur band (Sub 2000 is 1800–1999)


def person(place, name, pid, *, sex="M", born=1980, league="Valle", title=None, nat=STRONG, fide=None, score=0.0,
           games=7, withdrew="No"):
    return [place, name, pid, sex, born, league, title, nat, fide, score, games, withdrew]


def ladder(*specs, top=7.0):
    """Rows placed 1, 2, 3 … in the order given, scores top, top − ½, … (all different: no item-5 tie).
    Each spec: (name, id, keyword dict for :func:`person`)."""
    return [person(i, name, pid, score=top - 0.5 * (i - 1), **kw) for i, (name, pid, kw) in enumerate(specs, 1)]


def book(name, rows, *, kind="Open", start=dt.date(2009, 3, 1), end=None, base=1, host="Valle", irt="No",
         stop="1", **extra):
    t = {"Name": name, "Start": start, "End": end or start + dt.timedelta(days=2), "Kind": kind,
         "Host league": host, "IRT": irt, "Norms": "None", "Cash prizes": "Yes", "Rounds": 7, "Stop": stop,
         "Base category": base if kind not in ("Sub 14", "Team") else None}
    t.update(extra)
    return {"Tournament": {k: v for k, v in t.items() if v is not None}, "Results": [HEAD, *rows]}


def season(tmp_path, books, sheets=None, **settings):
    return fecodaz_season(tmp_path, books, ILLUSTRATIVE, year=YEAR, source="audit 2", sheets=sheets, **settings)


def totals(res, ranking):
    s = res.outcome.standings
    s = s[s["ranking"] == ranking]
    return {n: float(t) for n, t in zip(s["name"], s["total"])}


def ranks(res, ranking):
    s = res.outcome.standings
    s = s[s["ranking"] == ranking]
    return {n: (int(r), bool(t)) for n, r, t in zip(s["name"], s["rank"], s["tied"])}


def prizes(res):
    """{(ranking, place): (name or None, value)} of every prize line."""
    p = res.outcome.prizes
    return {(r, int(pl)): (None if n is None or n != n else n, float(v))
            for r, pl, n, v in zip(p["ranking"], p["place"], p["name"], p["value"])}


def prize_row(res, ranking, place=1):
    p = res.outcome.prizes
    return p[(p["ranking"] == ranking) & (p["place"] == place)].iloc[0]


def warned(res):
    """{(tournament, code)} of the Art. 2 compliance warnings."""
    codes = {"few-rounds", "rounds-a-day", "small-prize-fund", "registered-late", "no-sub14", "no-stop",
             "same-dates", "entry-fee-range", "closed-invalid"}
    return {(i.message.split(":")[0], i.code) for i in res.issues.items if i.code in codes}


def sheet(res, name):
    return next(s.frame for s in res.outcome.sheets if s.name == name)


POT_50_30_19_1 = [["Place", "Percent"], [1, 50], [2, 30], [3, 19], [4, 1]]


# ============================================================================================ prizes (Art. 4)

def test_pot_places_of_the_80_percent_and_place_money_passed_down_end_to_end_art4_ruling17(tmp_path):
    """Art. 4: "El 80% del total de la bolsa … serán distribuidos de acuerdo a la puntuación"; rulebook: "80 % is
    paid out by final place of the main ranking using the Pot percentage table"; ruling 16: "Pot percentages are
    shares of the 80 % paid to Absoluto places"; "Ningún jugador podrá tener más de un premio" — ruling: "a player
    eligible for several prizes (place money included) takes the highest; the prize they leave passes to the next
    eligible player"; ruling 17: "prizes go out by value".

    SMMLV 500,000. Open A: entry fees 10,000,000 → max(1,000,000; 250,000) = 1,000,000; no prizes reported; no
    sponsorship. Bolsa 1,000,000; 80 % = 800,000; 1 % = 10,000.
    Pot 50/30/19/1 of the 800,000 → place 1 400,000; 2 240,000; 3 152,000; 4 8,000 (less than a 1 % award).
    A base 5 → 24, 22, 20, 18, 16:
      1 m1 (1970) 24;  2 g1 (F, 1991: Sub 20/18) 22;  3 m2 20;  4 y1 (1990: Sub 20, not Sub 18) 18;  5 x 16;
      6 e1 (national 1900: Sub 2000) 0;  7 w1 (F, 1650: Sub 1700) 0.
    Amateur: Sub 2000 {e1} categoría 1 → 16; Sub 1700 {w1} → 16, Dama amateur w1 16 (her band points).
    By value: place 1 → m1 400,000; place 2 → g1 240,000; place 3 → m2 152,000; then the 1 % awards (10,000):
      Sub 20 Absoluto: g1 holds place 2 → y1 10,000;  Sub 20 Femenino, Femenino, Sub 18 Absoluto: only g1 →
      not awarded;  Sub 2000 → e1;  Sub 1800 → nobody;  Sub 1700 → w1;  Dama amateur: w1 holds Sub 1700 → not
      awarded;
    then place 4 (8,000): y1 holds 10,000 (more) → passes to x (5th) 8,000.
    """
    rows = ladder(("m1", "1", {"born": 1970}), ("g1", "2", {"sex": "F", "born": 1991}), ("m2", "3", {}),
                  ("y1", "4", {"born": 1990}), ("x", "5", {}), ("e1", "6", {"nat": 1900}),
                  ("w1", "7", {"sex": "F", "nat": 1650}))
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=5, **{"Entry fees": 10_000_000})},
                 sheets={"Pot": POT_50_30_19_1}, SMMLV=500_000)
    bolsa = res.outcome.json_extra["bolsa"]
    assert (bolsa["total"], bolsa["paid_out"], bolsa["one_percent"]) == (1_000_000, 800_000, 10_000)
    assert totals(res, "Absoluto") == {"m1": 24, "g1": 22, "m2": 20, "y1": 18, "x": 16}
    got = prizes(res)
    assert got[("Absoluto", 1)] == ("m1", 400_000)
    assert got[("Absoluto", 2)] == ("g1", 240_000)
    assert got[("Absoluto", 3)] == ("m2", 152_000)
    assert got[("Absoluto", 4)] == ("x", 8_000)
    assert got[("Sub 20 Absoluto", 1)] == ("y1", 10_000)
    for ranking in ("Sub 20 Femenino", "Femenino", "Sub 18 Absoluto", "Sub 1800", "Dama amateur"):
        assert got[(ranking, 1)][0] is None, ranking
    assert got[("Sub 2000", 1)] == ("e1", 10_000) and got[("Sub 1700", 1)] == ("w1", 10_000)
    assert "y1 (already wins Sub 20 Absoluto 1st)" in prize_row(res, "Absoluto", 4)["passed_over"]
    winners = [n for (r, _), (n, _) in got.items() if r != "Organisers" and n]
    assert len(winners) == len(set(winners)) == 7  # one prize per player


def test_one_percent_awards_go_out_in_ruling17_order_and_pass_down_art4(tmp_path):
    """Art. 4: "El Mejor Sub 20 en Cada Rama recibirá el 1% y la Mejor Dama el 1%, el mejor Sub 18 recibirá el 1%.
    Ningún jugador podrá tener más de un premio. … los Campeones Sub 2000, 1800, 1600 y la Mejor dama Sub 2000".
    Ruling 17: "The 1 % awards, in this order: best Sub 20 Absoluto, best Sub 20 Femenino, best woman, best Sub 18
    (Absoluto), Sub 2000, Sub 1800, Sub 1700, Dama amateur; … equal 1 % awards in the listed order."

    No Pot table (no place money). SMMLV 2,000,000; Open A with no entry fees → ½ SMMLV floor 1,000,000 = bolsa;
    1 % = 10,000. A base 5 → 24, 22, 20, 18, 16:
      1 M (1970) 24;  2 G (F, 1991: Sub 20, Sub 18) 22;  3 H (F, 1992: Sub 20, Sub 18) 20;  4 W (F, 1980) 18;
      5 B (M, 1992: Sub 20, Sub 18) 16;  6 a1 (1900: Sub 2000);  7 a2 (F, 1650: Sub 1700);  8 a3 (F, 1600).
    Amateur: Sub 2000 {a1} → 16; Sub 1700 {a2, a3} categoría 2 → a2 18, a3 16; Dama amateur a2 18, a3 16.
    In order: Sub 20 Absoluto → G; Sub 20 Femenino → G taken → H; Femenino (G, H, W) → W; Sub 18 Absoluto
    (G, H, B) → B; Sub 2000 → a1; Sub 1800 → nobody; Sub 1700 → a2; Dama amateur → a2 taken → a3.
    """
    rows = ladder(("M", "1", {"born": 1970}), ("G", "2", {"sex": "F", "born": 1991}),
                  ("H", "3", {"sex": "F", "born": 1992}), ("W", "4", {"sex": "F"}), ("B", "5", {"born": 1992}),
                  ("a1", "6", {"nat": 1900}), ("a2", "7", {"sex": "F", "nat": 1650}),
                  ("a3", "8", {"sex": "F", "nat": 1600}))
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=5)}, SMMLV=2_000_000)
    assert res.outcome.json_extra["bolsa"]["one_percent"] == 10_000
    assert totals(res, "Dama amateur") == {"a2": 18, "a3": 16}
    got = prizes(res)
    assert got[("Sub 20 Absoluto", 1)] == ("G", 10_000)
    assert got[("Sub 20 Femenino", 1)] == ("H", 10_000)
    assert got[("Femenino", 1)] == ("W", 10_000)
    assert got[("Sub 18 Absoluto", 1)] == ("B", 10_000)
    assert got[("Sub 2000", 1)] == ("a1", 10_000)
    assert got[("Sub 1800", 1)][0] is None
    assert got[("Sub 1700", 1)] == ("a2", 10_000)
    assert got[("Dama amateur", 1)] == ("a3", 10_000)
    assert "G (already wins Sub 20 Absoluto 1st)" in prize_row(res, "Sub 20 Femenino")["passed_over"]
    assert "a2 (already wins Sub 1700 1st)" in prize_row(res, "Dama amateur")["passed_over"]
    assert not any(r == "Absoluto" for r, _ in got)  # no Pot table: no place money allocated
    assert [i for i in res.issues.items if i.code == "no-pot-table"]


def test_tie_at_a_pot_place_is_marked_art4(tmp_path):
    """Art. 4 ties and the rulebook: "still tied → marked, never broken silently".

    SMMLV 500,000; two opens A and B without entry fees → 250,000 + 250,000 = bolsa 500,000; 80 % = 400,000;
    Pot 50/30/20 → 200,000, 120,000, 80,000.
    A (February, base 2: 18, 16): p 1st 18, x 2nd 16.  B (March, base 2): q 1st 18, z 2nd 16.
    Absoluto (M = 2 → best 1): p 18 and q 18 — both played 1 and were 1st in their last tournament, no last-year
    GP place → tied at rank 1; x and z 16, tied at rank 3 likewise.
    Place money: place 1 and place 2 go to the pair p/q, the one on place 1 marked as tied with the other;
    place 3 to one of x/z, marked as tied with the other.
    """
    a = book("A", ladder(("p", "1", {}), ("x", "2", {})), start=dt.date(2009, 2, 1), base=2)
    b = book("B", ladder(("q", "3", {}), ("z", "4", {})), start=dt.date(2009, 3, 1), base=2)
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b}, sheets={"Pot": [["Place", "Percent"], [1, 50], [2, 30],
                                                                        [3, 20]]}, SMMLV=500_000)
    assert ranks(res, "Absoluto") == {"p": (1, True), "q": (1, True), "x": (3, True), "z": (3, True)}
    got = prizes(res)
    assert {got[("Absoluto", 1)][0], got[("Absoluto", 2)][0]} == {"p", "q"}
    assert (got[("Absoluto", 1)][1], got[("Absoluto", 2)][1], got[("Absoluto", 3)][1]) == (200_000, 120_000,
                                                                                             80_000)
    first, third = prize_row(res, "Absoluto", 1), prize_row(res, "Absoluto", 3)
    other = ({"p", "q"} - {first["name"]}).pop()
    assert f"tied with {other}" in first["note"]
    assert third["name"] in {"x", "z"} and "tied with " + ({"x", "z"} - {third["name"]}).pop() in third["note"]


# ============================================================================================ youth pot, organisers

def test_youth_pot_quarter_smmlv_per_sub14_tournament_kept_apart_art1_art2_l_m(tmp_path):
    """Rulebook: "Youth pot = Σ over Sub-14 tournaments of max(10 % of entry fees, ¼ SMMLV)"; Art. 2 l: "El 10% de
    las inscripciones será para la Federación, suma que nunca podrá ser inferior a un cuarto de salario mínimo";
    Art. 2 m: independent Sub-14 tournaments too.

    SMMLV 600,000 → ¼ = 150,000, ½ = 300,000.
      K1 (stop 1's Sub 14): fees 2,000,000 → max(200,000; 150,000) = 200,000
      K2 (independent, no Stop): fees 1,000,000 → max(100,000; 150,000) = 150,000
      K3 (independent, fees not given) → 150,000 (the floor)
    Youth pot = 500,000.  Senior bolsa: Open O fees 4,000,000 → max(400,000; 300,000) = 400,000 (the youth pot is
    not in it): bolsa 400,000, 1 % = 4,000.
    """
    kid = [person(1, "k", "9", born=1997, nat=1500, score=5)]
    res = season(tmp_path, {
        "o.xlsx": book("O", ladder(("a", "1", {})), base=1, **{"Entry fees": 4_000_000}),
        "k1.xlsx": book("K1", kid, kind="Sub 14", **{"Entry fees": 2_000_000}),
        "k2.xlsx": book("K2", kid, kind="Sub 14", stop=None, start=dt.date(2009, 5, 1), **{"Entry fees": 1_000_000}),
        "k3.xlsx": book("K3", kid, kind="Sub 14", stop=None, start=dt.date(2009, 6, 1))}, SMMLV=600_000)
    bolsa = res.outcome.json_extra["bolsa"]
    assert bolsa["youth_pot"] == 500_000
    assert (bolsa["total"], bolsa["one_percent"]) == (400_000, 4_000)
    lines = sheet(res, "Bolsa")
    youth = lines[lines["section"] == "Youth pot"]
    assert dict(zip(youth["tournament"], youth["amount"])) == {"K1": 200_000, "K2": 150_000, "K3": 150_000,
                                                                "": 500_000}


def test_organisers_of_the_two_highest_categorias_with_computed_bonuses_and_a_tie_art5e(tmp_path):
    """Art. 5 e: "La Federación otorgará $1,000,000.oo y $500,000 respectivamente a las Ligas o entidades que
    organizaron aquellos torneos que reúnan las dos mayores categorías de acuerdo al articulo 3º"; rulebook: "(a tie
    is marked for the federation to decide)"; Art. 3 item 6 / ruling 2; Art. 2 q 2.

    Categorías (Art. 3): B base 3 + two GMs (5 + 5 = 10 → +1) + IM norms (+2) = 6 (host Bogotá);
    A base 5 = 5 (host Valle); C base 5 = 5 (host Caldas);
    N national without cash, base written 9 → 3 (ruling 2) (host Huila);
    X closed in October, base 9 → excluded (Art. 2 q 2) (host Meta).
    → B alone at the top: Bogotá 1,000,000. A and C tie at 5 for the 500,000: both listed, marked for the
    federation. N (3, not its written 9) and X get nothing.
    """
    two = ladder(("p", "1", {}), ("q", "2", {}))
    b = book("B", ladder(("gm1", "11", {"title": "GM"}), ("gm2", "12", {"title": "GM"}), ("r", "13", {})),
             base=3, host="Bogotá", Norms="IM", start=dt.date(2009, 4, 1))
    n = book("N", two, kind="National", base=9, host="Huila", start=dt.date(2009, 5, 1), **{"Cash prizes": "No"})
    x = book("X", ladder(("p", "1", {}), ("v1", "21", {"league": "Cauca"}), ("v2", "22", {"league": "Meta"}),
                         ("v3", "23", {"league": "Huila"})), kind="Closed", base=9, host="Meta",
             start=dt.date(2009, 10, 5))
    res = season(tmp_path, {"a.xlsx": book("A", two, base=5), "b.xlsx": b,
                            "c.xlsx": book("C", two, base=5, host="Caldas", start=dt.date(2009, 6, 1)),
                            "n.xlsx": n, "x.xlsx": x})
    t = res.outcome.tournaments.set_index("tournament")
    assert {k: int(t.loc[k, "category"]) for k in ("A", "B", "C", "N")} == {"A": 5, "B": 6, "C": 5, "N": 3}
    p = res.outcome.prizes
    org = p[p["ranking"] == "Organisers"]
    assert dict(zip(org["name"], org["value"]))["Bogotá"] == 1_000_000
    assert set(org["name"]) == {"Bogotá", "Valle", "Caldas"}
    tied = org[org["name"].isin(["Valle", "Caldas"])]
    assert all("federation decides" in note for note in tied["note"])
    assert org.loc[org["name"] == "Bogotá", "note"].iloc[0] == ""


# ============================================================================================ qualifiers (Art. 4)

def test_national_final_qualifiers_colombian_or_resident_per_rama_ruling18(tmp_path):
    """Art. 4: "los tres mejores jugadores Colombianos o residenciados en la clasificación final del Grand Prix en
    cada rama, adquirirán el derecho para asistir a la Final"; rulebook: register column Federation COL, or
    Resident = Yes; ruling 18: "a player missing from the register or with a blank Federation is not eligible
    (and is named if ranked above a qualifier)".

    Open base 9 → 32, 30, …, 16 (9 places), in this order:
      1 V (VEN)  2 N (not in the register)  3 A (COL)  4 R (VEN, Resident Yes)  5 B (Federation blank)
      6 C ("Colombia")  7 D (COL)  8 F1 (F, "col")  9 F2 (F, VEN)
    Absoluto qualifiers: A, R, C (D is 4th eligible); V, N and B are named as not eligible above C.
    Femenino (F1 18, F2 16 — the 8th and 9th place points; F1 18 > 6: no Dama minimum): F1 qualifies, F2
    (VEN) does not.
    """
    rows = ladder(("V", "1", {}), ("N", "2", {}), ("A", "3", {}), ("R", "4", {}), ("B", "5", {}), ("C", "6", {}),
                  ("D", "7", {}), ("F1", "8", {"sex": "F"}), ("F2", "9", {"sex": "F"}))
    register = [["ID", "Name", "Federation", "Resident"], ["1", "V", "VEN", "No"], ["3", "A", "COL", None],
                ["4", "R", "VEN", "Yes"], ["5", "B", None, None], ["6", "C", "Colombia", None],
                ["7", "D", "COL", None], ["8", "F1", "col", None], ["9", "F2", "VEN", None]]
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=9)}, sheets={"Players": register})
    q = sheet(res, "Qualifiers")
    assert list(q.loc[q["rama"] == "Absoluto", "name"]) == ["A", "R", "C"]
    assert list(q.loc[q["rama"] == "Femenino", "name"]) == ["F1"]
    above_c = q.loc[(q["rama"] == "Absoluto") & (q["name"] == "C"), "not_eligible_above"].iloc[0]
    assert all(name in above_c for name in ("V (", "N (", "B ("))


# ============================================================================================ ligas (Art. 5 d)

def _liga_season(tmp_path, spelled=None, **settings):
    """Open A base 5 → 24, 22, 20, 18, 16; Sub-14 K. `spelled`: name → the liga as written in A for that player."""
    a = _respelled(spelled or {}, ("v1", "1", {}), ("b1", "2", {"league": "Bogotá"}), ("b2", "3", {"league": "Bogotá"}),
               ("v2", "4", {}), ("v6", "5", {}),
               ("v3", "6", {"nat": 1900}), ("b3", "7", {"league": "Bogotá", "nat": 1750}), ("v4", "8", {"nat": 1650}),
               ("b4", "9", {"league": "Bogotá", "nat": 1850}), ("v5", "10", {"nat": 1750}),
               ("v7", "11", {"nat": 1600}))
    k = ladder(("k1", "31", {"born": 1996, "nat": 1500}), ("k3", "33", {"born": 1995, "nat": 1450,
                                                                        "league": "Bogotá"}),
               ("k2", "32", {"born": 1996, "nat": 1400}), ("g", "34", {"sex": "F", "born": 1996, "nat": 1300,
                                                                       "league": "Bogotá"}))
    return season(tmp_path, {"a.xlsx": book("A", a, base=5),
                             "k.xlsx": book("K", k, kind="Sub 14", start=dt.date(2009, 3, 2))}, **settings)


def _respelled(spelled, *specs):
    return ladder(*[(n, i, {**kw, "league": spelled[n]} if n in spelled else kw) for n, i, kw in specs])


def _ligas(res, ranking):
    c = res.outcome.clubs
    c = c[c["ranking"] == ranking]
    return {club: (float(t), int(r), bool(tied)) for club, t, r, tied in zip(c["club"], c["total"], c["rank"],
                                                                               c["tied"])}


def test_ligas_two_best_main_amateur_pooled_and_youth_best_one_art5d_ruling15(tmp_path):
    """Art. 5 d: "trofeos a las tres mejores ligas teniendo en cuenta los dos mejores puntajes individuales del
    torneo de Maestros … Lo mismo se hará con el torneo Amateur. Para el torneo Juvenil se hará con el mejor
    puntaje en cada rama y categoría." Ruling 15: "Amateur ligas pool Sub 2000/1800/1700 … and take the two best;
    youth ligas the best one".

    Open A base 5: 1 v1 24, 2 b1 22, 3 b2 20, 4 v2 18, 5 v6 16 (Valle unless said Bogotá).
      Main: Valle v1 24 + v2 18 = 42 (v6's 16 not counted: two best); Bogotá b1 22 + b2 20 = 42 → tied at 1.
    Amateur bands (positions 6–11): Sub 2000 {v3 1900, b4 1850} categoría 2 → v3 18, b4 16;
      Sub 1800 {b3 1750, v5 1750} → b3 18, v5 16; Sub 1700 {v4 1650, v7 1600} → v4 18, v7 16.
      Pooled: Valle v3 18 + v4 18 = 36 (v5, v7 16 left out); Bogotá b3 18 + b4 16 = 34.
    Sub-14 K: Sub 14 Absoluto {k1 1996 1500, k3 1995 1450 (Bogotá), k2 1996 1400, g F 1996 1300 (Bogotá)} all
      rated → categoría 4 → k1 22, k3 20, k2 18, g 16; Sub 14 Femenino {g} → 16.
      Best one: Sub 14 Absoluto Valle 22, Bogotá 20; Sub 14 Femenino Bogotá 16.
    """
    res = _liga_season(tmp_path)
    assert _ligas(res, "Absoluto") == {"Valle": (42, 1, True), "Bogotá": (42, 1, True)}
    assert _ligas(res, "Amateur") == {"Valle": (36, 1, False), "Bogotá": (34, 2, False)}
    assert _ligas(res, "Sub 14 Absoluto") == {"Valle": (22, 1, False), "Bogotá": (20, 2, False)}
    assert _ligas(res, "Sub 14 Femenino") == {"Bogotá": (16, 1, False)}


def test_a_ligas_spellings_are_one_liga_in_ligas_ruling4_art5d(tmp_path):
    """Ruling 4: "case, accents and extra spaces ignored: 'Bogota' is 'Bogotá'" — in Ligas (Art. 5 d) as in the
    closed-event visitor count. The season of the previous test with b2 written 'BOGOTA ' and b3 'bogota': still
    one liga — Absoluto Bogotá b1 22 + b2 20 = 42, tied with Valle; amateur b3 18 + b4 16 = 34 — named by its
    most common spelling, and the spellings warned."""
    res = _liga_season(tmp_path, spelled={"b2": "BOGOTA ", "b3": "bogota"})
    assert _ligas(res, "Absoluto") == {"Valle": (42, 1, True), "Bogotá": (42, 1, True)}
    assert _ligas(res, "Amateur") == {"Valle": (36, 1, False), "Bogotá": (34, 2, False)}
    said = [(i.file, i.sheet, i.cell, i.message) for i in res.issues.warnings if i.code == "liga-spellings"]
    assert [s[:2] for s in said] == [("a.xlsx", "Results")] * 2
    assert [s[3] for s in said] == [
        f"Liga '{w}' is the liga written 'Bogotá' in most rows (ruling 4: case, accents and spaces aside): one "
        "liga, ranked as 'Bogotá' in Ligas" for w in ("BOGOTA", "bogota")]


def test_youth_ligas_two_best_with_the_setting_art2_l(tmp_path):
    """Art. 2 l: "al igual que a las ligas con los dos mejores puntajes en cada rama y categoría"; rulebook: "a
    setting chooses one or two" (season setting `Youth liga players` = 2).

    The season of the previous test: Sub 14 Absoluto Valle k1 22 + k2 18 = 40, Bogotá k3 20 + g 16 = 36;
    Sub 14 Femenino Bogotá g 16. Main and amateur ligas unchanged (two best: 42/42, 36/34).
    """
    res = _liga_season(tmp_path, **{"Youth liga players": 2})
    assert _ligas(res, "Sub 14 Absoluto") == {"Valle": (40, 1, False), "Bogotá": (36, 2, False)}
    assert _ligas(res, "Sub 14 Femenino") == {"Bogotá": (16, 1, False)}
    assert _ligas(res, "Amateur") == {"Valle": (36, 1, False), "Bogotá": (34, 2, False)}


# ============================================================================================ ties (Art. 4)

def test_art4_tiebreaks_end_to_end_played_excluded_tournament_last_gp_place_and_marked_ruling7(tmp_path):
    """Art. 4: "En caso de empates en el acumulado final … 1- Más torneos jugados, 2- Mejor posición ocupada en el
    ultimo torneo jugado o en el último Grand Prix"; rulebook: "1) more tournaments played (entered, whether or not
    they scored) … still tied → marked"; ruling 7: "tournaments played" = valid tournaments feeding that ranking
    with a row for the player; "a missing last-year GP place ranks behind any place".

    Opens (base 2: 18, 16): A Feb: p 1st 18, q 2nd 16.  B Mar: q 1st 18, p 2nd 16.  C Apr: r 1st 18, s 2nd 16,
    q 3rd 0.  D May: t1 1st 18, t 2nd 16.  E Jun: u1 1st 18, u 2nd 16.
    Closed X in October (excluded, Art. 2 q 2): p plays it (not a tournament played).
    M = 5 → best floor(10/3) = 3: p 18 + 16 = 34 (played 2), q 16 + 18 + 0 = 34 (played 3) → q 1st, p 2nd.
    r, t1, u1: 18, played 1, 1st in their last, no last-year place → tied at 4 (marked).
    s, t, u: 16, played 1, 2nd in their last; register Last GP place: u 5, s and t none → u 7th,
    s and t tied at 8 (marked).
    """
    def o(name, month, rows):
        return book(name, rows, start=dt.date(2009, month, 1), base=2)

    x = book("X", ladder(("p", "1", {}), ("v1", "21", {"league": "Cauca"}), ("v2", "22", {"league": "Meta"}),
                         ("v3", "23", {"league": "Huila"})), kind="Closed", base=3, start=dt.date(2009, 10, 5))
    books = {"a.xlsx": o("A", 2, ladder(("p", "1", {}), ("q", "2", {}))),
             "b.xlsx": o("B", 3, ladder(("q", "2", {}), ("p", "1", {}))),
             "c.xlsx": o("C", 4, ladder(("r", "3", {}), ("s", "4", {}), ("q", "2", {}))),
             "d.xlsx": o("D", 5, ladder(("t1", "5", {}), ("t", "6", {}))),
             "e.xlsx": o("E", 6, ladder(("u1", "7", {}), ("u", "8", {}))), "x.xlsx": x}
    register = [["ID", "Name", "Last GP place"], ["8", "u", 5]]
    res = season(tmp_path, books, sheets={"Players": register})
    assert totals(res, "Absoluto") == {"q": 34, "p": 34, "r": 18, "t1": 18, "u1": 18, "u": 16, "s": 16, "t": 16}
    s = res.outcome.standings.set_index(["ranking", "name"])
    assert (int(s.loc[("Absoluto", "p"), "played"]), int(s.loc[("Absoluto", "q"), "played"])) == (2, 3)
    assert ranks(res, "Absoluto") == {"q": (1, False), "p": (2, False), "r": (3, True), "t1": (3, True),
                                      "u1": (3, True), "u": (6, False), "s": (7, True), "t": (7, True)}
    assert s.loc[("Absoluto", "q"), "tiebreak"] == "more tournaments played"
    assert s.loc[("Absoluto", "u"), "tiebreak"] == "better place in last year's Grand Prix"
    assert s.loc[("Absoluto", "s"), "tiebreak"] == "tied on every criterion"


# ============================================================================================ nationals, feeding

def test_amateur_tiebreak_uses_the_position_inside_the_category_ruling15(tmp_path):
    """Art. 4: "… 2- Mejor posición ocupada en el ultimo torneo jugado … Esto es válido también, para las posiciones
    amateur y juveniles"; ruling 15: "The tiebreak 'place in the last tournament' uses the position inside the
    category"; Art. 3 amateur list: "Las posiciones corresponderán a su Categoría".

    A (February): a 1st overall (1650), x 2nd (1680), a2 3rd (1600) → Sub 1700 {a, x, a2} categoría 3 → a 20,
    x 18 (position 2), a2 16.
    B (March): four strong players 1st–4th, y 5th (1690), b 6th (1610) → Sub 1700 {y, b} categoría 2 → y 18
    (position 1), b 16.
    Sub 1700 (M = 2 → best 1): x 18 and y 18, each played 1. Positions inside the category in their last
    tournament: y 1, x 2 → y ranks above x (by the overall place, x's 2nd would beat y's 5th).
    """
    a = book("A", ladder(("a", "1", {"nat": 1650}), ("x", "2", {"nat": 1680}), ("a2", "3", {"nat": 1600})),
             start=dt.date(2009, 2, 1), base=3)
    b = book("B", ladder(("s1", "11", {}), ("s2", "12", {}), ("s3", "13", {}), ("s4", "14", {}),
                         ("y", "4", {"nat": 1690}), ("b", "5", {"nat": 1610})), start=dt.date(2009, 3, 1), base=1)
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b})
    assert totals(res, "Sub 1700") == {"a": 20, "x": 18, "y": 18, "b": 16, "a2": 16}
    r = ranks(res, "Sub 1700")
    assert (r["y"], r["x"]) == ((2, False), (3, False))


def test_national_without_cash_base_3_with_bonuses_and_with_cash_its_base_ruling2(tmp_path):
    """Art. 3 item 6: "Cuando un torneo sea un Nacional y no tenga premios en efectivo su categoría inicial será 3";
    ruling 2: "replaces the workbook's base with 3 (bonuses still added; the given base is shown as base_given)".

    N1 national without cash, base written 9, two GMs (10 title points → +1): categoría 3 + 1 = 4 → 22, 20, 18:
      gm1 22, gm2 20, a 18 (Absoluto).
    N2 national WITH cash, base 2 → 18, 16: b 18, c 16.
    N3 national without cash, base left blank → 3 (no error: the base is not needed) → 20, 18, 16: d, e, f.
    Absoluto (M = 3 → best 2; everyone played one) → those numbers.
    """
    n1 = book("N1", ladder(("gm1", "1", {"title": "GM"}), ("gm2", "2", {"title": "GM"}), ("a", "3", {})),
              kind="National", base=9, **{"Cash prizes": "No"})
    n2 = book("N2", ladder(("b", "4", {}), ("c", "5", {})), kind="National", base=2, start=dt.date(2009, 4, 1))
    n3 = book("N3", ladder(("d", "6", {}), ("e", "7", {}), ("f", "8", {})), kind="National", base=None,
              start=dt.date(2009, 5, 1), **{"Cash prizes": "No"})
    res = season(tmp_path, {"n1.xlsx": n1, "n2.xlsx": n2, "n3.xlsx": n3})
    t = res.outcome.tournaments.set_index("tournament")
    assert (int(t.loc["N1", "base_given"]), int(t.loc["N1", "base"]), int(t.loc["N1", "category"])) == (9, 3, 4)
    assert (int(t.loc["N2", "base"]), int(t.loc["N2", "category"])) == (2, 2)
    assert int(t.loc["N3", "category"]) == 3
    assert totals(res, "Absoluto") == {"gm1": 22, "gm2": 20, "a": 18, "b": 18, "c": 16, "d": 20, "e": 18, "f": 16}


def test_feeding_femenino_and_a_single_sub_ranking_ruling3(tmp_path):
    """Art. 3 amateur item 5: national championships "serán válidos … en su categoría respectiva"; ruling 3: "A
    tournament feeding Absoluto feeds every senior ranking; one feeding Femenino feeds Femenino and the Sub N
    Femenino rankings; any other ranking name feeds only that ranking"; ruling 12: amateur rankings only in
    tournaments feeding Absoluto.

    NF national women's championship (Ranking Femenino), no cash → categoría 3: 20, 18, 16:
      f1 (F, 1980, national 1500) 20, f2 (F, 1991: Sub 20/18) 18, f3 (F, 1994: Sub 16) 16.
      Femenino f1 20, f2 18, f3 16; Sub 20 Femenino f2 18, f3 16; Sub 18 Femenino f2 18, f3 16; Sub 16
      Femenino f3 16. Not Absoluto, not Sub N Absoluto, not Sub 1700 / Dama amateur (f1's 1500).
    NS national Sub 18 championship (Ranking Sub 18 Absoluto), no cash → 20, 18, 16:
      s1 (M, 1992) 20, s2 (F, 1993) 18, s3 (M, 1990: Sub 20, not Sub 18) place 3 → nothing.
      Only Sub 18 Absoluto: s1 20, s2 18 (not Sub 20 Absoluto, not Sub 18 Femenino, not Absoluto).
    """
    nf = book("NF", ladder(("f1", "1", {"sex": "F", "nat": 1500}), ("f2", "2", {"sex": "F", "born": 1991}),
                           ("f3", "3", {"sex": "F", "born": 1994})), kind="National", base=None,
              Ranking="Femenino", **{"Cash prizes": "No"})
    ns = book("NS", ladder(("s1", "4", {"born": 1992}), ("s2", "5", {"sex": "F", "born": 1993}),
                           ("s3", "6", {"born": 1990})), kind="National", base=None, Ranking="Sub 18 Absoluto",
              start=dt.date(2009, 4, 1), **{"Cash prizes": "No"})
    res = season(tmp_path, {"nf.xlsx": nf, "ns.xlsx": ns})
    assert totals(res, "Femenino") == {"f1": 20, "f2": 18, "f3": 16}
    assert totals(res, "Sub 20 Femenino") == {"f2": 18, "f3": 16}
    assert totals(res, "Sub 18 Femenino") == {"f2": 18, "f3": 16}
    assert totals(res, "Sub 16 Femenino") == {"f3": 16}
    assert totals(res, "Sub 18 Absoluto") == {"s1": 20, "s2": 18}
    for ranking in ("Absoluto", "Sub 20 Absoluto", "Sub 16 Absoluto", "Sub 1700", "Dama amateur"):
        assert totals(res, ranking) == {}, ranking


def test_item4_minimums_in_nested_groups_of_both_ramas_never_in_absoluto_ruling1(tmp_path):
    """Art. 3 item 4: "En caso de que ningún Sub 20 o Sub 18 o Sub 16 en cada rama o Dama alcance puntaje superior a
    6, al mejor … se le asignarán 6 puntos al 1º, 4 ptos al 2º y 2 ptos al 3º"; rulebook: groups are nested (a Sub 16
    is also Sub 18 and Sub 20), rama absoluto includes everyone; ruling 1: "A minimum group's points count only in
    the ranking of the same name (Dama → Femenino, Sub N rama → Sub N rama; none feeds Absoluto)".

    Open base 3 → 20, 18, 16 to a1, a2, a3 (men, 1980). Then without place points:
      4 w (F, 1980)  5 g16 (F, 1994)  6 g18 (F, 1992)  7 b20 (M, 1990)  8 b19 (M, 1991).
    Groups by place (nobody in any group above 6):
      Dama {w, g16, g18} → 6, 4, 2 (Femenino)
      Sub 20 Femenino {g16, g18} → 6, 4;  Sub 18 Femenino {g16, g18} → 6, 4;  Sub 16 Femenino {g16} → 6
      Sub 20 Absoluto {g16, g18, b20, b19} → 6, 4, 2 (b19, the 4th, nothing)
      Sub 18 Absoluto {g16, g18, b19} → 6, 4, 2;  Sub 16 Absoluto {g16} → 6
    Absoluto: a1 20, a2 18, a3 16 only.
    """
    rows = ladder(("a1", "1", {}), ("a2", "2", {}), ("a3", "3", {}), ("w", "4", {"sex": "F"}),
                  ("g16", "5", {"sex": "F", "born": 1994}), ("g18", "6", {"sex": "F", "born": 1992}),
                  ("b20", "7", {"born": 1990}), ("b19", "8", {"born": 1991}))
    res = season(tmp_path, {"a.xlsx": book("A", rows, base=3)})
    assert totals(res, "Absoluto") == {"a1": 20, "a2": 18, "a3": 16}
    assert totals(res, "Femenino") == {"w": 6, "g16": 4, "g18": 2}
    assert totals(res, "Sub 20 Femenino") == {"g16": 6, "g18": 4}
    assert totals(res, "Sub 18 Femenino") == {"g16": 6, "g18": 4}
    assert totals(res, "Sub 16 Femenino") == {"g16": 6}
    assert totals(res, "Sub 20 Absoluto") == {"g16": 6, "g18": 4, "b20": 2}
    assert totals(res, "Sub 18 Absoluto") == {"g16": 6, "g18": 4, "b19": 2}
    assert totals(res, "Sub 16 Absoluto") == {"g16": 6}


# ============================================================================================ compliance (Art. 2)

def test_compliance_warnings_at_their_boundaries_art2_b_d_e_g(tmp_path):
    """Art. 2 g: "No se programarán más de tres rondas diarias … y el mínimo de rondas será de 6"; Art. 2 e: "La
    premiación total de los torneos de mayores … no debe ser inferior a $1'000,000"; Art. 2 d: "Ningún torneo se
    podrá inscribir al Grand Prix a partir del 30 de septiembre"; Art. 2 b: every stop runs a senior IRT and a
    Sub 14. Rulebook compliance list: fewer than 6 rounds; more than 3 rounds a day; senior prize fund under
    $1,000,000; registration after 30 September; a senior tournament with no Sub-14 companion at the same stop.

      O1 stop 2 (a number in the cell), 9 rounds over 3 days (3 a day), prizes 1,000,000, registered 29 September;
         K1 Sub 14 at stop "2" (text), 6 rounds over 2 days                            → no warning for either
      O2 stop 3, 10 rounds over 3 days, prizes 999,999, registered 30 September; no Sub 14 at stop 3
                                          → rounds-a-day, small-prize-fund, registered-late, no-sub14
      O3 stop 2, 5 rounds over 2 days                                                 → few-rounds only
      K2 (independent Sub 14, no Stop), 7 rounds in 1 day                             → rounds-a-day only
    """
    one = [person(1, "a", "1", score=5, games=5)]  # (at most one game per round: O3 has 5)
    kid = [person(1, "k", "2", born=1997, nat=1500, score=5, games=6)]
    books = {
        "o1.xlsx": book("O1", one, stop=2, start=dt.date(2009, 2, 1), Rounds=9,
                        Registered=dt.date(2009, 9, 29), **{"Prizes paid": 1_000_000}),
        "k1.xlsx": book("K1", kid, kind="Sub 14", stop="2", start=dt.date(2009, 2, 1), end=dt.date(2009, 2, 2),
                        Rounds=6),
        "o2.xlsx": book("O2", one, stop="3", start=dt.date(2009, 3, 1), Rounds=10,
                        Registered=dt.date(2009, 9, 30), **{"Prizes paid": 999_999}),
        "o3.xlsx": book("O3", one, stop="2", start=dt.date(2009, 4, 1), end=dt.date(2009, 4, 2), Rounds=5),
        "k2.xlsx": book("K2", kid, kind="Sub 14", stop=None, start=dt.date(2009, 5, 1), end=dt.date(2009, 5, 1)),
    }
    res = season(tmp_path, books)
    assert warned(res) == {("O2", "rounds-a-day"), ("O2", "small-prize-fund"), ("O2", "registered-late"),
                           ("O2", "no-sub14"), ("O3", "few-rounds"), ("K2", "rounds-a-day")}
