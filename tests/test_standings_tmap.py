"""gpcalc.standings.tmap — ``Series.map`` looked up once per distinct key (issue 7: the circuits map tournament
and ranking columns of every result row through it) — gives what ``Series.map`` gives: the same values, the same
dtype, the same index and name, for text keys, integer codes, blanks and keys the mapping lacks."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import given, settings
from hypothesis import strategies as st

from gpcalc.standings import tmap

_NAMES = ["Open A", "Open B", "Copa", "Ñandú", ""]


def _same(keys: pd.Series, mapping) -> None:
    pd.testing.assert_series_equal(tmap(keys, mapping), keys.map(mapping), check_exact=True)


@given(st.lists(st.sampled_from(_NAMES + [None]), max_size=40), st.sampled_from(["str", "object"]),
       st.sampled_from(["int", "float", "bool", "text", "Int64"]), st.integers(0, len(_NAMES)))
@settings(max_examples=150, deadline=None)
def test_text_keys_map_as_series_map_does(values, key_dtype, value_kind, known):
    keys = pd.Series(values, dtype=key_dtype, name="tournament", index=np.arange(len(values)) * 3)
    names = _NAMES[:known]
    if value_kind == "int":
        mapping = pd.Series(range(len(names)), index=names, dtype="int64")
    elif value_kind == "float":
        mapping = pd.Series([i + 0.5 for i in range(len(names))], index=names, dtype="float64")
    elif value_kind == "bool":
        mapping = pd.Series([i % 2 == 0 for i in range(len(names))], index=names, dtype=bool)
    elif value_kind == "Int64":
        mapping = pd.Series([i if i % 2 else None for i in range(len(names))], index=names, dtype="Int64")
    else:
        mapping = pd.Series([f"t{i}" for i in range(len(names))], index=names, dtype="object")
    _same(keys, mapping)
    _same(keys, mapping.to_dict())


@given(st.lists(st.integers(0, 30), max_size=60), st.integers(0, 31))
@settings(max_examples=100, deadline=None)
def test_integer_codes_map_as_series_map_does(codes, known):
    keys = pd.Series(np.asarray(codes, dtype=np.int64), name="rk")
    mapping = pd.Series([f"r{i}" for i in range(known)], index=range(known), dtype="object")
    _same(keys, mapping)
    _same(keys, {i: i * 2.5 for i in range(known)})
