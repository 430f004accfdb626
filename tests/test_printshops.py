"""Print-on-demand presets (issue 28, item 7): `export --for SERVICE` writes the service's pixel size, bleed and
file names; a card size the service does not print is an error naming the nearest one; text or icons in the cut
margin are reported at their element."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdfcheck import edit, output_of, run
from PIL import Image

from genpnp.core.printshops import PRESETS


def _deck(tmp_path: Path, size: str = "2.5in x 3.5in") -> Path:
    assert run("new", "deck", "--content", tmp_path / "content").exit_code == 0  # --out beside it, not inside
    edit(tmp_path / "content" / "deck" / "components.yaml", "size: 63mm x 88mm", f"size: {size}")
    return tmp_path / "content" / "deck"


EXPECTED = {  # service: (pixels of a poker card with bleed, bleed mm, files of the deck's first card and its back)
    "thegamecrafter": ((825, 1125), 3.175, ["cards/01-draw-two-front.png", "cards/back.png"]),
    "makeplayingcards": ((822, 1122), 3.048, ["cards/front/001.png", "cards/back.png"]),
    "drivethrucards": ((825, 1125), 3.175, ["cards/001-2-front.png", "cards/001-1-back.png"]),
}


@pytest.mark.parametrize("service", sorted(EXPECTED))
def test_a_poker_deck_for_each_service(tmp_path: Path, service: str) -> None:
    deck = _deck(tmp_path)
    out = tmp_path / "out"
    code, text = output_of("export", "deck", "--content", tmp_path / "content", "--for", service, "--out", out)
    assert code == 0, text
    pixels, bleed_mm, (front, back) = EXPECTED[service]
    listed = json.loads((out / "png.json").read_text())
    assert listed["service"] == PRESETS[service].name and listed["dpi"] == 300 and listed["bleed_mm"] == bleed_mm
    assert listed["sizes"] == {"cards": "poker"} and listed["skipped"] == ["guide"]
    first = [f for f in listed["files"] if f["item"] == 1]
    assert [f["file"] for f in first] == [front, back]
    for name in (front, back):
        with Image.open(out / name) as image:
            assert image.size == pixels and round(image.info["dpi"][0]) == 300
    written = sorted(str(p.relative_to(out)) for p in out.rglob("*.png"))
    assert written == sorted({f["file"] for f in listed["files"]})
    per_item_back = service == "drivethrucards"  # their file pairs each card's back with its front
    assert len(written) == (10 if per_item_back else 6)
    assert deck.exists()


def test_a_size_the_service_does_not_print_names_the_nearest(tmp_path: Path) -> None:
    _deck(tmp_path, "63mm x 88mm")
    code, text = output_of("export", "deck", "--content", tmp_path / "content", "--for", "makeplayingcards", "--out",
                           tmp_path / "out")
    assert code == 1
    assert ("components.yaml:12:11: cards: MakePlayingCards prints no 2.48 x 3.46 in (63.0 x 88.0 mm) card; the "
            "nearest it prints is poker, 2.5 x 3.5 in (63.5 x 88.9 mm)") in text
    assert not (tmp_path / "out").exists()
    _deck(tmp_path / "b", "4.75in x 2.75in")  # a tarot card on its side is a tarot card
    code, text = output_of("export", "deck", "--content", tmp_path / "b" / "content", "--for", "thegamecrafter",
                           "--out", tmp_path / "b-out")
    assert code == 0, text


def test_text_in_the_cut_margin_is_reported_at_its_element(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    line = edit(deck / "components.yaml", "box: [8%, 6%, 84%, 14%]", "box: [1%, 6%, 84%, 14%]")
    code, text = output_of("export", "deck", "--content", tmp_path / "content", "--for", "drivethrucards", "--out",
                           tmp_path / "out")
    assert code == 1
    assert f"components.yaml:{line}:" in text
    assert "the text box reaches 2.5 mm into DriveThruCards's cut margin: keep text and icons 3.2 mm (0.125 in) " \
           "inside the card's edge" in text
    assert not (tmp_path / "out").exists()


def test_an_unknown_service_is_a_usage_error(tmp_path: Path) -> None:
    _deck(tmp_path)
    code, text = output_of("export", "deck", "--content", tmp_path / "content", "--for", "thegamecrafters")
    assert code == 2 and "thegamecrafter" in text


def test_audit_for_a_service_reports_the_same_problems(tmp_path: Path) -> None:
    deck = _deck(tmp_path)
    code, text = output_of("audit", "deck", "--content", tmp_path / "content", "--for", "thegamecrafter")
    assert code == 0 and "0 error(s)" in text, text
    line = edit(deck / "components.yaml", "box: [8%, 6%, 84%, 14%]", "box: [8%, 1%, 84%, 14%]")
    code, text = output_of("audit", "deck", "--content", tmp_path / "content", "--for", "thegamecrafter")
    assert code == 1 and f"components.yaml:{line}:" in text and "The Game Crafter's cut margin" in text
    assert "1 error(s)" in text


def test_dpi_and_bleed_come_from_the_service(tmp_path: Path) -> None:
    _deck(tmp_path)
    code, text = output_of("export", "deck", "--content", tmp_path / "content", "--for", "drivethrucards",
                           "--bleed", "2mm")
    assert code == 2 and "leave --bleed out" in text
