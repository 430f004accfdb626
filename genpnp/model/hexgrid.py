"""Hex grids in axial coordinates ``(q, r)``: neighbourhoods, regions and drawing geometry.

Pure functions, no I/O. The third cube coordinate is ``s = -q - r``. The six directions are
``DIRECTIONS`` in counter-clockwise order starting east (for pointy hexes drawn y-down:
east, north-east, north-west, west, south-west, south-east).

Drawing convention: by default coordinates are *screen-like*, **y grows downwards** and ``r``
grows down the page, exactly as on redblobgames.com. Every geometry function takes
``y_up=True`` to return the same picture in a y-up space such as PDF (this only negates y,
so the map is not mirrored on the page: row ``r = 0`` is above row ``r = 1`` either way).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import Literal

Hex = tuple[int, int]
Point = tuple[float, float]
Orientation = Literal["pointy", "flat"]

DIRECTIONS: tuple[Hex, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
ORIGIN: Hex = (0, 0)
_SQRT3 = math.sqrt(3.0)


def add(a: Hex, b: Hex) -> Hex:
    return (a[0] + b[0], a[1] + b[1])


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes touching ``h``, in ``DIRECTIONS`` order."""
    return [add(h, d) for d in DIRECTIONS]


def distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ring(radius: int, centre: Hex = ORIGIN) -> list[Hex]:
    """Hexes at exactly ``radius`` from ``centre`` (6*radius of them; ``[centre]`` for 0), walked in order."""
    if radius < 0:
        raise ValueError(f"ring radius must be >= 0, got {radius}")
    if radius == 0:
        return [centre]
    out: list[Hex] = []
    h = add(centre, (DIRECTIONS[4][0] * radius, DIRECTIONS[4][1] * radius))
    for d in DIRECTIONS:
        for _ in range(radius):
            out.append(h)
            h = add(h, d)
    return out


def disk(radius: int, centre: Hex = ORIGIN) -> frozenset[Hex]:
    """Hexes within ``radius`` of ``centre``: 3r(r+1)+1 of them."""
    return frozenset(h for k in range(radius + 1) for h in ring(k, centre))


def corners_of_ring(radius: int, centre: Hex = ORIGIN) -> list[Hex]:
    """The six corner hexes of a ring (``centre + radius * direction``), in ``DIRECTIONS`` order."""
    return [add(centre, (d[0] * radius, d[1] * radius)) for d in DIRECTIONS]


# ---------------------------------------------------------------- regions


def components(cells: Iterable[Hex]) -> list[frozenset[Hex]]:
    """Connected groups of ``cells``, largest first (ties by smallest member) for determinism."""
    todo = set(cells)
    out: list[frozenset[Hex]] = []
    while todo:
        start = min(todo)
        todo.discard(start)
        seen, stack = {start}, [start]
        while stack:
            for n in neighbours(stack.pop()):
                if n in todo:
                    todo.discard(n)
                    seen.add(n)
                    stack.append(n)
        out.append(frozenset(seen))
    out.sort(key=lambda c: (-len(c), min(c)))
    return out


def is_connected(cells: Iterable[Hex]) -> bool:
    """True when the cells form exactly one group (an empty set is not connected)."""
    return len(components(cells)) == 1


def holes(cells: Iterable[Hex]) -> list[frozenset[Hex]]:
    """Groups of non-cells enclosed by ``cells`` (not connected to the outside through non-cells).

    Flood-fills the non-cells of the bounding parallelogram grown by one hex; its rim holds no
    cell, is connected and touches everything outside, so whatever the fill misses is a hole.
    """
    cellset = frozenset(cells)
    if not cellset:
        return []
    q0, q1 = min(h[0] for h in cellset) - 1, max(h[0] for h in cellset) + 1
    r0, r1 = min(h[1] for h in cellset) - 1, max(h[1] for h in cellset) + 1
    box = {(q, r) for q in range(q0, q1 + 1) for r in range(r0, r1 + 1)}
    free = box - cellset
    stack = [(q0, r0)]
    outside = {(q0, r0)}
    while stack:
        for n in neighbours(stack.pop()):
            if n in free and n not in outside:
                outside.add(n)
                stack.append(n)
    return components(free - outside)


def interior_edges(cells: Iterable[Hex]) -> list[tuple[Hex, Hex]]:
    """Each adjacent pair of cells once, as ``(a, b)`` with ``a < b``, sorted."""
    cellset = frozenset(cells)
    edges = {tuple(sorted((h, n))) for h in cellset for n in neighbours(h) if n in cellset}
    return sorted(edges)  # type: ignore[arg-type]


def boundary_cells(cells: Iterable[Hex]) -> frozenset[Hex]:
    """Cells with at least one neighbour outside the set (the map border)."""
    cellset = frozenset(cells)
    return frozenset(h for h in cellset if any(n not in cellset for n in neighbours(h)))


def adjacency(cells: Iterable[Hex]) -> dict[Hex, frozenset[Hex]]:
    """The cells as a graph (``cell -> neighbours inside the set``), for :mod:`genpnp.rules.districts`."""
    cellset = frozenset(cells)
    return {h: frozenset(n for n in neighbours(h) if n in cellset) for h in sorted(cellset)}


def corners_of(h: Hex) -> list[frozenset[Hex]]:
    """The six corners of ``h``, each named by the three hexes that meet there (``h`` and two
    neighbours next to each other), so that neighbouring hexes name a shared corner alike."""
    ns = neighbours(h)
    return [frozenset((h, ns[i], ns[(i + 1) % 6])) for i in range(6)]


def outline_corners(cells: Iterable[Hex]) -> frozenset[frozenset[Hex]]:
    """Corners on the outline of a set of cells: corners of its cells where some hex outside the set
    (another cell or none at all: the map's edge) meets it."""
    cellset = frozenset(cells)
    return frozenset(c for h in cellset for c in corners_of(h) if not c <= cellset)


# ---------------------------------------------------------------- geometry


def _check(orientation: str) -> None:
    if orientation not in ("pointy", "flat"):
        raise ValueError(f"hex orientation must be 'pointy' or 'flat', got {orientation!r}")


def hex_center(h: Hex, size: float, orientation: Orientation = "pointy", *, y_up: bool = False) -> Point:
    """Centre of hex ``h``; ``size`` is centre-to-corner. Hex (0, 0) is centred on the origin."""
    _check(orientation)
    q, r = h
    if orientation == "pointy":
        x, y = size * _SQRT3 * (q + r / 2), size * 1.5 * r
    else:
        x, y = size * 1.5 * q, size * _SQRT3 * (r + q / 2)
    return (x, -y if y_up else y)


def hex_corners(
    h: Hex, size: float, orientation: Orientation = "pointy", *, y_up: bool = False
) -> list[Point]:
    """The six corners of ``h``; corner ``i`` lies at angle 60*i (+30 for pointy) degrees in y-down space,
    so they run clockwise on the page from the east (flat) or east-south-east (pointy) corner."""
    cx, cy = hex_center(h, size, orientation)
    start = 30.0 if orientation == "pointy" else 0.0
    out: list[Point] = []
    for i in range(6):
        a = math.radians(start + 60.0 * i)
        x, y = cx + size * math.cos(a), cy + size * math.sin(a)
        out.append((x, -y if y_up else y))
    return out


def edge_between(
    a: Hex, b: Hex, size: float, orientation: Orientation = "pointy", *, y_up: bool = False
) -> tuple[Point, Point]:
    """The segment shared by neighbouring hexes ``a`` and ``b`` (the two corners of ``a`` nearest ``b``)."""
    if distance(a, b) != 1:
        raise ValueError(f"hexes {a} and {b} are not neighbours")
    bx, by = hex_center(b, size, orientation, y_up=y_up)
    corners = hex_corners(a, size, orientation, y_up=y_up)
    idx = sorted(range(6), key=lambda i: (corners[i][0] - bx) ** 2 + (corners[i][1] - by) ** 2)[:2]
    i, j = sorted(idx)
    return corners[i], corners[j]


def bounds(
    cells: Iterable[Hex], size: float, orientation: Orientation = "pointy", *, y_up: bool = False
) -> tuple[float, float, float, float]:
    """``(xmin, ymin, xmax, ymax)`` over every corner of every cell."""
    pts = [p for h in cells for p in hex_corners(h, size, orientation, y_up=y_up)]
    if not pts:
        raise ValueError("bounds of an empty set of hexes")
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs), min(ys), max(xs), max(ys))
