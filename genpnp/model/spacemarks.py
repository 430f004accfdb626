"""Where a board's spaces are and what is printed in each: the geometry both the renderers and the
rule ``leaves-visible`` use, so that what the rule proves is what the page shows.

A *space* is where the rules put a piece (a hex of a hex map, a cell of a grid map or board): its
outline (a convex polygon, board points, y up) and its *marks*, each a circle or a box with a name
(``dots``, ``label``, ``region-label``, ``zone-mark``, ``pegs``, ``slots``, ``contents``).
"""

from __future__ import annotations

import math
import sys
from typing import Any

from genpnp.core import fonts
from genpnp.core.records import dataclass

Pt = tuple[float, float]


@dataclass(frozen=True)
class Mark:
    name: str  # what it is: dots, label, region-label, zone-mark, pegs, contents
    shape: str  # circle (x, y, r) or box (x0, y0, x1, y1)
    geometry: tuple[float, ...]


@dataclass(frozen=True)
class Space:
    where: str  # "hex 0,0 (A1)", "cell B3"
    outline: tuple[Pt, ...]  # convex, counter-clockwise or clockwise
    marks: tuple[Mark, ...]
    name: str = ""  # a table board's space label ("Result", "Marker"): what a rule's ``spaces`` picks


# -- hex maps ------------------------------------------------------------------------------------

def region_label_spots(m: Any) -> dict[Any, str]:
    """The hex that carries each region's label (the one nearest the region's centre) -> the label."""
    if not (m.region_by and m.region_labels):
        return {}
    groups: dict[str, list[Any]] = {}
    for c in m.cells:
        groups.setdefault(str(c.fields.get(m.region_by, "")), []).append(c.coord)
    spots = {}
    for name, coords in groups.items():
        pts = {c: m.center(c) for c in coords}
        mx = sum(p[0] for p in pts.values()) / len(pts)
        my = sum(p[1] for p in pts.values()) / len(pts)
        spot = min(coords, key=lambda c: (pts[c][0] - mx) ** 2 + (pts[c][1] - my) ** 2)
        spots[spot] = m.hexes.region_names.get(name, name)
    return spots


def dot_spots(m: Any, cell: Any, labelled: bool) -> tuple[list[Pt], float]:
    """Centres and radius of a hex's N circles (``marks_by``); under the region label in a hex that has one."""
    r = m.hex_size * 0.16
    count = int(cell.fields.get(m.marks_by, 0) or 0) if m.marks_by else 0
    cx, cy = m.center(cell.coord)
    # above the centre, so that the lower half stays clear for a piece; where the hex carries its
    # region's label, just under the label's box (a hair's gap), never lower than the centre
    if labelled:
        cy += max(REGION_LABEL_RISE * m.hex_size - 0.45 * region_label_size(m) - LABEL_DOT_GAP - r, 0.0)
    else:
        cy += m.hex_size * 0.3
    return [(cx + (i - (count - 1) / 2) * r * 2.4, cy) for i in range(count)], r


def label_size(m: Any) -> float:
    return m.label_size or m.hex_size * (0.22 if m.label_at == "top" else 0.34)


# With ``label_at: top`` a hex keeps a round spot at its centre for a piece (up to CLEAR of the hex
# size across): the label stands just above it and the zone mark just below it, both inside the hex
# and clear of its corners, where border slots meet and where the next row's labels stand.
CLEAR = 0.9


def zone_mark_size(m: Any) -> float:
    """A zone mark is smaller than the label (and drawn in the regular weight): it reads as a note."""
    return label_size(m) * 0.8


def label_baseline(m: Any, cell: Any) -> Pt:
    """Centre x and baseline y of a hex's own label (``label_by``)."""
    cx, cy = m.center(cell.coord)
    size = label_size(m)
    return cx, (cy + m.hex_size * (CLEAR / 2 + 0.035) + size * 0.22 if m.label_at == "top" else cy - size * 0.35)


def zone_mark_baseline(m: Any, cell: Any) -> Pt:
    """Centre x and baseline y of a zone's mark (3+) in a hex: with top labels, its cap line just
    below the piece's spot at the centre."""
    cx, cy = m.center(cell.coord)
    size = zone_mark_size(m)
    return cx, (cy - m.hex_size * (CLEAR / 2 + 0.035) - size * 0.75 if m.label_at == "top"
                else cy - m.hex_size * 0.55)


# A region label over circles stands this far (in hex sizes) above its hex's centre; the circles
# stand LABEL_DOT_GAP under its box.
REGION_LABEL_RISE = 0.52
LABEL_DOT_GAP = 0.8


def region_label_size(m: Any) -> float:
    return float(m.region_label_size or m.hex_size * 0.3)


def region_label_box(m: Any, coord: Any, text: str) -> tuple[float, float, float, float, float, float]:
    """(x0, y0, width, height, text baseline, size) of a region label's white box."""
    size = region_label_size(m)
    x, y = m.center(coord)
    if m.marks_by:  # high in the hex, above the circles
        y += m.hex_size * REGION_LABEL_RISE
    w = fonts.text_width(text, fonts.styled(m.font, "b"), size)
    return x - w / 2 - 1.5, y - size * 0.45, w + 3, size * 1.25, y - size * 0.1, size


def _text_box(text: str, size: float, x: float, base: float,
              font: str = fonts.BOLD) -> tuple[float, float, float, float]:
    w = fonts.text_width(text, font, size)
    return x - w / 2, base - 0.22 * size, x + w / 2, base + 0.75 * size


def hex_spaces(m: Any) -> list[Space]:
    """Every hex as a space: its outline (less half a slot on each side when the map has slots) and
    its marks (circles, own label, zone mark, region label, peg holes)."""
    labelled = region_label_spots(m)
    shrink = (m.slot_width / 2) / (m.hex_size * math.sqrt(3) / 2) if m.slots else 0.0
    out = []
    for c in m.cells:
        cx, cy = m.center(c.coord)
        corners = m.corners(c.coord)
        outline = tuple((cx + (x - cx) * (1 - shrink), cy + (y - cy) * (1 - shrink)) for x, y in corners)
        marks: list[Mark] = []
        spots, r = dot_spots(m, c, c.coord in labelled)
        marks += [Mark("dots", "circle", (x, y, r)) for x, y in spots]
        size = label_size(m)
        bold = fonts.styled(m.font, "b")
        if m.label_by and c.fields.get(m.label_by, "") != "":
            marks.append(Mark("label", "box", _text_box(str(c.fields[m.label_by]), size, *label_baseline(m, c), bold)))
        zone = m.first_zone(c.coord)
        if zone is not None and zone.zone.mark:
            marks.append(Mark("zone-mark", "box", _text_box(zone.zone.mark, zone_mark_size(m),
                                                            *zone_mark_baseline(m, c), m.font)))
        if c.coord in labelled:
            x0, y0, w, h, _, _ = region_label_box(m, c.coord, labelled[c.coord])
            marks.append(Mark("region-label", "box", (x0, y0, x0 + w, y0 + h)))
        if m.pegs:
            marks += [Mark("pegs", "circle", (x, y, m.peg_radius)) for x, y in corners]
        name = f" ({c.fields[m.label_by]})" if m.label_by and c.fields.get(m.label_by, "") != "" else ""
        if not name and c.coord in labelled:
            name = f" ({labelled[c.coord]})"
        out.append(Space(f"hex {c.coord[0]},{c.coord[1]}{name}", outline, tuple(marks)))
    return out


# -- square cells ----------------------------------------------------------------------------------

def square_spaces(m: Any, cells: list[tuple[int, int]], inner: float = 0.0) -> list[Space]:
    """Square cells as spaces; ``inner`` > 0: each cell's contents drawn in a centred box of that
    fraction of the cell (a grid map's team art or random mark)."""
    out = []
    for row, col in cells:
        x, y, w, h = m.cell_box(row, col)
        marks: tuple[Mark, ...] = ()
        if inner:
            side = w * inner
            cx, cy = x + w / 2, y + h / 2
            marks = (Mark("contents", "box", (cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2)),)
        out.append(Space(f"cell {chr(65 + col) if col < 26 else col + 1}{row + 1}",
                         ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), marks))
    return out


# -- table boards ----------------------------------------------------------------------------------

def table_spaces(board: Any) -> list[Space]:
    """Each labelled space of each player's box on every row of a table board, with its label as a
    mark, and each box's marker square (named by the marker label): where the rules lay a piece."""
    out = []
    labels = list(board.spaces)
    for row in range(len(board.rows)):
        for col in range(board.columns):
            for i, label in enumerate(labels):
                x, y, w, h = board.space_boxes(row, col)[i]
                lx, ly, lw, lh = board.space_label_box(row, col, i)
                out.append(Space(f"the {label} space of row {row + 1}, box {col + 1}",
                                 ((x, y), (x + w, y), (x + w, y + h), (x, y + h)),
                                 (Mark("label", "box", (lx, ly, lx + lw, ly + lh)),), label))
            spot = board.marker_box(row, col)
            if spot is not None:
                x, y, w, h = spot
                out.append(Space(f"the {board.marker_label or 'marker'} square of row {row + 1}, box {col + 1}",
                                 ((x, y), (x + w, y), (x + w, y + h), (x, y + h)), (),
                                 board.marker_label or "marker"))
    return out


def spaces_of(comp: Any) -> list[Space] | None:
    """The spaces of a board-like component, or None when it has none.

    Only the board kinds already imported are asked about (a component is an instance of a kind only
    once its module is loaded), so a deck's placement check imports no board module."""
    loaded = sys.modules
    if "genpnp.model.tableboard" in loaded:
        from genpnp.model.tableboard import TableBoard

        if isinstance(comp, TableBoard):
            return table_spaces(comp)
    if "genpnp.model.hexmap" in loaded:
        from genpnp.model.hexmap import HexMap

        if isinstance(comp, HexMap):
            return hex_spaces(comp)
    if "genpnp.model.mapboard" in loaded:
        from genpnp.model.mapboard import INNER, MapBoard

        if isinstance(comp, MapBoard):
            if comp.grid is None:
                return None
            return square_spaces(comp, sorted(comp.grid.coords), INNER if comp.contents else 0.0)
    if "genpnp.model.board" in loaded:
        from genpnp.model.board import GridBoard

        if isinstance(comp, GridBoard):
            return square_spaces(comp, [(r, c) for r in range(comp.rows) for c in range(comp.cols)])
    return None
