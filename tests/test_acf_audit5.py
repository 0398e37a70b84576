"""Fifth audit pass of the ACF circuit: two realistic small seasons, worked by hand end to end, and the consistency of
every output of one build (compute()'s Outcome, the workbook, the `--json` export and `gpcalc explain`).

Sources (in order): shared/rules/acf.md (its Rulings are binding), the by-law (shared/seeds/000_*.txt), README's ACF
section and rulings, CHANGELOG's "Rulings made in code", CONTRACT.md. Earlier passes (test_acf.py,
test_acf_coverage.py, test_golden_acf.py, test_acf_aarhus_audit.py, test_acf_audit2.py .. _audit4.py) test the
clauses one or two at a time; this pass combines them the way a season does: 7 + 4 tournaments of the three classes,
multi-section events with Sections sheets (mapped, extended cascade, side events, "however described" divisions),
players cascading between divisions, juniors (by register birth, bare-year ruling, unregistered), women, unrated and
FIDE-only players on both sides of 2000, ties at 5th (with ineligible members, two- and three-way, thirds), ties in
totals (decided by count-back, and left to the coordinator), a player with six results (best five, cl. 14), State
prizes (cl. 8(g)), a `Counts = No` event, fees with concession and cap (cl. 7), a late report (cl. 5(2)).

For each season the docstring of `SeasonA` / `SeasonB` works out BY HAND, clause by clause: the points of every
tournament and division, each division's totals and ranks, the prize list (cl. 9, 10, 8(g), one prize per player),
the fees and the State sheet. Tests then assert that the Outcome, the workbook (Summary, the six standings sheets
with their results grid and struck-through dropped result, Prizes, States, State players, Tournaments, Ledger), the
JSON export and `gpcalc explain` (CLI, two players) agree with those numbers and with each other. Each season is
built once per module (per xdist worker), by pipeline.build with a JSON target — what `gpcalc build FOLDER --json
OUT --no-cache` runs.

Defects found: none. Every hand-worked number, rank, count-back, prize, fee and State count agrees with gpcalc, and
the outputs agree with each other (the tests were checked to fail when a hand number is changed).
Ambiguities where the rules are silent, recorded in the tests marked "AMBIGUITY": (1) a U1600 1st prize that the
greedy allocation ruling leaves unawarded although cl. 9 lists it "to be awarded" (its two players hold bigger
prizes); (2) which of two fully tied players a "coordinator to decide" row names, and that the later prizes are
allocated as if that player had won it (gpcalc: the first by name).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path

import openpyxl
import pytest
from builders import acf_tournament, make_season, prize_row, pts, reg, row
from click.testing import CliRunner

from gpcalc.cli import main
from gpcalc.pipeline import build

D = dt.date
REG = ["ID", "Name", "Sex", "Born", "ACF rating", "FIDE rating", "State"]
DIVS = ("Open", "U2000", "U1600", "Junior", "Women", "Unrated")
T3 = 1 / 3

# =====================================================================================================================
# Season A (2005): seven tournaments, the default prize table


class SeasonA:
    """ACF 2005, default prize table (`gpcalc new acf`: Open 1000/600/400/250/150, U2000 and U1600 300/200/150/100,
    Junior 300/200/100, Women 300, Unrated 200, State 100).

    Players (register = the coordinator's ratings, cl. 11; eligibility = the cl. 12 table of acf.md):
      Able ACF 2300 NSW, Brown ACF 2150 VIC, Lee ACF 2000 QLD (2000 is not < 2000): Open only.
      Dunn FIDE 2050 WA (cl. 12(1)(a)): Open only.     Evans FIDE 1850 SA (cl. 12(1)(b)): U2000 only, never Open.
      Chen ACF 1950 QLD born 1990 (> 1987-01-01: junior, cl. 1): Open, U2000, Junior.
      Hill ACF 1450 VIC born 1992: Open, U2000, U1600, Junior.
      Fox ACF 1550 F VIC: Open, U2000, U1600, Women.   King ACF 1800 F NSW: Open, U2000, Women.
      Gray 1750 NSW, Moss 1600 NSW (1600 is not < 1600), West 1700 WA, Young 1900 TAS, Reid 1700 TAS,
      Quinn 1650 SA (all ACF): Open, U2000.
      Not in the register (cl. 12(2): unrated): Ivy F born 1991 ACT (Open, Unrated, Junior, Women),
      Jones NT (Open, Unrated), Nash VIC (plays only a side event).

    T1 Sydney Open — $3000 → class 3 (cl. 6: >= 2500; 20/15/12/9/6). Sections: Open → Open, Minor → U1600,
      Blitz → None. Open: 1 Able, 2 Dunn, =3 Brown, =3 Chen, 5 Evans, 6 Lee, 7 King, 8 Gray. Minor: 1 Hill, 2 Fox,
      3 Moss, 4 Jones. Blitz: 1 Ivy, 2 Nash.
      Open (13(2), mapped): Able 20, Dunn 15, Brown/Chen share positions 3–4 (12 + 9) / 2 = 10.5, Evans skipped
        (cl. 12(1)(b)), Lee 6.
      U2000 (no U2000 section: cascade Open → U1600 section, ruling): Brown, Able, Dunn not eligible; Chen 20 (his
        tie partner Brown is dropped, so he alone holds position 1), Evans 15, Lee skipped, King 12, Gray 9,
        Minor: Hill 6.
      U1600 (mapped Minor): Hill 20, Fox 15 (Moss 1600 and unrated Jones skipped).
      Junior (13(3) cascade; Blitz is a side event, so Ivy is out): Chen 20, Hill 15.
      Women: King 20 (Open section first), Fox 15.   Unrated: Jones 20.
      Fee (cl. 7(2)): 14 players (all sections) → 150 + 28 = 178; Sydney: no concession.
    T2 Melbourne Cup — $2000 → class 2 (16/12/9/6/4), one section (13(4)): 1 Brown, 2 Able, 3 King, =4 Gray,
      =4 Ivy, =4 Moss, 7 Hill, 8 Evans.
      Open: Brown 16, Able 12, King 9, Gray/Ivy/Moss share 4–6: (6 + 4 + 0) / 3 = 10/3 each.
      U2000: King 16, Gray/Moss (Ivy unrated dropped) share 2–3: (12 + 9) / 2 = 10.5, Hill 6, Evans 4.
      U1600: Hill 16.  Junior: Ivy 16 (alone of her tie), Hill 12.  Women: King 16, Ivy 12.  Unrated: Ivy 16.
      Fee: 100 + 2·8 = 116.
    T3 Hobart Weekender — $1000 → class 1 (12/9/6/4/3), TAS → concession (cl. 7(4)(b)): 1 Dunn, 2 Able, 3 Fox,
      4 Evans, 5 Chen, 6 Jones, 7 Young.
      Open: Dunn 12, Able 9, Fox 6, (Evans skipped) Chen 4, Jones 3.  U2000: Fox 12, Evans 9, Chen 6, Young 4.
      U1600: Fox 12.  Junior: Chen 12.  Women: Fox 12.  Unrated: Jones 12.  Fee: 50 + 14 − 50 = 14.
    T4 Brisbane Rapid — $1500 → class 2 (cl. 6(2)(b) "$1500 to $2499"). Sections A → Open, B → U2000.
      A: 1 Lee, 2 Able, 3 Evans, 4 Brown, 5 Chen.  B: 1 Gray, 2 Hill, 3 Ivy, 4 King. Reported 30 days after the
      last day (cl. 5(2): warned, still counts).
      Open (mapped A only): Lee 16, Able 12, (Evans skipped) Brown 9, Chen 6 — A has only four Open-eligible
        players, and a mapped list does not cascade, so 5th-place points are not awarded.
      U2000 (mapped B only): Gray 16, Hill 12, (Ivy skipped) King 9 — Evans and Chen, who played A, get none.
      U1600 (no section: cascade A → B): Hill 16.  Junior (A → B): Chen 16, Hill 12, Ivy 9.
      Women: Ivy 16, King 12.  Unrated: Ivy 16.  Fee: 100 + 18 = 118.
    T5 Bathurst Open — $2499 → class 2; NSW, not a capital → concession (cl. 7(4)(a)): 1 Able, 2 Gray, 3 Moss,
      4 Fox, 5 Jones, 6 Brown, 7 Reid, 8 Quinn.
      Open: Able 16, Gray 12, Moss 9, Fox 6, Jones 4.  U2000: Gray 16, Moss 12, Fox 9, Reid 6, Quinn 4.
      U1600: Fox 16.  Women: Fox 16.  Unrated: Jones 16.  Fee: 100 + 16 − 50 = 66.
    T6 Canberra Classic — $2600, class 3, Counts = No: 1 Brown, 2 Ivy, 3 Dunn → no points at all; still listed and
      charged: 150 + 6 = 156 (Canberra is a capital, ACT no concession: ruling on territories).
    T7 Perth Open — $800 → class 1, WA → concession: 1 Able, 2 Lee, 3 Jones, 4 Dunn, =5 Brown, =5 West, 7 Quinn.
      Open: Able 12, Lee 9, Jones 6, Dunn 4, Brown/West share 5–6: (3 + 0) / 2 = 1.5 each.
      U2000: West 12 (Brown dropped from his tie), Quinn 9.  Unrated: Jones 12.  Fee: 50 + 14 − 50 = 14.

    Totals (cl. 14: best 5 per division):
      Open: Able has six results 20, 12, 9, 12, 16, 12 → drop T3's 9 → 72. Brown 10.5 + 16 + 9 + 1.5 = 37.
        Lee 6 + 16 + 9 = 31 and Dunn 15 + 12 + 4 = 31 share rank =3 (count-back: Lee's best 16 > Dunn's 15, so Lee
        is listed first). Chen 10.5 + 4 + 6 = 20.5, Gray 10/3 + 12 = 46/3, Jones 3 + 4 + 6 = 13, Moss 10/3 + 9 =
        37/3, Fox 6 + 6 = 12, King 9, Ivy 10/3, West 1.5.
      U2000: Gray 9 + 10.5 + 16 + 16 = 51.5, King 12 + 16 + 9 = 37, Evans 15 + 4 + 9 = 28, Chen 20 + 6 = 26,
        Hill 6 + 6 + 12 = 24, Moss 10.5 + 12 = 22.5, Fox 12 + 9 = 21, Quinn 4 + 9 = 13, West 12, Reid 6, Young 4.
      U1600: Hill 20 + 16 + 16 = 52, Fox 15 + 12 + 16 = 43.   Junior: Chen 20 + 12 + 16 = 48, Hill 15 + 12 + 12 = 39,
        Ivy 16 + 9 = 25.   Women: King 20 + 16 + 12 = 48, Fox 15 + 12 + 16 = 43, Ivy 12 + 16 = 28.
      Unrated: Jones 20 + 12 + 16 + 12 = 60, Ivy 16 + 16 = 32.

    Prizes (cl. 10 ruling: descending value; equal values Open, U2000, U1600, Unrated, Junior, Women, then place):
      1000 Open 1 Able; 600 Open 2 Brown; 400 Open 3 Lee (equal 31 with Dunn, count-back 16 > 15);
      300s: U2000 1 Gray, U1600 1 Hill, Junior 1 Chen, Women 1 King; 250 Open 4 Dunn;
      200s: U2000 2 Evans (King passed over), U1600 2 Fox (Hill passed over), Unrated 1 Jones, Junior 2 Ivy (Chen,
      Hill passed over); 150s: Open 5 Moss (Chen, Gray, Jones passed over among others), U2000 3 Quinn,
      U1600 3 not awarded (Hill, Fox hold prizes); 100s: U2000 4 West, U1600 4 and Junior 3 not awarded.
      State (cl. 8(g), after all others): NSW, VIC, QLD, WA, SA, NT, ACT each have a winner; TAS (Reid 6 and Young 4,
      both only U2000) → Reid, whose best division is U2000 (ruling: highest score in any division).
    States sheet (README ruling: total = players with points; winners beside): NSW 4 (4 winners), VIC 3 (3),
      QLD/SA/TAS/WA 2 (2, 2, 1, 2) rank =3, ACT/NT 1 rank =7. Nash (side event only) has no points: not counted.
    """

    year = "2005"
    players = [reg("Able", acf=2300), reg("Brown", acf=2150, state="VIC"), reg("Lee", acf=2000, state="QLD"),
               reg("Dunn", fide=2050, state="WA"), reg("Evans", fide=1850, state="SA"),
               reg("Chen", acf=1950, born=1990, state="QLD"), reg("Hill", acf=1450, born=1992, state="VIC"),
               reg("Fox", acf=1550, sex="F", state="VIC"), reg("King", acf=1800, sex="F"), reg("Gray", acf=1750),
               reg("Moss", acf=1600), reg("West", acf=1700, state="WA"), reg("Young", acf=1900, state="TAS"),
               reg("Reid", acf=1700, state="TAS"), reg("Quinn", acf=1650, state="SA")]
    prizes = [["Open", 1, 1000], ["Open", 2, 600], ["Open", 3, 400], ["Open", 4, 250], ["Open", 5, 150],
              ["U2000", 1, 300], ["U2000", 2, 200], ["U2000", 3, 150], ["U2000", 4, 100],
              ["U1600", 1, 300], ["U1600", 2, 200], ["U1600", 3, 150], ["U1600", 4, 100],
              ["Junior", 1, 300], ["Junior", 2, 200], ["Junior", 3, 100],
              ["Women", 1, 300], ["Unrated", 1, 200], ["State", 1, 100]]

    @staticmethod
    def tournaments() -> dict:
        def r(sec, place, name, **kw):  # registered players: the row repeats the register's sex/birth/state
            info = {p[1]: p for p in SeasonA.players}.get(name)
            if info is not None:
                kw = {"sex": info[2], "born": info[3], "state": info[6], **kw}
            return row(sec, place, name, **kw)
        ivy = dict(sex="F", born=1991, state="ACT")
        t1 = [r("Open", 1, "Able"), r("Open", 2, "Dunn"), r("Open", "=3", "Brown"), r("Open", "=3", "Chen"),
              r("Open", 5, "Evans"), r("Open", 6, "Lee"), r("Open", 7, "King"), r("Open", 8, "Gray"),
              r("Minor", 1, "Hill"), r("Minor", 2, "Fox"), r("Minor", 3, "Moss"), r("Minor", 4, "Jones", state="NT"),
              r("Blitz", 1, "Ivy", **ivy), r("Blitz", 2, "Nash", state="VIC")]
        t2 = [r("", 1, "Brown"), r("", 2, "Able"), r("", 3, "King"), r("", "=4", "Gray"), r("", "=4", "Ivy", **ivy),
              r("", "=4", "Moss"), r("", 7, "Hill"), r("", 8, "Evans")]
        t3 = [r("", 1, "Dunn"), r("", 2, "Able"), r("", 3, "Fox"), r("", 4, "Evans"), r("", 5, "Chen"),
              r("", 6, "Jones", state="NT"), r("", 7, "Young")]
        t4 = [r("A", 1, "Lee"), r("A", 2, "Able"), r("A", 3, "Evans"), r("A", 4, "Brown"), r("A", 5, "Chen"),
              r("B", 1, "Gray"), r("B", 2, "Hill"), r("B", 3, "Ivy", **ivy), r("B", 4, "King")]
        t5 = [r("", 1, "Able"), r("", 2, "Gray"), r("", 3, "Moss"), r("", 4, "Fox"), r("", 5, "Jones", state="NT"),
              r("", 6, "Brown"), r("", 7, "Reid"), r("", 8, "Quinn")]
        t6 = [r("", 1, "Brown"), r("", 2, "Ivy", **ivy), r("", 3, "Dunn")]
        t7 = [r("", 1, "Able"), r("", 2, "Lee"), r("", 3, "Jones", state="NT"), r("", 4, "Dunn"),
              r("", "=5", "Brown"), r("", "=5", "West"), r("", 7, "Quinn")]
        return {
            "t1.xlsx": acf_tournament("Sydney Open", t1, prize_money=3000, start=D(2005, 1, 15),
                                      sections=[["Open", "Open"], ["Minor", "U1600"], ["Blitz", "None"]]),
            "t2.xlsx": acf_tournament("Melbourne Cup", t2, prize_money=2000, state="VIC", start=D(2005, 3, 5)),
            "t3.xlsx": acf_tournament("Hobart Weekender", t3, prize_money=1000, state="TAS", start=D(2005, 4, 9)),
            "t4.xlsx": acf_tournament("Brisbane Rapid", t4, prize_money=1500, state="QLD", start=D(2005, 5, 14),
                                      sections=[["A", "Open"], ["B", "U2000"]], reported=D(2005, 6, 14)),
            "t5.xlsx": acf_tournament("Bathurst Open", t5, prize_money=2499, capital="No", start=D(2005, 6, 11)),
            "t6.xlsx": acf_tournament("Canberra Classic", t6, prize_money=2600, state="ACT", start=D(2005, 7, 9),
                                      counts="No"),
            "t7.xlsx": acf_tournament("Perth Open", t7, prize_money=800, state="WA", start=D(2005, 8, 13)),
        }

    # tournament → division → {player: points}, as worked out above
    points = {
        "Sydney Open": {"Open": {"Able": 20, "Dunn": 15, "Brown": 10.5, "Chen": 10.5, "Lee": 6},
                        "U2000": {"Chen": 20, "Evans": 15, "King": 12, "Gray": 9, "Hill": 6},
                        "U1600": {"Hill": 20, "Fox": 15}, "Junior": {"Chen": 20, "Hill": 15},
                        "Women": {"King": 20, "Fox": 15}, "Unrated": {"Jones": 20}},
        "Melbourne Cup": {"Open": {"Brown": 16, "Able": 12, "King": 9, "Gray": 10 * T3, "Ivy": 10 * T3,
                                   "Moss": 10 * T3},
                          "U2000": {"King": 16, "Gray": 10.5, "Moss": 10.5, "Hill": 6, "Evans": 4},
                          "U1600": {"Hill": 16}, "Junior": {"Ivy": 16, "Hill": 12}, "Women": {"King": 16, "Ivy": 12},
                          "Unrated": {"Ivy": 16}},
        "Hobart Weekender": {"Open": {"Dunn": 12, "Able": 9, "Fox": 6, "Chen": 4, "Jones": 3},
                             "U2000": {"Fox": 12, "Evans": 9, "Chen": 6, "Young": 4}, "U1600": {"Fox": 12},
                             "Junior": {"Chen": 12}, "Women": {"Fox": 12}, "Unrated": {"Jones": 12}},
        "Brisbane Rapid": {"Open": {"Lee": 16, "Able": 12, "Brown": 9, "Chen": 6},
                           "U2000": {"Gray": 16, "Hill": 12, "King": 9}, "U1600": {"Hill": 16},
                           "Junior": {"Chen": 16, "Hill": 12, "Ivy": 9}, "Women": {"Ivy": 16, "King": 12},
                           "Unrated": {"Ivy": 16}},
        "Bathurst Open": {"Open": {"Able": 16, "Gray": 12, "Moss": 9, "Fox": 6, "Jones": 4},
                          "U2000": {"Gray": 16, "Moss": 12, "Fox": 9, "Reid": 6, "Quinn": 4},
                          "U1600": {"Fox": 16}, "Women": {"Fox": 16}, "Unrated": {"Jones": 16}},
        "Canberra Classic": {},
        "Perth Open": {"Open": {"Able": 12, "Lee": 9, "Jones": 6, "Dunn": 4, "Brown": 1.5, "West": 1.5},
                       "U2000": {"West": 12, "Quinn": 9}, "Unrated": {"Jones": 12}},
    }
    # division → [(rank as shown, player, total)] in the standings' order
    standings = {
        "Open": [("1", "Able", 72), ("2", "Brown", 37), ("=3", "Lee", 31), ("=3", "Dunn", 31), ("5", "Chen", 20.5),
                 ("6", "Gray", 46 * T3), ("7", "Jones", 13), ("8", "Moss", 37 * T3), ("9", "Fox", 12),
                 ("10", "King", 9), ("11", "Ivy", 10 * T3), ("12", "West", 1.5)],
        "U2000": [("1", "Gray", 51.5), ("2", "King", 37), ("3", "Evans", 28), ("4", "Chen", 26), ("5", "Hill", 24),
                  ("6", "Moss", 22.5), ("7", "Fox", 21), ("8", "Quinn", 13), ("9", "West", 12), ("10", "Reid", 6),
                  ("11", "Young", 4)],
        "U1600": [("1", "Hill", 52), ("2", "Fox", 43)],
        "Junior": [("1", "Chen", 48), ("2", "Hill", 39), ("3", "Ivy", 25)],
        "Women": [("1", "King", 48), ("2", "Fox", 43), ("3", "Ivy", 28)],
        "Unrated": [("1", "Jones", 60), ("2", "Ivy", 32)],
    }
    dropped = {("Open", "Able", "Hobart Weekender")}
    prize_list = {("Open", 1): "Able", ("Open", 2): "Brown", ("Open", 3): "Lee", ("Open", 4): "Dunn",
                  ("Open", 5): "Moss", ("U2000", 1): "Gray", ("U2000", 2): "Evans", ("U2000", 3): "Quinn",
                  ("U2000", 4): "West", ("U1600", 1): "Hill", ("U1600", 2): "Fox", ("U1600", 3): None,
                  ("U1600", 4): None, ("Junior", 1): "Chen", ("Junior", 2): "Ivy", ("Junior", 3): None,
                  ("Women", 1): "King", ("Unrated", 1): "Jones"}
    state_prizes = {"TAS": "Reid"}
    # tournament → (class, players, fee, concession, counts)
    tours = {"Sydney Open": (3, 14, 178, False, True), "Melbourne Cup": (2, 8, 116, False, True),
             "Hobart Weekender": (1, 7, 14, True, True), "Brisbane Rapid": (2, 9, 118, False, True),
             "Bathurst Open": (2, 8, 66, True, True), "Canberra Classic": (3, 3, 156, False, False),
             "Perth Open": (1, 7, 14, True, True)}
    # State → (rank as shown, players with points, prize winners)
    states = {"NSW": ("1", 4, 4), "VIC": ("2", 3, 3), "QLD": ("=3", 2, 2), "SA": ("=3", 2, 2),
              "TAS": ("=3", 2, 1), "WA": ("=3", 2, 2), "ACT": ("=7", 1, 1), "NT": ("=7", 1, 1)}


# =====================================================================================================================
# Season B (2006): four tournaments, the coordinator's own prize table


FILLERS = 200


class SeasonB:
    """ACF 2006 with the coordinator's prize table: Open 800/500/300/200/100, U2000 400/250/120/80,
    U1600 250/150/100/50, Junior 500/200/100, Women 500, Unrated 300, State 150.

    Players: Abbot, Baird ACF 2250 VIC; Kerr ACF 2050 WA; Nye ACF 2100 NT: Open only.
      Cobb FIDE 2100 QLD born 1990 (> 1988-01-01): Open (cl. 12(1)(a)) and Junior ("may also gain a junior prize").
      Egan ACF 1990 NSW born "1988" (a bare year Y−18: junior by ruling, with a warning): Open, U2000, Junior.
      Finn FIDE 1700 TAS: U2000 only (cl. 12(1)(b)).  Drew ACF 1580 F SA: Open, U2000, U1600, Women.
      Ives ACF 1400 SA: Open, U2000, U1600.  Judd ACF 1850 F TAS: Open, U2000, Women.  Lowe ACF 1750 ACT: Open, U2000.
      Unregistered (unrated, cl. 12(2)): Gale F OS (Open, Unrated, Women; no State prize — overseas), Hart NSW born
      1995 (Open, Unrated, Junior); 200 side-event fillers (SA).

    B1 Adelaide Championship — $5000, class 3; SA → concession. Sections: Championship → Open, "Women's" → Women,
      Blitz → "Side event" (None). Championship: 1 Abbot, 2 Cobb, 3 Baird, 4 Egan, =5 Finn, =5 Ives, =5 Hart,
      8 Judd. Women's: 1 Drew, 2 Gale. Blitz: 200 fillers.
      Open (mapped): Abbot 20, Cobb 15, Baird 12, Egan 9; the =5 group loses Finn (not Open-eligible), Ives and Hart
        share positions 5–6: (6 + 0) / 2 = 3 each.
      U2000 (cascade Championship, then the rest — Women's; Blitz never): Egan 20, Finn/Ives share 2–3 (Hart
        unrated dropped): (15 + 12) / 2 = 13.5, Judd 9, Drew 6.
      U1600 (cascade): Ives 20 (alone of his tie), Drew 15.   Junior: Cobb 20, Egan 15 (bare year), Hart 12.
      Women (Championship, then its own Women's section): Judd 20, Drew 15, Gale 12.   Unrated: Hart 20, Gale 15.
      Fee: 210 players → 150 + 420 = 570, − 50 concession = 520, capped → 500 (ruling: concession then cap; the
      other order would give 450).
    B2 Sydney Rapid — $1499 → class 1; one section: =1 Abbot, =1 Baird, 3 Drew, 4 Finn, 5 Gale, 6 Judd, 7 Egan.
      Open: Abbot/Baird share 1–2: (12 + 9) / 2 = 10.5; Drew 6; (Finn skipped) Gale 4, Judd 3.
      U2000: Drew 12, Finn 9, Judd 6, Egan 4.  U1600: Drew 12.  Junior: Egan 12.  Women: Drew 12, Gale 9, Judd 6.
      Unrated: Gale 12.  Fee: 50 + 14 = 64.
    B3 Gold Coast Open — $2000, class 2, QLD not a capital → concession. Sections Open → Open, Reserves →
      "Under 1600". Open: 1 Baird, 2 Abbot, 3 Cobb, 4 Judd, =5 Egan, =5 Kerr, =5 Nye, 8 Lowe. Reserves: 1 Ives,
      2 Hart, 3 Drew.
      Open (mapped): Baird 16, Abbot 12, Cobb 9, Judd 6, Egan/Kerr/Nye share 5–7: (4 + 0 + 0) / 3 = 4/3 each.
      U2000 (cascade Open → Reserves): Judd 16, Egan 12 (alone), Lowe 9, Ives 6, Drew 4.
      U1600 (mapped Reserves): Ives 16, (Hart skipped) Drew 12.   Junior: Cobb 16, Egan 12, Hart 9.
      Women: Judd 16, Drew 12.   Unrated: Hart 16.   Fee: 11 players → 100 + 22 − 50 = 72.
    B4 Darwin Cup — $2500 → class 3 (cl. 6(2)(c) "$2500 or more"); NT → concession (Darwin is a capital, but cl.
      7(4)(b) names the Northern Territory): 1 Cobb, 2 Egan, 3 Abbot, 4 Baird, 5 Ives, 6 Drew.
      Open: Cobb 20, Egan 15, Abbot 12, Baird 9, Ives 6.  U2000: Egan 20, Ives 15, Drew 12.  U1600: Ives 20,
      Drew 15.  Junior: Cobb 20, Egan 15.  Women: Drew 20.  Fee: 150 + 12 − 50 = 112.

    Totals (cl. 14):
      Open: Abbot 20 + 10.5 + 12 + 12 = 54.5, Baird 12 + 10.5 + 16 + 9 = 47.5, Cobb 15 + 9 + 20 = 44,
        Egan 9 + 4/3 + 15 = 76/3, Ives 3 + 6 = 9 and Judd 3 + 6 = 9 (=5, count-back 6, 3 both: fully equal),
        Drew 6, Gale 4, Hart 3, Kerr 4/3 and Nye 4/3 (=10, fully equal).
      U2000: Egan 20 + 4 + 12 + 20 = 56, Ives 13.5 + 6 + 15 = 34.5, Drew 6 + 12 + 4 + 12 = 34, Judd 9 + 6 + 16 = 31,
        Finn 13.5 + 9 = 22.5, Lowe 9.   U1600: Ives 56, Drew 54.   Junior: Cobb 56, Egan 54, Hart 21.
      Women: Drew 59, Judd 42, Gale 21.   Unrated: Hart 36, Gale 27.

    Prizes, in the ruling's order: 800 Open 1 Abbot; 500s Open 2 Baird, Junior 1 Cobb, Women 1 Drew; 400 U2000 1
      Egan; 300s Open 3 → Ives and Judd are fully equal (9; 6, 3) and both free: "tied — coordinator to decide"
      (the first in the standings' order, Ives, is named), Unrated 1 Hart; 250s U2000 2 Judd (Egan, Ives, Drew
      passed over), U1600 1 NOT AWARDED (its only players Ives and Drew hold bigger prizes); 200s Open 4 Gale
      (Drew passed over), Junior 2 not awarded; 150 U1600 2 not awarded; 120 U2000 3 Finn; 100s Open 5 → Kerr and
      Nye fully equal (4/3): tied, Kerr named; U1600 3, Junior 3 not awarded; 80 U2000 4 Lowe; 50 U1600 4 not
      awarded. State: every State with points has a winner except NT → Nye (best 4/3, Open). Gale (OS) none.
    States sheet: VIC, SA, NSW, TAS 2 players (2 winners each) rank =1; ACT, NT, QLD, WA 1 (1 each) rank =5.
    """

    year = "2006"
    players = [reg("Abbot", acf=2250, state="VIC"), reg("Baird", acf=2250, state="VIC"),
               reg("Kerr", acf=2050, state="WA"), reg("Nye", acf=2100, state="NT"),
               reg("Cobb", fide=2100, born=1990, state="QLD"), reg("Egan", acf=1990, born=1988),
               reg("Finn", fide=1700, state="TAS"), reg("Drew", acf=1580, sex="F", state="SA"),
               reg("Ives", acf=1400, state="SA"), reg("Judd", acf=1850, sex="F", state="TAS"),
               reg("Lowe", acf=1750, state="ACT")]
    prizes = [["Open", 1, 800], ["Open", 2, 500], ["Open", 3, 300], ["Open", 4, 200], ["Open", 5, 100],
              ["U2000", 1, 400], ["U2000", 2, 250], ["U2000", 3, 120], ["U2000", 4, 80],
              ["U1600", 1, 250], ["U1600", 2, 150], ["U1600", 3, 100], ["U1600", 4, 50],
              ["Junior", 1, 500], ["Junior", 2, 200], ["Junior", 3, 100],
              ["Women", 1, 500], ["Unrated", 1, 300], ["State", 1, 150]]

    @staticmethod
    def tournaments() -> dict:
        def r(sec, place, name, **kw):
            info = {p[1]: p for p in SeasonB.players}.get(name)
            if info is not None:
                kw = {"sex": info[2], "born": info[3], "state": info[6], **kw}
            return row(sec, place, name, **kw)
        gale, hart = dict(sex="F", born=1975, state="OS"), dict(born=1995, state="NSW")
        ch = "Championship"
        b1 = [r(ch, 1, "Abbot"), r(ch, 2, "Cobb"), r(ch, 3, "Baird"), r(ch, 4, "Egan"), r(ch, "=5", "Finn"),
              r(ch, "=5", "Ives"), r(ch, "=5", "Hart", **hart), r(ch, 8, "Judd"),
              r("Women's", 1, "Drew"), r("Women's", 2, "Gale", **gale),
              *[r("Blitz", i, f"Filler {i:03d}", state="SA") for i in range(1, FILLERS + 1)]]
        b2 = [r("", "=1", "Abbot"), r("", "=1", "Baird"), r("", 3, "Drew"), r("", 4, "Finn"), r("", 5, "Gale", **gale),
              r("", 6, "Judd"), r("", 7, "Egan")]
        b3 = [r("Open", 1, "Baird"), r("Open", 2, "Abbot"), r("Open", 3, "Cobb"), r("Open", 4, "Judd"),
              r("Open", "=5", "Egan"), r("Open", "=5", "Kerr"), r("Open", "=5", "Nye"), r("Open", 8, "Lowe"),
              r("Reserves", 1, "Ives"), r("Reserves", 2, "Hart", **hart), r("Reserves", 3, "Drew")]
        b4 = [r("", 1, "Cobb"), r("", 2, "Egan"), r("", 3, "Abbot"), r("", 4, "Baird"), r("", 5, "Ives"),
              r("", 6, "Drew")]
        return {
            "events/b1.xlsx": acf_tournament("Adelaide Championship", b1, prize_money=5000, state="SA",
                                             start=D(2006, 1, 21),
                                             sections=[[ch, "Open"], ["Women's", "Women's"], ["Blitz", "Side event"]]),
            "events/b2.xlsx": acf_tournament("Sydney Rapid", b2, prize_money=1499, start=D(2006, 3, 11)),
            "events/b3.xlsx": acf_tournament("Gold Coast Open", b3, prize_money=2000, state="QLD", capital="No",
                                             start=D(2006, 5, 20),
                                             sections=[["Open", "Open"], ["Reserves", "Under 1600"]]),
            "events/b4.xlsx": acf_tournament("Darwin Cup", b4, prize_money=2500, state="NT", start=D(2006, 7, 15)),
        }

    points = {
        "Adelaide Championship": {
            "Open": {"Abbot": 20, "Cobb": 15, "Baird": 12, "Egan": 9, "Ives": 3, "Hart": 3},
            "U2000": {"Egan": 20, "Finn": 13.5, "Ives": 13.5, "Judd": 9, "Drew": 6},
            "U1600": {"Ives": 20, "Drew": 15}, "Junior": {"Cobb": 20, "Egan": 15, "Hart": 12},
            "Women": {"Judd": 20, "Drew": 15, "Gale": 12}, "Unrated": {"Hart": 20, "Gale": 15}},
        "Sydney Rapid": {
            "Open": {"Abbot": 10.5, "Baird": 10.5, "Drew": 6, "Gale": 4, "Judd": 3},
            "U2000": {"Drew": 12, "Finn": 9, "Judd": 6, "Egan": 4}, "U1600": {"Drew": 12}, "Junior": {"Egan": 12},
            "Women": {"Drew": 12, "Gale": 9, "Judd": 6}, "Unrated": {"Gale": 12}},
        "Gold Coast Open": {
            "Open": {"Baird": 16, "Abbot": 12, "Cobb": 9, "Judd": 6, "Egan": 4 * T3, "Kerr": 4 * T3, "Nye": 4 * T3},
            "U2000": {"Judd": 16, "Egan": 12, "Lowe": 9, "Ives": 6, "Drew": 4}, "U1600": {"Ives": 16, "Drew": 12},
            "Junior": {"Cobb": 16, "Egan": 12, "Hart": 9}, "Women": {"Judd": 16, "Drew": 12}, "Unrated": {"Hart": 16}},
        "Darwin Cup": {
            "Open": {"Cobb": 20, "Egan": 15, "Abbot": 12, "Baird": 9, "Ives": 6},
            "U2000": {"Egan": 20, "Ives": 15, "Drew": 12}, "U1600": {"Ives": 20, "Drew": 15},
            "Junior": {"Cobb": 20, "Egan": 15}, "Women": {"Drew": 20}},
    }
    standings = {
        "Open": [("1", "Abbot", 54.5), ("2", "Baird", 47.5), ("3", "Cobb", 44), ("4", "Egan", 76 * T3),
                 ("=5", "Ives", 9), ("=5", "Judd", 9), ("7", "Drew", 6), ("8", "Gale", 4), ("9", "Hart", 3),
                 ("=10", "Kerr", 4 * T3), ("=10", "Nye", 4 * T3)],
        "U2000": [("1", "Egan", 56), ("2", "Ives", 34.5), ("3", "Drew", 34), ("4", "Judd", 31), ("5", "Finn", 22.5),
                  ("6", "Lowe", 9)],
        "U1600": [("1", "Ives", 56), ("2", "Drew", 54)],
        "Junior": [("1", "Cobb", 56), ("2", "Egan", 54), ("3", "Hart", 21)],
        "Women": [("1", "Drew", 59), ("2", "Judd", 42), ("3", "Gale", 21)],
        "Unrated": [("1", "Hart", 36), ("2", "Gale", 27)],
    }
    dropped: set = set()
    prize_list = {("Open", 1): "Abbot", ("Open", 2): "Baird", ("Open", 3): "Ives", ("Open", 4): "Gale",
                  ("Open", 5): "Kerr", ("U2000", 1): "Egan", ("U2000", 2): "Judd", ("U2000", 3): "Finn",
                  ("U2000", 4): "Lowe", ("U1600", 1): None, ("U1600", 2): None, ("U1600", 3): None,
                  ("U1600", 4): None, ("Junior", 1): "Cobb", ("Junior", 2): None, ("Junior", 3): None,
                  ("Women", 1): "Drew", ("Unrated", 1): "Hart"}
    state_prizes = {"NT": "Nye"}
    tours = {"Adelaide Championship": (3, 210, 500, True, True), "Sydney Rapid": (1, 7, 64, False, True),
             "Gold Coast Open": (2, 11, 72, True, True), "Darwin Cup": (3, 6, 112, True, True)}
    states = {"NSW": ("=1", 2, 2), "SA": ("=1", 2, 2), "TAS": ("=1", 2, 2), "VIC": ("=1", 2, 2),
              "ACT": ("=5", 1, 1), "NT": ("=5", 1, 1), "QLD": ("=5", 1, 1), "WA": ("=5", 1, 1)}


SEASONS = {"A": SeasonA, "B": SeasonB}


# =====================================================================================================================
# building each season once: compute() and `gpcalc build --json`


class Built:
    def __init__(self, spec, root: Path):
        sheets = {"Players": [REG, *spec.players], "Prizes": [["Division", "Place", "Value"], *spec.prizes]}
        self.spec = spec
        self.folder = make_season(root, {"Circuit": "acf", "Season": spec.year}, sheets=sheets,
                                  tournaments=spec.tournaments())
        out_json = root / "export.json"
        # what `gpcalc build FOLDER --json OUT --no-cache` runs (gpcalc.cli.build → pipeline.build): one compute,
        # whose Outcome is kept to compare the written workbook and JSON against
        self.res = build(self.folder, json_out=out_json, use_cache=False)
        assert self.res.outcome is not None, [i.text() for i in self.res.issues.errors]
        self.out = self.res.outcome
        self.json = json.loads(out_json.read_text(encoding="utf-8"))
        self.wb = openpyxl.load_workbook(self.folder / "output" / "standings.xlsx")
        self._tables: dict[str, list[dict]] = {}

    def table(self, sheet: str) -> list[dict]:
        """A report table as dicts (row 1 title, row 2 note when present, then the header)."""
        if sheet not in self._tables:
            ws = self.wb[sheet]
            rows = list(ws.iter_rows())
            h = next(i for i, r in enumerate(rows) if r[0].font is not None and r[0].font.b and i > 0
                     and r[0].fill is not None and r[0].fill.fgColor is not None
                     and str(r[0].fill.fgColor.rgb).endswith("1F4E78"))
            head = [c.value for c in rows[h]]
            self._tables[sheet] = [{**{k: c.value for k, c in zip(head, r)}, "_cell": dict(zip(head, r))}
                                   for r in rows[h + 1:] if any(c.value is not None for c in r)]
        return self._tables[sheet]

    def explain(self, query: str) -> str:
        cli = CliRunner().invoke(main, ["explain", str(self.folder), query])
        assert cli.exit_code == 0, cli.output
        return cli.output


class _Lazy(dict):
    """Each season built on first use, once per module (per xdist worker)."""

    def __init__(self, factory):
        super().__init__()
        self.factory = factory

    def __missing__(self, key):
        self[key] = Built(SEASONS[key], self.factory.mktemp(f"season{key}"))
        return self[key]


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    mp.setenv("GPCALC_NO_CACHE", "1")  # (explain reads the folder afresh)
    yield _Lazy(tmp_path_factory)
    mp.undo()


def close(a: float, b: float) -> bool:
    return abs(float(a) - float(b)) < 1e-9


def shown(x: float) -> float:
    """A number as the workbook's two-decimal display rounds it."""
    return round(float(x) + 1e-12, 2)


# =====================================================================================================================
# points per tournament and division (cl. 6, 12, 13 and the rulings)


@pytest.mark.parametrize("key", SEASONS)
def test_points_per_tournament_and_division_as_worked_by_hand_cl6_cl12_cl13(built, key):
    """Every ledger award, tournament by tournament and division by division, equals the hand-worked table in the
    season's docstring — no award missing, none extra (a Counts = No tournament and a side event award nothing)."""
    b, spec = built[key], SEASONS[key]
    for tour, by_div in spec.points.items():
        for div in DIVS:
            got = pts(b.res, div, tour)
            want = by_div.get(div, {})
            assert set(got) == set(want), (tour, div, got)
            assert all(close(got[n], want[n]) for n in want), (tour, div, got, want)
    assert set(b.out.ledger["tournament"]) == {t for t, d in spec.points.items() if d}


@pytest.mark.parametrize("key", SEASONS)
def test_every_ledger_award_names_its_clause_and_arithmetic_acf_md_outputs(built, key):
    """acf.md Outputs: "the ledger: every points award with its reason (division, list position, tie sharing,
    eligibility skips)". Every row's rule is one of the cl. 13 modes; the detail ends with its own points (or a
    tie's arithmetic "= x" that equals the points shown to two decimals); the extended cascade (a division with no
    section of its own in a multi-section event) is named as the ruling."""
    b = built[key]
    led = b.out.ledger
    for rule, detail, p in zip(led["rule"], led["detail"], led["points"]):
        assert rule in ("ACF 13(2)", "ACF 13(3)", "ACF 13(4)", "ACF 13(2)-(4) ruling", "ACF 13(3) + ruling"), rule
        assert (rule == "ACF 13(3) + ruling") == ("past the cascade Open → U2000 → U1600" in detail), detail
        m = re.search(r"(?:→|=) (-?[\d.]+)$", detail)
        assert m and close(float(m.group(1)), shown(p)), (detail, p)
    single = led[led["tournament"].isin(["Melbourne Cup", "Hobart Weekender", "Bathurst Open", "Perth Open",
                                         "Sydney Rapid", "Darwin Cup"])]
    assert set(single["rule"]) <= {"ACF 13(4)"}
    if key == "A":
        # T1: U2000 has no section → extended cascade; T4: U1600 likewise; Junior/Women/Unrated are 13(3)
        syd = led[led["tournament"] == "Sydney Open"]
        assert set(syd.loc[syd["ranking"] == "U2000", "rule"]) == {"ACF 13(2)-(4) ruling"}
        assert set(syd.loc[syd["ranking"].isin(["Open", "U1600"]), "rule"]) == {"ACF 13(2)"}
        assert set(syd.loc[syd["ranking"].isin(["Junior", "Women", "Unrated"]), "rule"]) == {"ACF 13(3)"}
        bri = led[led["tournament"] == "Brisbane Rapid"]
        assert set(bri.loc[bri["ranking"] == "U1600", "rule"]) == {"ACF 13(2)-(4) ruling"}
        chen = led[(led["name"] == "Chen") & (led["ranking"] == "Open") & (led["tournament"] == "Sydney Open")]
        assert "(12 + 9) / 2" in chen["detail"].iloc[0]
    else:
        egan = led[(led["name"] == "Egan") & (led["ranking"] == "Junior")]
        assert len(egan) == 4 and egan["detail"].str.contains("born 1988 with no day").all()
        nye = led[(led["name"] == "Nye")]["detail"].iloc[0]
        assert "tie shared by 3" in nye and "(4 + 0 × 2) / 3 = 1.33" in nye


# =====================================================================================================================
# totals, ranks, best five, count-back (cl. 14 and the equal-scores ruling)


@pytest.mark.parametrize("key", SEASONS)
def test_division_totals_ranks_and_order_cl14_equal_scores_ruling(built, key):
    """Each division's standings (compute()) list exactly the hand-worked players, in order, with the hand totals
    and the shared ranks ("=3"); equal totals are listed in count-back order (Lee before Dunn: 16 > 15)."""
    b, spec = built[key], SEASONS[key]
    s = b.out.standings
    for div, want in spec.standings.items():
        got = s[s["ranking"] == div]
        ranks = [f"={r}" if t else str(r) for r, t in zip(got["rank"], got["tied"])]
        assert list(got["name"]) == [n for _, n, _ in want], div
        assert ranks == [r for r, _, _ in want], div
        assert all(close(t, w) for t, (_, _, w) in zip(got["total"], want)), (div, list(got["total"]))
    assert set(s["ranking"]) == set(spec.standings)


@pytest.mark.parametrize("key", SEASONS)
def test_best_five_counted_and_dropped_cl14(built, key):
    """cl. 14: "the total number of points scored by the player in that player's 5 best scoring tournaments".
    Season A: Able's six Open results 20, 12, 9, 12, 16, 12 — the 9 (Hobart) is dropped, the three 12s count.
    Every other entry counts. The standings total is the sum of the counted entries."""
    b, spec = built[key], SEASONS[key]
    e = b.out.entries
    names = dict(zip(b.out.ledger["player"], b.out.ledger["name"]))
    dropped = {(r, names[p], t) for r, p, t, c in zip(e["ranking"], e["player"], e["tournament"], e["counted"])
               if not c}
    assert dropped == spec.dropped
    for (div, player), grp in e.groupby(["ranking", "player"]):
        total = b.out.standings[(b.out.standings["ranking"] == div) & (b.out.standings["player"] == player)]
        assert close(total["total"].iloc[0], grp.loc[grp["counted"], "points"].sum())
        assert grp["counted"].sum() == min(5, len(grp))


# =====================================================================================================================
# prizes (cl. 8, 9, 10 and the allocation rulings)


@pytest.mark.parametrize("key", SEASONS)
def test_prize_list_one_prize_each_highest_value_cl9_cl10(built, key):
    """The prize list worked out in the docstring (cl. 10's greedy ruling over the season's prize table): every
    (division, place) of cl. 9 is listed, with the hand-worked winner or "not awarded"; no one holds two prizes;
    each row carries its table value."""
    b, spec = built[key], SEASONS[key]
    pr = b.out.prizes
    main_rows = pr[pr["ranking"] != "State"]
    got = {(r, int(p)): (n if isinstance(n, str) else None)
           for r, p, n in zip(main_rows["ranking"], main_rows["place"], main_rows["name"])}
    assert got == spec.prize_list
    values = {(d, p): v for d, p, v in spec.prizes}
    for r, p, v in zip(main_rows["ranking"], main_rows["place"], main_rows["value"]):
        assert close(v, values[(r, int(p))])
    winners = [n for n in pr["name"] if isinstance(n, str)]
    assert len(winners) == len(set(winners))
    for (r, p), n in spec.prize_list.items():
        if n is None:
            assert "not awarded" in prize_row(b.res, r, p)["note"]


def test_season_a_count_back_and_passed_over_notes_cl10(built):
    """Season A: Open 3 (400) goes to Lee over Dunn, equal on 31, by count-back (best result 16 > 15) — the note
    says so; Dunn then takes Open 4 (250). U2000 2 passes over King (Women 1st), Junior 2 passes over Chen and Hill,
    Open 5 passes over Chen, Gray and Jones (each already holds a prize, cl. 10)."""
    b = built["A"]
    note = prize_row(b.res, "Open", 3)["note"]
    assert "Dunn" in note and "count-back" in note and "16 > 15" in note
    passed = {(r, int(p)): po for r, p, po in zip(b.out.prizes["ranking"], b.out.prizes["place"],
                                                   b.out.prizes["passed_over"])}
    assert "King" in passed[("U2000", 2)] and "Gray" in passed[("U2000", 2)]
    assert "Chen" in passed[("Junior", 2)] and "Hill" in passed[("Junior", 2)]
    assert all(n in passed[("Open", 5)] for n in ("Chen", "Gray", "Jones"))
    assert "Moss" not in passed[("Open", 5)]


def test_season_b_fully_tied_prizes_are_left_to_the_coordinator_cl10_ruling(built):
    """Season B: Ives and Judd are equal in Open on 9 with equal count-back (6, 3), both without a prize when Open 3
    (300) is allocated → the row says "tied — coordinator to decide" and names the other; the same for Kerr and
    Nye (4/3 each) at Open 5 (100). AMBIGUITY: the rules do not say whom to *name* on a tied row; gpcalc names the
    first in the standings' display order (by name) and allocates the later prizes as if that player had won it
    (Judd then takes U2000 2, Nye the NT State prize) — visible, never silent, as acf.md requires."""
    b = built["B"]
    o3, o5 = prize_row(b.res, "Open", 3), prize_row(b.res, "Open", 5)
    assert {o3["name"]} | {"Judd" if o3["name"] == "Ives" else "Ives"} == {"Ives", "Judd"}
    assert "coordinator to decide" in o3["note"] and ("Judd" if o3["name"] == "Ives" else "Ives") in o3["note"]
    assert "coordinator to decide" in o5["note"] and ("Nye" if o5["name"] == "Kerr" else "Kerr") in o5["note"]


def test_season_b_u1600_first_prize_unawarded_by_the_greedy_ruling_ambiguity_cl10(built):
    """AMBIGUITY (cl. 9 vs cl. 10): U1600 1st (250) has two players, Ives (56) and Drew (54); Drew holds Women 1
    (500) and Ives the higher-valued Open 3 (300, a tie), so by the allocation ruling ("give each to the best-ranked
    player ... who has not yet won a prize") U1600 1st goes to no one, while cl. 9 lists it among the prizes
    "to be awarded". gpcalc lists it "not awarded: no eligible player left" and names both as passed over."""
    b = built["B"]
    r = prize_row(b.res, "U1600", 1)
    assert not isinstance(r["name"], str) and "not awarded" in r["note"]
    assert "Ives" in r["passed_over"] and "Drew" in r["passed_over"]


@pytest.mark.parametrize("key", SEASONS)
def test_state_prize_after_all_others_to_states_without_a_winner_cl8g(built, key):
    """cl. 8(g) "a State prize awarded to the highest scoring player in each State that otherwise has no prize
    winner": Season A → TAS only: Reid (U2000 6) over Young (U2000 4); Season B → NT only: Nye (Open 4/3). Every
    other State with a points-scorer already has a winner; Gale (OS) can win no State prize. The row's value is the
    State row of the prize table, and its note names the division of the best score."""
    b, spec = built[key], SEASONS[key]
    pr = b.out.prizes
    st = pr[pr["ranking"] == "State"]
    got = {n.split(":")[0]: w for n, w in zip(st["note"], st["name"])}
    assert got == spec.state_prizes
    state_value = next(v for d, _, v in spec.prizes if d == "State")
    assert all(close(v, state_value) for v in st["value"])
    if key == "A":
        assert "6.00 (U2000)" in st["note"].iloc[0]
    else:
        assert "1.33 (Open)" in st["note"].iloc[0]


# =====================================================================================================================
# tournaments: class, fee, concession, compliance (cl. 4–7)


@pytest.mark.parametrize("key", SEASONS)
def test_tournaments_class_players_fee_concession_in_outcome_workbook_and_json_cl6_cl7(built, key):
    """Each tournament's class (cl. 6), players in all sections (side events included), fee (cl. 7 ruling:
    min(500, base + 2·players − 50 if concession)), concession and Counts agree with the hand values in the
    Outcome, the workbook's Tournaments sheet and the JSON export."""
    b, spec = built[key], SEASONS[key]
    t = b.out.tournaments.set_index("tournament")
    sheet = {r["Tournament"]: r for r in b.table("Tournaments")}
    js = {x["name"]: x for x in b.json["tournaments"]}
    assert set(t.index) == set(sheet) == set(js) == set(spec.tours)
    for name, (cls, players, fee, conc, counts) in spec.tours.items():
        assert (int(t.loc[name, "class"]), int(t.loc[name, "players"]), float(t.loc[name, "fee"]),
                bool(t.loc[name, "concession"]), bool(t.loc[name, "counts"])) == (cls, players, fee, conc, counts)
        w = sheet[name]
        assert (w["Class"], w["Players"], w["Fee"], w["Concession"], w["Counts"]) == \
            (cls, players, fee, "Yes" if conc else "No", "Yes" if counts else "No"), w
        j = js[name]
        assert (j["class"], j["players"], j["fee"], j["concession"]) == (cls, players, fee, conc), j


def test_season_a_compliance_warnings_listed_and_event_still_counts_cl4_cl5(built):
    """Brisbane Rapid reported 30 days after its last day (cl. 5(2): "within 21 days") → a warning in its row, yet it
    still awards points (acf.md: "A tournament that fails a check still counts"); Canberra Classic, Counts = No, is
    listed with the reason and awards nothing."""
    b = built["A"]
    sheet = {r["Tournament"]: r for r in b.table("Tournaments")}
    assert "21" in sheet["Brisbane Rapid"]["Warnings"] and "cl. 5(2)" in sheet["Brisbane Rapid"]["Warnings"]
    assert "Counts = No" in sheet["Canberra Classic"]["Warnings"]
    assert any(i.code == "reported-late" for i in b.res.issues)
    assert "Canberra Classic" not in set(b.out.ledger["tournament"])


def test_season_b_bare_birth_year_junior_warned_cl1_ruling(built):
    """Egan, born "1988" (Y − 18 with no day) is a junior by ruling, with a warning naming him."""
    b = built["B"]
    warned = [i for i in b.res.issues if i.code == "junior-birth-year"]
    assert [("Egan" in i.message) for i in warned] == [True]


# =====================================================================================================================
# the States sheet (README ruling) and the State players sheet


@pytest.mark.parametrize("key", SEASONS)
def test_states_sheet_counts_and_winners_in_outcome_workbook_and_json_readme_ruling(built, key):
    """README: "`total` is the number of the State's players with Grand Prix points (a count, not points), with the
    number of prize winners beside it" — counted by hand in the docstring; equal counts share a rank. Outcome, the
    States sheet and JSON `clubs` agree."""
    b, spec = built[key], SEASONS[key]
    cl = b.out.clubs
    got = {c: (f"={r}" if t else str(r), int(n), int(w))
           for c, r, t, n, w in zip(cl["club"], cl["rank"], cl["tied"], cl["total"], cl["winners"])}
    assert got == spec.states
    sheet = {r["State"]: (str(r["Rank"]), r["Total"], r["Winners"]) for r in b.table("States")}
    assert sheet == spec.states
    js = {c["club"]: (c["rank"], c["total"]) for c in b.json["clubs"]}
    assert js == {s: (int(r.lstrip("=")), n) for s, (r, n, _) in spec.states.items()}


@pytest.mark.parametrize("key", SEASONS)
def test_state_players_sheet_best_division_and_prize_cl8g(built, key):
    """The State players sheet lists every player with points once, with the best score (highest in any division)
    and the prize won — consistent with the standings and the prize list."""
    b, spec = built[key], SEASONS[key]
    rows = b.table("State players")
    best = {}
    for lst in spec.standings.values():
        for _, n, t in lst:
            best[n] = max(best.get(n, 0), t)
    assert {r["Name"]: r["Best score"] for r in rows}.keys() == best.keys()
    for r in rows:
        assert close(r["Best score"], shown(best[r["Name"]])) or close(r["Best score"], best[r["Name"]])
    prize_of = {n: f"{d} {p}" for (d, p), n in spec.prize_list.items() if n}
    prize_of.update({n: "State 1" for n in spec.state_prizes.values()})
    assert {r["Name"]: r["Prize"] for r in rows if r["Prize"]} == prize_of


# =====================================================================================================================
# the workbook's standings sheets, Prizes and Ledger, and the JSON, against the hand numbers and each other


@pytest.mark.parametrize("key", SEASONS)
def test_standings_sheets_agree_with_hand_totals_and_results_grid(built, key):
    """Each division sheet: rank text, player, total (two decimals shown, exact value stored) in the hand order;
    each results cell equals the hand-worked tournament points; the dropped cell (Able, Hobart) is struck through,
    counted cells are not."""
    b, spec = built[key], SEASONS[key]
    for div, want in spec.standings.items():
        rows = b.table(div)
        assert [(str(r["Rank"]), r["Player"]) for r in rows] == [(rk, n) for rk, n, _ in want], div
        for r, (_, n, total) in zip(rows, want):
            assert close(r["Total"], total), (div, n, r["Total"])
            for tour, by_div in spec.points.items():
                p = by_div.get(div, {}).get(n)
                cell = r["_cell"].get(tour)
                if p is None:
                    assert cell is None or cell.value is None, (div, n, tour)
                    continue
                assert close(cell.value, p), (div, n, tour, cell.value)
                assert bool(cell.font.strike) == ((div, n, tour) in spec.dropped), (div, n, tour)


@pytest.mark.parametrize("key", SEASONS)
def test_prizes_sheet_agrees_with_outcome_and_json(built, key):
    """The Prizes sheet and JSON `prizes` list the same rows as compute(): division, place, player, value, note."""
    b = built[key]
    pr = b.out.prizes
    want = [(r, int(p), n if isinstance(n, str) else None, float(v), note or "")
            for r, p, n, v, note in zip(pr["ranking"], pr["place"], pr["name"], pr["value"], pr["note"])]
    sheet = [(r["Ranking"], r["Place"], r["Player"], float(r["Value"]), r["Note"] or "") for r in b.table("Prizes")]
    js = [(x["ranking"], x["place"], x["name"], float(x["value"]), x["note"] or "") for x in b.json["prizes"]]
    assert sheet == want
    assert js == want


@pytest.mark.parametrize("key", SEASONS)
def test_ledger_sheet_and_json_ledger_sum_to_the_standings(built, key):
    """Every number is a sum over ledger rows (base.Outcome): per division and player, the Ledger sheet's counted
    points and the JSON ledger's counted points add up to the standings total of the sheet and of the JSON."""
    b, spec = built[key], SEASONS[key]
    sheet_sum: dict = {}
    for r in b.table("Ledger"):
        if r["Counted"] in (True, "Yes"):
            k = (r["Ranking"], r["Name"])
            sheet_sum[k] = sheet_sum.get(k, 0.0) + r["Points"]
    json_sum: dict = {}
    for r in b.json["ledger"]:
        if r["counted"]:
            k = (r["ranking"], r["name"])
            json_sum[k] = json_sum.get(k, 0.0) + r["points"]
    want = {(d, n): t for d, lst in spec.standings.items() for _, n, t in lst}
    assert sheet_sum.keys() == json_sum.keys() == want.keys()
    for k, t in want.items():
        assert close(sheet_sum[k], t) and abs(json_sum[k] - t) < 1e-6, (k, sheet_sum[k], json_sum[k], t)
    assert len(b.table("Ledger")) == len(b.json["ledger"]) == len(b.out.ledger) == \
        sum(len(v) for by_div in spec.points.values() for v in by_div.values())


@pytest.mark.parametrize("key", SEASONS)
def test_json_standings_agree_with_hand_numbers_and_results(built, key):
    """JSON `standings`: per division, the same players in the same order with rank, tied, State (`club`) and total
    as worked by hand, and `results` whose counted points add up to the total."""
    b, spec = built[key], SEASONS[key]
    states = {p[1]: p[6] for p in spec.players} | {"Ivy": "ACT", "Jones": "NT", "Gale": "OS", "Hart": "NSW"}
    for div, want in spec.standings.items():
        rows = [x for x in b.json["standings"] if x["ranking"] == div]
        assert [(("=" if x["tied"] else "") + str(x["rank"]), x["name"]) for x in rows] == \
            [(r, n) for r, n, _ in want]
        for x, (_, n, total) in zip(rows, want):
            assert abs(x["total"] - total) < 1e-6 and x["club"] == states[n]
            assert abs(sum(r["points"] for r in x["results"] if r["counted"]) - total) < 1e-6
            assert {r["tournament"] for r in x["results"]} == \
                {t for t, by_div in spec.points.items() if n in by_div.get(div, {})}


# =====================================================================================================================
# gpcalc explain for two players


LINE = re.compile(r"^    (?P<t>.*?): (?P<p>-?[\d.]+) — (?P<rule>[^:]*): (?P<detail>.*?)(?P<drop>  \(dropped\))?$")
HEAD = re.compile(r"^  (?P<r>[^:]+): total (?P<total>-?[\d.]+), rank (?P<rank>=?\d+)$")


def parse_explain(text: str) -> dict[str, dict]:
    out: dict[str, dict] = {}
    cur = None
    for line in text.splitlines():
        if m := HEAD.match(line):
            cur = out[m["r"]] = {"total": float(m["total"]), "rank": m["rank"], "rows": []}
        elif (m := LINE.match(line)) and cur is not None:
            cur["rows"].append((m["t"], float(m["p"]), m["drop"] is not None))
    return out


@pytest.mark.parametrize("key,name", [("A", "Able"), ("B", "Egan")])
def test_explain_adds_up_to_the_standings_per_division(built, key, name):
    """`gpcalc explain FOLDER PLAYER`: one block per division the player scored in, with the standings total and
    rank; its lines are the hand-worked points of each tournament (as shown, two decimals); the counted lines add up
    to the total (within display rounding: 4/3 is shown 1.33), the dropped one is marked (Able's Hobart 9)."""
    b, spec = built[key], SEASONS[key]
    text = b.explain(name)
    got = parse_explain(text)
    want_divs = {d for d, lst in spec.standings.items() if any(n == name for _, n, _ in lst)}
    assert set(got) == want_divs
    for div, blk in got.items():
        rank, total = next((r, t) for r, n, t in spec.standings[div] if n == name)
        assert blk["rank"] == rank and close(blk["total"], shown(total))
        want_rows = {t: p for t, by_div in spec.points.items() for n, p in by_div.get(div, {}).items() if n == name}
        assert {t: p for t, p, _ in blk["rows"]} == {t: shown(p) for t, p in want_rows.items()}
        assert {t for t, _, d in blk["rows"] if d} == {t for (d, n, t) in spec.dropped if d == div and n == name}
        if name == "Egan" and div == "Junior":  # the bare-year ruling is named where it makes the number
            assert "born 1988 with no day: a junior by ruling (cl. 1)" in text
        counted = sum(p for _, p, d in blk["rows"] if not d)
        assert abs(counted - blk["total"]) <= 0.01 * len(blk["rows"])


# =====================================================================================================================
# the Summary sheet and the ratings carried into the standings (cl. 11)


@pytest.mark.parametrize("key,counts", [("A", (7, 56, 18)), ("B", (4, 234, 213))])
def test_summary_counts_agree_with_the_season_and_the_ledger(built, key, counts):
    """Summary: tournaments, result rows (A: 14 + 8 + 7 + 9 + 8 + 3 + 7 = 56; B: 210 + 7 + 11 + 6 = 234), players
    (A: 15 registered + Ivy, Jones, Nash; B: 11 registered + Gale, Hart + 200 fillers) and ledger rows (the number of
    hand-worked awards) agree with the season and the other outputs."""
    b, spec = built[key], SEASONS[key]
    summary = {r[0]: r[1] for r in b.wb["Summary"].iter_rows(values_only=True) if r[0]}
    awards = sum(len(v) for by_div in spec.points.values() for v in by_div.values())
    assert (summary["Tournaments"], summary["Result rows"], summary["Players"], summary["Ledger rows"]) == \
        (*counts, awards)


@pytest.mark.parametrize("key,name,rating,source", [("A", "Evans", 1850, "FIDE"), ("A", "Lee", 2000, "ACF"),
                                                     ("A", "Ivy", None, "unrated"), ("B", "Cobb", 2100, "FIDE"),
                                                     ("B", "Gale", None, "unrated")])
def test_rating_and_source_in_every_standings_row_cl11(built, key, name, rating, source):
    """cl. 11: the ACF December rating, else the FIDE January rating (cl. 11(2)), else unrated (cl. 12(2)) — the same
    on every division sheet and JSON standings row of the player."""
    b = built[key]
    rows = [x for x in b.json["standings"] if x["name"] == name]
    assert rows and all((x["rating"], x["rating_source"]) == (rating, source) for x in rows)
    for div in {x["ranking"] for x in rows}:
        r = next(r for r in b.table(div) if r["Player"] == name)
        assert (r["Rating"], r["Rating source"]) == (rating, source)
