"""Poster tiling: a piece larger than the printable area, split over overlapping pages."""

from __future__ import annotations

import math
from collections.abc import Sequence

from genpnp.core.i18n import tr
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.impose.sheet import Box, Label, Mark, Placement

OVERLAP = 12 * MM
TRIM_CLEAR = 5 * MM  # room between the header band and a tile's dotted top trim line


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
    """The tile's placement (top-left of the area) and its box on the page. A tile trimmed along its
    top edge starts up to :data:`TRIM_CLEAR` below the area's top where the area has the room, so the
    dotted trim line runs clear of the page's title, its note and the assembly diagram above it."""
    win = tile.window
    drop = min(TRIM_CLEAR, max(0.0, area.h - win.h)) if tile.row > 0 else 0.0
    box = Box(area.x + (area.w - win.w) / 2, area.y2 - win.h - drop, win.w, win.h)
    return Placement(component, piece, "front", box, 0, 0.0, win), box


def join_marks(tile: Tile, cols: int, rows: int, box: Box, overlap: float = OVERLAP, area: Box | None = None,
               keep_clear: Sequence[tuple[float, float, float, float]] = ()):
    """Glue strips, trim lines and alignment marks of one tile (targets clear of the ``keep_clear`` boxes
    of the piece: :func:`align_points`).

    The page to the right (or below) is trimmed along its edge that meets the earlier page and
    laid over that page's glue strip, its edge on the strip's inner line ("edge" mark). Alignment
    marks come in pairs, one on each side of a join: a target centred on the earlier part's edge line
    and the same target centred on the later part's trimmed edge, at the same board positions near
    both ends of the join. Trimming cuts off the later part's outer half and the later part covers
    the earlier part's inner half, so the assembled board shows one whole target at each end of a
    join, and a whole target is the proof that the two parts line up.
    """
    marks: list[Mark] = []
    glue: list[Box] = []
    if tile.col < cols - 1:  # glue strip on the right edge
        strip = Box(box.x2 - overlap, box.y, overlap, box.h)
        glue.append(strip)
        marks.append(Mark("edge", ((strip.x, box.y), (strip.x, box.y2))))
        marks.extend(Mark("align", (pt,)) for pt in align_points(box, "right", overlap, tile.window, keep_clear))
    if tile.row < rows - 1:  # glue strip on the bottom edge
        strip = Box(box.x, box.y, box.w, overlap)
        glue.append(strip)
        marks.append(Mark("edge", ((box.x, strip.y2), (box.x2, strip.y2))))
        marks.extend(Mark("align", (pt,)) for pt in align_points(box, "bottom", overlap, tile.window, keep_clear))
    room = area or box.grow(3 * MM)  # the trim lines run past the part, as far as the pieces' area allows

    def past(lo: float, hi: float, lo_limit: float, hi_limit: float) -> tuple[float, float]:
        return max(lo - 3 * MM, min(lo, lo_limit)), min(hi + 3 * MM, max(hi, hi_limit))

    if tile.col > 0:  # trim along the left edge, with the partners of the left part's targets
        y1, y2 = past(box.y, box.y2, room.y, room.y2)
        marks.append(Mark("trim", ((box.x, y1), (box.x, y2))))
        marks.extend(Mark("align", (pt,)) for pt in align_points(box, "left", overlap, tile.window, keep_clear))
    if tile.row > 0:  # trim along the top edge, with the partners of the upper part's targets
        x1, x2 = past(box.x, box.x2, room.x, room.x2)
        marks.append(Mark("trim", ((x1, box.y2), (x2, box.y2))))
        marks.extend(Mark("align", (pt,)) for pt in align_points(box, "top", overlap, tile.window, keep_clear))
    return marks, glue


def part_name(col: int, row: int, cols: int) -> str:
    """A part's number, row by row from the top left: "1", "2"... (never a letter and a digit, which
    a board's own spaces may be named by)."""
    return str(row * cols + col + 1)


def assembly_steps(tile: Tile, cols: int, rows: int) -> str:
    """What to do with this part, as one sentence a player follows (the page's title names the
    part): which edges to trim, and whose glue strips they go over."""
    left, top = tile.col > 0, tile.row > 0
    if not (left or top):
        if cols * rows == 2:  # one other part, over one glue strip
            return tr("Start with this part: the other is glued onto its glue strip.")
        return tr("Start with this part: the others are glued onto its glue strips.")
    if left and top:
        return tr("Trim the left and top edges on the dotted lines and glue them over the strips of parts {left} "
                  "and {top}, edges on the solid lines and each half target on its other half.",
                  left=part_name(tile.col - 1, tile.row, cols), top=part_name(tile.col, tile.row - 1, cols))
    edge = tr("left") if left else tr("top")
    onto = part_name(tile.col - 1, tile.row, cols) if left else part_name(tile.col, tile.row - 1, cols)
    return tr("Trim the {edge} edge on the dotted line and glue it over the strip of part {part}, edge on the solid "
              "line and each half target on its other half.", edge=edge, part=onto)


def part_label(tile: Tile, box: Box, area: Box, name: str) -> Label | None:
    """The part's name, centred below the part (clear of its trim lines), where the page has room."""
    if box.w > 40 * MM and box.y - area.y >= 5 * MM:
        return Label(box.x + box.w / 2, box.y - 4 * MM, tr("part {name}", name=name), 8, "center", bold=True)
    return None


ALIGN_INSET = 3.5 * MM  # a target's centre from the end of its join: in the margin most boards keep
ALIGN_R = 2.2 * MM  # a target's reach from its centre (its cross arms)
ALIGN_CLEAR = 0.5 * MM  # between a target and what the piece prints under it


def align_points(box: Box, side: str, overlap: float, window: Box | None = None,
                 keep_clear: Sequence[tuple[float, float, float, float]] = ()) -> list[tuple[float, float]]:
    """Where a join's targets sit on a part: on its seam (the edge line of a glue strip on the right or
    bottom, the trimmed edge on the left or top), near both ends. Parts of one row or column share
    their height or width, so the targets of the two sides of a join meet at the same board points.

    A target would hide what it covers (a track space's words, its arrow): where the piece names boxes
    to keep clear (``keep_clear``, piece points, y up; ``window`` the part of the piece on this page),
    each target moves from its end along the seam to the nearest spot whose target clears them all,
    looked for as far as the seam's middle (else it stays at the end). Both parts of a join look along
    the same board line, so their halves still meet."""
    if side in ("left", "right"):
        x = box.x if side == "left" else box.x2 - overlap
        along = [(x, y) for y in (box.y + ALIGN_INSET, box.y2 - ALIGN_INSET)]
    else:
        y = box.y2 if side == "top" else box.y + overlap
        along = [(x, y) for x in (box.x + ALIGN_INSET, box.x2 - ALIGN_INSET)]
    if window is None or not keep_clear:
        return along
    dx, dy = window.x - box.x, window.y - box.y  # page point + (dx, dy) = piece point
    reach = ALIGN_R + ALIGN_CLEAR

    def clear(px: float, py: float) -> bool:
        return all(max(bx - px, 0.0, px - bx - bw) ** 2 + max(by - py, 0.0, py - by - bh) ** 2 >= reach ** 2
                   for bx, by, bw, bh in keep_clear)

    out = []
    vertical = side in ("left", "right")
    mid = (box.y + box.y2) / 2 if vertical else (box.x + box.x2) / 2
    for px, py in along:
        start = py if vertical else px
        step = 0.25 * MM * (1 if start < mid else -1)
        pos, found = start, start
        while (pos - mid) * (start - mid) > 0:
            qx, qy = (px, pos) if vertical else (pos, py)
            if clear(qx + dx, qy + dy):
                found = pos
                break
            pos += step
        out.append((px, found) if vertical else (found, py))
    return out
