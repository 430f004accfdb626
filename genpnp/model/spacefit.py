"""Whether a piece fits a board space clear of the marks printed in it, and where: the geometry behind
the rule ``leaves-visible`` (:mod:`genpnp.rules.placement`) and the spot a figure lays a piece on
(:mod:`genpnp.model.figure`)."""

from __future__ import annotations

import math

from genpnp.core.units import MM
from genpnp.model.spacemarks import Mark, Space


def _half_planes(outline: tuple) -> list[tuple[float, float, float]]:
    """Each edge of a convex polygon as (nx, ny, c): a point p is inside when nx*px + ny*py >= c."""
    area = sum(a[0] * b[1] - b[0] * a[1] for a, b in zip(outline, outline[1:] + outline[:1]))
    sign = 1.0 if area > 0 else -1.0
    out = []
    for (x1, y1), (x2, y2) in zip(outline, outline[1:] + outline[:1]):
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        nx, ny = -(y2 - y1) / length * sign, (x2 - x1) / length * sign
        out.append((nx, ny, nx * x1 + ny * y1))
    return out


TEXT_MARKS = ("label", "zone-mark")


def text_outside(space: Space) -> list[str]:
    """The space's text marks (its label, its zone mark) that reach outside its outline: onto the
    space's edge, where a board's border slots run."""
    planes = _half_planes(space.outline)
    out = []
    for m in space.marks:
        if m.name in TEXT_MARKS and m.shape == "box":
            x0, y0, x1, y1 = m.geometry
            if any(nx * px + ny * py < c for nx, ny, c in planes for px in (x0, x1) for py in (y0, y1)):
                out.append(m.name)
    return out


def _box_distance(x: float, y: float, box: tuple[float, ...]) -> float:
    x0, y0, x1, y1 = box
    return math.hypot(max(x0 - x, 0.0, x - x1), max(y0 - y, 0.0, y - y1))


def _circle_clearance(x: float, y: float, planes: list, marks: list[Mark]) -> float:
    """How large a circle centred at (x, y) may be: the distance to the outline and to the nearest mark."""
    room = min(nx * x + ny * y - c for nx, ny, c in planes)
    for m in marks:
        if m.shape == "circle":
            mx, my, r = m.geometry
            room = min(room, math.hypot(x - mx, y - my) - r)
        else:
            room = min(room, _box_distance(x, y, m.geometry))
    return room


def _rect_fits(x: float, y: float, w: float, h: float, gap: float, planes: list, marks: list[Mark]) -> bool:
    x0, y0, x1, y1 = x - w / 2 - gap, y - h / 2 - gap, x + w / 2 + gap, y + h / 2 + gap
    for nx, ny, c in planes:
        if min(nx * px + ny * py for px in (x0, x1) for py in (y0, y1)) < c:
            return False
    for m in marks:
        if m.shape == "circle":
            mx, my, r = m.geometry
            if _box_distance(mx, my, (x0, y0, x1, y1)) < r:
                return False
        else:
            bx0, by0, bx1, by1 = m.geometry
            if bx0 < x1 and x0 < bx1 and by0 < y1 and y0 < by1:
                return False
    return True


BLOCK = 8  # candidate points a side of a block that one clearance at its middle may rule out


def _blocks(outline: tuple) -> list[tuple[float, float, float, range, range, float, float, float]]:
    """The candidate points over the space, about 0.25 mm apart (at most 80 a side), in square blocks of
    ``BLOCK`` a side,
    each as (x, y of its middle, the farthest of its points from the middle, its i and j ranges, and the
    x0, y0 and step that give point (i, j) as x0 + i * step, y0 + j * step), the blocks nearest the space's
    centre first.

    The clearance (:func:`_circle_clearance`) changes by at most the distance moved (each of its terms is
    a distance), so a block whose middle has less room than needed by more than that farthest distance
    has no point with enough room: its points need not be tried."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    x0, y0 = min(xs), min(ys)
    step = max(0.25 * MM, (max(xs) - min(xs)) / 80, (max(ys) - min(ys)) / 80)
    nx, ny = int((max(xs) - min(xs)) / step) + 1, int((max(ys) - min(ys)) / step) + 1
    out = []
    for i in range(0, nx + 1, BLOCK):
        ri = range(i, min(i + BLOCK, nx + 1))
        for j in range(0, ny + 1, BLOCK):
            rj = range(j, min(j + BLOCK, ny + 1))
            half_i, half_j = (ri[-1] - ri[0]) / 2, (rj[-1] - rj[0]) / 2
            reach = math.hypot(half_i * step, half_j * step) * (1 + 1e-9) + 1e-9  # rounding kept out
            out.append((x0 + (ri[0] + half_i) * step, y0 + (rj[0] + half_j) * step, reach, ri, rj, x0, y0, step))
    out.sort(key=lambda b: (b[0] - cx) ** 2 + (b[1] - cy) ** 2)
    return out


def _key(space: Space, marks: list[Mark]) -> tuple:
    """The space's geometry relative to its first corner: spaces alike are decided once."""
    ox, oy = space.outline[0]

    def rel(values: tuple, shape: str) -> tuple:
        if shape == "circle":
            return (round(values[0] - ox, 1), round(values[1] - oy, 1), round(values[2], 1))
        return tuple(round(v - (ox if i % 2 == 0 else oy), 1) for i, v in enumerate(values))

    return (tuple((round(x - ox, 1), round(y - oy, 1)) for x, y in space.outline),
            tuple(sorted((m.shape, rel(m.geometry, m.shape)) for m in marks)))


def _candidates(outline: tuple) -> list[tuple[float, float]]:
    """Points over the space, the nearest its centre first, about 0.25 mm apart (at most 80 a side): where a
    figure lays a piece (:func:`clear_spot`); the rule itself searches block by block (:func:`room_for`)."""
    xs, ys = [p[0] for p in outline], [p[1] for p in outline]
    cx, cy = sum(xs) / len(xs), sum(ys) / len(ys)
    step = max(0.25 * MM, (max(xs) - min(xs)) / 80, (max(ys) - min(ys)) / 80)
    nx, ny = int((max(xs) - min(xs)) / step) + 1, int((max(ys) - min(ys)) / step) + 1
    pts = [(min(xs) + i * step, min(ys) + j * step) for i in range(nx + 1) for j in range(ny + 1)]
    pts.sort(key=lambda p: (p[0] - cx) ** 2 + (p[1] - cy) ** 2)
    return pts


def below_limit(space: Space, below: tuple, gap: float) -> float:
    """How high a piece's top edge may reach on the space when it lies below the marks named in
    ``below`` (``gap`` clear of the lowest of them); no limit when the space prints none of them."""
    lows = [m.geometry[1] - m.geometry[2] if m.shape == "circle" else min(m.geometry[1], m.geometry[3])
            for m in space.marks if m.name in below]
    return min(lows) - gap if lows else math.inf


def _fits_at(x: float, y: float, shape: str, w: float, h: float, gap: float, planes: list,
             marks: list[Mark], top: float) -> bool:
    """Whether the piece centred at (x, y) fits clear of the edge and marks, its top edge no higher than
    ``top`` (a rectangle either way round)."""
    if shape == "circle":
        need = max(w, h) / 2
        return y + need <= top and _circle_clearance(x, y, planes, marks) >= need + gap
    return ((y + h / 2 <= top and _rect_fits(x, y, w, h, gap, planes, marks))
            or (y + w / 2 <= top and _rect_fits(x, y, h, w, gap, planes, marks)))


def clear_spot(space: Space, shape: str, w: float, h: float, gap: float,
               covers: tuple = (), below: tuple = ()) -> tuple[float, float] | None:
    """The centre of the spot nearest the space's centre where a piece (a circle w across, or a w x h
    rectangle) lies clear of the space's edge and marks (and wholly below the marks named in ``below``);
    None when there is none."""
    marks = [m for m in space.marks if m.name not in covers]
    planes = _half_planes(space.outline)
    top = below_limit(space, below, gap)
    for x, y in _candidates(space.outline):
        if _fits_at(x, y, shape, w, h, gap, planes, marks, top):
            return x, y
    return None


def room_for(space: Space, shape: str, w: float, h: float, gap: float, covers: tuple = (),
             below: tuple = ()) -> bool:
    """Whether a piece (a circle w across, or a w x h rectangle) fits the space clear of its marks (and
    wholly below the marks named in ``below``, y up): at one
    of the candidate points, tried block by block (:func:`_blocks`). A rectangle that
    fits at a point leaves a circle of its shorter half-side (and the gap) clear there, so blocks without
    that much room are passed over for rectangles too."""
    marks = [m for m in space.marks if m.name not in covers]
    planes = _half_planes(space.outline)
    need = (max(w, h) if shape == "circle" else min(w, h)) / 2 + gap
    # what bounds a rectangle: the edges and marks that can keep it out (not a repeated corner's empty edge,
    # nor a dot of no size, which a rectangle may touch)
    bound_planes = planes if shape == "circle" else [pl for pl in planes if pl[0] or pl[1]]
    bound_marks = marks if shape == "circle" else [m for m in marks if m.shape != "circle" or m.geometry[2] > 0]
    top = below_limit(space, below, gap)
    for bx, by, reach, ri, rj, x0, y0, step in _blocks(space.outline):
        if _circle_clearance(bx, by, bound_planes, bound_marks) + reach < need:
            continue
        for x, y in ((x0 + i * step, y0 + j * step) for i in ri for j in rj):
            if _fits_at(x, y, shape, w, h, gap, planes, marks, top):
                return True
    return False


def largest_round(space: Space, gap: float, covers: tuple = (), below: tuple = ()) -> float:
    """The diameter of the largest round piece the space takes clear of its marks (and below the marks
    named in ``below``): the largest clearance over the candidate points; a block whose bound cannot beat
    the best so far is passed over."""
    marks = [m for m in space.marks if m.name not in covers]
    planes = _half_planes(space.outline)
    top = below_limit(space, below, 0.0)

    def room(x: float, y: float) -> float:
        return min(_circle_clearance(x, y, planes, marks), top - y + gap)

    bounded = [(room(bx, by) + reach, ri, rj, x0, y0, step)
               for bx, by, reach, ri, rj, x0, y0, step in _blocks(space.outline)]
    bounded.sort(key=lambda b: -b[0])
    best = -math.inf
    for bound, ri, rj, x0, y0, step in bounded:
        if bound < best:
            break
        best = max(best, max(room(x0 + i * step, y0 + j * step) for i in ri for j in rj))
    return 2 * max(best - gap, 0.0)
