"""Building a game: validate, impose, render, write the PDF (atomically)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from genpnp.backends.pdf import write_pdf
from genpnp.core import i18n
from genpnp.core.errors import ContentError, GenpnpError, Problem, UsageError, Violation
from genpnp.core.records import dataclass
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


MAX_PAGES = 5000  # pages one PDF may have (docs/content.md, "Limits")


def least_pages(game: Any, options: Options) -> int:
    """A cheap lower bound on the pages a build writes: the pieces' area over one page's printable area.

    Computed from sizes and counts alone, before imposition, so that a million poster pages
    are refused without being planned."""
    paper_w, paper_h = options.paper.w - 2 * options.margin, options.paper.h - 2 * options.margin
    if paper_w <= 0 or paper_h <= 0:
        raise UsageError("--margin: the margins leave no printable area on the paper")
    total = 0.0
    for comp in game.ordered():
        if options.components and comp.name not in options.components:
            continue
        copies = 1 if options.copies_as_note else comp.copies
        pieces = getattr(comp, "pieces", None)
        if pieces:
            first = pieces[0]
            total += copies * len(pieces) * first.w * first.h * (2 if first.back is not None else 1)
        elif isinstance(getattr(comp, "size", None), tuple) and len(comp.size) == 2:
            total += copies * comp.size[0] * comp.size[1]
    return int(total // (paper_w * paper_h))


def check_page_count(pages: int, game: Any, options: Options) -> None:
    if pages > MAX_PAGES:
        raise ContentError([Problem(game.meta.loc, f"this build would write at least {pages:,} pages on "
                                    f"{options.paper.name}; at most {MAX_PAGES:,} are written (lower copies or qty, "
                                    "print fewer components with --component, or use larger paper)")])


@dataclass(frozen=True)
class Built:
    path: Path
    pages: int


def check_components(game: Any, options: Options) -> None:
    unknown = [c for c in options.components if c not in game.components]
    if unknown:
        from genpnp.core.errors import did_you_mean

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
    write_pdf(path, sizes, draw_page, f"{meta.name} (print and play)", author, doc.options.ink, progress,
              doc.outline)
    return total


def build_game(game: Any, options: Options, out_dir: Path, force: bool = False,
               progress: Callable[[int, int], None] | None = None) -> Built:
    check_components(game, options)
    violations = validate(game)
    if errors(violations) and not force:
        raise InvalidGame(errors(violations))
    with i18n.using(game.lang):
        check_page_count(least_pages(game, options), game, options)
        doc = impose_game(game, options)
        check_page_count(len(doc.sheets), game, options)
        path = out_dir / i18n.file_name(options.file_name(game.id), game.lang)
        pages = render_document(doc, path, progress)
    return Built(path, pages)
