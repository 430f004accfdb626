"""Large jobs in bounded memory: pieces as runs, pages imposed on demand, pages written as drawn.

The figures are in bench/RESULTS.md ("Scale"); these tests pin the mechanisms and prove the
streamed PDF is the one reportlab would have written.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

import pypdfium2 as pdfium
from pdfcheck import run
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from genpnp.backends.pdf import PdfSurface, font_id
from genpnp.backends.pdfstream import WRITTEN, streaming_canvas
from genpnp.core.color import Color
from genpnp.impose.document import impose_game
from genpnp.impose.options import Options
from genpnp.impose.sheet import Deferred, Sheet
from genpnp.load.project import load_game
from genpnp.model.base import PieceRuns

SIZES = [(612.0, 792.0), (792.0, 612.0), (612.0, 792.0), (595.0, 842.0)]


def _draw(canvas: Canvas) -> None:
    """A few pages with what genpnp uses: a TrueType font, a form reused on every page, shapes."""
    surface = PdfSurface(canvas)
    for number, size in enumerate(SIZES):
        canvas.setPageSize(size)
        surface.rect(20, 20, 100, 50, fill=Color(0.9, 0.2, 0.2), stroke=Color(0, 0, 0), radius=5)
        surface.reuse("card", 60, 80, lambda s: s.circle(30, 40, 20, fill=Color(0.1, 0.3, 0.8)))
        surface.text(40, 300, f"page {number + 1}: Åé ß", "serif", 14, Color(0, 0, 0))
        if number % 2:
            surface.text(40, 200, "only on even pages", "sans-bold", 10, Color(0.2, 0.2, 0.2))
        canvas.showPage()


def _streamed() -> bytes:
    out = io.BytesIO()
    canvas = streaming_canvas(out, SIZES[0], invariant=1, pageCompression=1)
    _draw(canvas)
    canvas.save()
    return out.getvalue()


def _plain() -> bytes:
    out = io.BytesIO()
    canvas = Canvas(out, pagesize=SIZES[0], invariant=1, pageCompression=1)
    _draw(canvas)
    canvas.save()
    return out.getvalue()


def xref_errors(data: bytes) -> list[int]:
    """Object numbers whose cross-reference offset does not point at ``N 0 obj``."""
    match = re.search(rb"startxref\n(\d+)", data)
    assert match, "no startxref"
    start = int(match.group(1))
    assert data[start:start + 4] == b"xref"
    lines = data[start:].split(b"\n")
    _, count = map(int, lines[1].split())
    return [n for n in range(1, count) if not data[int(lines[2 + n][:10]):].startswith(b"%d 0 obj" % n)]


def test_streamed_pdf_is_what_reportlab_writes():
    font_id("serif"), font_id("sans-bold")
    streamed, plain = _streamed(), _plain()
    assert xref_errors(streamed) == []
    ours, theirs = PdfReader(io.BytesIO(streamed), strict=True), PdfReader(io.BytesIO(plain), strict=True)
    assert len(ours.pages) == len(theirs.pages) == len(SIZES)
    for a, b in zip(ours.pages, theirs.pages):
        assert a.mediabox == b.mediabox
        assert a.get_contents().get_data() == b.get_contents().get_data()
        assert sorted(a["/Resources"]["/XObject"]) == sorted(b["/Resources"]["/XObject"])
        fonts_a = {f.get_object()["/BaseFont"] for f in a["/Resources"]["/Font"].values()}
        fonts_b = {f.get_object()["/BaseFont"] for f in b["/Resources"]["/Font"].values()}
        assert fonts_a == fonts_b
    docs = [pdfium.PdfDocument(data) for data in (streamed, plain)]
    for i in range(len(SIZES)):
        images = [doc[i].render(scale=0.5).to_pil().tobytes() for doc in docs]
        assert images[0] == images[1], f"page {i + 1} renders differently"
    assert _streamed() == streamed  # reproducible


def test_each_page_is_in_the_file_once_shown():
    out = io.BytesIO()
    canvas = streaming_canvas(out, SIZES[0], invariant=1, pageCompression=1)
    surface = PdfSurface(canvas)
    written = []
    for number in range(3):
        surface.text(40, 300, "x" * 200 + str(number), "sans", 10, Color(0, 0, 0))
        canvas.showPage()
        written.append(out.tell())
        doc = canvas._doc
        page_name = doc.numberToId[max(doc.numberToId)]
        assert doc.idToObject[page_name] is WRITTEN  # its stream is in the file, not held
    assert written[0] < written[1] < written[2]
    assert all(not hasattr(p, "stream") for p in canvas._doc.Pages.pages)  # the page tree keeps references
    canvas.save()
    assert xref_errors(out.getvalue()) == []


def test_a_built_game_has_a_sound_cross_reference_table(tmp_path: Path):
    assert run("build", "gerrymander", "--out", tmp_path, "-q").exit_code == 0
    (pdf,) = tmp_path.glob("*.pdf")
    data = pdf.read_bytes()
    assert xref_errors(data) == []
    assert len(PdfReader(pdf, strict=True).pages) == 6  # cover, two pages of rules, board, two of tiles


def _deck(tmp_path: Path, qty: int) -> Path:
    game = tmp_path / "deck"
    game.mkdir()
    (game / "game.yaml").write_text('name: Big deck\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [deck]\n')
    items = "\n".join(f'      - {{n: "{n}", qty: {qty}}}' for n in range(1, 53))
    (game / "components.yaml").write_text(
        "components:\n  deck:\n    kind: card\n    back: back\n    faces:\n"
        '      front:\n        draw:\n          - text: {text: "{n}", box: [10%, 10%, 80%, 20%]}\n'
        '      back:\n        fill: "#334455"\n'
        f"    items:\n{items}\n")
    return game


def test_pieces_are_runs_not_objects(tmp_path: Path):
    game = load_game(_deck(tmp_path, 1000), "deck", [])
    pieces = game.components["deck"].pieces
    assert isinstance(pieces, PieceRuns)
    assert len(pieces) == 52_000 and len(pieces._runs) == 52  # one run per item, not 52,000 objects
    assert (pieces[0].index, pieces[0].fields["n"]) == (1, "1")
    assert (pieces[999].index, pieces[999].fields["n"]) == (1000, "1")
    assert (pieces[1000].index, pieces[1000].fields["n"]) == (1001, "2")
    assert pieces[-1].index == 52_000 and pieces[-1].fields["n"] == "52"
    assert [p.index for p in pieces[998:1002]] == [999, 1000, 1001, 1002]
    assert [p.fields["n"] for p in pieces[998:1002]] == ["1", "1", "2", "2"]
    assert list(pieces)[12_345] == pieces[12_345]
    try:
        pieces[52_000]
    except IndexError:
        pass
    else:
        raise AssertionError("index past the end must raise IndexError")


def test_pages_of_pieces_are_imposed_when_drawn(tmp_path: Path):
    game = load_game(_deck(tmp_path, 50), "deck", [])
    doc = impose_game(game, Options(backs="duplex"))
    entries = doc.sheets._entries
    assert isinstance(entries[0], Sheet) and entries[1].role == "blank"  # the cover, and its empty back
    roles = [getattr(e, "role", "") for e in entries]
    cal = roles.index("calibration")  # the duplex calibration sheet, after the last sheet with backs
    assert roles[cal + 1] == "calibration-back" and cal == len(entries) - 2
    assert len(entries) > 500 and all(isinstance(e, Deferred) for e in entries[2:cal])
    assert doc.sheets.page_size(5, (1.0, 2.0)) == (1.0, 2.0)
    first, again = doc.sheets[9], doc.sheets[9]
    assert first is not again and first == again  # imposed afresh, the same each time
    assert [s.role for s in doc.sheets[4:8]] == ["pieces", "back", "pieces", "back"]


def test_a_short_document_imposes_each_page_once(tmp_path: Path):
    """A game's usual build (at most KEPT_PAGES pages) keeps each page once imposed: the cover reads every
    page before the pages are drawn, and a page is the same object each time; a long one is imposed afresh."""
    from genpnp.impose.sheet import KEPT_PAGES

    doc = impose_game(load_game(_deck(tmp_path, 1), "deck", []), Options(backs="duplex"))
    assert len(doc.sheets) <= KEPT_PAGES and any(isinstance(e, Deferred) for e in doc.sheets._entries)
    deferred = next(n for n, e in enumerate(doc.sheets._entries) if isinstance(e, Deferred))
    assert doc.sheets[deferred] is doc.sheets[deferred] is list(doc.sheets)[deferred]
    assert doc.sheets[-1] is doc.sheets[len(doc.sheets) - 1]
    assert doc.sheets[deferred:deferred + 2][0] is doc.sheets[deferred]
