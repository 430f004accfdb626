"""A game: its metadata (game.yaml) and its components in document order."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from genpnp.color import Color
from genpnp.content.schema import (
    INVALID,
    Ctx,
    Custom,
    Enum,
    Int,
    Length,
    ListOf,
    MapOf,
    Num,
    Obj,
    PathSpec,
    Prose,
    Str,
    fld,
)
from genpnp.content.yamlload import LList, LMap
from genpnp.errors import Loc, did_you_mean
from genpnp.model.stamp import STAMP
from genpnp.outputs import name_message, name_problem
from genpnp.rules.spec import RULES
from genpnp.units import MM

MAX_FONT_BYTES = 50_000_000  # one font file of a game (a large CJK font is about 20 MB)


def _font_file(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """A TrueType/OpenType file of the game folder, registered with the font module (its internal name)."""
    from genpnp import fonts
    from genpnp.fileaccess import Refused, read

    path = PathSpec((".ttf", ".otf")).parse(value, loc, ctx)
    if path is INVALID:
        return INVALID
    try:
        read(path, ctx.root, MAX_FONT_BYTES)  # the door: inside the game folder, a regular file, not huge
    except Refused as exc:
        return ctx.error(loc, f"{value}: {exc}")
    try:
        return fonts.register(path.stem, path)
    except fonts.FontError as exc:
        return ctx.error(loc, f"{value}: {exc}")


@dataclass(frozen=True, kw_only=True)
class FontEntry:
    """A font of the game folder, embedded (subset) in the PDFs; text elements name it by its key."""

    file: str = fld(Custom(_font_file, {"type": "string"}, "TrueType/OpenType file in the game folder"),
                    example="fonts/Title.ttf", doc="the font file, relative to the game folder")
    licence: str = fld(Str(), example="SIL Open Font License 1.1", doc="the font's licence (it is embedded)")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class PaletteEntry:
    """A named colour, with what it means and how it prints in black and white."""

    color: str = fld(Str(pattern=r"#[0-9A-Fa-f]{6}", hint="write #rrggbb"), example="#cc3333", doc="the colour")
    grey: float = fld(Num(0.0, 1.0), -1.0, "grey level in --ink bw (0 black, 1 white); default from brightness")
    pattern: str = fld(Enum("", "hatch", "cross", "dots"), "", "pattern added in --ink bw")
    label: str = fld(Prose(), "", "what the colour stands for (shown in the cover's legend)")
    emblem: str = fld(Str(max_len=40), "", "the shape or sign every piece of this colour also carries (a suit sign, "
                      "an animal), so that colour is not the only way to tell it apart: the colour-vision check "
                      "takes two entries with different emblems as told apart", "heart")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class ReleaseSpec:
    """What `genpnp release` makes of the game besides its PDFs (see docs/release.md)."""

    export: tuple = fld(ListOf(Enum("png", "tts"), single=True), (),
                        "image exports: png (one PNG per face, for print-on-demand shops), "
                        "tts (Tabletop Simulator deck sheets)", ["png", "tts"])
    dpi: int = fld(Int(20, 1200), 300, "resolution of the exported images")
    bleed: float = fld(Length(hi=12 * MM), 0.0, "bleed around each PNG of the png export (1/8 in: 0.125in)")
    ink: str = fld(Enum("color", "bw", "saver"), "color", "ink of the exported images")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class GameMeta:
    """The contents of game.yaml."""

    name: str = fld(Prose(max_len=60), doc="the game's name", example="Harbour Lights")
    version: str = fld(Str(max_len=20), doc="version of this print-and-play edition", example="1.0")
    licence: str = fld(Prose(), doc="licence of the game's content", example="CC BY-NC-SA 4.0")
    players: str = fld(Str(), doc="number of players", example="2-4")
    time: str = fld(Str(max_len=30), "", "how long a game takes (shown on the cover)", "30-45 min")
    age: str = fld(Str(max_len=20), "", "the players' age (shown on the cover)", "10+")
    designers: tuple = fld(ListOf(Str(), single=True), (), "game designers")
    artists: tuple = fld(ListOf(Str(), single=True), (), "artists")
    publisher: str = fld(Str(), "", "publisher")
    year: int = fld(Int(1800, 2200), 0, "year of first publication")
    description: str = fld(Prose(), "", "one or two sentences for the cover")
    credits: tuple = fld(ListOf(Prose(), single=True), (), "further credit lines for the cover")
    source: str = fld(Prose(), "", "where the original game can be found")
    rules: tuple = fld(RULES, (), "the rules the game's pieces must satisfy (see Rules)")
    palette: dict | None = fld(MapOf(Obj(PaletteEntry)), None, "named colours, usable wherever a colour is asked")
    distinct: tuple = fld(ListOf(ListOf(Str(), min_len=2)), (),
                          "groups of palette names that players must tell apart (players' colours; a piece and "
                          "the board cell it lies on): in each group every two colours must differ by 20% in "
                          "grey, or have different patterns in --ink bw (a warning otherwise)",
                          example=[["red", "blue", "paper"]])
    stamp: Any = fld(STAMP, None, "a version stamp on every piece (see Stamp): version, digest or both; a "
                     "component's own `stamp:` overrides it", "version")
    languages: tuple = fld(ListOf(Str(pattern=r"[a-z]{2,3}(?:-[A-Z]{2})?", hint="a language code: en, de"),
                                  single=True), (),
                           "the languages the game is built in, the one its content is written in first "
                           "(see One game, many languages)", ["en", "de"])
    sections: tuple = fld(ListOf(Str(), min_len=1), doc="the components in document order (after the cover)")
    fonts: dict | None = fld(MapOf(Obj(FontEntry)), None, "the game's own fonts: name -> {file, licence}; "
                             "text elements use them by name (font: title)")
    release: ReleaseSpec | None = fld(Obj(ReleaseSpec), None, "image exports `genpnp release` adds (ReleaseSpec)")
    loc: Loc = Loc("<built-in>")

    @classmethod
    def from_values(cls, values: dict, data: Any, loc: Loc, ctx: Any) -> Any:
        """Every name in ``distinct`` must be a palette entry."""
        names = values.get("palette") or {}
        groups = data.get("distinct") if isinstance(data, LMap) else None
        bad = False
        for i, group in enumerate(values.get("distinct", ())):
            for j, name in enumerate(group):
                if name not in names:
                    where = groups[i].loc_of(j) if isinstance(groups, LList) and isinstance(groups[i], LList) else loc
                    ctx.error(where, f'"{name}" is not in the palette{did_you_mean(name, names)}')
                    bad = True
        version = str(values.get("version", ""))
        unsafe = name_problem(version)  # the version names the release's zips
        if unsafe is not None:
            ctx.error(data.loc_of("version") if isinstance(data, LMap) and "version" in data else loc,
                      name_message(version, "version", unsafe))
            bad = True
        return INVALID if bad else cls(**values)


@dataclass(frozen=True)
class Game:
    """A loaded game: id (folder name), folder, metadata, palette and components."""

    id: str
    root: Path
    meta: GameMeta
    palette: dict[str, Color]
    components: dict[str, Any]
    files: tuple[str, ...] = field(default=())
    warnings: tuple = field(default=())  # content warnings found while loading
    drafts: tuple = field(default=())  # errors a draft shows (build --force): text too long for its box
    lang: str = ""  # the language built, when not the game's first (its files end in -<lang>)

    def ordered(self) -> list[Any]:
        return [self.components[name] for name in self.meta.sections if name in self.components]

    def component_loc(self, name: str) -> Loc:
        return self.components[name].loc
