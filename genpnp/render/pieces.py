"""Renderer of piece sets (tiles, cards, discs, tokens): background, art elements, outline."""

from __future__ import annotations

from typing import Any

from genpnp.model.pieces import PieceSet
from genpnp.render import renderer
from genpnp.render.shapes import outline


def draw_elements(surface: Any, elements: Any, w: float, h: float) -> None:
    """Art elements on a w x h face (origin bottom-left), each turned about its box's centre if asked."""
    for element in elements:
        if element.rotate:
            surface.save()
            x, y, bw, bh = element.resolve_box(w, h)
            surface.translate(x + bw / 2, y + bh / 2)
            surface.rotate(element.rotate)
            surface.translate(-(x + bw / 2), -(y + bh / 2))
            element.draw(surface, w, h)
            surface.restore()
        else:
            element.draw(surface, w, h)


def draw_face(face: Any, shape: str, w: float, h: float, radius: float, bleed: float, surface: Any) -> None:
    """A resolved face: fill (grown by the bleed), elements, then the outline."""
    if face.fill is not None:
        grow_shape = shape if not (shape == "rounded" and bleed) else "rect"
        surface.path(outline(grow_shape, 0, 0, w, h, radius, bleed), fill=face.fill)
    draw_elements(surface, face.elements, w, h)
    if face.stroke is not None:
        inset = face.stroke_width / 2
        surface.path(outline(shape, inset, inset, w - 2 * inset, h - 2 * inset, max(radius - inset, 0)),
                     stroke=face.stroke, width=face.stroke_width)


@renderer(PieceSet)
def draw(component: Any, piece: Any, face_name: str, surface: Any, w: float, h: float, bleed: float) -> None:
    face = piece.front if face_name == "front" else piece.back
    if face is None:
        return
    key = f"{face.key}-{piece.shape}-{round(w, 2)}x{round(h, 2)}-b{round(bleed, 2)}"
    surface.reuse(key, w, h, lambda s: draw_face(face, piece.shape, w, h, piece.radius, bleed, s))
