"""Renderer of square-grid boards."""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.model.board import GridBoard
from genpnp.model.figure import column_letters
from genpnp.render import renderer
from genpnp.render.band import draw_band
from genpnp.render.pieces import draw_face

WHITE = Color(1, 1, 1)


def draw_grid(board: Any, surface: Any, bleed: float = 0.0, top_bleed: bool = True) -> None:
    """The border, the cells, the lines and the labels; the border's colour (else the cells') runs
    ``bleed`` past the sides and the foot, and past the top when ``top_bleed`` (no band above it)."""
    w, h = board.grid_size
    ground = board.border_fill if board.border_fill is not None else board.fill
    if ground is not None:
        surface.rect(-bleed, -bleed, w + 2 * bleed, h + bleed * (2 if top_bleed else 1), fill=ground)
    for r in range(board.rows):
        for c in range(board.cols):
            x, y, cw, ch = board.cell_box(r, c)
            fill = board.alt_fill if board.alt_fill is not None and (r + c) % 2 else board.fill
            if fill is not None:
                surface.rect(x, y, cw, ch, fill=fill)
    m, cell = board.margin, board.cell
    for c in range(board.cols + 1):
        surface.line(m + c * cell, m, m + c * cell, h - m, board.line, board.line_width)
    for r in range(board.rows + 1):
        surface.line(m, m + r * cell, w - m, m + r * cell, board.line, board.line_width)
    if board.labels != "none" and m >= 4:
        size = min(m * 0.55, cell * 0.3, 12)
        font = board.heading_font or fonts.BOLD
        for c in range(board.cols):
            text = column_letters(c) if board.labels == "letters-numbers" else str(c + 1)
            x = m + (c + 0.5) * cell
            surface.text(x, h - m + (m - size) / 2 + 1, text, font, size, board.line, "center")
            surface.text(x, (m - size) / 2 + 1, text, font, size, board.line, "center")
        for r in range(board.rows):
            y = h - m - (r + 0.5) * cell - size * 0.35
            surface.text(m / 2, y, str(r + 1), font, size, board.line, "center")
            surface.text(w - m / 2, y, str(r + 1), font, size, board.line, "center")


@renderer(GridBoard)
def draw(component: Any, piece: Any, face_name: str, surface: Any, w: float, h: float, bleed: float) -> None:
    draw_grid(component, surface, bleed, component.band is None)
    if component.band is not None:
        draw_band(surface, component.band, component.label, w, h, bleed, component.heading_font, component.font)
    draw_face(piece.front, "rect", w, h, 0.0, 0.0, surface)
