"""Duplex: the back page of a front page, mirrored for the printer's flip, shifted by its drift."""

from __future__ import annotations

from genpnp.core.units import MM
from genpnp.impose import grid
from genpnp.impose.frame import Frame
from genpnp.impose.options import Options
from genpnp.impose.sheet import Band, Box, Mark, Placement, Sheet


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
    folded = {(p.piece.component, p.piece.index) for p in front.placements if p.face == "back"}
    for p in front.placements:
        if p.piece.back is None or (p.piece.component, p.piece.index) in folded:  # a fold pair has its back
            continue
        back.placements.append(
            Placement(p.component, p.piece, "back", mirror(p.box), grid.back_rotation(p.rotation, axis), p.bleed,
                      art=None if p.art is None else mirror(p.art))
        )
    xs = {round(v, 1) for p in back.placements for v in (p.box.x, p.box.x2)}
    ys = {round(v, 1) for p in back.placements for v in (p.box.y, p.box.y2)}
    for m in front.marks:
        if m.kind == "crop":  # only the marks of pieces that have backs
            (x1, y1), (x2, y2) = pts = tuple(mirror_pt(pt) for pt in m.points)
            vertical = abs(x1 - x2) < 0.01
            if (round(x1, 1) in xs) if vertical else (round(y1, 1) in ys):
                back.marks.append(Mark("crop", pts))
    # the frame's bands turn over with the pieces, so the title and footer keep clear of them
    back.header = Band(mirror(_no_offset(front.header or frame.header, dx, dy)), (front.header or frame.header).rot)
    back.footer = Band(mirror(_no_offset(front.footer or frame.footer, dx, dy)), (front.footer or frame.footer).rot)
    back.note = "print on the back of the previous page" + (
        f" (offset {dx / MM:+.1f}, {dy / MM:+.1f} mm)" if (dx, dy) != (0.0, 0.0) else "")
    return back


def _no_offset(band: Band, dx: float, dy: float) -> Box:
    """A band's box less the printer offset (the frame stays where the paper is; ``mirror`` adds it)."""
    b = band.box
    return Box(b.x - dx, b.y - dy, b.w, b.h)
