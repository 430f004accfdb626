"""Running a game's rules: generic checks, then each rule its content declares, in order.

Rules run in the order they are declared; a violation of a rule whose inputs an earlier failing rule
already blamed is a knock-on effect: it is reported after the first cause and says which rule that is.
"""

from __future__ import annotations

from dataclasses import field, replace
from typing import Any

from genpnp.core.errors import Violation
from genpnp.core.records import dataclass
from genpnp.model.rulerefs import RefError
from genpnp.model.rulespec import KINDS, Outcome, Rule
from genpnp.rules.contrast import check_contrast


@dataclass
class Report:
    """One rule's verdict for ``--explain``."""

    rule: Rule
    outcome: Outcome
    knock_on: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "id": self.rule.id,
            "kind": self.rule.kind,
            "line": str(self.rule.loc),
            "checked": self.outcome.checked,
            "witness": self.outcome.witness,
            "holds": not any(v.severity == "error" for v in self.outcome.violations),
            "violations": [v.as_dict() for v in self.outcome.violations],
            "follows_from": self.knock_on,
        }

    def lines(self) -> list[str]:
        errors_ = [v for v in self.outcome.violations if v.severity == "error"]
        warned = any(v.severity == "warning" for v in self.outcome.violations)
        verdict = "FAILS" if errors_ else "holds, with warnings" if warned else "holds"
        head = f"{self.rule.id} ({self.rule.kind}, {self.rule.loc}): {verdict}"
        if self.knock_on:
            head += f" (follows from {', '.join(self.knock_on)})"
        out = [head, f"  checked: {self.outcome.checked}"]
        out += [f"  witness: {w}" if i == 0 else f"           {w}" for i, w in enumerate(self.outcome.witness)]
        return out


def _component(path: str) -> str:
    return path.split("[")[0].split(".")[0]


def run_rule(game: Any, rule: Rule) -> Outcome:
    try:
        return KINDS[rule.kind].run(game, rule)
    except RefError as exc:
        return Outcome([Violation(rule.loc, rule.id, str(exc))], checked=f"{rule.kind}: the rule names nothing")


def explain(game: Any) -> list[Report]:
    """Every declared rule's verdict, what it checked and its witness, in declaration order."""
    reports: list[Report] = []
    blamed: dict[str, str] = {}  # component -> the first failing rule that names it
    for rule in game.meta.rules:
        outcome = run_rule(game, rule)
        comps = list(dict.fromkeys(_component(p) for p in outcome.paths if p))
        report = Report(rule, outcome)
        failed = any(v.severity == "error" for v in outcome.violations)
        if failed:
            report.knock_on = list(dict.fromkeys(blamed[c] for c in comps if c in blamed))
            for c in comps[:1]:
                blamed.setdefault(c, rule.id)
            if report.knock_on:
                note = f" [follows from {', '.join(report.knock_on)}]"
                outcome.violations = [replace(v, message=v.message + note) for v in outcome.violations]
        reports.append(report)
    return reports


def validate(game: Any, reports: list[Report] | None = None) -> list[Violation]:
    """Every violation of the game's rules (an empty list means playable): first causes, then knock-on effects."""
    out: list[Violation] = []
    for comp in game.components.values():
        if hasattr(comp, "pieces") and not comp.pieces:
            out.append(Violation(comp.loc, "pieces", f'"{comp.name}" has no pieces', "warning"))
    out.extend(check_contrast(game))  # colours that must differ in grey (genpnp/rules/contrast.py)
    reports = explain(game) if reports is None else reports
    first = [v for r in reports if not r.knock_on for v in r.outcome.violations]
    later = [v for r in reports if r.knock_on for v in r.outcome.violations]
    return out + first + later


def errors(violations: list[Violation]) -> list[Violation]:
    return [v for v in violations if v.severity == "error"]
