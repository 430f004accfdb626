"""Boards and the pieces drawn in figures (issue 29): a board's art bleeds on every side, its band too;
its labels use the game's fonts; a piece drawn smaller in a figure prints in bw as on its sheet; a
dagger never starts a line."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from genpnp.art.richtext import wrap
from genpnp.backends.pdf import PdfSurface
from genpnp.core import fonts
from genpnp.core.color import Color
from genpnp.core.units import MM
from genpnp.load.project import load_game
from genpnp.render.board import draw

CONTENT = Path(__file__).resolve().parent.parent / "content"


class Rects:
    """A surface that keeps every filled rectangle and every text's font."""

    def __init__(self) -> None:
        self.rects: list[tuple[float, float, float, float]] = []
        self.fonts: set[str] = set()

    def rect(self, x, y, w, h, fill=None, **kw) -> None:
        if fill is not None:
            self.rects.append((x, y, x + w, y + h))

    def text(self, x, y, text, font, size, color, align="left") -> None:
        self.fonts.add(font)

    def text_width(self, text, font, size) -> float:
        return fonts.text_width(text, font, size)

    def __getattr__(self, name):
        return lambda *args, **kwargs: None


def _board():
    return load_game(CONTENT / "gerrymander").components["board"]


def test_board_and_band_bleed_on_every_side():
    board = _board()
    piece = board.pieces[0]
    bleed = 3 * MM
    surface = Rects()
    draw(board, piece, "front", surface, piece.w, piece.h, bleed)
    x0 = min(r[0] for r in surface.rects)
    y0 = min(r[1] for r in surface.rects)
    x1 = max(r[2] for r in surface.rects)
    y1 = max(r[3] for r in surface.rects)
    assert (x0, y0) == (-bleed, -bleed) and abs(x1 - (piece.w + bleed)) < 0.01 and abs(y1 - (piece.h + bleed)) < 0.01
    # the ground under the band's sides runs into the bleed too: no gap at the band's foot
    band_foot = piece.h - board.band.height
    left = [r for r in surface.rects if r[0] <= -bleed + 0.01]
    assert any(r[1] <= -bleed + 0.01 and r[3] >= band_foot for r in left)


def test_board_labels_in_the_games_fonts():
    board = _board()
    piece = board.pieces[0]
    surface = Rects()
    draw(board, piece, "front", surface, piece.w, piece.h, 0.0)
    assert fonts.BOLD not in surface.fonts and fonts.DEFAULT not in surface.fonts
    assert board.heading_font in surface.fonts


def test_a_piece_in_a_figure_prints_in_bw_as_on_its_sheet():
    red = Color(0.66, 0.14, 0.13, "red", 0.82)
    paper = Color(0.96, 0.94, 0.89, "paper", 1.0)

    def printed(as_piece: bool) -> Color:
        surface = PdfSurface(Canvas(io.BytesIO()), ink="bw")
        surface.rect(0, 0, 40 * MM, 40 * MM, fill=paper)
        surface.save()
        surface.scale(0.2, 0.2)
        if as_piece:
            surface.as_piece()
        surface.rect(0, 0, 22 * MM, 22 * MM, fill=red)  # 4.4 mm on the page
        surface.restore()
        return surface.backdrops[-1][1]

    sheet = PdfSurface(Canvas(io.BytesIO()), ink="bw")
    sheet.rect(0, 0, 22 * MM, 22 * MM, fill=red)
    on_sheet = sheet.backdrops[-1][1]
    assert printed(True) == on_sheet
    assert printed(False) != on_sheet  # judged by its size on the page, a small mark, darkened


def test_a_dagger_keeps_to_its_word():
    text = "**Win:** the largest single region; if equal, the next-largest †. More words follow here."
    for width in range(40, 260, 3):
        lines = wrap(text, fonts.DEFAULT, 8, float(width))
        for line in lines[1:]:
            assert not line[0][1].text.lstrip().startswith("†"), width
