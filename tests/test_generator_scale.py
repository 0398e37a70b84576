"""benchmarks/generate.py at sizes larger than the benchmark's own (issue 7: "a larger hidden season must build
within the same ratios" — a season the generator cannot make, or makes with errors, cannot be measured).

Found on 2 December: `generate.py fecodaz -n 2000 -m 300 --seed 3` drew one random FIDE-style ID for two players,
so the season's register failed with `duplicate-register` (exit 1); and `generate.py aarhus -n 5000` asked for a
pool of 60,000 players, more than the Aarhus name lists make unique, so it stopped before writing anything.
"""
from __future__ import annotations

import hashlib

import pytest

from tests.builders import benchmark_module

GEN = benchmark_module("generate", "_gp_generate_scale")


def test_fecodaz_pool_ids_are_unique_where_random_draws_collide():
    pool = GEN.make_pool("fecodaz", 50_000, "2009", 3)  # the pool of 2000 × 300, seed 3
    ids = [p.id for p in pool]
    assert len(set(ids)) == len(ids)


def test_fecodaz_pool_without_collisions_is_drawn_as_before():
    """The re-draw only acts on a collision: the benchmark's 1,000 × 300 season (seed 1, 25,000 players) keeps the
    IDs it was measured with (the digest was taken with the generator before the change)."""
    pool = GEN.make_pool("fecodaz", 25_000, "2009", 1)
    digest = hashlib.sha256(",".join(p.id for p in pool).encode()).hexdigest()[:16]
    assert digest == "ea2c6dccbefc2800"


@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
@pytest.mark.parametrize("tournaments", [1_000, 2_000, 5_000, 20_000])
def test_default_pool_fits_the_name_lists(circuit, tournaments):
    size = GEN.default_pool_size(tournaments, 300, circuit)
    assert size <= GEN._possible_names(circuit) * 9 // 10  # make_pool's own limit
    if tournaments <= 2_000:  # the benchmark's sizes keep their pools (25,000 and 50,000 players)
        assert size == GEN.default_pool_size(tournaments, 300)


def test_aarhus_pool_at_the_cap_is_made():
    size = GEN.default_pool_size(5_000, 300, "aarhus")
    pool = GEN.make_pool("aarhus", size, "2012/2013", 1)
    assert len({p.name for p in pool}) == size
