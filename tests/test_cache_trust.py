"""The one user cache holds data only and trusts only its user (issue #23 item 3, #24 item 1).

Planted code never runs; a folder another user owns or others may write is not used (one warning);
an entry that does not read back cleanly (a FIFO, a link to /dev/zero, cut off, zeroed, a wrong
digest, another content's entry) is ignored and rewritten; PDFs are the same bytes cache off, cold
and warm.
"""

from __future__ import annotations

import hashlib
import marshal
import os
import subprocess
import sys
from pathlib import Path

import pytest

from genpnp.core import usercache

ROOT = Path(__file__).resolve().parent.parent
ENTRY = usercache.key("probe", b"some content")


def _use(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Path:
    monkeypatch.setenv("GENPNP_CACHE", str(folder))
    usercache._state.clear()
    return folder


def _build(tmp_path: Path, cache: str, out: str) -> tuple[str, str]:
    """A build in its own process: the digest of its PDF and its stderr."""
    result = subprocess.run([sys.executable, "-m", "genpnp", "build", "berzerka", "--component", "deck",
                             "--component", "rules", "--out", str(tmp_path / out), "-q"], cwd=ROOT,
                            env={**os.environ, "GENPNP_CACHE": cache}, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    (pdf,) = (tmp_path / out).glob("*.pdf")
    return hashlib.sha256(pdf.read_bytes()).hexdigest(), result.stderr


def test_planted_code_never_runs_and_pdfs_are_the_same_off_cold_warm_and_planted(tmp_path: Path):
    cache = tmp_path / "cache"
    off, _ = _build(tmp_path, "off", "off")
    cold, _ = _build(tmp_path, str(cache), "cold")
    entries = sorted(cache.glob("*.bin"))
    assert entries  # the converted SVGs
    warm, _ = _build(tmp_path, str(cache), "warm")
    marker = tmp_path / "RAN"
    code = compile(f"open({str(marker)!r}, 'w').close()", "planted", "exec")
    for entry in entries:  # each entry replaced by code, with its own key and a matching digest
        raw = entry.read_bytes()
        payload = marshal.dumps({"face": code, "font": [code], "names": code, "x": (code,)})
        head = len(usercache.FORMAT) + 32
        entry.write_bytes(raw[:head] + hashlib.sha256(payload).digest() + payload)
    planted, _ = _build(tmp_path, str(cache), "planted")
    assert not marker.exists()
    assert off == cold == warm == planted
    assert all(usercache.plain(marshal.loads(e.read_bytes()[len(usercache.FORMAT) + 64:])) for e in entries)


def test_loaded_values_must_be_plain_data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    _use(monkeypatch, tmp_path / "cache")
    usercache.put(ENTRY, {"a": [1, 2.5, "x", b"y", None, True, (3, {"b": ()})]})
    assert usercache.get(ENTRY) == {"a": [1, 2.5, "x", b"y", None, True, (3, {"b": ()})]}
    assert not usercache.plain(compile("1", "x", "eval")) and not usercache.plain([frozenset()])
    assert not usercache.plain({"k": [object()]}) and not usercache.plain(type("S", (str,), {})("s"))
    other = usercache.key("probe", b"other content")
    usercache.put(other, [compile("1", "x", "eval")])  # not plain: not stored
    assert usercache.get(other) is None and not (tmp_path / "cache" / f"{other.hex()}.bin").exists()


@pytest.mark.parametrize("damage", ["fifo", "dev-zero", "cut", "zeroed", "digest", "other-content", "folder",
                                    "empty", "huge-sparse"])
def test_an_entry_that_does_not_read_back_cleanly_is_ignored_and_rewritten(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, damage: str):
    folder = _use(monkeypatch, tmp_path / "cache")
    value = {"widths": list(range(1, 500)), "name": "x"}
    usercache.put(ENTRY, value)
    path = folder / f"{ENTRY.hex()}.bin"
    good = path.read_bytes()
    head = len(usercache.FORMAT) + 64
    if damage in ("fifo", "dev-zero", "folder"):
        path.unlink()
        {"fifo": lambda: os.mkfifo(path), "dev-zero": lambda: path.symlink_to("/dev/zero"),
         "folder": lambda: path.mkdir()}[damage]()
    elif damage == "cut":
        path.write_bytes(good[:-7])
    elif damage == "zeroed":  # numbers zeroed, digest left: a damaged disk
        path.write_bytes(good[:head] + bytes(len(good) - head))
    elif damage == "digest":
        path.write_bytes(good[:head - 1] + bytes([good[head - 1] ^ 1]) + good[head:])
    elif damage == "other-content":  # another content's entry copied over this one's name
        other = usercache.key("probe", b"other")
        usercache.put(other, {"widths": [0], "name": "y"})
        path.write_bytes((folder / f"{other.hex()}.bin").read_bytes())
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "huge-sparse":
        with open(path, "wb") as f:
            f.truncate(5 * 1024**3)
    assert usercache.get(ENTRY) is None  # ignored, at once (no hang on a FIFO, no read of /dev/zero)
    if damage == "folder":
        path.rmdir()
    usercache.put(ENTRY, value)  # the work done again: rewritten
    assert usercache.get(ENTRY) == value and path.is_file() and not path.is_symlink()
    assert not list(folder.glob("*.tmp"))


@pytest.mark.parametrize("why", ["others-write", "group-write", "other-owner", "not-a-folder"])
def test_a_folder_the_user_does_not_alone_control_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                               capsys: pytest.CaptureFixture[str], why: str):
    folder = tmp_path / "shared"
    if why == "not-a-folder":
        folder.write_bytes(b"")
    else:
        folder.mkdir(mode=0o700)
    if why == "others-write":
        folder.chmod(0o1777)  # as /tmp is
    elif why == "group-write":
        folder.chmod(0o770)
    elif why == "other-owner":
        if os.geteuid() == 0:
            os.chown(folder, 65534, 65534)
        else:
            monkeypatch.setattr(os, "geteuid", lambda: os.stat(folder).st_uid + 1)
    _use(monkeypatch, folder)
    usercache.put(ENTRY, [1])
    assert usercache.get(ENTRY) is None and usercache.get(ENTRY) is None
    assert why == "not-a-folder" or not list(folder.iterdir())  # nothing written into it
    err = capsys.readouterr().err
    assert err.count("warning: the cache folder") == 1 and str(folder) in err


def test_a_new_cache_folder_is_the_users_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    folder = _use(monkeypatch, tmp_path / "deep" / "cache")
    usercache.put(ENTRY, [1])
    assert usercache.get(ENTRY) == [1]
    assert folder.stat().st_mode & 0o077 == 0


def test_the_folder_is_kept_under_its_size_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    folder = _use(monkeypatch, tmp_path / "cache")
    monkeypatch.setattr(usercache, "MAX_BYTES", 40_000)
    keys = [usercache.key("probe", str(i).encode()) for i in range(12)]
    for i, entry in enumerate(keys):
        usercache.put(entry, b"x" * 5_000)
        os.utime(folder / f"{entry.hex()}.bin", (1_000_000 + i, 1_000_000 + i))
    assert sum(p.stat().st_size for p in folder.glob("*.bin")) <= 40_000
    assert usercache.get(keys[-1]) == b"x" * 5_000 and usercache.get(keys[0]) is None
    usercache.put(keys[0], b"y" * 20_000)  # more than a quarter of the limit: not kept
    assert usercache.get(keys[0]) is None


def test_temp_files_of_a_killed_writer_are_removed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    folder = _use(monkeypatch, tmp_path / "cache")
    usercache.put(ENTRY, [1])
    old, new = folder / ".entry-old.tmp", folder / ".entry-new.tmp"
    old.write_bytes(b"half")
    new.write_bytes(b"being written")
    os.utime(old, (1_000_000, 1_000_000))
    usercache.put(usercache.key("probe", b"next"), [2])
    assert not old.exists() and new.exists()  # one still being written by another process is left alone


def test_off_means_off(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    for word in ("off", "OFF", "0", "no", ""):
        monkeypatch.setenv("GENPNP_CACHE", word)
        usercache._state.clear()
        assert not usercache.enabled() and usercache.get(ENTRY) is None
        usercache.put(ENTRY, [1])
