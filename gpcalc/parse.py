"""The forgiving value readers: what organisers really type, read exactly.

Each reader takes one raw cell value (as python-calamine returns it: str, float, int, bool, date, datetime)
and returns the typed value, ``None`` for a blank cell, or raises :class:`BadValue` whose message says what
was wrong. ``HINTS`` says, per kind, how to write the value — it ends every error message.
"""

from __future__ import annotations

import datetime as dt
import re
import unicodedata
from collections.abc import Callable
from fractions import Fraction
from typing import Any


class BadValue(ValueError):
    pass


_EXCEL_EPOCH = dt.date(1899, 12, 30)
_SPACES = re.compile(r"\s+")


def clean_text(raw: Any) -> str:
    """Text of a cell with non-breaking and repeated spaces folded; '' for blank."""
    if type(raw) is str and raw.isprintable() and raw[:1] != " " and raw[-1:] != " " and "  " not in raw:
        return raw  # the common case, tested first: nothing to clean (NBSP, tabs, zero-width marks are not printable)
    if raw is None:
        return ""
    if isinstance(raw, float):
        if raw != raw:  # NaN
            return ""
        return str(int(raw)) if raw.is_integer() else repr(raw)
    if isinstance(raw, bool):
        return "Yes" if raw else "No"
    if isinstance(raw, dt.datetime):
        return raw.date().isoformat() if raw.time() == dt.time() else raw.isoformat(sep=" ")
    if isinstance(raw, dt.date):
        return raw.isoformat()
    text = str(raw).replace("\u00a0", " ").replace("\u200b", "").replace("\ufeff", "")
    return _SPACES.sub(" ", text).strip()


def texts_need_no_cleaning(texts: list[str]) -> bool:
    """Whether clean_text would return every one of `texts` unchanged — its first test above, made once over all
    of them (a column's distinct texts): all printable, no space at either end, no two spaces in a row."""
    if not texts:
        return True
    joined = "\n".join(texts)  # (a newline is not printable: it cannot make the first test pass)
    return "".join(texts).isprintable() and "  " not in joined and " \n" not in joined and "\n " not in joined \
        and joined[:1] != " " and joined[-1:] != " "


_INVISIBLE = " \t\r\n\u00a0\u200b\ufeff"


def row_filled(row: list[Any]) -> bool:
    """Whether a row holds anything but blanks, spaces and non-breaking spaces (fast: no text cleaning)."""
    for v in row:
        if v is None or v == "":
            continue
        if isinstance(v, str):
            if v.strip(_INVISIBLE):
                return True
            continue
        if isinstance(v, float) and v != v:
            continue
        return True
    return False


def header_key(text: Any) -> str:
    """Headers and setting names match case-insensitively, ignoring surrounding and repeated whitespace."""
    return clean_text(text).casefold()


def read_text(raw: Any) -> str | None:
    text = clean_text(raw)
    return text or None


def read_id(raw: Any) -> str | None:
    """IDs exactly as typed: '00123' stays '00123'; a numeric cell 1001 is '1001', never '1001.0'."""
    if isinstance(raw, float) and raw == raw and not raw.is_integer():
        raise BadValue(f"{raw!r} is not an ID")
    return read_text(raw)


_HALF = {"½": Fraction(1, 2), "1/2": Fraction(1, 2)}
_SCORE_RE = re.compile(r"^(\d*)\s*(½|1/2)?$")


def read_number(raw: Any) -> float | None:
    """A decimal number: 4.5, 4,5, 4½; thousands separators in 1,500 / 1.000.000 / 1 500; a leading $. A number
    beyond a float's range (a cell of 400 nines) is not a number either."""
    try:
        out = _read_number(raw)
    except OverflowError:
        raise BadValue(f"'{clean_text(raw)[:24]}…' is too large to be a number") from None
    if out is not None and abs(out) > LARGEST_NUMBER:
        raise BadValue(f"'{clean_text(raw)[:24]}' is too large to be a number here")
    return out


LARGEST_NUMBER = 1e15  # no score, rating, fee or prize fund (pesos included) comes near it; beyond, float sums fail


def _read_number(raw: Any) -> float | None:
    if raw is None or isinstance(raw, bool):
        if isinstance(raw, bool):
            raise BadValue(f"{'TRUE' if raw else 'FALSE'} is not a number")
        return None
    if isinstance(raw, int | float):
        if raw != raw:
            return None
        if raw in (float("inf"), float("-inf")):
            raise BadValue(f"{raw} is not a number")
        return float(raw)
    text = clean_text(raw)
    if not text:
        return None
    text = text.lstrip("=").strip()
    text = re.sub(r"^(\$|€|£|kr\.?|COP|AUD|DKK)\s*", "", text, flags=re.I)
    text = re.sub(r"\s*(\$|€|kr\.?|COP|AUD|DKK)$", "", text, flags=re.I).strip()
    m = _SCORE_RE.match(text)
    if m and (m.group(1) or m.group(2)):
        whole = int(m.group(1)) if m.group(1) else 0
        return float(whole + (_HALF[m.group(2)] if m.group(2) else 0))
    neg = text.startswith("-")
    body = text[1:] if neg else text
    body = body.replace(" ", "")
    if "," in body and "." in body:
        dec = "," if body.rfind(",") > body.rfind(".") else "."
        thou = "." if dec == "," else ","
        body = body.replace(thou, "").replace(dec, ".")
    elif "," in body:
        body = body.replace(",", "") if _thousands(body, ",") else body.replace(",", ".")
    elif body.count(".") > 1 and re.fullmatch(r"\d{1,3}(\.\d{3})+", body):
        body = body.replace(".", "")
    try:
        value = float(body)
    except ValueError:
        raise BadValue(f"'{text}' is not a number") from None
    if value != value or value in (float("inf"), float("-inf")):  # 'nan', 'inf' are text, not numbers
        raise BadValue(f"'{text}' is not a number")
    return -value if neg else value


def _thousands(body: str, sep: str) -> bool:
    """'1,500' and '1,000,000' are thousands; '4,5' and '4,50' are decimals."""
    return bool(re.fullmatch(rf"\d{{1,3}}(\{sep}\d{{3}})+", body))


def read_money(raw: Any) -> float | None:
    """Money: like a number, but '1.500' and '1.000.000' are thousands (how Spanish and Danish write them)."""
    if isinstance(raw, str):
        text = clean_text(raw)
        body = re.sub(r"^[^\d-]*", "", text).rstrip(" $€kr.")
        if re.fullmatch(r"\d{1,3}(\.\d{3})+", body):
            raw = body.replace(".", "")
    value = read_number(raw)
    if value is not None and value < 0:
        raise BadValue(f"{clean_text(raw)} is negative")
    return value


def read_score(raw: Any) -> float | None:
    """A game score: whole or half points, never negative: 4½, 4,5, 4.5, 4 ½, ½."""
    value = read_number(raw)
    if value is None:
        return None
    if value < 0:
        raise BadValue(f"'{clean_text(raw)}' is negative")
    if (value * 2) != int(value * 2):
        raise BadValue(f"'{clean_text(raw)}' is not a whole or half point")
    return value


LARGEST_INT = 1_000_000_000  # no count, category or place on a chess workbook comes near it (int64-safe)
LARGEST_PLACE = 100_000


def read_int(raw: Any) -> int | None:
    value = read_number(raw)
    if value is None:
        return None
    if not float(value).is_integer():
        raise BadValue(f"'{clean_text(raw)}' is not a whole number")
    if abs(value) > LARGEST_INT:
        raise BadValue(f"'{clean_text(raw)}' is too large")
    return int(value)


_GROUPED = re.compile(r"\d{1,3}(?:([.,])\d{3})(?:\1\d{3})*")  # 2.050, 1,850, 12.345.678
_WHOLE = re.compile(r"(\d+)(?:[.,]0*)?")  # 1850, 1850.0, 1850,00, 1. (a German rank)


def whole_number(raw: Any) -> int | None:
    """A whole number as exports and rating lists write it: 1850, 1850.0, 1850,00, "1." (a rank), thousands
    grouped as 2.050, 2,050 or 2 050. None for a blank or anything else (12,5; 18x) — never a number made up by
    dropping a separator (1850.0 is 1850, not 18500)."""
    text = clean_text(raw).replace(" ", "").replace("\u00a0", "").replace("\u202f", "")
    if _GROUPED.fullmatch(text):
        return int(re.sub(r"[.,]", "", text))
    m = _WHOLE.fullmatch(text)
    return int(m.group(1)) if m else None


def read_count(raw: Any) -> int | None:
    value = read_int(raw)
    if value is not None and value < 0:
        raise BadValue(f"'{clean_text(raw)}' is negative")
    return value


_PLACE_RE = re.compile(r"^(?:=|T)?\s*(\d+)\s*(?:\.|=|º|°|th|st|nd|rd)?\s*(?:[-–]\s*(\d+)\s*=?)?$", re.I)


def read_place(raw: Any) -> tuple[int, bool] | None:
    """A place and whether it is shared: 3 → (3, False); =3, 3=, T3, 3-4 → (3, True)."""
    if isinstance(raw, int | float) and not isinstance(raw, bool):
        if raw != raw:
            return None
        if not float(raw).is_integer() or raw < 1:
            raise BadValue(f"'{clean_text(raw)}' is not a place")
        if raw > LARGEST_PLACE:
            raise BadValue(f"'{clean_text(raw)}' is not a place (too large)")
        return int(raw), False
    text = clean_text(raw)
    if not text:
        return None
    m = _PLACE_RE.match(text)
    if not m:
        raise BadValue(f"'{text}' is not a place")
    place = int(m.group(1))
    if place < 1:
        raise BadValue(f"'{text}' is not a place (places start at 1)")
    if place > LARGEST_PLACE or (m.group(2) is not None and int(m.group(2)) > LARGEST_PLACE):
        raise BadValue(f"'{text}' is not a place (too large)")
    tied = text.startswith(("=", "T", "t")) or "=" in text or m.group(2) is not None
    if m.group(2) is not None and int(m.group(2)) < place:
        raise BadValue(f"'{text}' goes backwards")
    return place, tied


_YES = {"yes", "y", "ja", "j", "sí", "si", "s", "true", "1", "x", "✓", "oui", "wahr"}
_NO = {"no", "n", "nej", "false", "0", "-", "none", "ninguno"}


def read_yesno(raw: Any) -> bool | None:
    if isinstance(raw, bool):
        return raw
    if isinstance(raw, int | float):
        if raw != raw:
            return None
        if raw in (0, 1):
            return bool(raw)
    text = clean_text(raw).casefold().rstrip(".")
    if not text:
        return None
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise BadValue(f"'{clean_text(raw)}' is not yes or no")


_MALE = {"m", "male", "man", "mand", "masculino", "d", "dreng", "h", "hombre", "boy", "dr"}
_FEMALE = {"f", "w", "female", "woman", "k", "kvinde", "p", "pige", "femenino", "mujer", "dama", "girl", "fem"}


def read_sex(raw: Any) -> str | None:
    text = clean_text(raw).casefold().rstrip(".")
    if not text:
        return None
    if text in _MALE:
        return "M"
    if text in _FEMALE:
        return "F"
    raise BadValue(f"'{clean_text(raw)}' is not a sex")


_DATE_FORMS = ("%Y-%m-%d", "%d/%m/%Y", "%d.%m.%Y", "%d-%m-%Y", "%d/%m/%y", "%d.%m.%y", "%Y/%m/%d", "%d %b %Y",
               "%d %B %Y", "%Y-%m-%d %H:%M:%S")


# the first four of _DATE_FORMS as patterns (strptime's %Y is four digits, %m and %d one or two); ASCII digits only,
# as strptime's
_ISO_DATE = re.compile(r"(?P<y>[0-9]{4})-(?P<m>[0-9]{1,2})-(?P<d>[0-9]{1,2})")
_DAY_FIRST = re.compile(r"(?P<d>[0-9]{1,2})(?P<sep>[/.\-])(?P<m>[0-9]{1,2})(?P=sep)(?P<y>[0-9]{4})")


def _from_serial(value: float) -> dt.date:
    return _EXCEL_EPOCH + dt.timedelta(days=int(value))


# the dates Excel shows when a year (1900–2100) is typed into a date-formatted cell: day 1900 … 2100 after its epoch
_YEAR_AS_DAY = (_from_serial(1900), _from_serial(2100))


def _typed_year(day: dt.date) -> None:
    """A year typed into a date cell (the template's Start, End and Date cells are formatted as dates): Excel keeps
    2005 as day 2005 and shows 27/06/1905. Read as that date it would put the tournament a century out of its
    season (or a player's birth in 1905) — an error that says what happened, never a date nobody meant. (A date
    that really is in March–September 1905 is read when written as text.)"""
    if _YEAR_AS_DAY[0] <= day <= _YEAR_AS_DAY[1]:
        year = (day - _EXCEL_EPOCH).days
        raise BadValue(f"'{day.isoformat()}' is {year} typed into a date-formatted cell (Excel counts a number "
                       "typed there as days from 1900): write the whole date, or set the cell's format to General "
                       "first")


def read_date(raw: Any) -> dt.date | None:
    """An Excel date, 2004-03-01, 1/3/2004 (day first), 1.3.2004."""
    if raw is None:
        return None
    if isinstance(raw, dt.datetime):
        if raw.time() == dt.time(0):
            _typed_year(raw.date())
        return raw.date()
    if isinstance(raw, dt.date):
        _typed_year(raw)
        return raw
    if isinstance(raw, bool):
        raise BadValue(f"'{clean_text(raw)}' is not a date")
    if isinstance(raw, int | float):
        if raw != raw:
            return None
        if 20000 <= raw <= 80000:  # an Excel serial date in a cell without a date format
            return _from_serial(raw)
        raise BadValue(f"'{clean_text(raw)}' is not a date")
    text = clean_text(raw)
    if not text:
        return None
    quick = _ISO_DATE.fullmatch(text) or _DAY_FIRST.fullmatch(text)
    if quick:  # 2004-03-01, 1/3/2004, 1.3.2004, 1-3-2004: what strptime's first forms read, without trying each
        y, m, d = (quick["y"], quick["m"], quick["d"])
        try:
            return dt.date(int(y), int(m), int(d))
        except ValueError:
            pass  # (31/2/2004: the forms below say what is wrong, as before)
    for form in _DATE_FORMS:
        try:
            return dt.datetime.strptime(text, form).date()
        except ValueError:
            continue
    raise BadValue(f"'{text}' is not a date")


def _likelier_year(yy: str) -> int:
    """A two-digit birth year's likelier century: 2000s unless that is in the future."""
    year = 2000 + int(yy)
    return year if year <= dt.date.today().year else year - 100


def read_born(raw: Any) -> tuple[int, dt.date | None] | None:
    """A birth date or a bare birth year → (year, date or None)."""
    if isinstance(raw, int | float) and not isinstance(raw, bool) and raw == raw and 1850 <= raw <= 2200:
        if not float(raw).is_integer():
            raise BadValue(f"'{clean_text(raw)}' is not a birth year")
        return int(raw), None
    text = clean_text(raw)
    year = re.fullmatch(r"0*(\d{4})", text)  # (0*: a year in a zero-padded 00000 cell, shown 01970)
    if year:
        return int(year[1]), None
    # '07, 95 — or a date 1/3/04: the century is not gpcalc's to guess (the likelier one is offered)
    two = re.fullmatch(r"['’‘]?(\d{2})", text)
    if two:
        raise BadValue(f"'{text}' is a year of two digits: write all four (e.g. {_likelier_year(two[1])})")
    short = re.fullmatch(r"\d{1,2}([/.\-])\d{1,2}\1(\d{2})", text)
    if short:
        raise BadValue(f"'{text}' has a year of two digits: write all four (e.g. {text[:-2]}"
                       f"{_likelier_year(short[2])})")
    day = read_date(raw)
    if day is None:
        return None
    return day.year, day


def make_choice(choices: tuple[str, ...], aliases: dict[str, str] | None = None) -> Callable[[Any], str | None]:
    """A reader for one of a fixed set of values (case-insensitive), with optional aliases."""
    lookup = {c.casefold(): c for c in choices}
    for alias, target in (aliases or {}).items():
        # (an alias to "" is a way to write blank, e.g. Title "Ninguno"; a field sharing another's aliases takes
        # only those to its own choices: the tournament's State has no "Overseas", Prizes no "None" division)
        if target in choices or not target:
            lookup[alias.casefold()] = target

    def read_choice(raw: Any) -> str | None:
        text = clean_text(raw)
        if not text:
            return None
        key = text.casefold()
        if key in lookup:
            return lookup[key]
        squeezed = key.replace(" ", "").replace("-", "")
        for k, v in lookup.items():
            if k.replace(" ", "").replace("-", "") == squeezed:
                return v
        # (a value cut short — "Sub 12" for Sub 12 Absoluto / Sub 12 Femenino — gets the choices it begins)
        begun = [c for c in choices if c.casefold().replace(" ", "").replace("-", "").startswith(squeezed)] \
            if squeezed else []
        if 0 < len(begun) <= 3:
            raise BadValue(f"'{text}' is only the start of a value: did you mean "
                           f"{' or '.join([', '.join(begun[:-1]), begun[-1]] if len(begun) > 1 else begun)}?")
        raise BadValue(f"'{text}' is not one of {', '.join(choices)}")

    read_choice.choices = choices  # type: ignore[attr-defined]
    return read_choice


READERS: dict[str, Callable[[Any], Any]] = {
    "text": read_text,
    "id": read_id,
    "number": read_number,
    "money": read_money,
    "score": read_score,
    "int": read_int,
    "count": read_count,
    "place": read_place,
    "yesno": read_yesno,
    "sex": read_sex,
    "date": read_date,
    "born": read_born,
}

HINTS: dict[str, str] = {
    "text": "write it as plain text",
    "id": "write the ID as it appears on the rating list, e.g. 3206432 or 00123",
    "number": "write a number such as 1500, 4.5 or 4,5",
    "money": "write the amount as a number such as 1500 or 1.000.000 (no text)",
    "score": "write whole or half points: 4, 4½, 4.5 or 4,5",
    "int": "write a whole number such as 7",
    "count": "write a whole number, 0 or more, such as 7",
    "place": "write the place as a number: 3; a shared place as =3, 3= or 3-4",
    "yesno": "write Yes or No (also Y/N, Ja/Nej, Sí/No)",
    "sex": "write M or F (also read: W for a woman; Danish K = kvinde, P = pige, D = dreng; Spanish H = hombre)",
    "date": "write a date such as 2005-03-01 or 1/3/2005 (day first), or use an Excel date",
    "born": "write the birth date (2005-03-01 or 1/3/2005, day first) or just the birth year (2005)",
    "choice": "choose one of the listed values",
}


class _CombiningMarks(dict):
    """str.translate table dropping combining marks (accents after NFKD), filled in as characters are met."""

    def __missing__(self, code: int) -> int | None:
        value = None if unicodedata.combining(chr(code)) else code
        self[code] = value
        return value


_MARKS = _CombiningMarks()


# letters that NFKD does not split into a base letter and a mark, but that people type as their base letter
# (a Danish "Søren Østergaard" on an English keyboard: "Soren Ostergaard")
_FOLD = str.maketrans({"ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ł": "l", "Ł": "L",
                       "đ": "d", "Đ": "D", "ß": "ss", "ı": "i"})


def strip_accents(text: str) -> str:
    if text.isascii():
        return text
    return unicodedata.normalize("NFKD", text).translate(_MARKS).translate(_FOLD)


def normalise_name(name: str) -> str:
    """Identity key of a name: case, accents, extra spaces ignored; 'Smith, John' = 'John Smith'."""
    text = clean_text(name)
    if "," in text:
        last, _, first = text.partition(",")
        text = f"{first.strip()} {last.strip()}"
    text = strip_accents(text).casefold()
    if "." in text or "-" in text:
        text = text.replace(".", " ").replace("-", " ")
    return _SPACES.sub(" ", text).strip()
