"""Shared test helpers: run the CLI, build games, read PDFs back."""

from __future__ import annotations

import shutil
from pathlib import Path

from click.testing import CliRunner
from pypdf import PdfReader

from genpnp.commands.cli import main

ROOT = Path(__file__).resolve().parent.parent
CONTENT = ROOT / "content"
MM = 72 / 25.4


def run(*args: str):
    """Run genpnp; returns the click Result (exit_code, stdout, stderr)."""
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def copy_game(tmp_path: Path, game: str) -> Path:
    """A private copy of a shipped game to break, in tmp_path/content/<game>."""
    dest = tmp_path / "content" / game
    shutil.copytree(CONTENT / game, dest)
    return dest


def edit(path: Path, old: str, new: str, count: int = 1, unique: bool = False) -> int:
    """Replace ``old`` (``count`` times; exactly one occurrence when ``unique``); its 1-based line."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    if unique:
        assert text.count(old) == 1, f"{old!r} occurs {text.count(old)} times in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def line_of(path: Path, text: str) -> int:
    """The 1-based line where ``text`` first occurs."""
    body = path.read_text(encoding="utf-8")
    assert text in body, f"{text!r} not in {path}"
    return body[: body.index(text)].count("\n") + 1


def output_of(*args: str) -> tuple[int, str]:
    """Exit code and everything printed (stdout and stderr) of a genpnp command."""
    result = CliRunner().invoke(main, [str(a) for a in args])
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes is not None else "")


def validate(folder: Path) -> tuple[int, str]:
    """`genpnp validate` of one game folder."""
    return output_of("validate", "--content", str(folder.parent), folder.name)


def pdf_text(path: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(path)).pages)


def page_sizes_mm(path: Path) -> list[tuple[float, float]]:
    return [(round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
            for p in PdfReader(str(path)).pages]


def embedded_fonts(path: Path) -> set[str]:
    """Names of fonts with an embedded font file."""
    return fonts_used(path)[0]


def fonts_used(path: Path) -> tuple[set[str], set[str]]:
    """(embedded, not embedded) font names of every page and form."""
    names, bare = set(), set()
    for page in PdfReader(str(path)).pages:
        resources = page.get("/Resources") or {}
        stack = [resources]
        while stack:
            res = stack.pop()
            res = res.get_object() if hasattr(res, "get_object") else res
            fonts = res.get("/Font") or {}
            for ref in fonts.get_object().values() if hasattr(fonts, "get_object") else fonts.values():
                font = ref.get_object()
                for desc_font in [font] + [d.get_object() for d in font.get("/DescendantFonts") or []]:
                    desc = desc_font.get("/FontDescriptor")
                    if desc is not None and any(k in desc.get_object() for k in ("/FontFile", "/FontFile2",
                                                                                   "/FontFile3")):
                        names.add(str(font.get("/BaseFont")))
                        break
                else:
                    bare.add(str(font.get("/BaseFont")))
            xobjects = res.get("/XObject") or {}
            for ref in xobjects.get_object().values() if hasattr(xobjects, "get_object") else xobjects.values():
                obj = ref.get_object()
                if obj.get("/Resources") is not None:
                    stack.append(obj["/Resources"])
    return names, bare
