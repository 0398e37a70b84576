"""Review of the standings workbook as a coordinator receives it: the three bundled samples are built once into
a temporary folder and every sheet is read back with openpyxl (not read-only) — names, headers, frozen header
rows, filters, widths, number formats, counted/dropped styling and its legend, print setup, stray reprs — and
checked against the ledger (every total is the sum of the player's counted ledger rows) and the JSON export.

The defects this review found (fixed on 30 November): long Summary rulings that did not wrap (the FECODAZ Summary
printed at ~15 %); ratings, counts and places shown with decimals; the FECODAZ Prizes sheet's 'Club' header; the
rulebooks' acronyms lower-cased in headers ('Gpts', 'Irt')."""

from __future__ import annotations

import collections
import datetime as dt
import re
from pathlib import Path

import openpyxl
import pytest
from openpyxl.utils import get_column_letter

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ["acf-2005", "aarhus-2012-13", "fecodaz-2009"]
CIRCUIT = {"acf-2005": "acf", "aarhus-2012-13": "aarhus", "fecodaz-2009": "fecodaz"}

# CONTRACT: the ranking names, in the order the rulebooks list them (one standings sheet each).
RANKINGS = {
    "acf": ["Open", "U2000", "U1600", "Junior", "Women", "Unrated"],
    "aarhus": ["A", "B", "C", "D", "E", "F", "N", "P"],
    "fecodaz": ["Absoluto", "Femenino", "Sub 20 Absoluto", "Sub 20 Femenino", "Sub 18 Absoluto", "Sub 18 Femenino",
                "Sub 16 Absoluto", "Sub 16 Femenino", "Sub 2000", "Sub 1800", "Sub 1700", "Dama amateur",
                "Sub 14 Absoluto", "Sub 14 Femenino", "Sub 12 Absoluto", "Sub 12 Femenino", "Sub 10 Absoluto",
                "Sub 10 Femenino", "Sub 8 Absoluto", "Sub 8 Femenino", "Sub 6 Absoluto", "Sub 6 Femenino"],
}
# CONTRACT: `club` is the ACF State, the FECODAZ liga or the Aarhus club.
CLUB_LABEL = {"acf": "State", "aarhus": "Club", "fecodaz": "Liga"}
CLUBS_SHEET = {"acf": "States", "aarhus": "Clubs", "fecodaz": "Ligas"}
POINTS_FORMAT = {"acf": "0.00", "aarhus": "0.0", "fecodaz": "0.0"}  # README: ACF two decimals; Aarhus tenths
COUNTED_FILL = "FFE2EFDA"
MAX_WIDTH = 62  # a little over gpcalc's 60-character cap (xlsxwriter adds ~0.71 of padding)
WRAP_WIDTH = 92  # the same over the 90 of a wrapped column of explanations


# ----------------------------------------------------------------------------------------------------------------
# building and reading


class Built:
    def __init__(self, name: str, xlsx: Path, data: dict, before: dict, after: dict):
        self.name, self.circuit, self.xlsx, self.json = name, CIRCUIT[name], xlsx, data
        self.wb = openpyxl.load_workbook(xlsx)  # not read-only: styles, dimensions, print setup
        self.before, self.after = before, after

    def table(self, title: str) -> tuple[int, list[str], list[tuple]]:
        """(header row, headers, data rows as cell tuples) of a table sheet."""
        ws = self.wb[title]
        hdr = header_row(ws)
        headers = [c.value for c in ws[hdr]]
        return hdr, headers, [row for row in ws.iter_rows(min_row=hdr + 1)]

    def records(self, title: str) -> list[dict]:
        _, headers, rows = self.table(title)
        return [dict(zip(headers, (c.value for c in row))) for row in rows]

    def table_sheets(self) -> list:
        return [ws for ws in self.wb.worksheets if ws.title != "Summary"]


def header_row(ws) -> int:
    """The header row of a table: the bold, filled row under the title (and the note, when there is one)."""
    for r in (2, 3):
        cell = ws.cell(r, 1)
        if cell.font.b and cell.fill.fill_type == "solid":
            return r
    raise AssertionError(f"{ws.title}: no styled header row in rows 2-3")


@pytest.fixture(scope="module")
def samples(sample_builds) -> dict[str, Built]:
    """Each bundled sample folder built in place to a temporary workbook and JSON (once per test process:
    conftest.sample_builds), with its files' bytes and times before and after."""
    built = {}
    for name in SAMPLES:
        b = sample_builds[name]
        built[name] = Built(name, b.xlsx, b.data(), b.before, b.after)
    return built


@pytest.fixture(params=SAMPLES)
def s(request, samples) -> Built:
    return samples[request.param]


def _widths(ws) -> dict[int, float]:
    """Column widths by index (openpyxl keys a <col min..max> run by its first letter only)."""
    out = {}
    for dim in ws.column_dimensions.values():
        if dim.width:
            for i in range(dim.min, dim.max + 1):
                out[i] = dim.width
    return out


def _shown_len(cell) -> int:
    v, fmt = cell.value, cell.number_format
    if v is None:
        return 0
    if isinstance(v, bool):
        return 5
    if isinstance(v, int | float):
        if fmt == "#,##0.00":
            return len(f"{v:,.2f}")
        if fmt.startswith("0."):
            return len(f"{v:.{len(fmt) - 2}f}")
        if fmt == "0":
            return len(f"{v:.0f}")
        return len(str(v))
    if isinstance(v, dt.date):
        return 10
    return len(str(v))


def _fill(cell):
    return cell.fill.fgColor.rgb if cell.fill.fill_type == "solid" else None


def _is_counted_style(cell) -> bool:
    return _fill(cell) == COUNTED_FILL and not cell.font.strike


def _is_dropped_style(cell) -> bool:
    return bool(cell.font.strike) and _fill(cell) is None


# ----------------------------------------------------------------------------------------------------------------
# the build itself


def test_build_leaves_sample_folders_untouched(s):
    assert s.before == s.after


# ----------------------------------------------------------------------------------------------------------------
# sheet names, order and headers


def test_sheet_order(s):
    names = s.wb.sheetnames
    rankings = RANKINGS[s.circuit]
    assert names[0] == "Summary"
    assert names[1:1 + len(rankings)] == rankings
    rest = names[1 + len(rankings):]
    assert rest[:3] == ["Prizes", CLUBS_SHEET[s.circuit], "Tournaments"]
    assert rest[-2:] == ["Ledger", "Issues"]
    assert len(set(n.casefold() for n in names)) == len(names)


def test_sheet_order_matches_json_rankings(s):
    order = list(dict.fromkeys(r["ranking"] for r in s.json["standings"]))
    sheets = [n for n in s.wb.sheetnames if n in set(order)]
    assert sheets == order


def test_standings_headers(s):
    tours = [r["Tournament"] for r in s.records("Tournaments")]
    for ranking in RANKINGS[s.circuit]:
        _, headers, _ = s.table(ranking)
        assert headers[:4] == ["Rank", "Player", "ID", CLUB_LABEL[s.circuit]], ranking
        assert headers.count("Total") == 1
        grid = headers[headers.index("Total") + 1:]
        assert grid, ranking
        assert grid == [t for t in tours if t in set(grid)], f"{ranking}: tournament columns out of date order"
        assert all(isinstance(h, str) and h.strip() == h and h for h in headers), headers


def test_ledger_and_issues_headers(s):
    _, ledger, _ = s.table("Ledger")
    assert ledger[:8] == ["Tournament", "Date", "Ranking", "Name", "ID", "Points", "Rule", "Detail"]
    assert ledger[-1] == "Counted"
    _, issues, _ = s.table("Issues")
    assert issues == ["Severity", "Code", "File", "Sheet", "Cell", "Message", "Hint"]
    _, clubs, _ = s.table(CLUBS_SHEET[s.circuit])
    assert clubs[:4] == ["Ranking", "Rank", CLUB_LABEL[s.circuit], "Total"]


def test_every_table_has_distinct_nonblank_headers(s):
    for ws in s.table_sheets():
        _, headers, _ = s.table(ws.title)
        assert all(isinstance(h, str) and h.strip() for h in headers), ws.title
        assert len(set(headers)) == len(headers), (ws.title, headers)


@pytest.mark.parametrize("name", [
    "acf-2005", "aarhus-2012-13",
    "fecodaz-2009",  # (fixed 30 November: the prizes 'club' column took a literal 'Club' header)
])
def test_prizes_club_column_uses_the_circuit_label(samples, name):
    s = samples[name]
    _, headers, _ = s.table("Prizes")
    assert headers[4] == CLUB_LABEL[s.circuit]
    assert "Club" not in headers or CLUB_LABEL[s.circuit] == "Club"


@pytest.mark.parametrize("name", ["aarhus-2012-13", "fecodaz-2009"])
def test_headers_keep_acronyms(samples, name):
    word = re.compile(r"\b(gpts?|irt|gp|gpm)\b", re.IGNORECASE)
    found = []
    for ws in samples[name].table_sheets():
        _, headers, _ = samples[name].table(ws.title)
        found += [(ws.title, h) for h in headers
                  if any(not (w.isupper() or w == "GPTs") for w in word.findall(h))]
    assert not found, found


# ----------------------------------------------------------------------------------------------------------------
# frozen header, filters, widths, print setup


def test_frozen_header_and_autofilter(s):
    for ws in s.table_sheets():
        hdr = header_row(ws)
        assert ws.freeze_panes is not None, ws.title
        assert int(re.sub(r"[A-Z]+", "", ws.freeze_panes)) == hdr + 1, (ws.title, ws.freeze_panes)
        ref = ws.auto_filter.ref
        assert ref, ws.title
        first, last = ref.split(":")
        assert first == f"A{hdr}", (ws.title, ref)
        assert last == f"{get_column_letter(ws.max_column)}{max(ws.max_row, hdr + 1)}", (ws.title, ref)


def test_standings_freeze_player_columns(s):
    for ranking in RANKINGS[s.circuit]:
        assert s.wb[ranking].freeze_panes == "C4", ranking


def test_header_row_is_styled_and_repeated_on_print(s):
    for ws in s.table_sheets():
        hdr = header_row(ws)
        assert all(c.font.b and c.fill.fill_type == "solid" for c in ws[hdr] if c.value is not None), ws.title
        assert ws.print_title_rows == f"${hdr}:${hdr}", (ws.title, ws.print_title_rows)


def test_print_setup_landscape_fit_to_width(s):
    for ws in s.wb.worksheets:
        ps = ws.page_setup
        assert ps.orientation == "landscape", ws.title
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title
        # None = the default, 1 page wide; a table too wide for that: more pages (across, then down), a standings
        # grid's Rank and Player repeated, another table's first column (review of 2 December, night)
        assert ps.fitToWidth in (None, 1) or ws.print_title_cols == ("$A:$B" if ws.title in RANKINGS[s.circuit] else "$A:$A")
        assert ps.fitToWidth in (None, 1) or ps.pageOrder == "overThenDown", ws.title
        assert ps.fitToHeight == 0, ws.title  # as many pages down as needed
        # A4; FECODAZ on US Letter, Colombia's office paper (review of 2 December)
        assert str(ps.paperSize) == ("1" if s.circuit == "fecodaz" else "9"), ws.title
        m = ws.page_margins
        assert 0.2 <= m.left <= 1.0 and 0.2 <= m.right <= 1.0 and 0.3 <= m.top <= 1.2 and 0.3 <= m.bottom <= 1.2
    for ws in s.table_sheets():
        assert ws.oddFooter.center.text and "&P" in ws.oddFooter.center.text, ws.title


def test_column_widths_fit_content(s):
    problems = []
    for ws in s.table_sheets():
        hdr = header_row(ws)
        widths = _widths(ws)
        for c in range(1, ws.max_column + 1):
            w = widths.get(c)
            longest = max((_shown_len(ws.cell(r, c)) for r in range(hdr + 1, ws.max_row + 1)), default=0)
            # (a wrapped column of explanations — the ledger's Detail, the issues' Message and Hint — is wider, or
            # narrower down to 25 where that fits the table on one printed page: its rows are as tall as its lines)
            wraps = any(ws.cell(r, c).alignment.wrap_text for r in range(hdr + 1, ws.max_row + 1))
            cap = WRAP_WIDTH if wraps else MAX_WIDTH
            if w is None or w < 0.95 * min(longest, 25 if wraps else 60) or w > cap or w < 5:
                problems.append((ws.title, get_column_letter(c), w, longest))
    assert not problems, problems


def test_long_tournament_headers_wrap_in_standings(s):
    for ranking in RANKINGS[s.circuit]:
        ws = s.wb[ranking]
        assert ws.row_dimensions[3].height and ws.row_dimensions[3].height >= 45, ranking
        assert ws.cell(3, ws.max_column).alignment.wrap_text, ranking


def test_summary_long_values_wrap(s):
    ws = s.wb["Summary"]
    width = _widths(ws).get(2, 8.43)
    too_long = [(c.coordinate, len(c.value)) for (c,) in ws.iter_rows(min_col=2, max_col=2)
                if isinstance(c.value, str) and len(c.value) > width and not c.alignment.wrap_text]
    assert not too_long, too_long
    assert width <= MAX_WIDTH * 1.5


def test_summary_contents(s):
    ws = s.wb["Summary"]
    kv = {r[0].value: r[1].value for r in ws.iter_rows(min_row=3, max_col=2) if r[0].value}
    assert kv["Season"] == s.json["season"]
    assert kv["Tournaments"] == len(s.json["tournaments"])
    assert kv["Ledger rows"] == len(s.json["ledger"])
    assert kv["Errors"] == 0
    assert kv["Warnings"] == sum(1 for i in s.json["issues"] if i["severity"] == "warning")
    assert kv["Notes"] == sum(1 for i in s.json["issues"] if i["severity"] == "info")
    assert "Green" in kv["How to read"] and "struck-through" in kv["How to read"]
    digests = [r[1].value for r in ws.iter_rows(min_row=3, max_col=2)
               if isinstance(r[1].value, str) and re.fullmatch(r"[0-9a-f]{64}", r[1].value)]
    assert len(digests) == len(s.json["tournaments"]) + 1  # season.xlsx and each sample tournament workbook


# ----------------------------------------------------------------------------------------------------------------
# number formats and values


def test_points_number_format(s):
    fmt = POINTS_FORMAT[s.circuit]
    for ranking in RANKINGS[s.circuit]:
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        for row in rows:
            assert row[ti].number_format == fmt and row[ti].font.b, (ranking, row[ti].coordinate)
            for c in row[ti + 1:]:
                if c.value is not None:
                    assert isinstance(c.value, int | float) and c.number_format == fmt, (ranking, c.coordinate)
    _, headers, rows = s.table("Ledger")
    pi = headers.index("Points")
    assert all(isinstance(r[pi].value, int | float) and r[pi].number_format == fmt for r in rows)


def test_acf_thirds_are_exact_and_shown_to_two_decimals(samples):
    s = samples["acf-2005"]
    thirds = 0
    for ranking in RANKINGS["acf"]:
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        for row in rows:
            for c in row[ti + 1:]:
                if isinstance(c.value, float) and abs(c.value * 4 - round(c.value * 4)) > 1e-9:
                    thirds += 1
                    assert abs(c.value * 3 - round(c.value * 3)) < 1e-9, (ranking, c.coordinate, c.value)
                    assert c.number_format == "0.00"
    assert thirds >= 5  # the sample has shared places split three ways (12⅓, 6⅓, 15⅔)


def test_money_is_money(s):
    for r in s.table("Prizes")[2]:
        value = r[5]
        if isinstance(value.value, int | float):
            assert value.number_format == "#,##0.00", value.coordinate
    if s.circuit == "acf":
        tours = s.table("Tournaments")
        for key in ("Prize money", "Fee"):
            i = tours[1].index(key)
            assert all(r[i].number_format == "#,##0.00" for r in tours[2]), key
    if s.circuit == "fecodaz":
        _, headers, rows = s.table("Bolsa")
        for key in ("Basis", "Amount"):
            i = headers.index(key)
            assert all(r[i].number_format == "#,##0.00" for r in rows if r[i].value is not None), key


@pytest.mark.parametrize("name, sheet, header", [
    ("acf-2005", "Open", "Rating"),
    ("acf-2005", "States", "Winners"),
    ("fecodaz-2009", "Absoluto", "Last GP place"),
    ("aarhus-2012-13", "A", "GPTs"),
    ("fecodaz-2009", "Absoluto", "Played"),
    ("aarhus-2012-13", "Clubs", "Players"),
])
def test_counts_ratings_and_places_are_whole_numbers(samples, name, sheet, header):
    _, headers, rows = samples[name].table(sheet)
    i = headers.index(header)
    cells = [r[i] for r in rows if r[i].value is not None]
    assert cells and all(float(c.value).is_integer() for c in cells)
    assert all(c.number_format in ("0", "General", "#,##0") for c in cells), {c.number_format for c in cells}


def test_dates_are_dates(s):
    tours = s.records("Tournaments")
    for key in ("Start", "End") + (("Date",) if s.circuit == "aarhus" else ()):
        assert all(isinstance(t[key], dt.datetime) for t in tours), key
    for ws in s.table_sheets():
        hdr = header_row(ws)
        for row in ws.iter_rows(min_row=hdr + 1):
            for c in row:
                if isinstance(c.value, dt.datetime):
                    assert c.number_format == "yyyy-mm-dd", (ws.title, c.coordinate)
                if isinstance(c.value, str):
                    assert not re.fullmatch(r"\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?", c.value), (ws.title, c.coordinate)
    _, headers, rows = s.table("Ledger")
    di = headers.index("Date")
    dated = [r[di].value for r in rows if r[di].value is not None]
    assert dated and all(isinstance(v, dt.datetime) for v in dated)
    # JSON dates are ISO strings of the same days
    by_name = {t["Tournament"]: t for t in tours}
    for t in s.json["tournaments"]:
        assert by_name[t["name"]]["Start"].date().isoformat() == t["start"]
        assert by_name[t["name"]]["End"].date().isoformat() == t["end"]


def test_ids_are_text_as_typed(s):
    for ranking in RANKINGS[s.circuit]:
        _, headers, rows = s.table(ranking)
        for row in rows:
            assert row[2].value is None or isinstance(row[2].value, str), (ranking, row[2].coordinate)
            assert not (isinstance(row[2].value, str) and row[2].value.endswith(".0"))
    if s.circuit == "acf":
        assert "00123" in {r["ID"] for r in s.records("Open")}


STRAY = re.compile(r"^(nan|NaN|NaT|None|<NA>|null|inf|-inf|True|False)$|\bnan\b|\bNaT\b|Timestamp\(|datetime\.|"
                   r"numpy\.|np\.float|dtype|<[^>]* object at 0x|^\[.*\]$|^\{.*\}$|^\(.*,.*\)$")


def test_no_stray_python_reprs(s):
    found = []
    for ws in s.wb.worksheets:
        norms_col = None
        if ws.title == "Tournaments" and s.circuit == "fecodaz":
            norms_col = s.table("Tournaments")[1].index("Norms") + 1  # CONTRACT: Norms `None`, `IM` or `GM`
        for row in ws.iter_rows():
            for c in row:
                v = c.value
                formula_or_nan = c.data_type in ("f", "e") or (isinstance(v, float) and v != v)
                repr_text = (isinstance(v, str) and STRAY.search(v.strip())
                             and not (c.column == norms_col and v == "None"))
                if formula_or_nan or repr_text:
                    found.append((ws.title, c.coordinate, v))
    assert not found, found[:20]


def test_no_empty_sheet_without_a_note(s):
    for ws in s.table_sheets():
        hdr = header_row(ws)
        data = [row for row in ws.iter_rows(min_row=hdr + 1, values_only=True) if any(v is not None for v in row)]
        if not data:
            assert hdr == 3 and ws.cell(2, 1).value, f"{ws.title}: empty and unexplained"


def test_standings_note_counts_players(s):
    for ranking in RANKINGS[s.circuit]:
        ws = s.wb[ranking]
        n = ws.max_row - 3
        assert ws.cell(2, 1).value.startswith(f"{n} players."), (ranking, ws.cell(2, 1).value)


# ----------------------------------------------------------------------------------------------------------------
# counted versus dropped


def test_counted_and_dropped_look_different_and_are_explained(s):
    styles = collections.Counter()
    for ranking in RANKINGS[s.circuit]:
        ws = s.wb[ranking]
        note = ws.cell(2, 1).value
        assert "Green = counted" in note and "struck-through = dropped" in note, ranking
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        for row in rows:
            for c in row[ti + 1:]:
                if c.value is None:
                    continue
                counted, dropped = _is_counted_style(c), _is_dropped_style(c)
                assert counted != dropped, (ranking, c.coordinate)
                styles["counted" if counted else "dropped"] += 1
                if dropped:
                    assert c.font.color is not None and c.font.color.rgb != "FF000000"
    assert styles["counted"] and styles["dropped"], styles
    note = s.wb["Ledger"].cell(2, 1).value
    assert "Counted" in note
    _, headers, rows = s.table("Ledger")
    pi, ci = headers.index("Points"), headers.index("Counted")
    for row in rows:
        assert row[ci].value in ("Yes", "No"), row[ci].coordinate
        assert (_is_counted_style(row[pi]) if row[ci].value == "Yes" else _is_dropped_style(row[pi])), \
            row[pi].coordinate


def test_grid_styles_agree_with_json_counted(s):
    by = collections.defaultdict(dict)
    for x in s.json["standings"]:
        flags = collections.defaultdict(set)
        for r in x["results"]:
            flags[r["tournament"]].add(r["counted"])
        by[x["ranking"]][(x["name"], x["id"])] = flags
    for ranking in RANKINGS[s.circuit]:
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        for row in rows:
            flags = by[ranking][(row[1].value, row[2].value)]
            for h, c in zip(headers[ti + 1:], row[ti + 1:]):
                if c.value is None:
                    assert h not in flags
                    continue
                assert _is_counted_style(c) == (True in flags[h]), (ranking, c.coordinate)


# ----------------------------------------------------------------------------------------------------------------
# the ledger explains every point; the JSON agrees with the workbook


def _ledger_sums(s: Built) -> dict:
    sums = collections.defaultdict(float)
    for r in s.records("Ledger"):
        if r["Counted"] == "Yes":
            sums[(r["Ranking"], r["Name"], r["ID"])] += r["Points"]
    return sums


def test_every_total_is_the_sum_of_counted_ledger_rows(s):
    sums = _ledger_sums(s)
    mismatches, checked = [], 0
    for ranking in RANKINGS[s.circuit]:
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        for row in rows:
            key = (ranking, row[1].value, row[2].value)
            checked += 1
            if abs(sums.get(key, 0.0) - row[ti].value) > 1e-6:
                mismatches.append((*key, row[ti].value, sums.get(key, 0.0)))
    assert checked == len(s.json["standings"])
    assert not mismatches, mismatches


def test_every_ledger_row_belongs_to_a_listed_player_or_is_forfeited(s):
    listed = {(x["ranking"], x["name"], x["id"]) for x in s.json["standings"]}
    for r in s.records("Ledger"):
        if (r["Ranking"], r["Name"], r["ID"]) not in listed:
            assert r["Counted"] == "No" and "forfeited" in r["Detail"], r


def test_grid_plus_closed_cap_is_the_total(s):
    """The green cells add up to the total; FECODAZ's closed-tournament cap is its own column (and ledger row)."""
    for ranking in RANKINGS[s.circuit]:
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        cap = headers.index("Closed cap") if "Closed cap" in headers else None
        for row in rows:
            green = sum(c.value for c in row[ti + 1:] if c.value is not None and _is_counted_style(c))
            adjust = row[cap].value or 0 if cap is not None else 0
            assert abs(green + adjust - row[ti].value) < 1e-6, (ranking, row[1].value)


def test_standings_agree_with_json(s):
    by = collections.defaultdict(list)
    for x in s.json["standings"]:
        by[x["ranking"]].append(x)
    assert list(by) == RANKINGS[s.circuit]
    for ranking, xs in by.items():
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        assert len(rows) == len(xs), ranking
        for row, x in zip(rows, xs):
            v = [c.value for c in row]
            assert v[0] == ("=" if x["tied"] else "") + str(x["rank"]), (ranking, v[:3])
            assert (v[1], v[2], v[3]) == (x["name"], x["id"], x["club"]), ranking
            assert abs(v[ti] - x["total"]) < 1e-6, (ranking, x["name"])
            grid = {h: p for h, p in zip(headers[ti + 1:], v[ti + 1:]) if p is not None}
            js = collections.defaultdict(float)
            for r in x["results"]:
                js[r["tournament"]] += r["points"]
            assert grid.keys() == js.keys(), (ranking, x["name"])
            assert all(abs(grid[k] - js[k]) < 1e-6 for k in grid), (ranking, x["name"])


def test_ranks_are_consistent_with_totals(s):
    for ranking in RANKINGS[s.circuit]:
        _, headers, rows = s.table(ranking)
        ti = headers.index("Total")
        totals = [r[ti].value for r in rows]
        assert totals == sorted(totals, reverse=True), ranking
        ranks = [int(r[0].value.lstrip("=")) for r in rows]
        assert ranks[0] == 1 and all(a <= b for a, b in zip(ranks, ranks[1:])), ranking
        for i, r in enumerate(rows):
            shared = ranks.count(ranks[i]) > 1
            assert r[0].value.startswith("=") == shared, (ranking, r[0].coordinate)


def test_ledger_agrees_with_json(s):
    wb_rows = s.records("Ledger")
    assert len(wb_rows) == len(s.json["ledger"])
    for w, j in zip(wb_rows, s.json["ledger"]):
        assert (w["Tournament"], w["Ranking"], w["Name"], w["ID"], w["Rule"], w["Detail"]) == \
               (j["tournament"], j["ranking"], j["name"], j["id"], j["rule"], j["detail"])
        assert abs(w["Points"] - j["points"]) < 1e-6
        assert (w["Counted"] == "Yes") == j["counted"]


def test_tournaments_prizes_clubs_issues_agree_with_json(s):
    tours = s.records("Tournaments")
    assert [t["Tournament"] for t in tours] == [t["name"] for t in s.json["tournaments"]]
    assert [t["Players"] for t in tours] == [t["players"] for t in s.json["tournaments"]]
    prizes = s.records("Prizes")
    assert len(prizes) == len(s.json["prizes"])
    for w, j in zip(prizes, s.json["prizes"]):
        assert (w["Ranking"], w["Place"], w["Player"], w["ID"], w["Value"]) == \
               (j["ranking"], j["place"], j["name"], j["id"], j["value"])
    clubs = s.records(CLUBS_SHEET[s.circuit])
    assert len(clubs) == len(s.json["clubs"])
    for w, j in zip(clubs, s.json["clubs"]):
        assert (w["Ranking"], w[CLUB_LABEL[s.circuit]]) == (j["ranking"], j["club"])
        assert w["Rank"].lstrip("=") == str(j["rank"]) and abs(w["Total"] - j["total"]) < 1e-6
    issues = s.records("Issues")
    assert [(i["Severity"], i["Code"], i["Message"]) for i in issues] == \
           [(i["severity"], i["code"], i["message"]) for i in s.json["issues"]]


def test_issue_rows_coloured_by_severity(s):
    _, headers, rows = s.table("Issues")
    for row in rows:
        fill = _fill(row[0])
        if row[0].value == "warning":
            assert fill == "FFFFEB9C", row[0].coordinate
        elif row[0].value == "error":
            assert fill == "FFFFC7CE", row[0].coordinate
        else:
            assert fill is None, row[0].coordinate
