"""The shape every circuit plug-in has.

A circuit declares its sheets (settings, columns, extra sheets, register columns) and computes an
:class:`Outcome` from a loaded :class:`~gpcalc.season.Season`. Shared machinery (best-N, ranking with
ties, greedy one-prize allocation, club sums) lives in ``gpcalc.standings`` and ``gpcalc.prizes``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..spec import BORN, ID, NAME, SEX, Field, SheetSpec

if TYPE_CHECKING:
    import numpy as np
    import pandas as pd

    from ..issues import Issues
    from ..season import Season

LEDGER_COLUMNS = ["tournament", "date", "ranking", "player", "name", "id", "points", "rule", "detail"]
ENTRY_COLUMNS = ["ranking", "player", "tournament", "date", "points", "counted"]
STANDING_COLUMNS = ["ranking", "rank", "tied", "player", "name", "id", "club", "total"]


@dataclass
class OutSheet:
    """An extra output sheet a circuit adds: a title row is optional; columns are written as given.

    ``formats`` maps a column to a number format name of the report (``points``, ``money``, ``date``,
    ``int``, ``percent``, ``text``); ``highlight`` names a boolean column whose True rows are shaded.
    """

    name: str
    frame: Any
    note: str = ""
    formats: dict[str, str] = field(default_factory=dict)
    highlight: str = ""


@dataclass
class Outcome:
    """Everything a build produces; every number in it is a sum over ``ledger`` rows."""

    ledger: pd.DataFrame  # LEDGER_COLUMNS (+ circuit columns)
    entries: pd.DataFrame  # ENTRY_COLUMNS: per ranking, player and tournament, the points and counted flag
    standings: pd.DataFrame  # STANDING_COLUMNS (+ circuit columns, listed in standings_extra)
    tournaments: pd.DataFrame  # name, start, end, players (+ circuit columns)
    prizes: pd.DataFrame  # ranking, place, name, id, value (+ note)
    clubs: pd.DataFrame  # ranking, rank, club, total (+ circuit columns)
    rankings: list[str]  # the order of the standings sheets
    standings_extra: list[str] = field(default_factory=list)  # extra standings columns (shown and exported)
    sheets: list[OutSheet] = field(default_factory=list)  # extra sheets, after Clubs and before Ledger
    summary: list[tuple[str, str]] = field(default_factory=list)  # lines for the Summary sheet
    json_extra: dict[str, Any] = field(default_factory=dict)  # a value may be a function: called for the export
    tournament_json: list[str] = field(default_factory=list)  # tournaments columns to export in JSON
    points_decimals: int = 2
    clubs_sheet: str = "Clubs"
    prizes_sheet: str = "Prizes"
    prizes_note: str = ""
    clubs_total: tuple[str, str] = ("Total", "total")  # the clubs sheet's total column: header, format
    clubs_note: str = ""  # what the clubs sheet's total is (a ruling, where the rulebook is silent)
    standings_note: str = ""  # added to every standings sheet's note (how its Total is made, where it is not a sum)
    counting_note: str = ""  # which results count and which are dropped: on the standings and ledger sheets' notes
    ranking_notes: dict[str, str] = field(default_factory=dict)  # ranking → its own addition (e.g. its best-N)


class Circuit(ABC):
    """Base class: subclasses fill in the declarations and implement :meth:`compute`."""

    name: str = ""
    title: str = ""
    rulebook: str = ""  # short name used in ledger rule citations, e.g. "ACF"
    language_note: str = ""
    rankings: tuple[str, ...] = ()
    club_label: str = "Club"
    paper: int = 9  # the output's printed page size (Excel's paper codes): A4; Letter (1) where that is the norm

    season_settings: tuple[Field, ...] = ()
    tournament_settings: tuple[Field, ...] = ()
    results_columns: tuple[Field, ...] = ()
    register_columns: tuple[Field, ...] = ()
    tournament_sheets: tuple[SheetSpec, ...] = ()  # extra sheets of a tournament workbook
    season_sheets: tuple[SheetSpec, ...] = ()  # extra sheets of season.xlsx (fields=() → raw grid)
    identity_columns: tuple[str, ...] = ()  # register keys that win over tournament rows (besides name/sex/born)
    # result columns that are facts about the person, like sex: one value per player, the first given (README)
    person_columns: tuple[str, ...] = ()
    result_checks: tuple = ()  # gpcalc.schemas.RowCheck rules over the Results rows
    tournament_checks: tuple = ()  # RowCheck rules over the tournaments (one row per Tournament sheet)
    # Whether places may be shared (`=3`, `3-4`); circuits whose places are after tiebreak say False.
    shared_places: bool = True
    place_column: str = "place"
    # the month a season starts in: 1 for a calendar-year season ("2005"), else a season over two years
    # ("2012/2013", the school year from August) — what `gpcalc new` writes when no --season is given
    season_start_month: int = 1

    def place_key(self, column: str, values: pd.Series) -> pd.Series:
        """The section or group values as the place checks compare them (places run 1, 2, 3 … in each): the
        values themselves, unless the circuit reads several spellings as one (Aarhus: "A+B" = "AB", "c" = "C")."""
        return values

    def unplaced(self, season, results: pd.DataFrame) -> np.ndarray:
        """Per result row: whether its section or group is one the circuit does not know (a typo, which
        `validate` reports at its cell). The place checks leave those rows out and do not call the places of
        their tournament missing: the row is there, in a section or group no one can place it in."""
        import numpy as np

        return np.zeros(len(results), dtype=bool)

    # ------------------------------------------------------------------ declarations

    # the sex spellings of the circuit's language that its template's drop-down offers besides M and F
    sex_listed: tuple[str, ...] = ()

    def _sex(self) -> Field:
        return replace(SEX, listed=self.sex_listed) if self.sex_listed else SEX

    def results_spec(self) -> SheetSpec:
        return SheetSpec("Results", (NAME, ID, self._sex(), BORN, *self.results_columns),
                         aliases=("Resultados", "Resultater", "Standings", "Clasificación"), required=True,
                         min_rows=1)

    def tournament_spec(self) -> SheetSpec:
        circuit = Field("Circuit", "text", aliases=("Circuito", "Kredsløb"),
                        help="Filled in by the template: which Grand Prix this workbook is for.")
        return SheetSpec("Tournament", (*self.tournament_settings, circuit), settings=True, required=True,
                         aliases=("Torneo", "Turnering", "Stævne"))

    def register_spec(self) -> SheetSpec:
        return SheetSpec("Players", (NAME, ID, self._sex(), BORN, *self.register_columns),
                         aliases=("Jugadores", "Spillere", "Register"))

    def season_spec(self) -> SheetSpec:
        return SheetSpec("Season", (*COMMON_SEASON, *self.season_settings), settings=True, required=True,
                         aliases=("Temporada", "Sæson"))

    # ------------------------------------------------------------------ hooks

    def validate(self, season: Season, issues: Issues) -> None:
        """Circuit checks after loading (add errors and warnings to ``issues``)."""

    @abstractmethod
    def compute(self, season: Season) -> Outcome:
        """Score, rank and award: the whole season's outcome."""

    def season_defaults(self, season: str = "") -> dict[str, list[list[Any]]]:
        """Extra season.xlsx sheets written by `gpcalc new` (sheet name → rows incl. header), for `season`."""
        return {}

    def template_example(self) -> dict[str, Any]:
        """A filled-in example for the template's instructions sheet: settings, extra sheets and results rows."""
        return {}

    def instructions(self) -> list[str]:
        """Lines of the template's instructions sheet."""
        return []


COMMON_SEASON = (
    Field("Circuit", "choice", required=True, choices=("acf", "fecodaz", "aarhus"),
          aliases=("Circuito", "Kredsløb"), help="acf, fecodaz or aarhus"),
    Field("Season", "text", required=True, aliases=("Temporada", "Sæson", "Year", "Año", "År"),
          help="The season: a year (2005) or two (2012/2013).",
          advice="write the season as a year (2005) or two years (2012/2013)"),
    Field("Title", "text", aliases=("Título", "Titel"), help="The title printed on the standings."),
)
