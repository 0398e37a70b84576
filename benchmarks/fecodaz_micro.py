"""FECODAZ scoring micro benchmark: ``circuit.compute`` on an in-memory season, and result snapshots.

Loads ``benchmarks/data/fecodaz-100x100-s1`` (generated when missing), replicates its tournaments to about each
requested number of result rows exactly as ``benchmarks/run.py``'s micro benchmark does (same players, labels
made unique), and times ``compute`` with several repeats; prints each run and the median (the machine is shared).

    python benchmarks/fecodaz_micro.py --sizes 1e4,1e5 --repeats 3
    python benchmarks/fecodaz_micro.py --sizes 1e6 --repeats 1 --json benchmarks/data/fecodaz-micro-after.json
    python benchmarks/fecodaz_micro.py --profile 1e5                      # cProfile of one compute, top 40
    python benchmarks/fecodaz_micro.py --snapshot 1e5 --out A.pkl         # every outcome frame, pickled
    python benchmarks/fecodaz_micro.py --compare A.pkl B.pkl              # frame by frame, exact

``--snapshot`` pickles every frame of the outcome of the replicated season (the ledger, entries, standings, the
extra sheets, json_extra, summary), so a change to the circuit can be checked for identical results at sizes the
``gpcalc build --json`` check does not reach (the category lock across many tournaments).
"""

from __future__ import annotations

import argparse
import gc
import json
import pickle
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from run import _replicate  # noqa: E402
from snapshots import compare, seeded_season  # noqa: E402
from snapshots import outcome_frames as _frames  # noqa: E402


def _folder(data: Path, seed: int) -> Path:
    return seeded_season("fecodaz", data, seed)

def _season(base, rows: int):
    import pandas as pd

    k = max(1, round(rows / len(base.results)))
    season = _replicate(base, k, pd)
    season.issues = type(base.issues)()  # compute adds issues; do not pile them up across runs
    return season


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="1e4,1e5,1e6", help="result rows, comma separated")
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--data", type=Path, default=HERE / "data")
    ap.add_argument("--json", type=Path, help="also write the timings here")
    ap.add_argument("--profile", type=float, metavar="ROWS", help="cProfile one compute of about ROWS rows")
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--pstats", type=Path, help="with --profile: also dump the raw profile here (python -m pstats)")
    ap.add_argument("--snapshot", type=float, metavar="ROWS", help="pickle the outcome frames at about ROWS rows")
    ap.add_argument("--out", type=Path, help="the snapshot file (with --snapshot)")
    ap.add_argument("--compare", type=Path, nargs=2, metavar="PKL", help="compare two snapshots")
    a = ap.parse_args(argv)
    if a.compare:
        return compare(*a.compare)

    from gpcalc.season import load_season

    base = load_season(_folder(a.data, a.seed))
    if a.snapshot:
        if not a.out:
            ap.error("--snapshot needs --out FILE")
        season = _season(base, int(a.snapshot))
        outcome = season.circuit.compute(season)
        frames = _frames(outcome)
        frames["issues"] = [repr(i) for i in season.issues.sorted()]
        a.out.write_bytes(pickle.dumps(frames))
        print(f"{len(season.results):,} rows: {len(frames)} frames written to {a.out}")
        return 0
    if a.profile:
        import cProfile
        import io
        import pstats

        season = _season(base, int(a.profile))
        prof = cProfile.Profile()
        t0 = time.perf_counter()
        prof.runcall(season.circuit.compute, season)
        secs = time.perf_counter() - t0
        if a.pstats:
            prof.dump_stats(a.pstats)
        buf = io.StringIO()
        st = pstats.Stats(prof, stream=buf).sort_stats("cumulative")
        st.print_stats(a.top)
        st.sort_stats("tottime").print_stats(a.top // 2)
        print(f"# fecodaz compute on {len(season.results):,} rows: {secs:.1f} s under cProfile")
        print(buf.getvalue())
        return 0
    out = []
    for size in [int(float(x)) for x in a.sizes.split(",") if x]:
        times = []
        outcome = season = None
        for _ in range(a.repeats):
            outcome = season = None  # the previous run's outcome freed: each run starts from the same heap
            gc.collect()
            season = _season(base, size)
            t0 = time.perf_counter()
            outcome = season.circuit.compute(season)
            times.append(time.perf_counter() - t0)
            print(f"  {len(season.results):>9,} rows: {times[-1]:8.2f} s ({len(outcome.ledger):,} ledger rows)",
                  flush=True)
        med = statistics.median(times)
        print(f"fecodaz compute, {len(season.results):,} rows: median {med:.2f} s over {len(times)} "
              f"(min {min(times):.2f}, max {max(times):.2f})", flush=True)
        out.append({"rows": len(season.results), "runs_s": times, "median_s": med,
                    "ledger_rows": len(outcome.ledger), "standings_rows": len(outcome.standings)})
    if a.json:
        a.json.write_text(json.dumps(out, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
