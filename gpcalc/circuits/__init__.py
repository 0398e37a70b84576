"""Circuit plug-ins, imported only when asked for (keeps `gpcalc --help` fast)."""

from __future__ import annotations

import importlib
import importlib.util

NAMES = ("acf", "fecodaz", "aarhus")


def get(name: str):
    """The circuit plug-in called `name` (acf, fecodaz, aarhus)."""
    key = str(name).strip().casefold()
    if key not in NAMES:
        raise KeyError(name)
    module = importlib.import_module(f"{__name__}.{key}")
    return module.CIRCUIT


def available() -> list[str]:
    out = []
    for name in NAMES:
        try:
            importlib.util.find_spec(f"{__name__}.{name}")
        except ModuleNotFoundError:
            continue
        if importlib.util.find_spec(f"{__name__}.{name}") is not None:
            out.append(name)
    return out
