"""FECODAZ money (Art. 1, Art. 2 c/l/m, Art. 4, Art. 5 e) — the bolsa, prizes, organisers, qualifiers.

Every expected amount is worked out in the comments (pesos).
"""

from __future__ import annotations

from decimal import Decimal

import pandas as pd
import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from gpcalc.circuits import fecodaz_money as M

SMMLV = 500_000  # ½ = 250,000; ¼ = 125,000


def tours(rows):
    cols = ["tournament", "kind", "counts", "entry_fees", "prizes_paid", "host_league", "category"]
    return pd.DataFrame([dict(zip(cols, r)) for r in rows], columns=cols)


def line(frame, name, tournament=""):
    hit = frame[(frame["line"] == name) & (frame["tournament"] == tournament)]
    assert len(hit) == 1, (name, tournament)
    return hit.iloc[0]


def test_bolsa_with_and_without_the_smmlv_floor_art1_art2c():
    # FECODAZ Art. 2 c: per senior open max(10 % of entry fees, ½ SMMLV) + 10 % of prizes paid; Art. 1 sponsorship
    # O1 fees 3,000,000 → 300,000 > 250,000 (no floor); O2 fees 2,000,000 → 200,000 < 250,000 → floor 250,000;
    # O3 fees not given → 0 → floor 250,000; prizes O1 4,000,000 → 400,000; closed C prizes 1,000,000 → 100,000;
    # an excluded closed (counts No) gives nothing; sponsorship 1,000,000.
    # Bolsa = 300,000 + 250,000 + 250,000 + 400,000 + 100,000 + 1,000,000 = 2,300,000
    # retained 20 % = 460,000; paid out 80 % = 1,840,000; 1 % = 23,000
    t = tours([("O1", "Open", True, 3_000_000, 4_000_000), ("O2", "Open", True, 2_000_000, None),
               ("O3", "Open", True, None, None), ("C", "Closed", True, 0, 1_000_000),
               ("X", "Closed", False, 0, 9_000_000)])
    lines, totals = M.bolsa(t, SMMLV, 1_000_000)
    assert line(lines, "Entry fees (senior open)", "O1")["amount"] == 300_000
    assert "(10 % of the entry fees)" in line(lines, "Entry fees (senior open)", "O1")["computation"]
    assert line(lines, "Entry fees (senior open)", "O2")["amount"] == 250_000
    assert "½ SMMLV floor" in line(lines, "Entry fees (senior open)", "O2")["computation"]
    assert line(lines, "Entry fees (senior open)", "O3")["amount"] == 250_000
    assert line(lines, "10 % of prizes paid", "O1")["amount"] == 400_000
    assert line(lines, "10 % of prizes paid", "C")["amount"] == 100_000
    assert not (lines["tournament"] == "X").any()
    assert totals["bolsa"] == 2_300_000 and totals["retained"] == 460_000
    assert totals["paid_out"] == 1_840_000 and totals["one_percent"] == 23_000
    assert line(lines, "Bolsa total")["amount"] == 2_300_000


def test_youth_pot_quarter_smmlv_floor_art2_l_m():
    # FECODAZ Art. 2 l, m: per Sub-14 tournament max(10 % of entry fees, ¼ SMMLV): fees 600,000 → 60,000 <
    # 125,000 → 125,000; fees 2,000,000 → 200,000 (no floor). Youth pot = 325,000, kept apart from the bolsa.
    t = tours([("K1", "Sub 14", True, 600_000, None), ("K2", "Sub 14", True, 2_000_000, None)])
    lines, totals = M.bolsa(t, SMMLV, None)
    assert line(lines, "Entry fees (Sub 14)", "K1")["amount"] == 125_000
    assert line(lines, "Entry fees (Sub 14)", "K2")["amount"] == 200_000
    assert totals["youth"] == 325_000 and totals["bolsa"] == 0


def test_bolsa_is_exact_decimal_arithmetic_art2c():
    # 10 % of 1,234,567 = 123,456.7 exactly (Decimal, never a float rounding); 1 % of it = 1,234.567
    t = tours([("O", "Open", True, 1_234_567, None)])
    _, totals = M.bolsa(t, 0, 0)
    assert totals["bolsa"] == Decimal("123456.7") and totals["one_percent"] == Decimal("1234.567")


def standings(rows):
    # rows: (ranking, rank, player)
    return pd.DataFrame([dict(ranking=r, rank=k, player=p, name=p, id=p, club="Valle", total=100 - k)
                         for r, k, p in rows])


def test_player_who_would_win_two_one_percent_awards_takes_one_art4():
    # FECODAZ Art. 4 "Ningún jugador podrá tener más de un premio" (ruling: the highest; the prize left passes
    # on). No Pot table. D is best Sub 20 Absoluto and best Sub 18 Absoluto: both awards are 1 % of a bolsa of
    # 2,000,000 = 20,000; D takes the first listed (Sub 20), the Sub 18 award passes to E (next in Sub 18).
    s = standings([("Absoluto", 1, "A"), ("Sub 20 Absoluto", 1, "D"), ("Sub 20 Absoluto", 2, "E"),
                   ("Sub 18 Absoluto", 1, "D"), ("Sub 18 Absoluto", 2, "E"), ("Sub 18 Absoluto", 3, "F")])
    totals = {"bolsa": Decimal(2_000_000), "paid_out": Decimal(1_600_000), "one_percent": Decimal(20_000)}
    out = M.allocate(M.prize_table(totals, None), s).set_index("ranking")
    assert out.loc["Sub 20 Absoluto", "name"] == "D" and out.loc["Sub 18 Absoluto", "name"] == "E"
    assert out.loc["Sub 18 Absoluto", "value"] == 20_000
    assert "D (already wins Sub 20 Absoluto 1st)" in out.loc["Sub 18 Absoluto", "passed_over"]
    assert pd.isna(out.loc["Femenino", "name"])  # nobody in Femenino: not awarded


def test_place_money_beats_a_one_percent_award_art4():
    # Pot 50/30/20 % of the 80 %: bolsa 2,000,000 → 80 % = 1,600,000 → places 800,000, 480,000, 320,000;
    # 1 % = 20,000. B is 2nd in Absoluto and best Sub 20: takes 480,000; the Sub 20 award passes to D.
    s = standings([("Absoluto", 1, "A"), ("Absoluto", 2, "B"), ("Absoluto", 3, "C"), ("Sub 20 Absoluto", 1, "B"),
                   ("Sub 20 Absoluto", 2, "D")])
    totals = {"bolsa": Decimal(2_000_000), "paid_out": Decimal(1_600_000), "one_percent": Decimal(20_000)}
    pot = [(1, Decimal("0.5")), (2, Decimal("0.3")), (3, Decimal("0.2"))]
    out = M.allocate(M.prize_table(totals, pot), s).dropna(subset=["name"])
    won = dict(zip(out["name"], out["value"]))
    assert won == {"A": 800_000, "B": 480_000, "C": 320_000, "D": 20_000}
    assert "80 % × 2,000,000 × 30 % = 480,000" in out.loc[out["name"] == "B", "rule"].iloc[0]


def test_small_place_money_passes_when_its_winner_took_a_bigger_award_art4():
    # Pot 99.5 % / 0.5 % of the 80 % of 1,000,000 = 796,000 / 4,000; 1 % = 10,000 > 4,000: B (2nd, best Sub 20)
    # takes the Sub 20 1 % (the highest for B) and the 2nd-place money passes to C (3rd); D gets nothing.
    s = standings([("Absoluto", 1, "A"), ("Absoluto", 2, "B"), ("Absoluto", 3, "C"), ("Sub 20 Absoluto", 1, "B"),
                   ("Sub 20 Absoluto", 2, "D")])
    totals = {"bolsa": Decimal(1_000_000), "paid_out": Decimal(800_000), "one_percent": Decimal(10_000)}
    out = M.allocate(M.prize_table(totals, [(1, Decimal("0.995")), (2, Decimal("0.005"))]), s)
    won = dict(zip(out["name"], out["value"]))
    assert won["B"] == 10_000 and won["C"] == 4_000 and "D" not in won
    second = out[out["place"].eq(2) & out["ranking"].eq("Absoluto")].iloc[0]
    assert second["passed_over"] == "B (already wins Sub 20 Absoluto 1st) [one prize per player, Art. 4]"


def test_pot_table_forms_and_sum_warning_art4():
    # 50, "30 %", "20,0" → fractions .5, .3, .2 of the 80 %; Excel percentages 0.5/0.3/0.2 read the same
    rows, errors, warnings = M.pot_from_grid([["Place", "Percent"], [1, 50], [2, "30 %"], [3, "20,0"]])
    assert rows == [(1, Decimal("0.5")), (2, Decimal("0.3")), (3, Decimal("0.2"))] and not errors and not warnings
    rows, _, _ = M.pot_from_grid([["Puesto", "Porcentaje"], [1, 0.5], [2, 0.3], [3, 0.2]])
    assert [r[1] for r in rows] == [Decimal("0.5"), Decimal("0.3"), Decimal("0.2")]
    _, _, warnings = M.pot_from_grid([["Place", "Percent"], [1, 50], [2, 30]])
    assert warnings and "80 %" in warnings[0]
    _, errors, _ = M.pot_from_grid([["Lugar"], [1]])
    assert errors


def test_organiser_awards_two_highest_categorias_and_ties_art5e():
    # FECODAZ Art. 5 e: categorías 14, 12, 12, 9 → 1,000,000 to the 14; the two 12s tie for 500,000 (marked)
    t = tours([("A", "Open", True, 0, 0, "Bogotá", 14), ("B", "Open", True, 0, 0, "Valle", 12),
               ("C", "Open", True, 0, 0, "Caldas", 12), ("D", "Open", True, 0, 0, "Huila", 9),
               ("X", "Closed", False, 0, 0, "Meta", 20)])
    out = M.organiser_awards(t)
    assert list(out["tournament"]) == ["A", "B", "C"]
    assert out.iloc[0]["value"] == 1_000_000 and out.iloc[0]["note"] == ""
    assert all("the federation decides" in n for n in out.iloc[1:]["note"])
    # a tie at the top: 14, 14 → both marked for 1,000,000 and 500,000; no third line
    t2 = tours([("A", "Open", True, 0, 0, "Bogotá", 14), ("B", "Open", True, 0, 0, "Valle", 14),
                ("C", "Open", True, 0, 0, "Caldas", 12)])
    out2 = M.organiser_awards(t2)
    assert list(out2["tournament"]) == ["A", "B"] and "1,000,000 and 500,000" in out2.iloc[0]["note"]


def test_qualifiers_top_three_colombian_or_resident_per_rama_art4():
    # FECODAZ Art. 4: V (VEN, 1st) is passed over; A (COL), B (VEN but resident), C (COL) qualify; D does not
    s = standings([("Absoluto", 1, "V"), ("Absoluto", 2, "A"), ("Absoluto", 3, "B"), ("Absoluto", 4, "C"),
                   ("Absoluto", 5, "D"), ("Femenino", 1, "F")])
    reg = pd.DataFrame({"player": ["V", "A", "B", "C", "D", "F"],
                        "federation": ["VEN", "COL", "VEN", "col", "COL", None],
                        "resident": [None, None, True, None, None, None]})
    q = M.qualifiers(s, reg)
    assert list(q.loc[q["rama"] == "Absoluto", "name"]) == ["A", "B", "C"]
    assert "V (VEN)" in q.iloc[0]["not_eligible_above"]
    assert q.loc[q["rama"] == "Femenino"].empty  # F's federation is unknown


@pytest.mark.parametrize("fees,expected", [(2_490_000, 250_000), (2_500_000, 250_000), (2_510_000, 251_000)])
def test_half_smmlv_floor_boundary_art2c(fees, expected):
    # 10 % of 2,490,000 = 249,000 < 250,000 → 250,000; 2,500,000 → 250,000 either way; 2,510,000 → 251,000
    _, totals = M.bolsa(tours([("O", "Open", True, fees, None)]), SMMLV, 0)
    assert totals["bolsa"] == expected


# ------------------------------------------------------------------------------------------- a whole season

def season_folder(tmp_path, pot=True, smmlv=500_000):
    import datetime as dt

    from builders import make_season

    head = ["Place", "Name", "ID", "Sex", "Born", "League", "Title", "National rating", "FIDE rating", "Score",
            "Games", "Withdrew"]
    people = {"Gm": ("1", "M", 1970, "Valle"), "Ana": ("2", "F", 1980, "Valle"), "Beto": ("3", "M", 1980, "Bogotá"),
              "Cata": ("4", "F", 1985, "Bogotá"), "Dani": ("5", "M", 1995, "Antioquia"),
              "Eva": ("6", "F", 1996, "Caldas"), "Kid": ("7", "M", 2000, "Valle"), "Pia": ("8", "F", 1996, "Huila"),
              "Raúl": ("9", "M", 1995, "Meta"), "Sol": ("10", "F", 1999, "Valle")}

    def r(place, name, nat, fide, score, title=None):
        pid, sex, born, liga = people[name]
        return [place, name, pid, sex, born, liga, title, nat, fide, score, 7, "No"]

    def book(name, kind, start, irt, rows, stop=None, base=2, fees=None, prizes=None):
        t = {"Circuit": "fecodaz", "Name": name, "Start": start, "End": start + dt.timedelta(days=2), "Kind": kind,
             "Host league": "Valle" if name == "A" else "Bogotá", "IRT": irt, "Norms": "None", "Cash prizes": "Yes",
             "Rounds": 7, "Base category": base if kind == "Open" else None, "Stop": stop, "Entry fees": fees,
             "Prizes paid": prizes}
        return {"Tournament": {k: v for k, v in t.items() if v is not None}, "Results": [head, *rows]}

    books = {
        "a.xlsx": book("A", "Open", dt.date(2009, 2, 1), "No", [
            r(1, "Gm", 2500, 2500, 6, "GM"), r(2, "Ana", 1850, 1800, 5), r(3, "Beto", 1750, None, 4.5),
            r(4, "Cata", 1650, None, 4), r(5, "Dani", None, None, 3)], stop=1, fees=3_000_000, prizes=2_000_000),
        "b.xlsx": book("B", "Open", dt.date(2009, 3, 1), "Yes", [
            r(1, "Beto", 1820, None, 5), r(2, "Ana", 1870, 1810, 4.5), r(3, "Eva", 1720, None, 4),
            r(4, "Dani", 1600, None, 3.5)], stop=2, fees=2_000_000),
        "k.xlsx": book("K", "Sub 14", dt.date(2009, 2, 2), "No", [
            r(1, "Kid", 1500, None, 6), r(2, "Pia", 1400, 1450, 5), r(3, "Raúl", 1300, None, 4),
            r(4, "Sol", None, None, 3)], stop=1, fees=600_000),
        "k2.xlsx": book("K2", "Sub 14", dt.date(2009, 6, 1), "No", [
            r(1, "Raúl", 1310, None, 5), r(2, "Pia", 1410, 1460, 4)], fees=2_000_000),
    }
    points = [["Category", *range(1, 14)]] + [[c, *[2 * c + 14 - 2 * (p - 1) for p in range(1, c + 1)]]
                                              for c in range(1, 14)]
    register = [["ID", "Name", "Sex", "Born", "League", "Federation", "Resident"],
                ["1", "Gm", "M", 1970, "Valle", "VEN", "No"], ["2", "Ana", "F", 1980, "Valle", "COL", None],
                ["3", "Beto", "M", 1980, "Bogotá", "COL", None]]
    sheets = {"Points": points, "Players": register}
    if pot:
        sheets["Pot"] = [["Place", "Percent"], [1, 60], [2, 40]]
    settings = {"Circuit": "fecodaz", "Season": "2009", "Points table source": "test", "Sponsorship": 1_000_000}
    if smmlv is not None:
        settings["SMMLV"] = smmlv
    return make_season(tmp_path, settings, sheets=sheets, tournaments=books)


def build(folder):
    import json

    from click.testing import CliRunner

    from gpcalc.cli import main

    out = folder.parent / "out.json"
    res = CliRunner().invoke(main, ["build", str(folder), "--json", str(out)])
    assert res.exit_code == 0, res.output
    return json.loads(out.read_text(encoding="utf-8"))


def total(data, ranking, name):
    hit = [s for s in data["standings"] if s["ranking"] == ranking and s["name"] == name]
    return (hit[0]["rank"], hit[0]["total"]) if hit else None


def test_whole_season_amateur_youth_bolsa_and_prizes(tmp_path):
    # Amateur (Art. 3 amateur list), A non-IRT: Sub 2000 {Ana national+FIDE = 2} → c 2 → Ana 18; Sub 1800 {Beto}
    # → 16; Sub 1700 {Cata 1, Dani unrated 0} → c 1 → Cata 16. B IRT: Beto is 1820 but locked in Sub 1800;
    # Sub 1800 {Beto, Eva} = 2 + 2 → c 4 → 22, 20; Sub 2000 {Ana 2} + 2 = 4 → 22; Sub 1700 {Dani 1} + 2 = 3 → 20.
    # Counting (item 6): M = 2 → best 1: Sub 1800 Beto 22 (A's 16 dropped), Eva 20; Sub 1700 Dani 20, Cata 16;
    # Dama amateur: Ana 22, Eva 20, Cata 16.
    data = build(season_folder(tmp_path))
    assert total(data, "Sub 1800", "Beto") == (1, 22) and total(data, "Sub 1800", "Eva") == (2, 20)
    cats = {(c["tournament"], c["ranking"]): c["category"] for c in data["categories"]}
    assert cats[("A", "Sub 2000")] == 2 and cats[("B", "Sub 1800")] == 4 and cats[("A", "Sub 1700")] == 1
    assert total(data, "Sub 2000", "Ana") == (1, 22) and total(data, "Sub 2000", "Beto") is None
    assert total(data, "Sub 1700", "Dani") == (1, 20) and total(data, "Sub 1700", "Cata") == (2, 16)
    assert [total(data, "Dama amateur", n) for n in ("Ana", "Eva", "Cata")] == [(1, 22), (2, 20), (3, 16)]
    # Youth (Art. 2 l): K: Kid (2000) plays up and scores only in Sub 10 (c 1 → 16); Sub 14 Absoluto {Pia 2,
    # Raúl 1} → c 3 → Pia 20, Raúl 18; Sub 14 Femenino {Pia} → 18; Sol (unrated girl, Sub 10 Femenino c 0) 0.
    # K2: Raúl 20, Pia 18. Best 1 of M = 2: Pia 20 and Raúl 20 tie → both played 2; Raúl 1st in the last one.
    assert total(data, "Sub 10 Absoluto", "Kid") == (1, 16) and total(data, "Sub 14 Absoluto", "Kid") is None
    assert total(data, "Sub 14 Absoluto", "Raúl") == (1, 20) and total(data, "Sub 14 Absoluto", "Pia") == (2, 20)
    assert total(data, "Sub 14 Femenino", "Pia") == (1, 18) and total(data, "Sub 10 Femenino", "Sol") is None
    # Bolsa (Art. 2 c): A max(300,000; 250,000) = 300,000; B max(200,000; 250,000) = 250,000; 10 % of A's
    # prizes 200,000; sponsorship 1,000,000 → 1,750,000; 80 % = 1,400,000; 1 % = 17,500. Youth pot: K
    # max(60,000; 125,000) = 125,000 + K2 200,000 = 325,000.
    bolsa = data["bolsa"]
    assert (bolsa["total"], bolsa["paid_out"], bolsa["one_percent"], bolsa["youth_pot"]) == (
        1_750_000, 1_400_000, 17_500, 325_000)
    # Absoluto (M = 2 → best 1): Gm 18 (A), Beto 18 (B) → Beto played 2 → 1st; Ana 16. Pot 60/40 % of 1,400,000.
    prizes = {(p["ranking"], p["place"]): (p["name"], p["value"]) for p in data["prizes"]}
    assert prizes[("Absoluto", 1)] == ("Beto", 840_000) and prizes[("Absoluto", 2)] == ("Gm", 560_000)
    # 1 % awards, one prize each (Art. 4): Sub 20 Absoluto Dani (item-4 minimum 6 in A and 4 in B; Eva 6 but one
    # tournament), Sub 20 Femenino Eva, best woman Ana; Ana would also win Sub 2000 and Dama amateur but keeps
    # one prize: Sub 2000 has nobody left; Sub 1700 passes Dani → Cata; Dama: Ana, Eva, Cata all hold one.
    assert prizes[("Sub 20 Absoluto", 1)] == ("Dani", 17_500)
    assert prizes[("Sub 20 Femenino", 1)] == ("Eva", 17_500)
    assert prizes[("Femenino", 1)] == ("Ana", 17_500)
    assert prizes[("Sub 1700", 1)] == ("Cata", 17_500)
    assert prizes[("Sub 2000", 1)][0] is None and prizes[("Dama amateur", 1)][0] is None
    # Organisers (Art. 5 e): A and B both categoría 2 → tie, marked for the federation
    org = [p for p in data["prizes"] if p["ranking"] == "Organisers"]
    assert len(org) == 2 and all("federation decides" in p["note"] for p in org)
    # Qualifiers (Art. 4): Gm is VEN and not resident → Beto, Ana in Absoluto; Ana in Femenino
    q = [(x["rama"], x["name"]) for x in data["qualifiers"]]
    assert q == [("Absoluto", "Beto"), ("Absoluto", "Ana"), ("Femenino", "Ana")]
    # Ligas (Art. 5 d): amateur pooled, two best: Bogotá Beto 22 + Cata 16 = 38; Valle 22; Antioquia, Caldas 20
    am = {c["club"]: c["total"] for c in data["clubs"] if c["ranking"] == "Amateur"}
    assert am == {"Bogotá": 38, "Valle": 22, "Antioquia": 20, "Caldas": 20}


def test_missing_pot_table_still_computes_and_says_so_art4(tmp_path):
    # without Pot: the amounts are computed, no place money is allocated, the output says the table is missing
    data = build(season_folder(tmp_path, pot=False))
    assert data["bolsa"]["total"] == 1_750_000 and data["bolsa"]["pot_table"] is False
    assert not [p for p in data["prizes"] if p["ranking"] == "Absoluto"]
    assert any(i["code"] == "no-pot-table" for i in data["issues"])
    assert any(line["line"] == "Pot table missing" for line in data["bolsa"]["lines"])


def test_an_empty_pot_sheet_is_called_empty_not_missing_art4(tmp_path):
    """`gpcalc new fecodaz` writes a Pot sheet with its header only: the warning says the sheet is empty, points
    at Pot!A2 and says what to write there (it used to say "missing … add a sheet Pot" about a sheet that is
    there); without the sheet it is "missing"."""
    from gpcalc.cli import main

    folder = tmp_path / "s"
    assert CliRunner().invoke(main, ["new", "fecodaz", str(folder)]).exit_code == 0
    res = CliRunner().invoke(main, ["check", str(folder)])
    line = next(x for x in res.output.splitlines() if "[no-pot-table]" in x)
    assert "Pot!A2" in line and "is empty" in line and "missing" not in line
    assert "fill in the Pot sheet" in res.output
    data = build(season_folder(tmp_path / "b", pot=False))
    gone = next(i for i in data["issues"] if i["code"] == "no-pot-table")
    assert "is missing from season.xlsx" in gone["message"] and "add a sheet Pot" in gone["hint"]


def test_without_smmlv_the_floors_are_zero_and_warned_art2c(tmp_path):
    # no SMMLV: B gives 10 % × 2,000,000 = 200,000 (no floor) → 300,000 + 200,000 + 200,000 + 1,000,000
    data = build(season_folder(tmp_path, smmlv=None))
    assert data["bolsa"]["total"] == 1_700_000
    assert any(i["code"] == "no-smmlv" for i in data["issues"])


def test_output_workbook_has_bolsa_prizes_qualifiers_and_amateur_youth_sheets(tmp_path):
    from python_calamine import CalamineWorkbook

    folder = season_folder(tmp_path)
    build(folder)
    wb = CalamineWorkbook.from_path(str(folder / "output" / "standings.xlsx"))
    assert {"Bolsa", "Prizes", "Qualifiers", "Sub 2000", "Dama amateur", "Sub 14 Femenino"} <= set(wb.sheet_names)
    bolsa = wb.get_sheet_by_name("Bolsa").to_python()
    text = " ".join(str(c) for row in bolsa for c in row)
    assert "max(10 % × 2,000,000 = 200,000; ½ × SMMLV 500,000 = 250,000) = 250,000" in text
    # the categorías sheet: B's Sub 1800 = Beto 1 + Eva 1 rated, + 2 IRT = 4 (Art. 3 amateur list, item 4)
    cats = wb.get_sheet_by_name("Amateur and youth categorías").to_python()
    head = cats[2]
    rows = [dict(zip(head, r)) for r in cats[3:]]
    b1800 = next(r for r in rows if r["Tournament"] == "B" and r["Ranking"] == "Sub 1800")
    assert (b1800["Players"], b1800["Rated"], b1800["IRT bonus"], b1800["Category"]) == (2, 2, 2, 4)


def test_youth_ligas_best_one_or_two_art5d_art2l():
    # Art. 5 d: youth ligas by the best score per category and rama; the setting 2 follows Art. 2 l
    from types import SimpleNamespace

    from gpcalc.circuits.fecodaz import CIRCUIT

    s = pd.DataFrame({"ranking": "Sub 12 Absoluto", "player": ["a", "b", "c"], "name": ["a", "b", "c"],
                      "club": ["Valle", "Valle", "Meta"], "total": [30.0, 20.0, 40.0]})
    one = CIRCUIT._ligas(s, SimpleNamespace(settings={}))
    two = CIRCUIT._ligas(s, SimpleNamespace(settings={"youth_liga_players": 2}))
    assert dict(zip(one["club"], one["total"])) == {"Meta": 40, "Valle": 30}  # best one each
    assert dict(zip(two["club"], two["total"])) == {"Valle": 50, "Meta": 40}  # 30 + 20


def test_malformed_pot_table_is_an_error_art4(tmp_path):
    from gpcalc.pipeline import compute

    folder = season_folder(tmp_path)
    from builders import write_book
    from python_calamine import CalamineWorkbook

    wb = CalamineWorkbook.from_path(str(folder / "season.xlsx"))
    sheets = {n: wb.get_sheet_by_name(n).to_python() for n in wb.sheet_names}
    sheets["Season"] = {r[0]: r[1] for r in sheets["Season"][1:]}
    sheets["Pot"] = [["Place", "Percent"], [1, "half"]]
    write_book(folder / "season.xlsx", sheets)
    res = compute(folder)
    assert res.outcome is None and "pot-table" in {i.code for i in res.issues.errors}


def test_pot_over_100_percent_is_an_error_not_a_prize_list_art4():
    # Art. 4: the places share the 80 % paid out. 300 typed for 30 makes them share 5× the 80 % — money the bolsa
    # does not hold: an error at the Percent header (ruling, README), no rows; exactly 100 % and under stay as they
    # were (under: a warning, the rest unpaid)
    rows, errors, warnings = M.pot_from_grid([["Place", "Percent"], [1, 300], [2, 200]])
    assert rows == [] and not warnings and len(errors) == 1
    assert "500 %" in errors[0].message and "more than all of it" in errors[0].message
    assert (errors[0].row, errors[0].col) == (0, 1)
    # values of at most 1 are fractions (an Excel percentage column) whatever they add up to: 0.30 … 0.05
    # formatted 0 % are 105 % — an error, not 1.05 % (which paid Absoluto 1st a hundredth of the prize)
    rows, errors, warnings = M.pot_from_grid([["Place", "Percent"], *([i, v] for i, v in enumerate(
        (0.30, 0.25, 0.20, 0.15, 0.10, 0.05), start=1))])
    assert not rows and errors and "105 %" in errors[0].message
    rows, errors, warnings = M.pot_from_grid([["Place", "Percent"], [1, 0.5], [2, 0.3]])
    assert not errors and warnings and rows[0][1] == Decimal("0.5")  # 80 %: a warning, as before
    rows, errors, warnings = M.pot_from_grid([["Place", "Percent"], [1, "60 %"], [2, "40,0001 %"]])
    assert not rows and errors and "100.0001 %" in errors[0].message


def test_pot_over_100_percent_stops_the_build_naming_the_cell_art4(tmp_path):
    from builders import write_book
    from python_calamine import CalamineWorkbook

    from gpcalc.cli import main

    folder = season_folder(tmp_path)
    wb = CalamineWorkbook.from_path(str(folder / "season.xlsx"))
    sheets = {n: wb.get_sheet_by_name(n).to_python() for n in wb.sheet_names}
    sheets["Season"] = {r[0]: r[1] for r in sheets["Season"][1:]}
    sheets["Pot"] = [["Place", "Percent"], [1, 60], [2, 400]]
    write_book(folder / "season.xlsx", sheets)
    res = CliRunner().invoke(main, ["build", str(folder)])
    assert res.exit_code == 1, res.output
    line = next(x for x in res.output.splitlines() if "[pot-table]" in x)
    assert "Pot!B1" in line and "460 %" in line and "season.xlsx" in res.output.split(line)[0]
    assert not (folder / "output").exists()


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["Open", "Closed", "Sub 14"]), st.integers(0, 20_000_000),
                          st.one_of(st.none(), st.integers(0, 30_000_000))), max_size=8),
       st.integers(0, 2_000_000), st.integers(0, 10_000_000))
def test_bolsa_lines_add_up_and_split_20_80_art1(rows, smmlv, sponsorship):
    # Art. 1: the bolsa is the sum of its lines; 20 % + 80 % = 100 %; every open line is at least ½ SMMLV and
    # every Sub-14 line at least ¼ SMMLV (Art. 2 c, l)
    t = tours([(f"T{i}", kind, True, fees, prizes) for i, (kind, fees, prizes) in enumerate(rows)])
    lines, totals = M.bolsa(t, smmlv, sponsorship)
    bolsa_lines = lines[(lines["section"] == "Bolsa") & (lines["line"] != "Bolsa total")]
    assert sum(bolsa_lines["amount"]) == totals["bolsa"]
    assert totals["retained"] + totals["paid_out"] == totals["bolsa"]
    assert totals["one_percent"] * 100 == totals["bolsa"]
    opens = lines[lines["line"] == "Entry fees (senior open)"]["amount"]
    assert all(a >= Decimal(smmlv) / 2 for a in opens)
    youth = lines[lines["line"] == "Entry fees (Sub 14)"]["amount"]
    assert all(a >= Decimal(smmlv) / 4 for a in youth) and sum(youth) == totals["youth"]
