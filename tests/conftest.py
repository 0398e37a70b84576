"""Test-wide settings: the parse cache lives in a temporary folder, never in the developer's home."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True, scope="session")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("GPCALC_CACHE_DIR", str(tmp_path_factory.mktemp("gpcalc-cache")))
    yield
    mp.undo()
