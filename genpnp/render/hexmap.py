"""Renderer of hex maps: fills, slots, borders, regions, zones, pegs, marks, labels, legend."""

from __future__ import annotations

import math
from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.units import MM
from genpnp.model import hexgrid
from genpnp.model.hexmap import HexMap
from genpnp.model.spacemarks import (
    dot_spots,
    label_baseline,
    label_size,
    region_label_box,
    region_label_spots,
    zone_mark_baseline,
    zone_mark_size,
)
from genpnp.render import renderer
from genpnp.render.hexlegend import draw_legend
from genpnp.render.pieces import draw_face

WHITE = Color(1, 1, 1)
DASHES = {"solid": None, "dashed": (7, 4), "dotted": (1.5, 3)}
Pt = tuple[float, float]


def _fill_of(m: HexMap, cell: Any) -> Color | None:
    if m.fill_by:
        value = cell.fields.get(m.fill_by)
        if value not in (None, ""):
            return m.fills[str(value)]
    zone = m.first_zone(cell.coord)
    if zone is not None and zone.zone.tint is not None:
        return zone.zone.tint
    return m.region_tint.get(m.region_of(cell), m.fill)


def _toward(p: Pt, q: Pt, t: float) -> Pt:
    return (p[0] + (q[0] - p[0]) * t, p[1] + (q[1] - p[1]) * t)


def draw_slots(m: HexMap, surface: Any) -> None:
    """Each interior edge as a groove: a strip slot_width wide and slot_length long, centred on the edge."""
    for a, b in hexgrid.interior_edges(m.coords()):
        p, q = m.edge(a, b)
        length = math.dist(p, q)
        inset = max(length - m.slot_length, 0.0) / 2 / length
        p2, q2 = _toward(p, q, inset), _toward(q, p, inset)
        nx, ny = (q[1] - p[1]) / length * m.slot_width / 2, -(q[0] - p[0]) / length * m.slot_width / 2
        pts = [(p2[0] + nx, p2[1] + ny), (q2[0] + nx, q2[1] + ny), (q2[0] - nx, q2[1] - ny), (p2[0] - nx, p2[1] - ny)]
        surface.polygon(pts, fill=m.slot_fill, stroke=m.line, width=0.4)


def _edges_where(m: HexMap, differ: Any) -> list[tuple[Pt, Pt]]:
    """Sides of hexes whose neighbour across them satisfies ``differ(cell_coord, neighbour_coord)``."""
    out = []
    coords = m.coords()
    for c in sorted(coords):
        for n in hexgrid.neighbours(c):
            if (n not in coords or c < n) and differ(c, n):
                out.append(m.edge(c, n))
    return out


INSIDE_GAP = 0.8  # pt between a slot's side (or a hex edge) and a zone outline drawn inside the zone


def _inner_edges(m: HexMap, cells: frozenset, width: float) -> list[tuple[Pt, Pt]]:
    """A zone's outline moved inside its hexes: each side of a zone hex that faces a hex outside the zone,
    as the side of that hex shrunk about its centre until the line (``width`` wide) clears the slot on the
    edge by INSIDE_GAP. Sides of one hex meet at its shrunk corners; where the zone's edge passes from one
    hex to the next, the line breaks rather than cross the slot between them."""
    apothem = m.hex_size * math.sqrt(3) / 2
    away = (m.slot_width / 2 if m.slots else 0.0) + width / 2 + INSIDE_GAP
    k = max(apothem - away, 0.0) / apothem
    out = []
    for c in sorted(cells):
        cx, cy = m.center(c)
        for n in hexgrid.neighbours(c):
            if n in cells:
                continue
            p, q = m.edge(c, n)
            out.append(((cx + (p[0] - cx) * k, cy + (p[1] - cy) * k), (cx + (q[0] - cx) * k, cy + (q[1] - cy) * k)))
    return out


def draw_lines(m: HexMap, surface: Any) -> None:
    coords = m.coords()
    for a, b in hexgrid.interior_edges(coords):
        p, q = m.edge(a, b)
        surface.line(*p, *q, m.line, m.line_width)
    if m.region_by:
        region = {c.coord: c.fields.get(m.region_by) for c in m.cells}
        for p, q in _edges_where(m, lambda c, n: n in coords and region[c] != region[n]):
            surface.line(*p, *q, m.line, m.region_width)
    if m.slots:
        draw_slots(m, surface)
    for z in m.zone_sets:
        if not z.zone.width:
            continue
        dash = DASHES[z.zone.style]
        if z.zone.inside:
            for p, q in _inner_edges(m, z.cells, z.zone.width):
                surface.line(*p, *q, z.zone.color, z.zone.width, dash)
            continue
        for p, q in _edges_where(m, lambda c, n, cells=z.cells: (c in cells) != (n in cells)):
            surface.line(*p, *q, z.zone.color, z.zone.width, dash)
    for p, q in _edges_where(m, lambda c, n: n not in coords):
        surface.line(*p, *q, m.line, max(m.region_width, m.line_width * 2))


def draw_pegs(m: HexMap, surface: Any) -> None:
    seen: set[tuple[float, float]] = set()
    for c in m.cells:
        for x, y in m.corners(c.coord):
            key = (round(x, 1), round(y, 1))
            if key not in seen:
                seen.add(key)
                surface.circle(x, y, m.peg_radius, fill=WHITE, stroke=m.line, width=0.6)


def draw_marks(m: HexMap, surface: Any) -> None:
    """N circles per hex; in a hex that carries a region label they sit low, below the label."""
    by = m.marks_color_by or m.fill_by
    labelled = region_label_spots(m)
    for c in m.cells:
        value = c.fields.get(by) if by else None
        color = m.fills.get(str(value), m.line) if value not in (None, "") else m.line
        spots, r = dot_spots(m, c, c.coord in labelled)
        for x, y in spots:
            surface.circle(x, y, r, fill=color, stroke=m.line, width=0.5)


def _text_color(fill: Color | None) -> Color:
    return WHITE if fill is not None and fill.luminance < 0.45 else Color(0.08, 0.08, 0.08)


def in_view(m: HexMap, surface: Any, coord: Any) -> bool:
    """Whether a hex lies whole in view. Only a figure's snippet of the map (drawn while the surface says
    ``figure-board``) asks: there a hex cut by the edge of the view is a neighbour shown for context,
    and its words would stand on the edge, on the corners where its borders meet; a poster part, cut
    too, keeps every word (the next part continues the hex)."""
    if getattr(surface, "what", "") != "figure-board":
        return True
    check = getattr(surface, "in_view", None)
    return check is None or check(m.corners(coord))


def draw_labels(m: HexMap, surface: Any) -> None:
    size = label_size(m)
    for c in m.cells:
        if not in_view(m, surface, c.coord):
            continue
        color = _text_color(_fill_of(m, c))
        if m.label_by and c.fields.get(m.label_by, "") != "":
            x, y = label_baseline(m, c)
            surface.text(x, y, str(c.fields[m.label_by]), fonts.styled(m.font, "b"), size, color, "center")
        zone = m.first_zone(c.coord)
        if zone is not None and zone.zone.mark:
            x, y = zone_mark_baseline(m, c)
            surface.text(x, y, zone.zone.mark, m.font, zone_mark_size(m), color, "center")


def draw_region_labels(m: HexMap, surface: Any) -> None:
    """Each region's label on its label hex; raised above the marks when the map has marks."""
    for coord, text in region_label_spots(m).items():
        x0, y0, w, h, base, size = region_label_box(m, coord, text)
        surface.rect(x0, y0, w, h, fill=WHITE, radius=1.5)
        surface.text(x0 + w / 2, base, text, fonts.styled(m.font, "b"), size, m.line, "center")


def draw_heading_and_legend(m: HexMap, surface: Any, w: float, h: float) -> None:
    top, bottom = m.bands
    if top:
        surface.text(w / 2, h - m.margin * 0.5 - top * 0.7, m.heading, m.heading_font, top * 0.6, m.line, "center")
    if not bottom:
        return
    size = bottom * 0.42
    entries = [(z, f"{z.zone.mark} = " * bool(z.zone.mark) + (z.zone.label or z.name)) for z in m.zone_sets]
    widths = [17 * MM + surface.text_width(t, m.font, size) + 6 * MM for _, t in entries]
    x = (w - sum(widths)) / 2
    y = m.margin * 0.6 + bottom * 0.3
    for (z, text), ew in zip(entries, widths):
        if z.zone.tint is not None:  # outlined: a tint as pale as the paper still shows as a swatch
            surface.rect(x, y - 2 * MM, 15 * MM, 4 * MM, fill=z.zone.tint, stroke=m.line, width=0.4)
        if z.zone.width:
            surface.line(x, y, x + 15 * MM, y, z.zone.color, z.zone.width, DASHES[z.zone.style])
        surface.text(x + 17 * MM, y - size * 0.35, text, m.font, size, m.line)
        x += ew


def draw_map(m: HexMap, surface: Any, w: float, h: float) -> None:
    if m.background is not None:
        surface.rect(0, 0, w, h, fill=m.background)
    for c in m.cells:
        fill = _fill_of(m, c)
        if fill is not None:
            surface.polygon(m.corners(c.coord), fill=fill)
    draw_lines(m, surface)
    if m.pegs:
        draw_pegs(m, surface)
    if m.marks_by:
        draw_marks(m, surface)
    draw_labels(m, surface)
    if m.region_by and m.region_labels:
        draw_region_labels(m, surface)
    draw_heading_and_legend(m, surface, w, h)
    if m.legend is not None:
        draw_legend(m, m.legend, surface, w, h)


@renderer(HexMap)
def draw(component: Any, piece: Any, face_name: str, surface: Any, w: float, h: float, bleed: float) -> None:
    draw_map(component, surface, w, h)
    draw_face(piece.front, "rect", w, h, 0.0, 0.0, surface)
