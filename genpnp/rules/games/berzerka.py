"""Berzerka: the deck follows its data, the game length adds up, the supplies cover the worst case.

Rules (each violation names the file:line to fix):

- ``deck-unique``: one card per suit and rank (a suit or rank listed twice is pointed at);
- ``deck-count``: the deck holds every suit x rank combination: suits x ranks cards;
- ``game-length``: contracts x players hands, and the hand counts the texts state agree with it;
- ``value-token-supply``: the value tokens can show, all at once, every value the worst case of
  raises needs (each contract raised once by each player, each token laid on the previous one);
- ``cube-supply``: one cube per contract for each player colour, one colour per player;
- ``tile-fits-row``: a contract tile is the size of a board row's contract cell, to 0.5 mm.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from genpnp.errors import Loc, Violation
from genpnp.model.tableboard import TableBoard
from genpnp.model.text import TextDoc
from genpnp.units import MM, fmt_mm

DECK, TILES, VALUES, CUBES = "deck", "contract-tiles", "value-tokens", "cubes"
SHORT_GAME_CONTRACTS = 3
FIT = 0.5 * MM


def check(game: Any) -> list[Violation]:
    out: list[Violation] = []
    comps = game.components
    boards = [c for c in comps.values() if isinstance(c, TableBoard)]
    missing = [n for n in (DECK, TILES, VALUES, CUBES) if n not in comps]
    if len(boards) != 1 or missing:
        board_note = [] if len(boards) == 1 else [f"one contract board (found {len(boards)})"]
        what = ", ".join(missing + board_note)
        return [Violation(game.meta.loc, "components", f"Berzerka needs: {what}")]
    board = boards[0]
    out += check_deck(comps[DECK])
    out += check_length(game, board)
    out += check_values(board, comps[VALUES])
    out += check_cubes(board, comps[CUBES])
    out += check_tiles(board, comps[TILES])
    return out


# ---------------------------------------------------------------- deck


def _card_key(fields: dict[str, Any]) -> tuple[str, str]:
    return str(fields.get("suit_name", "")), str(fields.get("rank_value", fields.get("rank_label", "")))


def _duplicate_loc(first: Any, again: Any) -> Loc:
    """Where a repeated card comes from: the entry (suit or rank) that differs, else the item."""
    for a, b in zip(getattr(first, "parts", ()), getattr(again, "parts", ())):
        if a != b:
            return b
    return again.loc


def check_deck(deck: Any) -> list[Violation]:
    out: list[Violation] = []
    seen: dict[tuple[str, str], Any] = {}
    count = 0
    for item in deck.items:
        key = _card_key(item.fields)
        count += item.qty
        if key in seen or item.qty > 1:
            loc = _duplicate_loc(seen[key], item) if key in seen else item.loc
            message = f"the {key[1]} of {key[0]} is in the deck more than once"
            out.append(Violation(loc, "deck-unique", message))
        seen.setdefault(key, item)
    suits = list(dict.fromkeys(k[0] for k in seen))
    ranks = list(dict.fromkeys(k[1] for k in seen))
    holes = [f"{r} of {s}" for s in suits for r in ranks if (s, r) not in seen]
    if holes:
        out.append(Violation(deck.loc, "deck-count", f"no card for the {', '.join(holes[:5])}"
                             + (f" and {len(holes) - 5} more" if len(holes) > 5 else "")))
    if count != len(suits) * len(ranks):
        out.append(Violation(deck.loc, "deck-count", f"the deck has {count} cards; {len(suits)} suits x "
                             f"{len(ranks)} ranks make {len(suits) * len(ranks)}"))
    return out


# ---------------------------------------------------------------- game length


HANDS = re.compile(r"\b(\d+)\s+hands\b")
PRODUCT = re.compile(r"\b(\d+)\s*[x×]\s*(\d+)\s+players?\s*=\s*(\d+)")
CONTRACTS = re.compile(r"\bfull game has (\d+) contracts\b", re.IGNORECASE)


def check_length(game: Any, board: TableBoard) -> list[Violation]:
    out: list[Violation] = []
    players, contracts = board.columns, len(board.rows)
    if str(players) != game.meta.players.strip():
        message = f"the board has {players} player columns; game.yaml says {game.meta.players} players"
        out.append(Violation(board.loc, "game-length", message))
    for doc in (c for c in game.components.values() if isinstance(c, TextDoc) and c.source is not None):
        lines = doc.source.read_text(encoding="utf-8").splitlines()
        for number, line in enumerate(lines, start=1):
            loc = Loc(doc.source_name, number, 1)
            out.extend(Violation(loc, "game-length", m) for m in stated_length(line, contracts, players))
    return out


def stated_length(line: str, contracts: int, players: int) -> list[str]:
    """What a line of text states wrongly about the game's length."""
    full, short = contracts * players, min(SHORT_GAME_CONTRACTS, contracts) * players
    right = f"{contracts} contracts x {players} players make {full} hands ({short} in a short game)"
    out = []
    for m in PRODUCT.finditer(line):
        a, b, c = (int(g) for g in m.groups())
        if a * b != c or b != players or a not in (contracts, SHORT_GAME_CONTRACTS):
            out.append(f'"{m.group(0)}": {right}')
    for m in HANDS.finditer(line):
        if int(m.group(1)) >= players and int(m.group(1)) not in (full, short):
            out.append(f'"{m.group(0)}": {right}')
    for m in CONTRACTS.finditer(line):
        if int(m.group(1)) != contracts:
            out.append(f'"{m.group(0)}": the board has {contracts} contracts')
    return out


# ---------------------------------------------------------------- value tokens


def worst_case(board: TableBoard) -> Counter[int]:
    """Values showing at once when every contract is raised by every player: base+1 .. base+players."""
    need: Counter[int] = Counter()
    for item in board.rows:
        base = int(item.fields.get("base", 1))
        need.update(range(base + 1, base + board.columns + 1))
    return need


def token_faces(tokens: Any) -> list[tuple[int, ...]]:
    """The values each physical token can show (front, and back when it has one)."""
    out = []
    for item in tokens.items:
        faces = tuple(int(item.fields[k]) for k in ("value", "other")
                      if str(item.fields.get(k, "")).strip())
        out.extend([faces] * item.qty)
    return out


def assign(slots: list[int], faces: list[tuple[int, ...]]) -> list[int | None]:
    """A token for each slot (value), no token used twice: bipartite matching by augmenting paths."""
    owner: dict[int, int] = {}  # token -> slot

    def augment(slot: int, seen: set[int]) -> bool:
        for t, shows in enumerate(faces):
            if slots[slot] in shows and t not in seen:
                seen.add(t)
                if t not in owner or augment(owner[t], seen):
                    owner[t] = slot
                    return True
        return False

    for s in range(len(slots)):
        augment(s, set())
    by_slot: list[int | None] = [None] * len(slots)
    for t, s in owner.items():
        by_slot[s] = t
    return by_slot


def check_values(board: TableBoard, tokens: Any) -> list[Violation]:
    need = worst_case(board)
    slots = sorted(need.elements())
    faces = token_faces(tokens)
    unmatched = Counter(v for v, t in zip(slots, assign(slots, faces)) if t is None)
    out = []
    for value, short in sorted(unmatched.items()):
        showing = sum(1 for f in faces if value in f)
        message = (f"missing a token showing x{value}: the worst case ({len(board.rows)} contracts, each "
                   f"raised by {board.columns} players) stacks {need[value]} tokens of x{value} at once; "
                   f"{showing} tokens show x{value}, {short} more needed beside the others in use")
        out.append(Violation(tokens.loc, "value-token-supply", message))
    return out


# ---------------------------------------------------------------- cubes and tiles


def check_cubes(board: TableBoard, cubes: Any) -> list[Violation]:
    per_colour: Counter[str] = Counter()
    first: dict[str, Loc] = {}
    for item in cubes.items:
        colour = str(item.fields.get("player", ""))
        per_colour[colour] += item.qty
        first.setdefault(colour, item.loc)
    out = []
    contracts = len(board.rows)
    for colour, count in per_colour.items():
        if count != contracts:
            out.append(Violation(first[colour], "cube-supply",
                                 f"{count} {colour} cubes; each player needs one per contract: {contracts}"))
    if len(per_colour) != board.columns:
        out.append(Violation(cubes.loc, "cube-supply",
                             f"{len(per_colour)} cube colours for {board.columns} players"))
    return out


def check_tiles(board: TableBoard, tiles: Any) -> list[Violation]:
    _, _, rw, rh = board.title_cell(0)
    w, h = tiles.size
    if abs(w - rw) <= FIT and abs(h - rh) <= FIT:
        return []
    return [Violation(tiles.loc, "tile-fits-row", f'"{tiles.name}" are {fmt_mm(w)} x {fmt_mm(h)}; a '
                      f"contract row of the board is {fmt_mm(rw)} x {fmt_mm(rh)} (to 0.5 mm)")]
