"""Named rules on hex maps whose counties are grouped into districts by border strips.

* ``hex-zones``: nested player-count zones (each connected, without holes, each inside the next,
  the largest covering the board), and one token per county in play for every choice of teams.
* ``hex-district-supply``: enough border strips and district markers for the worst case, strips the
  length of a county edge and no wider than a slot, tokens that fit a county between its slots.
  The worst case: a finished board of D districts over n counties with E interior edges uses
  E - (n - D) borders at most (a district of k counties holds k - 1 inner edges), and one team can
  win every district; D is the most disjoint districts of ``min_size`` counties (the witness).
* ``hex-districts``: what a legal district is (``min_size`` connected counties that leave no
  pocket too small to become one); ``genpnp check-district`` decides one with this rule.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any

from genpnp.content.schema import Bool, Int, Length, ListOf, Str, fld
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM, fmt_mm
from genpnp.model import hexgrid
from genpnp.model import rulerefs as refs
from genpnp.model.hexmap import HexMap
from genpnp.model.rulespec import PATH, Outcome, Rule, rule_kind
from genpnp.rules.district_search import max_disjoint_districts


def _cell_loc(board: HexMap, coord: tuple[int, int]) -> Loc:
    cell = board.cell_at(coord)
    return cell.loc if cell is not None else board.loc


@dataclass(frozen=True, kw_only=True)
class ZonesParams:
    board: str = fld(PATH, doc="the hex map", example="board")
    zones: tuple = fld(
        ListOf(Str(), min_len=1),
        doc="the zones, smallest first, for 2, 3, ... players",
        example=["two-players", "three-players", "four-players"],
    )
    players: tuple = fld(ListOf(Int(1, 20), min_len=1), doc="the player count of each zone", example=[2, 3, 4])
    tokens: str = fld(PATH, doc="the tokens laid one per county", example="voters")
    team: str = fld(Str(), "party", "the tokens' field naming a team")
    teams: tuple = fld(ListOf(Str(), min_len=1), doc="the teams, one per player", example=["red", "blue"])
    neutral: str = fld(Str(), "", "the team value of tokens every game uses")


@rule_kind(
    "hex-zones",
    ZonesParams,
    "nested player-count zones, and one token per county in play",
    {
        "id": "zones",
        "hex-zones": {
            "board": "board",
            "zones": ["two", "three"],
            "players": [2, 3],
            "tokens": "voters",
            "teams": ["red", "blue", "green"],
        },
    },
)
def run_zones(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    board = refs.resolve(game, p.board)
    out = Outcome(paths=[p.board, p.tokens], checked=f"zones {', '.join(p.zones)} of {p.board}")
    names = {z.name: z for z in board.zone_sets}
    missing = [n for n in p.zones if n not in names]
    if missing or len(p.zones) != len(p.players):
        out.violations.append(
            rule.violation(
                refs.key_loc(board.loc, "zones"),
                f"the board needs the zones {', '.join(missing) or 'one per player count'}",
            )
        )
        return out
    per_team: Counter[str] = Counter()
    for r in refs.records(refs.resolve(game, p.tokens)):
        per_team[str(r.fields.get(p.team))] += r.qty
    cells = [board.zone(n) for n in p.zones]
    for name, players, zone in zip(p.zones, p.players, cells):
        zloc = names[name].zone.loc
        for teams in combinations(p.teams, players):
            tokens = sum(per_team[t] for t in teams) + per_team[p.neutral]
            if tokens != len(zone):
                out.violations.append(
                    rule.violation(
                        zloc,
                        f"with {players} players ({', '.join(teams)}) {tokens} "
                        f"tokens are in play for {len(zone)} counties",
                        sub="tokens-per-county",
                    )
                )
                break
        for group in hexgrid.components(zone)[1:]:
            out.violations += [
                rule.violation(
                    _cell_loc(board, c), f"{name}: {c} is cut off from the rest of the zone", sub="zone-connected"
                )
                for c in sorted(group)
            ]
        for hole in hexgrid.holes(zone):
            out.violations += [
                rule.violation(_cell_loc(board, c), f"{name}: {c} is a hole inside the zone", sub="zone-no-holes")
                for c in sorted(hole)
            ]
        out.witness.append(f"{name}: {len(zone)} counties, {players} players")
    for (small, a), (big, b) in zip(zip(p.zones, cells), list(zip(p.zones, cells))[1:]):
        out.violations += [
            rule.violation(_cell_loc(board, c), f"{c} is in {small} but not in {big}", sub="zones-nested")
            for c in sorted(a - b)
        ]
    out.violations += [
        rule.violation(_cell_loc(board, c), f"{c} is on the board but in no zone", sub="zones-nested")
        for c in sorted(board.coords() - cells[-1])
    ]
    return out


@dataclass(frozen=True, kw_only=True)
class SupplyParams:
    board: str = fld(PATH, doc="the hex map", example="board")
    zone: str = fld(Str(), "", "the zone of the largest game (default: the whole board)")
    min_size: int = fld(Int(1, 50), doc="counties in the smallest district", example=4)
    borders: str = fld(PATH, doc="the border strips", example="borders")
    markers: str = fld(PATH, doc="the district markers", example="markers")
    team: str = fld(Str(), "party", "the markers' field naming a team")
    teams: tuple = fld(ListOf(Str(), min_len=1), doc="the teams", example=["red", "blue"])
    tokens: str = fld(PATH, "", "tokens laid in a county (they must fit between its slots)")
    tolerance: float = fld(Length(), 0.3 * MM, "allowed difference of sizes")


@rule_kind(
    "hex-district-supply",
    SupplyParams,
    "enough border strips and district markers for the worst case",
    {
        "id": "supply",
        "hex-district-supply": {
            "board": "board",
            "min_size": 4,
            "borders": "borders",
            "markers": "markers",
            "teams": ["red", "blue"],
        },
    },
)
def run_supply(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    board = refs.resolve(game, p.board)
    cells = board.zone(p.zone) if p.zone in {z.name for z in board.zone_sets} else board.coords()
    bound = max_disjoint_districts(hexgrid.adjacency(cells), p.min_size)
    most = bound.upper
    edges = len(hexgrid.interior_edges(cells))
    need = edges - len(cells) + most
    out = Outcome(paths=[p.borders, p.markers, p.board], checked=f"supply for {len(cells)} counties")
    out.witness.append(f"at most {most} districts of {p.min_size}+ counties (lower bound {bound.lower})")
    out.witness.append(f"borders: {edges} interior edges - ({len(cells)} counties - {most} districts) = {need}")
    borders = refs.resolve(game, p.borders)
    if borders.piece_count() < need:
        out.violations.append(
            rule.violation(
                refs.path_loc(game, p.borders),
                f"{borders.piece_count()} border strips; a finished {len(cells)}-county board can need {need}",
                sub="border-count",
            )
        )
    length, width = max(borders.size), min(borders.size)
    if abs(length - board.hex_size) > p.tolerance or not 2 * MM <= width <= board.slot_width + p.tolerance:
        out.violations.append(
            rule.violation(
                refs.key_loc(borders.loc, "size"),
                f"strips are {fmt_mm(length)} x {fmt_mm(width)}; a county edge is "
                f"{fmt_mm(board.hex_size)}, a slot {fmt_mm(board.slot_width)} wide",
                sub="border-size",
            )
        )
    markers = refs.resolve(game, p.markers)
    per_team: Counter[str] = Counter()
    for r in refs.records(markers):
        per_team[str(r.fields.get(p.team))] += r.qty
    out.witness.append("markers: " + ", ".join(f"{t} {per_team[t]}" for t in p.teams) + f" (need {most} each)")
    for team in p.teams:
        if per_team[team] < most:
            out.violations.append(
                rule.violation(
                    refs.path_loc(game, p.markers),
                    f"{team} has {per_team[team]} district markers; a team can win up to {most} districts",
                    sub="markers-per-party",
                )
            )
    if p.tokens:
        tokens = refs.resolve(game, p.tokens)
        room = 3**0.5 * board.hex_size - (board.slot_width if board.slots else 0.0)
        if max(tokens.size) > room + p.tolerance:
            out.violations.append(
                rule.violation(
                    refs.key_loc(tokens.loc, "size"),
                    f"tokens are {fmt_mm(max(tokens.size))}; a county has {fmt_mm(room)} between its slots",
                    sub="token-fits-county",
                )
            )
    return out


@dataclass(frozen=True, kw_only=True)
class DistrictParams:
    board: str = fld(PATH, doc="the hex map", example="board")
    min_size: int = fld(Int(1, 50), doc="counties in the smallest district", example=4)
    unsplittable: bool = fld(Bool(), True, "a district that could be split into two legal ones is not legal")
    zones: tuple = fld(ListOf(Str()), (), "the zone in play for each player count (check-district --players)")
    players: tuple = fld(ListOf(Int(1, 20)), (), "the player counts of those zones")


@rule_kind(
    "hex-districts",
    DistrictParams,
    "what a legal district is; every zone can hold one",
    {"id": "districts", "hex-districts": {"board": "board", "min_size": 4}},
)
def run_districts(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    board = refs.resolve(game, p.board)
    out = Outcome(paths=[p.board], checked=f"districts of {p.min_size}+ connected counties on {p.board}")
    for name in p.zones or ("",):
        cells = board.zone(name) if name else board.coords()
        bound = max_disjoint_districts(hexgrid.adjacency(cells), p.min_size)
        out.witness.append(f"{name or 'board'}: {len(cells)} counties, {bound.lower}-{bound.upper} disjoint districts")
        if bound.upper < 1:
            out.violations.append(
                rule.violation(
                    refs.key_loc(board.loc, "hexes"), f"{name or 'the board'} holds no district", sub="districts"
                )
            )
    return out
