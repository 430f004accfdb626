"""SVG files read with svglib and flattened into neutral shapes (no reportlab object leaves this module).

:func:`read_svg` parses the file with lxml (strictly, so a broken file is an error, not a blank
picture), refuses what a vector icon cannot hold (text, raster images, embedded foreign content),
lets svglib resolve styles, CSS, ``<use>``, transforms and arcs into a reportlab shape tree, and
walks that tree into :class:`Shape` records: absolute path commands (y up, the viewBox's origin at
the bottom-left), a fill and a stroke as :class:`genpnp.core.color.Color`. ``currentColor`` fills and
strokes are marked so that an element's ``color:`` can recolour them.
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
from pathlib import Path
from typing import Any

from genpnp.core import usercache
from genpnp.core.affine import multiply
from genpnp.core.color import Color
from genpnp.core.records import dataclass

CURRENT = Color(0.0, 0.0, 0.0, "currentColor")
_SENTINEL = "#fe01fd"  # svglib resolves currentColor from the root's `color`; this marks it
UNSUPPORTED = {"text": "text (convert it to paths: Inkscape's Path > Object to Path)",
               "image": "an embedded raster image", "foreignObject": "foreign content",
               "video": "video", "audio": "audio"}
KAPPA = 0.5522847498
MAX_BYTES = 20_000_000  # one SVG file; a larger one is refused by its size, before it is read
MAX_COORD = 1e6  # points: coordinates, sizes and line widths beyond it are refused


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


def read_svg(path: Path, root: Path | None = None) -> SvgIcon:
    """The SVG file as shapes (cached per file and version, so a watcher sees edits); :class:`SvgError`
    when it cannot be drawn or may not be read (``root``: the game folder it must lie in)."""
    try:
        stat = path.stat()
    except OSError as exc:
        raise SvgError(f"cannot read the file ({exc.strerror})") from None
    return _read(path, root, stat.st_mtime_ns, stat.st_size)


def svg_bytes(path: Path, root: Path | None) -> bytes:
    """The file's bytes through the one door (:mod:`genpnp.core.fileaccess`), at most ``MAX_BYTES``."""
    from genpnp.core.fileaccess import Refused, read

    try:
        return read(path, root, MAX_BYTES)
    except Refused as exc:
        raise SvgError(str(exc)) from None


@functools.lru_cache(maxsize=512)
def _read(path: Path, root: Path | None, _mtime: int, _size: int) -> SvgIcon:
    """The file's shapes: from the user cache (:mod:`genpnp.core.usercache`) when this content was read before
    (no svglib, lxml or reportlab.graphics to import: a small job starts fast), else parsed."""
    data = svg_bytes(path, root)
    key = None
    if usercache.enabled():
        key = usercache.key("svg", _CACHE_VERSION, usercache.library("svglib"), usercache.library("reportlab"),
                            hashlib.sha256(data).digest())
        cached = _icon_of(usercache.get(key))
        if cached is not None:
            return cached
    icon = _parse(path, data)
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
        icon = SvgIcon(width, height, tuple(Shape(tuple(c), _color_of(f), _color_of(s), w, eo)
                                            for c, f, s, w, eo in shapes))
        _check_numbers(icon)
    except (ValueError, TypeError):  # SvgError is a ValueError: numbers a conversion never gives
        return None
    return icon


def _parse(path: Path, data: bytes) -> SvgIcon:
    from lxml import etree

    if data[:2] == b"\x1f\x8b":
        raise SvgError("a compressed (gzip, .svgz) file: save it as a plain .svg")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
    try:
        tree = etree.ElementTree(etree.fromstring(data, parser, base_url=None))
    except etree.XMLSyntaxError as exc:
        raise SvgError(f"line {exc.lineno}: not well-formed XML ({exc.msg})") from None
    except ValueError as exc:  # lxml refuses some inputs this way
        raise SvgError(f"not well-formed XML ({exc})") from None
    root = tree.getroot()
    if tree.docinfo.internalDTD is not None and any(True for _ in tree.docinfo.internalDTD.iterentities()):
        raise SvgError("the file declares entities (<!ENTITY>): vector art does not need them, and they are "
                       "never expanded")
    if _local(root.tag) != "svg":
        raise SvgError(f"the root element is <{_local(root.tag)}>, not <svg>")
    for node in root.iter():
        name = _local(node.tag)
        if name in UNSUPPORTED:
            raise SvgError(f"line {node.sourceline}: <{name}> is not supported in vector art: {UNSUPPORTED[name]}")
        _check_references(node)
    root.set("color", _SENTINEL)
    import logging

    from svglib.svglib import SvgRenderer

    logging.getLogger("svglib").setLevel(logging.ERROR)
    try:
        drawing = SvgRenderer(str(path)).render(root)
    except Exception as exc:  # svglib raises many kinds on odd input
        raise SvgError(f"svglib cannot convert it ({type(exc).__name__}: {exc})") from None
    shapes: list[Shape] = []
    try:
        _walk(drawing, (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), shapes)
    except (ArithmeticError, ValueError, TypeError) as exc:
        if isinstance(exc, SvgError):
            raise
        raise SvgError(f"a number in the drawing is out of range ({exc}): check the transforms") from None
    if not shapes:
        raise SvgError("the drawing is empty (no filled or stroked shape)")
    width, height = float(drawing.width), float(drawing.height)
    if not (math.isfinite(width) and math.isfinite(height)):
        raise SvgError("the size or viewBox is not a finite number")
    if width <= 0 or height <= 0:
        raise SvgError("the drawing has no size (set width/height or a viewBox)")
    icon = SvgIcon(width, height, tuple(shapes))
    _check_numbers(icon)
    return icon


_URL = re.compile(r"url\(\s*(['\"]?)([^)'\"]*)\1\s*\)", re.IGNORECASE)


def _check_references(node: Any) -> None:
    """Refuse a reference to anything but a part of this same file: another file (by path, link or
    URL, in an ``href``, a ``url(...)`` of a style or attribute, or a CSS ``@import``) is never read."""
    where = f"line {node.sourceline}: <{_local(node.tag)}>"
    texts = [(k, v) for k, v in node.attrib.items()]
    if _local(node.tag) == "style" and node.text:
        texts.append(("style", node.text))
    for attr, value in texts:
        name = _local(attr)
        if name == "href" and not value.strip().startswith("#"):
            raise SvgError(f"{where} refers to another file or address ({value.strip()[:80]!r}): vector art is "
                           "one self-contained file; only #id references to its own parts are read")
        if "@import" in value.lower():
            raise SvgError(f"{where} imports a style sheet (@import): put the styles in the file itself")
        for match in _URL.finditer(value):
            if not match.group(2).strip().startswith("#"):
                raise SvgError(f"{where}: {name} refers to another file or address ({match.group(2).strip()[:80]!r}):"
                               " only url(#id) references to the file's own parts are read")


def _check_numbers(icon: SvgIcon) -> None:
    """Every coordinate, size and line width finite and within ``MAX_COORD`` points (a page is under
    15,000 points; beyond this a number is a mistake or an attack, and reportlab cannot write it)."""
    if not all(math.isfinite(v) and 0 < v <= MAX_COORD for v in (icon.width, icon.height)):
        raise SvgError(f"the drawing's size is not a finite number of at most {MAX_COORD:g} points")
    for shape in icon.shapes:
        if not (math.isfinite(shape.width) and 0 <= shape.width <= MAX_COORD):
            raise SvgError(f"a line width of {shape.width:g} points is not drawable (at most {MAX_COORD:g})")
        for command in shape.commands:
            for value in command[1:]:
                if not (type(value) in (int, float) and math.isfinite(value) and abs(value) <= MAX_COORD):
                    raise SvgError(f"a coordinate of {value!r} is not drawable (a finite number of at most "
                                   f"{MAX_COORD:g} points in size: check the transforms and the viewBox)")


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
        matrix = multiply(matrix, tuple(transform))
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
