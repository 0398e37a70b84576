"""Third audit pass of the Aarhus circuit against /work/shared/rules/aarhus.md (its Rulings binding), the Danish
reglement (shared/seeds/003_…txt) and the README's Aarhus rulings 1–17.

Passes one and two (test_acf_aarhus_audit.py, test_aarhus_audit2.py) covered single features one at a time. This
pass combines them and tries the boundaries they left alone: the dropped result under normalisation and playing
up/down, AA for younger age groups (with and without an A group), three-way and non-adjacent merged groups, birth
dates at the year boundary (row dates, register dates), a girl who changes group mid-season, Plus relegation
followed by the season change, placement prizes in P fed by girls' A–F results, the memento of a beginner who
moves to the age group, director promotions at the season change, and the girls' trophy across a P group.

Every expected value is worked out by hand from the clause quoted in the docstring, never read from gpcalc.
Four defects found, fixed on 30 November: a blank Sex in one GPT lost a girl's P credit and rows that disagree
on the birth year split one player into two accounts (sex and birth are now one per player: identity.py);
a group listed twice on the Groups sheet with different rounds was accepted silently (now `group-twice`);
one merged group typed "A+B" and "AB" failed the place checks (they now compare canonical groups).

Default age table 2012/2013 (§1 stk. 2): A 1992–95, B 1996–97, C 1998–99, D 2000–01, E 2002–03, F 2004+;
the next season's (ruling 12, a year on): A 1993–96, B 1997–98, C 1999–2000, D 2001–02, E 2003–04, F 2005+.
Strength ladder levels: AA 7, A 6, B 5, C 4, D 3, E 2, F 1. Startpoints = 5 + 2·(level played − age level), ≥ 0.
Normalised GPT-points = points × 7 / rounds of the group, half up to one decimal (§5 stk. 6).
"""

from __future__ import annotations

import datetime as dt

from builders import AARHUS_HEAD
from builders import aarhus_book as book
from builders import aarhus_folder as folder_of
from builders import aarhus_ledger as ledger
from builders import aarhus_run as run

from gpcalc.pipeline import compute

D = dt.date
HEAD = AARHUS_HEAD
HEAD_MOVE = [*HEAD, "Move"]
DAY1, DAY2, DAY3, DAY4 = D(2012, 9, 22), D(2012, 10, 20), D(2012, 11, 17), D(2013, 1, 12)


# ============================================================================ helpers


def counted(res, name: str, ranking: str) -> dict[str, bool]:
    led = res.outcome.ledger
    led = led[(led["name"] == name) & (led["ranking"] == ranking)]
    return dict(zip(led["tournament"], led["counted"].astype(bool)))


def standing(res, ranking: str) -> dict[str, tuple]:
    """name → (rank, total, worst result, tiebreak) in one ranking."""
    s = res.outcome.standings
    s = s[s["ranking"] == ranking]
    return {n: (int(r), round(float(t), 1), round(float(w), 1), str(tb))
            for n, r, t, w, tb in zip(s["name"], s["rank"], s["total"], s["worst_result"], s["tiebreak"])}


def rankings_of(res, name: str) -> set[str]:
    s = res.outcome.standings
    return set(s.loc[s["name"] == name, "ranking"])


def prizes(res, kind: str) -> list[tuple[str, str]]:
    pr = res.outcome.prizes
    pr = pr[pr["value"].astype(str).str.startswith(kind)]
    return sorted(zip(pr["ranking"], pr["name"]))


def next_group(res) -> dict[str, str]:
    s = res.outcome.standings
    return dict(zip(s["name"], s["next_group"]))


def moves(res) -> dict[tuple[str, str], str]:
    return {(m["tournament"], m["name"]): m["move"] for m in res.outcome.json_extra["movements"]()}


def next_season(res) -> dict[str, tuple[str, str]]:
    ns = next(s.frame for s in res.outcome.sheets if s.name.startswith("Next season groups"))
    return {n: (g, r.split(":")[0]) for n, g, r in zip(ns["name"], ns["group"], ns["rule"])}


def row(group: str, place, name: str, born, pts, games=7, sex: str = "M", club: str = "K") -> list:
    return [group, place, name, club, born, sex, pts, games]


# ============================================================================ §1 stk. 6 + §5 stk. 2, 6


def test_dropped_result_is_the_lowest_gpm_result_not_the_lowest_gpt_points(tmp_path):
    """§1 stk. 6: "Total GPM-points, where players who took part in every GPT of the season have their worst GPT
    result removed"; §5 stk. 2 (startpoints by group played vs age group: +2 per group higher, −2 per group lower)
    and §5 stk. 6 ("GPT-points × 7 / (rounds played in that group) … half up"); Ruling: "Worst result" is "the
    lowest GPT result in the account". A GPT result is its GPM-points, startpoints included.

    Cato (born 1998, age C), GPTs = 3:
    GPT 1 in D (1 below: 3), 7 rounds, 3 points → 3 + 3.0 = 6.0;
    GPT 2 in B (1 above: 7), 9 rounds, 1½ → 1.5·7/9 = 1.1666… → 1.2 → 8.2;
    GPT 3 in C (own: 5), 6 rounds, 3½ → 3.5·7/6 = 4.0833… → 4.1 → 9.1.
    The fewest GPT-points were at GPT 2, but the worst result is GPT 1's 6.0 → dropped; total 8.2 + 9.1 = 17.3,
    worst result 6.0.
    §4 (from the stronger of played and strength group, ruling 3): GPT 1 3/7 stays C; GPT 2 from B, 1½ < 25 % of 9
    → down to C; GPT 3 3½/6 stays C → next GPT C; season change rule 3 (born 1998 → B in 2013/2014).
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["D", 7]], [row("D", 1, "Cato", 1998, 3)]),
         "g2.xlsx": book("GPT 2", DAY2, [["B", 9]], [row("B", 1, "Cato", 1998, "1½", 9)]),
         "g3.xlsx": book("GPT 3", DAY3, [["C", 6]], [row("C", 1, "Cato", 1998, "3,5", 6)])}
    res = run(tmp_path, t, gpts=3)
    assert [ledger(res, g) for g in ("GPT 1", "GPT 2", "GPT 3")] == [
        {("Cato", "C"): 6.0}, {("Cato", "C"): 8.2}, {("Cato", "C"): 9.1}]
    assert counted(res, "Cato", "C") == {"GPT 1": False, "GPT 2": True, "GPT 3": True}
    assert standing(res, "C")["Cato"][1:3] == (17.3, 6.0)
    assert [moves(res)[(g, "Cato")] for g in ("GPT 1", "GPT 2", "GPT 3")] == ["stay", "down", "stay"]
    assert next_group(res)["Cato"] == "C"
    assert next_season(res)["Cato"] == ("B", "rule 3")


# ============================================================================ §5 stk. 2–4 startpoints


def test_aa_for_younger_age_groups_with_and_without_an_a_group(tmp_path):
    """§5 stk. 2 table (up to "6 over → 17"); rulebook: "AA counts as one step above A … but only when the same
    GPT also has an A group … a GPT with an AA group and no A group scores AA as A"; transferred A players
    recorded in B get B's startpoints; §5 stk. 4: a girl in AA is credited to her age group and P.

    GPT 1, AA and A, 5 rounds (× 7/5 = × 1.4):
    Al (A) AA 1 over → 7 + 3½·1.4 = 4.9 → 11.9; Bo (B) 2 over → 9 + 2.8 = 11.8; Cy (C) 3 over → 11 + 1.4 = 12.4;
    Fia (girl, F) 6 over → 17 + 0.7 = 17.7 in F and P; Ari (A) in A → 5 + 3·1.4 = 4.2 → 9.2.
    GPT 2, AA and B only, 7 rounds: AA scored as A: Al 5 + 4 = 9.0; Bo 1 over → 7 + 2 = 9.0; Cy 2 over → 9 + 1 =
    10.0; Fia 5 over → 15 + ½ = 15.5 in F and P; Ari transferred, recorded in B: 1 under → 3 + 3 = 6.0.
    """
    aa1 = [row("AA", 1, "Al", 1994, "3½", 5), row("AA", 2, "Bo", 1996, 2, 5), row("AA", 3, "Cy", 1998, 1, 5),
           row("AA", 4, "Fia", 2005, "½", 5, sex="F"), row("A", 1, "Ari", 1993, 3, 5)]
    aa2 = [row("AA", 1, "Al", 1994, 4), row("AA", 2, "Bo", 1996, 2), row("AA", 3, "Cy", 1998, 1),
           row("AA", 4, "Fia", 2005, "½", sex="F"), row("B", 1, "Ari", 1993, 3)]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["AA", 5], ["A", 5]], aa1),
         "g2.xlsx": book("GPT 2", DAY2, [["Plus", 7], ["B", 7]], aa2)}
    res = run(tmp_path, t, gpts=3)
    assert ledger(res, "GPT 1") == {("Al", "A"): 11.9, ("Bo", "B"): 11.8, ("Cy", "C"): 12.4, ("Fia", "F"): 17.7,
                                    ("Fia", "P"): 17.7, ("Ari", "A"): 9.2}
    assert ledger(res, "GPT 2") == {("Al", "A"): 9.0, ("Bo", "B"): 9.0, ("Cy", "C"): 10.0, ("Fia", "F"): 15.5,
                                    ("Fia", "P"): 15.5, ("Ari", "A"): 6.0}


def test_three_way_and_non_adjacent_merged_groups(tmp_path):
    """§5 stk. 3: "startpoints as if the player played in whichever of the merged groups is closest to their age
    group"; README ruling 2: "Merged group, age group exactly between two members: the lower member counts";
    §5 stk. 6 normalisation by the merged group's rounds; §5 stk. 4 girl in both accounts.

    B+C+D, 5 rounds (× 1.4): Cia (C) own → 5 + 3·1.4 = 4.2 → 9.2; Aki (A) closest B, 1 under → 3 + 2.8 = 5.8;
    Eli (E) closest D, 1 over → 7 + 2.1 = 9.1; Fay (girl, F) closest D, 2 over → 9 + 0.7 = 9.7 in F and P.
    A+C, 6 rounds: Ben (B) exactly between A and C → the lower, C: 1 under → 3 + 2½·7/6 = 2.9166… → 2.9 = 5.9;
    Ada (A) → A own → 5 + 2·7/6 = 2.333… → 2.3 = 7.3; Dan (D) closest C, 1 over → 7 + 7/6 = 1.1666… → 1.2 = 8.2.
    §4 / ruling 3: Aki (strength A) scores 2/5 (40 %): stays A, playing down costs no status.
    """
    rows = [row("B+C+D", 1, "Cia", 1999, 3, 5), row("B+C+D", 2, "Aki", 1994, 2, 5),
            row("B+C+D", 3, "Eli", 2002, "1½", 5), row("B+C+D", 4, "Fay", 2004, "½", 5, sex="F"),
            row("A+C", 1, "Ben", 1997, "2½", 6), row("A+C", 2, "Ada", 1995, 2, 6), row("A+C", 3, "Dan", 2000, 1, 6)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["B+C+D", 5], ["A+C", 6]], rows)})
    assert ledger(res, "GPT 1") == {("Cia", "C"): 9.2, ("Aki", "A"): 5.8, ("Eli", "E"): 9.1, ("Fay", "F"): 9.7,
                                    ("Fay", "P"): 9.7, ("Ben", "B"): 5.9, ("Ada", "A"): 7.3, ("Dan", "D"): 8.2}
    assert next_group(res)["Aki"] == "A"


# ============================================================================ §1 stk. 2 age boundaries


def test_birth_dates_at_the_year_boundary_and_register_date(tmp_path):
    """§1 stk. 2: groups by birth year (2012/2013: A 1992–95, B 1996–97, E 2002–03, F 2004 or later); CONTRACT:
    dates as Excel dates, `2004-03-01` or `1/3/2004` (day first); "For identity fields (name, sex, birth …) the
    register wins over tournament rows; disagreements are warnings". §5 stk. 2 startpoints vs the age group.

    Group E, 7 rounds: Eskil born 31 Dec 2003 (an Excel date) → E, own → 5 + 4 = 9.0;
    Fred born "1/1/2004" → F, E is 1 above → 7 + 3 = 10.0; Gus: row 2003, register 2004-01-01 → F → 7 + 2 = 9.0.
    Group B: Bea born "1996-01-01" → B → 5 + 3 = 8.0; Ada born "31/12/1995" → A, B is 1 below → 3 + 2 = 5.0.
    Nobody moves (§4: 4/7, 3/7, 2/7 are between 25 % and 75 %); strength: Fred and Gus E (played up), Ada A.
    Season change rule 3 with the table a year on: Eskil 2003 → E, Fred and Gus 2004 → E, Ada 1995 and Bea 1996 →
    A (A is 1993–96 in 2013/2014).
    """
    reg = {"Players": [["Name", "Sex", "Born"], ["Gus", "M", D(2004, 1, 1)]]}
    rows = [row("E", 1, "Eskil", D(2003, 12, 31), 4), row("E", 2, "Fred", "1/1/2004", 3),
            row("E", 3, "Gus", 2003, 2), row("B", 1, "Bea", "1996-01-01", 3), row("B", 2, "Ada", "31/12/1995", 2)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["E", 7], ["B", 7]], rows)}, sheets=reg)
    assert ledger(res, "GPT 1") == {("Eskil", "E"): 9.0, ("Fred", "F"): 10.0, ("Gus", "F"): 9.0,
                                    ("Bea", "B"): 8.0, ("Ada", "A"): 5.0}
    assert any(i.code == "register-differs" and "Gus" in i.message for i in res.issues.items)
    assert next_group(res) == {"Eskil": "E", "Fred": "E", "Gus": "E", "Bea": "B",
                               "Ada": "A"}
    assert next_season(res) == {"Eskil": ("E", "rule 3"), "Fred": ("E", "rule 3"), "Gus": ("E", "rule 3"),
                                "Bea": ("A", "rule 3"), "Ada": ("A", "rule 3")}


# ============================================================================ girls, changing group mid-season


def test_girl_promoted_mid_season_then_in_p_drop_per_account_and_memento(tmp_path):
    """§5 stk. 4: "A girl playing in AA or A–F gets the same GPM-points credited both to her age group's standings
    and to the P standings … A girl playing in P is credited only in P"; Line's example (age E playing D after a
    promotion: 7 startpoints); §4 promotion at ≥ 75 %; "P and N results do not move a player"; §1 stk. 6 Ruling:
    the drop "is made per standings account … a girl who played one GPT in P and the rest in her age group has it
    dropped in P but not in her age group"; §1 stk. 7 memento: "A girl's memento goes to the account (P or her age
    group) she played in most often".

    Lis (girl, born 2002, age E), GPTs = 3:
    GPT 1 E, 6/7 → 5 + 6 = 11.0 (E, P); promoted to D.  GPT 2 D, 2/7 → 7 + 2 = 9.0 (E, P); stays D.
    GPT 3 P (6 rounds), 4 → 5 + 4·7/6 = 4.666… → 4.7 = 9.7 (P only); no move.
    E holds 2 of 3 GPTs: no drop → 20.0 (worst 9.0). P holds all 3: 9.0 dropped → 11.0 + 9.7 = 20.7.
    Next GPT: D. Memento (all GPTs, no placement prize: 1 player → floor(1/4) = 0): played twice in A–F, once
    in P → in E.
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["E", 7]], [row("E", 1, "Lis", 2002, 6, sex="F")]),
         "g2.xlsx": book("GPT 2", DAY2, [["D", 7]], [row("D", 1, "Lis", 2002, 2, sex="F")]),
         "g3.xlsx": book("GPT 3", DAY3, [["P", 6]], [row("P", 1, "Lis", 2002, 4, 6, sex="F")])}
    res = run(tmp_path, t, gpts=3)
    assert ledger(res, "GPT 2") == {("Lis", "E"): 9.0, ("Lis", "P"): 9.0}
    assert ledger(res, "GPT 3") == {("Lis", "P"): 9.7}
    assert standing(res, "E")["Lis"][1:3] == (20.0, 9.0)
    assert standing(res, "P")["Lis"][1:3] == (20.7, 9.0)
    assert counted(res, "Lis", "P") == {"GPT 1": True, "GPT 2": False, "GPT 3": True}
    assert next_group(res)["Lis"] == "D"
    assert prizes(res, "Memento") == [("E", "Lis")]


# ============================================================================ §4, Plus, season change


def test_plus_player_under_25_percent_keeps_a_left_to_the_gpm_leaders(tmp_path):
    """Appendix / §2 stk. 5: AA is one step above A when the GPT has an A group; appendix 1: the five highest rated
    always form Plus with the A winner; appendix 2: the 6th "rykker automatisk ned i A-gruppen (uanset points
    antal!)"; "BEMÆRK: … tvivlsspørgsmål … afgøres af Johnny, Henrik og Ken"; README ruling 15 (2 December): a
    Plus player placed 1–5 under 25 % keeps A and is listed "director" (not relegated to B, which would put a
    top-rated 5th below the 6th); appendix 3: the A winner → Plus at the next GPT; ruling 13: an undecided
    director case is no move at the season change (§4 stk. 4 rule 3, by birth year); register `Strength group`.

    GPT 1 (the season's only GPT so far), AA and A of 5 rounds (× 1.4). Bjørn and Sej: born 1997 (age B),
    register strength A.
    Startpoints B-age in AA: 2 over → 9: Bjørn 5th, 1 → 9 + 1.4 = 10.4; Sej 6th, ½ → 9 + 0.7 = 9.7 (both in B).
    Moves: Bjørn 1 < 25 % of 5 → "director", keeps A; Sej 6th → A regardless of points; Kim 4½/5 ≥ 75 % but
    already A → stays A; Ari wins A → AA next GPT.
    Season change: Bjørn's case undecided → rule 3 → 1997 is B in 2013/2014.
    """
    reg = {"Players": [["Name", "Born", "Strength group"], ["Bjørn", 1997, "A"], ["Sej", 1997, "A"]]}
    rows = [row("AA", 1, "Kim", 1994, "4½", 5), row("AA", 2, "Kai", 1994, 4, 5), row("AA", 3, "Kaj", 1994, 3, 5),
            row("AA", 4, "Knud", 1994, 2, 5), row("AA", 5, "Bjørn", 1997, 1, 5), row("AA", 6, "Sej", 1997, "½", 5),
            row("A", 1, "Ari", 1993, 3, 5), row("A", 2, "Alf", 1995, 2, 5)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["AA", 5], ["A", 5]], rows)}, sheets=reg)
    led = ledger(res, "GPT 1")
    assert (led[("Bjørn", "B")], led[("Sej", "B")], led[("Kim", "A")]) == (10.4, 9.7, 13.3)
    mv = moves(res)
    assert (mv[("GPT 1", "Bjørn")], mv[("GPT 1", "Sej")], mv[("GPT 1", "Kim")]) == ("director", "stay", "stay")
    note = {m["name"]: m["note"] for m in res.outcome.json_extra["movements"]()}["Bjørn"]
    assert "Plus" in note and "ruling 15" in note
    ng = next_group(res)
    assert (ng["Bjørn"], ng["Sej"], ng["Kim"], ng["Ari"]) == ("A", "A", "A", "AA")
    assert next_season(res)["Bjørn"] == ("B", "rule 3")


def test_plus_player_under_25_percent_with_a_recorded_move_follows_it(tmp_path):
    """README ruling 15: "a director's decision recorded in Move still wins" — for a Plus player placed 1–5 under
    25 % as for the 6th. Bjørn 5th of 6 in Plus with 1 of 5, Move "ned" → down from A to B; Sej 6th, Move "bliv"
    → stays A (appendix 2 would move him to A anyway); Knud 4th with 1 of 5, no Move → director, A kept."""
    rows = [[*row("AA", 1, "Kim", 1994, "4½", 5), None], [*row("AA", 2, "Kai", 1994, 4, 5), None],
            [*row("AA", 3, "Kaj", 1994, 3, 5), None], [*row("AA", 4, "Knud", 1994, 1, 5), None],
            [*row("AA", 5, "Bjørn", 1994, 1, 5), "ned"], [*row("AA", 6, "Sej", 1994, "½", 5), "bliv"],
            [*row("A", 1, "Ari", 1993, 3, 5), None], [*row("A", 2, "Alf", 1995, 2, 5), None]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["AA", 5], ["A", 5]], rows, head=HEAD_MOVE)})
    mv = moves(res)
    assert (mv[("GPT 1", "Bjørn")], mv[("GPT 1", "Sej")], mv[("GPT 1", "Knud")]) == ("down", "stay", "director")
    ng = next_group(res)
    assert (ng["Bjørn"], ng["Sej"], ng["Knud"]) == ("B", "A", "A")


def test_plus_player_under_25_percent_over_fewer_games_names_both_deciders(tmp_path):
    """README ruling 15 with §4 stk. 3 (review of 2 December: the Plus note replaced the fewer-games one): Bjørn,
    5th in Plus on 0 from 2 of 5 games → "director", A kept, and the note names the tournament director's §4 stk. 3
    as well as the GPM leaders (ruling 15); Knud, 4th on 1 of 5 games → the Plus note alone."""
    rows = [row("AA", 1, "Kim", 1994, "4½", 5), row("AA", 2, "Kai", 1994, 4, 5), row("AA", 3, "Kaj", 1994, 3, 5),
            row("AA", 4, "Knud", 1994, 1, 5), row("AA", 5, "Bjørn", 1994, 0, 2), row("AA", 6, "Sej", 1994, "½", 5),
            row("A", 1, "Ari", 1993, 3, 5), row("A", 2, "Alf", 1995, 2, 5)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["AA", 5], ["A", 5]], rows)})
    mv = {m["name"]: (m["move"], m["to"], m["note"]) for m in res.outcome.json_extra["movements"]()}
    assert mv["Bjørn"][:2] == ("director", "A") and "§4 stk. 3" in mv["Bjørn"][2] and "ruling 15" in mv["Bjørn"][2]
    assert mv["Knud"][:2] == ("director", "A") and "ruling 15" in mv["Knud"][2] and "§4 stk. 3" not in mv["Knud"][2]


def test_merged_ab_winner_of_c_age_promoted_to_a_not_plus_and_partial_game_suspended(tmp_path):
    """§5 stk. 3 (merged: the member closest to the age group); §4: "In a merged A+B group relegation is suspended
    for everyone …; promotion still applies"; appendix: the A winner goes to Plus "— except the winner of a merged
    A+B group"; README ruling 3 (moves from the stronger of the group played and the strength group; a merged group
    counts as its lowest member).

    A+B, 7 rounds: Cal (C) 1st 6 → as B (1 over) 7 + 6 = 13.0; 6 ≥ 75 % of 7 → from B up to A; next GPT A, not AA.
    Abe (A) 3 → 5 + 3 = 8.0, stays A. Bob (B) 0 from 3 games of 7 → would be relegation left to the director, but
    relegation is suspended in A+B for everyone → "stay", B.
    """
    rows = [row("A+B", 1, "Cal", 1998, 6), row("A+B", 2, "Abe", 1994, 3), row("A+B", 3, "Bob", 1996, 0, 3)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["AB", 7]], rows)})
    assert ledger(res, "GPT 1") == {("Cal", "C"): 13.0, ("Abe", "A"): 8.0, ("Bob", "B"): 5.0}
    assert {n: m for (_t, n), m in moves(res).items()} == {"Cal": "up", "Abe": "stay", "Bob": "stay"}
    assert next_group(res) == {"Cal": "A", "Abe": "A", "Bob": "B"}


def test_director_and_partial_promotions_count_as_promotions_at_the_season_change(tmp_path):
    """§4: "the director's decision is recorded in the GPT workbook's optional Move column (up, down, stay) and then
    applied. Promotion stays automatic …"; §4 stk. 4 rule 1: "a player promoted there stays in the group promoted
    to"; rule 3: "everyone else is placed by birth year under the new season's age table".

    GPT 1, C of 7 rounds, all born 1999 (C now and C in 2013/2014):
    Mads 5/7 (71 %) → stays → rule 3 → C. Pia 3 from 4 games (3 ≥ 0.75·4) → up to B automatically (flagged) →
    rule 1 → B. Søs 1 from 3 games, Move "op" → the director promotes her to B → rule 1 → B.
    """
    rows = [[*row("C", 1, "Mads", 1999, 5), None], [*row("C", 2, "Pia", 1999, 3, 4), None],
            [*row("C", 3, "Søs", 1999, 1, 3), "op"]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], rows, head=HEAD_MOVE)})
    assert {n: m for (_t, n), m in moves(res).items()} == {"Mads": "stay", "Pia": "up", "Søs": "up"}
    assert next_season(res) == {"Mads": ("C", "rule 3"), "Pia": ("B", "rule 1"), "Søs": ("B", "rule 1")}


# ============================================================================ §1 stk. 6 tiebreaks with tenths


def test_normalised_tenths_equal_totals_then_best_worst_and_half_up(tmp_path):
    """§5 stk. 6 ("half up, not banker's rounding, computed exactly"); §1 stk. 6: total, then "best worst result".

    GPTs = 3, two held (interim: plain sums). C of 9 rounds at GPT 1, C of 6 rounds at GPT 2; all age C.
    Ada: 4½·7/9 = 3.5 → 8.5; 3·7/6 = 3.5 → 8.5 → 17.0, worst 8.5.
    Bo: 6·7/9 = 4.666… → 4.7 → 9.7; 2·7/6 = 2.333… → 2.3 → 7.3 → 17.0, worst 7.3.
    Cy: 2½·7/9 = 1.944… → 1.9 → 6.9; 4½·7/6 = 5.25 → 5.3 (banker's: 5.2) → 10.3 → 17.2.
    C standings: Cy 1st 17.2; Ada 2nd and Bo 3rd on 17.0, separated by the best worst result (8.5 > 7.3).
    """
    g1 = [row("C", 1, "Bo", 1998, 6, 9), row("C", 2, "Ada", 1998, "4½", 9), row("C", 3, "Cy", 1998, "2½", 9)]
    g2 = [row("C", 1, "Cy", 1998, "4½", 6), row("C", 2, "Ada", 1998, 3, 6), row("C", 3, "Bo", 1998, 2, 6)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["C", 9]], g1),
                         "g2.xlsx": book("GPT 2", DAY2, [["C", 6]], g2)}, gpts=3)
    assert standing(res, "C") == {"Cy": (1, 17.2, 6.9, ""), "Ada": (2, 17.0, 8.5, "best worst result"),
                                  "Bo": (3, 17.0, 7.3, "best worst result")}


# ============================================================================ §1 stk. 7 prizes


def test_placement_prize_in_p_counts_girls_gpts_played_in_age_groups(tmp_path):
    """§1 stk. 7: "Placement prizes: one for every 4 players in the group who took part in two or more
    tournaments. Ruling: floor(n / 4) prizes, to the top of that group's standings among players with two or more
    GPTs"; README ruling 7: "n = players with two or more GPTs in that account"; "Girls can win a placement prize
    both in their age group and in P"; §5 stk. 4 (A–F results of a girl also count in P).

    GPTs = 3 (two held: no drop), all groups 7 rounds, everyone in her own age group.
    G1 (D) P, P: 3, 3 → 8.0 + 8.0 = 16.0 in P.   G2 (D) D, D: 4, 4 → 18.0 in D and P.
    G3 (D) P 5 → 10.0 (P), D 2 → 7.0 (D, P) → 17.0 in P, 7.0 in D (one GPT there).
    G4 (E) P once, 6 → 11.0 (one GPT).   G5 (E) E, E: 1, 1 → 12.0 in E and P.
    P: n = 4 (G1, G2, G3, G5) → 1 prize → G2 (18.0). D: n = 1 (G2) → none. E: n = 1 → none.
    """
    g1 = [row("P", 1, "G4", 2002, 6, sex="F"), row("P", 2, "G3", 2001, 5, sex="F"),
          row("P", 3, "G1", 2000, 3, sex="F"), row("D", 1, "G2", 2000, 4, sex="F"),
          row("E", 1, "G5", 2002, 1, sex="F")]
    g2 = [row("P", 1, "G1", 2000, 3, sex="F"), row("D", 1, "G2", 2000, 4, sex="F"),
          row("D", 2, "G3", 2001, 2, sex="F"), row("E", 1, "G5", 2002, 1, sex="F")]
    groups = [["P", 7], ["D", 7], ["E", 7]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, groups, g1), "g2.xlsx": book("GPT 2", DAY2, groups, g2)},
              gpts=3)
    assert {n: v[1] for n, v in standing(res, "P").items()} == {"G2": 18.0, "G3": 17.0, "G1": 16.0, "G5": 12.0,
                                                                "G4": 11.0}
    assert prizes(res, "Placement") == [("P", "G2")]


def test_memento_of_a_beginner_who_moves_to_the_age_group(tmp_path):
    """§1 stk. 7: "Memento prize: every player who took part in all tournaments and won no placement prize.
    Ruling: "all tournaments" = all GPTs"; README ruling 10: "Memento prize: the account with the most GPTs played
    (equal: the account of the player's last GPT)"; Ruling N: N results are credited to N only.

    GPTs = 3, groups 7 rounds, all born 2001 (age D), 3 points each time.
    Nis: N, N, D → all three GPTs; N twice, D once → memento in N. Dan: D, N, D → memento in D.
    Tom: D, D (two GPTs only) → none. No placement prizes: N n = 1 (Nis), D n = 2 (Dan, Tom) → floor(n/4) = 0.
    """
    g1 = [row("N", 1, "Nis", 2001, 3), row("D", 1, "Dan", 2001, 3), row("D", 2, "Tom", 2001, 3)]
    g2 = [row("N", 1, "Nis", 2001, 3), row("N", 2, "Dan", 2001, 3), row("D", 1, "Tom", 2001, 3)]
    g3 = [row("D", 1, "Nis", 2001, 3), row("D", 2, "Dan", 2001, 3)]
    groups = [["N", 7], ["D", 7]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, groups, g1), "g2.xlsx": book("GPT 2", DAY2, groups, g2),
                         "g3.xlsx": book("GPT 3", DAY3, groups, g3)}, gpts=3)
    assert prizes(res, "Placement") == []
    assert prizes(res, "Memento") == [("D", "Dan"), ("N", "Nis")]


def test_club_standings_with_tenths_special_events_and_a_dm_before_the_first_gpt(tmp_path):
    """§1 stk. 7: "Club standings: the GPM-points of all players of the same club summed. Ruling: every GPM-points
    award of the club's players counted once (a girl's award credited to both her age group and P counts once),
    with no worst-result deduction"; §5 stk. 6–9 (normalised GPTs; AM 5 + points, not normalised; DM flat 10 only
    after a GPT earlier in the season — pre-qualified players too; ruling 11: a DM row with Games 0 is not
    credited).

    GPTs = 2. GPT 1 22 Sep, DM 1 Oct, GPT 2 20 Oct, AM 12 Jan.
    Skåde: Ole (C) GPT 1 C of 9 rounds 6½ → 6.5·7/9 = 5.0555… → 5.1 → 10.1; GPT 2 C of 7, 2 → 7.0; DM (played 5
    games, GPT 1 earlier) 10.0; AM 3 → 8.0. Pia (girl, D) GPT 1 in P of 6, 3½ → 3.5·7/6 = 4.0833… → 4.1 → 9.1.
    Skåde = 10.1 + 7.0 + 10.0 + 8.0 + 9.1 = 44.2.
    Viby: Gro (girl, E) GPT 2 in E, 4 → 9.0 (E and P: once); her DM (pre-qualified) is before her first GPT → 0.
    Nils (N) GPT 1 in N, 5 → 10.0; his DM row has Games 0 → 0. Viby = 19.0.
    C standings: Ole played both GPTs → 7.0 dropped → 10.1 + 10.0 + 8.0 = 28.1 (the club keeps the 7.0).
    """
    g1 = [row("C", 1, "Ole", 1998, "6½", 9, club="Skåde"), row("P", 1, "Pia", 2000, "3½", 6, sex="F", club="Skåde"),
          row("N", 1, "Nils", 2004, 5, club="Viby")]
    g2 = [row("C", 1, "Ole", 1998, 2, club="Skåde"), row("E", 1, "Gro", 2002, 4, sex="F", club="Viby")]
    dm = [[*row("C", 1, "Ole", 1998, 3, 5, club="Skåde"), None],
          [*row("F", 1, "Nils", 2004, 0, 0, club="Viby"), None],
          [None, None, "Gro", "Viby", 2002, "F", None, None, "Pre-qualified"]]
    am = [row("C", 1, "Ole", 1998, 3, club="Skåde")]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 9], ["P", 6], ["N", 7]], g1),
         "dm.xlsx": book("DM", D(2012, 10, 1), [["C", 5], ["F", 5]], dm, kind="DM-kvalifikation",
                         head=[*HEAD, "Status"]),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7], ["E", 7]], g2),
         "am.xlsx": book("AM", DAY4, [["C", 7]], am, kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=2)
    assert ledger(res, "DM") == {("Ole", "C"): 10.0}
    assert standing(res, "C")["Ole"][1] == 28.1
    cl = res.outcome.clubs
    assert [(c, round(float(v), 1), int(r)) for c, v, r in zip(cl["club"], cl["total"], cl["rank"])] == [
        ("Skåde", 44.2, 1), ("Viby", 19.0, 2)]


def test_girls_trophy_equal_averages_across_a_p_group_oldest_age_group_wins(tmp_path):
    """§3: "The girls' trophy (Pigevandrepokal) is decided across groups by: 1) highest average score (points /
    games, compared as exact fractions), 2) oldest age group, 3) relative placing".

    Aarhusmesterskab: Cæcilie (C, 1998) in C, 6 of 9 = 2/3; Pia (D, 2000) in the girls' group P, 4 of 6 = 2/3;
    Dot (D, 2001) in D, 4 of 6 = 2/3. Equal averages → the oldest age group, C → Cæcilie.
    (A GPT before the AM makes the season ordinary.)
    """
    g1 = [row("C", 1, "Cæcilie", 1998, 4, sex="F"), row("D", 1, "Dot", 2000, 4, sex="F")]
    am = [row("C", 1, "Cæcilie", 1998, 6, 9, sex="F"), row("P", 1, "Pia", 2000, 4, 6, sex="F"),
          row("D", 1, "Dot", 2001, 4, 6, sex="F")]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["C", 7], ["D", 7]], g1),
                         "am.xlsx": book("AM", DAY4, [["C", 9], ["P", 6], ["D", 6]], am, kind="Aarhusmesterskab")})
    assert prizes(res, "Girls' trophy") == [("P", "Cæcilie")]


# ============================================================================ DEFECTS


def test_girl_with_a_blank_sex_cell_in_one_gpt_is_still_credited_to_p(tmp_path):
    """§5 stk. 4: "A girl playing in AA or A–F gets the same GPM-points credited both to her age group's standings
    and to the P standings"; §1 stk. 6 Ruling (drop per account once it holds every GPT). The player is one person:
    GPT 1 and GPT 3 say she is a girl (F); GPT 2's organiser left Sex blank (nothing says M).

    Gry (born 2000, age D), all in D of 7 rounds, GPTs = 3: 5 → 10.0, 5 → 10.0, 4 → 9.0, each in D and P.
    P holds all three → 9.0 dropped → 20.0 (gpcalc: GPT 2 missing from P, no drop → 19.0).
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["D", 7]], [row("D", 1, "Gry", 2000, 5, sex="F")]),
         "g2.xlsx": book("GPT 2", DAY2, [["D", 7]], [row("D", 1, "Gry", 2000, 5, sex=None)]),
         "g3.xlsx": book("GPT 3", DAY3, [["D", 7]], [row("D", 1, "Gry", 2000, 4, sex="F")])}
    res = run(tmp_path, t, gpts=3)
    assert ledger(res, "GPT 2") == {("Gry", "D"): 10.0, ("Gry", "P"): 10.0}
    assert standing(res, "P")["Gry"][1] == 20.0


def test_one_player_one_age_group_account_when_rows_disagree_on_birth(tmp_path):
    """Rulebook: "GPM-points go to the player's *age group* standings" (one age group, by birth year, §1 stk. 2);
    §1 stk. 7: "everyone else has only one account" (only girls have two: age group and P); CONTRACT: identity
    disagreements are warnings, never silent.

    Ann (no register row, no ID) plays C at GPT 1 and GPT 2, 5 of 7 each; the rows say born 1999 (C) and 2000 (D).
    Whatever year is taken, Ann must be in exactly one of A–F, and the disagreement must be reported (a warning
    naming Ann). gpcalc: C 10.0 and D 12.0 — two standings rows, two trophies, no warning.
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [row("C", 1, "Ann", 1999, 5)]),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7]], [row("C", 1, "Ann", 2000, 5)])}
    res = run(tmp_path, t, gpts=3)
    assert len(rankings_of(res, "Ann") & {"A", "B", "C", "D", "E", "F"}) == 1
    assert any(i.severity == "warning" and "Ann" in i.message for i in res.issues.items)


def test_groups_sheet_with_one_group_twice_and_different_rounds_is_reported(tmp_path):
    """§5 stk. 6: "The divisor is the number of rounds the *group* played (the `Groups` sheet)". A Groups sheet
    saying C played 9 rounds and also 7 rounds gives no single divisor: Ole's 5 points are 5·7/9 = 3.888… → 3.9
    (8.9) or 5·7/7 = 5.0 (10.0). gpcalc must not pick one silently: an issue on the Groups sheet is expected.
    (gpcalc: 8.9, no issue.)
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 9], ["C", 7]], [row("C", 1, "Ole", 1998, 5)])}
    res = compute(folder_of(tmp_path, t, 3), use_cache=False)
    assert any(i.severity in ("error", "warning") and i.sheet == "Groups" for i in res.issues.items)


def test_one_merged_group_written_two_accepted_ways(tmp_path):
    """CONTRACT (groups `A+B` …; values people really type are read) and the rulebook: "Two groups may be merged on
    the day (e.g. A and B → "AB")"; §5 stk. 3 merged startpoints.

    One A+B group of 7 rounds, typed "A+B" on two rows and "AB" on the third (the Groups sheet says "A+B"):
    Ann (A) 1st 5 → 5 + 5 = 10.0; Ben (B) 2nd 4 → 5 + 4 = 9.0; Cid (C) 3rd 3 → as B, 1 over → 7 + 3 = 10.0.
    gpcalc: error place-skipped ("place 3 follows 0 players"), nothing computed.
    """
    rows = [row("A+B", 1, "Ann", 1994, 5), row("A+B", 2, "Ben", 1996, 4), row("AB", 3, "Cid", 1998, 3)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["A+B", 7]], rows)})
    assert ledger(res, "GPT 1") == {("Ann", "A"): 10.0, ("Ben", "B"): 9.0, ("Cid", "C"): 10.0}
