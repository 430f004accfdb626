"""A hex map drawn as a figure's snippet names only the hexes wholly in view, and the ink modes judge text
against the fills a clip leaves visible."""

from __future__ import annotations

import io
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from genpnp.backends.pdf import PdfSurface
from genpnp.content.schema import Ctx
from genpnp.core.color import Color
from genpnp.core.errors import Problems
from genpnp.load.project import load_game
from genpnp.model.figure import parse_block, resolve
from genpnp.render.figure import draw_figure
from genpnp.render.recorder import RecordingSurface

CONTENT = Path(__file__).resolve().parent.parent / "content"


def _board_words(show: str) -> set[str]:
    game = load_game(CONTENT / "mapmaker")
    problems = Problems()
    spec = parse_block(f"board: board\nshow: {show}\n", "aid.md", 1,
                       Ctx(problems, game.root, game.root, dict(game.palette)))
    fig = resolve(spec, game, problems, 1)
    assert not problems.errors and fig is not None
    surface = RecordingSurface()
    draw_figure(surface, fig, 0.0, 0.0, 0.5)
    return {ink.text for ink in surface.ink if ink.kind == "text" and ink.what == "figure-board"}


def test_a_figure_names_only_the_hexes_wholly_in_view() -> None:
    """Rows C and D in view: their labels are drawn; the neighbours cut by the window's edge (C2 and D7 at
    the sides, row E's tips under the junctions of row D's borders) show no label."""
    words = _board_words("[C3, C6, D3, D6]")
    assert {"C3", "C4", "C5", "C6", "D3", "D4", "D5", "D6"} <= words
    assert not words & {"C2", "C7", "D2", "D7", "E2", "E3", "E4", "E5", "E6"}
    # the same hexes with a wider view: D7 whole now, so it is named
    assert "D7" in _board_words("[C3, C6, D3, D7]")


def test_a_poster_part_keeps_the_labels_of_hexes_it_cuts() -> None:
    """On a board's own pages (not a figure) a hex cut by the part's edge keeps its words: the next part
    continues it."""
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options, parse_paper
    from genpnp.render.faces import draw_placement

    game = load_game(CONTENT / "mapmaker")
    doc = impose_game(game, Options(paper=parse_paper("letter"), components=("board",)))
    words: set[str] = set()
    for sheet in doc.sheets:
        if sheet.role != "poster":
            continue
        surface = RecordingSurface()
        for placement in sheet.placements:
            draw_placement(surface, placement)
        words |= {ink.text for ink in surface.ink if ink.kind == "text"}
    labels = {str(c.fields["label"]) for c in game.components["board"].cells}
    assert labels <= words


def test_text_is_judged_against_the_fills_its_clip_leaves_visible() -> None:
    """In saver a dark fill drawn whole but clipped to a small window darkens no text outside that window;
    inside it, text on the fill still turns dark enough to read."""
    canvas = Canvas(io.BytesIO(), pagesize=(400, 400))
    surface = PdfSurface(canvas, ink="saver")
    surface.save()
    surface.clip_rect(0, 0, 100, 100)
    surface.rect(0, 0, 400, 400, fill=Color(0.1, 0.2, 0.6))
    inside = surface.backdrop(50, 50)
    surface.restore()
    outside = surface.backdrop(300, 300)
    assert inside[1] is not None and inside[1].b == 0.6
    assert outside[1] is None  # the paper: the fill was clipped away there


def _page_text(draw: object) -> str:
    import subprocess
    import tempfile

    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(400, 400))
    surface = PdfSurface(canvas)
    draw(surface)  # type: ignore[operator]
    canvas.showPage()
    canvas.save()
    with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
        f.write(buf.getvalue())
        f.flush()
        return subprocess.run(["pdftotext", f.name, "-"], capture_output=True, text=True, check=True).stdout


def test_text_a_clip_hides_whole_is_not_written_to_the_page() -> None:
    """A figure shows a window of a board: a word the window cuts off entirely prints nothing and is left
    out of the page (pdftotext and a screen reader read only what shows); a word the window cuts in part
    stays, and so does everything outside any clip."""
    from genpnp.core import fonts

    def draw(surface: PdfSurface) -> None:
        surface.save()
        surface.translate(50, 50)
        surface.clip_rect(0, 0, 100, 100)
        surface.text(20, 50, "Inside", fonts.DEFAULT, 10, Color(0, 0, 0))
        surface.text(220, 50, "Farwest", fonts.DEFAULT, 10, Color(0, 0, 0))
        surface.text(20, 150, "Abovethewindow", fonts.DEFAULT, 10, Color(0, 0, 0))
        surface.text(95, 20, "Straddling", fonts.DEFAULT, 10, Color(0, 0, 0))
        surface.restore()
        surface.text(250, 300, "Unclipped", fonts.DEFAULT, 10, Color(0, 0, 0))

    words = set(_page_text(draw).split())
    assert {"Inside", "Straddling", "Unclipped"} <= words
    assert not words & {"Farwest", "Abovethewindow"}
