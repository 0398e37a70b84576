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
