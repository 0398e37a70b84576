"""Test-wide settings: the parse cache lives in a temporary folder, never in the developer's home; the bundled
samples are built once per test process (`sample_builds`)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(autouse=True, scope="session")
def _cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("GPCALC_CACHE_DIR", str(tmp_path_factory.mktemp("gpcalc-cache")))
    yield
    mp.undo()


# ------------------------------------------------------------------------------------- the samples, built once

SAMPLE_DATA = Path(__file__).resolve().parent.parent / "sample_data"


def state(folder: Path) -> dict[str, tuple[str, int]]:
    """Every file and folder under `folder`: relative path → (SHA-256 of its bytes, or "<dir>"; modification time
    in ns)."""
    return {p.relative_to(folder).as_posix(): (hashlib.sha256(p.read_bytes()).hexdigest() if p.is_file() else "<dir>",
                                               p.stat().st_mtime_ns)
            for p in sorted(folder.rglob("*"))}


@dataclass
class SampleBuild:
    """A bundled sample season built once per test process, from its own folder (which is only read) to a
    temporary workbook and JSON, without the parse cache. `result` is the build's Season and Outcome; `before` and
    `after` the folder's :func:`state` around the build (bytes and times: a build changes no input). Shared by every
    test that asks: read it, never change it — and never write into `folder`, the repository's own sample (a
    developer's git-ignored ``output/`` from the README's first command may be there)."""
    name: str
    folder: Path
    xlsx: Path
    json_path: Path
    result: Any
    before: dict[str, tuple[str, int]]
    after: dict[str, tuple[str, int]]

    def data(self) -> dict:
        """The JSON export, parsed afresh (a test may change its own copy)."""
        return json.loads(self.json_path.read_text(encoding="utf-8"))

    def json_text(self) -> str:
        return self.json_path.read_text(encoding="utf-8")


class _SampleBuilds:
    def __init__(self, root: Path):
        self.root = root
        self.built: dict[str, SampleBuild] = {}

    def __getitem__(self, name: str) -> SampleBuild:
        if name not in self.built:
            from gpcalc.pipeline import build

            folder = SAMPLE_DATA / name
            before = state(folder)
            xlsx, js = self.root / f"{name}.xlsx", self.root / f"{name}.json"
            result = build(folder, out=xlsx, json_out=js, use_cache=False)
            assert result.outcome is not None, [str(i) for i in result.issues]
            self.built[name] = SampleBuild(name, folder, xlsx, js, result, before, state(folder))
        return self.built[name]


@pytest.fixture(scope="session")
def sample_builds(tmp_path_factory) -> _SampleBuilds:
    """``sample_builds["acf-2005"]``: that sample built once for the whole session (on each xdist worker that asks),
    instead of once per test module (SampleBuild)."""
    return _SampleBuilds(tmp_path_factory.mktemp("sample-builds"))
