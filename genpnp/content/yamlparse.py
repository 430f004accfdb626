"""The YAML parser behind :func:`genpnp.content.yamlload.load_text` (PyYAML, safe loader, libyaml's
when PyYAML has it).

Only YAML's safe tags are accepted, without YAML 1.1's base-60 numbers; duplicate keys, huge alias
expansions, deep nesting, long values and huge numbers are reported as problems, never as tracebacks.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from genpnp.content.located import MAX_DEPTH, MAX_NODES, MAX_NUMBER, MAX_TEXT, LList, LMap, number_problem
from genpnp.core.errors import ContentError, Loc, Problem

# libyaml's parser when PyYAML has it (same nodes and marks, several times faster)
_BASE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_BASE_LOADER):  # type: ignore[misc,valid-type]
    """The safe loader without YAML 1.1's base-60 numbers: ``1:30`` is text, not 90."""

    yaml_implicit_resolvers = {
        first: [(tag, regexp) for tag, regexp in resolvers if tag not in (
            "tag:yaml.org,2002:int", "tag:yaml.org,2002:float")]
        for first, resolvers in _BASE_LOADER.yaml_implicit_resolvers.items()
    }


_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:int",
    re.compile(r"^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+)$"),
    list("-+0123456789"))
_Loader.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(r"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+]?[0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+]?[0-9]+)?"
               r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"),
    list("-+0123456789."))
_LOADER = _Loader
_STR = "tag:yaml.org,2002:str"

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
        if depth > MAX_DEPTH:
            raise ContentError([Problem(_loc(node, self.name), f"content is nested more than {MAX_DEPTH} levels deep")])
        if isinstance(node, ScalarNode):
            return self.scalar(node)
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
            own = {id(key_node) for key_node, _ in node.value if key_node.tag != "tag:yaml.org,2002:merge"}
            try:
                self.constructor.flatten_mapping(node)
            except yaml.constructor.ConstructorError as exc:
                where = _mark_loc(exc.problem_mark, self.name)
                raise ContentError([Problem(where, f"a merge key (<<) takes a mapping or a list of "
                                                   f"mappings: {exc.problem}")]) from None
            out_map = LMap(loc=_loc(node, self.name))
            merged: set[str] = set()  # keys whose value so far came through a merge key (<<)
            for key_node, value_node in node.value:
                key = self.build(key_node, depth + 1)
                if isinstance(key, (LMap, LList)):
                    self.problems.append(Problem(_loc(key_node, self.name), "a key must be a plain value"))
                    continue
                if not isinstance(key, str):
                    key = str(key).lower() if isinstance(key, bool) else str(key)
                from_merge = id(key_node) not in own  # merged pairs come first, then the mapping's own
                if from_merge and key in out_map:
                    continue  # YAML's merge rule: a mapping earlier in <<: [a, b] wins over a later one
                if key in merged:
                    del out_map[key]  # ... and the mapping's own key wins over a merged one
                    merged.discard(key)
                elif from_merge:
                    merged.add(key)
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


    def scalar(self, node: ScalarNode) -> Any:
        """One plain value, within the limits: finite numbers of sane size, text of bounded length."""
        if len(node.value) > MAX_TEXT:
            raise ContentError([Problem(_loc(node, self.name), f"this value is {len(node.value):,} characters "
                                                               f"long; at most {MAX_TEXT:,} are read")])
        if node.tag == _STR:
            return node.value  # what the constructor would return for text (most values), without its lookups
        where = _loc(node, self.name)
        try:
            value = self.constructor.construct_object(node, deep=True)
        except yaml.constructor.ConstructorError as exc:
            raise ContentError([Problem(_mark_loc(exc.problem_mark, self.name), _tag_message(node))]) from None
        except (ValueError, TypeError, OverflowError) as exc:
            if "digits" in str(exc):
                raise ContentError([Problem(where, f"the number is too large (at most {MAX_NUMBER:,} in size)")]) \
                    from None
            raise ContentError([Problem(where, f"cannot read value: {exc}")]) from None
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            problem = number_problem(value)
            if problem:
                raise ContentError([Problem(where, problem)])
        return value


def _tag_message(node: Node) -> str:
    return (
        f"the tag {node.tag!r} is not allowed: genpnp reads plain YAML only "
        "(no !!python or custom tags)"
    )


def _check_depth(text: str, name: str) -> None:
    """Refuse deep nesting from the event stream (flat), before the recursive composer sees it."""
    if text.count("[") + text.count("{") + text.count(":") + text.count("- ") <= MAX_DEPTH:
        return
    depth = 0
    for event in yaml.parse(text, Loader=_LOADER):
        if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
            depth += 1
            if depth > MAX_DEPTH:
                raise ContentError([Problem(_mark_loc(event.start_mark, name),
                                            f"content is nested more than {MAX_DEPTH} levels deep")])
        elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            depth -= 1


def parse(text: str, name: str) -> Any:
    """Parse YAML text (tabs already refused) into LMap/LList/scalars; raise ContentError with every problem."""
    try:
        _check_depth(text, name)
        node = yaml.compose(text, Loader=_LOADER)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "broken YAML"
        return_loc = _mark_loc(mark, name)
        raise ContentError([Problem(return_loc, f"broken YAML: {what}")]) from None
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow: at its line and column
        at = exc.position if isinstance(exc.position, int) else 0
        row, column = text.count("\n", 0, at) + 1, at - text.rfind("\n", 0, at)
        raise ContentError([Problem(Loc(name, row, column), f"broken YAML: the character {exc.character!r} "
                                                          "(a control character) is not allowed in YAML")]) from None
    except yaml.YAMLError as exc:
        raise ContentError([Problem(Loc(name, 1, 1), f"broken YAML: {exc}")]) from None
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


