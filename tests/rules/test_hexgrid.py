"""Hex grid: the Mapmaker board zones from FACTS.md, rings, holes and drawing geometry."""

import math

import pytest

from genpnp.model import hexgrid
from genpnp.model.hexgrid import (
    adjacency,
    boundary_cells,
    bounds,
    components,
    corners_of_ring,
    disk,
    distance,
    edge_between,
    hex_center,
    hex_corners,
    holes,
    interior_edges,
    is_connected,
    neighbours,
    ring,
)

THREE = [(-4, 1), (-4, 2), (-4, 3), (-3, -1), (-3, 4), (-2, -2), (-2, 4), (-1, -3), (-1, 4), (1, -4), (1, 3),
         (2, -4), (2, 2), (3, -4), (3, 1), (4, -3), (4, -2), (4, -1)]
FOUR = [(-5, 2), (-5, 3), (-4, 0), (-4, 4), (-3, -2), (-3, 5), (-2, -3), (-2, 5), (0, -4), (0, 4), (2, -5),
        (2, 3), (3, -5), (3, 2), (4, -4), (4, 0), (5, -3), (5, -2)]
ZONE2 = disk(3)
ZONE3 = ZONE2 | set(THREE)
ZONE4 = ZONE3 | set(FOUR)


@pytest.mark.parametrize("zone,cells,edges", [(ZONE2, 37, 90), (ZONE3, 55, 138), (ZONE4, 73, 186)])
def test_board_zones(zone, cells, edges):
    assert len(zone) == cells
    assert is_connected(zone)
    assert holes(zone) == []
    assert len(interior_edges(zone)) == edges


def test_zones_are_nested_and_described_as_facts_say():
    assert ZONE2 < ZONE3 < ZONE4
    assert len(set(THREE)) == len(set(FOUR)) == 18 and not set(THREE) & set(FOUR)
    assert set(THREE) == set(ring(4)) - set(corners_of_ring(4))
    corners = set(corners_of_ring(4))
    assert corners <= set(FOUR)
    ring5_middles = set(FOUR) - corners
    assert len(ring5_middles) == 12 and all(distance(h, (0, 0)) == 5 for h in ring5_middles)
    assert not ring5_middles & set(corners_of_ring(5))


def test_distance_ring_disk_sizes():
    assert distance((0, 0), (3, -1)) == 3
    assert distance((2, -5), (-3, 5)) == 10
    assert all(distance(n, (2, 2)) == 1 for n in neighbours((2, 2)))
    assert ring(0, (1, 1)) == [(1, 1)]
    for r in range(1, 7):
        hexes = ring(r, (1, -2))
        assert len(hexes) == len(set(hexes)) == 6 * r
        assert all(distance(h, (1, -2)) == r for h in hexes)
        assert all(distance(a, b) == 1 for a, b in zip(hexes, hexes[1:] + hexes[:1]))  # walked in order
        assert len(disk(r)) == 3 * r * (r + 1) + 1


def test_holes_in_a_ring_and_components():
    band = set(ring(2)) | set(ring(3))
    assert holes(band) == [disk(1)]
    assert holes(set(ring(1))) == [frozenset({(0, 0)})]
    two = set(ring(1)) | set(ring(1, (10, 0)))
    assert sorted(len(h) for h in holes(two)) == [1, 1]
    assert len(components(two)) == 2 and not is_connected(two)
    open_ring = set(ring(3)) - {ring(3)[0]}
    assert holes(open_ring) == []
    assert not is_connected(set())


def test_boundary_and_adjacency():
    assert boundary_cells(ZONE2) == frozenset(ring(3))
    adj = adjacency(ZONE2)
    assert len(adj[(0, 0)]) == 6 and len(adj[(3, 0)]) == 3
    assert sum(len(v) for v in adj.values()) == 2 * 90


@pytest.mark.parametrize("orientation", ["pointy", "flat"])
def test_geometry(orientation):
    size = 10.0
    for h in [(0, 0), (2, -1), (-3, 4)]:
        cx, cy = hex_center(h, size, orientation)
        for x, y in hex_corners(h, size, orientation):
            assert math.hypot(x - cx, y - cy) == pytest.approx(size)
        for n in neighbours(h):  # neighbouring centres are sqrt(3)*size apart; the shared edge is size long
            nx, ny = hex_center(n, size, orientation)
            assert math.hypot(nx - cx, ny - cy) == pytest.approx(math.sqrt(3) * size)
            (x1, y1), (x2, y2) = edge_between(h, n, size, orientation)
            assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(size)
            assert ((x1 + x2) / 2, (y1 + y2) / 2) == pytest.approx(((cx + nx) / 2, (cy + ny) / 2))
            for bx, by in edge_between(n, h, size, orientation):  # same segment seen from the other side
                assert min(math.hypot(bx - x, by - y) for x, y in [(x1, y1), (x2, y2)]) < 1e-9
    xmin, ymin, xmax, ymax = bounds(disk(0), size, orientation)
    if orientation == "pointy":
        assert (xmax - xmin, ymax - ymin) == pytest.approx((math.sqrt(3) * size, 2 * size))
    else:
        assert (xmax - xmin, ymax - ymin) == pytest.approx((2 * size, math.sqrt(3) * size))


def test_y_direction_is_documented_and_flippable():
    # y-down by default: row r=1 is below row r=0, i.e. larger y; y_up negates y.
    assert hex_center((0, 1), 1, "pointy")[1] > 0
    assert hex_center((0, 1), 1, "pointy", y_up=True)[1] < 0
    down = bounds(ZONE4, 5, "flat")
    up = bounds(ZONE4, 5, "flat", y_up=True)
    assert up == pytest.approx((down[0], -down[3], down[2], -down[1]))


def test_edge_between_rejects_non_neighbours():
    with pytest.raises(ValueError):
        edge_between((0, 0), (2, 0), 1, "pointy")
    with pytest.raises(ValueError):
        hex_center((0, 0), 1, "round")  # type: ignore[arg-type]


def test_outline_corners_and_shared_corners():
    assert len(hexgrid.outline_corners([(0, 0)])) == 6
    assert len(hexgrid.outline_corners([(0, 0), (1, 0)])) == 10  # two hexes share an edge: 2 corners
    flower = hexgrid.disk(1)
    assert len(hexgrid.outline_corners(flower)) == 18  # the 6 corners round the centre are inside
    assert len(hexgrid.outline_corners(hexgrid.disk(2))) == 30
    # every hex names a shared corner alike: a corner is met by three hexes, each listing it
    named = [c for h in hexgrid.disk(3) for c in hexgrid.corners_of(h)]
    inner = [c for c in set(named) if c <= hexgrid.disk(3)]
    assert all(named.count(c) == 3 for c in inner)
