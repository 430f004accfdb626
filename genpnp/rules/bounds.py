"""Comparing a number with the ``equals``, ``min`` and ``max`` quantities of a rule."""

from __future__ import annotations

from typing import Any

from genpnp.content.schema import fld
from genpnp.core.records import dataclass
from genpnp.model import rulerefs as refs
from genpnp.model.rulerefs import fmt
from genpnp.model.rulespec import QTY, Rule


@dataclass(frozen=True, kw_only=True)
class Bounds:
    equals: Any = fld(QTY, None, "the number must equal this quantity")
    min: Any = fld(QTY, None, "at least this quantity")
    max: Any = fld(QTY, None, "at most this quantity")


def compare(game: Any, rule: Rule, have: float, params: Any) -> tuple[str, str] | None:
    """(what was wanted, 'too many'|'too few') when ``have`` breaks the bounds, else None."""
    for key, bad, word in (
        ("equals", lambda h, w: h != w, "exactly"),
        ("min", lambda h, w: h < w, "at least"),
        ("max", lambda h, w: h > w, "at most"),
    ):
        expr = getattr(params, key)
        if expr is None:
            continue
        want = refs.quantity(game, expr)
        if bad(have, want):
            shown = f"{word} {fmt(want)}" + (f" ({expr})" if isinstance(expr, str) else "")
            return shown, "too many" if have > want else "too few"
    return None


def bound_paths(params: Any) -> list[str]:
    return [p for key in ("equals", "min", "max") for p in refs.paths_in(getattr(params, key))]


def bounds_text(game: Any, params: Any) -> str:
    parts = []
    for key, word in (("equals", "="), ("min", ">="), ("max", "<=")):
        expr = getattr(params, key)
        if expr is not None:
            parts.append(f"{word} {fmt(refs.quantity(game, expr))}" + (f" ({expr})" if isinstance(expr, str) else ""))
    return " and ".join(parts)
