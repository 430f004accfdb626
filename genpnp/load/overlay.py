"""Overlays and ``extends``: changes merged over a game's YAML before the schema reads it.

Merging happens on the loader's :class:`LMap`/:class:`LList` values, so every
value an overlay brings keeps the overlay's own file:line:col; the schema then
reports problems where the user wrote them. The format is described in
``docs/content.md`` ("Overlays"):

* mappings merge key by key; lists and plain values replace; ``null`` deletes;
* ``components: {name: null}`` removes a component (and its section);
  a new name with a ``kind`` adds one (appended to ``sections``);
* ``items:`` takes edits: ``{match: {field: value} | index: N, set: {...} | remove: true}``,
  ``{add: item-or-list}``, ``{replace: items}``, one edit or a list of them;
* a component with ``extends: name`` (or a list) starts from those components.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from genpnp.content.schema import INVALID, Ctx
from genpnp.content.yamlload import LMap, load_file, load_text
from genpnp.core.errors import ContentError, Loc, Problem, did_you_mean
from genpnp.core.records import dataclass
from genpnp.load.merge import copy_map, drop, llist, lmap, loc_in, merge, put

TOP_KEYS = ("game", "components")


@dataclass(frozen=True)
class Overlay:
    """One overlay: a mapping with ``game:`` and/or ``components:``, and where it came from."""

    name: str
    data: Any


def read_overlay(path: Path, shown: str | None = None) -> Overlay:
    """Load an overlay file; raises ContentError (file:line) when it is broken."""
    name = shown or str(path)
    data: Any = load_file(path, name)
    problems = []
    if not isinstance(data, LMap):
        problems.append(Problem(getattr(data, "loc", Loc(name, 1, 1)), "an overlay is a mapping with "
                                "game: and/or components:"))
    else:
        for key in data:
            if key not in TOP_KEYS:
                problems.append(Problem(data.key_loc(key), f'unknown key "{key}"{did_you_mean(str(key), TOP_KEYS)}'))
    if problems:
        raise ContentError(problems)
    return Overlay(name, data)


def parse_set(text: str) -> Overlay:
    """``--set components.red-tiles.qty=10`` -> an overlay; ``items.N.field`` edits item N."""
    loc = Loc(f"--set {text}")
    path, sep, raw = text.partition("=")
    keys = [k.strip() for k in path.split(".")]
    if not sep or len(keys) < 2 or not all(keys):
        raise ContentError([Problem(loc, "write --set key.path=value, e.g. --set components.red-tiles.qty=10")])
    if keys[0] not in TOP_KEYS:
        raise ContentError([Problem(loc, f'the path starts with game or components, not "{keys[0]}"'
                                         f"{did_you_mean(keys[0], TOP_KEYS)}")])
    value = _scalar(raw, loc.file)
    if len(keys) >= 5 and keys[0] == "components" and keys[2] == "items" and keys[3].isascii() and keys[3].isdigit():
        edit = lmap({"index": int(keys[3]), "set": _nest(keys[4:], value, loc)}, loc)
        value, keys = llist([edit], loc), keys[:3]
    return Overlay(loc.file, _nest(keys, value, loc))


def _scalar(raw: str, name: str) -> Any:
    """The value of ``--set``, read as YAML with the loader's limits (depth, aliases, sizes, numbers)."""
    if raw.strip() in ("null", "~"):
        return None
    try:
        value = load_text(raw, name)
    except ContentError as exc:
        if any("broken YAML" in p.message for p in exc.problems):
            return raw
        raise
    return raw if value is None else value


def _nest(keys: list[str], value: Any, loc: Loc) -> Any:
    for key in reversed(keys):
        value = lmap({key: value}, loc)
    return value


# ---------------------------------------------------------------- applying to a game

Sources = list[tuple[Path, Any]]  # component files in load order: (path, loaded data or None)


def apply(game: Any, sources: Sources, overlays: Any, ctx: Ctx) -> tuple[Any, Sources]:
    """game.yaml and component files with every overlay merged, then ``extends`` resolved."""
    sources = [(p, _copy_file(d)) for p, d in sources]
    for overlay in overlays:
        data = overlay.data
        if isinstance(data.get("game"), dict) and isinstance(game, dict):
            game = merge(game, data["game"], ctx)
        comps: Any = data.get("components")
        if comps is not None and not isinstance(comps, LMap):
            ctx.error(data.loc_of("components"), "components is a mapping of component name to changes")
        elif comps:
            game = _overlay_components(game, sources, comps, overlay, ctx)
    _resolve_extends(sources, ctx)
    return game, sources


def _copy_file(data: Any) -> Any:
    if isinstance(data, LMap) and isinstance(data.get("components"), LMap):
        data = copy_map(data)
        data["components"] = copy_map(data["components"])
    return data


def _owners(sources: Sources) -> dict[str, LMap]:
    return {name: data["components"] for _, data in sources if isinstance(data, dict)
            and isinstance(data.get("components"), dict) for name in data["components"]}


def _overlay_components(game: Any, sources: Sources, comps: LMap, overlay: Overlay, ctx: Ctx) -> Any:
    owners = _owners(sources)
    added = lmap({}, comps.loc)
    for name, value in comps.items():
        owner = owners.get(name)
        if owner is not None and value is None:
            drop(owner, name)
            game = _edit_sections(game, name, None)
        elif owner is not None and isinstance(value, dict):
            owner[name] = merge(owner[name], value, ctx)
        elif owner is not None:
            ctx.error(comps.loc_of(name), "a component's changes are a mapping (or null to remove it)")
        elif isinstance(value, dict) and ("kind" in value or "extends" in value):
            put(added, name, value, comps)
            game = _edit_sections(game, name, comps.key_loc(name))
        else:
            ctx.error(comps.key_loc(name), f'no component "{name}" to change{did_you_mean(name, owners)}; '
                      'a new component needs a "kind"')
    if added:
        sources.append((Path(overlay.name), lmap({"components": added}, comps.loc)))
    return game


def _edit_sections(game: Any, name: str, add_at: Loc | None) -> Any:
    """Remove ``name`` from game.yaml's sections, or append it (at ``add_at``)."""
    if not isinstance(game, LMap) or not isinstance(game.get("sections"), list):
        return game
    old = game["sections"]
    new = llist([], getattr(old, "loc", game.loc))
    for i, section in enumerate(old):
        if section != name:
            new.append(section)
            new.item_locs.append(loc_in(old, i, new.loc))
    if add_at is not None:
        new.append(name)
        new.item_locs.append(add_at)
    game = copy_map(game)
    game["sections"] = new
    return game


MAX_EXTENDS = 50  # components in one chain of extends (each extending the next)


def _resolve_extends(sources: Sources, ctx: Ctx) -> None:
    owners = _owners(sources)
    raw = {name: owner[name] for name, owner in owners.items()}
    done: dict[str, Any] = {}

    def resolve(name: str, chain: tuple[str, ...]) -> Any:
        if name in done:
            return done[name]
        value: Any = raw[name]
        if not isinstance(value, LMap) or "extends" not in value:
            done[name] = value
            return value
        where = value.loc_of("extends")
        parents = value["extends"] if isinstance(value["extends"], list) else [value["extends"]]
        merged: Any = lmap({}, value.loc)
        for parent in parents:
            if parent in chain + (name,):
                loop = chain[chain.index(parent):] if parent in chain else ()
                cycle = " -> ".join(loop + (name, parent))
                ctx.error(where, f"extends makes a cycle: {cycle}")
                merged = INVALID
                break
            if not isinstance(parent, str) or parent not in raw:
                ctx.error(where, f'extends: no component "{parent}"{did_you_mean(str(parent), raw)}')
                merged = INVALID
                break
            if len(chain) + 1 >= MAX_EXTENDS:
                ctx.error(where, f"extends: a chain of more than {MAX_EXTENDS} components ({chain[0]} -> "
                                 f"{chain[1]} -> ... -> {name} -> {parent}): let components extend a shared base")
                merged = INVALID
                break
            base = resolve(parent, chain + (name,))
            if base is INVALID:
                merged = INVALID
                break
            merged = merge(merged, base, ctx)
        if merged is not INVALID:
            child = copy_map(value)
            drop(child, "extends")
            merged = merge(merged, child, ctx)
            merged.loc = value.loc
        done[name] = merged
        return merged

    for name, owner in owners.items():
        result = resolve(name, ())
        if result is INVALID:
            drop(owner, name)
        else:
            owner[name] = result
