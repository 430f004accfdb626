"""Compiled dataclass methods kept between runs: the classes behave the same, a second run compiles
nothing, and a damaged or disabled cache changes nothing but the time."""

from __future__ import annotations
import __future__

import subprocess
import sys
from pathlib import Path

import pytest
from pdfcheck import ROOT

from genpnp import codecache

PROBE = """
import dataclasses, sys
import genpnp.model.pieces, genpnp.impose.sheet, genpnp.errors
from genpnp import codecache
from genpnp.errors import Loc
a, b = Loc("f", 1, 2), Loc("f", 1, 2)
assert a == b and hash(a) == hash(b) and repr(a) == "Loc(file='f', line=1, col=2)" and a < Loc("f", 2, 0)
try:
    a.line = 3
except dataclasses.FrozenInstanceError:
    pass
else:
    raise SystemExit("not frozen")
print(getattr(dataclasses, "exec", None) is codecache._exec, codecache._state["new"], len(codecache._codes))
"""


def _probe(cache: str) -> list[str]:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          env={"GENPNP_CACHE": cache, "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_second_run_compiles_nothing_and_the_classes_behave_the_same(tmp_path: Path):
    cache = tmp_path / "cache"
    assert _probe(str(cache))[:2] == ["True", "True"]  # installed; compiled and stored
    (entry,) = (cache / "code").glob("*.bin")
    stored = entry.read_bytes()
    installed, new, count = _probe(str(cache))
    assert (installed, new) == ("True", "False") and int(count) > 20
    assert entry.read_bytes() == stored


def test_a_damaged_cache_is_compiled_again_and_off_means_off(tmp_path: Path):
    cache = tmp_path / "cache"
    _probe(str(cache))
    (entry,) = (cache / "code").glob("*.bin")
    entry.write_bytes(entry.read_bytes()[:-100])
    assert _probe(str(cache))[:2] == ["True", "True"]
    assert _probe("off")[:2] == ["False", "False"]


def test_cached_code_is_what_compiling_the_source_gives(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(codecache, "_codes", {})
    source = "def __create_fn__():\n def f(self, x):\n  return (x, __name__)\n return f"
    first: dict = {}
    codecache._exec(source, {"__name__": "genpnp.probe"}, first)
    monkeypatch.setattr(codecache, "compile", lambda *a, **k: pytest.fail("compiled twice"), raising=False)
    again: dict = {}
    codecache._exec(source, {"__name__": "genpnp.probe"}, again)
    fresh: dict = {}
    exec(compile(source, "<string>", "exec", dont_inherit=True), {"__name__": "genpnp.probe"}, fresh)
    made, made_again = first["__create_fn__"](), again["__create_fn__"]()
    assert made.__code__.co_code == fresh["__create_fn__"]().__code__.co_code
    assert made(None, 1) == made_again(None, 1) == (1, "genpnp.probe")
    # __future__ annotations of genpnp's own modules do not leak into the generated code
    assert not made.__code__.co_flags & __future__.annotations.compiler_flag


def test_classes_of_other_modules_are_left_to_dataclasses(monkeypatch: pytest.MonkeyPatch):
    """A program that imports genpnp keeps its own dataclasses out of genpnp's cache."""
    monkeypatch.setattr(codecache, "_codes", {})
    source = "def __create_fn__():\n def f(self):\n  return 1\n return f"
    made: dict = {}
    codecache._exec(source, {"__name__": "someone.else"}, made)
    assert made["__create_fn__"]()(None) == 1 and codecache._codes == {}
    codecache._exec(source, {"__name__": "genpnp.model"}, made)
    assert list(codecache._codes) == [source]
