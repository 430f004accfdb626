"""Nothing silently dropped: item columns that no face, declared rule or known key reads are warnings.

A column named ``quantity`` is not ``qty``: without this check the deck silently has one card
per row. Each unused column is reported once per component, at the first item that has it,
with the nearest name that would be read ("did you mean").
"""

from __future__ import annotations

from typing import Any

from genpnp.art.base import field_names
from genpnp.content.schema import Ctx
from genpnp.core.errors import did_you_mean
from genpnp.model.facelogic import ByValue, by_fields, logic_fields

ITEM_KEYS = ("qty", "front", "back")
# what designers call the item keys in their spreadsheets
SYNONYMS = {"quantity": "qty", "count": "qty", "copies": "qty", "number": "qty", "amount": "qty", "n": "qty",
            "qnt": "qty", "quant": "qty", "face": "front", "reverse": "back"}


# names that only ever mean a quantity: an error, where "n" or "number" may be a card's number (a warning)
QUANTITY_NAMES = ("quantity", "count", "copies", "qnt", "quant", "amount", "quantities")


def rule_words(rules: Any) -> set[str]:
    """Names the game's declared rules may read from items (see :func:`genpnp.model.rulespec.words_read`)."""
    from genpnp.model.rulespec import words_read

    return words_read(rules)


def check_columns(components: dict[str, Any], words: set[str], ctx: Ctx) -> None:
    """Warn about every item field of a faced component that nothing reads (a quantity under another name,
    such as quantity, count or copies, is an error: the deck would silently have one piece per row)."""
    for comp in components.values():
        faces = getattr(comp, "faces", None)
        items = getattr(comp, "items", None)
        if not faces or not items or not hasattr(items, "__iter__"):
            continue
        used = set().union(*(field_names(face.draw) | logic_fields(face.draw) | {
            v.field for v in (face.fill, face.stroke) if isinstance(v, ByValue)} for face in faces.values()))
        for side in ("front", "back"):  # the face chosen by a column
            choice = getattr(comp, side, "")
            used |= field_names(choice) | by_fields(choice)
        known = used | set(ITEM_KEYS)
        reported: set[str] = set()
        for item in items:
            for column in getattr(item, "fields", {}):
                if column in known or column in reported or column in words:
                    continue
                reported.add(column)
                if column.lower().strip() in QUANTITY_NAMES:
                    # a deck of one card per row where the designer meant 39: an error, never a silent 14 cards
                    has_qty = any(getattr(i, "qty", 1) != 1 for i in items)
                    ctx.error(item.cells.get(column, item.loc) if hasattr(item, "cells") else item.loc,
                              f'the column "{column}" is not read: genpnp takes how many of each item from a column '
                              f'named "qty"{"" if has_qty else " (every item is now printed once)"}: rename it qty, '
                              "or rename it to something else if it is not a quantity")
                    continue
                hint = f' (did you mean "{SYNONYMS[column.lower()]}"?)' if column.lower() in SYNONYMS \
                    else did_you_mean(column, known)
                if "did you mean" not in hint:
                    hint = f" (the faces use: {', '.join(sorted(used))})" if used else " (no face uses a field)"
                ctx.warn(item.loc, f'the column "{column}" is not used by any face of "{comp.name}" or by the '
                                   f"rules: it is ignored{hint}")
