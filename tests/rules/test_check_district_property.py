"""Property: `check-district`'s verdicts on random small boards agree with a brute-force search.

Each example writes a small game (a hex map and its declared district rule) to a temporary folder,
loads it, then asks the district checker about EVERY set of cells of the board and compares its
verdict with a brute force written here from the rules' words alone:

* counties (``hex-districts``): a district is a connected set of at least ``min_size`` cells, none
  taken, that cannot be divided into two or more connected parts of ``min_size`` or more each, and
  that leaves the rest of the board divisible into such districts (no stranded pocket);
* precincts (``precinct-map``): connected, none taken, population ``min_pop`` to ``max_pop``, with a
  precinct on the map's edge or next to a taken one (in the county named, with ``--county``); the
  peg cost is the number of distinct corner points on its outline, less those a taken hex touches,
  counted from the drawn hex corners.

Brute force = enumerate subsets and partitions; no code is shared with the engine's search.
"""

from __future__ import annotations

import itertools
import tempfile
from functools import cache
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genpnp.load.project import load_game
from genpnp.model.hexgrid import hex_corners
from genpnp.rules.district_cli import check

Hex = tuple[int, int]
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # the six neighbours, written out again
PROFILE = settings(max_examples=25, deadline=None, derandomize=True,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def touching(a: Hex, b: Hex) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in STEPS


def connected(cells: frozenset[Hex]) -> bool:
    if not cells:
        return False
    start = min(cells)
    seen, todo = {start}, [start]
    while todo:
        here = todo.pop()
        for other in cells:
            if other not in seen and touching(here, other):
                seen.add(other)
                todo.append(other)
    return len(seen) == len(cells)


def subsets(cells: frozenset[Hex]):
    items = sorted(cells)
    for n in range(1, len(items) + 1):
        for combo in itertools.combinations(items, n):
            yield frozenset(combo)


@cache
def divisible(cells: frozenset[Hex], k: int, parts: int) -> bool:
    """``cells`` can be cut into at least ``parts`` connected pieces of k or more (none left over)."""
    if not cells:
        return parts <= 0
    first = min(cells)
    rest = cells - {first}
    for combo in subsets(rest):
        piece = combo | {first}
        if len(piece) >= k and connected(piece) and divisible(cells - piece, k, parts - 1):
            return True
    return len(cells) >= k and connected(cells) and parts <= 1


@cache
def fills_with_districts(cells: frozenset[Hex], k: int) -> bool:
    """The cells can be cut into legal districts (connected, k or more, not divisible into two)."""
    if not cells:
        return True
    first = min(cells)
    for combo in itertools.chain([frozenset()], subsets(cells - {first})):
        piece = combo | {first}
        if (len(piece) >= k and connected(piece) and not divisible(piece, k, 2)
                and fills_with_districts(cells - piece, k)):
            return True
    return False


def county_district(board: frozenset[Hex], district: frozenset[Hex], taken: frozenset[Hex], k: int) -> bool:
    return (not district & taken and connected(district) and len(district) >= k
            and not divisible(district, k, 2) and fills_with_districts(board - district - taken, k))


@st.composite
def grown(draw, min_cells: int = 3, max_cells: int = 8) -> list[Hex]:
    """A connected board grown cell by cell from (0, 0): every prefix of the list is connected too."""
    size = draw(st.integers(min_cells, max_cells))
    chosen = [(0, 0)]
    while len(chosen) < size:
        frontier = sorted({(h[0] + d[0], h[1] + d[1]) for h in chosen for d in STEPS} - set(chosen))
        chosen.append(draw(st.sampled_from(frontier)))
    return chosen


def boards(min_cells: int = 3, max_cells: int = 8) -> st.SearchStrategy[frozenset[Hex]]:
    return grown(min_cells, max_cells).map(frozenset)


GAME = {"name": "District property", "version": "1", "licence": "CC0", "players": "2", "sections": ["board"]}


def write_game(folder: Path, hexes: list[dict], rule: dict, zones: dict | None = None) -> None:
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(yaml.safe_dump({**GAME, "rules": [rule]}, sort_keys=False), encoding="utf-8")
    board = {"kind": "hexmap", "hexes": hexes, "hex_size": "10mm", "pegs": True, **({"zones": zones} if zones else {})}
    (folder / "components.yaml").write_text(yaml.safe_dump({"components": {"board": board}}), encoding="utf-8")


def words(cells) -> list[str]:
    return [f"{q},{r}" for q, r in sorted(cells)]


@PROFILE
@given(boards(), st.integers(2, 4), st.data())
def test_county_districts_agree_with_brute_force(board: frozenset[Hex], k: int, data: st.DataObject) -> None:
    taken = frozenset(data.draw(st.sets(st.sampled_from(sorted(board)), max_size=3)))
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "game"
        write_game(folder, [{"q": q, "r": r} for q, r in sorted(board)],
                   {"id": "districts", "hex-districts": {"board": "board", "min_size": k}})
        game = load_game(folder)
        for district in subsets(board):
            ok, lines = check(game, words(district), [";".join(words(taken))] if taken else [])
            assert ok == county_district(board, district, taken, k), (sorted(district), sorted(taken), k, lines)


@PROFILE
@given(grown(4, 8), st.integers(2, 3), st.data())
def test_a_zone_in_play_is_the_board_for_its_player_count(order: list[Hex], k: int, data: st.DataObject) -> None:
    """With --players, only the zone counts: cells outside it are unknown, and its edge is the board's edge
    (a pocket cut off against it is stranded)."""
    inner = data.draw(st.integers(3, len(order) - 1))
    zone, board = frozenset(order[:inner]), frozenset(order)
    taken = frozenset(data.draw(st.sets(st.sampled_from(sorted(zone)), max_size=2)))
    hexes = [{"q": q, "r": r, "players": 2 if i < inner else 3} for i, (q, r) in enumerate(order)]
    zones = {"small": {"field": "players", "values": [2]}, "all": {"field": "players", "values": [2, 3], "width": 0}}
    rule = {"id": "districts", "hex-districts": {"board": "board", "min_size": k, "zones": ["small", "all"],
                                                 "players": [2, 3]}}
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "game"
        write_game(folder, hexes, rule, zones)
        game = load_game(folder)
        for district in subsets(board):
            ok, lines = check(game, words(district), [";".join(words(taken))] if taken else [], 2)
            legal = district <= zone and county_district(zone, district, taken, k)
            assert ok == legal, (sorted(district), sorted(zone), sorted(taken), k, lines)


def edge_of_map(board: frozenset[Hex]) -> frozenset[Hex]:
    return frozenset(h for h in board if any((h[0] + d[0], h[1] + d[1]) not in board for d in STEPS))


def corner_points(h: Hex) -> list[tuple[float, float]]:
    return [(round(x, 6), round(y, 6)) for x, y in hex_corners(h, 1.0)]


def pegs_needed(district: frozenset[Hex], taken: frozenset[Hex]) -> int:
    """Distinct corner points of the outline (a point fewer than 3 district hexes share), less the points a
    taken hex has: counted from the drawn corners, not from hex coordinates."""
    shared: dict[tuple[float, float], int] = {}
    for h in district:
        for p in corner_points(h):
            shared[p] = shared.get(p, 0) + 1
    outline = {p for p, n in shared.items() if n < 3}
    pegged = {p for h in taken for p in corner_points(h)}
    return len(outline - pegged)


@PROFILE
@given(boards(3, 8), st.data())
def test_precinct_districts_and_peg_costs_agree_with_brute_force(board: frozenset[Hex], data: st.DataObject) -> None:
    cells = sorted(board)
    pops = {h: data.draw(st.sampled_from((1, 2))) for h in cells}
    counties = {h: data.draw(st.sampled_from(("North", "South"))) for h in cells}
    low = data.draw(st.integers(2, 5))
    high = low + data.draw(st.integers(0, 3))
    taken = frozenset(data.draw(st.sets(st.sampled_from(cells), max_size=3)))
    county = data.draw(st.sampled_from((None, "North", "South")))
    hexes = [{"q": q, "r": r, "county": counties[(q, r)], "pop": pops[(q, r)],
              "party": "red" if (q + r) % 2 else "blue"} for q, r in cells]
    rule = {"id": "map", "precinct-map": {"map": "board", "parties": ["red", "blue"], "min_pop": low,
                                          "max_pop": high, "playable": 1, "pegs": True}}
    edge = edge_of_map(board)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "game"
        write_game(folder, hexes, rule)
        game = load_game(folder)
        if county is not None and county not in counties.values():
            county = None
        for district in subsets(board):
            starts = [h for h in district if h in edge or any(touching(h, t) for t in taken)]
            legal = (not district & taken and connected(district) and low <= sum(pops[h] for h in district) <= high
                     and bool(starts) and (county is None or any(counties[h] == county for h in starts)))
            ok, lines = check(game, words(district), [";".join(words(taken))] if taken else [], None, county)
            assert ok == legal, (sorted(district), sorted(taken), low, high, county, lines)
            if ok:
                assert f"pegs: {pegs_needed(district, taken)} (" in lines[-1], lines
