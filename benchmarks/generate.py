"""Seeded generator of synthetic season folders (acf, aarhus, fecodaz) at any size, for the benchmarks.

    python benchmarks/generate.py acf --tournaments 1000 --players 300 --seed 1 --out benchmarks/data/acf-1000x300

Workbooks look the way organisers fill them in (CONTRACT.md): a ``Tournament`` settings sheet, a ``Results``
table (one row per player) and the circuit's extra sheet (``Sections`` for acf, ``Groups`` for aarhus), with the
values people really type — ``=3`` and ``3-4`` places, ``4½`` / ``4,5`` / ``4.5`` scores, IDs as numbers or text,
Excel dates beside ``1/3/2005`` text dates and bare birth years, ``Y``/``Ja``/``Sí`` — and the odd title row above
the header, header aliases and tournaments filed in sub-folders. The data is meant to be free of errors (a build
must succeed); warnings may appear.

Deterministic: the same arguments give byte-identical workbook contents (file timestamps aside). Each workbook is
drawn from its own random stream ``(seed, index)``, so ``write_tournament`` can add or re-draw one workbook of an
existing season (used by the warm-build benchmark). Workbooks are written with xlsxwriter's ``constant_memory``
mode row by row (``write_row``) by a pool of processes; ``--excel-like`` writes a shared-strings table instead
of inline strings, as Excel itself does.
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import multiprocessing as mp
import os
import random
import re
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import xlsxwriter

CIRCUITS = ("acf", "aarhus", "fecodaz")
DEFAULT_SEASON = {"acf": "2005", "aarhus": "2012/2013", "fecodaz": "2009"}

# ------------------------------------------------------------------------------------------------ names

def _words(text: str) -> list[str]:
    return text.split()


_FIRST = {
    "acf": _words("John Michael David Peter James Robert Andrew Paul Mark Stephen Daniel Matthew Thomas Christopher "
            "Anthony Benjamin Samuel Joshua Luke Nathan Ryan Adam Jack William Oliver Ethan Lachlan Angus Hamish "
            "Zong-Yuan Guy Bobby Moulthun Ian Darryl Gary Max Tristan Kevin Igor Vladimir Dusan Arianne Sarah "
            "Emma Jessica Emily Chloe Olivia Sophie Grace Hannah Rebecca Laura Kate Anna Julia Mary Elizabeth "
            "Kathryn Heather Narelle Irina Biljana Nicole Zhao Ruofan"),
    "aarhus": _words("Mads Mikkel Rasmus Jonas Frederik Oliver Lucas Emil Magnus Noah William Victor Malthe Alexander "
               "Christian Kasper Mathias Tobias Sebastian Anders Søren Brian Peter Jakob Simon Nikolaj Asger Aksel "
               "Anne Line Sofie Cæcilie Ida Emma Freja Laura Clara Ellen Maja Alma Karla Nanna Mathilde Astrid "
               "Signe Julie Marie Louise"),
    "fecodaz": _words("Juan Carlos José Luis Andrés Felipe Jorge Alejandro Santiago Sebastián Mateo Nicolás Daniel "
                "David Miguel Ángel Camilo Diego Óscar Fabián Hernán Iván Julián Cristian Alonso María Ana Laura "
                "Paula Valentina Daniela Camila Sofía Isabella Natalia Carolina Adriana Angélica Mónica Lina "
                "Yesenia Melissa Sara"),
}
_LAST = {
    "acf": _words("Smith Jones Williams Brown Wilson Taylor Johnson White Martin Anderson Thompson Nguyen Thomas "
            "Walker Harris Lee Ryan Robinson Kelly King Davis Wright Evans Roberts Green Hall Wood Jackson Clarke "
            "Patel Khan Lu Zhang Wang Chen Rogers Johansen Solomon Wallis Xie Ly Illingworth Stojic Chapman "
            "Goldenberg Bird Hacche Bjelobrk Caoili Dragicevic Kalinitschew Lane Levi West Rujevic Jordan Teague "
            "McNamara O'Brien Murphy Sullivan Fraser Campbell Stewart MacDonald Bennett Gray Hughes Price"),
    "aarhus": _words("Nielsen Jensen Hansen Pedersen Andersen Christensen Larsen Sørensen Rasmussen Jørgensen Petersen "
               "Madsen Kristensen Olsen Thomsen Christiansen Poulsen Johansen Møller Mortensen Knudsen Jakobsen "
               "Mikkelsen Olesen Frederiksen Laursen Henriksen Lund Schmidt Eriksen Holm Kristiansen Clausen "
               "Simonsen Svendsen Andreasen Iversen Østergaard Jeppesen Vestergaard Nissen Lauridsen Kjær "
               "Jespersen Mogensen Skov Bach Dahl Bech"),
    "fecodaz": _words("García Rodríguez Martínez López González Hernández Pérez Sánchez Ramírez Torres Flores Rivera "
                "Gómez Díaz Reyes Morales Cruz Ortiz Gutiérrez Chávez Ramos Vargas Castillo Jiménez Moreno Romero "
                "Herrera Medina Aguilar Castro Vásquez Rojas Mejía Cárdenas Ospina Zapata Restrepo Cardona Osorio "
                "Londoño Valencia Arango Quintero Bedoya Montoya Giraldo Salazar Duque Muñoz Álvarez"),
}
_FEMALE_FIRST = set(_words(
    "Arianne Sarah Emma Jessica Emily Chloe Olivia Sophie Grace Hannah Rebecca Laura Kate Anna Julia Mary Elizabeth "
    "Kathryn Heather Narelle Irina Biljana Nicole Ruofan Anne Line Sofie Cæcilie Ida Freja Clara Ellen Maja Alma "
    "Karla Nanna Mathilde Astrid Signe Julie Marie Louise María Ana Paula Valentina Daniela Camila Sofía Isabella "
    "Natalia Carolina Adriana Angélica Mónica Lina Yesenia Melissa Sara"))

STATES = ("NSW", "VIC", "QLD", "WA", "SA", "ACT", "TAS", "NT")
STATE_WEIGHTS = (32, 26, 18, 9, 7, 4, 3, 1)
CAPITALS = {"NSW": "Sydney", "VIC": "Melbourne", "QLD": "Brisbane", "WA": "Perth", "SA": "Adelaide",
            "ACT": "Canberra", "TAS": "Hobart", "NT": "Darwin"}
TOWNS = {"NSW": ("Newcastle", "Wollongong", "Coffs Harbour", "Tamworth"), "VIC": ("Ballarat", "Geelong", "Bendigo"),
         "QLD": ("Gold Coast", "Toowoomba", "Cairns", "Townsville"), "WA": ("Bunbury", "Mandurah"),
         "SA": ("Mount Gambier",), "ACT": ("Belconnen",), "TAS": ("Launceston", "Devonport"), "NT": ("Alice Springs",)}
CLUBS = ("Skoleskakklubben Aarhus", "Risskov Skoleskak", "Viby Skoleskak", "Tranbjerg Skoleskak", "Lystrup Skoleskak",
         "Hasle Skoleskak", "Skæring Skoleskak", "Beder-Malling Skoleskak", "Egå Skoleskak", "Brabrand Skoleskak",
         "Højbjerg Skoleskak", "Åby Skoleskak", "Solbjerg Skoleskak", "Hjortshøj Skoleskak", "Harlev Skoleskak")
LIGAS = ("Antioquia", "Bogotá", "Valle", "Atlántico", "Bolívar", "Santander", "Norte de Santander", "Caldas",
         "Risaralda", "Quindío", "Tolima", "Huila", "Boyacá", "Cundinamarca", "Meta", "Nariño", "Cauca", "Córdoba",
         "Sucre", "Magdalena", "Cesar", "La Guajira", "Chocó", "Casanare", "Arauca", "Caquetá", "Putumayo",
         "San Andrés", "Ejército", "Policía")
CITIES = {"Antioquia": "Medellín", "Bogotá": "Bogotá", "Valle": "Cali", "Atlántico": "Barranquilla",
          "Bolívar": "Cartagena", "Santander": "Bucaramanga", "Caldas": "Manizales", "Risaralda": "Pereira"}


@dataclass
class Player:
    key: int
    name: str
    id: str  # '' = no ID
    sex: str  # 'M' / 'F'
    born: dt.date
    year_only: bool  # the register knows only the birth year
    place: str  # acf State, aarhus club, fecodaz liga ('' = overseas for acf)
    rating: int  # acf ACF rating / aarhus DSU rating / fecodaz national rating (0 = none)
    fide: int  # FIDE rating (0 = none)
    title: str  # fecodaz title
    strength: float  # playing strength for drawing results
    activity: float  # how often the player enters
    beginner: bool = False  # aarhus: plays in N


def season_year(circuit: str, season: str) -> int:
    return int(re.match(r"\d{4}", season).group(0))


def make_pool(circuit: str, size: int, season: str, seed: int) -> list[Player]:
    """The season's players, deterministic in (circuit, size, season, seed); names are unique."""
    rng = random.Random(f"pool:{circuit}:{size}:{seed}")
    y = season_year(circuit, season)
    firsts, lasts = _FIRST[circuit], _LAST[circuit]
    # every name is unique: first × last (× last again for FECODAZ), each also with 26 middle initials
    possible = _possible_names(circuit)
    if size > possible * 9 // 10:  # (drawn at random, the last free names would take ever longer to find)
        raise SystemExit(f"generate.py: {size:,} {circuit} players is more than the name lists can make unique "
                         f"(about {possible:,} names): use a pool of at most {possible * 9 // 10:,}")
    used: set[str] = set()
    ids: set[str] = set()  # (FECODAZ draws its IDs at random: a drawn ID already given is drawn again)
    pool: list[Player] = []
    for k in range(size):
        while True:
            first, last = rng.choice(firsts), rng.choice(lasts)
            if circuit == "fecodaz":
                last = f"{last} {rng.choice(lasts)}"
            name = f"{last}, {first}" if circuit == "acf" else f"{first} {last}"
            if name not in used:
                break
            # collisions are resolved with a middle initial, as rating lists do
            initial = chr(ord("A") + rng.randrange(26))
            name = f"{last}, {first} {initial}." if circuit == "acf" else f"{first} {initial}. {last}"
            if name not in used:
                break
        used.add(name)
        sex = "F" if first in _FEMALE_FIRST else "M"
        strength = rng.gauss(0, 1)
        activity = rng.paretovariate(1.5)
        title, fide, beginner = "", 0, False
        if circuit == "acf":
            junior = rng.random() < 0.3
            year = rng.randint(y - 17, y - 7) if junior else rng.randint(y - 80, y - 18)
            ident = "" if rng.random() < 0.03 else str(3_100_000 + 37 * k + rng.randrange(37))
            place = "" if rng.random() < 0.02 else rng.choices(STATES, STATE_WEIGHTS)[0]
            kind = rng.random()
            rating = max(400, min(2650, int(1500 + 350 * strength))) if kind < 0.78 else 0
            fide = max(1000, min(2650, int(1750 + 300 * strength))) if (rating and rng.random() < 0.3) or (
                not rating and kind < 0.88) else 0
        elif circuit == "aarhus":
            s = y  # the season's start year
            year = rng.choices(range(s - 20, s - 4), weights=[1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 6, 5, 3, 1])[0]
            ident = "" if rng.random() < 0.1 else str(10_000 + 53 * k + rng.randrange(53))
            place = rng.choice(CLUBS)
            rating = max(100, int(900 + 300 * strength)) if rng.random() < 0.4 else 0  # (a DSU rating is positive)
            beginner = rng.random() < 0.06
        else:
            junior = rng.random() < 0.35
            year = rng.randint(y - 19, y - 6) if junior else rng.randint(y - 75, y - 20)
            ident = str(rng.randint(10_000_000, 1_199_999_999))
            while ident in ids:
                ident = str(rng.randint(10_000_000, 1_199_999_999))
            ids.add(ident)
            place = rng.choice(LIGAS)
            rating = max(1200, min(2600, int(1750 + 250 * strength - (150 if junior else 0))))
            fide = max(1400, min(2600, rating + rng.randint(-80, 80))) if rng.random() < 0.4 else 0
            if fide > 2450 and rng.random() < 0.5:
                title = "GM" if fide > 2550 else "IM"
            elif fide > 2300 and rng.random() < 0.4:
                title = "FM" if sex == "M" else "WFM"
            elif fide > 2100 and rng.random() < 0.2:
                title = "CM" if sex == "M" else "WCM"
            elif rating > 2150 and rng.random() < 0.2:
                title = "MN" if sex == "M" else "MNF"
        born = dt.date(year, 1, 1) + dt.timedelta(days=rng.randrange(365))
        pool.append(Player(k, name, ident, sex, born, rng.random() < 0.4, place, rating, fide, title,
                           strength, activity, beginner))
    return pool


def _possible_names(circuit: str) -> int:
    """How many unique names `make_pool` can make: first × last (× last again for FECODAZ), each also with 26
    middle initials."""
    firsts, lasts = _FIRST[circuit], _LAST[circuit]
    return len(firsts) * len(lasts) * (len(lasts) if circuit == "fecodaz" else 1) * 27


def default_pool_size(tournaments: int, players: int, circuit: str | None = None) -> int:
    """Distinct players in a season: a real season re-meets the same players; ~15 events each at scale. Never more
    than 80 % of the names the circuit's lists can make unique (Aarhus: ~50,800), so any size generates."""
    size = max(players * 2, min(tournaments * players // 12, 60_000), 60)
    return min(size, _possible_names(circuit) * 8 // 10) if circuit else size


# ------------------------------------------------------------------------------------------------ cells


def _excel_date(rng: random.Random, day: dt.date, style: float) -> Any:
    """A date as organisers type it: mostly an Excel date, sometimes day-first text or ISO text."""
    if style < 0.7:
        return day
    if style < 0.9:
        return f"{day.day}/{day.month}/{day.year}"
    return day.isoformat()


def _born(p: Player, style: float) -> Any:
    if p.year_only or style < 0.5:
        return p.born.year
    if style < 0.85:
        return p.born
    return f"{p.born.day}/{p.born.month}/{p.born.year}"


def _id_cell(p: Player, as_text: bool) -> Any:
    if not p.id:
        return None
    return p.id if as_text else int(p.id)


def _score_cell(score: float, style: float) -> Any:
    whole, half = int(score), score != int(score)
    if style < 0.5:
        return score if half else whole
    if style < 0.8:
        return f"{whole if whole or not half else ''}{'½' if half else ''}" or "0"
    return f"{whole},5" if half else str(whole)


def _yes(value: bool, style: float, lang: str = "en") -> str:
    yes, no = {"en": ("Yes", "No"), "en-short": ("Y", "N"), "da": ("Ja", "Nej"), "es": ("Sí", "No")}[lang]
    text = yes if value else no
    return text.upper() if style > 0.9 else text


def _places(scores: list[float], style: str) -> list[Any]:
    """Places from scores sorted best first: unique (after tiebreak), or shared as '=3' or '3-4'."""
    out: list[Any] = []
    i = 0
    n = len(scores)
    while i < n:
        j = i
        while j + 1 < n and scores[j + 1] == scores[i]:
            j += 1
        for _ in range(i, j + 1):
            if style == "unique" or i == j:
                out.append(len(out) + 1)
            elif style == "equals":
                out.append(f"={i + 1}")
            else:
                out.append(f"{i + 1}-{j + 1}")
        i = j + 1
    return out


def _draw_scores(rng: random.Random, entrants: list[Player], rounds: int) -> list[tuple[float, Player]]:
    """Game scores in half points, stronger players scoring more; sorted best first (stable on strength)."""
    scored = []
    for p in entrants:
        expected = rounds / (1 + math.exp(-(p.strength + rng.gauss(0, 0.8)) * 1.2))
        score = min(rounds, max(0.0, round(expected * 2) / 2))
        scored.append((score, p))
    scored.sort(key=lambda t: (-t[0], -t[1].strength))
    return scored


def _pick(rng: random.Random, pool: list[Player], n: int, ok=None) -> list[Player]:
    """n distinct players, active players more often (rejection sampling on activity weights)."""
    candidates = pool if ok is None else [p for p in pool if ok(p)]
    n = min(n, len(candidates))
    cum: list[float] = []
    total = 0.0
    for p in candidates:
        total += p.activity
        cum.append(total)
    import bisect

    chosen: dict[int, Player] = {}
    guard = 0
    while len(chosen) < n and guard < 50 * n + 1000:
        guard += 1
        p = candidates[min(bisect.bisect(cum, rng.random() * total), len(candidates) - 1)]
        chosen.setdefault(p.key, p)
    if len(chosen) < n:  # very small pools: fill up in order
        for p in candidates:
            if len(chosen) >= n:
                break
            chosen.setdefault(p.key, p)
    return list(chosen.values())


# ------------------------------------------------------------------------------------------------ workbooks


@dataclass
class Book:
    """What one workbook holds: sheet name → rows (the first table row is the header)."""

    path: str
    sheets: list[tuple[str, list[list[Any]]]]
    widths: dict[str, list[int]] | None = None


def write_book(book: Book, path: Path, constant_memory: bool = True) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.tmp")
    wb = xlsxwriter.Workbook(str(tmp), {"constant_memory": constant_memory, "default_date_format": "dd/mm/yyyy",
                                        "strings_to_numbers": False, "strings_to_formulas": False})
    bold = wb.add_format({"bold": True})
    for name, rows in book.sheets:
        ws = wb.add_worksheet(name)
        ws.set_column(0, 0, 18)
        ws.set_column(1, 12, 13)
        for i, row in enumerate(rows):
            ws.write_row(i, 0, row, bold if i == 0 and name not in ("Tournament", "Season") else None)
    wb.close()
    os.replace(tmp, path)


def _slug(text: str) -> str:
    return re.sub(r"[^0-9a-z]+", "-", text.casefold().encode("ascii", "ignore").decode()).strip("-")


def _tournament_date(circuit: str, season: str, index: int, count: int, rng: random.Random) -> dt.date:
    y = season_year(circuit, season)
    if circuit == "aarhus":
        start, end = dt.date(y, 8, 20), dt.date(y + 1, 6, 10)
    elif circuit == "fecodaz":
        start, end = dt.date(y, 1, 20), dt.date(y, 9, 25)  # closed events must be before 30 September
    else:
        start, end = dt.date(y, 1, 5), dt.date(y, 12, 20)
    span = (end - start).days
    day = start + dt.timedelta(days=int(span * min(1.0, (index + rng.random()) / max(count, 1))))
    if circuit == "aarhus":  # GPTs are played on Saturdays
        day -= dt.timedelta(days=(day.weekday() - 5) % 7)
        day = max(day, start)
    return day


def tournament_book(circuit: str, season: str, pool: list[Player], index: int, count: int, rows: int,
                    seed: int, variant: int = 0) -> Book:
    """The workbook of tournament `index` (of `count`); `variant` re-draws it (an organiser's correction)."""
    rng = random.Random(f"book:{circuit}:{seed}:{index}:{variant}")
    day = _tournament_date(circuit, season, index, count, rng)
    maker = {"acf": _acf_book, "aarhus": _aarhus_book, "fecodaz": _fecodaz_book}[circuit]
    name, sheets = maker(rng, season, pool, index, count, rows, day, seed)
    path = f"{day.year}/{day.month:02d}/{index + 1:04d}-{_slug(name)}.xlsx"
    if rng.random() < 0.1:  # some organisers put a title line above the results table
        for k, (sheet, table) in enumerate(sheets):
            if sheet == "Results":
                sheets[k] = (sheet, [[f"{name} — final standings"], [], *table])
    return Book(path, sheets)


def _acf_book(rng, season, pool, index, count, rows, day, seed):
    y = season_year("acf", season)
    state = rng.choices(STATES, STATE_WEIGHTS)[0]
    capital = rng.random() < 0.75
    city = CAPITALS[state] if capital else rng.choice(TOWNS[state])
    kind = rng.choice(("Open", "Classic", "Championship", "Cup", "Weekender", "Rapid Open", "Challenge"))
    name = f"{city} {kind} {index + 1}"
    days = rng.choice((1, 2, 2, 3, 3, 3, 4, 5))
    end = day + dt.timedelta(days=days - 1)
    if end.year != y:
        end = dt.date(y, 12, 31)
    prize = rng.choice((600, 800, 1000, 1200, 1450, 1500, 1800, 2000, 2400, 2500, 3000, 4000, 5500, 8000))
    registered = day - dt.timedelta(days=rng.randint(95, 240))
    reported = end + dt.timedelta(days=rng.randint(2, 18))
    yes_style = rng.choice(("en", "en", "en-short"))
    st = rng.random()
    settings = [["Setting", "Value"], ["Name", name], ["Start", _excel_date(rng, day, st)],
                ["End", _excel_date(rng, end, st)], ["State", state],
                ["Capital city", _yes(capital, rng.random(), yes_style)],
                ["Prize money", prize if rng.random() < 0.7 else f"${prize:,}"],
                ["Registered", _excel_date(rng, registered, st)], ["Reported", _excel_date(rng, reported, st)]]
    if rng.random() < 0.5:
        settings.append(["Approved", _yes(True, rng.random(), yes_style)])
    # sections: one open section, or Open + Under 1600 (+ a side event)
    entrants = _pick(rng, pool, rows)
    n_sections = 1 if rows < 40 or rng.random() < 0.45 else rng.choice((2, 2, 3))
    sections: list[tuple[str, str, list[Player]]] = []
    if n_sections == 1:
        sections.append(("Open", "Open", entrants))
    else:
        entrants.sort(key=lambda p: -(p.rating or p.fide or 1200 + 100 * p.strength))
        cut = len(entrants) // 2
        if n_sections == 2:
            lower = rng.choice((("Under 1600", "U1600"), ("Minor", "U2000")))
            sections += [("Open", "Open", entrants[:cut]), (lower[0], lower[1], entrants[cut:])]
        else:
            side = max(1, len(entrants) // 10)
            sections += [("Open", "Open", entrants[:cut]), ("Under 1600", "U1600", entrants[cut:-side]),
                         ("Lightning", "None", entrants[-side:])]
    place_style = rng.choice(("unique", "equals", "equals", "range"))
    id_text = rng.random() < 0.4
    born_style = rng.random()
    junior_col = rng.random() < 0.3
    header = ["Section", "Place", "Name", "ID", "Sex", "Born", "State"] + (["Junior"] if junior_col else [])
    if n_sections == 1 and rng.random() < 0.5:
        header = header[1:]
    if rng.random() < 0.2:
        header = [{"Name": "Player", "Born": "DOB", "ID": "ACF ID"}.get(h, h) for h in header]
    table = [header]
    junior_cut = dt.date(y - 18, 1, 1)
    for sec_name, _division, members in sections:
        scored = _draw_scores(rng, members, rng.choice((5, 6, 7, 7, 9)))
        places = _places([s for s, _ in scored], place_style)
        for place, (_score, p) in zip(places, scored):
            row = [sec_name, place, p.name if rng.random() > 0.05 else _first_last(p.name), _id_cell(p, id_text),
                   p.sex, _born(p, born_style), p.place or None]
            if junior_col:
                row.append(_yes(True, 0, yes_style) if p.born > junior_cut else None)
            if header[0] != "Section":
                row = row[1:]
            table.append(row)
    sheets = [("Tournament", settings), ("Results", table)]
    if n_sections > 1:
        sheets.append(("Sections", [["Section", "Division"], *[[s, d] for s, d, _ in sections]]))
    return name, sheets


def _first_last(name: str) -> str:
    if "," in name:
        last, _, first = name.partition(",")
        return f"{first.strip()} {last.strip()}"
    return name


AARHUS_LADDER = ("A", "B", "C", "D", "E", "F")


def aarhus_age_group(born_year: int, start_year: int) -> str:
    d = start_year - born_year
    if d >= 17:
        return "A"
    if d >= 15:
        return "B"
    if d >= 13:
        return "C"
    if d >= 11:
        return "D"
    if d >= 9:
        return "E"
    return "F"


def _aarhus_kind(index: int, count: int) -> str:
    if count >= 4 and index == count // 2:
        return "Aarhusmesterskab"
    if count >= 3 and index == count - 1:
        return "DM-kvalifikation"
    return "GPT"


def _aarhus_book(rng, season, pool, index, count, rows, day, seed):
    s = season_year("aarhus", season)
    kind = _aarhus_kind(index, count)
    name = {"GPT": f"GPT {index + 1} {rng.choice(CLUBS).split()[0]}", "Aarhusmesterskab": "Aarhusmesterskabet",
            "DM-kvalifikation": "DM-kvalifikationsstævnet"}[kind]
    if kind == "DM-kvalifikation":
        # only players who played an earlier GPT: those the earlier workbooks drew (re-drawn deterministically)
        earlier: dict[int, Player] = {}
        for j in range(max(0, index - 6), index):
            if _aarhus_kind(j, count) == "GPT":
                r2 = random.Random(f"entrants:aarhus:{seed}:{j}:{len(pool)}:{s}")
                for p in _pick(r2, pool, rows, lambda p: not p.beginner):
                    earlier[p.key] = p
        entrants = _pick(rng, list(earlier.values()), min(rows, 60))
    else:
        r2 = random.Random(f"entrants:aarhus:{seed}:{index}:{len(pool)}:{s}")
        entrants = _pick(r2, pool, rows, lambda p: kind == "GPT" or not p.beginner)
    age = {p.key: aarhus_age_group(p.born.year, s) for p in entrants}
    groups: dict[str, list[Player]] = {}
    girls_p = kind == "GPT" and sum(p.sex == "F" for p in entrants) >= 12
    for p in entrants:
        g = age[p.key]
        if kind == "GPT":
            if p.beginner:
                g = "N"
            elif girls_p and p.sex == "F" and rng.random() < 0.35:
                g = "P"
            elif rng.random() < 0.1 and g != "A":
                g = AARHUS_LADDER[AARHUS_LADDER.index(g) - 1]  # promoted: plays one group up
            elif rng.random() < 0.05 and g != "F":
                g = AARHUS_LADDER[AARHUS_LADDER.index(g) + 1]  # relegated
        groups.setdefault(g, []).append(p)
    if kind == "GPT" and rng.random() < 0.25 and "A" in groups and "B" in groups:
        groups["A+B"] = groups.pop("A") + groups.pop("B")
    order = ["A", "A+B", "B", "C", "D", "E", "F", "N", "P"]
    group_rounds = {}
    for g in groups:
        n = len(groups[g])
        group_rounds[g] = max(1, min(n - 1, 13)) if n <= 7 else rng.choice((6, 7, 7, 7, 8, 9))
    sex_style = rng.choice(("MF", "MF", "DP", "MK"))
    place_style = rng.choice(("unique", "unique", "equals"))
    id_text = rng.random() < 0.5
    score_style = rng.random()
    dm = kind == "DM-kvalifikation"
    header = ["Group", "Place", "Name", "ID", "Club", "Born", "Sex", "Points", "Games"]
    moves = kind == "GPT" and rng.random() < 0.3
    if moves:
        header.append("Move")
    if dm:
        header.append("Status")
    if rng.random() < 0.25:
        header = [{"Group": "Gruppe", "Name": "Navn", "Born": "Født", "Sex": "Køn", "Place": "Placering",
                   "Points": "Point", "Games": "Partier"}.get(h, h) for h in header]
    table = [header]
    prequalified: list[tuple[str, Player]] = []
    for g in sorted(groups, key=order.index):
        rounds = group_rounds[g]
        members = groups[g]
        if dm:  # pre-qualified players are listed (below everyone) but did not play
            pre = [p for p in members if rng.random() < 0.05]
            prequalified += [(g, p) for p in pre]
            members = [p for p in members if p not in pre] or members[:1]
        scored = _draw_scores(rng, members, rounds)
        games_of = {}
        for _score, p in scored:
            games = rounds
            if rng.random() < 0.03:
                games = rng.randint(1, rounds)  # left early (ill, went home)
            games_of[p.key] = games
        scored = [(min(score, games_of[p.key]), p) for score, p in scored]
        scored.sort(key=lambda t: (-t[0], -t[1].strength))
        places = _places([sc for sc, _ in scored], place_style)
        for place, (score, p) in zip(places, scored):
            games = games_of[p.key]
            sex = {"MF": p.sex, "DP": "D" if p.sex == "M" else "P", "MK": "M" if p.sex == "M" else "K"}[sex_style]
            row = [g, place, p.name, _id_cell(p, id_text), p.place, p.born.year, sex,
                   _score_cell(score, score_style), games]
            if moves:
                row.append(rng.choice(("stay", "down")) if games < rounds else None)
            if dm:
                row.append(None)
            table.append(row)
    for g, p in prequalified:  # place, points and games blank
        sex = {"MF": p.sex, "DP": "D" if p.sex == "M" else "P", "MK": "M" if p.sex == "M" else "K"}[sex_style]
        table.append([g, None, p.name, _id_cell(p, id_text), p.place, p.born.year, sex, None, None, "Pre-qualified"])
    settings = [["Setting", "Value"], ["Name", name], ["Date", _excel_date(rng, day, rng.random())], ["Kind", kind]]
    groups_sheet = [["Group", "Rounds"], *[[g, group_rounds[g]] for g in sorted(groups, key=order.index)]]
    return name, [("Tournament", settings), ("Results", table), ("Groups", groups_sheet)]


def _fecodaz_kind(index: int) -> str:
    k = index % 10
    if k in (0, 2, 4, 6):
        return "Open"
    if k in (1, 3, 5, 7):
        return "Sub 14"
    return "Closed" if k == 8 else "National"


def _fecodaz_book(rng, season, pool, index, count, rows, day, seed):
    y = season_year("fecodaz", season)
    kind = _fecodaz_kind(index)
    host = rng.choice(LIGAS[:8])
    city = CITIES.get(host, host)
    stop = f"Parada {index // 2 + 1}" if kind in ("Open", "Sub 14") else None
    name = {"Open": f"Abierto Grand Prix {city} {index // 2 + 1}", "Sub 14": f"Grand Prix Sub 14 {city} {index // 2 + 1}",
            "Closed": f"Cerrado Internacional {city} {index + 1}", "National": f"Campeonato Nacional {index + 1}"}[kind]
    if kind == "Sub 14":
        entrants = _pick(rng, pool, rows, lambda p: p.born.year >= y - 14)
    elif kind == "Closed":
        entrants = _pick(rng, pool, min(rows, 10), lambda p: p.rating >= 2000)
        hosts = [p for p in entrants if p.place == host]
        if len(entrants) - len(hosts) < 3:
            host = rng.choice([lg for lg in LIGAS if lg not in {p.place for p in entrants}] or LIGAS)
    else:
        entrants = _pick(rng, pool, rows)
    rounds = 9 if kind == "Closed" else rng.choice((6, 7, 7, 8, 9))
    if kind == "Closed":
        rounds = max(1, len(entrants) - 1)
    days = max(rng.choice((2, 3, 4, 5)), -(-rounds // 3))  # at most 3 rounds a day (Art. 2)
    st = rng.random()
    settings = [["Setting", "Value"], ["Name", name], ["Start", _excel_date(rng, day, st)],
                ["End", _excel_date(rng, min(day + dt.timedelta(days=days - 1), dt.date(y, 9, 29)), st)],
                ["Kind", kind], ["Host league", host], ["Base category", rng.randint(2, 8)],
                ["IRT", _yes(kind != "Sub 14" or rng.random() < 0.2, rng.random(), "es")],
                ["Norms", "IM" if kind == "Closed" else "None"],
                ["Cash prizes", _yes(kind != "National", rng.random(), "es")], ["Rounds", rounds],
                ["Entry fees", rng.choice((4_000_000, 6_500_000, 12_000_000)) if kind != "Closed" else None],
                ["Prizes paid", rng.choice(("1.500.000", 2_500_000, "3.000.000", 6_000_000))]]
    if stop:
        settings.append(["Stop", stop])
    if kind == "National":
        settings.append(["Ranking", "Absoluto"])
    scored = _draw_scores(rng, entrants, rounds)
    id_text = rng.random() < 0.6
    born_style = rng.random()
    score_style = rng.random()
    header = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
              "Games", "Withdrew"]
    if rng.random() < 0.3:
        header = [{"Place": "Puesto", "Name": "Nombre", "Sex": "Sexo", "Born": "Nacimiento", "League": "Liga",
                   "Score": "Puntos", "Games": "Partidas"}.get(h, h) for h in header]
    table = [header]
    for place, (score, p) in enumerate(scored, start=1):
        withdrew = "No"
        games = rounds
        r = rng.random()
        if r < 0.002:
            withdrew, games = "Yes", rng.randint(1, rounds - 1) if rounds > 1 else 1
        elif r < 0.006:
            withdrew, games = "Justified", rng.randint(1, rounds - 1) if rounds > 1 else 1
        elif r < 0.03:
            games = rounds - 1  # a bye
        score = min(score, games)
        table.append([place, p.name, _id_cell(p, id_text), p.sex, _born(p, born_style), p.place, p.title or None,
                      p.rating or None, p.fide or None, _score_cell(score, score_style), games,
                      withdrew if withdrew != "No" or rng.random() < 0.5 else None])
    return name, [("Tournament", settings), ("Results", table)]


# ------------------------------------------------------------------------------------------------ season.xlsx


def season_book(circuit: str, season: str, pool: list[Player], count: int) -> Book:
    settings: list[list[Any]] = [["Setting", "Value"], ["Circuit", circuit], ["Season", season],
                                 ["Title", f"Synthetic {circuit.upper()} Grand Prix {season}"]]
    sheets: list[tuple[str, list[list[Any]]]] = []
    if circuit == "acf":
        settings.append(["Ties", "share"])
        register = [["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]]
        for p in pool:
            if p.rating or p.fide:
                register.append([p.id or None, p.name, p.sex, p.born.year if p.year_only else p.born,
                                 p.rating or None, p.fide or None, p.place or None])
        prizes = [["Division", "Place", "Value"]]
        for div, values in (("Open", (1000, 700, 500, 300, 200)), ("U2000", (400, 300, 200, 100)),
                            ("U1600", (400, 300, 200, 100)), ("Junior", (300, 200, 100)), ("Women", (300,)),
                            ("Unrated", (200,)), ("State", (150,))):
            prizes += [[div, i + 1, v] for i, v in enumerate(values)]
        sheets = [("Season", settings), ("Players", register), ("Prizes", prizes)]
    elif circuit == "aarhus":
        settings.append(["GPTs", sum(_aarhus_kind(i, count) == "GPT" for i in range(count))])
        register = [["ID", "Name", "Sex", "Born", "Club", "Strength group", "Rating"]]
        for p in pool:
            register.append([p.id or None, p.name, p.sex, p.born.year, p.place, None, p.rating or None])
        sheets = [("Season", settings), ("Players", register)]
    else:
        settings += [["SMMLV", 496_900], ["Sponsorship", 20_000_000],
                     ["Points table source", "ILLUSTRATIVE — replace with the official FECODAZ table"]]
        points = [["Category", *range(1, 14)]]
        for c in range(1, 14):
            points.append([c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]])
        pot = [["Place", "Percent"], *[[i + 1, v] for i, v in enumerate((25, 18, 14, 11, 9, 7, 6, 5, 3, 2))]]
        register = [["ID", "Name", "Sex", "Born", "League", "Federation", "Resident", "Last GP place"]]
        for p in pool:
            register.append([p.id, p.name, p.sex, p.born.year if p.year_only else p.born, p.place, "COL", None,
                             None])
        sheets = [("Season", settings), ("Players", register), ("Points", points), ("Pot", pot)]
    return Book("season.xlsx", sheets)


# ------------------------------------------------------------------------------------------------ driver

_STATE: dict[str, Any] = {}


def _init(circuit: str, season: str, pool_size: int, seed: int, constant_memory: bool) -> None:
    _STATE.update(circuit=circuit, season=season, seed=seed, constant_memory=constant_memory,
                  pool=make_pool(circuit, pool_size, season, seed))


def _one(job: tuple[Path, int, int, int, int]) -> str:
    out, index, count, rows, variant = job
    book = tournament_book(_STATE["circuit"], _STATE["season"], _STATE["pool"], index, count, rows, _STATE["seed"],
                           variant)
    write_book(book, out / book.path, _STATE["constant_memory"])
    return book.path


def write_tournament(out: Path, circuit: str, index: int, count: int, rows: int, seed: int, *,
                     season: str | None = None, pool_size: int | None = None, variant: int = 0,
                     constant_memory: bool = True) -> Path:
    """Write (or re-draw with `variant`) one tournament workbook of a generated season; returns its path."""
    season = season or DEFAULT_SEASON[circuit]
    _init(circuit, season, pool_size or default_pool_size(count, rows, circuit), seed, constant_memory)
    return out / _one((out, index, count, rows, variant))


def tournament_path(out: Path, circuit: str, index: int, count: int, rows: int, seed: int, *,
                    season: str | None = None, pool_size: int | None = None, variant: int = 0) -> Path:
    """Where :func:`write_tournament` files that workbook (drawn, not written)."""
    season = season or DEFAULT_SEASON[circuit]
    _init(circuit, season, pool_size or default_pool_size(count, rows, circuit), seed, True)
    return out / tournament_book(circuit, season, _STATE["pool"], index, count, rows, seed, variant).path


def generate(circuit: str, tournaments: int, players: int, seed: int, out: Path, *, season: str | None = None,
             pool_size: int | None = None, workers: int | None = None, constant_memory: bool = True,
             quiet: bool = False) -> list[Path]:
    if circuit not in CIRCUITS:
        raise ValueError(f"unknown circuit {circuit!r}; choose one of {', '.join(CIRCUITS)}")
    season = season or DEFAULT_SEASON[circuit]
    pool_size = pool_size or default_pool_size(tournaments, players, circuit)
    out.mkdir(parents=True, exist_ok=True)
    pool = make_pool(circuit, pool_size, season, seed)
    write_book(season_book(circuit, season, pool, tournaments), out / "season.xlsx", constant_memory)
    jobs = [(out, i, tournaments, players, 0) for i in range(tournaments)]
    workers = workers or min(os.cpu_count() or 1, max(1, tournaments // 8))
    args = (circuit, season, pool_size, seed, constant_memory)
    done: list[str] = []
    if workers <= 1:
        _init(*args)
        done = [_one(j) for j in jobs]
    else:
        ctx = mp.get_context("fork") if sys.platform.startswith("linux") else mp.get_context()
        with ctx.Pool(workers, initializer=_init, initargs=args) as pool_:
            for k, path in enumerate(pool_.imap(_one, jobs, chunksize=8), start=1):
                done.append(path)
                if not quiet and sys.stderr.isatty() and k % 50 == 0:
                    print(f"\r{k}/{tournaments} workbooks", end="", file=sys.stderr)
        if not quiet and sys.stderr.isatty():
            print(file=sys.stderr)
    return [out / "season.xlsx", *[out / p for p in done]]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("circuit", choices=CIRCUITS)
    ap.add_argument("--tournaments", "-n", type=int, default=60, help="tournament workbooks (default 60)")
    ap.add_argument("--players", "-m", type=int, default=150, help="result rows per workbook (default 150)")
    ap.add_argument("--seed", "-s", type=int, default=1)
    ap.add_argument("--out", "-o", type=Path, required=True, help="the season folder to write (created)")
    ap.add_argument("--season", help="season name (default: acf 2005, aarhus 2012/2013, fecodaz 2009)")
    ap.add_argument("--pool", type=int, help="distinct players in the season (default: scales with the size)")
    ap.add_argument("--workers", type=int, help="processes (default: the number of cores)")
    ap.add_argument("--excel-like", action="store_true",
                    help="write a shared-strings table like Excel does (default: inline strings, constant_memory)")
    ap.add_argument("--force", action="store_true", help="write into a folder that already holds workbooks")
    a = ap.parse_args(argv)
    if a.tournaments < 1 or a.players < 1:
        ap.error("--tournaments and --players must be at least 1")
    if a.out.exists() and any(a.out.glob("**/*.xlsx")) and not a.force:
        ap.error(f"{a.out} already holds workbooks; pass --force or choose an empty folder")
    t0 = time.perf_counter()
    paths = generate(a.circuit, a.tournaments, a.players, a.seed, a.out, season=a.season, pool_size=a.pool,
                     workers=a.workers, constant_memory=not a.excel_like)
    size = sum(p.stat().st_size for p in paths)
    print(f"{a.circuit}: {len(paths) - 1} tournament workbooks × {a.players} rows + season.xlsx → {a.out} "
          f"({size / 1e6:.1f} MB) in {time.perf_counter() - t0:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
