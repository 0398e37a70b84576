"""The rules of the Aarhus Skoleskak Grand Prix Mesterskab (ASS GPM) as pure, vectorised functions.

Everything here works on pandas frames and returns new frames; nothing reads workbooks or knows the CLI.
Points are exact: GPT-points are halves and are handled as integer *half-points*; GPM-points are integer
*tenths* (the reglement rounds to one decimal, §1 stk. 5, §5 stk. 6), so no binary float ever decides a
rounding, a drop, a tie or a prize.

The frame of results that most functions take has one row per player per event with the columns
(missing optional columns are treated as blank):

=============  =====================================================================================
``event``      the event's name (unique in the season)
``order``      integer, the events' order in the season (by date)
``kind``       ``GPT``, ``Aarhusmesterskab`` or ``DM-kvalifikation``
``player``     the player's identity key
``group``      the group played, canonical (``AA``, ``A``…``F``, ``N``, ``P``, merged ``A+B``) or None
``place``      the place in the group (int or NA)
``half``       GPT-points in half-points (int; 4½ → 9) or NA
``games``      games played at the board (int) or NA
``rounds``     rounds the group played (int, from the Groups sheet) or NA
``born``       birth year (int)
``female``     bool
``move``       the director's decision (``up``, ``down``, ``stay``) or None
``status``     ``Pre-qualified`` at DM-kvalifikation, else None
=============  =====================================================================================
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
import pandas as pd

RULEBOOK = "ASS"
GPT = "GPT"
AM = "Aarhusmesterskab"
DM = "DM-kvalifikation"
KINDS = (GPT, AM, DM)

AGE_GROUPS = ("A", "B", "C", "D", "E", "F")
RANKINGS = ("A", "B", "C", "D", "E", "F", "N", "P")
# Strength ladder (higher = stronger): F=1 … A=6, AA=7 (one step above A, §2 stk. 5).
LEVEL = {"F": 1, "E": 2, "D": 3, "C": 4, "B": 5, "A": 6, "AA": 7}
GROUP_OF_LEVEL = {v: k for k, v in LEVEL.items()}
TOP, BOTTOM = LEVEL["A"], LEVEL["F"]  # the A–F ladder bounds of §4 stk. 1

TENTH = 10  # GPM-points are held in tenths


@dataclass(frozen=True)
class Settings:
    """The rules as data; every number here is a season setting with the reglement's default."""

    start_year: int
    gpts: int | None = None  # GPTs scheduled (§1 stk. 6 Ruling); None → the GPT workbooks present
    prize_per: int = 4  # one placement prize per this many players with >= 2 GPTs (§1 stk. 7)
    normalise_am: bool = False  # Ruling: Aarhusmesterskab points are not normalised to 7 rounds
    dm_points: int = 10  # §5 stk. 8
    own_group_startpoints: int = 5  # §5 stk. 2
    step_startpoints: int = 2  # §5 stk. 2
    norm_rounds: int = 7  # §5 stk. 6


# ------------------------------------------------------------------ groups


def canonical_group(text: object) -> str | None:
    """The group as written → canonical: 'Plus' → 'AA', 'ab', 'A/B', 'A og B' → 'A+B'; None if unknown."""
    if text is None or (isinstance(text, float) and text != text):
        return None
    raw = str(text).strip().upper().replace(" OG ", "+").replace(" AND ", "+")
    raw = raw.replace("GRUPPE", "").replace("GROUP", "").replace("-", "").strip()
    raw = raw.replace(" ", "")
    if raw in ("PLUS", "AA", "PLUSGRUPPEN"):
        return "AA"
    if raw in ("A", "B", "C", "D", "E", "F", "N", "P"):
        return raw
    if raw in ("PIGER", "PIGEGRUPPEN", "PIGEGRUPPE", "GIRLS"):
        return "P"
    if raw in ("NYBEGYNDERE", "BEGINNERS"):
        return "N"
    for sep in ("+", "/", "&", ","):
        if sep in raw:
            parts = [p for p in raw.split(sep) if p]
            break
    else:
        parts = list(raw) if len(raw) == 2 and raw != "AA" else []
    parts = ["AA" if p == "PLUS" else p for p in parts]
    if len(parts) >= 2 and all(p in LEVEL for p in parts) and len(set(parts)) == len(parts):
        return "+".join(sorted(parts, key=lambda g: -LEVEL[g]))
    return None


def is_merged(group: pd.Series) -> pd.Series:
    return group.fillna("").astype(str).str.contains("+", regex=False)


def default_age_table(start_year: int) -> pd.DataFrame:
    """§1 stk. 2: A S-20..S-17, B S-16..S-15, C S-14..S-13, D S-12..S-11, E S-10..S-9, F >= S-8."""
    s = int(start_year)
    rows = [("A", s - 20, s - 17), ("B", s - 16, s - 15), ("C", s - 14, s - 13), ("D", s - 12, s - 11),
            ("E", s - 10, s - 9), ("F", s - 8, None)]
    return pd.DataFrame(rows, columns=["group", "born_from", "born_to"]).astype(
        {"born_from": "Int64", "born_to": "Int64"})


def age_groups(born: pd.Series, table: pd.DataFrame) -> pd.Series:
    """The age group of each birth year (§1 stk. 2). Older than the oldest group → that group (A);
    a year no row covers, or a blank year, → NA."""
    years = pd.to_numeric(born, errors="coerce").astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    lo = pd.to_numeric(table["born_from"], errors="coerce").to_numpy(dtype=float, na_value=-np.inf)
    hi = pd.to_numeric(table["born_to"], errors="coerce").to_numpy(dtype=float, na_value=np.inf)
    groups = table["group"].astype(str).to_numpy()
    conds = [(years >= a) & (years <= b) for a, b in zip(lo, hi)]
    oldest = groups[np.argmax([LEVEL.get(g, 0) for g in groups])]
    older = years < np.nanmin(np.where(np.isfinite(lo), lo, np.nan)) if np.isfinite(lo).any() else years < 0
    conds.append(older)
    out = np.select(conds, [*groups, oldest], default=None)
    out = np.where(np.isnan(years), None, out)
    return pd.Series(out, index=born.index, dtype=object)


def season_start_year(season: object) -> int | None:
    """'2012/2013', '2012-13', '2012' → 2012."""
    text = str(season or "").strip()
    digits = "".join(c if c.isdigit() else " " for c in text).split()
    years = [int(d) for d in digits if len(d) == 4]
    return years[0] if years else None


# ------------------------------------------------------------------ startpoints (§5 stk. 2–4)


def startpoints(played: pd.Series, age: pd.Series, has_a: pd.Series, settings: Settings | None = None
                ) -> pd.DataFrame:
    """Startpoints for the group played vs the age group, with the group it counted as and the reason.

    - P and N: always 5 (§5 stk. 4; Ruling for N).
    - AA is one step above A only when the same GPT has an A group, else it is scored as A (§2 stk. 5).
    - A merged group ('A+B') counts as the member closest to the player's age group (§5 stk. 3); a player
      exactly between two members (a merge of non-adjacent groups) gets the lower one (Ruling).
    - Otherwise 5 + 2 per group above the age group, − 2 per group below, never below 0 (§5 stk. 2).
    """
    cfg = settings or Settings(start_year=0)
    own, step = cfg.own_group_startpoints, cfg.step_startpoints
    played = played.astype(object).where(played.notna(), None)
    age_level = age.map(LEVEL).astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    has_a = has_a.fillna(False).astype(bool).to_numpy()

    parts = played.fillna("").astype(str).str.split("+", regex=False)
    exploded = parts.explode()
    member_level = exploded.map(LEVEL).astype("Float64")
    aa_rows = (exploded == "AA").to_numpy()
    has_a_x = pd.Series(has_a, index=played.index).reindex(exploded.index).to_numpy()
    mlev = member_level.to_numpy(dtype=float, na_value=np.nan)
    mlev = np.where(aa_rows & ~has_a_x, LEVEL["A"], mlev)
    age_x = pd.Series(age_level, index=played.index).reindex(exploded.index).to_numpy()
    # closest member to the age group; ties between a member above and one below → the lower (Ruling)
    dist = np.abs(mlev - age_x) * 2 + (mlev > age_x)
    cand = pd.DataFrame({"row": np.repeat(np.arange(len(played)), parts.str.len().to_numpy()),
                         "level": mlev, "dist": dist, "name": exploded.to_numpy()})
    cand = cand.dropna(subset=["dist"]).sort_values(["row", "dist"], kind="stable").drop_duplicates("row")
    level = np.full(len(played), np.nan)
    level[cand["row"].to_numpy()] = cand["level"].to_numpy()
    counted = np.full(len(played), None, dtype=object)
    counted[cand["row"].to_numpy()] = cand["name"].to_numpy()

    diff = level - age_level
    pts = np.maximum(0, own + step * np.nan_to_num(diff)).astype(int)
    played_s = played.fillna("").astype(str).to_numpy()
    special = np.isin(played_s, ["P", "N"])
    pts = np.where(special, own, pts)
    known = special | ~np.isnan(diff)
    counted = np.where(special, played_s, counted)
    counted = np.where((played_s == "AA") & ~has_a, "A", counted)

    d = np.nan_to_num(diff).astype(int)
    rel = np.select([d > 1, d == 1, d == 0, d == -1, d < -1],
                    [pd.Series(d).astype(str).add(" groups above").to_numpy(), "1 group above", "own age group",
                     "1 group below", pd.Series(-d).astype(str).add(" groups below").to_numpy()], default="")
    age_s = age.fillna("?").astype(str).to_numpy()
    reason = np.char.add(np.char.add(np.char.add("played ", played_s.astype(str)), ", age group "),
                         age_s.astype(str))
    merged = np.char.find(played_s.astype(str), "+") >= 0
    aa_as_a = (played_s == "AA") & ~has_a
    aa_up = (played_s == "AA") & has_a
    note = np.select(
        [special & (played_s == "P"), special & (played_s == "N"), merged, aa_as_a, aa_up],
        ["girls' group P: always 5 (§5 stk. 4)", "beginners' group N: always 5 (Ruling)",
         np.char.add(np.char.add("merged group counted as ", counted.astype(str)), " (closest to age, §5 stk. 3)"),
         "AA without an A group is scored as A (§2 stk. 5)", "AA is one step above A (§2 stk. 5)"], default="")
    rel_txt = np.where(special, "", np.char.add(": ", rel.astype(str)))
    full = np.char.add(np.char.add(reason, rel_txt), np.where(note == "", "", np.char.add("; ", note.astype(str))))
    return pd.DataFrame({"startpoints": np.where(known, pts, 0).astype(int), "counted_as": counted,
                         "known": known, "reason": full}, index=played.index)


# ------------------------------------------------------------------ normalisation (§5 stk. 6)


def normalise_tenths(half: pd.Series | np.ndarray, rounds: pd.Series | np.ndarray, to: int = 7) -> np.ndarray:
    """GPT-points × 7 / rounds, rounded half up to one decimal, in integer tenths, exactly.

    With h half-points the value in tenths is 10·(h/2)·7/r = 35h/r; half up is floor((70h + r) / 2r).
    e.g. 6½ over 10: h = 13 → (910 + 10) // 20 = 46 → 4.6 (a float gives 4.55 → 4.5).
    """
    h = np.asarray(half, dtype=np.int64)
    r = np.asarray(rounds, dtype=np.int64)
    return (2 * 5 * to * h + r) // (2 * r)


def fmt_half(half: pd.Series | np.ndarray) -> np.ndarray:
    """Half-points as the reglement writes them: 13 → '6½', 1 → '½', 8 → '4'."""
    h = np.asarray(half, dtype=np.int64)
    whole = (h // 2).astype(str)
    whole = np.where((h // 2 == 0) & (h % 2 == 1), "", whole)
    return np.char.add(whole, np.where(h % 2 == 1, "½", ""))


def fmt_tenths(tenths: pd.Series | np.ndarray) -> np.ndarray:
    """Integer tenths as a decimal: 46 → '4.6', 50 → '5.0', 5 → '0.5'."""
    t = np.asarray(tenths, dtype=np.int64)
    sign = np.where(t < 0, "-", "")
    a = np.abs(t)
    return np.char.add(np.char.add(np.char.add(sign, (a // 10).astype(str)), "."), (a % 10).astype(str))


def exact_value(half: np.ndarray, rounds: np.ndarray, to: int = 7, digits: int = 4) -> np.ndarray:
    """h/2 × 7 / r written exactly to `digits` decimals, with '…' when it does not terminate there."""
    h = np.asarray(half, dtype=np.int64)
    r = np.asarray(rounds, dtype=np.int64)
    scale = 10 ** digits
    num = h * to * scale
    q, rem = num // (2 * r), num % (2 * r)
    frac = (q % scale).astype(str)
    frac = np.char.zfill(frac, digits)
    frac = np.char.rstrip(frac, "0")
    frac = np.where(frac == "", "0", frac)
    text = np.char.add(np.char.add((q // scale).astype(str), "."), frac)
    return np.char.add(text, np.where(rem != 0, "…", ""))


def normalise_detail(half: np.ndarray, rounds: np.ndarray, tenths: np.ndarray, to: int = 7) -> np.ndarray:
    """'6½ × 7/10 = 4.55 → 4.6 (half up)'."""
    pts = fmt_half(half)
    r = np.asarray(rounds, dtype=np.int64).astype(str)
    lhs = np.char.add(np.char.add(np.char.add(pts, f" × {to}/"), r), " = ")
    return np.char.add(np.char.add(np.char.add(lhs, exact_value(half, rounds, to)), " → "), fmt_tenths(tenths))


# ------------------------------------------------------------------ GPM-points for every result (§5)


AWARD_COLUMNS = ["event", "order", "kind", "player", "group", "age_group", "female", "startpoints",
                 "norm_tenths", "points", "rule", "detail", "eligible", "skip_reason"]


def _col(frame: pd.DataFrame, name: str, default: object = None) -> pd.Series:
    if name in frame.columns:
        return frame[name]
    return pd.Series([default] * len(frame), index=frame.index, dtype=object)


def score(results: pd.DataFrame, age_table: pd.DataFrame, settings: Settings) -> pd.DataFrame:
    """One row per result with its GPM-points (in tenths), the clause and the arithmetic in words.

    ``eligible`` False rows carry 0 points and ``skip_reason`` (no round played, DM without an earlier GPT).
    """
    res = results.copy()
    res["age_group"] = age_groups(_col(res, "born"), age_table)
    res["female"] = _col(res, "female", False).fillna(False).astype(bool)
    kind = _col(res, "kind", GPT).fillna(GPT).astype(str)
    group = _col(res, "group").astype(object)
    half = pd.to_numeric(_col(res, "half"), errors="coerce").astype("Int64")
    games = pd.to_numeric(_col(res, "games"), errors="coerce").astype("Int64")
    rounds = pd.to_numeric(_col(res, "rounds"), errors="coerce").astype("Int64")
    status = _col(res, "status").fillna("").astype(str).str.casefold()
    prequal = status.str.startswith("pre") | status.str.startswith("forh")

    # AA is above A only when that GPT also has an A group (§2 stk. 5)
    has_a = group.eq("A").groupby(res["event"]).transform("any").astype(bool)
    sp = startpoints(group, res["age_group"], has_a, settings)

    is_gpt, is_am, is_dm = (kind == GPT).to_numpy(), (kind == AM).to_numpy(), (kind == DM).to_numpy()
    h = half.fillna(0).to_numpy(dtype=np.int64)
    r = rounds.fillna(settings.norm_rounds).to_numpy(dtype=np.int64)
    r = np.where(r <= 0, settings.norm_rounds, r)
    norm = normalise_tenths(h, r, settings.norm_rounds)
    plain = h * 5  # half-points in tenths
    # blank Games = the player played every round of the group (Ruling); 0 = no round played (§5 stk. 5)
    played_round = games.isna().to_numpy() | (games.fillna(0).to_numpy(dtype=np.int64) >= 1)

    # DM-kvalifikation: only players with a GPT earlier in the season (§5 stk. 9)
    first_gpt = (res.loc[is_gpt & played_round].groupby("player")["order"].min())
    earlier = res["player"].map(first_gpt).astype("Float64").to_numpy(dtype=float, na_value=np.inf) < \
        pd.to_numeric(res["order"]).to_numpy(dtype=float)
    dm_took_part = prequal.to_numpy() | games.isna().to_numpy() | played_round

    am_norm = is_am & settings.normalise_am
    sp_tenths = np.where(is_am, settings.own_group_startpoints, sp["startpoints"].to_numpy()) * TENTH
    gpt_part = np.where(is_gpt | am_norm, norm, plain)
    points = np.where(is_dm, settings.dm_points * TENTH, sp_tenths + gpt_part)

    eligible = np.select([is_dm, is_gpt | is_am], [dm_took_part & earlier, played_round], default=False)
    eligible = eligible & (is_dm | sp["known"].to_numpy() | is_am)
    skip = np.select(
        [is_dm & ~dm_took_part, is_dm & ~earlier, ~is_dm & ~played_round, ~eligible],
        ["took no part in DM-kvalifikation", "no GPT earlier in the season (§5 stk. 9)",
         "played no round (§5 stk. 5)", "group or age group unknown"], default="")

    norm_txt = normalise_detail(h, r, norm, settings.norm_rounds)
    sp_txt = np.char.add(np.char.add("startpoints ", sp["startpoints"].astype(str).to_numpy().astype(str)),
                         np.char.add(" (", np.char.add(sp["reason"].to_numpy().astype(str), ")")))
    gpt_detail = np.char.add(np.char.add(sp_txt, "; GPT-points "), norm_txt.astype(str))
    am_plain = np.char.add(np.char.add("startpoints 5 (Aarhusmesterskab, §5 stk. 7); GPT-points ", fmt_half(h)),
                           " (not normalised, Ruling)")
    am_detail = np.where(am_norm, np.char.add("startpoints 5 (Aarhusmesterskab, §5 stk. 7); GPT-points ",
                                              norm_txt.astype(str)), am_plain)
    dm_detail = np.where(prequal.to_numpy(), f"flat {settings.dm_points} (pre-qualified, §5 stk. 8)",
                         f"flat {settings.dm_points} (startpoints and GPT-points not counted, §5 stk. 8)")
    detail = np.select([is_dm, is_am], [dm_detail, am_detail], default=gpt_detail)
    total_txt = np.char.add(" = ", fmt_tenths(points))
    detail = np.where(is_dm, detail, np.char.add(detail.astype(str), total_txt))
    rule = np.select([is_dm, is_am & settings.normalise_am, is_am],
                     ["ASS §5 stk. 8–9", "ASS §5 stk. 6–7", "ASS §5 stk. 7"], default="ASS §5 stk. 2–6")

    out = pd.DataFrame({
        "event": res["event"], "order": res["order"], "kind": kind, "player": res["player"],
        "group": group, "age_group": res["age_group"], "female": res["female"],
        "startpoints": np.where(is_dm, 0, sp_tenths // TENTH), "norm_tenths": np.where(is_dm, 0, gpt_part),
        "points": np.where(eligible, points, 0).astype(np.int64), "rule": rule, "detail": detail,
        "eligible": eligible.astype(bool), "skip_reason": np.where(eligible, "", skip)}, index=res.index)
    return out


# ------------------------------------------------------------------ accounts and standings (§1 stk. 6, §5 stk. 4)


def credit(awards: pd.DataFrame) -> pd.DataFrame:
    """Standings entries: each eligible award credited to its account(s).

    P played → P only; N played → N only; otherwise the age group, and P too for a girl (§5 stk. 4).
    A pre-qualified DM row (no group) counts like a row in the age group.
    """
    ok = awards[awards["eligible"]].copy()
    grp = ok["group"].fillna("").astype(str)
    main = ok.assign(ranking=np.select([grp == "P", grp == "N"], ["P", "N"], default=ok["age_group"].astype(object)))
    extra = ok[(grp != "P") & (grp != "N") & ok["female"]].assign(ranking="P")
    out = pd.concat([main, extra], ignore_index=True)
    return out[out["ranking"].notna()].reset_index(drop=True)


def mark_dropped(entries: pd.DataFrame, gpts: int) -> pd.DataFrame:
    """§1 stk. 6 (1): in each account, drop the worst GPT result only when the account holds a result from
    every scheduled GPT (Ruling: `gpts` = the season setting GPTs). AM and DM results are never dropped.
    Among equal worst results the earliest is the one marked dropped."""
    e = entries.copy()
    gpt = e["kind"] == GPT
    n = e[gpt].groupby(["ranking", "player"])["event"].transform("nunique")
    full = pd.Series(False, index=e.index)
    full.loc[n.index] = n >= gpts if gpts and gpts > 0 else False
    cand = e[gpt & full].sort_values(["ranking", "player", "points", "order"], kind="stable")
    worst = cand.drop_duplicates(["ranking", "player"]).index
    e["counted"] = True
    e.loc[worst, "counted"] = False
    return e


TIEBREAKS = ("total", "worst", "gpts", "am")


def rank_accounts(entries: pd.DataFrame) -> pd.DataFrame:
    """Per account (A–F, N, P): total of counted GPM-points and the tiebreak chain of §1 stk. 6:
    1 total, 2 best worst GPT result (the lowest GPT result, dropped or not; none → lowest), 3 most GPT
    participations (in the account), 4 most GPM-points at Aarhusmesterskabet, 5 lots — never drawn here:
    players still equal share the rank with ``tied`` True and ``lots`` True."""
    e = entries
    gpt = e["kind"] == GPT
    keys = ["ranking", "player"]
    base = e.groupby(keys, sort=False).agg(total=("points", lambda s: 0)).drop(columns="total")
    total = e[e["counted"]].groupby(keys)["points"].sum()
    worst = e[gpt].groupby(keys)["points"].min()
    gpts = e[gpt].groupby(keys)["event"].nunique()
    am = e[e["kind"] == AM].groupby(keys)["points"].sum()
    st = base.assign(total=total, worst=worst, gpts=gpts, am=am)
    st["total"] = st["total"].fillna(0).astype(np.int64)
    st["worst"] = st["worst"].fillna(-1).astype(np.int64)
    st["gpts"] = st["gpts"].fillna(0).astype(np.int64)
    st["am"] = st["am"].fillna(0).astype(np.int64)
    st = st.reset_index()
    st = st.sort_values(["ranking", "total", "worst", "gpts", "am"], ascending=[True, False, False, False, False],
                        kind="stable")
    pos = st.groupby("ranking").cumcount() + 1
    st["rank"] = pos.groupby([st[c] for c in ["ranking", *TIEBREAKS]]).transform("min")
    size = st.groupby(["ranking", *TIEBREAKS])["player"].transform("size")
    st["tied"] = size > 1
    st["lots"] = st["tied"]
    # which tiebreak separated a player from the players with the same total
    same_total = st.groupby(["ranking", "total"])["player"].transform("size") > 1
    by_worst = st.groupby(["ranking", "total", "worst"])["player"].transform("size") > 1
    by_gpts = st.groupby(["ranking", "total", "worst", "gpts"])["player"].transform("size") > 1
    st["decided_by"] = np.select(
        [~same_total, ~by_worst, ~by_gpts, ~st["tied"]],
        ["", "best worst result", "most GPTs", "points at Aarhusmesterskab"], default="lots to be drawn")
    return st.reset_index(drop=True)


# ------------------------------------------------------------------ prizes (§1 stk. 7, §3)


def placement_prizes(standings: pd.DataFrame, per: int = 4) -> pd.DataFrame:
    """§1 stk. 7: floor(n/per) placement prizes per account, n = players with two or more GPTs in it; they go
    down that account's standings among those players. A tie across the last prize is flagged for lots."""
    elig = standings[standings["gpts"] >= 2].sort_values(["ranking", "rank", "player"], kind="stable")
    n = elig.groupby("ranking")["player"].transform("size")
    k = n // per
    pos = elig.groupby("ranking").cumcount() + 1
    win = elig[pos <= k].copy()
    win["place"] = pos[pos <= k]
    # a boundary tie: someone without a prize has the same rank as the last prize winner
    last_rank = win.groupby("ranking")["rank"].max()
    losers = elig[pos > k]
    straddle = losers.merge(last_rank.rename("last").reset_index(), on="ranking")
    straddle = straddle[straddle["rank"] == straddle["last"]]
    lots_rank = set(zip(straddle["ranking"], straddle["rank"]))
    win["note"] = [("lots to be drawn: tied with a player without a prize" if (g, r) in lots_rank else "")
                   for g, r in zip(win["ranking"], win["rank"])]
    win["prize"] = "Placement prize"
    return win[["ranking", "place", "player", "prize", "note"]].reset_index(drop=True)


def trophies(standings: pd.DataFrame) -> pd.DataFrame:
    """§1 stk. 7: a trophy (vandrepokal) per GPM group to the winner; a shared first place → lots."""
    top = standings[standings["rank"] == 1].copy()
    top["place"] = 1
    top["prize"] = "Trophy (vandrepokal)"
    top["note"] = np.where(top["lots"], "lots to be drawn", "")
    return top[["ranking", "place", "player", "prize", "note"]].reset_index(drop=True)


def memento_prizes(awards: pd.DataFrame, entries: pd.DataFrame, placement: pd.DataFrame, gpts: int
                   ) -> pd.DataFrame:
    """§1 stk. 7: a memento prize to every player who took part in all GPTs (Ruling) and won no placement
    prize; credited to the account the player played in most often (P, N or the age group); equal counts →
    the account of the player's last GPT (Ruling)."""
    a = awards[awards["eligible"] & (awards["kind"] == GPT)].copy()
    if a.empty or not gpts:
        return pd.DataFrame(columns=["ranking", "place", "player", "prize", "note"])
    grp = a["group"].fillna("").astype(str)
    a["account"] = np.select([grp == "P", grp == "N"], ["P", "N"], default=a["age_group"].astype(object))
    count = a.groupby("player")["event"].nunique()
    full = count[count >= gpts].index
    won = set(placement["player"])
    a = a[a["player"].isin(full) & ~a["player"].isin(won)]
    per = a.groupby(["player", "account"]).agg(n=("event", "size"), last=("order", "max")).reset_index()
    per = per.sort_values(["player", "n", "last"], ascending=[True, False, False]).drop_duplicates("player")
    out = pd.DataFrame({"ranking": per["account"], "place": pd.NA, "player": per["player"],
                        "prize": "Memento prize (erindringspræmie)", "note": "took part in every GPT"})
    return out.reset_index(drop=True)


def girls_trophy(am_rows: pd.DataFrame) -> pd.DataFrame:
    """§3: the girls' trophy (Pigevandrepokal) at Aarhusmesterskabet across groups, by 1) highest average
    score points/games as an exact fraction, 2) oldest age group, 3) relative placing (same group: better
    place). Returns the girls in order with ``rank`` and ``lots`` (still equal after the three criteria)."""
    g = am_rows[am_rows["female"] & (pd.to_numeric(am_rows["games"], errors="coerce").fillna(0) > 0)].copy()
    if g.empty:
        return g.assign(rank=pd.Series(dtype=int), lots=pd.Series(dtype=bool))
    games = g["games"].astype(np.int64)
    lcm = 1
    for v in np.unique(games):
        lcm = lcm * int(v) // math.gcd(lcm, int(v))
    g["avg_key"] = g["half"].astype(np.int64) * (lcm // games)  # exact: (half/games)·lcm
    g["age_key"] = g["age_group"].map(LEVEL).fillna(0).astype(int)
    g["place_key"] = pd.to_numeric(g["place"], errors="coerce").fillna(10**6).astype(np.int64)
    g = g.sort_values(["avg_key", "age_key", "group", "place_key"], ascending=[False, False, True, True],
                      kind="stable")
    pos = pd.Series(np.arange(1, len(g) + 1), index=g.index)
    # same group → place decides; different groups with equal average and age → lots
    key = [g["avg_key"], g["age_key"]]
    same_group = g.groupby(key)["group"].transform("nunique") == 1
    place_rank = pos.groupby([g["avg_key"], g["age_key"], g["place_key"]]).transform("min")
    level_rank = pos.groupby(key).transform("min")
    g["rank"] = np.where(same_group, place_rank, level_rank)
    g["lots"] = g.groupby("rank")["player"].transform("size") > 1
    return g


# ------------------------------------------------------------------ clubs


def club_totals(awards: pd.DataFrame, clubs: pd.Series) -> pd.DataFrame:
    """§1 stk. 7: every GPM-points award of a club's players summed once (Ruling: a girl's award credited to
    her age group and P counts once; no worst-result deduction)."""
    a = awards[awards["eligible"]].copy()
    a["club"] = a["player"].map(clubs)
    a = a[a["club"].notna() & (a["club"].astype(str) != "")]
    t = a.groupby("club").agg(total=("points", "sum"), players=("player", "nunique")).reset_index()
    t = t.sort_values(["total", "club"], ascending=[False, True], kind="stable")
    t["rank"] = t["total"].rank(method="min", ascending=False).astype(int)
    return t.reset_index(drop=True)


# ------------------------------------------------------------------ promotion and relegation (§4)


def threshold_move(half: pd.Series | np.ndarray, games: pd.Series | np.ndarray) -> np.ndarray:
    """§4 stk. 2: 'up' at >= 75 % of games played, 'down' below 25 %, else 'stay' (only GPT-points).
    In half-points h and games g: up ⇔ 2h >= 3g; down ⇔ 2h < g. No games → 'stay'."""
    h = np.asarray(half, dtype=np.int64)
    g = np.asarray(games, dtype=np.int64)
    return np.select([g <= 0, 2 * h >= 3 * g, 2 * h < g], ["stay", "up", "down"], default="stay")


MOVE_COLUMNS = ["event", "order", "player", "group", "place", "points", "games", "rounds", "from", "to", "move",
                "automatic", "note", "plus"]


def movements(results: pd.DataFrame, initial: pd.Series) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Walk the GPTs in order and move each player's strength group (§4, §2 stk. 5–6, appendix).

    ``initial`` maps player → starting strength group (A–F): the register's `Strength group`, else the age
    group. Returns (per-GPT movement rows, per-player state after the last GPT with columns ``strength``,
    ``plus`` (entitlement for the next GPT), ``last_event``, ``last_move``, ``last_group``).

    - base = the stronger of the group played and the strength group before the GPT (a transferred A player
      recorded in B keeps A status, §2 stk. 5; Ruling: playing up makes the played group the status); AA and
      merged groups count as their strongest member that is not above A, a merged group at least its lowest;
    - 'up' / 'down' by :func:`threshold_move`, bounded to A..F (§4 stk. 1);
    - a relegation with fewer games than the group's rounds is left to the director ('director'); a promotion
      over fewer games is applied and flagged (§4 stk. 3); relegation is suspended in a merged A+B (§2 stk. 6);
    - the director's recorded ``move`` (up/down/stay) wins;
    - Plus/AA (appendix): the A winner (not of a merged A+B) is entitled to Plus at the next GPT; a previous A
      winner placed 1–3 in Plus keeps it once more; the 6th in Plus goes to A.
    """
    res = results[results["kind"] == GPT].copy()
    state = pd.DataFrame({"strength": initial.map(LEVEL)}).rename_axis("player")
    state["plus"] = ""
    state["plus_kept"] = False
    state["last_event"] = None
    state["last_move"] = ""
    state["last_group"] = ""
    rows = []
    for _order, day in res.sort_values("order").groupby("order", sort=True):
        day = day.copy()
        group = day["group"].fillna("").astype(str)
        ladder = ~group.isin(["P", "N", ""])
        has_a = bool((group == "A").any())
        true_aa = has_a & (group == "AA")
        missing = day.loc[~day["player"].isin(state.index), "player"].unique()
        if len(missing):
            state = pd.concat([state, pd.DataFrame({"strength": np.nan, "plus": "", "plus_kept": False,
                                                    "last_event": None, "last_move": "", "last_group": ""},
                                                   index=pd.Index(missing, name="player"))])
        before = day["player"].map(state["strength"]).astype(float)
        merged = group.str.contains("+", regex=False)
        played_lvl = group.map(_ladder_level).astype(float).to_numpy()
        base = np.fmax(played_lvl, before.to_numpy())
        half = pd.to_numeric(day["half"], errors="coerce").fillna(0).astype(np.int64)
        games = pd.to_numeric(day["games"], errors="coerce")
        rounds = pd.to_numeric(day["rounds"], errors="coerce")
        games_f = games.fillna(rounds).fillna(0).astype(np.int64)
        rounds_f = rounds.fillna(games_f).astype(np.int64)
        auto = threshold_move(half, games_f)
        partial = (games_f < rounds_f).to_numpy()
        ab = merged & group.str.contains("A", regex=False) & group.str.contains("B", regex=False)
        director = _col(day, "move").fillna("").astype(str).str.strip().str.casefold()
        director = director.map({"up": "up", "op": "up", "down": "down", "ned": "down", "stay": "stay",
                                 "bliv": "stay", "forbliv": "stay", "forbliver": "stay"}).fillna("")
        move = np.select([(auto == "down") & ab.to_numpy(), (auto == "down") & partial],
                         ["stay", "director"], default=auto)
        note = np.select(
            [(auto == "down") & ab.to_numpy(), (auto == "down") & partial, (auto == "up") & partial],
            ["relegation suspended in merged A+B (§2 stk. 6)",
             "fewer games than rounds: relegation left to the tournament director (§4 stk. 3)",
             "promoted over fewer games than rounds: director to confirm (§4 stk. 3)"], default="")
        has_dir = (director != "").to_numpy()
        move = np.where(has_dir, director.to_numpy(), move)
        note = np.where(has_dir, np.char.add("director's decision: ", director.to_numpy().astype(str)), note)
        step = np.select([move == "up", move == "down"], [1, -1], default=0)
        to = np.clip(base + step, BOTTOM, TOP)
        bounded = (to == base) & (step != 0)
        note = np.where(bounded & (step > 0), np.char.add(note.astype(str), " (already A: cannot go higher)"), note)
        note = np.where(bounded & (step < 0), np.char.add(note.astype(str), " (already F: cannot go lower)"), note)
        final_move = np.where(bounded, "stay", move)
        to = np.where(ladder.to_numpy(), to, before.to_numpy())

        # Plus/AA entitlements for the player's next GPT (appendix; §2 stk. 5)
        place = pd.to_numeric(day["place"], errors="coerce")
        prev_plus = day["player"].map(state["plus"]).fillna("")
        kept = day["player"].map(state["plus_kept"]).fillna(False).astype(bool)
        a_winner = ((group == "A") | ((group == "AA") & ~has_a)) & (place == 1)
        keep_again = true_aa & (place <= 3) & (prev_plus == "A winner") & ~kept
        sixth = true_aa & (place == 6)
        plus = np.select([a_winner.to_numpy(), keep_again.to_numpy(), sixth.to_numpy()],
                         ["A winner", "kept (placed 1–3 as previous A winner)", "6th in Plus: to A"], default="")
        plus_note = np.select([a_winner.to_numpy(), keep_again.to_numpy(), sixth.to_numpy()],
                              ["A-group winner: Plus at the next GPT (appendix 3)",
                               "previous A winner placed 1–3 in Plus: keeps the place once more (appendix 4)",
                               "6th in Plus: moves down to A regardless of points (appendix 2)"], default="")
        note = np.where(plus_note == "", note,
                        np.where(note == "", plus_note, np.char.add(np.char.add(note.astype(str), "; "), plus_note)))
        ab_winner = ab & (place == 1)
        note = np.where(ab_winner.to_numpy(), np.char.add(
            note.astype(str), np.where(note == "", "", "; ")), note)
        note = np.where(ab_winner.to_numpy(), np.char.add(note.astype(str),
                                                          "winner of merged A+B: no automatic Plus (§2 stk. 5)"),
                        note)

        out = pd.DataFrame({
            "event": day["event"], "order": day["order"], "player": day["player"], "group": group,
            "place": place, "points": half, "games": games_f, "rounds": rounds_f,
            "from": pd.Series(before).map(GROUP_OF_LEVEL).to_numpy(),
            "to": pd.Series(to).map(GROUP_OF_LEVEL).to_numpy(),
            "move": np.where(ladder.to_numpy(), final_move, ""), "automatic": ~has_dir,
            "note": note, "plus": plus})
        out = out[ladder.to_numpy()]
        rows.append(out)
        # update the state of everyone who played
        idx = day["player"].to_numpy()
        state.loc[idx, "strength"] = to
        state.loc[idx, "plus"] = plus
        state.loc[idx, "plus_kept"] = keep_again.to_numpy()
        state.loc[idx, "last_event"] = day["event"].to_numpy()
        state.loc[idx, "last_move"] = np.where(ladder.to_numpy(), final_move, "")
        state.loc[idx, "last_group"] = group.to_numpy()
    moves = pd.concat(rows, ignore_index=True) if rows else pd.DataFrame(columns=MOVE_COLUMNS)
    state["strength"] = state["strength"].map(GROUP_OF_LEVEL)
    return moves, state


def _ladder_level(group: str) -> float:
    """The A–F ladder level a played group moves from: AA → A; a merged group → its lowest member."""
    levels = [min(LEVEL[m], TOP) for m in str(group).split("+") if m in LEVEL]
    return float(min(levels)) if levels else np.nan


def next_gpt_group(state: pd.DataFrame) -> pd.Series:
    """The group for each player's next GPT: AA where the appendix entitles them to Plus, N for a player
    whose last GPT was in N, else the strength group (a girl may instead choose P, §2 stk. 3)."""
    plus = state["plus"].fillna("")
    last = state["last_group"].fillna("")
    g = state["strength"].astype(object)
    g = g.where(~plus.isin(["A winner", "kept (placed 1–3 as previous A winner)"]), "AA")
    return g.where(last != "N", "N")


def next_season_groups(state: pd.DataFrame, born: pd.Series, next_table: pd.DataFrame,
                       n_prize: set | None = None) -> pd.DataFrame:
    """§4 stk. 4, from each player's own last GPT: 1) promoted there → stays in the group promoted to;
    2) relegated there → one group up again (relegation neutralised); 3) everyone else by birth year under
    the new season's table. N players stay N unless they won a placement prize ('moves to age group', Ruling);
    a relegation left to the director and never decided counts as no move."""
    s = state.copy()
    new_age = age_groups(born.reindex(s.index), next_table)
    lvl = s["strength"].map(LEVEL).astype(float)
    last_move = s["last_move"].fillna("")
    last_group = s["last_group"].fillna("")
    prize = s.index.isin(list(n_prize or ()))
    up = (last_move == "up").to_numpy()
    down = (last_move == "down").to_numpy()
    in_n = (last_group == "N").to_numpy()
    group = np.select([in_n & ~prize, up, down],
                      ["N", s["strength"].astype(object).to_numpy(),
                       pd.Series(np.clip(lvl + 1, BOTTOM, TOP)).map(GROUP_OF_LEVEL).to_numpy()],
                      default=new_age.to_numpy())
    rule = np.select([in_n & ~prize, in_n & prize, up, down],
                     ["stays in N", "N with a placement prize: moves to age group (Ruling)",
                      "rule 1: promoted in the last GPT, stays in the group promoted to",
                      "rule 2: relegated in the last GPT, moves one group up (relegation neutralised)"],
                     default="rule 3: placed by birth year")
    return pd.DataFrame({"group": group, "rule": rule, "last_event": s["last_event"]}, index=s.index)
