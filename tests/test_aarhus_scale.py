"""The linear (vectorised) Aarhus rules agree with the reglement worked row by row, and handle the edges that
the vectorised code must not trip on (no results at all, several Aarhusmesterskaber at once)."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from gpcalc.circuits import aarhus_rules as R

PLAYERS = ["p1", "p2", "p3", "p4", "p5"]
GROUPS = ["A", "B", "C", "D", "E", "F", "P", "N", "A+B", "C+D"]
INITIAL = {"p1": "A", "p2": "C", "p3": "F", "p4": "D"}  # p5 is not in the register: no strength before


def _walk(rows: list[tuple[int, str, str, int]]) -> dict[tuple[int, str], tuple[float, float]]:
    """The strength chain of ASS §4 stk. 1–2 (and §2 stk. 5–6) one row at a time: (from, to) per (GPT, player).
    Every player's 'from' is the strength after the previous GPT they played."""
    strength = {p: float(R.LEVEL[g]) for p, g in INITIAL.items()}
    out = {}
    for order in sorted({r[0] for r in rows}):
        day = [r for r in rows if r[0] == order]
        after = {}
        for _, player, group, half in day:
            before = strength.get(player, np.nan)
            if group in ("P", "N"):
                to = before  # P and N leave the ladder alone (Ruling)
            else:
                played = R._ladder_level(group)
                base = played if np.isnan(before) else max(played, before)
                up, down = 2 * half >= 3 * 7, 2 * half < 7  # §4 stk. 2 over 7 games
                if down and "A" in group and "B" in group:
                    down = False  # relegation suspended in a merged A+B (§2 stk. 6)
                to = float(min(max(base + (1 if up else -1 if down else 0), R.BOTTOM), R.TOP))
            out[(order, player)] = (before, to)
            after[player] = to
        strength.update(after)
    return out


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(1, 6), st.sampled_from(PLAYERS), st.sampled_from(GROUPS),
                          st.integers(0, 14)), min_size=1, max_size=40, unique_by=lambda r: (r[0], r[1])))
def test_strength_chain_matches_a_row_by_row_walk(rows):  # ASS §4 stk. 1–2, §2 stk. 5–6
    # e.g. p2 (C) scores 6 of 7 in C at GPT 1 → B; at GPT 2 plays C again: base = max(C, B) = B, 6 of 7 → A
    frame = pd.DataFrame({
        "event": [f"GPT{o}" for o, *_ in rows], "order": [o for o, *_ in rows], "kind": "GPT",
        "player": [p for _, p, _, _ in rows], "group": [g for *_, g, _ in rows], "place": 2,
        "half": [h for *_, h in rows], "games": 7, "rounds": 7, "move": None})
    frame = frame.sample(frac=1, random_state=len(rows))  # the rows in any order: the GPT order decides
    moves, state = R.movements(frame, pd.Series(INITIAL))
    want = _walk(rows)
    ladder = {k: v for k, v in want.items() if next(r[2] for r in rows if (r[0], r[1]) == k) not in ("P", "N")}
    got = {(int(o), p): (f, t) for o, p, f, t in zip(moves["order"], moves["player"], moves["from"], moves["to"])}
    assert set(got) == set(ladder)
    name = R.GROUP_OF_LEVEL.get
    for key, (before, to) in ladder.items():
        f, t = got[key]
        assert (f if isinstance(f, str) else None) == name(before), key
        assert t == name(to), key
    last = {}
    for o, p, _, _ in sorted(rows):
        last[p] = want[(o, p)][1]
    for p, lvl in last.items():
        s = state.loc[p, "strength"]
        assert (s if isinstance(s, str) else None) == name(lvl), p


def test_empty_season_scores_and_moves_nothing():  # ASS §5, §1 stk. 6, §4: a new season before any result
    cols = ["event", "order", "kind", "player", "group", "place", "half", "games", "rounds", "born", "female",
            "move", "status"]
    res = pd.DataFrame({c: pd.Series([], dtype=object) for c in cols})
    awards = R.score(res, R.default_age_table(2012), R.Settings(start_year=2012, gpts=5))
    assert awards.empty and list(awards.columns) == R.AWARD_COLUMNS
    entries = R.mark_dropped(R.credit(awards), 5)
    assert entries.empty and "counted" in entries.columns
    assert R.rank_accounts(entries).empty
    moves, state = R.movements(res, pd.Series({"x": "C"}))
    assert moves.empty and state.loc["x", "strength"] == "C"


def test_girls_trophy_by_event_ranks_each_event_alone():  # ASS §3: one girls' trophy per Aarhusmesterskab
    # AM1: Line 5/7 (D) beats Sofie 9/13 (E); AM2: Sofie 3/6 = Anna 4/8 by average, Anna older (C) wins
    am = pd.DataFrame({
        "event": ["AM1", "AM2", "AM1", "AM2"], "player": ["line", "sofie2", "sofie", "anna"],
        "female": True, "games": [7, 6, 13, 8], "half": [10, 6, 18, 8], "age_group": ["D", "E", "E", "C"],
        "group": ["D", "E", "E", "C"], "place": [1, 1, 2, 3]})
    both = R.girls_trophy(am, by="event")
    for event, rows in am.groupby("event", sort=False):
        alone = R.girls_trophy(rows)
        mine = both[both["event"] == event]
        assert mine["player"].tolist() == alone["player"].tolist()
        assert mine["rank"].tolist() == alone["rank"].tolist() and mine["lots"].tolist() == alone["lots"].tolist()
    assert both.loc[both["rank"] == 1, "player"].tolist() == ["line", "anna"]
