"""Renderer of grid-map boards: cells with their team's art or random mark, the map's heavy outline, its title."""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.units import MM
from genpnp.model.mapboard import INNER, SCORE_DIGIT_PT, SCORE_NAME_PT, SCORE_ROW, TITLE_BAND, MapBoard
from genpnp.render import renderer
from genpnp.render.pieces import draw_elements

INK = Color(0.12, 0.1, 0.1)
SOFT = Color(0.4, 0.4, 0.4)

Segment = tuple[float, float, float, float]


def outline_segments(board: Any) -> list[Segment]:
    """The edges of cells that have no neighbouring cell: the map's outline (and holes)."""
    cells = set(board.grid.coords)
    out: list[Segment] = []
    for r, c in sorted(cells):
        x, y, w, h = board.cell_box(r, c)
        if (r - 1, c) not in cells:
            out.append((x, y + h, x + w, y + h))
        if (r + 1, c) not in cells:
            out.append((x, y, x + w, y))
        if (r, c - 1) not in cells:
            out.append((x, y, x, y + h))
        if (r, c + 1) not in cells:
            out.append((x + w, y, x + w, y + h))
    return out


def draw_cell(board: Any, surface: Any, cell: Any) -> None:
    x, y, w, h = board.cell_box(cell.row, cell.col)
    g = board.gap / 2
    surface.rect(x + g, y + g, w - 2 * g, h - 2 * g, fill=board.fill, stroke=board.outline, width=0.5,
                 radius=w * 0.06)
    inset = w * 0.08
    surface.rect(x + inset, y + inset, w - 2 * inset, h - 2 * inset, fill=board.inner, radius=w * 0.06)
    if not board.contents:
        return
    content = cell.content
    margin = (1 - INNER) / 2
    box = (x + w * margin, y + h * margin, w * INNER, h * INNER)
    if content.is_random:
        if board.random:
            draw_art(surface, board.random, *box, board.stands_for / w)
        else:
            bx, by, bw, bh = box
            size = min(bw, bh) * 0.8
            surface.text(bx + bw / 2, by + bh / 2 - size * 0.36, "?", fonts.BOLD, size, board.outline, "center")
    elif content.team is not None:
        draw_art(surface, board.marks_art[(content.team, content.marks)], *box, board.stands_for / w)


def draw_art(surface: Any, elements: tuple, x: float, y: float, w: float, h: float, enlarge: float = 0.0) -> None:
    """Art elements drawn in the box (x, y, w, h) as on a face of that size; with ``enlarge`` (the tile a
    cell stands for, over the cell), drawn on a face that much larger scaled down to the box, so the ink
    modes judge its fills by their size on the tile."""
    surface.save()
    surface.translate(x, y)
    if enlarge > 0:
        surface.scale(1 / enlarge, 1 / enlarge)
        as_piece = getattr(surface, "as_piece", None)
        if as_piece is not None:
            as_piece()
        w, h = w * enlarge, h * enlarge
    draw_elements(surface, elements, w, h)
    surface.restore()


def draw_title(board: Any, surface: Any, w: float, h: float) -> None:
    size = min(16.0, TITLE_BAND * 0.55)
    title = board.label
    while size > 6 and fonts.text_width(title, board.heading_font, size) > w - 2 * board.margin:
        size -= 0.5
    base = h - board.margin - size * 0.9
    surface.text(w / 2, base, title, board.heading_font, size, INK, "center")
    facts = board.facts_line()
    if facts:
        surface.text(w / 2, base - size * 0.75 - 1 * MM, facts, board.font, min(8.0, size * 0.6), SOFT, "center")


def draw_score_track(board: Any, surface: Any, w: float) -> None:
    """Rows per team, bottom up in reverse order: its name, then a numbered box per group of the map (on
    more lines when one line would make the boxes too narrow for their numbers)."""
    count = board.group_count
    label_w, per_line, lines = board.score_layout()
    bold = fonts.styled(board.font, "b")
    side = min(SCORE_ROW - 2 * MM, (w - 2 * board.margin - label_w) / max(per_line, 1))
    digits = max(SCORE_DIGIT_PT, min(9.0, side * 0.45))
    names = list(board.teams)
    for i, name in enumerate(reversed(names)):
        team = board.teams[name]
        color = team.color or INK
        for line in range(lines):
            row = i * lines + (lines - 1 - line)
            y = board.margin * 0.5 + row * SCORE_ROW + (SCORE_ROW - side) / 2
            if line == 0:
                surface.text(board.margin, y + side / 2 - SCORE_NAME_PT * 0.35, name.capitalize(), bold,
                             SCORE_NAME_PT, INK)
            for k in range(line * per_line, min(count, (line + 1) * per_line)):
                x = board.margin + label_w + (k - line * per_line) * side
                surface.rect(x + 0.4, y, side - 0.8, side, fill=Color(1, 1, 1), stroke=color, width=1.2)
                surface.text(x + side / 2, y + side / 2 - digits * 0.35, str(k + 1), board.font, digits, SOFT,
                             "center")


@renderer(MapBoard)
def draw(component: Any, piece: Any, face_name: str, surface: Any, w: float, h: float, bleed: float) -> None:
    draw_title(component, surface, w, h)
    if component.score_band:
        draw_score_track(component, surface, w)
    for cell in component.grid.cells:
        draw_cell(component, surface, cell)
    half = component.outline_width / 2  # lengthen each edge so corners close without notches
    for x1, y1, x2, y2 in outline_segments(component):
        dx, dy = (half, 0.0) if y1 == y2 else (0.0, half)
        surface.line(x1 - dx, y1 - dy, x2 + dx, y2 + dy, component.outline, component.outline_width)
