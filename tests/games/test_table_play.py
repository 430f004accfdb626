"""What a player needs at the table (issue 16): Gerrymander, Mapmaker and Berzerka read back from their
PDFs, and the pieces' geometry checked against the boards they are played on."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from pdfcheck import CONTENT, run
from pypdf import PdfReader

from genpnp.core.units import MM
from genpnp.load.project import load_game
from genpnp.model.hexmap import HexMap


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """Each game's PDF (letter, colour, fold) as the text of its pages (--force: texts only)."""
    out = tmp_path_factory.mktemp("pdf")
    result = run("build", "--content", CONTENT, "--out", out, "-q", "--force", "gerrymander", "mapmaker", "berzerka")
    assert result.exit_code == 0, result.output
    return {game: [p.extract_text() or "" for p in PdfReader(str(out / f"{game}-letter-color.pdf")).pages]
            for game in ("gerrymander", "mapmaker", "berzerka")}


def flat(pages: list[str]) -> str:
    return re.sub(r"\s+", " ", " ".join(pages))


# ---------------------------------------------------------------- Game of Gerrymander


def test_gerrymander_states_its_defaults_and_names_the_variants(pdfs: dict[str, list[str]]) -> None:
    text = flat(pdfs["gerrymander"])
    for default in ("The higher roll chooses a colour, unless you agreed, and takes the first turn",
                    "full shared edges", "may go anywhere", "compare each player's"):
        assert default in text
    for variant in ("Corners:", "Home Ground:", "Red Opens:", "Second Wins Ties:"):
        assert variant in text


def test_gerrymander_tiles_are_cut_inside_a_cell() -> None:
    game = load_game(CONTENT / "gerrymander")
    cell = game.components["board"].cell
    for name in ("red-tiles", "blue-tiles"):
        tiles = game.components[name]
        assert tiles.size == (cell, cell)
        w, h = tiles.cut_size
        assert cell - 1.5 * MM < w == h < cell - 0.3 * MM  # some play, not a loose fit
        assert all((p.w, p.h) == (w, h) for p in tiles.pieces[:1])


# ---------------------------------------------------------------- Mapmaker


def test_mapmaker_strips_fit_their_slots() -> None:
    game = load_game(CONTENT / "mapmaker")
    board = next(c for c in game.components.values() if isinstance(c, HexMap))
    strips = game.components["borders"]
    length, width = max(strips.cut_size), min(strips.cut_size)
    assert board.slot_length - 0.5 * MM < length <= board.slot_length
    assert width <= board.slot_width
    assert game.warnings == ()  # no zone outline hidden under the map's edge


def test_mapmaker_aid_settles_the_open_questions(pdfs: dict[str, list[str]]) -> None:
    text = flat(pdfs["mapmaker"])
    for settled in ("Who starts:", "is the edge of the board for this game", "One border, two districts:",
                    "would leave A1 and A2 cut off", "card stock", "ties draw again",
                    "No border inside a won district", "This edition's rules"):
        assert settled in text


# ---------------------------------------------------------------- Berzerka


def _berzerka() -> tuple:
    game = load_game(CONTENT / "berzerka")
    return game, game.components["board"], game.components["value-tokens"], game.components["contract-tiles"]


def test_every_value_token_side_can_be_reached_and_the_worst_case_is_covered() -> None:
    _, board, tokens, _ = _berzerka()
    raises = board.columns  # each player raises a row at most once
    reachable = {v for row in board.rows for v in range(int(row.fields["base"]) + 1,
                                                         int(row.fields["base"]) + raises + 1)}
    sides = [int(item.fields[k]) for item in tokens.items for k in ("value", "other") if k in item.fields]
    assert set(sides) <= reachable
    assert reachable == set(range(2, 13))  # the x2..x12 of the token set, each used
    worst = Counter(v for row in board.rows for v in range(int(row.fields["base"]) + 1,
                                                             int(row.fields["base"]) + raises + 1))
    fronts = Counter(int(item.fields["value"]) for item in tokens.items)
    assert all(fronts[v] >= n for v, n in worst.items())  # the fronts alone cover every stack at once


def test_every_contract_says_which_way_the_penalty_goes() -> None:
    _, board, _, tiles = _berzerka()
    contracts = list(board.rows) + list(tiles.items)
    assert len(contracts) == 18
    for item in contracts:
        best, penalty = item.fields["best"], item.fields["penalty"]
        assert best in ("high", "low")
        assert penalty == ("\u2212" if best == "high" else "+"), item.fields["name"]  # minus where high is best
    assert "base" not in {k for item in tiles.items for k in item.fields}  # a tile plays for its row's value


EDGES = {"top": (0, 1), "left": (-1, 0), "bottom": (0, -1), "right": (1, 0)}


def _numbers_by_edge(face) -> dict[tuple[int, int], str]:
    """Digits drawn along the card's edges, by the edge's direction (x right, y up)."""
    out = {}
    for element in face.elements:
        text = getattr(element, "text", "")
        digit = re.fullmatch(r"(?:\[u\])?(\d)(?:\[/\])?", str(text))  # 6 is underlined, like the deck's 6 and 9
        if not digit:
            continue
        x, y, w, h = element.resolve_box(100, 100)
        cx, cy = (x + w / 2 - 50) / 50, (y + h / 2 - 50) / 50
        out[(round(cx), round(cy)) if abs(cx) > 0.5 or abs(cy) > 0.5 else (0, 0)] = digit.group(1)
    return out


def test_penalty_card_counts_on_after_a_book_page_turn() -> None:
    """Quarter turns clockwise show 1-4; turned over like a page with 4 at the top, 5-8 follow.

    The back of every double-sided piece is upright after a turn about the piece's own vertical axis
    (fold pairs and duplex alike). With 4 at the top the card lies rotated a quarter anticlockwise,
    so a page turn is a turn about its own horizontal axis: a back point (s, t) lands at (t, -s) on
    the table, and clockwise quarter turns then bring the back's left, bottom, right, top edges up."""
    game, *_ = _berzerka()
    card = game.components["penalty"].pieces[0]
    front, back = _numbers_by_edge(card.front), _numbers_by_edge(card.back)
    assert [front[EDGES[e]] for e in ("top", "left", "bottom", "right")] == ["1", "2", "3", "4"]
    table_top_after_turn = [(s, t) for s, t in ((-1, 0), (0, -1), (1, 0), (0, 1))]
    assert [back[e] for e in table_top_after_turn] == ["5", "6", "7", "8"]


def test_berzerka_rules_give_variants_direction_and_examples(pdfs: dict[str, list[str]]) -> None:
    text = flat(pdfs["berzerka"])
    for needed in ("Everything goes clockwise", "Full Hand Bidding", "Hotseat Discards First",
                   "The penalty card", "turn the card over like the page of a book", "The card stops at 8"):
        assert needed in text
    examples = re.findall(r"\b(\d+)\. (?:A|Nobody|Follow|Trumping|Nothing|Most|Fewest|Ranking)\b", text)
    assert len(set(examples)) >= 8
