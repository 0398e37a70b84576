#!/usr/bin/env python3
"""Generate the realistic sample season ``sample_data/fecodaz-2009/`` for the FECODAZ Grand Prix.

Deterministic: a fixed seed, a fixed workbook creation date and xlsxwriter's fixed zip timestamps, so re-running
writes identical files.  Usage::

    python scripts/make_sample_fecodaz.py [OUT_DIR]      # default: sample_data/fecodaz-2009

The year has 11 senior opens (GP stops) of 40–300 players in different ligas, with titled players (GM … WCM and
national titles, English and Spanish spellings), three ITTs with norms (two IM, one GM), a Sub-14 companion at every
stop, an independent Sub-14 tournament (Art. 2 m), a national Sub 12 championship, a valid closed tournament, an invalid closed tournament (after 30 September),
a national championship without cash prizes, a national team championship, an unjustified and a justified
withdrawal.  Half of the workbooks use Spanish headers and values (Puesto, Nombre, Sí/No, ``4,5``).
``season.xlsx`` holds the rulebook's illustrative points table, marked as such, SMMLV and sponsorship, a register
with Federation/Resident, and an illustrative `Pot` table (the resolution's percentages are missing).

Scripted facts the end-to-end tests rely on (see ``tests/test_fecodaz.py``):
- "Rojas Pérez, Andrés Felipe" withdraws without justification from the 5th stop → sanctioned for the year;
- "Ospina, Carolina" withdraws with justification from the 3rd stop → listed only;
- the 260-player open (Bogotá) has exactly 260 players with more than 2 games → size bonus +2;
- "Lozano Parra, Camilo" is 1760 at the first stop and 1815+ from April: locked in Sub 1800 for the year;
- "Pinzón Ruiz, Daniela" is an amateur woman (Dama amateur); "Quiroga Mendoza, Alonso" is Venezuelan with
  Resident = Yes (national-final qualifier).
"""

from __future__ import annotations

import datetime as dt
import random
import sys
from dataclasses import dataclass
from pathlib import Path

import xlsxwriter

SEED = 20090115
YEAR = 2009
CREATED = dt.datetime(2009, 12, 31, 12, 0, 0)
DEFAULT_OUT = Path(__file__).resolve().parent.parent / "sample_data" / "fecodaz-2009"

LIGAS = ("Bogotá", "Antioquia", "Valle", "Atlántico", "Santander", "Caldas", "Risaralda", "Cundinamarca",
         "Bolívar", "Nariño", "Boyacá", "Tolima", "Huila", "Quindío", "Meta", "Norte de Santander")


def _words(text: str) -> list[str]:
    return text.split()


LIGA_WEIGHT = (16, 12, 11, 6, 7, 5, 5, 6, 4, 3, 4, 4, 3, 3, 3, 4)

MALE = _words("Andrés Juan Carlos Luis Jorge Diego Santiago Sebastián Alejandro Felipe Camilo Mauricio Óscar Javier "
        "Fernando Ricardo Hernán Julián Daniel David Nicolás Esteban Miguel Gustavo Fabio Jaime Álvaro Edwin "
        "Wilson Jhon Cristian Iván Mateo Samuel Tomás Emilio Gabriel Martín Alonso Hugo")
FEMALE = _words("María Ana Carolina Paola Andrea Natalia Laura Juliana Valentina Daniela Catalina Diana Sandra Luisa "
          "Angélica Marcela Camila Sofía Mariana Gabriela Isabella Lina Adriana Ángela Jimena")
SURNAMES = _words("Rodríguez Gómez González Martínez García López Hernández Sánchez Ramírez Pérez Díaz Muñoz Rojas "
            "Moreno Jiménez Vargas Castro Gutiérrez Ortiz Álvarez Ruiz Suárez Torres Romero Ospina Valencia "
            "Cárdenas Restrepo Cardona Mejía Arango Zapata Salazar Henao Quintero Guerrero Mendoza Parra Cortés "
            "Osorio Bedoya Aguirre Ríos Ramos Acosta Medina Castaño Duque Londoño Agudelo Zuluaga Montoya")

TITLE_SPELLING_ES = {"GM": "GMI", "IM": "MI", "FM": "MF", "CM": "CM", "WGM": "GMF", "WIM": "MIF", "WFM": "MFF",
                     "WCM": "CMF"}


@dataclass
class Player:
    key: int
    first: str
    last: str
    sex: str
    born: dt.date
    liga: str
    pid: str
    title: str  # canonical or ""
    elo: int  # national rating
    fide: int | None
    strength: float
    activity: float
    last_gp: int | None = None
    schedule: tuple[tuple[int, int], ...] = ()  # scripted national ratings: (from month, rating)
    resident: bool = False

    @property
    def name(self) -> str:
        return f"{self.last}, {self.first}"


def make_players(rng: random.Random, n: int, youth: bool = False) -> list[Player]:
    players = []
    for i in range(n):
        sex = "F" if rng.random() < (0.3 if youth else 0.22) else "M"
        first = rng.choice(FEMALE if sex == "F" else MALE)
        if rng.random() < 0.35:
            first += " " + rng.choice(FEMALE if sex == "F" else MALE)
        last = f"{rng.choice(SURNAMES)} {rng.choice(SURNAMES)}"
        if youth:
            born = dt.date(rng.randint(1995, 2004), rng.randint(1, 12), rng.randint(1, 28))
        elif rng.random() < 0.3:
            born = dt.date(rng.randint(1989, 1996), rng.randint(1, 12), rng.randint(1, 28))  # Sub 20/18/16
        else:
            born = dt.date(rng.randint(1945, 1988), rng.randint(1, 12), rng.randint(1, 28))
        strength = rng.gauss(1650 if youth else 1850, 120 if youth else 230) - (80 if sex == "F" else 0)
        strength = max(1200.0, min(2650.0, strength))
        title = ""
        if not youth:
            if strength > 2480:
                title = "GM" if rng.random() < 0.5 else "IM"
            elif strength > 2330:
                title = rng.choice(["IM", "FM", "FM"])
            elif strength > 2230:
                title = rng.choice(["FM", "CM", "MN"])
            elif strength > 2150 and rng.random() < 0.4:
                title = rng.choice(["CM", "CMN"])
            if sex == "F" and title:
                title = {"GM": "WGM", "IM": "WIM", "FM": "WFM", "CM": "WCM", "MN": "MNF", "CMN": "CMNF"}[title]
            elif sex == "F" and strength > 1950 and rng.random() < 0.4:
                title = rng.choice(["WFM", "WCM", "MNF"])
        elo: int | None = int(strength + rng.gauss(0, 40))
        if youth and rng.random() < 0.3:
            elo = None  # a young beginner without a national rating
        fide = int(strength + rng.gauss(-20, 40)) if strength > 1700 and rng.random() < 0.8 and elo else None
        liga = rng.choices(LIGAS, LIGA_WEIGHT)[0]
        pid = str(rng.randint(1_000_000, 99_999_999)) if rng.random() < 0.97 else "0" + str(rng.randint(100000, 999999))
        activity = rng.random() ** 1.5
        players.append(Player(i, first, last, sex, born, liga, pid, title, elo, fide, strength, activity))
    return players


# (name, start, host liga, players, base categoría, norms, rounds, entry fee, prizes paid)
OPENS = [
    ("Abierto Internacional de Cali", dt.date(2009, 2, 14), "Valle", 120, 8, "IM", 9, 60_000, 12_000_000),
    ("Abierto de Medellín", dt.date(2009, 3, 14), "Antioquia", 180, 8, "None", 8, 50_000, 9_000_000),
    ("Abierto de Barranquilla", dt.date(2009, 4, 11), "Atlántico", 64, 6, "None", 7, 40_000, 4_000_000),
    ("Abierto de Bucaramanga", dt.date(2009, 5, 9), "Santander", 90, 7, "None", 8, 45_000, 6_000_000),
    ("Abierto de Manizales", dt.date(2009, 6, 6), "Caldas", 75, 6, "None", 7, 40_000, 3_500_000),
    ("Abierto de Pereira", dt.date(2009, 7, 4), "Risaralda", 58, 6, "None", 7, 40_000, 3_000_000),
    ("Abierto Internacional de Bogotá", dt.date(2009, 8, 1), "Bogotá", 262, 9, "GM", 9, 80_000, 25_000_000),
    ("Abierto de Cartagena", dt.date(2009, 8, 29), "Bolívar", 48, 6, "None", 7, 40_000, 2_500_000),
    ("Abierto de Tunja", dt.date(2009, 9, 26), "Boyacá", 44, 5, "None", 6, 30_000, 1_500_000),
    ("Abierto de Ibagué", dt.date(2009, 10, 24), "Tolima", 70, 6, "None", 7, 40_000, 3_000_000),
    ("Abierto Internacional de Pasto", dt.date(2009, 11, 21), "Nariño", 96, 7, "IM", 9, 50_000, 8_000_000),
]
SPANISH = {1, 3, 5, 7, 9}  # stops whose workbooks use Spanish headers and values


def simulate(rng: random.Random, entrants: list[Player], rounds: int, withdraw: dict[int, str] | None = None,
             short: float = 0.03) -> list[dict]:
    """A plausible final table: performance → score in half points; places after tiebreak, unique."""
    rows = []
    for p in entrants:
        perf = p.strength + rng.gauss(0, 150)
        games = rounds
        status = (withdraw or {}).get(p.key, "No")
        if status != "No":
            games = rng.randint(2, rounds - 2)
        elif rng.random() < short:
            games = rng.randint(1, 2)  # late entry / dropped out early: not counted for the size bonus
        frac = 1 / (1 + 10 ** ((1850 - perf) / 400))
        score = round(frac * games * 2 * 1.05) / 2
        score = min(score, games)
        rows.append(dict(player=p, perf=perf, score=score, games=games, withdrew=status))
    rows.sort(key=lambda r: (-r["score"], -r["perf"]))
    for i, r in enumerate(rows, start=1):
        r["place"] = i
    return rows


def rating_at(rng: random.Random, p: Player, month: int) -> tuple[int | None, int | None]:
    drift = int((month - 6) * rng.uniform(-4, 6))
    if p.schedule:
        elo = [r for m, r in p.schedule if m <= month][-1]
        return elo, (p.fide if p.fide is not None else None)
    if p.elo is None:
        return None, None
    return p.elo + drift, (p.fide + drift if p.fide is not None else None)


def score_text(score: float, spanish: bool, rng: random.Random) -> object:
    score = float(score)
    if score.is_integer():
        return int(score)
    if spanish:
        return f"{int(score)},5" if rng.random() < 0.7 else f"{int(score)}½"
    return score


def write_sheet(wb: xlsxwriter.Workbook, name: str, rows: list[list]) -> None:
    ws = wb.add_worksheet(name)
    date_fmt = wb.add_format({"num_format": "yyyy-mm-dd"})
    for r, row in enumerate(rows):
        for c, value in enumerate(row):
            if value is None:
                continue
            if isinstance(value, dt.date):
                ws.write_datetime(r, c, dt.datetime(value.year, value.month, value.day), date_fmt)
            elif isinstance(value, str):
                ws.write_string(r, c, value)
            else:
                ws.write(r, c, value)
    ws.set_column(0, max(len(r) for r in rows), 16)


def write_workbook(path: Path, sheets: dict[str, list[list]]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    wb = xlsxwriter.Workbook(str(path))
    wb.set_properties({"created": CREATED, "author": "gpcalc sample generator", "company": "gpcalc"})
    for name, rows in sheets.items():
        write_sheet(wb, name, rows)
    wb.close()


def settings_rows(values: list[tuple[str, str, object]], spanish: bool) -> list[list]:
    head = ["Ajuste", "Valor"] if spanish else ["Setting", "Value"]
    return [head, *[[es if spanish else en, v] for en, es, v in values]]


def yes(spanish: bool, value: bool) -> str:
    return ("Sí" if value else "No") if spanish else ("Yes" if value else "No")


HEAD_EN = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
           "Games", "Withdrew"]
HEAD_ES = ["Puesto", "Nombre", "Cédula", "Sexo", "Nacimiento", "Liga", "Título", "ELO nacional", "ELO FIDE",
           "Puntos", "Partidas", "Retiro"]


def result_rows(rng: random.Random, table: list[dict], month: int, spanish: bool) -> list[list]:
    rows = [HEAD_ES if spanish else HEAD_EN]
    for r in table:
        p: Player = r["player"]
        elo, fide = rating_at(rng, p, month)
        title = TITLE_SPELLING_ES.get(p.title, p.title) if spanish else p.title
        born: object = p.born if rng.random() < 0.6 else p.born.year
        withdrew = {"No": "No", "Yes": "Sí" if spanish else "Yes", "Justified": "Justificado" if spanish
                    else "Justified"}[r["withdrew"]]
        rows.append([r["place"], p.name, p.pid, p.sex, born, p.liga, title or None, elo, fide,
                     score_text(r["score"], spanish, rng), r["games"], withdrew])
    return rows


def tournament_settings(name: str, start: dt.date, end: dt.date, kind: str, host: str, base: int | None,
                        irt: bool, norms: str, cash: bool, rounds: int, spanish: bool, fees: int | None = None,
                        prizes: int | None = None, stop: int | None = None, ranking: str | None = None) -> list[list]:
    kinds_es = {"Open": "Abierto", "Closed": "Cerrado", "National": "Nacional", "Team": "Equipos", "Sub 14": "Sub 14"}
    norms_es = {"None": "Ninguna", "IM": "MI", "GM": "GM"}
    values: list[tuple[str, str, object]] = [
        ("Circuit", "Circuito", "fecodaz"),
        ("Name", "Nombre", name), ("Start", "Inicio", start), ("End", "Fin", end),
        ("Kind", "Tipo", kinds_es[kind] if spanish else kind), ("Host league", "Liga sede", host),
    ]
    if base is not None:
        values.append(("Base category", "Categoría base", base))
    values += [("IRT", "IRT", yes(spanish, irt)), ("Norms", "Normas", norms_es[norms] if spanish else norms),
               ("Cash prizes", "Premios en efectivo", yes(spanish, cash)), ("Rounds", "Rondas", rounds)]
    if fees is not None:
        values.append(("Entry fees", "Inscripciones", fees))
    if prizes is not None:
        values.append(("Prizes paid", "Premios pagados", prizes))
    if stop is not None:
        values.append(("Stop", "Parada", stop))
    if ranking is not None:
        values.append(("Ranking", "Clasificación", ranking))
    return settings_rows(values, spanish)


def pick(rng: random.Random, pool: list[Player], n: int, host: str, must: list[Player] = ()) -> list[Player]:
    chosen = {p.key: p for p in must}
    weights = [p.activity * (4.0 if p.liga == host else 1.0) + 0.02 for p in pool]
    while len(chosen) < n:
        p = rng.choices(pool, weights)[0]
        chosen.setdefault(p.key, p)
    return list(chosen.values())


def main(out: Path = DEFAULT_OUT) -> dict:
    rng = random.Random(SEED)
    pool = make_players(rng, 900)
    kids = make_players(rng, 260, youth=True)
    # scripted players
    rojas = pool[0]
    rojas.first, rojas.last, rojas.sex, rojas.liga, rojas.strength, rojas.title = (
        "Andrés Felipe", "Rojas Pérez", "M", "Bogotá", 2380.0, "IM")
    rojas.activity = 5.0
    ospina = pool[1]
    ospina.first, ospina.last, ospina.sex, ospina.liga, ospina.strength = ("Carolina", "Ospina", "F", "Caldas", 2050.0)
    ospina.title, ospina.activity = "WFM", 5.0
    rojas.elo, rojas.fide, ospina.elo, ospina.fide = 2375, 2360, 2045, 2030
    # scripted amateurs (Art. 3 amateur list): Lozano scores in Sub 1800 at the first stop (1760) and stays
    # there although his rating passes 1800 from April (category locked for the year); Pinzón is an amateur
    # woman (Dama amateur); Quiroga is a Venezuelan resident in Colombia (Resident = Yes, Art. 4 qualifiers)
    lozano, pinzon, quiroga = (Player(900 + i, *names, dt.date(1978 + 5 * i, 6, 15), liga, pid, "",
                                      elo, None, elo, 5.0)
                               for i, (names, liga, pid, elo) in enumerate((
                                   (("Camilo", "Lozano Parra", "M"), "Valle", "16789012", 1760),
                                   (("Daniela", "Pinzón Ruiz", "F"), "Bogotá", "52345678", 1650),
                                   (("Alonso", "Quiroga Mendoza", "M"), "Santander", "E-123456", 2150))))
    lozano.schedule = ((1, 1760), (4, 1815), (9, 1840))
    quiroga.resident = True
    quiroga.strength = 2400.0
    pool += [lozano, pinzon, quiroga]
    for rank, p in enumerate(sorted(pool, key=lambda q: -q.strength)[:40], start=1):
        if rng.random() < 0.7:
            p.last_gp = rank
    files: dict[str, dict[str, list[list]]] = {}
    facts: dict = {"files": []}

    for stop, (name, start, host, n, base, norms, rounds, fee, prizes) in enumerate(OPENS, start=1):
        spanish = stop in SPANISH
        days = 2 + rounds // 3
        end = start + dt.timedelta(days=days)
        must = [rojas] if stop in (2, 4, 5) else []
        must += [ospina] if stop in (1, 3, 6, 8) else []
        must += [lozano] if stop in (1, 2, 4, 7, 11) else []
        must += [pinzon] if stop in (1, 2, 3, 6, 7) else []
        must += [quiroga] if stop in (1, 2, 4, 6, 7, 9) else []
        entrants = pick(rng, pool, n, host, must)
        withdraw = {rojas.key: "Yes"} if stop == 5 else {}
        if stop == 3:
            withdraw[ospina.key] = "Justified"
        table = simulate(rng, entrants, rounds, withdraw, short=0.0 if stop == 7 else 0.03)
        if stop == 7:  # exactly 260 players with more than 2 games, two more with 2 and 1
            for r in table[-2:]:
                r["games"] = 2 if r is table[-1] else 1
                r["score"] = min(r["score"], r["games"])
            table.sort(key=lambda r: (-r["score"], -r["perf"]))
            for i, r in enumerate(table, start=1):
                r["place"] = i
        settings = tournament_settings(name, start, end, "Open", host, base, True, norms, True, rounds, spanish,
                                       fees=fee * n, prizes=prizes, stop=stop)
        files[f"{start:%m}-{host.lower()}/mayores.xlsx"] = {
            "Torneo" if spanish else "Tournament": settings,
            "Resultados" if spanish else "Results": result_rows(rng, table, start.month, spanish)}
        # the Sub-14 companion (scored in the youth rankings)
        kn = rng.randint(20, 40)
        ktable = simulate(rng, pick(rng, kids, kn, host), 6)
        ksettings = tournament_settings(f"Sub 14 {name.split(' de ')[-1]}", start, start + dt.timedelta(days=2),
                                        "Sub 14", host, None, True, "None", False, 6, spanish, fees=15_000 * kn,
                                        stop=stop)
        files[f"{start:%m}-{host.lower()}/sub14.xlsx"] = {
            "Torneo" if spanish else "Tournament": ksettings,
            "Resultados" if spanish else "Results": result_rows(rng, ktable, start.month, spanish)}

    # a valid closed tournament (Valle host, 4 visitors, July) and an invalid one (October)
    strong = sorted(pool[2:], key=lambda q: -q.strength)
    for label, start, host, valid in (("Cerrado Magistral de Bogotá", dt.date(2009, 4, 20), "Bogotá", True),
                                      ("Cerrado Magistral de Cali", dt.date(2009, 7, 20), "Valle", True),
                                      ("Cerrado de Maestros de Medellín", dt.date(2009, 10, 5), "Antioquia", False)):
        locals_ = [p for p in strong[:120] if p.liga == host][:6]
        visitors = [p for p in strong[:60] if p.liga not in (host, "Bogotá", "Valle")][:4]
        entrants = locals_ + visitors
        table = simulate(rng, entrants, 9, short=0.0)
        settings = tournament_settings(label, start, start + dt.timedelta(days=8), "Closed", host, 6, True, "None",
                                       True, 9, False, fees=0, prizes=6_000_000)
        files[f"cerrados/{host.lower()}-{start:%m}.xlsx"] = {"Tournament": settings,
                                                              "Results": result_rows(rng, table, start.month, False)}
        facts.setdefault(f"closed_{'valid' if valid else 'late'}", []).append(label)

    # national championship without cash prizes (starts at categoría 3)
    nat = strong[:24]
    table = simulate(rng, nat, 11, short=0.0)
    settings = tournament_settings("Campeonato Nacional Absoluto", dt.date(2009, 9, 1), dt.date(2009, 9, 11),
                                   "National", "Cundinamarca", 7, True, "None", False, 11, True,
                                   ranking="Absoluto")
    files["nacionales/nacional-absoluto.xlsx"] = {"Torneo": settings,
                                                  "Resultados": result_rows(rng, table, 9, True)}

    # national team championship: 8 teams of 4 boards + 1 reserve, one team per liga
    team_ligas = LIGAS[:8]
    teams = []
    used: set[int] = set()
    for liga in team_ligas:
        members = [p for p in strong if p.liga == liga and p.key not in used and p is not rojas][:5]
        used.update(p.key for p in members)
        teams.append((liga, members, sum(p.strength for p in members[:4]) + rng.gauss(0, 120)))
    teams.sort(key=lambda t: -t[2])
    head = HEAD_ES + ["Equipo", "Puesto equipo", "Tablero", "Puesto tablero"]
    rows = [head]
    entries = []
    for tplace, (liga, members, _) in enumerate(teams, start=1):
        for board, p in enumerate(members, start=1):
            entries.append((tplace, liga, board, p, p.strength + rng.gauss(0, 150)))
    # board places among the players of the same board (reserves: board 5)
    by_board: dict[int, list] = {}
    for e in entries:
        by_board.setdefault(e[2], []).append(e)
    board_place = {}
    for group in by_board.values():
        for i, e in enumerate(sorted(group, key=lambda e: -e[4]), start=1):
            board_place[e[3].key] = i
    overall = sorted(entries, key=lambda e: -e[4])
    for place, (tplace, liga, board, p, _perf) in enumerate(overall, start=1):
        elo, fide = rating_at(rng, p, 6)
        rows.append([place, p.name, p.pid, p.sex, p.born.year, p.liga,
                     TITLE_SPELLING_ES.get(p.title, p.title) or None, elo, fide, None, 7, "No",
                     f"Liga de {liga}", tplace, board, board_place[p.key]])
    settings = tournament_settings("Campeonato Nacional por Equipos", dt.date(2009, 6, 20), dt.date(2009, 6, 24),
                                   "Team", "Bogotá", None, False, "None", False, 7, True, ranking="Absoluto")
    files["nacionales/equipos.xlsx"] = {"Torneo": settings, "Resultados": rows}

    # an independent Sub-14 tournament (Art. 2 m: no GP stop) and a national Sub 12 championship that feeds only
    # Sub 12 Absoluto (Art. 3 amateur item 5: "en su categoría respectiva")
    ktable = simulate(rng, pick(rng, kids, 36, "Huila"), 7)
    files["juveniles/festival-sub14-neiva.xlsx"] = {
        "Tournament": tournament_settings("Festival Sub 14 de Neiva", dt.date(2009, 10, 10), dt.date(2009, 10, 12),
                                          "Sub 14", "Huila", None, False, "None", False, 7, False,
                                          fees=20_000 * 36),
        "Results": result_rows(rng, ktable, 10, False)}
    sub12 = [k for k in kids if YEAR - k.born.year in (11, 12)][:20]
    ktable = simulate(rng, sub12, 7, short=0.0)
    files["nacionales/nacional-sub12.xlsx"] = {
        "Torneo": tournament_settings("Campeonato Nacional Sub 12", dt.date(2009, 12, 5), dt.date(2009, 12, 9),
                                      "National", "Quindío", None, True, "None", False, 7, True,
                                      ranking="Sub 12 Absoluto"),
        "Resultados": result_rows(rng, ktable, 12, True)}

    for rel, sheets in files.items():
        write_workbook(out / rel, sheets)
        facts["files"].append(rel)

    # season.xlsx: settings, the illustrative points table, the register
    season = settings_rows([
        ("Circuit", "Circuito", "fecodaz"), ("Season", "Temporada", "2009"),
        ("Title", "Título", "Grand Prix FECODAZ 2009 (datos de ejemplo)"),
        ("Points table source", "Fuente de la tabla de puntos",
         "ILLUSTRATIVE — replace with the official FECODAZ table"),
        ("SMMLV", "SMMLV", 496_900), ("Sponsorship", "Patrocinio", 5_000_000)], False)
    points = [["Category", *range(1, 14)]]
    for c in range(1, 14):
        points.append([c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]])
    register = [["ID", "Name", "Sex", "Born", "League", "Federation", "Resident", "Last GP place"]]
    for p in sorted(pool, key=lambda q: q.name):
        fed = "VEN" if p.resident else ("COL" if rng.random() < 0.95 else "VEN")
        register.append([p.pid, p.name, p.sex, p.born, p.liga, fed, "Yes" if p.resident else None, p.last_gp])
    # an illustrative pot (the resolution's percentages are missing: Art. 4): shares of the 80 % paid out
    pot = [["Place", "Percent"], [1, 30], [2, 20], [3, 15], [4, 10], [5, 8], [6, 6], [7, 5], [8, 3], [9, 2], [10, 1]]
    write_workbook(out / "season.xlsx", {"Season": season, "Points": points, "Players": register, "Pot": pot})
    facts["sanctioned"] = rojas.name
    facts["justified"] = ospina.name
    facts["locked_amateur"] = lozano.name
    facts["amateur_woman"] = pinzon.name
    facts["resident"] = quiroga.name
    return facts


if __name__ == "__main__":
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_OUT
    info = main(target)
    print(f"wrote {len(info['files']) + 1} workbooks to {target}")
    for key, value in info.items():
        if key != "files":
            print(f"  {key}: {value}")
