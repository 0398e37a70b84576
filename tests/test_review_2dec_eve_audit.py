"""Findings of a review on 2 December (evening) of the output as a federation official reads it: every award was
recomputed by hand from the samples' workbooks and the rulebooks, with no wrong number, but

- the standings and ledger sheets marked results counted or dropped without saying which count: an official who
  saw Simon Ashworth's SA Autumn Open 9 dropped while his Doeberl Cup 9 counts had to find the rule elsewhere
  (ACF cl. 14: "the player's 5 best scoring tournaments"; fecodaz.md Counting: best max(1, floor(2M/3)), M per
  ranking; aarhus.md §1 stk. 6 and README ruling 9: the worst GPT result, the earliest of equal ones). Each
  standings sheet and the Ledger now say it in their note row, and a FECODAZ sheet names its own M and best-N,
  as the Summary's Counting row lists them.
"""
from __future__ import annotations

import re
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from gpcalc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_data"

COUNTING = {
    "acf-2005": "Counted: each player's 5 best results in the division (cl. 14; equal points: the earlier "
                "tournament)",
    "fecodaz-2009": "Counted: each player's best max(1, floor(2M/3)) results in the ranking, M = its tournaments so "
                    "far (Art. 3 item 6, ruling)",
    "aarhus-2012-13": "Dropped: the worst GPT result, only in an account holding every scheduled GPT (§1 stk. 6; "
                      "equal worst results: the earliest, ruling 9)",
}
STANDINGS = {"acf-2005": ["Open", "U2000", "Junior"], "fecodaz-2009": ["Absoluto", "Femenino", "Sub 2000"],
             "aarhus-2012-13": ["A", "C", "P"]}


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    out = {}
    for name in COUNTING:
        path = tmp_path_factory.mktemp(name) / "s.xlsx"
        res = CliRunner().invoke(main, ["build", str(SAMPLES / name), "-o", str(path)])
        assert res.exit_code == 0, res.output
        out[name] = openpyxl.load_workbook(path, read_only=True)
    return out


def _note(ws) -> str:
    return str(next(ws.iter_rows(min_row=2, max_row=2, values_only=True))[0])


@pytest.mark.parametrize("sample", list(COUNTING))
def test_standings_and_ledger_say_which_results_count(books, sample):
    wb = books[sample]
    for sheet in [*STANDINGS[sample], "Ledger"]:
        assert COUNTING[sample] in _note(wb[sheet]), (sample, sheet, _note(wb[sheet]))


def test_fecodaz_standings_name_their_own_m_and_best_n_as_the_summary_lists_them(books):
    wb = books["fecodaz-2009"]
    summary = {r[0]: r[1] for r in wb["Summary"].iter_rows(values_only=True) if r and r[0]}
    listed = {k.strip(): v for k, v in re.findall(r"([^:,]+): (M=\d+ → best \d+)",
                                                 summary["Counting"].split("(Art. 3 item 6): ")[1])}
    assert {"Absoluto", "Femenino", "Sub 2000"} <= set(listed)
    for sheet in ("Absoluto", "Femenino", "Sub 2000"):
        m, best = re.fullmatch(r"M=(\d+) → best (\d+)", listed[sheet]).groups()
        assert int(best) == max(1, 2 * int(m) // 3)
        assert f"Here M = {m}: the best {best} count." in _note(wb[sheet]), sheet


def test_acf_ledger_names_the_prize_eligibility_ruling_where_it_moves_the_open_points(books):
    """acf.md, "Ruling — points follow prize eligibility": a FIDE-only player under 2000 who wins takes U2000
    points, and the best Open-eligible finisher the Open 1st-place points; the preamble: a ruling that changes a
    number is "named in the ledger's explanation column". Gold Coast Open (sample): Volkov (FIDE-only 1905) is
    1st; the Open list starts at place 2 — the rows said only "1 player(s) above … (cl. 12(1)(b)) skipped"."""
    rows = [r for r in books["acf-2005"]["Ledger"].iter_rows(min_row=4, values_only=True)
            if r[0] == "Gold Coast Open" and r[2] == "Open"]
    assert rows
    skipping = [r for r in rows if "not eligible for Open (cl. 12(1)(b)) skipped" in str(r)]
    assert skipping and all("points follow prize eligibility (ruling on cl. 12/13(4))" in str(r) for r in skipping)


def _tournaments(wb) -> dict[str, dict]:
    rows = list(wb["Tournaments"].iter_rows(min_row=2, values_only=True))  # (row 1 the title, 2 the headers)
    return {r[0]: dict(zip(rows[0], r)) for r in rows[1:]}


def test_acf_tournaments_sheet_shows_each_sections_division(books):
    """cl. 13(2) (a tournament "played in divisions corresponding to the Grand Prix prize divisions") and acf.md's
    ruling on cl. 13(2)–(4): the ledger's lists follow the organiser's section → division mapping, which no output
    sheet showed — an official could not check "no section mapped to U2000" (Queensland Championship) or why the
    Doeberl Cup's side event is in no list."""
    t = _tournaments(books["acf-2005"])
    assert t["Doeberl Cup"]["Sections"] == ("Premier → Open; Major → U2000; Minor → U1600; "
                                            "Rapid side event → None (side event)")
    assert t["Queensland Championship"]["Sections"] == "Open → Open; Reserves → U1600"
    assert t["Gold Coast Open"]["Sections"] == "one section: an Open tournament (cl. 13(4))"


def test_aarhus_tournaments_sheet_shows_each_groups_rounds(books):
    """§5 stk. 6: GPT-points × 7 / the group's rounds (aarhus.md: the rounds from the Groups sheet, not the games
    played): the divisor of every normalised ledger row (GPT 3 Viby, A+B: "1 × 7/6") was on no output sheet."""
    t = _tournaments(books["aarhus-2012-13"])
    assert t["GPT 3 Viby"]["Rounds per group"] == "A+B 6, C 7, D 6, E 7, F 7, N 7, P 6"
    assert t["GPT 2 Lystrup"]["Rounds per group"].startswith("AA 6, A 6, B 7")


def test_fecodaz_closed_tournament_status_shows_the_art_2q_test_it_passed(books):
    """fecodaz.md, Closed tournaments (Art. 2 q): "valid only with at least 3 players from leagues other than the
    host's, and only if played before 30 September … Invalid ones are excluded, with the reason" — a valid one said
    only "counts", so the official could not check it (Cerrado Magistral de Bogotá: 4 visitors, ended 28 April)."""
    t = _tournaments(books["fecodaz-2009"])
    assert t["Cerrado Magistral de Bogotá"]["Status"] == (
        "counts (closed: 4 players from other ligas, at least 3; ended 2009-04-28, before 30 September — Art. 2 q)")
    assert t["Cerrado de Maestros de Medellín"]["Status"].startswith("excluded: played on or after 30 September")


def test_grid_headers_wrap_between_words_not_inside_one(tmp_path):
    """The output as people read it (README: "frozen headers … widths"): a standings grid's tournament columns are
    narrow and their headers wrap, but "Aarhusmesterskabet 2013" broke inside its first word (a 12-wide column).
    Each such column is at least as wide as its header's longest word (and otherwise still at most 12)."""
    out = tmp_path / "a.xlsx"
    assert CliRunner().invoke(main, ["build", str(SAMPLES / "aarhus-2012-13"), "-o", str(out)]).exit_code == 0
    ws = openpyxl.load_workbook(out)["A"]
    header = {c.value: c.column for c in ws[3] if c.value}

    def width(col: int) -> float:  # (openpyxl keeps one entry per run of equal widths: min … max)
        return next(d.width for d in ws.column_dimensions.values() if d.min <= col <= d.max)
    assert width(header["Aarhusmesterskabet 2013"]) >= len("Aarhusmesterskabet") + 2
    assert width(header["GPT 1 Skåde"]) <= 13  # (12, as Excel stores it: 12.71)
