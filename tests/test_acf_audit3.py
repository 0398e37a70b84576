"""Third audit pass of the ACF circuit against shared/rules/acf.md (binding Rulings), the by-law
(shared/seeds/000_*.txt), README's ACF rules section and CONTRACT.md.

Every expected number is worked out by hand from the quoted text in the test's docstring, never taken from
gpcalc. This pass favours combinations the earlier passes did not try: a four-section tournament with every
kind of player at once (rating thresholds, FIDE-only, unrated, bare-year junior, women, side event) followed by
the whole default prize table and the State prize; ties straddling the 5th place with an ineligible member;
best-5 with shared thirds; the `Points` override beyond five places; sections mapped only to U2000/U1600.

Three defects found, fixed on 30 November: Junior and Women status were read per result row, so a birth or sex
given in one tournament and blank in another counted only where given (now one per player: identity.py); a
blank inside a Points override row moved the later points up one place (now an error at that cell).
"""

from __future__ import annotations

import datetime as dt

import pytest
from builders import ACF_REGISTER_HEAD, acf_tournament, prize_map, prize_row, pts, reg, row
from builders import acf_folder as folder_for
from builders import acf_season as season

from gpcalc.pipeline import compute

D = dt.date
REG = ACF_REGISTER_HEAD
# the default prize table `gpcalc new acf` writes (acf.md: "defaults ship with the template"), written out here
DEFAULT_PRIZES = [["Open", 1, 1000], ["Open", 2, 600], ["Open", 3, 400], ["Open", 4, 250], ["Open", 5, 150],
                  ["U2000", 1, 300], ["U2000", 2, 200], ["U2000", 3, 150], ["U2000", 4, 100],
                  ["U1600", 1, 300], ["U1600", 2, 200], ["U1600", 3, 150], ["U1600", 4, 100],
                  ["Junior", 1, 300], ["Junior", 2, 200], ["Junior", 3, 100],
                  ["Women", 1, 300], ["Unrated", 1, 200], ["State", 1, 100]]


# ============================================================================ helpers


def approx(d: dict[str, float]):
    return pytest.approx(d, abs=1e-9)


def state_prizes(res) -> dict[str, str]:
    pr = res.outcome.prizes
    pr = pr[pr["ranking"] == "State"]
    return {n.split(":")[0]: w for n, w in zip(pr["note"], pr["name"])}


# ============================================================================ one mixed season, every rule at once

MIXED_PLAYERS = [reg("GM", acf=2400), reg("F20", fide=2000, state="VIC"), reg("F19", fide=1999, state="QLD"),
                 reg("A1800", acf=1800, sex="F"), reg("A1999", acf=1999, state="VIC"),
                 reg("A2000", acf=2000, state="VIC"), reg("J1", acf=1700, born=1987, state="SA"),
                 reg("R1", acf=1599, state="WA"), reg("R2", acf=1600, state="VIC"), reg("R4", fide=1500),
                 reg("L1", acf=1900, sex="F", state="QLD"), reg("Bz", acf=1500, sex="F", state="NT")]
# U1 (junior, born 1990), R3 (woman, TAS) and L2 (woman, ACT) are not in the register: unrated (cl. 12(2))
MIXED_A = [row("Premier", 1, "GM"), row("Premier", 2, "F20", state="VIC"), row("Premier", "=3", "F19", state="QLD"),
           row("Premier", "=3", "U1", born=1990, pid=""), row("Premier", 5, "A1800", sex="F"),
           row("Premier", "=6", "A1999", state="VIC"), row("Premier", "=6", "A2000", state="VIC"),
           row("Premier", 8, "J1", born=1987, state="SA"),
           row("Reserves", 1, "R1", state="WA"), row("Reserves", 2, "R2", state="VIC"),
           row("Reserves", 3, "R3", sex="F", state="TAS", pid=""), row("Reserves", 4, "R4"),
           row("Ladies", 1, "L1", sex="F", state="QLD"), row("Ladies", 2, "L2", sex="F", state="ACT", pid=""),
           row("Blitz", 1, "Bz", sex="F", state="NT")]
MIXED_SECTIONS = [["Premier", "Open"], ["Reserves", "U1600"], ["Ladies", "Women"], ["Blitz", "None"]]
MIXED_B = [row("", 1, "F19", state="QLD"), row("", 2, "L1", sex="F", state="QLD"), row("", 3, "GM"),
           row("", 4, "R1", state="WA"), row("", 5, "U1", born=1990, pid="")]


@pytest.fixture(scope="module")
def mixed(tmp_path_factory):
    tours = {"a.xlsx": acf_tournament("A", MIXED_A, prize_money=2000, sections=MIXED_SECTIONS),
             "b.xlsx": acf_tournament("B", MIXED_B, prize_money=1000, state="WA", start=D(2005, 6, 4))}
    return season(tmp_path_factory.mktemp("mixed"), tours, MIXED_PLAYERS, DEFAULT_PRIZES)


def test_mixed_season_points_every_division_cl12_cl13(mixed):
    """cl. 12 table (acf.md): ACF-rated r → Open; U2000 iff r < 2000; U1600 iff r < 1600. FIDE-only r >= 2000 →
    Open only; FIDE-only r < 2000 → U2000 only, not Open. Unrated → Open and Unrated. Junior/Women if junior/woman.
    Ruling "one procedure": step 1 a mapped Open/U2000/U1600 uses its section; step 2 otherwise (always for
    Junior, Women, Unrated) Open, U2000, U1600 sections, then the section mapped to D, then the rest; a section
    mapped to None is left out; step 3 drop ineligible; step 4 first five score. Ruling "ties": same place, same
    section share the points of the positions they occupy in D's list. cl. 1 + ruling: born 1987 with no day in
    season 2005 → junior (with a warning).

    A — class 2 ($2000: 16, 12, 9, 6, 4), Sydney. Premier→Open, Reserves→U1600, Ladies→Women, Blitz→None.
      Premier: 1 GM (ACF 2400), 2 F20 (FIDE-only 2000), =3 F19 (FIDE-only 1999), =3 U1 (unrated junior),
               5 A1800 (ACF 1800, woman), =6 A1999 (ACF 1999), =6 A2000 (ACF 2000), 8 J1 (ACF 1700, born "1987").
      Reserves: 1 R1 (ACF 1599), 2 R2 (ACF 1600), 3 R3 (unrated woman), 4 R4 (FIDE-only 1500).
      Ladies: 1 L1 (ACF 1900, woman), 2 L2 (unrated woman).  Blitz: 1 Bz (ACF 1500, woman).
    - Open (Premier): GM 16, F20 12, U1 9 (F19 dropped: U1 alone at position 3, no sharing), A1800 6,
      A1999 + A2000 at positions 5–6: (4 + 0) / 2 = 2 each; J1 position 7 → 0.
    - U2000 (no U2000 section: Premier, then Reserves, then Ladies): F19 16 (alone of the =3 pair), A1800 12,
      A1999 9 (alone of the =6 pair; A2000 is not < 2000), J1 6, R1 4.
    - U1600 (Reserves): R1 16 (R2 1600 is not < 1600; R3 unrated; R4 FIDE-only).
    - Junior (Premier, Reserves, Ladies): U1 16, J1 12.
    - Women (Premier, Reserves, then Ladies — Blitz never): A1800 16, R3 12, L1 9, L2 6.
    - Unrated: U1 16, R3 12, L2 9.
    - Fee: 15 players in all sections (cl. 7(2)): 100 + 30 = 130; no concession.
    B — class 1 ($1000: 12, 9, 6, 4, 3), Perth (WA: concession), one section = an Open tournament (cl. 13(4)):
      1 F19, 2 L1, 3 GM, 4 R1, 5 U1.
    - Open: L1 12, GM 9, R1 6, U1 4 (F19 dropped). U2000: F19 12, L1 9, R1 6. U1600: R1 12. Junior: U1 12.
      Women: L1 12. Unrated: U1 12. Fee: 50 + 10 − 50 = 10.
    """
    res = mixed
    assert pts(res, "Open", "A") == {"GM": 16, "F20": 12, "U1": 9, "A1800": 6, "A1999": 2, "A2000": 2}
    assert pts(res, "U2000", "A") == {"F19": 16, "A1800": 12, "A1999": 9, "J1": 6, "R1": 4}
    assert pts(res, "U1600", "A") == {"R1": 16}
    assert pts(res, "Junior", "A") == {"U1": 16, "J1": 12}
    assert pts(res, "Women", "A") == {"A1800": 16, "R3": 12, "L1": 9, "L2": 6}
    assert pts(res, "Unrated", "A") == {"U1": 16, "R3": 12, "L2": 9}
    assert pts(res, "Open", "B") == {"L1": 12, "GM": 9, "R1": 6, "U1": 4}
    assert pts(res, "U2000", "B") == {"F19": 12, "L1": 9, "R1": 6}
    assert pts(res, "U1600", "B") == {"R1": 12}
    assert pts(res, "Junior", "B") == {"U1": 12}
    assert pts(res, "Women", "B") == {"L1": 12}
    assert pts(res, "Unrated", "B") == {"U1": 12}
    t = res.outcome.tournaments.set_index("name")
    assert {n: (int(t.loc[n, "class"]), int(t.loc[n, "players"]), int(t.loc[n, "fee"]), bool(t.loc[n, "concession"]))
            for n in ("A", "B")} == {"A": (2, 15, 130, False), "B": (1, 5, 10, True)}
    assert any(i.code == "junior-birth-year" and "J1" in i.message for i in res.issues)


def test_mixed_season_standings_default_prizes_and_state_prize_cl8_to_10_cl14(mixed):
    """cl. 14 (best five; here at most two results), the equal-scores ruling (equal totals share a rank;
    prizes by count-back, still equal → "coordinator to decide"), cl. 10 + ruling "allocation": prizes in
    descending value, equal values in the order Open, U2000, U1600, Unrated, Junior, Women, then place; each to
    the best-ranked player of the division without a prize. cl. 8(g) + rulings: after all others, each State
    without a winner → its highest-scoring player (any division) who won nothing; territories are States.

    Totals (A + B, from the test above):
    Open: GM 25, U1 13, F20 12 = L1 12 (count-back 12 vs 12: still equal), A1800 6 = R1 6, A1999 2 = A2000 2.
    U2000: F19 28, A1800 12, R1 10, A1999 9 = L1 9, J1 6.  U1600: R1 28.  Junior: U1 28, J1 12.
    Women: L1 21, A1800 16, R3 12, L2 6.  Unrated: U1 28, R3 12, L2 9.
    Default prize table, in allocation order:
      1000 Open 1st → GM.  600 Open 2nd → U1.  400 Open 3rd → F20 or L1 — tied, marked for the coordinator.
      300s (U2000 1, U1600 1, Junior 1, Women 1): F19; R1; Junior: U1 holds a prize → J1; Women: L1 if she did
      not take the Open 3rd (else A1800) — here the Open 3rd went to one of the tied pair, the Women 1st to the
      best woman left.
      250 Open 4th → next Open player without a prize.
      200s (U2000 2, U1600 2, Unrated 1, Junior 2): Unrated 1st → U1 holds a prize → R3; U1600 2nd and
      Junior 2nd: nobody left (R1; U1, J1 all hold prizes) → not awarded.
    State: NSW, VIC, QLD, WA, SA, TAS all hold a winner (GM; F20/A*; F19; R1; J1; R3). ACT: L2 — best score 9
    (Unrated) → ACT State prize. NT: Bz played only the side event → no points → no NT prize.
    """
    res = mixed
    s = res.outcome.standings
    op = s[s["ranking"] == "Open"]
    got = {n: (float(t), int(r)) for n, t, r in zip(op["name"], op["total"], op["rank"])}
    assert got == {"GM": (25, 1), "U1": (13, 2), "F20": (12, 3), "L1": (12, 3), "A1800": (6, 5), "R1": (6, 5),
                   "A1999": (2, 7), "A2000": (2, 7)}
    wm = s[s["ranking"] == "Women"]
    assert dict(zip(wm["name"], wm["total"].astype(float))) == {"L1": 21, "A1800": 16, "R3": 12, "L2": 6}
    won = prize_map(res)
    assert (won[("Open", 1)], won[("Open", 2)]) == ("GM", "U1")
    third = won[("Open", 3)]
    assert third in ("F20", "L1")
    other = {"F20": "L1", "L1": "F20"}[third]
    assert prize_row(res, "Open", 3)["note"] == f"tied with {other} — coordinator to decide (share or split)"
    assert (won[("U2000", 1)], won[("U1600", 1)], won[("Junior", 1)]) == ("F19", "R1", "J1")
    # the Women 1st goes to the best woman without a prize: L1 unless L1 took the Open 3rd
    assert won[("Women", 1)] == ("L1" if third == "F20" else "A1800")
    assert won[("Unrated", 1)] == "R3"
    assert won[("U1600", 2)] is None and won[("Junior", 2)] is None
    winners = [n for n in won.values() if n]
    assert len(winners) == len(set(winners))
    assert state_prizes(res) == {"ACT": "L2"}
    assert float(prize_row(res, "State", 1)["value"]) == 100


# ============================================================================ ties at the 5th place


@pytest.mark.parametrize("ties, expected", [
    ("share", {"A": 12, "B": 9, "C": 6, "D": 7 / 3, "E": 7 / 3, "G": 7 / 3}),
    ("order", {"A": 12, "B": 9, "C": 6, "D": 4, "E": 3}),
])
def test_tie_straddling_fifth_with_ineligible_member_thirds_cl13_ruling(tmp_path, ties, expected):
    """Ruling "ties": "the points of the positions they jointly occupy in D's list are added and divided
    equally … Points are kept exact (thirds included)"; step 3 drops ineligible players first; `Ties = order`:
    "the listed order is the tiebreak order". cl. 12(1)(b): FIDE-only under 2000 is not Open-eligible.

    Class 1 (12, 9, 6, 4, 3). Places: A 1, B 2, C 3, then a four-way =4: F (FIDE-only 1800), D, E, G; H 8.
    Everyone else ACF 2100.
    - share: Open list A, B, C, D, E, G (positions 4–6), H: D, E, G get (4 + 3 + 0) / 3 = 7/3 each; H nothing.
    - order: D 4, E 3, G (position 6) nothing.
    - U2000 either way: F alone in the list (the others are 2100) → 12.
    """
    names = ["A", "B", "C", "F", "D", "E", "G", "H"]
    places = [1, 2, 3, "=4", "=4", "=4", "=4", 8]
    players = [reg(n, acf=2100) for n in names if n != "F"] + [reg("F", fide=1800)]
    t = acf_tournament("T", [row("", p, n) for n, p in zip(names, places)], prize_money=1000)
    res = season(tmp_path, {"t.xlsx": t}, players, Ties=ties)
    assert pts(res, "Open") == approx(expected)
    assert pts(res, "U2000") == {"F": 12}


def test_points_override_beyond_five_places_and_ties_cl13_1_contract(tmp_path):
    """CONTRACT: "acf may use the same shape with Class to override the class table" (header `Class | 1 | 2 |
    …`, one row per class). Ruling "ties": points of the jointly occupied positions, shared.

    Points sheet: class 1 → 12, 9, 6, 4, 3, 2, 1 (seven places); classes 2 and 3 stay cl. 13(1).
    C1 (class 1): P1..P5 places 1–5, then =6 P6, P7, P8, then P9 9th → P6–P8 share positions 6–8:
      (2 + 1 + 0) / 3 = 1 each; P9 nothing.
    C3 (class 3, default 20, 15, 12, 9, 6): places 1–4, =5 P5 and P6 → (6 + 0) / 2 = 3 each; 7th on nothing.
    """
    names = [f"P{i}" for i in range(1, 10)]
    players = [reg(n, acf=2100) for n in names]
    t1 = acf_tournament("C1", [row("", p, n) for n, p in zip(names, [1, 2, 3, 4, 5, "=6", "=6", "=6", 9])],
                        prize_money=1000)
    t3 = acf_tournament("C3", [row("", p, n) for n, p in zip(names, [1, 2, 3, 4, "=5", "=5", 7, 8, 9])],
                        prize_money=3000, start=D(2005, 5, 7))
    res = season(tmp_path, {"a.xlsx": t1, "b.xlsx": t3}, players,
                 extra={"Points": [["Class", 1, 2, 3, 4, 5, 6, 7], [1, 12, 9, 6, 4, 3, 2, 1]]})
    assert pts(res, "Open", "C1") == approx({"P1": 12, "P2": 9, "P3": 6, "P4": 4, "P5": 3, "P6": 1, "P7": 1,
                                             "P8": 1})
    assert pts(res, "Open", "C3") == {"P1": 20, "P2": 15, "P3": 12, "P4": 9, "P5": 3, "P6": 3}


def test_points_override_blank_cell_inside_a_row_is_an_error_not_a_shift_contract(tmp_path):
    """CONTRACT: the Points sheet is "a header row Category | 1 | 2 | 3 | …, then one row per categoría with the
    points for each place (blank beyond the categoría). (acf may use the same shape with Class …)"; "Anything
    else is an error that names file, sheet, cell and the accepted forms".

    Row `1 | 12 | (blank) | 6 | 4 | 3`: the blank is under place 2, not beyond the last place, so it is not a
    valid override. Today it silently becomes 12, 6, 4, 3 (P2 gets 6, P5 gets 0). Expected: an error naming
    Points!C2 and nothing computed.
    """
    names = [f"P{i}" for i in range(1, 6)]
    t = acf_tournament("C1", [row("", i + 1, n) for i, n in enumerate(names)], prize_money=1000)
    folder = folder_for(tmp_path, {"t.xlsx": t}, [reg(n, acf=2100) for n in names],
                        extra={"Points": [["Class", 1, 2, 3, 4, 5], [1, 12, None, 6, 4, 3]]})
    res = compute(folder, use_cache=False)
    assert res.issues.has_errors()
    assert any(i.sheet == "Points" and i.cell == "C2" for i in res.issues.errors)


# ============================================================================ cascade with no Open section


def test_no_open_section_open_list_cascades_u2000_then_u1600_cl13_ruling(tmp_path):
    """Ruling step 2: "Otherwise [no section mapped to D] … D's ranking list is the sections in cascade order —
    Open, then U2000, then U1600, then any section mapped to D itself, then the rest"; "Extending the cascade to
    U2000/U1600 when no section is mapped to them is itself a ruling" and the ledger names it (acf.md preamble;
    README: "ACF 13(2)-(4) ruling"). cl. 12(1)(b), cl. 12(2).

    Class 1 (12, 9, 6, 4, 3). Sections Major → U2000, Minor → U1600 (no Open section).
    Major: 1 M1 (ACF 1900), 2 M2 (FIDE-only 1950), 3 M3 (unrated). Minor: 1 N1 (ACF 1500), 2 N2 (ACF 1650).
    - Open: Major then Minor, M2 dropped → M1 12, M3 9, N1 6, N2 4 (rule "ACF 13(2)-(4) ruling").
    - U2000 (Major, mapped): M1 12, M2 9 (M3 unrated) — rule ACF 13(2).
    - U1600 (Minor, mapped): N1 12 (N2 1650 not < 1600).
    - Unrated (Major, Minor): M3 12 — rule ACF 13(3).
    """
    results = [row("Major", 1, "M1"), row("Major", 2, "M2"), row("Major", 3, "M3", pid=""),
               row("Minor", 1, "N1"), row("Minor", 2, "N2")]
    t = acf_tournament("T", results, prize_money=1000, sections=[["Major", "U2000"], ["Minor", "U1600"]])
    res = season(tmp_path, {"t.xlsx": t}, [reg("M1", acf=1900), reg("M2", fide=1950), reg("N1", acf=1500),
                                           reg("N2", acf=1650)])
    assert pts(res, "Open") == {"M1": 12, "M3": 9, "N1": 6, "N2": 4}
    assert pts(res, "U2000") == {"M1": 12, "M2": 9}
    assert pts(res, "U1600") == {"N1": 12}
    assert pts(res, "Unrated") == {"M3": 12}
    led = res.outcome.ledger
    rules = {d: set(led.loc[led["ranking"] == d, "rule"]) for d in ("Open", "U2000", "U1600", "Unrated")}
    assert rules == {"Open": {"ACF 13(2)-(4) ruling"}, "U2000": {"ACF 13(2)"}, "U1600": {"ACF 13(2)"},
                     "Unrated": {"ACF 13(3)"}}


# ============================================================================ cl. 14 best five with thirds


def test_best_five_with_shared_thirds_and_equal_fifth_sixth_cl14(tmp_path):
    """cl. 14: "the total number of points scored by the player in that player's 5 best scoring tournaments";
    ruling "ties": shared points kept exact (thirds included).

    P's seven results: T1, T2 class 2 three-way =1 (P, X, Y): 37/3 each; T3, T4 class 3 =2 with one other
    after Z: (15 + 12)/2 = 13.5 each; T5, T6 class 1 wins: 12 each; T7 class 1 2nd: 9.
    Best five: 13.5 + 13.5 + 37/3 + 37/3 + 12 = 191/3 = 63.67; dropped: one 12 and the 9.
    """
    players = [reg(n, acf=2100) for n in ("P", "X", "Y", "Z")]
    tie3 = [row("", "=1", "P"), row("", "=1", "X"), row("", "=1", "Y")]
    tours = {
        "t1.xlsx": acf_tournament("T1", tie3, prize_money=2000, start=D(2005, 2, 5)),
        "t2.xlsx": acf_tournament("T2", tie3, prize_money=2000, start=D(2005, 3, 5)),
        "t3.xlsx": acf_tournament("T3", [row("", 1, "Z"), row("", "=2", "P"), row("", "=2", "X")],
                                  prize_money=3000, start=D(2005, 4, 2)),
        "t4.xlsx": acf_tournament("T4", [row("", 1, "Z"), row("", "=2", "P"), row("", "=2", "Y")],
                                  prize_money=3000, start=D(2005, 5, 7)),
        "t5.xlsx": acf_tournament("T5", [row("", 1, "P"), row("", 2, "Z")], prize_money=1000, start=D(2005, 6, 4)),
        "t6.xlsx": acf_tournament("T6", [row("", 1, "P"), row("", 2, "Z")], prize_money=1000, start=D(2005, 7, 2)),
        "t7.xlsx": acf_tournament("T7", [row("", 1, "X"), row("", 2, "P")], prize_money=1000, start=D(2005, 8, 6)),
    }
    res = season(tmp_path, tours, players)
    s = res.outcome.standings
    p = s[(s["ranking"] == "Open") & (s["name"] == "P")].iloc[0]
    assert float(p["total"]) == pytest.approx(191 / 3, abs=1e-9)
    led = res.outcome.ledger
    led = led[(led["ranking"] == "Open") & (led["name"] == "P")]
    assert len(led) == 7 and int(led["counted"].sum()) == 5
    assert sorted(float(v) for v in led.loc[~led["counted"].astype(bool), "points"]) == [9, 12]


def test_exact_thirds_tie_with_whole_points_shares_rank_and_prize_cl14_ruling(tmp_path):
    """Ruling "ties": points exact, thirds included; ruling "equal scores": equal scores share a rank; prizes by
    count-back (higher best single result, then second-best, …); still equal → "coordinator to decide".

    Class 2 (16, 12, 9, 6, 4). T0–T2: P, X, Y tie =1 three ways → 37/3 each, three times → 37 each.
    Q1: Q 1st (16), Z 2nd. Q2: Z 1st, Q 2nd (12). Q3: Z 1st, Z2 2nd, Q 3rd (9) → Q 37 = 16 + 12 + 9.
    Z: 12 + 16 + 16 = 44. Z2: 12.
    Open: Z 44 (1); Q, P, X, Y all 37 → rank =2 (3 × 37/3 must equal 37 exactly, no float residue).
    Count-back: Q (16, 12, 9) beats P, X, Y (12.33 ×3) → Open 2nd Q, the note naming the count-back. P, X, Y still equal → Open 3rd,
    4th, 5th go to them with the tie marked on each row.
    """
    players = [reg(n, acf=2100) for n in ("P", "Q", "X", "Y", "Z", "Z2")]
    tours = {f"t{i}.xlsx": acf_tournament(f"T{i}", [row("", "=1", n) for n in ("P", "X", "Y")], prize_money=2000,
                                          start=D(2005, 2 + i, 5)) for i in range(3)}
    tours["q1.xlsx"] = acf_tournament("Q1", [row("", 1, "Q"), row("", 2, "Z")], prize_money=2000,
                                      start=D(2005, 6, 4))
    tours["q2.xlsx"] = acf_tournament("Q2", [row("", 1, "Z"), row("", 2, "Q")], prize_money=2000,
                                      start=D(2005, 7, 2))
    tours["q3.xlsx"] = acf_tournament("Q3", [row("", 1, "Z"), row("", 2, "Z2"), row("", 3, "Q")],
                                      prize_money=2000, start=D(2005, 8, 6))
    prizes = [["Open", 1, 1000], ["Open", 2, 600], ["Open", 3, 400], ["Open", 4, 250], ["Open", 5, 150]]
    res = season(tmp_path, tours, players, prizes)
    s = res.outcome.standings
    op = s[s["ranking"] == "Open"]
    assert {n: int(r) for n, r in zip(op["name"], op["rank"])} == {"Z": 1, "Q": 2, "P": 2, "X": 2, "Y": 2,
                                                                   "Z2": 6}
    won = prize_map(res)
    assert (won[("Open", 1)], won[("Open", 2)]) == ("Z", "Q")
    # (the note names the count-back, and — 2 December, night — every player it put behind, not only the first)
    assert prize_row(res, "Open", 2)["note"] == ("equal total 37 with P, X, Y; decided by count-back (cl. 10): best "
                                                 "result: 16 > 12.33 (P), 16 > 12.33 (X), 16 > 12.33 (Y)")
    assert {won[("Open", p)] for p in (3, 4, 5)} == {"P", "X", "Y"}
    assert all("coordinator to decide" in prize_row(res, "Open", p)["note"] for p in (3, 4, 5))


# ============================================================================ cl. 10 equal values; cl. 8(g) order


def test_equal_300s_go_u2000_u1600_junior_women_in_that_order_cl10_ruling(tmp_path):
    """cl. 10 + ruling "allocation": "take the prizes in descending value (equal values: division order Open,
    U2000, U1600, Unrated, Junior, Women; then place)". Default table: U2000 1st, U1600 1st, Junior 1st and
    Women 1st are all 300; U2000 2nd, U1600 2nd, Unrated 1st, Junior 2nd all 200.

    Class 3 (20, 15, 12, 9, 6), places: O1–O5 (ACF 2100 adults), Z (ACF 1500, woman, born 1995),
    Y (ACF 1550, woman, born 1994), X (ACF 1580, adult man).
    Open: O1–O5. U2000 and U1600: Z 20, Y 15, X 12. Junior: Z 20, Y 15. Women: Z 20, Y 15.
    Open 1st–5th → O1–O5. 300s: U2000 1st → Z; U1600 1st → Y (Z holds one); Junior 1st and Women 1st → Z and Y
    both hold prizes → not awarded. 200s: U2000 2nd → X; U1600 2nd → nobody left; Junior 2nd → nobody.
    """
    names = ["O1", "O2", "O3", "O4", "O5"]
    players = [reg(n, acf=2100) for n in names] + [reg("Z", acf=1500, sex="F", born=1995),
                                                   reg("Y", acf=1550, sex="F", born=1994), reg("X", acf=1580)]
    results = [row("", i + 1, n) for i, n in enumerate(names)] + [
        row("", 6, "Z", sex="F", born=1995), row("", 7, "Y", sex="F", born=1994), row("", 8, "X")]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=3000)}, players, DEFAULT_PRIZES)
    won = prize_map(res)
    assert [won[("Open", p)] for p in range(1, 6)] == names
    assert (won[("U2000", 1)], won[("U1600", 1)], won[("Junior", 1)], won[("Women", 1)]) == ("Z", "Y", None, None)
    assert (won[("U2000", 2)], won[("U1600", 2)], won[("Junior", 2)]) == ("X", None, None)


def test_state_prize_worth_more_than_a_division_prize_still_comes_last_cl8g_ruling(tmp_path):
    """acf.md: "State prize (cl. 8(g)): after all other prizes, for each State that has no prize winner, the
    highest-scoring player of that State who has won nothing" — whatever its value.

    Class 1: A (NSW) 1st 12, B (VIC) 2nd 9. Prizes: Open 1st 100, State 500.
    Open 1st → A (NSW now has a winner, so no NSW State prize even though 500 > 100); VIC: B → State 500.
    """
    players = [reg("A", acf=2100), reg("B", acf=2100, state="VIC")]
    t = acf_tournament("T", [row("", 1, "A"), row("", 2, "B", state="VIC")], prize_money=1000)
    res = season(tmp_path, {"t.xlsx": t}, players, [["Open", 1, 100], ["State", 1, 500]])
    assert prize_map(res) == {("Open", 1): "A"}
    assert state_prizes(res) == {"VIC": "B"}


# ============================================================================ Junior / Women are the player's, not the row's


def test_junior_birth_known_from_another_tournament_counts_everywhere_cl1(tmp_path):
    """cl. 1: "'junior' means a person who is under 18 years of age at 1 January of the year in which the Grand
    Prix is held"; acf.md Players' attributes: "Junior (cl. 1): … date of birth > Y-18-01-01" — a property of
    the person for the whole season (only the organiser's optional Junior column may override it per
    tournament: here it is absent).

    Kid is in the register (ACF 1500, Born blank). T1 (class 1) row: Born 1995 → a junior. T2 (class 1) row:
    Born blank. Kid wins both: Junior 12 + 12 = 24 (today: 12, T2's Junior points go to nobody).
    """
    players = [["Kid", "Kid", "M", None, 1500, None, "NSW"], reg("Adult", acf=1500)]
    t1 = acf_tournament("T1", [row("", 1, "Kid", born=1995), row("", 2, "Adult")], prize_money=1000)
    t2 = acf_tournament("T2", [row("", 1, "Kid", born=None), row("", 2, "Adult")], prize_money=1000,
                        start=D(2005, 6, 4))
    res = season(tmp_path, {"a.xlsx": t1, "b.xlsx": t2}, players)
    assert pts(res, "Junior", "T1") == {"Kid": 12}
    assert pts(res, "Junior", "T2") == {"Kid": 12}


def test_woman_known_from_another_tournament_counts_everywhere_players_attributes(tmp_path):
    """acf.md Players' attributes: "Woman: sex F" — an attribute of the player (CONTRACT/README: identity fields
    are per player; the register wins over rows, and a blank cell is no disagreement).

    Wa is not in the register (unrated). T1 row: Sex F. T2 row: Sex blank. Class 1, Wa wins both; the other
    player is a man. Women: 12 in each tournament (today: 12 only in T1).
    """
    t1 = acf_tournament("T1", [row("", 1, "Wa", sex="F", pid=""), row("", 2, "Mo", pid="")], prize_money=1000)
    t2 = acf_tournament("T2", [row("", 1, "Wa", sex=None, pid=""), row("", 2, "Mo", pid="")], prize_money=1000,
                        start=D(2005, 6, 4))
    res = season(tmp_path, {"a.xlsx": t1, "b.xlsx": t2}, [reg("Z", acf=2100)])
    assert pts(res, "Women", "T1") == {"Wa": 12}
    assert pts(res, "Women", "T2") == {"Wa": 12}
