"""Renderers: one module per component kind, each drawing a face on a Surface.

A renderer module registers ``draw(component, piece, face, surface, w, h)`` with
:func:`renderer`; modules are discovered automatically.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable
from typing import Any

RENDERERS: dict[type, Callable[..., None]] = {}
_LOADED: list[bool] = []


def renderer(kind_cls: type):
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        RENDERERS[kind_cls] = fn
        return fn

    return register


def load_all() -> None:
    """Import every renderer module once (it is asked for each placement drawn: scanning the folder
    each time cost over a third of a large deck's build)."""
    if not _LOADED:
        for info in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{info.name}")
        _LOADED.append(True)


def renderer_for(component: Any) -> Callable[..., None]:
    load_all()
    for cls in type(component).__mro__:
        if cls in RENDERERS:
            return RENDERERS[cls]
    raise LookupError(f"no renderer for {type(component).__name__}")
