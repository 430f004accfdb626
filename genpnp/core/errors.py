"""Locations in content files, user-facing problems and rule violations.

Every message a user sees about their content reads ``path:line:col: message``.
Problems are collected (never raised one at a time) so that a user sees all of
them at once; :class:`ContentError` carries the whole list.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field

from genpnp.core.records import dataclass


@dataclass(frozen=True, order=True)
class Loc:
    """A position in a content file; line and column are 1-based."""

    file: str
    line: int = 0
    col: int = 0

    def __str__(self) -> str:
        if self.line:
            return f"{self.file}:{self.line}:{self.col or 1}"
        return self.file

    def at(self, line_offset: int = 0, col: int | None = None) -> Loc:
        return Loc(self.file, self.line + line_offset, self.col if col is None else col)


NOWHERE = Loc("<built-in>")


@dataclass(frozen=True)
class Problem:
    """A content error (or warning) at a location."""

    loc: Loc
    message: str
    severity: str = "error"  # "error" or "warning"
    drawable: bool = False  # an error the PDF can still show (text too long): `build --force` draws a draft

    def __str__(self) -> str:
        tag = "warning: " if self.severity == "warning" else ""
        return f"{self.loc}: {tag}{self.message}"


@dataclass(frozen=True)
class Violation:
    """A broken game rule found by the validator."""

    loc: Loc
    rule: str
    message: str
    severity: str = "error"

    def __str__(self) -> str:
        tag = f"{self.severity}: " if self.severity in ("warning", "info") else ""
        return f"{self.loc}: {tag}{self.rule}: {self.message}"

    def as_dict(self) -> dict[str, object]:
        return {
            "file": self.loc.file,
            "line": self.loc.line,
            "col": self.loc.col,
            "rule": self.rule,
            "message": self.message,
            "severity": self.severity,
        }


class GenpnpError(Exception):
    """Base class of every error genpnp reports to a user (never a traceback)."""

    def lines(self) -> list[str]:
        return [str(self)]


class ContentError(GenpnpError):
    """One or more problems in content files."""

    def __init__(self, problems: Iterable[Problem]):
        self.problems = sorted(set(problems), key=lambda p: (p.loc, p.message))
        super().__init__("\n".join(str(p) for p in self.problems))

    def lines(self) -> list[str]:
        return [str(p) for p in self.problems]


class UsageError(GenpnpError):
    """A bad command-line option or argument."""


@dataclass
class Problems:
    """Collects problems while loading; raise them all at once with :meth:`check`."""

    items: list[Problem] = field(default_factory=list)

    def add(self, loc: Loc, message: str, severity: str = "error") -> None:
        self.items.append(Problem(loc, message, severity))

    def extend(self, problems: Iterable[Problem]) -> None:
        self.items.extend(problems)

    @property
    def errors(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "error"]

    @property
    def warnings(self) -> list[Problem]:
        return [p for p in self.items if p.severity == "warning"]

    def check(self, draft: bool = False) -> None:
        """Raise every problem if there is an error (with ``draft``, an error the PDF can show does not count)."""
        if any(not (draft and p.drawable) for p in self.errors):
            raise ContentError(self.items)


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """' (did you mean "x"?)' for the closest choice, or a list of the valid ones."""
    options = sorted(set(choices))
    import difflib  # only when a word is wrong

    close = difflib.get_close_matches(word, options, n=1, cutoff=0.6)
    if close:
        return f' (did you mean "{close[0]}"?)'
    if options and len(options) <= 12:
        return " (expected one of: " + ", ".join(options) + ")"
    return ""
