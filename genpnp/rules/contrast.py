"""Colours that survive grey: the palette's ``distinct`` groups, checked for a mono printer and for --ink bw.

A game's ``game.yaml`` names groups of palette entries that players must tell apart (the players' or
parties' colours; a piece and the board cell it lies on)::

    distinct:
      - [red, blue, paper]

Every two colours of a group must be told apart twice:

* printed from the colour PDF on a mono printer, where a colour becomes its luma (0.299 R + 0.587 G +
  0.114 B, the weighting printer drivers and PDF renderers use for grey): at least :data:`MIN_STEP`
  (20%) apart;
* printed from the black-and-white PDF (``--ink bw``): their greys at least 20% apart, or different
  patterns.

A pair that only the bw PDF tells apart is no error (the colour PDF's cover says to print the bw edition
on a mono printer: :func:`grey_clashes`); a pair that neither tells apart, or that the bw PDF prints
alike, is a warning. :func:`check_contrast` is what ``genpnp check`` (and ``genpnp audit``) report.

Every pair must also be told apart by the players with one of the common colour-vision deficiencies
(protanopia, deuteranopia, tritanopia: about 1 in 12 men has one, mostly the milder forms): each colour
is simulated as such a player sees it (``genpnp.core.color.simulate``, the model of Machado et al. 2009 at full
severity, the worst case) and the two must still be :data:`MIN_DISTANCE` apart in CIE L*a*b*, the same
20% of the scale from black to white that a grey step must take; or the two palette entries name
different ``emblem:`` signs that their pieces carry besides the colour. A pair that only the colour tells
apart is a warning naming both entries and the deficiency (:func:`vision_clashes`).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from genpnp.backends.ink import grey_of
from genpnp.core.color import DEFICIENCIES, Color, color_distance, simulate
from genpnp.core.errors import Violation
from genpnp.core.records import dataclass

MIN_STEP = 0.2  # the least difference in grey (0 black .. 1 white) that reads as a different colour
MIN_DISTANCE = 100 * MIN_STEP  # the same step as a colour difference (CIE76: 100 from black to white)


def mono_grey(color: Color) -> float:
    """The grey (0 black .. 1 white) a mono printer makes of ``color`` printed from the colour PDF."""
    return 0.299 * color.r + 0.587 * color.g + 0.114 * color.b


@dataclass(frozen=True)
class PairContrast:
    """How well two colours of a ``distinct`` group are told apart in grey."""

    a: str  # palette names
    b: str
    mono: tuple[float, float]  # their greys on a mono printer (colour PDF)
    bw: tuple[float, float]  # their greys in the bw PDF
    patterns: tuple[str, str]  # their bw patterns ("" for none)

    @property
    def colour_ok(self) -> bool:
        """The colour PDF printed on a mono printer tells them apart."""
        return abs(self.mono[0] - self.mono[1]) >= MIN_STEP - 1e-9

    @property
    def bw_ok(self) -> bool:
        """The bw PDF tells them apart (by grey or by pattern)."""
        return self.patterns[0] != self.patterns[1] or abs(self.bw[0] - self.bw[1]) >= MIN_STEP - 1e-9


def pairs(game: Any) -> list[PairContrast]:
    """Every pair of colours the game's palette says must differ, each once, in the order written."""
    out: list[PairContrast] = []
    seen: set[frozenset[str]] = set()
    palette = game.palette
    for group in game.meta.distinct:
        for a, b in combinations([n for n in group if n in palette], 2):
            key = frozenset((a, b))
            if a == b or key in seen:
                continue
            seen.add(key)
            ca, cb = palette[a], palette[b]
            out.append(PairContrast(a, b, (mono_grey(ca), mono_grey(cb)), (grey_of(ca), grey_of(cb)),
                                    (ca.pattern, cb.pattern)))
    return out


def _pct(grey: float) -> str:
    return f"{round((1 - grey) * 100)}%"


def _look(grey: float, pattern: str) -> str:
    return f"{_pct(grey)} grey" + (f" with {pattern}" if pattern else "")


def check_contrast(game: Any) -> list[Violation]:
    """Warnings for the pairs of ``distinct`` colours that print alike in grey (see the module's doc)."""
    out = []
    for pair in pairs(game):
        where = game.meta.palette[pair.b].loc if game.meta.palette and pair.b in game.meta.palette else game.meta.loc
        names = f'"{pair.a}" and "{pair.b}"'
        if not pair.bw_ok:
            out.append(Violation(where, "contrast", f"{names} print alike in --ink bw ("
                                 f"{_look(pair.bw[0], pair.patterns[0])} and {_look(pair.bw[1], pair.patterns[1])}): "
                                 f"set their grey: at least {MIN_STEP:g} apart, or give them different patterns",
                                 "warning"))
        elif not pair.colour_ok and pair.patterns[0] == pair.patterns[1]:
            out.append(Violation(where, "contrast", f"{names} print as nearly the same grey on a mono printer "
                                 f"({_pct(pair.mono[0])} and {_pct(pair.mono[1])}; at least "
                                 f"{round(MIN_STEP * 100)}% apart is needed): make one lighter or darker, or give "
                                 "them different patterns for --ink bw", "warning"))
    return out + check_vision(game)


@dataclass(frozen=True)
class VisionClash:
    """Two ``distinct`` colours that a player with a colour-vision deficiency cannot tell apart."""

    a: str
    b: str
    deficiency: str  # a key of genpnp.core.color.DEFICIENCIES
    distance: float  # how far apart that player sees them (CIE76)
    normal: float  # how far apart they are to normal vision


def vision_clashes(game: Any) -> list[VisionClash]:
    """Every pair of ``distinct`` colours that some colour-vision deficiency brings closer than
    :data:`MIN_DISTANCE` and that no emblem tells apart: the worst deficiency for each pair."""
    out = []
    entries = game.meta.palette or {}
    for pair in pairs(game):
        ea, eb = entries.get(pair.a), entries.get(pair.b)
        if ea is not None and eb is not None and ea.emblem and eb.emblem and ea.emblem != eb.emblem:
            continue
        ca, cb = game.palette[pair.a], game.palette[pair.b]
        normal = color_distance(ca, cb)
        seen = [(color_distance(simulate(ca, key), simulate(cb, key)), key) for key in DEFICIENCIES]
        distance, key = min(seen)
        if distance < MIN_DISTANCE - 1e-9:
            out.append(VisionClash(pair.a, pair.b, key, distance, normal))
    return out


def check_vision(game: Any) -> list[Violation]:
    """Warnings for the ``distinct`` pairs that only colour tells apart and a colour-blind player cannot."""
    out = []
    for clash in vision_clashes(game):
        where = game.meta.palette[clash.b].loc if game.meta.palette and clash.b in game.meta.palette else game.meta.loc
        out.append(Violation(where, "color-vision", f'"{clash.a}" and "{clash.b}" look alike to a player with '
                             f"{DEFICIENCIES[clash.deficiency][0]}: {clash.distance:.0f} apart where "
                             f"{MIN_DISTANCE:.0f} is needed ({clash.normal:.0f} to normal vision); change one's "
                             "lightness, or give both an `emblem:` their pieces carry (a sign, a shape)",
                             "warning"))
    return out


def grey_clashes(game: Any) -> list[list[str]]:
    """The colours of ``distinct`` groups that the colour PDF prints too alike on a mono printer: palette
    names, in groups of colours linked by such pairs (palette order)."""
    group_of: dict[str, set[str]] = {}
    for pair in pairs(game):
        if not pair.colour_ok:
            merged = group_of.get(pair.a, {pair.a}) | group_of.get(pair.b, {pair.b})
            for name in merged:
                group_of[name] = merged
    order = list(game.palette)
    groups = {id(g): g for g in group_of.values()}.values()
    return sorted((sorted(g, key=order.index) for g in groups), key=lambda g: order.index(g[0]))
