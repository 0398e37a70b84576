"""The parse cache (issue 7): warm builds reuse parsed workbooks, never stale, never from the season folder."""

from __future__ import annotations

import json

import pytest
from builders import acf_tournament, make_season, write_book
from click.testing import CliRunner

from gpcalc import cache, season
from gpcalc.cli import main

REG = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


@pytest.fixture()
def cache_dir(tmp_path, monkeypatch):
    d = tmp_path / "cache"
    monkeypatch.setenv("GPCALC_CACHE_DIR", str(d))
    monkeypatch.delenv("GPCALC_NO_CACHE", raising=False)
    return d


@pytest.fixture()
def reads(monkeypatch):
    """Count workbooks actually parsed (cache misses)."""
    seen: list[str] = []
    real = season.read_book

    def counting(path, label, issues):
        if label != "season.xlsx":
            seen.append(label)
        return real(path, label, issues)

    monkeypatch.setattr(season, "read_book", counting)
    return seen


def folder_with(tmp_path, n=3):
    tours = {f"t{i}.xlsx": acf_tournament(f"T{i}", [["", 1, "Ann", "1", "F", 1970, "NSW"],
                                                   ["", 2, f"P{i}", "", "M", 1970, "VIC"]], prize_money=3000)
             for i in range(n)}
    return make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                       sheets={"Players": [REG, ["1", "Ann", "F", 1970, 2100, None, "NSW"]]}, tournaments=tours)


def build(folder, tmp_path, *extra):
    out = tmp_path / "o.json"
    res = CliRunner().invoke(main, ["build", str(folder), "--json", str(out), *extra])
    assert res.exit_code == 0, res.output
    return json.loads(out.read_text())


def test_warm_build_reads_nothing_again_and_gives_the_same_result(tmp_path, cache_dir, reads):
    folder = folder_with(tmp_path)
    first = build(folder, tmp_path)
    assert sorted(reads) == ["t0.xlsx", "t1.xlsx", "t2.xlsx"]
    reads.clear()
    second = build(folder, tmp_path)
    assert reads == []  # every workbook came from the cache
    assert first == second
    assert not any(p.name.endswith(".pkl") for p in folder.rglob("*"))  # nothing in the season folder


def test_edited_workbook_is_read_again(tmp_path, cache_dir, reads):
    folder = folder_with(tmp_path)
    build(folder, tmp_path)
    reads.clear()
    write_book(folder / "t1.xlsx", acf_tournament("T1", [["", 1, "Zed", "", "M", 1970, "VIC"]], prize_money=3000))
    data = build(folder, tmp_path)
    assert reads == ["t1.xlsx"]
    assert any(r["name"] == "Zed" for r in data["ledger"])


def test_renamed_workbook_is_read_again_under_its_new_name(tmp_path, cache_dir, reads):
    folder = folder_with(tmp_path)
    build(folder, tmp_path)
    reads.clear()
    (folder / "t2.xlsx").rename(folder / "moved.xlsx")
    build(folder, tmp_path)
    assert reads == ["moved.xlsx"]


def test_no_cache_stores_nothing(tmp_path, cache_dir, reads):
    folder = folder_with(tmp_path)
    build(folder, tmp_path, "--no-cache")
    build(folder, tmp_path, "--no-cache")
    assert len(reads) == 6
    assert not cache_dir.exists() or not list(cache_dir.glob("*.pkl"))


def test_check_does_not_write_the_cache(tmp_path, cache_dir):
    folder = folder_with(tmp_path)
    assert CliRunner().invoke(main, ["check", str(folder)]).exit_code == 0
    assert not cache_dir.exists() or not list(cache_dir.glob("*.pkl"))


def test_tampered_entry_is_ignored(tmp_path, cache_dir, reads):
    folder = folder_with(tmp_path, n=1)
    build(folder, tmp_path)
    for entry in cache_dir.glob("*.pkl"):
        blob = bytearray(entry.read_bytes())
        blob[-1] ^= 0xFF
        entry.write_bytes(bytes(blob))
    reads.clear()
    build(folder, tmp_path)
    assert reads == ["t0.xlsx"]


def test_key_depends_on_content_path_circuit_and_code():
    k = cache.key("abc", "t.xlsx", "acf")
    assert k != cache.key("abd", "t.xlsx", "acf")
    assert k != cache.key("abc", "u.xlsx", "acf")
    assert k != cache.key("abc", "t.xlsx", "aarhus")
    assert len(cache.code_fingerprint()) == 64
