"""The named rule ``hex-shape``: a hex map and its zones keep the symmetry the designer declares.

A map declared to look the same turned by 360/``turns`` degrees about its ``centre`` hex (and,
with ``mirror``, mirrored left to right) has every hex's images on the map, and every zone holds
all the images of a hex or none. That proves the map matches its declared geometry: a hex moved
off its place (even where it still touches the map) or two hexes swapping zones each break it.

Blame goes to the odd one out: the hexes of a group of images (an orbit) that are fewer than the
rest. A moved hex is reported at its own line (its images are missing), before the empty places it
left; a hex put in the wrong zone at its own line, against the images that agree with each other.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from genpnp.content.schema import Bool, Custom, ListOf, Str, fld
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.model import rulerefs as refs
from genpnp.model.hexmap import HexMap
from genpnp.model.rulespec import PATH, Outcome, Rule, rule_kind

Hex = tuple[int, int]


def _coord(value: Any, loc: Loc, ctx: Any) -> Any:
    if isinstance(value, list) and len(value) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                             for v in value):
        return (value[0], value[1])
    return ctx.error(loc, "a hex is [q, r], two whole numbers")


def _turns(value: Any, loc: Loc, ctx: Any) -> Any:
    if value in (1, 2, 3, 6) and not isinstance(value, bool):
        return value
    return ctx.error(loc, f"{value!r}: a hex map can look the same turned 1, 2, 3 or 6 times round")


TURNS = Custom(_turns, {"enum": [1, 2, 3, 6]}, "1, 2, 3 or 6")
COORD = Custom(_coord, {"type": "array", "items": {"type": "integer"}, "minItems": 2, "maxItems": 2}, "[q, r]")


@dataclass(frozen=True, kw_only=True)
class ShapeParams:
    board: str = fld(PATH, doc="the hex map", example="board")
    centre: tuple = fld(COORD, (0, 0), "the hex the map turns about, [q, r]")
    turns: int = fld(TURNS, 6, "the map looks the same turned by 360/turns degrees")
    mirror: bool = fld(Bool(), False, "the map also looks the same mirrored left to right (about the centre)")
    zones: tuple = fld(ListOf(Str()), None, "the zones that keep the symmetry too (default: every zone)")


def _turn(h: Hex, c: Hex, steps: int) -> Hex:
    """``h`` turned by 60 degrees ``steps`` times about ``c`` (cube coordinates: (x, y, z) -> (-z, -x, -y))."""
    dq, dr = h[0] - c[0], h[1] - c[1]
    for _ in range(steps):
        dq, dr = -dr, dq + dr
    return (c[0] + dq, c[1] + dr)


def _mirror(h: Hex, c: Hex) -> Hex:
    """``h`` mirrored left to right about ``c`` (x = q + r/2 changes sign, r stays)."""
    dq, dr = h[0] - c[0], h[1] - c[1]
    return (c[0] - dq - dr, c[1] + dr)


def symmetries(centre: Hex, turns: int, mirror: bool) -> list[Callable[[Hex], Hex]]:
    """The moves that leave the declared map unchanged: each turn, and each turn after the mirror."""
    step = 6 // turns
    moves: list[Callable[[Hex], Hex]] = []
    for k in range(0, 6, step):
        moves.append(partial(_move, centre=centre, steps=k, flip=False))
        if mirror:
            moves.append(partial(_move, centre=centre, steps=k, flip=True))
    return moves


def _move(h: Hex, centre: Hex, steps: int, flip: bool) -> Hex:
    return _turn(_mirror(h, centre) if flip else h, centre, steps)


def orbit(h: Hex, moves: list[Callable[[Hex], Hex]]) -> frozenset[Hex]:
    return frozenset(m(h) for m in moves)


def _name(board: HexMap, h: Hex) -> str:
    cell = board.cell_at(h)
    label = str(cell.fields.get(board.label_by, "")) if cell is not None and board.label_by else ""
    return f"{label} ({h[0]}, {h[1]})" if label else f"({h[0]}, {h[1]})"


def _images(board: HexMap, hexes: frozenset[Hex], limit: int = 3) -> str:
    names = [_name(board, h) for h in sorted(hexes)]
    return ", ".join(names[:limit]) + (f" and {len(names) - limit} more" if len(names) > limit else "")


@rule_kind(
    "hex-shape",
    ShapeParams,
    "a hex map and its zones look the same turned (and mirrored) about a centre hex: no hex off its place",
    {"id": "board-shape", "hex-shape": {"board": "board", "centre": [0, 0], "turns": 6}},
)
def run_shape(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    board = refs.resolve(game, p.board)
    moves = symmetries(p.centre, p.turns, p.mirror)
    what = f"turned by {360 // p.turns} degrees" + (" and mirrored" if p.mirror else "")
    out = Outcome(paths=[p.board], checked=f"{p.board} looks the same {what} about {p.centre}")
    cells = board.coords()
    data_loc = board.hexes.loc
    off: list[tuple[Loc, str]] = []
    gaps: list[str] = []
    seen: set[frozenset[Hex]] = set()
    for h in sorted(cells):
        group = orbit(h, moves)
        if group in seen:
            continue
        seen.add(group)
        present = group & cells
        if present == group:
            continue
        if 2 * len(present) <= len(group):
            for x in sorted(present):
                off.append((board.cell_at(x).loc,  # type: ignore[union-attr]
                            f"{_name(board, x)} is off its place: the map {what} has no hex at "
                            f"{_images(board, group - present)}"))
        else:
            gaps += [f"({x[0]}, {x[1]})" for x in sorted(group - present)]
    out.violations += [rule.violation(loc, text, sub="map-shape") for loc, text in sorted(off)]
    if gaps:
        out.violations.append(rule.violation(
            data_loc, f"no hex at {', '.join(gaps)}, where the map {what} needs one", sub="map-shape"))
    whole = {g for g in seen if g <= cells}
    names = p.zones if p.zones is not None else tuple(z.name for z in board.zone_sets)
    known = {z.name: z.cells for z in board.zone_sets}
    for name in names:
        if name not in known:
            out.violations.append(rule.violation(rule.at("zones"), f'the map has no zone "{name}"', sub="zone-shape"))
            continue
        zone, odd = known[name], []
        for group in sorted(whole, key=min):
            inside = group & zone
            if not inside or inside == group:
                continue
            wrong = inside if 2 * len(inside) <= len(group) else group - inside
            where = "in" if wrong <= zone else "not in"
            odd += [(board.cell_at(x).loc, f"{_name(board, x)} is {where} {name}, unlike the hexes it turns into: "  # type: ignore[union-attr]
                     f"{_images(board, group - wrong)}") for x in sorted(wrong)]
        out.violations += [rule.violation(loc, text, sub="zone-shape") for loc, text in sorted(odd)]
        out.witness.append(f"{name}: {len(zone)} hexes in {len([g for g in whole if g <= zone])} groups of images")
    out.witness.insert(0, f"{p.board}: {len(cells)} hexes in {len(seen)} groups of images {what}")
    return out
