"""Mapmaker: the shipped game validates and builds; broken copies name their rule and file:line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfcheck import copy_game, edit, validate
from pdfcheck import output_of as run
from pypdf import PdfReader

from genpnp.load.project import load_game
from genpnp.rules.check import explain

GAME = Path(__file__).resolve().parents[2] / "content" / "mapmaker"
VOTERS = "mapmaker/data/voters.yaml"
BOARD = "mapmaker/data/board.yaml"










def test_shipped_game_is_valid() -> None:
    code, out = validate(GAME)
    assert code == 0, out
    assert "valid" in out


def test_counts_come_from_the_map() -> None:
    game = load_game(GAME)
    board = game.components["board"]
    sizes = {n: len(board.zone(name)) for n, name in {2: "two-players", 3: "three-players", 4: "four-players"}.items()}
    assert sizes == {2: 37, 3: 55, 4: 73}
    supply = next(r for r in explain(game) if r.rule.kind == "hex-district-supply").outcome.witness
    assert "borders: 186 interior edges - (73 counties - 18 districts) = 131" in supply
    districts = next(r for r in explain(game) if r.rule.kind == "hex-districts").outcome.witness
    assert "two-players: 37 counties, 9-9 disjoint districts" in districts
    assert game.components["borders"].piece_count() >= 131
    assert game.components["voters"].piece_count() == 73


def test_removing_a_token_fails_with_its_line(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    line = edit(folder / "data" / "voters.yaml", "{party: blue, symbol: donkey, figure: white, value: 7, qty: 2}",
                "{party: blue, symbol: donkey, figure: white, value: 7, qty: 1}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"{VOTERS}:{line}:5: parties-mirror: value 7: red 2, blue 1" in out
    assert "tokens-per-county" in out  # 72 tokens for 73 counties with four players


def test_changing_a_value_fails_with_its_line(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    line = edit(folder / "data" / "voters.yaml",
                "{party: green, symbol: leaf, figure: white, value: 1, qty: 1, front: swing}",
                "{party: green, symbol: leaf, figure: white, value: 2, qty: 1}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"{VOTERS}:{line}:5: parties-mirror: value 2: red 2, green 3" in out
    assert f"{VOTERS}:{line}:5: parties-mirror: value 1: red 1, green 0" in out
    assert "tokens-per-county" not in out  # still 18 tokens per party


def test_moving_a_hex_out_of_its_zone_names_the_hex(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    line = edit(folder / "data" / "board.yaml", "{q: 0, r: 0, label: F5, players: 2}",
                "{q: 0, r: 0, label: F5, players: 3}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"{BOARD}:{line}:" in out and "zone-no-holes" in out
    assert "tokens-per-county" in out


def test_a_zone_that_is_not_nested_fails(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    line = edit(folder / "data" / "board.yaml", "{q: 2, r: -5, label: A1, players: 4}",
                "{q: 2, r: -5, label: A1, players: 5}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"{BOARD}:{line}:" in out and "zones-nested" in out


def test_a_hex_moved_off_its_place_but_still_attached_fails_at_its_line(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    # D1, which no figure of the rules names: (-3, -3) still touches C1
    line = edit(folder / "data" / "board.yaml", "{q: -3, r: -2, label: D1, players: 4}",
                "{q: -3, r: -3, label: D1, players: 4}", unique=True)
    code, out = validate(folder)
    assert code == 1
    first = [x for x in out.splitlines() if ": board-shape/" in x]
    assert f"{BOARD}:{line}:5: board-shape/map-shape: D1 (-3, -3) is off its place" in first[0]
    assert f"{BOARD}:1:1: board-shape/map-shape: no hex at (-3, -2)" in first[1]
    assert "zones-nested" not in out and "tokens-per-county" not in out  # only the shape rule sees it


def test_two_counties_swapping_zones_fail_at_both_lines(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    board = folder / "data" / "board.yaml"
    inner = edit(board, "{q: 0, r: -3, label: C3, players: 2}", "{q: 0, r: -3, label: C3, players: 3}", unique=True)
    outer = edit(board, "{q: -1, r: -3, label: C2, players: 3}", "{q: -1, r: -3, label: C2, players: 2}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"{BOARD}:{outer}:5: board-shape/zone-shape: C2 (-1, -3) is in two-players, unlike" in out
    assert f"{BOARD}:{inner}:5: board-shape/zone-shape: C3 (0, -3) is not in two-players, unlike" in out
    assert "zones-nested" not in out and "tokens-per-county" not in out  # 37, 55 and 73 counties still


def test_swing_faces_are_marked(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    voters = folder / "data" / "voters.yaml"
    unmarked = edit(voters, "{party: blue, symbol: donkey, figure: white, value: 1, qty: 1, front: swing}",
                    "{party: blue, symbol: donkey, figure: white, value: 1, qty: 1}", unique=True)
    marked = edit(voters, "{party: red, symbol: elephant, figure: white, value: 7, qty: 2}",
                  "{party: red, symbol: elephant, figure: white, value: 7, qty: 2, front: swing}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"{VOTERS}:{unmarked}:5: swing-marked: value 1 shows the face front; value 0, 1 must show swing" in out
    assert f"{VOTERS}:{marked}:5: swing-marked: value 7 shows the face swing, kept for value 0, 1" in out


def test_too_few_borders_and_markers_fail(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    comps = folder / "components.yaml"
    edit(comps, "qty: 132 ", "qty: 110 ", unique=True)
    edit(comps, "{party: red, symbol: elephant, figure: white, qty: 18}",
         "{party: red, symbol: elephant, figure: white, qty: 7}", unique=True)
    code, out = validate(folder)
    assert code == 1
    assert "border-count: 110 border strips; a finished 73-county board can need 131" in out
    assert "markers-per-party: red has 7 district markers; a team can win up to 18" in out


def check_district(*members: str, taken: tuple[str, ...] = ()) -> tuple[int, str]:
    args = ["check-district", "--content", str(GAME.parent)]
    for t in taken:
        args += ["--taken", t]
    return run(*args, "mapmaker", "--", *members)


def test_check_district_accepts_a_compact_district() -> None:
    code, out = check_district("F4", "F5", "G4", "G5")
    assert code == 0 and "ok: a legal district of 4 counties" in out
    assert check_district("0,0", "1,0", "0,1", "1,-1")[0] == 0  # axial coordinates work too


def test_check_district_rejects_too_small_and_disconnected() -> None:
    code, out = check_district("F4", "F5", "G4")
    assert code == 1 and "too-small" in out
    code, out = check_district("F2", "F3", "F8", "F9")
    assert code == 1 and "not-connected" in out


def test_check_district_rejects_a_splittable_line_of_eight() -> None:
    code, out = check_district(*(f"{q},0" for q in range(-4, 4)))
    assert code == 1 and "splittable: splits into two districts" in out


def test_check_district_accepts_an_unsplittable_y() -> None:
    y_shape = ["0,0", "1,0", "2,0", "3,0", "0,-1", "0,-2", "0,-3", "-1,1", "-2,2", "-3,3"]
    code, out = check_district(*y_shape)
    assert code == 0, out
    assert "10 counties" in out


def test_check_district_rejects_taken_and_unknown_counties() -> None:
    code, out = check_district("F4", "F5", "G4", "G5", taken=("F5,F6",))
    assert code == 1 and "already-taken" in out
    code, out = check_district("F4", "F5", "G4", "Z9")
    assert code == 1 and "unknown-node" in out and "Z9" in out


@pytest.mark.parametrize("ink", ["color", "bw"])
def test_build_writes_the_pdf(tmp_path: Path, ink: str) -> None:
    code, out = run("build", "--content", str(GAME.parent), "mapmaker", "--out", str(tmp_path), "--ink", ink)
    assert code == 0, out
    reader = PdfReader(str(tmp_path / f"mapmaker-letter-{ink}.pdf"))
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert len(reader.pages) == 7  # cover, rules (2 pages), board in two parts, the card sheet of pieces, the aids
    for title in ("Player aid", "Board", "Voter tokens", "District markers", "District borders", "Lafair"):
        assert title in text
    assert "F5" in text and "in play with 3 or more players (55)" in text


def test_a_figure_naming_a_missing_piece_fails_at_its_line(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "mapmaker")
    line = edit(folder / "text" / "aid.md", "  - {piece: markers#1, at: F4}", "  - {piece: marker#1, at: F4}",
                unique=True)
    code, out = validate(folder)
    assert code == 1
    assert f"mapmaker/text/aid.md:{line}:" in out and "markers" in out, out


def test_the_aid_draws_its_districts_in_a_neutral_outline() -> None:
    text = (GAME / "text" / "aid.md").read_text(encoding="utf-8")
    assert text.count("```figure") >= 4  # a district won, a sealed group not yet scored, a stranded pocket, the pieces
    assert "style: good" not in text  # green reads as the Green Leaves' colour
