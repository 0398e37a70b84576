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
                raise BadValue("too long")
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
