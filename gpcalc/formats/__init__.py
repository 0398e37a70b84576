"""Files organisers already have, read as tournament workbooks: FIDE TRF reports and chess-results exports.

Each becomes a :class:`~gpcalc.read.RawBook` with a ``Tournament`` and a ``Results`` sheet, so the normal
validation runs on it exactly as on a typed template.

Where the settings TRF lacks come from (prize money, State, kind, sections' divisions, groups …):

- **TRF** (``open.trf``, or a ``.txt`` that is a TRF): a *sidecar* workbook with the same stem beside it
  (``open.xlsx``) holding the ``Tournament`` sheet (and ``Sections`` / ``Groups`` when the circuit uses them).
  Name, Start, End (Aarhus: Date) and Rounds are taken from the TRF header when the sidecar leaves them out.
  ``gpcalc import open.trf -c acf -o open.xlsx`` writes such a workbook already filled in; if the sidecar holds
  a filled ``Results`` sheet too it is read as an ordinary tournament workbook and the TRF is ignored (with a
  note), so "import, check in Excel, keep both files" never counts a tournament twice.
- **chess-results / Swiss-Manager export** (``.xlsx`` with a "Final ranking" header and no ``Results`` sheet):
  the organiser adds a ``Tournament`` sheet (copied from the template) to the export workbook itself.

Places: TRF and chess-results ranks are after tiebreak. For circuits that share tied places
(``circuit.shared_places``: ACF) players level on points share the place (``=3``), listed in tiebreak order;
for the others (FECODAZ) the tiebreak rank is the place.

Rating lists (ACF cl. 11) live in a ``ratings/`` folder of the season: see :func:`apply_ratings`.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import replace as dc_replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..issues import Issues, col_letter
from ..parse import clean_text, header_key
from ..read import RawBook, RawSheet
from ..spec import NAME

if TYPE_CHECKING:
    import pandas as pd

TRF_SUFFIXES = (".trf", ".txt")
SIDE_SUFFIXES = (".xlsx", ".xlsm")
RATINGS_DIR = "ratings"
SEASON_FILE = "season.xlsx"


# ------------------------------------------------------------------------------------------ detection


def _ratings_folder(path: Path) -> bool:
    """The file is inside the season's ``ratings/`` folder (a folder named ratings beside season.xlsx)."""
    if RATINGS_DIR not in str(path).casefold():  # (no folder of that name on the path: the usual case, at once)
        return False
    for parent in path.parents:
        if parent.name.casefold() == RATINGS_DIR and any(
                p.name.casefold() == SEASON_FILE for p in parent.parent.glob("*.xlsx")):
            return True
    return False


def _trf_sibling(path: Path) -> Path | None:
    from .trf import looks_like_trf

    for p in _same_stem(path):
        if p != path and (p.suffix.casefold() == ".trf" or (p.suffix.casefold() in TRF_SUFFIXES
                                                             and looks_like_trf(p))):
            return p
    return None


_DIRS: dict[str, dict[str, list[Path]]] = {}


def forget_listings() -> None:
    """Start of a season read: folders are listed afresh (see _same_stem)."""
    _DIRS.clear()


def _same_stem(path: Path) -> list[Path]:
    """The files beside `path` with the same stem in any case (sorted: `Open.xlsx` is the sidecar of `open.trf`,
    as on Windows, where organisers name them), from one listing per folder per season read — a season of a
    thousand workbooks would otherwise list each folder once per workbook."""
    key = str(path.parent)
    if key not in _DIRS:
        index: dict[str, list[Path]] = {}
        try:
            for p in sorted(path.parent.iterdir()):
                index.setdefault(p.stem.casefold(), []).append(p)
        except OSError:
            pass
        _DIRS[key] = index
    return _DIRS[key].get(path.stem.casefold(), [])


def _sidecar(path: Path) -> Path | None:
    for p in _same_stem(path):
        if p != path and p.suffix.casefold() in SIDE_SUFFIXES and not p.name.startswith("~$"):
            return p
    return None


_RESULTS_NAMES = {"results", "resultados", "resultater", "standings", "clasificación"}


def _has_filled_results(path: Path) -> bool:
    from ..read import scan_book

    if isinstance(scan_book(path), tuple):  # over the reader's limits: never opened here (read_book reports it)
        return False
    try:
        from ..read import open_calamine

        book = open_calamine(path)
        for name in book.sheet_names:
            if header_key(name) in _RESULTS_NAMES:
                return _holds_results(book.get_sheet_by_name(name).to_python())
    except Exception:
        return False
    return False


def _holds_results(rows: list[list[Any]]) -> bool:
    """A Results sheet's rows hold results: a name below its Name header (a template's Results with its places
    numbered down the side holds none yet) — or, without a Name header, any row below the first."""
    rows = [r for r in rows if any(clean_text(v) for v in r)]
    if not rows:
        return False
    names = [j for j, v in enumerate(rows[0]) if header_key(v) in NAME.names()]
    if names:
        j = names[0]
        return any(j < len(r) and clean_text(r[j]) for r in rows[1:])
    return len(rows) > 1


def _is_ranking_export(path: Path) -> bool:
    """An xlsx without a Results sheet whose sheet has a ranking header in its first rows (one open)."""
    from ..read import open_calamine
    from .chessresults import looks_like_ranking

    try:
        book = open_calamine(path)
    except Exception:  # not a readable workbook: the normal reader reports it
        return False
    names = list(book.sheet_names)
    if any(header_key(n) in _RESULTS_NAMES for n in names):
        return False
    return any(looks_like_ranking(book.get_sheet_by_name(n).to_python(skip_empty_area=False, nrows=12))
               for n in names)


def is_foreign(path: Path | str) -> bool:
    """True for a file this package reads instead of the workbook reader: a TRF, a chess-results export,
    a TRF's sidecar workbook, or a rating list in ``ratings/``."""
    path = Path(path)
    suffix = path.suffix.casefold()
    if _ratings_folder(path):
        return True
    if _stray_rating_list(path):
        return True  # a rating list outside ratings/: load says it is not read there
    if suffix == ".trf":
        return True  # a TRF by its name, even one that is empty or damaged: its reader says what is wrong
    if suffix in TRF_SUFFIXES:
        from .trf import looks_like_trf

        return looks_like_trf(path)
    if suffix in SIDE_SUFFIXES and _trf_sibling(path) is not None:
        return not _has_filled_results(path)  # a sidecar; a full workbook beside a TRF is read normally
    # Other workbooks are read normally; one without Tournament/Results sheets is then offered to
    # export_fallback (so a season of ordinary workbooks opens each file once).
    return False


def _points_in_rank_order(frame, group, export, label: str, issues: Issues) -> bool:
    """A final ranking lists points best first; places are worked out from the points (players level share the
    place), so points that go up down the list are an error at the cell where they do (one per group) — the
    place-order error the derived places would give names a place the file does not show. False when so."""
    import numpy as np
    import pandas as pd

    pts = pd.to_numeric(frame["points"], errors="coerce").astype(float).to_numpy()
    keys = pd.factorize(group.to_numpy() if group is not None else np.zeros(len(frame)))[0]
    with np.errstate(invalid="ignore"):  # (a blank's NaN compares False: no error about it here)
        up = np.flatnonzero((keys[1:] == keys[:-1]) & (pts[1:] > pts[:-1])) + 1
    up = up[~pd.Series(keys[up]).duplicated().to_numpy()]  # the first such row of each group
    letter = export.columns.get("points", "")
    for i in up.tolist():
        issues.error("points-order", f"{frame['name'].iloc[i]} has {pts[i]:g} points, more than "
                     f"{frame['name'].iloc[i - 1]} listed above with {pts[i - 1]:g}: a final ranking lists points best "
                     "first", hint="export the final ranking again (sorted by rank), or correct the points",
                     file=label, sheet=export.sheet, cell=f"{letter}{frame['row'].iloc[i]}")
    return not len(up)


def _stray_rating_list(path: Path) -> bool:
    """A FIDE TXT or XML rating list (by its first line) anywhere but ratings/."""
    if path.suffix.casefold() not in (".txt", ".xml") or _ratings_folder(path):
        return False
    from .fide_list import detect_kind

    kind = detect_kind(path)
    if kind != "xml":
        return kind == "txt"
    try:  # (any XML starts with '<': a FIDE list's root is <playerslist>)
        with open(path, "rb") as fh:
            return b"playerslist" in fh.read(4096).lower()
    except OSError:
        return False


def export_fallback(book: RawBook, issues: Issues, circuit) -> RawBook | None:
    """A workbook without Tournament/Results sheets that is a chess-results / Swiss-Manager export: read it
    as one. None when it is not an export (the caller reports it as not a tournament workbook)."""
    try:
        if not _is_ranking_export(book.path):
            return None
    except Exception:
        return None
    return export_book(book.path, book.label, issues, circuit, require_settings=True)


# ------------------------------------------------------------------------------------------ loading


def load(path: Path | str, label: str, issues: Issues, circuit=None) -> RawBook | None:
    """A foreign file as a RawBook (Tournament + Results [+ the sidecar's extra sheets]); None when it is not
    a tournament of its own (a sidecar, a rating list) or cannot be read (then with an error naming the file)."""
    path = Path(path)
    if circuit is None:
        from .. import circuits

        circuit = circuits.get("acf")
    if _ratings_folder(path):
        return None  # read by apply_ratings
    if _stray_rating_list(path):
        issues.warning("not-read", "a FIDE rating list outside the ratings/ folder: not read",
                       hint=f"move it into {RATINGS_DIR}/ beside season.xlsx, where rating lists are read (ACF cl. 11); "
                            "anything else can stay (or move it out of the season folder)", file=label)
        return None
    suffix = path.suffix.casefold()
    if suffix in TRF_SUFFIXES:
        side = _sidecar(path)
        if side is not None and _has_filled_results(side):
            issues.info("trf-superseded", f"{side.name} beside it holds a filled Results sheet, so that workbook "
                        "is read and this TRF is not", file=label)
            return None
        if side is None:
            from .trf import looks_like_trf, read_trf

            if not looks_like_trf(path) and read_trf(path, label, issues) is None:
                return None  # not a readable TRF (empty, damaged): its reader said what is wrong
            issues.error("trf-no-sidecar", f"a TRF holds no {', '.join(_required_extra(circuit))}: save the "
                         f"Tournament sheet beside it as {path.stem}.xlsx", file=label, cell="line 1",
                         hint=f"gpcalc import {path.name} -c {circuit.name} -o {path.stem}.xlsx writes it "
                              "filled in from the TRF; complete it in Excel")
            return None
        return trf_book(path, label, issues, circuit, side=side)
    if suffix in SIDE_SUFFIXES and _trf_sibling(path) is not None:
        return None  # a sidecar: read with its TRF
    return export_book(path, label, issues, circuit, require_settings=True)


def _required_extra(circuit) -> list[str]:
    have = {"name", "start", "end", "date", "rounds", "circuit"}
    return [f.name for f in circuit.tournament_spec().fields if f.required and f.key not in have] or ["settings"]


def trf_book(path: Path, label: str, issues: Issues, circuit, side: Path | None = None) -> RawBook | None:
    from .trf import read_trf

    t = read_trf(path, label, issues)
    if t is None:
        return None
    p = t.players
    players = {
        "name": list(p["name"]), "id": list(p["fide_id"]), "sex": list(p["sex"]),
        "born": [d if isinstance(d, dt.date) else (int(y) if y == y and y is not None else None)
                 for d, y in zip(p["birth_date"], p["birth_year"])],
        "rank": list(p["rank"]), "rank_tied": [False] * len(p), "points": list(p["points"]),
        "games": list(p["games"]), "title": list(p["title"]), "rating": list(p["rating"]),
        "fed": list(p["fed"]), "line": list(p["line"]),
    }
    end = t.end or (max(t.round_dates) if t.round_dates else None)
    header = {"name": t.name, "start": t.start, "end": end or t.start, "date": t.start, "rounds": t.rounds or None}
    # the TRF line each setting comes from (so that a problem with it names that line)
    header["_lines"] = {k: t.lines[code] for k, code in (("name", "012"), ("start", "042"), ("date", "042"),
                                                          ("end", "052" if t.end else "132"), ("rounds", "142"))
                        if code in t.lines}
    if end is None and t.start is not None:  # (no 052 line, no round dates: said where it is used, not guessed)
        header["_end_note"] = ("trf-no-end-date", "the file gives no end date (no 052 line, no round dates in a 132 "
                               f"line): the tournament is taken to end on its start date, {t.start.isoformat()}",
                               "if it ran longer, write End in the Tournament sheet beside it (or the 052 line)",
                               {"file": label, "sheet": "042", "cell": f"line {t.lines.get('042', 1)}"})
    return _book(path, label, issues, circuit, players, header, side=side)


def export_book(path: Path, label: str, issues: Issues, circuit, *, require_settings: bool) -> RawBook | None:
    from .chessresults import read_export

    ex = read_export(path, label, issues)
    if ex is None:
        return None
    p = ex.players
    players = {k: list(p[k]) for k in ("name", "rank", "points", "games", "title", "rating", "national_rating",
                                       "club", "fed", "sex", "born", "group")}
    players["id"] = list(p["fide_id"])
    players["rank_tied"] = list(p["rank_shared"])
    players["row"] = list(p["row"])
    header = {"name": ex.name, "rounds": ex.rounds}
    return _book(path, label, issues, circuit, players, header, side=path, export=ex,
                 require_settings=require_settings)


def _book(path: Path, label: str, issues: Issues, circuit, players: dict[str, list], header: dict[str, Any],
          *, side: Path | None, export=None, require_settings: bool = False) -> RawBook | None:
    import pandas as pd

    from ..read import read_book
    from .ties import place_text, shared_places

    sheets: dict[str, RawSheet] = {}
    tspec = circuit.tournament_spec()
    tournament_rows: list[list[Any]] = [["Setting", "Value"]]
    from_side = 0  # the Tournament rows that are the sidecar's own (the rest come from the file itself)
    only_group = None  # the sidecar's Groups sheet's one group: every player of a TRF (one TRF, one group)
    side_sheets: set[str] = set()
    side_tsheet = ""  # the sidecar's own name for its Tournament sheet ("Turnering")
    rounds_at: tuple[str, int] | None = None  # (Groups sheet, row) whose blank Rounds took the file's rounds
    if side is not None:
        side_book = read_book(side, _side_label(label, side) if side != path else label, issues)
        if side_book is None:
            return None
        if export is None:  # (a TRF's sidecar: its players are the TRF's; results typed beside them are not read)
            _results_in_sidecar(side_book, circuit, label, _side_label(label, side), issues)
        found = side_book.find(tspec)
        if found is not None:
            tournament_rows = [list(r) for r in found.rows] or tournament_rows
            side_tsheet = found.name
            from_side = len(found.rows)
        elif require_settings:
            issues.error("no-tournament-sheet", "this chess-results export has no Tournament sheet, so its "
                         f"{', '.join(_required_extra(circuit))} are unknown", file=label,
                         hint=f"copy the Tournament sheet of the organiser template (gpcalc template "
                              f"{circuit.name}) into this workbook and fill it in")
            return None
        for spec in circuit.tournament_sheets:
            sh = side_book.find(spec)
            if sh is not None:
                sheets[sh.name] = sh
                side_sheets.add(sh.name)
                if spec.name == "Groups":
                    only_group = _only_group(sh, spec)
                    if only_group is not None and header.get("rounds"):  # (its Rounds left blank: the file's)
                        filled_sheet, rounds_row = _fill_rounds(sh, spec, header["rounds"])
                        if rounds_row:
                            sheets[sh.name] = filled_sheet
                            rounds_at = (sh.name, rounds_row)
                        elif export is None:
                            _group_rounds_differ(sh, spec, header["rounds"], header.get("_lines", {}).get("rounds"),
                                                 label, _side_label(label, side), issues)
    # the file's own value fills a setting the sidecar leaves blank — in the sidecar's row, when it has one
    # (the template's Tournament sheet copied with Name, Start and End left empty)
    filled = {header_key(r[0]) for r in tournament_rows if r and len(r) > 1 and clean_text(r[1]) != ""}
    blank_at = {header_key(r[0]): i for i, r in enumerate(tournament_rows) if r and header_key(r[0]) not in filled}
    file_lines = header.get("_lines", {})
    from_file: dict[int, str] = {}  # Tournament row (1-based) → "line N" of the file its value was taken from
    for f in tspec.fields:
        value = header.get(f.key)
        if value in (None, "") or any(n in filled for n in f.names()):
            if value not in (None, "") and export is None and not (f.key == "end" and "_end_note" in header):
                _sidecar_differs(f, value, tournament_rows, file_lines.get(f.key), label, side, side_tsheet, issues)
            continue
        if f.key == "end" and "_end_note" in header:  # the TRF's start stands in for its missing end
            code, text, hint, where = header["_end_note"]
            issues.warning(code, text, hint=hint, **where)
        at = next((blank_at[n] for n in f.names() if n in blank_at), None)
        if at is None:
            tournament_rows.append([f.name, value])
            at = len(tournament_rows) - 1
        else:
            row = tournament_rows[at]
            tournament_rows[at] = [row[0], value, *row[2:]]
        from_file[at + 1] = f"line {file_lines[f.key]}" if f.key in file_lines else ""
    sheets["Tournament"] = RawSheet("Tournament", tournament_rows)

    frame = pd.DataFrame(players)
    if circuit.shared_places:
        # ranks are after tiebreak; players level on points share the place (listed in tiebreak order) — within
        # each group when the file lists several and the circuit's results have groups (Aarhus; an export's Gr
        # column elsewhere is a rating group inside one ranking)
        has_groups = any(f.key == "group" for f in circuit.results_spec().fields)
        group = frame["group"] if has_groups and "group" in frame and frame["group"].notna().any() else None
        if export is not None and not _points_in_rank_order(frame, group, export, label, issues):
            return None  # (its places cannot be worked out: the error is the one message about them)
        if export is not None and pd.to_numeric(frame["points"], errors="coerce").isna().any():
            # a points cell that could not be read (its error is said): the export's own ranks are the places,
            # not places worked out around a hole (which named a place the file does not show)
            frame["place"] = place_text(frame["rank"], frame["rank_tied"])
        else:
            shared = shared_places(frame["points"], group)
            frame["place"] = place_text(shared["place"], shared["tied"])
    else:
        frame["place"] = place_text(frame["rank"], frame["rank_tied"])
    values = _result_values(circuit, frame)
    # a file without groups of its own (a TRF; an export of one group, without a Gr column) is the one group of a
    # one-row Groups sheet beside it
    if only_group is not None and all(v is None for v in values.get("group", [None])) and \
            any(f.key == "group" for f in circuit.results_spec().fields):
        values["group"] = [only_group] * len(frame)
    sheets["Results"] = _results_sheet(circuit, values, export)
    own = {k: v for k, v in header.items() if not k.startswith("_") and v not in (None, "")
           and not (k == "end" and "_end_note" in header)}  # (a start standing in for a missing end is no end)
    if export is not None:  # the export's cells are where they were, on its own sheet (_results_sheet)
        return RawBook(path, label, sheets, own=own, foreign=True)
    # a TRF: a player's cell is their line; the sidecar's cells are the sidecar's
    lines = list(frame["line"]) if "line" in frame else []
    side_name = _side_label(label, side) if side is not None else label

    def locate(sheet: str, cell: str) -> tuple[str, str, str]:
        row = int(m.group(1)) if (m := re.fullmatch(r"[A-Z]+(\d+)", cell or "")) else 0
        if sheet == "Results":
            return (label, "", f"line {lines[row - 2]}") if 2 <= row < len(lines) + 2 else (label, "", "")
        if sheet == "Tournament":  # (a value taken from the TRF is named by its line there)
            if row in from_file:
                return label, "", from_file[row]
            if side is not None and 1 <= row <= from_side:
                return side_name, side_tsheet or sheet, cell
            if side is not None and from_side and row > from_side:  # a setting to add: below the sidecar's rows
                return side_name, side_tsheet or sheet, f"A{from_side + 1}"
            return label, "", ""
        if rounds_at == (sheet, row):
            return label, "", f"line {file_lines['rounds']}" if "rounds" in file_lines else ""
        if sheet in side_sheets:
            return side_name, sheet, cell
        return label, sheet, cell
    return RawBook(path, label, sheets, locate=locate, own=own, foreign=True)


def _results_in_sidecar(side_book: RawBook, circuit, label: str, side_label: str, issues: Issues) -> None:
    """A sidecar sheet of results ("Results (2)", "Resultados", a Results sheet filled after all) beside a TRF:
    the players come from the TRF alone, so those rows are never counted — said, never skipped silently."""
    names = {*circuit.results_spec().names(), *_RESULTS_NAMES}
    for name, sh in side_book.sheets.items():
        key = header_key(name)
        if any(key.startswith(n) for n in names) and _holds_results(sh.rows):
            issues.warning("another-results-sheet", f"the sheet '{name}' holds results, but this tournament's "
                           f"players are read from {Path(label).name} alone, so its rows are not counted",
                           file=side_label, sheet=name, hint=f"put every player in {Path(label).name}, or delete "
                           "the sheet (a workbook with a filled Results sheet and no TRF is read as it is)")


def _sidecar_differs(f, value: Any, rows: list[list[Any]], line: int | None, label: str, side: Path | None,
                     sheet: str, issues: Issues) -> None:
    """A sidecar setting that contradicts the TRF's own (Start 9 March beside a TRF whose 042 line says 1 March):
    the sidecar's is used, as the README says, but one of the two is a typo — said, never silently chosen."""
    if f.key not in ("start", "end", "date", "rounds") or side is None:
        return
    from ..parse import BadValue, read_count, read_date

    at = next((i for i, r in enumerate(rows) if r and header_key(r[0]) in f.names() and len(r) > 1), None)
    if at is None or not sheet:
        return
    try:
        mine = read_count(rows[at][1]) if f.key == "rounds" else read_date(rows[at][1])
    except BadValue:
        return  # (its own error is said where the setting is read)
    if mine is None or mine == value:
        return
    mine_text, file_text = (v.isoformat() if isinstance(v, dt.date) else str(v) for v in (mine, value))
    where = f" (line {line})" if line else ""
    issues.warning("sidecar-differs", f"{f.name} is {mine_text} here but {file_text} in {label}{where}; the "
                   f"value here is used", file=_side_label(label, side), sheet=sheet,
                   cell=f"B{at + 1}", hint=f"correct whichever is wrong (or leave {f.name} blank here to take the "
                   "TRF's)")


def _side_label(label: str, side: Path) -> str:
    """The sidecar's name as shown to users: beside its TRF, in the same folder of the season."""
    return Path(label).with_name(side.name).as_posix()


def _only_group(sheet: RawSheet, spec) -> Any:
    """The group of a sidecar Groups sheet with one filled row under its header (else None): a TRF holds one group,
    as it holds one section, so its players are in that group."""
    rows = [r for r in sheet.rows if any(clean_text(v) for v in r)]
    if len(rows) != 2:
        return None
    keys = [header_key(v) for v in rows[0]]
    field = next((f for f in spec.fields if f.key == "group"), None)
    at = next((j for j, k in enumerate(keys) if field is not None and k in field.names()), None)
    value = rows[1][at] if at is not None and at < len(rows[1]) else None
    return value if clean_text(value) else None


def _rounds_cell(sheet: RawSheet, spec) -> tuple[int, int] | None:
    """(row, column), 0-based, of a one-group Groups sheet's Rounds cell; None without a Rounds column."""
    at = [i for i, r in enumerate(sheet.rows) if any(clean_text(v) for v in r)]
    field = next((f for f in spec.fields if f.key == "rounds"), None)
    keys = [header_key(v) for v in sheet.rows[at[0]]]
    j = next((j for j, k in enumerate(keys) if field is not None and k in field.names()), None)
    return None if j is None else (at[1], j)


def _fill_rounds(sheet: RawSheet, spec, rounds: int) -> tuple[RawSheet, int]:
    """A one-group Groups sheet whose Rounds is blank, with the file's rounds there (a copy), and the Excel row
    filled (0 when its Rounds is filled or it has no Rounds column: the sheet itself is then kept)."""
    cell = _rounds_cell(sheet, spec)
    if cell is None:
        return sheet, 0
    i, j = cell
    row = list(sheet.rows[i])
    if j < len(row) and clean_text(row[j]):
        return sheet, 0
    row += [None] * (j + 1 - len(row))
    row[j] = rounds
    rows = [list(r) for r in sheet.rows]
    rows[i] = row
    return dc_replace(sheet, rows=rows), i + 1


def _group_rounds_differ(sheet: RawSheet, spec, rounds: int, line: int | None, label: str, side_label: str,
                         issues: Issues) -> None:
    """A one-group Groups sheet's Rounds that contradicts its TRF's rounds (5 beside a TRF of 3): the sheet's is
    used (it sets the ×7/rounds of §5 stk. 6), but one of the two is a typo — said, as for the Tournament sheet."""
    from ..parse import BadValue, read_count

    cell = _rounds_cell(sheet, spec)
    if cell is None or cell[1] >= len(sheet.rows[cell[0]]):
        return
    try:
        mine = read_count(sheet.rows[cell[0]][cell[1]])
    except BadValue:
        return  # (its own error is said where the sheet is read)
    if mine is None or mine == rounds:
        return
    where = f" (line {line})" if line else ""
    issues.warning("sidecar-differs", f"Rounds is {mine} here but the players' records in {label}{where} hold "
                   f"{rounds} rounds; the value here is used", file=side_label, sheet=sheet.name,
                   cell=f"{col_letter(cell[1])}{cell[0] + 1}",
                   hint="correct whichever is wrong (or leave Rounds blank here to take the TRF's)")


def _result_values(circuit, frame: pd.DataFrame) -> dict[str, list[Any]]:
    """Results column key → values, for the circuit's Results fields that the file can fill."""
    n = len(frame)
    out: dict[str, list[Any]] = {}

    def col(name: str) -> list[Any]:
        return [None if _blank(v) else v for v in frame[name]] if name in frame else [None] * n

    source = {"place": "place", "name": "name", "id": "id", "sex": "sex", "born": "born", "title": "title",
              "fide_rating": "rating", "national_rating": "national_rating", "score": "points",
              "points": "points", "games": "games", "club": "club", "group": "group"}
    for f in circuit.results_spec().fields:
        if f.key in source:
            out[f.key] = col(source[f.key])
        elif f.key == "state" and f.kind == "choice":
            choices = {c.casefold() for c in f.choices}
            out[f.key] = [v if isinstance(v, str) and v.casefold() in choices else None for v in col("fed")]
    if "id" in out:
        out["id"] = [None if v is None else str(v) for v in out["id"]]
    for k in ("games", "fide_rating", "national_rating"):
        if k in out:
            out[k] = [None if v is None else int(v) for v in out[k]]
    if "row" in frame:
        out["_row"] = list(frame["row"])
    return out


def _blank(v: Any) -> bool:
    if v is None:
        return True
    try:
        return bool(v != v)
    except (TypeError, ValueError):
        return False


def _results_sheet(circuit, values: dict[str, list[Any]], export) -> RawSheet:
    """The Results grid. For a chess-results export, every value sits in the cell it came from (so an issue's
    cell points into the export) and the derived columns follow to the right."""
    fields = [f for f in circuit.results_spec().fields if f.key in values]
    n = len(values.get("name", []))
    if export is None:
        rows = [[f.name for f in fields]]
        rows += [[values[f.key][i] for f in fields] for i in range(n)]
        return RawSheet("Results", rows)
    from openpyxl.utils import column_index_from_string

    origin = {"place": "rank", "name": "name", "id": "fide_id", "sex": "sex", "born": "born", "title": "title",
              "fide_rating": "rating", "national_rating": "national_rating", "score": "points", "points": "points",
              "games": "games", "club": "club", "state": "fed", "group": "group"}
    # (a column the export lacks goes right of its last labelled column, never onto a tiebreak column)
    width = max([column_index_from_string(v) for v in export.columns.values()] + [export.width])
    position: dict[str, int] = {}
    for f in fields:
        letter = export.columns.get(origin.get(f.key, ""))
        if letter and column_index_from_string(letter) - 1 not in position.values():
            position[f.key] = column_index_from_string(letter) - 1
        else:
            position[f.key] = width
            width += 1
    head = export.header_row - 1
    last = max(values["_row"], default=head + 1)
    rows: list[list[Any]] = [[None] * width for _ in range(last)]
    for f in fields:
        rows[head][position[f.key]] = f.name
    for i in range(n):
        r = values["_row"][i] - 1
        for f in fields:
            rows[r][position[f.key]] = values[f.key][i]
    # (found as the Results sheet by its key in RawBook.sheets; named as the export's own sheet, so that an issue
    # names the sheet the cell is on)
    return RawSheet(export.sheet, rows)


# ------------------------------------------------------------------------------------------ import


def import_file(path: Path | str, circuit, output: Path | str, issues: Issues,
                to_complete: list[str] | None = None) -> Path | None:
    """``gpcalc import``: any supported file → a filled organiser template (Tournament + Results filled in from
    the file, the rest for the organiser to complete: the required settings left blank are added to
    `to_complete`, as "Kind (Tournament!B4)"). Returns None (with errors) when the file is unreadable or has
    errors: then nothing is written."""
    import os
    import tempfile

    from openpyxl import load_workbook

    from ..templates import write_template
    from .trf import looks_like_trf

    path, output = Path(path), Path(output)
    label = path.name
    if path.suffix.casefold() in TRF_SUFFIXES and looks_like_trf(path):
        read = Issues()
        book = trf_book(path, label, read, circuit)
        # (no end date in the TRF: End is left blank for the organiser — to_complete — not the start put there)
        issues.extend([i for i in read if i.code != "trf-no-end-date"])
    elif path.suffix.casefold() in SIDE_SUFFIXES:
        book = export_book(path, label, issues, circuit, require_settings=False)
    elif path.suffix.casefold() in (".xls", ".xlsb", ".ods", ".numbers", ".xltx", ".xltm", ".xlt"):
        from ..read import read_book

        said = Issues()  # the season reader's own message on the format, and how to convert it (an error here)
        read_book(path, label, said)
        for i in said:
            issues.error(i.code, i.message, file=label, hint=i.hint)
        return None
    else:
        issues.error("unknown-format", "this is neither a TRF tournament report nor a chess-results/"
                     "Swiss-Manager ranking export (.xlsx)", file=label,
                     hint="export the final ranking as TRF or Excel from the pairing program")
        return None
    if book is None or issues.has_errors():  # an input with errors: nothing written (CONTRACT exit status 1)
        return None
    try:
        fd, tmp_name = tempfile.mkstemp(suffix=".xlsx", dir=str(output.parent.resolve()))
    except OSError as exc:  # name the output asked for, not the temporary file
        raise OSError(exc.errno, exc.strerror, str(output)) from exc
    os.close(fd)
    tmp = Path(tmp_name)
    to_complete = [] if to_complete is None else to_complete
    try:
        write_template(circuit, tmp)
        wb = load_workbook(tmp)
        tspec = circuit.tournament_spec()
        lookup = {n: f for f in tspec.fields for n in f.names()}
        given = {}
        for row in book.sheets["Tournament"].rows[1:]:
            f = lookup.get(header_key(row[0])) if row else None
            if f is not None and len(row) > 1 and not _blank(row[1]) and clean_text(row[1]):
                given[f.key] = row[1]
        ws = wb["Tournament"]
        if "end" not in book.own:
            given.pop("end", None)
        for r in range(2, ws.max_row + 1):
            f = lookup.get(header_key(ws.cell(r, 1).value))
            if f is not None and f.key in given:
                _put(ws.cell(r, 2), given[f.key])
            elif f is not None and f.required:
                to_complete.append(f"{f.name} (Tournament!B{r})")
        results = book.sheets["Results"].rows
        head_i = next(i for i, r in enumerate(results) if any(clean_text(v) for v in r))
        src_cols = {header_key(v): j for j, v in enumerate(results[head_i]) if clean_text(v)}
        ws = wb["Results"]
        rspec = {header_key(f.name): f for f in circuit.results_spec().fields}
        n_rows = sum(1 for r in results[head_i + 1:] if any(clean_text(v) for v in r))
        for j in range(1, ws.max_column + 1):
            src = src_cols.get(header_key(ws.cell(1, j).value))
            f = rspec.get(header_key(ws.cell(1, j).value))
            column = [row[src] if src is not None and src < len(row) else None for row in results[head_i + 1:]]
            if n_rows and f is not None and (f.required or f.key == "group") and all(_blank(v) for v in column):
                # (Aarhus: the group each player played — a TRF does not say it)
                letter = ws.cell(1, j).column_letter
                to_complete.append(f"{f.name} (Results!{letter}2:{letter}{n_rows + 1})")
            if src is None:
                continue
            out_r = 2
            for row in results[head_i + 1:]:
                if not any(clean_text(v) for v in row):
                    continue
                value = row[src] if src < len(row) else None
                if not _blank(value):
                    _put(ws.cell(out_r, j), value)
                out_r += 1
        for spec in circuit.tournament_sheets:  # (Aarhus Groups: the file's groups, each with the file's rounds)
            if spec.name == "Groups" and book.find(spec) is None and spec.name in wb.sheetnames:
                groups = list(dict.fromkeys(clean_text(g) for g in _column(results, head_i, spec.fields[0])
                                            if clean_text(g))) or [None]
                book.sheets[spec.name] = RawSheet(spec.name, [[f.name for f in spec.fields],
                                                              *[[g, book.own.get("rounds")] for g in groups]])
        for name, sheet in book.sheets.items():
            if name in ("Tournament", "Results") or name not in wb.sheetnames:
                continue
            ws = wb[name]
            spec = next((sp for sp in circuit.tournament_sheets if sp.name == name), None)
            for i, row in enumerate(sheet.rows[1:], start=2):
                for j, v in enumerate(row, start=1):
                    if not _blank(v):
                        _put(ws.cell(i, j), v)
                    elif spec is not None and j <= len(spec.fields) and spec.fields[j - 1].required:
                        to_complete.append(f"{spec.fields[j - 1].name} ({name}!{ws.cell(i, j).coordinate})")
        wb.save(tmp)
        os.replace(tmp, output)
    finally:
        if tmp.exists():
            tmp.unlink()
    return output


def _column(rows: list[list[Any]], head_i: int, f) -> list[Any]:
    """The values under the header of field `f` (any of its names) in a sheet's rows."""
    j = next((j for j, v in enumerate(rows[head_i]) if header_key(v) in f.names()), None)
    return [] if j is None else [r[j] if j < len(r) else None for r in rows[head_i + 1:]]


def _put(cell, value: Any) -> None:
    """Write a value as itself: text such as '=2' stays text (never a formula)."""
    cell.value = value
    if isinstance(value, str):
        cell.data_type = "s"
        if value.startswith(("=", "+", "-", "@")):
            cell.quotePrefix = True
    elif isinstance(value, dt.date):
        cell.number_format = "yyyy-mm-dd"


# ------------------------------------------------------------------------------------------ ratings


def apply_ratings(season) -> None:
    """ACF cl. 11: the ACF December list first, then the FIDE January list — from files in ``ratings/``.

    Every file in ``<season>/ratings/`` is a rating list. A FIDE list (the FIDE TXT or XML download, or any file
    whose name contains "fide") fills ``FIDE rating``; any other table (CSV or xlsx with ID, Name and a rating
    column — the coordinator's export of the ACF December list) fills ``ACF rating``. Players are matched by ID.
    The Players register wins: a rating typed there is kept (a different list value is a warning); a player in
    the lists but not in the register is added to it with only the ID and the ratings.
    """

    from .fide_list import detect_kind, read_rating_list

    folder = next((p for p in season.folder.iterdir() if p.is_dir() and p.name.casefold() == RATINGS_DIR), None) \
        if season.folder.is_dir() else None
    if folder is None:
        return
    issues, reg = season.issues, season.players
    keys = {f.key for f in season.circuit.register_spec().fields}
    files = sorted(p for p in folder.rglob("*") if p.is_file() and not p.name.startswith((".", "~$")))
    if not files:
        return
    if not {"acf_rating", "fide_rating"} & keys:
        issues.info("ratings-unused", f"the {season.circuit.title} takes ratings from the tournament rows, so "
                    "the files in ratings/ are not used", file=f"{folder.name}/")
        return
    wanted: set[str] = set()
    for frame in (season.results, reg):
        if "id" in frame:
            wanted |= {str(v) for v in frame["id"].dropna()}
    lists: dict[str, list[pd.DataFrame]] = {"acf_rating": [], "fide_rating": []}
    for p in files:
        label = p.relative_to(season.folder).as_posix()
        kind = detect_kind(p)
        if kind is None:
            issues.warning("not-a-rating-list", "files in ratings/ must be rating lists (FIDE TXT/XML, CSV or "
                           "xlsx); this one is ignored", file=label)
            continue
        target = "fide_rating" if kind in ("txt", "xml") or "fide" in p.name.casefold() else "acf_rating"
        if target not in keys:
            continue
        df = read_rating_list(p, label, issues, ids=wanted)
        if df is None:
            continue
        month = df.attrs.get("month", "")
        year = season.year
        if target == "fide_rating" and month and year and month.casefold() != f"jan{year % 100:02d}":
            issues.warning("fide-list-month", f"this is the FIDE {month.upper()} list; cl. 11 names the January "
                           f"{year} list (JAN{year % 100:02d})", file=label)
        if df.empty and wanted:  # (an empty download, a header alone, another federation's list)
            issues.warning("list-no-players", f"no player of the season ({len(wanted):,} IDs) is on this list: it "
                           "gives no ratings", file=label, hint="check that it is the list meant (cl. 11), "
                           "downloaded whole")
            continue
        lists[target].append(df.assign(_file=label)[["fide_id", "rating", "_file"]])
    _merge_ratings(season, lists)


def _merge_ratings(season, lists: dict[str, list[pd.DataFrame]]) -> None:
    import pandas as pd

    reg, issues = season.players, season.issues
    reg_ids = reg["id"].astype("object").where(reg["id"].notna(), None) if "id" in reg else pd.Series(dtype=object)
    added: dict[str, dict[str, Any]] = {}
    for target, frames in lists.items():
        if not frames:
            continue
        table = pd.concat(frames, ignore_index=True).drop_duplicates("fide_id")
        table = table[table["rating"].notna()]
        rating = dict(zip(table["fide_id"], table["rating"].astype(int)))
        source = dict(zip(table["fide_id"], table["_file"]))
        if target not in reg:
            reg[target] = pd.Series([None] * len(reg), dtype="object", index=reg.index)
        current = pd.to_numeric(reg[target], errors="coerce")
        listed = reg_ids.map(rating)
        fill = current.isna() & listed.notna()
        reg.loc[fill, target] = listed[fill].astype(float)
        differ = current.notna() & listed.notna() & (current != listed)
        for idx in reg.index[differ]:
            row = reg.loc[idx]
            issues.warning("register-differs-list", f"{row.get('name')}: the register's {target.replace('_', ' ')} "
                           f"is {current[idx]:g} but {source[reg_ids[idx]]} says {listed[idx]}; the register "
                           "is used", hint="correct whichever is wrong", **season.where(row, "name"))
        known = set(reg_ids.dropna())
        result_ids = {str(v) for v in season.results.get("id", pd.Series(dtype=object)).dropna()}
        for pid in sorted((result_ids - known) & set(rating)):
            added.setdefault(pid, {})[target] = float(rating[pid])
            added[pid].setdefault("_file", source[pid])
    if added:
        rows = []
        for pid, vals in added.items():
            row = {c: None for c in reg.columns}
            row.update({"id": pid, "file": vals.pop("_file"), "sheet": "", "row": 0, **vals})
            rows.append(row)
        extra = pd.DataFrame(rows, columns=list(reg.columns))
        season.players = pd.concat([reg, extra], ignore_index=True) if len(reg) else extra
    else:
        season.players = reg
