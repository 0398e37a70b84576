"""The ACF Grand Prix (Australian Chess Federation Grand Prix By-law, 2004; seasons from 2005).

Every rule is cited by clause; the rulings of ``shared/rules/acf.md`` are implemented as written.
"""

from __future__ import annotations

import datetime as dt
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from .. import standings as st
from ..issues import Issues, col_letter, flagged_rows
from ..parse import BadValue, clean_text, header_key, read_number
from ..prizes import allocate_one_each, ordinal
from ..schemas import RowCheck
from ..spec import Field, SheetSpec
from .base import ENTRY_COLUMNS, LEDGER_COLUMNS, Circuit, Outcome, OutSheet

STATES = ("ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA")
STATE_ALIASES = (("Australian Capital Territory", "ACT"), ("New South Wales", "NSW"), ("Northern Territory", "NT"),
                 ("Queensland", "QLD"), ("South Australia", "SA"), ("Tasmania", "TAS"), ("Victoria", "VIC"),
                 ("Western Australia", "WA"), ("Overseas", "OS"), ("Other", "OS"), ("Ovs", "OS"))
DIVISIONS = ("Open", "U2000", "U1600", "Junior", "Women", "Unrated")
# the clauses that make a player ineligible for each division (its qualification, cl. 13(4)), as the ledger cites
# them: the rating rules of cl. 12 beside the division's own definition (cl. 8: "Under 2000", …; cl. 1: junior)
ELIGIBILITY = ("cl. 12(1)(b)", "cl. 8(b), 12", "cl. 8(c), 12", "cl. 1, 8(e)", "cl. 8(f)", "cl. 8(d), 12(2)")
DIVISION_ALIASES = (("Under 2000", "U2000"), ("U 2000", "U2000"), ("Sub 2000", "U2000"), ("Under 1600", "U1600"),
                    ("U 1600", "U1600"), ("Juniors", "Junior"), ("Woman", "Women"), ("Womens", "Women"),
                    ("Women's", "Women"), ("Side event", "None"), ("-", "None"), ("No", "None"))
# cl. 13(1): points for 1st–5th by class.
CLASS_POINTS: dict[int, tuple[int, ...]] = {1: (12, 9, 6, 4, 3), 2: (16, 12, 9, 6, 4), 3: (20, 15, 12, 9, 6)}
CLASS_BASE_FEE = {1: 50, 2: 100, 3: 150}  # cl. 7(2)
FEE_PER_PLAYER = 2  # cl. 7(2)
CONCESSION = 50  # cl. 7(4)
FEE_CAP = 500  # cl. 7(3)
CONCESSION_STATES = ("TAS", "SA", "WA", "NT")  # cl. 7(4)
BEST_N = 5  # cl. 14
# cl. 9: prizes by division and place; amounts come from season.xlsx (the by-law gives none).
PRIZE_PLACES = {"Open": 5, "U2000": 4, "U1600": 4, "Junior": 3, "Women": 1, "Unrated": 1, "State": 1}
PRIZE_DIVISION_ORDER = ("Open", "U2000", "U1600", "Unrated", "Junior", "Women", "State")  # ruling: equal values
DEFAULT_PRIZES = {("Open", 1): 1000, ("Open", 2): 600, ("Open", 3): 400, ("Open", 4): 250, ("Open", 5): 150,
                  ("U2000", 1): 300, ("U2000", 2): 200, ("U2000", 3): 150, ("U2000", 4): 100,
                  ("U1600", 1): 300, ("U1600", 2): 200, ("U1600", 3): 150, ("U1600", 4): 100,
                  ("Junior", 1): 300, ("Junior", 2): 200, ("Junior", 3): 100,
                  ("Women", 1): 300, ("Unrated", 1): 200, ("State", 1): 100}

_STATE = dict(choices=(*STATES, "OS"), choice_aliases=STATE_ALIASES)


class ACF(Circuit):
    name = "acf"
    title = "ACF Grand Prix"
    rulebook = "ACF"
    rankings = DIVISIONS
    club_label = "State"
    results_order = ("section", "place", "name", "id", "sex", "born", "state", "junior")
    identity_columns = ("state",)
    person_columns = ("junior",)  # cl. 1: a junior for the whole season (an organiser's Junior column counts in all)

    season_settings = (
        Field("Ties", "choice", choices=("share", "order"), default="share",
              help="share (default): tied players share the points of the places they occupy (ruling on "
                   "cl. 13); order: the listed order is the tiebreak order."),
    )
    tournament_settings = (
        Field("Name", "text", required=True, help="The tournament's name.", example="Sydney Summer Open"),
        Field("Start", "date", required=True, help="First day of play.", example=dt.date(2005, 1, 15)),
        Field("End", "date", required=True, help="Last day of play.", example=dt.date(2005, 1, 17)),
        Field("State", "choice", required=True, choices=STATES, choice_aliases=STATE_ALIASES,
              help="The State or Territory where it is played.", example="NSW"),
        Field("Capital city", "yesno", required=True, aliases=("Capital",),
              help="Yes if played in a State capital city (Canberra and Darwin count), cl. 7(4).",
              example="Yes"),
        Field("Prize money", "money", required=True, aliases=("Prize fund", "Prizes"),
              help="Total prize MONEY actually awarded, in dollars; trophies excluded (cl. 6).", example=2000),
        Field("Registered", "date", help="Date the tournament was registered with the ACF (cl. 4(1)).",
              example=dt.date(2004, 9, 1)),
        Field("Reported", "date", help="Date the results were sent to the ACF (cl. 5(2)).",
              example=dt.date(2005, 1, 20)),
        Field("Approved", "yesno", help="Approved by the State Association? (cl. 4(2))", example="Yes"),
        Field("Restricted", "yesno", help="Yes if entry was restricted, not open to all (cl. 4(3)).",
              example="No"),
        Field("Counts", "yesno", default=True,
              help="No only if the ACF decided this tournament does not count (it then awards nothing).",
              example="Yes"),
    )
    results_columns = (
        Field("Section", "text", aliases=("Sección", "Group", "Event"),
              help="The section's name exactly as on the Sections sheet; may be blank for a one-section "
                   "tournament.", example="Open", width=16),
        Field("Place", "place", required=True, aliases=("Rank", "Pos", "Position", "Rk", "Rk.", "No"),
              help="Final place in the section: 1, 2, 3 …; a shared place as =3 (or 3= or 3-4) on every tied "
                   "row.", example="=3", width=8),
        Field("State", "choice", aliases=("Fed", "From"), **_STATE,
              help="The player's State (ACT, NSW, NT, QLD, SA, TAS, VIC, WA) or OS for overseas.",
              example="VIC", width=8),
        Field("Junior", "yesno", help="Optional: Yes for a junior (under 18 on 1 January), cl. 5(2)(e). "
                                      "Wins over the birth date.", example="No", width=8),
    )
    register_columns = (
        Field("ACF rating", "number", aliases=("ACF", "Rating", "National rating", "ACF Dec", "ACF December"),
              minimum=0, maximum=3500,
              help="Rating on the ACF December list (cl. 11(1)); blank if not on it."),
        Field("FIDE rating", "number", aliases=("FIDE", "Elo", "FIDE Jan", "FIDE January"), minimum=0, maximum=3500,
              help="Rating on the FIDE January list; used only if not ACF-rated (cl. 11(2))."),
        Field("State", "choice", **_STATE, help="The player's State, for the State prize (cl. 8(g))."),
    )
    tournament_checks = (
        RowCheck("dates-backwards", ("start", "end"),
                 lambda t: ~(pd.to_datetime(t["end"]) < pd.to_datetime(t["start"])), "end",
                 "End ({end}) is before Start ({start})", "check the two dates: End is the last day of play"),
    )
    tournament_sheets = (
        SheetSpec("Sections", (
            Field("Section", "text", required=True, help="A section's name as used in the Results sheet.",
                  example="Open", width=24),
            Field("Division", "choice", required=True, choices=(*DIVISIONS, "None"),
                  choice_aliases=DIVISION_ALIASES,
                  help="The GP division this section is for (cl. 13(2)); None for a side event.",
                  example="Open", width=14),
        )),
    )
    season_sheets = (
        SheetSpec("Prizes", (
            Field("Division", "choice", required=True, choices=(*DIVISIONS, "State"),
                  choice_aliases=DIVISION_ALIASES),
            Field("Place", "int", required=True),
            Field("Value", "money", required=True, aliases=("Amount", "Prize")),
        ), help="Division | Place | Value, one row per prize (cl. 9); the State prize as State, 1."),
        SheetSpec("Points", (), help="Optional: Class | 1 | 2 | 3 | 4 | 5 to override cl. 13(1)."),
    )

    # ------------------------------------------------------------------ validation

    def place_key(self, column: str, values: pd.Series) -> pd.Series:
        """Sections as the Sections sheet matches them (case and spaces ignored: "minor " = "MINOR" = "Minor")."""
        return _keys(values) if column == "section" else values

    def unplaced(self, season, results: pd.DataFrame) -> np.ndarray:
        """Rows naming a section the tournament's Sections sheet does not list (`unknown-section`), and rows
        leaving Section blank in a tournament of several sections (`blank-section`)."""
        secs = season.tables.get("Sections")
        if secs is None or not len(secs) or "section" not in results.columns:
            return np.zeros(len(results), dtype=bool)
        listed = set(zip(secs["tournament"], _keys(secs["section"])))
        in_mapped = results["tournament"].isin(set(secs["tournament"])).to_numpy()
        named = results["section"].notna().to_numpy()
        several = secs.groupby("tournament").size()
        # a blank Section where the tournament has several (`blank-section`)
        out = ~named & st.tmap(results["tournament"], several).gt(1).to_numpy()
        pairs = results.loc[in_mapped & named, ["tournament", "section"]].drop_duplicates()
        wrong = [(t, s) for t, s, k in zip(pairs["tournament"], pairs["section"], _keys(pairs["section"]))
                 if (t, k) not in listed]
        if wrong:
            sub = pd.MultiIndex.from_frame(results[["tournament", "section"]].astype(object))
            out |= in_mapped & named & sub.isin(wrong)
        return out

    def validate(self, season, issues: Issues) -> None:
        year = season.year
        if year and year < 2005:
            issues.warning("season-before-2005", f"season {year}: the by-law governs seasons from 2005; cl. 16 "
                           "keeps the previous Grand Prix Rules in force for 2004", **season.setting_where("season"))
        prize_table = season.tables.get("Prizes")
        if prize_table is not None and len(prize_table):  # one row per prize: a repeat is a typo (Open 1 for 2)
            twice = prize_table[prize_table["division"].notna() & prize_table["place"].notna()
                                & prize_table.duplicated(["division", "place"])]
            for row in twice.itertuples():
                issues.error("prize-twice", f"Prizes: {row.division} place {row.place} is listed twice",
                             hint="one row per prize: correct the place (or delete the extra row)",
                             **season.where(row, "place"))
            for row in prize_table[~_in_bylaw(prize_table) & prize_table["division"].notna()
                                   & prize_table["place"].notna()].itertuples():
                n = PRIZE_PLACES[row.division]
                has = "one per State, as place 1" if row.division == "State" else (
                    "1st only" if n == 1 else f"1st to {ordinal(n)}")
                issues.warning("prize-not-in-bylaw", f"Prizes: cl. 9 has no {row.division} prize for place "
                               f"{row.place} ({row.division}: {has}); this row is not used",
                               hint="delete the row, or correct its place", **season.where(row, "place"))
            if not (prize_table["division"].eq("State") & _in_bylaw(prize_table)).any():
                # cl. 8(g) prizes exist only with a State row
                issues.warning("no-state-prize", "the Prizes sheet has no State row, so no State prizes are "
                               "allocated (cl. 8(g))", file="season.xlsx", sheet="Prizes",
                               hint="add a row State | 1 | value to give each State's best player a prize")
        _zero_ratings(season, issues)
        if not _has_ratings(season):
            names = self.register_spec().names()
            there = any(f == "season.xlsx" and header_key(sh) in names for f, sh in season.letters)
            filled = "fill in the Players sheet:" if there else "add a Players sheet with"
            issues.warning("no-ratings", "season.xlsx has no Players register with ratings: every player is "
                           "unrated (cl. 12(2)), so no one can score in U2000 or U1600",
                           file="season.xlsx", sheet="Players",
                           hint=f"{filled} ID, Name, ACF rating, FIDE rating, State (cl. 11)")
        self._points_table(season)  # (a bad Points row is an error; compute reads the table again when none is)
        # (what depends on the input alone is said here, not while scoring — `check` then lists it even when an
        # error elsewhere stops the scoring — but not about a file with errors: a warning drawn from a value that
        # is itself an error would be a second message for one mistake)
        wrong = issues.files_with_errors()
        if "Prizes" not in season.tables and "season.xlsx" not in wrong:
            issues.warning("no-prize-table", "season.xlsx has no Prizes sheet: prizes are allocated with no "
                           "amounts, so all in the order for equal values (Open, U2000, U1600, Unrated, Junior, "
                           "Women; then place)", file="season.xlsx",
                           hint="add a Prizes sheet: Division | Place | Value (gpcalc new acf writes one)")
        t = season.tournaments
        if t.empty:
            return
        self._check_sections(season, issues)
        wrong = issues.files_with_errors()
        if "season.xlsx" in wrong:  # (the season's year may be the wrong value)
            return
        for tour in t.itertuples():
            if tour.file in wrong:
                continue
            for code, text, key, sev in _compliance(tour, year):
                (issues.warning if sev == "warning" else issues.info)(
                    code, f"{tour.tournament}: {text}", cell=tour.cells.get(key, ""), hint=_HINTS.get(code, ""),
                    file=tour.file, sheet=tour.sheet)
        _junior_edge_warnings(season, year, wrong)

    def _check_sections(self, season, issues: Issues) -> None:
        """cl. 13(2): every section of a multi-section tournament is mapped to a division, once."""
        secs = season.tables.get("Sections", pd.DataFrame(columns=["tournament", "section", "division"]))
        secs = secs.assign(_k=_keys(secs["section"]))
        r = season.results
        # one row per (tournament, section) is enough: the first row of each section, blank included
        firsts = r.drop_duplicates(["tournament", "section"])[["tournament", "section", "file", "sheet", "row"]]
        firsts = firsts.assign(_k=_keys(firsts["section"]))
        for row in flagged_rows(secs, secs.duplicated(["tournament", "_k"])):
            issues.error("duplicate-section", f"the section '{row.section}' is listed twice",
                         hint="list each section once", **season.where(row, "section"))
        mapped_t = set(secs["tournament"])
        named = firsts[firsts["section"].notna()]
        unmapped = named[~named["tournament"].isin(mapped_t)]
        counts = unmapped.groupby("tournament", sort=False)["section"]
        for tour, names in counts:
            if len(names) > 1:
                file = unmapped.loc[unmapped["tournament"] == tour, "file"].iloc[0]
                # the workbook's Sections sheet, when it has one (left empty: the template's, not filled in)
                sections = next(s for s in self.tournament_sheets if s.name == "Sections").names()
                sheet = next((sh for (f, sh) in season.letters if f == file and header_key(sh) in sections), None)
                where = {"sheet": sheet, "cell": "A2"} if sheet else {}
                what = "the Sections sheet is empty" if sheet else "there is no Sections sheet"
                issues.error("sections-missing", f"the results have {len(names)} sections "
                             f"({', '.join(sorted(names))}) but {what} mapping them to divisions (cl. 13(2))",
                             file=file, hint=f"{'fill in the' if sheet else 'add a'} Sections sheet: Section | "
                                             "Division (Open, U2000, U1600, Junior, Women, Unrated or None), one row "
                                             "per section", **where)
        if mapped_t:  # (most seasons have no Sections sheet at all: nothing to match)
            listed = named[named["tournament"].isin(mapped_t)].astype({"tournament": object, "_k": object}).merge(
                secs[["tournament", "_k"]].drop_duplicates().astype(object), on=["tournament", "_k"], how="left",
                indicator=True)  # (as objects: an empty sheet's columns have no text dtype to match)
            for row in flagged_rows(listed, listed["_merge"] == "left_only"):
                issues.error("unknown-section", f"the section '{row.section}' is not on the Sections sheet",
                             hint="add it to the Sections sheet with its division, or correct the spelling",
                             **season.where(row, "section"))
        several = secs.groupby("tournament").size()
        for row in flagged_rows(firsts, firsts["section"].isna() & firsts["tournament"].map(several).gt(1)):
            names = sorted(secs.loc[secs["tournament"] == row.tournament, "section"].astype(str))
            if row.file in issues.places:  # a TRF or an export (README: one such file is one section)
                sections = next(s for s in self.tournament_sheets if s.name == "Sections").names()
                sheet = next((sh for (f, sh) in season.letters if f == row.file and header_key(sh) in sections),
                             "Sections")
                issues.error("blank-section", f"the Sections sheet lists {len(names)} sections ({', '.join(names)}), "
                             "but a TRF or an export is one section: it says no player's section",
                             file=row.file, sheet=sheet, cell="A2",
                             hint="give each section a file of its own (its own sidecar, with a Sections sheet "
                                  "of that one section)")
                continue
            if not season.letters.get((row.file, row.sheet), {}).get("section"):
                # (no Section column at all: one error at the header, not "blank" at a cell of another column)
                issues.error("missing-column", f"the Results sheet has no Section column, but the Sections sheet "
                             f"lists {len(names)} sections ({', '.join(names)})", file=row.file, sheet=row.sheet,
                             cell="A1", hint="add a column headed Section and write each player's section")
                continue
            issues.error("blank-section", "Section is blank in a tournament with several sections",
                         hint="write the section of every player", **season.where(row, "section"))

    # ------------------------------------------------------------------ compute

    def compute(self, season) -> Outcome:
        year = season.year
        # every tournament label as a code, in the labels' sort order: factorised once for all the steps
        tcodes = st.factorize_runs(season.results["tournament"], sort=True)
        tours = self._tournaments(season, tcodes)
        players = self._players(season, year)
        ledger, key = self._points(season, tours, players, tcodes)
        entries = _entries(ledger, key)
        entries["counted"] = st.select_best(entries, BEST_N)
        standings = self._standings(entries, players)
        prizes = self._prizes(season, standings, players)
        clubs, states_sheet = self._states(standings, prizes, players)
        if key is not None:  # one entry per ledger row, in the same order
            ledger["counted"] = entries["counted"].to_numpy()
        else:
            ledger = ledger.merge(entries[["ranking", "player", "tournament", "counted"]],
                                  on=["ranking", "player", "tournament"], how="left")
        # the ledger by division, then in date order (the season's tournament order, as in the other circuits'
        # ledgers) — scoring ran through the tournaments by name; within a tournament its order stays
        t_order = pd.Series(season.tournaments["order"].to_numpy(), index=season.tournaments["tournament"])
        div = pd.Categorical(ledger["ranking"], categories=list(DIVISIONS)).codes
        ledger = ledger.take(np.lexsort((ledger["tournament"].map(t_order).to_numpy(), div))).reset_index(drop=True)
        ties = season.settings.get("ties") or "share"
        rated = _has_ratings(season)
        summary = [
            ("Rules", "ACF Grand Prix By-law (8 April 2004), with gpcalc's rulings (README)"),
            ("Ties", f"{ties} — " + ("tied players share the points of the places they occupy"
                                     if ties == "share" else "the listed order is the tiebreak order")),
            ("Points", "cl. 13 by class; a division's points go only to players eligible for its prize "
                       "(ruling on cl. 12/13(4)); cascade Open → U2000 → U1600 (ruling on cl. 13(3))"),
            ("Score", f"best {BEST_N} results per division (cl. 14)"),
            ("Prizes", "one prize per player, highest value first (cl. 10); State prize after all others "
                       "(cl. 8(g)); equal scores by count-back, else marked for the coordinator"),
            ("Ratings", "ACF December list (register ACF rating), else FIDE January list (cl. 11)"
             if rated else "none: season.xlsx has no Players register with ratings"),
        ]
        # the warnings the rulebook wants where they cannot be missed: on the first sheet (acf.md)
        if season.year and season.year < 2005:
            summary.insert(0, ("Warning", f"season {season.year}: the by-law governs seasons from 2005; cl. 16 keeps "
                                          "the previous Grand Prix Rules in force for 2004 — these standings apply "
                                          "the 2005 by-law"))
        if not rated:
            summary.insert(0, ("Warning", "no ratings: season.xlsx has no Players register with ratings, so every "
                                          "player is unrated (cl. 12(2)) and no one scores in U2000 or U1600 — "
                                          "add the register (ID, Name, ACF rating, FIDE rating, State) and build "
                                          "again"))
        tcols = ["tournament", "name", "start", "end", "state", "capital_city", "players", "prize_money", "class",
                 "fee", "concession", "fee_computation", "sections", "counts", "warnings", "file"]
        return Outcome(
            ledger=ledger, entries=entries, standings=standings, tournaments=tours[tcols], prizes=prizes,
            clubs=clubs, rankings=list(DIVISIONS), standings_extra=["rating", "rating_source"],
            sheets=[states_sheet], summary=summary, tournament_json=["class", "fee", "concession", "state"],
            clubs_sheet="States", points_decimals=2, clubs_total=("Total", "int"),
            counting_note=f"Counted: each player's {BEST_N} best results in the division (cl. 14; equal points: "
                          "the earlier tournament); the others are dropped.",
            clubs_note="The by-law gives no State score: each State's number of players with Grand Prix points "
                       "(gpcalc ruling), with its prize winners beside it.",
            prizes_note="One prize per player: the highest value (cl. 10). Passed over = players skipped because "
                        "they already hold a prize.",
        )

    # -- tournaments: class (cl. 6), fee (cl. 7), compliance (cl. 4, 5)
    def _tournaments(self, season, tcodes: tuple[np.ndarray, pd.Index]) -> pd.DataFrame:
        t = season.tournaments.copy()
        year = season.year
        t_code, t_names = tcodes
        counts = pd.Series(np.bincount(t_code[t_code >= 0], minlength=len(t_names)), index=t_names)
        t["players"] = t["tournament"].map(counts).fillna(0).astype(int)
        money = t["prize_money"].astype(float)
        t["class"] = np.select([money < 1500, money < 2500], [1, 2], 3)  # cl. 6(1)
        t["concession"] = (t["capital_city"].eq(False) | t["state"].isin(CONCESSION_STATES)).astype(bool)
        raw = t["class"].map(CLASS_BASE_FEE) + FEE_PER_PLAYER * t["players"] - np.where(t["concession"],
                                                                                        CONCESSION, 0)
        t["fee"] = np.minimum(FEE_CAP, raw)  # ruling: concession off the cl. 7(2) total, then the cap
        # each section's division as the organiser mapped it (cl. 13(2)): the lists of the ledger can be checked
        # from this sheet (a small table: one row per section)
        sec = season.tables.get("Sections")
        mapped = pd.Series(dtype=object)
        if sec is not None and len(sec) and {"tournament", "section", "division"} <= set(sec.columns):
            div = sec["division"].astype(str).str.strip()
            text = sec["section"].astype(str).str.strip() + " → " + div.where(div != "None", "None (side event)")
            grouped = text.groupby(sec["tournament"], sort=False)
            mapped = grouped.agg("; ".join)
            # one listed section is scored as an Open tournament whatever it is mapped to (cl. 13(4)): said so
            one = grouped.size() == 1
            mapped[one] = mapped[one] + " (one section: scored as an Open tournament, cl. 13(4))"
        t["sections"] = t["tournament"].map(mapped).astype(object).fillna(
            "one section: an Open tournament (cl. 13(4))")
        t["fee_computation"] = [_fee_text(int(c), int(n), bool(k), int(r)) for c, n, k, r in
                                zip(t["class"], t["players"], t["concession"], raw)]
        t["counts"] = t["counts"].map(lambda v: v is not False)
        warnings_col = []
        for tour in t.itertuples():
            notes = _compliance(tour, year)  # (said as issues by validate)
            if not tour.counts:
                notes.append(("not-counted", "Counts = No: listed, awards no points", "counts", "warning"))
            warnings_col.append("; ".join(n[1] for n in notes))
        t["warnings"] = warnings_col
        t["points_table"] = t["class"].map(self._points_table(season))
        return t

    def _points_table(self, season) -> dict[int, tuple[float, ...]]:
        table = {k: tuple(float(x) for x in v) for k, v in CLASS_POINTS.items()}
        raw = season.raw_sheets.get("Points")
        if raw is None:
            return table
        # (each row keeps its own Excel row number: blank rows are skipped, not renumbered)
        rows = [(i, r) for i, r in enumerate(raw.rows, start=1) if any(clean_text(v) for v in r)]
        for i, row in rows[1:]:
            try:
                cls = int(float(clean_text(row[0]).lower().replace("class", "").strip()))
            except (ValueError, IndexError, TypeError):
                season.issues.error("bad-value", f"Points: '{clean_text(row[0]) if row else ''}' is not a class "
                                    "number: each row is a class number then its points", file="season.xlsx",
                                    sheet=raw.name, cell=f"A{i}", hint="write e.g. 3 | 20 | 15 | 12 | 9 | 6")
                continue
            if cls not in CLASS_POINTS:
                season.issues.error("bad-value", f"Points: class {cls} is not a class of the by-law (cl. 6: "
                                    f"{', '.join(map(str, sorted(CLASS_POINTS)))})", file="season.xlsx",
                                    sheet=raw.name, cell=f"A{i}",
                                    hint="write e.g. 3 | 20 | 15 | 12 | 9 | 6 — one row per class 1, 2 or 3")
                continue
            # points as people type them (12,5, 10½): the number reader the workbooks use; each at its own cell
            pts_list, bad = [], False
            for j, v in enumerate(row[1:], start=1):
                if clean_text(v) == "":
                    continue
                try:
                    value = float(read_number(v))
                except (ValueError, TypeError, BadValue):
                    value = None
                if value is None or value < 0 or value != value:
                    what = f"'{clean_text(v)}' is not a number" if value is None or value != value else \
                        f"{value:g} is negative"
                    season.issues.error("bad-value", f"Points: class {cls}, place {j}: {what}", file="season.xlsx",
                                        sheet=raw.name, cell=f"{col_letter(j)}{i}",
                                        hint="write e.g. 12 or 10,5: the place's points, 0 or more")
                    bad = True
                pts_list.append(value)
            if bad:
                continue
            pts = tuple(pts_list)
            # each column is a place: a blank before the last filled place would move the later points up one
            # place (CONTRACT: blank only beyond the last place that scores)
            filled = [j for j, v in enumerate(row[1:]) if clean_text(v) != ""]
            gap = next((j for j in range(filled[-1]) if clean_text(row[1 + j]) == ""), None) if filled else None
            if gap is not None:
                season.issues.error("bad-value", f"Points: class {cls} has no points for place {gap + 1} but has "
                                    "points for a later place", file="season.xlsx", sheet=raw.name,
                                    cell=f"{col_letter(gap + 1)}{i}",
                                    hint="write 0 for a place that gets no points; leave blank only the places "
                                         "after the last one that scores")
                continue
            table[cls] = pts
        return table

    # -- players: status (cl. 1, 11)
    def _players(self, season, year: int) -> pd.DataFrame:
        r = season.results
        reg = season.players
        cols = ["player", "acf_rating", "fide_rating", "state"]
        reg = reg[[c for c in cols if c in reg.columns]].drop_duplicates("player") if len(reg) else \
            pd.DataFrame(columns=cols)
        last = r.loc[~r["player"].duplicated(keep="last"), ["player", "name", "id", "sex"]]
        p = pd.DataFrame({"player": pd.Index(last["player"].to_numpy(), dtype=object), "name": last["name"].to_numpy(),
                          "id": last["id"].to_numpy(), "sex": last["sex"].to_numpy()})
        p = p.merge(reg.rename(columns={"state": "reg_state"}), on="player", how="left")
        # State: the register's, else the player's latest tournament row with one.
        with_state = r.loc[r["state"].notna(), ["player", "state"]]
        st_rows = with_state[~with_state["player"].duplicated(keep="last")].set_index("player")["state"]
        p["state"] = p["reg_state"].where(p["reg_state"].notna(), p["player"].map(st_rows))
        acf = pd.to_numeric(p.get("acf_rating"), errors="coerce")
        fide = pd.to_numeric(p.get("fide_rating"), errors="coerce")
        p["rating_source"] = np.select([acf.notna(), fide.notna()], ["ACF", "FIDE"], "unrated")
        p["rating"] = acf.where(acf.notna(), fide)
        p["woman"] = p["sex"].eq("F")
        return p

    # -- points in each tournament (cl. 13), by the rulebook's one procedure
    def _points(self, season, tours: pd.DataFrame, players: pd.DataFrame,
                tcodes: tuple[np.ndarray, pd.Index]) -> tuple[pd.DataFrame, np.ndarray | None]:
        """One ledger row per scoring (division, tournament, player). Vectorised over every division and
        tournament at once on integer codes: each division's list (ruling on cl. 13(2)–(4)) is a run of
        section blocks of the results sorted once by (tournament, section, place, row).
        Also returns each ledger row's (division, tournament, player) as one integer when these are unique
        and never blank (always, in a season without errors), else None."""
        r = season.results
        year = season.year
        share = (season.settings.get("ties") or "share") == "share"
        secs = season.tables.get("Sections", pd.DataFrame(columns=["tournament", "section", "division", "row"]))
        # Junior status per row (cl. 1): the organiser's Junior column wins; else the birth date/year.
        cutoff = pd.Timestamp(year - 18, 1, 1)
        by_date = r["born_date"] > cutoff
        by_year = r["born_year"].astype("Float64") >= (year - 18)
        computed = by_date.where(r["born_date"].notna(), by_year.fillna(False).astype(bool))
        is_junior = r["junior"].where(r["junior"].notna(), computed).astype(bool)
        edge = _bare_junior_year(r, year)  # (the ledger says so; validate warned of it)
        # a junior only by the organiser's Junior column, against the birth date given (the ledger says so)
        by_column = (r["junior"].eq(True).fillna(False) & ~computed.fillna(False).astype(bool)
                     & r["born_year"].notna())
        # Prize eligibility (cl. 12) of each row: by the player's rating (cl. 11), taken per player; junior
        # and woman per row. A player not in `players` (pidx -1) picks the trailing row: no rating.
        pidx = pd.Index(players["player"]).get_indexer(r["player"])
        none = pd.Series(False, index=range(len(players) + 1))
        by_player = eligibility(pd.Series([*players["rating_source"].tolist(), np.nan], dtype=object),
                                pd.Series([*players["rating"].tolist(), np.nan], dtype="float64"), none, none)
        eligible = by_player[list(DIVISIONS)].to_numpy(dtype=bool)[pidx].T  # [division, row]
        eligible[DIVISIONS.index("Junior")] = is_junior.to_numpy(dtype=bool)
        eligible[DIVISIONS.index("Women")] = r["sex"].eq("F").fillna(False).to_numpy(dtype=bool)

        tinfo = tours.set_index("tournament")
        points_table = tinfo["points_table"]
        t_code, t_names = tcodes  # code order = the tournaments' sort order
        s_code, s_names = pd.factorize(r["section"])
        k_names, k_of = np.unique(np.array([_key(v) for v in [*s_names, None]], dtype=object), return_inverse=True)
        k_code = k_of[s_code]  # the section's key (-1, a blank section, is the last entry)
        place = r["place"].to_numpy(dtype="float64", na_value=np.nan)
        n = len(r)
        # Section blocks: the rows of one (tournament, section), best place first (equal places: sheet row).
        srt = np.lexsort((r["row"].to_numpy(), place, k_code, t_code))
        ts, ks, ps = t_code[srt], k_code[srt], place[srt]
        start = np.flatnonzero(_runs(ts, ks, first=True))
        end = np.r_[start[1:], n].astype(np.int64)
        n_keys = max(len(k_names), 1)
        block_key = ts[start].astype(np.int64) * n_keys + ks[start]
        first_seen = np.minimum.reduceat(srt, start) if n else start
        # Section order per tournament and division (ruling on cl. 13(2)-(4)), only counting tournaments.
        counts = tinfo["counts"].reindex(t_names).astype(bool).to_numpy()
        o_t, o_k, o_rank, o_mode, o_div = _section_orders(ts[start], ks[start], first_seen, list(t_names),
                                                          list(k_names), secs)
        at = np.minimum(np.searchsorted(block_key, o_t * n_keys + o_k), max(len(block_key) - 1, 0))
        keep = (o_k >= 0) & counts[o_t] & (block_key[at] == o_t * n_keys + o_k) if len(block_key) else \
            np.zeros(len(o_t), dtype=bool)
        o = np.lexsort((o_rank[keep], o_t[keep], o_div[keep]))  # division, tournament (by name), section rank
        o_t, o_k, o_mode, o_div, at = (a[keep][o] for a in (o_t, o_k, o_mode, o_div, at))
        listing = _listings(o_div, o_t, o_k, k_names, s_names, k_of)
        o_start, o_end = start[at], end[at]
        # points of each list position by class (cl. 13(1)), 0 beyond the table
        cls = tinfo["class"].reindex(t_names).astype("float64").to_numpy()
        by_class = dict(zip(tinfo["class"], points_table))
        width = max([len(tbl) for tbl in by_class.values()], default=0)
        table = np.zeros((len(t_names), width + 1))
        for c, tbl in by_class.items():
            table[cls == float(c), 1:len(tbl) + 1] = tbl
        # A division's list (one per division and tournament) runs through its section blocks in order. Only
        # its start can score: up to the `width`-th eligible player and the rest of that player's tie. Each
        # block is cut there (and later blocks dropped) — exact, since list positions and skipped players
        # count only what comes before. Not when a section is listed twice: its ties would span two blocks.
        before = np.zeros((len(DIVISIONS), n + 1), dtype=np.int64)  # eligible rows before each sorted row
        np.cumsum(eligible[:, srt], axis=1, out=before[:, 1:])
        repeated = _repeated(o_div, o_t, o_k)
        if not repeated:
            in_block = before[o_div, o_end] - before[o_div, o_start]
            ahead = _exclusive_cumsum(in_block, _runs(o_div, o_t, first=True))
            need = width - ahead  # eligible players the list still needs when the block starts
            live = need > 0
            o_t, o_k, o_mode, o_div, o_start, o_end, need = (
                a[live] for a in (o_t, o_k, o_mode, o_div, o_start, o_end, need))
            cut = o_end.copy()
            run_end = _run_end(ts, ks, ps)  # the last sorted row of each row's (tournament, section, place)
            target = before[o_div, o_start] + need
            for d in range(len(DIVISIONS)):
                sel = np.flatnonzero(o_div == d)
                nth = np.searchsorted(before[d], target[sel]) - 1  # sorted row of the need-th eligible
                inside = nth < o_end[sel]
                cut[sel[inside]] = np.minimum(o_end[sel[inside]], run_end[nth[inside]] + 1)
            o_end = cut
        # Expand each (division, tournament, section) to its (cut) block of rows: the divisions' lists, in order.
        lengths = o_end - o_start
        total = int(lengths.sum())
        offsets = np.cumsum(lengths) - lengths
        src = srt[np.repeat(o_start - offsets, lengths) + np.arange(total, dtype=np.int64)]
        e_div, e_t, e_k, e_mode = (np.repeat(a, lengths) for a in (o_div, o_t, o_k, o_mode))
        # one list per (division, tournament): ineligible players are skipped (cl. 12), the rest numbered
        new_list = _runs(e_div, e_t, first=True)
        ok = eligible[e_div, src]
        skipped = _exclusive_cumsum(~ok, new_list) + ~ok
        pos = _exclusive_cumsum(ok, new_list) + ok
        e = np.flatnonzero(ok)
        src, e_div, e_t, e_k, e_mode, skipped, pos = (a[e] for a in (src, e_div, e_t, e_k, e_mode, skipped, pos))
        e_place = place[src]
        pos_points = np.where(pos <= width, table[e_t, np.minimum(pos, width)], 0.0)
        # Ties: one group per (tournament, division, section, place); a blank place is in no group.
        tie_id = _runs(e_div, e_t, e_k, e_place)
        if repeated:  # a section twice in one list: its ties are not consecutive
            tie_id = pd.Series(e_place).groupby([e_div, e_t, e_k, e_place]).ngroup().to_numpy()
        grouped = ~np.isnan(e_place)
        tie_id = np.where(grouped, tie_id, -1)
        tie_n = np.bincount(tie_id[grouped], minlength=len(tie_id))[tie_id] if len(tie_id) else tie_id
        tie_first = _group_reduce(np.minimum, pos, tie_id, grouped)
        tie_last = _group_reduce(np.maximum, pos, tie_id, grouped)
        if share:
            # a group's mean is pandas' own (the same summation), taken only where a member has points
            points = np.where(grouped, 0.0, np.nan)
            live = np.zeros(tie_id.max() + 2 if len(tie_id) else 1, dtype=bool)
            live[tie_id[pos_points != 0]] = True
            live[-1] = False
            sel = np.flatnonzero(live[tie_id])
            points[sel] = pd.Series(pos_points[sel]).groupby(tie_id[sel]).transform("mean").to_numpy()
        else:
            points = pos_points
        f = np.flatnonzero(points > 0)
        src, e_t, e_div = src[f], e_t[f], e_div[f]
        table_of, tables = pd.factorize(pd.Series(points_table.reindex(t_names).tolist(), dtype=object).to_numpy())
        # each row's list, when it runs through several sections (one look-up per distinct list)
        n_t = max(len(t_names), 1)
        lists, l_at = np.unique(e_div.astype(np.int64) * n_t + e_t, return_inverse=True)
        listed = np.array([listing.get((int(x) // n_t, int(x) % n_t), "") for x in lists], dtype=object)
        detail = _details(share, cls=cls[e_t].astype("int64"), div=e_div, pos=pos[f], section=s_code[src],
                          listing=listed[l_at] if len(lists) else None,
                          sections=s_names, place=r["place"].take(src).astype("int64").to_numpy(),
                          tied=r["place_tied"].to_numpy()[src], skipped=skipped[f], points=points[f],
                          tie_n=tie_n[f], tie_first=tie_first[f], tie_last=tie_last[f], table=table_of[e_t],
                          tables=tables, mode=e_mode[f],
                          bare_year=edge.to_numpy(bool)[src] & (e_div == DIVISIONS.index("Junior")), year=year,
                          by_column=by_column.to_numpy(bool)[src] & (e_div == DIVISIONS.index("Junior")))
        division = pd.array(np.asarray(DIVISIONS, dtype=object)[e_div], dtype="str")
        rules = np.asarray(["ACF 13(2)", "ACF 13(3)", "ACF 13(4)", "ACF 13(2)-(4) ruling", "ACF 13(3) + ruling",
                            "ACF 13(2)-(4) ruling"], dtype=object)  # by mode
        ledger = pd.DataFrame({
            "tournament": r["tournament"].take(src).reset_index(drop=True),
            "date": tinfo["start"].reindex(t_names).to_numpy(object)[e_t],
            "ranking": division,
            **{c: r[c].take(src).reset_index(drop=True) for c in ("player", "name", "id")},
            "points": points[f].astype("float64"),
            "rule": pd.array(rules[e_mode[f]], dtype="str"),
            "detail": pd.array(detail, dtype="str"),
        }, columns=LEDGER_COLUMNS)
        if ledger.empty:  # nothing scores: the column types an empty ledger has always had
            ledger["detail"] = ledger["detail"].astype(object)
            if not n:
                ledger["tournament"] = ledger["tournament"].astype(object)
            return ledger, None
        key = (e_div.astype(np.int64) * len(t_names) + e_t) * max(len(players), 1) + pidx[src]
        unique = (pidx[src] >= 0).all() and not pd.Index(key).has_duplicates and not ledger["player"].isna().any()
        return ledger, (key if unique else None)

    # -- standings per division (cl. 14)
    def _standings(self, entries: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
        tot = st.totals(entries, decimals=9)
        cb = st.countback(entries, BEST_N)
        s = tot.merge(cb, on=["ranking", "player"], how="left")
        s = s.merge(players[["player", "name", "id", "state", "rating", "rating_source"]], on="player", how="left")
        s["club"] = s["state"]
        s["_div"] = s["ranking"].map({d: i for i, d in enumerate(DIVISIONS)})
        s = st.rank_with_ties(s, ["total"], [False], group="_div", then=[f"cb{i + 1}" for i in range(BEST_N)])
        # count-back order for display within equal totals
        s = s.sort_values(["_div", "rank", *[f"cb{i + 1}" for i in range(BEST_N)], "name"],
                          ascending=[True, True, *[False] * BEST_N, True], kind="stable").reset_index(drop=True)
        return s.drop(columns="_div")

    # -- prizes (cl. 8–10) and the State prize (cl. 8(g))
    def _prizes(self, season, standings: pd.DataFrame, players: pd.DataFrame) -> pd.DataFrame:
        table = season.tables.get("Prizes")
        if table is not None and len(table):
            table = table[_in_bylaw(table)]  # (a place cl. 9 does not have: warned in validate, not awarded)
            prizes = table.rename(columns={"division": "ranking"})[["ranking", "place", "value"]].copy()
        else:
            prizes = pd.DataFrame([{"ranking": d, "place": p, "value": None} for d, n in PRIZE_PLACES.items()
                                   for p in range(1, n + 1)])
        prizes["_div"] = prizes["ranking"].map({d: i for i, d in enumerate(PRIZE_DIVISION_ORDER)})
        prizes["_v"] = pd.to_numeric(prizes["value"], errors="coerce").fillna(0)
        prizes = prizes.sort_values(["_v", "_div", "place"], ascending=[False, True, True], kind="stable")
        main = prizes[prizes["ranking"] != "State"]
        keys = ["total", *[f"cb{i + 1}" for i in range(BEST_N)]]
        order = standings.sort_values(["ranking", "rank", *keys[1:], "name"],
                                      ascending=[True, True, *[False] * BEST_N, True], kind="stable")
        names = {"total": "total", **{f"cb{i + 1}": f"count-back (cl. 10): {_ordinal_word(i + 1)}best result"
                                       for i in range(BEST_N)}}
        won = allocate_one_each(main[["ranking", "place", "value"]], order, keys, rule="cl. 10", key_names=names)
        won["rule"] = "ACF cl. 9, 10"
        # State prize: each State without a winner → its best player who has won nothing (ruling: highest
        # score in any division).
        state_value = prizes.loc[prizes["ranking"] == "State", "value"]
        state_rows = []
        if len(state_value) or table is None or not len(table):
            value = state_value.iloc[0] if len(state_value) else None
            winners = set(won["player"].dropna())
            best = standings.sort_values(["total", *keys[1:]], ascending=False, kind="stable") \
                .drop_duplicates("player")
            best = best[best["state"].isin(STATES)]
            won_states = set(best.loc[best["player"].isin(winners), "state"])
            for state in STATES:
                if state in won_states:
                    continue
                cands = best[(best["state"] == state) & ~best["player"].isin(winners)]
                if cands.empty:
                    continue
                w = cands.iloc[0]
                level = cands[(cands["total"] == w["total"]) & (cands[keys[1:]] == w[keys[1:]]).all(axis=1)]
                note = f"best in {state}: {w['total']:.2f} ({w['ranking']})"
                if len(level) > 1:
                    note += " — tied with " + ", ".join(level["name"].iloc[1:]) + \
                        ": coordinator to decide (share or split)"
                state_rows.append({"ranking": "State", "place": 1, "value": value, "name": w["name"],
                                   "id": w["id"], "player": w["player"], "note": f"{state}: " + note,
                                   "passed_over": "", "rule": "ACF cl. 8(g)", "state": state})
        out = pd.concat([won, pd.DataFrame(state_rows)], ignore_index=True) if state_rows else won
        pl = players.set_index("player")
        out["state"] = out["player"].map(pl["state"])
        return out[["ranking", "place", "name", "id", "player", "state", "value", "note", "passed_over", "rule"]]

    def _states(self, standings, prizes, players):
        best = standings.sort_values("total", ascending=False, kind="stable").drop_duplicates("player")
        best = best[["player", "name", "id", "state", "ranking", "total"]].rename(
            columns={"ranking": "best_division", "total": "best_score"})
        prize_of = prizes.dropna(subset=["player"]).set_index("player")
        best["prize"] = best["player"].map(prize_of["ranking"] + " " + prize_of["place"].astype(str))
        best["state"] = best["state"].fillna("(none)")
        sheet = best.sort_values(["state", "best_score", "name"], ascending=[True, False, True], kind="stable")
        # the ranking is of the States (cl. 8(g)); players with no State or from overseas stay on the players sheet
        summary = sheet[sheet["state"].isin(STATES)].groupby("state").agg(total=("player", "size"),
                                             winners=("prize", lambda s: s.notna().sum())).reset_index()
        summary = summary.rename(columns={"state": "club"})
        summary["ranking"] = "State"
        summary = st.rank_with_ties(summary, ["total"], [False], then=["club"])
        clubs = summary[["ranking", "rank", "tied", "club", "total", "winners"]]
        states_sheet = OutSheet("State players", sheet[["state", "name", "id", "best_division", "best_score",
                                                        "prize"]],
                                note="Players with Grand Prix points, by State, with their best division score "
                                     "and any prize won (cl. 8(g)). On the States sheet, total = players with "
                                     "points; players with no State ('(none)') or from overseas are listed here "
                                     "but rank in no State.", formats={"best_score": "points"})
        return clubs, states_sheet

    # ------------------------------------------------------------------ templates

    def season_defaults(self, season: str = "") -> dict[str, list[list[Any]]]:
        prizes = [["Division", "Place", "Value"]] + [[d, p, v] for (d, p), v in DEFAULT_PRIZES.items()]
        players = [["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]]
        return {"Players": players, "Prizes": prizes}

    def template_example(self) -> dict[str, Any]:
        return {
            "Sections": [["Open", "Open"], ["Under 1600", "U1600"], ["Rapid side event", "None"]],
            "Results": [
                ["Open", 1, "Smith, John", "3206432", "M", 1980, "NSW", None],
                ["Open", "=2", "Nguyen, Anna", "3210001", "F", "2/5/1989", "VIC", None],
                ["Open", "=2", "Brown, Sam", "", "M", 1991, "QLD", None],
                ["Under 1600", 1, "Lee, Chris", "3220002", "M", 1992, "NSW", "Yes"],
            ],
        }

    def instructions(self) -> list[str]:
        return [
            "How to fill in this workbook (ACF Grand Prix, one workbook per tournament)",
            "1. Tournament sheet: fill in every row of the Value column. Dates as 15/01/2005 (day first) or an "
            "Excel date. Prize money = the total MONEY actually awarded (cl. 6; trophies excluded).",
            "2. Sections sheet: one row per section of your tournament and the Grand Prix division it is for "
            "(Open, U2000, U1600, Junior, Women, Unrated, or None for a side event). A one-section tournament "
            "can leave this sheet empty: it is an Open tournament (cl. 13(4)).",
            "3. Results sheet: one row per player, in final order within each section. Place 1, 2, 3 …; tied "
            "players each get the shared place as =3 (or 3= or 3-4). Sex M/F identifies women; Born (date or "
            "year) identifies juniors, or write Yes in the Junior column (cl. 5(2)(e)).",
            "4. Send the workbook to the ACF Grand Prix coordinator within 21 days of the last day (cl. 5(2)).",
            "Ratings come from the coordinator's lists (cl. 11) — you do not need to fill them in.",
        ]


def eligibility(source: pd.Series, rating: pd.Series, junior: pd.Series, woman: pd.Series) -> pd.DataFrame:
    """The cl. 12 table: which division's prize (and so points, by ruling) each player may take."""
    r = pd.to_numeric(rating, errors="coerce")
    acf, fide, unrated = source.eq("ACF"), source.eq("FIDE"), source.eq("unrated")
    return pd.DataFrame({
        "Open": acf | (fide & (r >= 2000)) | unrated,  # cl. 12(1)(b): FIDE-only under 2000 not Open
        "U2000": (acf & (r < 2000)) | (fide & (r < 2000)),
        "U1600": acf & (r < 1600),
        "Junior": junior.astype(bool),
        "Women": woman.astype(bool),
        "Unrated": unrated,  # cl. 12(2)
    }, index=source.index).fillna(False).astype(bool)


def _key(section: Any) -> str:
    return clean_text(section).casefold()


def _keys(sections: pd.Series) -> pd.Series:
    """_key over a column, once per distinct section name. Blanks (None and NaN alike — a column joined from a
    workbook without a Section column has both) are one key, "": two blank keys would make the look-up fail."""
    values = pd.unique(sections)
    uniq = {v: _key(v) for v in values if not pd.isna(v)}
    if len(uniq) < len(values):
        uniq[np.nan] = ""
    return sections.map(uniq) if len(sections) else sections.astype("object")


_MODES = ("mapped", "cascade", "single", "extended", "beyond", "extended_beyond")  # → ACF 13(2), 13(3), 13(4),
# the ruling on 13(2)–(4) (Open/U2000/U1600 without a section of their own), 13(3) gone on past U1600 by that
# ruling, and that ruling's extended list gone on past U1600 (into the sections mapped to other divisions)


def _section_orders(block_t: np.ndarray, block_k: np.ndarray, first_seen: np.ndarray, t_names: list,
                    k_names: list, secs: pd.DataFrame) -> tuple[np.ndarray, ...]:
    """Per tournament and division: which sections make the division's list and in what order, as arrays
    (tournament code, section code or -1 if no results, rank, mode code, division code). `block_*` are the
    (tournament, section) pairs of the results, `first_seen` the row where each first appears. Tournaments of
    the same shape (same sections and mapping) share one computation."""
    result_keys: dict[int, list[str]] = {}  # tournament → its section keys, as they first appear
    seen = np.argsort(first_seen, kind="stable")
    for t, k in zip(block_t[seen].tolist(), block_k[seen].tolist()):
        result_keys.setdefault(t, []).append(k_names[k])
    mapping: dict[str, list[tuple]] = {}
    if len(secs):
        for t, k, d in zip(secs["tournament"].tolist(), _keys(secs["section"]).tolist(), secs["division"].tolist()):
            mapping.setdefault(t, []).append((k, d))
    code_of = {k: i for i, k in enumerate(k_names)}
    shapes: dict[tuple, int] = {}
    shape_rows: list[tuple[np.ndarray, ...]] = []
    shape_of = np.empty(len(result_keys), dtype=np.int64)
    tours = np.fromiter(result_keys, dtype=np.int64, count=len(result_keys))
    for i, (t, keys) in enumerate(result_keys.items()):
        mapped = mapping.get(t_names[t])
        shape = (tuple(mapped) if mapped is not None else None, tuple(keys))
        if shape not in shapes:
            rows = _orders_for(*shape)
            shapes[shape] = len(shape_rows)
            shape_rows.append((np.array([code_of.get(k, -1) for k, *_ in rows], dtype=np.int64),
                               np.array([rank for _, rank, _, _ in rows], dtype=np.int64),
                               np.array([_MODES.index(m) for _, _, m, _ in rows], dtype=np.int64),
                               np.array([DIVISIONS.index(d) for *_, d in rows], dtype=np.int64)))
        shape_of[i] = shapes[shape]
    parts: list[list[np.ndarray]] = [[], [], [], [], []]
    for s, (k, rank, mode, div) in enumerate(shape_rows):
        ts = tours[shape_of == s]
        for part, a in zip(parts, (np.repeat(ts, len(k)), np.tile(k, len(ts)), np.tile(rank, len(ts)),
                                   np.tile(mode, len(ts)), np.tile(div, len(ts)))):
            part.append(a)
    return tuple(np.concatenate(p) if p else np.zeros(0, dtype=np.int64) for p in parts)


def _runs(*keys: np.ndarray, first: bool = False) -> np.ndarray:
    """Run ids: a new run wherever any key differs from the row before (NaN never equals NaN); with `first`,
    the flags marking each run's first row instead."""
    new = np.zeros(len(keys[0]), dtype=bool)
    if len(new):
        new[0] = True
        for k in keys:
            new[1:] |= k[1:] != k[:-1]
    return new if first else np.cumsum(new) - 1


def _run_end(*keys: np.ndarray) -> np.ndarray:
    """For each row, the index of the last row of its run (see `_runs`)."""
    new = _runs(*keys, first=True)
    last = np.r_[np.flatnonzero(new)[1:], len(new)] - 1
    return last[np.cumsum(new) - 1]


def _exclusive_cumsum(values: np.ndarray, new: np.ndarray) -> np.ndarray:
    """The sum of `values` before each row within its segment (segments start where `new` is True)."""
    total = np.cumsum(values, dtype=np.int64) - values
    return total - total[np.flatnonzero(new)][np.cumsum(new) - 1]


def _repeated(*keys: np.ndarray) -> bool:
    """True if some combination of the (non-negative integer) keys occurs twice."""
    combined = np.zeros(len(keys[0]), dtype=np.int64)
    for k in keys:
        combined = combined * (int(k.max(initial=0)) + 1) + k
    return len(np.unique(combined)) < len(combined)


def _group_reduce(ufunc: np.ufunc, values: np.ndarray, group: np.ndarray, grouped: np.ndarray) -> np.ndarray:
    """`ufunc` (np.minimum / np.maximum) of `values` over each group, broadcast back to its rows (0 outside)."""
    out = np.zeros(len(values), dtype=values.dtype)
    if grouped.any():
        acc = np.full(group.max() + 1, values[grouped][0])
        acc[group[grouped]] = values[grouped]  # any member's value as the start
        ufunc.at(acc, group[grouped], values[grouped])
        out[grouped] = acc[group[grouped]]
    return out


def _orders_for(mapped: tuple | None, result_keys: tuple) -> list[tuple]:
    """(section key, rank, mode, division) rows for one tournament shape — the ruling on cl. 13(2)–(4)."""
    if mapped is not None:
        sections = list(mapped)
        if len(sections) == 1:
            # one listed section: results may leave Section blank
            sections = [(k, sections[0][1]) for k in result_keys] or sections
        single = len(sections) == 1
    else:
        sections = [(k, "Open") for k in result_keys]
        single = True
    out = []
    for d in DIVISIONS:
        direct = [k for k, m in sections if m == d]
        if d in ("Open", "U2000", "U1600") and direct:
            seq, mode = direct, "mapped"
        else:
            first = [k for m in ("Open", "U2000", "U1600") for k, mm in sections if mm == m]
            own = [k for k, m in sections if m == d and k not in first]
            rest = [k for k, m in sections if k not in first and k not in own and m != "None"]
            # Open, U2000, U1600 with no section of their own in a tournament of several sections: the cascade
            # extended to them — a ruling (acf.md "one procedure for cl. 13(2)–(4)"), named as such
            seq, mode = first + own + rest, ("extended" if d in ("Open", "U2000", "U1600") else "cascade")
        if single:
            mode = "single"
        # cl. 13(3) names the cascade Open → U2000 → U1600; a Junior, Women or Unrated list that goes on past it
        # (to a section of the division's own, then the rest) does so by the ruling, and those positions say so;
        # as do the positions of an extended Open/U2000/U1600 list past U1600 (in the sections of other divisions)
        beyond = set() if mode not in ("cascade", "extended") else {k for k in seq if k not in first}
        past = {"cascade": "beyond", "extended": "extended_beyond"}.get(mode, mode)
        out.extend((k, i, past if k in beyond else mode, d) for i, k in enumerate(seq))
    return out


def _listings(o_div: np.ndarray, o_t: np.ndarray, o_k: np.ndarray, k_names, s_names, k_of) -> dict:
    """(division, tournament) → "sections Major, then Minor" for each division list that runs through more than
    one section (cl. 13(2)–(4) and its ruling): the ledger says which sections a list position counts across."""
    shown: dict[int, str] = {}
    for i, k in enumerate(k_of[:len(s_names)].tolist()):  # each key as first written
        shown.setdefault(k, str(s_names[i]))
    out: dict[tuple[int, int], list[str]] = {}
    for d, t, k in zip(o_div.tolist(), o_t.tolist(), o_k.tolist()):
        out.setdefault((d, t), []).append(shown.get(k, str(k_names[k])))
    return {key: "sections " + ", then ".join(names) for key, names in out.items() if len(names) > 1}


def _details(share: bool, *, cls, div, pos, section, sections, place, tied, skipped, points, tie_n, tie_first,
             tie_last, table, tables, mode=None, bare_year=None, year: int = 0, by_column=None,
             listing=None) -> np.ndarray:
    """The ledger's arithmetic in words; shared ties get their sum spelled out, ordered ties (Ties = order) the
    ruling that decided them. Built from pieces, each written once per distinct value and joined column-wise.
    Arrays, one value per ledger row: `div` and `section` (-1: blank) are codes into DIVISIONS and `sections`,
    `table` into `tables` (points tables), `mode` into _MODES (how the list was made)."""
    if not len(cls):
        return np.zeros(0, dtype=object)
    head = _each(lambda c, d, p: f"class {c}; {DIVISIONS[d]} list position {p} (", cls, div, pos)
    names = [*sections, None]  # code -1: blank
    sec = _each(lambda k: f"section {names[k]}, " if pd.notna(names[k]) and str(names[k]) != "" else "", section)
    where = _each(lambda t, p: f"place {'=' if t else ''}{p})", tied, place)
    if listing is not None and any(listing):  # (a list across several sections: which, in order)
        where = where.astype(object) + _each(lambda x: f"; the list runs through {x}" if x else "",
                                             np.asarray(listing, dtype=object))
    # (a skip for a rating reason, cl. 12, is the ruling "points follow prize eligibility": named where it acts)
    skip = _each(lambda k, d: f"; {k} player(s) above not eligible for {DIVISIONS[d]} ({ELIGIBILITY[d]}) skipped"
                 + (" — points follow prize eligibility (ruling on cl. 12/13(4))" if "12" in ELIGIBILITY[d] else "")
                 if k > 0 else "", skipped, np.where(skipped > 0, div, 0))
    # a shared place whose other players are all off this list (not eligible): nothing is shared, and the "="
    # of the place would otherwise look like a tie the arithmetic forgot
    alone = np.asarray(tied, dtype=bool) & (np.asarray(tie_n) <= 1)
    if alone.any():
        skip = skip + _each(lambda a, d, p: f"; the other players at place ={p} are not eligible for {DIVISIONS[d]}: "
                            "no tie on this list" if a else "", alone, np.where(alone, div, 0),
                            np.where(alone, place, 0))
    tie = tie_n > 1 if share else np.zeros(len(cls), dtype=bool)
    # Ties = order: a tied player's points are those of the position the listed order gives — the ruling named
    ordered = (tie_n > 1) & ~tie
    tail = _each(lambda p, o: ("; tied, Ties = order: the listed order decides" if o else "") + f" → {p:g}",
                 np.where(tie, 0.0, points), ordered)
    rows = np.flatnonzero(tie)
    if len(rows):  # each tie shape (points table, positions, players) spelled out once
        tail[rows] = _each(lambda t, first, last, n: _tie_text(tables[t], first, last, n),
                           table[rows], tie_first[rows], tie_last[rows], tie_n[rows])
    # the rulings that made the number, named (acf.md: "where it changes a number, named in the ledger")
    n = len(cls)
    # the ruling a list position rests on, by its `mode` (codes into _MODES): 1 the cascade extended to an
    # Open/U2000/U1600 list, 2 a cascade gone on past U1600, 3 an extended list gone on past U1600
    named_of = np.zeros(len(_MODES), dtype=np.int8)
    named_of[[_MODES.index("extended"), _MODES.index("beyond"), _MODES.index("extended_beyond")]] = [1, 2, 3]
    ext = np.zeros(n, dtype=np.int8) if mode is None else named_of[np.asarray(mode, dtype=np.int64)]
    bare = np.zeros(n, dtype=bool) if bare_year is None else np.asarray(bare_year, dtype=bool)
    col = np.zeros(n, dtype=bool) if by_column is None else np.asarray(by_column, dtype=bool)
    named = _each(lambda e, b, c, d: ((f"; no section mapped to {DIVISIONS[d]}: the cascade Open → U2000 → U1600 "
                                       "(ruling on cl. 13(2)–(4))") if e == 1 else
                                      (f"; no section mapped to {DIVISIONS[d]}: the cascade Open → U2000 → U1600, "
                                       "then past it into the other sections (ruling on cl. 13(2)–(4))")
                                      if e == 3 else
                                      ("; past the cascade Open → U2000 → U1600 of cl. 13(3), in the order of the "
                                       "ruling on cl. 13(2)–(4): the division's own section, then the others")
                                      if e == 2 else "")
                  + (f"; born {year - 18} with no day: a junior by ruling (cl. 1)" if b else "")
                  + ("; a junior by the organiser's Junior column (cl. 5(2)(e)), which wins over the birth date "
                     "given (cl. 1 would say no)" if c else ""),
                  ext, bare, col, np.where(ext, div, 0))
    return head + sec + where + skip + named + tail


def _has_ratings(season) -> bool:
    """Whether the Players register gives anyone a rating (cl. 11): without it every player is unrated."""
    reg = season.players
    return bool(len(reg)) and bool(reg.get("acf_rating", pd.Series(dtype=float)).notna().any()
                                   or reg.get("fide_rating", pd.Series(dtype=float)).notna().any())


def _each(write, *columns: np.ndarray) -> np.ndarray:
    """`write(*values)` for every row of the columns, called once per distinct combination of values."""
    codes = np.zeros(len(columns[0]), dtype=np.int64)
    for c in columns:
        c_codes, uniques = pd.factorize(c)
        codes = pd.factorize(codes * (len(uniques) + 1) + c_codes + 1)[0]
    firsts = np.unique(codes, return_index=True)[1]  # codes number the combinations as they first appear
    values = [c[firsts].tolist() for c in columns]
    return np.array([write(*v) for v in zip(*values)], dtype=object)[codes]


def _tie_text(table: tuple[float, ...], first: int, last_pos: int, n: int) -> str:
    # only positions inside the table score; the rest of a long tie adds 0
    last = min(last_pos, len(table))
    pts = [table[p - 1] for p in range(first, last + 1)]
    zeros = n - len(pts)
    frac = Fraction(sum(Fraction(p).limit_denominator() for p in pts), n)
    shown = st.shown_points(float(frac), 2)  # (as the workbook shows it: 13/8 = 1.625 → 1.63)
    parts = " + ".join(_num(p) for p in pts) + (f" + 0 × {zeros}" if zeros and pts else "")
    return (f"; tie shared by {n} over positions {first}–{last_pos} (ruling on ties, Ties = share): "
            f"({parts or '0'}) / {n} = {shown}")


def _in_bylaw(prizes: pd.DataFrame) -> pd.Series:
    """The rows of a Prizes table that are prizes of cl. 9: Open 1–5, U2000 and U1600 1–4, Junior 1–3, Women and
    Unrated 1, State 1 (one per State, cl. 8(g))."""
    most = prizes["division"].map(PRIZE_PLACES)
    place = pd.to_numeric(prizes["place"], errors="coerce")
    return (place >= 1) & (place <= most)


def _ordinal_word(n: int) -> str:
    """'' for the first, then '2nd ', '3rd ', '4th ' … (as in "2nd best result")."""
    return {1: "", 2: "2nd ", 3: "3rd "}.get(n, f"{n}th ")


def _num(x: float) -> str:
    return f"{x:g}"


_HINTS = {"reported-before-start": "check the date: Reported is the day the results were sent to the ACF "
                                   "(cl. 5(2)), on or after the last day of play"}


def _bare_junior_year(r: pd.DataFrame, year: int) -> pd.Series:
    """The rows whose junior status rests on a bare birth year: no Junior value, no birth date, born in the year
    that makes a junior (cl. 1)."""
    return r["junior"].isna() & r["born_date"].isna() & r["born_year"].eq(year - 18).fillna(False)


def _junior_edge_warnings(season, year: int, wrong: set[str]) -> None:
    """cl. 1: a player born in the year that makes a junior, with no day, is taken for a junior (true unless
    born on 1 January) — said once per player, at the first such row; not in a file with errors (`wrong`)."""
    r = season.results
    if r.empty or not {"junior", "born_date", "born_year", "player"} <= set(r.columns):
        return
    r = r[~r["file"].isin(wrong)] if wrong else r
    for row in r.loc[_bare_junior_year(r, year), ["player", "name", "file", "sheet", "row"]].drop_duplicates("player").itertuples():
        season.issues.warning("junior-birth-year", f"{row.name}: born {year - 18} with no day — treated as a "
                              f"junior (true unless born on 1 January {year - 18}, cl. 1)",
                              hint="write the full birth date, or Junior = Yes/No", **season.where(row, "born"))
    # the organiser's Junior column wins (ruling) — so a Yes beside a birth year that makes no junior (or a No
    # beside one that surely does) moves points between divisions: said at the Junior cell, once per player
    born = pd.to_numeric(r["born_year"], errors="coerce")
    said = r["junior"].eq(True).fillna(False) & born.lt(year - 18).fillna(False)
    said_no = r["junior"].eq(False).fillna(False) & born.gt(year - 18).fillna(False)
    for mask, text in ((said, "Junior is Yes, but born {b}: 18 or older on 1 January {y}, no junior (cl. 1)"),
                       (said_no, "Junior is No, but born {b}: under 18 on 1 January {y}, a junior (cl. 1)")):
        if not mask.any():
            continue
        rows = r.loc[mask, ["player", "name", "born_year", "file", "sheet", "row"]]
        # (the Junior value may come from another workbook of the player's: said at a row whose sheet has it)
        typed = [bool(season.letters.get((f, sh), {}).get("junior")) for f, sh in zip(rows["file"], rows["sheet"])]
        rows = rows.assign(_typed=typed).sort_values("_typed", ascending=False, kind="stable")
        for row in rows.drop_duplicates("player").itertuples():
            season.issues.warning("junior-column-differs", f"{row.name}: " + text.format(b=int(row.born_year),
                                  y=year) + "; the Junior column is used", hint="correct Junior or Born",
                                  **season.where(row, "junior"))


RATING_COLUMNS = {"acf_rating": "ACF rating", "fide_rating": "FIDE rating"}


def _zero_ratings(season, issues: Issues) -> None:
    """A rating of 0 in the register is no rating — no list has one; it is how a spreadsheet says "unrated" — so
    the player is unrated (cl. 12(2)) rather than rated 0, which would put them in U1600 (cl. 8(c)). Said once
    per column, at its first 0."""
    reg = season.players
    for col, title in RATING_COLUMNS.items():
        if not len(reg) or col not in reg.columns:
            continue
        zero = pd.to_numeric(reg[col], errors="coerce").eq(0).to_numpy(bool)
        if not zero.any():
            continue
        n = int(zero.sum())
        first = reg.iloc[int(np.flatnonzero(zero)[0])]
        issues.warning("rating-zero", f"{title} 0 ({first['name']}" + (f" and {n - 1} more" if n > 1 else "")
                       + "): read as no rating — a player rated on neither list is unrated (cl. 11, 12(2)), "
                       "not in U1600", hint=f"leave the {title} blank for a player not on the list",
                       **season.where(first, col))
        reg[col] = reg[col].mask(zero)


def _compliance(tour, year: int) -> list[tuple[str, str, str, str]]:
    """cl. 4, 5 and the season's year: (code, text, setting key, severity)."""
    notes = []
    start = tour.start if isinstance(tour.start, dt.date) else None
    end = tour.end if isinstance(tour.end, dt.date) else None
    reg = tour.registered if isinstance(tour.registered, dt.date) else None
    if start:
        limit = _minus_months(start, 3)
        if reg is None:
            notes.append(("registration-unknown", "registration date unknown (cl. 4(1))", "registered", "info"))
        elif reg > limit:
            notes.append(("registered-late", f"registered {reg.isoformat()}, later than three months before the "
                          f"start ({limit.isoformat()}, cl. 4(1))", "registered", "warning"))
        elif year and reg > dt.date(year - 1, 12, 31):
            notes.append(("registered-in-season", f"registered {reg.isoformat()}, after 31 December {year - 1} "
                          "(allowed 'if possible', cl. 4(1))", "registered", "info"))
    if start and end and (end - start).days + 1 > 5:
        notes.append(("too-long", f"played over {(end - start).days + 1} days, more than 5 consecutive days "
                      "(cl. 4(3))", "end", "warning"))
    if tour.approved is False:
        notes.append(("not-approved", "not approved by its State Association (cl. 4(2))", "approved", "warning"))
    if tour.restricted is True:
        notes.append(("restricted", "restricted entry, not open to all (cl. 4(3))", "restricted", "warning"))
    rep = tour.reported if isinstance(tour.reported, dt.date) else None
    if start and rep and rep < start:  # Ruling: a typo, warned — no point depends on it
        notes.append(("reported-before-start", f"results reported {rep.isoformat()}, before the start "
                      f"{start.isoformat()}: the 21-day check of cl. 5(2) cannot be made", "reported", "warning"))
    if end and rep and (rep - end).days > 21:
        notes.append(("reported-late", f"results reported {(rep - end).days} days after the last day, more than "
                      "21 (cl. 5(2))", "reported", "warning"))
    if year and ((start and start.year != year) or (end and end.year != year)):
        notes.append(("outside-season", f"dates outside the {year} season (cl. 2)", "start", "warning"))
    return notes


def _fee_text(klass: int, players: int, concession: bool, raw: int) -> str:
    """The registration fee's arithmetic (cl. 7), with the ruling's order: the concession off the cl. 7(2) total,
    then the cap."""
    text = f"{CLASS_BASE_FEE[klass]} (class {klass}) + {FEE_PER_PLAYER} × {players} players"
    if concession:
        text += f" − {CONCESSION} concession (cl. 7(4))"
    text += f" = {raw}"
    if raw > FEE_CAP:
        text += f" → {FEE_CAP} (the cap, cl. 7(3)" + (", applied after the concession: ruling)" if concession else ")")
    return text


def _minus_months(day: dt.date, months: int) -> dt.date:
    y, m = divmod(day.month - 1 - months, 12)
    year, month = day.year + y, m + 1
    import calendar

    return dt.date(year, month, min(day.day, calendar.monthrange(year, month)[1]))


def _entries(ledger: pd.DataFrame, key: np.ndarray | None) -> pd.DataFrame:
    """Per division, player and tournament: the date and points (one ledger row each when `key` is given)."""
    if key is not None:
        return pd.DataFrame({"ranking": ledger["ranking"], "player": ledger["player"].astype("str"),
                             "tournament": ledger["tournament"], "date": ledger["date"],
                             "points": ledger["points"], "counted": False})[ENTRY_COLUMNS]
    e = ledger.groupby(["ranking", "player", "tournament"], sort=False).agg(
        date=("date", "first"), points=("points", "sum")).reset_index()
    e["counted"] = False
    return e[ENTRY_COLUMNS]


CIRCUIT = ACF()
