"""A face element made of the same field values in several items is read and checked once and shared;
an element with a problem is still reported at every item that has it."""

from __future__ import annotations

from pathlib import Path

from pdfcheck import validate

from genpnp.load.project import load_game

GAME = 'name: Shared\nversion: "1"\nlicence: CC0\nplayers: "2"\nsections: [deck]\n'
DECK = """components:
  deck:
    kind: card
    faces:
      front:
        draw:
          - rect: {box: [5%, 5%, 90%, 90%], stroke: "{colour}"}
          - text: {text: "{name}", box: [10%, 10%, 80%, 10%], size: 12pt, min_scale: 0.9, wrap: false}
    items:
      - {name: Ant, colour: red}
      - {name: Bee, colour: red}
      - {name: Cat, colour: blue}
"""


def _game(tmp_path: Path, deck: str) -> Path:
    folder = tmp_path / "content" / "shared"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "components.yaml").write_text(deck, encoding="utf-8")
    return folder


def test_an_element_of_the_same_values_is_one_element(tmp_path: Path):
    game = load_game(_game(tmp_path, DECK), "shared")
    ant, bee, cat = (p.front.elements for p in game.components["deck"].pieces)
    assert ant[0] is bee[0] and ant[0] is not cat[0]  # the red frame, read once
    assert ant[1] is not bee[1] and ant[1].text == "Ant" and bee[1].text == "Bee"


def test_a_problem_of_a_shared_element_is_reported_at_every_item(tmp_path: Path):
    long = "a very long name that cannot fit in its box at all"
    deck = DECK.replace("{name: Ant, colour: red}", f"{{name: {long}, colour: red}}").replace(
        "{name: Bee, colour: red}", f"{{name: {long}, colour: blue}}")  # the text element is the same
    code, out = validate(_game(tmp_path, deck))
    assert code == 1, out
    assert len({ln for ln in out.splitlines() if "text too long for its box" in ln}) == 2, out
    assert "components.yaml:10:" in out and "components.yaml:11:" in out, out


def test_items_whose_values_differ_only_in_type_get_their_own_faces(tmp_path: Path):
    """1, 1.0 and true are equal in Python but print differently: each item shows its own value."""
    deck = DECK.replace("{name: Ant, colour: red}", "{name: 1, colour: red}").replace(
        "{name: Bee, colour: red}", "{name: 1.0, colour: red}").replace(
        "{name: Cat, colour: blue}", "{name: true, colour: red}")
    deck = deck.replace('text: "{name}"', 'text: "n = {name}"')
    game = load_game(_game(tmp_path, deck), "shared")
    texts = [p.front.elements[1].text for p in game.components["deck"].pieces]
    assert len(set(texts)) == 3, texts
