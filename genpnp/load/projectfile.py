"""Project defaults: ``genpnp.yaml`` at the content root, or ``[tool.genpnp]`` in a ``pyproject.toml``.

The file sits in the ``--content`` folder, or in the folder above it (a repository that keeps
its games in ``content/``); the first found is used. Its keys are the print options' defaults
(paper, ink, backs, flip, offset, bleed, margin) and the release matrix; options given on the
command line override them. Errors read ``genpnp.yaml:line:col: message`` like any content file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from genpnp.content.schema import INVALID, Ctx, Enum, ListOf, Obj, Str, build, fld
from genpnp.content.yamlload import LMap, load_text, read_text
from genpnp.core.errors import ContentError, Loc, Problem, Problems
from genpnp.core.records import dataclass

FILE = "genpnp.yaml"
INKS = ("color", "bw", "saver")
BACKS = ("fold", "duplex")


@dataclass(frozen=True, kw_only=True)
class ReleaseMatrix:
    """What ``genpnp release`` builds: every paper x ink x backs."""

    papers: tuple = fld(ListOf(Str(), 1), ("letter", "a4"), "paper sizes", ["a4"])
    inks: tuple = fld(ListOf(Enum(*INKS), 1), ("color", "bw"), "inks")
    backs: tuple = fld(ListOf(Enum(*BACKS), 1), ("fold",), "double-sided pieces: fold pairs and/or duplex")


def _mm(lo: float, hi: float) -> Any:
    """A length in millimetres: 3 (mm), 3mm, 0.125in or 9pt, as on the command line."""
    from genpnp.content.schema import Custom
    from genpnp.core.errors import UsageError
    from genpnp.impose.options import parse_length_option

    def parse(value: Any, loc: Loc, ctx: Ctx) -> Any:
        if isinstance(value, bool) or not isinstance(value, (int, float, str)):
            return ctx.error(loc, "expected a length such as 3mm or 0.125in (a bare number is mm)")
        try:
            return parse_length_option(value, "", lo, hi)
        except UsageError as exc:
            return ctx.error(loc, str(exc).lstrip(": "))

    return Custom(parse, {"type": ["number", "string"]}, f"length, {lo:g}mm to {hi:g}mm (a bare number is mm)")


@dataclass(frozen=True, kw_only=True)
class ProjectDefaults:
    """genpnp.yaml: defaults of the print options for every game in the content folder."""

    paper: str = fld(Str(), "letter", "letter, a4, legal, a3, tabloid, or WxH (210x297mm)", "a4")
    ink: str = fld(Enum(*INKS), "color", "colour, black-and-white or ink saver")
    backs: str = fld(Enum(*BACKS), "fold", "double-sided pieces as fold pairs or duplex backs")
    flip: str = fld(Enum("long", "short"), "long", "duplex: which edge the printer flips on")
    offset: str = fld(Str(r"[^,]+,[^,]+", hint="X,Y in mm or lengths"), "0,0",
                      "duplex back offset X,Y (lengths; bare numbers in mm)")
    bleed: float = fld(_mm(0, 6), 0.0, "bleed (3mm, 0.125in; a bare number is mm)")
    margin: float = fld(_mm(5, 40), 6.35, "printer-safe margin (0.25in, 6.35mm; a bare number is mm)")
    release: Any = fld(Obj(ReleaseMatrix), None, "the release matrix")


def find(content: Path) -> Path | None:
    """The project file for a content folder (genpnp.yaml, else a pyproject.toml with [tool.genpnp])."""
    for folder in (content, content.parent):
        if (folder / FILE).is_file():
            return folder / FILE
        pyproject = folder / "pyproject.toml"
        if pyproject.is_file() and "[tool.genpnp]" in pyproject.read_text(encoding="utf-8", errors="replace"):
            return pyproject
    return None


def load(content: Path) -> ProjectDefaults | None:
    path = find(content)
    if path is None:
        return None
    shown = path.as_posix()
    text = read_text(path, shown, limit=1_000_000)
    if path.name == FILE:
        data: Any = load_text(text, shown) or LMap(loc=Loc(shown, 1, 1))
    else:
        data = _pyproject(text, shown)
    problems = Problems()
    ctx = Ctx(problems, path.parent, path.parent)
    value = build(ProjectDefaults, data, getattr(data, "loc", Loc(shown, 1, 1)), ctx)
    problems.check()
    return None if value is INVALID else value


def _pyproject(text: str, shown: str) -> LMap:
    try:
        import tomllib
    except ModuleNotFoundError:  # Python 3.10
        import tomli as tomllib  # type: ignore[no-redef]
    try:
        table = tomllib.loads(text).get("tool", {}).get("genpnp", {})
    except tomllib.TOMLDecodeError as exc:
        raise ContentError([Problem(Loc(shown), f"broken TOML: {exc}")]) from None
    out = LMap(table, loc=Loc(shown, 1, 1))
    if isinstance(table.get("release"), dict):
        out["release"] = LMap(table["release"], loc=out.loc)
    return out


def defaults_for(content: Path, command: str) -> dict[str, Any]:
    """click ``default_map`` entries for one command (release takes the matrix)."""
    project = load(content)
    if project is None:
        return {}
    out: dict[str, Any] = {"flip": project.flip, "offset": project.offset, "bleed": project.bleed,
                           "margin": project.margin}
    if command == "release":
        matrix = project.release or ReleaseMatrix()  # without release: the built-in matrix
        out.update(papers=list(matrix.papers), inks=list(matrix.inks), backs=list(matrix.backs))
    else:
        out.update(paper=project.paper, ink=project.ink, backs=project.backs)
    return out
