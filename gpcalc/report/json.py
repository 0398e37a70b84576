"""The JSON export of CONTRACT.md: one object with standings, ledger, tournaments, prizes, clubs, issues."""

from __future__ import annotations

import datetime as dt
import math
from typing import Any

import numpy as np
import pandas as pd

from ..circuits.base import Outcome
from ..issues import Issue


def clean(v: Any, decimals: int | None = None) -> Any:
    """A JSON-safe plain value: numbers stay numbers (rounded to hide float noise), blanks become null."""
    t = type(v)
    if t is str:  # the common cases first (a circuit's sections can hold hundreds of thousands of values)
        return v
    if t is dict:
        return {str(k): clean(x) for k, x in v.items()}
    if t is int:
        return v
    if v is None or v is pd.NaT:
        return None
    if isinstance(v, bool | np.bool_):
        return bool(v)
    if isinstance(v, int | np.integer):
        return int(v)
    if isinstance(v, float | np.floating):
        f = float(v)
        if math.isnan(f) or math.isinf(f):
            return None
        return round(f, decimals if decimals is not None else 9)  # (the precision ACF totals are compared at)
    if isinstance(v, pd.Timestamp):
        return v.date().isoformat() if v.time() == dt.time() else v.isoformat()
    if isinstance(v, dt.datetime):
        return v.date().isoformat() if v.time() == dt.time() else v.isoformat()
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, list | tuple):
        return [clean(x) for x in v]
    if isinstance(v, dict):
        return {str(k): clean(x) for k, x in v.items()}
    try:
        if pd.isna(v):
            return None
    except (TypeError, ValueError):
        pass
    return str(v)


def records(frame: pd.DataFrame, columns: list[str]) -> list[dict[str, Any]]:
    cols = [c for c in columns if c in frame.columns]
    return [{c: clean(v) for c, v in zip(cols, row)} for row in frame[cols].itertuples(index=False, name=None)]


def build_json(season, outcome: Outcome, issues: list[Issue]) -> dict[str, Any]:
    e = outcome.entries
    tour_order = {t: i for i, t in enumerate(outcome.tournaments["tournament"])}
    e = e.assign(_o=e["tournament"].map(tour_order)).sort_values(["ranking", "player", "_o"], kind="stable")
    results = {key: [{"tournament": t, "points": clean(p), "counted": bool(c)}
                     for t, p, c in zip(g["tournament"], g["points"], g["counted"])]
               for key, g in e.groupby(["ranking", "player"], sort=False)}
    standings = []
    rank_order = {r: i for i, r in enumerate(outcome.rankings)}
    s = outcome.standings.assign(_r=outcome.standings["ranking"].map(rank_order)).sort_values(
        ["_r"], kind="stable")
    extra = [c for c in outcome.standings_extra if c in s.columns and c != "club"]
    for row in s.to_dict("records"):
        item = {"ranking": row["ranking"], "rank": clean(row["rank"]), "tied": bool(row["tied"]),
                "name": clean(row.get("name")), "id": clean(row.get("id")), "club": clean(row.get("club")),
                "total": clean(row["total"])}
        for c in extra:
            item[c] = clean(row.get(c))
        item["results"] = results.get((row["ranking"], row["player"]), [])
        standings.append(item)
    ledger = records(outcome.ledger, ["tournament", "ranking", "name", "id", "points", "rule", "detail",
                                      "counted"])
    tours = []
    for row in outcome.tournaments.to_dict("records"):
        item = {"name": clean(row.get("tournament")), "start": clean(row.get("start", row.get("date"))),
                "end": clean(row.get("end", row.get("date"))), "players": clean(row.get("players"))}
        for c in outcome.tournament_json:
            if c in row:
                item[c] = clean(row[c])
        tours.append(item)
    prizes = records(outcome.prizes, ["ranking", "place", "name", "id", "value", "note"])
    clubs = records(outcome.clubs, ["ranking", "rank", "tied", "club", "total"])
    out = {
        "circuit": season.circuit.name,
        "season": clean(season.settings.get("season")),
        "title": clean(season.settings.get("title")) or f"{season.circuit.title} {season.settings.get('season')}",
        "standings": standings, "ledger": ledger, "tournaments": tours, "prizes": prizes, "clubs": clubs,
        "issues": [{k: (v or None) if k in ("file", "sheet", "cell") else v for k, v in i.as_dict().items()
                    if k != "hint"} | {"hint": i.hint} for i in issues],
    }
    for k, v in outcome.json_extra.items():  # a circuit's own sections, made JSON-safe like the rest (NaN → null)
        out[k] = clean(v() if callable(v) else v)
    return out
