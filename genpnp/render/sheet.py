"""Drawing a whole sheet: header, footer, scale square, placements, marks and labels."""

from __future__ import annotations

from typing import Any

from genpnp import fonts
from genpnp.color import Color
from genpnp.impose.frame import Frame, make_frame
from genpnp.impose.sheet import Sheet
from genpnp.render.faces import draw_placement
from genpnp.render.marks import draw_glue, draw_mark
from genpnp.units import MM

INK = Color(0.1, 0.1, 0.1)
SOFT = Color(0.4, 0.4, 0.4)


def page_size(doc: Any, sheet: Sheet) -> tuple[float, float]:
    return sheet.page_size((doc.options.paper.w, doc.options.paper.h))


def frame_for(doc: Any, sheet: Sheet) -> Frame:
    w, h = page_size(doc, sheet)
    return make_frame(doc.options, landscape=w > h)


def draw_sheet(surface: Any, doc: Any, sheet: Sheet, number: int, total: int) -> None:
    frame = frame_for(doc, sheet)
    if sheet.role == "cover":
        from genpnp.render.cover import draw_cover

        draw_cover(surface, doc, frame)
    elif sheet.role == "text":
        from genpnp.render.textpage import draw_text_page

        draw_text_page(surface, sheet.content)
    elif sheet.role == "page":
        comp = doc.game.components[sheet.section]
        index, area = sheet.content
        comp.draw_page(surface, index, area)
    for kind, box in sheet.fills:
        if kind == "glue":
            draw_glue(surface, box)
    for placement in sheet.placements:
        draw_placement(surface, placement)
    for mark in sheet.marks:
        draw_mark(surface, mark)
    for label in sheet.labels:
        font = fonts.BOLD if label.bold else fonts.DEFAULT
        surface.save()
        surface.translate(label.x, label.y)
        if label.rotate:
            surface.rotate(label.rotate)
        surface.text(0, 0, label.text, font, label.size, INK, label.align)
        surface.restore()
    if sheet.role != "cover":
        draw_header(surface, doc, sheet, frame)
    draw_footer(surface, doc, frame, number, total)
    if sheet.scale_box is not None:
        draw_scale(surface, sheet.scale_box, frame.scale_text)
    if sheet.scale_bar is not None:
        title_end = frame.header.x + surface.text_width(sheet.title, fonts.BOLD, 12)
        draw_scale_bar(surface, sheet.scale_bar, frame.scale_text, title_end)


def draw_header(surface: Any, doc: Any, sheet: Sheet, frame: Frame) -> None:
    h = frame.header
    base = h.y + h.h - 5 * MM
    surface.text(h.x, base, sheet.title, fonts.BOLD, 12, INK, "left")
    if sheet.note:
        surface.text(h.x, base - 4.2 * MM, sheet.note, fonts.ITALIC, 7.5, SOFT, "left")
    if isinstance(sheet.content, dict) and "tiles" in sheet.content:
        draw_assembly(surface, frame, sheet.content["tiles"], sheet.content["tile"])


def draw_assembly(surface: Any, frame: Frame, tiles: tuple[int, int], current: tuple[int, int]) -> None:
    """A small diagram of how the pages of a poster go together, this page shaded."""
    cols, rows = tiles
    cell = min(4.5 * MM, (frame.header.h - 2 * MM) / rows)
    x0 = frame.header.x2 - cols * cell - 24 * MM
    y_top = frame.header.y2 - 1 * MM
    surface.text(x0 - 2 * MM, y_top - cell * rows / 2 - 1, "assembly:", fonts.DEFAULT, 6.5, SOFT, "right")
    for r in range(rows):
        for c in range(cols):
            here = (c, r) == tuple(current)
            x, y = x0 + c * cell, y_top - (r + 1) * cell
            surface.rect(x, y, cell, cell, fill=SOFT if here else Color(1, 1, 1), stroke=INK, width=0.4)
            surface.text(x + cell / 2, y + cell / 2 - 2, f"{chr(65 + r)}{c + 1}", fonts.DEFAULT,
                         min(5.5, cell * 0.45), Color(1, 1, 1) if here else INK, "center")


def draw_footer(surface: Any, doc: Any, frame: Frame, number: int, total: int) -> None:
    f = frame.footer
    meta = doc.game.meta
    y = f.y + 1.5 * MM
    left = f"{meta.name} · version {meta.version} · {meta.licence}"
    surface.text(f.x, y, left, fonts.DEFAULT, 7, SOFT, "left")
    opts = doc.options
    right = f"{opts.paper.name} · {opts.ink} · {opts.backs} · page {number} of {total}"
    surface.text(f.x2, y, right, fonts.DEFAULT, 7, SOFT, "right")


def draw_scale(surface: Any, box: Any, text: str) -> None:
    surface.rect(box.x, box.y, box.w, box.h, stroke=INK, width=0.5)
    surface.text(box.x + box.w / 2, box.y + box.h / 2 + 1, text, fonts.BOLD, 8, INK, "center")
    surface.text(box.x + box.w / 2, box.y + box.h / 2 - 7, "scale check", fonts.DEFAULT, 5.5, SOFT, "center")
    surface.text(box.x + box.w / 2, box.y - 3 * MM, f"must measure {text}", fonts.DEFAULT, 5.5, SOFT, "center")


def draw_scale_bar(surface: Any, box: Any, text: str, clear_of: float) -> None:
    """A bar of the scale's length with end ticks, its length above it, and (where the title leaves
    room) what to check, to its left."""
    y = box.y + 2 * MM
    surface.line(box.x, y, box.x2, y, INK, 0.6)
    for x in (box.x, box.x2):
        surface.line(x, y - 1 * MM, x, y + 1.6 * MM, INK, 0.6)
    surface.text(box.x + box.w / 2, y + 1.2 * MM, text, fonts.BOLD, 6.5, INK, "center")
    hint = f"scale check: this bar must measure {text}"
    if box.x - 2 * MM - surface.text_width(hint, fonts.DEFAULT, 5.5) > clear_of + 3 * MM:
        surface.text(box.x - 2 * MM, y - 0.6 * MM, hint, fonts.DEFAULT, 5.5, SOFT, "right")
