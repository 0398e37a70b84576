"""Hypothesis: organiser-style edits of the bundled sample seasons (copied, never the originals).

Mutations done with openpyxl on a copy (what saving in Excel does): text in number cells of season.xlsx tables
(Points/Prizes/Pot/Age groups, tournament Groups), header renamed/duplicated, a settings row deleted, merged
cells, a sheet renamed, dates typed as text in several locales, error cells (#DIV/0!) and formulas without a
cached value, a blank row in the middle of Results, very long text, a column deleted, a row inserted in a
settings sheet.

Asserted: pipeline.compute(folder, use_cache=False) raises nothing but InputError; `gpcalc check` (CliRunner)
exits 0/1 with no exception/traceback; every error names a file; an error that names a sheet names a cell
(collected, reported at the end as NO-CELL); `gpcalc build` on exit 1 leaves output/ untouched.
Not part of the suite (about 1 s an example): run it after changing how workbooks are read, e.g.

    GPCALC_FUZZ_EXAMPLES=200 python -m pytest -p no:cacheprovider scripts/fuzz_sample_edits.py

(200 examples per test: ~18 minutes on 2 cores; on 2 December it passed 1,200 examples.) With GPCALC_FUZZ_LOG=FILE,
errors that name a sheet but no cell are written there (JSON lines) to review by hand.
"""
from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import shutil
import signal
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from gpcalc.cli import main
from gpcalc.issues import InputError
from gpcalc.pipeline import compute

ROOT = Path(__file__).resolve().parents[1] / "sample_data"
SAMPLES = ["acf-2005", "aarhus-2012-13", "fecodaz-2009"]
EXAMPLES = int(os.environ.get("GPCALC_FUZZ_EXAMPLES", "15"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, database=None,
                suppress_health_check=list(HealthCheck))
PREVIOUS = b"previous standings\n"
LOG = os.environ.get("GPCALC_FUZZ_LOG", "")

# which workbooks of each sample we mutate (season.xlsx plus two tournaments; paths relative to the sample)
FILES = {
    "acf-2005": ["season.xlsx", "ACT/Doeberl Cup 2005.xlsx", "NSW/Mingara Open 2005.xlsx"],
    "aarhus-2012-13": ["season.xlsx", "gpt/2012-09-22 GPT 1 Skåde.xlsx",
                       "special/2013-02-23 DM-kvalifikation 2013.xlsx"],
    "fecodaz-2009": ["season.xlsx", "02-valle/mayores.xlsx", "03-antioquia/mayores.xlsx"],
}

LOCALE_DATES = ["22/09/2012", "09/22/2012", "22.09.2012", "2012-09-22", "22-09-2012", "22 sept. 2012",
                "22. september 2012", "Sep 22, 2012", "22-Sep-12", "2012年9月22日", "22 de septiembre de 2009",
                "sábado, 14 de febrero de 2009", "14/2/09", "31/02/2005", "2005/13/01", "22/9", "1.3.2005",
                "3/5/2005 10:00", "20050305", "٢٢/٠٩/٢٠١٢", "lørdag d. 22. sep. 2012"]
NUMBER_TEXT = ["ten", "1 000", "1.000.000", "$1,000", "30%", "1e3", "½", "3-4", "N/A", "-", "?", "TBA",
               "12 pts", "0x10", "inf", "nan", "1,5", "—", "=3", "  7  ", "\u00a0", "IV", "9" * 25, "-0"]
ERRORS = ["#DIV/0!", "#N/A", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#NULL!"]
FORMULAS = ["=1/0", "=A1+", "=VLOOKUP(Z1,Players!A:B,2,FALSE)", "=SUM(B2:B3)", "=NOW()", '="x"&1']
LONG = ["x" * 32767, ("Ø🦄 محمد " * 5000)[:32000], "A" * 300, "\n".join(["line"] * 2000)]
ANY_TEXT = st.one_of(st.sampled_from(NUMBER_TEXT + LOCALE_DATES + LONG),
                     st.text(st.characters(blacklist_categories=("Cs", "Cc")), max_size=20))
VALUE = st.one_of(ANY_TEXT, st.sampled_from(ERRORS), st.sampled_from(FORMULAS), st.none(),
                  st.integers(-10**6, 10**6), st.floats(-1e9, 1e9, allow_nan=False), st.booleans(),
                  st.dates(dt.date(1900, 1, 1), dt.date(2100, 1, 1)))

_TEMPLATE: dict[str, Path] = {}


def _copy(tmp: Path, sample: str) -> Path:
    dst = tmp / sample
    shutil.copytree(ROOT / sample, dst)
    out = dst / "output"
    if out.exists():
        shutil.rmtree(out)
    return dst


def _hashes(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "output" not in p.relative_to(folder).parts}


# ----------------------------------------------------------------------------------------- mutations
# A mutation is data (so hypothesis prints it): (kind, file index, sheet index, row, col, value). Rows/cols are
# taken modulo the sheet's used range (+1) so they land in the table or just beside it.


def _cell_value(ws, value):
    if isinstance(value, str) and value in ERRORS:
        return value  # openpyxl writes these as error cells (t="e")
    return value


def apply(folder: Path, sample: str, mutation: tuple) -> str:
    kind, fi, si, r, c, value = mutation
    path = folder / FILES[sample][fi % len(FILES[sample])]
    wb = openpyxl.load_workbook(path)
    ws = wb.worksheets[si % len(wb.worksheets)]
    maxr, maxc = max(ws.max_row, 1), max(ws.max_column, 1)
    row = 2 + r % max(1, min(maxr, 60) - 1 + 1)  # a data row (2..min(maxr,60)+1)
    col = 1 + c % (maxc + 1)
    desc = f"{path.relative_to(folder)}!{ws.title}"
    if kind == "cell":  # any value in any data cell
        ws.cell(row, col).value = _cell_value(ws, value)
        desc += f"!{ws.cell(row, col).coordinate}={value!r:.60}"
    elif kind == "number_text":  # text in a numeric cell of the table
        cells = [x for line in ws.iter_rows(min_row=2, max_row=min(maxr, 200)) for x in line
                 if isinstance(x.value, (int, float)) and not isinstance(x.value, bool)]
        if cells:
            x = cells[(r * 31 + c) % len(cells)]
            x.value = value
            desc += f"!{x.coordinate}={value!r:.60}"
    elif kind == "date_text":  # a date cell retyped as text
        cells = [x for line in ws.iter_rows(min_row=1, max_row=min(maxr, 200)) for x in line
                 if isinstance(x.value, (dt.date, dt.datetime))]
        if not cells:  # birth years: Born column
            cells = [x for line in ws.iter_rows(min_row=2, max_row=min(maxr, 200)) for x in line
                     if isinstance(x.value, int) and 1900 < x.value < 2030]
        if cells:
            x = cells[(r * 31 + c) % len(cells)]
            x.value = value
            desc += f"!{x.coordinate}={value!r:.60}"
    elif kind == "header_rename":
        ws.cell(1, col).value = value
        desc += f"!{ws.cell(1, col).coordinate}={value!r:.60}"
    elif kind == "header_dup":
        src = ws.cell(1, 1 + r % maxc).value
        ws.cell(1, col).value = src
        desc += f"!{ws.cell(1, col).coordinate}={src!r}"
    elif kind == "delete_row":
        ws.delete_rows(row)
        desc += f" delete row {row}"
    elif kind == "insert_blank_row":
        ws.insert_rows(row)
        desc += f" blank row at {row}"
    elif kind == "delete_col":
        ws.delete_cols(col)
        desc += f" delete col {col}"
    elif kind == "merge":
        r2 = row + (r % 3)
        c2 = col + (c % 3)
        ws.merge_cells(start_row=row, start_column=col, end_row=r2, end_column=c2)
        desc += f" merge {ws.cell(row, col).coordinate}:{ws.cell(r2, c2).coordinate}"
    elif kind == "merge_header":
        ws.merge_cells(start_row=1, start_column=col, end_row=1 + r % 2, end_column=col + 1 + c % 2)
        desc += f" merge header at col {col}"
    elif kind == "rename_sheet":
        name = str(value)[:31] if value is not None else "Sheet1"
        for bad in "[]:*?/\\":
            name = name.replace(bad, "")
        name = name.strip("'") or "X"
        if name.lower() not in [w.title.lower() for w in wb.worksheets]:
            desc += f" renamed to {name!r}"
            ws.title = name
    elif kind == "delete_sheet":
        desc += " deleted"
        wb.remove(ws)
        if not wb.worksheets:
            wb.create_sheet("Sheet1")
    elif kind == "formula":
        ws.cell(row, col).value = FORMULAS[r % len(FORMULAS)]
        desc += f"!{ws.cell(row, col).coordinate}={FORMULAS[r % len(FORMULAS)]}"
    elif kind == "hide_sheet":
        ws.sheet_state = "hidden" if r % 2 else "veryHidden"
        if all(w.sheet_state != "visible" for w in wb.worksheets):
            ws.sheet_state = "visible"
        desc += " hidden"
    else:
        raise AssertionError(kind)
    wb.save(path)
    return desc


KINDS = ["cell", "number_text", "date_text", "header_rename", "header_dup", "delete_row", "insert_blank_row",
         "delete_col", "merge", "merge_header", "rename_sheet", "delete_sheet", "formula", "hide_sheet"]


def mutation_for(kind_strategy) -> st.SearchStrategy:
    return st.tuples(kind_strategy, st.integers(0, 2), st.integers(0, 5), st.integers(0, 400),
                     st.integers(0, 20), VALUE)


def _date_value():
    return st.sampled_from(LOCALE_DATES)


MUTATION = st.one_of(
    mutation_for(st.sampled_from(KINDS)),
    st.tuples(st.just("number_text"), st.integers(0, 2), st.integers(0, 5), st.integers(0, 400),
              st.integers(0, 20), st.one_of(st.sampled_from(NUMBER_TEXT), ANY_TEXT)),
    st.tuples(st.just("date_text"), st.integers(0, 2), st.integers(0, 5), st.integers(0, 400),
              st.integers(0, 20), _date_value()),
)


# ----------------------------------------------------------------------------------------- promises


class _Timeout(Exception):
    pass


def _alarm(seconds):
    def handler(*_):
        raise _Timeout(f"took more than {seconds} s")

    signal.signal(signal.SIGALRM, handler)
    signal.alarm(seconds)


def _record_nocell(sample, mutations, issues):
    if not LOG:
        return
    with Path(LOG).open("a", encoding="utf-8") as fh:
        for i in issues:
            fh.write(json.dumps({"sample": sample, "mutations": [repr(m)[:300] for m in mutations],
                                 "issue": i.as_dict() | {"message": i.message[:300]}}) + "\n")


def promise(folder: Path, sample: str, mutations: list, build: bool = False) -> None:
    before = _hashes(folder)
    _alarm(120)
    try:
        try:
            result = compute(folder, use_cache=False)
            issues = list(result.issues.items)
        except InputError as exc:  # a designed refusal (no season.xlsx …): must still name a file
            issues = list(exc.issues.items)
        errors = [i for i in issues if i.severity == "error"]
        assert all(i.file for i in errors), [i for i in errors if not i.file]
        nocell = [i for i in errors if i.sheet and not i.cell]
        if nocell:
            _record_nocell(sample, mutations, nocell)
        res = CliRunner().invoke(main, ["check", str(folder), "--no-cache"])
        exc = res.exception if res.exception is not None and not isinstance(res.exception, SystemExit) else None
        if exc is not None:
            import traceback
            raise AssertionError("check raised: " + "".join(traceback.format_exception(exc))[-3000:])
        assert "Traceback" not in res.output and "internal error" not in res.output, res.output[-2000:]
        assert res.exit_code in (0, 1), res.output[-2000:]
        assert (res.exit_code == 1) == bool(errors), (res.exit_code, errors[:3], res.output[-1500:])
        if build:
            out = folder / "output"
            out.mkdir(exist_ok=True)
            (out / "standings.xlsx").write_bytes(PREVIOUS)
            res = CliRunner().invoke(main, ["build", str(folder), "--no-cache"])
            exc = res.exception if res.exception is not None and not isinstance(res.exception,
                                                                                SystemExit) else None
            assert exc is None, f"build raised {type(exc).__name__}: {exc}"
            assert "Traceback" not in res.output and "internal error" not in res.output, res.output[-2000:]
            assert res.exit_code == (1 if errors else 0), res.output[-2000:]
            if res.exit_code == 1:
                assert sorted(p.name for p in out.iterdir()) == ["standings.xlsx"]
                assert (out / "standings.xlsx").read_bytes() == PREVIOUS
            shutil.rmtree(out)
    finally:
        signal.alarm(0)
    assert _hashes(folder) == before, "an input was modified"


@pytest.mark.parametrize("sample", SAMPLES)
def test_one_organiser_edit(tmp_path_factory, sample: str) -> None:
    @FUZZ
    @given(mutation=MUTATION)
    def prop(mutation):
        folder = _copy(tmp_path_factory.mktemp("m1"), sample)
        desc = apply(folder, sample, mutation)
        note(desc)
        promise(folder, sample, [mutation])
        shutil.rmtree(folder.parent)

    prop()


@pytest.mark.parametrize("sample", SAMPLES)
def test_several_organiser_edits_and_build(tmp_path_factory, sample: str) -> None:
    @FUZZ
    @given(mutations=st.lists(MUTATION, min_size=2, max_size=4))
    def prop(mutations):
        folder = _copy(tmp_path_factory.mktemp("mN"), sample)
        for m in mutations:
            note(apply(folder, sample, m))
        promise(folder, sample, mutations, build=True)
        shutil.rmtree(folder.parent)

    prop()
