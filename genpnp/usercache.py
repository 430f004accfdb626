"""The user's cache folder: converted SVGs and parsed fonts, kept between runs by content digest.

``$GENPNP_CACHE`` names the folder (``off``, ``no``, ``0`` or empty: no cache); else it is
``genpnp`` in ``$XDG_CACHE_HOME`` or ``~/.cache``. Everything in it can be deleted at any time:
a missing or damaged entry is made again from the files it came from.
"""

from __future__ import annotations

import hashlib
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


def read(name: str, key: str, kind: bytes) -> bytes | None:
    """The payload stored under ``key`` in the sub-folder ``name``, or None when there is none, or it was
    written as another ``kind`` (format), or its digest does not match (a damaged or cut-off file)."""
    top = folder(name)
    if top is None:
        return None
    try:
        raw = (top / f"{key}.bin").read_bytes()
    except OSError:
        return None
    head = len(kind)
    payload = raw[head + 32:]
    if raw[:head] != kind or hashlib.sha256(payload).digest() != raw[head:head + 32]:
        return None
    return payload


def write(name: str, key: str, kind: bytes, payload: bytes) -> None:
    """Store ``payload`` under ``key`` (atomically: a reader sees the old entry or the whole new one);
    a cache folder that cannot be written is no error (the work is done again next time)."""
    import tempfile

    top = folder(name)
    if top is None:
        return
    try:
        top.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=top, suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(kind + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, top / f"{key}.bin")
    except OSError:
        pass
