"""genpnp export: PNGs of exact print sizes (read back: pixels, dpi, bleed), TTS sheets and their JSON,
the same bytes twice, clear errors, the docs' example, and exports in genpnp release."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path

import pypdfium2 as pdfium
import pytest
from pdfcheck import ROOT, run
from PIL import Image, ImageChops, ImageStat

from genpnp.core.units import INCH, MM
from genpnp.impose.document import impose_game
from genpnp.impose.options import Options, parse_paper
from genpnp.load.project import load_game

RED, BLUE, CREAM = (204, 34, 34), (34, 68, 204), (246, 239, 220)

GAME = """name: Export Test
version: "2.0"
licence: "CC BY 4.0"
players: "2"
sections: [rules, cards, chips, board]
"""

COMPONENTS = """components:
  rules:
    kind: text
    source: rules.md
  cards:
    kind: card
    size: 2.5in x 3.5in
    back: back
    faces:
      red:
        fill: "#cc2222"
        draw:
          - rect: {box: [40%, 40%, 20%, 20%], fill: "#f6efdc"}
      blue: {fill: "#2244cc"}
      back: {fill: "#2244cc"}
      red-back: {fill: "#cc2222"}
    items:
      - {title: Red Card, front: red, qty: 3}
      - {title: Blue Card, front: blue, qty: 2}
  chips:
    kind: disc
    size: 20mm
    copies: 2
    faces:
      front: {fill: "#cc2222"}
      gold: {fill: "#f6efdc"}
    items:
      - {value: 1, qty: 40}
      - {value: 5, front: gold, qty: 6}
  board:
    kind: board
    rows: 4
    cols: 4
    cell: 30mm
    fill: "#f6efdc"
"""


def make_game(root: Path, components: str = COMPONENTS) -> Path:
    folder = root / "content" / "export-test"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "components.yaml").write_text(components, encoding="utf-8")
    (folder / "rules.md").write_text("# Rules\n\nPlay.\n", encoding="utf-8")
    return folder


def export(folder: Path, out: Path, *args: str) -> None:
    result = run("export", folder.name, "--content", folder.parent, "--out", out, *args)
    assert result.exit_code == 0, result.output


def close(pixel: tuple[int, ...], colour: tuple[int, int, int], tol: int = 6) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(pixel, colour))


def test_poker_card_png_has_the_print_size_dpi_and_art_in_the_bleed(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    out = tmp_path / "png"
    export(folder, out, "--dpi", "300", "--bleed", "0.125in", "--component", "cards")
    front = Image.open(out / "cards" / "01-red-card-front.png")
    assert front.size == (825, 1125)  # (2.5 + 2/8) x 300, (3.5 + 2/8) x 300
    assert [round(d) for d in front.info["dpi"]] == [300, 300]
    # the bleed (the outer 37.5 px) carries the face's fill, up to the very corner (no rounded cut)
    for xy in [(0, 0), (824, 0), (0, 1124), (824, 1124), (18, 562), (806, 562), (412, 5)]:
        assert close(front.getpixel(xy), RED), xy
    assert close(front.getpixel((412, 562)), CREAM)  # the art element in the middle
    assert close(Image.open(out / "cards" / "back.png").getpixel((0, 0)), BLUE)
    listed = json.loads((out / "png.json").read_text())
    assert [(f["file"], f["qty"], f["pixels"]) for f in listed["files"]] == [  # every piece's faces, to their file
        ("cards/01-red-card-front.png", 3, [825, 1125]), ("cards/back.png", 3, [825, 1125]),
        ("cards/02-blue-card-front.png", 2, [825, 1125]), ("cards/back.png", 2, [825, 1125])]
    # each distinct image once: the back all cards share is one file (issue 28: not one per item)
    assert [(i["file"], i["pieces"]) for i in listed["images"]] == [
        ("cards/01-red-card-front.png", 3), ("cards/back.png", 5), ("cards/02-blue-card-front.png", 2)]
    assert sorted(p.name for p in (out / "cards").iterdir()) == ["01-red-card-front.png", "02-blue-card-front.png",
                                                                "back.png"]
    assert listed["dpi"] == 300 and listed["bleed_mm"] == 3.175


def test_without_bleed_the_card_is_trim_size_with_its_rounded_corners(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    export(folder, tmp_path / "png", "--dpi", "150", "--component", "cards", "--bleed", "0")
    front = Image.open(tmp_path / "png" / "cards" / "02-blue-card-front.png")
    assert front.size == (375, 525)
    assert front.getpixel((0, 0)) == (255, 255, 255)  # outside the rounded corner
    assert close(front.getpixel((10, 262)), BLUE)


def test_png_matches_the_pdf_sheet_built_with_the_same_bleed(tmp_path: Path) -> None:
    """The exported face is the face on the printed sheet, bleed included (within anti-aliasing)."""
    folder = make_game(tmp_path)
    export(folder, tmp_path / "png", "--dpi", "144", "--bleed", "3", "--component", "cards")
    png = Image.open(tmp_path / "png" / "cards" / "01-red-card-front.png").convert("RGB")
    result = run("build", folder.name, "--content", folder.parent, "--out", tmp_path / "pdf", "--bleed", "3",
                 "--gutter", "6", "--component", "cards", "--backs", "duplex")  # fronts apart, each with its
    assert result.exit_code == 0, result.output  # whole bleed (by default neighbours share their cut lines)
    options = Options(parse_paper("letter"), backs="duplex", bleed=3 * MM, gutter=6 * MM, components=("cards",))
    doc = impose_game(load_game(folder), options)
    number, placement = next((i, p) for i, sheet in enumerate(doc.sheets) for p in sheet.placements
                             if p.face == "front" and p.piece.index == 1)
    pdf = pdfium.PdfDocument(str(tmp_path / "pdf" / "export-test-letter-color-duplex-bleed3-gutter6-cards.pdf"))
    page = pdf[number].render(scale=2).to_pil().convert("RGB")
    box, b = placement.box, 3 * MM
    left, top = round((box.x - b) * 2), round((792 - box.y2 - b) * 2)
    w, h = (png.width, png.height) if placement.rotation in (0, 180) else (png.height, png.width)
    crop = page.crop((left, top, left + w, top + h)).rotate(-placement.rotation, expand=True)
    assert crop.size == png.size
    mean = ImageStat.Stat(ImageChops.difference(png, crop)).mean
    assert max(mean) < 1.0, mean  # same art, same place, bleed included; edges differ by anti-aliasing
    pdf.close()


def test_items_name_files_and_copies_count_in_the_quantity(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    export(folder, tmp_path / "png", "--dpi", "100", "--component", "chips", "--component", "board")
    listed = json.loads((tmp_path / "png" / "png.json").read_text())
    assert [(f["file"], f["qty"], f["pixels"]) for f in listed["files"]] == [
        ("chips/01-1-front.png", 80, [79, 79]), ("chips/02-gold-front.png", 12, [79, 79]),
        ("board/01-front.png", 1, [535, 535])]  # 4 x 30mm + 2 x 8mm margin = 136mm
    assert listed["skipped"] == []


def test_same_game_same_bytes(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    for name in ("one", "two"):
        export(folder, tmp_path / name, "--dpi", "72", "--bleed", "2")
        # the saved object names its images by --image-url (by default the export folder, which differs here)
        export(folder, tmp_path / f"{name}-tts", "--dpi", "72", "--format", "tts", "--image-url",
               "https://example.org/deck/")
    for kind in ("", "-tts"):
        one = sorted(p.relative_to(tmp_path / f"one{kind}") for p in (tmp_path / f"one{kind}").rglob("*.*"))
        two = sorted(p.relative_to(tmp_path / f"two{kind}") for p in (tmp_path / f"two{kind}").rglob("*.*"))
        assert one == two and len(one) > 5
        for rel in one:
            assert (tmp_path / f"one{kind}" / rel).read_bytes() == (tmp_path / f"two{kind}" / rel).read_bytes(), rel
    assert json.loads((tmp_path / "one" / "png.json").read_text())["skipped"] == ["rules"]


def test_tts_sheets_hold_every_piece_at_most_70_a_sheet(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    out = tmp_path / "tts"
    export(folder, out, "--format", "tts", "--dpi", "50")
    report = json.loads((out / "tts.json").read_text())
    decks = {d["component"]: d for d in report["decks"]}
    chips = decks["chips"]  # (40 + 6) pieces x 2 copies = 92: a full 10 x 7 sheet and 22 on a 10 x 3 one
    assert [(s["file"], s["grid"], s["faces"]) for s in chips["sheets"]] == [
        ("chips/sheet-01.png", [10, 7], 70), ("chips/sheet-02.png", [10, 3], 22)]
    cw, ch = chips["cell"]
    assert [cw, ch] == [round(20 / 25.4 * 50)] * 2
    assert Image.open(out / "chips" / "sheet-01.png").size == (10 * cw, 7 * ch)
    assert Image.open(out / "chips" / "sheet-02.png").size == (10 * cw, 3 * ch)
    slots = chips["slots"]
    assert len(slots) == 92 and [s["copy"] for s in slots].count(2) == 46
    assert slots[45] == {"component": "chips", "item": 2, "index": 46, "copy": 1, "sheet": 1, "position": 45,
                         "row": 4, "col": 5, "tts_id": 245}  # deck key 2: the cards' sheet is key 1
    assert slots[91]["sheet"] == 2 and slots[91]["position"] == 21 and slots[91]["item"] == 2
    sheet = Image.open(out / "chips" / "sheet-01.png").convert("RGB")
    for slot in slots[:70]:  # the piece's own colour in the middle of its cell
        colour = CREAM if slot["item"] == 2 else RED
        centre = (slot["col"] * cw + cw // 2, slot["row"] * ch + ch // 2)
        assert close(sheet.getpixel(centre), colour), slot
    assert chips["blank_back"] is True and chips["sheets"][0]["back"] == "chips/back.png"
    assert chips["sheets"][0]["tts"] == {"NumWidth": 10, "NumHeight": 7, "BackIsHidden": True, "UniqueBack": False}
    cards = decks["cards"]  # five cards, one shared back
    assert [(s["grid"], s["faces"]) for s in cards["sheets"]] == [([5, 2], 5)]
    assert cards["blank_back"] is False
    assert close(Image.open(out / "cards" / "back.png").convert("RGB").getpixel((60, 80)), BLUE)
    assert [i["file"] for i in report["images"]] == ["board/01-front.png"]
    assert report["skipped"] == ["rules"]


def test_tts_pieces_with_different_backs_get_back_sheets(tmp_path: Path) -> None:
    folder = make_game(tmp_path, COMPONENTS.replace("front: red, qty", "front: red, back: red-back, qty"))
    export(folder, tmp_path / "tts", "--format", "tts", "--dpi", "40", "--component", "cards")
    (deck,) = json.loads((tmp_path / "tts" / "tts.json").read_text())["decks"]
    assert deck["unique_backs"] is True and deck["sheets"][0]["back"] == "cards/back-01.png"
    backs = Image.open(tmp_path / "tts" / "cards" / "back-01.png").convert("RGB")
    cw, ch = deck["cell"]
    assert close(backs.getpixel((cw // 2, ch // 2)), RED) and close(backs.getpixel((4 * cw + cw // 2, ch // 2)), BLUE)


def test_errors_are_clear_and_write_nothing(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    out = tmp_path / "out"
    result = run("export", "no-such-game", "--content", folder.parent, "--out", out)  # usage errors exit 2
    assert result.exit_code == 2 and "no-such-game" in result.output and "Traceback" not in result.output
    result = run("export", folder.name, "--content", folder.parent, "--out", out, "--component", "card")
    assert result.exit_code == 2 and 'no component "card" (did you mean "cards"?)' in result.output
    result = run("export", folder.name, "--content", folder.parent, "--out", out, "--bleed", "2cm")
    assert result.exit_code == 2 and "'--bleed': 2cm is not between 0 and 12 mm" in result.output
    result = run("export", folder.name, "--content", folder.parent, "--out", out, "--format", "tts", "--bleed", "3")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not out.exists()


def test_a_board_above_the_pixel_cap_is_refused_with_the_dpi_that_fits(tmp_path: Path) -> None:
    folder = make_game(tmp_path, COMPONENTS.replace("cell: 30mm", "cell: 150mm"))
    result = run("export", folder.name, "--content", folder.parent, "--out", tmp_path / "out", "--dpi", "600")
    assert result.exit_code == 1
    assert re.fullmatch(r".*components\.yaml:\d+:\d+: board: at 600 dpi one image would be 14551 x 14551 pixels "
                        r"\(212 megapixels, more than 50\): export it with --dpi 291 or less\n", result.output, re.S)
    assert not (tmp_path / "out").exists()


def test_the_docs_example_exports_as_documented(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = (ROOT / "docs" / "content.md").read_text(encoding="utf-8")
    section = text.split("## Exporting images for print shops and digital tables", 1)[1].split("\n## ", 1)[0]
    for name, body in re.findall(r"```yaml example=poker-deck file=(\S+)\n(.*?)```", section, re.S):
        (tmp_path / "content" / "poker-deck").mkdir(parents=True, exist_ok=True)
        (tmp_path / "content" / "poker-deck" / name).write_text(body, encoding="utf-8")
    (steps,) = re.findall(r"```sh steps=export\n(.*?)```", section, re.S)
    monkeypatch.chdir(tmp_path)
    for line in steps.splitlines():
        args = shlex.split(line)
        assert args[0] == "genpnp"
        result = run(*args[1:])
        assert result.exit_code == 0, result.output
    ace = Image.open(tmp_path / "out" / "poker-deck-png" / "cards" / "01-ace-front.png")
    assert ace.size == (825, 1125) and round(ace.info["dpi"][0]) == 300
    (deck,) = json.loads((tmp_path / "out" / "poker-deck-tts" / "tts.json").read_text())["decks"]
    assert [(s["grid"], s["faces"]) for s in deck["sheets"]] == [([8, 2], 8)]
    assert Image.open(tmp_path / "out" / "poker-deck-tts" / "cards" / "sheet-01.png").size == (8 * 375, 2 * 525)
    assert (tmp_path / "out" / "poker-deck-tts" / "cards" / "back.png").exists()


def test_release_adds_the_exports_the_game_asks_for(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    (key,) = re.findall(r"```yaml\n(release: .*)\n```", (ROOT / "docs" / "release.md").read_text(encoding="utf-8"))
    with (folder / "game.yaml").open("a", encoding="utf-8") as f:
        f.write(key.replace("dpi: 300", "dpi: 40") + "\n")  # docs/release.md's key, at a dpi quick to test
    outs = []
    for name, jobs in (("one", "1"), ("two", "2")):
        result = run("release", folder.name, "--content", folder.parent, "--out", tmp_path / name, "-j", jobs,
                     "--paper", "a4", "--ink", "color")
        assert result.exit_code == 0, result.output
        outs.append(tmp_path / name)
    manifest = json.loads((outs[0] / "export-test" / "manifest.json").read_text())
    exports = {e["format"]: e for e in manifest["exports"]}
    assert set(exports) == {"png", "tts"} and exports["png"]["bleed_mm"] == 3.175
    files = [f["file"] for f in exports["png"]["files"]]
    assert "export-test/png/cards/01-red-card-front.png" in files and "export-test/png/png.json" in files
    card = Image.open(outs[0] / "export-test" / "png" / "cards" / "01-red-card-front.png")
    assert card.size == (round(2.75 * 40), round(3.75 * 40))
    assert "export-test/tts/tts.json" in [f["file"] for f in exports["tts"]["files"]]
    for zip_name in ("export-test-2.0-png.zip", "export-test-2.0-tts.zip", "export-test-2.0.zip", "manifest.json"):
        assert (outs[0] / zip_name).read_bytes() == (outs[1] / zip_name).read_bytes(), zip_name
    top = json.loads((outs[0] / "manifest.json").read_text())
    assert [e["zip"] for e in top["games"]["export-test"]["exports"]] == ["export-test-2.0-png.zip",
                                                                          "export-test-2.0-tts.zip"]


def test_release_key_is_checked_like_every_key(tmp_path: Path) -> None:
    folder = make_game(tmp_path)
    with (folder / "game.yaml").open("a", encoding="utf-8") as f:
        f.write("release: {export: [pdf], dpix: 300}\n")
    result = run("release", folder.name, "--content", folder.parent, "--out", tmp_path / "out")
    assert result.exit_code == 1
    assert re.search(r"game\.yaml:6:\d+: .*png, tts", result.output), result.output
    assert re.search(r'game\.yaml:6:\d+: .*dpix.*did you mean "dpi"', result.output), result.output


def test_pixel_size_is_round_of_inches_times_dpi() -> None:
    from genpnp.commands.export import pixel_size

    assert pixel_size(2.5 * INCH, 3.5 * INCH, INCH / 8, 300) == (825, 1125)
    assert pixel_size(63 * MM, 88 * MM, 3 * MM, 300) == (815, 1110)
    assert pixel_size(63 * MM, 88 * MM, 0, 600) == (1488, 2079)


def test_tts_saved_object_loads_as_decks(tmp_path: Path) -> None:
    """tts-object.json has the structure of a Tabletop Simulator save file (kb.tabletopsimulator.com,
    "Save File Format"): ObjectStates of DeckCustom objects whose CustomDeck sheets, DeckIDs and cards agree
    with the sheets written and with tts.json."""
    folder = make_game(tmp_path)
    out = tmp_path / "tts"
    export(folder, out, "--format", "tts", "--dpi", "50")
    report = json.loads((out / "tts.json").read_text())
    saved = json.loads((out / "tts-object.json").read_text())
    assert {"SaveName", "ObjectStates", "LuaScript", "TabStates"} <= set(saved)
    objects = {o["Nickname"]: o for o in saved["ObjectStates"]}
    decks = {d["component"]: d for d in report["decks"]}
    assert len(objects) == len(decks) == 2
    base = out.resolve().as_uri() + "/"
    keys_seen: set[str] = set()
    for deck in decks.values():
        (obj,) = [o for o in saved["ObjectStates"] if o["GUID"] and o["DeckIDs"] == [s["tts_id"] for s in
                                                                                     deck["slots"]]]
        assert obj["Name"] == "DeckCustom" and len(obj["ContainedObjects"]) == len(deck["slots"])
        assert set(obj["CustomDeck"]).isdisjoint(keys_seen)  # deck keys unique in the game: decks may be combined
        keys_seen |= set(obj["CustomDeck"])
        for sheet in deck["sheets"]:
            entry = obj["CustomDeck"][str(sheet["key"])]
            assert entry["FaceURL"] == base + sheet["file"] and entry["BackURL"] == base + sheet["back"]
            assert entry["FaceURL"].startswith("file:///") and (out / sheet["file"]).is_file()
            assert (out / sheet["back"]).is_file()
            assert [entry["NumWidth"], entry["NumHeight"]] == sheet["grid"]
            assert entry["BackIsHidden"] is True and entry["UniqueBack"] is deck["unique_backs"]
        for card, slot in zip(obj["ContainedObjects"], deck["slots"]):
            assert card["Name"] == "Card" and card["CardID"] == slot["tts_id"]
            key = str(card["CardID"] // 100)
            assert card["CustomDeck"] == {key: obj["CustomDeck"][key]}
            sheet = next(s for s in deck["sheets"] if s["key"] == int(key))
            assert card["CardID"] % 100 < sheet["faces"]  # the card is on its sheet
        guids = [obj["GUID"]] + [c["GUID"] for c in obj["ContainedObjects"]]
        assert all(re.fullmatch(r"[0-9a-f]{6}", g) for g in guids) and len(set(guids)) == len(guids)
    assert objects["Chips"]["ContainedObjects"][0]["CustomDeck"]["2"]["Type"] == 4  # round chips: TTS circles
    url = run("export", folder.name, "--content", folder.parent, "--out", tmp_path / "web", "--format", "tts",
              "--dpi", "50", "--image-url", "https://example.org/game")
    assert url.exit_code == 0
    web = json.loads((tmp_path / "web" / "tts-object.json").read_text())
    assert web["ObjectStates"][0]["CustomDeck"]["1"]["FaceURL"] == "https://example.org/game/cards/sheet-01.png"


def test_an_export_shared_by_two_processes_is_byte_identical_to_one(tmp_path) -> None:
    """Issue 24: export draws its faces in several processes; each PNG depends on its face alone."""
    from pdfcheck import run

    for jobs in ("1", "2"):
        result = run("export", "berzerka", "--dpi", "40", "-j", jobs, "--out", tmp_path / f"j{jobs}", "-q")
        assert result.exit_code == 0, result.output
    one = sorted(p.relative_to(tmp_path / "j1") for p in (tmp_path / "j1").rglob("*") if p.is_file())
    two = sorted(p.relative_to(tmp_path / "j2") for p in (tmp_path / "j2").rglob("*") if p.is_file())
    assert one == two and len(one) > 24  # enough faces for two processes
    assert all((tmp_path / "j1" / p).read_bytes() == (tmp_path / "j2" / p).read_bytes() for p in one)
