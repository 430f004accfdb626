"""A draft's marks (build --force): what is broken is drawn, marked in red and named in the page's margin.

Text too long for its box is an error; `build --force` still draws it, cut at its box, with a red
frame and corner on the box, and names each such piece in the top margin of its page, so the
designer can see what to fix. The command still fails (exit 1).
"""

from __future__ import annotations

from typing import Any

from genpnp.art.text import RED
from genpnp.core import fonts

NOTE_SIZE = 6.0
MAX_NOTES = 4  # lines in the margin; more are counted


def _overflows(face: Any, w: float, h: float) -> bool:
    for element in getattr(face, "elements", ()):
        layout = getattr(element, "layout", None)
        if layout is not None and layout(w, h)[1] is None:
            return True
    return False


def overflow_notes(sheet: Any) -> list[str]:
    """What is cut on this page: one line per distinct face with text too long for its box (its pieces)."""
    found: dict[tuple, list[int]] = {}
    for placement in sheet.placements:
        piece = placement.piece
        face = getattr(piece, placement.face, None)
        if face is None or not _overflows(face, piece.w, piece.h):
            continue
        fields = getattr(piece, "fields", {}) or {}
        title = next((str(v) for k, v in fields.items() if k in ("title", "name") and str(v).strip()), "")
        key = (placement.component.name, getattr(face, "key", ""), placement.face, title)
        if piece.index not in found.setdefault(key, []):
            found[key].append(piece.index)
    notes = []
    for (component, _, side, title), numbers in found.items():
        named = f' "{title}"' if title else ""
        notes.append(f"{component} {_ranges(sorted(numbers))}{named} ({side}): text too long for its box, drawn cut "
                     "(red)")
    return notes


def _ranges(numbers: list[int]) -> str:
    """[3, 4, 5, 9] -> "#3-5, #9"."""
    parts, start = [], numbers[0]
    for i, prev in enumerate(numbers):
        if i + 1 == len(numbers) or numbers[i + 1] != prev + 1:
            parts.append(f"#{start}" if start == prev else f"#{start}-{prev}")
            if i + 1 < len(numbers):
                start = numbers[i + 1]
    return ", ".join(parts)


def draw_notes(surface: Any, notes: list[str], page_w: float, page_h: float, margin: float) -> None:
    """The notes in red in the page's top margin (a draft is not for printing as it is)."""
    if not notes:
        return
    shown = notes[:MAX_NOTES]
    if len(notes) > MAX_NOTES:
        shown[-1] = f"... and {len(notes) - MAX_NOTES + 1} more pieces with text too long for its box"
    lines = ["DRAFT (build --force): not for printing"] + shown
    size = min(NOTE_SIZE, max(3.0, (margin - 2.0) / (1.15 * len(lines))))
    room = page_w - 2 * margin
    y = page_h - 1.5 - size
    for line in lines:
        width = surface.text_width(line, fonts.DEFAULT, size)
        fitted = size if width <= room else max(size * room / width, 2.5)
        surface.text(margin, y, line, fonts.DEFAULT, fitted, RED, "left")
        y -= size * 1.15
