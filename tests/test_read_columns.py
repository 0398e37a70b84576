"""gpcalc.read._parse_column parses each distinct value once (issue 7: the per-row cost of reading); whatever
the column holds — text, numbers, booleans, dates, blanks, and values of different types that Python counts
equal (True, 1, 1.0) — every row gets what its own cell parses to, and every bad or missing cell its own issue.
Checked against the plain per-cell reading for every field of every circuit's Results and Players sheets."""

from __future__ import annotations

import datetime as dt

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gpcalc import circuits
from gpcalc.issues import Issues
from gpcalc.parse import BadValue
from gpcalc.read import MAX_CELL_CHARS, _parse_column

CELLS = [True, False, 1, 1.0, 0, 0.0, -0.0, 2, 2.5, 1850, 1850.0, "1", "1.0", " 1 ", "=2", "3-4", "4½", "", None,
         float("nan"), "Y", "No", "Sí", "F", "m", "x", "John Smith", "SMITH,  John", "2005", 2005, 2005.0,
         dt.date(2005, 3, 1), dt.datetime(2005, 3, 1), dt.datetime(2005, 3, 1, 12, 30), "1/3/2005", "GM", "00123"]

FIELDS = [f for name in circuits.NAMES for spec in (circuits.get(name).results_spec(),
                                                    circuits.get(name).register_spec()) for f in spec.fields]


def _per_cell(values, f, letter, excel_rows, noted):
    """The reference: each cell read on its own, its issue reported on its own."""
    issues = Issues()
    out = []
    for value, row in zip(values, excel_rows):
        try:
            if isinstance(value, str) and len(value) > MAX_CELL_CHARS:
                raise BadValue(f"the cell holds {len(value):,} characters; gpcalc reads at most "
                               f"{MAX_CELL_CHARS:,}")
            got = f.reader(value)
        except BadValue as exc:
            got = exc
        if isinstance(got, BadValue):
            issues.error("bad-value", f"{f.name}: {got}", cell=f"{letter}{row}", hint=f.hint)
            got = f.default
        elif got is None:
            if f.required and f"{letter}{row}" not in noted:
                issues.error("blank", f"{f.name} is blank", cell=f"{letter}{row}", hint=f.hint)
            got = f.default
        out.append(got)
    return out, issues


def _same(a, b) -> bool:
    return type(a) is type(b) and (a == b or (a != a and b != b))


@pytest.mark.parametrize("f", FIELDS, ids=lambda f: f"{f.key}-{f.kind}")
@given(values=st.lists(st.sampled_from(CELLS), max_size=25))
@settings(max_examples=40, deadline=None)
def test_each_row_gets_what_its_own_cell_parses_to(f, values):
    rows = list(range(2, 2 + len(values)))
    noted = {f"C{rows[0]}"} if rows else set()  # (a formula cell already reported: not also "blank")
    issues = Issues()
    got = _parse_column(list(values), rows, f, "C", issues, {}, noted)
    want, want_issues = _per_cell(values, f, "C", rows, noted)
    assert len(got) == len(want)
    for g, w, v in zip(got, want, values):
        assert _same(g, w), (v, g, w)
    assert [(i.code, i.cell, i.message) for i in issues.items] == \
        [(i.code, i.cell, i.message) for i in want_issues.items]


TEXT_FIELDS = [f for f in FIELDS if f.kind in ("text", "id")]
# texts that clean_text leaves alone and texts it changes (NBSP, tab, zero-width space, BOM, an edge space, two
# spaces, an ideographic space, a line break), blanks, and a text longer than a cell may hold
PIECES = ["Smith", "John", "O'Neil", "Ñúñez", "李", "🙂", " ", "  ", "\u00a0", "\t", "\u200b", "\ufeff", "\u3000",
          "\n", "-", "0", "00123"]


@pytest.mark.parametrize("f", TEXT_FIELDS, ids=lambda f: f"{f.key}-{f.kind}")
@given(values=st.lists(st.one_of(st.none(), st.just(""), st.lists(st.sampled_from(PIECES), min_size=1,
                                                                   max_size=4).map("".join)), max_size=25),
       long=st.booleans())
@settings(max_examples=60, deadline=None)
def test_text_columns_read_at_once_as_one_by_one(f, values, long):
    """Issue 7: a column of text and blanks is read with one check over all its texts when none needs cleaning
    (gpcalc.read._plain_texts); any text that does — or one over Excel's cell limit — sends the column back to
    one reading per text. Either way each row gets what its own cell reads to, with the same issues."""
    values = list(values) + (["x" * (MAX_CELL_CHARS + 1)] if long else [])
    rows = list(range(2, 2 + len(values)))
    issues = Issues()
    got = _parse_column(list(values), rows, f, "D", issues, {})
    want, want_issues = _per_cell(values, f, "D", rows, set())
    assert [(type(g), g) for g in got] == [(type(w), w) for w in want]
    assert [(i.code, i.cell, i.message) for i in issues.items] == \
        [(i.code, i.cell, i.message) for i in want_issues.items]


def test_clean_texts_take_the_batch_path():
    """The batch path is taken for a clean column (so the test above exercises both paths)."""
    from gpcalc.read import _plain_texts

    assert _plain_texts(dict.fromkeys(["Smith, John", "", None, "Ñúñez"])) == \
        {"Smith, John": "Smith, John", "": None, None: None, "Ñúñez": "Ñúñez"}
    for dirty in (["a ", "b"], ["a", " b"], ["a  b"], ["a\u00a0b"], ["x", "a\tb"], [1.0, "a"]):
        assert _plain_texts(dict.fromkeys(dirty)) is None, dirty


def test_an_id_in_a_zero_padded_number_format_reads_as_shown(tmp_path):
    """CONTRACT: "IDs exactly as typed (00123 stays 00123)". Typed into a cell formatted 00000 (Excel's usual way
    to keep leading zeros), 00123 is stored as the number 123 and shown as 00123: it was read as 123, so the
    player of ID 00123 in another workbook (typed as text) became a second player. Now read as shown; a cell of
    another number format, or unformatted, reads as before."""
    import openpyxl

    from gpcalc.pipeline import compute
    from tests.builders import acf_tournament, make_season

    rows = [["", 1, "Brennan, Michael", "00123", "M", 1970, "NSW"], ["", 2, "Smith, Ann", "00456", "F", 1980, "NSW"]]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         tournaments={"a.xlsx": acf_tournament("A", rows),
                                      "b.xlsx": acf_tournament("B", rows, start=dt.date(2005, 4, 2))})
    wb = openpyxl.load_workbook(folder / "b.xlsx")
    ws = wb["Results"]
    ws["D2"], ws["D2"].number_format = 123, "00000"
    ws["D3"] = 456  # (no format: shown as 456 — not the ID 00456, and said so as before)
    wb.save(folder / "b.xlsx")
    res = compute(folder, use_cache=False)
    ids = res.season.results.groupby("file")["id"].apply(list).to_dict()
    assert ids == {"a.xlsx": ["00123", "00456"], "b.xlsx": ["00123", "456"]}
    brennan = res.outcome.standings[res.outcome.standings["name"] == "Brennan, Michael"]
    assert set(brennan["id"]) == {"00123"} and len(brennan[brennan["ranking"] == "Open"]) == 1
