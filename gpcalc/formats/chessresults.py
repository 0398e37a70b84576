"""chess-results.com / Swiss-Manager "Final ranking" Excel export — read by header text, never by position.

Row 1 holds the tournament name, row 2 the section or "Final Ranking after N Rounds", then a header row (found
within the first rows) with ``Rk.``, ``SNo``, an unlabelled title column before ``Name``, ``FED``, ``Rtg``,
``Club/City``, ``Pts.``, ``TB1``… — or their German, Spanish or Danish labels. Scores may be ``4½`` or ``4,5``;
players tied on every tiebreak may show a blank ``Rk.`` (they share the place above). Names stay as written
("Surname, First"); gpcalc's name matching reads both orders.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd

from ..issues import Issues, col_letter
from ..parse import BadValue, clean_text, read_place, read_score, read_sex, whole_number

# header text (case-insensitive, spaces and a trailing dot ignored) → column key
COLUMNS: dict[str, tuple[str, ...]] = {
    "rank": ("rk", "rg", "rang", "pos", "pl", "plac", "placering", "platz", "puesto", "clas", "rank", "place",
             "#"),
    "start_no": ("sno", "snr", "st.nr", "startnr", "nr", "no", "n", "nº", "nº ini", "num", "startnummer", "sn"),
    "title": ("title", "tit", "titel", "título", "titulo"),
    "name": ("name", "nombre", "navn", "spieler", "jugador", "player", "spiller", "apellidos, nombre",
             "teilnehmer"),
    "fed": ("fed", "land", "fed.", "federación", "federacion", "country", "nation", "país", "pais"),
    "rating": ("rtg", "rtgi", "elo", "eloi", "elo i", "rtg i", "fide", "ratg", "rating", "elo fide", "fide-elo",
               "ifide", "int"),
    "national_rating": ("rtgn", "rtg n", "elon", "elo n", "dwz", "nat", "fada", "elo nac", "elonac", "ratgn",
                        "nat.", "acf", "dsu"),
    "club": ("club/city", "verein/ort", "club/ciudad", "klub/by", "club", "verein", "klub", "ciudad", "city",
             "club/stadt", "klub/bynavn"),
    "points": ("pts", "pkt", "ptos", "pto", "puntos", "points", "point", "p", "pt", "score", "punkte", "pkte",
               "points total", "pts.", "pnt"),
    "fide_id": ("fideid", "fide-id", "fide id", "id fide", "idfide", "fide-nr", "fide nr", "fide no", "id"),
    "sex": ("sex", "geschl", "sexo", "køn", "kon", "gender", "s"),
    "type": ("typ", "type", "tipo", "kat", "cat", "category", "categoría", "categoria"),
    "group": ("gr", "group", "gruppe", "grupo", "gruppe/gr"),
    "born": ("birth", "geb", "jg", "año", "ano", "født", "fodt", "b-day", "yob", "born", "nac"),
    "games": ("gms", "games", "partien", "partidas", "spil", "part", "n. games"),
}
_LOOKUP = {alias: key for key, aliases in COLUMNS.items() for alias in aliases}
_TIEBREAK = re.compile(r"^(tb|wtg|des|desemp|kr|ft|mt|bh|sb|tie\s*break)\s*\d*$")
_TITLES = {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "AGM", "AIM", "AFM", "ACM", "NM", "WNM", "MN",
           "MF", "MI", "GMF", "CMF", "MNF", "MFF", "MIF"}

PLAYER_COLUMNS = ["rank", "rank_shared", "start_no", "title", "name", "fed", "rating", "national_rating",
                  "fide_id", "sex", "club", "type", "group", "born", "points", "games", "row"]


@dataclass
class RankingExport:
    label: str
    sheet: str
    name: str = ""
    section: str = ""
    rounds: int | None = None
    header_row: int = 0  # Excel row number
    columns: dict[str, str] = field(default_factory=dict)  # key → column letter
    width: int = 0  # the header row's columns (to its last label: tiebreaks, columns gpcalc does not read)
    tiebreaks: list[str] = field(default_factory=list)
    players: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=PLAYER_COLUMNS))


def _key(text: Any) -> str:
    return clean_text(text).casefold().rstrip(".").strip()


def header_columns(row: list[Any]) -> dict[str, int]:
    """Column key → index for one candidate header row (first occurrence wins)."""
    out: dict[str, int] = {}
    for j, value in enumerate(row):
        key = _LOOKUP.get(_key(value)) or _LOOKUP.get(_key(value).replace(" ", ""))
        if key and key not in out:
            out[key] = j
    return out


def knows_header(value: Any) -> bool:
    """Whether a header cell names a column of a ranking export (what :func:`header_columns` maps, or a
    tiebreak column: TB1, BH, SB …)."""
    key = _key(value)
    return bool(_LOOKUP.get(key) or _LOOKUP.get(key.replace(" ", "")) or _TIEBREAK.match(key))


def find_header(rows: list[list[Any]], scan: int = 8) -> int | None:
    """The header row within the first `scan` rows: it names `Name` and a rank or points column."""
    best, best_hits = None, 0
    for i, row in enumerate(rows[:scan]):
        cols = header_columns(row)
        if "name" in cols and ({"rank", "points"} & set(cols)) and len(cols) > best_hits:
            best, best_hits = i, len(cols)
    return best


def looks_like_ranking(rows: list[list[Any]]) -> bool:
    return find_header(rows) is not None


def read_export(path: Path | str, label: str, issues: Issues) -> RankingExport | None:
    """Read the first sheet that has a ranking header (a later one is warned as not read); None (with an error)
    when none has."""
    try:
        from ..read import open_calamine

        book = open_calamine(path)
        sheets = [(name, book.get_sheet_by_name(name).to_python(skip_empty_area=False))
                  for name in book.sheet_names]
    except Exception as exc:  # calamine raises plain exceptions with a message
        issues.error("unreadable", f"cannot read the workbook: {str(exc).splitlines()[0][:200]}", file=label,
                     hint="open it in Excel and save it again as .xlsx")
        return None
    return parse_export(sheets, label, issues)


def parse_export(sheets: list[tuple[str, list[list[Any]]]], label: str, issues: Issues) -> RankingExport | None:
    for k, (name, rows) in enumerate(sheets):
        header = find_header(rows)
        if header is not None:
            # one export is one ranking: a workbook with a sheet per section would otherwise lose all but the
            # first silently
            for other, other_rows in sheets[k + 1:]:
                if find_header(other_rows) is not None:
                    issues.warning("another-ranking-sheet", f"the sheet '{other}' is a second ranking; gpcalc "
                                   f"reads only '{name}', so its players are not counted", file=label, sheet=other,
                                   cell="A1", hint="save each section's ranking as its own workbook (each with "
                                   "its own Tournament sheet), or delete the extra sheet")
            return _parse_sheet(name, rows, header, label, issues)
    issues.error("no-ranking-header", "no sheet has a ranking header row (a row naming 'Name' and 'Rk.' or "
                 "'Pts.') within its first rows", file=label, sheet=sheets[0][0] if sheets else "", cell="A1",
                 hint="export the 'Final ranking' list from chess-results or Swiss-Manager as Excel")
    return None


def _parse_sheet(sheet: str, rows: list[list[Any]], header_i: int, label: str, issues: Issues) -> RankingExport:
    header = rows[header_i]
    cols = header_columns(header)
    name_j = cols["name"]
    if "title" not in cols and _titles_then_names(rows[header_i + 1:], header, name_j):
        cols["title"], cols["name"] = name_j, name_j + 1  # "Name" merged over the title column and the names
        name_j += 1
    if "title" not in cols and name_j > 0 and not clean_text(header[name_j - 1]):
        cols["title"] = name_j - 1  # the unlabelled title column before Name
    out = RankingExport(label, sheet, header_row=header_i + 1)
    out.columns = {k: col_letter(j) for k, j in cols.items()}
    out.width = max((j + 1 for j, v in enumerate(header) if clean_text(v)), default=0)
    out.tiebreaks = [clean_text(v) for v in header if _TIEBREAK.match(_key(v))]
    above = [clean_text(c) for r in rows[:header_i] for c in r if clean_text(c)]
    if above:
        out.name = above[0]
    interim: str | None = None  # "Rank after Round 3": a ranking during the tournament, not its final one
    heading = False  # the rounds come from the ranking's own heading ("… after 5 Rounds"), not any subtitle
    for text in above[1:]:
        m = re.search(r"\b(\d+)\s*(?:rounds?|runden|rondas|runder|ronda)\b|\b(\d+)\s+rds?\b", text, re.I)
        # "after Round 3", "tras la ronda 3", "nach der 3. Runde", "efter 3. runde" (but not "after 5 Rounds")
        after = re.search(r"(?:after|nach|tras|efter)\s+(?:the\s+|la\s+|der\s+)?(?:(\d+)\.?\s*)?"
                          r"(?:round|runde|ronda)\b\s*(\d+)?", text, re.I)
        if after and (after[1] or after[2]) and out.rounds is None:
            out.rounds, heading = int(after[2] or after[1]), True
            if not re.search(r"final|endstand|slutstilling|definitiv", text, re.I):
                interim = text
        elif m and out.rounds is None:
            out.rounds = int(m[1] or m[2])
            heading = bool(re.search(r"after|nach|tras|efter|rank|stand|clasif|stilling|tabelle|ranglist", text,
                                     re.I))
        elif not re.search(r"rank|stand|clasif|stilling|tabelle|ranglist", text, re.I) and not out.section:
            out.section = text
    where = {"file": label, "sheet": sheet}
    if "points" not in cols:
        issues.error("missing-column", "the ranking has no points column ('Pts.', 'Pkt.', 'Ptos.')",
                     cell=f"A{header_i + 1}", hint="export the final ranking with the points column", **where)
    records: list[dict] = []
    last_rank: int | None = None
    for i in range(header_i + 1, len(rows)):
        row = rows[i]

        def cell(key: str, row=row) -> Any:
            j = cols.get(key)
            return row[j] if j is not None and j < len(row) else None

        name = clean_text(cell("name"))
        if not name:  # blank rows and footnotes ("Tie Break1: …") have no name — a ranked row with points does
            if _ranked_with_points(cell("rank"), cell("points")):
                issues.error("blank", f"row {i + 1} has a rank and points but no name: a player is missing",
                             cell=f"{out.columns['name']}{i + 1}",
                             hint="write the player's name (or export the ranking again)", **where)
            continue
        excel_row = i + 1
        if _key(name) == _key(header[name_j]) and len(header_columns(row)) >= 2:
            # the header again: a second ranking (the next section) stacked below the first on this sheet
            issues.warning("another-ranking", f"row {excel_row} repeats the ranking's header: the rows from here "
                           f"on are a second ranking, which gpcalc does not read, so its players are not counted",
                           cell=f"{out.columns['name']}{excel_row}", hint="save each section's ranking as its own "
                           "workbook (each with its own Tournament sheet), or delete the rows below", **where)
            break
        rec: dict[str, Any] = {"name": name, "row": excel_row, "rank_shared": False}
        try:
            place = read_place(cell("rank"))
        except BadValue:
            place = None
            issues.warning("bad-value", f"Rk.: '{clean_text(cell('rank'))}' is not a place; read as sharing the "
                           "place above", cell=f"{out.columns['rank']}{excel_row}", **where)
        if "rank" not in cols:
            rec["rank"] = len(records) + 1  # no rank column: the listed order
        elif place is not None:
            rec["rank"], rec["rank_shared"] = place
        elif last_rank is not None:
            rec["rank"], rec["rank_shared"] = last_rank, True  # tied on every tiebreak: shares the place above
        else:
            issues.warning("blank-rank", f"{name} has no rank; read as 1st", cell=f"{out.columns['rank']}{excel_row}",
                           **where)
            rec["rank"] = 1
        last_rank = rec["rank"]
        if "points" in cols:
            pcell = f"{out.columns['points']}{excel_row}"
            try:
                rec["points"] = read_score(cell("points"))
                if rec["points"] is None:
                    issues.error("blank", f"Pts.: {name} has no points", cell=pcell,
                                 hint="write whole or half points: 4, 4½, 4.5 or 4,5", **where)
            except BadValue as exc:
                rec["points"] = None
                issues.error("bad-value", f"Pts.: {exc}", cell=pcell,
                             hint="write whole or half points: 4, 4½, 4.5 or 4,5", **where)
        else:
            rec["points"] = None
        title = clean_text(cell("title")).upper() or None
        if title and cols.get("title") == name_j - 1 and title not in _TITLES and not re.fullmatch(r"W?[A-Z]{1,3}",
                                                                                                  title):
            title = None
        rec["title"] = title
        rec["start_no"] = _int(cell("start_no"))
        rec["rating"] = _int(cell("rating"))
        rec["national_rating"] = _int(cell("national_rating"))
        rec["games"] = _int(cell("games"))
        fid = clean_text(cell("fide_id"))
        rec["fide_id"] = fid if fid and fid != "0" else None
        for key in ("fed", "sex", "club", "type", "group", "born"):
            rec[key] = clean_text(cell(key)) or None
        if rec["sex"]:  # chess-results' w/m as M/F, as a TRF's (an unknown letter is kept: its error names the cell)
            with contextlib.suppress(BadValue):
                rec["sex"] = read_sex(rec["sex"])
        records.append(rec)
    # a blank rank below a filled one shares it with the row above: mark the first of the group as shared too
    frame = pd.DataFrame(records, columns=PLAYER_COLUMNS)
    if len(frame):
        frame["rank_shared"] = frame["rank_shared"] | frame["rank"].duplicated(keep=False)
    else:
        issues.error("empty-sheet", "the ranking lists no players below its header", cell=f"A{header_i + 2}",
                     **where)
    if interim is not None and len(frame):
        issues.warning("not-final", f"the ranking is headed '{interim}', not a final ranking: the places are those "
                       "after that round", cell=f"A{_row_of(rows[:header_i], interim)}",
                       hint="if rounds were still to come, export the final "
                       "ranking (chess-results: 'Final ranking') once the tournament is over", **where)
    if heading and out.rounds and len(frame):
        over = frame[pd.to_numeric(frame["points"], errors="coerce") > out.rounds]
        for _, r in over.iterrows():
            issues.error("bad-value", f"Pts.: {r['name']} has {r['points']:g} points, more than the {out.rounds} "
                         "rounds the ranking's heading names can give", cell=f"{out.columns['points']}{r['row']}",
                         hint="export the final ranking after the last round (or correct the points)", **where)
    out.players = frame
    return out


def _row_of(rows: list[list[Any]], text: str) -> int:
    """The Excel row number of the first row holding `text` (1 when none does)."""
    return next((i for i, r in enumerate(rows, start=1) if any(clean_text(c) == text for c in r)), 1)


def _titles_then_names(data: list[list[Any]], header: list[Any], j: int) -> bool:
    """Whether the `Name` label sits over the title column, with the names in the unlabelled column right of it
    (a header cell merged over both keeps its text in the first): the labelled column holds only titles (FM, WGM
    …) or blanks and the next column, unlabelled, holds more filled cells."""
    if j + 1 >= len(header) or clean_text(header[j + 1]):
        return False
    here = [clean_text(r[j]) if j < len(r) else "" for r in data]
    right = [clean_text(r[j + 1]) if j + 1 < len(r) else "" for r in data]
    filled_here, filled_right = sum(1 for v in here if v), sum(1 for v in right if v)
    titles = all(not v or v.upper() in _TITLES or re.fullmatch(r"W?[A-Z]{1,3}", v.upper()) for v in here)
    return titles and filled_right > filled_here


def _int(raw: Any) -> int | None:
    value = whole_number(raw)
    return value if value is not None and value > 0 else None


def _ranked_with_points(rank: Any, points: Any) -> bool:
    """A row whose rank cell is a place and whose points cell a score (a player's row, not a footnote)."""
    try:
        return read_place(rank) is not None and read_score(points) is not None
    except BadValue:
        return False
