"""Ink modes: how a colour prints in color, bw (grey levels and patterns) and saver (light tints)."""

from __future__ import annotations

from genpnp.core.color import Color

WHITE = Color(1, 1, 1)


def grey_of(color: Color) -> float:
    if color.grey is not None:
        return color.grey
    return round(color.luminance, 3)


def map_fill(color: Color, ink: str) -> tuple[Color, str]:
    """(the colour to print, the bw pattern to lay over it)."""
    if ink == "bw":
        g = grey_of(color)
        return Color(g, g, g, color.name), color.pattern
    if ink == "saver":
        if color.luminance > 0.9:
            return color, ""
        return color.mix(WHITE, 0.72), ""
    return color, ""


def map_stroke(color: Color, ink: str) -> Color:
    if ink == "bw":
        g = min(grey_of(color), 0.6) if color.luminance < 0.95 else 1.0
        return Color(g, g, g)
    return color
