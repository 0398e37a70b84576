"""An audit of `gpcalc explain` as a federation official uses it to settle a disputed point: for one player, the
explanation, the Ledger sheet rows, the standings sheet (total and rank), the Prizes sheet and the JSON export
must tell the same story (CONTRACT: "every points award of one player, with its reason"; README: "a ledger that
explains every point", "green = counted, grey struck-through = dropped"), and the explanation must be complete —
the counted lines add up to the total, dropped lines are shown and marked, ties that decide a rank or a prize are
explained.

The three bundled samples are built once per test process (conftest.sample_builds: from sample_data/, which is only
read, without the cache; `explain` runs on them there with GPCALC_NO_CACHE=1); small seasons are
made with tests/builders.py. Expected numbers are worked by hand from the rulebooks (stated at each test) or taken
from another output that must agree (named at each test). The audit (30 November) found seven defects; five were
fixed the same day (explain rounds halves up as the workbook shows them, names the tiebreak that decided a rank,
says why a sanctioned player is not ranked, and names a player who played without points and his tournaments).
A sixth, a count-back that decided an ACF prize without a trace, was fixed next (the Prizes note names the player
level on total and the count-back that decided). One stays open as a strict xfail: ACF thirds are printed to two
decimals (12.33 × 3 ≠ 37) — a display decision for the team.
"""

from __future__ import annotations

import datetime as dt
import json
import re
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path

import openpyxl
import pytest
from builders import acf_tournament, make_season
from click.testing import CliRunner

from gpcalc.cli import main
from gpcalc.explain import find_awards
from gpcalc.pipeline import compute

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"acf": "acf-2005", "aarhus": "aarhus-2012-13", "fecodaz": "fecodaz-2009"}
DECIMALS = {"acf": 2, "aarhus": 1, "fecodaz": 1}
ACF_HEAD = ["Place", "Name", "ID", "Sex", "Born", "State"]


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch):
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")


# --------------------------------------------------------------------------------------------------- helpers

class Built:
    """A season folder built once: the Outcome (what `explain` reads), the workbook (openpyxl, styles kept) and
    the JSON export."""

    def __init__(self, folder: Path, shared=None):
        self.folder = folder
        if shared is not None:  # a bundled sample, built once per test process (conftest.sample_builds)
            self.json = shared.data()
            self.wb = openpyxl.load_workbook(shared.xlsx)
            self.outcome = shared.result.outcome
        else:
            out = folder.parent / f"{folder.name}.json"
            res = CliRunner().invoke(main, ["build", str(folder), "--json", str(out), "--no-cache"])
            assert res.exit_code == 0, res.output
            self.json = json.loads(out.read_text(encoding="utf-8"))
            self.wb = openpyxl.load_workbook(folder / "output" / "standings.xlsx")
            self.outcome = compute(folder).outcome
        self.dec = self.outcome.points_decimals
        self._tables: dict[str, list[dict]] = {}

    def table(self, sheet: str) -> list[dict]:
        """A report table as dicts (row 1 title, row 2 note, row 3 header); `_cell` keeps each openpyxl cell."""
        if sheet not in self._tables:
            ws = self.wb[sheet]
            rows = list(ws.iter_rows(min_row=3))
            head = [c.value for c in rows[0]]
            self._tables[sheet] = [{**{h: c.value for h, c in zip(head, r)}, "_cell": dict(zip(head, r))}
                                   for r in rows[1:] if any(c.value is not None for c in r)]
        return self._tables[sheet]

    def explain(self, query: str) -> str:
        text = find_awards(self.outcome, query)
        assert text is not None, query
        return text


def build(folder: Path) -> Built:
    return Built(folder)


@pytest.fixture(scope="module")
def samples(sample_builds):
    """circuit → its bundled sample, built in its own folder (which is only read) once per test process."""
    return {c: Built(sample_builds[name].folder, sample_builds[name]) for c, name in SAMPLES.items()}


LINE = re.compile(r"^    (?P<t>.*?): (?P<p>-?[\d.]+) — (?P<rule>.*?): (?P<detail>.*?)(?P<drop>  \(dropped\))?$")
HEAD = re.compile(r"^  (?P<r>[^:]+):(?: total (?P<total>-?[\d.]+), rank (?P<rank>=?\d+))?(?P<rest>.*)$")


def parse_explain(text: str) -> dict[str, dict[str, dict]]:
    """explain's text → {player header: {ranking: {total, rank, rest, rows: [{t, p, rule, detail, dropped}]}}}."""
    out: dict[str, dict[str, dict]] = {}
    who = ranking = None
    for line in text.splitlines():
        if not line.strip() or line.startswith("'"):
            continue
        if not line.startswith(" "):
            who = line
            out[who] = {}
            continue
        if line.startswith("    "):
            m = LINE.match(line)
            assert m, line
            out[who][ranking]["rows"].append({"t": m["t"], "p": m["p"], "rule": m["rule"], "detail": m["detail"],
                                              "dropped": m["drop"] is not None})
            continue
        m = HEAD.match(line)
        assert m, line
        ranking = m["r"]
        out[who][ranking] = {"total": m["total"], "rank": m["rank"], "rest": m["rest"], "rows": []}
    return out


def shown(x: float, dec: int) -> str:
    """A number as the workbook shows it with the number format 0.00 / 0.0 (Excel and LibreOffice round half away
    from zero), without trailing zeros — the form explain prints (83, 13.5, 73.33)."""
    q = Decimal(repr(round(float(x), 9))).quantize(Decimal(1).scaleb(-dec), rounding=ROUND_HALF_UP)
    s = f"{q:f}"
    return s.rstrip("0").rstrip(".") if "." in s else s


def header_of(name: str, pid) -> str:
    return f"{name} (ID {pid})" if isinstance(pid, str) and pid else name


def player_rows(rows: list[dict], name: str, pid) -> list[dict]:
    if isinstance(pid, str) and pid:
        return [r for r in rows if r.get("ID") == pid or r.get("id") == pid]
    return [r for r in rows if (r.get("Name") or r.get("name") or r.get("Player")) == name
            and not (r.get("ID") or r.get("id"))]


def fraction(text: str) -> Fraction:
    """A number as printed: 12.33, 37/3, 12⅓ — exact where the printed form is exact."""
    vulgar = {"⅓": Fraction(1, 3), "⅔": Fraction(2, 3), "½": Fraction(1, 2), "¼": Fraction(1, 4),
              "¾": Fraction(3, 4)}
    for sym, f in vulgar.items():
        if text.endswith(sym):
            return Fraction(text[:-1] or "0") + f
    return Fraction(text)


def check_player(b: Built, name: str, pid, problems: list[str]) -> None:
    """One player, as an official checks them: explain vs standings (Outcome, sheet, JSON) vs the Ledger sheet
    vs the JSON ledger. Appends every disagreement to `problems`."""
    text = b.explain(pid if isinstance(pid, str) and pid else name)
    blocks = parse_explain(text).get(header_of(name, pid))
    if blocks is None:
        problems.append(f"{name}: no block headed {header_of(name, pid)!r} in explain")
        return
    st_json = [s for s in b.json["standings"] if s["name"] == name and s["id"] == (pid or None)]
    ranked = {s["ranking"] for s in st_json}
    explained = {r for r, blk in blocks.items() if blk["total"] is not None}
    if ranked != explained:
        problems.append(f"{name}: ranked in {sorted(ranked)} but explain gives totals for {sorted(explained)}")
    ledger_sheet = player_rows(b.table("Ledger"), name, pid)
    ledger_json = [r for r in b.json["ledger"] if r["name"] == name and r["id"] == (pid or None)]
    n_rows = sum(len(blk["rows"]) for blk in blocks.values())
    if not (n_rows == len(ledger_sheet) == len(ledger_json)):
        problems.append(f"{name}: explain {n_rows} rows, Ledger sheet {len(ledger_sheet)}, JSON {len(ledger_json)}")
    for ranking, blk in blocks.items():
        sheet_rows = sorted(((r["Tournament"], shown(r["Points"], b.dec), r["Counted"] == "No", r["Rule"],
                              r["Detail"]) for r in ledger_sheet if r["Ranking"] == ranking), key=repr)
        json_rows = sorted(((r["tournament"], shown(r["points"], b.dec), not r["counted"], r["rule"], r["detail"])
                            for r in ledger_json if r["ranking"] == ranking), key=repr)
        ex_rows = sorted(((r["t"], r["p"], r["dropped"], r["rule"], r["detail"]) for r in blk["rows"]), key=repr)
        if not (ex_rows == sheet_rows == json_rows):
            problems.append(f"{name} {ranking}: explain {ex_rows} / Ledger sheet {sheet_rows} / JSON {json_rows}")
        if blk["total"] is None:
            continue
        sj = [s for s in st_json if s["ranking"] == ranking][0]
        rank_text = ("=" if sj["tied"] else "") + str(sj["rank"])
        sheet = player_rows(b.table(ranking), name, pid)
        if len(sheet) != 1:
            problems.append(f"{name} {ranking}: {len(sheet)} rows on the standings sheet")
            continue
        if not (blk["total"] == shown(sj["total"], b.dec) == shown(sheet[0]["Total"], b.dec)):
            problems.append(f"{name} {ranking}: total explain {blk['total']}, JSON {sj['total']}, "
                            f"sheet {sheet[0]['Total']}")
        if not (blk["rank"] == rank_text == str(sheet[0]["Rank"])):
            problems.append(f"{name} {ranking}: rank explain {blk['rank']}, JSON {rank_text}, "
                            f"sheet {sheet[0]['Rank']}")
        counted = sum(fraction(r["p"]) for r in blk["rows"] if not r["dropped"])
        if counted != fraction(blk["total"]):
            problems.append(f"{name} {ranking}: counted lines add up to {float(counted)}, total {blk['total']}")
        # the JSON standings' results are the per-tournament sums of the ledger rows, with the same marks
        per_t: dict[str, list] = {}
        for r in ledger_json:
            if r["ranking"] == ranking:
                per_t.setdefault(r["tournament"], []).append(r)
        res = {x["tournament"]: (shown(x["points"], b.dec), x["counted"]) for x in sj["results"]}
        want = {t: (shown(sum(r["points"] for r in rs), b.dec), all(r["counted"] for r in rs))
                for t, rs in per_t.items() if t in res or any(r["counted"] for r in rs)}
        if {t: v for t, v in res.items()} != {t: v for t, v in want.items() if t in res}:
            problems.append(f"{name} {ranking}: JSON results {res} vs ledger {want}")


def all_players(b: Built) -> list[tuple[str, object]]:
    lg = b.outcome.ledger
    firsts = lg.drop_duplicates("player")
    return [(n, i if isinstance(i, str) else None) for n, i in zip(firsts["name"], firsts["id"])]


# ------------------------------------------------------------------------ (a)/(b)/(c): every player of the samples

@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_every_players_explanation_agrees_with_ledger_sheet_standings_and_json(samples, circuit):
    """For every player with points in the sample: explain's totals and ranks are the standings sheet's and the
    JSON's; its lines are the Ledger sheet's and the JSON ledger's rows (points at the circuit's decimals, rule,
    detail, counted/dropped); the counted lines add up to the total; every ranking the player is ranked in
    (ACF cascade divisions, Aarhus age group and P, FECODAZ senior + amateur band/youth) has its block."""
    b = samples[circuit]
    problems: list[str] = []
    for name, pid in all_players(b):
        check_player(b, name, pid, problems)
    assert not problems, problems[:10]


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_cli_explain_prints_what_find_awards_gives(samples, circuit):
    """`gpcalc explain FOLDER PLAYER` (the CLI) prints exactly the explanation checked above."""
    b = samples[circuit]
    st = b.outcome.standings
    row = st[st["rank"] == 1].iloc[0]
    query = row["id"] if isinstance(row["id"], str) else row["name"]
    res = CliRunner().invoke(main, ["explain", str(b.folder), query])
    assert res.exit_code == 0, res.output
    assert res.output.rstrip("\n") == b.explain(query)


def test_samples_cover_the_multi_account_cases(samples):
    """(c) The checks above do reach players who score in several rankings: ACF Open + U2000 (cascade), an Aarhus
    girl in her age group and P, a FECODAZ player in Absoluto and an amateur band, and the FECODAZ closed cap."""
    def multi(b, need):
        by = {}
        for s in b.json["standings"]:
            by.setdefault((s["name"], s["id"]), set()).add(s["ranking"])
        return [k for k, v in by.items() if need(v)]
    assert multi(samples["acf"], lambda v: {"Open", "U2000"} <= v)
    assert multi(samples["aarhus"], lambda v: "P" in v and len(v) == 2)
    assert multi(samples["fecodaz"], lambda v: "Absoluto" in v and v & {"Sub 2000", "Sub 1800", "Sub 1700"})
    text = samples["fecodaz"].explain("29107331")  # Medina Martínez: 52 closed points capped at 30 (Art. 2 q 3)
    blk = parse_explain(text)["Medina Martínez, David Carlos (ID 29107331)"]["Absoluto"]
    cap = [r for r in blk["rows"] if r["t"] == "Closed-tournament cap"]
    assert cap and cap[0]["p"] == "-22" and not cap[0]["dropped"]


def test_aarhus_girl_has_both_accounts_explained(samples):
    """(c) Julie Thomsen plays P in the GPTs and B at the DM-kvalifikation: P and B are both explained, with the
    totals of the P and B sheets (56.3 and 10: the JSON standings agree)."""
    b = samples["aarhus"]
    blocks = parse_explain(b.explain("70154"))["Thomsen, Julie (ID 70154)"]
    assert set(blocks) == {"P", "B"}
    assert blocks["P"]["total"] == "56.3" and blocks["B"]["total"] == "10"
    assert any("DM-kvalifikation" in r["t"] for r in blocks["P"]["rows"])  # the DM's 10 also credited to P


# -------------------------------------------------------------------------------- (c) small seasons by hand

def _acf_season(tmp: Path, tournaments: dict, register: list[list], name: str = "s", prizes=None) -> Path:
    return make_season(tmp, {"Circuit": "acf", "Season": "2005"},
                       sheets={"Players": [["ID", "Name", "ACF rating"], *register],
                               "Prizes": [["Division", "Place", "Value"], *(prizes or [["Open", 1, 500]]),
                                          ["State", 1, 50]]},
                       tournaments=tournaments, name=name)


def test_acf_cascade_each_division_explained(tmp_path):
    """(c) ACF cl. 12–13, class 3 (prize money 3000: 20, 15, 12, 9, 6). Gina (ACF 1500, born 1992: junior, F)
    wins: 20 in Open, U2000, U1600, Junior and Women. Max (1900) is 3rd: Open position 3 → 12; U2000 skips Oscar
    (2300) → position 2 → 15. Each division has its block, with the standings sheet's and the JSON's totals."""
    rows = [[1, "Girl, Gina", "900", "F", 1992, "NSW"], [2, "Old, Oscar", "901", "M", 1960, "NSW"],
            [3, "Mid, Max", "902", "M", 1970, "VIC"]]
    folder = _acf_season(tmp_path, {"t.xlsx": acf_tournament("Big Cup", rows, header=ACF_HEAD, prize_money=3000)},
                         [["900", "Girl, Gina", 1500], ["901", "Old, Oscar", 2300], ["902", "Mid, Max", 1900]])
    b = build(folder)
    gina = parse_explain(b.explain("900"))["Girl, Gina (ID 900)"]
    assert {r: blk["total"] for r, blk in gina.items()} == {d: "20" for d in
                                                             ("Open", "U2000", "U1600", "Junior", "Women")}
    mx = parse_explain(b.explain("902"))["Mid, Max (ID 902)"]
    assert {r: blk["total"] for r, blk in mx.items()} == {"Open": "12", "U2000": "15"}
    problems: list[str] = []
    for name, pid in all_players(b):
        check_player(b, name, pid, problems)
    assert not problems, problems


def test_two_ids_sharing_a_name_each_get_their_own_total(tmp_path):
    """(d) Two players called John Smith (IDs 111 and 222), class 3. 111: 1st in Cup A (20); 222: 2nd in Cup A (15)
    and 1st in Cup B (20) = 35. Asked by name, explain shows both, each with his own total and rank (the JSON and
    the sheet agree); asked by ID, one."""
    a = [[1, "Smith, John", "111", "M", 1970, "NSW"], [2, "Smith, John", "222", "M", 1975, "VIC"],
         [3, "Lee, Ann", "333", "F", 1980, "NSW"]]
    c = [[1, "Smith, John", "222", "M", 1975, "VIC"], [2, "Lee, Ann", "333", "F", 1980, "NSW"]]
    folder = _acf_season(tmp_path, {"a.xlsx": acf_tournament("Cup A", a, header=ACF_HEAD, prize_money=3000),
                                    "b.xlsx": acf_tournament("Cup B", c, header=ACF_HEAD, prize_money=3000,
                                                             start=dt.date(2005, 4, 9))},
                         [["333", "Lee, Ann", 2100]])
    b = build(folder)
    blocks = parse_explain(b.explain("Smith, John"))
    names = {n: blk["Open"]["total"] for n, blk in blocks.items()}
    assert names == {"Smith, John (ID 111)": "20", "Smith, John (ID 222)": "35"}, names
    assert blocks["Smith, John (ID 222)"]["Open"]["rank"] == "1"
    assert list(parse_explain(b.explain("111"))) == ["Smith, John (ID 111)"]
    problems: list[str] = []
    for name, pid in [("Smith, John", "111"), ("Smith, John", "222")]:
        check_player(b, name, pid, problems)
    assert not problems, problems


def _aarhus_season(tmp: Path) -> Path:
    """Two GPTs (GPTs = 2), group D of 7 rounds. Ida (girl, born 2000: age group D) scores 3 then 5:
    5 + 3 = 8.0 and 5 + 5 = 10.0 (§5 stk. 2, 6). Both accounts (D and P) hold a result of every scheduled GPT,
    so the worse (8.0) is dropped in each: total 10 in D and in P (§1 stk. 6)."""
    def gpt(name, day, rows):
        return {"Tournament": {"Name": name, "Date": day, "Kind": "GPT"}, "Groups": [["Group", "Rounds"], ["D", 7]],
                "Results": [["Group", "Place", "Name", "ID", "Club", "Born", "Sex", "Points", "Games"], *rows]}
    g1 = gpt("GPT 1", dt.date(2012, 9, 22), [["D", 1, "Berg, Bo", None, "Viby", 2000, "M", 4, 7],
                                             ["D", 2, "Skov, Ida", None, "Viby", 2000, "F", 3, 7]])
    g2 = gpt("GPT 2", dt.date(2012, 10, 20), [["D", 1, "Skov, Ida", None, "Viby", 2000, "F", 5, 7],
                                              ["D", 2, "Berg, Bo", None, "Viby", 2000, "M", 2, 7]])
    return make_season(tmp, {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 2},
                       tournaments={"g1.xlsx": g1, "g2.xlsx": g2})


def test_aarhus_girl_dropped_result_in_each_account_and_ledger_styles(tmp_path):
    """(b)(c)(e) Hand-worked in _aarhus_season: D and P each total 10 with GPT 1 (8) dropped. explain marks it
    dropped in both blocks; the Ledger sheet's Points cell of a dropped row is struck through and grey without
    the green fill, a counted one green and not struck (README: green = counted, grey struck-through = dropped)."""
    b = build(_aarhus_season(tmp_path))
    blocks = parse_explain(b.explain("Skov, Ida"))["Skov, Ida"]
    assert set(blocks) == {"D", "P"}
    for r in ("D", "P"):
        assert blocks[r]["total"] == "10"
        assert [(x["t"], x["p"], x["dropped"]) for x in blocks[r]["rows"]] == [("GPT 1", "8", True),
                                                                               ("GPT 2", "10", False)]
    cells = {(r["Ranking"], r["Tournament"]): r["_cell"]["Points"] for r in b.table("Ledger")
             if r["Name"] == "Skov, Ida"}
    for r in ("D", "P"):
        dropped, counted = cells[(r, "GPT 1")], cells[(r, "GPT 2")]
        assert dropped.font.strike and not counted.font.strike
        assert counted.fill.fill_type == "solid" and counted.fill.fgColor.rgb.endswith("E2EFDA")
        assert dropped.fill.fill_type is None
        assert dropped.font.color is not None and dropped.font.color.rgb.endswith("9C9C9C")
    problems: list[str] = []
    check_player(b, "Skov, Ida", None, problems)
    assert not problems, problems


def test_fecodaz_sanctioned_player_rows_are_marked_and_styled(samples):
    """(d)(e) Rojas Pérez (ID 87490106) withdrew without justification (Art. 6): he is on no standings sheet, and
    every ledger row of his says "forfeited", is marked dropped by explain, Counted = No on the Ledger sheet and
    struck through there."""
    b = samples["fecodaz"]
    assert not [s for s in b.json["standings"] if s["id"] == "87490106"]
    blocks = parse_explain(b.explain("87490106"))["Rojas Pérez, Andrés Felipe (ID 87490106)"]
    rows = [r for blk in blocks.values() for r in blk["rows"]]
    assert rows and all(r["dropped"] and "forfeited" in r["detail"] for r in rows)
    assert all(blk["total"] is None for blk in blocks.values())
    sheet = [r for r in b.table("Ledger") if r["ID"] == "87490106"]
    assert len(sheet) == len(rows) and all(r["Counted"] == "No" and r["_cell"]["Points"].font.strike
                                           for r in sheet)


# ------------------------------------------------------------------------------------------------------ DEFECTS

def test_acf_explain_rounds_like_the_workbook(tmp_path):
    """(a) ACF class 1 (prize money 1000: 12, 9, 6, 4, 3), places 1, 2, then eight players at =3 sharing positions
    3–10: (6 + 4 + 3 + 0 × 5) / 8 = 13/8 = 1.625 each (cl. 13 ties share the positions' points). The workbook
    stores 1.625 with the format 0.00, which Excel and LibreOffice show as 1.63; explain must print what the
    official sees on the sheet (the workbook is the other output that must agree)."""
    rows = [[1, "Aa Player", "100", "M", 1970, "NSW"], [2, "Ab Player", "101", "M", 1970, "NSW"]] + \
        [["=3", f"B{i} Player", str(102 + i), "M", 1970, "NSW"] for i in range(8)]
    folder = _acf_season(tmp_path, {"t.xlsx": acf_tournament("Small Cup", rows, header=ACF_HEAD, prize_money=1000)},
                         [[str(100 + i), n, 2100] for i, n in
                          enumerate(["Aa Player", "Ab Player", *[f"B{i} Player" for i in range(8)]])])
    b = build(folder)
    sheet = [r for r in b.table("Open") if r["ID"] == "105"][0]
    assert sheet["Total"] == 1.625 and shown(sheet["Total"], 2) == "1.63"
    blk = parse_explain(b.explain("105"))["B3 Player (ID 105)"]["Open"]
    assert blk["total"] == "1.63"
    assert blk["rows"][0]["p"] == "1.63"
    assert blk["rows"][0]["detail"].endswith("= 1.63")


@pytest.mark.xfail(strict=True, reason="DEFECT (open): ACF thirds are shown as 12.33 each, so an official adding "
                                       "the counted lines gets 36.99 for a total of 37; nothing printed is exact")
def test_acf_counted_lines_add_up_to_the_total_with_thirds(tmp_path):
    """(b) Three class-2 tournaments (prize money 2000: 16, 12, 9, 6, 4), each with Ann, Bob and Cal tied =1:
    (16 + 12 + 9) / 3 = 37/3 each, total 3 × 37/3 = 37 (cl. 13 ties, cl. 14 best five). Adding up what explain
    shows as counted must give the total it shows (exact forms such as 12⅓ or 37/3 are accepted)."""
    tours = {}
    for k in range(3):
        rows = [["=1", "Able, Ann", "1", "M", 1970, "NSW"], ["=1", "Baker, Bob", "2", "M", 1970, "NSW"],
                ["=1", "Cole, Cal", "3", "M", 1970, "NSW"], [4, "Dove, Dan", "4", "M", 1970, "NSW"]]
        tours[f"t{k}.xlsx"] = acf_tournament(f"Cup {k}", rows, header=ACF_HEAD, prize_money=2000,
                                             start=dt.date(2005, 3, 5 + 7 * k))
    b = build(_acf_season(tmp_path, tours, [["1", "Able, Ann", 2100], ["2", "Baker, Bob", 2100],
                                            ["3", "Cole, Cal", 2100], ["4", "Dove, Dan", 2100]]))
    blk = parse_explain(b.explain("1"))["Able, Ann (ID 1)"]["Open"]
    assert blk["total"] == "37"
    assert sum(fraction(r["p"]) for r in blk["rows"] if not r["dropped"]) == 37


def test_acf_count_back_that_decides_a_prize_is_explained(tmp_path):
    """(b) Class 3 (20, 15, 12, 9, 6) and class 2 (16, 12, 9, 6, 4). Ann: 1st in T1 (20) + 3rd in T2 (12) = 32;
    Bob: 1st in T3 and T4 (class 2: 16 + 16) = 32. Equal totals share rank =1 (cl. 14); the one Open prize goes
    by count-back (best result 20 > 16) to Ann (README: "equal totals by count-back"). An official must be able
    to see why Ann and not Bob: the Prizes row names Bob and the count-back (or explain does)."""
    def row(p, n, i):
        return [p, n, i, "M", 1970, "NSW"]
    tours = {"a.xlsx": acf_tournament("T1", [row(1, "Able, Ann", "1"), row(2, "Xu, Xav", "5")], header=ACF_HEAD,
                                      prize_money=3000, start=dt.date(2005, 3, 5)),
             "b.xlsx": acf_tournament("T2", [row(1, "Yu, Yan", "6"), row(2, "Zu, Zed", "7"), row(3, "Able, Ann", "1")],
                                      header=ACF_HEAD, prize_money=3000, start=dt.date(2005, 4, 5)),
             "c.xlsx": acf_tournament("T3", [row(1, "Baker, Bob", "2"), row(2, "Xu, Xav", "5")], header=ACF_HEAD,
                                      prize_money=2000, start=dt.date(2005, 5, 5)),
             "d.xlsx": acf_tournament("T4", [row(1, "Baker, Bob", "2"), row(2, "Zu, Zed", "7")], header=ACF_HEAD,
                                      prize_money=2000, start=dt.date(2005, 6, 4))}
    b = build(_acf_season(tmp_path, tours, [[i, n, 2100] for n, i in [("Able, Ann", "1"), ("Baker, Bob", "2"),
                                                                        ("Xu, Xav", "5"), ("Yu, Yan", "6"),
                                                                        ("Zu, Zed", "7")]]))
    open_rows = {r["Player"]: (r["Rank"], r["Total"]) for r in b.table("Open")}
    assert open_rows["Able, Ann"] == ("=1", 32) and open_rows["Baker, Bob"] == ("=1", 32)
    prize = [p for p in b.json["prizes"] if p["ranking"] == "Open" and p["place"] == 1][0]
    assert prize["name"] == "Able, Ann"
    sheet_note = [r for r in b.table("Prizes") if r["Ranking"] == "Open" and r["Place"] == 1][0]["Note"] or ""
    explained = b.explain("1") + "\n" + sheet_note + "\n" + (prize.get("note") or "")
    assert "Baker, Bob" in explained and re.search(r"count.?back", explained, re.I), explained


@pytest.mark.parametrize("circuit", ["aarhus", "fecodaz"])
def test_explain_names_the_tiebreak_that_decided_a_rank(samples, circuit):
    """(b) Where the standings sheet's Tiebreak column (JSON `tiebreak`) says what separated equal totals — e.g.
    FECODAZ Absoluto: Suárez Cardona 11th and Moreno Ríos 12th, both 56, "better place in the last tournament
    played"; Aarhus C: Skov, Mads 16th and Petersen, Maja 17th, both 26.7, "best worst result" — explain's line
    for that ranking must say so too (the standings sheet is the output that must agree)."""
    b = samples[circuit]
    missing = []
    for s in b.json["standings"]:
        if not s.get("tiebreak"):
            continue
        text = b.explain(s["id"] or s["name"])
        blk = parse_explain(text)[header_of(s["name"], s["id"])][s["ranking"]]
        if s["tiebreak"] not in blk["rest"]:
            missing.append((s["ranking"], s["name"], s["tiebreak"]))
    assert not missing, (len(missing), missing[:5])


def test_fecodaz_sanctioned_player_explain_says_why_he_is_unranked(samples):
    """(d) The Sanctions sheet: Rojas Pérez, Abierto de Manizales, Withdrew = Yes, "loses all points of the year
    and any prize (Art. 6); removed from every ranking". His explanation must say he is not ranked, and why."""
    b = samples["fecodaz"]
    sanction = [r for r in b.table("Sanctions") if r["ID"] == "87490106"][0]
    assert sanction["Tournament"] == "Abierto de Manizales"
    text = b.explain("87490106")
    assert "Abierto de Manizales" in text
    assert re.search(r"removed|not ranked|sanction", text, re.I), text


def test_explain_a_player_who_played_without_points_names_him_and_his_tournaments(samples):
    """(d) Sergei Jones (ID 20565) played the Sydney Summer Weekender (a result row in the season) and scored no
    Grand Prix points (outside the first five eligible of every list, cl. 13). An official asking about him must
    learn that: the answer names him and the tournament he played (the exit status is not prescribed here)."""
    b = samples["acf"]
    assert not [r for r in b.json["ledger"] if r["id"] == "20565"]
    res = CliRunner().invoke(main, ["explain", str(b.folder), "20565"])
    assert "Sergei Jones" in res.output and "Sydney Summer Weekender" in res.output, res.output


# ---------------------------------------------------------------------------------------- prizes vs standings

@pytest.mark.parametrize("circuit", ["acf", "fecodaz"])
def test_prize_winners_agree_with_the_standings(samples, circuit):
    """(a) The Prizes sheet against the standings sheets: every player ranked strictly above a prize's winner in
    that ranking is either named in the row's "Passed over" cell (already holds a prize) or holds a prize
    of their own (given later, e.g. in another ranking)."""
    b = samples[circuit]
    ranks = {(s["ranking"], s["name"], s["id"]): s["rank"] for s in b.json["standings"]}
    winners = {p["name"] for p in b.json["prizes"] if p.get("name")}
    problems = []
    for row in b.table("Prizes"):
        key = (row["Ranking"], row["Player"], row["ID"])
        if key not in ranks:
            continue  # State prizes, organisers' awards: not a place in a ranking
        passed = row.get("Passed over (already hold a prize)") or ""
        for (rk, name, _), rank in ranks.items():
            if rk == row["Ranking"] and rank < ranks[key] and name not in passed and name not in winners:
                problems.append((row["Ranking"], row["Place"], row["Player"], "skips", name))
    assert not problems, problems[:10]


def test_fecodaz_item5_rows_of_the_categories_read_like_the_senior_ones(samples):
    """A federation official reading the ledger (audit of 1 December): an amateur/youth item-5 row said
    "(position 10, 16)" where the senior rows say "(place 10, 16 pts)", and "1 game points"; and "rated (FIDE ×2)"
    for the categoría. Now "16 pts", "1 game point" and "FIDE-rated count twice"."""
    rows = [r["detail"] for r in samples["fecodaz"].json["ledger"] if "with the last scorer (position" in r["detail"]]
    assert rows and all(re.search(r"\(position \d+, [\d.½]+ pts\): half = ", d) for d in rows), rows[:3]
    assert not [d for d in rows if "tied on 1 game points" in d or "FIDE ×2" in d]
