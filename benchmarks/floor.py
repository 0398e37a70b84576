"""The I/O floor of a season folder: what reading every workbook and writing the output tables costs, and nothing else.

    python benchmarks/floor.py benchmarks/data/acf-1000x300
    python benchmarks/floor.py FOLDER --output FOLDER/output/standings.xlsx   # write the same grid gpcalc wrote
    python benchmarks/floor.py FOLDER --json                                  # one JSON object (for run.py)

Reading: every workbook gpcalc would read (``**/*.xlsx`` except ``output/``, ``~$*`` lock files and hidden files),
every sheet, every cell, with python-calamine (``CalamineWorkbook.from_path`` → ``to_python``), in one process and
in ``--procs`` processes; and with fastexcel when it happens to be importable (it is not a gpcalc dependency).
Nothing is parsed, validated or kept.

Writing: one workbook of tables with plain xlsxwriter in ``constant_memory`` mode, ``write_row`` per row. With
``--output`` the cells of an existing gpcalc output workbook are copied (read untimed, written timed) — the exact
tables gpcalc writes; without it a stand-in of the same order of size: a ledger with one row per result row and a
standings table with one row per distinct player.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import multiprocessing as mp
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

LEDGER_HEADER = ["Tournament", "Date", "Ranking", "Player", "Name", "ID", "Points", "Rule", "Detail"]
STANDINGS_HEADER = ["Ranking", "Rank", "Tied", "Player", "Name", "ID", "Club", "Total"]


def discover(folder: Path) -> list[Path]:
    """The workbooks gpcalc reads: season.xlsx first, then every tournament workbook (CONTRACT: the season folder)."""
    found = []
    for root, dirs, files in os.walk(folder):
        rel = Path(root).relative_to(folder)
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and not (rel == Path(".") and d == "output"))
        for f in sorted(files):
            if f.casefold().endswith(".xlsx") and not f.startswith(("~$", ".")):
                found.append(Path(root) / f)
    found.sort(key=lambda p: (p.name != "season.xlsx" or p.parent != folder, str(p)))
    return found


# ------------------------------------------------------------------------------------------------ reading


def read_calamine(paths: list[Path]) -> tuple[int, int]:
    """Every cell of every sheet → (rows, cells); values are converted to Python objects and dropped."""
    from python_calamine import CalamineWorkbook

    rows = cells = 0
    for path in paths:
        book = CalamineWorkbook.from_path(str(path))
        for name in book.sheet_names:
            grid = book.get_sheet_by_name(name).to_python(skip_empty_area=False)
            rows += len(grid)
            cells += sum(len(r) for r in grid)
    return rows, cells


def read_fastexcel(paths: list[Path]) -> tuple[int, int]:
    import fastexcel

    rows = cells = 0
    for path in paths:
        reader = fastexcel.read_excel(str(path))
        for name in reader.sheet_names:
            sheet = reader.load_sheet(name, header_row=None)
            rows += sheet.height
            cells += sheet.height * sheet.width
    return rows, cells


def _chunks(paths: list[Path], n: int) -> list[list[Path]]:
    by_size = sorted(paths, key=lambda p: -p.stat().st_size)  # balance the work: largest first, round robin
    return [by_size[i::n] for i in range(n)]


def read_parallel(paths: list[Path], procs: int) -> tuple[int, int]:
    ctx = mp.get_context("fork") if sys.platform.startswith("linux") else mp.get_context()
    with ctx.Pool(procs) as pool:
        parts = pool.map(read_calamine, _chunks(paths, procs))
    return sum(p[0] for p in parts), sum(p[1] for p in parts)


def fastexcel_available() -> bool:
    try:
        import fastexcel  # noqa: F401
    except ImportError:
        return False
    return True


# ------------------------------------------------------------------------------------------------ writing


def grid_of(workbook: Path) -> list[tuple[str, list[list[Any]]]]:
    """The cell values of every sheet of a workbook (to write the same tables again)."""
    from python_calamine import CalamineWorkbook

    book = CalamineWorkbook.from_path(str(workbook))
    return [(name, book.get_sheet_by_name(name).to_python(skip_empty_area=False)) for name in book.sheet_names]


def stand_in_grid(paths: list[Path]) -> list[tuple[str, list[list[Any]]]]:
    """Tables of the size gpcalc's output is expected to have when no real output is at hand: a ledger row per
    result row (Aarhus gives every player points) and a standings row per distinct player."""
    from python_calamine import CalamineWorkbook

    ledger: list[list[Any]] = [LEDGER_HEADER]
    players: dict[str, int] = {}
    day = dt.date(2005, 1, 1)
    for k, path in enumerate(paths):
        if path.name == "season.xlsx":
            continue
        book = CalamineWorkbook.from_path(str(path))
        results = next((n for n in book.sheet_names if n.casefold() == "results"), None)
        if results is None:
            continue
        grid = book.get_sheet_by_name(results).to_python()
        for j, row in enumerate(grid[1:]):
            name = str(row[2] if len(row) > 2 else j)
            pid = f"p{k}-{j}"
            players.setdefault(name, len(players))
            ledger.append([path.stem, day, "Open", pid, name, str(j), 12.5, "ACF 13(4)",
                           f"place {j + 1} of {len(grid) - 1}: class 2 points"])
    standings: list[list[Any]] = [STANDINGS_HEADER]
    for i, name in enumerate(players):
        standings.append(["Open", i + 1, False, f"p{i}", name, str(i), "NSW", 42.5])
    return [("Standings", standings), ("Ledger", ledger)]


def write_grid(grid: list[tuple[str, list[list[Any]]]], path: Path) -> int:
    """Write the tables with plain xlsxwriter, constant_memory, row by row; returns the cells written.

    A full row goes out with one ``write_row``; in a row with blanks (a wide standings sheet is mostly blank)
    only the filled cells are written, since a blank cell without a format is nothing in the file."""
    import xlsxwriter

    wb = xlsxwriter.Workbook(str(path), {"constant_memory": True, "default_date_format": "yyyy-mm-dd"})
    cells = 0
    for name, rows in grid:
        ws = wb.add_worksheet(name[:31])
        for i, row in enumerate(rows):
            filled = [(j, v) for j, v in enumerate(row) if v != "" and v is not None]
            if len(filled) == len(row):
                ws.write_row(i, 0, row)
            else:
                for j, v in filled:
                    ws.write(i, j, v)
            cells += len(filled)
    wb.close()
    return cells


# ------------------------------------------------------------------------------------------------ the floor


def measure(folder: Path, output: Path | None = None, procs: int = 2, repeat: int = 1,
            fastexcel: bool = True) -> dict[str, Any]:
    paths = discover(folder)
    result: dict[str, Any] = {"folder": str(folder), "workbooks": len(paths),
                              "bytes": sum(p.stat().st_size for p in paths)}

    def best(fn, *args) -> tuple[float, Any]:
        times, out = [], None
        for _ in range(max(1, repeat)):
            t0 = time.perf_counter()
            out = fn(*args)
            times.append(time.perf_counter() - t0)
        return min(times), out

    result["read_calamine_s"], (rows, cells) = best(read_calamine, paths)
    result["rows"], result["cells"] = rows, cells
    if procs > 1:
        result["read_calamine_parallel_s"], _ = best(read_parallel, paths, procs)
        result["procs"] = procs
    if fastexcel and fastexcel_available():
        result["read_fastexcel_s"], _ = best(read_fastexcel, paths)
    grid = grid_of(output) if output else stand_in_grid(paths)
    result["output_source"] = str(output) if output else "stand-in (ledger row per result row)"
    with tempfile.TemporaryDirectory() as tmp:
        target = Path(tmp) / "floor.xlsx"
        result["write_s"], out_cells = best(write_grid, grid, target)
        result["write_bytes"] = target.stat().st_size
    result["write_cells"] = out_cells
    result["write_rows"] = sum(len(rows) for _, rows in grid)
    readers = [result["read_calamine_s"]] + ([result["read_fastexcel_s"]] if "read_fastexcel_s" in result else [])
    result["floor_s"] = min(readers) + result["write_s"]  # one process: the fastest reader + the writer
    if "read_calamine_parallel_s" in result:
        result["floor_parallel_s"] = min(result["read_calamine_parallel_s"], *readers) + result["write_s"]
    return result


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", type=Path)
    ap.add_argument("--output", type=Path, help="a gpcalc output workbook whose cells to write (default: stand-in)")
    ap.add_argument("--procs", type=int, default=min(2, os.cpu_count() or 1),
                    help="processes for the parallel read (default 2; 1 = skip)")
    ap.add_argument("--repeat", type=int, default=1, help="take the best of N runs of each part")
    ap.add_argument("--no-fastexcel", action="store_true", help="skip fastexcel even when it is importable")
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    a = ap.parse_args(argv)
    if not a.folder.is_dir():
        ap.error(f"{a.folder} is not a folder")
    r = measure(a.folder, a.output, a.procs, a.repeat, not a.no_fastexcel)
    if a.json:
        print(json.dumps(r))
        return 0
    print(f"{r['folder']}: {r['workbooks']} workbooks, {r['bytes'] / 1e6:.1f} MB, {r['rows']:,} rows, "
          f"{r['cells']:,} cells")
    print(f"  read, python-calamine, 1 process   {r['read_calamine_s']:8.2f} s "
          f"({1000 * r['read_calamine_s'] / max(1, r['workbooks']):.1f} ms per workbook)")
    if "read_calamine_parallel_s" in r:
        print(f"  read, python-calamine, {r['procs']} processes {r['read_calamine_parallel_s']:8.2f} s")
    if "read_fastexcel_s" in r:
        print(f"  read, fastexcel, 1 process         {r['read_fastexcel_s']:8.2f} s")
    else:
        print("  read, fastexcel                    (not installed)")
    print(f"  write, xlsxwriter constant_memory  {r['write_s']:8.2f} s ({r['write_rows']:,} rows, "
          f"{r['write_cells']:,} cells; {r['output_source']})")
    print(f"  floor (1 process)                  {r['floor_s']:8.2f} s")
    if "floor_parallel_s" in r:
        print(f"  floor (parallel read)              {r['floor_parallel_s']:8.2f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
