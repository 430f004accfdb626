"""``genpnp check-district``: decide one proposed district with the game's declared district rule.

The game declares a ``hex-districts`` rule (districts of counties of a minimum size) or a
``precinct-map`` rule (districts by population, started from the map's edge or an existing
district); this module reads the proposed members and answers with the rules that fail.
"""

from __future__ import annotations

import re
from typing import Any

from genpnp.core.errors import UsageError
from genpnp.model import hexgrid
from genpnp.model import rulerefs as refs
from genpnp.rules.districts import explain_district

Hex = tuple[int, int]


def district_rule(game: Any) -> Any:
    for rule in game.meta.rules:
        if rule.kind in ("hex-districts", "precinct-map"):
            return rule
    raise UsageError(f"{game.id} declares no district rule (hex-districts or precinct-map) in its rules")


def _tokens(words: list[str]) -> list[str]:
    return [t for w in words for t in re.split(r"[\s;]+", w.strip()) if t]


def resolve(cells: Any, words: list[str]) -> tuple[list[Hex], list[str]]:
    """County labels ("C4") or axial "q,r" (also split over two words) -> coordinates, and unknown words."""
    labels = {str(c.fields.get("label", "")).upper(): c.coord for c in cells if c.fields.get("label")}
    parts = _tokens(words)
    out: list[Hex] = []
    unknown: list[str] = []
    i = 0
    while i < len(parts):
        tok = parts[i]
        m = re.fullmatch(r"\(?(-?\d+),(-?\d+)\)?", tok)
        if m:
            out.append((int(m.group(1)), int(m.group(2))))
        elif re.fullmatch(r"-?\d+", tok) and i + 1 < len(parts) and re.fullmatch(r"-?\d+", parts[i + 1]):
            out.append((int(tok), int(parts[i + 1])))
            i += 1
        elif tok.upper() in labels:
            out.append(labels[tok.upper()])
        else:
            unknown.append(tok)
        i += 1
    return out, unknown


def stranded(cells: frozenset, district: set, taken: set, min_size: int) -> list[frozenset]:
    """Pockets of free cells, cut off by the district and the taken ones, too small to become a district."""
    free = [c for c in cells if c not in district and c not in taken]
    return [g for g in hexgrid.components(free) if len(g) < min_size]


def taken_words(taken: list[str]) -> list[str]:
    """``--taken`` values (comma-separated labels, or q,r integers paired up) -> words for :func:`resolve`."""
    out: list[str] = []
    for text in taken:
        parts = [x for x in re.split(r"[,;\s]+", text) if x]
        if parts and all(re.fullmatch(r"-?\d+", x) for x in parts):
            if len(parts) % 2:
                out.append(text)
                continue
            out += [f"{parts[i]},{parts[i + 1]}" for i in range(0, len(parts), 2)]
        else:
            out += parts
    return out


def check(
    game: Any, members: list[str], taken: list[str], players: int | None = None, county: str | None = None
) -> tuple[bool, list[str]]:
    rule = district_rule(game)
    taken = taken_words(taken)
    if rule.kind == "hex-districts":
        return _check_counties(game, rule, members, taken, players)
    return _check_precincts(game, rule, members, taken, county)


def _check_counties(
    game: Any, rule: Any, members: list[str], taken: list[str], players: int | None
) -> tuple[bool, list[str]]:
    p = rule.params
    board = refs.resolve(game, p.board)
    cells = board.coords()
    if players is not None:
        if players not in p.players:
            raise UsageError(f"--players {players}: the rule {rule.id} knows {', '.join(map(str, p.players))}")
        cells = board.zone(p.zones[p.players.index(players)])
    in_play = [c for c in board.cells if c.coord in cells]
    coords, unknown = resolve(in_play, members)
    taken_cells, bad = resolve(in_play, taken)
    unknown += bad
    label = {c.coord: str(c.fields.get("label") or f"{c.q},{c.r}") for c in board.cells}
    if unknown:
        where = f" with {players} players" if players else ""
        return False, [f"unknown-node: not a county in play{where}: {', '.join(unknown)}"]
    graph = hexgrid.adjacency(cells)
    named = {label[c]: [label[n] for n in ns] for c, ns in graph.items()}
    failing = explain_district(
        [label[c] for c in coords],
        named,
        min_size=p.min_size,
        taken={label[c] for c in taken_cells},
        unsplittable=p.unsplittable,
    )
    lines = [f"{r}: {m}" for r, m in failing.items()]
    if not failing:
        for pocket in stranded(cells, set(coords), set(taken_cells), p.min_size):
            names = " ".join(label[c] for c in sorted(pocket, key=lambda c: (c[1], c[0])))
            lines.append(
                f"strands-pocket: {names} ({len(pocket)} counties) would be cut off, fewer than "
                f"{p.min_size}: it could never become a district"
            )
    if lines:
        return False, lines
    names = " ".join(label[c] for c in sorted(set(coords), key=lambda c: (c[1], c[0])))
    return True, [f"ok: a legal district of {len(set(coords))} counties: {names}"]


def _check_precincts(
    game: Any, rule: Any, members: list[str], taken: list[str], county: str | None
) -> tuple[bool, list[str]]:
    from genpnp.rules.precincts import peg_cost, precincts

    p = rule.params
    cells = precincts(game, p, None, None)
    board = refs.resolve(game, p.map)
    coords, bad = resolve(board.cells, members)
    taken_cells, bad_taken = resolve(board.cells, taken)
    lines = [f"bad-precinct: {w!r} is not a precinct written q,r" for w in bad + bad_taken]
    graph = hexgrid.adjacency(cells)
    pops = {c: pr.pop for c, pr in cells.items()}
    lines += [f"unknown-node: taken precinct {q},{r} is not on the map" for q, r in taken_cells if (q, r) not in graph]
    border = hexgrid.boundary_cells(graph)
    failed = explain_district(
        coords,
        graph,
        population=pops,
        min_pop=p.min_pop,
        max_pop=p.max_pop,
        border=border,
        taken=frozenset(taken_cells),
        need_start=True,
    )
    if "no-start" in failed:
        failed["no-start"] = "no precinct lies on the map border or shares an edge with an existing district"
    lines += [f"{r}: {m}" for r, m in failed.items()]
    if county is not None and not lines:
        counties = {pr.county.lower() for pr in cells.values()}
        if county.lower() not in counties:
            raise UsageError(f'--county "{county}" is not a county on the map')
        starts = [c for c in coords if c in border or any(n in taken_cells for n in graph[c])]
        if not any(cells[c].county.lower() == county.lower() for c in starts):
            lines.append(
                f"wrong-county: the district must start in {county}, where the counter stands; it starts "
                f"in {', '.join(sorted({cells[c].county for c in starts}))}"
            )
    if lines:
        return False, lines
    members_set = set(coords)
    votes = {x: sum(pops[c] for c in members_set if cells[c].party == x) for x in p.parties}
    top = max(votes.values())
    leaders = [x for x, v in votes.items() if v == top]
    winner = f"{leaders[0]} controls it" if len(leaders) == 1 else "a tie"
    total = sum(votes.values())
    detail = ", ".join(f"{x} {v}" for x, v in votes.items())
    lines = [f"legal district: {len(members_set)} precincts, population {total} ({detail}), {winner}"]
    if p.pegs:
        cost, corners, shared = peg_cost(frozenset(members_set), frozenset(taken_cells))
        lines.append(
            f"pegs: {cost} ({corners} corners on its outline"
            + (f", {shared} of them already pegged by an earlier district" if shared else "")
            + ")"
        )
    return True, lines
