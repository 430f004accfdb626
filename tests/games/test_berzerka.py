"""Berzerka: validates and builds; broken copies name rule and file:line; the deck follows its data."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner
from pdfcheck import copy_game, edit, line_of, validate
from pypdf import PdfReader

from genpnp.commands.cli import main
from genpnp.load.project import load_game
from genpnp.rules.supply import assign

GAME = Path(__file__).resolve().parents[2] / "content" / "berzerka"

FIVE_SUITS_OF_TEN = """suits:
  - {name: Hearts, symbol: heart, colour: "#D7263D", ink: "#D7263D"}
  - {name: Diamonds, symbol: diamond, colour: "#1C3F94", ink: "#1C3F94"}
  - {name: Clubs, symbol: club, colour: "#3FA34D", ink: "#3FA34D"}
  - {name: Spades, symbol: spade, colour: "#1A1A1A", ink: "#1A1A1A"}
  - {name: Crowns, symbol: diamond, colour: "#8A5A00", ink: "#8A5A00"}
ranks:
""" + "".join(f'  - {{value: {v}, label: "{v}"}}\n' for v in range(1, 11))










def build_deck(folder: Path, out: Path) -> Path:
    result = CliRunner().invoke(main, ["build", "--content", str(folder.parent), "--out", str(out),
                                       "--component", "deck", folder.name])
    assert result.exit_code == 0, result.output
    pdfs = list(out.glob("*.pdf"))
    assert [p.name for p in pdfs] == [f"{folder.name}-letter-color-deck.pdf"]
    return pdfs[0]


def cards_printed(pdf: Path) -> list[int]:
    """The card numbers named in the sheet titles ("Playing cards 4 to 6")."""
    numbers: list[int] = []
    for page in PdfReader(str(pdf)).pages:
        for m in re.finditer(r"Playing cards (\d+)(?: to (\d+))?", page.extract_text() or ""):
            numbers.extend(range(int(m.group(1)), int(m.group(2) or m.group(1)) + 1))
    return numbers


def test_shipped_game_is_valid() -> None:
    code, out = validate(GAME)
    assert code == 0, out
    assert "berzerka: valid" in out


def test_shipped_deck_is_four_suits_of_thirteen() -> None:
    deck = load_game(GAME).components["deck"]
    assert deck.piece_count() == 52
    keys = {(p.fields["suit_name"], p.fields["rank_value"]) for p in deck.pieces}
    assert len(keys) == 52
    assert deck.pieces[0].fields == {"suit_name": "Hearts", "suit_symbol": "heart", "suit_colour": "hearts",
                                     "suit_ink": "hearts-ink", "rank_value": 1, "rank_label": "1"}


def test_a_suit_listed_twice_is_a_duplicated_card(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    deck = folder / "data" / "deck.yaml"
    spades = '  - {name: Spades, symbol: spade, colour: spades, ink: spades-ink}\n'
    line = edit(deck, spades, spades + '  - {name: Hearts, symbol: heart, colour: hearts, ink: hearts-ink}\n',
                unique=True) + 1
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"berzerka/data/deck\.yaml:{line}:\d+: [\w-]*/?deck-unique: the 1 of Hearts is in the", out)
    assert "deck-count: the deck has 65 cards; 4 suit_name x 13 rank_value make 52" in out


def test_a_rank_listed_twice_points_at_the_rank(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    deck = folder / "data" / "deck.yaml"
    king = '  - {value: 13, label: "13"}\n'
    line = edit(deck, king, king + '  - {value: 7, label: "7"}\n', unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"deck\.yaml:{line + 1}:\d+: [\w-]*/?deck-unique: the 7 of Clubs is in the deck more than", out)


def test_a_missing_value_token_is_named(tmp_path: Path) -> None:
    """Rows start at x1, x3, x5, x7, x9: the worst case needs every value once and 4, 6, 8, 10 twice.
    Without the one x7 token, 7 is short, and named (and nothing else is)."""
    folder = copy_game(tmp_path, "berzerka")
    edit(folder / "data" / "value-tokens.yaml", "  - {value: 7}\n", "", unique=True)
    code, out = validate(folder)
    line = line_of(folder / "components.yaml", "    items: {file: data/value-tokens.yaml}")
    assert code == 1
    assert re.search(rf"components\.yaml:{line}:\d+: value-tokens/value-token-supply: the worst case stacks 1 "
                     r"tokens of 7 at once; 0 tokens show 7, 1 more needed", out)
    assert len({line for line in out.splitlines() if "value-token-supply" in line}) == 1  # only one is short


def test_the_spare_token_is_spare(tmp_path: Path) -> None:
    """Three x6 tokens where the worst case stacks two: one lost leaves the supply whole (only the box
    count says so); two lost leave a 6 short."""
    folder = copy_game(tmp_path, "berzerka")
    tokens = folder / "data" / "value-tokens.yaml"
    edit(tokens, "  - {value: 6}\n", "")
    code, out = validate(folder)
    assert code == 1
    assert "value-token-supply" not in out and "value-token-count" in out
    edit(tokens, "  - {value: 6}\n", "")
    code, out = validate(folder)
    assert code == 1
    assert re.search(r"value-token-supply: the worst case stacks 2 tokens of 6 at once; 1 tokens show 6, "
                     r"1 more needed", out)


def test_a_contract_tile_3mm_too_wide_does_not_fit_a_row(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    components = folder / "components.yaml"
    line = edit(components, "    size: 65.5mm x 30mm\n", "    size: 68.5mm x 30mm\n", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"components\.yaml:{line}:\d+: tile-fits-row: contract-tiles are 68.5 mm x 30 mm; "
                     r"they should be 65.5 mm x 30 mm", out)


def test_a_sixth_contract_breaks_length_cubes_and_tokens(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    contracts = folder / "data" / "contracts.yaml"
    extra = "  - {name: Extra, objective: x, penalty: \"+\", detail: y, base: 1}\n"
    contracts.write_text(contracts.read_text(encoding="utf-8") + extra, encoding="utf-8")
    code, out = validate(folder)
    assert code == 1
    assert "stated-" not in out  # the texts quote {board.rows}: they follow the content
    assert "cube-supply: cubes: 5 with player Blue, expected 6" in out
    assert "value-token-supply" in out and "more needed" in out  # a sixth row needs more tokens


def test_the_texts_quote_the_game_length_from_the_board(tmp_path: Path) -> None:
    """Five rows x three players: the rules say 15 hands; a sixth row makes them say 18."""
    from genpnp.content.markdown import plain

    def texts(folder: Path) -> str:
        game = load_game(folder)
        return "\n".join(plain(b.text) + " | ".join(c for row in b.rows for c in row)
                         for name in ("rules",) for b in game.components[name].blocks)

    assert "A full game has 5 contracts, so with 3 players it lasts 15 hands" in texts(GAME)
    folder = copy_game(tmp_path, "berzerka")
    contracts = folder / "data" / "contracts.yaml"
    extra = "  - {name: Extra, objective: x, penalty: \"+\", detail: y, base: 11}\n"
    contracts.write_text(contracts.read_text(encoding="utf-8") + extra, encoding="utf-8")
    text = texts(folder)
    assert "A full game has 6 contracts, so with 3 players it lasts 18 hands" in text


def test_a_number_written_out_still_warns_when_the_content_differs(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    rules = folder / "text" / "rules.md"
    line = edit(rules, "so with {board.columns} players it lasts {board.rows * board.columns} hands",
                "so with 3 players it lasts 16 hands", unique=True)
    rules_line = edit(rules, "A full game has {board.rows} contracts", "A full game has 6 contracts", unique=True)
    code, out = validate(folder)
    assert code == 0  # warnings only
    assert re.search(rf"text/rules\.md:{line}:\d+: warning: stated-hands: the text says "
                     r"\"lasts 16 hands\"; the content makes it exactly 15", out), out
    assert re.search(rf"text/rules\.md:{rules_line}:\d+: warning: stated-contracts: the text says \"full game has 6 "
                     r"contracts\"", out), out


def test_deck_alone(tmp_path: Path) -> None:
    pdf = build_deck(GAME, tmp_path / "out")
    # the cover shows a few of the game's pieces; the pages after it hold the deck alone
    text = "\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages[1:])
    assert sorted(cards_printed(pdf)) == list(range(1, 53))
    assert "Contract board" not in text and "Overbid penalty" not in text


def test_five_suits_of_ten_make_a_valid_fifty_card_deck(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    (folder / "data" / "deck.yaml").write_text(FIVE_SUITS_OF_TEN, encoding="utf-8")
    code, out = validate(folder)
    assert code == 1 and "deck-size: deck: 50, expected exactly 52" in out  # the rules state 52 cards
    edit(folder / "game.yaml", "count: {of: deck, equals: 52}", "count: {of: deck, equals: 50}", unique=True)
    code, out = validate(folder)
    assert code == 0, out
    deck = load_game(folder).components["deck"]
    assert deck.piece_count() == 50
    assert {p.fields["suit_name"] for p in deck.pieces} == {"Hearts", "Diamonds", "Clubs", "Spades", "Crowns"}
    assert sorted(cards_printed(build_deck(folder, tmp_path / "out"))) == list(range(1, 51))
    # and the validator follows the new data: a rank of it listed twice is caught
    edit(folder / "data" / "deck.yaml", '  - {value: 10, label: "10"}\n',
         '  - {value: 10, label: "10"}\n  - {value: 3, label: "3"}\n', unique=True)
    code, out = validate(folder)
    assert code == 1
    assert "deck-count: the deck has 55 cards; 5 suit_name x 10 rank_value make 50" in out


def test_product_names_a_missing_list(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    line = edit(folder / "components.yaml", "of: [suits, ranks]", "of: [suits, colours]", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"components\.yaml:{line}:\d+: .*has no list \"colours\"", out)


def test_worst_case_and_matching() -> None:
    from genpnp.rules.check import explain

    report = next(r for r in explain(load_game(GAME)) if r.rule.kind == "stacked-tokens")
    assert report.outcome.witness[0].startswith(
        "worst case: {2: 1, 3: 1, 4: 2, 5: 1, 6: 2, 7: 1, 8: 2, 9: 1, 10: 2, 11: 1, 12: 1} at once")
    # two tokens that each show 2 or 3 can fill one 2 and one 3, but not two 3s and a 2
    assert None not in assign([2, 3], [(2, 3), (3, 2)])
    assert assign([2, 3, 3], [(2, 3), (3, 2)]).count(None) == 1


# ---------------------------------------------------------------- broken copies: the rules text's numbers and names


def first_error(out: str) -> str:
    """The first error reported (warnings and stated-number notes aside): the first cause."""
    return next(x for x in out.splitlines() if ": warning:" not in x and "stated-" not in x and ".yaml:" in x)


def test_a_48_card_deck_breaks_deck_size_at_the_end_of_the_ranks(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    deck = folder / "data" / "deck.yaml"
    last = line_of(deck, '  - {value: 12, label: "12"}')
    edit(deck, '  - {value: 13, label: "13"}\n', "", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"data/deck\.yaml:{last}:\d+: deck-size: deck: 48, expected exactly 52", first_error(out))


def test_twelve_contract_tiles_break_the_tile_count(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    tiles = folder / "data" / "contract-tiles.yaml"
    text = tiles.read_text(encoding="utf-8")
    cut = text.rindex("  - name:")
    tiles.write_text(text[:cut], encoding="utf-8")
    last = text[: text.rindex("  - name:", 0, cut)].count("\n") + 1
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"contract-tiles\.yaml:{last}:\d+: contract-tiles: contract-tiles: 12, expected exactly 13",
                     first_error(out))


def test_a_contract_starting_at_x11_breaks_the_row_values_at_its_line(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    line = edit(folder / "data" / "contracts.yaml", "    base: 9\n", "    base: 11\n", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"contracts\.yaml:{line}:\d+: row-values: board\.rows: unknown base \"11\" \(no entry has 9",
                     first_error(out))
    assert re.search(rf"contracts\.yaml:{line}:\d+: row-values: board\.rows: 0 with base 9, expected 1", out)
    # the tokens that no longer reach follow from it, after it
    assert out.index("row-values") < out.index("value-tokens/") and "[follows from row-values]" in out


def test_an_empty_contract_rule_is_missing_at_its_line(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    tiles = folder / "data" / "contract-tiles.yaml"
    line = edit(tiles, "    detail: The declarer names trump. Take as few tricks as you can.\n", '    detail: ""\n')
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"contract-tiles\.yaml:{line}:\d+: tiles-complete: the entry \"Lay Low\" of contract-tiles "
                     r"has no detail", first_error(out))
    contracts = folder / "data" / "contracts.yaml"
    line = edit(contracts, "    detail: Played without a trump suit. Take as few tricks as you can.\n",
                "    detail:\n", unique=True)
    code, out = validate(folder)
    assert re.search(rf"contracts\.yaml:{line}:\d+: starter-contracts: the entry \"Bottle It Up\" of board\.rows "
                     r"has no detail", out)


def test_a_missing_starter_contract_is_named_and_the_rest_follows(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berzerka")
    contracts = folder / "data" / "contracts.yaml"
    text = contracts.read_text(encoding="utf-8")
    start, end = text.index("  - name: Bottle It Up"), text.index("  - name: Topsy-Turvy")
    contracts.write_text(text[:start] + text[end:], encoding="utf-8")
    code, out = validate(folder)
    assert code == 1
    assert 'starter-contracts: no entry of board.rows has name "Bottle It Up"' in first_error(out)
    # four rows now: the cubes (one per row and player) are a knock-on effect, reported after the cause
    assert "cube-supply: cubes: 5 with player Blue, expected 4" in out
    assert out.index("starter-contracts") < out.index("cube-supply")
    assert "[follows from starter-contracts]" in out.split("cube-supply", 1)[1].splitlines()[0]


def test_the_contract_board_speaks_in_the_games_fonts() -> None:
    """Every word of the board, its total row included, is in the game's body family (Cabin)."""
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options, parse_paper
    from genpnp.render.recorder import RecordingSurface
    from genpnp.render.sheet import draw_sheet

    drawn: dict[str, str] = {}

    class Words(RecordingSurface):
        def text(self, x, y, text, font, size, color, align="left") -> None:  # type: ignore[no-untyped-def]
            drawn[text] = font
            super().text(x, y, text, font, size, color, align)

    doc = impose_game(load_game(GAME), Options(paper=parse_paper("letter")))
    page = next(n for n, s in enumerate(doc.sheets) if s.section == "board")
    draw_sheet(Words({}), doc, doc.sheets[page], page + 1, len(doc.sheets))
    assert drawn["Total game points"] == "averia-serif-bold"
    assert drawn["Contracts"] == "averia-serif-bold"


def test_aids_penalty_card_and_tokens_fill_the_card_pages() -> None:
    """61 card-sized pieces (52 cards and 9 aid cards) make 7 pages of 9; the penalty card fills the room
    the last one leaves, and the value tokens and the forehand token share the tiles' and markers' sheet:
    none has a page of its own, so the pieces take 8 pages and the board a ninth."""
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options, parse_paper

    doc = impose_game(load_game(GAME), Options(paper=parse_paper("letter")))
    pages: dict[str, set[int]] = {}
    for n, sheet in enumerate(doc.sheets):
        for p in sheet.placements:
            pages.setdefault(p.component.name, set()).add(n)
    assert pages["aid"] & pages["deck"]  # the aids follow on the deck's last page
    assert pages["penalty"] <= pages["aid"]
    small = pages["value-tokens"] | pages["forehand"]
    assert small <= pages["contract-tiles"] | pages["cubes"]
    assert len(pages["deck"] | pages["aid"] | pages["penalty"] | small | pages["contract-tiles"]
               | pages["cubes"]) == 8
