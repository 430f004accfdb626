"""Square-grid maps written as ASCII art inside YAML (board games played on a grid of tiles).

A map is a picture: one character per cell, one text row per grid row::

    name: Ohio
    group: 4
    rows: |
      12?a
      .bc3

Cell codes (see docs/maps.md): ``.`` or space = no cell, ``?`` = random tile, ``#`` = a tile dealt
from ``deal:`` with its ``seed:`` (same seed, same board), and the codes of the teams the game
declares (:class:`Team`: the n-th code of a team is a cell of that team with n marks). The engine
knows no team: a ``gridmap`` component declares them, and a map read without teams (``teams=None``,
as ``genpnp check-map`` does) is read for its shape only. Every problem names the file, line and
column of the offending character.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

from genpnp.content.yamlload import LList, LMap, display_name, load_file, read_text
from genpnp.core.errors import ContentError, Loc, Problem, Problems, did_you_mean
from genpnp.core.records import dataclass

MAX_GROUP = 8
MAX_CELLS = 10_000
MAX_MARKS = 9
KEYS = ("name", "title", "group", "rows", "deal", "notes")
DEAL_SEED, DEAL_RANDOM = "seed", "random"
NO_CELL = ". "
DEALT = "#"
RANDOM_CODE = "?"
RESERVED = NO_CELL + DEALT + RANDOM_CODE


@dataclass(frozen=True)
class Team:
    """A side on a map: its name (its key in ``deal:``) and its cell codes, ``codes[n - 1]`` = n marks."""

    name: str
    codes: str


@dataclass(frozen=True)
class Content:
    """What is printed on one cell: a random tile, ``marks`` (1..) marks of a ``team``, or, for a map
    read for its shape only, a cell whose code was not read (team None)."""

    code: str
    team: str | None = None
    marks: int = 0

    @property
    def is_random(self) -> bool:
        return self.code == RANDOM_CODE


RANDOM = Content(RANDOM_CODE)
UNDEALT = Content(DEALT)  # a dealt cell of a map read for its shape only


def team_codes(teams: Sequence[Team]) -> dict[str, Content]:
    """Every cell code of ``teams`` (and ``?``) -> the content it writes."""
    codes: dict[str, Content] = {RANDOM_CODE: RANDOM}
    for team in teams:
        codes.update({ch: Content(ch, team.name, n) for n, ch in enumerate(team.codes, 1)})
    return codes


def legend(teams: Sequence[Team]) -> str:
    base = '". " no cell, "#" dealt tile, "?" random'
    if not teams:
        return base + "; no teams are declared (a gridmap component declares teams: with their codes)"
    return base + ", " + ", ".join(f'"{t.codes}" {t.name}' for t in teams) + " (n-th code = n marks)"


@dataclass(frozen=True)
class Cell:
    row: int
    col: int
    content: Content


@dataclass(frozen=True)
class GridMap:
    """A map of square cells; rows and columns count from 0 at the top-left cell.

    ``teams`` is None for a map read for its shape only (its cells' codes were not read).
    """

    name: str
    title: str
    group: int
    cells: tuple[Cell, ...]
    loc: Loc
    rows_loc: Loc
    row_origins: tuple[Loc, ...] = field(repr=False, default=())
    teams: tuple[Team, ...] | None = None

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
    def groups(self) -> int:
        """How many groups the cells cut into."""
        return len(self.cells) // self.group

    def team(self, name: str) -> Team:
        for team in self.teams or ():
            if team.name == name:
                return team
        raise KeyError(f"the map {self.name} has no team {name!r}")

    def marks(self, team: str) -> int:
        """The marks on the cells of ``team`` (all its tiles' berries, pips...)."""
        self.team(team)
        return sum(c.content.marks for c in self.cells if c.content.team == team)

    def tile_counts(self, team: str) -> tuple[int, ...]:
        """How many cells of ``team`` carry 1, 2, 3 ... marks (one number per code of the team)."""
        counts = [0] * len(self.team(team).codes)
        for c in self.cells:
            if c.content.team == team:
                counts[c.content.marks - 1] += 1
        return tuple(counts)

    @property
    def random_tiles(self) -> int:
        return sum(1 for c in self.cells if c.content.is_random)

    def picture(self) -> str:
        """The rows as they would be written with cell codes (``.`` for no cell)."""
        grid = [["."] * self.width for _ in range(self.height)]
        for c in self.cells:
            grid[c.row][c.col] = c.content.code
        return "\n".join("".join(line) for line in grid)


def load_map(path: Path, name: str | None = None, teams: Sequence[Team] | None = None,
             root: Path | None = None) -> GridMap:
    """Load one map file; ``name`` is the file name shown in messages (default: relative path).

    ``teams`` are the codes the cells may use; None reads the map for its shape only: any character but
    ``.`` and space is a cell, and the deal's team keys are only counted. ``root``: the game folder the
    file must lie in (None for a file the user names on the command line).
    """
    shown = name or display_name(path)
    data = load_file(path, shown, root)
    if not isinstance(data, LMap):
        raise ContentError([Problem(Loc(shown, 1, 1), "a map file must be a mapping with at least rows:")])
    source = read_text(path, shown, root)
    return parse_map(data, path.stem, source=source, teams=teams)


def parse_map(data: LMap, name: str, source: str | None = None, teams: Sequence[Team] | None = None) -> GridMap:
    """Build a map from a loaded mapping; ``name`` is used when the mapping has no ``name:``.

    ``source`` (the file's text) makes columns exact for any YAML style of ``rows``; without it a
    ``rows: |`` block is assumed to be indented two spaces deeper than its key. ``teams`` as in
    :func:`load_map`.
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
    codes = team_codes(teams or ())
    lines, origins = _row_lines(data, source.splitlines() if source is not None else None, problems)
    raw: list[tuple[int, int, str, Loc]] = []
    for r, (text, origin) in enumerate(zip(lines, origins)):
        for c, ch in enumerate(text):
            loc = Loc(origin.file, origin.line, origin.col + c)
            if ch in NO_CELL:
                continue
            if teams is not None and ch != DEALT and ch not in codes:
                other = ch.swapcase()
                hint = f' (did you mean "{other}"?)' if other in codes else f" (cells: {legend(teams)})"
                problems.add(loc, f'unknown cell code "{ch}"{hint}')
                continue
            raw.append((r, c, ch, loc))
    if not raw and not problems.errors:
        problems.add(data.loc_of("rows"), "the map has no cells")
    if len(raw) > MAX_CELLS:
        problems.add(data.loc_of("rows"), f"the map has {len(raw)} cells, more than {MAX_CELLS}")
    dealt = _deal(data, [loc for _, _, ch, loc in raw if ch == DEALT], teams, problems)
    problems.check()
    top = min(r for r, _, _, _ in raw)
    left = min(c for _, c, _, _ in raw)
    cells: list[Cell] = []
    dealt_tiles = iter(dealt)
    for r, c, ch, _ in raw:
        content = next(dealt_tiles) if ch == DEALT else codes.get(ch, Content(ch))
        cells.append(Cell(r - top, c - left, content))
    row_origins = tuple(
        Loc(o.file, o.line, o.col + left) for o in origins[top : max(r for r, _, _, _ in raw) + 1]
    )
    return GridMap(map_name, title, group, tuple(cells), data.loc, data.loc_of("rows"), row_origins,
                   None if teams is None else tuple(teams))


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
    digits = [ch for ch in header.split("#")[0] if ch in "0123456789"]
    if digits:
        key_line = source[key_loc.line - 1] if 1 <= key_loc.line <= len(source) else ""
        return len(key_line) - len(key_line.lstrip(" ")) + int(digits[0])
    for text in source[loc.line :]:
        if text.strip():
            return len(text) - len(text.lstrip(" "))
    return key_loc.col + 1


def _deal(data: LMap, dealt_locs: list[Loc], teams: Sequence[Team] | None, problems: Problems) -> list[Content]:
    """The contents of the ``#`` cells in reading order, shuffled by the deal's seed.

    Without ``teams`` (shape only) every key but seed and random is taken for a team and only counted.
    """
    deal = data.get("deal")
    keys = (DEAL_SEED, DEAL_RANDOM) + tuple(t.name for t in teams or ())
    if deal is None:
        if dealt_locs:
            problems.add(dealt_locs[0], "a # cell is dealt, but the map has no deal: (seed and tile counts)")
        return []
    if not isinstance(deal, LMap):
        problems.add(data.loc_of("deal"), f"deal must be a mapping with {', '.join(keys)}")
        return []
    if teams is None:
        teams = [Team(str(key), "") for key in deal if key not in (DEAL_SEED, DEAL_RANDOM)]
    else:
        for key in deal:
            if key not in keys:
                problems.add(deal.key_loc(key), f'unknown deal key "{key}"{did_you_mean(str(key), keys)}')
    before = len(problems.errors)
    seed = deal.get(DEAL_SEED)
    if isinstance(seed, bool) or not isinstance(seed, int):
        problems.add(deal.loc_of(DEAL_SEED), f"the deal needs a whole-number seed:, not {seed!r}")
    tiles: list[Content] = []
    count = deal.get(DEAL_RANDOM, 0)
    if isinstance(count, bool) or not isinstance(count, int) or count < 0:
        problems.add(deal.loc_of(DEAL_RANDOM), f"random must be a number of tiles (0 or more), not {count!r}")
    else:
        tiles += [RANDOM] * count
    for team in teams:
        size = len(team.codes) or None  # shape only: any length
        counts = deal.get(team.name, [0] * (size or 1))
        if not (
            isinstance(counts, list)
            and len(counts) == (size or len(counts))
            and all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts)
        ):
            problems.add(deal.loc_of(team.name), _counts_hint(team))
            continue
        for marks, n in enumerate(counts, 1):
            tiles += [Content(team.codes[marks - 1], team.name, marks) if team.codes else UNDEALT] * n
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


def _counts_hint(team: Team) -> str:
    if not team.codes:
        return f"{team.name} must list numbers of tiles (0 or more), one per number of marks, like [3, 2, 1]"
    n = len(team.codes)
    marks = ", ".join(str(i) for i in range(1, n)) + (f" and {n}" if n > 1 else "1")
    example = ", ".join(str(i) for i in range(n, 0, -1))
    return (f"{team.name} must list {n} number{'s' if n > 1 else ''} of tiles: how many have {marks} "
            f"mark{'s' if n > 1 else ''} (codes {team.codes}), like [{example}]")
