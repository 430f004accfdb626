"""What `genpnp serve` shows, kept up to date: every face of every item, the imposed pages, the
validator's result and the audit's findings, as one JSON state with a version number.

A rebuild loads and validates the game, then works in two steps, each published as soon as it
is done: (1) the faces, (2) the PDF, its pages and the audit. Images are named after their
digest (``genpnp.commands.facedigest``), so a rebuild draws only the faces and pages whose digest is
new, and the browser, which sees a new image name only where something changed, fetches only
those. A rebuild that fails publishes its problems (``path:line:col: message``) and keeps the
last good faces, pages and PDF.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from PIL import Image

from genpnp.core.errors import GenpnpError, UsageError
from genpnp.core.records import dataclass

LOC = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<col>\d+): (?P<message>.*)$", re.DOTALL)
PAPERS = ("letter", "a4", "legal", "a3", "tabloid")
INKS = ("color", "bw", "saver")
BACKS = ("fold", "duplex")


def problem(line: str) -> dict[str, Any]:
    """A ``path:line:col: message`` line as a dict for the page (file, line, col, message, text)."""
    found = LOC.match(line)
    if found is None:
        return {"text": line, "file": "", "line": 0, "col": 0, "message": line}
    return {"text": line, "file": found["file"], "line": int(found["line"]), "col": int(found["col"]),
            "message": found["message"]}


def finding(found: Any) -> dict[str, Any]:
    """An audit finding for the page: where it points (the place its message names, else the component's),
    its kind, severity and whole text."""
    inner = LOC.match(found.message)
    where = problem(found.message) if inner else problem(f"{found.loc}: {found.message}")
    return {**where, "text": str(found), "kind": found.kind, "severity": found.severity}


def save_png(image: Image.Image, path: Path) -> None:
    """Written under a temporary name and renamed: a browser never reads half a PNG."""
    if path.exists():
        return
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    image.save(tmp, format="PNG", compress_level=3)
    os.replace(tmp, path)


class Hub:
    """The latest state and its version; readers wait for a newer one."""

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self.version = 0
        self.state: dict[str, Any] = {}
        self.closed = False

    def publish(self, state: dict[str, Any]) -> None:
        with self._cond:
            self.version += 1
            self.state = {**state, "version": self.version}
            self._cond.notify_all()

    def wait(self, seen: int, timeout: float) -> tuple[int, dict[str, Any]]:
        """The state once its version passes ``seen`` (or after ``timeout`` s, or when closed)."""
        with self._cond:
            self._cond.wait_for(lambda: self.version > seen or self.closed, timeout)
            return self.version, self.state

    def close(self) -> None:
        with self._cond:
            self.closed = True
            self._cond.notify_all()


@dataclass
class Preview:
    """One game folder with print options, previewed into ``out_dir`` (PDF) and ``out_dir/serve/<game>``."""

    folder: Path
    game_id: str
    options: Any
    out_dir: Path
    dpi: int = 96
    force: bool = False
    strict: bool = False  # --strict: a warning stops the rebuild as an error does
    overlays: Callable[[], list[Any]] = list
    report: Callable[[str], None] = print
    hub: Hub = field(default_factory=Hub)
    faces: list[dict[str, Any]] = field(default_factory=list)  # the last good components and their faces
    pages: list[dict[str, Any]] = field(default_factory=list)  # the last good pages
    pdf: str = ""  # the last good PDF, relative to out_dir
    info: dict[str, Any] = field(default_factory=dict)  # game name, validator, audit summary
    problems: list[dict[str, Any]] = field(default_factory=list)
    warnings: list[dict[str, Any]] = field(default_factory=list)
    status: str = "starting"
    timings: dict[str, float] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)
    lang: str | None = None  # --lang: the game in this one of its languages

    @property
    def images(self) -> Path:
        return self.out_dir / "serve" / self.game_id

    def state(self) -> dict[str, Any]:
        opts = self.options
        return {"game": self.game_id, "status": self.status, "problems": self.problems, "warnings": self.warnings,
                "components": self.faces, "pages": self.pages, "pdf": self.pdf, "info": self.info,
                "timings": self.timings,
                "options": {"paper": opts.paper.name, "ink": opts.ink, "backs": opts.backs,
                            "bleed": round(opts.bleed / 72 * 25.4, 2)},
                "choices": {"paper": list(PAPERS), "ink": list(INKS), "backs": list(BACKS)}}

    def publish(self) -> None:
        self.hub.publish(self.state())

    def set_options(self, values: dict[str, Any]) -> None:
        """Print options chosen in the page (paper, ink, backs, bleed in mm); UsageError when one is wrong."""
        from genpnp.core.units import MM
        from genpnp.impose.options import parse_paper

        changes: dict[str, Any] = {}
        if "paper" in values:
            changes["paper"] = parse_paper(str(values["paper"]))
        for key, allowed in (("ink", INKS), ("backs", BACKS)):
            if key in values:
                if values[key] not in allowed:
                    raise UsageError(f"{key}: {values[key]!r} is not one of {', '.join(allowed)}")
                changes[key] = values[key]
        if "bleed" in values:
            try:
                bleed = float(values["bleed"])
            except (TypeError, ValueError):
                raise UsageError(f"bleed: {values['bleed']!r} is not a number of millimetres") from None
            if not 0 <= bleed <= 6:
                raise UsageError(f"bleed: {bleed:g} mm is not between 0 and 6")
            changes["bleed"] = bleed * MM
        unknown = sorted(set(values) - {"paper", "ink", "backs", "bleed"})
        if unknown:
            raise UsageError(f"{unknown[0]}: not a print option the page can change")
        with self.lock:
            self.options = replace(self.options, **changes)

    # -- rebuilding
    def rebuild(self) -> bool:
        """Load, validate, draw what changed; True when the whole preview is up to date."""
        from genpnp.commands.build import InvalidGame, check_components
        from genpnp.core.errors import ContentError
        from genpnp.load.project import load_game, strict_problems, warnings_of
        from genpnp.rules.check import errors, validate

        started = time.monotonic()
        with self.lock:
            options = self.options
        try:
            game = load_game(self.folder, self.game_id, self.overlays(), self.lang)
            if self.strict and warnings_of(game):
                raise ContentError(strict_problems(warnings_of(game)))
            check_components(game, options)
            violations = validate(game)
            if errors(violations) and not self.force:
                raise InvalidGame(errors(violations))
            self.warnings = [problem(str(w)) for w in warnings_of(game)] + [problem(str(v)) for v in violations]
            self.info.update(name=game.meta.name, rules=len(violations) == 0)
            self.faces = self.draw_faces(game, options)
            self.timings = {"faces": round(time.monotonic() - started, 3)}
            self.problems, self.status = [], "building"
            self.publish()
            self.draw_pages(game, options)
        except InvalidGame as exc:
            return self.failed(exc.lines())
        except GenpnpError as exc:
            return self.failed(exc.lines())
        except OSError as exc:
            return self.failed([f"{exc.filename or 'error'}: {exc.strerror or exc}"])
        self.timings["pages"] = round(time.monotonic() - started, 3)
        self.status = "ok"
        self.drop_unused()
        self.publish()
        self.report(f"{self.game_id}: {len(self.pages)} pages, {sum(len(c['items']) for c in self.faces)} items "
                    f"up to date in {time.monotonic() - started:.2f} s")
        return True

    def failed(self, lines: list[str]) -> bool:
        for line in lines:
            self.report(line)
        self.problems, self.status = [problem(line) for line in lines], "error"
        self.publish()
        return False

    def draw_faces(self, game: Any, options: Any) -> list[dict[str, Any]]:
        """Every item's faces (trimmed, no bleed, in the build's ink), drawing only new digests."""
        from genpnp.commands.export import exportable, face_jobs, render_faces
        from genpnp.commands.facedigest import face_digest

        folder = self.images / "faces"
        folder.mkdir(parents=True, exist_ok=True)
        salt = f"face|{options.ink}|{self.dpi}"
        todo, seen, components = [], set(), []
        for comp in exportable(game, options.components):
            items: dict[int, dict[str, Any]] = {}
            written = [str(item.loc) for item in getattr(comp, "items", None) or () if item.qty > 0]
            for job in face_jobs(comp):
                digest = face_digest(job.component, job.piece, job.face, 0.0, salt)
                name = f"{digest}.png"
                if not (folder / name).exists() and digest not in seen:
                    seen.add(digest)
                    todo.append((job, folder / name))
                values = {str(k): str(v) for k, v in (job.piece.fields or {}).items() if k != "qty"}
                item = items.setdefault(job.item, {"item": job.item, "name": job.stem, "qty": job.qty,
                                                   "key": f"{comp.name}/{job.item}", "faces": [], "fields": values,
                                                   "loc": str(comp.loc)})
                item["faces"].append({"face": job.face, "url": self.url(folder / name),
                                      "w": round(job.piece.w, 2), "h": round(job.piece.h, 2)})
            if len(written) == len(items):  # one item written per item shown: where each is written
                for item, loc in zip(items.values(), written):
                    item["loc"] = loc
            components.append({"name": comp.name, "title": getattr(comp, "title", "") or comp.name,
                               "kind": type(comp).__name__.lower(), "loc": str(comp.loc),
                               "items": list(items.values())})
        if todo:
            jobs = [job for job, _ in todo]
            for (_, path), (_, image) in zip(todo, render_faces(game, jobs, self.dpi, 0.0, options.ink)):
                save_png(image, path)
        return components

    def draw_pages(self, game: Any, options: Any) -> None:
        """Build the PDF (as ``genpnp build``), draw the pages whose digest is new, audit every page."""
        from genpnp.audit import audit_game
        from genpnp.backends.png import render_pages
        from genpnp.commands.build import build_game
        from genpnp.commands.facedigest import page_digests
        from genpnp.impose.document import impose_game

        built = build_game(game, options, self.out_dir, self.force)
        faces: dict = {}
        audit = audit_game(game, options, faces)
        from genpnp.core import i18n

        with i18n.using(game.lang):
            digests = page_digests(impose_game(game, options), f"page|{self.dpi}")
        folder = self.images / "pages"
        folder.mkdir(parents=True, exist_ok=True)
        paths = [folder / f"{digest}.png" for digest in digests]
        todo = [number for number, path in enumerate(paths, start=1) if not path.exists()]
        if todo:
            for number, image in zip(todo, render_pages(built.path, self.dpi, todo)):
                save_png(image, paths[number - 1])
        pages = []
        for page, path in zip(audit.pages, paths):
            pages.append({"number": page.number, "url": self.url(path), "title": page.title, "role": page.role,
                          "coverage": round(page.coverage, 3),
                          "findings": [finding(f) for f in page.findings]})
        self.pages = pages
        self.pdf = self.url(built.path)
        self.info.update(sheets=audit.sheets, lower_bound=audit.lower_bound, audit_errors=len(audit.errors),
                         audit_warnings=len(audit.findings) - len(audit.errors), pdf_name=built.path.name)

    def url(self, path: Path) -> str:
        return "/out/" + path.resolve().relative_to(self.out_dir.resolve()).as_posix()

    def drop_unused(self) -> None:
        """Images no longer shown (an earlier version of an edited face) are deleted."""
        used = {f["url"] for c in self.faces for i in c["items"] for f in i["faces"]} | {p["url"] for p in self.pages}
        for sub in ("faces", "pages"):
            for path in (self.images / sub).glob("*.png"):
                if self.url(path) not in used:
                    path.unlink(missing_ok=True)
