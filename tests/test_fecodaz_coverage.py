"""FECODAZ rulebook clauses that no other test pinned (coverage pass over rules/fecodaz.md).

Points come from the illustrative table P(c, p) = 2c + 14 − 2(p − 1) (categoría 1: 16; 2: 18, 16; 3: 20, 18, 16).
Each test cites its clause and works the arithmetic out in comments. Season folders are built by hand, as in
test_fecodaz.py, and go through the pipeline (``gpcalc.pipeline.compute``).
"""

from __future__ import annotations

import datetime as dt

import pandas as pd
from builders import fecodaz_season, standing

from gpcalc.circuits import fecodaz_rules as R

YEAR = 2009
TABLE = R.illustrative_table()
POINTS = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                          for c in range(1, 14)]
HEAD = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
        "Games", "Withdrew"]


def person(place, name, pid, *, sex="M", born=1980, league="Valle", title=None, nat=None, fide=None, score=0.0,
           games=7, withdrew="No"):
    return [place, name, pid, sex, born, league, title, nat, fide, score, games, withdrew]


def book(name, rows, *, kind="Open", start=dt.date(2009, 3, 1), base=1, host="Valle", irt="No", **extra):
    t = {"Circuit": "fecodaz", "Name": name, "Start": start, "End": start + dt.timedelta(days=2), "Kind": kind,
         "Host league": host, "IRT": irt, "Norms": "None", "Cash prizes": "Yes", "Rounds": 7, "Stop": "1",
         "Base category": base if kind != "Sub 14" else None, **extra}
    return {"Tournament": {k: v for k, v in t.items() if v is not None}, "Results": [HEAD, *rows]}


def season(tmp_path, books, sheets=None, **settings):
    return fecodaz_season(tmp_path, books, POINTS, year=YEAR, source="test", sheets=sheets,
                          **settings)


def warnings_of(res, code):
    return [i.message for i in res.issues.items if i.code == code]


# ------------------------------------------------------------------------------------------- categoría

def test_national_without_cash_starts_at_3_then_adds_bonuses_art3_item6():  # Art. 3 item 6 (+ items 1, 2)
    # "su categoría inicial será 3": the workbook's base 8 is replaced by 3, and the bonuses still add on top:
    # titles GM 5 + IM 3 + FM 2 = 10 → +1 (item 1); IM norms → +2 (item 2) → 3 + 1 + 2 = 6 (not 3, not 8 + 3)
    res = pd.DataFrame({"tournament": "N", "player": [1, 2, 3, 4], "title": ["GM", "IM", "FM", None], "games": 7})
    tour = pd.DataFrame([dict(tournament="N", kind="National", base=8, norms="IM", cash=False)])
    b = R.category_breakdown(tour, res).iloc[0]
    assert (b["base_given"], b["base"], b["title_bonus"], b["norm_bonus"]) == (8, 3, 1, 2)
    assert b["category"] == 6


# ------------------------------------------------------------------------------------------- item 5 in Sub 14

def test_youth_tie_at_last_scoring_place_gets_half_art3_item5_sub14():  # Art. 3 item 5 ("válido también … Sub 14")
    # Sub 12 Absoluto (born 1997/1998 in 2009): a and b rated → categoría 2 → 18, 16; c (unrated) is 3rd in the
    # category with the same 4 game points as b (the last scorer) → 16 / 2 = 8; d (3½) → nothing
    res = pd.DataFrame([
        dict(tournament="K", player=p, place=pl, score=s, sex="M", national_rating=nat, fide_rating=None,
             born_year=1997)
        for p, pl, s, nat in [("a", 1, 5.0, 1400), ("b", 2, 4.0, 1300), ("c", 3, 4.0, None), ("d", 4, 3.5, None)]])
    aw, _ = R.youth_awards(res, {"K": R.YOUTH_NAMES}, YEAR, TABLE, pd.Series({"K": False}),
                           pd.Series({}, dtype="int64"))
    got = {p: v for p, r, v in zip(aw["player"], aw["ranking"], aw["points"]) if r == "Sub 12 Absoluto"}
    assert got == {"a": 18, "b": 16, "c": 8}
    assert aw.loc[aw["player"] == "c", "rule"].iloc[0] == R.RULE_AMATEUR_TIE


# ------------------------------------------------------------------------------------------- pipeline clauses

def test_one_tournament_scores_in_main_and_amateur_rankings_art3(tmp_path):  # Art. 3 one score per ranking
    # "One score per player per tournament — per ranking … A player can score in the main ranking and in an
    # amateur category from the same tournament". Open, base 2, no titles, 3 players → categoría 2: ana 18,
    # bo 16 in Absoluto. Amateur Sub 1700 = {ana 1600, bo 1500} → categoría 2: ana 18, bo 16 there too.
    a = book("A", [person(1, "ana", "1", nat=1600, score=5), person(2, "bo", "2", nat=1500, score=4),
                   person(3, "cy", "3", nat=2300, score=3)], base=2)
    res = season(tmp_path, {"a.xlsx": a})
    assert standing(res, "Absoluto", "ana")["total"] == 18 and standing(res, "Sub 1700", "ana")["total"] == 18
    assert standing(res, "Absoluto", "bo")["total"] == 16 and standing(res, "Sub 1700", "bo")["total"] == 16
    lg = res.outcome.ledger
    assert set(lg.loc[lg["name"] == "ana", "ranking"]) == {"Absoluto", "Sub 1700"}


def test_amateur_titles_count_over_the_whole_tournament(tmp_path):  # Art. 3 amateur item 2
    # Art. 3 amateur item 2: "Cuando un torneo tenga 3 o más … títulos" — the tournament's titled players (here
    # three titled masters rated 2300+, outside every amateur band), not the band's. Sub 1700 = {p 1600 rated,
    # q unrated} → categoría 1: p 16 + 2 = 18; one more scoring place with 2 → q 2.
    a = book("A", [person(1, "gm", "1", title="GM", nat=2500, score=6), person(2, "im", "2", title="IM", nat=2400,
                                                                          score=5.5),
                   person(3, "mn", "3", title="MN", nat=2300, score=5), person(4, "p", "4", nat=1600, score=4),
                   person(5, "q", "5", score=3)], base=2)
    res = season(tmp_path, {"a.xlsx": a})
    assert standing(res, "Sub 1700", "p")["total"] == 18
    assert standing(res, "Sub 1700", "q")["total"] == 2


def test_last_gp_place_from_register_breaks_a_tie_art4_level3(tmp_path):  # Art. 4 tie 3 ("o en el último GP")
    # Two opens, each categoría 1 (16 to the winner): uno wins A, dos wins B → 16 each; M = 2 → best 1 (item 6).
    # Tie 1: both played 1; tie 2: both 1st in their last tournament; tie 3: the register's Last GP place —
    # dos 2 beats uno 5 → dos 1st, uno 2nd (without the column they would be marked tied on rank 1).
    a = book("A", [person(1, "uno", "1", score=5)], start=dt.date(2009, 2, 1))
    b = book("B", [person(1, "dos", "2", score=5)], start=dt.date(2009, 3, 1))
    register = [["ID", "Name", "Sex", "Born", "League", "Last GP place"],
                ["1", "uno", "M", 1980, "Valle", 5], ["2", "dos", "M", 1980, "Valle", 2]]
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b}, sheets={"Players": register})
    uno, dos = standing(res, "Absoluto", "uno"), standing(res, "Absoluto", "dos")
    assert (uno["total"], dos["total"]) == (16, 16)
    assert (dos["rank"], uno["rank"]) == (1, 2) and not dos["tied"] and not uno["tied"]
    assert dos["tiebreak"] == R.TIEBREAK_LEVELS[2]


def test_justified_withdrawal_keeps_points_unjustified_loses_everything_art6(tmp_path):  # Art. 6
    # Open, base 3 → categoría 3 (20, 18, 16). jus withdrew with justification (committee): keeps 20 in Absoluto
    # and 18 in Sub 1700 (Sub 1700 = {jus 1600, mal 1500} → categoría 2: 18, 16) and is only listed.
    # mal withdrew without justification: removed from every ranking (senior and amateur), its 18 and 16 are
    # not passed down (ok keeps 16 in Absoluto, nothing in Sub 1700), no prize, no national-final place.
    a = book("A", [person(1, "jus", "1", nat=1600, score=6, withdrew="Justified"),
                   person(2, "mal", "2", nat=1500, score=5, withdrew="Yes"),
                   person(3, "ok", "3", nat=2100, score=4)], base=3, **{"Entry fees": 5_000_000})
    register = [["ID", "Name", "Sex", "Born", "League", "Federation"],
                ["1", "jus", "M", 1980, "Valle", "COL"], ["2", "mal", "M", 1980, "Valle", "COL"],
                ["3", "ok", "M", 1980, "Valle", "COL"]]
    res = season(tmp_path, {"a.xlsx": a}, sheets={"Players": register, "Pot": [["Place", "Percent"], [1, 60],
                                                                               [2, 40]]}, SMMLV=500_000)
    out = res.outcome
    assert standing(res, "Absoluto", "jus")["total"] == 20 and standing(res, "Sub 1700", "jus")["total"] == 18
    assert not (out.standings["name"] == "mal").any()
    assert standing(res, "Absoluto", "ok")["total"] == 16  # 3rd place: 16, not mal's 18
    assert standing(res, "Sub 1700", "ok") is None  # 2100: not amateur; nobody inherits mal's 16
    prizes = out.prizes
    assert "mal" not in set(prizes["name"].dropna())
    place2 = prizes[(prizes["ranking"] == "Absoluto") & (prizes["place"] == 2)].iloc[0]
    assert place2["name"] == "ok"
    quals = [q["name"] for q in res.outcome.json_extra["qualifiers"]]
    assert "mal" not in quals and quals[:2] == ["jus", "ok"]


# ------------------------------------------------------------------------------------------- compliance (Art. 2)

def test_registration_on_or_after_30_september_warns_art2_d(tmp_path):  # Art. 2 d
    # "Ningún torneo se podrá inscribir … a partir del 30 de septiembre": registered 29 September → fine;
    # registered 30 September → warned
    a = book("A", [person(1, "uno", "1", score=5)], start=dt.date(2009, 11, 1), Registered=dt.date(2009, 9, 29))
    b = book("B", [person(1, "dos", "2", score=5)], start=dt.date(2009, 12, 1), Registered=dt.date(2009, 9, 30))
    res = season(tmp_path, {"a.xlsx": a, "b.xlsx": b})
    late = warnings_of(res, "registered-late")
    assert len(late) == 1 and late[0].startswith("B:")


def test_entry_fee_outside_announced_range_warns_art2_h_l(tmp_path):  # Art. 2 h, l
    # Art. 2 h: senior entry $20,000–$80,000; Art. 2 l: Sub 14 $10,000–$40,000 (2009 prices). Averages over the
    # players: A 300,000 / 2 = 150,000 (> 80,000) → warned; B 100,000 / 2 = 50,000 → fine;
    # K (Sub 14) 100,000 / 2 = 50,000 (> 40,000) → warned
    two = [person(1, "uno", "1", score=5), person(2, "dos", "2", score=4)]
    kids = [person(1, "k1", "11", born=1997, score=5), person(2, "k2", "12", born=1998, score=4)]
    res = season(tmp_path, {
        "a.xlsx": book("A", two, start=dt.date(2009, 2, 1), **{"Entry fees": 300_000}),
        "b.xlsx": book("B", two, start=dt.date(2009, 3, 1), **{"Entry fees": 100_000}),
        "k.xlsx": book("K", kids, kind="Sub 14", start=dt.date(2009, 2, 1), **{"Entry fees": 100_000})})
    fee = sorted(m.split(":")[0] for m in warnings_of(res, "entry-fee-range"))
    assert fee == ["A", "K"]


# ------------------------------------------------------------------------------------------- closed cap, item 6

def test_closed_cap_also_binds_in_the_sub20_view_art2_q3_art3_item6(tmp_path):  # Art. 2 q 3, Art. 3 item 6
    # The 30-point cap is per player and year; the Sub 20 ranking is drawn from the main one, so the cap binds
    # there too. j (born 1990, Sub 20) wins four valid closed tournaments (categoría 3 → 20 each; 3 visitors
    # each; before 30 September) and one open O (categoría 1 → 16). M = 5 in both rankings → best
    # floor(10/3) = 3: O 16 + two closed min(30, 40) = 46 (three closed: 30; one closed: 36) → total 46, cap −10.
    def closed(name, start):
        return book(name, [person(1, "j", "1", born=1990, league="Valle", score=3, games=3),
                           person(2, "v1", "2", league="Bogotá", score=2, games=3),
                           person(3, "v2", "3", league="Cauca", score=1, games=3),
                           person(4, "v3", "4", league="Meta", score=0, games=3)],
                    kind="Closed", start=start, base=3, host="Valle")

    books = {f"c{m}.xlsx": closed(f"C{m}", dt.date(2009, m, 1)) for m in (3, 4, 5, 6)}
    books["o.xlsx"] = book("O", [person(1, "j", "1", born=1990, score=6)], start=dt.date(2009, 7, 1), base=1)
    res = season(tmp_path, books)
    for ranking in ("Absoluto", "Sub 20 Absoluto"):
        s = standing(res, ranking, "j")
        assert (s["total"], s["closed_cap"], s["counted_results"]) == (46, -10, 3), ranking


def test_national_amateur_championship_feeds_only_its_band(tmp_path):  # Art. 3 amateur item 5
    # Art. 3 amateur item 5: national championships count "en su categoría respectiva". A national Sub 1800
    # championship: Sub 1800 = {x 1750, w 1720} → categoría 2 → x 18, w 16; z (1850, Sub 2000) scores nowhere;
    # w's points do not reach Dama amateur and nobody scores in the senior rankings.
    n = book("N", [person(1, "z", "1", nat=1850, score=6), person(2, "x", "2", nat=1750, score=5),
                   person(3, "w", "3", sex="F", nat=1720, score=4)],
             kind="National", base=None, **{"Cash prizes": "No", "Ranking": "Sub 1800"})
    res = season(tmp_path, {"n.xlsx": n})
    got = {(r.ranking, r.name): r.total for r in res.outcome.standings.itertuples()}
    assert got == {("Sub 1800", "x"): 18, ("Sub 1800", "w"): 16}
