"""Mappings and lists that know where they are written, and the limits content is held to.

The parser (:mod:`genpnp.content.yamlparse`) makes them and the loader
(:mod:`genpnp.content.yamlload`) hands them out; both import them from here.
"""

from __future__ import annotations

import math
from typing import Any

from genpnp.core.errors import Loc

# Limits, documented in docs/content.md ("Limits"): checked before the work they bound.
MAX_NODES = 200_000  # expanded size of one document; beyond it an alias bomb is assumed
MAX_BYTES = 20_000_000  # one content file
MAX_DEPTH = 64  # nesting of mappings and lists
MAX_TEXT = 100_000  # characters in one value
MAX_NUMBER = 10**12  # largest magnitude of a number in content


class LMap(dict):
    """A dict that knows its location and the locations of its keys and values."""

    loc: Loc
    key_locs: dict[str, Loc]
    value_locs: dict[str, Loc]

    def __init__(self, *args: Any, loc: Loc | None = None, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.loc = loc or Loc("<generated>")
        self.key_locs = {}
        self.value_locs = {}

    def loc_of(self, key: str) -> Loc:
        """Where the value of ``key`` is written (the mapping itself when absent)."""
        return self.value_locs.get(key, self.loc)

    def key_loc(self, key: str) -> Loc:
        return self.key_locs.get(key, self.loc)


class LList(list):
    """A list that knows its location and the location of each item."""

    loc: Loc
    item_locs: list[Loc]

    def __init__(self, *args: Any, loc: Loc | None = None):
        super().__init__(*args)
        self.loc = loc or Loc("<generated>")
        self.item_locs = []

    def loc_of(self, index: int) -> Loc:
        if 0 <= index < len(self.item_locs):
            return self.item_locs[index]
        return self.loc


def number_problem(value: float) -> str:
    """Why a number read from content is refused ("" when it is fine)."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"{value} is not a finite number"
    if abs(value) > MAX_NUMBER:
        return f"the number is too large (at most {MAX_NUMBER:,} in size)"
    return ""
