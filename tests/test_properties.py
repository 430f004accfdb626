"""Property tests: random mutations of a small valid game and random print options give either a PDF
or a clean `path:line:col:` error with exit 1: never a traceback, never a partial PDF or temporary file."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

import yaml
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from genpnp.commands.cli import main

GAME = yaml.safe_load("""
name: Prop game
version: "1"
licence: CC0
players: "2"
sections: [tiles, cards, board]
""")
COMPONENTS = yaml.safe_load("""
components:
  tiles:
    kind: tile
    size: 20mm
    faces:
      front:
        fill: "#cc3333"
        draw:
          - text: {text: "{n}", size: 12pt}
          - pips: 3
    items:
      - {n: 1, qty: 2}
      - {n: 2}
  cards:
    kind: card
    back: back
    faces:
      front: {fill: "#ffffff", draw: [{rect: {box: [10%, 10%, 80%, 80%], stroke: "#000000"}}]}
      back: {fill: "#2f62c8"}
    qty: 3
  board:
    kind: board
    rows: 3
    cols: 4
    cell: 20mm
""")

KEYS = ["size", "qty", "kind", "fill", "faces", "draw", "text", "box", "rows", "cell", "back", "front",
        "items", "n", "copies", "shape", "font", "sise", "colour", "pips"]
VALUES = st.one_of(
    st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
    st.sampled_from(["20mm", "0mm", "-5mm", "900mm", "3in", "abc", "#12345g", "red", "{n}", "{missing}", "50%",
                     "300mm x 10mm", "hex", "circle", "tile", "card", "", "\u6f22", "x" * 300]),
    st.lists(st.sampled_from(["10%", "5mm", 3, None]), max_size=5),
    st.builds(lambda: {"file": "../../etc/passwd"}),  # a new dict each time: a mutation may edit it
)


def paths(node: Any, prefix: tuple = ()) -> list[tuple]:
    out = [prefix]
    if isinstance(node, dict):
        for k, v in node.items():
            out += paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            out += paths(v, prefix + (i,))
    return out


@st.composite
def mutated(draw: st.DrawFn) -> dict:
    doc = yaml.safe_load(yaml.safe_dump(COMPONENTS))
    for _ in range(draw(st.integers(1, 3))):
        spots = paths(doc)[1:]
        if not spots:
            break
        spot = draw(st.sampled_from(spots))
        parent = doc
        for step in spot[:-1]:
            parent = parent[step]
        action = draw(st.sampled_from(["replace", "delete", "add-key"]))
        if action == "replace":
            parent[spot[-1]] = draw(VALUES)
        elif action == "delete":
            del parent[spot[-1]]
        elif isinstance(parent, dict):
            parent[draw(st.sampled_from(KEYS))] = draw(VALUES)
    return doc


OPTIONS = st.fixed_dictionaries({
    "--paper": st.sampled_from(["letter", "a4", "legal", "a3", "150x150mm", "10x10mm", "bogus"]),
    "--backs": st.sampled_from(["fold", "duplex"]),
    "--bleed": st.sampled_from(["0", "3", "6"]),
    "--ink": st.sampled_from(["color", "bw", "saver"]),
    "--margin": st.sampled_from(["5", "6.35", "40"]),
})


def check(components: dict, options: dict[str, str]) -> None:
    root = Path(tempfile.mkdtemp(prefix="genpnp-prop-"))
    try:
        game, out = root / "prop", root / "out"
        game.mkdir()
        (game / "game.yaml").write_text(yaml.safe_dump(GAME))
        (game / "components.yaml").write_text(yaml.safe_dump(components, allow_unicode=True))
        args = ["build", "--content", str(game), "--out", str(out), "-q"]
        for key, value in options.items():
            args += [key, value]
        result = CliRunner().invoke(main, args)
        if result.exception is not None and not isinstance(result.exception, SystemExit):
            raise AssertionError(f"traceback for {components} {options}") from result.exception
        assert "Traceback" not in result.stderr
        left = sorted(p.name for p in out.iterdir()) if out.exists() else []
        if result.exit_code == 0:
            assert len(left) == 1 and left[0].endswith(".pdf"), left
            assert (out / left[0]).read_bytes().rstrip().endswith(b"%%EOF")
        else:
            usage = "usage error:" in result.stderr  # a bad option exits 2, bad content 1
            assert result.exit_code == (2 if usage else 1), result.stderr
            assert left == [], left
            assert result.stderr.strip(), "an error exit says why"
    finally:
        shutil.rmtree(root)


def test_the_unmutated_game_builds() -> None:
    check(COMPONENTS, {"--paper": "letter"})


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated(), OPTIONS)
def test_random_content_and_options_never_crash(components: dict, options: dict[str, str]) -> None:
    check(components, options)
