"""FECODAZ amateur category lock (Art. 3 amateur list: "un jugador quedará para todo el año con la categoría del
ELO con la que adquirió puntaje por 1a vez") — the vectorised fixpoint against the date-ordered loop.

``amateur_awards`` scores every tournament at once and iterates the lock state to a fixpoint; the reference
below is the loop it replaced (tournament by tournament in date order, locking each player's band at the first
tournament where they score). Both must give the same awards and members, row for row.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from gpcalc.circuits import fecodaz_rules as R

TABLE = R.illustrative_table()


def reference_amateur_awards(results, order, targets, table, irt, titled):
    """The date-ordered loop (gpcalc before the vectorised lock): one tournament at a time."""
    locked: dict[Any, str] = {}
    locked_at: dict[Any, str] = {}
    awards, members_out = [], []
    by_t = {t: g for t, g in results.groupby("tournament", sort=False)}
    for t in order:
        rows = by_t.get(t)
        fed = set(targets.get(t, ()))
        if rows is None or not fed:
            continue
        now = R.rating_band(rows["national_rating"])
        lock = rows["player"].map(locked)
        band = lock.astype(object).where(lock.notna(), now)
        m = rows.assign(ranking=band, locked_band=lock.notna(),
                        weight=R.rated_weight(rows["national_rating"], rows["fide_rating"]))
        m = m[m["ranking"] != ""]
        pts = R.category_points(m, table, irt, titled)
        # (the band, where it was locked, and the band the rating here would give where it differs: Art. 2 k)
        here = R.rating_band(pts["national_rating"])
        # (and the row that locks it: the first points in a band this tournament feeds)
        cand = pts[~pts["locked_band"].astype(bool) & pts["ranking"].isin(fed) & (pts["points"] > 0)
                   & ~pts["player"].isin(list(locked))].drop_duplicates("player")
        lock_pairs = set(zip(cand["player"], cand["ranking"]))  # (a player's band is the first scoring row's)
        first = [(pl, k) in lock_pairs and not lk
                 for pl, k, lk in zip(pts["player"], pts["ranking"], pts["locked_band"])]
        pts["detail"] = pts["detail"] + [
            f" [{band} locked for the year at {locked_at[pl]}, the first tournament where the player scored (Art. 2 "
            "k)" + ("" if h == band else "; the rating here alone would give " + (h or "no amateur band (2000 or "
                                                                                   "more)")) + "]" if lk else
            f" [first points in an amateur band: {band} locked for the rest of the year (Art. 2 k)]" if f else ""
            for band, pl, h, lk, f in zip(pts["ranking"], pts["player"], here, pts["locked_band"], first)]
        bands = pts[pts["ranking"].isin(fed)]
        scored = bands[bands["points"] > 0]
        new = scored[~scored["player"].isin(list(locked))].drop_duplicates("player")
        locked.update(zip(new["player"], new["ranking"]))
        locked_at.update((pl, t) for pl in new["player"])
        awards.append(scored[[*R.AWARD_COLUMNS, "position"]])
        members_out.append(bands[R.MEMBER_COLUMNS])
        if R.DAMA_AMATEUR in fed:
            awards.append(R.dama_awards(pts))
            women = pts[pts["sex"].eq("F").fillna(False).astype(bool)]
            members_out.append(women.assign(
                ranking=R.DAMA_AMATEUR, position=women.groupby("tournament")["place"].rank(method="first")
                .astype("int64"))[["tournament", "player", "ranking", "position"]])
    a = pd.concat(awards, ignore_index=True) if awards else R._empty_awards().assign(position=None)
    mem = pd.concat(members_out, ignore_index=True) if members_out else pd.DataFrame(
        columns=["tournament", "player", "ranking", "position"])
    a["points"] = a["points"].astype("float64")
    return R.one_score_pos(a), mem


RATINGS = [None, 1500, 1650, 1699, 1700, 1750, 1799, 1800, 1900, 1999, 2000, 2150]
TARGETS = [R.AMATEUR_NAMES] * 4 + [("Sub 1800",), ("Sub 2000",), (R.DAMA_AMATEUR,)]


@st.composite
def seasons(draw):
    n_t = draw(st.integers(2, 6))
    players = [f"P{i}" for i in range(draw(st.integers(3, 9)))]
    sex = {p: draw(st.sampled_from(["M", "F"])) for p in players}
    rows, targets, irt, titled = [], {}, {}, {}
    for i in range(n_t):
        t = f"T{i}"
        who = draw(st.lists(st.sampled_from(players), min_size=1, max_size=len(players) + 1))  # repeats allowed
        for place, p in enumerate(who, start=1):
            rows.append(dict(tournament=t, player=p, place=place, score=float(draw(st.sampled_from([3, 4, 4.5, 5]))),
                             sex=sex[p], national_rating=draw(st.sampled_from(RATINGS)),
                             fide_rating=draw(st.sampled_from([None, 1600, 1900]))))
        targets[t] = draw(st.sampled_from(TARGETS))
        irt[t] = draw(st.booleans())
        titled[t] = draw(st.sampled_from([0, 0, 3, 6]))
    res = pd.DataFrame(rows)
    res["national_rating"] = res["national_rating"].astype("float64")
    res["fide_rating"] = res["fide_rating"].astype("float64")
    order = [f"T{i}" for i in draw(st.permutations(range(n_t)))]  # the date order need not be the row order
    return res, order, targets, pd.Series(irt), pd.Series(titled, dtype="int64")


@settings(max_examples=60, deadline=None)  # (~0.1 s each on this host)
@given(seasons())
def test_lock_fixpoint_equals_date_ordered_loop_art3_amateur(season):
    # FECODAZ Art. 3 amateur list (category lock): the band of a player's first scoring tournament (by date)
    # holds for the rest of the year. Changing ratings across tournaments move players between bands, change
    # every band's categoría (Σ rated weights) and so who scores; the fixpoint must end where the loop does.
    res, order, targets, irt, titled = season
    got_a, got_m = R.amateur_awards(res, order, targets, TABLE, irt, titled)
    want_a, want_m = reference_amateur_awards(res, order, targets, TABLE, irt, titled)
    pd.testing.assert_frame_equal(got_a.reset_index(drop=True), want_a.reset_index(drop=True), check_dtype=False)
    pd.testing.assert_frame_equal(got_m.reset_index(drop=True), want_m.reset_index(drop=True), check_dtype=False)


def test_lock_cascade_later_band_changes_earlier_categoria_art3_amateur():
    # FECODAZ Art. 3 amateur list, lock. A scores first in T1 as Sub 1700 (rating 1650): categoría 1 = 1 rated
    # → P(1,1) = 16. In T2 A is rated 1750 (Sub 1800 now) but locked in Sub 1700, so Sub 1700 in T2 has A and B
    # (1600): categoría 2 → A 18, B 16; Sub 1800 stays empty. Without the lock A would be alone in Sub 1800
    # (categoría 1: 16) and B alone in Sub 1700 (16).
    res = pd.DataFrame([
        dict(tournament="T1", player="A", place=1, score=5.0, sex="M", national_rating=1650.0, fide_rating=None),
        dict(tournament="T2", player="A", place=1, score=5.0, sex="M", national_rating=1750.0, fide_rating=None),
        dict(tournament="T2", player="B", place=2, score=4.0, sex="M", national_rating=1600.0, fide_rating=None),
    ])
    order = ["T1", "T2"]
    targets = {t: R.AMATEUR_NAMES for t in order}
    irt, titled = pd.Series({"T1": False, "T2": False}), pd.Series({}, dtype="int64")
    a, _ = R.amateur_awards(res, order, targets, TABLE, irt, titled)
    got = {(r.tournament, r.player, r.ranking): r.points for r in a.itertuples()}
    assert got == {("T1", "A", "Sub 1700"): 16.0, ("T2", "A", "Sub 1700"): 18.0, ("T2", "B", "Sub 1700"): 16.0}
    # (A's band was fixed at T1, where 1650 gave Sub 1700; at T2 his 1750 alone would give Sub 1800)
    assert ("[Sub 1700 locked for the year at T1, the first tournament where the player scored (Art. 2 k); the "
            "rating here alone would give Sub 1800]") in a.loc[(a["tournament"] == "T2") & (a["player"] == "A"),
                                                              "detail"].iloc[0]


def test_category_points_per_row_suffix_goes_to_its_own_row_only():
    """Each row's suffix (amateur_awards' locked-band texts, Art. 2 k) on its own row: a row with no text gets
    none (once, one got another row's text through the code −1), scoring or not."""
    m = pd.DataFrame({"tournament": ["T"] * 3, "player": ["a", "b", "c"], "ranking": ["Sub 1700"] * 3,
                      "place": [1, 2, 3], "score": [5.0, 4.0, 3.0], "weight": [1, 0, 0]})
    out = R.category_points(m, TABLE, pd.Series({"T": False}), pd.Series({"T": 0}),
                            suffix=np.array([" [x]", " [y]", None], dtype=object))
    detail = dict(zip(out["player"], out["detail"]))
    assert detail["a"].endswith(" [x]") and detail["b"] == " [y]" and detail["c"] == ""
