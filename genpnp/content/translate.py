"""One game, many languages: the game's translation catalogs and per-language files.

``game.yaml`` lists ``languages: [en, de]``; the first is the language the content is written in. To
build another language every text the schema marks as prose (:class:`~genpnp.content.schema.Prose`)
is looked up in the game's catalog ``lang/<code>.yaml`` (source text -> translation), or taken from an
inline map ``{en: ..., de: ...}``; a Markdown file ``text/rules.md`` is read as ``text/rules.de.md``;
an item field ``text`` has its ``text_de`` column beside it. A text with no translation is an error at
the source text's line and column, naming the catalog to add it to; a translation whose numbers
differ from the source's is an error too (numbers read the same in every language).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import field
from functools import cache
from pathlib import Path
from typing import Any

from genpnp.content.yamlload import LMap
from genpnp.core.errors import ContentError, Loc, Problems
from genpnp.core.records import dataclass

CODE = re.compile(r"[a-z]{2,3}(?:-[A-Z]{2})?")
WORDS = re.compile(r"[^\W\d_]{2,}")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
NUMBER = re.compile(r"\d+(?:[.,]\d+)*")
NAMES = {"en": "English", "de": "German", "fr": "French", "es": "Spanish", "it": "Italian", "nl": "Dutch",
         "pl": "Polish", "pt": "Portuguese", "sv": "Swedish", "da": "Danish", "cs": "Czech", "fi": "Finnish"}


def language_name(code: str) -> str:
    return NAMES.get(code, f'"{code}"')


def numbers(text: str) -> list[str]:
    """The numbers a text quotes, in order: 1,5 and 1.5 read alike, and so do 1,000 and 1000."""
    out = []
    for m in NUMBER.finditer(text):
        n = m.group()
        parts = re.split(r"[.,]", n)
        if len(parts) > 1 and all(len(p) == 3 for p in parts[1:]):
            n = "".join(parts)  # thousands separators
        else:
            n = n.replace(",", ".")
        out.append(n)
    return out


def placeholders(text: str) -> list[str]:
    return sorted(re.findall(r"(?<!\{)\{([^{}]+)\}(?!\})", text))


@dataclass(frozen=True)
class Missing:
    """A text still to translate: the source and where it is used."""

    source: str
    loc: Loc


@dataclass
class Translator:
    """The texts of one language of a game, read while the game loads (``Ctx.lang``)."""

    code: str  # the language being built
    languages: tuple[str, ...]  # the game's languages; the first is the source language
    root: Path
    catalog: dict[str, str] = field(default_factory=dict)
    catalog_locs: dict[str, Loc] = field(default_factory=dict)
    catalog_name: str = ""
    collect: bool = False  # `genpnp translate`: gather what is missing instead of reporting it
    missing: list[Missing] = field(default_factory=list)
    used: set[str] = field(default_factory=set)
    produced: set[str] = field(default_factory=set)  # texts already in this language (an item's text_de)
    cells: dict[str, Loc] = field(default_factory=dict)  # an item field's text -> where it is written (a CSV cell)

    @property
    def source_language(self) -> bool:
        return self.code == self.languages[0]

    def _missing(self, source: str, loc: Loc, ctx: Any) -> str:
        """Note a text with no translation (an error, or an entry for `genpnp translate`); loading goes
        on with the source text, so every missing translation is reported at once."""
        if self.collect:
            self.missing.append(Missing(source, loc))
        else:
            ctx.error(loc, f'no {language_name(self.code)} translation of "{_short(source)}": add it to '
                           f'{self.catalog_name} (`genpnp translate` adds every missing text)')
        return source

    def check_numbers(self, source: str, translated: str, loc: Loc, ctx: Any) -> bool:
        a, b = numbers(source), numbers(translated)
        ok = True
        if Counter(a) != Counter(b):
            extra, lacking = list((Counter(b) - Counter(a)).elements()), list((Counter(a) - Counter(b)).elements())
            ctx.error(_line_of(translated, extra, loc), f"the {language_name(self.code)} translation quotes the "
                      f"numbers {', '.join(extra) or 'none'} where the source quotes {', '.join(lacking) or 'none'}: "
                      f"numbers read the same in every language")
            ok = False
        pa, pb = placeholders(source), placeholders(translated)
        if pa != pb:
            extra = ["{" + p + "}" for p in (Counter(pb) - Counter(pa)).elements()]
            lacking = ["{" + p + "}" for p in (Counter(pa) - Counter(pb)).elements()]
            ctx.error(_line_of(translated, extra, loc), f"the {language_name(self.code)} translation has "
                      f"{', '.join(extra) or 'nothing'} where the source has {', '.join(lacking) or 'nothing'}")
            ok = False
        return ok

    def text(self, value: Any, loc: Loc, ctx: Any) -> Any:
        """The text of a prose field in this language (``value`` a string or ``{en: ..., de: ...}``)."""
        from genpnp.content.schema import INVALID

        if isinstance(value, dict):
            bad = [k for k in value if k not in self.languages]
            if bad:
                where = value.key_loc(bad[0]) if isinstance(value, LMap) else loc
                return ctx.error(where, f'"{bad[0]}" is not one of the game\'s languages '
                                        f'({", ".join(self.languages)}, from game.yaml)')
            if self.languages[0] not in value:
                return ctx.error(loc, f"the text has no {language_name(self.languages[0])} "
                                      f"(`{self.languages[0]}:`), the language the game is written in")
            source = value[self.languages[0]]
            src_loc = value.loc_of(self.languages[0]) if isinstance(value, LMap) else loc
            if self.code not in value or value[self.code] in (None, ""):
                if self.collect:
                    self.missing.append(Missing(str(source), src_loc))
                    return str(source)
                return ctx.error(loc, f"no {language_name(self.code)} text here: add `{self.code}: ...` beside "
                                      f"`{self.languages[0]}:`")
            out = value[self.code]
            if not isinstance(out, (str, int, float)) or isinstance(out, bool):
                return ctx.error(value.loc_of(self.code) if isinstance(value, LMap) else loc, "expected text")
            if not self.source_language and not self.check_numbers(str(source), str(out),
                                                                    value.loc_of(self.code)
                                                                    if isinstance(value, LMap) else loc, ctx):
                return INVALID
            return str(out)
        if self.source_language or not isinstance(value, str) or not WORDS.search(PLACEHOLDER.sub("", value)):
            return value  # the content's own language, or no words to translate ("{title}", "x2")
        if value in self.produced:
            return value  # an item's field from its own column (text_de), filled into a face's {text}
        key = value.strip()
        translated = self.catalog.get(key)
        if not translated:  # an item's field a face shows whole ("{title}") is missing at its own cell
            return self._missing(key, self.cells.get(key, loc), ctx)
        self.used.add(key)
        if not self.check_numbers(key, translated, self.catalog_locs.get(key, loc), ctx):
            return INVALID
        return translated

    def hyphenate(self, text: str) -> str:
        """``text`` with soft hyphens where this language may break its long words (pyphen's patterns,
        the ones LibreOffice uses): the text wrappers break there only when a word does not fit. The
        content's own language is left as written (its build stays the same as with no languages)."""
        hyphens = None if self.source_language else _hyphenator(self.code)
        if hyphens is None or not isinstance(text, str):
            return text
        parts = re.split(r"(\{[^{}]*\})", text)  # never inside {icon:name} or {field}
        return "".join(p if p.startswith("{") else LONG_WORD.sub(lambda m: hyphens.inserted(m.group(), "\u00ad"), p)
                       for p in parts)

    def file(self, path: Path, loc: Loc, ctx: Any) -> Any:
        """``text/rules.md`` in this language: ``text/rules.de.md`` beside it."""
        if self.source_language:
            return path
        own = path.with_name(f"{path.stem}.{self.code}{path.suffix}")
        if own.is_file():
            self._check_file(path, own, ctx)
            return own
        rel = own.relative_to(self.root.resolve()).as_posix() if own.is_relative_to(self.root.resolve()) else own.name
        if self.collect:
            self.missing.append(Missing(f"file:{rel}", loc))
            return path
        return ctx.error(loc, f"no {language_name(self.code)} version of this file: write {rel} beside it")

    def _check_file(self, source: Path, own: Path, ctx: Any) -> None:
        """A translated text quotes the same numbers and the same {values} as its source."""
        from genpnp.content.markdown import read_source
        from genpnp.content.yamlload import display_name as shown

        try:  # through the one door (genpnp.core.fileaccess), like the text component that reads them
            a, b = read_source(source, shown(source), self.root), read_source(own, shown(own), self.root)
        except ContentError:
            return  # the text component reports an unreadable file
        self.check_numbers(a, b, Loc(shown(own), 1, 1), ctx)

    def item_fields(self, fields: dict[str, Any], row: Any, loc: Loc, ctx: Any,
                    locs: dict[str, Loc] | None = None) -> dict[str, Any]:
        """An item's fields in this language: ``text_de`` replaces ``text`` (and in ``locs``, where each
        field is written, ``text`` is then the ``text_de`` cell); other languages' columns go."""
        if not self.source_language:
            for key, value in fields.items():
                if isinstance(value, str) and WORDS.search(value):
                    self.cells.setdefault(value.strip(), row.loc_of(key) if isinstance(row, LMap) and key in row
                                          else loc)
        tagged = {}
        for key in fields:
            base, _, code = key.rpartition("_")
            if base and code in self.languages and code != self.languages[0]:
                tagged[key] = (base, code)
        if not tagged:
            return fields
        out = {k: v for k, v in fields.items() if k not in tagged}
        bases = {base for base, _ in tagged.values()}
        for base in sorted(bases):
            if self.source_language or base not in fields:
                continue
            key = f"{base}_{self.code}"
            source = fields[base]
            where = row.loc_of(key) if isinstance(row, LMap) and key in row else loc
            src_loc = row.loc_of(base) if isinstance(row, LMap) and base in row else loc
            value = fields.get(key, "")
            self.produced.add(str(source))  # reported here, if at all: not again where a face shows it
            if value in ("", None) and source not in ("", None):
                if self.collect:
                    self.missing.append(Missing(str(source), src_loc))
                    continue
                if key in fields:
                    ctx.error(where, f'no {language_name(self.code)} text in the column "{key}" for '
                                     f'"{_short(str(source))}"')
                else:
                    ctx.error(src_loc, f'no {language_name(self.code)} text for "{_short(str(source))}": add a '
                                       f'"{key}" field beside "{base}"')
                continue
            if value not in ("", None) and self.check_numbers(str(source), str(value), where, ctx):
                out[base] = value
                self.produced.add(str(value))
                if locs is not None and key in locs:
                    locs[base] = locs[key]
        return out


LONG_WORD = re.compile(r"[^\W\d_]{8,}")


@cache
def _hyphenator(code: str) -> Any:
    """pyphen's hyphenation of ``code`` (None where it has no patterns for the language)."""
    import pyphen

    name = pyphen.language_fallback(code)
    return pyphen.Pyphen(lang=name) if name else None


def _line_of(text: str, tokens: list[str], loc: Loc) -> Loc:
    """In a file's text (``loc`` at its line 1): the line of the first of ``tokens`` it has."""
    if loc.line != 1 or "\n" not in text:
        return loc
    for n, line in enumerate(text.splitlines(), 1):
        if any(t in line for t in tokens):
            return Loc(loc.file, n, 1)
    return loc


def _short(text: str) -> str:
    return text if len(text) <= 50 else text[:47] + "..."


def languages_of(data: Any, game_file: str, problems: Problems) -> tuple[str, ...]:
    """The ``languages:`` of game.yaml's raw data (checked), or () when it lists none."""
    if not isinstance(data, LMap) or "languages" not in data:
        return ()
    value = data["languages"]
    loc = data.loc_of("languages")
    if not isinstance(value, list) or not value:
        problems.add(loc, "languages is a list of language codes, the content's own first: [en, de]")
        return ()
    codes = []
    for i, code in enumerate(value):
        where = value.loc_of(i) if hasattr(value, "loc_of") else loc
        if not isinstance(code, str) or not CODE.fullmatch(code):
            problems.add(where, f"{code!r} is not a language code (two or three small letters: en, de, fr)")
        elif code in codes:
            problems.add(where, f'"{code}" is listed twice')
        else:
            codes.append(code)
    return tuple(codes)


def catalog_path(root: Path, code: str) -> Path:
    return root / "lang" / f"{code}.yaml"


def translator(root: Path, languages: tuple[str, ...], code: str | None, problems: Problems,
               game_loc: Loc, collect: bool = False) -> Translator | None:
    """The translator for building ``code`` (None: the first language); None when the game lists none."""
    from genpnp.content.yamlload import display_name as shown
    from genpnp.content.yamlload import load_file
    from genpnp.core.errors import UsageError

    if not languages:
        if code is not None:
            raise UsageError(f"{game_loc.file}: the game lists no languages (add `languages: [en, {code}]` to "
                             f"game.yaml to translate it)")
        return None
    if code is None:
        code = languages[0]
    if code not in languages:
        raise UsageError(f"{game_loc.file}: the game has no language \"{code}\" (its languages: "
                         f"{', '.join(languages)}; add it to `languages:` in game.yaml)")
    path = catalog_path(root, code)
    out = Translator(code, languages, root, catalog_name=shown(path), collect=collect)
    if code == languages[0] or not path.is_file():
        return out
    try:
        data = load_file(path, shown(path), root)
    except ContentError as exc:
        problems.extend(exc.problems)
        return out
    if data is None:
        return out
    if not isinstance(data, LMap):
        problems.add(Loc(shown(path), 1, 1), "a catalog is a mapping: source text: translation")
        return out
    for key, value in data.items():
        if value is None or value == "":
            continue
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            problems.add(data.loc_of(key), "a translation is text")
            continue
        out.catalog[str(key).strip()] = str(value).strip() if isinstance(value, str) else str(value)
        out.catalog_locs[str(key).strip()] = data.loc_of(key)
    return out


def _quoted(text: str) -> str:
    """A YAML double-quoted scalar (JSON's form is valid YAML)."""
    import json

    return json.dumps(text, ensure_ascii=False)


def update_catalog(root: Path, code: str, missing: list[Missing], game_name: str) -> tuple[Path, int, list[Missing]]:
    """Add every text still to translate to ``lang/<code>.yaml`` (empty, with where it is used as a
    comment), keeping the file as it is (translations, comments, order). Returns the catalog, how many
    entries were added, and the Markdown files still to write."""
    import os

    from genpnp.content.yamlload import display_name as shown
    from genpnp.content.yamlload import load_file

    path = catalog_path(root, code)
    files = [m for m in missing if m.source.startswith("file:")]
    texts: dict[str, list[Loc]] = {}
    for m in missing:
        if not m.source.startswith("file:"):
            texts.setdefault(m.source, []).append(m.loc)
    present: set[str] = set()
    old = ""
    if path.is_file():
        from genpnp.content.yamlload import MAX_BYTES
        from genpnp.core.fileaccess import read_content

        old = read_content(path, shown(path), root, MAX_BYTES).decode("utf-8", errors="replace")
        data = load_file(path, shown(path), root)
        if isinstance(data, dict):
            present = {str(k).strip() for k in data}
    new = [(text, locs) for text, locs in texts.items() if text not in present]
    if not new:
        return path, 0, files
    out = [old.rstrip("\n") + "\n"] if old.strip() else [
        f"# {language_name(code)} texts of {game_name}: each source text, then its translation.\n"
        f"# `genpnp translate GAME --lang {code}` adds the texts still to translate (empty) and keeps the rest.\n"]
    for text, locs in new:
        where = ", ".join(str(loc) for loc in locs[:3]) + (f" and {len(locs) - 3} more" if len(locs) > 3 else "")
        key = _quoted(text)
        out.append(f"\n# {where}\n" + (f"{key}: \"\"\n" if len(key) < 1000 else f"? {key}\n: \"\"\n"))
    path.parent.mkdir(exist_ok=True)
    if not path.parent.resolve().is_relative_to(root.resolve()):
        from genpnp.core.errors import UsageError

        raise UsageError(f"{shown(path.parent)} leads outside the game folder: genpnp writes a catalog only inside it")
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(out), encoding="utf-8")
    os.replace(tmp, path)
    return path, len(new), files
