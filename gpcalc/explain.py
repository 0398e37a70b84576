"""`gpcalc explain`: a filter over the ledger, printed per ranking with the standings total."""

from __future__ import annotations

import re

import numpy as np
import pandas as pd

from .circuits.base import Outcome
from .identity import normalised
from .parse import normalise_name
from .standings import shown_points


def match_player(outcome: Outcome, query: str) -> pd.Series:
    return _match(outcome.ledger, query)


def _match(frame: pd.DataFrame, query: str) -> pd.Series:
    """The rows of `frame` (name, id) whose player the query names: by ID, else by name, else by word starts."""
    lg = frame
    q = query.strip()
    by_id = lg["id"].astype("object").astype(str).eq(q)
    if by_id.any():
        return by_id
    norm = normalise_name(q)
    # (each distinct name normalised once: a season's ledger repeats every name in each of its rows)
    names = pd.Series(normalised(lg["name"].to_numpy(dtype=object)), index=lg.index, dtype=object)
    exact = names.eq(norm)
    if exact.any() or not norm:
        return exact
    # a part of the name: whole words, each the start of one of the name's words ("li" finds "Li Wei" and
    # "Lindqvist", not "Oliver") — decided once per distinct name
    words = norm.split()
    codes, uniques = pd.factorize(names.to_numpy())
    hit = np.array([all(any(w.startswith(q) for w in n.split()) for q in words) for n in uniques.tolist()],
                   dtype=bool)
    return pd.Series(hit[codes] if len(hit) else np.zeros(len(names), dtype=bool), index=lg.index)


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
                why = s.get("tiebreak")  # (Aarhus, FECODAZ: the level that separated equal totals)
                why = f" ({why})" if isinstance(why, str) and why else ""
                lines.append(f"  {ranking}: total {shown_points(s['total'], dec)}, rank {rank}{why}")
            else:
                lines.append(f"  {ranking}: not ranked{_why_unranked(outcome, first)}")
            grp = grp.sort_values("date", kind="stable")
            counted = grp["counted"].tolist() if "counted" in grp.columns else [True] * len(grp)
            for tour, points, rule, detail, c in zip(grp["tournament"].tolist(), grp["points"].tolist(),
                                                     grp["rule"].tolist(), grp["detail"].tolist(), counted):
                flag = "" if c is not False else "  (dropped)"
                lines.append(f"    {tour}: {shown_points(points, dec)} — {rule}: {detail}{flag}")
        lines.append("")
    return "\n".join(lines).rstrip()


def _why_unranked(outcome: Outcome, first) -> str:
    """Why a player with awards has no standings row: the circuit's Sanctions sheet, where it has one."""
    sheet = next((sh.frame for sh in outcome.sheets if sh.name == "Sanctions"), None)
    if sheet is None or "_sanctioned" not in sheet.columns:
        return ""
    same = sheet["id"].astype(str).eq(first["id"]) if isinstance(first["id"], str) else \
        sheet["name"].eq(first["name"])  # (by ID where the player has one)
    mine = sheet[sheet["_sanctioned"].astype(bool) & same]
    if mine.empty:
        return ""
    return f" — withdrew from {', '.join(dict.fromkeys(mine['tournament']))}: {mine['consequence'].iloc[0]}"


def played_without_points(results: pd.DataFrame, query: str, issues=None) -> str | None:
    """For a query that matches no award: the players of the season's results it names, with the tournaments
    they played (a player outside every scoring place is still a player of the season) and the season's
    issues placed on their rows (why a row scored nothing, when a check said so). None when none."""
    if results.empty or not query.strip():
        return None
    rows = results[_match(results, query).to_numpy(bool)]
    lines = []
    for _, grp in rows.groupby("player", sort=False):
        first = grp.iloc[0]
        ident = f" (ID {first['id']})" if isinstance(first["id"], str) else ""
        played = ", ".join(dict.fromkeys(grp["tournament"].astype(str)))
        lines.append(f"{first['name']}{ident} played {played} but has no points in this season (no award in any "
                     "ranking)")
        lines += [f"  {i.severity}: {i.file} {i.sheet}!{i.cell}: {i.message} [{i.code}]"
                  for i in _row_issues(grp, issues)]
    return "\n".join(lines) or None


def _row_issues(rows: pd.DataFrame, issues) -> list:
    """The issues whose cell is on one of `rows` (same file and sheet, the cell's row number)."""
    if issues is None or rows.empty or not {"file", "sheet", "row"} <= set(rows.columns):
        return []
    at = {(str(f), str(sh), int(r)) for f, sh, r in zip(rows["file"], rows["sheet"], rows["row"])}
    out = []
    for i in issues.items:
        m = re.fullmatch(r"[A-Z]+(\d+)", i.cell or "")
        if m and (i.file, i.sheet, int(m.group(1))) in at:
            out.append(i)
    return out
