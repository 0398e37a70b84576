"""The FECODAZ Grand Prix rules (Resolución Nº 04 of 15 January 2009) as pure, vectorised functions.

Article numbers are the resolution's; the rulebook is ``rules/fecodaz.md``. Nothing here reads files or
knows about workbooks: every function takes and returns DataFrames (or numpy arrays), so the rules can be
tested on their own and the circuit plug-in (``fecodaz.py``) only wires them together.

Points are kept as float64: every number the rules produce is a whole or half point (item 5 halves a
whole number), and halves are exact in binary floating point, so no rounding ever happens.

Frames used throughout (column names):
- results: ``tournament, player, place, score, games, sex ('M'/'F'), born_year, title, league, withdrew``
  and for team events ``team, team_place, board, board_place``;
- tournaments: ``tournament, kind, base, norms, cash, start, end, host_league, ranking`` (the ranking a
  national championship or team event feeds).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from ..parse import strip_accents
from ..standings import factorize_runs, tmap  # noqa: F401 — R.tmap, R.factorize_runs: shared with the circuit

RULEBOOK = "FECODAZ"

# ---------------------------------------------------------------------------------------------- titles

#: Art. 3 item 1: GM o WGM = 5, MI o WMI = 3, MF o WFM = 2, CM o WCM = 1. National titles give no bonus.
TITLE_POINTS: dict[str, int] = {
    "GM": 5, "WGM": 5, "IM": 3, "WIM": 3, "FM": 2, "WFM": 2, "CM": 1, "WCM": 1,
    "MN": 0, "MNF": 0, "CMN": 0, "CMNF": 0,
}
#: Spanish (and a few other common) spellings → the canonical English abbreviation.
TITLE_ALIASES: dict[str, str] = {
    "GMI": "GM", "MI": "IM", "MF": "FM", "GMF": "WGM", "MIF": "WIM", "MFF": "WFM", "CMF": "WCM",
    "WMI": "WIM", "WGMI": "WGM", "MIN": "IM", "CMI": "CM",
}
# Highest title first: FIDE titles by points (open title before the women's title of equal points),
# then the national titles.
_TITLE_ORDER = {t: i for i, t in enumerate(("GM", "WGM", "IM", "WIM", "FM", "WFM", "CM", "WCM",
                                            "MN", "MNF", "CMN", "CMNF"))}
_NO_TITLE = {"", "-", "–", "NO", "NONE", "NINGUNO", "NINGUNA", "N/A", "NA", "SIN TITULO", "SIN TÍTULO"}


def read_title(raw: Any) -> str | None:
    """One cell of the Title column → the player's highest canonical title, or None.

    Accepts English and Spanish abbreviations, dots (``M.I.``) and several titles in one cell (``IM, WGM``):
    the highest counts (Art. 3 item 1: each player counted once).
    """
    if raw is None or (isinstance(raw, float) and raw != raw):
        return None
    text = str(raw).replace("\u00a0", " ").strip().upper()
    if text in _NO_TITLE:
        return None
    found = []
    for token in re.split(r"[,;/+&]|\s+Y\s+|\s+AND\s+|\s+", text):
        key = token.replace(".", "").strip()
        if not key:
            continue
        key = TITLE_ALIASES.get(key, key)
        if key not in TITLE_POINTS:
            raise ValueError(f"'{str(raw).strip()}' is not a chess title")
        found.append(key)
    if not found:
        return None
    return min(found, key=_TITLE_ORDER.__getitem__)


def title_points(titles: pd.Series) -> pd.Series:
    """Art. 3 item 1: the points of each canonical title (0 for none and for national titles)."""
    return titles.map(TITLE_POINTS).fillna(0).astype("int64")


def is_titled(titles: pd.Series) -> pd.Series:
    """Any FIDE or national title (used by the amateur title rule, Art. 3 amateur items 2-3)."""
    return titles.isin(list(TITLE_POINTS))


def _first_index(codes: np.ndarray) -> np.ndarray:
    """``np.unique(codes, return_index=True)[1]`` for codes numbered in order of first appearance (a
    ``pd.factorize``'s, no −1): a code is new where it exceeds every code before it — one pass, no sort."""
    n = len(codes)
    if not n:
        return np.unique(codes, return_index=True)[1]
    seen = np.maximum.accumulate(codes)
    new = np.empty(n, dtype=bool)
    new[0] = True
    new[1:] = seen[1:] > seen[:-1]
    return np.flatnonzero(new)


def _first_rows(group: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Integer groups → (each row's group number, each group's first row), groups in order of appearance."""
    g_code = pd.factorize(group)[0]
    return g_code, _first_index(g_code)


def _dense_codes(col: pd.Series) -> np.ndarray:
    """Integer codes of a column (equal ⇔ equal values, blanks included): a column of non-negative integers
    (codes already, as the circuit has them) as it is, anything else factorized."""
    v = col.to_numpy()
    if v.dtype.kind in "iu" and len(v) and v.min() >= 0:
        return v.astype("int64")
    return pd.factorize(col, use_na_sentinel=False)[0].astype("int64")


def _halves(v: np.ndarray) -> bool:
    """Whether a float array holds only finite whole and half numbers of a modest range (below 2^30 apart)."""
    if not np.isfinite(v).all():
        return False
    h = 2 * v.astype("float64")
    return bool(np.abs(h).max() < 2 ** 40 and h.max() - h.min() < 2 ** 30 and np.array_equal(h, np.floor(h)))


def _group_codes(*cols: pd.Series) -> np.ndarray:
    """One integer per distinct combination of the columns' values (blanks included), in no particular order:
    a group-by key without a group-by."""
    code = np.zeros(len(cols[0]), dtype="int64")
    top = 1  # the codes so far are below this
    for col in cols:
        v = np.asarray(col) if len(cols) > 1 else None
        if v is not None and v.dtype.kind in "iub" and len(v) and int(v.max()) - int(v.min()) < 2 ** 31:
            # whole numbers (no blanks): their offsets from the smallest are codes as good as a factorize's (the
            # final factorize numbers the combinations by first appearance either way)
            lo = int(v.min())
            c = v.astype("int64") - lo
            width = int(v.max()) - lo + 1
        elif v is not None and v.dtype.kind == "f" and len(v) and _halves(v):
            # whole and half numbers (points, no blanks): 2 × the offsets from the smallest, exact, equal ⇔ equal
            # (0.0 and −0.0 alike, as a factorize has them)
            h = 2 * v.astype("float64")
            lo_h = h.min()
            c = (h - lo_h).astype("int64")
            width = int(h.max() - lo_h) + 1
        else:
            c, u = pd.factorize(col, use_na_sentinel=False)
            width = len(u)
        if top * (width + 1) >= 2 ** 62:  # dense again first: no overflow however many columns
            code, uniq = pd.factorize(code)
            code, top = code.astype("int64"), len(uniq)
        code = code * (width + 1) + c
        top *= width + 1
    return pd.factorize(code)[0].astype("int64") if len(cols) > 1 else code.astype("int64")


# ---------------------------------------------------------------------------------------------- categoría

NORM_BONUS: dict[str, int] = {"None": 0, "IM": 2, "GM": 4}  # Art. 3 item 2
NATIONAL_NO_CASH_BASE = 3  # Art. 3 item 6
CATEGORY_KINDS = ("Open", "Closed", "National")  # kinds whose points come from the categoría table


def category_breakdown(tournaments: pd.DataFrame, results: pd.DataFrame,
                       tcodes: tuple[np.ndarray, Any] | None = None,
                       pcodes: tuple[np.ndarray, Any] | None = None) -> pd.DataFrame:
    """The categoría of every senior tournament with each part (Art. 3 items 1, 2, 3, 6).

    ``tournaments``: tournament, kind, base, norms, cash (and ranking: the one a national championship feeds).
    ``results``: tournament, player, title, games. Returns one row per tournament: base_given, base, title_points,
    title_bonus, norm_bonus, players_over_2_games, size_bonus, category (NaN-free Int64; <NA> for kinds without a
    categoría and for a national championship of an amateur or youth category), note.
    """
    # on integer codes (rows with a blank tournament or player left out, as a group-by drops them); ``tcodes``:
    # ``pd.factorize(results["tournament"])`` if the caller has it; ``pcodes``: any factorize of the player that
    # the caller has (only which rows share a player is read; a blank's code, if it has one, made −1 here)
    tcode, t_names = factorize_runs(results["tournament"]) if tcodes is None else tcodes
    if pcodes is None:
        pcode, p_names = pd.factorize(results["player"])
    else:
        pcode, p_names = pcodes
        blank = pd.isna(np.asarray(p_names, dtype=object))
        if blank.any():
            pcode = np.where(blank[pcode], -1, pcode)
    ok = (tcode >= 0) & (pcode >= 0)
    title_code, titles = pd.factorize(results["title"])
    tp_of = np.append(pd.Series(titles, dtype=object).map(TITLE_POINTS).fillna(0).to_numpy("int64"), 0)
    tp = tp_of[title_code][ok]  # code -1 (blank) → the 0 at the end
    games = pd.to_numeric(results["games"], errors="coerce").fillna(0).to_numpy("float64")[ok]
    tcode = tcode[ok].astype("int64")
    # each player counted once, at their highest title; games of a duplicated row: the most
    pair = pd.factorize(tcode * max(len(p_names), 1) + pcode[ok])[0]
    per = pd.DataFrame({"pair": pair, "tp": tp, "games": games}).groupby("pair", sort=False).max()
    pair_t = np.zeros(len(per), dtype="int64")
    pair_t[pair] = tcode
    pair_t = pair_t[per.index.to_numpy()]
    over2 = per["games"].to_numpy() > 2  # item 3: "más de 2 partidas"
    n_t = len(t_names)
    sums = pd.DataFrame({"title_points": np.bincount(pair_t, weights=per["tp"].to_numpy("int64"), minlength=n_t),
                         "players_over_2_games": np.bincount(pair_t, weights=over2, minlength=n_t)},
                        index=pd.Index(t_names)).astype("int64")

    t = tournaments[["tournament", "kind", "base", "norms", "cash"]].copy()
    # a national championship of an amateur or youth category has no senior categoría (ruling 2: its categoría
    # is its rated players, per band or category — the amateur and youth rules work it out)
    ranking = tournaments["ranking"] if "ranking" in tournaments.columns else pd.Series(None, index=t.index)
    senior = ranking.isna().to_numpy() | ranking.isin(SENIOR_NAMES).to_numpy() | ranking.eq("").to_numpy()
    t["title_points"] = tmap(t["tournament"], sums["title_points"]).fillna(0).astype("int64")
    t["players_over_2_games"] = tmap(t["tournament"], sums["players_over_2_games"]).fillna(0).astype("int64")
    t["title_bonus"] = t["title_points"] // 10  # item 1: parte entera de la suma / 10
    t["norm_bonus"] = t["norms"].map(NORM_BONUS).fillna(0).astype("int64")  # item 2
    t["size_bonus"] = t["players_over_2_games"] // 100  # item 3
    t["base_given"] = pd.to_numeric(t["base"], errors="coerce").astype("Int64")
    national_no_cash = (t["kind"] == "National") & ~t["cash"].fillna(False).astype(bool) & senior
    t["base"] = t["base_given"].where(~national_no_cash, NATIONAL_NO_CASH_BASE).astype("Int64")
    t["note"] = np.where(national_no_cash,
                         "Art. 3 item 6: national championship without cash prizes starts at categoría 3", "")
    has_cat = t["kind"].isin(CATEGORY_KINDS) & (senior | (t["kind"] != "National"))
    cat = t["base"] + t["title_bonus"] + t["norm_bonus"] + t["size_bonus"]
    t["category"] = cat.where(has_cat).astype("Int64")
    return t[["tournament", "base_given", "base", "title_points", "title_bonus", "norm_bonus",
              "players_over_2_games", "size_bonus", "category", "note"]]


def breakdown_texts(t: pd.DataFrame) -> pd.Series:
    """A one-line breakdown of each row of a :func:`category_breakdown` frame ('' without a categoría):
    'base 8 + titles 2 (21 title points) + norms 2 + size 1 (120 players with more than 2 games) = 13'."""
    out = np.full(len(t), "", dtype=object)
    has = t["category"].notna().to_numpy()
    if has.any():
        s = t[has]
        text = "base " + s["base"].astype(str)
        if "note" in s.columns:  # a base the rule sets, not the workbook's: said where it is, and why
            given = s["base_given"] if "base_given" in s.columns else pd.Series(pd.NA, index=s.index)
            set_by_rule = s["note"].fillna("").astype(str).str.len().to_numpy() > 0
            was = np.where(given.notna().to_numpy() & (given.astype("Float64") != s["base"].astype("Float64"))
                           .fillna(False).to_numpy(bool), " — the workbook's " + given.astype(str) + " not used", "")
            text = text + np.where(set_by_rule, " (national championship without cash prizes: starts at "
                                   + s["base"].astype(str) + ", Art. 3 item 6" + was + ")", "")
        titles = (s["title_bonus"] != 0) | (s["title_points"] != 0)
        text = text + np.where(titles, " + titles " + s["title_bonus"].astype(str) + " ("
                               + s["title_points"].astype(str) + " title points)", "")
        text = text + np.where(s["norm_bonus"] != 0, " + norms " + s["norm_bonus"].astype(str), "")
        text = (text + " + size " + s["size_bonus"].astype(str) + " (" + s["players_over_2_games"].astype(str)
                + " players with more than 2 games) = " + s["category"].astype(str))
        out[has] = text.to_numpy()
    return pd.Series(out, index=t.index)


# ---------------------------------------------------------------------------------------------- points table

@dataclass(frozen=True)
class TableProblem:
    severity: str  # "error" or "warning"
    message: str
    row: int  # 0-based row of the grid (0 = header)
    col: int  # 0-based column, -1 for the whole row


@dataclass(frozen=True)
class PointsTable:
    """The base points by categoría and place (Art. 3), as entered in season.xlsx, plus its extension.

    ``rows[c]`` holds the points for places 1, 2, … of categoría ``c``.
    """

    rows: dict[int, tuple[float, ...]]

    @property
    def last(self) -> int:
        return max(self.rows)

    @property
    def first(self) -> int:
        return min(self.rows)

    def row(self, category: int) -> list[float]:
        """The points of places 1..c for categoría c (extended beyond the table)."""
        c = int(category)
        return [float(x) for x in self.points(np.full(max(c, 0), c), np.arange(1, max(c, 0) + 1))]

    def beyond_text(self, category: int, place: int) -> str:
        """How P(c, p) is made beyond the table (Art. 3), for the ledger: " (beyond the table, Art. 3: 40 + 4 × 75
        − 2 × 40)" — P(last, 1) + 4 per categoría beyond the last, 2 fewer per place after the first; "" inside
        the table."""
        c, p = int(category), int(place)
        if c <= self.last:
            return ""
        down = f" − 2 × {p - 1}" if p > 1 else ""
        return f" (beyond the table, Art. 3: {_fmt(self.rows[self.last][0])} + 4 × {c - self.last}{down})"

    def beyond_texts(self, category: Sequence[int] | np.ndarray, place: Sequence[int] | np.ndarray) -> np.ndarray:
        """:meth:`beyond_text` of each (categoría, place), made once per distinct pair beyond the table."""
        cs = np.asarray(category, dtype="int64")
        ps = np.asarray(place, dtype="int64")
        out = np.full(len(cs), "", dtype=object)
        ext = cs > self.last
        if ext.any():
            width = int(ps[ext].max()) + 1
            keys, inv = np.unique(cs[ext] * width + ps[ext], return_inverse=True)
            made = np.array([self.beyond_text(k // width, k % width) for k in keys.tolist()], dtype=object)
            out[ext] = made[inv]
        return out

    def covers(self, categories: Iterable[int]) -> list[int]:
        """The categorías that are neither in the table nor beyond it (so cannot be scored)."""
        return sorted({int(c) for c in categories if int(c) >= 1 and int(c) <= self.last and int(c) not in self.rows})

    def points(self, category: Sequence[int] | np.ndarray, place: Sequence[int] | np.ndarray) -> np.ndarray:
        """Points for each (categoría, place); 0 beyond the scoring places, NaN for a categoría the table lacks.

        Beyond the table (Art. 3): "Cada categoría adicional a la 13ª, incrementará cuatro puntos al primero, e
        irá disminuyendo de 2 en dos por posición posterior, hasta cubrir el número de jugadores igual a su
        categoría": P(c, 1) = P(last, 1) + 4 (c − last), then 2 fewer per place, covering c places.
        """
        c = np.asarray(category, dtype="int64")
        p = np.asarray(place, dtype="int64")
        width = max(len(v) for v in self.rows.values())
        grid = np.full((self.last + 1, width + 2), np.nan)
        for cat, values in self.rows.items():
            grid[cat, 1:len(values) + 1] = values
            grid[cat, len(values) + 1:] = 0.0
        out = np.zeros(c.shape, dtype="float64")
        inside = (c >= 1) & (c <= self.last)
        pi = np.clip(p, 0, width + 1)
        ci = np.where(inside, c, 0)
        val = grid[ci, pi]
        val = np.where(np.isnan(val) & ~np.isnan(grid[ci, 1]), 0.0, val)  # a blank cell of a known row
        out = np.where(inside, val, out)
        beyond = c > self.last
        first = self.rows[self.last][0] + 4 * (c - self.last)
        ext = first - 2 * (p - 1)
        out = np.where(beyond, np.where((p >= 1) & (p <= c), ext, 0.0), out)
        out = np.where(p < 1, 0.0, out)
        return out

    def rows_grid(self, up_to: int | None = None) -> list[list[Any]]:
        """The table as a grid with its header (for writing season.xlsx)."""
        width = max(len(v) for v in self.rows.values())
        head: list[Any] = ["Category", *range(1, width + 1)]
        return [head, *[[c, *self.rows[c]] for c in sorted(self.rows) if up_to is None or c <= up_to]]


def illustrative_table(last: int = 13) -> PointsTable:
    """The rulebook's illustrative table P(c, p) = 2c + 14 − 2(p − 1), p ≤ c ≤ 13 (categoría 13: 40 … 16).

    Not the official FECODAZ table (the resolution's copy lacks it): `gpcalc new fecodaz` writes it and says so.
    """
    return PointsTable({c: tuple(float(2 * c + 14 - 2 * (p - 1)) for p in range(1, c + 1)) for c in range(1, last + 1)})


ILLUSTRATIVE_SOURCE = "ILLUSTRATIVE — replace with the official FECODAZ table"


def _number(raw: Any) -> float | None:
    from ..parse import read_number

    return read_number(raw)


def points_table_from_grid(grid: Sequence[Sequence[Any]]) -> tuple[PointsTable | None, list[TableProblem]]:
    """Read the `Points` sheet: a header ``Category | 1 | 2 | …`` then one row per categoría.

    Errors: a missing or malformed header, a categoría that is not a whole number ≥ 1 or repeated, a points
    value that is not a number, a gap inside a row, an empty table. Warnings: a row whose number of values is
    not its categoría (a categoría c gives points to c places), points that rise with the place.
    """
    problems: list[TableProblem] = []
    numbered = [(i, list(r)) for i, r in enumerate(grid) if any(_clean(x) for x in r)]
    rows = [r for _, r in numbered]
    if not rows:
        return None, [TableProblem("error", "the Points sheet is empty: it needs a header row "
                                   "'Category | 1 | 2 | …' and one row per categoría", 0, -1)]
    header, head_at = rows[0], numbered[0][0]
    if _clean(header[0]).casefold() not in {"category", "categoría", "categoria", "cat", "cat.", "class"}:
        problems.append(TableProblem("error", f"the first header cell is '{_clean(header[0])}': write Category",
                                     head_at, 0))
    places: list[int] = []
    for j, cell in enumerate(header[1:], start=1):
        text = _clean(cell)
        if not text:
            break
        try:
            value = _number(cell)
        except ValueError:
            value = None
        if value is None or not float(value).is_integer() or int(value) != len(places) + 1:
            problems.append(TableProblem("error", f"header '{text}' should be the place {len(places) + 1}",
                                         head_at, j))
            break
        places.append(int(value))
    table: dict[int, tuple[float, ...]] = {}
    for i, row in numbered[1:]:
        try:
            cat_value = _number(row[0])
        except ValueError:
            cat_value = None
        if cat_value is None or not float(cat_value).is_integer() or cat_value < 1:
            problems.append(TableProblem("error", f"'{_clean(row[0])}' is not a categoría (a whole number 1 or more)",
                                         i, 0))
            continue
        cat = int(cat_value)
        if cat in table:
            problems.append(TableProblem("error", f"categoría {cat} appears twice", i, 0))
            continue
        values: list[float] = []
        gap = False
        for j in range(1, len(places) + 1):
            cell = row[j] if j < len(row) else None
            if not _clean(cell):
                gap = True
                continue
            try:
                value = _number(cell)
            except ValueError:
                value = None
            if value is None or value < 0:
                problems.append(TableProblem("error", f"'{_clean(cell)}' is not a number of points", i, j))
                value = 0.0
            if gap:
                problems.append(TableProblem("error", f"categoría {cat}: a blank cell before place {j}", i, j))
                gap = False
            values.append(float(value))
        if not values:
            problems.append(TableProblem("error", f"categoría {cat} has no points", i, -1))
            continue
        if len(values) != cat:
            problems.append(TableProblem(
                "warning", f"categoría {cat} has points for {len(values)} places; a categoría {cat} tournament "
                f"gives points to {cat} places (Art. 3)", i, -1))
        if any(b > a for a, b in zip(values, values[1:])):
            problems.append(TableProblem("warning", f"categoría {cat}: points rise with the place", i, -1))
        table[cat] = tuple(values)
    if not table:
        problems.append(TableProblem("error", "the Points sheet has no categoría rows", 0, -1))
        return None, problems
    missing = [c for c in range(min(table), max(table)) if c not in table]
    if missing:
        problems.append(TableProblem("warning", "categorías missing from the Points table: "
                                     + ", ".join(map(str, missing)), 0, -1))
    return PointsTable(table), problems


def _clean(raw: Any) -> str:
    if raw is None or (isinstance(raw, float) and raw != raw):
        return ""
    return str(raw).strip()


# ---------------------------------------------------------------------------------------------- rankings as data

#: The senior rankings (Art. 3 item 4, Art. 4): name, rama, age limit (Sub N), whether a minimum group
#: (item 4) feeds it (Dama → Femenino; Sub N in each rama → Sub N rama), and the ranking it is drawn from.
SENIOR_RANKINGS = pd.DataFrame(
    [
        ("Absoluto", "absoluto", 0, False, ""),
        ("Femenino", "femenino", 0, True, "Absoluto"),
        ("Sub 20 Absoluto", "absoluto", 20, True, "Absoluto"),
        ("Sub 20 Femenino", "femenino", 20, True, "Femenino"),
        ("Sub 18 Absoluto", "absoluto", 18, True, "Absoluto"),
        ("Sub 18 Femenino", "femenino", 18, True, "Femenino"),
        ("Sub 16 Absoluto", "absoluto", 16, True, "Absoluto"),
        ("Sub 16 Femenino", "femenino", 16, True, "Femenino"),
    ],
    columns=["ranking", "rama", "under", "minimum", "parent"],
)
SENIOR_NAMES = tuple(SENIOR_RANKINGS["ranking"])
GROUP_LABEL = {"Femenino": "Dama"}  # the item-4 group behind a ranking (others share the ranking's name)


def fed_rankings(target: str, rankings: pd.DataFrame = SENIOR_RANKINGS) -> list[str]:
    """The rankings a tournament feeding ``target`` gives points in.

    Ruling: ``Absoluto`` (every open and closed, and a national or team event for the main ranking) feeds all
    senior rankings, which are drawn from it; ``Femenino`` feeds Femenino and the Sub N Femenino views; any
    other ranking (e.g. a national Sub 20 championship) feeds only itself ("en su categoría respectiva").
    """
    names = list(rankings["ranking"])
    if target == "Absoluto":
        return names
    if target == "Femenino":
        return [n for n, rama in zip(names, rankings["rama"]) if rama == "femenino"]
    return [target] if target in names else []


def _membership_grid(results: pd.DataFrame, year: int, rankings: pd.DataFrame) -> np.ndarray:
    """Whether each result row (born_year, sex) belongs to each ranking: a (rows × rankings) boolean grid."""
    born = pd.to_numeric(results["born_year"], errors="coerce").astype("float64").to_numpy()
    woman = results["sex"].eq("F").fillna(False).astype(bool).to_numpy()
    under = rankings["under"].to_numpy("int64")
    absoluto = (rankings["rama"] == "absoluto").to_numpy()
    with np.errstate(invalid="ignore"):
        age_ok = (under[None, :] == 0) | (born[:, None] >= year - under[None, :])
    return age_ok & (absoluto[None, :] | woman[:, None])


def _membership_index(results: pd.DataFrame, year: int, rankings: pd.DataFrame) -> tuple[np.ndarray, np.ndarray]:
    """(result row position, ranking position) of every membership pair, row by row (the cross-join order)."""
    rows, rk = np.nonzero(_membership_grid(results, year, rankings))
    return rows, rk


def _members_frame(r: pd.DataFrame, rows: np.ndarray, rk: np.ndarray, rankings: pd.DataFrame) -> pd.DataFrame:
    out = r.take(rows).reset_index(drop=True)
    out["ranking"] = rankings["ranking"].iloc[rk].to_numpy()
    out["minimum"] = rankings["minimum"].iloc[rk].to_numpy()
    return out


def membership(results: pd.DataFrame, year: int, rankings: pd.DataFrame = SENIOR_RANKINGS) -> pd.DataFrame:
    """Every (result row, ranking) pair the player belongs to.

    Sub N in year Y ⇔ born in Y − N or later (groups are nested: a Sub 16 is also Sub 18 and Sub 20); rama
    absoluto includes everyone, rama femenino only women. Returns results' columns + ranking, minimum.
    """
    r = results.reset_index(drop=True).assign(_row=lambda d: np.arange(len(d)))
    rows, rk = _membership_index(r, year, rankings)
    return _members_frame(r, rows, rk, rankings)


def fed_membership(results: pd.DataFrame, feeds: pd.Series, year: int,
                   rankings: pd.DataFrame = SENIOR_RANKINGS) -> pd.DataFrame:
    """:func:`membership` limited to the rankings each row's tournament feeds (``feeds``: tournament → target,
    see :func:`fed_rankings`) — the same rows, in the same order, as :func:`membership` with the pairs whose ranking
    the row's tournament does not feed left out, without forming those pairs."""
    r = results.reset_index(drop=True).assign(_row=lambda d: np.arange(len(d)))
    rows, rk = fed_membership_index(r, feeds, year, rankings)
    return _members_frame(r, rows, rk, rankings)


def fed_membership_index(results: pd.DataFrame, feeds: pd.Series, year: int,
                         rankings: pd.DataFrame = SENIOR_RANKINGS) -> tuple[np.ndarray, np.ndarray]:
    """The pairs of :func:`fed_membership` as (result row position, ranking position) arrays, in its order.

    A row's pairs depend only on its tournament's target, its birth year and whether it is a woman: the rankings
    are worked out once per distinct (target, born, woman) combination, as :func:`_membership_index` and the
    target's :func:`fed_rankings` have them, and each row takes its combination's list (ranking positions
    ascending, as the row-major ``np.nonzero`` gives them)."""
    n = len(results)
    # the tournament's target as a code (−1: none), one look-up per tournament
    f_codes, targets = pd.factorize(feeds, use_na_sentinel=True)
    t_at = tmap(results["tournament"], pd.Series(f_codes, index=feeds.index))
    tcode = t_at.fillna(-1).to_numpy().astype("int64") if n else np.zeros(0, dtype="int64")
    born = pd.to_numeric(results["born_year"], errors="coerce").astype("float64").to_numpy()
    woman = results["sex"].eq("F").fillna(False).astype(bool).to_numpy()
    bcode, _ = pd.factorize(born, use_na_sentinel=False)
    combo = ((tcode + 1) * (int(bcode.max()) + 1 if n else 1) + bcode) * 2 + woman
    pid, _ = pd.factorize(combo)
    n_pat = int(pid.max()) + 1 if n else 0
    rep = np.zeros(n_pat, dtype="int64")
    rep[pid[::-1]] = np.arange(n - 1, -1, -1)  # a row of each combination (its first)
    rep_frame = pd.DataFrame({"born_year": born[rep], "sex": np.where(woman[rep], "F", "")})
    ok = _membership_grid(rep_frame, year, rankings)
    names = list(rankings["ranking"])
    allowed = np.zeros((len(targets) + 1, len(names)), dtype=bool)  # the last row: no target
    for i, tgt in enumerate(targets):
        fed = set(fed_rankings(str(tgt), rankings))
        allowed[i] = [nm in fed for nm in names]
    ok = ok & allowed[tcode[rep]]
    if not n:
        return np.zeros(0, dtype="int64"), np.zeros(0, dtype="int64")
    # each row's combination's row of ``ok``: its pairs are the row-major nonzero entries (rows ascending, each
    # row's ranking positions ascending)
    rows, rk = np.nonzero(ok[pid])
    return rows.astype("int64", copy=False), rk.astype("int64", copy=False)


# ---------------------------------------------------------------------------------------------- senior points

RULE_PLACE = "FECODAZ Art. 3"
RULE_TIE = "FECODAZ Art. 3 item 5"
RULE_MIN = "FECODAZ Art. 3 item 4"
RULE_BOARD = "FECODAZ Art. 3 amateur item 7"
RULE_TEAM = "FECODAZ Art. 3 amateur item 7 (team place)"
RULE_CAP = "FECODAZ Art. 2 q 3"
MINIMUMS = {1: 6.0, 2: 4.0, 3: 2.0}  # item 4
MINIMUM_THRESHOLD = 6.0  # item 4: "alcance puntaje superior a 6"


def place_points(results: pd.DataFrame, categories: pd.Series, table: PointsTable) -> pd.DataFrame:
    """Place points (Art. 3 table) and the half points of item 5, one value per result row.

    ``categories`` maps tournament → categoría. Adds columns category, base_points, base_rule, base_detail.
    Item 5: the players with the same game score as the player at the last scoring place (place c) who are
    ranked below it by tiebreak get half of that place's points each.
    """
    r = results.reset_index(drop=True)  # a new frame (as the merge that used to come here made it)
    r["category"] = tmap(r["tournament"], categories).astype("Int64")
    cat = r["category"].fillna(0).astype("int64").to_numpy()
    place = pd.to_numeric(r["place"], errors="coerce").fillna(0).astype("int64").to_numpy()
    pts = table.points(cat, place)
    r["base_points"] = np.where(place <= cat, pts, 0.0)
    # item 5: the last scorer of each tournament
    last = r.loc[place == cat, ["tournament", "score"]].drop_duplicates("tournament")
    last_score = tmap(r["tournament"], last.set_index("tournament")["score"])
    last_pts = table.points(cat, cat)
    tied = (place > cat) & (cat > 0) & r["score"].notna().to_numpy() & (r["score"] == last_score).to_numpy()
    r["base_points"] = np.where(tied, last_pts / 2, r["base_points"])
    r["base_rule"] = np.array([RULE_TIE, RULE_PLACE, ""], dtype=object)[
        np.where(tied, 0, np.where(r["base_points"] > 0, 1, 2))]
    r["base_detail"] = ""
    scored = r["base_points"] > 0
    if scored.any():
        # the text depends on no name: built once per distinct (tied, place, categoría, points, score) shown
        sc = scored.to_numpy()
        t_s = tied[sc]
        combo = pd.DataFrame({"tied": t_s, "place": np.where(t_s, 0, place[sc]), "category": cat[sc],
                              "base_points": r["base_points"].to_numpy()[sc],
                              "score": np.where(t_s, _floats(r["score"])[sc], 0.0),
                              "last_pts": np.where(t_s, last_pts[sc], 0.0)})
        codes = combo.groupby(list(combo.columns), sort=False).ngroup().to_numpy()
        s = combo.iloc[np.unique(codes, return_index=True)[1]].reset_index(drop=True)
        beyond = pd.Series(table.beyond_texts(s["category"], s["place"]), dtype=object)
        detail_place = ("place " + s["place"].astype(str) + " in categoría " + s["category"].astype(str) + ": "
                        + _fmts(s["base_points"]) + beyond)
        shown_score = _fmts(s["score"])
        detail_tie = ("tied on " + shown_score + np.where(shown_score == "1", " game point", " game points")
                      + " with the last scorer (place "
                      + s["category"].astype(str) + ", " + _fmts(s["last_pts"]) + " pts): half = "
                      + _fmts(s["base_points"]))
        r.loc[scored, "base_detail"] = np.where(s["tied"], detail_tie, detail_place)[codes]
    return r


def apply_minimums(members: pd.DataFrame) -> pd.DataFrame:
    """Art. 3 item 4 per (tournament, ranking) group: if nobody in the group scored more than 6, the group's
    best three by place get at least 6, 4 and 2.

    ``members``: membership rows with base_points, place, minimum (whether the ranking has a group).
    Adds columns group_rank, minimum_points, points, rule, detail (one score: the highest).
    """
    m = members.copy(deep=False)  # new columns only (copy-on-write keeps ``members`` as it is)
    group = _group_codes(m["tournament"], m["ranking"])
    labels = m["ranking"].map(lambda n: GROUP_LABEL.get(n, n)) if len(m) else m["ranking"]
    return _minimums(m, group, labels)


def _place_key(place: np.ndarray) -> np.ndarray:
    """The places (floats) as :func:`_ranks` keys, blanks last (as the sort has them)."""
    return _ranks(np.where(np.isnan(place), np.inf, place))


def _minimums(m: pd.DataFrame, group: np.ndarray, labels: pd.Series | np.ndarray | tuple[np.ndarray, np.ndarray],
              place: np.ndarray | None = None,
              scorers_only: bool = False, p_key: np.ndarray | None = None,
              texts: pd.DataFrame | None = None, place_by_row: pd.Series | None = None) -> pd.DataFrame:
    """:func:`apply_minimums` on ``m`` (changed in place) with its (tournament, ranking) groups as integer codes
    ``group``; ``labels``: each row's item-4 group name (only read on the rows that get a minimum), or a pair
    (names, codes) with each row's name ``names[codes]`` (only the rows read made names); ``place``:
    the places as floats if the caller has them; ``p_key``: their :func:`_place_key` if the caller has it (any
    keys in the same order, equal ⇔ equal, do: only the order within a group is read). ``scorers_only``: return
    only the rows with points > 0 (rule and detail built for those alone); with it, ``texts``: base_rule and
    base_detail by the row ``m["_row"]`` names (taken only for the rows kept), and ``place_by_row``: the place
    column, taken the same way and put in as the third column (where ``m`` would have it)."""
    # per group: the rank by place (ties by row order, as rank(method="first")) and the group's best base
    # points (blanks skipped)
    n = len(m)
    if p_key is None:
        p_key = _place_key(_floats(m["place"]) if place is None else place)
    g_key = _ranks(group.astype("float64")) if n and group.min() < 0 else group.astype("int64", copy=False)
    width = int(p_key.max()) + 1 if n else 1
    if n and int(g_key.max()) < 2 ** 62 // width:
        key = g_key * width  # (in place: one temporary, not two)
        key += p_key
        order = _stable_argsort(key)  # ties: row order
    else:
        order = np.lexsort((np.arange(n), p_key, group))
    first = _runs(group[order])
    size = np.diff(np.append(first, n))  # (sorted: each group's rows are one run)
    rank = np.empty(n, dtype="int64")
    rank[order] = np.arange(1, n + 1) - np.repeat(first, size)
    base = m["base_points"].to_numpy("float64")
    group_max = np.empty(n)
    group_max[order] = np.repeat(np.fmax.reduceat(base[order], first), size) if n else base
    with np.errstate(invalid="ignore"):
        applies = m["minimum"].astype(bool).to_numpy() & (group_max <= MINIMUM_THRESHOLD)
    by_rank = np.array([MINIMUMS.get(i, 0.0) for i in range(max(MINIMUMS) + 2)])
    min_pts = np.where(applies, by_rank[np.clip(rank, 0, len(by_rank) - 1)], 0.0)
    if scorers_only:
        # the scorers first, then their columns: nothing is added to (and copied with) the rows dropped
        with np.errstate(invalid="ignore"):
            use_at = min_pts > base  # (a blank base: no minimum, as the comparison of the columns has it)
        pts = np.where(use_at, min_pts, base)
        keep = pts > 0
        m = m[keep]
        labels = (labels[0], labels[1][keep]) if isinstance(labels, tuple) else np.asarray(labels, dtype=object)[keep]
        m["group_rank"], m["minimum_points"], m["points"] = rank[keep], min_pts[keep], pts[keep]
        use_min = pd.Series(use_at[keep], index=m.index)
        if place_by_row is not None:
            m.insert(2, "place", place_by_row.take(m["_row"].to_numpy()).set_axis(m.index))
        if texts is not None:
            at = m["_row"].to_numpy()
            m["base_rule"] = texts["base_rule"].take(at).set_axis(m.index)
            m["base_detail"] = texts["base_detail"].take(at).set_axis(m.index)
    else:
        m["group_rank"] = rank
        m["minimum_points"] = min_pts
        use_min = m["minimum_points"] > m["base_points"]
        m["points"] = np.where(use_min, m["minimum_points"], m["base_points"])
    m["rule"] = np.where(use_min, RULE_MIN, m["base_rule"])
    m["detail"] = m["base_detail"]
    if use_min.any():
        u = m[use_min]
        on = use_min.to_numpy()
        group = pd.Series(np.asarray(labels[0], dtype=object)[labels[1][on]] if isinstance(labels, tuple)
                          else np.asarray(labels, dtype=object)[on], index=u.index)
        m.loc[use_min, "detail"] = ("best " + group + " no. " + u["group_rank"].astype(str)
                                    + ", nobody in the group above 6: minimum " + _fmts(u["minimum_points"])
                                    + " (place " + u["place"].astype(str) + " gave " + _fmts(u["base_points"]) + ")")
    return m


def senior_awards(results: pd.DataFrame, categories: pd.Series, feeds: pd.Series, table: PointsTable,
                  year: int, rankings: pd.DataFrame = SENIOR_RANKINGS,
                  pairs: tuple[np.ndarray, np.ndarray] | None = None) -> pd.DataFrame:
    """Points of categoría tournaments (open, closed, national) in every senior ranking.

    ``feeds`` maps tournament → the ranking it feeds (``Absoluto`` for opens and closed). Returns one row per
    (tournament, player, ranking) with points > 0 — the highest of the rules (Art. 3: "Ningún jugador podrá
    recibir más de un puntaje por torneo") — and columns points, rule, detail, place. ``pairs``: the caller's
    ``fed_membership_index(results, feeds, year, rankings)`` if it has it already (it is not formed again).
    """
    if results.empty:
        return _empty_awards()
    # only the columns the rules and the award rows use (each row is repeated once per ranking)
    based = place_points(results[["tournament", "player", "place", "score", "sex", "born_year"]], categories,
                         table)
    # the membership pairs (:func:`fed_membership`) with the ranking as its position in ``rankings``: the names
    # (and the item-4 group labels) are put in only on the rows that score
    rows, rk = fed_membership_index(based, feeds, year, rankings) if pairs is None else pairs
    # (only the columns the award rows keep are repeated per ranking; the place keys formed once per row)
    place_b = _floats(based["place"])
    p_key = _place_key(place_b)[rows]
    # (the texts, base_rule and base_detail, are taken by ``_row`` for the scorers alone)
    # (the place, an object column, is taken by ``_row`` for the scorers alone as well)
    # (tournament and player as well: put in after ``_minimums``, on the scorers alone — the rules read the
    # groups' codes, not these columns, and most pairs do not score; ``copy=False``: fresh arrays, no copies)
    members = pd.DataFrame({"base_points": based["base_points"].to_numpy()[rows],
                            "minimum": rankings["minimum"].to_numpy(bool)[rk], "_rk": rk, "_row": rows}, copy=False)
    tcode = _dense_codes(based["tournament"])[rows]
    names = np.asarray(rankings["ranking"], dtype=object)
    # (the labels as (names, codes): no object column of every pair is made)
    labels = (np.array([GROUP_LABEL.get(n, n) for n in names], dtype=object), rk)
    scored = _minimums(members, tcode * len(names) + rk, labels, scorers_only=True, p_key=p_key,
                       texts=based[["base_rule", "base_detail"]], place_by_row=based["place"])
    at = scored["_row"].to_numpy()
    scored["tournament"] = based["tournament"].take(at).set_axis(scored.index)
    scored["player"] = based["player"].take(at).set_axis(scored.index)
    scored["ranking"] = names[scored["_rk"].to_numpy()]
    return one_score(scored)


def team_awards(results: pd.DataFrame, feeds: pd.Series, year: int,
                rankings: pd.DataFrame = SENIOR_RANKINGS) -> pd.DataFrame:
    """National team tournaments (Art. 3 amateur list item 7): board points by place among the players of
    the same board, plus +6/+4/+2 to every member (reserves included) of the first three teams.

    Two award rows per player and ranking (board, team place); they add up (the bonus is "adicionalmente").
    """
    if results.empty:
        return _empty_awards()
    r = results.copy()
    board = pd.to_numeric(r["board"], errors="coerce").fillna(0).astype("int64")
    bplace = pd.to_numeric(r["board_place"], errors="coerce").fillna(0).astype("int64")
    tplace = pd.to_numeric(r["team_place"], errors="coerce").fillna(0).astype("int64")
    r["board_points"] = board_points(board.to_numpy(), bplace.to_numpy())
    r["team_points"] = tplace.map(TEAM_PLACE_POINTS).fillna(0.0).to_numpy()
    members = fed_membership(r, feeds, year, rankings)
    # the details name the table their number comes from (board 1: 12, 10, 8, 6, 4, 2; team places +6/+4/+2)
    table = {b: ", ".join(_fmt(x) for x in v) for b, v in BOARD_POINTS.items()}
    b = members.assign(points=members["board_points"], rule=RULE_BOARD,
                       detail="board " + members["board"].astype(str) + ", place "
                       + members["board_place"].astype(str) + " among the board's players (board "
                       + members["board"].astype(str) + ": "
                       + pd.to_numeric(members["board"], errors="coerce").map(table).fillna("no points").astype(str)
                       + ") → " + _fmts(members["board_points"]))
    t = members.assign(points=members["team_points"], rule=RULE_TEAM,
                       detail="member of team " + members["team"].astype(str) + ", team place "
                       + members["team_place"].astype(str) + " (champions +6, runners-up +4, third +2) → +"
                       + _fmts(members["team_points"]))
    both = pd.concat([one_score(b[b["points"] > 0]), one_score(t[t["points"] > 0])], ignore_index=True)
    return both.sort_values(["tournament", "ranking", "place", "rule"], kind="stable").reset_index(drop=True)


#: Art. 3 amateur list item 7: board points by place among the players of the board.
BOARD_POINTS: dict[int, tuple[float, ...]] = {
    1: (12, 10, 8, 6, 4, 2), 2: (10, 8, 6, 4, 2), 3: (8, 6, 4, 2), 4: (6, 4, 2)}
TEAM_PLACE_POINTS: dict[int, float] = {1: 6.0, 2: 4.0, 3: 2.0}


def board_points(board: np.ndarray, place: np.ndarray) -> np.ndarray:
    """Board points for arrays of (board, place among that board's players); 0 outside the table."""
    grid = np.zeros((6, 8))
    for b, values in BOARD_POINTS.items():
        grid[b, 1:len(values) + 1] = values
    b = np.clip(np.asarray(board, dtype="int64"), 0, 5)
    p = np.clip(np.asarray(place, dtype="int64"), 0, 7)
    return grid[b, p]


AWARD_COLUMNS = ["tournament", "player", "ranking", "points", "rule", "detail", "place"]


def _empty_awards() -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series(dtype="float64" if c == "points" else "object") for c in AWARD_COLUMNS})


def one_score(awards: pd.DataFrame) -> pd.DataFrame:
    """One score per player per ranking per tournament: the highest (Art. 3, "más de un puntaje por torneo").

    Also collapses a player listed twice in one tournament. Ties between equal awards keep the first row.
    """
    if awards.empty:
        return awards.reindex(columns=AWARD_COLUMNS)
    return _first_per_key(awards)[AWARD_COLUMNS].reset_index(drop=True)


def _first_per_key(awards: pd.DataFrame) -> pd.DataFrame:
    """``awards.sort_values(["tournament", "ranking", "player", "points"], ascending=[True, True, True, False],
    kind="stable").drop_duplicates(["tournament", "ranking", "player"], keep="first")``, on sort keys (equal
    keys ⇔ equal values, blanks equal as drop_duplicates has them)."""
    key = _combined(*(_sort_key(awards[c]) for c in ("tournament", "ranking", "player")))
    order = _lex_order(key, _sort_key(awards["points"], asc=False))
    return awards.iloc[order[_runs(key[order])]]


# ---------------------------------------------------------------------------------------------- closed events

CLOSED_MIN_VISITORS = 3  # Art. 2 q 1
CLOSED_CAP = 30.0  # Art. 2 q 3


def _liga_key(col: pd.Series) -> np.ndarray:
    """A liga's name as compared: case, accents and extra spaces ignored ("Bogota" = "Bogotá"); blank → ""."""
    codes, uniq = pd.factorize(col.fillna("").astype(str))
    keys = np.array([" ".join(strip_accents(u).casefold().split()) for u in uniq] + [""], dtype=object)
    return keys[codes]


def closed_validity(tournaments: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """Art. 2 q: a closed tournament is valid only with at least 3 players from leagues other than the host's,
    and only if played before 30 September (ruling: it must end on or before 29 September).

    ``tournaments``: tournament, kind, host_league, end. Returns tournament, visitors, valid, reason — one row
    per closed tournament.
    """
    closed = tournaments[tournaments["kind"] == "Closed"][["tournament", "host_league", "end"]]
    if closed.empty:
        return pd.DataFrame(columns=["tournament", "visitors", "valid", "reason"])
    # (only the closed tournaments' rows are merged: the same rows, and only the counts per tournament are read)
    mine = results["tournament"].isin(closed["tournament"]).to_numpy(bool)
    r = results.loc[mine, ["tournament", "player", "league"]].merge(closed, on="tournament")
    league, host = _liga_key(r["league"]), _liga_key(r["host_league"])
    r["visitor"] = (league != "") & (league != host)
    visitors = r[r["visitor"]].groupby("tournament")["player"].nunique()
    out = closed.copy()
    out["visitors"] = out["tournament"].map(visitors).fillna(0).astype("int64")
    end = pd.to_datetime(out["end"], errors="coerce")
    deadline = pd.to_datetime(end.dt.year.astype("Int64").astype(str) + "-09-30", errors="coerce")
    late = (end >= deadline).fillna(False).astype(bool)
    few = out["visitors"] < CLOSED_MIN_VISITORS
    reason = np.where(few, "only " + out["visitors"].astype(str) + " players from leagues other than the host's "
                      "(at least 3 needed, Art. 2 q 1)", "")
    reason = np.where(late, np.where(few, reason + "; ", "") + "played on or after 30 September (Art. 2 q 2)", reason)
    out["valid"] = ~(few | late)
    out["reason"] = reason
    return out[["tournament", "visitors", "valid", "reason"]].reset_index(drop=True)


# ---------------------------------------------------------------------------------------------- counting

def counting_limit(m: Any) -> Any:
    """Art. 3 item 6 as ruled: the best max(1, floor(2M/3)) results count (66.66 % read as two thirds)."""
    return np.maximum(1, (2 * np.asarray(m, dtype="int64")) // 3)


def tournaments_held(awards: pd.DataFrame) -> pd.Series:
    """M per ranking: the tournaments held so far that award points in that ranking."""
    # (the two columns read taken first: the filter copies nothing else)
    return awards.loc[awards["points"] > 0, ["ranking", "tournament"]].groupby("ranking")["tournament"].nunique()


def _sort_key(v: pd.Series, asc: bool = True) -> np.ndarray:
    """An ascending sort key of a column (blanks last), as floats: numbers as they are, anything else by its
    rank among the column's sorted distinct values. (Non-negative whole numbers below 2^40 in an integer column, the
    circuit's codes, ascending: as int64 rather than floats — the same order, and :func:`_ranks` takes them as
    they are, without a round trip through floats.)"""
    if asc and v.dtype.kind in "iu" and isinstance(v.dtype, np.dtype) and len(v):
        x = v.to_numpy()
        if x.min() >= 0 and x.max() < 2 ** 40:
            return x.astype("int64", copy=False)
    if v.dtype.kind in "biuf" and isinstance(v.dtype, np.dtype):
        x = v.to_numpy("float64")
        return np.where(np.isnan(x), np.inf, x if asc else -x)
    if v.dtype == object and len(v) and pd.api.types.infer_dtype(v, skipna=False) == "integer":
        # whole numbers in an object column (the codes after a concat with an empty frame), none blank: the
        # numbers order as their ranks do (a pass instead of a hashing)
        try:
            x = v.to_numpy().astype("int64")
        except OverflowError:
            x = None
        if x is not None and np.abs(x).max() < 2 ** 53:
            x = x.astype("float64")
            return x if asc else -x
    codes = pd.factorize(v, sort=True)[0].astype("float64")
    return np.where(codes < 0, np.inf, codes if asc else -codes)


def _stable_argsort(key: np.ndarray) -> np.ndarray:
    """``np.argsort(key, kind="stable")`` for an int64 key: made unique by the row number where that fits in
    int64, so that the (faster) default sort gives the same order."""
    n = len(key)
    if n and int(key.min()) >= 0:
        top = int(key.max())
        # (any stable sort gives the one stable order: each case takes the fastest numpy has for it)
        if top < 2 ** 16:
            return np.argsort(key.astype(np.uint16), kind="stable")  # a radix sort
        if np.count_nonzero(key[1:] < key[:-1]) * 32 < n:
            return np.argsort(key, kind="stable")  # nearly sorted already: few runs for the merge sort
        if top < 2 ** 62 // n:
            unique = key * n  # (in place from here: one temporary the size of the key, not two)
            unique += np.arange(n)
            return np.argsort(unique)
    return np.argsort(key, kind="stable")


def _lex_order(*keys: np.ndarray) -> np.ndarray:
    """``np.lexsort(keys[::-1])`` (the first key most significant, ties by row order): the keys folded into one
    integer key (:func:`_combined`) and sorted once, where they are free of NaN and −inf (``_ranks`` puts any
    non-finite value last); otherwise the lexsort itself."""
    if any(k.dtype.kind == "f" and (np.isnan(k).any() or np.isneginf(k).any()) for k in keys):
        return np.lexsort(keys[::-1])
    return _stable_argsort(_combined(*keys))


def _ranks(key: np.ndarray) -> np.ndarray:
    """A sort key (:func:`_sort_key`) as non-negative integers in the same order (equal ⇔ equal): whole numbers
    from 0 up as they are (blanks, inf, after the largest), anything else by its rank among the distinct keys."""
    if key.dtype.kind in "iu":  # whole numbers already (the folded keys): as they are, or ranked as below
        if len(key) and key.min() >= 0 and key.max() < 2 ** 40:
            return key.astype("int64", copy=False)  # (read only by every caller: no copy needed)
        return np.unique(key, return_inverse=True)[1].astype("int64").reshape(-1)
    finite = np.isfinite(key)
    every = bool(finite.all())
    k = key if every else key[finite]
    if len(k) and k.min() >= 0 and k.max() < 2 ** 40 and np.array_equal(k, np.floor(k)):
        top = int(k.max()) + 1
        return key.astype("int64") if every else np.where(finite, key, top).astype("int64")
    if not len(k) and len(key):
        return np.zeros(len(key), dtype="int64")
    if len(k) and np.abs(k).max() < 2 ** 40:
        h = 2 * k  # (exact)
        if np.array_equal(h, np.floor(h)):
            # whole and half numbers of either sign (points, best first): 2 × (key − min) are whole numbers in
            # the same order (exact below 2^41), without the sort a ranking takes; blanks, inf after the largest
            out = (h - h.min()).astype("int64")
            if every:
                return out
            full = np.empty(len(key), dtype="int64")
            full[finite] = out
            full[~finite] = int(out.max()) + 1
            return full
    return np.unique(key, return_inverse=True)[1].astype("int64").reshape(-1)


def _combined(*keys: np.ndarray) -> np.ndarray:
    """One int64 sort key ordering rows as ``np.lexsort(keys[::-1])`` does (the first key most significant)."""
    out = _ranks(keys[0])
    for key in keys[1:]:
        k = _ranks(key)
        width = int(k.max()) + 1 if len(k) else 1
        top = int(out.max()) + 1 if len(out) else 1
        if top * width >= 2 ** 62:  # keep it exact: dense ranks first
            out = np.unique(out, return_inverse=True)[1].astype("int64").reshape(-1)
            if (int(out.max()) + 1) * width >= 2 ** 62:  # (a key of large whole numbers: its dense ranks too)
                k = np.unique(k, return_inverse=True)[1].astype("int64").reshape(-1)
                width = int(k.max()) + 1
        out = out * width + k
    return out


def _runs(*keys: np.ndarray) -> np.ndarray:
    """Start positions of the runs of equal consecutive ``keys`` (arrays of one length, already sorted)."""
    n = len(keys[0])
    start = np.zeros(n, dtype=bool)
    if n:
        start[0] = True
        for k in keys:
            start[1:] |= k[1:] != k[:-1]
    return np.flatnonzero(start)


def count_best(entries: pd.DataFrame, limits: pd.Series, cap: float = CLOSED_CAP,
               keep: Sequence[str] | None = None) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Choose each player's counted results (Art. 3 item 6) with the closed-tournament cap (Art. 2 q 3).

    ``entries``: ranking, player, tournament, date, points, closed (bool) — one row per result.
    ``limits``: ranking → how many results count (see :func:`counting_limit`).
    The counted selection maximises ``open points + min(cap, closed points)`` over at most ``k`` results:
    for each number ``j`` of closed results, the best ``j`` closed and the best ``k − j`` open are taken.
    Ties prefer fewer closed results, then earlier tournaments — also where the cap binds: of the choices of j
    closed results that reach the cap, the earliest (:func:`_earliest_reaching`).
    Returns (entries + counted, totals: ranking, player, counted_points, closed_counted, cap_cut, total).
    ``keep``: the columns of ``entries`` that the returned frame has (default: all) — a caller that reads only
    some of them spares the reordering of the others.

    On arrays: the rows sorted by ranking, player, closed, points (best first), date, tournament; for each
    (ranking, player) the options j = 0 … min(k, closed results), each with i = min(k − j, open results), from
    the running sums of each kind; the best option is the highest value, then the smallest j.
    """
    e = entries.assign(closed=entries["closed"].fillna(False).astype(bool))  # (copy-on-write: no deep copy)
    rk_key, pl_key = _sort_key(e["ranking"]), _sort_key(e["player"])
    date_key, t_key = _sort_key(e["date"]), _sort_key(e["tournament"])
    closed = e["closed"].to_numpy()
    points = e["points"].to_numpy("float64")
    # (ranking, player) and (date, tournament) each as one integer key: a sort on three keys instead of six
    who = _combined(rk_key, pl_key)
    when = _combined(date_key, t_key)
    order = _lex_order(who * 2 + closed, _sort_key(e["points"], asc=False), when)
    cl, pts = closed[order], points[order]
    n = len(order)
    # runs: (ranking, player) groups, and inside them the open then the closed results
    who_o = who[order]
    groups = _runs(who_o)
    kinds = _runs(who_o, cl)
    gid = np.zeros(n, dtype="int64")
    gid[groups[1:]] = 1
    gid = np.cumsum(gid)
    kid = np.zeros(n, dtype="int64")
    kid[kinds[1:]] = 1
    kid = np.cumsum(kid)
    idx = np.arange(n) - kinds[kid] if n else np.zeros(0, dtype="int64")  # 0 = best of its kind
    total_sum = np.cumsum(pts)
    before = np.concatenate([[0.0], total_sum])[kinds]  # running sum before each run starts
    csum = total_sum - before[kid] if n else np.zeros(0)  # points of the best idx + 1 results of its kind
    n_g = len(groups)
    rankings = e["ranking"].iloc[order[groups]] if n else e["ranking"].iloc[:0]
    k = pd.Series(rankings.to_numpy(), dtype=object).map(limits).fillna(1).to_numpy("int64")
    n_open = np.bincount(gid[~cl], minlength=n_g)
    n_closed = np.bincount(gid[cl], minlength=n_g)
    open_at = groups  # the open run comes first in its group
    closed_at = groups + n_open
    # options: j = 0 … min(k, n_closed) closed results per group
    n_opt = np.minimum(k, n_closed) + 1
    og = np.repeat(np.arange(n_g), n_opt)
    j = np.arange(len(og)) - np.repeat(np.cumsum(n_opt) - n_opt, n_opt)
    i = np.minimum(k[og] - j, n_open[og])
    open_sum = np.where(i > 0, csum[np.clip(open_at[og] + i - 1, 0, max(n - 1, 0))], 0.0) if n else np.zeros(0)
    closed_sum = np.where(j > 0, csum[np.clip(closed_at[og] + j - 1, 0, max(n - 1, 0))], 0.0) if n else np.zeros(0)
    value = open_sum + np.minimum(cap, closed_sum)
    pick = np.lexsort((j, -value, og))
    best = pick[_runs(og[pick])] if len(og) else np.zeros(0, dtype="int64")  # one option per group, in order
    b_i, b_j = i[best], j[best]
    counted = np.where(cl, idx < b_j[gid], idx < b_i[gid]) if n else np.zeros(0, dtype=bool)
    closed_kept = closed_sum[best].copy()
    # where the cap binds and there is a choice of closed results, every choice of j whose points reach the cap
    # gives the same capped total: the earlier tournaments count (ruling 5), not the highest-scoring ones
    bind = np.flatnonzero((closed_kept > cap) & (n_closed > b_j)) if n else np.zeros(0, dtype="int64")
    if len(bind):
        when_o = when[order]
        for g in bind.tolist():
            rows = np.arange(closed_at[g], closed_at[g] + n_closed[g])
            chosen = _earliest_reaching(rows[np.argsort(when_o[rows], kind="stable")], pts, int(b_j[g]), cap)
            counted[rows] = False
            counted[chosen] = True
            closed_kept[g] = pts[chosen].sum()
    totals = pd.DataFrame({
        "ranking": rankings.reset_index(drop=True), "player": e["player"].iloc[order[groups]].reset_index(drop=True),
        "counted_points": open_sum[best] + closed_kept, "closed_counted": closed_kept,
        "cap_cut": np.maximum(0.0, closed_kept - cap), "total": value[best]})
    # the rows by ranking, player, date, tournament (ties: the order above)
    order2 = _lex_order(who_o, when[order])
    out = (e if keep is None else e[list(keep)]).iloc[order[order2]].reset_index(drop=True)
    out["counted"] = counted[order2]
    return out, totals


def _earliest_reaching(by_date: np.ndarray, pts: np.ndarray, j: int, cap: float) -> np.ndarray:
    """Of the rows `by_date` (earliest first), the j whose points reach `cap`, earliest first: each pick is the
    earliest row that still lets the best of the later rows complete the j to at least `cap` (the best j of all
    reach it, so a choice always exists)."""
    chosen: list[int] = []
    total = 0.0
    for at, row in enumerate(by_date.tolist()):
        left = j - len(chosen) - 1
        if left < 0:
            break
        later = np.sort(pts[by_date[at + 1:]])[::-1][:left]
        if len(later) == left and total + pts[row] + later.sum() >= cap:
            chosen.append(row)
            total += pts[row]
    return np.asarray(chosen, dtype="int64")


# ---------------------------------------------------------------------------------------------- ranking

TIEBREAK_LEVELS = ("more tournaments played", "better place in the last tournament played",
                   "better place in last year's Grand Prix")


def rank_with_tiebreaks(table: pd.DataFrame) -> pd.DataFrame:
    """Art. 4 ties: 1) more tournaments played, 2) better place in the player's last tournament played,
    3) better place in the previous year's Grand Prix (missing = no place, behind any place); still tied →
    the same rank and ``tied`` True, never broken silently.

    ``table``: ranking, player, total, played, last_place, last_gp_place. Adds rank, tied, tiebreak (which
    level separated a player from the players with the same total, '' when the total is not shared).
    """
    t = table.copy()
    t["_k1"] = -pd.to_numeric(t["played"], errors="coerce").fillna(0)
    t["_k2"] = pd.to_numeric(t["last_place"], errors="coerce").fillna(np.inf)
    t["_k3"] = pd.to_numeric(t["last_gp_place"], errors="coerce").fillna(np.inf)
    t["_k0"] = -t["total"].astype("float64")
    keys = ["_k0", "_k1", "_k2", "_k3"]
    t = t.sort_values(["ranking", *keys, "player"], kind="stable").reset_index(drop=True)
    t["_pos"] = t.groupby("ranking").cumcount() + 1
    full = t.groupby(["ranking", *keys], sort=False, dropna=False)
    t["rank"] = full["_pos"].transform("min").astype("int64")
    t["tied"] = full["_pos"].transform("size") > 1
    # the level that decided: the first key at which this player differs from all other players on the total
    level = pd.Series("", index=t.index)
    shared = t.groupby(["ranking", "_k0"])["_pos"].transform("size") > 1
    for depth, name in ((1, TIEBREAK_LEVELS[0]), (2, TIEBREAK_LEVELS[1]), (3, TIEBREAK_LEVELS[2])):
        size = t.groupby(["ranking", *keys[:depth + 1]], dropna=False)["_pos"].transform("size")
        prev = t.groupby(["ranking", *keys[:depth]], dropna=False)["_pos"].transform("size")
        newly = shared & (level == "") & (prev > 1) & (size < prev) & (size == 1)
        level = level.mask(newly, name)
    level = level.mask(t["tied"], "tied on every criterion")
    level = level.mask(shared & (level == ""), "partly separated by " + TIEBREAK_LEVELS[0])
    t["tiebreak"] = level.where(shared, "")
    return t.drop(columns=[*keys, "_pos"])


# ---------------------------------------------------------------------------------------------- ligas

def liga_text(col: pd.Series) -> pd.Series:
    """A Liga column as text: blank for an empty cell, outer spaces removed (each distinct text stripped once)."""
    if pd.api.types.infer_dtype(col, skipna=True) not in ("string", "empty"):  # (numbers too: as str() writes them)
        return col.astype(object).where(col.notna(), "").astype(str).str.strip()
    codes, uniq = pd.factorize(col.astype(object))
    stripped = np.array([u.strip() for u in uniq] + [""], dtype=object)  # (code -1, an empty cell: the last)
    return pd.Series(stripped[codes], index=col.index, name=col.name, dtype="str")


def liga_spellings(col: pd.Series) -> tuple[pd.Series, dict[str, list[str]]]:
    """Ruling 4 ("Bogota" is "Bogotá"): the spellings of one liga — case, accents and extra spaces aside — are one
    liga. Returns the name each liga goes by (indexed by its compared form, _liga_key): its most common spelling
    in `col`, a tie the one met first; and, for each liga written more than one way, its spellings (most common
    first)."""
    text = liga_text(col)
    codes, spellings = pd.factorize(text[text != ""])  # each spelling once, in order of first appearance
    spelling = pd.Series(spellings, dtype="str")
    counts = pd.DataFrame({"key": _liga_key(spelling), "spelling": spelling,
                           "n": np.bincount(codes, minlength=len(spellings))})
    counts = counts.sort_values(["key", "n"], ascending=[True, False], kind="stable")  # (stable: ties first met)
    names = counts.drop_duplicates("key").set_index("key")["spelling"]
    many = counts[counts["key"].duplicated(keep=False)]
    return names, {names[k]: list(g["spelling"]) for k, g in many.groupby("key", sort=True)}


def one_liga(col: pd.Series, names: pd.Series) -> pd.Series:
    """Each value of `col` as the liga's name in `names` (liga_spellings); a liga not there, as written."""
    text = liga_text(col)
    named = pd.Series(_liga_key(text), index=col.index).map(names).astype(object)
    return named.where(named.notna(), text)


def liga_totals(standings: pd.DataFrame, best: int = 2) -> pd.DataFrame:
    """Art. 5 d: each liga's total is the sum of its ``best`` best players' totals (two for the main ranking).

    ``standings``: ranking, player, name, club (the liga), total. Returns ranking, rank, club, total, players,
    tied. Players without a liga are left out.
    """
    s = standings[standings["club"].astype(object).fillna("").astype(str).str.strip() != ""]
    s = s.sort_values(["ranking", "club", "total", "name"], ascending=[True, True, False, True], kind="stable")
    s = s[s.groupby(["ranking", "club"]).cumcount() < best]
    s = s.assign(_who=s["name"].astype(str) + " (" + s["total"].map(_fmt) + ")")
    out = s.groupby(["ranking", "club"], sort=False).agg(total=("total", "sum"), players=("_who", "; ".join))
    out = out.reset_index().sort_values(["ranking", "total", "club"], ascending=[True, False, True], kind="stable")
    out["rank"] = out.groupby("ranking")["total"].rank(method="min", ascending=False).astype("int64")
    out["tied"] = out.groupby(["ranking", "total"])["club"].transform("size") > 1
    return out[["ranking", "rank", "club", "total", "players", "tied"]].reset_index(drop=True)


def _fmt(x: Any) -> str:
    if x is None or (isinstance(x, float) and x != x):
        return ""
    x = float(x)
    return str(int(x)) if x.is_integer() else f"{x:g}"


def _fmts(series: pd.Series) -> pd.Series:
    """Points as people write them: 40, 9.5 (never 40.0). Each distinct value is formatted once."""
    codes, uniques = pd.factorize(series.to_numpy(), use_na_sentinel=True)
    text = np.array([*(_fmt(u) for u in uniques), ""], dtype=object)  # code -1 (blank) → ""
    return pd.Series(text[codes], index=series.index, name=series.name).astype(str)


# ---------------------------------------------------------------------------------------------- withdrawals

def withdrawals(results: pd.DataFrame) -> pd.DataFrame:
    """Art. 6: every withdrawal, with whether it costs the player the year (``Yes`` = unjustified).

    ``results``: tournament, player, withdrew. Returns tournament, player, withdrew, sanctioned.
    """
    w = results[results["withdrew"].isin(["Yes", "Justified"])][["tournament", "player", "withdrew"]].copy()
    w["sanctioned"] = w["withdrew"] == "Yes"
    return w.reset_index(drop=True)


def sanctioned_players(results: pd.DataFrame) -> set:
    """Players who withdrew without justification from any tournament of the year: they lose all points."""
    return set(results.loc[results["withdrew"] == "Yes", "player"])


def season_year(season: str | int) -> int:
    """'2009' → 2009; '2012/2013' → 2013 (the year the season ends)."""
    years = re.findall(r"\d{4}", str(season))
    if not years:
        raise ValueError(f"'{season}' is not a season year")
    return int(years[-1])


def closing_date(year: int) -> dt.date:
    """30 September of the year (Art. 2 d, q 2)."""
    return dt.date(year, 9, 30)


# ---------------------------------------------------------------------------------------------- amateur and youth

#: Art. 2 k, Art. 3 amateur list. Ruling: exclusive bands by national rating; 1700, not Art. 4's "1600".
AMATEUR_BANDS = ("Sub 2000", "Sub 1800", "Sub 1700")
DAMA_AMATEUR = "Dama amateur"
AMATEUR_NAMES = (*AMATEUR_BANDS, DAMA_AMATEUR)
#: Art. 2 l: Sub 14, 12, 10, 8, 6 in each rama.
YOUTH_AGES = (14, 12, 10, 8, 6)
YOUTH_NAMES = tuple(f"Sub {n} {rama}" for n in YOUTH_AGES for rama in ("Absoluto", "Femenino"))
RULE_AMATEUR = "FECODAZ Art. 3 amateur list"
RULE_AMATEUR_TIE = "FECODAZ Art. 3 amateur list, item 5"
RULE_DAMA_MIN = "FECODAZ Art. 3 amateur item 1"
RULE_TITLES_EXTRA = "FECODAZ Art. 3 amateur items 2-3"
DAMA_MINIMUMS = {1: 6.0, 2: 4.0, 3: 2.0}  # amateur item 1
IRT_BONUS = 2  # amateur item 4: "se aumentará 2 categorías"


def rating_band(national: pd.Series) -> pd.Series:
    """The amateur band of each national rating (exclusive; ruling): < 1700 Sub 1700, 1700–1799 Sub 1800,
    1800–1999 Sub 2000, 2000 or more none (''). Ruling: a player without a national rating is in Sub 1700
    (below 1700) but does not count for the band's categoría."""
    r = pd.to_numeric(national, errors="coerce").astype("float64").to_numpy()
    out = np.select([np.isnan(r) | (r < 1700), r < 1800, r < 2000], ["Sub 1700", "Sub 1800", "Sub 2000"], default="")
    return pd.Series(out, index=national.index, dtype=object)


def youth_category(born_year: pd.Series, year: int) -> pd.Series:
    """Art. 2 l as ruled (exclusive by age): Sub 14 = born Y−14 or Y−13, Sub 12 = Y−12 or Y−11, …, Sub 6 = born
    Y−6 or later; older or no birth year → '' (no youth category)."""
    age = year - pd.to_numeric(born_year, errors="coerce").astype("float64").to_numpy()
    out = np.select([age <= 6, age <= 8, age <= 10, age <= 12, age <= 14],
                    ["Sub 6", "Sub 8", "Sub 10", "Sub 12", "Sub 14"], default="")
    out = np.where(np.isnan(age), "", out)
    return pd.Series(out, index=born_year.index, dtype=object)


def _youth_age_index(born_year: pd.Series, year: int) -> np.ndarray:
    """:func:`youth_category` as positions in ``YOUTH_AGES`` (int64; −1 for no youth category)."""
    age = year - pd.to_numeric(born_year, errors="coerce").astype("float64").to_numpy()
    at = {n: i for i, n in enumerate(YOUTH_AGES)}
    return np.select([age <= 6, age <= 8, age <= 10, age <= 12, age <= 14],
                     [at[6], at[8], at[10], at[12], at[14]], default=-1).astype("int64")


def rated_weight(national: pd.Series, fide: pd.Series) -> pd.Series:
    """Amateur list: "el número con ELO nacional …, los jugadores con ELO FIDE se contarán por 2": 1 for a national
    rating, 2 when the player also has a FIDE rating, 0 without a national rating (ruling)."""
    nat = pd.to_numeric(national, errors="coerce").fillna(0) > 0
    fid = pd.to_numeric(fide, errors="coerce").fillna(0) > 0
    return (nat.astype("int64") * (1 + fid.astype("int64"))).astype("int64")


def title_adjustment(titled: pd.Series) -> pd.DataFrame:
    """Amateur items 2-3 per tournament from its number of titled players (FIDE or national titles):
    3+ → every score +2 and one more place with 2; 6+ → +4 and two more places with 4 and 2."""
    n = pd.to_numeric(titled, errors="coerce").fillna(0).astype("int64")
    bonus = np.select([n >= 6, n >= 3], [4.0, 2.0], default=0.0)
    extra1 = np.select([n >= 6, n >= 3], [4.0, 2.0], default=0.0)
    extra2 = np.where(n >= 6, 2.0, 0.0)
    return pd.DataFrame({"titled": n, "title_bonus": bonus, "extra1": extra1, "extra2": extra2,
                         "extra_places": np.select([n >= 6, n >= 3], [2, 1], default=0)}, index=titled.index)


def titled_players(results: pd.DataFrame) -> pd.Series:
    """Per tournament: the number of distinct players with a FIDE or national title (amateur items 2-3)."""
    t = results.loc[is_titled(results["title"]), ["tournament", "player"]]  # (only the columns it reads)
    return t.groupby("tournament")["player"].nunique()


#: The per-group columns :func:`category_points` adds (shown on the amateur/youth categorías sheet).
CATEGORY_INFO = ("position", "rated", "irt_bonus", "category", "titled", "title_bonus", "extra_places")
MEMBER_COLUMNS = ["tournament", "player", "ranking", *CATEGORY_INFO]


def _group_scores(group: np.ndarray, place: np.ndarray, weight: np.ndarray, irt_bonus: np.ndarray,
                  title_bonus: np.ndarray, extra1: np.ndarray, extra2: np.ndarray, extra_places: np.ndarray,
                  score: np.ndarray, table: PointsTable) -> dict[str, np.ndarray]:
    """The numbers of :func:`category_points` for arrays with one entry per member, vectorised over all groups.

    ``group``: an integer code per (tournament, ranking) group; ``place``: the tournament place (float);
    ``irt_bonus``, ``title_bonus``, ``extra1``, ``extra2``, ``extra_places``: per row (constant in a tournament);
    ``score``: game points (NaN when blank). Position = order by place inside the group, ties by row order
    (``rank(method="first")``). Returns position, rated, category, base, value, last, last_score, last_value,
    tied and points (one entry per row, in the input order).
    """
    n = len(group)
    rows = np.arange(n)
    order = _lex_order(group, place)  # (ties: row order)
    g = group[order]
    start = np.ones(n, dtype=bool)
    start[1:] = g[1:] != g[:-1]
    gid_sorted = np.cumsum(start) - 1
    first = np.flatnonzero(start)
    gid = np.empty(n, dtype="int64")
    gid[order] = gid_sorted
    position = np.empty(n, dtype="int64")
    position[order] = rows - first[gid_sorted] + 1
    size = np.diff(np.append(first, n))
    rated = np.bincount(gid, weights=weight, minlength=len(first)).astype("int64")[gid]
    c = (rated + irt_bonus).astype("int64")
    base = np.nan_to_num(table.points(c, position), nan=0.0)
    scoring = (c >= 1) & (position <= c)
    value = np.where(scoring, base + title_bonus, 0.0)
    value = np.where((c >= 1) & (position == c + 1), extra1, value)
    value = np.where((c >= 1) & (position == c + 2) & (extra_places >= 2), extra2, value)
    last = np.where(c >= 1, c + extra_places, 0)
    # the last scorer of each group (if the group has that many players)
    last_g = last[order[first]] if n else np.zeros(0, dtype="int64")
    has = (last_g >= 1) & (last_g <= size)
    at = order[first + np.clip(last_g, 1, size) - 1] if n else np.zeros(0, dtype="int64")
    last_score = np.where(has, score[at], np.nan)[gid] if n else np.zeros(0)
    last_value = np.where(has, value[at], np.nan)[gid] if n else np.zeros(0)
    with np.errstate(invalid="ignore"):
        tied = ((position > last) & (last >= 1) & ~np.isnan(score) & ~np.isnan(last_score)
                & (score == last_score) & (last_value > 0))
    points = np.where(tied, last_value / 2, value).astype("float64")
    return {"position": position, "rated": rated, "category": c, "base": base, "value": value, "last": last,
            "last_score": last_score, "last_value": last_value, "tied": tied, "points": points}


def _floats(values: pd.Series) -> np.ndarray:
    return pd.to_numeric(values, errors="coerce").astype("float64").to_numpy()


def _category_text(s: pd.DataFrame, table: PointsTable) -> np.ndarray:
    """The ledger text of scoring members (:func:`category_points`): ``s`` has kind (0 tied, item 5; 1 extra
    place, items 2-3; 2 a scoring place), ranking, position, category, rated, irt_bonus, titled, title_bonus,
    points, base, score, last, last_value. (Joined as Python strings, row by row: on ~100,000 distinct texts
    several times faster than adding text Series, which builds and checks a string array per ``+``.) A scoring
    place beyond the table shows how Art. 3 extends it (:meth:`PointsTable.beyond_text`)."""
    def strs(col: str, rows: np.ndarray | None = None) -> list[str]:
        v = s[col] if rows is None else s[col][rows]
        return v.astype(str).tolist()

    def pts(col: str, rows: np.ndarray) -> list[str]:
        return _fmts(s[col][rows]).tolist()

    kind = s["kind"].to_numpy()
    text = np.full(len(s), "", dtype=object)
    irt = (s["irt_bonus"] > 0).to_numpy(bool)
    bonus = (s["title_bonus"] > 0).to_numpy(bool)

    def how(rows: np.ndarray) -> list[str]:
        return [f"categoría {c} = {r} rated (FIDE-rated count twice){' + 2 IRT' if i else ''}"
                for c, r, i in zip(strs("category", rows), strs("rated", rows), irt[rows].tolist())]

    def head(rows: np.ndarray) -> list[str]:
        return [f"{k} position {p}" for k, p in zip(s["ranking"][rows].tolist(), strs("position", rows))]

    t_s, e_s, p_s = kind == 0, kind == 1, kind == 2
    if t_s.any():
        text[t_s] = [f"{h}, tied on {sc} game {'point' if sc == '1' else 'points'} with the last scorer (position "
                     f"{la}, {lv} pts): half = {p} ({w})"
                     for h, sc, la, lv, p, w in zip(head(t_s), pts("score", t_s), strs("last", t_s),
                                                    pts("last_value", t_s), pts("points", t_s), how(t_s))]
    if e_s.any():
        text[e_s] = [f"{h}: extra place for {ti} titled players = {p} ({w})"
                     for h, ti, p, w in zip(head(e_s), strs("titled", e_s), pts("points", e_s), how(e_s))]
    if p_s.any():
        titles = [f"; {ti} titled players: +{b}" if on else ""
                  for on, ti, b in zip(bonus[p_s].tolist(), strs("titled", p_s), pts("title_bonus", p_s))]
        # (one text per distinct (categoría, position) beyond the table — a few thousand — not per member text)
        beyond = table.beyond_texts(s["category"][p_s], s["position"][p_s]).tolist()
        text[p_s] = [f"{h} in {w}: {b}{x}{ti} = {p}"
                     for h, w, b, x, ti, p in zip(head(p_s), how(p_s), pts("base", p_s), beyond, titles,
                                                  pts("points", p_s))]
    return text


def category_points(members: pd.DataFrame, table: PointsTable, irt: pd.Series, titled: pd.Series,
                    rule: str = RULE_AMATEUR, group: np.ndarray | None = None,
                    suffix: np.ndarray | None = None) -> pd.DataFrame:
    """Points of one amateur band or youth category-and-rama inside a tournament (Art. 3 amateur list).

    ``members``: tournament, player, ranking, place, score, weight (see :func:`rated_weight`) — one row per
    player of each (tournament, ranking) group. ``irt``: tournament → FIDE-rated; ``titled``: tournament →
    titled players.  Per group:
    - position = order of the group's players in the tournament standings;
    - categoría c = Σ weight (+2 for an IRT, item 4); places 1..c get P(c, p) from the points table;
    - items 2-3: every scoring place + 2 (or + 4) and one (two) more places with 2 (4 and 2);
    - item 5: players tied on game score with the last scorer (after the extra places; ruling) and ranked below
      get half of the last scorer's points.
    Returns members + position, category, points, rule, detail (points 0 for non-scorers). All groups of all
    tournaments are computed at once (:func:`_group_scores`); the text is built only for the rows that score.
    ``group``: the (tournament, ranking) groups as integer codes when the caller has them (any numbering).
    ``suffix``: a text per row of ``members`` added to its detail (None: nothing), once per distinct text; a row
    that does not score gets its suffix alone.
    """
    cols = [*members.columns, *(c for c in CATEGORY_INFO if c not in members.columns), "points", "rule", "detail"]
    if members.empty:
        return pd.DataFrame(columns=cols).astype({"points": "float64"})
    m = members.copy(deep=False)  # new columns only (copy-on-write keeps ``members`` as it is)
    keys = ["tournament", "ranking"]
    m["irt_bonus"] = np.where(tmap(m["tournament"], irt).fillna(False).astype(bool), IRT_BONUS, 0)
    adj = title_adjustment(tmap(m["tournament"], titled).fillna(0))
    if group is None:
        group = _group_codes(*(m[k] for k in keys))
    num = _group_scores(group, _floats(m["place"]), m["weight"].to_numpy("int64"), m["irt_bonus"].to_numpy(),
                        adj["title_bonus"].to_numpy(), adj["extra1"].to_numpy(), adj["extra2"].to_numpy(),
                        adj["extra_places"].to_numpy(), _floats(m["score"]), table)
    m["position"] = num["position"]
    m["rated"] = num["rated"]
    m["category"] = num["category"]
    m = pd.concat([m, adj], axis=1).reset_index(drop=True)
    tied = num["tied"]
    m["points"] = num["points"]
    pos_pts = num["points"] > 0
    extra = (~tied) & (num["position"] > num["category"]) & pos_pts
    m["rule"] = np.array([rule + ", item 5", RULE_TITLES_EXTRA, rule, ""], dtype=object)[
        np.select([tied, extra, pos_pts], [0, 1, 2], default=3)]
    detail = np.full(len(m), "", dtype=object)
    if suffix is not None:  # each row's suffix as a code into its distinct texts (-1: none)
        s_code, s_uniq = pd.factorize(np.asarray(suffix, dtype=object))
        s_uniq = np.asarray(s_uniq, dtype=object)
    if pos_pts.any():
        # the text depends on no name: build it once per distinct combination of the numbers it shows
        t_s, e_s = tied[pos_pts], extra[pos_pts]
        ranking = m["ranking"][pos_pts]
        # (the ranking is the same on every row of a (tournament, ranking) group: its codes from each group's
        # first row, a hashing of the integer groups and of one name per group instead of every name)
        g_code, g_first = _first_rows(group[pos_pts])
        r_code = _dense_codes(ranking.iloc[g_first])[g_code]
        combo = {
            "kind": np.where(t_s, 0, np.where(e_s, 1, 2)), "ranking": r_code,
            **{c: m[c].to_numpy()[pos_pts] for c in ("position", "category", "rated", "irt_bonus", "titled",
                                                      "title_bonus", "points")},
            "base": num["base"][pos_pts],
            "score": np.where(t_s, _floats(m["score"])[pos_pts], 0.0),
            "last": np.where(t_s, num["last"][pos_pts], 0),
            "last_value": np.where(t_s, num["last_value"][pos_pts], 0.0)}
        if suffix is not None:  # (a code per distinct suffix text, -1 for none: grouped as a number)
            combo["suffix"] = s_code[pos_pts]
        if all(v.dtype != object for v in combo.values()):
            # numbers only: grouped as arrays, and only the shown rows made a frame (the same columns and dtypes)
            codes = _group_codes(*combo.values())
            first = _first_index(codes)  # (``_group_codes`` numbers by first appearance)
            shown = pd.DataFrame({c: v[first] for c, v in combo.items()})
        else:
            combo = pd.DataFrame(combo)
            codes = _group_codes(*(combo[c] for c in combo.columns))
            first = _first_index(codes)
            shown = combo.iloc[first].reset_index(drop=True)
        shown["ranking"] = ranking.to_numpy()[first]  # the names back, on the rows whose text is built
        texts = _category_text(shown, table)
        if suffix is not None:
            sc = shown["suffix"].to_numpy("int64")
            on = sc >= 0
            texts[on] = np.array([x + s_uniq[k] for x, k in zip(texts[on], sc[on])], dtype=object)
        detail[pos_pts] = texts[codes]
    if suffix is not None:
        alone = ~pos_pts & (s_code >= 0)  # (a row that does not score: its suffix alone, where it has one)
        detail[alone] = s_uniq[s_code[alone]]
    m["detail"] = detail
    return m[cols]


def dama_awards(band_points: pd.DataFrame) -> pd.DataFrame:
    """Dama amateur (amateur item 1) per tournament from the band points of its amateur women (``sex`` 'F').

    A woman's band points count in Dama amateur; where no woman scored in her band, the best three amateur
    women (by place) get 6, 4 and 2. Returns award rows (AWARD_COLUMNS + position) with ranking Dama amateur.
    """
    cols = [c for c in dict.fromkeys([*AWARD_COLUMNS, "sex"]) if c in band_points.columns]  # all it reads
    w = band_points.loc[band_points["sex"].eq("F").fillna(False).astype(bool).to_numpy(), cols]
    if w.empty:
        return _empty_awards()
    w["dama_position"] = w.groupby("tournament")["place"].rank(method="first").astype("int64")
    any_scored = w.groupby("tournament")["points"].transform("max") > 0
    minimum = w["dama_position"].map(DAMA_MINIMUMS).fillna(0.0)
    w["points"] = np.where(any_scored, w["points"], minimum).astype("float64")
    # each text built only for the rows that get it
    sc = any_scored.to_numpy(bool)
    text = np.empty(len(w), dtype=object)
    if sc.any():
        # one text per distinct (ranking, detail)
        pair = _group_codes(w["ranking"][sc], w["detail"][sc])
        first = _first_index(pair)  # (``_group_codes`` numbers by first appearance)
        s = w[sc].iloc[first]
        text[sc] = ("her " + s["ranking"] + " points: " + s["detail"]).to_numpy(object)[pair]
    if (~sc).any():
        text[~sc] = ("no amateur woman scored in her band: best amateur woman no. "
                     + w["dama_position"][~sc].astype(str) + " gets " + _fmts(w["points"][~sc])).to_numpy(object)
    w["detail"] = text
    w["rule"] = np.where(any_scored, w["rule"], RULE_DAMA_MIN)
    w["ranking"] = DAMA_AMATEUR
    w["position"] = w["dama_position"]
    return w[w["points"] > 0][[*AWARD_COLUMNS, "position"]].reset_index(drop=True)


_BANDS = ("", *reversed(AMATEUR_BANDS))  # band codes: 0 none, 1 Sub 1700, 2 Sub 1800, 3 Sub 2000
_NEVER = np.iinfo("int64").max


def _band_codes(national: pd.Series) -> np.ndarray:
    """:func:`rating_band` as codes into ``_BANDS``."""
    r = pd.to_numeric(national, errors="coerce").astype("float64").to_numpy()
    return np.select([np.isnan(r) | (r < 1700), r < 1800, r < 2000], [1, 2, 3], default=0).astype("int64")


def amateur_awards(results: pd.DataFrame, order: Sequence[str], targets: Mapping[str, Sequence[str]],
                   table: PointsTable, irt: pd.Series, titled: pd.Series, keep_codes: bool = False,
                   numeric_members: bool = False, t_names: Sequence[str] | None = None) -> tuple:
    """The amateur rankings (Art. 2 k; Art. 3 amateur list) with the category lock.

    ``results``: tournament, player, place, score, sex, national_rating, fide_rating; ``order``: the
    tournaments in date order; ``targets``: tournament → the rankings it feeds (a tuple of names); ``t_names``: the
    tournaments' display names in ``order``'s order, where ``order`` holds codes (the ledger names the one where a
    player's band was locked).
    "un jugador quedará para todo el año con la categoría del ELO con la que adquirió puntaje por 1a vez": the
    first tournament (by date) where a player scores in a band fixes the band for the year; until then the
    rating at each tournament decides. Returns (awards with position, members: tournament, player, ranking,
    position, band_source).

    Computed without a loop over tournaments: every tournament is scored at once with the bands a lock state
    gives (at first: each player's current band), each player's first scoring tournament gives the next lock
    state, and only the tournaments whose bands changed are scored again, until the lock state repeats. The
    result is the date-ordered one: if the lock state is right before tournament k, the scores up to k are, so
    the locks made up to k are too; each round fixes at least one more tournament and a repeated state is the
    date-ordered state.

    Where a tournament scores nobody (see below) the returned columns are of object dtype, as a concat with an
    empty frame makes them. ``keep_codes``: the tournament and player columns keep their integer dtype anyway
    (compute's codes, which it casts back to int64 at once): the sorts and copies in between stay numeric.
    ``numeric_members``: the members are returned without that empty frame (numeric columns), with a third
    value saying whether it would have made them object, for the caller to restore the output dtypes; and
    block by block — the band members, then the Dama amateur members, each block in date order — rather than
    interleaved tournament by tournament (no sort and take of every member row): compute reads them per
    (ranking, player) and per (tournament, ranking), and such a group lies in one block, in the same order.
    """
    position = {}
    for i, t in enumerate(order):
        if targets.get(t) and t not in position:
            position[t] = i
    tix_all = tmap(results["tournament"], position)
    fed_rows = np.flatnonzero(tix_all.notna().to_numpy())
    if not len(fed_rows):
        empty_members = pd.DataFrame(columns=["tournament", "player", "ranking", "position"])
        if numeric_members:
            return _empty_awards().assign(position=None), empty_members, False
        return _empty_awards().assign(position=None), empty_members
    tix = tix_all.to_numpy()[fed_rows].astype("int64")
    srt = np.argsort(tix, kind="stable")  # date order, then the rows' own order inside a tournament
    # (the rows fed and put in that order by one take: one copy of the frame, not two)
    r, tix = results.iloc[fed_rows[srt]], tix[srt]
    n_t = len(order)
    fed = np.zeros((n_t, len(_BANDS)), dtype=bool)
    dama = np.zeros(n_t, dtype=bool)
    for t, i in position.items():
        names = set(targets.get(t, ()))
        fed[i] = [b in names for b in _BANDS]
        dama[i] = DAMA_AMATEUR in names
    now = _band_codes(r["national_rating"])
    weight = rated_weight(r["national_rating"], r["fide_rating"]).to_numpy("int64")
    irt_bonus = np.where(tmap(r["tournament"], irt).fillna(False).astype(bool).to_numpy(), IRT_BONUS, 0)
    adj = title_adjustment(tmap(r["tournament"], titled).fillna(0))
    extras = [adj[c].to_numpy() for c in ("title_bonus", "extra1", "extra2", "extra_places")]
    place, score = _floats(r["place"]), _floats(r["score"])
    pcode = pd.factorize(r["player"], use_na_sentinel=False)[0]
    n_p = int(pcode.max()) + 1

    def first_scores(band: np.ndarray, scored: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per player: the first tournament (date order) where they scored in a band it feeds, and that band."""
        hits = np.flatnonzero(scored & fed[tix, band])
        # each player's first hit (rows are in date order): the smallest row, without sorting the hits
        first_row = np.full(n_p, len(tix), dtype="int64")
        np.minimum.at(first_row, pcode[hits], hits)
        players = np.flatnonzero(first_row < len(tix))
        lock_t = np.full(n_p, _NEVER, dtype="int64")
        lock_b = np.zeros(n_p, dtype="int64")
        lock_t[players] = tix[first_row[players]]
        lock_b[players] = band[first_row[players]]
        return lock_t, lock_b

    lock_t = np.full(n_p, _NEVER, dtype="int64")
    lock_b = np.zeros(n_p, dtype="int64")
    scored = np.zeros(len(r), dtype=bool)
    band_before: np.ndarray | None = None
    while True:
        locked = lock_t[pcode] < tix
        band = np.where(locked, lock_b[pcode], now)
        redo = np.ones(len(r), dtype=bool) if band_before is None else np.isin(tix, np.unique(
            tix[band != band_before]))
        rows = np.flatnonzero(redo & (band > 0))
        scored[redo] = False
        if len(rows):
            num = _group_scores(tix[rows] * len(_BANDS) + band[rows], place[rows], weight[rows], irt_bonus[rows],
                                *(x[rows] for x in extras), score[rows], table)
            scored[rows] = num["points"] > 0
        new_t, new_b = first_scores(band, scored)
        if np.array_equal(new_t, lock_t) and np.array_equal(new_b, lock_b):
            break
        lock_t, lock_b, band_before = new_t, new_b, band

    # the final scores, with their text, for every member of a band
    m = r.assign(ranking=np.asarray(_BANDS, dtype=object)[band], locked_band=locked, weight=weight)
    keep = band > 0
    m, m_tix, m_band = m[keep], tix[keep], band[keep]
    # a locked row says where the band was locked, and what the rating here would give where it differs (Art. 2 k:
    # "quedará para todo el año con la categoría del ELO con la que adquirió puntaje por 1a vez")
    shown_t = np.asarray(list(order if t_names is None else t_names), dtype=object)
    k_lock = locked[keep]
    at = np.flatnonzero(k_lock)
    k_pcode, k_now = pcode[keep][at], now[keep][at]
    l_band, l_t = lock_b[k_pcode], lock_t[k_pcode]
    # (one text per distinct (lock tournament, band, band by the rating here), taken for every row)
    key = (l_t * len(_BANDS) + l_band) * len(_BANDS) + k_now
    kc, ku = pd.factorize(key)
    ku_t, rest = np.divmod(ku, len(_BANDS) * len(_BANDS))
    ku_b, ku_now = np.divmod(rest, len(_BANDS))
    texts = np.array([f" [{_BANDS[b]} locked for the year at {shown_t[t]}, the first tournament where the player "
                      "scored (Art. 2 k)" + ("" if w == b else "; the rating here alone would give "
                                            + (_BANDS[w] if w else "no amateur band (2000 or more)")) + "]"
                      for t, b, w in zip(ku_t.tolist(), ku_b.tolist(), ku_now.tolist())], dtype=object)
    suffix = np.full(int(keep.sum()), None, dtype=object)
    suffix[at] = texts[kc]
    # the row that locks it: the player's first points in a band (the tournament and band of the lock)
    k_first = ~k_lock & (lock_t[pcode[keep]] == m_tix) & (lock_b[pcode[keep]] == m_band)
    first_text = np.array([f" [first points in an amateur band: {b} locked for the rest of the year (Art. 2 k)]"
                           for b in _BANDS], dtype=object)
    suffix[k_first] = first_text[m_band[k_first]]
    pts = category_points(m, table, irt, titled, group=m_tix * len(_BANDS) + m_band, suffix=suffix)
    in_fed = fed[m_tix, m_band]
    bands = pts[in_fed]
    scored_rows = bands[bands["points"] > 0]
    awards = [scored_rows[[*AWARD_COLUMNS, "position"]]]
    members = [bands[MEMBER_COLUMNS]]
    member_t = [m_tix[in_fed]]
    if dama.any():
        with_dama = dama[m_tix]
        d_pts = pts[with_dama]
        women = d_pts[d_pts["sex"].eq("F").fillna(False).astype(bool)]
        awards.append(dama_awards(d_pts))
        members.append(women.assign(ranking=DAMA_AMATEUR, position=women.groupby("tournament")["place"].rank(
            method="first").astype("int64"))[["tournament", "player", "ranking", "position"]])
        women_t = tmap(women["tournament"], position).to_numpy("int64")
        member_t.append(women_t)
        # a tournament feeding Dama amateur without any amateur woman adds an empty award frame (as dtypes go)
        if not np.isin(np.intersect1d(np.flatnonzero(dama), tix), women_t).all():
            awards.append(_empty_awards())
    # a tournament whose players are all rated 2000 or more scored nobody (an empty frame of object columns)
    object_members = not np.isin(np.unique(tix), m_tix).all()
    if object_members:
        empty = category_points(m.iloc[:0], table, irt, titled)
        awards.append(empty[[*AWARD_COLUMNS, "position"]])
        if not numeric_members:
            members.append(empty[MEMBER_COLUMNS])
            member_t.append(np.zeros(0, dtype="int64"))
    codes = ("tournament", "player") if keep_codes else ()
    a = _concat_keeping(awards, codes)
    mem = _concat_keeping(members, codes)
    if not numeric_members:
        # the members in date order: each tournament's band members, then its Dama amateur members
        t_key = np.concatenate(member_t)
        block = np.concatenate([np.full(len(x), i) for i, x in enumerate(members)])
        mem = mem.iloc[_stable_argsort(t_key * len(members) + block)].reset_index(drop=True)  # (= the lexsort)
    a["points"] = a["points"].astype("float64")
    if numeric_members:
        return one_score_pos(a), mem, object_members
    return one_score_pos(a), mem


def _concat_keeping(frames: list[pd.DataFrame], keep: Sequence[str]) -> pd.DataFrame:
    """``pd.concat(frames, ignore_index=True)``, except that each ``keep`` column is joined from the frames that
    have rows only, when they all hold it with one integer dtype: an empty frame of object columns would make it
    object, with the same values."""
    full = [f for f in frames if len(f)]
    keep = [c for c in keep if full and all(c in f.columns for f in full)
            and len({f[c].dtype for f in full}) == 1 and full[0][c].dtype.kind in "iu"]
    if not keep:
        return pd.concat(frames, ignore_index=True)
    out = pd.concat([f.drop(columns=[c for c in keep if c in f.columns]) for f in frames], ignore_index=True)
    cols = list(dict.fromkeys(c for f in frames for c in f.columns))  # the concat's column order
    for c in sorted(keep, key=cols.index):
        out.insert(cols.index(c), c, np.concatenate([f[c].to_numpy() for f in full]))
    return out


def youth_awards(results: pd.DataFrame, targets: Mapping[str, Sequence[str]], year: int, table: PointsTable,
                 irt: pd.Series, titled: pd.Series) -> tuple[pd.DataFrame, pd.DataFrame]:
    """Sub-14 youth rankings (Art. 2 l, m; Art. 3 amateur list): per tournament, age category (exclusive: a
    player playing up scores only in their own age category) and rama (a girl is in both); same categoría,
    IRT, titles and item 5 rules. Returns (awards with position, members)."""
    empty = pd.DataFrame(columns=["tournament", "player", "ranking", "position"])
    if results.empty:
        return _empty_awards().assign(position=None), empty
    r = results.copy()
    # the age category as its position in YOUTH_AGES (−1: none), the names from it (= youth_category)
    age_ix = _youth_age_index(r["born_year"], year)
    r["age_category"] = pd.Series(np.array([*(f"Sub {n}" for n in YOUTH_AGES), ""], dtype=object)[age_ix],
                                  index=r.index, dtype=object)
    r = r[age_ix >= 0]
    age_ix = age_ix[age_ix >= 0]
    r["weight"] = rated_weight(r["national_rating"], r["fide_rating"])
    # the rankings as positions in YOUTH_NAMES (age i, rama j → 2 i + j): every player in the Absoluto of
    # their age category, a girl in its Femenino too; only the pairs a tournament feeds are kept (as a merge
    # with the (tournament, ranking) pairs of ``targets``, in the rows' order)
    age_at = 2 * age_ix
    girl = r["sex"].eq("F").fillna(False).astype(bool).to_numpy()
    rows = np.concatenate([np.arange(len(r)), np.flatnonzero(girl)])
    rk = np.concatenate([age_at, age_at[girl] + 1])
    tcode, t_u = factorize_runs(r["tournament"].to_numpy()[rows], use_na_sentinel=False)
    allowed = np.zeros((len(t_u), len(YOUTH_NAMES)), dtype=bool)
    for i, t in enumerate(t_u):
        names = set(targets.get(t, ()))
        allowed[i] = [n in names for n in YOUTH_NAMES]
    keep = allowed[tcode, rk]
    m = r.take(rows[keep]).reset_index(drop=True)
    m["ranking"] = pd.Series(np.asarray(YOUTH_NAMES, dtype=object)[rk[keep]], dtype=object)  # as the text sum
    # each row names the age that put it in its category (the ruling: exclusive by age, Art. 2 m), one text per
    # distinct (birth year, category)
    by = pd.to_numeric(m["born_year"], errors="coerce").to_numpy(dtype="float64")
    cat_ix = age_ix[rows[keep]]
    b_code, b_u = pd.factorize(np.where(np.isnan(by), -1, by).astype("int64") * len(YOUTH_AGES) + cat_ix)
    b_text = np.array([f" [born {k // len(YOUTH_AGES)}: Sub {YOUTH_AGES[k % len(YOUTH_AGES)]} by age, exclusive "
                       "(ruling on Art. 2 m)]" for k in b_u.tolist()], dtype=object)
    pts = category_points(m, table, irt, titled, group=tcode[keep] * len(YOUTH_NAMES) + rk[keep],
                          suffix=b_text[b_code])
    awards = pts[pts["points"] > 0][[*AWARD_COLUMNS, "position"]].reset_index(drop=True)
    awards["points"] = awards["points"].astype("float64")
    return awards, pts[MEMBER_COLUMNS]


def one_score_pos(awards: pd.DataFrame) -> pd.DataFrame:
    """:func:`one_score` keeping the position column."""
    if awards.empty:
        return awards
    return _first_per_key(awards).reset_index(drop=True)
