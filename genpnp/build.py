"""Building a game: validate, impose, render, write the PDF (atomically)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from genpnp.backends.pdf import write_pdf
from genpnp.errors import GenpnpError, UsageError, Violation
from genpnp.impose.document import Document, impose_game
from genpnp.impose.options import Options
from genpnp.render.sheet import draw_sheet
from genpnp.rules.check import errors, validate


class InvalidGame(GenpnpError):
    """The game breaks its rules: nothing is built."""

    def __init__(self, violations: list[Violation]):
        self.violations = violations
        super().__init__("\n".join(str(v) for v in violations))

    def lines(self) -> list[str]:
        return [str(v) for v in self.violations] + [
            "validation failed: nothing was built (use --force to build anyway)"
        ]


@dataclass(frozen=True)
class Built:
    path: Path
    pages: int


def check_components(game: Any, options: Options) -> None:
    unknown = [c for c in options.components if c not in game.components]
    if unknown:
        from genpnp.errors import did_you_mean

        raise UsageError(
            f'--component: {game.id} has no component "{unknown[0]}"{did_you_mean(unknown[0], game.components)}'
        )


def render_document(doc: Document, path: Path, progress: Callable[[int, int], None] | None = None) -> int:
    """Write the document's PDF. Pages are imposed (``Deferred``), drawn and written one at a
    time, so memory does not grow with the page count (bench/run.py, "Scale")."""
    paper = (doc.options.paper.w, doc.options.paper.h)
    sizes = [doc.sheets.page_size(i, paper) for i in range(len(doc.sheets))]
    total = len(sizes)
    meta = doc.game.meta

    def draw_page(surface: Any, index: int) -> None:
        draw_sheet(surface, doc, doc.sheets[index], index + 1, total)

    author = ", ".join(meta.designers) or meta.publisher or "genpnp"
    write_pdf(path, sizes, draw_page, f"{meta.name} (print and play)", author, doc.options.ink, progress)
    return total


def build_game(game: Any, options: Options, out_dir: Path, force: bool = False,
               progress: Callable[[int, int], None] | None = None) -> Built:
    check_components(game, options)
    violations = validate(game)
    if errors(violations) and not force:
        raise InvalidGame(errors(violations))
    doc = impose_game(game, options)
    path = out_dir / options.file_name(game.id)
    pages = render_document(doc, path, progress)
    return Built(path, pages)
