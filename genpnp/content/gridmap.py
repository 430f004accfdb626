"""Square-grid maps written as ASCII art inside YAML (Berrymandering boards and state maps).

A map is a picture: one character per cell, one text row per grid row::

    name: Ohio
    group: 4
    rows: |
      12?a
      .bc3

Cell codes (see docs/maps.md): ``.`` or space = no cell, ``?`` = random tile, ``1``-``4`` = that many
strawberries, ``a``-``d`` = 1-4 blueberries, ``#`` = a tile dealt from ``deal:`` with its ``seed:``
(same seed, same board). Every problem names the file, line and column of the offending character.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum
from pathlib import Path
from typing import Any

from genpnp.content.yamlload import LList, LMap, display_name, load_file
from genpnp.errors import ContentError, Loc, Problem, Problems, did_you_mean

MAX_GROUP = 8
MAX_CELLS = 10_000
KEYS = ("name", "title", "group", "rows", "deal", "notes")
DEAL_KEYS = ("seed", "random", "strawberry", "blueberry")
NO_CELL = ". "
DEALT = "#"


class Team(Enum):
    STRAWBERRY = "strawberry"
    BLUEBERRY = "blueberry"


@dataclass(frozen=True)
class Content:
    """What is printed on one cake tile: a random tile (team None) or 1-4 berries of one team."""

    team: Team | None
    berries: int = 0

    @property
    def is_random(self) -> bool:
        return self.team is None

    @property
    def code(self) -> str:
        """The character that writes this content in a map's rows."""
        if self.team is None:
            return "?"
        if self.team is Team.STRAWBERRY:
            return str(self.berries)
        return "abcd"[self.berries - 1]


RANDOM = Content(None)
CODES: dict[str, Content] = {"?": RANDOM}
CODES.update({str(n): Content(Team.STRAWBERRY, n) for n in range(1, 5)})
CODES.update({"abcd"[n - 1]: Content(Team.BLUEBERRY, n) for n in range(1, 5)})
LEGEND = '". " no cell, "#" dealt tile, "?" random, "1"-"4" strawberries, "a"-"d" blueberries'


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    content: Content


@dataclass(frozen=True)
class GridMap:
    """A map of square cells; rows and columns count from 0 at the top-left cell."""

    name: str
    title: str
    group: int
    cells: tuple[Cell, ...]
    loc: Loc
    rows_loc: Loc
    row_origins: tuple[Loc, ...] = field(repr=False, default=())

    def cell_loc(self, row: int, col: int) -> Loc:
        """Where the character of cell (row, col) is written."""
        if 0 <= row < len(self.row_origins):
            origin = self.row_origins[row]
            return Loc(origin.file, origin.line, origin.col + col)
        return self.rows_loc

    @property
    def coords(self) -> tuple[tuple[int, int], ...]:
        return tuple((c.row, c.col) for c in self.cells)

    @property
    def width(self) -> int:
        return max(c.col for c in self.cells) + 1

    @property
    def height(self) -> int:
        return max(c.row for c in self.cells) + 1

    @property
    def candles(self) -> int:
        return len(self.cells) // self.group

    def berries(self, team: Team) -> int:
        return sum(c.content.berries for c in self.cells if c.content.team is team)

    def tile_counts(self, team: Team) -> tuple[int, int, int, int]:
        """How many tiles of ``team`` carry 1, 2, 3 and 4 berries."""
        counts = [0, 0, 0, 0]
        for c in self.cells:
            if c.content.team is team:
                counts[c.content.berries - 1] += 1
        return (counts[0], counts[1], counts[2], counts[3])

    @property
    def random_tiles(self) -> int:
        return sum(1 for c in self.cells if c.content.is_random)

    def picture(self) -> str:
        """The rows as they would be written with cell codes (``.`` for no cell)."""
        grid = [["."] * self.width for _ in range(self.height)]
        for c in self.cells:
            grid[c.row][c.col] = c.content.code
        return "\n".join("".join(line) for line in grid)


def load_map(path: Path, name: str | None = None) -> GridMap:
    """Load one map file; ``name`` is the file name shown in messages (default: relative path)."""
    shown = name or display_name(path)
    data = load_file(path, shown)
    if not isinstance(data, LMap):
        raise ContentError([Problem(Loc(shown, 1, 1), "a map file must be a mapping with at least rows:")])
    source = path.read_text(encoding="utf-8")
    return parse_map(data, path.stem, source=source)


def parse_map(data: LMap, name: str, source: str | None = None) -> GridMap:
    """Build a map from a loaded mapping; ``name`` is used when the mapping has no ``name:``.

    ``source`` (the file's text) makes columns exact for any YAML style of ``rows``; without it a
    ``rows: |`` block is assumed to be indented two spaces deeper than its key.
    """
    problems = Problems()
    for key in data:
        if key not in KEYS:
            problems.add(data.key_loc(key), f'unknown key "{key}"{did_you_mean(key, KEYS)}')
    map_name = _text(data, "name", name, problems)
    title = _text(data, "title", map_name, problems)
    _text(data, "notes", "", problems)
    group = data.get("group", 4)
    if isinstance(group, bool) or not isinstance(group, int):
        problems.add(data.loc_of("group"), f"group must be a whole number of cells, not {group!r}")
        group = 4
    elif not 1 <= group <= MAX_GROUP:
        problems.add(data.loc_of("group"), f"group must be between 1 and {MAX_GROUP} cells, not {group}")
        group = 4
    if "rows" not in data:
        problems.add(data.loc, "a map needs rows: (the picture of its cells)")
        problems.check()
    lines, origins = _row_lines(data, source.splitlines() if source is not None else None, problems)
    raw: list[tuple[int, int, str, Loc]] = []
    for r, (text, origin) in enumerate(zip(lines, origins)):
        for c, ch in enumerate(text):
            loc = Loc(origin.file, origin.line, origin.col + c)
            if ch in NO_CELL:
                continue
            if ch != DEALT and ch not in CODES:
                hint = f' (did you mean "{ch.lower()}"?)' if ch.lower() in CODES else f" (cells: {LEGEND})"
                problems.add(loc, f'unknown cell code "{ch}"{hint}')
                continue
            raw.append((r, c, ch, loc))
    if not raw and not problems.errors:
        problems.add(data.loc_of("rows"), "the map has no cells")
    if len(raw) > MAX_CELLS:
        problems.add(data.loc_of("rows"), f"the map has {len(raw)} cells, more than {MAX_CELLS}")
    dealt = _deal(data, [loc for _, _, ch, loc in raw if ch == DEALT], problems)
    problems.check()
    top = min(r for r, _, _, _ in raw)
    left = min(c for _, c, _, _ in raw)
    cells: list[Cell] = []
    dealt_tiles = iter(dealt)
    for r, c, ch, _ in raw:
        content = next(dealt_tiles) if ch == DEALT else CODES[ch]
        cells.append(Cell(r - top, c - left, content))
    row_origins = tuple(
        Loc(o.file, o.line, o.col + left) for o in origins[top : max(r for r, _, _, _ in raw) + 1]
    )
    return GridMap(map_name, title, group, tuple(cells), data.loc, data.loc_of("rows"), row_origins)


def _text(data: LMap, key: str, default: str, problems: Problems) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or (key == "name" and not value.strip()):
        problems.add(data.loc_of(key), f"{key} must be a text, not {value!r}")
        return default
    return value


def _row_lines(data: LMap, source: list[str] | None, problems: Problems) -> tuple[list[str], list[Loc]]:
    """The text of each row and the location of its first character."""
    rows: Any = data["rows"]
    loc = data.loc_of("rows")
    if isinstance(rows, LList):
        lines: list[str] = []
        origins: list[Loc] = []
        for i, item in enumerate(rows):
            item_loc = rows.loc_of(i)
            if not isinstance(item, str):
                problems.add(item_loc, f"row {i + 1} must be text in quotes, not {item!r}")
                item = ""
            quoted = _char_at(source, item_loc) in ("'", '"')
            lines.append(item)
            origins.append(item_loc.at(0, item_loc.col + (1 if quoted else 0)))
        return lines, origins
    if not isinstance(rows, str):
        problems.add(loc, f"rows must be a block of text (rows: |) or a list of texts, not {rows!r}")
        return [], []
    style = _char_at(source, loc)
    lines = rows.split("\n")
    if style == ">":
        problems.add(loc, "rows must be a literal block (rows: |): a folded block (>) joins the lines")
        return [], []
    block = style == "|" if source is not None else "\n" in rows
    if not block:
        if "\n" in rows.rstrip("\n"):
            problems.add(loc, "write several rows as a literal block (rows: |) or a list of texts")
            return [], []
        return [rows.rstrip("\n")], [loc.at(0, loc.col + (1 if style in ("'", '"') else 0))]
    indent = _block_indent(source, loc, data.key_loc("rows"))
    origins = [Loc(loc.file, loc.line + 1 + i, indent + 1) for i in range(len(lines))]
    return lines, origins


def _char_at(source: list[str] | None, loc: Loc) -> str:
    if source is None or not 1 <= loc.line <= len(source):
        return ""
    text = source[loc.line - 1]
    return text[loc.col - 1] if 1 <= loc.col <= len(text) else ""


def _block_indent(source: list[str] | None, loc: Loc, key_loc: Loc) -> int:
    """Indentation (spaces) of a literal block's content lines."""
    if source is None:
        return key_loc.col - 1 + 2
    header = source[loc.line - 1][loc.col :]
    digits = [ch for ch in header.split("#")[0] if ch.isdigit()]
    if digits:
        key_line = source[key_loc.line - 1] if 1 <= key_loc.line <= len(source) else ""
        return len(key_line) - len(key_line.lstrip(" ")) + int(digits[0])
    for text in source[loc.line :]:
        if text.strip():
            return len(text) - len(text.lstrip(" "))
    return key_loc.col + 1


def _deal(data: LMap, dealt_locs: list[Loc], problems: Problems) -> list[Content]:
    """The contents of the ``#`` cells in reading order, shuffled by the deal's seed."""
    deal = data.get("deal")
    if deal is None:
        if dealt_locs:
            problems.add(dealt_locs[0], "a # cell is dealt, but the map has no deal: (seed and tile counts)")
        return []
    if not isinstance(deal, LMap):
        problems.add(data.loc_of("deal"), "deal must be a mapping with seed, random, strawberry, blueberry")
        return []
    for key in deal:
        if key not in DEAL_KEYS:
            problems.add(deal.key_loc(key), f'unknown deal key "{key}"{did_you_mean(key, DEAL_KEYS)}')
    before = len(problems.errors)
    seed = deal.get("seed")
    if isinstance(seed, bool) or not isinstance(seed, int):
        problems.add(deal.loc_of("seed"), f"the deal needs a whole-number seed:, not {seed!r}")
    tiles: list[Content] = []
    count = deal.get("random", 0)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        problems.add(deal.loc_of("random"), f"random must be a number of tiles (0 or more), not {count!r}")
    else:
        tiles += [RANDOM] * count
    for team in Team:
        counts = deal.get(team.value, [0, 0, 0, 0])
        if not (
            isinstance(counts, list)
            and len(counts) == 4
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
        ):
            problems.add(
                deal.loc_of(team.value),
                f"{team.value} must list the numbers of 1-, 2-, 3- and 4-berry tiles, like [6, 4, 3, 2]",
            )
            continue
        for berries, n in enumerate(counts, 1):
            tiles += [Content(team, berries)] * n
    if not dealt_locs:
        problems.add(data.key_loc("deal"), "the map has a deal: but no # cells to deal to")
    elif len(tiles) != len(dealt_locs) and len(problems.errors) == before:
        problems.add(
            data.key_loc("deal"),
            f"the deal has {len(tiles)} tiles but the rows have {len(dealt_locs)} # cells",
        )
    if len(problems.errors) > before:
        return []
    random.Random(seed).shuffle(tiles)
    return tiles
