"""gpcalc — chess Grand Prix season standings, with every number explained."""

import os as _os
import sys as _sys

__version__ = "0.1.0"

# numpy asks the kernel for transparent huge pages (madvise) for every array of 4 MB or more. Where THP is in
# "madvise" mode, each such page fault may stall for compaction: measured on the benchmark machine, scoring
# 10⁶ FECODAZ rows spent 1.4–1.6 s in the kernel with huge pages and 0.4–0.5 s without (README, Performance).
# gpcalc turns it off unless the user set NUMPY_MADVISE_HUGEPAGE themselves (numpy reads the variable when it
# is imported; an already imported numpy is switched directly). It changes speed only, never a result.
if "NUMPY_MADVISE_HUGEPAGE" not in _os.environ:
    _os.environ["NUMPY_MADVISE_HUGEPAGE"] = "0"
    if "numpy" in _sys.modules:  # pragma: no cover - depends on the importer
        try:
            from numpy._core.multiarray import _set_madvise_hugepage as _set_hugepage
        except ImportError:  # numpy < 2
            try:
                from numpy.core.multiarray import _set_madvise_hugepage as _set_hugepage
            except ImportError:
                _set_hugepage = None
        if _set_hugepage is not None:
            _set_hugepage(False)

# glibc gives every freed block of more than 128 KB (to 32 MB, moving with use) back to the kernel, and the next
# array of that size faults all its pages in afresh: at 10⁶ rows the scoring steps make and drop hundreds of
# arrays of 8–12 MB. Keeping blocks up to 32 MB in the heap, and not trimming it below 1 GB free, lets them be
# reused: measured on the benchmark machine, FECODAZ scoring at 10⁶ rows 5.1–6.3 s → 4.4–5.1 s, the same peak
# memory and time for a whole 1,000 × 300 build (README, Performance). Skipped where the user tunes malloc
# (GLIBC_TUNABLES, MALLOC_*) and where the C library is not glibc. It changes speed only, never a result.
_MMAP_THRESHOLD, _TRIM_THRESHOLD = 32 << 20, 1 << 30


_LIBC = None  # glibc, once gpcalc has tuned its malloc


def _keep_freed_memory() -> bool:
    global _LIBC
    if _sys.platform != "linux" or "GLIBC_TUNABLES" in _os.environ or any(
            k.startswith("MALLOC_") for k in _os.environ):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        if not libc.gnu_get_libc_version:  # glibc only (another C library's mallopt takes other options)
            return False
        if libc.mallopt(-3, _MMAP_THRESHOLD) and libc.mallopt(-1, _TRIM_THRESHOLD):
            _LIBC = libc
            return True
        return False
    except (OSError, AttributeError):
        return False


def release_freed_memory() -> None:
    """Before the workbook is written, give the heap's free pages back to the kernel (glibc `malloc_trim`).
    Within scoring the freed blocks are kept for reuse (above); what scoring leaves free would stay resident while
    the workbook is written. Measured (README, Performance): peak 632 → 574 MB for a warm FECODAZ 1,000 × 300
    build, 1,133 → 1,026 MB at 2,000 × 300, in the same time. (Trimming after loading as well saved ~10 MB more,
    and scoring would fault those pages in afresh.) Only where gpcalc tuned malloc itself."""
    if _LIBC is not None:
        _LIBC.malloc_trim(0)


_keep_freed_memory()
