"""Fuzzing the organiser's workbooks: what a careless hand types, and what gpcalc answers.

Found by mutating copies of the sample seasons (every settings cell and one row of every Results column set to
text, error values, negative/huge numbers, dates, times, booleans, formulas, emoji …) and checking for
exceptions, exit codes other than 0/1/2, errors without file/sheet/cell, and silently accepted nonsense.
This file keeps a regression test per problem found (each was a crash or a silent acceptance; all fixed — the
comments say what happened before) and a few representative cases that ``tests/test_bad_input.py`` does not
already have.

The product promises checked (README / ../shared/CONTRACT.md):
  P1  an organiser's typo gives a message naming the file, the sheet, the cell, what is wrong and how to
      write it — never a traceback (and exit 1, not an "internal error");
  P2  a failed build writes nothing and leaves the previous output as it was;
  P3  inputs are never modified;
  P4  no silently wrong number: a value outside what the rules allow is an error, not a score.

Run: ``python -m pytest -q tests/test_bad_input_fuzz.py``
"""

from __future__ import annotations

import datetime as dt
import json
import signal
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gpcalc.cli import main
from tests.builders import make_season
from tests.test_bad_input import (
    AA,
    FZ,
    OPEN,
    PREVIOUS,
    aa_books,
    acf,
    cell_of,
    hashes,
    other,
    results,
    run_build,
    set_cell,
    setting_of,
)

# ------------------------------------------------------------------------------------------ helpers


def _invoke(folder: Path, command: str = "build", seconds: int = 30) -> tuple[int, str, BaseException | None]:
    """`gpcalc COMMAND FOLDER` through CliRunner, stopped after `seconds` (a hang is a failure, not a stuck
    suite). Returns (exit code, output, the exception if one escaped the command)."""

    def _timeout(*_):
        raise TimeoutError(f"gpcalc {command} took more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(seconds)
    try:
        res = CliRunner().invoke(main, [command, str(folder)])
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    exc = res.exception if res.exception is not None and not isinstance(res.exception, SystemExit) else None
    return res.exit_code, res.output, exc


def _assert_reported(folder: Path, file: str, where: str, command: str = "build") -> str:
    """P1–P3: the command exits 1 with no exception; the report names the file and an error at `where`
    (Sheet!Cell); a previous standings.xlsx is unchanged and no input was modified."""
    out = folder / "output"
    out.mkdir(exist_ok=True)
    (out / "standings.xlsx").write_bytes(PREVIOUS)
    before = hashes(folder)
    code, text, exc = _invoke(folder, command)
    assert exc is None, f"{type(exc).__name__}: {exc}"
    assert "Traceback" not in text and "internal error" not in text, text[-2000:]
    assert code == 1, text[-2000:]
    lines = text.splitlines()
    assert file in lines, text[-2000:]
    assert any(line.startswith(f"  error: {where}: ") for line in lines), text[-2000:]
    assert (out / "standings.xlsx").read_bytes() == PREVIOUS
    assert sorted(p.name for p in out.iterdir()) == ["standings.xlsx"]
    assert hashes(folder) == before
    return text


def _aarhus_season(**season_settings) -> Callable[[Path], Path]:
    def make(tmp: Path) -> Path:
        return make_season(tmp, {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 1, **season_settings},
                           tournaments=aa_books())

    return make


# ------------------------------------------------------------------------ problems found (now fixed)


# P1: a blank Name is the commonest slip. When the row has no ID and another player of the season has no ID
# either (the sample seasons have dozens), identity._near_duplicates calls .split() on the NaN name:
# "gpcalc: internal error (AttributeError: 'float' object has no attribute 'split')", exit 1, no cell.
def test_blank_name_without_id_is_reported_acf(tmp_path: Path) -> None:
    def mutate(books: dict) -> None:
        set_cell(3, "C", None)(books)
        set_cell(3, "D", None)(books)
        results(books).append([None, 5, "Zed, Una", None, "F", 1999, "SA"])  # not in the register, no ID

    folder = acf(mutate)(tmp_path)
    _assert_reported(folder, OPEN, "Results!C3")


# P1: the same in an Aarhus workbook (its rows usually have no ID at all): a blank, '#N/A' or whitespace-only
# Navn cell crashes the build.
@pytest.mark.parametrize("value", [None, "   "], ids=["empty", "spaces"])
def test_blank_name_is_reported_aarhus(tmp_path: Path, value) -> None:
    folder = other("aarhus", cell_of(AA, 3, "C", value))(tmp_path)
    _assert_reported(folder, AA, "Results!C3")


# P1: a place of 20 digits (a key held down) or 1e308 passes read_place and then overflows the Int64
# conversion in season.expand: OverflowError "Python int too large to convert to C long". Every circuit.
@pytest.mark.parametrize("value", ["99999999999999999999", 1e308], ids=["20-digits", "1e308"])
def test_huge_place_is_reported_acf(tmp_path: Path, value) -> None:
    folder = acf(set_cell(2, "B", value))(tmp_path)
    _assert_reported(folder, OPEN, "Results!B2")


def test_huge_place_is_reported_fecodaz(tmp_path: Path) -> None:
    folder = other("fecodaz", cell_of(FZ, 2, "A", 1e308))(tmp_path)
    _assert_reported(folder, FZ, "Results!A2")


# P1: FECODAZ Base category 1e308: fecodaz_rules.category_breakdown casts it to Int64 —
# "TypeError: cannot safely cast non-equivalent float64 to int64" — already in `gpcalc check`.
def test_huge_base_category_is_reported_by_check(tmp_path: Path) -> None:
    folder = other("fecodaz", setting_of(FZ, "Base category", 1e308))(tmp_path)
    _assert_reported(folder, FZ, "Tournament!B8", command="check")


# P1/P4: Base category has no bounds. 0 and -1 are scored as categorías 0+bonuses; an absurd one is accepted by
# `check` (exit 0) and then makes `build` (and `explain`) hang: FECODAZ._table_sheet formats the extended
# Points-table row of every categoría up to it (base 10,000: 33 s and 1.8 GB; 30,000: > 2 min; 10**18: never
# ends, > 5 GB). It should be an error naming Tournament!B8 with the allowed range.
@pytest.mark.parametrize("value", [0, -1, 1_000_000], ids=["zero", "negative", "million"])
def test_base_category_out_of_range_is_an_error(tmp_path: Path, value) -> None:
    folder = other("fecodaz", setting_of(FZ, "Base category", value))(tmp_path)
    _assert_reported(folder, FZ, "Tournament!B8", command="check")


# P1: Aarhus Groups!Rounds 1e308 passes the reader and crashes AarhusCircuit._rules_frame in the build
# (TypeError: cannot safely cast non-equivalent float64 to int64).
def test_huge_rounds_is_reported_aarhus(tmp_path: Path) -> None:
    folder = other("aarhus", lambda b: b[AA]["Groups"][1].__setitem__(1, 1e308))(tmp_path)
    _assert_reported(folder, AA, "Groups!B2")


# P1: season.xlsx 'Placement prize per' = 1e308 (a count with no upper bound) crashes
# aarhus_rules.placement_prizes: OverflowError "Python int too large to convert to C long".
def test_huge_placement_prize_per_is_reported(tmp_path: Path) -> None:
    folder = _aarhus_season(**{"Placement prize per": 1e308})(tmp_path)
    _assert_reported(folder, "season.xlsx", "Season!B5")


# ------------------------------------------------------------------------- handled well (these pass)


# P1: an Excel error value (#N/A from a broken VLOOKUP) in a required cell is named by its cell.
@pytest.mark.parametrize("value", ["#N/A", "#VALUE!"])
def test_error_value_in_name_is_reported(tmp_path: Path, value: str) -> None:
    def post(folder: Path) -> None:
        import openpyxl

        wb = openpyxl.load_workbook(folder / OPEN)
        wb["Results"]["C3"] = value  # openpyxl stores these as error cells (t="e"), as Excel does
        wb.save(folder / OPEN)

    folder = acf(post=post)(tmp_path)
    _assert_reported(folder, OPEN, "Results!C3")


# P1: the typo is named even when it is in the season's own workbook (a Season setting).
def test_placement_prize_per_text_is_reported(tmp_path: Path) -> None:
    folder = _aarhus_season(**{"Placement prize per": "four"})(tmp_path)
    _assert_reported(folder, "season.xlsx", "Season!B5")


# P1/P4: headers and sheet names matched case-insensitively with stray spaces; blank rows in the middle of the
# Results are skipped — the same standings as the tidy workbook.
def test_sloppy_headers_sheet_names_and_blank_rows_read_the_same(tmp_path: Path) -> None:
    def sloppy(books: dict) -> None:
        book = books[OPEN]
        rows = results(books)
        rows[0] = [f"  {h.upper()} " for h in rows[0]]
        rows[2:2] = [[None] * 7, ["", " ", None, "\u00a0"]]
        book[" results "] = book.pop("Results")
        book["TOURNAMENT"] = book.pop("Tournament")

    def standings(folder: Path) -> list:
        code, text, exc = _invoke(folder)
        assert exc is None and code == 0, text[-2000:]
        code = CliRunner().invoke(main, ["build", str(folder), "--json", str(folder / "s.json")]).exit_code
        assert code == 0
        data = json.loads((folder / "s.json").read_text(encoding="utf-8"))
        return sorted((s["ranking"], s["name"], s["total"]) for s in data["standings"])

    assert standings(acf(sloppy)(tmp_path / "sloppy")) == standings(acf()(tmp_path / "tidy"))


# P1: a very long (but Excel-legal) name with emoji and right-to-left text is read and built, exit 0.
def test_long_unicode_name_builds(tmp_path: Path) -> None:
    name = ("محمد 🦄 " * 2000)[:30_000].strip()
    folder = acf(set_cell(3, "C", name))(tmp_path)
    code, text, exc = _invoke(folder)
    assert exc is None and code == 0, text[-2000:]


# P1/P2/P3 (Hypothesis): one cell of a player row (Place, Name, ID, Sex, Born, State) or one Tournament
# setting gets an arbitrary organiser value. gpcalc never raises, exits 0 or 1, and every error names its file,
# sheet and cell; on exit 1 nothing is written. Values are kept to ordinary magnitudes (the huge-number
# crashes above are pinned separately).
_VALUE = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-10_000, 10_000),
    st.floats(-1e6, 1e6, allow_nan=False),
    st.dates(dt.date(1850, 1, 1), dt.date(2100, 12, 31)),
    st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=12),
    st.sampled_from(["=3", "3=", "4½", "4,5", "1.500", "31/02/2005", "N/A", "-", "Yes", "Ja", "W", "1/3/2004"]),
)
_TARGET = st.one_of(
    st.tuples(st.just("Results"), st.integers(2, 5), st.sampled_from("BCDEFG")),
    st.tuples(st.just("Tournament"), st.sampled_from(["Name", "Start", "End", "State", "Capital city",
                                                      "Prize money", "Registered", "Reported"]), st.none()),
)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(target=_TARGET, value=_VALUE)
def test_any_single_cell_typo_is_handled(tmp_path_factory, target, value) -> None:
    sheet, where, col = target

    def mutate(books: dict) -> None:
        if sheet == "Results":
            set_cell(where, col, value)(books)
        else:
            books[OPEN]["Tournament"][where] = value

    folder = acf(mutate)(tmp_path_factory.mktemp("typo"))
    before = hashes(folder)
    run = run_build(folder)  # (no exception, no traceback; the issues of the run recorded)
    assert run.exit in (0, 1), run.output[-2000:]
    assert hashes(folder) == before
    errors = [i for i in run.issues if i.severity == "error"]
    assert bool(errors) == (run.exit == 1), run.output[-2000:]
    for issue in errors:
        assert issue.file and issue.sheet and issue.cell, issue
    if run.exit == 1:
        assert not (folder / "output").exists() or not any((folder / "output").iterdir())
