"""Second audit pass of the ACF circuit against shared/rules/acf.md (binding Rulings), the by-law
(shared/seeds/000_*.txt), README's ACF rules section and CONTRACT.md.

Every expected number is worked out by hand from the quoted text in the test's docstring, never taken from
gpcalc. Three tests found discrepancies, resolved on 30 November: the ledger now names the ruling that extends
the cascade to Open/U2000/U1600 ("ACF 13(2)-(4) ruling") and the bare-birth-year Junior ruling; and with no Prizes
sheet the README and warning now say what the code (and the rulebook's equal-value ruling) does.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from builders import acf_tournament, make_season, prize_map, prize_row, pts, reg, row

from gpcalc.pipeline import build, compute

D = dt.date
REG = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


# ============================================================================ helpers


def folder_for(tmp_path: Path, tournaments: dict, players: list | None = None, prizes: list | None = None,
               year: str = "2005", **settings) -> Path:
    sheets: dict = {"Players": [REG, *(players or [])]}
    if prizes is not None:
        sheets["Prizes"] = [["Division", "Place", "Value"], *prizes]
    return make_season(tmp_path, {"Circuit": "acf", "Season": year, **settings}, sheets=sheets,
                       tournaments=tournaments)


def season(tmp_path: Path, tournaments: dict, players: list | None = None, prizes: list | None = None,
           year: str = "2005", **settings):
    res = compute(folder_for(tmp_path, tournaments, players, prizes, year, **settings), use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    return res


def errors_of(tmp_path: Path, tournaments: dict, players: list | None = None, **settings):
    res = compute(folder_for(tmp_path, tournaments, players, **settings), use_cache=False)
    assert res.outcome is None
    return {(i.code, i.file, i.sheet, i.cell) for i in res.issues.errors}


def ledger_row(res, ranking: str, name: str, tournament: str | None = None):
    led = res.outcome.ledger
    sel = (led["ranking"] == ranking) & (led["name"] == name)
    if tournament is not None:
        sel &= led["tournament"] == tournament
    rows = led[sel]
    assert len(rows) == 1, rows
    return rows.iloc[0]


TWO = [row("", 1, "P"), row("", 2, "Q")]
TWO_REG = [reg("P", acf=2100), reg("Q", acf=2100)]


# ============================================================================ cl. 6: class from prize money as typed


def test_class_from_prize_money_as_typed_every_boundary_cl6(tmp_path):
    """cl. 6(2): "(a) Class 1 - less than $1500; (b) Class 2 - $1500 to $2499; (c) Class 3 - $2500 or more";
    acf.md: "Class 1 if M < 1500; Class 2 if 1500 <= M < 2500; Class 3 if M >= 2500". CONTRACT: values people
    really type must be read (thousands separators, a leading $).

    Each tournament: 2 players in Sydney (capital, NSW, no concession), so fee = base + 2·2 (cl. 7(2)) and
    1st place gets the class's 1st-place points (cl. 13(1): 12 / 16 / 20).

    | typed        | M        | class | fee         | 1st |
    | $1,499.99    | 1499.99  | 1     | 50+4 = 54   | 12  |
    | 1.499,99     | 1499.99  | 1     | 54          | 12  |
    | $1,500       | 1500     | 2     | 100+4 = 104 | 16  |
    | 1 500        | 1500     | 2     | 104         | 16  |
    | 1<NBSP>500   | 1500     | 2     | 104         | 16  |
    | $2,499       | 2499     | 2     | 104         | 16  |
    | 2 499,50     | 2499.5   | 2     | 104         | 16  |
    | $2,500.00    | 2500     | 3     | 150+4 = 154 | 20  |
    | AUD 2,500    | 2500     | 3     | 154         | 20  |
    | 2500 AUD     | 2500     | 3     | 154         | 20  |
    """
    cases = [("$1,499.99", 1499.99, 1, 54, 12), ("1.499,99", 1499.99, 1, 54, 12), ("$1,500", 1500, 2, 104, 16),
             ("1 500", 1500, 2, 104, 16), ("1\u00a0500", 1500, 2, 104, 16), ("$2,499", 2499, 2, 104, 16),
             ("2 499,50", 2499.5, 2, 104, 16), ("$2,500.00", 2500, 3, 154, 20), ("AUD 2,500", 2500, 3, 154, 20),
             ("2500 AUD", 2500, 3, 154, 20)]
    tours = {f"t{i}.xlsx": acf_tournament(f"T{i}", TWO, prize_money=typed, start=D(2005, 2, 1) + dt.timedelta(i * 7))
             for i, (typed, *_) in enumerate(cases)}
    res = season(tmp_path, tours, TWO_REG)
    t = res.outcome.tournaments.set_index("name")
    for i, (typed, money, cls, fee, first) in enumerate(cases):
        name = f"T{i}"
        got = (float(t.loc[name, "prize_money"]), int(t.loc[name, "class"]), int(t.loc[name, "fee"]),
               pts(res, "Open", name)["P"])
        assert got == (money, cls, fee, first), typed


@pytest.mark.parametrize("typed, code", [(None, "blank"), ("", "blank"), ("A$2,500", "bad-value"),
                                         ("2500 + trophy", "bad-value")])
def test_prize_money_blank_or_unreadable_is_an_error_naming_the_cell_cl6(tmp_path, typed, code):
    """cl. 5(2)(c) / cl. 6: the class depends on "the total amount of prize money", a required setting. A blank,
    or text gpcalc cannot read as one amount (cl. 6(3): trophies are not money), must be an error naming
    Tournament!B7 (the 6th setting of the builder's Tournament sheet) — never a silent class 1."""
    errs = errors_of(tmp_path, {"t.xlsx": acf_tournament("T", TWO, prize_money=typed)}, TWO_REG)
    assert (code, "t.xlsx", "Tournament", "B7") in errs


# ============================================================================ cl. 7(4): capital-city rule


def test_capital_city_concession_aliases_and_territory_names_cl7_4(tmp_path):
    """cl. 7(4): "The fee payable for a tournament played - (a) outside a State capital city; or (b) in
    Tasmania, South Australia, Western Australia or the Northern Territory is to be $50.00 less". Ruling:
    territories count as States (Canberra is a capital city). Settings are matched case-insensitively
    (CONTRACT); `Capital` is an alias; Yes/No as Y/N; State by full name.

    Class 1 ($1000), 2 players: cl. 7(2) total = 50 + 2·2 = 54.
    - Ballarat (VIC, Capital city = N): outside a capital → 54 − 50 = 4, concession.
    - Brisbane (QLD, setting `Capital` = Y): capital, QLD not listed → 54, no concession.
    - Tuggeranong ("Australian Capital Territory", No): outside Canberra → 4, concession.
    - Melbourne ("Victoria", setting `capital  CITY` = yes): 54, no concession.
    """
    def book(name, state, cap, key="Capital city"):
        b = acf_tournament(name, TWO, prize_money=1000, state=state, capital=cap)
        b["Tournament"][key] = b["Tournament"].pop("Capital city")
        return b

    tours = {"a.xlsx": book("Ballarat", "VIC", "N"), "b.xlsx": book("Brisbane", "QLD", "Y", key="Capital"),
             "c.xlsx": book("Tuggeranong", "Australian Capital Territory", "No"),
             "d.xlsx": book("Melbourne", "Victoria", "yes", key="capital  CITY")}
    res = season(tmp_path, tours, TWO_REG)
    t = res.outcome.tournaments.set_index("name")
    got = {n: (t.loc[n, "state"], int(t.loc[n, "fee"]), bool(t.loc[n, "concession"])) for n in t.index}
    assert got == {"Ballarat": ("VIC", 4, True), "Brisbane": ("QLD", 54, False),
                   "Tuggeranong": ("ACT", 4, True), "Melbourne": ("VIC", 54, False)}


def test_capital_city_blank_is_an_error_cl7_4(tmp_path):
    """cl. 7(4) decides the fee on "outside a State capital city"; `Capital city` is a required setting
    (CONTRACT), so a blank is an error naming Tournament!B6 — not a silent "Yes" or "No"."""
    errs = errors_of(tmp_path, {"t.xlsx": acf_tournament("T", TWO, capital=None)}, TWO_REG)
    assert ("blank", "t.xlsx", "Tournament", "B6") in errs


# ============================================================================ cl. 4, 5: deadlines and consequences


def test_deadlines_leap_year_after_start_cross_year_and_consequences_cl4_cl5(tmp_path):
    """cl. 4(1): registered "no later than three months before the date on which the tournament is to begin";
    acf.md: "the start date minus three calendar months". Season 2008 (a leap year), start 31 May 2008 →
    limit 29 Feb 2008 (31 Feb does not exist).
    - "OnLimit" registered 29 Feb 2008: in time, but after 31 Dec 2007 → informational `registered-in-season`.
    - "DayLate" registered 1 Mar 2008 → `registered-late` warning.
    - "AfterStart" registered 1 Jun 2008 (after it began) → `registered-late` warning.
    - "Unapproved": Approved = N, Restricted = Y (cl. 4(2), 4(3): "must be approved", "must be open to all")
      → `not-approved` and `restricted` warnings, both in its warnings column.
    - "CrossYear" 30 Dec 2007 – 2 Jan 2008: "Tournament dates outside year Y" → `outside-season`.
    Consequence (acf.md): "A tournament that fails a check still counts (the coordinator decides) unless its
    Tournament sheet says Counts = No". So each of these five awards the class-1 points P 12, Q 9.
    - "Dropped": Counts = N (Y/N accepted) → listed with "Counts = No" in its warnings, awards nothing.
    """
    base = dict(prize_money=1000, start=D(2008, 5, 31), end=D(2008, 6, 1))
    tours = {
        "a.xlsx": acf_tournament("OnLimit", TWO, Registered=D(2008, 2, 29), **base),
        "b.xlsx": acf_tournament("DayLate", TWO, Registered=D(2008, 3, 1), **base),
        "c.xlsx": acf_tournament("AfterStart", TWO, Registered=D(2008, 6, 1), **base),
        "d.xlsx": acf_tournament("Unapproved", TWO, Registered=D(2007, 12, 1), Approved="N", Restricted="Y",
                                 prize_money=1000, start=D(2008, 8, 2)),
        "e.xlsx": acf_tournament("CrossYear", TWO, Registered=D(2007, 9, 1), prize_money=1000,
                                 start=D(2007, 12, 30), end=D(2008, 1, 2)),
        "f.xlsx": acf_tournament("Dropped", TWO, Registered=D(2007, 12, 1), Counts="N", prize_money=1000,
                                 start=D(2008, 9, 6)),
    }
    res = season(tmp_path, tours, TWO_REG, year="2008")
    got: dict[str, set] = {}
    for i in res.issues:
        for name in ("OnLimit", "DayLate", "AfterStart", "Unapproved", "CrossYear", "Dropped"):
            if i.text().find(f"{name}: ") >= 0:
                got.setdefault(name, set()).add((i.code, i.severity))
    assert got == {"OnLimit": {("registered-in-season", "info")},
                   "DayLate": {("registered-late", "warning")},
                   "AfterStart": {("registered-late", "warning")},
                   "Unapproved": {("not-approved", "warning"), ("restricted", "warning")},
                   "CrossYear": {("outside-season", "warning")}}
    t = res.outcome.tournaments.set_index("name")
    assert "not approved by its State Association (cl. 4(2))" in t.loc["Unapproved", "warnings"]
    assert "restricted entry, not open to all (cl. 4(3))" in t.loc["Unapproved", "warnings"]
    assert "later than" not in t.loc["OnLimit", "warnings"]
    assert "(2008-02-29, cl. 4(1))" in t.loc["DayLate", "warnings"]
    for name in ("OnLimit", "DayLate", "AfterStart", "Unapproved", "CrossYear"):
        assert pts(res, "Open", name) == {"P": 12, "Q": 9}, name
    assert not bool(t.loc["Dropped", "counts"]) and "Counts = No" in t.loc["Dropped", "warnings"]
    assert pts(res, "Open", "Dropped") == {}


# ============================================================================ cl. 8(g), cl. 9, 10: prizes; States sheet

# One class-3 single-section tournament (20, 15, 12, 9, 6), places 1..10:
STATE_FIELD = [("A", "NSW", 2100, "M"), ("X", "OS", 2100, "M"), ("V1", "VIC", 2100, "M"), ("S1", "SA", 2100, "M"),
               ("Y", None, 2100, "M"), ("N2", "NSW", 1900, "M"), ("W2", "WA", 1900, "M"), ("S2", "SA", 1500, "M"),
               ("W1", "WA", 2100, "F"), ("T1", "TAS", 2100, "M")]


@pytest.fixture(scope="module")
def state_season(tmp_path_factory):
    players = [reg(n, acf=r, sex=s, state=st) for n, st, r, s in STATE_FIELD]
    results = [["", i + 1, n, n, None, None, None] for i, (n, *_) in enumerate(STATE_FIELD)]
    prizes = [["Open", 1, 1000], ["Open", 2, 600], ["Women", 1, 300], ["State", 1, 100]]
    return season(tmp_path_factory.mktemp("state"), {"t.xlsx": acf_tournament("T", results, prize_money=3000)},
                  players, prizes)


def test_state_prize_winner_states_no_eligible_player_and_best_division_cl8g(state_season):
    """cl. 8(g): "a State prize awarded to the highest scoring player in each State that otherwise has no prize
    winner"; acf.md: "after all other prizes, for each State that has no prize winner, the highest-scoring player
    of that State who has won nothing. Ruling: 'score' here is the player's highest score in any division";
    "A player with no State or from overseas cannot win a State prize".

    Class 3, places 1..10: A(NSW 2100), X(OS 2100), V1(VIC 2100), S1(SA 2100), Y(no State 2100), N2(NSW 1900),
    W2(WA 1900), S2(SA 1500), W1(WA, woman 2100), T1(TAS 2100).
    - Open: A 20, X 15, V1 12, S1 9, Y 6. U2000 (2100s skipped): N2 20, W2 15, S2 12. U1600: S2 20. Women: W1 20.
    - Prizes (1000, 600, 300): Open 1st A, Open 2nd X (overseas players may win division prizes), Women 1st W1.
    - NSW: A holds a prize → no State prize, though N2 (20 in U2000) won nothing.
    - WA: W1 holds a prize → none, though W2 (15) won nothing.
    - VIC: V1 (12). SA: S2 — best score 20 (U1600) beats S1's 9 (Open).
    - TAS: T1 played but scored nothing in any division → no TAS prize (no one with a score).
    - X (OS) and Y (no State) never. QLD, ACT, NT: no players.
    """
    res = state_season
    assert prize_map(res) == {("Open", 1): "A", ("Open", 2): "X", ("Women", 1): "W1"}
    pr = res.outcome.prizes
    state = pr[pr["ranking"] == "State"]
    assert {n.split(":")[0]: w for n, w in zip(state["note"], state["name"])} == {"VIC": "V1", "SA": "S2"}
    sa = state[state["name"] == "S2"].iloc[0]
    assert sa["note"] == "SA: best in SA: 20.00 (U1600)" and sa["rule"] == "ACF cl. 8(g)"
    assert float(sa["value"]) == 100


def test_states_sheet_counts_players_with_points_and_winners_readme_ruling(state_season):
    """README ruling: "The States sheet / JSON clubs for ACF: the by-law gives no State score, so total is the
    number of the State's players with Grand Prix points (a count, not points), with the number of prize
    winners beside it"; acf.md: players "with no State or from overseas" rank in no State.

    From the season above (points: A, X, V1, S1, Y in Open; N2, W2, S2 in U2000; S2 in U1600; W1 in Women):
    - NSW: A, N2 → 2 (winners: A = 1).  SA: S1, S2 (S2 in two divisions, counted once) → 2 (S2 State = 1).
    - WA: W2, W1 → 2 (W1 = 1).  VIC: V1 → 1 (V1 State = 1).  TAS: T1 has no points → not listed.
    - X (OS) and Y (none): not in any State.
    Ranks: NSW, SA, WA share 1st (=1); VIC 4th.
    """
    c = state_season.outcome.clubs
    got = {cl: (int(r), bool(t), int(tot), int(w)) for cl, r, t, tot, w in
           zip(c["club"], c["rank"], c["tied"], c["total"], c["winners"])}
    assert got == {"NSW": (1, True, 2, 1), "SA": (1, True, 2, 1), "WA": (1, True, 2, 1), "VIC": (4, False, 1, 1)}
    assert set(c["ranking"]) == {"State"}


def test_equal_prize_values_go_in_division_order_open_before_u2000_cl10_ruling(tmp_path):
    """cl. 10: "A player may win one prize only, being the prize of the highest value"; ruling: "take the prizes
    in descending value (equal values: division order Open, U2000, U1600, Unrated, Junior, Women; then place)".

    Class 3, places 1..6: P1, P2, P3 (ACF 2100), X (ACF 1500), P5 (ACF 1800), P6 (ACF 1500).
    Open: P1 20, P2 15, P3 12, X 9, P5 6. U2000: X 20, P5 15, P6 12. U1600: X 20, P6 15.
    Prizes: Open 1st 1000, 2nd 600, 3rd 400, 4th 250; U2000 1st 250; U1600 1st 250.
    1000 → P1, 600 → P2, 400 → P3; then the three 250s in division order: Open 4th → X; U2000 1st → X has a
    prize → P5; U1600 1st → X has a prize → P6. (Had U2000 gone first: X U2000 1st, Open 4th P5.)
    """
    names = ["P1", "P2", "P3", "X", "P5", "P6"]
    ratings = [2100, 2100, 2100, 1500, 1800, 1500]
    players = [reg(n, acf=r) for n, r in zip(names, ratings)]
    prizes = [["U1600", 1, 250], ["U2000", 1, 250], ["Open", 4, 250], ["Open", 3, 400], ["Open", 2, 600],
              ["Open", 1, 1000]]  # listed in a scrambled order on purpose
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", [row("", i + 1, n) for i, n in enumerate(names)],
                                                     prize_money=3000)}, players, prizes)
    assert pts(res, "U2000") == {"X": 20, "P5": 15, "P6": 12} and pts(res, "U1600") == {"X": 20, "P6": 15}
    assert prize_map(res) == {("Open", 1): "P1", ("Open", 2): "P2", ("Open", 3): "P3", ("Open", 4): "X",
                              ("U2000", 1): "P5", ("U1600", 1): "P6"}
    assert "X (already wins Open 4th)" in prize_row(res, "U2000", 1)["passed_over"]


def test_tie_for_the_last_open_prize_is_marked_for_the_coordinator_cl10_ruling(tmp_path):
    """Ruling "equal scores": "For prize allocation the order among them is count-back …; if still equal the
    prize list marks the prize as 'tied — coordinator to decide (share or split)', never silently".
    Ties ruling: "=5" for two in class 3 → (6 + 0) / 2 = 3 each.

    Places 1, 2, 3, 4, =5, =5 (all ACF 2100): P5 and P6 have 3 each from one result: total 3, count-back 3 vs 3
    — still equal. Prizes Open 1st–5th: the 5th goes to one of them and names the other as tied.
    """
    names = ["P1", "P2", "P3", "P4", "P5", "P6"]
    players = [reg(n, acf=2100) for n in names]
    prizes = [["Open", 1, 1000], ["Open", 2, 600], ["Open", 3, 400], ["Open", 4, 250], ["Open", 5, 150]]
    results = [row("", p, n) for n, p in zip(names, [1, 2, 3, 4, "=5", "=5"])]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=3000)}, players, prizes)
    assert pts(res, "Open") == {"P1": 20, "P2": 15, "P3": 12, "P4": 9, "P5": 3, "P6": 3}
    fifth = prize_row(res, "Open", 5)
    other = {"P5": "P6", "P6": "P5"}[fifth["name"]]
    assert fifth["note"] == f"tied with {other} — coordinator to decide (share or split)"
    assert all(prize_row(res, "Open", p)["note"] == "" for p in (1, 2, 3, 4))


def test_a_tie_across_two_prizes_is_marked_on_both_rows_cl10_ruling(tmp_path):
    """Ruling "equal scores": a tie still equal after count-back is marked "tied — coordinator to decide (share
    or split)", never silently. Places =1, =1 (class 3: (20 + 15) / 2 = 17.5 each), 3: the two share the
    Open 1st and 2nd — one decision, so both prize rows name it (the 2nd said nothing until 30 November)."""
    names = ["P1", "P2", "P3"]
    players = [reg(n, acf=2100) for n in names]
    prizes = [["Open", 1, 1000], ["Open", 2, 600], ["Open", 3, 400]]
    results = [row("", p, n) for n, p in zip(names, ["=1", "=1", 3])]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=3000)}, players, prizes)
    assert pts(res, "Open") == {"P1": 17.5, "P2": 17.5, "P3": 12}
    first, second = prize_row(res, "Open", 1), prize_row(res, "Open", 2)
    assert {first["name"], second["name"]} == {"P1", "P2"}
    assert first["note"] == f"tied with {second['name']} — coordinator to decide (share or split)"
    assert second["note"] == (f"tied with {first['name']} (who takes the Open 1st) — coordinator to decide "
                              "(share or split)")
    assert prize_row(res, "Open", 3)["note"] == ""


def test_tie_partner_holding_a_higher_prize_leaves_no_tie_on_the_lower_cl10(tmp_path):
    """cl. 10 and the equal-scores ruling. W1, W2, W3 (women, ACF 2100), two class-3 events:
    T1: W1 1st 20, W2 2nd 15, W3 3rd 12;  T2: W2 1st 20, W1 2nd 15, W3 3rd 12.
    Open = Women: W1 35 (20, 15), W2 35 (20, 15), W3 24 — W1 and W2 equal after count-back.
    Prizes: Open 1st 1000 → one of W1/W2, marked "tied with <other> — coordinator to decide"; Women 1st 300
    → the other one (the first holds a prize, so nobody is level with her for this prize: no tie note).
    """
    names = ["W1", "W2", "W3"]
    players = [reg(n, acf=2100, sex="F") for n in names]
    tours = {"a.xlsx": acf_tournament("T1", [row("", i + 1, n, "F") for i, n in enumerate(names)],
                                      prize_money=3000, start=D(2005, 3, 5)),
             "b.xlsx": acf_tournament("T2", [row("", i + 1, n, "F") for i, n in enumerate(["W2", "W1", "W3"])],
                                      prize_money=3000, start=D(2005, 4, 2))}
    res = season(tmp_path, tours, players, [["Open", 1, 1000], ["Women", 1, 300]])
    assert pts(res, "Women") == {"W1": 35, "W2": 35, "W3": 24}
    first = prize_row(res, "Open", 1)
    other = {"W1": "W2", "W2": "W1"}[first["name"]]
    assert first["note"] == f"tied with {other} — coordinator to decide (share or split)"
    women = prize_row(res, "Women", 1)
    assert women["name"] == other and women["note"] == ""


def test_no_prize_table_allocates_in_the_equal_value_order_readme_ruling(tmp_path):
    """acf.md prize ruling: "take the prizes in descending value (equal values: division order Open, U2000, U1600,
    Unrated, Junior, Women; then place)". Without a Prizes sheet every prize has no amount — all equal — so they go
    out in that order (README; the warning says so). (The README and warning said "the cl. 9 order" — Open, U2000,
    U1600, Junior, Women, Unrated — until 30 November; the code followed the ruling.)

    Class 3, places 1..7: P1–P5 (ACF 2100), Un (unrated — not in the register —, born 1995), Jr (ACF 2100,
    born 1995). Open: P1–P5. Junior: Un 20, Jr 15. Unrated: Un 20. Nothing in U2000 / U1600 / Women.
    Equal-value order: Open 1st–5th → P1–P5; Unrated 1st → Un; Junior 1st → Jr (Un holds a prize); Junior 2nd →
    nobody left → not awarded.
    """
    names = ["P1", "P2", "P3", "P4", "P5"]
    players = [reg(n, acf=2100) for n in names] + [reg("Jr", acf=2100, born=1995)]
    results = [row("", i + 1, n) for i, n in enumerate(names)] + [row("", 6, "Un", born=1995, pid=""),
                                                                   row("", 7, "Jr", born=1995)]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=3000)}, players)
    assert any(i.code == "no-prize-table" and "Open, U2000, U1600, Unrated, Junior, Women" in i.message
               for i in res.issues)
    assert pts(res, "Junior") == {"Un": 20, "Jr": 15} and pts(res, "Unrated") == {"Un": 20}
    won = prize_map(res)
    assert (won[("Unrated", 1)], won[("Junior", 1)], won.get(("Junior", 2))) == ("Un", "Jr", None)


# ============================================================================ cl. 13(2)-(3): Women and Unrated cascades


def test_unrated_and_women_cascade_through_mapped_sections_cl13_3(tmp_path):
    """cl. 13(3): "For junior, women's and unrated categories, points will be awarded starting with the Open
    division and cascading down through U2000 and U1600 until 1st to 5th points have been allocated"; ruling
    step 2: "Open, then U2000, then U1600, then any section mapped to D itself, then the rest … A section mapped
    to None (a side event) is left out entirely"; step 3: ineligible players dropped; cl. 12(2): unrated =
    not on either list (here: not in the register).

    Class 1 ($1000: 12, 9, 6, 4, 3). Sections: Open→Open, Minor→U1600, Newcomers→Unrated, Lightning→None.
    Open: 1 A (ACF 2100), 2 U1 (unrated), 3 B (ACF 1900), 4 U2 (unrated, F).
    Minor: 1 C (ACF 1500, F), 2 U3 (unrated), 3 F1 (FIDE-only 1700).
    Newcomers: 1 U4, 2 U5 (F), 3 U6 (all unrated).  Lightning: 1 U7 (unrated, F).
    - Unrated list: U1, U2 | U3 | U4, U5, U6 → U1 12, U2 9, U3 6, U4 4, U5 3 (U6 6th; U7 side event).
    - Women list: U2 | C | (rest) U5 → U2 12, C 9, U5 6 (U7 side event: nothing).
    - Open (mapped, cl. 13(2)): A 12, U1 9, B 6, U2 4 — Newcomers' unrated players get no Open points.
    - U2000 (not mapped: cascade): B | C, F1 (FIDE-only < 2000, cl. 12(1)(b)) → B 12, C 9, F1 6.
    - U1600 (mapped Minor): C 12 (U3 unrated, F1 FIDE-only: not eligible).
    Fee: 11 players in all sections: 50 + 22 = 72.
    """
    results = [row("Open", 1, "A"), row("Open", 2, "U1", pid=""), row("Open", 3, "B"),
               row("Open", 4, "U2", "F", pid=""),
               row("Minor", 1, "C", "F"), row("Minor", 2, "U3", pid=""), row("Minor", 3, "F1"),
               row("Newcomers", 1, "U4", pid=""), row("Newcomers", 2, "U5", "F", pid=""),
               row("Newcomers", 3, "U6", pid=""), row("Lightning", 1, "U7", "F", pid="")]
    sections = [["Open", "Open"], ["Minor", "U1600"], ["Newcomers", "Unrated"], ["Lightning", "None"]]
    players = [reg("A", acf=2100), reg("B", acf=1900), reg("C", acf=1500, sex="F"), reg("F1", fide=1700)]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=1000, sections=sections)}, players)
    assert pts(res, "Unrated") == {"U1": 12, "U2": 9, "U3": 6, "U4": 4, "U5": 3}
    assert pts(res, "Women") == {"U2": 12, "C": 9, "U5": 6}
    assert pts(res, "Open") == {"A": 12, "U1": 9, "B": 6, "U2": 4}
    assert pts(res, "U2000") == {"B": 12, "C": 9, "F1": 6}
    assert pts(res, "U1600") == {"C": 12}
    assert pts(res, "Junior") == {}
    led = res.outcome.ledger
    # positions within the cascade Open → U2000 → U1600 are cl. 13(3)'s; those past it (Newcomers) are the ruling's
    rules = {(k, n): r for k, n, r in zip(led["ranking"], led["name"], led["rule"]) if k in ("Unrated", "Women")}
    assert rules == {("Unrated", "U1"): "ACF 13(3)", ("Unrated", "U2"): "ACF 13(3)", ("Unrated", "U3"): "ACF 13(3)",
                     ("Unrated", "U4"): "ACF 13(3) + ruling", ("Unrated", "U5"): "ACF 13(3) + ruling",
                     ("Women", "U2"): "ACF 13(3)", ("Women", "C"): "ACF 13(3)", ("Women", "U5"): "ACF 13(3) + ruling"}
    u4 = led.loc[(led["ranking"] == "Unrated") & (led["name"] == "U4"), "detail"].iloc[0]
    assert "past the cascade Open → U2000 → U1600 of cl. 13(3)" in u4 and "ruling on cl. 13(2)–(4)" in u4
    assert set(led.loc[led["ranking"].isin(["Open", "U1600"]), "rule"]) == {"ACF 13(2)"}
    assert int(res.outcome.tournaments.iloc[0]["fee"]) == 72


# ============================================================================ cl. 1: junior at 1 January, full dates


def test_junior_boundary_full_dates_as_typed_season_2010_cl1(tmp_path):
    """cl. 1: "'junior' means a person who is under 18 years of age at 1 January of the year in which the Grand
    Prix is held"; acf.md: "date of birth > Y-18-01-01 (born exactly on 1 January Y-18 turns 18 that day: not a
    junior)". Season 2010 → boundary 1 January 1992. Dates as typed (CONTRACT: "1/3/2004 (day first)",
    "2004-03-01", Excel dates).

    Class 3 single section, places 1..6: N1 "1/1/1992" (18 that day: no), J1 "2/1/1992" (2 Jan: yes),
    N2 "31/12/1991" (no), J2 Excel 2 Jan 1992 (yes), N3 Excel 1 Jan 1992 (no), J3 "1992-06-30" (yes).
    Junior list: J1 20, J2 15, J3 12. Full dates: no `junior-birth-year` warning.
    """
    entries = [("N1", "1/1/1992"), ("J1", "2/1/1992"), ("N2", "31/12/1991"), ("J2", D(1992, 1, 2)),
               ("N3", D(1992, 1, 1)), ("J3", "1992-06-30")]
    results = [row("", i + 1, n, born=b, pid="") for i, (n, b) in enumerate(entries)]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=3000, start=D(2010, 3, 6),
                                                     Registered=D(2009, 10, 1))}, year="2010")
    assert pts(res, "Junior") == {"J1": 20, "J2": 15, "J3": 12}
    assert not any(i.code == "junior-birth-year" for i in res.issues)


# ============================================================================ Ties = order


def test_ties_order_across_fifth_and_setting_spelling_cl13_ruling(tmp_path):
    """Ruling "ties": "Configurable: Ties = share (default) or Ties = order (the listed order is the tiebreak
    order)"; setting values matched case-insensitively (CONTRACT). acf.md preamble: a ruling that changes a
    number is named in the ledger's explanation column.

    Class 3, places 1, 2, 3, 4, =5, =5, =5, 8 (P1..P8), `Ties = Order`:
    the listed order decides → P1 20, P2 15, P3 12, P4 9, P5 6 (list position 5); P6, P7 (positions 6, 7) and
    P8 nothing. (With share it would be 6 / 3 = 2 each for P5–P7.) P5's detail names the ruling.
    """
    names = [f"P{i}" for i in range(1, 9)]
    results = [row("", p, n) for n, p in zip(names, [1, 2, 3, 4, "=5", "=5", "=5", 8])]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=3000)},
                 [reg(n, acf=2100) for n in names], Ties="Order")
    assert pts(res, "Open") == {"P1": 20, "P2": 15, "P3": 12, "P4": 9, "P5": 6}
    assert ledger_row(res, "Open", "P5")["detail"] == \
        "class 3; Open list position 5 (place =5); tied, Ties = order: the listed order decides → 6"
    assert dict(res.outcome.summary)["Ties"].startswith("order")


def test_ties_setting_unknown_value_is_an_error_cl13_ruling(tmp_path):
    """Ties is `share` or `order` only; 'split' is an error naming Season!B4 (Circuit B2, Season B3, Ties B4)."""
    errs = errors_of(tmp_path, {"t.xlsx": acf_tournament("T", TWO)}, TWO_REG, Ties="split")
    assert ("bad-value", "season.xlsx", "Season", "B4") in errs


# ============================================================================ one player in two sections


def test_player_in_two_counting_sections_is_an_error_and_nothing_is_written_readme_ruling(tmp_path):
    """README ruling: "A player twice in one tournament (also in two sections …) is an error: one workbook row
    per player"; CONTRACT: exit status 1 "the input has errors (nothing written …)".

    B plays in Open (row 3) and in Minor (row 4): error at Results!C4. "C" and "c" (no IDs) in Minor are the
    same name: error at Results!C6. Nothing is written.
    """
    results = [row("Open", 1, "A"), row("Open", 2, "B"), row("Minor", 1, "B"), row("Minor", 2, "C", pid=""),
               row("Minor", 3, "c", pid="")]
    t = acf_tournament("T", results, prize_money=1000, sections=[["Open", "Open"], ["Minor", "U1600"]])
    folder = folder_for(tmp_path, {"t.xlsx": t}, [reg("A", acf=2100), reg("B", acf=1500)])
    out, js = tmp_path / "o.xlsx", tmp_path / "o.json"
    res = build(folder, out, js)
    errs = {(i.code, i.file, i.sheet, i.cell) for i in res.issues.errors}
    assert {("duplicate-player", "t.xlsx", "Results", "C4"), ("duplicate-player", "t.xlsx", "Results", "C6")} \
        <= errs
    assert not out.exists() and not js.exists()


# ============================================================================ ledger: the rule of each award


def test_ledger_names_the_clause_of_each_award_mode_cl13(tmp_path):
    """acf.md: "The ledger: every points award with its reason (division, list position, tie sharing,
    eligibility skips)"; README: "Every ledger row names the clause that made it (rule) and the arithmetic
    (detail)". cl. 13(2) mapped sections, 13(3) junior/women/unrated cascade, 13(4) an Open (one-section)
    tournament.

    "Single" (class 2: 16, 12, …): P 16, Q 12 in Open → rule ACF 13(4), detail
    "class 2; Open list position 1 (place 1) → 16".
    "Multi" (class 1: 12, 9, …), sections Open→Open, Girls→Women: Open section 1 A, 2 B; Girls 1 G (woman).
    Open: A 12 (13(2), "class 1; Open list position 1 (section Open, place 1) → 12"). Women list: Open section
    (no women) then Girls: G 12 (13(3) gone on past U1600 by the ruling on 13(2)–(4), "class 1; Women list
    position 1 (section Girls, place 1); 2 player(s) above not eligible for Women (cl. 8(f)) skipped; past the
    cascade … (ruling on cl. 13(2)–(4)) → 12").
    """
    tours = {"s.xlsx": acf_tournament("Single", TWO, prize_money=2000),
             "m.xlsx": acf_tournament("Multi", [row("Open", 1, "A"), row("Open", 2, "B"),
                                                row("Girls", 1, "G", "F")], prize_money=1000,
                                      sections=[["Open", "Open"], ["Girls", "Women"]], start=D(2005, 4, 2))}
    players = [*TWO_REG, reg("A", acf=2100), reg("B", acf=2100), reg("G", acf=2100, sex="F")]
    res = season(tmp_path, tours, players)
    p = ledger_row(res, "Open", "P", "Single")
    assert (p["rule"], p["detail"]) == ("ACF 13(4)", "class 2; Open list position 1 (place 1) → 16")
    a = ledger_row(res, "Open", "A", "Multi")
    assert (a["rule"], a["detail"]) == ("ACF 13(2)", "class 1; Open list position 1 (section Open, place 1) → 12")
    g = ledger_row(res, "Women", "G", "Multi")
    # (the list runs through Open, then Girls: the 2 skipped are Open's — the ledger says so)
    # (past the cascade of cl. 13(3), to the Women section: the ruling's order, named)
    assert (g["rule"], g["detail"]) == ("ACF 13(3) + ruling",
                                        "class 1; Women list position 1 (section Girls, place 1); "
                                        "the list runs through sections Open, then Girls; "
                                        "2 player(s) above not eligible for Women (cl. 8(f)) skipped; "
                                        "past the cascade Open → U2000 → U1600 of cl. 13(3), in the order of the "
                                        "ruling on cl. 13(2)–(4): the division's own section, then the others → 12")


def test_ledger_names_the_u2000_cascade_ruling_acf_md_preamble(tmp_path):
    """acf.md preamble: "every ruling must be visible to the coordinator (documented in the README's rules
    section and, where it changes a number, named in the ledger's explanation column)". acf.md ruling step 2:
    "Extending the cascade to U2000/U1600 when no section is mapped to them is itself a ruling". cl. 13(3)
    covers only "junior, women's and unrated categories"; cl. 13(2) awards points "in those divisions" a
    tournament is played in.

    Class 1, sections Open→Open, Minor→U1600; no U2000 section. Open: 1 A (2100), 2 B (1900); Minor: 1 C (1500).
    U2000 by the ruling: B 12, C 9 — points that exist only because of the ruling, so the ledger must name it.
    """
    results = [row("Open", 1, "A"), row("Open", 2, "B"), row("Minor", 1, "C")]
    t = acf_tournament("T", results, prize_money=1000, sections=[["Open", "Open"], ["Minor", "U1600"]])
    res = season(tmp_path, {"t.xlsx": t}, [reg("A", acf=2100), reg("B", acf=1900), reg("C", acf=1500)])
    assert pts(res, "U2000") == {"B": 12, "C": 9}
    b = ledger_row(res, "U2000", "B")
    assert "ruling" in (b["rule"] + " " + b["detail"]).lower()


def test_ledger_names_the_bare_birth_year_junior_ruling_acf_md_preamble(tmp_path):
    """acf.md preamble: a ruling that changes a number is "named in the ledger's explanation column"; acf.md
    Junior: "Ruling: birth year Y-18 with no day is treated as junior (true for 364 days of 365), with a
    warning".

    Season 2005, class 3: 1 Kid (Born "1987", no day), 2 P (ACF 1800, born 1970). Junior list: Kid 20 — only by
    the ruling (born 1 Jan 1987 he would not be a junior). The warning is there; the ledger row should name it.
    """
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", [row("", 1, "Kid", born="1987", pid=""), row("", 2, "P")],
                                                     prize_money=3000)}, [reg("P", acf=1800)])
    assert any(i.code == "junior-birth-year" for i in res.issues)
    assert pts(res, "Junior") == {"Kid": 20}
    assert "ruling" in ledger_row(res, "Junior", "Kid")["detail"].lower()


# ============================================================================ JSON export (CONTRACT)


def test_json_export_fields_and_types_for_acf_contract(tmp_path):
    """CONTRACT "The JSON export": one object with circuit, season, title; standings [{ranking, rank, tied, name,
    id, club, total, results: [{tournament, points, counted}]}]; ledger [{tournament, ranking, name, id, points,
    rule, detail}]; tournaments [{name, start, end, players, … acf class, fee}]; prizes [{ranking, place, name, id,
    value}]; clubs [{ranking, club, total}]; issues [{severity, code, file, sheet, cell, message}]. "club is the
    ACF State". "Points are numbers (not strings), exact to the rulebook's rounding" (acf.md: exact, thirds
    included).

    One tournament, prize money "$1,500" → class 2 (16, 12, 9, 6, 4), Sydney, 4 players → fee 100 + 8 = 108.
    Places 1 A (NSW), =2 B, C, E (VIC): (12 + 9 + 6) / 3 = 9 each. No registration date → info issue
    `registration-unknown` at Tournament!B8. Prizes: Open 1st 500 → A; Open 2nd 300 → one of B/C/E, tied.
    States: VIC 3 players with points, NSW 1 → clubs VIC total 3, NSW total 1.
    Second tournament (class 2, "$2,000"), 3-way tie for 1st: 37/3 each, kept exact in the JSON.
    """
    players = [reg("A", acf=2100), reg("B", acf=2100, state="VIC", sex="F"), reg("C", acf=2100, state="VIC"),
               reg("E", acf=2100, state="VIC")]
    t1 = acf_tournament("T", [row("", 1, "A"), row("", "=2", "B", "F", state="VIC"), row("", "=2", "C", state="VIC"),
                              row("", "=2", "E", state="VIC")], prize_money="$1,500", Registered=None)
    t2 = acf_tournament("U", [row("", "=1", n, state="VIC") for n in ("C", "E")] + [row("", "=1", "A")],
                        prize_money="$2,000", start=D(2005, 6, 4))
    folder = folder_for(tmp_path, {"t.xlsx": t1, "u.xlsx": t2}, players, [["Open", 1, 500], ["Open", 2, 300]],
                        Title="ACF GP audit")
    out = tmp_path / "o.json"
    res = build(folder, tmp_path / "o.xlsx", out)
    assert not res.issues.has_errors()
    data = json.loads(out.read_text())
    assert {"circuit", "season", "title", "standings", "ledger", "tournaments", "prizes", "clubs", "issues"} <= \
        set(data)
    assert (data["circuit"], str(data["season"]), data["title"]) == ("acf", "2005", "ACF GP audit")
    for s in data["standings"]:
        assert {"ranking", "rank", "tied", "name", "id", "club", "total", "results"} <= set(s)
        assert isinstance(s["total"], int | float) and isinstance(s["rank"], int) and isinstance(s["tied"], bool)
        for r in s["results"]:
            assert set(r) >= {"tournament", "points", "counted"} and isinstance(r["points"], int | float)
    assert {s["ranking"] for s in data["standings"]} <= {"Open", "U2000", "U1600", "Junior", "Women", "Unrated"}
    for led in data["ledger"]:
        assert {"tournament", "ranking", "name", "id", "points", "rule", "detail"} <= set(led)
        assert isinstance(led["points"], int | float)
    by = {(led["tournament"], led["name"]): led["points"] for led in data["ledger"] if led["ranking"] == "Open"}
    assert {k: v for k, v in by.items() if k[0] == "T"} == {("T", "A"): 16, ("T", "B"): 9, ("T", "C"): 9,
                                                            ("T", "E"): 9}
    assert all(abs(by[("U", n)] - 37 / 3) < 1e-9 for n in ("A", "C", "E"))
    a = next(s for s in data["standings"] if s["ranking"] == "Open" and s["name"] == "A")
    assert abs(a["total"] - (16 + 37 / 3)) < 1e-9 and a["club"] == "NSW"
    tours = {t["name"]: t for t in data["tournaments"]}
    assert {k: tours["T"][k] for k in ("start", "end", "players", "class", "fee")} == \
        {"start": "2005-03-05", "end": "2005-03-06", "players": 4, "class": 2, "fee": 108}
    assert tours["U"]["class"] == 2
    for p in data["prizes"]:
        assert {"ranking", "place", "name", "id", "value"} <= set(p)
    first = next(p for p in data["prizes"] if p["ranking"] == "Open" and p["place"] == 1)
    assert (first["name"], first["id"], first["value"]) == ("A", "A", 500)
    assert {(c["ranking"], c["club"], c["total"]) for c in data["clubs"]} == {("State", "VIC", 3),
                                                                              ("State", "NSW", 1)}
    reg_issue = [i for i in data["issues"] if i["code"] == "registration-unknown"]
    assert len(reg_issue) == 1 and {"severity", "code", "file", "sheet", "cell", "message"} <= set(reg_issue[0])
    assert (reg_issue[0]["severity"], reg_issue[0]["file"], reg_issue[0]["sheet"], reg_issue[0]["cell"]) == \
        ("info", "t.xlsx", "Tournament", "B8")


def test_a_prize_table_without_a_state_row_says_so_cl8g(tmp_path):
    """cl. 8(g) makes a State prize; its amount comes from the Prizes sheet (acf.md: "the by-law gives no amounts,
    so season.xlsx holds a prize table"). A table with no State row gives no State prizes — said as a warning, not
    silently."""
    players = [reg(n, acf=2100) for n in ("P1", "P2")]
    results = [row("", 1, "P1"), row("", 2, "P2")]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=3000)}, players,
                 [["Open", 1, 1000]])
    assert any(i.code == "no-state-prize" and i.sheet == "Prizes" for i in res.issues)
    assert "State" not in set(res.outcome.prizes["ranking"])



def test_tournaments_sections_column_says_a_single_mapped_section_is_an_open_tournament(tmp_path):
    """cl. 13(4) ("In Open tournaments points will be awarded from 1st down …") and acf.md's ruling on cl.
    13(2)–(4): one section is scored as an Open tournament whatever its Division says; the Tournaments sheet's
    Sections column (review of 2 December) showed "Minor → U2000" only, while the ledger gave Open points 16, 12, 9
    ruled ACF 13(4)."""
    results = [row("Minor", 1, "A"), row("Minor", 2, "B"), row("Minor", 3, "C")]
    players = [reg("A", acf=1500), reg("B", acf=1500), reg("C", acf=1500)]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", results, prize_money=2000, sections=[["Minor", "U2000"]])},
                 players)
    assert pts(res, "Open") == {"A": 16, "B": 12, "C": 9}
    assert res.outcome.tournaments.iloc[0]["sections"] == ("Minor → U2000 (one section: scored as an Open "
                                                          "tournament, cl. 13(4))")
