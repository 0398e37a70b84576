"""The committed organiser templates are exactly what the generator writes, and they read back cleanly."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from python_calamine import CalamineWorkbook

from gpcalc import circuits
from gpcalc.cli import main
from gpcalc.templates import TEMPLATE_ROWS, write_template

ROOT = Path(__file__).resolve().parent.parent


def members(path: Path) -> dict[str, bytes]:
    with zipfile.ZipFile(path) as zf:
        return {n: zf.read(n) for n in zf.namelist()}


@pytest.mark.parametrize("name", circuits.available())
def test_committed_template_matches_generator(tmp_path, name):
    fresh = write_template(circuits.get(name), tmp_path / f"{name}.xlsx")
    committed = ROOT / "templates" / f"{name}.xlsx"
    assert committed.exists(), "run: python scripts/make_templates.py"
    assert members(fresh) == members(committed), "templates/ is stale: run python scripts/make_templates.py"


@pytest.mark.parametrize("name", circuits.available())
def test_template_has_sheets_headers_and_dropdowns(tmp_path, name):
    circuit = circuits.get(name)
    path = write_template(circuit, tmp_path / "t.xlsx")
    wb = CalamineWorkbook.from_path(str(path))
    assert wb.sheet_names[0] == "Instructions"
    assert {"Tournament", "Results"} <= set(wb.sheet_names)
    header = wb.get_sheet_by_name("Results").to_python()[0]
    required = [f.name for f in circuit.results_spec().fields if f.required]
    assert set(required) <= set(header)
    settings = [r[0] for r in wb.get_sheet_by_name("Tournament").to_python()[1:]]
    assert [f.name for f in circuit.tournament_spec().fields] == settings
    xml = members(path)
    results_xml = next(v for k, v in xml.items() if k.startswith("xl/worksheets/") and b"dataValidation" in v
                       and f"{TEMPLATE_ROWS + 1}".encode() in v)
    assert b"showInputMessage=\"1\"" in results_xml


def test_blank_template_in_season_folder_is_not_counted(tmp_path):
    # `gpcalc new` puts a blank workbook in the folder: building must still work (it is listed as a note).
    runner = CliRunner()
    res = runner.invoke(main, ["new", "acf", str(tmp_path / "s"), "--season", "2005"])
    assert res.exit_code == 0, res.output
    res = runner.invoke(main, ["build", str(tmp_path / "s")])
    assert res.exit_code == 0, res.output
    assert (tmp_path / "s" / "output" / "standings.xlsx").exists()


@pytest.mark.parametrize("name", circuits.available())
def test_new_season_builds_for_every_circuit(tmp_path, name):
    # `gpcalc new` then `gpcalc build` works out of the box (no errors) for each circuit
    runner = CliRunner()
    season = {"acf": "2005", "fecodaz": "2009", "aarhus": "2012/2013"}[name]
    assert runner.invoke(main, ["new", name, str(tmp_path / "s"), "--season", season]).exit_code == 0
    res = runner.invoke(main, ["build", str(tmp_path / "s")])
    assert res.exit_code == 0, res.output
