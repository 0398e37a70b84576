"""Audit: every ledger row's ``detail`` text must spell out the arithmetic that gives its ``points``.

For each circuit the detail texts are parsed back into numbers and the result is recomputed from them (and, where
the text names it, from the rulebook's tables: the ACF class points, the Aarhus normalisation, the FECODAZ Points
sheet of season.xlsx with its extension beyond the table), then compared with ``points``: ACF to the two decimals
the text shows (thirds), Aarhus exactly in tenths, FECODAZ exactly (halves). The class / categoría a detail names
must be the one on the Tournaments frame, and dropped / forfeited rows must say so where the README says they do
(Aarhus: "worst GPT result, dropped"; FECODAZ: "forfeited: unjustified withdrawal (Art. 6)").

Runs over the three bundled samples (copied to a temporary folder) and one small generated season per circuit
(benchmarks/generate.py). A detail that no pattern here recognises is reported by ``test_*_details_all_parse``.
"""

from __future__ import annotations

import importlib.util
import re
import shutil
import sys
from fractions import Fraction
from pathlib import Path

import openpyxl
import pandas as pd
import pytest

from gpcalc.pipeline import compute

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = {"acf": "acf-2005", "aarhus": "aarhus-2012-13", "fecodaz": "fecodaz-2009"}
SOURCES = ("sample", "generated")


# ------------------------------------------------------------------------------------------------ the seasons

def _generator():
    spec = importlib.util.spec_from_file_location("_gp_generate", ROOT / "benchmarks" / "generate.py")
    mod = sys.modules.get("_gp_generate")
    if mod is None:
        mod = importlib.util.module_from_spec(spec)
        sys.modules["_gp_generate"] = mod  # (its dataclasses look their module up)
        spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def seasons(tmp_path_factory):
    """(circuit, source) → (ledger, tournaments, folder); built lazily, once per module."""
    base = tmp_path_factory.mktemp("ledger-audit")
    cache: dict = {}

    def get(circuit: str, source: str):
        key = (circuit, source)
        if key not in cache:
            folder = base / f"{source}-{circuit}"
            if source == "sample":
                shutil.copytree(ROOT / "sample_data" / SAMPLES[circuit], folder)
            else:
                _generator().generate(circuit, 8, 30, 3, folder, workers=1, quiet=True)
            res = compute(folder, use_cache=False)
            cache[key] = (res.outcome.ledger.copy(), res.outcome.tournaments.copy(), folder)
        return cache[key]

    return get


def _show(rows: list, limit: int = 8) -> str:
    return "\n".join(f"  {t!r} | {n!r} | points={p!r} | {d!r} — {why}" for t, n, p, d, why in rows[:limit]) + (
        f"\n  … {len(rows)} row(s) in all" if len(rows) > limit else "")


def _num(text: str) -> float:
    """A number as the details write it: ``4½``, ``½``, ``−4``, ``12.33``."""
    t = text.strip().replace("−", "-")
    half = t.endswith("½")
    if half:
        t = t[:-1]
        return (float(t) if t not in ("", "-") else 0.0) + 0.5
    return float(t)


# ================================================================================================= ACF

ACF_CLASS_POINTS = {1: (12, 9, 6, 4, 3), 2: (16, 12, 9, 6, 4), 3: (20, 15, 12, 9, 6)}  # by-law cl. 13 table
_ACF_DIV = r"(Open|U2000|U1600|Junior|Women|Unrated)"
ACF_RE = re.compile(
    r"^class (?P<cls>\d+); " + _ACF_DIV.replace("(", "(?P<div>", 1) + r" list position (?P<pos>\d+) "
    r"\((?:section (?P<section>.+?), )?place (?P<eq>=?)(?P<place>\d+)\)"
    r"(?:; the list runs through sections (?P<listing>[^;]+?))?"
    r"(?:; (?P<skipped>\d+) player\(s\) above not eligible for (?P<skipdiv>\w+) \((?P<skipcl>cl\. [^;]+?)\) "
    r"skipped(?P<follows> — points follow prize eligibility \(ruling on cl\. 12/13\(4\)\))?)?"
    r"(?P<alone>; the other players at place =(?P<aplace>\d+) are not eligible for (?P<adiv>\w+): no tie on this "
    r"list)?"
    r"(?P<cascade>; no section mapped to (?P<cdiv>\w+): the cascade Open → U2000 → U1600"
    r"(?P<past>, then past it into the other sections)? \(ruling on cl\. 13\(2\)–\(4\)\))?"
    r"(?P<beyond>; past the cascade Open → U2000 → U1600 of cl\. 13\(3\), in the order of the ruling on cl\. "
    r"13\(2\)–\(4\): the division's own section, then the others)?"
    r"(?:; born (?P<born>\d{4}) with no day: a junior by ruling \(cl\. 1\))?"
    r"(?P<bycolumn>; a junior by the organiser's Junior column \(cl\. 5\(2\)\(e\)\), which wins over the birth "
    r"date given \(cl\. 1 would say no\))?"
    r"(?:"
    r"(?P<ordered>; tied, Ties = order: the listed order decides)? → (?P<value>-?[\d.]+)"
    r"|; tie shared by (?P<n>\d+) over positions (?P<first>\d+)–(?P<last>\d+) \(ruling on ties, Ties = share\): "
    r"\((?P<terms>[^)]*)\) / (?P<div_n>\d+) = (?P<tie_value>-?[\d.]+)"
    r")$")


def _acf_check(L: pd.DataFrame, T: pd.DataFrame):
    """(unparsed, wrong arithmetic, wrong class) — lists of (tournament, name, points, detail, why)."""
    cls_of = dict(zip(T["tournament"], T["class"]))
    unparsed, wrong, wrong_class = [], [], []
    for row in L.itertuples(index=False):
        d, pts = str(row.detail), float(row.points)
        rec = (row.tournament, row.name, row.points, d)
        m = ACF_RE.match(d)
        if not m:
            unparsed.append((*rec, "no pattern"))
            continue
        cls, div, pos = int(m["cls"]), m["div"], int(m["pos"])
        if cls_of.get(row.tournament) is None or int(cls_of[row.tournament]) != cls:
            wrong_class.append((*rec, f"Tournaments frame says class {cls_of.get(row.tournament)}"))
        table = ACF_CLASS_POINTS.get(cls)
        if table is None:
            wrong.append((*rec, f"no class {cls} in the by-law"))
            continue
        why = []
        if m["skipdiv"] and m["skipdiv"] != div:
            why.append(f"skipped for {m['skipdiv']} on the {div} list")
        clause = {"Open": "cl. 12(1)(b)", "U2000": "cl. 8(b), 12", "U1600": "cl. 8(c), 12", "Junior": "cl. 1, 8(e)",
                  "Women": "cl. 8(f)", "Unrated": "cl. 8(d), 12(2)"}.get(div)
        if m["skipcl"] and m["skipcl"] != clause:  # the division's own qualification (Junior: cl. 1, 8(e), not cl. 12; Open: only a FIDE-only player under 2000 is skipped, cl. 12(1)(b))
            why.append(f"cites {m['skipcl']} for skipping on the {div} list, not {clause}")
        if m["cdiv"] and m["cdiv"] != div:
            why.append(f"cascade names {m['cdiv']} on the {div} list")
        # a shared place with no one else on this list says so (and only then); it shares nothing
        if bool(m["alone"]) != (bool(m["eq"]) and not m["n"] and not m["ordered"]) or \
                (m["alone"] and (m["aplace"] != m["place"] or m["adiv"] != div)):
            why.append(f"place ={m['place']} alone on the list: text {m['alone']!r}")
        if bool(m["skipped"]) and bool(m["follows"]) != ("12" in (m["skipcl"] or "")):
            why.append("the ruling 'points follow prize eligibility' named where no rating reason skips, or not "
                       "named where one does")
        if (row.rule == "ACF 13(3) + ruling") != bool(m["beyond"]):
            why.append(f"rule {row.rule!r} vs the past-the-cascade text {m['beyond']!r}")
        if (row.rule == "ACF 13(2)-(4) ruling") != bool(m["cascade"]):
            why.append(f"rule {row.rule!r} vs cascade text {bool(m['cascade'])}")
        if row.rule == "ACF 13(3)" and div not in ("Junior", "Women", "Unrated"):  # (13(4): any list)
            why.append(f"rule {row.rule!r} on the {div} list")
        if m["value"] is not None:  # one position's points
            v = _num(m["value"])
            expect = table[pos - 1] if 1 <= pos <= len(table) else None
            if expect is None or v != expect:
                why.append(f"class {cls} position {pos} gives {expect}, the text says {v}")
            if v != pts:
                why.append(f"text {v} ≠ points {pts}")
        else:  # a shared tie
            n, first, last, div_n = int(m["n"]), int(m["first"]), int(m["last"]), int(m["div_n"])
            if not m["eq"]:
                why.append("tie text on an unshared place")
            if not first <= pos <= last or last - first + 1 != n or div_n != n:
                why.append(f"positions {first}–{last} / {div_n} do not fit position {pos} and {n} players")
            total, count = Fraction(0), 0
            for term in m["terms"].split(" + "):
                z = re.fullmatch(r"0 × (\d+)", term.strip())
                if z:
                    count += int(z[1])
                else:
                    total += Fraction(term.strip())
                    count += 1
            want = [table[k - 1] if k <= len(table) else 0 for k in range(first, last + 1)]
            if total != sum(want) or count != n:
                why.append(f"terms sum {total} over {count}, the table gives {sum(want)} over {n}")
            mean = total / div_n
            if f"{float(mean):.2f}".rstrip("0").rstrip(".") != m["tie_value"] and \
                    round(float(mean), 2) != _num(m["tie_value"]):
                why.append(f"({m['terms']}) / {div_n} is {float(mean):.4f}, the text says {m['tie_value']}")
            if round(pts, 2) != round(_num(m["tie_value"]), 2) or abs(pts - float(mean)) > 1e-9:
                why.append(f"tie {float(mean):.4f} ≠ points {pts}")
        if why:
            wrong.append((*rec, "; ".join(why)))
    return unparsed, wrong, wrong_class


@pytest.mark.parametrize("source", SOURCES)
def test_acf_details_all_parse(seasons, source):
    L, T, _ = seasons("acf", source)
    unparsed, _, _ = _acf_check(L, T)
    assert not unparsed, "ACF details no pattern recognises:\n" + _show(unparsed)


@pytest.mark.parametrize("source", SOURCES)
def test_acf_detail_arithmetic_gives_points(seasons, source):
    L, T, _ = seasons("acf", source)
    _, wrong, _ = _acf_check(L, T)
    assert not wrong, "ACF details whose arithmetic is not the points:\n" + _show(wrong)


@pytest.mark.parametrize("source", SOURCES)
def test_acf_detail_class_is_the_tournaments_class(seasons, source):
    L, T, _ = seasons("acf", source)
    _, _, wrong_class = _acf_check(L, T)
    assert not wrong_class, "ACF details naming another class:\n" + _show(wrong_class)


@pytest.mark.parametrize("source", SOURCES)
def test_acf_counted_rows_are_the_best_five(seasons, source):
    """The counted flag (the README's green/grey; explain's "(dropped)") keeps the best 5 per division."""
    L, _, _ = seasons("acf", source)
    bad = []
    for (rk, _player), g in L.groupby(["ranking", "player"]):
        kept = g[g["counted"].astype(bool)]
        if len(kept) != min(5, len(g)) or (len(kept) < len(g) and
                                           kept["points"].min() < g[~g["counted"].astype(bool)]["points"].max()):
            r = g.iloc[0]
            bad.append((r.tournament, r["name"], list(g["points"]), rk, f"counted {list(g['counted'])}"))
    assert not bad, "ACF counted rows that are not the best five:\n" + _show(bad)


# ================================================================================================= Aarhus

_AA_GROUPS = ("AA", "A", "B", "C", "D", "E", "F")
AARHUS_GPT_RE = re.compile(
    r"^startpoints (?P<sp>\d+) \(played (?P<played>[^,]+), age group (?P<age>[^:;]+)"
    r"(?:: (?P<rel>own age group|(?P<k>\d+) groups? (?P<dir>above|below)|[^;)]*?)"
    r"|; (?P<fixed>[^:]+): always 5 \((?:Ruling|§5 stk\. 4)\))"
    r"(?:; merged group counted as (?P<merged>\S+) \(closest to age, §5 stk\. 3\))?"
    r"(?P<aa>; AA is one step above A \(§2 stk\. 5\))?"
    r"(?P<aa_as_a>; AA without an A group is scored as A \(§2 stk\. 5\))?\); "
    r"GPT-points (?P<g>[\d½]+) × 7/(?P<r>\d+) = (?P<exact>[\d.]+)(?P<dots>…)? → (?P<norm>\d+\.\d) = "
    r"(?P<total>\d+\.\d)(?P<tail>(?:; .*)?)$")
AARHUS_AM_RE = re.compile(
    r"^startpoints (?P<sp>\d+) \(Aarhusmesterskab, §5 stk\. 7\); GPT-points (?P<g>[\d½]+) "
    r"\(not normalised, Ruling\) = (?P<total>\d+\.\d)(?P<tail>(?:; .*)?)$")
AARHUS_DM_RE = re.compile(r"^flat 10 \((?:pre-qualified|startpoints and GPT-points not counted), §5 stk\. 8"
                          r"(?:; qualified by (?P<qualified>.+?), an earlier GPT, §5 stk\. 9)?\)"
                          r"(?P<tail>(?:; .*)?)$")
_DROPPED = "; worst GPT result, dropped (§1 stk. 6)"
_DROPPED_TIED = ("; worst GPT result, dropped (§1 stk. 6; another GPT result in this account is as low: the "
                 "earliest of equal worst results is dropped, ruling 9)")
_CREDITED_P = "; also credited to P (girl in A–F, §5 stk. 4)"
_P_ONLY = ("; played in P: credited to P only, not to her age group (§5 stk. 4; for Aarhusmesterskab and "
           "DM-kvalifikation, ruling 14)")


def _tenths(x: float) -> int:
    return int(round(x * 10))


def _aarhus_check(L: pd.DataFrame):
    unparsed, wrong, groups, marks = [], [], [], []
    dates = dict(zip(L["tournament"], L["date"]))
    gpt_of = {(t, n) for t, n, r in zip(L["tournament"], L["name"], L["rule"]) if "stk. 2" in str(r)}
    # each account's normalised GPT results (README ruling 9: among equal worst results the earliest is dropped)
    gpt_points: dict[tuple, list] = {}
    for row in L.itertuples(index=False):
        if AARHUS_GPT_RE.match(str(row.detail)):
            gpt_points.setdefault((row.ranking, row.name), []).append(_tenths(float(row.points)))
    for row in L.itertuples(index=False):
        d, pts = str(row.detail), float(row.points)
        rec = (row.tournament, row.name, row.points, d)
        m = AARHUS_GPT_RE.match(d) or AARHUS_AM_RE.match(d) or AARHUS_DM_RE.match(d)
        if not m:
            unparsed.append((*rec, "no pattern"))
            continue
        # a DM credit (not pre-qualified) names the player's GPT that qualifies it: one of theirs, on an earlier
        # date (§5 stk. 9; ruling 11)
        if m.re is AARHUS_DM_RE and "pre-qualified" not in d:
            q = m["qualified"]
            if not q or (q, row.name) not in gpt_of or not dates.get(q) < row.date:
                marks.append((*rec, f"DM credit qualified by {q!r}"))
        tail = m["tail"]
        tied = _DROPPED_TIED in tail
        tail = tail.replace(_DROPPED_TIED, _DROPPED)
        rest = tail.replace(_DROPPED, "").replace(_CREDITED_P, "").replace(_P_ONLY, "")
        if rest:
            unparsed.append((*rec, f"unknown tail {rest!r}"))
        # the dropped mark (README: the worst GPT result dropped per account) and the counted flag agree
        if (_DROPPED in tail) == bool(row.counted):
            marks.append((*rec, f"counted={row.counted} but dropped text {_DROPPED in tail}"))
        # a dropped result names ruling 9 exactly when another GPT result of the account is as low
        if _DROPPED in tail and tied != (gpt_points[(row.ranking, row.name)].count(_tenths(pts)) > 1):
            marks.append((*rec, f"ruling 9 named {tied}, account's GPT results "
                                f"{gpt_points[(row.ranking, row.name)]}"))
        if (_CREDITED_P in tail) and row.ranking != "P":
            marks.append((*rec, f"'also credited to P' on ranking {row.ranking}"))
        if row.ranking == "P" and str(row.group_played) != "P" and _CREDITED_P not in tail:
            marks.append((*rec, f"ranking P, played {row.group_played}, without 'also credited to P'"))
        # played in P: P's account only (§5 stk. 4; ruling 14 for Aarhusmesterskab and DM), and the row says so
        if (_P_ONLY in tail) != (row.ranking == "P" and str(row.group_played) == "P"):
            marks.append((*rec, f"ranking {row.ranking}, played {row.group_played}: 'P only' {_P_ONLY in tail}"))
        why = []
        gd = m.groupdict()
        if "r" in gd:  # a normalised GPT result
            sp, hp, r = int(m["sp"]), int(round(2 * _num(m["g"]))), int(m["r"])
            exact = Fraction(hp * 7, 2 * r)
            shown = m["exact"]
            if m["dots"]:  # truncated: the shown digits start the exact value
                if not f"{float(exact):.12f}".startswith(shown):
                    why.append(f"{m['g']} × 7/{r} = {float(exact)!r}, the text says {shown}…")
            elif Fraction(shown) != exact:
                why.append(f"{m['g']} × 7/{r} = {float(exact)!r}, the text says {shown}")
            norm = (70 * hp + r) // (2 * r)  # tenths, half up (README §5 stk. 6)
            if _tenths(_num(m["norm"])) != norm:
                why.append(f"rounds to {norm / 10}, the text says {m['norm']}")
            if _tenths(_num(m["norm"])) + 10 * sp != _tenths(_num(m["total"])):
                why.append(f"{sp} + {m['norm']} ≠ {m['total']}")
            if _tenths(_num(m["total"])) != _tenths(pts) or abs(pts * 10 - _tenths(pts)) > 1e-6:
                why.append(f"text {m['total']} ≠ points {pts}")
            # startpoints, groups: the text agrees with the row's columns and with §5 stk. 2
            if m["played"] != str(row.group_played) or m["age"] != str(row.age_group) or \
                    int(row.startpoints) != sp:
                groups.append((*rec, f"text played {m['played']} age {m['age']} sp {sp}; columns played "
                                     f"{row.group_played} age {row.age_group} sp {row.startpoints}"))
            counted_as = m["merged"] or ("A" if m["aa_as_a"] else m["played"])
            if m["aa_as_a"] and m["played"] != "AA":
                groups.append((*rec, "'AA without an A group' on a row not played in AA"))
            if counted_as in _AA_GROUPS and m["age"] in _AA_GROUPS and m["rel"] is not None:
                k = _AA_GROUPS.index(counted_as) - _AA_GROUPS.index(m["age"])  # > 0: played below age group
                rel = "own age group" if k == 0 else f"{abs(k)} group{'s' if abs(k) > 1 else ''} " + (
                    "below" if k > 0 else "above")
                want = max(0, 5 - 2 * k)
                if counted_as == "AA" and not m["aa"]:
                    groups.append((*rec, "AA counted without 'one step above A'"))
                elif m["rel"] != rel or sp != want:
                    groups.append((*rec, f"{counted_as} for age group {m['age']}: {rel}, {want} startpoints"))
        elif "g" in gd:  # Aarhusmesterskab
            sp, g = int(m["sp"]), _num(m["g"])
            if _tenths(sp + g) != _tenths(_num(m["total"])) or _tenths(_num(m["total"])) != _tenths(pts):
                why.append(f"{sp} + {m['g']} = {sp + g}, text {m['total']}, points {pts}")
            if int(row.startpoints) != sp:
                groups.append((*rec, f"startpoints column {row.startpoints}, text {sp}"))
        else:  # DM flat 10
            if pts != 10:
                why.append(f"flat 10 but points {pts}")
        if why:
            wrong.append((*rec, "; ".join(why)))
    return unparsed, wrong, groups, marks


@pytest.mark.parametrize("source", SOURCES)
def test_aarhus_details_all_parse(seasons, source):
    L, _, _ = seasons("aarhus", source)
    unparsed = _aarhus_check(L)[0]
    assert not unparsed, "Aarhus details no pattern recognises:\n" + _show(unparsed)


@pytest.mark.parametrize("source", SOURCES)
def test_aarhus_detail_arithmetic_gives_points(seasons, source):
    L, _, _ = seasons("aarhus", source)
    wrong = _aarhus_check(L)[1]
    assert not wrong, "Aarhus details whose arithmetic is not the points:\n" + _show(wrong)


@pytest.mark.parametrize("source", SOURCES)
def test_aarhus_detail_groups_and_startpoints(seasons, source):
    L, _, _ = seasons("aarhus", source)
    groups = _aarhus_check(L)[2]
    assert not groups, "Aarhus details whose groups / startpoints disagree:\n" + _show(groups)


@pytest.mark.parametrize("source", SOURCES)
def test_aarhus_dropped_rows_say_so(seasons, source):
    L, _, _ = seasons("aarhus", source)
    marks = _aarhus_check(L)[3]
    assert not marks, "Aarhus rows whose dropped / P text disagrees with the row:\n" + _show(marks)


# ================================================================================================= FECODAZ

FORFEIT = " — forfeited: unjustified withdrawal (Art. 6)"
_N = r"-?\d+(?:\.\d+)?"
_HOW = r"categoría (?P<c>\d+) = (?P<rated>\d+) rated \(FIDE-rated count twice\)(?P<irt> \+ 2 IRT)?"
# a scoring place beyond the Points sheet shows its Art. 3 extension: P(last, 1) + 4 × (c − last) − 2 × (p − 1)
_BEYOND = rf"(?: \(beyond the table, Art\. 3: (?P<e1>{_N}) \+ 4 × (?P<e2>\d+)(?: − 2 × (?P<e3>\d+))?\))?"
# Art. 2 k: the band a player's first score fixed, where and (where it differs) what the rating here would give
_LOCKED = (r"(?P<locked> \[(?P<lband>Sub \d+) locked for the year at (?P<lat>.+?), the first tournament where the "
           r"player scored \(Art\. 2 k\)(?:; the rating here alone would give (?P<lnow>Sub \d+|no amateur band "
           r"\(2000 or more\)))?\]| \[first points in an amateur band: (?P<fband>Sub \d+) locked for the rest of the "
           r"year \(Art\. 2 k\)\]"
           r"| \[born (?P<yborn>\d{4}): Sub (?P<yage>\d+) by age, exclusive \(ruling on Art\. 2 m\)\])?")
FEC_PATTERNS = {
    "place": re.compile(rf"^place (?P<p>\d+) in categoría (?P<c>\d+): (?P<x>{_N}){_BEYOND}$"),
    "tie": re.compile(rf"^tied on (?P<score>{_N}) game points? with the last scorer \(place (?P<lp>\d+), "
                      rf"(?P<lv>{_N}) pts\): half = (?P<x>{_N})$"),
    "min": re.compile(rf"^best (?P<group>.+?) no\. (?P<no>\d+), nobody in the group above 6: minimum (?P<x>\d+) "
                      rf"\(place (?P<p>\d+) gave (?P<gave>{_N})\)$"),
    "amateur": re.compile(rf"^(?:her (?P<her>.+?) points: )?(?P<list>.+?) position (?P<p>\d+) in {_HOW}: "
                          rf"(?P<base>{_N}){_BEYOND}(?:; (?P<titled>\d+) titled players: \+(?P<bonus>{_N}))? = "
                          rf"(?P<x>{_N}){_LOCKED}$"),
    "amateur_extra": re.compile(rf"^(?:her (?P<her>.+?) points: )?(?P<list>.+?) position (?P<p>\d+): extra place "
                                rf"for (?P<titled>\d+) titled players = (?P<x>{_N}) \({_HOW}\)"
                                rf"{_LOCKED}$"),
    "amateur_tie": re.compile(rf"^(?:her (?P<her>.+?) points: )?(?P<list>.+?) position (?P<p>\d+), tied on "
                              rf"(?P<score>{_N}) game points? with the last scorer \(position (?P<lp>\d+), "
                              rf"(?P<lv>{_N}) pts\): half = (?P<x>{_N}) \({_HOW}\)"
                              rf"{_LOCKED}$"),
    "cap": re.compile(rf"^counted closed-tournament points (?:(?P<parts>.+ {_N}) = )?(?P<a>{_N}) capped at 30: "
                      rf"−(?P<b>{_N})$"),
    "board": re.compile(r"^board (?P<board>\d+), place (?P<p>\d+) among the board's players "
                        r"\(board (?P=board): (?P<table>[\d, ]+)\) → (?P<x>[\d.]+)$"),
    "team": re.compile(r"^member of team (?P<team>.+), team place (?P<p>\d+) \(champions \+6, runners-up \+4, "
                       r"third \+2\) → \+(?P<x>[\d.]+)$"),
}
_MINIMUMS = (6, 4, 2)


def _points_table(folder: Path) -> dict[int, list[float]]:
    wb = openpyxl.load_workbook(folder / "season.xlsx", read_only=True, data_only=True)
    rows = list(wb["Points"].iter_rows(values_only=True))
    wb.close()
    out = {}
    for r in rows[1:]:
        if r and isinstance(r[0], (int, float)):
            out[int(r[0])] = [float(v) for v in r[1:] if v is not None]
    return out


def _p(table: dict[int, list[float]], c: int, p: int) -> float | None:
    """P(c, p) from the Points sheet; beyond it P(last,1) + 4 (c − last), 2 fewer per place, c places."""
    if c in table:
        row = table[c]
        return row[p - 1] if p <= len(row) else 0.0
    last = max(table)
    if c > last:
        return table[last][0] + 4 * (c - last) - 2 * (p - 1) if p <= c else 0.0
    return None


def _fec_check(L: pd.DataFrame, T: pd.DataFrame, folder: Path):
    table = _points_table(folder)
    cat = {t: (None if pd.isna(c) else int(c)) for t, c in zip(T["tournament"], T["category"])}
    kind = dict(zip(T["tournament"], T["kind"]))
    unparsed, wrong, wrong_cat, forfeits = [], [], [], []
    forfeiting = set(L.loc[L["detail"].astype(str).str.contains("forfeited", regex=False), "player"])
    closed_counted: dict = {}
    for row in L.itertuples(index=False):
        d, pts = str(row.detail), float(row.points)
        rec = (row.tournament, row.name, row.points, d)
        core = d[:-len(FORFEIT)] if d.endswith(FORFEIT) else d
        # forfeits (README ruling 6: the sanctioned player's ledger rows kept, marked not counted)
        if d.endswith(FORFEIT) and bool(row.counted):
            forfeits.append((*rec, "forfeited but counted"))
        if row.player in forfeiting and not d.endswith(FORFEIT):
            forfeits.append((*rec, "a forfeiting player's row without the forfeit text"))
        name, m = next(((k, rx.match(core)) for k, rx in FEC_PATTERNS.items() if rx.match(core)), (None, None))
        if m is None:
            unparsed.append((*rec, "no pattern"))
            continue
        if name == "board":  # Art. 3 amateur item 7: the board's table, the place's value, the points
            values = [float(v) for v in m["table"].split(", ")]
            p = int(m["p"])
            expect = values[p - 1] if p <= len(values) else 0.0
            if abs(expect - pts) > 1e-9 or abs(_num(m["x"]) - pts) > 1e-9:
                wrong.append((*rec, f"board table gives {expect}"))
            continue
        if name == "team":  # champions +6, runners-up +4, third +2
            expect = {1: 6.0, 2: 4.0, 3: 2.0}.get(int(m["p"]), 0.0)
            if abs(expect - pts) > 1e-9 or abs(_num(m["x"]) - pts) > 1e-9:
                wrong.append((*rec, f"team place gives {expect}"))
            continue
        if kind.get(row.tournament) == "Closed" and bool(row.counted):  # (every counted row: the cap's sum)
            closed_counted[(row.player, row.ranking)] = closed_counted.get((row.player, row.ranking), 0) + pts
        why = []
        x = _num(m["x"]) if "x" in m.groupdict() else None
        if name in ("place", "amateur"):  # the extension shown exactly where the categoría is beyond the sheet
            c, p, last = int(m["c"]), int(m["p"]), max(table)
            if (m["e1"] is not None) != (c > last):
                why.append(f"categoría {c} with the sheet ending at {last}: extension text {m['e1'] is not None}")
            elif m["e1"] is not None:
                e1, e2, e3 = _num(m["e1"]), int(m["e2"]), int(m["e3"] or 0)
                if (e1, e2, e3) != (table[last][0], c - last, p - 1):
                    why.append(f"extension {e1} + 4 × {e2} − 2 × {e3}: not P({last},1) + 4 × {c - last} − 2 × {p - 1}")
        c_t = cat.get(row.tournament)
        if name == "place":
            c, p = int(m["c"]), int(m["p"])
            if c != c_t:
                wrong_cat.append((*rec, f"Tournaments frame categoría {c_t}"))
            if _p(table, c, p) != x:
                why.append(f"P({c},{p}) = {_p(table, c, p)}, the text says {x}")
        elif name == "tie":
            lv, lp = _num(m["lv"]), int(m["lp"])
            if c_t is not None and _p(table, c_t, lp) != lv:
                why.append(f"last scorer place {lp} in categoría {c_t} has {_p(table, c_t, lp)}, text {lv}")
            if lv / 2 != x:
                why.append(f"half of {lv} is {lv / 2}, the text says {x}")
        elif name == "min":
            no, gave = int(m["no"]), _num(m["gave"])
            if m["group"] != row.ranking and not (m["group"] == "Dama" and row.ranking == "Femenino"):
                why.append(f"minimum group {m['group']} on ranking {row.ranking} (ruling 1: same name)")
            if not 1 <= no <= 3 or _MINIMUMS[no - 1] != x:
                why.append(f"no. {no} gets minimum {_MINIMUMS[no - 1] if 1 <= no <= 3 else '?'}, text {x}")
            if gave >= x:
                why.append(f"place gave {gave}, not below the minimum {x}")
            if c_t is not None and _p(table, c_t, int(m["p"])) not in (gave, 2 * gave):
                why.append(f"place {m['p']} in categoría {c_t} gives {_p(table, c_t, int(m['p']))}, text {gave}")
        elif name.startswith("amateur"):
            c, p = int(m["c"]), int(m["p"])
            if int(m["rated"]) + (2 if m["irt"] else 0) != c:
                why.append(f"{m['rated']} rated{m['irt'] or ''} is not categoría {c}")
            if m["her"]:
                if row.ranking != "Dama amateur" or m["her"] != m["list"]:
                    why.append(f"'her {m['her']} points' ({m['list']} list) on ranking {row.ranking}")
            elif m["list"] != row.ranking:
                why.append(f"{m['list']} list on ranking {row.ranking}")
            # Art. 2 k: a locked row scores in the band it names, locked at a tournament held no later than this one
            if m["lband"] and (m["lband"] != m["list"] or m["lnow"] == m["lband"]):
                why.append(f"locked {m['lband']} (rating here {m['lnow']}) on the {m['list']} list")
            if m["fband"] and m["fband"] != m["list"]:
                why.append(f"first points locking {m['fband']} on the {m['list']} list")
            # a youth row names the birth year that puts it in its category (Sub n: born Y−n or Y−n+1; Sub 6 and
            # later), exclusive by age (fecodaz.md ruling on Art. 2 l–m); an amateur row never does
            youth = str(row.ranking).startswith(("Sub 14", "Sub 12", "Sub 10", "Sub 8", "Sub 6"))
            if youth != bool(m["yage"]) or (youth and not str(row.ranking).startswith(f"Sub {m['yage']} ")):
                why.append(f"youth age text {m['yage']!r} on ranking {row.ranking}")
            elif youth:
                age, gap = int(m["yage"]), row.date.year - int(m["yborn"]) if hasattr(row.date, "year") else None
                if gap is not None and not (gap in (age - 1, age) or (age == 6 and gap <= 6)):
                    why.append(f"born {m['yborn']} is not Sub {age} in {row.date.year}")
            if name == "amateur":
                base = _num(m["base"])
                if _p(table, c, p) != base or p > c:
                    why.append(f"P({c},{p}) = {_p(table, c, p)}, the text says {base}")
                titled = int(m["titled"]) if m["titled"] else 0
                bonus = _num(m["bonus"]) if m["bonus"] else 0.0
                if bonus != (4.0 if titled >= 6 else 2.0 if titled >= 3 else 0.0):
                    why.append(f"{titled} titled players give +{bonus}")
                if base + bonus != x:
                    why.append(f"{base} + {bonus} = {base + bonus}, the text says {x}")
            elif name == "amateur_extra":
                titled = int(m["titled"])
                extra = {c + 1: 4.0 if titled >= 6 else 2.0 if titled >= 3 else None,
                         c + 2: 2.0 if titled >= 6 else None}.get(p)
                if extra != x:
                    why.append(f"extra place {p} with {titled} titled players gives {extra}, text {x}")
            else:  # amateur item 5
                if _num(m["lv"]) / 2 != x:
                    why.append(f"half of {m['lv']} is {_num(m['lv']) / 2}, the text says {x}")
        elif name == "cap":
            a, b = _num(m["a"]), _num(m["b"])
            if a - 30 != b or -b != pts:
                why.append(f"{a} capped at 30 cuts {a - 30}; text −{b}, points {pts}")
            # the closed results it names add up to the counted closed points
            listed = [_num(x.rsplit(" ", 1)[1]) for x in (m["parts"] or "").split(" + ") if x]
            if not listed or sum(listed) != a:
                why.append(f"the closed results named ({m['parts']}) do not add up to {a}")
            closed_counted.setdefault(("cap", row.player, row.ranking), a)
        if x is not None and x != pts:
            why.append(f"text {x} ≠ points {pts}")
        if why:
            wrong.append((*rec, "; ".join(why)))
    # the cap row's "counted closed-tournament points" are the counted closed rows' sum
    for key, a in list(closed_counted.items()):
        if key[0] == "cap":
            got = closed_counted.get((key[1], key[2]), 0)
            if got != a:
                r = L[(L["player"] == key[1]) & (L["ranking"] == key[2])].iloc[0]
                wrong.append(("Closed-tournament cap", r["name"], None, f"cap row says {a}",
                              f"counted closed-tournament rows sum to {got}"))
    return unparsed, wrong, wrong_cat, forfeits


@pytest.mark.parametrize("source", SOURCES)
def test_fecodaz_details_all_parse(seasons, source):
    L, T, folder = seasons("fecodaz", source)
    unparsed = _fec_check(L, T, folder)[0]
    assert not unparsed, "FECODAZ details no pattern recognises:\n" + _show(unparsed)


@pytest.mark.parametrize("source", SOURCES)
def test_fecodaz_detail_arithmetic_gives_points(seasons, source):
    L, T, folder = seasons("fecodaz", source)
    wrong = _fec_check(L, T, folder)[1]
    assert not wrong, "FECODAZ details whose arithmetic is not the points:\n" + _show(wrong)


@pytest.mark.parametrize("source", SOURCES)
def test_fecodaz_detail_categoria_is_the_tournaments(seasons, source):
    L, T, folder = seasons("fecodaz", source)
    wrong_cat = _fec_check(L, T, folder)[2]
    assert not wrong_cat, "FECODAZ details naming another categoría:\n" + _show(wrong_cat)


@pytest.mark.parametrize("source", SOURCES)
def test_fecodaz_forfeited_rows_say_so(seasons, source):
    L, T, folder = seasons("fecodaz", source)
    forfeits = _fec_check(L, T, folder)[3]
    assert not forfeits, "FECODAZ forfeit text disagrees with the row:\n" + _show(forfeits)


def test_fecodaz_sample_has_a_forfeit_and_a_cap(seasons):
    """The sample exercises the two special rows (so the checks above are not vacuous)."""
    L, _, _ = seasons("fecodaz", "sample")
    assert L["detail"].str.endswith(FORFEIT).any()
    assert (L["rule"] == "FECODAZ Art. 2 q 3").any()


BREAKDOWN_RE = re.compile(r"^base (?P<base>\d+)(?P<national> \(national championship without cash prizes: starts at "
                          r"(?P<nbase>\d+), Art\. 3 item 6(?: — the workbook's (?P<given>\d+) not used)?\))?"
                          r"(?: \+ titles (?P<titles>\d+) \((?P<tp>\d+) title points\))?"
                          r"(?: \+ norms (?P<norms>\d+))? \+ size (?P<size>\d+) \((?P<n>\d+) players with more "
                          r"than 2 games\) = (?P<c>\d+)$")


@pytest.mark.parametrize("source", SOURCES)
def test_fecodaz_categoria_breakdown_adds_up(seasons, source):
    """The Tournaments frame's categoría text (Art. 3: base + floor(Σ titles/10) + norms + floor(n/100))."""
    _, T, _ = seasons("fecodaz", source)
    bad = []
    for row in T.itertuples(index=False):
        text = "" if pd.isna(row.category_breakdown) else str(row.category_breakdown)
        if not text:
            if not pd.isna(row.category):
                bad.append((row.tournament, "", row.category, text, "a categoría without its breakdown"))
            continue
        m = BREAKDOWN_RE.match(text)
        if not m:
            bad.append((row.tournament, "", row.category, text, "no pattern"))
            continue
        base, titles, norms, size, c = (int(m[k] or 0) for k in ("base", "titles", "norms", "size", "c"))
        why = []
        if base + titles + norms + size != c or c != int(row.category):
            why.append(f"{base} + {titles} + {norms} + {size} ≠ {c} / column {row.category}")
        if m["tp"] and int(m["tp"]) // 10 != titles:
            why.append(f"floor({m['tp']}/10) ≠ {titles}")
        if int(m["n"]) // 100 != size:
            why.append(f"floor({m['n']}/100) ≠ {size}")
        if (base, titles, norms, size) != (int(row.base), int(row.title_bonus), int(row.norm_bonus),
                                           int(row.size_bonus)):
            why.append("parts differ from the frame's columns")
        # a national championship without cash prizes starts at 3 (Art. 3 item 6), and its text says so
        if bool(m["national"]) != (row.kind == "National" and not bool(row.cash_prizes)) or \
                (m["national"] and int(m["nbase"]) != base):
            why.append(f"national-championship base text {m['national']!r} for kind {row.kind}")
        if m["given"] and (pd.isna(row.base_given) or int(m["given"]) != int(row.base_given)):
            why.append(f"the workbook's base {m['given']} ≠ base given {row.base_given}")
        if why:
            bad.append((row.tournament, "", row.category, text, "; ".join(why)))
    assert not bad, "FECODAZ categoría breakdowns that do not add up:\n" + _show(bad)


def test_acf_a_junior_only_by_the_junior_column_is_named_in_the_ledger(tmp_path):
    """ACF cl. 5(2)(e) / cl. 1 and the rulebook: "where a ruling changes a number, it is named in the ledger". A
    player born 1980 marked Junior = Yes by the organiser takes Junior points (the column wins, README); the
    ledger row now says so (an official would otherwise see an adult in the Junior list without a reason). A
    junior by birth date gets no such note."""
    from builders import acf_tournament, make_season

    from gpcalc.pipeline import compute

    head = ["Section", "Place", "Name", "ID", "Sex", "Born", "State", "Junior"]
    rows = [["", 1, "Old Yes", "", "M", 1980, "NSW", "Yes"], ["", 2, "Young Kid", "", "M", 1995, "NSW", None]]
    folder = make_season(tmp_path, {"Circuit": "acf", "Season": "2005"},
                         tournaments={"a.xlsx": acf_tournament("A", rows, header=head)})
    lg = compute(folder, use_cache=False).outcome.ledger
    junior = lg[lg["ranking"] == "Junior"].set_index("name")["detail"]
    assert ACF_RE.match(junior["Old Yes"])["bycolumn"]
    assert "organiser's Junior column" in junior["Old Yes"] and "Junior column" not in junior["Young Kid"]
