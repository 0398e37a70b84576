"""Organiser templates and season.xlsx, generated from the circuits' declarations (openpyxl)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from .spec import Field, SheetSpec

TEMPLATE_ROWS = 500
FIXED_TIME = dt.datetime(2000, 1, 1)
HEADER_FILL = "1F4E78"
EXAMPLE_FILL = "FFF2CC"


def _styles():
    from openpyxl.styles import Alignment, Font, PatternFill

    return {
        "header": (Font(bold=True, color="FFFFFF"), PatternFill("solid", fgColor=HEADER_FILL),
                   Alignment(wrap_text=True, vertical="top")),
        "title": Font(bold=True, size=14),
        "bold": Font(bold=True),
        "example": PatternFill("solid", fgColor=EXAMPLE_FILL),
        "help": Font(italic=True, color="555555"),
    }


LISTS_SHEET = "Lists"  # a hidden sheet holding the drop-down lists too long to write inline (gpcalc reads no
# sheet it does not know, so it is never mistaken for input)


def _list_values(f: Field) -> list[str]:
    """The drop-down's values: the field's values, then the spellings the circuit's instructions use
    (`Field.listed`), so that typing them as told draws no warning from Excel."""
    if f.kind == "yesno":
        values = ["Yes", "No"]
    elif f.kind == "sex":
        values = ["M", "F"]
    elif f.kind == "choice":
        values = list(f.choices)
    else:
        return []
    return values + [v for v in f.listed if v not in values]


def _list_formula(f: Field, wb=None) -> str | None:
    """The drop-down list's source: the values inline ("Yes,No"), or — when they are longer than Excel's
    255-character limit for an inline list — a range of the hidden Lists sheet of workbook `wb` (a column of its
    own, the sheet made on first use). None: no drop-down."""
    values = _list_values(f)
    text = ",".join(values)
    if not values:
        return None
    if len(text) < 250:
        return f'"{text}"'
    if wb is None:
        return None
    from openpyxl.utils import get_column_letter, quote_sheetname

    if LISTS_SHEET in wb.sheetnames:
        ws = wb[LISTS_SHEET]
        j = ws.max_column + 1
    else:
        ws, j = wb.create_sheet(LISTS_SHEET), 1
        ws.sheet_state = "hidden"
    for i, v in enumerate(values, start=1):
        ws.cell(row=i, column=j, value=v)
    letter = get_column_letter(j)
    return f"{quote_sheetname(LISTS_SHEET)}!${letter}$1:${letter}${len(values)}"


def _validation(f: Field, sqref: str, listed: bool = True, wb=None):
    """The column's input message, and its drop-down list when it has one (``listed``: the data cells; the header
    cell gets the message only, so that a header renamed to its Danish or Spanish alias draws no warning).
    `wb`: the workbook, where a list too long to write inline goes (its hidden Lists sheet)."""
    from openpyxl.worksheet.datavalidation import DataValidation

    formula = _list_formula(f, wb) if listed else None
    prompt = (f.help or f.hint)[:250]
    if formula:
        dv = DataValidation(type="list", formula1=formula, allow_blank=True, showDropDown=False)
        dv.error = f"Choose one of: {','.join(_list_values(f))}"[:250]
        dv.errorTitle = f.name[:32]
        dv.errorStyle = "warning"
        dv.showErrorMessage = True
    else:
        dv = DataValidation(type=None, allow_blank=True)
    dv.promptTitle = f.name[:32]
    dv.prompt = prompt
    dv.showInputMessage = True
    dv.add(sqref)
    return dv


def _header_row(ws, fields: tuple[Field, ...], row: int = 1) -> None:
    from openpyxl.utils import get_column_letter

    font, fill, align = _styles()["header"]
    for j, f in enumerate(fields, start=1):
        c = ws.cell(row=row, column=j, value=f.name)
        c.font, c.fill, c.alignment = font, fill, align
        letter = get_column_letter(j)
        ws.column_dimensions[letter].width = f.width or max(12, len(f.name) + 4)
        ws.add_data_validation(_validation(f, f"{letter}{row + 1}:{letter}{row + TEMPLATE_ROWS}", wb=ws.parent))
        ws.add_data_validation(_validation(f, f"{letter}{row}", listed=False))
    ws.freeze_panes = ws.cell(row=row + 1, column=1)
    ws.auto_filter.ref = f"A{row}:{get_column_letter(len(fields))}{row + TEMPLATE_ROWS}"


def _settings_sheet(ws, fields: tuple[Field, ...], values: dict[str, Any]) -> None:
    from openpyxl.worksheet.datavalidation import DataValidation

    st = _styles()
    font, fill, align = st["header"]
    for j, name in enumerate(("Setting", "Value", "What to write"), start=1):
        c = ws.cell(row=1, column=j, value=name)
        c.font, c.fill, c.alignment = font, fill, align
    ws.column_dimensions["A"].width = 18
    ws.column_dimensions["B"].width = 28
    ws.column_dimensions["C"].width = 90
    for i, f in enumerate(fields, start=2):
        ws.cell(row=i, column=1, value=f.name).font = st["bold"]
        if f.key in values:
            ws.cell(row=i, column=2, value=values[f.key])
        help_text = f.help + (" (required)" if f.required else " (optional)")
        ws.cell(row=i, column=3, value=help_text).font = st["help"]
        formula = _list_formula(f, ws.parent)
        if formula:
            dv = DataValidation(type="list", formula1=formula, allow_blank=True)
        else:
            dv = DataValidation(type=None, allow_blank=True)
        dv.promptTitle, dv.prompt, dv.showInputMessage = f.name[:32], (f.help or f.hint)[:250], True
        dv.add(f"B{i}")
        ws.add_data_validation(dv)
        if f.kind == "date":
            ws.cell(row=i, column=2).number_format = "yyyy-mm-dd"
    ws.freeze_panes = "A2"


def _finish(wb, path: Path) -> None:
    if LISTS_SHEET in wb.sheetnames:  # (the hidden lists after every sheet an organiser fills)
        wb.move_sheet(LISTS_SHEET, offset=len(wb.sheetnames) - 1 - wb.sheetnames.index(LISTS_SHEET))
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    wb.properties.creator = "gpcalc"
    wb.properties.lastModifiedBy = "gpcalc"
    path.parent.mkdir(parents=True, exist_ok=True)
    wb.save(path)
    _freeze_zip(path)


def _freeze_zip(path: Path) -> None:
    """Make the file byte-identical for identical content: fixed member times and document dates
    (openpyxl stamps 'modified' with the current time on save)."""
    import re
    import zipfile

    with zipfile.ZipFile(path) as zf:
        members = [(i.filename, zf.read(i.filename)) for i in zf.infolist()]
    stamp = FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ").encode()
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as zf:
        for name, data in members:
            if name == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(<)", rb"\g<1>" + stamp + rb"\g<2>", data)
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            zf.writestr(info, data)


def write_template(circuit, path: Path | str) -> Path:
    """The blank organiser workbook: Instructions (with a filled-in example), Tournament, extra sheets, Results."""
    from openpyxl import Workbook

    path = Path(path)
    st = _styles()
    wb = Workbook()
    ins = wb.active
    ins.title = "Instructions"
    ins.column_dimensions["A"].width = 120
    ins.cell(row=1, column=1, value=f"{circuit.title} — tournament workbook").font = st["title"]
    r = 3
    for line in circuit.instructions():
        ins.cell(row=r, column=1, value=line)
        r += 1
    example = circuit.template_example()
    tspec = circuit.tournament_spec()
    r += 1
    ins.cell(row=r, column=1, value="Example of a filled-in Tournament sheet (the shaded lines are what an "
                                    "organiser types):").font = st["bold"]
    r += 1
    for f in tspec.fields:
        if f.key == "circuit":
            continue
        ins.cell(row=r, column=1, value=f"{f.name}: {_show(f.example)}").fill = st["example"]
        r += 1
    for spec in (*circuit.tournament_sheets, circuit.results_spec()):
        rows = example.get(spec.name)
        if not rows:
            continue
        r += 1
        ins.cell(row=r, column=1, value=f"Example of a filled-in {spec.name} sheet:").font = st["bold"]
        r += 1
        ins.cell(row=r, column=1, value=" | ".join(f.name for f in _template_fields(circuit, spec)))
        ins.cell(row=r, column=1).font = st["bold"]
        for row in rows:
            r += 1
            ins.cell(row=r, column=1, value=" | ".join(_show(v) for v in row)).fill = st["example"]
    r += 2
    ins.cell(row=r, column=1, value="Column help: click a header cell in any sheet to see what to write.").font = \
        st["help"]

    ws = wb.create_sheet("Tournament")
    _settings_sheet(ws, tspec.fields, {"circuit": circuit.name})
    for spec in circuit.tournament_sheets:
        _header_row(wb.create_sheet(spec.name), spec.fields)
    _header_row(wb.create_sheet("Results"), _template_fields(circuit, circuit.results_spec()))
    _finish(wb, path)
    return path


def _template_fields(circuit, spec: SheetSpec) -> tuple[Field, ...]:
    """Results columns in the order an organiser fills them (circuit columns first where they lead)."""
    if spec.name != "Results":
        return spec.fields
    order = getattr(circuit, "results_order", None)
    if order:
        by_key = {f.key: f for f in spec.fields}
        return tuple(by_key[k] for k in order if k in by_key)
    return spec.fields


def _show(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, dt.date):
        return v.strftime("%d/%m/%Y")
    return str(v)


def write_season(circuit, path: Path | str, season: str = "", title: str = "") -> Path:
    """season.xlsx: the Season settings, the Players register and the circuit's default sheets."""
    from openpyxl import Workbook

    path = Path(path)
    wb = Workbook()
    ws = wb.active
    ws.title = "Season"
    values = {"circuit": circuit.name, "season": season, "title": title}
    for f in circuit.season_spec().fields:
        if f.key not in values and f.default is not None:
            values[f.key] = f.default
    for k, v in circuit.season_default_values().items() if hasattr(circuit, "season_default_values") else []:
        values[k] = v
    _settings_sheet(ws, circuit.season_spec().fields, values)
    defaults = circuit.season_defaults(season)
    reg = circuit.register_spec()
    pws = wb.create_sheet("Players")
    _header_row(pws, reg.fields)
    given = defaults.pop("Players", [])
    if given:
        # the circuit's rows follow its own header: place each value under the matching register column
        from .parse import header_key

        order = [header_key(h) for h in given[0]]
        for i, row in enumerate(given[1:], start=2):
            values = dict(zip(order, row))
            for j, f in enumerate(reg.fields, start=1):
                v = next((values[n] for n in f.names() if n in values), None)
                if v not in (None, ""):
                    pws.cell(row=i, column=j, value=v)
    for name, rows in defaults.items():
        sws = wb.create_sheet(name)
        font, fill, align = _styles()["header"]
        for i, row in enumerate(rows, start=1):
            for j, v in enumerate(row, start=1):
                c = sws.cell(row=i, column=j, value=v)
                if i == 1:
                    c.font, c.fill, c.alignment = font, fill, align
        sws.freeze_panes = "A2"
        for j in range(1, max((len(r) for r in rows), default=0) + 1):
            from openpyxl.utils import get_column_letter

            sws.column_dimensions[get_column_letter(j)].width = 14
    _finish(wb, path)
    return path


def default_season(circuit, today: dt.date | None = None) -> str:
    """The season running today: the year ("2026"), or for a season over two years the one that started last
    ("2026/2027" from its start month, "2025/2026" before it)."""
    today = today or dt.date.today()
    start = circuit.season_start_month
    if start <= 1:
        return str(today.year)
    first = today.year if today.month >= start else today.year - 1
    return f"{first}/{first + 1}"


def new_season(circuit, folder: Path | str, season: str = "") -> list[Path]:
    """A season folder: season.xlsx and a blank tournament workbook to copy for each tournament."""
    folder = Path(folder)
    season_path, blank = folder / "season.xlsx", folder / f"blank-{circuit.name}-tournament.xlsx"
    for path in (season_path, blank):
        if path.exists():  # gpcalc never overwrites a file it did not just make (an organiser's filled copy)
            raise FileExistsError(f"{path} already exists; gpcalc never overwrites it")
    folder.mkdir(parents=True, exist_ok=True)
    season = season or default_season(circuit)
    made = [write_season(circuit, season_path, season=season, title=f"{circuit.title} {season}"),
            write_template(circuit, blank)]
    return made
