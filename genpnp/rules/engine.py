"""The engine's named rules: parameterised checks the vocabulary cannot express (maps, supplies)."""

from genpnp.rules import (
    gridrules,  # noqa: F401
    hexrules,  # noqa: F401
    hexshape,  # noqa: F401
    placement,  # noqa: F401
    precincts,  # noqa: F401
    supply,  # noqa: F401
)
