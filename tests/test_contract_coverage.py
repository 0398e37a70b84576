"""Promises of /work/shared/CONTRACT.md that no other test checks directly (one test per promise; the trailing
comment names the CONTRACT section). The sample seasons are built once per test process (conftest.sample_builds:
from sample_data/, which is only read, to a temporary workbook and JSON)."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

import pytest
from builders import acf_tournament, make_season, write_book
from click.testing import CliRunner
from python_calamine import CalamineWorkbook

from gpcalc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"acf": "acf-2005", "fecodaz": "fecodaz-2009", "aarhus": "aarhus-2012-13"}
SEASONS = {"acf": "2005", "fecodaz": "2009", "aarhus": "2012/2013"}
RANKINGS = {
    "acf": {"Open", "U2000", "U1600", "Junior", "Women", "Unrated"},
    "aarhus": {"A", "B", "C", "D", "E", "F", "N", "P"},
    "fecodaz": {"Absoluto", "Femenino", "Sub 2000", "Sub 1800", "Sub 1700", "Dama amateur",
                *(f"Sub {age} {kind}" for age in (20, 18, 16, 14, 12, 10, 8, 6) for kind in ("Absoluto", "Femenino"))},
}
CIRCUIT_TOURNAMENT_FIELDS = {"acf": ("class", "fee"), "fecodaz": ("category", "category_breakdown"),
                             "aarhus": ("kind",)}
AU_STATES = {"ACT", "NSW", "NT", "QLD", "SA", "TAS", "VIC", "WA"}


def _digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def _build(folder: Path, *args: str):
    return CliRunner().invoke(main, ["build", str(folder), *args])


def _build_json(folder: Path, out: Path) -> dict:
    res = _build(folder, "--json", str(out))
    assert res.exit_code == 0, res.output
    return json.loads(out.read_text(encoding="utf-8"))


def _is_number(v) -> bool:
    return isinstance(v, int | float) and not isinstance(v, bool)


@pytest.fixture(scope="module")
def exports(sample_builds):
    """Each sample season built once with --json (once per test process: conftest.sample_builds):
    circuit → (data, text)."""
    return {circuit: (sample_builds[name].data(), sample_builds[name].json_text()) for circuit, name in SAMPLES.items()}


# ------------------------------------------------------------------------------------------ the JSON export


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_json_object_has_every_key_with_its_shape(exports, circuit):  # CONTRACT: The JSON export (--json)
    data, _ = exports[circuit]
    assert data["circuit"] == circuit
    assert isinstance(data["title"], str) and data["title"]
    for key in ("standings", "ledger", "tournaments", "prizes", "clubs", "issues"):
        assert isinstance(data[key], list), key
    assert data["standings"] and data["ledger"] and data["tournaments"] and data["clubs"]
    for row in data["standings"]:
        assert {"ranking", "rank", "tied", "name", "id", "club", "total", "results"} <= set(row)
        assert isinstance(row["rank"], int) and not isinstance(row["rank"], bool) and row["rank"] >= 1
        assert isinstance(row["tied"], bool) and _is_number(row["total"])
        assert isinstance(row["name"], str) and (row["id"] is None or isinstance(row["id"], str))
        assert row["results"] and all(set(r) >= {"tournament", "points", "counted"} for r in row["results"])
        assert all(_is_number(r["points"]) and isinstance(r["counted"], bool) for r in row["results"])
    for row in data["ledger"]:
        assert {"tournament", "ranking", "name", "id", "points", "rule", "detail"} <= set(row)
        assert _is_number(row["points"]) and isinstance(row["rule"], str) and isinstance(row["detail"], str)
    for row in data["tournaments"]:
        assert {"name", "start", "end", "players"} <= set(row)
        dt.date.fromisoformat(row["start"])
        dt.date.fromisoformat(row["end"])
        assert isinstance(row["players"], int) and row["players"] > 0
    for row in data["prizes"]:
        assert {"ranking", "place", "name", "id", "value"} <= set(row)
    for row in data["clubs"]:
        assert {"ranking", "club", "total"} <= set(row) and _is_number(row["total"])
    for row in data["issues"]:
        assert {"severity", "code", "file", "sheet", "cell", "message"} <= set(row)
        assert row["severity"] in ("error", "warning", "info")


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_json_season_and_title_come_from_season_xlsx(exports, circuit):  # CONTRACT: season.xlsx, JSON export
    data, _ = exports[circuit]
    rows = CalamineWorkbook.from_path(str(ROOT / "sample_data" / SAMPLES[circuit] / "season.xlsx")) \
        .get_sheet_by_name("Season").to_python()
    title = next(r[1] for r in rows if str(r[0]).strip().casefold() == "title")
    assert data["title"] == title
    assert data["season"] == SEASONS[circuit]  # a numeric cell 2005 is the season "2005", never "2005.0"


@pytest.mark.parametrize("circuit", ["acf", "fecodaz", "aarhus"])
def test_json_export_is_strict_json_with_ids_null_or_text(exports, circuit):  # CONTRACT: The JSON export
    _, text = exports[circuit]

    def no_constants(token):
        raise ValueError(f"{token} is not JSON")

    data = json.loads(text, parse_constant=no_constants)
    for key in ("standings", "ledger", "prizes", "movements"):
        for row in data.get(key, []):
            assert row["id"] is None or isinstance(row["id"], str), (key, row)


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_ranking_names_are_the_contracts(exports, circuit):  # CONTRACT: The JSON export, `ranking` names
    data, _ = exports[circuit]
    assert {r["ranking"] for r in data["standings"]} <= RANKINGS[circuit]
    assert {r["ranking"] for r in data["ledger"]} <= RANKINGS[circuit]


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_tournaments_carry_the_circuit_fields(exports, circuit):  # CONTRACT: The JSON export, tournaments
    data, _ = exports[circuit]
    for row in data["tournaments"]:
        for key in CIRCUIT_TOURNAMENT_FIELDS[circuit]:
            assert key in row, (row["name"], key)
        if circuit == "acf":
            assert isinstance(row["class"], int) and _is_number(row["fee"])
        elif circuit == "fecodaz":
            assert isinstance(row["category_breakdown"], str)
            # Sub 14 and team events have no categoría, nor a national championship of an amateur or youth
            # category (README ruling 2: its categoría is its rated players, per band or category)
            senior_national = row["kind"] == "National" and (
                row["feeds"] in ("Absoluto", "Femenino") or str(row["feeds"]).startswith(("Sub 20 ", "Sub 18 ",
                                                                                          "Sub 16 ")))
            if row["kind"] in ("Open", "Closed") or senior_national:
                assert isinstance(row["category"], int) and row["category_breakdown"], row["name"]
            else:
                assert row["category"] is None and row["category_breakdown"] == "", row["name"]
        else:
            assert row["kind"] in ("GPT", "Aarhusmesterskab", "DM-kvalifikation")


def test_club_is_the_acf_state_in_standings(exports):  # CONTRACT: The JSON export, `club` is the ACF State
    data, _ = exports["acf"]
    clubs = {r["club"] for r in data["standings"]}
    assert clubs <= AU_STATES | {None} and len(clubs & AU_STATES) == len(AU_STATES)


def test_club_is_the_acf_state_in_clubs(exports):  # CONTRACT: The JSON export, `club` is the ACF State
    data, _ = exports["acf"]
    assert {r["club"] for r in data["clubs"]} <= AU_STATES


def test_points_are_numbers_to_aarhus_one_decimal(exports):  # CONTRACT: The JSON export, points exact
    data, _ = exports["aarhus"]
    values = [r["points"] for r in data["ledger"]] + [r["total"] for r in data["standings"]]
    assert all(_is_number(v) and round(v, 1) == v for v in values)


def test_aarhus_next_group_and_movements(exports):  # CONTRACT: The JSON export, aarhus additions
    data, _ = exports["aarhus"]
    groups = RANKINGS["aarhus"] | {"AA"}  # strength groups: AA/Plus above A
    assert all(row["next_group"] in groups for row in data["standings"])
    moves = data["movements"]
    assert moves and all({"tournament", "name", "id", "group", "move"} <= set(m) for m in moves)
    assert {m["move"] for m in moves} <= {"up", "down", "stay", "director"}
    assert {m["tournament"] for m in moves} <= {t["name"] for t in data["tournaments"]}


# ------------------------------------------------------------------------------------------ the season folder

ACF_ROWS = [[None, 1, "Ann Lee", "1001", "F", 1990, "NSW"], [None, 2, "Bob Ray", "1002", "M", 1985, "VIC"]]


def test_discovery_ignores_season_output_lock_and_hidden_files(tmp_path):  # CONTRACT: The season folder
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         tournaments={"deep/er/any name at all.xlsx": acf_tournament("Open", ACF_ROWS)})
    not_a_tournament = {"Sheet1": [["just", "notes"]]}
    write_book(folder / "output" / "old.xlsx", not_a_tournament)
    write_book(folder / "output" / "sub" / "older.xlsx", not_a_tournament)
    (folder / "~$any name at all.xlsx").write_bytes(b"lock")
    (folder / "deep" / "~$lock.xlsx").write_bytes(b"lock")
    (folder / ".hidden.xlsx").write_bytes(b"not a workbook")
    write_book(folder / ".hidden-folder" / "x.xlsx", not_a_tournament)
    data = _build_json(folder, tmp_path / "o.json")
    assert [t["name"] for t in data["tournaments"]] == ["Open"]

    write_book(folder / "sub" / "extra.xlsx", not_a_tournament)  # never silently skipped
    res = _build(folder)
    assert res.exit_code == 1
    assert "extra.xlsx" in res.output and "not-a-tournament" in res.output


def test_headers_and_setting_names_ignore_case_and_whitespace(tmp_path):  # CONTRACT: preamble (matching)
    plain = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                        tournaments={"t.xlsx": acf_tournament("Open", ACF_ROWS)}, name="plain")
    book = acf_tournament("Open", ACF_ROWS, header=["  SECTION", "place ", "NAME", "Id", "sex", " Born ", "STATE"])
    book["Tournament"] = {("  " + k.upper().replace(" ", "   ") + " "): v for k, v in book["Tournament"].items()}
    odd = make_season(tmp_path, {" CIRCUIT ": "acf", "season  ": "2005"}, tournaments={"t.xlsx": book}, name="odd")
    a = _build_json(plain, tmp_path / "a.json")
    b = _build_json(odd, tmp_path / "b.json")
    assert b["ledger"] == a["ledger"] and b["tournaments"] == a["tournaments"] and a["ledger"]


def test_values_people_type_are_read(tmp_path):  # CONTRACT: A tournament workbook, values people really type
    head = ["Place", "Name", "ID", "Sex", "Born", "State"]  # no Section column: one section
    rows = [[1, "Ann Lee", 1001, "W", "1/3/1990", "NSW"],
            ["=2", "Bea Ray", "00123", "K", "1990-03-01", "VIC"],
            ["2=", "Cat Dee", "00124", "P", dt.date(1990, 3, 1), "QLD"],
            ["4-5", "Dan Fox", "1004", "M", 1990, "WA"],
            ["4-5", "Eve Kim", "1005", "F", 1990, "SA"]]
    books = {"a.xlsx": acf_tournament("One", rows, header=head, capital="Ja"),
             "b.xlsx": acf_tournament("Two", rows, header=head, capital="Sí", start=dt.date(2005, 5, 7)),
             "c.xlsx": acf_tournament("Three", rows, header=head, capital="N", start=dt.date(2005, 7, 9),
                                      counts="Nej")}
    data = _build_json(make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments=books),
                       tmp_path / "o.json")
    ids = {r["name"]: r["id"] for r in data["ledger"]}
    assert ids == {"Ann Lee": "1001", "Bea Ray": "00123", "Cat Dee": "00124", "Dan Fox": "1004", "Eve Kim": "1005"}
    women = {r["name"] for r in data["standings"] if r["ranking"] == "Women"}
    assert women == {"Ann Lee", "Bea Ray", "Cat Dee", "Eve Kim"}  # W, K, P and F are female
    open_ = {r["name"]: r for r in data["standings"] if r["ranking"] == "Open"}
    assert (open_["Bea Ray"]["rank"], open_["Bea Ray"]["tied"]) == (2, True) == \
        (open_["Cat Dee"]["rank"], open_["Cat Dee"]["tied"])
    assert (open_["Dan Fox"]["rank"], open_["Dan Fox"]["tied"]) == (4, True)
    assert open_["Ann Lee"]["tied"] is False
    assert {r["tournament"] for r in data["ledger"]} == {"One", "Two"}  # Counts = Nej: no points
    concession = {t["name"]: t["concession"] for t in data["tournaments"]}
    assert concession["One"] is concession["Two"] is False and concession["Three"] is True  # Ja/Sí/N


def _aarhus_book(points: list) -> dict:
    head = ["Group", "Place", "Name", "ID", "Club", "Born", "Sex", "Points", "Games"]
    return {"Tournament": {"Name": "GPT 1", "Date": dt.date(2012, 9, 22), "Kind": "GPT"},
            "Groups": [["Group", "Rounds"], ["C", 7]],
            "Results": [head, ["C", 1, "Anna Holm", None, "Viby", 2000, "P", points[0], 7],
                        ["C", 2, "Bo Lund", "00501", "Egå", 1999, "D", points[1], 7],
                        ["C", 3, "Carl Berg", 1001, "Viby", 2000, "D", points[2], 7]]}


def _aarhus(tmp_path: Path, name: str, points: list, sheets: dict | None = None) -> dict:
    folder = make_season(tmp_path, {"Circuit": "aarhus", "Season": "2012/2013", "GPTs": 2}, sheets=sheets,
                         tournaments={"g1.xlsx": _aarhus_book(points)}, name=name)
    return _build_json(folder, tmp_path / f"{name}.json")


def test_half_points_typed_three_ways_read_alike(tmp_path):  # CONTRACT: values people really type (4½, 4,5)
    typed = _aarhus(tmp_path, "typed", ["5½", "4,5", "3"])
    numbers = _aarhus(tmp_path, "numbers", [5.5, 4.5, 3])
    dotted = _aarhus(tmp_path, "dotted", ["5.5", "4.5", 3])
    points = {(r["name"], r["ranking"]): r["points"] for r in numbers["ledger"]}
    assert {(r["name"], r["ranking"]): r["points"] for r in typed["ledger"]} == points
    assert {(r["name"], r["ranking"]): r["points"] for r in dotted["ledger"]} == points
    assert {r["id"] for r in numbers["ledger"]} == {None, "00501", "1001"}  # IDs exactly as typed


def test_aarhus_age_groups_sheet_overrides_the_default(tmp_path):  # CONTRACT: season.xlsx, Age groups (aarhus)
    default = _aarhus(tmp_path, "default", [5, 4, 3])
    # (the groups moved a year, B and A with them: groups that shared a birth year would be an error)
    ages = [["Group", "Born from", "Born to"], ["A", 1991, 1994], ["B", 1995, 1996], ["C", 1997, 1998],
            ["D", 1999, 2001]]
    moved = _aarhus(tmp_path, "moved", [5, 4, 3], sheets={"Age groups": ages})
    assert {r["ranking"] for r in default["ledger"] if r["name"] == "Bo Lund"} == {"C"}
    assert {r["ranking"] for r in moved["ledger"] if r["name"] == "Bo Lund"} == {"D"}  # born 1999


def test_acf_points_sheet_with_class_overrides_the_class_table(tmp_path):  # CONTRACT: season.xlsx, Points (acf)
    tours = {"t.xlsx": acf_tournament("Open", ACF_ROWS)}
    base = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments=tours, name="base")
    table = [["Class", 1, 2, 3, 4, 5], *[[c, 50 + c, 40, 30, 20, 10] for c in (1, 2, 3)]]
    over = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, sheets={"Points": table},
                       tournaments=tours, name="over")
    before = _build_json(base, tmp_path / "a.json")
    after = _build_json(over, tmp_path / "b.json")
    cls = after["tournaments"][0]["class"]
    first = {r["points"] for r in after["ledger"] if r["name"] == "Ann Lee" and r["ranking"] == "Open"}
    assert first == {50.0 + cls}
    assert {r["points"] for r in before["ledger"] if r["name"] == "Ann Lee" and r["ranking"] == "Open"} != first


# ------------------------------------------------------------------------------------------ the command line


def _acf_season(tmp_path: Path, name: str = "s") -> Path:
    return make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                       tournaments={"open.xlsx": acf_tournament("Open", ACF_ROWS),
                                    "other.xlsx": acf_tournament("Other", ACF_ROWS, start=dt.date(2005, 6, 4))},
                       name=name)


def test_new_writes_season_xlsx_and_a_blank_tournament_workbook(tmp_path):  # CONTRACT: The command line, new
    folder = tmp_path / "season"
    assert CliRunner().invoke(main, ["new", "aarhus", str(folder)]).exit_code == 0
    assert "Season" in CalamineWorkbook.from_path(str(folder / "season.xlsx")).sheet_names
    books = [p for p in folder.rglob("*.xlsx") if p.name != "season.xlsx"]
    assert len(books) == 1
    assert {"Tournament", "Results"} <= set(CalamineWorkbook.from_path(str(books[0])).sheet_names)


def test_template_o_writes_the_named_file(tmp_path):  # CONTRACT: The command line, template CIRCUIT [-o F]
    target = tmp_path / "organiser.xlsx"
    res = CliRunner().invoke(main, ["template", "fecodaz", "-o", str(target)])
    assert res.exit_code == 0, res.output
    assert {"Tournament", "Results"} <= set(CalamineWorkbook.from_path(str(target)).sheet_names)


def test_build_o_and_json_write_only_where_asked(tmp_path):  # CONTRACT: The command line, build [-o] [--json]
    folder = _acf_season(tmp_path)
    before = _digest(folder)
    out, js = tmp_path / "elsewhere" / "s.xlsx", tmp_path / "elsewhere" / "s.json"
    res = _build(folder, "-o", str(out), "--json", str(js))
    assert res.exit_code == 0, res.output
    assert out.read_bytes()[:2] == b"PK" and json.loads(js.read_text(encoding="utf-8"))["circuit"] == "acf"
    assert not (folder / "output").exists() and _digest(folder) == before  # inputs never modified
    assert not [p for p in out.parent.iterdir() if p.name.startswith(".")]  # no temporary file left


def test_build_writes_by_default_to_output_standings(tmp_path):  # CONTRACT: The season folder, output/
    folder = _acf_season(tmp_path)
    res = _build(folder)
    assert res.exit_code == 0, res.output
    assert [p.name for p in (folder / "output").iterdir()] == ["standings.xlsx"]
    assert _build(folder).exit_code == 0  # output/ is never read as input


def test_check_prints_every_problem_and_changes_nothing(tmp_path):  # CONTRACT: The command line, check
    folder = _acf_season(tmp_path)
    write_book(folder / "open.xlsx", acf_tournament("Open", [[None, "first", "Ann Lee", "1001", "F", 1990, "NSW"]]))
    write_book(folder / "other.xlsx", acf_tournament("Other", [[None, 1, "Bob Ray", "1002", "X", 1985, "VIC"]],
                                                     start=dt.date(2005, 6, 4)))
    before = _digest(folder)
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 1
    assert "open.xlsx" in res.output and "Results!B2" in res.output
    assert "other.xlsx" in res.output and "Results!E2" in res.output
    assert _digest(folder) == before and not (folder / "output").exists()


def test_bad_value_names_file_sheet_cell_and_accepted_forms(tmp_path):  # CONTRACT: values; anything else
    folder = _acf_season(tmp_path)
    write_book(folder / "open.xlsx", acf_tournament("Open", [[None, 1, "Ann Lee", "1001", "F", 1990, "NSW"],
                                                             [None, "second", "Bob Ray", "1002", "M", 1985, "VIC"]],
                                                    capital="perhaps"))
    res = _build(folder)
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert "open.xlsx" in res.output
    assert "Results!B3" in res.output and "=3, 3= or 3-4" in res.output  # the accepted place forms
    assert "Tournament!B6" in res.output and "Ja/Nej" in res.output  # the accepted yes/no forms


def test_explain_finds_a_player_by_id(tmp_path):  # CONTRACT: The command line, explain PLAYER (name or ID)
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         tournaments={"t.xlsx": acf_tournament(
                             "Open", [[None, 1, "Ann Lee", "00123", "F", 1990, "NSW"],
                                      [None, 2, "Bob Ray", "123", "M", 1985, "VIC"]])})
    res = CliRunner().invoke(main, ["explain", str(folder), "00123"])
    assert res.exit_code == 0, res.output
    assert "Ann Lee" in res.output and "Bob Ray" not in res.output
    res = CliRunner().invoke(main, ["explain", str(folder), "123"])
    assert res.exit_code == 0 and "Bob Ray" in res.output and "Ann Lee" not in res.output


@pytest.mark.parametrize("args", [["explain", "{f}"], ["build", "{f}", "--json"], ["build", "{f}", "--frobnicate"],
                                  ["new", "chess960", "{f}/n"], ["template"], ["check"]])
def test_usage_errors_exit_2_without_traceback(tmp_path, args):  # CONTRACT: The command line, exit status 2
    folder = _acf_season(tmp_path)
    res = CliRunner().invoke(main, [a.format(f=folder) for a in args])
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and not (folder / "output").exists()


def test_build_of_a_missing_folder_is_an_input_error(tmp_path):  # CONTRACT: The command line, exit status 1
    res = _build(tmp_path / "nowhere", "--json", str(tmp_path / "o.json"))
    assert res.exit_code == 1 and "Traceback" not in res.output and "no-folder" in res.output
    assert not (tmp_path / "o.json").exists() and not (tmp_path / "nowhere").exists()


@pytest.mark.parametrize("missing", ["Circuit", "Season"])
def test_circuit_and_season_settings_are_required(tmp_path, missing):  # CONTRACT: season.xlsx, required settings
    settings = {k: v for k, v in {"Circuit": "acf", "Season": "2005"}.items() if k != missing}
    folder = make_season(tmp_path, settings, tournaments={"t.xlsx": acf_tournament("Open", ACF_ROWS)})
    res = _build(folder)
    assert res.exit_code == 1 and "season.xlsx" in res.output and f"'{missing}' is missing" in res.output
    assert not (folder / "output").exists()


def test_failed_build_leaves_a_previous_json_untouched(tmp_path):  # CONTRACT: exit 1, previous output untouched
    folder = _acf_season(tmp_path)
    js = tmp_path / "o.json"
    assert _build(folder, "--json", str(js)).exit_code == 0
    old = js.read_bytes()
    write_book(folder / "bad.xlsx", acf_tournament("Bad", [[None, "x", "Ann Lee", "1001", "F", 1990, "NSW"]]))
    assert _build(folder, "--json", str(js)).exit_code == 1
    assert js.read_bytes() == old
