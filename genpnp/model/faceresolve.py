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
from genpnp.content.yamlload import LList, LMap
from genpnp.core.errors import Loc, Problem
from genpnp.model.face import Face, ResolvedFace
from genpnp.model.facelogic import ByValue, apply_by, by_fields, read_logic, text_of, unmatched
from genpnp.model.item import Item


class FaceResolver:
    """Turns face templates + item fields into ResolvedFaces, once per distinct result."""

    def __init__(self, component: str, faces: dict[str, Face], ctx: Ctx, w: float, h: float):
        self.component, self.faces, self.ctx, self.w, self.h = component, faces, ctx, w, h
        self.cache: dict[tuple, Any] = {}
        # each element's when/unless and by mappings, read (and their mistakes reported) once per template
        self.logic: dict[str, list[Any]] = {
            name: [read_logic(v, f.draw.loc_of(i) if isinstance(f.draw, LList) else f.loc, ctx)
                   for i, v in enumerate(f.draw)] if isinstance(f.draw, list) else [] for name, f in faces.items()}
        self.static = {name: not uses_fields(f.draw) and not any(
            lg is INVALID or lg.fields() for lg in self.logic[name])
            and not isinstance(f.fill, ByValue) and not isinstance(f.stroke, ByValue) for name, f in faces.items()}
        # per element of each face: the fields it uses (an element made of the same values is the same element)
        self.element_names = {name: [tuple(sorted(field_names(v) | by_fields(v))) for v in f.draw]
                              if isinstance(f.draw, list) else [] for name, f in faces.items()}
        # per element: every field it needs ({field}s, when/unless, by), the item must have them all
        self.needed = {name: [frozenset(names) | (lg.fields() if lg is not INVALID else frozenset())
                              for names, lg in zip(self.element_names[name], self.logic[name])]
                       for name in faces}
        self.has_by = {name: [bool(by_fields(v)) for v in f.draw] if isinstance(f.draw, list) else []
                       for name, f in faces.items()}
        self.elements: dict[tuple, Any] = {}  # (face, index, its field values) -> element read without a problem
        self.reported: set[tuple[Loc, str]] = set()  # missing fields, reported once per place, not per item
        self.bad_cells: set[Loc] = set()  # cells whose style tags are wrong (reported once each)

    def resolve(self, face_name: str, item: Item, loc: Loc) -> Any:
        face = self.faces.get(face_name)
        if face is None:
            from genpnp.core.errors import did_you_mean

            return self.ctx.error(loc, f'no face "{face_name}"{did_you_mean(face_name, self.faces)}')
        fields = tuple(sorted((k, type(v).__name__, v) for k, v in item.fields.items()))  # 1, 1.0, True differ
        key: tuple = (face_name,) if self.static[face_name] else (face_name, fields)
        if key in self.cache:
            return self.cache[key]
        raw = face.draw
        elements = []
        bad = False
        for i, value in enumerate(raw):
            el_loc = raw.loc_of(i) if isinstance(raw, LList) else loc
            logic = self.logic[face_name][i]
            if logic is INVALID:
                bad = True
                continue
            if not self.needed[face_name][i] <= item.fields.keys():
                # the missing fields (once per place), and still every other element's problems: one run
                substitute(value, item.fields, el_loc, self.ctx, set(), item.loc, self.reported)
                self._missing_logic_fields(logic, item, el_loc)
                bad = True
                continue
            if logic.tests and not logic.shown(item.fields):
                continue  # not on this item (when/unless)
            element = self._element(face_name, i, logic.element, el_loc, item)
            if element is INVALID:
                bad = True
            else:
                elements.append(element)  # every element's problems are reported, not the first's only
        fill, stroke = (v.pick(item.fields, item.cells, item.loc, self.ctx, self.reported)
                        if isinstance(v, ByValue) else v for v in (face.fill, face.stroke))
        if bad or fill is INVALID or stroke is INVALID:
            self.cache[key] = INVALID
            return INVALID
        suffix = "" if self.static[face_name] else "-" + str(len(self.cache))
        resolved = ResolvedFace(
            f"{self.component}/{face_name}{suffix}", fill, stroke, face.stroke_width, tuple(elements),
            face_name,
        )
        self.cache[key] = resolved
        return resolved

    def _element(self, face_name: str, index: int, template: Any, loc: Loc, item: Item) -> Any:
        """One element of a face filled in from the item, read and checked; an element whose fields have
        the same values as in an earlier item, and that was read without any problem, is that element
        (a deck's suit symbol is read once per suit, not once per card)."""
        names = self.element_names[face_name][index] if self.element_names[face_name] else ()
        try:
            key: tuple | None = (face_name, index, tuple((n, type(item.fields[n]), item.fields[n]) for n in names))
            hash(key)
        except (KeyError, TypeError):
            key = None
        if key is not None and key in self.elements:
            return self.elements[key]
        value = template
        if names and self._bad_markup(names, item):
            return INVALID
        if names:
            if self.has_by[face_name][index]:
                value = apply_by(template, item.fields, loc, self.ctx, item.cells, item.loc, self.reported)
                if value is INVALID:
                    return INVALID
            value = substitute(value, item.fields, loc, self.ctx, set(), item.loc, self.reported)
        before = len(self.ctx.problems.items)
        element = ELEMENT.parse(value, loc, self.ctx)
        checked = len(self.ctx.problems.items)
        if element is not INVALID:
            element.check(self.w, self.h, self.ctx)
            self._check_text(element, loc)
        if not self.static[face_name] and len(self.ctx.problems.items) > before:
            # a problem of a value read from the item (an icon a CSV cell names) is at that cell; a problem
            # found checking the element against the item (text too long) is at the item
            filled: dict[Loc, list[str]] = {}  # where a {field} is written in the template -> its fields
            if names:
                _filled_locs(template, loc, filled)
            self._name_item(before, checked, face_name, item, filled)
        if element is INVALID:
            return INVALID
        if key is not None and len(self.ctx.problems.items) == before:
            self.elements[key] = element
        return element

    def _bad_markup(self, names: tuple, item: Item) -> bool:
        """A style tag that is wrong in a field's value: an error at the field's cell (CSV row and column)."""
        from genpnp.art.richtext import markup_problems

        bad = False
        for name in names:
            value = item.fields.get(name)
            if not isinstance(value, str):
                continue
            problems = markup_problems(value, self.ctx)
            cell = item.cells.get(name, item.loc)
            if problems and cell not in self.bad_cells:
                self.bad_cells.add(cell)
                known = {(p.loc, p.message) for p in self.ctx.problems.items}
                for _, message in problems:
                    message = f'{message} (in the field "{name}")'
                    if (cell, message) not in known:  # another face showing the same field
                        self.ctx.error(cell, message)
            bad = bad or bool(problems)
        return bad

    def _missing_logic_fields(self, logic: Any, item: Item, loc: Loc) -> None:
        """A field a condition or a by mapping names that the item does not have: at the item, once per place."""
        from genpnp.core.errors import did_you_mean

        for name in sorted(logic.fields() - item.fields.keys()):
            where = next((t.loc for t in logic.tests if t.field == name), loc)
            if (where, name) in self.reported:
                continue
            self.reported.add((where, name))
            self.ctx.error(item.loc, f'no field "{name}" on this item, which {where} uses'
                                     f"{did_you_mean(name, item.fields)}")

    def check_values(self, items: Any) -> None:
        """After every item: a value a condition names that no item has is a warning (a misspelt value)."""
        seen: dict[str, set[str]] = {}
        for item in items:
            for k, v in item.fields.items():
                seen.setdefault(k, set()).add(text_of(v))
        tests = [t for logics in self.logic.values() for lg in logics if lg is not INVALID for t in lg.tests]
        if seen:
            unmatched(tests, seen, self.ctx)

    def _name_item(self, before: int, checked: int, face_name: str, item: Item,
                   filled: dict[Loc, list[str]]) -> None:
        """Problems of a face filled from an item are the item's: at its row (or the cell the value came
        from), naming the template's line."""
        items = self.ctx.problems.items
        for n in range(before, len(items)):
            p = items[n]
            if p.severity != "error":  # a warning stays at the template, once, not once per item
                continue
            fields = filled.get(p.loc, [])
            if n < checked and not fields:
                continue  # a mistake of the template itself (a misspelt key): once, at the template
            if not fields:  # found checking the element: at the cell when one field made it ("{text}")
                made_of = sorted({f for names in filled.values() for f in names})
                fields = made_of if len(made_of) == 1 else []
            where = next((item.cells[f] for f in fields if f in item.cells), item.loc)
            title = next((str(v) for k, v in item.fields.items() if k in ("title", "name")), "")
            named = f" {quoted(title)}" if title else ""
            items[n] = Problem(where, f"{p.message} (the item{named}, on the face \"{face_name}\" at {p.loc})",
                               p.severity, p.drawable)

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


def _filled_locs(template: Any, loc: Loc, out: dict[Loc, list[str]]) -> None:
    """Where the template's values with ``{field}``s are written, and the fields each names."""
    if isinstance(template, str):
        names = sorted(field_names(template))
        if names:
            out.setdefault(loc, []).extend(names)
    elif isinstance(template, dict):
        for k, v in template.items():
            _filled_locs(v, template.loc_of(k) if isinstance(template, LMap) else loc, out)
    elif isinstance(template, list):
        for i, v in enumerate(template):
            _filled_locs(v, template.loc_of(i) if isinstance(template, LList) else loc, out)
