"""``genpnp validate``'s report: every game's content errors, rule violations and warnings.

Both forms list every game, including those whose content did not load. The JSON document
names files relative to one base (the working folder), whatever folder a message came from.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import click

from genpnp.core import progress
from genpnp.core.errors import ContentError, Problem, Violation


def findings(result: Any, proofs: list[Any] | None = None) -> list[Violation]:
    """A loaded game's violations (rules and load warnings), or a ContentError's problems as violations.
    ``proofs``: the game's rule reports (``rules.check.explain``), when already made."""
    from genpnp.rules.check import validate

    if isinstance(result, ContentError):
        return [_as_violation(p) for p in result.problems]
    return [_as_violation(w) for w in result.warnings] + list(validate(result, proofs))


def proofs_of(result: Any) -> list[Any]:
    """Per rule: what it checked and its witness (``validate --explain``); none for a game not loaded."""
    from genpnp.rules.check import explain

    return [] if isinstance(result, ContentError) else explain(result)


def _as_violation(problem: Problem) -> Violation:
    return Violation(problem.loc, "content", problem.message, problem.severity)


def counts(v: Violation, strict: bool) -> bool:
    """An error fails validation; with --strict a warning does too (an info line never does)."""
    return v.severity == "error" or (strict and v.severity == "warning")


def failed(violations: list[Violation], strict: bool) -> bool:
    return any(counts(v, strict) for v in violations)


def relative(file: str, base: Path) -> str:
    """One path convention: relative to ``base`` (POSIX separators); names that are not files stay."""
    if not file or file.startswith(("<", "--")):
        return file
    path = Path(file)
    if not path.is_absolute():
        path = Path.cwd() / path
    return Path(os.path.relpath(path, base)).as_posix()


def entry(v: Violation, base: Path) -> dict[str, Any]:
    out = v.as_dict()
    out["file"] = relative(v.loc.file, base)
    return out


def report_json(results: dict[str, Any], strict: bool, explain: bool = False) -> tuple[dict[str, Any], bool]:
    base = Path.cwd()
    games, bad = {}, False
    for game_id, result in results.items():
        proofs = proofs_of(result)
        found = findings(result, proofs)
        game_failed = failed(found, strict)
        bad = bad or game_failed
        games[game_id] = {
            "valid": not game_failed,
            "loaded": not isinstance(result, ContentError),
            "errors": [entry(v, base) for v in found if v.severity == "error"],
            "warnings": [entry(v, base) for v in found if v.severity != "error"],
        }
        if explain:
            games[game_id]["rules"] = [r.as_dict() for r in proofs]
    return {"base": base.as_posix(), "strict": strict, "valid": not bad, "games": games}, bad


def report_text(results: dict[str, Any], strict: bool, explain: bool = False) -> bool:
    bad = False
    for game_id, result in results.items():
        proofs = proofs_of(result)
        found = findings(result, proofs)
        for line in [x for r in proofs for x in r.lines()] if explain else []:
            progress.result_line(f"{game_id}: {line}" if not line.startswith(" ") else line)
        quiet = progress.current().level <= progress.QUIET  # -q: errors only
        for v in found:
            if quiet and not counts(v, strict):
                continue
            click.echo(str(v) if v.rule != "content" else str(Problem(v.loc, v.message, v.severity)), err=True)
        errors = [v for v in found if counts(v, strict)]
        bad = bad or bool(errors)
        if not quiet:
            progress.result_line(f"{game_id}: {'FAILED, ' + str(len(errors)) + ' problem(s)' if errors else 'valid'}")
    return bad


__all__ = ["findings", "report_json", "report_text", "relative"]
