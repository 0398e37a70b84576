"""Shared prize machinery: greedy one-prize-per-player allocation and club sums."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from .standings import rank_with_ties, shown_points

PRIZE_COLUMNS = ["ranking", "place", "name", "id", "player", "value", "note", "passed_over"]


def allocate_one_each(prizes: pd.DataFrame, order: pd.DataFrame, tie_keys: list[str],
                      rule: str = "", already: dict[str, str] | None = None,
                      key_names: dict[str, str] | None = None) -> pd.DataFrame:
    """Give each prize, in the order of `prizes` (already sorted: highest value first), to the best-placed
    player of its ranking who has not won a prize yet.

    `prizes`: ranking, place, value (+ any columns, kept). `order`: ranking, player, name, id and `tie_keys`,
    sorted best first within each ranking. A player tied (on every tie key) with the winner is named in the
    note as a tie for the coordinator to decide — never broken silently. A player equal to the winner on the
    first key (the total) and behind on a later one is named too, with the key that decided (`key_names`: how
    the note calls each key). Players skipped because they already won are listed in `passed_over` with the
    prize they hold."""
    won: dict[str, str] = dict(already or {})
    took: dict[str, tuple[Any, str]] = {}  # player → (ranking, prize) given in this allocation
    by_ranking = {r: _Candidates(g, tie_keys) for r, g in order.groupby("ranking", sort=False)}
    rows: list[dict[str, Any]] = []
    for prize in prizes.to_dict("records"):
        cands = by_ranking.get(prize["ranking"])
        winner = None
        skipped: list[str] = []
        note = ""
        if cands is not None:
            for cand in cands:
                if cand["player"] in won:
                    skipped.append(f"{cand['name']} (already wins {won[cand['player']]})")
                    continue
                winner = cand
                break
        if winner is None:
            rows.append({**prize, "name": None, "id": None, "player": None,
                         "note": "not awarded: no eligible player left", "passed_over": "; ".join(skipped)})
            continue
        key = tuple(winner[k] for k in tie_keys)
        equal = [c for c in cands.level_with(winner)
                 if c["player"] != winner["player"] and tuple(c[k] for k in tie_keys) == key]
        level = [c for c in equal if c["player"] not in won]
        # ... and the players level with the winner who took this ranking's prizes just above: the same tie, so
        # their prizes are one decision — named on this row too, not only on the first of them
        above = [c for c in equal if took.get(c["player"], (None,))[0] == prize["ranking"]]
        if level or above:
            note = ("tied with " + ", ".join([*(c["name"] for c in level),
                                              *(f"{c['name']} (who takes the {took[c['player']][1]})"
                                                for c in above)])
                    + " — coordinator to decide (share or split)")
        if len(tie_keys) > 1:
            # equal on the total, behind on a later key (a count-back): which key decided, for the record — also
            # beside a tie the coordinator decides (three equal on the total, two of them equal on the count-back
            # too: the third is named, or the prize list says nothing to the player the count-back left out)
            first = tie_keys[0]
            behind = [c for c in cands.level_with(winner, tie_keys[:1])
                      if c["player"] != winner["player"] and c["player"] not in won and c[first] == winner[first]
                      and tuple(c[k] for k in tie_keys) != key]
            names = key_names or {}
            # each player the count-back put behind, with the key that did it (all of them: a three-way tie
            # named only the first)
            beaten = [(c, k) for c in behind
                      for k in [next((k for k in tie_keys[1:] if c[k] != winner[k]), None)] if k is not None]
            if beaten:
                how = [(f"{names.get(k, k)}: " if i == 0 or k != beaten[i - 1][1] else "")
                       + f"{shown_points(winner[k], 2)} > {shown_points(c[k], 2)}"
                       + (f" ({c['name']})" if len(beaten) > 1 else "") for i, (c, k) in enumerate(beaten)]
                decided = (f"equal {names.get(first, first)} {shown_points(winner[first], 2)} with "
                           f"{', '.join(c['name'] for c, _ in beaten)}; decided by {', '.join(how)}")
                note = f"{note}; {decided}" if note else decided
        won[winner["player"]] = f"{prize['ranking']} {ordinal(prize['place'])}"
        took[winner["player"]] = (prize["ranking"], won[winner["player"]])
        rows.append({**prize, "name": winner["name"], "id": winner.get("id"), "player": winner["player"],
                     "note": note, "passed_over": "; ".join(skipped) + (f" [{rule}]" if skipped and rule else "")})
    out = pd.DataFrame(rows)
    for c in PRIZE_COLUMNS:
        if c not in out.columns:
            out[c] = None
    return out


class _Candidates:
    """One ranking's candidates, best first, as the records `DataFrame.to_dict` gives — converted only as far
    as the allocation reads them (a ranking may hold many thousand players; a prize needs the first few)."""

    def __init__(self, frame: pd.DataFrame, tie_keys: list[str]):
        self.frame = frame
        self.tie_keys = tie_keys
        self.records: list[dict[str, Any]] = []
        self._numeric: dict[str, np.ndarray | None] = {}  # a tie key's values, when numeric (None: not)

    def _values(self, k: str) -> np.ndarray | None:
        if k not in self._numeric:
            col = self.frame[k]
            numeric = isinstance(col.dtype, np.dtype) and col.dtype.kind in "iufb"
            self._numeric[k] = col.to_numpy() if numeric else None
        return self._numeric[k]

    def __iter__(self):
        i = 0
        while True:
            if i == len(self.records):
                if i == len(self.frame):
                    return
                self.records.extend(self.frame.iloc[i:i + max(16, i)].to_dict("records"))
            yield self.records[i]
            i += 1

    def level_with(self, winner: dict[str, Any], keys: list[str] | None = None) -> list[dict[str, Any]]:
        """The candidates that may equal `winner` on every tie key (or on `keys`; a superset, in order): a numeric
        key is compared column-wise (equal, or both missing); any other key is left to the caller's exact test."""
        mask = np.ones(len(self.frame), dtype=bool)
        for k in self.tie_keys if keys is None else keys:
            values = self._values(k)
            if values is None:
                continue
            v = winner[k]
            if isinstance(v, float) and v != v:
                mask &= np.isnan(values) if values.dtype.kind == "f" else False
            else:
                with np.errstate(invalid="ignore"):
                    mask &= values == v
        idx = np.flatnonzero(mask)
        if not len(idx):
            return []
        if idx[-1] < len(self.records):  # (the records already made: the same values as to_dict makes again)
            return [self.records[i] for i in idx.tolist()]
        return self.frame.iloc[idx].to_dict("records")


def ordinal(place: Any) -> str:
    try:
        n = int(place)
    except (TypeError, ValueError):
        return str(place)
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def club_totals(frame: pd.DataFrame, club: str = "club", value: str = "points",
                group: str = "ranking") -> pd.DataFrame:
    """Sum `value` per (group, club), ranked with shared places; blank clubs are left out."""
    f = frame[frame[club].notna() & (frame[club].astype(str).str.strip() != "")]
    sums = f.groupby([group, club], sort=False).agg(total=(value, "sum"), players=("player", "nunique"))
    sums = sums.reset_index().rename(columns={club: "club"})
    return rank_with_ties(sums, ["total"], [False], group=group, then=["club"])
