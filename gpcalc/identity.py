"""Players across tournaments: one key per person, the register winning over tournament rows.

Identity is by ID when given, else by normalised name (case, accents, extra spaces ignored; "Smith, John" =
"John Smith"). A name-only row takes the ID that name has elsewhere when exactly one is known. Likely duplicates
(one name with several IDs, one ID with several names, near-identical names without IDs) are warnings naming
both spellings — never merged silently.
"""

from __future__ import annotations

import difflib
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from .formats import SEASON_FILE
from .issues import flagged_rows
from .parse import normalise_name
from .standings import factorize_runs

if TYPE_CHECKING:
    from .season import Season

BASE_FIELDS = ("name", "sex", "born_year", "born_date")


_MEMO: dict[str, str] = {}  # normalised spellings, shared by the checks and resolve() within one run


def remember(known: object) -> int:
    """Take spellings normalised in an earlier run (a dict from gpcalc.cache: normalise_name is the same
    function there, the cache key carries gpcalc's code fingerprint); returns how many spellings are known."""
    if isinstance(known, dict):
        _MEMO.update(known)
    return len(_MEMO)


def known() -> dict[str, str]:
    """The spellings normalised so far (to cache for the next run)."""
    return _MEMO


def normalised(values: np.ndarray) -> np.ndarray:
    """normalise_name of each value ("" for a blank or anything not text), worked out once per distinct value
    from the run's memo of spellings (`gpcalc explain` over a season's ledger: hundreds of thousands of rows, a
    few thousand names)."""
    codes, uniques = pd.factorize(np.asarray(values, dtype=object))
    spellings = uniques.tolist()
    memo = _remembered(n for n in spellings if isinstance(n, str))
    out = [memo[n] if isinstance(n, str) else "" for n in spellings]
    return np.array([*out, ""], dtype=object)[codes]  # (a blank's code, -1: the last, "")


def _remembered(spellings) -> dict[str, str]:
    """The run's memo, holding normalise_name of each of `spellings` (texts). A long-lived process does not keep
    every spelling it met: past 2 M the memo starts again."""
    if len(_MEMO) > 2_000_000:
        _MEMO.clear()
    memo = _MEMO
    for n in spellings:
        if n not in memo:
            memo[n] = normalise_name(n)
    return memo


def _norms(names: pd.Series) -> pd.Series:
    """normalise_name over a column, computed once per distinct spelling."""
    memo = _remembered(pd.unique(names.dropna()))
    if not memo:
        return names.map(memo)
    # (what names.map(memo) gives — but that turns the whole memo, every spelling of the season and of earlier
    # builds, into a Series on each call; here each row looks its name up)
    return pd.Series([memo.get(v) for v in names.to_numpy(dtype=object).tolist()], index=names.index,
                     dtype="str", name=names.name)


def resolve(season: Season, pairs: tuple[np.ndarray, pd.DataFrame] | None = None) -> None:
    """Give every result row and register row its `player` key (and the register's fields); the warnings above.
    `pairs`: :func:`pairs_of` the results, when the caller already has it (the same rows, names and IDs)."""
    r, reg, issues = season.results, season.players, season.issues
    for frame in (r, reg):
        for col in ("name", "id"):
            if col not in frame.columns:
                frame[col] = pd.Series(dtype="object")
            frame[col] = frame[col].astype("object")
    if r.empty:
        r["player"] = pd.Series(dtype="object")
    # Everything that depends only on a row's (name, ID) is worked out once per distinct pair (`u`, in order of
    # first appearance, so "the first row with …" is the first pair with it) and taken back to the rows by code.
    if pairs is None:
        pair, u = pairs_of(r)
    else:  # made before the columns became object: the same codes; the distinct pairs as object too
        pair, u = pairs[0], pairs[1].astype({"name": "object", "id": "object"})
    u["_norm"] = _norms(u["name"])
    r["_norm"] = _take(u["_norm"], pair, r.index)
    reg = reg.copy()
    reg["_norm"] = _norms(reg["name"].astype("object")) if len(reg) else pd.Series(dtype="object")

    # Every (norm, id) pair known anywhere → which names map to exactly one ID.
    pairs = pd.concat([u[["_norm", "id", "name"]], reg[["_norm", "id", "name"]]], ignore_index=True)
    with_id = pairs[pairs["id"].notna() & pairs["_norm"].notna()]
    # each distinct (name, ID) pair once, at its first appearance: the counts below are its group sizes
    with_id = with_id.drop_duplicates(["_norm", "id"])
    ids_per_norm = with_id.groupby("_norm").size()
    single = with_id.drop_duplicates("_norm").set_index("_norm")["id"]
    single = single[ids_per_norm[single.index] == 1]

    u_player, u_key_id = _keys(u["id"], u["_norm"], single)
    r["player"], key_id = _take(u_player, pair, r.index), _take(u_key_id, pair, r.index)
    # players as codes (in order of first appearance, like the pairs)
    player_of_pair, players = pd.factorize(u_player.to_numpy(), use_na_sentinel=False)
    player = player_of_pair[pair]
    season.scratch["player_codes"] = player  # (each row's player as an integer code: season._resolved_duplicates)
    if len(reg):
        reg["player"], _ = _keys(reg["id"], reg["_norm"], single)
        dup_reg = reg["player"].duplicated(keep="first")
        for row in flagged_rows(reg, dup_reg):
            issues.error("duplicate-register", f"{row.name} ({row.id or 'no ID'}) is in the register twice",
                         hint="keep one row per player in the Players sheet", **season.where(row, "name"))
        reg = reg[~dup_reg]
    else:
        reg["player"] = pd.Series(dtype="object")

    # Warnings: one name, several IDs.
    multi = ids_per_norm[ids_per_norm > 1].index
    listed_ids = _first_per(with_id, "_norm", "id", multi)
    for norm in sorted(multi):
        listed = "; ".join(f"'{n}' (ID {i})" for i, n in listed_ids[norm].items())
        issues.warning("same-name-different-ids", f"players with the same name have different IDs: {listed}",
                       hint="if they are one person, correct the ID; if not, nothing to do")
    # One ID, several really different names.
    names_per_id = with_id.groupby("id").size()
    shared = names_per_id[names_per_id > 1].index
    listed_names = _first_per(with_id, "id", "_norm", shared)
    for pid in sorted(shared):
        issues.warning("same-id-different-names", f"ID {pid} is used for different names: "
                       + " / ".join(f"'{n}'" for n in listed_names[pid].values()),
                       hint="check the ID; the register's spelling is used where the player is in it")
    # A row without an ID whose name has several IDs elsewhere: it can take none of them — another player
    ambiguous = u["id"].isna().to_numpy() & u["_norm"].isin(multi).to_numpy()
    if ambiguous.any():
        ids_of = with_id.groupby("_norm")["id"].agg(lambda v: ", ".join(map(str, v)))
        rows = r[ambiguous[pair]].drop_duplicates(["_norm", "file"])
        for norm, row in zip(rows["_norm"], rows.itertuples()):
            issues.warning("name-without-id", f"{row.name} has no ID here, and players of this name have the IDs "
                           f"{ids_of[norm]}: counted as a player of its own", hint="write the player's ID",
                           **season.where(row, "id"))
    _near_duplicates(season, u, u_key_id.isna(), with_ids=pairs[pairs["id"].notna()])
    _ids_that_are_names(season, u, pair, r, reg)

    # The register wins for identity fields; disagreements are warnings.
    fields = [c for c in (*BASE_FIELDS, *season.circuit.identity_columns) if c in r.columns and c in reg.columns]
    if len(reg) and fields:
        # merged once per player, then taken to the rows (the register has one row per player)
        merged = pd.DataFrame({"player": players}).merge(reg[["player", *fields, "_norm"]], on="player",
                                                         how="left", suffixes=("", "_reg"))
        merged = merged.take(player)
        merged.index = r.index
        for f in fields:
            regv = merged[f]
            has = regv.notna()
            if f == "name":
                differ = has & r["name"].notna() & (r["_norm"] != merged["_norm"])
            else:
                mine, theirs = r[f], regv
                if mine.dtype != theirs.dtype or mine.dtype.kind not in "iufMb":  # compare as Python values
                    mine, theirs = mine.astype("object"), theirs.astype("object")
                differ = has & mine.notna() & (mine != theirs)
            if differ.any():
                first = r[differ].drop_duplicates("player")
                for idx, row in first.iterrows():
                    issues.warning("register-differs", f"{row['name']}: {f.replace('_', ' ')} here is "
                                   f"'{_show(row[f])}' but the Players register says '{_show(regv[idx])}'; "
                                   "the register is used", hint="correct whichever is wrong",
                                   **season.where(row, "born" if f in ("born_date", "born_year") else f))
            if f == "born_date" and "born_year" in fields:
                # a birth is one field: where the register gives only a year and the row's date is of another
                # year, the register's bare year wins and the row's date goes too (a date in the register's
                # year agrees with it and stays: it is the more exact of the two)
                reg_year = merged["born_year"].to_numpy(dtype="float64", na_value=np.nan)
                row_year = r[f].dt.year.to_numpy(dtype="float64", na_value=np.nan)
                stale = ~has.to_numpy() & ~np.isnan(reg_year) & ~np.isnan(row_year) & (row_year != reg_year)
                if stale.any():
                    r[f] = r[f].mask(stale)
            r[f] = regv.where(has, r[f]) if f != "name" else regv.where(has, r[f])
    _one_birth_and_sex(season, r, player)
    # One display name per player: the register's, else the first spelling seen; the ID: the first given (what
    # Series.map of the first row per player gives, looked up by player code).
    if r.empty:  # (the dtypes Series.map gives an empty frame)
        first_name = r[["player", "name"]].drop_duplicates("player").set_index("player")["name"]
        r["name"] = r["player"].map(first_name)
        first_id = r.loc[r["id"].notna(), ["player", "id"]].drop_duplicates("player").set_index("player")["id"]
        r["id"] = r["player"].map(first_id).where(lambda s: s.notna(), key_id)
    else:
        first_row = np.flatnonzero(~pd.Series(player).duplicated().to_numpy())  # in player-code order
        r["name"] = pd.Series(_take_fill(r["name"].iloc[first_row], player), index=r.index, copy=False)
        # the first ID given per player: the first pair with an ID, per player
        first_pair = np.flatnonzero(u["id"].notna().to_numpy())
        first_pair = first_pair[~pd.Series(player_of_pair[first_pair]).duplicated().to_numpy()]
        lookup = np.full(len(players), -1, dtype=np.intp)
        lookup[player_of_pair[first_pair]] = np.arange(len(first_pair))
        first_id = _take_fill(u["id"].iloc[first_pair], lookup[player])
        r["id"] = pd.Series(first_id, index=r.index, copy=False).where(lambda s: s.notna(), key_id)
    season.results = r.drop(columns="_norm")
    season.players = reg.drop(columns="_norm")


def _first_per(frame: pd.DataFrame, by: str, other: str, wanted: pd.Index) -> dict:
    """For each `by` value in `wanted`: {`other` value: name}, the first row of each `other` value in the frame's
    order — what ``frame[frame[by] == value].drop_duplicates(other)`` gives, for all the values in one pass."""
    out: dict = {}
    if not len(wanted):
        return out
    sel = frame[frame[by].isin(wanted)]
    for key, value, name in zip(sel[by].tolist(), sel[other].tolist(), sel["name"].tolist()):
        out.setdefault(key, {}).setdefault(value, name)
    return out


def _first_rows(player: np.ndarray, mask: np.ndarray, n_players: int) -> np.ndarray:
    """Per player code: the first row (in the rows' order) where `mask` holds, -1 where none does."""
    rows = np.flatnonzero(mask)
    out = np.full(n_players, -1, dtype=np.int64)
    first = ~pd.Series(player[rows]).duplicated().to_numpy()  # (hashing: no sort of the rows)
    out[player[rows[first]]] = rows[first]
    return out


def _one_birth_and_sex(season: Season, r: pd.DataFrame, player: np.ndarray) -> None:
    """A player's sex and birth are facts about the person, the same in every tournament: the register's (already
    on the rows), else the first row that gives them, in the season's order. A row that leaves them blank takes
    them (a girl's blank Sex in one GPT, a junior's blank Born in one event); a row that gives another value is
    warned at its cell (`player-rows-differ`) and takes the first one too. A birth is one field: a bare year and
    a full date of that year agree, and the date, the more exact, is used for every row."""
    n = len(r)
    if not n:
        return
    # a row with neither a name nor an ID (its Name cell blank, or the whole column missing: an error of its own)
    # is nobody in particular: a player of its own here, never compared with other such rows
    anon = (r["name"].isna() & r["id"].isna()).to_numpy(bool)
    if anon.any():
        player = player.copy()
        player[anon] = int(player.max()) + 1 + np.arange(int(anon.sum()))
    n_players = int(player.max()) + 1
    at = np.arange(n)

    def first_bad(bad: np.ndarray) -> np.ndarray:
        """The first offending row of each player."""
        rows = _first_rows(player, bad, n_players)
        return rows[rows >= 0]

    def report(rows: np.ndarray, source: np.ndarray, what: str, key: str, shown) -> None:
        for i in rows.tolist():
            j = int(source[player[i]])
            row, other = r.iloc[i], r.iloc[j]
            season.issues.warning(
                "player-rows-differ", f"{row['name']}: {what} here is '{shown(i)}' but '{shown(j)}' in "
                f"{other['file']}; the first given, '{shown(j)}', is used in every tournament",
                hint=f"correct whichever is wrong, or give the player's {what} in the Players register",
                **season.where(row, key))

    def one_value(col: str, what: str, shown) -> None:
        """A column of plain values: the first given per player, for every row of the player."""
        codes = pd.factorize(r[col].to_numpy(dtype=object))[0]
        src = _first_rows(player, codes >= 0, n_players)
        chosen = src[player]
        known = chosen >= 0
        differ = known & (codes >= 0) & (codes != codes[np.where(known, chosen, at)])
        if differ.any():
            values = r[col].to_numpy(dtype=object)
            report(first_bad(differ), src, what, col, lambda i: shown(values[i]))
        if (known & (codes != codes[np.where(known, chosen, at)])).any():
            r[col] = r[col].take(np.where(known, chosen, at)).set_axis(r.index)

    if "sex" in r.columns:
        one_value("sex", "sex", str)
    for col in season.circuit.person_columns:  # (e.g. ACF's Junior column: a person is a junior all season)
        if col in r.columns:
            one_value(col, col.replace("_", " "), lambda v: {True: "Yes", False: "No"}.get(v, str(v)))
    if "born_year" in r.columns:
        year = r["born_year"].to_numpy(dtype="float64", na_value=np.nan)
        has_date = r["born_date"].notna().to_numpy(bool) if "born_date" in r.columns else np.zeros(n, dtype=bool)
        src = _first_rows(player, ~np.isnan(year), n_players)
        chosen = src[player]
        known = chosen >= 0
        take_year = np.where(known, chosen, at)
        agree = known & (year == year[take_year])
        date_src = _first_rows(player, agree & has_date, n_players)  # the first full date of the chosen year
        take_date = np.where(known & (date_src[player] >= 0), date_src[player], np.where(known, -1, at))
        differ = known & ~np.isnan(year) & (year != year[take_year])
        if "born_date" in r.columns:
            dates = r["born_date"].to_numpy()
            ref = np.where(take_date >= 0, take_date, at)
            differ |= has_date & (take_date >= 0) & (dates != dates[ref])
        if differ.any():
            shown_dates = r["born_date"] if "born_date" in r.columns else None

            def born(i: int) -> str:
                if shown_dates is not None and pd.notna(shown_dates.iloc[i]):
                    return shown_dates.iloc[i].date().isoformat()
                return str(int(year[i]))

            report(first_bad(differ), np.where(date_src >= 0, date_src, src), "born", "born", born)
        r["born_year"] = r["born_year"].take(take_year).set_axis(r.index)
        if "born_date" in r.columns:
            filled = r["born_date"].take(np.where(take_date >= 0, take_date, at)).set_axis(r.index)
            r["born_date"] = filled.mask(take_date < 0)


def pairs_of(r: pd.DataFrame) -> tuple[np.ndarray, pd.DataFrame]:
    """Each row's code of its distinct (name, id) pair, and the pairs (in order of first appearance, 0 … n-1);
    made once per season load and shared by the season's checks and :func:`resolve`."""
    names, ids = r["name"], r["id"]
    nc, nu = pd.factorize(names.to_numpy(), use_na_sentinel=False)
    ic, iu = pd.factorize(ids.to_numpy(), use_na_sentinel=False)
    width = max(len(nu), 1)
    pair, combos = pd.factorize(ic.astype(np.int64) * width + nc, use_na_sentinel=False)
    u = pd.DataFrame({"name": pd.Series(np.asarray(nu, dtype=object)[combos % width], dtype=names.dtype),
                      "id": pd.Series(np.asarray(iu, dtype=object)[combos // width], dtype=ids.dtype)})
    return pair, u


def _take_fill(values: pd.Series, codes: np.ndarray):
    """values' array at `codes`, -1 giving a blank (pandas' public take, the column's dtype kept)."""
    return pd.api.extensions.take(values.array, codes, allow_fill=True)


def _take(values: pd.Series, codes: np.ndarray, index: pd.Index) -> pd.Series:
    """values[codes] as a Series on `index` (values' dtype kept)."""
    return pd.Series(values.to_numpy()[codes], index=index, dtype=values.dtype)


def _keys(ids: pd.Series, norms: pd.Series, single: pd.Series) -> tuple[pd.Series, pd.Series]:
    """'id:<ID>' when the row has an ID or its name has exactly one ID elsewhere; else 'name:<normalised>'.
    Also the ID each key stands for (NaN for name keys)."""
    key_id = ids.astype("object").where(ids.notna(), norms.map(single).astype("object"))
    out = np.where(key_id.notna(), "id:" + key_id.astype(str), "name:" + norms.astype(str))
    return pd.Series(out, index=ids.index, dtype="object"), key_id


def _show(v) -> str:
    if isinstance(v, pd.Timestamp):
        return v.date().isoformat()
    return str(v)


_NAME_SHAPE = r"[^\W\d_]{2,}(?:[ ,.'-]+[^\W\d_]+)+\.?"  # two or more words of letters, no digit
# what people type for "no ID" (with IDs of no letter or digit, "-", "?", and of zeros only, "0", "000")
PLACEHOLDER_IDS = {"n/a", "na", "n.a.", "none", "no id", "noid", "sin id", "sin cédula", "sin cedula", "ninguno",
                   "ninguna", "tba", "tbc", "tbd", "pending", "unknown", "not rated", "unrated", "new", "nuevo",
                   "ny", "ny spiller", "ukendt", "ingen", "mangler", "nil", "null", "xxx", "x"}


def _placeholders(values: pd.Series) -> np.ndarray:
    """Which texts say "no ID": stripped and casefolded, one of PLACEHOLDER_IDS, without any letter or digit
    ("-", "?"), or zeros only ("0", "000") — over a column at once (a word character other than "_" is what
    ``str.isalnum`` accepts: Unicode's letters and digits)."""
    t = values.str.strip().str.casefold()
    no_alnum = ~t.str.contains(r"[^\W_]", regex=True)
    return (t.isin(PLACEHOLDER_IDS) | no_alnum | t.str.strip("0").eq("")).to_numpy(bool)


def blank_placeholder_ids(season: Season) -> None:
    """IDs that say "no ID" ("n/a", "sin ID", "TBA", "-", "0") are read as blank — identity then goes by the name,
    as for a blank cell — and said once per spelling at its first cell (`id-placeholder`): kept, every row with
    such an "ID" would be one player. Before every check that compares IDs (duplicates, the register)."""
    said: set[str] = set()
    for frame in (season.players, season.results):
        if not len(frame) or "id" not in frame.columns:
            continue
        ids = frame["id"]
        given = ids.notna().to_numpy(bool)
        if not given.any():
            continue
        # (tested once per distinct ID as typed: a season has ~10 rows per ID)
        uniq = pd.unique(ids.to_numpy(dtype=object)[given])
        bad = uniq[_placeholders(pd.Series(uniq, dtype=object).astype(str))].tolist()
        if not bad:
            continue
        hit = given & ids.isin(bad).to_numpy(bool)
        # each placeholder's first row, in the order they first appear (one message per spelling, not per row)
        rows_hit = np.flatnonzero(hit)
        _, first = np.unique(ids.to_numpy(dtype=object)[rows_hit].astype(str), return_index=True)
        for at in sorted(rows_hit[first].tolist()):
            value = str(ids.iloc[at])
            key = value.strip().casefold()
            if key in said:
                continue
            said.add(key)
            row = frame.iloc[at]
            season.issues.warning("id-placeholder", f"{row['name']}: the ID is '{value}', which is no ID — read as "
                                  "blank (the player is told apart by name)", hint="leave the ID blank when the "
                                  "player has none", **season.where(row, "id"))
        frame["id"] = ids.mask(pd.Series(hit, index=frame.index))


START_NUMBERS_FROM = 4  # a tournament of at least this many players whose "IDs" are exactly 1 … n


def blank_start_numbers(season: Season, pairs: tuple[np.ndarray, pd.DataFrame]) -> bool:
    """A tournament of n ≥ 4 players whose IDs are exactly 1, 2 … n — over the tournament, or in each of its
    sections or groups — has start numbers in its ID column (an organiser's "Nr" column, or the ID column filled
    with them): kept, player 5 of every tournament would be one person. Read as blank — identity goes by the
    name — and said once per tournament at its first ID cell (`id-start-numbers`). Not when the register typed
    in season.xlsx holds those IDs (a coordinator may number players 1, 2, 3 …; a rating list's rows do not count).
    `pairs`: :func:`pairs_of` the results (each distinct ID's number is read once). True when IDs were blanked
    (the pairs are then out of date)."""
    r = season.results
    if not len(r) or "tournament" not in r.columns:
        return False
    pair, u = pairs
    number = pd.to_numeric(u["id"].astype("object"), errors="coerce").to_numpy("float64", na_value=np.nan)
    small = (number >= 1) & (number <= 99_999) & (number == np.floor(number))
    if not small.any():
        return False
    value = np.where(small, number, 0).astype(np.int64)[pair]  # per row (a blank ID, a text ID: 0)
    tc = factorize_runs(r["tournament"].to_numpy(), use_na_sentinel=False)[0].astype(np.int64)
    season.scratch["tournament_codes"] = tc  # (the same rows' codes: season._common_checks takes them)
    n_t = int(tc.max()) + 1
    size = np.bincount(tc, minlength=n_t)
    top = np.zeros(n_t, dtype=np.int64)
    np.maximum.at(top, tc, value)
    # (what both readings below need: every row numbered, no number above the tournament's size)
    maybe = (np.bincount(tc, weights=value > 0, minlength=n_t) == size) & (top <= size) & \
        (size >= START_NUMBERS_FROM)
    if not maybe.any():
        return False
    at = np.flatnonzero(maybe[tc])
    # numbered 1 … n over the whole tournament, or 1 … n in each of its sections or groups (numbered per group)
    whole = _numbered_one_to_n(tc[at], value[at], n_t)
    for col in [c for c in ("section", "group") if c in r.columns]:
        gc = pd.factorize(pd.MultiIndex.from_arrays([tc[at], r[col].to_numpy(object)[at]]),
                          use_na_sentinel=False)[0]
        g_ok = _numbered_one_to_n(gc, value[at], int(gc.max()) + 1)
        whole |= maybe & (np.bincount(tc[at], weights=~g_ok[gc], minlength=n_t) == 0)  # (every group from 1)
    hit_t = np.flatnonzero(whole).tolist()
    if not hit_t:
        return False
    ids = r["id"]
    reg = season.players
    if len(reg) and "file" in reg.columns:  # (the coordinator's own rows: not those a rating list added)
        reg = reg[reg["file"].eq(SEASON_FILE).to_numpy(bool)]
    in_reg = set(reg["id"].dropna().astype(str).str.strip()) if len(reg) and "id" in reg.columns else set()
    hit = np.zeros(n_t, dtype=bool)
    for t in hit_t:
        rows = np.flatnonzero(tc == t)
        if in_reg and all(str(v).strip() in in_reg for v in ids.iloc[rows].tolist()):
            continue
        hit[t] = True
        n = int(size[t])
        part = next((c for c in ("section", "group") if c in r.columns), "section")
        numbers = f"1 to {n}, one per player" if int(top[t]) == n else f"1, 2, 3 … in each {part}"
        season.issues.warning("id-start-numbers", f"the IDs of this tournament are {numbers}: start numbers, not "
                              "players' IDs — read as blank (players are told apart by name)",
                              hint="write the players' rating IDs in the ID column (or leave it blank); a "
                              "start-number column can go, or be headed e.g. 'Start no.'",
                              **season.where(r.iloc[rows[0]], "id"))
    if not hit.any():
        return False
    r["id"] = ids.mask(pd.Series(hit[tc], index=r.index))
    return True


def _numbered_one_to_n(group: np.ndarray, value: np.ndarray, n: int) -> np.ndarray:
    """Per group code: its rows' values are exactly 1 … (its number of rows), each once (0: not a number)."""
    size = np.bincount(group, minlength=n)
    numbered = np.bincount(group, weights=value > 0, minlength=n)
    top = np.zeros(n, dtype=np.int64)
    np.maximum.at(top, group, value)
    # every row numbered, the largest number the group's size: then 1 … n exactly when no number repeats
    ok = (numbered == size) & (top == size) & (size > 0)
    if ok.any():
        rows = ok[group]
        distinct = pd.DataFrame({"g": group[rows], "v": value[rows]}).drop_duplicates().groupby("g").size()
        ok[:] = False
        ok[distinct.index[distinct.to_numpy() == size[distinct.index]]] = True
    return ok


def _ids_that_are_names(season: Season, u: pd.DataFrame, pair: np.ndarray, r: pd.DataFrame,
                        reg: pd.DataFrame) -> None:
    """A warning for an ID cell holding a player's name ("Jensen, Anne" in the ID column: a name typed one cell
    to the right, or pasted over a column): IDs are taken as typed (they may hold letters), so the rows of that
    "ID" are one player whatever their names. Said once per ID, at its first cell (the register's, if there).
    `u`: the distinct (name, ID) pairs of the result rows `r` (`pair`: each row's position in `u`). Python runs
    only over the distinct IDs without a digit (names have none). (Placeholders — "n/a" — were read as blank
    before: :func:`blank_placeholder_ids`.)"""
    norms = set(u["_norm"].dropna().tolist()) | set(reg["_norm"].dropna().tolist())
    said: set[str] = set()
    for frame, rows_of in ((reg, None), (u, pair)):
        if not len(frame):
            continue
        texts = frame["id"].astype(object).where(frame["id"].notna(), "").astype(str)
        digitless = (texts.ne("") & ~texts.str.contains(r"\d", regex=True)).to_numpy(bool)
        if not digitless.any():
            continue
        first_row = None
        if rows_of is not None:  # each pair's first result row
            first_row = np.full(len(frame), -1, dtype=np.int64)
            first_row[rows_of[::-1]] = np.arange(len(rows_of) - 1, -1, -1)
        cand = texts[digitless]
        shaped = cand.str.fullmatch(_NAME_SHAPE).to_numpy(bool)
        for at, value, shape in zip(np.flatnonzero(digitless).tolist(), cand.tolist(), shaped.tolist()):
            if value in said or not (shape or normalise_name(value) in norms):
                continue
            said.add(value)
            row = frame.iloc[at] if first_row is None else r.iloc[int(first_row[at])]
            season.issues.warning("id-is-a-name", f"{row['name']}: the ID is '{value}', which looks like a name — "
                                  "a name in the ID column? Rows with this ID are taken as one player",
                                  hint="write the player's ID (digits as in the rating list), or leave the ID blank",
                                  **season.where(row, "id"))


def _near_duplicates(season: Season, r: pd.DataFrame, by_name: pd.Series, limit: int = 200,
                     with_ids: pd.DataFrame | None = None) -> None:
    """Near-identical names of different players (a typo apart): each spelling without an ID against the other
    such spellings and against the spellings that have an ID (in the results or the register: `with_ids`, columns
    _norm, id, name), compared within blocks of the same initials. `by_name`: the rows whose player key is their
    name. (Two spellings that both have IDs are two IDs: not compared here.)"""
    names = r.loc[by_name & r["_norm"].notna(), ["_norm", "name"]].drop_duplicates("_norm")  # (a blank name:
    names = names.assign(id=None)  # an error already, no spelling to compare)
    if with_ids is not None and len(names):
        known = with_ids[with_ids["_norm"].notna() & ~with_ids["_norm"].isin(names["_norm"])]
        names = pd.concat([names, known[["_norm", "name", "id"]].drop_duplicates("_norm")], ignore_index=True)
    if len(names) < 2:
        return
    # blocks of the same initials (plain lists: thousands of blocks, most holding no spelling without an ID)
    all_norms, all_shown = names["_norm"].tolist(), names["name"].tolist()
    all_ids = [None if x is None or x != x else x for x in names["id"].tolist()]
    blocks: dict[str, list[int]] = {}
    for k, n in enumerate(all_norms):
        blocks.setdefault("".join(sorted(w[0] for w in n.split()))[:3], []).append(k)
    # the pairs worth a look, block by block (in the order the spellings were seen, as before: the first, then the
    # second), as positions in `names`
    firsts: list[int] = []
    seconds: list[int] = []
    for block in sorted(blocks):
        members = blocks[block]
        if len(members) < 2 or len(members) > 400 or all(all_ids[k] is not None for k in members):
            continue
        free = [k for k, m in enumerate(members) if all_ids[m] is None]  # without an ID: one side of each pair
        for p, q in sorted({(min(f, k), max(f, k)) for f in free for k in range(len(members)) if k != f}):
            i, j = members[p], members[q]
            if abs(len(all_norms[i]) - len(all_norms[j])) <= 2:
                firsts.append(i)
                seconds.append(j)
    close = _letters_in_common(all_norms, firsts, seconds)
    found = 0
    for p, q, near in zip(firsts, seconds, close.tolist()):
        a, b = all_norms[p], all_norms[q]
        if sorted(a.split()) == sorted(b.split()) or (near and difflib.SequenceMatcher(None, a, b).ratio() >= 0.9):
            with_id = all_ids[p] if all_ids[p] is not None else all_ids[q]
            one, two = (all_shown[p], all_shown[q]) if all_ids[p] is None else (all_shown[q], all_shown[p])
            if with_id is None:
                text, hint = (f"'{one}' and '{two}' look like the same player spelled two ways; they are "
                              "counted as two players", "use one spelling (or give both rows the player's ID)")
            else:
                text, hint = (f"'{one}' (no ID) and '{two}' (ID {with_id}) look like the same player spelled "
                              "two ways; they are counted as two players",
                              f"if they are one player, give the rows of '{one}' the ID {with_id}")
            season.issues.warning("similar-names", text, hint=hint)
            found += 1
            if found >= limit:
                return


def _letters_in_common(norms: list[str], firsts: list[int], seconds: list[int]) -> np.ndarray:
    """Per pair (norms[firsts[i]], norms[seconds[i]]): whether the letters the two have in common (with repeats:
    ``Counter(a) & Counter(b)``) could make difflib's ratio reach 0.9 — its quick_ratio bound, for all pairs at
    once from a count of each spelling's letters."""
    if not firsts:
        return np.zeros(0, dtype=bool)
    used, where = np.unique(np.r_[firsts, seconds], return_inverse=True)
    texts = [norms[k] for k in used.tolist()]
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
    points = np.frombuffer("".join(texts).encode("utf-32-le", "surrogatepass"), dtype=np.uint32)  # a code point each
    letters, letter = np.unique(points, return_inverse=True)
    owner = np.repeat(np.arange(len(texts)), lengths)
    counts = np.bincount(owner * len(letters) + letter, minlength=len(texts) * len(letters))
    counts = counts.reshape(len(texts), len(letters))
    a, b = where[:len(firsts)], where[len(firsts):]
    common = np.minimum(counts[a], counts[b]).sum(axis=1)
    return 2 * common >= 0.9 * (lengths[a] + lengths[b]) - 1e-9
