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


def _keep_freed_memory() -> bool:
    if _sys.platform != "linux" or "GLIBC_TUNABLES" in _os.environ or any(
            k.startswith("MALLOC_") for k in _os.environ):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL("libc.so.6")
        if not libc.gnu_get_libc_version:  # glibc only (another C library's mallopt takes other options)
            return False
        return bool(libc.mallopt(-3, _MMAP_THRESHOLD)) and bool(libc.mallopt(-1, _TRIM_THRESHOLD))
    except (OSError, AttributeError):
        return False


_keep_freed_memory()
