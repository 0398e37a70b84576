"""Season folder → validated, normalised :class:`Season` (settings, tournaments, results, players)."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from . import circuits, identity
from .circuits import base as cbase
from .formats import SEASON_FILE  # (one name for the season workbook: defined where the readers need it too)
from .issues import InputError, Issues, flagged_rows
from .parse import clean_text, header_key, row_filled
from .read import RawBook, RawSheet, find_header, forget_scans, read_book, read_settings, read_table
from .standings import factorize_runs

OUTPUT_DIR = "output"
WORKBOOK_SUFFIXES = (".xlsx", ".xlsm", ".xls")
# Spreadsheets gpcalc does not read: found so that each gets an error saying how to convert it, never skipped.
OTHER_SPREADSHEETS = (".xlsb", ".ods", ".numbers")
# files people leave in a season folder that may hold results but are not read: named with a warning
NOT_READ = (".csv", ".zip", ".xltx", ".xltm", ".xlt")


@dataclass
class Season:
    folder: Path
    circuit: cbase.Circuit
    settings: dict[str, Any]
    tournaments: pd.DataFrame  # one row per tournament: tournament (label), file, name, start, end + settings
    results: pd.DataFrame  # one row per result row: tournament, file, sheet, row, player, name, id, … + columns
    players: pd.DataFrame  # the register (season.xlsx Players), with `player` keys
    tables: dict[str, pd.DataFrame] = field(default_factory=dict)  # extra sheets, by sheet name
    raw_sheets: dict[str, RawSheet] = field(default_factory=dict)  # season.xlsx sheets declared without fields
    inputs: list[tuple[str, str]] = field(default_factory=list)  # (label, sha256) of every input file
    letters: dict[tuple[str, str], dict[str, str]] = field(default_factory=dict)
    issues: Issues = field(default_factory=Issues)
    # what a circuit's validate() worked out and its compute() can reuse, with the frames it came from (a reuse
    # must check that they are still the season's: see FECODAZ._tournaments)
    scratch: dict[str, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def year(self) -> int:
        """The season's (first) calendar year: 2005 for '2005', 2012 for '2012/2013'."""
        return season_year(self.settings.get("season"))

    def cell(self, file: str, sheet: str, key: str, row: int) -> str:
        """The cell of `key` in sheet row `row`; the row's first cell when the sheet has no such column (a
        column left out of the Results sheet: its issues still name a cell, never a bare row number)."""
        return f"{self.letters.get((file, sheet), {}).get(key, '') or 'A'}{row}"

    def where(self, row: Any, key: str = "") -> dict[str, str]:
        """file/sheet/cell of a results row (a Series or namedtuple with file, sheet, row)."""
        file, sheet, r = _get(row, "file"), _get(row, "sheet"), int(_get(row, "row"))
        return {"file": file, "sheet": sheet, "cell": self.cell(file, sheet, key, r) if key else f"A{r}"}

    def setting_where(self, key: str) -> dict[str, str]:
        return {"file": SEASON_FILE, "sheet": "Season", "cell": self.settings.get("_cells", {}).get(key, "")}


def _get(row: Any, name: str) -> Any:
    return row[name] if isinstance(row, dict | pd.Series) else getattr(row, name)


MIN_YEAR, MAX_YEAR = 1900, 2100  # a season's year outside these is a typo (0001, 9999), and no date of it can be formed


def season_year(value: Any) -> int:
    m = re.search(r"(?<!\d)0*(\d{4})(?!\d)", clean_text(value))  # (0*: a year in a zero-padded 00000 cell)
    return int(m.group(1)) if m else 0


# ------------------------------------------------------------------------------------------ discovery


def discover(folder: Path) -> list[Path]:
    """Tournament files below the folder: any depth; not season.xlsx, output/, lock or hidden files."""
    found: list[Path] = []
    foreign = _foreign_hook()
    if foreign:  # folders are listed afresh for each season read (gpcalc.formats keeps one listing per folder)
        from . import formats

        formats.forget_listings()
    kinds = WORKBOOK_SUFFIXES + OTHER_SPREADSHEETS + NOT_READ
    for path in sorted(_walk(folder)):
        rel = path.relative_to(folder)
        parts = rel.parts
        if any(p.startswith(".") for p in parts) or parts[0].casefold() == OUTPUT_DIR or path.name.startswith("~$"):
            continue
        if not path.is_file():
            if path.is_symlink() and path.suffix.casefold() in kinds:
                found.append(path)  # a link to nowhere: kept, so that the error names it (never skipped silently)
            continue
        if rel.as_posix().casefold() == SEASON_FILE:
            continue
        if path.suffix.casefold() in kinds or (foreign and foreign[0](path)):
            found.append(path)
    return found


def _walk(folder: Path) -> list[Path]:
    """Every file below the folder (and every link to nowhere), following links to folders — a linked folder
    of a shared drive is part of the season — but never into the same folder twice (a link back up)."""
    import os

    out: list[Path] = []
    seen: set[tuple[int, int]] = set()
    for root, dirs, files in os.walk(folder, followlinks=True):
        st = os.stat(root)
        if (st.st_dev, st.st_ino) in seen:
            dirs[:] = []
            continue
        seen.add((st.st_dev, st.st_ino))
        dirs[:] = [d for d in dirs if not d.startswith(".")]  # (hidden folders: never read; not walked either)
        base = Path(root)
        out += [base / f for f in files]  # (a link to nowhere is listed among the files)
    return out


def _scan_ok(path: Path) -> bool:
    """A workbook passes the reader's limits before anything (the foreign-format detectors too) opens it;
    one that fails goes to read_book, which reports why."""
    from .read import scan_book

    if path.suffix.casefold() not in (".xlsx", ".xlsm"):
        return True
    return not isinstance(scan_book(path), tuple)


def _foreign_hook() -> tuple[Callable, Callable] | None:
    """Readers for files organisers already have (TRF, chess-results): gpcalc.formats, when present."""
    try:
        from . import formats
    except ImportError:
        return None
    if hasattr(formats, "is_foreign") and hasattr(formats, "load"):
        return formats.is_foreign, formats.load
    return None


def sha256(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


# ------------------------------------------------------------------------------------------ loading


def load_season(folder: Path | str, progress: Callable[[int, int, str], None] | None = None,
                use_cache: bool = True, write_cache: bool = False) -> Season:
    """Read and validate a season folder. Problems are in ``season.issues``; raises InputError only when
    nothing can be read at all (no folder, no season.xlsx, unknown circuit).

    `use_cache`: reuse parsed workbooks from gpcalc.cache (keyed by content, path, circuit and gpcalc's code);
    `write_cache`: store newly parsed ones (`build` does; `check` changes nothing, so it only reads)."""

    folder = Path(folder)
    issues = Issues()
    if not folder.is_dir():
        what = "is a file, not a folder" if folder.exists() else "does not exist"
        issues.error("no-folder", f"the season folder '{folder}' {what}",
                     hint="give the folder that holds season.xlsx (gpcalc new CIRCUIT FOLDER makes one)")
        raise InputError(issues)
    named = sorted(p for p in folder.iterdir() if p.name.casefold() == SEASON_FILE)
    if len(named) > 1:  # (a case-sensitive file system: season.xlsx and Season.xlsx side by side)
        issues.error("two-season-files", f"there are {len(named)} season workbooks: "
                     f"{' and '.join(p.name for p in named)}; gpcalc would not know which one holds the season",
                     file=named[1].name, hint="keep one of them (and move or delete the other)")
        raise InputError(issues)
    season_path = named[0] if named else None
    if season_path is None:
        # a season workbook under another name or one folder down: name it, rather than suggest a new season
        near = sorted(p.relative_to(folder).as_posix() for p in [
            *(q for q in folder.iterdir() if q.stem.casefold() == "season" and q.is_file()),
            *(q for q in folder.glob("*/*") if q.name.casefold() == SEASON_FILE)])
        if near:
            below = [n for n in near if "/" in n]
            hint = (f"give the season folder itself: {folder / Path(below[0]).parent}" if below and len(near) == 1
                    else f"save the season workbook as {SEASON_FILE} (Excel Workbook) directly in the season "
                         "folder — the folder that holds the tournaments")
            issues.error("no-season-file", f"there is no {SEASON_FILE} in '{folder}', but there is "
                         f"{' and '.join(near)}", file=near[0], hint=hint)
        else:
            issues.error("no-season-file", f"there is no {SEASON_FILE} in '{folder}'", file=SEASON_FILE,
                         hint="create one with: gpcalc new CIRCUIT FOLDER")
        raise InputError(issues)
    forget_scans()  # (a file replaced by one of the same size and time must not get the old file's scan)
    try:
        digest = sha256(season_path)
    except OSError as exc:
        issues.error("unreadable", f"cannot read {SEASON_FILE}: {exc.strerror or exc}", file=SEASON_FILE,
                     hint="it must be the season's workbook (gpcalc new CIRCUIT FOLDER makes one)")
        raise InputError(issues) from None
    season = _read_season_file(folder, season_path, digest, use_cache, write_cache)
    circuit, issues = season.circuit, season.issues
    season.inputs.append((SEASON_FILE, digest))

    paths = discover(folder)
    tours: list[dict[str, Any]] = []
    result_frames: list[pd.DataFrame] = []
    extra_frames: dict[str, list[pd.DataFrame]] = {s.name: [] for s in circuit.tournament_sheets}
    foreign = _foreign_hook()
    jobs: list[tuple[int, Path, str, str]] = []  # ordinary workbooks: (index, path, label, digest)
    is_foreign: set[int] = set()
    unreadable: set[int] = set()
    for i, path in enumerate(paths):
        label = path.relative_to(folder).as_posix()
        try:
            digest = sha256(path)
        except OSError as exc:  # (a link to a file that is gone, a file without read permission)
            issues.error("unreadable", f"cannot read the file: {exc.strerror or exc}", file=label,
                         hint="restore the file (or what the link points to), or remove it from the season folder")
            unreadable.add(i)
            continue
        season.inputs.append((label, digest))
        if foreign and foreign[0](path) and _scan_ok(path):
            is_foreign.add(i)
        else:
            jobs.append((i, path, label, digest))
    read = _read_workbooks(jobs, circuit, folder, use_cache, write_cache, progress, len(paths))
    pack, run = read.pack, []  # run: consecutive positions in the pack, taken as one slice of its frames

    def take_run() -> None:
        if run:
            result_frames.extend(pack.results_of(run[0], run[-1]))
            for name in pack.extra:
                extra_frames.setdefault(name, []).extend(pack.extra_of(name, run[0], run[-1]))
            run.clear()

    for i, path in enumerate(paths):
        if i in unreadable:
            continue
        item = read.items.get(i)
        if isinstance(item, int):
            if run and item != run[-1] + 1:
                take_run()
            run.append(item)
            bundle = pack.meta[item]
        else:
            take_run()
            if i in is_foreign:
                tbook = foreign[1](path, path.relative_to(folder).as_posix(), issues, circuit)
                if tbook is not None:
                    if tbook.locate is not None:  # its issues name the TRF line / the export's sheet
                        issues.relocate(tbook.label, tbook.locate)
                    _read_tournament(season, tbook, tours, result_frames, extra_frames)
                continue
            bundle = item
            result_frames.extend(f.copy() for f in bundle.results)
            for name, frames in bundle.extra.items():
                extra_frames.setdefault(name, []).extend(f.copy() for f in frames)
        issues.extend(bundle.issues)
        season.letters.update(bundle.letters)
        tours.extend(bundle.tours)
    take_run()
    if progress:
        progress(len(paths), len(paths), "")
    if not paths:
        issues.warning("no-tournaments", f"no tournament workbooks were found in '{folder}'",
                       hint="put one .xlsx per tournament in the season folder (gpcalc template "
                            f"{circuit.name} makes a blank one)")
    _stage(progress, f"checking {sum(len(f) for f in result_frames):,} result rows")
    read = pack = None  # (the pack's frames are freed once _assemble has joined them: a season's rows are not
    # held twice while it is checked and scored)
    _assemble(season, tours, result_frames, extra_frames)
    if foreign:  # rating lists in <season>/ratings/ (ACF cl. 11), when gpcalc.formats provides them
        from . import formats

        if hasattr(formats, "apply_ratings"):
            formats.apply_ratings(season)
    from . import cache

    # the folder's normalised player names (identity: normalise_name once per spelling, across builds too)
    names = cache.folder_key("names", folder, circuit.name) if use_cache and cache.enabled() else ""
    earlier = cache.load(names) if names else None
    had = identity.remember(earlier)
    identity.blank_placeholder_ids(season)  # ("n/a" is no ID: before anything compares IDs)
    pairs = identity.pairs_of(season.results) if len(season.results) else None
    if pairs is not None and identity.blank_start_numbers(season, pairs):  # (nor is a start number)
        pairs = identity.pairs_of(season.results)
    _common_checks(season, pairs)
    _schema_checks(season)
    _stage(progress, "matching players across tournaments")
    typed = season.results["name"] if "name" in season.results.columns else None  # (resolve puts display names)
    identity.resolve(season, pairs)
    _resolved_duplicates(season, typed)
    table = identity.known()
    if names and write_cache and (earlier is None or len(table) > had):  # new spellings: keep them for next time
        cache.store_later(names, dict(table))
    circuit.validate(season, issues)
    return season


def _stage(progress: Any, text: str) -> None:
    """One line per stage after reading, when the progress reporter has a `stage` (the CLI's does)."""
    stage = getattr(progress, "stage", None)
    if stage is not None:
        stage(text)


@dataclass
class _SeasonFile:
    """What season.xlsx gives (the cache stores it like a tournament workbook's bundle)."""

    circuit: str
    settings: dict
    issues: list
    players: pd.DataFrame
    tables: dict
    raw_sheets: dict
    letters: dict


def _read_season_file(folder: Path, season_path: Path, digest: str, use_cache: bool, write_cache: bool) -> Season:
    """The Season with season.xlsx read (settings, register, season sheets, and the issues found there), from
    the cache when its bytes are unchanged. Raises InputError when it cannot be read at all."""
    from . import cache, circuits

    issues = Issues()
    k = cache.key(digest, SEASON_FILE, "season") if use_cache and cache.enabled() else None
    hit = cache.load(k) if k is not None else None
    if isinstance(hit, _SeasonFile):
        issues.extend(hit.issues)
        season = Season(folder, circuits.get(hit.circuit), hit.settings, tournaments=pd.DataFrame(),
                        results=pd.DataFrame(), players=hit.players, tables=hit.tables, raw_sheets=hit.raw_sheets,
                        issues=issues)
        season.letters.update(hit.letters)
        return season
    book = read_book(season_path, SEASON_FILE, issues)
    if book is None:
        raise InputError(issues)
    probe = cbase.Circuit.season_spec(_Probe())
    sheet = book.find(probe)
    if sheet is None:
        issues.error("missing-sheet", f"{SEASON_FILE} has no 'Season' sheet", file=SEASON_FILE,
                     hint="add a sheet named Season with two columns: Setting | Value")
        raise InputError(issues)
    first = read_settings(sheet, probe, SEASON_FILE, Issues())
    if not first.get("circuit"):
        read_settings(sheet, probe, SEASON_FILE, issues)  # record the real error
        raise InputError(issues)
    circuit = circuits.get(first["circuit"])
    settings = read_settings(sheet, circuit.season_spec(), SEASON_FILE, issues)
    given = settings.get("season")
    year = season_year(given) if given is not None else None  # (blank: already said)
    if year is not None and not MIN_YEAR <= year <= MAX_YEAR:
        issues.error("bad-value", f"Season: '{given}' has no year" if not year else
                     f"Season: {year} is not a season's year ({MIN_YEAR}–{MAX_YEAR})", file=SEASON_FILE,
                     sheet=sheet.name, cell=settings["_cells"].get("season", ""),
                     hint="write the season as a year (2005) or two years (2012/2013)")
    season = Season(folder, circuit, settings, pd.DataFrame(), pd.DataFrame(), pd.DataFrame(), issues=issues)
    _read_season_sheets(season, book)
    if k is not None and write_cache and sha256(season_path) == digest:  # (not saved while it was read)
        cache.store(k, _SeasonFile(circuit.name, settings, list(issues.items), season.players, season.tables,
                                   season.raw_sheets, dict(season.letters)))
    return season


@dataclass
class _Bundle:
    """What one ordinary tournament workbook contributes to the season (what the cache stores)."""

    issues: list = field(default_factory=list)
    letters: dict = field(default_factory=dict)
    tours: list = field(default_factory=list)
    results: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)


PARALLEL_FROM = 24  # workbooks to parse before worker processes pay for their start-up


def workers() -> int:
    """Processes that parse workbooks: ``GPCALC_WORKERS``, else one per core (at most 8); 1 = no workers."""
    raw = os.environ.get("GPCALC_WORKERS", "")
    if raw.strip().isdigit() and int(raw) > 0:
        return int(raw)
    return max(1, min(8, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1))


PACK_FROM = 24  # workbooks from which a season's parsed workbooks are also kept together in one pack


@dataclass
class _Pack:
    """Every parsed workbook of a season in one cache entry (one file to read and unpickle instead of one per
    workbook — a thousand small DataFrames unpickle ~4× slower than the same rows as one frame).

    `keys[j]` is the per-workbook cache key of bundle j (content, path in the folder, circuit, gpcalc's code), so a
    pack can only serve a workbook whose bytes and place are exactly those it was made from. `meta[j]` is the
    bundle without its frames; the frames of all bundles are concatenated in `results` / `extra`, bundle j owning
    rows ``rstart[j]:rstart[j + 1]`` (and ``xstart[name][j]:…``)."""

    keys: list[str]
    meta: list[_Bundle]
    results: pd.DataFrame
    rstart: list[int]
    extra: dict[str, pd.DataFrame]
    xstart: dict[str, list[int]]

    def results_of(self, first: int, last: int) -> list[pd.DataFrame]:
        a, b = self.rstart[first], self.rstart[last + 1]
        return [self.results.iloc[a:b]] if b > a else []

    def extra_of(self, name: str, first: int, last: int) -> list[pd.DataFrame]:
        a, b = self.xstart[name][first], self.xstart[name][last + 1]
        return [self.extra[name].iloc[a:b]] if b > a else []

    def frames(self, j: int) -> tuple[list[pd.DataFrame], dict[str, list[pd.DataFrame]]]:
        return self.results_of(j, j), {n: self.extra_of(n, j, j) for n in self.extra}

    @staticmethod
    def build(keys: list[str], bundles: list[tuple[_Bundle, list[pd.DataFrame], dict[str, list[pd.DataFrame]]]]
              ) -> _Pack:
        def stack(per_bundle: list[list[pd.DataFrame]]) -> tuple[pd.DataFrame, list[int]]:
            starts, n = [0], 0
            for frames in per_bundle:
                n += sum(len(f) for f in frames)
                starts.append(n)
            frames = [f for fs in per_bundle for f in fs if len(f)]
            return (pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()), starts

        results, rstart = stack([r for _, r, _ in bundles])
        names = sorted({n for _, _, x in bundles for n in x})
        extra, xstart = {}, {}
        for name in names:
            extra[name], xstart[name] = stack([x.get(name, []) for _, _, x in bundles])
        meta = [_Bundle(issues=b.issues, letters=b.letters, tours=b.tours) for b, _, _ in bundles]
        return _Pack(keys, meta, results, rstart, extra, xstart)


@dataclass
class _Read:
    items: dict[int, _Bundle | int]  # by workbook index: a bundle, or a position in `pack`
    pack: _Pack | None


def _pack_key(folder: Path, circuit: cbase.Circuit) -> str:
    from . import cache

    return cache.folder_key("pack", folder, circuit.name)


def _read_workbooks(jobs: list[tuple[int, Path, str, str]], circuit: cbase.Circuit, folder: Path, use_cache: bool,
                    write_cache: bool, progress: Callable[[int, int, str], None] | None, total: int) -> _Read:
    """Every ordinary workbook, by index: from the season's pack, from its own cache entry, or parsed — in
    worker processes when there are many (parsing is pure Python per cell, so two cores read ~1.8× faster).
    Results are keyed by index, so issues keep the folder's order however the work was shared out.

    The pack is (re)written when a build finds many workbooks outside it; a few new or edited workbooks get
    their own entries instead, so a re-build after one new workbook writes one small file, not the season."""
    from . import cache

    caching = use_cache and cache.enabled()
    keys = {i: cache.key(digest, label, circuit.name) for i, _, label, digest in jobs} if caching else {}
    pack = cache.load(_pack_key(folder, circuit)) if caching and len(jobs) >= PACK_FROM else None
    pack = pack if isinstance(pack, _Pack) else None
    at = {k: j for j, k in enumerate(pack.keys)} if pack else {}
    items: dict[int, _Bundle | int] = {}
    todo = []
    done = total - len(jobs)
    for i, path, label, _ in jobs:
        k = keys.get(i)
        hit: Any = at.get(k) if k is not None else None
        if hit is None and k is not None:
            hit = cache.load(k)
            hit = hit if isinstance(hit, _Bundle) else None  # (a position means something only in the pack)
        if isinstance(hit, _Bundle | int):
            items[i] = hit
            done += 1
            if progress:
                progress(done, total, label)
        else:
            todo.append((i, path, label, k))
    outside = sum(1 for i in items if not isinstance(items[i], int)) + len(todo)
    repack = write_cache and caching and len(jobs) >= PACK_FROM and (
        pack is None or outside > max(32, len(jobs) // 10))
    store = write_cache and not repack  # a workbook going into a new pack needs no entry of its own
    digest = {i: d for i, _, _, d in jobs}
    changed = False  # a workbook whose bytes changed between hashing and parsing (saved during the build)
    n = min(workers(), len(todo))
    if n > 1 and len(todo) >= PARALLEL_FROM:
        import gc
        import multiprocessing as mp
        import pickle

        method = "fork" if "fork" in mp.get_all_start_methods() else None
        with mp.get_context(method).Pool(n) as pool:
            args = [(path, label, circuit.name, k if store else None, digest[i]) for i, path, label, k in todo]
            collecting = gc.isenabled()
            gc.disable()  # (the bundles make many objects, none of them garbage: no collections meanwhile)
            try:
                for (i, _, label, _), blob in zip(todo, pool.imap(_parse_job, args, chunksize=4)):
                    bundle, same = pickle.loads(blob)  # noqa: S301 - made by this build's own worker process
                    items[i] = bundle
                    changed |= not same
                    done += 1
                    if progress:
                        progress(done, total, label)
            finally:
                if collecting:
                    gc.enable()
    else:
        for i, path, label, k in todo:
            items[i], same = _parse_workbook(path, label, circuit, k if store else None, digest[i])
            changed |= not same
            done += 1
            if progress:
                progress(done, total, label)
    if repack and not changed:  # (a workbook saved while it was read: no pack this time, the next build makes it)
        order = [i for i, *_ in jobs]
        parts = []
        for i in order:
            item = items[i]
            if isinstance(item, int):
                parts.append((pack.meta[item], *pack.frames(item)))
            else:
                parts.append((item, item.results, item.extra))
        pack = _Pack.build([keys[i] for i in order], parts)
        cache.store_later(_pack_key(folder, circuit), pack)
        items = {i: j for j, i in enumerate(order)}  # this build, too, takes its rows from the new pack's frames
    return _Read(items, pack)


def _parse_job(args: tuple[Path, str, str, str | None, str | None]) -> bytes:
    """A worker's job: the (bundle, same) of :func:`_parse_workbook`, pickled here. The main process unpickles it
    in its own loop: left to the pool's result thread, unpickling ~1,000 bundles while the workers run cost the
    main process ~3× the CPU (the two threads contending for the interpreter) — ~0.45 s of a 1,000 × 300 read."""
    import pickle

    from . import circuits

    path, label, circuit_name, store_key, digest = args
    return pickle.dumps(_parse_workbook(path, label, circuits.get(circuit_name), store_key, digest),
                        protocol=pickle.HIGHEST_PROTOCOL)


def _parse_workbook(path: Path, label: str, circuit: cbase.Circuit, store_key: str | None,
                    digest: str | None = None) -> tuple[_Bundle, bool]:
    """Read one ordinary tournament workbook into a bundle; stored in the cache under `store_key` if given.
    Also returns whether the file still has the bytes `digest` was taken of (always True without a digest): a
    workbook saved between hashing and parsing is not stored under the old bytes' key."""
    from types import SimpleNamespace

    from . import cache

    bundle = _Bundle(extra={s.name: [] for s in circuit.tournament_sheets})
    local = Issues()
    proxy = SimpleNamespace(circuit=circuit, issues=local, letters=bundle.letters)
    tbook = read_book(path, label, local)
    if tbook is not None:
        _read_tournament(proxy, tbook, bundle.tours, bundle.results, bundle.extra)
    bundle.issues = list(local.items)
    same = digest is None or sha256(path) == digest
    if store_key is not None and same:
        cache.store(store_key, bundle)
    return bundle, same


class _Probe(cbase.Circuit):
    def compute(self, season):  # pragma: no cover - never called
        return None


def _read_season_sheets(season: Season, book: RawBook) -> None:
    circuit = season.circuit
    reg_spec = circuit.register_spec()
    sheet = book.find(reg_spec)
    if sheet is not None:
        table = read_table(sheet, reg_spec, SEASON_FILE, season.issues)
        frame = table.frame
        frame["file"], frame["sheet"] = SEASON_FILE, sheet.name
        season.letters[(SEASON_FILE, sheet.name)] = table.letters
        season.players = expand(frame, reg_spec.fields)
    else:
        season.players = expand(pd.DataFrame(columns=["row", *[f.key for f in reg_spec.fields], "file", "sheet"]),
                                reg_spec.fields)
    for spec in circuit.season_sheets:
        sheet = book.find(spec)
        if sheet is None:
            if spec.required:
                season.issues.error("missing-sheet", f"{SEASON_FILE} has no '{spec.name}' sheet",
                                    file=SEASON_FILE, hint=spec.help or f"add a sheet named {spec.name}")
            continue
        if not spec.fields:
            season.raw_sheets[spec.name] = sheet
            continue
        table = read_table(sheet, spec, SEASON_FILE, season.issues)
        frame = table.frame
        frame["file"], frame["sheet"] = SEASON_FILE, sheet.name
        season.letters[(SEASON_FILE, sheet.name)] = table.letters
        season.tables[spec.name] = expand(frame, spec.fields)


def _renamed_results(book: RawBook, rspec, place_key: str, skip: set[str]) -> tuple[str, list[str]] | None:
    """A sheet that is the template's Results sheet under another name ("Hoja1", "Results 2026"): its header
    names Name and the place column, and two or more Results columns an export does not have (League, Withdrew,
    State, Section …) or five or more Results columns by their template names — more of them than columns only a
    ranking export has (Rk., SNo, Rtg, Pts., TB1 …). Returns (sheet, the Results columns named) or None. (A
    chess-results export with a Tournament sheet copied in — and maybe a State or Junior column added, or a sheet
    of entries beside it — is read as an export, as before.)"""
    from .formats.chessresults import knows_header

    lookup = {n: f for f in rspec.fields for n in f.names()}
    for name, sh in book.sheets.items():
        if name in skip or not sh.rows:
            continue
        head = [v for v in sh.rows[find_header(sh.rows, rspec.fields)] if header_key(v)]
        named = [(v, lookup[header_key(v)]) for v in head if header_key(v) in lookup]
        keys = {f.key for _, f in named}
        if "name" not in keys or place_key not in keys:
            continue  # (not a results table: a sheet of entries, notes …)
        own = [v for v, _ in named if not knows_header(v)]
        template = [v for v, f in named if header_key(v) == header_key(f.name)]
        # an export's own columns (SNo, Rtg, Pts., TB1 …) against the template's: the more of them decides — an
        # organiser adds a Rating or TB1 column to the template, or a State column to an export
        export_only = [v for v in head if knows_header(v) and header_key(v) not in lookup]
        if (len(own) >= 2 or len(template) >= 5) and max(len(own), len(template)) > len(export_only):
            return name, [clean_text(v) for v, _ in named]
    return None


def _export_columns_not_read(book: RawBook, rspec, circuit_name: str, issues: Issues) -> None:
    """A ranking export is read by its own columns (Rk., Name, Rtg, Pts. …): a Results column an organiser added
    to it (State, Junior, League, Withdrew …) is not read — said at its header, not dropped without a word."""
    from .formats.chessresults import find_header as export_header
    from .formats.chessresults import knows_header
    from .issues import col_letter

    lookup = {n: f for f in rspec.fields for n in f.names()}
    for name, sh in book.sheets.items():
        i = export_header(sh.rows) if sh.rows else None
        if i is None:
            continue
        for j, v in enumerate(sh.rows[i]):
            f = lookup.get(header_key(v))
            if f is not None and not knows_header(v):
                issues.warning("column-not-read", f"the column '{clean_text(v)}' is not read: a ranking export is "
                               "read by its own columns (place, name, rating, points …)", file=book.label,
                               sheet=name, cell=f"{col_letter(j)}{i + 1}",
                               hint=f"give the players' {f.name} in the season's Players register, or enter the "
                                    f"results in the organiser template (gpcalc template {circuit_name})")
        return  # (the export reader's sheet: the first with a ranking header)


def _read_tournament(season: Season, book: RawBook, tours: list, result_frames: list, extra: dict) -> None:
    circuit, issues = season.circuit, season.issues
    tspec, rspec = circuit.tournament_spec(), circuit.results_spec()
    tsheet, rsheet = book.find(tspec), book.find(rspec)
    if tsheet is None and rsheet is None and {"summary", "ledger", "issues"} <= {n.casefold() for n in book.sheets}:
        # gpcalc's own output (an old standings workbook kept in old/ or a copied output/ folder): one clear error,
        # not "an export without a Tournament sheet" and "not a tournament workbook" beside each other
        issues.error("standings-workbook", "this is a standings workbook written by gpcalc (sheets Summary, "
                     "Ledger, Issues …), not a tournament workbook", file=book.label,
                     hint=f"move it out of the season folder (builds write to {OUTPUT_DIR}/ in the season folder, "
                          "which is never read)")
        return
    if rsheet is None and tsheet is not None and not getattr(book, "foreign", False):
        renamed = _renamed_results(book, rspec, circuit.place_column, skip={tsheet.name, *(
            sh.name for sh in (book.find(spec) for spec in circuit.tournament_sheets) if sh is not None)})
        if renamed is not None:
            # a template whose Results sheet was renamed: not a ranking export to read with half its columns
            sheet, columns = renamed
            issues.error("missing-sheet", f"the workbook has no '{rspec.name}' sheet; the sheet '{sheet}' has its "
                         f"columns ({', '.join(columns)})", file=book.label, sheet=sheet,
                         hint=f"rename the sheet '{sheet}' to {rspec.name}")
            return
    if rsheet is None and not getattr(book, "foreign", False):
        from . import formats

        fallback = getattr(formats, "export_fallback", None)
        said = len(issues.items)
        converted = fallback(book, issues, circuit) if fallback else None
        if converted is None and any(i.severity == "error" and i.file == book.label for i in issues.items[said:]):
            return  # an export that cannot be read, and its reader said why (no second error about its sheets)
        if converted is not None:
            _export_columns_not_read(book, rspec, circuit.name, issues)
            converted.foreign = True  # type: ignore[attr-defined]
            _read_tournament(season, converted, tours, result_frames, extra)
            return
    if tsheet is None and rsheet is None:
        names = ", ".join(book.sheets) or "none"
        issues.error("not-a-tournament", f"this workbook is not a tournament workbook (its sheets: {names})",
                     file=book.label, hint=f"a tournament workbook has the sheets Tournament and Results; "
                     f"start from: gpcalc template {circuit.name} — or move this file out of the season folder")
        return
    for spec, sh in ((tspec, tsheet), (rspec, rsheet)):
        if sh is None:
            issues.error("missing-sheet", f"the workbook has no '{spec.name}' sheet", file=book.label,
                         hint=f"add the {spec.name} sheet from the template (gpcalc template {circuit.name})")
    if tsheet is None or rsheet is None:
        return
    if _is_blank_template(tsheet, rsheet):
        issues.info("blank-template", "a blank tournament template (no name, no results): not counted",
                    file=book.label, hint="fill it in, or move it out of the season folder")
        return
    for sh in book.sheets.values():
        if sh.hidden and sh.name in (tsheet.name, rsheet.name):
            issues.warning("hidden-sheet", f"the sheet '{sh.name}' is hidden; it was read anyway",
                           file=book.label, sheet=sh.name, hint="unhide it so others can see what was counted")
    # a copy of the Results sheet ("Results U1600", "Results (2)", "Resultados 2") is never read: said, not skipped
    results_names = rspec.names()
    for name, sh in book.sheets.items():
        key = header_key(name)
        if sh is not rsheet and key not in results_names and any(key.startswith(n) for n in results_names) and \
                sum(1 for r in sh.rows if row_filled(r)) > 1:
            issues.warning("another-results-sheet", f"the sheet '{name}' looks like a second Results sheet; gpcalc "
                           f"reads only '{rsheet.name}', so its players are not counted", file=book.label,
                           sheet=name, hint=f"put every player on the one '{rsheet.name}' sheet (a Section or Group "
                           "column tells them apart), or delete the extra sheet")
    before = len(issues.errors)
    # (the settings' own problems are said only once the workbook is known to be of this circuit: another
    # circuit's workbook lacks this one's settings, and one message about the circuit is the fix)
    said = Issues(places=issues.places)  # (placed as the book's own issues are: a sidecar's cell is the sidecar's)
    settings = read_settings(tsheet, tspec, book.label, said)
    declared = clean_text(settings.get("circuit")).casefold()
    if declared and declared != circuit.name and declared not in circuits.NAMES:  # (a typo or a made-up name)
        issues.error("unknown-circuit", f"'{clean_text(settings.get('circuit'))}' is not a circuit gpcalc knows "
                     f"(it knows {', '.join(circuits.NAMES)}); this season is '{circuit.name}'", file=book.label,
                     sheet=tsheet.name, cell=settings["_cells"].get("circuit", ""),
                     hint=f"write {circuit.name}, or refill the workbook from: gpcalc template {circuit.name}")
        return
    if declared and declared != circuit.name:
        issues.error("wrong-circuit", f"this workbook is for the '{declared}' circuit, but the season is "
                     f"'{circuit.name}'", file=book.label, sheet=tsheet.name,
                     cell=settings["_cells"].get("circuit", ""),
                     hint=f"move it to {'an' if declared[:1] in 'aeiou' else 'a'} {declared} season folder, or "
                          f"refill it from: gpcalc template {circuit.name}")
        return
    issues.extend(said)
    label = settings.get("name") or Path(book.label).stem
    table = read_table(rsheet, rspec, book.label, issues,
                       const={"tournament": label, "file": book.label, "sheet": rsheet.name})
    # a Results sheet without a Sex, Born or State/League/Club column: rankings and prizes are decided by them, so
    # their absence is said (the register may still give them per player)
    keys = {f.key for f in rspec.fields}
    for key, name, decides in (("sex", "Sex", "the women's and girls' rankings"),
                               ("born", "Born", "the junior, youth and age-group rankings"),
                               ("state", "State", "the State prizes (ACF cl. 8(g))"),
                               ("league", "League", "the ligas (Art. 5 d) and the closed-tournament visitors "
                                                    "(Art. 2 q)"),
                               ("club", "Club", "the club standings (§1 stk. 7)")):
        if key in ("state", "league", "club") and book.foreign:
            continue  # (an export or a TRF has no such column to add: the register gives them, see README)
        if book.foreign and key in keys and len(table.frame) and key in table.frame and \
                table.frame[key].isna().all():  # (a TRF or an export that gives no player's sex or birth date)
            what = {"born": "birth date"}.get(key, name.lower())
            issues.warning("no-column", f"the file gives no player's {what}: {decides} count its players only "
                           f"where the Players register gives their {what}", file=book.label,
                           hint=f"fill in {name} in season.xlsx's Players register, or export the file again "
                           "with it")
        elif key in keys and key not in table.letters and key not in table.meant and len(table.frame):
            issues.warning("no-column", f"the Results sheet has no {name} column: {decides} count its players "
                           f"only where the Players register gives their {name.lower()}", file=book.label,
                           sheet=rsheet.name, hint=f"add a column headed '{name}' and fill it in")
    settings["tournament"] = label
    settings["file"] = book.label
    settings["sheet"] = tsheet.name
    settings["read_ok"] = len(issues.errors) == before
    settings["cells"] = settings.pop("_cells")
    tours.append(settings)
    frame = table.frame
    season.letters[(book.label, rsheet.name)] = table.letters
    season.letters[(book.label, tsheet.name)] = {k: v[0] for k, v in settings["cells"].items()}
    result_frames.append(frame)
    for spec in circuit.tournament_sheets:
        sh = book.find(spec)
        if sh is None:
            if spec.required:
                issues.error("missing-sheet", f"the workbook has no '{spec.name}' sheet", file=book.label,
                             hint=spec.help or f"add the {spec.name} sheet from the template")
            continue
        t = read_table(sh, spec, book.label, issues, const={"tournament": label, "file": book.label,
                                                            "sheet": sh.name})
        season.letters[(book.label, sh.name)] = t.letters
        extra[spec.name].append(t.frame)


def _is_blank_template(tsheet: RawSheet, rsheet: RawSheet) -> bool:
    values = [clean_text(r[1]) for r in tsheet.rows[1:] if len(r) > 1
              and header_key(r[0]) not in ("circuit", "circuito", "kredsløb")]
    return not any(values) and not any(row_filled(r) for r in rsheet.rows[1:])


def _assemble(season: Season, tours: list, result_frames: list, extra: dict) -> None:
    circuit = season.circuit
    tcols = ["tournament", "file", "sheet", *[f.key for f in circuit.tournament_spec().fields], "cells", "read_ok"]
    tdf = pd.DataFrame(tours, columns=tcols) if tours else pd.DataFrame(columns=tcols)
    rkeys = [f.key for f in circuit.results_spec().fields]
    rcols = ["tournament", "file", "sheet", "row", *rkeys]
    rdf = pd.concat(result_frames, ignore_index=True) if result_frames else pd.DataFrame(columns=rcols)
    result_frames.clear()  # (views of the pack or of the bundles: let them go, rdf is the rows now)
    # Same tournament name twice: label the later ones (by date, then folder order) by file so they stay apart
    # (and say so); on the same date it is one tournament twice — an error
    date_col = next((c for c in ("start", "date") if c in tdf.columns), None)  # (Aarhus: Date; the others: Start)
    if not tdf.empty:
        dup = tdf.duplicated("tournament", keep=False)
        if dup.any():
            when = pd.to_datetime(tdf[date_col], errors="coerce") if date_col else pd.Series(pd.NaT, index=tdf.index)
            by_date = tdf.assign(_when=when, _at=range(len(tdf))).sort_values(
                ["_when", "_at"], na_position="last", kind="stable")
            plain = set(by_date.drop_duplicates("tournament")["_at"])  # the earliest of each name keeps it
            for t, grp in by_date[by_date.duplicated("tournament", keep=False)].groupby("tournament", sort=False):
                first = grp.iloc[0]
                for _, row in grp.iloc[1:].iterrows():
                    same_dates = date_col is not None and row.get(date_col) == first.get(date_col)
                    sev = season.issues.error if same_dates else season.issues.warning
                    sev("duplicate-tournament",
                        f"the tournament '{t}' is also in {first['file']}"
                        + (" with the same dates: it would count twice" if same_dates else ""),
                        file=row["file"], sheet=row["sheet"], cell=row["cells"].get("name", ""),
                        hint="remove one of the two workbooks" if same_dates
                        else "give the tournaments different names")
            keeps = pd.Series([i in plain for i in range(len(tdf))], index=tdf.index)
            newlabel = tdf["tournament"].where(keeps, tdf["tournament"] + " (" + tdf["file"] + ")")
            mapping = dict(zip(zip(tdf["file"], tdf["tournament"]), newlabel))
            rdf["tournament"] = [mapping.get((f, t), t) for f, t in zip(rdf["file"], rdf["tournament"])]
            for frames in extra.values():
                for f in frames:
                    if len(f):  # (an empty list would make an empty sheet's column float)
                        f["tournament"] = [mapping.get((a, b), b) for a, b in zip(f["file"], f["tournament"])]
            tdf["tournament"] = newlabel
        sort_cols = [c for c in ("start", "date") if c in tdf.columns]
        tdf["_sort"] = pd.to_datetime(tdf[sort_cols[0]], errors="coerce") if sort_cols else pd.NaT
        tdf = tdf.sort_values(["_sort", "tournament", "file"], na_position="last", kind="stable")
        tdf = tdf.drop(columns="_sort").reset_index(drop=True)
        tdf["order"] = range(len(tdf))
        order = dict(zip(tdf["tournament"], tdf["order"]))
        # Series.map and sort_values(["_order", "file", "row"], kind="stable"), worked on integer codes: each
        # distinct tournament is mapped once; each key ranked as sort_values ranks it (sorted values, NaN last)
        codes, _ = factorize_runs(rdf["tournament"].to_numpy(), use_na_sentinel=False)
        mapped = rdf["tournament"].iloc[np.unique(codes, return_index=True)[1]].map(order).array
        rdf["_order"] = pd.Series(mapped.take(codes), index=rdf.index)

        def rank(col: pd.Series) -> np.ndarray:
            c, uniq = pd.factorize(col.to_numpy(), sort=True)
            return np.where(c < 0, len(uniq), c)

        perm = np.lexsort([rank(rdf[c]) for c in ("row", "file", "_order")])
        rdf = rdf.take(perm).reset_index(drop=True)
    if "order" not in tdf.columns:  # no tournaments: the same columns, empty
        tdf["order"] = pd.Series(dtype="int64")
    if "_order" not in rdf.columns:
        rdf["_order"] = pd.Series(dtype="int64")
    season.tournaments = tdf
    season.results = expand(rdf, circuit.results_spec().fields)
    for name, frames in extra.items():
        cols = ["tournament", "file", "sheet", "row", *[f.key for s in circuit.tournament_sheets
                                                        if s.name == name for f in s.fields]]
        table = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame(columns=cols)
        spec = next(s for s in circuit.tournament_sheets if s.name == name)
        season.tables[name] = expand(table, spec.fields)


def expand(frame: pd.DataFrame, fields) -> pd.DataFrame:
    """Split compound values: a place into `place` (int) and `place_tied`; a birth into `born_year` and
    `born_date` (the date, or NaT for a bare year)."""
    for f in fields:
        if f.key not in frame.columns or f.kind not in ("place", "born"):
            continue
        # each distinct (value, flag) pair is split once, then taken for every row (code -1, a blank, takes the
        # extra last slot)
        codes, uniques = pd.factorize(frame[f.key].to_numpy(dtype=object))
        pairs = [v if isinstance(v, tuple) else (None, None) for v in uniques] + [(None, None)]
        firsts = np.array([p[0] for p in pairs], dtype=object)
        seconds = [p[1] for p in pairs]
        at = np.where(codes < 0, len(pairs) - 1, codes)
        ints = pd.array(firsts, dtype="Int64").take(at)  # converted once per distinct value
        if f.kind == "place":
            frame[f.key] = ints
            frame[f.key + "_tied"] = np.array([bool(x) for x in seconds], dtype=bool)[codes]
        else:
            frame[f.key + "_year"] = ints
            frame[f.key + "_date"] = pd.to_datetime(seconds).take(codes)
            frame = frame.drop(columns=f.key)
    return frame


def _common_checks(season: Season, pairs: tuple | None = None) -> None:
    """Checks every circuit shares: places in order, a player twice, birth years (dates: the circuits).
    `pairs`: identity.pairs_of the results, when the caller has it."""
    r, issues = season.results, season.issues
    today = dt.date.today()
    # (the register's births too: the register wins over the rows, so an impossible year there would be used)
    for frame in (season.players, r):
        if "born_year" not in frame.columns or frame.empty:
            continue
        years = frame["born_year"]
        bad = (years.notna() & ((years > today.year) | (years < today.year - 120))).fillna(False)
        for row in flagged_rows(frame, bad):
            issues.error("bad-born", f"Born: {row.born_year} is not a possible birth year",
                         hint="write the birth date or year of the player", **season.where(row, "born"))
    if r.empty:
        return
    pc = season.circuit.place_column
    if pc in r.columns:
        _place_checks(season, r, pc)
    # The same player twice in one tournament (same ID, or same name where no ID)
    # (the key is built once per distinct (name, ID) pair; rows are compared on integer codes)
    pair, u = pairs if pairs is not None else identity.pairs_of(r)
    key = u["id"].where(u["id"].notna(), "name:" + identity._norms(u["name"].astype("object")).fillna(""))
    kc = pd.factorize(key.to_numpy(), use_na_sentinel=False)[0]
    tc = season.scratch.get("tournament_codes")  # (identity.blank_start_numbers made them, the rows the same)
    if tc is None or len(tc) != len(r):
        tc = factorize_runs(r["tournament"].to_numpy(), use_na_sentinel=False)[0].astype(np.int64)
        season.scratch["tournament_codes"] = tc  # (again in _resolved_duplicates: the rows are the same)
    both = tc * max(len(u), 1) + kc[pair]
    dup = pd.Series(both, index=r.index).duplicated(keep="first").to_numpy() & r["name"].notna().to_numpy()
    # (a row without an ID that takes the ID of another row of its tournament — the one its name has: found by
    # _resolved_duplicates, once identity has given every row its player)
    for row in flagged_rows(r, dup):
        issues.error("duplicate-player", f"{row.name} appears twice in this tournament", hint=DUPLICATE_HINT,
                     **season.where(row, "name"))


DUPLICATE_HINT = ("delete the repeated row (a player has one result per tournament); if they are two players of the "
                  "same name, give the one without an ID an ID of its own (any text no one else has, e.g. NEW-1)")


def _resolved_duplicates(season: Season, typed: pd.Series | None = None) -> None:
    """A player twice in one tournament as identity resolved them: a row without an ID takes the ID its name has
    (in the register or elsewhere) — 'George Anderson' beside 'Anderson, Geoff' with his ID. Said at the later
    row, naming both rows as typed (`typed`: the names before identity put in display names) and the earlier
    row's cell. (The rows _common_checks found are said once: the first error per cell.)"""
    r = season.results
    if r.empty or "player" not in r.columns:
        return
    tc = season.scratch.get("tournament_codes")
    if tc is None or len(tc) != len(r):
        tc = factorize_runs(r["tournament"].to_numpy(), use_na_sentinel=False)[0].astype(np.int64)
    pc = season.scratch.get("player_codes")
    if pc is None or len(pc) != len(r):
        pc = pd.factorize(r["player"].to_numpy(), use_na_sentinel=False)[0]
    key = tc * (int(np.max(pc)) + 1) + np.asarray(pc, dtype=np.int64)
    dup = (pd.Series(key).duplicated(keep="first").to_numpy()
           & r["player"].notna().to_numpy() & r["name"].notna().to_numpy())
    if not dup.any():
        return
    names = typed if typed is not None and len(typed) == len(r) else r["name"]
    uniq, first = np.unique(key, return_index=True)
    for at in np.flatnonzero(dup).tolist():
        before = int(first[np.searchsorted(uniq, key[at])])
        row, earlier = r.iloc[at], r.iloc[before]
        mine, theirs = names.iloc[at], names.iloc[before]
        where_before = season.where(earlier, "name")["cell"]
        text = (f"{mine} appears twice in this tournament (also at {where_before})" if mine == theirs else
                f"{mine} is the same player as {theirs} at {where_before} (the ID, or the one ID the name has): "
                "twice in this tournament")
        season.issues.error("duplicate-player", text, hint=DUPLICATE_HINT, **season.where(row, "name"))


def _schema_checks(season: Season) -> None:
    """The pandera schema, once over all rows: field ranges and the circuit's row checks."""
    from .schemas import validate

    c = season.circuit
    validate(season.results, c.results_spec().fields, c.result_checks, season.issues, season.where)
    if len(season.players):
        validate(season.players, c.register_spec().fields, (), season.issues, season.where)
    t = season.tournaments
    if not t.empty:
        def where(row, key):
            return {"file": row["file"], "sheet": row["sheet"], "cell": row["cells"].get(key, "")}

        validate(t, c.tournament_spec().fields, c.tournament_checks, season.issues, where)
    for spec in c.tournament_sheets:  # the tournaments' other sheets (Sections, Groups …): their fields' ranges
        table = season.tables.get(spec.name)
        if table is not None and len(table):
            validate(table, spec.fields, (), season.issues, season.where)


def _place_checks(season: Season, r: pd.DataFrame, pc: str) -> None:
    """Places run 1, 2, 3 … within each tournament (and section/group), best first; a shared place is followed
    by the place after the tied players (=2, =2, 4). Vectorised: only offending rows are visited."""
    issues = season.issues
    shared = season.circuit.shared_places
    group = ["tournament"] + [c for c in ("section", "group") if c in r.columns]
    # the group (blank = "") as one integer code
    code = np.zeros(len(r), dtype=np.int64)
    for c in group:
        values = r[c] if c == "tournament" else season.circuit.place_key(c, r[c])
        cc, uniq = (factorize_runs if c == "tournament" else pd.factorize)(values.to_numpy())
        cc[np.isin(cc, [i for i, v in enumerate(uniq) if isinstance(v, str) and v == ""])] = -1
        code = pd.factorize(code * (len(uniq) + 1) + cc + 1)[0].astype(np.int64)
    frame = pd.DataFrame({"_g": code}, index=r.index).assign(_p=r[pc], _t=r[pc + "_tied"])
    # the players above each row, a row whose place is blank or unreadable included (that cell has its own
    # error: the places below it are not "missing" for want of it)
    above = frame.groupby("_g", sort=False).cumcount()
    unplaced = season.circuit.unplaced(season, r)  # (a mistyped section or group: its own error, in validate)
    spoiled = r["tournament"].isin(r.loc[unplaced, "tournament"]).to_numpy() if unplaced.any() else unplaced
    frame = frame[frame["_p"].notna().to_numpy() & ~unplaced]
    if frame.empty:
        return
    frame["_p"] = frame["_p"].astype("int64")
    g = frame.groupby("_g", sort=False)
    count = above[frame.index]
    prev = g["_p"].cummax().groupby(frame["_g"], sort=False).shift(fill_value=0)
    same = frame["_p"].eq(prev)
    if shared:
        # A place written twice is a tie even without the = mark (every tied row is flagged as shared).
        dup = frame.duplicated(["_g", "_p"], keep=False)
        r.loc[dup[dup].index, pc + "_tied"] = True
    else:
        for idx in frame.index[frame["_t"]]:
            row = r.loc[idx]
            issues.error("tied-place", f"{season.circuit.title}: places are after the official tiebreak, so "
                         f"place ={row[pc]} cannot be shared",
                         hint="write the place each player got after the tiebreak (1, 2, 3 …)",
                         **season.where(row, pc))
    backwards = frame["_p"] < prev
    # (in a group whose rows are out of order, "missing" and "repeated" would be read off the wrong order: only
    # the order is reported there — once the rows are sorted, the next build says whatever is still wrong)
    unsorted = frame["_g"].isin(frame.loc[backwards, "_g"])
    repeated = (same & ~frame["_t"] if not shared else same & False) & ~unsorted
    # A gap is said where it opens: the rows below it, off by the same number of places, are not each a new
    # mistake (a section numbered on from the one before — 11, 12, 13 … — is one message, not one per row)
    new = frame["_p"] > prev
    off = (frame["_p"] - (count + 1)).where(new)  # places missing (or, below 0, too many) above this row
    off_before = off[new].groupby(frame.loc[new, "_g"], sort=False).shift(fill_value=0).reindex(frame.index)
    skipped = new & off.ne(0) & off.ne(off_before) & ~unsorted
    if spoiled.any():  # the row that would fill the gap is in a section or group that does not exist
        skipped &= ~pd.Series(spoiled, index=r.index)[frame.index]
    # rows out of order: said at the first of each section or group, with how many more there are
    back_count = backwards.groupby(frame["_g"], sort=False).cumsum()
    first_back = backwards & back_count.eq(1)
    more = back_count.groupby(frame["_g"], sort=False).transform("max") - 1
    for idx in frame.index[first_back]:
        k = int(more[idx])
        issues.error("place-order", f"place {frame.at[idx, '_p']} comes after place {prev[idx]}: places go "
                     "backwards" + (f" (and {k} more time{'s' * (k != 1)} below)" if k else ""),
                     hint="sort the rows by place, best first", **season.where(r.loc[idx], pc))
    for idx in frame.index[repeated & ~backwards]:
        issues.error("place-repeated", f"place {frame.at[idx, '_p']} is given twice",
                     hint="write the place each player got after the tiebreak (1, 2, 3 …)",
                     **season.where(r.loc[idx], pc))
    parts = group[1:]  # (section, group: named in a gap at a section's top)
    for idx in frame.index[skipped & ~backwards]:
        p, n = int(frame.at[idx, "_p"]), int(count[idx])
        first = n + 1 + int(off_before[idx])  # the place this row would have, the gaps above it kept
        text = (f"places {first}–{p - 1} are missing" if p - 1 > first else f"place {first} is missing"
                if p - 1 == first else f"place {p} is too low for its position")
        part = next((c for c in parts if isinstance(r.at[idx, c], str) and r.at[idx, c].strip()), None)
        if n == 0 and part is not None:
            text += f" (each {part}'s places start at 1)"
        issues.error("place-skipped", f"place {p} follows {n} player{'s' * (n != 1)}: " + text,
                     hint=f"number the places 1, 2, 3 …; players sharing a place all get it (={n + 1}) and the "
                          "next player's place counts everyone above", **season.where(r.loc[idx], pc))
