"""Hex-map extras: a legend box of symbols, and pale region tints chosen by colouring the region graph.

A map with ``region_tints: [c1, c2, c3, c4]`` fills each region (hexes sharing ``region_by``) with one of
the tints so that no two touching regions share one (a greedy DSatur colouring of the regions' graph,
deterministic: ties go to the region listed first). A ``legend:`` box explains the map's symbols.
"""

from __future__ import annotations

from genpnp.content.schema import ColorSpec, Enum, Length, ListOf, Obj, Prose, fld
from genpnp.core.color import Color
from genpnp.core.errors import Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model import hexgrid

SYMBOLS = ("dot", "peg", "bullseye", "ring", "swatch", "region")
SHAPES = ("round", "rect")
CORNERS = ("top-left", "top-right", "bottom-left", "bottom-right")


@dataclass(frozen=True, kw_only=True)
class LegendEntry:
    """One line of a hex map's legend: a symbol drawn as on the map, and its meaning."""

    symbol: str = fld(Enum(*SYMBOLS), doc="dot (a population mark), peg (a peg hole), bullseye, ring, "
                                          "swatch (a filled hex) or region (a tinted hex with a heavy border)")
    color: Color | None = fld(ColorSpec(), None, "colour of the symbol (default: the map's line colour)")
    text: str = fld(Prose(max_len=80), doc="what the symbol means")
    shape: str = fld(Enum(*SHAPES), "round", "round, or rect: a bullseye or ring drawn on a rectangular (4:3) "
                                                "piece outlined in ink, as the map's markers and tokens are cut")
    label: str = fld(Prose(max_len=3), "", "letters printed on a bullseye or ring (its party's letter still "
                                             "tells a pale colour apart in black and white)")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class HexLegend:
    """A boxed key printed in a corner of a hex map (over the margin and background, not the hexes' band)."""

    at: str = fld(Enum(*CORNERS), "bottom-right", "corner of the map the box sits in")
    title: str = fld(Prose(max_len=40), "Key", "heading of the box (empty: none)")
    size: float = fld(Length(lo=4.0), 7.5, "text size", "7.5pt")
    entries: tuple = fld(ListOf(Obj(LegendEntry), min_len=1), doc="the lines of the key, top to bottom")
    loc: Loc = Loc("<built-in>")

    @property
    def line_height(self) -> float:
        return max(self.size * 1.7, 5 * MM)


def color_regions(region: dict[tuple[int, int], str], listed: list[str], available: int = 0) -> dict[str, int]:
    """Colour index per region (``region``: hex -> its region), no two touching regions alike.

    DSatur: the next region coloured is the one whose neighbours already use the most colours (then the
    one with most neighbours, then the first in ``listed`` order, then in hex order). With ``available``
    colours to spare, a region takes the free colour least used by the regions two steps away (so that
    neighbours of neighbours differ too, and a player tells three counties in a row apart), then the least
    used overall; without, or where that leaves a region no colour, the lowest colour its neighbours do
    not use (the fewest colours)."""
    order = list(dict.fromkeys([n for n in listed if n in region.values()] + [region[c] for c in sorted(region)]))
    touching: dict[str, set[str]] = {name: set() for name in order}
    for coord, name in region.items():
        for n in hexgrid.neighbours(coord):
            if n in region and region[n] != name:
                touching[name].add(region[n])
    near = {name: {m for n in touching[name] for m in touching[n]} - touching[name] - {name} for name in order}
    rank = {name: i for i, name in enumerate(order)}

    def colour_all(spread: int) -> dict[str, int] | None:
        colour: dict[str, int] = {}
        count: dict[int, int] = {}

        def urgency(name: str) -> tuple[int, int, int]:
            seen = {colour[n] for n in touching[name] if n in colour}
            return (-len(seen), -len(touching[name]), rank[name])

        while len(colour) < len(order):
            name = min((n for n in order if n not in colour), key=urgency)
            used = {colour[n] for n in touching[name] if n in colour}
            if not spread:
                colour[name] = next(i for i in range(len(order) + 1) if i not in used)
            else:
                free = [i for i in range(spread) if i not in used]
                if not free:
                    return None
                colour[name] = min(free, key=lambda i: (sum(colour.get(m) == i for m in near[name]),
                                                        count.get(i, 0), i))
            count[colour[name]] = count.get(colour[name], 0) + 1
        return colour

    fewest = colour_all(0)
    assert fewest is not None
    spread = colour_all(available) if available > max(fewest.values(), default=0) + 1 else None
    return spread or fewest
