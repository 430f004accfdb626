"""Print options: paper, margins, backs, bleed, ink; parsed once from the command line."""

from __future__ import annotations

import math
import re

from genpnp.core.errors import UsageError
from genpnp.core.records import dataclass
from genpnp.core.units import MM, UnitError, parse_length

PAPERS = {
    "letter": (612.0, 792.0),
    "a4": (595.2756, 841.8898),
    "legal": (612.0, 1008.0),
    "a3": (841.8898, 1190.5512),
    "tabloid": (792.0, 1224.0),
}
DEFAULT_MARGIN = 6.35 * MM
MIN_MARGIN = 5 * MM


@dataclass(frozen=True)
class Paper:
    name: str
    w: float
    h: float


def parse_paper(text: str) -> Paper:
    """letter, a4, legal, a3, tabloid, or WxH with units (210mmx297mm, 8.5x11in)."""
    key = text.strip().lower()
    if key in PAPERS:
        w, h = PAPERS[key]
        return Paper(key, w, h)
    m = re.fullmatch(r"\s*([\d.]+\s*[a-z\"]*)\s*[x×]\s*([\d.]+)\s*([a-z\"]+)\s*", key)
    if m:
        w_text, h_num, unit = m.group(1), m.group(2), m.group(3)
        if not re.search(r"[a-z\"]$", w_text):
            w_text += unit
        try:
            w, h = parse_length(w_text), parse_length(h_num + unit)
        except UnitError as exc:
            raise UsageError(f"--paper: {exc}") from None
        if w < 100 * MM or h < 100 * MM or w > 2000 * MM or h > 2000 * MM:
            raise UsageError("--paper: a custom paper is between 100 mm and 2000 mm on each side")
        name = re.sub(r"[^0-9a-z.]+", "x", key).strip("x")
        return Paper(name, w, h)
    raise UsageError(f"--paper: {text!r} is not a paper (letter, a4, legal, a3, tabloid or WxH like 210x297mm)")


@dataclass(frozen=True)
class Options:
    """Everything that changes the printed result besides the content."""

    paper: Paper = Paper("letter", *PAPERS["letter"])
    margin: float = DEFAULT_MARGIN
    backs: str = "fold"  # fold | duplex
    flip: str = "long"  # long | short (duplex)
    offset: tuple[float, float] = (0.0, 0.0)  # duplex back-page shift, points
    bleed: float = 0.0
    gutter: float | None = None  # space between neighbouring pieces with bleed (None: automatic)
    ink: str = "color"  # color | bw | saver
    components: tuple[str, ...] = ()  # only these components (empty: all)
    copies_as_note: bool = False  # print "print N times" instead of repeating sheets

    def file_name(self, game: str) -> str:
        """<game>-<paper>-<ink>[-duplex[-short]][-bleedN][-gutterN][-offXxY][-marginN][-note][-<components>].pdf:
        every option that changes the PDF and differs from the default, in a fixed order, so two builds
        with different options never write the same file."""
        parts = [game, self.paper.name, self.ink]
        if self.backs == "duplex":
            parts.append("duplex" if self.flip == "long" else "duplex-short")
        if self.bleed:
            parts.append(f"bleed{_mm(self.bleed)}")
        if self.gutter is not None:
            parts.append(f"gutter{_mm(self.gutter)}")
        if self.backs == "duplex" and self.offset != (0.0, 0.0):
            parts.append(f"off{_mm(self.offset[0])}x{_mm(self.offset[1])}")
        if _mm(self.margin) != _mm(DEFAULT_MARGIN):
            parts.append(f"margin{_mm(self.margin)}")
        if self.copies_as_note:
            parts.append("note")
        if self.components:
            parts.append("+".join(self.components))
        return "-".join(parts) + ".pdf"


def _mm(points: float) -> str:
    """A length in a file name: millimetres to the micrometre, no trailing zeros (3, 1.5, 0.125)."""
    return f"{round(points / MM, 3) + 0.0:g}"


def parse_length_option(text: object, option: str, lo_mm: float, hi_mm: float) -> float:
    """A length given on the command line -> millimetres: ``3mm``, ``0.125in``, ``9pt``, ``1.2cm``, or a bare
    number of millimetres (``3``). Not a number, not finite, or outside [lo, hi] mm: a UsageError (exit 2)."""
    value = str(text).strip()
    number = re.fullmatch(r"[+-]?(\d+(\.\d*)?|\.\d+)", value)
    try:
        points = float(value) * MM if number else parse_length(value)
    except (UnitError, ValueError):
        raise UsageError(f"{option}: {text!r} is not a length (write 3mm, 0.125in or 9pt; a bare number is in "
                         "millimetres)") from None
    mm = points / MM
    if not math.isfinite(mm):
        raise UsageError(f"{option}: {text!r} is not a finite length")
    if not lo_mm <= mm <= hi_mm:
        raise UsageError(f"{option}: {text} is not between {lo_mm:g} and {hi_mm:g} mm")
    return mm


def parse_offset(text: str) -> tuple[float, float]:
    """``X,Y`` (each a length, bare numbers in mm) -> points; each within 20 mm."""
    parts = (text or "").split(",")
    if len(parts) != 2 or not all(p.strip() for p in parts):
        raise UsageError("--offset: write X,Y in millimetres (or lengths), e.g. --offset 1.5,-0.5")
    x, y = (parse_length_option(p, "--offset", -1e9, 1e9) for p in parts)
    if abs(x) > 20 or abs(y) > 20:
        raise UsageError("--offset: a printer drift of more than 20 mm is not an offset; check the calibration")
    return x * MM, y * MM


MAX_PIXELS = 100_000_000  # an image of more pixels is refused (about 300 MB in memory): lower --dpi


def check_pixels(w_pt: float, h_pt: float, dpi: float, what: str) -> None:
    """Refuse an image whose pixel size would exhaust memory, saying what would fit."""
    pixels = (w_pt / 72 * dpi) * (h_pt / 72 * dpi)
    if pixels > MAX_PIXELS:
        fits = int(dpi * math.sqrt(MAX_PIXELS / pixels))
        raise UsageError(f"--dpi: {what} at {dpi:g} dpi would be a {w_pt / 72 * dpi:,.0f} x {h_pt / 72 * dpi:,.0f} "
                         f"pixel image (at most {MAX_PIXELS // 1_000_000} million pixels): use --dpi {fits} or less")
