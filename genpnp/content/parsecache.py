"""Parsed content files kept in the user's cache folder, so a rebuild does not start the YAML parser.

A YAML file that loaded without a problem is stored as its tree of mappings, lists and plain values
with every key's and value's line and column, keyed by the digest of its text, of the name it is
shown as in messages (locations carry it), of the loader's limits and of the PyYAML installed. Reading it back gives the
same :class:`LMap`/:class:`LList` tree the parser gives (``tests/test_parse_cache.py``). The entry is plain
data in the one cache (:mod:`genpnp.usercache`); a file that did not load (an error) is
never stored, and a value of a kind not known here (a YAML timestamp, binary data) leaves the file
uncached. ``$GENPNP_CACHE=off`` turns the cache off (:mod:`genpnp.usercache`).
"""

from __future__ import annotations

from typing import Any

from genpnp import usercache
from genpnp.content.yamlload import MAX_DEPTH, MAX_NODES, MAX_NUMBER, MAX_TEXT, LList, LMap
from genpnp.errors import Loc

_LIMITS = f"yaml-tree-1|{MAX_NODES}|{MAX_DEPTH}|{MAX_TEXT}|{MAX_NUMBER}".encode()
_SCALARS = (str, int, float, bool, type(None))
_MAP, _LIST = 0, 1


class _Unsupported(Exception):
    """A value this cache does not store."""


def _key(text: str, name: str) -> bytes:
    return usercache.key("yaml", _LIMITS, usercache.library("yaml"), name.encode(), text.encode())


def get(text: str, name: str) -> tuple[bool, Any]:
    """(True, the parsed tree) when this text was loaded before under this name, else (False, None)."""
    if not usercache.enabled():
        return False, None
    stored = usercache.get(_key(text, name))
    if stored is None:
        return False, None
    try:
        return True, _decode(stored, name)
    except (ValueError, TypeError, IndexError, KeyError, RecursionError):
        return False, None  # not an entry this module wrote: parse the text


def put(text: str, name: str, value: Any) -> None:
    """Keep the tree parsed from ``text`` (before anyone changes it) for the next run."""
    if not usercache.enabled():
        return
    try:
        stored = _encode(value, name)
    except _Unsupported:
        return
    usercache.put(_key(text, name), stored)


def _pos(loc: Any, name: str) -> tuple[int, int]:
    if type(loc) is not Loc or loc.file != name:
        raise _Unsupported
    return loc.line, loc.col


def _encode(value: Any, name: str) -> Any:
    """Plain values as they are; a mapping as (0, line, col, [(key, key line, key col, line, col, value)]),
    a list as (1, line, col, [(line, col, value)]) (a plain value is never a tuple)."""
    kind = type(value)
    if kind in _SCALARS:
        return value
    if kind is LMap:
        if set(vars(value)) != {"loc", "key_locs", "value_locs"} or value.key_locs.keys() != value.keys() \
                or value.value_locs.keys() != value.keys():
            raise _Unsupported
        entries = []
        for key, item in value.items():
            if type(key) is not str:
                raise _Unsupported
            entries.append((key, *_pos(value.key_locs[key], name), *_pos(value.value_locs[key], name),
                            _encode(item, name)))
        return (_MAP, *_pos(value.loc, name), entries)
    if kind is LList:
        if set(vars(value)) != {"loc", "item_locs"} or len(value.item_locs) != len(value):
            raise _Unsupported
        return (_LIST, *_pos(value.loc, name),
                [(*_pos(loc, name), _encode(item, name)) for loc, item in zip(value.item_locs, value)])
    raise _Unsupported


def _decode(data: Any, name: str) -> Any:
    if type(data) is not tuple:
        return data
    kind, line, col, entries = data
    if kind == _MAP:
        out = LMap(loc=Loc(name, line, col))
        key_locs, value_locs = out.key_locs, out.value_locs
        for key, k_line, k_col, v_line, v_col, item in entries:
            out[key] = _decode(item, name)
            key_locs[key] = Loc(name, k_line, k_col)
            value_locs[key] = Loc(name, v_line, v_col)
        return out
    if kind == _LIST:
        seq = LList(loc=Loc(name, line, col))
        locs = seq.item_locs
        for i_line, i_col, item in entries:
            seq.append(_decode(item, name))
            locs.append(Loc(name, i_line, i_col))
        return seq
    raise ValueError("not a cached tree")
