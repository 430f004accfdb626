"""Finding games in a content folder and loading one into the model.

A game is a folder with a ``game.yaml``; every other ``*.yaml`` directly in it
is a component file with a top-level ``components:`` mapping (name -> component,
each with a ``kind:``). Sub-folders hold data, text and maps that components name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from genpnp.content.schema import INVALID, Ctx, build
from genpnp.content.yamlload import LList, LMap, load_file
from genpnp.core.color import Color, parse_color
from genpnp.core.errors import ContentError, Loc, Problem, Problems, UsageError, did_you_mean
from genpnp.core.gamefolder import discover, is_game
from genpnp.core.outputs import name_message, name_problem
from genpnp.load import overlay
from genpnp.load.overlay import Overlay
from genpnp.load.textvalues import fill_texts
from genpnp.load.unused import check_columns, rule_words
from genpnp.model import kind_class, kind_names
from genpnp.model.figure import resolve, resolve_figures
from genpnp.model.game import Game, GameMeta

DEFAULT_CONTENT = Path("content")


def locate(content: Path) -> Path:
    """The content folder: as given, or, when the default ``content`` is not here, the working folder if it
    is a game folder or a folder of games (``genpnp build`` run inside a game works)."""
    if content != DEFAULT_CONTENT or content.exists():
        return content
    here = Path(".")
    try:
        if is_game(here) or any(p.is_dir() and is_game(p) for p in here.iterdir()):
            return here
    except OSError:
        pass
    return content


def resolve_games(content: Path, names: tuple[str, ...] | list[str]) -> dict[str, Path]:
    """Pick the games the user named (folder names or paths); all when none named."""
    content = locate(content)
    found = discover(content) if content.exists() or not names else {}
    if not names:
        if not found:
            raise UsageError(f"{content}: no games found (a game is a folder with a game.yaml)")
        return found
    out: dict[str, Path] = {}
    for name in names:
        path = Path(name)
        if name in found:
            out[name] = found[name]
        elif is_game(path):
            out[path.resolve().name] = path
        else:
            raise UsageError(f'no game "{name}" in {content}{did_you_mean(name, found)}')
    return out


def shown(path: Path) -> str:
    """A file's name in messages: relative to the working folder, as named (one convention for every file)."""
    from genpnp.content.yamlload import display_name

    return display_name(path)


def _palette(meta: GameMeta) -> dict[str, Color]:
    out = {}
    for name, entry in (meta.palette or {}).items():
        base = parse_color(entry.color)
        out[name] = Color(base.r, base.g, base.b, name, None if entry.grey < 0 else entry.grey, entry.pattern,
                          entry.label)
    return out


def load_game(folder: Path, game_id: str | None = None, overlays: Sequence[Overlay] = (), lang: str | None = None,
              untranslated: list | None = None, draft: bool = False) -> Game:
    """Load and check one game (with ``overlays`` merged over it) in language ``lang`` (None: the first of
    its languages); raises ContentError listing every problem. With ``untranslated`` (a list), texts
    with no translation are added to it instead of reported (`genpnp translate`).

    With ``draft`` (build --force), errors the PDF can still show (text too long for its box) do not stop
    the load: they are the game's ``drafts``, drawn marked in the PDF, and the build still fails."""
    problems = Problems()
    game_file = folder / "game.yaml"
    root = folder.resolve()
    data = _load(game_file, problems, root)
    if data is None:
        problems.check()
    ctx = Ctx(problems, root, root)  # game.yaml names files of the game folder, as every other file does
    if not isinstance(data, dict):
        problems.add(Loc(shown(game_file), 1, 1), "game.yaml must be a mapping of keys")
        problems.check()
    paths = [p for p in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")) if p.name != "game.yaml"]
    data, sources = overlay.apply(data, [(p, _load(p, problems, root)) for p in paths], overlays, ctx)
    ctx.lang = _translator(root, data, game_file, lang, problems, untranslated)
    meta = build(GameMeta, data, data.loc if isinstance(data, LMap) else Loc(shown(game_file)), ctx)
    # a mistake in game.yaml does not hide the component files' mistakes: every content error in one run
    ctx.palette = _palette(meta) if meta is not INVALID else _palette_of(data, ctx)
    ctx.fonts = {name: entry.file for name, entry in (meta.fonts or {}).items()} if meta is not INVALID else {}
    ctx.styles = meta.styles if meta is not INVALID else None
    ctx.root = root
    components: dict[str, Any] = {}
    declared: set[str] = set()  # every component written, built or not (a section naming a broken one is right)
    files = []
    for path, file_data in sources:
        files.append(shown(path))
        if file_data is None:
            if not any(p.loc.file == shown(path) for p in problems.items):
                problems.add(Loc(shown(path), 1, 1), 'the file is empty: a component file needs a top-level '
                             '"components:" mapping', "warning")
            continue
        _load_components(file_data, path, ctx, components, declared)
    sections = meta.sections if meta is not INVALID else _raw_sections(data)
    for i, section in enumerate(sections):
        if section not in declared:
            sec_loc = data.loc_of("sections")
            if isinstance(data.get("sections"), list):
                sec_loc = data["sections"].loc_of(i)
            problems.add(sec_loc, f'no component "{section}"{did_you_mean(section, declared)}')
    if meta is not INVALID:
        check_columns(components, rule_words(meta.rules), ctx)
        if problems.errors:  # the rules will not run this time: their references are checked now (one run)
            _check_references(meta, declared, game_id or folder.resolve().name, folder, problems)
    for name, comp in components.items():
        if name not in sections and (meta is not INVALID or isinstance(data.get("sections"), list)):
            problems.add(comp.loc, f'the component "{name}" is in no section of game.yaml: add it to sections')
    problems.check(draft)
    assert meta is not INVALID  # its problems were raised above
    components = _stamped(components, meta)
    game = fill_texts(Game(game_id or folder.resolve().name, folder, meta, ctx.palette, components, tuple(files),
                           lang=_built_language(ctx.lang)), problems)
    if untranslated is not None and ctx.lang is not None:
        untranslated.extend(ctx.lang.missing)
    game = resolve_figures(game, problems)
    if game.meta.cover_figure is not None:  # each bad name an error at its line of game.yaml
        spec = game.meta.cover_figure
        game = replace(game, cover_figure=resolve(spec, game, problems, spec.loc.line))
    _check_cover(game, data, problems)
    problems.check(draft)
    drafts = tuple(sorted(set(problems.errors), key=lambda p: (p.loc, p.message)))  # none unless draft
    return replace(game, warnings=tuple(problems.warnings), drafts=drafts)


def _check_cover(game: Game, data: Any, problems: Problems) -> None:
    """Each piece ``cover:`` names must exist: an error at its place in game.yaml, with did-you-mean."""
    from genpnp.model.figure import CellError, find_piece

    written = data.get("cover") if isinstance(data, LMap) else None
    for i, ref in enumerate(game.meta.cover):
        try:
            find_piece(game, ref)
        except CellError as exc:
            loc = written.loc_of(i) if isinstance(written, LList) else data.loc_of("cover")
            problems.add(loc, f"cover: {exc}")


def _translator(root: Path, data: Any, game_file: Path, lang: str | None, problems: Problems,
                untranslated: list | None) -> Any:
    """The game's translator for ``lang`` (genpnp.content.translate), None for a game in one language."""
    from genpnp.content import translate

    languages = translate.languages_of(data, shown(game_file), problems)
    if not languages and lang is None:
        return None
    return translate.translator(root, languages, lang, problems, Loc(shown(game_file)), untranslated is not None)


def _built_language(translator: Any) -> str:
    """The language code a build's file names carry: "" for the game's first (or only) language."""
    return "" if translator is None or translator.source_language else translator.code


def _stamped(components: dict[str, Any], meta: GameMeta) -> dict[str, Any]:
    """Each piece component with its version stamp: its own, else game.yaml's, with the game's version."""
    from genpnp.model.stamp import with_version

    out = {}
    for name, comp in components.items():
        if hasattr(comp, "stamp") and (comp.stamp is not None or meta.stamp is not None):
            own = comp.stamp if comp.stamp is not None else meta.stamp
            comp = replace(comp, stamp=with_version(own, meta.version) if own else None)
        out[name] = comp
    return out


def warnings_of(game: Game) -> tuple:
    return game.warnings


def strict_problems(warnings: Sequence[Problem]) -> list[Problem]:
    """--strict: each warning as an error, saying why it fails."""
    return [Problem(w.loc, f"{w.message} [a warning, an error with --strict]") for w in warnings]


def _load(path: Path, problems: Problems, root: Path) -> Any:
    try:
        return load_file(path, shown(path), root)
    except ContentError as exc:
        problems.extend(exc.problems)
        return None


class _Unbuilt:
    """A component in a reference probe: it exists, and anything a rule asks of it stops that rule."""

    def __getattr__(self, name: str) -> Any:
        raise _Probe(name)


class _Probe(Exception):
    pass


def _check_references(meta: GameMeta, declared: set[str], game_id: str, folder: Path, problems: Problems) -> None:
    """Each rule's references to components that are not written anywhere, when the load has other errors
    (the rules run only on a game that loads): every rule stops at the first component it reads, so no
    rule's own work is done, only its names resolved."""
    from genpnp.rules.check import run_rule

    probe = Game(game_id, folder, meta, {}, {name: _Unbuilt() for name in declared})
    for rule in meta.rules:
        try:
            outcome = run_rule(probe, rule)
        except Exception:  # noqa: BLE001 - the probe stopped the rule at a component that exists
            continue
        for v in outcome.violations:
            if 'no component "' in v.message:
                problems.add(v.loc, f"{v.rule}: {v.message}")


def _palette_of(data: Any, ctx: Ctx) -> dict[str, Color]:
    """The palette of a game.yaml that has mistakes elsewhere (its own are reported by GameMeta)."""
    from genpnp.content.schema import MapOf, Obj
    from genpnp.model.game import PaletteEntry

    if not isinstance(data, LMap) or "palette" not in data:
        return {}
    quiet = Ctx(Problems(), ctx.base, ctx.root)
    entries = MapOf(Obj(PaletteEntry)).parse(data["palette"], data.loc_of("palette"), quiet)
    if entries is INVALID:
        return {}
    meta = GameMeta(name="", version="", licence="", players="", sections=(), palette=entries)
    return _palette(meta)


def _raw_sections(data: Any) -> tuple[str, ...]:
    """The sections of a game.yaml that has mistakes (names only; their own mistakes are reported)."""
    value = data.get("sections") if isinstance(data, LMap) else None
    return tuple(v for v in value if isinstance(v, str)) if isinstance(value, list) else ()


def _load_components(data: Any, path: Path, ctx: Ctx, out: dict[str, Any], declared: set[str]) -> None:
    name = shown(path)
    if not isinstance(data, LMap) or "components" not in data:
        ctx.error(getattr(data, "loc", Loc(name, 1, 1)), 'a component file needs a top-level "components:" mapping')
        return
    for key in data:
        if key != "components":
            ctx.error(data.key_loc(key), f'unknown key "{key}" (did you mean "components"?)')
    comps = data["components"]
    if not isinstance(comps, LMap):
        ctx.error(data.loc_of("components"), "components is a mapping of name to component")
        return
    for comp_name, value in comps.items():
        loc = comps.loc_of(comp_name)
        if comp_name in declared:
            ctx.error(comps.key_loc(comp_name), f'a component named "{comp_name}" exists already')
            continue
        if not isinstance(value, LMap):
            ctx.error(loc, "a component is a mapping with a kind")
            continue
        declared.add(comp_name)
        unsafe = name_problem(str(comp_name))  # a component's name names its export folder and PDF
        if unsafe is not None:
            ctx.error(comps.key_loc(comp_name), name_message(str(comp_name), "the component name", unsafe))
            continue
        kind_name = value.get("kind")
        cls = kind_class(kind_name) if isinstance(kind_name, str) else None  # a mapping or list is no name
        if cls is None:
            where = value.loc_of("kind") if "kind" in value else loc
            what = f'unknown kind "{kind_name}"' if "kind" in value else 'missing key "kind"'
            ctx.error(where, f"{what}{did_you_mean(str(kind_name), kind_names())}")
            continue
        comp = build(cls, value, loc, ctx, extra={"name": comp_name})
        if comp is not INVALID:
            out[comp_name] = comp
