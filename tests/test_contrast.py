"""Issue 14: colours that must differ survive grey, checked on the printed pages (pypdfium2 renders)."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pdfcheck import CONTENT, copy_game, edit, validate
from PIL import Image, ImageChops, ImageFilter

from genpnp.backends.pdf import write_pdf
from genpnp.commands.build import build_game
from genpnp.impose.options import Options
from genpnp.load.project import discover, load_game
from genpnp.rules.contrast import MIN_STEP, check_contrast, grey_clashes, pairs

GAMES = sorted(discover(CONTENT))
DPI = 60
STEP = MIN_STEP * 255 - 1  # grey levels (one level of rounding allowed)


def _render(path: Path, grey: bool) -> list[Image.Image]:
    pdf = pdfium.PdfDocument(str(path))
    try:
        out = []
        for page in pdf:
            out.append(page.render(scale=DPI / 72, grayscale=grey).to_pil().convert("L" if grey else "RGB"))
            page.close()
        return out
    finally:
        pdf.close()


def _where(rgb_pages: list[Image.Image], color) -> list[Image.Image]:
    """Per page, a mask of the pixels inside areas printed in ``color``: exactly that colour, and so are their
    eight neighbours (which leaves out anti-aliased edges, and text whose edge happens to be that grey)."""
    target = [round(color.r * 255), round(color.g * 255), round(color.b * 255)]
    masks = []
    for page in rgb_pages:
        bands = [band.point(lambda v, t=t: 255 if abs(v - t) <= 2 else 0) for band, t in zip(page.split(), target)]
        exact = ImageChops.multiply(ImageChops.multiply(bands[0], bands[1]), bands[2])
        masks.append(exact.filter(ImageFilter.MinFilter(3)))
    return masks


def _histogram(grey_pages: list[Image.Image], masks: list[Image.Image]) -> list[int]:
    counts = [0] * 256
    for page, mask in zip(grey_pages, masks):
        for level, n in enumerate(page.histogram(mask)):
            counts[level] += n
    return counts


def _median(counts: list[int]) -> float:
    half, seen = sum(counts) / 2, 0
    for level, n in enumerate(counts):
        seen += n
        if seen >= half:
            return float(level)
    return 255.0


def _grey_at(grey_pages: list[Image.Image], masks: list[Image.Image]) -> float:
    return _median(_histogram(grey_pages, masks))


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """Every shipped game's colour and bw PDFs (same layout: the ink changes no placement)."""
    out = tmp_path_factory.mktemp("contrast")
    result = {}
    for name in GAMES:
        game = load_game(CONTENT / name)
        colour = build_game(game, Options(ink="color"), out).path
        bw = build_game(game, Options(ink="bw"), out).path
        result[name] = (game, colour, bw)
    return result


@pytest.mark.parametrize("name", GAMES)
def test_distinct_colours_differ_in_grey_where_printed(built, name: str):
    game, colour_pdf, bw_pdf = built[name]
    checked = pairs(game)
    assert checked, f"{name} declares no distinct colours"
    assert not check_contrast(game), [str(v) for v in check_contrast(game)]
    # the pages after the cover: the cover arranges its picture for each ink (bw and saver draw each piece
    # at its own scale), the other pages place everything alike in every ink
    rgb, grey = _render(colour_pdf, False)[1:], _render(colour_pdf, True)[1:]
    bw_grey = _render(bw_pdf, True)[1:]
    masks = {}
    for pair in checked:
        for n in (pair.a, pair.b):
            if n not in masks:
                masks[n] = _where(rgb, game.palette[n])
                assert sum(m.histogram()[255] for m in masks[n]) >= 20, f"{name}: {n} is printed nowhere"
    for pair in checked:
        colour_a, colour_b = (_grey_at(grey, masks[n]) for n in (pair.a, pair.b))
        if pair.colour_ok:  # the colour PDF itself survives a mono printer
            assert abs(colour_a - colour_b) >= STEP, (name, pair.a, colour_a, pair.b, colour_b)
        else:  # it does not: the bw PDF tells them apart by pattern (and the cover says so)
            assert pair.patterns[0] != pair.patterns[1], (name, pair)
            assert any(pair.a in g and pair.b in g for g in grey_clashes(game))
        bw_a, bw_b = (_grey_at(bw_grey, masks[n]) for n in (pair.a, pair.b))
        if pair.patterns[0] == pair.patterns[1]:
            assert abs(bw_a - bw_b) >= STEP, (name, "bw", pair.a, bw_a, pair.b, bw_b)


def test_mono_grey_is_what_a_grey_render_prints(built):
    """The check's grey (luma) is the grey pdfium prints a colour as, within two levels."""
    game, colour_pdf, _ = built["gerrymander"]
    rgb, grey = _render(colour_pdf, False), _render(colour_pdf, True)
    from genpnp.rules.contrast import mono_grey

    for n in ("red", "blue", "paper"):
        assert abs(_grey_at(grey, _where(rgb, game.palette[n])) - 255 * mono_grey(game.palette[n])) <= 2


def _dark_share(grey_pages: list[Image.Image], masks: list[Image.Image]) -> float:
    """The share of the masked pixels printed darker than mid-light grey (a pattern's lines or dots)."""
    hist = _histogram(grey_pages, masks)
    return sum(hist[:200]) / max(sum(hist), 1)


def test_gerrymander_bw_blue_tile_differs_from_an_empty_cell(built):
    """In bw a blue tile is light (little toner, its cut lines clear) and told from an empty cell, and
    from a red tile, by its stripes."""
    game, colour_pdf, bw_pdf = built["gerrymander"]
    rgb, bw = _render(colour_pdf, False), _render(bw_pdf, True)
    blue, paper, red = (_where(rgb, game.palette[n]) for n in ("blue", "paper", "red"))
    assert _grey_at(bw, blue) >= 230  # light: no solid grey toner
    assert _dark_share(bw, blue) >= 0.04, _dark_share(bw, blue)  # its stripes show
    assert _dark_share(bw, paper) <= 0.01, _dark_share(bw, paper)  # an empty cell has none
    assert game.palette["blue"].pattern != game.palette["red"].pattern


def _swatches(tmp_path: Path, colors: list) -> list[Image.Image]:
    """Each colour filled over a 60 pt square in --ink bw, as rendered grey pixels."""
    path = tmp_path / "swatches.pdf"

    def draw(surface, _number):
        for i, c in enumerate(colors):
            surface.rect(20 + 80 * i, 20, 60, 60, fill=c)

    write_pdf(path, [(80 * len(colors) + 20, 100)], draw, "swatches", "test", "bw")
    page = _render(path, True)[0]
    scale = DPI / 72
    top = round((100 - 75) * scale)
    size = round(50 * scale)
    return [page.crop((round((25 + 80 * i) * scale), top, round((25 + 80 * i) * scale) + size, top + size))
            for i in range(len(colors))]


def test_bw_patterns_tell_apart_what_grey_cannot(tmp_path):
    """Every pattern pair the shipped games lean on looks different when printed at one grey."""
    from genpnp.core.color import Color

    looks = {}
    for pattern in ("", "hatch", "cross", "dots", "stripes"):
        looks[pattern] = _swatches(tmp_path, [Color(0.6, 0.6, 0.6, "x", 0.6, pattern)])[0]
    for a in looks:
        for b in looks:
            if a < b:
                dark_a, dark_b = (sum(looks[p].histogram()[:113]) / (looks[p].width * looks[p].height)
                                  for p in (a, b))
                assert abs(dark_a - dark_b) >= 0.02, (a, dark_a, b, dark_b)


def test_stripes_are_a_light_hatch(tmp_path):
    """Over white, stripes print far less toner than the hatch and still show (a light fill whose
    cut lines stay clear)."""
    from genpnp.core.color import Color

    hatch, stripes, plain = _swatches(tmp_path, [Color(1, 1, 1, "x", 1.0, p) for p in ("hatch", "stripes", "")])
    mean = {name: sum(i * n for i, n in enumerate(img.histogram())) / (img.width * img.height)
            for name, img in (("hatch", hatch), ("stripes", stripes), ("plain", plain))}
    assert mean["plain"] - mean["stripes"] >= 5, mean  # it shows
    assert mean["plain"] - mean["stripes"] <= (mean["plain"] - mean["hatch"]) / 2, mean  # half the hatch's toner


def test_unknown_name_in_distinct_is_an_error_with_its_line(tmp_path):
    folder = copy_game(tmp_path, "gerrymander")
    line = edit(folder / "game.yaml", "  - [red, blue, paper]", "  - [red, bleu, paper]")
    code, out = validate(folder)
    assert code == 1
    assert f"game.yaml:{line}:" in out and '"bleu" is not in the palette' in out and "blue" in out


def test_colours_alike_in_grey_are_a_warning(tmp_path):
    folder = copy_game(tmp_path, "gerrymander")
    edit(folder / "game.yaml", 'blue: {color: "#5a90e8", grey: 1.0, pattern: stripes',
         'blue: {color: "#2f62c8", grey: 0.97')
    edit(folder / "game.yaml", 'red: {color: "#a82420", grey: 0.82, pattern: dots',
         'red: {color: "#c8322f", grey: 0.55')
    game = load_game(folder)
    messages = [v.message for v in check_contrast(game)]
    assert any('"red" and "blue" print as nearly the same grey on a mono printer' in m for m in messages)
    assert any('"blue" and "paper" print alike in --ink bw' in m for m in messages)
    code, out = validate(folder)
    assert code == 0 and "contrast" in out


@pytest.fixture(scope="module")
def saver(tmp_path_factory):
    out = tmp_path_factory.mktemp("saver")
    return {name: build_game(load_game(CONTENT / name), Options(ink="saver"), out).path for name in GAMES}


@pytest.mark.parametrize("name", GAMES)
def test_saver_text_reads_against_what_is_printed_under_it(saver, name: str):
    """Issue 29: in saver every run of text has a contrast ratio of 4.5 (3 when large) against the pixels
    around it, measured on the rendered page (white titles on a band that saver lightens turn dark)."""
    from textcontrast import runs

    measured = runs(saver[name])
    assert len(measured) > 100
    faint = [(r.page, r.text[:40], round(r.ratio, 2), r.needed) for r in measured if r.ratio < r.needed]
    assert not faint, faint


def test_saver_text_rule_turns_white_text_on_a_lightened_band_dark(tmp_path):
    """The rule itself, on a drawn page: white text on a large dark band reads in colour; in saver the band
    becomes a light tint and the text its dark shade; in colour nothing changes."""
    from textcontrast import runs

    from genpnp.core import fonts
    from genpnp.core.color import Color

    band = Color(0.36, 0.23, 0.47)
    pages = {}
    for ink in ("color", "saver"):
        path = tmp_path / f"{ink}.pdf"

        def draw(surface, _number):
            surface.rect(20, 20, 300, 80, fill=band)
            surface.text(40, 50, "Carry it out as soon as you draw it", fonts.DEFAULT, 9, Color(1, 1, 1))

        write_pdf(path, [(340, 120)], draw, "band", "test", ink)
        pages[ink] = runs(path)
    assert pages["color"][0].ratio >= 4.5 and pages["saver"][0].ratio >= 4.5, pages


def test_saver_prints_large_fills_as_tints_and_keeps_small_marks(tmp_path):
    """A large fill prints as a light tint with a band of its colour; a pip keeps its colour."""
    from genpnp.core.color import Color

    red = Color(0.66, 0.14, 0.13)
    path = tmp_path / "s.pdf"

    def draw(surface, _number):
        surface.rect(20, 20, 144, 144, fill=red)  # 2 in square: large
        surface.circle(250, 90, 5, fill=red)  # a pip

    write_pdf(path, [(300, 200)], draw, "fills", "test", "saver")
    page = _render(path, False)[0]
    scale = DPI / 72

    def at(x, y):
        return page.getpixel((round(x * scale), round((200 - y) * scale)))

    inside, edge, pip = at(92, 92), at(21.5, 92), at(250, 90)
    assert min(inside) > 220  # a light tint
    assert abs(edge[0] - 168) < 20 and edge[1] < 80  # the band: the colour itself
    assert abs(pip[0] - 168) < 20 and pip[1] < 80  # the pip at full strength
