"""The five games over the 60 option sets (letter/a4/legal x fold/duplex x bleed 0/3), each imposed
once per test session and shared by the tests that read them: page totals and the duplex order
(test_imposition), legends and printing lines (test_pages), the audit (test_audit).

A document here has every page imposed already (a plain list of sheets, not pages imposed afresh
on each access): tests read it, none may change it.
"""

from __future__ import annotations

import atexit
import itertools
import shutil
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from pdfcheck import CONTENT, MM

from genpnp.impose.document import Document, impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.impose.sheet import SheetList
from genpnp.load.project import load_game

GAMES = ("berrymandering", "berzerka", "gerrymander", "mapmaker", "redistrict")
SETS = list(itertools.product(("letter", "a4", "legal"), ("fold", "duplex"), (0, 3)))


@cache
def game(name: str) -> Any:
    return load_game(CONTENT / name)


@cache
def document(name: str, paper: str, backs: str, bleed: int) -> Document:
    """The game imposed with these options, every page imposed once."""
    doc = impose_game(game(name), Options(paper=parse_paper(paper), backs=backs, bleed=bleed * MM))
    doc.sheets = SheetList(list(doc.sheets))
    return doc


@cache
def audit(name: str, paper: str, backs: str, bleed: int) -> Any:
    """``genpnp audit``'s measurements of that document (faces recorded once per game)."""
    from genpnp.audit.checks import audit_document

    doc = document(name, paper, backs, bleed)
    return audit_document(doc, doc.options.file_name(name), _faces(name))


@cache
def _faces(name: str) -> dict:
    return {}


# one duplex build of each game, its PDF written once and read back by the tests of the duplex
# order (test_imposition) and of the outline (test_pages): a different paper and bleed for each
DUPLEX_BUILDS = {"berrymandering": ("a4", 0), "berzerka": ("a4", 3), "gerrymander": ("letter", 0),
                 "mapmaker": ("letter", 0), "redistrict": ("legal", 3)}


@cache
def _out() -> Path:
    folder = Path(tempfile.mkdtemp(prefix="genpnp-sweep-"))
    atexit.register(shutil.rmtree, folder, True)
    return folder


@cache
def duplex_pdf(name: str) -> Path:
    """The game's duplex build (``DUPLEX_BUILDS``) as ``genpnp build`` writes it."""
    from genpnp.commands.build import build_game

    paper, bleed = DUPLEX_BUILDS[name]
    options = Options(paper=parse_paper(paper), backs="duplex", bleed=bleed * MM)
    return build_game(game(name), options, _out()).path


@cache
def page_texts(path: Path) -> tuple[str, ...]:
    """``pdf_texts`` of a PDF written once per session (``duplex_pdf``)."""
    return pdf_texts(path)


def pdf_texts(path: Path) -> tuple[str, ...]:
    """Each page's text as the PDF holds it, read back with pdfium (lines end in a newline)."""
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(str(path))
    texts = []
    for n in range(len(pdf)):
        page = pdf[n]
        text = page.get_textpage()
        texts.append(text.get_text_range().replace("\r\n", "\n"))
        text.close()
        page.close()
    pdf.close()
    return tuple(texts)
