"""A face: one side's design (background, outline, art elements), as written and as resolved."""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import ColorSpec, Ctx, Custom, Length, fld
from genpnp.core.color import Color
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass


def _raw_list(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if not isinstance(value, list):
        return ctx.error(loc, "draw is a list of art elements")
    return value


def _by(inner: Any) -> Any:
    from genpnp.model.facelogic import by_spec

    return by_spec(inner)


@dataclass(frozen=True, kw_only=True)
class Face:
    """One side's design: a background, an outline and art elements (with {field}s)."""

    fill: Any = fld(_by(ColorSpec()), None, "background colour (or chosen by an item's field: {by: faction, "
                    "red: crimson, default: paper})")
    stroke: Any = fld(_by(ColorSpec()), None, "outline drawn on the piece's edge (or chosen by an item's field)")
    stroke_width: float = fld(Length(), 0.75, "outline width")
    draw: Any = fld(Custom(_raw_list, {"type": "array", "items": {"$ref": "#/$defs/element"}}, "list of art elements"),
                    (), "art elements, drawn in order")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True)
class ResolvedFace:
    """A face with its item's fields filled in; ``key`` identifies identical drawings."""

    key: str
    fill: Color | None
    stroke: Color | None
    stroke_width: float
    elements: tuple
    name: str = ""
