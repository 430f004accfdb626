"""Faces filled in from items: templates resolved once per distinct result, and checked.

Problems of a face made from an item (text too long, a glyph missing) are reported at the
item (its CSV row or YAML entry), naming the face template's line; text that needs a shaping
engine is a warning naming the text and its font.
"""

from __future__ import annotations

from typing import Any

from genpnp.art.base import ELEMENT, field_names, substitute, uses_fields
from genpnp.content.schema import INVALID, Ctx
from genpnp.content.scripts import quoted, shaping_need
from genpnp.content.yamlload import LList
from genpnp.errors import Loc, Problem
from genpnp.model.base import Face, Item, ResolvedFace


class FaceResolver:
    """Turns face templates + item fields into ResolvedFaces, once per distinct result."""

    def __init__(self, component: str, faces: dict[str, Face], ctx: Ctx, w: float, h: float):
        self.component, self.faces, self.ctx, self.w, self.h = component, faces, ctx, w, h
        self.cache: dict[tuple, Any] = {}
        self.static = {name: not uses_fields(f.draw) for name, f in faces.items()}
        self.names = {name: field_names(f.draw) for name, f in faces.items()}
        self.reported: set[tuple[Loc, str]] = set()  # missing fields, reported once per place, not per item

    def resolve(self, face_name: str, item: Item, loc: Loc) -> Any:
        face = self.faces.get(face_name)
        if face is None:
            from genpnp.errors import did_you_mean

            return self.ctx.error(loc, f'no face "{face_name}"{did_you_mean(face_name, self.faces)}')
        key: tuple = (face_name,) if self.static[face_name] else (face_name, tuple(sorted(item.fields.items())))
        if key in self.cache:
            return self.cache[key]
        used: set[str] = set()
        raw = face.draw
        if not self.static[face_name]:
            raw = substitute(face.draw, item.fields, getattr(face.draw, "loc", loc), self.ctx, used, item.loc,
                             self.reported)
            if not self.names[face_name] <= item.fields.keys():  # reported by substitute (once per place)
                self.cache[key] = INVALID
                return INVALID
        elements = []
        for i, value in enumerate(raw):
            el_loc = raw.loc_of(i) if isinstance(raw, LList) else loc
            element = ELEMENT.parse(value, el_loc, self.ctx)
            if element is INVALID:
                continue  # every element's problems are reported, not the first's only
            before = len(self.ctx.problems.items)
            element.check(self.w, self.h, self.ctx)
            self._check_text(element, el_loc)
            if not self.static[face_name]:
                self._name_item(before, face_name, item)
            elements.append(element)
        if len(elements) < len(raw):
            self.cache[key] = INVALID
            return INVALID
        suffix = "" if self.static[face_name] else "-" + str(len(self.cache))
        resolved = ResolvedFace(
            f"{self.component}/{face_name}{suffix}", face.fill, face.stroke, face.stroke_width, tuple(elements),
            face_name,
        )
        self.cache[key] = resolved
        return resolved

    def _name_item(self, before: int, face_name: str, item: Item) -> None:
        """Problems of a face filled from an item are the item's: at its row, naming the template's line."""
        items = self.ctx.problems.items
        for n in range(before, len(items)):
            p = items[n]
            if p.severity != "error":  # a warning stays at the template, once, not once per item
                continue
            title = next((str(v) for k, v in item.fields.items() if k in ("title", "name")), "")
            named = f" {quoted(title)}" if title else ""
            items[n] = Problem(item.loc, f"{p.message} (the item{named}, on the face \"{face_name}\" at {p.loc})",
                               p.severity)

    def _check_text(self, element: Any, loc: Loc) -> None:
        """Warn about text the engine cannot draw right (right-to-left, complex scripts, emoji sequences)."""
        text, font = getattr(element, "text", None), getattr(element, "font", None)
        if not isinstance(text, str) or not isinstance(font, str):
            return
        need = shaping_need(text)
        if need and (loc, text) not in self.reported:
            self.reported.add((loc, text))
            self.ctx.warn(loc, f'{need} in {quoted(text)} is drawn letter by letter, left to right, in the font '
                               f'"{font}": it will print wrong')
