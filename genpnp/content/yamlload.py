"""Safe YAML loading that remembers where every value came from.

Mappings load as :class:`LMap` and sequences as :class:`LList`; both are plain
``dict``/``list`` subclasses that also know their own location and the
location of each key and item, so every later error can name file:line:col.
The parser itself (PyYAML, safe tags only) is in :mod:`genpnp.content.yamlparse`; duplicate keys, huge
alias expansions and tabs are reported as problems, never as tracebacks.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from genpnp.errors import ContentError, Loc, Problem

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
    from genpnp.content.yamlparse import parse

    return parse(text, name)


def read_bytes(path: Path, shown: str, root: Path | None = None, limit: int = MAX_BYTES,
               where: Loc | None = None) -> bytes:
    """A content file's bytes through the one door (:mod:`genpnp.fileaccess`): a regular file (never a FIFO
    or device), inside ``root`` once symlinks are resolved, at most ``limit`` bytes; anything else is a
    ContentError at ``where`` (the place that named the file), else at the file."""
    from genpnp.fileaccess import read_content

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
