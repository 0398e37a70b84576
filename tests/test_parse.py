"""The forgiving value readers of CONTRACT.md: what organisers really type, read exactly."""

from __future__ import annotations

import contextlib
import datetime as dt

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gpcalc.parse import (
    BadValue,
    normalise_name,
    read_born,
    read_date,
    read_id,
    read_money,
    read_place,
    read_score,
    read_sex,
    read_yesno,
)


@pytest.mark.parametrize("raw, value", [("4½", 4.5), ("4,5", 4.5), ("4.5", 4.5), ("4 ½", 4.5), ("½", 0.5),
                                        (4.5, 4.5), ("7", 7.0), (" 3 ", 3.0), ("0", 0.0)])
def test_scores(raw, value):
    assert read_score(raw) == value


@pytest.mark.parametrize("raw", ["4.5.", "four", "4.25", "-1", "4,75"])
def test_bad_scores(raw):
    with pytest.raises(BadValue):
        read_score(raw)


@pytest.mark.parametrize("raw, value", [("3", (3, False)), (3.0, (3, False)), ("=3", (3, True)), ("3=", (3, True)),
                                        ("3-4", (3, True)), ("T3", (3, True)), ("3.", (3, False)),
                                        ("3–5", (3, True))])
def test_places(raw, value):
    assert read_place(raw) == value


@pytest.mark.parametrize("raw", ["second", "0", "4-3", "3.5", "-2"])
def test_bad_places(raw):
    with pytest.raises(BadValue):
        read_place(raw)


def test_ids_exactly_as_typed():
    assert read_id("00123") == "00123"
    assert read_id(1001.0) == "1001"
    assert read_id(" 3206432 ") == "3206432"
    assert read_id(None) is None


@pytest.mark.parametrize("raw, value", [("Yes", True), ("y", True), ("Sí", True), ("si", True), ("Ja", True),
                                        (True, True), ("No", False), ("N", False), ("Nej", False), (0, False)])
def test_yes_no(raw, value):
    assert read_yesno(raw) is value


@pytest.mark.parametrize("raw, value", [("M", "M"), ("F", "F"), ("W", "F"), ("K", "F"), ("P", "F"), ("D", "M"),
                                        ("f", "F"), ("Femenino", "F")])
def test_sex(raw, value):
    assert read_sex(raw) == value


def test_dates_day_first_and_excel():
    assert read_date("1/3/2004") == dt.date(2004, 3, 1)
    assert read_date("2004-03-01") == dt.date(2004, 3, 1)
    assert read_date("01.03.2004") == dt.date(2004, 3, 1)
    assert read_date(dt.datetime(2004, 3, 1, 0, 0)) == dt.date(2004, 3, 1)
    assert read_date(38047.0) == dt.date(2004, 3, 1)  # an Excel serial in an unformatted cell
    with pytest.raises(BadValue):
        read_date("31/2/2004")


def test_birth_year_or_date():
    assert read_born(1990.0) == (1990, None)
    assert read_born("1990") == (1990, None)
    assert read_born("2/5/1989") == (1989, dt.date(1989, 5, 2))


def test_money_thousands():
    assert read_money("$1,500") == 1500
    assert read_money("1.000.000") == 1_000_000
    assert read_money("2500") == 2500
    with pytest.raises(BadValue):
        read_money("-5")


@pytest.mark.parametrize("a, b", [("Smith, John", "John Smith"), ("JOHN  SMITH", "john smith"),
                                  ("José García", "Jose Garcia"), ("García,José", "josé garcía")])
def test_name_identity(a, b):
    assert normalise_name(a) == normalise_name(b)


@given(st.integers(0, 40), st.booleans())
def test_half_points_roundtrip(whole, half):
    # any whole-or-half score written the three ways reads back the same
    value = whole + (0.5 if half else 0)
    forms = [f"{whole}½" if half else str(whole), str(value).replace(".", ","), str(value)]
    assert all(read_score(f) == value for f in forms)


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30))
def test_readers_never_crash(text):
    # any text: a value or a BadValue, never another exception
    for reader in (read_score, read_place, read_yesno, read_sex, read_date, read_born, read_money):
        with contextlib.suppress(BadValue):
            reader(text)


def _dates_by_strptime(text: str):
    """read_date's text forms tried one by one, as it did before its pattern fast path."""
    from gpcalc import parse

    for form in parse._DATE_FORMS:
        with contextlib.suppress(ValueError):
            return dt.datetime.strptime(text, form).date()
    return "bad"


@given(st.tuples(st.sampled_from(["", "0", "1", "01", "12", "13", "29", "31", "32", "2004", "0005", "99", "٣"]),
                 st.sampled_from(["/", ".", "-", " "]),
                 st.sampled_from(["", "0", "1", "02", "2", "12", "13", "Mar"]),
                 st.sampled_from(["/", ".", "-", " "]),
                 st.sampled_from(["", "1", "29", "31", "2004", "2005", "04", "20050", "١"])))
def test_text_dates_read_as_the_forms_say(parts):
    """Rulebook-free parsing rule (CONTRACT: dates "2004-03-01 or 1/3/2004, day first"): the fast path for the
    common forms reads exactly what trying each strptime form reads, and refuses what they refuse."""
    text = "".join(parts)
    try:
        got = read_date(text)
    except BadValue:
        got = "bad"
    if text.strip() == "":
        assert got is None
    else:
        assert got == _dates_by_strptime(" ".join(text.split()))
