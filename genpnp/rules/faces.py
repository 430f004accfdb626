"""The rule ``marked``: the pieces a game singles out by a value show their own face.

``marked: {of: voters, field: value, values: [0, 1], face: swing}`` says every entry of ``voters``
whose ``value`` is 0 or 1 prints the face ``swing`` (on its front, or ``side: back``), and, unless
``only: false``, that no other entry prints it. A violation points at the entry that shows the wrong face.
"""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import Bool, Enum, Str, fld
from genpnp.core.errors import did_you_mean
from genpnp.core.records import dataclass
from genpnp.model import rulerefs as refs
from genpnp.model.rulespec import PATH, Outcome, Rule, rule_kind
from genpnp.rules.vocab import VALUES


@dataclass(frozen=True, kw_only=True)
class MarkedParams:
    of: str = fld(PATH, doc="the component whose entries are checked", example="voters")
    field: str = fld(Str(), doc="the field whose values single an entry out", example="value")
    values: tuple = fld(VALUES, doc="the values that single an entry out (a..b: a range)", example=[0, 1])
    face: str = fld(Str(), doc="the face those entries show", example="swing")
    side: str = fld(Enum("front", "back"), "front", "the side that shows the face")
    only: bool = fld(Bool(), True, "no other entry shows that face")


def shown(comp: Any, item: Any, side: str) -> str:
    """The face an entry prints on ``side``: its own choice, else the component's."""
    return str(getattr(item, side, "") or getattr(comp, side, "") or side)


@rule_kind(
    "marked",
    MarkedParams,
    "entries whose field has one of some values show their own face (and no other entry does)",
    {"id": "swing-marked", "marked": {"of": "voters", "field": "value", "values": [0, 1], "face": "swing"}},
)
def run_marked(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    comp = refs.resolve(game, p.of)
    wanted = {str(v) for v in p.values}
    listed = ", ".join(str(v) for v in p.values)
    out = Outcome(paths=[p.of], checked=f"{p.of} with {p.field} {listed} show the face {p.face} ({p.side})")
    faces = getattr(comp, "faces", None) or {}
    if p.face not in faces:
        out.violations.append(rule.violation(
            refs.key_loc(comp.loc, "faces"), f'{p.of} has no face "{p.face}"{did_you_mean(p.face, faces)}'))
        return out
    marked = plain = 0
    for item in getattr(comp, "items", None) or ():
        value = str(item.fields.get(p.field, ""))
        face = shown(comp, item, p.side)
        if value in wanted and face != p.face:
            out.violations.append(rule.violation(
                item.loc, f"{p.field} {value} shows the face {face}; {p.field} {listed} must show {p.face} "
                f"({p.side}: {p.face})"))
        elif value not in wanted and face == p.face and p.only:
            out.violations.append(rule.violation(
                item.loc, f"{p.field} {value} shows the face {p.face}, kept for {p.field} {listed}"))
        marked += item.qty if value in wanted else 0
        plain += item.qty if value not in wanted else 0
    out.witness.append(f"{marked} piece(s) with {p.field} {listed} show {p.face}; {plain} other(s) do not")
    return out
