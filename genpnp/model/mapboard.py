"""Grid maps as boards: a square-cell map file (genpnp.content.gridmap) drawn as one board piece.

::

    ohio-map:
      kind: gridmap
      map: maps/ohio.yaml    # rows of cell codes, see docs/maps.md
      cell: 30mm             # side of a cell (usually the size of the game's tiles)
      teams:                 # the sides, their cell codes (n-th code = n marks), colour and art
        red: {codes: "123", color: "#cc3333"}
        blue: {codes: abc, color: "#3344aa", art: {text: {text: "{count}", size: 24pt, color: "{color}"}}}

The board is cols x rows cells plus a margin and a title band; the engine poster-tiles it over
several pages when it is larger than the printable area. The loaded map (``grid``) carries every
cell's content and the file:line:col of every cell, for rules modules to check and point at.
A team's art is resolved at load for each number of marks (``marks_art``).
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, ClassVar

from genpnp.art.base import ELEMENT, field_names, substitute
from genpnp.art.text import BOARD_FONT_DOC, FONT, HEADING_FONT_DOC, board_fonts
from genpnp.content.gridmap import DEAL_RANDOM, DEAL_SEED, MAX_MARKS, RESERVED, GridMap, Team, load_map
from genpnp.content.schema import INVALID, Bool, ColorSpec, Ctx, Custom, Length, ListOf, MapOf, Obj, PathSpec, Str, fld
from genpnp.content.yamlload import LList, LMap
from genpnp.core.color import Color
from genpnp.core.errors import ContentError, Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model.base import Component, Piece, ResolvedFace, kind

TITLE_BAND = 12 * MM
SCORE_ROW = 8 * MM  # height of one team's row of score boxes
SCORE_NAME_PT = 9.0  # a team's name before its row
SCORE_DIGIT_PT = 7.0  # the smallest a score box's number is printed
SCORE_BOX_MIN = 4.5 * MM  # the narrowest score box: a two-digit number at SCORE_DIGIT_PT fits with air
INNER = 0.76  # side of the box a cell's art (team art, random mark) is drawn in, as a fraction of the cell
ART_FIELDS = ("count", "team", "color")


def _codes(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return ctx.error(loc, f'codes must be text: quote digits, like codes: "{value}" '
                              f"(YAML reads {value} as a number)")
    if not isinstance(value, str) or not value:
        return ctx.error(loc, f'codes must be a text of cell codes, one per number of marks, like "1234", '
                              f"not {value!r}")
    if len(value) > MAX_MARKS:
        return ctx.error(loc, f'codes "{value}" has {len(value)} codes; a team has at most {MAX_MARKS} '
                              f"(1 to {MAX_MARKS} marks)")
    for ch in value:
        if ch in RESERVED or not ch.isprintable() or ch.isspace():
            return ctx.error(loc, f'"{ch}" cannot be a team\'s code: ". " is no cell, "#" a dealt tile, "?" random')
        if value.count(ch) > 1:
            return ctx.error(loc, f'codes "{value}" uses "{ch}" twice')
    return value


def _art(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if isinstance(value, dict):
        items = LList([value], loc=loc)
        items.item_locs.append(loc)
        return items
    if not isinstance(value, list) or not value:
        return ctx.error(loc, "art is an art element (a mapping like {pips: 3}) or a list of them")
    return value


ELEMENTS_SCHEMA = {"anyOf": [ELEMENT.json_schema(), {"type": "array", "items": ELEMENT.json_schema()}]}



FACTS = ("cells", "groups", "group")  # what a gridmap's facts line may name

@dataclass(frozen=True, kw_only=True)
class MapTeam:
    """A team of a grid map (key: its name, also its key in a map's deal:): its cell codes, colour and art.
    The art is drawn in each of the team's cells, inside the inset, with {count} = the cell's marks."""

    codes: str = fld(Custom(_codes, {"type": "string", "minLength": 1}, "text of cell codes"), example="1234",
                     doc="the team's cell codes: the first means 1 mark, the second 2 marks, ... (at most 9)")
    color: Color | None = fld(ColorSpec(), None, "the team's colour: {color} in its art")
    art: Any = fld(Custom(_art, ELEMENTS_SCHEMA, "art element or list of art elements"), None,
                   "drawn in each cell of the team; {count} = marks, {team} = name, {color} = colour "
                   "(default: {count} pips in the team's colour)")
    loc: Loc = Loc("<built-in>")


TEAMS = MapOf(Obj(MapTeam), key_pattern=r"[A-Za-z][A-Za-z0-9_\-]*")


@kind("gridmap")
@dataclass(frozen=True, kw_only=True)
class MapBoard(Component):
    """A board drawn from a grid map file: its cells as tiles with their contents, its outline heavy."""

    played_on: ClassVar[bool] = True  # a board: used whole, never cut apart (may back another page in duplex)
    map: Any = fld(PathSpec((".yaml", ".yml")), example="maps/ohio.yaml",
                   doc="the map file, relative to the game folder")
    cell: float = fld(Length(lo=5 * MM), 30 * MM, "side of a cell", "30mm")
    margin: float = fld(Length(), 8 * MM, "blank border around the cells")
    gap: float = fld(Length(), 1 * MM, "space between neighbouring tiles inside a cell's square")
    fill: Color = fld(ColorSpec(), Color(0.93, 0.8, 0.55), "colour of a cell")
    inner: Color = fld(ColorSpec(), Color(1.0, 0.96, 0.92), "colour of the inset on each cell")
    outline: Color = fld(ColorSpec(), Color(0.25, 0.15, 0.1), "colour of the map's outline and cell edges")
    outline_width: float = fld(Length(), 2.5, "width of the heavy outline", "2.5pt")
    contents: bool = fld(Bool(), True, "draw each cell's team art or random mark (false: blank cells)")
    score_track: bool = fld(Bool(), False, "print under the map a row of numbered boxes per team, one box per "
                                           "group the map holds (tick one for each group a team wins)")
    teams: dict[str, MapTeam] | None = fld(
        TEAMS, None, "the teams whose cell codes the map may use (name -> codes, colour, art); none: only ? and #",
        {"red": {"codes": "123", "color": "#cc3333"}, "blue": {"codes": "abc", "color": "#3344aa"}})
    random: tuple = fld(ListOf(ELEMENT, single=True), (), "art drawn on a random cell (?) (none: a bold ?)",
                        {"svg": "random-mark"})
    facts: str = fld(Str(), "{cells} cells · {groups} groups of {group}",
                     "the line under the title; {cells}, {groups} and {group} are filled in (empty: no line)",
                     "{cells} cells · {groups} districts of {group}")
    font: str = fld(FONT, "", BOARD_FONT_DOC)
    heading_font: str = fld(FONT, "", HEADING_FONT_DOC)
    rotatable: bool = fld(Bool(), True, "may be turned a quarter on the page where that fits better (false: "
                                        "always printed upright, as its title reads)")
    gutter: float = fld(Length(), 0.0, "the least space between this map and a neighbouring one on the sheet (0: "
                        "maps of one size share their cut lines): each map cut out with its own border", "4mm")
    stands_for: float = fld(Length(), 0.0, "side of the tile a cell stands for (a setup diagram drawn smaller than "
                            "its pieces): --ink bw and saver judge a cell's art by its size on that tile, so it "
                            "prints as on the tile itself (0: by its size on the page)", "30mm")
    cut: bool = fld(Bool(), True, "cut out of its page (false: a sheet read where it lies, such as a setup "
                    "diagram: printed with no cut line, no bleed and no crop marks)")
    grid: GridMap | None = None
    marks_art: dict[tuple[str, int], tuple] | None = None
    map_name: str = ""
    pieces: tuple = ()

    @property
    def size(self) -> tuple[float, float]:
        assert self.grid is not None
        return (self.grid.width * self.cell + 2 * self.margin,
                self.grid.height * self.cell + 2 * self.margin + TITLE_BAND + self.score_band)

    @property
    def score_band(self) -> float:
        """Height of the score track under the cells (0 without one)."""
        return SCORE_ROW * len(self.teams or ()) * self.score_layout()[2] if self.score_track else 0.0

    def score_layout(self) -> tuple[float, int, int]:
        """(the team names' width, boxes per line, lines per team) of the score track: a team's boxes wrap
        onto more lines rather than shrink below SCORE_BOX_MIN, so their numbers stay legible."""
        from genpnp.core import fonts

        assert self.grid is not None
        bold = fonts.styled(self.font, "b")
        label_w = max((fonts.text_width(n.capitalize(), bold, SCORE_NAME_PT) for n in self.teams or ()),
                      default=0.0) + 2 * MM
        room = self.grid.width * self.cell - label_w
        count = max(self.group_count, 1)
        per_line = max(1, min(count, int(room // SCORE_BOX_MIN)))
        lines = -(-count // per_line)
        return label_w, -(-count // lines), lines

    @property
    def group_count(self) -> int:
        assert self.grid is not None
        return len(self.grid.cells) // self.grid.group if self.grid.group else 0

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        board_fonts(values, ctx)
        obj = cls(**values)
        unknown = sorted(field_names(obj.facts) - set(FACTS))
        if unknown:
            where = data.loc_of("facts") if isinstance(data, LMap) and "facts" in data else loc
            return ctx.error(where, f'facts: no value "{unknown[0]}" (known: {", ".join(FACTS)})')
        teams = obj.teams or {}
        if not _check_teams(teams, data, ctx):
            return INVALID
        marks_art = _marks_art(teams, data, obj.cell, ctx)
        if marks_art is None:
            return INVALID
        try:
            shown = str(obj.map.resolve().relative_to(ctx.root.parent.resolve()))
        except ValueError:
            shown = str(obj.map)
        try:
            grid = load_map(obj.map, shown, [Team(name, team.codes) for name, team in teams.items()], ctx.root)
        except ContentError as exc:
            ctx.problems.extend(exc.problems)
            return INVALID
        obj = replace(obj, grid=grid, map_name=shown, title=obj.title or grid.title, marks_art=marks_art)
        w, h = obj.size
        face = ResolvedFace(f"{obj.name}/map", None, None, 0.0, (), "map")
        return replace(obj, pieces=(Piece(obj.name, 1, w, h, "rect", face, None, {"map": shown}),))

    def piece_count(self) -> int:
        return self.copies

    def facts_line(self) -> str:
        """``facts`` with the map's numbers filled in."""
        assert self.grid is not None
        values = {"cells": len(self.grid.cells), "groups": self.group_count, "group": self.grid.group}
        return re.sub(r"\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: str(values[m.group(1)]), self.facts)

    def cell_box(self, row: int, col: int) -> tuple[float, float, float, float]:
        """(x, y, w, h) of a cell in board points, y up, row 0 at the top."""
        _, h = self.size
        return (self.margin + col * self.cell, h - TITLE_BAND - self.margin - (row + 1) * self.cell,
                self.cell, self.cell)


def _check_teams(teams: dict[str, MapTeam], data: Any, ctx: Ctx) -> bool:
    """Team names that are not deal keys, codes that no two teams share."""
    raw = data.get("teams") if isinstance(data, LMap) else None
    errors = len(ctx.problems.errors)
    owner: dict[str, str] = {}
    for name, team in teams.items():
        entry = raw.get(name) if isinstance(raw, LMap) else None
        if name in (DEAL_SEED, DEAL_RANDOM):
            where = raw.key_loc(name) if isinstance(raw, LMap) else team.loc
            ctx.error(where, f'a team cannot be called "{name}": a map\'s deal: uses that key')
        for ch in team.codes:
            if ch in owner:
                where = entry.loc_of("codes") if isinstance(entry, LMap) else team.loc
                ctx.error(where, f'the code "{ch}" of team {name} is already a code of team {owner[ch]}')
                break
            owner[ch] = name
    return len(ctx.problems.errors) == errors


def _marks_art(teams: dict[str, MapTeam], data: Any, cell: float, ctx: Ctx) -> dict[tuple[str, int], tuple] | None:
    """Each team's art with {count}, {team} and {color} filled in, for 1 .. len(codes) marks."""
    raw_teams = data.get("teams") if isinstance(data, LMap) else None
    out: dict[tuple[str, int], tuple] = {}
    ok = True
    for name, team in teams.items():
        raw = raw_teams.get(name) if isinstance(raw_teams, LMap) else None
        color = raw.get("color") if isinstance(raw, LMap) else None  # as written: a palette name or #rrggbb
        art_loc = raw.loc_of("art") if isinstance(raw, LMap) and "art" in raw else team.loc
        art = team.art if team.art is not None else _default_art(color is not None, art_loc)
        used = field_names(art)
        unknown = sorted(used - set(ART_FIELDS)) or (["color"] if color is None and "color" in used else [])
        if unknown:
            ctx.error(art_loc, f"the art of team {name} uses {{{unknown[0]}}}: a team's art may use {{count}} "
                               "(the cell's marks), {team} (its name) and {color} (its color:, when given)")
            ok = False
            continue
        for marks in range(1, len(team.codes) + 1):
            elements = _elements(art, {"count": marks, "team": name, "color": color}, art_loc, cell * INNER,
                                 marks == 1, ctx)
            if elements is None:
                ok = False
                break
            out[(name, marks)] = elements
    return out if ok else None


def _default_art(colored: bool, loc: Loc) -> LList:
    """``{count}`` pips (in ``{color}`` when the team has one), as if written where the team is declared."""
    params = LMap({"count": "{count}", "color": "{color}"} if colored else {"count": "{count}"}, loc=loc)
    element = LMap({"pips": params}, loc=loc)
    out = LList([element], loc=loc)
    out.item_locs.append(loc)
    return out


def _elements(art: Any, fields: dict[str, Any], loc: Loc, side: float, check: bool, ctx: Ctx) -> tuple | None:
    values = substitute(art, fields, loc, ctx, set())
    elements = []
    for i, value in enumerate(values):
        element = ELEMENT.parse(value, values.loc_of(i) if isinstance(values, LList) else loc, ctx)
        if element is INVALID:
            return None
        if check:
            element.check(side, side, ctx)
        elements.append(element)
    return tuple(elements)


__all__ = ["MapBoard", "MapTeam", "TITLE_BAND", "INNER", "SCORE_ROW", "SCORE_NAME_PT", "SCORE_DIGIT_PT",
           "SCORE_BOX_MIN"]
