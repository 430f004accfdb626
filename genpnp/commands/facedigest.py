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

from typing import Any

from genpnp.backends.digest import DigestSurface


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
    from genpnp.commands.export import exportable, face_jobs

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
