"""A score sheet laid out over pages: what goes on which page, at which height (pure geometry;
:mod:`genpnp.render.scoresheet` draws it)."""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.impose.textflow import heading_font, layout_blocks

PAD = 1.5 * MM
SPACE = 5 * MM  # between the parts of a page


@dataclass(frozen=True)
class PagePlan:
    """What one page holds: intro ops, where the key table starts, which blank rows from which height."""

    ops: tuple = ()
    key_top: float | None = None
    table_top: float | None = None
    first_row: int = 0
    row_count: int = 0


@dataclass(frozen=True)
class SheetFonts:
    """The faces of a score sheet, as its game's rules pages use them: the body family (``styles:
    body:``) for the text and tables, the heading face (``styles: heading:``, a display face) for the
    tables' titles; genpnp's own faces where the game names none (or its body face lacks a glyph the
    sheet writes)."""

    regular: str
    bold: str
    title: str
    title_color: Any = None


def sheet_fonts(comp: Any) -> SheetFonts:
    names = comp.names
    regular = getattr(names, "body_font", None) or fonts.DEFAULT
    if regular != fonts.DEFAULT and fonts.missing_glyphs("".join(_texts(comp)), regular):
        regular = fonts.DEFAULT
    bold = fonts.styled(regular, "b")
    face, style = heading_font(regular, names)
    return SheetFonts(regular, bold, fonts.styled(face, style), getattr(names, "heading_color", None))


def _texts(comp: Any) -> list[str]:
    out = [b.text for b in comp.blocks] + [c.label for c in comp.columns] + [comp.table_title]
    out += [t for r in comp.head_rows for t in (r.label, r.text)]
    if comp.key is not None:
        out += [comp.key.title, *comp.key.columns, *(cell for row in comp.key.rows for cell in row)]
    return out


def intro_blocks(comp: Any) -> tuple:
    """The introduction's blocks without a first heading that repeats the sheet's title: the page's
    title band already shows it (one title per page)."""
    blocks = tuple(comp.blocks)
    if blocks and blocks[0].kind == "heading" and _same(blocks[0].text, comp.label):
        return blocks[1:]
    return blocks


def _same(a: str, b: str) -> bool:
    return " ".join(a.replace("*", "").split()).casefold() == " ".join(b.split()).casefold()


def widths_of(weights: list[float], total: float) -> list[float]:
    s = sum(weights)
    return [total * w / s for w in weights]


def key_rows(comp: Any, width: float) -> list[tuple[list[list[str]], float]]:
    """The key table's rows (header first) as wrapped cell lines, with each row's height."""
    key = comp.key
    look = sheet_fonts(comp)
    ncols = len(key.columns)
    widths = widths_of(list(key.widths) or [1.0] * ncols, width)
    out = []
    for r, row in enumerate((tuple(key.columns),) + tuple(key.rows)):
        font = look.bold if r == 0 else look.regular
        cells = list(row) + [""] * (ncols - len(row))
        lines = [fonts.wrap(cell, font, comp.size, widths[c] - 2 * PAD) or [""] for c, cell in enumerate(cells)]
        height = max(len(ln) for ln in lines) * comp.size * 1.25 + 2 * PAD
        out.append((lines, height))
    return out


def key_height(comp: Any, width: float) -> float:
    if comp.key is None:
        return 0.0
    title = comp.size * 1.8 if comp.key.title else 0.0
    return title + sum(h for _, h in key_rows(comp, width))


def header_height(comp: Any) -> float:
    title = comp.size * 1.8 if comp.table_title else 0.0
    return title + comp.size * 1.25 + 2 * PAD


def head_row_heights(comp: Any) -> list[float]:
    """The heights of the unnumbered rows above the blank ones (on the table's first page only)."""
    return [r.height or comp.row_height for r in comp.head_rows]


def paginate(comp: Any, area: Any) -> list[PagePlan]:
    """Lay the sheet out over pages of ``area`` (a Box): intro, key table, then the blank rows."""
    blocks = intro_blocks(comp)
    intro = layout_blocks(blocks, sheet_fonts(comp).regular, comp.size, area, 1, comp.names) if blocks else []
    plans: list[PagePlan] = [PagePlan(tuple(ops)) for ops in intro[:-1]]
    last_ops = tuple(intro[-1]) if intro else ()
    y = area.y2
    if last_ops:
        y = min(op[2] for op in last_ops if op[0] == "text") - comp.size * 0.8
    key_top = None
    if comp.key is not None:
        if y - key_height(comp, area.w) < area.y and last_ops:
            plans.append(PagePlan(last_ops))
            last_ops, y = (), area.y2
        key_top = y
        y -= key_height(comp, area.w) + SPACE
    row = 0
    while row < comp.rows:
        head = sum(head_row_heights(comp)) if row == 0 else 0.0
        room = int((y - header_height(comp) - head - area.y) // comp.row_height)
        if room < 1:
            plans.append(PagePlan(last_ops, key_top))
            last_ops, key_top, y = (), None, area.y2
            continue
        count = min(room, comp.rows - row)
        plans.append(PagePlan(last_ops, key_top, y, row, count))
        last_ops, key_top, y = (), None, area.y2
        row += count
    return plans
