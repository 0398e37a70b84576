"""`gpcalc explain`: a filter over the ledger, printed per ranking with the standings total."""

from __future__ import annotations

import pandas as pd

from .circuits.base import Outcome
from .parse import normalise_name


def match_player(outcome: Outcome, query: str) -> pd.Series:
    lg = outcome.ledger
    q = query.strip()
    by_id = lg["id"].astype("object").astype(str).eq(q)
    if by_id.any():
        return by_id
    norm = normalise_name(q)
    names = lg["name"].map(lambda n: normalise_name(n) if isinstance(n, str) else "")
    exact = names.eq(norm)
    if exact.any() or not norm:
        return exact
    # a part of the name: whole words, each the start of one of the name's words ("li" finds "Li Wei" and
    # "Lindqvist", not "Oliver")
    words = norm.split()
    return names.map(lambda n: all(any(w.startswith(q) for w in n.split()) for q in words))


def find_awards(outcome: Outcome, query: str) -> str | None:
    mask = match_player(outcome, query)
    lg = outcome.ledger[mask]
    if lg.empty:
        return None
    lines = []
    dec = outcome.points_decimals
    n = lg["player"].nunique()
    if n > 1:
        lines += [f"'{query.strip()}' matches {n} players — give the full name or the ID for one:", ""]
    for player, rows in lg.groupby("player", sort=False):
        first = rows.iloc[0]
        ident = f" (ID {first['id']})" if isinstance(first["id"], str) else ""
        lines.append(f"{first['name']}{ident}")
        st = outcome.standings[outcome.standings["player"] == player].set_index("ranking")
        for ranking, grp in rows.groupby("ranking", sort=False):
            if ranking in st.index:
                s = st.loc[ranking]
                rank = f"={s['rank']}" if s["tied"] else str(s["rank"])
                lines.append(f"  {ranking}: total {_pts(s['total'], dec)}, rank {rank}")
            else:
                lines.append(f"  {ranking}:")
            for row in grp.sort_values("date", kind="stable").itertuples():
                flag = "" if getattr(row, "counted", True) is not False else "  (dropped)"
                lines.append(f"    {row.tournament}: {_pts(row.points, dec)} — {row.rule}: {row.detail}{flag}")
        lines.append("")
    return "\n".join(lines).rstrip()


def _pts(x: float, decimals: int) -> str:
    """Points as the workbook shows them (the circuit's decimals), without trailing zeros: 83, 13.5, 73.33."""
    return f"{x:.{decimals}f}".rstrip("0").rstrip(".")
