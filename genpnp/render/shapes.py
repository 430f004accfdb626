"""Piece outlines as path commands, shared by renderers and cut marks."""

from __future__ import annotations

import math


def hex_points(cx: float, cy: float, r: float, pointy: bool = True) -> list[tuple[float, float]]:
    start = 90 if pointy else 0
    return [(cx + r * math.cos(math.radians(start + 60 * i)), cy + r * math.sin(math.radians(start + 60 * i)))
            for i in range(6)]


def outline(shape: str, x: float, y: float, w: float, h: float, radius: float = 0.0, grow: float = 0.0) -> list:
    """Path commands of a piece's outline in the box, grown by ``grow`` (bleed)."""
    x, y, w, h = x - grow, y - grow, w + 2 * grow, h + 2 * grow
    if shape == "circle":
        r = min(w, h) / 2
        cx, cy = x + w / 2, y + h / 2
        k = 0.5523 * r
        return [("M", cx + r, cy), ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
                ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy), ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
                ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy), ("Z",)]
    if shape == "hex":
        pointy = h >= w
        r = (h / 2) if pointy else (w / 2)
        pts = hex_points(x + w / 2, y + h / 2, r, pointy)
        return [("M", *pts[0])] + [("L", *p) for p in pts[1:]] + [("Z",)]
    if shape == "rounded" and radius > 0:
        r = min(radius + grow, w / 2, h / 2)
        k = 0.5523 * r
        return [
            ("M", x + r, y), ("L", x + w - r, y), ("C", x + w - r + k, y, x + w, y + r - k, x + w, y + r),
            ("L", x + w, y + h - r), ("C", x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h),
            ("L", x + r, y + h), ("C", x + r - k, y + h, x, y + h - r + k, x, y + h - r),
            ("L", x, y + r), ("C", x, y + r - k, x + r - k, y, x + r, y), ("Z",),
        ]
    return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]


def pair_outline(x: float, y: float, w: float, h: float, hinge: float) -> list:
    """The cut path of a round fold pair in its box (two circles side by side, or one above the
    other): both circles joined by a hinge ``hinge`` wide across the fold, where the pair folds."""
    across = w > h
    r = (h if across else w) / 2
    b = min(hinge / 2, r * 0.9)
    t = math.degrees(math.asin(b / r))
    s = math.sqrt(r * r - b * b)
    if across:  # circles left and right, fold vertical at the middle
        c1, c2, cy = x + r, x + 3 * r, y + h / 2
        return [("M", c1 + s, cy + b), ("L", c2 - s, cy + b), ("A", c2, cy, r, 180 - t, -(360 - 2 * t)),
                ("L", c1 + s, cy - b), ("A", c1, cy, r, -t, -(360 - 2 * t)), ("Z",)]
    cx, c1, c2 = x + w / 2, y + 3 * r, y + r  # circles above and below, fold horizontal
    return [("M", cx + b, c1 - s), ("L", cx + b, c2 + s), ("A", cx, c2, r, 90 - t, -(360 - 2 * t)),
            ("L", cx - b, c1 - s), ("A", cx, c1, r, 270 - t, -(360 - 2 * t)), ("Z",)]
