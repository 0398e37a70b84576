"""Problems found in the input, as data.

Every problem is an :class:`Issue` naming the file, sheet and cell, what is wrong and how to write it.
Only the CLI turns issues into text and an exit status (errors stop a build; warnings are listed).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field

ERROR = "error"
WARNING = "warning"
INFO = "info"
_ORDER = {ERROR: 0, WARNING: 1, INFO: 2}


@dataclass(frozen=True, order=False)
class Issue:
    severity: str
    code: str
    message: str
    file: str = ""
    sheet: str = ""
    cell: str = ""
    hint: str = ""

    @property
    def where(self) -> str:
        if self.sheet and self.cell:
            return f"{self.sheet}!{self.cell}"
        return self.sheet or self.cell or ""  # (a text file's issue has a line and no sheet: "line 2")

    def as_dict(self) -> dict:
        return asdict(self)

    def text(self) -> str:
        where = self.where
        head = f"{self.severity}: {where + ': ' if where else ''}{self.message}"
        return head + (f" — {self.hint}" if self.hint else "") + f" [{self.code}]"


def flagged_rows(frame, mask):
    """The rows of `frame` where the boolean `mask` holds, as ``frame[mask].itertuples()`` — nothing built when it
    holds nowhere, a check's usual case (selecting no rows and making their namedtuple class costs ~2 ms a check,
    in every build)."""
    return frame[mask].itertuples() if mask.any() else iter(())


def col_letter(index: int) -> str:
    """0-based column index → Excel letters (0 → A, 26 → AA)."""
    letters = ""
    index += 1
    while index:
        index, rem = divmod(index - 1, 26)
        letters = chr(65 + rem) + letters
    return letters


# Issues placed at a cell that are not about the cell's value: a missing setting or column (at the row or header
# where it would go — several can share it), hidden rows, merged cells, an empty sheet. The one-message-per-cell
# rule neither drops them nor lets them hide what comes later.
ABOUT_PLACE = frozenset({"missing-setting", "missing-column", "hidden-rows", "merged-cells", "empty-sheet",
                         "unknown-column", "sections-missing"})


@dataclass
class Issues:
    """An ordered collection of issues with helpers for adding them."""

    items: list[Issue] = field(default_factory=list)
    # file → (sheet, cell) → (file, sheet, cell): where a file read through a stand-in workbook (a TRF, a
    # chess-results export) really has the cell an issue names (see :meth:`relocate`)
    places: dict[str, Callable[[str, str], tuple[str, str, str]]] = field(default_factory=dict)
    # the cells that already hold an error: one wrong value gets one message (see :meth:`add`)
    _wrong: set[tuple[str, str, str]] = field(default_factory=set, repr=False, compare=False)

    def relocate(self, file: str, where: Callable[[str, str], tuple[str, str, str]]) -> None:
        """Issues named in `file` from now on are placed by `where(sheet, cell)` — the TRF line or the export's
        own sheet instead of the cell of the grid gpcalc made from it."""
        self.places[str(file)] = where

    def add(self, severity: str, code: str, message: str, *, file: str = "", sheet: str = "",
            cell: str = "", hint: str = "") -> Issue:
        file = str(file)
        cell_of_grid = (file, sheet, cell)  # (a TRF's cells all become its line: one line holds several values)
        if file in self.places:
            file, sheet, cell = self.places[file](sheet, cell)
        issue = Issue(severity, code, message, file, sheet, cell, hint)
        self._keep(issue, cell_of_grid)
        return issue

    def _keep(self, issue: Issue, where: tuple[str, str, str] | None = None) -> None:
        """Keep an issue unless its cell (`where`, by default the issue's own) already has an error: a later
        check's message about that cell (its value "is blank", "is missing", out of order …) only restates the
        first — the value could not be used — and an organiser fixing the first fixes both. Issues without a
        cell (a whole sheet, a file) are all kept, and so are those in ABOUT_PLACE."""
        where = where or (issue.file, issue.sheet, issue.cell)
        if where[2] and issue.code not in ABOUT_PLACE:
            if where in self._wrong:
                return
            if issue.severity == ERROR:
                self._wrong.add(where)
        self.items.append(issue)

    def error(self, code: str, message: str, **where) -> Issue:
        return self.add(ERROR, code, message, **where)

    def warning(self, code: str, message: str, **where) -> Issue:
        return self.add(WARNING, code, message, **where)

    def info(self, code: str, message: str, **where) -> Issue:
        return self.add(INFO, code, message, **where)

    def extend(self, other) -> None:
        for issue in (other.items if isinstance(other, Issues) else other):
            self._keep(issue)

    @property
    def errors(self) -> list[Issue]:
        return [i for i in self.items if i.severity == ERROR]

    @property
    def warnings(self) -> list[Issue]:
        return [i for i in self.items if i.severity == WARNING]

    def has_errors(self) -> bool:
        return any(i.severity == ERROR for i in self.items)

    def files_with_errors(self) -> set[str]:
        """The files (labels) that have an error so far: warnings derived from their values are left unsaid until
        the errors are fixed (one wrong value, one message)."""
        return {i.file for i in self.items if i.severity == ERROR}

    def sorted(self) -> list[Issue]:
        """Stable order: by file, then severity, then sheet and cell position, then message."""
        return sorted(self.items, key=_sort_key)

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self):
        return iter(self.items)


def _cell_key(cell: str) -> tuple[int, str]:
    letters = "".join(c for c in cell if c.isalpha())
    digits = "".join(c for c in cell if c.isdigit())
    return (int(digits) if digits else 0, letters.rjust(3))


def _sort_key(i: Issue):
    return (i.file, _ORDER.get(i.severity, 9), i.sheet, _cell_key(i.cell), i.code, i.message)


class InputError(Exception):
    """Raised when reading cannot go on at all (e.g. the folder does not exist); carries the issues."""

    def __init__(self, issues: Issues):
        super().__init__("; ".join(i.text() for i in issues.errors[:3]))
        self.issues = issues


def os_reason(exc: OSError) -> str:
    """What went wrong with a path, in the user's words (mkdir over a file says "File exists")."""
    import errno

    if exc.errno in (errno.ENOTDIR, errno.EEXIST):
        return "part of the path is a file, not a folder"
    if exc.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "no permission to write there"
    if exc.errno == errno.ENOSPC:
        return "the disk is full"
    return exc.strerror or str(exc)


class OutputError(Exception):
    """The output could not be written (a file in the way, no permission, a full disk): nothing was written —
    temporary files are removed and the previous output is left as it was."""

    def __init__(self, path, reason: OSError | str):
        self.path, self.reason = path, reason
        why = reason if isinstance(reason, str) else os_reason(reason)
        super().__init__(f"cannot write '{path}': {why}")

