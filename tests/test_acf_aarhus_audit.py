"""Audit of the ACF and Aarhus circuits against their rulebooks (shared/rules/acf.md, shared/rules/aarhus.md,
and the numbered rulings of the README's rules sections).

Every expected number below is worked out by hand from the rule text quoted in the test's docstring, not
from gpcalc. Three tests found discrepancies (fixed on 30 November: the register's birth as one field; a blank
Games cell in the girls' trophy; a DM's "earlier GPT" by date, not by name).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest
from builders import acf_tournament, make_season

from gpcalc.pipeline import compute

D = dt.date

# ============================================================================ helpers: ACF

ACF_REG = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


def acf_season(tmp_path: Path, tournaments: dict, players: list | None = None, prizes: list | None = None,
               **settings):
    sheets = {"Players": [ACF_REG, *(players or [])]}
    if prizes is not None:
        sheets["Prizes"] = [["Division", "Place", "Value"], *prizes]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005", **settings}, sheets=sheets,
                         tournaments=tournaments)
    res = compute(folder, use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    return res


def acf_points(res, ranking: str) -> dict[str, float]:
    led = res.outcome.ledger
    led = led[led["ranking"] == ranking]
    out: dict[str, float] = {}
    for name, pts in zip(led["name"], led["points"]):
        out[name] = out.get(name, 0.0) + float(pts)
    return out


def rated(name: str, acf=None, fide=None, sex="M", born=1970, state="NSW") -> list:
    return [name, name, sex, born, acf, fide, state]


def row(section: str, place, name: str, sex="M", born=1970, state="NSW", pid: str | None = None) -> list:
    return [section, place, name, name if pid is None else pid, sex, born, state]


# ============================================================================ helpers: Aarhus

AAR_HEAD = ["Group", "Place", "Name", "Club", "Born", "Sex", "Points", "Games"]


def aar_book(name: str, day: dt.date, groups: list, rows: list, kind: str = "GPT", head: list | None = None):
    return {"Tournament": {"Name": name, "Date": day, "Kind": kind}, "Groups": [["Group", "Rounds"], *groups],
            "Results": [head or AAR_HEAD, *rows]}


def aar_season(tmp_path: Path, tournaments: dict, gpts: int | None = 3, **settings):
    values = {"Circuit": "aarhus", "Season": "2012/2013", **settings}
    if gpts:
        values["GPTs"] = gpts
    folder = make_season(tmp_path, values, tournaments=tournaments)
    res = compute(folder, use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    return res


def aar_total(res, name: str, ranking: str) -> float:
    s = res.outcome.standings
    s = s[(s["name"] == name) & (s["ranking"] == ranking)]
    assert len(s) == 1, (name, ranking, s)
    return float(s["total"].iloc[0])


def aar_ledger(res, tournament: str) -> dict[tuple[str, str], float]:
    led = res.outcome.ledger
    led = led[led["tournament"] == tournament]
    return {(n, r): float(p) for n, r, p in zip(led["name"], led["ranking"], led["points"])}


# ============================================================================ ACF — cl. 6, 7


def test_acf_fee_cap_and_single_concession_cl7(tmp_path):
    """cl. 7 ruling: ``fee = min(500, base + 2 * players - (50 if concession else 0))``; cl. 7(4): "outside a
    State capital city, or in TAS, SA, WA or NT → $50 less" — one concession of $50, even when both hold.

    - Sydney, class 3 ($3000), 176 players: 150 + 2·176 = 502 → capped 500.
    - Newcastle (NSW, not capital), class 3, 176 players: 150 + 352 − 50 = 452 (the concession comes off the
      cl. 7(2) total *before* the cap, so not 500 − 50 = 450).
    - Launceston (TAS *and* not a capital), class 2 ($2000), 10 players: 100 + 20 − 50 = 70 (not 20).
    - Class 1 boundary $1499.99 with 10 players in Perth: 50 + 20 − 50 = 20.
    """
    names = [f"P{i}" for i in range(1, 177)]
    players = [rated(n, acf=1800) for n in names]
    tours = {
        "syd.xlsx": acf_tournament("Sydney", [row("", i + 1, n) for i, n in enumerate(names)], prize_money=3000),
        "new.xlsx": acf_tournament("Newcastle", [row("", i + 1, n) for i, n in enumerate(names)],
                                   prize_money=3000, capital="No", start=D(2005, 4, 2)),
        "lau.xlsx": acf_tournament("Launceston", [row("", i + 1, n) for i, n in enumerate(names[:10])],
                                   prize_money=2000, state="TAS", capital="No", start=D(2005, 5, 7)),
        "per.xlsx": acf_tournament("Perth", [row("", i + 1, n) for i, n in enumerate(names[:10])],
                                   prize_money=1499.99, state="WA", start=D(2005, 6, 4)),
    }
    res = acf_season(tmp_path, tours, players)
    t = res.outcome.tournaments.set_index("name")
    got = {n: (int(t.loc[n, "class"]), int(t.loc[n, "fee"])) for n in t.index}
    assert got == {"Sydney": (3, 500), "Newcastle": (3, 452), "Launceston": (2, 70), "Perth": (1, 20)}


# ============================================================================ ACF — cl. 11, 12 eligibility


def test_acf_rating_boundaries_end_to_end_cl12(tmp_path):
    """cl. 12 table: ACF-rated r → U2000 iff r < 2000, U1600 iff r < 1600; FIDE-only r >= 2000 → Open only
    (cl. 12(1)(a)); FIDE-only r < 2000 → U2000 only, **not** Open (cl. 12(1)(b)). Ruling: points follow prize
    eligibility.

    Class 3 (20, 15, 12, 9, 6). Finish: F2000 (FIDE-only 2000), A1600 (ACF 1600), A1599 (ACF 1599),
    F1999 (FIDE-only 1999).
    - Open list (F1999 dropped): F2000 20, A1600 15, A1599 12.
    - U2000 list (F2000 dropped): A1600 20, A1599 15, F1999 12.
    - U1600 list: only A1599 (1600 is not < 1600; FIDE-only never) → 20.
    """
    players = [rated("F2000", fide=2000), rated("A1600", acf=1600), rated("A1599", acf=1599),
               rated("F1999", fide=1999)]
    res_rows = [row("", i + 1, n) for i, n in enumerate(["F2000", "A1600", "A1599", "F1999"])]
    res = acf_season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=2500)}, players)
    assert acf_points(res, "Open") == {"F2000": 20, "A1600": 15, "A1599": 12}
    assert acf_points(res, "U2000") == {"A1600": 20, "A1599": 15, "F1999": 12}
    assert acf_points(res, "U1600") == {"A1599": 20}
    assert acf_points(res, "Unrated") == {}


def test_acf_unrated_junior_woman_scores_in_four_divisions_cl12_2_cl13_4(tmp_path):
    """cl. 12(2): an unrated player "is eligible for only an open prize or an unrated prize, provided that the
    player may also gain a junior or women's prize"; cl. 13(4): "players eligible to gain points in more than
    one division". Junior: born after 1 Jan 1987 (season 2005).

    Class 2 (16, 12, 9, 6, 4). Uma (not in the register → unrated, F, born 1990) 1st, Pat (ACF 1500, M, adult)
    2nd.
    - Open: Uma 16, Pat 12. Unrated: Uma 16. Junior: Uma 16. Women: Uma 16.
    - U2000 and U1600: Pat 16 (Uma is unrated: not eligible).
    """
    players = [rated("Pat", acf=1500)]
    res_rows = [row("", 1, "Uma", sex="F", born=1990, pid=""), row("", 2, "Pat")]
    res = acf_season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=1500)}, players)
    assert acf_points(res, "Open") == {"Uma": 16, "Pat": 12}
    assert acf_points(res, "Unrated") == {"Uma": 16}
    assert acf_points(res, "Junior") == {"Uma": 16}
    assert acf_points(res, "Women") == {"Uma": 16}
    assert acf_points(res, "U2000") == {"Pat": 16}
    assert acf_points(res, "U1600") == {"Pat": 16}


def test_acf_register_birth_wins_for_junior_status_cl1(tmp_path):
    """cl. 1: junior = under 18 at 1 January Y (born after 1 Jan Y−18). acf.md "Ratings come from the
    coordinator … the Players register"; CONTRACT/README: "For identity fields (name, sex, birth, …) the register
    wins over tournament rows; disagreements are warnings".

    Season 2005. Kid: register Born 1986 (a bare year), the tournament row says 3/3/1990. The register wins →
    born 1986 → 19 on 1 Jan 2005 → not a junior → no Junior points. (gpcalc warns "born year here is '1990' but
    the Players register says '1986'; the register is used".)
    Class 3: Kid 1st → Open 20; Junior list empty (Adult is born 1970) → {}.
    """
    players = [rated("Kid", acf=1800, born=1986), rated("Adult", acf=1800)]
    res_rows = [row("", 1, "Kid", born=D(1990, 3, 3)), row("", 2, "Adult")]
    res = acf_season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=3000)}, players)
    assert acf_points(res, "Open") == {"Kid": 20, "Adult": 15}
    assert acf_points(res, "Junior") == {}


def test_acf_register_full_birth_date_boundary_wins_cl1(tmp_path):
    """cl. 1 boundary with the register winning: register Born 1/1/1987 (turns 18 on 1 Jan 2005: *not* a
    junior); the organiser's row says only 1987 (which alone would be treated as junior by the bare-year
    ruling). Register wins → not a junior → Junior list empty. Class 1: Open 12, 9.
    """
    players = [rated("Edge", acf=1800, born=D(1987, 1, 1)), rated("Adult", acf=1800)]
    res_rows = [row("", 1, "Edge", born=1987), row("", 2, "Adult")]
    res = acf_season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=1000)}, players)
    assert acf_points(res, "Open") == {"Edge": 12, "Adult": 9}
    assert acf_points(res, "Junior") == {}


def test_acf_row_date_in_the_register_year_is_kept_cl1(tmp_path):
    """cl. 1 with the register winning: the register's bare year (1987) and the row's full date in that year
    (3/3/1987) agree; the date is the more exact of the two and stays. Born 3 March 1987 → 17 on 1 Jan 2005 →
    a junior, without the bare-year warning. Class 1: Open 12, 9; Junior: Kid 12.
    """
    players = [rated("Kid", acf=1800, born=1987), rated("Adult", acf=1800)]
    res_rows = [row("", 1, "Kid", born=D(1987, 3, 3)), row("", 2, "Adult")]
    res = acf_season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=1000)}, players)
    assert acf_points(res, "Junior") == {"Kid": 12}
    assert not [i for i in res.issues.items if i.code in ("junior-birth-year", "register-differs")]


# ============================================================================ ACF — cl. 13 cascade and ties


def test_acf_junior_cascade_tie_across_fifth_then_junior_section_cl13_3(tmp_path):
    """Ruling "one procedure for cl. 13(2)–(4)", step 2: Junior's list = Open section, then U2000, U1600, then
    the section mapped to Junior, then the rest, each in place order; step 3: drop ineligible; step 4: first
    five score. Ruling "ties": the points of the positions jointly occupied are added and divided equally.

    Class 1 (12, 9, 6, 4, 3). Sections: Main → Open, Kids → Junior. Everyone in the register is ACF 2100.
    Main: A1 1, J1 2, J2 3, J3 4, J4 5, A2 6, J5 =7, J6 =7, A3 9 (J* juniors born 1995, A* adults).
    Kids: K1 1, K2 2 (juniors, not in the register → unrated).
    - Junior list: J1 12, J2 9, J3 6, J4 4, then J5/J6 share positions 5–6: (3 + 0)/2 = 1.5 each; K1, K2 are at
      positions 7–8 → nothing (the Kids section is after the Open section in the cascade).
    - Open (Main mapped, cl. 13(2)): A1 12, J1 9, J2 6, J3 4, J4 3.
    - Unrated (cascade: Main has no unrated player, then the rest = Kids): K1 12, K2 9.
    """
    players = [rated(n, acf=2100, born=1995 if n.startswith("J") else 1970)
               for n in ("A1", "A2", "A3", "J1", "J2", "J3", "J4", "J5", "J6")]
    main = [("A1", 1), ("J1", 2), ("J2", 3), ("J3", 4), ("J4", 5), ("A2", 6), ("J5", "=7"), ("J6", "=7"),
            ("A3", 9)]
    res_rows = [row("Main", p, n, born=1995 if n.startswith("J") else 1970) for n, p in main]
    res_rows += [row("Kids", 1, "K1", born=1996, pid=""), row("Kids", 2, "K2", born=1996, pid="")]
    t = acf_tournament("T", res_rows, prize_money=1000, sections=[["Main", "Open"], ["Kids", "Junior"]])
    res = acf_season(tmp_path, {"t.xlsx": t}, players)
    assert acf_points(res, "Junior") == {"J1": 12, "J2": 9, "J3": 6, "J4": 4, "J5": 1.5, "J6": 1.5}
    assert acf_points(res, "Open") == {"A1": 12, "J1": 9, "J2": 6, "J3": 4, "J4": 3}
    assert acf_points(res, "Unrated") == {"K1": 12, "K2": 9}


def test_acf_tie_with_ineligible_member_shares_only_among_eligible_cl13_ruling(tmp_path):
    """Ruling "ties": "the points of the positions they jointly occupy in D's list are added and divided
    equally"; step 3 drops ineligible players *before* positions are counted.

    Class 3 (20, 15, 12, 9, 6). One section: P1 1, then a four-way tie =2: Fido (FIDE-only 1900: not Open),
    Q1, Q2, Q3 (ACF 2100), then R 6 (ACF 2100).
    Open list: P1 pos 1 → 20; Q1, Q2, Q3 occupy positions 2–4 → (15 + 12 + 9)/3 = 12 each; R pos 5 → 6.
    U2000 list (only Fido eligible) → Fido 20.
    """
    players = [rated("P1", acf=2100), rated("Fido", fide=1900), rated("Q1", acf=2100), rated("Q2", acf=2100),
               rated("Q3", acf=2100), rated("R", acf=2100)]
    res_rows = [row("", 1, "P1"), row("", "=2", "Fido"), row("", "=2", "Q1"), row("", "=2", "Q2"),
                row("", "=2", "Q3"), row("", 6, "R")]
    res = acf_season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=3000)}, players)
    assert acf_points(res, "Open") == pytest.approx({"P1": 20, "Q1": 12, "Q2": 12, "Q3": 12, "R": 6})
    assert acf_points(res, "U2000") == {"Fido": 20}


def test_acf_u2000_cascade_open_then_u1600_section_cl13_3(tmp_path):
    """Ruling step 2 for U2000 with no section mapped to U2000: "Open, then U2000, then U1600 …, each in its
    own place order, concatenated" (extending the cascade to U2000 is itself a ruling).

    Class 2 (16, 12, 9, 6, 4). Sections Top → Open, Minor → U1600.
    Top: GM (ACF 2400) 1, B1 (ACF 1900) =2, B2 (ACF 1950) =2, B3 (ACF 1800) 4.
    Minor: M1 (ACF 1500) 1, M2 (ACF 1400) 2, M3 (ACF 1300) 3.
    U2000 list: B1, B2 (tied, positions 1–2: (16 + 12)/2 = 14 each), B3 pos 3 → 9, M1 pos 4 → 6, M2 pos 5 → 4.
    U1600 (Minor mapped, cl. 13(2)): M1 16, M2 12, M3 9.
    """
    players = [rated("GM", acf=2400), rated("B1", acf=1900), rated("B2", acf=1950), rated("B3", acf=1800),
               rated("M1", acf=1500), rated("M2", acf=1400), rated("M3", acf=1300)]
    res_rows = [row("Top", 1, "GM"), row("Top", "=2", "B1"), row("Top", "=2", "B2"), row("Top", 4, "B3"),
                row("Minor", 1, "M1"), row("Minor", 2, "M2"), row("Minor", 3, "M3")]
    t = acf_tournament("T", res_rows, prize_money=2000, sections=[["Top", "Open"], ["Minor", "U1600"]])
    res = acf_season(tmp_path, {"t.xlsx": t}, players)
    assert acf_points(res, "U2000") == {"B1": 14, "B2": 14, "B3": 9, "M1": 6, "M2": 4}
    assert acf_points(res, "U1600") == {"M1": 16, "M2": 12, "M3": 9}
    assert acf_points(res, "Open") == {"GM": 16, "B1": 10.5, "B2": 10.5, "B3": 6}


def test_acf_mapped_section_without_results_gives_empty_list_cl13_2(tmp_path):
    """Ruling step 1, as written: "Open, U2000, U1600: if a section is mapped to D (cl. 13(2)), D's ranking list
    is that section's standings" — a U1600 section listed on the Sections sheet but with no result rows is
    still mapped, so U1600's list is empty: the U1600-eligible players of the Open section do not cascade in.
    (Documented as an ambiguity in the audit report: users might expect the cascade.)

    Class 1. Sections Open → Open, Minor → U1600 (no rows). Open: X (ACF 1500) 1, Y (ACF 1550) 2.
    Open 12, 9; U2000 (cascade: Open section) X 12, Y 9; U1600 {}.
    """
    players = [rated("X", acf=1500), rated("Y", acf=1550)]
    t = acf_tournament("T", [row("Open", 1, "X"), row("Open", 2, "Y")], prize_money=1000,
                       sections=[["Open", "Open"], ["Minor", "U1600"]])
    res = acf_season(tmp_path, {"t.xlsx": t}, players)
    assert acf_points(res, "Open") == {"X": 12, "Y": 9}
    assert acf_points(res, "U2000") == {"X": 12, "Y": 9}
    assert acf_points(res, "U1600") == {}


# ============================================================================ ACF — cl. 14, cl. 10


def test_acf_best_five_exactly_five_and_six_with_equal_worst_cl14(tmp_path):
    """cl. 14: "the total number of points scored by the player in that player's 5 best scoring tournaments".

    Five class-1 events (12 each for a win): W wins all five → 60, all counted (exactly N results).
    A sixth event, class 1, W 2nd (9): six results 12 ×5 + 9 → best five = 60, the 9 dropped.
    L: 2nd in the first five (9 each) and 1st in the sixth (12): 12 + 9·4 = 48, one 9 dropped.
    """
    tours = {f"t{i}.xlsx": acf_tournament(f"T{i}", [row("", 1, "W"), row("", 2, "L")], prize_money=1000,
                                          start=D(2005, 2 + i, 1)) for i in range(5)}
    tours["t5.xlsx"] = acf_tournament("T5", [row("", 1, "L"), row("", 2, "W")], prize_money=1000,
                                      start=D(2005, 9, 1))
    res = acf_season(tmp_path, tours, [rated("W", acf=2100), rated("L", acf=2100)])
    s = res.outcome.standings
    s = s[s["ranking"] == "Open"].set_index("name")
    assert float(s.loc["W", "total"]) == 60 and float(s.loc["L", "total"]) == 48
    e = res.outcome.entries
    e = e[e["ranking"] == "Open"]
    counted = e.groupby("player")["counted"].sum().to_dict()
    assert sorted(counted.values()) == [5, 5]


def test_acf_countback_decided_at_third_best_result_cl10_ruling(tmp_path):
    """Ruling "equal scores": "Within a division, equal scores share a rank ("=3"). For prize allocation the
    order among them is count-back: the higher best single result, then the higher second-best, and so on".

    Class 1 (12, 9, 6, 4, 3), class 2 (16, 12, 9, 6, 4). Fillers Z1..Z4 (ACF 2100) fill every event.
    - P: A (class 2) 1st 16, B (class 1) 2nd 9, C (class 1) 3rd 6 → 31; sorted 16, 9, 6.
    - Q: D (class 2) 1st 16, E (class 1) 2nd 9, F and G (class 1) 5th 3 + 3 → 31; sorted 16, 9, 3, 3.
    Fillers (best five): Z1 12×7 → 60; Z2 9,6,9,9,6,9,9 → 45; Z3 6,4,4,6,4,6,6 → 28; Z4 → 19.
    Standings: Z1 60, Z2 45, then P and Q both 31 → shared rank 3; count-back: 16 = 16, 9 = 9, 6 > 3 → P first.
    Prizes Open 1st–5th 1000/600/400/250/150: Open 3rd → P, Open 4th → Q, with no "coordinator" note.
    """
    f = [rated(n, acf=2100) for n in ("P", "Q", "Z1", "Z2", "Z3", "Z4")]
    fill = ["Z1", "Z2", "Z3", "Z4"]

    def ev(name, money, order, day):
        names = order + [n for n in fill if n not in order]
        return acf_tournament(name, [row("", i + 1, n) for i, n in enumerate(names)], prize_money=money,
                              start=day)

    tours = {
        "a.xlsx": ev("A", 2000, ["P"], D(2005, 2, 1)),
        "b.xlsx": ev("B", 1000, ["Z1", "P"], D(2005, 3, 1)),
        "c.xlsx": ev("C", 1000, ["Z1", "Z2", "P"], D(2005, 4, 1)),
        "d.xlsx": ev("D", 2000, ["Q"], D(2005, 5, 1)),
        "e.xlsx": ev("E", 1000, ["Z1", "Q"], D(2005, 6, 1)),
        "f.xlsx": ev("F", 1000, ["Z1", "Z2", "Z3", "Z4", "Q"], D(2005, 7, 1)),
        "g.xlsx": ev("G", 1000, ["Z1", "Z2", "Z3", "Z4", "Q"], D(2005, 8, 1)),
    }
    prizes = [["Open", 1, 1000], ["Open", 2, 600], ["Open", 3, 400], ["Open", 4, 250], ["Open", 5, 150]]
    res = acf_season(tmp_path, tours, f, prizes=prizes)
    s = res.outcome.standings
    s = s[s["ranking"] == "Open"]
    assert [(n, float(t), int(r)) for n, t, r in zip(s["name"], s["total"], s["rank"])] == [
        ("Z1", 60, 1), ("Z2", 45, 2), ("P", 31, 3), ("Q", 31, 3), ("Z3", 28, 5), ("Z4", 19, 6)]
    pr = res.outcome.prizes
    pr = pr[pr["ranking"] == "Open"].set_index("place")
    assert [pr.loc[i, "name"] for i in range(1, 6)] == ["Z1", "Z2", "P", "Q", "Z3"]
    assert "coordinator" not in str(pr.loc[3, "note"])


def test_acf_one_prize_highest_value_across_divisions_cl10(tmp_path):
    """cl. 10: "A player may win one prize only, being the prize of the highest value"; ruling: prizes in
    descending value, each to the best-ranked player of that division without a prize.

    Class 3. W (ACF 1500, woman, adult) 1st, M (ACF 1550) 2nd, N (ACF 2100) 3rd.
    Open: W 20, M 15, N 12. U2000: W 20, M 15. U1600: W 20, M 15. Women: W 20.
    Prizes: Open 1st 100, Open 2nd 50, U1600 1st 400, U2000 1st 300, Women 1st 200.
    Allocation by value: U1600 1st (400) → W; U2000 1st (300) → M (W has a prize);
    Women 1st (200) → nobody left (W already has one); Open 1st (100) → N (W, M hold prizes); Open 2nd → nobody.
    """
    players = [rated("W", acf=1500, sex="F"), rated("M", acf=1550), rated("N", acf=2100)]
    res_rows = [row("", 1, "W", sex="F"), row("", 2, "M"), row("", 3, "N")]
    prizes = [["Open", 1, 100], ["Open", 2, 50], ["U1600", 1, 400], ["U2000", 1, 300], ["Women", 1, 200]]
    res = acf_season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=3000)}, players, prizes)
    pr = res.outcome.prizes
    pr = pr[pr["ranking"] != "State"]
    won = {(r, int(p)): (n if isinstance(n, str) else None) for r, p, n in zip(pr["ranking"], pr["place"],
                                                                             pr["name"])}
    assert won == {("U1600", 1): "W", ("U2000", 1): "M", ("Women", 1): None, ("Open", 1): "N",
                   ("Open", 2): None}


# ============================================================================ Aarhus — §5 stk. 6 normalisation


def test_aarhus_normalisation_odd_round_counts_half_up_end_to_end(tmp_path):
    """§5 stk. 6: "GPT-points × 7 / (rounds played in that group), rounded to one decimal by ordinary rounding
    — half up …, computed exactly"; startpoints (own age group: 5, §5 stk. 2) are not normalised. The divisor is
    the group's rounds (Groups sheet). 2012/2013: C born 1998–99, D 2000–01, E 2002–03.

    C, 9 rounds: 8½·7/9 = 59.5/9 = 6.611… → 6.6 → 11.6; 4½·7/9 = 3.5 → 8.5; 1½·7/9 = 1.1666… → 1.2 → 6.2.
    D, 5 rounds: 3½·7/5 = 4.9 → 9.9; 2½·7/5 = 3.5 → 8.5.
    E, 6 rounds: 4½·7/6 = 5.25 → 5.3 (banker's would give 5.2) → 10.3; 1½·7/6 = 1.75 → 1.8 → 6.8;
                 ½·7/6 = 0.58333… → 0.6 → 5.6.
    """
    rows = [["C", 1, "Cee Top", "K", 1998, "M", "8½", 9], ["C", 2, "Cee Nine", "K", 1999, "M", "4,5", 9],
            ["C", 3, "Cee Half", "K", 1998, "M", 1.5, 9],
            ["D", 1, "Dee Odd", "K", 2000, "M", "3½", None], ["D", 2, "Dee Five", "K", 2001, "M", "2½", None],
            ["E", 1, "Ee Six", "K", 2002, "M", "4½", 6], ["E", 2, "Ee Tie", "K", 2003, "M", "1½", 6],
            ["E", 3, "Ee Low", "K", 2002, "M", "½", 6]]
    res = aar_season(tmp_path, {"g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["C", 9], ["D", 5], ["E", 6]],
                                                      rows)})
    got = {n: p for (n, _r), p in aar_ledger(res, "GPT 1").items()}
    assert got == {"Cee Top": 11.6, "Cee Nine": 8.5, "Cee Half": 6.2, "Dee Odd": 9.9, "Dee Five": 8.5,
                   "Ee Six": 10.3, "Ee Tie": 6.8, "Ee Low": 5.6}


def test_aarhus_divisor_is_group_rounds_for_partial_games(tmp_path):
    """§5 stk. 5–6: "The divisor is the number of rounds the *group* played (the Groups sheet), not the games the
    player played"; a player with at least one round gets GPM-points.

    B group, 6 rounds; Bo (age B, born 1996) played 3 games, scored 2½: 5 + 2½·7/6 = 5 + 2.9166… → 2.9 = 7.9
    (by games played it would be 2½·7/3 = 5.8 → 10.8).
    """
    rows = [["B", 1, "Bo Berg", "K", 1996, "M", "2½", 3]]
    res = aar_season(tmp_path, {"g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["B", 6]], rows)})
    assert aar_ledger(res, "GPT 1") == {("Bo Berg", "B"): 7.9}


# ============================================================================ Aarhus — §5 stk. 2–4 startpoints


def test_aarhus_merged_group_closest_member_and_girl_in_both_accounts(tmp_path):
    """§5 stk. 3: merged group → "startpoints as if the player played in whichever of the merged groups is
    closest to their age group"; §5 stk. 2: 5 own, +2 per group higher; §5 stk. 4: a girl in A–F (a merged
    A+B is A/B) is credited both to her age group and to P. A+B played 7 rounds: points unchanged.

    Ann (age A) 3 → as A: 5 + 3 = 8.0 (A). Ben (age B) 3 → as B: 5 + 3 = 8.0 (B).
    Cid (age C) 3 → as B, 1 over: 7 + 3 = 10.0 (C). Dan (age D) 1 → as B, 2 over: 9 + 1 = 10.0 (D).
    Gry (girl, age C) 2 → as B: 7 + 2 = 9.0 in C and in P.
    """
    rows = [["A+B", 1, "Ann", "K", 1994, "M", 3, 7], ["A+B", 2, "Ben", "K", 1996, "M", 3, 7],
            ["A+B", 3, "Cid", "K", 1998, "M", 3, 7], ["A+B", 4, "Gry", "K", 1999, "F", 2, 7],
            ["A+B", 5, "Dan", "K", 2000, "M", 1, 7]]
    res = aar_season(tmp_path, {"g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["A+B", 7]], rows)})
    assert aar_ledger(res, "GPT 1") == {("Ann", "A"): 8.0, ("Ben", "B"): 8.0, ("Cid", "C"): 10.0,
                                        ("Dan", "D"): 10.0, ("Gry", "C"): 9.0, ("Gry", "P"): 9.0}


def test_aarhus_aa_with_and_without_a_group_end_to_end(tmp_path):
    """§2 stk. 5 / rulebook: "AA counts as one step above A … but only when the same GPT also has an A group
    … a GPT with an AA group and no A group scores AA as A"; transferred A players recorded in B get B's
    startpoints ("og IKKE A-gruppen").

    GPT 1 (groups AA and A, 7 rounds): Ole (age A) in AA, 4 → 7 + 4 = 11.0; Ida (age A) in A, 4 → 5 + 4 = 9.0.
    GPT 2 (groups AA and B, no A, 7 rounds): Ole in AA, 4 → scored as A: 5 + 4 = 9.0; Ida transferred, recorded
    in B, 4 → 1 under: 3 + 4 = 7.0.
    """
    g1 = [["AA", 1, "Ole", "K", 1994, "M", 4, 7], ["A", 1, "Ida", "K", 1995, "M", 4, 7]]
    g2 = [["AA", 1, "Ole", "K", 1994, "M", 4, 7], ["B", 1, "Ida", "K", 1995, "M", 4, 7]]
    res = aar_season(tmp_path, {"g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["AA", 7], ["A", 7]], g1),
                                "g2.xlsx": aar_book("GPT 2", D(2012, 10, 20), [["AA", 7], ["B", 7]], g2)})
    assert aar_ledger(res, "GPT 1") == {("Ole", "A"): 11.0, ("Ida", "A"): 9.0}
    assert aar_ledger(res, "GPT 2") == {("Ole", "A"): 9.0, ("Ida", "A"): 7.0}


# ============================================================================ Aarhus — §1 stk. 6 standings


def test_aarhus_drop_worst_with_exactly_all_gpts_earliest_of_equal_worst(tmp_path):
    """§1 stk. 6 (1) + ruling: drop the worst GPT result in an account holding a result from every scheduled GPT
    (GPTs = 3); "Aarhusmesterskabet and DM-kvalifikation points always count and are never the dropped result";
    README ruling 9: among equal worst results, the earliest is the one marked dropped. Tiebreak 2's "worst"
    is the lowest GPT result (the dropped one).

    Cai (age C, own group, 7 rounds): GPT1 4 → 9.0; GPT2 2 → 7.0; GPT3 2 → 7.0; AM 1 (5 + 1 = 6.0, lower but
    never dropped). Dropped: GPT2's 7.0. Total = 9 + 7 + 6 = 22.0; worst result 7.0.
    Dot (age C) played GPT1 and GPT2 only (4, 4 → 9.0 + 9.0): nothing dropped: 18.0.
    """
    def g(name, day, rows, kind="GPT"):
        return aar_book(name, day, [["C", 7]], rows, kind=kind)

    tours = {"g1.xlsx": g("GPT 1", D(2012, 9, 22), [["C", 1, "Cai", "K", 1998, "M", 4, 7],
                                                     ["C", 2, "Dot", "K", 1998, "F", 4, 7]]),
             "g2.xlsx": g("GPT 2", D(2012, 10, 20), [["C", 1, "Dot", "K", 1998, "F", 4, 7],
                                                      ["C", 2, "Cai", "K", 1998, "M", 2, 7]]),
             "g3.xlsx": g("GPT 3", D(2012, 11, 17), [["C", 1, "Cai", "K", 1998, "M", 2, 7]]),
             "am.xlsx": g("AM", D(2013, 1, 12), [["C", 1, "Cai", "K", 1998, "M", 1, 7]], kind="Aarhusmesterskab")}
    res = aar_season(tmp_path, tours, gpts=3)
    assert aar_total(res, "Cai", "C") == 22.0
    assert aar_total(res, "Dot", "C") == 18.0 and aar_total(res, "Dot", "P") == 18.0
    s = res.outcome.standings.set_index(["name", "ranking"])
    assert float(s.loc[("Cai", "C"), "worst_result"]) == 7.0
    led = res.outcome.ledger
    cai = led[led["name"] == "Cai"].set_index("tournament")["counted"].to_dict()
    assert cai == {"GPT 1": True, "GPT 2": False, "GPT 3": True, "AM": True}


# ============================================================================ Aarhus — §1 stk. 7 prizes


def test_aarhus_placement_prizes_count_only_players_with_two_gpts(tmp_path):
    """§1 stk. 7 ruling: "floor(n / 4) prizes, to the top of that group's standings among players with two or
    more GPTs" (README ruling 7: n per account).

    Two GPTs, 7 rounds, everyone in their own age group.
    C: C1..C7 play both GPTs (n = 7 → floor(7/4) = 1 prize), Solo plays GPT 1 only (not counted; with him n
    would be 8 → 2 prizes). C1 scores 6 twice → 11.0 + 11.0 = 22.0 → the one prize.
    D: D1..D8 play both (n = 8 → 2 prizes): D1 (7 twice → 24.0), D2 (6 twice → 22.0).
    """
    c_pts = [6, 5, 4, 3, 2, 1, 0]
    d_pts = [7, 6, 5, 4, 3, 2, 1, 0]

    def rows(with_solo):
        out = []
        if with_solo:
            out.append(["C", 1, "Solo", "K", 1998, "M", 6.5, 7])
        out += [["C", i + 1 + with_solo, f"C{i + 1}", "K", 1998, "M", p, 7] for i, p in enumerate(c_pts)]
        out += [["D", i + 1, f"D{i + 1}", "K", 2000, "M", p, 7] for i, p in enumerate(d_pts)]
        return out

    tours = {"g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["C", 7], ["D", 7]], rows(True)),
             "g2.xlsx": aar_book("GPT 2", D(2012, 10, 20), [["C", 7], ["D", 7]], rows(False))}
    res = aar_season(tmp_path, tours, gpts=3)
    pr = res.outcome.prizes
    place = pr[pr["value"] == "Placement prize"]
    assert sorted(zip(place["ranking"], place["name"])) == [("C", "C1"), ("D", "D1"), ("D", "D2")]


# ============================================================================ Aarhus — §4 movements


def test_aarhus_nine_round_thresholds_and_bye_end_to_end(tmp_path):
    """§4: "promotion if points >= 75 % of g; relegation if points < 25 % of g" with g = games actually played
    ("byes and forfeits are not games"); the reglement's table for 9 rounds: relegation 0–2, stay 2½–6½,
    promotion 7–9. A promotion over fewer games than rounds stays automatic (flagged).

    C group, 9 rounds, all age C (born 1998), strength C:
    Up (7 of 9) → B; Hi (6½ of 9) → stays C; Lo (2½ of 9) → stays C; Dn (2 of 9) → D;
    Bye (6 points from 8 games: 6 >= 0.75·8 = 6) → B, flagged for the director.
    """
    rows = [["C", 1, "Up", "K", 1998, "M", 7, 9], ["C", 2, "Hi", "K", 1998, "M", "6½", 9],
            ["C", 3, "Bye", "K", 1998, "M", 6, 8], ["C", 4, "Lo", "K", 1998, "M", "2½", 9],
            ["C", 5, "Dn", "K", 1998, "M", 2, 9]]
    res = aar_season(tmp_path, {"g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["C", 9]], rows)})
    s = res.outcome.standings.set_index("name")["next_group"].to_dict()
    assert s == {"Up": "B", "Hi": "C", "Bye": "B", "Lo": "C", "Dn": "D"}
    moves = res.outcome.json_extra["movements"]()
    note = {m["name"]: m["move"] for m in moves}
    assert note == {"Up": "up", "Hi": "stay", "Bye": "up", "Lo": "stay", "Dn": "down"}


# ============================================================================ Aarhus — discrepancies


def test_aarhus_girls_trophy_with_blank_games_ruling1_s3(tmp_path):
    """§3 / rulebook: the girls' trophy "is decided across groups by: 1) highest average score (points / games,
    compared as exact fractions), 2) oldest age group, 3) relative placing". README Aarhus ruling 1: "A blank
    Games cell means the player played every round of the group."

    Aarhusmesterskab, groups D and E of 7 rounds (Groups sheet), Games left blank for both girls:
    Line (age D) 5 of 7 = 0.714…; Sofie (age E) 6 of 7 = 0.857… → Sofie wins the Pigevandrepokal.
    (A GPT before the AM is given so that the season is ordinary.)
    """
    g1 = [["D", 1, "Line", "K", 2000, "F", 5, 7], ["E", 1, "Sofie", "K", 2002, "F", 4, 7]]
    am = [["D", 1, "Line", "K", 2000, "F", 5, None], ["E", 1, "Sofie", "K", 2002, "F", 6, None],
          ["E", 2, "Bo", "K", 2002, "M", 4, 7]]
    res = aar_season(tmp_path, {
        "g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["D", 7], ["E", 7]], g1),
        "am.xlsx": aar_book("AM", D(2013, 1, 12), [["D", 7], ["E", 7]], am, kind="Aarhusmesterskab")})
    pr = res.outcome.prizes
    girls = pr[pr["value"].astype(str).str.startswith("Girls' trophy")]
    assert list(girls["name"]) == ["Sofie"]


def test_aarhus_girls_trophy_with_games_given_control(tmp_path):
    """Control for the test above, same season with Games written (7): §3 criterion 1 → Sofie 6/7 > Line 5/7."""
    g1 = [["D", 1, "Line", "K", 2000, "F", 5, 7], ["E", 1, "Sofie", "K", 2002, "F", 4, 7]]
    am = [["D", 1, "Line", "K", 2000, "F", 5, 7], ["E", 1, "Sofie", "K", 2002, "F", 6, 7],
          ["E", 2, "Bo", "K", 2002, "M", 4, 7]]
    res = aar_season(tmp_path, {
        "g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["D", 7], ["E", 7]], g1),
        "am.xlsx": aar_book("AM", D(2013, 1, 12), [["D", 7], ["E", 7]], am, kind="Aarhusmesterskab")})
    pr = res.outcome.prizes
    girls = pr[pr["value"].astype(str).str.startswith("Girls' trophy")]
    assert list(girls["name"]) == ["Sofie"]


def test_aarhus_dm_needs_gpt_strictly_before_dm_date_ruling11(tmp_path):
    """§5 stk. 9: "Spillere tildeles kun GPM-points, hvis de før DM-kvalifikationsstævnet har deltaget i en GPT";
    aarhus.md: "only players who played a GPT earlier in the same season"; README Aarhus ruling 11: "DM needs a
    GPT strictly before the DM date".

    Bo's only GPT ("Aabyhøj GPT") is on 10 Nov 2012, the same date as the DM-kvalifikation → no GPT strictly
    before the DM date → no DM points. GPT: 5 + 4 = 9.0 in C. Expected ledger: only the GPT's 9.0.
    """
    g1 = [["C", 1, "Bo", "K", 1998, "M", 4, 7]]
    dm = [["C", 1, "Bo", "K", 1998, "M", 3, 5]]
    res = aar_season(tmp_path, {
        "g1.xlsx": aar_book("Aabyhoj GPT", D(2012, 11, 10), [["C", 7]], g1),
        "dm.xlsx": aar_book("DM-kvalifikation", D(2012, 11, 10), [["C", 5]], dm, kind="DM-kvalifikation")})
    assert aar_ledger(res, "DM-kvalifikation") == {}
    assert aar_total(res, "Bo", "C") == 9.0


def test_aarhus_dm_same_date_other_name_order_control(tmp_path):
    """Control for the test above: the same season with the GPT named so it sorts *after* the DM ("Viby GPT")
    gives no DM points — ruling 11's answer; only the name changed."""
    g1 = [["C", 1, "Bo", "K", 1998, "M", 4, 7]]
    dm = [["C", 1, "Bo", "K", 1998, "M", 3, 5]]
    res = aar_season(tmp_path, {
        "g1.xlsx": aar_book("Viby GPT", D(2012, 11, 10), [["C", 7]], g1),
        "dm.xlsx": aar_book("DM-kvalifikation", D(2012, 11, 10), [["C", 5]], dm, kind="DM-kvalifikation")})
    assert aar_ledger(res, "DM-kvalifikation") == {}
    assert aar_total(res, "Bo", "C") == 9.0


def test_aarhus_girls_trophy_games_unknown_is_a_warning_ruling1_s3(tmp_path):
    """§3 with ruling 1: a blank Games cell is every round of the group, which the Groups sheet gives. An
    Aarhusmesterskab (not normalised) whose groups have no Groups rows: the girls' averages cannot be worked out
    — a warning naming them, and no girls' trophy rather than a guessed one."""
    g1 = [["D", 1, "Line", "K", 2000, "F", 5, 7], ["E", 1, "Sofie", "K", 2002, "F", 4, 7]]
    am = [["D", 1, "Line", "K", 2000, "F", 5, None], ["E", 1, "Sofie", "K", 2002, "F", 6, None]]
    res = aar_season(tmp_path, {
        "g1.xlsx": aar_book("GPT 1", D(2012, 9, 22), [["D", 7], ["E", 7]], g1),
        "am.xlsx": aar_book("AM", D(2013, 1, 12), [], am, kind="Aarhusmesterskab")})
    warned = [i for i in res.issues.items if i.code == "girls-games-unknown"]
    assert len(warned) == 2 and "Line" in warned[0].message and warned[0].sheet == "Groups"
    pr = res.outcome.prizes
    assert not len(pr[pr["value"].astype(str).str.startswith("Girls' trophy")])


def test_aarhus_dm_after_gpt_of_the_day_before_ruling11(tmp_path):
    """Ruling 11, the other side: a GPT on the day before the DM-kvalifikation is earlier → the DM's flat 10
    points (§5 stk. 9). GPT 9.0 + DM 10.0 = 19.0."""
    g1 = [["C", 1, "Bo", "K", 1998, "M", 4, 7]]
    dm = [["C", 1, "Bo", "K", 1998, "M", 3, 5]]
    res = aar_season(tmp_path, {
        "g1.xlsx": aar_book("Viby GPT", D(2012, 11, 9), [["C", 7]], g1),
        "dm.xlsx": aar_book("DM-kvalifikation", D(2012, 11, 10), [["C", 5]], dm, kind="DM-kvalifikation")})
    assert sum(aar_ledger(res, "DM-kvalifikation").values()) > 0
    assert aar_total(res, "Bo", "C") == 19.0
