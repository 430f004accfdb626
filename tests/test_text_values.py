"""The game's own numbers in its texts: {players}, {cards.count}, quantities; {{ for a brace; errors at the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from genpnp.commands.newgame import new_game
from genpnp.content.markdown import plain
from genpnp.core.errors import ContentError
from genpnp.load.project import load_game


def _game(tmp_path: Path, guide: str) -> Path:
    folder = new_game("quoted", tmp_path)
    (folder / "text" / "guide.md").write_text(guide, encoding="utf-8")
    return folder


def _text(folder: Path) -> str:
    game = load_game(folder)
    return "\n".join(plain(b.text) for b in game.components["guide"].blocks)


def _errors(folder: Path) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder)
    return [str(p) for p in info.value.problems if p.severity == "error"]


GUIDE = ("# Play\n\nA game for **{players}** players with {cards.count} cards.\n\n"
         "- {cards * 2} halves, {cards / 4} each\n")


def test_values_are_filled_in(tmp_path: Path) -> None:
    text = _text(_game(tmp_path, GUIDE))
    assert "A game for 2-4 players with 20 cards." in text
    assert "40 halves, 5 each" in text
    assert "{" not in text


def test_changing_the_content_changes_the_text(tmp_path: Path) -> None:
    folder = _game(tmp_path, GUIDE)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text().replace('players: "2-4"', 'players: "3-6"'))
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text().replace("Draw Two,Draw two cards from the deck.,4",
                                           "Draw Two,Draw two cards from the deck.,8"))
    text = _text(folder)
    assert "A game for 3-6 players with 24 cards." in text
    assert "48 halves, 6 each" in text


def test_a_doubled_brace_is_a_literal_brace(tmp_path: Path) -> None:
    text = _text(_game(tmp_path, "Write {{players}} to quote the count ({players}); a lone } stays.\n"))
    assert "Write {players} to quote the count (2-4); a lone } stays." in text


def test_an_unknown_name_is_an_error_at_its_line_and_column(tmp_path: Path) -> None:
    errors = _errors(_game(tmp_path, "# Play\n\nA game for {playrs} players\nand {card.count} cards.\n"))
    guide = str(Path("text") / "guide.md")
    assert any(e.endswith(f'{guide}:3:12: unknown name "playrs" in {{playrs}} (did you mean "players"?): write a '
                          "value of game.yaml (players, name, version, year) or a component of the game")
               for e in errors), errors
    assert any(f"{guide}:4:5:" in e and '"card"' in e and 'did you mean "cards"' in e for e in errors), errors


@pytest.mark.parametrize("guide,col,says", [
    ("Open { brace", 6, "a { with no } on its line"),
    ("Code {print(1)} here", 6, "is not a value of the game"),
    ("Bad {cards.colour}", 5, 'has no "colour"'),
    ("Zero {cards / 0}", 6, "division by zero"),
])
def test_what_braces_may_not_hold(tmp_path: Path, guide: str, col: int, says: str) -> None:
    errors = _errors(_game(tmp_path, guide + "\n"))
    assert any(f"guide.md:1:{col}:" in e and says in e for e in errors), errors


def test_a_score_sheet_introduction_quotes_values_too(tmp_path: Path) -> None:
    from pdfcheck import copy_game

    folder = copy_game(tmp_path, "berrymandering")
    (folder / "text" / "solo.md").write_text("Eat {cake-tiles / 4} groups; {candles} candles at most.\n",
                                              encoding="utf-8")
    sheet = load_game(folder).components["solo-sheet"]
    assert [plain(b.text) for b in sheet.blocks] == ["Eat 9 groups; 9 candles at most."]
    (folder / "text" / "solo.md").write_text("Eat {cake-tile / 4} groups.\n", encoding="utf-8")
    errors = _errors(folder)
    assert any("text/solo.md:1:5:" in e and 'did you mean "cake-tiles"' in e for e in errors), errors
