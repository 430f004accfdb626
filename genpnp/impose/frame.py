"""The page frame: printable area, title and footer, room for the scale check.

The frame gives way to the pieces. A page has the usual bands (title above, footer below); where a
full grid of pieces needs that room, the bands shrink ("compact") or the title and footer move into
the side margins, turned to read upwards ("side"), and the scale check becomes a bar along them. A
landscape page keeps its title and footer across it (``modes``): turned up its short sides, they would
read sideways to a player holding the page the way its pieces stand.
"""

from __future__ import annotations

from genpnp.core.records import dataclass
from genpnp.core.units import INCH, MM
from genpnp.impose.options import Options
from genpnp.impose.sheet import Band, Box

HEADER = 11 * MM
FOOTER = 8 * MM
SCALE_LABEL = 4 * MM
COMPACT_HEADER = 6 * MM
COMPACT_FOOTER = 4 * MM
SIDE_HEADER = 6.5 * MM
SIDE_FOOTER = 4.5 * MM
MODES = ("bands", "compact", "side")


def modes(landscape: bool) -> tuple[str, ...]:
    """The frames a page may take: a landscape page never turns its title and footer up its sides."""
    return tuple(m for m in MODES if not (landscape and m == "side"))


@dataclass(frozen=True)
class Frame:
    page_w: float
    page_h: float
    margin: float
    area: Box  # where pieces go
    scale: float  # side of the scale-check square
    scale_text: str
    header: Band
    footer: Band
    mode: str = "bands"

    @property
    def printable(self) -> Box:
        m = self.margin
        return Box(m, m, self.page_w - 2 * m, self.page_h - 2 * m)


def make_frame(options: Options, landscape: bool = False, mode: str = "bands") -> Frame:
    w, h = options.paper.w, options.paper.h
    if landscape:
        w, h = h, w
    m = options.margin
    p = Box(m, m, w - 2 * m, h - 2 * m)
    if mode == "side":
        area = Box(p.x + SIDE_HEADER, p.y, p.w - SIDE_HEADER - SIDE_FOOTER, p.h)
        header = Band(Box(p.x, p.y, SIDE_HEADER, p.h), 90)
        footer = Band(Box(p.x2 - SIDE_FOOTER, p.y, SIDE_FOOTER, p.h), 90)
    else:
        top, bottom = (HEADER, FOOTER) if mode == "bands" else (COMPACT_HEADER, COMPACT_FOOTER)
        area = Box(p.x, p.y + bottom, p.w, p.h - top - bottom)
        header = Band(Box(p.x, p.y2 - top, p.w, top))
        footer = Band(Box(p.x, p.y, p.w, bottom))
    metric = options.paper.name.startswith("a") or options.paper.name[:1].isdigit()
    scale, text = (25 * MM, "25 mm") if metric else (INCH, "1 in")
    return Frame(w, h, m, area, scale, text, header, footer, mode)


def scale_spot(frame: Frame, used: Box | list[Box] | None) -> Box | None:
    """A free place for the scale square in the area, clear of the ``used`` boxes (None: no room)."""
    s = frame.scale
    boxes = [] if used is None else [used] if isinstance(used, Box) else used
    area = frame.area
    pad = 1 * MM
    for x, rx in ((area.x2 - s, area.x2 - s - pad), (area.x, area.x)):
        spot = Box(x, area.y + SCALE_LABEL, s, s)
        room = Box(rx, area.y, s + pad, s + SCALE_LABEL + pad)
        if room.inside(area) and not any(room.overlaps(b) for b in boxes):
            return spot
    return None


def scale_bar(frame: Frame) -> tuple[Box, int]:
    """Where a page too full for the scale square shows a scale bar: the far end of its title band
    (on a side band: its top end). The box is the bar's extent (its length is the scale) and the
    room for its label; the rotation is the band's."""
    band = frame.header
    b = band.box
    if band.rot:
        return Box(b.x, b.y2 - frame.scale, min(5 * MM, b.w), frame.scale), 90
    return Box(b.x2 - frame.scale, b.y + 1 * MM, frame.scale, min(5 * MM, b.h - 1 * MM)), 0


def reserve_scale(frame: Frame) -> Box:
    """The area left when a band at the bottom is kept for the scale square."""
    band = frame.scale + SCALE_LABEL + 2 * MM
    a = frame.area
    return Box(a.x, a.y + band, a.w, a.h - band)
