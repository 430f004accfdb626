"""SVG files read with svglib and flattened into neutral shapes (no reportlab object leaves this module).

:func:`read_svg` parses the file with lxml (strictly, so a broken file is an error, not a blank
picture), refuses what a vector icon cannot hold (text, raster images, embedded foreign content),
lets svglib resolve styles, CSS, ``<use>``, transforms and arcs into a reportlab shape tree, and
walks that tree into :class:`Shape` records: absolute path commands (y up, the viewBox's origin at
the bottom-left), a fill and a stroke as :class:`genpnp.color.Color`. ``currentColor`` fills and
strokes are marked so that an element's ``color:`` can recolour them.
"""

from __future__ import annotations

import functools
import hashlib
import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from genpnp import usercache
from genpnp.color import Color

CURRENT = Color(0.0, 0.0, 0.0, "currentColor")
_SENTINEL = "#fe01fd"  # svglib resolves currentColor from the root's `color`; this marks it
UNSUPPORTED = {"text": "text (convert it to paths: Inkscape's Path > Object to Path)",
               "image": "an embedded raster image", "foreignObject": "foreign content",
               "video": "video", "audio": "audio"}
KAPPA = 0.5522847498


class SvgError(ValueError):
    """The file cannot be drawn as vector art; the message says why."""


@dataclass(frozen=True)
class Shape:
    commands: tuple[tuple, ...]
    fill: Color | None
    stroke: Color | None
    width: float
    even_odd: bool = False


@dataclass(frozen=True)
class SvgIcon:
    """A flattened SVG: its size in points and its shapes in drawing order."""

    width: float
    height: float
    shapes: tuple[Shape, ...]

    @property
    def uses_current(self) -> bool:
        return any(s.fill is CURRENT or s.stroke is CURRENT for s in self.shapes)


def _local(tag: object) -> str:
    return tag.split("}")[-1] if isinstance(tag, str) else ""


def read_svg(path: Path) -> SvgIcon:
    """The SVG file as shapes (cached per file and version, so a watcher sees edits); :class:`SvgError`
    when it cannot be drawn."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise SvgError(f"cannot read the file ({exc.strerror})") from None
    return _read(path, stat.st_mtime_ns, stat.st_size)


@functools.lru_cache(maxsize=512)
def _read(path: Path, _mtime: int, _size: int) -> SvgIcon:
    """The file's shapes: from the user cache (:mod:`genpnp.usercache`) when this content was read before
    (no svglib, lxml or reportlab.graphics to import: a small job starts fast), else parsed."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise SvgError(f"cannot read the file ({exc.strerror})") from None
    key = None
    if usercache.enabled():
        key = usercache.key("svg", _CACHE_VERSION, usercache.library("svglib"), usercache.library("reportlab"),
                            hashlib.sha256(data).digest())
        cached = _icon_of(usercache.get(key))
        if cached is not None:
            return cached
    icon = _parse(path)
    if key is not None:
        usercache.put(key, _data_of(icon))
    return icon


_CACHE_VERSION = b"svg-shapes-2"  # bump when the conversion changes


def _color_data(c: Color | None) -> Any:
    if c is None:
        return None
    return "current" if c is CURRENT else (c.r, c.g, c.b, c.name, c.grey, c.pattern, c.label)


def _color_of(data: Any) -> Color | None:
    if data is None:
        return None
    if data == "current":
        return CURRENT
    r, g, b, name, grey, pattern, label = data
    return Color(r, g, b, name, grey, pattern, label)


def _data_of(icon: SvgIcon) -> Any:
    """The icon as plain data for the cache."""
    return (icon.width, icon.height, [(s.commands, _color_data(s.fill), _color_data(s.stroke), s.width, s.even_odd)
                                      for s in icon.shapes])


def _icon_of(data: Any) -> SvgIcon | None:
    """The icon from the cache's plain data; None when it is not data this module wrote."""
    if data is None:
        return None
    try:
        width, height, shapes = data
        return SvgIcon(width, height, tuple(Shape(tuple(c), _color_of(f), _color_of(s), w, eo)
                                            for c, f, s, w, eo in shapes))
    except (ValueError, TypeError):
        return None


def _parse(path: Path) -> SvgIcon:
    from lxml import etree

    try:
        root = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True)).getroot()
    except OSError as exc:
        raise SvgError(f"cannot read the file ({exc})") from None
    except etree.XMLSyntaxError as exc:
        raise SvgError(f"not well-formed XML ({exc.msg}, line {exc.lineno})") from None
    if _local(root.tag) != "svg":
        raise SvgError(f"the root element is <{_local(root.tag)}>, not <svg>")
    for node in root.iter():
        name = _local(node.tag)
        if name in UNSUPPORTED:
            raise SvgError(f"line {node.sourceline}: <{name}> is not supported in vector art: {UNSUPPORTED[name]}")
    root.set("color", _SENTINEL)
    import logging

    from svglib.svglib import SvgRenderer

    logging.getLogger("svglib").setLevel(logging.ERROR)
    try:
        drawing = SvgRenderer(str(path)).render(root)
    except Exception as exc:  # svglib raises many kinds on odd input
        raise SvgError(f"svglib cannot convert it ({type(exc).__name__}: {exc})") from None
    shapes: list[Shape] = []
    _walk(drawing, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), shapes)
    if not shapes:
        raise SvgError("the drawing is empty (no filled or stroked shape)")
    if drawing.width <= 0 or drawing.height <= 0:
        raise SvgError("the drawing has no size (set width/height or a viewBox)")
    return SvgIcon(float(drawing.width), float(drawing.height), tuple(shapes))


def _mul(a: tuple, b: tuple) -> tuple:
    """Affine a·b (apply b first, then a), reportlab's 6-tuples."""
    a0, a1, a2, a3, a4, a5 = a
    b0, b1, b2, b3, b4, b5 = b
    return (a0 * b0 + a2 * b1, a1 * b0 + a3 * b1, a0 * b2 + a2 * b3, a1 * b2 + a3 * b3,
            a0 * b4 + a2 * b5 + a4, a1 * b4 + a3 * b5 + a5)


def _color(value: Any) -> Color | None:
    if value is None:
        return None
    if hasattr(value, "hexval") and value.hexval().lower() == "0x" + _SENTINEL[1:]:
        return CURRENT
    alpha = getattr(value, "alpha", 1)
    if alpha is not None and alpha <= 0:
        return None
    return Color(round(value.red, 4), round(value.green, 4), round(value.blue, 4))


def _ellipse(cx: float, cy: float, rx: float, ry: float) -> list[tuple]:
    k, m = KAPPA * rx, KAPPA * ry
    return [("M", cx + rx, cy), ("C", cx + rx, cy + m, cx + k, cy + ry, cx, cy + ry),
            ("C", cx - k, cy + ry, cx - rx, cy + m, cx - rx, cy), ("C", cx - rx, cy - m, cx - k, cy - ry, cx, cy - ry),
            ("C", cx + k, cy - ry, cx + rx, cy - m, cx + rx, cy), ("Z",)]


def _rect(node) -> list[tuple]:
    x, y, w, h = node.x, node.y, node.width, node.height
    rx, ry = min(node.rx or 0, w / 2), min(node.ry or node.rx or 0, h / 2)
    if not rx or not ry:
        return [("M", x, y), ("L", x + w, y), ("L", x + w, y + h), ("L", x, y + h), ("Z",)]
    k, m = KAPPA * rx, KAPPA * ry
    return [("M", x + rx, y), ("L", x + w - rx, y), ("C", x + w - rx + k, y, x + w, y + ry - m, x + w, y + ry),
            ("L", x + w, y + h - ry), ("C", x + w, y + h - ry + m, x + w - rx + k, y + h, x + w - rx, y + h),
            ("L", x + rx, y + h), ("C", x + rx - k, y + h, x, y + h - ry + m, x, y + h - ry),
            ("L", x, y + ry), ("C", x, y + ry - m, x + rx - k, y, x + rx, y), ("Z",)]


def _points(flat: list, close: bool) -> list[tuple]:
    pts = list(zip(flat[0::2], flat[1::2]))
    if not pts:
        return []
    out: list[tuple] = [("M", *pts[0])] + [("L", *p) for p in pts[1:]]
    return out + [("Z",)] if close else out


def _path(node) -> list[tuple]:
    pts, i = node.points, 0
    out: list[tuple] = []
    for op in node.operators:
        if op == 0:
            out.append(("M", pts[i], pts[i + 1]))
            i += 2
        elif op == 1:
            out.append(("L", pts[i], pts[i + 1]))
            i += 2
        elif op == 2:
            out.append(("C", *pts[i:i + 6]))
            i += 6
        elif op == 3:
            out.append(("Z",))
    return out


def _commands(node) -> list[tuple] | None:
    kind = type(node).__name__
    if kind in ("Path", "NoStrokePath"):
        return _path(node)
    if kind == "Rect":
        return _rect(node)
    if kind == "Circle":
        return _ellipse(node.cx, node.cy, node.r, node.r)
    if kind == "Ellipse":
        return _ellipse(node.cx, node.cy, node.rx, node.ry)
    if kind in ("Polygon", "PolyLine"):
        return _points(node.points, kind == "Polygon")
    if kind == "Line":
        return [("M", node.x1, node.y1), ("L", node.x2, node.y2)]
    return None


def _apply(cmds: list[tuple], m: tuple) -> tuple[tuple, ...]:
    a, b, c, d, e, f = m
    out = []
    for cmd in cmds:
        nums = cmd[1:]
        pts = []
        for j in range(0, len(nums), 2):
            x, y = nums[j], nums[j + 1]
            pts += [round(a * x + c * y + e, 4), round(b * x + d * y + f, 4)]
        out.append((cmd[0], *pts))
    return tuple(out)


def _walk(node, matrix: tuple, out: list[Shape]) -> None:
    transform = getattr(node, "transform", None)
    if transform is not None:
        matrix = _mul(matrix, tuple(transform))
    contents = getattr(node, "contents", None)
    if contents is not None:
        for child in contents:
            _walk(child, matrix, out)
        return
    kind = type(node).__name__
    if kind == "ClippingPath" or getattr(node, "isClipPath", False):
        raise SvgError("clip paths are not supported in vector art (release the clip in your editor)")
    if kind == "String":
        raise SvgError("text is not supported in vector art (convert it to paths)")
    if kind == "Image":
        raise SvgError("an embedded raster image is not supported in vector art")
    cmds = _commands(node)
    if not cmds:
        return
    fill = None if kind in ("Line", "PolyLine") else _color(getattr(node, "fillColor", None))
    stroke = _color(getattr(node, "strokeColor", None)) if getattr(node, "strokeWidth", 0) else None
    if fill is None and stroke is None:
        return
    scale = math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
    width = round(float(getattr(node, "strokeWidth", 0) or 0) * scale, 4)
    even_odd = getattr(node, "fillMode", 1) == 0
    out.append(Shape(_apply(cmds, matrix), fill, stroke, width, even_odd))
