"""An audit of the command line as three users meet it: an organiser (template, new), a coordinator (check, build,
-o/--json, failing builds) and a federation official (explain). Every season is made in a temporary folder; the
samples are copied first (or, where only read, taken from conftest.sample_builds). Eight defects found were fixed on 30 November: check now scores the season too (it
missed errors only build found); build refuses outputs that are inputs of the season, inside the season folder,
the same file twice, or not ordinary files (a pipe, a device), and a failed build leaves no new folders; new never
overwrites a workbook; explain refuses a blank PLAYER and matches parts of names by word starts."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import shutil
import stat
import subprocess
import sys
import threading
from pathlib import Path

import openpyxl
import pytest
from click.testing import CliRunner

from gpcalc.cli import main

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = {"acf": "acf-2005", "fecodaz": "fecodaz-2009", "aarhus": "aarhus-2012-13"}
SEASONS = {"acf": "2005", "fecodaz": "2009", "aarhus": "2012/2013"}

# CONTRACT.md, "A tournament workbook"
CONTRACT_RESULTS = {
    "acf": ["Section", "Place", "Name", "ID", "Sex", "Born", "State", "Junior"],
    "fecodaz": ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
                "Games", "Withdrew", "Team", "Team place", "Board", "Board place"],
    "aarhus": ["Group", "Place", "Name", "ID", "Club", "Born", "Sex", "Points", "Games", "Move", "Status"],
}
CONTRACT_SETTINGS = {
    "acf": ["Name", "Start", "End", "State", "Capital city", "Prize money", "Registered", "Reported", "Approved",
            "Restricted", "Counts"],
    "fecodaz": ["Name", "Start", "End", "Kind", "Host league", "Base category", "IRT", "Norms", "Cash prizes",
                "Rounds", "Entry fees", "Prizes paid", "Stop", "Ranking"],
    "aarhus": ["Name", "Date", "Kind"],
}
CONTRACT_EXTRA = {"acf": {"Sections": ["Section", "Division"]}, "aarhus": {"Groups": ["Group", "Rounds"]},
                  "fecodaz": {}}
# choice fields an organiser picks from a list (header or setting → a value that must be offered)
DROPDOWNS = {
    "acf": {"Results": {"Sex": "F", "State": "NSW", "Junior": "Yes"}, "Sections": {"Division": "U1600"},
            "Tournament": {"State": "VIC", "Capital city": "No", "Approved": "Yes", "Restricted": "No",
                           "Counts": "Yes"}},
    "fecodaz": {"Results": {"Sex": "M", "Title": "IM", "Withdrew": "Justified"},
                "Tournament": {"Kind": "Sub 14", "IRT": "Yes", "Norms": "GM", "Cash prizes": "No"}},
    "aarhus": {"Results": {"Sex": "F", "Move": "stay", "Status": "Pre-qualified"},
               "Tournament": {"Kind": "DM-kvalifikation"}},
}

# what an organiser types into the template (Tournament settings, extra sheets, Results rows)
FILLED = {
    "acf": ({"Name": "Sydney Open", "Start": dt.datetime(2005, 3, 5), "End": dt.datetime(2005, 3, 6),
             "State": "NSW", "Capital city": "Yes", "Prize money": 2000},
            {"Sections": [["Open", "Open"]]},
            [["Open", 1, "Smith, John", "3206432", "M", 1980, "NSW", None],
             ["Open", "=2", "Nguyen, Anna", "3210001", "F", "2/5/1989", "VIC", None],
             ["Open", "=2", "Brown, Sam", None, "M", 1991, "QLD", None]]),
    "aarhus": ({"Name": "GPT 1 Skåde", "Date": "15/9/2012", "Kind": "GPT"},
               {"Groups": [["C", 7]]},
               [["C", 1, "Hansen, Peter", None, "Skåde Skoleskak", 1999, "D", "5½", 7, None, None],
                ["C", "=2", "Nielsen, Line", None, "Lystrup", 2002, "P", "4,5", 7, None, None],
                ["C", "=2", "Søren Madsen", None, "Viby", 1998, "D", 1, 2, "stay", None]]),
    "fecodaz": ({"Name": "Abierto de Cali", "Start": "14/02/2009", "End": "18/02/2009", "Kind": "Open",
                 "Host league": "Valle", "Base category": 8, "IRT": "Yes", "Norms": "IM", "Cash prizes": "Yes",
                 "Rounds": 9},
                {},
                [[1, "Ríos, Andrés Felipe", "71234567", "M", 1985, "Valle", "MI", 2410, 2395, "7,5", 9, "No"],
                 [2, "Gómez, Laura", "1020304050", "F", "12/05/1994", "Antioquia", "MFF", 2150, 2120, 7, 9, "No"],
                 [3, "Pérez, Juan Carlos", "79876543", "M", 1970, "Bogotá", None, 2205, 2180, "6½", 9, "No"]]),
}


# ----------------------------------------------------------------------------------------------------- helpers


def invoke(*args: str):
    res = CliRunner().invoke(main, [str(a) for a in args])
    # never a Python traceback: anything but a clean exit is a crash the user would see
    assert res.exception is None or isinstance(res.exception, SystemExit), res.output
    assert "Traceback" not in res.output and "internal error" not in res.output, res.output
    return res


def gpcalc(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
    """The installed entry point (gpcalc.cli.run) in a child process: what a user's terminal shows."""
    proc = subprocess.run([sys.executable, "-c", "from gpcalc.cli import run; run()", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd)
    assert "Traceback" not in proc.stderr + proc.stdout, proc.stderr
    return proc


def digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file() and "output" not in p.relative_to(folder).parts}


def fill_template(template: Path, dest: Path, circuit: str) -> Path:
    """An organiser fills in the blank template with openpyxl, as they would in Excel."""
    settings, extra, results = FILLED[circuit]
    wb = openpyxl.load_workbook(template)
    ws = wb["Tournament"]
    for r in range(2, ws.max_row + 1):
        if ws.cell(r, 1).value in settings:
            ws.cell(r, 2).value = settings[ws.cell(r, 1).value]
    for name, rows in extra.items():
        for i, row in enumerate(rows, start=2):
            for j, v in enumerate(row, start=1):
                wb[name].cell(i, j).value = v
    for i, row in enumerate(results, start=2):
        for j, v in enumerate(row, start=1):
            wb["Results"].cell(i, j).value = v
    wb.save(dest)
    return dest


def organiser_season(tmp_path: Path, circuit: str = "acf") -> Path:
    """`gpcalc new`, `gpcalc template`, the template filled in and dropped in the season folder."""
    folder = tmp_path / f"season-{circuit}"
    assert invoke("new", circuit, folder, "--season", SEASONS[circuit]).exit_code == 0
    tpl = tmp_path / f"{circuit}-template.xlsx"
    assert invoke("template", circuit, "-o", tpl).exit_code == 0
    fill_template(tpl, folder / "open.xlsx", circuit)
    return folder


def acf_season_with(tmp_path: Path, rows: list[list]) -> Path:
    """An ACF season whose one tournament has these Results rows (Section, Place, Name, ID, Sex, Born, State)."""
    folder = organiser_season(tmp_path, "acf")
    wb = openpyxl.load_workbook(folder / "open.xlsx")
    ws = wb["Results"]
    ws.delete_rows(2, ws.max_row)
    for i, row in enumerate(rows, start=2):
        for j, v in enumerate(row, start=1):
            ws.cell(i, j).value = v
    wb.save(folder / "open.xlsx")
    return folder


@pytest.fixture(scope="module")
def acf_sample(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("sample") / "acf-2005"
    shutil.copytree(ROOT / "sample_data" / "acf-2005", folder, ignore=shutil.ignore_patterns("output"))
    return folder


def _dropdowns(ws) -> dict[str, list[str]]:
    """column letter (or B-row for settings) → the list values offered."""
    found = {}
    for dv in ws.data_validations.dataValidation:
        if dv.type == "list" and dv.formula1:
            values = dv.formula1.strip('"').split(",")
            for rng in str(dv.sqref).split():
                found[re.match(r"[A-Z]+\d+", rng).group(0)] = values
    return found


# ------------------------------------------------------------------------------------------------ 1. organiser


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_template_headers_are_exactly_the_contracts(tmp_path, circuit):
    out = tmp_path / "t.xlsx"
    res = invoke("template", circuit, "-o", out)
    assert res.exit_code == 0 and f"wrote {out}" in res.output
    wb = openpyxl.load_workbook(out)
    assert [c.value for c in wb["Results"][1]] == CONTRACT_RESULTS[circuit]
    settings = [wb["Tournament"].cell(r, 1).value for r in range(2, wb["Tournament"].max_row + 1)]
    assert settings[:len(CONTRACT_SETTINGS[circuit])] == CONTRACT_SETTINGS[circuit]
    assert [c.value for c in wb["Tournament"][1]][:2] == ["Setting", "Value"]
    for sheet, header in CONTRACT_EXTRA[circuit].items():
        assert [c.value for c in wb[sheet][1]] == header


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_template_offers_dropdowns_for_choice_fields(tmp_path, circuit):
    out = tmp_path / "t.xlsx"
    invoke("template", circuit, "-o", out)
    wb = openpyxl.load_workbook(out)
    for sheet, wanted in DROPDOWNS[circuit].items():
        ws = wb[sheet]
        lists = _dropdowns(ws)
        for name, value in wanted.items():
            if sheet == "Tournament":
                row = next(r for r in range(2, ws.max_row + 1) if ws.cell(r, 1).value == name)
                cell = f"B{row}"
            else:
                col = next(c.column_letter for c in ws[1] if c.value == name)
                cell = f"{col}2"  # the list covers the 500 rows below the header (the header: its message only)
            assert cell in lists, (sheet, name)
            assert value in lists[cell], (sheet, name, lists[cell])


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_template_has_instructions_a_frozen_header_widths_and_no_example_rows(tmp_path, circuit):
    out = tmp_path / "t.xlsx"
    invoke("template", circuit, "-o", out)
    wb = openpyxl.load_workbook(out)
    assert wb.sheetnames[0] == "Instructions"
    text = "\n".join(str(r[0]) for r in wb["Instructions"].iter_rows(values_only=True) if r[0])
    assert "Results" in text and "Example" in text and len(text) > 500
    for name in wb.sheetnames[1:]:
        ws = wb[name]
        if ws.sheet_state == "hidden":  # (the Lists sheet behind a long drop-down: no organiser types there)
            continue
        assert ws.freeze_panes == "A2", name
        if name != "Tournament":  # examples live on the Instructions sheet only (yellow): nothing to delete
            assert ws.max_row == 1, name
        widths = {c.value: ws.column_dimensions[c.column_letter].width for c in ws[1]}
        assert all(w and w >= 6 for w in widths.values()), (name, widths)
        if "Name" in widths:
            assert widths["Name"] >= 20
    tws = wb["Tournament"]
    assert all(tws.cell(r, 2).value in (None, circuit) for r in range(2, tws.max_row + 1))  # nothing pre-typed
    assert all(tws.cell(r, 3).value for r in range(2, tws.max_row + 1))  # every setting says what to write


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_a_filled_in_template_checks_and_builds(tmp_path, circuit):
    folder = organiser_season(tmp_path, circuit)
    before = digest(folder)
    res = invoke("check", folder)
    assert res.exit_code == 0, res.output
    assert "1 tournament read, 0 errors" in res.output
    res = invoke("build", folder, "--json", tmp_path / "o.json")
    assert res.exit_code == 0, res.output
    data = json.loads((tmp_path / "o.json").read_text(encoding="utf-8"))
    names = {r["name"] for r in data["standings"]}
    typed = {r[CONTRACT_RESULTS[circuit].index("Name")] for r in FILLED[circuit][2]}
    assert typed & names, (typed, names)
    assert digest(folder) == before  # the organiser's workbook and season.xlsx are untouched


@pytest.mark.parametrize("circuit", list(SAMPLES))
def test_a_fresh_season_checks_and_builds_and_names_the_blank_workbook(tmp_path, circuit):
    folder = tmp_path / "fresh"
    res = invoke("new", circuit, folder)
    assert res.exit_code == 0 and "Next: fill in season.xlsx" in res.output
    assert invoke("check", folder).exit_code == 0
    res = invoke("check", folder, "--all")
    assert f"blank-{circuit}-tournament.xlsx" in res.output and "blank tournament template" in res.output
    assert invoke("build", folder).exit_code == 0


def test_a_half_filled_template_names_every_blank_setting(tmp_path):
    folder = organiser_season(tmp_path, "acf")
    wb = openpyxl.load_workbook(folder / "open.xlsx")
    wb["Tournament"]["B7"] = None  # Prize money
    wb["Tournament"]["B5"] = None  # State
    wb.save(folder / "open.xlsx")
    res = invoke("check", folder)
    assert res.exit_code == 1
    assert "open.xlsx" in res.output
    assert "Tournament!B7: the setting 'Prize money' is blank" in res.output
    assert "Tournament!B5: the setting 'State' is blank" in res.output


# ---------------------------------------------------------------------------------------------- 2. coordinator


def test_rebuild_is_byte_identical_and_never_touches_inputs(tmp_path):
    folder = organiser_season(tmp_path)
    before = digest(folder)
    out = folder / "output" / "standings.xlsx"
    assert invoke("build", folder, "--json", tmp_path / "a.json").exit_code == 0
    first, first_json = out.read_bytes(), (tmp_path / "a.json").read_bytes()
    assert invoke("build", folder, "--json", tmp_path / "a.json").exit_code == 0
    assert out.read_bytes() == first and (tmp_path / "a.json").read_bytes() == first_json
    assert invoke("check", folder).exit_code == 0
    assert invoke("explain", folder, "Smith").exit_code == 0
    assert digest(folder) == before
    assert not list(folder.rglob("*.tmp"))


def test_build_o_and_json_into_missing_folders_creates_them(tmp_path):
    folder = organiser_season(tmp_path)
    xlsx, js = tmp_path / "new" / "deep" / "gp.xlsx", tmp_path / "other" / "gp.json"
    res = invoke("build", folder, "-o", xlsx, "--json", js)
    assert res.exit_code == 0, res.output
    assert f"wrote {xlsx}" in res.output and f"wrote {js}" in res.output
    assert xlsx.stat().st_size > 0 and json.loads(js.read_text(encoding="utf-8"))["circuit"] == "acf"
    assert not (folder / "output").exists()  # -o means: only there


def test_an_output_path_that_is_a_folder_is_exit_2_and_leaves_the_rest(tmp_path):
    """An open/locked output simulated by a folder where the file should be."""
    folder = organiser_season(tmp_path)
    (folder / "output" / "standings.xlsx").mkdir(parents=True)
    (tmp_path / "old.json").write_text("{}")
    before = digest(folder)
    proc = gpcalc("build", folder, "--json", tmp_path / "old.json")
    assert proc.returncode == 2, proc.stderr
    assert "cannot write" in proc.stderr and "standings.xlsx" in proc.stderr
    assert "Nothing was written" in proc.stderr
    assert (tmp_path / "old.json").read_text() == "{}"  # the JSON was not written either
    assert digest(folder) == before and not list(tmp_path.rglob(".*.tmp"))
    for opt in ("-o", "--json"):
        (tmp_path / "dir.out").mkdir(exist_ok=True)
        res = invoke("build", folder, opt, tmp_path / "dir.out")
        assert res.exit_code == 2 and "is a directory" in res.output


def _unwritable_folder(tmp_path: Path) -> Path:
    ro = tmp_path / "readonly"
    ro.mkdir()
    ro.chmod(0o555)
    try:
        (ro / "probe").touch()
    except OSError:
        return ro
    (ro / "probe").unlink()  # running as root: permissions do not stop us; /sys is read-only for everyone
    sysdir = Path("/sys")
    if sysdir.is_dir() and _cannot_create(sysdir):
        return sysdir
    pytest.skip("no read-only folder available")


def _cannot_create(d: Path) -> bool:
    try:
        fd = os.open(d / ".gpcalc-audit-probe", os.O_CREAT | os.O_WRONLY | os.O_EXCL, 0o600)
    except OSError:
        return True
    os.close(fd)
    os.unlink(d / ".gpcalc-audit-probe")
    return False


@pytest.mark.parametrize("opt", ["-o", "--json"])
def test_an_unwritable_output_folder_is_exit_2_and_the_previous_output_is_kept(tmp_path, opt):
    folder = organiser_season(tmp_path)
    assert invoke("build", folder).exit_code == 0
    out = folder / "output" / "standings.xlsx"
    old = out.read_bytes()
    target = _unwritable_folder(tmp_path) / ("x.xlsx" if opt == "-o" else "x.json")
    # the season changed since the last build: a build that fails must still leave the old workbook alone
    wb = openpyxl.load_workbook(folder / "open.xlsx")
    wb["Tournament"]["B7"] = 3000
    wb.save(folder / "open.xlsx")
    before = digest(folder)
    extra = ["--json", target] if opt == "--json" else ["-o", target]
    proc = gpcalc("build", folder, *extra)
    assert proc.returncode == 2, proc.stderr
    assert f"cannot write '{target}'" in proc.stderr and "hint:" in proc.stderr
    assert out.read_bytes() == old
    assert digest(folder) == before
    assert not target.exists() and not list(out.parent.glob(".*.tmp"))


def test_season_folder_that_is_a_file_missing_or_empty_is_exit_1_with_a_clear_message(tmp_path):
    f = tmp_path / "season.xlsx"
    f.write_bytes(b"")
    (tmp_path / "empty").mkdir()
    cases = {f: "is a file, not a folder", tmp_path / "nowhere": "does not exist",
             tmp_path / "empty": "there is no season.xlsx in"}
    for cmd in ("check", "build", "explain"):
        for path, said in cases.items():
            args = [cmd, path] + (["Ann"] if cmd == "explain" else [])
            res = invoke(*args)
            assert res.exit_code == 1, (cmd, path, res.output)
            assert said in res.output and "gpcalc new CIRCUIT FOLDER" in res.output
    assert os.listdir(tmp_path / "empty") == []  # nothing was created in it
    proc = gpcalc("build", tmp_path / "nowhere")
    assert proc.returncode == 1 and "does not exist" in proc.stderr and not (tmp_path / "nowhere").exists()


def test_a_failing_build_leaves_previous_workbook_and_json_byte_identical(tmp_path):
    folder = organiser_season(tmp_path)
    js = tmp_path / "gp.json"
    assert invoke("build", folder, "--json", js).exit_code == 0
    out = folder / "output" / "standings.xlsx"
    old_x, old_j = out.read_bytes(), js.read_bytes()
    wb = openpyxl.load_workbook(folder / "open.xlsx")
    wb["Results"]["B3"] = "second"
    wb.save(folder / "open.xlsx")
    before = digest(folder)
    res = invoke("build", folder, "--json", js)
    assert res.exit_code == 1
    assert "Results!B3" in res.output and "nothing was written" in res.output
    assert out.read_bytes() == old_x and js.read_bytes() == old_j
    assert digest(folder) == before


def test_usage_errors_exit_2_without_traceback(tmp_path):
    folder = organiser_season(tmp_path)
    for args in (["build"], ["build", folder, "--bogus"], ["explain", folder], ["template", "fide"],
                 ["new", "chess", tmp_path / "x"], ["check"], ["build", folder, "-o"]):
        res = invoke(*args)
        assert res.exit_code == 2, (args, res.output)
        assert "Error" in res.output


def test_check_reports_every_error_build_would_report(tmp_path):
    folder = organiser_season(tmp_path)
    wb = openpyxl.load_workbook(folder / "season.xlsx")
    ws = wb.create_sheet("Points")
    ws.append(["Class", 1, 2, 3, 4, 5])
    ws.append(["three", 20, 15, 12, 9, 6])
    wb.save(folder / "season.xlsx")
    built = invoke("build", folder)
    assert built.exit_code == 1 and "Points!A2" in built.output  # build does see it
    checked = invoke("check", folder)
    assert checked.exit_code == 1 and "Points!A2" in checked.output


@pytest.mark.parametrize("target", ["open.xlsx", "season.xlsx"])
def test_build_o_never_overwrites_an_input_workbook(tmp_path, target):
    folder = organiser_season(tmp_path)
    before = digest(folder)
    res = invoke("build", folder, "-o", folder / target)
    assert digest(folder) == before
    assert res.exit_code == 2


def test_build_json_never_overwrites_season_xlsx(tmp_path):
    folder = organiser_season(tmp_path)
    before = digest(folder)
    res = invoke("build", folder, "--json", folder / "season.xlsx")
    assert digest(folder) == before
    assert res.exit_code == 2


def test_build_o_and_json_the_same_file_is_a_usage_error(tmp_path):
    folder = organiser_season(tmp_path)
    same = tmp_path / "gp.xlsx"
    res = invoke("build", folder, "-o", same, "--json", same)
    assert res.exit_code == 2
    assert not same.exists() or same.read_bytes()[:2] == b"PK"


def test_a_failed_build_creates_no_folders(tmp_path):
    folder = organiser_season(tmp_path)
    bad_json = tmp_path / "afile" / "gp.json"
    (tmp_path / "afile").write_text("")
    res = invoke("build", folder, "-o", tmp_path / "new" / "gp.xlsx", "--json", bad_json)
    assert res.exit_code == 2
    res = invoke("build", folder, "--json", bad_json)
    assert res.exit_code == 2
    assert not (tmp_path / "new").exists()
    assert not (folder / "output").exists()


def test_json_to_a_pipe_is_refused_and_the_pipe_kept(tmp_path):
    folder = organiser_season(tmp_path)
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    got: list[bytes] = []

    def reader():
        with open(fifo, "rb") as fh:
            got.append(fh.read())

    threading.Thread(target=reader, daemon=True).start()
    res = invoke("build", folder, "--json", fifo)
    assert res.exit_code == 2 and "not an ordinary file" in res.output
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode), "the pipe was replaced by a regular file"


def test_new_never_overwrites_an_existing_workbook(tmp_path):
    folder = organiser_season(tmp_path)
    filled = folder / "blank-acf-tournament.xlsx"
    shutil.copy(folder / "open.xlsx", filled)  # the organiser filled in the blank in place
    (folder / "season.xlsx").unlink()  # the coordinator starts the season file again
    data = filled.read_bytes()
    invoke("new", "acf", folder, "--season", "2005")
    assert filled.read_bytes() == data


# ----------------------------------------------------------------------------------------- 3. federation official


def test_explain_by_name_id_case_accents_and_last_first_agree(acf_sample):
    want = invoke("explain", acf_sample, "Brennan, Michael")
    assert want.exit_code == 0
    lines = want.output.splitlines()
    assert lines[0] == "Michael Brennan (ID 00123)" and lines[1] == "  Open: total 83, rank 1"
    for q in ("Michael Brennan", "MICHAEL BRENNAN", "  michael   brennan ", "00123"):
        assert invoke("explain", acf_sample, q).output == want.output, q
    one = invoke("explain", acf_sample, "José García").output
    for q in ("jose garcia", "JOSÉ GARCÍA", "Garcia, Jose", "Jose\u0301 Garci\u0301a"):
        assert invoke("explain", acf_sample, q).output == one, q
    assert one.startswith("José García (ID 07301)")


def _check_sums(text: str) -> int:
    """Every 'total' line equals the sum of its counted (not dropped) award lines; returns rankings checked."""
    blocks: list[list] = []  # [total, sum of counted awards]
    for line in text.splitlines():
        m = re.match(r"  (\S.*?): total (\S+), rank (=?\d+)(?: \(.+\))?$", line)  # (the tiebreak that decided)
        if m:
            blocks.append([float(m.group(2)), 0.0])
        elif line.startswith("    ") and blocks and not line.endswith("(dropped)"):
            a = re.match(r"    .+?: (-?[0-9.]+(?:e[-+]?\d+)?) — .+$", line)
            assert a, line
            blocks[-1][1] += float(a.group(1))
        elif line.startswith("  ") and not line.startswith("    "):
            blocks.append([None, 0.0])  # a ranking without a standings total
    for total, acc in blocks:
        assert total is None or abs(total - acc) < 0.011, (total, acc, text)
    return sum(1 for total, _ in blocks if total is not None)


def test_explain_arithmetic_adds_up_to_the_standings_total_for_every_player(sample_builds):
    from gpcalc.explain import find_awards

    total = 0
    for name in SAMPLES.values():
        outcome = sample_builds[name].result.outcome  # (built once per test process: conftest.sample_builds)
        for _, grp in outcome.standings.groupby("player"):
            first = grp.iloc[0]
            query = first["id"] if isinstance(first["id"], str) else first["name"]
            text = find_awards(outcome, query)
            block = next(b for b in text.split("\n\n") if b.startswith(first["name"]))
            assert _check_sums(block) == len(grp), (name, first["name"])
            total += len(grp)
    assert total > 1000
    # and the command prints what the library returns, with the standings' own total
    data_cli = invoke("explain", sample_builds["fecodaz-2009"].folder, "Gómez").output
    assert _check_sums(data_cli) > 0


def test_explain_unknown_name_is_exit_1_and_says_so(acf_sample):
    for q in ("Nobody Atall", "99999999"):
        res = invoke("explain", acf_sample, q)
        assert res.exit_code == 1
        assert f"no player called '{q}' has points in this season" in res.output


def test_explain_a_player_without_points_says_no_points(acf_sample):
    # Sergei Jones (ID 20565) played the Sydney Summer Weekender but scored no Grand Prix points
    res = invoke("explain", acf_sample, "20565")
    assert res.exit_code == 1 and "Sergei Jones (ID 20565) played Sydney Summer Weekender" in res.output
    assert "has no points in this season" in res.output


def test_explain_two_players_of_the_same_name_shows_both_with_their_ids(tmp_path):
    folder = acf_season_with(tmp_path, [["Open", 1, "Smith, John", "111", "M", 1970, "NSW"],
                                        ["Open", 2, "Smith, John", "222", "M", 1975, "VIC"],
                                        ["Open", 3, "Lee, Ann", "333", "F", 1970, "NSW"]])
    res = invoke("explain", folder, "Smith, John")
    assert res.exit_code == 0, res.output
    assert "John Smith (ID 111)" in res.output or "Smith, John (ID 111)" in res.output
    assert "(ID 222)" in res.output and "Lee" not in res.output
    assert invoke("explain", folder, "222").output.count("(ID ") == 1


@pytest.mark.parametrize("query", ["", "   "])
def test_explain_with_an_empty_player_is_a_usage_error(acf_sample, query):
    res = invoke("explain", acf_sample, query)
    assert res.exit_code == 2
    assert len(res.output.splitlines()) < 10


def test_explain_partial_name_matches_whole_words_only(tmp_path):
    folder = acf_season_with(tmp_path, [["Open", 1, "Oliver Hughes", "111", "M", 1970, "NSW"],
                                        ["Open", 2, "Greg Li", "222", "M", 1975, "VIC"],
                                        ["Open", 3, "Emily Tan", "333", "F", 1970, "NSW"]])
    res = invoke("explain", folder, "Li")
    assert res.exit_code == 0, res.output
    assert "Greg Li" in res.output
    assert "Oliver" not in res.output and "Emily" not in res.output


def test_output_that_is_a_link_to_an_input_is_refused(tmp_path):
    """CONTRACT: inputs are never modified. An -o outside the season folder that is a symbolic or a hard link to
    one of its workbooks is that workbook: refused (exit 2) and the workbook kept byte for byte; a plain new file
    beside it is written."""
    season = tmp_path / "s"
    shutil.copytree(Path(__file__).parents[1] / "sample_data" / "acf-2005", season)
    workbook = season / "NT" / "Darwin Open 2005.xlsx"
    before = workbook.read_bytes()
    soft, hard = tmp_path / "soft.xlsx", tmp_path / "hard.xlsx"
    soft.symlink_to(workbook)
    os.link(workbook, hard)
    env = {"GPCALC_NO_CACHE": "1"}
    for target in (soft, hard):
        run = CliRunner().invoke(main, ["build", str(season), "-o", str(target)], env=env)
        assert run.exit_code == 2 and "input of the season" in run.output, (target, run.output)
        assert workbook.read_bytes() == before
    run = CliRunner().invoke(main, ["build", str(season), "-o", str(tmp_path / "standings.xlsx")], env=env)
    assert run.exit_code == 0, run.output
