"""Vector art drawn from parameters.

Each module in this package registers art elements with :func:`art`: a frozen
dataclass of parameters (read from YAML by the schema) with a ``draw(surface,
w, h)`` method that paints into a local box of width ``w`` and height ``h``
(origin bottom-left). Modules are discovered automatically, and imported only when content uses
one of their elements (:mod:`genpnp.core.registry`).
"""

from __future__ import annotations

from typing import Any

from genpnp.core.registry import LazyRegistry

ART: dict[str, type] = {}


def art(name: str, shorthand: str | None = None):
    """Register an art element class under ``name``; ``shorthand`` names the
    parameter a plain value fills (``- pips: 3`` means ``- pips: {count: 3}``)."""

    def register(cls: type) -> type:
        cls.art_name = name  # type: ignore[attr-defined]
        cls.shorthand = shorthand  # type: ignore[attr-defined]
        ART[name] = cls
        return cls

    return register


_REGISTRY = LazyRegistry(__name__, __path__[0], "art", ART)


def load_all() -> dict[str, type]:
    """Import every art module once (the docs and the JSON Schema list them all)."""
    _REGISTRY.load_all()
    return ART


def get(name: str) -> Any:
    """The art element class of ``name``, importing only the module that defines it; None when unknown."""
    return _REGISTRY.get(name)


def names() -> list[str]:
    """Every art name, for messages ("did you mean"), without importing the art modules."""
    return sorted(set(_REGISTRY.where()) | set(ART))
