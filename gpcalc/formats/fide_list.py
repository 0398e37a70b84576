"""Rating lists: FIDE TXT (per-type and combined), FIDE XML, and a plain ratings table (CSV / xlsx).

All return one DataFrame with ``LIST_COLUMNS``: ``fide_id`` (the list's ID as text — a FIDE ID, or the national
ID of a ratings table), ``name``, ``fed``, ``sex``, ``title``, ``w_title``, ``rating``, ``games``, ``birth_year``,
``flag``. Numbers are nullable integers; a rating of 0 or blank is missing.

FIDE files are big (about 1.1 million players): the TXT and XML readers stream line by line / element by
element and keep only the columns they need (and, given ``ids``, only those players). Measured on the build
machine: 1,000,000 TXT lines in about 2 s (see tests/test_formats.py::test_txt_million_lines_is_fast).
"""

from __future__ import annotations

import csv
import gc
import io
import operator
import re
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from ..issues import Issues, col_letter
from ..parse import clean_text, whole_number
from ._text import decode, decode_line

LIST_COLUMNS = ["fide_id", "name", "fed", "sex", "title", "w_title", "rating", "games", "birth_year", "flag"]
INT_COLUMNS = ["rating", "games", "birth_year"]
RATING_KINDS = ("standard", "rapid", "blitz")
BLOCK_BYTES = 8 * 1024 * 1024
MAX_REPORTED = 20  # per file: more malformed lines are summarised in one issue

# TXT header tokens → column key. Per-type lists name the rating column by month ("JAN23"); combined lists use
# SRtng/RRtng/BRtng with SGm/RGm/BGm and SK/RK/BK.
_TXT_TOKENS = {"id": "fide_id", "name": "name", "fed": "fed", "sex": "sex", "tit": "title", "wtit": "w_title",
               "otit": "o_title", "foa": "foa", "gms": "games", "k": "k", "b-day": "birth_year", "flag": "flag",
               "srtng": "rating_standard", "rrtng": "rating_rapid", "brtng": "rating_blitz",
               "sgm": "games_standard", "rgm": "games_rapid", "bgm": "games_blitz", "sk": "k_standard",
               "rk": "k_rapid", "bk": "k_blitz"}
_MONTH = re.compile(r"^[a-z]{3}\d{2}$")


def detect_kind(path: Path) -> str | None:
    """'xml', 'txt' (a FIDE fixed-width list), 'table' (CSV or xlsx) or None."""
    suffix = path.suffix.casefold()
    if suffix in (".xlsx", ".xlsm"):
        return "table"
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    text = decode(head)[0].lstrip()
    if text.startswith("<"):
        return "xml"
    first = text.splitlines()[0] if text else ""
    # (a FIDE TXT list's header is fixed-width, with spaces only: a CSV headed "ID Number,Name,…" is a table)
    if (first.casefold().startswith("id number") or re.match(r"^ID\s+Number", first)) and \
            not any(d in first for d in ",;\t|"):
        return "txt"
    if suffix in (".csv", ".txt", ".tsv"):
        return "table"
    return None


def read_rating_list(path: Path | str, label: str, issues: Issues, *, kind: str = "standard",
                     ids: set[str] | None = None) -> pd.DataFrame | None:
    """Any supported rating list → LIST_COLUMNS frame; None (with an error naming the file) when unreadable."""
    path = Path(path)
    what = detect_kind(path)
    if what == "txt":
        return read_txt(path, label, issues, kind=kind, ids=ids)
    if what == "xml":
        return read_xml(path, label, issues, kind=kind, ids=ids)
    if what == "table":
        return read_table(path, label, issues, ids=ids)
    issues.error("not-a-rating-list", "this is not a rating list gpcalc reads (a FIDE TXT or XML list, or a "
                 "CSV/xlsx table with ID, Name and Rating columns)", file=label, cell="line 1")
    return None


# ------------------------------------------------------------------------------------------------ TXT


def txt_layout(header: str, kind: str = "standard") -> dict[str, tuple[int, int | None]]:
    """Column key → (start, end) 0-based slice, taken from where each header word starts."""
    starts: list[tuple[int, str]] = []
    for m in re.finditer(r"\S+", header):
        word = m.group().casefold()
        if word == "number" and starts and starts[-1][1] == "fide_id":
            continue  # "ID Number" is one heading
        key = _TXT_TOKENS.get(word)
        if key is None and _MONTH.match(word):
            key = "rating"
        starts.append((m.start(), key or f"_{word}"))
    layout: dict[str, tuple[int, int | None]] = {}
    for i, (start, key) in enumerate(starts):
        end = starts[i + 1][0] if i + 1 < len(starts) else None
        layout[key] = (start, end)
    if "rating" not in layout and f"rating_{kind}" in layout:
        layout["rating"] = layout[f"rating_{kind}"]
        if f"games_{kind}" in layout:
            layout["games"] = layout[f"games_{kind}"]
    return layout


def read_txt(path: Path, label: str, issues: Issues, *, kind: str = "standard",
             ids: set[str] | None = None) -> pd.DataFrame | None:
    """Stream the file in 8 MB blocks; each block's lines are cut by ``operator.itemgetter`` of the header's
    slices (C speed), so only the wanted fields are kept, never the raw text."""
    with open(path, "rb") as fh:
        first = fh.readline()
        if b"\r" in first.rstrip(b"\r\n"):  # lines ended by CR alone (an old Mac text file): read as lines
            fh = io.BytesIO((first + fh.read()).replace(b"\r\n", b"\n").replace(b"\r", b"\n"))
            first = fh.readline()
        if first.startswith(b"\xef\xbb\xbf"):  # a UTF-8 BOM (the list re-saved in Notepad): not a column
            first = first[3:]
        header = decode_line(first).rstrip("\r\n")
        layout = txt_layout(header, kind)
        missing = [k for k in ("fide_id", "name", "rating") if k not in layout]
        if missing:
            issues.error("bad-list-header", f"the header line has no {', '.join(missing)} column "
                         f"(read: '{header[:80]}')", file=label, cell="line 1",
                         hint="use the FIDE list file as downloaded (its first line names the columns)")
            return None
        keys = [k for k in LIST_COLUMNS if k in layout]
        getter = operator.itemgetter(*(slice(*layout[k]) for k in keys))
        id_slice = slice(*layout["fide_id"])
        rows: list[tuple[str, ...]] = []
        rest = b""
        last = b""  # the file's last bytes read: a list that ends inside a line was cut short
        n_lines = 1  # (the header)
        collecting = gc.isenabled()
        gc.disable()  # millions of small tuples: the cyclic collector would rescan them again and again
        try:
            while True:
                block = fh.read(BLOCK_BYTES)
                if not block and not rest:
                    break
                block = rest + block
                cut = block.rfind(b"\n") + 1 if len(block) >= BLOCK_BYTES else len(block)
                rest = block[cut:]
                if cut:
                    last = block[max(0, cut - 4096):cut]
                # (a DOS end-of-file mark, Ctrl-Z, after the last line is no line of the list)
                lines = decode(block[:cut].rstrip(b"\x1a") if cut == len(block) else block[:cut])[0].splitlines()
                n_lines += len(lines)
                if ids is None:
                    rows.extend(map(getter, lines))
                else:
                    rows.extend(getter(ln) for ln in lines if ln[id_slice].strip() in ids)
            columns = list(zip(*rows)) if rows else [()] * len(keys)
            del rows
            frame = pd.DataFrame({k: pd.array(list(map(str.strip, col)), dtype=object)
                                  for k, col in zip(keys, columns)})
            del columns
        finally:
            if collecting:
                gc.enable()
    last = last.rstrip(b" \t\x1a")  # (blanks or a DOS end-of-file mark after the final newline: not a line)
    if last and not last.endswith((b"\n", b"\r")):
        tail = decode(last)[0].splitlines()[-1]
        need = layout["rating"][1] or len(header.rstrip())
        if len(tail.rstrip()) < need:  # (ends before its rating does: the download or a copy was cut short)
            issues.error("bad-list-line", f"the last line ends at column {len(tail.rstrip())}, inside the rating "
                         f"columns ('{tail.strip()[:60]}'): the list looks cut short — players after it are missing "
                         "and this line's rating cannot be read", file=label, cell=f"line {n_lines}",
                         hint="download the list again (a FIDE list ends with a complete line)")
            if ids is None or tail[id_slice].strip() in ids:
                frame = frame.iloc[:-1]
    good = frame["fide_id"].str.isdigit()
    if not good.all():
        content = frame.ne("").any(axis=1)
        bad = frame.index[~good & content]
        for i in bad[:MAX_REPORTED]:
            issues.warning("bad-list-line", f"no FIDE ID in the ID column ('{frame.at[i, 'fide_id']}', "
                           f"name '{frame.at[i, 'name']}'); line skipped", file=label, cell=f"line {i + 2}")
        if len(bad) > MAX_REPORTED:
            issues.warning("bad-list-line", f"{len(bad) - MAX_REPORTED} more lines had no FIDE ID and were "
                           "skipped", file=label)
        frame = frame[good]
    if ids is not None:
        frame = frame[frame["fide_id"].isin(ids)]
    out = _finish(frame, label, issues, [f"line {i + 2}" for i in frame.index])
    month = [w for w in header.split() if _MONTH.match(w.casefold())]
    out.attrs["month"] = month[0] if month else ""
    return out


# ------------------------------------------------------------------------------------------------ XML

_XML_FIELDS = {"fideid": "fide_id", "name": "name", "country": "fed", "sex": "sex", "title": "title",
               "w_title": "w_title", "games": "games", "birthday": "birth_year", "flag": "flag"}


def read_xml(path: Path, label: str, issues: Issues, *, kind: str = "standard",
             ids: set[str] | None = None) -> pd.DataFrame | None:
    import xml.etree.ElementTree as ET

    # a combined list's record has rapid_ and blitz_ elements (empty when unrated) beside the standard `rating`;
    # a per-type list's record only `rating` and `games`, for its own type
    combined_tags = ("rapid_rating", "blitz_rating")
    cols: dict[str, list[Any]] = {k: [] for k in LIST_COLUMNS}
    try:
        context = ET.iterparse(str(path), events=("start", "end"))
        _, root = next(context)
        for event, elem in context:
            if event != "end" or elem.tag != "player":
                continue
            values = {child.tag: (child.text or "").strip() for child in elem}
            elem.clear()
            root.clear()
            fid = values.get("fideid", "")
            if ids is not None and fid not in ids:
                continue
            own = kind != "standard" and any(t in values for t in combined_tags)  # a combined record
            for tag, key in _XML_FIELDS.items():
                cols[key].append(values.get(f"{kind}_games" if key == "games" and own else tag, ""))
            cols["rating"].append(values.get(f"{kind}_rating" if own else "rating", ""))
    except ET.ParseError as exc:
        line = getattr(exc, "position", (0, 0))[0]
        issues.error("bad-xml", f"the XML list is damaged: {exc}", file=label, cell=f"line {line}",
                     hint="download the list again")
        return None
    except StopIteration:
        issues.error("bad-xml", "the XML list is empty", file=label, cell="line 1")
        return None
    return _finish(pd.DataFrame(cols), label, issues)


# ---------------------------------------------------------------------------------------------- table

_TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "fide_id": ("id", "id number", "fide id", "fideid", "fide-id", "acf id", "acf code", "code", "nummer",
                "number", "member id", "member", "medlemsnummer", "dsu", "dsu nr", "código", "codigo", "cédula",
                "cedula", "player id", "nr"),
    "name": ("name", "navn", "nombre", "player", "spiller", "jugador", "full name"),
    "rating": ("rating", "rtg", "elo", "acf rating", "fide rating", "standard", "classic", "classical", "srtng",
               "acf classic", "rating (classic)", "acf", "fide", "elo fide", "rating dec", "december rating",
               "january rating", "national rating"),
    "fed": ("fed", "federation", "country", "state", "federación", "land"),
    "sex": ("sex", "gender", "køn", "sexo"),
    "title": ("title", "tit", "titel", "título"),
    "w_title": ("wtit", "w_title", "women's title"),
    "games": ("games", "gms"),
    "birth_year": ("b-day", "born", "birth year", "yob", "født år", "født", "birthday", "nacimiento", "year of birth",
                   "birth"),
    "flag": ("flag",),
}
_TABLE_LOOKUP = {a: k for k, aliases in _TABLE_COLUMNS.items() for a in aliases}


def _table_key(value: Any) -> str | None:
    text = clean_text(value).casefold().rstrip(".")
    return _TABLE_LOOKUP.get(text) or ("rating" if _MONTH.match(text.replace(" ", "")) else None)


def read_table(path: Path, label: str, issues: Issues, *, ids: set[str] | None = None) -> pd.DataFrame | None:
    """A coordinator's ratings table: a header row with ID, Name and a rating column (CSV or xlsx)."""
    sheet = ""
    if path.suffix.casefold() in (".xlsx", ".xlsm"):
        try:
            from ..read import open_calamine

            book = open_calamine(path)
            sheet = book.sheet_names[0]
            rows = book.get_sheet_by_name(sheet).to_python(skip_empty_area=False)
        except Exception as exc:  # calamine raises plain exceptions
            issues.error("unreadable", f"cannot read the workbook: {str(exc).splitlines()[0][:200]}", file=label)
            return None
        where = "cell"
    else:
        text = decode(path.read_bytes())[0]
        # the delimiter of the first line that has one (a title line above the header has none)
        first = next((ln for ln in text.splitlines()[:10] if any(d in ln for d in ";,\t|")), "")
        delim = max(";,\t|", key=first.count)
        rows = list(csv.reader(io.StringIO(text), delimiter=delim))
        where = "line"
    header_i, cols = None, {}
    for i, row in enumerate(rows[:10]):
        found: dict[str, int] = {}
        for j, v in enumerate(row):
            k = _table_key(v)
            if k and k not in found:
                found[k] = j
        if "fide_id" in found and "rating" in found:
            header_i, cols = i, found
            break
    if header_i is None:
        issues.error("bad-list-header", "no header row with an ID column and a rating column in the first "
                     "10 rows", file=label, sheet=sheet, cell="A1" if where == "cell" else "line 1",
                     hint="head the columns ID, Name and Rating")
        return None
    data: dict[str, list[Any]] = {k: [] for k in LIST_COLUMNS}
    places: list[str] = []  # each kept row's place, for the issues
    for i in range(header_i + 1, len(rows)):
        row = rows[i]
        fid = clean_text(row[cols["fide_id"]]) if cols["fide_id"] < len(row) else ""
        if not fid or (ids is not None and fid not in ids):
            continue
        places.append(f"{col_letter(cols['fide_id'])}{i + 1}" if where == "cell" else f"line {i + 1}")
        for k in LIST_COLUMNS:
            j = cols.get(k)
            data[k].append(clean_text(row[j]) if j is not None and j < len(row) else "")
        value = whole_number(data["rating"][-1])
        rating = "" if value is None else str(value)
        if data["rating"][-1] and value is None:
            cell = f"{col_letter(cols['rating'])}{i + 1}" if where == "cell" else f"line {i + 1}"
            issues.warning("bad-rating", f"rating '{data['rating'][-1]}' of {fid} is not a number; read as "
                           "unrated", file=label, sheet=sheet, cell=cell)
        data["rating"][-1] = rating
    return _finish(pd.DataFrame(data), label, issues, places)


# --------------------------------------------------------------------------------------------- common


def _finish(frame: pd.DataFrame, label: str, issues: Issues, where: list[str] | None = None) -> pd.DataFrame:
    """The list's columns typed; ``where``: each row's place in the file (a line, or a cell), for the issues."""
    for k in LIST_COLUMNS:
        if k not in frame:
            frame[k] = ""
    frame = frame[LIST_COLUMNS]
    for k in INT_COLUMNS:
        num = pd.to_numeric(frame[k], errors="coerce").astype("Float64")
        num = num.where(num == num.round()).astype("Int64")
        if k == "rating":
            num = num.where(num > 0)
        frame[k] = num
    for k in ("fide_id", "name", "fed", "sex", "title", "w_title", "flag"):
        col = frame[k].astype(object)
        frame[k] = col.where(col != "", None)
    frame["sex"] = frame["sex"].str.upper()
    dup = frame["fide_id"].duplicated()
    if dup.any():
        at = where[int(np.flatnonzero(dup.to_numpy())[0])] if where is not None else ""
        issues.warning("duplicate-id", f"{int(dup.sum())} IDs appear more than once (e.g. "
                       f"{frame.loc[dup, 'fide_id'].iloc[0]}); the first is used", file=label, cell=at,
                       hint="keep one entry per player (a list as downloaded from FIDE has none twice)")
        frame = frame[~dup]
    return frame.reset_index(drop=True)
