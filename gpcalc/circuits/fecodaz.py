"""The FECODAZ Grand Prix (Federación Colombiana de Ajedrez, Resolución Nº 04 of 15 January 2009).

The senior circuit: categoría of each tournament, the points table (season.xlsx) and its extension, the
per-tournament adjustments (Art. 3 items 4–5), closed tournaments (Art. 2 q), team and national events, the
withdrawal sanction (Art. 6), the rankings Absoluto, Femenino and Sub 20/18/16 in each rama with two-thirds
counting and the closed cap (Art. 3 item 6), the Art. 4 tiebreaks and the ligas (Art. 5 d); the amateur
rankings Sub 2000/1800/1700 and Dama amateur inside the senior tournaments with the yearly category lock, and
the Sub-14 youth rankings (Art. 2 k, l, m; Art. 3 amateur list); the money: bolsa, youth pot, Pot place money,
1 % awards with one prize per player, organisers' awards and national-final qualifiers (Art. 1, 2 c, 4, 5 e).
The rules themselves are pure functions in :mod:`gpcalc.circuits.fecodaz_rules` and
:mod:`gpcalc.circuits.fecodaz_money`; this module wires them to the season.
"""

from __future__ import annotations

import datetime as dt
from types import SimpleNamespace
from typing import Any

import numpy as np
import pandas as pd

from ..issues import Issues, flagged_rows
from ..spec import Field, SheetSpec
from . import fecodaz_money as M
from . import fecodaz_rules as R
from .base import ENTRY_COLUMNS, LEDGER_COLUMNS, Circuit, Outcome, OutSheet

KINDS = ("Open", "Closed", "National", "Team", "Sub 14")
KIND_ALIASES = (("Abierto", "Open"), ("Abierta", "Open"), ("Mayores", "Open"), ("IRT", "Open"),
                ("Cerrado", "Closed"), ("Cerrada", "Closed"), ("Round robin", "Closed"),
                ("Nacional", "National"), ("Campeonato nacional", "National"), ("National championship", "National"),
                ("Equipos", "Team"), ("Por equipos", "Team"), ("Teams", "Team"), ("Team event", "Team"),
                ("Sub14", "Sub 14"), ("Juvenil", "Sub 14"), ("Youth", "Sub 14"))
NORM_ALIASES = (("Ninguna", "None"), ("Ninguno", "None"), ("No", "None"), ("-", "None"), ("Sin normas", "None"),
                ("MI", "IM"), ("WIM", "IM"), ("WMI", "IM"), ("MIF", "IM"), ("IM/WIM", "IM"), ("MI/WMI", "IM"),
                ("GMI", "GM"), ("WGM", "GM"), ("GMF", "GM"), ("GM/WGM", "GM"))
ALL_RANKINGS = (*R.SENIOR_NAMES, *R.AMATEUR_NAMES, *R.YOUTH_NAMES)
RANKING_ORDER = {n: i for i, n in enumerate(ALL_RANKINGS)}
# ranking codes inside compute: the position among the sorted names (an order by code is the order by name)
RK_NAMES = np.array(sorted(ALL_RANKINGS), dtype=object)
RK_CODE = {n: i for i, n in enumerate(RK_NAMES)}
RK_ORDER = np.array([RANKING_ORDER[n] for n in RK_NAMES], dtype="int64")  # code → RANKING_ORDER
CAP_ROW = "Closed-tournament cap"  # the ledger's tournament on the rows of the closed-tournament cap
AMATEUR_LIGA = "Amateur"  # the ligas of the amateur tournament: Sub 2000, 1800, 1700 pooled (ruling)
TITLE_CHOICES = tuple(R.TITLE_POINTS)
TITLE_ALIASES = tuple((k, v) for k, v in R.TITLE_ALIASES.items()) + tuple(
    (alias, t) for t in TITLE_CHOICES for alias in (".".join(t) + ".", ".".join(t))) + tuple(
    (alias, R.TITLE_ALIASES[k]) for k in R.TITLE_ALIASES for alias in (".".join(k) + ".", ".".join(k))) + (
    ("-", ""), ("Ninguno", ""), ("Ninguna", ""), ("None", ""), ("No", ""))
# (a bare mark — "X", "Retirado" — says the player withdrew, not whether it was justified; Yes loses the player the
# year (Art. 6), so it is not read into one: the cell is an error asking for Yes or Justified)
WITHDREW_ALIASES = (("N", "No"), ("Sí", "Yes"), ("Si", "Yes"), ("S", "Yes"), ("Y", "Yes"),
                    ("Injustificado", "Yes"), ("Unjustified", "Yes"),
                    ("Justificado", "Justified"), ("Justificada", "Justified"), ("J", "Justified"))
MIN_ROUNDS = 6  # Art. 2 g
MAX_ROUNDS_A_DAY = 3  # Art. 2 g
MIN_PRIZE_FUND = 1_000_000  # Art. 2 e
ENTRY_RANGE = {"Open": (20_000, 80_000), "Sub 14": (10_000, 40_000)}  # Art. 2 h, l (2009 prices)
FEE_EXEMPT_TITLES = ("GM", "WGM", "IM", "WIM")  # Art. 2 h: "Los MI, WMI, GM y WGM no pagarán inscripción"


class FECODAZ(Circuit):
    name = "fecodaz"
    title = "FECODAZ Grand Prix"
    rulebook = "FECODAZ"
    rankings = R.SENIOR_NAMES
    club_label = "Liga"
    paper = 1  # US Letter, Colombia's usual office paper
    shared_places = False
    identity_columns = ("league",)
    results_order = ("place", "name", "id", "sex", "born", "league", "title", "national_rating", "fide_rating",
                     "score", "games", "withdrew", "team", "team_place", "board", "board_place")

    season_settings = (
        Field("Points table source", "text", aliases=("Fuente de la tabla de puntos", "Fuente de la tabla",
                                                      "Points source", "Fuente"),
              help="Whose points table the Points sheet holds (printed on every output)."),
        Field("SMMLV", "money", aliases=("Salario mínimo", "Salario minimo"),
              help="The legal monthly minimum wage of the year, in pesos (the money, Art. 2 c)."),
        Field("Sponsorship", "money", aliases=("Patrocinio", "Patrocinios"),
              help="Sponsorship received for the bolsa, in pesos (Art. 1)."),
        Field("Youth liga players", "count", aliases=("Jugadores por liga juvenil", "Youth ligas best"),
              help="How many of a liga's best scores count in each youth ranking: 1 (Art. 5 d, default) or 2 "
                   "(Art. 2 l)."),
    )
    tournament_settings = (
        Field("Name", "text", required=True, aliases=("Nombre", "Torneo"), help="The tournament's name. / Nombre.",
              example="Abierto Internacional de Cali"),
        Field("Start", "date", required=True, aliases=("Inicio", "Fecha de inicio", "Desde"),
              help="First day of play. / Primer día.", example=dt.date(2009, 2, 14)),
        Field("End", "date", required=True, aliases=("Fin", "Fecha final", "Hasta", "Final"),
              help="Last day of play. / Último día.", example=dt.date(2009, 2, 18)),
        Field("Kind", "choice", required=True, choices=KINDS, choice_aliases=KIND_ALIASES,
              aliases=("Tipo", "Clase"), help="Open, Closed, National, Team or Sub 14 "
              "(Abierto, Cerrado, Nacional, Equipos, Sub 14).", example="Open"),
        Field("Host league", "text", required=True, aliases=("Liga sede", "Sede", "Liga organizadora", "Host"),
              help="The liga (or body) that organises it. / Liga sede.", example="Valle"),
        Field("Base category", "int", aliases=("Categoría base", "Categoria base", "Categoría", "Categoria",
                                               "Base"),
              help="The categoría the federation assigned (required for Open, Closed and National with cash). / "
                   "Categoría asignada por FECODAZ.", example=8, minimum=1, maximum=99),
        Field("IRT", "yesno", required=True, aliases=("FIDE rated", "Válido ELO FIDE"),
              help="Yes if FIDE-rated and registered with FIDE in advance (Art. 2 b). / Sí o No.", example="Yes"),
        Field("Norms", "choice", required=True, choices=("None", "IM", "GM"), choice_aliases=NORM_ALIASES,
              aliases=("Normas", "ITT", "Norma"),
              help="None, IM (IM/WIM norms possible) or GM (GM/WGM norms possible), Art. 3 item 2. / "
                   "Ninguna, MI o GM.", example="IM"),
        Field("Cash prizes", "yesno", required=True, aliases=("Premios en efectivo", "Efectivo", "Cash"),
              help="Yes if it has cash prizes (a national championship without them starts at categoría 3). / "
                   "Sí o No.", example="Yes"),
        Field("Rounds", "count", required=True, aliases=("Rondas",), help="Number of rounds (at least 6, Art. 2 g).",
              example=9, minimum=1, maximum=99),
        Field("Entry fees", "money", aliases=("Inscripciones", "Total inscripciones"),
              help="Total entry fees collected, in pesos (Art. 2 c).", example=7_200_000),
        Field("Prizes paid", "money", aliases=("Premios pagados", "Premios", "Bolsa de premios"),
              help="Prizes paid in cash or vouchers, in pesos (Art. 2 c, e).", example=12_000_000),
        Field("Stop", "text", aliases=("Parada",), help="The GP stop, to pair the senior tournament with its Sub-14 "
                                                        "(Art. 2 b). / Número de parada.", example="1"),
        Field("Ranking", "choice", choices=ALL_RANKINGS, default="Absoluto",
              aliases=("Clasificación", "Clasificacion", "Categoría del ranking", "Feeds"),
              help="For a national championship or team event: the ranking it feeds (default Absoluto).",
              example="Absoluto"),
        Field("Registered", "date", aliases=("Inscrito", "Fecha de inscripción"),
              help="Optional: the date it was registered in the Grand Prix (before 30 September, Art. 2 d).",
              example=dt.date(2009, 1, 20)),
    )
    results_columns = (
        Field("Place", "place", required=True, aliases=("Puesto", "Pos", "Posición", "Posicion", "Rank", "Lugar"),
              help="Final place AFTER the official tiebreak: 1, 2, 3 … (no shared places).", example=1, width=8,
              advice="write the final place after the tiebreak as a number: 3 (places are unique here, Art. 3)"),
        Field("League", "text", aliases=("Liga", "Liga departamental"), help="The player's liga.", example="Valle",
              width=14),
        Field("Title", "choice", choices=TITLE_CHOICES, choice_aliases=TITLE_ALIASES,
              listed=("GMI", "MI", "MF", "GMF", "MIF", "MFF", "CMF"),
              aliases=("Título", "Titulo", "Tit", "Tít"),
              help="GM, IM, FM, CM, WGM, WIM, WFM, WCM (or GMI, MI, MF, GMF, MIF, MFF, CMF), MN, MNF, CMN, CMNF.",
              example="MI", width=8),
        Field("National rating", "count", aliases=("ELO nacional", "Elo nacional", "ELO Nal", "Nacional"),
              help="National rating at this tournament.", example=2310, width=10, minimum=0, maximum=3500),
        Field("FIDE rating", "count", aliases=("ELO FIDE", "Elo FIDE", "FIDE"),
              help="FIDE rating at this tournament.", example=2295, width=10, minimum=0, maximum=3500),
        Field("Score", "score", aliases=("Puntos", "Pts", "Puntaje"), help="Game points: 6, 6½, 6,5.",
              example="6,5", width=8),
        Field("Games", "count", aliases=("Partidas", "Partidas jugadas", "Games played", "PJ"),
              help="Games actually played (byes and forfeits excluded).", example=9, width=8),
        Field("Withdrew", "choice", choices=("No", "Yes", "Justified"), choice_aliases=WITHDREW_ALIASES,
              listed=("Sí", "Justificado"),
              default="No", aliases=("Retiro", "Retirado", "Se retiró", "Withdrawn"),
              help="No; Yes (withdrew without justification: loses the year, Art. 6); Justified.", example="No",
              advice="write No, Yes (Sí: withdrew without justification — the player loses the year, Art. 6) or "
                     "Justified (Justificado); whether a withdrawal was justified is the committee's decision",
              width=10),
        Field("Team", "text", aliases=("Equipo",), help="Team events: the player's team.", width=16),
        Field("Team place", "count", aliases=("Puesto equipo", "Puesto del equipo", "Team rank"),
              help="Team events: the team's final place.", width=8, minimum=1),
        Field("Board", "count", aliases=("Tablero",), help="Team events: the board (1–4; 5 or more = reserve).",
              width=8, minimum=1, maximum=99),
        Field("Board place", "count", aliases=("Puesto tablero", "Puesto en el tablero", "Board rank"),
              help="Team events: place among the players of the same board.", width=8, minimum=1),
    )
    register_columns = (
        Field("League", "text", aliases=("Liga",), help="The player's liga (wins over tournament rows)."),
        Field("Federation", "text", aliases=("Federación", "Federacion", "Fed"), help="COL for Colombians."),
        Field("Resident", "yesno", aliases=("Residente",), help="Yes for a foreigner resident in Colombia."),
        Field("Last GP place", "count", aliases=("Puesto GP anterior", "Último GP", "Ultimo GP", "Last GP"),
              help="Place in last year's Grand Prix (third tiebreak, Art. 4).", minimum=1),
    )
    season_sheets = (
        SheetSpec("Points", (), required=True, aliases=("Puntos", "Tabla de puntos", "Tabla"),
                  help="add a sheet named Points: a header row Category | 1 | 2 | 3 | …, then one row per "
                       "categoría with the points for each place (gpcalc new fecodaz writes an illustrative one)"),
        SheetSpec("Pot", (), aliases=("Porcentajes", "Premiación", "Premiacion", "Reparto"),
                  help="optional: a header row Place | Percent, then the share of the 80 % paid out for each "
                       "final place of Absoluto (Art. 4)"),
    )

    # ------------------------------------------------------------------ validation

    def _check_scores(self, season, issues: Issues) -> None:
        """A game score can exceed the games played (a bye scores without a game) but never the rounds."""
        r, t = season.results, season.tournaments
        if r.empty or "rounds" not in t.columns:
            return
        rounds = R.tmap(r["tournament"], t.set_index("tournament")["rounds"])
        score = pd.to_numeric(r["score"], errors="coerce")
        # (a Rounds of 0 is its own error at the Rounds cell: not one more per player)
        r_num = pd.to_numeric(rounds, errors="coerce")
        over = ((score > r_num) & (r_num >= 1)).fillna(False)
        for idx in r.index[over]:
            row = r.loc[idx]
            issues.error("score-over-rounds", f"{row['name']}: score {score[idx]:g} is more than the "
                         f"{int(rounds[idx])} rounds of the tournament",
                         hint="write the player's game points (at most one per round)", **season.where(row, "score"))
        # games played: at most one per round (team events: one per match round too)
        games = pd.to_numeric(r["games"], errors="coerce") if "games" in r.columns else None
        n_rounds = pd.to_numeric(rounds, errors="coerce")
        more = ((games > n_rounds) & (n_rounds >= 1)).fillna(False) if games is not None else []  # (0: its own error)
        for idx in r.index[more]:
            row = r.loc[idx]
            issues.error("games-over-rounds", f"{row['name']}: {int(games[idx])} games but the tournament has "
                         f"{int(rounds[idx])} rounds", hint="write the games actually played (at most one per round; "
                         "byes and forfeits excluded)", **season.where(row, "games"))

    def _check_liga_spellings(self, season, issues: Issues) -> None:
        """Ruling 4: a liga written two ways ("Bogotá", "bogota") is one liga — said at the first cell of each
        spelling but the most common, so that the workbooks can be made to agree."""
        r = season.results
        if r.empty or "league" not in r.columns:
            return
        _, variants = R.liga_spellings(r["league"])
        if not variants:
            return
        text = R.liga_text(r["league"])
        # a row's liga is the register's where the register gives the player one (identity: the register wins):
        # such a spelling is named at the register's cell, the others at the Results cell that has it
        reg = season.players
        given = pd.Series(False, index=r.index)
        if len(reg) and "league" in reg.columns and "player" in reg.columns:
            reg_text = R.liga_text(reg["league"])
            reg, reg_text = reg[reg_text != ""], reg_text[reg_text != ""]
            given = r["player"].isin(reg["player"])
        typed = text[~given]
        typed = typed[~typed.duplicated()]  # each spelling's first row typed in Results
        for liga, spellings in variants.items():
            for other in spellings[1:]:
                at = typed.index[typed == other]
                if len(at):
                    row = r.loc[at[0]]
                else:  # (written so only in the register)
                    row = reg.loc[reg_text == other].iloc[0]
                issues.warning("liga-spellings", f"Liga '{other}' is the liga written '{liga}' in most rows "
                               f"(ruling 4: case, accents and spaces aside): one liga, ranked as '{liga}' in Ligas",
                               hint=f"write it the same way in every workbook: {liga}", **season.where(row, "league"))

    @staticmethod
    def _check_playing_up(season, r: pd.DataFrame, t: pd.DataFrame, year: int, issues: Issues) -> None:
        """A national championship of one youth category feeds that ranking alone (ruling 3), and a player who
        plays up scores only in the category of their age (Art. 3: "su puntaje se le acumulará sólo en la de la
        categoría que corresponda a su edad"): such a player gets no points there and is not among the
        category's positions — said at their Born cell, never silently."""
        natl = t[(t["kind"] == "National") & t["ranking"].isin(R.YOUTH_NAMES)].drop_duplicates("tournament")
        if natl.empty:
            return
        feeds = r["tournament"].map(natl.set_index("tournament")["ranking"])
        in_natl = feeds.notna()
        if not in_natl.any():
            return
        rows = r[in_natl]
        feeds = feeds[in_natl].astype(str)
        own = R.youth_category(rows["born_year"], year)
        wanted = feeds.str.rsplit(" ", n=1).str[0]
        women = feeds.str.endswith("Femenino")
        off = (own != wanted) | (women & rows["sex"].ne("F"))
        for idx in rows.index[off.to_numpy(bool)]:
            row, ranking, age, cat = r.loc[idx], feeds[idx], own[idx], wanted[idx]
            born = int(row["born_year"]) if pd.notna(row["born_year"]) else None
            up = bool(age) and age != cat and int(age.split()[-1]) < int(cat.split()[-1])
            if age == cat:  # the age is right: a Femenino championship, and not a woman (or no sex given)
                why = "no sex given" if pd.isna(row["sex"]) else "not a woman"
                rule = "a Femenino ranking is the women's"
            elif up:
                why, rule = (f"born {born}: {age}, playing up",
                             "a player who plays up scores only in the category of their age (Art. 3)")
            else:
                why = (f"born {born}: {age}, older than {cat}" if age else f"born {born}, older than Sub 14"
                       if born is not None else "no birth year, so no youth category")
                rule = "a score counts only in the category of the player's age (Art. 3)"
            issues.warning("plays-up-unscored", f"{row['tournament']}: {row['name']} ({why}) scores nothing in "
                           f"this national championship, which feeds {ranking} alone (ruling 3); {rule}, and the "
                           "players placed below move up a position in the category",
                           hint="write the player's sex: F for a woman" if why == "no sex given" else
                           "nothing to do if the birth year and sex are right; else correct them",
                           **season.where(row, "born" if age != cat else "sex"))

    @staticmethod
    def _check_senior_outsiders(season, r: pd.DataFrame, t: pd.DataFrame, year: int, issues: Issues) -> None:
        """A national championship or team event feeding a senior ranking other than Absoluto (Femenino, Sub 20
        Absoluto …) feeds that ranking alone (ruling 3): a player who is not in it — a man or a blank Sex in a
        Femenino one, a player older than its Sub N — scores nothing there, said at the cell, never silently. The
        others keep the points of their places (senior points follow the place, Art. 3)."""
        events = t[t["kind"].isin(["National", "Team"]) & t["ranking"].isin(R.SENIOR_NAMES)
                   & t["ranking"].ne("Absoluto")].drop_duplicates("tournament")
        if events.empty:
            return
        feeds = r["tournament"].map(events.set_index("tournament")["ranking"])
        rows = r[feeds.notna()]
        if rows.empty:
            return
        rows_at, _ = R.fed_membership_index(rows[["tournament", "sex", "born_year"]],
                                            events.set_index("tournament")["ranking"], year)
        outside = np.ones(len(rows), dtype=bool)
        outside[rows_at] = False
        kinds = events.set_index("tournament")["kind"]
        for row in flagged_rows(rows, outside):
            ranking = feeds[row.Index]
            under = int(ranking.split()[1]) if ranking.startswith("Sub ") else 0
            older = bool(under) and (pd.isna(row.born_year) or row.born_year < year - under)
            if older:
                why = (f"born {int(row.born_year)}, older than Sub {under}" if pd.notna(row.born_year)
                       else f"no birth year, so not known to be Sub {under}")
            else:
                why = "no sex given" if pd.isna(row.sex) else "not a woman"
            what = "national championship" if kinds[row.tournament] == "National" else "team event"
            issues.warning("plays-up-unscored", f"{row.tournament}: {row.name} ({why}) scores nothing in this {what}, "
                           f"which feeds {ranking} alone (ruling 3); the other players keep the points of their "
                           "places (Art. 3)",
                           hint="write the player's sex: F for a woman" if why == "no sex given" else
                           "nothing to do if the birth year and sex are right; else correct them",
                           **season.where(row, "born" if older else "sex"))

    def validate(self, season, issues: Issues) -> None:
        self._check_scores(season, issues)
        self._check_liga_spellings(season, issues)
        table = self._table(season, issues)
        self._pot(season, issues)
        youth_best = season.settings.get("youth_liga_players")
        if youth_best is not None and youth_best not in (1, 2):
            issues.error("youth-liga-players", f"Youth liga players is {youth_best}: write 1 (Art. 5 d) or 2 "
                         "(Art. 2 l)", **season.setting_where("youth_liga_players"), hint="write 1 or 2")
        # (what depends on the settings alone is said here, not while scoring: `check` then lists it even when
        # an error elsewhere stops the scoring — unless season.xlsx itself has one: a setting that is an error
        # reads as blank, and "no SMMLV" would be a second message for it)
        if "season.xlsx" not in issues.files_with_errors():
            source = season.settings.get("points_table_source")
            if not source:
                issues.warning("no-points-source", "season.xlsx does not say whose points table it holds",
                               **season.setting_where("points_table_source"),
                               hint="add the setting 'Points table source' (e.g. 'FECODAZ circular 2009')")
            elif "ILLUSTRATIVE" in str(source).upper():
                issues.warning("illustrative-table", "the Points table is the illustrative one, not the official "
                               "FECODAZ table: every points figure is provisional", file="season.xlsx",
                               sheet="Points", hint="enter the official table and change 'Points table source'")
            if season.settings.get("smmlv") is None:
                issues.warning("no-smmlv", "season.xlsx has no SMMLV: the ½ and ¼ SMMLV floors of the bolsa are "
                               "taken as 0", **season.setting_where("smmlv"),
                               hint="add the setting SMMLV (e.g. 496900)")
        t, r = season.tournaments, season.results
        if t.empty:
            return
        year = season.year
        # Every per-row check is one vectorised mask over the whole results frame; the row positions of each
        # tournament are grouped once (by label, as ``r["tournament"] == label`` selects them), so each
        # tournament below costs a few array look-ups and only the offending rows are ever built.
        by_t = _RowsByTournament(r["tournament"])
        blank_score = by_t.hits(r["score"].isna().to_numpy(bool))
        blank_games = by_t.hits(r["games"].isna().to_numpy(bool))
        blank_team = {col: by_t.hits(r[col].isna().to_numpy(bool))
                      for col in ("team", "team_place", "board", "board_place")}
        rated = by_t.hits(r["national_rating"].notna().to_numpy(bool))
        age = year - pd.to_numeric(r["born_year"], errors="coerce").astype("float64")  # Art. 2 l: by birth year
        no_born = by_t.hits(age.isna().to_numpy(bool))
        too_old = by_t.hits((age > 14).to_numpy(bool))
        for tour in _records(t):
            where = {"file": tour.file, "sheet": tour.sheet}
            cells = tour.cells
            g = by_t.group(tour.tournament)  # -1: no result rows
            n_rows = by_t.size(g)
            if pd.notna(tour.start) and pd.notna(tour.end) and tour.end < tour.start:
                issues.error("dates-backwards", f"{tour.tournament}: End ({tour.end}) is before Start ({tour.start})",
                             cell=cells.get("end", ""), hint="check the two dates", **where)
            # (a national championship of an amateur or youth category is scored by its rated players alone
            # (Art. 3 amateur list): only one feeding a senior ranking starts from a base categoría)
            senior = not isinstance(tour.ranking, str) or not tour.ranking or tour.ranking in R.SENIOR_NAMES
            needs_base = tour.kind in ("Open", "Closed") or (tour.kind == "National" and tour.cash_prizes and senior)
            if needs_base and pd.isna(tour.base_category):
                issues.error("missing-base-category", f"{tour.tournament}: Base category is blank; a {tour.kind} "
                             "tournament needs the categoría the federation assigned (Art. 3)",
                             cell=cells.get("base_category") or cells.get("kind", ""),  # (no such row: at Kind)
                             hint="write the base categoría, e.g. 8 (add a row Base category if there is none)",
                             **where)
            if tour.kind in R.CATEGORY_KINDS or tour.kind == "Sub 14":  # (the youth rankings use item 5 too)
                # the first five blank scores (itertuples: ``row.name`` is the player's name column)
                for row in r.take(blank_score.first(g, 5)).itertuples() if blank_score.count(g) else ():
                    issues.error("missing-score", f"{row.name}: Score is blank (needed for the tie at the last "
                                 "scoring place, Art. 3 item 5)", hint="write the game points, e.g. 6,5",
                                 **season.where(row, "score"))
                if blank_games.count(g):
                    row = r.iloc[blank_games.first(g, 1)[0]]
                    if blank_games.count(g) < n_rows:
                        issues.warning("missing-games", f"{tour.tournament}: {blank_games.count(g)} player(s) "
                                       "without Games: not counted for the size bonus (Art. 3 item 3)",
                                       hint="write the games each player actually played",
                                       **season.where(row, "games"))
                    else:  # (no Games column — an export without one has a column gpcalc added: no cell to name)
                        issues.warning("missing-games", f"{tour.tournament}: no player has Games (the Results have "
                                       "no Games column, or it is empty), so none counts for the size bonus (Art. "
                                       "3 item 3: players with more than 2 games)", hint="add a Games column with "
                                       "the games each player actually played", file=row["file"], sheet=row["sheet"])
            if tour.kind == "Team":
                for col, miss in blank_team.items():
                    if miss.count(g):
                        row = r.iloc[miss.first(g, 1)[0]]
                        issues.error("missing-team-column", f"{tour.tournament}: {col.replace('_', ' ')} is blank "
                                     f"for {miss.count(g)} player(s); a team event needs Team, Team place, Board and "
                                     "Board place (Art. 3 amateur item 7)",
                                     hint="fill in the column for every player (reserves: board 5)",
                                     **season.where(row, col))
            if tour.kind in R.CATEGORY_KINDS and n_rows and not rated.count(g):
                issues.warning("no-national-ratings", f"{tour.tournament}: no player has a National rating: "
                               "everyone is counted as unrated Sub 1700 in the amateur rankings (Art. 3 amateur "
                               "list)", hint="fill in the National rating column (the rating at this tournament)",
                               **where)
            if tour.kind == "Sub 14" and n_rows:
                if no_born.count(g):
                    issues.warning("youth-no-born", f"{tour.tournament}: {no_born.count(g)} player(s) without a "
                                   "birth year get no youth category (Art. 2 l)", hint="fill in Born",
                                   **season.where(r.iloc[no_born.first(g, 1)[0]], "born"))
                if too_old.count(g):
                    issues.info("youth-too-old", f"{tour.tournament}: {too_old.count(g)} player(s) born before "
                                f"{year - 14} are older than Sub 14 and score in no youth ranking",
                                **season.where(r.iloc[too_old.first(g, 1)[0]], "born"))
            target = tour.ranking or "Absoluto"
            if tour.kind not in ("National", "Team") and pd.notna(tour.ranking) and str(tour.ranking).strip() \
                    and target != "Absoluto":
                # only a national championship or a team event feeds a named ranking (CONTRACT: "the ranking a national
                # or team event feeds"): an open, closed or Sub-14 event feeds its own — ignored, so said
                feeds = "the Sub-14 youth rankings" if tour.kind == "Sub 14" else "Absoluto (and every ranking its " \
                                                                                   "players qualify for)"
                issues.warning("ranking-ignored", f"{tour.tournament}: Ranking is {target}, but a {tour.kind} "
                               f"tournament feeds {feeds}; the setting is not used", cell=cells.get("ranking", ""),
                               hint="clear Ranking, or set Kind to National (a national championship) if that is "
                                    "what it is", **where)
            if tour.kind == "Team" and target not in R.SENIOR_NAMES:
                issues.warning("ranking-not-computed", f"{tour.tournament}: a team event feeding the {target} "
                               "ranking gives no points (gpcalc ruling 8: team events score in the senior rankings only)",
                               cell=cells.get("ranking", ""), **where)
            if year and pd.notna(tour.start) and tour.start.year != year:
                issues.warning("outside-season", f"{tour.tournament}: starts in {tour.start.year}, outside the "
                               f"{year} Grand Prix (January–December, Art. 1)", cell=cells.get("start", ""), **where)
        if year and len(r):
            self._check_playing_up(season, r, t, year, issues)
            self._check_senior_outsiders(season, r, t, year, issues)
        if not issues.has_errors():  # the compliance warnings (Art. 2): they read the rows of every tournament at
            self._tournaments(season)  # the stop, and a cell that is an error reads as blank (a false warning)
        if table is not None and "base_category" in t:
            kept = _kept(season)
            br = kept[2] if kept is not None else self._breakdown(season)
            missing = br[br["category"].notna()]
            first_of = t.drop_duplicates("tournament").set_index("tournament")  # a tournament's first row
            for row in missing.itertuples():
                c = int(row.category)
                if c >= 1 and c <= table.last and c not in table.rows:
                    tour = first_of.loc[row.tournament]
                    issues.error("category-not-in-table", f"{row.tournament}: categoría {c} is not in the Points "
                                 "table", file=tour.file, sheet=tour.sheet, cell=_category_cell(tour.cells),
                                 hint=f"add the row for categoría {c} to the Points sheet of season.xlsx")

    def _table(self, season, issues: Issues | None = None) -> R.PointsTable | None:
        raw = season.raw_sheets.get("Points")
        if raw is None:
            return None
        table, problems = R.points_table_from_grid(raw.rows)
        if issues is not None:
            for p in problems:
                (issues.error if p.severity == "error" else issues.warning)(
                    "points-table", f"Points: {p.message}", file="season.xlsx", sheet=raw.name, cell=_cell(p),
                    hint="one row per categoría: the categoría, then the points of places 1, 2, 3 …")
        return table

    def _breakdown(self, season, tcodes: tuple | None = None, pcodes: tuple | None = None) -> pd.DataFrame:
        t = season.tournaments
        tours = pd.DataFrame({"tournament": t["tournament"], "kind": t["kind"], "base": t["base_category"],
                              "norms": t["norms"].fillna("None"), "cash": t["cash_prizes"].fillna(False),
                              "ranking": t["ranking"]})
        return R.category_breakdown(tours, season.results, tcodes=tcodes, pcodes=pcodes)

    # ------------------------------------------------------------------ compute

    def compute(self, season) -> Outcome:
        year = season.year
        table = self._table(season)
        assert table is not None  # validate() made a missing or unreadable table an error
        row_codes: list = []
        tours_out = self._tournaments(season, emit=False, row_codes=row_codes)
        r = self._rows(season)
        players_out = self._players(season, r)
        # The rules run on integer codes for tournament and player (each name's rank among the sorted names, so
        # sorting by code is sorting by name): one hashing of the text columns instead of one per group-by,
        # merge and lookup. The output frames get the names back (``codes.*``).
        codes = _Codes(tours_out["tournament"], r["tournament"], r["player"], row_codes=row_codes[0],
                       player_codes=row_codes[1] if len(row_codes) > 1 else None)
        r = r.assign(tournament=codes.t_rows, player=codes.p_rows)
        # (the rules below read none of these: they are not copied with every subset of the rows)
        r = r.drop(columns=["file", "sheet", "row", "name", "id", "games", "league"])
        tours = tours_out.assign(tournament=codes.t_tours)
        players = players_out.assign(player=codes.player_codes(players_out["player"]))
        # Art. 6: unjustified withdrawals lose the year — from any tournament of the season, counting or not
        # (the Sanctions sheet lists every withdrawal)
        sanctioned = R.sanctioned_players(r)  # player codes (``r`` has every result row, withdrew filled)
        valid = tours.set_index("tournament")["counts"]
        r = r[R.tmap(r["tournament"], valid).fillna(False).astype(bool)]
        cats = tours.set_index("tournament")["category"]
        feeds = tours.set_index("tournament")["feeds"]
        # the kind's tests made per tournament and looked up per row as booleans (a blank kind: neither)
        t_kind = tours.set_index("tournament")["kind"]
        is_cat_rows = R.tmap(r["tournament"], t_kind.isin(R.CATEGORY_KINDS)).fillna(False).astype(bool)
        cat_rows = r[is_cat_rows]
        team_rows = r[R.tmap(r["tournament"], t_kind.eq("Team")).fillna(False).astype(bool)]
        cat_t = cats[cats.index.isin(cat_rows["tournament"].unique())]
        # the senior membership pairs (result row, ranking) of every counting row, formed once: the categoría rows'
        # share feeds the senior awards (the pairs keep the row order, so the subset is fed_membership_index of
        # cat_rows), all of them the standings' tournaments played (Art. 4)
        fed_pairs = R.fed_membership_index(r[["tournament", "sex", "born_year"]], feeds, year)
        is_cat = is_cat_rows.to_numpy(bool)
        on_cat = is_cat[fed_pairs[0]]
        cat_pairs = ((np.cumsum(is_cat) - 1)[fed_pairs[0][on_cat]], fed_pairs[1][on_cat])
        # (the award rows' place is read by nothing below — the ledger does not show it: left out of the concats,
        # where the amateur rows' object column would make every place an object)
        # (the senior, team and amateur/youth awards joined in one concat: one copy of the rows, not two)
        senior = R.senior_awards(cat_rows, cat_t, feeds[feeds.index.isin(cat_t.index)], table, year, pairs=cat_pairs)
        team = R.team_awards(team_rows, feeds[feeds.index.isin(team_rows["tournament"].unique())], year)
        extra_awards, extra_members, object_members = self._amateur_youth(season, r, tours, table, codes)
        awards = pd.concat([senior.drop(columns="place"), team.drop(columns="place"),
                            extra_awards.drop(columns=["position", "place"])], ignore_index=True)
        del senior, team, cat_rows, team_rows  # (their memory freed now, for the frames below to reuse)
        awards["points"] = awards["points"].astype("float64")
        awards["tournament"] = awards["tournament"].astype("int64")  # (an empty award frame has object columns)
        awards["player"] = awards["player"].astype("int64")
        tinfo = tours.set_index("tournament")
        awards["date"] = R.tmap(awards["tournament"], tinfo["start"])
        awards["closed"] = R.tmap(awards["tournament"], tinfo["kind"].eq("Closed")).fillna(False).astype(bool)

        awards["rk"] = R.tmap(awards["ranking"], RK_CODE).to_numpy("int64")  # the ranking code (RK_NAMES)

        held = R.tournaments_held(awards.assign(ranking=awards["rk"]))
        held.index = pd.Index(RK_NAMES[held.index.to_numpy("int64")])
        limits = pd.Series(R.counting_limit(held.to_numpy()), index=held.index)
        # (only the columns ``_entries`` reads: the texts are not copied)
        keep_live = ~awards["player"].isin(sanctioned)
        # entries, totals and standings on ranking codes too (count_best's limits by code)
        limits_c = pd.Series(limits.to_numpy(), index=[RK_CODE[k] for k in limits.index], dtype="int64")
        counted = None  # each award row's counted flag, where known without the ledger's look-up by key
        if keep_live.any():
            # the dates (each the tournament's start, as objects) go through _entries and count_best as the
            # tournament's rank among the sorted distinct starts (blank: NaN, last): the same order, ties and
            # blanks, without hashing, sorting and carrying an object column; the dates are put back from the
            # tournaments afterwards (the same lookup as ``awards["date"]``)
            live = awards.loc[keep_live, ["rk", "player", "tournament", "points", "closed"]]
            d_codes = pd.factorize(tinfo["start"], sort=True)[0]
            date_rank = pd.Series(np.where(d_codes < 0, np.nan, d_codes.astype("float64")), index=tinfo.index)
            entries = _entries(live.assign(date=R.tmap(live["tournament"], date_rank)))
            # (count_best keeps only the columns read below: the date is put back from the tournaments and
            # nothing reads closed after it)
            entries, totals = R.count_best(entries, limits_c, keep=[c for c in (
                "ranking", "player", "tournament", "points", "_row") if c in entries.columns])
            entries["date"] = R.tmap(entries["tournament"], tinfo["start"])
            if "_row" in entries.columns:
                # each award's counted flag through its entry's ``_row`` (an award row of a sanctioned player
                # has no entry: False, as the ledger's look-up by key has it)
                counted = np.zeros(len(awards), dtype=bool)
                counted[np.flatnonzero(keep_live.to_numpy(bool))[entries["_row"].to_numpy()]] = \
                    entries["counted"].to_numpy(bool)
        else:
            entries = _entries(awards.loc[keep_live, ["rk", "player", "tournament", "date", "points", "closed"]])
            entries, totals = entries.assign(counted=pd.Series(dtype=bool)), pd.DataFrame(
                columns=["ranking", "player", "counted_points", "closed_counted", "cap_cut", "total"])

        standings = self._standings(season, r, tours, totals, entries, players, sanctioned, limits, extra_members,
                                    codes, fed_pairs, object_members)
        ledger = self._ledger(awards, entries, totals, players, sanctioned, tours, codes, counted)
        entries = entries.assign(ranking=_rk_names(entries["ranking"], "str"),
                                 player=codes.players(entries["player"], "str"),
                                 tournament=codes.tournaments(entries["tournament"], "str"))
        tours = tours_out
        clubs = self._ligas(standings, season)
        money = self._money(season, tours, standings, table)
        sanctions = self._sanctions(season, players_out)
        out_tours = self._tour_frame(tours)
        source = season.settings.get("points_table_source") or "(not given — set 'Points table source' in " \
                                                                "season.xlsx)"
        ranking_m = ", ".join(f"{k}: M={int(held.get(k, 0))} → best {int(limits.get(k, 1))}"
                              for k in ALL_RANKINGS if k in held.index)
        summary = [
            ("Points table source", str(source)),
            ("Rules", "FECODAZ Resolución Nº 04 (15 January 2009), with gpcalc's rulings (README)"),
            ("Categoría", "base + title bonus floor(Σ GM/WGM 5, IM/WIM 3, FM/WFM 2, CM/WCM 1 ÷ 10) + norms (IM +2, "
                          "GM +4) + size floor(players with more than 2 games ÷ 100); a national championship "
                          "without cash starts at 3 (Art. 3 items 1–3, 6)"),
            ("Beyond the table", f"categoría c > {table.last}: first place P({table.last},1) + 4 per categoría, 2 "
                                 "fewer per place, c places (Art. 3; categoría 15 with P(13,1)=40: 48 … 20)"),
            ("Counting", "best max(1, floor(2M/3)) results, M = tournaments so far awarding points in the ranking "
                         f"(Art. 3 item 6): {ranking_m or 'none yet'}"),
            ("Closed tournaments", "valid with ≥ 3 players from other ligas, played before 30 September; at "
                                   "most 30 counted points a year (Art. 2 q)"),
            ("Ties", "more tournaments played, better place in the last tournament played, better place in last "
                     "year's GP; otherwise marked = (Art. 4)"),
            ("Sanctions", f"{len(sanctioned)} player(s) lost the year for an unjustified withdrawal (Art. 6)"),
            ("Amateur", "Sub 2000 (1800–1999), Sub 1800 (1700–1799), Sub 1700 (< 1700 or unrated) by national "
                        "rating, locked for the year at the first tournament where the player scored; categoría = "
                        "rated players (FIDE-rated ×2) + 2 for an IRT; 3+/6+ titled players: +2/+4 and 1/2 extra "
                        "places; Dama amateur minimum 6, 4, 2 (Art. 3 amateur list)"),
            ("Youth", "Sub 14/12/10/8/6 by birth year (exclusive), each rama; same categoría, IRT, titles and "
                      "item 5 rules (Art. 2 l, m)"),
            *money["summary"],
        ]
        categories = self._category_sheet(extra_members, tours, codes, object_members)
        sheets = [
            OutSheet("Sanctions", sanctions, note="Every withdrawal (Art. 6). Yes = without justification: the "
                     "player loses all points of the year and any prize; their points are not passed down.",
                     highlight="_sanctioned"),
            OutSheet("Points table", self._table_sheet(table, tours), note=f"Source: {source}. Rows beyond the "
                     "Points sheet are the Art. 3 extension.", highlight="_extended"),
            OutSheet("Amateur and youth categorías", categories,
                     note="Per tournament and ranking (Art. 3 amateur list): categoría = rated players (national "
                     "rating; FIDE-rated counted twice) + 2 for an IRT; 3+ titled players: +2 to every score and 1 "
                     "extra place; 6+: +4 and 2 extra places."),
            OutSheet("Bolsa", money["bolsa"], note=money["bolsa_note"], formats={"basis": "money", "amount": "money"},
                     highlight="_total"),
            OutSheet("Qualifiers", money["qualifiers"], note="Art. 4: the three best Colombian (register Federation "
                     "COL) or resident (Resident Yes) players of each rama qualify for next year's national final.",
                     formats={"total": "points"}),
        ]
        tour_json = ["kind", "category", "category_breakdown", "base", "title_points", "title_bonus", "norm_bonus",
                     "players_over_2_games", "size_bonus", "feeds", "counts", "status"]
        prizes = money["prizes"]
        return Outcome(
            ledger=ledger, entries=entries[ENTRY_COLUMNS], standings=standings, tournaments=out_tours,
            prizes=prizes, clubs=clubs, rankings=list(ALL_RANKINGS),
            counting_note="Counted: each player's best max(1, floor(2M/3)) results in the ranking, M = its "
                          "tournaments so far (Art. 3 item 6, ruling); with closed points capped at 30 (Art. 2 q), "
                          "the choice with the highest total. The others are dropped.",
            ranking_notes={k: f"Here M = {int(held[k])}: the best {int(limits.get(k, 1))} count."
                           for k in ALL_RANKINGS if k in held.index},
            standings_extra=["played", "counted_results", "closed_cap", "last_place", "last_gp_place", "tiebreak"],
            standings_note="Total = the counted results less Closed cap (closed tournaments' points above 30)."
            + (" PROVISIONAL: the points come from the illustrative points table, not the official one."
               if "ILLUSTRATIVE" in str(season.settings.get("points_table_source") or "").upper() else ""),
            sheets=sheets, summary=summary, tournament_json=tour_json, points_decimals=1, clubs_sheet="Ligas",
            clubs_note="Art. 5 d: each liga's two best players' totals in the main ranking and in the amateur one "
                       "(Sub 2000, 1800, 1700 pooled); in the youth rankings the best score per category and rama "
                       "(season setting Youth liga players).",
            prizes_note=money["prizes_note"],
            # (the categorías, one record per tournament and ranking: made only for an export — ``--json``)
            json_extra={"points_table_source": str(source), "bolsa": money["json"],
                        "categories": lambda: _plain_records(categories),
                        "qualifiers": [{k: _plain(v) for k, v in row.items()}
                                       for row in money["qualifiers"].to_dict("records")],
                        "sanctions": _plain_records(sanctions[[c for c in sanctions.columns
                                                               if not str(c).startswith("_")]])},
        )

    # -- tournaments: categoría (Art. 3), validity (Art. 2 q), compliance (Art. 2)
    def _tournaments(self, season, emit: bool = True, row_codes: list | None = None) -> pd.DataFrame:
        """``row_codes``: a list to which the result rows' ``pd.factorize`` of the tournament is appended (formed
        here once, for the player counts and the categoría breakdown, and shared with compute's ``_Codes``), then
        — where the breakdown is made here — their ``pd.factorize(sort=True, use_na_sentinel=False)`` of the
        player (the breakdown's player codes and ``_Codes``' own: one hashing of the names for both).
        validate() (``emit``) keeps its frame in ``season.scratch``; compute takes it from there when the season's
        tournaments and results are still the very frames it was made from (the frame does not depend on
        ``emit``: only the warnings are emitted or not)."""
        kept = _kept(season)
        if kept is not None and not emit:
            t, tcodes, _ = kept
            if row_codes is not None:
                row_codes.append(tcodes)
            return t.copy()
        t = season.tournaments.copy()
        r = season.results
        tcodes = R.factorize_runs(r["tournament"])
        if row_codes is not None:
            row_codes.append(tcodes)
        # = the map of ``r.groupby("tournament").size()`` (blank tournaments are in no group)
        tcode, t_names = tcodes
        sizes = pd.Series(np.bincount(tcode[tcode >= 0], minlength=len(t_names)), index=t_names)
        t["players"] = t["tournament"].map(sizes).fillna(0).astype(int)
        # Art. 2 h: "Los MI, WMI, GM y WGM no pagarán inscripción" — the rows that pay no entry fee
        free = r["title"].isin(FEE_EXEMPT_TITLES).to_numpy(bool) & (tcode >= 0)
        t["_fee_exempt"] = t["tournament"].map(
            pd.Series(np.bincount(tcode[free], minlength=len(t_names)), index=t_names)).fillna(0).astype(int)
        pcodes = pd.factorize(r["player"], sort=True, use_na_sentinel=False)
        if row_codes is not None:
            row_codes.append(pcodes)
        br = self._breakdown(season, tcodes, pcodes)
        t = t.merge(br, on="tournament", how="left")
        t["feeds"] = np.where(t["kind"].isin(["National", "Team"]), t["ranking"].fillna("Absoluto"), "Absoluto")
        t.loc[t["kind"] == "Sub 14", "feeds"] = "Sub 14"
        valid = R.closed_validity(
            t.rename(columns={"host_league": "host_league"})[["tournament", "kind", "host_league", "end"]],
            r[["tournament", "player", "league"]])
        t = t.merge(valid, on="tournament", how="left")
        fed_ok = np.where(t["kind"] == "Team", t["feeds"].isin(R.SENIOR_NAMES),
                          t["feeds"].isin(ALL_RANKINGS) | (t["kind"] == "Sub 14"))
        t["counts"] = t["valid"].fillna(True).astype(bool) & fed_ok
        # a valid closed tournament shows the test it passed (Art. 2 q), as an excluded one shows the one it failed
        end = pd.to_datetime(t["end"], errors="coerce")
        closed_ok = (t["valid"].eq(True) & t["counts"]).to_numpy(bool)
        passed = ("counts (closed: " + t["visitors"].fillna(0).astype("int64").astype(str)
                  + " players from other ligas, at least 3; ended " + end.dt.strftime("%Y-%m-%d").fillna("?")
                  + ", before 30 September — Art. 2 q)")
        t["status"] = np.where(t["valid"].eq(False), "excluded: " + t["reason"].fillna(""),
                               np.where(t["counts"], np.where(t["kind"] == "Sub 14", "counts (youth rankings)",
                                                              np.where(closed_ok, passed, "counts")),
                                        "feeds a ranking not computed"))
        t["category_breakdown"] = R.breakdown_texts(t)
        t["warnings"] = self._compliance(season, t, emit)
        if emit:
            season.scratch["fecodaz_tournaments"] = (season.tournaments, season.results, (t.copy(), tcodes, br))
        return t

    def _compliance(self, season, t: pd.DataFrame, emit: bool = True) -> list[str]:
        """The Art. 2 compliance notes of every tournament ('; '-joined, '' when none); ``emit``: also each as a
        warning (tournament by tournament, notes in the order below).

        Each check is a mask over all tournaments; a note's text is formatted only on the rows where it fires,
        from the values as ``to_dict`` boxes them (numbers exactly as typed, as the row-by-row checks had them)."""
        issues, year = season.issues, season.year
        n = len(t)
        clashes = _same_dates(t, ("Open", "Sub 14"))
        sub14_stops = set(t.loc[t["kind"] == "Sub 14", "stop"].astype(str))

        def boxed(col: str) -> list:  # the column's values as the records of ``to_dict`` box them
            return t[[col]].to_dict("list")[col]

        def num(col: str) -> np.ndarray:
            return pd.to_numeric(t[col], errors="coerce").astype("float64").to_numpy()

        kind = t["kind"].to_numpy(object)
        notes: list[list[tuple[str, str, str]]] = [[] for _ in range(n)]
        rounds, r_num = boxed("rounds"), num("rounds")
        has_rounds = t["rounds"].notna().to_numpy(bool)
        # Art. 2 g: at least 6 rounds
        for i in np.flatnonzero(has_rounds & (kind != "Team") & (r_num < MIN_ROUNDS)):
            notes[i].append(("few-rounds", f"{rounds[i]} rounds, fewer than {MIN_ROUNDS} (Art. 2 g)", "rounds"))
        # Art. 2 g: at most 3 rounds a day (days: End − Start + 1, both given)
        both = t["start"].notna().to_numpy(bool) & t["end"].notna().to_numpy(bool)
        start, end_ = boxed("start"), boxed("end")
        days = np.zeros(n, dtype=object)
        at = np.flatnonzero(both & has_rounds)
        days[at] = [(end_[i] - start[i]).days + 1 for i in at]
        for i in at:
            if days[i] and rounds[i] > MAX_ROUNDS_A_DAY * days[i]:
                notes[i].append(("rounds-a-day", f"{rounds[i]} rounds in {days[i]} day(s): more than "
                                 f"{MAX_ROUNDS_A_DAY} a day (Art. 2 g)", "rounds"))
        # Art. 2 e: the prize fund of a senior open
        prizes = boxed("prizes_paid")
        for i in np.flatnonzero((kind == "Open") & t["prizes_paid"].notna().to_numpy(bool)):
            if prizes[i] < MIN_PRIZE_FUND:
                notes[i].append(("small-prize-fund", f"prizes {prizes[i]:,.0f}, under the $1,000,000 minimum of "
                                 "a senior tournament (Art. 2 e)", "prizes_paid"))
        # Art. 2 h, l: the average entry fee
        fees, players = boxed("entry_fees"), boxed("players")
        # (the average over the players who pay: GM, WGM, IM and WIM play a senior tournament free, Art. 2 h)
        free = np.where(kind != "Sub 14", t["_fee_exempt"].to_numpy("int64") if "_fee_exempt" in t.columns
                        else 0, 0)
        ranged = t["kind"].isin(list(ENTRY_RANGE)).to_numpy(bool) & t["entry_fees"].notna().to_numpy(bool)
        for i in np.flatnonzero(ranged):
            payers = players[i] - int(free[i])
            if payers > 0:
                lo, hi = ENTRY_RANGE[kind[i]]
                fee = fees[i] / payers
                if fee < lo or fee > hi:
                    over = f" over {payers} paying players (titled players play free)" if free[i] else ""
                    notes[i].append(("entry-fee-range", f"average entry fee {fee:,.0f}{over} outside {lo:,}–{hi:,} "
                                     "(Art. 2 h/l, 2009 prices adjusted by inflation)", "entry_fees"))
        # Art. 2 q: a closed tournament that is not valid
        valid, reason = boxed("valid"), boxed("reason")
        for i in np.flatnonzero(kind == "Closed"):
            if valid[i] is False:
                notes[i].append(("closed-invalid", f"closed tournament excluded: {reason[i]}", "kind"))
        # Art. 2 d: registered by 30 September
        if year:
            registered = boxed("registered")
            closing = R.closing_date(year)
            for i in np.flatnonzero(t["registered"].notna().to_numpy(bool)):
                if registered[i] >= closing:
                    notes[i].append(("registered-late", f"registered {registered[i].isoformat()}, on or after 30 "
                                     "September (Art. 2 d)", "registered"))
        for i, others in clashes.items():  # Art. 2 d: not on the same dates as another of its kind
            notes[i].append(("same-dates", "on the same dates as " + others + " (Art. 2 d)", "start"))
        # Art. 2 b: a senior open has its Sub-14 companion at the same stop
        stop = boxed("stop")
        for i in np.flatnonzero(kind == "Open"):
            s = stop[i]
            if pd.isna(s) or not str(s).strip():
                notes[i].append(("no-stop", "no Stop given: cannot check its Sub-14 companion (Art. 2 b)", "stop"))
            elif str(s) not in sub14_stops:
                notes[i].append(("no-sub14", f"no Sub-14 tournament at stop {s} (Art. 2 b)", "stop"))
        if emit:
            names, files, sheets, cells = boxed("tournament"), boxed("file"), boxed("sheet"), boxed("cells")
            for i in range(n):
                for code, text, key in notes[i]:
                    issues.warning(code, f"{names[i]}: {text}", file=files[i], sheet=sheets[i],
                                   cell=cells[i].get(key, ""))
        return ["; ".join(x[1] for x in row) if row else "" for row in notes]

    # -- result rows with the columns the rules need
    def _rows(self, season) -> pd.DataFrame:
        r = season.results
        out = r[["tournament", "file", "sheet", "row", "player", "name", "id", "place", "score", "games", "sex",
                 "born_year", "title", "league", "withdrew", "team", "team_place", "board", "board_place",
                 "national_rating", "fide_rating"]]  # a new frame (copy-on-write): no deep copy needed
        out["title"] = out["title"].replace("", None)
        out["withdrew"] = out["withdrew"].fillna("No")
        return out

    def _amateur_youth(self, season, r: pd.DataFrame, tours: pd.DataFrame, table: R.PointsTable,
                       codes: _Codes | None = None) -> tuple[pd.DataFrame, pd.DataFrame, bool]:
        """Amateur (inside senior tournaments; national championships of an amateur category) and youth
        (Sub-14 tournaments; national championships of a youth category) awards, and the members of each.

        The members stay numeric; the third value says whether they used to come out of columns of object dtype
        (an amateur tournament in which nobody is in a band: see ``R.amateur_awards``), which ``_standings``
        and ``_category_sheet`` restore on the output columns that show it."""
        tinfo = tours.set_index("tournament")
        amateur_t: dict[str, tuple[str, ...]] = {}
        youth_t: dict[str, tuple[str, ...]] = {}
        for t, kind, feeds in zip(tinfo.index[tinfo["counts"]], tinfo["kind"][tinfo["counts"]],
                                  tinfo["feeds"][tinfo["counts"]]):
            if kind in R.CATEGORY_KINDS and feeds == "Absoluto":
                amateur_t[t] = R.AMATEUR_NAMES
            elif kind == "National" and feeds in R.AMATEUR_NAMES:
                amateur_t[t] = (feeds,)
            elif kind == "Sub 14":
                youth_t[t] = R.YOUTH_NAMES
            elif kind == "National" and feeds in R.YOUTH_NAMES:
                youth_t[t] = (feeds,)
        irt = tinfo["irt"].fillna(False).astype(bool)
        titled = R.titled_players(r)
        rows = r[["tournament", "player", "place", "score", "sex", "born_year", "national_rating", "fide_rating"]]
        t_order = list(tours["tournament"])
        a_aw, a_mem, object_members = R.amateur_awards(
            rows[rows["tournament"].isin(list(amateur_t))], t_order, amateur_t, table, irt,
            titled, keep_codes=True, numeric_members=True,
            t_names=None if codes is None else codes.t_names[np.asarray(t_order, dtype="int64")])
        y_aw, y_mem = R.youth_awards(rows[rows["tournament"].isin(list(youth_t))], youth_t, season.year, table,
                                     irt, titled)
        awards = pd.concat([a_aw, y_aw], ignore_index=True)
        awards["points"] = awards["points"].astype("float64")
        members = pd.concat([a_mem, y_mem], ignore_index=True)
        if "category" in members and len(members):
            missing = table.covers(members["category"].dropna().astype(int).unique())
            if missing:
                # ruling 9: a categoría missing inside the table is an error when a tournament uses it — an
                # amateur band's or a youth category's as much as a senior tournament's (validate())
                used = members.loc[members["category"].isin(missing), ["tournament", "ranking", "category"]]
                used = used.drop_duplicates().sort_values(["tournament", "ranking"], kind="stable")
                for code, group in used.groupby("tournament", sort=False):
                    tour = tinfo.loc[code]
                    label = codes.t_names[int(code)] if codes is not None else tour["file"]
                    listed = ", ".join(f"{int(c)} ({rk})" for rk, c in zip(group["ranking"], group["category"]))
                    many = len(group) > 1
                    season.issues.error(
                        "category-not-in-table", f"{label}: categoría{'s' if many else ''} {listed} "
                        f"{'are' if many else 'is'} not in the Points table",
                        file=tour["file"], sheet=tour["sheet"], cell=_category_cell(tour.get("cells")),
                        hint="add the row for that categoría to the Points sheet of season.xlsx")
        return awards, members, object_members

    def _players(self, season, r: pd.DataFrame) -> pd.DataFrame:
        last = r.drop_duplicates("player", keep="last").set_index("player")
        p = pd.DataFrame({"player": last.index, "name": last["name"].to_numpy(), "id": last["id"].to_numpy()})
        liga = r[r["league"].notna()].drop_duplicates("player", keep="last").set_index("player")["league"]
        p["club"] = p["player"].map(liga)
        reg = season.players
        if len(reg) and "last_gp_place" in reg:
            gp = reg.dropna(subset=["player"]).drop_duplicates("player").set_index("player")["last_gp_place"]
            p["last_gp_place"] = p["player"].map(gp)
        else:
            p["last_gp_place"] = None
        return p

    # -- standings per ranking (Art. 3 item 6, Art. 4)
    def _standings(self, season, r, tours, totals, entries, players, sanctioned, limits,
                   extra_members: pd.DataFrame | None = None, codes: _Codes | None = None,
                   fed_pairs: tuple[np.ndarray, np.ndarray] | None = None,
                   object_members: bool = False) -> pd.DataFrame:
        cols = ["ranking", "rank", "tied", "player", "name", "id", "club", "total", "played", "counted_results",
                "closed_cap", "last_place", "last_gp_place", "tiebreak"]
        if totals.empty:
            return pd.DataFrame(columns=cols)
        tinfo = tours.set_index("tournament")
        # tournaments played per ranking (entered, scored or not) and the place in the last one (Art. 4)
        feeds = tinfo["feeds"][tinfo["counts"]]
        # (on codes: the membership pairs' columns taken straight from the arrays, the rankings as codes)
        # (``fed_pairs``: compute's, the same pairs)
        rows_at, rk_at = R.fed_membership_index(r[["tournament", "sex", "born_year"]], feeds, season.year) \
            if fed_pairs is None else fed_pairs
        senior_rk = np.array([RK_CODE[n] for n in R.SENIOR_NAMES], dtype="int64")
        # (the member columns as a dict of Series, which is all ``_played`` reads: no frame, no block copies)
        members = {"tournament": pd.Series(r["tournament"].to_numpy()[rows_at]),
                   "player": pd.Series(r["player"].to_numpy()[rows_at]), "ranking": pd.Series(senior_rk[rk_at]),
                   "place": r["place"].take(rows_at).reset_index(drop=True)}
        # which member rows have a place: looked up once per result row (each is repeated once per ranking)
        has_place = r["place"].notna().to_numpy(bool)[rows_at]
        if extra_members is not None and len(extra_members):
            # amateur and youth: tournaments entered in that ranking, place = position in the category
            extra = extra_members.rename(columns={"position": "place"})[["tournament", "player", "ranking", "place"]]
            extra_has = extra["place"].notna().to_numpy(bool)  # (on the numbers: the same before the cast below)
            if object_members:  # the positions as the object column they came in (last_place's dtype and values)
                extra = extra.assign(place=extra["place"].astype(object))
            extra_rk = R.tmap(extra["ranking"], RK_CODE)
            et, ep = extra["tournament"].to_numpy(), extra["player"].to_numpy()
            if _int_codes(et) and _int_codes(ep) and extra_rk.dtype.kind in "iu":
                # codes (in object columns when an empty member frame was concatenated): joined as arrays
                members = {
                    "tournament": pd.Series(np.concatenate([members["tournament"].to_numpy(), et.astype("int64")])),
                    "player": pd.Series(np.concatenate([members["player"].to_numpy(), ep.astype("int64")])),
                    "ranking": pd.Series(np.concatenate([members["ranking"].to_numpy(), extra_rk.to_numpy("int64")])),
                    "place": pd.concat([members["place"], extra["place"]], ignore_index=True)}
            else:
                members = pd.concat([pd.DataFrame(members), extra.assign(ranking=extra_rk)], ignore_index=True)
            has_place = np.concatenate([has_place, extra_has])  # (rows in that order)
        played = _played(members, tinfo, has_place)
        s = totals.merge(played, on=["ranking", "player"], how="left")
        s = s.merge(players, on="player", how="left")
        counted = entries.groupby(["ranking", "player"])["counted"].sum().rename("counted_results").reset_index()
        s = s.merge(counted, on=["ranking", "player"], how="left")
        s["closed_cap"] = -s["cap_cut"].where(s["cap_cut"] > 0)
        s = s[~s["player"].isin(sanctioned)]
        s["ranking"] = _rk_names(s["ranking"], "str")
        s = R.rank_with_tiebreaks(s)
        s["_r"] = s["ranking"].map(RANKING_ORDER)
        s = s.sort_values(["_r", "rank", "name"], kind="stable").drop(columns="_r").reset_index(drop=True)
        s["played"] = s["played"].fillna(0).astype(int)
        s["counted_results"] = s["counted_results"].fillna(0).astype(int)
        if codes is not None:
            s["player"] = codes.players(s["player"])
        return s[cols]

    # -- the ledger: every award, counted or not; the closed cap; sanctions
    def _ledger(self, awards, entries, totals, players, sanctioned, tours, codes: _Codes,
                counted: np.ndarray | None = None) -> pd.DataFrame:
        """The ledger on tournament and player codes; the names put back at the end. ``counted``: each award
        row's counted flag, if the caller has it (see ``_ledger_lookups``)."""
        lg = _ledger_lookups(awards, entries, players, names=False, counted=counted)
        out_of = lg["player"].isin(sanctioned)
        if out_of.any():
            lg.loc[out_of, "detail"] = lg.loc[out_of, "detail"] + " — forfeited: unjustified withdrawal (Art. 6)"
        r_pos = RK_ORDER[lg["rk"].to_numpy("int64")]
        # the names (tournament, player, name, id) are put in after the sort where they can be: the sort then
        # moves integer codes, and each name column is gathered once, in its final order (``_p``: see
        # ``_ledger_lookups``)
        later = "_p" in lg.columns
        lg = lg[[*LEDGER_COLUMNS, "counted"] if not later else
                [c for c in (*LEDGER_COLUMNS, "counted", "_p") if c not in ("name", "id")]]

        cap_code = len(codes.t_names)  # the cap rows' tournament code while the names wait (one past the last)

        def names(f: pd.DataFrame) -> pd.DataFrame:  # the name columns put in (and at their places)
            t = f["tournament"].to_numpy("int64")
            on_cap = t == cap_code
            tn = codes.t_names[np.where(on_cap, 0, t)]
            tn[on_cap] = CAP_ROW
            f = f.assign(tournament=pd.Series(tn, index=f.index, dtype=object), player=codes.players(f["player"]))
            if later:
                at = f["_p"].to_numpy()
                f = f.drop(columns="_p")
                f.insert(LEDGER_COLUMNS.index("name"), "name", players["name"].take(at).set_axis(f.index))
                f.insert(LEDGER_COLUMNS.index("id"), "id", players["id"].take(at).set_axis(f.index))
            return f

        tord = {t: i for i, t in enumerate(tours["tournament"])}
        t_pos = R.tmap(lg["tournament"], tord).fillna(len(tord))
        cut = totals[totals["cap_cut"] > 0]
        named = False  # whether the names are in already
        if len(cut):
            # the counted closed results the cap cut, named ("Cerrado de Bogotá 24 + Cerrado de Cali 28 = 52")
            closed = R.tmap(entries["tournament"], tours.set_index("tournament")["kind"].eq("Closed"))
            parts = entries[entries["counted"].fillna(False).astype(bool).to_numpy()
                            & closed.fillna(False).astype(bool).to_numpy()]
            parts = parts.merge(cut[["ranking", "player"]], on=["ranking", "player"]).sort_values(
                ["ranking", "player", "date"], kind="stable")
            parts = parts.assign(_txt=codes.t_names[parts["tournament"].to_numpy("int64")].astype(str) + " "
                                 + R._fmts(parts["points"]).to_numpy())
            listed = parts.groupby(["ranking", "player"], sort=False)["_txt"].agg(" + ".join)
            cut = cut.assign(_parts=pd.MultiIndex.from_frame(cut[["ranking", "player"]]).map(listed.get))
            cap = cut.merge(players[["player", "name", "id"]], on="player", how="left")
            p_cap = pd.Index(players["player"]).get_indexer(cap["player"]) if later else None
            if not later or (p_cap < 0).any():  # (no ``_p``, or a player the merge does not find: names first)
                lg, later, named = names(lg), False, True
            # (while the names wait: the cap rows' tournament as ``cap_code``, the player as its code, and their
            # position in ``players`` — the merge's name and id, taken later)
            cap = pd.DataFrame({
                "tournament": np.full(len(cap), cap_code) if later else CAP_ROW, "date": pd.NaT,
                "ranking": _rk_names(cap["ranking"]),
                "player": cap["player"] if later else codes.players(cap["player"]),
                **({"_p": p_cap} if later else {"name": cap["name"], "id": cap["id"]}),
                "points": -cap["cap_cut"],
                "rule": R.RULE_CAP,
                "detail": "counted closed-tournament points "
                          + cap["_parts"].map(lambda p: f"{p} = " if isinstance(p, str) else "")
                          + R._fmts(cap["closed_counted"]) + " capped at 30: −" + R._fmts(cap["cap_cut"]),
                "counted": True})
            lg = pd.concat([lg, cap[list(lg.columns)]], ignore_index=True)
            t_pos = pd.concat([t_pos, pd.Series(float(len(tord)), index=cap.index)], ignore_index=True)
            r_pos = np.concatenate([r_pos, RK_ORDER[cut["ranking"].to_numpy("int64")]])
        # = a stable sort_values([tournament position, ranking order, points], ascending=[True, True, False])
        key = R._combined(R._sort_key(pd.Series(t_pos.to_numpy())), R._sort_key(pd.Series(r_pos)))
        pts = lg["points"].to_numpy("float64")
        half = 2 * pts
        if len(pts) and np.isfinite(pts).all() and np.array_equal(half, np.floor(half)) and \
                int(key.max()) < 2 ** 62 // (int(half.max() - half.min()) + 1) // len(pts):
            # whole and half points (Art. 3): ``2 × (max − points)`` orders them best first as whole numbers, so
            # the three keys fold into one integer and one sort (ties: row order)
            down = (half.max() - half).astype("int64")
            order = R._stable_argsort(key * (int(down.max()) + 1) + down)
        else:
            order = np.lexsort((R._sort_key(lg["points"], asc=False), key))
        lg = lg.iloc[order].reset_index(drop=True)
        return lg if named else names(lg)

    def _ligas(self, standings: pd.DataFrame, season=None) -> pd.DataFrame:
        """Art. 5 d: main ranking and the amateur tournament (Sub 2000, 1800, 1700 pooled: each player is in
        one band) by their two best players; youth by the best score per category and rama (a season setting
        `Youth liga players` = 2 follows Art. 2 l's "los dos mejores puntajes")."""
        cols = ["ranking", "rank", "tied", "club", "total", "players"]
        youth_best = 1
        if season is not None:
            setting = season.settings.get("youth_liga_players")
            if setting in (1, 2):
                youth_best = int(setting)
        parts = []
        # (ruling 4: a liga's spellings are one liga, named as most often written in the Results sheets)
        results = getattr(season, "results", None)
        names, _ = R.liga_spellings(results["league"] if results is not None and "league" in results.columns
                                    else standings["club"])
        standings = standings.assign(club=R.one_liga(standings["club"], names))
        main = standings[standings["ranking"] == "Absoluto"]
        if len(main):
            parts.append(R.liga_totals(main, best=2))
        amateur = standings[standings["ranking"].isin(R.AMATEUR_BANDS)].assign(ranking=AMATEUR_LIGA)
        if len(amateur):
            parts.append(R.liga_totals(amateur, best=2))
        youth = standings[standings["ranking"].isin(R.YOUTH_NAMES)]
        if len(youth):
            parts.append(R.liga_totals(youth, best=youth_best))
        if not parts:
            return pd.DataFrame(columns=cols)
        lg = pd.concat(parts, ignore_index=True)
        order = {**RANKING_ORDER, AMATEUR_LIGA: len(R.SENIOR_NAMES) + 0.5}
        lg = lg.assign(_r=lg["ranking"].map(order)).sort_values(["_r", "rank", "club"], kind="stable")
        return lg[cols].reset_index(drop=True)

    def _category_sheet(self, members: pd.DataFrame, tours: pd.DataFrame, codes: _Codes,
                        object_members: bool = False) -> pd.DataFrame:
        """One row per (tournament, ranking) of the amateur and youth members (tournament codes → names)."""
        cols = ["tournament", "ranking", "players", "rated", "irt_bonus", "category", "titled", "title_bonus",
                "extra_places"]
        m = members[members["category"].notna()] if len(members) else members
        if m.empty:
            return pd.DataFrame(columns=cols)
        info = ["rated", "irt_bonus", "category", "titled", "title_bonus", "extra_places"]
        if all(m[c].notna().all() for c in info):
            # the values are the same for every member of a (tournament, ranking) group: the group's first row
            # (as the group-by's "first", which skips blanks — there are none), groups in order of appearance
            key = m["tournament"].to_numpy("int64") * len(RK_NAMES) + R.tmap(m["ranking"], RK_CODE).to_numpy("int64")
            gcode, _ = pd.factorize(key)
            first = R._first_index(gcode)
            g = m.iloc[first][["tournament", "ranking", *info]].reset_index(drop=True)
            g.insert(2, "players", np.bincount(gcode, minlength=len(first)).astype("int64"))
            g["ranking"] = _rk_names(R.tmap(g["ranking"], RK_CODE), "str")
        else:
            g = m.groupby(["tournament", "ranking"], sort=False).agg(
                players=("player", "size"), rated=("rated", "first"), irt_bonus=("irt_bonus", "first"),
                category=("category", "first"), titled=("titled", "first"), title_bonus=("title_bonus", "first"),
                extra_places=("extra_places", "first")).reset_index()
        g["tournament"] = codes.tournaments(g["tournament"], "str")
        tord = {t: i for i, t in enumerate(tours["tournament"])}
        g = g.assign(_t=g["tournament"].map(tord), _r=g["ranking"].map(RANKING_ORDER))
        g = g.sort_values(["_t", "_r"], kind="stable")
        for c in ("rated", "irt_bonus", "category", "titled", "extra_places"):
            g[c] = g[c].astype("int64")
        if object_members:  # the bonus as the object column it came in (the members' dtype, see _amateur_youth)
            g["title_bonus"] = g["title_bonus"].astype(object)
        return g[cols].reset_index(drop=True)

    def _pot(self, season, issues: Issues | None = None) -> list | None:
        """The Pot sheet (Place | Percent) as (place, share of the 80 %) rows; None when absent or unreadable."""
        raw = season.raw_sheets.get("Pot")
        if raw is None:
            return None
        pot, errors, warnings = M.pot_from_grid(raw.rows)
        if issues is not None:
            for p in errors:
                issues.error("pot-table", f"Pot: {p.message}", file="season.xlsx", sheet=raw.name, cell=_cell(p),
                             hint="a header Place | Percent, then one row per place: 1 | 30, 2 | 20 …")
            for msg in warnings:
                issues.warning("pot-table", f"Pot: {msg}", file="season.xlsx", sheet=raw.name)
        return None if errors or not pot else pot

    def _money(self, season, tours: pd.DataFrame, standings: pd.DataFrame, table) -> dict[str, Any]:
        """The bolsa, the youth pot, the prizes (one per player), the organisers' awards and the qualifiers."""
        issues = season.issues
        settings = season.settings
        smmlv, sponsorship = settings.get("smmlv"), settings.get("sponsorship")
        lines, totals = M.bolsa(tours, smmlv, sponsorship)
        pot = self._pot(season)
        pot_text = ""
        if pot is None:
            # (a sheet that is there but has no rows — `gpcalc new` writes its header — is empty, not missing)
            raw = season.raw_sheets.get("Pot")
            state = "missing from season.xlsx" if raw is None else "empty"
            pot_text = (f"the Pot table (Place | Percent) is {state}: the 80 % to pay out, "
                        f"{M.money(totals['paid_out'])}, is not allocated to places")
            issues.warning("no-pot-table", pot_text[0].upper() + pot_text[1:], file="season.xlsx",
                           **({"sheet": raw.name, "cell": "A2"} if raw is not None else {}),
                           hint="add a sheet Pot with the columns Place | Percent (Art. 4)" if raw is None else
                           "fill in the Pot sheet below its header: one row per place, e.g. 1 | 30, 2 | 20 (Art. 4)")
        if pot is not None:
            paid_lines = pd.DataFrame([{
                "section": "Pot", "line": f"Place {place}", "tournament": "", "basis": float(totals["paid_out"]),
                "computation": f"{M.pct(share)} × {M.money(totals['paid_out'])} = "
                               f"{M.money(totals['paid_out'] * share)}", "amount": totals["paid_out"] * share,
                "rule": "FECODAZ Art. 4"} for place, share in pot])
            lines = pd.concat([lines, paid_lines], ignore_index=True)
        else:
            lines = pd.concat([lines, pd.DataFrame([{"section": "Pot", "line": "Pot table missing",
                                                     "tournament": "", "basis": float(totals["paid_out"]),
                                                     "computation": pot_text, "amount": None,
                                                     "rule": "FECODAZ Art. 4"}])], ignore_index=True)
        lines["_total"] = lines["line"].isin(["Bolsa total", "Youth pot total"])
        lines["amount"] = lines["amount"].map(lambda d: None if d is None or (isinstance(d, float) and d != d)
                                              else float(d))
        prizes = M.allocate(M.prize_table(totals, pot), standings)
        prizes["value"] = prizes["value_dec"].map(float)
        prizes["note"] = [" — ".join(x for x in (prize, note) if x) for prize, note in
                          zip(prizes["prize"], prizes["note"].fillna(""))]
        organisers = M.organiser_awards(tours[tours["feeds"].isin(R.SENIOR_NAMES)])
        prizes = pd.concat([prizes.drop(columns=["value_dec", "prize"]), organisers], ignore_index=True)
        prizes = prizes[["ranking", "place", "name", "id", "player", "club", "value", "note", "passed_over",
                         "rule"]]
        quals = M.qualifiers(standings, season.players)
        summary = [
            ("Bolsa", f"{M.money(totals['bolsa'])}: retained 20 % {M.money(totals['retained'])}, paid out 80 % "
                      f"{M.money(totals['paid_out'])}, 1 % award {M.money(totals['one_percent'])} (Art. 1, 2 c, 4)"),
            ("Youth pot", f"{M.money(totals['youth'])} (Art. 2 l, m)"),
            ("Pot table", "given" if pot is not None else "MISSING — " + pot_text),
        ]
        note = ("Each line shows its arithmetic. Bolsa: max(10 % of entry fees, ½ SMMLV) per senior open + 10 % "
                "of prizes paid + sponsorship; 20 % retained, 80 % paid out by the Pot table; youth pot: "
                "max(10 % of entry fees, ¼ SMMLV) per Sub-14 tournament.")
        prizes_note = ("One prize per player (Art. 4): each takes the highest prize they are eligible for; the "
                       "prize left passes to the next eligible player. Organisers: Art. 5 e.")
        if pot is None:
            prizes_note = "PLACE MONEY NOT ALLOCATED: " + pot_text + ". " + prizes_note
        json = {"total": float(totals["bolsa"]), "retained": float(totals["retained"]),
                "paid_out": float(totals["paid_out"]), "one_percent": float(totals["one_percent"]),
                "youth_pot": float(totals["youth"]), "pot_table": pot is not None,
                "lines": _plain_records(lines[[c for c in lines.columns if not str(c).startswith("_")]])}
        return {"bolsa": lines, "prizes": prizes, "qualifiers": quals, "summary": summary, "bolsa_note": note,
                "prizes_note": prizes_note, "json": json}

    def _sanctions(self, season, players) -> pd.DataFrame:
        r = season.results
        w = R.withdrawals(r.assign(withdrew=r["withdrew"].fillna("No")))
        if w.empty:
            return pd.DataFrame(columns=["tournament", "name", "id", "liga", "withdrew", "consequence", "_sanctioned"])
        w = w.merge(players[["player", "name", "id", "club"]], on="player", how="left")
        w["consequence"] = np.where(w["sanctioned"], "loses all points of the year and any prize (Art. 6); removed "
                                    "from every ranking", "listed only (justified by the FECODAZ committee)")
        w = w.rename(columns={"club": "liga"})
        w["_sanctioned"] = w["sanctioned"]
        return w[["tournament", "name", "id", "liga", "withdrew", "consequence", "_sanctioned"]]

    def _tour_frame(self, t: pd.DataFrame) -> pd.DataFrame:
        cols = ["tournament", "start", "end", "kind", "host_league", "stop", "players", "irt", "norms", "cash_prizes",
                "rounds", "base_given", "base", "title_points", "title_bonus", "norm_bonus", "players_over_2_games",
                "size_bonus", "category", "category_breakdown", "feeds", "counts", "status", "entry_fees",
                "prizes_paid", "warnings", "file"]
        out = t[cols].copy()
        out.insert(1, "name", out["tournament"])
        return out

    def _table_sheet(self, table: R.PointsTable, tours: pd.DataFrame) -> pd.DataFrame:
        used = tours["category"].dropna().astype(int)
        top = max([table.last, *used.tolist()])
        rows = []
        for c in range(1, top + 1):
            if c <= table.last and c not in table.rows:
                continue
            pts = table.row(c)
            rows.append({"category": c, "points": ", ".join(R._fmt(x) for x in pts),
                         "tournaments": ", ".join(tours.loc[tours["category"] == c, "tournament"]),
                         "_extended": c > table.last})
        return pd.DataFrame(rows, columns=["category", "points", "tournaments", "_extended"])

    # ------------------------------------------------------------------ templates

    def season_default_values(self) -> dict[str, Any]:
        return {"points_table_source": R.ILLUSTRATIVE_SOURCE}

    def season_defaults(self, season: str = "") -> dict[str, list[list[Any]]]:
        players = [["ID", "Name", "Sex", "Born", "League", "Federation", "Resident", "Last GP place"]]
        # Pot: the header only — the resolution's percentages are missing, the coordinator enters them (Art. 4)
        return {"Players": players, "Points": R.illustrative_table().rows_grid(), "Pot": [["Place", "Percent"]]}

    def template_example(self) -> dict[str, Any]:
        return {
            "Results": [
                [1, "Ríos, Andrés Felipe", "71234567", "M", 1985, "Valle", "MI", 2410, 2395, "7,5", 9, "No"],
                [2, "Gómez, Laura", "1020304050", "F", "12/05/1994", "Antioquia", "MFF", 2150, 2120, "7", 9, "No"],
                [3, "Pérez, Juan Carlos", "79876543", "M", 1970, "Bogotá", None, 2205, 2180, "6½", 9, "Sí"],
            ],
        }

    def instructions(self) -> list[str]:
        return [
            "Cómo llenar este libro (Grand Prix FECODAZ, un libro por torneo) / How to fill in this workbook "
            "(FECODAZ Grand Prix, one workbook per tournament)",
            "ESPAÑOL",
            "1. Hoja Tournament: llene la columna Value. Fechas como 14/02/2009 (día primero) o fecha de Excel. Kind: "
            "Open (abierto), Closed (cerrado), National (campeonato nacional), Team (por equipos) o Sub 14. Base "
            "category = la categoría asignada por FECODAZ. Norms: None, IM o GM (torneo ITT). Cash prizes: Sí/No.",
            "2. Hoja Results: una fila por jugador, en el orden final DESPUÉS del desempate oficial: puestos 1, 2, 3 "
            "… sin empates (3-4 no se acepta). Encabezados en español también valen: Puesto, Nombre, Cédula, Sexo, "
            "Nacimiento, Liga, Título, ELO nacional, ELO FIDE, Puntos, Partidas, Retiro, Equipo, Puesto equipo, "
            "Tablero, Puesto tablero.",
            "3. Título: GM/GMI, IM/MI, FM/MF, CM, WGM/GMF, WIM/MIF, WFM/MFF, WCM/CMF, o nacional MN, MNF, CMN, CMNF. "
            "ELO nacional y ELO FIDE: los del jugador EN ESTE torneo. Puntos: 6, 6½ o 6,5. Partidas: las realmente "
            "jugadas (sin byes ni forfaits).",
            "4. Retiro: No; Sí (retiro sin causa justificada: pierde los puntos del año, Art. 6); Justificado "
            "(decidido por el comité de FECODAZ).",
            "5. Torneo por equipos: Equipo, Puesto equipo, Tablero (1–4; reservas 5) y Puesto tablero (puesto entre "
            "los jugadores del mismo tablero).",
            "ENGLISH",
            "1. Tournament sheet: fill in the Value column. Dates as 14/02/2009 (day first) or an Excel date. Kind: "
            "Open, Closed, National, Team or Sub 14. Base category = the categoría FECODAZ assigned. Norms: None, IM "
            "or GM (an ITT). Cash prizes: Yes/No. Ranking: only for a national championship or team event.",
            "2. Results sheet: one row per player in final order AFTER the official tiebreak: places 1, 2, 3 … with "
            "no shared places (3-4 is an error). Title as above; ratings are the player's ratings AT this tournament; "
            "Score 6, 6½ or 6,5; Games = games actually played (byes and forfeits excluded).",
            "3. Withdrew: No; Yes (withdrew without justification: loses the year's points, Art. 6); Justified.",
            "4. Team events: Team, Team place, Board (1–4; reserves 5) and Board place among that board's players.",
            "Send the workbook to the FECODAZ executive secretary within three days of the last round (Art. 2 i).",
        ]


def _entries(live: pd.DataFrame) -> pd.DataFrame:
    """``live.assign(ranking=live["rk"]).groupby(["ranking", "player", "tournament"], sort=False).agg(date=("date",
    "first"), points=("points", "sum"), closed=("closed", "first")).reset_index()`` on the integer codes: the
    groups in order of first appearance, date and closed from each group's first row (both are the tournament's,
    the same on every row of a group), the points summed (whole and half points: exact in any order). Where every
    key is on one row only, the frame also has ``_row``: each entry's row in ``live``."""
    keys = [live[c].to_numpy() for c in ("rk", "player", "tournament")]
    ok = len(live) and all(k.dtype.kind in "iu" and int(k.min()) >= 0 for k in keys) and \
        live["date"].notna().all() and live["closed"].notna().all() and live["points"].dtype == np.float64
    if ok:
        tops = [int(k.max()) + 1 for k in keys]
        if tops[0] * tops[1] * tops[2] < 2 ** 62:
            folded = (keys[0].astype("int64") * tops[1] + keys[1]) * tops[2] + keys[2]
            pts = live["points"].to_numpy("float64")
            half = 2 * pts
            if np.isfinite(pts).all() and np.array_equal(half, np.floor(half)) and np.abs(half).max() < 2 ** 40:
                # (``copy=False`` below: the columns are fresh arrays or this function's own Series, so the
                # frame takes them as they are — no copy, no stacking into 2-D blocks)
                s = np.sort(folded)  # (a plain sort of the keys is much cheaper than hashing them)
                if not (s[1:] == s[:-1]).any():
                    # every key once (the usual case: one award per player, tournament and ranking): each row
                    # is its own group, in order — the same frame as below, without the grouping; the sum of
                    # one value is 0 + the value, as bincount adds it. ``_row``: each entry's row in ``live``
                    # (its one award), carried through count_best so that the ledger finds each award's entry
                    # without a look-up by key
                    return pd.DataFrame({
                        "ranking": live["rk"].reset_index(drop=True),
                        "player": live["player"].reset_index(drop=True),
                        "tournament": live["tournament"].reset_index(drop=True),
                        "date": live["date"].reset_index(drop=True), "points": pts + 0.0,
                        "closed": live["closed"].reset_index(drop=True), "_row": np.arange(len(pts))}, copy=False)
                g, _ = pd.factorize(folded)
                first = R._first_index(g)
                return pd.DataFrame({
                    "ranking": keys[0][first], "player": keys[1][first], "tournament": keys[2][first],
                    "date": live["date"].take(first).reset_index(drop=True),
                    "points": np.bincount(g, weights=pts, minlength=len(first)).astype("float64"),
                    "closed": live["closed"].take(first).reset_index(drop=True)}, copy=False)
    return live.assign(ranking=live["rk"]).groupby(["ranking", "player", "tournament"], sort=False).agg(
        date=("date", "first"), points=("points", "sum"), closed=("closed", "first")).reset_index()


def _ledger_lookups(awards: pd.DataFrame, entries: pd.DataFrame, players: pd.DataFrame,
                    names: bool = True, counted: np.ndarray | None = None) -> pd.DataFrame:
    """``awards.merge(players[["player", "name", "id"]], on="player", how="left")`` then ``.merge(entries' rk, player,
    tournament, counted, on those keys, how="left")`` with counted False where no entry matches — as look-ups on
    the integer codes (``players`` has one row per player and ``entries`` one per key, so a left merge is a
    look-up in the awards' order); the merges themselves where a key is not an integer code or a player is
    missing. ``names=False``: where the look-ups are made, the frame has ``_p`` (each row's position in
    ``players``) instead of name and id, for the caller to take them later. ``counted``: the counted flag of each
    award row if the caller has it (what the look-up by key finds), used where the look-ups are made."""
    keys_a = [awards[c].to_numpy() for c in ("rk", "player", "tournament")]
    keys_e = [entries[c].to_numpy() for c in ("ranking", "player", "tournament")]
    p_codes = players["player"].to_numpy()
    ints = all(k.dtype.kind in "iu" for k in (*keys_a, *keys_e, p_codes))
    if ints and len(awards):
        p_at = pd.Index(p_codes).get_indexer(keys_a[1])
        tops = [max(int(a.max()) if len(a) else 0, int(e.max()) if len(e) else 0) + 1 for a, e in zip(keys_a, keys_e)]
        lows = [min(int(a.min()) if len(a) else 0, int(e.min()) if len(e) else 0) for a, e in zip(keys_a, keys_e)]
        if (p_at >= 0).all() and min(lows) >= 0 and tops[0] * tops[1] * tops[2] < 2 ** 62 \
                and players["player"].is_unique:
            def fold(k: list[np.ndarray]) -> np.ndarray:
                return (k[0].astype("int64") * tops[1] + k[1]) * tops[2] + k[2]
            if counted is None:
                e_at = pd.Index(fold(keys_e)).get_indexer(fold(keys_a)) if entries.index.size else \
                    np.full(len(awards), -1)
                counted = np.zeros(len(awards), dtype=bool)
                hit = e_at >= 0
                counted[hit] = entries["counted"].to_numpy(bool)[e_at[hit]]
            lg = awards.reset_index(drop=True)
            if not names:
                return lg.assign(counted=counted, _p=p_at.astype("int64", copy=False))
            return lg.assign(name=players["name"].take(p_at).reset_index(drop=True),
                             id=players["id"].take(p_at).reset_index(drop=True), counted=counted)
    lg = awards.merge(players[["player", "name", "id"]], on="player", how="left")
    flags = entries[["ranking", "player", "tournament", "counted"]].rename(columns={"ranking": "rk"})
    lg = lg.merge(flags, on=["rk", "player", "tournament"], how="left")
    lg["counted"] = lg["counted"].fillna(False).astype(bool)
    return lg


def _rk_names(codes: pd.Series, dtype: str = "object") -> pd.Series:
    """Ranking codes (see ``RK_NAMES``) → the ranking names."""
    return pd.Series(RK_NAMES[np.asarray(codes, dtype="int64")], index=codes.index, name=codes.name, dtype=dtype)


def _kept(season) -> tuple | None:
    """What validate's _tournaments kept (frame, tournament codes of the rows, categoría breakdown), if made from
    the season's current tournaments and results frames."""
    kept = season.scratch.get("fecodaz_tournaments")
    if kept is None or kept[0] is not season.tournaments or kept[1] is not season.results:
        return None
    return kept[2]


class _Codes:
    """Integer codes of the tournament and player columns: each name's position among the sorted distinct names
    (so an order by code is the order by name, as every sort and tie rule of the rules has it), and the way back
    to the names for the output frames."""

    def __init__(self, tours: pd.Series, tournaments: pd.Series, players: pd.Series,
                 row_codes: tuple | None = None, player_codes: tuple | None = None) -> None:
        if row_codes is None:
            t_codes, t_names = pd.factorize(pd.concat([tours, tournaments], ignore_index=True), sort=True,
                                            use_na_sentinel=False)
            self.t_tours = t_codes[:len(tours)].astype("int64")
            self.t_rows = t_codes[len(tours):].astype("int64")
        else:
            # ``row_codes``: ``pd.factorize(tournaments)`` already made: the sorted factorize of the tournaments'
            # names with each distinct row name once (and a blank if a row has one) — the same distinct values,
            # so the same sorted codes — and the rows' codes looked up through their first factorize
            r_code, r_names = row_codes
            blank = bool(len(r_code)) and bool((r_code < 0).any())
            parts = [tours, pd.Series(r_names)] + ([pd.Series([tournaments[r_code < 0].iloc[0]])] if blank else [])
            t_codes, t_names = pd.factorize(pd.concat(parts, ignore_index=True), sort=True, use_na_sentinel=False)
            self.t_tours = t_codes[:len(tours)].astype("int64")
            lookup = t_codes[len(tours):].astype("int64")  # each distinct row name's code (then the blank's)
            if not blank:
                lookup = np.append(lookup, -1)
            self.t_rows = lookup[r_code]  # (a blank row's code −1: the last entry)
        self.t_names = np.asarray(t_names, dtype=object)
        # (``player_codes``: this very factorize of ``players``, if the caller made it already)
        p_codes, p_names = pd.factorize(players, sort=True, use_na_sentinel=False) if player_codes is None \
            else player_codes
        self.p_names = np.asarray(p_names, dtype=object)
        self.p_rows = p_codes.astype("int64")

    def player_codes(self, players: pd.Series) -> np.ndarray:
        return pd.Index(self.p_names).get_indexer(players).astype("int64")

    @staticmethod
    def _back(codes: pd.Series, names: np.ndarray, dtype: str) -> pd.Series:
        return pd.Series(names[np.asarray(codes, dtype="int64")], index=codes.index, name=codes.name, dtype=dtype)

    def tournaments(self, codes: pd.Series, dtype: str = "object") -> pd.Series:
        return self._back(codes, self.t_names, dtype)

    def players(self, codes: pd.Series, dtype: str = "object") -> pd.Series:
        return self._back(codes, self.p_names, dtype)


def _same_dates(t: pd.DataFrame, kinds: tuple[str, ...], chunk: int = 2_000_000) -> dict[int, str]:
    """Art. 2 d: for each tournament (by position in ``t``) of one of ``kinds``, the other tournaments of the same
    kind whose dates overlap its own (start ≤ its end and end ≥ its start), named in ``t``'s order.

    Sorted by start, the candidates of a tournament lie between the first one starting at most the longest
    duration before it and the last one starting by its end, so only those pairs are formed (in chunks).
    """
    out: dict[int, str] = {}
    names = t["tournament"].to_numpy()
    for kind in kinds:
        pos = np.flatnonzero((t["kind"] == kind).to_numpy() & t["start"].notna().to_numpy()
                             & t["end"].notna().to_numpy())
        if len(pos) < 2:
            continue
        start = pd.to_datetime(t["start"].iloc[pos]).to_numpy("datetime64[ns]")
        end = pd.to_datetime(t["end"].iloc[pos]).to_numpy("datetime64[ns]")
        by_start = np.argsort(start, kind="stable")
        pos, start, end = pos[by_start], start[by_start], end[by_start]
        longest = max((end - start).max(), np.timedelta64(0, "D"))
        lo = np.searchsorted(start, start - longest, side="left")
        hi = np.maximum(np.searchsorted(start, end, side="right"), lo)
        pairs_i, pairs_j = [], []
        i0 = 0
        while i0 < len(pos):
            width = np.cumsum(hi[i0:] - lo[i0:])
            i1 = i0 + max(1, int(np.searchsorted(width, chunk, side="right")))
            n = hi[i0:i1] - lo[i0:i1]
            ii = np.repeat(np.arange(i0, i1), n)
            jj = np.arange(n.sum()) - np.repeat(np.cumsum(n) - n, n) + np.repeat(lo[i0:i1], n)
            ok = (jj != ii) & (end[jj] >= start[ii]) & (start[jj] <= end[ii])
            pairs_i.append(pos[ii[ok]])
            pairs_j.append(pos[jj[ok]])
            i0 = i1
        pi, pj = np.concatenate(pairs_i), np.concatenate(pairs_j)
        if not len(pi):
            continue
        keep = names[pi] != names[pj]
        pi, pj = pi[keep], pj[keep]
        order = np.lexsort((pj, pi))
        # one ", ".join per tournament over its slice of the sorted pairs (no group-by with a Python lambda)
        pi, others = pi[order], names[pj[order]].tolist()
        bounds = np.flatnonzero(np.diff(pi)) + 1
        starts, ends = [0, *bounds.tolist()], [*bounds.tolist(), len(pi)]
        out.update((int(pi[a]), ", ".join(others[a:b])) for a, b in zip(starts, ends))
    return out


def _int_codes(v: np.ndarray) -> bool:
    """Whether an array holds integers only (an integer dtype, or an object array of integers)."""
    if v.dtype.kind in "iu":
        return True
    return v.dtype == object and (not len(v) or pd.api.types.infer_dtype(v, skipna=False) == "integer")


def _dense_codes(col: pd.Series) -> tuple[np.ndarray, Any]:
    """``pd.factorize(col)`` — except for a column of codes already (integers 0 … n − 1, as compute has them),
    which are their own codes with uniques ``0 … max`` (the same groups; codes are never compared across
    columns)."""
    v = col.to_numpy()
    if v.dtype == object and len(v) and pd.api.types.infer_dtype(v, skipna=False) == "integer":
        v = v.astype("int64")  # codes in an object column (after a concat with an empty object frame)
    if v.dtype.kind in "iu" and len(v) and v.min() >= 0:
        return v.astype("int64", copy=False), np.arange(int(v.max()) + 1)  # (read only: no copy needed)
    return pd.factorize(col)


def _played(members: pd.DataFrame | dict[str, pd.Series], tinfo: pd.DataFrame,
            has_place: np.ndarray | None = None) -> pd.DataFrame:
    """Art. 4 tiebreaks per (ranking, player): tournaments played (distinct) and the place in the last one (by
    end, then start, then name; NaT last; the last row with a place), on integer codes.

    ``members``: tournament, player, ranking, place; ``tinfo``: start and end by tournament. Returns ranking,
    player, played, last_place (one row per pair, in no particular order). ``has_place``: whether each row has
    a place (``members["place"].notna()``) if the caller has it."""
    rk, _ = _dense_codes(members["ranking"])
    pk, p_u = _dense_codes(members["player"])
    tk, t_u = _dense_codes(members["tournament"])
    never = np.iinfo("int64").max

    def stamp(col: str) -> np.ndarray:  # per distinct tournament
        d = pd.to_datetime(pd.Series(t_u).map(tinfo[col]))
        return np.where(d.isna(), never, d.to_numpy("datetime64[ns]").astype("int64"))

    t_rank = np.empty(len(t_u), dtype="int64")
    t_rank[np.argsort(np.asarray(t_u, dtype=object), kind="stable")] = np.arange(len(t_u))
    # each distinct tournament's position by (end, start, name) — all different — so the rows sort on one key
    t_pos = np.empty(len(t_u), dtype="int64")
    t_pos[np.lexsort((t_rank, stamp("start"), stamp("end")))] = np.arange(len(t_u))
    group = rk.astype("int64") * len(p_u)  # (in place: one temporary, not two)
    group += pk
    fast = _played_counted(members, group, tk, t_pos, has_place)
    if fast is not None:
        return fast
    if len(group) and int(group.max()) < 2 ** 62 // max(len(t_u), 1):
        order = R._stable_argsort(group * len(t_u) + t_pos[tk])
    else:
        order = np.lexsort((t_pos[tk], group))
    g_sorted, t_sorted = group[order], tk[order]
    new_group = np.ones(len(order), dtype=bool)
    new_group[1:] = g_sorted[1:] != g_sorted[:-1]
    first = np.flatnonzero(new_group)
    groups = g_sorted[first]
    # a tournament's rows of one group are adjacent (same end, start and name): count the changes
    new_pair = new_group.copy()
    new_pair[1:] |= t_sorted[1:] != t_sorted[:-1]
    played = np.add.reduceat(new_pair.astype("int64"), first) if len(first) else np.zeros(0, dtype="int64")
    place = members["place"]
    has = (place.notna().to_numpy() if has_place is None else has_place)[order]
    with_place = order[has]
    g_with = g_sorted[has]
    last_at = np.flatnonzero(np.append(g_with[1:] != g_with[:-1], True)) if len(g_with) else np.zeros(0, int)
    last_place = pd.Series(place.iloc[with_place[last_at]].to_numpy(), index=g_with[last_at]).reindex(groups)
    rep = order[first]  # a row of each group: its keys (dtypes inferred as a group-by's keys are)
    return pd.DataFrame({"ranking": pd.Index(members["ranking"].iloc[rep].to_numpy()),
                         "player": pd.Index(members["player"].iloc[rep].to_numpy()),
                         "played": played.astype("int64"), "last_place": last_place.to_numpy()})


def _played_counted(members: pd.DataFrame | dict[str, pd.Series], group: np.ndarray, tk: np.ndarray,
                    t_pos: np.ndarray, has_place: np.ndarray | None) -> pd.DataFrame | None:
    """``_played``'s frame without sorting the member rows: played = the distinct tournaments of each group (its
    rows less the repeats of a (group, tournament) pair); the last place = the row with the largest (tournament
    position, row) among the group's rows with a place (the last of the stable sort by group and position); each
    group's keys from its first row of that sort (the smallest (position, row)). The same frame, rows by group
    code; None where the keys would not fit int64 or the group codes are too sparse."""
    n, n_t = len(group), len(t_pos)
    if not n or int(group.min()) < 0 or n_t * (n + 1) >= 2 ** 62:
        return None
    top = int(group.max()) + 1
    if top > 4 * n + 4096:
        return None
    present = np.zeros(top, dtype=bool)
    present[group] = True
    groups = np.flatnonzero(present)  # ascending, as the sorted run heads were
    n_g = len(groups)
    if n_g * n_t >= 2 ** 62:  # a (tournament, group) pair as one int64 (no table of them is made)
        return None
    dense = (np.cumsum(present) - 1)[group]
    # played: each group's rows less its repeated (tournament, group) pairs — the pairs as one number, sorted
    # in place so that a repeat is next to its twin. (A (tournament × group) table of marks would be a large
    # fresh allocation, and fresh memory is what costs most here: its page faults.) In-place arithmetic below
    # for the same reason: no more temporaries than needed.
    pair = tk * n_g
    pair += dense
    pair.sort()
    repeated = pair[1:][pair[1:] == pair[:-1]] % n_g  # the group of each repeat
    played = np.bincount(dense, minlength=n_g) - np.bincount(repeated, minlength=n_g)
    # the stable sort's order inside a group, as one number, in the pairs' memory (``mode="clip"``: the codes
    # are in range, so it changes nothing, but with it ``out`` is written directly rather than buffered)
    key = np.take(t_pos, tk, out=pair, mode="clip")
    key *= n
    key += np.arange(n)
    place = members["place"]
    has = place.notna().to_numpy() if has_place is None else has_place
    last = np.full(n_g, -1, dtype="int64")
    np.maximum.at(last, dense[has], key[has])
    first = np.full(n_g, np.iinfo("int64").max, dtype="int64")
    np.minimum.at(first, dense, key)
    with_last = last >= 0
    last_place = pd.Series(place.iloc[last[with_last] % n].to_numpy(), index=groups[with_last]).reindex(groups)
    rep = first % n
    return pd.DataFrame({"ranking": pd.Index(members["ranking"].iloc[rep].to_numpy()),
                         "player": pd.Index(members["player"].iloc[rep].to_numpy()),
                         "played": played, "last_place": last_place.to_numpy()})


class _RowsByTournament:
    """The results' row positions grouped by tournament label, formed once: group ``g`` holds the rows that
    ``results["tournament"] == label`` selects (a blank label selects none). ``hits(mask)`` groups the positions
    of a mask's True rows the same way, in row order."""

    def __init__(self, labels: pd.Series) -> None:
        codes, uniques = pd.factorize(labels)  # blank → −1, in no group
        self._group = {u: i for i, u in enumerate(uniques)}
        self.codes = codes.astype("int64")
        self.n = len(uniques)
        self.sizes = np.bincount(self.codes[self.codes >= 0], minlength=self.n)

    def group(self, label: Any) -> int:
        return -1 if pd.isna(label) else self._group.get(label, -1)

    def size(self, g: int) -> int:
        return int(self.sizes[g]) if g >= 0 else 0

    def hits(self, mask: np.ndarray) -> _Hits:
        pos = np.flatnonzero(mask & (self.codes >= 0))
        g = self.codes[pos]
        order = np.argsort(g, kind="stable")  # by group, row order kept inside each
        count = np.bincount(g, minlength=self.n)
        return _Hits(pos[order], count, np.cumsum(count) - count)


class _Hits:
    """The True rows of a mask per tournament group (see :class:`_RowsByTournament`)."""

    def __init__(self, pos: np.ndarray, count: np.ndarray, start: np.ndarray) -> None:
        self.pos, self._count, self._start = pos, count, start

    def count(self, g: int) -> int:
        return int(self._count[g]) if g >= 0 else 0

    def first(self, g: int, k: int) -> np.ndarray:
        """The positions of the group's first ``k`` True rows (fewer when it has fewer)."""
        if g < 0:
            return self.pos[:0]
        a = int(self._start[g])
        return self.pos[a:a + min(k, int(self._count[g]))]


def _records(frame: pd.DataFrame) -> list[SimpleNamespace]:
    """Rows as objects with attribute access (itertuples would rename `_cells`)."""
    return [SimpleNamespace(**row) for row in frame.to_dict("records")]


def _category_cell(cells: Any) -> str:
    """Where a tournament's categoría is decided: its Base category cell, else its Kind (then its Name)."""
    cells = cells if isinstance(cells, dict) else {}
    return cells.get("base_category") or cells.get("kind") or cells.get("name", "")


def _cell(p: R.TableProblem) -> str:
    """A season.xlsx table problem's cell (its whole row: column A; row −1, the whole sheet: no cell)."""
    from ..issues import col_letter

    return "" if p.row < 0 else f"{col_letter(max(p.col, 0))}{p.row + 1}"


def _plain_records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """``[{k: _plain(v) …} for row in frame.to_dict("records")]``, column by column: int64, bool and blank-free str
    columns as ``tolist`` gives them (the Python ints, bools and strings to_dict gives), the others each value
    boxed as to_dict boxes it, then :func:`_plain`."""
    names = list(frame.columns)
    values = []
    for c in names:
        col = frame[c]
        if (col.dtype.kind in "iub" and isinstance(col.dtype, np.dtype)) or (
                isinstance(col.dtype, pd.StringDtype) and col.notna().all()):
            values.append(col.tolist())
        elif col.dtype == np.float64:  # Python floats as to_dict boxes them, NaN → None as _plain has it
            values.append([None if v != v else v for v in col.tolist()])
        else:
            values.append([_plain(v) for v in frame[[c]].to_dict("list")[c]])  # boxed as to_dict boxes
    return [dict(zip(names, row)) for row in zip(*values)]


def _plain(v: Any) -> Any:
    if isinstance(v, np.bool_ | bool):
        return bool(v)
    if isinstance(v, np.integer):
        return int(v)
    if isinstance(v, float) and v != v:
        return None
    return v


CIRCUIT = FECODAZ()
