"""A drawing surface that paints nothing and hashes every call: the digest of what is drawn.

Each drawing call (its name and arguments: coordinates rounded to 1/1000 pt, colours with their bw
grey and pattern, text with its font and size, the bytes of an image file) is fed into a hash, so
two drawings with the same digest draw the same thing. :mod:`genpnp.commands.facedigest` takes the digests of
faces and pages with it; the renderers use it to tell identical faces apart.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from genpnp.core import fonts

DIGEST_SIZE = 16  # bytes: 32 hex characters


def _num(value: float) -> str:
    return f"{value:.3f}"


def _value(value: Any) -> str:
    """A drawing argument as text: numbers rounded, sequences element by element, anything else by repr
    (colours are frozen dataclasses: their repr holds the channels, grey level and pattern)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return repr(value)
    if isinstance(value, (int, float)):
        return _num(float(value))
    if isinstance(value, (tuple, list)):
        return "(" + ",".join(_value(v) for v in value) + ")"
    return repr(value)


class DigestSurface:
    """The Surface protocol (genpnp.render.surface), hashing each call instead of painting it."""

    def __init__(self, salt: str = "", faces: dict | None = None, forms: dict | None = None) -> None:
        self._hash = hashlib.blake2b(salt.encode("utf-8"), digest_size=DIGEST_SIZE)
        self._faces: dict = {} if faces is None else faces  # face key -> digest, shared by the pages of a document
        self._forms: dict[str, str] = {} if forms is None else forms  # reused drawing key -> digest
        self._images: dict[tuple[str, int, int], str] = {}

    def hexdigest(self) -> str:
        return self._hash.hexdigest()

    def _feed(self, name: str, *args: Any) -> None:
        self._hash.update((name + ":" + ",".join(_value(a) for a in args) + ";").encode("utf-8"))

    # -- state
    def save(self) -> None:
        self._feed("q")

    def restore(self) -> None:
        self._feed("Q")

    def translate(self, x: float, y: float) -> None:
        self._feed("translate", x, y)

    def rotate(self, degrees: float) -> None:
        self._feed("rotate", degrees)

    def scale(self, sx: float, sy: float) -> None:
        self._feed("scale", sx, sy)

    # -- drawing
    def rect(self, x, y, w, h, fill=None, stroke=None, width=0.5, radius=0.0, dash=None) -> None:
        self._feed("rect", x, y, w, h, fill, stroke, width, radius, dash)

    def circle(self, cx, cy, r, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self._feed("circle", cx, cy, r, fill, stroke, width, dash)

    def ellipse(self, x, y, w, h, fill=None, stroke=None, width=0.5) -> None:
        self._feed("ellipse", x, y, w, h, fill, stroke, width)

    def polygon(self, points, fill=None, stroke=None, width=0.5, close=True, dash=None) -> None:
        self._feed("polygon", list(points), fill, stroke, width, close, dash)

    def path(self, commands, fill=None, stroke=None, width=0.5, dash=None) -> None:
        self._feed("path", list(commands), fill, stroke, width, dash)

    def line(self, x1, y1, x2, y2, stroke, width=0.5, dash=None) -> None:
        self._feed("line", x1, y1, x2, y2, stroke, width, dash)

    def text(self, x, y, text, font, size, color, align="left") -> None:
        self._feed("text", x, y, text, font, size, color, align)

    def text_width(self, text: str, font: str, size: float) -> float:
        return fonts.text_width(text, font, size)

    def image(self, path: Path, x: float, y: float, w: float, h: float) -> None:
        self._feed("image", self._file_digest(Path(path)), x, y, w, h)

    def clip_rect(self, x, y, w, h) -> None:
        self._feed("clip_rect", x, y, w, h)

    def clip_path(self, commands: Sequence[tuple]) -> None:
        self._feed("clip_path", list(commands))

    def reuse(self, key: str, w: float, h: float, draw: Callable[[Any], None]) -> None:
        """A reused drawing (a PDF form): hashed once per surface, then fed as its digest at each use."""
        if key not in self._forms:
            inner = DigestSurface(faces=self._faces)
            inner._images = self._images
            draw(inner)
            self._forms[key] = inner.hexdigest()
        self._feed("form", self._forms[key], w, h)

    def record_face(self, key: tuple, draw: Callable[[], None]) -> None:
        """A piece's face (render/faces.py): drawn in place the first time, its digest reused after."""
        if key not in self._faces:
            outer = self._hash
            self._hash = hashlib.blake2b(digest_size=DIGEST_SIZE)
            try:
                draw()
                self._faces[key] = self._hash.hexdigest()
            finally:
                self._hash = outer
        self._feed("face", self._faces[key])

    def _file_digest(self, path: Path) -> str:
        try:
            stat = path.stat()
        except OSError:
            return f"missing {path}"
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        if key not in self._images:
            from genpnp.core.fileaccess import IMAGE_MAX_BYTES as MAX_BYTES
            from genpnp.core.fileaccess import Refused, read

            try:  # through the one door (where the file lies was checked when the game named it)
                data = read(path, None, MAX_BYTES)
            except Refused as exc:
                data = f"unreadable {path}: {exc}".encode()
            self._images[key] = hashlib.blake2b(data, digest_size=DIGEST_SIZE).hexdigest()
        return self._images[key]
