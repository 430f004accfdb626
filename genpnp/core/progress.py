"""What build and release tell the user while they work: --quiet, --verbose, a page progress bar.

Results (the paths written, JSON) go to stdout; progress, details and messages go to stderr,
so ``genpnp build GAME | head -1`` gets the PDF's path, and a closed stdout never stops a build.
On a terminal a ``click.progressbar`` of pages is drawn; otherwise (pipes, CI logs)
plain lines are printed, so logs stay readable. ``--quiet`` prints only errors and
``--verbose`` adds one line per step.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TextIO

import click

QUIET, NORMAL, VERBOSE = 0, 1, 2
_KEY = "genpnp.verbosity"


def _store(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value:
        ctx.meta[_KEY] = QUIET if param.name == "quiet" else VERBOSE


def verbosity_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """``--quiet`` / ``--verbose``, kept in the click context (read with :func:`current`)."""
    fn = click.option("--verbose", "-v", is_flag=True, expose_value=False, callback=_store,
                      help="Say what is done step by step.")(fn)
    return click.option("--quiet", "-q", is_flag=True, expose_value=False, callback=_store,
                        help="Print errors only.")(fn)


def result_line(text: str, **kwargs: Any) -> None:
    """Print a result to stdout; if the reader has gone (``| head -1``), drop the rest silently."""
    try:
        click.echo(text, **kwargs)
        sys.stdout.flush()
    except BrokenPipeError:
        silence_stdout()


def silence_stdout() -> None:
    """Point stdout at /dev/null so later writes and the interpreter's final flush do not fail."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (a test runner's buffer)
        pass


def current() -> Reporter:
    ctx = click.get_current_context(silent=True)
    level = ctx.meta.get(_KEY, NORMAL) if ctx is not None else NORMAL
    return Reporter(level)


class Reporter:
    """Prints results, details and page progress according to the verbosity level."""

    def __init__(self, level: int = NORMAL, stream: TextIO | None = None, tty: bool | None = None):
        self.level = level
        self.stream = stream  # where progress and details go (default: stderr)
        self.tty = (stream or sys.stderr).isatty() if tty is None else tty

    def result(self, text: str) -> None:
        """A line the user asked for (a written file), on stdout; hidden by --quiet."""
        if self.level >= NORMAL:
            if self.stream is None:
                result_line(text)
            else:
                click.echo(text, file=self.stream)

    def detail(self, text: str) -> None:
        """A step, shown with --verbose (on stderr)."""
        if self.level >= VERBOSE:
            click.echo(text, file=self.stream, err=self.stream is None)

    @contextmanager
    def pages(self, label: str, unit: str = "page") -> Iterator[Callable[[int, int], None] | None]:
        """A ``progress(done, total)`` callback for one document (None when quiet)."""
        if self.level == QUIET:
            yield None
            return
        state: dict[str, Any] = {"bar": None, "done": 0, "step": 0}

        def progress(done: int, total: int) -> None:
            if self.tty:
                if state["bar"] is None:
                    out: TextIO = self.stream if self.stream is not None else sys.stderr
                    state["bar"] = click.progressbar(length=total, label=label, file=out).__enter__()
                state["bar"].update(done - state["done"])
            elif self.level >= VERBOSE or done == total or done % 10 == 0:
                # plain lines: every page when verbose, else every tenth page and the last
                click.echo(f"{label}: {unit} {done}/{total}", file=self.stream, err=self.stream is None)
            state["done"] = done

        try:
            yield progress
        finally:
            if state["bar"] is not None:
                state["bar"].__exit__(None, None, None)
