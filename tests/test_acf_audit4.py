"""Fourth audit pass of the ACF circuit against shared/rules/acf.md (binding Rulings), the by-law
(shared/seeds/000_da938ecd3c89892c.txt), README's ACF rules section and CONTRACT.md.

Every expected number is worked out by hand from the quoted text in the test's docstring, never taken from
gpcalc. This pass looks at clauses and combinations the earlier passes (test_acf.py, test_acf_coverage.py,
test_golden_acf.py, test_acf_aarhus_audit.py, test_acf_audit2.py, test_acf_audit3.py) left alone:

- cl. 9 (number of prizes) against the coordinator's Prizes sheet: places the by-law does not have;
- the organiser's Junior column (cl. 5(2)(e)) across tournaments, against the register's birth and the
  bare-year ruling, and the junior cut-off moving with the season (Y − 18 in 2010);
- cl. 10's equal-value ruling where division order and place order disagree;
- cl. 14 best five chosen separately in each division (a different tournament dropped in Open and U2000);
- "Ratings come from the coordinator, not the organiser" (a Results `Rating` column is not a rating);
- the register winning over a contradicting row for Sex (Women) and State (State prize), with a FIDE-only
  player's State prize resting on U2000 points and a Counts = No player getting none;
- cl. 8(g) with the equal-scores ruling: two players of one State with equal best scores, decided by count-back;
- divisions "however described" (cl. 5(1)(d)) in the Sections sheet, side event out of points but in the fee;
- several sections mapped to U2000 and the cascade to Open following the Sections sheet's order.

Defects found, both fixed on 30 November (a place cl. 9 does not have is warned, `prize-not-in-bylaw`, and not
awarded; the Junior column is one value per player, `Circuit.person_columns`):
- test_prize_table_places_cl9_does_not_have_are_not_silently_awarded_cl9: a Prizes sheet row for Open 6th,
  Women 2nd, Unrated 2nd, Junior 4th or State 2nd (none exists in cl. 9 / CONTRACT) is silently allocated (or,
  for State, silently used as the State prize's value) with no issue.
- test_junior_marked_by_one_organiser_is_a_junior_in_every_tournament_cl1_cl5: a player the organiser marks
  Junior = Yes in one tournament, with no birth anywhere and the column blank in another, scores Junior points
  only in the first (birth and sex were made per player in audit 3; the Junior column was not).
"""

from __future__ import annotations

import datetime as dt

from builders import ACF_REGISTER_HEAD, acf_tournament, prize_map, prize_row, pts, reg, row
from builders import acf_folder as folder_for
from builders import acf_season as season

from gpcalc.pipeline import compute

D = dt.date
REG = ACF_REGISTER_HEAD
HEAD_J = ["Section", "Place", "Name", "ID", "Sex", "Born", "State", "Junior"]


# ============================================================================ helpers (folder_for, season: builders)


def state_prizes(res) -> dict[str, str]:
    pr = res.outcome.prizes
    pr = pr[pr["ranking"] == "State"]
    return {n.split(":")[0]: w for n, w in zip(pr["note"], pr["name"])}


def codes_for(res, code: str) -> list:
    return [i for i in res.issues if i.code == code]


# ============================================================================ cl. 9: the number of prizes


def _row_of(cell: str) -> int | None:
    digits = "".join(c for c in str(cell or "") if c.isdigit())
    return int(digits) if digits else None


def test_prize_table_places_cl9_does_not_have_are_not_silently_awarded_cl9(tmp_path):
    """cl. 9: "The prizes to be awarded in each division are - (a) Open - 1st to 5th; (b) U2000 - 1st to 4th;
    (c) U1600 - 1st to 4th; (d) Junior - 1st to 3rd; (e) Women - 1st (f) Unrated - 1st (g) State - one per State".
    acf.md: "The by-law gives no amounts, so season.xlsx holds a prize table (division, place, value)" — the
    table gives amounts, cl. 9 gives the prizes. CONTRACT: "Prizes (acf): Division | Place | Value (the State
    prize as division State, place 1)". The audit brief: anything gpcalc outputs that no rule gives is a defect.

    Season 1 — seven unrated junior women (not in the register) P1..P7, class 1, places 1–7; every division
    has candidates. Prizes sheet (rows 2–6): Open 1 100 (valid), Open 6 90, Women 2 80, Unrated 2 70,
    Junior 4 60. Allocation as gpcalc would do it: Open 1st → P1; then Open 6th → P2, Women 2nd → P3,
    Unrated 2nd → P4, Junior 4th → P5 — four prizes cl. 9 does not have.
    Season 2 — class 1: 1 A (NSW), 2 B (VIC), both ACF 2100. Prizes: Open 1 100, State 2 40 (no State 1 row).
    Open 1st → A; VIC has no winner → B gets a State prize, valued from the "State 2" row.
    Expected: each out-of-cl. 9 row is either refused (an error/warning at its row of the Prizes sheet) or not
    used; using it silently is the defect. Today: no issue at all, all four prizes awarded and B's State prize
    worth 40.
    """
    names = [f"P{i}" for i in range(1, 8)]
    results = [row("", i + 1, n, sex="F", born=1992, pid="") for i, n in enumerate(names)]
    prizes = [["Open", 1, 100], ["Open", 6, 90], ["Women", 2, 80], ["Unrated", 2, 70], ["Junior", 4, 60]]
    folder = folder_for(tmp_path / "s1", {"t.xlsx": acf_tournament("T", results, prize_money=1000)},
                        [reg("Ref", acf=2000)], prizes)
    res = compute(folder, use_cache=False)
    flagged_rows = {_row_of(i.cell) for i in res.issues if i.sheet == "Prizes"}
    used_silently = set()
    if res.outcome is not None:
        won = prize_map(res)
        bad = {("Open", 6): 3, ("Women", 2): 4, ("Unrated", 2): 5, ("Junior", 4): 6}
        used_silently |= {k for k, r in bad.items() if won.get(k) and r not in flagged_rows}
    t2 = acf_tournament("T", [row("", 1, "A"), row("", 2, "B", state="VIC")], prize_money=1000)
    folder2 = folder_for(tmp_path / "s2", {"t.xlsx": t2}, [reg("A", acf=2100), reg("B", acf=2100, state="VIC")],
                         [["Open", 1, 100], ["State", 2, 40]])
    res2 = compute(folder2, use_cache=False)
    flagged2 = {_row_of(i.cell) for i in res2.issues if i.sheet == "Prizes"}
    if res2.outcome is not None and 3 not in flagged2:
        used_silently |= {("State", 2)} if state_prizes(res2) else set()
    assert used_silently == set()


# ============================================================================ cl. 1 / cl. 5(2)(e): the Junior column


def test_junior_marked_by_one_organiser_is_a_junior_in_every_tournament_cl1_cl5(tmp_path):
    """cl. 1: "'junior' means a person who is under 18 years of age at 1 January of the year in which the Grand
    Prix is held" — a fact about the person for the whole season; acf.md Players' attributes: "The organiser may
    instead mark juniors (cl. 5(2)(e)) in an optional Junior column, which wins." README (Players across
    tournaments): "Sex and birth are facts about the person, one per player in every tournament … a row that
    leaves them blank takes them (… a junior's birth given in one tournament counts in all)".

    Kid is in no register and no Born is given anywhere. T1 (class 1): 1 Kid (Junior = Yes), 2 Adult (born 1970,
    Junior = No). T2 (class 1): 1 Kid (Junior blank, Born blank), 2 Adult (born 1970, Junior blank).
    The only evidence about Kid says he is a junior, and nothing contradicts it: Junior T1 {Kid: 12},
    T2 {Kid: 12}. Today T2 gives Kid no Junior points (and nobody else either) — silently.
    """
    t1 = acf_tournament("T1", [row("", 1, "Kid", born=None, pid="") + ["Yes"],
                               row("", 2, "Adult", pid="") + ["No"]], prize_money=1000, header=HEAD_J)
    t2 = acf_tournament("T2", [row("", 1, "Kid", born=None, pid="") + [None],
                               row("", 2, "Adult", pid="") + [None]], prize_money=1000, header=HEAD_J,
                        start=D(2005, 6, 4))
    res = season(tmp_path, {"a.xlsx": t1, "b.xlsx": t2}, [reg("Ref", acf=2000)])
    assert pts(res, "Junior", "T1") == {"Kid": 12}
    assert pts(res, "Junior", "T2") == {"Kid": 12}


def test_junior_column_wins_over_register_birth_and_bare_year_ruling_cl1_cl5(tmp_path):
    """acf.md Players' attributes: "Junior (cl. 1): … date of birth > Y-18-01-01 … Ruling: birth year Y-18 with
    no day is treated as junior …, with a warning. The organiser may instead mark juniors (cl. 5(2)(e)) in an
    optional Junior column, which wins." Preamble: a ruling that changes a number is named in the ledger.

    Season 2005, all in the register (ACF 1500, NSW): Old born 1950, Edge and Edge2 born "1987" (bare year).
    Class 1 (12, 9, 6, 4, 3), places: 1 Old (Junior = Yes), 2 Edge (Junior = No), 3 Edge2 (Junior blank).
    - Old: the column wins over the register's 1950 → junior; Edge: the column wins over the bare-year ruling →
      not a junior, and no bare-year warning for him (the ruling is not applied); Edge2: bare year 1987 = Y − 18
      → junior by ruling, warned.
    - Junior list: Old (position 1) 12; Edge skipped; Edge2 (position 2) 9. Only Edge2's ledger row names the
      ruling.
    """
    players = [reg("Old", acf=1500, born=1950), reg("Edge", acf=1500, born=1987), reg("Edge2", acf=1500, born=1987)]
    t = acf_tournament("T", [row("", 1, "Old", born=None) + ["Yes"], row("", 2, "Edge", born=None) + ["No"],
                             row("", 3, "Edge2", born=None) + [None]], prize_money=1000, header=HEAD_J)
    res = season(tmp_path, {"t.xlsx": t}, players)
    assert pts(res, "Junior") == {"Old": 12, "Edge2": 9}
    warned = codes_for(res, "junior-birth-year")
    assert len(warned) == 1 and "Edge2" in warned[0].message
    led = res.outcome.ledger
    led = led[led["ranking"] == "Junior"].set_index("name")
    assert "ruling" in led.loc["Edge2", "detail"] and "ruling" not in led.loc["Old", "detail"]


def test_junior_cutoff_moves_with_the_season_bare_years_in_2010_cl1(tmp_path):
    """cl. 1: junior = "under 18 years of age at 1 January of the year in which the Grand Prix is held";
    acf.md: "date of birth > Y-18-01-01 … A birth year alone decides every case except that one day — Ruling:
    birth year Y-18 with no day is treated as junior …, with a warning."

    Season 2010 → Y − 18 = 1992. Bare years: B91 born 1991 (18 or older on 1 Jan 2010: not a junior),
    B92 born 1992 (junior by ruling, warned), B93 born 1993 (junior, no warning needed). All ACF 1800.
    Class 1 (12, 9, 6, 4, 3) in March 2010, places 1 B91, 2 B92, 3 B93.
    Junior list: B92 12, B93 9. One warning, naming B92. (A cut-off fixed at 1987, the 2005 value, would make
    all three juniors.)
    """
    players = [reg(n, acf=1800, born=y) for n, y in (("B91", 1991), ("B92", 1992), ("B93", 1993))]
    t = acf_tournament("T", [row("", 1, "B91", born=1991), row("", 2, "B92", born=1992),
                             row("", 3, "B93", born=1993)], prize_money=1000, start=D(2010, 3, 6))
    res = season(tmp_path, {"t.xlsx": t}, players, year="2010")
    assert pts(res, "Junior") == {"B92": 12, "B93": 9}
    warned = codes_for(res, "junior-birth-year")
    assert len(warned) == 1 and "B92" in warned[0].message


# ============================================================================ cl. 10 equal values


def test_equal_values_division_order_comes_before_place_order_cl10_ruling(tmp_path):
    """cl. 10 + acf.md ruling "allocation": "take the prizes in descending value (equal values: division order
    Open, U2000, U1600, Unrated, Junior, Women; then place)" — division first, place only within a division.

    Class 1 (12, 9, 6, 4, 3): 1 A (ACF 2100), 2 B (ACF 1900), 3 C (ACF 1800).
    Open: A 12, B 9, C 6. U2000 (A not < 2000): B 12, C 9.
    Prizes: Open 1st 1000; Open 2nd 150 and U2000 1st 150 (equal).
    1000 Open 1st → A. 150s, division order: Open 2nd first → B (2nd in Open); then U2000 1st → B holds a prize
    → C. (Place first — U2000 1st before Open 2nd — would give B the U2000 1st and C the Open 2nd.)
    """
    players = [reg("A", acf=2100), reg("B", acf=1900), reg("C", acf=1800)]
    t = acf_tournament("T", [row("", 1, "A"), row("", 2, "B"), row("", 3, "C")], prize_money=1000)
    res = season(tmp_path, {"t.xlsx": t}, players, [["Open", 1, 1000], ["U2000", 1, 150], ["Open", 2, 150]])
    assert prize_map(res) == {("Open", 1): "A", ("Open", 2): "B", ("U2000", 1): "C"}
    assert "B" in prize_row(res, "U2000", 1)["passed_over"]


# ============================================================================ cl. 14 best five, per division


def test_best_five_are_chosen_separately_in_each_division_cl14(tmp_path):
    """cl. 14: "A player's score is the total number of points scored by the player in that player's 5 best
    scoring tournaments"; acf.md: "A player's score in division D = the sum of their 5 best tournament results
    in D. Each division is its own ranking."

    P (ACF 1900) plays six class-1 tournaments (12, 9, 6, 4, 3); above him: H1–H3 (ACF 2100: Open only) and
    L1, L2 (ACF 1800: Open and U2000).
      T1: P 1st            → Open 12, U2000 12
      T2: H1, P            → Open 9,  U2000 12 (H1 skipped)
      T3: H1, H2, P        → Open 6,  U2000 12
      T4: H1, H2, H3, P    → Open 4,  U2000 12
      T5: L1, P            → Open 9,  U2000 9
      T6: L1, L2, P        → Open 6,  U2000 6
    Open: 12 + 9 + 6 + 4 + 9 + 6, best five 12 + 9 + 9 + 6 + 6 = 42, T4 dropped.
    U2000: best five 12 × 4 + 9 = 57, T6 dropped. (One set of "5 best tournaments" for both would drop the same
    tournament in both.)
    """
    above = {"T1": [], "T2": ["H1"], "T3": ["H1", "H2"], "T4": ["H1", "H2", "H3"], "T5": ["L1"],
             "T6": ["L1", "L2"]}
    tours = {f"{t.lower()}.xlsx": acf_tournament(t, [row("", i + 1, n) for i, n in enumerate([*a, "P"])],
                                                 prize_money=1000, start=D(2005, 2 + k, 5))
             for k, (t, a) in enumerate(above.items())}
    players = [reg("P", acf=1900), *(reg(h, acf=2100) for h in ("H1", "H2", "H3")),
               reg("L1", acf=1800), reg("L2", acf=1800)]
    res = season(tmp_path, tours, players)
    s = res.outcome.standings
    tot = {r: float(s[(s["ranking"] == r) & (s["name"] == "P")]["total"].iloc[0]) for r in ("Open", "U2000")}
    assert tot == {"Open": 42, "U2000": 57}
    led = res.outcome.ledger
    led = led[led["name"] == "P"]
    dropped = {r: set(led[(led["ranking"] == r) & ~led["counted"].astype(bool)]["tournament"])
               for r in ("Open", "U2000")}
    assert dropped == {"Open": {"T4"}, "U2000": {"T6"}}


# ============================================================================ cl. 11, 12: ratings are the coordinator's


def test_a_results_rating_column_is_not_a_rating_source_cl11_cl12_2(tmp_path):
    """acf.md: "Ratings come from the coordinator, not the organiser: the Players register (or, later, rating list
    files). A player not found there is unrated (cl. 12(2))." cl. 11: the ACF December list, else FIDE January.
    cl. 12(2): unrated → "eligible for only an open prize or an unrated prize".

    Results carry an organiser's `Rating` column. Class 1 (12, 9, 6, 4, 3):
      1 A (register ACF 2100; Rating column 1500), 2 Q (not in the register; Rating 1500),
      3 R (in the register with both ratings blank; Rating 1700).
    - A is 2100 (register): Open only — not U2000/U1600 on the organiser's 1500.
    - Q and R are unrated: Open and Unrated, never U2000/U1600.
    Open: A 12, Q 9, R 6. Unrated: Q 12, R 9. U2000, U1600: nobody. The column is reported as unused.
    """
    head = ["Section", "Place", "Name", "ID", "Sex", "Born", "State", "Rating"]
    results = [row("", 1, "A") + [1500], row("", 2, "Q", pid="") + [1500], row("", 3, "R") + [1700]]
    t = acf_tournament("T", results, prize_money=1000, header=head)
    res = season(tmp_path, {"t.xlsx": t}, [reg("A", acf=2100), reg("R")])
    assert pts(res, "Open") == {"A": 12, "Q": 9, "R": 6}
    assert pts(res, "Unrated") == {"Q": 12, "R": 9}
    assert pts(res, "U2000") == {} and pts(res, "U1600") == {}
    assert any("Rating" in i.message for i in codes_for(res, "unknown-column"))


# ============================================================================ register wins: Sex and State


def test_register_sex_wins_over_a_contradicting_row_both_ways_women(tmp_path):
    """acf.md: "Woman: sex F"; CONTRACT: "For identity fields (name, sex, birth, state/league/club) the register
    wins over tournament rows; disagreements are warnings."

    Register: M1 sex M, F1 sex F (both ACF 1800). Results (class 1): 1 M1 written "F", 2 F1 written "M".
    Register wins: M1 is a man, F1 a woman → Women list: F1 alone, position 1 → 12 (not M1 12, not F1 9).
    Both contradicting cells are warned.
    """
    players = [reg("M1", acf=1800, sex="M"), reg("F1", acf=1800, sex="F")]
    t = acf_tournament("T", [row("", 1, "M1", sex="F"), row("", 2, "F1", sex="M")], prize_money=1000)
    res = season(tmp_path, {"t.xlsx": t}, players)
    assert pts(res, "Women") == {"F1": 12}
    assert len(codes_for(res, "register-differs")) >= 2


def test_register_state_fide_only_and_counts_no_for_the_state_prize_cl8g(tmp_path):
    """cl. 8(g): "a State prize awarded to the highest scoring player in each State that otherwise has no prize
    winner"; acf.md: "Every player may also win the State prize (cl. 8(g))"; ruling: "'score' here is the
    player's highest score in any division"; CONTRACT: the register wins for State; acf.md: a Counts = No
    tournament "awards nothing".

    Register: A (ACF 2100, NSW), V (ACF 2100, VIC — written NSW on the results row), N (ACF 2100, NSW),
    W (FIDE-only 1900, WA), Q (ACF 2100, QLD). Prizes: Open 1st 100, State 50.
    T (class 1): 1 A, 2 V, 3 N, 4 W. Open: A 12, V 9, N 6 (W skipped, cl. 12(1)(b)). U2000: W 12.
    X (class 3, Counts = No): 1 Q → nothing.
    Open 1st → A (NSW holds a prize: no NSW State prize though N won nothing).
    VIC: V (register State; best 9, Open) → State prize. WA: W (best 12, U2000 — his only division) → State
    prize. QLD: Q has no score → none.
    """
    players = [reg("A", acf=2100), reg("V", acf=2100, state="VIC"), reg("N", acf=2100),
               reg("W", fide=1900, state="WA"), reg("Q", acf=2100, state="QLD")]
    t = acf_tournament("T", [row("", 1, "A"), row("", 2, "V", state="NSW"), row("", 3, "N"),
                             row("", 4, "W", state="WA")], prize_money=1000)
    x = acf_tournament("X", [row("", 1, "Q", state="QLD")], prize_money=3000, Counts="No", start=D(2005, 6, 4))
    res = season(tmp_path, {"t.xlsx": t, "x.xlsx": x}, players, [["Open", 1, 100], ["State", 1, 50]])
    assert prize_map(res) == {("Open", 1): "A"}
    assert state_prizes(res) == {"VIC": "V", "WA": "W"}
    pr = res.outcome.prizes.set_index("name")
    assert pr.loc["W", "note"] == "WA: best in WA: 12.00 (U2000)"
    assert pr.loc["V", "state"] == "VIC" and float(pr.loc["V", "value"]) == 50
    assert codes_for(res, "register-differs")


# ============================================================================ cl. 13(2)-(3): sections


def test_divisions_however_described_side_event_out_of_points_but_in_fee_cl5_cl7_cl13(tmp_path):
    """cl. 5(1)(d), 5(2)(d): "the divisions, however described"; Sections sheet (acf.md): "the organiser maps
    each section to a GP division"; ruling step 2: cascade Open, U2000, U1600, own, then the rest; "A section
    mapped to None (a side event) is left out entirely". cl. 7(2)(b): "$2.00 per player participating in the
    tournament" (acf.md: "all sections").

    Sections: Main → "Open", Low → "Under 1600", Ladies → "Women's", Blitz → "Side event" (= None).
    Class 1 (12, 9, 6, 4, 3), Sydney. Main: 1 A (ACF 2100), 2 B (ACF 1900). Low: 1 C (ACF 1500).
    Ladies: 1 E (ACF 1700, woman). Blitz: 1 D (ACF 1400, woman, born 1992: a junior).
    - Open (Main mapped): A 12, B 9.
    - U2000 (no U2000 section, cascade Main, Low, then rest Ladies; Blitz out): B 12, C 9, E 6.
    - U1600 (Low mapped): C 12 (E 1700 is in Ladies and not < 1600 anyway).
    - Women (Main, Low, own Ladies; Blitz out): E 12 — not D.  Junior: nobody (D only in the side event).
    - Fee: 5 players in all sections, side event included: 50 + 10 = 60.
    """
    results = [row("Main", 1, "A"), row("Main", 2, "B"), row("Low", 1, "C"), row("Ladies", 1, "E", sex="F"),
               row("Blitz", 1, "D", sex="F", born=1992)]
    sections = [["Main", "Open"], ["Low", "Under 1600"], ["Ladies", "Women's"], ["Blitz", "Side event"]]
    players = [reg("A", acf=2100), reg("B", acf=1900), reg("C", acf=1500), reg("E", acf=1700, sex="F"),
               reg("D", acf=1400, sex="F", born=1992)]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=1000, sections=sections)}, players)
    assert pts(res, "Open") == {"A": 12, "B": 9}
    assert pts(res, "U2000") == {"B": 12, "C": 9, "E": 6}
    assert pts(res, "U1600") == {"C": 12}
    assert pts(res, "Women") == {"E": 12}
    assert pts(res, "Junior") == {}
    t = res.outcome.tournaments.iloc[0]
    assert (int(t["players"]), int(t["fee"]), bool(t["concession"])) == (5, 60, False)


def test_two_u2000_sections_cascade_to_open_in_sections_sheet_order_cl13_2_ruling(tmp_path):
    """Ruling step 1: "if a section is mapped to D (cl. 13(2)), D's ranking list is that section's standings
    (several sections mapped to one division: concatenated in the order of the Sections sheet)"; step 2 for Open
    with no Open section: "Open, then U2000, then U1600 … each in its own place order, concatenated".

    Sections sheet order: Beta → U2000, Alpha → U2000, Gamma → U1600 (results list Alpha first).
    Class 1 (12, 9, 6, 4, 3). Beta: 1 b1 (ACF 1900), 2 b2 (ACF 1950). Alpha: 1 a1 (ACF 1800).
    Gamma: 1 c1 (ACF 1500), 2 c2 (ACF 1550), 3 c3 (ACF 1590).
    - U2000 (mapped, Beta then Alpha): b1 12, b2 9, a1 6 — the U1600 section is not in a mapped U2000 list.
    - Open (cascade Beta, Alpha, Gamma): b1 12, b2 9, a1 6, c1 4, c2 3; c3 6th → nothing.
    - U1600 (Gamma): c1 12, c2 9, c3 6.
    """
    results = [row("Alpha", 1, "a1"), row("Beta", 1, "b1"), row("Beta", 2, "b2"), row("Gamma", 1, "c1"),
               row("Gamma", 2, "c2"), row("Gamma", 3, "c3")]
    sections = [["Beta", "U2000"], ["Alpha", "U2000"], ["Gamma", "U1600"]]
    players = [reg("b1", acf=1900), reg("b2", acf=1950), reg("a1", acf=1800), reg("c1", acf=1500),
               reg("c2", acf=1550), reg("c3", acf=1590)]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=1000, sections=sections)}, players)
    assert pts(res, "U2000") == {"b1": 12, "b2": 9, "a1": 6}
    assert pts(res, "Open") == {"b1": 12, "b2": 9, "a1": 6, "c1": 4, "c2": 3}
    assert pts(res, "U1600") == {"c1": 12, "c2": 9, "c3": 6}


def test_state_prize_equal_best_scores_decided_by_count_back_cl8g_ruling(tmp_path):
    """cl. 8(g): the State prize goes to "the highest scoring player in each State that otherwise has no prize
    winner"; acf.md ruling: "'score' here is the player's highest score in any division"; ruling "equal scores":
    "For prize allocation the order among them is count-back: the higher best single result, then the higher
    second-best …; if still equal the prize list marks the prize as tied".

    Class 1 (12, 9, 6, 4, 3). L1, L2 (ACF 1800, NSW), Ann (ACF 1900, QLD), Zed (ACF 2100, QLD).
    T1 (Feb) and T2 (Mar): 1 L1, 2 L2, 3 Ann → Open and U2000 alike: L1 12, L2 9, Ann 6.  T3 (Apr): 1 Zed.
    Open: L1 24, L2 18, Ann 12 (6 + 6), Zed 12 (12). U2000: L1 24, L2 18, Ann 12 (6 + 6).
    Prizes: Open 1st 100 → L1 (NSW now has a winner). QLD: Ann and Zed both score 12; count-back: Zed's best
    result 12 > Ann's 6 → Zed, and the prize is not marked tied. (Ann comes first alphabetically and plays first.)
    """
    players = [reg("L1", acf=1800), reg("L2", acf=1800), reg("Ann", acf=1900, state="QLD"),
               reg("Zed", acf=2100, state="QLD")]
    trio = [row("", 1, "L1"), row("", 2, "L2"), row("", 3, "Ann", state="QLD")]
    tours = {"t1.xlsx": acf_tournament("T1", trio, prize_money=1000, start=D(2005, 2, 5)),
             "t2.xlsx": acf_tournament("T2", trio, prize_money=1000, start=D(2005, 3, 5)),
             "t3.xlsx": acf_tournament("T3", [row("", 1, "Zed", state="QLD")], prize_money=1000,
                                       start=D(2005, 4, 2))}
    res = season(tmp_path, tours, players, [["Open", 1, 100], ["State", 1, 50]])
    assert prize_map(res) == {("Open", 1): "L1"}
    assert state_prizes(res) == {"QLD": "Zed"}
    note = res.outcome.prizes.set_index("name").loc["Zed", "note"]
    assert note.startswith("QLD: best in QLD: 12.00") and "tied" not in note
