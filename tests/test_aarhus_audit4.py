"""Fourth audit pass of the Aarhus circuit against /work/shared/rules/aarhus.md (its Rulings binding), the Danish
reglement (shared/seeds/003_…txt), the README's Aarhus rulings 1–17 and CONTRACT.

Passes one to three (test_acf_aarhus_audit.py, test_aarhus_audit2.py, test_aarhus_audit3.py) and the unit and
coverage tests left these corners alone, and this pass takes them: the §4 table for 10–13 rounds end to end with
its half-up normalisation and startpoints three and more groups down (never negative); that Aarhusmesterskab and
DM-kvalifikation results move nobody on the ladder; a GPT row with no round played (Games 0) as no participation
(no points, no drop, no memento, no DM credit, no club row) — and as no status or "last GPT" on the ladder; the
girls' trophy criterion 3 when equal girls sit in different groups; tiebreak 4 in the girls' account with AM
results played in P and in the age group; a Plus group beside a merged A+B group; transferred A players (kept A
subject to relegation); a girl playing two groups up and promoted (season change rule 1); a girl whose own last GPT
was in P; exact one-decimal totals in the JSON.

Every expected value is worked out by hand from the clause quoted in the docstring, never read from gpcalc.
Three defects found, all fixed on 30 November (aarhus_rules.girls_trophy, aarhus_rules.movements):
- the girls' trophy lists a girl beaten on criterion 3 (placed below an equal girl of her own group) as a co-winner
  "lots to be drawn" whenever a third equal girl plays in another group;
- a GPT row with Games 0 in a higher group raises the player's strength group (no game was played);
- a GPT row with Games 0 is taken as the player's "own last GPT" at the season change, hiding a promotion earned
  in the GPT before (everything else in gpcalc treats such a row as no participation).

Default age table 2012/2013 (§1 stk. 2): A 1992–95, B 1996–97, C 1998–99, D 2000–01, E 2002–03, F 2004+;
the next season's (ruling 12, a year on): A 1993–96, B 1997–98, C 1999–2000, D 2001–02, E 2003–04, F 2005+.
Strength ladder levels: AA 7, A 6, B 5, C 4, D 3, E 2, F 1. Startpoints = 5 + 2·(level played − age level), ≥ 0.
Normalised GPT-points = points × 7 / rounds of the group, half up to one decimal (§5 stk. 6).
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

from builders import AARHUS_HEAD
from builders import aarhus_book as book
from builders import aarhus_folder as folder_of
from builders import aarhus_ledger as ledger
from builders import aarhus_run as run

from gpcalc.pipeline import build

D = dt.date
HEAD = AARHUS_HEAD
HEAD_STATUS = [*HEAD, "Status"]
DAY1, DAY2, DAY3, DAY4 = D(2012, 9, 22), D(2012, 10, 20), D(2012, 11, 17), D(2013, 1, 12)
DM_DAY = D(2012, 10, 1)


# ============================================================================ helpers


def standing(res, ranking: str) -> dict[str, tuple]:
    """name → (rank, total, worst result, GPTs, tiebreak) in one ranking."""
    s = res.outcome.standings
    s = s[s["ranking"] == ranking]
    return {n: (int(r), round(float(t), 1), None if w != w else round(float(w), 1), int(g), str(tb))
            for n, r, t, w, g, tb in zip(s["name"], s["rank"], s["total"], s["worst_result"], s["gpts"],
                                         s["tiebreak"])}


def counted(res, name: str, ranking: str) -> dict[str, bool]:
    led = res.outcome.ledger
    led = led[(led["name"] == name) & (led["ranking"] == ranking)]
    return dict(zip(led["tournament"], led["counted"].astype(bool)))


def prizes(res, kind: str) -> list[tuple[str, str, str]]:
    pr = res.outcome.prizes
    pr = pr[pr["value"].astype(str).str.startswith(kind)]
    return sorted((r, n, no if isinstance(no, str) else "") for r, n, no in zip(pr["ranking"], pr["name"],
                                                                              pr["note"]))


def next_group(res) -> dict[str, str]:
    s = res.outcome.standings
    return dict(zip(s["name"], s["next_group"]))


def moves(res) -> dict[tuple[str, str], tuple[str, str]]:
    """(tournament, name) → (move, to)."""
    return {(m["tournament"], m["name"]): (m["move"], m["to"]) for m in res.outcome.json_extra["movements"]()}


def next_season(res) -> dict[str, tuple[str, str]]:
    ns = next(s.frame for s in res.outcome.sheets if s.name.startswith("Next season groups"))
    return {n: (g, r.split(":")[0]) for n, g, r in zip(ns["name"], ns["group"], ns["rule"])}


def row(group: str, place, name: str, born, pts, games=7, sex: str = "M", club: str = "K") -> list:
    return [group, place, name, club, born, sex, pts, games]


# ============================================================================ §4 table 10–13 rounds, §5 stk. 2, 6


def test_thresholds_10_to_13_rounds_half_up_and_three_or_more_groups_down(tmp_path):
    """§4: "promotion if points >= 75 % of g; relegation if points < 25 % of g; never above A nor below F", the
    reglement's table (relegation / stay / promotion): 10 → 0–2 / 2½–7 / 7½–10; 11 → 0–2½ / 3–8 / 8½–11;
    12 → 0–2½ / 3–8½ / 9–12; 13 → 0–3 / 3½–9½ / 10–13. §5 stk. 6: "× 7 / (rounds played in that group) … half up
    … computed exactly"; §5 stk. 2: "−2 per group lower, never below 0 … 3+ under → 0"; §6: the ledger gives
    "the normalisation fraction, rounding".

    Own age group (5 startpoints), every boundary of the table:
    C (10): 7½ → 52.5/10 = 5.25 → 5.3 (banker's 5.2) → 10.3 up to B; 7 → 4.9 → 9.9 stay;
            2½ → 1.75 → 1.8 → 6.8 stay; 2 → 1.4 → 6.4 down to D.
    D (11): 8½ → 59.5/11 = 5.409… → 5.4 → 10.4 up; 8 → 56/11 = 5.0909… → 5.1 → 10.1 stay;
            3 → 21/11 = 1.909… → 1.9 → 6.9 stay; 2½ → 17.5/11 = 1.5909… → 1.6 → 6.6 down to E.
    E (12): 9 → 63/12 = 5.25 → 5.3 → 10.3 up; 8½ → 59.5/12 = 4.958… → 5.0 → 10.0 stay;
            3 → 1.75 → 1.8 → 6.8 stay; 2½ → 17.5/12 = 1.458… → 1.5 → 6.5 down to F.
    F (13): 10 → 70/13 = 5.384… → 5.4 → 10.4 up to E; 9½ → 66.5/13 = 5.115… → 5.1 → 10.1 stay;
            3½ → 24.5/13 = 1.884… → 1.9 → 6.9 stay; 3 → 21/13 = 1.615… → 1.6 → 6.6, below 25 % but already F
            → stays F ("never below F").
    Playing down, each scoring exactly half (3.5 normalised, stay):
    Alf (A, 1994) in C, 2 under → 1 + 5·7/10 = 3.5 → 4.5; Ask (A, 1993) in D, 3 under → 0 + 5½·7/11 = 3.5 → 3.5;
    Bent (B, 1996) in E, 3 under → 0 + 6·7/12 = 3.5; Aage (A, 1992) in F, 5 under → 0 (not −5) + 6½·7/13 = 3.5.
    """
    rows = [row("C", 1, "C1", 1998, "7½", 10), row("C", 2, "C2", 1998, 7, 10), row("C", 3, "Alf", 1994, 5, 10),
            row("C", 4, "C3", 1998, "2½", 10), row("C", 5, "C4", 1998, 2, 10),
            row("D", 1, "D1", 2000, "8½", 11), row("D", 2, "D2", 2000, 8, 11), row("D", 3, "Ask", 1993, "5½", 11),
            row("D", 4, "D3", 2000, 3, 11), row("D", 5, "D4", 2000, "2½", 11),
            row("E", 1, "E1", 2002, 9, 12), row("E", 2, "E2", 2002, "8½", 12), row("E", 3, "Bent", 1996, 6, 12),
            row("E", 4, "E3", 2002, 3, 12), row("E", 5, "E4", 2002, "2½", 12),
            row("F", 1, "F1", 2005, 10, 13), row("F", 2, "F2", 2005, "9½", 13), row("F", 3, "Aage", 1992, "6½", 13),
            row("F", 4, "F3", 2005, "3½", 13), row("F", 5, "F4", 2005, 3, 13)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["C", 10], ["D", 11], ["E", 12], ["F", 13]], rows)})
    assert ledger(res, "GPT 1") == {
        ("C1", "C"): 10.3, ("C2", "C"): 9.9, ("C3", "C"): 6.8, ("C4", "C"): 6.4,
        ("D1", "D"): 10.4, ("D2", "D"): 10.1, ("D3", "D"): 6.9, ("D4", "D"): 6.6,
        ("E1", "E"): 10.3, ("E2", "E"): 10.0, ("E3", "E"): 6.8, ("E4", "E"): 6.5,
        ("F1", "F"): 10.4, ("F2", "F"): 10.1, ("F3", "F"): 6.9, ("F4", "F"): 6.6,
        ("Alf", "A"): 4.5, ("Ask", "A"): 3.5, ("Bent", "B"): 3.5, ("Aage", "A"): 3.5}
    mv = {n: m for (_t, n), m in moves(res).items()}
    assert mv == {"C1": ("up", "B"), "C2": ("stay", "C"), "C3": ("stay", "C"), "C4": ("down", "D"),
                  "D1": ("up", "C"), "D2": ("stay", "D"), "D3": ("stay", "D"), "D4": ("down", "E"),
                  "E1": ("up", "D"), "E2": ("stay", "E"), "E3": ("stay", "E"), "E4": ("down", "F"),
                  "F1": ("up", "E"), "F2": ("stay", "F"), "F3": ("stay", "F"), "F4": ("stay", "F"),
                  "Alf": ("stay", "A"), "Ask": ("stay", "A"), "Bent": ("stay", "B"), "Aage": ("stay", "A")}
    led = res.outcome.ledger
    detail = led.loc[led["name"] == "C1", "detail"].iloc[0]
    assert "7½ × 7/10 = 5.25 → 5.3" in detail and "startpoints 5" in detail


# ============================================================================ §3, §4: special events move nobody


def test_aarhusmesterskab_and_dm_results_move_nobody(tmp_path):
    """§4 (Danish: "I alle GPT kan en spiller kvalificere sig til at rykke op … eller … ned"): promotion and
    relegation come from GPTs; §3: Aarhusmesterskabet and DM-kvalifikation "afvikles ikke som GPT". §4 stk. 4: the
    season change is "from the result of the player's own last GPT". §5 stk. 7–9 points; §1 stk. 6 drop.

    GPTs = 2, everyone born 1999 (C; C again in 2013/2014).
    GPT 1 (C, 7): Ole 4 → 9.0, stay; Kim 6 → 11.0, up to B.
    DM 1 Oct (5 rounds): Ole 0 of 5, Kim 0 of 5 (relegation-level scores) → flat 10 each (GPT 1 earlier), no move.
    GPT 2: Ole C 5 → 10.0, stay; Kim B (1 over → 7) 3 → 10.0, stay in B.
    AM (after the last GPT): Ole 7/7 (promotion-level) → 5 + 7 = 12.0; Kim 0/7 → 5.0; no move.
    Movements: only the two GPTs' rows. Next GPT: Ole C, Kim B. Season change from GPT 2 (both "stay") → rule 3:
    both C. C standings (both played both GPTs): Ole 9.0 dropped → 10 + 10 + 12 = 32.0; Kim 10.0 dropped →
    11 + 10 + 5 = 26.0.
    """
    dm = [[*row("C", 1, "Ole", 1999, 0, 5), None], [*row("C", 2, "Kim", 1999, 0, 5), None]]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [row("C", 1, "Kim", 1999, 6), row("C", 2, "Ole", 1999, 4)]),
         "dm.xlsx": book("DM", DM_DAY, [["C", 5]], dm, kind="DM-kvalifikation", head=HEAD_STATUS),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7], ["B", 7]], [row("C", 1, "Ole", 1999, 5),
                                                              row("B", 1, "Kim", 1999, 3)]),
         "am.xlsx": book("AM", DAY4, [["C", 7]], [row("C", 1, "Ole", 1999, 7), row("C", 2, "Kim", 1999, 0)],
                         kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=2)
    assert moves(res) == {("GPT 1", "Ole"): ("stay", "C"), ("GPT 1", "Kim"): ("up", "B"),
                          ("GPT 2", "Ole"): ("stay", "C"), ("GPT 2", "Kim"): ("stay", "B")}
    assert next_group(res) == {"Ole": "C", "Kim": "B"}
    assert next_season(res) == {"Ole": ("C", "rule 3"), "Kim": ("C", "rule 3")}
    assert ledger(res, "DM") == {("Ole", "C"): 10.0, ("Kim", "C"): 10.0}
    assert ledger(res, "AM") == {("Ole", "C"): 12.0, ("Kim", "C"): 5.0}
    assert {n: v[1] for n, v in standing(res, "C").items()} == {"Ole": 32.0, "Kim": 26.0}


# ============================================================================ §5 stk. 5: no round played


def test_gpt_row_with_no_round_played_is_no_participation(tmp_path):
    """§5 stk. 5: "a player who played at least one round gets GPM-points" (none otherwise); §1 stk. 6 + Ruling:
    the drop only for players who "have played all" GPTs; §1 stk. 7: memento for "every player who took part in
    all tournaments"; §5 stk. 9: DM points "only players who played a GPT earlier"; club standings sum "every
    GPM-points award" — no award, no number anywhere.

    GPTs = 2, all born 1999 (C), 7 rounds. GPT 1: Ole 4 → 9.0; Ulla (girl) Games 0 → nothing;
    Vic (club Viby) Games 0 → nothing (his only row). DM 1 Oct: Ole (3 of 5) → 10.0; Ulla (5 of 5) → her only
    earlier GPT had no round → nothing. GPT 2: Ole 4 → 9.0; Ulla 4 → 9.0 in C and P.
    Ole: both GPTs → earliest 9.0 dropped → 9.0 + 10.0 = 19.0; memento (C n = 1 → floor(1/4) = 0 placement).
    Ulla: one GPT → no drop, 9.0 in C and P, no memento. Vic: no standings row, Viby no club row.
    Club K: 9 + 10 + 9 (Ole) + 9 (Ulla, once) = 37.0.
    """
    dm = [[*row("C", 1, "Ole", 1999, 3, 5), None], [*row("C", 2, "Ulla", 1999, 4, 5, sex="F"), None]]
    t = {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], [row("C", 1, "Ole", 1999, 4),
                                                     row("C", 2, "Ulla", 1999, 0, 0, sex="F"),
                                                     row("C", 3, "Vic", 1999, 0, 0, club="Viby")]),
         "dm.xlsx": book("DM", DM_DAY, [["C", 5]], dm, kind="DM-kvalifikation", head=HEAD_STATUS),
         "g2.xlsx": book("GPT 2", DAY2, [["C", 7]], [row("C", 1, "Ole", 1999, 4),
                                                     row("C", 2, "Ulla", 1999, 4, sex="F")])}
    res = run(tmp_path, t, gpts=2)
    assert ledger(res, "GPT 1") == {("Ole", "C"): 9.0}
    assert ledger(res, "DM") == {("Ole", "C"): 10.0}
    assert standing(res, "C") == {"Ole": (1, 19.0, 9.0, 2, ""), "Ulla": (2, 9.0, 9.0, 1, "")}
    assert standing(res, "P") == {"Ulla": (1, 9.0, 9.0, 1, "")}
    assert counted(res, "Ulla", "C") == {"GPT 2": True}
    assert prizes(res, "Memento") == [("C", "Ole", "took part in every GPT")]
    cl = res.outcome.clubs
    assert [(c, round(float(v), 1)) for c, v in zip(cl["club"], cl["total"])] == [("K", 37.0)]
    skipped = {i.message.split(" — ")[0] for i in res.issues.items if i.code == "no-gpm-points"}
    assert skipped == {"Ulla (GPT 1): no GPM-points", "Vic (GPT 1): no GPM-points", "Ulla (DM): no GPM-points"}


def _no_round_season(tmp_path: Path):
    """GPTs = 2, all born 1999 (age C; C in 2013/2014 too).
    GPT 1 (C, 7): Pro 6 → up to B; Ulf 3 → stays C; Kim 3 → stays C.
    GPT 2: B group (7) with Bea (1996, B) 4 and Pro and Ulf listed with Games 0 (no round played); C: Kim 3."""
    g1 = [row("C", 1, "Pro", 1999, 6), row("C", 2, "Ulf", 1999, 3), row("C", 3, "Kim", 1999, 3)]
    g2 = [row("B", 1, "Bea", 1996, 4), row("B", 2, "Pro", 1999, 0, 0), row("B", 3, "Ulf", 1999, 0, 0),
          row("C", 1, "Kim", 1999, 3)]
    return run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["C", 7]], g1),
                          "g2.xlsx": book("GPT 2", DAY2, [["B", 7], ["C", 7]], g2)}, gpts=2)


def test_no_round_played_in_a_higher_group_gives_no_status(tmp_path):
    """§4: "Only GPT-points count … With g = games the player played in the GPT: promotion if points >= 75 % of
    g"; README ruling 3: "playing up makes the played group your status" — but §5 stk. 5: only a player "who
    played at least one round" has a GPT result at all, and gpcalc itself treats a Games-0 row as no
    participation (no points, no drop, no memento, no DM credit).

    Ulf (strength C after GPT 1, 3/7) is listed in B at GPT 2 with Games 0: he played nothing there, so nothing
    moves him → next GPT C. (gpcalc: B — from C to B without a game.)
    """
    res = _no_round_season(tmp_path)
    assert next_group(res)["Ulf"] == "C"


def test_season_change_from_the_last_gpt_actually_played(tmp_path):
    """§4 stk. 4: "from the result of *the player's own* last GPT of the season ('i sin sidste GPT'): 1) a
    player promoted there stays in the group promoted to … 3) everyone else is placed by birth year"; §5 stk. 5:
    a player with no round played gets no result (gpcalc: no points, not counted as taking part for the drop,
    the memento or the DM).

    Pro: GPT 1 6/7 → promoted C → B. GPT 2: listed in B, Games 0 — no round, no result. His own last GPT with a
    result is GPT 1 → rule 1 → B. (gpcalc: GPT 2's empty row counts as a "stay" there → rule 3 → C, born 1999.)
    Control: Kim (stays at both) → rule 3 → C.
    """
    res = _no_round_season(tmp_path)
    assert next_group(res)["Pro"] == "B"
    ns = next_season(res)
    assert ns["Kim"] == ("C", "rule 3")
    assert ns["Pro"] == ("B", "rule 1")


# ============================================================================ §3 girls' trophy


def _am_girls(tmp_path: Path, am_rows: list):
    """A GPT (a boy only) makes the season ordinary; the AM has groups D and P of 6 rounds."""
    g1 = [row("D", 1, "Bo", 2000, 4)]
    return run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["D", 7]], g1),
                          "am.xlsx": book("AM", DAY4, [["D", 6], ["P", 6]], am_rows, kind="Aarhusmesterskab")})


def test_girls_trophy_girl_beaten_on_relative_placing_is_no_co_winner(tmp_path):
    """§3: the girls' trophy "is decided across groups by: 1) highest average score (points / games, compared as
    exact fractions), 2) oldest age group, 3) relative placing (indbyrdes placering: by then the girls are in the
    same group, so the better place wins)"; §1 stk. 6 (5): gpcalc "never draws lots silently".

    AM, all girls born 2000/2001 (age D): in D, Dot 1st 4/6 and Eva 2nd 4/6; in P, Pia 1st 4/6, Q1 3/6, Q2 2/6,
    Q3 1/6. Criterion 1: Dot = Eva = Pia = 2/3 (the Qs are lower). Criterion 2: all D. Criterion 3: Dot placed
    above Eva → Eva is out, whatever happens between Dot and Pia. Dot and Pia (different groups, no relative
    placing) are left for lots. Expected winners: Dot and Pia, "lots to be drawn". (gpcalc: Dot, Eva and Pia.)
    """
    am = [row("D", 1, "Dot", 2000, 4, 6, sex="F"), row("D", 2, "Eva", 2001, 4, 6, sex="F"),
          row("P", 1, "Pia", 2000, 4, 6, sex="F"), row("P", 2, "Q1", 2000, 3, 6, sex="F"),
          row("P", 3, "Q2", 2000, 2, 6, sex="F"), row("P", 4, "Q3", 2000, 1, 6, sex="F")]
    res = _am_girls(tmp_path, am)
    assert prizes(res, "Aarhusmesterskab trophy") == [("D", "Dot", ""), ("P", "Pia", "")]
    won = prizes(res, "Girls' trophy")
    assert [n for _r, n, _no in won] == ["Dot", "Pia"]
    assert all("lots to be drawn" in no for _r, _n, no in won)


def test_girls_trophy_equal_girls_in_different_groups_are_left_to_lots(tmp_path):
    """§3 criteria 1–3 (above) with a gap: criterion 3's "by then the girls are in the same group" is not so when
    one equal girl played in P and the other in her age group's group. The rulebook is silent; §1 stk. 6 (5):
    "gpcalc never draws lots silently". Control for the test above: the same ties without Eva.

    Dot (D, 2000) 1st in D 4/6; Pia (D, 2000) 1st in P 4/6; Q1–Q3 in P lower. Both 2/3, both age D, different
    groups → both listed, "lots to be drawn", the note naming 4/6 and age group D.
    """
    am = [row("D", 1, "Dot", 2000, 4, 6, sex="F"), row("P", 1, "Pia", 2000, 4, 6, sex="F"),
          row("P", 2, "Q1", 2000, 3, 6, sex="F"), row("P", 3, "Q2", 2000, 2, 6, sex="F"),
          row("P", 4, "Q3", 2000, 1, 6, sex="F")]
    res = _am_girls(tmp_path, am)
    assert prizes(res, "Girls' trophy") == [("P", "Dot", "4/6 games, age group D — lots to be drawn"),
                                            ("P", "Pia", "4/6 games, age group D — lots to be drawn")]


# ============================================================================ §1 stk. 6 tiebreak 4 in P


def test_tiebreak4_in_the_girls_account_counts_am_played_in_p_and_in_the_age_group(tmp_path):
    """§1 stk. 6: "1. Total …; 2. best worst result; 3. most GPT participations; 4. most GPM-points at
    Aarhusmesterskabet"; §5 stk. 4: a girl in A–F is credited to her age group and P, a girl in P only in P;
    README ruling 14: "Aarhusmesterskab and DM rows in group P are credited to P only"; ruling 7 (GPT count per
    account); §5 stk. 7 (AM 5 + points).

    GPTs = 3, two held (no drop). Xe (girl, 2000, D): GPT 1 D 4 → 9.0 (D, P); GPT 2 D 5 → 10.0 (D, P);
    AM in D 3 → 8.0 (D, P). Yu (girl, 2001, D): GPT 1 D 4 → 9.0 (D, P); GPT 2 in P 6 → 11.0 (P only);
    AM in P 2 → 7.0 (P only).
    P: Xe 27.0 (worst 9.0, 2 GPTs, AM 8.0), Yu 27.0 (worst 9.0, 2 GPTs, AM 7.0) → Xe 1st, Yu 2nd, decided by
    the AM points. D: Xe 27.0 (2 GPTs), Yu 9.0 (1 GPT, no AM in D).
    """
    t = {"g1.xlsx": book("GPT 1", DAY1, [["D", 7]], [row("D", 1, "Xe", 2000, 4, sex="F"),
                                                     row("D", 2, "Yu", 2001, 4, sex="F")]),
         "g2.xlsx": book("GPT 2", DAY2, [["D", 7], ["P", 7]], [row("D", 1, "Xe", 2000, 5, sex="F"),
                                                               row("P", 1, "Yu", 2001, 6, sex="F")]),
         "am.xlsx": book("AM", DAY4, [["D", 7], ["P", 7]], [row("D", 1, "Xe", 2000, 3, sex="F"),
                                                            row("P", 1, "Yu", 2001, 2, sex="F")],
                         kind="Aarhusmesterskab")}
    res = run(tmp_path, t, gpts=3)
    assert ledger(res, "AM") == {("Xe", "D"): 8.0, ("Xe", "P"): 8.0, ("Yu", "P"): 7.0}
    assert standing(res, "P") == {"Xe": (1, 27.0, 9.0, 2, "points at Aarhusmesterskab"),
                                  "Yu": (2, 27.0, 9.0, 2, "points at Aarhusmesterskab")}
    assert standing(res, "D") == {"Xe": (1, 27.0, 9.0, 2, ""), "Yu": (2, 9.0, 9.0, 1, "")}
    assert prizes(res, "Trophy") == [("D", "Xe", ""), ("P", "Xe", "")]


# ============================================================================ Plus beside a merged A+B


def test_plus_beside_a_merged_ab_group_is_scored_as_a(tmp_path):
    """Rulebook (§2 stk. 5): "AA counts as one step above A … but only when the same GPT also has an A group …
    a GPT with an AA group and no A group scores AA as A"; §5 stk. 3: merged groups "recorded as A+B and scored
    by the closest-group rule"; README ruling 5 ("AA but no A group treats AA as A in every respect (its winner is
    the A winner)"); appendix: no automatic Plus for "the winner of a merged A+B group"; §4: relegation suspended
    in A+B; ruling 3 (a merged group counts as its lowest member on the ladder).
    The appendix's own case (Plus, with the A players left over merged with B as "AB") is where the rulebook is
    least clear whether A+B is "an A group"; gpcalc reads it as not one (see report).

    Plus (7 rounds): Al (A) 1st 5 → as A: 5 + 5 = 10.0; Bo (B) 2nd 4 → 1 over A: 7 + 4 = 11.0;
    Ax, Ay, Az (A) 3½, 3, 2½ → 8.5, 8.0, 7.5; Aw (A) 6th 0 → 5.0.
    A+B (7): Ari (A) 1st 5 → closest A → 10.0; Ben (B) 3 → 8.0; Cid (C) 1 → closest B, 1 over → 7 + 1 = 8.0.
    Next GPT: Al won "A" → AA; Aw 0 < 25 % of 7, no Plus 6th rule without a true Plus → down to B;
    Ari (A+B winner) → A, no Plus; Cid 1/7 but relegation suspended in A+B → B (played up to A+B's lowest, B).
    """
    rows = [row("Plus", 1, "Al", 1994, 5), row("Plus", 2, "Bo", 1996, 4), row("Plus", 3, "Ax", 1994, "3½"),
            row("Plus", 4, "Ay", 1994, 3), row("Plus", 5, "Az", 1994, "2½"), row("Plus", 6, "Aw", 1994, 0),
            row("A+B", 1, "Ari", 1993, 5), row("A+B", 2, "Ben", 1997, 3), row("A+B", 3, "Cid", 1998, 1)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["Plus", 7], ["A+B", 7]], rows)})
    assert ledger(res, "GPT 1") == {("Al", "A"): 10.0, ("Bo", "B"): 11.0, ("Ax", "A"): 8.5, ("Ay", "A"): 8.0,
                                    ("Az", "A"): 7.5, ("Aw", "A"): 5.0, ("Ari", "A"): 10.0, ("Ben", "B"): 8.0,
                                    ("Cid", "C"): 8.0}
    ng = next_group(res)
    assert (ng["Al"], ng["Bo"], ng["Aw"], ng["Ari"], ng["Ben"], ng["Cid"]) == ("AA", "A", "B", "A", "B", "B")
    assert moves(res)[("GPT 1", "Cid")] == ("stay", "B")


# ============================================================================ transferred A players (§2 stk. 5)


def test_transferred_a_players_keep_a_subject_to_relegation(tmp_path):
    """Rulebook: "transferred players (the A players left over after AA was formed were fewer than 6 and joined B)
    are recorded in group B and get startpoints for B … while keeping their A status for the next GPT"; Danish
    §5 stk. 3: "Spilleren bevarer dog sin A-gruppe status under hensyntagen til nedrykningsreglerne" (subject to
    the relegation rules); "a GPT with an AA group and no A group scores AA as A" and ruling 5 (its winner is the
    A winner → Plus at the next GPT); §4 "never above A"; §4 stk. 4 rule 2.

    GPT 1 (GPTs = 3, the only one so far), 7 rounds. Plus (no A group → A): Al (A) 1st 4 → 5 + 4 = 9.0;
    Ab (A) 2nd 3 → 8.0. B: Ada (A) 1st 6 → 1 under: 3 + 6 = 9.0; Bob (B) 2nd 3 → 8.0; Ari (A) 3rd 1 → 3 + 1 = 4.0.
    Moves: Ada from A, 6 >= 5¼ but already A → stays A; winning B is not winning A → next GPT A, not AA.
    Ari from A, 1 < 1¾ → relegated to B. Al wins the "A" group → AA next GPT. Bob stays B.
    Season change (GPT 1 their last): Ari rule 2 → one up from B → A; Ada rule 1 (6 ≥ 75 % of 7, already A: a
    promotion there all the same, README Aarhus ruling 18) → A.
    """
    rows = [row("Plus", 1, "Al", 1994, 4), row("Plus", 2, "Ab", 1994, 3),
            row("B", 1, "Ada", 1994, 6), row("B", 2, "Bob", 1996, 3), row("B", 3, "Ari", 1993, 1)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["Plus", 7], ["B", 7]], rows)})
    assert ledger(res, "GPT 1") == {("Al", "A"): 9.0, ("Ab", "A"): 8.0, ("Ada", "A"): 9.0, ("Bob", "B"): 8.0,
                                    ("Ari", "A"): 4.0}
    mv = moves(res)
    assert (mv[("GPT 1", "Ada")], mv[("GPT 1", "Ari")]) == (("stay", "A"), ("down", "B"))
    assert next_group(res) == {"Al": "AA", "Ab": "A", "Ada": "A", "Bob": "B", "Ari": "B"}
    ns = next_season(res)
    assert (ns["Ari"], ns["Ada"]) == (("A", "rule 2"), ("A", "rule 1"))


# ============================================================================ §4, §4 stk. 4, §5 stk. 4 girls


def test_girl_two_groups_up_promoted_keeps_the_group_at_the_season_change(tmp_path):
    """§5 stk. 2 (2 over → 9) and §5 stk. 4 (a girl in A–F credited to her age group and P; Line's example);
    §5 stk. 6 (8 rounds); §4 (up at >= 75 %: the 8-round row "6–8"), ruling 3 (from the stronger of the group
    played and the strength group); §4 stk. 4 rule 1 ("a player promoted there stays in the group promoted to").

    GPTs = 3, GPT 1 only so far. Group C of 8 rounds. Liv (girl, 2002, age and strength E): 6 → 9 + 6·7/8 = 5.25
    → 5.3 (half up) = 14.3 in E and P; 6 >= 6 → up from C to B. Mads (2002, E): 5½ → 9 + 5.5·7/8 = 4.8125 → 4.8
    = 13.8; stays, in C (the group played up to). Cy (1998, C) 2½ → 5 + 2.1875 → 2.2 = 7.2; 2½ >= 2 → stays C.
    Season change (GPT 1 is their last): Liv rule 1 → B (two groups above her new age group D); Mads rule 3 →
    2002 → D; Cy rule 3 → 1998 → B.
    """
    rows = [row("C", 1, "Liv", 2002, 6, 8, sex="F"), row("C", 2, "Mads", 2002, "5½", 8),
            row("C", 3, "Cy", 1998, "2½", 8)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["C", 8]], rows)})
    assert ledger(res, "GPT 1") == {("Liv", "E"): 14.3, ("Liv", "P"): 14.3, ("Mads", "E"): 13.8, ("Cy", "C"): 7.2}
    assert next_group(res) == {"Liv": "B", "Mads": "C", "Cy": "C"}
    assert next_season(res) == {"Liv": ("B", "rule 1"), "Mads": ("D", "rule 3"), "Cy": ("B", "rule 3")}


def test_girl_whose_own_last_gpt_was_in_p_is_placed_by_birth_year(tmp_path):
    """§4 stk. 4: "from the result of *the player's own* last GPT of the season: 1) a player promoted there stays
    … 3) everyone else is placed by birth year"; "P and N results do not move a player on the A–F ladder".
    Read literally (see report: the rulebook does not say whether a P GPT is the "last GPT" here).

    GPTs = 2. Liv (girl, 2003, E): GPT 1 E 6/7 → up to D. GPT 2 in P (6 rounds), 3 → 5 + 3.5 = 8.5 (P only): no
    move. Her own last GPT is GPT 2, where nothing moved her → rule 3 → 2003 → E (E 2003–04 in 2013/2014). Next
    GPT (this season): D, her strength group. Mia (girl, 2003): GPT 1 E 1/7 → down to F; GPT 2 P 3 → rule 3 → E.
    """
    g1 = [row("E", 1, "Liv", 2003, 6, sex="F"), row("E", 2, "Mia", 2003, 1, sex="F")]
    g2 = [row("P", 1, "Liv", 2003, 3, 6, sex="F"), row("P", 2, "Mia", 2003, 3, 6, sex="F"),
          row("P", 3, "Q1", 2003, 2, 6, sex="F"), row("P", 4, "Q2", 2003, 1, 6, sex="F")]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["E", 7]], g1),
                         "g2.xlsx": book("GPT 2", DAY2, [["P", 6]], g2)}, gpts=2)
    assert ledger(res, "GPT 2")[("Liv", "P")] == 8.5
    assert ("Liv", "E") not in ledger(res, "GPT 2")
    assert (next_group(res)["Liv"], next_group(res)["Mia"]) == ("D", "F")
    ns = next_season(res)
    assert (ns["Liv"], ns["Mia"]) == (("E", "rule 3"), ("E", "rule 3"))


# ============================================================================ CONTRACT JSON: exact numbers


def test_json_totals_are_exact_one_decimal_numbers(tmp_path):
    """CONTRACT: "Points are numbers (not strings), exact to the rulebook's rounding"; §1 stk. 5 / §5 stk. 6:
    GPM-points "med én decimal"; §1 stk. 7 club sums (a girl's award once).

    GPTs = 4, three held (no drop). Each GPT: C of 9 rounds, Ole (C) and Gry (girl, C) 6½ each →
    6.5·7/9 = 5.0555… → 5.1 → 10.1. Totals: 3 × 10.1 = 30.3 (C for both, P for Gry); club K: 6 × 10.1 = 60.6.
    (Summed as binary floats, 10.1 + 10.1 + 10.1 = 30.299999999999997.)
    """
    rows = [row("C", 1, "Ole", 1998, "6½", 9), row("C", 2, "Gry", 1999, "6½", 9, sex="F")]
    t = {f"g{i}.xlsx": book(f"GPT {i}", day, [["C", 9]], rows) for i, day in ((1, DAY1), (2, DAY2), (3, DAY3))}
    out = tmp_path / "o.json"
    res = build(folder_of(tmp_path, t, 4), out=tmp_path / "o.xlsx", json_out=out, use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    data = json.loads(out.read_text(encoding="utf-8"))
    totals = sorted((r["ranking"], r["name"], r["total"]) for r in data["standings"])
    assert totals == [("C", "Gry", 30.3), ("C", "Ole", 30.3), ("P", "Gry", 30.3)]
    assert [(c["club"], c["total"]) for c in data["clubs"]] == [("K", 60.6)]
    assert {r["points"] for r in data["ledger"]} == {10.1}
    text = out.read_text(encoding="utf-8")
    assert "30.299" not in text and "60.599" not in text


# ============================================================================ season change at the top (§4 stk. 4)


def test_75_percent_in_a_is_rule_1_at_the_season_change_though_the_moves_sheet_says_stay(tmp_path):
    """§4 stk. 4 (seed): "Spilleren der opnår 75 % i sin sidste GPT er selvfølgelig rykket op. Der benyttes regel 1
    og ikke regel 3"; rulebook: "1) a player promoted there stays in the group promoted to … 3) everyone else is
    placed by birth year"; §4 stk. 1 "never above A" (README Aarhus ruling 18: a promotion bounded at A is a
    promotion there, to A).

    GPT 1 (the season's last so far), group A, 7 rounds. Berg (born 1997, age group B, strength A) 5½ ≥ 5¼ → the
    Moves sheet: "stay" (already A: cannot go higher); season change: rule 1 → A (rule 3 would give B). Lund (born
    1997, strength A) 4 → stays → rule 3 → B. Holm (born 1997, age B) plays B, 5½ → up to A → rule 1 → A. Dahl (born
    1997) plays B, 3 → rule 3 → B. Without the ruling Berg, the better player of the two in A, would start the next
    season below Holm.
    """
    reg = {"Players": [["Name", "Born", "Strength group"], ["Berg", 1997, "A"], ["Lund", 1997, "A"]]}
    rows = [row("A", 1, "Berg", 1997, "5½"), row("A", 2, "Ask", 1994, 4), row("A", 3, "Lund", 1997, 4),
            row("A", 4, "Ahl", 1993, 1), row("B", 1, "Holm", 1997, "5½"), row("B", 2, "Dahl", 1997, 3)]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["A", 7], ["B", 7]], rows)}, sheets=reg)
    mv = moves(res)
    assert (mv[("GPT 1", "Berg")], mv[("GPT 1", "Holm")], mv[("GPT 1", "Lund")]) == (
        ("stay", "A"), ("up", "A"), ("stay", "A"))
    ns = next_season(res)
    assert (ns["Berg"], ns["Holm"], ns["Lund"], ns["Dahl"]) == (
        ("A", "rule 1"), ("A", "rule 1"), ("B", "rule 3"), ("B", "rule 3"))


def test_directors_up_in_a_is_rule_1_and_says_it_was_the_directors_decision(tmp_path):
    """§4 (the director's decision recorded in `Move` wins over the thresholds; README Aarhus ruling 18) and §4 stk. 4
    rule 1 ("a player promoted there stays in the group promoted to"). Ung (born 1999, age C, strength A) scores
    3½/7 in A — no automatic move — with Move "op": a promotion by the director, bounded at A → rule 1 → A, and the
    Next season groups sheet names the director's decision, not a 75 % score (it said "75 % or more" before)."""
    reg = {"Players": [["Name", "Born", "Strength group"], ["Ung", 1999, "A"]]}
    head = [*AARHUS_HEAD, "Move"]
    rows = [[*row("A", 1, "Ask", 1994, 5), None], [*row("A", 2, "Ung", 1999, "3½"), "op"],
            [*row("A", 3, "Ahl", 1993, 2), None]]
    res = run(tmp_path, {"g1.xlsx": book("GPT 1", DAY1, [["A", 7]], rows, head=head)}, sheets=reg)
    ns = next(s.frame for s in res.outcome.sheets if s.name.startswith("Next season groups"))
    ung = ns[ns["name"] == "Ung"].iloc[0]
    assert ung["group"] == "A"
    assert ung["rule"] == ("rule 1: promoted by the director's decision (Move) in the last GPT, already A (the "
                           "highest group): stays in A")
