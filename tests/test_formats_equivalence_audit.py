"""Equivalence audit of the files organisers already have (README "Files organisers already have": a FIDE TRF with
its sidecar workbook, chess-results / Swiss-Manager exports, rating lists in ratings/) against gpcalc's own
templates, through the CLI (`gpcalc build FOLDER --json OUT`, in-process with click's runner).

Coverage. Each circuit's season is written twice in tmp_path — (a) all gpcalc template workbooks, (b) the same
tournaments as the organisers' own files, written by hand from /work/shared/formats/README.md and the readers'
docstrings — and the JSON exports (standings with results, ledger, tournaments, prizes, clubs and the circuit
extras; issues aside, as they name different files) must be equal:
- ACF 2005, 5 tournaments: a template; a UTF-8 CRLF TRF (byes H/U/F/Z, forfeits +/-, ties on points → shared
  places, "Last, First" names with accents, IDs with leading zeros, a missing rating, a State code in the
  federation column, 1970/00/00 birth) with a sidecar whose Name/Start/End rows are blank; English, German and
  Spanish exports (blank Rk., ½, decimal commas, Tournament/Torneo sheet copied in). Ratings: the typed register
  vs a bare register + ratings/ (ACF December CSV, FIDE JAN05 TXT in cp1252, one player only on the FIDE list).
  Also with `Ties = order`.
- FECODAZ 2009, 4 tournaments: a template; a cp1252 TRF with titles (title bonus), byes and forfeits (games)
  and a Spanish sidecar sheet (Torneo); a Spanish export (unlabelled MI/MF title column, Elo Nac) and an English
  one (labelled Title, sex).
- Aarhus 2012/2013, 3 GPTs: a template; a TRF (one group, Danish sidecar sheets Turnering/Grupper); a Danish
  export with a Gr column, and a one-group export with a one-row Groups sheet.
Malformed organiser files must give an error or warning naming the file and line/cell, what is wrong and a hint
(never a traceback; with an error nothing written): a truncated 001 line (cut before the points, or inside the
rounds), a 001 record one column off, an export with a merged header (two-row merged labels: read right; "Name"
merged over the title column), a rating list with a duplicate ID (CSV and FIDE TXT; warned with its line, first
entry used).

Defects (all fixed on 30 November — formats/__init__.py passes an export's group on and shares places per
group, a one-row Groups sheet serves exports too, the TRF reader refuses a 001 line cut before the points or with
a field off its columns and warns of one cut inside its rounds; the export reader takes the names from the column
right of a 'Name' label that sits over titles only):
- test_aarhus_danish_export_with_group_column_json_equal: an Aarhus export's Gr/Gruppe column is mapped by the
  export reader but never passed to the Results sheet: every row is a missing-group error pointing at the Rk.
  cell, and the shared places are computed across groups (place-order errors).
- test_aarhus_one_group_export_takes_the_groups_sheet: the one-row Groups sheet rule is applied to a TRF only,
  so a one-group export gets no group either: no Aarhus export can be read at all.
- test_truncated_trf_line_is_named[62/100]: a cut 001 line is never called truncated; cut before the points the
  player silently scores 0 with only "rank is blank" (no hint); cut inside the rounds nothing is said at all.
- test_trf_field_off_its_column_is_named: a record one column off is read with a truncated ID, a rating of 145
  and no rank; only "rank is blank" and a season-level same-name-different-IDs warning.
- test_export_with_name_header_merged_over_the_title_column: 'Name' merged over C4:D4 makes the reader take the
  title column for names: 6 of 7 players dropped silently, the titled one read as 'FM'.
Found right: the ACF, FECODAZ and Aarhus-TRF equivalences, ratings from lists = register, two-row merged headers,
duplicate IDs in rating lists.
"""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from gpcalc.cli import main
from tests.builders import write_book


@pytest.fixture(autouse=True)
def _own_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("GPCALC_WORKERS", "1")


# ============================================================================================== writers
# Written by hand from /work/shared/formats/README.md and the readers' docstrings, not with gpcalc's helpers.


def p001(sno: int, name: str, *, sex: str = "m", title: str = "", rating: int | str = "", fed: str = "",
         fid: str = "", born: str = "", pts: str = "", rank: int | str = "",
         rounds: tuple[tuple[int, str, str], ...] = ()) -> str:
    """A TRF16 001 record: 5–8 start no, 10 sex, 11–13 title, 15–47 name, 49–52 rating, 54–56 fed, 58–68 ID,
    70–79 birth date, 81–84 points, 86–89 rank, rounds from column 92 in 10-column blocks."""
    line = (f"001 {sno:>4} {sex:1}{title:>3} {name:<33} {str(rating):>4} {fed:<3} {fid:>11} {born:<10} "
            f"{pts:>4} {str(rank):>4}  ")
    assert len(line) == 91, len(line)
    for opp, colour, result in rounds:
        line += f"{opp:>4} {colour} {result}  "
    return line.rstrip()


def build(folder: Path, out: Path) -> tuple[int, str, dict | None]:
    """`gpcalc build FOLDER --json OUT --no-cache` in-process: exit code, printed text, the JSON (or None)."""
    res = CliRunner().invoke(main, ["build", str(folder), "--json", str(out), "--no-cache"])
    assert res.exception is None or isinstance(res.exception, SystemExit), repr(res.exception)
    assert "Traceback" not in res.output
    data = json.loads(out.read_text("utf-8")) if out.exists() else None
    return res.exit_code, res.output, data


def same_json(typed: dict, organised: dict) -> dict[str, tuple]:
    """The parts of the two JSON exports that differ (issues aside: they name different files)."""
    diff = {}
    for key in sorted(set(typed) | set(organised)):
        if key == "issues":
            continue
        if typed.get(key) != organised.get(key):
            diff[key] = (typed.get(key), organised.get(key))
    return diff


def first_diff(diff: dict[str, tuple]) -> str:
    """A short description of the first differing row of each part, for the assertion message."""
    out = []
    for key, (a, b) in diff.items():
        if isinstance(a, list) and isinstance(b, list):
            rows = [(x, y) for x, y in zip(a, b) if x != y]
            out.append(f"{key}: {len(a)} vs {len(b)} rows; first differing: {rows[:1] or 'lengths'}")
        else:
            out.append(f"{key}: {a!r} vs {b!r}")
    return "\n".join(out)


def errors(data: dict) -> list[tuple]:
    return [(i["code"], i["file"], i["cell"]) for i in data["issues"] if i["severity"] == "error"]


# ============================================================================================ ACF season
# Five tournaments of 2005: a template (both seasons), a TRF + sidecar, and chess-results exports in English,
# German and Spanish. The typed season has ratings in the register; the organisers' season has a bare register
# and the ACF December list (CSV) + FIDE January list (TXT) in ratings/.

ACF_SEASON = {"Circuit": "acf", "Season": "2005"}
# ID, name, sex, born, ACF rating, FIDE rating, State
ACF_PLAYERS = [
    ("00123", "Brennan, Michael", "M", 1970, 2150, None, "VIC"),
    ("00456", "Šubić, Žarko", "M", 1966, 1950, None, "NSW"),
    ("3200001", "Smith, Ann", "F", 1985, None, 1900, "QLD"),  # FIDE-only < 2000 → U2000 (cl. 12)
    ("01001", "Müller, Jürgen", "M", 1975, 1580, None, "SA"),
    ("01002", "Ó Briain, Seán", "M", 1980, None, None, "TAS"),  # on no list: unrated
    ("01003", "Lee, Di", "F", dt.date(1990, 5, 1), 1450, None, "WA"),  # junior
    ("01004", "Zhou, Wei", "M", 1960, 1750, None, "NSW"),
    ("3200005", "García, José", "M", 1978, None, 2100, "ACT"),  # FIDE-only ≥ 2000 → Open
    ("01006", "Fox, Flo", "F", dt.date(1991, 2, 3), 1300, None, "NT"),
]
# not in the register: only on the FIDE list (added to the register by the list, README "Rating lists")
KOWALSKI = ("3200009", "Kowalski, Piotr", 1850)

ACF_PRIZES = [["Division", "Place", "Value"], ["Open", 1, 1000], ["Open", 2, 600], ["Open", 3, 400],
              ["U2000", 1, 300], ["U2000", 2, 200], ["U1600", 1, 300], ["Junior", 1, 200], ["Women", 1, 200],
              ["Unrated", 1, 100], ["State", 1, 100]]
ACF_HEAD = ["Section", "Place", "Name", "ID", "Sex", "Born", "State"]


def acf_settings(name, start, end, state, capital, prize, *, reg_days=120):
    return {"Name": name, "Start": start, "End": end, "State": state, "Capital city": capital,
            "Prize money": prize, "Registered": start - dt.timedelta(days=reg_days),
            "Reported": end + dt.timedelta(days=5)}


T1_ACF = {"Tournament": acf_settings("Sydney Summer Weekender", dt.date(2005, 1, 15), dt.date(2005, 1, 16), "NSW",
                                     "Yes", 2600),
          "Results": [ACF_HEAD,
                      ["Open", 1, "Brennan, Michael", "00123", "M", 1970, "VIC"],
                      ["Open", "=2", "García, José", "3200005", "M", 1978, "ACT"],
                      ["Open", "=2", "Šubić, Žarko", "00456", "M", 1966, "NSW"],
                      ["Open", 4, "Smith, Ann", "3200001", "F", 1985, "QLD"],
                      ["Open", 5, "Zhou, Wei", "01004", "M", 1960, "NSW"],
                      ["Open", 6, "Lee, Di", "01003", "F", dt.date(1990, 5, 1), "WA"]]}

# --- T2: Brisbane Easter Cup as a TRF (UTF-8, CRLF), 5 rounds with byes and forfeits; points 4, 3½, 3½, 3, 2½,
# 2½, 2, 1, 0 → places 1, =2, =2, 4, =5, =5, 7, 8, 9 (README: ACF shares the places of players level on points)
T2_TRF_PLAYERS = [
    # sno, name, sex, rating, fed, fid, born, pts, rank, rounds
    (1, "Brennan, Michael", "m", 2150, "AUS", "00123", "1970/00/00", "4.0", 1,
     ((5, "w", "1"), (3, "b", "1"), (2, "w", "="), (4, "b", "="), (6, "w", "1"))),
    (3, "Šubić, Žarko", "m", 1950, "AUS", "00456", "1966", "3.5", 2,
     ((7, "b", "1"), (1, "w", "0"), (6, "b", "1"), (0, "-", "H"), (5, "w", "1"))),
    (2, "García, José", "m", 2100, "AUS", "3200005", "1978/03/04", "3.5", 3,
     ((6, "w", "="), (4, "b", "1"), (1, "b", "="), (5, "w", "1"), (0, "-", "H"))),
    (4, "Kowalski, Piotr", "m", 1850, "POL", "3200009", "1982", "3.0", 4,
     ((8, "b", "1"), (2, "w", "0"), (9, "w", "+"), (1, "w", "="), (7, "b", "=") )),
    (5, "Ó Briain, Seán", "m", "", "IRL", "01002", "1980", "2.5", 5,
     ((1, "b", "0"), (0, "-", "U"), (7, "w", "="), (2, "b", "0"), (3, "b", "0"))),
    (6, "Lee, Di", "w", 1450, "WA", "01003", "1990/05/01", "2.5", 6,
     ((2, "b", "="), (0, "-", "F"), (3, "w", "0"), (8, "w", "1"), (1, "b", "0"))),
    (7, "Müller, Jürgen", "m", 1580, "AUS", "01001", "", "2.0", 7,
     ((3, "w", "0"), (8, "b", "1"), (5, "b", "="), (9, "w", "="), (4, "w", "="))),
    (8, "Fox, Flo", "w", 1300, "AUS", "01006", "1991/02/03", "1.0", 8,
     ((4, "w", "0"), (7, "w", "0"), (0, "-", "Z"), (6, "b", "0"), (9, "b", "1"))),
    (9, "Zhou, Wei", "m", 1750, "AUS", "01004", "1960", "0.0", 9,
     ((0, "-", "Z"), (0, "-", "Z"), (4, "b", "-"), (7, "b", "0"), (8, "w", "0"))),
]
T2_SIDECAR = {"Name": None, "Start": None, "End": None, "State": "QLD", "Capital city": "Yes", "Prize money": 1800,
              "Registered": dt.date(2004, 11, 1), "Reported": dt.date(2005, 4, 1)}
T2_TYPED = {"Tournament": acf_settings("Brisbane Easter Cup", dt.date(2005, 3, 25), dt.date(2005, 3, 27), "QLD",
                                       "Yes", 1800) | {"Registered": dt.date(2004, 11, 1),
                                                       "Reported": dt.date(2005, 4, 1)},
            "Results": [ACF_HEAD,
                        [None, 1, "Brennan, Michael", "00123", "M", 1970, None],
                        [None, "=2", "Šubić, Žarko", "00456", "M", 1966, None],
                        [None, "=2", "García, José", "3200005", "M", dt.date(1978, 3, 4), None],
                        [None, 4, "Kowalski, Piotr", "3200009", "M", 1982, None],
                        [None, "=5", "Ó Briain, Seán", "01002", "M", 1980, None],
                        [None, "=5", "Lee, Di", "01003", "F", dt.date(1990, 5, 1), "WA"],
                        [None, 7, "Müller, Jürgen", "01001", "M", None, None],
                        [None, 8, "Fox, Flo", "01006", "F", dt.date(1991, 2, 3), None],
                        [None, 9, "Zhou, Wei", "01004", "M", 1960, None]]}


def t2_trf() -> bytes:
    lines = ["012 Brisbane Easter Cup", "022 Brisbane", "032 AUS", "042 2005/03/25", "052 2005/03/27",
             "062 9", "092 Individual: Swiss-System", "102 Arbiter, Chief", "XXR 5"]
    lines += [p001(s, n, sex=x, rating=r, fed=f, fid=i, born=b, pts=p, rank=k, rounds=rd)
              for s, n, x, r, f, i, b, p, k, rd in T2_TRF_PLAYERS]
    return ("\r\n".join(lines) + "\r\n").encode("utf-8")


# --- T3: Canberra Autumn Open, an English chess-results export (blank Rk. for a full tie, ½ and decimal comma)
T3_SETTINGS = acf_settings("Canberra Autumn Open 2005", dt.date(2005, 4, 9), dt.date(2005, 4, 10), "ACT", "Yes", 1000)
T3_EXPORT = [["Canberra Autumn Open 2005"], ["Final Ranking after 6 Rounds"], [],
             ["Rk.", "SNo", None, "Name", "sex", "FED", "Rtg", "FideID", "Club/City", "Pts.", "TB1", "TB2"],
             [1, 2, "FM", "García, José", "m", "AUS", 2100, "3200005", "Canberra", "5", 20, 18.5],
             [2, 1, None, "Brennan, Michael", "m", "AUS", 2150, "00123", "Melbourne", "4½", 21, 19],
             [None, 4, None, "Smith, Ann", "w", "AUS", 1900, "3200001", "Brisbane", "4,5", 21, 19],
             [4, 3, None, "Zhou, Wei", "m", "AUS", 1750, "01004", "Sydney", "3,5", 18, 15],
             [5, 6, None, "Ó Briain, Seán", "m", "IRL", None, "01002", "Hobart", 3, 16, 14],
             [6, 5, None, "Fox, Flo", "w", "AUS", 1300, "01006", "Darwin", 3, 15, 12],
             [7, 7, None, "Lee, Di", "w", "AUS", 1450, "01003", "Perth", "2½", 14, 12],
             [], ["Tie Break1: Buchholz Tie-Breaks (variabel with parameter)"], ["Tie Break2: Sonneborn-Berger"]]
T3_TYPED = {"Tournament": T3_SETTINGS,
            "Results": [ACF_HEAD,
                        [None, 1, "García, José", "3200005", "M", None, None],
                        [None, "=2", "Brennan, Michael", "00123", "M", None, None],
                        [None, "=2", "Smith, Ann", "3200001", "F", None, None],
                        [None, 4, "Zhou, Wei", "01004", "M", None, None],
                        [None, "=5", "Ó Briain, Seán", "01002", "M", None, None],
                        [None, "=5", "Fox, Flo", "01006", "F", None, None],
                        [None, 7, "Lee, Di", "01003", "F", None, None]]}

# --- T4: Adelaide Winter Open, a German export (Rg., Snr, Land, Elo, Verein/Ort, Pkt., Wtg1); IDs as text
T4_SETTINGS = acf_settings("Adelaide Winter Open", dt.date(2005, 6, 11), dt.date(2005, 6, 13), "SA", "Yes", 1600)
T4_EXPORT = [["Adelaide Winter Open"], ["Endstand nach 5 Runden"],
             ["Rg.", "Snr", None, "Name", "Land", "Elo", "ID", "Verein/Ort", "Pkt.", "Wtg1", "Wtg2"],
             [1, 3, None, "Šubić, Žarko", "AUS", 1950, "00456", "Sydney", "4,5", 12, 9],
             [2, 1, None, "Müller, Jürgen", "GER", 1580, "01001", "Adelaide", "3,5", 13, 9],
             [3, 2, None, "Zhou, Wei", "AUS", 1750, "01004", "Sydney", "3,5", 11, 8],
             [4, 4, None, "Smith, Ann", "AUS", 1900, "3200001", "Brisbane", "3", 10, 7],
             [5, 5, None, "Fox, Flo", "AUS", 1300, "01006", "Darwin", "1", 9, 3],
             [6, 6, None, "Ó Briain, Seán", "IRL", None, "01002", "Hobart", "0,5", 8, 1]]
T4_TYPED = {"Tournament": T4_SETTINGS,
            "Results": [ACF_HEAD,
                        [None, 1, "Šubić, Žarko", "00456", None, None, None],
                        [None, "=2", "Müller, Jürgen", "01001", None, None, None],
                        [None, "=2", "Zhou, Wei", "01004", None, None, None],
                        [None, 4, "Smith, Ann", "3200001", None, None, None],
                        [None, 5, "Fox, Flo", "01006", None, None, None],
                        [None, 6, "Ó Briain, Seán", "01002", None, None, None]]}

# --- T5: Perth Spring Open, a Spanish export (Pos., Nº, Nombre, FED, Elo, Club/Ciudad, Ptos., Desemp1); FED holds
# State codes here (the README: a federation is copied into ACF State only when it is a State code)
T5_SETTINGS = acf_settings("Perth Spring Open", dt.date(2005, 9, 17), dt.date(2005, 9, 18), "WA", "Yes", 900)
T5_EXPORT = [["Perth Spring Open"], ["Clasificación final después de 5 rondas"], [],
             ["Pos.", "Nº", None, "Nombre", "FED", "Elo", "FideID", "Club/Ciudad", "Ptos.", "Desemp1"],
             [1, 2, None, "Lee, Di", "WA", 1450, "01003", "Perth", "4½", 1700],
             [2, 1, None, "Brennan, Michael", "VIC", 2150, "00123", "Melbourne", "4", 1800],
             [3, 3, None, "Fox, Flo", "NT", 1300, "01006", "Darwin", "3", 1500],
             [None, 4, None, "Kowalski, Piotr", "POL", 1850, "3200009", "Perth", "3", 1500],
             [5, 5, None, "Müller, Jürgen", "SA", 1580, "01001", "Adelaide", "½", 1200]]
T5_TYPED = {"Tournament": T5_SETTINGS,
            "Results": [ACF_HEAD,
                        [None, 1, "Lee, Di", "01003", None, None, "WA"],
                        [None, 2, "Brennan, Michael", "00123", None, None, "VIC"],
                        [None, "=3", "Fox, Flo", "01006", None, None, "NT"],
                        [None, "=3", "Kowalski, Piotr", "3200009", None, None, None],
                        [None, 5, "Müller, Jürgen", "01001", None, None, "SA"]]}


def acf_register(with_ratings: bool) -> list[list]:
    if with_ratings:
        rows = [["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]]
        rows += [list(p) for p in ACF_PLAYERS]
        rows.append([KOWALSKI[0], KOWALSKI[1], None, None, None, KOWALSKI[2], None])
        return rows
    rows = [["ID", "Name", "Sex", "Born", "State"]]
    rows += [[i, n, s, b, st] for i, n, s, b, _a, _f, st in ACF_PLAYERS]
    return rows


def fide_txt(month: str, entries: list[tuple[str, str, str, str, int, int]]) -> str:
    """A per-type FIDE TXT list: columns from the header (ID 1–15, name 16–76, fed 77–79, sex 81, rating 114–117,
    games 120–122, K 124–125, B-day 127–130)."""
    header = (f"{'ID Number':<15}{'Name':<61}Fed Sex Tit  WTit OTit           FOA {month} Gms K  B-day Flag")
    assert header.index(month) == 113
    lines = [header]
    for fid, name, fed, sex, rating, born in entries:
        line = f"{fid:<15}{name:<61}{fed:<3} {sex:<1}" + " " * 32 + f"{rating:>4}  0   20 {born}"
        assert line.index(str(rating)) == 113
        lines.append(line)
    return "\r\n".join(lines) + "\r\n"


def acf_seasons(root: Path) -> tuple[Path, Path]:
    typed = root / "typed"
    typed.mkdir()
    write_book(typed / "season.xlsx", {"Season": ACF_SEASON, "Players": acf_register(True), "Prizes": ACF_PRIZES})
    for fname, book in (("t1.xlsx", T1_ACF), ("t2.xlsx", T2_TYPED), ("t3.xlsx", T3_TYPED), ("t4.xlsx", T4_TYPED),
                        ("t5.xlsx", T5_TYPED)):
        write_book(typed / fname, book)

    org = root / "organisers"
    org.mkdir()
    write_book(org / "season.xlsx", {"Season": ACF_SEASON, "Players": acf_register(False), "Prizes": ACF_PRIZES})
    write_book(org / "t1.xlsx", T1_ACF)
    (org / "brisbane").mkdir()
    (org / "brisbane" / "easter.trf").write_bytes(t2_trf())
    write_book(org / "brisbane" / "easter.xlsx", {"Tournament": T2_SIDECAR})
    write_book(org / "canberra-final-ranking.xlsx", {"Final Ranking": T3_EXPORT, "Tournament": T3_SETTINGS})
    write_book(org / "adelaide.xlsx", {"Endstand": T4_EXPORT, "Tournament": T4_SETTINGS})
    write_book(org / "perth.xlsx", {"Hoja1": T5_EXPORT, "Torneo": T5_SETTINGS})
    (org / "ratings").mkdir()
    acf_list = "ACF ID,Name,Rating\n" + "".join(
        f'{i},"{n}",{a}\n' for i, n, _s, _b, a, _f, _st in ACF_PLAYERS if a is not None)
    (org / "ratings" / "acf-december-2004.csv").write_text(acf_list, encoding="utf-8")
    fide = [(i, n, "AUS", s, f, b if isinstance(b, int) else b.year)
            for i, n, s, b, _a, f, _st in ACF_PLAYERS if f is not None]
    fide.append((KOWALSKI[0], KOWALSKI[1], "POL", "M", KOWALSKI[2], 1982))
    (org / "ratings" / "players_list_jan05.txt").write_bytes(fide_txt("JAN05", fide).encode("cp1252"))
    return typed, org


@pytest.fixture(scope="module")
def acf_built(tmp_path_factory):
    root = tmp_path_factory.mktemp("acf-equivalence")
    mp = pytest.MonkeyPatch()
    mp.setenv("GPCALC_CACHE_DIR", str(root / "cache"))
    try:
        typed, org = acf_seasons(root)
        return build(typed, root / "typed.json"), build(org, root / "organisers.json")
    finally:
        mp.undo()


def test_acf_both_seasons_build_without_errors(acf_built):
    (code_t, out_t, typed), (code_o, out_o, org) = acf_built
    assert code_t == 0, out_t
    assert code_o == 0, out_o
    assert not errors(typed) and not errors(org)
    # every tournament was read, each once, from the organisers' own files
    assert [t["name"] for t in org["tournaments"]] == [t["name"] for t in typed["tournaments"]]
    assert len(org["tournaments"]) == 5


def test_acf_json_equal(acf_built):
    (_, _, typed), (_, _, org) = acf_built
    diff = same_json(typed, org)
    assert not diff, first_diff(diff)


# ========================================================================================= FECODAZ season
# 2009: a template, a TRF + sidecar (titles, FIDE ratings, byes and a forfeit: games exclude them) and two
# chess-results exports (Spanish with a national-rating column, English with FideID). FECODAZ keeps the tiebreak
# rank as the place (README), so players level on points keep places 2 and 3. Ligas come from the register.

FEC_POINTS = [["Category", *range(1, 16)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                              for c in range(1, 16)]
FEC_SEASON = {"Circuit": "fecodaz", "Season": "2009", "Points table source": "audit (illustrative)"}
FEC_PLAYERS = [  # ID, name, sex, born, liga
    ("04100001", "Pérez, Ana", "F", 1990, "Valle"),
    ("04100002", "Gómez Díaz, Luis", "M", 1985, "Bogotá"),
    ("04100003", "Ñáñez, Iván", "M", 1992, "Antioquia"),
    ("04100004", "Zuluaga, María José", "F", 1994, "Caldas"),
    ("04100005", "Ríos, Héctor", "M", 1970, "Valle"),
    ("04100006", "Castaño, Óscar", "M", 1996, "Bogotá"),
    ("04100007", "Londoño, Sofía", "F", 1997, "Antioquia"),
    ("04100008", "Mejía, Andrés", "M", 1965, "Risaralda"),
]
FEC_REGISTER = [["ID", "Name", "Sex", "Born", "League", "Federation"],
                *[[i, n, s, b, lg, "COL"] for i, n, s, b, lg in FEC_PLAYERS]]
FEC_HEAD = ["Place", "Name", "ID", "Sex", "Born", "Title", "FIDE rating", "National rating", "Score", "Games",
            "Withdrew"]


def fec_settings(name, start, end, league, base, rounds, **extra):
    return {"Name": name, "Start": start, "End": end, "Kind": "Open", "Host league": league, "Base category": base,
            "IRT": "Yes", "Norms": "None", "Cash prizes": "Yes", "Rounds": rounds, "Entry fees": 4_000_000,
            "Prizes paid": 10_000_000, **extra}


F1 = {"Tournament": fec_settings("Abierto de Cali", dt.date(2009, 2, 7), dt.date(2009, 2, 10), "Valle", 4, 6),
      "Results": [FEC_HEAD,
                  [1, "Gómez Díaz, Luis", "04100002", "M", 1985, "IM", 2380, 2400, 5, 6, "No"],
                  [2, "Pérez, Ana", "04100001", "F", 1990, "WFM", 2150, 2200, 4.5, 6, "No"],
                  [3, "Ríos, Héctor", "04100005", "M", 1970, None, 2050, 2100, 4.5, 6, "No"],
                  [4, "Zuluaga, María José", "04100004", "F", 1994, None, None, 1900, 3, 6, "No"],
                  [5, "Londoño, Sofía", "04100007", "F", 1997, None, None, 1750, 2, 5, "No"],
                  [6, "Mejía, Andrés", "04100008", "M", 1965, None, None, 1650, 1, 6, "No"]]}

# F2: Abierto del Valle as a TRF (cp1252, the encoding of Swiss-Manager on Windows), 6 rounds
F2_TRF_PLAYERS = [
    # sno, name, sex, title, rating, fid, born, pts, rank, rounds
    (1, "Gómez Díaz, Luis", "m", "GM", 2380, "04100002", "1985/04/12", "5.0", 1,
     ((5, "w", "1"), (3, "b", "1"), (2, "w", "="), (4, "b", "1"), (6, "w", "="), (7, "b", "1"))),
    (3, "Ñáñez, Iván", "m", "IM", 2290, "04100003", "1992", "4.5", 2,
     ((7, "b", "1"), (1, "w", "0"), (6, "b", "1"), (0, "-", "H"), (5, "w", "1"), (2, "b", "1"))),
    (2, "Pérez, Ana", "w", "WFM", 2150, "04100001", "1990/05/01", "4.5", 3,
     ((6, "w", "1"), (4, "b", "1"), (1, "b", "="), (5, "w", "1"), (0, "-", "U"), (3, "w", "0"))),
    (4, "Castaño, Óscar", "m", "FM", 2100, "04100006", "1996", "3.0", 4,
     ((8, "b", "1"), (2, "w", "0"), (0, "-", "F"), (1, "w", "0"), (7, "b", "1"), (5, "b", "0"))),
    (5, "Ríos, Héctor", "m", "", 2050, "04100005", "1970", "3.0", 5,
     ((1, "b", "0"), (8, "w", "+"), (7, "w", "1"), (2, "b", "0"), (3, "b", "0"), (4, "w", "1"))),
    (6, "Zuluaga, María José", "w", "", "", "04100004", "1994", "2.0", 6,
     ((2, "b", "0"), (7, "w", "1"), (3, "w", "0"), (8, "w", "="), (1, "b", "="), (0, "-", "Z"))),
    (7, "Londoño, Sofía", "w", "", "", "04100007", "1997", "1.0", 7,
     ((3, "w", "0"), (6, "b", "0"), (5, "b", "0"), (8, "b", "1"), (4, "w", "0"), (1, "w", "0"))),
    (8, "Mejía, Andrés", "m", "", "", "04100008", "", "0.5", 8,
     ((4, "w", "0"), (5, "b", "-"), (0, "-", "Z"), (6, "b", "="), (0, "-", "Z"), (0, "-", "Z"))),
]
F2_SIDECAR = {"Kind": "Open", "Host league": "Valle", "Base category": 5, "IRT": "Yes", "Norms": "None",
              "Cash prizes": "Yes", "Entry fees": 5_000_000, "Prizes paid": 12_000_000}
F2_TYPED = {"Tournament": fec_settings("Abierto del Valle 2009", dt.date(2009, 3, 20), dt.date(2009, 3, 23),
                                       "Valle", 5, 6, **{"Entry fees": 5_000_000, "Prizes paid": 12_000_000}),
            "Results": [FEC_HEAD,
                        [1, "Gómez Díaz, Luis", "04100002", "M", dt.date(1985, 4, 12), "GM", 2380, None, 5, 6, None],
                        [2, "Ñáñez, Iván", "04100003", "M", 1992, "IM", 2290, None, 4.5, 5, None],
                        [3, "Pérez, Ana", "04100001", "F", dt.date(1990, 5, 1), "WFM", 2150, None, 4.5, 5, None],
                        [4, "Castaño, Óscar", "04100006", "M", 1996, "FM", 2100, None, 3, 5, None],
                        [5, "Ríos, Héctor", "04100005", "M", 1970, None, 2050, None, 3, 5, None],
                        [6, "Zuluaga, María José", "04100004", "F", 1994, None, None, None, 2, 5, None],
                        [7, "Londoño, Sofía", "04100007", "F", 1997, None, None, None, 1, 6, None],
                        [8, "Mejía, Andrés", "04100008", "M", None, None, None, None, 0.5, 2, None]]}


def f2_trf() -> bytes:
    lines = ["012 Abierto del Valle 2009", "022 Cali", "032 COL", "042 2009/03/20", "052 2009/03/23", "062 8",
             "102 Árbitro, Jefe", "XXR 6"]
    lines += [p001(s, n, sex=x, title=t, rating=r, fed="COL", fid=i, born=b, pts=p, rank=k, rounds=rd)
              for s, n, x, t, r, i, b, p, k, rd in F2_TRF_PLAYERS]
    return ("\r\n".join(lines) + "\r\n").encode("cp1252")


# F3: Spanish export (Pos., Nº, unlabelled title column with MI/MF, Elo and Elo Nac, Ptos. with ½ and commas)
F3_SETTINGS = fec_settings("Abierto de Medellín", dt.date(2009, 5, 1), dt.date(2009, 5, 4), "Antioquia", 4, 7)
F3_EXPORT = [["Abierto de Medellín"], ["Clasificación final después de 7 rondas"], [],
             ["Pos.", "Nº", None, "Nombre", "FED", "Elo", "Elo Nac", "FideID", "Club/Ciudad", "Ptos.", "Desemp1"],
             [1, 2, "MI", "Ñáñez, Iván", "COL", 2290, 2310, "04100003", "Medellín", "6", 2400],
             [2, 1, "MF", "Castaño, Óscar", "COL", 2100, 2150, "04100006", "Bogotá", "5½", 2300],
             [3, 3, None, "Zuluaga, María José", "COL", None, 1950, "04100004", "Manizales", "5,5", 2250],
             [4, 4, None, "Mejía, Andrés", "COL", None, 1680, "04100008", "Pereira", "4", 1900],
             [5, 5, None, "Londoño, Sofía", "COL", None, 1760, "04100007", "Medellín", "3½", 1800]]
F3_TYPED = {"Tournament": F3_SETTINGS,
            "Results": [FEC_HEAD,
                        [1, "Ñáñez, Iván", "04100003", None, None, "MI", 2290, 2310, 6, None, None],
                        [2, "Castaño, Óscar", "04100006", None, None, "MF", 2100, 2150, 5.5, None, None],
                        [3, "Zuluaga, María José", "04100004", None, None, None, None, 1950, 5.5, None, None],
                        [4, "Mejía, Andrés", "04100008", None, None, None, None, 1680, 4, None, None],
                        [5, "Londoño, Sofía", "04100007", None, None, None, None, 1760, 3.5, None, None]]}

# F4: English export with a labelled Title column and sex
F4_SETTINGS = fec_settings("Abierto de Bogotá", dt.date(2009, 7, 10), dt.date(2009, 7, 13), "Bogotá", 6, 6)
F4_EXPORT = [["Abierto de Bogotá"], ["Final Ranking after 6 Rounds"],
             ["Rk.", "SNo", "Title", "Name", "sex", "FED", "Rtg", "FideID", "Pts.", "TB1", "TB2"],
             [1, 1, "GM", "Gómez Díaz, Luis", "m", "COL", 2385, "04100002", "5,5", 22, 20],
             [2, 3, "WFM", "Pérez, Ana", "w", "COL", 2160, "04100001", "4½", 21, 18],
             [3, 2, None, "Ríos, Héctor", "m", "COL", 2040, "04100005", "4½", 19, 17],
             [4, 4, None, "Londoño, Sofía", "w", "COL", None, "04100007", "3", 15, 12],
             [5, 5, None, "Mejía, Andrés", "m", "COL", None, "04100008", "1", 10, 6]]
F4_TYPED = {"Tournament": F4_SETTINGS,
            "Results": [FEC_HEAD,
                        [1, "Gómez Díaz, Luis", "04100002", "M", None, "GM", 2385, None, 5.5, None, None],
                        [2, "Pérez, Ana", "04100001", "F", None, "WFM", 2160, None, 4.5, None, None],
                        [3, "Ríos, Héctor", "04100005", "M", None, None, 2040, None, 4.5, None, None],
                        [4, "Londoño, Sofía", "04100007", "F", None, None, None, None, 3, None, None],
                        [5, "Mejía, Andrés", "04100008", "M", None, None, None, None, 1, None, None]]}


def fecodaz_seasons(root: Path) -> tuple[Path, Path]:
    typed, org = root / "typed", root / "organisers"
    for folder in (typed, org):
        folder.mkdir()
        write_book(folder / "season.xlsx", {"Season": FEC_SEASON, "Points": FEC_POINTS, "Players": FEC_REGISTER})
        write_book(folder / "cali.xlsx", F1)
    for fname, book in (("valle.xlsx", F2_TYPED), ("medellin.xlsx", F3_TYPED), ("bogota.xlsx", F4_TYPED)):
        write_book(typed / fname, book)
    (org / "valle.trf").write_bytes(f2_trf())
    write_book(org / "valle.xlsx", {"Torneo": F2_SIDECAR})
    write_book(org / "medellin.xlsx", {"Hoja1": F3_EXPORT, "Torneo": F3_SETTINGS})
    write_book(org / "bogota.xlsx", {"Tournament": F4_SETTINGS, "Final Ranking": F4_EXPORT})
    return typed, org


# ========================================================================================== Aarhus season
# 2012/2013 with 3 GPTs: a template, a TRF + sidecar (Groups sheet with one row; a bye and a forfeit make games
# fewer than rounds) and a Danish chess-results export with a Gr column and the Groups sheet copied in.

AAR_SEASON = {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 3}
AAR_PLAYERS = [  # ID, name, sex, born, club
    ("0101", "Østergaard, Søren", "M", 1998, "Skåde Skoleskak"),
    ("0102", "Bæk, Åse", "K", 1999, "Aarhus Skakklub"),
    ("0103", "Jørgensen, Mads", "M", 1998, "Skåde Skoleskak"),
    ("0104", "Hansen, Bo", "M", 2000, "Viby Skoleskak"),
    ("0105", "Nielsen, Ida", "K", 2001, "Aarhus Skakklub"),
    ("0106", "Lund, Emil", "M", 1999, "Viby Skoleskak"),
    ("0107", "Ærø, Karl", "M", 2000, "Skåde Skoleskak"),
    ("0108", "Ravn, Sofie", "K", 2001, "Viby Skoleskak"),
]
AAR_REGISTER = [["ID", "Name", "Sex", "Born", "Club"], *[list(p) for p in AAR_PLAYERS]]
AAR_HEAD = ["Group", "Place", "Name", "ID", "Club", "Born", "Sex", "Points", "Games"]
A1 = {"Tournament": {"Name": "GPT 1 Skåde", "Date": dt.date(2012, 9, 15), "Kind": "GPT"},
      "Groups": [["Group", "Rounds"], ["C", 5], ["D", 5]],
      "Results": [AAR_HEAD,
                  ["C", 1, "Østergaard, Søren", "0101", "Skåde Skoleskak", 1998, "M", 4, 5],
                  ["C", 2, "Bæk, Åse", "0102", "Aarhus Skakklub", 1999, "K", "3½", 5],
                  ["C", 3, "Jørgensen, Mads", "0103", "Skåde Skoleskak", 1998, "M", 2, 5],
                  ["C", 4, "Lund, Emil", "0106", "Viby Skoleskak", 1999, "M", "½", 5],
                  ["D", 1, "Hansen, Bo", "0104", "Viby Skoleskak", 2000, "M", "4½", 5],
                  ["D", 2, "Nielsen, Ida", "0105", "Aarhus Skakklub", 2001, "K", 3, 5],
                  ["D", 3, "Ærø, Karl", "0107", "Skåde Skoleskak", 2000, "M", "1½", 5],
                  ["D", 4, "Ravn, Sofie", "0108", "Viby Skoleskak", 2001, "K", 1, 5]]}

# A2: GPT 2 as a TRF, one group (C, 5 rounds): Hansen plays up from D
A2_TRF_PLAYERS = [
    (1, "Østergaard, Søren", "m", "0101", "1998/03/02", "4.0", 1,
     ((2, "w", "1"), (3, "b", "1"), (4, "w", "1"), (5, "b", "0"), (6, "w", "1"))),
    (2, "Hansen, Bo", "m", "0104", "2000", "3.5", 2,
     ((1, "b", "0"), (6, "w", "1"), (0, "-", "H"), (3, "w", "1"), (4, "b", "1"))),
    (3, "Bæk, Åse", "w", "0102", "1999", "3.5", 3,
     ((4, "w", "1"), (1, "w", "0"), (5, "b", "1"), (2, "b", "0"), (0, "-", "U"))),
    (4, "Jørgensen, Mads", "m", "0103", "1998", "2.0", 4,
     ((3, "b", "0"), (5, "w", "1"), (1, "b", "0"), (6, "b", "+"), (2, "w", "0"))),
    (5, "Lund, Emil", "m", "0106", "1999", "2.0", 5,
     ((6, "b", "="), (4, "b", "0"), (3, "w", "0"), (1, "w", "1"), (0, "-", "H"))),
    (6, "Ravn, Sofie", "w", "0108", "2001", "0.5", 6,
     ((5, "w", "="), (2, "b", "0"), (0, "-", "Z"), (4, "w", "-"), (1, "b", "0"))),
]
A2_TYPED = {"Tournament": {"Name": "GPT 2 Viby", "Date": dt.date(2012, 11, 10), "Kind": "GPT"},
            "Groups": [["Group", "Rounds"], ["C", 5]],
            "Results": [AAR_HEAD,
                        ["C", 1, "Østergaard, Søren", "0101", None, dt.date(1998, 3, 2), "M", 4, 5],
                        ["C", 2, "Hansen, Bo", "0104", None, 2000, "M", "3½", 4],
                        ["C", 3, "Bæk, Åse", "0102", None, 1999, "K", "3½", 4],
                        ["C", 4, "Jørgensen, Mads", "0103", None, 1998, "M", 2, 4],
                        ["C", 5, "Lund, Emil", "0106", None, 1999, "M", 2, 4],
                        ["C", 6, "Ravn, Sofie", "0108", None, 2001, "K", "½", 3]]}


def a2_trf() -> bytes:
    lines = ["012 GPT 2 Viby", "022 Viby J", "042 12.11.2012", "XXR 5"]
    lines[2] = "042 10.11.2012"
    lines += [p001(s, n, sex=x, fid=i, born=b, pts=p, rank=k, rounds=rd)
              for s, n, x, i, b, p, k, rd in A2_TRF_PLAYERS]
    return ("\n".join(lines) + "\n").encode("utf-8")


# A3: GPT 3 as a Danish export with a Gr column (groups C and D) and Køn
A3_SETTINGS = {"Name": "GPT 3 Aarhus", "Date": dt.date(2013, 1, 19), "Kind": "GPT"}
A3_EXPORT = [["GPT 3 Aarhus"], ["Slutstilling efter 5 runder"], [],
             ["Rk.", "Nr.", None, "Navn", "Køn", "FED", "Ratg", "Klub/By", "Point", "TB1", "Gr"],
             [1, 2, None, "Bæk, Åse", "w", "DEN", 1250, "Aarhus Skakklub", "4½", 12, "C"],
             [2, 1, None, "Østergaard, Søren", "m", "DEN", 1300, "Skåde Skoleskak", "4", 13, "C"],
             [3, 3, None, "Lund, Emil", "m", "DEN", 1100, "Viby Skoleskak", "1,5", 8, "C"],
             [4, 4, None, "Jørgensen, Mads", "m", "DEN", 1150, "Skåde Skoleskak", "½", 7, "C"],
             [5, 5, None, "Nielsen, Ida", "w", "DEN", 1000, "Aarhus Skakklub", "4", 12, "D"],
             [6, 6, None, "Ærø, Karl", "m", "DEN", 950, "Skåde Skoleskak", "3", 10, "D"],
             [7, 7, None, "Ravn, Sofie", "w", "DEN", None, "Viby Skoleskak", "3", 9, "D"]]
A3_TYPED = {"Tournament": A3_SETTINGS, "Groups": [["Group", "Rounds"], ["C", 5], ["D", 5]],
            "Results": [AAR_HEAD,
                        ["C", 1, "Bæk, Åse", None, "Aarhus Skakklub", None, "K", "4½", None],
                        ["C", 2, "Østergaard, Søren", None, "Skåde Skoleskak", None, "M", 4, None],
                        ["C", 3, "Lund, Emil", None, "Viby Skoleskak", None, "M", "1½", None],
                        ["C", 4, "Jørgensen, Mads", None, "Skåde Skoleskak", None, "M", "½", None],
                        ["D", 1, "Nielsen, Ida", None, "Aarhus Skakklub", None, "K", 4, None],
                        ["D", 2, "Ærø, Karl", None, "Skåde Skoleskak", None, "M", 3, None],
                        ["D", 3, "Ravn, Sofie", None, "Viby Skoleskak", None, "K", 3, None]]}


def aarhus_seasons(root: Path) -> tuple[Path, Path]:
    typed, org = root / "typed", root / "organisers"
    for folder in (typed, org):
        folder.mkdir()
        write_book(folder / "season.xlsx", {"Season": AAR_SEASON, "Players": AAR_REGISTER})
        write_book(folder / "gpt1.xlsx", A1)
    write_book(typed / "gpt2.xlsx", A2_TYPED)
    write_book(typed / "gpt3.xlsx", A3_TYPED)
    (org / "gpt2.trf").write_bytes(a2_trf())
    write_book(org / "gpt2.xlsx", {"Turnering": {"Kind": "GPT"}, "Grupper": [["Gruppe", "Runder"], ["C", 5]]})
    write_book(org / "gpt3.xlsx", {"Slutstilling": A3_EXPORT, "Tournament": A3_SETTINGS,
                                   "Groups": [["Group", "Rounds"], ["C", 5], ["D", 5]]})
    return typed, org


SEASONS = {"acf": acf_seasons, "fecodaz": fecodaz_seasons, "aarhus": aarhus_seasons}


def build_pair(root: Path, circuit: str, change=None) -> tuple[dict, dict]:
    """Both seasons of a circuit built with the CLI (after `change(typed, organisers)`); both must succeed."""
    typed, org = SEASONS[circuit](root)
    if change is not None:
        change(typed, org)
    (ct, ot, jt), (co, oo, jo) = build(typed, root / "typed.json"), build(org, root / "organisers.json")
    assert ct == 0 and jt is not None, ot
    assert co == 0 and jo is not None, oo
    return jt, jo


def test_acf_ties_order_json_equal(tmp_path):
    """`Ties = order` (README, ACF ties): the listed order decides. A TRF or export lists tied players in tiebreak
    order, as the typed workbooks do, so the standings, ledger (with its "Ties = order" details) and prizes agree."""
    def ties_order(typed, org):
        for folder, reg in ((typed, True), (org, False)):
            write_book(folder / "season.xlsx", {"Season": ACF_SEASON | {"Ties": "order"},
                                                "Players": acf_register(reg), "Prizes": ACF_PRIZES})
    typed, org = build_pair(tmp_path, "acf", ties_order)
    assert any("Ties = order" in (r["detail"] or "") for r in org["ledger"])
    diff = same_json(typed, org)
    assert not diff, first_diff(diff)


def test_fecodaz_json_equal(tmp_path):
    """FECODAZ (README: a TRF with its sidecar, exports; the tiebreak rank is the place): a TRF + sidecar (titles
    GM/IM/WFM/FM → title bonus, games without byes and forfeits) and Spanish and English exports give the same
    standings, ledger, categorías, bolsa and prizes as the typed workbooks."""
    typed, org = build_pair(tmp_path, "fecodaz")
    valle = next(t for t in org["tournaments"] if t["name"] == "Abierto del Valle 2009")
    assert valle["title_points"] == 12 and valle["title_bonus"] == 1  # GM 5 + IM 3 + WFM 2 + FM 2
    diff = same_json(typed, org)
    assert not diff, first_diff(diff)


def test_aarhus_trf_json_equal(tmp_path):
    """Aarhus (README: "one TRF is one section — and, for Aarhus, one group: a sidecar Groups sheet with one row
    gives every player of the TRF that group"): GPT 2 as a TRF with byes (H, U), a zero bye (Z) and forfeits, its
    sidecar in Danish (Turnering, Grupper), gives the same standings, movements and prizes as typed."""
    def typed_gpt3(typed, org):
        (org / "gpt3.xlsx").unlink()
        write_book(org / "gpt3.xlsx", A3_TYPED)
    typed, org = build_pair(tmp_path, "aarhus", typed_gpt3)
    diff = same_json(typed, org)
    assert not diff, first_diff(diff)


def test_aarhus_danish_export_with_group_column_json_equal(tmp_path):
    """README: a chess-results export is recognised by its header, Danish labels included; formats README: the
    export sometimes has `Gr`. GPT 3 as a Danish export (Rk., Nr., Navn, Køn, Klub/By, Point, Gr) with the
    Tournament and Groups sheets copied in must count like the typed GPT 3."""
    typed, org = build_pair(tmp_path, "aarhus")
    diff = same_json(typed, org)
    assert not diff, first_diff(diff)


def test_aarhus_one_group_export_takes_the_groups_sheet(tmp_path):
    """As a TRF is one group (README ruling), so is a one-group export: with a Groups sheet of one row (C, 5) its
    players played C. The organisers' GPT 3 is split into its C export (no Gr column) and the typed D rows."""
    def split(typed, org):
        for folder in (typed, org):  # GPT 3 is now two workbooks: four GPTs
            write_book(folder / "season.xlsx", {"Season": AAR_SEASON | {"GPTs": 4}, "Players": AAR_REGISTER})
        (typed / "gpt3.xlsx").unlink()
        c_rows = [r for r in A3_TYPED["Results"][1:] if r[0] == "C"]
        d_rows = [r for r in A3_TYPED["Results"][1:] if r[0] == "D"]
        write_book(typed / "gpt3c.xlsx", {"Tournament": A3_SETTINGS | {"Name": "GPT 3 Aarhus C"},
                                          "Groups": [["Group", "Rounds"], ["C", 5]], "Results": [AAR_HEAD, *c_rows]})
        write_book(typed / "gpt3d.xlsx", {"Tournament": A3_SETTINGS | {"Name": "GPT 3 Aarhus D"},
                                          "Groups": [["Group", "Rounds"], ["D", 5]], "Results": [AAR_HEAD, *d_rows]})
        (org / "gpt3.xlsx").unlink()
        write_book(org / "gpt3c.xlsx", {"Slutstilling": [r[:10] for r in A3_EXPORT[:8]],
                                        "Tournament": A3_SETTINGS | {"Name": "GPT 3 Aarhus C"},
                                        "Groups": [["Group", "Rounds"], ["C", 5]]})
        write_book(org / "gpt3d.xlsx", {"Tournament": A3_SETTINGS | {"Name": "GPT 3 Aarhus D"},
                                        "Groups": [["Group", "Rounds"], ["D", 5]], "Results": [AAR_HEAD, *d_rows]})
    typed, org = build_pair(tmp_path, "aarhus", split)
    diff = same_json(typed, org)
    assert not diff, first_diff(diff)


def test_ratings_from_lists_equal_register(acf_built):
    """README, rating lists: the ACF December CSV fills `ACF rating`, the FIDE January TXT `FIDE rating` (a player
    only on the FIDE list is added to the register); the standings' rating and its source are the register's."""
    (_, _, typed), (_, _, org) = acf_built
    got = {(s["id"], s["rating"], s["rating_source"]) for s in org["standings"]}
    assert got == {(s["id"], s["rating"], s["rating_source"]) for s in typed["standings"]}
    assert ("3200009", 1850, "FIDE") in got and ("01002", None, "unrated") in got
    assert not [i for i in org["issues"] if i["code"] in ("no-ratings", "fide-list-month")]


# ====================================================================================== malformed files


def issue_lines(output: str, file: str) -> list[str]:
    """The printed issue lines under the heading of `file` (the CLI groups issues by file)."""
    lines, on = [], False
    for ln in output.splitlines():
        if ln and not ln.startswith(" "):
            on = ln.strip() == file
        elif on and ln.strip():
            lines.append(ln.strip())
    return lines


def refused_or_warned(folder: Path, out: Path, file: str, where: str, what: str) -> tuple[int, list[str]]:
    """Build; the issue at `file` + `where` must say `what` (a regex) and how to fix it (a hint after ' — ').
    With an error, nothing may be written."""
    import re

    code, output, data = build(folder, out)
    assert code in (0, 1), output
    if code == 1:
        assert data is None and not (folder / "output").exists(), "an input error, yet output was written"
    lines = issue_lines(output, file)
    hits = [ln for ln in lines if where in ln and ln.startswith(("error", "warning"))]
    assert hits, f"no error or warning at {file} {where}:\n{output}"
    good = [ln for ln in hits if re.search(what, ln, re.I) and " — " in ln]
    assert good, f"the issue at {file} {where} does not say {what!r} with a hint:\n" + "\n".join(hits)
    return code, good


def _trf_with(line_of: str, edit) -> bytes:
    lines = t2_trf().decode("utf-8").split("\r\n")
    i = next(k for k, ln in enumerate(lines) if line_of in ln)
    lines[i] = edit(lines[i])
    return "\r\n".join(lines).encode("utf-8")


@pytest.mark.parametrize("cut", [62, 100])
def test_truncated_trf_line_is_named(tmp_path, cut):
    """formats README: a 001 record runs to column 89 and then one 10-column block per round (XXR 5: 5 rounds).
    Brennan's line (line 10) cut at column `cut` — half a line, as a broken copy or download leaves it — must be an
    error or warning naming brisbane/easter.trf line 10, saying the line is short/truncated, with a fix."""
    _, org = acf_seasons(tmp_path)
    (org / "brisbane" / "easter.trf").write_bytes(_trf_with("Brennan", lambda ln: ln[:cut]))
    refused_or_warned(org, tmp_path / "x.json", "brisbane/easter.trf", "line 10",
                      r"trunc|short|cut|ends? (at|after|before) column|incomplete")


def test_trf_field_off_its_column_is_named(tmp_path):
    """formats README: 49–52 rating, 54–56 federation, 58–68 FIDE ID, 70–79 birth date, 81–84 points, 86–89 rank.
    Lee's record (line 15) has one space too many after the name, so every later field sits one column right: the
    issue must name brisbane/easter.trf line 15 and say that the fields are not at their TRF columns."""
    _, org = acf_seasons(tmp_path)
    (org / "brisbane" / "easter.trf").write_bytes(_trf_with("Lee, Di", lambda ln: ln[:47] + " " + ln[47:]))
    refused_or_warned(org, tmp_path / "x.json", "brisbane/easter.trf", "line 15", r"column")


def _merged_export(path: Path, how: str) -> None:
    import xlsxwriter

    wb = xlsxwriter.Workbook(str(path), {"strings_to_numbers": False})
    ws = wb.add_worksheet("Final Ranking")
    ws.write(0, 0, T3_EXPORT[0][0])
    ws.write(1, 0, T3_EXPORT[1][0])
    head = T3_EXPORT[3]
    first = 4 if how == "two-rows" else 3
    for j, h in enumerate(head):
        if how == "two-rows" and h is not None:
            ws.merge_range(3, j, 4, j, h)  # each label merged down over a two-row header
        elif how == "name-over-title" and h == "Name":
            ws.merge_range(3, j - 1, 3, j, h)  # "Name" merged over the unlabelled title column and the names
        elif h is not None and how == "name-over-title":
            ws.write(3, j, h)
    for r, row in enumerate(T3_EXPORT[4:11], start=first + 1):
        for j, v in enumerate(row):
            if v is not None:
                ws.write(r, j, v)
    ts = wb.add_worksheet("Tournament")
    date = wb.add_format({"num_format": "yyyy-mm-dd"})
    ts.write_row(0, 0, ["Setting", "Value"])
    for i, (k, v) in enumerate(T3_SETTINGS.items(), start=1):
        ts.write(i, 0, k)
        if isinstance(v, dt.date):
            ts.write_datetime(i, 1, dt.datetime(v.year, v.month, v.day), date)
        else:
            ts.write(i, 1, v)
    wb.close()


def test_export_with_a_two_row_merged_header_reads_the_same(tmp_path, acf_built):
    """An export whose header labels are merged down over two rows (A4:A5 'Rk.', D4:D5 'Name' …): the header is
    found and every player read, so the season's JSON is the same as typed."""
    _, org = acf_seasons(tmp_path)
    (org / "canberra-final-ranking.xlsx").unlink()
    _merged_export(org / "canberra-final-ranking.xlsx", "two-rows")
    code, output, data = build(org, tmp_path / "x.json")
    assert code == 0, output
    diff = same_json(acf_built[0][2], data)
    assert not diff, first_diff(diff)


def test_export_with_name_header_merged_over_the_title_column(tmp_path, acf_built):
    """Map columns by header text (formats README). With 'Name' merged over C4:D4, either the names are read (the
    JSON equals the typed season's) or the merged header is an error/warning naming Final Ranking!C4 with a fix."""
    _, org = acf_seasons(tmp_path)
    (org / "canberra-final-ranking.xlsx").unlink()
    _merged_export(org / "canberra-final-ranking.xlsx", "name-over-title")
    code, output, data = build(org, tmp_path / "x.json")
    if code == 0 and data is not None and not same_json(acf_built[0][2], data):
        return  # read right despite the merge
    refused_or_warned(org, tmp_path / "y.json", "canberra-final-ranking.xlsx", "C4", r"merged")


@pytest.mark.parametrize("kind", ["acf-csv", "fide-txt"])
def test_rating_list_duplicate_id_is_named(tmp_path, kind, acf_built):
    """A rating list with a player twice (another rating the second time): a warning naming the list and the
    line of the repeat, the ID, which entry is used and how to fix it; the first entry is used, so the JSON is the
    typed season's."""
    _, org = acf_seasons(tmp_path)
    if kind == "acf-csv":
        f = org / "ratings" / "acf-december-2004.csv"
        f.write_text(f.read_text("utf-8") + '01004,"Zhou, Wei",1450\n', encoding="utf-8")
        name, where, pid = "ratings/acf-december-2004.csv", "line 8", "01004"
    else:
        f = org / "ratings" / "players_list_jan05.txt"
        lines = f.read_bytes().decode("cp1252").split("\r\n")
        lines.insert(2, lines[1].replace("1900", "2050"))  # Smith listed again with 2050
        f.write_bytes("\r\n".join(lines).encode("cp1252"))
        name, where, pid = "ratings/players_list_jan05.txt", "line 3", "3200001"
    code, good = refused_or_warned(org, tmp_path / "x.json", name, where, rf"more than once.*{pid}.*first is used")
    assert code == 0
    data = json.loads((tmp_path / "x.json").read_text("utf-8"))
    diff = same_json(acf_built[0][2], data)
    assert not diff, first_diff(diff)
