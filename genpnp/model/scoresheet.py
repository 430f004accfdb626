"""Score sheets: pages with an introduction, an optional key table and a table of blank rows to fill in.

YAML keys (see the ``fld`` docs below)::

    solo-sheet:
      kind: scoresheet
      title: Solo score sheet
      source: text/solo.md          # or intro: "inline **Markdown**"
      key:                          # optional table printed filled in (rating bands, tallies)
        title: Ratings
        columns: [Points, Rating]
        widths: [1, 4]
        rows: [["1 to 4", "Beginner"], ["5", "Expert"]]
      columns:                      # the table to fill in, one label per column
        - {label: Date, width: 2}
        - {label: Total}
      rows: 20                      # blank rows (continued on more pages when they do not fit)
      head_rows:                    # optional unnumbered rows above them, on the sheet's first page
        - {label: name, height: 12mm}
        - {label: start, text: "5"}

The page geometry lives in :mod:`genpnp.render.scoresheet`; this class only reads and checks.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, ClassVar

from genpnp.content import markdown
from genpnp.content.schema import INVALID, Ctx, Int, LangPath, Length, ListOf, Num, Obj, Prose, Str, fld
from genpnp.core import fonts
from genpnp.core.errors import ContentError, Loc
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model.base import Component, kind


@dataclass(frozen=True, kw_only=True)
class Column:
    """One column of the table to fill in."""

    label: str = fld(Prose(max_len=40), example="Round 1", doc="the column's heading")
    width: float = fld(Num(0.2, 20), 1.0, "relative width (a column of width 2 is twice as wide as one of 1)")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class HeadRow:
    """An unnumbered row above the numbered ones (a player's name, a starting score): a small caption in
    each cell's top corner, room to write under it, or a value printed in every cell."""

    label: str = fld(Prose(max_len=40), example="name", doc="the caption in each cell's top left corner")
    height: float = fld(Length(5 * MM, 40 * MM), 0.0, "the row's height (default: the blank rows' height)",
                        "12mm")
    text: str = fld(Prose(max_len=20), "", "a value printed in every cell of the row (a starting score)")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class KeyTable:
    """A table printed filled in: a rating scale, a tally key, a lookup."""

    title: str = fld(Prose(max_len=80), "", "heading above the table")
    columns: tuple = fld(ListOf(Str(), min_len=1), example=["Points", "Rating"], doc="column headings")
    widths: tuple = fld(ListOf(Num(0.2, 20)), (), "relative column widths (default: equal)")
    rows: tuple = fld(ListOf(ListOf(Str(), min_len=1), min_len=1), example=[["5", "A day"]],
                      doc="the rows, each a list of cell texts")
    loc: Loc = Loc("<built-in>")


@kind("scoresheet")
@dataclass(frozen=True, kw_only=True)
class ScoreSheet(Component):
    """A page-filling score sheet: intro text, an optional key table, then labelled blank rows."""

    layout: ClassVar[str] = "page"
    source: Any = fld(LangPath((".md", ".txt")), None, "Markdown introduction, relative to the game folder",
                      "text/solo.md")
    intro: str = fld(Str(), "", "inline Markdown introduction, instead of (or after) the file")
    size: float = fld(Length(5.0, 16.0), 10.0, "text size of the introduction and tables", "10pt")
    key: KeyTable | None = fld(Obj(KeyTable), None, "an optional table printed filled in, after the intro")
    table_title: str = fld(Prose(max_len=80), "", "heading above the table to fill in")
    columns: tuple = fld(ListOf(Obj(Column), min_len=1, max_len=16), example=[{"label": "Date"}],
                         doc="the columns of the table to fill in")
    rows: int = fld(Int(1, 500), 20, "number of blank rows; they continue on further pages when needed")
    row_height: float = fld(Length(5 * MM, 30 * MM), 9 * MM, "height of a blank row")
    head_rows: tuple = fld(ListOf(Obj(HeadRow), max_len=6), (),
                           "unnumbered rows above the blank rows on the sheet's first page: a caption in each "
                           "cell (name, home county) with room to write, or a value in every cell")
    blocks: tuple = ()
    source_name: str = ""
    body: str = ""  # the Markdown as written; its {values} are filled in once the game is loaded
    names: Any = None  # what the intro's style tags name, and the game's styles (a richtext.TextLook)

    @classmethod
    def from_values(cls, values: dict[str, Any], data: Any, loc: Loc, ctx: Ctx) -> Any:
        obj = cls(**values)
        body, name = "", loc.file
        if obj.source is not None:
            from genpnp.model.base import _shown

            try:
                body = markdown.read_source(obj.source, _shown(obj.source, ctx), ctx.root)
            except ContentError as exc:
                ctx.problems.extend(exc.problems)
                return INVALID
            name = _shown(obj.source, ctx)
        if obj.intro:
            body = (body + "\n\n" + obj.intro).strip()
        blocks, problems = markdown.parse(body, name) if body else ([], [])
        ctx.problems.extend(problems)
        from genpnp.art.richtext import TextLook
        from genpnp.model.text import check_markup

        if not check_markup(body, blocks, name, ctx):
            return INVALID
        if obj.key is not None:
            width = len(obj.key.columns)
            if obj.key.widths and len(obj.key.widths) != width:
                return ctx.error(obj.key.loc, f"key: {len(obj.key.widths)} widths for {width} columns")
            for i, row in enumerate(obj.key.rows):
                if len(row) > width:
                    return ctx.error(obj.key.loc, f"key: row {i + 1} has {len(row)} cells; there are {width} columns")
        texts = [b.text for b in blocks] + [c.label for c in obj.columns]
        texts += [t for r in obj.head_rows for t in (r.label, r.text)]
        if obj.key is not None:
            texts += list(obj.key.columns) + [cell for row in obj.key.rows for cell in row]
        missing = fonts.missing_glyphs("".join(texts), fonts.DEFAULT)
        if missing:
            return ctx.error(loc, f'the font "{fonts.DEFAULT}" has no glyph for {missing!r}')
        return replace(obj, blocks=tuple(blocks), source_name=name, body=body, names=TextLook(ctx))
