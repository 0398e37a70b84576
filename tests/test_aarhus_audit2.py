"""Second audit pass of the Aarhus circuit against /work/shared/rules/aarhus.md (its Rulings binding), the
Danish reglement (shared/seeds/003_…txt) and the README's Aarhus rulings 1–16.

The first pass (test_acf_aarhus_audit.py) covered normalisation, merged-group startpoints, AA with/without A,
drop-worst, floor(n/4), 9-round thresholds, the girls' trophy with blank Games and the DM date. This pass covers
§1 stk. 6 tiebreaks end to end, §1 stk. 7 trophies / memento prizes / club standings, the P and N accounts, the
Aarhusmesterskab normalisation setting, DM Status, §4 promotion/relegation edge cases, Plus entitlements, the
season change, and the JSON `next_group` / `movements`.

Every expected value is worked out by hand from the clause quoted in the docstring, not read from gpcalc. Two
tests found discrepancies, fixed on 30 November: an Aarhusmesterskab trophy went to group N (§3: A–F and P), and
a merged group's trophy had the ranking 'A+B' (now its strongest member, ruling 17).
Default age table 2012/2013 (§1 stk. 2): A 1992–95, B 1996–97, C 1998–99, D 2000–01, E 2002–03, F 2004+;
the next season's (ruling 12, a year on): A 1993–96, B 1997–98, C 1999–2000, D 2001–02, E 2003–04, F 2005+.
All GPT groups below play 7 rounds unless said otherwise, so GPM-points = startpoints + GPT-points.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from builders import make_season
from click.testing import CliRunner

from gpcalc.cli import main
from gpcalc.pipeline import compute

D = dt.date
HEAD = ["Group", "Place", "Name", "Club", "Born", "Sex", "Points", "Games"]
HEAD_MOVE = [*HEAD, "Move"]
HEAD_STATUS = [*HEAD, "Status"]
DAY1, DAY2, DAY3, DAY4 = D(2012, 9, 22), D(2012, 10, 20), D(2012, 11, 17), D(2013, 1, 12)


# ============================================================================ helpers


def book(name: str, day: dt.date, groups: list, rows: list, kind: str = "GPT", head: list | None = None) -> dict:
    return {"Tournament": {"Name": name, "Date": day, "Kind": kind}, "Groups": [["Group", "Rounds"], *groups],
            "Results": [head or HEAD, *rows]}


def folder_of(tmp_path: Path, tournaments: dict, gpts: int | None = 3, sheets: dict | None = None,
              **settings) -> Path:
    values = {"Circuit": "aarhus", "Season": "2012/2013", **settings}
    if gpts:
        values["GPTs"] = gpts
    return make_season(tmp_path, values, sheets=sheets, tournaments=tournaments)


def run(tmp_path: Path, tournaments: dict, gpts: int | None = 3, sheets: dict | None = None, **settings):
    res = compute(folder_of(tmp_path, tournaments, gpts, sheets, **settings), use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    return res


def standing(res, ranking: str) -> dict[str, tuple]:
    """name → (rank, tied, total, tiebreak, lots) in one ranking."""
    s = res.outcome.standings
    s = s[s["ranking"] == ranking]
    return {n: (int(r), bool(t), float(tot), str(tb), bool(lo))
            for n, r, t, tot, tb, lo in zip(s["name"], s["rank"], s["tied"], s["total"], s["tiebreak"], s["lots"])}


def ledger(res, tournament: str) -> dict[tuple[str, str], float]:
    led = res.outcome.ledger
    led = led[led["tournament"] == tournament]
    return {(n, r): float(p) for n, r, p in zip(led["name"], led["ranking"], led["points"])}


def prizes(res, kind: str) -> list[tuple[str, str, str]]:
    pr = res.outcome.prizes
    pr = pr[pr["value"].astype(str).str.startswith(kind)]
    return sorted((r, n, "" if not isinstance(no, str) else no) for r, n, no in zip(pr["ranking"], pr["name"],
                                                                                    pr["note"]))


def next_group(res) -> dict[str, str]:
    s = res.outcome.standings
    return dict(zip(s["name"], s["next_group"]))


def moves(res) -> dict[tuple[str, str], str]:
    return {(m["tournament"], m["name"]): m["move"] for m in res.outcome.json_extra["movements"]()}


def sheet(res, prefix: str):
    return next(s.frame for s in res.outcome.sheets if s.name.startswith(prefix))


def next_season(res) -> dict[str, tuple[str, str]]:
    ns = sheet(res, "Next season groups")
    return {n: (g, r) for n, g, r in zip(ns["name"], ns["group"], ns["rule"])}


def c(name: str, pts, born: int = 1998, sex: str = "M", place=1, club: str = "K", group: str = "C", games=7):
    return [group, place, name, club, born, sex, pts, games]


# ============================================================================ §1 stk. 6 tiebreaks, end to end


def test_tiebreak2_best_worst_includes_the_dropped_result(tmp_path):
    """§1 stk. 6: "1. Total GPM-points, where players who took part in every GPT … have their worst GPT result
    removed; 2. best worst result (the higher lowest GPT result wins)"; Ruling: ""Worst result" for tiebreak 2
    is the lowest GPT result in the account (the dropped one where one was dropped)."

    GPTs = 3, group C (own age group: 5 startpoints), 7 rounds.
    Cai: 4, 2, 3 → 9.0, 7.0, 8.0; 7.0 dropped → 17.0; worst 7.0.
    Dan: 3½, 3½, 3 → 8.5, 8.5, 8.0; 8.0 dropped → 17.0; worst 8.0.
    Equal totals; Dan's worst (8.0) is better → Dan 1, Cai 2, both "best worst result".
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Cai", 4), c("Dan", "3½", place=2)]),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7]], [c("Dan", "3½"), c("Cai", 2, place=2)]),
         "g3.xlsx": book("GPT 3", DAY3, [["C", 7]], [c("Cai", 3), c("Dan", 3, place=2)])}
    res = run(tmp_path, t, gpts=3)
    assert standing(res, "C") == {"Dan": (1, False, 17.0, "best worst result", False),
                                  "Cai": (2, False, 17.0, "best worst result", False)}
    s = res.outcome.standings.set_index("name")
    assert float(s.loc["Cai", "worst_result"]) == 7.0 and float(s.loc["Dan", "worst_result"]) == 8.0


def test_tiebreak2_player_without_gpt_in_account_ranks_lowest_ruling8(tmp_path):
    """§1 stk. 6 (2) with README ruling 8: "A player with no GPT result in an account ranks lowest on "best worst
    result"."

    GPTs = 3. Ben (C) plays GPT 1: 4 → 9.0. Amy (C) plays only the Aarhusmesterskab (§5 stk. 7: 5 + 4 = 9.0).
    Equal totals 9.0; Ben has a GPT result (9.0), Amy none → Ben 1, Amy 2 by "best worst result".
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Ben", 4)]),
         "am.xlsx": book("AM", DAY4, [["C", 7]], [c("Amy", 4)], kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3)
    assert standing(res, "C") == {"Ben": (1, False, 9.0, "best worst result", False),
                                  "Amy": (2, False, 9.0, "best worst result", False)}


def test_tiebreak3_most_gpts_comes_before_am_points(tmp_path):
    """§1 stk. 6: "3. most GPT participations; 4. most GPM-points at Aarhusmesterskabet" (in that order).

    GPTs = 4 scheduled, 3 played (nobody has all → no drop).
    Fay (C): GPT 1–3, 4 each → 9.0 × 3 = 27.0; worst 9.0; 3 GPTs; AM 0.
    Eve (C): GPT 1–2, 4 each → 18.0, AM 4 → 5 + 4 = 9.0 → 27.0; worst 9.0; 2 GPTs; AM 9.0.
    Equal total and worst; Fay has more GPTs → Fay 1 (Eve's better AM is not reached), "most GPTs".
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Fay", 4), c("Eve", 4, place=2)]),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7]], [c("Fay", 4), c("Eve", 4, place=2)]),
         "g3.xlsx": book("GPT 3", DAY3, [["C", 7]], [c("Fay", 4)]),
         "am.xlsx": book("AM", DAY4, [["C", 7]], [c("Eve", 4)], kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=4)
    assert standing(res, "C") == {"Fay": (1, False, 27.0, "most GPTs", False),
                                  "Eve": (2, False, 27.0, "most GPTs", False)}


def test_tiebreak4_am_points_end_to_end(tmp_path):
    """§1 stk. 6 (4): "most GPM-points at Aarhusmesterskabet" (AM: 5 startpoints + points, §5 stk. 7).

    GPTs = 3, two played (no drop).
    Gus (C): GPT 4 → 9.0, GPT 5 → 10.0, AM 2 → 7.0 → 26.0; worst 9.0; 2 GPTs; AM 7.0.
    Hal (C): GPT 4 → 9.0, GPT 6 → 11.0, AM 1 → 6.0 → 26.0; worst 9.0; 2 GPTs; AM 6.0.
    → Gus 1, Hal 2, "points at Aarhusmesterskab".
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Gus", 4), c("Hal", 4, place=2)]),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7]], [c("Hal", 6), c("Gus", 5, place=2)]),
         "am.xlsx": book("AM", DAY4, [["C", 7]], [c("Gus", 2), c("Hal", 1, place=2)], kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3)
    assert standing(res, "C") == {"Gus": (1, False, 26.0, "points at Aarhusmesterskab", False),
                                  "Hal": (2, False, 26.0, "points at Aarhusmesterskab", False)}
    s = res.outcome.standings.set_index("name")
    assert float(s.loc["Gus", "am_points"]) == 7.0 and float(s.loc["Hal", "am_points"]) == 6.0


def test_tiebreak5_lots_shared_trophy_and_placement_prize_flagged(tmp_path):
    """§1 stk. 6 (5): "lots — gpcalc never draws lots silently: it marks the tie "lots to be drawn""; §1 stk. 7:
    "A trophy (vandrepokal) per GPM group to the winner"; "floor(n / 4) prizes".

    GPTs = 3, two played. Jon and Kim (C): 4 and 4 → 18.0 each, worst 9.0, 2 GPTs, no AM → still equal →
    both rank 1, tied, lots. Lea: 3, 3 → 16.0 → rank 3 (shared ranks skip). Mo: 1, 1 → 12.0 → rank 4.
    Trophy: Jon and Kim, each noted "lots to be drawn". n = 4 players with two GPTs → 1 placement prize, which
    falls between Jon and Kim → flagged "lots to be drawn".
    """
    rows = [c("Jon", 4), c("Kim", 4, place=1), c("Lea", 3, place=3), c("Mo", 1, place=4)]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], rows), "g2.xlsx": book("GPT 2", DAY2, [["C", 7]], rows)}
    res = run(tmp_path, t, gpts=3)
    assert standing(res, "C") == {"Jon": (1, True, 18.0, "lots to be drawn", True),
                                  "Kim": (1, True, 18.0, "lots to be drawn", True),
                                  "Lea": (3, False, 16.0, "", False), "Mo": (4, False, 12.0, "", False)}
    assert prizes(res, "Trophy") == [("C", "Jon", "lots to be drawn"), ("C", "Kim", "lots to be drawn")]
    place = prizes(res, "Placement")
    assert len(place) == 1 and place[0][1] in ("Jon", "Kim") and "lots to be drawn" in place[0][2]


def test_trophy_single_when_tiebreak_separates(tmp_path):
    """§1 stk. 7: "A trophy (vandrepokal) per GPM group to the winner" — the winner after the §1 stk. 6 chain.

    D group: Ole 4, 4 → 18.0 (worst 9.0); Pia (boy here: Sex M) 3, 5 → 8.0 + 10.0 = 18.0 (worst 8.0).
    Tiebreak 2 → Ole alone is the winner: one trophy, no note.
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["D", 7]], [c("Ole", 4, 2000, group="D"),
                                                    c("Per", 3, 2000, place=2, group="D")]),
         "g2.xlsx": book("GPT 2", DAY2, [["D", 7]], [c("Per", 5, 2000, group="D"),
                                                    c("Ole", 4, 2000, place=2, group="D")])}
    res = run(tmp_path, t, gpts=3)
    assert prizes(res, "Trophy") == [("D", "Ole", "")]


# ============================================================================ §3 Aarhusmesterskab trophies


def test_am_group_trophies_shared_first_place(tmp_path):
    """§3: "Aarhusmesterskabet awards a trophy per group A–F and P to the best placed player" (Danish: "en
    vandrepokal i hver af grupperne A, B, C, D, E, F og P til den bedst placerede spiller").

    AM: group C with two players both placed =1 → both listed, "shared first place: lots to be drawn";
    group D: Dag 1st, Dot 2nd → Dag only; group P: Pia 1st → Pia (the P trophy is besides the girls' trophy).
    """
    am = [["C", "=1", "Cal", "K", 1998, "M", 5, 7], ["C", "=1", "Cia", "K", 1999, "M", 5, 7],
          ["D", 1, "Dag", "K", 2000, "M", 6, 7], ["D", 2, "Dot", "K", 2001, "M", 1, 7],
          ["P", 1, "Pia", "K", 2001, "F", 4, 6], ["P", 2, "Pil", "K", 2001, "F", 3, 6],
          ["P", 3, "Pam", "K", 2001, "F", 2, 6], ["P", 4, "Pen", "K", 2001, "F", 1, 6]]
    t = {"am.xlsx": book("AM", DAY4, [["C", 7], ["D", 7], ["P", 6]], am, kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3)
    assert prizes(res, "Aarhusmesterskab trophy") == [
        ("C", "Cal", "shared first place: lots to be drawn"), ("C", "Cia", "shared first place: lots to be drawn"),
        ("D", "Dag", ""), ("P", "Pia", "")]


def test_am_trophy_only_for_groups_a_to_f_and_p(tmp_path):
    """§3: "Aarhusmesterskabet awards a trophy per group A–F and P to the best placed player" (Danish: "en
    vandrepokal i hver af grupperne A, B, C, D, E, F og P"). The list names no N group, though §1 stk. 2 (which
    the AM's groups follow, §3: "udelukkende … alderskriterierne i 1, stk. 2") has one.

    AM with groups C and N: Cal (C) 1st → the C trophy; Nyb (N) 1st → no Aarhusmesterskab trophy.
    Expected AM trophies: [C Cal] only.
    """
    am = [["C", 1, "Cal", "K", 1998, "M", 5, 7], ["N", 1, "Nyb", "K", 2004, "M", 6, 7]]
    t = {"am.xlsx": book("AM", DAY4, [["C", 7], ["N", 7]], am, kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3)
    assert prizes(res, "Aarhusmesterskab trophy") == [("C", "Cal", "")]


def test_am_trophy_ranking_is_a_ranking_name(tmp_path):
    """CONTRACT: "`prizes: [{ranking, place, name, id, value}]` … `ranking` names: … aarhus `A`–`F`, `N`, `P`".
    §3: one trophy per group A–F and P, the AM's groups being age groups (§3: "gruppeinddelingerne udelukkende
    … alderskriterierne"). An organiser who merged A and B at the AM: the winner's trophy must carry a ranking
    name of the contract (A or B — which one the rules do not say), not "A+B".

    Expected: every prize's ranking is one of A–F, N, P.
    """
    am = [["A+B", 1, "Ab", "K", 1994, "M", 3, 7], ["A+B", 2, "Bb", "K", 1996, "M", 2, 7]]
    t = {"am.xlsx": book("AM", DAY4, [["A+B", 7]], am, kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3)
    assert set(res.outcome.prizes["ranking"]) <= {"A", "B", "C", "D", "E", "F", "N", "P"}


# ============================================================================ §1 stk. 7 memento prizes


def test_memento_prizes_accounts_and_any_placement_rules_out_ruling10(tmp_path):
    """§1 stk. 7: "Memento prize (erindringspræmie): every player who took part in all tournaments and won no
    placement prize. Ruling: "all tournaments" = all GPTs. A girl's memento goes to the account (P or her age
    group) she played in most often"; README ruling 10: "(equal: the account of the player's last GPT); any
    placement prize, in any account, rules out a memento."

    GPTs = 2, both played. D group (born 2000, own group): B1 6, 6 → 11.0 × 2 = 22.0; B2 5, 5 → 20.0;
    B3 4, 4 → 18.0; Liv (girl) 1, 1 → 6.0 × 2 = 12.0. D: n = 4 with two GPTs → 1 placement prize → B1.
    P account: Liv's D results (6.0, 6.0; §5 stk. 4) and three girls in P (5 + ½ = 5.5 each GPT → 11.0):
    Liv 12.0 first; n = 4 → 1 P prize → Liv.
    Everyone played both GPTs. Memento: B2, B3 (D); P1–P3 (P, the group they played); not B1 (prize), not Liv
    (her P placement prize rules out the memento her D play would give). Placement: D B1, P Liv.
    Ida (girl, age E, 2002) plays GPT 1 in P (½) and GPT 2 in E (1): 1 P + 1 E → equal → her last GPT's (E).
    """
    d = [c("B1", 6, 2000, group="D"), c("B2", 5, 2000, place=2, group="D"), c("B3", 4, 2000, place=3, group="D"),
         c("Liv", 1, 2000, "F", place=4, group="D")]
    p = [c(f"P{i}", "½", 2001, "F", place=i, group="P") for i in (1, 2, 3)]
    g1 = [*d, *p, c("Ida", "½", 2002, "F", place=4, group="P")]
    g2 = [*d, *p, c("Ida", 1, 2002, "F", group="E")]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["D", 7], ["P", 7]], g1),
         "g2.xlsx": book("GPT 2", DAY2, [["D", 7], ["P", 7], ["E", 7]], g2)}
    res = run(tmp_path, t, gpts=2)
    assert [(r, n) for r, n, _ in prizes(res, "Placement")] == [("D", "B1"), ("P", "Liv")]
    assert [(r, n) for r, n, _ in prizes(res, "Memento")] == [
        ("D", "B2"), ("D", "B3"), ("E", "Ida"), ("P", "P1"), ("P", "P2"), ("P", "P3")]


def test_memento_girl_account_played_most_often(tmp_path):
    """§1 stk. 7 Ruling: "A girl's memento goes to the account (P or her age group) she played in most often".

    GPTs = 3. Gry (girl, age D) plays GPT 1 in P, GPT 2 in P, GPT 3 in D → P twice, D once → memento in P,
    although her last GPT was in D and her P account holds all three results. Cy (C) plays GPT 1 and 2 only →
    no memento ("all tournaments"). Bo (C) plays all three → memento in C.
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["P", 7], ["C", 7]], [c("Gry", 3, 2000, "F", group="P"), c("Cy", 3),
                                                               c("Bo", 3, place=2)]),
         "g2.xlsx": book("GPT 2", DAY2, [["P", 7], ["C", 7]], [c("Gry", 3, 2000, "F", group="P"), c("Cy", 3),
                                                               c("Bo", 3, place=2)]),
         "g3.xlsx": book("GPT 3", DAY3, [["D", 7], ["C", 7]], [c("Gry", 3, 2000, "F", group="D"), c("Bo", 3)])}
    res = run(tmp_path, t, gpts=3)
    assert [(r, n) for r, n, _ in prizes(res, "Memento")] == [("C", "Bo"), ("P", "Gry")]


# ============================================================================ §1 stk. 7 clubs


def test_club_standings_register_club_award_once_no_drop(tmp_path):
    """§1 stk. 7: "Club standings: the GPM-points of all players of the same club summed. Ruling: every
    GPM-points award of the club's players counted once (a girl's award credited to both her age group and P
    counts once), with no worst-result deduction." CONTRACT: "For identity fields (name, sex, birth,
    state/league/club) the register wins over tournament rows".

    GPTs = 2. Ann (C, register club Skåde; her rows say Viby): 4 → 9.0, 2 → 7.0 (C standings drop the 7.0 →
    9.0; the club keeps both) → Skåde 16.0.
    Bea (girl, D, Lystrup): 3 → 8.0, 1 → 6.0, DM pre-qualified 10.0 (GPT 1 is earlier) — each in D and P,
    counted once → Lystrup 24.0. Nils (N, Viby): 2 → 7.0 → Viby 7.0 (not 23.0: Ann counts for Skåde).
    Ann's DM row with Games 0 earns nothing (ruling 11).
    """
    reg = {"Players": [["Name", "Sex", "Born", "Club"], ["Ann", "M", 1998, "Skåde"]]}
    g1 = [c("Ann", 4, club="Viby"), c("Bea", 3, 2000, "F", club="Lystrup", group="D"),
          c("Nils", 2, 2001, club="Viby", group="N")]
    g2 = [c("Ann", 2, club="Viby"), c("Bea", 1, 2000, "F", club="Lystrup", group="D")]
    dm = [[None, None, "Bea", "Lystrup", 2000, "F", None, None, "Pre-qualified"],
          ["C", 1, "Ann", "Viby", 1998, "M", 0, 0, None]]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7], ["D", 7], ["N", 7]], g1),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7], ["D", 7]], g2),
         "dm.xlsx": book("DM", DAY4, [["C", 5]], dm, kind="DM-kvalifikation", head=HEAD_STATUS)}
    res = run(tmp_path, t, gpts=2, sheets=reg)
    assert standing(res, "C")["Ann"][2] == 9.0
    assert ledger(res, "DM") == {("Bea", "D"): 10.0, ("Bea", "P"): 10.0}
    cl = res.outcome.clubs
    assert list(zip(cl["club"], cl["total"], cl["rank"])) == [("Lystrup", 24.0, 1), ("Skåde", 16.0, 2),
                                                              ("Viby", 7.0, 3)]


def test_club_standings_equal_totals_share_rank(tmp_path):
    """§1 stk. 7 club standings; equal sums share a rank (as every gpcalc standings: "Equal totals share a
    rank"). Viby: Ole 4 → 9.0; Skåde: Sia 4 → 9.0 → both rank 1, tied."""
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Ole", 4, club="Viby"), c("Sia", 4, club="Skåde")])}
    res = run(tmp_path, t, gpts=3)
    cl = res.outcome.clubs
    assert sorted(zip(cl["club"], cl["total"], cl["rank"], cl["tied"])) == [("Skåde", 9.0, 1, True),
                                                                            ("Viby", 9.0, 1, True)]


def test_club_of_a_player_who_changes_club_is_the_last_one(tmp_path):
    """§1 stk. 7 "the GPM-points of all players of the same club summed" is silent on a player who changes club
    mid-season (no register row). gpcalc's choice (documented here, see report): the player's last club seen
    takes every award of the season. Tim: GPT 1 for Viby 4 → 9.0, GPT 2 for Lystrup 2 → 7.0 → Lystrup 16.0,
    Viby nothing."""
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Tim", 4, club="Viby")]),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7]], [c("Tim", 2, club="Lystrup")])}
    res = run(tmp_path, t, gpts=3)
    cl = res.outcome.clubs
    assert list(zip(cl["club"], cl["total"])) == [("Lystrup", 16.0)]


# ============================================================================ §5 stk. 4 P, Ruling N


def test_girl_in_n_is_credited_in_n_only_and_p_rows_p_only(tmp_path):
    """§5 stk. 4: "A girl playing in AA or A–F gets the same GPM-points credited both to her age group's
    standings and to the P standings … A girl playing in P is credited only in P"; "Ruling — N: beginners in N
    get 5 startpoints and are credited in the N standings only"; README ruling 14: "Aarhusmesterskab and DM rows
    in group P are credited to P only, as in a GPT."

    GPT 1: Nora (girl, age F) in N, 3 of 7 → 5 + 3 = 8.0 in N only (N is not A–F: no P credit).
    Pia (girl, age D) in P, 4 of 6 rounds → 5 + 4·7/6 = 5 + 4.666… → 4.7 → 9.7 in P only.
    AM: Pia in P, 3 → 5 + 3 = 8.0 in P only.
    """
    g1 = [c("Nora", 3, 2004, "F", group="N"), c("Pia", 4, 2001, "F", group="P", games=6)]
    am = [c("Pia", 3, 2001, "F", group="P", games=6)]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["N", 7], ["P", 6]], g1),
         "am.xlsx": book("AM", DAY4, [["P", 6]], am, kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3)
    assert ledger(res, "GPT 1") == {("Nora", "N"): 8.0, ("Pia", "P"): 9.7}
    assert ledger(res, "AM") == {("Pia", "P"): 8.0}
    assert standing(res, "P")["Pia"][2] == 17.7


# ============================================================================ §5 stk. 7 AM normalisation setting


@pytest.mark.parametrize("value, expected", [(None, 11.0), ("Nej", 11.0), ("Ja", 9.7), ("No", 11.0)])
def test_am_normalisation_setting_danish_alias(tmp_path, value, expected):
    """§5 stk. 7: "Aarhusmesterskabet: … everyone gets 5 startpoints + GPT-points. Ruling: not normalised …;
    configurable." The setting `Normalise Aarhusmesterskab` (alias "Normaliser Aarhusmesterskab").

    AM group C of 9 rounds, Ole 6 points: off (default / Nej / No) → 5 + 6 = 11.0;
    on (Ja) → 5 + 6·7/9 = 5 + 4.666… → 4.7 = 9.7.
    """
    settings = {} if value is None else {"Normaliser Aarhusmesterskab": value}
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Ole", 4)]),
         "am.xlsx": book("AM", DAY4, [["C", 9]], [c("Ole", 6, games=9)], kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3, **settings)
    assert ledger(res, "AM") == {("Ole", "C"): expected}


def test_am_rounds_needed_only_when_normalised(tmp_path):
    """§5 stk. 6 needs the group's rounds; the AM is normalised only with the setting on (Ruling). Without a
    Groups row for the AM's group: setting off → no error (5 + 6 = 11.0); setting on → error rounds-missing."""
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [c("Ole", 4)]),
         "am.xlsx": book("AM", DAY4, [], [c("Ole", 6, games=9)], kind="Aarhusmesterskab")}
    res = run(tmp_path / "off", t, gpts=3)
    assert ledger(res, "AM") == {("Ole", "C"): 11.0}
    on = compute(folder_of(tmp_path / "on", t, 3, None, **{"Normalise Aarhusmesterskab": "Yes"}), use_cache=False)
    assert any(i.code == "rounds-missing" for i in on.issues.errors)
    # with the group's rounds: normalised (6 × 7/9 = 4.666… → 4.7), and the ledger names the setting that did it
    t["am.xlsx"] = book("AM", DAY4, [["C", 9]], [c("Ole", 6, games=9)], kind="Aarhusmesterskab")
    on = compute(folder_of(tmp_path / "on2", t, 3, None, **{"Normalise Aarhusmesterskab": "Yes"}), use_cache=False)
    lg = on.outcome.ledger
    detail = lg.loc[lg["tournament"] == "AM", "detail"].iloc[0]
    assert detail.startswith("startpoints 5 (Aarhusmesterskab, §5 stk. 7); GPT-points 6 × 7/9")
    assert detail.endswith("(normalised: season setting Normalise Aarhusmesterskab) = 9.7")


# ============================================================================ §5 stk. 8 DM Status


def test_dm_status_only_at_dm_and_danish_alias(tmp_path):
    """§5 stk. 8 / rulebook: "the DM-kvalifikation workbook lists them with `Status = Pre-qualified` (points and
    games left blank)"; CONTRACT: "`Status` (`Pre-qualified` at DM-kvalifikation)".

    Status written on a GPT row → an error (status-not-dm). At the DM, the Danish value "Forhåndskvalificeret"
    is read as Pre-qualified: Gro (girl, age E, GPT 1 earlier) gets the flat 10 in E and in P (§5 stk. 4).
    """
    bad = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [[*c("Ole", 4), "Pre-qualified"]], head=HEAD_STATUS)}
    res_bad = compute(folder_of(tmp_path / "bad", bad, 3), use_cache=False)
    assert any(i.code == "status-not-dm" for i in res_bad.issues.errors)
    t = {"g1.xlsx": book("GPT 1", DAY1, [["E", 7]], [c("Gro", 4, 2002, "F", group="E")]),
         "dm.xlsx": book("DM", DAY4, [["E", 5]], [[None, None, "Gro", "K", 2002, "F", None, None,
                                                   "Forhåndskvalificeret"]], kind="DM-kvalifikation",
                         head=HEAD_STATUS)}
    res = run(tmp_path / "ok", t, gpts=3)
    assert ledger(res, "DM") == {("Gro", "E"): 10.0, ("Gro", "P"): 10.0}


# ============================================================================ §4 promotion and relegation


def test_exact_thresholds_partial_games_and_move_column(tmp_path):
    """§4: "promotion if points >= 75 % of g; relegation if points < 25 % of g" (g = games played); table for 6
    rounds: relegation 0–1, stay 1½–4, promotion 4½–6; for 8: 0–1½ / 2–5½ / 6–8. "A player who did not play all
    rounds is not relegated automatically: … "director to decide"; the director's decision is recorded in the
    … `Move` column (`up`, `down`, `stay`) and then applied. Promotion stays automatic". Ruling 1: blank Games =
    every round.

    D, 6 rounds (born 2000, strength D):
    U1 4½/6 → up C; S1 4/6 → stay D; S2 1½/6 (exactly 25 %) → stay D; R1 1/6 → down E;
    P1 3 of 4 games (3 >= 0.75·4) → up C (flagged); P2 ½ of 3 games (< 0.75) → director, stays D;
    P3 ½ of 2 games (= 25 %: stay) but Move "down" → E; F1 0/6 (auto down) with Move "stay" → D.
    E, 8 rounds, Games blank (born 2002, strength E): Eu 6 → up D; Es 2 → stay E; Ed 1½ → down F.
    """
    d = [["D", 1, "U1", "K", 2000, "M", "4½", 6, None], ["D", 2, "S1", "K", 2000, "M", 4, 6, None],
         ["D", 3, "P1", "K", 2000, "M", 3, 4, None], ["D", 4, "S2", "K", 2000, "M", "1½", 6, None],
         ["D", 5, "R1", "K", 2000, "M", 1, 6, None], ["D", 6, "P2", "K", 2000, "M", "½", 3, None],
         ["D", 7, "P3", "K", 2000, "M", "½", 2, "ned"], ["D", 8, "F1", "K", 2000, "M", 0, 6, "stay"],
         ["E", 1, "Eu", "K", 2002, "M", 6, None, None], ["E", 2, "Es", "K", 2002, "M", 2, None, None],
         ["E", 3, "Ed", "K", 2002, "M", "1½", None, None]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["D", 6], ["E", 8]], d, head=HEAD_MOVE)})
    assert {n: m for (_t, n), m in moves(res).items()} == {
        "U1": "up", "S1": "stay", "P1": "up", "S2": "stay", "R1": "down", "P2": "director", "P3": "down",
        "F1": "stay", "Eu": "up", "Es": "stay", "Ed": "down"}
    assert next_group(res) == {"U1": "C", "S1": "D", "P1": "C", "S2": "D", "R1": "E", "P2": "D", "P3": "E",
                               "F1": "D", "Eu": "D", "Es": "E", "Ed": "F"}


def test_bounds_at_a_and_f_even_with_move_column(tmp_path):
    """§4: "never above A nor below F" (Danish: "Det er ikke muligt at rykke højere op end A-gruppen eller
    længere ned end F-gruppen").

    A (born 1994): Aki 7/7 → would go up: stays A; Ari ½/7 Move "up" → stays A. F (born 2005): Fie 0/7 →
    would go down: stays F; Fin 7/7 → up E. The movement shows "stay" where the bound stops it.
    """
    rows = [["A", 1, "Aki", "K", 1994, "M", 7, 7, None], ["A", 2, "Ari", "K", 1994, "M", "½", 7, "op"],
            ["F", 1, "Fin", "K", 2005, "M", 7, 7, None], ["F", 2, "Fie", "K", 2005, "M", 0, 7, None]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["A", 7], ["F", 7]], rows, head=HEAD_MOVE)})
    assert next_group(res) == {"Aki": "AA", "Ari": "A", "Fin": "E", "Fie": "F"}  # Aki won A: Plus (appendix 3)
    assert {n: m for (_t, n), m in moves(res).items()} == {"Aki": "stay", "Ari": "stay", "Fin": "up",
                                                            "Fie": "stay"}


def test_merged_ab_suspends_relegation_only_ab_and_winner_no_plus(tmp_path):
    """§4: "In a merged A+B group relegation is suspended for everyone (§2 stk. 6, appendix); promotion still
    applies"; README ruling 4: "Relegation is suspended only in merged groups containing both A and B";
    appendix/§2 stk. 5: "the A-group winner qualifies for Plus … — except the winner of a merged A+B group";
    ruling 3: moves are from the stronger of the group played and the strength group (a merged group counts as
    its lowest member for that).

    A+B (7 rounds): Ari (A) 1st 6 → stays A (bound), no Plus → A; Bent (B) 5½ → up A; Alf (A) 1 → suspended, A;
    Bob (B) 0 → suspended, B.
    C+D (7 rounds): Cal (C) 1 → down D; Dag (D) 1 → down E; Dix (D) 6 → up C; Cia (C) 6 → up B.
    """
    rows = [["A+B", 1, "Ari", "K", 1994, "M", 6, 7], ["A+B", 2, "Bent", "K", 1996, "M", "5½", 7],
            ["A+B", 3, "Alf", "K", 1993, "M", 1, 7], ["A+B", 4, "Bob", "K", 1997, "M", 0, 7],
            ["C+D", 1, "Cia", "K", 1999, "M", 6, 7], ["C+D", 2, "Dix", "K", 2001, "M", 6, 7],
            ["C+D", 3, "Cal", "K", 1998, "M", 1, 7], ["C+D", 4, "Dag", "K", 2000, "M", 1, 7]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["A+B", 7], ["C+D", 7]], rows)})
    assert next_group(res) == {"Ari": "A", "Bent": "A", "Alf": "A", "Bob": "B", "Cia": "B", "Dix": "C",
                               "Cal": "D", "Dag": "E"}
    assert {n: m for (_t, n), m in moves(res).items()} == {
        "Ari": "stay", "Bent": "up", "Alf": "stay", "Bob": "stay", "Cia": "up", "Dix": "up", "Cal": "down",
        "Dag": "down"}


def _plus_rows(names_points: list[tuple[str, float]], group: str = "AA", born: int = 1994) -> list:
    return [[group, i, n, "K", born, "M", p, 7] for i, (n, p) in enumerate(names_points, start=1)]


def test_plus_entitlements_kept_once_and_lasting_to_next_gpt(tmp_path):
    """Appendix / §2 stk. 5: "the A-group winner qualifies for Plus at the next GPT regardless of points … A
    previous A winner who finishes 1–3 in Plus keeps the place once more (only once)"; appendix 2: "the 6th
    placed is moved down to A regardless of points"; README ruling 6: "A Plus entitlement lasts until the
    player's next GPT."

    GPT 1: AA K1..K5, Six (6th, ½); A: Ace 1st (4), Al2 2nd.   → after: Ace AA (A winner), Six A.
    GPT 2: AA Ace 2nd …; A: Wyn 1st.                           → after: Ace AA (kept once), Wyn AA.
    GPT 3: AA Ace 1st again; Wyn does not play; A: Al2 1st.    → after: Ace A (kept only once), Wyn still AA
    (entitlement until his next GPT), Al2 AA.
    """
    g1 = [*_plus_rows([("K1", 6), ("K2", 5), ("K3", 4), ("K4", 3), ("K5", 2), ("Six", 0.5)]),
          *_plus_rows([("Ace", 4), ("Al2", 3)], group="A")]
    g2 = [*_plus_rows([("K1", 6), ("Ace", 5), ("K2", 4), ("K3", 3), ("K4", 2), ("K5", 1)]),
          *_plus_rows([("Wyn", 5), ("Al2", 3), ("Six", 2)], group="A")]
    g3 = [*_plus_rows([("Ace", 6), ("K1", 5), ("K2", 4), ("K3", 3), ("K4", 2), ("K5", 1)]),
          *_plus_rows([("Al2", 5), ("Six", 3)], group="A")]
    groups = [["AA", 7], ["A", 7]]
    two = {"g1.xlsx": book("GPT 1", DAY1, groups, g1), "g2.xlsx": book("GPT 2", DAY2, groups, g2)}
    one = run(tmp_path / "one", {"g1.xlsx": two["g1.xlsx"]})
    assert next_group(one)["Ace"] == "AA" and next_group(one)["Six"] == "A"
    res2 = run(tmp_path / "two", two)
    assert next_group(res2)["Ace"] == "AA" and next_group(res2)["Wyn"] == "AA"
    res3 = run(tmp_path / "three", {**two, "g3.xlsx": book("GPT 3", DAY3, groups, g3)})
    ng = next_group(res3)
    assert (ng["Ace"], ng["Wyn"], ng["Al2"]) == ("A", "AA", "AA")


def test_aa_without_a_group_is_a_in_every_respect_ruling5(tmp_path):
    """README ruling 5: "A GPT with AA but no A group treats AA as A in every respect (its winner is the "A
    winner")"; rulebook: "a GPT with an AA group and no A group scores AA as A".

    GPT 1 with AA (7 rounds) and B only: Top (age A) 1st 5 → "A winner" → Plus next GPT (AA);
    Low (age A) 6th 1 (< 25 %) → not the Plus 6th rule (no true Plus): relegated as in A → B.
    Startpoints: AA scored as A → 5 + 5 = 10.0 and 5 + 1 = 6.0.
    """
    rows = [["AA", 1, "Top", "K", 1994, "M", 5, 7], ["AA", 2, "M2", "K", 1994, "M", 4, 7],
            ["AA", 3, "M3", "K", 1994, "M", 4, 7], ["AA", 4, "M4", "K", 1994, "M", 3, 7],
            ["AA", 5, "M5", "K", 1994, "M", 3, 7], ["AA", 6, "Low", "K", 1994, "M", 1, 7],
            ["B", 1, "Bee", "K", 1996, "M", 3, 7]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["AA", 7], ["B", 7]], rows)})
    led = ledger(res, "GPT 1")
    assert led[("Top", "A")] == 10.0 and led[("Low", "A")] == 6.0
    ng = next_group(res)
    assert ng["Top"] == "AA" and ng["Low"] == "B"


def test_playing_down_promotion_is_from_the_strength_group_ruling3(tmp_path):
    """§4: "promotion if points >= 75 %" — to "the group above" (Danish "rykke op i gruppen over"). README
    ruling 3: "Promotion/relegation is from the stronger of the group played and the current strength group
    (… playing down never costs status)".

    Cid (age C, strength C) plays down in D, scores 6/7 → promoted from the stronger, C → B (not D → C).
    Startpoints 1 under: 3 + 6 = 9.0 in C.
    """
    rows = [["D", 1, "Cid", "K", 1998, "M", 6, 7], ["D", 2, "Dan", "K", 2000, "M", 3, 7]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["D", 7]], rows)})
    assert ledger(res, "GPT 1")[("Cid", "C")] == 9.0
    assert next_group(res)["Cid"] == "B"


# ============================================================================ §4 stk. 4 season change


def test_season_change_rules_1_2_3_from_own_last_gpt(tmp_path):
    """§4 stk. 4: "from the result of *the player's own* last GPT of the season: 1) a player promoted there stays
    in the group promoted to; 2) a player relegated there moves one group up (the relegation is neutralised);
    3) everyone else is placed by birth year under the new season's age table. So nobody jumps two groups
    (C → A)". Ruling 12: the next table is this one a year on (B 1997–98, C 1999–2000).

    GPT 2 is the last GPT. Pro98 (C, 1998) 6/7 → B → rule 1 → B (not A: no C → A jump).
    Pro99 (C, 1999) 6/7 → B → rule 1 → B (rule 3 would give C).
    Rel98 (C, 1998) 1/7 → D → rule 2 → C (rule 3 would give B). Rel99 (C, 1999) 1/7 → D → rule 2 → C.
    Mid98 (C, 1998) 4/7 → stays → rule 3 → B ("the player who scores 50 % … moves up by rule 3").
    Early (C, 1999): promoted at GPT 1 (6/7 → B), no GPT 2: own last GPT = GPT 1 → rule 1 → B.
    Back (C, 1999): promoted at GPT 1 → B, GPT 2 in B 3½/7 stays → rule 3 → C.
    """
    g1 = [c("Early", 6, 1999), c("Back", 6, 1999, place=2), c("Pro98", 4, place=3), c("Pro99", 4, 1999, place=4),
          c("Rel98", 4, place=5), c("Rel99", 4, 1999, place=6), c("Mid98", 4, place=7)]
    g2 = [c("Pro98", 6), c("Pro99", 6, 1999, place=2), c("Mid98", 4, place=3), c("Rel98", 1, place=4),
          c("Rel99", 1, 1999, place=5), c("Back", "3½", 1999, group="B")]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], g1), "g2.xlsx": book("GPT 2", DAY2, [["C", 7], ["B", 7]], g2)}
    res = run(tmp_path, t, gpts=2)
    got = {n: (g, r.split(":")[0]) for n, (g, r) in next_season(res).items()}
    assert got == {"Pro98": ("B", "rule 1"), "Pro99": ("B", "rule 1"), "Rel98": ("C", "rule 2"),
                   "Rel99": ("C", "rule 2"), "Mid98": ("B", "rule 3"), "Early": ("B", "rule 1"),
                   "Back": ("C", "rule 3")}


# ============================================================================ JSON next_group, movements


def test_json_next_group_and_movements(tmp_path):
    """CONTRACT: "aarhus standings rows carry `next_group` (the strength group for the next GPT), and the object
    gains `movements: [{tournament, name, id, group, move}]` with `move` one of `up`, `down`, `stay`,
    `director`"; rulebook: "P and N results do not move a player on the A–F ladder".

    GPT 1: C (7): Up 6 → up, next B; Dn 1 → down, next D; Dir 0 of 3 games → director, next C.
    D (7): Gia (girl, age D) 3 → stay; her D and P rows both carry next_group D; one movement row.
    N: Nyb (age F) → no movement, next_group N. P: Pam (girl, age E) → no movement, next_group E.
    """
    rows = [c("Up", 6), c("Dn", 1, place=2), c("Dir", 0, place=3, games=3), c("Gia", 3, 2000, "F", group="D"),
            c("Nyb", 3, 2005, group="N"), c("Pam", 3, 2002, "F", group="P")]
    folder = folder_of(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["C", 7], ["D", 7], ["N", 7], ["P", 7]],
                                                  rows)}, 3)
    out = folder / "out.json"
    r = CliRunner().invoke(main, ["build", str(folder), "-o", str(folder / "output" / "out.xlsx"), "--json", str(out)])
    assert r.exit_code == 0, r.output
    data = json.loads(out.read_text(encoding="utf-8"))
    ng = sorted((s["name"], s["ranking"], s["next_group"]) for s in data["standings"])
    assert ng == [("Dir", "C", "C"), ("Dn", "C", "D"), ("Gia", "D", "D"), ("Gia", "P", "D"), ("Nyb", "N", "N"),
                  ("Pam", "P", "E"), ("Up", "C", "B")]
    mv = sorted((m["tournament"], m["name"], m["group"], m["move"]) for m in data["movements"])
    assert mv == [("GPT 1", "Dir", "C", "director"), ("GPT 1", "Dn", "C", "down"), ("GPT 1", "Gia", "D", "stay"),
                  ("GPT 1", "Up", "C", "up")]
    assert all({"tournament", "name", "id", "group", "move"} <= set(m) for m in data["movements"])


def test_n_beginner_dm_points_go_to_the_age_group_account(tmp_path):
    """Documents a choice (see report): "Ruling — N: beginners in N … are credited in the N standings only" speaks
    of the N group played; the DM-kvalifikation is played by age group (§3), and its flat 10 (§5 stk. 8, GPT 1
    earlier) is credited to the age-group account (E, born 2003), not to N where the beginner's GPTs are.
    Nyb: GPT 1 in N 3 → 8.0 (N); DM → 10.0 (E)."""
    t = {"g1.xlsx": book("GPT 1", DAY1, [["N", 7]], [c("Nyb", 3, 2003, group="N")]),
         "dm.xlsx": book("DM", DAY4, [["E", 5]], [c("Nyb", 2, 2003, group="E", games=5)], kind="DM-kvalifikation")}
    res = run(tmp_path, t, gpts=3)
    assert ledger(res, "DM") == {("Nyb", "E"): 10.0}
    assert standing(res, "N")["Nyb"][2] == 8.0 and standing(res, "E")["Nyb"][2] == 10.0
