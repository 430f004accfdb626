"""Hex maps: one board of axial-coordinate hexes with fills, labels, regions, zones, slots and pegs.

Hexes are ``{q, r, ...free fields}`` mappings, inline or in a data file (``{file: data/map.yaml}``
with a top-level ``hexes:`` list and optionally ``regions:``, a list of ``{name, label}``). Fields
named by ``fill_by``, ``region_by``, ``label_by`` and ``marks_by`` and by zones are checked at load.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cached_property
from typing import Any, ClassVar

from genpnp.art.text import BOARD_FONT_DOC, FONT, HEADING_FONT_DOC, board_fonts
from genpnp.content.schema import (
    INVALID,
    Bool,
    ColorSpec,
    Ctx,
    Custom,
    Enum,
    Int,
    Length,
    ListOf,
    MapOf,
    Obj,
    Prose,
    Str,
    fld,
)
from genpnp.content.yamlload import LList, LMap
from genpnp.core.color import Color
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model import hexgrid
from genpnp.model.base import Component, Face, FaceResolver, Item, Piece, kind, load_data_file
from genpnp.model.hexlegend import HexLegend, color_regions

Coord = tuple[int, int]
HEADING_BAND = 11 * MM
LEGEND_BAND = 9 * MM


@dataclass(frozen=True)
class HexCell:
    """One hex: axial coordinates, free fields and where it is written."""

    q: int
    r: int
    fields: dict[str, Any]
    loc: Loc

    @property
    def coord(self) -> Coord:
        return (self.q, self.r)


@dataclass(frozen=True)
class HexData:
    cells: tuple[HexCell, ...]
    region_names: dict[str, str]
    loc: Loc


def _parse_cell(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if not isinstance(value, dict) or "q" not in value or "r" not in value:
        return ctx.error(loc, "a hex is a mapping with axial coordinates, e.g. {q: 0, r: -1, label: A1}")
    coords = []
    for key in ("q", "r"):
        parsed = Int(-1000, 1000).parse(value[key], value.loc_of(key) if isinstance(value, LMap) else loc, ctx)
        if parsed is INVALID:
            return INVALID
        coords.append(parsed)
    fields: dict[str, Any] = {}
    for key, v in value.items():
        if key in ("q", "r"):
            continue
        if isinstance(v, (dict, list)):
            return ctx.error(value.loc_of(key) if isinstance(value, LMap) else loc,
                             f'the field "{key}" must be a plain value (text or number)')
        fields[str(key)] = "" if v is None else v
    return HexCell(coords[0], coords[1], fields, loc)


def _parse_list(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if not isinstance(value, list):
        return ctx.error(loc, "hexes are a list of {q, r, ...} mappings, or {file: data/map.yaml}")
    cells = [_parse_cell(v, value.loc_of(i) if isinstance(value, LList) else loc, ctx) for i, v in enumerate(value)]
    if any(c is INVALID for c in cells):
        return INVALID
    seen: dict[Coord, HexCell] = {}
    for cell in cells:
        if cell.coord in seen:
            ctx.error(cell.loc, f"the hex ({cell.q}, {cell.r}) is listed twice (first at {seen[cell.coord].loc})")
        seen.setdefault(cell.coord, cell)
    return tuple(cells)


def parse_hexes(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """Hexes inline (a list) or ``{file: x.yaml}`` (its ``hexes:`` list and optional ``regions:``)."""
    if isinstance(value, list):
        cells = _parse_list(value, loc, ctx)
        return INVALID if cells is INVALID else HexData(cells, {}, loc)
    if not isinstance(value, LMap) or set(value) != {"file"}:
        return ctx.error(loc, "hexes are a list of {q, r, ...} mappings, or {file: data/map.yaml}")
    data = load_data_file(value, "hexes", ctx)
    if data is INVALID:
        return INVALID
    top = Loc(data.loc.file, 1, 1)
    for key in data:
        if key not in ("hexes", "regions"):
            ctx.error(data.key_loc(key), f'unknown key "{key}"{did_you_mean(str(key), ("hexes", "regions"))}')
    names: dict[str, str] = {}
    regions = data.get("regions") or LList()
    if not isinstance(regions, LList):
        return ctx.error(data.loc_of("regions"), "regions is a list of {name: ..., label: ...}")
    for i, entry in enumerate(regions):
        if not isinstance(entry, dict) or "name" not in entry:
            ctx.error(regions.loc_of(i), "a region is {name: ..., label: ...}")
            continue
        names[str(entry["name"])] = str(entry.get("label", entry["name"]))
    cells = _parse_list(data["hexes"], data.loc_of("hexes"), ctx)
    return INVALID if cells is INVALID else HexData(cells, names, top)


HEXES = Custom(parse_hexes, {"anyOf": [{"type": "array", "items": {"type": "object"}}, {"type": "object"}]},
               "list of {q, r, ...} hexes, or {file: data/map.yaml}")


def _parse_coord(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if isinstance(value, str) and value.count(",") == 1:
        value = value.split(",")
    if isinstance(value, list) and len(value) == 2:
        try:
            return (int(value[0]), int(value[1]))
        except (TypeError, ValueError):
            pass
    return ctx.error(loc, 'a hex coordinate is [q, r] or "q,r"')


@dataclass(frozen=True, kw_only=True)
class Zone:
    """A named set of hexes: those whose ``field`` is one of ``values``, or listed ``hexes``.

    A hex takes its tint and corner mark from the first zone (in the listed order) holding it."""

    label: str = fld(Prose(max_len=40), "", "legend text (defaults to the zone's name)")
    field: str = fld(Str(), "", "pick the hexes whose field has one of the values")
    values: tuple = fld(ListOf(Str(), single=True), (), "the values of field that belong to the zone")
    hexes: tuple = fld(ListOf(Custom(_parse_coord, {}, "[q, r]")), (), "or: the hexes, as [q, r] pairs")
    color: Color = fld(ColorSpec(), Color(0.1, 0.1, 0.1), "outline colour")
    width: float = fld(Length(), 2.5, "outline width; 0: no outline (a zone whose edge is the map's edge, "
                                         "which the map draws anyway): the legend then shows its tint alone")
    style: str = fld(Enum("solid", "dashed", "dotted"), "solid", "outline style (tells zones apart in bw)")
    inside: bool = fld(Bool(), False, "draw the outline just inside the zone's hexes, beside the slots (a map "
                       "with slots) instead of on the hex edges, so it never lies in a slot and reads as a strip "
                       "laid there; it breaks where a slot runs into the zone")
    tint: Color | None = fld(ColorSpec(), None, "fill of the hexes that first appear in this zone")
    mark: str = fld(Str(max_len=6), "", "small text in a corner of the hexes that first appear in this zone")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True)
class ZoneSet:
    name: str
    zone: Zone
    cells: frozenset[Coord]


@kind("hexmap")
@dataclass(frozen=True, kw_only=True)
class HexMap(Component):
    """A board of hexes in axial coordinates (poster-tiled when larger than the page)."""

    rotatable: ClassVar[bool] = True
    played_on: ClassVar[bool] = True  # a board: used whole, never cut apart (may back another page in duplex)
    hexes: HexData = fld(HEXES, doc="the hexes: list of {q, r, ...fields}, or {file: data/map.yaml}")
    orientation: str = fld(Enum("pointy", "flat"), "pointy", "pointy-topped or flat-topped hexes")
    hex_size: float = fld(Length(lo=3 * MM), doc="centre to corner of a hex (= its edge length)", example="12mm")
    margin: float = fld(Length(), 8 * MM, "space around the hexes")
    heading: str = fld(Prose(max_len=80), "", "title printed above the map")
    background: Color | None = fld(ColorSpec(), None, "colour of the board around the hexes")
    fill: Color | None = fld(ColorSpec(), None, "colour of hexes no other rule colours")
    fill_by: str = fld(Str(), "", "colour each hex by this field through fills")
    fills: dict = fld(MapOf(ColorSpec()), None, "field value -> colour, for fill_by and marks")
    label_by: str = fld(Str(), "", "print this field in each hex")
    label_at: str = fld(Enum("center", "top"), "center", "where the label goes (top leaves room for a token)")
    label_size: float = fld(Length(), 0.0, "label font size (default from the hex size)")
    region_by: str = fld(Str(), "", "hexes with the same value of this field form a region (heavier borders)")
    region_labels: bool = fld(Bool(), False, "print each region's name (or its label from the data file)")
    line: Color = fld(ColorSpec(), Color(0.25, 0.25, 0.25), "colour of hex borders")
    line_width: float = fld(Length(), 0.6, "width of hex borders")
    region_width: float = fld(Length(), 2.0, "width of region borders")
    region_label_size: float = fld(Length(), 0.0, "size of region labels (default from the hex size)")
    region_tints: tuple = fld(ListOf(ColorSpec()), (), "pale fills given to regions so that no two touching "
                              "regions share one (a graph colouring; list at least 4)")
    zones: dict = fld(MapOf(Obj(Zone)), None, "named sets of hexes drawn as thick outlines, with a legend")
    slots: bool = fld(Bool(), False, "draw every interior edge as a groove where border strips go; each slot "
                      "stops short of the corners where three slots meet (hex_size - slot_width / sqrt 3 long: "
                      "9.27 mm for an 11 mm hex and a 3 mm slot), which is the longest strip that never overlaps "
                      "its neighbours")
    slot_width: float = fld(Length(), 3 * MM, "width of a slot")
    slot_fill: Color = fld(ColorSpec(), Color(0.86, 0.86, 0.86), "colour of slots")
    pegs: bool = fld(Bool(), False, "draw a peg hole at every hex corner")
    peg_radius: float = fld(Length(), 1.2 * MM, "radius of peg holes")
    marks_by: str = fld(Str(), "", "draw this many small circles in each hex (a whole-number field)")
    marks_color_by: str = fld(Str(), "", "colour the circles through fills by this field (default fill_by)")
    legend: HexLegend | None = fld(Obj(HexLegend), None, "a boxed key of the map's symbols in one corner")
    face: Face | None = fld(Obj(Face), None, "extra art drawn over the board")
    font: str = fld(FONT, "", BOARD_FONT_DOC)
    heading_font: str = fld(FONT, "", HEADING_FONT_DOC)
    pieces: tuple = ()
    zone_sets: tuple = ()
    region_tint: dict = None  # type: ignore[assignment]  # region value -> its tint (from region_tints)

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        values["fills"] = values.get("fills") or {}
        values["zones"] = values.get("zones") or {}
        board_fonts(values, ctx)
        obj = cls(**values)
        zones = _check_fields(obj, data, loc, ctx)
        if zones is INVALID:
            return INVALID
        tints = _tint_regions(obj, data, loc, ctx)
        if tints is INVALID:
            return INVALID
        obj = replace(obj, zone_sets=zones, region_tint=tints)
        w, h = obj.size
        front = FaceResolver(obj.name, {"front": obj.face or Face()}, ctx, w, h).resolve("front", Item(1, {}), loc)
        if front is INVALID:
            return INVALID
        return replace(obj, pieces=(Piece(obj.name, 1, w, h, "rect", front, None),))

    def piece_count(self) -> int:
        return self.copies

    @property
    def cells(self) -> tuple[HexCell, ...]:
        return self.hexes.cells

    def coords(self) -> frozenset[Coord]:
        return frozenset(c.coord for c in self.cells)

    def cell_at(self, coord: Coord) -> HexCell | None:
        return next((c for c in self.cells if c.coord == coord), None)

    def zone(self, name: str) -> frozenset[Coord]:
        return next(z.cells for z in self.zone_sets if z.name == name)

    def first_zone(self, coord: Coord) -> ZoneSet | None:
        return next((z for z in self.zone_sets if coord in z.cells), None)

    def region_of(self, cell: HexCell) -> str:
        return str(cell.fields.get(self.region_by, "")) if self.region_by else ""

    @cached_property
    def _bounds(self) -> tuple[float, float, float, float]:
        """Computed once per map (drawing asks for every hex; over every corner it is the slow part)."""
        return hexgrid.bounds(self.coords(), self.hex_size, self.orientation, y_up=True)  # type: ignore[arg-type]

    @property
    def bands(self) -> tuple[float, float]:
        """Heights of the heading band (top) and the zone legend band (bottom)."""
        legend = LEGEND_BAND if any(z.zone.label or z.name for z in self.zone_sets) else 0.0
        return (HEADING_BAND if self.heading else 0.0), legend

    @property
    def size(self) -> tuple[float, float]:
        x0, y0, x1, y1 = self._bounds
        top, bottom = self.bands
        return x1 - x0 + 2 * self.margin, y1 - y0 + 2 * self.margin + top + bottom

    @cached_property
    def _shift(self) -> tuple[float, float]:
        x0, y0, _, _ = self._bounds
        return self.margin - x0, self.margin + self.bands[1] - y0

    def center(self, coord: Coord) -> tuple[float, float]:
        """Centre of a hex in board points (origin bottom-left of the board, y up)."""
        dx, dy = self._shift
        x, y = hexgrid.hex_center(coord, self.hex_size, self.orientation, y_up=True)  # type: ignore[arg-type]
        return x + dx, y + dy

    def corners(self, coord: Coord) -> list[tuple[float, float]]:
        dx, dy = self._shift
        pts = hexgrid.hex_corners(coord, self.hex_size, self.orientation, y_up=True)  # type: ignore[arg-type]
        return [(x + dx, y + dy) for x, y in pts]

    @property
    def slot_length(self) -> float:
        """Length of a slot: the edge less what the corners take. Three slots meet at every inner corner,
        120 degrees apart; a strip slot_width wide stays clear of its neighbours when each end stops
        slot_width / (2 tan 60) = slot_width / (2 sqrt 3) short of the corner."""
        return self.hex_size - self.slot_width / 3 ** 0.5

    def edge(self, a: Coord, b: Coord) -> tuple[tuple[float, float], tuple[float, float]]:
        """The side shared by neighbours ``a`` and ``b`` (``b`` may lie off the map), in board points."""
        dx, dy = self._shift
        p, q = hexgrid.edge_between(a, b, self.hex_size, self.orientation, y_up=True)  # type: ignore[arg-type]
        return (p[0] + dx, p[1] + dy), (q[0] + dx, q[1] + dy)


def _check_fields(obj: HexMap, data: Any, loc: Loc, ctx: Ctx) -> Any:
    """Fields named by the map exist on its hexes; fill values have colours; zones resolve."""
    cells = obj.cells
    known = {k for c in cells for k in c.fields}
    bad = False
    for key in ("fill_by", "region_by", "label_by", "marks_by", "marks_color_by"):
        name = getattr(obj, key)
        if name and name not in known:
            where = data.loc_of(key) if isinstance(data, LMap) else loc
            ctx.error(where, f'{key} names the field "{name}", which no hex has{did_you_mean(name, known)}')
            bad = True
    for key in ("fill_by", "marks_color_by"):
        name = getattr(obj, key)
        if name and name in known:
            for c in cells:
                value = c.fields.get(name)
                if value not in (None, "") and str(value) not in obj.fills:
                    ctx.error(c.loc, f'no colour for {name} "{value}" in fills{did_you_mean(str(value), obj.fills)}')
                    bad = True
    if obj.marks_by in known:
        for c in cells:
            if not isinstance(c.fields.get(obj.marks_by, 0), int):
                ctx.error(c.loc, f"{obj.marks_by} must be a whole number (it counts the circles drawn)")
                bad = True
    coords = obj.coords()
    zones = []
    for name, zone in obj.zones.items():
        zloc = zone.loc
        if bool(zone.field) == bool(zone.hexes):
            ctx.error(zloc, "a zone names either field (with values) or hexes")
            bad = True
            continue
        if zone.field:
            if zone.field not in known:
                ctx.error(zloc, f'the zone names the field "{zone.field}", which no hex has'
                                f"{did_you_mean(zone.field, known)}")
                bad = True
                continue
            members = frozenset(c.coord for c in cells if str(c.fields.get(zone.field, "")) in zone.values)
        else:
            members = frozenset(zone.hexes)
            for coord in sorted(members - coords):
                ctx.error(zloc, f"the zone lists the hex {coord}, which is not on the map")
                bad = True
        zones.append(ZoneSet(name, zone, members))
        if zone.width and members and _edge_is_map_edge(members, coords):
            ctx.warn(zloc, f'the outline of zone "{name}" runs only along the edge of the map, which hides it: '
                           "the legend would show a line drawn nowhere (width: 0 draws no outline)")
    return INVALID if bad else tuple(zones)



def _tint_regions(obj: HexMap, data: Any, loc: Loc, ctx: Ctx) -> Any:
    """Region -> tint: touching regions never alike; an error when the tints listed are too few."""
    if not obj.region_tints:
        return {}
    where = data.loc_of("region_tints") if isinstance(data, LMap) and "region_tints" in data else loc
    if not obj.region_by:
        return ctx.error(where, "region_tints colours regions: name the field that forms them with region_by")
    index = color_regions({c.coord: obj.region_of(c) for c in obj.cells}, list(obj.hexes.region_names),
                          len(obj.region_tints))
    need = max(index.values()) + 1
    if need > len(obj.region_tints):
        return ctx.error(where, f"region_tints lists {len(obj.region_tints)} colours, but the regions need {need} "
                                "so that touching regions differ: add more")
    return {name: obj.region_tints[i] for name, i in index.items()}


def _edge_is_map_edge(members: frozenset[Coord], coords: frozenset[Coord]) -> bool:
    """True when every side between the zone and a hex outside it lies on the map's edge."""
    return all(n not in coords for c in members for n in hexgrid.neighbours(c) if n not in members)
