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


def validate(frame: pd.DataFrame, fields: tuple[Field, ...], checks: tuple[RowCheck, ...], issues: Issues,
             where: Callable[[Any, str], dict[str, str]]) -> None:
    """Validate `frame` against the fields' ranges and the row checks; add one issue per failing cell."""
    import pandera.pandas as pa

    if frame.empty:
        return
    columns = {}
    for f in fields:
        if f.key not in frame.columns:
            continue
        col_checks = []
        if getattr(f, "minimum", None) is not None:
            col_checks.append(pa.Check(lambda s, m=f.minimum: pd.to_numeric(s, errors="coerce").ge(m) | s.isna(),
                                       name=f"{f.key}>={f.minimum}"))
        if getattr(f, "maximum", None) is not None:
            col_checks.append(pa.Check(lambda s, m=f.maximum: pd.to_numeric(s, errors="coerce").le(m) | s.isna(),
                                       name=f"{f.key}<={f.maximum}"))
        if col_checks:
            columns[f.key] = pa.Column(checks=col_checks, nullable=True, coerce=False)
    usable = [c for c in checks if all(k in frame.columns for k in c.columns)]
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


def _safe(check: RowCheck, frame: pd.DataFrame) -> pd.Series:
    ok = check.test(frame)
    return ok.fillna(True).astype(bool)


def _show(v: Any) -> str:
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    if isinstance(v, pd.Timestamp):
        return v.date().isoformat()
    return "" if v is None else str(v)
