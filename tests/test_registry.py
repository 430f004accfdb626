"""Kinds, art elements and renderers are imported only when used; the registries read from the
modules' source agree with what the modules register, and unknown names keep their "did you mean"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from pdfcheck import ROOT, copy_game, edit, output_of

from genpnp import art, model, render
from genpnp.model.base import KINDS


def test_the_source_scan_names_every_registered_kind_art_and_renderer_in_its_module():
    model.load_all()
    art.load_all()
    render.load_all()
    assert model._registry().where() == {name: cls.__module__.rsplit(".", 1)[1] for name, cls in KINDS.items()}
    assert art._REGISTRY.where() == {name: cls.__module__.rsplit(".", 1)[1] for name, cls in art.ART.items()}
    assert render._REGISTRY.where() == {cls.__name__: fn.__module__.rsplit(".", 1)[1]
                                        for cls, fn in render.RENDERERS.items()}
    assert model.kind_names() == sorted(KINDS)
    assert art.names() == sorted(art.ART)
    from genpnp.model import rulespec as spec

    spec.load_all_kinds()
    assert spec.REGISTRY.where() == {name: kind.run.__module__.rsplit(".", 1)[1] for name, kind in spec.KINDS.items()}
    assert spec.kind_names() == sorted(spec.KINDS)


def test_a_deck_build_imports_only_the_kinds_and_art_it_uses(tmp_path: Path):
    code = (
        "import sys\n"
        "from genpnp.commands.cli import main\n"
        "try:\n"
        f"    main(['build', 'berzerka', '--component', 'deck', '--out', {str(tmp_path / 'out')!r}, '-q'])\n"
        "except SystemExit as exc:\n"
        "    assert not exc.code, exc.code\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('genpnp.'))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    loaded = set(done.stdout.split())
    assert {"genpnp.model.pieces", "genpnp.art.text", "genpnp.art.svg", "genpnp.render.pieces"} <= loaded
    unused = {"genpnp.model.die", "genpnp.model.scoresheet", "genpnp.model.trackboard", "genpnp.model.board",
              "genpnp.art.image", "genpnp.art.pips", "genpnp.render.die", "genpnp.render.trackboard",
              "genpnp.render.board", "genpnp.render.scoresheet"}
    assert not loaded & unused, loaded & unused


def test_an_unknown_kind_and_an_unknown_art_still_say_did_you_mean(tmp_path: Path):
    folder = copy_game(tmp_path, "berzerka")
    components = folder / "components.yaml"
    kind_line = edit(components, "kind: token", "kind: tokn")
    art_line = edit(components, "- ellipse:", "- elipse:")
    code, out = output_of("validate", "--content", str(folder.parent), folder.name)
    assert code == 1 and "Traceback" not in out, out
    assert f'components.yaml:{kind_line}:' in out and 'unknown kind "tokn" (did you mean "token"?)' in out, out
    assert f'components.yaml:{art_line}:' in out and 'unknown art "elipse" (did you mean "ellipse"?)' in out, out
