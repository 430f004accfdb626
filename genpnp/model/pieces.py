"""Piece sets: tiles, cards, discs and tokens: one size, one shape, items with faces."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from genpnp.content.schema import INVALID, Ctx, Enum, Int, Length, Size, Str, fld
from genpnp.content.yamlload import LMap
from genpnp.errors import Loc
from genpnp.model.base import FACES, ITEMS, Component, FaceResolver, Item, Piece, PieceRuns, any_back, kind
from genpnp.units import MM

MAX_PIECES = 100_000  # pieces of one component, copies included


@dataclass(frozen=True, kw_only=True)
class PieceSet(Component):
    """Pieces of one size and shape, each with a front and optionally a back."""

    default_shape = "rect"
    poster_tiles: ClassVar[bool] = False  # a piece larger than the page is refused, not poster-tiled
    size: tuple = fld(Size(), example="25mm", doc="piece size: width x height, or one length for a square")
    shape: str = fld(Enum("rect", "rounded", "circle", "hex"), "", "outline of each piece")
    radius: float = fld(Length(), 3 * MM, "corner radius of rounded pieces")
    faces: dict = fld(FACES, example={"front": {"fill": "red"}}, doc="the designs, by name")
    front: str = fld(Str(), "front", "the face printed on the front unless an item names another")
    back: str = fld(Str(), "", "the face printed on the back (none: single-sided)")
    items: tuple = fld(ITEMS, (), "the pieces: a list of items with qty and fields (or a file or CSV)")
    qty: int = fld(Int(0, 100000), 1, "how many pieces when there is no items list")
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
        w, h = obj.size
        resolver = FaceResolver(obj.name, obj.faces, ctx, w, h)
        pieces = PieceRuns(obj.name, w, h, obj.shape, obj.radius)
        bad = False
        for item in items:
            front = resolver.resolve(item.front or obj.front, item, item.loc)
            back = None
            back_name = item.back or obj.back
            if back_name:
                back = resolver.resolve(back_name, item, item.loc)
            if front is INVALID or back is INVALID:
                bad = True
                continue
            pieces.add(item.qty, front, back, item.fields)
        if bad:
            return INVALID
        if not pieces:
            ctx.warn(loc, "this component has no pieces (qty 0)")
        return replace(obj, pieces=pieces)

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
