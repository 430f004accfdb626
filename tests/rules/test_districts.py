"""District rules: one district's legality, split search, disjoint-district search and count bounds."""

import itertools
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from genpnp.model.hexgrid import adjacency, boundary_cells, disk, neighbours, ring
from genpnp.rules.district_search import (
    UndecidedSearch,
    build_order,
    find_disjoint_districts,
    max_disjoint_districts,
    search_disjoint_districts,
)
from genpnp.rules.districts import RULES, check_district, explain_district, find_split, is_connected

BOARD = adjacency(disk(6))
LINE8 = [(q, 0) for q in range(-4, 4)]
BLOCK_2X4 = [(q, r) for q in range(4) for r in (0, 1)]
Y10 = [(0, 0), (1, 0), (2, 0), (3, 0), (0, -1), (0, -2), (0, -3), (-1, 1), (-2, 2), (-3, 3)]
MAPMAKER = {"min_size": 4, "unsplittable": True}


def test_legal_district_passes():
    assert check_district([(0, 0), (1, 0), (0, 1), (1, -1)], BOARD, **MAPMAKER) == []
    assert check_district(Y10, BOARD, **MAPMAKER) == []  # a Y of 10 counties cannot be split


@pytest.mark.parametrize("nodes", [LINE8, BLOCK_2X4, sorted(disk(2))])
def test_splittable_districts_fail_with_a_valid_witness(nodes):
    assert check_district(nodes, BOARD, **MAPMAKER) == ["splittable"]
    a, b = find_split(nodes, BOARD, 4)
    assert a | b == frozenset(nodes) and not a & b
    assert len(a) >= 4 and len(b) >= 4 and is_connected(a, BOARD) and is_connected(b, BOARD)


def test_seven_counties_never_split():
    assert check_district(LINE8[:7], BOARD, **MAPMAKER) == []


def test_each_rule_fails_by_name():
    assert check_district([], BOARD) == ["empty"]
    assert check_district([(0, 0), (2, 0), (3, 0), (4, 0)], BOARD, **MAPMAKER) == ["not-connected"]
    assert check_district([(0, 0), (1, 0), (2, 0)], BOARD, **MAPMAKER) == ["too-small"]
    assert check_district([(0, 0), (99, 0)], BOARD) == ["unknown-node"]
    assert check_district([(0, 0), (1, 0)], BOARD, taken={(1, 0)}) == ["already-taken"]
    pop = {h: 2 for h in BOARD}
    assert check_district([(0, 0), (1, 0), (2, 0), (3, 0)], BOARD, population=pop, min_pop=9) == [
        "population-too-low"]
    assert check_district(LINE8[:6], BOARD, population=pop, max_pop=11) == ["population-too-high"]
    assert check_district(LINE8[:5], BOARD, population=pop, min_pop=9, max_pop=11) == []


def test_start_rule():
    edge = boundary_cells(disk(6))
    centre = [(0, 0), (1, 0), (2, 0)]
    assert check_district(centre, BOARD, border=edge, need_start=True) == ["no-start"]
    assert check_district([(4, 0), (5, 0), (6, 0)], BOARD, border=edge, need_start=True) == []
    assert check_district(centre, BOARD, border=edge, taken={(3, 0)}, need_start=True) == []
    assert check_district(centre, BOARD, border=edge) == []  # only checked when asked


def test_messages_name_nodes_and_totals_in_rule_order():
    pop = {h: 1 for h in BOARD}
    msgs = explain_district([(0, 0), (2, 0), (50, 50)], BOARD, population=pop, min_pop=9, min_size=4,
                            taken={(2, 0)}, border=set(), need_start=True)
    assert list(msgs) == ["unknown-node", "already-taken", "not-connected", "too-small",
                          "population-too-low", "no-start"]
    assert list(msgs) == [r for r in RULES if r in msgs]
    assert "(50, 50)" in msgs["unknown-node"] and "(2, 0)" in msgs["already-taken"]
    assert "population 2" in msgs["population-too-low"] and "9" in msgs["population-too-low"]
    assert "3 nodes" in msgs["too-small"]
    split = explain_district(LINE8, BOARD, **MAPMAKER)["splittable"]
    assert "(-4, 0)" in split and "(3, 0)" in split
    with pytest.raises(ValueError):
        check_district(LINE8, BOARD, unsplittable=True)


def _legal_in_order(districts, graph, pop, edge, lo, hi):
    taken: set = set()
    for d in districts:
        assert check_district(d, graph, population=pop, min_pop=lo, max_pop=hi, border=edge,
                              taken=frozenset(taken), need_start=True) == []
        taken |= d


def test_finds_ten_districts_on_a_synthetic_map():
    cells = disk(6)
    rng = random.Random(7)
    pop = {h: rng.choice((1, 2)) for h in cells}
    edge = boundary_cells(cells)
    graph = adjacency(cells)
    found = find_disjoint_districts(graph, pop, min_pop=9, max_pop=11, count=10, border=edge)
    assert found is not None and len(found) == 10
    _legal_in_order(found, graph, pop, edge, 9, 11)


def test_exact_search_finds_what_greedy_misses_and_proves_impossible():
    # Line 0-1-2-3, only node 2 on the border, districts of exactly 2: greedy takes {1, 2} and strands
    # 0 and 3; the exact search takes {2, 3} first, then {0, 1} next to it.
    cells = [(q, 0) for q in range(4)]
    graph, pop = adjacency(cells), {h: 1 for h in cells}
    res = search_disjoint_districts(graph, pop, min_pop=2, max_pop=2, count=2, border={(2, 0)})
    assert res.status == "found" and res.visited > 0  # visited counts exact-search nodes only
    assert list(res.districts) == [frozenset({(2, 0), (3, 0)}), frozenset({(0, 0), (1, 0)})]
    _legal_in_order(res.districts, graph, pop, {(2, 0)}, 2, 2)
    strip = [(q, 0) for q in range(12)]
    graph, pop = adjacency(strip), {h: 1 for h in strip}
    edge = {strip[0], strip[-1]}
    assert find_disjoint_districts(graph, pop, min_pop=4, max_pop=4, count=3, border=edge) is not None
    assert find_disjoint_districts(graph, pop, min_pop=5, max_pop=5, count=3, border=edge) is None


def test_impossible_maps_return_none():
    cells = disk(2)
    graph, edge = adjacency(cells), boundary_cells(cells)
    twos = {h: 2 for h in cells}  # every total is even: 9 is out of reach, whatever the shape
    res = search_disjoint_districts(graph, twos, min_pop=9, max_pop=9, count=1, border=edge)
    assert res.status == "impossible" and res.visited > 0
    assert find_disjoint_districts(graph, twos, min_pop=9, max_pop=11, count=4, border=edge) is None
    # Only the interior could form a district, but no interior precinct may start one.
    heavy = {h: (50 if h in edge else 1) for h in cells}
    assert find_disjoint_districts(graph, heavy, min_pop=3, max_pop=7, count=1, border=edge) is None
    assert find_disjoint_districts(graph, heavy, min_pop=3, max_pop=7, count=1, border=edge,
                                   taken={(2, 0)}) is not None


def test_undecided_is_reported_not_guessed():
    cells = disk(3)
    graph, edge = adjacency(cells), boundary_cells(cells)
    twos = {h: 2 for h in cells}
    with pytest.raises(UndecidedSearch):
        find_disjoint_districts(graph, twos, min_pop=9, max_pop=9, count=1, border=edge, node_budget=50)
    res = search_disjoint_districts(graph, twos, min_pop=9, max_pop=9, count=1, border=edge, node_budget=50)
    assert res.status == "undecided" and res.districts == ()


def test_build_order_needs_a_chain_to_the_border():
    graph = adjacency(disk(3))
    edge = set(ring(3))
    inner, outer = frozenset({(0, 0), (1, 0)}), frozenset({(2, 0), (3, 0)})
    assert build_order([inner, outer], graph, edge) == [outer, inner]
    assert build_order([inner], graph, edge) is None


@pytest.mark.parametrize("cells,expected", [(disk(3), 9), (disk(3) | set(ring(4)), 15), (disk(4), 15)])
def test_max_disjoint_districts_is_attained(cells, expected):
    graph = adjacency(cells)
    bound = max_disjoint_districts(graph, 4)
    assert bound.lower == bound.upper == expected == len(cells) // 4
    assert frozenset().union(*bound.witness) == frozenset(cells)
    assert sum(len(p) for p in bound.witness) == len(cells)
    assert all(check_district(p, graph, **MAPMAKER) == [] for p in bound.witness)


def test_max_disjoint_districts_below_floor():
    graph = adjacency(Y10)  # 10 cells, floor(10/4) = 2, but a Y of arms 3 holds only one district
    bound = max_disjoint_districts(graph, 4)
    assert (bound.lower, bound.upper) == (1, 1)


# ---------------------------------------------------------------- property: split search is exact


def _brute_split(nodes, graph, k):
    nodes = sorted(nodes)
    root, rest = nodes[0], nodes[1:]
    for r in range(k - 1, len(nodes) - k):  # |a| = r + 1 and |b| = n - r - 1 both >= k
        for combo in itertools.combinations(rest, r):
            a = frozenset((root, *combo))
            b = frozenset(nodes) - a
            if is_connected(a, graph) and is_connected(b, graph):
                return a, b
    return None


@st.composite
def connected_subsets(draw, max_size=13):
    size = draw(st.integers(1, max_size))
    cells = disk(4)
    chosen = [(0, 0)]
    while len(chosen) < size:
        frontier = sorted({n for h in chosen for n in neighbours(h) if n in cells} - set(chosen))
        chosen.append(draw(st.sampled_from(frontier)))
    return frozenset(chosen)


@settings(max_examples=150, deadline=None)
@given(connected_subsets(), st.integers(1, 5))
def test_split_search_agrees_with_brute_force(nodes, k):
    graph = adjacency(disk(4))
    split = find_split(nodes, graph, k)
    if split is not None:
        a, b = split
        assert a | b == nodes and not a & b and len(a) >= k and len(b) >= k
        assert is_connected(a, graph) and is_connected(b, graph)
    assert (split is None) == (_brute_split(nodes, graph, k) is None)
    failed = check_district(nodes, graph, min_size=k, unsplittable=True)
    assert ("splittable" in failed) == (split is not None)
