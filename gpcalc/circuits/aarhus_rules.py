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
    codes, names = age_group_codes(born, table)
    return pd.Series(names[codes], index=born.index, dtype=object)


def age_group_codes(born: pd.Series, table: pd.DataFrame, older_to_oldest: bool = True
                    ) -> tuple[np.ndarray, np.ndarray]:
    """:func:`age_groups` as integer codes and their names: names[codes] is the age group of each birth year
    (the last name is None, for code -1: no group). `older_to_oldest=False`: a year before the oldest group's
    first is no group either (code -1), as the rulebook's table reads (A 1992–1995 in 2012/2013)."""
    years = pd.to_numeric(born, errors="coerce").astype("Float64").to_numpy(dtype=float, na_value=np.nan)
    lo = pd.to_numeric(table["born_from"], errors="coerce").to_numpy(dtype=float, na_value=-np.inf)
    hi = pd.to_numeric(table["born_to"], errors="coerce").to_numpy(dtype=float, na_value=np.inf)
    groups = table["group"].astype(str).to_numpy()
    conds = [(years >= a) & (years <= b) for a, b in zip(lo, hi)]
    oldest = groups[np.argmax([LEVEL.get(g, 0) for g in groups])]
    older = years < np.nanmin(np.where(np.isfinite(lo), lo, np.nan)) if np.isfinite(lo).any() else years < 0
    conds.append(older & older_to_oldest)
    codes = np.select(conds, np.arange(len(conds)), default=-1)
    codes = np.where(np.isnan(years), -1, codes).astype(np.int64)
    return codes, np.array([*(str(g) for g in groups), str(oldest), None], dtype=object)


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
    cand = cand.dropna(subset=["dist"])
    # rows whose age group lies exactly between two members (C+E for a D player): the Ruling, not "closest", decides
    far = (cand["dist"] // 2).to_numpy()
    nearest = pd.Series(far).groupby(cand["row"].to_numpy()).transform("min").to_numpy()
    between = np.zeros(len(played), dtype=bool)
    ties = pd.Series(far == nearest).groupby(cand["row"].to_numpy()).sum()
    between[ties.index[ties.to_numpy() > 1].to_numpy(dtype=np.int64)] = True
    cand = cand.sort_values(["row", "dist"], kind="stable").drop_duplicates("row")
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
        [special & (played_s == "P"), special & (played_s == "N"), merged & between, merged, aa_as_a, aa_up],
        ["girls' group P: always 5 (§5 stk. 4)", "beginners' group N: always 5 (Ruling)",
         np.char.add(np.char.add("merged group counted as ", counted.astype(str)),
                     " (two members equally close to the age group: the lower, Ruling 2)"),
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
    return score_coded(results, age_table, settings)[0]


def score_coded(results: pd.DataFrame, age_table: pd.DataFrame, settings: Settings
                ) -> tuple[pd.DataFrame, np.ndarray, np.ndarray]:
    """:func:`score`, and the ``detail`` column as integer codes into its texts: texts[codes] is the column (a
    caller may take the codes along instead of factorising the text again)."""
    res = results.copy(deep=False)  # copy-on-write: the columns added below leave `results` as it was
    age_code, age_names = age_group_codes(_col(res, "born"), age_table)
    res["age_group"] = pd.Series(age_names[age_code], index=res.index, dtype=object)
    res["female"] = _col(res, "female", False).fillna(False).astype(bool)
    kind = _col(res, "kind", GPT).fillna(GPT).astype(str)
    group = _col(res, "group").astype(object)
    half = pd.to_numeric(_col(res, "half"), errors="coerce").astype("Int64")
    games = pd.to_numeric(_col(res, "games"), errors="coerce").astype("Int64")
    rounds = pd.to_numeric(_col(res, "rounds"), errors="coerce").astype("Int64")
    status = _col(res, "status").fillna("").astype(str)
    scode, suniq = pd.factorize(status.to_numpy())
    su = pd.Series(suniq, dtype=object).astype(str).str.casefold()
    prequal = pd.Series((su.str.startswith("pre") | su.str.startswith("forh")).to_numpy(dtype=bool)[scode]
                        if len(su) else np.zeros(len(res), dtype=bool), index=res.index)

    # AA is above A only when that GPT also has an A group (§2 stk. 5)
    ev, n_ev = codes_of(res, "event")
    any_a = np.zeros(n_ev + 1, dtype=bool)
    any_a[ev[group.to_numpy(dtype=object) == "A"]] = True
    any_a[-1] = True  # a row without an event (code -1): the group-by's NA, taken as True
    has_a = pd.Series(any_a[ev], index=res.index)
    # startpoints are a function of (group, age group, has A) alone: worked out once per distinct triple (of
    # integer codes: the group's from codes_of, as the events')
    sp_inv, sp_first = _combos([codes_of(res, "group")[0], age_code, has_a.to_numpy()])
    sp_u = startpoints(group.iloc[sp_first].reset_index(drop=True),
                       res["age_group"].iloc[sp_first].reset_index(drop=True),
                       has_a.iloc[sp_first].reset_index(drop=True), settings)
    sp = pd.DataFrame({c: sp_u[c].to_numpy()[sp_inv] for c in sp_u.columns}, index=res.index)

    is_gpt, is_am, is_dm = _eq(kind, GPT), _eq(kind, AM), _eq(kind, DM)
    h = half.fillna(0).to_numpy(dtype=np.int64)
    r = rounds.fillna(settings.norm_rounds).to_numpy(dtype=np.int64)
    r = np.where(r <= 0, settings.norm_rounds, r)
    norm = normalise_tenths(h, r, settings.norm_rounds)
    plain = h * 5  # half-points in tenths
    # blank Games = the player played every round of the group (Ruling); 0 = no round played (§5 stk. 5)
    played_round = games.isna().to_numpy() | (games.fillna(0).to_numpy(dtype=np.int64) >= 1)

    # DM-kvalifikation: only players with a GPT earlier in the season (§5 stk. 9): on an earlier date (ruling 11;
    # ``day``: the events' order, equal for events on one date; without it, the order itself)
    order = pd.to_numeric(res["day" if "day" in res.columns else "order"]).to_numpy(dtype=float)
    pl, n_pl = codes_of(res, "player")
    first_gpt = np.full(n_pl + 1, np.inf)  # per player code the order of the first GPT played; -1 (NA) → none
    gpt_rows = is_gpt & played_round & (pl >= 0) & ~np.isnan(order)
    np.minimum.at(first_gpt, pl[gpt_rows], order[gpt_rows])
    first_gpt[-1] = np.inf
    earlier = first_gpt[pl] < order
    dm_took_part = prequal.to_numpy() | games.isna().to_numpy() | played_round
    # the GPT that qualifies a DM row (the player's first, by the events' order), named in its detail: per player
    # the first GPT row, by (player, order), taken to the DM rows that it qualifies
    ev_code, n_ev = codes_of(res, "event")
    g = np.flatnonzero(gpt_rows)
    g = g[np.lexsort((order[g], pl[g]))]
    g = g[np.r_[True, pl[g][1:] != pl[g][:-1]]] if len(g) else g
    first_ev = np.full(n_pl + 1, -1, dtype=np.int64)
    first_ev[pl[g]] = ev_code[g]
    dm_first = np.where(is_dm & earlier & ~prequal.to_numpy(), first_ev[pl], -1)
    ev_names = _first_of(ev_code, n_ev, res["event"].to_numpy(dtype=object))

    am_norm = is_am & settings.normalise_am
    sp_tenths = np.where(is_am, settings.own_group_startpoints, sp["startpoints"].to_numpy()) * TENTH
    gpt_part = np.where(is_gpt | am_norm, norm, plain)
    points = np.where(is_dm, settings.dm_points * TENTH, sp_tenths + gpt_part)

    eligible = np.select([is_dm, is_gpt | is_am], [dm_took_part & earlier, played_round], default=False)
    eligible = eligible & (is_dm | sp["known"].to_numpy() | is_am)
    skip = np.select([is_dm & ~dm_took_part, is_dm & ~earlier, ~is_dm & ~played_round, ~eligible],
                     [1, 2, 3, 4], default=0)
    rule = np.select([is_dm, is_am & settings.normalise_am, is_am], [1, 2, 3], default=0)

    # the arithmetic in words is a function of (kind, pre-qualified, startpoints case, points, rounds): written
    # once per distinct combination, then taken for every row
    kcode = pd.factorize(kind.to_numpy())[0]
    d_inv, d_first = _combos([kcode, prequal.to_numpy(), sp_inv, h, r, dm_first])
    d_text = _score_detail(d_first, h, r, norm, points, is_dm, is_am, am_norm, prequal.to_numpy(), sp,
                           settings, qualified_by=np.where(dm_first >= 0, ev_names[np.maximum(dm_first, 0)]
                                                           if n_ev else None, None)).astype(object)
    detail = text_column(d_text, d_inv)

    out = pd.DataFrame({
        "event": res["event"], "order": res["order"], "kind": kind, "player": res["player"],
        "group": group, "age_group": res["age_group"], "female": res["female"],
        "startpoints": np.where(is_dm, 0, sp_tenths // TENTH), "norm_tenths": np.where(is_dm, 0, gpt_part),
        "points": np.where(eligible, points, 0).astype(np.int64), "rule": text_column(SCORE_RULES, rule),
        "detail": detail, "eligible": eligible.astype(bool),
        "skip_reason": text_column(SKIP_REASONS, np.where(eligible, 0, skip))}, index=res.index,
        copy=False)  # the columns are new arrays: no copy, and no consolidating copy into 2-D blocks
    return out, d_inv, d_text


SCORE_RULES = np.array(["ASS §5 stk. 2–6", "ASS §5 stk. 8–9", "ASS §5 stk. 6–7", "ASS §5 stk. 7"], dtype=object)
SKIP_REASONS = np.array(["", "took no part in DM-kvalifikation", "no GPT earlier in the season (§5 stk. 9)",
                         "played no round (§5 stk. 5)", "group or age group unknown"], dtype=object)


def codes_of(frame: pd.DataFrame, column: str) -> tuple[np.ndarray, int]:
    """Integer codes of a key column (-1 for NA) and how many there are. The caller may give them as the
    column ``_<column>_code`` (``Aarhus.compute`` factorises the players, the events and the groups once for
    the season); otherwise they are factorised here (a missing column is all NA). Codes only group rows: nothing
    depends on how they are numbered."""
    given = f"_{column}_code"
    if given in frame.columns:
        codes = frame[given].to_numpy(dtype=np.int64)
        return codes, int(codes.max(initial=-1)) + 1
    codes, uniq = pd.factorize(_col(frame, column).to_numpy(dtype=object))
    return codes.astype(np.int64), len(uniq)


def text_column(values: np.ndarray, codes: np.ndarray) -> pd.api.extensions.ExtensionArray | np.ndarray:
    """values[codes] as the column the DataFrame constructor infers from those objects (``str`` when every
    value taken is text or NA and one is text, else object), built from the few distinct values by a take
    instead of inferring and validating every row's string."""
    values = np.asarray(values, dtype=object)
    codes = np.asarray(codes, dtype=np.int64)
    used = values[np.bincount(codes, minlength=len(values)) > 0] if len(codes) else values[:0]
    text = np.array([isinstance(v, str) for v in used], dtype=bool)
    if text.any() and all(t or v is None or (isinstance(v, float) and v != v) for t, v in zip(text, used)):
        return pd.array(values, dtype="str").take(codes)
    return values[codes]


def _eq(col: pd.Series, value: str) -> np.ndarray:
    """col == value as a numpy bool array (NA → False), compared on the object values: much faster than a
    comparison of a Python-backed string column."""
    return col.to_numpy(dtype=object) == value


def _combos(columns: list) -> tuple[np.ndarray, np.ndarray]:
    """Rows with equal values in every column (NA equal to NA) share a code: (code per row, first row of each
    code). Per-row work that depends only on these columns is done on the first rows and taken by code."""
    n = len(columns[0])
    if n == 0:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64)
    key = np.zeros(n, dtype=np.int64)
    bound = 1  # key < bound
    for col in columns:
        codes, uniq = pd.factorize(np.asarray(col), use_na_sentinel=False)
        if bound * (len(uniq) + 1) >= 2**62:  # made dense again (numbered by first appearance): no overflow
            key = pd.factorize(key)[0].astype(np.int64)
            bound = int(key.max()) + 1
        key = key * (len(uniq) + 1) + codes
        bound *= len(uniq) + 1
    key = pd.factorize(key)[0].astype(np.int64)  # dense, numbered by first appearance
    # codes are numbered in order of first appearance, so a code's first row is where the running max rises
    first = np.flatnonzero(key > np.maximum.accumulate(np.r_[-1, key[:-1]]))
    return key, first


def _score_detail(rows: np.ndarray, h, r, norm, points, is_dm, is_am, am_norm, prequal, sp: pd.DataFrame,
                  settings: Settings, qualified_by: np.ndarray | None = None) -> np.ndarray:
    """'startpoints 7 (played C, age group D: 1 group above); GPT-points 6½ × 7/10 = 4.55 → 4.6 = 11.6' for the
    given rows (positions)."""
    if len(rows) == 0:  # no results (a new season): numpy's string functions fail on empty arrays
        return np.zeros(0, dtype=object)
    h, r, norm, points = h[rows], r[rows], norm[rows], points[rows]
    is_dm, is_am, am_norm, prequal = is_dm[rows], is_am[rows], am_norm[rows], prequal[rows]
    sp = sp.iloc[rows]
    norm_txt = normalise_detail(h, r, norm, settings.norm_rounds)
    sp_txt = np.char.add(np.char.add("startpoints ", sp["startpoints"].astype(str).to_numpy().astype(str)),
                         np.char.add(" (", np.char.add(sp["reason"].to_numpy().astype(str), ")")))
    gpt_detail = np.char.add(np.char.add(sp_txt, "; GPT-points "), norm_txt.astype(str))
    am_plain = np.char.add(np.char.add("startpoints 5 (Aarhusmesterskab, §5 stk. 7); GPT-points ", fmt_half(h)),
                           " (not normalised, Ruling)")
    am_detail = np.where(am_norm, np.char.add(np.char.add("startpoints 5 (Aarhusmesterskab, §5 stk. 7); GPT-points ",
                                                          norm_txt.astype(str)),
                                              " (normalised: season setting Normalise Aarhusmesterskab)"), am_plain)
    dm_detail = np.where(prequal, f"flat {settings.dm_points} (pre-qualified, §5 stk. 8)",
                         f"flat {settings.dm_points} (startpoints and GPT-points not counted, §5 stk. 8")
    if qualified_by is not None:  # the earlier GPT that qualifies the player (§5 stk. 9; ruling 11)
        q = qualified_by[rows]
        after = np.array(["" if x is None else f"; qualified by {x}, an earlier GPT, §5 stk. 9" for x in q],
                         dtype=object)
    else:
        after = np.full(len(rows), "", dtype=object)
    dm_detail = np.where(prequal, dm_detail, np.char.add(np.char.add(dm_detail.astype(str), after.astype(str)), ")"))
    detail = np.select([is_dm, is_am], [dm_detail, am_detail], default=gpt_detail)
    total_txt = np.char.add(" = ", fmt_tenths(points))
    return np.where(is_dm, detail, np.char.add(detail.astype(str), total_txt))


# ------------------------------------------------------------------ accounts and standings (§1 stk. 6, §5 stk. 4)


def credit(awards: pd.DataFrame) -> pd.DataFrame:
    """Standings entries: each eligible award credited to its account(s).

    P played → P only; N played → N only; otherwise the age group, and P too for a girl (§5 stk. 4).
    A pre-qualified DM row (no group) counts like a row in the age group.
    """
    ok = np.flatnonzero(awards["eligible"].to_numpy(dtype=bool))
    grp = awards["group"].to_numpy(dtype=object)[ok]
    is_p, is_n = grp == "P", grp == "N"
    main = np.select([is_p, is_n], ["P", "N"], default=awards["age_group"].to_numpy(dtype=object)[ok])
    extra = ok[~is_p & ~is_n & awards["female"].to_numpy(dtype=bool)[ok]]
    rcode, runiq = pd.factorize(np.concatenate([main, np.full(len(extra), "P", dtype=object)]))
    # one take of the eligible rows and then of the girls' second credits, instead of filter + concat
    rows = np.concatenate([ok, extra])
    keep = rcode >= 0  # no account without a ranking (an unknown age group)
    out = awards.take(rows[keep]).reset_index(drop=True)
    out["ranking"] = text_column(runiq, rcode[keep])
    out["_ranking_code"] = rcode[keep]  # the ranking's integer codes ride along (codes_of)
    return out


def mark_dropped(entries: pd.DataFrame, gpts: int) -> pd.DataFrame:
    """§1 stk. 6 (1): in each account, drop the worst GPT result only when the account holds a result from
    every scheduled GPT (Ruling: `gpts` = the season setting GPTs). AM and DM results are never dropped.
    Among equal worst results the earliest is the one marked dropped."""
    e = entries.copy(deep=False)
    counted = np.ones(len(e), dtype=bool)
    tied = np.zeros(len(e), dtype=bool)  # a dropped row whose account holds another GPT result as low (ruling 9)
    acct, first = _accounts(e)
    rows = np.flatnonzero(_eq(e["kind"], GPT) & (acct >= 0))
    if gpts and gpts > 0 and len(rows):
        a = acct[rows]
        full = _nunique_per(a, codes_of(e, "event")[0][rows], len(first))[a] >= gpts
        cand = rows[full]
        # per account the lowest points, then the earliest order (a blank order last), then the first row:
        # each a minimum per account among the rows that tie on the keys before it
        ac, pts = acct[cand], e["points"].to_numpy(dtype=np.int64)[cand]
        order = np.nan_to_num(pd.to_numeric(e["order"]).to_numpy(dtype=float)[cand], nan=np.inf)
        low = np.full(len(first), np.iinfo(np.int64).max, dtype=np.int64)
        np.minimum.at(low, ac, pts)
        tie = pts == low[ac]
        lows = np.bincount(ac[tie], minlength=len(first))  # the account's results at its lowest
        earliest = np.full(len(first), np.inf)
        np.minimum.at(earliest, ac[tie], order[tie])
        tie &= order == earliest[ac]
        row = np.full(len(first), len(e), dtype=np.int64)
        np.minimum.at(row, ac[tie], cand[tie])
        at = row < len(e)
        counted[row[at]] = False
        tied[row[at]] = lows[at] > 1
    e["counted"] = counted
    e["_worst_tied"] = tied  # (the ledger's detail names ruling 9 on such a row)
    e["_account_code"] = acct  # rides along to rank_accounts (see _accounts)
    return e


def _accounts(e: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """(ranking, player) of each row → an account code numbered in order of first appearance (-1 where either
    is NA), and the first row of each account. A column ``_account_code`` (mark_dropped's) is taken as it is
    when it is still numbered so (rows dropped or reordered since: worked out again)."""
    if "_account_code" in e.columns:
        acct = e["_account_code"].to_numpy(dtype=np.int64)
        first = np.flatnonzero(acct > np.maximum.accumulate(np.r_[-1, acct[:-1]])) if len(acct) else \
            np.zeros(0, dtype=np.int64)
        if int(acct.max(initial=-1)) + 1 == len(first) and (acct[first] == np.arange(len(first))).all():
            return acct, first
    r_code = codes_of(e, "ranking")[0]
    p_code, n_p = codes_of(e, "player")
    ok = (r_code >= 0) & (p_code >= 0)
    acct = np.full(len(e), -1, dtype=np.int64)
    acct[ok] = pd.factorize(r_code[ok] * (n_p + 1) + p_code[ok])[0]
    first = np.flatnonzero(acct > np.maximum.accumulate(np.r_[-1, acct[:-1]])) if len(acct) else \
        np.zeros(0, dtype=np.int64)
    return acct, first


def _first_of(codes: np.ndarray, size: int, values: np.ndarray) -> np.ndarray:
    """The value of each code's first row (codes 0 … size-1; a code without rows → None)."""
    first = np.full(size, -1, dtype=np.int64)
    rows = np.flatnonzero(codes >= 0)[::-1]
    first[codes[rows]] = rows  # the last write per code is its first row
    out = np.full(size, None, dtype=object)
    out[first >= 0] = values[first[first >= 0]]
    return out


def _nunique_per(codes: np.ndarray, values: np.ndarray, size: int) -> np.ndarray:
    """The number of distinct non-NA values per code (codes 0 … size-1); `values` may be integer codes
    already (-1 for NA, as :func:`codes_of` gives them)."""
    v = (values if values.dtype.kind in "iu" else pd.factorize(values)[0]).astype(np.int64)
    ok = v >= 0
    base = int(v.max(initial=0)) + 1
    pairs = pd.unique(codes[ok] * base + v[ok])
    return np.bincount(pairs // base, minlength=size)


TIEBREAKS = ("total", "worst", "gpts", "am")


def rank_accounts(entries: pd.DataFrame) -> pd.DataFrame:
    """Per account (A–F, N, P): total of counted GPM-points and the tiebreak chain of §1 stk. 6:
    1 total, 2 best worst GPT result (the lowest GPT result, dropped or not; none → lowest), 3 most GPT
    participations (in the account), 4 most GPM-points at Aarhusmesterskabet, 5 lots — never drawn here:
    players still equal share the rank with ``tied`` True and ``lots`` True."""
    e = entries
    # accounts in order of first appearance; per-account sums, minimum and counts by integer code
    acct, first = _accounts(e)
    k = len(first)
    ok = acct >= 0
    kind = e["kind"].to_numpy(dtype=object)
    gpt, am_rows = (kind == GPT) & ok, (kind == AM) & ok
    points = e["points"].to_numpy(dtype=np.int64)
    counted = e["counted"].to_numpy(dtype=bool) & ok
    total = np.zeros(k, dtype=np.int64)
    np.add.at(total, acct[counted], points[counted])
    big = np.iinfo(np.int64).max
    worst = np.full(k, big, dtype=np.int64)
    np.minimum.at(worst, acct[gpt], points[gpt])
    worst[worst == big] = -1  # no GPT in the account → lowest
    am = np.zeros(k, dtype=np.int64)
    np.add.at(am, acct[am_rows], points[am_rows])
    gpts = _nunique_per(acct[gpt], codes_of(e, "event")[0][gpt], k)
    # the keys as a group-by's result index infers them (an object column of strings becomes str)
    st = pd.DataFrame({"ranking": pd.Index(e["ranking"].to_numpy(dtype=object)[first]),
                       "player": pd.Index(e["player"].to_numpy(dtype=object)[first]),
                       "total": total, "worst": worst, "gpts": gpts.astype(np.int64), "am": am})
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


def placement_prizes(standings: pd.DataFrame, per: int = 4, names: pd.Series | None = None) -> pd.DataFrame:
    """§1 stk. 7: floor(n/per) placement prizes per account, n = players with two or more GPTs in it; they go
    down that account's standings among those players. A tie across the last prize is flagged for lots, naming
    everyone in it (`names`: player → name; the player keys without it); until the lots are drawn the prize is
    listed for the first of them in the standings' order of equal ranks (:func:`placement_lots` gives the
    others)."""
    win, tied = _placement(standings, per)
    note = []
    for g, r in zip(win["ranking"], win["rank"]):
        among = tied.get((g, r))
        if among is None:
            note.append("")
            continue
        who, prizes = among
        shown = ", ".join(str(names.get(p, p)) if names is not None else str(p) for p in who)
        first = "the first is" if prizes == 1 else f"the first {prizes} are"
        note.append(f"lots to be drawn among {shown} (equal at rank {r}: {prizes} prize{'s' if prizes > 1 else ''} "
                    f"for {len(who)} players; {first} listed until the lots are drawn) — a player who does not win "
                    "one and took part in every GPT gets the memento prize instead")
    win["note"] = note
    win["prize"] = "Placement prize"
    return win[["ranking", "place", "player", "prize", "note"]].reset_index(drop=True)


def placement_lots(standings: pd.DataFrame, per: int = 4) -> pd.DataFrame:
    """The players tied with a placement prize winner across the last prize who are not listed for one (§1
    stk. 7; the lots are to be drawn): ranking, player, and the players listed for the prizes they tie for."""
    win, tied = _placement(standings, per)
    listed = set(zip(win["ranking"], win["player"]))
    rows = [(g, p, [q for q in who if (g, q) in listed]) for (g, _r), (who, _k) in tied.items() for p in who
            if (g, p) not in listed]
    return pd.DataFrame(rows, columns=["ranking", "player", "listed"])


def _placement(standings: pd.DataFrame, per: int) -> tuple[pd.DataFrame, dict]:
    """The placement prize winners (ranking, rank, player, place) and, per (ranking, rank) of a tie across the
    last prize, (every player at that rank, how many prizes fall to that rank)."""
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
    tied: dict = {}
    for g, r in sorted(set(zip(straddle["ranking"], straddle["rank"])), key=str):  # (in a fixed order)
        at = (elig["ranking"] == g).to_numpy() & (elig["rank"] == r).to_numpy()
        tied[(g, r)] = (elig["player"][at].tolist(), int(((win["ranking"] == g) & (win["rank"] == r)).sum()))
    return win, tied


def trophies(standings: pd.DataFrame) -> pd.DataFrame:
    """§1 stk. 7: a trophy (vandrepokal) per GPM group to the winner; a shared first place → lots."""
    top = standings[standings["rank"] == 1].copy()
    top["place"] = 1
    top["prize"] = "Trophy (vandrepokal)"
    top["note"] = np.where(top["lots"], "lots to be drawn", "")
    return top[["ranking", "place", "player", "prize", "note"]].reset_index(drop=True)


def memento_prizes(awards: pd.DataFrame, entries: pd.DataFrame, placement: pd.DataFrame, gpts: int,
                   lots: pd.DataFrame | None = None, names: pd.Series | None = None) -> pd.DataFrame:
    """§1 stk. 7: a memento prize to every player who took part in all GPTs (Ruling) and won no placement
    prize; credited to the account the player played in most often (P, N or the age group); equal counts →
    the account of the player's last GPT (Ruling). `lots` (:func:`placement_lots`): a player still in a draw for
    a placement prize gets the memento provisionally, the note says so."""
    cols = ["event", "order", "player", "group", "age_group"]
    rows = awards["eligible"].to_numpy(dtype=bool) & _eq(awards["kind"], GPT)
    if not rows.any() or not gpts:
        return pd.DataFrame(columns=["ranking", "place", "player", "prize", "note"])
    # the players who took part in every GPT and won no placement prize, by player code
    pl, n_pl = codes_of(awards, "player")
    full = _nunique_per(pl[rows & (pl >= 0)], codes_of(awards, "event")[0][rows & (pl >= 0)], n_pl) >= gpts
    won = pd.Index(_first_of(pl, n_pl, awards["player"].to_numpy(dtype=object))).isin(list(placement["player"]))
    a = awards.loc[rows & np.append(full & ~won, False)[pl], cols]
    grp = a["group"].to_numpy(dtype=object)
    a["account"] = np.select([grp == "P", grp == "N"], ["P", "N"], default=a["age_group"].to_numpy(dtype=object))
    per = a.groupby(["player", "account"]).agg(n=("event", "size"), last=("order", "max")).reset_index()
    per = per.sort_values(["player", "n", "last"], ascending=[True, False, False]).drop_duplicates("player")
    note = pd.Series("took part in every GPT", index=per.index, dtype=object)
    if lots is not None and len(lots):
        draws: dict = {}  # player → every draw they are in (a girl may be in one in her age group and in P)
        for g, p, listed in zip(lots["ranking"], lots["player"], lots["listed"]):
            shown = ", ".join(str(names.get(q, q)) if names is not None else str(q) for q in listed)
            draws.setdefault(p, []).append(f"with {shown} for a placement prize in {g}")
        for p, what in draws.items():
            at = (per["player"] == p).to_numpy()
            if at.any():
                note[at] = (f"took part in every GPT — provisional: lots to be drawn {'; and '.join(what)}; a "
                            "player who wins one gets no memento")
    out = pd.DataFrame({"ranking": per["account"], "place": pd.NA, "player": per["player"],
                        "prize": "Memento prize (erindringspræmie)", "note": note})
    return out.reset_index(drop=True)


def girls_trophy(am_rows: pd.DataFrame, by: str | None = None) -> pd.DataFrame:
    """§3: the girls' trophy (Pigevandrepokal) at Aarhusmesterskabet across groups, by 1) highest average
    score points/games as an exact fraction, 2) oldest age group, 3) relative placing (same group: better
    place; across groups, each group's best-placed level, then its second-placed, …). Returns the girls in order
    with ``rank`` and ``lots`` (still equal after the three criteria).

    ``by`` names a column (the event) to rank several Aarhusmesterskaber at once, each on its own: the
    result is then ordered by the first appearance of each event, each event's girls as if ranked alone."""
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
    ev = [] if by is None else ["_ev"]
    if by is not None:
        g["_ev"] = pd.factorize(g[by].to_numpy(dtype=object))[0]
    # criterion 3 inside each group of girls still equal: a girl placed below another of them in her own group
    # is behind her; the best-placed of each group are level across groups (→ lots), then the second-placed, …
    key = [*ev, "avg_key", "age_key"]
    g["_in_group"] = g.groupby([*key, "group"])["place_key"].rank(method="dense").astype(np.int64)
    g = g.sort_values([*key, "_in_group", "group", "place_key"],
                      ascending=[True] * len(ev) + [False, False, True, True, True], kind="stable")
    pos = (g.groupby("_ev").cumcount() + 1) if by is not None else pd.Series(np.arange(1, len(g) + 1),
                                                                             index=g.index)
    g["rank"] = pos.groupby([*(g[c] for c in key), g["_in_group"]]).transform("min")
    g["lots"] = g.groupby([*ev, "rank"])["player"].transform("size") > 1
    return g.drop(columns=[*ev, "_in_group"])


# ------------------------------------------------------------------ clubs


def club_totals(awards: pd.DataFrame, clubs: pd.Series) -> pd.DataFrame:
    """§1 stk. 7: every GPM-points award of a club's players summed once (Ruling: a girl's award credited to
    her age group and P counts once; no worst-result deduction)."""
    rows = awards["eligible"].to_numpy(dtype=bool).copy()
    # each player's club looked up once (by player code), then points summed and players counted by club code
    pl, n_pl = codes_of(awards, "player")
    club = clubs.reindex(_first_of(pl, n_pl, awards["player"].to_numpy(dtype=object)))
    ccode = pd.factorize(club.to_numpy(dtype=object))[0].astype(np.int64)
    ccode[(club.astype(str) == "").to_numpy()] = -1  # a blank club is no club
    row_club = np.append(ccode, -1)[pl]  # a row without a player (-1) has no club
    rows &= row_club >= 0
    n_club = int(ccode.max(initial=-1)) + 1
    total = np.zeros(n_club, dtype=np.int64)
    np.add.at(total, row_club[rows], awards["points"].to_numpy(dtype=np.int64)[rows])
    players = np.bincount(ccode[np.unique(pl[rows])], minlength=n_club).astype(np.int64)
    first = np.full(n_club, -1, dtype=np.int64)  # a player code of each club
    has = np.flatnonzero(ccode >= 0)[::-1]
    first[ccode[has]] = has
    seen = np.flatnonzero(players > 0)
    names = club.array.take(first[seen])
    by_name = np.argsort(np.asarray(names, dtype=object), kind="stable")  # as the group-by sorts its keys
    t = pd.DataFrame({"club": names.take(by_name), "total": total[seen][by_name],
                      "players": players[seen][by_name]})
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
      winner placed 1–3 in Plus keeps it once more; the 6th in Plus goes to A;
    - a row with Games 0 (no round played, §5 stk. 5) is left out: no status, no move, not the last GPT.

    Linear: everything that does not depend on the state carried from GPT to GPT is computed once for all
    rows; players are integer codes into numpy state arrays, and each GPT's step touches only its own rows
    (a contiguous block of the rows sorted by ``order``).
    """
    used = [c for c in ("event", "order", "player", "group", "place", "half", "games", "rounds", "move",
                        "_event_code", "_group_code", "_player_code") if c in results.columns]  # only these are taken
    # the GPTs in order; within a GPT the rows keep this sort's order: the permutation of sort_values("order")
    # on the GPT rows (the same sort, so the same order of equal keys), blank orders dropped, then one take
    # (a row with Games 0 — listed, no round played — is no participation here either: it neither gives the group
    # played as status nor is the player's last GPT; a blank Games is a full game count)
    no_round = (pd.to_numeric(results["games"], errors="coerce").astype("float64").to_numpy() == 0
                if "games" in results else False)
    gpt_rows = np.flatnonzero(_eq(results["kind"], GPT) & ~no_round)
    by_order = results["order"].take(gpt_rows).reset_index(drop=True).sort_values()
    res = results[used].take(gpt_rows[by_order.index.to_numpy()[by_order.notna().to_numpy()]])
    n = len(res)

    # players → integer codes into the state: the initial players first, then newcomers as they appear
    state = pd.DataFrame({"strength": initial.map(LEVEL)}).rename_axis("player")
    state["plus"] = ""
    state["plus_kept"] = False
    state["last_event"] = None
    state["last_move"] = ""
    state["last_group"] = ""
    player = res["player"]
    missing = pd.unique(player[~player.isin(state.index)].to_numpy())
    if len(missing):
        state = pd.concat([state, pd.DataFrame({"strength": np.nan, "plus": "", "plus_kept": False,
                                                "last_event": None, "last_move": "", "last_group": ""},
                                               index=pd.Index(missing, name="player"))])
    code = state.index.get_indexer(player)

    # everything per row that does not depend on the state (per distinct group text, then taken by code): the
    # group played as text ('' for none) per distinct group, from the group's codes (codes_of; the last one for
    # no group)
    gc0, n_gc = codes_of(res, "group")
    guniq = np.array(["" if pd.isna(g) else str(g) for g in
                      [*_first_of(gc0, n_gc, _col(res, "group").to_numpy(dtype=object)), None]], dtype=object)
    gcode = np.where(gc0 >= 0, gc0, n_gc)
    gu = pd.Series(guniq, dtype=object)
    g_ladder = ~gu.isin(["P", "N", ""]).to_numpy()
    g_merged = gu.str.contains("+", regex=False).to_numpy()
    g_ab = g_merged & gu.str.contains("A", regex=False).to_numpy() & gu.str.contains("B", regex=False).to_numpy()
    g_level = np.array([_ladder_level(g) for g in gu], dtype=float)
    ladder, ab, played_lvl = g_ladder[gcode], g_ab[gcode], g_level[gcode]
    is_a = (gu == "A").to_numpy()[gcode]
    is_aa = (gu == "AA").to_numpy()[gcode]

    order = res["order"].to_numpy()
    starts = np.flatnonzero(np.r_[True, order[1:] != order[:-1]]) if n else np.zeros(0, dtype=np.int64)
    ends = np.r_[starts[1:], n].astype(np.int64)
    day = np.repeat(np.arange(len(starts)), ends - starts)
    has_a = (np.maximum.reduceat(is_a.astype(np.int8), starts) > 0)[day] if n else np.zeros(0, dtype=bool)
    true_aa = has_a & is_aa

    half = pd.to_numeric(res["half"], errors="coerce").fillna(0).astype(np.int64)
    games = pd.to_numeric(res["games"], errors="coerce")
    rounds = pd.to_numeric(res["rounds"], errors="coerce")
    games_f = games.fillna(rounds).fillna(0).astype(np.int64)
    rounds_f = rounds.fillna(games_f).astype(np.int64)
    # moves as codes into MOVES (0 stay, 1 up, 2 down, 3 director, 4 blank); the automatic one is
    # threshold_move's rule (§4 stk. 2) on integers
    h, g = half.to_numpy(), games_f.to_numpy()
    auto = np.select([g <= 0, 2 * h >= 3 * g, 2 * h < g], [0, 1, 2], default=0)
    partial = (games_f < rounds_f).to_numpy()
    dcode, duniq = pd.factorize(_col(res, "move").to_numpy(dtype=object))  # a blank move: code -1, no decision
    du = pd.Series(duniq, dtype=object).astype(str).str.strip().str.casefold().map(DIRECTOR_WORDS)
    du = du.map({"stay": 0, "up": 1, "down": 2}).fillna(-1).to_numpy(dtype=np.int64)
    director = np.where(dcode >= 0, du[dcode], -1) if len(du) else np.full(n, -1, dtype=np.int64)
    has_dir = director >= 0
    down, up = auto == 2, auto == 1
    move = np.where(down & ab, 0, np.where(down & partial, 3, auto))
    # the note before bounds and Plus: 0 none, 1 A+B suspended, 2 relegation left, 3 promotion flagged,
    # 4 Plus relegation left, 5 both (fewer games, and in Plus), 6 + k the director's decision MOVES[k]
    note_code = np.select([down & ab, down & partial, up & partial], [1, 2, 3], default=0)
    note_code = np.where(has_dir, 6 + director, note_code)
    move = np.where(has_dir, director, move)
    place = pd.to_numeric(res["place"], errors="coerce")
    sixth = true_aa & (place == 6).fillna(False).to_numpy(dtype=bool)
    # the 6th in Plus goes to A "regardless of points" (appendix 2): Plus is played at A's level, so no automatic
    # move (a relegation would take them to B); a director's recorded decision still wins
    sixth_auto = sixth & ~has_dir
    move = np.where(sixth_auto, 0, move)
    note_code = np.where(sixth_auto, 0, note_code)
    # ruling 15: Plus places are held by rating (appendix 1), so a score under 25 % there (other than the 6th's)
    # is not relegated automatically (that would take a top-rated player to B while the 6th goes to A): A is kept
    # and the case is listed for the GPM leaders, who decide the Plus group's doubtful questions (appendix); with
    # fewer games than rounds the tournament director's §4 stk. 3 is named too; a recorded Move wins
    plus_low = true_aa & down & ~sixth & ~has_dir
    move = np.where(plus_low, 3, move)
    note_code = np.where(plus_low, np.where(partial, 5, 4), note_code)
    step = np.where(move == 1, 1, np.where(move == 2, -1, 0))

    place_1 = (place == 1).fillna(False).to_numpy(dtype=bool)
    a_winner = (is_a | (is_aa & ~has_a)) & place_1
    may_keep = true_aa & (place <= 3).fillna(False).to_numpy(dtype=bool)
    ab_winner = ab & place_1

    # the walk: state arrays indexed by player code; each GPT reads and writes only its own rows
    strength = state["strength"].to_numpy(dtype=float, na_value=np.nan).copy()
    plus_state = np.zeros(len(state), dtype=np.int8)  # index into PLUS_TEXT
    kept_state = np.zeros(len(state), dtype=bool)
    last_row = np.full(len(state), -1, dtype=np.int64)
    before = np.empty(n, dtype=float)
    to = np.empty(n, dtype=float)
    # the Plus entitlement without the 'kept' case, which alone depends on the state (appendix 2–4; an A
    # winner, a previous A winner in a true Plus group and the 6th in Plus exclude each other)
    plus = np.select([a_winner, sixth], [1, 3], default=0).astype(np.int8)
    keep_again = np.zeros(n, dtype=bool)
    keep_day = (np.maximum.reduceat(may_keep.astype(np.int8), starts) > 0) if n else np.zeros(0, dtype=bool)
    rows = np.arange(n, dtype=np.int64)
    for s, e, k in zip(starts.tolist(), ends.tolist(), keep_day.tolist()):
        c = code[s:e]
        b = strength[c]
        t = np.fmax(played_lvl[s:e], b)
        t += step[s:e]
        np.maximum(t, BOTTOM, out=t)  # bounded to A..F (§4 stk. 1); NaN stays NaN
        np.minimum(t, TOP, out=t)
        t = np.where(ladder[s:e], t, b)
        before[s:e] = b
        to[s:e] = t
        strength[c] = t
        if k:
            keep = may_keep[s:e] & (plus_state[c] == 1) & ~kept_state[c]
            keep_again[s:e] = keep
            plus[s:e] = np.where(keep, 2, plus[s:e])
            kept_state[c] = keep
        else:
            kept_state[c] = False
        plus_state[c] = plus[s:e]
        last_row[c] = rows[s:e]
    base = np.fmax(played_lvl, before)
    bounded = (np.clip(base + step, BOTTOM, TOP) == base) & (step != 0)

    final_move = MOVES[np.where(bounded, 0, move)]
    bound_code = np.where(bounded & (step > 0), 1, np.where(bounded & (step < 0), 2, 0))
    key = ((note_code.astype(np.int64) * 3 + bound_code) * 4 + plus) * 2 + ab_winner
    inv, ukey = pd.factorize(key)
    note_u = np.array([_move_note(int(k)) for k in ukey], dtype=object)

    # the movement rows: the ladder rows (not P, N or blank), in the walk's order
    sel = np.flatnonzero(ladder)

    def rows_of(col: pd.Series) -> pd.Series:
        return col.iloc[sel].reset_index(drop=True)

    moves = pd.DataFrame({
        "event": rows_of(res["event"]), "order": rows_of(res["order"]), "player": rows_of(res["player"]),
        "group": pd.array(guniq, dtype="str").take(gcode[sel]), "place": rows_of(place), "points": rows_of(half),
        "games": rows_of(games_f), "rounds": rows_of(rounds_f), "from": _level_text(before[sel]),
        "to": _level_text(to[sel]), "move": text_column(MOVES, np.where(bounded, 0, move)[sel]),
        "automatic": ~has_dir[sel], "note": text_column(note_u, inv[sel]), "plus": text_column(PLUS_TEXT, plus[sel])},
        copy=False) if n else pd.DataFrame(columns=MOVE_COLUMNS)  # new columns: no copy of each, nor into blocks
    for c in ("_event_code", "_player_code"):  # the caller's integer codes (codes_of) ride along when given
        if c in res.columns:
            moves[c] = res[c].to_numpy(dtype=np.int64)[sel] if n else np.zeros(0, dtype=np.int64)

    # the state of everyone who played, from their last row
    played = np.flatnonzero(last_row >= 0)
    last = last_row[played]
    cols = state.columns
    if len(played):
        state.iloc[played, cols.get_loc("strength")] = to[last]
        state.iloc[played, cols.get_loc("plus")] = PLUS_TEXT[plus[last]]
        state.iloc[played, cols.get_loc("plus_kept")] = keep_again[last]
        state.iloc[played, cols.get_loc("last_event")] = res["event"].to_numpy()[last]
        # (for the season change, §4 stk. 4: 75 % or more in A is a promotion there, to A — "Spilleren der opnår
        # 75 % i sin sidste GPT er selvfølgelig rykket op. Der benyttes regel 1" — though the Moves sheet says
        # "stay": the player cannot go higher)
        season_move = np.where(bounded & (step > 0), np.where(has_dir, CAPPED_UP_DIRECTOR, CAPPED_UP), final_move)
        state.iloc[played, cols.get_loc("last_move")] = np.where(ladder, season_move, "")[last]
        state.iloc[played, cols.get_loc("last_group")] = guniq[gcode[last]]
    state["strength"] = state["strength"].map(GROUP_OF_LEVEL)
    return moves, state


DIRECTOR_WORDS = {"up": "up", "op": "up", "down": "down", "ned": "down", "stay": "stay", "bliv": "stay",
                  "forbliv": "stay", "forbliver": "stay"}
MOVES = np.array(["stay", "up", "down", "director", ""], dtype=object)
CAPPED_UP = "up (already A)"  # a promotion bounded at A: the season change's rule 1 (state only, not a Moves value)
CAPPED_UP_DIRECTOR = "up (already A, director)"  # the same by the director's recorded Move "up"
PLUS_TEXT = np.array(["", "A winner", "kept (placed 1–3 as previous A winner)", "6th in Plus: to A"], dtype=object)
PLUS_NOTE = ("", "A-group winner: Plus at the next GPT (appendix 3)",
             "previous A winner placed 1–3 in Plus: keeps the place once more (appendix 4)",
             "6th in Plus: moves down to A regardless of points (appendix 2)")
MOVE_NOTE = ("", "relegation suspended in merged A+B (§2 stk. 6)",
             "fewer games than rounds: relegation left to the tournament director (§4 stk. 3)",
             "promoted over fewer games than rounds: director to confirm (§4 stk. 3)",
             "under 25 % in Plus (its places are held by rating, appendix 1): A kept, relegation left to the GPM "
             "leaders (ruling 15)",
             "fewer games than rounds, in Plus: A kept, relegation left to the tournament director (§4 stk. 3) "
             "and the GPM leaders (ruling 15)")


def _level_text(levels: np.ndarray) -> pd.api.extensions.ExtensionArray | np.ndarray:
    """Ladder levels (float, NaN for none) → group names as a text column (NaN stays NA), as mapping the levels
    through GROUP_OF_LEVEL gives them (no level at all: float NaN)."""
    if np.isnan(levels).all():
        return np.full(len(levels), np.nan)
    names = np.array([np.nan, *(GROUP_OF_LEVEL[v] for v in range(1, max(GROUP_OF_LEVEL) + 1))], dtype=object)
    return text_column(names, np.nan_to_num(levels, nan=0).astype(np.int64))


def _move_note(key: int) -> str:
    """The note of a movement row from its key ((note · 3 + bound) · 4 + plus) · 2 + A+B winner."""
    key, ab_winner = divmod(key, 2)
    key, plus = divmod(key, 4)
    note_code, bound = divmod(key, 3)
    note = MOVE_NOTE[note_code] if note_code < len(MOVE_NOTE) else "director's decision: " + MOVES[note_code - 6]
    bounded = ("", "already A: cannot go higher", "already F: cannot go lower")[bound]
    if bounded:
        note = f"{note} ({bounded})" if note else bounded
    if plus:
        note = PLUS_NOTE[plus] if note == "" else note + "; " + PLUS_NOTE[plus]
    if ab_winner:
        note += ("" if note == "" else "; ") + "winner of merged A+B: no automatic Plus (§2 stk. 5)"
    return note


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
                       n_prize: set | None = None, n_lots: set | None = None) -> pd.DataFrame:
    """§4 stk. 4, from each player's own last GPT: 1) promoted there → stays in the group promoted to (75 % or
    more in A is a promotion there too, to A: "Spilleren der opnår 75 % i sin sidste GPT er selvfølgelig rykket
    op. Der benyttes regel 1 og ikke regel 3");
    2) relegated there → one group up again (relegation neutralised); 3) everyone else by birth year under
    the new season's table. N players stay N unless they won a placement prize ('moves to age group', Ruling);
    where that prize rests on lots to be drawn (`n_lots`: the N players tied for it), the rule says so — the group
    shown is the prize list's provisional one (§1 stk. 6 (5): lots are never drawn silently); a relegation left to
    the director and never decided counts as no move."""
    s = state.copy()
    new_age = age_groups(born.reindex(s.index), next_table)
    lvl = s["strength"].map(LEVEL).astype(float)
    last_move = s["last_move"].fillna("")
    last_group = s["last_group"].fillna("")
    prize = s.index.isin(list(n_prize or ()))
    capped = (last_move == CAPPED_UP).to_numpy()
    capped_dir = (last_move == CAPPED_UP_DIRECTOR).to_numpy()
    up = (last_move == "up").to_numpy() | capped | capped_dir
    down = (last_move == "down").to_numpy()
    in_n = (last_group == "N").to_numpy()
    group = np.select([in_n & ~prize, up, down],
                      ["N", s["strength"].astype(object).to_numpy(),
                       pd.Series(np.clip(lvl + 1, BOTTOM, TOP)).map(GROUP_OF_LEVEL).to_numpy()],
                      default=new_age.to_numpy())
    lots = s.index.isin(list(n_lots or ()))
    rule = np.select([in_n & lots & ~prize, in_n & lots & prize, in_n & ~prize, in_n & prize, capped, capped_dir, up,
                      down],
                     ["stays in N unless the lot for the tied placement prize falls to this player (lots to be "
                      "drawn; the winner moves to age group, Ruling)",
                      "N with a placement prize resting on lots to be drawn: moves to age group if the lot "
                      "confirms it (Ruling)",
                      "stays in N", "N with a placement prize: moves to age group (Ruling)",
                      "rule 1: 75 % or more in the last GPT, already A (the highest group): stays in A",
                      "rule 1: promoted by the director's decision (Move) in the last GPT, already A (the highest "
                      "group): stays in A",
                      "rule 1: promoted in the last GPT, stays in the group promoted to",
                      "rule 2: relegated in the last GPT, moves one group up (relegation neutralised)"],
                     default="rule 3: placed by birth year")
    # a Plus entitlement from the last GPT lasts until the player's next GPT (ruling 6) — the next season's first
    plus = s["plus"].fillna("").to_numpy(object) if "plus" in s.columns else np.full(len(s), "", dtype=object)
    entitled = np.isin(plus, ["A winner", "kept (placed 1–3 as previous A winner)"])
    if entitled.any():
        rule = rule.astype(object)
        rule[entitled] = [f"{r}; entitled to Plus (AA) at the first GPT: {p} (appendix; ruling 6)"
                          for r, p in zip(rule[entitled], plus[entitled])]
    return pd.DataFrame({"group": group, "rule": rule, "last_event": s["last_event"]}, index=s.index)
