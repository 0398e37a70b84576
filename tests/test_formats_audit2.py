"""Second audit of the foreign-format readers (TRF + sidecar, chess-results exports, rating lists, `gpcalc import`)
against /work/shared/formats/README.md ("formats README"), CONTRACT.md and the README section "Files organisers
already have".

Six defects found, fixed on 30 November: a sidecar's blank Name/Start/End rows blocked the TRF's own values; an
Aarhus TRF never got a group (a sidecar Groups sheet with one row now gives it); a CSV headed "ID Number" was taken
for a FIDE TXT list; a CSV with a title line was refused; "1850.0" was read as 18500 (parse.whole_number); a
repeated ID in a list was warned without its line. The other tests pin behaviour that was checked and found right
(not covered by test_formats.py, test_formats_season.py or test_formats_audit.py). Inputs are written into tmp_path.
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pandas as pd
import pytest
from click.testing import CliRunner

from gpcalc.cli import main
from gpcalc.formats import chessresults, fide_list
from gpcalc.issues import Issues
from gpcalc.pipeline import compute
from tests.builders import make_season, write_book
from tests.test_formats import player_line
from tests.test_formats_season import REGISTER, SEASON, T2_SETTINGS, trf_text

SHARED = Path(__file__).parent / "data" / "formats"  # copies of /work/shared/formats samples
STD_LIST = "fide-standard-list.txt"


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(tmp_path / "cache"))


def rating_list(tmp_path: Path, name: str, data: str | bytes, **kw):
    f = tmp_path / name
    f.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    issues = Issues()
    return fide_list.read_rating_list(f, name, issues, **kw), issues


# ============================================================================================ TRF + sidecar


def test_sidecar_blank_name_and_dates_are_taken_from_the_trf(tmp_path):
    """README: "name, dates and rounds are taken from the TRF when the sidecar leaves them blank"; formats README,
    TRF: 012 name, 042 start date, 052 end date. The sidecar is the template's Tournament sheet with Name, Start and
    End left blank (rows present, values empty), the rest filled in."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    (folder / "open.trf").write_text(trf_text(), encoding="utf-8")
    rows = [["Setting", "Value"], ["Name", None], ["Start", None], ["End", None],
            *[[k, v] for k, v in T2_SETTINGS.items() if k not in ("Name", "Start", "End")]]
    write_book(folder / "open.xlsx", {"Tournament": rows})
    result = compute(folder)
    assert not result.issues.errors, [(i.code, i.file, i.cell) for i in result.issues.errors]
    t = result.season.tournaments.set_index("tournament")
    assert t.loc["Brisbane Easter Cup", "start"] == dt.date(2005, 3, 25)
    assert t.loc["Brisbane Easter Cup", "end"] == dt.date(2005, 3, 27)


def test_sidecar_values_override_the_trf_header(tmp_path):
    """README: the sidecar holds the Tournament sheet; the TRF fills only what it leaves out. A sidecar whose Name and
    Start differ from the TRF's 012/042 wins."""
    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    (folder / "open.trf").write_text(trf_text(name="TRF name", start="2005/03/20"), encoding="utf-8")
    write_book(folder / "open.xlsx", {"Tournament": T2_SETTINGS})
    result = compute(folder)
    assert not result.issues.errors
    t = result.season.tournaments.set_index("tournament")
    assert list(t.index) == ["Brisbane Easter Cup"] and t.loc["Brisbane Easter Cup", "start"] == dt.date(2005, 3, 25)


AARHUS_TRF = ["012 GPT 1", "042 2024/09/01", "XXR 2",
              player_line(1, "Hansen, Bo", rating=1500, born="2012", points="2.0", rank=1,
                          rounds=[(2, "w", "1"), (3, "b", "1")]),
              player_line(2, "Jensen, Ib", rating=1400, born="2011", points="1.0", rank=2,
                          rounds=[(1, "b", "0"), (3, "w", "1")]),
              player_line(3, "Nielsen, Al", sex="w", born="2013", points="0", rank=3,
                          rounds=[(2, "b", "0"), (1, "w", "0")])]


def test_aarhus_trf_takes_its_group_from_the_sidecar(tmp_path):
    """README: "What TRF lacks (prize money, State, kind, sections…) comes from a sidecar workbook"; ruling "one TRF is
    one section". CONTRACT: aarhus tournaments have an extra `Groups` sheet (Group | Rounds). The sidecar names one
    group, C, with 2 rounds: every TRF player played group C."""
    folder = make_season(tmp_path, {"Circuit": "aarhus", "Season": "2024/2025", "GPTs": 1})
    (folder / "gpt1.trf").write_text("\r\n".join(AARHUS_TRF) + "\r\n", encoding="latin-1")
    write_book(folder / "gpt1.xlsx", {"Tournament": {"Kind": "GPT"}, "Groups": [["Group", "Rounds"], ["C", 2]]})
    result = compute(folder)
    assert not result.issues.errors, [(i.code, i.file, i.cell, i.message) for i in result.issues.errors]
    assert set(result.season.results["group"].astype(str)) == {"C"}


def test_fecodaz_trf_with_sidecar_reads_titles_ratings_games(tmp_path):
    """formats README, TRF: 11–13 title, 49–52 FIDE rating, rounds from column 92 (a '-' forfeit is not a game).
    A FECODAZ season with a TRF + sidecar: titles, FIDE ratings, scores, games and places come through."""
    from tests.test_fecodaz import POINTS

    lines = ["012 Abierto Valle", "042 2009/03/01", "052 2009/03/04", "XXR 2",
             player_line(1, "Pérez, Ana", sex="w", title="WFM", rating=2100, fed="COL", fide_id=4100001,
                         born="1990/05/01", points="2.0", rank=1, rounds=[(2, "w", "1"), (3, "b", "1")]),
             player_line(2, "Gómez, Luis", rating=2000, fed="COL", fide_id=4100002, born="1985", points="1.0",
                         rank=2, rounds=[(1, "b", "0"), (3, "w", "1")]),
             player_line(3, "Díaz, Eva", sex="w", fed="COL", points="0.0", rank=3,
                         rounds=[(0, "-", "-"), (2, "b", "0")])]
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009"}, sheets={"Points": POINTS})
    (folder / "valle.trf").write_bytes("\r\n".join(lines).encode("cp1252"))
    write_book(folder / "valle.xlsx", {"Tournament": {"Kind": "Open", "Host league": "Valle", "Base category": 2,
                                                      "IRT": "Yes", "Norms": "None", "Cash prizes": "Yes"}})
    result = compute(folder)
    assert not result.issues.errors, [i.text() for i in result.issues.errors]
    r = result.season.results.set_index("name")
    assert list(r["place"]) == [1, 2, 3] and list(r["score"]) == [2.0, 1.0, 0.0] and list(r["games"]) == [2, 2, 1]
    assert r.loc["Pérez, Ana", "title"] == "WFM" and r.loc["Gómez, Luis", "fide_rating"] == 2000
    assert pd.isna(r.loc["Díaz, Eva", "fide_rating"])


def test_import_fecodaz_then_check(tmp_path):
    """README: `gpcalc import` writes a filled organiser template, to complete in Excel; completed, `gpcalc check`
    reads it without errors (the derived Place, Score, Games, Title, FIDE rating cells are valid input)."""
    from openpyxl import load_workbook

    from tests.test_fecodaz import POINTS

    src = tmp_path / "valle.trf"
    src.write_text("\n".join(["012 Abierto Valle", "042 2009/03/01", "052 2009/03/04", "XXR 6",
                              player_line(1, "Pérez, Ana", sex="w", title="WIM", rating=2100, fide_id=4100001,
                                          born="1990/05/01", points="4,5", rank=1),
                              player_line(2, "Gómez, Luis", rating=2000, born="1985", points="4.5", rank=2)]),
                   encoding="utf-8")
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009"}, sheets={"Points": POINTS})
    out = folder / "valle.xlsx"
    res = CliRunner().invoke(main, ["import", str(src), "-c", "fecodaz", "-o", str(out)])
    assert res.exit_code == 0, res.output
    wb = load_workbook(out)
    ws = wb["Tournament"]
    fill = {"Kind": "Open", "Host league": "Valle", "Base category": 2, "IRT": "Yes", "Norms": "None",
            "Cash prizes": "Yes"}
    for r in range(2, ws.max_row + 1):
        if ws.cell(r, 1).value in fill:
            ws.cell(r, 2, value=fill[ws.cell(r, 1).value])
    wb.save(out)
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 0, res.output
    r = compute(folder).season.results.set_index("name")
    assert list(r["place"]) == [1, 2] and list(r["score"]) == [4.5, 4.5]  # FECODAZ keeps the tiebreak rank


# ============================================================================================ chess-results


def test_chessresults_german_export_with_dwz_and_dotted_ranks(tmp_path):
    """formats README, chess-results: German `Rg.`, `Verein/Ort`, `Pkt.`; `½` scores; columns by header text. A
    German export with both Elo and DWZ columns and ranks written '1.'."""
    rows = [["Stadtmeisterschaft 2024"], ["Endstand nach 7 Runden"], [],
            ["Rg.", "Snr", None, "Name", "Land", "Elo", "DWZ", "Verein/Ort", "Pkt.", "Wtg1", "Wtg2"],
            ["1.", 3, "FM", "Meier, Jan", "GER", 2200, 2150, "SK Nord", "5½", 20, 18],
            ["2.", 1, None, "Kühn, Eva", "GER", "2.050", None, "SC Süd", "5", 19, 17]]
    issues = Issues()
    ex = chessresults.read_export(write_book(tmp_path / "de.xlsx", {"Tabelle1": rows}), "de.xlsx", issues)
    assert not issues.errors and not issues.warnings, [i.text() for i in issues]
    p = ex.players
    assert list(p["rank"]) == [1, 2] and list(p["points"]) == [5.5, 5.0]
    assert list(p["rating"]) == [2200, 2050] and p.at[0, "national_rating"] == 2150
    assert list(p["club"]) == ["SK Nord", "SC Süd"] and ex.rounds == 7 and p.at[0, "title"] == "FM"


# ============================================================================================ rating lists


@pytest.mark.parametrize("sep", [",", ";"])
def test_ratings_csv_headed_id_number_is_a_table(tmp_path, sep):
    """formats README, National lists: "accept a plain CSV/xlsx ratings table that the coordinator provides". A CSV
    whose columns are headed like FIDE's (ID Number, Name, Rating) is such a table."""
    df, issues = rating_list(tmp_path, "acf.csv", f"ID Number{sep}Name{sep}Rating\n3101{sep}\"Smith, Ann\"{sep}1850\n")
    assert not issues.errors, [i.text() for i in issues]
    assert list(df["fide_id"]) == ["3101"] and list(df["rating"]) == [1850]


def test_ratings_csv_with_a_title_line(tmp_path):
    """formats README, National lists: a plain CSV ratings table from the coordinator; fide_list.read_table looks for
    the header "in the first 10 rows". Line 1 is a title, line 2 the header."""
    df, issues = rating_list(tmp_path, "acf.csv", "ACF ratings December 2004\nID,Name,Rating\n3101,\"Smith, Ann\",1850\n")
    assert not issues.errors, [i.text() for i in issues]
    assert list(df["rating"]) == [1850]


def test_ratings_csv_rating_with_decimal_zero(tmp_path):
    """formats README, National lists: a plain CSV ratings table; a rating 1850.0 is 1850 (or a warning), never
    18500."""
    df, issues = rating_list(tmp_path, "acf.csv", "ID,Name,Rating\n3101,Ann,1850.0\n3102,Bob,1.700\n")
    assert df.set_index("fide_id").loc["3101", "rating"] == 1850


def test_rating_list_player_listed_twice_names_the_line(tmp_path):
    """CONTRACT: bad input gets a clear message naming the file, the place, what is wrong and how to write it.
    The real standard-list sample with its first player repeated on line 3 (with another rating)."""
    lines = (SHARED / STD_LIST).read_bytes().split(b"\r\n")
    data = b"\r\n".join([lines[0], lines[1], lines[1].replace(b"1063", b"1100"), lines[2], b""])
    df, issues = rating_list(tmp_path, "standard.txt", data)
    assert list(df["rating"]) == [1063, 1671]  # the first is used
    dup = [i for i in issues if i.code == "duplicate-id"]
    assert dup and dup[0].file == "standard.txt" and dup[0].cell == "line 3" and dup[0].hint


def test_fide_list_inactive_flag_and_woman_flag_kept(tmp_path):
    """formats README, per-type TXT: "133–136 flag (i inactive, w woman)" — the flags are kept as written (wi = both)
    and an inactive player keeps the published rating."""
    lines = (SHARED / STD_LIST).read_bytes().decode("latin-1").split("\r\n")
    wi = lines[3].replace("4804929", "4804930").rstrip()
    wi = wi[:-1] + "wi"
    df, issues = rating_list(tmp_path, "standard.txt", "\r\n".join([lines[0], lines[1], wi, ""]).encode("latin-1"))
    assert not issues.errors
    assert list(df["flag"]) == ["i", "wi"] and list(df["rating"]) == [1063, 1876]


def test_uppercase_trf_with_sidecar_and_export_with_tournament_sheet_first(tmp_path):
    """README: a TRF + same-stem sidecar is a tournament; a chess-results export with the template's Tournament sheet
    copied in is one. Upper-case names (OPEN.TRF + OPEN.XLSX, as Windows tools write them) and the Tournament sheet
    placed before the ranking sheet are read."""
    from tests.test_formats_season import EXPORT, T3_SETTINGS

    folder = make_season(tmp_path, SEASON, sheets={"Players": REGISTER})
    write_book(folder / "canberra.xlsx", {"Tournament": T3_SETTINGS, "Final Ranking": EXPORT})
    (folder / "OPEN.TRF").write_text(trf_text(), encoding="utf-8")
    write_book(folder / "OPEN.XLSX", {"Tournament": T2_SETTINGS})
    result = compute(folder)
    assert not result.issues.errors, [i.text() for i in result.issues.errors]
    assert sorted(result.season.tournaments["tournament"]) == ["Brisbane Easter Cup", "Canberra Autumn Open 2005"]
