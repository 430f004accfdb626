"""Berrymandering: the shipped content validates and builds; each broken variant names its rule and file:line."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from pdfcheck import copy_game, edit, validate
from pypdf import PdfReader

from genpnp.commands.cli import main
from genpnp.content.gridmap import load_map
from genpnp.load.project import load_game
from genpnp.model.mapboard import MapBoard
from genpnp.rules.tiling import Cutting, find_cutting

GAME = Path(__file__).resolve().parents[2] / "content" / "berrymandering"
UNCUTTABLE = "name: Uncuttable\nrows: |\n  1.a.2\n  ab?cd\n"  # 8 cells; the three top cells need the same middle


def state_maps() -> list[Path]:
    """The map files of the game's gridmap components that are not the square cakes."""
    game = load_game(GAME)
    maps = [c.map for c in game.components.values() if isinstance(c, MapBoard)]
    return [m for m in maps if not re.match(r"(standard|learning)", m.stem)]








def test_shipped_game_is_valid() -> None:
    code, out = validate(GAME)
    assert code == 0, out
    assert "berrymandering: valid" in out


def test_a_quadruple_tile_made_triple_breaks_the_distribution(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    pieces = folder / "pieces.yaml"
    line = edit(pieces, "{fruit: strawberry, berries: 4, qty: 2}", "{fruit: strawberry, berries: 4, qty: 1}",
                unique=True)
    edit(pieces, "{fruit: strawberry, berries: 3, qty: 3}", "{fruit: strawberry, berries: 3, qty: 4}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"pieces\.yaml:{line}:\d+: tile-distribution: cake-tiles where fruit=strawberry: 1 with "
                     r"berries 4, expected 2", out)
    assert "fruit=strawberry: 4 with berries 3, expected 3" in out
    # the teams no longer mirror each other: a knock-on effect, listed after its cause
    assert out.index("teams-mirror") > out.index("tile-distribution")
    assert "[follows from tile-distribution]" in out


def test_a_missing_mystery_disc_is_reported(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    pieces = folder / "pieces.yaml"
    line = edit(pieces, "{fruit: blueberry, berries: 1, qty: 2}", "{fruit: blueberry, berries: 1, qty: 1}",
                unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"pieces\.yaml:{line}:\d+: discs-mirror: berries 1: strawberry 2, blueberry 1", out)
    assert "one-disc-per-random-tile: mystery-discs: 5, expected exactly 6 (cake-tiles[random=true])" in out


def test_a_missing_candle_is_reported(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    pieces = folder / "pieces.yaml"
    line = edit(pieces, "    qty: 9\n", "    qty: 8\n", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"pieces\.yaml:{line}:\d+: candles: candles: 8, expected exactly 9 \(cake-tiles / 4\)", out)


def test_a_player_board_lip_too_short_does_not_fit(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    board = folder / "board.yaml"
    text = board.read_text(encoding="utf-8")
    lip = text.rindex("{grid: 6, gap: 2mm, qty: 4}")  # the second part: the lip
    board.write_text(text[:lip] + "{grid: 6, gap: 3mm, qty: 4}" + text[lip + 27:], encoding="utf-8")
    line = text[:lip].count("\n") + 1
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"board\.yaml:{line}:\d+: player-board-fit: .*need 195 mm: make it 201 mm long", out)


def add_cell(path: Path) -> int:
    """Add one cell right after the last cell of the map's first row; return its file line."""
    gm = load_map(path)
    origin = gm.row_origins[0]
    last = max(c.col for c in gm.cells if c.row == 0)
    lines = path.read_text(encoding="utf-8").split("\n")
    text = lines[origin.line - 1]
    at = origin.col - 1 + last + 1
    lines[origin.line - 1] = text[:at] + "1" + text[at:]
    path.write_text("\n".join(lines), encoding="utf-8")
    return origin.line


def test_a_state_map_with_one_cell_more_is_reported(tmp_path: Path) -> None:
    maps = state_maps()
    assert len(maps) >= 12
    folder = copy_game(tmp_path, "berrymandering")
    target = folder / "maps" / maps[0].name
    before = len(load_map(target).cells)
    add_cell(target)
    assert len(load_map(target).cells) == before + 1
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"maps/{re.escape(target.name)}:\d+:\d+: [\w-]*/?map-cell-count: .*{before + 1} cells", out), out


def test_a_state_map_that_cannot_be_cut_is_reported(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "berrymandering")
    target = folder / "maps" / state_maps()[-1].name
    target.write_text(UNCUTTABLE, encoding="utf-8")
    gm = load_map(target)
    assert len(gm.cells) % 4 == 0 and not isinstance(find_cutting(gm.coords, 4), Cutting)
    code, out = validate(folder)
    assert code == 1
    assert re.search(rf"maps/{re.escape(target.name)}:\d+:\d+: [\w-]*/?map-cuttable: ", out), out


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, PdfReader]:
    out = tmp_path_factory.mktemp("bm")
    result = CliRunner().invoke(main, ["build", "--content", str(GAME.parent), "berrymandering", "--out", str(out)])
    assert result.exit_code == 0, result.output
    pdf = out / "berrymandering-letter-color.pdf"
    reader = PdfReader(str(pdf))
    return "\n".join(page.extract_text() or "" for page in reader.pages), reader


def test_build_has_every_section(built: tuple[str, PdfReader]) -> None:
    text, reader = built
    game = load_game(GAME)
    for needle in ("Berrymandering", "Contents", "Rules", "Cake tiles", "Mystery discs", "Team cards and candles",
                   "Team Strawberry", "Team Blueberry", "Solo score sheet", "How long you rule Cakeland",
                   "Optional player board", "GLUE ZONE: a lip goes here"):
        assert needle in text, needle
    titles = [c.label for c in game.components.values() if isinstance(c, MapBoard)]
    # every map is named in the title of the page it is on (a page of its own, or one it shares)
    cover = reader.pages[0].extract_text() or ""  # the fixture's text is the pages' texts joined: the rest follows
    lines = text[len(cover) + 1:].splitlines()
    for title in titles:
        assert any(title in line.split(" · ") for line in lines), title
    assert reader.pages[0].mediabox.width == pytest.approx(612)


def test_build_has_every_map(built: tuple[str, PdfReader]) -> None:
    text, _ = built
    game = load_game(GAME)
    titles = [c.label for c in game.components.values() if isinstance(c, MapBoard)]
    assert len(titles) == len(list((GAME / "maps").glob("*.yaml"))) >= 14
    for title in titles:
        assert title in text, title


def test_the_layouts_are_compact_upright_and_after_the_core_game() -> None:
    """Over the print options the 14 map layouts take a few pages after every page of the core game, each
    drawn upright and whole (a setup diagram, never poster-tiled); a page turns landscape only where that
    puts two layouts on it."""
    import itertools

    from genpnp.core.units import MM
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options, parse_paper

    game = load_game(GAME)
    total = 0
    for paper, backs, bleed in itertools.product(("letter", "a4", "legal"), ("fold", "duplex"), (0, 3)):
        options = Options(paper=parse_paper(paper), backs=backs, bleed=bleed * MM)
        doc = impose_game(game, options)
        pages = [[p.component.name for p in s.placements] for s in doc.sheets]
        maps = [n for n, names in enumerate(pages) if any(name.startswith("map-") for name in names)]
        core = [n for n, names in enumerate(pages) if names and not any(name.startswith("map-") for name in names)]
        assert len(maps) <= 9 * (2 if backs == "duplex" else 1), (paper, backs, bleed, maps)
        assert max(core) < min(maps), (paper, backs, bleed)
        turned = [p.component.name for s in doc.sheets for p in s.placements
                  if p.component.name.startswith("map-") and (p.rotation % 180 or p.window is not None)]
        assert not turned, (paper, backs, bleed, turned)
        # a page of layouts turns landscape only to take two of them (a sheet saved), never for one
        for n in range(len(doc.sheets)):
            w, h = doc.sheets.page_size(n, (1.0, 2.0))
            assert w < h or sum(name.startswith("map-") for name in set(pages[n])) >= 2, (paper, backs, bleed, n)
        total += len(doc.sheets)
    assert total <= 260
