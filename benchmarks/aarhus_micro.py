"""Aarhus scoring micro benchmark: ``circuit.compute`` on an in-memory season, and a result snapshot.

Loads ``benchmarks/data/aarhus-100x100-s1`` (generated when missing), replicates its tournaments to about each
requested number of result rows exactly as ``benchmarks/run.py``'s micro benchmark does (same players, labels
made unique), and times ``compute`` with several repeats; prints each run and the median.

    python benchmarks/aarhus_micro.py --sizes 1e4,1e5 --repeats 3
    python benchmarks/aarhus_micro.py --sizes 1e6 --repeats 1 --json benchmarks/data/aarhus-micro-after.json
    python benchmarks/aarhus_micro.py --snapshot benchmarks/data/aarhus-100x100-before.json   # no timing
    python benchmarks/aarhus_micro.py --sizes 1e5 --repeats 1 --profile benchmarks/data/aarhus-compute.prof

``--snapshot FILE`` writes the JSON export (the same as ``gpcalc build --json``) of the un-replicated
100 × 100 season, to compare byte for byte before and after a change to the circuit.
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import json
import pstats
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.append(str(HERE.parent))  # after PYTHONPATH: another gpcalc (e.g. the code before a change) can be timed

from run import _replicate  # noqa: E402
from snapshots import compare, seeded_season  # noqa: E402
from snapshots import outcome_frames as _frames  # noqa: E402


def _folder(data: Path, seed: int) -> Path:
    return seeded_season("aarhus", data, seed)

def snapshot(folder: Path, out: Path) -> None:
    """The JSON export of the season, exactly as ``gpcalc build --json`` writes it (no workbook)."""
    from gpcalc.pipeline import compute
    from gpcalc.report.json import build_json

    result = compute(folder)
    season, outcome = result.season, result.outcome
    data = build_json(season, outcome, season.issues.sorted())
    with open(out, "w", encoding="utf-8") as fh:
        json.dump(data, fh, ensure_ascii=False, indent=1, sort_keys=False)
        fh.write("\n")
    print(f"snapshot written: {out}")
    frames = _frames(outcome)
    pd_pickle = out.with_suffix(".frames.pkl")
    import pickle

    pd_pickle.write_bytes(pickle.dumps(frames))
    print(f"every frame of the outcome (extra sheets too): {pd_pickle}")


def main(argv: list[str] | None = None) -> int:
    import pandas as pd

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1e4,1e5,1e6", help="result rows, comma separated")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--data", type=Path, default=HERE / "data")
    ap.add_argument("--json", type=Path, help="also write the timings here")
    ap.add_argument("--snapshot", type=Path, help="write the 100 × 100 JSON export here and stop")
    ap.add_argument("--folder", type=Path, help="--snapshot of this season folder instead of the 100 × 100")
    ap.add_argument("--compare", type=Path, nargs=2, metavar="PKL", help="compare two .frames.pkl snapshots")
    ap.add_argument("--profile", type=Path, metavar="OUT",
                    help="cProfile each timed compute into OUT (pstats file; the last size and run kept) and "
                         "print the top functions by total time")
    a = ap.parse_args(argv)
    if a.compare:
        return compare(*a.compare)

    from gpcalc.season import load_season

    folder = a.folder if a.snapshot and a.folder else _folder(a.data, a.seed)
    if a.snapshot:
        snapshot(a.folder or folder, a.snapshot)
        return 0
    base = load_season(folder)
    rows0 = len(base.results)
    out = []
    for size in [int(float(x)) for x in a.sizes.split(",") if x]:
        k = max(1, round(size / rows0))
        times = []
        for _ in range(a.repeats):
            outcome = season = None  # the previous run's outcome freed: each run starts from the same heap
            gc.collect()
            season = _replicate(base, k, pd)
            season.issues = type(base.issues)()  # compute adds info issues; do not pile them up across runs
            prof = cProfile.Profile() if a.profile else None
            t0, c0 = time.perf_counter(), time.process_time()
            if prof:
                prof.enable()
            outcome = season.circuit.compute(season)
            if prof:
                prof.disable()
            times.append(time.perf_counter() - t0)
            cpu = time.process_time() - c0  # CPU time: less disturbed than wall time on a shared machine
            if prof:
                prof.dump_stats(a.profile)
            print(f"  {len(season.results):>9,} rows: {times[-1]:8.2f} s, CPU {cpu:.2f} s "
                  f"({len(outcome.ledger):,} ledger rows)",
                  flush=True)
        med = statistics.median(times)
        print(f"aarhus compute, {len(season.results):,} rows: median {med:.2f} s over {len(times)} "
              f"(min {min(times):.2f}, max {max(times):.2f})", flush=True)
        out.append({"rows": len(season.results), "copies": k, "runs_s": times, "median_s": med,
                    "ledger_rows": len(outcome.ledger), "standings_rows": len(outcome.standings)})
    if a.profile:
        pstats.Stats(str(a.profile)).sort_stats("tottime").print_stats(25)
    if a.json:
        a.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
