"""ACF rulebook coverage: clauses and rulings of shared/rules/acf.md that test_acf.py / test_golden_acf.py leave
unchecked or check only weakly. Each test cites the clause (or ruling) it checks."""

from __future__ import annotations

import datetime as dt

import pytest
from builders import acf_tournament, make_season

from gpcalc.pipeline import compute

D = dt.date
REG_HEAD = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


def season(tmp_path, tournaments, players=None, prizes=None, year="2005", **settings):
    """Compute a season (no output written) and return the BuildResult; fails on input errors."""
    sheets = {"Players": [REG_HEAD, *(players or [])]}
    if prizes is not None:
        sheets["Prizes"] = [["Division", "Place", "Value"], *prizes]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": year, **settings}, sheets=sheets,
                         tournaments=tournaments)
    res = compute(folder, use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    return res


def points(res, ranking, tournament=None):
    """{name: points} of the ledger rows of one ranking (and tournament)."""
    led = res.outcome.ledger
    led = led[led["ranking"] == ranking]
    if tournament is not None:
        led = led[led["tournament"] == tournament]
    out: dict[str, float] = {}
    for name, pts in zip(led["name"], led["points"]):
        out[name] = out.get(name, 0) + float(pts)
    return out


def adults(n, prefix="P", rating=1800, state="NSW", sex="M"):
    """Register rows of n ACF-rated adults named {prefix}1..{prefix}n (IDs = names)."""
    return [[f"{prefix}{i}", f"{prefix}{i}", sex, 1970, rating, None, state] for i in range(1, n + 1)]


def rows(names, places=None, section="", sex="M"):
    places = places or list(range(1, len(names) + 1))
    return [[section, p, n, n, sex, 1970, "NSW"] for n, p in zip(names, places)]


# --------------------------------------------------------------------------- cl. 11 ratings


def test_acf_rating_wins_over_fide_rating_cl11(tmp_path):  # ACF cl. 11(1), 11(2)
    # A: ACF 1900, FIDE 2100 → ACF-rated 1900: Open and U2000 (if FIDE won: Open only).
    # B: ACF 2100, FIDE 1900 → ACF-rated 2100: Open only (if FIDE won: FIDE-only < 2000 → U2000, not Open).
    players = [["A", "A", "M", 1970, 1900, 2100, "NSW"], ["B", "B", "M", 1970, 2100, 1900, "NSW"]]
    t = acf_tournament("T", rows(["A", "B"]), prize_money=3000)
    res = season(tmp_path, {"t.xlsx": t}, players)
    assert points(res, "Open") == {"A": 20, "B": 15}
    assert points(res, "U2000") == {"A": 20}
    s = res.outcome.standings
    src = dict(zip(s["name"], zip(s["rating"], s["rating_source"])))
    assert src == {"A": (1900, "ACF"), "B": (2100, "ACF")}


# --------------------------------------------------------------------------- cl. 13(1) points table


def test_points_table_every_class_and_place_cl13_1(tmp_path):  # ACF cl. 13(1), cl. 6
    # Six players in one tournament of each class: 1st–5th get the table's points, 6th nothing.
    names = [f"P{i}" for i in range(1, 7)]
    tours = {f"c{c}.xlsx": acf_tournament(f"C{c}", rows(names), prize_money=m, start=D(2005, 2 + c, 1))
             for c, m in ((1, 1000), (2, 2000), (3, 3000))}
    res = season(tmp_path, tours, adults(6, rating=2100))
    expected = {1: (12, 9, 6, 4, 3), 2: (16, 12, 9, 6, 4), 3: (20, 15, 12, 9, 6)}
    for c, table in expected.items():
        assert points(res, "Open", f"C{c}") == dict(zip(names, table)), c


# --------------------------------------------------------------------------- cl. 7 fee


def test_fee_class3_uncapped_territories_and_side_events_cl7(tmp_path):  # ACF cl. 7(2)-(4), ruling on States
    ten = [f"P{i}" for i in range(1, 11)]
    side = acf_tournament("Side", rows(ten[:3], section="Main") + rows(ten[3:5], section="Blitz"),
                          prize_money=1000, sections=[["Main", "Open"], ["Blitz", "None"]])
    tours = {
        "syd3.xlsx": acf_tournament("Sydney3", rows(ten), prize_money=3000),  # 150 + 20 = 170 (base 150 uncapped)
        "adl.xlsx": acf_tournament("Adelaide", rows(ten), prize_money=1000, state="SA"),  # 50 + 20 − 50 = 20
        "drw.xlsx": acf_tournament("Darwin", rows(ten), prize_money=2000, state="NT"),  # 100 + 20 − 50 = 70
        "cbr.xlsx": acf_tournament("Canberra", rows(ten), prize_money=2000, state="ACT"),  # 100 + 20 = 120
        "cap.xlsx": acf_tournament("Cap", rows([f"P{i}" for i in range(1, 176)]),
                                   prize_money=3000),  # 150 + 350 = 500: exactly the cap
        "side.xlsx": side,  # all sections, side event included: 5 players → 50 + 10 = 60
    }
    res = season(tmp_path, tours, adults(175))
    t = res.outcome.tournaments.set_index("name")
    got = {n: (int(t.loc[n, "fee"]), bool(t.loc[n, "concession"]), int(t.loc[n, "players"])) for n in t.index}
    assert got == {"Sydney3": (170, False, 10), "Adelaide": (20, True, 10), "Darwin": (70, True, 10),
                   "Canberra": (120, False, 10), "Cap": (500, False, 175), "Side": (60, False, 5)}


# --------------------------------------------------------------------------- cl. 4, 5 compliance boundaries


def test_compliance_boundaries_cl4_cl5(tmp_path):  # ACF cl. 4(1), 4(3), 5(2)
    p = adults(2)
    tours = {
        # start 31 May: three calendar months before = 28 Feb. Registered 28 Feb: in time, but after
        # 31 Dec Y-1 → informational only. Played exactly 5 days; reported exactly 21 days after: no warnings.
        "a.xlsx": acf_tournament("Edge", rows(["P1", "P2"]), start=D(2005, 5, 31), end=D(2005, 6, 4),
                                 Registered=D(2005, 2, 28), Reported=D(2005, 6, 25)),
        # registered 1 Mar (one day late by calendar months, though 91 days before); 6 days; 22 days late.
        "b.xlsx": acf_tournament("Over", rows(["P1", "P2"]), start=D(2005, 5, 31), end=D(2005, 6, 5),
                                 Registered=D(2005, 3, 1), Reported=D(2005, 6, 27)),
        # registered in time and before 31 Dec Y-1: nothing at all.
        "c.xlsx": acf_tournament("Clean", rows(["P1", "P2"]), start=D(2005, 4, 5),
                                 Registered=D(2004, 12, 31)),
        # no registration date → "unknown", not silence.
        "d.xlsx": acf_tournament("NoReg", rows(["P1", "P2"]), start=D(2005, 4, 5), Registered=None),
    }
    res = season(tmp_path, tours, p)
    by_tour: dict[str, set[str]] = {}
    for i in res.issues:
        for name in ("Edge", "Over", "Clean", "NoReg"):
            if f"{name}: " in i.text():
                by_tour.setdefault(name, set()).add((i.code, i.severity))
    assert by_tour.get("Edge") == {("registered-in-season", "info")}
    assert by_tour.get("Over") == {("registered-late", "warning"), ("too-long", "warning"),
                                   ("reported-late", "warning")}
    assert "Clean" not in by_tour
    assert by_tour.get("NoReg") == {("registration-unknown", "info")}
    # every tournament still counts (the coordinator decides)
    assert set(res.outcome.ledger["tournament"]) == {"Edge", "Over", "Clean", "NoReg"}


def test_counts_no_is_listed_with_reason_and_others_still_count(tmp_path):  # ACF cl. 4, 5: Counts = No
    tours = {"a.xlsx": acf_tournament("Dropped", rows(["P1", "P2"]), prize_money=3000, Counts="No"),
             "b.xlsx": acf_tournament("Kept", rows(["P2", "P1"]), prize_money=1000, start=D(2005, 4, 1))}
    res = season(tmp_path, tours, adults(2))
    t = res.outcome.tournaments.set_index("name")
    assert set(t.index) == {"Dropped", "Kept"}  # listed …
    assert not t.loc["Dropped", "counts"] and "Counts = No" in t.loc["Dropped", "warnings"]  # … with the reason
    assert points(res, "Open") == {"P2": 12, "P1": 9}  # … and awards nothing; Kept still scores


def test_season_2005_has_no_pre_2005_warning_cl16(tmp_path):  # ACF cl. 16 (boundary: 2005 is governed)
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", rows(["P1"]), prize_money=3000)}, adults(1))
    assert not any(i.code == "season-before-2005" for i in res.issues)


# --------------------------------------------------------------------------- woman (sex F)


def test_women_points_by_sex_f_including_register_cl13_3(tmp_path):  # ACF Players' attributes: woman; cl. 13(3)
    # F1 is F on the results sheet; F2's Sex is blank there but F in the register (the register wins).
    # Woman means sex F, not "not M".
    players = [*adults(1, "M"), ["F1", "F1", "F", 1970, 1800, None, "NSW"], ["F2", "F2", "F", 1970, 1800, None,
                                                                             "NSW"]]
    res_rows = [["", 1, "M1", "M1", "M", 1970, "NSW"], ["", 2, "F1", "F1", "F", 1970, "NSW"],
                ["", 3, "F2", "F2", None, 1970, "NSW"], ["", 4, "Anon", "", None, 1970, "NSW"]]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=1000)}, players)
    # class 1: the women's list is F1, F2; Anon (sex unknown, not in the register) is not a woman
    assert points(res, "Women") == {"F1": 12, "F2": 9}


# --------------------------------------------------------------------------- ruling: one procedure for cl. 13


def test_several_sections_mapped_to_one_division_follow_sections_sheet_cl13_2(tmp_path):  # ACF cl. 13(2), ruling
    # Zeta and Alpha both mapped to Open; the Sections sheet lists Zeta first (results and the alphabet: Alpha
    # first). Open's list = Zeta's standings then Alpha's. Both sections have a 1st: no tie across sections.
    res_rows = rows(["A1", "A2"], section="Alpha") + rows(["Z1", "Z2"], section="Zeta")
    t = acf_tournament("T", res_rows, prize_money=3000, sections=[["Zeta", "Open"], ["Alpha", "Open"]])
    players = [[n, n, "M", 1970, 2100, None, "NSW"] for n in ("A1", "A2", "Z1", "Z2")]
    res = season(tmp_path, {"t.xlsx": t}, players)
    assert points(res, "Open") == {"Z1": 20, "Z2": 15, "A1": 12, "A2": 9}


def test_cascade_order_own_section_then_rest_side_event_out_cl13_3(tmp_path):  # ACF cl. 13(3), ruling step 2
    # Sections listed in a scrambled order. The Women list must be: Open, U2000, U1600 sections (cascade
    # order, whatever the sheet order), then the section mapped to Women, then the rest (Kids) — the side
    # event (None) never, though it is listed before Kids.
    order = [("Side", "None"), ("Kids", "Junior"), ("Minor", "U1600"), ("Ladies", "Women"), ("Major", "U2000"),
             ("Top", "Open")]
    res_rows = [[sec, 1, f"W-{sec}", f"W-{sec}", "F", 1970, "NSW"] for sec, _ in order]
    t = acf_tournament("T", res_rows, prize_money=3000, sections=[list(o) for o in order])
    players = [[f"W-{sec}", f"W-{sec}", "F", 1970, 1500, None, "NSW"] for sec, _ in order]
    res = season(tmp_path, {"t.xlsx": t}, players)
    assert points(res, "Women") == {"W-Top": 20, "W-Major": 15, "W-Minor": 12, "W-Ladies": 9, "W-Kids": 6}
    led = res.outcome.ledger
    women = dict(zip(led.loc[led["ranking"] == "Women", "name"], led.loc[led["ranking"] == "Women", "rule"]))
    assert women == {"W-Top": "ACF 13(3)", "W-Major": "ACF 13(3)", "W-Minor": "ACF 13(3)",
                     "W-Ladies": "ACF 13(3) + ruling", "W-Kids": "ACF 13(3) + ruling"}  # (past U1600: ruling step 2)
    assert "W-Side" not in set(led["name"])  # a side event is left out entirely


def test_same_place_in_different_sections_is_not_a_tie_cl13_ruling(tmp_path):  # ACF ruling — ties (same section)
    # Women cascade: Open section (W1 1st), then the Women section (W2 1st, W3 2nd). W1 and W2 are both "1st"
    # but in different sections: no sharing → 20, 15, 12 (sharing would give 17.5 each).
    res_rows = [["Open", 1, "W1", "W1", "F", 1970, "NSW"], ["Open", 2, "M1", "M1", "M", 1970, "NSW"],
                ["Ladies", 1, "W2", "W2", "F", 1970, "NSW"], ["Ladies", 2, "W3", "W3", "F", 1970, "NSW"]]
    t = acf_tournament("T", res_rows, prize_money=3000, sections=[["Open", "Open"], ["Ladies", "Women"]])
    players = [[n, n, "F" if n[0] == "W" else "M", 1970, 1800, None, "NSW"] for n in ("W1", "M1", "W2", "W3")]
    res = season(tmp_path, {"t.xlsx": t}, players)
    assert points(res, "Women") == {"W1": 20, "W2": 15, "W3": 12}


def test_ledger_explains_eligibility_skips_and_tie_sharing(tmp_path):  # ACF Outputs: ledger; rulings cl. 12/13
    # FIDE-only 1900 Fido wins: skipped in the Open list (ruling: points follow eligibility); P2, P3 share 2nd.
    players = [["Fido", "Fido", "M", 1970, None, 1900, "VIC"], *adults(3, rating=2100)]
    t = acf_tournament("T", rows(["Fido", "P1", "P2", "P3"], [1, 2, "=3", "=3"]), prize_money=3000)
    res = season(tmp_path, {"t.xlsx": t}, players)
    led = res.outcome.ledger
    op = led[led["ranking"] == "Open"].set_index("name")
    assert op.loc["P1", "points"] == 20 and "not eligible for Open (cl. 12(1)(b)) skipped" in op.loc["P1", "detail"]
    assert op.loc["P2", "points"] == pytest.approx(13.5) and "tie shared by 2" in op.loc["P2", "detail"]


# --------------------------------------------------------------------------- cl. 8–10 prizes


def test_prize_of_highest_value_not_first_division_cl10(tmp_path):  # ACF cl. 10, ruling — allocation
    # Kid (junior) wins: Open 1st and Junior 1st. The Junior 1st prize (500) is worth more than Open 1st (100):
    # Kid takes Junior 1st; Open 1st passes to A, Open 2nd to B.
    players = [["Kid", "Kid", "M", 1995, 2100, None, "NSW"], *adults(2, rating=2100)]
    res_rows = [["", 1, "Kid", "Kid", "M", 1995, "NSW"], *rows(["P1", "P2"], [2, 3])]
    prizes = [["Open", 1, 100], ["Open", 2, 50], ["Junior", 1, 500]]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=3000)}, players, prizes)
    pr = res.outcome.prizes
    won = {(r, p): n for r, p, n in zip(pr["ranking"], pr["place"], pr["name"]) if r != "State"}
    assert won == {("Junior", 1): "Kid", ("Open", 1): "P1", ("Open", 2): "P2"}
    open1 = pr[(pr["ranking"] == "Open") & (pr["place"] == 1)].iloc[0]
    assert "Kid" in open1["passed_over"]  # who was skipped because of cl. 10


def test_equal_prize_values_unrated_before_junior_cl10_ruling(tmp_path):  # ACF cl. 10, ruling — equal values
    # Un (unrated junior, not in the register) tops both Unrated and Junior; both prizes are 200.
    # Equal values go in the order Open, U2000, U1600, Unrated, Junior, Women: Un takes Unrated 1st,
    # Junior 1st passes to Jr.
    players = [["Jr", "Jr", "M", 1995, 1800, None, "NSW"]]
    res_rows = [["", 1, "Un", "", "M", 1996, "NSW"], ["", 2, "Jr", "Jr", "M", 1995, "NSW"]]
    prizes = [["Junior", 1, 200], ["Unrated", 1, 200]]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=3000)}, players, prizes)
    pr = res.outcome.prizes
    won = {r: n for r, n in zip(pr["ranking"], pr["name"]) if r != "State"}
    assert won == {"Unrated": "Un", "Junior": "Jr"}


def test_state_prize_territories_overseas_and_ties_cl8g(tmp_path):  # ACF cl. 8(g), rulings on States and ties
    # X (overseas) wins Open 1st. ACT and NT are States for the State prize; the overseas player and one with
    # no State never win one. V1 and V2 (VIC) have identical results: the State prize is marked tied.
    players = [["X", "X", "M", 1970, 2100, None, "OS"], ["Y", "Y", "M", 1970, 2100, None, None],
               ["Z", "Z", "M", 1970, 2100, None, "ACT"], ["W", "W", "M", 1970, 2100, None, "NT"],
               ["V1", "V1", "M", 1970, 2100, None, "VIC"], ["V2", "V2", "M", 1970, 2100, None, "VIC"]]
    res_rows = [["", p, n, n, "M", 1970, None] for n, p in
                (("X", 1), ("Y", 2), ("Z", 3), ("W", 4), ("V1", "=5"), ("V2", "=5"))]
    prizes = [["Open", 1, 1000], ["State", 1, 100]]
    res = season(tmp_path, {"t.xlsx": acf_tournament("T", res_rows, prize_money=3000)}, players, prizes)
    pr = res.outcome.prizes
    state = pr[pr["ranking"] == "State"]
    got = {n.split(":")[0]: w for n, w in zip(state["note"], state["name"])}
    assert got in ({"ACT": "Z", "NT": "W", "VIC": "V1"}, {"ACT": "Z", "NT": "W", "VIC": "V2"})
    vic = state[state["note"].str.startswith("VIC")].iloc[0]
    assert "coordinator to decide" in vic["note"]


def test_equal_totals_share_rank_despite_countback_cl14_ruling(tmp_path):  # ACF ruling — equal scores; cl. 14
    # P1 = 12 + 9 = 21, P2 = 6 + 15 = 21: equal scores share rank 2 in the standings ("=2"); count-back
    # (15 > 12) only orders them for prizes and display.
    tours = {
        "a.xlsx": acf_tournament("A", rows(["P1", "P3", "P2"]), prize_money=1000, start=D(2005, 2, 1)),
        "b.xlsx": acf_tournament("B", rows(["P3", "P1"]), prize_money=1000, start=D(2005, 3, 1)),
        "c.xlsx": acf_tournament("C", rows(["P3", "P2"]), prize_money=3000, start=D(2005, 4, 1)),
    }
    res = season(tmp_path, tours, adults(3))
    s = res.outcome.standings
    s = s[s["ranking"] == "Open"]
    assert [(n, int(r), bool(t)) for n, r, t in zip(s["name"], s["rank"], s["tied"])] == \
        [("P3", 1, False), ("P2", 2, True), ("P1", 2, True)]


def test_ties_order_is_named_in_ledger_detail(tmp_path):  # ACF ruling — ties (Ties = order); acf.md preamble
    # P2 and P3 share 2nd; with Ties = order P3 gets 12 (not 13.5): the detail must say why.
    t = acf_tournament("T", rows(["P1", "P2", "P3"], [1, "=2", "=2"]), prize_money=3000)
    res = season(tmp_path, {"t.xlsx": t}, adults(3), Ties="order")
    led = res.outcome.ledger
    p3 = led[(led["ranking"] == "Open") & (led["name"] == "P3")].iloc[0]
    assert p3["points"] == 12
    assert p3["detail"].endswith("(place =2); tied, Ties = order: the listed order decides → 12")
    p1 = led[(led["ranking"] == "Open") & (led["name"] == "P1")].iloc[0]
    assert "Ties = order" not in p1["detail"]  # not tied: nothing to name
