"""Renderer of piece sets (tiles, cards, discs, tokens): background, art elements, outline."""

from __future__ import annotations

from typing import Any

from genpnp.model.pieces import PieceSet
from genpnp.render import renderer
from genpnp.render.shapes import outline


def draw_elements(surface: Any, elements: Any, w: float, h: float, bleed: float = 0.0) -> None:
    """Art elements on a w x h face (origin bottom-left), each turned about its box's centre if asked.
    With ``bleed``, a filled rectangle that reaches an edge of the face (a band, a frame) runs on into
    the bleed past that edge, as the face's own fill does, so that a cut a little off leaves no paper."""
    for element in elements:
        if bleed and _bleeds(element, surface, w, h, bleed):
            continue
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


def _bleeds(element: Any, surface: Any, w: float, h: float, bleed: float) -> bool:
    """Draw a square-cornered filled rectangle that touches the face's edge grown into the bleed on the
    sides it touches (its outline, if any, stays on its box); False for any other element."""
    if getattr(element, "art_name", "") != "rect" or element.rotate or element.radius or element.fill is None:
        return False
    x, y, bw, bh = element.resolve_box(w, h)
    near = 0.01
    left, bottom = x <= near, y <= near
    right, top = x + bw >= w - near, y + bh >= h - near
    if not (left or bottom or right or top):
        return False
    gx, gy = x - bleed * left, y - bleed * bottom
    surface.rect(gx, gy, bw + bleed * (left + right), bh + bleed * (bottom + top), fill=element.fill)
    if element.stroke is not None:
        surface.rect(x, y, bw, bh, stroke=element.stroke, width=element.width)
    return True


def draw_face(face: Any, shape: str, w: float, h: float, radius: float, bleed: float, surface: Any) -> None:
    """A resolved face: fill (grown by the bleed), elements, then the outline. With bleed the art runs
    past the trim and no outline is drawn: a line on the trim shows as an edge where a cut wanders."""
    if face.fill is not None:
        grow_shape = shape if not (shape == "rounded" and bleed) else "rect"
        surface.path(outline(grow_shape, 0, 0, w, h, radius, bleed), fill=face.fill)
    draw_elements(surface, face.elements, w, h, bleed)
    if face.stroke is not None and not bleed:
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
    stamp = getattr(component, "stamp", None)
    if stamp and face_name in stamp.faces:
        draw_stamp(stamp, face, piece, surface, w, h)


_DIGESTS: dict[tuple, str] = {}  # a face's digest by its key and size: drawn once (a deck's stamps)


def face_digest(face: Any, piece: Any, w: float, h: float) -> str:
    """The digest of what a face draws (genpnp.commands.facedigest), without its stamp."""
    from genpnp.backends.digest import DigestSurface

    memo = (face.key, piece.shape, round(w, 3), round(h, 3), piece.radius)
    if memo not in _DIGESTS:
        surface = DigestSurface(f"{w:.3f}x{h:.3f}")
        draw_face(face, piece.shape, w, h, piece.radius, 0.0, surface)
        _DIGESTS[memo] = surface.hexdigest()
    return _DIGESTS[memo]


def draw_stamp(stamp: Any, face: Any, piece: Any, surface: Any, w: float, h: float) -> None:
    """The version stamp in its corner of the face. On a surface that reports layout problems (the
    audit's), a stamp that would touch the face's art or text is reported, naming where it is written."""
    from genpnp.core import fonts

    text = stamp.label(face_digest(face, piece, w, h) if stamp.text != "version" else "")
    if not text:
        return
    tw = surface.text_width(text, fonts.DEFAULT, stamp.size)
    th = stamp.size * 0.75  # cap height and a little: the ink of digits and lower-case letters
    i = stamp.inset
    x = {"bottom-left": i, "top-left": i, "bottom": (w - tw) / 2, "top": (w - tw) / 2}.get(stamp.at, w - i - tw)
    y = h - i - th if stamp.at.startswith("top") else i
    report = getattr(surface, "report", None)
    if report is not None:
        clash = _touches(face, piece, w, h, (x, y - stamp.size * 0.2, tw, th + stamp.size * 0.2))
        if clash:
            report("stamp", f'the version stamp "{text}" ({stamp.at}, {stamp.loc}) touches the face\'s {clash}: '
                            "move it (stamp: {at: ...}) or leave room for it")
    surface.text(x, y, text, fonts.DEFAULT, stamp.size, stamp.color)


def _touches(face: Any, piece: Any, w: float, h: float, box: tuple[float, float, float, float]) -> str:
    """What of the face's own drawing (art or text, not its background) the box overlaps: "" for nothing."""
    from genpnp.render.recorder import RecordingSurface

    rec = RecordingSurface()
    draw_elements(rec, face.elements, w, h)
    x, y, bw, bh = box
    for ink in rec.ink:
        b = ink.box
        if b.w * b.h >= 0.9 * w * h:  # a background filling the face
            continue
        if min(b.x + b.w, x + bw) - max(b.x, x) > 0.2 and min(b.y + b.h, y + bh) - max(b.y, y) > 0.2:
            return f'text "{ink.text}"' if ink.kind == "text" else "art"
    return ""
