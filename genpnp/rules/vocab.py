"""The rule vocabulary, part one: counts, sums and distributions of pieces and their fields.

``count``, ``sum`` and ``distinct`` compare one number with ``equals``, ``min`` or ``max`` (each a
quantity, see :mod:`genpnp.model.rulerefs`); ``each`` says how often each value of a field appears;
``mirror`` says two teams' sets are the same. A violation points at the entry that breaks the rule:
the last entry with a value there is too much of, the first one of a value too few of.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from genpnp.content.schema import INVALID, AnyValue, Bool, Ctx, Custom, ListOf, MapOf, Str, fld
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.records import dataclass
from genpnp.model import rulerefs as refs
from genpnp.model.rulerefs import Record, RefError, fmt
from genpnp.model.rulespec import PATH, QTY, Outcome, Rule, rule_kind
from genpnp.rules.bounds import Bounds, bound_paths, bounds_text, compare

WHERE = MapOf(AnyValue(), key_pattern=r"[A-Za-z0-9_\-]+")


def where_text(where: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in where.items())


def selected(game: Any, of: str, where: dict | None) -> list[Record]:
    recs = refs.records(refs.resolve(game, of))
    return [r for r in recs if refs.matches(r.fields, where or {})]


def blame(game: Any, of: str, recs: list[Record], direction: str) -> Loc:
    """Where a wrong count comes from: the last entry when too many, else the first (else the list)."""
    if recs:
        return recs[-1].loc if direction == "too many" else recs[0].loc
    return refs.path_loc(game, of)


def end_of_list(value: Any, declared: Loc) -> Loc:
    """Where a list with too many or too few entries ends: its last entry (an entry is added or removed
    there), for entries made from several lists the last entry of the last list; else where it is declared."""
    items = getattr(value, "items", None)
    if not isinstance(items, tuple) or not items or not hasattr(items[-1], "loc"):
        return declared
    parts = getattr(items[-1], "parts", ())
    return max(parts) if parts else items[-1].loc


@dataclass(frozen=True, kw_only=True)
class CountParams(Bounds):
    of: str = fld(PATH, doc="the component (or list) whose pieces are counted", example="red-tiles")
    where: dict = fld(WHERE, None, "count only entries whose fields have these values")


@rule_kind(
    "count",
    CountParams,
    "the number of pieces of a component, or of its entries that match `where`",
    {"id": "one-tile-per-cell", "count": {"of": "red-tiles", "equals": "board.cells"}},
)
def run_count(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    out = Outcome(paths=[p.of.split("[")[0], *bound_paths(p)])
    value = refs.resolve(game, p.of)
    recs = selected(game, p.of, p.where) if p.where else []
    have = sum(r.qty for r in recs) if p.where else refs.number(value)
    what = f"{p.of}" + (" where " + where_text(p.where) if p.where else "")
    out.checked = f"count of {what} {bounds_text(game, p)}"
    bad = compare(game, rule, have, p)
    if bad:
        loc = blame(game, p.of, recs, bad[1]) if p.where else end_of_list(value, refs.path_loc(game, p.of))
        out.violations.append(rule.violation(loc, f"{what}: {fmt(have)}, expected {bad[0]}"))
    out.witness.append(f"{what}: {fmt(have)}")
    return out


@dataclass(frozen=True, kw_only=True)
class SumParams(Bounds):
    of: str = fld(PATH, doc="the component (or list) whose entries are added up", example="voters")
    field: str = fld(Str(), doc="the whole-number field added (times each entry's qty)", example="value")
    where: dict = fld(WHERE, None, "add only entries whose fields have these values")


@rule_kind(
    "sum",
    SumParams,
    "the total of a numeric field over a component's entries (each times its qty)",
    {"id": "points", "sum": {"of": "voters", "field": "value", "equals": 99}},
)
def run_sum(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    recs = selected(game, p.of, p.where)
    total = sum(_num(r.fields.get(p.field, 0)) * r.qty for r in recs)
    out = Outcome(paths=[p.of, *bound_paths(p)], checked=f"sum of {p.field} over {p.of} {bounds_text(game, p)}")
    bad = compare(game, rule, total, p)
    if bad:
        out.violations.append(
            rule.violation(
                blame(game, p.of, recs, bad[1]), f"{p.field} of {p.of} adds up to {fmt(total)}, expected {bad[0]}"
            )
        )
    out.witness.append(f"total {fmt(total)}")
    return out


def _num(value: Any) -> float:
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0


@dataclass(frozen=True, kw_only=True)
class DistinctParams(Bounds):
    of: str = fld(PATH, doc="the component (or list)", example="cubes")
    field: str = fld(Str(), doc="the field whose different values are counted", example="player")


@rule_kind(
    "distinct",
    DistinctParams,
    "how many different values a field takes",
    {"id": "cube-colours", "distinct": {"of": "cubes", "field": "player", "equals": "board.columns"}},
)
def run_distinct(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    recs = selected(game, p.of, None)
    values = list(dict.fromkeys(str(r.fields.get(p.field, "")) for r in recs))
    out = Outcome(paths=[p.of, *bound_paths(p)], checked=f"different {p.field} of {p.of} {bounds_text(game, p)}")
    bad = compare(game, rule, len(values), p)
    if bad:
        out.violations.append(
            rule.violation(
                blame(game, p.of, recs, bad[1]),
                f"{len(values)} different {p.field}: {', '.join(values)}; expected {bad[0]}",
            )
        )
    out.witness.append(f"{p.field}: {', '.join(values)}")
    return out


def _values(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """A list of values; ``"2..9"`` stands for every whole number from 2 to 9."""
    if not isinstance(value, list):
        value = [value]
    out: list[Any] = []
    for v in value:
        m = re.fullmatch(r"\s*(-?\d+)\s*\.\.\s*(-?\d+)\s*", str(v)) if isinstance(v, str) else None
        if m:
            out.extend(range(int(m.group(1)), int(m.group(2)) + 1))
        elif isinstance(v, (dict, list)):
            return ctx.error(loc, "values are plain text or numbers, or a range such as 2..9")
        else:
            out.append(v)
    return tuple(out)


VALUES = Custom(_values, {"type": "array"}, "list of values; a..b is every whole number from a to b")


@dataclass(frozen=True, kw_only=True)
class EachParams:
    of: str = fld(PATH, doc="the component (or list)", example="voter-tokens")
    field: str = fld(Str(), doc="the field whose values are counted", example="value")
    values: tuple = fld(VALUES, (), "the values that must appear (a..b: a range)", ["2..9"])
    times: Any = fld(QTY, None, "how many pieces show each value")
    counts: dict = fld(
        MapOf(
            Custom(
                lambda v, loc, ctx: (
                    v if isinstance(v, int) and not isinstance(v, bool) else ctx.error(loc, "a count is a whole number")
                ),
                {"type": "integer"},
                "count",
            ),
            key_pattern=r"[A-Za-z0-9_.\-]+",
        ),
        None,
        "or: value -> how many pieces show it",
    )
    where: dict = fld(WHERE, None, "only entries whose fields have these values")
    only: bool = fld(Bool(), True, "no other value may appear")


@rule_kind(
    "each",
    EachParams,
    "a distribution: each value of a field appears on so many pieces",
    {"id": "voter-values", "each": {"of": "voters", "field": "value", "values": ["2..9"], "times": 2}},
)
def run_each(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    if (p.times is None) == (p.counts is None):
        out = Outcome()
        out.violations.append(rule.violation(rule.loc, "each needs either times or counts"))
        return out
    want: dict[str, float] = (
        {str(v): refs.quantity(game, p.times) for v in p.values}
        if p.times is not None
        else {str(k): n for k, n in p.counts.items()}
    )
    recs = selected(game, p.of, p.where)
    have: Counter[str] = Counter()
    for r in recs:
        have[str(r.fields.get(p.field, ""))] += r.qty
    scope = p.of + (" where " + where_text(p.where) if p.where else "")
    out = Outcome(
        paths=[p.of, *refs.paths_in(p.times)],
        checked=f"{scope}: pieces per {p.field} " + ", ".join(f"{k}: {fmt(n)}" for k, n in want.items()),
    )
    unknown = [k for k in have if k not in want and p.only]
    missing = [k for k in want if have[k] == 0 and want[k] > 0]
    entries = {k: [r for r in recs if str(r.fields.get(p.field, "")) == k] for k in [*want, *unknown]}
    # an entry with a value the rule does not know is the likely edit: it comes first, and a value that
    # no entry has any more is blamed on it (it probably had that value)
    for key in unknown:
        hint = did_you_mean(key, missing) if missing else did_you_mean(key, list(want))
        if missing and "did you mean" not in hint:
            hint = f" (no entry has {', '.join(missing)} any more)"
        at = refs.key_loc(blame(game, p.of, entries[key], "too many"), p.field)
        out.violations.append(rule.violation(at, f'{scope}: unknown {p.field} "{key}"{hint} ({have[key]} piece(s))'))
    for key in want:
        n, w = have[key], want[key]
        if n == w:
            continue
        odd = entries[unknown[0]] if unknown and not entries[key] else []
        loc = blame(game, p.of, entries[key] or odd or recs, "too many" if n > w else "too few")
        loc = refs.key_loc(loc, p.field) if odd else loc
        out.violations.append(rule.violation(loc, f"{scope}: {n} with {p.field} {key}, expected {fmt(w)}"))
    out.witness.append(", ".join(f"{k}: {have[k]}" for k in sorted(have, key=_order)))
    return out


def _order(key: str) -> tuple:
    return (0, int(key), "") if re.fullmatch(r"-?\d+", key) else (1, 0, key)


@dataclass(frozen=True, kw_only=True)
class MirrorParams:
    of: str = fld(PATH, doc="the component (or list)", example="tiles")
    team: str = fld(Str(), doc="the field naming an entry's team", example="side")
    teams: tuple = fld(ListOf(Str(), min_len=2), doc="the teams, all with the same set", example=["red", "blue"])
    field: str = fld(Str(), doc="the field whose values each team has equally often", example="pips")


@rule_kind(
    "mirror",
    MirrorParams,
    "the teams' sets are mirror images: each value of a field as often for every team",
    {
        "id": "fair-teams",
        "mirror": {"of": "tiles", "team": "side", "teams": ["red", "blue"], "field": "pips"},
    },
)
def run_mirror(game: Any, rule: Rule) -> Outcome:
    p = rule.params
    recs = selected(game, p.of, None)
    per: dict[str, Counter[str]] = {t: Counter() for t in p.teams}
    for r in recs:
        team = str(r.fields.get(p.team, ""))
        if team in per:
            per[team][str(r.fields.get(p.field, ""))] += r.qty
    first = p.teams[0]
    out = Outcome(paths=[p.of], checked=f"{p.of}: {p.field} per {p.team}, {' = '.join(p.teams)}")
    for team in p.teams[1:]:
        for value in sorted(set(per[first]) | set(per[team]), key=_order):
            a, b = per[first][value], per[team][value]
            if a != b:
                mine = [r for r in recs if str(r.fields.get(p.team)) == team and str(r.fields.get(p.field)) == value]
                theirs = [r for r in recs if str(r.fields.get(p.team)) == first and str(r.fields.get(p.field)) == value]
                team_recs = [r for r in recs if str(r.fields.get(p.team)) == team]
                loc = (mine or team_recs or theirs or recs)[-1].loc if recs else refs.path_loc(game, p.of)
                out.violations.append(rule.violation(loc, f"{p.field} {value}: {first} {a}, {team} {b}"))
    for team in p.teams:
        out.witness.append(
            f"{team}: " + ", ".join(f"{k} x{n}" for k, n in sorted(per[team].items(), key=lambda kv: _order(kv[0])))
        )
    return out


__all__ = ["RefError", "INVALID"]
