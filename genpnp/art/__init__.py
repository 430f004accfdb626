"""Vector art drawn from parameters.

Each module in this package registers art elements with :func:`art`: a frozen
dataclass of parameters (read from YAML by the schema) with a ``draw(surface,
w, h)`` method that paints into a local box of width ``w`` and height ``h``
(origin bottom-left). Modules are discovered automatically.
"""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any

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


_LOADED: list[bool] = []


def load_all() -> dict[str, type]:
    """Import every art module once (called for each element parsed: scanning the folder each time cost
    a fifth of a small build)."""
    if not _LOADED:
        for info in pkgutil.iter_modules(__path__):
            importlib.import_module(f"{__name__}.{info.name}")
        _LOADED.append(True)
    return ART


def get(name: str) -> Any:
    load_all()
    return ART.get(name)
