"""Safe YAML loading that remembers where every value came from.

Mappings load as :class:`LMap` and sequences as :class:`LList`; both are plain
``dict``/``list`` subclasses that also know their own location and the
location of each key and item, so every later error can name file:line:col.
Only YAML's safe tags are accepted; duplicate keys, huge alias expansions and
tabs are reported as problems, never as tracebacks.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from genpnp.errors import ContentError, Loc, Problem

# libyaml's parser when PyYAML has it (same nodes and marks, several times faster)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

MAX_NODES = 200_000  # expanded size of one document; beyond it an alias bomb is assumed
MAX_BYTES = 20_000_000


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


def _loc(node: Node, name: str) -> Loc:
    mark = node.start_mark
    return Loc(name, mark.line + 1, mark.column + 1)


def _mark_loc(mark: Any, name: str) -> Loc:
    if mark is None:
        return Loc(name)
    return Loc(name, mark.line + 1, mark.column + 1)


class _Builder:
    """Turns a composed node tree into LMap/LList/scalars with positions."""

    def __init__(self, name: str):
        self.name = name
        self.problems: list[Problem] = []
        self.constructor = yaml.SafeLoader("")
        self.sizes: dict[int, int] = {}

    def size(self, node: Node) -> int:
        """Expanded node count (aliases counted every time they are used)."""
        key = id(node)
        if key in self.sizes:
            return self.sizes[key]
        self.sizes[key] = 1  # guards against recursive aliases
        total = 1
        if isinstance(node, SequenceNode):
            total += sum(self.size(child) for child in node.value)
        elif isinstance(node, MappingNode):
            total += sum(self.size(k) + self.size(v) for k, v in node.value)
        self.sizes[key] = total
        return total

    def build(self, node: Node, depth: int = 0) -> Any:
        if depth > 200:
            raise ContentError([Problem(_loc(node, self.name), "content is nested too deeply")])
        if isinstance(node, ScalarNode):
            try:
                return self.constructor.construct_object(node, deep=True)
            except yaml.constructor.ConstructorError as exc:
                raise ContentError([Problem(_mark_loc(exc.problem_mark, self.name), _tag_message(node))]) from None
            except (ValueError, TypeError) as exc:
                raise ContentError([Problem(_loc(node, self.name), f"cannot read value: {exc}")]) from None
        if isinstance(node, SequenceNode):
            if node.tag not in ("tag:yaml.org,2002:seq",):
                raise ContentError([Problem(_loc(node, self.name), _tag_message(node))])
            out = LList(loc=_loc(node, self.name))
            for child in node.value:
                out.append(self.build(child, depth + 1))
                out.item_locs.append(_loc(child, self.name))
            return out
        if isinstance(node, MappingNode):
            if node.tag not in ("tag:yaml.org,2002:map",):
                raise ContentError([Problem(_loc(node, self.name), _tag_message(node))])
            self.constructor.flatten_mapping(node)
            out_map = LMap(loc=_loc(node, self.name))
            for key_node, value_node in node.value:
                key = self.build(key_node, depth + 1)
                if isinstance(key, (LMap, LList)):
                    self.problems.append(Problem(_loc(key_node, self.name), "a key must be a plain value"))
                    continue
                if not isinstance(key, str):
                    key = str(key).lower() if isinstance(key, bool) else str(key)
                if key in out_map:
                    self.problems.append(
                        Problem(
                            _loc(key_node, self.name),
                            f'duplicate key "{key}" (first written at line {out_map.key_locs[key].line})',
                        )
                    )
                    continue
                out_map[key] = self.build(value_node, depth + 1)
                out_map.key_locs[key] = _loc(key_node, self.name)
                out_map.value_locs[key] = _loc(value_node, self.name)
            return out_map
        raise ContentError([Problem(_loc(node, self.name), "unsupported YAML node")])


def _tag_message(node: Node) -> str:
    return (
        f"the tag {node.tag!r} is not allowed: genpnp reads plain YAML only "
        "(no !!python or custom tags)"
    )


def display_name(path: Path, base: Path | None = None) -> str:
    """A short, stable file name for messages (relative to ``base`` or the cwd)."""
    for root in (base, Path.cwd()):
        if root is None:
            continue
        try:
            return str(path.resolve().relative_to(root.resolve()))
        except ValueError:
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
    try:
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "broken YAML"
        return_loc = _mark_loc(mark, name)
        raise ContentError([Problem(return_loc, f"broken YAML: {what}")]) from None
    except yaml.YAMLError as exc:
        raise ContentError([Problem(Loc(name), f"broken YAML: {exc}")]) from None
    if node is None:
        return None
    builder = _Builder(name)
    if builder.size(node) > MAX_NODES:
        raise ContentError(
            [Problem(_loc(node, name), f"the document expands to more than {MAX_NODES} values (an alias bomb?)")]
        )
    value = builder.build(node)
    if builder.problems:
        raise ContentError(builder.problems)
    return value


def load_file(path: Path, name: str | None = None) -> Any:
    """Read and parse one YAML file; errors name the file (as ``name`` if given)."""
    shown = name or display_name(path)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise ContentError([Problem(Loc(shown), "file not found")]) from None
    except OSError as exc:
        raise ContentError([Problem(Loc(shown), f"cannot read file: {exc.strerror}")]) from None
    if len(data) > MAX_BYTES:
        raise ContentError([Problem(Loc(shown), "file is too large for a content file")])
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ContentError([Problem(Loc(shown, line, 1), "file is not UTF-8 text")]) from None
    return load_text(text, shown)
