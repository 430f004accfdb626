"""The rule vocabulary, part two: values, fit, presence, dice and numbers a text states.

``value`` compares one value of the content (``board.rows``) with a quantity or a list; ``differ``
says values must differ (two tile sets' colours); ``fit`` compares a piece's size with a board's
cell, row or slot; ``require`` names entries or components that must exist; ``die`` checks a die's
faces; ``states`` finds numbers a text states (a pattern) and compares them with the content.
"""

from __future__ import annotations

import difflib
import re
from typing import Any

from genpnp.content.schema import AnyValue, Bool, Int, Length, ListOf, Str, fld
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM, fmt_mm
from genpnp.model import rulerefs as refs
from genpnp.model.rulerefs import fmt
from genpnp.model.rulespec import PATH, QTY, Outcome, Rule, rule_kind
from genpnp.rules.bounds import Bounds, bounds_text, compare


@dataclass(frozen=True, kw_only=True)
class ValueParams(Bounds):
    of: str = fld(PATH, doc="the value: a component's key (a list counts its entries)", example="board.rows")
    one_of: tuple = fld(ListOf(AnyValue()), (), "or: the value must be one of these")


@rule_kind(
    "value",
    ValueParams,
    "one value of the content equals a quantity (or is one of a list)",
    {"id": "board-8x8", "value": {"of": "board.rows", "equals": 8}},
)
def run_value(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    value = refs.resolve(game, p.of)
    out = Outcome(paths=[p.of], checked=f"{p.of} {bounds_text(game, p) or 'one of ' + str(list(p.one_of))}")
    if p.one_of:  # where the value is written is looked up (a file read again) only to report it
        if not any(refs.same(value, v) for v in p.one_of):
            out.violations.append(rule.violation(refs.path_loc(game, p.of),
                                                 f"{p.of} is {value!r}; expected one of {list(p.one_of)}"))
    else:
        have = refs.number(value)
        bad = compare(game, rule, have, p)
        if bad:
            out.violations.append(rule.violation(refs.path_loc(game, p.of),
                                                 f"{p.of} is {fmt(have)}, expected {bad[0]}"))
    out.witness.append(f"{p.of} = {value if isinstance(value, (int, float, str)) else fmt(refs.number(value))}")
    return out


@dataclass(frozen=True, kw_only=True)
class DifferParams:
    of: tuple = fld(
        ListOf(PATH, min_len=2),
        doc="values that must all differ",
        example=["red-tiles.faces.front.fill", "blue-tiles.faces.front.fill"],
    )


@rule_kind(
    "differ",
    DifferParams,
    "values that must all be different (two teams' colours)",
    {"id": "two-colours", "differ": {"of": ["red-tiles.faces.front.fill", "blue-tiles.faces.front.fill"]}},
)
def run_differ(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(paths=list(p.of), checked="all different: " + ", ".join(p.of))
    seen: dict[str, str] = {}
    for path in p.of:
        value = refs.resolve(game, path)
        key = (
            str(getattr(value, "hex", None) or value)
            if not hasattr(value, "r")
            else f"{value.r:.3f},{value.g:.3f},{value.b:.3f}"
        )
        if key in seen:
            out.violations.append(rule.violation(refs.path_loc(game, path), f"{path} is the same as {seen[key]}"))
        seen.setdefault(key, path)
        out.witness.append(f"{path} = {getattr(value, 'name', None) or value}")
    return out


@dataclass(frozen=True, kw_only=True)
class FitParams:
    piece: str = fld(PATH, doc="the component whose pieces are laid on the board", example="red-tiles")
    into: tuple = fld(
        ListOf(PATH, min_len=1, max_len=2, single=True),
        doc="the space: one length (a square), width and height, or another piece's size (tiles.size: "
            "a piece laid on a piece)",
        example="board.cell",
    )
    gap: float = fld(Length(), 0.0, "how much smaller than the space the piece is meant to be")
    tolerance: float = fld(Length(), 0.1 * MM, "allowed difference")
    smaller: bool = fld(Bool(), False, "any piece at most the space minus gap fits (not only that size)")


def _space(value: Any) -> tuple[float, ...]:
    """A space's sides: one length, or a piece's (width, height)."""
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value):
        return (float(value[0]), float(value[1]))
    return (refs.number(value),)


@rule_kind(
    "fit",
    FitParams,
    "a piece's size matches a space of a board: equal, or smaller by a gap",
    {"id": "tile-fits-cell", "fit": {"piece": "red-tiles", "into": "board.cell", "gap": "0.5mm"}},
)
def run_fit(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    comp = refs.resolve(game, p.piece)
    w, h = getattr(comp, "size", (0.0, 0.0)) if isinstance(getattr(comp, "size", None), tuple) else (comp.size,) * 2
    spaces = [_space(refs.resolve(game, path)) for path in p.into]
    sw, sh = (spaces[0][0], spaces[0][-1]) if len(spaces) == 1 else (spaces[0][0], spaces[1][0])
    ww, wh = sw - p.gap, sh - p.gap
    out = Outcome(paths=[p.piece, *p.into])
    out.checked = f"{p.piece} ({fmt_mm(w)} x {fmt_mm(h)}) in {' x '.join(p.into)} ({fmt_mm(sw)} x {fmt_mm(sh)})"
    too_big = w > ww + p.tolerance or h > wh + p.tolerance
    too_small = not p.smaller and (w < ww - p.tolerance or h < wh - p.tolerance)
    if too_big or too_small:
        goal = f"{fmt_mm(ww)} x {fmt_mm(wh)}" + (f" ({fmt_mm(p.gap)} smaller than the space)" if p.gap else "")
        word = "at most" if p.smaller else "to within " + fmt_mm(p.tolerance)
        out.violations.append(
            rule.violation(
                refs.key_loc(comp.loc, "size"),
                f"{p.piece} are {fmt_mm(w)} x {fmt_mm(h)}; they should be {goal}, {word}",
            )
        )
    out.witness.append(f"room around each piece: {fmt_mm(sw - w)} x {fmt_mm(sh - h)}")
    return out


@dataclass(frozen=True, kw_only=True)
class RequireParams:
    of: str = fld(PATH, "", "the entries (a component or list) that must include the values", "board.rows")
    field: str = fld(Str(), "name", "the field that names an entry")
    values: tuple = fld(ListOf(AnyValue(), single=True), (), "the names that must be present")
    components: tuple = fld(ListOf(Str(), single=True), (), "or: components the game must have")
    filled: tuple = fld(ListOf(Str(), single=True), (), "fields every entry of `of` must fill (not empty)")


@rule_kind(
    "require",
    RequireParams,
    "required items by name, or required components",
    {"id": "starter-cards", "require": {"of": "board.rows", "values": ["Opening", "Last Call"]}},
)
def run_require(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(paths=[p.of] if p.of else list(p.components))
    for name in p.components:
        if name not in game.components:
            out.violations.append(rule.violation(_sections_loc(game), f'the game needs a component "{name}"'))
    if p.of:
        recs = refs.records(refs.resolve(game, p.of))
        names = [str(r.fields.get(p.field, "")) for r in recs]
        for value in p.values:
            if any(refs.same(n, value) for n in names):
                continue
            # a typo of the name, not another name built on it ("skip-start" is no misspelt "start")
            typos = [n for n in names if str(value).lower() not in n.lower()]
            close = difflib.get_close_matches(str(value), typos, 1, 0.6)
            loc = recs[names.index(close[0])].loc if close else refs.path_loc(game, p.of)
            hint = f' ("{close[0]}" looks like it, renamed?)' if close else ""
            out.violations.append(rule.violation(loc, f'no entry of {p.of} has {p.field} "{value}"{hint}'))
        for rec in recs:
            for name in p.filled:
                if not str(rec.fields.get(name, "")).strip():
                    which = str(rec.fields.get(p.field, "")).strip()
                    entry = f'the entry "{which}" of {p.of}' if which and name != p.field else f"an entry of {p.of}"
                    out.violations.append(rule.violation(refs.key_loc(rec.loc, name), f"{entry} has no {name}"))
    wanted = [*p.components, *map(str, p.values), *(f"{n} of every entry" for n in p.filled)]
    out.checked = f"present: {', '.join(wanted)}"
    out.witness.append("all present" if not out.violations else f"{len(out.violations)} missing")
    return out


def _sections_loc(game: Any) -> Loc:
    return refs.key_loc(game.meta.loc, "sections")


@dataclass(frozen=True, kw_only=True)
class DieParams:
    of: str = fld(PATH, doc="the die component", example="die")
    faces: int = fld(Int(2, 100), 6, "number of faces; their pips are 1 to faces")
    opposite: int = fld(Int(0, 200), 0, "opposite faces sum to this (7 on a standard die; 0: not checked)")


@rule_kind(
    "die",
    DieParams,
    "a die: faces numbered 1 to N once each, opposite faces summing to a number",
    {"id": "standard-die", "die": {"of": "die", "faces": 6, "opposite": 7}},
)
def run_die(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(
        paths=[p.of],
        checked=f"{p.of}: faces 1-{p.faces} once each"
        + (f", opposite faces sum to {p.opposite}" if p.opposite else ""),
    )
    if p.of.split(".")[0] not in game.components:
        out.violations.append(rule.violation(_sections_loc(game), f'the game needs a die "{p.of}"'))
        return out
    die = refs.resolve(game, p.of)
    pips = tuple(getattr(die, "pips", ()))
    loc = refs.key_loc(die.loc, "pips")
    if sorted(pips) != list(range(1, p.faces + 1)):
        out.violations.append(
            rule.violation(loc, f"the faces show {list(pips)}; a die of {p.faces} faces shows 1 to {p.faces} once each")
        )
    elif p.opposite:
        n = len(pips)
        for i in range(n // 2):  # face i+1 is opposite face n-i (the net's layout)
            if pips[i] + pips[n - 1 - i] != p.opposite:
                out.violations.append(
                    rule.violation(
                        loc,
                        f"faces {i + 1} and {n - i} are opposite and show "
                        f"{pips[i]} + {pips[n - 1 - i]}, not {p.opposite}",
                    )
                )
    out.witness.append(f"pips {list(pips)}")
    return out


@dataclass(frozen=True, kw_only=True)
class StatesParams(Bounds):
    pattern: str = fld(Str(), doc="a pattern whose (\\d+) group is a number the text states", example=r"(\d+) cards")
    texts: tuple = fld(ListOf(Str(), single=True), (), "the text components read (default: every text)")


@rule_kind(
    "states",
    StatesParams,
    "numbers a text states (found by a pattern) agree with the content",
    {"id": "deck-size-stated", "severity": "warning", "states": {"pattern": r"(\d+) cards", "equals": "deck"}},
)
def run_states(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(paths=[], checked=f'texts stating "{p.pattern}" {bounds_text(game, p)}')
    try:
        pattern = re.compile(p.pattern, re.IGNORECASE)
    except re.error as exc:
        out.violations.append(rule.violation(rule.at("pattern"), f"not a pattern: {exc}"))
        return out
    found = 0
    for comp in game.components.values():
        source = getattr(comp, "source", None)
        if source is None or not hasattr(comp, "source_name") or (p.texts and comp.name not in p.texts):
            continue
        for number, line in enumerate(getattr(comp, "body", "").splitlines(), start=1):  # as read at load
            for m in pattern.finditer(line):
                digits = next((g for g in m.groups() if g and g.isdigit()), None)
                if digits is None:
                    continue
                found += 1
                bad = compare(game, rule, int(digits), p)
                if bad:
                    out.violations.append(
                        rule.violation(
                            Loc(comp.source_name, number, m.start() + 1),
                            f'the text says "{m.group(0)}"; the content makes it {bad[0]}',
                        )
                    )
    out.witness.append(f"{found} statement(s) read")
    return out


__all__ = ["QTY"]
