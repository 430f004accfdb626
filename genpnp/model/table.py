"""Items from spreadsheets: CSV as spreadsheets save it, and ``.xlsx`` workbooks.

Every row becomes an :class:`LMap` whose values know their ``file:row:col``. CSV is read in
UTF-8 (with or without a BOM) or, failing that, as Windows-1252 with a warning; UTF-16 is
refused with a hint. The delimiter (comma, semicolon or tab) is taken from the header row.
A workbook's first sheet (or ``sheet:``) is read the same way, one row per item.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import Any

from genpnp.content.schema import INVALID, Ctx
from genpnp.content.yamlload import LMap, decode_utf8, number_problem, read_bytes
from genpnp.core.errors import ContentError, Loc

MAX_TABLE_BYTES = 20_000_000
MAX_ROWS = 100_000
MAX_COLUMNS = 200
MAX_CELL = 100_000  # characters in one cell (the csv module's own limit is 131,072)
MAX_XLSX_UNPACKED = 100_000_000  # bytes a workbook's parts may unpack to (a zip bomb is refused before it is opened)
DELIMITERS = (",", ";", "\t")
_NUMBER = re.compile(r"-?[0-9]{1,12}")
_SAVE_HINT = 'in your spreadsheet choose "Save as: CSV UTF-8 (comma delimited)"'


def read_table(path: Path, shown: str, ctx: Ctx, sheet: str | None = None) -> Any:
    """The rows of a CSV or xlsx file as LMaps (header names as keys), or INVALID with problems in ctx."""
    try:
        data = read_bytes(path, shown, ctx.root, MAX_TABLE_BYTES)
    except ContentError as exc:
        ctx.problems.extend(exc.problems)
        return INVALID
    if path.suffix.lower() == ".xlsx":
        rows = _xlsx_rows(data, shown, ctx, sheet)
    else:
        rows = _csv_rows(data, shown, ctx)
    if rows is INVALID:
        return INVALID
    return _records(rows, shown, ctx)


def _decode(data: bytes, shown: str, ctx: Ctx) -> Any:
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return ctx.error(Loc(shown, 1, 1), f"the CSV file is UTF-16 text: {_SAVE_HINT}")
    try:
        return decode_utf8(data, shown)
    except ContentError as exc:
        if "NUL" in exc.problems[0].message:
            ctx.problems.extend(exc.problems)
            return INVALID
    text = data.decode("cp1252", errors="replace")
    ctx.warn(Loc(shown, 1, 1), f"the CSV file is not UTF-8; it was read as Windows-1252 (cp1252): {_SAVE_HINT}")
    return text


def _csv_rows(data: bytes, shown: str, ctx: Ctx) -> Any:
    """(line, [(col, text)]) for each row, or INVALID."""
    text = _decode(data, shown, ctx)
    if text is INVALID:
        return INVALID
    if not text.strip():
        return ctx.error(Loc(shown, 1, 1), "the CSV file is empty: it needs a header row (e.g. title,text,qty)")
    first = text.splitlines()[0]
    delimiter = max(DELIMITERS, key=first.count)  # ties keep the comma
    csv.field_size_limit(max(csv.field_size_limit(), MAX_TABLE_BYTES))  # our own cell limit speaks instead
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter)
    rows: list[tuple[int, list[tuple[int, str]]]] = []
    line = 1
    try:
        for row in reader:
            if len(rows) > MAX_ROWS:
                return ctx.error(Loc(shown, line, 1), f"more than {MAX_ROWS:,} rows: split the file")
            cells, col = [], 1
            for cell in row:
                if len(cell) > MAX_CELL:
                    return ctx.error(Loc(shown, line, col), f"this cell has {len(cell):,} characters; "
                                                            f"at most {MAX_CELL:,} are read")
                cells.append((col, cell))
                col += len(cell) + 1
            rows.append((line, cells))
            line = reader.line_num + 1
    except csv.Error as exc:
        return ctx.error(Loc(shown, reader.line_num or 1, 1), f"cannot read the CSV: {exc}")
    if len(rows[0][1]) == 1 and delimiter == ",":
        header = rows[0][1][0][1]
        if " " in header.strip() and len(rows) > 1:
            ctx.warn(Loc(shown, 1, 1), "the header has one column: if the columns are separated by another "
                                       "character, use a comma, a semicolon or a tab")
    return rows


def _xlsx_rows(data: bytes, shown: str, ctx: Ctx, sheet: str | None) -> Any:
    """(row, [(col, text)]) for each row of the sheet, or INVALID. The workbook is checked before it is
    opened (its parts may unpack to at most ``MAX_XLSX_UNPACKED`` bytes) and read through defusedxml (no
    entity expansion, no external entities); a cell over ``MAX_CELL`` characters, a header cell past
    ``MAX_COLUMNS`` and a formula with no saved value are errors at their cell."""
    import zipfile

    bad = ctx.error
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            unpacked = sum(max(info.file_size, 0) for info in archive.infolist())
    except (zipfile.BadZipFile, OSError, ValueError, EOFError):
        return bad(Loc(shown, 1, 1), "not a readable .xlsx workbook (not a zip archive): "
                                     "save it again from your spreadsheet as Excel Workbook (.xlsx)")
    if unpacked > MAX_XLSX_UNPACKED:
        return bad(Loc(shown, 1, 1), f"the workbook unpacks to {unpacked:,} bytes; at most {MAX_XLSX_UNPACKED:,} "
                                     "are read (a workbook of items is far smaller)")
    try:
        return _xlsx_read(data, shown, ctx, sheet)
    except Exception as exc:  # noqa: BLE001 - openpyxl, zlib and the XML parser raise many kinds on damaged files
        if isinstance(exc, (MemoryError, RecursionError, KeyboardInterrupt)):
            raise
        what = type(exc).__name__
        detail = str(exc).splitlines()[0][:120] if str(exc) else ""
        return bad(Loc(shown, 1, 1), f"not a readable .xlsx workbook ({what}{': ' + detail if detail else ''}): "
                                     "save it again from your spreadsheet as Excel Workbook (.xlsx)")


def _xlsx_read(data: bytes, shown: str, ctx: Ctx, sheet: str | None) -> Any:
    import warnings

    from openpyxl import load_workbook  # type: ignore[import-untyped]
    from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # openpyxl warns of styles and extensions it does not read
        book = load_workbook(io.BytesIO(data), read_only=True, data_only=True)
        formulas = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    try:
        if sheet is not None and sheet not in book.sheetnames:
            from genpnp.core.errors import did_you_mean

            return ctx.error(Loc(shown, 1, 1), f'no sheet "{sheet}"{did_you_mean(sheet, book.sheetnames)}')
        name = sheet if sheet is not None else book.sheetnames[0]
        ws, wf = book[name], formulas[name]
        rows = []
        failed = False
        pairs = zip(ws.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1),
                    wf.iter_rows(values_only=True, max_col=MAX_COLUMNS + 1))
        for number, (row, written) in enumerate(pairs, start=1):
            if number > MAX_ROWS + 1:
                return ctx.error(Loc(shown, number, 1), f"more than {MAX_ROWS:,} rows: split the sheet")
            cells = []
            for col, (value, source) in enumerate(zip(row, written), start=1):
                where = Loc(shown, number, col)
                cell = f"{name}!{get_column_letter(col)}{number}"
                if value is None and isinstance(source, str) and source.startswith("="):
                    failed = bool(ctx.error(where, f"{cell}: the formula {source[:60]} has no saved value (a "
                                                   "program wrote the workbook without computing it): open it "
                                                   "in a spreadsheet and save it, or write the value"))
                text = _cell_text(value)
                if len(text) > MAX_CELL:
                    return ctx.error(where, f"{cell}: this cell has {len(text):,} characters; at most "
                                            f"{MAX_CELL:,} are read")
                cells.append((col, text))
            while cells and cells[-1][1] == "":
                cells.pop()
            if number == 1 and len(cells) > MAX_COLUMNS:
                return ctx.error(Loc(shown, 1, 1), f"the header has more than {MAX_COLUMNS} columns; at most "
                                                   f"{MAX_COLUMNS} are read")
            rows.append((number, cells))
        if rows and len(rows[0][1]) <= MAX_COLUMNS:
            header = next(ws.iter_rows(min_row=1, max_row=1, min_col=MAX_COLUMNS + 1, values_only=True), ())
            far = [i for i, v in enumerate(header, start=MAX_COLUMNS + 1) if v not in (None, "")]
            if far:
                col = get_column_letter(far[0])
                return ctx.error(Loc(shown, 1, far[0]), f"{name}!{col}1: a header cell past column "
                                                        f"{get_column_letter(MAX_COLUMNS)}; at most {MAX_COLUMNS} "
                                                        "columns are read")
    finally:
        book.close()
        formulas.close()
    if failed:
        return INVALID
    while rows and not rows[-1][1]:
        rows.pop()
    if not rows:
        return ctx.error(Loc(shown, 1, 1), "the sheet is empty: it needs a header row (e.g. title, text, qty)")
    width = len(rows[0][1])
    return [(n, cells + [(c, "") for c in range(len(cells) + 1, width + 1)]) for n, cells in rows]


def _cell_text(value: Any) -> str:
    """A cell's value as the text a spreadsheet shows: whole numbers without ``.0``, a date as 2024-01-05,
    a date and time as 2024-01-05 14:30."""
    import datetime

    if value is None:
        return ""
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e12:
        return str(int(value))
    if isinstance(value, datetime.datetime):
        if value.time() == datetime.time(0, 0):
            return value.date().isoformat()
        return value.isoformat(sep=" ", timespec="seconds" if value.second else "minutes")
    if isinstance(value, datetime.time):
        return value.isoformat(timespec="seconds" if value.second else "minutes")
    if isinstance(value, datetime.date):
        return value.isoformat()
    return str(value)


def _records(rows: list[tuple[int, list[tuple[int, str]]]], shown: str, ctx: Ctx) -> Any:
    head_line, head = rows[0]
    names = [text.strip() for _, text in head]
    bad = False
    if len(names) > MAX_COLUMNS:
        return ctx.error(Loc(shown, head_line, 1), f"{len(names)} columns; at most {MAX_COLUMNS} are read")
    seen: dict[str, int] = {}
    for (col, _), name in zip(head, names):
        if not name:
            bad = bool(ctx.error(Loc(shown, head_line, col), "a column has no name in the header row"))
        elif name in seen:
            bad = bool(ctx.error(Loc(shown, head_line, col), f'the column "{name}" is in the header twice '
                                                             f"(first at column {seen[name]})"))
        else:
            seen[name] = col
    if bad:
        return INVALID
    records = []
    for number, row in rows[1:]:
        if not any(text.strip() for _, text in row):
            continue
        if len(row) != len(names):
            ctx.error(Loc(shown, number, 1), f"this row has {len(row)} cells; the header has {len(names)}")
            continue
        record = LMap(loc=Loc(shown, number, 1))
        for name, (col, cell) in zip(names, row):
            value = _value(name, cell, Loc(shown, number, col), ctx)
            if value is INVALID:
                continue
            record[name] = value
            record.value_locs[name] = record.key_locs[name] = Loc(shown, number, col)
        records.append(record)
    if not records and not any(p.severity == "error" for p in ctx.problems.items if p.loc.file == shown):
        return ctx.error(Loc(shown, head_line, 1), "the file has a header but no rows: add one row per item")
    return records


def _value(name: str, cell: str, loc: Loc, ctx: Ctx) -> Any:
    text = cell.strip()
    if name == "qty":
        if not _NUMBER.fullmatch(text or "1"):
            return ctx.error(loc, f"qty must be a whole number, got {cell!r}")
        return int(text or "1")
    if _NUMBER.fullmatch(text) and not number_problem(int(text)):
        return int(text)
    return cell
