"""The parse cache (issue 7): warm builds reuse parsed workbooks, never stale, never from the season folder."""

from __future__ import annotations

import json
import os

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


def parsed(cache_dir):
    """The cache's entries of parsed input (not the output rows a build keeps, ``rows-*`` — see test_report_rows —
    nor the normalised names, ``names-*``)."""
    return [p for p in cache_dir.glob("*.pkl") if not p.name.startswith(("rows-", "names-"))]


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


def test_key_depends_on_library_versions(monkeypatch):  # an old pickle after an upgrade is never found
    real = cache._libraries()
    assert "pandas=" in real and "numpy=" in real and "python-calamine=" in real
    before = cache.key("abc", "t.xlsx", "acf")
    cache.code_fingerprint.cache_clear()
    monkeypatch.setattr(cache, "_libraries", lambda: "3.11\npandas=9.9")
    try:
        assert cache.key("abc", "t.xlsx", "acf") != before
    finally:
        cache.code_fingerprint.cache_clear()


# ------------------------------------------------------------------------------------------ worker processes


def _snapshot(folder):
    return _snapshot_of(season.load_season(folder))


def _snapshot_of(s):
    return ([i.as_dict() for i in s.issues.items], s.results, s.tournaments, s.tables, s.letters, s.inputs,
            s.players, s.settings, s.raw_sheets)


def _same(a, b):
    import pandas as pd

    assert a[0] == b[0] and a[4] == b[4] and a[5] == b[5] and a[7] == b[7] and a[8] == b[8]
    pd.testing.assert_frame_equal(a[6], b[6])
    pd.testing.assert_frame_equal(a[1], b[1])
    pd.testing.assert_frame_equal(a[2], b[2])
    assert a[3].keys() == b[3].keys()
    for k in a[3]:
        pd.testing.assert_frame_equal(a[3][k], b[3][k])


@pytest.mark.parametrize("sample", ["acf-2005", "aarhus-2012-13", "fecodaz-2009"])
def test_workbooks_parsed_in_worker_processes_give_exactly_the_serial_season(monkeypatch, tmp_path, sample):
    """Issue 7: many workbooks are parsed in worker processes; the season (issues in folder order, rows,
    cell letters, input hashes) must be exactly what one process reads."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "sample_data" / sample
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")
    monkeypatch.setenv("GPCALC_WORKERS", "1")
    serial = _snapshot(folder)
    monkeypatch.setenv("GPCALC_WORKERS", "2")
    monkeypatch.setattr(season, "PARALLEL_FROM", 2)
    pids = tmp_path / "pids"
    real = season._parse_workbook

    def spy(*args):
        with open(pids, "a") as fh:
            fh.write(f"{os.getpid()}\n")
        return real(*args)

    monkeypatch.setattr(season, "_parse_workbook", spy)  # called inside the (forked) workers
    parallel = _snapshot(folder)
    _same(parallel, serial)
    assert str(os.getpid()) not in pids.read_text().split()  # the parsing really happened elsewhere


def test_workers_store_what_they_parse_in_the_cache(tmp_path, cache_dir, reads, monkeypatch):
    monkeypatch.setenv("GPCALC_WORKERS", "2")
    monkeypatch.setattr(season, "PARALLEL_FROM", 2)
    folder = folder_with(tmp_path, n=4)
    first = build(folder, tmp_path)
    assert len(parsed(cache_dir)) == 5  # 4 written by the worker processes + season.xlsx
    reads.clear()
    assert build(folder, tmp_path) == first
    assert reads == []  # the warm build parsed nothing


def test_worker_count_comes_from_the_environment(monkeypatch):
    monkeypatch.setenv("GPCALC_WORKERS", "3")
    assert season.workers() == 3
    monkeypatch.setenv("GPCALC_WORKERS", "zero")
    assert 1 <= season.workers() <= 8


# ------------------------------------------------------------------------------------------ the season's pack


def test_a_season_pack_serves_exactly_what_parsing_gives_and_never_a_stale_workbook(tmp_path, cache_dir, reads,
                                                                                      monkeypatch):
    """Issue 7: many parsed workbooks are kept together in one pack; a re-build after one workbook is added,
    edited or renamed parses just that one, and the season is exactly the uncached one."""
    monkeypatch.setattr(season, "PACK_FROM", 2)
    folder = folder_with(tmp_path, n=5)
    first = build(folder, tmp_path)
    entries = parsed(cache_dir)
    assert len(entries) == 2 and sum(p.name.startswith("pack-") for p in entries) == 1  # the pack + season.xlsx
    reads.clear()
    assert build(folder, tmp_path) == first and reads == []
    # edit one, rename one, add one
    write_book(folder / "t1.xlsx", acf_tournament("T1", [["", 1, "Ann", "1", "F", 1970, "NSW"],
                                                         ["", 2, "Zed", "", "M", 1970, "VIC"]], prize_money=3000))
    (folder / "t2.xlsx").rename(folder / "t2b.xlsx")
    write_book(folder / "t9.xlsx", acf_tournament("T9", [["", 1, "Ann", "1", "F", 1970, "NSW"]], prize_money=3000))
    reads.clear()
    warm = build(folder, tmp_path)
    assert sorted(reads) == ["t1.xlsx", "t2b.xlsx", "t9.xlsx"]
    assert len(parsed(cache_dir)) == 5  # pack, season.xlsx, one entry per workbook outside the pack
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")
    assert warm == build(folder, tmp_path)
    names = {row["name"] for row in warm["standings"]}
    assert "Zed" in names and "P1" not in names  # the edited workbook, not its stale parse


@pytest.mark.parametrize("sample", ["acf-2005", "aarhus-2012-13", "fecodaz-2009"])
def test_a_season_read_from_the_cache_is_exactly_the_season_read_afresh(cache_dir, monkeypatch, sample):
    """Issue 7: season.xlsx (settings, register, season sheets) and every workbook come from the cache on a
    warm build — and give exactly what reading them again gives."""
    from pathlib import Path

    folder = Path(__file__).resolve().parent.parent / "sample_data" / sample
    monkeypatch.setattr(season, "PACK_FROM", 2)
    cold = season.load_season(folder, use_cache=True, write_cache=True)
    cache.wait()  # the pack is written by a background process
    assert len(parsed(cache_dir)) == 2  # season.xlsx + the pack
    assert len(list(cache_dir.glob("names-*.pkl"))) == 1  # the folder's normalised names
    monkeypatch.setattr(season, "read_book", lambda *a: pytest.fail("a warm load must read no workbook"))
    warm = _snapshot_of(season.load_season(folder, use_cache=True, write_cache=True))
    _same(warm, _snapshot_of(cold))
    monkeypatch.undo()
    monkeypatch.setenv("GPCALC_NO_CACHE", "1")
    _same(warm, _snapshot(folder))


# ------------------------------------------------------------------------------------------ size limit


def test_the_cache_keeps_under_its_size_limit_dropping_the_least_recently_used(cache_dir, monkeypatch):
    """Issue 7 / the parse cache: it must not grow without end in the coordinator's home folder."""
    cache_dir.mkdir(parents=True)
    for i in range(10):
        (cache_dir / f"e{i}.pkl").write_bytes(b"x" * 100_000)
        os.utime(cache_dir / f"e{i}.pkl", ns=(i * 10**9, i * 10**9))  # e0 is the least recently used
    (cache_dir / "secret").write_bytes(b"s" * 32)
    monkeypatch.setenv("GPCALC_CACHE_MB", str(500_000 / 1024 / 1024))  # room for five entries
    assert cache.trim() == 600_000  # down to 80 % of the limit: four entries are left
    assert sorted(p.name for p in cache_dir.glob("*.pkl")) == ["e6.pkl", "e7.pkl", "e8.pkl", "e9.pkl"]
    assert (cache_dir / "secret").exists()
    monkeypatch.setenv("GPCALC_CACHE_MB", "100")
    assert cache.trim() == 0  # under the limit: nothing removed


def test_a_build_trims_the_cache_and_reading_an_entry_marks_it_used(tmp_path, cache_dir, monkeypatch):
    folder = folder_with(tmp_path)
    first = build(folder, tmp_path)
    entries = sorted(cache_dir.glob("*.pkl"))
    for p in entries:
        os.utime(p, ns=(0, 0))
    build(folder, tmp_path)  # a warm build reads every entry: each is marked as used now
    assert all(p.stat().st_mtime_ns > 0 for p in entries)
    monkeypatch.setenv("GPCALC_CACHE_MB", "0.000001")
    assert build(folder, tmp_path) == first  # trimmed to nothing after the build, still the same result
    assert list(cache_dir.glob("*.pkl")) == []


def test_no_cache_switch_reads_false_and_no_as_off(monkeypatch):
    """README: GPCALC_NO_CACHE=1 disables the cache; 0, false, no, off or a blank leave it on (it used to read
    "false" as disabling it)."""
    from gpcalc import cache

    for value, on in (("", True), ("0", True), ("false", True), ("No", True), (" off ", True), ("1", False),
                      ("yes", False), ("true", False)):
        monkeypatch.setenv("GPCALC_NO_CACHE", value)
        assert cache.enabled() is on, value
