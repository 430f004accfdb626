"""The page frame: printable area, header and footer bands, room for the scale square."""

from __future__ import annotations

from dataclasses import dataclass

from genpnp.impose.grid import CROP_GAP, CROP_LEN
from genpnp.impose.options import Options
from genpnp.impose.sheet import Box
from genpnp.units import INCH, MM

HEADER = 11 * MM
FOOTER = 8 * MM
SCALE_LABEL = 4 * MM


@dataclass(frozen=True)
class Frame:
    page_w: float
    page_h: float
    margin: float
    area: Box  # where pieces go
    scale: float  # side of the scale-check square
    scale_text: str

    @property
    def printable(self) -> Box:
        m = self.margin
        return Box(m, m, self.page_w - 2 * m, self.page_h - 2 * m)

    @property
    def header(self) -> Box:
        m = self.margin
        return Box(m, self.page_h - m - HEADER, self.page_w - 2 * m, HEADER)

    @property
    def footer(self) -> Box:
        m = self.margin
        return Box(m, m, self.page_w - 2 * m, FOOTER)


def make_frame(options: Options, landscape: bool = False) -> Frame:
    w, h = options.paper.w, options.paper.h
    if landscape:
        w, h = h, w
    m = options.margin
    crop = CROP_GAP + CROP_LEN if options.bleed else 0.0
    area = Box(m + crop, m + FOOTER + crop, w - 2 * m - 2 * crop, h - 2 * m - HEADER - FOOTER - 2 * crop)
    metric = options.paper.name.startswith("a") or options.paper.name[:1].isdigit()
    scale, text = (25 * MM, "25 mm") if metric else (INCH, "1 in")
    return Frame(w, h, m, area, scale, text)


def scale_spot(frame: Frame, used: Box | None) -> Box | None:
    """A free place for the scale square beside or below ``used`` (None: no room)."""
    s = frame.scale
    need_w, need_h = s + 2 * MM, s + SCALE_LABEL + 2 * MM
    area = frame.area
    if used is None:
        return Box(area.x2 - s, area.y + SCALE_LABEL, s, s)
    if area.x2 - used.x2 >= need_w and used.y2 - area.y >= need_h:
        return Box(area.x2 - s, area.y + SCALE_LABEL, s, s)
    if used.x - area.x >= need_w and used.y2 - area.y >= need_h:
        return Box(area.x, area.y + SCALE_LABEL, s, s)
    if used.y - area.y >= need_h and area.w >= need_w:
        return Box(area.x2 - s, area.y + SCALE_LABEL, s, s)
    return None


def scale_bar(frame: Frame) -> Box:
    """Where a page too full for the scale square shows a scale bar: the right end of its header.

    The box is the bar's extent (its length is the scale) and the room for its label above it.
    """
    h = frame.header
    return Box(h.x2 - frame.scale, h.y + 1.5 * MM, frame.scale, 5 * MM)


def reserve_scale(frame: Frame) -> Box:
    """The area left when a band at the bottom is kept for the scale square."""
    band = frame.scale + SCALE_LABEL + 2 * MM
    a = frame.area
    return Box(a.x, a.y + band, a.w, a.h - band)
