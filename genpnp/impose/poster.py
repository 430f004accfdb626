"""Poster tiling: a piece larger than the printable area, split over overlapping pages."""

from __future__ import annotations

import math
from dataclasses import dataclass

from genpnp.impose.sheet import Box, Mark, Placement
from genpnp.units import MM

OVERLAP = 12 * MM


@dataclass(frozen=True)
class Tile:
    col: int
    row: int
    window: Box  # part of the piece (piece coordinates, y up) shown on this page


def tile_count(w: float, h: float, aw: float, ah: float, overlap: float = OVERLAP) -> tuple[int, int]:
    cols = 1 if w <= aw else math.ceil((w - overlap) / (aw - overlap) - 1e-9)
    rows = 1 if h <= ah else math.ceil((h - overlap) / (ah - overlap) - 1e-9)
    return cols, rows


def tiles(w: float, h: float, aw: float, ah: float, overlap: float = OVERLAP) -> list[Tile]:
    """Windows over a w x h piece; neighbours share exactly ``overlap``; rows counted from the top."""
    cols, rows = tile_count(w, h, aw, ah, overlap)
    step_x = (w - overlap) / cols + overlap if cols > 1 else w
    step_y = (h - overlap) / rows + overlap if rows > 1 else h
    out = []
    for row in range(rows):
        for col in range(cols):
            x0 = col * (step_x - overlap)
            top = h - row * (step_y - overlap)
            out.append(Tile(col, row, Box(x0, top - step_y, step_x, step_y)))
    return out


def tile_placement(component, piece, tile: Tile, area: Box) -> tuple[Placement, Box]:
    """The tile's placement (top-left of the area) and its box on the page."""
    win = tile.window
    box = Box(area.x + (area.w - win.w) / 2, area.y2 - win.h, win.w, win.h)
    return Placement(component, piece, "front", box, 0, 0.0, win), box


def join_marks(tile: Tile, cols: int, rows: int, box: Box, overlap: float = OVERLAP):
    """Glue strips, trim lines and alignment marks of one tile.

    The page to the right (or below) is trimmed along its edge that meets the earlier
    page and laid over that page's glue strip; alignment marks sit in the overlap at the
    same board positions on both pages.
    """
    marks: list[Mark] = []
    glue: list[Box] = []
    if tile.col < cols - 1:  # glue strip on the right edge
        glue.append(Box(box.x2 - overlap, box.y, overlap, box.h))
    if tile.row < rows - 1:  # glue strip on the bottom edge
        glue.append(Box(box.x, box.y, box.w, overlap))
    if tile.col > 0:  # trim along the left edge
        marks.append(Mark("trim", ((box.x, box.y - 3 * MM), (box.x, box.y2 + 3 * MM))))
    if tile.row > 0:  # trim along the top edge
        marks.append(Mark("trim", ((box.x - 3 * MM, box.y2), (box.x2 + 3 * MM, box.y2))))
    for side in ("left", "right", "top", "bottom"):
        if side == "left" and tile.col == 0 or side == "right" and tile.col == cols - 1:
            continue
        if side == "top" and tile.row == 0 or side == "bottom" and tile.row == rows - 1:
            continue
        for cx, cy in _align_points(box, side, overlap):
            marks.append(Mark("align", ((cx, cy),)))
    return marks, glue


def _align_points(box: Box, side: str, overlap: float) -> list[tuple[float, float]]:
    mid = overlap / 2
    if side in ("left", "right"):
        x = box.x + mid if side == "left" else box.x2 - mid
        return [(x, box.y + box.h * f) for f in (0.2, 0.5, 0.8)]
    y = box.y2 - mid if side == "top" else box.y + mid
    return [(box.x + box.w * f, y) for f in (0.2, 0.5, 0.8)]
