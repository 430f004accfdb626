"""Inline styles in text: ``[red]fire[/]``, ``[size=8pt]``, ``[font=title]``, ``[u]``, ``[s]``, ``[sup]``,
``[sub]``, beside ``**bold**``, ``*italic*`` and ``{icon:name}``.

A tag is a lowercase word in square brackets; ``[/]`` closes the innermost open tag and ``[/name]`` closes
it by name; ``\\[`` is a literal bracket. Square brackets around anything else (``[A]``, ``[2]``,
``[see rules]``) are text. An unknown tag, a tag closed out of order or never closed is a problem at its
place in the text (its offset, turned into a line or a CSV cell by the caller).
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from genpnp.content.markdown import runs
from genpnp.core.errors import did_you_mean
from genpnp.core.records import dataclass

FIELD = re.compile(r"\{[^{}]*\}")
TAG = re.compile(r"\\\[|\[(/?)([a-z][a-z0-9_-]*)?(?:=([^\]\s]+))?\]")
TAGS = ("color", "colour", "size", "font", "u", "s", "sup", "sub")
SCRIPT = 0.7  # a superscript's or subscript's size, in the text's size
RISE = {"sup": 0.33, "sub": -0.15}  # its baseline shift, in the text's size


@dataclass(frozen=True)
class Style:
    """What tags change of a run of text; the defaults leave the element's own."""

    color: Any = None  # a Color, or None for the element's colour
    scale: float = 1.0  # size, relative to the element's
    pt: float = 0.0  # an absolute size in points (shrunk with the box), 0 for none
    font: str = ""  # a font named by [font=...], "" for the element's
    underline: bool = False
    strike: bool = False
    rise: float = 0.0  # baseline shift, in sizes


PLAIN = Style()
Segment = tuple[str, str, Style]  # (text, "", "b", "i" or "bi", style)


def has_tags(text: str) -> bool:
    return "[" in text and TAG.search(text) is not None


class Resolver:
    """Turns a tag's value into what it means; each method raises ValueError with the reason."""

    palette: tuple[str, ...] = ()  # colour names offered first in did-you-mean

    def color(self, name: str) -> Any:
        raise ValueError("colours are not known here")

    def font(self, name: str) -> str:
        raise ValueError("fonts are not known here")

    def size(self, value: str) -> tuple[float, float]:
        """(scale, pt): ``120%`` -> (1.2, 0); ``8pt`` -> (1, 8)."""
        from genpnp.core.units import parse_length

        if value.endswith("%"):
            try:
                pct = float(value[:-1])
            except ValueError:
                pct = float("nan")
            if not 10 <= pct <= 1000:
                raise ValueError("a percentage between 10% and 1000%")
            return pct / 100, 0.0
        try:
            pt = parse_length(value)
        except ValueError:
            pt = float("nan")
        if not 1 <= pt <= 400:
            raise ValueError("a size is a length from 1pt to 400pt (8pt, 3mm) or a percentage such as 120%")
        return 1.0, pt


def parse(text: str, resolve: Resolver) -> tuple[list[Segment], list[tuple[int, str]]]:
    """The text's segments and its problems as (offset, message)."""
    segments: list[Segment] = []
    problems: list[tuple[int, str]] = []
    stack: list[tuple[str, Style, int]] = []  # (tag, the style before it, where it was opened)
    style = PLAIN
    offset = 0
    for run, emphasis in runs(text):
        start = text.find(run, offset) if run else offset
        offset = max(offset, start + len(run))
        pos = 0
        fields = [(f.start(), f.end()) for f in FIELD.finditer(run)]  # {field}, {piece:tiles[random=true]}
        for m in TAG.finditer(run):
            if any(a < m.start() and m.end() <= b for a, b in fields):
                continue  # brackets inside a {...} belong to it, not to a style tag
            if m.start() > pos:
                segments.append((run[pos:m.start()], emphasis, style))
            pos = m.end()
            where = start + m.start()
            if m.group(0) == "\\[":
                segments.append(("[", emphasis, style))
                continue
            slash, name, value = m.group(1), m.group(2) or "", m.group(3)
            if slash:
                if value is not None:
                    problems.append((where, f'"{m.group(0)}": a closing tag takes no value; write [/]'))
                elif not stack:
                    problems.append((where, f'"{m.group(0)}" closes nothing: no tag is open here'))
                elif name and name != stack[-1][0]:
                    problems.append((where, f'"{m.group(0)}" closes [{name}] while [{stack[-1][0]}] is still open: '
                                     "close tags innermost first, or write [/]"
                                     if any(t == name for t, _, _ in stack) else
                                     f'"{m.group(0)}": no [{name}] is open here'))
                    while any(t == name for t, _, _ in stack):  # close it and what it holds: one message
                        closed, style, _ = stack.pop()
                        if closed == name:
                            break
                else:
                    _, style, _ = stack.pop()
                continue
            if not name:
                problems.append((where, f'"{m.group(0)}" is not a tag'))
                continue
            try:
                new = _apply(style, name, value, resolve)
            except ValueError as exc:
                problems.append((where, f'"{m.group(0)}": {exc}'))
                new = style  # still open: its [/] closes it without a second message
            stack.append((name, style, where))
            style = new
        if pos < len(run):
            segments.append((run[pos:], emphasis, style))
    for name, _, where in stack:
        problems.append((where, f'"[{name}]" is never closed: add [/] where it ends'))
    return [s for s in segments if s[0]], problems


def _apply(style: Style, name: str, value: str | None, resolve: Resolver) -> Style:
    """The style after the tag; ValueError saying what is wrong with it."""
    flags = {"u": "underline", "s": "strike"}
    if name in flags or name in RISE:
        if value is not None:
            raise ValueError(f"[{name}] takes no value")
        if name in flags:
            return dataclasses.replace(style, underline=True) if name == "u" else \
                dataclasses.replace(style, strike=True)
        return dataclasses.replace(style, scale=style.scale * SCRIPT, pt=style.pt * SCRIPT,
                                   rise=style.rise + RISE[name] * (style.scale if not style.pt else 1.0))
    if name in ("color", "colour", "size", "font"):
        if value is None:
            raise ValueError(f"write [{name}=...]")
        if name == "size":
            scale, pt = resolve.size(value)
            return dataclasses.replace(style, scale=style.scale * scale if not pt else 1.0, pt=pt or style.pt * scale)
        if name == "font":
            return dataclasses.replace(style, font=resolve.font(value))
        return dataclasses.replace(style, color=resolve.color(value))
    if value is not None:
        raise ValueError(f'unknown tag "{name}"{did_you_mean(name, TAGS)}')
    try:
        return dataclasses.replace(style, color=resolve.color(name))
    except ValueError:
        raise ValueError("unknown tag: neither a style (u, s, sup, sub, color=, size=, font=) nor a "
                         f'colour{did_you_mean(name, list(resolve.palette) + list(TAGS))}') from None
