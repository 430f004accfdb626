"""genpnp watch: rebuild a game's PDF and preview PNGs on every save, reporting problems as they happen.

Saves are watched with watchfiles; a burst of saves (an editor writing a file in several steps,
"save all") is one rebuild. A rebuild that fails (a YAML error, a broken rule) prints every problem
as ``path:line:col: message`` and leaves the last good PDF and previews where they are; an error no
check foresaw (a parser's own exception) is reported in one line, never a traceback, and the watcher
keeps watching. ``--out`` and ``--previews`` may not lie in the game folder. Ctrl-C stops
the watcher between or during rebuilds; a PDF being written is never left half-written.
"""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import field
from pathlib import Path
from typing import Any

import watchfiles

from genpnp.core.errors import GenpnpError
from genpnp.core.records import dataclass

Report = Callable[[str], None]


class OutputFilter(watchfiles.DefaultFilter):
    """watchfiles' default filter (editor swap files, .git...) that also ignores the watcher's own output."""

    def __init__(self, outputs: Sequence[Path]):
        super().__init__()
        self.outputs = [str(p.resolve()) for p in outputs]

    def __call__(self, change: watchfiles.Change, path: str) -> bool:
        resolved = str(Path(path).resolve())
        if any(resolved == o or resolved.startswith(o + "/") for o in self.outputs):
            return False
        return super().__call__(change, path)


@dataclass
class Watcher:
    """What is rebuilt: one game folder with print options, into ``out_dir`` and ``preview_dir``."""

    folder: Path
    game_id: str
    options: Any
    out_dir: Path
    preview_dir: Path
    dpi: int = 50
    pages: tuple[int, ...] = ()
    force: bool = False
    overlays: Callable[[], list[Any]] = list  # read again on every rebuild (an overlay file may change too)
    report: Report = print
    last_good: Path | None = None
    rebuilds: int = field(default=0)
    lang: str | None = None  # --lang: the game in this one of its languages

    def rebuild(self) -> bool:
        """Load, validate, build and preview once; True when a new PDF was written."""
        from genpnp.backends.png import write_previews
        from genpnp.commands.build import InvalidGame, build_game
        from genpnp.load.project import load_game, warnings_of

        started = time.monotonic()
        self.rebuilds += 1
        try:
            game = load_game(self.folder, self.game_id, self.overlays(), self.lang, draft=self.force)
            for warning in warnings_of(game):
                self.report(str(warning))
            for problem in game.drafts:  # --force: a draft with the broken text marked (see render/draft.py)
                self.report(str(problem))
            built = build_game(game, self.options, self.out_dir, self.force)
            previews = write_previews(built.path, self.preview_dir, self.pages, self.dpi)
        except InvalidGame as exc:
            return self.failed([str(v) for v in exc.violations])
        except GenpnpError as exc:
            return self.failed(exc.lines())
        except OSError as exc:
            return self.failed([f"{exc.filename or 'error'}: {exc.strerror or exc}"])
        except Exception as exc:  # noqa: BLE001 - any edit may break a file in a way no check foresaw
            return self.failed([f"{shown_name(str(self.folder), Path.cwd())}: this save cannot be built "
                                f"({type(exc).__name__}: {exc or 'no details'})"])
        self.drop_stale_previews(built.path.stem, previews)
        self.last_good = built.path
        self.report(f"{self.game_id}: built {built.path} ({built.pages} pages) and {len(previews)} previews "
                    f"in {self.preview_dir} in {time.monotonic() - started:.1f} s")
        return True

    def failed(self, lines: list[str]) -> bool:
        for line in lines:
            self.report(line)
        kept = f"{self.last_good} is the last good build" if self.last_good else "nothing was built yet"
        self.report(f"{self.game_id}: not rebuilt ({len(lines)} problem(s)); {kept}")
        return False

    def drop_stale_previews(self, stem: str, written: list[Path]) -> None:
        """Page PNGs of pages the game no longer has (after an edit that shortened it)."""
        if self.pages:
            return
        keep = set(written)
        for old in self.preview_dir.glob(f"{stem}-page*.png"):
            if old not in keep:
                old.unlink()


def watch(watcher: Watcher, stop: threading.Event | None = None, max_rebuilds: int | None = None,
          ready: Callable[[], None] | None = None, debounce_ms: int = 400,
          extra_paths: Sequence[Path] = ()) -> int:
    """Build once, then rebuild on every change under the game folder (and ``extra_paths``) until
    Ctrl-C, ``stop`` is set, or ``max_rebuilds`` rebuilds after the first build. ``ready`` is called
    once the file watcher runs. Returns the exit code: 0, or 2 when an output folder lies in the
    game folder (its own writes would be changes to watch)."""
    from genpnp.core.errors import UsageError
    from genpnp.core.outputs import check_out

    try:
        check_out(watcher.out_dir, None, [watcher.folder])
        check_out(watcher.preview_dir, None, [watcher.folder], "--previews")
    except UsageError as exc:
        watcher.report(f"usage error: {exc}")
        return 2
    try:
        watcher.rebuild()
        watched = [watcher.folder, *extra_paths]
        watcher.report(f"{watcher.game_id}: watching {', '.join(str(p) for p in watched)} (Ctrl-C to stop)")
        changed_rebuilds = 0
        announced = False
        for changes in watchfiles.watch(*watched, watch_filter=OutputFilter([watcher.out_dir, watcher.preview_dir]),
                                        debounce=debounce_ms, step=50, stop_event=stop, rust_timeout=300,
                                        yield_on_timeout=True, raise_interrupt=True):
            if not announced and ready is not None:  # the file watcher runs from here on
                ready()
            announced = True
            if not changes:  # the folder was quiet for rust_timeout
                continue
            names = changed_names(changes, watcher.folder)
            watcher.report(f"{watcher.game_id}: changed {', '.join(names)}")
            watcher.rebuild()
            changed_rebuilds += 1
            if max_rebuilds is not None and changed_rebuilds >= max_rebuilds:
                break
    except KeyboardInterrupt:
        watcher.report(f"{watcher.game_id}: stopped watching")
    return 0


def stop_on_sigterm() -> None:
    """Let ``kill`` (SIGTERM) stop the watcher as cleanly as Ctrl-C (call from the main thread)."""

    def interrupt(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, interrupt)


def changed_names(changes: set[tuple[watchfiles.Change, str]], folder: Path) -> list[str]:
    """The files a batch changed, as the user knows them: an editor's or sed's temporary file that
    came and went within the batch is left out."""
    added = {path for change, path in changes if change == watchfiles.Change.added}
    names = set()
    for change, path in changes:
        if change == watchfiles.Change.deleted:
            if path not in added:
                names.add(f"{shown_name(path, folder)} (removed)")
        elif Path(path).exists():
            names.add(shown_name(path, folder))
    return sorted(names)


def shown_name(path: str, folder: Path) -> str:
    try:
        return Path(path).resolve().relative_to(folder.resolve()).as_posix()
    except ValueError:
        return path
