"""Issue 26 items 1-2: every piece knows its version; reprint only what changed; genpnp diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pdfcheck import output_of, pdf_text
from pypdf import PdfReader

from genpnp.commands.changes import changed_game, compare, piece_faces, read_manifest
from genpnp.load.project import load_game

ICON = ('<svg xmlns="http://www.w3.org/2000/svg" width="100pt" height="100pt" viewBox="0 0 100 100">'
        '<path d="{d}" fill="currentColor"/></svg>\n')
SUITS = ("sun", "moon", "star", "comet")


def deck(root: Path) -> Path:
    """A 52-card test deck: 4 suits x 13 ranks from a CSV, a shared back, and a crown icon on one card only."""
    game = root / "deck52"
    (game / "art").mkdir(parents=True)
    (game / "game.yaml").write_text(
        'name: Test Deck\nversion: "1.0"\nplayers: "2-4"\nlicence: CC0\n'
        "palette:\n  ink: {color: \"#222222\"}\n  paper: {color: \"#fbf8f1\"}\n  accent: {color: \"#2f62c8\"}\n"
        "sections: [cards]\n", encoding="utf-8")
    (game / "art" / "crown.svg").write_text(ICON.format(d="M10,80 L20,20 L50,60 L80,20 L90,80 Z"), encoding="utf-8")
    (game / "art" / "dot.svg").write_text(ICON.format(d="M50,10 A40,40 0 1,0 50.1,10 Z"), encoding="utf-8")
    rows = ["title,text,icon"]
    for s, suit in enumerate(SUITS):
        for rank in range(1, 14):
            icon = "art/crown.svg" if (s, rank) == (3, 13) else "art/dot.svg"
            rows.append(f"{suit.title()} {rank},Play this on any {suit} of rank {rank - 1} or less.,{icon}")
    (game / "cards.csv").write_text("\n".join(rows) + "\n", encoding="utf-8")
    (game / "components.yaml").write_text(
        "components:\n"
        "  cards:\n"
        "    kind: card\n"
        "    size: 63mm x 88mm\n"
        "    back: back\n"
        "    faces:\n"
        "      front:\n"
        "        fill: paper\n"
        "        draw:\n"
        "          - text: {text: \"{title}\", box: [8%, 6%, 84%, 12%], size: 14pt, color: ink}\n"
        "          - svg: {file: \"{icon}\", color: accent, box: [30%, 22%, 40%, 28%]}\n"
        "          - text: {text: \"{text}\", box: [10%, 55%, 80%, 35%], size: 10pt, color: ink}\n"
        "      back:\n"
        "        fill: accent\n"
        "        draw:\n"
        "          - text: {text: Test Deck, box: [10%, 40%, 80%, 20%], size: 16pt, color: paper}\n"
        "    items: {csv: cards.csv}\n", encoding="utf-8")
    return game


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def released(tmp_path_factory) -> tuple[Path, Path]:
    """The deck released once (version 1.0): its game folder and release folder."""
    root = tmp_path_factory.mktemp("changes")
    game = deck(root)
    code, out = output_of("release", "--content", str(game), "deck52", "--paper", "letter", "--ink", "color",
                          "--out", str(root / "r1"), "-j", "1")
    assert code == 0, out
    return game, root / "r1"


def test_the_release_manifest_lists_every_face(released) -> None:
    game, release = released
    manifest = json.loads((release / "deck52" / "manifest.json").read_text())
    faces = manifest["pieces"]["faces"]
    assert len(faces) == 52 * 2 and {f["face"] for f in faces} == {"front", "back"}
    assert len({f["digest"] for f in faces if f["face"] == "back"}) == 1  # one back for the deck
    assert len({f["digest"] for f in faces if f["face"] == "front"}) == 52
    assert faces[0] == {"component": "cards", "item": 1, "key": "sun-1", "face": "front", "qty": 1,
                        "digest": faces[0]["digest"]}
    version, records = read_manifest(release, "deck52")
    assert version == "1.0" and records == piece_faces(load_game(game, "deck52"))


def test_a_build_of_what_changed_prints_exactly_those_pieces(released, tmp_path) -> None:
    old, release = released
    content = tmp_path / "content"
    import shutil

    game = Path(shutil.copytree(old, content / "deck52"))
    csv = game / "cards.csv"
    for suit, rank in (("sun", 2), ("moon", 7), ("star", 11)):  # three texts
        edit(csv, f"any {suit} of rank {rank - 1} or less", f"any {suit} of rank {rank} or less")
    edit(game / "art" / "crown.svg", "L50,60", "L50,40")  # the art of one card only
    code, out = output_of("build", "--content", str(content), "deck52", "--changed-since", str(release),
                          "--out", str(tmp_path / "out"))
    assert code == 0, out
    for name in ("cards #2 sun-2: front", "cards #20 moon-7: front", "cards #37 star-11: front",
                 "cards #52 comet-13: front"):
        assert f"changed: {name}" in out, out
    assert "added:" not in out and "removed:" not in out
    changes = compare(read_manifest(release, "deck52")[1], piece_faces(load_game(game, "deck52")))
    cut = changed_game(load_game(game, "deck52"), "1.0", changes)
    cards = cut.components["cards"].pieces
    assert [p.fields["title"] for p in cards] == ["Sun 2", "Moon 7", "Star 11", "Comet 13"]
    assert all(p.back is not None for p in cards)  # with their backs
    (pdf,) = (tmp_path / "out").glob("*.pdf")
    assert pdf.name == "deck52-changes-letter-color.pdf"
    text = " ".join(pdf_text(pdf).split())
    assert "what changed since Test Deck 1.0" in text and "cards #37 star-11" in text
    assert "Sun 2" in text and "Sun 3" not in text and "Moon 8" not in text
    assert len(PdfReader(str(pdf)).pages) <= 4  # cover, the list, one sheet of fronts (fold pairs: backs beside)


def test_added_and_removed_items_are_listed(released, tmp_path) -> None:
    old, release = released
    import shutil

    game = Path(shutil.copytree(old, tmp_path / "content" / "deck52"))
    csv = game / "cards.csv"
    edit(csv, "Moon 5,Play this on any moon of rank 4 or less.,art/dot.svg\n", "")
    csv.write_text(csv.read_text() + "Joker,Play this on anything.,art/crown.svg\n", encoding="utf-8")
    code, out = output_of("diff", str(release), str(game), "--format", "json")
    assert code == 0, out
    data = json.loads(out[out.index("{"):])
    assert [c["key"] for c in data["added"]] == ["joker"]
    assert [c["key"] for c in data["removed"]] == ["moon-5"]
    assert data["changed"] == []


def test_an_edit_that_draws_nothing_different_lists_nothing(released, tmp_path) -> None:
    old, release = released
    import shutil

    game = Path(shutil.copytree(old, tmp_path / "content" / "deck52"))
    components = game / "components.yaml"
    edit(components, "    kind: card\n    size: 63mm x 88mm\n", "    size: 63mm x 88mm  # poker\n    kind: card\n")
    edit(components, "components:\n", "# the deck\ncomponents:\n")
    code, out = output_of("diff", str(release), str(game))
    assert code == 0 and out.strip().endswith("no piece changed"), out
    code, out = output_of("build", "--content", str(game.parent), "deck52", "--changed-since", str(release),
                          "--out", str(tmp_path / "out"))
    assert code == 0 and "no piece changed" in out, out
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))


def test_diff_proof_sheet_shows_before_and_after(released, tmp_path) -> None:
    old, _ = released
    import shutil

    game = Path(shutil.copytree(old, tmp_path / "content" / "deck52"))
    edit(game / "cards.csv", "Sun 4,Play this on any sun of rank 3 or less.", "Sun 4,Play this on any sun at all.")
    code, out = output_of("diff", str(old), str(game), "--pdf", str(tmp_path / "proof.pdf"))
    assert code == 0 and "changed: cards #4 sun-4: front" in out, out
    text = " ".join(pdf_text(tmp_path / "proof.pdf").split())
    assert "rank 3 or less" in text and "any sun at all" in text  # before and after, side by side
    code, out = output_of("diff", str(_), str(game), "--pdf", str(tmp_path / "proof2.pdf"))
    assert code == 2 and "give both as game folders" in out, out


def test_release_notes_name_the_sheets_to_print_again(released, tmp_path) -> None:
    old, release = released
    import shutil

    game = Path(shutil.copytree(old, tmp_path / "content" / "deck52"))
    edit(game / "cards.csv", "Comet 13,Play this on any comet of rank 12 or less.",
         "Comet 13,Play this on any comet.")
    code, out = output_of("release", "--content", str(game.parent), "deck52", "--paper", "letter", "--ink",
                          "color", "--out", str(tmp_path / "r2"), "--since", str(release), "-j", "1")
    assert code == 0, out
    notes = (tmp_path / "r2" / "deck52" / "CHANGES.md").read_text()
    assert "- cards #52 comet-13: front" in notes
    manifest = json.loads((tmp_path / "r2" / "deck52" / "manifest.json").read_text())
    sheets = manifest["changes"]["sheets"]
    (pages,) = sheets.values()
    assert len(pages) == 1 and f"page {pages[0]}" in notes  # the last sheet of cards only


def test_a_version_stamp_sits_on_each_piece_and_the_audit_checks_it(tmp_path) -> None:
    game = deck(tmp_path / "content")
    edit(game / "game.yaml", 'version: "1.0"\n', 'version: "1.0"\nstamp: both\n')
    code, out = output_of("build", "--content", str(game.parent), "deck52", "--out", str(tmp_path / "out"))
    assert code == 0, out
    import re

    reader = PdfReader(next((tmp_path / "out").glob("*.pdf")))
    text = "\n".join(page.extract_text() for page in reader.pages[1:])  # the cover's picture shows a few cards
    stamps = re.findall(r"v1\.0 ([0-9a-f]{6})", text)
    assert len(stamps) == 52 and len(set(stamps)) == 52, stamps  # fronts only, each its own digest
    code, out = output_of("audit", "--content", str(game.parent), "deck52")
    assert code == 0 and "stamp" not in out, out
    edit(game / "game.yaml", "stamp: both\n", "stamp: {text: version, at: top, inset: 10mm}\n")
    code, out = output_of("audit", "--content", str(game.parent), "deck52")
    assert code == 1 and 'stamp: the version stamp "v1.0" (top,' in out, out
    assert 'touches the face\'s text "Sun 1"' in out, out
    edit(game / "components.yaml", "    back: back\n", "    back: back\n    stamp: off\n")
    code, out = output_of("audit", "--content", str(game.parent), "deck52")
    assert code == 0 and "stamp" not in out, out


def test_stamps_and_versions_change_no_digest(released, tmp_path) -> None:
    """A reprint lists what was drawn differently, not that the version on every stamp moved on."""
    old, release = released
    import shutil

    game = Path(shutil.copytree(old, tmp_path / "content" / "deck52"))
    edit(game / "game.yaml", 'version: "1.0"\n', 'version: "1.1"\nstamp: version\n')
    code, out = output_of("diff", str(release), str(game))
    assert code == 0 and out.strip().endswith("no piece changed"), out
