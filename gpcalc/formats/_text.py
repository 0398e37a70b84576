"""Small helpers shared by the foreign-format readers: decoding, dates, numbers in fixed-width fields."""

from __future__ import annotations

import datetime as dt
import re

_MONTHS = {m: i for i, m in enumerate(
    ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"), start=1)}
_MONTHS.update({"mai": 5, "okt": 10, "dez": 12, "ene": 1, "abr": 4, "ago": 8, "dic": 12, "maj": 5, "mrz": 3,
                "mär": 3, "set": 9})


def decode(data: bytes) -> tuple[str, str]:
    """Text of a file: UTF-8 (a BOM is dropped); when that fails, Windows-1252 (what pairing programs on Windows
    write: "Šubić" — Latin-1 would read its Š as a control character; both are one byte a character, so fixed
    columns stay where they are), and Latin-1 (which never fails) for the few bytes 1252 leaves undefined."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    for encoding in ("utf-8", "cp1252"):
        try:
            return data.decode(encoding), encoding
        except UnicodeDecodeError:
            pass
    return data.decode("latin-1"), "latin-1"


def decode_line(raw: bytes) -> str:
    return decode(raw)[0]


def _safe_date(y: int, m: int, d: int) -> dt.date | None:
    try:
        return dt.date(y, m, d)
    except ValueError:
        return None


def parse_date(text: str) -> dt.date | None | str:
    """A date as TRF writers put it: 2024/08/01, 2024-08-01, 2024.08.01, 01.08.2024, 01/08/2024 (day first),
    May 29, 2020, 29 May 2020, 20240801. Returns None for blank or all-zero, the text itself when unreadable."""
    text = text.strip()
    if not text or set(text) <= set("0/.- "):
        return None
    m = re.fullmatch(r"(\d{4})[/.\-](\d{1,2})[/.\-](\d{1,2})", text)
    if m:
        return _safe_date(int(m[1]), int(m[2]), int(m[3])) or text
    m = re.fullmatch(r"(\d{1,2})[/.\-](\d{1,2})[/.\-](\d{4}|\d{2})", text)
    if m:
        year = int(m[3]) + (2000 if len(m[3]) == 2 else 0)
        return _safe_date(year, int(m[2]), int(m[1])) or text
    m = re.fullmatch(r"(\d{4})(\d{2})(\d{2})", text)
    if m:
        return _safe_date(int(m[1]), int(m[2]), int(m[3])) or text
    m = re.fullmatch(r"([A-Za-zä]{3})[a-zä]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})", text)
    if m and m[1].casefold() in _MONTHS:
        return _safe_date(int(m[3]), _MONTHS[m[1].casefold()], int(m[2])) or text
    m = re.fullmatch(r"(\d{1,2})\.?\s+([A-Za-zä]{3})[a-zä]*\.?,?\s+(\d{4})", text)
    if m and m[2].casefold() in _MONTHS:
        return _safe_date(int(m[3]), _MONTHS[m[2].casefold()], int(m[1])) or text
    return text


_BIRTH = re.compile(r"(\d{4})(?:[/.\-](\d{1,2})[/.\-](\d{1,2}))?")


def parse_birth(text: str) -> tuple[int | None, dt.date | None]:
    """A TRF birth field: 1990/01/01, 1990/00/00, 1990, 01.01.1990 or blank → (year, date)."""
    text = text.strip()
    if not text:
        return None, None
    m = _BIRTH.fullmatch(text)
    if m:
        year = int(m[1])
        if year == 0:
            return None, None
        if m[2] and int(m[2]) and int(m[3]):
            return year, _safe_date(year, int(m[2]), int(m[3]))
        return year, None
    day = parse_date(text)
    if isinstance(day, dt.date):
        return day.year, day
    return None, None


def birth_unread(text: str) -> bool:
    """Whether parse_birth leaves something of a filled birth field unread: no year at all, or a day and month
    (not 00/00) that make no date ('1980/13/45')."""
    text = text.strip()
    if not text or set(text) <= set("0/.- "):
        return False
    year, born = parse_birth(text)
    m = _BIRTH.fullmatch(text)
    return year is None or (m is not None and bool(m[2]) and int(m[2]) > 0 and int(m[3]) > 0 and born is None)


def parse_decimal(text: str) -> float | None:
    """4.0, 4,5, 4½, ½ → float; blank → None; anything else raises ValueError."""
    text = text.strip().replace("\u00bd", ".5").replace(",", ".")
    if not text:
        return None
    if text.startswith("."):
        text = "0" + text
    if not re.fullmatch(r"\d+(?:\.\d+)?", text):  # (float() takes nan, inf, -1, 1e-1 and 1_0: no points)
        raise ValueError(text)
    return float(text)
