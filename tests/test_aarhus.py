"""The aarhus circuit end to end: Danish workbooks → pipeline/CLI → JSON, and the sample season."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from builders import make_season
from click.testing import CliRunner
from openpyxl import load_workbook

from gpcalc.cli import main
from gpcalc.pipeline import build

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = ROOT / "sample_data" / "aarhus-2012-13"
DK_HEAD = ["Gruppe", "Placering", "Navn", "Klub", "Født", "Køn", "Point", "Partier"]


def gpt(name: str, day: dt.date, groups: list[list], rows: list[list], kind: str = "GPT",
        head: list[str] | None = None) -> dict:
    """A GPT workbook written the Danish way (sheet and header names, values 4½ / 4,5, sex P/D)."""
    return {"Turnering": {"Navn": name, "Dato": day, "Type": kind}, "Grupper": [["Gruppe", "Runder"], *groups],
            "Resultater": [head or DK_HEAD, *rows]}


def season(tmp_path, tournaments: dict, gpts: int | None = 2, players: list[list] | None = None,
           name: str = "s") -> Path:
    settings = {"Kredsløb": "aarhus", "Sæson": "2012/2013"}
    if gpts:
        settings["Antal GPT"] = gpts
    sheets = {"Spillere": players} if players else None
    return make_season(tmp_path, settings, sheets=sheets, tournaments=tournaments, name=name)


def run(folder: Path, *args: str) -> dict:
    out = folder / "out.json"
    res = CliRunner().invoke(main, ["build", str(folder), "--json", str(out), *args])
    assert res.exit_code == 0, res.output
    return json.loads(out.read_text(encoding="utf-8"))


def total(data: dict, name: str, ranking: str) -> float:
    rows = [s for s in data["standings"] if s["name"] == name and s["ranking"] == ranking]
    assert len(rows) == 1, (name, ranking, rows)
    return rows[0]["total"]


def rankings_of(data: dict, name: str) -> set[str]:
    return {s["ranking"] for s in data["standings"] if s["name"] == name}


SEED_ROWS = [  # §5 stk. 4–5 seed players; GPT of 7 rounds
    ["D", 1, "Anne Jensen", "Skåde", 2000, "P", 3, 7],
    ["D", 2, "Line Hansen", "Skåde", 2002, "P", 2, 7],
    ["D", 3, "Dorte Berg", "Viby", 2001, "P", 1, 7],
    ["C", 1, "Peter Holm", "Viby", 1999, "D", 1, 1],
    ["P", 1, "Sofie Lund", "Lystrup", 2003, "K", 4, 7],
    ["P", 2, "Ida Skov", "Lystrup", 2003, "K", "2½", 7],
    ["P", 3, "Maja Skov", "Lystrup", 2004, "K", "1,5", 7],
    ["P", 4, "Ellen Skov", "Lystrup", 2005, "K", 0, 7],
    ["B", 1, "Dan Moeller", "Viby", 2000, "D", "4,5", 7],  # a D-player in B: 9 startpoints
    ["E", 1, "Carl Kjaer", "Viby", 1998, "D", 7, 7],  # a C-player in E: 1 startpoint
]


def test_seed_players_danish_workbook(tmp_path):  # ASS §5 stk. 2, 4, 5 through the whole pipeline
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22),
                                              [["B", 7], ["C", 7], ["D", 7], ["E", 7], ["P", 7]], SEED_ROWS)})
    data = run(folder)
    assert total(data, "Anne Jensen", "D") == 8.0 and total(data, "Anne Jensen", "P") == 8.0  # 5 + 3
    assert total(data, "Line Hansen", "E") == 9.0 and total(data, "Line Hansen", "P") == 9.0  # 7 + 2
    assert rankings_of(data, "Sofie Lund") == {"P"} and total(data, "Sofie Lund", "P") == 9.0  # 5 + 4
    assert total(data, "Peter Holm", "C") == 6.0  # 5 + 1 after one round
    assert total(data, "Dan Moeller", "D") == 13.5  # 9 + 4½
    assert total(data, "Carl Kjaer", "C") == 8.0  # 1 + 7
    ledger = [entry for entry in data["ledger"] if entry["name"] == "Dan Moeller"]
    assert "startpoints 9" in ledger[0]["detail"] and "2 groups above" in ledger[0]["detail"]


def test_normalisation_half_up_end_to_end(tmp_path):  # ASS §5 stk. 6: 6½/10 → 4.6; 8½/14 → 4.3
    rows = [["C", 1, "Aa Bb", "X", 1998, "D", "6½", 10], ["C", 2, "Cc Dd", "X", 1999, "D", "3,5", 10]]
    rows2 = [["C", 1, "Aa Bb", "X", 1998, "D", "8,5", 14], ["C", 2, "Cc Dd", "X", 1999, "D", "9½", 14]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["C", 10]], rows),
                               "g2.xlsx": gpt("GPT 2", dt.date(2012, 10, 22), [["C", 14]], rows2)}, gpts=3)
    data = run(folder)
    pts = {(entry["name"], entry["tournament"]): entry["points"] for entry in data["ledger"]}
    assert pts[("Aa Bb", "GPT 1")] == 9.6  # 5 + 4.55 → 4.6
    assert pts[("Cc Dd", "GPT 1")] == 7.5  # 5 + 2.45 → 2.5
    assert pts[("Aa Bb", "GPT 2")] == 9.3  # 5 + 4.25 → 4.3
    assert pts[("Cc Dd", "GPT 2")] == 9.8  # 5 + 4.75 → 4.8


def test_drop_worst_only_after_every_gpt_and_lots(tmp_path):  # ASS §1 stk. 6 (1) and (5)
    g1 = [["C", "=1", "All Two", "X", 1998, "D", 4, 7], ["C", "=1", "Only One", "X", 1998, "D", 4, 7]]
    g2 = [["C", 1, "All Two", "X", 1998, "D", 1, 7]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["C", 7]], g1),
                               "g2.xlsx": gpt("GPT 2", dt.date(2012, 10, 22), [["C", 7]], g2)}, gpts=2)
    data = run(folder)
    row = next(s for s in data["standings"] if s["name"] == "All Two")
    assert row["total"] == 9.0  # 9 + 6, the 6 dropped (both scheduled GPTs played)
    assert [r["counted"] for r in row["results"]] == [True, False]
    other = next(s for s in data["standings"] if s["name"] == "Only One")
    assert other["total"] == 9.0 and other["results"][0]["counted"]
    # equal total (9), worst (All Two's worst is 6 < 9) → Only One first by best worst result
    assert other["rank"] == 1 and row["rank"] == 2 and other["tiebreak"] == "best worst result"


def test_gpts_missing_warns_and_uses_workbooks(tmp_path):  # ASS §1 stk. 6 Ruling: setting GPTs missing
    g1 = [["C", 1, "Aa Bb", "X", 1998, "D", 4, 7]]
    g2 = [["C", 1, "Aa Bb", "X", 1998, "D", 1, 7]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["C", 7]], g1),
                               "g2.xlsx": gpt("GPT 2", dt.date(2012, 10, 22), [["C", 7]], g2)}, gpts=None)
    data = run(folder)
    assert any(i["code"] == "gpts-unknown" for i in data["issues"])
    assert data["standings"][0]["total"] == 9.0


def test_dm_and_am(tmp_path):  # ASS §5 stk. 7–9
    g1 = [["B", 1, "Bo Berg", "X", 1996, "D", 3, 7]]
    am = [["B", 1, "Bo Berg", "X", 1996, "D", "4½", 7], ["B", 2, "Ny Spiller", "X", 1996, "D", 2, 7]]
    dm_head = [*DK_HEAD, "Status"]
    dm = [["B", 1, "Ny Spiller", "X", 1996, "D", 4, 5, None],
          [None, None, "Bo Berg", "X", 1996, "D", None, None, "Forhåndskvalificeret"]]
    folder = season(tmp_path, {
        "g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["B", 7]], g1),
        "am.xlsx": gpt("AM", dt.date(2013, 1, 12), [["B", 7]], am, kind="Aarhusmesterskab"),
        "dm.xlsx": gpt("DM", dt.date(2013, 2, 2), [["B", 5]], dm, kind="DM-kvalifikation", head=dm_head)}, gpts=3)
    data = run(folder)
    pts = {(entry["name"], entry["tournament"]): entry["points"] for entry in data["ledger"]}
    assert pts[("Bo Berg", "AM")] == 9.5  # 5 + 4½, not normalised
    assert pts[("Bo Berg", "DM")] == 10.0  # pre-qualified, with an earlier GPT
    assert ("Ny Spiller", "DM") not in pts  # no GPT before the DM (§5 stk. 9)
    assert pts[("Ny Spiller", "AM")] == 7.0


def test_movements_director_and_move_column(tmp_path):  # ASS §4 stk. 2–3
    head = [*DK_HEAD, "Rykning"]
    rows = [["C", 1, "Up Player", "X", 1998, "D", "5½", 7, None],
            ["C", 2, "Mid Player", "X", 1998, "D", 4, 7, None],
            ["C", 3, "Soren Syg", "X", 1998, "D", 0, 2, None],
            ["C", 4, "Brian Hjem", "X", 1998, "D", 0, 5, "ned"],
            ["C", 5, "Low Player", "X", 1998, "D", 1, 7, None]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["C", 7]], rows, head=head)})
    data = run(folder)
    moves = {m["name"]: (m["move"], m["to"]) for m in data["movements"]}
    assert moves == {"Up Player": ("up", "B"), "Mid Player": ("stay", "C"), "Soren Syg": ("director", "C"),
                     "Brian Hjem": ("down", "D"), "Low Player": ("down", "D")}
    nxt = {s["name"]: s["next_group"] for s in data["standings"]}
    assert nxt["Up Player"] == "B" and nxt["Low Player"] == "D"


def test_register_strength_group_starts_the_ladder(tmp_path):  # ASS §2 stk. 4: placed one group lower
    players = [["Navn", "Født", "Styrkegruppe"], ["New Player", 1998, "D"]]
    rows = [["D", 1, "New Player", "X", 1998, "D", 6, 7]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["D", 7]], rows)},
                    players=players)
    data = run(folder)
    m = data["movements"][0]
    assert (m["from"], m["move"], m["to"]) == ("D", "up", "C")
    assert total(data, "New Player", "C") == 9.0  # age C playing D: 3 startpoints (1 under) + 6 × 7/7 = 9


def test_bad_group_and_missing_rounds_are_errors(tmp_path):  # CONTRACT: errors name file, sheet, cell
    rows = [["Q", 1, "Aa Bb", "X", 1998, "D", 4, 7], ["D", 1, "Cc Dd", "X", 2000, "D", 4, 7]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["C", 7]], rows)})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    assert "'Q' is not a group" in res.output and "Resultater!A2" in res.output
    assert "group D has no row on the Groups sheet" in res.output


def test_small_girls_group_and_boy_in_p_warn(tmp_path):  # ASS §2 stk. 3: group P only with at least 4 girls
    three = [["P", i, f"Girl {i}", "X", 2002, "K", 1, 7] for i in (1, 2, 3)]
    four = [["P", i, f"Girl {i}", "X", 2002, "K", 1, 7] for i in (1, 2, 3)] + [["P", 4, "Bo Boy", "X", 2002, "D", 0, 7]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["P", 7]], three),
                               "g2.xlsx": gpt("GPT 2", dt.date(2012, 10, 20), [["P", 7]], four)})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 0, res.output
    assert "GPT 1: the girls' group P has 3 players" in res.output
    assert "GPT 2: the girls' group P" not in res.output  # 4 players: the group is formed
    assert "Bo Boy is in the girls' group P but Sex is M" in res.output


def test_age_groups_sheet_with_a_gap_is_an_error(tmp_path):  # ASS §1 stk. 2: every player has an age group
    rows = [["D", 1, "Aa Bb", "X", 2000, "D", 4, 7], ["D", 2, "Cc Dd", "X", 2001, "D", 3, 7],
            ["P", 1, "Ee Ff", "X", 2000, "K", 3, 7]]
    ages = [["Group", "Born from", "Born to"], ["C", 1998, 1999], ["D", 2001, 2001]]  # 2000: in no group
    settings = {"Kredsløb": "aarhus", "Sæson": "2012/2013", "Antal GPT": 2}
    folder = make_season(tmp_path, settings, sheets={"Age groups": ages},
                         tournaments={"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["D", 7], ["P", 7]], rows)})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    assert "Resultater!E2: Aa Bb: born 2000, a year no group of the Age groups sheet covers" in res.output
    assert "Cc Dd" not in res.output and "Ee Ff" not in res.output  # covered; a P player needs no age group
    ages[2] = ["D", 2000, 2001]  # the years meet again
    folder = make_season(tmp_path, settings, sheets={"Age groups": ages}, name="ok",
                         tournaments={"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["D", 7], ["P", 7]], rows)})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 0 and "no-age-group" not in res.output


def test_a_player_born_before_the_oldest_age_group_is_an_error_not_scored_as_a(tmp_path):
    """ASS §1 stk. 2: "A 1992–1995" in 2012/2013 (S-20..S-17) — a closed range, unlike F's "2004 or later". A
    player born 1985 (a typo for 1995, or a player too old for school chess) was scored silently as A (5
    startpoints): a group the table does not give. Now `no-age-group` at the Born cell (found by an independent
    recomputation). Born 1992 is A; a P player needs no age group, as before."""
    rows = [["A", 1, "Old Gert", "X", 1985, "D", 4, 7], ["A", 2, "Young Ib", "X", 1992, "D", 3, 7],
            ["P", 1, "Ee Ff", "X", 1985, "K", 3, 7]]
    folder = season(tmp_path, {"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["A", 7], ["P", 7]], rows)})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    said = [line.strip() for line in res.output.splitlines() if "no-age-group" in line]
    assert said == ["error: Resultater!E2: Old Gert: born 1985, before the oldest age group (A: born 1992–1995; "
                    "§1 stk. 2): the player is in no age group — correct the birth year if it is a typo; a player "
                    "this old is not in the school Grand Prix (or widen the group on the Age groups sheet of "
                    "season.xlsx) [no-age-group]"]


def test_placement_prize_per_0_and_rounds_0_are_errors(tmp_path):  # ASS §1 stk. 7, §5 stk. 6: no division by 0
    rows = [["D", 1, "Aa Bb", "X", 2000, "D", 4, 7]]
    settings = {"Kredsløb": "aarhus", "Sæson": "2012/2013", "Antal GPT": 2, "Placement prize per": 0}
    folder = make_season(tmp_path, settings,
                         tournaments={"g1.xlsx": gpt("GPT 1", dt.date(2012, 9, 22), [["D", 0]], rows)})
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    assert "Placement prize per is 0: it must be 1 or more" in res.output  # not silently the default 4
    assert "Grupper!B2: Rounds: 0 is out of range (it must be at least 1)" in res.output


def test_template_command_and_committed_template(tmp_path):  # the committed template is the generator's
    out = tmp_path / "t.xlsx"
    res = CliRunner().invoke(main, ["template", "aarhus", "-o", str(out)])
    assert res.exit_code == 0, res.output
    new, old = load_workbook(out), load_workbook(ROOT / "templates" / "aarhus.xlsx")
    assert new.sheetnames == old.sheetnames == ["Instructions", "Tournament", "Groups", "Results"]
    for name in new.sheetnames:
        assert [[c.value for c in r] for r in new[name].iter_rows()] == \
            [[c.value for c in r] for r in old[name].iter_rows()], name
    text = " ".join(str(c.value) for r in new["Instructions"].iter_rows() for c in r if c.value)
    assert "DANSK" in text and "ENGLISH" in text


# ------------------------------------------------------------------ the sample season


@pytest.fixture(scope="module")
def sample(sample_builds) -> dict:
    """The sample's JSON export and (``_xlsx``) its workbook, built once per test process (conftest.sample_builds)."""
    b = sample_builds[SAMPLE.name]
    data = b.data()
    data["_xlsx"] = b.xlsx
    return data


def test_sample_shape(sample):  # issue 3 item 7: 5 GPTs of 80–150, AM, DM, AA, A+B, ties, early leavers
    kinds = [t["kind"] for t in sample["tournaments"]]
    assert kinds.count("GPT") == 5 and "Aarhusmesterskab" in kinds and "DM-kvalifikation" in kinds
    assert all(80 <= t["players"] <= 150 for t in sample["tournaments"] if t["kind"] == "GPT")
    groups = {m["group"] for m in sample["movements"]}
    assert {"AA", "A+B"} <= groups
    assert any(m["move"] == "director" for m in sample["movements"])
    assert any(s["tied"] for s in sample["standings"])
    details = " ".join(entry["detail"] for entry in sample["ledger"])
    assert "also credited to P" in details and "girls' group P" in details
    wb = load_workbook(sample["_xlsx"], read_only=True)
    for name in ("A", "F", "N", "P", "Prizes", "Clubs", "Next GPT groups", "Next season groups", "Ledger",
                 "Issues"):
        assert name in wb.sheetnames
    assert sum(n.startswith("Moves ") for n in wb.sheetnames) == 5


def test_many_gpts_get_one_moves_sheet_with_the_same_rows(sample, tmp_path, monkeypatch):
    """§4 moves: a season (or an archive of seasons) with more GPTs than MOVES_SHEETS gets one Moves sheet with
    a GPT column instead of a sheet per GPT — the same rows, in the same order."""
    from gpcalc.circuits import aarhus

    monkeypatch.setattr(aarhus, "MOVES_SHEETS", 2)
    build(SAMPLE, tmp_path / "m.xlsx")
    one = load_workbook(tmp_path / "m.xlsx", read_only=True)
    assert "Moves" in one.sheetnames and not any(n.startswith("Moves ") for n in one.sheetnames)
    many = load_workbook(sample["_xlsx"], read_only=True)
    per_gpt = [n for n in many.sheetnames if n.startswith("Moves ")]

    def rows(ws):  # data rows below the title, note and header
        return [list(r) for r in ws.iter_rows(min_row=4, values_only=True) if any(v is not None for v in r)]

    combined = rows(one["Moves"])
    assert [r[1:] for r in combined] == [r for n in per_gpt for r in rows(many[n])]
    gpts = [t["name"] for t in sample["tournaments"] if t["kind"] == "GPT"]
    assert list(dict.fromkeys(r[0] for r in combined)) == gpts


def test_sample_golden_players(sample):  # verified by hand from the sample's workbooks
    julie = next(s for s in sample["standings"] if s["name"] == "Rasmussen, Julie" and s["ranking"] == "A")
    # GPT1 A (age A) 5 + 4 = 9.0; GPT2 AA beside A: 7 + 3½·7/6 (4.0833… → 4.1) = 11.1; GPT3 A+B as A:
    # 5 + 3½·7/6 = 9.1; GPT4 AA 11.1; DM flat 10; 4 of 5 GPTs → nothing dropped: 50.3, also in P
    assert [r["points"] for r in julie["results"]] == [9.0, 11.1, 9.1, 11.1, 10.0]
    assert julie["total"] == 50.3 and all(r["counted"] for r in julie["results"])
    assert total(sample, "Rasmussen, Julie", "P") == 50.3
