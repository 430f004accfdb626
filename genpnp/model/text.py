"""Text documents (rules booklets, player aids): Markdown typeset over full pages."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any, ClassVar

from genpnp.art import richtext
from genpnp.art.text import FONT
from genpnp.content import markdown
from genpnp.content.schema import INVALID, Ctx, Int, LangPath, Length, Prose, fld
from genpnp.core import fonts
from genpnp.core.errors import ContentError, Loc
from genpnp.core.records import dataclass
from genpnp.model.base import Component, kind


@kind("text")
@dataclass(frozen=True, kw_only=True)
class TextDoc(Component):
    """Pages of text from a Markdown file (or inline text), in one or two columns."""

    layout: ClassVar[str] = "flow"
    source: Any = fld(LangPath((".md", ".txt")), None, "Markdown file, relative to the game folder "
                              "(`rules.de.md` beside it in German)", "text/rules.md")
    text: str = fld(Prose(), "", "inline Markdown, instead of a file")
    columns: int = fld(Int(1, 3), 1, "text columns per page")
    size: float = fld(Length(5.0, 24.0), 10.0, "body text size", "10pt")
    font: str = fld(FONT, fonts.DEFAULT, "body font (a built-in font or one of the game's fonts)")
    blocks: tuple = ()
    source_name: str = ""
    body: str = ""  # the Markdown as written; its {values} are filled in once the game is loaded
    names: Any = None  # what style tags name (palette colours, fonts) and the game's styles: a richtext.TextLook

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        look = richtext.TextLook(ctx)
        if "font" not in data and look.body_font:
            values["font"] = look.body_font
        if "size" not in data and look.body_size:
            values["size"] = look.body_size
        obj = cls(**values)
        if obj.source is None and not obj.text:
            return ctx.error(loc, 'a text component needs "source" (a Markdown file) or "text"')
        if obj.source is not None:
            try:
                body = markdown.read_source(obj.source, _shown(obj.source, ctx), ctx.root)
            except ContentError as exc:
                ctx.problems.extend(exc.problems)
                return INVALID
            name = _shown(obj.source, ctx)
        else:
            body, name = obj.text, loc.file
        blocks, problems = markdown.parse(body, name)
        ctx.problems.extend(problems)
        for block in blocks:
            font: str = obj.font
            box_font = look.boxes[block.kind].font if block.kind in look.boxes else None
            if block.kind == "heading" and look.heading_font:
                font = look.heading_font
            elif box_font:
                font = box_font
            missing = fonts.missing_glyphs(block.text + "".join("".join(r) for r in block.rows), font)
            if missing:
                ctx.error(Loc(name, block.line, 1), f'the font "{fonts.shown_name(font)}" has no glyph for '
                          f'{missing!r}')
            styles = {st for _, st in markdown.runs(block.text)}
            if block.kind == "table" or (block.kind == "heading" and look.heading_font is None):
                styles.add("b")
            for style in sorted(st for st in styles if st and not fonts.has_style(obj.font, st)):
                ctx.error(Loc(name, block.line, 1), f'the font "{fonts.shown_name(obj.font)}" has no '
                          f'{fonts.STYLE_NAMES[style]} face, which this {block.kind} uses: add it to the font\'s '
                          "entry in game.yaml's fonts")
        check_markup(body, blocks, name, ctx)
        if not blocks:
            ctx.warn(loc, "the text is empty")
        if any(p.severity == "error" for p in ctx.problems.items if p.loc.file == name):
            return INVALID
        return replace(obj, blocks=tuple(blocks), source_name=name, body=body, names=look)


_VALUE = re.compile(r"\{[^{}\n]*\}")  # a braced game value ({tiles[random=true]}): not a style tag


def check_markup(body: str, blocks: list, name: str, ctx: Ctx) -> bool:
    """Style tags of each block: a bad one is an error at its line and column; whether all are good."""
    good = True
    lines = body.splitlines()
    for block in blocks:
        for text in (block.text, *("|".join(r) for r in block.rows)):
            masked = _VALUE.sub(lambda m: "0" * len(m.group(0)), text)
            for offset, message in richtext.markup_problems(masked, ctx):
                tag = masked[offset:masked.index("]", offset) + 1] if "]" in masked[offset:] else masked[offset:]
                line, col = block.line, 1
                for n in range(max(block.line - 1, 0), len(lines)):
                    masked_line = _VALUE.sub(lambda m: "0" * len(m.group(0)), lines[n])
                    if tag in masked_line:
                        line, col = n + 1, masked_line.index(tag) + 1
                        break
                ctx.error(Loc(name, line, col), message)
                good = False
    return good


def _shown(path: Any, ctx: Ctx) -> str:
    from genpnp.model.base import _shown as shown

    return shown(path, ctx)
