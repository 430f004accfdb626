"""Releases: every game x paper x ink x backs as PDFs, page-1 previews, a manifest and one zip per game,
plus the image exports (PNG per face, Tabletop Simulator sheets) a game asks for in game.yaml.

Output is reproducible: PDFs are written in invariant mode, previews are plain
PNGs, ``manifest.json`` has sorted keys and no timestamps, and zips have sorted
entries with a fixed date, so two releases of the same commit are byte-identical.
Builds run in parallel in a ``ProcessPoolExecutor`` (``-j``).
"""

from __future__ import annotations

import hashlib
import json
import zipfile
from collections.abc import Callable, Sequence
from concurrent.futures import as_completed
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from genpnp import __version__
from genpnp.core.errors import GenpnpError
from genpnp.core.outputs import check_name, check_stop, quiet_signals, workers

PAPERS = ("letter", "a4")
INKS = ("color", "bw")
BACKS = ("fold",)
PREVIEW_DPI = 40
ZIP_DATE = (1980, 1, 1, 0, 0, 0)


@dataclass(frozen=True)
class Extra:
    """The options every PDF of a release shares: the print options outside the matrix, and overlays."""

    flip: str = "long"
    offset: str = "0,0"
    bleed: float = 0.0
    gutter: float | None = None
    margin: float = 6.35
    components: tuple[str, ...] = ()
    copies_as_note: bool = False
    overlays: tuple[str, ...] = ()
    sets: tuple[str, ...] = ()


@dataclass(frozen=True)
class Variant:
    """One PDF of a release: which game, from which folder, with which print options."""

    game: str
    folder: str
    paper: str
    ink: str
    backs: str
    extra: Extra = Extra()
    lang: str = ""  # a language of the game other than its first ("": the first)


@dataclass(frozen=True)
class Output:
    """What a worker built: the PDF and its preview (relative to the release folder), or errors."""

    variant: Variant
    pdf: str = ""
    preview: str = ""
    pages: int = 0
    errors: tuple[str, ...] = ()


def plan(games: dict[str, Path], papers: Sequence[str] = PAPERS, inks: Sequence[str] = INKS,
         backs: Sequence[str] = BACKS, extra: Extra = Extra(),
         languages: dict[str, Sequence[str]] | None = None) -> list[Variant]:
    """Every combination, in a fixed order (game, language, paper, ink, backs), each with the shared
    ``extra``; ``languages``: per game, the languages to build ("" for its first; default: only that)."""
    return [Variant(game, str(folder), paper, ink, side, extra, lang) for game, folder in sorted(games.items())
            for lang in (languages or {}).get(game, ("",)) for paper in papers for ink in inks for side in backs]


def options_of(variant: Variant) -> Any:
    """The build options of one variant."""
    from genpnp.core.units import MM
    from genpnp.impose.options import Options, parse_offset, parse_paper

    x = variant.extra
    return Options(parse_paper(variant.paper), margin=x.margin * MM, backs=variant.backs, flip=x.flip,
                   offset=parse_offset(x.offset), bleed=x.bleed * MM,
                   gutter=None if x.gutter is None else x.gutter * MM, ink=variant.ink, components=x.components,
                   copies_as_note=x.copies_as_note)


def overlays_of(extra: Extra) -> list[Any]:
    from genpnp.load.overlay import parse_set, read_overlay

    return [read_overlay(Path(p)) for p in extra.overlays] + [parse_set(t) for t in extra.sets]


def build_variant(variant: Variant, out: str) -> Output:
    """Load, validate and build one variant, then render its first page (runs in a worker process)."""
    from genpnp.backends.png import render_pages
    from genpnp.commands.build import build_game
    from genpnp.load.project import load_game

    root = Path(out)
    try:
        game = load_game(Path(variant.folder), variant.game, overlays_of(variant.extra), variant.lang or None)
        options = options_of(variant)
        built = build_game(game, options, root / variant.game)
        preview = root / variant.game / "previews" / (built.path.stem + ".png")
        preview.parent.mkdir(parents=True, exist_ok=True)
        render_pages(built.path, PREVIEW_DPI, [1])[0].save(preview, format="PNG")
    except GenpnpError as exc:
        return Output(variant, errors=tuple(exc.lines()))
    rel = lambda p: p.relative_to(root).as_posix()  # noqa: E731
    return Output(variant, rel(built.path), rel(preview), built.pages)


def run_all(variants: list[Variant], out: Path, jobs: int,
            done: Callable[[Output, int, int], None] | None = None) -> list[Output]:
    """Build every variant (in ``jobs`` processes when more than one); results in plan order."""
    results: dict[Variant, Output] = {}

    def finished(result: Output) -> None:
        check_stop()  # SIGTERM came (and its exception was lost): stop here
        results[result.variant] = result
        if done:
            done(result, len(results), len(variants))

    if jobs <= 1:
        for variant in variants:
            finished(build_variant(variant, str(out)))
    else:
        with workers(jobs) as pool:
            with quiet_signals():
                futures = [pool.submit(build_variant, v, str(out)) for v in variants]
            for future in as_completed(futures):
                finished(future.result())
    return [results[v] for v in variants]


@dataclass(frozen=True)
class Export:
    """An image export a game asks for in game.yaml (``release: {export: [png, tts]}``)."""

    game: str
    folder: str
    format: str
    dpi: int
    bleed: float
    ink: str


def export_plan(games: dict[str, Any]) -> list[Export]:
    """The exports of every loaded game (id -> Game) that has ``release: {export: ...}``, in a fixed order."""
    out = []
    for game_id, game in sorted(games.items()):
        spec = game.meta.release
        for fmt in (spec.export if spec else ()):
            out.append(Export(game_id, str(game.root), fmt, spec.dpi, spec.bleed if fmt == "png" else 0.0, spec.ink))
    return out


def run_export(job: Export, out: str) -> tuple[Export, tuple[str, ...], tuple[str, ...]]:
    """Load the game and write one export into ``<out>/<game>/<format>/`` (runs in a worker process);
    returns the files written (relative to ``out``) or the errors."""
    from genpnp.commands.tts import export_game
    from genpnp.load.project import load_game

    root = Path(out)
    try:
        game = load_game(Path(job.folder), job.game)
        files = export_game(game, job.format, root / job.game / job.format, job.dpi, job.bleed, job.ink)
    except GenpnpError as exc:
        return job, (), tuple(exc.lines())
    return job, tuple(f.relative_to(root).as_posix() for f in files), ()


def run_exports(jobs: list[Export], out: Path, processes: int) -> dict[Export, tuple[str, ...]]:
    """Every export (in ``workers`` processes when more than one): files per export, in plan order;
    raises GenpnpError with every export's errors if one fails."""
    if processes <= 1 or len(jobs) <= 1:
        results = [run_export(job, str(out)) for job in jobs]
    else:
        with workers(min(processes, len(jobs))) as pool:
            with quiet_signals():
                pending = [pool.submit(run_export, job, str(out)) for job in jobs]
            results = [future.result() for future in pending]
    problems = [line for _, _, errors in results for line in errors]
    if problems:
        raise GenpnpError("\n".join(problems))
    return {job: files for job, files, _ in results}


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def write_zip(path: Path, root: Path, files: Sequence[str]) -> None:
    """A zip of ``files`` (relative to ``root``), sorted, with fixed dates and modes (written whole)."""
    from genpnp.core.outputs import replaced_file

    with replaced_file(path) as tmp, zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=ZIP_DATE)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            info.create_system = 3
            archive.writestr(info, (root / name).read_bytes())


def game_manifest(game: str, meta: Any, outputs: list[Output], root: Path,
                  pieces: dict[str, Any] | None = None) -> dict[str, Any]:
    builds = []
    for o in outputs:
        options = {k: v for k, v in asdict(o.variant).items()
                   if k not in ("game", "folder", "extra") and (k != "lang" or v)}
        options.update({k: list(v) if isinstance(v, tuple) else v for k, v in asdict(o.variant.extra).items()
                        if v != getattr(Extra(), k)})  # only what differs from a plain build
        builds.append({"file": o.pdf, "options": options, "pages": o.pages, "preview": o.preview,
                       "sha256": sha256(root / o.pdf), "preview_sha256": sha256(root / o.preview)})
    out = {"game": game, "name": meta.name, "version": meta.version, "licence": meta.licence,
           "genpnp": __version__, "builds": builds}
    if pieces is not None:  # every face's digest (genpnp.commands.changes): what a later --changed-since compares
        out["pieces"] = pieces
    return out


def export_zips(game_id: str, version: str, exports: dict[Export, tuple[str, ...]], root: Path
                ) -> list[dict[str, Any]]:
    """One zip per export of the game (``<game>-<version>-<format>.zip``) and its manifest entries."""
    entries = []
    for job, files in exports.items():
        if job.game != game_id:
            continue
        zip_path = root / f"{game_id}-{version}-{job.format}.zip"  # finish checked game and version
        write_zip(zip_path, root, files)
        entries.append({"format": job.format, "dpi": job.dpi, "bleed_mm": round(job.bleed * 25.4 / 72, 3),
                        "ink": job.ink, "folder": f"{game_id}/{job.format}", "zip": zip_path.name,
                        "zip_sha256": sha256(zip_path),
                        "files": [{"file": f, "sha256": sha256(root / f)} for f in sorted(files)]})
    return entries


def finish(games: dict[str, Any], outputs: list[Output], root: Path,
           exports: dict[Export, tuple[str, ...]] | None = None, pieces: dict[str, Any] | None = None,
           notes: dict[str, tuple[str, dict]] | None = None) -> list[Path]:
    """Per game: manifest.json and a zip (and a zip per image export); then the release's
    manifest.json. Returns the zips. ``pieces``: per game, its faces' digests (manifest ``pieces``);
    ``notes``: per game, its changes since a previous release (CHANGES.md and manifest ``changes``)."""
    zips: list[Path] = []
    summary: dict[str, Any] = {}
    for game_id, meta in sorted(games.items()):
        check_name(f"{game_id}-{meta.version}.zip", meta.loc, "the zip name (<game>-<version>.zip)")
        mine = [o for o in outputs if o.variant.game == game_id]
        manifest = game_manifest(game_id, meta, mine, root, (pieces or {}).get(game_id))
        manifest["exports"] = export_zips(game_id, meta.version, exports or {}, root)
        zips.extend(root / e["zip"] for e in manifest["exports"])
        extra_files = []
        if notes and game_id in notes:
            text, entry = notes[game_id]
            manifest["changes"] = entry
            (root / game_id / "CHANGES.md").write_text(text, encoding="utf-8")
            extra_files.append(f"{game_id}/CHANGES.md")
        manifest_path = root / game_id / "manifest.json"
        manifest_path.write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        files = [f"{game_id}/manifest.json", *extra_files] + [o.pdf for o in mine] + [o.preview for o in mine]
        zip_path = root / f"{game_id}-{meta.version}.zip"
        write_zip(zip_path, root, files)
        zips.append(zip_path)
        summary[game_id] = {"version": meta.version, "manifest": f"{game_id}/manifest.json",
                            "manifest_sha256": sha256(manifest_path), "zip": zip_path.name,
                            "zip_sha256": sha256(zip_path), "builds": manifest["builds"],
                            "exports": [{k: e[k] for k in ("format", "zip", "zip_sha256")}
                                        for e in manifest["exports"]]}
    top = {"genpnp": __version__, "games": summary}
    (root / "manifest.json").write_text(json.dumps(top, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return zips


MARKERS = ("manifest.json",)  # a release folder: genpnp may replace it whole


def release(games: dict[str, Any], variants: list[Variant], out: Path, jobs: int,
            done: Callable[[Output, int, int], None] | None = None,
            annotate: Callable[[list[Output]], tuple[dict[str, Any], dict[str, Any]]] | None = None
            ) -> tuple[list[Output], list[Path]]:
    """The whole release into a temporary folder beside ``out`` that replaces ``out`` at the end
    (``genpnp.core.outputs.replaced_folder``): ``out`` is always one whole release that its manifest.json
    describes, the previous one when this run fails, is interrupted or killed. ``games`` maps id to
    the loaded game; ``annotate(outputs)`` gives ``finish``'s ``pieces`` and ``notes``. Returns the
    builds and the zips (under ``out``) and manifest.json."""
    from genpnp.core.outputs import replaced_folder

    with replaced_folder(out, MARKERS) as tmp:
        outputs = run_all(variants, tmp, jobs, done)
        problems = [line for o in outputs for line in o.errors]
        if problems:
            raise GenpnpError("\n".join(problems))
        exports = run_exports(export_plan(games), tmp, jobs)
        pieces, notes = annotate(outputs) if annotate is not None else ({}, {})
        zips = finish({g: game.meta for g, game in games.items()}, outputs, tmp, exports, pieces, notes)
        written = [out / z.relative_to(tmp) for z in zips] + [out / "manifest.json"]
    return outputs, written
