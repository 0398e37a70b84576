"""Build season folders for tests from plain Python data (xlsxwriter; text stays text, '=3' is not a formula).

Example::

    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         sheets={"Players": [["ID", "Name", "ACF rating"], ["1", "Ann", 1500]]},
                         tournaments={"open.xlsx": {
                             "Tournament": {"Name": "Open", "Start": "2005-03-01", ...},
                             "Results": [["Place", "Name", "ID"], [1, "Ann", "1"]]}})
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

import xlsxwriter


def write_book(path: Path, sheets: dict[str, Any]) -> Path:
    """sheets: name → list of rows (a table) or dict (a Setting | Value sheet)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    wb = xlsxwriter.Workbook(str(path), {"strings_to_formulas": False, "strings_to_numbers": False,
                                         "strings_to_urls": False, "in_memory": True})  # (no temporary files:
    # the same parts — only the zip entries' dates differ — ~2× faster for the suite's thousands of workbooks)
    wb.set_properties({"created": dt.datetime(2000, 1, 1)})
    datefmt = wb.add_format({"num_format": "yyyy-mm-dd"})
    for name, content in sheets.items():
        ws = wb.add_worksheet(name)
        rows = [["Setting", "Value"], *[[k, v] for k, v in content.items()]] if isinstance(content, dict) \
            else content
        for i, row in enumerate(rows):
            for j, v in enumerate(row):
                if v is None:
                    continue
                if isinstance(v, dt.datetime | dt.date):
                    if not isinstance(v, dt.datetime):
                        v = dt.datetime(v.year, v.month, v.day)
                    ws.write_datetime(i, j, v, datefmt)
                elif isinstance(v, bool):
                    ws.write_boolean(i, j, v)
                elif isinstance(v, int | float):
                    ws.write_number(i, j, v)
                else:
                    ws.write_string(i, j, str(v))
    wb.close()
    return path


def make_season(root: Path, settings: dict[str, Any], sheets: dict[str, Any] | None = None,
                tournaments: dict[str, dict[str, Any]] | None = None, name: str = "season") -> Path:
    folder = root / name
    folder.mkdir(parents=True, exist_ok=True)
    write_book(folder / "season.xlsx", {"Season": settings, **(sheets or {})})
    for fname, content in (tournaments or {}).items():
        write_book(folder / fname, content)
    return folder


def acf_tournament(name: str, results: list[list[Any]], *, prize_money: float = 2000, state: str = "NSW",
                   capital: str = "Yes", start: dt.date = dt.date(2005, 3, 5), end: dt.date | None = None,
                   sections: list[list[str]] | None = None, header: list[str] | None = None,
                   **settings: Any) -> dict[str, Any]:
    """An ACF tournament workbook; results rows follow `header` (default Section, Place, Name, ID, Sex, Born,
    State)."""
    tour = {"Name": name, "Start": start, "End": end or start + dt.timedelta(days=1), "State": state,
            "Capital city": capital, "Prize money": prize_money, "Registered": start - dt.timedelta(days=120),
            "Reported": (end or start) + dt.timedelta(days=5)}
    tour.update({k.replace("_", " ").capitalize(): v for k, v in settings.items()})
    head = header or ["Section", "Place", "Name", "ID", "Sex", "Born", "State"]
    book = {"Tournament": tour, "Results": [head, *results]}
    if sections:
        book["Sections"] = [["Section", "Division"], *sections]
    return book


def fecodaz_season(tmp_path: Path, books: dict[str, dict[str, Any]], points: list, *, year: int,
                   source: str = "test", sheets: dict[str, Any] | None = None, **settings):
    """A FECODAZ season built and computed (no cache); asserts it scored (no errors)."""
    from gpcalc.pipeline import compute

    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": str(year), "Points table source": source,
                                    **settings},
                         sheets={"Points": points, **(sheets or {})}, tournaments=books)
    res = compute(folder)
    assert res.outcome is not None, [i.message for i in res.issues.errors]
    return res


def standing(res, ranking: str, name: str):
    """The standings row of `name` in `ranking` (None when not ranked there)."""
    s = res.outcome.standings
    hit = s[(s["ranking"] == ranking) & (s["name"] == name)]
    return hit.iloc[0] if len(hit) else None


# ---- ACF audit helpers (register and result rows as the ACF audits write them; prizes by place)

def reg(name: str, acf=None, fide=None, sex="M", born=1970, state="NSW") -> list:
    return [name, name, sex, born, acf, fide, state]


def row(section: str, place, name: str, sex="M", born=1970, state="NSW", pid: str | None = None) -> list:
    return [section, place, name, name if pid is None else pid, sex, born, state]


def prize_map(res) -> dict[tuple[str, int], str | None]:
    pr = res.outcome.prizes
    pr = pr[pr["ranking"] != "State"]
    return {(r, int(p)): (n if isinstance(n, str) else None) for r, p, n in zip(pr["ranking"], pr["place"],
                                                                              pr["name"])}


def prize_row(res, ranking: str, place: int):
    pr = res.outcome.prizes
    return pr[(pr["ranking"] == ranking) & (pr["place"] == place)].iloc[0]


def pts(res, ranking: str, tournament: str | None = None) -> dict[str, float]:
    """Each name's points in a ranking (and tournament), summed over its ledger rows."""
    led = res.outcome.ledger
    led = led[led["ranking"] == ranking]
    if tournament is not None:
        led = led[led["tournament"] == tournament]
    out: dict[str, float] = {}
    for name, p in zip(led["name"], led["points"]):
        out[name] = out.get(name, 0.0) + float(p)
    return out


# --------------------------------------------------------------- ACF audits: a season folder and its computed result

ACF_REGISTER_HEAD = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]


def acf_folder(tmp_path: Path, tournaments: dict, players: list | None = None, prizes: list | None = None,
               extra: dict | None = None, year: str = "2005", **settings) -> Path:
    """An ACF season folder: the register (rows from :func:`reg`), an optional Prizes table, other sheets."""
    sheets: dict = {"Players": [ACF_REGISTER_HEAD, *(players or [])]}
    if prizes is not None:
        sheets["Prizes"] = [["Division", "Place", "Value"], *prizes]
    sheets.update(extra or {})
    return make_season(tmp_path, {"Circuit": "acf", "Season": year, **settings}, sheets=sheets,
                       tournaments=tournaments)


def acf_season(tmp_path: Path, tournaments: dict, players: list | None = None, prizes: list | None = None,
               extra: dict | None = None, year: str = "2005", **settings):
    """:func:`acf_folder` computed without the cache; it must have no errors."""
    from gpcalc.pipeline import compute

    res = compute(acf_folder(tmp_path, tournaments, players, prizes, extra, year, **settings), use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    return res


# ------------------------------------------------------------- Aarhus audits: GPT workbooks, a season, its ledger

AARHUS_HEAD = ["Group", "Place", "Name", "Club", "Born", "Sex", "Points", "Games"]


def aarhus_book(name: str, day: dt.date, groups: list, rows: list, kind: str = "GPT",
                head: list | None = None) -> dict:
    """An Aarhus tournament workbook: Tournament settings, a Groups sheet (group, rounds) and Results."""
    return {"Tournament": {"Name": name, "Date": day, "Kind": kind}, "Groups": [["Group", "Rounds"], *groups],
            "Results": [head or AARHUS_HEAD, *rows]}


def aarhus_folder(tmp_path: Path, tournaments: dict, gpts: int | None = 3, sheets: dict | None = None) -> Path:
    values = {"Circuit": "aarhus", "Season": "2012/2013"}
    if gpts:
        values["GPTs"] = gpts
    return make_season(tmp_path, values, sheets=sheets, tournaments=tournaments)


def aarhus_run(tmp_path: Path, tournaments: dict, gpts: int | None = 3, sheets: dict | None = None):
    """:func:`aarhus_folder` computed without the cache; it must have no errors."""
    from gpcalc.pipeline import compute

    res = compute(aarhus_folder(tmp_path, tournaments, gpts, sheets), use_cache=False)
    assert res.outcome is not None, [i.text() for i in res.issues.errors]
    assert not res.issues.has_errors(), [i.text() for i in res.issues.errors]
    return res


def aarhus_ledger(res, tournament: str) -> dict[tuple[str, str], float]:
    """(name, ranking) → points of one tournament's ledger rows."""
    led = res.outcome.ledger
    led = led[led["tournament"] == tournament]
    return {(n, r): round(float(p), 1) for n, r, p in zip(led["name"], led["ranking"], led["points"])}


# ------------------------------------------------------------- FECODAZ audits: result rows, workbooks, standings

FECODAZ_YEAR = 2009
# the illustrative Points table: P(c, p) = 2c + 14 − 2(p − 1) (categoría 1: 16; 2: 18, 16; …; 13: 40 … 16)
FECODAZ_ILLUSTRATIVE = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                                        for c in range(1, 14)]
FECODAZ_HEAD = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
                "Games", "Withdrew"]
FECODAZ_TEAM_HEAD = [*FECODAZ_HEAD, "Team", "Team place", "Board", "Board place"]
FECODAZ_STRONG = 2200  # a national rating outside every amateur band (Sub 2000 is 1800–1999)


def fecodaz_person(place, name, *, pid=None, sex="M", born=1980, league="Valle", title=None, nat=FECODAZ_STRONG,
                   fide=None, score=0.0, games=7, withdrew="No", team=()):
    return [place, name, pid or name, sex, born, league, title, nat, fide, score, games, withdrew, *team]


def fecodaz_ladder(*specs, top=7.0):
    """Rows placed 1, 2, 3 … in the order given, scores top, top − ½, … (all different: no item-5 tie).
    Each spec: (name, keyword dict for :func:`fecodaz_person`)."""
    return [fecodaz_person(i, name, score=top - 0.5 * (i - 1), **kw) for i, (name, kw) in enumerate(specs, 1)]


def fecodaz_book(name, rows, *, kind="Open", start=dt.date(2009, 3, 1), end=None, base=1, host="Valle", irt="No",
                 stop="1", head=FECODAZ_HEAD, **extra):
    """A FECODAZ tournament workbook: 7 rounds over 3 days, cash prizes, no norms (``extra``: other settings)."""
    t = {"Name": name, "Start": start, "End": end or start + dt.timedelta(days=2), "Kind": kind,
         "Host league": host, "IRT": irt, "Norms": "None", "Cash prizes": "Yes", "Rounds": 7, "Stop": stop,
         "Base category": base if kind not in ("Sub 14", "Team") else None}
    t.update(extra)
    return {"Tournament": {k: v for k, v in t.items() if v is not None}, "Results": [head, *rows]}


def fecodaz_totals(res, ranking):
    s = res.outcome.standings
    s = s[s["ranking"] == ranking]
    return {n: float(t) for n, t in zip(s["name"], s["total"])}


def fecodaz_counted(res, ranking, name):
    """{tournament: counted?} of one player's ledger rows in one ranking (the cap row left out)."""
    from gpcalc.circuits.fecodaz_rules import RULE_CAP

    lg = res.outcome.ledger
    lg = lg[(lg["ranking"] == ranking) & (lg["name"] == name) & (lg["rule"] != RULE_CAP)]
    return dict(zip(lg["tournament"], lg["counted"].astype(bool)))


def fecodaz_visitors_closed(name, rows, start, base=1, host="Valle", **extra):
    """A closed tournament: the given rows, then three players from other ligas (Bogotá, Cauca, Meta) with
    lower game scores (valid under Art. 2 q 1 when played before 30 September)."""
    n = len(rows)
    visitors = [fecodaz_person(n + 1, "v1", league="Bogotá", score=1, games=3),
                fecodaz_person(n + 2, "v2", league="Cauca", score=0.5, games=3),
                fecodaz_person(n + 3, "v3", league="Meta", score=0, games=3)]
    return fecodaz_book(name, [*rows, *visitors], kind="Closed", start=start, base=base, host=host, **extra)


def benchmark_module(name: str, alias: str) -> Any:
    """benchmarks/<name>.py loaded as module `alias` (benchmarks/ is not a package; the alias keeps it apart from
    any module of that name)."""
    import importlib.util
    import sys

    spec = importlib.util.spec_from_file_location(alias, Path(__file__).resolve().parents[1] / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[alias] = mod
    spec.loader.exec_module(mod)
    return mod
