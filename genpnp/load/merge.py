"""Merging loaded YAML (LMap/LList) so that every value keeps the file:line:col it was written at.

Used by overlays and ``extends`` (genpnp/load/overlay.py): mappings merge key by
key, ``items`` take edits (match/index + set/remove, add, replace), anything else
is replaced and ``null`` deletes.
"""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import INVALID, Ctx
from genpnp.content.yamlload import LList, LMap
from genpnp.core.errors import Loc, did_you_mean

EDIT_KEYS = ("match", "index", "set", "remove", "add", "replace")
SELECTORS = ("match", "index")


def lmap(values: dict[str, Any], loc: Loc) -> LMap:
    out = LMap(values, loc=loc)
    for key in values:
        out.key_locs[key] = out.value_locs[key] = loc
    return out


def llist(values: list[Any], loc: Loc) -> LList:
    out = LList(values, loc=loc)
    out.item_locs = [loc] * len(values)
    return out


def copy_map(data: LMap) -> LMap:
    out = LMap(data, loc=data.loc)
    out.key_locs, out.value_locs = dict(data.key_locs), dict(data.value_locs)
    return out


def put(out: LMap, key: str, value: Any, src: Any) -> None:
    out[key] = value
    if isinstance(src, LMap):
        out.key_locs[key], out.value_locs[key] = src.key_loc(key), src.loc_of(key)


def drop(out: LMap, key: str) -> None:
    out.pop(key, None)
    out.key_locs.pop(key, None)
    out.value_locs.pop(key, None)


def merge(base: Any, over: Any, ctx: Ctx) -> Any:
    """``over`` merged onto ``base``: mappings key by key, ``items`` by edits, anything else replaced."""
    if not isinstance(base, dict) or not isinstance(over, dict):
        return over
    out = copy_map(base) if isinstance(base, LMap) else lmap(dict(base), Loc("<generated>"))
    for key, value in over.items():
        if value is None:
            drop(out, key)
        elif key == "items" and is_edit_list(value):
            put(out, key, edit_items(out.get("items", llist([], out.loc)), value, ctx), over)
        elif isinstance(out.get(key), dict) and isinstance(value, dict):
            out[key] = merge(out[key], value, ctx)
        else:
            put(out, key, value, over)
    return out


# ---------------------------------------------------------------- item edits


def is_edit_list(value: Any) -> bool:
    entries = value if isinstance(value, list) else [value]
    return bool(entries) and all(isinstance(e, dict) and any(k in e for k in EDIT_KEYS) for e in entries)


def loc_in(data: Any, key: Any, fallback: Loc) -> Loc:
    return data.loc_of(key) if isinstance(data, (LMap, LList)) else fallback


def materialize(items: Any, ctx: Ctx) -> LList:
    """Items of any form ({file:}, {csv:}, a list) as a list of mappings that keep locations."""
    if isinstance(items, list):
        return items if isinstance(items, LList) else llist(list(items), Loc("<generated>"))
    from genpnp.model.base import ITEMS

    parsed = ITEMS.parse(items, getattr(items, "loc", Loc("<generated>")), ctx)
    out = llist([], getattr(items, "loc", Loc("<generated>")))
    for item in () if parsed is INVALID else parsed:
        record = dict(item.fields, qty=item.qty)
        record.update({k: v for k, v in (("front", item.front), ("back", item.back)) if v})
        out.append(lmap(record, item.loc))
        out.item_locs.append(item.loc)
    return out


def edit_items(items: Any, edits: Any, ctx: Ctx) -> LList:
    """Apply ``edits`` (one edit mapping or a list of them) in order to ``items``."""
    current = materialize(items, ctx)
    for i, edit in enumerate(edits if isinstance(edits, list) else [edits]):
        current = _apply_edit(current, edit, loc_in(edits, i, getattr(edits, "loc", Loc("<generated>"))), ctx)
    return current


def _apply_edit(items: LList, edit: Any, loc: Loc, ctx: Ctx) -> LList:
    for key in edit:
        if key not in EDIT_KEYS:
            ctx.error(_key_loc(edit, key, loc), f'unknown key "{key}" in an item edit{did_you_mean(key, EDIT_KEYS)}')
            return items
    actions = [k for k in ("set", "remove") if k in edit]
    if "add" in edit or "replace" in edit:
        if len(edit) != 1:
            return _fail(ctx, loc, items, "add: and replace: stand alone in their edit")
        key = "add" if "add" in edit else "replace"
        new = edit[key] if isinstance(edit[key], list) else [edit[key]]
        out = llist([], items.loc) if key == "replace" else llist(list(items), items.loc)
        if key == "add":
            out.item_locs = list(items.item_locs)
        for j, value in enumerate(new):
            out.append(value)
            out.item_locs.append(loc_in(edit[key], j, loc_in(edit, key, loc)) if isinstance(edit[key], list)
                                 else loc_in(edit, key, loc))
        return out
    selectors = [k for k in SELECTORS if k in edit]
    if len(selectors) != 1 or len(actions) != 1:
        return _fail(ctx, loc, items, "an item edit is {match: {field: value}} or {index: N} with set: {...} "
                     "or remove: true; or {add: item}; or {replace: items}")
    chosen = _select(items, edit, selectors[0], ctx, loc)
    if not chosen:
        return items
    out = llist([], items.loc)
    for i, item in enumerate(items):
        if i in chosen and actions[0] == "remove":
            if edit["remove"] is not True:
                return _fail(ctx, loc_in(edit, "remove", loc), items, "write remove: true")
            continue
        if i in chosen:
            if not isinstance(edit["set"], dict):
                return _fail(ctx, loc_in(edit, "set", loc), items, "set: is a mapping of fields, e.g. {effect: ...}")
            item = merge(item, edit["set"], ctx)
        out.append(item)
        out.item_locs.append(items.loc_of(i))
    return out


def _key_loc(data: Any, key: str, fallback: Loc) -> Loc:
    return data.key_loc(key) if isinstance(data, LMap) else fallback


def _fail(ctx: Ctx, loc: Loc, items: LList, message: str) -> LList:
    ctx.error(loc, message)
    return items


def _select(items: LList, edit: Any, selector: str, ctx: Ctx, loc: Loc) -> set[int]:
    where = loc_in(edit, selector, loc)
    if selector == "index":
        n = edit["index"]
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= len(items):
            ctx.error(where, f"index is the item's position, 1 to {len(items)}; got {n!r}")
            return set()
        return {n - 1}
    wanted = edit["match"]
    if not isinstance(wanted, dict) or not wanted:
        ctx.error(where, "match: is a mapping of field to value, e.g. {title: Census Error}")
        return set()
    chosen = {i for i, item in enumerate(items)
              if isinstance(item, dict) and all(str(item.get(k)) == str(v) for k, v in wanted.items())}
    if not chosen:
        field, value = next(iter(wanted.items()))
        seen = [str(it.get(field)) for it in items if isinstance(it, dict) and field in it]
        hint = did_you_mean(str(value), seen) if seen else f' (no item has a field "{field}")'
        ctx.error(where, f"no item matches {dict(wanted)}{hint}")
    return chosen
