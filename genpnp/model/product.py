"""Items as the cross product of lists in a data file (a deck as suits x ranks).

``items: {product: {file: data/deck.yaml, of: [suits, ranks]}}`` reads the lists ``suits`` and
``ranks`` of the file (each a list of mappings of plain values) and makes one item per
combination, in order (every rank of the first suit, then the next suit). Each entry's keys
become fields prefixed with the singular of its list's name: ``{name: Hearts}`` in ``suits``
gives the field ``suit_name``; ``as: [suit, rank]`` names the prefixes explicitly.
Each item remembers where each of its entries is written, so a rule can point at the entry
that makes it wrong (a suit listed twice, say).
"""

from __future__ import annotations

import itertools
from typing import Any

from genpnp.content.schema import INVALID, Ctx, Int, PathSpec
from genpnp.content.yamlload import LList, LMap, load_file
from genpnp.core.errors import ContentError, Loc, did_you_mean
from genpnp.core.records import dataclass
from genpnp.model.item import Item

PRODUCT_KEYS = ("file", "of", "as", "qty")


@dataclass(frozen=True)
class ProductItem(Item):
    """An item made from one entry of each list; ``parts`` are those entries' locations."""

    parts: tuple[Loc, ...] = ()


def singular(name: str) -> str:
    """``suits`` -> ``suit``; names that do not end in ``s`` stay as they are."""
    return name[:-1] if len(name) > 1 and name.endswith("s") and not name.endswith("ss") else name


def _names(value: Any, key: str, loc: Loc, ctx: Ctx) -> Any:
    if not isinstance(value, list) or len(value) < 2 or not all(isinstance(v, str) and v for v in value):
        return ctx.error(loc, f"{key} is a list of at least two names, e.g. [suits, ranks]")
    if len(set(value)) != len(value):
        return ctx.error(loc, f"{key} names a list twice")
    return list(value)


def _entries(data: LMap, list_name: str, shown: str, ctx: Ctx) -> Any:
    """The list's entries as (fields, loc) pairs, or INVALID."""
    entries = data[list_name]
    where = data.loc_of(list_name)
    if not isinstance(entries, list) or not entries:
        return ctx.error(where, f'"{list_name}" must be a non-empty list of mappings')
    out = []
    for i, entry in enumerate(entries):
        eloc = entries.loc_of(i) if isinstance(entries, LList) else where
        if not isinstance(entry, dict) or not entry:
            return ctx.error(eloc, f'each entry of "{list_name}" is a mapping of fields: {{name: Hearts}}')
        fields = {}
        for key, v in entry.items():
            if isinstance(v, (dict, list)):
                vloc = entry.loc_of(key) if isinstance(entry, LMap) else eloc
                return ctx.error(vloc, f'the field "{key}" must be a plain value (text or number)')
            fields[str(key)] = "" if v is None else v
        out.append((fields, eloc))
    return out


def parse_product(value: Any, loc: Loc, ctx: Ctx, shown_of: Any) -> Any:
    """``{file, of, as?, qty?}`` -> a tuple of ProductItems (or INVALID, with the problems in ctx)."""
    if not isinstance(value, dict):
        return ctx.error(loc, "product is a mapping: {file: data/deck.yaml, of: [suits, ranks]}")
    for key in value:
        if key not in PRODUCT_KEYS:
            key_loc = value.key_loc(key) if isinstance(value, LMap) else loc
            return ctx.error(key_loc, f'unknown key "{key}"{did_you_mean(str(key), PRODUCT_KEYS)}')
    for key in ("file", "of"):
        if key not in value:
            return ctx.error(loc, f'product needs "{key}"')
    vloc = value.loc_of if isinstance(value, LMap) else (lambda _k: loc)
    lists = _names(value["of"], "of", vloc("of"), ctx)
    prefixes = _names(value["as"], "as", vloc("as"), ctx) if "as" in value else None
    qty = Int(0, 10000).parse(value["qty"], vloc("qty"), ctx) if "qty" in value else 1
    path = PathSpec((".yaml", ".yml")).parse(value["file"], vloc("file"), ctx)
    if INVALID in (lists, prefixes, qty, path):
        return INVALID
    if prefixes is None:
        prefixes = [singular(n) for n in lists]
    elif len(prefixes) != len(lists):
        return ctx.error(vloc("as"), f"as names {len(prefixes)} prefixes for {len(lists)} lists")
    shown = shown_of(path, ctx)
    try:
        data = load_file(path, shown, ctx.root)
    except ContentError as exc:
        ctx.problems.extend(exc.problems)
        return INVALID
    if not isinstance(data, LMap):
        return ctx.error(Loc(shown, 1, 1), "a product data file is a mapping of named lists")
    columns = []
    for name in lists:
        if name not in data:
            return ctx.error(vloc("of"), f'{shown} has no list "{name}"{did_you_mean(name, list(data))}')
        entries = _entries(data, name, shown, ctx)
        if entries is INVALID:
            return INVALID
        columns.append(entries)
    items = []
    for combo in itertools.product(*columns):
        fields: dict[str, Any] = {}
        for prefix, (entry, _) in zip(prefixes, combo):
            fields.update({f"{prefix}_{k}": v for k, v in entry.items()})
        parts = tuple(eloc for _, eloc in combo)
        items.append(ProductItem(qty, fields, "", "", parts[0], parts=parts))
    return tuple(items)
