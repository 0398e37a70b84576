"""The README's concrete claims, checked against the real program.

Each test quotes the README text it checks, so a README edit that breaks a claim fails here. (One claim was found
false when this file was written — the explain line for the Sydney Summer Weekender — and the README was fixed.)

The sample season is copied to a temporary folder first; nothing is ever written inside ``sample_data/``.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from tests.builders import acf_tournament, make_season

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
# the entry point installed beside this Python (the one under test), else whatever `gpcalc` the PATH finds
_BESIDE = Path(sys.executable).parent / "gpcalc"
GPCALC = str(_BESIDE) if _BESIDE.is_file() else shutil.which("gpcalc")
CMD = [GPCALC] if GPCALC else [sys.executable, "-c", "from gpcalc.cli import run; run()"]


def gpcalc(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    full_env = {**os.environ, **(env or {})}
    return subprocess.run([*CMD, *args], cwd=cwd, env=full_env, capture_output=True, text=True, timeout=120)


def cli(*args: str, cwd: Path, env: dict[str, str] | None = None):
    """gpcalc in this process (click's CliRunner): fast for the many small calls."""
    from click.testing import CliRunner

    from gpcalc.cli import main

    old = Path.cwd()
    os.chdir(cwd)
    try:
        return CliRunner().invoke(main, list(args), env=env, catch_exceptions=False)
    finally:
        os.chdir(old)


def readme_has(text: str) -> None:
    """The claim under test really is in the README (so a rewording shows up here, not silently)."""
    assert text in README, f"README no longer says: {text!r}"


# ------------------------------------------------------------------------------------------ the sample session


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """A copy of sample_data/acf-2005 at <tmp>/sample_data/acf-2005, built once as in the README's session:
    ``gpcalc build sample_data/acf-2005 --json standings.json`` run from <tmp>."""
    tmp = tmp_path_factory.mktemp("readme-sample")
    shutil.copytree(ROOT / "sample_data" / "acf-2005", tmp / "sample_data" / "acf-2005",
                    ignore=shutil.ignore_patterns("output"))
    env = {"GPCALC_CACHE_DIR": str(tmp / "cache")}
    run = gpcalc("build", "sample_data/acf-2005", "--json", "standings.json", cwd=tmp, env=env)
    return tmp, env, run


def test_session_counts_line(sample):
    readme_has("wrote sample_data/acf-2005/output/standings.xlsx\nwrote standings.json\n"
               "17 tournaments, 0 errors, 5 warnings.")
    tmp, _, run = sample
    assert run.returncode == 0, run.stderr
    lines = run.stdout.rstrip("\n").splitlines()
    assert lines[-3:] == ["wrote sample_data/acf-2005/output/standings.xlsx", "wrote standings.json",
                          "17 tournaments, 0 errors, 5 warnings."]
    assert (tmp / "sample_data" / "acf-2005" / "output" / "standings.xlsx").is_file()
    assert json.loads((tmp / "standings.json").read_text(encoding="utf-8"))["circuit"] == "acf"


def test_session_warning_grouped_by_file(sample):
    quoted = ("NT/Darwin Open 2005.xlsx\n  warning: Tournament!B9: Darwin Open: results reported 42 days after the "
              "last day, more than 21 (cl. 5(2)) [reported-late]")
    readme_has(quoted)
    _, _, run = sample
    assert quoted in run.stdout


def _explain(sample, who: str):
    tmp, env, _ = sample
    return cli("explain", "sample_data/acf-2005", who, cwd=tmp, env=env)


def test_explain_header_and_darwin_line(sample):
    quoted = ["Michael Brennan (ID 00123)", "  Open: total 83, rank 1",
              "    Darwin Open: 12 — ACF 13(4): class 1; Open list position 1 (place 1) → 12  (dropped)"]
    for line in quoted:
        readme_has(line)
    run = gpcalc("explain", "sample_data/acf-2005", "Brennan, Michael", cwd=sample[0], env=sample[1])
    assert run.returncode == 0, run.stderr
    out = run.stdout.splitlines()
    assert out[:2] == quoted[:2]
    assert quoted[2] in out


def test_explain_sydney_line_actual(sample):
    """The line the README quotes, as gpcalc prints it (the mapped section: cl. 13(2); the README said 13(4) with
    no section until 30 November)."""
    actual = ("    Sydney Summer Weekender: 20 — ACF 13(2): class 3; Open list position 1 "
              "(section Open, place 1) → 20")
    readme_has(actual)
    assert actual in _explain(sample, "Brennan, Michael").stdout.splitlines()


def test_explain_by_id_and_partial_name(sample):
    readme_has("`Bren` finds Brennan, `Li` finds Li Wei but not Oliver; several matches are listed with a line "
               "saying so")
    by_id = _explain(sample, "00123")
    assert by_id.stdout.splitlines()[0] == "Michael Brennan (ID 00123)"
    assert _explain(sample, "Bren").stdout.splitlines()[0] == "Michael Brennan (ID 00123)"
    li = _explain(sample, "Li")
    assert li.exit_code == 0
    first = li.stdout.splitlines()[0]
    assert re.fullmatch(r"'Li' matches \d+ players — give the full name or the ID for one:", first)
    names = [line for line in li.stdout.splitlines() if line and not line.startswith(" ")][1:]
    assert "Greg Li (ID 39896)" in names
    assert any(n.startswith("Oliver ") for n in _explain(sample, "Oliver").stdout.splitlines())  # Oliver exists
    assert not any("Oliver" in n for n in names)


def test_li_wei_not_oliver_matcher():
    """The README's own example names, through the real matcher."""
    import pandas as pd

    from gpcalc.explain import match_player

    class _O:
        ledger = pd.DataFrame({"id": ["1", "2", "3"], "name": ["Li Wei", "Oliver Smith", "Wei Lindqvist"]})

    assert match_player(_O, "Li").tolist() == [True, False, True]


def test_build_is_byte_identical(sample, tmp_path):
    readme_has("Identical input gives a byte-identical\nworkbook.")
    tmp, env, _ = sample
    a, b = tmp_path / "a.xlsx", tmp_path / "b.xlsx"
    assert gpcalc("build", "sample_data/acf-2005", "-o", str(a), cwd=tmp, env=env).returncode == 0
    assert gpcalc("build", "sample_data/acf-2005", "-o", str(b), cwd=tmp,
                  env={**env, "GPCALC_NO_CACHE": "1"}).returncode == 0
    assert hashlib.sha256(a.read_bytes()).digest() == hashlib.sha256(b.read_bytes()).digest()


# ------------------------------------------------------------------------------------------ exit status, refusals


def test_build_refusals_exit_2(sample, tmp_path):
    readme_has("`build`\nrefuses (exit 2, before writing anything)")
    tmp, env, _ = sample
    s = "sample_data/acf-2005"
    cases = [("-o", f"{s}/NT/Darwin Open 2005.xlsx"),  # an input of the season
             ("-o", f"{s}/x.xlsx"),  # inside the season folder, outside output/
             ("-o", str(tmp_path / "same.json"), "--json", str(tmp_path / "same.json")),  # one file twice
             ("-o", "/dev/null")]  # not an ordinary file
    for args in cases:
        run = cli("build", s, *args, cwd=tmp, env=env)
        assert run.exit_code == 2, (args, run.output)
    assert not (tmp / s / "x.xlsx").exists()
    run = cli("build", s, "-o", str(tmp_path / "new" / "sub" / "x.xlsx"), "--json", "/dev/null", cwd=tmp, env=env)
    assert run.exit_code == 2 and not (tmp_path / "new").exists()  # a failed build leaves no new folders


def test_new_never_overwrites(sample):
    readme_has("`new` never overwrites a file.")
    tmp, env, _ = sample
    season = tmp / "sample_data" / "acf-2005" / "season.xlsx"
    before = season.read_bytes()
    run = cli("new", "acf", "sample_data/acf-2005", cwd=tmp, env=env)
    assert run.exit_code == 2 and season.read_bytes() == before


def test_typo_message(tmp_path):
    quoted = ("open.xlsx\n  error: Results!B3: Place: 'second' is not a place — write the place as a number: 3; "
              "a shared place as =3, 3= or 3-4 [bad-value]")
    readme_has(quoted)
    make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, tournaments={"open.xlsx": acf_tournament("Open", [
        [None, 1, "Ray, Bob", "1002", "M", 1985, "VIC"], [None, "second", "Lee, Ann", "1001", "F", 1990, "NSW"]])})
    run = gpcalc("build", "season", cwd=tmp_path, env={"GPCALC_NO_CACHE": "1"})
    assert run.returncode == 1  # "`1` the input has errors (nothing is written ...)"
    assert quoted in run.stderr
    assert not (tmp_path / "season" / "output").exists()


def test_every_command_help_has_example(tmp_path):
    readme_has("`gpcalc COMMAND --help` shows each command with an example.")
    for command in ("new", "template", "check", "build", "explain", "import"):
        run = cli(command, "--help", cwd=tmp_path)
        assert run.exit_code == 0 and "Example:" in run.output, command


def test_help_imports_neither_pandas_nor_circuits():
    readme_has("`gpcalc --help`\nimports neither pandas nor the circuits.")
    code = ("import sys\nsys.argv = ['gpcalc', '--help']\nfrom gpcalc.cli import run\ntry:\n    run()\n"
            "except SystemExit:\n    pass\nprint([m for m in sys.modules if m.split('.')[0] == 'pandas' "
            "or m.startswith('gpcalc.circuits')])")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60).stdout
    assert out.strip().splitlines()[-1] == "[]"


# ------------------------------------------------------------------------------------------ environment variables


def test_cache_env_variables(sample, tmp_path):
    for name in ("GPCALC_CACHE_DIR", "GPCALC_NO_CACHE=1", "GPCALC_CACHE_MB", "GPCALC_WORKERS"):
        readme_has(name)
    tmp, _, _ = sample
    s = "sample_data/acf-2005"
    used = tmp_path / "used"
    assert gpcalc("check", s, cwd=tmp, env={"GPCALC_CACHE_DIR": str(used)}).returncode == 0
    assert not used.exists()  # "`check` only reads it"
    assert gpcalc("build", s, "-o", str(tmp_path / "o1.xlsx"), cwd=tmp,
                  env={"GPCALC_CACHE_DIR": str(used)}).returncode == 0
    assert any(used.glob("*.pkl"))  # GPCALC_CACHE_DIR honoured
    off = tmp_path / "off"
    assert gpcalc("build", s, "-o", str(tmp_path / "o2.xlsx"), cwd=tmp,
                  env={"GPCALC_CACHE_DIR": str(off), "GPCALC_NO_CACHE": "1"}).returncode == 0
    assert not off.exists()  # GPCALC_NO_CACHE=1 honoured
    assert gpcalc("build", s, "-o", str(tmp_path / "o3.xlsx"), "--no-cache", cwd=tmp,
                  env={"GPCALC_CACHE_DIR": str(off)}).returncode == 0
    assert not off.exists()  # --no-cache


def test_cache_mb_and_workers(monkeypatch):
    from gpcalc import cache, season

    readme_has("`GPCALC_CACHE_MB` (default 2 GB)")
    monkeypatch.delenv("GPCALC_CACHE_MB", raising=False)
    assert cache.limit_bytes() == 2048 * 1024 * 1024
    monkeypatch.setenv("GPCALC_CACHE_MB", "5")
    assert cache.limit_bytes() == 5 * 1024 * 1024
    readme_has("(`GPCALC_WORKERS`, default one per core, at most 8)")
    monkeypatch.setenv("GPCALC_WORKERS", "1")
    assert season.workers() == 1
    monkeypatch.setenv("GPCALC_WORKERS", "3")
    assert season.workers() == 3
    monkeypatch.delenv("GPCALC_WORKERS")
    assert 1 <= season.workers() <= min(8, os.cpu_count() or 1)
    readme_has("with 24 or more workbooks to parse, a fork pool")
    assert season.PARALLEL_FROM == 24


# ------------------------------------------------------------------------------------------ the rules' numbers


def test_aarhus_normalisation_examples():
    from gpcalc.circuits.aarhus_rules import fmt_tenths, normalise_tenths

    readme_has("6½/10 → 4.6, 8½/14 → 4.3, 9½/15 → 4.4")
    half, rounds = np.array([13, 17, 19]), np.array([10, 14, 15])
    assert fmt_tenths(normalise_tenths(half, rounds)).tolist() == ["4.6", "4.3", "4.4"]


def test_fecodaz_table_extension_example():
    from gpcalc.circuits.fecodaz_rules import illustrative_table

    readme_has("`P(c,p) = 2c + 14 − 2(p−1)`")
    readme_has("+4 per categoría for 1st, −2 per place, covering `c` places (categoría 15 → 48 … 20)")
    table = illustrative_table()
    assert table.row(5) == [2 * 5 + 14 - 2 * (p - 1) for p in range(1, 6)]
    row = table.row(15)
    assert len(row) == 15 and row[0] == 48 and row[-1] == 20 and all(a - b == 2 for a, b in zip(row, row[1:]))


def test_acf_constants():
    from gpcalc.circuits import acf

    readme_has("base 50/100/150")
    assert acf.CLASS_BASE_FEE == {1: 50, 2: 100, 3: 150}
    assert (acf.FEE_CAP, acf.FEE_PER_PLAYER, acf.CONCESSION) == (500, 2, 50)
    assert set(acf.CONCESSION_STATES) == {"TAS", "SA", "WA", "NT"}
    readme_has("**Score** = best 5 results per division (cl. 14)")
    assert acf.BEST_N == 5


PLAYERS = [["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"],
           *[[str(i), n, s, 1985, 2100, None, "NSW"]
             for i, (n, s) in enumerate([("Ann Lee", "F"), ("Bob Ray", "M"), ("Cy Dee", "M"), ("Di Fox", "F"),
                                         ("Ed Hu", "M")], start=1)]]


def _tied_season(root: Path, money: float, places: list, ties: str | None = None) -> Path:
    rows = [[None, pl, p[1], p[0], p[2], 1985, "NSW"] for pl, p in zip(places, PLAYERS[1:])]
    settings = {"Circuit": "acf", "Season": "2005", **({"Ties": ties} if ties else {})}
    return make_season(root, settings, sheets={"Players": PLAYERS},
                       tournaments={"open.xlsx": acf_tournament("Open", rows, prize_money=money)})


def test_acf_ties_share_exact_points(tmp_path):
    readme_has("**Ties** share the points of the positions they occupy, kept exact (thirds included, shown to "
               "two decimals)")
    _tied_season(tmp_path / "thirds", 1000, [1, "=2", "=2", "=2", 5])  # class 1: 12, 9, 6, 4, 3
    _tied_season(tmp_path / "halves", 3000, [1, "=2", "=2", 4, 5])  # class 3: 20, 15, 12, 9, 6
    env = {"GPCALC_NO_CACHE": "1"}
    out = cli("explain", "thirds/season", "2", cwd=tmp_path, env=env).stdout
    assert "Open: total 6.33, rank =2" in out and "(9 + 6 + 4) / 3 = 6.33" in out
    assert gpcalc("build", "thirds/season", "--json", "t.json", "-o", "t.xlsx", cwd=tmp_path, env=env).returncode == 0
    from gpcalc.pipeline import compute

    lg = compute(tmp_path / "thirds" / "season", use_cache=False).outcome.ledger
    assert lg.loc[lg["name"].eq("Bob Ray"), "points"].tolist() == [19 / 3]  # the exact share (a double)
    data = json.loads((tmp_path / "t.json").read_text())
    totals = {r["name"]: r["total"] for r in data["standings"] if r["ranking"] == "Open"}
    assert totals["Bob Ray"] == pytest.approx(19 / 3, abs=1e-9)  # the JSON total is written to 9 decimals
    out = cli("explain", "halves/season", "2", cwd=tmp_path, env=env).stdout
    assert "(15 + 12) / 2 = 13.5" in out


def test_acf_ties_order(tmp_path):
    quoted = "tied, Ties = order: the listed order decides"
    readme_has(quoted)
    _tied_season(tmp_path, 3000, [1, "=2", "=2", 4, 5], ties="order")
    out = cli("explain", "season", "3", cwd=tmp_path, env={"GPCALC_NO_CACHE": "1"}).stdout
    assert f"Open list position 3 (place =2); {quoted} → 12" in out


def test_acf_class_and_fee(tmp_path):
    readme_has("`< 1500` → 1, `1500 – 2499.99` → 2, `>= 2500` → 3")
    readme_has("`min(500, base + 2·players − 50 if concession)`")
    two = [[None, 1, "Ann Lee", "1", "F", 1985, "NSW"], [None, 2, "Bob Ray", "2", "M", 1985, "NSW"]]
    tours = {}
    for i, (money, capital, state) in enumerate([(1499.99, "Yes", "NSW"), (1500, "No", "NSW"),
                                                 (2499.99, "Yes", "TAS"), (2500, "Yes", "NSW")]):
        tours[f"t{i}.xlsx"] = acf_tournament(f"T{i}", two, prize_money=money, capital=capital, state=state,
                                             start=dt.date(2005, 3, 5 + 7 * i))
    make_season(tmp_path, {"Circuit": "acf", "Season": "2005"}, sheets={"Players": PLAYERS}, tournaments=tours)
    run = gpcalc("build", "season", "--json", "s.json", "-o", "s.xlsx", cwd=tmp_path, env={"GPCALC_NO_CACHE": "1"})
    assert run.returncode == 0, run.stderr
    got = {t["name"]: (t["class"], t["concession"], t["fee"])
           for t in json.loads((tmp_path / "s.json").read_text())["tournaments"]}
    assert got == {"T0": (1, False, 54), "T1": (2, True, 54), "T2": (2, True, 54), "T3": (3, False, 154)}


def test_aarhus_new_season_age_table(tmp_path):
    readme_has("`gpcalc new aarhus --season 2013/2014` writes\n    the season's own table (A born 1993–1996 … F "
               "2005 and later)")
    assert gpcalc("new", "aarhus", "s", "--season", "2013/2014", cwd=tmp_path).returncode == 0
    from python_calamine import CalamineWorkbook

    rows = CalamineWorkbook.from_path(str(tmp_path / "s" / "season.xlsx")).get_sheet_by_name("Age groups").to_python()
    table = {r[0]: (r[1], r[2]) for r in rows[1:]}
    assert table["A"] == (1993, 1996) and table["F"][0] == 2005 and table["F"][1] in ("", None)


# ------------------------------------------------------------------------------------------ values people type


def test_values_people_type():
    from gpcalc.parse import normalise_name, read_date, read_id, read_place, read_score, read_sex, read_yesno

    readme_has("`4½`, `4,5`, `4.5`; places `3`, `=3`,\n`3=`, `3-4` (also as typed in results lists: `3.`, `3º`, "
               "`3rd`, and `T3` for a shared 3rd); IDs exactly as typed (`00123` stays `00123`, typed "
               "as text or in a cell whose number format pads\nit with zeros, `00000`: it is read as Excel shows it)")
    assert [read_score(x) for x in ("4½", "4,5", "4.5")] == [4.5, 4.5, 4.5]
    assert [read_place(x)[0] for x in ("3", "=3", "3=", "3-4", "3.", "3º", "3rd", "T3")] == [3] * 8
    assert read_place("=3")[1] and read_place("3=")[1] and read_place("3-4")[1] and not read_place("3")[1]
    assert read_place("T3")[1] and not any(read_place(x)[1] for x in ("3.", "3º", "3rd"))
    assert read_id("00123") == "00123"
    assert [read_yesno(x) for x in ("Yes", "No", "Y", "N", "Sí", "Ja", "Nej")] == [True, False, True, False,
                                                                                  True, True, False]
    assert {read_sex(x) for x in ("W", "K", "P")} == {"F"} and read_sex("M") == "M"
    assert read_date("2004-03-01") == read_date("1/3/2004") == dt.date(2004, 3, 1)
    readme_has('ø, æ, ł, ß are\nread as o, ae, l, ss; "Smith, John" = "John Smith"')
    assert normalise_name("Smith, John") == normalise_name("John  SMITH")
    assert normalise_name("ø æ ł ß") == "o ae l ss"


# ------------------------------------------------------------------------------------------ files and commands


def test_linked_files_exist():
    readme_has("[`CONTRACT`](../shared/CONTRACT.md)")  # (outside the repository: not there in a clean clone)
    for rel in ("CHANGELOG.md", "benchmarks/README.md", "docs/bad-input.md", "scripts/bad_input_table.py",
                "scripts/make_templates.py", "scripts/make_sample_acf.py", "benchmarks/run.py", "templates",
                "tests/test_bad_input.py", "tests/test_bad_input_fuzz.py", "tests/test_cli.py",
                "tests/test_contract_coverage.py", "tests/test_report_xml.py", "gpcalc/cache.py",
                "gpcalc/pipeline.py", "gpcalc/report/sheetxml.py", "gpcalc/report/xlsxzip.py"):
        assert (ROOT / rel).exists(), rel
    readme_has('(`benchmarks/README.md`, "What is left")')
    assert "What is left" in (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    for name in ("acf-2005", "aarhus-2012-13", "fecodaz-2009"):
        readme_has(f"`sample_data/{name}`")
        assert (ROOT / "sample_data" / name / "season.xlsx").is_file()


def test_first_commands_and_ci():
    readme_has("```bash\npip install -e . && gpcalc build sample_data/acf-2005\n"
               "pip install -e '.[test]' && pytest\n```")
    readme_has("(what CI runs, via `.ci/run`)")
    assert "pip install -e '.[test]' && pytest" in (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert GPCALC is not None  # the console script the first command runs


def test_bad_input_table_in_sync_with_docs():
    """The README table is docs/bad-input.md, as scripts/bad_input_table.py puts it (re-running every case is
    ``python scripts/bad_input_table.py --check``)."""
    sys.path.insert(0, str(ROOT / "scripts"))
    try:
        import bad_input_table as bit
    finally:
        sys.path.remove(str(ROOT / "scripts"))
    docs = (ROOT / "docs" / "bad-input.md").read_text(encoding="utf-8")
    assert bit.readme_with_table(README, docs) == README
