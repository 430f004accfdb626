"""The ``rules:`` key: a list of named rules, each of one kind with its parameters.

A rule is a mapping ``{id, message?, severity?, <kind>: {parameters}}``; the kinds are registered
with :func:`rule_kind` (the vocabulary in :mod:`genpnp.rules.vocab` and the engine's named map and
supply rules). Parameters are read with the content schema, so an unknown key gets "did you mean"
and a wrong value its ``path:line:col``. ``rules: {file: data/rules.yaml}`` reads the list from a
data file's top-level ``rules:`` instead. Rules are data: nothing in them runs as code.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import field
from pathlib import Path
from typing import Any

from genpnp.content.schema import INVALID, Ctx, Custom, Enum, Spec, Str, build, object_schema, type_name
from genpnp.content.yamlload import LList, LMap
from genpnp.core.errors import Loc, Violation, did_you_mean
from genpnp.core.records import dataclass
from genpnp.core.registry import LazyRegistry
from genpnp.model import rulerefs as refs

COMMON = ("id", "message", "severity")


@dataclass
class Outcome:
    """What a rule found: violations, what it checked, and the witness (the proof when it holds)."""

    violations: list[Violation] = field(default_factory=list)
    checked: str = ""
    witness: list[str] = field(default_factory=list)
    paths: list[str] = field(default_factory=list)  # what the verdict depends on (for knock-on effects)


@dataclass(frozen=True)
class RuleKind:
    name: str
    params: type
    run: Callable[[Any, Any], Outcome]
    doc: str
    example: dict
    reads: tuple[str, ...] = ()  # item fields the kind reads by a fixed name (not named in its parameters)


KINDS: dict[str, RuleKind] = {}
# The modules of genpnp/rules that register kinds (``@rule_kind(`` at the start of a line), found in their
# source and imported when one of their names is used: this module knows none of them by name.
REGISTRY = LazyRegistry("genpnp.rules", Path(__file__).parent.parent / "rules", "rule_kind", KINDS)


def rule_kind(name: str, params: type, doc: str, example: dict, reads: tuple[str, ...] = ()) -> Callable:
    """Register ``fn(game, rule) -> Outcome`` as the rule kind ``name`` with its parameters class;
    ``reads``: item fields it reads by a fixed name (so that they are never reported as unused columns)."""

    def register(fn: Callable[[Any, Any], Outcome]) -> Callable[[Any, Any], Outcome]:
        KINDS[name] = RuleKind(name, params, fn, doc, example, reads)
        return fn

    return register


@dataclass(frozen=True)
class Rule:
    """One declared rule."""

    id: str
    kind: str
    params: Any
    raw: Any  # the parameters as written (their key locations)
    message: str = ""
    severity: str = "error"
    loc: Loc = Loc("<built-in>")

    def at(self, key: str) -> Loc:
        """Where a parameter is written in the rule."""
        return self.raw.loc_of(key) if isinstance(self.raw, LMap) else self.loc

    def violation(self, loc: Loc, text: str, severity: str | None = None, sub: str = "") -> Violation:
        """A violation of this rule; ``sub`` names which check of an engine rule failed (id/sub)."""
        message = f"{text} ({self.message})" if self.message else text
        return Violation(loc, f"{self.id}/{sub}" if sub else self.id, message, severity or self.severity)

    def ref_error(self, key: str, exc: refs.RefError) -> Violation:
        return Violation(self.at(key), self.id, f"{key}: {exc}")


def words_read(rules: Any) -> set[str]:
    """Every name the declared rules may read from items: the words of their parameters as written
    (keys and values: ``field: value``, ``where: {random: true}``, ``of: "tiles[side=red]"``) and the
    fields their kinds read by a fixed name."""
    found: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                walk(key)
                walk(value)
        elif isinstance(node, (list, tuple)):
            for value in node:
                walk(value)
        elif isinstance(node, str):
            found.update(re.findall(r"[A-Za-z_][A-Za-z0-9_\-]*", node))

    for rule in rules or ():
        walk(rule.raw)
        found.update(KINDS[rule.kind].reads)
    return found


ID = Str(pattern=r"[a-z0-9][a-z0-9\-]*", max_len=60, hint="a rule id is lower-case words joined by -")


def load_all_kinds() -> None:
    """Import every module that registers a rule kind (the docs and the JSON Schema list them all)."""
    REGISTRY.load_all()


def kind_names() -> list[str]:
    """Every rule kind's name, read from the source of the modules that register them (none imported)."""
    return sorted({*REGISTRY.where(), *KINDS})


def parse_rule(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if not isinstance(value, LMap):
        return ctx.error(loc, f"a rule is a mapping {{id: ..., <kind>: {{...}}}}, got {type_name(value)}")
    names = kind_names()
    kinds = [k for k in value if k in names]
    allowed = [*COMMON, *names]
    bad = False
    for key in value:
        if key not in allowed:
            ctx.error(value.key_loc(key), f'unknown key "{key}" in a rule{did_you_mean(str(key), allowed)}')
            bad = True
    if len(kinds) != 1:
        if not bad:
            ctx.error(
                loc, f"a rule has exactly one kind ({', '.join(names)}); found {', '.join(kinds) or 'none'}"
            )
        return INVALID
    if "id" not in value:
        return ctx.error(loc, 'missing key "id": a rule needs an id (names it in every message)')
    rid = ID.parse(value["id"], value.loc_of("id"), ctx)
    message = Str().parse(value.get("message", ""), value.loc_of("message"), ctx)
    severity = Enum("error", "warning").parse(value.get("severity", "error"), value.loc_of("severity"), ctx)
    kind = REGISTRY.get(kinds[0])
    raw = value[kind.name]
    params = build(kind.params, raw, value.loc_of(kind.name), ctx)
    if INVALID in (rid, message, severity, params) or bad:
        return INVALID
    return Rule(rid, kind.name, params, raw, message, severity, loc)


def parse_rules(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if isinstance(value, LMap) and set(value) == {"file"}:
        from genpnp.model.base import load_data_file

        data = load_data_file(value, "rules", ctx)
        if data is INVALID:
            return INVALID
        value, loc = data["rules"], data.loc_of("rules")
    if not isinstance(value, LList):
        return ctx.error(loc, f"rules is a list of rules, or {{file: data/rules.yaml}}; got {type_name(value)}")
    out: list[Rule] = []
    seen: dict[str, Loc] = {}
    bad = False
    for i, entry in enumerate(value):
        rule = parse_rule(entry, value.loc_of(i), ctx)
        if rule is INVALID:
            bad = True
            continue
        if rule.id in seen:
            ctx.error(entry.loc_of("id"), f'the rule id "{rule.id}" is used already at line {seen[rule.id].line}')
            bad = True
        seen[rule.id] = rule.loc
        out.append(rule)
    return INVALID if bad else tuple(out)


def rules_schema() -> dict[str, Any]:
    load_all_kinds()
    common = {"id": ID.json_schema(), "message": {"type": "string"}, "severity": {"enum": ["error", "warning"]}}
    one_of = []
    for name, kind in sorted(KINDS.items()):
        props = {**common, name: {**object_schema(kind.params), "description": kind.doc}}
        one_of.append({"type": "object", "properties": props, "required": ["id", name], "additionalProperties": False})
    listed = {"type": "array", "items": {"oneOf": one_of}}
    return {
        "anyOf": [
            listed,
            {
                "type": "object",
                "properties": {"file": {"type": "string"}},
                "required": ["file"],
                "additionalProperties": False,
            },
        ]
    }


class RulesSpec(Spec):
    """The ``rules:`` value of game.yaml."""

    def parse(self, value: Any, loc: Loc, ctx: Ctx) -> Any:
        return parse_rules(value, loc, ctx)

    def json_schema(self) -> dict[str, Any]:
        return rules_schema()

    def describe(self) -> str:
        return "list of rules (see Rules below), or {file: data/rules.yaml}"


RULES = RulesSpec()
QTY = Custom(
    lambda v, loc, ctx: _parse_qty(v, loc, ctx),
    {"anyOf": [{"type": "number"}, {"type": "string", "pattern": f"^{refs.EXPR_RE.pattern}$"}]},
    "quantity: a number, or a path such as board.cells (paths and numbers joined by + - * /)",
)


def _parse_qty(value: Any, loc: Loc, ctx: Ctx) -> Any:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and refs.EXPR_RE.fullmatch(value.strip()):
        return value.strip()
    return ctx.error(
        loc,
        f"{value!r} is not a quantity: write a number, or a path such as board.cells "
        "(paths and numbers joined by + - * / with spaces)",
    )


PATH = Str(pattern=refs.PATH, hint="a component name, then .key.key, then an optional [field=value]")
