"""Digests of what is drawn: a face of a piece, or a whole page, as a short hex string.

A digest is taken by drawing with the same renderers as the PDF on a ``DigestSurface``, a surface
that paints nothing and feeds every drawing call (its name and arguments: coordinates rounded to
1/1000 pt, colours with their bw grey and pattern, text with its font and size, the bytes of an
image file) into a hash. Two faces with the same digest draw the same thing, so an edit that
draws nothing different (a comment, a reordered key, an unused field) changes no digest, and
whatever shows or prints a face (`genpnp serve`'s preview, a reprint of only what changed) can
keep its earlier output for every face whose digest is unchanged.

    digest = face_digest(component, piece, "front", bleed=0.0, salt="color 100dpi")
    digests = face_digests(game)       # {(component, item, face): digest} for every item of a game
    digests = page_digests(doc)        # one per page of an imposed Document, in order

``salt`` is mixed in first: whatever else decides the output (the ink mode, a resolution).
A face is drawn once per digest surface (``record_face``, as the PDF draws it once as a form),
so the page digests of a document cost one drawing of each face.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from genpnp import fonts

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
            from genpnp.art.image import MAX_BYTES
            from genpnp.fileaccess import Refused, read

            try:  # through the one door (where the file lies was checked when the game named it)
                data = read(path, None, MAX_BYTES)
            except Refused as exc:
                data = f"unreadable {path}: {exc}".encode()
            self._images[key] = hashlib.blake2b(data, digest_size=DIGEST_SIZE).hexdigest()
        return self._images[key]


def face_digest(component: Any, piece: Any, face: str, bleed: float = 0.0, salt: str = "",
                forms: dict | None = None) -> str:
    """The digest of one face of a piece as it is drawn on its own: trimmed to its outline and grown by
    ``bleed`` points, as ``genpnp export`` and a sheet draw it. ``forms``: the digests of reused drawings
    (icons, faces) by key, shared by the calls for one game so that each is hashed once."""
    from genpnp.impose.sheet import Box, Placement
    from genpnp.render.faces import draw_placement

    surface = DigestSurface(f"{salt}|{piece.w:.3f}x{piece.h:.3f}|{bleed:.3f}", forms=forms)
    draw_placement(surface, Placement(component, piece, face, Box(bleed, bleed, piece.w, piece.h), 0, bleed))
    return surface.hexdigest()


def face_digests(game: Any, bleed: float = 0.0, salt: str = "") -> dict[tuple[str, int, str], str]:
    """Every face of every item of the game's pieces, as ``{(component, item, face): digest}``; items are
    numbered from 1 in order as ``genpnp export`` numbers them (identical pieces in a row are one item)."""
    from genpnp.export import exportable, face_jobs

    forms: dict[str, str] = {}
    return {(job.component.name, job.item, job.face): face_digest(job.component, job.piece, job.face, bleed, salt,
                                                                  forms)
            for comp in exportable(game) for job in face_jobs(comp)}


def page_digests(doc: Any, salt: str = "") -> list[str]:
    """The digest of every page of an imposed document (``impose_game``), in order: a page's size,
    its number and total (drawn in its footer) and everything drawn on it."""
    from genpnp.render.sheet import draw_sheet

    paper = (doc.options.paper.w, doc.options.paper.h)
    total = len(doc.sheets)
    faces: dict = {}
    out = []
    for index in range(total):
        w, h = doc.sheets.page_size(index, paper)
        surface = DigestSurface(f"{salt}|{w:.3f}x{h:.3f}|{doc.options.ink}", faces)
        draw_sheet(surface, doc, doc.sheets[index], index + 1, total)
        out.append(surface.hexdigest())
    return out
