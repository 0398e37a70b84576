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
from hypothesis import given, settings
from hypothesis import strategies as hs

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
        rows.append(["A", 1, f"Awin{i}", "K", 1994, "M", 4, 6])  # an A group beside: AA is the Plus group
        books[f"g{i}.xlsx"] = aarhus_book(f"GPT {i}", dt.date(2012, 9, 1) + dt.timedelta(days=30 * i),
                                          [["Plus", 6], ["A", 6]], rows)
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
    # the same three GPTs with no A group: AA is the A group there (ruling 5) — no Plus, no warning
    import datetime as dt

    from builders import aarhus_book, aarhus_folder

    from gpcalc.pipeline import compute

    books = {f"g{i}.xlsx": aarhus_book(f"GPT {i}", dt.date(2012, 9, 1) + dt.timedelta(days=30 * i), [["Plus", 6]],
                                       [_plus_row(k, n, 6 - k) for k, n in enumerate(unrated5[0], start=1)])
             for i in (1, 2, 3)}
    players = [["Name", "Born", "Sex", "Rating"], *([n, 1995, "M", r] for n, r in ratings.items())]
    res = compute(aarhus_folder(tmp_path / "e", books, gpts=3, sheets={"Players": players}), use_cache=False)
    assert not [i for i in res.issues if i.code == "plus-third-in-row"]


# ------------------------------------------------------------------ an acceptance-style review, 2 December night

def test_fecodaz_place_hint_offers_no_shared_place_form(tmp_path):
    """fecodaz.md: "final place after the official tiebreak (Art. 3: places are unique — a tied place like `3-4`
    is an error for this circuit)". A place typed 'second' was answered "write the place as a number: 3; a shared
    place as =3, 3= or 3-4" — sending the organiser to a form that is itself an error here."""
    import datetime as dt

    from builders import FECODAZ_ILLUSTRATIVE, fecodaz_book, fecodaz_ladder, make_season

    from gpcalc.pipeline import compute

    rows = fecodaz_ladder(("A", {}), ("B", {}), ("C", {}))
    rows[1][0] = "second"
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009", "Points table source": "test"},
                         sheets={"Points": FECODAZ_ILLUSTRATIVE},
                         tournaments={"o.xlsx": fecodaz_book("O", rows, start=dt.date(2009, 3, 1))})
    res = compute(folder, use_cache=False)
    (bad,) = [i for i in res.issues.errors if i.cell == "A3"]
    assert "'second' is not a place" in bad.message
    assert bad.hint == "write the final place after the tiebreak as a number: 3 (places are unique here, Art. 3)"


def test_fecodaz_senior_national_championship_warns_about_players_outside_its_ranking(tmp_path):
    """README FECODAZ ruling 3: a national championship feeding Femenino feeds Femenino and the Sub N Femenino
    rankings, one feeding Sub 20 Absoluto that ranking alone; a player outside it scores nothing there, "never
    dropped silently" — the youth championships warned, the senior ones did not. Senior points follow the place
    (Art. 3), so the others keep their places' points: in NF (categoría 3 of the illustrative table: 20, 18, 16) the
    man at place 2 scores nothing and F2 at place 3 keeps 16; in N20 the player born 1985 (older than Sub 20 in
    2009: born 1989 or later) at place 2 likewise."""
    import datetime as dt

    from builders import FECODAZ_ILLUSTRATIVE, fecodaz_book, fecodaz_ladder, fecodaz_season

    nf = fecodaz_ladder(("F1", {"sex": "F"}), ("M1", {}), ("F2", {"sex": "F"}), ("F3", {"sex": "F"}))
    n20 = fecodaz_ladder(("U1", {"born": 1990}), ("OLD", {"born": 1985}), ("U2", {"born": 1992}))
    books = {"nf.xlsx": fecodaz_book("NF", nf, kind="National", start=dt.date(2009, 3, 1), base=None,
                                     **{"Cash prizes": "No", "Ranking": "Femenino"}),
             "n20.xlsx": fecodaz_book("N20", n20, kind="National", start=dt.date(2009, 4, 1), base=None,
                                      **{"Cash prizes": "No", "Ranking": "Sub 20 Absoluto"})}
    res = fecodaz_season(tmp_path, books, FECODAZ_ILLUSTRATIVE, year=2009)
    warned = {(i.file.rsplit("/", 1)[-1], i.cell): i for i in res.issues if i.code == "plays-up-unscored"}
    assert set(warned) == {("nf.xlsx", "D3"), ("n20.xlsx", "E3")}, list(warned)
    assert warned[("nf.xlsx", "D3")].message.startswith(
        "NF: M1 (not a woman) scores nothing in this national championship, which feeds Femenino alone (ruling 3)")
    assert "(born 1985, older than Sub 20)" in warned[("n20.xlsx", "E3")].message
    led = res.outcome.ledger
    fem = led[(led["ranking"] == "Femenino") & (led["tournament"] == "NF")].set_index("name")["points"]
    assert fem.to_dict() == {"F1": 20, "F2": 16}  # place 3 keeps place 3's points (F3, place 4: none)
    assert "M1" not in set(led["name"]) and "OLD" not in set(led["name"])


def test_aarhus_placement_prize_lots_name_everyone_and_the_memento_is_provisional(tmp_path):
    """§1 stk. 7: floor(n/4) placement prizes; the memento prize to a player who took part in every GPT and won
    no placement prize; aarhus.md §1 stk. 6: "gpcalc never draws lots silently". Two players tied at rank 1 with
    one prize between them (4 players with two or more GPTs): the prize was listed for the first by key with the
    note "tied with a player without a prize" (not naming her), and the other got the memento as if the lots were
    drawn. Now the note names both, and the other's memento says it is provisional."""
    import datetime as dt

    from builders import aarhus_book, aarhus_run

    def gpt(i, rows):
        return aarhus_book(f"GPT {i}", dt.date(2012, 9, 1) + dt.timedelta(days=30 * i), [["D", 7]], rows)

    # Zoe and Abe score alike in all three GPTs; Cy and Di play two each, lower
    books = {f"g{i}.xlsx": gpt(i, [["D", "=1", "Zoe", "K", 2000, "M", 5, 7], ["D", "=1", "Abe", "K", 2000, "M", 5, 7],
                                   ["D", 3, "Cy", "K", 2000, "M", 2, 7], ["D", 4, "Di", "K", 2000, "M", 1, 7]]
                                if i < 3 else [["D", "=1", "Zoe", "K", 2000, "M", 5, 7],
                                               ["D", "=1", "Abe", "K", 2000, "M", 5, 7]])
             for i in (1, 2, 3)}
    res = aarhus_run(tmp_path, books, gpts=3)
    pz = res.outcome.prizes
    (place,) = pz[pz["value"] == "Placement prize"].itertuples()
    assert "lots to be drawn among" in place.note and "Abe" in place.note and "Zoe" in place.note
    assert "(equal at rank 1: 1 prize for 2 players" in place.note
    (memento,) = pz[pz["value"] == "Memento prize (erindringspræmie)"].itertuples()
    assert {place.name, memento.name} == {"Abe", "Zoe"}
    assert memento.note == (f"took part in every GPT — provisional: lots to be drawn with {place.name} for a "
                            "placement prize in D; a player who wins one gets no memento")


def test_fecodaz_capped_closed_results_count_the_earlier_tournaments():
    """README FECODAZ ruling 5: "Equal capped totals: the selection with fewer closed results counts, then the
    earlier tournaments." M = 7 → the best 4 count. Y: closed C1 22, C2 18, C5 20 (in date order), open O1 20.
    Two closed results reach the 30 cap in three ways (C1+C2 40, C1+C5 42, C2+C5 38), each worth 30 + 20 = 50:
    the earliest pair C1 + C2 counts and the cap cuts 10. gpcalc counted the two highest (C1 + C5, cut 12)."""
    import datetime as dt

    from gpcalc.circuits import fecodaz_rules as R

    rows = [("C1", 22.0, True), ("O1", 20.0, False), ("C2", 18.0, True), ("C5", 20.0, True)]
    e = pd.DataFrame([dict(ranking="Absoluto", player="Y", tournament=t, date=dt.date(2009, 1 + i, 1), points=x,
                           closed=c) for i, (t, x, c) in enumerate(rows)])
    out, totals = R.count_best(e, pd.Series({"Absoluto": int(R.counting_limit(7))}))
    assert set(out[out["counted"]]["tournament"]) == {"C1", "C2", "O1"}
    (t,) = totals.itertuples()
    assert (t.total, t.counted_points, t.closed_counted, t.cap_cut) == (50, 60, 40, 10)


@settings(max_examples=80, deadline=None)
@given(hs.lists(hs.integers(0, 30), min_size=1, max_size=7), hs.integers(1, 5))
def test_fecodaz_closed_choice_is_the_earliest_of_the_best_property(points, k):
    """Ruling 5 by brute force, closed results only (dates in list order): the counted set is the first
    combination, in date order, of the fewest results that gives the best capped total min(30, sum)."""
    import datetime as dt
    from itertools import combinations

    from gpcalc.circuits import fecodaz_rules as R

    e = pd.DataFrame([dict(ranking="Absoluto", player="p", tournament=f"t{i}", date=dt.date(2009, 1, 1 + i),
                           points=float(x), closed=True) for i, x in enumerate(points)])
    out, totals = R.count_best(e, pd.Series({"Absoluto": k}))
    best = max(min(30, sum(c)) for n in range(min(k, len(points)) + 1) for c in combinations(points, n))
    want = next(set(f"t{i}" for i in combo) for n in range(min(k, len(points)) + 1)
                for combo in combinations(range(len(points)), n) if min(30, sum(points[i] for i in combo)) == best)
    assert totals["total"].iloc[0] == best
    got = set(out[out["counted"]]["tournament"])
    assert got == want or (best == 0 and sum(points[int(t[1:])] for t in got) == 0), (points, k, got, want)


# ------------------------------------------------------------------ print review (LibreOffice PDF of the samples)

def _needed(text: str, width: float) -> int:
    return max(1, -(-len(text) // int(width - 1)))


@pytest.mark.parametrize("sample", ["acf-2005", "fecodaz-2009", "aarhus-2012-13"])
def test_wrapped_cells_rows_are_as_tall_as_their_lines(sample_builds, sample):
    """A print review (LibreOffice 7.4, the samples as PDF): the ledger's wrapped Detail, the Summary's long rulings
    and other long texts printed their second line over the next row — nothing set the rows' heights, and
    LibreOffice (like Excel in some versions) does not size them itself. Every wrapping cell's row is now at least
    as tall as its lines at the column's width (15 points a line). A plain-text column holding a text longer than
    its widest (60) wraps too, instead of being cut at the next column (an issue's message ran into its hint)."""
    wb = openpyxl.load_workbook(sample_builds[sample].xlsx)
    checked = 0
    for ws in wb.worksheets:
        widths = _widths(ws)
        for row in ws.iter_rows(min_row=3):
            for cell in row:
                if not isinstance(cell.value, str) or cell.row == 2 and ws.title != "Summary":
                    continue
                width = widths[cell.column - 1]
                if len(cell.value) > width + 1 and ws.title != "Summary" and cell.row > 3:
                    assert cell.alignment.wrap_text, (ws.title, cell.coordinate, len(cell.value), width)
                if cell.alignment.wrap_text and cell.row > 3 or ws.title == "Summary" and cell.column == 2:
                    need = _needed(cell.value, width)
                    if need > 1:
                        assert (ws.row_dimensions[cell.row].height or 15) >= 15 * need, (ws.title, cell.coordinate)
                        checked += 1
    assert checked > 20


def test_wide_tables_print_across_then_down_with_their_first_column_and_the_note_on_the_first_page(sample_builds):
    """The print review: the Tournaments sheet (28 columns in FECODAZ) printed on one page width at ~2 pt; a
    multi-page standings grid printed down, then over (a row's two halves pages apart); the note above a grid
    was merged past the first page's last column and printed cut mid-word. Now any table wider than a page at
    ~70 % goes over as many pages wide, across then down, its first column (a grid: Rank and Player) repeated,
    and a long note wraps within the first page's columns."""
    from gpcalc.report.xlsx import PAGE_CHARS

    wb = openpyxl.load_workbook(sample_builds["fecodaz-2009"].xlsx)
    tours = wb["Tournaments"]
    ps = tours.page_setup
    assert ps.fitToWidth >= 2 and tours.print_title_cols == "$A:$A" and ps.pageOrder == "overThenDown"
    assert sum(_widths(tours)) / ps.fitToWidth <= PAGE_CHARS + 20
    grid = wb["Absoluto"]
    assert grid.page_setup.pageOrder == "overThenDown" and grid.print_title_cols == "$A:$B"
    (note,) = [r for r in grid.merged_cells.ranges if r.min_row == 2]
    page = sum(_widths(grid)) / grid.page_setup.fitToWidth
    assert sum(_widths(grid)[:note.max_col]) <= page + 1, (str(note), page)
    assert wb["Ligas"].page_setup.fitToWidth in (None, 1)  # a narrow table stays one page wide


@pytest.mark.parametrize("bulk", [True, False])
def test_both_writers_wrap_a_long_coloured_column_with_its_colour_and_row_heights(tmp_path, monkeypatch, bulk):
    """The Issues sheet colours a row by severity; its Message now wraps where it is long — the wrapping cell
    keeps the row's colour, and the row gets the height of its lines, in the bulk renderer and the per-cell
    writer alike."""
    path = tmp_path / "t.xlsx"
    with monkeypatch.context() as m:
        if not bulk:
            m.setattr(sheetxml, "supported", lambda ws: False)
        wb = xlsxwriter.Workbook(str(path), {"constant_memory": True})
        st = report.Styles(wb, 2)
        frame = pd.DataFrame({"severity": ["error", "warning", "info"],
                              "message": ["x " * 100, "short", "y " * 60]})
        rowfmt = pd.Series([st.error, st.warning, None], dtype=object)
        report.write_table(wb, wb.add_worksheet("S"), st, frame,
                           [("severity", "Severity", "text"), ("message", "Message", "text")], title="T",
                           note="n", row_format=rowfmt)
        wb.close()
    ws = openpyxl.load_workbook(path)["S"]
    assert ws["B4"].alignment.wrap_text and ws["B4"].fill.fgColor.rgb.endswith("FFC7CE")  # the error's fill
    assert ws["A4"].fill.fgColor.rgb.endswith("FFC7CE") and ws["B5"].fill.fgColor.rgb.endswith("FFEB9C")
    width = _widths(ws)[1]
    assert width == pytest.approx(90.71, abs=0.01)  # (a wrapping column: up to 90, + Excel's padding)
    assert ws.row_dimensions[4].height == 15 * _needed("x " * 100, width)
    assert ws.row_dimensions[5].height is None and ws.row_dimensions[6].height == 15 * _needed("y " * 60, width) == 30


def test_a_wrapping_column_of_mixed_values_gets_the_same_heights_from_both_writers(tmp_path, monkeypatch):
    """A prize's Value column can hold numbers and text (a trophy's name): such a column, wrapping because one
    text is long, is rendered cell by cell by the bulk renderer's mixed path — its rows' heights must still come
    from the texts' lengths, as the per-cell writer's do."""
    heights = {}
    for bulk in (True, False):
        path = tmp_path / f"{bulk}.xlsx"
        with monkeypatch.context() as m:
            if not bulk:
                m.setattr(sheetxml, "supported", lambda ws: False)
            wb = xlsxwriter.Workbook(str(path), {"constant_memory": True})
            st = report.Styles(wb, 2)
            frame = pd.DataFrame({"value": ["a trophy with a very long name " * 5, 250.0, None, "short"]})
            report.write_table(wb, wb.add_worksheet("S"), st, frame, [("value", "Value", "text")])
            wb.close()
        ws = openpyxl.load_workbook(path)["S"]
        heights[bulk] = [ws.row_dimensions[r].height for r in range(2, 6)]
    assert heights[True] == heights[False] and heights[True][0] >= 30 and heights[True][1:] == [None] * 3


@pytest.mark.parametrize("year, register, expect", [
    (2004, True, "season 2004: the by-law governs seasons from 2005"),
    (2006, False, "no ratings: season.xlsx has no Players register with ratings, so every player is unrated"),
])
def test_acf_warnings_the_rulebook_wants_on_the_first_sheet_are_there(tmp_path, year, register, expect):
    """acf.md: "a season before 2005 gets a warning on its first sheet"; "A season with no ratings source at all
    gets a prominent warning: every player would be unrated". Both were on the console and the last sheet
    (Issues) only, and the Summary's Ratings row named the ACF list when there was none. Now the Summary (the
    first sheet) shows each as a "Warning" row right under the title, coloured as a warning."""
    import datetime as dt

    from builders import acf_folder, acf_tournament, reg, row

    from gpcalc.pipeline import build

    t = acf_tournament("T", [row("", 1, "A"), row("", 2, "B")], start=dt.date(year, 3, 5))
    folder = acf_folder(tmp_path, {"t.xlsx": t}, [reg("A", acf=1900), reg("B", acf=1500)] if register else [],
                        year=str(year))
    out = tmp_path / "o.xlsx"
    res = build(folder, out=out, use_cache=False)
    assert res.outcome is not None
    ws = openpyxl.load_workbook(out)["Summary"]
    rows = {ws.cell(r, 1).value: ws.cell(r, 2) for r in range(3, 8)}
    assert rows["Warning"].value.startswith(expect) and rows["Warning"].fill.fgColor.rgb.endswith("FFEB9C")
    assert ws.cell(4, 1).value == "Warning"  # right under the title
    ratings = [ws.cell(r, 2).value for r in range(3, 40) if ws.cell(r, 1).value == "Ratings"]
    assert ratings == [("none: season.xlsx has no Players register with ratings" if not register else
                        "ACF December list (register ACF rating), else FIDE January list (cl. 11)")]


def test_aarhus_memento_note_names_every_draw_and_is_the_same_on_every_run(tmp_path):
    """A review of the day's diff: a girl tied across the last placement prize both in her age group and in P
    had a memento note naming one of the two draws — which one depended on Python's string hashing
    (PYTHONHASHSEED), so identical input gave different workbooks. The draws are now taken in a fixed order and
    the note names both; two processes with different hash seeds write the same note."""
    import os
    import subprocess
    import sys

    script = tmp_path / "run.py"
    script.write_text(
        "import sys, datetime as dt\n"
        f"sys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from pathlib import Path\n"
        "from builders import aarhus_book, aarhus_run\n"
        "def gpt(i, rows):\n"
        "    return aarhus_book(f'GPT {i}', dt.date(2012, 9, 1) + dt.timedelta(days=30 * i), [['D', 7]], rows)\n"
        "two = [['D', '=1', 'Zoe', 'K', 2000, 'F', 5, 7], ['D', '=1', 'Abe', 'K', 2000, 'F', 5, 7]]\n"
        "four = two + [['D', 3, 'Cy', 'K', 2000, 'F', 2, 7], ['D', 4, 'Di', 'K', 2000, 'F', 1, 7]]\n"
        "books = {f'g{i}.xlsx': gpt(i, four if i < 3 else two) for i in (1, 2, 3)}\n"
        "res = aarhus_run(Path(sys.argv[1]), books, gpts=3)\n"
        "pz = res.outcome.prizes\n"
        "print([n for v, n in zip(pz['value'], pz['note']) if str(v).startswith('Memento')])\n")
    notes = []
    for seed in ("1", "3"):
        out = subprocess.run([sys.executable, str(script), str(tmp_path / seed)], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": seed}, timeout=120)
        assert out.returncode == 0, out.stderr
        notes.append(out.stdout)
    assert notes[0] == notes[1]
    assert "for a placement prize in D; and with Abe for a placement prize in P" in notes[0]
