"""Fifth audit pass of the FECODAZ circuit: two whole seasons, and every output of one season agreeing.

The earlier passes (tests/test_fecodaz.py, _rules, _amateur, _money, _coverage, _lock, _audit … _audit4) test the
clauses one or two at a time. This pass builds two small but realistic seasons that combine them the way a real
year does, works out BY HAND (below, each step citing its article or ruling) every categoría, the points per
tournament, the counted results, totals and ranks with tiebreaks, the amateur and youth rankings, the bolsa,
the prize money with one prize per player, the 1 % awards, the organisers' awards, the qualifiers and the ligas,
and then checks that ``compute()``'s outcome, the workbook of ``gpcalc build`` (ranking sheets, Tournaments,
Points table, Amateur and youth categorías, Bolsa, Prizes, Qualifiers, Sanctions, Ligas, Ledger) and the
``--json`` export agree with these numbers and with each other, and that ``gpcalc explain`` adds up.

Defects found: none. Every hand-computed number of both seasons agrees with gpcalc and the outputs agree with
each other. Ambiguities met (the rules are silent; what gpcalc does is asserted as it is):
- Art. 4 tiebreak 2 ("better place in the last tournament") when the last tournament is a TEAM event: gpcalc
  uses the row's `Place` (here consistent with team place and board place, so every reading agrees);
- Art. 5 d ligas: two ligas with equal totals share the rank (no tiebreak is given for ligas);
- ruling 12: a national championship feeding Femenino computes no amateur bands (the bands are computed in
  tournaments feeding Absoluto only), so its amateur women get no Dama amateur points there.

Both seasons use the illustrative table P(c, p) = 2c + 14 − 2(p − 1) (categoría 1: 16; 2: 18, 16; 3: 20, 18, 16;
…; 13: 40 … 16) and its Art. 3 extension (categoría 14: 44, 42, …, 18). Notation: "T: x" = x points in
tournament T; [c] = counted, (d) = dropped.

=============================================================================== SEASON 1 (2009, SMMLV 496,900)
Sponsorship 2,000,000; Pot 50/30/20 %. Players (register: Federation COL unless said): Ramírez GM (Valle, VEN,
not resident), Bernal IM (Bogotá), Castro FM (Antioquia), Duque (Valle, b. 1991), Elena WFM (F, Valle), Flor (F,
Bogotá, b. 1993), Gómez (Cauca), Hugo (Meta), Inés (F, Cauca, b. 1990, unrated), Juan (Meta), Karla (F,
Antioquia), Vargas (Santander), Zea (Antioquia), Wanda (F, Cauca); youth Mateo (1996, Valle), Olga (F 1995,
Bogotá), Lía (F 1997, Valle), Nico (1998, Bogotá), Pablo (1995, Meta), Ulises (1996, Cauca), Queta (F 2000, Valle).
2009: Sub 20 = born ≥ 1989, Sub 18 ≥ 1991, Sub 16 ≥ 1993 (Art. 3 item 4); youth Sub 14 = 1995/96, Sub 12 =
1997/98, Sub 10 = 1999/2000 (ruling: exclusive by age).

T1 Abierto Cali (Open, stop 1, IRT, base 4, fees 3,000,000, prizes paid 4,000,000). Categoría (Art. 3 items 1–3):
  titles GM 5 + IM 3 + FM 2 + WFM 2 = 12 → +1; 11 players → size 0 → 5: P(5) = 24, 22, 20, 18, 16.
  1 Ramírez 24, 2 Bernal 22, 3 Castro 20, 4 Elena 18, 5 Duque 16 (4½), 6 Gómez 4½ = tied on score with the last
  scorer → ½ × 16 = 8 (item 5); 7 Karla, 8 Juan, 9 Flor, 10 Hugo, 11 Inés nothing.
  Item 4: Dama: Elena 18 > 6 → none; Sub 20/18 Absoluto: Duque 16 > 6 → none; Sub 16 Absoluto {Flor} → Flor 6;
  Sub 20 Femenino {Flor, Inés} → 6, 4; Sub 18 / Sub 16 Femenino {Flor} → 6.
  Amateur (IRT +2; titled GM, IM, FM, WFM = 4 → +2 and 1 extra place): Sub 2000 {Gómez 1950, Juan 1850} = 2 + 2
  = 4 → Gómez 22 + 2 = 24, Juan 20 + 2 = 22; Sub 1800 {Flor 1750} = 1 + 2 = 3 → 20 + 2 = 22; Sub 1700 {Hugo 1650,
  Inés unrated (ruling 11)} = 1 + 2 = 3 → Hugo 22, Inés 18 + 2 = 20. Dama amateur: Flor 22, Inés 20 (band points).
  Locks (amateur list): Gómez, Juan Sub 2000; Flor Sub 1800; Hugo, Inés Sub 1700.
T2 Sub 14 Cali (stop 1, fees 800,000): Lía 5½, Mateo 5, Olga 4½ (1450, FIDE), Nico 4, Pablo 3½, Ulises 3½, Queta 3.
  Sub 14 Abs {Mateo 1, Olga 2 (FIDE ×2), Pablo 0, Ulises 0} = 3 → Mateo 20, Olga 18, Pablo 16, Ulises tied with
  Pablo on 3½ → 8 (item 5); Sub 14 Fem {Olga} = 2 → 18; Sub 12 Abs {Lía 1, Nico 0} = 1 → Lía 16; Sub 12 Fem Lía 16;
  Sub 10 Abs / Fem {Queta} = 1 → 16.
T3 Cerrado Medellín (Closed, host Antioquia, March, IRT, norms IM, base 10): other ligas Bernal, Ramírez, Duque,
  Vargas (4 ≥ 3, before 30 September → valid, Art. 2 q). Titles 5 + 3 + 2 = 10 → +1, norms +2 → 13:
  Castro 40, Ramírez 38, Bernal 36, Duque 34, Vargas 32, Zea 30. Nobody in an amateur band or a women's group.
T4 Abierto Bogotá (Open, stop 2, base 5, fees 2,000,000, prizes paid 2,500,000): titles IM 3 + FM 2 + WFM 2 = 7 → 0
  → 5: Bernal 24, Duque 22, Castro 20, Juan 18 (withdrew Yes: forfeited, Art. 6, not passed down), Gómez 16; Hugo
  4 ≠ 4½ → no item 5. Karla withdrew Justified (listed, keeps points).
  Item 4: Dama {Flor 7th, Elena 8th, Karla 9th, Inés} nobody > 6 → Flor 6, Elena 4, Karla 2; Sub 16 Abs {Flor} 6;
  Sub 20 Fem {Flor, Inés} 6, 4; Sub 18 / 16 Fem Flor 6; Sub 20/18 Abs: Duque 22 → none.
  Amateur (no IRT; titled IM, FM, WFM = 3 → +2, 1 extra place of 2): Sub 2000 {Juan, Gómez} = 2 → Juan 20
  (forfeited), Gómez 18; Sub 1800 {Flor} → 18; Sub 1700 {Hugo (1720 now, LOCKED in Sub 1700), Inés} = 1 → Hugo 18,
  Inés extra place 2. Dama amateur: Flor 18, Inés 2.
T5 Sub 14 Bogotá (stop 2, IRT, fees 1,500,000): Olga 6, Mateo 5½, Queta 5, Lía 4½, Pablo 4, Nico 4.
  Sub 14 Abs {Olga 2, Mateo 1, Pablo 0} + 2 = 5 → 24, 22, 20; Sub 14 Fem {Olga} 2 + 2 = 4 → 22; Sub 12 Abs {Lía 1,
  Nico 0} + 2 = 3 → 20, 18; Sub 12 Fem Lía 20; Sub 10 Abs / Fem {Queta} 1 + 2 = 3 → 20.
T6 Nacional Absoluto (National, no cash, given base 8, IRT, norms IM): ruling 2 → base 3 + titles (12 → 1) + 2 =
  6: Castro 26, Ramírez 24, Duque 22, Bernal 20, Elena 18, Vargas 16 (5), Gómez 5 → item 5: 8.
  Item 4: Sub 16 Abs {Flor} 6; Sub 20 Fem {Flor, Inés} 6, 4; Sub 18/16 Fem Flor 6 (Elena 18, Duque 22 bar the rest).
  Amateur (ruling 12; IRT; 4 titled → +2): Sub 2000 {Gómez} 3 → 22; Sub 1800 {Flor} 3 → 22; Sub 1700 {Hugo,
  Inés} 1 + 2 = 3 → 22, 20. Dama amateur Flor 22, Inés 20.
T7 Nacional Femenino (National, cash, base 4, prizes paid 1,000,000, feeds Femenino — ruling 3): WFM 2 → 4:
  Karla 22, Elena 20, Wanda 18, Flor 16 (3½), Inés 3½ → item 5: 8. Sub 20 Fem: Flor 16, Inés 8; Sub 18/16 Fem
  Flor 16. No amateur bands (ruling 12: only in tournaments feeding Absoluto).
T8 Nacional por Equipos (Team, feeds Absoluto; amateur item 7, ruling 8): board points + team bonus (6, 4, 2):
  Valle (1st): Ramírez b1 p1 12 + 6 = 18, Duque b2 p2 8 + 6 = 14, Elena b3 p1 8 + 6 = 14, Hugo reserve 6;
  Bogotá (2nd): Bernal b1 p2 10 + 4 = 14, Flor b2 p1 10 + 4 = 14, Gómez b3 p2 6 + 4 = 10;
  Antioquia (3rd): Castro b1 p3 8 + 2 = 10, Karla b2 p3 6 + 2 = 8, Inés b3 p3 4 + 2 = 6. No minimum, no item 5.
  Ruling 3: the same points in Femenino and the Sub N rankings of their members.
T9 Abierto Cartagena (Open, stop 3 without Sub 14 → warned, base 3, fees 6,000,000): Duque 20, Gómez 18, Hugo 16;
  Item 4: Dama {Inés, Flor} → 6, 4; Sub 16 Abs Flor 6; Sub 20 Fem {Inés, Flor} → 6, 4; Sub 18 / 16 Fem Flor 6.
  Amateur: Sub 2000 {Gómez} 1 → 16; Sub 1800 {Flor} → 16; Sub 1700 {Hugo, Inés} = 1 → Hugo 16.
  Dama amateur: Flor 16 (scored in her band → no 6/4/2).

Counting (Art. 3 item 6, ruling: best max(1, floor(2M/3))): Absoluto M = 6 (T1, T3, T4, T6, T8, T9) → 4;
Femenino 6 (T1, T4, T6, T7, T8, T9) → 4; Sub 20/18 Abs 6 → 4; Sub 16 Abs 5 (no T3, T7) → 3; Sub 20/18/16 Fem 6 → 4;
amateur and Dama M = 4 (T1, T4, T6, T9) → 2; youth M = 2 → 1. Closed cap 30 (Art. 2 q 3), ruling 5 (equal totals:
fewer closed, then earlier tournaments).
Absoluto: Bernal T1 22, T3 36→cap, T4 24, T6 20, T8 14(d): 30 + 24 + 22 + 20 = 96 (cap −6);
  Castro T3 40→30, T6 26, T1 20, T4 20, T8 10(d) = 96 (cap −10); Ramírez T1 24, T3 38→30, T6 24, T8 18 = 96
  (cap −8); Duque T3 34→30, T4 22, T6 22, T9 20, T1 16(d), T8 14(d) = 94 (cap −4); Gómez T9 18, T4 16, T8 10,
  T1 8, T6 8(d, ruling 5: the earlier 8 counts) = 52; Elena 18 + 18 + 14 = 50; Vargas T3 32→30 + T6 16 = 46
  (cap −2); Zea 30; Hugo 6 + 16 = 22; Flor 14; Karla 8; Inés 6; Juan removed (Art. 6).
  Ties at 96 (Art. 4, ruling 7): played Bernal 5, Castro 5, Ramírez 4 → Ramírez 3rd; Bernal vs Castro: last
  tournament T8: place 5 vs 8 → Bernal 1st, Castro 2nd. Duque 4th.
Femenino: Elena T7 20, T1 18, T6 18, T8 14, T4 4(d) = 70; Flor 16 + 14 + 6 + 4 = 40; Karla 22 + 8 + 2 = 32
  (justified: kept); Inés 8 + 6 + 6 = 20; Wanda 18.
Sub 20 Abs: Duque 94, Flor 14, Inés 6; Sub 18 Abs: Duque 94, Flor 14; Sub 16 Abs: Flor 14 + 6 + 6 (T1, T4; T6,
  T9 dropped) = 26; Sub 20 Fem: Flor 16 + 14 + 6 + 6 = 42 (T6 6, T9 4 dropped), Inés T7 8, T8 6, T9 6, T1 4 = 24;
  Sub 18 / 16 Fem: Flor 42.
Amateur: Sub 2000 Gómez 24 + 22 = 46; Sub 1800 Flor 22 + 22 = 44; Sub 1700 Hugo 22 + 22 = 44, Inés 20 + 20 = 40;
  Dama amateur Flor 44, Inés 40. Youth: Sub 14 Abs Olga 24, Mateo 22, Pablo 20, Ulises 8; Sub 14 Fem Olga 22;
  Sub 12 Abs Lía 20, Nico 18; Sub 12 Fem Lía 20; Sub 10 Abs / Fem Queta 20.
Bolsa (Art. 1, 2 c; ruling 16): opens T1 max(300,000; 248,450) = 300,000, T4 max(200,000; 248,450) = 248,450,
  T9 600,000; 10 % of prizes paid T1 400,000, T3 300,000, T4 250,000, T7 100,000; sponsorship 2,000,000 →
  4,198,450; retained 839,690; paid out 3,358,760; 1 % = 41,984.50. Youth pot: T2 max(80,000; 124,225) = 124,225
  + T5 150,000 = 274,225.
Prizes (Art. 4, one prize per player, ruling 17 order): places 1,679,380 Bernal, 1,007,628 Castro, 671,752
  Ramírez; 1 %: Sub 20 Abs Duque; Sub 20 Fem Flor; Femenino Elena; Sub 18 Abs: Duque and Flor already hold one →
  not awarded; Sub 2000 Gómez; Sub 1800: Flor holds one → not awarded; Sub 1700 Hugo; Dama amateur: Flor holds →
  Inés. Organisers (Art. 5 e): T3 (13, Antioquia) 1,000,000, T6 (6, Bogotá) 500,000.
Qualifiers (Art. 4): Absoluto Bernal, Castro, (Ramírez VEN) Duque; Femenino Elena, Flor, Karla.
Ligas (Art. 5 d): Valle 96 + 94 = 190, Antioquia 96 + 30 = 126, Bogotá 96 + 14 = 110, Cauca 52 + 6 = 58,
  Santander 46, Meta 22; amateur pooled: Cauca 46 + 40 = 86, Bogotá 44, Meta 44 (shared rank 2).

=============================================================================== SEASON 2 (2010, SMMLV 515,000)
No sponsorship; Pot as Excel fractions 0.6 / 0.4; `Youth liga players` = 2. Players: Benítez GM (Bogotá),
Cifuentes IM (Antioquia), Díaz WIM (F 1992, Bogotá), Arango MN (Valle), Jaramillo (Nariño, ECU, resident),
Escobar CMN (Cauca), Fajardo MNF (F, Meta), Ibarra (Huila), Kevin (Valle), Gil (1996, Valle), Lucía (F 1994,
Huila, unrated), Mora (Nariño), Nieto (Huila); youth Helena (F 1997, Valle), Rosa (F 1996, Nariño), Tomás (1999,
Huila). 2010: Sub 20 ≥ 1990, Sub 18 ≥ 1992, Sub 16 ≥ 1994; Sub 14 = 1996/97, Sub 12 = 1998/99.

U1 Abierto Pasto (Open, stop 1, IRT, norms GM, base 9, fees 4,000,000, prizes 5,000,000): titles GM 5 + IM 3 +
  WIM 3 = 11 → +1 (national titles give nothing), GM norms +4 → 14, beyond the table: P(14) = 44, 42, … (Art. 3
  extension): Benítez 44, Cifuentes 42, Jaramillo 40, Díaz 38, Arango 36, Mora 34, Nieto 32, Escobar 30, Fajardo
  28, Ibarra 26, Gil 24, Kevin 22 (12 places ≤ 14). Everyone > 6 → no minimum.
  Amateur (IRT; titled GM, IM, WIM, MN, CMN, MNF = 6 → +4, 2 extra places): Sub 2000 {Escobar, Fajardo} 2 + 2 = 4
  → 22 + 4 = 26, 20 + 4 = 24; Sub 1800 {Ibarra 1780, Kevin 1720} = 4 → 26, 24; Sub 1700 {Gil} = 3 → 24.
  Dama amateur Fajardo 24. Locks: Kevin Sub 1800 (later 1690, 1700 — stays Sub 1800).
U2 Sub 14 Pasto (stop 1, fees 500,000): Gil 6 (1600 + FIDE), Rosa 5 (1450), Helena 5 (unrated HERE: the row's
  rating counts), Tomás 4. Sub 14 Abs {Gil 2, Rosa 1, Helena 0} = 3 → 20, 18, 16; Sub 14 Fem {Rosa 1, Helena 0}
  = 1 → Rosa 16, Helena tied on 5 → 8 (item 5, "válido también para los torneos Sub 14"); Sub 12 Abs {Tomás} = 0.
U3 Abierto Neiva (Open, stop 2, base 2, fees not given, prizes 1,200,000): IM 3 → 0 → 2: Cifuentes 18, Nieto 16
  (6), Mora 6 → item 5: 8. Item 4: Dama {Fajardo, Lucía} → 6, 4; Sub 20/18/16 Abs {Lucía 9th, Gil 10th} → 6, 4;
  Sub 20/18/16 Fem {Lucía} → 6. Amateur (titled IM, MN, CMN, MNF = 4 → +2, 1 extra place): Sub 2000 {Escobar,
  Fajardo} 2 → 20, 18; Sub 1800 {Ibarra, Kevin} 2 → 20, 18; Sub 1700 {Lucía (unrated), Gil} = 1 → Lucía 18, Gil
  extra place 2. Dama amateur Fajardo 18, Lucía 18.
U4 Sub 14 Neiva (stop 2, IRT, fees 2,000,000): Helena 1510, Gil 1610, Rosa 1460, Tomás: Sub 14 Abs 3 + 2 = 5 →
  24, 22, 20; Sub 14 Fem {Helena, Rosa} 2 + 2 = 4 → 22, 20; Sub 12 Abs {Tomás} 0 + 2 = 2 → 18.
U5 Nacional Absoluto (National WITH cash, base 6 kept, IRT, prizes 3,000,000): GM 5 + WIM 3 = 8 → 0 → 6: Benítez
  26, Díaz 24, Jaramillo 22, Arango 20, Escobar 18 (withdrew Yes → loses the year, Art. 6), Mora 16. Item 4: Sub 16
  Abs / Fem {Lucía} → 6 (Díaz 24 bars the Sub 20/18 and Dama groups). Amateur (IRT; GM, WIM, MN, CMN, MNF = 5 →
  +2): Sub 2000 {Escobar, Fajardo} 4 → 24 (forfeited), 22; Sub 1800 {Ibarra} 3 → 22; Sub 1700 {Lucía} 0 + 2 = 2 →
  20. Dama amateur Fajardo 22, Lucía 20.
U6 Cerrado Cali (Closed, 28 Sep – 2 Oct): excluded (Art. 2 q 2, ruling 4) — no points, not "played" (ruling 7),
  not in the bolsa (its prizes paid 2,000,000 ignored), not an organiser.
U7 Abierto Manizales (Open, stop 3, base 1, fees 3,000,000): Nieto 16. Item 4: Dama {Lucía} 6; Sub 20/18/16 Abs
  {Gil 4th, Lucía 5th} 6, 4; Sub 20/18/16 Fem Lucía 6. Amateur: Sub 1800 {Ibarra, Kevin} 2 → 18, 16; Sub 1700
  {Gil 1620, Lucía} 1 → Gil 16. Dama amateur: no woman scored in her band → best amateur woman Lucía 6 (item 1).

Counting: Absoluto M = 4 (U1, U3, U5, U7) → 2. Benítez 44 + 26 = 70; Díaz 38 + 24 = 62; Jaramillo 40 + 22 = 62;
  Cifuentes 42 + 18 = 60; Arango 36 + 20 = 56; Mora 34 + 16 = 50 (U3 8 d); Nieto 32 + 16 = 48 (U3 and U7 16
  equal: the earlier U3 counts, ruling 5); Fajardo 28; Ibarra 26; Gil 24; Kevin 22.
  Díaz–Jaramillo (ruling 7): played 2 each (U6 excluded — counted, Jaramillo would lead with 3); last tournament
  U5: Díaz 2nd, Jaramillo 3rd → Díaz 2, Jaramillo 3.
Femenino (M 4 → 2): Díaz 62, Fajardo 28 + 6 = 34, Lucía 4 + 6 = 10. Sub 20 / 18 Abs: Díaz 62, Gil 24 + 6 = 30
  (U3 4 d), Lucía 6 + 4 = 10. Sub 20 / 18 Fem: Díaz 62, Lucía 6 + 6 = 12. Sub 16 Abs: Gil 30, Lucía U3 6 + U5 6 =
  12 (U7 4 d). Sub 16 Fem (M 3 → 2): Lucía 12.
Amateur: Sub 2000 (M 3 → 2) Fajardo 24 + 22 = 46 (Escobar removed); Sub 1800 (M 4) Ibarra 26 + 22 = 48, Kevin
  24 + 18 = 42; Sub 1700 Gil 24 + 16 = 40, Lucía 18 + 20 = 38; Dama amateur Fajardo 46, Lucía 20 + 18 = 38.
Youth (M 2 → 1; Sub 12 Abs M 1): Sub 14 Abs Helena 24, Gil 22, Rosa 20; Sub 14 Fem Helena 22, Rosa 20; Sub 12 Abs
  Tomás 18.
Bolsa: U1 400,000 + U3 max(0; 257,500) = 257,500 + U7 300,000 + 10 % prizes 500,000 + 120,000 + 300,000 =
  1,877,500; retained 375,500; paid out 1,502,000; 1 % = 18,775. Youth pot U2 128,750 + U4 200,000 = 328,750.
Prizes: place 1 Benítez 901,200, place 2 Díaz 600,800; 1 %: Sub 20 Abs Díaz holds → Gil; Sub 20 Fem → Lucía;
  Femenino → Fajardo; Sub 18 Abs: Díaz, Gil, Lucía hold → not awarded; Sub 2000: Fajardo holds → not awarded;
  Sub 1800 Ibarra; Sub 1700: Gil, Lucía hold → not awarded; Dama amateur: not awarded.
  Organisers: U1 (14, Nariño) 1,000,000; U5 (6, Bogotá) 500,000.
Qualifiers: Absoluto Benítez, Díaz, Jaramillo (resident); Femenino Díaz, Fajardo, Lucía.
Ligas: Bogotá 70 + 62 = 132, Nariño 62 + 50 = 112, Valle 56 + 24 = 80, Huila 48 + 26 = 74, Antioquia 60, Meta 28;
  amateur Huila 48 + 38 = 86, Valle 42 + 40 = 82, Meta 46; youth, two best (setting): Sub 14 Abs Valle 24 + 22 =
  46, Nariño 20; Sub 14 Fem Valle 22, Nariño 20; Sub 12 Abs Huila 18.
"""

from __future__ import annotations

import datetime as dt
import json
import re

import openpyxl
import pandas as pd
import pytest
from builders import make_season
from click.testing import CliRunner

from gpcalc.cli import main
from gpcalc.pipeline import compute

D = dt.date
HEAD = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
        "Games", "Withdrew"]
TEAM_HEAD = [*HEAD, "Team", "Team place", "Board", "Board place"]
ILLUSTRATIVE = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                                for c in range(1, 14)]
# name: (id, sex, born, liga, federation, resident)
P1 = {"Ramírez": ("101", "M", 1970, "Valle", "VEN", "No"), "Bernal": ("102", "M", 1975, "Bogotá", "COL", None),
      "Castro": ("103", "M", 1980, "Antioquia", "COL", None), "Duque": ("104", "M", 1991, "Valle", "COL", None),
      "Elena": ("105", "F", 1985, "Valle", "COL", None), "Flor": ("106", "F", 1993, "Bogotá", "COL", None),
      "Gómez": ("107", "M", 1975, "Cauca", "COL", None), "Hugo": ("108", "M", 1980, "Meta", "COL", None),
      "Inés": ("109", "F", 1990, "Cauca", "COL", None), "Juan": ("110", "M", 1978, "Meta", "COL", None),
      "Karla": ("111", "F", 1982, "Antioquia", "COL", None), "Vargas": ("112", "M", 1972, "Santander", "COL", None),
      "Zea": ("113", "M", 1968, "Antioquia", "COL", None), "Wanda": ("114", "F", 1985, "Cauca", "COL", None),
      "Mateo": ("201", "M", 1996, "Valle", "COL", None), "Olga": ("202", "F", 1995, "Bogotá", "COL", None),
      "Lía": ("203", "F", 1997, "Valle", "COL", None), "Nico": ("204", "M", 1998, "Bogotá", "COL", None),
      "Pablo": ("205", "M", 1995, "Meta", "COL", None), "Ulises": ("206", "M", 1996, "Cauca", "COL", None),
      "Queta": ("207", "F", 2000, "Valle", "COL", None)}

def r(people, place, name, score, *, title=None, nat=None, fide=None, games=7, withdrew="No", team=()):
    pid, sex, born, liga, _, _ = people[name]
    return [place, name, pid, sex, born, liga, title, nat, fide, score, games, withdrew, *team]

def tour(name, kind, start, days, host, rows, *, base=None, irt="No", norms="None", cash="Yes", rounds=7, stop=None,
         fees=None, prizes=None, ranking=None, head=HEAD):
    t = {"Name": name, "Start": start, "End": start + dt.timedelta(days=days), "Kind": kind, "Host league": host,
         "Base category": base, "IRT": irt, "Norms": norms, "Cash prizes": cash, "Rounds": rounds, "Stop": stop,
         "Entry fees": fees, "Prizes paid": prizes, "Ranking": ranking}
    return {"Tournament": {k: v for k, v in t.items() if v is not None}, "Results": [head, *rows]}

def season1_books():
    def p(*a, **k):
        return r(P1, *a, **k)
    T1 = tour("Abierto Cali", "Open", D(2009, 2, 1), 2, "Valle", [
        p(1, "Ramírez", 6.5, title="GM", nat=2550, fide=2550), p(2, "Bernal", 6, title="IM", nat=2400, fide=2400),
        p(3, "Castro", 5.5, title="FM", nat=2300, fide=2300), p(4, "Elena", 5, title="WFM", nat=2150, fide=2100),
        p(5, "Duque", 4.5, nat=2250, fide=2200), p(6, "Gómez", 4.5, nat=1950), p(7, "Karla", 4, nat=2050),
        p(8, "Juan", 3.5, nat=1850), p(9, "Flor", 3, nat=1750), p(10, "Hugo", 2.5, nat=1650), p(11, "Inés", 2)],
        base=4, irt="Yes", stop="1", fees=3_000_000, prizes=4_000_000)
    T2 = tour("Sub 14 Cali", "Sub 14", D(2009, 2, 1), 2, "Valle", [
        p(1, "Lía", 5.5, nat=1300), p(2, "Mateo", 5, nat=1500), p(3, "Olga", 4.5, nat=1450, fide=1400),
        p(4, "Nico", 4), p(5, "Pablo", 3.5), p(6, "Ulises", 3.5), p(7, "Queta", 3, nat=1200)],
        stop="1", fees=800_000)
    T3 = tour("Cerrado Medellín", "Closed", D(2009, 3, 10), 5, "Antioquia", [
        p(1, "Castro", 4.5, title="FM", nat=2300, fide=2300, games=6),
        p(2, "Ramírez", 4, title="GM", nat=2550, fide=2550, games=6),
        p(3, "Bernal", 3, title="IM", nat=2400, fide=2400, games=6), p(4, "Duque", 2.5, nat=2250, fide=2200, games=6),
        p(5, "Vargas", 1.5, nat=2300, fide=2280, games=6), p(6, "Zea", 1, nat=2100, games=6)],
        base=10, irt="Yes", norms="IM", rounds=6, prizes=3_000_000)
    T4 = tour("Abierto Bogotá", "Open", D(2009, 4, 4), 2, "Bogotá", [
        p(1, "Bernal", 6, title="IM", nat=2400, fide=2400), p(2, "Duque", 5.5, nat=2260, fide=2210),
        p(3, "Castro", 5, title="FM", nat=2300, fide=2300), p(4, "Juan", 5, nat=1850, withdrew="Yes"),
        p(5, "Gómez", 4.5, nat=1950), p(6, "Hugo", 4, nat=1720), p(7, "Flor", 3.5, nat=1760),
        p(8, "Elena", 3, title="WFM", nat=2150, fide=2100), p(9, "Karla", 2.5, nat=2050, withdrew="Justified"),
        p(10, "Inés", 2)],
        base=5, stop="2", fees=2_000_000, prizes=2_500_000)
    T5 = tour("Sub 14 Bogotá", "Sub 14", D(2009, 4, 4), 2, "Bogotá", [
        p(1, "Olga", 6, nat=1460, fide=1410), p(2, "Mateo", 5.5, nat=1510), p(3, "Queta", 5, nat=1210),
        p(4, "Lía", 4.5, nat=1310), p(5, "Pablo", 4), p(6, "Nico", 4)],
        irt="Yes", stop="2", fees=1_500_000)
    T6 = tour("Nacional Absoluto", "National", D(2009, 5, 1), 6, "Bogotá", [
        p(1, "Castro", 7, title="FM", nat=2300, fide=2300, games=9),
        p(2, "Ramírez", 6.5, title="GM", nat=2550, fide=2550, games=9),
        p(3, "Duque", 6, nat=2270, fide=2220, games=9), p(4, "Bernal", 6, title="IM", nat=2400, fide=2400, games=9),
        p(5, "Elena", 5.5, title="WFM", nat=2150, fide=2100, games=9),
        p(6, "Vargas", 5, nat=2300, fide=2280, games=9), p(7, "Gómez", 5, nat=1960, games=9),
        p(8, "Flor", 4.5, nat=1770, games=9), p(9, "Hugo", 4, nat=1730, games=9), p(10, "Inés", 3, games=9)],
        base=8, irt="Yes", norms="IM", cash="No", rounds=9, ranking="Absoluto")
    T7 = tour("Nacional Femenino", "National", D(2009, 6, 1), 4, "Valle", [
        p(1, "Karla", 5, nat=2050), p(2, "Elena", 4.5, title="WFM", nat=2150, fide=2100),
        p(3, "Wanda", 4, nat=2000), p(4, "Flor", 3.5, nat=1780), p(5, "Inés", 3.5)],
        base=4, prizes=1_000_000, ranking="Femenino")
    def tm(team, tp, board, bp):
        return (team, tp, board, bp)
    T8 = tour("Nacional por Equipos", "Team", D(2009, 7, 10), 2, "Santander", [
        p(1, "Ramírez", 5, title="GM", nat=2550, fide=2550, team=tm("Valle", 1, 1, 1)),
        p(2, "Duque", 4, nat=2270, fide=2220, team=tm("Valle", 1, 2, 2)),
        p(3, "Elena", 4, title="WFM", nat=2150, fide=2100, team=tm("Valle", 1, 3, 1)),
        p(4, "Hugo", 2, nat=1740, games=3, team=tm("Valle", 1, 5, 1)),
        p(5, "Bernal", 4, title="IM", nat=2400, fide=2400, team=tm("Bogotá", 2, 1, 2)),
        p(6, "Flor", 4.5, nat=1780, team=tm("Bogotá", 2, 2, 1)),
        p(7, "Gómez", 3, nat=1960, team=tm("Bogotá", 2, 3, 2)),
        p(8, "Castro", 3.5, title="FM", nat=2300, fide=2300, team=tm("Antioquia", 3, 1, 3)),
        p(9, "Karla", 3, nat=2050, team=tm("Antioquia", 3, 2, 3)),
        p(10, "Inés", 2, team=tm("Antioquia", 3, 3, 3))],
        ranking="Absoluto", head=TEAM_HEAD)
    T9 = tour("Abierto Cartagena", "Open", D(2009, 8, 1), 2, "Bolívar", [
        p(1, "Duque", 6, nat=2280, fide=2230), p(2, "Gómez", 5.5, nat=1960), p(3, "Hugo", 5, nat=1745),
        p(4, "Inés", 4.5), p(5, "Flor", 4, nat=1790)],
        base=3, stop="3", fees=6_000_000)
    return {"cali/mayores.xlsx": T1, "cali/sub14.xlsx": T2, "cerrados/medellin.xlsx": T3,
            "bogota/mayores.xlsx": T4, "bogota/sub14.xlsx": T5, "nacionales/absoluto.xlsx": T6,
            "nacionales/femenino.xlsx": T7, "nacionales/equipos.xlsx": T8, "cartagena/mayores.xlsx": T9}

def register(people):
    rows = [["ID", "Name", "Sex", "Born", "League", "Federation", "Resident"]]
    for n, (pid, sex, born, liga, fed, res) in people.items():
        rows.append([pid, n, sex, born, liga, fed, res])
    return rows

P2 = {"Benítez": ("301", "M", 1985, "Bogotá", "COL", None), "Cifuentes": ("302", "M", 1988, "Antioquia", "COL", None),
      "Díaz": ("303", "F", 1992, "Bogotá", "COL", None), "Arango": ("304", "M", 1960, "Valle", "COL", None),
      "Jaramillo": ("305", "M", 1982, "Nariño", "ECU", "Yes"), "Escobar": ("306", "M", 1970, "Cauca", "COL", None),
      "Fajardo": ("307", "F", 1975, "Meta", "COL", None), "Ibarra": ("308", "M", 1980, "Huila", "COL", None),
      "Kevin": ("309", "M", 1979, "Valle", "COL", None), "Gil": ("310", "M", 1996, "Valle", "COL", None),
      "Lucía": ("311", "F", 1994, "Huila", "COL", None), "Helena": ("312", "F", 1997, "Valle", "COL", None),
      "Rosa": ("313", "F", 1996, "Nariño", "COL", None), "Tomás": ("314", "M", 1999, "Huila", "COL", None),
      "Mora": ("315", "M", 1975, "Nariño", "COL", None), "Nieto": ("316", "M", 1976, "Huila", "COL", None)}

def season2_books():
    def p(*a, **k):
        return r(P2, *a, **k)
    U1 = tour("Abierto Pasto", "Open", D(2010, 2, 6), 2, "Nariño", [
        p(1, "Benítez", 7.5, title="GM", nat=2500, fide=2500, games=9),
        p(2, "Cifuentes", 7, title="IM", nat=2420, fide=2420, games=9),
        p(3, "Jaramillo", 6.5, nat=2300, fide=2250, games=9),
        p(4, "Díaz", 6, title="WIM", nat=2200, fide=2150, games=9),
        p(5, "Arango", 5.5, title="MN", nat=2250, games=9), p(6, "Mora", 5, nat=2210, games=9),
        p(7, "Nieto", 4.5, nat=2200, games=9), p(8, "Escobar", 4, title="CMN", nat=1980, games=9),
        p(9, "Fajardo", 3.5, title="MNF", nat=1900, games=9), p(10, "Ibarra", 3, nat=1780, games=9),
        p(11, "Gil", 2.5, nat=1600, games=9), p(12, "Kevin", 2, nat=1720, games=9)],
        base=9, irt="Yes", norms="GM", rounds=9, stop="1", fees=4_000_000, prizes=5_000_000)
    U2 = tour("Sub 14 Pasto", "Sub 14", D(2010, 2, 6), 2, "Nariño", [
        p(1, "Gil", 6, nat=1600, fide=1550), p(2, "Rosa", 5, nat=1450), p(3, "Helena", 5), p(4, "Tomás", 4)],
        stop="1", fees=500_000)
    U3 = tour("Abierto Neiva", "Open", D(2010, 4, 10), 2, "Huila", [
        p(1, "Cifuentes", 6.5, title="IM", nat=2420, fide=2420), p(2, "Nieto", 6, nat=2200),
        p(3, "Mora", 6, nat=2210), p(4, "Arango", 5.5, title="MN", nat=2250),
        p(5, "Escobar", 5, title="CMN", nat=1980), p(6, "Ibarra", 4.5, nat=1780), p(7, "Kevin", 4.5, nat=1690),
        p(8, "Fajardo", 4, title="MNF", nat=1900), p(9, "Lucía", 3.5), p(10, "Gil", 3, nat=1610)],
        base=2, stop="2", prizes=1_200_000)
    U4 = tour("Sub 14 Neiva", "Sub 14", D(2010, 4, 10), 2, "Huila", [
        p(1, "Helena", 5.5, nat=1510), p(2, "Gil", 5, nat=1610), p(3, "Rosa", 4.5, nat=1460), p(4, "Tomás", 4)],
        irt="Yes", stop="2", fees=2_000_000)
    U5 = tour("Nacional Absoluto", "National", D(2010, 5, 15), 6, "Bogotá", [
        p(1, "Benítez", 7, title="GM", nat=2500, fide=2500, games=9),
        p(2, "Díaz", 6.5, title="WIM", nat=2200, fide=2150, games=9),
        p(3, "Jaramillo", 6, nat=2300, fide=2250, games=9), p(4, "Arango", 5.5, title="MN", nat=2250, games=9),
        p(5, "Escobar", 5, title="CMN", nat=1980, games=9, withdrew="Yes"), p(6, "Mora", 5, nat=2210, games=9),
        p(7, "Fajardo", 4.5, title="MNF", nat=1900, games=9), p(8, "Ibarra", 4, nat=1790, games=9),
        p(9, "Lucía", 3.5, games=9)],
        base=6, irt="Yes", rounds=9, prizes=3_000_000, ranking="Absoluto")
    U6 = tour("Cerrado Cali", "Closed", D(2010, 9, 28), 4, "Valle", [
        p(1, "Jaramillo", 4, nat=2300, fide=2250, games=5), p(2, "Arango", 3.5, title="MN", nat=2250, games=5),
        p(3, "Mora", 2.5, nat=2210, games=5), p(4, "Nieto", 2, nat=2200, games=5),
        p(5, "Cifuentes", 2, title="IM", nat=2420, fide=2420, games=5), p(6, "Kevin", 1, nat=1700, games=5)],
        base=8, irt="Yes", rounds=5, prizes=2_000_000)
    U7 = tour("Abierto Manizales", "Open", D(2010, 8, 14), 2, "Caldas", [
        p(1, "Nieto", 6, nat=2200), p(2, "Ibarra", 5.5, nat=1795), p(3, "Kevin", 5, nat=1700),
        p(4, "Gil", 4.5, nat=1620), p(5, "Lucía", 4)],
        base=1, stop="3", fees=3_000_000)
    return {"pasto/mayores.xlsx": U1, "pasto/sub14.xlsx": U2, "neiva/mayores.xlsx": U3, "neiva/sub14.xlsx": U4,
            "nacionales/absoluto.xlsx": U5, "cerrados/cali.xlsx": U6, "manizales/mayores.xlsx": U7}


# ============================================================================================ the hand results

EXPECTED = {
    1: {
        "categories": {"Abierto Cali": 5, "Sub 14 Cali": None, "Cerrado Medellín": 13, "Abierto Bogotá": 5,
                       "Sub 14 Bogotá": None, "Nacional Absoluto": 6, "Nacional Femenino": 4,
                       "Nacional por Equipos": None, "Abierto Cartagena": 3},
        "excluded": set(),
        "standings": {
            "Absoluto": [("Bernal", 96), ("Castro", 96), ("Ramírez", 96), ("Duque", 94), ("Gómez", 52),
                         ("Elena", 50), ("Vargas", 46), ("Zea", 30), ("Hugo", 22), ("Flor", 14), ("Karla", 8),
                         ("Inés", 6)],
            "Femenino": [("Elena", 70), ("Flor", 40), ("Karla", 32), ("Inés", 20), ("Wanda", 18)],
            "Sub 20 Absoluto": [("Duque", 94), ("Flor", 14), ("Inés", 6)],
            "Sub 20 Femenino": [("Flor", 42), ("Inés", 24)],
            "Sub 18 Absoluto": [("Duque", 94), ("Flor", 14)],
            "Sub 18 Femenino": [("Flor", 42)],
            "Sub 16 Absoluto": [("Flor", 26)],
            "Sub 16 Femenino": [("Flor", 42)],
            "Sub 2000": [("Gómez", 46)], "Sub 1800": [("Flor", 44)], "Sub 1700": [("Hugo", 44), ("Inés", 40)],
            "Dama amateur": [("Flor", 44), ("Inés", 40)],
            "Sub 14 Absoluto": [("Olga", 24), ("Mateo", 22), ("Pablo", 20), ("Ulises", 8)],
            "Sub 14 Femenino": [("Olga", 22)], "Sub 12 Absoluto": [("Lía", 20), ("Nico", 18)],
            "Sub 12 Femenino": [("Lía", 20)], "Sub 10 Absoluto": [("Queta", 20)], "Sub 10 Femenino": [("Queta", 20)],
        },
        "caps": {("Absoluto", "Bernal"): -6, ("Absoluto", "Castro"): -10, ("Absoluto", "Ramírez"): -8,
                 ("Absoluto", "Duque"): -4, ("Absoluto", "Vargas"): -2, ("Sub 20 Absoluto", "Duque"): -4,
                 ("Sub 18 Absoluto", "Duque"): -4},
        "tiebreaks": {("Absoluto", "Bernal"): "better place in the last tournament played",
                      ("Absoluto", "Castro"): "better place in the last tournament played",
                      ("Absoluto", "Ramírez"): "more tournaments played"},
        "results": {
            ("Absoluto", "Bernal"): {"Abierto Cali": (22, True), "Cerrado Medellín": (36, True),
                                     "Abierto Bogotá": (24, True), "Nacional Absoluto": (20, True),
                                     "Nacional por Equipos": (14, False)},
            ("Absoluto", "Castro"): {"Abierto Cali": (20, True), "Cerrado Medellín": (40, True),
                                     "Abierto Bogotá": (20, True), "Nacional Absoluto": (26, True),
                                     "Nacional por Equipos": (10, False)},
            ("Absoluto", "Ramírez"): {"Abierto Cali": (24, True), "Cerrado Medellín": (38, True),
                                      "Nacional Absoluto": (24, True), "Nacional por Equipos": (18, True)},
            ("Absoluto", "Duque"): {"Abierto Cali": (16, False), "Cerrado Medellín": (34, True),
                                    "Abierto Bogotá": (22, True), "Nacional Absoluto": (22, True),
                                    "Nacional por Equipos": (14, False), "Abierto Cartagena": (20, True)},
            ("Absoluto", "Gómez"): {"Abierto Cali": (8, True), "Abierto Bogotá": (16, True),
                                    "Nacional Absoluto": (8, False), "Nacional por Equipos": (10, True),
                                    "Abierto Cartagena": (18, True)},
            ("Absoluto", "Hugo"): {"Nacional por Equipos": (6, True), "Abierto Cartagena": (16, True)},
            ("Femenino", "Elena"): {"Abierto Cali": (18, True), "Abierto Bogotá": (4, False),
                                    "Nacional Absoluto": (18, True), "Nacional Femenino": (20, True),
                                    "Nacional por Equipos": (14, True)},
            ("Femenino", "Karla"): {"Abierto Bogotá": (2, True), "Nacional Femenino": (22, True),
                                    "Nacional por Equipos": (8, True)},
            ("Sub 20 Femenino", "Flor"): {"Abierto Cali": (6, True), "Abierto Bogotá": (6, True),
                                          "Nacional Absoluto": (6, False), "Nacional Femenino": (16, True),
                                          "Nacional por Equipos": (14, True), "Abierto Cartagena": (4, False)},
            ("Sub 20 Femenino", "Inés"): {"Abierto Cali": (4, True), "Abierto Bogotá": (4, False),
                                          "Nacional Absoluto": (4, False), "Nacional Femenino": (8, True),
                                          "Nacional por Equipos": (6, True), "Abierto Cartagena": (6, True)},
            ("Sub 16 Absoluto", "Flor"): {"Abierto Cali": (6, True), "Abierto Bogotá": (6, True),
                                          "Nacional Absoluto": (6, False), "Nacional por Equipos": (14, True),
                                          "Abierto Cartagena": (6, False)},
            ("Sub 1700", "Inés"): {"Abierto Cali": (20, True), "Abierto Bogotá": (2, False),
                                   "Nacional Absoluto": (20, True)},
            ("Sub 1700", "Hugo"): {"Abierto Cali": (22, True), "Abierto Bogotá": (18, False),
                                   "Nacional Absoluto": (22, True), "Abierto Cartagena": (16, False)},
            ("Sub 2000", "Gómez"): {"Abierto Cali": (24, True), "Abierto Bogotá": (18, False),
                                    "Nacional Absoluto": (22, True), "Abierto Cartagena": (16, False)},
            ("Sub 14 Absoluto", "Ulises"): {"Sub 14 Cali": (8, True)},
        },
        "counting": {"Absoluto": (6, 4), "Femenino": (6, 4), "Sub 20 Absoluto": (6, 4), "Sub 16 Absoluto": (5, 3),
                     "Sub 16 Femenino": (6, 4), "Sub 2000": (4, 2), "Dama amateur": (4, 2),
                     "Sub 14 Absoluto": (2, 1), "Sub 10 Femenino": (2, 1)},
        "bolsa": {"total": 4_198_450, "retained": 839_690, "paid_out": 3_358_760, "one_percent": 41_984.5,
                  "youth_pot": 274_225},
        "bolsa_lines": {("Entry fees (senior open)", "Abierto Cali"): 300_000,
                        ("Entry fees (senior open)", "Abierto Bogotá"): 248_450,
                        ("Entry fees (senior open)", "Abierto Cartagena"): 600_000,
                        ("10 % of prizes paid", "Abierto Cali"): 400_000,
                        ("10 % of prizes paid", "Cerrado Medellín"): 300_000,
                        ("10 % of prizes paid", "Abierto Bogotá"): 250_000,
                        ("10 % of prizes paid", "Nacional Femenino"): 100_000,
                        ("Sponsorship", ""): 2_000_000,
                        ("Entry fees (Sub 14)", "Sub 14 Cali"): 124_225,
                        ("Entry fees (Sub 14)", "Sub 14 Bogotá"): 150_000},
        "prizes": {("Absoluto", 1): ("Bernal", 1_679_380), ("Absoluto", 2): ("Castro", 1_007_628),
                   ("Absoluto", 3): ("Ramírez", 671_752),
                   ("Sub 20 Absoluto", 1): ("Duque", 41_984.5), ("Sub 20 Femenino", 1): ("Flor", 41_984.5),
                   ("Femenino", 1): ("Elena", 41_984.5), ("Sub 18 Absoluto", 1): (None, 41_984.5),
                   ("Sub 2000", 1): ("Gómez", 41_984.5), ("Sub 1800", 1): (None, 41_984.5),
                   ("Sub 1700", 1): ("Hugo", 41_984.5), ("Dama amateur", 1): ("Inés", 41_984.5),
                   ("Organisers", 1): ("Antioquia", 1_000_000), ("Organisers", 2): ("Bogotá", 500_000)},
        "qualifiers": [("Absoluto", "Bernal"), ("Absoluto", "Castro"), ("Absoluto", "Duque"),
                       ("Femenino", "Elena"), ("Femenino", "Flor"), ("Femenino", "Karla")],
        "clubs": {("Absoluto", "Valle"): (1, 190), ("Absoluto", "Antioquia"): (2, 126),
                  ("Absoluto", "Bogotá"): (3, 110), ("Absoluto", "Cauca"): (4, 58), ("Absoluto", "Santander"): (5, 46),
                  ("Absoluto", "Meta"): (6, 22), ("Amateur", "Cauca"): (1, 86), ("Amateur", "Bogotá"): (2, 44),
                  ("Amateur", "Meta"): (2, 44),
                  ("Sub 14 Absoluto", "Bogotá"): (1, 24), ("Sub 14 Absoluto", "Valle"): (2, 22),
                  ("Sub 14 Absoluto", "Meta"): (3, 20), ("Sub 14 Absoluto", "Cauca"): (4, 8),
                  ("Sub 14 Femenino", "Bogotá"): (1, 22), ("Sub 12 Absoluto", "Valle"): (1, 20),
                  ("Sub 12 Absoluto", "Bogotá"): (2, 18), ("Sub 12 Femenino", "Valle"): (1, 20),
                  ("Sub 10 Absoluto", "Valle"): (1, 20), ("Sub 10 Femenino", "Valle"): (1, 20)},
        "sanctions": [("Abierto Bogotá", "Juan", "Yes"), ("Abierto Bogotá", "Karla", "Justified")],
        "warnings": {"no-sub14", "entry-fee-range"},
        "explain": ["Duque", "Flor"],
    },
    2: {
        "categories": {"Abierto Pasto": 14, "Sub 14 Pasto": None, "Abierto Neiva": 2, "Sub 14 Neiva": None,
                       "Nacional Absoluto": 6, "Cerrado Cali": 8, "Abierto Manizales": 1},
        "excluded": {"Cerrado Cali"},
        "standings": {
            "Absoluto": [("Benítez", 70), ("Díaz", 62), ("Jaramillo", 62), ("Cifuentes", 60), ("Arango", 56),
                         ("Mora", 50), ("Nieto", 48), ("Fajardo", 28), ("Ibarra", 26), ("Gil", 24), ("Kevin", 22)],
            "Femenino": [("Díaz", 62), ("Fajardo", 34), ("Lucía", 10)],
            "Sub 20 Absoluto": [("Díaz", 62), ("Gil", 30), ("Lucía", 10)],
            "Sub 20 Femenino": [("Díaz", 62), ("Lucía", 12)],
            "Sub 18 Absoluto": [("Díaz", 62), ("Gil", 30), ("Lucía", 10)],
            "Sub 18 Femenino": [("Díaz", 62), ("Lucía", 12)],
            "Sub 16 Absoluto": [("Gil", 30), ("Lucía", 12)],
            "Sub 16 Femenino": [("Lucía", 12)],
            "Sub 2000": [("Fajardo", 46)], "Sub 1800": [("Ibarra", 48), ("Kevin", 42)],
            "Sub 1700": [("Gil", 40), ("Lucía", 38)], "Dama amateur": [("Fajardo", 46), ("Lucía", 38)],
            "Sub 14 Absoluto": [("Helena", 24), ("Gil", 22), ("Rosa", 20)],
            "Sub 14 Femenino": [("Helena", 22), ("Rosa", 20)], "Sub 12 Absoluto": [("Tomás", 18)],
        },
        "caps": {},
        "tiebreaks": {("Absoluto", "Díaz"): "better place in the last tournament played",
                      ("Absoluto", "Jaramillo"): "better place in the last tournament played"},
        "played": {("Absoluto", "Díaz"): 2, ("Absoluto", "Jaramillo"): 2, ("Absoluto", "Arango"): 3,
                   ("Absoluto", "Ibarra"): 4},
        "results": {
            ("Absoluto", "Díaz"): {"Abierto Pasto": (38, True), "Nacional Absoluto": (24, True)},
            ("Absoluto", "Jaramillo"): {"Abierto Pasto": (40, True), "Nacional Absoluto": (22, True)},
            ("Absoluto", "Mora"): {"Abierto Pasto": (34, True), "Abierto Neiva": (8, False),
                                   "Nacional Absoluto": (16, True)},
            ("Absoluto", "Nieto"): {"Abierto Pasto": (32, True), "Abierto Neiva": (16, True),
                                    "Abierto Manizales": (16, False)},
            ("Sub 16 Absoluto", "Lucía"): {"Abierto Neiva": (6, True), "Nacional Absoluto": (6, True),
                                           "Abierto Manizales": (4, False)},
            ("Sub 1800", "Kevin"): {"Abierto Pasto": (24, True), "Abierto Neiva": (18, True),
                                    "Abierto Manizales": (16, False)},
            ("Sub 1700", "Gil"): {"Abierto Pasto": (24, True), "Abierto Neiva": (2, False),
                                  "Abierto Manizales": (16, True)},
            ("Dama amateur", "Lucía"): {"Abierto Neiva": (18, True), "Nacional Absoluto": (20, True),
                                        "Abierto Manizales": (6, False)},
            ("Sub 14 Femenino", "Helena"): {"Sub 14 Pasto": (8, False), "Sub 14 Neiva": (22, True)},
            ("Sub 14 Absoluto", "Helena"): {"Sub 14 Pasto": (16, False), "Sub 14 Neiva": (24, True)},
        },
        "counting": {"Absoluto": (4, 2), "Femenino": (4, 2), "Sub 16 Femenino": (3, 2), "Sub 2000": (3, 2),
                     "Sub 1800": (4, 2), "Sub 14 Absoluto": (2, 1), "Sub 12 Absoluto": (1, 1)},
        "bolsa": {"total": 1_877_500, "retained": 375_500, "paid_out": 1_502_000, "one_percent": 18_775,
                  "youth_pot": 328_750},
        "bolsa_lines": {("Entry fees (senior open)", "Abierto Pasto"): 400_000,
                        ("Entry fees (senior open)", "Abierto Neiva"): 257_500,
                        ("Entry fees (senior open)", "Abierto Manizales"): 300_000,
                        ("10 % of prizes paid", "Abierto Pasto"): 500_000,
                        ("10 % of prizes paid", "Abierto Neiva"): 120_000,
                        ("10 % of prizes paid", "Nacional Absoluto"): 300_000,
                        ("Sponsorship", ""): 0,
                        ("Entry fees (Sub 14)", "Sub 14 Pasto"): 128_750,
                        ("Entry fees (Sub 14)", "Sub 14 Neiva"): 200_000},
        "prizes": {("Absoluto", 1): ("Benítez", 901_200), ("Absoluto", 2): ("Díaz", 600_800),
                   ("Sub 20 Absoluto", 1): ("Gil", 18_775), ("Sub 20 Femenino", 1): ("Lucía", 18_775),
                   ("Femenino", 1): ("Fajardo", 18_775), ("Sub 18 Absoluto", 1): (None, 18_775),
                   ("Sub 2000", 1): (None, 18_775), ("Sub 1800", 1): ("Ibarra", 18_775),
                   ("Sub 1700", 1): (None, 18_775), ("Dama amateur", 1): (None, 18_775),
                   ("Organisers", 1): ("Nariño", 1_000_000), ("Organisers", 2): ("Bogotá", 500_000)},
        "qualifiers": [("Absoluto", "Benítez"), ("Absoluto", "Díaz"), ("Absoluto", "Jaramillo"),
                       ("Femenino", "Díaz"), ("Femenino", "Fajardo"), ("Femenino", "Lucía")],
        "clubs": {("Absoluto", "Bogotá"): (1, 132), ("Absoluto", "Nariño"): (2, 112), ("Absoluto", "Valle"): (3, 80),
                  ("Absoluto", "Huila"): (4, 74), ("Absoluto", "Antioquia"): (5, 60), ("Absoluto", "Meta"): (6, 28),
                  ("Amateur", "Huila"): (1, 86), ("Amateur", "Valle"): (2, 82), ("Amateur", "Meta"): (3, 46),
                  ("Sub 14 Absoluto", "Valle"): (1, 46), ("Sub 14 Absoluto", "Nariño"): (2, 20),
                  ("Sub 14 Femenino", "Valle"): (1, 22), ("Sub 14 Femenino", "Nariño"): (2, 20),
                  ("Sub 12 Absoluto", "Huila"): (1, 18)},
        "sanctions": [("Nacional Absoluto", "Escobar", "Yes")],
        "warnings": {"closed-invalid", "few-rounds", "no-sub14", "entry-fee-range"},
        "explain": ["Lucía", "Nieto"],
    },
}


# ============================================================================================ the two seasons

def _season_settings(n):
    if n == 1:
        return ({"Circuit": "fecodaz", "Season": "2009", "Points table source": "audit 5", "SMMLV": 496_900,
                 "Sponsorship": 2_000_000},
                {"Points": ILLUSTRATIVE, "Players": register(P1),
                 "Pot": [["Place", "Percent"], [1, 50], [2, 30], [3, 20]]}, season1_books())
    return ({"Circuit": "fecodaz", "Season": "2010", "Points table source": "audit 5", "SMMLV": 515_000,
             "Youth liga players": 2},
            {"Points": ILLUSTRATIVE, "Players": register(P2), "Pot": [["Place", "Percent"], [1, 0.6], [2, 0.4]]},
            season2_books())


def _table(ws, first_header):
    """The table of a sheet whose header row starts with `first_header`: list of {header: cell}."""
    rows = list(ws.iter_rows())
    h = next(i for i, row in enumerate(rows) if row[0].value == first_header)
    head = [c.value for c in rows[h]]
    return [dict(zip(head, row)) for row in rows[h + 1:] if any(c.value is not None for c in row)]


def _values(ws, first_header):
    return [{k: c.value for k, c in row.items()} for row in _table(ws, first_header)]


class Built:
    def __init__(self, root, n):
        settings, sheets, books = _season_settings(n)
        self.n = n
        self.exp = EXPECTED[n]
        self.folder = make_season(root, settings, sheets=sheets, tournaments=books)
        self.res = compute(self.folder)
        assert self.res.outcome is not None, [i.message for i in self.res.issues.errors]
        self.out = self.res.outcome
        xlsx, js = root / "out.xlsx", root / "out.json"
        run = CliRunner().invoke(main, ["build", str(self.folder), "-o", str(xlsx), "--json", str(js)])
        assert run.exit_code == 0, run.output
        self.json = json.loads(js.read_text(encoding="utf-8"))
        self.wb = openpyxl.load_workbook(xlsx)

    def explain(self, who):
        run = CliRunner().invoke(main, ["explain", str(self.folder), who])
        assert run.exit_code == 0, run.output
        return run.output


@pytest.fixture(scope="module", params=[1, 2], ids=["season2009", "season2010"])
def built(request, tmp_path_factory):
    return Built(tmp_path_factory.mktemp(f"s{request.param}"), request.param)


def _num(x):
    return None if x is None else float(x)


# ============================================================================================ categorías

def test_categorias_agree_in_compute_json_tournaments_and_points_table_sheets(built):
    """Art. 3 items 1–3 and 6, ruling 2 (national without cash: base 3), the Art. 3 extension (categoría 14),
    Art. 2 q 2 (U6 excluded). Hand values in the module docstring; a Sub-14 tournament and a team event have no
    senior categoría."""
    exp = built.exp["categories"]
    t = built.out.tournaments.set_index("tournament")
    assert {k: (None if pd.isna(v) else int(v)) for k, v in t["category"].items()} == exp
    js = {x["name"]: x for x in built.json["tournaments"]}
    assert {k: x["category"] for k, x in js.items()} == exp
    for name, x in js.items():
        if x["category"] is not None:
            assert x["category"] == x["base"] + x["title_bonus"] + x["norm_bonus"] + x["size_bonus"], name
    assert {k for k, x in js.items() if not x["counts"]} == built.exp["excluded"]
    sheet = {row["Tournament"]: row for row in _values(built.wb["Tournaments"], "Tournament")}
    assert {k: row["Category"] for k, row in sheet.items()} == exp
    assert {k for k, row in sheet.items() if row["Counts"] != "Yes"} == built.exp["excluded"]
    # the Points table sheet lists every counting tournament under its categoría, with that row's points
    listed = {}
    for row in _values(built.wb["Points table"], "Category"):
        for name in str(row["Tournaments"] or "").split(", "):
            if name:
                listed[name] = (row["Category"], row["Points"])
    for name, c in exp.items():
        if c is not None and name not in built.exp["excluded"]:
            assert listed[name][0] == c
            assert listed[name][1].split(", ")[0] == str(2 * c + 14 if c <= 13 else 40 + 4 * (c - 13))


# ============================================================================================ standings

def _compute_standings(built):
    s = built.out.standings
    out = {}
    for rk, g in s.groupby("ranking", sort=False):
        g = g.sort_values("rank", kind="stable")
        out[rk] = [(n, float(t)) for n, t in zip(g["name"], g["total"])]
    return out


def test_every_ranking_totals_and_ranks_by_hand_in_compute_json_and_sheets(built):
    """Art. 3 item 6 (best floor(2M/3)), Art. 2 q 3 (closed cap 30), Art. 4 ties (ruling 7), Art. 6 (the
    sanctioned player nowhere); every ranking's order and totals as worked out in the module docstring."""
    exp = {rk: [(n, float(t)) for n, t in rows] for rk, rows in built.exp["standings"].items()}
    assert _compute_standings(built) == exp
    assert not built.out.standings["tied"].astype(bool).any()
    for rk, rows in exp.items():
        ranked = [(int(s["rank"]), s["name"], s["total"]) for s in built.json["standings"] if s["ranking"] == rk]
        assert ranked == [(i, n, t) for i, (n, t) in enumerate(rows, 1)], rk
        sheet = [(int(r["Rank"]), r["Player"], r["Total"]) for r in _values(built.wb[rk], "Rank")]
        assert sheet == [(i, n, t) for i, (n, t) in enumerate(rows, 1)], rk
    assert {s["ranking"] for s in built.json["standings"]} == set(exp)


def test_closed_caps_tiebreak_labels_and_played_by_hand(built):
    """Art. 2 q 3 (cap −x where the counted closed points exceed 30), Art. 4 / ruling 7 (the level that
    separated equal totals; "played" = valid tournaments of the ranking, the excluded closed one not)."""
    js = {(s["ranking"], s["name"]): s for s in built.json["standings"]}
    caps = {k: s["closed_cap"] for k, s in js.items() if s["closed_cap"]}
    assert caps == built.exp["caps"]
    for key, label in built.exp["tiebreaks"].items():
        assert js[key]["tiebreak"] == label, key
    for key, n in built.exp.get("played", {}).items():
        assert js[key]["played"] == n, key
    for rk in {k[0] for k in built.exp["tiebreaks"]}:
        sheet = {r["Player"]: r for r in _values(built.wb[rk], "Rank")}
        for (r2, name), label in built.exp["tiebreaks"].items():
            if r2 == rk:
                assert sheet[name]["Tiebreak"] == label
        for (r2, name), cap in built.exp["caps"].items():
            if r2 == rk:
                assert sheet[name]["Closed cap"] == cap


def test_counted_and_dropped_results_by_hand_in_json_and_struck_cells(built):
    """Art. 3 item 6 and ruling 5 (equal totals: fewer closed results, then the earlier tournament): each listed
    player's results, counted or dropped, in the JSON and on the ranking sheet (dropped = struck through)."""
    js = {(s["ranking"], s["name"]): s for s in built.json["standings"]}
    for key, exp in built.exp["results"].items():
        got = {r["tournament"]: (r["points"], r["counted"]) for r in js[key]["results"]}
        assert got == exp, key
        rk, name = key
        row = next(r for r in _table(built.wb[rk], "Rank") if r["Player"].value == name)
        cells = {t: (c.value, not bool(c.font.strike)) for t, c in row.items()
                 if t in built.exp["categories"] and c.value is not None}
        assert cells == exp, key


def test_counting_limits_on_the_summary_sheet(built):
    """Art. 3 item 6 with the ruling: M = tournaments awarding points in the ranking, best max(1, floor(2M/3))."""
    summary = {r[0]: r[1] for r in built.wb["Summary"].iter_rows(values_only=True) if r[0]}
    for rk, (m, best) in built.exp["counting"].items():
        assert f"{rk}: M={m} → best {best}" in summary["Counting"], rk


# ============================================================================================ consistency

def test_every_total_readds_from_its_results_the_ledger_and_the_sheet_columns(built):
    """No number that no rule gives: each standings total = its counted results + its closed cap; each result =
    the sum of that tournament's ledger rows (Ledger sheet and JSON ledger alike); the ranking sheet's Played /
    Counted results / Total columns agree with the JSON; the sanctioned players are in no standings."""
    ledger = {}
    for row in _values(built.wb["Ledger"], "Tournament"):
        if row["Rule"] == "FECODAZ Art. 2 q 3":
            continue
        k = (row["Ranking"], row["Name"], row["Tournament"])
        ledger[k] = ledger.get(k, 0) + row["Points"]
    jled = {}
    for row in built.json["ledger"]:
        if row["rule"] != "FECODAZ Art. 2 q 3":
            k = (row["ranking"], row["name"], row["tournament"])
            jled[k] = jled.get(k, 0) + row["points"]
    assert ledger == jled
    sanctioned = {x[1] for x in built.exp["sanctions"] if x[2] == "Yes"}
    for s in built.json["standings"]:
        assert s["name"] not in sanctioned
        counted = [r for r in s["results"] if r["counted"]]
        assert s["total"] == sum(r["points"] for r in counted) + (s["closed_cap"] or 0), (s["ranking"], s["name"])
        assert s["counted_results"] == len(counted)
        for r in s["results"]:
            assert r["points"] == ledger[(s["ranking"], s["name"], r["tournament"])]
    for rk in built.exp["standings"]:
        js = {s["name"]: s for s in built.json["standings"] if s["ranking"] == rk}
        for row in _values(built.wb[rk], "Rank"):
            s = js[row["Player"]]
            assert (row["Played"], row["Counted results"], row["Total"]) == (
                s["played"], s["counted_results"], s["total"]), (rk, row["Player"])


def test_amateur_and_youth_categorias_sheet_agrees_with_json_and_ledger(built):
    """Art. 3 amateur list: categoría = rated (FIDE ×2) + 2 IRT; the sheet, the JSON and every ledger detail
    naming "in categoría c" for that tournament and ranking agree."""
    sheet = {(r["Tournament"], r["Ranking"]): r["Category"]
             for r in _values(built.wb["Amateur and youth categorías"], "Tournament")}
    js = {(c["tournament"], c["ranking"]): c["category"] for c in built.json["categories"]}
    assert sheet == js
    for c in built.json["categories"]:
        assert c["category"] == c["rated"] + c["irt_bonus"]
    for row in built.json["ledger"]:
        m = re.search(r"position \d+ in categoría (\d+)", row["detail"] or "")
        if m and not row["detail"].startswith("her "):
            assert int(m.group(1)) == js[(row["tournament"], row["ranking"])], row


# ============================================================================================ money

def test_bolsa_by_hand_in_json_and_bolsa_sheet(built):
    """Art. 1, 2 c, 2 l–m, ruling 16: each line, the total, 20 / 80 %, the 1 % and the youth pot (module
    docstring)."""
    b = built.json["bolsa"]
    assert {k: b[k] for k in built.exp["bolsa"]} == built.exp["bolsa"]
    sheet = _values(built.wb["Bolsa"], "Section")
    lines = {(r["Line"], r["Tournament"] or ""): r["Amount"] for r in sheet
             if r["Line"] in {"Entry fees (senior open)", "10 % of prizes paid", "Sponsorship",
                              "Entry fees (Sub 14)"}}
    assert lines == built.exp["bolsa_lines"]
    jl = {(x["line"], x["tournament"] or ""): x["amount"] for x in b["lines"] if (x["line"], x["tournament"] or "")
          in built.exp["bolsa_lines"]}
    assert jl == built.exp["bolsa_lines"]
    totals = {r["Line"]: r["Amount"] for r in sheet}
    assert (totals["Bolsa total"], totals["Retained 20 %"], totals["Paid out 80 %"], totals["1 % award"],
            totals["Youth pot total"]) == tuple(built.exp["bolsa"][k] for k in
                                                ("total", "retained", "paid_out", "one_percent", "youth_pot"))


def test_prizes_one_per_player_by_hand_in_compute_json_and_prizes_sheet(built):
    """Art. 4 (Pot shares of the 80 %; the 1 % awards in ruling 17's order; "Ningún jugador podrá tener más de un
    premio": the one left passes down, or is not awarded), Art. 5 e (organisers), Art. 6 (a sanctioned player gets
    no prize)."""
    exp = built.exp["prizes"]
    js = {(p["ranking"], p["place"]): (p["name"], p["value"]) for p in built.json["prizes"]}
    assert js == exp
    pr = built.out.prizes
    comp = {(r, int(p)): (n if isinstance(n, str) else None, float(v))
            for r, p, n, v in zip(pr["ranking"], pr["place"], pr["name"], pr["value"])}
    assert comp == exp
    sheet = {(r["Ranking"], r["Place"]): (r["Player"], r["Value"]) for r in _values(built.wb["Prizes"], "Ranking")}
    assert sheet == exp
    winners = [n for (rk, _), (n, _) in exp.items() if n and rk != "Organisers"]
    assert len(winners) == len(set(winners))


def test_qualifiers_ligas_and_sanctions_by_hand_in_json_and_sheets(built):
    """Art. 4 (three best COL or resident per rama, ruling 18), Art. 5 d (two best totals; amateur pooled; youth
    best one, or two with the setting — ruling 15), Art. 6 (every withdrawal listed)."""
    q = [(x["rama"], x["name"]) for x in built.json["qualifiers"]]
    assert q == built.exp["qualifiers"]
    assert [(r["Rama"], r["Name"]) for r in _values(built.wb["Qualifiers"], "Rama")] == q
    clubs = {(c["ranking"], c["club"]): (c["rank"], c["total"]) for c in built.json["clubs"]}
    assert clubs == built.exp["clubs"]
    sheet = {(r["Ranking"], r["Liga"]): (int(str(r["Rank"]).lstrip("=")), r["Total"])
             for r in _values(built.wb["Ligas"], "Ranking")}
    assert sheet == built.exp["clubs"]
    sanc = [(x["tournament"], x["name"], x["withdrew"]) for x in built.json["sanctions"]]
    assert sanc == built.exp["sanctions"]
    assert [(r["Tournament"], r["Name"], r["Withdrew"]) for r in _values(built.wb["Sanctions"], "Tournament")] \
        == sanc


def test_warnings_of_the_season(built):
    """Art. 2 compliance warnings the seasons carry on purpose (a senior stop without Sub 14, entry fees outside the
    range, the closed tournament after 30 September with 5 rounds); no error."""
    codes = {i["code"] for i in built.json["issues"]}
    assert codes == built.exp["warnings"]
    assert all(i["severity"] == "warning" for i in built.json["issues"])


# ============================================================================================ explain

def test_explain_adds_up_for_two_players(built):
    """`gpcalc explain`: for each ranking of the player, the lines not marked "(dropped)" (the closed cap line
    included) add up to the total printed, which is the standings total; every ranking of the player is shown."""
    js = {(s["ranking"], s["name"]): s["total"] for s in built.json["standings"]}
    for who in built.exp["explain"]:
        text = built.explain(who)
        blocks = re.split(r"\n  (?=\S)", text)
        seen = set()
        for block in blocks[1:]:
            head, *lines = block.splitlines()
            m = re.match(r"(.+): total ([\d.]+), rank =?(\d+)", head)
            assert m, head
            rk, total = m.group(1), float(m.group(2))
            pts = [float(re.match(r"\s+[^:]+: (-?[\d.]+) ", ln).group(1)) for ln in lines
                   if not ln.rstrip().endswith("(dropped)")]
            assert sum(pts) == total == js[(rk, who)], (who, rk)
            seen.add(rk)
        assert seen == {rk for (rk, n) in js if n == who}, who
