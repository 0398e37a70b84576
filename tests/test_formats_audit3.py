"""Damaged files organisers already have (1 December audit of the TRF, chess-results and FIDE-list readers).

Each test is one defect the audit found — damaged input that gave no error, or only a warning, while the build
wrote standings that were silently wrong — and cites the promise it broke: README "What bad input gets" (a clear
error naming the file, the line or cell, what is wrong and how to write it; never a silently wrong number) and
the formats README (`tests/data/formats/README.md`, a copy of the shared format facts).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pandas as pd
import pytest

from gpcalc import circuits
from gpcalc.formats import chessresults, fide_list, trf, trf_book
from gpcalc.issues import Issues
from gpcalc.pipeline import compute
from tests.builders import make_season, write_book
from tests.test_formats import player_line

HEADER = ["012 Test Open 2024", "042 2024/03/01", "052 2024/03/03", "062 4"]
PLAYERS = [
    player_line(1, "Smith, John", rating=2450, fide_id=3200001, points="2.5", rank=1,
                rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")]),
    player_line(2, "Nguyen, Anna", sex="w", rating=2100, fide_id=3200002, points="2.0", rank=2,
                rounds=[(1, "b", "0"), (4, "w", "1"), (3, "w", "1")]),
    player_line(3, "Brown, Sam", rating=1900, points="1.5", rank=3,
                rounds=[(4, "b", "1"), (1, "w", "="), (2, "b", "0")]),
    player_line(4, "Lee, Chris", sex="w", rating=1500, points="0.0", rank=4,
                rounds=[(3, "w", "0"), (2, "b", "0"), (1, "b", "0")]),
]


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch, tmp_path):
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(tmp_path / "cache"))


def parse(lines: list[str]) -> tuple[trf.TrfTournament | None, Issues]:
    issues = Issues()
    return trf.parse_trf("\n".join(lines) + "\n", "t.trf", issues), issues


def codes(issues: Issues, severity: str = "error") -> list[str]:
    return [i.code for i in issues if i.severity == severity]


def test_the_intact_file_reads_without_a_word():
    t, issues = parse([*HEADER, *PLAYERS])
    assert t is not None and not issues.errors and not issues.warnings, [i.text() for i in issues]
    assert list(t.players["name"]) == ["Smith, John", "Nguyen, Anna", "Brown, Sam", "Lee, Chris"]


def test_a_001_record_moved_right_by_a_space_is_an_error_not_a_missing_player():
    """formats README: fixed columns, the record code in columns 1–3. A 001 line with a leading space was ignored as
    an unknown record: Lee lost her place (and her points went to no one), with only a warning."""
    t, issues = parse([*HEADER, *PLAYERS[:3], " " + PLAYERS[3]])
    errors = [i for i in issues.errors]
    assert [i.code for i in errors] == ["trf-columns"], [i.text() for i in issues]
    assert errors[0].cell == "line 8" and "column 2, not in column 1" in errors[0].message
    assert "delete the blank" in errors[0].hint


def test_a_file_cut_short_is_an_error_by_its_062_count():
    """TRF 062 "number of players": a file that ends before its last players (an e-mail attachment cut off) was
    read with the players it still had, and their places given out anew."""
    t, issues = parse([*HEADER, *PLAYERS[:2]])
    assert codes(issues) == ["trf-player-count"], [i.text() for i in issues]
    err = issues.errors[0]
    assert (err.sheet, err.cell) == ("062", "line 4") and "says 4 players" in err.message and "2 player" in err.message
    # (the opponents who have no 001 line are part of the same problem: one message, not one per player)
    assert "trf-unknown-opponent" not in codes(issues)


def test_an_opponent_without_a_player_record_is_an_error_without_062():
    t, issues = parse([h for h in HEADER if not h.startswith("062")] + PLAYERS[:3])
    assert set(codes(issues)) == {"trf-unknown-opponent"}, [i.text() for i in issues]


def test_more_records_than_062_says_is_only_a_warning():
    t, issues = parse([*HEADER[:3], "062 3", *PLAYERS])
    assert not issues.errors and codes(issues, "warning") == ["trf-player-count"]


def test_a_round_paired_without_results_is_not_a_final_report():
    """A TRF exported after the last round was paired but before it was played: every player had the last round's
    opponent and a blank result, which read as a loss — standings after round 2 passed as final. One error per
    round, at its first player's line."""
    unplayed = [ln[:118].rstrip() for ln in PLAYERS]  # round 3 (columns 112–121): its result (column 119) blank
    t, issues = parse([*HEADER, *unplayed])
    assert codes(issues) == ["trf-no-result"], [i.text() for i in issues]
    err = issues.errors[0]
    assert err.cell == "line 5" and "round 3 is paired but has no results" in err.message and "3 more" in err.message


def test_points_beyond_the_rounds_are_an_error():
    """3.5 points from 3 rounds (a typo in columns 81–84) was a note dropped when every player's points differ."""
    t, issues = parse([*HEADER, PLAYERS[0].replace(" 2.5 ", " 3.5 "), *PLAYERS[1:]])
    assert codes(issues) == ["trf-bad-points"] and issues.errors[0].cell == "line 5"


def test_points_beyond_the_rounds_are_read_as_given_with_a_162_scoring_record():
    """TRF26 162: another scoring (3 for a win): points above the rounds are what it gives."""
    t, issues = parse([*HEADER, "162 W    3.0    D    1.0", PLAYERS[0].replace(" 2.5 ", " 7.0 "), *PLAYERS[1:]])
    assert "trf-bad-points" not in codes(issues)


def test_no_052_takes_the_last_round_date_and_says_so_when_there_is_none(tmp_path):
    """TRF 052 end date, 132 round dates (YY/MM/DD). Without 052 the end was set to the start: an 8-day event read
    as one day (no cl. 4(3) warning, a false 'reported late')."""
    dates = "132" + " " * 88 + "24/03/01  24/03/04  24/03/08"
    t, issues = parse([HEADER[0], HEADER[1], dates, *PLAYERS])
    assert t.round_dates == [dt.date(2024, 3, 1), dt.date(2024, 3, 4), dt.date(2024, 3, 8)]
    f = tmp_path / "a.trf"
    f.write_text("\n".join([HEADER[0], HEADER[1], dates, *PLAYERS]) + "\n", encoding="utf-8")
    issues = Issues()
    book = trf_book(f, "a.trf", issues, circuits.get("acf"))
    rows = {r[0]: r[1] for r in book.sheets["Tournament"].rows[1:]}
    assert rows["End"] == dt.date(2024, 3, 8) and not issues.warnings
    f.write_text("\n".join([HEADER[0], HEADER[1], *PLAYERS]) + "\n", encoding="utf-8")
    issues = Issues()
    book = trf_book(f, "a.trf", issues, circuits.get("acf"))
    assert {r[0]: r[1] for r in book.sheets["Tournament"].rows[1:]}["End"] == dt.date(2024, 3, 1)
    assert codes(issues, "warning") == ["trf-no-end-date"] and issues.warnings[0].cell == "line 2"


def test_a_ranked_export_row_without_a_name_is_an_error(tmp_path):
    """chess-results export: a row with a rank and points but a blank name was skipped as a footnote — the places
    below it moved up, and the next player took its points."""
    rows = [["Test Open"], ["Final Ranking after 5 Rounds"], [],
            ["Rk.", "SNo", "Name", "FED", "Rtg", "Pts."],
            [1, 1, "Smith, John", "AUS", 2450, 4], [2, 2, None, "AUS", 2100, 3.5],
            [3, 3, "Brown, Sam", "AUS", 1900, 3], ["Tie Break1: Buchholz"]]
    issues = Issues()
    chessresults.read_export(write_book(tmp_path / "x.xlsx", {"Sheet1": rows}), "x.xlsx", issues)
    assert [(i.code, i.cell) for i in issues.errors] == [("blank", "C6")], [i.text() for i in issues]
    assert "rank and points but no name" in issues.errors[0].message


def test_a_fide_list_cut_inside_its_last_line_is_an_error(tmp_path):
    """FIDE TXT list (formats README): fixed width. A download cut inside the last line read its rating as '19'
    (for 1950) and lost every player after it, without a word."""
    text = (Path(__file__).parent / "data" / "formats" / "fide-standard-list.txt").read_text(encoding="utf-8")
    lines = text.splitlines()
    rating_end = fide_list.txt_layout(lines[0])["rating"][1]
    cut = "\n".join(lines[:3]) + "\n" + lines[3][:rating_end - 2]
    f = tmp_path / "list.txt"
    f.write_text(cut, encoding="utf-8")
    issues = Issues()
    frame = fide_list.read_rating_list(f, "list.txt", issues)
    assert [(i.code, i.cell) for i in issues.errors] == [("bad-list-line", "line 4")], [i.text() for i in issues]
    assert len(frame) == 2  # (the cut line is not read)
    f.write_text("\n".join(lines[:4]), encoding="utf-8")  # complete, only the final newline missing: fine
    issues = Issues()
    assert len(fide_list.read_rating_list(f, "list.txt", issues)) == 3 and not issues.errors


def test_a_fide_list_outside_ratings_is_said_not_read(tmp_path):
    """README: a file in the season folder is never skipped without a word (a CSV there already said so); a FIDE
    TXT list beside season.xlsx instead of in ratings/ was ignored silently."""
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": 2005}, tournaments={})
    (folder / "fide-jan05.txt").write_bytes((Path(__file__).parent / "data" / "formats" /
                                             "fide-standard-list.txt").read_bytes())
    season = compute(folder, use_cache=False).season
    said = [i for i in season.issues if i.code == "not-read"]
    assert [i.file for i in said] == ["fide-jan05.txt"] and "ratings/" in said[0].hint


def test_a_birth_date_that_is_no_date_is_said():
    """TRF 70–79 birth date YYYY/MM/DD: '1980/13/45' became the year 1980 without a word (and 'abc' no birth at
    all) — the birth decides junior and youth eligibility."""
    bad = PLAYERS[0][:69] + "1980/13/45" + PLAYERS[0][79:]
    junk = PLAYERS[1][:69] + "abc       " + PLAYERS[1][79:]
    t, issues = parse([*HEADER, bad, junk, *PLAYERS[2:]])
    said = [(i.code, i.cell) for i in issues.warnings]
    assert said == [("trf-bad-born", "line 5"), ("trf-bad-born", "line 6")], [i.text() for i in issues]
    assert "read as the year 1980" in issues.warnings[0].message and "no birth date" in issues.warnings[1].message
    years = t.players.set_index("name")["birth_year"]
    assert years["Smith, John"] == 1980 and pd.isna(years["Nguyen, Anna"])


def test_a_central_european_code_page_is_said():
    """Non-UTF-8 text files are read as Windows-1252 (README); a Windows-1250 file's 'Łukasiewicz, Michał' then
    reads '£ukasiewicz, Micha³' — now with a warning naming the line and how to save the file."""
    first = player_line(1, "Łukasiewicz, Michał", rating=2450, fide_id=3200001, points="2.5", rank=1,
                        rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")])
    lines = [*HEADER, first, *PLAYERS[1:]]
    data = ("\n".join(lines) + "\n").encode("cp1250")
    issues = Issues()
    t = trf.parse_trf(data, "t.trf", issues)
    assert t.players.at[0, "name"] == "£ukasiewicz, Micha³"  # (read as Windows-1252: what the warning is about)
    assert [(i.code, i.cell) for i in issues.warnings] == [("trf-encoding", "line 5")], [i.text() for i in issues]
    assert "Windows-1250" in issues.warnings[0].message and "UTF-8" in issues.warnings[0].hint
    issues = Issues()  # the same names in Windows-1252's own letters (ß, é, ø) are not suspected
    west = player_line(1, "Müßig-Sørensen, Élise", rating=2450, fide_id=3200001, points="2.5", rank=1,
                       rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")])
    trf.parse_trf(("\n".join([*HEADER, west, *PLAYERS[1:]]) + "\n").encode("cp1252"), "t.trf", issues)
    assert not issues.warnings and not issues.errors, [i.text() for i in issues]


def test_an_export_whose_points_go_up_down_the_list_is_one_error_at_the_points(tmp_path):
    """README: for ACF "players level on points share the place" — the places are worked out from the points, so
    points that go up down a final ranking (Brown 4½ listed below Nguyen's 4) gave a place-order error naming a
    place ("place 1 comes after place 3") at a Rk. cell that shows 3. Now one error, at the points cell that goes
    up, and nothing more about the file."""
    from tests.test_formats_season import T3_SETTINGS

    rows = [["Test Open"], ["Final Ranking after 5 Rounds"], [],
            ["Rk.", "SNo", "Name", "FED", "Rtg", "Pts."],
            [1, 3, "Smith, John", "AUS", 2450, 4.5], [2, 1, "Nguyen, Anna", "AUS", 2100, 4],
            [3, 2, "Brown, Sam", "AUS", 1900, 4.5], [4, 4, "Lee, Chris", "AUS", 1500, 3]]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments={})
    write_book(folder / "open.xlsx", {"Final Ranking": rows, "Tournament": T3_SETTINGS})
    issues = compute(folder, use_cache=False).season.issues
    errors = [(i.code, i.file, i.cell) for i in issues.errors]
    assert errors == [("points-order", "open.xlsx", "F7")], [i.text() for i in issues]
    assert "Brown, Sam has 4.5 points, more than Nguyen, Anna" in issues.errors[0].message


def test_an_export_headed_after_round_n_is_warned_and_points_beyond_it_are_errors(tmp_path):
    """chess-results headings: "Final Ranking after 5 Rounds" is final; "Rank after Round 3" is the ranking during
    the tournament. It was read as final without a word — and its points (4½ after 3 rounds: a title left from an
    earlier export) passed."""
    def read(title: str, points: list) -> tuple:
        rows = [["Test Open"], [title], [], ["Rk.", "SNo", "Name", "Pts."],
                *[[i, i, n, p] for i, (n, p) in enumerate(zip(["Smith, John", "Nguyen, Anna", "Brown, Sam"], points),
                                                         start=1)]]
        issues = Issues()
        ex = chessresults.read_export(write_book(tmp_path / "x.xlsx", {"Sheet1": rows}), "x.xlsx", issues)
        return ex, issues

    ex, issues = read("Rank after Round 3", [3, 2, 1.5])
    assert ex.rounds == 3 and not issues.errors
    assert [(i.code, i.cell) for i in issues.warnings] == [("not-final", "A2")], [i.text() for i in issues]
    ex, issues = read("Rank after Round 3", [4.5, 2, 1.5])
    assert [(i.code, i.cell) for i in issues.errors] == [("bad-value", "D5")]
    ex, issues = read("Final Ranking after 5 Rounds", [4.5, 2, 1.5])
    assert ex.rounds == 5 and not issues.errors and not issues.warnings, [i.text() for i in issues]


# ------------------------------------------------------------------ the review of the checks above: no false alarms


def test_132_dates_are_read_whichever_way_puts_them_at_the_tournament():
    """TRF 132 is YY/MM/DD, but some programs write DD/MM/YY: '29/08/24' read as YY/MM/DD is 2029-08-24 — or, in
    the last century, 1929. A two-digit date is read the way that lies within 60 days of the start; none → left
    out (the end is then said to be missing, never a date decades off)."""
    ddmmyy = "132" + " " * 88 + "29/08/24  30/08/24  31/08/24"
    t, _ = parse(["012 Open", "042 2024/08/29", ddmmyy, *PLAYERS])
    assert t.round_dates == [dt.date(2024, 8, 29), dt.date(2024, 8, 30), dt.date(2024, 8, 31)]
    year_off = "132" + " " * 88 + "25/03/01  25/03/02"  # YY/MM/DD a year after the 042 start: no reading fits
    t, _ = parse(["012 Open", "042 2024/03/01", year_off, *PLAYERS])
    assert t.round_dates == []


def test_other_scoring_records_and_spanish_abbreviations_raise_no_false_alarm():
    """bbpPairings / JaVaFo write their scoring in an XXS record (a win 3 points): points above the rounds are
    theirs. 'Mª Carmen' and 'Nº' are Spanish, not a code page mix-up."""
    xxs = parse([*HEADER, "XXS WW=3 BW=3 WD=1 BD=1", PLAYERS[0].replace(" 2.5 ", " 7.0 "), *PLAYERS[1:]])[1]
    assert "trf-bad-points" not in codes(xxs)
    spanish = player_line(1, "Ruiz, Mª Carmen", sex="w", rating=2450, fide_id=3200001, points="2.5", rank=1,
                          rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")])
    issues = Issues()
    trf.parse_trf(("\n".join(["012 XXXVº Open Nº 3", *HEADER[1:], spanish, *PLAYERS[1:]]) + "\n").encode("cp1252"),
                  "t.trf", issues)
    assert not issues.warnings and not issues.errors, [i.text() for i in issues]


def test_the_code_page_warning_names_the_line_of_a_cr_only_file():
    first = player_line(1, "Łukasiewicz, Michał", rating=2450, fide_id=3200001, points="2.5", rank=1,
                        rounds=[(2, "w", "1"), (3, "b", "="), (4, "w", "1")])
    issues = Issues()
    trf.parse_trf(("\r".join([*HEADER, first, *PLAYERS[1:]]) + "\r").encode("cp1250"), "t.trf", issues)
    assert [(i.code, i.cell) for i in issues.warnings] == [("trf-encoding", "line 5")]


@pytest.mark.parametrize("ending", [b"\n   ", b"\n\x1a", b"\n \t\n"])
def test_a_complete_fide_list_with_blanks_or_ctrl_z_at_its_end_is_no_cut_list(tmp_path, ending):
    data = (Path(__file__).parent / "data" / "formats" / "fide-standard-list.txt").read_bytes().rstrip(b"\r\n")
    f = tmp_path / "list.txt"
    f.write_bytes(data + ending)
    issues = Issues()
    frame = fide_list.read_rating_list(f, "list.txt", issues)
    assert not issues.errors and not issues.warnings and len(frame) == data.count(b"\n"), [i.text() for i in issues]


@pytest.mark.parametrize("title, rounds, interim", [
    ("Rank after Round 3", 3, True), ("Clasificación tras la ronda 3", 3, True),
    ("Rangliste nach der 3. Runde", 3, True), ("Stilling efter 3. runde", 3, True),
    ("Final Ranking after 7 Rounds", 7, False), ("Endstand nach 7 Runden", 7, False),
    ("3rd GPT, group A", None, False)])
def test_export_headings_name_their_rounds(tmp_path, title, rounds, interim):
    """An "after Round N" heading in English, Spanish, German or Danish is a ranking during the tournament; "3rd
    GPT" is no number of rounds (its 'rd' once read as rounds: 3, and 4 points became an error)."""
    rows = [["Open"], [title], [], ["Rk.", "SNo", "Name", "Pts."], [1, 1, "Smith, John", 2.5 if interim else 4],
            [2, 2, "Nguyen, Anna", 2]]
    issues = Issues()
    ex = chessresults.read_export(write_book(tmp_path / "x.xlsx", {"Sheet1": rows}), "x.xlsx", issues)
    assert ex.rounds == rounds and not issues.errors, [i.text() for i in issues]
    assert [i.code for i in issues.warnings] == (["not-final"] if interim else [])


def test_an_xml_file_that_is_no_rating_list_is_left_alone(tmp_path):
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": 2005}, tournaments={})
    (folder / "notes.xml").write_text("<notes><note>bring clocks</note></notes>", encoding="utf-8")
    (folder / "fide.xml").write_text("<playerslist><player><fideid>1</fideid></player></playerslist>",
                                     encoding="utf-8")
    season = compute(folder, use_cache=False).season
    assert [i.file for i in season.issues if i.code == "not-read"] == ["fide.xml"]
