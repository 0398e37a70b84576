"""The FECODAZ Grand Prix money (Art. 1, Art. 2 c/l/m, Art. 4, Art. 5 e) as pure functions.

Amounts are computed with :class:`decimal.Decimal` from the pesos as entered (exact: 10 %, ½, ¼, 20 %, 80 % and 1 %
of whole or decimal pesos never need rounding), and only turned into floats for the output frames. Every line
carries the arithmetic that made it.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import Any

import pandas as pd

from ..prizes import allocate_one_each
from .fecodaz_rules import YOUTH_NAMES as YOUTH_RANKINGS
from .fecodaz_rules import TableProblem

TEN = Decimal("0.10")
HALF = Decimal("0.5")
QUARTER = Decimal("0.25")
RETAINED = Decimal("0.20")
PAID_OUT = Decimal("0.80")
ONE_PERCENT = Decimal("0.01")
ORGANISER_AWARDS = (Decimal(1_000_000), Decimal(500_000))  # Art. 5 e

#: Art. 4: the 1 % awards, in the order they are listed (each 1 % of the whole bolsa, from the retained 20 %).
#: Ruling: "el mejor Sub 18" (no rama given) is the Sub 18 Absoluto ranking; "la Mejor Dama" is Femenino;
#: "la Mejor dama Sub 2000" is Dama amateur; Art. 4's "1600" is Sub 1700.
ONE_PERCENT_AWARDS: tuple[tuple[str, str], ...] = (
    ("Sub 20 Absoluto", "best Sub 20, rama absoluto"),
    ("Sub 20 Femenino", "best Sub 20, rama femenino"),
    ("Femenino", "best woman"),
    ("Sub 18 Absoluto", "best Sub 18"),
    ("Sub 2000", "amateur champion Sub 2000"),
    ("Sub 1800", "amateur champion Sub 1800"),
    ("Sub 1700", "amateur champion Sub 1700"),
    ("Dama amateur", "best Sub-2000 woman (Dama amateur)"),
)
RULE_POT = "FECODAZ Art. 4"
RULE_ONE = "FECODAZ Art. 4 (1 % awards)"
BOLSA_COLUMNS = ["section", "line", "tournament", "basis", "computation", "amount", "rule"]


def dec(value: Any) -> Decimal:
    """A money cell as an exact Decimal (blank → 0)."""
    if value is None or (isinstance(value, float) and value != value):
        return Decimal(0)
    try:
        if pd.isna(value):
            return Decimal(0)
    except (TypeError, ValueError):
        pass
    return Decimal(str(value))


def money(d: Decimal) -> str:
    """1234567 → '1,234,567'; 1234.5 → '1,234.50'."""
    d = Decimal(d)
    if d == d.to_integral_value():
        return f"{int(d):,}"
    return f"{d:,.2f}"


def pct(d: Decimal) -> str:
    """Decimal('0.125') → '12.5 %'."""
    v = (Decimal(d) * 100).normalize()
    text = f"{v:f}"
    return f"{text} %"


# ---------------------------------------------------------------------------------------------- the Pot table

def pot_from_grid(grid: Sequence[Sequence[Any]]) -> tuple[list[tuple[int, Decimal]], list[TableProblem], list[str]]:
    """Read the `Pot` sheet: header ``Place | Percent``, then one row per place.

    Percent may be written 25, 25 %, 25,5 or as an Excel percentage (0.25): ruling — when every value is at most
    1 (none typed with "%"), they are fractions (a percentage-formatted column), whatever they add up to: 0.30 …
    0.05 formatted 0 % are 105 %, an error, not 1.05 %. Returns (rows as
    (place, fraction of the 80 % paid out), errors — each at its grid row and column, row −1 for the whole
    sheet —, warnings)."""
    from ..parse import read_number

    errors: list[TableProblem] = []
    warnings: list[str] = []
    # each row with its Excel row number (blank rows are skipped, not renumbered)
    numbered = [(i, list(r)) for i, r in enumerate(grid, start=1) if any(str(x).strip() for x in r if x is not None)]
    rows = [r for _, r in numbered]
    if not rows:
        return [], [TableProblem("error", "the Pot sheet is empty: write a header Place | Percent and one row per "
                                 "place", 0, 0)], []
    head = [str(x).strip().casefold() for x in rows[0][:2]]
    if len(head) < 2 or head[0] not in {"place", "puesto", "lugar", "pos"} or head[1].rstrip(" %") not in {
            "percent", "porcentaje", "percentage", "%", ""}:
        errors.append(TableProblem("error", f"the Pot sheet's header is '{' | '.join(head)}': write Place | Percent",
                                   numbered[0][0] - 1, 0))
        return [], errors, warnings
    raw: list[tuple[int, Decimal, bool]] = []
    for i, r in numbered[1:]:
        place_cell = r[0] if r else None
        value_cell = r[1] if len(r) > 1 else None
        try:
            place = read_number(place_cell)
        except ValueError:
            place = None
        if place is None or not float(place).is_integer() or place < 1:
            errors.append(TableProblem("error", f"row {i}: '{place_cell}' is not a place (1, 2, 3 …)", i - 1, 0))
            continue
        text = "" if value_cell is None else str(value_cell).strip()
        is_pct = text.endswith("%")
        try:
            value = read_number(text.rstrip("% ").strip()) if isinstance(value_cell, str) else read_number(value_cell)
        except ValueError:
            value = None
        if value is None or value < 0:
            errors.append(TableProblem("error", f"row {i}: '{text}' is not a percentage", i - 1, 1))
            continue
        if any(p == int(place) for p, _, _ in raw):
            errors.append(TableProblem("error", f"row {i}: place {int(place)} appears twice in the Pot sheet",
                                       i - 1, 0))
            continue
        raw.append((int(place), Decimal(str(value)), is_pct))
    fractions = raw and all(not is_pct and v <= 1 for _, v, is_pct in raw)
    out = [(p, v if fractions else v / 100) for p, v, _ in raw]
    out.sort()
    total = sum((v for _, v in out), Decimal(0))
    # (with a row unreadable the total is of the others: said already)
    if out and total > 1 and not errors:
        # ruling: the places share the 80 % (Art. 4); more than all of it would pay out money the bolsa does not
        # hold — a typo (300 for 30), not a choice: an error, not a prize list to publish
        errors.append(TableProblem("error", f"the percentages add up to {pct(total)}: they are the places' shares "
                                   "of the 80 % paid out (Art. 4), and more than all of it would pay out more than "
                                   "the bolsa holds; correct them so that they add up to 100 % at most",
                                   numbered[0][0] - 1, 1))  # (at the Percent header)
        return [], errors, warnings
    if out and total != 1 and not errors:
        warnings.append(f"the Pot percentages add up to {pct(total)}, not 100 % of the 80 % paid out "
                        "(they are read as shares of the 80 %)")
    return out, errors, warnings


# ---------------------------------------------------------------------------------------------- the bolsa


def _fee_lines(tours: pd.DataFrame, smmlv: Decimal, floor: Decimal, share: str, section: str, line: str,
               rule: str) -> list[dict]:
    """One pot line per tournament: max(10 % of the entry fees, `share` × SMMLV), with its arithmetic."""
    out = []
    done: dict[tuple[type, str], tuple[float, str, Decimal]] = {}  # each distinct entry (type and text) once
    for row in tours[["tournament", "entry_fees"]].to_dict("records"):  # only the columns used: fast
        raw = row.get("entry_fees")
        key = (type(raw), str(raw))  # dec() reads str(raw): the same key, the same line
        if key not in done:
            fees = dec(raw)
            ten = fees * TEN
            amount = max(ten, floor)
            which = "10 % of the entry fees" if ten >= floor else f"the {share} SMMLV floor"
            done[key] = (float(fees), f"max(10 % × {money(fees)} = {money(ten)}; {share} × SMMLV {money(smmlv)} = "
                         f"{money(floor)}) = {money(amount)} ({which})"
                         + ("" if pd.notna(raw) else " — Entry fees not given"), amount)
        basis, computation, amount = done[key]
        out.append({"section": section, "line": line, "tournament": row["tournament"], "basis": basis,
                    "computation": computation, "amount": amount, "rule": rule})
    return out

def bolsa(tournaments: pd.DataFrame, smmlv: Any, sponsorship: Any) -> tuple[pd.DataFrame, dict[str, Decimal]]:
    """The bolsa lines (Art. 1, Art. 2 c) and the youth pot (Art. 2 l, m), each with its arithmetic.

    ``tournaments``: tournament, kind, feeds, counts, entry_fees, prizes_paid (only counting tournaments are
    used).
    - every senior open (a GP stop's senior tournament): max(10 % of entry fees, ½ SMMLV);
    - every senior tournament with prizes paid (cash or vouchers): 10 % of them;
    - sponsorship;
    - youth pot: every Sub-14 tournament max(10 % of entry fees, ¼ SMMLV) (kept apart from the bolsa).
    Returns (lines: BOLSA_COLUMNS, totals: bolsa, retained, paid_out, one_percent, youth).
    """
    s = dec(smmlv)
    t = tournaments[tournaments["counts"].fillna(False).astype(bool)]
    lines: list[dict[str, Any]] = []
    floor_open = s * HALF
    lines += _fee_lines(t[t["kind"] == "Open"], s, floor_open, "½", "Bolsa", "Entry fees (senior open)",
                        "FECODAZ Art. 2 c")
    # senior: not a Sub-14 tournament, nor a national championship of a youth category (its prizes are not paid
    # "a los jugadores en los mismos [eventos de mayores]", Art. 1)
    youth = t["feeds"].isin(YOUTH_RANKINGS) if "feeds" in t.columns else False
    senior = t[(t["kind"] != "Sub 14") & ~youth]
    done: dict[tuple[type, str], tuple[float, str, Decimal]] = {}  # each distinct amount (type and text) once
    for row in senior[["tournament", "prizes_paid"]].to_dict("records"):
        raw = row.get("prizes_paid")
        if pd.isna(raw):
            continue
        key = (type(raw), str(raw))  # dec() reads str(raw)
        if key not in done:
            prizes = dec(raw)
            done[key] = (float(prizes), f"10 % × {money(prizes)} = {money(prizes * TEN)}", prizes * TEN)
        basis, computation, amount = done[key]
        lines.append({"section": "Bolsa", "line": "10 % of prizes paid", "tournament": row["tournament"],
                      "basis": basis, "computation": computation, "amount": amount, "rule": "FECODAZ Art. 2 c"})
    spons = dec(sponsorship)
    lines.append({"section": "Bolsa", "line": "Sponsorship", "tournament": "", "basis": float(spons),
                  "computation": f"{money(spons)} (season setting Sponsorship)", "amount": spons,
                  "rule": "FECODAZ Art. 1"})
    total = sum((x["amount"] for x in lines), Decimal(0))
    retained, paid, one = total * RETAINED, total * PAID_OUT, total * ONE_PERCENT
    lines += [
        {"section": "Bolsa", "line": "Bolsa total", "tournament": "", "basis": None,
         "computation": "sum of the lines above = " + money(total), "amount": total, "rule": "FECODAZ Art. 1"},
        {"section": "Split", "line": "Retained 20 %", "tournament": "", "basis": float(total),
         "computation": f"20 % × {money(total)} = {money(retained)} (promotion, administration, trophies, final "
                        "prizes; pays the 1 % awards)", "amount": retained, "rule": "FECODAZ Art. 1"},
        {"section": "Split", "line": "Paid out 80 %", "tournament": "", "basis": float(total),
         "computation": f"80 % × {money(total)} = {money(paid)} (by final place of Absoluto, Pot table)",
         "amount": paid, "rule": "FECODAZ Art. 4"},
        {"section": "Split", "line": "1 % award", "tournament": "", "basis": float(total),
         "computation": f"1 % × {money(total)} = {money(one)} each, "
                        f"{len(ONE_PERCENT_AWARDS)} awards = {money(one * len(ONE_PERCENT_AWARDS))} from the "
                        f"retained 20 %", "amount": one, "rule": RULE_ONE},
    ]
    floor_youth = s * QUARTER
    youth = _fee_lines(t[t["kind"] == "Sub 14"], s, floor_youth, "¼", "Youth pot", "Entry fees (Sub 14)",
                       "FECODAZ Art. 2 l, m")
    youth_total = sum((x["amount"] for x in youth), Decimal(0))
    lines += youth
    lines.append({"section": "Youth pot", "line": "Youth pot total", "tournament": "", "basis": None,
                  "computation": "sum of the Sub-14 lines = " + money(youth_total), "amount": youth_total,
                  "rule": "FECODAZ Art. 1, Art. 2 l"})
    frame = pd.DataFrame(lines, columns=BOLSA_COLUMNS)
    totals = {"bolsa": total, "retained": retained, "paid_out": paid, "one_percent": one, "youth": youth_total,
              "smmlv": s}
    return frame, totals


# ---------------------------------------------------------------------------------------------- prizes

def prize_table(totals: dict[str, Decimal], pot: list[tuple[int, Decimal]] | None) -> pd.DataFrame:
    """Every prize before allocation, highest value first: Absoluto place money (80 % × Pot share) and the 1 %
    awards (1 % of the whole bolsa). Equal values keep the listed order (place money first)."""
    rows: list[dict[str, Any]] = []
    paid, one, total = totals["paid_out"], totals["one_percent"], totals["bolsa"]
    for place, share in pot or []:
        value = paid * share
        rows.append({"ranking": "Absoluto", "place": place, "value_dec": value, "prize": f"place {place}",
                     "rule": f"{RULE_POT}: 80 % × {money(total)} × {pct(share)} = {money(value)}"})
    for ranking, label in ONE_PERCENT_AWARDS:
        rows.append({"ranking": ranking, "place": 1, "value_dec": one, "prize": f"1 % award: {label}",
                     "rule": f"{RULE_ONE}: 1 % × {money(total)} = {money(one)} (from the retained 20 %)"})
    frame = pd.DataFrame(rows, columns=["ranking", "place", "value_dec", "prize", "rule"])
    frame["_o"] = range(len(frame))
    frame = frame.sort_values(["value_dec", "_o"], ascending=[False, True], kind="stable").drop(columns="_o")
    frame["value"] = frame["value_dec"].map(float)
    return frame.reset_index(drop=True)


def allocate(prizes: pd.DataFrame, standings: pd.DataFrame) -> pd.DataFrame:
    """One prize per player (Art. 4, ruling): in order of value, each prize goes to the best-placed player of
    its ranking who holds no prize yet; a player eligible for several takes the highest and the prize left
    passes to the next eligible player (gpcalc.prizes.allocate_one_each). Ties on rank are marked."""
    order = standings.sort_values(["ranking", "rank", "name"], kind="stable")[
        ["ranking", "player", "name", "id", "club", "rank"]]
    out = allocate_one_each(prizes, order, tie_keys=["rank"], rule="one prize per player, Art. 4")
    # in the place money, the players ranked above who hold their own place money are expected: not listed
    tag = " [one prize per player, Art. 4]"
    out["passed_over"] = [_drop_place_holders(po, tag) if r == "Absoluto" and po else po
                          for r, po in zip(out["ranking"], out["passed_over"].fillna(""))]
    club = standings.drop_duplicates("player").set_index("player")["club"]
    out["club"] = out["player"].map(club)
    return out


def _drop_place_holders(passed: str, tag: str) -> str:
    kept = [x for x in passed.removesuffix(tag).split("; ") if "(already wins Absoluto " not in x]
    return "; ".join(kept) + (tag if kept else "")


def organiser_awards(tournaments: pd.DataFrame) -> pd.DataFrame:
    """Art. 5 e: the organisers of the two highest-categoría tournaments get $1,000,000 and $500,000.

    ``tournaments``: tournament, host_league, category, counts. A tie at either level is marked for the
    federation to decide (every tied tournament listed, amount shown as the award in question)."""
    t = tournaments[tournaments["counts"].fillna(False).astype(bool) & tournaments["category"].notna()]
    t = t.assign(category=t["category"].astype("int64")).sort_values(["category", "tournament"],
                                                                     ascending=[False, True], kind="stable")
    rows: list[dict[str, Any]] = []
    cats = list(dict.fromkeys(t["category"]))
    slot = 0
    for c in cats:
        if slot >= len(ORGANISER_AWARDS):
            break
        group = t[t["category"] == c]
        tied = len(group) > 1
        share = ORGANISER_AWARDS[slot:slot + len(group)]
        names = group["tournament"].tolist()
        for tour in group[["tournament", "host_league"]].to_dict("records"):
            value = ORGANISER_AWARDS[slot]
            note = ""
            if tied:
                note = (f"tied on categoría {c} with " + ", ".join(x for x in names if x != tour["tournament"])
                        + " for " + " and ".join(money(v) for v in share) + " — the federation decides")
            rows.append({"ranking": "Organisers", "place": slot + 1, "name": tour["host_league"], "id": None,
                         "player": None, "tournament": tour["tournament"], "value": float(value),
                         "note": note, "passed_over": "", "club": tour["host_league"],
                         "rule": f"FECODAZ Art. 5 e: organiser of {tour['tournament']} (categoría {c})"})
        slot += len(group)
    return pd.DataFrame(rows, columns=["ranking", "place", "name", "id", "player", "tournament", "value", "note",
                                       "passed_over", "club", "rule"])


# ---------------------------------------------------------------------------------------------- qualifiers

COLOMBIA = {"COL", "COLOMBIA", "CO"}


def _why_not(above: pd.DataFrame, reg: pd.DataFrame) -> pd.Series:
    """Why each player is not a qualifier: their federation, a blank one, or not being in the register."""
    listed = above["player"].isin(reg.index)
    fed = above["federation"].astype(object)
    return fed.where(fed.notna(), pd.Series(["no Federation in the register" if x else "not in the register"
                                             for x in listed], index=above.index, dtype=object)).astype(str)


def qualifiers(standings: pd.DataFrame, register: pd.DataFrame, ramas: Sequence[str] = ("Absoluto", "Femenino"),
               places: int = 3) -> pd.DataFrame:
    """Art. 4: the three best Colombian (register ``Federation`` = COL) or resident (``Resident`` = Yes) players
    of each rama's final ranking qualify for next year's national final. Players ranked above them who are
    not eligible (or not in the register) are named; a tie at the last qualifying rank takes every tied player
    and is marked."""
    reg = register.dropna(subset=["player"]).drop_duplicates("player").set_index("player") if len(register) else \
        pd.DataFrame(columns=["federation", "resident"])
    fed = standings["player"].map(reg["federation"]) if "federation" in reg else pd.Series(None, index=standings.index)
    res = standings["player"].map(reg["resident"]) if "resident" in reg else pd.Series(None, index=standings.index)
    s = standings.assign(federation=fed, resident=res)
    s["eligible"] = (s["federation"].astype(object).fillna("").astype(str).str.strip().str.upper().isin(COLOMBIA)
                     | s["resident"].eq(True))
    rows = []
    for rama in ramas:
        g = s[s["ranking"] == rama].sort_values(["rank", "name"], kind="stable")
        ok = g[g["eligible"]]
        if ok.empty:
            continue
        cut_rank = ok["rank"].iloc[min(places, len(ok)) - 1]
        chosen = ok[ok["rank"] <= cut_rank]
        tied_at_cut = (ok["rank"] == cut_rank).sum() > 1 and len(chosen) > places
        for n, row in enumerate(chosen.to_dict("records"), start=1):
            above = g[(g["rank"] < row["rank"]) & ~g["eligible"]]
            note = ""
            if tied_at_cut and row["rank"] == cut_rank:
                note = "tied at the last qualifying rank — the federation decides"
            rows.append({"rama": rama, "qualifier": n, "rank": row["rank"], "name": row["name"], "id": row["id"],
                         "liga": row["club"], "total": row["total"],
                         "federation": row["federation"], "resident": "Yes" if row["resident"] is True else "",
                         "note": note, "not_eligible_above": "; ".join(
                             above["name"] + " (" + _why_not(above, reg) + ")")})
    return pd.DataFrame(rows, columns=["rama", "qualifier", "rank", "name", "id", "liga", "total", "federation",
                                       "resident", "note", "not_eligible_above"])
