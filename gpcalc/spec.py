"""Declarations of what a workbook holds: settings, table columns, sheets. Circuits declare; the reader runs."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .parse import HINTS, READERS, header_key, make_choice


@dataclass(frozen=True)
class Field:
    """One setting (a row of a Setting | Value sheet) or one column of a table sheet."""

    name: str
    kind: str = "text"  # a key of parse.READERS, or "choice"
    required: bool = False
    aliases: tuple[str, ...] = ()
    choices: tuple[str, ...] = ()
    choice_aliases: tuple[tuple[str, str], ...] = ()
    default: Any = None
    help: str = ""
    example: Any = None
    width: int = 0  # template column width; 0 = automatic
    minimum: float | None = None  # checked by the pandera schema (gpcalc.schemas)
    maximum: float | None = None
    listed: tuple[str, ...] = ()  # spellings the template's drop-down offers besides the choices (a language's)
    advice: str = ""  # the hint for a wrong or blank value, where the kind's own ("write it as plain text") says too little

    @property
    def key(self) -> str:
        return snake(self.name)

    @property
    def reader(self) -> Callable[[Any], Any]:
        if self.kind == "choice":
            return _choice_reader(self.choices, self.choice_aliases)
        return READERS[self.kind]

    @property
    def hint(self) -> str:
        if self.advice:
            return self.advice
        if self.kind == "choice":
            return f"write one of: {', '.join(self.choices)}"
        lo, hi = self.minimum, self.maximum
        if lo is None and hi is None or self.kind not in ("count", "int", "number", "money", "score"):
            return HINTS[self.kind]
        shown = [f"{v:g}" if v is not None else None for v in (lo, hi)]
        span = (f"from {shown[0]} to {shown[1]}" if lo is not None and hi is not None
                else f"{shown[0]} or more" if lo is not None else f"at most {shown[1]}")
        if self.kind in ("count", "int"):  # (the range in the hint: a count from 1 is not "0 or more")
            example = min(max(7, lo if lo is not None else 7), hi if hi is not None else 7)
            return f"write a whole number, {span}, such as {example:g}"
        return f"{HINTS[self.kind]} ({span})"

    def names(self) -> list[str]:
        return list(_header_keys((self.name, *self.aliases)))


@dataclass(frozen=True)
class SheetSpec:
    """A sheet: either settings (two columns Setting | Value) or a table with one header row."""

    name: str
    fields: tuple[Field, ...]
    settings: bool = False
    required: bool = False
    aliases: tuple[str, ...] = ()
    help: str = ""
    min_rows: int = 0  # a table with fewer data rows is an error (when the sheet is present)
    extra: dict = field(default_factory=dict)

    def names(self) -> list[str]:
        return list(_header_keys((self.name, *self.aliases)))


@cache
def _header_keys(names: tuple[str, ...]) -> tuple[str, ...]:
    """The header keys of a field's or sheet's names, worked out once (every workbook's headers are matched
    against them: 30 lookups a workbook)."""
    return tuple(header_key(n) for n in names)


@cache
def _choice_reader(choices: tuple[str, ...], aliases: tuple[tuple[str, str], ...]) -> Callable[[Any], Any]:
    """One reader per choice field (it holds nothing but its look-up table), not one per workbook read."""
    return make_choice(choices, dict(aliases))


@cache
def snake(name: str) -> str:
    return re.sub(r"[^0-9a-z]+", "_", name.casefold()).strip("_")


# Columns every circuit's Results sheet shares (identity); circuits add their own.
NAME = Field("Name", "text", required=True, aliases=("Player", "Navn", "Nombre", "Jugador", "Spiller"),
             help="The player's name as on the rating list, e.g. Smith, John or John Smith.",
             example="Smith, John", width=28)
ID = Field("ID", "id", aliases=("Player ID", "ID number", "FIDE ID", "ACF ID", "Id", "Cédula", "Cedula",
                                "Identificación", "Código", "Codigo", "DSU", "DSU nr", "Medlemsnummer", "Nr"),
           help="The player's rating ID. Leave blank if the player has none.", example="3206432", width=12)
SEX = Field("Sex", "sex", aliases=("Gender", "Køn", "Kon", "Sexo", "Genero", "Género"),
            help="M or F (W, K, P also mean female).", example="M", width=6, listed=("W", "K", "P"))
BORN = Field("Born", "born", aliases=("Birth", "Date of birth", "DOB", "Birth date", "Birthdate", "Født", "Fodt",
                                     "Født år", "Fødselsdato", "Fødselsår", "Årgang", "Nacimiento",
                                     "Fecha de nacimiento", "Fecha nac", "Fecha nac.", "F. nac.", "F nac",
                                     "Año de nacimiento", "Año nac", "Año", "Year of birth", "YOB", "Birth year"),
             help="Birth date (2005-03-01 or 1/3/2005, day first) or birth year (2005).", example="1990", width=12)
