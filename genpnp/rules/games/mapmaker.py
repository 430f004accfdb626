"""Mapmaker: voter tokens, nested player-count zones, border strips, markers, and legal districts.

Counts that depend on the board are computed from it:

* border strips: a border lies between two districts, so a finished board of D districts over n
  counties with E interior edges uses E minus the edges inside districts; a district of k counties
  is connected, so it holds at least k - 1 inner edges. Hence borders <= E - (n - D) <= E - n + D_max
  (186 - 73 + 18 = 131 on the 4-player board), which is what a full game can ever need.
* district markers: a party wins a district when no other party has more votes there (the closer
  breaks ties). Every party has the same 99 votes, so a party can win *every* district only when
  all of them are ties it breaks; unlikely, but the rules allow it, so each party gets D_max markers
  (18). The retail 7 is a practical choice, not a bound: even with 2 players a party can win 8 of 9
  districts (pair its 2..10 against the rival's 1..9, and lose one district holding the rival's 10 and 9).
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import combinations
from typing import Any

from genpnp.errors import Loc, Violation
from genpnp.model.hexmap import HexMap
from genpnp.rules import hexgrid
from genpnp.rules.district_search import max_disjoint_districts
from genpnp.rules.districts import explain_district
from genpnp.units import MM, fmt_mm

PARTIES = ("red", "blue", "yellow", "green")
NEUTRAL = "neutral"
VALUES = Counter({1: 1, 10: 1, **{v: 2 for v in range(2, 10)}})
ZONES = {2: "two-players", 3: "three-players", 4: "four-players"}
MIN_SIZE = 4
TOLERANCE = 0.3 * MM


def _party_counts(voters: Any) -> dict[str, Counter]:
    out: dict[str, Counter] = {p: Counter() for p in (*PARTIES, NEUTRAL)}
    for item in voters.items:
        out.setdefault(str(item.fields.get("party")), Counter())[item.fields.get("value")] += item.qty
    return out


def check_voters(voters: Any) -> list[Violation]:
    out: list[Violation] = []
    expected = {p: VALUES for p in PARTIES} | {NEUTRAL: Counter({0: 1})}
    counts = _party_counts(voters)
    for party, have in counts.items():
        want = expected.get(party)
        items = [i for i in voters.items if str(i.fields.get("party")) == party]
        if want is None:
            out.extend(Violation(i.loc, "party-values", f'unknown party "{party}"') for i in items)
            continue
        for value in sorted(set(have) | set(want), key=str):
            if have[value] > want[value]:
                item = next(i for i in reversed(items) if i.fields.get("value") == value)
                out.append(Violation(item.loc, "party-values", f"{party} has {have[value]} tokens of value "
                                     f"{value}; it needs exactly {want[value]}"))
            elif have[value] < want[value]:
                same = [i.loc for i in items if i.fields.get("value") == value]
                where = same[0] if same else items[-1].loc if items else voters.loc
                out.append(Violation(where, "party-values", f"{party} has {have[value]} tokens of value "
                                     f"{value}; it needs exactly {want[value]}"))
    return out


def check_zones(board: HexMap, voters: Any) -> list[Violation]:
    out: list[Violation] = []
    names = {z.name for z in board.zone_sets}
    missing = [n for n in ZONES.values() if n not in names]
    if missing:
        return [Violation(board.loc, "zones", f"the board needs the zones {', '.join(missing)}")]
    zones = {players: board.zone(name) for players, name in ZONES.items()}
    counts = _party_counts(voters)
    for players, cells in zones.items():
        zloc = next(z.zone.loc for z in board.zone_sets if z.name == ZONES[players])
        for parties in combinations(PARTIES, players):
            tokens = sum(sum(counts[p].values()) for p in parties) + sum(counts[NEUTRAL].values())
            if tokens != len(cells):
                out.append(Violation(zloc, "tokens-per-county", f"with {players} players ({', '.join(parties)}) "
                                     f"{tokens} tokens are in play for {len(cells)} counties"))
                break
        groups = hexgrid.components(cells)
        for group in groups[1:]:
            out.extend(Violation(_cell_loc(board, c), "zone-connected",
                                 f"{ZONES[players]}: {c} is cut off from the rest of the zone") for c in sorted(group))
        for hole in hexgrid.holes(cells):
            out.extend(Violation(_cell_loc(board, c), "zone-no-holes",
                                 f"{ZONES[players]}: {c} is a hole inside the zone") for c in sorted(hole))
    for small, big in ((2, 3), (3, 4)):
        for c in sorted(zones[small] - zones[big]):
            out.append(Violation(_cell_loc(board, c), "zones-nested",
                                 f"{c} is in play with {small} players but not with {big}"))
    for c in sorted(board.coords() - zones[4]):
        out.append(Violation(_cell_loc(board, c), "zones-nested", f"{c} is on the board but never in play"))
    return out


def _cell_loc(board: HexMap, coord: tuple[int, int]) -> Loc:
    cell = board.cell_at(coord)
    return cell.loc if cell is not None else board.loc


def needed_borders(cells: frozenset) -> tuple[int, int]:
    """(most border strips a finished board can hold, most districts it can hold)."""
    most = max_disjoint_districts(hexgrid.adjacency(cells), MIN_SIZE).upper
    return len(hexgrid.interior_edges(cells)) - len(cells) + most, most


def check_pieces(game: Any, board: HexMap) -> list[Violation]:
    out: list[Violation] = []
    comps = game.components
    cells = board.zone(ZONES[4]) if ZONES[4] in {z.name for z in board.zone_sets} else board.coords()
    borders_needed, districts = needed_borders(cells)
    borders = comps.get("borders")
    if borders is None:
        out.append(Violation(game.meta.loc, "components", 'no "borders" component'))
    else:
        if borders.piece_count() < borders_needed:
            out.append(Violation(borders.loc, "border-count", f"{borders.piece_count()} border strips; a finished "
                                 f"{len(cells)}-county board can need {borders_needed}"))
        length, width = max(borders.size), min(borders.size)
        if abs(length - board.hex_size) > TOLERANCE or not 2 * MM <= width <= board.slot_width + TOLERANCE:
            out.append(Violation(borders.loc, "border-size", f"strips are {fmt_mm(length)} x {fmt_mm(width)}; "
                                 f"a county edge is {fmt_mm(board.hex_size)}, a slot {fmt_mm(board.slot_width)} wide"))
    markers = comps.get("markers")
    if markers is None:
        out.append(Violation(game.meta.loc, "components", 'no "markers" component'))
    else:
        per_party = Counter(str(p.fields.get("party")) for p in markers.pieces)
        for party in PARTIES:
            if per_party[party] * markers.copies < districts:
                out.append(Violation(markers.loc, "markers-per-party", f"{party} has {per_party[party]} district "
                                     f"markers; a party can win up to {districts} districts"))
    voters = comps["voters"]
    room = 3 ** 0.5 * board.hex_size - (board.slot_width if board.slots else 0.0)
    if max(voters.size) > room + TOLERANCE:
        out.append(Violation(voters.loc, "token-fits-county", f"voter tokens are {fmt_mm(max(voters.size))}; "
                             f"a county has {fmt_mm(room)} between its slots"))
    return out


def check(game: Any) -> list[Violation]:
    boards = [c for c in game.components.values() if isinstance(c, HexMap)]
    voters = game.components.get("voters")
    if len(boards) != 1 or voters is None:
        return [Violation(game.meta.loc, "components", "Mapmaker needs one hexmap board and a voters component")]
    return check_voters(voters) + check_zones(boards[0], voters) + check_pieces(game, boards[0])


# ---------------------------------------------------------------- one district


def _resolve(board: HexMap, tokens: list[str]) -> tuple[list[tuple[int, int]], list[str]]:
    """County labels ("C4") or axial "q,r" (also split over two tokens) -> coordinates, and unknowns."""
    labels = {str(c.fields.get("label", "")).upper(): c.coord for c in board.cells}
    out, unknown = [], []
    parts = [t.strip() for tok in tokens for t in re.split(r"[\s;]+", tok) if t.strip()]
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


def check_district(game: Any, members: list[str], taken: list[list[str]]) -> tuple[bool, list[str]]:
    """Is ``members`` a legal Mapmaker district on the full board? Lines name each failing rule."""
    board = next(c for c in game.components.values() if isinstance(c, HexMap))
    graph = hexgrid.adjacency(board.coords())
    coords, unknown = _resolve(board, members)
    taken_cells: set[tuple[int, int]] = set()
    for group in taken:
        cells, bad = _resolve(board, group)
        taken_cells |= set(cells)
        unknown += bad
    label = {c.coord: str(c.fields.get("label") or f"{c.q},{c.r}") for c in board.cells}

    def name(c: tuple[int, int]) -> str:
        return label.get(c, f"{c[0]},{c[1]}")

    if unknown:
        return False, [f"unknown-node: not a county: {', '.join(unknown)} (use labels like C4, or q,r after --)"]
    named = {name(c): [name(n) for n in ns] for c, ns in graph.items()}
    failing = explain_district([name(c) for c in coords], named, min_size=MIN_SIZE,
                               taken={name(c) for c in taken_cells}, unsplittable=True)
    if failing:
        return False, [f"{rule}: {message}" for rule, message in failing.items()]
    names = " ".join(name(c) for c in sorted(set(coords), key=lambda c: (c[1], c[0])))
    return True, [f"ok: a legal district of {len(set(coords))} counties: {names}"]
