"""Content files kept parsed in the user cache read back as the parser's tree (values, types, lines and
columns); problems are never cached; a rebuild imports neither PyYAML nor svglib."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pdfcheck import ROOT, copy_game, edit, output_of

from genpnp import usercache
from genpnp.content import parsecache, yamlparse
from genpnp.content.yamlload import LList, LMap, load_file, load_text


def _same(a: Any, b: Any) -> bool:
    if type(a) is not type(b):
        return False
    if isinstance(a, LMap):
        return (a.loc == b.loc and a.key_locs == b.key_locs and a.value_locs == b.value_locs and list(a) == list(b)
                and all(_same(a[k], b[k]) for k in a))
    if isinstance(a, LList):
        return a.loc == b.loc and a.item_locs == b.item_locs and len(a) == len(b) and all(map(_same, a, b))
    return bool(a == b)


def test_every_shipped_content_file_reads_back_the_same_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    files = sorted((ROOT / "content").glob("**/*.yaml"))
    assert len(files) > 20
    for path in files:
        text = path.read_text(encoding="utf-8")
        parsed = load_text(text, path.name)
        parsecache.put(text, path.name, parsed)
        found, cached = parsecache.get(text, path.name)
        assert found and _same(parsed, cached), path


def test_a_second_load_does_not_parse_and_a_name_or_text_change_does(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "c.yaml"
    path.write_text("a: 1\nb: [x, {y: 2.5}]\nc: true\nd: ~\n", encoding="utf-8")
    first = load_file(path, "c.yaml")
    monkeypatch.setattr(yamlparse, "parse", lambda *a: pytest.fail("parsed again"))
    assert _same(load_file(path, "c.yaml"), first)
    assert first.loc_of("b").line == 2 and first["b"][1].loc_of("y").col == 12 and first["b"][1].key_loc("y").col == 9
    with pytest.raises(pytest.fail.Exception):
        load_file(path, "other-name.yaml")  # locations carry the name: another entry
    path.write_text("a: 2\n", encoding="utf-8")
    with pytest.raises(pytest.fail.Exception):
        load_file(path, "c.yaml")


def test_another_pyyaml_does_not_read_the_entries(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "c.yaml"
    path.write_text("a: 1\n", encoding="utf-8")
    load_file(path, "c.yaml")
    assert parsecache.get("a: 1\n", "c.yaml")[0]
    real = usercache.library
    monkeypatch.setattr(usercache, "library",  # an upgraded PyYAML
                        lambda name: b"/elsewhere/yaml/__init__.py|1|2" if name == "yaml" else real(name))
    assert parsecache.get("a: 1\n", "c.yaml") == (False, None)


def test_a_damaged_entry_is_parsed_again_and_values_not_kept_leave_the_file_uncached(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    path = tmp_path / "c.yaml"
    path.write_text("a: [1, 2, 3]\n", encoding="utf-8")
    first = load_file(path, "c.yaml")
    (entry,) = (tmp_path / "cache").glob("*.bin")
    entry.write_bytes(entry.read_bytes()[:-3])
    assert _same(load_file(path, "c.yaml"), first)
    stamp = tmp_path / "d.yaml"
    stamp.write_text("when: 2024-01-02\n", encoding="utf-8")  # a YAML date: not a kind the cache stores
    assert str(load_file(stamp, "d.yaml")["when"]) == "2024-01-02"
    assert len(list((tmp_path / "cache").glob("*.bin"))) == 1


def test_a_file_with_a_problem_is_never_cached(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("GENPNP_CACHE", str(tmp_path / "cache"))
    folder = copy_game(tmp_path, "gerrymander")
    line = edit(folder / "game.yaml", "name:", "name: Twice\nname:") + 1
    for _ in range(2):  # the second run reports it too: nothing of the broken file was kept
        code, out = output_of("validate", "--content", str(folder.parent), folder.name)
        assert code == 1 and f'game.yaml:{line}:1: duplicate key "name"' in out, out


def test_a_rebuild_imports_neither_yaml_nor_svglib(tmp_path: Path):
    env_code = (
        "import sys\n"
        "from genpnp.cli import main\n"
        "try:\n"
        f"    main(['build', 'berzerka', '--set', 'components.deck.back=', '--out', {str(tmp_path / 'o')!r}, '-q'])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    env = {"GENPNP_CACHE": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
    runs = [subprocess.run([sys.executable, "-c", env_code], cwd=ROOT, capture_output=True, text=True,
                           timeout=300, env=env) for _ in range(2)]
    assert all(r.returncode == 0 for r in runs), [r.stderr for r in runs]
    cold, warm = (set(r.stdout.split()) for r in runs)
    assert {"yaml", "svglib"} <= cold  # the first build parsed and converted
    assert not {"yaml", "svglib", "lxml"} & warm, warm
