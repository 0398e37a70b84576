"""FIDE Tournament Report File (TRF16 / TRF26) — a lenient reader.

Fixed width, record code in columns 1–3. Header values start in column 5. A ``001`` player record holds
(1-based, inclusive) 5–8 start number, 10 sex, 11–13 title, 15–47 name, 49–52 FIDE rating, 54–56 federation,
58–68 FIDE ID, 70–79 birth date, 81–84 points, 86–89 rank, then one 10-column block per round from column 92:
opponent (4), colour, result.

Real files deviate and are read anyway: CR, CRLF or LF line endings; UTF-8 or Latin-1; dates as
``2024/08/01``, ``2024-08-01``, ``01.08.2024`` or ``May 29, 2020``; ``   0`` or ``0000`` for "no opponent";
blank ranks (derived from the points, file order breaking ties); no ratings or IDs; TRF26 records
(142 rounds, 162 scoring, 202/212 tie-breaks, ``###`` comments), national-rating lines and extension lines
(XXR, XXC, BBW, …) — unknown records are ignored.
Every problem is an Issue naming the file and line (``sheet`` = the record code, ``cell`` = ``line N``).
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass, field
from pathlib import Path

import pandas as pd

from ..issues import Issues
from ._text import _safe_date, birth_unread, decode, parse_birth, parse_date, parse_decimal

# letters a Windows-1250 file's Polish, Czech, Slovak … names become when read as Windows-1252 (ł → ³, ą → ¹, ż → ¿,
# Ł → £, Ą → ¥, ź → Ÿ), inside a word: no Western name has them there (º and ª are Spanish: "Mª Carmen", "Nº")
_CODE_PAGE = re.compile(r"(?<=[A-Za-z])[³¹¿£¥Ÿ]|[³¹¿£¥Ÿ](?=[a-z])")

# Result codes (TRF16 "Explanation of the result"): points scored and whether a game was played over the board.
WIN = {"1", "+", "W", "F", "U"}
HALF = {"=", "D", "H"}
LOSS = {"0", "-", "L", "Z", ""}
PLAYED = {"1", "0", "=", "W", "D", "L"}  # with a real opponent; W/D/L are games that were not rated
RESULT_CODES = WIN | HALF | LOSS

HEADERS = {
    "012": "name", "022": "city", "032": "federation", "042": "start", "052": "end", "062": "players",
    "072": "rated_players", "082": "teams", "092": "type", "102": "chief_arbiter", "112": "deputy_arbiter",
    "122": "time_control", "132": "round_dates", "142": "rounds", "162": "scoring",
}
TITLES = {"g": "GM", "i": "IM", "f": "FM", "c": "CM", "wg": "WGM", "wi": "WIM", "wf": "WFM", "wc": "WCM",
          "gm": "GM", "im": "IM", "fm": "FM", "cm": "CM", "wgm": "WGM", "wim": "WIM", "wfm": "WFM", "wcm": "WCM"}

PLAYER_COLUMNS = ["start_no", "sex", "title", "name", "rating", "fed", "fide_id", "birth_date", "birth_year",
                  "points", "rank", "games", "rounds_scored", "line"]


@dataclass
class TrfTournament:
    """What a TRF file says: the header fields and one row per ``001`` player record."""

    label: str
    name: str = ""
    city: str = ""
    federation: str = ""
    start: dt.date | None = None
    end: dt.date | None = None
    chief_arbiter: str = ""
    time_control: str = ""
    type: str = ""
    rounds: int = 0
    round_dates: list[dt.date] = field(default_factory=list)
    round_texts: list[str] = field(default_factory=list)  # the 132 line's dates as written
    scoring: str = ""
    encoding: str = "utf-8"
    players: pd.DataFrame = field(default_factory=lambda: pd.DataFrame(columns=PLAYER_COLUMNS))
    extra: dict[str, str] = field(default_factory=dict)  # other header records, by code
    lines: dict[str, int] = field(default_factory=dict)  # the line number of each header record, by code


def looks_like_trf(path: Path) -> bool:
    """A TRF file: within the first lines there is a ``012`` header or a ``001`` player record."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(8192)
    except OSError:
        return False
    text, _ = decode(head)
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return any(re.match(r"^(012 |001 +\d+ )", ln) for ln in lines[:200])


def read_trf(path: Path | str, label: str, issues: Issues) -> TrfTournament | None:
    """Read a TRF file; None (with an error) when it cannot be read at all or holds no player records."""
    path = Path(path)
    try:
        data = path.read_bytes()
    except OSError as exc:
        issues.error("unreadable", f"cannot read the file: {exc.strerror}", file=label)
        return None
    return parse_trf(data, label, issues)


def parse_trf(data: bytes | str, label: str, issues: Issues) -> TrfTournament | None:
    if isinstance(data, bytes):
        text, encoding = decode(data)
    else:
        text, encoding = data.lstrip("\ufeff"), "utf-8"
    t = TrfTournament(label=label, encoding=encoding)
    odd = _CODE_PAGE.search(text) if encoding != "utf-8" else None
    if odd:  # Polish, Czech … names written in Windows-1250 and read as Windows-1252: 'ł' shows as '³'
        number = len(text[:odd.start()].splitlines()) or 1  # (as the reading loop numbers lines: CR, LF or CRLF)
        issues.warning("trf-encoding", f"the text has '{odd[0]}' in '{text[max(0, odd.start() - 12):odd.end() + 12].strip()}'"
                       ": the file looks written in another code page (Central European, Windows-1250) than the "
                       "Western one it is read in, so such names are misspelt",
                       hint="export the TRF as UTF-8 from the pairing program (or save it as UTF-8 in a text editor)",
                       file=label, cell=f"line {number}")
    rows: list[dict] = []
    round_blocks: dict[int, list[tuple[int, str, str]]] = {}
    xxr = xxr_line = 0
    rejected = 0  # 001 lines not read (each with its error): their players are missing
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.rstrip()
        if not line.strip():
            continue
        code = line[:3]
        where = {"file": label, "sheet": code, "cell": f"line {number}"}
        lead = line.lstrip()
        if lead != line and (lead[:3] == "001" or lead[:3] in HEADERS) and lead[3:4] in ("", " "):
            # (a record moved right by a space or two: every field would be read from the wrong columns)
            issues.error("trf-columns", f"the {lead[:3]} record starts in column {len(line) - len(lead) + 1}, not in "
                         "column 1: its fields are not at their TRF columns",
                         hint="delete the blank(s) before the record code (the code is columns 1–3), or export the "
                              "TRF again", **{**where, "sheet": lead[:3]})
            rejected += lead[:3] == "001"
            continue
        if code == "001":
            row = _player(line, number, issues, where)
            if row is not None:
                round_blocks[len(rows)] = row.pop("_rounds")
                rows.append(row)
            else:
                rejected += 1
        elif code in HEADERS:
            t.lines[code] = number
            _header(t, code, line, issues, where)
        elif code == "XXS":  # (bbpPairings / JaVaFo: the points of a win, draw … — another scoring, like 162)
            t.scoring = t.scoring or line[4:].strip()
        elif code == "XXR":
            m = re.match(r"\s*(\d+)", line[3:])
            xxr = int(m[1]) if m else 0
            xxr_line = number
        elif len(line) > 3 and code[:1].isdigit() and code[:3].isdigit():
            t.extra[code] = line[4:].strip()
        # anything else (### comments, national-rating lines, XXC/BBW/DAT… extensions) is ignored
    t.round_dates, unplaced = _round_dates(t.round_texts, t.start)
    if unplaced and "132" in t.lines:
        issues.warning("trf-round-dates", f"round date{'s' if len(unplaced) > 1 else ''} "
                       f"{', '.join(repr(u) for u in unplaced)} not used: "
                       + ("a date of two-digit year is read only near the start date (042), and the file gives none"
                          if t.start is None else "not a date within 60 days of the start date (042)"),
                       file=label, sheet="132", cell=f"line {t.lines['132']}",
                       hint="write the dates with four-digit years (2005/03/15)" + (
                           ", or add the 042 line (the start date)" if t.start is None else
                           ": the days the rounds were played"))
    if not rows:
        issues.error("trf-no-players", "the file holds no player records (lines starting with '001'), so it is "
                     "not a readable TRF tournament report", file=label, cell="line 1",
                     hint="export the tournament report (TRF) again from the pairing program")
        return None
    announced = max(t.rounds, xxr)
    played = max((len(b) for b in round_blocks.values()), default=0)
    if played and announced > played:  # (Aarhus decides its rounds on the day: the played ones are the rounds)
        which, line_no = ("142", t.lines["142"]) if t.rounds == announced and "142" in t.lines else ("XXR", xxr_line)
        issues.warning("trf-not-final", f"the file announces {announced} rounds ({which}) but no player's record "
                       f"has more than {played}: a ranking after round {played}, not the final one — or only "
                       f"{played} rounds were played; the {played} rounds are used",
                       hint="export the TRF again after the last round; nothing to do if only "
                            f"{played} rounds were played", file=label, sheet=which, cell=f"line {line_no}")
    t.rounds = played or announced
    for i, row in enumerate(rows):  # a line cut inside its rounds: fewer rounds, and points they do not explain
        end = row.pop("_end")
        have = len(round_blocks[i])
        if 0 < have < t.rounds and row["points"] > row["rounds_scored"]:  # (no rounds at all: a points-only line)
            issues.warning("trf-line-short", f"player {row['start_no']} ({row['name']}): the record ends at column "
                           f"{end}, after {have} of {t.rounds} rounds, and its points ({row['points']:g}) are more "
                           f"than its rounds add up to ({row['rounds_scored']:g}): the line looks cut short; the "
                           "points column is used, the missing rounds count as not played",
                           hint="copy the whole 001 line from the pairing program's TRF, or export the TRF again",
                           file=label, sheet="001", cell=f"line {row['line']}")
    frame = pd.DataFrame(rows)
    missing_said = _check_count(t, frame, label, issues, rejected) or rejected > 0
    _check_points(t, frame, label, issues)
    _check_rounds(frame, round_blocks, label, issues, missing_said)
    _fill_ranks(frame, label, issues)
    t.players = frame[PLAYER_COLUMNS].sort_values("rank", kind="stable").reset_index(drop=True)
    return t


def _header(t: TrfTournament, code: str, line: str, issues: Issues, where: dict) -> None:
    value = line[4:].strip()
    key = HEADERS[code]
    if key in ("start", "end"):
        day = parse_date(value)
        if isinstance(day, str):
            issues.warning("trf-bad-date", f"the {key} date '{value}' is not a date gpcalc can read",
                           hint="write it as 2024-08-01 or 2024/08/01", **where)
            day = None
        setattr(t, key, day)
    elif key == "round_dates":  # (read once the start date is known: _round_dates)
        t.round_texts += [piece for piece in re.split(r"\s{2,}|\s(?=\d{2,4}[/.\-])",
                                                      line[91:].strip() if len(line) > 91 else value) if piece]
    elif key == "rounds":
        m = re.match(r"\d+", value)
        t.rounds = int(m[0]) if m else 0
    elif key in ("players", "rated_players", "teams", "deputy_arbiter"):
        t.extra[code] = value
    else:
        setattr(t, key, value)


def _field(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive), stripped; '' beyond the end of the line."""
    return line[first - 1:last].strip()


# the blank columns between a 001 record's fields (1-based): a character there means the fields are not at their
# TRF columns (a space too many or too few before them)
_GAPS = {9: ("start number", "sex"), 14: ("title", "name"), 48: ("name", "rating"), 53: ("rating", "federation"),
         57: ("federation", "FIDE ID"), 69: ("FIDE ID", "birth date"), 80: ("birth date", "points"),
         85: ("points", "rank")}
_RECORD_END = 84  # the points (81–84): a 001 line that ends before them was cut short


def _player(line: str, number: int, issues: Issues, where: dict) -> dict | None:
    start = _field(line, 5, 8)
    if not start.isdigit() or int(start) == 0:
        issues.error("trf-bad-start-number", f"the player record has no start number in columns 5–8 "
                     f"('{line[4:8]}')", hint="each 001 line needs its start number right-aligned in columns 5–8",
                     **where)
        return None
    if len(line) < _RECORD_END:
        issues.error("trf-line-short", f"the player record ends at column {len(line)}, before the points "
                     f"(columns 81–84): the line looks cut short ('{line[4:].strip()[:40]}')",
                     hint="copy the whole 001 line from the pairing program's TRF (it runs to the rank in columns "
                          "86–89, then 10 columns per round), or export the TRF again", **where)
        return None
    shifted = [(col, between) for col, between in _GAPS.items() if col <= len(line) and line[col - 1] != " "]
    if shifted:
        col, (left, right) = shifted[0]
        issues.error("trf-columns", f"column {col} should be blank between the {left} and the {right}, but holds "
                     f"'{line[col - 1]}': the fields of this player record are not at their TRF columns (a space "
                     "too many or too few before them)",
                     hint="TRF columns: 5–8 start number, 10 sex, 11–13 title, 15–47 name, 49–52 rating, 54–56 "
                          "federation, 58–68 FIDE ID, 70–79 birth date, 81–84 points, 86–89 rank — export the TRF "
                          "again, or move the fields back to their columns", **where)
        return None
    name = _field(line, 15, 47)
    if not name:
        issues.error("trf-no-name", f"player {start} has no name in columns 15–47", **where)
        return None
    sex_raw = _field(line, 10, 10).lower()
    sex = {"m": "M", "w": "F", "f": "F"}.get(sex_raw)
    if sex_raw and sex is None:
        issues.warning("trf-bad-sex", f"player {start} ({name}): sex '{sex_raw}' is neither m nor w; left blank",
                       **where)
    title_raw = _field(line, 11, 13).lower()
    title = TITLES.get(title_raw, title_raw.upper() or None)
    rating_raw = _field(line, 49, 52)
    rating = int(rating_raw) if rating_raw.isdigit() and int(rating_raw) > 0 else None
    if rating_raw and not rating_raw.isdigit():
        issues.warning("trf-bad-rating", f"player {start} ({name}): rating '{rating_raw}' is not a number; "
                       "read as unrated", **where)
    fide_id = _field(line, 58, 68)
    if fide_id and (not fide_id.isdigit() or int(fide_id) == 0):
        if not fide_id.isdigit():
            issues.warning("trf-bad-id", f"player {start} ({name}): FIDE ID '{fide_id}' is not a number; left "
                           "blank", **where)
        fide_id = ""
    born_raw = _field(line, 70, 79)
    year, born = parse_birth(born_raw)
    if birth_unread(born_raw):
        issues.warning("trf-bad-born", f"player {start} ({name}): birth date '{born_raw}' (columns 70–79) is not a "
                       "date; read as " + (f"the year {year}" if year else "no birth date"),
                       hint="write it as YYYY/MM/DD (1990/05/01), or the year alone (1990/00/00)", **where)
    rounds = _rounds(line, start, name, issues, where)
    scored = sum(1.0 if r in WIN else 0.5 if r in HALF else 0.0 for _, _, r in rounds)
    points_raw = _field(line, 81, 84)
    try:
        points = parse_decimal(points_raw)
    except ValueError:
        issues.error("trf-bad-points", f"player {start} ({name}): points '{points_raw}' in columns 81–84 are not "
                     "a number", hint="write points like 4.5", **where)
        return None
    if points is None:
        points = scored
    rank_raw = _field(line, 86, 89)
    rank = int(rank_raw) if rank_raw.isdigit() and int(rank_raw) > 0 else None
    if rank_raw and rank is None:
        issues.warning("trf-bad-rank", f"player {start} ({name}): rank '{rank_raw}' is not a number; derived from "
                       "the points instead", **where)
    games = sum(1 for opp, _, r in rounds if opp > 0 and r in PLAYED)
    return {"start_no": int(start), "sex": sex, "title": title, "name": name, "rating": rating,
            "fed": _field(line, 54, 56) or None, "fide_id": fide_id or None, "birth_date": born,
            "birth_year": year, "points": points, "rank": rank, "games": games, "rounds_scored": scored,
            "line": number, "_rounds": rounds, "_end": len(line)}


_ROUND_RE = re.compile(r"\s*(\d{1,4})\s+([wbWB\-])\s+([10=+\-WDLHFUZ])?(?=\s|$)")


def _rounds(line: str, start: str, name: str, issues: Issues, where: dict) -> list[tuple[int, str, str]]:
    """The round blocks from column 92: (opponent, colour, result); an opponent of 0 means none (a bye)."""
    out: list[tuple[int, str, str]] = []
    tail = line[91:]
    r = 0
    while r * 10 < len(tail):
        block = tail[r * 10:r * 10 + 10]
        r += 1
        if not block.strip():
            out.append((0, "-", ""))  # not paired
            continue
        opp_raw, colour, result = block[0:4].strip(), block[5:6].strip(), block[7:8].strip()
        if opp_raw == "":
            opp_raw = "0"
        if not opp_raw.isdigit() or colour not in ("w", "b", "-", "W", "B", "") or result not in RESULT_CODES:
            m = _ROUND_RE.match(block)
            if m:
                opp_raw, colour, result = m[1], m[2], m[3] or ""
            else:
                issues.warning("trf-bad-round", f"player {start} ({name}): round {r} '{block.strip()}' "
                               f"(columns {92 + 10 * (r - 1)}–{91 + 10 * r}) is not 'opponent colour result'; "
                               "read as not paired", **where)
                out.append((0, "-", ""))
                continue
        out.append((int(opp_raw), colour.lower(), result))
    while out and out[-1] == (0, "-", ""):
        out.pop()
    return out


def _check_rounds(frame: pd.DataFrame, blocks: dict[int, list], label: str, issues: Issues,
                  missing_said: bool = False) -> None:
    """Duplicate start numbers, opponents without a player record (unless `missing_said`: an error already says
    players are missing) and paired rounds without results are errors; points that differ from the rounds are a
    note."""
    dup = frame[frame["start_no"].duplicated(keep=False)]
    for _, row in dup.iterrows():
        issues.error("trf-duplicate-start-number", f"start number {row['start_no']} is used by more than one "
                     f"player ({row['name']})", file=label, sheet="001", cell=f"line {row['line']}")
    known = set(frame["start_no"])
    unfinished: dict[int, list[int]] = {}  # round → the players paired there without a result
    for i, rounds in blocks.items():
        bad = sorted({opp for opp, _, _ in rounds if opp and opp not in known})
        if bad and not missing_said:  # (a pairing with a player the file does not hold: the report is incomplete)
            issues.error("trf-unknown-opponent", f"player {frame.at[i, 'start_no']} ({frame.at[i, 'name']}) meets "
                         f"start number(s) {', '.join(map(str, bad))}, which have no 001 line: players are missing "
                         "from the file", file=label, sheet="001", cell=f"line {frame.at[i, 'line']}",
                         hint="export the whole TRF again from the pairing program (every player has a 001 line)")
        for r, (opp, _, res) in enumerate(rounds, start=1):
            if opp > 0 and res == "":  # paired with a real opponent, no result yet
                unfinished.setdefault(r, []).append(i)
    for r, players in sorted(unfinished.items()):
        first = players[0]
        more = f" and {len(players) - 1} more" if len(players) > 1 else ""
        issues.error("trf-no-result", f"round {r} is paired but has no results (player {frame.at[first, 'start_no']} "
                     f"({frame.at[first, 'name']}){more}): the TRF was exported before the round was played, so it "
                     "is not the final report", hint="export the TRF after the last round, with every result entered",
                     file=label, sheet="001", cell=f"line {frame.at[first, 'line']}")
    differs = frame[(frame["points"] != frame["rounds_scored"]) & frame["rounds_scored"].gt(0)]
    if len(differs) and len(differs) < len(frame):
        for _, row in differs.iterrows():
            issues.info("trf-points-differ", f"player {row['start_no']} ({row['name']}): the points column says "
                        f"{row['points']:g}, the rounds add up to {row['rounds_scored']:g}; the points column is "
                        "used", file=label, sheet="001", cell=f"line {row['line']}")


def _check_count(t: TrfTournament, frame: pd.DataFrame, label: str, issues: Issues, rejected: int = 0) -> bool:
    """The header's number of players (062) against the player records: fewer records means the file was cut
    short (an error: the missing players' places would go to others); more is a header not kept up to date (a
    warning); `rejected` player records, each with an error of its own already, count as there. Returns whether
    players were said to be missing."""
    missing = False
    m = re.match(r"\d+", t.extra.get("062", ""))
    if m and int(m[0]) != len(frame) + rejected:
        said, have = int(m[0]), len(frame) + rejected
        text = (f"the header (062) says {said} players, but the file has {have} player records (001 lines)")
        if have < said:
            missing = True
            issues.error("trf-player-count", text + ": players are missing — the file looks cut short",
                         hint="export the whole TRF again from the pairing program", file=label, sheet="062",
                         cell=f"line {t.lines.get('062', 1)}")
        else:
            issues.warning("trf-player-count", text + "; every player record is read",
                           hint="correct the 062 line (the number of players)", file=label, sheet="062",
                           cell=f"line {t.lines.get('062', 1)}")
    return missing


def _check_points(t: TrfTournament, frame: pd.DataFrame, label: str, issues: Issues) -> None:
    """Points beyond one per round, with the usual scoring (no 162 or XXS record), are an error."""
    if t.rounds and not t.scoring:
        over = frame[frame["points"] > t.rounds]
        for _, row in over.iterrows():
            issues.error("trf-bad-points", f"player {row['start_no']} ({row['name']}): {row['points']:g} points "
                         f"in columns 81–84, more than the {t.rounds} rounds can give",
                         hint="write the player's points (one per win, ½ per draw)", file=label, sheet="001",
                         cell=f"line {row['line']}")


def _round_dates(texts: list[str], start: dt.date | None) -> tuple[list[dt.date], list[str]]:
    """The 132 line's round dates, and the pieces that could not be placed. A date with a four-digit year is read
    as written. The TRF writes YY/MM/DD, but some programs write DD/MM/YY: a two-digit-year date is read whichever
    way (and century) puts it within 60 days from the start (042); without a start, or with no reading there, it
    is not used — the end date is then the 052 line's, or said to be missing, never a date decades off."""
    out: list[dt.date] = []
    unplaced: list[str] = []
    for piece in texts:
        m = re.fullmatch(r"(\d{2})[/.\-](\d{2})[/.\-](\d{2})", piece.strip())
        if m:
            a, b, c = (int(x) for x in m.groups())
            cands = [_safe_date(century + y, mo, d) for y, mo, d in ((a, b, c), (c, b, a)) for century in (2000, 1900)]
            cands = [d for d in cands if d is not None and start is not None
                     and start <= d <= start + dt.timedelta(days=60)]
        else:
            day = parse_date(piece)
            cands = [day] if isinstance(day, dt.date) else []
        if cands:
            out.append(cands[0])
        else:
            unplaced.append(piece.strip())
    return out, unplaced


def _fill_ranks(frame: pd.DataFrame, label: str, issues: Issues) -> None:
    """Ranks are after tiebreak and unique. Blank or repeated ranks: derive all ranks from the points
    (more points first; the given rank, then file order, breaks ties) and say so."""
    ranks = frame["rank"]
    blank = ranks.isna()
    repeated = ranks.notna() & ranks.duplicated(keep=False)
    if not blank.any() and not repeated.any():
        by_rank = frame.sort_values("rank")["points"]
        if by_rank.is_monotonic_decreasing:
            frame["rank"] = ranks.astype(int)
            return
        issues.warning("trf-rank-not-by-points", "the rank column (86–89) does not follow the points (a player "
                       "ranked higher has fewer points), so it is not a final ranking; places are derived from "
                       "the points, the rank column breaking ties", file=label, sheet="001",
                       cell=f"line {int(frame['line'].min())}",
                       hint="export the TRF after the last round so ranks after tiebreak are included")
    elif blank.all():
        issues.warning("trf-no-ranks", "the rank column (86–89) is blank; places are derived from the points, "
                       "players level on points in file order", file=label, sheet="001",
                       cell=f"line {int(frame['line'].min())}",
                       hint="export the TRF after the last round so ranks after tiebreak are included")
    else:
        for _, row in frame[blank | repeated].iterrows():
            what = "blank" if pd.isna(row["rank"]) else f"{int(row['rank'])}, which repeats"
            issues.warning("trf-bad-rank", f"player {row['start_no']} ({row['name']}): rank is {what}; places "
                           "are derived from the points", file=label, sheet="001", cell=f"line {row['line']}")
    order = frame.assign(_r=ranks.fillna(10**9), _i=range(len(frame))).sort_values(
        ["points", "_r", "_i"], ascending=[False, True, True], kind="stable")
    frame.loc[order.index, "rank"] = range(1, len(frame) + 1)
    frame["rank"] = frame["rank"].astype(int)
