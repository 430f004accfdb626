"""The genpnp command line: each command loads, validates, builds or reports, in a few lines."""

from __future__ import annotations

import contextlib
import functools
import gc
import json
import sys
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import click

from genpnp import __version__
from genpnp.core import i18n, progress
from genpnp.core.errors import ContentError, GenpnpError, UsageError
from genpnp.core.outputs import check_out
from genpnp.core.progress import verbosity_options
from genpnp.core.units import MM
from genpnp.impose.options import Options, check_pixels, parse_length_option, parse_offset, parse_paper


def _project_defaults(ctx: click.Context, param: click.Parameter, value: Path) -> Path:
    """Read genpnp.yaml (or [tool.genpnp]) next to the content: defaults that options override."""
    from genpnp.load.projectfile import defaults_for

    try:
        found = defaults_for(value, ctx.info_name or "")
    except GenpnpError as exc:
        for line in exc.lines():
            click.echo(line, err=True)
        ctx.exit(1)
    ctx.default_map = {**found, **(ctx.default_map or {})}
    return value


def content_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--strict", is_flag=True, expose_value=False, callback=_keep_strict,
                      help="Treat warnings as errors (for CI).")(fn)
    return click.option(
        "--content", "content", type=click.Path(path_type=Path), default=Path("content"), show_default=True,
        is_eager=True, callback=_project_defaults,
        help="A folder of game folders, or one game folder (its genpnp.yaml gives defaults).",
    )(fn)


def _keep_strict(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    ctx.meta["genpnp.strict"] = value


def reports_errors(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Turn genpnp errors into `path:line:col: message` lines and exit 1, never a traceback."""

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except UsageError as exc:  # exit codes: 0 ok, 1 content or rules errors, 2 usage errors
            click.echo(f"usage error: {exc}", err=True)
            sys.exit(2)
        except GenpnpError as exc:
            for line in exc.lines():
                click.echo(line, err=True)
            sys.exit(1)
        except BrokenPipeError:  # stdout's reader has gone (| head): the work is done, say nothing more
            progress.silence_stdout()
            sys.exit(0)
        except OSError as exc:
            where = exc.filename or ""
            click.echo(f"{where}: {exc.strerror or exc}" if where else f"error: {exc}", err=True)
            sys.exit(1)
        except KeyboardInterrupt:
            click.echo("interrupted: nothing was written", err=True)
            sys.exit(130)

    return wrapper


_STARTED = False  # whether a command of this process has started (see startup)


@contextlib.contextmanager
def startup() -> Iterator[None]:
    """A command's start: importing its modules and loading its games. What they make lives on to the
    command's end (functions, classes, the game model), so the cyclic garbage collector, which would walk
    it again and again and free nothing, is paused meanwhile; then all of it is set aside for good
    (``gc.freeze``), and collections after it walk only what the command makes later (a deck's one-edit
    rebuild: 3-4% less CPU). The cycles loading leaves behind (one to three thousand small objects a game)
    are kept to the end: 1-2% more peak memory for a build of every game. Once a process: a later command
    of the same process (the tests run many) collects as usual."""
    global _STARTED
    if _STARTED or not gc.isenabled():
        yield
        return
    _STARTED = True
    gc.disable()
    try:
        yield
    finally:
        gc.freeze()
        gc.enable()


class LengthOption(click.ParamType):
    """A length option: 3mm, 0.125in, 9pt or a bare number of millimetres; gives millimetres. A value that is not
    a finite length in [lo, hi] mm is a usage error (exit 2)."""

    name = "length"

    def __init__(self, lo_mm: float, hi_mm: float):
        self.lo_mm, self.hi_mm = lo_mm, hi_mm

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        try:
            return parse_length_option(value, "", self.lo_mm, self.hi_mm)
        except UsageError as exc:
            self.fail(str(exc).lstrip(": "), param, ctx)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return "LENGTH"


def _print_option_list() -> dict[str, Callable[..., Any]]:
    opt = click.option
    return {
        "paper": opt("--paper", default="letter", show_default=True,
                     help="letter, a4, legal, a3, tabloid, or WxH (210x297mm)."),
        "backs": opt("--backs", type=click.Choice(["fold", "duplex"]), default="fold", show_default=True,
                     help="Double-sided pieces as fold pairs, or backs on the next page."),
        "flip": opt("--flip", type=click.Choice(["long", "short"]), default="long", show_default=True,
                    help="Duplex: which edge the printer flips on."),
        "offset": opt("--offset", default="0,0", show_default=True,
                      help="Duplex: shift of back pages X,Y (lengths; bare numbers in mm)."),
        "bleed": opt("--bleed", type=LengthOption(0, 6), default=0.0, show_default=True,
                     help="Bleed: art past the cut, with crop marks (3mm, 0.125in; a bare number is mm; at most 6mm)."),
        "gutter": opt("--gutter", type=LengthOption(0, 12), default=None,
                      help="With bleed: space between neighbouring pieces (each gets half of it as bleed; up to 12mm) "
                           "[default: rectangles butt on shared cuts, one crop tick per cut; round and hex pieces "
                           "the widest gap, up to twice the bleed, that costs no piece]."),
        "ink": opt("--ink", type=click.Choice(["color", "bw", "saver"]), default="color", show_default=True,
                   help="Colour, black-and-white (greys and patterns) or ink saver."),
        "margin": opt("--margin", type=LengthOption(5, 40), default=6.35, show_default=True,
                      help="Printer-safe margin (0.25in, 6.35mm; a bare number is mm; 5mm to 40mm)."),
        "component": opt("--component", "components", multiple=True, help="Only this component (repeatable)."),
        "copies-as-note": opt("--copies-as-note", is_flag=True,
                              help="Print 'print N times' instead of repeating sheets."),
    }


def print_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--paper --backs --flip --offset --bleed --ink --margin --component --copies-as-note."""
    for option in reversed(list(_print_option_list().values())):
        fn = option(fn)
    return fn


def build_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The print options but the release matrix's (paper, ink, backs: repeatable in release)."""
    for name, option in reversed(list(_print_option_list().items())):
        if name not in ("paper", "ink", "backs"):
            fn = option(fn)
    return fn


def make_options(paper: str, backs: str, flip: str, offset: str, bleed: float, ink: str, margin: float,
                 components: tuple[str, ...], copies_as_note: bool, gutter: float | None = None) -> Options:
    return Options(parse_paper(paper), margin * MM, backs, flip, parse_offset(offset), bleed * MM,
                   None if gutter is None else gutter * MM, ink, tuple(components), copies_as_note)


def _keep_overlays(ctx: click.Context, param: click.Parameter, value: tuple[Any, ...]) -> None:
    ctx.meta.setdefault("genpnp.overlays", {})[param.name] = value


def overlay_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--overlay FILE.yaml and --set key.path=value (docs/content.md, "Overlays"); read by load_games."""
    fn = click.option("--lang", "lang", default=None, metavar="CODE", expose_value=False, callback=_keep_overlays,
                      help="Build the game in this one of its languages (game.yaml `languages:`); default: "
                           "the first.")(fn)
    fn = click.option("--set", "sets", multiple=True, metavar="KEY.PATH=VALUE", expose_value=False,
                      callback=_keep_overlays, help="A one-off change, e.g. components.red-tiles.qty=10.")(fn)
    return click.option("--overlay", "overlays", multiple=True, type=click.Path(path_type=Path),
                        expose_value=False, callback=_keep_overlays,
                        help="A YAML file of changes merged over the game (repeatable).")(fn)


def current_overlays() -> list[Any]:
    from genpnp.load.overlay import parse_set, read_overlay
    from genpnp.load.project import shown

    ctx = click.get_current_context(silent=True)
    given = ctx.meta.get("genpnp.overlays", {}) if ctx is not None else {}
    problems, out = [], []
    for path in given.get("overlays", ()):
        try:
            out.append(read_overlay(path, shown(path)))
        except ContentError as exc:
            problems.extend(exc.problems)
    for text in given.get("sets", ()):
        try:
            out.append(parse_set(text))
        except ContentError as exc:
            problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return out


def current_lang() -> str | None:
    """--lang: the language to load games in (None: each game's first)."""
    ctx = click.get_current_context(silent=True)
    return ctx.meta.get("genpnp.overlays", {}).get("lang") if ctx is not None else None


def strict() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.meta.get("genpnp.strict"))


def load_each(content: Path, names: tuple[str, ...], draft: bool = False) -> dict[str, Any]:
    """Game id -> the loaded game, or the ContentError it raised (--strict: warnings are errors; ``draft``:
    errors a PDF can show do not stop the load, see load_game)."""
    from genpnp.load.project import load_game, resolve_games, strict_problems, warnings_of

    out: dict[str, Any] = {}
    overlays = current_overlays()
    for game_id, folder in resolve_games(content, names).items():
        try:
            game = load_game(folder, game_id, overlays, current_lang(), draft=draft)
            if strict() and warnings_of(game):
                raise ContentError(strict_problems(warnings_of(game)))
            out[game_id] = game
        except ContentError as exc:
            out[game_id] = exc
    return out


def every_language(results: dict[str, Any]) -> dict[str, Any]:
    """Each game that loaded in its first language, loaded in its other languages too: a missing
    translation (or any problem only another language has) makes the game a ContentError."""
    from genpnp.load.project import load_game

    out = dict(results)
    for game_id, game in results.items():
        if isinstance(game, ContentError) or len(game.meta.languages) < 2:
            continue
        problems = []
        for lang in game.meta.languages[1:]:
            try:
                load_game(game.root, game_id, current_overlays(), lang)
            except ContentError as exc:
                problems.extend(exc.problems)
        if problems:
            out[game_id] = ContentError(problems)
    return out


def other_languages(games: list[Any]) -> list[Any]:
    """Each game loaded in every language but its first (a content error in one is reported)."""
    from genpnp.load.project import load_game

    out, problems = [], []
    for game in games:
        for lang in game.meta.languages[1:]:
            try:
                out.append(load_game(game.root, game.id, current_overlays(), lang))
            except ContentError as exc:
                problems.extend(exc.problems)
    if problems:
        raise ContentError(problems)
    return out


def load_games(content: Path, names: tuple[str, ...], draft: bool = False) -> list[Any]:
    """Load every named game (with --overlay/--set merged); report all content errors together."""
    from genpnp.load.project import warnings_of

    games, problems = [], []
    for result in load_each(content, names, draft).values():
        if isinstance(result, ContentError):
            problems.extend(result.problems)
            continue
        report = progress.current()
        if report.level > progress.QUIET:  # --quiet: errors only
            for warning in warnings_of(result):
                click.echo(str(warning), err=True)
        report.detail(f"{result.id}: loaded {len(result.components)} components from {result.root}")
        games.append(result)
    if problems:
        raise ContentError(problems)
    return games


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="genpnp")
def main() -> None:
    """genpnp: print-and-play PDFs from YAML game content, with a rules validator."""
    from genpnp.core.outputs import stop_on_sigterm

    # `kill` cleans up like Ctrl-C (temporary files removed, the previous output kept) until the command ends
    click.get_current_context().call_on_close(stop_on_sigterm())


@main.command("list")
@content_option
@overlay_options
@click.argument("games", nargs=-1)
@verbosity_options
@reports_errors
def list_cmd(content: Path, games: tuple[str, ...]) -> None:
    """The games found, their components and piece counts."""
    for game in load_games(content, games):
        meta = game.meta
        progress.current().result(f"{game.id}: {meta.name} {meta.version} ({meta.players} players)")
        for comp in game.ordered():
            count = comp.piece_count()
            pieces = f"{count} pieces" if count else "pages"
            progress.current().result(f"  {comp.name:<24} {comp.kind_name:<10} {pieces}")


@main.command()
@content_option
@overlay_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--explain", is_flag=True, help="Per rule: what it checked and its witness (the proof).")
@click.argument("games", nargs=-1)
@verbosity_options
@reports_errors
def validate(content: Path, fmt: str, explain: bool, games: tuple[str, ...]) -> None:
    """Run the rules; print each violation as path:line:col: rule: message."""
    from genpnp.commands.validation import report_json, report_text

    results = load_each(content, games)
    if current_lang() is None:
        results = every_language(results)
    if fmt == "json":
        document, failed = report_json(results, strict(), explain)
        progress.result_line(json.dumps(document, indent=2))
    else:
        failed = report_text(results, strict(), explain)
    sys.exit(1 if failed else 0)


@main.command()
@content_option
@overlay_options
@verbosity_options
@print_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("out"), show_default=True)
@click.option("--force", is_flag=True, help="Build even when the rules validator fails, and a draft even with "
              "text too long for its box (drawn cut, marked red, named in the margin; the command still fails).")
@click.option("--changed-since", "since", type=click.Path(path_type=Path, exists=True), default=None,
              help="Only the pieces that differ from this release folder, manifest.json or game folder, "
                   "after a page listing the changes.")
@click.argument("games", nargs=-1)
@reports_errors
def build(content: Path, out_dir: Path, force: bool, since: Path | None, games: tuple[str, ...],
          **opts: Any) -> None:
    """Validate, then write one PDF per game into --out."""
    with startup():
        from genpnp.commands.build import InvalidGame, build_game

        options = make_options(**opts)
        check_out(out_dir, content)
        loaded = load_games(content, games, draft=force)
    report = progress.current()
    failed = False
    for game in loaded:
        report.detail(f"{game.id}: {len(game.components)} components, "
                      f"{i18n.file_name(options.file_name(game.id), game.lang)}")
        try:  # one invalid game does not stop the others; it only writes nothing itself
            with report.pages(game.id) as tick:
                if since is not None:
                    from genpnp.commands.changes import build_changed

                    changes, built = build_changed(game, options, out_dir, since, tick)
                    for line in changes.lines():
                        click.echo(f"{game.id}: {line}", err=True)
                    if built is None:
                        continue
                else:
                    built = build_game(game, options, out_dir, force, tick)
        except InvalidGame as exc:
            for line in exc.lines():
                click.echo(line, err=True)
            failed = True
            continue
        report.result(f"{built.path} ({built.pages} pages)")
        if game.drafts:  # a draft: written to be looked at, and still a failure
            for problem in game.drafts:
                click.echo(str(problem), err=True)
            click.echo(f"{game.id}: a draft with {len(game.drafts)} error(s), marked in red in {built.path}",
                       err=True)
            failed = True
    if failed:
        sys.exit(1)


@main.command()
@click.option("--game", "game_id", default="", help="The game, when OLD or NEW is a manifest of several.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--pdf", "pdf", type=click.Path(path_type=Path), default=None,
              help="Also write a proof sheet: each changed piece before and after (OLD and NEW as game folders).")
@click.argument("old", type=click.Path(path_type=Path, exists=True))
@click.argument("new", type=click.Path(path_type=Path, exists=True))
@verbosity_options
@reports_errors
def diff(game_id: str, fmt: str, pdf: Path | None, old: Path, new: Path) -> None:
    """List the pieces that changed, were added or removed between OLD and NEW (each a release folder, a
    manifest.json or a game folder)."""
    from genpnp.commands.changes import compare, proof_sheet, side_of

    if not game_id:
        game_id = next((p.resolve().name for p in (new, old) if (p / "game.yaml").is_file()), "")
    after = side_of(new, game_id)
    before = side_of(old, game_id)
    changes = compare(before.faces, after.faces)
    if fmt == "json":
        click.echo(json.dumps({"old": before.name, "new": after.name, **changes.as_dict()}, indent=2))
    else:
        click.echo(f"{before.name} -> {after.name}")
        for line in changes.lines():
            click.echo(line)
    if pdf is not None:
        check_out(pdf, None, [p for p in (old, new) if (p / "game.yaml").is_file()], "--pdf")
        pages = proof_sheet(before, after, changes, pdf)
        progress.current().result(f"{pdf} ({pages} pages)")


@main.command()
@content_option
@overlay_options
@print_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("out/preview"), show_default=True)
@click.option("--page", "pages", type=int, multiple=True, help="Only this page (1-based; repeatable).")
@click.option("--dpi", type=click.IntRange(10, 600), default=72, show_default=True)
@click.option("--force", is_flag=True, help="A draft even with text too long for its box (drawn cut, marked "
              "red, named in the margin; the command still fails).")
@click.option("--vision", type=click.Choice(["protan", "deutan", "tritan"]), default=None,
              help="Show the pages as a player with this colour-vision deficiency sees them.")
@click.argument("game")
@verbosity_options
@reports_errors
def preview(content: Path, out_dir: Path, pages: tuple[int, ...], dpi: int, force: bool, vision: str | None,
            game: str,
            **opts: Any) -> None:
    """Write PNGs of a game's pages and a contact sheet of all pages."""
    import tempfile

    from genpnp.backends.png import write_previews
    from genpnp.commands.build import build_game

    options = make_options(**opts)
    check_out(out_dir, content)
    check_pixels(options.paper.w, options.paper.h, dpi, f"a {options.paper.name} page")
    (loaded,) = load_games(content, (game,), draft=force)
    with tempfile.TemporaryDirectory() as tmp:  # the PDF is built aside; only the PNGs are kept
        built = build_game(loaded, options, Path(tmp))
        written = write_previews(built.path, out_dir, pages, dpi, vision or "")
    for path in written:
        progress.current().result(str(path))
    if loaded.drafts:
        for problem in loaded.drafts:
            click.echo(str(problem), err=True)
        sys.exit(1)


@main.command()
@content_option
@overlay_options
@click.option("--format", "fmt", type=click.Choice(["png", "tts"]), default="png", show_default=True,
              help="png: a PNG per face for print shops; tts: Tabletop Simulator deck sheets.")
@click.option("--dpi", type=click.IntRange(20, 1200), default=300, show_default=True)
@click.option("--bleed", type=LengthOption(0, 12), default=0.0, show_default=True,
              help="png: bleed around each image (3mm, 0.125in; a bare number is mm; at most 12mm).")
@click.option("--ink", type=click.Choice(["color", "bw", "saver"]), default="color", show_default=True)
@click.option("--component", "components", multiple=True, help="Only this component (repeatable).")
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=None,
              help="Folder to write into [default: out/<game>-<format>].")
@click.option("--for", "shop", type=click.Choice(["thegamecrafter", "makeplayingcards", "drivethrucards"]),
              default=None, help="png: a print service's card sizes, dpi, bleed, safe area and file names (its cards "
                                 "only; --dpi and --bleed come from the service).")
@click.option("--image-url", default=None, metavar="URL",
              help="tts: where Tabletop Simulator reads the images from (a web folder you upload them to) "
                   "[default: file:/// and the --out folder, for this computer].")
@click.option("-j", "--jobs", type=click.IntRange(1, 256), default=None,
              help="png: faces drawn by this many processes at once [default: CPUs]; the same bytes either way.")
@click.argument("game")
@verbosity_options
@reports_errors
def export(content: Path, fmt: str, dpi: int, bleed: float, ink: str, components: tuple[str, ...],
           out_dir: Path | None, shop: str | None, image_url: str | None, jobs: int | None, game: str) -> None:
    """Write every face of GAME's pieces as images: PNGs for print shops, or TTS deck sheets and a saved object."""
    from genpnp.commands.tts import export_game

    (loaded,) = load_games(content, (game,))
    out = out_dir or Path("out") / f"{loaded.id}-{fmt}"
    url = None
    if fmt == "tts":
        url = image_url or out.resolve().as_uri() + "/"
        url += "" if url.endswith("/") else "/"
    preset = None
    if shop is not None:
        from genpnp.core.printshops import preset as find_preset

        if fmt != "png":
            raise UsageError("--for: print services take the png format (leave --format out)")
        source = click.get_current_context().get_parameter_source
        given = [f"--{n}" for n in ("dpi", "bleed") if source(n) == click.core.ParameterSource.COMMANDLINE]
        if given:
            raise UsageError(f"--for {shop} sets the dpi and bleed the service asks for: leave {' and '.join(given)} "
                             "out")
        preset = find_preset(shop)
        out = out_dir or Path("out") / f"{loaded.id}-{shop}"
    check_out(out, content, [loaded.root])
    import os

    files = export_game(loaded, fmt, out, dpi, bleed * MM, ink, components, url, preset, jobs or os.cpu_count() or 1)
    images = [f for f in files if f.suffix == ".png"]
    progress.current().result(f"{out}: {len(images)} images, " + ", ".join(f.name for f in files if f.suffix != ".png"))


@main.command("watch")
@content_option
@overlay_options
@print_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("out"), show_default=True)
@click.option("--previews", "preview_dir", type=click.Path(path_type=Path), default=None,
              help="Folder of the preview PNGs [default: OUT/preview].")
@click.option("--dpi", type=click.IntRange(10, 300), default=50, show_default=True, help="Of the previews.")
@click.option("--page", "pages", type=int, multiple=True, help="Preview only this page (repeatable).")
@click.option("--force", is_flag=True, help="Build even when the rules validator fails, and a draft even with "
              "text too long for its box (drawn cut, marked red, named in the margin).")
@click.argument("game")
@verbosity_options
@reports_errors
def watch_cmd(content: Path, out_dir: Path, preview_dir: Path | None, dpi: int, pages: tuple[int, ...],
              force: bool, game: str, **opts: Any) -> None:
    """Rebuild GAME's PDF and previews on every save; print problems as they happen (Ctrl-C stops)."""
    from genpnp.commands.watch import Watcher, stop_on_sigterm, watch
    from genpnp.load.project import resolve_games

    options = make_options(**opts)
    check_pixels(options.paper.w, options.paper.h, dpi, f"a {options.paper.name} preview page")
    ((game_id, folder),) = resolve_games(content, (game,)).items()
    check_out(out_dir, content, [folder])
    if preview_dir is not None:
        check_out(preview_dir, content, [folder], "--previews")
    given = click.get_current_context().meta.get("genpnp.overlays", {})
    watcher = Watcher(folder, game_id, options, out_dir, preview_dir or out_dir / "preview", dpi, pages, force,
                      current_overlays, lambda line: click.echo(line, err=True), lang=current_lang())
    stop_on_sigterm()
    sys.exit(watch(watcher, extra_paths=[Path(p) for p in given.get("overlays", ())]))


@main.command("serve")
@content_option
@overlay_options
@print_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("out"), show_default=True,
              help="Folder of the PDF; the preview images go in OUT/serve/GAME.")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="Port on 127.0.0.1 [default: a free one].")
@click.option("--dpi", type=click.IntRange(20, 300), default=96, show_default=True, help="Of the preview images.")
@click.option("--force", is_flag=True, help="Build even when the rules validator fails.")
@click.argument("game", required=False)
@verbosity_options
@reports_errors
def serve_cmd(content: Path, out_dir: Path, port: int, dpi: int, force: bool, game: str | None, **opts: Any) -> None:
    """A live preview of GAME (optional when --content holds one) in the browser, redrawn on every save."""
    from genpnp.commands.serve import Preview, one_game, run
    from genpnp.commands.watch import stop_on_sigterm

    options = make_options(**opts)
    check_pixels(options.paper.w, options.paper.h, dpi, f"a {options.paper.name} preview page")
    game_id, folder = one_game(content, game)
    check_out(out_dir, content, [folder])
    ctx, given = click.get_current_context(), click.get_current_context().meta.get("genpnp.overlays", {})
    preview = Preview(folder, game_id, options, out_dir, dpi, force, strict(),
                      lambda: ctx.invoke(current_overlays), lambda line: click.echo(line, err=True),
                      lang=current_lang())
    stop_on_sigterm()
    sys.exit(run(preview, port, [Path(p) for p in given.get("overlays", ())]))


@main.command()
@click.option("--paper", default="letter", show_default=True)
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("out"), show_default=True,
              help="Folder to write calibration-<paper>.pdf into (a name ending in .pdf: that file).")
@verbosity_options
@reports_errors
def calibrate(paper: str, out_dir: Path) -> None:
    """Write a duplex calibration page: print it double-sided and read the offset."""
    from genpnp.commands.calibrate import write_calibration

    chosen = parse_paper(paper)
    # --out is a folder, as for every command; a name ending in .pdf is still taken as the file (older scripts)
    path = out_dir if out_dir.suffix.lower() == ".pdf" else out_dir / f"calibration-{chosen.name}.pdf"
    check_out(path, Path("content"))
    write_calibration(path, chosen)
    progress.current().result(str(path))


@main.command("check-map")
@click.option("--group", type=click.IntRange(2, 12), default=None, help="Cells per district (default: the map's).")
@click.argument("path", type=click.Path(path_type=Path))
@verbosity_options
@reports_errors
def check_map(group: int | None, path: Path) -> None:
    """Prove a grid map can be cut into districts: print a cutting, or why none exists."""
    from genpnp.rules.tiling import check_map as run

    code, text = run(path, group)
    click.echo(text, err=code != 0)
    sys.exit(code)


@main.command("check-district", context_settings={"ignore_unknown_options": True})
@content_option
@click.option("--taken", multiple=True, help="A district already on the board (comma-separated ids; repeatable).")
@click.option("--players", type=click.IntRange(1, 20), default=None,
              help="Only the zone in play with this many players (its edge counts as the board edge).")
@click.option("--county", default=None, help="The county the counter stands on: the district must start there.")
@click.argument("game")
@click.argument("members", nargs=-1, required=True)
@verbosity_options
@reports_errors
def check_district(content: Path, taken: tuple[str, ...], players: int | None, county: str | None, game: str,
                   members: tuple[str, ...]) -> None:
    """Decide whether a set of precincts or counties is a legal district in GAME (its declared district rule)."""
    from genpnp.rules.district_cli import check

    (loaded,) = load_games(content, (game,))
    ok, lines = check(loaded, list(members), list(taken), players, county)
    for line in lines:
        click.echo(line, err=not ok)
    sys.exit(0 if ok else 1)


def matrix_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """The release's print options: the matrix (repeatable) and the options every build takes."""
    for option in reversed([
        click.option("--paper", "papers", multiple=True, default=("letter", "a4"), show_default=True,
                     help="Repeatable."),
        click.option("--ink", "inks", multiple=True, type=click.Choice(["color", "bw", "saver"]),
                     default=("color", "bw"), show_default=True, help="Repeatable."),
        click.option("--backs", "backs", multiple=True, type=click.Choice(["fold", "duplex"]), default=("fold",),
                     show_default=True, help="Repeatable."),
    ]):
        fn = option(fn)
    return build_options(fn)


@main.command()
@content_option
@overlay_options
@verbosity_options
@matrix_options
@click.option("--out", "out_dir", type=click.Path(path_type=Path), default=Path("release"), show_default=True)
@click.option("-j", "--jobs", type=click.IntRange(1, 256), default=None, help="Parallel builds [default: CPUs].")
@click.option("--since", type=click.Path(path_type=Path, exists=True), default=None,
              help="A previous release (folder or manifest.json): CHANGES.md says what changed and which sheets.")
@click.argument("games", nargs=-1)
@reports_errors
def release(content: Path, out_dir: Path, jobs: int | None, papers: tuple[str, ...], inks: tuple[str, ...],
            backs: tuple[str, ...], since: Path | None, games: tuple[str, ...], **opts: Any) -> None:
    """Build every game x paper x ink x backs into --out, with previews, manifest.json and one zip per game."""
    import os

    from genpnp.commands import release as rel
    from genpnp.commands.build import InvalidGame
    from genpnp.rules.check import errors, validate

    for paper in papers:
        parse_paper(paper)
    parse_offset(opts["offset"])
    check_out(out_dir, content)
    loaded = {g.id: g for g in load_games(content, games)}
    broken = [v for g in loaded.values() for v in errors(validate(g))]
    if broken:
        raise InvalidGame(broken)
    from genpnp.commands.changes import compare, piece_faces, pieces_entry, release_notes, side_of

    previous = {g: side_of(since, g) for g in loaded} if since is not None else {}  # read before --out changes
    report = progress.current()
    ctx = click.get_current_context()
    given = ctx.meta.get("genpnp.overlays", {})
    extra = rel.Extra(**opts, overlays=tuple(str(p) for p in given.get("overlays", ())),
                      sets=tuple(given.get("sets", ())))
    asked = current_lang()
    languages: dict[str, Sequence[str]] = {
        g.id: [lang if i else "" for i, lang in enumerate(g.meta.languages or ("",)) if asked is None or lang == asked]
        for g in loaded.values()}
    variants = rel.plan({g.id: g.root for g in loaded.values()}, papers, inks, backs, extra, languages)
    report.detail(f"{len(variants)} builds of {len(loaded)} game(s), {jobs or os.cpu_count()} at a time")

    def annotate(outputs: list[Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        faces = {g: piece_faces(game) for g, game in loaded.items()}
        notes = {}
        for g, before in previous.items():
            changes = compare(before.faces, faces[g])
            builds = [(Path(o.pdf).name, rel.options_of(o.variant)) for o in outputs if o.variant.game == g]
            notes[g] = release_notes(loaded[g], before, changes, builds)
            for line in changes.lines():
                report.detail(f"{g}: {line}")
        return {g: pieces_entry(f) for g, f in faces.items()}, notes

    with report.pages("release", "build") as tick:
        outputs, written = rel.release(loaded, variants, out_dir, jobs or os.cpu_count() or 1,
                                       lambda o, n, total: tick(n, total) if tick else None, annotate)
    for o in outputs:
        report.detail(f"{out_dir / o.pdf} ({o.pages} pages)")
    for path in written:
        report.result(str(path))


@main.command()
@content_option
@click.option("--lang", "lang", required=True, metavar="CODE", help="The language to translate into.")
@click.argument("game")
@verbosity_options
@reports_errors
def translate(content: Path, lang: str, game: str) -> None:
    """Write or update GAME's catalog lang/CODE.yaml with every text still to translate (empty, with
    where it is used), keeping the entries already there; list the Markdown files still to write."""
    from genpnp.content import translate as tl
    from genpnp.load.project import load_game, resolve_games, shown

    ((game_id, folder),) = resolve_games(content, (game,)).items()
    missing: list[Any] = []
    loaded = load_game(folder, game_id, (), lang, untranslated=missing)
    if not loaded.lang:
        raise UsageError(f'"{lang}" is the language {game_id} is written in: nothing to translate')
    path, added, files = tl.update_catalog(folder.resolve(), lang, missing, loaded.meta.name)
    report = progress.current()
    for m in files:
        click.echo(f"{m.loc}: write {m.source[5:]} (the {tl.language_name(lang)} version of this file)", err=True)
    todo = len({m.source for m in missing if not m.source.startswith("file:")})
    report.result(f"{shown(path)}: {added} text(s) added, {todo} still to translate, {len(files)} file(s) to write")


@main.command()
@content_option
@click.option("--from", "source", default=None, help="Copy this game (a name in --content, or a folder).")
@click.argument("name")
@verbosity_options
@reports_errors
def new(content: Path, source: str | None, name: str) -> None:
    """Write a new game folder NAME into --content, from a small template or a copy of a game."""
    from genpnp.commands.newgame import new_game
    from genpnp.load.project import resolve_games

    origin = next(iter(resolve_games(content, (source,)).values())) if source else None
    skipped: list[str] = []
    folder = new_game(name, content, origin, skipped)
    for line in skipped:
        click.echo(f"{origin}/{line}", err=True)
    progress.current().result(f"{folder}: now edit its files, then: genpnp build {name} --content {content}")


@main.command()
@click.option("--out", "out_file", type=click.Path(path_type=Path), default=None,
              help="Write genpnp.schema.json into this folder (a name ending in .json: that file).")
@verbosity_options
@reports_errors
def schema(out_file: Path | None) -> None:
    """Print the JSON Schema (draft 2020-12) of content files: game.yaml and component files."""
    from genpnp.commands.docgen import schema_text

    if out_file is None:
        click.echo(schema_text(), nl=False)
        return
    path = out_file if out_file.suffix.lower() == ".json" else out_file / "genpnp.schema.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(schema_text(), encoding="utf-8")
    progress.current().result(str(path))


@main.command()
@click.option("--out", "out_file", type=click.Path(path_type=Path), default=Path("docs/content.md"),
              show_default=True)
@verbosity_options
@reports_errors
def docs(out_file: Path) -> None:
    """(Re)write the content reference from the schema definitions."""
    from genpnp.commands.docgen import content_reference

    if out_file.is_dir():  # --out a folder: content.md in it
        out_file = out_file / "content.md"
    if not out_file.parent.is_dir():
        raise UsageError(f"{out_file.parent}: no such folder (run in the genpnp repository, or give --out FILE)")
    out_file.write_text(content_reference(), encoding="utf-8")
    progress.result_line(str(out_file))


@main.command()
@content_option
@overlay_options
@print_options
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True)
@click.option("--for", "shop", type=click.Choice(["thegamecrafter", "makeplayingcards", "drivethrucards"]),
              default=None, help="Also check the cards against a print service: its card sizes, and text and icons "
                                 "inside its safe area (as export --for does).")
@click.argument("games", nargs=-1)
@verbosity_options
@reports_errors
def audit(content: Path, fmt: str, shop: str | None, games: tuple[str, ...], **opts: Any) -> None:
    """Measure every page the build would write: coverage, sheets against a lower bound, and faults
    (text overflow or overlap, marks on art, ink outside the margin, bleed over folds, duplex order).
    Exit 1 on an error finding."""
    from genpnp.audit import audit_game

    options = make_options(**opts)
    loaded = load_games(content, games)
    languages = other_languages(loaded) if current_lang() is None else []  # overflow is checked in each
    audits = [audit_game(game, options) for game in loaded + languages]
    service = _service_findings(loaded, shop) if shop else {}
    if fmt == "json":
        documents = [a.as_dict() for a in audits]
        if shop:
            for doc, a in zip(documents, audits):
                doc["print_service"] = {"service": shop, "errors": [str(p) for p in service[a.game]]}
        progress.result_line(json.dumps(documents, indent=2))
    else:
        for a, game in zip(audits, loaded + languages):
            for line in service.get(a.game, []) if not game.lang else []:
                progress.result_line(str(line))
            for f in a.findings:
                progress.result_line(str(f))
            use = sum(p.coverage for p in a.pages if p.role in ("pieces", "poster")) / max(
                len([p for p in a.pages if p.role in ("pieces", "poster")]), 1)
            progress.result_line(
                f"{a.game}{f' ({game.lang})' if game.lang else ''}: {len(a.pages)} pages on {a.sheets} sheets "
                f"(lower bound {a.lower_bound} pages), "
                f"pieces cover {use:.0%} of their pages; {len(a.errors) + len(service.get(a.game, []))} error(s), "
                f"{len(a.findings) - len(a.errors)} warning(s)")
    sys.exit(1 if any(a.errors for a in audits) or any(service.values()) else 0)


def _service_findings(games: list[Any], shop: str) -> dict[str, list[Any]]:
    """Each game's problems at a print service (sizes it does not print, text or icons in its cut margin)."""
    from genpnp.commands.export import exportable
    from genpnp.core import printshops

    preset = printshops.preset(shop)
    out: dict[str, list[Any]] = {}
    for game in games:
        try:
            printshops.check(preset, printshops.cards(exportable(game)))
            out[game.id] = []
        except ContentError as exc:
            out[game.id] = list(exc.problems)
    return out
