"""SVG art as vector forms, rich text with inline icons, and words that are never split."""

from __future__ import annotations

import re
from pathlib import Path

from pdfcheck import run
from pypdf import PdfReader

from genpnp.core import fonts

COIN = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 20">
  <circle cx="10" cy="10" r="9" fill="currentColor" stroke="#7a5a10" stroke-width="1.2"/>
  <path d="M7 6 H13 V8 H9.5 V14 H7 Z" fill="#ffffff"/></svg>
"""
GAME = """name: Svg Test
version: "1"
licence: CC0
players: "2"
palette:
  gold: {color: "#e0a82e", grey: 0.7, pattern: dots}
sections: [cards]
"""
CARDS = """components:
  cards:
    kind: card
    title: Cards
    faces:
      front:
        draw:
          - svg: {file: art/coin.svg, color: gold, box: [35%, 6%, 30%, 22%]}
          - text: {text: "Gain **{n}** {icon:coin}, then *draw*.", box: [8%, 40%, 84%, 20%]}
          - pips: {count: "{n}", icon: coin, color: gold, box: [25%, 68%, 50%, 26%]}
    items:
      - {n: 2, qty: 5}
      - {n: 3, qty: 5}
"""


def make_game(tmp: Path, coin: str = COIN) -> Path:
    folder = tmp / "svgtest"
    (folder / "art").mkdir(parents=True)
    (folder / "art" / "coin.svg").write_text(coin)
    (folder / "game.yaml").write_text(GAME)
    (folder / "cards.yaml").write_text(CARDS)
    return folder


def xobjects(node, out: dict | None = None) -> dict:
    """Every XObject reachable from a page, through nested forms: name -> object."""
    out = {} if out is None else out
    for k, v in node.get("/Resources", {}).get("/XObject", {}).items():
        obj = v.get_object()
        if str(k) not in out:
            out[str(k)] = obj
            xobjects(obj, out)
    return out


def test_icon_is_a_vector_form_drawn_once_in_colour_and_bw(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    for ink in ("color", "bw"):
        result = run("build", folder, "--content", folder, "--out", tmp_path / "out", "--ink", ink)
        assert result.exit_code == 0, result.output
        reader = PdfReader(tmp_path / "out" / f"svgtest-letter-{ink}.pdf")
        page = reader.pages[1]
        forms = xobjects(page)
        assert forms and all(x["/Subtype"] == "/Form" for x in forms.values())  # no image XObject
        icon_forms = [name for name in forms if "svg" in name]
        # one form per size and colour of the icon (card, pips of 2, pips of 3 share a size, inline), not per use
        assert 2 <= len(icon_forms) <= 4, icon_forms
        uses = sum(len(re.findall(rb"svg\S* Do", x.get_data())) for x in forms.values())
        assert uses >= 3  # the faces place the icon's forms (each face is itself a form placed per card)
        text = page.extract_text()
        assert "Gain" in text and "*" not in text
        fonts_used = {str(f.get_object()["/BaseFont"]) for x in forms.values()
                      for f in x.get("/Resources", {}).get("/Font", {}).values()}
        assert any("Bold" in f for f in fonts_used) and any("Oblique" in f for f in fonts_used), fonts_used


def test_broken_svg_names_the_file_and_writes_nothing(tmp_path: Path) -> None:
    cases = {"<svg xmlns='http://www.w3.org/2000/svg'><circle r='3'></svg>": "not well-formed XML",
             "<svg xmlns='http://www.w3.org/2000/svg'><text>hi</text></svg>": "<text> is not supported",
             "<svg xmlns='http://www.w3.org/2000/svg'><image href='a.png'/></svg>": "raster image"}
    for i, (svg, message) in enumerate(cases.items()):
        base = tmp_path / str(i)
        folder = make_game(base, svg)
        result = run("build", folder, "--content", folder, "--out", base / "out")
        assert result.exit_code == 1
        assert "art/coin.svg: " in result.output and message in result.output, result.output
        assert "Traceback" not in result.output
        assert not (base / "out").exists() or not list((base / "out").iterdir())


def test_words_are_never_split_only_source_hyphens_break() -> None:
    assert fonts.wrap("Players", "sans", 10, 5) == ["Players"]
    assert fonts.wrap("Headquar\u00adters", "sans", 10, 40) == ["Headquar-", "ters"]
    assert fonts.wrap("Headquar\u00adters", "sans", 10, 400) == ["Headquarters"]
    assert fonts.wrap("well-known", "sans", 10, 30) == ["well-", "known"]


class Recorder:
    """A surface that keeps what text layout reports (the hook of the upcoming audit)."""

    def __init__(self) -> None:
        self.reports: list[tuple[str, str]] = []
        self.texts: list[tuple[str, float]] = []

    def report(self, kind: str, message: str) -> None:
        self.reports.append((kind, message))

    def text(self, x, y, text, font, size, color, align="left") -> None:
        self.texts.append((text, size))

    def save(self) -> None:  # an overflowing text is drawn cut at its box, with a red marker (build --force)
        pass

    restore = save

    def clip_rect(self, x, y, w, h) -> None:
        pass

    def rect(self, x, y, w, h, **kwargs) -> None:
        self.marks = getattr(self, "marks", 0) + 1

    def polygon(self, points, **kwargs) -> None:
        self.marks = getattr(self, "marks", 0) + 1


def test_text_reports_overflow_and_small_text_to_the_surface() -> None:
    from genpnp.art.text import Text

    box = ((0.0, False), (0.0, False), (30.0, False), (12.0, False))
    surface = Recorder()
    Text(text="Unbreakablewordhere", size=14, box=box, min_scale=0.5).draw(surface, 100, 100)
    assert [k for k, _ in surface.reports] == ["overflow"]
    assert [t for t, _ in surface.texts] == ["Unbreakablewordhere"]  # drawn whole, never split
    assert surface.marks == 2  # the red frame and corner of a draft
    surface = Recorder()
    Text(text="tiny", size=4, box=box).draw(surface, 100, 100)
    assert surface.reports == [("small-text", surface.reports[0][1])] and "4.0 pt" in surface.reports[0][1]
    surface = Recorder()
    Text(text="fits", size=10, box=box).draw(surface, 100, 100)
    assert surface.reports == []


def test_same_game_in_another_folder_gives_the_same_bytes(tmp_path: Path) -> None:
    outs = []
    for where in ("a", "b/deeper"):
        base = tmp_path / where
        folder = make_game(base)
        assert run("build", folder, "--content", folder, "--out", base / "out").exit_code == 0
        outs.append((base / "out" / "svgtest-letter-color.pdf").read_bytes())
    assert outs[0] == outs[1]
