"""Drawing one placement: move to its box, rotate, clip to the window or bleed, draw the face."""

from __future__ import annotations

from typing import Any

from genpnp.impose.sheet import Placement
from genpnp.render import renderer_for
from genpnp.render.shapes import outline


def draw_placement(surface: Any, placement: Placement) -> None:
    comp, piece, box = placement.component, placement.piece, placement.box
    draw = renderer_for(comp)
    surface.save()
    art = placement.art
    if art is not None and placement.window is None and art != box.grow(placement.bleed):
        surface.clip_rect(art.x, art.y, art.w, art.h)  # a gutter or a fold line stops the bleed
    surface.translate(box.x, box.y)
    rot = placement.rotation % 360
    if rot == 90:
        surface.translate(box.w, 0)
    elif rot == 180:
        surface.translate(box.w, box.h)
    elif rot == 270:
        surface.translate(0, box.h)
    if rot:
        surface.rotate(rot)
    if placement.window is not None:
        win = placement.window
        surface.clip_rect(0, 0, win.w, win.h)
        surface.translate(-win.x, -win.y)
        _draw(surface, (comp.name, piece.index, placement.face, 0.0),
              lambda: draw(comp, piece, placement.face, surface, piece.w, piece.h, 0.0))
    else:
        bleed = placement.bleed
        shape = piece.shape if piece.shape != "rounded" or not bleed else "rect"
        surface.clip_path(outline(shape, 0, 0, piece.w, piece.h, piece.radius, bleed))
        _draw(surface, (comp.name, piece.index, placement.face, round(bleed, 2)),
              lambda: draw(comp, piece, placement.face, surface, piece.w, piece.h, bleed))
    surface.restore()


def _draw(surface: Any, key: tuple, draw: Any) -> None:
    """Draw a face; a surface that measures rather than paints (the audit's) may draw each face once."""
    record = getattr(surface, "record_face", None)
    if record is None:
        draw()
    else:
        record(key, draw)
