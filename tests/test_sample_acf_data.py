"""The committed sample season sample_data/acf-2005 is exactly what scripts/make_sample_acf.py writes, and it has
the shape the ACF rulebook scenarios need (classes, ties, sections, player kinds)."""

from __future__ import annotations

import datetime as dt
import importlib.util
import re
import sys
from pathlib import Path

import pytest
from python_calamine import CalamineWorkbook

ROOT = Path(__file__).resolve().parent.parent
SAMPLE = ROOT / "sample_data" / "acf-2005"
GENERATOR = ROOT / "scripts" / "make_sample_acf.py"
STATES = {"NSW", "VIC", "QLD", "SA", "WA", "TAS", "ACT", "NT"}


def _generator():
    if "make_sample_acf" not in sys.modules:  # dataclasses look their module up in sys.modules
        spec = importlib.util.spec_from_file_location("make_sample_acf", GENERATOR)
        module = importlib.util.module_from_spec(spec)
        sys.modules["make_sample_acf"] = module
        spec.loader.exec_module(module)
    return sys.modules["make_sample_acf"]


def _workbooks(folder: Path) -> list[str]:
    """Input workbooks of a season folder, as the contract discovers them (output/, lock and hidden files out)."""
    found = []
    for path in folder.rglob("*.xlsx"):
        rel = path.relative_to(folder)
        if rel.parts[0] == "output" or any(p.startswith((".", "~$")) for p in rel.parts):
            continue
        found.append(rel.as_posix())
    return sorted(found)


def _sheets(path: Path) -> dict[str, list[list]]:
    book = CalamineWorkbook.from_path(str(path))
    return {name: book.get_sheet_by_name(name).to_python() for name in book.sheet_names}


def _settings(rows: list[list]) -> dict:
    return {str(r[0]): r[1] for r in rows[1:]}


def _table(rows: list[list]) -> list[dict]:
    head = [str(h) for h in rows[0]]
    return [dict(zip(head, r)) for r in rows[1:]]


@pytest.fixture(scope="module")
def committed() -> dict[str, dict[str, list[list]]]:
    assert SAMPLE.is_dir(), "run: python scripts/make_sample_acf.py"
    return {rel: _sheets(SAMPLE / rel) for rel in _workbooks(SAMPLE)}


@pytest.fixture(scope="module")
def tournaments(committed) -> dict[str, dict[str, list[list]]]:
    return {rel: sheets for rel, sheets in committed.items() if rel != "season.xlsx"}


def test_generator_reproduces_the_committed_files(tmp_path, committed):
    out = tmp_path / "acf-2005"
    _generator().generate(out)
    assert _workbooks(out) == sorted(committed)
    for rel, sheets in committed.items():
        fresh = _sheets(out / rel)
        assert list(fresh) == list(sheets), rel
        for name, rows in sheets.items():
            assert fresh[name] == rows, f"{rel} sheet {name} differs from the generator's output"


def test_generator_is_deterministic_byte_for_byte(tmp_path):
    gen = _generator()
    a, b = gen.generate(tmp_path / "a"), gen.generate(tmp_path / "b")
    assert [p.read_bytes() for p in a] == [p.read_bytes() for p in b]


def test_season_workbook(committed):
    season = committed["season.xlsx"]
    assert list(season) == ["Season", "Players", "Prizes"]
    settings = _settings(season["Season"])
    assert settings["Circuit"] == "acf" and int(settings["Season"]) == 2005
    assert settings["Title"] == "ACF Grand Prix 2005" and settings["Ties"] == "share"
    prizes = _table(season["Prizes"])
    places = {}
    for p in prizes:
        places.setdefault(p["Division"], []).append(int(p["Place"]))
    assert places == {"Open": [1, 2, 3, 4, 5], "U2000": [1, 2, 3, 4], "U1600": [1, 2, 3, 4],
                      "Junior": [1, 2, 3], "Women": [1], "Unrated": [1], "State": [1]}


def test_register_has_every_kind_of_player(committed):
    players = _table(committed["season.xlsx"]["Players"])
    assert all(isinstance(p["ID"], str) and re.fullmatch(r"\d{5}", p["ID"]) for p in players)
    assert "00123" in {p["ID"] for p in players}  # leading zeros survive: IDs are text
    acf = [p for p in players if p["ACF rating"] != ""]
    fide_only = [p for p in players if p["ACF rating"] == "" and p["FIDE rating"] != ""]
    blank = [p for p in players if p["ACF rating"] == "" and p["FIDE rating"] == ""]
    assert len(acf) > 300 and len(blank) > 10
    assert any(p["FIDE rating"] >= 2000 for p in fide_only) and any(p["FIDE rating"] < 2000 for p in fide_only)
    born = [p["Born"] for p in players]
    assert any(isinstance(b, dt.date) and b > dt.date(1987, 1, 1) for b in born)  # juniors (ACF cl. 1)
    assert any(isinstance(b, float) for b in born)  # a bare birth year
    assert dt.date(1987, 1, 1) in born and 1987.0 in born  # the junior boundary cases
    assert {p["Sex"] for p in players} == {"M", "F"}
    assert {p["State"] for p in players} - {""} == STATES


def _class(prize: float) -> int:  # ACF cl. 6: < 1500 → 1; 1500-2499 → 2; >= 2500 → 3
    return 1 if prize < 1500 else 2 if prize < 2500 else 3


def test_tournaments_cover_the_rulebook(tournaments):
    assert len(tournaments) >= 12
    assert all("/" in rel for rel in tournaments)  # in State subfolders
    assert any(rel.count("/") >= 2 for rel in tournaments)  # and deeper
    infos = [_settings(s["Tournament"]) for s in tournaments.values()]
    prizes = [i["Prize money"] for i in infos]
    assert {_class(p) for p in prizes} == {1, 2, 3}
    assert 1500 in prizes and 2500 in prizes
    assert {i["State"] for i in infos} == STATES
    assert {i["Capital city"] for i in infos} == {"Yes", "No"}
    assert all(i["Circuit"] == "acf" for i in infos)
    for i in infos:
        assert i["Start"].year == i["End"].year == 2005 and i["Start"] <= i["End"]
    days = [(i["End"] - i["Start"]).days + 1 for i in infos]
    assert max(days) > 5 and 5 in days  # cl. 4(3): one too long, one exactly at the limit
    late_reg = [i for i in infos if i["Registered"] > _months_before(i["Start"], 3)]
    late_rep = [i for i in infos if (i["Reported"] - i["End"]).days > 21]
    assert len(late_reg) == 1 and len(late_rep) == 1  # cl. 4(1), cl. 5(2)


def _months_before(day: dt.date, months: int) -> dt.date:
    y, m = divmod(day.year * 12 + day.month - 1 - months, 12)
    return dt.date(y, m + 1, min(day.day, 28))


def test_results_sheets(tournaments):
    notations = set()
    sections_seen = set()
    for rel, sheets in tournaments.items():
        rows = _table(sheets["Results"])
        assert 30 <= len(rows) <= 250, rel
        multi = "Sections" in sheets
        assert ("Section" in sheets["Results"][0]) == multi, rel
        if multi:
            mapping = {r["Section"]: r["Division"] for r in _table(sheets["Sections"])}
            assert {r["Section"] for r in rows} == set(mapping), rel
            sections_seen.update(mapping.values())
        # places ascend within a section; a tie is written the same way on every tied row
        last: dict = {}
        for r in rows:
            place = r["Place"]
            if isinstance(place, str):
                m = re.fullmatch(r"=(\d+)|(\d+)=|(\d+)-(\d+)", place)
                assert m, (rel, place)
                notations.add("=n" if m.group(1) else "n=" if m.group(2) else "n-m")
                number = int(next(g for g in m.groups() if g))
            else:
                number = int(place)
            sec = r.get("Section")
            assert number >= last.get(sec, 0), (rel, sec, place)
            last[sec] = number
        assert all(r["ID"] == "" or isinstance(r["ID"], str) for r in rows)
    assert notations == {"=n", "n=", "n-m"}
    assert {"Open", "U2000", "U1600", "Junior", "None"} <= sections_seen


def test_results_have_realistic_identities(tournaments):
    rows = [r for s in tournaments.values() for r in _table(s["Results"])]
    names = [r["Name"] for r in rows]
    assert "Brennan, Michael" in names and "Michael Brennan" in names
    assert sum("," in n for n in names) >= 20
    assert sum(r["ID"] == "" for r in rows) >= 100
    assert "00123" in {r["ID"] for r in rows}
    assert {r["Sex"] for r in rows} == {"M", "F", ""}
    # a pool of regulars plays many events, so best-5 (cl. 14) matters
    counts: dict[str, int] = {}
    for r in rows:
        key = r["ID"] or r["Name"]
        counts[key] = counts.get(key, 0) + 1
    assert sum(c >= 7 for c in counts.values()) >= 20
    assert 400 <= len(counts) <= 650


def test_sample_is_small():
    assert sum(p.stat().st_size for p in SAMPLE.rglob("*.xlsx")) < 2_000_000
