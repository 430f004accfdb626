"""Overlays (--overlay, --set) and extends: merged before the schema, errors at the overlay's file:line."""

from __future__ import annotations

from pathlib import Path

import pytest
from pdfcheck import CONTENT, copy_game, pdf_text, run
from pypdf import PdfReader
from reportlab.lib.rl_accel import fp_str

from genpnp.core.color import parse_color
from genpnp.core.errors import ContentError
from genpnp.load.overlay import parse_set, read_overlay
from genpnp.load.project import load_game

GERRY = CONTENT / "gerrymander"


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def errors_of(folder: Path, *overlays) -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder, overlays=list(overlays))
    return info.value.lines()


def test_overlay_changes_palette_face_qty_and_removes_and_adds(tmp_path: Path) -> None:
    overlay = write(tmp_path / "o.yaml", """\
game:
  version: "1.0-house"
  palette:
    red: {color: "#00aa00"}
components:
  blue-tiles:
    faces: {front: {fill: "#123456"}}
  die: null
  spare:
    extends: red-tiles
    qty: 3
""")
    # the guide's setup figure still shows the die: removing it is an error at the figure's line
    assert any("guide.md:" in line and 'no component "die"' in line
               for line in errors_of(GERRY, read_overlay(overlay)))
    folder = copy_game(tmp_path, "gerrymander")
    guide = folder / "text" / "guide.md"
    lines = guide.read_text(encoding="utf-8").splitlines(keepends=True)
    guide.write_text("".join(ln for ln in lines if "{piece: die," not in ln), encoding="utf-8")
    game = load_game(folder, overlays=[read_overlay(overlay)])
    assert game.meta.version == "1.0-house"
    assert (game.palette["red"].g, game.palette["red"].label) == (parse_color("#00aa00").g, "Red player")
    assert game.components["blue-tiles"].faces["front"].fill == parse_color("#123456")
    assert "die" not in game.components and "die" not in game.meta.sections
    assert game.meta.sections[-1] == "spare" and game.components["spare"].piece_count() == 3
    assert game.components["spare"].faces["front"].fill.g == parse_color("#00aa00").g  # red via the palette


def test_set_changes_one_value_and_reports_bad_keys() -> None:
    game = load_game(GERRY, overlays=[parse_set("components.red-tiles.qty=10")])
    assert game.components["red-tiles"].piece_count() == 10
    lines = errors_of(GERRY, parse_set("components.red-tiles.qtyy=10"))
    assert lines == ['--set components.red-tiles.qtyy=10: unknown key "qtyy" (did you mean "qty"?)']


def test_bad_overlay_key_reports_the_overlay_file_and_line(tmp_path: Path) -> None:
    overlay = write(tmp_path / "bad.yaml", "components:\n  red-tiles:\n    faces:\n      front:\n        fil: red\n")
    result = run("build", "gerrymander", "--content", CONTENT, "--overlay", overlay, "--out", tmp_path)
    assert result.exit_code == 1
    assert f'{overlay}:5:9: unknown key "fil" (did you mean "fill"?)' in result.stderr
    assert not list(tmp_path.glob("*.pdf"))


def test_unknown_component_and_top_key_point_at_the_overlay(tmp_path: Path) -> None:
    overlay = write(tmp_path / "o.yaml", "components:\n  red-tile: {qty: 3}\n")
    (line,) = errors_of(GERRY, read_overlay(overlay, "o.yaml"))
    assert line.startswith('o.yaml:2:3: no component "red-tile" to change (did you mean "red-tiles"?)')
    with pytest.raises(ContentError) as info:
        read_overlay(write(tmp_path / "t.yaml", "componets: {}\n"), "t.yaml")
    assert info.value.lines() == ['t.yaml:1:1: unknown key "componets" (did you mean "components"?)']


def cards_game(tmp_path: Path, cards: str) -> Path:
    folder = tmp_path / "deck"
    folder.mkdir()
    write(folder / "game.yaml", "name: Deck\nversion: '1'\nlicence: x\nplayers: '2'\nsections: [cards]\n")
    write(folder / "cards.yaml", "components:\n  cards:\n    kind: card\n    faces:\n      front:\n"
          "        draw: [{text: '{title}'}]\n    items:\n" + cards)
    return folder


def test_item_edits_match_index_add_remove(tmp_path: Path) -> None:
    folder = cards_game(tmp_path, "      - {title: Alpha}\n      - {title: Beta, qty: 2}\n      - {title: Gamma}\n")
    overlay = write(tmp_path / "o.yaml", """\
components:
  cards:
    items:
      - match: {title: Beta}
        set: {title: Bravo, qty: 3}
      - index: 1
        remove: true
      - add: [{title: Delta}]
""")
    game = load_game(folder, overlays=[read_overlay(overlay)])
    titles = [p.fields["title"] for p in game.components["cards"].pieces]
    assert titles == ["Bravo", "Bravo", "Bravo", "Gamma", "Delta"]


def test_match_without_a_hit_names_the_overlay_line(tmp_path: Path) -> None:
    folder = cards_game(tmp_path, "      - {title: Alpha}\n")
    overlay = write(tmp_path / "o.yaml", "components:\n  cards:\n    items:\n      match: {title: Alfa}\n"
                    "      set: {title: A}\n")
    (line,) = errors_of(folder, read_overlay(overlay, "o.yaml"))
    assert line == "o.yaml:4:14: no item matches {'title': 'Alfa'} (did you mean \"Alpha\"?)"


def test_extends_between_files_and_cycles(tmp_path: Path) -> None:
    folder = copy_game(tmp_path, "gerrymander")
    write(folder / "more.yaml", "components:\n  green-tiles:\n    extends: blue-tiles\n"
          "    faces: {front: {fill: '#00ff00'}}\n")
    sections = parse_set("game.sections=[guide, board, turn-aid, red-tiles, blue-tiles, die, green-tiles]")
    game = load_game(folder, overlays=[sections])
    green = game.components["green-tiles"]
    assert green.piece_count() == 64 and green.faces["front"].fill == parse_color("#00ff00")
    write(folder / "more.yaml", "components:\n  a:\n    extends: b\n  b:\n    extends: [a]\n")
    lines = errors_of(folder)
    assert any(line.endswith("extends makes a cycle: a -> b -> a") for line in lines), lines


def _streams(path: Path) -> bytes:
    reader = PdfReader(str(path))
    out = []
    for obj_id in range(1, int(reader.trailer["/Size"])):
        try:
            obj = reader.get_object(obj_id)
        except Exception:  # noqa: BLE001 - ids past the end or free entries
            continue
        if hasattr(obj, "get_data"):
            out.append(obj.get_data())
    return b"\n".join(out)


@pytest.mark.skipif(not (CONTENT / "berzerka" / "game.yaml").is_file(), reason="Berzerka not landed yet")
def test_berzerka_back_colour_overlay_shows_in_the_pdf(tmp_path: Path) -> None:
    overlay = write(tmp_path / "o.yaml", "components:\n  deck:\n    faces: {back: {fill: '#12ab34'}}\n")
    result = run("build", "berzerka", "--content", CONTENT, "--overlay", overlay, "--component", "deck",
                 "--backs", "duplex", "--out", tmp_path / "out", "-q")  # a fold build prints the deck single-sided
    assert result.exit_code == 0, result.output
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    colour = parse_color("#12ab34")
    assert f"{fp_str(colour.r, colour.g, colour.b)} rg".encode() in _streams(pdf)


@pytest.mark.skipif(not (CONTENT / "redistrict" / "game.yaml").is_file(), reason="Redistrict not landed yet")
def test_redistrict_card_text_overlay_shows_in_the_pdf(tmp_path: Path) -> None:
    overlay = write(tmp_path / "o.yaml", "components:\n  fate-cards:\n    items:\n"
                    "      - match: {title: Political Scandal}\n        set: {title: Zebra Quagmire}\n")
    result = run("build", "redistrict", "--content", CONTENT, "--overlay", overlay, "--component", "fate-cards",
                 "--out", tmp_path)
    assert result.exit_code == 0, result.output
    text = pdf_text(next(tmp_path.glob("*.pdf")))
    assert "Zebra Quagmire" in text and "Political Scandal" not in text
