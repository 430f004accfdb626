"""The compiled methods of genpnp's dataclasses, kept between runs like ``.pyc`` files.

``@dataclass`` writes the source of each class's ``__init__``, ``__repr__``, ``__eq__``, ``__hash__``,
``__setattr__``... and compiles it when the class is made, at import. A small job makes over a
hundred such classes (components, art elements, rules, sheets), and compiling their methods costs
more than drawing a deck of cards. :func:`install` gives the ``dataclasses`` module an ``exec`` that
compiles each distinct source once and keeps the code objects in the user's cache folder
(:mod:`genpnp.usercache`), one file per Python version; the next run executes the same code objects
instead of compiling the same text again. The classes are the same: the code is what compiling that
text gives (``tests/test_code_cache.py``).

The entries are code objects, written with :mod:`marshal` as Python writes ``.pyc`` files, and run at
import: the cache folder is trusted as ``__pycache__`` folders are (it is the user's own, its files are
made readable by the user only). ``$GENPNP_CACHE=off`` turns it off; a damaged file is ignored.
"""

from __future__ import annotations

import atexit
import builtins
import dataclasses
import hashlib
import importlib.util
import marshal
import sys
from types import CodeType
from typing import Any

from genpnp import usercache

FORMAT = b"genpnp-dataclass-code-1\0"
KEY = hashlib.sha256(FORMAT + importlib.util.MAGIC_NUMBER + sys.version.encode()).hexdigest()
MAX_ENTRIES = 4_000  # beyond it, only this run's sources are kept (old versions of the classes drop out)
_codes: dict[str, Any] = {}
_used: set[str] = set()
_state = {"new": False}


def install() -> None:
    """Compile the methods that ``dataclasses`` generates through the cache (once per process)."""
    if getattr(dataclasses, "exec", None) is _exec or usercache.folder("code") is None:
        return
    payload = usercache.read("code", KEY, FORMAT)
    if payload is not None:
        try:
            stored = marshal.loads(payload)
        except (ValueError, EOFError, TypeError):
            stored = None
        if type(stored) is dict:
            _codes.update((k, v) for k, v in stored.items()
                          if type(k) is str and type(v) is CodeType)
    dataclasses.exec = _exec  # type: ignore[attr-defined]  # read by name inside dataclasses only
    atexit.register(save)


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:  # noqa: A002 - exec's own names
    """``exec`` for ``dataclasses``: the methods of genpnp's own classes come from the cache; any other
    class (of a program that imports genpnp) is compiled as ``dataclasses`` would, untouched."""
    if type(source) is str and _ours(globals):
        code = _codes.get(source)
        if code is None:  # as exec(source) compiles it: file "<string>", no __future__ flags of ours
            code = _codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            _state["new"] = True
        _used.add(source)
        source = code
    builtins.exec(source, globals, locals)


def _ours(globals: Any) -> bool:  # noqa: A002
    """Whether a class is made in a genpnp module (``dataclasses`` passes that module's namespace)."""
    name = globals.get("__name__") if isinstance(globals, dict) else None
    return isinstance(name, str) and (name == "genpnp" or name.startswith("genpnp."))


def save() -> None:
    """Write the cache when this run compiled a source it did not hold."""
    if not _state["new"]:
        return
    keep = _codes if len(_codes) <= MAX_ENTRIES else {k: _codes[k] for k in _used}
    try:
        payload = marshal.dumps(keep)
    except ValueError:
        return
    usercache.write("code", KEY, FORMAT, payload)
    _state["new"] = False
