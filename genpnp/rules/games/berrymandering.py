"""Berrymandering: tile and disc distributions, candles, berry balance, maps and the player board's fit.

Items of ``cake-tiles`` and ``mystery-discs`` carry ``fruit`` (strawberry or blueberry) and
``berries`` (1-4), or ``random: true`` for a random cake tile. The player board's items carry
``grid`` (cells per side) and ``gap`` (space between tiles); their sizes must frame the grid of
cake tiles exactly. Every map board (kind ``gridmap``) declares the two teams, strawberry and
blueberry, and must be cuttable into groups of 4.
"""

from __future__ import annotations

from typing import Any

from genpnp.errors import Loc, Violation
from genpnp.model.mapboard import MapBoard
from genpnp.rules.tiling import validate_map
from genpnp.units import MM, UnitError, fmt_mm, parse_length

FRUITS = ("strawberry", "blueberry")
TILES_PER_TEAM = {1: 6, 2: 4, 3: 3, 4: 2}
DISCS_PER_TEAM = {1: 2, 2: 1}
RANDOM_TILES = 6
GROUP = 4
NAMES = {1: "single", 2: "double", 3: "triple", 4: "quadruple"}
FIT_TOLERANCE = 0.5 * MM
TILES, DISCS, CANDLES = "cake-tiles", "mystery-discs", "candles"
BOARD_PARTS = ("player-board-base", "player-board-lip")

Counts = dict[tuple[str, int], tuple[int, Loc]]


def check(game: Any) -> list[Violation]:
    out: list[Violation] = []
    comps = game.components
    for name in (TILES, DISCS, CANDLES):
        if name not in comps:
            out.append(Violation(game.meta.loc, "components", f'the game needs a component "{name}"'))
    if out:
        return out
    tiles, discs, candles = comps[TILES], comps[DISCS], comps[CANDLES]
    tile_counts, randoms = _counts(tiles, "tile", out)
    disc_counts, _ = _counts(discs, "disc", out)
    out += _distribution(tiles, tile_counts, TILES_PER_TEAM, "tile-distribution", "tiles")
    out += _distribution(discs, disc_counts, DISCS_PER_TEAM, "disc-distribution", "mystery discs")
    if randoms != RANDOM_TILES:
        out.append(Violation(tiles.loc, "tile-distribution", f"random tiles: {randoms}, expected {RANDOM_TILES}"))
    if discs.piece_count() != randoms:
        out.append(Violation(discs.loc, "mystery-discs",
                             f"{discs.piece_count()} mystery discs for {randoms} random tiles: one each"))
    expected_candles, leftover = divmod(tiles.piece_count(), GROUP)
    if candles.piece_count() != expected_candles or leftover:
        out.append(Violation(candles.loc, "candles",
                             f"{candles.piece_count()} candles; {tiles.piece_count()} cake tiles make "
                             f"{tiles.piece_count() / GROUP:g} groups of {GROUP}: one candle per group"))
    out += _balance(tiles, tile_counts, "cake tiles")
    out += _balance(discs, disc_counts, "mystery discs")
    out += _maps(game)
    out += _board_fit(game, tiles)
    return out


def _counts(comp: Any, what: str, out: list[Violation]) -> tuple[Counts, int]:
    """(fruit, berries) -> (pieces, loc of the first item) and the number of random pieces."""
    counts: Counts = {}
    randoms = 0
    for item in comp.items:
        qty = item.qty * comp.copies
        if item.fields.get("random") is True:
            randoms += qty
            continue
        fruit, berries = item.fields.get("fruit"), item.fields.get("berries")
        if fruit not in FRUITS or not isinstance(berries, int) or not 1 <= berries <= 4:
            out.append(Violation(item.loc, f"{what}-fields",
                                 f"a {what} needs fruit (strawberry or blueberry) and berries (1-4), "
                                 f"or random: true; got fruit {fruit!r}, berries {berries!r}"))
            continue
        n, loc = counts.get((fruit, berries), (0, item.loc))
        counts[(fruit, berries)] = (n + qty, loc)
    return counts, randoms


def _distribution(comp: Any, counts: Counts, expected: dict[int, int], rule: str, what: str) -> list[Violation]:
    out = []
    for fruit in FRUITS:
        for berries in sorted(set(expected) | {b for f, b in counts if f == fruit}):
            have, loc = counts.get((fruit, berries), (0, comp.loc))
            want = expected.get(berries, 0)
            if have != want:
                out.append(Violation(loc, rule, f"{NAMES[berries]} {fruit} {what}: {have}, expected {want}"))
    return out


def _balance(comp: Any, counts: Counts, what: str) -> list[Violation]:
    totals = {fruit: sum(n * b for (f, b), (n, _) in counts.items() if f == fruit) for fruit in FRUITS}
    if totals["strawberry"] == totals["blueberry"]:
        return []
    return [Violation(comp.loc, "berry-balance",
                      f"{what} carry {totals['strawberry']} strawberries and {totals['blueberry']} blueberries: "
                      "the teams must have the same number")]


def _maps(game: Any) -> list[Violation]:
    out: list[Violation] = []
    reported: set[Loc] = set()
    candles = game.components[CANDLES].piece_count()
    for comp in game.components.values():
        if not isinstance(comp, MapBoard) or comp.grid is None:
            continue
        gm = comp.grid
        teams = tuple(comp.teams or ())
        where = next(iter(comp.teams.values())).loc if comp.teams else comp.loc  # maps extending one share it
        if sorted(teams) != sorted(FRUITS) and where not in reported:
            reported.add(where)
            out.append(Violation(where, "map-teams", f"teams {', '.join(teams) or '(none)'} (in {comp.name}); "
                                 f"the maps of Berrymandering have the teams {' and '.join(FRUITS)}"))
        found = validate_map(gm)
        out += found
        if found:
            continue
        need = len(gm.cells) // gm.group
        extra = f"; the game prints {candles}, play the rest with tokens" if need > candles else ""
        out.append(Violation(gm.loc, "map-candles",
                             f"{gm.title}: {len(gm.cells)} cells, {need} groups of {gm.group}, "
                             f"{need} candles{extra}", "info"))
    return out


def _length(value: Any) -> float | None:
    try:
        return parse_length(value)
    except UnitError:
        return None


def _board_fit(game: Any, tiles: Any) -> list[Violation]:
    """Each board part is a strip (opening + width) x width around an opening of grid tiles and gaps."""
    out: list[Violation] = []
    present = [game.components[n] for n in BOARD_PARTS if n in game.components]
    if not present:
        return out
    if len(present) != len(BOARD_PARTS):
        missing = [n for n in BOARD_PARTS if n not in game.components]
        return [Violation(present[0].loc, "player-board-fit", f"the player board needs {', '.join(missing)} too")]
    tile = tiles.size[0]
    widths = []
    for comp in present:
        item = comp.items[0] if comp.items else None
        grid = item.fields.get("grid") if item else None
        gap = _length(item.fields.get("gap")) if item else None
        loc = item.loc if item else comp.loc
        if not isinstance(grid, int) or gap is None:
            out.append(Violation(loc, "player-board-fit", "a board part's item needs grid (cells) and gap (e.g. 2mm)"))
            continue
        if comp.piece_count() != 4:
            out.append(Violation(loc, "player-board-fit", f"{comp.label}: {comp.piece_count()} pieces, expected 4"))
        opening = grid * tile + (grid - 1) * gap
        long, short = max(comp.size), min(comp.size)
        widths.append((short, comp))
        if abs(long - short - opening) > FIT_TOLERANCE:
            out.append(Violation(loc, "player-board-fit",
                                 f"{comp.label}: a {fmt_mm(long)} x {fmt_mm(short)} strip frames an opening of "
                                 f"{fmt_mm(long - short)}; {grid} tiles of {fmt_mm(tile)} with {fmt_mm(gap)} gaps "
                                 f"need {fmt_mm(opening)}: make it {fmt_mm(opening + short)} long"))
    if len(widths) == 2 and widths[1][0] >= widths[0][0]:
        base, lip = fmt_mm(widths[0][0]), fmt_mm(widths[1][0])
        out.append(Violation(widths[1][1].loc, "player-board-fit",
                             f"the lip ({lip}) must be narrower than the base ({base})"))
    return out
