"""The game's look as the page furniture uses it: the face and colour of titles (sheet titles, the
cover's title and headings)."""

from __future__ import annotations

from typing import Any

from genpnp.core import fonts
from genpnp.core.color import Color

INK = Color(0.1, 0.1, 0.1)


def title_look(doc: Any) -> tuple[str, Any]:
    """(font, colour) of sheet titles: the game's title style (game.yaml styles: title:), else bold ink."""
    from genpnp.art.richtext import style_color, style_font

    meta = doc.game.meta
    style = meta.styles.title if meta.styles is not None else None
    if style is None:
        return fonts.BOLD, INK
    font = style_font(style.font, {n: e.file for n, e in (meta.fonts or {}).items()}) if style.font else fonts.BOLD
    return font, style_color(style.color, doc.game.palette, INK)


def body_look(doc: Any) -> tuple[str, str, str]:
    """(regular, bold, italic) of the page furniture's small text (footers, notes, labels, the cover's
    text): the game's body style (game.yaml styles: body:), else genpnp's own faces."""
    from genpnp.art.richtext import style_font

    meta = doc.game.meta
    body = meta.styles.body if meta.styles is not None else None
    if body is None or not body.font:
        return fonts.DEFAULT, fonts.BOLD, fonts.ITALIC
    regular = style_font(body.font, {n: e.file for n, e in (meta.fonts or {}).items()})
    return regular, fonts.styled(regular, "b"), fonts.styled(regular, "i")
