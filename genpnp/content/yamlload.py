"""Safe YAML loading that remembers where every value came from.

Mappings load as :class:`LMap` and sequences as :class:`LList`; both are plain
``dict``/``list`` subclasses that also know their own location and the
location of each key and item, so every later error can name file:line:col.
The parser itself (PyYAML, safe tags only) is in :mod:`genpnp.content.yamlparse`; duplicate keys, huge
alias expansions and tabs are reported as problems, never as tracebacks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from genpnp.content.located import (  # noqa: F401  (every loader imports them from here)
    MAX_BYTES,
    MAX_DEPTH,
    MAX_NODES,
    MAX_NUMBER,
    MAX_TEXT,
    LList,
    LMap,
    number_problem,
)
from genpnp.content.yamlparse import parse
from genpnp.core.errors import ContentError, Loc, Problem


def display_name(path: Path, base: Path | None = None) -> str:
    """A short, stable file name for messages (relative to ``base`` or the cwd)."""
    for root in (base, Path.cwd()):
        if root is None:
            continue
        for real in (False, True):  # the path as named first (a symlink is shown as the link, not its target)
            try:
                mine, theirs = (path.resolve(), root.resolve()) if real else (path.absolute(), root.absolute())
                return str(mine.relative_to(theirs))
            except (ValueError, OSError, RuntimeError):  # elsewhere, or a symlink loop
                continue
    return str(path)


def load_text(text: str, name: str) -> Any:
    """Parse YAML text into LMap/LList/scalars; raise ContentError with every problem."""
    if "\t" in text:
        for number, line in enumerate(text.splitlines(), 1):
            stripped = line.lstrip(" ")
            if stripped.startswith("\t"):
                col = len(line) - len(stripped) + 1
                raise ContentError(
                    [Problem(Loc(name, number, col), "a tab is used for indentation: indent with spaces")]
                )
    if not text.strip(" \r\n"):
        return None  # an empty document (``--set key=``): no need to start the YAML parser

    return parse(text, name)


def read_bytes(path: Path, shown: str, root: Path | None = None, limit: int = MAX_BYTES,
               where: Loc | None = None) -> bytes:
    """A content file's bytes through the one door (:mod:`genpnp.core.fileaccess`): a regular file (never a FIFO
    or device), inside ``root`` once symlinks are resolved, at most ``limit`` bytes; anything else is a
    ContentError at ``where`` (the place that named the file), else at the file."""
    from genpnp.core.fileaccess import read_content

    return read_content(path, shown, root, limit, where)


def decode_utf8(data: bytes, shown: str) -> str:
    """UTF-8 text (a BOM is dropped); a bad byte or a NUL is an error at its line and column."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        col = exc.start - data.rfind(b"\n", 0, exc.start)
        raise ContentError([Problem(Loc(shown, line, col), "file is not UTF-8 text: save it as UTF-8")]) from None
    nul = text.find("\0")
    if nul >= 0:
        line = text.count("\n", 0, nul) + 1
        col = nul - text.rfind("\n", 0, nul)
        raise ContentError([Problem(Loc(shown, line, col), "a NUL byte: this is not a text file")])
    return text


def read_text(path: Path, shown: str, root: Path | None = None, limit: int = MAX_BYTES,
              where: Loc | None = None) -> str:
    """A UTF-8 text file, read with :func:`read_bytes`'s checks."""
    return decode_utf8(read_bytes(path, shown, root, limit, where), shown)


def load_file(path: Path, name: str | None = None, root: Path | None = None) -> Any:
    """Read (through the one door, inside ``root`` when given) and parse one YAML file; errors name the
    file (as ``name`` if given)."""
    shown = name or display_name(path)
    return load_text(read_text(path, shown, root), shown)
