#!/usr/bin/env python3
"""Generate the realistic sample season ``sample_data/acf-2005/`` for the ACF Grand Prix.

Deterministic: a fixed seed, no set iteration, a fixed workbook creation date and xlsxwriter's fixed zip
timestamps, so re-running writes identical files.  Usage::

    python scripts/make_sample_acf.py [OUT_DIR]      # default: sample_data/acf-2005 next to this script

The season has 17 tournaments in all eight States and Territories, all three classes (including prize money of
exactly $1500 and exactly $2500), single- and multi-section events (with a rapid side event mapped to ``None`` and a
junior section), a pool of 600 players of whom 40 are "regulars" playing many events, juniors, women, FIDE-only and
unrated players, tied places written ``=3``, ``3=`` and ``3-4``, name spellings such as ``Brennan, Michael`` and
rows without an ID.  A few scripted scenarios (see ``SCRIPT``) give golden tests clean facts to check; the
generator prints them at the end.
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path

import xlsxwriter

SEED = 20050101
CREATED = dt.datetime(2005, 12, 31, 12, 0, 0)
SEASON = 2005
JUNIOR_CUTOFF = dt.date(SEASON - 18, 1, 1)  # born after this date: junior (ACF cl. 1)
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "sample_data" / "acf-2005"

STATES = ("NSW", "VIC", "QLD", "ACT", "SA", "WA", "TAS", "NT")
# pool sizes per home State; "" = overseas visitors (no State)
STATE_POOL = {"NSW": 183, "VIC": 137, "QLD": 80, "ACT": 58, "SA": 40, "WA": 36, "TAS": 30, "NT": 20, "": 6}


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


MALE = _words(
    "John David Michael Peter Andrew James Robert Paul Mark Stephen Richard Chris Daniel Matthew Anthony Brian "
    "Ian Greg Kevin Scott Benjamin Samuel Thomas Nicholas Alexander Jonathan Timothy Simon Luke Nathan Adam "
    "Patrick George William Henry Max Oliver Jack Ethan Lachlan Hamish Angus Kieran Raymond Trevor Graham Neil "
    "Colin Wei Jun Hao Minh Duc Raj Arjun Vikram Sanjay Igor Sergei Vladimir Alexei Zoran Goran Milan Darko "
    "Tomasz Piotr Marek Con Nick Stavros Giorgos Marco Luca Carlos Diego Ahmed Omar Kenji Hiroshi Bruce Shane"
)
FEMALE = _words(
    "Sarah Emily Jessica Rebecca Emma Sophie Chloe Hannah Laura Rachel Anna Elena Natalia Irina Olga Katherine "
    "Jennifer Michelle Lisa Karen Helen Margaret Susan Linda Julia Amy Grace Lucy Mei Ling Ying Thi Priya Anjali "
    "Maria Ana Sofia Isabella Charlotte Georgia Zoe Alice Vanessa Angela Ruth Joanne"
)
SURNAMES = _words(
    "Smith Jones Williams Brown Wilson Taylor Johnson White Martin Anderson Thompson Nguyen Thomas Walker Harris "
    "Lee Ryan Robinson Kelly King Davis Wright Evans Roberts Green Hall Wood Jackson Clarke Patel Khan Lewis James "
    "Phillips Mitchell Turner Campbell Young Scott Murphy Edwards Baker O'Brien McDonald Stewart Morris Cooper "
    "Hughes Watson Chen Wang Li Zhang Liu Tran Le Pham Huynh Kim Park Singh Sharma Gupta Ivanov Petrov Smirnov "
    "Kovacs Novak Horvat Jovanovic Petrovic Nikolic Kowalski Nowak Wisniewski Papadopoulos Georgiou Nikolaidis "
    "Rossi Russo Bianchi Romano Rodriguez Fernandez Lopez Muller Schmidt Fischer Weber Becker Jansen Bakker "
    "Larsen Hansen Nielsen Andersson Johansson Lindqvist Kaplan Cohen Levy Friedman Sato Suzuki Tanaka Fraser "
    "Sutherland MacLeod Morrison Ross Reid Hamilton Gordon Burke Byrne Doyle Gallagher Quinn Fitzgerald Ashworth "
    "Hollis Sandler Xie Zhao Huang Feng Kerr Dunn Moss Barlow Hartley Keogh Mahoney Ng Yeo Tan Lim Goh"
)


# --------------------------------------------------------------------------------------------- players
@dataclass
class Player:
    key: int
    first: str
    last: str
    sex: str  # "M" / "F"
    born: dt.date
    born_in_register: str  # "date", "year" or "blank"
    state: str  # "" = overseas
    kind: str  # "acf", "fide", "unrated" (in register, ratings blank), "absent" (not in register)
    acf: int | None
    fide: int | None
    strength: float
    pid: str | None  # ACF ID as text, None = none known
    activity: float
    regular: bool = False
    events: list[str] = field(default_factory=list)  # regulars: the tournaments they play

    @property
    def name(self) -> str:
        return f"{self.first} {self.last}"

    @property
    def junior(self) -> bool:
        if self.born_in_register == "year" or self.kind == "absent":
            # the only year-only 1987 birth is scripted (Emily Tran) and counts as junior (ruling)
            return self.born.year > SEASON - 18 or (self.born.year == SEASON - 18 and self.born > JUNIOR_CUTOFF)
        return self.born > JUNIOR_CUTOFF

    @property
    def rating(self) -> int | None:
        return self.acf if self.acf is not None else self.fide

    @property
    def open_eligible(self) -> bool:  # ACF by-law cl. 12(1)(b): FIDE-only under 2000 may not win Open
        return not (self.kind == "fide" and self.fide is not None and self.fide < 2000)


# Hand-made players the scripted scenarios rely on: name → attributes.
SPECIAL = {
    "Michael Brennan": dict(sex="M", born=dt.date(1968, 4, 11), state="NSW", kind="acf", acf=2315, fide=2290,
                            pid="00123", regular=True,
                            events=["T01", "T03", "T04", "T06", "T07", "T10", "T11", "T13", "T14"]),
    "Sarah Whitfield": dict(sex="F", born=dt.date(1975, 9, 2), state="VIC", kind="acf", acf=1880, fide=1850,
                            pid="04417", regular=True,
                            events=["T02", "T03", "T04", "T08", "T13", "T14", "T16", "T17"]),
    "Hamish Drummond": dict(sex="M", born=dt.date(1991, 6, 14), state="ACT", kind="acf", acf=1960, fide=None,
                            pid="21877", regular=True,
                            events=["T01", "T04", "T06", "T08", "T10", "T13", "T14", "T17"]),
    "Thomas Nguyen": dict(sex="M", born=dt.date(1987, 1, 1), state="NSW", kind="acf", acf=1720, fide=None,
                          pid="13055", regular=True, events=["T01", "T06", "T10", "T13", "T14"]),
    "Emily Tran": dict(sex="F", born=dt.date(1987, 7, 1), born_in_register="year", state="VIC", kind="acf",
                       acf=1540, fide=None, pid="16230", regular=True,
                       events=["T02", "T03", "T04", "T16", "T17"]),
    "Grace Pemberton": dict(sex="F", born=dt.date(1993, 2, 20), state="SA", kind="acf", acf=1420, fide=None,
                            pid="31502", regular=True, events=["T04", "T05", "T09", "T14", "T16"]),
    "Dmitri Volkov": dict(sex="M", born=dt.date(1962, 7, 1), born_in_register="year", state="QLD", kind="fide",
                          acf=None, fide=1905, pid="38810", regular=True, events=["T07", "T08", "T04", "T17"]),
    "Nikolai Petrenko": dict(sex="M", born=dt.date(1979, 3, 30), state="", kind="fide", acf=None, fide=2285,
                             pid="39004", regular=True, events=["T04", "T06"]),
    "Liam O'Connor": dict(sex="M", born=dt.date(1983, 5, 5), state="TAS", kind="absent", acf=None, fide=None,
                          pid=None, regular=True, strength=1950, events=["T12", "T15"]),
    "José García": dict(sex="M", born=dt.date(1958, 12, 1), state="WA", kind="acf", acf=1790, fide=None,
                        pid="07301", regular=True, events=["T09", "T05", "T11"]),
}


def make_players(rng: random.Random) -> list[Player]:
    players: list[Player] = []
    used_names = set(SPECIAL)
    used_ids = {a["pid"] for a in SPECIAL.values() if a.get("pid")}
    id_pool = [n for n in range(100, 40000) if f"{n:05d}" not in used_ids]
    rng.shuffle(id_pool)

    for name, a in SPECIAL.items():
        first, last = name.split(" ", 1)
        rating = a["acf"] if a["acf"] is not None else a["fide"]
        players.append(Player(
            key=len(players), first=first, last=last, sex=a["sex"], born=a["born"],
            born_in_register=a.get("born_in_register", "date"), state=a["state"], kind=a["kind"],
            acf=a["acf"], fide=a["fide"], strength=float(a.get("strength", rating or 1500)), pid=a["pid"],
            activity=1.0, regular=True, events=list(a["events"]),
        ))

    n_regular = 40
    homes = [s for s, n in STATE_POOL.items() for _ in range(n)]
    assert len(homes) + len(SPECIAL) == 600
    rng.shuffle(homes)
    for state in homes:
        regular = sum(p.regular for p in players) < n_regular and state in ("NSW", "VIC", "QLD", "ACT", "SA")
        sex = "F" if rng.random() < (0.2 if regular else 0.12) else "M"
        while True:
            first = rng.choice(FEMALE if sex == "F" else MALE)
            last = rng.choice(SURNAMES)
            if f"{first} {last}" not in used_names:
                break
        used_names.add(f"{first} {last}")
        junior = rng.random() < (0.25 if regular else 0.22)
        if junior:  # born 2 Jan 1987 or later; year-only births avoid 1987 (that one case is scripted)
            born = dt.date(1987, 1, 2) + dt.timedelta(days=rng.randrange(0, 11 * 365))
        else:
            born = dt.date(1932, 1, 1) + dt.timedelta(days=rng.randrange(0, 54 * 365))
        u = rng.random()
        if state == "":
            kind = "fide" if u < 0.7 else "absent"
        elif regular:
            kind = "acf" if u < 0.92 else "unrated"
        else:
            kind = "acf" if u < 0.70 else "fide" if u < 0.72 else "unrated" if u < 0.79 else "absent"
        if kind in ("acf", "fide"):
            base = rng.gauss(1850 if regular else 1520, 260 if regular else 330)
            if sex == "F":
                base -= 120
            if junior:  # a junior's rating grows with age: about 1520 at 9, 2080 at 16
                base = min(base - rng.uniform(100, 350), 800 + 80 * (SEASON - born.year))
            rating = int(min(2480, max(650, base)))
        else:
            rating = None
        acf = rating if kind == "acf" else None
        fide = None
        if kind == "fide":  # visitors and new arrivals; the FIDE floor in 2005 was about 1700
            fide = int(max(1700.0, min(rng.gauss(2000, 200), 2450.0, 800 + 80 * (SEASON - born.year))))
        elif kind == "acf" and rating >= 1800 and rng.random() < 0.6:
            fide = int(rating + rng.gauss(-30, 60))
        if rating is None:
            strength = min(2150.0, max(500.0, rng.gauss(1150, 350)))
        else:
            strength = float(fide if kind == "fide" else rating) + (rng.uniform(0, 150) if junior else 0)
        r = rng.random()
        if born.year == SEASON - 18 or kind == "absent":  # a bare year 1987 only for the scripted Emily Tran
            born_reg = "date"
        elif junior:
            born_reg = "year" if r < 0.15 else "date"
        else:
            born_reg = "year" if r < 0.08 else "blank" if r < 0.25 else "date"
        pid = None if kind == "absent" else f"{id_pool.pop():05d}"
        activity = rng.expovariate(1.0) + 0.15
        players.append(Player(
            key=len(players), first=first, last=last, sex=sex, born=born, born_in_register=born_reg,
            state=state, kind=kind, acf=acf, fide=fide, strength=strength, pid=pid, activity=activity,
            regular=regular,
        ))
    return players


# --------------------------------------------------------------------------------------------- tournaments
@dataclass
class Section:
    name: str
    division: str  # Open, U2000, U1600, Junior or None
    size: int | None = None  # fixed size (side events); else whoever the rules put here


@dataclass
class Tourney:
    code: str
    name: str
    path: str  # relative file path
    state: str
    capital: bool
    start: dt.date
    days: int
    prize: int
    players: int
    registered: dt.date
    reported_after: int  # days after the last day
    tie_style: str  # "order" (no ties), "prefix" (=3), "suffix" (3=), "range" (3-4)
    local_share: float
    sections: list[Section] = field(default_factory=list)

    @property
    def end(self) -> dt.date:
        return self.start + dt.timedelta(days=self.days - 1)


D = dt.date
TOURNAMENTS = [
    Tourney("T01", "Sydney Summer Weekender", "NSW/2005-01 Sydney Summer Weekender.xlsx", "NSW", True,
            D(2005, 1, 22), 3, 3000, 150, D(2004, 9, 15), 9, "order", 0.8,
            [Section("Open", "Open"), Section("Under 1600", "U1600")]),
    Tourney("T02", "Box Hill Autumn Cup", "VIC/box_hill_autumn_cup_2005.xlsx", "VIC", True,
            D(2005, 2, 12), 2, 1500, 64, D(2004, 10, 20), 6, "prefix", 0.85),
    Tourney("T03", "Ballarat Begonia Open", "VIC/Ballarat/Begonia Open 2005 final standings.xlsx", "VIC", False,
            D(2005, 3, 12), 3, 2800, 120, D(2004, 11, 1), 11, "prefix", 0.7),
    Tourney("T04", "Doeberl Cup", "ACT/Doeberl Cup 2005.xlsx", "ACT", True,
            D(2005, 3, 24), 5, 9000, 230, D(2004, 10, 1), 11, "range", 0.3,
            [Section("Premier", "Open"), Section("Major", "U2000"), Section("Minor", "U1600"),
             Section("Rapid side event", "None", size=30)]),
    Tourney("T05", "SA Autumn Open", "SA/SA Autumn Open.xlsx", "SA", True,
            D(2005, 4, 23), 3, 1200, 48, D(2004, 12, 10), 8, "suffix", 0.85),
    Tourney("T06", "Sydney International Open", "NSW/Sydney International Open 2005.xlsx", "NSW", True,
            D(2005, 4, 2), 9, 12000, 110, D(2004, 8, 1), 10, "order", 0.55),
    Tourney("T07", "Gold Coast Open", "QLD/Gold Coast Open.xlsx", "QLD", False,
            D(2005, 5, 14), 2, 2000, 84, D(2005, 1, 20), 10, "order", 0.8),
    Tourney("T08", "Queensland Championship", "QLD/2005 Qld Championship.xlsx", "QLD", True,
            D(2005, 6, 11), 3, 2500, 105, D(2005, 2, 1), 11, "range", 0.8,
            [Section("Open", "Open"), Section("Reserves", "U1600")]),
    Tourney("T09", "WA Winter Cup", "WA/WA Winter Cup.xlsx", "WA", True,
            D(2005, 6, 4), 3, 1200, 40, D(2005, 1, 15), 8, "suffix", 0.9),
    Tourney("T10", "Newcastle Open", "NSW/Newcastle Open.xlsx", "NSW", False,
            D(2005, 7, 9), 2, 1800, 60, D(2005, 6, 1), 9, "prefix", 0.8),
    Tourney("T11", "Darwin Open", "NT/Darwin Open 2005.xlsx", "NT", True,
            D(2005, 7, 30), 3, 1400, 32, D(2005, 3, 1), 42, "order", 0.6),
    Tourney("T12", "Launceston Open", "TAS/Launceston Open.xlsx", "TAS", False,
            D(2005, 8, 20), 2, 600, 30, D(2005, 4, 1), 10, "prefix", 0.85),
    Tourney("T13", "Mingara Open", "NSW/Mingara Open 2005.xlsx", "NSW", False,
            D(2005, 8, 13), 2, 2400, 90, D(2005, 3, 10), 9, "range", 0.8),
    Tourney("T14", "NSW Open", "NSW/NSW Open 2005 - all sections.xlsx", "NSW", True,
            D(2005, 10, 1), 3, 4500, 200, D(2005, 5, 20), 11, "prefix", 0.75,
            [Section("Open", "Open"), Section("Under 2000", "U2000"), Section("Under 1600", "U1600"),
             Section("Junior Championship", "Junior")]),
    Tourney("T15", "Tasmanian Open", "TAS/Tasmanian Open.xlsx", "TAS", True,
            D(2005, 10, 8), 2, 1000, 36, D(2005, 6, 1), 10, "suffix", 0.85),
    Tourney("T16", "Geelong Open", "VIC/Geelong Open.xlsx", "VIC", False,
            D(2005, 11, 5), 2, 900, 45, D(2005, 7, 1), 9, "suffix", 0.85),
    Tourney("T17", "Melbourne Summer Swiss", "VIC/Melbourne Summer Swiss.xlsx", "VIC", True,
            D(2005, 12, 10), 2, 2000, 95, D(2005, 7, 15), 8, "range", 0.8,
            [Section("Open", "Open"), Section("Under 1600", "U1600")]),
]

# Scripted scenarios.  places: (tournament, section or None) → {index in section: player name}
FORCED = {
    ("T07", None): {0: "Dmitri Volkov", 1: "Michael Brennan"},  # FIDE-only 1905 wins an open event
    ("T06", None): {1: "Nikolai Petrenko"},  # FIDE-only 2285 overseas visitor 2nd
    ("T12", None): {1: "Liam O'Connor"},  # unrated, not in the register, no ID
    ("T15", None): {2: "Liam O'Connor"},
    ("T14", "Open"): {3: "Thomas Nguyen"},  # born exactly 1 Jan 1987: not a junior
    ("T02", None): {3: "Emily Tran"},  # born "1987" (year only): junior by ruling
}
# tie groups: (tournament, section) → list of (first index, size); indices 0-based within the section
TIES = {
    ("T02", None): [(0, 3)],  # Class 2 three-way tie for 1st: "=1"
    ("T03", None): [(4, 3)],  # Class 3 three-way tie for 5th-7th: "=5"
    ("T08", "Open"): [(1, 2)],  # Class 3 tie for 2nd-3rd: "2-3"
    ("T05", None): [(2, 2)],  # Class 1 tie for 3rd-4th: "3="
}
CLEAN_TOP = {("T02", None), ("T03", None), ("T08", "Open"), ("T07", None), ("T05", None)}  # no random ties


def section_of(p: Player, t: Tourney, rng: random.Random) -> str | None:
    """Which (main) section a player enters: the most restrictive one that admits him, sometimes one higher."""
    if not t.sections:
        return None
    r = p.rating
    admits = []
    for s in t.sections:
        if s.size is not None:
            continue
        if s.division == "Open":
            ok = True
        elif s.division == "U2000":
            ok = r is not None and 1500 <= r < 2000
        elif s.division == "U1600":
            ok = r is None or r < 1600
        elif s.division == "Junior":
            ok = p.junior and (r is None or r < 1600)
        else:
            ok = False
        if ok:
            admits.append(s.name)
    if p.regular and p.strength >= 1800 or p.name in ("Thomas Nguyen",):
        return admits[0]
    if "Junior Championship" in admits and rng.random() < 0.6:
        return "Junior Championship"
    admits = [a for a in admits if a != "Junior Championship"]
    if len(admits) > 1 and rng.random() < 0.15:
        return admits[-2]
    return admits[-1]


def weighted_index(rng: random.Random, weights: list[float]) -> int:
    x = rng.random() * sum(weights)
    for i, w in enumerate(weights):
        x -= w
        if x <= 0:
            return i
    return len(weights) - 1


def pick(rng: random.Random, pool: list[Player], n: int) -> list[Player]:
    """n players drawn without replacement, weighted by how active they are."""
    pool = list(pool)
    return [pool.pop(weighted_index(rng, [p.activity for p in pool])) for _ in range(min(n, len(pool)))]


def build_fields(rng: random.Random, players: list[Player]) -> dict[str, list[tuple[str | None, list[Player]]]]:
    by_name = {p.name: p for p in players}
    # regulars without scripted events: 6-10 tournaments, weighted towards the big ones
    codes = [t.code for t in TOURNAMENTS]
    weights = {t.code: t.players ** 0.5 * (1.5 if t.prize >= 2500 else 1.0) for t in TOURNAMENTS}
    for p in players:
        if p.regular and not p.events:
            k = rng.randint(6, 10)
            cands = list(codes)
            while len(p.events) < k:
                p.events.append(cands.pop(weighted_index(rng, [weights[c] for c in cands])))
    fields: dict[str, list[tuple[str | None, list[Player]]]] = {}
    for t in TOURNAMENTS:
        entrants = [p for p in players if p.regular and t.code in p.events]
        others = [p for p in players if not p.regular]
        need = max(0, t.players - len(entrants) - sum(s.size or 0 for s in t.sections))
        local = [p for p in others if p.state == t.state]
        # FIDE-only players without a State (overseas visitors) travel only to the two international events
        away = [p for p in others if p.state != t.state and (p.state != "" or t.code in ("T04", "T06"))]
        n_local = min(len(local), round(need * t.local_share))
        chosen = pick(rng, local, n_local)
        chosen += pick(rng, away, need - n_local)
        entrants += chosen
        side: list[Player] = []
        for s in t.sections:
            if s.size is not None:
                taken = {p.key for p in entrants}
                rest = [p for p in others if p.key not in taken and (p.state == t.state or rng.random() < 0.3)]
                side = pick(rng, rest, s.size)
        # order each section by performance
        sections: list[tuple[str | None, list[Player]]] = []
        names = [s.name for s in t.sections] or [None]
        assigned = {name: [] for name in names}
        for p in entrants:
            assigned[section_of(p, t, rng)].append(p)
        for s in t.sections:
            if s.size is not None:
                assigned[s.name] = side
        for name in names:
            group = assigned[name]
            perf = {p.key: p.strength + rng.gauss(0, 170) for p in group}
            group.sort(key=lambda p: -perf[p.key])
            forced = FORCED.get((t.code, name), {})
            if (t.code, name) in CLEAN_TOP:  # keep the scripted top clean: no FIDE-only under 2000 near it
                bad = [p for p in group[:12] if not p.open_eligible and p.name not in forced.values()]
                for p in bad:
                    group.remove(p)
                    group.insert(min(len(group), 14), p)
            for idx, who in sorted(forced.items()):
                p = by_name[who]
                group.remove(p)
                group.insert(idx, p)
            sections.append((name, group))
        fields[t.code] = sections
    return fields


def places_for(rng: random.Random, t: Tourney, section: str | None, n: int) -> list[str | int]:
    """Place cells for a section of n players: ints for clear places, text for ties in the organiser's style."""
    groups = list(TIES.get((t.code, section), []))
    if t.tie_style != "order":
        start = 10 if (t.code, section) in CLEAN_TOP else 1
        forced_idx = set(FORCED.get((t.code, section), {}))
        i = start
        while i < n - 1:
            if rng.random() < 0.18:
                size = 2 if rng.random() < 0.7 else 3 if rng.random() < 0.7 else 4
                size = min(size, n - i)
                span = range(i, i + size)
                clash = any(g <= j < g + s for g, s in groups for j in span) or any(j in forced_idx for j in span)
                if not clash and i + size <= n:
                    groups.append((i, size))
                    i += size
                    continue
            i += 1
    cells: list[str | int] = [i + 1 for i in range(n)]
    for first, size in groups:
        a, b = first + 1, first + size
        for j in range(first, first + size):
            if t.tie_style == "prefix":
                cells[j] = f"={a}"
            elif t.tie_style == "suffix":
                cells[j] = f"{a}="
            else:
                cells[j] = f"{a}-{b}"
    return cells


# --------------------------------------------------------------------------------------------- writing
class Formats:
    def __init__(self, wb: xlsxwriter.Workbook) -> None:
        self.head = wb.add_format({"bold": True, "bg_color": "#DDEBF7", "border": 1})
        self.date = wb.add_format({"num_format": "dd/mm/yyyy"})
        self.text = wb.add_format({"num_format": "@"})
        self.money = wb.add_format({"num_format": "$#,##0"})


def new_workbook(path: Path) -> tuple[xlsxwriter.Workbook, Formats]:
    path.parent.mkdir(parents=True, exist_ok=True)
    wb = xlsxwriter.Workbook(str(path))
    wb.set_properties({"created": CREATED, "author": "gpcalc sample generator", "company": "gpcalc"})
    return wb, Formats(wb)


def put(ws, row: int, col: int, value, f: Formats, kind: str = "") -> None:
    if value is None or value == "":
        return
    if kind == "text":
        ws.write_string(row, col, str(value), f.text)
    elif isinstance(value, dt.date):
        ws.write_datetime(row, col, dt.datetime(value.year, value.month, value.day), f.date)
    elif kind == "money":
        ws.write_number(row, col, value, f.money)
    elif isinstance(value, int | float):
        ws.write_number(row, col, value)
    else:
        ws.write_string(row, col, str(value))


def write_table(ws, headers: list[str], rows: list[list], f: Formats, kinds: dict[int, str] | None = None,
                widths: list[int] | None = None) -> None:
    kinds = kinds or {}
    for c, h in enumerate(headers):
        ws.write_string(0, c, h, f.head)
    for r, row in enumerate(rows, start=1):
        for c, v in enumerate(row):
            put(ws, r, c, v, f, kinds.get(c, ""))
    for c, w in enumerate(widths or []):
        ws.set_column(c, c, w)
    ws.freeze_panes(1, 0)


def register_born(p: Player):
    if p.born_in_register == "year":
        return p.born.year
    if p.born_in_register == "blank":
        return None
    return p.born


def write_season(out: Path, players: list[Player]) -> Path:
    path = out / "season.xlsx"
    wb, f = new_workbook(path)
    ws = wb.add_worksheet("Season")
    write_table(ws, ["Setting", "Value"],
                [["Circuit", "acf"], ["Season", SEASON], ["Title", f"ACF Grand Prix {SEASON}"],
                 ["Ties", "share"]], f, widths=[14, 28])
    ws = wb.add_worksheet("Players")
    reg = [p for p in players if p.kind != "absent"]
    reg.sort(key=lambda p: (p.last.casefold(), p.first.casefold(), p.pid or ""))
    rows = [[p.pid, p.name, p.sex, register_born(p), p.acf, p.fide, p.state or None] for p in reg]
    write_table(ws, ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"], rows, f,
                kinds={0: "text"}, widths=[8, 26, 5, 12, 11, 11, 7])
    ws = wb.add_worksheet("Prizes")
    prizes = ([("Open", i + 1, v) for i, v in enumerate([1000, 600, 400, 250, 150])]
              + [("U2000", i + 1, v) for i, v in enumerate([300, 200, 150, 100])]
              + [("U1600", i + 1, v) for i, v in enumerate([250, 150, 100, 75])]
              + [("Junior", i + 1, v) for i, v in enumerate([250, 150, 100])]
              + [("Women", 1, 250), ("Unrated", 1, 150), ("State", 1, 100)])
    write_table(ws, ["Division", "Place", "Value"], [list(x) for x in prizes], f,
                kinds={2: "money"}, widths=[10, 7, 9])
    wb.close()
    return path


def result_row(rng: random.Random, t: Tourney, p: Player) -> list:
    """One Results row as an organiser would type it (Section, Place filled in by the caller)."""
    name = p.name
    u = rng.random()
    if p.name == "Dmitri Volkov" and t.code == "T07":
        name = "Volkov, Dmitri"
    elif p.name == "Michael Brennan" and t.code == "T11":
        name = "Brennan, Michael"
    elif p.name == "José García" and t.code == "T09":
        name = "Jose Garcia"
    elif u < 0.04:
        name = f"{p.last}, {p.first}"
    elif u < 0.055:
        name = f"{p.last.upper()}, {p.first}"
    pid = p.pid
    dropped = pid is not None and p.name not in SPECIAL and rng.random() < 0.06
    if dropped or (p.name == "Michael Brennan" and t.code == "T11"):
        pid = None
    sex = "F" if p.sex == "F" else ("M" if rng.random() < 0.8 else None)
    born = None
    if p.junior or rng.random() < 0.15:
        if p.kind == "absent":
            born = p.born if rng.random() < 0.75 or p.born.year == SEASON - 18 else p.born.year
        elif p.born_in_register == "year":
            born = p.born.year
        elif rng.random() < 0.9:
            born = p.born if rng.random() < 0.8 else p.born.year
    state = p.state or None
    if state and rng.random() < 0.04:
        state = None
    if p.name == "Grace Pemberton" and t.code == "T16":
        state = "VIC"  # the organiser's guess; the register (SA) wins, with a warning
    return [name, pid, sex, born, state]


def write_tournament(out: Path, rng: random.Random, t: Tourney, sections) -> Path:
    path = out / t.path
    wb, f = new_workbook(path)
    ws = wb.add_worksheet("Tournament")
    settings = [
        ["Name", t.name], ["Start", t.start], ["End", t.end], ["State", t.state],
        ["Capital city", "Yes" if t.capital else "No"], ["Prize money", t.prize],
        ["Registered", t.registered], ["Reported", t.end + dt.timedelta(days=t.reported_after)],
        ["Approved", "Yes"], ["Restricted", "No"], ["Circuit", "acf"],
    ]
    write_table(ws, ["Setting", "Value"], [], f, widths=[14, 30])
    for r, (k, v) in enumerate(settings, start=1):
        ws.write_string(r, 0, k)
        put(ws, r, 1, v, f, "money" if k == "Prize money" else "")
    multi = bool(t.sections)
    headers = (["Section"] if multi else []) + ["Place", "Name", "ID", "Sex", "Born", "State"]
    rows = []
    for name, group in sections:
        cells = places_for(rng, t, name, len(group))
        for place, p in zip(cells, group):
            rows.append(([name] if multi else []) + [place] + result_row(rng, t, p))
    id_col = headers.index("ID")
    ws = wb.add_worksheet("Results")
    write_table(ws, headers, rows, f, kinds={id_col: "text"},
                widths=([18] if multi else []) + [7, 26, 8, 5, 12, 7])
    if multi:
        ws = wb.add_worksheet("Sections")
        write_table(ws, ["Section", "Division"], [[s.name, s.division] for s in t.sections], f,
                    widths=[20, 10])
    wb.close()
    return path


def generate(out: Path) -> list[Path]:
    """Write the sample season into ``out``; return the files written (season.xlsx first)."""
    rng = random.Random(SEED)
    players = make_players(rng)
    fields = build_fields(rng, players)
    written = [write_season(out, players)]
    for t in TOURNAMENTS:
        written.append(write_tournament(out, rng, t, fields[t.code]))
    return written


def main(argv: list[str]) -> int:
    out = Path(argv[1]) if len(argv) > 1 else DEFAULT_OUT
    files = generate(out)
    total = sum(p.stat().st_size for p in files)
    print(f"wrote {len(files)} workbooks ({total / 1024:.0f} KiB) to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
