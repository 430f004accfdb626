"""Renderer of track boards: the inner component, then the ring of spaces with their words."""

from __future__ import annotations

from typing import Any

from genpnp.art.text import draw_lines
from genpnp.core.units import MM
from genpnp.model.trackboard import TrackBoard
from genpnp.render import renderer, renderer_for
from genpnp.render.pieces import draw_face

# direction of travel (clockwise round the board) on each side, as a unit vector
HEADING = {"top": (1, 0), "right": (0, -1), "bottom": (-1, 0), "left": (0, 1),
           "top-left": (1, 0), "top-right": (0, -1), "bottom-right": (-1, 0), "bottom-left": (0, 1)}


def draw_arrow(surface: Any, x: float, y: float, heading: tuple[int, int], size: float, color: Any) -> None:
    """A small filled chevron at (x, y) pointing along ``heading``."""
    dx, dy = heading
    px, py = -dy, dx
    tip = (x + dx * size, y + dy * size)
    back = (x - dx * size * 0.6, y - dy * size * 0.6)
    surface.polygon([tip, (back[0] + px * size * 0.7, back[1] + py * size * 0.7),
                     (x - dx * size * 0.1, y - dy * size * 0.1),
                     (back[0] - px * size * 0.7, back[1] - py * size * 0.7)], fill=color)


def draw_ring(board: TrackBoard, surface: Any) -> None:
    for space in board.laid_out:
        x, y, w, h = space.box
        surface.rect(x, y, w, h, fill=space.fill, stroke=board.line, width=board.line_width)
        pad = 1.5 * MM
        draw_lines(surface, list(space.lines), space.font, space.size, space.color,
                   x + pad, y + pad + 2.5 * MM, w - 2 * pad, h - 2 * pad - 2.5 * MM, "center", "middle")
        if board.arrows:
            draw_arrow(surface, x + w / 2, y + pad + 1.2 * MM, HEADING[space.side], 1.3 * MM, space.color)


@renderer(TrackBoard)
def draw(component: Any, piece: Any, face_name: str, surface: Any, w: float, h: float, bleed: float) -> None:
    board: TrackBoard = component
    inset = board.depth
    if board.background is not None:
        surface.rect(inset, inset, w - 2 * inset, h - 2 * inset, fill=board.background)
    inner = board.inner
    ip = inner.pieces[0]
    surface.save()
    surface.translate(board.depth + board.gap, board.depth + board.gap)
    renderer_for(inner)(inner, ip, "front", surface, ip.w, ip.h, 0.0)
    surface.restore()
    draw_ring(board, surface)
    surface.rect(0, 0, w, h, stroke=board.line, width=board.line_width * 1.5)
    draw_face(piece.front, "rect", w, h, 0.0, 0.0, surface)
