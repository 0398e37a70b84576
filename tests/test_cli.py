"""The command line of CONTRACT.md: commands, exit codes 0/1/2, messages naming file and cell."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys

import pytest
from builders import acf_tournament, make_season
from click.testing import CliRunner

from gpcalc.cli import main

REG = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


def season(tmp_path, results=None, **kw):
    results = results or [["", 1, "Ann", "1", "F", 1970, "NSW"], ["", 2, "Bob", "2", "M", 1970, "VIC"]]
    return make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                       sheets={"Players": [REG, ["1", "Ann", "F", 1970, 2100, None, "NSW"]]},
                       tournaments={"open.xlsx": acf_tournament("Open", results, prize_money=3000, **kw)})


def digest(folder):
    return {p.name: hashlib.sha256(p.read_bytes()).hexdigest() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_build_ok_writes_workbook_and_json(tmp_path):
    folder = season(tmp_path)
    res = CliRunner().invoke(main, ["build", str(folder), "--json", str(tmp_path / "o.json")])
    assert res.exit_code == 0, res.output
    assert (folder / "output" / "standings.xlsx").exists()
    data = json.loads((tmp_path / "o.json").read_text())
    assert set(data) >= {"circuit", "season", "title", "standings", "ledger", "tournaments", "prizes", "clubs",
                         "issues"}


def test_typo_gives_exit_1_naming_cell_and_writes_nothing(tmp_path):
    folder = season(tmp_path, [["", 1, "Ann", "1", "F", 1970, "NSW"], ["", "second", "Bob", "2", "M", 1970, "VIC"]])
    before = digest(folder)
    res = CliRunner().invoke(main, ["build", str(folder), "--json", str(tmp_path / "o.json")])
    assert res.exit_code == 1
    assert "open.xlsx" in res.output and "Results!B3" in res.output and "'second' is not a place" in res.output
    assert "Traceback" not in res.output
    assert not (folder / "output").exists() and not (tmp_path / "o.json").exists()
    assert digest(folder) == before  # inputs untouched


def test_failed_build_leaves_previous_output(tmp_path):
    folder = season(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["build", str(folder)]).exit_code == 0
    out = folder / "output" / "standings.xlsx"
    old = out.read_bytes()
    acf = acf_tournament("Bad", [["", "x", "Ann", "1", "F", 1970, "NSW"]], prize_money=100)
    from builders import write_book

    write_book(folder / "bad.xlsx", acf)
    assert runner.invoke(main, ["build", str(folder)]).exit_code == 1
    assert out.read_bytes() == old


def test_check_groups_by_file_and_exit_codes(tmp_path):
    folder = season(tmp_path)
    res = CliRunner().invoke(main, ["check", str(folder)])
    assert res.exit_code == 0 and "1 tournament read" in res.output
    res = CliRunner().invoke(main, ["check", str(tmp_path / "nowhere")])
    assert res.exit_code == 1 and "does not exist" in res.output


def test_usage_errors_exit_2(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["build"]).exit_code == 2
    assert runner.invoke(main, ["template", "chess960"]).exit_code == 2
    assert runner.invoke(main, ["frobnicate"]).exit_code == 2


def test_explain_lists_awards_with_rules(tmp_path):
    folder = season(tmp_path)
    res = CliRunner().invoke(main, ["explain", str(folder), "ann"])
    assert res.exit_code == 0, res.output
    assert "ACF 13(4)" in res.output and "Open" in res.output
    assert CliRunner().invoke(main, ["explain", str(folder), "Nobody"]).exit_code == 1


def test_every_command_has_help_with_example():
    runner = CliRunner()
    for cmd in main.commands:
        res = runner.invoke(main, [cmd, "--help"])
        assert res.exit_code == 0 and "Example" in res.output, cmd


def test_new_and_template_refuse_to_overwrite(tmp_path):
    runner = CliRunner()
    assert runner.invoke(main, ["new", "acf", str(tmp_path / "s")]).exit_code == 0
    assert runner.invoke(main, ["new", "acf", str(tmp_path / "s")]).exit_code == 2
    t = tmp_path / "t.xlsx"
    assert runner.invoke(main, ["template", "acf", "-o", str(t)]).exit_code == 0
    assert runner.invoke(main, ["template", "acf", "-o", str(t)]).exit_code == 2


@pytest.mark.parametrize("label", ["banana", "0005", "Spring"])
def test_new_refuses_a_season_without_a_year_and_writes_nothing(tmp_path, label):
    # what `check` would refuse in season.xlsx ("Season: 'banana' has no year") is a usage error of `new` (exit 2)
    res = CliRunner().invoke(main, ["new", "acf", str(tmp_path / "s"), "--season", label])
    assert res.exit_code == 2 and f"'{label}' has no season year" in res.output
    assert not (tmp_path / "s").exists()
    assert CliRunner().invoke(main, ["new", "aarhus", str(tmp_path / "t"), "--season", "2012/2013"]).exit_code == 0


def test_help_does_not_import_pandas():
    code = "import sys; from gpcalc.cli import main; assert 'pandas' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_numpy_huge_pages_off_unless_the_user_chose():
    """README Performance: gpcalc turns numpy's transparent-huge-page advice off (page-fault stalls), whether
    numpy is imported before or after gpcalc, and keeps a NUMPY_MADVISE_HUGEPAGE the user set."""
    import os

    probe = ("from numpy._core.multiarray import _set_madvise_hugepage as s; "
             "print(s(False), end='')")
    env = {k: v for k, v in os.environ.items() if k != "NUMPY_MADVISE_HUGEPAGE"}

    def state(first: str, **extra: str) -> str:
        run = subprocess.run([sys.executable, "-c", f"{first}; {probe}"], env={**env, **extra},
                             capture_output=True, text=True, check=True)
        return run.stdout

    assert state("import numpy, gpcalc") == "False"  # numpy imported first: switched directly
    assert state("import gpcalc, numpy") == "False"  # gpcalc first: numpy reads the variable
    assert state("import gpcalc, numpy", NUMPY_MADVISE_HUGEPAGE="1") == "True"
    assert state("import numpy, gpcalc", NUMPY_MADVISE_HUGEPAGE="1") == "True"


def test_freed_arrays_stay_in_the_heap_unless_the_user_tunes_malloc():
    """README Performance: on glibc, gpcalc keeps freed blocks up to 32 MB in the heap (no fresh page faults for
    the next array of that size); a user's own malloc tuning (GLIBC_TUNABLES, MALLOC_*) is left alone. Seen from
    outside: a 16 MB block after importing gpcalc comes from the heap, not from a mapping of its own."""
    import ctypes
    import os

    try:
        ctypes.CDLL("libc.so.6").mallinfo2  # noqa: B018 - glibc ≥ 2.33
    except (OSError, AttributeError):
        pytest.skip("not glibc: no mallopt options to set")
    probe = ("import ctypes, gpcalc\n"
             "class M(ctypes.Structure):\n"
             "    _fields_ = [(n, ctypes.c_size_t) for n in ('arena ordblks smblks hblks hblkhd usmblks fsmblks '\n"
             "                                               'uordblks fordblks keepcost').split()]\n"
             "libc = ctypes.CDLL('libc.so.6'); libc.mallinfo2.restype = M\n"
             "before = libc.mallinfo2().hblkhd; block = bytearray(16 << 20)\n"
             "print(libc.mallinfo2().hblkhd - before >= 16 << 20, end='')\n")
    env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES" and not k.startswith("MALLOC_")}

    def mapped(**extra: str) -> str:
        return subprocess.run([sys.executable, "-c", probe], env={**env, **extra}, capture_output=True, text=True,
                              check=True).stdout

    assert mapped() == "False"  # gpcalc's setting: from the heap
    assert mapped(MALLOC_ARENA_MAX="2") == "True"  # the user tunes malloc: glibc's own threshold (128 KB)


def test_a_long_build_reports_progress_then_one_line_per_stage(tmp_path, monkeypatch):
    """Issue 7: a progress bar while reading (files done / total), then one line per later stage — on a
    terminal only; quiet otherwise."""
    from pathlib import Path

    from gpcalc.cli import _Progress
    from gpcalc.pipeline import build
    from gpcalc.season import discover

    sample = Path(__file__).resolve().parent.parent / "sample_data" / "acf-2005"
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    progress = _Progress(True)
    lines: list[str] = []
    monkeypatch.setattr("click.echo", lambda text="", **kw: lines.append(str(text)))
    counts: list[tuple[int, int]] = []
    real = _Progress.__call__
    monkeypatch.setattr(_Progress, "__call__", lambda self, d, t, label: counts.append((d, t)) or real(self, d, t, label))
    build(sample, tmp_path / "o.xlsx", progress=progress, stage=progress.stage, use_cache=False)
    tournaments = len(discover(sample))
    assert counts[-1] == (tournaments, tournaments) and len(counts) > tournaments // 2
    assert [line.split(" ")[0] for line in lines] == ["checking", "matching", "scoring", "writing"]
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert not _Progress(True).enabled  # not a terminal: nothing is printed


def test_the_output_gets_an_ordinary_files_permissions(tmp_path):
    """A coordinator shares the workbook: it must not stay private like the temporary file it was written as."""
    import os

    folder = season(tmp_path)
    old = os.umask(0o022)
    try:
        assert CliRunner().invoke(main, ["build", str(folder)]).exit_code == 0
    finally:
        os.umask(old)
    out = folder / "output" / "standings.xlsx"
    assert out.stat().st_mode & 0o777 == 0o644
    out.chmod(0o664)  # a mode the coordinator chose is kept by the next build
    assert CliRunner().invoke(main, ["build", str(folder)]).exit_code == 0
    assert out.stat().st_mode & 0o777 == 0o664


def _gpcalc(*args: str, entry: str = "run") -> subprocess.CompletedProcess:
    """An entry point's behaviour in a child process: gpcalc.cli.run, or (entry="console") the installed
    `gpcalc` command, which is run followed by a fast exit."""
    return subprocess.run([sys.executable, "-c", f"from gpcalc.cli import {entry}; {entry}()", *args],
                          capture_output=True, text=True)


def test_an_output_that_cannot_be_written_is_a_clear_usage_error(tmp_path):  # CONTRACT: exit 2, no traceback
    folder = season(tmp_path)
    runner = CliRunner()
    assert runner.invoke(main, ["build", str(folder)]).exit_code == 0
    out = folder / "output" / "standings.xlsx"
    old = out.read_bytes()
    blocker = tmp_path / "afile"
    blocker.write_text("")
    res = runner.invoke(main, ["build", str(folder), "-o", str(blocker / "x.xlsx")])
    assert res.exit_code == 2, res.output
    assert f"cannot write '{blocker / 'x.xlsx'}': part of the path is a file, not a folder" in res.output
    assert "internal error" not in res.output and "Traceback" not in res.output
    res = runner.invoke(main, ["build", str(folder), "--json", str(blocker / "o.json")])
    assert res.exit_code == 2 and "cannot write" in res.output
    assert out.read_bytes() == old and not list(out.parent.glob(".*.tmp"))  # nothing written, nothing left
    for args in (["template", "acf", "-o", str(blocker / "t.xlsx")], ["new", "acf", str(blocker / "s")]):
        proc = _gpcalc(*args)
        assert proc.returncode == 2, proc.stderr
        assert "cannot write" in proc.stderr and "part of the path is a file" in proc.stderr
        assert "internal error" not in proc.stderr and "Traceback" not in proc.stderr


def test_a_file_given_as_the_season_folder_is_named_as_a_file(tmp_path):  # CONTRACT: errors say what is wrong
    f = tmp_path / "season.xlsx"
    f.write_text("")
    res = CliRunner().invoke(main, ["check", str(f)])
    assert res.exit_code == 1
    assert "is a file, not a folder" in res.output and "does not exist" not in res.output


def _console(*args: str) -> subprocess.CompletedProcess:
    return _gpcalc(*args, entry="console")


def test_the_installed_command_keeps_every_exit_status_and_all_its_output(tmp_path):
    """CONTRACT: "Exit status: 0 success (warnings allowed); 1 the input has errors …; 2 usage error." The
    installed command ends the process without Python's teardown (pyproject: gpcalc.cli:console); what it
    printed must still all arrive, and the status must be the command's."""
    folder = season(tmp_path)
    ok = _console("build", str(folder))
    assert ok.returncode == 0, ok.stderr
    assert "0 errors" in ok.stdout.splitlines()[-1]  # the last line printed arrived
    assert (folder / "output" / "standings.xlsx").exists()
    listed = _console("check", str(folder))
    # the same text as the entry point without the fast exit
    assert listed.returncode == 0 and listed.stdout == _gpcalc("check", str(folder)).stdout
    missing = _console("build", str(tmp_path / "nowhere"))
    assert missing.returncode == 1 and "does not exist" in missing.stdout + missing.stderr
    usage = _console("bogus")
    assert usage.returncode == 2 and "No such command" in usage.stderr
    helped = _console("--help")
    assert helped.returncode == 0 and "build" in helped.stdout


def test_the_installed_command_is_the_fast_exit_entry_point():
    """pyproject's console script is gpcalc.cli:console (run plus the fast exit), not run itself."""
    import tomllib
    from pathlib import Path

    project = tomllib.loads((Path(__file__).resolve().parents[1] / "pyproject.toml").read_text())
    assert project["project"]["scripts"]["gpcalc"] == "gpcalc.cli:console"
