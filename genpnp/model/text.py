"""Text documents (rules booklets, player aids): Markdown typeset over full pages."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, ClassVar

from genpnp import fonts
from genpnp.content import markdown
from genpnp.content.schema import INVALID, Ctx, Int, LangPath, Length, Prose, Str, fld
from genpnp.errors import ContentError, Loc
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
    font: str = fld(Str(), fonts.DEFAULT, "body font")
    blocks: tuple = ()
    source_name: str = ""
    body: str = ""  # the Markdown as written; its {values} are filled in once the game is loaded

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
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
            missing = fonts.missing_glyphs(block.text + "".join("".join(r) for r in block.rows), obj.font)
            if missing:
                ctx.error(Loc(name, block.line, 1), f'the font "{obj.font}" has no glyph for {missing!r}')
        if not blocks:
            ctx.warn(loc, "the text is empty")
        if any(p.severity == "error" for p in ctx.problems.items if p.loc.file == name):
            return INVALID
        return replace(obj, blocks=tuple(blocks), source_name=name, body=body)


def _shown(path: Any, ctx: Ctx) -> str:
    from genpnp.model.base import _shown as shown

    return shown(path, ctx)
