"""Duplex: the back page of a front page, mirrored for the printer's flip, shifted by its drift."""

from __future__ import annotations

from genpnp.impose import grid
from genpnp.impose.frame import Frame
from genpnp.impose.options import Options
from genpnp.impose.sheet import Box, Mark, Placement, Sheet
from genpnp.units import MM


def duplex_back(front: Sheet, frame: Frame, options: Options) -> Sheet:
    """The back page of a duplex pair: each back where its front is after the flip, plus offset."""
    dx, dy = options.offset
    W, H = frame.page_w, frame.page_h
    axis = "v" if options.flip == "long" else "h"
    if W > H:  # landscape page: the long edge is horizontal
        axis = "h" if options.flip == "long" else "v"

    def mirror(b: Box) -> Box:
        if axis == "v":
            return Box(W - b.x2 + dx, b.y + dy, b.w, b.h)
        return Box(b.x + dx, H - b.y2 + dy, b.w, b.h)

    def mirror_pt(p: tuple[float, float]) -> tuple[float, float]:
        return (W - p[0] + dx, p[1] + dy) if axis == "v" else (p[0] + dx, H - p[1] + dy)

    back = Sheet("back", front.title + " (backs)", front.section)
    for p in front.placements:
        if p.piece.back is None:
            continue
        back.placements.append(
            Placement(p.component, p.piece, "back", mirror(p.box), grid.back_rotation(p.rotation, axis), p.bleed)
        )
    for m in front.marks:
        if m.kind == "crop":
            back.marks.append(Mark("crop", tuple(mirror_pt(pt) for pt in m.points)))
    back.note = "print on the back of the previous page" + (
        f" (offset {dx / MM:+.1f}, {dy / MM:+.1f} mm)" if (dx, dy) != (0.0, 0.0) else "")
    return back
