"""The Aarhus Skoleskak Grand Prix Mesterskab (ASS GPM, reglement of 15 August 2012, with its appendix).

The rules themselves are pure functions in :mod:`gpcalc.circuits.aarhus_rules`; this module declares the
workbooks (with the Danish headers and values organisers use) and turns a loaded season into an Outcome.
GPM-points are exact tenths (§5 stk. 6: one decimal, half up) and shown with one decimal.
"""

from __future__ import annotations

import datetime as dt
import gc
from contextlib import contextmanager
from typing import Any

import numpy as np
import pandas as pd

from ..issues import Issues, flagged_rows
from ..spec import Field, SheetSpec
from ..standings import factorize_runs
from . import aarhus_rules as R
from .base import ENTRY_COLUMNS, LEDGER_COLUMNS, STANDING_COLUMNS, Circuit, Outcome, OutSheet

KIND_ALIASES = (("Grand Prix", "GPT"), ("Grand Prix Turnering", "GPT"), ("GP", "GPT"),
                ("AM", "Aarhusmesterskab"), ("Aarhusmesterskabet", "Aarhusmesterskab"),
                ("Aarhus championship", "Aarhusmesterskab"), ("DM", "DM-kvalifikation"),
                ("DM-kval", "DM-kvalifikation"), ("DM kvalifikation", "DM-kvalifikation"),
                ("DM-kvalifikationsstævnet", "DM-kvalifikation"), ("DM qualifier", "DM-kvalifikation"))
MOVE_ALIASES = (("op", "up"), ("ned", "down"), ("bliv", "stay"), ("forbliv", "stay"), ("forbliver", "stay"),
                ("oprykning", "up"), ("nedrykning", "down"))
STATUS_ALIASES = (("Forhåndskvalificeret", "Pre-qualified"), ("Forhaandskvalificeret", "Pre-qualified"),
                  ("Prequalified", "Pre-qualified"), ("Pre qualified", "Pre-qualified"), ("Seeded", "Pre-qualified"))
GROUP_HELP = "AA (or Plus), A, B, C, D, E, F, N (beginners), P (girls); a merged group as A+B."


MOVES_SHEETS = 12  # up to this many GPTs: a Moves sheet per GPT; more: one Moves sheet with a GPT column


class Aarhus(Circuit):
    name = "aarhus"
    title = "Aarhus Skoleskak Grand Prix"
    season_start_month = 8  # a school year over two calendar years (2012/2013); `gpcalc new` from August on
    rulebook = "ASS"
    rankings = R.RANKINGS
    club_label = "Club"
    identity_columns = ("club",)
    sex_listed = ("D", "P", "K", "W")  # dreng, pige, kvinde (the Danish instructions) and the input message's W
    results_order = ("group", "place", "name", "id", "club", "born", "sex", "points", "games", "move", "status")

    season_settings = (
        Field("GPTs", "count", aliases=("GPT", "Number of GPTs", "Antal GPT", "Antal GPT'er", "GPT'er"),
              help="How many GPTs are scheduled this season (§2). The worst GPT result is dropped only for "
                   "players who played all of them (§1 stk. 6).", example=5),
        Field("Placement prize per", "count", default=4, aliases=("Prize per", "Placeringspræmie pr",
                                                                   "Præmie pr"),
              help="One placement prize per this many players with two or more GPTs (§1 stk. 7; default 4)."),
        Field("Normalise Aarhusmesterskab", "yesno", default=False,
              aliases=("Normaliser Aarhusmesterskab", "Normalise AM"),
              help="Yes to normalise Aarhusmesterskab points to 7 rounds like a GPT (default No, a ruling)."),
    )
    tournament_settings = (
        Field("Name", "text", required=True, aliases=("Navn", "Turnering", "Stævne"),
              help="The tournament's name. / Turneringens navn.", example="GPT 1 Skåde"),
        Field("Date", "date", required=True, aliases=("Dato", "Start"),
              help="The day it was played (day first: 15/9/2012). / Spilledato.", example=dt.date(2012, 9, 15)),
        Field("Kind", "choice", required=True, choices=R.KINDS, choice_aliases=KIND_ALIASES,
              aliases=("Type", "Art", "Stævnetype"),
              help="GPT, Aarhusmesterskab or DM-kvalifikation.", example="GPT"),
    )
    results_columns = (
        Field("Group", "text", aliases=("Gruppe", "Grp", "Section"), help=GROUP_HELP, example="C", width=8),
        Field("Place", "place", aliases=("Placering", "Plac", "Plads", "Rank", "Pos"),
              help="Final place in the group: 1, 2, 3 … (=3 for a shared place).", example=1, width=8),
        Field("Club", "text", aliases=("Klub", "Skole", "School"), help="The player's club or school.",
              example="Skåde Skoleskak", width=20),
        Field("Points", "score", aliases=("Point", "GPT-points", "GPT-point", "Score", "Pts", "P."),
              help="GPT-points scored: 4, 4½ or 4,5.", example="4½", width=8),
        Field("Games", "count", aliases=("Partier", "Spillede partier", "Antal partier", "Kampe"),
              help="Games actually played at the board (byes and forfeits are not games). Blank = all rounds.",
              example=7, width=8),
        Field("Move", "choice", choices=("up", "down", "stay"), choice_aliases=MOVE_ALIASES, listed=("op", "ned", "bliv"),
              aliases=("Rykning", "Op/ned", "Director", "Turneringsleder"),
              help="Optional: the tournament director's decision for a player who did not play all rounds "
                   "(or the GPM leaders' for a Plus player under 25 %): up, down or stay (op, ned, "
                   "bliv).", example="", width=8),
        Field("Status", "choice", choices=("Pre-qualified",), choice_aliases=STATUS_ALIASES,
              listed=("Forhåndskvalificeret",),
              help="DM-kvalifikation only: Pre-qualified (forhåndskvalificeret) for players credited without "
                   "playing.", example="", width=14),
    )
    register_columns = (
        Field("Club", "text", aliases=("Klub", "Skole")),
        Field("Strength group", "text", aliases=("Styrkegruppe", "Start group", "Startgruppe"),
              help="The group the player starts the season in, if not the age group (§2 stk. 4)."),
        Field("Rating", "number", aliases=("DSU rating", "Ratingtal", "DSU"), minimum=0, maximum=3500,
              help="The DSU rating (optional). Used to check the Plus group: a player not among its five highest "
                   "rated may play at most two GPTs in a row there (appendix)."),
    )
    tournament_sheets = (
        SheetSpec("Groups", (
            Field("Group", "text", required=True, aliases=("Gruppe",), help=GROUP_HELP, example="C", width=10),
            Field("Rounds", "count", required=True, aliases=("Runder", "Antal runder"),
                  help="Rounds the group played that day.", example=7, width=10, minimum=1, maximum=99),
        ), aliases=("Grupper",), help="Group | Rounds: one row per group played (§5 stk. 6)."),
    )
    season_sheets = (
        SheetSpec("Age groups", (
            Field("Group", "choice", required=True, choices=R.AGE_GROUPS, aliases=("Gruppe",)),
            Field("Born from", "int", aliases=("Født fra", "From", "Fra")),
            Field("Born to", "int", aliases=("Født til", "To", "Til")),
        ), aliases=("Aldersgrupper",), help="Group | Born from | Born to (§1 stk. 2); blank = the default."),
    )

    # ------------------------------------------------------------------ validation

    def place_key(self, column: str, values: pd.Series) -> pd.Series:
        """Groups as the rules read them: one merged group typed "A+B" and "AB", or "c" and "C", is one group."""
        if column != "group":
            return values
        canon = values.map(_canon_map(values))
        return canon.where(canon.notna(), values)

    def unplaced(self, season, results: pd.DataFrame) -> np.ndarray:
        """Rows whose group is not a group (`bad-group`), and GPT rows whose group is blank (`missing-group`)."""
        if "group" not in results.columns:
            return np.zeros(len(results), dtype=bool)
        canon = results["group"].map(_canon_map(results["group"]))
        t = season.tournaments
        kinds = results["tournament"].map(t.set_index("tournament")["kind"]) if len(t) and "kind" in t.columns \
            else pd.Series(None, index=results.index, dtype=object)
        return ((results["group"].notna() & canon.isna()) | (results["group"].isna() & kinds.eq(R.GPT))).to_numpy()

    def validate(self, season, issues: Issues) -> None:
        t, r = season.tournaments, season.results
        year = season.year
        reg = season.players
        if len(reg) and "strength_group" in reg.columns:  # §2 stk. 4: a start group on the A–F ladder
            given = reg[reg["strength_group"].notna()]
            canon = given["strength_group"].map(R.canonical_group)
            for row in flagged_rows(given, canon.isna() | ~canon.isin(R.AGE_GROUPS)):
                issues.error("bad-strength-group", f"{row.name}: strength group '{row.strength_group}' is not one "
                             "of A–F (§2 stk. 4)", hint="write A, B, C, D, E or F — or leave it blank for the age "
                             "group", **season.where(row, "strength_group"))
        gpts = season.settings.get("gpts")
        if gpts is not None and gpts < 1:
            issues.error("gpts", f"GPTs is {gpts}: a season has at least one GPT", **season.setting_where("gpts"),
                         hint="write the number of GPTs scheduled this season, e.g. 5 (or clear it)")
        elif not season.settings.get("gpts"):
            n = int((t.get("kind", pd.Series(dtype=object)) == R.GPT).sum()) if len(t) else 0
            issues.warning("gpts-unknown", f"the season setting GPTs is missing: gpcalc assumes the {n} GPT "
                           "workbooks present are the whole season, so players who played all of them have "
                           "their worst result dropped (§1 stk. 6)", **season.setting_where("gpts"),
                           hint="write the number of GPTs scheduled this season in season.xlsx (Setting GPTs)")
        elif len(t):
            n = int((t["kind"] == R.GPT).sum())
            if n > int(season.settings["gpts"]):
                issues.warning("gpts-exceeded", f"{n} GPT workbooks but the season setting GPTs is "
                               f"{season.settings['gpts']}", **season.setting_where("gpts"),
                               hint="correct the setting GPTs or remove a workbook")
        twice = False
        per = season.settings.get("placement_prize_per")
        if per is not None and per < 1:  # one prize per 0 players: no number to divide by (§1 stk. 7)
            issues.error("placement-prize-per", f"Placement prize per is {per}: it must be 1 or more",
                         **season.setting_where("placement_prize_per"),
                         hint="write how many players share one placement prize, e.g. 4 (or clear it for 4)")
        if "Age groups" in season.tables and len(season.tables["Age groups"]):
            ag = season.tables["Age groups"]
            twice = bool(ag["group"].duplicated().any())
            if twice:
                for row in flagged_rows(ag, ag["group"].duplicated()):
                    issues.error("age-groups", f"the Age groups sheet lists group {row.group} twice",
                                 hint="one row per group A–F", **season.where(row, "group"))
            elif year:
                twice = self._check_age_table(season, year)  # (a table in error: no gap check below)
        if r.empty:
            return
        kinds = r["tournament"].map(t.set_index("tournament")["kind"]) if len(t) else pd.Series(dtype=object)
        canon = r["group"].map(_canon_map(r["group"]))
        bad = r["group"].notna() & canon.isna()
        for row in flagged_rows(r, bad):
            issues.error("bad-group", f"'{row.group}' is not a group", hint=f"write {GROUP_HELP}",
                         **season.where(row, "group"))
        status = r["status"] if "status" in r.columns else pd.Series(None, index=r.index)
        prequal = status.eq("Pre-qualified")
        need_group = kinds.eq(R.GPT) & r["group"].isna()
        for row in flagged_rows(r, need_group):
            issues.error("missing-group", f"{row.name}: the group played is blank", hint=f"write {GROUP_HELP}",
                         **season.where(row, "group"))
        need_pts = kinds.isin([R.GPT, R.AM]) & r["points"].isna()
        for row in flagged_rows(r, need_pts):
            issues.error("missing-points", f"{row.name}: Points is blank", hint="write the GPT-points scored",
                         **season.where(row, "points"))
        born_needed = r["born_year"].isna() & ~canon.isin(["P", "N"])
        for row in flagged_rows(r, born_needed):
            issues.error("missing-born", f"{row.name}: the birth year is needed for the age group (§1 stk. 2)",
                         hint="write the birth year (2001) or date", **season.where(row, "born"))
        if year and not twice:
            # an Age groups sheet whose years leave a gap: a player born in it would be in no age-group ranking
            # — and a player born before the oldest group's first year (A 1992–1995 in 2012/2013): a typo (1919
            # for 1999) or a player too old for school chess; never scored as A, a group the table does not give
            table, _ = self._age_tables(season, year)
            codes, _ = R.age_group_codes(r["born_year"], table, older_to_oldest=False)
            gap = r[(codes < 0) & r["born_year"].notna().to_numpy() & ~canon.isin(["P", "N"]).to_numpy()]
            first = pd.to_numeric(table["born_from"], errors="coerce").astype(float)
            oldest = table.loc[first.idxmin()] if first.notna().any() else None
            for row in flagged_rows(gap, ~gap["born_year"].duplicated()):  # (one message per birth year)
                if oldest is not None and row.born_year < oldest["born_from"]:
                    to = "" if pd.isna(oldest["born_to"]) else f"–{int(oldest['born_to'])}"
                    issues.error("no-age-group", f"{row.name}: born {row.born_year}, before the oldest age group "
                                 f"({oldest['group']}: born {int(oldest['born_from'])}{to}; §1 stk. 2): the player "
                                 "is in no age group", hint="correct the birth year if it is a typo; a player "
                                 "this old is not in the school Grand Prix (or widen the group on the Age groups "
                                 "sheet of season.xlsx)", **season.where(row, "born"))
                    continue
                issues.error("no-age-group", f"{row.name}: born {row.born_year}, a year no group of the Age groups "
                             "sheet covers: the player would be in no age-group ranking (§1 stk. 2)",
                             hint="make the groups' years meet on the Age groups sheet of season.xlsx (or clear "
                             "the sheet for the default table)", **season.where(row, "born"))
        for row in flagged_rows(r, prequal & ~kinds.eq(R.DM)):
            issues.error("status-not-dm", "Status Pre-qualified is only for DM-kvalifikation",
                         hint="clear the Status cell", **season.where(row, "status"))
        # groups and rounds
        groups = season.tables.get("Groups", pd.DataFrame(columns=["tournament", "group", "rounds"]))
        gkey = groups.assign(g=groups["group"].map(_canon_map(groups["group"])))
        for row in flagged_rows(gkey, gkey["g"].isna() & gkey["group"].notna()):
            issues.error("bad-group", f"'{row.group}' is not a group", hint=f"write {GROUP_HELP}",
                         **season.where(row, "group"))
        # a group listed twice with different rounds: which divides the points (§5 stk. 6) is not known
        listed_g = gkey[gkey["g"].notna()]
        rounds_n = pd.to_numeric(listed_g["rounds"], errors="coerce")
        n_rounds = rounds_n.groupby([listed_g["tournament"], listed_g["g"]], dropna=False).transform("nunique")
        again = listed_g.duplicated(["tournament", "g"]) & (n_rounds > 1)
        for row in listed_g[again].drop_duplicates(["tournament", "g"]).itertuples():
            issues.error("group-twice", f"group {row.g} is on the Groups sheet twice, with different rounds: its "
                         "points cannot be normalised to 7 rounds (§5 stk. 6)", hint="keep one row per group",
                         **season.where(row, "group"))
        known = set(zip(gkey["tournament"], gkey["g"]))
        needs_rounds = kinds.eq(R.GPT) | (kinds.eq(R.AM) & bool(season.settings.get("normalise_aarhusmesterskab")))
        # (tested once per distinct (tournament, group) and taken for every row)
        tcodes, first = R._combos([r["tournament"].to_numpy(dtype=object), canon.to_numpy(dtype=object)])
        listed = np.array([(a, b) in known for a, b in zip(r["tournament"].iloc[first], canon.iloc[first])],
                          dtype=bool)
        missing = needs_rounds & canon.notna() & ~pd.Series(listed[tcodes], index=r.index)
        with_sheet = set(gkey["tournament"])  # tournaments whose workbook has a Groups sheet with rows
        no_sheet = missing & ~r["tournament"].isin(with_sheet)
        for _tour, rows in r[no_sheet].groupby("tournament", sort=False):
            # no Groups sheet at all (or one renamed, "Runder"): one error for the workbook, not one per group
            # asking for rows on a sheet that is not there
            row = rows.iloc[0]
            groups = ", ".join(pd.unique(canon[rows.index].astype(str)))
            issues.error("rounds-missing", f"the workbook has no Groups sheet (or an empty one): the rounds of "
                         f"group(s) {groups} are needed to normalise to 7 rounds (§5 stk. 6)", file=row["file"],
                         hint="add a sheet named Groups with the columns Group | Rounds (gpcalc template aarhus "
                              "has it); if the workbook has it under another name, rename it to Groups")
        for (_tour, grp), rows in r[missing & ~no_sheet].groupby(["tournament", canon[missing]], sort=False):
            row = rows.iloc[0]
            issues.error("rounds-missing", f"group {grp} has no row on the Groups sheet: its number of rounds "
                         "is needed to normalise to 7 rounds (§5 stk. 6)",  # (at the group's first Results cell)
                         hint="add a row Group | Rounds for it on the Groups sheet", **season.where(row, "group"))
        rounds = _rounds_of(r, canon, gkey)
        # §3 girls' trophy: an average of points per game; a blank Games cell is every round (ruling 1), which
        # needs the group's rounds
        unknown = (kinds.eq(R.AM) & r["sex"].eq("F").fillna(False).astype(bool) & r["games"].isna()
                   & rounds.isna() & canon.notna())
        for (_tour, grp), rows in r[unknown].groupby(["tournament", canon[unknown]], sort=False):
            row = rows.iloc[0]
            who = ", ".join(rows["name"].astype(str).head(3)) + (" …" if len(rows) > 3 else "")
            issues.warning("girls-games-unknown", f"group {grp}: {who} — Games is blank and the group has no row "
                           "on the Groups sheet, so the average for the girls' trophy (§3) cannot be worked out; "
                           "left out of it", file=row["file"], sheet="Groups",
                           hint="add a row Group | Rounds for the group on the Groups sheet, or fill in Games")
        over = r["games"].notna() & rounds.notna() & (r["games"] > rounds)
        for row in flagged_rows(r, over.fillna(False)):
            issues.error("games-over-rounds", f"{row.name}: {row.games} games but group {row.group} played "
                         "fewer rounds", hint="check Games and the Groups sheet", **season.where(row, "games"))
        # points scored with no game played: Games 0 means no round played, so no GPM-points (§5 stk. 5) — the two
        # cells contradict each other, and the child would lose the GPT without a word if Games is the typo
        no_games = (r["games"].eq(0) & r["points"].gt(0)).fillna(False)
        for row in flagged_rows(r, no_games):
            issues.warning("points-without-games", f"{row.name}: {row.points:g} points with 0 games played — a "
                           "player who played no round gets no GPM-points (§5 stk. 5)", hint="write the games the "
                           "player played (blank: every round of the group)", **season.where(row, "games"))
        pts_over = r["points"].notna() & rounds.notna() & (r["points"] > rounds)
        for row in flagged_rows(r, pts_over.fillna(False)):
            issues.error("points-over-rounds", f"{row.name}: {row.points:g} points in {int(rounds[row.Index])} "
                         "rounds", hint="check the points", **season.where(row, "points"))
        # girls' group of fewer than 4 (§2 stk. 3)
        p = r[canon.eq("P")]
        size = p.groupby("tournament", sort=False)["tournament"].transform("size")
        for tour, rows in p[size < 4].groupby("tournament", sort=False):
            if len(rows) < 4:
                issues.warning("small-p-group", f"{tour}: the girls' group P has {len(rows)} players; it is "
                               "formed only with at least 4 (§2 stk. 3)", file=rows.iloc[0]["file"],
                               hint="check the group of these girls")
        for row in flagged_rows(p, p["sex"].eq("M")):
            issues.warning("boy-in-p", f"{row.name} is in the girls' group P but Sex is M",
                           hint="check the group or the sex", **season.where(row, "sex"))
        self._plus_streaks(season, issues, r, kinds, canon)
        if year and len(t):
            for tour in t.itertuples():
                d = tour.date
                if isinstance(d, dt.date) and not (dt.date(year, 7, 1) <= d <= dt.date(year + 1, 6, 30)):
                    # outside both calendar years of the season: it cannot belong to it (an error); inside
                    # them but outside July–June: unusual, a warning
                    report = issues.error if d.year not in (year, year + 1) else issues.warning
                    report("outside-season", f"{tour.tournament}: {d.isoformat()} is outside the "
                                   f"{year}/{year + 1} season (1 July – 30 June)", file=tour.file,
                                   sheet=tour.sheet, cell=tour.cells.get("date", ""),
                                   hint="check the date or the season")

    @staticmethod
    def _plus_streaks(season, issues: Issues, r: pd.DataFrame, kinds: pd.Series, canon: pd.Series) -> None:
        """Appendix rule 4: "a player who is not among the five highest rated may only play two tournaments in a row
        in the Plus group" — a warning at the third GPT in a row in Plus (AA) of such a player. In a row: the
        season's consecutive GPTs (a GPT the player missed, or played in another group, ends the run). The five
        highest rated: by the register's `Rating` among that GPT's Plus players; a player without a rating is not
        among them when five others have one (otherwise it cannot be told, and nothing is said). A GPT with AA but
        no A group has no Plus group: its AA is the A group (ruling 5), and breaks a run."""
        t = season.tournaments
        reg = season.players
        if not len(t) or "player" not in r.columns or "rating" not in reg.columns or not len(reg):
            return
        # a Plus group is AA beside an A group: a GPT with AA and no A group has its AA as the A group (ruling 5)
        with_a = set(r["tournament"][canon.eq("A").fillna(False).to_numpy(bool)].tolist())
        in_plus = (canon.eq("AA") & kinds.eq(R.GPT) & r["tournament"].isin(with_a)).fillna(False).to_numpy(bool)
        if not in_plus.any():
            return
        gpts = t[t["kind"].eq(R.GPT)].sort_values("order", kind="stable")["tournament"].tolist()
        at = {name: i for i, name in enumerate(gpts)}
        plus = r[in_plus]
        pos = plus["tournament"].map(at)
        runs: dict = {}  # player → the GPT positions played in Plus
        for player, k in zip(plus["player"].tolist(), pos.tolist()):
            runs.setdefault(player, set()).add(k)
        third = [k >= 2 and {k - 1, k - 2} <= runs[pl] for pl, k in zip(plus["player"].tolist(), pos.tolist())]
        if not any(third):
            return
        rated = reg.dropna(subset=["rating"]).drop_duplicates("player").set_index("player")["rating"]
        rating = plus["player"].map(rated)
        for row, flag in zip(plus.assign(plus_rating=rating, plus_pos=pos).itertuples(), third):
            if not flag:
                continue
            same = (plus["tournament"] == row.tournament).to_numpy() & (plus["player"] != row.player).to_numpy()
            others = rating[same].dropna().sort_values(ascending=False)
            own = row.plus_rating
            if pd.isna(own):
                if len(others) < 5:
                    continue  # fewer than five rated: whether the player is among the five highest is not known
            elif (others > own).sum() < 5:
                continue  # among the five highest rated (equal ratings count in the player's favour)
            fifth = others.iloc[4]
            run = ", ".join(gpts[row.plus_pos - 2:row.plus_pos + 1])
            issues.warning("plus-third-in-row", f"{row.name}: in Plus at {row.tournament}, a third GPT in a row "
                           f"({run}), and not among the five highest rated of that Plus group (rating "
                           f"{'none' if pd.isna(own) else f'{own:g}'}; the fifth highest {fifth:g}): a player who "
                           "is not may play at most two GPTs in a row in Plus (appendix rule 4) — then A",
                           hint="check the player's group (A), or the Rating in the Players register of "
                                "season.xlsx", **season.where(row, "group"))

    # ------------------------------------------------------------------ compute

    def compute(self, season) -> Outcome:
        s = season.settings
        year = season.year
        cfg = R.Settings(start_year=year, gpts=int(s["gpts"]) if s.get("gpts") else None,
                         prize_per=int(s["placement_prize_per"]) if s.get("placement_prize_per") else 4,
                         normalise_am=bool(s.get("normalise_aarhusmesterskab")))
        t = season.tournaments.copy()
        r = season.results
        gpt_n = cfg.gpts or int((t["kind"] == R.GPT).sum())
        table, next_table = self._age_tables(season, year)

        players = self._players(season, table)
        res, events = self._rules_frame(season, t, players)
        awards, detail_code, detail_text = R.score_coded(res, table, cfg)
        # the integer codes of the players (positions in `players`) and events ride along (R.codes_of), and
        # those of the detail texts (to the ledger's detail)
        awards["_event_code"], awards["_player_code"] = res["_event_code"], res["_player_code"]
        awards["_detail_code"] = detail_code
        skipped = awards.loc[~awards["eligible"], ["event", "skip_reason"]]
        src = r.loc[skipped.index, ["name", "file", "sheet", "row"]]
        for event, reason, row in zip(skipped["event"], skipped["skip_reason"], src.itertuples(index=False)):
            season.issues.info("no-gpm-points", f"{row.name} ({event}): no GPM-points — {reason}",
                               hint="nothing to do if this is right", **season.where(row, "name"))
        # only the columns the entries, the ledger and the standings use are taken to the credits
        entries = R.mark_dropped(R.credit(awards[[
            "event", "order", "kind", "player", "group", "age_group", "female", "startpoints", "points", "rule",
            "eligible", "_event_code", "_player_code", "_detail_code"]]), gpt_n)
        # each entry's date: looked up once per event and taken by event code
        ev_dates = t.set_index("tournament")["date"].reindex(events)
        entries["date"] = _take(ev_dates, entries["_event_code"].to_numpy(), entries.index)

        # ledger: one row per credit to an account, sorted by date, tournament, ranking and name, stably: the
        # order of sort_values on those columns, from each key's rank among its distinct values (date and
        # tournament per event, ranking per code, name per player); the entries are taken in that order once, and
        # the columns looked up by code (name, id, detail) are looked up in that order
        e_player = entries["_player_code"].to_numpy()
        e_rank, n_rank = R.codes_of(entries, "ranking")
        ev_date = ev_dates.to_numpy(dtype=object)
        ev_rank = _ranks(_sort_key((_ranks(ev_date), len(events) + 1), (_ranks(events), len(events) + 1)))
        lg_order = np.argsort(_sort_key(
            (_at(ev_rank, entries["_event_code"].to_numpy(), na=len(events)), len(events) + 1),
            (_at(_ranks(R._first_of(e_rank, n_rank, entries["ranking"].to_numpy(dtype=object))), e_rank,
                 na=n_rank), len(R.RANKINGS) + 2),
            (_at(_ranks(players["name"].to_numpy(dtype=object)), e_player, na=len(players)), len(players) + 1)),
            kind="stable")
        lg = entries[["event", "date", "ranking", "player", "points", "rule", "group", "age_group", "startpoints",
                      "counted"]].take(lg_order).reset_index(drop=True)
        lg_player = e_player[lg_order]
        lg["name"] = _take(players["name"], lg_player, lg.index)
        lg["id"] = _take(players["id"], lg_player, lg.index)
        lg["points"] = lg["points"] / R.TENTH
        also_p = (lg["ranking"].to_numpy(dtype=object) == "P") & (lg["group"].to_numpy(dtype=object) != "P")
        p_only = (lg["ranking"].to_numpy(dtype=object) == "P") & (lg["group"].to_numpy(dtype=object) == "P")
        lg["detail"] = _ledger_detail(lg.index, entries["_detail_code"].to_numpy()[lg_order], detail_text, also_p,
                                      ~lg["counted"].to_numpy(dtype=bool), awards["detail"].iloc[:0].astype(str).dtype,
                                      p_only=p_only, tied=entries["_worst_tied"].to_numpy(dtype=bool)[lg_order])
        ledger = lg.rename(columns={"event": "tournament", "group": "group_played"})[
            [*LEDGER_COLUMNS, "group_played", "age_group", "startpoints", "counted"]]

        ent = entries.rename(columns={"event": "tournament"})
        ent["points"] = ent["points"] / R.TENTH
        ent = ent[ENTRY_COLUMNS]

        # standings
        st = R.rank_accounts(entries)
        moves, state = R.movements(res, players["initial"])
        nxt = R.next_gpt_group(state)
        st["name"] = st["player"].map(players["name"])
        st["id"] = st["player"].map(players["id"])
        st["club"] = st["player"].map(players["club"])
        st["next_group"] = st["player"].map(nxt)
        st["total_tenths"] = st["total"]
        st["total"] = st["total"] / R.TENTH
        st["worst_result"] = np.where(st["worst"] >= 0, st["worst"] / R.TENTH, np.nan)
        st["am_points"] = st["am"] / R.TENTH
        st["tiebreak"] = st["decided_by"]
        order = {g: i for i, g in enumerate(R.RANKINGS)}
        st = st.sort_values(["ranking", "rank", "name"], key=lambda c: c.map(order) if c.name == "ranking" else c,
                            kind="stable").reset_index(drop=True)
        extra = ["gpts", "worst_result", "am_points", "next_group", "tiebreak"]
        standings = st[[*STANDING_COLUMNS, *extra, "lots"]]

        # prizes
        prizes = self._prizes(st, awards, entries, res, players, cfg, gpt_n, table)
        clubs = R.club_totals(awards, players["club"])
        clubs = clubs.assign(ranking="Club", tied=clubs.duplicated("total", keep=False))
        clubs["total"] = clubs["total"] / R.TENTH
        clubs = clubs[["ranking", "rank", "tied", "club", "total", "players"]]

        # movements, next GPT, next season
        sheets = []
        mv = moves.copy(deep=False)  # copy-on-write: the columns added below do not touch moves
        mv_player = mv["_player_code"].to_numpy()  # positions in `players`, for the three columns
        mv["name"] = _take(players["name"], mv_player, mv.index)
        mv["id"] = _take(players["id"], mv_player, mv.index)
        mv["club"] = _take(players["club"], mv_player, mv.index)
        mv["gpt_points"] = mv["points"] / 2
        mv["changed"] = mv["move"].ne("stay")
        tours = t[t["kind"] == R.GPT].sort_values("order")
        # one stable sort by (GPT, group, place), then each GPT's sheet is a slice of it: the same rows in the
        # same order as filtering each GPT out of mv and sorting it by group and place
        tour_pos = pd.Series(np.arange(len(tours)), index=tours["tournament"].to_numpy())
        # each row's GPT position, looked up once per event and taken by event code (NaN: not a listed GPT)
        ev_tour = tour_pos.reindex(events).to_numpy(dtype=float)
        tour_of = _at(ev_tour, mv["_event_code"].to_numpy(), na=np.nan)
        tour_rank = np.where(np.isnan(tour_of), len(tours), np.nan_to_num(tour_of)).astype(np.int64)
        group_rank, place_rank = _ranks(mv["group"].array), _ranks(mv["place"].array)
        # the stable sort_values by (GPT, group, place), from each key's rank (as for the ledger); rows of no
        # listed GPT (last) dropped
        by_key = np.argsort(_sort_key((tour_rank, len(tours) + 1), (group_rank, int(group_rank.max(initial=0)) + 1),
                                      (place_rank, int(place_rank.max(initial=0)) + 1)), kind="stable")
        by_key = by_key[tour_rank[by_key] < len(tours)]
        cuts = np.searchsorted(tour_rank[by_key], np.arange(len(tours) + 1), side="left")
        by_tour = mv[["group", "place", "name", "id", "club", "gpt_points", "games", "rounds", "from", "to", "move",
                      "note", "changed"]].take(by_key)
        note = ("§4: up at >= 75 % of games played, down below 25 %; director = relegation left to the "
                "tournament director (in Plus, but for the 6th: to the GPM leaders, ruling 15) — write up/down/stay "
                "in the Move column.")
        formats = {"gpt_points": "points", "place": "int", "games": "int", "rounds": "int"}
        if len(tours) <= MOVES_SHEETS:
            with _gc_paused():  # ~45 container objects per sheet's frame, no cycles: see _gc_paused
                for i, tour in enumerate(tours["tournament"].tolist(), start=1):
                    sheets.append(OutSheet(f"Moves {i} {tour}", by_tour.iloc[cuts[i - 1]:cuts[i]],
                                           highlight="changed", note=note, formats=formats))
        else:  # many GPTs (an archive of seasons): one sheet, the same rows in the same order, with their GPT
            gpt = tours["tournament"].to_numpy(dtype=object)[tour_rank[by_key]]
            sheets.append(OutSheet("Moves", by_tour.assign(gpt=gpt)[["gpt", *by_tour.columns]], highlight="changed",
                                   note=note + f" {len(tours)} GPTs: filter the GPT column for one.",
                                   formats=formats))
        born = players["born"]
        ng = pd.DataFrame({"name": players["name"], "id": players["id"], "club": players["club"],
                           "born": born, "age_group": players["age_group"]})
        ng["strength_group"] = state["strength"].reindex(ng.index)
        ng["strength_group"] = ng["strength_group"].where(ng["strength_group"].notna(), players["initial"])
        ng["next_gpt_group"] = nxt.reindex(ng.index)
        ng["next_gpt_group"] = ng["next_gpt_group"].where(ng["next_gpt_group"].notna(), players["initial"])
        plus = state["plus"].reindex(ng.index).fillna("")
        girl = players["female"].reindex(ng.index).fillna(False).astype(bool)
        ng["note"] = np.where(plus.ne(""), "Plus: " + plus, "")
        ng["note"] = np.where(girl & ng["next_gpt_group"].ne("N"),
                              ng["note"] + np.where(ng["note"].eq(""), "", "; ") + "may choose P (§2 stk. 3)",
                              ng["note"])
        ng = ng.sort_values(["next_gpt_group", "name"], key=lambda c: c.map(_group_sort) if c.name ==
                            "next_gpt_group" else c, kind="stable")
        ng_note = ("§6: each player's group for the next GPT (strength group after promotion and relegation, §4; "
                   "Plus entitlements of the appendix).")
        if cfg.gpts and len(tours) >= cfg.gpts:
            # the season is over: its next GPT is the next season's first, whose groups §4 stk. 4 sets — said
            # here, so that the two sheets are not read as two answers for one GPT
            ng_note += (f" All {cfg.gpts} scheduled GPTs are held: the next GPT is the first of {year + 1}/"
                        f"{year + 2}, and its groups are on the sheet Next season groups (§4 stk. 4); the Plus "
                        "entitlements carry over to it (ruling 6).")
        sheets.append(OutSheet("Next GPT groups", ng.reset_index(drop=True), note=ng_note, formats={"born": "int"}))
        n_won = prizes[prizes["ranking"].eq("N") & prizes["value"].eq("Placement prize")]
        n_prize = set(n_won["player"])
        # an N placement prize tied with a player without one rests on lots: so does who moves to the age group
        on_lots = n_won.loc[n_won["note"].astype(str).str.startswith("lots to be drawn"), "player"]
        n_st = st[st["ranking"].eq("N") & (st["gpts"] >= 2)]
        n_lots = set(n_st.loc[n_st["rank"].isin(n_st.loc[n_st["player"].isin(on_lots), "rank"]), "player"])
        ns = R.next_season_groups(state, born, next_table, n_prize, n_lots)
        ns["name"] = players["name"].reindex(ns.index)
        ns["id"] = players["id"].reindex(ns.index)
        ns["club"] = players["club"].reindex(ns.index)
        ns["born"] = born.reindex(ns.index)
        ns["last_gpt"] = ns["last_event"]
        ns = ns[["name", "id", "club", "born", "last_gpt", "group", "rule"]].sort_values(
            ["group", "name"], key=lambda c: c.map(_group_sort) if c.name == "group" else c, kind="stable")
        sheets.append(OutSheet("Next season groups", ns.reset_index(drop=True),
                               note=f"§4 stk. 4: groups for the first GPT of {year + 1}/{year + 2}, from each "
                                    "player's own last GPT of this season.", formats={"born": "int"}))

        tours_out = t.copy()
        tours_out["start"] = tours_out["date"]
        tours_out["end"] = tours_out["date"]
        ev_code = res["_event_code"].to_numpy()
        ev_size = pd.Series(np.bincount(ev_code[ev_code >= 0], minlength=len(events)), index=events)
        tours_out["players"] = tours_out["tournament"].map(ev_size).fillna(0).astype(int)
        # each group's rounds as the Groups sheet gives them: the 7/rounds of every normalised result (§5 stk. 6)
        # can be checked from this sheet (a small table: one row per group and tournament)
        gt = season.tables.get("Groups")
        if gt is not None and len(gt) and {"tournament", "group", "rounds"} <= set(gt.columns):
            # (the groups by the names the other sheets use — AA, A+B — each listed once per tournament)
            name = gt["group"].map(_canon_map(gt["group"])).fillna(gt["group"].astype(str).str.strip())
            shown = pd.to_numeric(gt["rounds"], errors="coerce").map(lambda v: "?" if pd.isna(v) else f"{v:g}")
            each = pd.DataFrame({"t": gt["tournament"], "x": name + " " + shown}).drop_duplicates()
            listed = each.groupby("t", sort=False)["x"].agg(", ".join)
            tours_out["rounds_per_group"] = tours_out["tournament"].map(listed).fillna("")
        else:
            tours_out["rounds_per_group"] = ""
        tours_out = tours_out[["tournament", "name", "date", "start", "end", "kind", "rounds_per_group", "players",
                               "file"]]

        def movements() -> list[dict]:  # for the JSON export only: built when it is written
            with _gc_paused():  # a dict per movement row: no cyclic garbage, so no collection passes over them
                return [{"tournament": e, "name": n, "id": i, "group": g, "move": m, "from": f, "to": to,
                         "note": note}
                        for e, n, i, g, m, f, to, note in zip(*(mv[c].tolist() for c in (
                            "event", "name", "id", "group", "move", "from", "to", "note")))]
        summary = [
            ("Rules", "Reglement for Aarhus Skoleskaks Grand Prix Mesterskab (15 August 2012) with its appendix "
                      "and gpcalc's rulings (README)"),
            ("GPTs scheduled", f"{gpt_n}" + ("" if cfg.gpts else " (setting GPTs missing: the GPT workbooks "
                                                                 "present)")),
            ("GPM-points", "startpoints (§5 stk. 2–4) + GPT-points × 7 / rounds, half up to one decimal "
                           "(§5 stk. 6); Aarhusmesterskab 5 + points" + (" normalised" if cfg.normalise_am else
                                                                         " (not normalised)")
             + "; DM-kvalifikation flat 10 after an earlier GPT (§5 stk. 8–9)"),
            ("Standings", "worst GPT result dropped in an account holding every GPT; ties: best worst result, "
                          "most GPTs, points at Aarhusmesterskab, then lots (never drawn by gpcalc)"),
            ("Age groups", ", ".join(f"{g} {a}–{'' if pd.isna(b) else b}" for g, a, b in
                                     zip(table["group"], table["born_from"], table["born_to"]))),
        ]
        return Outcome(
            ledger=ledger, entries=ent, standings=standings, tournaments=tours_out, prizes=prizes, clubs=clubs,
            clubs_note="GPM-points of the club's players summed (§1 stk. 7): every award counted once — a girl's "
                       "award credited to her age group and to P counts once — and no worst result deducted "
                       "(Ruling).",
            rankings=list(R.RANKINGS), standings_extra=extra, sheets=sheets, summary=summary,
            counting_note="Dropped: the worst GPT result, only in an account holding every scheduled GPT "
                          "(§1 stk. 6; equal worst results: the earliest, ruling 9); everything else counts.",
            json_extra={"movements": movements}, tournament_json=["kind", "date"], points_decimals=1,
            prizes_note=f"Trophy (vandrepokal) per group; placement prizes floor(n/{cfg.prize_per}) among players with "
                        "two or more GPTs" + ("" if cfg.prize_per == 4 else
                                              f" (season setting Placement prize per = {cfg.prize_per})")
                        + "; memento prize for every GPT played without a placement prize (§1 stk. 7); "
                        "Aarhusmesterskab trophies (§3).")

    # -- helpers
    def _check_age_table(self, season, year: int) -> bool:
        """§1 stk. 2 on the Age groups sheet (its rows over the default table): each group's years run from ≤ to,
        only the youngest group (F) may leave Born to open, and no two groups share a year. Errors at the cell;
        True when there is one."""
        issues, ag = season.issues, season.tables["Age groups"]
        sheets = set(ag["sheet"]) if "sheet" in ag.columns else {"Age groups"}  # (as named in season.xlsx)
        if any(i.severity == "error" and i.sheet in sheets for i in issues):
            return True  # a cell of the sheet is unreadable: the table is not what was written, so no gap checks
        table, _ = self._age_tables(season, year)
        rows = {g: row for g, row in zip(ag["group"], ag.itertuples())}
        found = False

        def error(group: str, key: str, text: str) -> None:
            nonlocal found
            found = True
            where = season.where(rows[group], key) if group in rows else {"file": "season.xlsx",
                                                                           "sheet": "Age groups"}
            issues.error("age-groups", f"Age groups: {text}", hint="give each group A–F its own birth years, "
                         "oldest first, meeting without gaps or overlaps; only F may leave Born to blank "
                         "(or clear the sheet for the default table)", **where)

        t = table.set_index("group")
        for g in R.AGE_GROUPS:
            if g not in t.index or pd.isna(t.loc[g, "born_from"]):
                continue
            lo, hi = t.loc[g, "born_from"], t.loc[g, "born_to"]
            if pd.isna(hi) and g != R.AGE_GROUPS[-1]:
                error(g, "born_to", f"group {g} has no Born to: only the youngest group, "
                                    f"{R.AGE_GROUPS[-1]}, is open-ended")
            elif pd.notna(hi) and lo > hi:
                error(g, "born_to", f"group {g} runs from {lo} to {hi}, backwards")
        spans = [(int(t.loc[g, "born_from"]), t.loc[g, "born_to"], g) for g in t.index
                 if g in R.AGE_GROUPS and pd.notna(t.loc[g, "born_from"])]
        spans.sort(key=lambda s: (s[0], np.inf if pd.isna(s[1]) else int(s[1]), s[2]))  # (an open Born to: last)
        for (lo1, hi1, g1), (lo2, _hi2, g2) in zip(spans, spans[1:]):
            if pd.isna(hi1) or lo2 <= int(hi1):
                error(g2, "born_from", f"groups {g1} ({lo1}–{'' if pd.isna(hi1) else int(hi1)}) and {g2} (from "
                                       f"{lo2}) share birth years: a player born then would be in both")
        return found

    def _age_tables(self, season, year: int) -> tuple[pd.DataFrame, pd.DataFrame]:
        table = R.default_age_table(year)
        ag = season.tables.get("Age groups")
        if ag is not None and len(ag):
            over = ag.set_index("group")
            table = table.set_index("group")
            for g in over.index:
                if pd.notna(over.loc[g, "born_from"]) or pd.notna(over.loc[g, "born_to"]):
                    table.loc[g, "born_from"] = over.loc[g, "born_from"]
                    table.loc[g, "born_to"] = over.loc[g, "born_to"]
            table = table.reset_index()
        nxt = table.copy()  # Ruling: the next season's table is this one a year on
        nxt["born_from"] = nxt["born_from"] + 1
        nxt["born_to"] = nxt["born_to"] + 1
        return table, nxt

    def _players(self, season, table: pd.DataFrame) -> pd.DataFrame:
        r = season.results
        last = r.drop_duplicates("player", keep="last").set_index("player")
        p = pd.DataFrame({"name": last["name"], "id": last["id"], "born": last["born_year"],
                          "female": last["sex"].eq("F")})
        clubs = r[r["club"].notna()].drop_duplicates("player", keep="last").set_index("player")["club"]
        p["club"] = clubs.reindex(p.index)
        p["age_group"] = R.age_groups(p["born"], table)
        reg = season.players
        initial = p["age_group"].copy()
        if len(reg) and "strength_group" in reg.columns:
            sg = reg.dropna(subset=["strength_group"]).set_index("player")["strength_group"]
            canon = sg.map(R.canonical_group)  # (one that is not A–F is an error in validate: never met here)
            canon = canon[canon.isin(R.AGE_GROUPS)]
            initial.loc[canon.index.intersection(initial.index)] = canon
        p["initial"] = initial
        return p

    def _rules_frame(self, season, t: pd.DataFrame, players: pd.DataFrame) -> tuple[pd.DataFrame, np.ndarray]:
        """The results as aarhus_rules takes them, with ``_event_code`` (the position of the row's tournament
        in the distinct tournaments of the results, returned too, -1 for NA) and ``_player_code`` (the position
        of the row's player in `players`)."""
        r = season.results
        tinfo = t.set_index("tournament")
        canon = r["group"].map(_canon_map(r["group"]))
        groups = season.tables.get("Groups", pd.DataFrame(columns=["tournament", "group", "rounds"]))
        gkey = groups.assign(g=groups["group"].map(_canon_map(groups["group"])))
        pts = pd.to_numeric(r["points"], errors="coerce")
        # per-tournament values looked up once per tournament and taken by code (NA tournament → NA)
        tcode, tuniq = factorize_runs(r["tournament"].to_numpy(dtype=object))
        pcode, puniq = pd.factorize(r["player"].to_numpy(dtype=object))

        def per_tournament(col: pd.Series) -> pd.Series:
            values = col.reindex(tuniq).array
            return pd.Series(pd.api.extensions.take(values, tcode, allow_fill=True), index=r.index)

        # the event's day as an order: the first order of the events on its date (events on one date share it;
        # a blank date, its own order) — "a GPT earlier in the season" is one on an earlier date (ruling 11)
        when = pd.to_datetime(tinfo["date"], errors="coerce") if "date" in tinfo.columns else \
            pd.Series(pd.NaT, index=tinfo.index)
        day = tinfo["order"].groupby(when).transform("min").fillna(tinfo["order"])
        # the canonical group's integer code (-1 for none), for R.codes_of and the rounds look-up
        gcode = pd.factorize(canon.to_numpy(dtype=object))[0].astype(np.int64)
        return pd.DataFrame({
            "event": r["tournament"], "order": per_tournament(tinfo["order"]), "day": per_tournament(day),
            "kind": per_tournament(tinfo["kind"]), "player": r["player"], "group": canon,
            "place": r["place"], "half": (pts * 2).round().astype("Int64"),
            "games": pd.to_numeric(r["games"], errors="coerce").astype("Int64"),
            "rounds": _rounds_of(r, canon, gkey, (tcode, gcode)).astype("Int64"), "born": r["born_year"],
            "female": r["sex"].eq("F"), "move": r.get("move"), "status": r.get("status"),
            "_event_code": tcode.astype(np.int64), "_group_code": gcode, "_player_code": _at(players.index.get_indexer(puniq), pcode)},
            index=r.index, copy=False), np.asarray(tuniq, dtype=object)  # copy-on-write: no copy needed

    def _prizes(self, st, awards, entries, res, players, cfg, gpt_n, table) -> pd.DataFrame:
        st_t = st.assign(total=st["total_tenths"])
        names = players["name"]
        parts = [R.trophies(st_t).assign(rule="ASS §1 stk. 7"),
                 R.placement_prizes(st_t, cfg.prize_per, names).assign(rule="ASS §1 stk. 7")]
        parts.append(R.memento_prizes(awards, entries, parts[1], gpt_n, R.placement_lots(st_t, cfg.prize_per),
                                      names).assign(rule="ASS §1 stk. 7"))
        am = res[res["kind"] == R.AM].copy()
        if len(am):
            am["age_group"] = R.age_groups(am["born"], table)
            am["games"] = am["games"].fillna(am["rounds"])  # a blank Games cell: every round (ruling 1)
            parts.append(self._am_prizes(am[am["event"].notna()]))
        pz = pd.concat([p for p in parts if len(p)], ignore_index=True) if any(len(p) for p in parts) else \
            pd.DataFrame(columns=["ranking", "place", "player", "prize", "note", "rule"])
        pz["name"] = pz["player"].map(players["name"])
        pz["id"] = pz["player"].map(players["id"])
        pz["club"] = pz["player"].map(players["club"])
        pz["value"] = pz["prize"]
        pz["place"] = pd.to_numeric(pz["place"], errors="coerce").astype("Int64")
        return pz[["ranking", "place", "name", "id", "player", "club", "value", "note", "rule"]]

    @staticmethod
    def _am_prizes(am: pd.DataFrame) -> pd.DataFrame:
        """§3 for every Aarhusmesterskab at once: per event (in order of appearance) its group trophies (the
        place-1 rows; a shared first place in a group → lots), then its girls' trophy winners."""
        ev = pd.Series(pd.factorize(am["event"].to_numpy(dtype=object))[0], index=am.index)
        # §3: a trophy in each of the groups A–F and P (not N); a merged group (A+B) has one, named for its
        # strongest member group, with a note (ruling 17)
        group = am["group"].astype(object)
        first = group.where(~group.astype(str).str.contains("+", regex=False), group.astype(str).str[0])
        top = am[(am["place"] == 1) & first.isin([*R.AGE_GROUPS, "P"]).to_numpy(bool)]
        frames, keys = [], []
        if len(top):
            merged = top["group"].astype(str).str.contains("+", regex=False).to_numpy(bool)
            shared = top.groupby(["event", "group"])["player"].transform("size").to_numpy() > 1
            note = np.where(shared, "shared first place: lots to be drawn", "")
            note = np.where(merged, np.where(shared, note + "; ", "") + "merged group "
                            + top["group"].astype(str).to_numpy() + ": one trophy", note)
            frames.append(pd.DataFrame({
                "ranking": first[top.index], "place": 1, "player": top["player"],
                "prize": "Aarhusmesterskab trophy (" + top["event"].astype(str) + ")",
                "note": note, "rule": "ASS §3"}))
            keys.append(ev[top.index].to_numpy() * 2)
        g = R.girls_trophy(am, by="event")
        win = g[g["rank"] == 1]
        if len(win):
            frames.append(pd.DataFrame({
                "ranking": "P", "place": 1, "player": win["player"],
                "prize": "Girls' trophy, Pigevandrepokal (" + win["event"].astype(str) + ")",
                "note": [f"{_half(h)}/{int(n)} games, age group {a}" + (" — lots to be drawn" if lots else "")
                         for h, n, a, lots in zip(win["half"], win["games"], win["age_group"], win["lots"])],
                "rule": "ASS §3"}))
            keys.append(ev[win.index].to_numpy() * 2 + 1)
        if not frames:
            return pd.DataFrame()
        out = pd.concat(frames, ignore_index=True) if len(frames) > 1 else frames[0].reset_index(drop=True)
        return out.iloc[np.argsort(np.concatenate(keys), kind="stable")]

    # ------------------------------------------------------------------ templates

    def season_defaults(self, season: str = "") -> dict[str, list[list[Any]]]:
        from ..season import season_year

        table = R.default_age_table(season_year(season) or dt.date.today().year)  # §1 stk. 2: the season's
        ages = [["Group", "Born from", "Born to"]] + [[g, int(a), None if pd.isna(b) else int(b)]
                                                     for g, a, b in zip(table["group"], table["born_from"],
                                                                        table["born_to"])]
        players = [["ID", "Name", "Sex", "Born", "Club", "Strength group", "Rating"]]
        return {"Players": players, "Age groups": ages}

    def season_default_values(self) -> dict[str, Any]:
        return {"gpts": 5}

    def template_example(self) -> dict[str, Any]:
        return {
            "Groups": [["A", 7], ["C", 7], ["P", 6]],
            "Results": [
                ["C", 1, "Hansen, Peter", "", "Skåde Skoleskak", 1999, "D", "5½", 7, "", ""],
                ["C", "=2", "Nielsen, Line", "", "Lystrup", 2002, "P", "4,5", 7, "", ""],
                ["C", "=2", "Søren Madsen", "", "Viby", 1998, "D", 1, 2, "stay", ""],
                ["P", 1, "Sofie Berg", "", "Skåde Skoleskak", 2003, "P", 4, 6, "", ""],
            ],
        }

    def instructions(self) -> list[str]:
        return [
            "DANSK — Sådan udfyldes arbejdsbogen (én arbejdsbog pr. GPT, Aarhusmesterskab eller "
            "DM-kvalifikation)",
            "1. Arket Tournament (Turnering): skriv Navn, Dato (dag først: 15/9/2012) og Kind (art): GPT, "
            "Aarhusmesterskab eller DM-kvalifikation.",
            "2. Arket Groups (Grupper): én række pr. gruppe med antal Runder spillet i gruppen (§5 stk. 6). "
            "Grupper: AA (Plus), A–F, N (nybegyndere), P (piger); sammenlagte grupper som A+B.",
            "3. Arket Results (Resultater): én række pr. spiller: Gruppe, Placering (=3 ved delt plads), Navn, "
            "Klub, Født (år eller dato), Køn (D/M = dreng, P/K = pige), Point (4½ eller 4,5) og Partier = "
            "spillede partier (oversiddere og walk-over tæller ikke; tom = alle runder).",
            "4. Spillere der ikke spillede alle runder (eller i Plus, bortset fra nr. 6, under 25 %): afgørelsen "
            "kan skrives i kolonnen Move: op, ned eller bliv (§4 stk. 3).",
            "5. DM-kvalifikation: forhåndskvalificerede spillere skrives med Status = Forhåndskvalificeret og "
            "tomme point (§5 stk. 8).",
            "6. Send arbejdsbogen til GPM-kartoteksføreren.",
            "",
            "ENGLISH — How to fill in this workbook (one workbook per GPT, Aarhusmesterskab or DM-kvalifikation)",
            "1. Tournament sheet: Name, Date (day first: 15/9/2012) and Kind: GPT, Aarhusmesterskab or "
            "DM-kvalifikation.",
            "2. Groups sheet: one row per group with the Rounds the group played (§5 stk. 6). Groups: AA (Plus), "
            "A–F, N (beginners), P (girls); a merged group as A+B.",
            "3. Results sheet: one row per player: Group, Place (=3 for a shared place), Name, Club, Born (year or "
            "date), Sex (M/D boy, F/P/K girl), Points (4½ or 4,5) and Games = games played at the board (byes and "
            "forfeits are not games; blank = all rounds).",
            "4. Players who did not play every round (or in Plus, but for the 6th, under 25 %): the decision may "
            "be recorded in the Move column: up, down or stay (§4 stk. 3).",
            "5. DM-kvalifikation: pre-qualified players are listed with Status = Pre-qualified and blank points "
            "(§5 stk. 8).",
            "6. Send the workbook to the GPM records keeper (GPM-kartoteksfører).",
        ]


@contextmanager
def _gc_paused():
    """The cyclic garbage collector off while many container objects are created that form no cycles (a large
    list of plain dicts; a frame per GPT sheet): it would otherwise walk them again and again as they are
    created (the Moves sheets: 2 s of 7 at 10⁶ rows, 9,800 GPTs); back on afterwards if it was on."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


ALSO_P = "; also credited to P (girl in A–F, §5 stk. 4)"
P_ONLY = ("; played in P: credited to P only, not to her age group (§5 stk. 4; for Aarhusmesterskab and "
          "DM-kvalifikation, ruling 14)")
DROPPED = "; worst GPT result, dropped (§1 stk. 6)"
DROPPED_TIED = ("; worst GPT result, dropped (§1 stk. 6; another GPT result in this account is as low: the earliest "
                "of equal worst results is dropped, ruling 9)")


def _ledger_detail(index: pd.Index, codes: np.ndarray, uniq: np.ndarray, also_p: np.ndarray,
                   dropped: np.ndarray, dtype, p_only: np.ndarray | None = None,
                   tied: np.ndarray | None = None) -> pd.Series:
    """detail + ALSO_P where a girl's A–F result is also credited to P (P_ONLY where she played in P) + DROPPED
    where dropped (DROPPED_TIED where `tied`: another result of the account is as low), as a column of `dtype`; the
    detail is given as uniq[codes] (R.score_coded; a code -1 is NA, and stays NA). Each distinct (detail, P only,
    also P, dropped, tied) is written once and taken for every row."""
    codes = np.asarray(codes, dtype=np.int64)
    p_bit = np.zeros(len(codes), dtype=np.int64) if p_only is None else np.asarray(p_only, dtype=np.int64)
    t_bit = np.zeros(len(codes), dtype=np.int64) if tied is None else np.asarray(tied, dtype=np.int64)
    key = (codes.astype(np.int64) * 16 + t_bit * 8 + p_bit * 4 + also_p.astype(np.int64) * 2
           + dropped.astype(np.int64))
    kcode, kuniq = pd.factorize(key)
    text = np.empty(len(kuniq), dtype=object)
    for j, k in enumerate(kuniq.tolist()):
        c, bits = divmod(k, 16)
        text[j] = np.nan if c < 0 else (uniq[c] + (P_ONLY if bits & 4 else "") + (ALSO_P if bits & 2 else "")
                                        + ((DROPPED_TIED if bits & 8 else DROPPED) if bits & 1 else ""))
    return pd.Series(text[kcode], index=index, dtype=dtype)


def _at(values: np.ndarray, codes: np.ndarray, na: int = -1) -> np.ndarray:
    """values[codes], with `na` where a code is -1 (NA)."""
    return np.where(codes >= 0, values[codes] if len(values) else na, na)


def _take(column: pd.Series, positions: np.ndarray, index: pd.Index) -> pd.Series:
    """The values of `column` at `positions` (-1 → NA), in its dtype: a lookup by player code instead of
    mapping every row's player key through the players' index."""
    return pd.Series(column.array.take(positions, allow_fill=True), index=index)


def _ranks(values: np.ndarray) -> np.ndarray:
    """Each value's rank among the distinct values in sort order, NA last (equal values share a rank): a
    stable sort by these ranks orders the rows as sort_values on the values does (pandas sorts each key of a
    multi-column sort by the same sorted distinct values)."""
    codes, uniq = pd.factorize(values, sort=True)
    return np.where(codes < 0, len(uniq), codes).astype(np.int64)


def _sort_key(*keys: tuple[np.ndarray, int]) -> np.ndarray:
    """(rank, bound) pairs, most significant first, with 0 <= rank < bound → one int64 key ordered as the
    tuple of ranks (the bounds here multiply to far below 2**63)."""
    key = np.zeros(len(keys[0][0]), dtype=np.int64)
    for rank, bound in keys:
        key = key * bound + rank
    return key


def _canon_map(groups: pd.Series) -> dict:
    return {g: R.canonical_group(g) for g in pd.unique(groups.dropna())}


def _rounds_of(r: pd.DataFrame, canon: pd.Series, gkey: pd.DataFrame, codes: tuple | None = None) -> pd.Series:
    """The rounds of each row's (tournament, canonical group) on the Groups sheets; `codes` = integer codes of
    the tournaments and groups (-1 for NA) when the caller has them (else the values are factorised here)."""
    lookup = gkey.dropna(subset=["g"]).drop_duplicates(["tournament", "g"]).set_index(["tournament", "g"])["rounds"]
    # looked up once per distinct (tournament, group) and taken for every row
    key, first = R._combos(list(codes) if codes is not None else
                           [r["tournament"].to_numpy(dtype=object), canon.to_numpy(dtype=object)])
    idx = pd.MultiIndex.from_arrays([r["tournament"].iloc[first], canon.iloc[first]])
    return pd.Series(pd.to_numeric(lookup.reindex(idx), errors="coerce").to_numpy()[key], index=r.index)


def _group_sort(g: Any) -> int:
    order = {"AA": 0, "A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "N": 7, "P": 8}
    return order.get(g, 9)


def _half(h: Any) -> str:
    return str(R.fmt_half(np.array([int(h)]))[0])


CIRCUIT = Aarhus()
