"""Redistrict: the precinct map tiles Washington, counties hold together, the track matches the map,
and the board leaves room for enough legal districts (population 9 to 11, started from the map's
border or from an existing district).

The data live in ``data/precincts.yaml`` (hexes ``{q, r, county, pop, party}`` and ``regions``, the counties) and
``data/track.yaml`` (``spaces`` and ``expect``) of the game folder; every violation names the file:line
of the offending hex, county or space.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from genpnp.content.project import shown
from genpnp.content.yamlload import LList, LMap, load_file
from genpnp.errors import ContentError, Loc, Violation
from genpnp.rules import hexgrid
from genpnp.rules.district_search import search_disjoint_districts
from genpnp.rules.districts import explain_district

PRECINCTS = "data/precincts.yaml"
TRACK = "data/track.yaml"
MIN_POP, MAX_POP = 9, 11
PLAYABLE = 10  # disjoint legal districts the map must hold (two teams racing to 5)
PARTIES = ("red", "blue")
BALANCE_TOLERANCE = 0.1  # a population gap above this share of the total is worth a warning
SEARCH_BUDGET = 100_000

Hex = tuple[int, int]


@dataclass
class Precinct:
    hex: Hex
    county: str
    pop: int
    party: str
    loc: Loc


@dataclass
class RedistrictData:
    precincts: dict[Hex, Precinct] = field(default_factory=dict)
    counties: dict[str, Loc] = field(default_factory=dict)
    spaces: list[tuple[dict, Loc]] = field(default_factory=list)
    expect: dict[str, tuple[int, Loc]] = field(default_factory=dict)
    problems: list[Violation] = field(default_factory=list)

    def graph(self) -> dict[Hex, frozenset[Hex]]:
        return hexgrid.adjacency(self.precincts)


def _read(game: Any, rel: str, out: list[Violation]) -> LMap | None:
    path = game.root / rel
    name = shown(path)
    if not path.is_file():
        out.append(Violation(game.meta.loc, "data-file", f"{rel} is missing from the game folder"))
        return None
    try:
        data = load_file(path, name)
    except ContentError as exc:
        out.extend(Violation(p.loc, "data-file", p.message) for p in exc.problems)
        return None
    if not isinstance(data, LMap):
        out.append(Violation(Loc(name, 1, 1), "data-file", "expected a mapping at the top level"))
        return None
    return data


def _list(data: LMap, key: str, out: list[Violation]) -> LList:
    value = data.get(key)
    if not isinstance(value, LList):
        out.append(Violation(data.loc_of(key), "data-file", f'"{key}" must be a list'))
        return LList(loc=data.loc)
    return value


def hx(cell: Hex) -> str:
    return f"hex {cell[0]},{cell[1]}"


def load(game: Any) -> RedistrictData:
    """The map and track with the location of every hex, county and space; format problems collected."""
    d = RedistrictData()
    add = d.problems.append
    pre = _read(game, PRECINCTS, d.problems)
    if pre is not None:
        counties = _list(pre, "regions", d.problems)
        for i, c in enumerate(counties):
            name = c.get("name") if isinstance(c, dict) else None
            if not isinstance(name, str):
                add(Violation(counties.loc_of(i), "data-file", "a county needs a name"))
            elif name in d.counties:
                add(Violation(counties.loc_of(i), "county-duplicate", f'"{name}" is listed twice'))
            else:
                d.counties[name] = counties.loc_of(i)
        hexes = _list(pre, "hexes", d.problems)
        for i, h in enumerate(hexes):
            loc = hexes.loc_of(i)
            if not isinstance(h, dict) or not all(isinstance(h.get(k), int) for k in ("q", "r")):
                add(Violation(loc, "data-file", "a precinct needs whole-number q and r"))
                continue
            cell, pop, party = (h["q"], h["r"]), h.get("pop"), h.get("party")
            if cell in d.precincts:
                line = d.precincts[cell].loc.line
                add(Violation(loc, "precinct-duplicate", f"{hx(cell)} is already at line {line}"))
                continue
            ok_pop = pop in (1, 2) and not isinstance(pop, bool)
            county = str(h.get("county", ""))
            people = pop if isinstance(pop, int) and ok_pop else 0
            d.precincts[cell] = Precinct(cell, county, people, str(party), loc)
            if not ok_pop:
                add(Violation(loc, "precinct-population", f"{hx(cell)} has population {pop!r}: 1 or 2"))
            if party not in PARTIES:
                add(Violation(loc, "precinct-party", f"{hx(cell)} is {party!r}; it must be red or blue"))
    tr = _read(game, TRACK, d.problems)
    if tr is not None:
        spaces = _list(tr, "spaces", d.problems)
        d.spaces = [(s if isinstance(s, dict) else {}, spaces.loc_of(i)) for i, s in enumerate(spaces)]
        expect = tr.get("expect")
        if isinstance(expect, LMap):
            d.expect = {str(k): (v, expect.loc_of(k)) for k, v in expect.items() if isinstance(v, int)}
        else:
            add(Violation(tr.loc_of("expect"), "data-file", '"expect" maps each space kind to a count'))
    return d


def check_map(d: RedistrictData) -> list[Violation]:
    out: list[Violation] = []
    add, cells = out.append, d.precincts
    if not cells:
        return out
    for group in hexgrid.components(cells)[1:]:
        first = cells[min(group)]
        add(Violation(first.loc, "map-connected", f"{len(group)} precinct(s) from {hx(first.hex)} cut off"))
    for hole in hexgrid.holes(cells):
        gap = min(hole)
        near = min((c for c in cells if hexgrid.distance(c, gap) == 1), default=min(cells))
        add(Violation(cells[near].loc, "map-holes", f"the map has a hole at {hx(gap)} ({len(hole)} hex(es))"))
    by_county: dict[str, list[Hex]] = {}
    for cell, p in cells.items():
        by_county.setdefault(p.county, []).append(cell)
        if p.county not in d.counties:
            add(Violation(p.loc, "precinct-county", f'{hx(cell)} names unknown county "{p.county}"'))
    for name, members in sorted(by_county.items()):
        parts = hexgrid.components(members)
        for part in parts[1:]:
            p = cells[min(part)]
            add(Violation(p.loc, "county-connected",
                          f"{name} is in {len(parts)} pieces; {hx(p.hex)} ({len(part)} hexes) lies apart"))
    for name, loc in d.counties.items():
        if name not in by_county:
            add(Violation(loc, "county-empty", f"{name} has no precincts on the map"))
    return out


def check_track(d: RedistrictData) -> list[Violation]:
    out: list[Violation] = []
    add = out.append
    kinds = Counter(str(s.get("kind", "")) for s, _ in d.spaces)
    for s, loc in d.spaces:
        if str(s.get("kind", "")) not in d.expect:
            add(Violation(loc, "track-counts", f'space kind {s.get("kind")!r} is not in "expect"'))
    for kind_name, (want, loc) in sorted(d.expect.items()):
        if kinds[kind_name] != want:
            have = kinds[kind_name]
            add(Violation(loc, "track-counts", f"{have} {kind_name} space(s) on the track, {want} expected"))
    on_map = {p.county for p in d.precincts.values()}
    seen: dict[str, Loc] = {}
    for s, loc in d.spaces:
        if s.get("kind") != "county":
            continue
        name = str(s.get("county", ""))
        if name not in on_map:
            add(Violation(loc, "track-counties", f'the track names "{name}", which is not on the map'))
        elif name in seen:
            add(Violation(loc, "track-counties", f"{name} is on the track twice (line {seen[name].line})"))
        seen.setdefault(name, loc)
    for name in sorted(on_map - set(seen)):
        loc = d.counties.get(name) or min(p.loc for p in d.precincts.values() if p.county == name)
        add(Violation(loc, "track-counties", f"{name} is on the map but has no space on the track"))
    return out


def check_playable(d: RedistrictData, at: Loc) -> list[Violation]:
    """Enough disjoint legal districts, and how the two parties' populations compare."""
    graph = d.graph()
    pops = {c: p.pop for c, p in d.precincts.items()}
    out: list[Violation] = []
    res = search_disjoint_districts(graph, pops, min_pop=MIN_POP, max_pop=MAX_POP, count=PLAYABLE,
                                    border=hexgrid.boundary_cells(graph), node_budget=SEARCH_BUDGET)
    want = f"{PLAYABLE} disjoint districts of population {MIN_POP} to {MAX_POP}"
    if res.status == "impossible":
        out.append(Violation(at, "playable-districts", f"the map cannot hold {want}"))
    elif res.status == "undecided":
        message = f"undecided after {res.visited} steps: {want}"
        out.append(Violation(at, "playable-districts", message, "warning"))
    red = sum(p.pop for p in d.precincts.values() if p.party == "red")
    blue = sum(p.pop for p in d.precincts.values() if p.party == "blue")
    gap = abs(red - blue)
    severity = "warning" if gap > BALANCE_TOLERANCE * max(red + blue, 1) else "info"
    out.append(Violation(at, "party-balance", f"population red {red}, blue {blue} (gap {gap})", severity))
    return out


def check(game: Any) -> list[Violation]:
    d = load(game)
    out = list(d.problems) + check_map(d) + check_track(d)
    if d.precincts and not any(v.severity == "error" for v in out):
        out += check_playable(d, Loc(shown(game.root / PRECINCTS), 1, 1))
    return out


# ---------------------------------------------------------------- one district


def parse_hexes(words: list[str]) -> tuple[list[Hex], list[str]]:
    """``"q,r"`` words (a word may hold several, split by spaces or ;) -> hexes, and words not understood."""
    cells: list[Hex] = []
    bad: list[str] = []
    for word in words:
        for token in re.split(r"[\s;]+", word.strip()):
            if not token:
                continue
            m = re.fullmatch(r"(-?\d+),(-?\d+)", token)
            if m:
                cells.append((int(m.group(1)), int(m.group(2))))
            else:
                bad.append(token)
    return cells, bad


def parse_taken(groups: list[list[str]]) -> tuple[list[Hex], list[str]]:
    """Existing districts; the CLI splits each on commas, so the integers are paired up again here."""
    cells: list[Hex] = []
    bad: list[str] = []
    for group in groups:
        text = ",".join(group)
        numbers = re.findall(r"-?\d+", text)
        if len(numbers) % 2 or re.sub(r"[-\d,;\s]", "", text):
            bad.append(text)
            continue
        cells.extend((int(numbers[i]), int(numbers[i + 1])) for i in range(0, len(numbers), 2))
    return cells, bad


def check_district(game: Any, members: list[str], taken: list[list[str]]) -> tuple[bool, list[str]]:
    """Is ``members`` (precincts as "q,r") a legal new district next to the ``taken`` districts?"""
    d = load(game)
    cells, bad = parse_hexes(members)
    taken_cells, bad_taken = parse_taken(taken)
    lines = [f"bad-precinct: {w!r} is not a precinct written q,r" for w in bad + bad_taken]
    graph = d.graph()
    pops = {c: p.pop for c, p in d.precincts.items()}
    unknown_taken = [c for c in taken_cells if c not in graph]
    lines += [f"unknown-node: taken precinct {q},{r} is not on the map" for q, r in unknown_taken]
    border = hexgrid.boundary_cells(graph)
    failed = explain_district(cells, graph, population=pops, min_pop=MIN_POP, max_pop=MAX_POP,
                              border=border, taken=frozenset(taken_cells), need_start=True)
    if "no-start" in failed:
        failed["no-start"] = "no precinct lies on the map border or shares an edge with an existing district"
    lines += [f"{rule}: {message}" for rule, message in failed.items()]
    if lines:
        return False, lines
    members_set = set(cells)
    red = sum(pops[c] for c in members_set if d.precincts[c].party == "red")
    blue = sum(pops[c] for c in members_set if d.precincts[c].party == "blue")
    winner = "red controls it" if red > blue else "blue controls it" if blue > red else "a tie"
    summary = f"population {red + blue} (red {red}, blue {blue})"
    return True, [f"legal district: {len(members_set)} precincts, {summary}, {winner}"]
