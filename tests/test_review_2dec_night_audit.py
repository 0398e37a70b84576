"""Findings of the 2 December (night) session.

- A sheet's note row (row 2) was written as one unwrapped line. The notes grew (which results count, each
  ranking's own M, the rulings behind a sheet): a FECODAZ standings note is ~525 characters. On screen it ran off to
  the right; in print it was cut at the print area — and the product bar asks for print-ready sheets that explain
  every number (DESIGN "formatted for people"). A note longer than the table's first columns are wide now wraps
  across them (a merged cell up to ~150 characters wide), its row as tall as its lines.
"""
from __future__ import annotations

import textwrap
from pathlib import Path

import openpyxl
import pandas as pd
import pytest
import xlsxwriter

from gpcalc.report import sheetxml
from gpcalc.report import xlsx as report

LONG = ("Green = counted result, grey struck-through = dropped result. =N marks a shared rank. Counted: each "
        "player's best max(1, floor(2M/3)) results in the ranking, M = its tournaments so far (Art. 3 item 6, "
        "ruling). Here M = 4: the best 2 count. A last word.")


def _table(path: Path, note: str, bulk: bool, monkeypatch, title: str = "T") -> None:
    with monkeypatch.context() as m:
        if not bulk:
            m.setattr(sheetxml, "supported", lambda ws: False)
        wb = xlsxwriter.Workbook(str(path), {"constant_memory": True})
        st = report.Styles(wb, 2)
        frame = pd.DataFrame({"name": ["Ana María Pérez", "Bo"], "club": ["Club de Ajedrez Bogotá", "X"],
                              "pts": [12.5, 3.0], "more": ["a", "b"], "other": ["c", "d"]})
        cols = [("name", "Player", "text"), ("club", "Club", "text"), ("pts", "Total", "total"),
                ("more", "More", "text"), ("other", "Other", "text")]
        report.write_table(wb, wb.add_worksheet("S"), st, frame, cols, title=title, note=note)
        wb.close()


def _widths(ws) -> list[float]:
    """Each column's width (a <col> element may set several columns: openpyxl lists it under the first)."""
    out = [8.43] * ws.max_column
    for dim in ws.column_dimensions.values():
        for c in range(dim.min or 1, min(dim.max or 0, ws.max_column) + 1):
            out[c - 1] = dim.width
    return out


def _lines_needed(note: str, width: float) -> int:
    return len(textwrap.wrap(note, width=max(1, int(width) - 1)))


@pytest.mark.parametrize("bulk", [True, False])
def test_a_long_note_wraps_across_the_tables_columns_whole_and_tall_enough(tmp_path, monkeypatch, bulk):
    path = tmp_path / "t.xlsx"
    _table(path, LONG, bulk, monkeypatch)
    ws = openpyxl.load_workbook(path)["S"]
    assert ws["A2"].value == LONG  # the whole note, in the first cell
    (merged,) = ws.merged_cells.ranges
    assert (merged.min_row, merged.max_row, merged.min_col, merged.max_col) == (2, 2, 1, 5)  # all five columns
    assert ws["A2"].alignment.wrap_text and ws["A2"].font.i
    width = sum(_widths(ws))
    assert len(LONG) > width  # (the case: longer than the table is wide)
    assert ws.row_dimensions[2].height >= 15 * _lines_needed(LONG, width)
    assert ws["A3"].value == "Player" and ws.freeze_panes == "A4"  # the header and the frozen rows as before


@pytest.mark.parametrize("bulk", [True, False])
def test_a_note_that_fits_stays_one_unmerged_line_and_no_title_puts_it_in_row_1(tmp_path, monkeypatch, bulk):
    path = tmp_path / "t.xlsx"
    _table(path, "a short note", bulk, monkeypatch)
    ws = openpyxl.load_workbook(path)["S"]
    assert ws["A2"].value == "a short note" and not ws.merged_cells.ranges
    assert not ws["A2"].alignment.wrap_text and ws.row_dimensions[2].height is None
    _table(path, LONG, bulk, monkeypatch, title="")
    ws = openpyxl.load_workbook(path)["S"]
    assert ws["A1"].value == LONG and [str(r) for r in ws.merged_cells.ranges] == ["A1:E1"]
    assert ws["A2"].value == "Player"


def test_both_writers_give_the_note_the_same_cells_merge_and_height(tmp_path, monkeypatch):
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    _table(a, LONG, True, monkeypatch)
    _table(b, LONG, False, monkeypatch)
    wa, wb_ = openpyxl.load_workbook(a)["S"], openpyxl.load_workbook(b)["S"]
    assert [str(r) for r in wa.merged_cells.ranges] == [str(r) for r in wb_.merged_cells.ranges]
    assert wa.row_dimensions[2].height == wb_.row_dimensions[2].height
    assert _widths(wa) == _widths(wb_)


@pytest.mark.parametrize("sample", ["acf-2005", "fecodaz-2009", "aarhus-2012-13"])
def test_every_sheets_note_in_the_samples_is_shown_whole_on_screen_and_in_print(sample_builds, sample):
    wb = openpyxl.load_workbook(sample_builds[sample].xlsx)
    checked = 0
    for ws in wb.worksheets:
        if ws.title == "Summary" or ws.max_row < 3:
            continue
        note = ws["A2"].value
        if not isinstance(note, str) or ws["A3"].font.b is not True:  # row 2 is a note above a header row
            continue
        widths = _widths(ws)
        ranges = [r for r in ws.merged_cells.ranges if r.min_row == 2]
        if not ranges:
            assert len(note) <= sum(widths), (ws.title, len(note))  # fits on its line, within the table
            continue
        (r,) = ranges
        assert (r.min_col, r.max_row) == (1, 2) and r.max_col <= ws.max_column, (ws.title, str(r))
        room = sum(widths[:r.max_col])
        assert ws.row_dimensions[2].height >= 15 * _lines_needed(note, room), ws.title
        checked += 1
    assert checked >= 3  # the standings notes at least are long


# ------------------------------------------------------------------ ledger texts an official checks a point by

def test_acf_extended_list_past_u1600_says_it_goes_into_the_other_sections(tmp_path):
    """acf.md ruling "one procedure for cl. 13(2)–(4)", step 2: with no section mapped to Open, the Open list is
    "Open, then U2000, then U1600, then any section mapped to D itself, then the rest". A position in "the rest"
    (here the Juniors section, mapped to Junior) said only "the cascade Open → U2000 → U1600" — an official could
    not tell why a junior section's winner was on the Open list. Class 1 (12, 9, 6, 4, 3).
    Major (→ U2000): 1 M1, 2 M2. Juniors (→ Junior): 1 J1. Open list: M1 12, M2 9, J1 6."""
    from builders import acf_season, acf_tournament, pts, reg, row

    results = [row("Major", 1, "M1"), row("Major", 2, "M2"), row("Juniors", 1, "J1")]
    t = acf_tournament("T", results, prize_money=1000, sections=[["Major", "U2000"], ["Juniors", "Junior"]])
    res = acf_season(tmp_path, {"t.xlsx": t}, [reg("M1", acf=1900), reg("M2", acf=1800), reg("J1", acf=1700)])
    assert pts(res, "Open") == {"M1": 12, "M2": 9, "J1": 6}
    led = res.outcome.ledger
    op = led[led["ranking"] == "Open"].set_index("name")
    assert set(op["rule"]) == {"ACF 13(2)-(4) ruling"}
    for p in ("M1", "M2"):
        assert op.loc[p, "detail"].count("; no section mapped to Open: the cascade Open → U2000 → U1600 (ruling on "
                                         "cl. 13(2)–(4))") == 1, op.loc[p, "detail"]
    assert ("; no section mapped to Open: the cascade Open → U2000 → U1600, then past it into the other sections "
            "(ruling on cl. 13(2)–(4))") in op.loc["J1", "detail"]
    assert "the list runs through sections Major, then Juniors" in op.loc["J1", "detail"]


def test_acf_shared_tie_names_its_ruling(tmp_path):
    """acf.md "Ruling — ties": players sharing a place share the points of the positions they occupy
    (`Ties = share`, the default). The ledger spelled the sum out but named no rule for it; an ordered tie said
    "Ties = order". Class 1: a tie for 1st–2nd shares (12 + 9) / 2 = 10.5."""
    from builders import acf_season, acf_tournament, pts, reg, row

    results = [row("", "=1", "A"), row("", "=1", "B"), row("", 3, "C")]
    t = acf_tournament("T", results, prize_money=1000)
    res = acf_season(tmp_path, {"t.xlsx": t}, [reg("A", acf=1900), reg("B", acf=1800), reg("C", acf=1700)])
    assert pts(res, "Open") == {"A": 10.5, "B": 10.5, "C": 6}
    led = res.outcome.ledger
    op = led[led["ranking"] == "Open"].set_index("name")
    assert op.loc["A", "detail"].endswith(
        "; tie shared by 2 over positions 1–2 (ruling on ties, Ties = share): (12 + 9) / 2 = 10.5")
    assert "ruling on ties" not in op.loc["C", "detail"]


def test_aarhus_dropped_equal_worst_result_names_ruling_9_on_its_row(sample_builds):
    """§1 stk. 6: the worst GPT result is dropped; README ruling 9: "Among equal worst results, the earliest is the
    one marked dropped". In the sample, Holm (D) has 7.3 at GPT 3 Viby and 7.3 at GPT 5 Risskov: Viby's is
    dropped and its row now says why this one (the sheet note alone said it); a dropped result with no equal
    keeps the plain text."""
    lg = pd.read_excel(sample_builds["aarhus-2012-13"].xlsx, sheet_name="Ledger", header=2, engine="calamine")
    holm = lg[(lg["Name"] == "Holm, Oliver") & (lg["Ranking"] == "D")].set_index("Tournament")
    assert holm.loc["GPT 3 Viby", "Points"] == holm.loc["GPT 5 Risskov", "Points"] == 7.3
    assert holm.loc["GPT 3 Viby", "Counted"] == "No" and holm.loc["GPT 5 Risskov", "Counted"] == "Yes"
    assert holm.loc["GPT 3 Viby", "Detail"].endswith(
        "; worst GPT result, dropped (§1 stk. 6; another GPT result in this account is as low: the earliest of equal "
        "worst results is dropped, ruling 9)")
    plain = lg[(lg["Counted"] == "No") & ~lg["Detail"].str.contains("ruling 9")]
    assert len(plain) > 10 and plain["Detail"].str.endswith("; worst GPT result, dropped (§1 stk. 6)").all()


# ------------------------------------------------------------------ Aarhus appendix rule 4: two GPTs in a row in Plus

def _plus_row(place: int, name: str, pts) -> list:
    return ["Plus", place, name, "K", 1995, "M", pts, 6]


def _plus_season(tmp_path, plus_by_gpt: list[list[str]], ratings: dict[str, int | None]):
    import datetime as dt

    from builders import aarhus_book, aarhus_folder

    from gpcalc.pipeline import compute

    books = {}
    for i, names in enumerate(plus_by_gpt, start=1):
        rows = [_plus_row(k, n, 6 - k if k < 6 else 0) for k, n in enumerate(names, start=1)]
        books[f"g{i}.xlsx"] = aarhus_book(f"GPT {i}", dt.date(2012, 9, 1) + dt.timedelta(days=30 * i),
                                          [["Plus", 6]], rows)
    players = [["Name", "Born", "Sex", "Rating"], *([n, 1995, "M", r] for n, r in ratings.items())]
    folder = aarhus_folder(tmp_path, books, gpts=len(plus_by_gpt), sheets={"Players": players})
    res = compute(folder, use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    return [i for i in res.issues if i.code == "plus-third-in-row"]


TOP5 = {"T1": 2000, "T2": 1900, "T3": 1800, "T4": 1700, "T5": 1600}


def test_a_third_gpt_in_a_row_in_plus_without_a_top_five_rating_is_a_warning_at_that_cell(tmp_path):
    """Appendix ("Særregler for Plus-gruppen", rule 4): "Dog kan en spiller, som ikke er blandt de fem højst ratede
    spillere, kun spille to turneringer i træk i plusgruppen. Herefter nedrykkes spilleren automatisk til næste
    turnering til A-gruppen" — aarhus.md: "a player who is not among the five highest rated may play at most two
    GPTs in a row in Plus". gpcalc grants no such third entitlement itself, but an organiser can still put the
    player there; README said it did not warn. W (rating 1200) plays Plus at GPTs 2, 3 and 4 beside the five
    highest rated: warned once, at GPT 4's Group cell. M plays Plus at GPTs 1, 2 and 4 (GPT 3 in no group): not in
    a row. T1 plays Plus at all four GPTs but is among the five highest rated: allowed."""
    plus = [["T1", "T2", "T3", "T4", "T5", "M"], ["T1", "T2", "T3", "T4", "T5", "W", "M"],
            ["T1", "T2", "T3", "T4", "T5", "W"], ["T1", "T2", "T3", "T4", "T5", "W", "M"]]
    found = _plus_season(tmp_path, plus, {**TOP5, "W": 1200, "M": 1100})
    assert len(found) == 1, [i.text() for i in found]
    (w,) = found
    assert w.severity == "warning" and w.file.endswith("g4.xlsx") and w.sheet == "Results" and w.cell == "A7"
    assert w.message.startswith("W: in Plus at GPT 4, a third GPT in a row (GPT 2, GPT 3, GPT 4), and not among "
                                "the five highest rated of that Plus group (rating 1200; the fifth highest 1600)")
    assert "appendix rule 4" in w.message and "Rating" in w.hint


def test_plus_streaks_that_the_appendix_allows_or_that_cannot_be_told_say_nothing(tmp_path):
    """Rule 4 again: a player among the five highest rated may stay (T5 equal to the sixth's rating counts as
    among them); a player without a rating beside fewer than five rated players cannot be placed — no warning
    rather than a guess; two GPTs in a row is allowed."""
    ratings = {"T1": 2000, "T2": 1900, "T3": 1800, "T4": 1700, "T5": 1600, "E": 1600, "U": None}
    three = [["T1", "T2", "T3", "T4", "T5", "E"]] * 3  # E ties T5 at 1600: among the five highest
    assert _plus_season(tmp_path / "a", three, ratings) == []
    unrated = [["T1", "T2", "T3", "U"]] * 3  # U unrated, three rated beside: not known
    assert _plus_season(tmp_path / "b", unrated, ratings) == []
    two = [["T1", "T2", "T3", "T4", "T5", "W"]] * 2  # two in a row: allowed
    assert _plus_season(tmp_path / "c", two, {**TOP5, "W": 1000}) == []
    unrated5 = [["T1", "T2", "T3", "T4", "T5", "U"]] * 3  # U unrated beside five rated: not among them
    found = _plus_season(tmp_path / "d", unrated5, ratings)
    assert len(found) == 1 and "(rating none; the fifth highest 1600)" in found[0].message
