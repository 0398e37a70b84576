"""Write the sample Aarhus season sample_data/aarhus-2012-13/ (seeded, reproducible).

Five GPTs of 100–140 children in 6–9-round groups, Aarhusmesterskabet and DM-kvalifikation; girls in P and in
A–F; a merged A+B day (GPT 3); AA (Plus) groups beside A (GPTs 2 and 4); players who leave early (one with the
director's Move recorded); shared places. Workbooks are gpcalc's own template and season.xlsx, filled in.

    python scripts/make_sample_aarhus.py [FOLDER] [--seed N] [--players N]
"""

from __future__ import annotations

import argparse
import datetime as dt
import shutil
import sys
from pathlib import Path

import numpy as np
from openpyxl import load_workbook

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gpcalc.circuits import aarhus_rules as R  # noqa: E402
from gpcalc.circuits import get  # noqa: E402
from gpcalc.templates import write_season, write_template  # noqa: E402

CLUBS = ("Skåde Skoleskak", "Lystrup Skoleskak", "Viby Skoleskak", "Tranbjerg Skoleskak", "Risskov Skoleskak",
         "Hasle Skoleskak", "Egå Skoleskak", "Mårslet Skoleskak")
BOYS = ("Anders", "Bo", "Christian", "Daniel", "Emil", "Frederik", "Gustav", "Hans", "Jonas", "Kasper", "Lars",
        "Mads", "Nikolaj", "Oliver", "Peter", "Rasmus", "Simon", "Søren", "Thomas", "Viktor", "Brian", "Magnus",
        "Mikkel", "Noah", "William", "Lucas", "Oscar", "Aksel", "Tobias", "Jakob")
GIRLS = ("Anne", "Line", "Sofie", "Cæcilie", "Emma", "Ida", "Freja", "Clara", "Laura", "Maja", "Mathilde", "Julie",
         "Signe", "Sara", "Karoline", "Astrid", "Ellen", "Nanna")
LAST = ("Jensen", "Nielsen", "Hansen", "Pedersen", "Andersen", "Christensen", "Larsen", "Sørensen", "Rasmussen",
        "Jørgensen", "Petersen", "Madsen", "Kristensen", "Olsen", "Thomsen", "Christiansen", "Poulsen", "Johansen",
        "Møller", "Mortensen", "Holm", "Skov", "Berg", "Lund", "Kjær")
EVENTS = [  # name, date, kind
    ("GPT 1 Skåde", dt.date(2012, 9, 22), R.GPT),
    ("GPT 2 Lystrup", dt.date(2012, 10, 27), R.GPT),
    ("GPT 3 Viby", dt.date(2012, 11, 24), R.GPT),
    ("Aarhusmesterskabet 2013", dt.date(2013, 1, 12), R.AM),
    ("GPT 4 Tranbjerg", dt.date(2013, 2, 2), R.GPT),
    ("DM-kvalifikation 2013", dt.date(2013, 2, 23), R.DM),
    ("GPT 5 Risskov", dt.date(2013, 3, 16), R.GPT),
]
LADDER = ("A", "B", "C", "D", "E", "F")


def make_players(rng: np.random.Generator, n: int) -> list[dict]:
    players, seen = [], set()
    table = R.default_age_table(2012)
    while len(players) < n:
        girl = rng.random() < 0.32
        first = rng.choice(GIRLS if girl else BOYS)
        name = f"{rng.choice(LAST)}, {first}"
        if name in seen:
            continue
        seen.add(name)
        born = int(rng.choice(np.arange(1994, 2007), p=_age_weights()))
        age = R.age_groups(__import__("pandas").Series([born]), table).iloc[0]
        strength = age
        rating = 900 + (2006 - born) * -60 + 1500 + rng.normal(0, 170)
        if rng.random() < 0.12 and age != "F":  # a new player placed one group lower (§2 stk. 4)
            strength = LADDER[LADDER.index(age) + 1]
        beginner = born >= 2003 and rng.random() < 0.25
        players.append({"name": name, "girl": girl, "born": born, "club": str(rng.choice(CLUBS)),
                        "id": str(int(rng.integers(10000, 99999))) if rng.random() < 0.45 else "",
                        "rating": round(float(rating)), "age": age, "strength": strength, "beginner": beginner,
                        "prefers_p": girl and rng.random() < 0.45, "register_strength": strength != age,
                        "attend": float(rng.uniform(0.55, 0.95))})
    return players


def _age_weights() -> np.ndarray:
    w = np.array([4, 4, 4, 4, 5, 5, 6, 6, 6, 6, 5, 4, 3], dtype=float)
    return w / w.sum()


def play_group(rng: np.random.Generator, members: list[dict], rounds: int, leave: dict[str, int]) -> list[dict]:
    """A Swiss-ish event: random pairings each round among those still present; Elo-like results."""
    n = len(members)
    score = {m["name"]: 0.0 for m in members}
    games = {m["name"]: 0 for m in members}
    for rnd in range(1, rounds + 1):
        present = [m for m in members if leave.get(m["name"], rounds + 1) >= rnd]
        present.sort(key=lambda m: (-score[m["name"]], rng.random()))
        if len(present) % 2 == 1:  # the lowest gets a bye: 1 point, not a game
            bye = present.pop()
            score[bye["name"]] += 1.0
        for a, b in zip(present[::2], present[1::2]):
            p = 1 / (1 + 10 ** ((b["rating"] - a["rating"]) / 400))
            x = rng.random()
            draw = 0.18
            if x < p - draw / 2:
                sa = 1.0
            elif x < p + draw / 2:
                sa = 0.5
            else:
                sa = 0.0
            score[a["name"]] += sa
            score[b["name"]] += 1 - sa
            games[a["name"]] += 1
            games[b["name"]] += 1
    out = [{**m, "points": score[m["name"]], "games": games[m["name"]]} for m in members]
    out.sort(key=lambda m: -m["points"])
    del n
    return out


def with_places(rows: list[dict]) -> list[dict]:
    """Places from points; equal points share the place, written =3 (the organisers' form)."""
    pts = [r["points"] for r in rows]
    for r in rows:
        first = pts.index(r["points"]) + 1
        shared = pts.count(r["points"]) > 1
        r["place"] = f"={first}" if shared else first
    return rows


def fmt_points(x: float, rng: np.random.Generator) -> object:
    if x == int(x):
        return int(x)
    return rng.choice([f"{int(x)}½" if int(x) else "½", f"{x:.1f}".replace(".", ","), x])


def run(folder: Path, seed: int, n_players: int) -> None:
    import pandas as pd

    rng = np.random.default_rng(seed)
    circuit = get("aarhus")
    if folder.exists():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    players = make_players(rng, n_players)
    by_name = {p["name"]: p for p in players}

    # season.xlsx from gpcalc's own writer, then the register filled in
    season_path = write_season(circuit, folder / "season.xlsx", season="2012/2013",
                               title="Aarhus Skoleskak Grand Prix Mesterskab 2012/2013")
    wb = load_workbook(season_path)
    ws = wb["Season"]
    for row in ws.iter_rows(min_row=2):
        if row[0].value == "GPTs":
            row[1].value = 5
    reg = wb["Players"]
    headers = [c.value for c in reg[1]]
    for r in range(2, reg.max_row + 1):
        for c in range(1, len(headers) + 1):
            reg.cell(row=r, column=c, value=None)
    for i, p in enumerate(sorted(players, key=lambda p: p["name"]), start=2):
        values = {"ID": p["id"] or None, "Name": p["name"], "Sex": "P" if p["girl"] else "D", "Born": p["born"],
                  "Club": p["club"], "Strength group": p["strength"] if p["register_strength"] else None,
                  "Rating": p["rating"]}
        for j, h in enumerate(headers, start=1):
            reg.cell(row=i, column=j, value=values.get(h))
    wb.save(season_path)

    # A running strength group, the generator's own (simple) bookkeeping of §4
    strength = {p["name"]: p["strength"] for p in players}
    a_winner: str | None = None
    gpt_no = 0
    earlier_gpt: set[str] = set()
    for name, date, kind in EVENTS:
        rows: list[dict] = []
        groups: dict[str, int] = {}
        if kind == R.GPT:
            gpt_no += 1
            present = [p for p in players if rng.random() < p["attend"]]
            target = int(rng.integers(100, 141))
            present = present[:target]
            buckets: dict[str, list[dict]] = {}
            girls_p = [p for p in present if p["prefers_p"]]
            use_p = len(girls_p) >= 4
            for p in present:
                if p["beginner"] and gpt_no <= 3:
                    g = "N"
                elif use_p and p["prefers_p"]:
                    g = "P"
                else:
                    g = strength[p["name"]]
                buckets.setdefault(g, []).append(p)
            if gpt_no == 3:  # a merged A+B day
                buckets["A+B"] = buckets.pop("A", []) + buckets.pop("B", [])
            if gpt_no in (2, 4) and len(buckets.get("A", [])) > 8:  # AA (Plus) beside A
                a = sorted(buckets["A"], key=lambda p: -p["rating"])
                plus = a[:5]
                if a_winner and a_winner in {p["name"] for p in a} and a_winner not in {p["name"] for p in plus}:
                    plus.append(by_name[a_winner])
                else:
                    plus.append(a[5])
                buckets["AA"] = plus
                buckets["A"] = [p for p in a if p not in plus]
            for g, members in sorted(buckets.items(), key=lambda kv: _order(kv[0])):
                rounds = int(rng.choice([6, 7, 7, 8, 9])) if g != "AA" else 6
                groups[g] = rounds
                leave = {m["name"]: int(rng.integers(1, rounds)) for m in members if rng.random() < 0.05}
                played = with_places(play_group(rng, members, rounds, leave))
                for m in played:
                    m["group"] = g
                    m["move"] = None
                    if m["name"] in leave and 2 * m["points"] < m["games"] and rng.random() < 0.6:
                        m["move"] = str(rng.choice(["bliv", "ned", "stay", "down"]))
                rows += played
                if g == "A":
                    a_winner = played[0]["name"]
            # the generator's own §4 bookkeeping for the next GPT's groups
            for m in rows:
                if m["group"] in ("P", "N") or m["games"] == 0:
                    continue
                g0 = strength[m["name"]]
                i = LADDER.index(g0)
                full = m["games"] >= groups[m["group"]]
                if 2 * m["points"] >= 1.5 * m["games"] and i > 0:
                    strength[m["name"]] = LADDER[i - 1]
                elif 2 * m["points"] < 0.5 * m["games"] and i < 5 and full and m["group"] != "A+B":
                    strength[m["name"]] = LADDER[i + 1]
            earlier_gpt |= {m["name"] for m in rows}
        elif kind == R.AM:
            present = [p for p in players if rng.random() < 0.45 and not p["beginner"]]
            buckets = {}
            for p in present:
                buckets.setdefault("P" if p["prefers_p"] and rng.random() < 0.5 else p["age"], []).append(p)
            for g, members in sorted(buckets.items(), key=lambda kv: _order(kv[0])):
                rounds = 7 if len(members) >= 6 else 6
                groups[g] = rounds
                played = with_places(play_group(rng, members, rounds, {}))
                for m in played:
                    m["group"], m["move"] = g, None
                rows += played
        else:  # DM-kvalifikation: by age, 5 rounds; two pre-qualified listed without playing
            present = [p for p in players if rng.random() < 0.35 and not p["beginner"]]
            outsiders = [p for p in players if p["name"] not in earlier_gpt][:3]
            present += [p for p in outsiders if p not in present]
            prequal = [p for p in players if p["age"] in ("A", "B") and p["name"] in earlier_gpt][:2]
            present = [p for p in present if p not in prequal]
            buckets = {}
            for p in present:
                buckets.setdefault(p["age"], []).append(p)
            for g, members in sorted(buckets.items(), key=lambda kv: _order(kv[0])):
                rounds = 5
                groups[g] = rounds
                played = with_places(play_group(rng, members, rounds, {}))
                for m in played:
                    m["group"], m["move"] = g, None
                rows += played
            for p in prequal:
                rows.append({**p, "group": None, "place": None, "points": None, "games": None, "move": None,
                             "status": "Forhåndskvalificeret"})
        write_event(circuit, folder, name, date, kind, groups, rows, rng)
    del pd


def _order(g: str) -> int:
    return {"AA": 0, "A": 1, "A+B": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "N": 7, "P": 8}.get(g, 9)


def write_event(circuit, folder: Path, name: str, date: dt.date, kind: str, groups: dict[str, int],
                rows: list[dict], rng: np.random.Generator) -> Path:
    sub = folder / ("gpt" if kind == R.GPT else "special")
    path = write_template(circuit, sub / f"{date.isoformat()} {name}.xlsx")
    wb = load_workbook(path)
    ws = wb["Tournament"]
    values = {"Name": name, "Date": date, "Kind": kind}
    for row in ws.iter_rows(min_row=2):
        if row[0].value in values:
            row[1].value = values[row[0].value]
    gs = wb["Groups"]
    for i, (g, n) in enumerate(sorted(groups.items(), key=lambda kv: _order(kv[0])), start=2):
        gs.cell(row=i, column=1, value=g if g != "AA" or rng.random() < 0.5 else "Plus")
        gs.cell(row=i, column=2, value=n)
    rs = wb["Results"]
    headers = [c.value for c in rs[1]]
    for i, m in enumerate(rows, start=2):
        pts = m.get("points")
        full = m.get("games") is not None and m["group"] in groups and m["games"] >= groups[m["group"]] - 1
        values = {"Group": m["group"], "Place": m["place"], "Name": m["name"], "ID": m["id"] or None,
                  "Club": m["club"], "Born": m["born"], "Sex": "P" if m["girl"] else "D",
                  "Points": None if pts is None else fmt_points(pts, rng),
                  "Games": None if m.get("games") is None or (full and rng.random() < 0.3) and
                  m["games"] == groups.get(m["group"]) else m["games"],
                  "Move": m.get("move"), "Status": m.get("status")}
        for j, h in enumerate(headers, start=1):
            v = values.get(h)
            if v is not None:
                cell = rs.cell(row=i, column=j, value=v.item() if hasattr(v, "item") else v)
                if isinstance(v, str) and v.startswith("="):
                    cell.data_type = "s"  # '=3' is a shared place, not a formula
    wb.save(path)
    return path


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("folder", nargs="?", default=str(ROOT / "sample_data" / "aarhus-2012-13"))
    ap.add_argument("--seed", type=int, default=2012)
    ap.add_argument("--players", type=int, default=175)
    args = ap.parse_args()
    run(Path(args.folder), args.seed, args.players)
    print(f"wrote {args.folder}")


if __name__ == "__main__":
    main()
