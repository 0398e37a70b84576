"""FECODAZ circuit end to end: season folders built by hand, the sample season, `gpcalc new`/`template`.

The hand-built season (year 2009, illustrative table: categoría 3 → 20, 18, 16) and the arithmetic behind every
expected number:

- A  Open, base 2; titles GM 5 + IM 3 + WFM 2 = 10 → +1 (Art. 3 item 1); 6 players with > 2 games → +0
     (Hugo has exactly 2, item 3) → categoría 3. Carlos 20, Diego 18, Elena 16; Fabio tied on 5 with the last
     scorer → 16/2 = 8 (item 5). Gloria (F, 1996): alone in Sub 18/16 Femenino with 0 → minimum 6 (item 4).
     Hugo withdrew without justification (Art. 6); Iván with justification.
- B  Open (Spanish headers), base 1 + IM norms 2 (item 2), titles 8 → 0 → 3. Diego 20, Carlos 18, Fabio 16.
     Ana (F, 1992) is the only woman, 0 points → Dama minimum 6 in Femenino, Sub 20 and Sub 18 Femenino.
- C  Closed, host Valle, 3 players from other ligas, June → valid (Art. 2 q): Diego 20, Carlos 18, Juan 16.
- D  Closed, October → excluded (Art. 2 q 2).
- E  Closed, host Bogotá, May, titles 10 → +1, base 2 → 3: Diego 20, Carlos 18, Elena 16.
- N  National without cash prizes: base 8 given, starts at 3 (item 6): Elena 20, Carlos 18, Hugo 16.
- T  Team: X 1st (Carlos board 1 place 1 → 12, Fabio board 2 place 2 → 8, each +6); Y 2nd (Juan board 1
     place 2 → 10, Hugo board 2 place 1 → 10, each +4) (amateur list item 7).
Absoluto: M = 6 tournaments awarding points (A, B, C, E, N, T) → best max(1, floor(12/3)) = 4 (item 6).
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from pathlib import Path

import pandas as pd
import pytest
from builders import make_season
from click.testing import CliRunner
from python_calamine import CalamineWorkbook

from gpcalc.cli import main
from gpcalc.pipeline import compute

ROOT = Path(__file__).resolve().parent.parent
HEAD = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "Score", "Games", "Withdrew"]
TEAM_HEAD = [*HEAD, "Team", "Team place", "Board", "Board place"]
POINTS = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                          for c in range(1, 14)]
PEOPLE = {  # name: (ID, sex, born, liga)
    "Carlos": ("101", "M", 1980, "Valle"), "Diego": ("102", "M", 1975, "Bogotá"), "Elena": ("103", "F", 1990, "Valle"),
    "Fabio": ("104", "M", 1994, "Antioquia"), "Gloria": ("105", "F", 1996, "Caldas"),
    "Hugo": ("106", "M", 1960, "Bogotá"), "Iván": ("107", "M", 1995, "Valle"), "Ana": ("108", "F", 1992, "Bogotá"),
    "Juan": ("109", "M", 1985, "Antioquia"),
}


def row(place, name, title=None, score=0, games=7, withdrew="No", *team):
    pid, sex, born, liga = PEOPLE[name]
    return [place, name, pid, sex, born, liga, title, score, games, withdrew, *team]


def tour(name, kind, start, host, base, results, norms="None", cash="Yes", head=HEAD, **extra):
    settings = {"Circuit": "fecodaz", "Name": name, "Start": start, "End": start + dt.timedelta(days=3),
                "Kind": kind, "Host league": host, "IRT": "Yes", "Norms": norms, "Cash prizes": cash, "Rounds": 7,
                "Stop": extra.pop("stop", None), **extra}
    if base is not None:
        settings["Base category"] = base
    return {"Tournament": {k: v for k, v in settings.items() if v is not None}, "Results": [head, *results]}


def season_books():
    a = tour("A", "Open", dt.date(2009, 2, 1), "Valle", 2, [
        row(1, "Carlos", "GM", 6), row(2, "Diego", "IM", 5.5), row(3, "Elena", "WFM", 5), row(4, "Fabio", None, 5),
        row(5, "Gloria", None, 4.5), row(6, "Hugo", None, 1, 2, "Yes"), row(7, "Iván", None, 1, 3, "Justified")])
    b_rows = [[1, "Diego", "102", "M", 1975, "Bogotá", "MI", "6", 7, "No"],
              [2, "Carlos", "101", "M", 1980, "Valle", "GMI", "5", 7, "No"],
              [3, "Fabio", "104", "M", 1994, "Antioquia", None, "4,5", 7, "No"],
              [4, "Hugo", "106", "M", 1960, "Bogotá", None, "4", 7, "No"],
              [5, "Ana", "108", "F", 1992, "Bogotá", None, "3", 7, "No"]]
    b = {"Torneo": {"Circuito": "fecodaz", "Nombre": "B", "Inicio": dt.date(2009, 3, 1), "Fin": dt.date(2009, 3, 4),
                    "Tipo": "Abierto", "Liga sede": "Bogotá", "Categoría base": 1, "IRT": "Sí", "Normas": "MI",
                    "Premios en efectivo": "Sí", "Rondas": 7},
         "Resultados": [["Puesto", "Nombre", "Cédula", "Sexo", "Nacimiento", "Liga", "Título", "Puntos", "Partidas",
                         "Retiro"], *b_rows]}
    c = tour("C", "Closed", dt.date(2009, 6, 10), "Valle", 3, [
        row(1, "Diego", "IM", 2.5, 3), row(2, "Carlos", "GM", 2, 3), row(3, "Juan", None, 1, 3),
        row(4, "Hugo", None, 0.5, 3)])
    d = tour("D", "Closed", dt.date(2009, 10, 5), "Valle", 3, [
        row(1, "Carlos", "GM", 3, 3), row(2, "Diego", "IM", 2, 3), row(3, "Juan", None, 1, 3),
        row(4, "Hugo", None, 0, 3)])
    e = tour("E", "Closed", dt.date(2009, 5, 10), "Bogotá", 2, [
        row(1, "Diego", "IM", 2.5, 3), row(2, "Carlos", "GM", 2, 3), row(3, "Elena", "WFM", 1, 3),
        row(4, "Juan", None, 0.5, 3)])
    n = tour("N", "National", dt.date(2009, 9, 1), "Cundinamarca", 8, [
        row(1, "Elena", None, 6), row(2, "Carlos", "GM", 5), row(3, "Hugo", None, 4), row(4, "Ana", None, 3)],
        cash="No", Ranking="Absoluto")
    t = tour("T", "Team", dt.date(2009, 7, 1), "Bogotá", None, [
        row(1, "Carlos", "GM", 5, 7, "No", "X", 1, 1, 1), row(2, "Juan", None, 5, 7, "No", "Y", 2, 1, 2),
        row(3, "Hugo", None, 4, 7, "No", "Y", 2, 2, 1), row(4, "Fabio", None, 3, 7, "No", "X", 1, 2, 2)],
        head=TEAM_HEAD, Ranking="Absoluto")
    return {"a.xlsx": a, "b.xlsx": b, "c.xlsx": c, "d.xlsx": d, "e.xlsx": e, "n.xlsx": n, "t.xlsx": t}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("fz")
    folder = make_season(root, {"Circuit": "fecodaz", "Season": "2009", "Points table source": "test table"},
                         sheets={"Points": POINTS}, tournaments=season_books())
    out = root / "out.json"
    res = CliRunner().invoke(main, ["build", str(folder), "--json", str(out)])
    assert res.exit_code == 0, res.output
    return json.loads(out.read_text(encoding="utf-8")), folder


def standing(data, ranking, name):
    hits = [s for s in data["standings"] if s["ranking"] == ranking and s["name"] == name]
    return hits[0] if hits else None


def points(data, tournament, ranking, name):
    return sum(x["points"] for x in data["ledger"] if x["tournament"] == tournament and x["ranking"] == ranking
               and x["name"] == name)


def test_categories_and_breakdown(built):
    # Art. 3 items 1, 2, 3, 6 (see the module docstring)
    data, _ = built
    t = {x["name"]: x for x in data["tournaments"]}
    assert {k: t[k]["category"] for k in "ABCDEN"} == {"A": 3, "B": 3, "C": 3, "D": 3, "E": 3, "N": 3}
    assert t["A"]["title_bonus"] == 1 and t["A"]["players_over_2_games"] == 6  # Hugo: exactly 2 games
    assert t["B"]["norm_bonus"] == 2
    assert t["N"]["base"] == 3 and "base 3" in t["N"]["category_breakdown"]
    assert t["D"]["counts"] is False and "Art. 2 q 2" in t["D"]["status"]
    assert t["T"]["category"] is None


def test_place_points_tie_half_and_minimums(built):
    data, _ = built
    assert points(data, "A", "Absoluto", "Carlos") == 20
    assert points(data, "A", "Absoluto", "Fabio") == 8  # item 5: half of 16
    assert points(data, "A", "Sub 18 Femenino", "Gloria") == 6  # item 4
    assert points(data, "A", "Absoluto", "Gloria") == 0
    assert points(data, "B", "Femenino", "Ana") == 6  # Dama minimum
    assert points(data, "B", "Absoluto", "Diego") == 20  # Spanish headers and values read
    assert points(data, "D", "Absoluto", "Carlos") == 0  # invalid closed gives nothing
    assert points(data, "T", "Absoluto", "Carlos") == 12 + 6 and points(data, "T", "Absoluto", "Juan") == 10 + 4


def test_counting_cap_and_totals_art3_item6_art2_q3(built):
    data, _ = built
    # Carlos: opens A 20, B 18, N 18, T 18 = 74 (closed 18, 18 dropped; 1 closed + 3 opens is also 74)
    carlos = standing(data, "Absoluto", "Carlos")
    assert carlos["total"] == 74 and carlos["rank"] == 1
    assert sum(r["counted"] for r in carlos["results"]) == 4
    # Diego: opens B 20 + A 18; closed C 20 + E 20 = 40 capped at 30 → 68; the ledger shows −10
    diego = standing(data, "Absoluto", "Diego")
    assert diego["total"] == 68 and diego["closed_cap"] == -10
    cap = [x for x in data["ledger"] if x["rule"] == "FECODAZ Art. 2 q 3" and x["name"] == "Diego"]
    assert len(cap) == 1 and cap[0]["points"] == -10
    # Femenino: M = 4 (A, B, E, N) → best 2: Elena N 20 + A 16 = 36
    assert standing(data, "Femenino", "Elena")["total"] == 36


def test_withdrawal_sanction_art6(built):
    data, _ = built
    assert all(s["name"] != "Hugo" for s in data["standings"])
    assert {(s["name"], s["withdrew"]) for s in data["sanctions"]} == {("Hugo", "Yes"), ("Iván", "Justified")}
    # Hugo's 16 in N are not passed down: Ana (4th) still has 0 there
    assert points(data, "N", "Absoluto", "Ana") == 0


def test_tiebreak_more_tournaments_art4(built):
    # Sub 18 Femenino: M = 2 → best 1; Gloria 6 (A), Ana 6 (B): Ana played B and N, Gloria only A → Ana 1st
    data, _ = built
    ana, gloria = standing(data, "Sub 18 Femenino", "Ana"), standing(data, "Sub 18 Femenino", "Gloria")
    assert (ana["rank"], gloria["rank"]) == (1, 2) and not ana["tied"]


def test_ligas_two_best_art5_d(built):
    # Valle 74 + 52 (Elena: A 16, N 20, E 16 = 52) = 126; Bogotá: Diego 68 (Hugo sanctioned); Antioquia:
    # Fabio 38 (8 + 16 + 14) + Juan 30 (C 16 + T 14) = 68 → tied 2nd with Bogotá
    data, _ = built
    clubs = {c["club"]: c for c in data["clubs"] if c["ranking"] == "Absoluto"}
    assert clubs["Valle"]["total"] == 126 and clubs["Valle"]["rank"] == 1
    assert clubs["Bogotá"]["total"] == 68 and clubs["Antioquia"]["total"] == 68
    assert clubs["Bogotá"]["rank"] == clubs["Antioquia"]["rank"] == 2


def test_points_source_on_summary(built):
    data, folder = built
    assert data["points_table_source"] == "test table"
    wb = CalamineWorkbook.from_path(str(folder / "output" / "standings.xlsx"))
    assert wb.sheet_names[0] == "Summary"
    summary = wb.get_sheet_by_name("Summary").to_python()
    assert ["Points table source", "test table"] in [r[:2] for r in summary]
    assert {"Sanctions", "Ligas", "Points table", "Absoluto", "Sub 16 Femenino"} <= set(wb.sheet_names)


def test_tied_place_is_an_error(tmp_path):
    books = {"a.xlsx": tour("A", "Open", dt.date(2009, 2, 1), "Valle", 3, [
        row(1, "Carlos", None, 5), ["3-4", "Diego", "102", "M", 1975, "Bogotá", None, 4, 7, "No"],
        ["3-4", "Fabio", "104", "M", 1994, "Antioquia", None, 4, 7, "No"]])}
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009"}, sheets={"Points": POINTS},
                         tournaments=books)
    res = compute(folder)
    assert res.outcome is None
    assert "tied-place" in {i.code for i in res.issues.errors}


def test_points_sheet_required(tmp_path):
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009"}, tournaments={})
    res = compute(folder)
    assert any(i.code == "missing-sheet" and "Points" in i.message for i in res.issues.errors)


def test_new_writes_illustrative_table(tmp_path):
    res = CliRunner().invoke(main, ["new", "fecodaz", str(tmp_path / "s"), "--season", "2009"])
    assert res.exit_code == 0, res.output
    wb = CalamineWorkbook.from_path(str(tmp_path / "s" / "season.xlsx"))
    settings = {r[0]: r[1] for r in wb.get_sheet_by_name("Season").to_python()}
    assert settings["Points table source"] == "ILLUSTRATIVE — replace with the official FECODAZ table"
    pts = wb.get_sheet_by_name("Points").to_python()
    assert pts[13][:14] == [13, *range(40, 14, -2)]  # categoría 13: 40, 38, …, 16


# ------------------------------------------------------------------------------------------- the sample season

SAMPLE = ROOT / "sample_data" / "fecodaz-2009"


@pytest.fixture(scope="module")
def sample(sample_builds):
    """The sample's JSON export (built once per test process: conftest.sample_builds)."""
    return sample_builds[SAMPLE.name].data()


def test_sample_builds_and_has_the_required_events(sample):
    tours = sample["tournaments"]
    opens = [t for t in tours if t["kind"] == "Open"]
    assert len(opens) >= 10 and all(40 <= t["players"] <= 300 for t in opens)
    assert any(t["norm_bonus"] == 2 for t in opens) and any(t["norm_bonus"] == 4 for t in opens)
    assert any(t["kind"] == "Closed" and t["counts"] for t in tours)
    assert any(t["kind"] == "National" and t["base"] == 3 for t in tours)
    assert any(t["kind"] == "Team" for t in tours)
    bog = next(t for t in opens if "Bogotá" in t["name"])
    assert bog["size_bonus"] == 2 and bog["players_over_2_games"] == 260  # Art. 3 item 3
    assert bog["category"] > 13  # uses the extension beyond the table
    assert all(s["name"] != "Rojas Pérez, Andrés Felipe" for s in sample["standings"])
    assert any(s["withdrew"] == "Yes" for s in sample["sanctions"])
    assert not [i for i in sample["issues"] if i["severity"] == "error"]


def test_sample_totals_are_ledger_sums(sample):
    # every total is the sum of the counted ledger rows of that ranking and player (cap rows included)
    sums: dict = {}
    for x in sample["ledger"]:
        if x["counted"]:
            key = (x["ranking"], x["id"], x["name"])
            sums[key] = sums.get(key, 0) + x["points"]
    for s in sample["standings"]:
        assert s["total"] == pytest.approx(sums[(s["ranking"], s["id"], s["name"])])


def test_sample_generator_is_deterministic(tmp_path):
    import runpy

    mod = runpy.run_path(str(ROOT / "scripts" / "make_sample_fecodaz.py"))
    mod["main"](tmp_path / "again")
    for rel in ("season.xlsx", "02-valle/mayores.xlsx", "nacionales/equipos.xlsx",
                "juveniles/festival-sub14-neiva.xlsx", "nacionales/nacional-sub12.xlsx"):
        fresh = hashlib.sha256((tmp_path / "again" / rel).read_bytes()).hexdigest()
        assert fresh == hashlib.sha256((SAMPLE / rel).read_bytes()).hexdigest(), rel


def test_compliance_warnings_art2(tmp_path):
    # Art. 2 g: 5 rounds (< 6) over 1 day (> 3 a day); Art. 2 e: prizes 500.000 < 1.000.000; Art. 2 b: no Sub-14
    # companion at stop 1; Art. 2 d: two GP opens on the same dates
    one = tour("A", "Open", dt.date(2009, 2, 1), "Valle", 3, [row(1, "Carlos", None, 4)], stop=1)
    one["Tournament"].update({"Rounds": 5, "End": dt.date(2009, 2, 1), "Prizes paid": "500.000"})
    one["Results"][1][8] = 5  # (Games: at most one per round)
    two = tour("B", "Open", dt.date(2009, 2, 1), "Bogotá", 3, [row(1, "Diego", None, 4)])
    folder = make_season(tmp_path, {"Circuit": "fecodaz", "Season": "2009", "Points table source": "x"},
                         sheets={"Points": POINTS}, tournaments={"a.xlsx": one, "b.xlsx": two})
    res = compute(folder)
    codes = {i.code for i in res.issues.items if i.severity == "warning"}
    assert {"few-rounds", "rounds-a-day", "small-prize-fund", "no-sub14", "no-stop", "same-dates"} <= codes
    assert res.outcome is not None


def test_sample_amateur_lock_youth_and_money(sample):
    # Art. 3 amateur list: Lozano is 1760 at the first stop (scores in Sub 1800) and 1815+ from April, yet every
    # result of his is in Sub 1800 (category locked for the year)
    lozano = [x for x in sample["ledger"] if x["name"] == "Lozano Parra, Camilo" and x["ranking"] in
              ("Sub 2000", "Sub 1800", "Sub 1700")]
    assert len(lozano) >= 4 and {x["ranking"] for x in lozano} == {"Sub 1800"}
    assert any("locked" in x["detail"] for x in lozano)
    # Pinzón (amateur woman): her band points also count in Dama amateur (amateur item 1)
    assert any(s["name"] == "Pinzón Ruiz, Daniela" for s in sample["standings"] if s["ranking"] == "Dama amateur")
    # Art. 2 m: the independent Sub-14 tournament feeds the youth rankings; the national Sub 12 championship
    # feeds only Sub 12 Absoluto (amateur item 5)
    neiva = {x["ranking"] for x in sample["ledger"] if x["tournament"] == "Festival Sub 14 de Neiva"}
    assert neiva and neiva <= {f"Sub {n} {r}" for n in (14, 12, 10, 8, 6) for r in ("Absoluto", "Femenino")}
    assert {x["ranking"] for x in sample["ledger"] if x["tournament"] == "Campeonato Nacional Sub 12"} == {
        "Sub 12 Absoluto"}
    # money: Pot table present → ten places of Absoluto money; the 1 % awards; one prize per player
    bolsa = sample["bolsa"]
    assert bolsa["pot_table"] and bolsa["paid_out"] == pytest.approx(0.8 * bolsa["total"])
    winners = [p["id"] for p in sample["prizes"] if p["ranking"] != "Organisers" and p["name"]]
    assert len(winners) == len(set(winners)) and len(winners) >= 10
    assert sum(p["ranking"] == "Organisers" for p in sample["prizes"]) >= 2
    # Art. 4: Quiroga (VEN, Resident = Yes) may qualify for the national final
    quals = {q["name"] for q in sample["qualifiers"] if q["rama"] == "Absoluto"}
    assert len(quals) == 3 and all(q["federation"] == "COL" or q["resident"] == "Yes" for q in sample["qualifiers"])


def test_compute_reuses_validates_tournaments_only_for_the_same_frames():  # Art. 3 categoría, computed once
    from gpcalc.season import load_season

    def frames(season):
        out = season.circuit.compute(season)
        return out.tournaments, out.standings

    def same(a, b):
        for x, y in zip(a, b):
            pd.testing.assert_frame_equal(x, y)

    kept = load_season(SAMPLE)
    assert "fecodaz_tournaments" in kept.scratch  # validate kept its tournaments frame
    fresh = load_season(SAMPLE)
    fresh.scratch.clear()
    same(frames(kept), frames(fresh))
    # the season's tournaments replaced after validate (one more categoría everywhere): not served from scratch
    changed, alone = load_season(SAMPLE), load_season(SAMPLE)
    alone.scratch.clear()
    for s in (changed, alone):
        s.tournaments = s.tournaments.assign(base_category=s.tournaments["base_category"] + 1)
    got = frames(changed)
    same(got, frames(alone))
    assert not got[0]["category"].equals(frames(fresh)[0]["category"])


def test_played_fast_path_equals_the_sort(monkeypatch):  # Art. 4 tiebreaks: tournaments played, last place
    from gpcalc.circuits import fecodaz as F
    from gpcalc.season import load_season

    fast = load_season(SAMPLE)
    fast_out = fast.circuit.compute(fast)
    monkeypatch.setattr(F, "_played_counted", lambda *args, **kwargs: None)  # the sorting path instead
    slow = load_season(SAMPLE)
    slow_out = slow.circuit.compute(slow)
    pd.testing.assert_frame_equal(fast_out.standings, slow_out.standings)
    assert fast_out.standings["played"].gt(1).any()  # (players with several tournaments: a real comparison)
