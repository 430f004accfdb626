"""Ink modes: how a colour prints in color, bw (grey levels and patterns) and saver (light tints).

The rule is by size, the same for every game (docs/content.md, "How fills and text print with `--ink bw`
and `--ink saver`"):

* A **small** fill (its box under :data:`SMALL`, 5 x 5 mm, or narrower than :data:`THIN`, 2 mm, and short)
  carries meaning at its size (a pip, a suit sign, a rank, a team dot): it keeps its colour in saver and
  its grey in bw.
* A **large** fill (its box at least :data:`LARGE`, 4 cm²) prints in saver as a very light tint of its
  colour with a band of the full colour along its inside edge (:data:`BAND` wide), so that two teams'
  tiles or two decks' backs are still told apart by their edge; a colour already near white (a cream
  card, a paper tone) is left to the paper. In bw a fill of :data:`BW_LARGE` (16 cm², a card back, a
  band, a frame) darker than :data:`BW_DARK` prints the same way: a third of its toner inside (a lighter
  grey, its order among the greys kept) and a band of its own grey, its pattern kept; a lighter one whose
  grey no palette entry sets (a cover's tint, a board's background) keeps a third of its toner, without a
  band.
* A **stripe** (narrower than :data:`THIN`, at least five times as long: a long narrow
  strip or rule) prints in saver at half its colour (:data:`STRIPE_TINT`).
* A **medium** fill between the two prints in saver as a light tint (:data:`MEDIUM_TINT` toward white)
  with a thin band of its colour (:data:`MEDIUM_BAND`): a drawn berry or token keeps its outline.
* A small mark that stood out from the fill under it in colour (a pale pip on a die) and would no longer
  stand out where that fill was lightened is printed in the fill's dark shade (:func:`mark_color`).
* Text is kept legible against what is printed under it (:func:`text_color`): where a fill was lightened,
  text that was light on it turns to the fill's own dark shade, and text that prints too faint (a light
  grey footer in bw) is darkened, until it has a contrast ratio of 4.5 (3 for large text,
  :func:`needed_contrast`) against its backdrop.
"""

from __future__ import annotations

from genpnp.core.color import Color, contrast_ratio
from genpnp.core.records import dataclass

WHITE = Color(1, 1, 1)
BLACK = Color(0, 0, 0)

CM2 = (72 / 2.54) ** 2  # one square centimetre in pt²
SMALL = 0.25 * CM2  # a fill whose box is smaller (5 x 5 mm) keeps its full colour
LARGE = 4.0 * CM2  # a fill whose box is at least this large prints as a tint with a coloured band
THIN = 2 * 72 / 25.4  # a fill narrower than 2 mm (a rule, a strip, an outline) keeps its colour
BAND = 1.5 * 72 / 25.4  # the band of full colour along the inside edge of a large fill
MEDIUM_BAND = 0.5 * 72 / 25.4  # and of a medium one
LARGE_TINT = 0.88  # how far toward white a large fill goes in saver
MEDIUM_TINT = 0.72  # how far toward white a medium fill goes in saver
STRIPE_TINT = 0.5  # and a stripe (a long narrow strip or rule)
LIGHT = 0.9  # luminance above which a colour is already light: no band, only paler
BW_DARK = 0.5  # in bw, a large fill darker than this grey is lightened and banded
BW_LARGE = 16.0 * CM2  # in bw, large means a box of 16 cm² (a card back, a band, a frame; not a suit sign)
BW_INSIDE = 0.35  # the share of its toner such a fill keeps inside its band
BODY_CONTRAST = 4.5  # WCAG's contrast ratio for body text
LARGE_CONTRAST = 3.0  # and for large text (18 pt, or 14 pt bold)


@dataclass(frozen=True)
class FillLook:
    """How one fill prints: its colour, the bw pattern laid over it, and the band along its inside edge."""

    color: Color
    pattern: str = ""
    band: Color | None = None
    band_width: float = 0.0


def grey_of(color: Color) -> float:
    if color.grey is not None:
        return color.grey
    return round(color.luminance, 3)


def size_class(width: float, height: float) -> str:
    """"small", "stripe" (narrower than THIN, five times as long), "medium" or "large" for a fill whose box
    (in pt on the page) is ``width`` x ``height``."""
    area = width * height
    if min(width, height) < THIN and max(width, height) >= 5 * THIN:
        return "stripe"
    if area < SMALL or min(width, height) < THIN:
        return "small"
    return "large" if area >= LARGE else "medium"


def fill_look(color: Color, ink: str, width: float = 0.0, height: float = 0.0) -> FillLook:
    """How a fill of ``color`` over a box ``width`` x ``height`` (pt on the page) prints in ``ink``."""
    size = size_class(width, height)
    band_fits = min(width, height) >= 4 * BAND
    if ink == "bw":
        g = grey_of(color)
        if width * height >= BW_LARGE and min(width, height) >= THIN and g < BW_DARK:
            inside = 1 - (1 - g) * BW_INSIDE
            return FillLook(Color(inside, inside, inside, color.name), color.pattern,
                            Color(g, g, g) if band_fits else None, BAND if band_fits else 0.0)
        if width * height >= BW_LARGE and color.grey is None:  # a tint no palette entry names: paler
            g = 1 - (1 - g) * BW_INSIDE
        return FillLook(Color(g, g, g, color.name), color.pattern)
    if ink == "saver":
        if size == "small":
            return FillLook(color)
        if size == "stripe":  # a long narrow strip or rule: half its ink
            return FillLook(color.mix(WHITE, STRIPE_TINT))
        light = color.luminance > LIGHT
        if size == "large" and light:  # a large cream or paper tone is left to the paper: no tint at all
            return FillLook(WHITE)
        if size == "large":
            tint = color.mix(WHITE, LARGE_TINT)
            band = color if band_fits and not light else None
            return FillLook(tint, "", band, BAND if band else 0.0)
        if light:  # a pale colour (cream, a paper tone) only pales further
            return FillLook(color.mix(WHITE, 0.5))
        edge = min(width, height) >= 4 * MEDIUM_BAND
        return FillLook(color.mix(WHITE, MEDIUM_TINT), "", color if edge else None, MEDIUM_BAND if edge else 0.0)
    return FillLook(color)


def map_fill(color: Color, ink: str, width: float = 0.0, height: float = 0.0) -> tuple[Color, str]:
    """(the colour to print, the bw pattern to lay over it) for a fill over a ``width`` x ``height`` box."""
    look = fill_look(color, ink, width, height)
    return look.color, look.pattern


def map_stroke(color: Color, ink: str) -> Color:
    if ink == "bw":
        g = min(grey_of(color), 0.6) if color.luminance < 0.95 else 1.0
        return Color(g, g, g)
    return color


def needed_contrast(size: float, font: str = "") -> float:
    """The contrast ratio text of ``size`` pt in ``font`` needs: 3 from 18 pt (14 pt bold), else 4.5."""
    large = size >= 18 or (size >= 14 and "bold" in font.lower())
    return LARGE_CONTRAST if large else BODY_CONTRAST


def text_color(color: Color, ink: str, backdrop: Color, backdrop_source: Color | None, need: float) -> Color:
    """The colour text of ``color`` prints in with ``ink`` over ``backdrop`` (the colour printed under it;
    ``backdrop_source`` the colour that fill had in the game, None for the paper): the ink's own mapping,
    darkened where that reads at less than ``need`` against the backdrop, toward the backdrop's own dark
    shade (the text's, over the paper)."""
    if ink == "bw":
        printed = WHITE if color.luminance > 0.8 else Color(*(grey_of(color),) * 3)
    else:
        printed = color
    if ink == "color" or contrast_ratio(printed, backdrop) >= need:
        return printed
    if ink == "bw":
        base = Color(*(min(grey_of(backdrop_source), 0.5),) * 3) if backdrop_source is not None else printed
    else:
        base = backdrop_source if backdrop_source is not None else printed
    if base.luminance > 0.5:  # a light text or backdrop colour: start from its mid shade
        base = base.mix(BLACK, 0.5)
    for step in range(11):
        shade = base.mix(BLACK, step / 10)
        if contrast_ratio(shade, backdrop) >= need:
            return shade
    return BLACK


MARK_CONTRAST = 3.0  # the contrast a small mark keeps against the fill under it (WCAG's for graphics)


def mark_color(printed: Color, color: Color, backdrop: Color, backdrop_source: Color | None, ink: str) -> Color:
    """The colour a small fill (``color`` in the game, ``printed`` by the ink's rule) prints in over a
    fill printed ``backdrop`` (``backdrop_source`` in the game): ``printed``, unless the mark stood out from
    that fill in the game's colours and no longer does, then the darkest it needs of the fill's own shade."""
    if backdrop_source is None or contrast_ratio(printed, backdrop) >= MARK_CONTRAST:
        return printed
    if contrast_ratio(color, backdrop_source) < MARK_CONTRAST:
        return printed  # it never stood out: a texture, not a mark
    return text_color(backdrop_source, ink, backdrop, backdrop_source, MARK_CONTRAST)
