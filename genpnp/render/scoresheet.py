"""Score sheet pages: the introduction (typeset like text pages), the key table, the blank rows.

:func:`paginate` is pure geometry (what goes on which page, at which height); :func:`draw_page`
paints one page on a Surface. The header row of the blank table repeats on every page it spans.
"""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.i18n import tr
from genpnp.core.units import MM
from genpnp.impose.scoresheet import PAD, head_row_heights, key_rows, paginate, sheet_fonts, widths_of
from genpnp.render.textpage import draw_text_page

INK = Color(0.08, 0.08, 0.08)
LINE = Color(0.35, 0.35, 0.35)
SHADE = Color(0.88, 0.88, 0.88)


def draw_key(comp: Any, surface: Any, x: float, top: float, width: float) -> None:
    key = comp.key
    look = sheet_fonts(comp)
    y = top
    if key.title:
        y -= comp.size * 1.4
        surface.text(x, y, key.title, look.title, comp.size * 1.1, look.title_color or INK, "left")
        y -= comp.size * 0.4
    widths = widths_of(list(key.widths) or [1.0] * len(key.columns), width)
    for r, (lines, height) in enumerate(key_rows(comp, width)):
        if r == 0:
            surface.rect(x, y - height, width, height, fill=SHADE)
        cx = x
        for c, cell in enumerate(lines):
            base = y - PAD - comp.size
            for text in cell:
                surface.text(cx + PAD, base, text, look.bold if r == 0 else look.regular, comp.size, INK, "left")
                base -= comp.size * 1.25
            cx += widths[c]
        surface.rect(x, y - height, width, height, stroke=LINE, width=0.5)
        y -= height


def draw_rows(comp: Any, surface: Any, x: float, top: float, width: float, first: int, count: int) -> None:
    look = sheet_fonts(comp)
    y = top
    if comp.table_title:
        y -= comp.size * 1.4
        title = comp.table_title if first == 0 else tr("{title} (continued)", title=comp.table_title)
        surface.text(x, y, title, look.title, comp.size * 1.1, look.title_color or INK, "left")
        y -= comp.size * 0.4
    widths = widths_of([c.width for c in comp.columns], width)
    head = comp.size * 1.25 + 2 * PAD
    surface.rect(x, y - head, width, head, fill=SHADE, stroke=LINE, width=0.6)
    cx = x
    for col, w in zip(comp.columns, widths):
        natural = fonts.text_width(col.label, look.bold, comp.size)
        size = comp.size * min(1.0, (w - 2 * PAD) / natural) if natural else comp.size
        surface.text(cx + w / 2, y - PAD - comp.size * 0.95, col.label, look.bold, size, INK, "center")
        cx += w
    y -= head
    if first == 0 and comp.head_rows:
        y = draw_head_rows(comp, surface, x, y, widths)
    bottom = y - count * comp.row_height
    for i in range(count + 1):
        surface.line(x, y - i * comp.row_height, x + width, y - i * comp.row_height, LINE, 0.5)
    cx = x
    for w in [0.0] + widths:
        cx += w
        surface.line(cx, y + head, cx, bottom, LINE, 0.5)
    for i in range(count):
        surface.text(x - 1.2 * MM, y - (i + 0.5) * comp.row_height - comp.size * 0.3, str(first + i + 1),
                     look.regular, comp.size * 0.7, LINE, "right")


def draw_head_rows(comp: Any, surface: Any, x: float, top: float, widths: list[float]) -> float:
    """The unnumbered rows above the blank ones: each cell with the row's caption small in its top left
    corner (room to write below it) or the row's value in the middle; returns the bottom of the last."""
    look = sheet_fonts(comp)
    width = sum(widths)
    y = top
    small = comp.size * 0.72
    for row, height in zip(comp.head_rows, head_row_heights(comp)):
        cx = x
        for w in widths:
            if row.text:
                surface.text(cx + w / 2, y - height / 2 - comp.size * 0.35, row.text, look.bold, comp.size, INK,
                             "center")
            if row.label:
                surface.text(cx + PAD * 0.8, y - PAD * 0.6 - small * 0.8, row.label, look.regular, small, LINE,
                             "left")
            cx += w
        y -= height
        surface.line(x, y, x + width, y, LINE, 0.5)
    surface.line(x, y, x + width, y, LINE, 1.0)  # a heavier rule where the numbered rows start
    cx = x
    for w in [0.0] + widths:
        cx += w
        surface.line(cx, top, cx, y, LINE, 0.5)
    return y


def draw_page(comp: Any, surface: Any, index: int, area: Any) -> None:
    plan = paginate(comp, area)[index]
    if plan.ops:
        draw_text_page(surface, list(plan.ops))
    if plan.key_top is not None:
        draw_key(comp, surface, area.x, plan.key_top, area.w)
    if plan.table_top is not None and plan.row_count:
        draw_rows(comp, surface, area.x + 5.5 * MM, plan.table_top, area.w - 5.5 * MM, plan.first_row, plan.row_count)
