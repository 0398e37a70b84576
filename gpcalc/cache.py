"""A cache of parsed tournament workbooks (and of the last output's rows), so a coordinator's re-build after one
new workbook is quick.

What is cached: everything gpcalc reads from one ordinary tournament workbook (its settings, parsed tables,
cell letters and the issues found while reading). The key is the SHA-256 of the file's bytes, its path inside
the season folder, the circuit, and a fingerprint of gpcalc's own code and of the versions of Python, pandas,
numpy and the Excel readers — so an edited, renamed or moved workbook, or a different gpcalc or library, is
never served stale. Files organisers already have (TRF, exports) depend on
a sidecar and are not cached.

Where: ``$GPCALC_CACHE_DIR``, else ``$XDG_CACHE_HOME/gpcalc``, else ``~/.cache/gpcalc`` — outside the season
folder, so it can never be mistaken for input, and a folder received by email cannot bring a cache with it.
Disable with ``--no-cache`` or ``GPCALC_NO_CACHE=1``. Entries are pickles that gpcalc wrote itself; each file
also carries an HMAC with a per-user secret kept beside it, and an entry that does not verify is ignored.

Also cached: season.xlsx; per season folder a *pack* of all its parsed workbooks (gpcalc.season); and per season
folder the compressed table rows of its last standings workbook (``rows-*``: gpcalc.report.sheetxml.RowStore —
each piece keyed by its content, so only rows that did not change are reused). Size:
after each build the least recently used entries are removed while the cache is over ``GPCALC_CACHE_MB``
(default 2 GB).
"""

from __future__ import annotations

import contextlib
import gc
import hashlib
import hmac
import os
import pickle
import secrets
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = b"gpcalc-cache-1"


def enabled() -> bool:
    """False when GPCALC_NO_CACHE is set to anything but a blank, 0, false, no or off."""
    return os.environ.get("GPCALC_NO_CACHE", "").strip().casefold() in ("", "0", "false", "no", "off")


def directory() -> Path:
    if os.environ.get("GPCALC_CACHE_DIR"):
        return Path(os.environ["GPCALC_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "gpcalc"


@cache
def code_fingerprint(circuit: str = "") -> str:
    """SHA-256 over gpcalc's own source files — every file except other circuits' modules — so any change
    of code that can affect reading a `circuit` workbook invalidates its entries."""
    from .circuits import NAMES

    root = Path(__file__).resolve().parent
    # (a circuit's workbooks skip the other circuits' modules; anything else — season.xlsx, read with whichever
    # circuit it names, whose modules declare its settings, register and sheets — depends on all of them)
    others = [n for n in NAMES if n != circuit] if circuit in NAMES else []
    h = hashlib.sha256()
    h.update(_libraries().encode())
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(root).as_posix()
        if circuit and rel.startswith("circuits/") and any(path.stem.startswith(o) for o in others):
            continue
        h.update(rel.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


# what makes the parsed values and their types, and the stored output rows (xlsxwriter's escaping and zlib's
# compression are in the row store's compressed pieces)
LIBRARIES = ("pandas", "numpy", "python-calamine", "openpyxl", "xlsxwriter")


def _libraries() -> str:
    """Python's version and those of the libraries an entry's values come from: after an upgrade an old pickle
    could still load, with other types or values, so it must not be found."""
    import zlib
    from importlib.metadata import PackageNotFoundError, version

    parts = [sys.version, f"zlib={zlib.ZLIB_RUNTIME_VERSION}"]
    for name in LIBRARIES:
        try:
            parts.append(f"{name}={version(name)}")
        except PackageNotFoundError:
            parts.append(f"{name}=-")
    return "\n".join(parts)


def key(content_sha: str, label: str, circuit: str) -> str:
    raw = "\0".join((code_fingerprint(circuit), circuit, label, content_sha))
    return hashlib.sha256(raw.encode()).hexdigest()


def folder_key(kind: str, folder: Path | str, circuit: str) -> str:
    """The key of a per-season-folder entry (`kind`: pack, rows, names) — by the folder's resolved path."""
    return f"{kind}-" + key("", str(Path(folder).resolve()), circuit)


def _secret(folder: Path) -> bytes:
    path = folder / "secret"
    try:
        return path.read_bytes()
    except OSError:
        folder.mkdir(parents=True, exist_ok=True)
        value = secrets.token_bytes(32)
        fd, tmp = tempfile.mkstemp(dir=folder)
        with os.fdopen(fd, "wb") as fh:
            fh.write(value)
        os.chmod(tmp, 0o600)
        os.replace(tmp, path)
        return path.read_bytes()


def load(k: str) -> Any | None:
    """The cached value, or None (missing, unreadable, or not signed by this user's secret)."""
    folder = directory()
    try:
        blob = (folder / f"{k}.pkl").read_bytes()
        secret = (folder / "secret").read_bytes()
    except OSError:
        return None
    view = memoryview(blob)  # (slices of a view: the body of a season's pack is not copied)
    head, sig, body = blob[:len(FORMAT)], blob[len(FORMAT):len(FORMAT) + 32], view[len(FORMAT) + 32:]
    if head != FORMAT or not hmac.compare_digest(sig, hmac.new(secret, body, "sha256").digest()):
        return None
    collecting = gc.isenabled()
    gc.disable()  # unpickling a pack makes millions of objects, none of them garbage: no collections meanwhile
    try:
        value = pickle.loads(body)  # noqa: S301 - written and signed by gpcalc itself (see above)
    except Exception:
        return None
    finally:
        if collecting:
            gc.enable()
    with contextlib.suppress(OSError):
        os.utime(folder / f"{k}.pkl")  # used now: the least recently used entries are the first trimmed
    return value


def store(k: str, value: Any) -> None:
    """Write an entry atomically; a cache that cannot be written is silently skipped (it is only a cache)."""
    folder = directory()
    try:
        secret = _secret(folder)
        body = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
        blob = FORMAT + hmac.new(secret, body, "sha256").digest() + body
        fd, tmp = tempfile.mkstemp(dir=folder, suffix=".tmp")
        with os.fdopen(fd, "wb") as fh:
            fh.write(blob)
        os.replace(tmp, folder / f"{k}.pkl")
    except OSError:
        return


_PENDING: list = []
SMALL_ENTRY = 512  # a dict entry (a workbook's stored rows, the spellings) up to this many items is stored at
# once: forking a process that has pandas loaded costs more than pickling and writing it


def store_later(k: str, value: Any) -> None:
    """Store an entry from a forked child process, so the build goes on while a large entry (a season's pack:
    tens of MB to pickle and write) is written. :func:`wait` (called at the end of a build, and by Python's exit
    for any child left) waits for it. Where fork is unavailable, or the entry is a small dict, this is
    :func:`store`."""
    import multiprocessing as mp

    if "fork" not in mp.get_all_start_methods() or (isinstance(value, dict) and len(value) <= SMALL_ENTRY):
        store(k, value)
        return
    child = mp.get_context("fork").Process(target=_store_quietly, args=(k, value), daemon=False)
    child.start()
    _PENDING.append(child)


def _store_quietly(k: str, value: Any) -> None:
    with contextlib.suppress(Exception):  # only a cache: a child must never print a traceback into a build
        store(k, value)


def wait() -> None:
    while _PENDING:
        _PENDING.pop().join()


DEFAULT_LIMIT_MB = 2048


def limit_bytes() -> int:
    """The cache's size limit: ``GPCALC_CACHE_MB`` (megabytes), else 2 GB."""
    raw = os.environ.get("GPCALC_CACHE_MB", "").strip()
    try:
        return int(float(raw) * 1024 * 1024) if raw else DEFAULT_LIMIT_MB * 1024 * 1024
    except ValueError:
        return DEFAULT_LIMIT_MB * 1024 * 1024


def trim() -> int:
    """Keep the cache under its size limit: when it is over, remove the least recently used entries (by the
    time they were last written or read) until it is at 80 % of the limit. Returns the bytes removed. Called
    at the end of a build; a folder that cannot be listed or an entry that cannot be removed is left alone."""
    folder, limit = directory(), limit_bytes()
    entries = []
    try:
        with os.scandir(folder) as it:
            for e in it:
                if e.name.endswith(".pkl"):
                    st = e.stat()
                    entries.append((st.st_mtime_ns, st.st_size, e.path))
    except OSError:
        return 0
    total = sum(size for _, size, _ in entries)
    if total <= limit:
        return 0
    removed = 0
    for _, size, path in sorted(entries):
        if total - removed <= limit * 0.8:
            break
        try:
            os.unlink(path)
            removed += size
        except OSError:
            continue
    return removed
