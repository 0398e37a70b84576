"""pandera schemas, run once over every workbook's rows together (lazily), failures turned into Issues.

The frames come from gpcalc.read with every cell's address, so each failure names file, sheet and cell.
Circuits declare ranges on their Fields (``minimum``/``maximum``) and cross-column rules as :class:`RowCheck`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pandas as pd

if TYPE_CHECKING:
    from .issues import Issues
    from .spec import Field


@dataclass(frozen=True)
class RowCheck:
    """A rule over several columns of one row: ``test(frame)`` is True where the row is fine."""

    code: str
    columns: tuple[str, ...]
    test: Callable[[pd.DataFrame], pd.Series]
    key: str  # the column whose cell the issue names
    message: str  # formatted with the row's values, e.g. "score {score} is more than {games} games"
    hint: str
    severity: str = "error"


def _range_tests(frame: pd.DataFrame, fields: tuple[Field, ...]) -> dict[str, list[tuple[str, Callable]]]:
    """The fields' ranges as column tests (name, test): True where the value is in range or blank."""
    out: dict[str, list[tuple[str, Callable]]] = {}
    for f in fields:
        if f.key not in frame.columns:
            continue
        tests = []
        if getattr(f, "minimum", None) is not None:
            tests.append((f"{f.key}>={f.minimum}",
                          lambda s, m=f.minimum: pd.to_numeric(s, errors="coerce").ge(m) | s.isna()))
        if getattr(f, "maximum", None) is not None:
            tests.append((f"{f.key}<={f.maximum}",
                          lambda s, m=f.maximum: pd.to_numeric(s, errors="coerce").le(m) | s.isna()))
        if tests:
            out[f.key] = tests
    return out


def validate(frame: pd.DataFrame, fields: tuple[Field, ...], checks: tuple[RowCheck, ...], issues: Issues,
             where: Callable[[Any, str], dict[str, str]]) -> None:
    """Validate `frame` against the fields' ranges and the row checks; add one issue per failing cell.

    The schema's tests are first run directly; only when one fails (or cannot be run) is the pandera schema
    built from the same tests and run to report the failure cases — a season that passes, the usual case, does
    not pay for importing pandera (~0.2 s)."""
    if frame.empty:
        return
    usable = [c for c in checks if all(k in frame.columns for k in c.columns)]
    ranges = _range_tests(frame, fields)
    if _all_pass(frame, ranges, usable):
        return
    import pandera.pandas as pa

    columns = {key: pa.Column(checks=[pa.Check(test, name=name) for name, test in tests], nullable=True,
                              coerce=False) for key, tests in ranges.items()}
    frame_checks = [pa.Check(lambda d, c=c: _safe(c, d), name=c.code) for c in usable]
    schema = pa.DataFrameSchema(columns, checks=frame_checks, strict=False)
    try:
        schema.validate(frame, lazy=True)
        return
    except pa.errors.SchemaErrors as exc:
        failures = exc.failure_cases
    by_field = {f.key: f for f in fields}
    by_code = {c.code: c for c in usable}
    seen: set[tuple[str, Any]] = set()
    for case in failures.itertuples():
        idx = case.index
        if idx is None or pd.isna(idx):
            continue
        check = str(case.check)
        row = frame.loc[idx]
        if check in by_code:
            c = by_code[check]
            if (check, idx) in seen:
                continue
            seen.add((check, idx))
            values = {k: _show(row[k]) for k in frame.columns if isinstance(k, str)}
            issues.add(c.severity, c.code, c.message.format(**values), hint=c.hint, **where(row, c.key))
        else:
            f = by_field.get(str(case.column))
            if f is None or (check, idx, f.key) in seen:
                continue
            seen.add((check, idx, f.key))
            bound = f"at least {f.minimum}" if ">=" in check else f"at most {f.maximum}"
            issues.error("out-of-range", f"{f.name}: {_show(row[f.key])} is out of range (it must be {bound})",
                         hint=f.hint, **where(row, f.key))


def _all_pass(frame: pd.DataFrame, ranges: dict[str, list[tuple[str, Callable]]], usable: list[RowCheck]) -> bool:
    """True when every test of the schema passes on every row; False when one fails, raises, or the frame is
    one pandera would judge on more than these tests (repeated column names)."""
    if not frame.columns.is_unique:
        return False
    try:
        for key, tests in ranges.items():
            if not all(bool(test(frame[key]).all()) for _, test in tests):
                return False
        return all(bool(_safe(c, frame).all()) for c in usable)
    except Exception:  # noqa: BLE001 — pandera runs it again and reports it
        return False


def _safe(check: RowCheck, frame: pd.DataFrame) -> pd.Series:
    ok = check.test(frame)
    return ok.fillna(True).astype(bool)


def _show(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, pd.Timestamp):
        return v.date().isoformat()
    return "" if v is None else str(v)
