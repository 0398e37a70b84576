"""gpcalc/schemas.py: the field ranges and row checks (DESIGN: pandera, once over all rows).

validate() runs the schema's tests directly first and builds the pandera schema only when one fails; these
tests check that this shortcut never hides a failure: the issues are exactly pandera's, for any values."""

from __future__ import annotations

import numpy as np
import pandas as pd
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

from gpcalc import schemas
from gpcalc.issues import Issues
from gpcalc.schemas import RowCheck
from gpcalc.spec import Field

FIELDS = (Field("Rating", kind="int", minimum=0, maximum=3000), Field("Score", kind="score", minimum=0),
          Field("Name"))
CHECKS = (RowCheck("score-over-games", ("score", "games"), lambda d: d["score"] <= d["games"], "score",
                   "score {score} is more than {games} games", "write the game points"),)


def _where(row, key):
    return {"file": "t.xlsx", "sheet": "Results", "cell": f"{key}{row['row']}"}


def _issues(frame: pd.DataFrame, monkeypatch=None, force_pandera: bool = False) -> list:
    """The issues of validate(); with `force_pandera`, the shortcut is turned off (a context: undone after)."""
    issues = Issues()
    if force_pandera:
        with monkeypatch.context() as m:
            m.setattr(schemas, "_all_pass", lambda *a: False)
            schemas.validate(frame, FIELDS, CHECKS, issues, _where)
    else:
        schemas.validate(frame, FIELDS, CHECKS, issues, _where)
    return [i.as_dict() for i in issues.items]


num = hs.one_of(hs.none(), hs.floats(-10, 4000, allow_nan=False), hs.integers(-5, 3500))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(hs.lists(hs.tuples(num, num, num), min_size=1, max_size=12))
def test_the_shortcut_reports_exactly_what_pandera_reports(monkeypatch, rows):
    frame = pd.DataFrame({"row": np.arange(2, len(rows) + 2), "name": "x",
                          "rating": pd.array([r[0] for r in rows], dtype="Float64"),
                          "score": [np.nan if r[1] is None else float(r[1]) for r in rows],
                          "games": [np.nan if r[2] is None else float(r[2]) for r in rows]})
    assert _issues(frame) == _issues(frame, monkeypatch, force_pandera=True)


def test_an_out_of_range_value_and_a_failed_row_check_name_their_cells():
    frame = pd.DataFrame({"row": [2, 3, 4], "name": "x", "rating": [1500.0, 3100.0, np.nan],
                          "score": [3.0, 7.0, -1.0], "games": [5.0, 6.0, 5.0]})
    got = {(i["code"], i["cell"]) for i in _issues(frame)}
    assert got == {("out-of-range", "rating3"), ("score-over-games", "score3"), ("out-of-range", "score4")}


def test_a_frame_that_passes_gives_no_issue():
    frame = pd.DataFrame({"row": [2], "name": "x", "rating": [1500.0], "score": [3.0], "games": [5.0]})
    assert _issues(frame) == []


def test_a_value_out_of_range_is_reported_when_every_row_check_passes():
    frame = pd.DataFrame({"row": [2, 3], "name": "x", "rating": [3500.0, -1.0], "score": [3.0, 1.0],
                          "games": [5.0, 5.0]})
    got = {(i["code"], i["cell"], i["message"]) for i in _issues(frame)}
    assert got == {("out-of-range", "rating2", "Rating: 3500 is out of range (it must be at most 3000)"),
                   ("out-of-range", "rating3", "Rating: -1 is out of range (it must be at least 0)")}


def test_one_wrong_value_gets_one_message():
    """A cell with an error gets no later message (an unreadable value is not also 'blank'); a cell with only a
    warning may still get an error; issues without a cell are all kept; `extend` keeps the same rule."""
    issues = Issues()
    issues.error("bad-value", "Score: 'five' is not a number", file="a.xlsx", sheet="Results", cell="H3")
    issues.error("missing-score", "Score is blank", file="a.xlsx", sheet="Results", cell="H3")
    issues.warning("missing-games", "without Games", file="a.xlsx", sheet="Results", cell="H3")
    issues.error("missing-score", "Score is blank", file="b.xlsx", sheet="Results", cell="H3")  # another file
    issues.warning("hidden-rows", "row 4 is hidden", file="a.xlsx", sheet="Results", cell="A4")
    issues.error("bad-value", "Name: …", file="a.xlsx", sheet="Results", cell="A4")  # after a warning: kept
    issues.error("empty-sheet", "no rows", file="a.xlsx", sheet="Pot")
    issues.error("empty-sheet", "no rows", file="a.xlsx", sheet="Pot")
    assert [(i.file, i.cell, i.code) for i in issues] == [
        ("a.xlsx", "H3", "bad-value"), ("b.xlsx", "H3", "missing-score"), ("a.xlsx", "A4", "hidden-rows"),
        ("a.xlsx", "A4", "bad-value"), ("a.xlsx", "", "empty-sheet"), ("a.xlsx", "", "empty-sheet")]
    more = Issues()
    more.extend(issues)
    more.extend([issues.items[0]])
    more.warning("x", "later", file="a.xlsx", sheet="Results", cell="A4")
    assert len(more) == len(issues)


def test_one_message_per_cell_counts_a_trf_lines_cells_apart():
    """A TRF player's cells are all reported at their line: two wrong values on one line are two messages."""
    issues = Issues()
    issues.relocate("e.trf", lambda sheet, cell: ("e.trf", "", "line 15"))
    issues.error("bad-value", "Rating: 'x'", file="e.trf", sheet="Results", cell="F3")
    issues.error("bad-value", "Born: '31.02.1990'", file="e.trf", sheet="Results", cell="G3")
    issues.error("missing-score", "Rating is blank", file="e.trf", sheet="Results", cell="F3")
    assert [(i.cell, i.message) for i in issues] == [("line 15", "Rating: 'x'"), ("line 15", "Born: '31.02.1990'")]
