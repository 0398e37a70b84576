"""Snapshots of a circuit's Outcome for the micro benchmarks: prove an optimisation changed no result.

``outcome_frames`` collects every table and setting of an Outcome; ``compare`` checks two pickled snapshots
frame by frame (values, dtypes, index and column order)."""

from __future__ import annotations

import pickle
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def outcome_frames(outcome) -> dict:
    names = ["ledger", "entries", "standings", "tournaments", "prizes", "clubs"]
    frames = {n: getattr(outcome, n) for n in names}
    for sheet in outcome.sheets:
        frames[f"sheet:{sheet.name}"] = sheet.frame
        frames[f"meta:{sheet.name}"] = (sheet.note, sheet.formats, sheet.highlight)
    frames["json_extra"] = {k: v() if callable(v) else v for k, v in outcome.json_extra.items()}
    frames["summary"] = list(outcome.summary)
    frames["scalars"] = (outcome.rankings, outcome.standings_extra, outcome.tournament_json,
                         outcome.points_decimals, outcome.clubs_sheet, outcome.prizes_sheet, outcome.prizes_note)
    return frames


def compare(a: Path, b: Path) -> int:
    """Every frame of two snapshots equal: same values, dtypes, index and column order."""
    import pandas as pd

    fa, fb = pickle.loads(a.read_bytes()), pickle.loads(b.read_bytes())
    bad = 0
    if list(fa) != list(fb):
        print("different frame names / order")
        bad += 1
    for name in fa:
        x, y = fa[name], fb.get(name)
        try:
            if isinstance(x, pd.DataFrame):
                pd.testing.assert_frame_equal(x, y, check_exact=True)
            else:
                assert repr(x) == repr(y), "differs"
        except AssertionError as exc:
            bad += 1
            print(f"{name}: {str(exc)[:400]}")
    print(f"{len(fa)} frames compared, {bad} different")
    return 1 if bad else 0


def seeded_season(circuit: str, data: Path, seed: int) -> Path:
    """The 100 × 100 season of `circuit`; generated only when missing (never re-drawn: snapshots compare it)."""
    folder = data / f"{circuit}-100x100-s{seed}"
    if not (folder / "season.xlsx").exists():
        subprocess.run([sys.executable, str(HERE / "generate.py"), circuit, "--tournaments", "100", "--players",
                        "100", "--seed", str(seed), "--out", str(folder)], check=True)
    return folder
