"""Score sheet pages: the introduction (typeset like text pages), the key table, the blank rows.

:func:`paginate` is pure geometry (what goes on which page, at which height); :func:`draw_page`
paints one page on a Surface. The header row of the blank table repeats on every page it spans.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from genpnp import fonts
from genpnp.color import Color
from genpnp.i18n import tr
from genpnp.impose.textflow import layout_blocks
from genpnp.render.textpage import draw_text_page
from genpnp.units import MM

INK = Color(0.08, 0.08, 0.08)
LINE = Color(0.35, 0.35, 0.35)
SHADE = Color(0.88, 0.88, 0.88)
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


def _widths(weights: list[float], total: float) -> list[float]:
    s = sum(weights)
    return [total * w / s for w in weights]


def key_rows(comp: Any, width: float) -> list[tuple[list[list[str]], float]]:
    """The key table's rows (header first) as wrapped cell lines, with each row's height."""
    key = comp.key
    ncols = len(key.columns)
    widths = _widths(list(key.widths) or [1.0] * ncols, width)
    out = []
    for r, row in enumerate((tuple(key.columns),) + tuple(key.rows)):
        font = fonts.BOLD if r == 0 else fonts.DEFAULT
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


def paginate(comp: Any, area: Any) -> list[PagePlan]:
    """Lay the sheet out over pages of ``area`` (a Box): intro, key table, then the blank rows."""
    intro = layout_blocks(comp.blocks, fonts.DEFAULT, comp.size, area, 1, comp.names) if comp.blocks else []
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
        room = int((y - header_height(comp) - area.y) // comp.row_height)
        if room < 1:
            plans.append(PagePlan(last_ops, key_top))
            last_ops, key_top, y = (), None, area.y2
            continue
        count = min(room, comp.rows - row)
        plans.append(PagePlan(last_ops, key_top, y, row, count))
        last_ops, key_top, y = (), None, area.y2
        row += count
    return plans


def draw_key(comp: Any, surface: Any, x: float, top: float, width: float) -> None:
    key = comp.key
    y = top
    if key.title:
        y -= comp.size * 1.4
        surface.text(x, y, key.title, fonts.BOLD, comp.size * 1.1, INK, "left")
        y -= comp.size * 0.4
    widths = _widths(list(key.widths) or [1.0] * len(key.columns), width)
    for r, (lines, height) in enumerate(key_rows(comp, width)):
        if r == 0:
            surface.rect(x, y - height, width, height, fill=SHADE)
        cx = x
        for c, cell in enumerate(lines):
            base = y - PAD - comp.size
            for text in cell:
                surface.text(cx + PAD, base, text, fonts.BOLD if r == 0 else fonts.DEFAULT, comp.size, INK, "left")
                base -= comp.size * 1.25
            cx += widths[c]
        surface.rect(x, y - height, width, height, stroke=LINE, width=0.5)
        y -= height


def draw_rows(comp: Any, surface: Any, x: float, top: float, width: float, first: int, count: int) -> None:
    y = top
    if comp.table_title:
        y -= comp.size * 1.4
        title = comp.table_title if first == 0 else tr("{title} (continued)", title=comp.table_title)
        surface.text(x, y, title, fonts.BOLD, comp.size * 1.1, INK, "left")
        y -= comp.size * 0.4
    widths = _widths([c.width for c in comp.columns], width)
    head = comp.size * 1.25 + 2 * PAD
    surface.rect(x, y - head, width, head, fill=SHADE, stroke=LINE, width=0.6)
    cx = x
    for col, w in zip(comp.columns, widths):
        natural = fonts.text_width(col.label, fonts.BOLD, comp.size)
        size = comp.size * min(1.0, (w - 2 * PAD) / natural) if natural else comp.size
        surface.text(cx + w / 2, y - PAD - comp.size * 0.95, col.label, fonts.BOLD, size, INK, "center")
        cx += w
    y -= head
    bottom = y - count * comp.row_height
    for i in range(count + 1):
        surface.line(x, y - i * comp.row_height, x + width, y - i * comp.row_height, LINE, 0.5)
    cx = x
    for w in [0.0] + widths:
        cx += w
        surface.line(cx, y + head, cx, bottom, LINE, 0.5)
    for i in range(count):
        surface.text(x - 1.2 * MM, y - (i + 0.5) * comp.row_height - comp.size * 0.3, str(first + i + 1),
                     fonts.DEFAULT, comp.size * 0.7, LINE, "right")


def draw_page(comp: Any, surface: Any, index: int, area: Any) -> None:
    plan = paginate(comp, area)[index]
    if plan.ops:
        draw_text_page(surface, list(plan.ops))
    if plan.key_top is not None:
        draw_key(comp, surface, area.x, plan.key_top, area.w)
    if plan.table_top is not None and plan.row_count:
        draw_rows(comp, surface, area.x + 5.5 * MM, plan.table_top, area.w - 5.5 * MM, plan.first_row, plan.row_count)
