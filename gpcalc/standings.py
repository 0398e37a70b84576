"""Shared ranking machinery: best-N selection, totals, count-back keys, ranks with shared places.

All functions are vectorised over every ranking at once; circuits only choose the parameters.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd


def select_best(entries: pd.DataFrame, n: int | pd.Series | dict, keys=("ranking", "player"),
                eligible: pd.Series | None = None) -> pd.Series:
    """True for the results that count: each player's `n` best per ranking (highest points; equal points,
    the earlier tournament). `n` may be a number, or a mapping ranking → number. Rows where `eligible` is
    False never count (e.g. results that may not be dropped are handled by the caller)."""
    if entries.empty:
        return pd.Series(False, index=entries.index, dtype=bool)
    cols = list(keys)
    sort_cols = [*cols, "points", "date", "tournament"]
    sort_cols = [c for c in sort_cols if c in entries.columns]
    asc = [True] * len(cols) + [False] + [True] * (len(sort_cols) - len(cols) - 1)
    frame = entries if eligible is None else entries[eligible]
    order = frame.sort_values(sort_cols, ascending=asc, kind="stable")
    pos = order.groupby(cols, sort=False).cumcount()
    limit = order[keys[0]].map(n) if isinstance(n, dict | pd.Series) else n
    counted = pd.Series(pos.to_numpy() < np.asarray(limit), index=order.index)
    return counted.reindex(entries.index, fill_value=False).astype(bool)


def totals(entries: pd.DataFrame, keys=("ranking", "player"), decimals: int | None = None) -> pd.DataFrame:
    """Per ranking and player: the total of counted points, the number of results and of counted ones."""
    g = entries.assign(_c=entries["points"].where(entries["counted"], 0.0)).groupby(list(keys), sort=False)
    out = pd.DataFrame({"total": g["_c"].sum(), "results": g["points"].size(),
                        "counted_results": g["counted"].sum()}).reset_index()
    if decimals is not None:
        out["total"] = out["total"].round(decimals)
    return out


def countback(entries: pd.DataFrame, width: int, keys=("ranking", "player"), only_counted: bool = True,
              decimals: int = 9) -> pd.DataFrame:
    """Columns cb1..cbW: each player's counted results from best to worst (0 beyond), for count-back."""
    frame = entries[entries["counted"]] if only_counted else entries
    frame = frame.sort_values([*keys, "points"], ascending=[True] * len(keys) + [False], kind="stable")
    pos = frame.groupby(list(keys), sort=False).cumcount()
    frame = frame.assign(_pos=pos)[pos < width]
    # (what pivot_table(index=keys, columns="_pos", values="points", aggfunc="first", fill_value=0.0) gives —
    # its dropna leaves out blank points — without its extra passes: ~2 ms less in every small build)
    wide = frame.groupby([*keys, "_pos"])["points"].first().dropna().unstack("_pos", fill_value=0.0)
    wide = wide.reindex(columns=range(width), fill_value=0.0).round(decimals)
    wide.columns = [f"cb{i + 1}" for i in range(width)]
    return wide.reset_index()


def rank_with_ties(df: pd.DataFrame, keys: list[str], ascending: list[bool], group: str = "ranking",
                   then: list[str] | None = None) -> pd.DataFrame:
    """Sort within each `group` by `keys`; equal keys share a rank ("=3"): columns `rank` and `tied`.
    `then` are display-only sort columns (e.g. name) that never break a tie."""
    then = then or []
    out = df.sort_values([group, *keys, *then], ascending=[True, *ascending, *[True] * len(then)],
                         kind="stable").reset_index(drop=True)
    if out.empty:
        return out.assign(rank=pd.Series(dtype="int64"), tied=pd.Series(dtype=bool))
    new = out[group].ne(out[group].shift())
    for k in keys:
        col = out[k]
        new |= ~(col.eq(col.shift()) | (col.isna() & col.shift().isna()))
    pos = out.groupby(group, sort=False).cumcount() + 1
    out["rank"] = pos.where(new).ffill().astype("int64")
    out["tied"] = out.duplicated([group, "rank"], keep=False)
    return out


def shown_points(x: float, decimals: int) -> str:
    """Points as the workbook shows them (the circuit's decimals, halves rounded up as Excel's number format
    does: 1.625 → 1.63), without trailing zeros: 83, 13.5, 73.33."""
    from decimal import ROUND_HALF_UP, Decimal

    shown = Decimal(repr(float(x))).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    return f"{shown:f}".rstrip("0").rstrip(".") if decimals else f"{shown:f}"


RUNS_FROM = 1024  # values from which factorize_runs looks for runs (and how many it compares first)
RUNS_LONG = 8  # the mean run length from which factorizing the run heads pays


def _plain_texts(heads: np.ndarray) -> bool:
    """Whether run heads of an object array are texts or blanks (None, NaN): a value equal to a text is a text of
    the same hash, so a run of them is one value to pd.factorize too. (Objects of other types can be equal and
    hash apart — a Timestamp and a numpy datetime64 of the same instant: pd.factorize keeps those apart.)"""
    return all(isinstance(v, str) or v is None or (isinstance(v, float) and v != v) for v in heads.tolist())


def factorize_runs(values: Any, sort: bool = False, use_na_sentinel: bool = True) -> tuple[np.ndarray, Any]:
    """``pd.factorize(values, sort=…, use_na_sentinel=…)`` — the same codes and uniques — worked out once per run
    of equal neighbours. A season's result rows are sorted by tournament (and a pack's by workbook), so their
    tournament column is a few thousand runs of hundreds of equal names: comparing each row with the one above
    costs a fraction of hashing every row. A value first appears at the head of a run, so factorizing the heads
    numbers the values as the rows would. Where the runs are short (already in the first RUNS_FROM values),
    neighbours cannot be compared (``pd.NA``), or an object column holds anything but texts and blanks (equal
    values of two types may hash apart), it is ``pd.factorize`` itself."""
    arr = values.to_numpy() if isinstance(values, pd.Series | pd.Index) else np.asarray(values)
    n = len(arr)
    if n >= RUNS_FROM and arr.ndim == 1:
        change = np.empty(n, dtype=bool)
        change[0] = True
        try:
            probe = RUNS_FROM  # (the first values first: where their runs are short, no more is compared)
            np.not_equal(arr[1:probe], arr[:probe - 1], out=change[1:probe])
            if np.count_nonzero(change[:probe]) * RUNS_LONG > probe:
                change = None
            else:
                np.not_equal(arr[probe:], arr[probe - 1:-1], out=change[probe:])
        except (TypeError, ValueError):  # (pd.NA has no truth value)
            change = None
        if change is not None:
            heads = np.flatnonzero(change)
            if len(heads) * RUNS_LONG <= n and (arr.dtype != object or _plain_texts(arr[heads])):
                sub = values.iloc[heads] if isinstance(values, pd.Series) else values[heads]
                codes, uniques = pd.factorize(sub, sort=sort, use_na_sentinel=use_na_sentinel)
                return np.repeat(codes, np.diff(np.append(heads, n))), uniques
    return pd.factorize(values, sort=sort, use_na_sentinel=use_na_sentinel)


def tmap(keys: pd.Series, mapping: Any) -> pd.Series:
    """``keys.map(mapping)`` looked up once per distinct key (a tournament column repeats each name many times);
    the same values and dtype. Blank keys fall back to ``Series.map``."""
    v = keys.to_numpy()
    if v.dtype.kind == "i" and len(v) and v.min() >= 0 and v.max() < 4 * len(v) + 4096:
        # integer codes (the circuit's tournament and player codes): the distinct keys by a presence table
        # instead of a hashing (sorted rather than in order of appearance: the lookup is per key all the same)
        present = np.zeros(int(v.max()) + 1, dtype=bool)
        present[v] = True
        uniques = np.flatnonzero(present).astype(v.dtype, copy=False)
        codes = (np.cumsum(present) - 1)[v]
        mapped = pd.Series(uniques).map(mapping)
        return pd.Series(mapped.to_numpy()[codes], index=keys.index, name=keys.name, dtype=mapped.dtype)
    codes, uniques = factorize_runs(keys)
    if len(codes) and codes.min() < 0:
        return keys.map(mapping)
    mapped = pd.Series(uniques).map(mapping)
    return pd.Series(mapped.to_numpy()[codes], index=keys.index, name=keys.name, dtype=mapped.dtype)
