"""The command line: parse arguments, call the library, print, set the exit status. No arithmetic here.

Heavy imports (pandas, the circuits) happen inside the commands so that `gpcalc --help` starts fast.
"""

from __future__ import annotations

import sys
from pathlib import Path

import click

from . import __version__

CIRCUITS = ("acf", "fecodaz", "aarhus")
EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


def _circuit(name: str):
    from . import circuits

    try:
        return circuits.get(name)
    except (KeyError, ModuleNotFoundError):
        raise click.UsageError(f"unknown circuit '{name}': choose one of {', '.join(CIRCUITS)}") from None


def _print_issues(issues, show_info: bool = False, stream=None) -> None:
    """Issues grouped by file, errors first within each file."""
    stream = stream or sys.stdout
    current = None
    for issue in issues.sorted():
        if issue.severity == "info" and not show_info:
            continue
        if issue.file != current:
            current = issue.file
            click.echo(f"\n{current or '(season)'}", file=stream)
        click.echo(f"  {issue.text()}", file=stream)


def _counts(issues) -> str:
    e, w = len(issues.errors), len(issues.warnings)
    return f"{e} error{'s' * (e != 1)}, {w} warning{'s' * (w != 1)}"


class _Progress:
    """A progress bar on stderr while workbooks are read; quiet when stderr is not a terminal."""

    def __init__(self, enabled: bool):
        self.enabled = enabled and sys.stderr.isatty()
        self.bar = None

    def __call__(self, done: int, total: int, label: str) -> None:
        if not self.enabled or total == 0:
            return
        if self.bar is None:
            self.bar = click.progressbar(length=total, label="Reading workbooks", file=sys.stderr,
                                         show_pos=True, item_show_func=lambda _: None)
            self.bar.__enter__()
        self.bar.update(done - self.bar.pos)
        if done >= total:
            self.bar.__exit__(None, None, None)
            self.bar = None

    def stage(self, text: str) -> None:
        if self.enabled:
            click.echo(f"{text} …", err=True)


def _fail_input(exc) -> None:
    _print_issues(exc.issues, stream=sys.stderr)
    click.echo(f"\n{_counts(exc.issues)}: nothing was written.", err=True)
    sys.exit(EXIT_INPUT)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="gpcalc")
def main() -> None:
    """gpcalc — chess Grand Prix season standings, with every point explained.

    \b
    Typical season:
      gpcalc new acf season-2005          # season.xlsx + a blank tournament workbook
      gpcalc template acf -o my-open.xlsx # one per tournament, for organisers
      gpcalc check season-2005            # list every problem, change nothing
      gpcalc build season-2005            # season-2005/output/standings.xlsx
      gpcalc explain season-2005 "Smith, John"

    Exit status: 0 success (warnings allowed), 1 the input has errors (nothing written), 2 usage error.
    """


@main.command()
@click.argument("circuit", type=click.Choice(CIRCUITS, case_sensitive=False))
@click.argument("folder", type=click.Path(file_okay=False, path_type=Path))
@click.option("--season", "season_label", default="", help="The season, e.g. 2005 or 2012/2013.")
def new(circuit: str, folder: Path, season_label: str) -> None:
    """Create a season FOLDER with season.xlsx and a blank tournament workbook.

    \b
    Example:
      gpcalc new acf acf-2005 --season 2005
    """
    from .season import MAX_YEAR, MIN_YEAR, season_year
    from .templates import new_season

    if season_label.strip() and not MIN_YEAR <= season_year(season_label) <= MAX_YEAR:
        # (what `check` would refuse in season.xlsx is refused here, before anything is written)
        raise click.BadParameter(f"'{season_label}' has no season year ({MIN_YEAR}–{MAX_YEAR}); write it as a year "
                                 "(2005) or two years (2012/2013)", param_hint="--season")
    # (any capitalisation: gpcalc reads Season.xlsx as the season workbook, and two side by side are an error)
    try:
        existing = sorted(p.name for p in folder.iterdir() if p.name.casefold() == "season.xlsx") \
            if folder.is_dir() else []
    except OSError:  # (a folder that cannot be listed: writing into it fails below, with its own message)
        existing = ["season.xlsx"] if (folder / "season.xlsx").exists() else []
    if existing:
        raise click.UsageError(f"{folder / existing[0]} already exists; gpcalc never overwrites a season")
    try:
        made = new_season(_circuit(circuit), folder, season_label)
    except FileExistsError as exc:
        raise click.UsageError(f"{exc} — move it away or choose another folder") from None
    for path in made:
        click.echo(f"wrote {path}")
    click.echo("Next: fill in season.xlsx, copy the blank workbook once per tournament, then: "
               f"gpcalc build {folder}")


@main.command()
@click.argument("circuit", type=click.Choice(CIRCUITS, case_sensitive=False))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Where to write it (default: CIRCUIT-tournament.xlsx in the current folder).")
def template(circuit: str, output: Path | None) -> None:
    """Write a blank organiser template for CIRCUIT.

    \b
    Example:
      gpcalc template acf -o sydney-open.xlsx
    """
    from .templates import write_template

    path = output or Path(f"{circuit}-tournament.xlsx")
    if path.exists():
        raise click.UsageError(f"{path} already exists; choose another name with -o")
    write_template(_circuit(circuit), path)
    click.echo(f"wrote {path}")


@main.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("--all", "show_info", is_flag=True, help="Also show notes (unused columns, unknown settings).")
@click.option("--no-cache", is_flag=True, help="Read every workbook afresh (ignore the parse cache).")
def check(folder: Path, show_info: bool, no_cache: bool) -> None:
    """Validate every workbook of a season FOLDER and print every problem; change nothing.

    \b
    Example:
      gpcalc check sample_data/acf-2005
    """
    from .issues import InputError
    from .pipeline import compute

    progress = _Progress(True)
    try:
        # the season is also scored (nothing written): some problems only show there — a Points table row,
        # a missing Pot table — and check promises every problem a build would report
        season = compute(folder, progress, use_cache=not no_cache).season
    except InputError as exc:
        _fail_input(exc)
    _print_issues(season.issues, show_info)
    n = len(season.tournaments)
    click.echo(f"\n{n} tournament{'s' * (n != 1)} read, {_counts(season.issues)}.")
    sys.exit(EXIT_INPUT if season.issues.has_errors() else EXIT_OK)


@main.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The standings workbook (default: FOLDER/output/standings.xlsx).")
@click.option("--json", "json_out", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also write the JSON export here.")
@click.option("--no-cache", is_flag=True,
              help="Read every workbook afresh and store nothing in the parse cache ($GPCALC_CACHE_DIR, else "
                   "$XDG_CACHE_HOME/gpcalc, else ~/.cache/gpcalc).")
def build(folder: Path, output: Path | None, json_out: Path | None, no_cache: bool) -> None:
    """Compute the season's standings and write the standings workbook.

    Nothing is written if the input has errors; the previous output is left as it was.

    \b
    Example:
      gpcalc build sample_data/acf-2005 -o standings.xlsx --json standings.json
    """
    from .issues import InputError, OutputError
    from .pipeline import build as run_build

    progress = _Progress(True)
    try:
        result = run_build(folder, output, json_out, progress=progress, stage=progress.stage,
                           use_cache=not no_cache)
    except InputError as exc:
        _fail_input(exc)
    except OutputError as exc:
        hint = "" if isinstance(exc.reason, str) else "\n  hint: give -o / --json a file in a folder you can write to"
        click.echo(f"error: {exc}. Nothing was written; the previous output is as it was.{hint}", err=True)
        sys.exit(EXIT_USAGE)
    issues = result.issues
    if result.outcome is None:
        _print_issues(issues, stream=sys.stderr)
        click.echo(f"\n{_counts(issues)}: nothing was written (fix the errors, then build again).", err=True)
        sys.exit(EXIT_INPUT)
    if issues.warnings:
        _print_issues(issues)
    for path in result.written:
        click.echo(f"wrote {path}")
    n = len(result.season.tournaments)
    click.echo(f"{n} tournament{'s' * (n != 1)}, {_counts(issues)}.")


@main.command(name="import")
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("-c", "--circuit", required=True, type=click.Choice(CIRCUITS, case_sensitive=False),
              help="The circuit whose organiser template to fill.")
@click.option("-o", "--output", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="The tournament workbook to write (default: FILE's name with .xlsx).")
def import_(file: Path, circuit: str, output: Path | None) -> None:
    """Turn a TRF report or a chess-results export FILE into a filled organiser template.

    The organiser then checks it in Excel and completes what the file lacks (prize money, State, …).

    \b
    Example:
      gpcalc import sydney-open.trf -c acf -o sydney-open.xlsx
    """
    from .formats import import_file
    from .issues import Issues

    path = output or file.with_suffix(".xlsx")
    if path.exists():
        raise click.UsageError(f"{path} already exists; choose another name with -o")
    issues = Issues()
    to_complete: list[str] = []
    written = import_file(file, _circuit(circuit), path, issues, to_complete)
    if issues.errors or issues.warnings:
        _print_issues(issues, stream=sys.stderr)
    if written is None:
        click.echo(f"\n{_counts(issues)}: nothing was written.", err=True)
        sys.exit(EXIT_INPUT)
    todo = f"fill in {', '.join(to_complete)} and check the rest" if to_complete else "check it"
    click.echo(f"wrote {written} — {todo} in Excel, then put it in the season folder")


@main.command()
@click.argument("folder", type=click.Path(path_type=Path))
@click.argument("player")
def explain(folder: Path, player: str) -> None:
    """Every points award of one PLAYER (a name or an ID), with its rule and arithmetic.

    \b
    Example:
      gpcalc explain sample_data/acf-2005 "Smith, John"
    """
    from .explain import find_awards, played_without_points
    from .issues import InputError
    from .pipeline import compute

    if not player.strip():
        raise click.UsageError("PLAYER is blank: give a name (or part of one) or an ID")
    try:
        result = compute(folder)
    except InputError as exc:
        _fail_input(exc)
    if result.outcome is None:
        _print_issues(result.issues, stream=sys.stderr)
        click.echo(f"\n{_counts(result.issues)}: fix the errors first.", err=True)
        sys.exit(EXIT_INPUT)
    found = find_awards(result.outcome, player)
    if found is None:
        played = played_without_points(result.season.results, player, result.issues)
        click.echo(played or f"no player called '{player}' has points in this season", err=True)
        sys.exit(EXIT_INPUT)
    click.echo(found)


def run() -> None:
    """Entry point: never a Python traceback for anything a user can cause; a bug gets one clear line."""
    import contextlib
    import os

    # a file name that is not valid UTF-8 (a zip made on Windows) or a terminal that cannot show a character:
    # printed escaped, never a crash while printing
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(AttributeError, ValueError):  # (a stream without reconfigure)
            stream.reconfigure(errors="backslashreplace")
    try:
        main(standalone_mode=True)
    except SystemExit:
        raise
    except KeyboardInterrupt:
        click.echo("interrupted: nothing was written", err=True)
        sys.exit(130)
    except OSError as exc:  # a path the user gave cannot be written (template -o, new, import -o)
        from .issues import os_reason

        where = f" '{exc.filename}'" if exc.filename else ""
        click.echo(f"error: cannot write{where}: {os_reason(exc)}.\n"
                   "  hint: give a path in a folder you can write to", err=True)
        sys.exit(EXIT_USAGE)
    except Exception as exc:  # a bug in gpcalc, not the user's fault
        if os.environ.get("GPCALC_DEBUG"):
            raise
        click.echo(f"gpcalc: internal error ({type(exc).__name__}: {exc}). Nothing was written. This is a bug "
                   "in gpcalc — please report it with the command you ran (GPCALC_DEBUG=1 shows details).",
                   err=True)
        sys.exit(EXIT_INPUT)


def console() -> None:
    """The installed `gpcalc` command: :func:`run`, then the process ends without tearing down the Python heap
    object by object (a large season's frames hold millions of objects: ~0.2 s at 1,000 × 300). Everything a
    command writes is closed before it returns; only the standard streams are still to flush."""
    import os

    try:
        run()
        code: object = 0
    except SystemExit as exc:
        code = exc.code
    if code is not None and not isinstance(code, int):  # sys.exit("text"): print it, exit 1 (as Python does)
        with _quiet_pipe():
            print(code, file=sys.stderr)
        code = 1
    for stream in (sys.stdout, sys.stderr):
        with _quiet_pipe():
            stream.flush()
    os._exit(code or 0)


def _quiet_pipe():
    """A reader that went away (gpcalc check … | head) is not an error at exit."""
    import contextlib

    return contextlib.suppress(BrokenPipeError, ValueError, OSError)


if __name__ == "__main__":  # pragma: no cover
    console()
