"""genpnp's own words on the pages (cover headings, legend, printing advice, footers), per language.

``tr("page {n} of {total}", n=3, total=9)`` gives the words in the language being built: the English
text is the key of a small catalog per language shipped in the package (``genpnp/data/lang/<code>.json``,
English text -> translation, with the same ``{names}``). A build sets the language with
:func:`using`; English is the default, and a word missing from a catalog stays English (a test checks
that every catalog has every word).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from pathlib import Path

_LANG = Path(__file__).resolve().parent.parent / "data" / "lang"  # beside the code, as the fonts are (fonts.py)
LANGUAGE: ContextVar[str] = ContextVar("genpnp_language", default="en")


@cache
def catalog(code: str) -> dict[str, str]:
    """The engine's words in ``code`` ({} for English and for a language genpnp has no catalog of)."""
    try:
        text = (_LANG / f"{code}.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data = json.loads(text)
    return {str(k): str(v) for k, v in data.items() if not k.startswith("//")}


def tr(text: str, **values: object) -> str:
    """``text`` (an English template) in the current language, its ``{names}`` filled from ``values``."""
    template = catalog(LANGUAGE.get()).get(text, text) if LANGUAGE.get() != "en" else text
    return template.format(**values) if values else template


@contextmanager
def using(code: str) -> Iterator[None]:
    """Draw genpnp's own words in ``code`` ("" or "en": English) inside the block."""
    token = LANGUAGE.set(code or "en")
    try:
        yield
    finally:
        LANGUAGE.reset(token)


def file_name(name: str, lang: str) -> str:
    """A build's file name in language ``lang``: ``gerrymander-a4-color-de.pdf`` ("" keeps ``name``)."""
    if not lang:
        return name
    stem, dot, suffix = name.rpartition(".")
    return f"{stem}-{lang}.{suffix}" if dot else f"{name}-{lang}"
