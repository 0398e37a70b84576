"""Audit of the readers for files organisers already have (TRF, chess-results exports, FIDE rating lists) and
of `gpcalc import`, against the facts in /work/shared/formats/README.md ("formats README" below) and the
README section "Files organisers already have".

The real samples (fide-tiebreak-exercise.trf, fide-standard-list.txt, fide-players-list-combined.txt) are read
from their copies in tests/data/formats/ and only ever copied into tmp folders before being varied. Eight tests
found discrepancies, fixed on 30 November: `gpcalc import` wrote its output despite errors in the file; TRF and
export issues named the grid gpcalc made (Results!D2) instead of the TRF line or the export's own sheet; an empty
.trf was skipped silently; a FIDE TXT list with a UTF-8 BOM was refused; a combined XML list's empty rapid rating
fell back to the standard one; an issue with a line and no sheet was printed without its line.
"""

from __future__ import annotations

import datetime as dt
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from gpcalc import circuits
from gpcalc.cli import main
from gpcalc.formats import chessresults, fide_list, trf, trf_book
from gpcalc.issues import Issues
from gpcalc.pipeline import compute
from tests.builders import make_season, write_book
from tests.test_formats import player_line
from tests.test_formats_season import (
    EXPORT,
    REGISTER,
    SEASON,
    T2_SETTINGS,
    T3_SETTINGS,
    mixed_season,
    trf_text,
)

SAMPLES = Path(__file__).parent / "data" / "formats"  # copies of shared/formats' real samples
TRF_SAMPLE = "fide-tiebreak-exercise.trf"
STD_LIST = "fide-standard-list.txt"
COMBINED_LIST = "fide-players-list-combined.txt"


def sample_bytes(name: str) -> bytes:
    return (SAMPLES / name).read_bytes()


def sample_lines(name: str = TRF_SAMPLE) -> list[str]:
    return sample_bytes(name).decode("latin-1").splitlines()


def put(line: str, first: int, last: int, text: str, right: bool = False) -> str:
    """Write `text` into columns first..last (1-based, inclusive) of a fixed-width line."""
    width = last - first + 1
    line = line.ljust(last)
    field = text.rjust(width) if right else text.ljust(width)
    assert len(field) == width
    return line[:first - 1] + field + line[last:]


def parse(data: bytes | str, issues: Issues | None = None) -> trf.TrfTournament:
    issues = Issues() if issues is None else issues
    t = trf.parse_trf(data, "t.trf", issues)
    assert t is not None, [i.text() for i in issues]
    return t


# Sample rows as the file writes them (start no, name, rating, points, file rank)
SAMPLE_ROWS = [(2, "Bruno", 2150, 4.0), (1, "Alyx", 2200, 3.5), (3, "Charline", 2100, 3.5), (4, "David", 2050, 3.5),
               (16, "Stephan", 1450, 3.5), (6, "Franck", 1950, 3.0), (5, "Helene", 2000, 2.5),
               (8, "Irina", 1850, 2.5), (11, "Maria", 1700, 2.5), (12, "Nick", 1650, 2.0), (14, "Paul", 1550, 2.0),
               (15, "Reine", 1500, 2.0), (7, "Genevieve", 1900, 1.5), (9, "Jessica", 1800, 1.5),
               (13, "Opal", 1600, 1.5), (10, "Lais", 1750, 1.0)]


# ============================================================================================== TRF


def test_trf_sample_player_fields_at_documented_columns():
    """formats README, TRF: "001 player record: 5–8 start number; 10 sex (m/w); … 15–47 name; 49–52 FIDE rating;
    54–56 federation; 58–68 FIDE ID; 70–79 birth date YYYY/MM/DD; 81–84 points" — every player of the real
    sample fide-tiebreak-exercise.trf is read field by field; its FIDE ID column holds 0 (no ID)."""
    t = trf.read_trf(SAMPLES / TRF_SAMPLE, TRF_SAMPLE, Issues())
    p = t.players.set_index("name")
    assert len(p) == 16
    for sno, name, rating, points in SAMPLE_ROWS:
        assert p.loc[name, "start_no"] == sno
        assert p.loc[name, "rating"] == rating
        assert p.loc[name, "points"] == points
        assert p.loc[name, "fed"] == "NOR" and p.loc[name, "sex"] == "M"
        assert p.loc[name, "birth_date"] == dt.date(1990, 1, 1) and p.loc[name, "birth_year"] == 1990
        assert pd.isna(p.loc[name, "fide_id"]) and p.loc[name, "title"] is None
    assert t.name == "FIDE C.07 2023 Tie-Break Exercises" and t.start == dt.date(2024, 8, 1) and t.rounds == 5


def test_trf_sample_rounds_match_points_column():
    """formats README, TRF: "Round r from column 92 + 10(r−1): opponent 4 chars, colour (w/b/-), result
    (1 = 0 + - W D L H F U Z or blank)"; "   0 for no opponent". In the real sample the rounds (with the byes
    H ½, U 1, Z 0 and forfeits + / -) add up to the points column for every player."""
    t = trf.read_trf(SAMPLES / TRF_SAMPLE, TRF_SAMPLE, Issues())
    p = t.players
    assert (p["rounds_scored"] == p["points"]).all()
    games = dict(zip(p["name"], p["games"]))
    # David: 1, bye H, 1, =, = → 4 games; Paul: 1, 0, forfeit -, bye Z, 1 → 3; Maria: =, 0, 0, forfeit +, 1 → 4
    assert games["David"] == 4 and games["Paul"] == 3 and games["Maria"] == 4 and games["Bruno"] == 5


@pytest.mark.parametrize("variant", ["crlf", "cr", "bom", "latin1-crlf", "trailing-blank-lines"])
def test_trf_sample_line_endings_and_encodings(tmp_path, variant):
    """formats README, TRF: "Real files deviate: CR-only or CRLF endings … Read leniently". The real sample
    rewritten with CRLF / CR-only endings, a UTF-8 BOM, Latin-1 with an accented name, or trailing blank lines
    reads exactly like the original (LF) file."""
    lines = sample_lines()
    base = trf.read_trf(SAMPLES / TRF_SAMPLE, TRF_SAMPLE, Issues()).players
    name = "Helene"
    if variant == "crlf":
        data = "\r\n".join(lines).encode() + b"\r\n"
    elif variant == "cr":
        data = "\r".join(lines).encode() + b"\r"
    elif variant == "bom":
        data = b"\xef\xbb\xbf" + "\n".join(lines).encode("utf-8")
    elif variant == "latin1-crlf":
        name = "Hélène"
        data = "\r\n".join(ln.replace("Helene", "Hélène") for ln in lines).encode("latin-1")
    else:
        data = ("\n".join(lines) + "\n\n   \n").encode()
    f = tmp_path / "t.trf"
    f.write_bytes(data)
    assert trf.looks_like_trf(f)
    issues = Issues()
    got = trf.read_trf(f, "t.trf", issues).players
    assert list(got["name"]) == [n.replace("Helene", name) for n in base["name"]]
    for col in ("start_no", "rating", "points", "rank", "games"):
        assert list(got[col]) == list(base[col]), col
    assert [i.code for i in issues] == ["trf-rank-not-by-points"]


def test_trf_titles_and_sex_codes():
    """formats README, TRF: "10 sex (m/w); 11–13 title (GM IM WGM FM WIM CM WFM WCM)" — every listed title,
    left- or right-aligned in 11–13, and both sexes."""
    titles = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"]
    lines = []
    for i, title in enumerate(titles, start=1):
        line = player_line(i, f"Player {i}", sex="w" if title.startswith("W") else "m", points="0",
                           rank=i, rating=2000)
        line = put(line, 11, 13, title, right=i % 2 == 0)
        lines.append(line)
    p = parse("\n".join(lines)).players
    assert list(p["title"]) == titles
    assert list(p["sex"]) == ["F" if t.startswith("W") else "M" for t in titles]


def test_trf_every_result_code_scores():
    """formats README, TRF: result "(1 = 0 + - W D L H F U Z or blank)"; README ruling: "TRF results W/D/L
    (unrated games) count as games played". Each code on its own: 1/+/W/F/U score 1, =/D/H score ½,
    0/-/L/Z/blank score 0; games over the board are 1 = 0 W D L with a real opponent."""
    rounds = [(2, "w", "1"), (2, "b", "="), (2, "w", "0"), (2, "b", "+"), (2, "w", "-"), (2, "b", "W"),
              (2, "w", "D"), (2, "b", "L"), (0, "-", "H"), (0, "-", "F"), (0, "-", "U"), (0, "-", "Z"),
              (2, "w", "")]
    a = player_line(1, "A", rank=1, rounds=rounds)
    a = a[:91 + 10 * 12] + "   2 w    "  # round 13: paired, result blank (not played yet)
    b = player_line(2, "B", rank=2, points="0")
    p = parse(a + "\n" + b).players.set_index("name")
    # 1 + ½ + 0 + 1 + 0 + 1 + ½ + 0 + ½ + 1 + 1 + 0 + 0 = 6.5
    assert p.loc["A", "points"] == 6.5 and p.loc["A", "rounds_scored"] == 6.5
    assert p.loc["A", "games"] == 6  # 1 = 0 W D L


def test_trf_missing_optional_fields():
    """formats README, TRF: "Real files deviate: … blank rank, no ratings/IDs" — a record with only start number,
    name and points (no sex, title, rating, federation, ID, birth date, rank) is read, with blanks as missing."""
    line = put(put("001", 5, 8, "1", right=True), 15, 47, "Solo, Han")
    line = put(line, 81, 84, "1.5", right=True)
    issues = Issues()
    p = parse("012 T\n" + line, issues).players.iloc[0]
    assert p["name"] == "Solo, Han" and p["points"] == 1.5 and p["rank"] == 1
    for col in ("sex", "title", "rating", "fed", "fide_id", "birth_date"):
        assert p[col] is None or pd.isna(p[col]), col
    assert not issues.errors


def test_trf26_records_and_national_rating_lines_in_the_sample():
    """formats README, TRF26: "same 001 layout; new records 142 rounds, 162 scoring system, 202/212 tie-break
    codes, … and ### comment lines; national-rating lines use a federation code in columns 1–3"; "extension lines
    (XXR, XXC, BBW…, DAT…) … ignore unknown records". Added to the real sample, they change nothing."""
    lines = sample_lines()
    extra = ["### TRF26 comment", "142 5", "162 W 1.0 D 0.5", "202 EDET BH/C1 BH SB", "212 EDET",
             "XXC white1", "BBW  1.0", "BBD  0.5", "DAT 2024/08/01",
             "NOR    1 m    Alyx                              2210"]
    text = "\n".join(lines[:3] + extra + lines[3:])
    base = parse("\n".join(lines)).players
    issues = Issues()
    t = parse(text, issues)
    pd.testing.assert_frame_equal(t.players.drop(columns="line"), base.drop(columns="line"))
    assert t.rounds == 5 and [i.code for i in issues] == ["trf-rank-not-by-points"]


def test_trf_sample_ties_acf_share_fecodaz_keeps_rank(tmp_path):
    """formats README, TRF: "The rank column is after tiebreak (unique); the points column shows who is tied on
    score"; README: "for ACF, players level on points share the place; FECODAZ keeps the tiebreak rank". The real
    sample with its rank column replaced by a final ranking (its own order, which follows the points)."""
    lines = sample_lines()
    ranked = [ln if not ln.startswith("001") else put(ln, 86, 89, str(i), right=True)
              for i, ln in enumerate([x for x in lines if x.startswith("001")], start=1)]
    text = "\n".join([x for x in lines if not x.startswith("001")] + ranked)
    names = [r[1] for r in SAMPLE_ROWS]
    acf_places = ["1", "=2", "=2", "=2", "=2", "6", "=7", "=7", "=7", "=10", "=10", "=10", "=13", "=13", "=13",
                  "16"]
    for circuit, expected in (("acf", acf_places), ("fecodaz", [str(i) for i in range(1, 17)])):
        f = tmp_path / f"{circuit}.trf"
        f.write_text(text, encoding="utf-8")
        issues = Issues()
        book = trf_book(f, "t.trf", issues, circuits.get(circuit))
        # (the sample has a 042 start date and neither a 052 end date nor 132 round dates: the one warning)
        assert [i.code for i in issues.warnings] == ["trf-no-end-date"] and not issues.errors, \
            [i.text() for i in issues]
        rows = book.sheets["Results"].rows
        head = list(rows[0])
        got = [(r[head.index("Name")], str(r[head.index("Place")])) for r in rows[1:]]
        assert got == list(zip(names, expected)), circuit


@pytest.mark.parametrize("raw, expected", [("2024-08-01", dt.date(2024, 8, 1)), ("May 29, 2020", dt.date(2020, 5, 29))])
def test_trf_documented_date_deviations_in_the_sample(raw, expected):
    """formats README, TRF: "Real files deviate: … dates like 2024-08-01 or May 29, 2020" — the sample's 042
    start date rewritten in either form."""
    lines = [("042 " + raw) if ln.startswith("042") else ln for ln in sample_lines()]
    assert parse("\r\n".join(lines)).start == expected


# ============================================================================================ chess-results


def test_chessresults_columns_mapped_by_header_not_position(tmp_path):
    """formats README, chess-results: "a header row … containing Rk., SNo, an unlabelled title column before Name,
    FED, Rtg, Club/City, Pts., TB1…TBn (sometimes FideID, sex, Typ, Gr) … Map columns by header text, never by
    position." The same export with its columns shuffled (title column kept before Name) reads the same."""
    header = ["Rk.", "SNo", None, "Name", "sex", "FED", "Rtg", "FideID", "Club/City", "Pts.", "TB1"]
    body = [r for r in EXPORT[4:9]]
    order = [9, 10, 0, 7, 5, 2, 3, 1, 8, 6, 4]  # Pts. TB1 Rk. FideID FED <title> Name SNo Club/City Rtg sex
    shuffled = [[row[j] if j < len(row) else None for j in order] for row in [header, *body]]
    a = chessresults.read_export(write_book(tmp_path / "a.xlsx", {"S": [*EXPORT[:3], header, *body]}), "a", Issues())
    b = chessresults.read_export(write_book(tmp_path / "b.xlsx", {"S": [*EXPORT[:3], *shuffled]}), "b", Issues())
    cols = ["rank", "rank_shared", "title", "name", "fed", "rating", "fide_id", "sex", "club", "points", "start_no"]
    pd.testing.assert_frame_equal(a.players[cols], b.players[cols])
    assert list(b.players["points"]) == [5.5, 5.5, 4.5, 4.0, 3.5] and b.players.at[0, "title"] == "FM"
    assert b.columns["points"] == "A" and b.columns["name"] == "G"


def test_chessresults_spanish_export_half_symbol_and_blank_rank(tmp_path):
    """formats README, chess-results: "Spanish Rk./Pos., Club/Ciudad, Ptos. … Scores may use a decimal comma or ½.
    Tied players may show a blank Rk." — a Spanish export whose header is on row 4 (title, section, round line)."""
    rows = [["Abierto de Maracaibo"], ["Grupo A"], ["Clasificación final tras 6 rondas"],
            ["Rk.", "SNo", None, "Nombre", "FED", "Elo", "Club/Ciudad", "Ptos.", "Desemp1"],
            [1, 2, "MF", "Pérez, Ana", "VEN", 2200, "Zulia", "5½", 10],
            [None, 1, None, "Gómez, Luis", "VEN", 2100, "Zulia", "5,5", 10],
            [3, 3, None, "Díaz, Eva", "VEN", 0, "Falcón", "½", 1]]
    issues = Issues()
    ex = chessresults.read_export(write_book(tmp_path / "es.xlsx", {"Hoja1": rows}), "es.xlsx", issues)
    assert not issues.errors and not issues.warnings, [i.text() for i in issues]
    p = ex.players
    assert ex.header_row == 4 and ex.rounds == 6 and ex.name == "Abierto de Maracaibo"
    assert list(p["points"]) == [5.5, 5.5, 0.5]
    assert list(p["rank"]) == [1, 1, 3] and list(p["rank_shared"]) == [True, True, False]
    assert list(p["club"]) == ["Zulia", "Zulia", "Falcón"]
    assert pd.isna(p.at[2, "rating"])  # Elo 0: unrated


def test_chessresults_value_errors_point_at_the_export_cell(tmp_path):
    """formats README, chess-results: columns are found by header; an error in a value must name the cell the
    organiser can find in the export (brief: "bad files give a clear error naming the file and line/cell").
    A bad sex in the export's `sex` column (E6) is reported at E6 of canberra.xlsx."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    bad = [list(r) for r in EXPORT]
    bad[5][4] = "x"
    write_book(folder / "canberra.xlsx", {"Final Ranking": bad, "Tournament": T3_SETTINGS})
    errors = [(i.code, i.file, i.cell) for i in compute(folder).issues.errors]
    assert errors == [("bad-value", "canberra.xlsx", "E6")]


def test_chessresults_value_errors_name_the_export_sheet(tmp_path):
    """formats README, chess-results: the export's own sheet holds the ranking; a cell reference must name that
    sheet. A bad sex on sheet 'Final Ranking', cell E6, is reported as Results!E6."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    bad = [list(r) for r in EXPORT]
    bad[5][4] = "x"
    write_book(folder / "canberra.xlsx", {"Final Ranking": bad, "Tournament": T3_SETTINGS})
    errors = [(i.code, i.sheet, i.cell) for i in compute(folder).issues.errors]
    assert errors == [("bad-value", "Final Ranking", "E6")]


# ============================================================================================ rating lists


def test_fide_standard_list_sample_every_documented_column():
    """formats README, per-type TXT: "columns 1–15 ID, 16–76 name, 77–79 fed, 81 sex, 85–88 title, 90–93 women's
    title, … 114–117 rating, 120–122 games, … 127–130 birth year, 133–136 flag (i inactive, w woman). Take offsets
    from the header line." All three players of the real sample, including games and both title columns."""
    df = fide_list.read_rating_list(SAMPLES / STD_LIST, STD_LIST, Issues())
    rows = df.to_dict("records")
    assert [(r["fide_id"], r["name"], r["fed"], r["sex"], r["title"], r["w_title"], r["rating"], r["games"],
             r["birth_year"], r["flag"]) for r in rows] == [
        ("25121731", "A C J John", "IND", "M", None, None, 1063, 0, 1987, "i"),
        ("5045886", "A K, Kalshyan", "IND", "M", None, None, 1671, 0, 1964, None),
        ("4804929", "A-ALI, Sali Abbas Abdulzahra", "IRQ", "F", "WFM", "WFM", 1876, 13, 2001, "w")]
    assert df.attrs["month"] == "JAN23"


@pytest.mark.parametrize("eol", [b"\n", b"\r\n"])
def test_fide_list_line_endings_and_id_filter(tmp_path, eol):
    """formats README, FIDE rating lists: the TXT sample (CRLF) also read with LF endings, and keeping only the
    season's IDs (README: "0.4 s keeping only the season's IDs") gives the same rows for those IDs."""
    f = tmp_path / "standard.txt"
    f.write_bytes(sample_bytes(STD_LIST).replace(b"\r\n", eol))
    full = fide_list.read_rating_list(f, "standard.txt", Issues())
    only = fide_list.read_rating_list(f, "standard.txt", Issues(), ids={"4804929", "999"})
    assert list(full["rating"]) == [1063, 1671, 1876]
    assert only.to_dict("records") == full[full["fide_id"] == "4804929"].reset_index(drop=True).to_dict("records")


def test_fide_combined_list_player_with_no_standard_rating(tmp_path):
    """formats README, combined TXT: "same to column 112, then SRtng 114–117, SGm, SK, RRtng 127–130, …, B-day
    153–156, Flag 159–162". A player of the real sample's layout with a blank SRtng but a rapid rating is unrated
    for standard and rated for rapid."""
    lines = sample_bytes(COMBINED_LIST).decode("latin-1").split("\r\n")
    leko = lines[1]
    unrated = put(put(put(leko, 1, 15, "999001"), 114, 117, ""), 120, 126, "")
    unrated = put(unrated, 16, 76, "Doe, Jane")
    f = tmp_path / "players_list_foa.txt"
    f.write_bytes("\r\n".join([lines[0], leko, unrated, ""]).encode("latin-1"))
    std = fide_list.read_rating_list(f, "c.txt", Issues()).set_index("fide_id")
    rapid = fide_list.read_rating_list(f, "c.txt", Issues(), kind="rapid").set_index("fide_id")
    assert std.loc["703303", "rating"] == 2676 and pd.isna(std.loc["999001", "rating"])
    assert rapid.loc["999001", "rating"] == 2700 and std.loc["999001", "birth_year"] == 1979


def test_ratings_csv_with_utf8_bom_and_semicolons(tmp_path):
    """formats README, National lists: "DSU (Denmark) exports club member CSVs (Nummer;Født år;Navn;Klub;…;Rating;…)";
    a CSV saved by Excel as "CSV UTF-8" starts with a BOM; a player with no rating is unrated."""
    f = tmp_path / "dsu.csv"
    f.write_bytes(b"\xef\xbb\xbf" + "Nummer;Født år;Navn;Klub;Land;Rating;Kategori\n"
                  "00123;2010;Søren Ø;Aarhus;DEN;1450;A\n456;2011;Bo;Skanderborg;DEN;;B\n".encode())
    df = fide_list.read_rating_list(f, "dsu.csv", Issues())
    assert list(df["fide_id"]) == ["00123", "456"] and df.at[0, "name"] == "Søren Ø"
    assert df.at[0, "rating"] == 1450 and pd.isna(df.at[1, "rating"]) and list(df["birth_year"]) == [2010, 2011]


def test_ratings_folder_combined_list_fills_fide_rating(tmp_path):
    """README: "Rating lists (ACF cl. 11): put them in a ratings/ folder beside season.xlsx — a FIDE list (TXT per
    type or combined, XML …) fills FIDE rating … matched by ID." formats README: combined TXT takes SRtng 114–117
    for the standard list. A combined list (real sample layout) gives Jones, Cy his FIDE rating."""
    bare = [["ID", "Name", "State"], *[[r[0], r[1], r[4]] for r in REGISTER[1:]]]
    folder = mixed_season(tmp_path, register=bare)
    lines = sample_bytes(COMBINED_LIST).decode("latin-1").split("\r\n")
    cy = put(put(lines[1], 1, 15, "3200003"), 16, 76, "Jones, Cy")
    cy = put(cy, 114, 117, "1900")
    (folder / "ratings").mkdir()
    (folder / "ratings" / "players_list_foa.txt").write_bytes("\r\n".join([lines[0], cy, ""]).encode("latin-1"))
    result = compute(folder)
    assert not result.issues.errors, [i.text() for i in result.issues.errors]
    reg = result.season.players.set_index("id")
    assert reg.loc["3200003", "fide_rating"] == 1900


# ================================================================================================ import CLI


def _import(src: Path, circuit: str, out: Path):
    return CliRunner().invoke(main, ["import", str(src), "-c", circuit, "-o", str(out)])


@pytest.mark.parametrize("circuit", ["acf", "fecodaz", "aarhus"])
def test_cli_import_real_sample_trf(tmp_path, circuit):
    """formats README, TRF sample: `fide-tiebreak-exercise.trf` (16 players, 5 rounds); README: "gpcalc import
    open.trf -c acf -o open.xlsx writes a filled organiser template from any supported file". All 16 players land
    in the template with the TRF header's name and start date."""
    src = tmp_path / TRF_SAMPLE
    src.write_bytes(sample_bytes(TRF_SAMPLE))
    out = tmp_path / "out.xlsx"
    res = _import(src, circuit, out)
    assert res.exit_code == 0 and out.exists(), res.output
    from openpyxl import load_workbook

    wb = load_workbook(out)
    ws = wb["Results"]
    head = [c.value for c in ws[1]]
    names = [r[head.index("Name")] for r in ws.iter_rows(min_row=2, values_only=True) if r[head.index("Name")]]
    assert names == [r[1] for r in SAMPLE_ROWS]
    settings = {r[0]: r[1] for r in wb["Tournament"].iter_rows(min_row=2, values_only=True)}
    assert settings["Name"] == "FIDE C.07 2023 Tie-Break Exercises"
    assert settings["Start" if circuit != "aarhus" else "Date"].date() == dt.date(2024, 8, 1)


def test_cli_import_trf_without_players_names_file(tmp_path):
    """Brief/CONTRACT: a bad file gets a clear error naming the file, exit 1, nothing written. A TRF with headers
    but no 001 records."""
    src = tmp_path / "heads.trf"
    src.write_text("012 Only headers\n022 Town\n042 2024/08/01\n", encoding="utf-8")
    out = tmp_path / "o.xlsx"
    res = _import(src, "acf", out)
    assert res.exit_code == 1 and not out.exists()
    assert "heads.trf" in res.output and "trf-no-players" in res.output and "Traceback" not in res.output


def test_cli_import_to_a_missing_folder_is_a_clear_usage_error(tmp_path):
    """CONTRACT: "Never a Python traceback for anything a user can cause" — `gpcalc import` of the real sample to
    an output path in a folder that does not exist (run as the installed entry point)."""
    src = tmp_path / TRF_SAMPLE
    src.write_bytes(sample_bytes(TRF_SAMPLE))
    out = tmp_path / "no" / "such" / "dir" / "o.xlsx"
    res = subprocess.run([sys.executable, "-c", "from gpcalc.cli import run; run()", "import", str(src), "-c", "acf",
                          "-o", str(out)], capture_output=True, text=True, cwd=tmp_path)
    assert res.returncode == 2, res.stderr
    assert "Traceback" not in res.stderr and "cannot write" in res.stderr and "o.xlsx" in res.stderr


def test_cli_check_season_with_crlf_latin1_trf_and_sidecar(tmp_path):
    """formats README, TRF: "CR-only or CRLF endings"; README: "A FIDE TRF … in the season folder is a tournament.
    What TRF lacks … comes from a sidecar workbook with the same name beside it". `gpcalc check` on a season with a
    Latin-1 CRLF TRF saved as .txt plus its sidecar exits 0."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    (folder / "easter.txt").write_bytes(trf_text().replace("Smith, Ann", "Smith, Ánn").encode("latin-1"))
    write_book(folder / "easter.xlsx", {"Tournament": T2_SETTINGS})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 0, res.output
    assert "1 tournament" in res.output


# ============================================================================================== discrepancies


def test_import_trf_with_an_error_writes_nothing(tmp_path):
    """CONTRACT: "Exit status: … 1 the input has errors (nothing written …)". The real sample with one points field
    (columns 81–84, formats README: "81–84 points") spoilt to '1.x': the error is reported (line 17) but gpcalc
    import still writes out.xlsx with 15 of the 16 players and exits 0."""
    lines = sample_lines()
    i = next(k for k, ln in enumerate(lines) if "Genevieve" in ln)
    lines[i] = put(lines[i], 81, 84, " 1.x")
    src = tmp_path / "bad.trf"
    src.write_text("\n".join(lines), encoding="utf-8")
    out = tmp_path / "out.xlsx"
    res = _import(src, "acf", out)
    assert "line 17" in res.output and "trf-bad-points" in res.output
    assert res.exit_code == 1 and not out.exists()


def test_import_export_with_an_error_writes_nothing(tmp_path):
    """CONTRACT exit status 1 = input errors, nothing written; formats README: "Scores may use a decimal comma or
    ½" — a score 3.3 is neither: it is reported (Sheet1!G3) yet the template is written, exit 0."""
    src = write_book(tmp_path / "export.xlsx", {"Sheet1": [
        ["Open"], ["Rk.", "SNo", None, "Name", "FED", "Rtg", "Pts."],
        [1, 1, None, "Ann", "AUS", 1900, "3.3"], [2, 2, None, "Bob", "AUS", 1800, "2"]]})
    out = tmp_path / "out.xlsx"
    res = _import(src, "acf", out)
    assert "G3" in res.output and "bad-value" in res.output
    assert res.exit_code == 1 and not out.exists()


def test_trf_value_error_in_a_season_names_the_trf_line(tmp_path):
    """trf.py docstring and brief: "Every problem is an Issue naming the file and line". formats README: "70–79
    birth date YYYY/MM/DD". Smith, Ann's birth date (line 6 of open.trf) set to 2090/01/01: gpcalc check reports
    'open.trf Results!D2', a sheet and cell a TRF does not have."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    lines = trf_text().split("\r\n")
    assert "Smith, Ann" in lines[5]
    lines[5] = put(lines[5], 70, 79, "2090/01/01")
    (folder / "open.trf").write_text("\r\n".join(lines), encoding="utf-8")
    write_book(folder / "open.xlsx", {"Tournament": T2_SETTINGS})
    errors = [(i.code, i.file, i.cell) for i in compute(folder).issues.errors]
    assert errors == [("bad-born", "open.trf", "line 6")]


def test_empty_trf_in_a_season_is_an_error_naming_it(tmp_path):
    """README: "A FIDE TRF (.trf …) in the season folder is a tournament"; CONTRACT: a file that is not a
    tournament "is an error that names the file — never silently skipped". A 0-byte open.trf (a failed export)
    beside its sidecar: gpcalc reports nothing about open.trf (the sidecar is then read as an ordinary workbook and
    gets 'missing-sheet'); without a sidecar only 'no-tournaments' is warned."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    (folder / "open.trf").write_bytes(b"")
    issues = compute(folder).issues
    assert [i.file for i in issues.errors] == ["open.trf"]


def test_fide_txt_list_with_utf8_bom_is_read(tmp_path):
    """formats README, per-type TXT: "header `ID Number  Name …` … Take offsets from the header line". The real
    standard-list sample re-saved with a UTF-8 BOM (e.g. by Notepad) is refused with "the header line has no
    fide_id column (read: '\\ufeffID Number…')", although detect_kind (which drops the BOM) calls it a FIDE TXT."""
    f = tmp_path / "standard.txt"
    f.write_bytes(b"\xef\xbb\xbf" + sample_bytes(STD_LIST))
    issues = Issues()
    df = fide_list.read_rating_list(f, "standard.txt", issues)
    assert not issues.errors, [i.text() for i in issues]
    assert list(df["rating"]) == [1063, 1671, 1876]


def test_fide_combined_xml_blank_rapid_rating_is_unrated(tmp_path):
    """formats README, XML: "<playerslist><player> with fideid, name, …, rating, games, k, birthday, flag (combined
    adds rapid_/blitz_ fields)" — in the combined XML `rating` is the standard rating. A player rated 2000 standard
    with an empty <rapid_rating> is read as rapid 2000."""
    f = tmp_path / "players_list_xml_foa.xml"
    f.write_text("""<?xml version="1.0" encoding="ISO-8859-1"?>
<playerslist>
<player><fideid>1</fideid><name>A</name><country>HUN</country><sex>M</sex><title></title><w_title></w_title>
<o_title></o_title><foa_title></foa_title><rating>2000</rating><games>0</games><k>20</k><rapid_rating></rapid_rating>
<rapid_games></rapid_games><rapid_k></rapid_k><blitz_rating>1900</blitz_rating><blitz_games>0</blitz_games>
<blitz_k>20</blitz_k><birthday>1990</birthday><flag></flag></player>
</playerslist>""", encoding="latin-1")
    rapid = fide_list.read_rating_list(f, "x.xml", Issues(), kind="rapid")
    assert pd.isna(rapid.at[0, "rating"])


def test_ratings_csv_bad_rating_is_printed_with_its_line(tmp_path):
    """Brief: a bad file gets "a clear error naming the file and line/cell". A coordinator's ratings CSV (README:
    "any other table (CSV/xlsx with ID and rating columns)") with '18x0' on line 2: the issue carries cell 'line 2'
    but `gpcalc check` prints only "ratings/acf.csv  warning: rating '18x0' of 3200001 is not a number"."""
    folder = mixed_season(tmp_path)
    (folder / "ratings").mkdir()
    (folder / "ratings" / "acf.csv").write_text("ID,Name,Rating\n3200001,\"Smith, Ann\",18x0\n", encoding="utf-8")
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert "bad-rating" in res.output
    assert "line 2" in res.output
