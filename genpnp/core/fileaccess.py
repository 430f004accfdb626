"""The one door through which genpnp reads a file a game names.

A game folder is untrusted input: it may name only its own files (after following links) or the
package's own data (``genpnp/data``, the shipped fonts), and only regular files (never a FIFO, a
device or a folder), and no more than a stated number of bytes is read. :func:`read` does all of it
and raises :class:`Refused` with a message; :func:`read_content` turns a refusal into a
:class:`ContentError` at the place that named the file. A file's size is checked with ``fstat``
before reading, so a 5 GB sparse file is refused at once; opening uses ``O_NONBLOCK`` so a FIFO
does not wait for a writer.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from genpnp.core.errors import ContentError, Loc, Problem

IMAGE_MAX_BYTES = 100_000_000  # one image file, refused by its size before it is read

PACKAGE_DATA = Path(__file__).resolve().parent.parent / "data"


class Refused(ValueError):
    """The file may not be read; the message says why (without the file's name)."""


def inside(path: Path, root: Path | None) -> Path:
    """``path`` with every link resolved, when it lies inside ``root`` (resolved) or the package's data;
    :class:`Refused` otherwise. ``root`` None: any place (a file the user named, not a game)."""
    try:
        real = path.resolve(strict=True)
    except FileNotFoundError:
        raise Refused("file not found") from None
    except (OSError, RuntimeError) as exc:  # a symlink loop is a RuntimeError before Python 3.13
        raise Refused(f"cannot read file: {getattr(exc, 'strerror', None) or exc}") from None
    if root is not None and not real.is_relative_to(root.resolve()) and not real.is_relative_to(PACKAGE_DATA):
        raise Refused("the file is outside the game folder (after following links): a game reads only its own files")
    return real


def read(path: Path, root: Path | None, limit: int) -> bytes:
    """The bytes of the regular file ``path`` inside ``root`` (see :func:`inside`), at most ``limit`` of
    them; :class:`Refused` for anything else."""
    real = inside(path, root)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    try:
        fd = os.open(real, flags)
    except OSError as exc:
        raise Refused(f"cannot read file: {exc.strerror}") from None
    with os.fdopen(fd, "rb") as handle:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise Refused("not a regular file (a folder, FIFO or device): name a file")
        if info.st_size > limit:
            raise Refused(f"the file is {info.st_size:,} bytes; at most {limit:,} are read")
        try:
            data = handle.read(limit + 1)
        except OSError as exc:
            raise Refused(f"cannot read file: {exc.strerror}") from None
    if len(data) > limit:
        raise Refused(f"the file is larger than {limit:,} bytes")
    return data


def read_content(path: Path, shown: str, root: Path | None, limit: int, where: Loc | None = None) -> bytes:
    """:func:`read`, a refusal being a ContentError at ``where`` (the place that named the file), else at
    the file itself (``shown``)."""
    try:
        return read(path, root, limit)
    except Refused as exc:
        message = str(exc)
        if where is None:
            loc = Loc(shown) if message == "file not found" else Loc(shown, 1, 1)
            raise ContentError([Problem(loc, message)]) from None
        raise ContentError([Problem(where, f"{shown}: {message}")]) from None
