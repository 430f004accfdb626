"""One entry of a component's list: a quantity, face names and free fields."""

from __future__ import annotations

from dataclasses import field
from typing import Any

from genpnp.content.schema import INVALID, Ctx, Int
from genpnp.content.yamlload import LMap
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass


@dataclass(frozen=True)
class Item:
    """One entry of a component's list: a quantity, face names and free fields."""

    qty: int
    fields: dict[str, Any]
    front: str = ""
    back: str = ""
    loc: Loc = Loc("<built-in>")
    cells: dict[str, Loc] = field(default_factory=dict, compare=False)  # where each field is written (a CSV cell)


ITEM_KEYS = {"qty", "front", "back"}


def parse_item(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if not isinstance(value, dict):
        return ctx.error(loc, "an item is a mapping of fields, e.g. {title: Court Challenge, qty: 2}")
    qty = 1
    if "qty" in value:
        qty = Int(0, 10000).parse(value["qty"], value.loc_of("qty") if isinstance(value, LMap) else loc, ctx)
        if qty is INVALID:
            return INVALID
    fields: dict[str, Any] = {}
    for key, v in value.items():
        if key in ITEM_KEYS:
            continue
        if isinstance(v, (dict, list)):
            vloc = value.loc_of(key) if isinstance(value, LMap) else loc
            ctx.error(vloc, f'the field "{key}" must be a plain value (text or number)')
            return INVALID
        fields[str(key)] = "" if v is None else v
    locs = dict(value.value_locs) if isinstance(value, LMap) else {}
    if ctx.lang is not None:  # text_de in place of text (genpnp.content.translate)
        fields = ctx.lang.item_fields(fields, value, loc, ctx, locs)
    front = value.get("front", "")
    back = value.get("back", "")
    for side, name in (("front", front), ("back", back)):
        if not isinstance(name, str):
            ctx.error(value.loc_of(side) if isinstance(value, LMap) else loc, f"{side} names a face (text)")
            return INVALID
    return Item(qty, fields, front, back, loc, locs)
