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

from genpnp.color import Color, parse_color
from genpnp.content import overlay
from genpnp.content.overlay import Overlay
from genpnp.content.schema import INVALID, Ctx, build
from genpnp.content.textvalues import fill_texts
from genpnp.content.unused import check_columns, rule_words
from genpnp.content.yamlload import LMap, load_file
from genpnp.errors import ContentError, Loc, Problem, Problems, UsageError, did_you_mean
from genpnp.model import kind_class, kind_names
from genpnp.model.game import Game, GameMeta

DEFAULT_CONTENT = Path("content")


def is_game(folder: Path) -> bool:
    return (folder / "game.yaml").is_file()


def discover(content: Path) -> dict[str, Path]:
    """Game id -> folder, for a folder of games or a single game folder."""
    if not content.exists():
        raise UsageError(f"{content}: no such content folder")
    if is_game(content):
        return {content.resolve().name: content}
    return {p.name: p for p in sorted(content.iterdir()) if p.is_dir() and is_game(p)}


def resolve_games(content: Path, names: tuple[str, ...] | list[str]) -> dict[str, Path]:
    """Pick the games the user named (folder names or paths); all when none named."""
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
              untranslated: list | None = None) -> Game:
    """Load and check one game (with ``overlays`` merged over it) in language ``lang`` (None: the first of
    its languages); raises ContentError listing every problem. With ``untranslated`` (a list), texts
    with no translation are added to it instead of reported (`genpnp translate`)."""
    problems = Problems()
    game_file = folder / "game.yaml"
    root = folder.resolve()
    data = _load(game_file, problems, root)
    if data is None:
        problems.check()
    ctx = Ctx(problems, root, root.parent if game_id is None else root.parent)
    if not isinstance(data, dict):
        problems.add(Loc(shown(game_file), 1, 1), "game.yaml must be a mapping of keys")
        problems.check()
    paths = [p for p in sorted(folder.glob("*.yaml")) + sorted(folder.glob("*.yml")) if p.name != "game.yaml"]
    data, sources = overlay.apply(data, [(p, _load(p, problems, root)) for p in paths], overlays, ctx)
    ctx.lang = _translator(root, data, game_file, lang, problems, untranslated)
    meta = build(GameMeta, data, data.loc if isinstance(data, LMap) else Loc(shown(game_file)), ctx)
    if meta is INVALID:
        problems.check()
    ctx.palette = _palette(meta)
    ctx.fonts = {name: entry.file for name, entry in (meta.fonts or {}).items()}
    ctx.root = root
    components: dict[str, Any] = {}
    files = []
    for path, file_data in sources:
        files.append(shown(path))
        if file_data is None:
            if not any(p.loc.file == shown(path) for p in problems.items):
                problems.add(Loc(shown(path), 1, 1), 'the file is empty: a component file needs a top-level '
                             '"components:" mapping', "warning")
            continue
        _load_components(file_data, path, ctx, components)
    for i, section in enumerate(meta.sections):
        if section not in components and not any(p.severity == "error" for p in problems.items):
            sec_loc = data.loc_of("sections")
            if isinstance(data.get("sections"), list):
                sec_loc = data["sections"].loc_of(i)
            problems.add(sec_loc, f'no component "{section}"{did_you_mean(section, components)}')
    check_columns(components, rule_words(meta.rules), ctx)
    for name, comp in components.items():
        if name not in meta.sections:
            problems.add(comp.loc, f'the component "{name}" is in no section of game.yaml: add it to sections')
    problems.check()
    components = _stamped(components, meta)
    game = fill_texts(Game(game_id or folder.resolve().name, folder, meta, ctx.palette, components, tuple(files),
                           lang=_built_language(ctx.lang)), problems)
    if untranslated is not None and ctx.lang is not None:
        untranslated.extend(ctx.lang.missing)
    problems.check()
    return replace(game, warnings=tuple(problems.warnings))


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


def _load_components(data: Any, path: Path, ctx: Ctx, out: dict[str, Any]) -> None:
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
        if comp_name in out:
            ctx.error(comps.key_loc(comp_name), f'a component named "{comp_name}" exists already')
            continue
        if not isinstance(value, LMap):
            ctx.error(loc, "a component is a mapping with a kind")
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
