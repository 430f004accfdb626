"""Where genpnp writes, and how: ``--out`` is checked against the content, every name from content
that ends in a file name is checked as one file name, and every output is replaced whole.

An output (a PDF, a zip, an export or release folder) is written under a temporary name beside its
target, ``.<target name>.genpnp-<pid>-<random>[.tmp]``, and renamed over the target at the end (a
folder is exchanged with the old one in one step where the kernel can, then the old one is
removed). A run that is killed leaves the previous output as it was and its temporary file or
folder beside it; the next run that writes there removes the temporary files of runs whose
process is gone. A folder genpnp did not write (no marker file of its own) is never replaced.
"""

from __future__ import annotations

import errno
import os
import re
import shutil
import signal
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from genpnp.core.errors import ContentError, GenpnpError, Loc, Problem, UsageError
from genpnp.core.gamefolder import discover, is_game

MAX_NAME = 100  # characters of one name from content that becomes a file name
TEMP = re.compile(r"\.(?P<target>.+)\.genpnp-(?P<pid>\d+)-[0-9a-f]{8}(\.tmp)?")
LEGACY_TEMP = re.compile(r"\.(?P<target>.+\.pdf)\.[0-9a-z_]{8}\.tmp")  # mkstemp names of earlier versions
LEGACY_AGE = 3600.0  # seconds: an earlier version's temp file this old belongs to no running build


# -- names from content ----------------------------------------------------------------------------

def name_problem(text: str) -> str | None:
    """Why ``text`` cannot be one file name in an output folder, or None when it can."""
    if not text or not text.strip():
        return "is empty"
    if text in (".", ".."):
        return "is a folder's own name"
    if "/" in text or "\\" in text:
        return "holds a / or \\ (a path, not a name)"
    if any(ord(ch) < 32 or ord(ch) == 127 for ch in text):
        return "holds a control character"
    if text.startswith("."):
        return "starts with a dot (a hidden file)"
    if len(text) > MAX_NAME:
        return f"is longer than {MAX_NAME} characters"
    return None


def check_name(text: str, loc: Loc, what: str) -> str:
    """``text`` when it is a safe file name; else a ContentError at ``loc`` (the line that named it)."""
    problem = name_problem(str(text))
    if problem is not None:
        raise ContentError([Problem(loc, name_message(str(text), what, problem))])
    return str(text)


def name_message(text: str, what: str, problem: str) -> str:
    shown = text if len(text) <= 60 else text[:57] + "..."
    return (f'{what} "{shown}" {problem}: it names an output file, so use letters, digits, spaces, '
            "- _ and . (not first), at most 100 characters")


# -- where --out may be ----------------------------------------------------------------------------

def _inside(path: Path, folder: Path) -> bool:
    return path == folder or folder in path.parents


def check_out(out: Path, content: Path | None, games: Iterable[Path] = (), option: str = "--out") -> None:
    """Refuse an output folder (or file) that is, contains or lies inside the content folder or a
    game folder: a usage error, before anything is written."""
    target = out.resolve()
    guarded: list[tuple[str, Path]] = []
    if content is not None and content.is_dir():
        guarded.append(("the content folder", content.resolve()))
        try:
            guarded += [("the game folder", g.resolve()) for g in discover(content).values()]
        except (OSError, GenpnpError):
            pass
    guarded += [("the game folder", g.resolve()) for g in games]
    for what, folder in guarded:
        if _inside(target, folder):
            where = "is" if target == folder else "lies inside"
            raise UsageError(f"{option} {out} {where} {what} {folder}: genpnp never writes among a game's "
                             "files; choose a folder outside it (e.g. --out out)")
        if _inside(folder, target):
            raise UsageError(f"{option} {out} contains {what} {folder}: replacing it could delete the game's "
                             "files; choose a folder outside it (e.g. --out out)")
    for parent in [target, *target.parents]:
        if is_game(parent):
            raise UsageError(f"{option} {out} lies inside the game folder {parent}: genpnp never writes among "
                             "a game's files; choose a folder outside it (e.g. --out out)")
    if target.is_dir():
        try:
            children = [c for c in target.iterdir() if c.is_dir() and not c.is_symlink()]
        except OSError:
            children = []
        for child in children:
            if is_game(child):
                raise UsageError(f"{option} {out} contains the game folder {child}: replacing it could delete "
                                 "the game's files; choose a folder outside it (e.g. --out out)")


# -- temporary names and their clean-up ------------------------------------------------------------

def temp_path(target: Path, suffix: str = "") -> Path:
    """A fresh temporary name beside ``target`` that tells which process made it."""
    tag = os.urandom(4).hex()
    return target.with_name(f".{target.name}.genpnp-{os.getpid()}-{tag}{suffix}")


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # another user's process: alive
        return True
    return True


def clean_stale(folder: Path, target: str | None = None) -> list[Path]:
    """Remove the temporary files and folders that killed runs left in ``folder`` (for ``target``
    only, when given): those whose process is gone. Returns what was removed."""
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    now = time.time()
    for entry in entries:
        match = TEMP.fullmatch(entry.name)
        if match:
            if (target is not None and match["target"] != target) or _alive(int(match["pid"])):
                continue
        else:
            legacy = LEGACY_TEMP.fullmatch(entry.name)
            if not legacy or (target is not None and legacy["target"] != target):
                continue
            try:
                if now - entry.lstat().st_mtime < LEGACY_AGE:
                    continue
            except OSError:
                continue
        try:
            if entry.is_dir() and not entry.is_symlink():
                shutil.rmtree(entry)
            else:
                entry.unlink()
            removed.append(entry)
        except OSError:
            pass
    return removed


# -- writing failures ------------------------------------------------------------------------------

class WriteFailed(GenpnpError):
    """Writing an output failed (a full disk, no permission): which path, and that nothing changed."""

    def __init__(self, path: Path | str, reason: str, target: Path):
        self.path, self.reason = str(path), reason
        super().__init__(f"{path}: {reason}: nothing was written; {target} is as it was")


def _failure(exc: OSError, target: Path) -> WriteFailed:
    where = exc.filename if exc.filename else target
    reason = exc.strerror or (os.strerror(exc.errno) if exc.errno else str(exc))
    return WriteFailed(where, reason, target)


# -- replacing a file or a folder whole ------------------------------------------------------------

def _mode(path: Path, mode: int) -> None:
    umask = os.umask(0)
    os.umask(umask)
    os.chmod(path, mode & ~umask)  # mkstemp/mkdtemp make 0600/0700; an output is an ordinary file


@contextmanager
def replaced_file(target: Path) -> Iterator[Path]:
    """A temporary file name beside ``target``, renamed over it when the block succeeds, removed when
    it fails (or the process is interrupted or terminated). A killed run's temporary file is
    removed by the next run."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _failure(exc, target) from None
    clean_stale(target.parent)
    tmp = temp_path(target, ".tmp")
    try:
        yield tmp
        if tmp.exists():
            _mode(tmp, 0o666)
        check_stop()
        os.replace(tmp, target)
    except OSError as exc:
        _remove(tmp)
        raise _failure(exc, target) from None
    except BaseException:
        _remove(tmp)
        raise


def _remove(path: Path) -> None:
    try:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
        elif path.exists() or path.is_symlink():
            path.unlink()
    except OSError:
        pass


def ours(folder: Path, markers: Sequence[str]) -> bool:
    """True when ``folder`` may be replaced: it is empty, or genpnp wrote it (one of ``markers`` is in it)."""
    try:
        entries = [e.name for e in folder.iterdir()]
    except OSError:
        return False
    return not entries or any(m in entries for m in markers)


def check_replaceable(out: Path, markers: Sequence[str], option: str = "--out") -> None:
    """A usage error when ``out`` exists and is not a folder genpnp may replace whole."""
    if out.is_symlink():
        out = out.resolve()
    if out.exists() and not out.is_dir():
        raise UsageError(f"{option} {out} is a file, not a folder")
    if out.is_dir() and not ours(out, markers):
        raise UsageError(f"{option} {out} holds files that genpnp did not write (it has no "
                         f"{' or '.join(markers)}): it would be replaced whole, so choose a new or empty folder")


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def exchange(a: Path, b: Path) -> bool:
    """Swap two existing paths in one step (Linux renameat2 RENAME_EXCHANGE); False where the
    kernel or C library cannot."""
    if not sys.platform.startswith("linux"):
        return False
    import ctypes

    try:
        libc = ctypes.CDLL(None, use_errno=True)
        call = libc.renameat2
    except (OSError, AttributeError):
        return False
    call.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if call(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP):
        return False
    raise OSError(code, os.strerror(code), str(b))


def swap_in(new: Path, target: Path) -> None:
    """Put the folder ``new`` where ``target`` is, replacing it whole; the old folder is removed."""
    if not target.exists():
        os.rename(new, target)
        return
    if exchange(new, target):
        shutil.rmtree(new, ignore_errors=True)  # now the old output, under the temporary name
        return
    old = temp_path(target)  # no exchange: two renames; a kill between them leaves the old one here
    os.rename(target, old)
    os.rename(new, target)
    shutil.rmtree(old, ignore_errors=True)


@contextmanager
def replaced_folder(out: Path, markers: Sequence[str], option: str = "--out") -> Iterator[Path]:
    """A temporary folder beside ``out`` that replaces it whole when the block succeeds: a run that
    fails, is interrupted or killed leaves ``out`` as it was. ``out`` must be new, empty, or a
    folder genpnp wrote (holding one of ``markers``)."""
    target = out.resolve() if out.is_symlink() else out
    check_replaceable(target, markers, option)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise _failure(exc, target) from None
    clean_stale(target.parent)
    tmp = temp_path(target)
    try:
        tmp.mkdir()
        _mode(tmp, 0o777)
        yield tmp
        check_stop()
        swap_in(tmp, target)
    except OSError as exc:
        _remove(tmp)
        raise _failure(exc, target) from None
    except BaseException:
        _remove(tmp)
        raise


# -- signals and worker processes ------------------------------------------------------------------

_STOP: list[int] = []  # the signal that asked this process to stop, once it came


def check_stop() -> None:
    """Raise SystemExit when SIGTERM came: called before an output is swapped in, so that a
    terminated run never replaces the previous output even where the signal handler's exception
    was swallowed (Python ignores exceptions raised inside a finalizer)."""
    if _STOP:
        raise SystemExit(128 + _STOP[0])


def stop_on_sigterm() -> Callable[[], None]:
    """Let SIGTERM end the process through the ordinary clean-up (temporary files removed, the
    previous output kept): it raises SystemExit(143) in the main thread. Returns the function that
    restores the default, to call when the work is done (so that a SIGTERM during the
    interpreter's exit ends it quietly instead of raising inside an exit hook)."""

    def terminated(signum: int, frame: Any) -> None:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second SIGTERM ends it at once
        _STOP.append(signum)
        raise SystemExit(128 + signum)

    def restore() -> None:
        try:
            if signal.getsignal(signal.SIGTERM) is terminated:
                signal.signal(signal.SIGTERM, signal.SIG_DFL)
        except ValueError:
            pass

    try:
        if signal.getsignal(signal.SIGTERM) in (signal.SIG_DFL, None):
            signal.signal(signal.SIGTERM, terminated)
    except ValueError:  # not the main thread (an embedding program): leave its signals alone
        pass
    return restore


@contextmanager
def quiet_signals() -> Iterator[None]:
    """SIGTERM and SIGINT held back while worker processes are forked (they come after the block):
    an exception raised by a signal handler inside the fork hooks would be printed and lost."""
    held = {signal.SIGTERM, signal.SIGINT}
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


def die_with_parent(parent: int, interval: float = 0.1) -> None:
    """In a worker process: exit at once when ``parent`` (the pid of the process that started it)
    is gone (killed with SIGKILL, say), instead of working on for nobody. A daemon thread checks
    the parent's pid; the pid is passed in, as the parent may be gone before this runs."""
    import threading

    def check() -> None:
        while os.getppid() == parent:
            time.sleep(interval)
        os._exit(1)

    threading.Thread(target=check, name="genpnp-parent-check", daemon=True).start()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a terminated worker stops at once
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM})  # held back while it was forked


def kill_workers() -> None:
    """End this process's worker processes now (after a failure or an interrupt)."""
    import multiprocessing

    for child in multiprocessing.active_children():
        child.kill()
    for child in multiprocessing.active_children():
        child.join(1)


@contextmanager
def workers(count: int) -> Iterator[Any]:
    """A pool of ``count`` worker processes (forked: they share what the parent has loaded) that end with
    the command: each exits at once when its parent is gone (killed with SIGKILL), and a failure or
    interrupt here kills them before the error goes on, so no worker writes on after the command stopped."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    pool = ProcessPoolExecutor(max_workers=count, mp_context=multiprocessing.get_context("fork"),
                               initializer=die_with_parent, initargs=(os.getpid(),))
    try:
        yield pool
    except BaseException:
        pool.shutdown(wait=False, cancel_futures=True)
        kill_workers()
        raise
    finally:
        pool.shutdown(wait=True)
