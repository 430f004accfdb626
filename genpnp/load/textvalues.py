"""The game's own numbers quoted in its texts: ``{players}``, ``{deck.count}``, ``{board.rows * board.columns}``.

A rules, guide or aid text (Markdown) may write, between braces, a value of the loaded game:

- a value of game.yaml: ``{players}``, ``{name}``, ``{version}``, ``{year}``;
- a quantity in the words of the rules engine (genpnp/model/rulerefs.py): a component counts its pieces
  (``{deck}``, ``{deck.count}``), a path reads one value (``{board.rows}``, ``{board.cells}``), a filter
  counts matching pieces (``{tiles[random=true]}``), and paths and numbers joined by ``+ - * /``
  written with spaces compute (``{board.rows * board.columns}``).

After loading, each is replaced by its value, so the text stays true when the content changes. ``{{`` and
``}}`` write a literal brace. Nothing is evaluated as code: a name only reads what the loader produced.
An unknown name, or braces holding something else, is an error at its line and column.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from genpnp.content import markdown
from genpnp.core.errors import Loc, Problems, did_you_mean
from genpnp.model import rulerefs as refs

GAME_VALUES = ("players", "name", "version", "year")
TOKEN = re.compile(r"\{\{|\}\}|\{([^{}\n]*)\}|\{")


class UnknownValue(Exception):
    """A braced name that is not a value of the game (the message says what would be)."""


def value_of(game: Any, expr: str) -> str:
    """The text a braced expression stands for."""
    expr = expr.strip()
    if not refs.EXPR_RE.fullmatch(expr):
        raise UnknownValue(f"{{{expr}}} is not a value of the game: write a name (players, deck.count) or "
                          "names and numbers joined by + - * / with spaces; write {{ for a literal brace")
    if expr in GAME_VALUES:
        return str(getattr(game.meta, expr))
    for path in refs.paths_in(expr):
        head = refs.split_path(path)[0][0]
        if head not in game.components:
            names = list(GAME_VALUES) + sorted(game.components)
            hint = did_you_mean(head, names)
            raise UnknownValue(f'unknown name "{head}" in {{{expr}}}{hint}: write a value of game.yaml '
                               f"({', '.join(GAME_VALUES)}) or a component of the game")
    try:
        if refs.PATH_RE.fullmatch(expr):  # one path: its value as written, a count for what is not a number
            value = refs.resolve(game, expr)
            if isinstance(value, str) or (isinstance(value, (int, float)) and not isinstance(value, bool)):
                return refs.fmt(value) if not isinstance(value, str) else value
            return refs.fmt(refs.number(value))
        return refs.fmt(refs.quantity(game, expr))
    except refs.RefError as exc:
        raise UnknownValue(f"{{{expr}}}: {exc}") from None
    except ZeroDivisionError:
        raise UnknownValue(f"{{{expr}}}: a division by zero") from None


def inline_problem(game: Any, ref: str) -> str:
    """What is wrong with the piece a ``{piece:ref}`` names ("" when it names one)."""
    from genpnp.model.figure import CellError, find_piece

    if not ref or any(c.isspace() for c in ref):
        return f"{{piece:{ref}}}: name a piece with no spaces: component, component#3 or component[field=value]"
    try:
        find_piece(game, ref)
    except CellError as exc:
        return f"{{piece:{ref}}}: {exc}"
    return ""


def fill(text: str, game: Any, name: str, problems: Problems, first_line: int = 1) -> str:
    """The text with every braced value replaced; each bad one is an error at ``name:line:col``."""
    out = []
    fenced = False  # inside a ```figure block: its YAML braces are mappings, not values
    for number, line in enumerate(text.split("\n"), start=first_line):
        if line.strip().startswith("```"):
            fenced = not fenced
        if fenced or line.strip() == "```":
            out.append(line)
            continue

        def repl(m: re.Match[str], number: int = number) -> str:
            token = m.group(0)
            if token in ("{{", "}}"):
                return token[0]
            if token == "{":
                problems.add(Loc(name, number, m.start() + 1), "a { with no } on its line: write {{ for a literal "
                                                                "brace")
                return token
            if m.group(1).startswith("piece:"):  # a piece drawn in the line: kept for the layout
                bad = inline_problem(game, m.group(1)[6:])
                if bad:
                    problems.add(Loc(name, number, m.start() + 1), bad)
                return token
            try:
                return value_of(game, m.group(1))
            except UnknownValue as exc:
                problems.add(Loc(name, number, m.start() + 1), str(exc))
                return token

        out.append(TOKEN.sub(repl, line))
    return "\n".join(out)


def fill_texts(game: Any, problems: Problems) -> Any:
    """The game with the braced values of its Markdown texts filled in (and their blocks parsed again)."""
    components = dict(game.components)
    changed = False
    for key, comp in game.components.items():
        body = getattr(comp, "body", "")
        if not body or not any(c in body for c in "{}"):
            continue
        name = getattr(comp, "source_name", "") or comp.loc.file
        filled = fill(body, game, name, problems)
        if filled != body:
            blocks, _ = markdown.parse(filled, name)  # its problems were reported when the text was read
            components[key] = replace(comp, blocks=tuple(blocks))
            changed = True
    return replace(game, components=components) if changed else game
