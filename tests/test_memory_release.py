"""README Performance: before the workbook is written, gpcalc gives the heap's free pages back to the kernel
(`gpcalc.release_freed_memory`, glibc `malloc_trim`) — scoring's freed blocks, kept for reuse while it runs, would
otherwise stay resident under the writing (FECODAZ 2,000 × 300: peak 1,133 → 1,026 MB)."""
from __future__ import annotations

import ctypes
import os
import subprocess
import sys
from pathlib import Path

import pytest

SAMPLE = Path(__file__).resolve().parent.parent / "sample_data" / "acf-2005"


def _glibc() -> bool:
    try:
        return bool(ctypes.CDLL("libc.so.6").malloc_trim)
    except (OSError, AttributeError):
        return False


PROBE = """
import gpcalc
def rss():
    with open('/proc/self/status') as f:
        return next(int(l.split()[1]) // 1024 for l in f if l.startswith('VmRSS'))
blocks = [bytearray(1 << 20) for _ in range(300)]  # 300 MB of 1 MB blocks: heap blocks under gpcalc's setting
del blocks[:-1]  # freed, all but the last (it keeps the heap's top from being trimmed by free() itself)
before = rss()
gpcalc.release_freed_memory()
print(before - rss())
"""


@pytest.mark.skipif(sys.platform != "linux" or not _glibc(), reason="glibc only")
def test_freed_heap_is_given_back_only_when_asked_and_only_where_gpcalc_tuned_malloc():
    env = {k: v for k, v in os.environ.items() if k != "GLIBC_TUNABLES" and not k.startswith("MALLOC_")}

    def given_back(**extra: str) -> int:
        return int(subprocess.run([sys.executable, "-c", PROBE], env={**env, **extra}, capture_output=True,
                                  text=True, check=True).stdout)

    assert given_back() > 250  # MB: the freed blocks left the process
    # a user's own malloc tuning is left alone: here they keep freed blocks as gpcalc would, and gpcalc, which
    # set nothing, trims nothing
    assert given_back(MALLOC_MMAP_THRESHOLD_=str(32 << 20), MALLOC_TRIM_THRESHOLD_=str(1 << 30)) < 50


def test_build_releases_scoring_memory_before_writing(tmp_path, monkeypatch):
    from gpcalc import pipeline
    from gpcalc.report import xlsx

    order: list[str] = []
    monkeypatch.setattr(pipeline, "release_freed_memory", lambda: order.append("release"))
    real = xlsx.write_workbook

    def write(*args, **kwargs):
        order.append("write")
        return real(*args, **kwargs)

    monkeypatch.setattr(xlsx, "write_workbook", write)
    res = pipeline.build(SAMPLE, out=tmp_path / "s.xlsx", use_cache=False)
    assert res.written and order == ["release", "write"]
