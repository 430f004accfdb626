"""The user's cache folder: converted SVGs and parsed fonts, kept between runs by content digest.

``$GENPNP_CACHE`` names the folder (``off``, ``no``, ``0`` or empty: no cache); else it is
``genpnp`` in ``$XDG_CACHE_HOME`` or ``~/.cache``. Everything in it can be deleted at any time:
a missing or damaged entry is made again from the files it came from.
"""

from __future__ import annotations

import os
from pathlib import Path


def root() -> Path | None:
    """The cache folder, or None when the user turned the cache off."""
    chosen = os.environ.get("GENPNP_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "genpnp"


def folder(name: str) -> Path | None:
    """A sub-folder of the cache for one kind of entry (``fonts``), or None when there is no cache."""
    top = root()
    return None if top is None else top / name
