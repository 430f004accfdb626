"""`genpnp serve`: a live preview of a game in the browser.

``preview.py`` keeps the state (faces, pages, problems) and redraws only what changed;
``server.py`` serves it on 127.0.0.1 with server-sent events; ``run`` ties them to the file
watcher: a save rebuilds, a burst of saves is one rebuild, Ctrl-C (or SIGTERM) stops it all.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from pathlib import Path

import watchfiles

from genpnp.commands.serve.preview import Preview
from genpnp.commands.serve.server import Server
from genpnp.commands.watch import OutputFilter, changed_names


def one_game(content: Path, name: str | None) -> tuple[str, Path]:
    """The game to serve: the one named, or the only game of ``content`` (UsageError when it has several)."""
    from genpnp.core.errors import UsageError
    from genpnp.load.project import resolve_games

    games = resolve_games(content, (name,) if name else ())
    if len(games) > 1:
        raise UsageError(f"{content} has {len(games)} games: name the one to serve ({', '.join(sorted(games))})")
    ((game_id, folder),) = games.items()
    return game_id, folder


class Builder:
    """A thread that rebuilds the preview whenever it is asked to, one rebuild at a time
    (requests made during a rebuild are one more rebuild after it)."""

    def __init__(self, preview: Preview) -> None:
        self.preview = preview
        self.wanted = threading.Event()
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.loop, name="genpnp-serve-builder", daemon=True)

    def request(self) -> None:
        self.wanted.set()

    def loop(self) -> None:
        while True:
            self.wanted.wait()
            if self.stopping.is_set():
                return
            self.wanted.clear()
            try:
                self.preview.rebuild()
            except Exception as exc:  # a bug, not the content's fault: say so, keep serving the last good preview
                import traceback

                traceback.print_exc()
                self.preview.failed([f"internal error in genpnp (please report it): {type(exc).__name__}: {exc}"])

    def stop(self) -> None:
        """Let a rebuild under way finish (its files are written whole), then end the thread."""
        self.stopping.set()
        self.wanted.set()
        self.thread.join()


def run(preview: Preview, port: int = 0, extra_paths: Sequence[Path] = (), stop: threading.Event | None = None,
        ready: Callable[[str], None] | None = None, step_ms: int = 20) -> int:
    """Serve ``preview`` until Ctrl-C or ``stop``; ``ready(url)`` is called once the page is served and
    the files are watched. Returns the exit code: 0."""
    builder = Builder(preview)
    server = Server(preview, port, builder.request)
    serving = threading.Thread(target=server.serve_forever, name="genpnp-serve-http", daemon=True)
    preview.publish()
    builder.thread.start()
    builder.request()
    serving.start()
    watched = [preview.folder, *extra_paths]
    preview.report(f"{preview.game_id}: serving {server.url} (127.0.0.1 only); watching "
                   f"{', '.join(str(p) for p in watched)} (Ctrl-C to stop)")
    announced = False
    try:
        for changes in watchfiles.watch(*watched, watch_filter=OutputFilter([preview.out_dir]), debounce=400,
                                        step=step_ms, stop_event=stop, rust_timeout=300, yield_on_timeout=True,
                                        raise_interrupt=True):
            if not announced and ready is not None:
                ready(server.url)
            announced = True
            if changes:
                preview.report(f"{preview.game_id}: changed {', '.join(changed_names(changes, preview.folder))}")
                builder.request()
    except KeyboardInterrupt:
        pass
    server.stop()
    builder.stop()
    preview.report(f"{preview.game_id}: stopped serving")
    return 0
