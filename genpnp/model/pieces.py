"""Piece sets: tiles, cards, discs and tokens: one size, one shape, items with faces."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, ClassVar

from genpnp.content.schema import INVALID, Bool, Ctx, Custom, Enum, Int, Length, Size, fld
from genpnp.content.yamlload import LMap
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM, UnitError, fmt_mm, parse_size
from genpnp.model.base import FACES, ITEMS, Component, FaceResolver, Item, Piece, PieceRuns, any_back, kind
from genpnp.model.facelogic import check_face_names, choose_face, face_choice_spec
from genpnp.model.stamp import STAMP

MAX_PIECES = 100_000  # pieces of one component, copies included


def _parse_inset(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """``0.5mm`` (every side) or ``0.9mm x 0`` (left/right, top/bottom) -> (x, y) in points."""
    if isinstance(value, list):
        value = [("0mm" if str(v).strip() == "0" else v) for v in value]
    elif isinstance(value, str):  # a bare 0 needs no unit: "0.9mm x 0"
        value = re.sub(r"(?<![\d.])0(?=\s*(?:[xX×]|$))", "0mm", value.strip())
    try:
        x, y = parse_size(0 if value == "0mm" else value)
    except UnitError as exc:
        return ctx.error(loc, str(exc))
    if x < 0 or y < 0:
        return ctx.error(loc, "an inset cannot be negative")
    return (x, y)


INSET = Custom(_parse_inset, {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"},
                                                             "minItems": 2, "maxItems": 2}]},
               "length, or two lengths (0.9mm x 0)")


def _cell(item: Item, side: str) -> Loc:
    """Where an item names its face: its front/back cell, else the item."""
    return item.cells.get(side, item.loc)


@dataclass(frozen=True, kw_only=True)
class PieceSet(Component):
    """Pieces of one size and shape, each with a front and optionally a back."""

    default_shape = "rect"
    poster_tiles: ClassVar[bool] = False  # a piece larger than the page is refused, not poster-tiled
    size: tuple = fld(Size(), example="25mm", doc="piece size: width x height, or one length for a square")
    inset: tuple = fld(INSET, (0.0, 0.0), "cut each piece this much smaller than size on every side (one "
                       "length) or on the left and right, then top and bottom (0.9mm x 0): size stays the space "
                       "the piece fills on a board (a cell, an edge), the inset is the play that keeps hand-cut "
                       "pieces from jamming or overlapping there. Pieces still share cut lines on the sheet; "
                       "their art is laid out on the cut piece", "0.5mm")
    shape: str = fld(Enum("rect", "rounded", "circle", "hex"), "", "outline of each piece")
    gutter: float = fld(Length(), 0.0, "the least space between neighbouring pieces on the sheet, in every "
                        "build (0: pieces share their cut lines where no bleed parts them): round pieces a gutter "
                        "apart are cut one by one, with scissors or a punch, without nicking the next", "1mm")
    radius: float = fld(Length(), 3 * MM, "corner radius of rounded pieces")
    faces: dict = fld(FACES, example={"front": {"fill": "red"}}, doc="the designs, by name")
    front: Any = fld(face_choice_spec(), "front", "the face printed on the front unless an item names another: a "
                     "face name, \"{field}\" (the face an item's column names) or {by: field, value: face, default: "
                     "face} (the face chosen by an item's field)", {"by": "type", "unit": "unit", "default": "plain"})
    back: Any = fld(face_choice_spec(), "", "the face printed on the back (none: single-sided); like front, it may "
                    "be chosen by an item's field")
    fold: bool = fld(Bool(), True, "with --backs fold, print the back beside the front as a fold pair; "
                     "false: a fold build prints the fronts alone (single-sided cards that shuffle, nothing to "
                     "glue) and only a duplex build prints the backs")
    items: tuple = fld(ITEMS, (), "the pieces: a list of items with qty and fields (or a file or CSV)")
    rotatable: bool = fld(Bool(), True, "may be turned a quarter on the sheet where that fits more on a page "
                          "(false: always printed upright, for pieces whose text is read on the sheet)")
    apart: bool = fld(Bool(), False, "with --bleed: the pieces stand apart wherever the page has room, a gutter up "
                      "to twice the bleed between them (each piece's art runs past every cut, a crop tick at each), "
                      "instead of butting on shared cut lines; never at the cost of a piece")
    qty: int = fld(Int(0, 100000), 1, "how many pieces when there is no items list")
    stamp: Any = fld(STAMP, None, "a version stamp on each piece (see Stamp); `off` for none where game.yaml "
                     "asks for one", "both")
    pieces: Sequence[Piece] = ()
    size_loc: Loc = Loc("<built-in>")  # where the size is written (for "too large for the paper")

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        values.setdefault("shape", "")
        if not values["shape"]:
            values["shape"] = cls.default_shape
        values["size_loc"] = data.loc_of("size") if isinstance(data, LMap) and "size" in data else loc
        obj = cls(**values)
        items = obj.items or (Item(obj.qty, {}, "", "", loc),)
        total = sum(item.qty for item in items)
        if total * obj.copies > MAX_PIECES:
            where = data.loc_of("items") if isinstance(data, LMap) and "items" in data else loc
            return ctx.error(where, f"{total * obj.copies:,} pieces (with copies) is more than the {MAX_PIECES:,} "
                                    "one component may have: split it, or lower qty or copies")
        w, h = obj.cut_size
        if w <= 0 or h <= 0:
            where = data.loc_of("inset") if isinstance(data, LMap) and "inset" in data else loc
            return ctx.error(where, f"an inset of {fmt_mm(obj.inset[0])} x {fmt_mm(obj.inset[1])} leaves nothing of "
                                    f"a {fmt_mm(obj.size[0])} x {fmt_mm(obj.size[1])} piece")
        named = all([check_face_names(values.get(side), obj.faces, data.loc_of(side) if isinstance(data, LMap)
                                      else loc, ctx) for side in ("front", "back")])
        resolver = FaceResolver(obj.name, obj.faces, ctx, w, h)
        pieces = PieceRuns(obj.name, w, h, obj.shape, obj.radius)
        bad = False
        for item in items:
            front_name = item.front or choose_face(obj.front, item, obj.faces, ctx, resolver.reported)
            back_name = item.back or choose_face(obj.back, item, obj.faces, ctx, resolver.reported)
            if not named and (front_name not in obj.faces or (back_name and back_name not in obj.faces)):
                bad = True  # reported at the by mapping that names it
                continue
            front = INVALID if front_name is INVALID else resolver.resolve(front_name, item, _cell(item, "front"))
            back = None
            if back_name is INVALID:
                back = INVALID
            elif back_name:
                back = resolver.resolve(back_name, item, _cell(item, "back"))
            if front is INVALID or back is INVALID:
                bad = True
                continue
            pieces.add(item.qty, front, back, item.fields)
        resolver.check_values(items)
        if bad:
            return INVALID
        if not pieces:
            ctx.warn(loc, "this component has no pieces (qty 0)")
        return replace(obj, pieces=pieces)

    @property
    def cut_size(self) -> tuple[float, float]:
        """The piece as cut out: size less the inset on both sides."""
        return self.size[0] - 2 * self.inset[0], self.size[1] - 2 * self.inset[1]

    @property
    def double_sided(self) -> bool:  # type: ignore[override]
        return any_back(self.pieces)

    def piece_count(self) -> int:
        return len(self.pieces) * self.copies


@kind("tile")
@dataclass(frozen=True, kw_only=True)
class Tile(PieceSet):
    """Square or rectangular tiles (optionally with a back)."""


@kind("card")
@dataclass(frozen=True, kw_only=True)
class Card(PieceSet):
    """Cards: rounded rectangles, poker size (63 x 88 mm) unless told otherwise."""

    default_shape = "rounded"
    size: tuple = fld(Size(), (63 * MM, 88 * MM), "card size", "63mm x 88mm")


@kind("disc")
@dataclass(frozen=True, kw_only=True)
class Disc(PieceSet):
    """Round pieces (discs, round tokens); the size is the diameter."""

    default_shape = "circle"


@kind("token")
@dataclass(frozen=True, kw_only=True)
class Token(PieceSet):
    """Tokens: round unless shape says hex, square or rounded."""

    default_shape = "circle"
