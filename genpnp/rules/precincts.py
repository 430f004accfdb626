"""The named rule ``precinct-map``: a hex map of precincts grouped in counties, districts by population.

The map (a hex map, or the inner map of a track board) has hexes ``{q, r, county, pop, party}``.
The rule proves: hexes carry only the declared fields (a misspelt key gets "did you mean"), the map
is connected and without holes, every county is one connected piece and has a space on the track
(``track``, entries with ``county``), and the map holds ``playable`` disjoint districts of population
``min_pop`` to ``max_pop`` (the witness: the districts found). It reports how the parties compare by
population and by precincts (a track space that pays per precinct favours the party with more).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from genpnp.content.schema import Bool, Int, ListOf, Num, Str, fld
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.records import dataclass
from genpnp.model import hexgrid
from genpnp.model import rulerefs as refs
from genpnp.model.rulespec import PATH, Outcome, Rule, rule_kind
from genpnp.rules.district_search import search_disjoint_districts

Hex = tuple[int, int]


@dataclass(frozen=True, kw_only=True)
class PrecinctParams:
    map: str = fld(PATH, doc="the hex map of precincts", example="board.inner")
    track: str = fld(PATH, "", "the track spaces; those with a county field must name each county once")
    county: str = fld(Str(), "county", "the field naming a precinct's county")
    pop: str = fld(Str(), "pop", "the field of a precinct's population")
    party: str = fld(Str(), "party", "the field of a precinct's party")
    parties: tuple = fld(ListOf(Str(), min_len=2), doc="the parties", example=["red", "blue"])
    pops: tuple = fld(ListOf(Int(0, 100), min_len=1), (1, 2), "the populations a precinct may have")
    min_pop: int = fld(Int(1, 10000), doc="least population of a district", example=9)
    max_pop: int = fld(Int(1, 10000), doc="most population of a district", example=11)
    playable: int = fld(Int(1, 1000), doc="disjoint legal districts the map must hold", example=10)
    balance: float = fld(Num(0.0, 1.0), 0.1, "a gap between the parties above this share is a warning")
    budget: int = fld(Int(1000, 10_000_000), 100_000, "search steps before the playable check gives up")
    pegs: bool = fld(
        Bool(), False, "a district's outline is closed with pegs in the map's peg holes, one per corner; a corner "
        "that already holds a peg (on an earlier district's outline) is shared and costs none; check-district "
        "reports the cost, and the map must draw peg holes"
    )


@dataclass
class Precinct:
    hex: Hex
    county: str
    pop: int
    party: str
    loc: Loc


def hx(cell: Hex) -> str:
    return f"hex {cell[0]},{cell[1]}"


def precincts(game: Any, p: PrecinctParams, out: Outcome | None, rule: Rule | None) -> dict[Hex, Precinct]:
    """The map's precincts; problems with a hex's fields go to ``out``."""
    board = refs.resolve(game, p.map)
    known = ("q", "r", p.county, p.pop, p.party)
    cells: dict[Hex, Precinct] = {}
    for c in board.cells:
        pop, party = c.fields.get(p.pop), c.fields.get(p.party)
        if out is not None and rule is not None:
            for key in c.fields:
                if key not in known:
                    out.violations.append(
                        rule.violation(
                            c.loc,
                            f'unknown key "{key}" in a precinct{did_you_mean(str(key), known)}',
                            sub="precinct-fields",
                        )
                    )
            if pop not in p.pops or isinstance(pop, bool):
                out.violations.append(
                    rule.violation(
                        c.loc, f"{hx(c.coord)} has {p.pop} {pop!r}: one of {list(p.pops)}", sub="precinct-population"
                    )
                )
            if party not in p.parties:
                out.violations.append(
                    rule.violation(
                        c.loc,
                        f"{hx(c.coord)} is {party!r}; it must be one of {', '.join(p.parties)}",
                        sub="precinct-party",
                    )
                )
        people = pop if isinstance(pop, int) and not isinstance(pop, bool) and pop in p.pops else 0
        cells[c.coord] = Precinct(c.coord, str(c.fields.get(p.county, "")), people, str(party), c.loc)
    return cells


def peg_cost(district: frozenset, taken: frozenset) -> tuple[int, int, int]:
    """(pegs to push in, corners of the outline, corners already holding a peg). A corner of the outline
    already holds a peg when a taken hex meets it: it lies on an earlier district's outline."""
    corners = hexgrid.outline_corners(district)
    pinned = [c for c in corners if c & taken]
    return len(corners) - len(pinned), len(corners), len(pinned)


def _map_shape(cells: dict[Hex, Precinct], rule: Rule, out: Outcome) -> None:
    add = out.violations.append
    for group in hexgrid.components(cells)[1:]:
        first = cells[min(group)]
        add(rule.violation(first.loc, f"{len(group)} precinct(s) from {hx(first.hex)} cut off", sub="map-connected"))
    for hole in hexgrid.holes(cells):
        gap = min(hole)
        near = min((c for c in cells if hexgrid.distance(c, gap) == 1), default=min(cells))
        add(rule.violation(cells[near].loc, f"the map has a hole at {hx(gap)} ({len(hole)} hex(es))", sub="map-holes"))
    by_county: dict[str, list[Hex]] = {}
    for cell, pr in cells.items():
        by_county.setdefault(pr.county, []).append(cell)
    for name, members in sorted(by_county.items()):
        parts = hexgrid.components(members)
        for part in parts[1:]:
            pr = cells[min(part)]
            add(
                rule.violation(
                    pr.loc,
                    f"{name} is in {len(parts)} pieces; {hx(pr.hex)} ({len(part)} hexes) lies apart",
                    sub="county-connected",
                )
            )


def _track(game: Any, p: PrecinctParams, cells: dict[Hex, Precinct], rule: Rule, out: Outcome) -> None:
    on_map = {pr.county for pr in cells.values()}
    seen: dict[str, Loc] = {}
    for rec in refs.records(refs.resolve(game, p.track)):
        name = rec.fields.get(p.county)
        if name in (None, ""):
            continue
        if str(name) not in on_map:
            out.violations.append(
                rule.violation(
                    rec.loc,
                    f'the track names "{name}", which is not on the map{did_you_mean(str(name), on_map)}',
                    sub="track-counties",
                )
            )
        elif name in seen:
            out.violations.append(
                rule.violation(rec.loc, f"{name} is on the track twice (line {seen[name].line})", sub="track-counties")
            )
        seen.setdefault(str(name), rec.loc)
    for name in sorted(on_map - set(seen)):
        loc = min(pr.loc for pr in cells.values() if pr.county == name)
        out.violations.append(
            rule.violation(loc, f"{name} is on the map but has no space on the track", sub="track-counties")
        )
    out.witness.append(f"track: {len(seen)} county spaces for {len(on_map)} counties")


@rule_kind(
    "precinct-map",
    PrecinctParams,
    "a precinct map: connected counties, a track space each, enough districts",
    {
        "id": "map",
        "precinct-map": {
            "map": "board.inner",
            "track": "board.spaces",
            "parties": ["red", "blue"],
            "min_pop": 9,
            "max_pop": 11,
            "playable": 10,
        },
    },
)
def run_precincts(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(
        paths=[p.map, p.track],
        checked=f"{p.map}: counties, track, {p.playable} districts of population {p.min_pop}-{p.max_pop}",
    )
    cells = precincts(game, p, out, rule)
    if not cells:
        return out
    _map_shape(cells, rule, out)
    if p.track:
        _track(game, p, cells, rule, out)
    if p.pegs and not getattr(refs.resolve(game, p.map), "pegs", False):
        out.violations.append(
            rule.violation(
                refs.path_loc(game, p.map), f"districts are closed with pegs, but {p.map} draws no peg holes "
                "(pegs: true)", sub="peg-holes"
            )
        )
    if any(v.severity == "error" for v in out.violations):
        return out
    graph = hexgrid.adjacency(cells)
    pops = {c: pr.pop for c, pr in cells.items()}
    res = search_disjoint_districts(
        graph,
        pops,
        min_pop=p.min_pop,
        max_pop=p.max_pop,
        count=p.playable,
        border=hexgrid.boundary_cells(graph),
        node_budget=p.budget,
    )
    want = f"{p.playable} disjoint districts of population {p.min_pop} to {p.max_pop}"
    at = refs.path_loc(game, p.map)
    if res.status == "impossible":
        out.violations.append(rule.violation(at, f"the map cannot hold {want}", sub="playable-districts"))
    elif res.status == "undecided":
        out.violations.append(
            rule.violation(at, f"undecided after {res.visited} steps: {want}", "warning", sub="playable-districts")
        )
    for i, d in enumerate(res.districts or ()):
        total = sum(pops[c] for c in d)
        out.witness.append(f"district {i + 1} (population {total}): " + " ".join(f"{q},{r}" for q, r in sorted(d)))
    _balance(cells, p, rule, out, at)
    return out


def _balance(cells: dict[Hex, Precinct], p: PrecinctParams, rule: Rule, out: Outcome, at: Loc) -> None:
    """Population and precincts per party: a county space pays per precinct, so both must be close."""
    people: Counter[str] = Counter()
    count: Counter[str] = Counter()
    for pr in cells.values():
        people[pr.party] += pr.pop
        count[pr.party] += 1
    for what, tally in (("population", people), ("precincts", count)):
        values = [tally[x] for x in p.parties]
        gap = max(values) - min(values)
        severity = "warning" if gap > p.balance * max(sum(values), 1) / len(values) else "info"
        text = ", ".join(f"{x} {tally[x]}" for x in p.parties)
        out.witness.append(f"{what}: {text} (gap {gap})")
        out.violations.append(rule.violation(at, f"{what} {text} (gap {gap})", severity, sub="party-balance"))
