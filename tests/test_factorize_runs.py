"""standings.factorize_runs: ``pd.factorize`` worked out once per run of equal neighbours (a season's rows are
sorted by tournament). It must give exactly what ``pd.factorize`` gives — codes, uniques and their dtype — for
any input: runs long or short, text with blanks (None, NaN), numbers with NaN and −0.0, ``pd.NA``, sorted or not,
with or without the NA sentinel, as a Series, an Index or an array."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as hs

from gpcalc import standings
from gpcalc.standings import factorize_runs

TEXT = ["Open A", "Open B", "Rapid", "é", "", None, float("nan")]
NUMS = [0.0, -0.0, 1.0, 2.5, float("nan")]


def _runs(draw, values: list, n_runs: int) -> list:
    out = []
    for _ in range(n_runs):
        out += [draw(hs.sampled_from(values))] * draw(hs.integers(1, 40))
    return out


@hs.composite
def inputs(draw):
    kind = draw(hs.sampled_from(["str", "object", "float", "int", "na"]))
    n_runs = draw(hs.integers(1, 60))
    if kind in ("str", "object"):
        vals = _runs(draw, TEXT, n_runs)
    elif kind == "float":
        vals = _runs(draw, NUMS, n_runs)
    elif kind == "int":
        vals = _runs(draw, [3, 1, 2, 7], n_runs)
    else:
        vals = _runs(draw, ["a", "b", pd.NA], n_runs)
    form = draw(hs.sampled_from(["series", "array", "index"]))
    if kind == "str":
        data = pd.Series(vals, dtype="str")
    elif kind in ("object", "na"):
        data = pd.Series(vals, dtype=object)
    else:
        data = pd.Series(vals, dtype="float64" if kind == "float" else "int64")
    data = data.to_numpy() if form == "array" else pd.Index(data) if form == "index" else data
    return data, draw(hs.booleans()), draw(hs.booleans())


@settings(max_examples=150, deadline=None)
@given(inputs())
def test_factorize_runs_is_pd_factorize(case):
    data, sort, sentinel = case
    old = standings.RUNS_FROM, standings.RUNS_LONG
    standings.RUNS_FROM, standings.RUNS_LONG = 2, 1  # (every input of 2 or more through the runs, however short)
    try:
        try:
            want = pd.factorize(data, sort=sort, use_na_sentinel=sentinel)
        except TypeError:  # (sort=True over text and a NaN: pd.factorize refuses, and so must the runs)
            with pytest.raises(TypeError):
                factorize_runs(data, sort=sort, use_na_sentinel=sentinel)
            return
        got = factorize_runs(data, sort=sort, use_na_sentinel=sentinel)
    finally:
        standings.RUNS_FROM, standings.RUNS_LONG = old
    assert got[0].dtype == want[0].dtype and np.array_equal(got[0], want[0])
    assert type(got[1]) is type(want[1])
    if isinstance(want[1], pd.Index):
        assert got[1].dtype == want[1].dtype and got[1].equals(want[1])
    else:
        assert got[1].dtype == want[1].dtype and pd.Series(got[1]).equals(pd.Series(want[1]))
    # −0.0 and 0.0: one value to both; the one kept is the first seen, as pd.factorize keeps it
    if isinstance(want[1], np.ndarray) and want[1].dtype.kind == "f":
        assert np.array_equal(np.signbit(got[1]), np.signbit(want[1]))


def _lengths_factorized(monkeypatch) -> list[int]:
    """The length of every input pd.factorize gets from here on (the list fills as it is called)."""
    seen: list[int] = []
    real = pd.factorize

    def spy(values, *a, **k):
        seen.append(len(values))
        return real(values, *a, **k)

    monkeypatch.setattr(pd, "factorize", spy)
    return seen


def test_a_tournament_column_goes_through_the_runs(monkeypatch):
    """A season's tournament column (long runs) is factorized from its run heads: one per run."""
    col = pd.Series(np.repeat([f"T{i}" for i in (3, 1, 2, 1)], 500), dtype="str")
    seen = _lengths_factorized(monkeypatch)
    codes, uniques = factorize_runs(col)
    assert seen == [4]
    assert list(uniques) == ["T3", "T1", "T2"] and codes.tolist() == [0] * 500 + [1] * 500 + [2] * 500 + [1] * 500


def test_a_column_of_short_runs_is_factorized_whole(monkeypatch):
    """Player names (a new value on most rows): the first RUNS_FROM values show it, and pd.factorize takes the
    column as it is — the rest of the rows are not compared first."""
    col = pd.Series([f"P{i % 3000}" for i in range(20_000)], dtype="str")
    seen = _lengths_factorized(monkeypatch)
    codes, uniques = factorize_runs(col)
    assert seen == [20_000] and len(uniques) == 3000 and codes[3000] == 0


@pytest.mark.parametrize("pair", [
    (pd.Timestamp("2020-01-01 00:00:00.000000001"), np.datetime64("2020-01-01T00:00:00.000000001")),
    (pd.Timedelta(1), np.timedelta64(1, "ns")),
    (np.datetime64("2020-01-01"), __import__("datetime").date(2020, 1, 1)),
])
def test_values_equal_but_hashed_apart_stay_apart(pair):
    """Objects of two types can be equal (==) and hash apart: pd.factorize keeps them apart, so a run of them is
    not one value (found by review: an object column of anything but texts and blanks is factorized whole)."""
    a, b = pair
    values = np.array([a] * 600 + [b] * 600, dtype=object)
    want = pd.factorize(values)
    got = factorize_runs(values)
    assert np.array_equal(got[0], want[0]) and len(got[1]) == len(want[1]) == 2
