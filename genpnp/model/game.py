"""A game: its metadata (game.yaml) and its components in document order."""

from __future__ import annotations

from dataclasses import field
from pathlib import Path
from typing import Any

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
from genpnp.core.color import Color
from genpnp.core.errors import Loc, did_you_mean
from genpnp.core.outputs import name_message, name_problem
from genpnp.core.records import dataclass
from genpnp.core.units import MM
from genpnp.model.figure import FigureSpec
from genpnp.model.rulespec import RULES
from genpnp.model.stamp import STAMP

MAX_FONT_BYTES = 50_000_000  # one font file of a game (a large CJK font is about 20 MB)


def _font_file(value: Any, loc: Loc, ctx: Ctx) -> Any:
    """A TrueType/OpenType file of the game folder, registered with the font module (its internal name)."""
    from genpnp.core import fonts
    from genpnp.core.fileaccess import Refused, read

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


FONT_FILE = Custom(_font_file, {"type": "string"}, "TrueType/OpenType file in the game folder (.ttf, .otf)")
_FACES = (("file", ""), ("bold", "b"), ("italic", "i"), ("bold_italic", "bi"))


@dataclass(frozen=True, kw_only=True)
class FontEntry:
    """A font family of the game: its regular face (``file``) and, where the family has them, its bold,
    italic and bold italic faces, as files of the game folder or (``system``) installed on this machine.
    Text elements name the family by its key; **bold** and *italic* take the family's own faces, and a
    style the family lacks is an error at the text that asks for it."""

    file: str = fld(FONT_FILE, "", "the regular face, relative to the game folder", "fonts/Title-Regular.otf")
    bold: str = fld(FONT_FILE, "", "the bold face", "fonts/Title-Bold.otf")
    italic: str = fld(FONT_FILE, "", "the italic face", "fonts/Title-Italic.otf")
    bold_italic: str = fld(FONT_FILE, "", "the bold italic face", "fonts/Title-BoldItalic.otf")
    system: str = fld(Str(max_len=100), "", "a font family installed on this machine, found with fontconfig "
                      "(fc-match), instead of files: the build then depends on this machine, and reads outside the "
                      "game folder only when the person building allows it (GENPNP_SYSTEM_FONTS=1)",
                      "Liberation Serif")
    licence: str = fld(Str(), "", "the font's licence (it is embedded): required for font files",
                       "SIL Open Font License 1.1")
    loc: Loc = Loc("<built-in>")

    @classmethod
    def from_values(cls, values: dict, data: Any, loc: Loc, ctx: Any) -> Any:
        from genpnp.core import fonts

        where = data.loc_of if isinstance(data, LMap) else (lambda _key: loc)
        system = values.get("system", "")
        if bool(system) == bool(values.get("file")):
            return ctx.error(loc, 'a font names its regular face: either "file" (a font file of the game folder) '
                             'or "system" (a font family installed on this machine)')
        if system:
            import os

            if os.environ.get("GENPNP_SYSTEM_FONTS", "") not in ("1", "yes", "true"):
                # a game folder reads nothing outside itself unless the person building allows it
                return ctx.error(where("system"), f'"{system}" is a font installed on this machine, outside the game '
                                 "folder: a game reads only its own files unless you allow installed fonts for "
                                 "this build (GENPNP_SYSTEM_FONTS=1; only for a game you trust), or put the font's "
                                 "files in the game folder and name them with file:, bold:, italic:")
            faces = {}
            for key, style in _FACES:
                if key != "file" and values.get(key):
                    return ctx.error(where(key), f'"{key}" is a file; a system font takes its faces from the system')
                try:
                    face = fonts.register_system(system, style)
                except fonts.FontError as exc:
                    return ctx.error(where("system"), str(exc))
                if face is None and not style:
                    return ctx.error(where("system"), f'no font family "{system}" is installed on this machine '
                                     "(fc-match found none): install it, or put its files in the game folder and "
                                     "name them with file:, bold:, italic:")
                if face is not None:
                    faces[style] = face
            ctx.warn(where("system"), f'the system font "{system}" is used: this game builds the same only on a '
                     "machine that has it installed (put its files in the game folder to share the game)")
        else:
            if not values.get("licence"):
                return ctx.error(loc, 'missing key "licence": the font\'s licence (the font is embedded in the PDFs '
                                 "you share; e.g. SIL Open Font License 1.1)")
            faces = {style: values[key] for key, style in _FACES if values.get(key)}
        faces = fonts.family(faces)
        values = dict(values, file=faces[""], bold=faces.get("b", ""), italic=faces.get("i", ""),
                      bold_italic=faces.get("bi", ""))
        return cls(**values)


@dataclass(frozen=True, kw_only=True)
class TextStyle:
    """How one kind of the game's text looks."""

    font: str = fld(Str(max_len=100), "", "a font: built-in (sans, serif), shipped (cabin, vollkorn, karla, "
                    "averia-sans, averia-serif, comic-neue; cherry-bomb, bebas-neue, league-spartan, leckerli-one, "
                    "lobster-two) or one of the game's fonts", "cabin")
    size: float = fld(Length(4.0, 72.0), 0.0, "size (body text of rules texts; headings scale from it)", "10pt")
    color: str = fld(Str(max_len=40), "", "colour: a palette name, a colour name or #rrggbb", "ink")
    fill: str = fld(Str(max_len=40), "", "background of a callout or example box (a colour)", "paper")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class Styles:
    """The game's text styles, set once: each text of that kind takes them unless it sets its own."""

    body: TextStyle | None = fld(Obj(TextStyle), None, "body text: rules, guides and aids, and the text elements of "
                                 "pieces (their font, when an element names none)")
    heading: TextStyle | None = fld(Obj(TextStyle), None, "headings of rules, guides and aids (in the font's bold "
                                    "face when its family has one; a display face as it is)")
    title: TextStyle | None = fld(Obj(TextStyle), None, "titles: the title of each sheet (and the cover's)")
    callout: TextStyle | None = fld(Obj(TextStyle), None, "callout boxes of rules texts (`> ` lines): font, size, "
                                    "colour and fill")
    example: TextStyle | None = fld(Obj(TextStyle), None, "example boxes of rules texts (`> [!EXAMPLE]`): font, "
                                    "size, colour and fill")
    loc: Loc = Loc("<built-in>")


@dataclass(frozen=True, kw_only=True)
class PaletteEntry:
    """A named colour, with what it means and how it prints in black and white."""

    color: str = fld(Str(pattern=r"#[0-9A-Fa-f]{6}", hint="write #rrggbb"), example="#cc3333", doc="the colour")
    grey: float = fld(Num(0.0, 1.0), -1.0, "grey level in --ink bw (0 black, 1 white); default from brightness")
    pattern: str = fld(Enum("", "hatch", "cross", "dots", "stripes"), "", "pattern added in --ink bw (stripes: a "
                      "light hatch, its lines far apart)")
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
    cover: tuple = fld(ListOf(Str(max_len=100), single=True), (), "the pieces the cover shows, in order, as "
                       "figures name them (component, component#3, component[field=value], #back for a back); "
                       "a board named here (a piece over 10 cm) leads, drawn large beside the title; "
                       "by default the first, middle and last of each component of pieces",
                       ["voter-tokens[value=10]", "district-markers#1", "district-borders"])
    cover_figure: Any = fld(Obj(FigureSpec), None, "a figure the cover shows instead of its pieces, written as a "
                            "figure block of the rules (see Figures): a board with a game in progress")
    source: str = fld(Prose(), "", "where the original game can be found")
    printing: tuple = fld(ListOf(Prose(max_len=300), single=True), (),
                          "the game's own printing advice, on the cover after the print steps: a cheaper way to "
                          "make a piece, what a smaller game can leave unprinted",
                          ["Strips tedious to cut? Draw the borders with a dry-erase pen on a clear sheet instead."])
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
    fonts: dict | None = fld(MapOf(Obj(FontEntry)), None, "the game's own font families: name -> {file, bold, "
                             "italic, bold_italic, licence} or {system: family name}; text elements use them by "
                             "name (font: title)")
    styles: Styles | None = fld(Obj(Styles), None, "the game's text styles: body, heading, title, callout, example "
                                "(see Text styles)")
    release: ReleaseSpec | None = fld(Obj(ReleaseSpec), None, "image exports `genpnp release` adds (ReleaseSpec)")
    loc: Loc = Loc("<built-in>")

    @classmethod
    def from_values(cls, values: dict, data: Any, loc: Loc, ctx: Any) -> Any:
        """Every name in ``distinct`` must be a palette entry."""
        from genpnp.core import fonts

        for font_name, entry in (values.get("fonts") or {}).items():
            for key, style in _FACES:
                face = getattr(entry, key)
                if face:
                    fonts.label(face, font_name + (f" ({fonts.STYLE_NAMES[style]})" if style else ""))
        from genpnp.content.scripts import cover_glyphs

        def at(key: str) -> Loc:
            return data.loc_of(key) if isinstance(data, LMap) else loc

        title = values["styles"].title if values.get("styles") is not None else None
        title_font = fonts.BOLD
        if title is not None and title.font:
            game_fonts = values.get("fonts") or {}
            title_font = game_fonts[title.font].file if title.font in game_fonts else title.font
        for key in ("name", "description", "publisher", "source"):
            if values.get(key):
                cover_glyphs(values[key], title_font if key == "name" else fonts.DEFAULT, at(key), ctx)
        for key in ("designers", "artists", "credits"):
            for text in values.get(key, ()):
                cover_glyphs(text, fonts.DEFAULT, at(key), ctx)
        names = values.get("palette") or {}
        bad = not _check_styles(values, data, ctx)
        groups = data.get("distinct") if isinstance(data, LMap) else None
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
    cover_figure: Any = None  # game.yaml's cover_figure, resolved (genpnp.model.figure.Figure)

    def ordered(self) -> list[Any]:
        return [self.components[name] for name in self.meta.sections if name in self.components]

    def component_loc(self, name: str) -> Loc:
        return self.components[name].loc


def _check_styles(values: dict, data: Any, ctx: Any) -> bool:
    """Each style's font is known (built-in, shipped or the game's) and its colour is a colour; the names
    are kept as written (resolved where the text is set)."""
    from genpnp.core import fonts
    from genpnp.core.color import parse_color

    styles = values.get("styles")
    if styles is None:
        return True
    good = True
    raw = data.get("styles") if isinstance(data, LMap) else None
    game_fonts = values.get("fonts") or {}
    palette = values.get("palette") or {}
    for kind in ("body", "heading", "title", "callout", "example"):
        style = getattr(styles, kind)
        if style is None:
            continue
        entry = raw.get(kind) if isinstance(raw, LMap) else None

        def at(key: str, entry: Any = entry, style: Any = style) -> Loc:
            return entry.loc_of(key) if isinstance(entry, LMap) and key in entry else style.loc

        if style.font and style.font not in game_fonts:
            try:
                fonts.font_path(style.font)
            except fonts.FontError:
                known = sorted(set(fonts.available()) | set(game_fonts))
                ctx.error(at("font"), f'unknown font "{style.font}"{did_you_mean(style.font, known)}')
                good = False
        for key in ("color", "fill"):
            value = getattr(style, key)
            if value and value not in palette:
                try:
                    parse_color(value)
                except ValueError as exc:
                    hint = did_you_mean(value, palette) if palette and "did you mean" not in str(exc) else ""
                    ctx.error(at(key), f"{exc}{hint}")
                    good = False
    return good
