"""Audit: the standings workbook (and JSON) at the limits of what it can hold.

Coverage — small seasons built with tests/builders.py and read back with openpyxl AND python-calamine (both must
agree with each other and, cell by cell, with the JSON export):
- hostile text in names, clubs, tournament names and the season title: leading ``=``, ``+``, ``-``, ``@`` (text,
  never formulas — no ``<f>`` element anywhere), ``&``, ``<``, ``]]>``, control characters, a literal
  ``_x0041_``, emoji, right-to-left text, a zero-width space, names of 300 characters and of exactly 32,767
  (Excel's cell limit); leading/trailing spaces (trimmed on input, consistently in workbook and JSON);
- every XML part well-formed, every sheet name at most 31 characters, none of ``[]:*?/\\``, none starting or
  ending with an apostrophe, no two equal ignoring case; no cell longer than 32,767 characters; no cell beyond
  column XFD or row 1,048,576;
- Aarhus "Moves" sheets (the only sheet names taken from input): tournament names with ``[]:*?/\\``, names
  colliding once cut to 31 characters, names whose cut ends in an apostrophe;
- a season with no tournaments at all (each circuit), a ranking with one player, all players tied (``=1`` as
  text);
- print set-up of every sheet (landscape, A4, fit to width, header with the escaped title, footer);
- the JSON is strict JSON (no NaN/Infinity) for all these seasons;
- at the function level: a standings grid wider than Excel's 16,384 columns (``_standings_sheet``), and a table
  (the Ledger, ``write_table``) with more rows than a sheet's 1,048,576 — plus both exactly at the limit.

Defects found (1, 2, 3 and 6 fixed on 30 November — sheet names lose edge apostrophes, text cells are cut
at 32,767 characters as xlsxwriter cuts them, the print header's title at 110; 4, 5 and 7 fixed later that day —
a too long or too wide table goes on in "<sheet> (2)" …, a long season title is cut before each sheet's own):
1. An Aarhus GPT whose name ends with an apostrophe (``GPT 'Efterår'``), or whose cut "Moves N …" sheet name
   ends with one, crashes the build (xlsxwriter InvalidWorksheetName from ``sheet_name``): nothing is written.
2. ACF Prizes "Passed over" joins the names of players passed over with no limit: three 12,000-character names
   give a 36,085-character cell (Excel's limit is 32,767: Excel repairs/truncates the file).
3. Issues sheet: a message quoting two long names (same ID, different names) is written as a 60,072-character
   cell — beyond Excel's limit (the JSON keeps it whole).
4. A standings grid of more tournaments than there are columns left (16,400 tournaments): the headers beyond
   column XFD are silently dropped and the results are written with references like ``XFE4`` — an invalid sheet.
5. A table with more rows than a sheet holds (a Ledger of 1,048,575 data rows under its 3 heading rows) is
   written past row 1,048,576 (the sheet's dimension even says ``A1:A3``): Excel refuses or drops those rows.
6. A season title longer than ~234 characters: xlsxwriter refuses the print header (255-character limit), only
   a UserWarning is printed, and every sheet prints without its header (title and date).
7. A season title of 32,767 characters: the table sheets' title cells ("<title> — Open") are silently cut to
   32,767 characters by xlsxwriter, so the sheet's own name at the end is lost.

Not counted as a gpcalc defect: openpyxl (and so pandas.read_excel's default engine) does not decode the
``_xHHHH_`` escapes Excel and calamine decode, so a name holding a control character or a literal ``_x0041_``
reads back escaped through openpyxl; the comparison decodes them (:func:`_unescape`). Input clean-up (edge
spaces, zero-width spaces dropped) is the same in the workbook and the JSON.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import warnings
import zipfile
from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np
import openpyxl
import pandas as pd
import pytest
import xlsxwriter
from builders import acf_tournament, make_season, row
from python_calamine import CalamineWorkbook

from gpcalc.pipeline import build, compute
from gpcalc.report import xlsx as report

EXCEL_MAX_CELL = 32_767
EXCEL_MAX_ROWS = 1_048_576
EXCEL_MAX_COLS = 16_384
NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main"}

AA_HEAD = ["Group", "Place", "Name", "ID", "Club", "Born", "Sex", "Points", "Games"]
FE_POINTS = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                             for c in range(1, 14)]

HOSTILE = ["=SUM(1,2)", "+61 400 000", "-dash", "@at", "a & b <c> ]]> d", "  lead", "trail  ",
           "ctl\x01\x02 x _x0041_", "emoji 🏆♞ ok", "עברית ערבית عربى", "\u200bzero width", "L" * 300,
           "=HYPERLINK(\"http://x\",\"y\")", "Z" * EXCEL_MAX_CELL]


# ------------------------------------------------------------------------------------------------- helpers


def _build(folder: Path, tmp: Path) -> tuple[Path, dict, list]:
    out, js = tmp / "out.xlsx", tmp / "out.json"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        res = build(folder, out, js, use_cache=False)
    assert res.outcome is not None, [i.message[:200] for i in res.issues.errors]
    text = js.read_text(encoding="utf-8")

    def strict(token):
        raise AssertionError(f"JSON holds {token}: not strict JSON")
    data = json.loads(text, parse_constant=strict)
    return out, data, caught


def _col_number(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _validate_package(path: Path) -> None:
    """Every XML part well-formed; sheet names Excel accepts; no formula; no cell beyond XFD / row 1,048,576."""
    with zipfile.ZipFile(path) as z:
        assert z.testzip() is None
        for name in z.namelist():
            if name.endswith(".xml") or name.endswith(".rels"):
                ET.fromstring(z.read(name))  # raises on malformed XML
        book = ET.fromstring(z.read("xl/workbook.xml"))
        names = [s.get("name") for s in book.find("m:sheets", NS)]
        for name in names:
            assert 1 <= len(name) <= 31, name
            assert not set(name) & set('[]:*?/\\'), name
            assert not name.startswith("'") and not name.endswith("'"), name
        assert len({n.casefold() for n in names}) == len(names), names
        for part in (n for n in z.namelist() if n.startswith("xl/worksheets/sheet")):
            xml = z.read(part).decode("utf-8")
            assert "<f>" not in xml and "<f " not in xml, f"{part}: a formula"
            for letters, digits in re.findall(r'<c r="([A-Z]+)(\d+)"', xml):
                assert _col_number(letters) <= EXCEL_MAX_COLS and int(digits) <= EXCEL_MAX_ROWS, \
                    f"{part}: cell {letters}{digits} beyond the sheet"
            assert xml.count("<row") <= EXCEL_MAX_ROWS, part


def _norm(v):
    if v is None:
        return ""
    if isinstance(v, bool):
        return v
    if isinstance(v, int | float):
        return float(v)
    if isinstance(v, dt.datetime):
        return v.date() if v.time() == dt.time() else v
    return v


_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def _unescape(v):
    """openpyxl does not decode the ``_xHHHH_`` escapes of ST_Xstring (control characters, a literal ``_x0041_``);
    Excel and calamine do. Decoded here so that openpyxl's reading can be compared (pandas reads through openpyxl:
    there such a name shows escaped — openpyxl's limitation, as XML 1.0 cannot hold the characters)."""
    return _ESCAPE.sub(lambda m: chr(int(m.group(1), 16)), v) if isinstance(v, str) else v


def _grids(path: Path) -> dict[str, list[list]]:
    """Every sheet's values, read by openpyxl and by calamine, which must agree (trailing blanks ignored)."""
    wb = openpyxl.load_workbook(path)
    cw = CalamineWorkbook.from_path(str(path))
    assert wb.sheetnames == cw.sheet_names
    out = {}
    for name in wb.sheetnames:
        ws = wb[name]
        a = [[_unescape(_norm(c.value)) for c in r] for r in ws.iter_rows()]
        for r in ws.iter_rows():
            for c in r:
                if isinstance(c.value, str):
                    assert c.data_type == "s", (name, c.coordinate, c.value[:40])  # text, not a formula
        b = [[_norm(v) for v in r] for r in cw.get_sheet_by_name(name).to_python()]

        def trim(g):
            g = [list(r) for r in g]
            for r in g:
                while r and r[-1] == "":
                    r.pop()
            while g and not g[-1]:
                g.pop()
            return g
        assert trim(a) == trim(b), name
        out[name] = trim(a)
    return out


def _max_cell_length(grids: dict[str, list[list]]) -> tuple[int, str]:
    best = (0, "")
    for name, g in grids.items():
        for r in g:
            for v in r:
                if isinstance(v, str) and len(v) > best[0]:
                    best = (len(v), name)
    return best


def _table(grid: list[list], first_header: str) -> tuple[list[str], list[list]]:
    """The header and data rows of a sheet's table (the header row starts with `first_header`)."""
    i = next(k for k, r in enumerate(grid) if r and r[0] == first_header)
    header = grid[i]
    rows = [r + [""] * (len(header) - len(r)) for r in grid[i + 1:]]
    return header, rows


def _same_number(a, b) -> bool:
    if b is None:
        return a == ""
    return isinstance(a, float) and abs(a - float(b)) < 1e-9


def _check_against_json(grids: dict[str, list[list]], data: dict) -> None:
    """Standings (with the results grid), ledger, tournaments, clubs and issues: every cell equals the JSON."""
    by_ranking: dict[str, list[dict]] = {}
    for s in data["standings"]:
        by_ranking.setdefault(s["ranking"], []).append(s)
    for ranking, rows_json in by_ranking.items():
        header, rows = _table(grids[ranking], "Rank")
        assert len(rows) == len(rows_json), ranking
        total_at = header.index("Total")
        tours = header[total_at + 1:]
        for r, s in zip(rows, rows_json):
            assert r[0] == ("=" if s["tied"] else "") + str(s["rank"]), (ranking, r[0], s)
            assert r[1] == (s["name"] or "") and r[2] == (s["id"] or "") and r[3] == (s["club"] or ""), ranking
            assert _same_number(r[total_at], s["total"]), (ranking, r[total_at], s["total"])
            got = {t: v for t, v in zip(tours, r[total_at + 1:]) if v != ""}
            want = {x["tournament"]: x["points"] for x in s["results"]}
            assert set(got) == set(want), (ranking, set(got) ^ set(want))
            assert all(_same_number(got[t], want[t]) for t in want), ranking
    # ledger
    header, rows = _table(grids["Ledger"], "Tournament")
    assert len(rows) == len(data["ledger"])
    col = {h: i for i, h in enumerate(header)}
    for r, x in zip(rows, data["ledger"]):
        for key, head in [("tournament", "Tournament"), ("ranking", "Ranking"), ("name", "Name"), ("id", "ID"),
                          ("rule", "Rule"), ("detail", "Detail")]:
            assert r[col[head]] == (x[key] or ""), (head, r[col[head]][:60] if isinstance(r[col[head]], str)
                                                    else r[col[head]], (x[key] or "")[:60])
        assert _same_number(r[col["Points"]], x["points"])
        if "counted" in x and x["counted"] is not None:
            assert r[col["Counted"]] == ("Yes" if x["counted"] else "No")
    # tournaments
    header, rows = _table(grids["Tournaments"], "Tournament")
    assert [r[0] for r in rows] == [t["name"] for t in data["tournaments"]]
    # clubs
    clubs_sheet = {"acf": "States", "aarhus": "Clubs", "fecodaz": "Ligas"}[data["circuit"]]
    header, rows = _table(grids[clubs_sheet], "Ranking")
    ci = header.index(next(h for h in header if h in ("State", "Club", "Liga")))
    assert [(r[0], r[ci]) for r in rows] == [(c["ranking"], c["club"] or "") for c in data["clubs"]]
    # issues
    header, rows = _table(grids["Issues"], "Severity")
    mi = header.index("Message")
    assert [r[mi] for r in rows] == [i["message"] for i in data["issues"]]


def _print_setup(path: Path, title: str) -> None:
    """Every sheet: landscape, A4, fit to one page wide; table sheets: a header with the title and a footer."""
    wb = openpyxl.load_workbook(path)
    for ws in wb.worksheets:
        assert ws.page_setup.orientation == "landscape", ws.title
        assert str(ws.page_setup.paperSize) == "9", ws.title
        assert ws.sheet_properties.pageSetUpPr.fitToPage, ws.title  # one page wide, or a wide standings grid
        # over more pages: a standings grid with Rank and Player repeated, another table its first column
        assert ws.page_setup.fitToWidth in (1, None) or ws.print_title_cols in ("$A:$B", "$A:$A"), ws.title
        assert ws.page_setup.fitToHeight == 0, ws.title
        if ws.title != "Summary":
            assert (ws.oddHeader.left.text or "").startswith(title + " — "), (ws.title, ws.oddHeader.left.text)
            assert ws.oddHeader.left.font == "Calibri,Bold" and ws.oddHeader.right.text == "&D", ws.title
            assert ws.oddFooter.center.text == "Page &P of &N", ws.title


def _aarhus_books(names: list[str], clubs: list[str], tours: list[str], group="C") -> dict:
    rows = [[group, i + 1, n, str(1000 + i), c, 2000, "D", max(0.0, 7 - 0.5 * i), 7]
            for i, (n, c) in enumerate(zip(names, clubs))]
    return {f"g{k}.xlsx": {"Tournament": {"Name": t, "Date": f"{22 + k}/9/2012", "Kind": "GPT"},
                           "Groups": [["Group", "Rounds"], [group, 7]], "Results": [AA_HEAD, *rows]}
            for k, t in enumerate(tours)}


# ---------------------------------------------------------------------------------------- hostile text


def _as_read(name: str) -> str:
    """A name as gpcalc reads it: edge spaces and zero-width spaces are input clean-up, not output loss."""
    return name.replace("\u200b", "").strip()


@pytest.fixture(scope="module")
def aarhus_hostile(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("aa_hostile")
    clubs = [*HOSTILE[:-1], "Viby"]  # the 32,767-character name keeps an ordinary club
    tours = ["=GPT & <1> ]]>", "A" * 40 + " x", "A" * 40 + " y", "B[]:*?/\\C"]
    folder = make_season(tmp, {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 4,
                               "Title": "=T & <x> ]]> 🏆"}, tournaments=_aarhus_books(HOSTILE, clubs, tours))
    out, data, _ = _build(folder, tmp)
    return out, data


def test_aarhus_hostile_text_round_trips_in_both_readers(aarhus_hostile):
    out, data = aarhus_hostile
    _validate_package(out)
    grids = _grids(out)
    _check_against_json(grids, data)
    names = {s["name"] for s in data["standings"]}
    # nothing lost: every input name is in the JSON (edge spaces trimmed on input, the same in both outputs)
    assert names == {_as_read(n) for n in HOSTILE}
    assert "Z" * EXCEL_MAX_CELL in names
    assert _max_cell_length(grids)[0] <= EXCEL_MAX_CELL
    clubs = {s["club"] for s in data["standings"]}
    assert {"=SUM(1,2)", "@at", "a & b <c> ]]> d"} <= clubs


def test_aarhus_moves_sheet_names_are_legal_and_distinct(aarhus_hostile):
    out, data = aarhus_hostile
    names = openpyxl.load_workbook(out, read_only=True).sheetnames
    moves = [n for n in names if n.startswith("Moves")]
    assert len(moves) == 4 and len(set(moves)) == 4
    assert "Moves 4 B-------C" in moves
    # the full tournament name is still in the sheet (its title), though the sheet name is cut
    grids = _grids(out)
    assert any("A" * 40 + " y" in str(v) for r in grids[moves[2]] for v in r)


def test_aarhus_hostile_print_setup_and_strict_json(aarhus_hostile):
    out, data = aarhus_hostile
    _print_setup(out, "=T && <x> ]]> 🏆")
    assert data["title"] == "=T & <x> ]]> 🏆"


@pytest.fixture(scope="module")
def acf_hostile(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("acf_hostile")
    names = HOSTILE[:-1]
    books = {}
    for k in range(0, len(names), 5):  # five players a tournament: each is in the top five (scores)
        chunk = names[k:k + 5]
        books[f"t{k}.xlsx"] = acf_tournament(
            ["=Open & <1>", "@Weekender ]]>", "-Rapid 🏆"][k // 5],
            [row("Open", i + 1, n, sex="F" if i % 2 else "M", born=1992 if n == "@at" else 1970,
                 pid=str(100 + k + i)) for i, n in enumerate(chunk)], start=dt.date(2005, 3, 5 + k))
    folder = make_season(tmp, {"Circuit": "acf", "Season": "2005", "Title": "+ACF & co"}, tournaments=books)
    out, data, _ = _build(folder, tmp)
    return out, data


def test_acf_hostile_text_round_trips_and_one_player_ranking(acf_hostile):
    out, data = acf_hostile
    _validate_package(out)
    grids = _grids(out)
    _check_against_json(grids, data)
    open_names = {s["name"] for s in data["standings"] if s["ranking"] == "Open"}
    assert open_names == {_as_read(n) for n in HOSTILE[:-1]}
    junior = [s for s in data["standings"] if s["ranking"] == "Junior"]
    assert [s["name"] for s in junior] == ["@at"]  # a ranking with one player
    _, rows = _table(grids["Junior"], "Rank")
    assert len(rows) == 1 and rows[0][:2] == ["1", "@at"]
    _print_setup(out, "+ACF && co")


def test_all_players_tied_ranks_stay_text(tmp_path):
    names = ["=A", "+B", "-C", "@D", "E"]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments={
        "a.xlsx": acf_tournament("Open", [row("Open", "=1", n, pid=str(i)) for i, n in enumerate(names)])})
    out, data, _ = _build(folder, tmp_path)
    _validate_package(out)
    grids = _grids(out)
    _check_against_json(grids, data)
    open_rows = [s for s in data["standings"] if s["ranking"] == "Open"]
    assert len(open_rows) == 5 and all(s["tied"] and s["rank"] == 1 for s in open_rows)
    assert len({s["total"] for s in open_rows}) == 1
    _, rows = _table(grids["Open"], "Rank")
    assert [r[0] for r in rows] == ["=1"] * 5


@pytest.mark.parametrize("circuit", ["acf", "aarhus", "fecodaz"])
def test_a_season_without_results(tmp_path, circuit):
    settings = {"acf": {"Season": "2005"}, "aarhus": {"Season": "2012/2013", "GPTs": 2},
                "fecodaz": {"Season": "2009", "Points table source": "t"}}[circuit]
    folder = make_season(tmp_path, {"Circuit": circuit, **settings},
                         sheets={"Points": FE_POINTS} if circuit == "fecodaz" else None)
    out, data, _ = _build(folder, tmp_path)
    _validate_package(out)
    grids = _grids(out)
    assert data["standings"] == [] and data["ledger"] == [] and data["tournaments"] == []
    _check_against_json(grids, data)
    assert "no-tournaments" in {i["code"] for i in data["issues"]}
    for ranking in {"acf": ["Open", "Unrated"], "aarhus": ["A", "P"], "fecodaz": ["Absoluto"]}[circuit]:
        header, rows = _table(grids[ranking], "Rank")
        assert rows == [] and "Total" in header


# -------------------------------------------------------------------------------------------- defects


@pytest.mark.parametrize("gpt", ["GPT 'Efterår'", "Efterårs-GPT Viby 2012'13 runde 2"])
def test_aarhus_gpt_name_with_apostrophe_builds(tmp_path, gpt):
    assert ("Moves 1 " + gpt)[:31].endswith("'")
    folder = make_season(tmp_path, {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 1},
                         tournaments=_aarhus_books(["Ann", "Bo"], ["Viby", "Egå"], [gpt]))
    out, data, _ = _build(folder, tmp_path)
    _validate_package(out)
    assert data["tournaments"][0]["name"] == gpt


def test_prizes_passed_over_cell_within_excel_limit(tmp_path):
    names = [c * 12_000 for c in "ABCDE"]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Prizes": [["Division", "Place", "Value"], ["Open", 1, 300], ["Open", 2, 200],
                                            ["Open", 3, 100], ["Women", 1, 50]]},
                         tournaments={"a.xlsx": acf_tournament(
                             "Open", [row("Open", i + 1, n, sex="F", pid=str(i + 1)) for i, n in enumerate(names)])})
    out, data, _ = _build(folder, tmp_path)
    assert {p["name"] for p in data["prizes"]} <= set(names)  # (the build itself is right)
    grids = _grids(out)
    longest, sheet = _max_cell_length(grids)
    assert longest <= EXCEL_MAX_CELL, f"{sheet}: a cell of {longest:,} characters"


def test_issue_message_cell_within_excel_limit(tmp_path):
    n = 20_000
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"],
                                             ["1", "A" * n, "M", 1970, 1500, None, "NSW"]]},
                         tournaments={"a.xlsx": acf_tournament("Open", [row("Open", 1, "B" * n, pid="1"),
                                                                        row("Open", 2, "Cee", pid="2")])})
    out, data, _ = _build(folder, tmp_path)
    assert max(len(i["message"]) for i in data["issues"]) > EXCEL_MAX_CELL  # the JSON keeps it whole
    grids = _grids(out)
    longest, sheet = _max_cell_length(grids)
    assert longest <= EXCEL_MAX_CELL, f"{sheet}: a cell of {longest:,} characters"


def test_long_title_keeps_a_print_header(tmp_path):
    title = "Grand Prix " + "T" * 289
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005", "Title": title}, tournaments={
        "a.xlsx": acf_tournament("Open", [row("Open", 1, "Ann", pid="1")])})
    out, data, caught = _build(folder, tmp_path)
    assert data["title"] == title
    wb = openpyxl.load_workbook(out)
    for ws in wb.worksheets[1:]:
        assert ws.oddHeader.left.text, f"{ws.title}: no print header"
        assert ws.oddHeader.left.text.count("Grand Prix") == 1


def test_longest_title_keeps_each_sheet_title(tmp_path):
    title = "T" * EXCEL_MAX_CELL
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005", "Title": title}, tournaments={
        "a.xlsx": acf_tournament("Open", [row("Open", 1, "Ann", pid="1")])})
    out, data, _ = _build(folder, tmp_path)
    assert data["title"] == title
    grids = _grids(out)
    assert grids["Summary"][0][0] == title
    # the sheet's own part of its title must survive (or the title be shortened to make room for it)
    assert str(grids["Open"][0][0]).endswith("Open"), "the Open sheet's title lost its ranking"


# ------------------------------------------------------------------------ beyond the sheet: function level


@pytest.fixture(scope="module")
def one_player(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("one")
    folder = make_season(tmp, {"Circuit": "acf", "Season": "2005"},
                         tournaments={"a.xlsx": acf_tournament("Open", [row("Open", 1, "Ann", pid="1")])})
    res = compute(folder, use_cache=False)
    assert res.outcome is not None
    return res


def _wide_grid(res, n_tours: int, path: Path) -> str:
    """The Open standings sheet of one player with a result in each of n_tours tournaments."""
    o = res.outcome
    e1 = o.entries[o.entries["ranking"] == "Open"].iloc[0].to_dict()
    ent = pd.DataFrame([e1] * n_tours)
    ent["tournament"] = [f"T{i}" for i in range(n_tours)]
    ent["points"] = np.arange(n_tours, dtype=float) + 1
    outcome = type(o)(**{**o.__dict__, "entries": ent})
    wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "strings_to_formulas": False})
    st = report.Styles(wb, 2)
    report._standings_sheet(wb, wb.add_worksheet("Open"), st, res.season, outcome, "Open",
                            pd.DataFrame({"tournament": ent["tournament"]}), "T")
    wb.close()
    with zipfile.ZipFile(path) as z:  # (every sheet: a grid too wide for one goes on in the next)
        return "".join(z.read(p).decode() for p in sorted(z.namelist()) if p.startswith("xl/worksheets/sheet"))


def test_grid_exactly_as_wide_as_a_sheet(one_player, tmp_path):
    fixed = 7  # Rank, Player, ID, State, Rating, Rating source, Total
    n = EXCEL_MAX_COLS - fixed
    xml = _wide_grid(one_player, n, tmp_path / "g.xlsx")
    ET.fromstring(xml)
    assert f"<t>T{n - 1}</t>" in xml  # the last tournament's header, in column XFD
    assert '<c r="XFD4" s=' in xml and f"<v>{n}</v>" in xml
    assert '<dimension ref="A1:XFD4"/>' in xml


def test_grid_wider_than_a_sheet_loses_nothing(one_player, tmp_path):
    n = 16_400
    try:
        xml = _wide_grid(one_player, n, tmp_path / "g.xlsx")
    except Exception as exc:  # refusing clearly would be acceptable; a silent bad sheet is not
        pytest.fail(f"refused: {exc!r}")  # (then this test needs the refusal's form written in)
    cells = re.findall(r'<c r="([A-Z]+)\d+"', xml)
    assert all(_col_number(c) <= EXCEL_MAX_COLS for c in cells), "cells beyond column XFD"
    assert f"<t>T{n - 1}</t>" in xml, "the last tournaments' headers were dropped"
    # the rest of the grid on a second sheet, after the player's own columns again, every result kept
    sheets = xml.split("</worksheet>")[:-1]
    assert len(sheets) == 2 and all(s.count("<t>Player</t>") == 1 for s in sheets)
    values = set(re.findall(r"<v>([^<]*)</v>", xml))  # (one scan of the sheets, not one per value)
    assert all(str(p) in values for p in range(1, n + 1))
    with zipfile.ZipFile(tmp_path / "g.xlsx") as z:
        assert re.findall(r'<sheet name="([^"]+)"', z.read("xl/workbook.xml").decode()) == ["Open", "Open (2)"]


def _tall_table(path: Path, n: int) -> bytes:
    frame = pd.DataFrame({"points": np.ones(n)})
    wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "strings_to_formulas": False})
    st = report.Styles(wb, 2)
    report.write_table(wb, wb.add_worksheet("Ledger"), st, frame, [("points", "Points", "points")],
                       title="T — ledger", note="note")
    report._close_fast(wb, None)
    with zipfile.ZipFile(path) as z:
        return b"".join(z.read(p) for p in z.namelist() if p.startswith("xl/worksheets/sheet"))


def test_table_exactly_as_tall_as_a_sheet(tmp_path):
    xml = _tall_table(tmp_path / "t.xlsx", EXCEL_MAX_ROWS - 3)  # title, note, header + data
    assert xml.count(b"<row") == EXCEL_MAX_ROWS
    assert b'<dimension ref="A1:A1048576"/>' in xml
    assert xml.count(b"<v>1</v>") == EXCEL_MAX_ROWS - 3


def test_table_taller_than_a_sheet_loses_nothing(tmp_path):
    n = EXCEL_MAX_ROWS - 3 + 2
    try:
        xml = _tall_table(tmp_path / "t.xlsx", n)
    except Exception as exc:
        pytest.fail(f"refused: {exc!r}")
    sheets = xml.split(b"</worksheet>")[:-1]
    assert all(s.count(b"<row") <= EXCEL_MAX_ROWS for s in sheets), "rows beyond 1,048,576"
    assert xml.count(b"<v>1</v>") == n, "rows lost"
    # the rest on a sheet of its own, right after, titled and headed like the first, saying where it comes from
    with zipfile.ZipFile(tmp_path / "t.xlsx") as z:
        assert re.findall(r'<sheet name="([^"]+)"', z.read("xl/workbook.xml").decode()) == ["Ledger", "Ledger (2)"]
    second = sheets[1].decode()
    assert second.count("<row") == 3 + 2 and second.count("<v>1</v>") == 2
    assert "T — ledger" in second and "continued from the sheet &apos;Ledger&apos;" in second.replace("'", "&apos;")
    assert "<t>Points</t>" in second and '<pane ySplit="3"' in second
