"""Running a game's rules: generic checks, then the game's own rules module."""

from __future__ import annotations

import importlib
from typing import Any

from genpnp.errors import Violation
from genpnp.rules.contrast import check_contrast


def rules_module(game: Any) -> Any:
    name = game.meta.rules
    if not name:
        return None
    try:
        return importlib.import_module(f"genpnp.rules.games.{name}")
    except ModuleNotFoundError:
        return None


def validate(game: Any) -> list[Violation]:
    """Every violation of the game's rules (an empty list means playable)."""
    out: list[Violation] = []
    if game.meta.rules and rules_module(game) is None:
        message = f'no rules module "{game.meta.rules}" in genpnp/rules/games'
        out.append(Violation(game.meta.loc, "rules-module", message))
    for comp in game.components.values():
        if hasattr(comp, "pieces") and not comp.pieces:
            out.append(Violation(comp.loc, "pieces", f'"{comp.name}" has no pieces', "warning"))
    out.extend(check_contrast(game))  # colours that must differ in grey (genpnp/rules/contrast.py)
    module = rules_module(game)
    if module is not None:
        out.extend(module.check(game))
    return sorted(out, key=lambda v: (v.loc, v.rule, v.message))


def errors(violations: list[Violation]) -> list[Violation]:
    return [v for v in violations if v.severity == "error"]
