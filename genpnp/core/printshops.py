"""Print-on-demand presets: `genpnp export GAME --for thegamecrafter|makeplayingcards|drivethrucards`.

Each service prints cards of a few sizes, asks for images at a resolution with a bleed around the
trim, and cuts with a tolerance: text and icons must stay inside a safe area. A preset holds what
the service publishes (see docs/content.md, "Print-on-demand presets", for the sources and the date
they were read); `check` refuses a card size the service does not print, naming the nearest one it
does, and text or icons outside the safe area, at the element that draws them.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from genpnp.core.errors import ContentError, Problem, UsageError, did_you_mean
from genpnp.core.records import dataclass
from genpnp.core.units import INCH, MM

TOLERANCE = 0.5 * MM  # a piece this close to a service size is that size (63 x 88 mm is not 2.5 x 3.5 in)


@dataclass(frozen=True)
class Preset:
    """A print service's card products: sizes (name -> width, height in points), dpi, bleed and safe area."""

    key: str
    name: str
    dpi: int
    bleed: float  # points, on every side of the trim
    safe: float  # points inside the trim that text and icons must keep off
    sizes: dict[str, tuple[float, float]]
    naming: str  # how files are named (see file_name)
    source: str  # where the values are published


def _inches(w: float, h: float) -> tuple[float, float]:
    return w * INCH, h * INCH


PRESETS: dict[str, Preset] = {
    "thegamecrafter": Preset(
        "thegamecrafter", "The Game Crafter", 300, INCH / 8, INCH / 8,
        {"poker": _inches(2.5, 3.5), "bridge": _inches(2.25, 3.5), "mini": _inches(1.75, 2.5),
         "tarot": _inches(2.75, 4.75), "square": _inches(3.5, 3.5), "jumbo": _inches(3.5, 5.5)},
        "deck", "https://www.thegamecrafter.com (each deck product's template: 300 dpi PNG, 1/8 in bleed)"),
    "makeplayingcards": Preset(
        "makeplayingcards", "MakePlayingCards", 300, 0.12 * INCH, 0.12 * INCH,
        {"poker": _inches(2.5, 3.5), "bridge": _inches(2.25, 3.5), "mini": _inches(1.75, 2.5),
         "tarot": _inches(2.75, 4.75), "square": _inches(2.5, 2.5)},
        "numbered", "https://www.makeplayingcards.com (card templates: 300 dpi, poker 822 x 1122 px with bleed)"),
    "drivethrucards": Preset(
        "drivethrucards", "DriveThruCards", 300, INCH / 8, INCH / 8,
        {"poker": _inches(2.5, 3.5), "tarot": _inches(2.75, 4.75), "square": _inches(3.5, 3.5)},
        "back-front",
        "https://help.drivethrupartners.com (Printed card specifications: 300 dpi, 1/8 in bleed on every side, "
        "nothing important within 1/8 in of a finished edge, back then front of each card)"),
}


def preset(key: str) -> Preset:
    if key not in PRESETS:
        raise UsageError(f'--for: no print service "{key}"{did_you_mean(key, PRESETS)}')
    return PRESETS[key]


def fmt_in(w: float, h: float) -> str:
    return f"{round(w / INCH, 2):g} x {round(h / INCH, 2):g} in ({w / MM:.1f} x {h / MM:.1f} mm)"


def size_of(preset: Preset, w: float, h: float) -> str | None:
    """The service's size that a w x h piece is (either way up), or None."""
    for name, (sw, sh) in preset.sizes.items():
        if (abs(w - sw) <= TOLERANCE and abs(h - sh) <= TOLERANCE) or \
                (abs(w - sh) <= TOLERANCE and abs(h - sw) <= TOLERANCE):
            return name
    return None


def nearest(preset: Preset, w: float, h: float) -> str:
    def distance(item: tuple[str, tuple[float, float]]) -> float:
        sw, sh = item[1]
        return min(math.hypot(w - sw, h - sh), math.hypot(w - sh, h - sw))

    return min(preset.sizes.items(), key=distance)[0]


def cards(components: Sequence[Any]) -> list[Any]:
    """The components a card service prints: card kinds (boards and tokens are not cards)."""
    return [c for c in components if getattr(c, "kind_name", "") == "card"]


def check(preset: Preset, components: Sequence[Any]) -> dict[str, str]:
    """Each card component's size name at the service; a size it does not print, or text or icons in the
    cut margin, is an error (all of them, at once)."""
    problems: list[Problem] = []
    sizes: dict[str, str] = {}
    for comp in components:
        piece = comp.pieces[0]
        found = size_of(preset, piece.w, piece.h)
        if found is None:
            near = nearest(preset, piece.w, piece.h)
            problems.append(Problem(getattr(comp, "size_loc", comp.loc),
                                    f"{comp.name}: {preset.name} prints no {fmt_in(piece.w, piece.h)} card; the "
                                    f"nearest it prints is {near}, {fmt_in(*preset.sizes[near])} (sizes: "
                                    f"{', '.join(preset.sizes)})"))
            continue
        sizes[comp.name] = found
        problems.extend(outside_safe(preset, comp))
    if problems:
        raise ContentError(problems)
    return sizes


def _kept(element: Any) -> bool:
    """Text and icons must stay in the safe area (backgrounds and frames may run to the bleed)."""
    return type(element).__name__ in ("Text", "Svg", "Pips")


def outside_safe(preset: Preset, component: Any) -> list[Problem]:
    """Text and icon elements whose box reaches into the cut margin, once per element."""
    out: list[Problem] = []
    seen: set[Any] = set()
    piece = component.pieces[0]
    w, h, m = piece.w, piece.h, preset.safe
    for front, back in _faces(component):
        for face in (front, back):
            for element in getattr(face, "elements", ()) if face is not None else ():
                if not _kept(element) or element.loc in seen:
                    continue
                x, y, bw, bh = element.resolve_box(w, h)
                reach = max(m - x, m - y, x + bw - (w - m), y + bh - (h - m))
                if reach > 0.05 * MM:
                    seen.add(element.loc)
                    what = type(element).__name__.lower()
                    out.append(Problem(element.loc, f"the {what} box reaches {reach / MM:.1f} mm into "
                                                    f"{preset.name}'s cut margin: keep text and icons "
                                                    f"{m / MM:.1f} mm ({m / INCH:g} in) inside the card's edge"))
    return out


def _faces(component: Any) -> Any:
    pieces = component.pieces
    if hasattr(pieces, "faces"):
        return pieces.faces()
    return ((p.front, p.back) for p in pieces)


def file_namer(preset: Preset) -> Callable[[Any, int, bool], str]:
    """A job's file name at the service: (job, number of the card in its component, shared) -> path."""
    def deck(job: Any, number: int, shared: bool) -> str:
        return f"{job.component.name}/back.png" if shared else f"{job.component.name}/{job.stem}-{job.face}.png"

    def numbered(job: Any, number: int, shared: bool) -> str:
        if shared:
            return f"{job.component.name}/back.png"
        return f"{job.component.name}/{job.face}/{number:03d}.png"

    def back_front(job: Any, number: int, shared: bool) -> str:
        return f"{job.component.name}/{number:03d}-{'1-back' if job.face == 'back' else '2-front'}.png"

    return {"deck": deck, "numbered": numbered, "back-front": back_front}[preset.naming]
