"""Regenerate the committed organiser templates: templates/<circuit>.xlsx (python scripts/make_templates.py)."""

from __future__ import annotations

import sys
from pathlib import Path

from gpcalc import circuits
from gpcalc.templates import write_template

ROOT = Path(__file__).resolve().parent.parent


def main(out: Path = ROOT / "templates") -> list[Path]:
    made = []
    for name in circuits.available():
        made.append(write_template(circuits.get(name), out / f"{name}.xlsx"))
    return made


if __name__ == "__main__":
    for path in main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "templates"):
        print(f"wrote {path}")
