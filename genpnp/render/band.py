"""Drawing a title band (genpnp/model/band.py) across the top of a board's face."""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.units import MM


def band_font(band: Any, default: str = "") -> str:
    return band.font or default or fonts.BOLD


def draw_band(surface: Any, band: Any, title: str, w: float, h: float, bleed: float = 0.0, title_font: str = "",
              note_font: str = "") -> None:
    """The band's strip from ``h - band.height`` to the top (its colour runs into the bleed on three
    sides), the title fitted to it (in ``band.font``, else ``title_font``: the board's heading font), the
    note at the other end (in ``note_font``: the board's text font)."""
    top = h - band.height
    surface.rect(-bleed, top, w + 2 * bleed, band.height + bleed, fill=band.fill)
    text = band.text or title
    font = band_font(band, title_font)
    note_font = note_font or fonts.DEFAULT
    pad = min(4 * MM, band.height * 0.4)
    note_size = min(band.height * 0.3, 9.0)
    note_w = surface.text_width(band.note, note_font, note_size) + pad if band.note else 0.0
    room = w - 2 * pad - (2 * note_w if band.align == "center" else note_w)
    size = min(band.height * 0.55, band.size or band.height)
    width = surface.text_width(text, font, size)
    if width > room > 0:
        size *= room / width
    base = top + (band.height - size * 0.7) / 2
    if band.align == "center":
        surface.text(w / 2, base, text, font, size, band.color, "center")
    else:
        surface.text(pad, base, text, font, size, band.color, "left")
    if band.note:
        surface.text(w - pad, top + (band.height - note_size * 0.7) / 2, band.note, note_font, note_size,
                     band.color, "right")
