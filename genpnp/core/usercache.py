"""The user's cache folder: the one disk cache of genpnp, holding plain data only.

``$GENPNP_CACHE`` names the folder (``off``, ``no``, ``0`` or empty: no cache); else it is ``genpnp``
in ``$XDG_CACHE_HOME`` or ``~/.cache``. Everything in it can be deleted at any time: a missing or
unreadable entry is made again from the files it came from, and a PDF is the same bytes with the
cache cold, warm or off.

One entry format: ``FORMAT``, the entry's key (32 bytes), the SHA-256 of the payload, the payload.
The payload is :mod:`marshal` data checked on reading to be plain values only (numbers, strings,
bytes, booleans, None, lists, tuples, dicts): a code object, or any other type, is refused, so nothing
read from the cache can run. One key scheme (:func:`key`): the digest of everything that made the
entry (the kind of entry, genpnp's version, the versions of the libraries involved, the content's
bytes). One size limit (``MAX_BYTES`` for the folder, an entry at most a quarter of it). One off switch
(``GENPNP_CACHE=off``).

The cache trusts only its user: a folder that is not owned by the user running genpnp, or that the
group or others may write, is not used (one warning on stderr). An entry is opened without
following a symlink and without waiting on a FIFO, must be a regular file of at most a quarter of ``MAX_BYTES``,
and must carry its own key and a matching digest; anything else (truncated, zeroed, another
content's entry, a link to ``/dev/zero``) is ignored, and rewritten when the work is done again.
"""

from __future__ import annotations

import functools
import hashlib
import marshal
import os
import stat
import sys
from pathlib import Path
from typing import Any

from genpnp import __version__

FORMAT = b"genpnp-cache-2\0"
MAX_BYTES = 256 * 1024 * 1024  # the folder's size; beyond it the entries used least recently go
_HEAD = len(FORMAT) + 64
_PLAIN = frozenset((int, float, str, bytes, bool, type(None)))
_state: dict[str, Any] = {}


def root() -> Path | None:
    """The cache folder named by the environment, or None when the user turned the cache off."""
    chosen = os.environ.get("GENPNP_CACHE")
    if chosen is not None:
        return None if chosen.strip().lower() in ("", "off", "0", "no") else Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "genpnp"


def folder() -> Path | None:
    """The cache folder when it may be used: made (for the user alone) when missing; None when the cache
    is off, or the folder is another user's or writable by others (warned once), or cannot be made."""
    top = root()
    if top is None:
        return None
    known = _state.get("folder")
    if known is not None and known[0] == top:
        return known[1]
    usable: Path | None = top
    try:
        if not top.exists():
            top.mkdir(mode=0o700, parents=True, exist_ok=True)
        info = top.stat()
    except OSError:
        usable = None  # a read-only home: the work is done again next time
    else:
        why = ""
        if not stat.S_ISDIR(info.st_mode):
            why = "it is not a folder"
        elif info.st_uid != os.geteuid():
            why = "it belongs to another user"
        elif info.st_mode & 0o022:
            why = "the group or others may write it (chmod go-w it)"
        if why:
            print(f"genpnp: warning: the cache folder {top} is not used: {why}", file=sys.stderr)
            usable = None
    _state["folder"] = (top, usable)
    return usable


def enabled() -> bool:
    return folder() is not None


@functools.cache
def library(name: str) -> bytes:
    """Which copy of an installed library ``name`` is (its file's place, size and time), without importing
    it: an upgraded library does not read the entries another one wrote."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
        origin = None if spec is None else spec.origin
        info = None if origin is None else os.stat(origin)
    except (OSError, ImportError, ValueError):
        return b"-"
    return b"-" if info is None else f"{origin}|{info.st_size}|{info.st_mtime_ns}".encode()


def key(kind: str, *parts: bytes) -> bytes:
    """The key of an entry: the digest of its kind, genpnp's version and every part that made it (the
    content's bytes, library versions, limits), each part's length included so parts cannot run together."""
    h = hashlib.sha256(FORMAT + __version__.encode() + b"\0" + kind.encode() + b"\0")
    for part in parts:
        h.update(len(part).to_bytes(8, "little"))
        h.update(part)
    return h.digest()


def _path(top: Path, entry: bytes) -> Path:
    return top / f"{entry.hex()}.bin"


def get(entry: bytes) -> Any | None:
    """The plain data stored under the key ``entry``, or None when there is none that reads back cleanly."""
    top = folder()
    if top is None:
        return None
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(_path(top, entry), flags)
    except OSError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or not _HEAD < info.st_size <= MAX_BYTES // 4:
            return None
        raw = b""
        while len(raw) < info.st_size:
            chunk = os.read(fd, info.st_size - len(raw))
            if not chunk:
                return None
            raw += chunk
    except OSError:
        return None
    finally:
        os.close(fd)
    head = len(FORMAT)
    payload = memoryview(raw)[_HEAD:]
    if raw[:head] != FORMAT or raw[head:head + 32] != entry or hashlib.sha256(payload).digest() != raw[head + 32:_HEAD]:
        return None
    try:
        value = marshal.loads(payload)
    except (ValueError, EOFError, TypeError):
        return None
    return value if plain(value) else None


def plain(value: Any) -> bool:
    """Whether ``value`` is plain data: numbers, strings, bytes, booleans, None, and lists, tuples and
    dicts of them (exact types: no subclass, no code object)."""
    stack = [value]
    while stack:
        item = stack.pop()
        kind = type(item)
        if kind in _PLAIN:
            continue
        if kind is list or kind is tuple:
            stack.extend(item)
        elif kind is dict:
            stack.extend(item.keys())
            stack.extend(item.values())
        else:
            return False
    return True


def put(entry: bytes, value: Any) -> None:
    """Store the plain data ``value`` under the key ``entry`` (atomically: a reader sees the old entry or
    the whole new one). A value that is not plain data, or larger than the limit, is not stored; a
    folder that cannot be written is no error (the work is done again next time)."""
    import tempfile

    top = folder()
    if top is None or not plain(value):
        return
    try:
        payload = marshal.dumps(value, 4)
    except ValueError:
        return
    if _HEAD + len(payload) > MAX_BYTES // 4:
        return
    tmp = None
    try:
        fd, tmp = tempfile.mkstemp(dir=top, prefix=".entry-", suffix=".tmp")
        with os.fdopen(fd, "wb") as out:
            out.write(FORMAT + entry + hashlib.sha256(payload).digest() + payload)
        os.replace(tmp, _path(top, entry))
        tmp = None
        _trim(top)
    except OSError:
        pass
    finally:
        if tmp is not None:  # a full disk: no temp file is left behind
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _trim(top: Path) -> None:
    """Keep the folder under ``MAX_BYTES``: the entries read or written least recently go first; temp files
    older than an hour (a writer killed mid-write) go too."""
    import time

    entries = []
    total = 0
    stale = time.time() - 3600
    with os.scandir(top) as found:
        for item in found:
            if item.name.endswith(".tmp") and item.is_file(follow_symlinks=False) \
                    and item.stat(follow_symlinks=False).st_mtime < stale:
                try:  # left by a process killed while it wrote
                    os.unlink(item.path)
                except OSError:
                    pass
                continue
            if item.name.endswith(".bin") and item.is_file(follow_symlinks=False):
                info = item.stat(follow_symlinks=False)
                entries.append((max(info.st_atime, info.st_mtime), info.st_size, item.path))
                total += info.st_size
    if total <= MAX_BYTES:
        return
    for _, size, path in sorted(entries):
        try:
            os.unlink(path)
        except OSError:
            continue
        total -= size
        if total <= MAX_BYTES * 3 // 4:
            break
