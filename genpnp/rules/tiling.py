"""Cutting a grid map into districts: an exact cover of its cells by polyominoes of ``group`` cells.

The answer is sound and complete. Each connected region is solved on its own by the search in
:mod:`genpnp.rules.polyomino`; a node budget guards the worst case: running out of it gives
:class:`Undecided`, never a verdict. This module turns the answers into map verdicts
(:func:`validate_map`, ``genpnp check-map``) and draws a cutting as letters.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path

from genpnp.content.gridmap import GridMap, load_map
from genpnp.core.errors import ContentError, Violation
from genpnp.core.records import dataclass
from genpnp.rules.polyomino import STEPS, Coord, OutOfBudget, Search, regions, shapes, where

MAX_NODES = 200_000
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True)
class Cutting:
    """A partition of the cells into connected groups (each sorted, in reading order)."""

    groups: tuple[tuple[Coord, ...], ...]
    nodes: int = 0


@dataclass(frozen=True)
class NoCutting:
    """Proof that no cutting exists; ``cells`` are the cells the reason is about (focus first)."""

    reason: str
    cells: tuple[Coord, ...]
    kind: str  # "cell-count", "region", "uncoverable" or "exhausted"
    nodes: int = 0


@dataclass(frozen=True)
class Undecided:
    """The node budget ran out before the search could find a cutting or rule one out."""

    reason: str
    cells: tuple[Coord, ...]
    nodes: int = 0


Result = Cutting | NoCutting | Undecided

def find_cutting(cells: Iterable[Coord], group: int = 4, max_nodes: int = MAX_NODES) -> Result:
    """Cut ``cells`` into connected groups of ``group`` cells, or say why that is impossible."""
    everything = sorted(set(cells))
    if group < 1:
        raise ValueError("group must be at least 1")
    if len(everything) % group:
        extra = len(everything) % group
        return NoCutting(
            f"{len(everything)} cells is not a multiple of {group}: {extra} cell(s) too many "
            f"or {group - extra} too few",
            tuple(everything),
            "cell-count",
        )
    parts = regions(everything)
    for part in parts:
        if len(part) % group:
            return NoCutting(
                f"the region of {len(part)} cells at {where(part[0])} is cut off from the rest "
                f"and {len(part)} is not a multiple of {group}",
                tuple(part),
                "region",
            )
    budget = [max_nodes]
    groups: list[tuple[Coord, ...]] = []
    for part in sorted(parts, key=len):
        search = Search(part, group, budget)
        try:
            found = search.run()
        except OutOfBudget:
            return Undecided(
                f"undecided: the search stopped after {max_nodes} steps in the region of {len(part)} "
                f"cells at {where(part[0])} without finding a cutting or ruling one out",
                tuple(part),
                max_nodes,
            )
        nodes = max_nodes - budget[0]
        if found is None:
            if search.cause is not None:
                kind, reason, concerned = search.cause
                return NoCutting(reason, concerned, kind, nodes)
            return NoCutting(
                f"exhaustive search found no cutting of the region of {len(part)} cells at "
                f"{where(part[0])}: every way to cover the cell at {where(search.focus)} fails "
                f"({nodes} steps)",
                (search.focus, *part),
                "exhausted",
                nodes,
            )
        groups.extend(found)
    return Cutting(tuple(sorted(tuple(sorted(g)) for g in groups)), max_nodes - budget[0])


def is_partition(cells: Iterable[Coord], groups: Iterable[Iterable[Coord]], group: int = 4) -> bool:
    """True when ``groups`` are connected groups of ``group`` cells covering ``cells`` exactly once."""
    seen: list[Coord] = []
    for g in groups:
        members = list(g)
        if len(members) != group or len(set(members)) != group or len(regions(members)) != 1:
            return False
        seen.extend(members)
    return len(seen) == len(set(seen)) and set(seen) == set(cells)


def format_cutting(cells: GridMap | Iterable[Coord], cutting: Cutting) -> str:
    """The map as text, one letter per group (touching groups differ), ``.`` where there is no cell."""
    coords = list(cells.coords if isinstance(cells, GridMap) else cells)
    owner = {cell: i for i, g in enumerate(cutting.groups) for cell in g}
    letters: dict[int, str] = {}
    for i, g in enumerate(cutting.groups):
        taken = {letters.get(owner.get((r + dr, c + dc), -1)) for r, c in g for dr, dc in STEPS}
        start = i % len(LETTERS)
        rotated = LETTERS[start:] + LETTERS[:start]
        letters[i] = next((ch for ch in rotated if ch not in taken), "*")
    if not coords:
        return ""
    top, left = min(r for r, _ in coords), min(c for _, c in coords)
    bottom, right = max(r for r, _ in coords), max(c for _, c in coords)
    rows = []
    for r in range(top, bottom + 1):
        rows.append(
            "".join(
                letters[owner[(r, c)]] if (r, c) in owner else ("?" if (r, c) in coords else ".")
                for c in range(left, right + 1)
            )
        )
    return "\n".join(rows)


def _verdict(gm: GridMap) -> tuple[list[Violation], Result | None]:
    if len(gm.cells) % gm.group:
        extra = len(gm.cells) % gm.group
        return [
            Violation(
                gm.rows_loc,
                "map-cell-count",
                f"{gm.name} has {len(gm.cells)} cells, not a multiple of {gm.group}: "
                f"remove {extra} or add {gm.group - extra}",
            )
        ], None
    result = find_cutting(gm.coords, gm.group)
    if isinstance(result, Cutting):
        return [], result
    focus = result.cells[0] if result.cells else None
    loc = gm.cell_loc(*focus) if focus else gm.rows_loc
    return [
        Violation(
            loc,
            "map-cuttable",
            f"{gm.name} cannot be cut into districts of {gm.group}: {result.reason}"
            if isinstance(result, NoCutting)
            else f"{gm.name}: {result.reason}",
        )
    ], result


def validate_map(gm: GridMap) -> list[Violation]:
    """Rule violations of one map: map-cell-count, map-cuttable."""
    return _verdict(gm)[0]


def check_map(path: Path, group: int | None = None) -> tuple[int, str]:
    """Exit code and text for ``genpnp check-map PATH [--group N]``."""
    try:
        gm = load_map(path)
    except ContentError as exc:
        return 1, "\n".join(exc.lines())
    if group is not None:
        gm = replace(gm, group=group)
    violations, result = _verdict(gm)
    if violations or not isinstance(result, Cutting):
        return 1, "\n".join(str(v) for v in violations)
    summary = f"{gm.name}: {len(gm.cells)} cells, {len(result.groups)} groups of {gm.group}"
    return 0, format_cutting(gm, result) + "\n" + summary


__all__ = [
    "STEPS", "Coord", "Cutting", "NoCutting", "Undecided", "Result", "MAX_NODES", "find_cutting", "is_partition",
    "format_cutting", "validate_map", "check_map", "shapes", "regions", "where",
]
