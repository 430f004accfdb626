"""What a rule names: a component, a value of one (``board.rows``), its records, a quantity.

A *path* is a component name followed by attribute or key names, dot-separated
(``board.rows``, ``red-tiles.faces.front.fill``), optionally filtered by ``[field=value]``
(``tiles[random=true]``: the pieces of tiles whose field random is true). A *quantity* is
a number, or paths and numbers joined by `` + - * / `` written with spaces (``tiles / 4``).
Nothing here evaluates code: a path only reads values the content loader produced.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from genpnp.content.yamlload import LList, LMap, load_file
from genpnp.core.errors import ContentError, Loc, did_you_mean
from genpnp.core.records import dataclass

PATH = r"[A-Za-z0-9_][A-Za-z0-9_\-]*(?:\.[A-Za-z0-9_\-]+)*(?:\[[A-Za-z0-9_\-]+=[^\]]*\])?"
PATH_RE = re.compile(PATH)
TERM = rf"(?:-?\d+(?:\.\d+)?|{PATH})"
EXPR_RE = re.compile(rf"{TERM}(?:\s+[-+*/]\s+{TERM})*")
OPS = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b}


class RefError(Exception):
    """A path that names nothing in the game (the message says what exists)."""


@dataclass(frozen=True)
class Record:
    """One entry a rule counts: its fields, how many pieces it stands for, and where it is written."""

    fields: dict[str, Any]
    qty: int
    loc: Loc


def records(value: Any) -> list[Record]:
    """The entries of a component (its items, times copies) or of a list of entries."""
    copies = int(getattr(value, "copies", 1) or 1)
    if hasattr(value, "items") and not isinstance(value, dict) and isinstance(value.items, tuple):
        items = value.items
        if not items:
            return [Record({}, int(getattr(value, "qty", 1)) * copies, _comp_key_loc(value, "qty"))]
        return [Record(dict(i.fields), i.qty * copies, i.loc) for i in items]
    if hasattr(value, "rows") and isinstance(value.rows, tuple):  # a table's rows are its items
        return [Record(dict(i.fields), i.qty, i.loc) for i in value.rows]
    if isinstance(value, (tuple, list)):
        out = []
        for entry in value:
            if isinstance(entry, tuple) and len(entry) == 2 and isinstance(entry[1], Loc):
                out.append(Record(dict(entry[0]), 1, entry[1]))
            elif hasattr(entry, "fields") and hasattr(entry, "loc"):
                out.append(Record(dict(entry.fields), int(getattr(entry, "qty", 1)), entry.loc))
        return out
    if hasattr(value, "cells") and isinstance(value.cells, tuple):
        return records(value.cells)
    raise RefError(f"{_what(value)} has no items to count")


def matches(fields: dict[str, Any], where: dict[str, Any]) -> bool:
    return all(same(fields.get(k), v) for k, v in where.items())


def same(a: Any, b: Any) -> bool:
    """Equal, or the same text ignoring case and outer spaces (a value written as it is named)."""
    return a == b or str(a).strip().lower() == str(b).strip().lower()


def _what(value: Any) -> str:
    name = getattr(value, "name", "")
    return f'"{name}"' if name else type(value).__name__


def split_path(path: str) -> tuple[list[str], dict[str, str]]:
    where: dict[str, str] = {}
    m = re.fullmatch(r"(.*)\[([^=\]]+)=([^\]]*)\]", path)
    if m:
        path, where = m.group(1), {m.group(2): m.group(3)}
    return path.split("."), where


def _step(value: Any, name: str) -> Any:
    if name == "count":
        return value.piece_count() if hasattr(value, "piece_count") else len(value)
    if (
        name == "cells"
        and isinstance(getattr(value, "rows", None), int)
        and isinstance(getattr(value, "cols", None), int)
    ):
        return value.rows * value.cols
    if isinstance(value, dict):
        if name in value:
            return value[name]
        raise RefError(f'no "{name}" here{did_you_mean(name, [str(k) for k in value])}')
    if name.replace("-", "_") in _attrs(value):
        return getattr(value, name.replace("-", "_"))
    raise RefError(f'{_what(value)} has no "{name}"{did_you_mean(name, sorted(_attrs(value)))}')


def _attrs(value: Any) -> set[str]:
    names = set(getattr(value, "__dataclass_fields__", {}))
    names |= {n for n in ("cells", "size", "count", "pips") if hasattr(value, n)}
    return {n for n in names if n not in ("loc", "pieces", "laid_out")}


def resolve(game: Any, path: str) -> Any:
    """The value a path names (a component, one of its values, or its matching records)."""
    parts, where = split_path(path)
    comps = game.components
    if parts[0] not in comps:
        raise RefError(f'no component "{parts[0]}"{did_you_mean(parts[0], comps)}')
    value: Any = comps[parts[0]]
    for name in parts[1:]:
        value = _step(value, name)
    if where:
        value = [r for r in records(value) if matches(r.fields, where)]
    return value


def number(value: Any) -> float:
    """A path's value as a number: a component counts its pieces, a list its entries (qty each)."""
    if isinstance(value, bool):
        raise RefError("a true/false value is not a number")
    if isinstance(value, (int, float)):
        return value
    if hasattr(value, "piece_count"):
        return value.piece_count()
    if isinstance(value, list) and all(isinstance(r, Record) for r in value):
        return sum(r.qty for r in value)
    if isinstance(value, (tuple, list, dict)):
        return len(value)
    raise RefError(f"{_what(value)} is not a number")


def quantity(game: Any, expr: Any) -> float:
    """The value of a quantity: a number, or paths and numbers joined by + - * / (left to right)."""
    if isinstance(expr, (int, float)) and not isinstance(expr, bool):
        return expr
    tokens = str(expr).split()
    total = _term(game, tokens[0])
    for op, term in zip(tokens[1::2], tokens[2::2]):
        total = OPS[op](total, _term(game, term))
    return total


def _term(game: Any, token: str) -> float:
    if re.fullmatch(r"-?\d+(?:\.\d+)?", token):
        return float(token) if "." in token else int(token)
    return number(resolve(game, token))


def paths_in(expr: Any) -> list[str]:
    if not isinstance(expr, str):
        return []
    return [t for t in expr.split() if t not in OPS and not re.fullmatch(r"-?\d+(?:\.\d+)?", t)]


def fmt(value: float) -> str:
    return f"{value:g}" if isinstance(value, float) else str(value)


# ---------------------------------------------------------------- where a value is written


def _tree(file: str) -> Any:
    """The file's YAML tree with locations (cached while the file is unchanged)."""
    try:
        stat = Path(file).stat()
    except OSError:
        return None
    return _load_tree(file, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _load_tree(file: str, mtime: int, size: int) -> Any:
    try:
        return load_file(Path(file), file)
    except (ContentError, OSError):
        return None


def _find(node: Any, loc: Loc) -> Any:
    if isinstance(node, LMap):
        if node.loc == loc:
            return node
        children: Any = node.values()
    elif isinstance(node, LList):
        children = node
    else:
        return None
    for child in children:
        hit = _find(child, loc)
        if hit is not None:
            return hit
    return None


def key_loc(loc: Loc, *keys: str) -> Loc:
    """Where ``keys`` (nested) are written inside the mapping at ``loc``; the deepest one found."""
    node = _find(_tree(loc.file), loc) if loc.line else None
    where = loc
    for key in keys:
        if not isinstance(node, LMap) or key not in node:
            break
        where = node.loc_of(key)
        node = node[key]
    return where


def _comp_key_loc(comp: Any, key: str) -> Loc:
    return key_loc(comp.loc, key) if hasattr(comp, "loc") else Loc("<built-in>")


def path_loc(game: Any, path: str) -> Loc:
    """Where the value a path names is written (its key in the component, else the component)."""
    parts, _ = split_path(path)
    comp = game.components.get(parts[0])
    if comp is None:
        return game.meta.loc
    keys = [p for p in parts[1:] if p not in ("count", "cells")]
    if parts[1:] and parts[-1] == "cells":
        keys = ["rows"]
    if parts[1:] == ["count"] or len(parts) == 1:
        keys = ["qty"] if not getattr(comp, "items", None) else ["items"]
    return key_loc(comp.loc, *keys)
