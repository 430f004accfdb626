"""The Markdown subset of rules and guide texts, parsed into blocks.

Supported: ``#``/``##``/``###`` headings, paragraphs, ``- `` bullets, ``1. `` numbered
items, ``**bold**`` and ``*italic*``, pipe tables, ``---`` for a page break, fenced
```` ```figure ```` blocks of YAML (a figure drawn from the game's pieces: genpnp/model/figure.py), and
``> `` quoted lines for a callout box (``> [!EXAMPLE]`` as its first line: an example box; ``> - `` lines in
it are bullets, each a paragraph of its own).
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path
from typing import Any

from genpnp.core.errors import Loc, Problem, did_you_mean
from genpnp.core.records import dataclass

BOX_BULLET = "\u2022 "  # begins a bullet paragraph inside a callout or example box


@dataclass(frozen=True)
class Block:
    kind: str  # heading, para, bullet, number, table, pagebreak, figure, callout, example
    text: str = ""  # a figure's: the YAML between its fences, as written
    level: int = 0
    rows: tuple[tuple[str, ...], ...] = ()
    number: int = 0
    line: int = 0  # a figure's: the line of its first YAML line
    figure: Any = None  # a figure's, once the game is loaded: genpnp.model.figure.Figure
    inline: tuple = ()  # once loaded: (ref, genpnp.impose.textflow.Inline) of each {piece:ref} in the text
    when: tuple = ()  # (option, value) pairs: drawn only in a build with these print options (``<!-- if -->``)


# ``<!-- if backs=duplex -->`` ... ``<!-- end -->``: blocks drawn only in builds with that print option
CONDITIONS = {"backs": ("fold", "duplex"), "ink": ("color", "bw", "saver"), "paper": ("letter", "a4", "legal")}
_IF = re.compile(r"^<!--\s*if\s+([\w-]+)\s*=\s*([\w-]+)\s*-->$")
_END = re.compile(r"^<!--\s*end(?:\s+if)?\s*-->$")


def shown(block: Block, options: Any) -> bool:
    """Whether a build with these print options (paper, ink, backs) draws the block."""
    for key, value in block.when:
        have = getattr(options, key, None)
        if (getattr(have, "name", have) or "").lower() != value:
            return False
    return True


Run = tuple[str, str]  # (text, style): style is "", "b", "i" or "bi"
_EMPHASIS = re.compile(r"(\*\*[^*]+\*\*|\*[^*]+\*)")


def runs(text: str) -> list[Run]:
    """Split inline **bold** and *italic* into styled runs."""
    out: list[Run] = []
    if "*" not in text:
        return [(str(text), "")] if text else []
    for part in _EMPHASIS.split(text):
        if not part:
            continue
        if part.startswith("**") and part.endswith("**") and len(part) > 4:
            out.append((part[2:-2], "b"))
        elif part.startswith("*") and part.endswith("*") and len(part) > 2:
            out.append((part[1:-1], "i"))
        else:
            out.append((part, ""))
    return out


def plain(text: str) -> str:
    return "".join(t for t, _ in runs(text))


MAX_ITEM_DIGITS = 6  # list items numbered up to 999999
MAX_BYTES = 2_000_000  # one Markdown file: a rulebook is far smaller; a larger file is refused before it is read


def read_source(path: Path, shown: str, root: Path) -> str:
    """A Markdown file of the game folder through the one door (:mod:`genpnp.core.fileaccess`): a regular file
    inside ``root``, UTF-8, at most ``MAX_BYTES``; anything else is a ContentError at the file itself."""
    from genpnp.content.yamlload import decode_utf8, read_bytes

    return decode_utf8(read_bytes(path, shown, root, MAX_BYTES), shown)


def parse(text: str, name: str) -> tuple[list[Block], list[Problem]]:
    blocks: list[Block] = []
    problems: list[Problem] = []
    para: list[str] = []
    para_line = 0
    table: list[tuple[str, ...]] = []
    table_line = 0
    quote: list[str] = []  # the lines of a callout or example box (an empty string between paragraphs)
    quote_kind, quote_line = "callout", 0

    def flush() -> None:
        nonlocal para, table, quote
        if quote:
            blocks.append(Block(quote_kind, "\n".join(" ".join(p.split()) for p in " ".join(quote).split("\n"))
                                .strip(), line=quote_line))
            quote = []
        if para:
            blocks.append(Block("para", " ".join(para), line=para_line))
            para = []
        if table:
            blocks.append(Block("table", rows=tuple(table), line=table_line))
            table = []

    fence: list[str] | None = None  # the lines of an open ```figure block
    fence_line, fence_info = 0, ""
    cond: tuple[int, int, tuple] | None = None  # an open <!-- if -->: its line, first block, condition
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        stripped = line.strip()
        if fence is None and (_IF.match(stripped) or _END.match(stripped)):
            flush()
            m = _IF.match(stripped)
            if m:
                key, value = m.group(1).lower(), m.group(2).lower()
                col = raw.index(m.group(1)) + 1
                bad = (number, len(blocks), ())  # a wrong one still opens, so its <!-- end --> matches
                if cond is not None:
                    problems.append(Problem(Loc(name, number, 1), f"an <!-- if --> inside the one opened on line "
                                            f"{cond[0]}: close that one first with <!-- end -->"))
                elif key not in CONDITIONS:
                    cond = bad
                    problems.append(Problem(Loc(name, number, col), f'"{key}" is no print option a text can depend '
                                            f"on{did_you_mean(key, CONDITIONS)}"))
                elif value not in CONDITIONS[key]:
                    cond = bad
                    problems.append(Problem(Loc(name, number, raw.index(m.group(2)) + 1),
                                            f'"{value}" is no value of {key}{did_you_mean(value, CONDITIONS[key])}'))
                else:
                    cond = (number, len(blocks), ((key, value),))
            elif cond is None:
                problems.append(Problem(Loc(name, number, 1), "an <!-- end --> with no <!-- if --> open"))
            else:
                blocks[cond[1]:] = [dataclasses.replace(b, when=cond[2]) for b in blocks[cond[1]:]]
                cond = None
            continue
        if fence is not None:
            if stripped == "```":
                if fence_info == "figure":
                    blocks.append(Block("figure", "\n".join(fence), line=fence_line + 1))
                fence = None
            else:
                fence.append(raw)
            continue
        if stripped.startswith("```"):
            flush()
            info = fence_info = stripped[3:].strip()
            if info != "figure":
                problems.append(Problem(Loc(name, number, 4), f'a fenced block of "{info or "nothing"}": texts '
                                        "draw only ```figure blocks (a figure of the game's pieces)"))
            fence, fence_line = [], number
            continue
        if not stripped:
            flush()
            continue
        quoted = re.match(r"^>\s?(.*)$", stripped)
        if quoted:
            body = quoted.group(1).strip()
            if not quote:
                flush()
                quote_kind, quote_line = "callout", number
                if body.upper() in ("[!EXAMPLE]", "[!NOTE]", "[!TIP]"):
                    quote_kind = "example" if body.upper() == "[!EXAMPLE]" else "callout"
                    quote.append("")
                    continue
            if body.startswith(("- ", "* ")):  # a bullet in a box: a paragraph of its own, marked
                quote.extend(["\n", BOX_BULLET + body[2:].strip()])
                continue
            quote.append(body if body else "\n")
            continue
        if quote:
            flush()
        if stripped.startswith("|"):
            if para:
                flush()
            cells = tuple(c.strip() for c in stripped.strip("|").split("|"))
            if all(re.fullmatch(r":?-{2,}:?", c) for c in cells):
                continue
            if not table:
                table_line = number
            table.append(cells)
            continue
        if table:
            flush()
        m = re.match(r"^(#{1,3})\s+(.*)$", stripped)
        if m:
            flush()
            blocks.append(Block("heading", m.group(2).strip(), len(m.group(1)), line=number))
            continue
        if stripped == "---":
            flush()
            blocks.append(Block("pagebreak", line=number))
            continue
        m = re.match(r"^[-*]\s+(.*)$", stripped)
        if m:
            flush()
            blocks.append(Block("bullet", m.group(1), line=number))
            continue
        m = re.match(r"^(\d+)[.)]\s+(.*)$", stripped)
        if m:
            flush()
            if len(m.group(1)) > MAX_ITEM_DIGITS:  # a list numbered past any page: refused at its line
                problems.append(Problem(Loc(name, number, 1), f"a list item numbered with {len(m.group(1))} "
                                        f"digits: number items with at most {MAX_ITEM_DIGITS} digits"))
                continue
            blocks.append(Block("number", m.group(2), number=int(m.group(1)), line=number))
            continue
        if line.startswith("  ") and blocks and blocks[-1].kind in ("bullet", "number") and not para:
            last = blocks.pop()
            blocks.append(Block(last.kind, last.text + " " + stripped, number=last.number, line=last.line))
            continue
        if re.match(r"^<[a-zA-Z/]", stripped):
            problems.append(Problem(Loc(name, number, 1), "HTML is not supported in texts", "warning"))
        if not para:
            para_line = number
        para.append(stripped)
    if fence is not None:
        problems.append(Problem(Loc(name, fence_line, 1), "a ```figure block with no closing ``` line"))
    flush()
    if cond is not None:
        problems.append(Problem(Loc(name, cond[0], 1), "an <!-- if --> never closed: end it with <!-- end -->"))
    return blocks, problems
