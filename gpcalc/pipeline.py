"""The one-way pipeline: season folder → Season → Outcome → workbook (+ JSON), written atomically."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import release_freed_memory
from .circuits.base import Outcome
from .issues import Issues, OutputError
from .season import OUTPUT_DIR, Season, load_season

DEFAULT_OUTPUT = "standings.xlsx"


@dataclass
class BuildResult:
    season: Season
    outcome: Outcome | None
    written: list[Path] = field(default_factory=list)

    @property
    def issues(self) -> Issues:
        return self.season.issues


def compute(folder: Path | str, progress: Callable[[int, int, str], None] | None = None,
            use_cache: bool = True, write_cache: bool = False) -> BuildResult:
    """Load and score a season; no output is written. `outcome` is None when the input has errors.
    Parsed workbooks may be read from (and, with `write_cache`, stored in) gpcalc.cache."""
    season = load_season(folder, progress, use_cache=use_cache, write_cache=write_cache)
    if season.issues.has_errors():
        return BuildResult(season, None)
    if getattr(progress, "stage", None):
        progress.stage(f"scoring ({season.circuit.title})")
    outcome = season.circuit.compute(season)
    if season.issues.has_errors():
        return BuildResult(season, None)
    return BuildResult(season, outcome)


def _test_pause() -> None:
    """Tests only: GPCALC_TEST_SLOW_WRITE=SECONDS holds the build after each temporary file is written and
    before anything is renamed, so a test can kill it mid-write (tests/test_bad_input.py)."""
    delay = os.environ.get("GPCALC_TEST_SLOW_WRITE")
    if delay:
        import time

        time.sleep(float(delay))


def _file_mode(target: Path) -> int:
    """The mode the output keeps (when it exists) or a new file gets under the user's umask."""
    try:
        return target.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def default_output(folder: Path | str) -> Path:
    return Path(folder) / OUTPUT_DIR / DEFAULT_OUTPUT


def build(folder: Path | str, out: Path | str | None = None, json_out: Path | str | None = None,
          progress: Callable[[int, int, str], None] | None = None,
          stage: Callable[[str], None] | None = None, use_cache: bool = True) -> BuildResult:
    """Compute, then write the workbook (and JSON) only if there are no errors — atomically: each file is
    written to a temporary name beside its target and renamed, so a failed or killed build leaves the
    previous output as it was."""

    from . import cache

    try:
        return _build(folder, out, json_out, progress, stage, use_cache)
    finally:
        cache.wait()  # a season pack being written in the background (gpcalc.cache.store_later)
        if use_cache and cache.enabled():
            cache.trim()  # least recently used entries beyond GPCALC_CACHE_MB (2 GB)


def _write_workbook(path: Path, folder, season: Season, outcome: Outcome, issues, use_cache: bool) -> None:
    """The workbook, reusing the compressed table rows of the folder's last build (gpcalc.cache; the rows'
    content is their key, so a changed row is never reused) and caching this build's for the next."""
    from . import cache
    from .report.sheetxml import RowStore
    from .report.xlsx import write_workbook

    caching = use_cache and cache.enabled()
    key = cache.folder_key("rows", folder, season.circuit.name) if caching else ""
    previous = cache.load(key) if caching else None
    write_workbook(path, season, outcome, issues, RowStore(previous if isinstance(previous, dict) else None),
                   rows_done=(lambda rows: cache.store_later(key, rows.used)) if caching else None)


def _build(folder, out, json_out, progress, stage, use_cache) -> BuildResult:
    from .report.json import build_json

    result = compute(folder, progress, use_cache=use_cache, write_cache=use_cache)
    if result.outcome is None:
        return result
    season, outcome = result.season, result.outcome
    release_freed_memory()  # (scoring's freed blocks: writing would hold them on top of its own)
    issues = season.issues.sorted()
    out_path = Path(out) if out else default_output(folder)
    targets: list[tuple[Path, Callable[[Path], None]]] = []
    if stage:
        stage("writing the standings workbook")
    targets.append((out_path, lambda p: _write_workbook(p, folder, season, outcome, issues, use_cache)))
    if json_out:
        data = build_json(season, outcome, issues)

        def write_json(p: Path) -> None:
            with open(p, "w", encoding="utf-8") as fh:
                # strict JSON (no NaN/Infinity tokens, which other parsers reject): build_json made every value safe
                json.dump(data, fh, ensure_ascii=False, indent=1, sort_keys=False, allow_nan=False)
                fh.write("\n")

        targets.append((Path(json_out), write_json))
    _check_targets(Path(folder), season, [t for t, _ in targets])
    temps: list[tuple[Path, Path]] = []
    made: list[Path] = []  # folders this build created (removed again if it fails)
    target = out_path
    try:
        for target, writer in targets:
            made += _make_parents(target.parent)
            fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
            os.close(fd)
            temps.append((Path(tmp), target))
            writer(Path(tmp))
            os.chmod(tmp, _file_mode(target))  # mkstemp makes 0600: give the output an ordinary file's mode
            _test_pause()
        for tmp, target in temps:
            os.replace(tmp, target)
            result.written.append(target)
    except OSError as exc:  # the place given cannot hold the output: the user's to fix, not a bug
        raise OutputError(target, exc) from exc
    finally:
        for tmp, _ in temps:
            if tmp.exists():
                tmp.unlink()
        if len(result.written) < len(targets):  # a failed build writes nothing, folders included
            for d in reversed(made):
                with contextlib.suppress(OSError):  # (not empty: something else put a file there)
                    d.rmdir()
    return result


def _make_parents(folder: Path) -> list[Path]:
    """mkdir -p, returning the folders it created (outermost first)."""
    missing = []
    while not folder.exists():
        missing.append(folder)
        if folder.parent == folder:
            break
        folder = folder.parent
    for d in reversed(missing):
        d.mkdir(exist_ok=True)
    return list(reversed(missing))


def _check_targets(folder: Path, season: Season, targets: list[Path]) -> None:
    """Refuse outputs that would overwrite an input of the season (season.xlsx, a tournament workbook), land in
    the season folder where the next build would read them as input, name one file twice (-o and --json), or
    are not ordinary files (a folder, a pipe, a device) — before anything is written (CONTRACT: inputs are never
    modified)."""
    from .season import OTHER_SPREADSHEETS, WORKBOOK_SUFFIXES

    root = folder.resolve()
    inputs: set[tuple[int, int]] | None = None  # the inputs' (device, inode): made once, if a target exists
    seen: dict[Path, Path] = {}
    for t in targets:
        r = t.resolve()
        if r in seen:
            raise OutputError(t, "-o and --json name the same file; give each its own")
        seen[r] = t
        # (only an existing file can be an input; compared by device and inode — a link or another spelling of
        # an input's path is that input — with one stat per input instead of resolving every path)
        try:
            st = r.stat()
        except OSError:
            st = None
        if st is not None and inputs is None:
            inputs = set()
            for label, _ in season.inputs:
                with contextlib.suppress(OSError):
                    s_in = (root / label).stat()
                    inputs.add((s_in.st_dev, s_in.st_ino))
        if st is not None and (st.st_dev, st.st_ino) in inputs:
            raise OutputError(t, "it is an input of the season (a workbook gpcalc reads); write the output "
                                 "elsewhere, e.g. under output/")
        try:
            inside = r.relative_to(root)
        except ValueError:
            inside = None
        if inside is not None and inside.parts and inside.parts[0] != OUTPUT_DIR and \
                not any(part.startswith(".") for part in inside.parts) and \
                r.suffix.casefold() in (*WORKBOOK_SUFFIXES, *OTHER_SPREADSHEETS, ".trf", ".txt", ".csv"):
            raise OutputError(t, "it is inside the season folder, where the next build would read it as a "
                                 f"tournament; write it under {OUTPUT_DIR}/ or outside the folder")
        if r.exists() and not r.is_file():
            raise OutputError(t, "it is not an ordinary file (a folder, a pipe or a device); give a file name")
