"""Grid packing of same-size pieces, as single pieces, fold pairs or duplex pages.

Cut lines are shared between touching pieces when there is no bleed; with bleed,
pieces sit 2 x bleed apart and crop marks run outside the block of pieces.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from genpnp.impose.sheet import Box, Mark, Placement
from genpnp.units import MM

CROP_LEN = 4 * MM
CROP_GAP = 1 * MM


@dataclass(frozen=True)
class Unit:
    """How one piece (or fold pair) occupies the page.

    rot: rotation of the front on the page; fold: "" | "v" (back to the right) | "h" (back below).
    """

    w: float  # piece footprint on the page (after rotation)
    h: float
    rot: int
    fold: str

    @property
    def uw(self) -> float:
        return self.w * (2 if self.fold == "v" else 1)

    @property
    def uh(self) -> float:
        return self.h * (2 if self.fold == "h" else 1)


def back_rotation(front_rot: int, axis: str) -> int:
    """Rotation of a back so it reads upright after turning the piece over.

    ``axis`` is the page axis the sheet is folded or flipped about ("v" vertical, "h"
    horizontal). Turning over about the face's own vertical axis keeps the back
    upright; about its horizontal axis needs a half turn.
    """
    face_vertical_is_page_vertical = front_rot in (0, 180)
    same = (axis == "v") == face_vertical_is_page_vertical
    return front_rot if same else (front_rot + 180) % 360


def fit(area: Box, unit: Unit, bleed: float) -> tuple[int, int]:
    """Columns and rows of units in the area (units 2 x bleed apart, bleed around)."""
    pitch_x, pitch_y = unit.uw + 2 * bleed, unit.uh + 2 * bleed
    cols = int(math.floor((area.w + 1e-6) / pitch_x))
    rows = int(math.floor((area.h + 1e-6) / pitch_y))
    return max(cols, 0), max(rows, 0)


def choose_unit(area: Box, w: float, h: float, fold: bool, rotatable: bool, bleed: float,
                count: int | None = None) -> tuple[Unit, int, int]:
    """The orientation that needs the fewest pages for ``count`` pieces (None: the most pieces on a
    page); ties: upright, then a vertical fold, then more on a page."""
    options = []
    for rot in (0, 90) if rotatable and abs(w - h) > 0.01 else (0,):
        fw, fh = (w, h) if rot == 0 else (h, w)
        for fold_dir in ("v", "h") if fold else ("",):
            unit = Unit(fw, fh, rot, fold_dir)
            cols, rows = fit(area, unit, bleed)
            per_page = cols * rows
            pages = pages_for(count, per_page) if per_page and count else 1 << 30  # does not fit: worst
            options.append(((-pages, -rot, fold_dir == "v", per_page) if count else (per_page, -rot, fold_dir == "v"),
                            unit, cols, rows))
    best = max(options, key=lambda o: o[0])
    return best[1], best[2], best[3]


def pages_for(count: int, per_page: int) -> int:
    return -(-count // per_page) if per_page else 0


def block_box(area: Box, unit: Unit, cols: int, rows: int, bleed: float) -> Box:
    """Where the block of units sits: centred across, at the top of the area."""
    bw = cols * (unit.uw + 2 * bleed)
    bh = rows * (unit.uh + 2 * bleed)
    return Box(area.x + (area.w - bw) / 2, area.y2 - bh, bw, bh)


def cells(block: Box, unit: Unit, cols: int, rows: int, bleed: float, count: int) -> list[Box]:
    """Unit boxes (trim, without bleed) in reading order, ``count`` of them."""
    out = []
    for i in range(count):
        r, c = divmod(i, cols)
        x = block.x + bleed + c * (unit.uw + 2 * bleed)
        y = block.y2 - bleed - (r + 1) * unit.uh - r * 2 * bleed
        out.append(Box(x, y, unit.uw, unit.uh))
    return out


def place_unit(component, piece, cell: Box, unit: Unit, bleed: float) -> tuple[list[Placement], list[Mark]]:
    """Placements of a piece's front (and fold-pair back) in its unit cell, with the fold mark."""
    front_box = Box(cell.x, cell.y + (unit.h if unit.fold == "h" else 0), unit.w, unit.h)
    out = [Placement(component, piece, "front", front_box, unit.rot, bleed)]
    marks: list[Mark] = []
    if unit.fold == "v":
        back_box = Box(cell.x + unit.w, cell.y, unit.w, unit.h)
        out.append(Placement(component, piece, "back", back_box, back_rotation(unit.rot, "v"), bleed))
        f = cell.x + unit.w
        marks.append(Mark("fold", ((f, cell.y), (f, cell.y2))))
    elif unit.fold == "h":
        back_box = Box(cell.x, cell.y, unit.w, unit.h)
        out.append(Placement(component, piece, "back", back_box, back_rotation(unit.rot, "h"), bleed))
        f = cell.y + unit.h
        marks.append(Mark("fold", ((cell.x, f), (cell.x2, f))))
    return out, marks


def cut_marks(placements: list[Placement], folds: list[Mark], shape: str, radius: float) -> list[Mark]:
    """Shared cut lines around rectangular pieces, outlines around round or hex ones.

    A segment that is also a fold line is not cut.
    """
    if shape == "net":  # the renderer draws its own cut path (die nets)
        return []
    if shape in ("circle", "hex"):
        return [Mark("outline", shape=shape, box=p.box, radius=radius) for p in placements]
    fold_keys = {_seg_key(m.points[0], m.points[1]) for m in folds}
    segments: dict[tuple, tuple] = {}
    for p in placements:
        b = p.box
        for a, z in (((b.x, b.y), (b.x2, b.y)), ((b.x, b.y2), (b.x2, b.y2)),
                     ((b.x, b.y), (b.x, b.y2)), ((b.x2, b.y), (b.x2, b.y2))):
            key = _seg_key(a, z)
            if key not in fold_keys:
                segments[key] = (a, z)
    return [Mark("cut", seg) for seg in _merge(list(segments.values()))]


def _seg_key(a: tuple[float, float], z: tuple[float, float]) -> tuple:
    pts = sorted([(round(a[0], 2), round(a[1], 2)), (round(z[0], 2), round(z[1], 2))])
    return tuple(pts)


def _merge(segments: list[tuple]) -> list[tuple]:
    """Join collinear touching segments so a shared cut line is one long line."""
    horizontal: dict[float, list[tuple[float, float]]] = {}
    vertical: dict[float, list[tuple[float, float]]] = {}
    for (x1, y1), (x2, y2) in segments:
        if abs(y1 - y2) < 0.01:
            horizontal.setdefault(round(y1, 2), []).append((min(x1, x2), max(x1, x2)))
        else:
            vertical.setdefault(round(x1, 2), []).append((min(y1, y2), max(y1, y2)))
    out = []
    for y, spans in sorted(horizontal.items()):
        for lo, hi in _join(spans):
            out.append(((lo, y), (hi, y)))
    for x, spans in sorted(vertical.items()):
        for lo, hi in _join(spans):
            out.append(((x, lo), (x, hi)))
    return out


def _join(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    spans.sort()
    out = [list(spans[0])]
    for lo, hi in spans[1:]:
        if lo <= out[-1][1] + 0.01:
            out[-1][1] = max(out[-1][1], hi)
        else:
            out.append([lo, hi])
    return [(a, b) for a, b in out]


def crop_marks(placements: list[Placement], block: Box) -> list[Mark]:
    """Crop marks: every trim line extended outside the block, clear of all pieces."""
    xs = sorted({round(v, 2) for p in placements for v in (p.box.x, p.box.x2)})
    ys = sorted({round(v, 2) for p in placements for v in (p.box.y, p.box.y2)})
    marks = []
    for x in xs:
        marks.append(Mark("crop", ((x, block.y2 + CROP_GAP), (x, block.y2 + CROP_GAP + CROP_LEN))))
        marks.append(Mark("crop", ((x, block.y - CROP_GAP), (x, block.y - CROP_GAP - CROP_LEN))))
    for y in ys:
        marks.append(Mark("crop", ((block.x - CROP_GAP, y), (block.x - CROP_GAP - CROP_LEN, y))))
        marks.append(Mark("crop", ((block.x2 + CROP_GAP, y), (block.x2 + CROP_GAP + CROP_LEN, y))))
    return marks
