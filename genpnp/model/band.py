"""A title band: a strip across the top of a board or sheet with its title (issue 25, item 3).

The band adds its height above the board's own drawing: the grid, map or track keeps its size
and its coordinates (y up from the bottom), the piece grows by the band.
"""

from __future__ import annotations

from genpnp.art.text import FONT
from genpnp.content.schema import ColorSpec, Enum, Length, Prose, fld
from genpnp.core.color import Color
from genpnp.core.records import dataclass
from genpnp.core.units import MM


@dataclass(frozen=True, kw_only=True)
class TitleBand:
    """A strip across the top of the board with its title."""

    text: str = fld(Prose(max_len=80), "", "the title in the band (default: the component's title)", "The Harbour")
    note: str = fld(Prose(max_len=80), "", "a smaller line at the band's other end", "Harbour Lights")
    height: float = fld(Length(6 * MM, 40 * MM), 12 * MM, "the band's height, added above the board", "12mm")
    fill: Color = fld(ColorSpec(), Color(0.15, 0.15, 0.15), "the band's colour", "#2a4d69")
    color: Color = fld(ColorSpec(), Color(1, 1, 1), "the text's colour", "white")
    font: str = fld(FONT, "", "the title's font (default: the board's heading font)", "sans-bold")
    align: str = fld(Enum("left", "center"), "center", "where the title sits in the band")
    size: float = fld(Length(6.0, 72.0), 0.0, "the title's largest size (default: 55% of the band's height); a "
                      "tall band keeps room beside the title for art drawn by the board's face", "28pt")
