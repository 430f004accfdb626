"""The component model: frozen dataclasses that know their file:line, and no backend.

Each module here registers component kinds with :func:`genpnp.model.base.kind`; modules are
discovered automatically, and imported only when a component uses one of their kinds
(:mod:`genpnp.core.registry`).
"""

from __future__ import annotations

from typing import Any

from genpnp.core.registry import LazyRegistry

_KINDS: LazyRegistry | None = None


def _registry() -> LazyRegistry:
    global _KINDS
    if _KINDS is None:
        from genpnp.model.base import KINDS

        _KINDS = LazyRegistry(__name__, __path__[0], "kind", KINDS)
    return _KINDS


def kind_class(name: str) -> Any:
    """The component class of a ``kind:`` name (importing only its module), or None."""
    return _registry().get(name)


def kind_names() -> list[str]:
    """Every kind name, for messages ("did you mean"), without importing the kinds."""
    from genpnp.model.base import KINDS

    return sorted(set(_registry().where()) | set(KINDS))


def load_all() -> None:
    """Import every kind (the docs and the JSON Schema list them all)."""
    _registry().load_all()
