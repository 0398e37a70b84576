"""benchmarks/run.py's verdicts (issue 7 "Targets"): the cold build's 1.3× floor and 1 GB targets are judged for
1,000 × 300 and larger seasons only (the issue sets them for that size; a small season's build is mostly Python
and pandas starting), the warm ratio at every size — from a results record as `bench_season` makes it."""

from __future__ import annotations

import pytest

from tests.builders import benchmark_module


@pytest.fixture(scope="module")
def run():
    return benchmark_module("run", "_gp_bench_run")


def record(n: int, m: int, floor: float, cold: float, warm: float, peak_mb: float = 300.0) -> dict:
    step = {"s": 0.0, "peak_mb": 50.0, "rc": 0, "stdout": "", "stderr": ""}
    return {"circuit": "acf", "tournaments": n, "rows_per_workbook": m, "floor": {**step, "s": floor},
            "floor_parallel": {**step, "s": floor}, "floor_detail": {}, "floor_startup_s": 0.1,
            "help": {**step, "s": 0.1}, "check_cold": {**step, "s": cold},
            "build_cold": {**step, "s": cold, "peak_mb": peak_mb},
            **{k: {**step, "s": warm} for k in ("build_warm_same", "build_warm_added", "build_warm_edited")}}


def line(lines: list[str], label: str) -> str:
    return next(x for x in lines if x.strip().startswith(label))


def test_the_cold_targets_are_judged_from_1000_by_300(run):
    big = run.report(record(1000, 300, floor=10.0, cold=14.0, warm=2.0, peak_mb=1500))
    assert "[MISSED: target ≤ 1.3× floor]" in line(big, "build (cold)")
    assert "[MISSED: < 1 GB]" in line(big, "build (cold)")
    ok = run.report(record(2000, 300, floor=10.0, cold=12.0, warm=2.0))
    assert "[ok: target ≤ 1.3× floor]" in line(ok, "build (cold)") and "[ok: < 1 GB]" in line(ok, "build (cold)")


def test_a_small_season_gets_no_cold_verdict_but_its_warm_ratio_is_judged(run):
    small = run.report(record(60, 150, floor=0.9, cold=2.7, warm=1.5, peak_mb=1500))
    cold = line(small, "build (cold)")
    assert "MISSED" not in cold and "ok:" not in cold and "1,000 × 300" in cold
    assert "[MISSED: target ≤ 0.25× cold]" in line(small, "build (warm, +1 workbook)")
    assert "[ok: target < 0.15 s]" in line(small, "gpcalc --help")


def test_the_host_reference_is_a_time(run):
    assert 0 < run.host_reference(repeats=1) < 60
