"""Renderers: one module per component kind, each drawing a face on a Surface.

A renderer module registers ``draw(component, piece, face, surface, w, h)`` with
:func:`renderer`; modules are discovered automatically, and imported only when a component of
their kind is drawn (:mod:`genpnp.core.registry`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from genpnp.core.registry import LazyRegistry

RENDERERS: dict[type, Callable[..., None]] = {}
_REGISTRY = LazyRegistry(__name__, __path__[0], "renderer", {})  # keyed by the kind class's name


def renderer(kind_cls: type):
    def register(fn: Callable[..., None]) -> Callable[..., None]:
        RENDERERS[kind_cls] = fn
        return fn

    return register


def load_all() -> None:
    """Import every renderer module once."""
    _REGISTRY.load_all()


def _found(component: Any) -> Callable[..., None] | None:
    for cls in type(component).__mro__:
        if cls in RENDERERS:
            return RENDERERS[cls]
    return None


def renderer_for(component: Any) -> Callable[..., None]:
    """The renderer of the component's kind (or of a base class), importing only its module."""
    fn = _found(component)
    if fn is None:
        for cls in type(component).__mro__:
            if _REGISTRY.load(cls.__name__):
                break
        fn = _found(component)
    if fn is None:
        load_all()
        fn = _found(component)
    if fn is None:
        raise LookupError(f"no renderer for {type(component).__name__}")
    return fn
