"""One game, many languages: catalogs, per-language files and columns, errors at the source text,
numbers kept, `build --lang`, `translate`, overflow per language, genpnp's own words in German."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest
from pdfcheck import CONTENT, ROOT, line_of, pdf_text, run

from genpnp.core.errors import ContentError, UsageError
from genpnp.load.project import load_game

GUIDE_DE = """# Spielablauf

Ein Spiel für {players} Spieler. `{{players}}` und `{{cards.count}}` zitieren die Zahlen des Spiels.

## Vorbereitung

Mischt die {cards.count} Karten und gebt jedem fünf.

## Dein Zug

Spiele eine Karte aus und tu, was sie sagt; dann ziehe eine Karte. Text lässt sich gestalten:
[accent]eine Palettenfarbe[/], [u]unterstrichen[/], [size=120%]größer[/], H[sub]2[/]O und x[sup]2[/].
"""

CATALOG = {"Deck": "Stapel", "CC BY 4.0": "CC BY 4.0", "How to play": "Spielanleitung", "Cards": "Karten",
           "Card backs": "Kartenrücken",
           "A deck of cards read from a spreadsheet (cards.csv) and a short guide.":
               "Ein Kartenstapel aus einer Tabelle (cards.csv) und eine kurze Anleitung."}

CARDS = ("title,title_de,text,text_de,qty\n"
         "Draw Two,Zieh zwei,Draw two cards from the deck.,Ziehe zwei Karten vom Stapel.,4\n"
         "Skip,Aussetzen,The next player misses a turn.,Der nächste Spieler setzt aus.,4\n")


def deck(tmp_path: Path, catalog: dict[str, str] | None = None, cards: str = CARDS) -> Path:
    """The starter deck in English and German, every text translated."""
    assert run("new", "deck", "--content", tmp_path / "content").exit_code == 0
    folder = tmp_path / "content" / "deck"
    game = folder / "game.yaml"
    text = game.read_text(encoding="utf-8").replace('players: "2-4"\n', 'players: "2-4"\nlanguages: [en, de]\n')
    game.write_text(text.replace("count: {of: cards, equals: 20}", "count: {of: cards, equals: 8}"), encoding="utf-8")
    (folder / "lang").mkdir()
    entries = CATALOG if catalog is None else catalog
    (folder / "lang" / "de.yaml").write_text("".join(f"{json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}\n"
                                                     for k, v in entries.items()), encoding="utf-8")
    (folder / "text" / "guide.de.md").write_text(GUIDE_DE, encoding="utf-8")
    (folder / "cards.csv").write_text(cards, encoding="utf-8")
    return folder


def problems(folder: Path, lang: str | None = "de") -> list[str]:
    with pytest.raises(ContentError) as info:
        load_game(folder, lang=lang)
    return info.value.lines()


def test_every_text_translated_loads_in_both_languages(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    en, de = load_game(folder), load_game(folder, lang="de")
    assert (en.lang, de.lang) == ("", "de")
    assert en.components["guide"].title == "How to play" and de.components["guide"].title == "Spielanleitung"
    assert de.meta.description.startswith("Ein Kartenstapel") and de.palette["accent"].label == "Kartenrücken"
    assert "Mischt die 8 Karten" in de.components["guide"].body.replace("{cards.count}", "8") or \
        any("Mischt die" in b.text for b in de.components["guide"].blocks)
    fields = [p.fields for p in de.components["cards"].pieces]
    assert fields[0]["title"] == "Zieh zwei" and fields[-1]["text"] == "Der nächste Spieler setzt aus."
    assert "title_de" not in fields[0]
    assert load_game(folder, lang="en").lang == ""


def test_a_missing_translation_is_an_error_at_its_source_line(tmp_path: Path) -> None:
    folder = deck(tmp_path, {k: v for k, v in CATALOG.items() if k != "How to play"})
    (line,) = problems(folder)
    where = line_of(folder / "components.yaml", "title: How to play")
    assert re.fullmatch(rf".*deck/components\.yaml:{where}:12: no German translation of \"How to play\": add it "
                        r"to .*deck/lang/de\.yaml .*", line), line
    assert load_game(folder).components["guide"].title == "How to play"  # English needs no catalog


def test_every_missing_translation_is_reported_at_once(tmp_path: Path) -> None:
    folder = deck(tmp_path, {})
    lines = problems(folder)
    assert all("no German translation" in line for line in lines), lines
    named = {re.search(r'translation of "([^"]*)"', line).group(1) for line in lines}  # type: ignore[union-attr]
    assert named == {k if len(k) <= 50 else k[:47] + "..." for k in CATALOG}
    assert len(lines) == len(CATALOG) + 1  # "Deck" twice: the game's name and the text on the card backs


def test_validate_checks_every_language_unless_told_one(tmp_path: Path) -> None:
    deck(tmp_path, {k: v for k, v in CATALOG.items() if k != "Cards"})
    every = run("validate", "deck", "--content", tmp_path / "content")
    assert every.exit_code == 1 and 'no German translation of "Cards"' in every.output, every.output
    english = run("validate", "deck", "--content", tmp_path / "content", "--lang", "en")
    assert english.exit_code == 0, english.output


def test_an_item_field_a_face_shows_is_translated_by_the_catalog_and_missing_at_its_cell(tmp_path: Path) -> None:
    cards = "title,text,qty\nDraw Two,Draw two cards.,4\nSkip,Miss a turn.,4\n"
    catalog = {**CATALOG, "Draw Two": "Zieh zwei", "Draw two cards.": "Ziehe zwei Karten.", "Skip": "Aussetzen"}
    folder = deck(tmp_path, catalog, cards)
    (line,) = problems(folder)
    found = re.fullmatch(r'.*deck/cards\.csv:3:(\d+): no German translation of "Miss a turn\.".*', line)
    assert found and int(found.group(1)) == len("Skip,") + 1, line
    catalog["Miss a turn."] = "Setze eine Runde aus."
    deck(tmp_path / "again", catalog, cards)
    texts = [e.text for p in load_game(tmp_path / "again" / "content" / "deck", lang="de").components["cards"].pieces
             for e in p.front.elements if hasattr(e, "text")]
    assert "Zieh zwei" in texts and "Setze eine Runde aus." in texts


def test_a_missing_csv_cell_is_an_error_at_its_row_and_column(tmp_path: Path) -> None:
    cards = CARDS.replace("Der nächste Spieler setzt aus.", "")
    (line,) = problems(deck(tmp_path, cards=cards))
    assert re.fullmatch(r".*deck/cards\.csv:3:\d+: no German text in the column \"text_de\" for \"The next "
                        r"player misses a turn\.\"", line), line
    col = int(line.split(":")[-2])
    assert col == len("Skip,Aussetzen,The next player misses a turn.,") + 1


def test_a_translation_that_changes_a_number_is_an_error(tmp_path: Path) -> None:
    folder = deck(tmp_path, cards=CARDS.replace("Draw two cards from the deck.", "Draw 2 cards from the deck.")
                  .replace("Ziehe zwei Karten", "Ziehe 3 Karten"))
    (line,) = problems(folder)
    assert "quotes the numbers 3 where the source quotes 2" in line and "cards.csv:2:" in line, line
    (folder / "text" / "guide.de.md").write_text(GUIDE_DE.replace("{cards.count} Karten", "20 Karten"),
                                                  encoding="utf-8")
    lines = problems(folder)
    at = line_of(folder / "text" / "guide.de.md", "20 Karten")
    assert any(f"guide.de.md:{at}:1" in x and "numbers 20 where the source quotes none" in x for x in lines), lines
    assert any("{cards.count}" in x for x in lines), lines


def test_a_missing_markdown_translation_names_the_file_to_write(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    (folder / "text" / "guide.de.md").unlink()
    (line,) = problems(folder)
    assert re.fullmatch(r".*deck/components\.yaml:\d+:\d+: no German version of this file: write "
                        r"text/guide\.de\.md beside it", line), line


def test_inline_texts_per_language(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    comps = folder / "components.yaml"
    comps.write_text(comps.read_text(encoding="utf-8").replace("title: Cards", "title: {en: Cards, de: Spielkarten}"),
                     encoding="utf-8")
    assert load_game(folder, lang="de").components["cards"].title == "Spielkarten"
    assert load_game(folder).components["cards"].title == "Cards"
    comps.write_text(comps.read_text(encoding="utf-8").replace("de: Spielkarten", "fr: Cartes"), encoding="utf-8")
    (line,) = problems(folder, None)
    assert '"fr" is not one of the game\'s languages' in line, line


def test_a_language_the_game_does_not_list_is_a_usage_error(tmp_path: Path) -> None:
    folder = deck(tmp_path)
    with pytest.raises(UsageError, match='no language "fr"'):
        load_game(folder, lang="fr")


def test_build_lang_names_the_file_and_the_default_keeps_its_name(tmp_path: Path) -> None:
    deck(tmp_path)
    out = tmp_path / "out"
    assert run("build", "deck", "--content", tmp_path / "content", "--out", out).exit_code == 0
    result = run("build", "deck", "--content", tmp_path / "content", "--out", out, "--lang", "de")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("*.pdf")) == ["deck-letter-color-de.pdf", "deck-letter-color.pdf"]
    german = pdf_text(out / "deck-letter-color-de.pdf")
    assert "Spielanleitung" in german and "Seite 1 von" in german and "Inhalt" in german
    assert "How to play" not in german and "page 1 of" not in german


def test_overflow_is_checked_in_every_language(tmp_path: Path) -> None:
    """Text too long for its box is found in the language that has it, at its own CSV cell (text_de)."""
    long = " ".join(["Donaudampfschifffahrtsgesellschaftskapitänsmütze"] * 40)
    deck(tmp_path, cards=CARDS.replace("Der nächste Spieler setzt aus.", long))
    english = run("audit", "deck", "--content", tmp_path / "content", "--lang", "en")
    german = run("audit", "deck", "--content", tmp_path / "content", "--lang", "de")
    every = run("audit", "deck", "--content", tmp_path / "content")
    assert english.exit_code == 0 and re.search(r"^deck: .* 0 error\(s\)", english.output, re.M), english.output
    col = len("Skip,Aussetzen,The next player misses a turn.,") + 1
    for result in (german, every):
        assert result.exit_code == 1, result.output
        assert re.search(rf"deck/cards\.csv:3:{col}: text too long for its box", result.output), result.output


def test_translate_adds_what_is_missing_and_keeps_what_is_there(tmp_path: Path) -> None:
    folder = deck(tmp_path, {"How to play": "Spielanleitung"})
    catalog = folder / "lang" / "de.yaml"
    catalog.write_text("# my notes\n" + catalog.read_text(encoding="utf-8"), encoding="utf-8")
    result = run("translate", "deck", "--content", tmp_path / "content", "--lang", "de")
    assert result.exit_code == 0, result.output
    text = catalog.read_text(encoding="utf-8")
    assert text.startswith('# my notes\n"How to play": "Spielanleitung"\n')
    assert '"Cards": ""' in text and '"How to play": ""' not in text
    assert re.search(r"# .*deck/components\.yaml:\d+:\d+\n\"Cards\": \"\"", text), text
    assert "5 text(s) added" in result.output
    again = run("translate", "deck", "--content", tmp_path / "content", "--lang", "de")
    assert "0 text(s) added" in again.output and catalog.read_text(encoding="utf-8") == text
    for source, german in CATALOG.items():
        text = text.replace(f'"{source}": ""', f'"{source}": "{german}"')
    catalog.write_text(text, encoding="utf-8")
    assert load_game(folder, lang="de").components["cards"].title == "Karten"


def engine_words() -> list[str]:
    """Every English text genpnp draws through ``tr``."""
    out = []
    for path in sorted((ROOT / "genpnp").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr" and node.args and \
                    isinstance(node.args[0], ast.Constant):
                out.append(node.args[0].value)
    return out


def test_the_german_catalog_has_every_engine_word_with_the_same_names() -> None:
    from genpnp.core.i18n import catalog
    from genpnp.render.cover import LEGEND

    german = catalog("de")
    words = engine_words() + [text for _, text in LEGEND] + ["letter", "a4", "color", "bw", "saver", "fold", "duplex"]
    assert len(words) > 40
    for word in words:
        assert word in german, word
        assert sorted(re.findall(r"\{(\w+)\}", word)) == sorted(re.findall(r"\{(\w+)\}", german[word])), word


@pytest.mark.parametrize("game", ["gerrymander"])
def test_a_shipped_game_in_german_builds_with_no_english_engine_words_and_passes_the_audit(
        tmp_path: Path, game: str) -> None:
    from genpnp.audit import audit_game
    from genpnp.impose.options import Options

    loaded = load_game(CONTENT / game, lang="de")
    assert loaded.lang == "de"
    audit = audit_game(loaded, Options())
    assert not audit.findings, [str(f) for f in audit.findings]
    result = run("build", game, "--content", CONTENT, "--out", tmp_path, "--lang", "de", "--paper", "a4")
    assert result.exit_code == 0, result.output
    text = pdf_text(tmp_path / f"{game}-a4-color-de.pdf")
    english = {w for word in engine_words() for w in re.findall(r"[A-Za-z]{4,}", re.sub(r"\{\w+\}", "", word))}
    english -= {"genpnp", "build", "calibrate", "Tabloid", "Duplex", "Print", "play"}  # names, and "Print-and-Play"
    english -= set(re.findall(r"\w+", loaded.meta.name))  # the game's name may stay as it is
    found = sorted(w for w in english if re.search(rf"\b{w}\b", text))
    assert not found, found


def test_gerrymander_guide_in_german_takes_no_more_pages_than_in_english() -> None:
    """The German guide is longer in words; on every paper it still fits the English guide's pages."""
    from genpnp.impose.document import impose_game
    from genpnp.impose.options import Options, parse_paper

    games = {lang: load_game(CONTENT / "gerrymander", lang=lang) for lang in ("en", "de")}
    for paper in ("letter", "a4", "legal"):
        counts = {lang: sum(1 for sheet in impose_game(game, Options(paper=parse_paper(paper))).sheets
                            if sheet.role == "text") for lang, game in games.items()}
        assert counts["de"] <= counts["en"], (paper, counts)


def test_a_german_guide_continued_on_a_new_page_says_so_in_german(tmp_path: Path) -> None:
    result = run("build", "gerrymander", "--content", CONTENT, "--out", tmp_path, "--lang", "de", "--component",
                 "guide", "--set", "components.guide.size=14pt")
    assert result.exit_code == 0, result.output
    text = pdf_text(next(tmp_path.glob("*.pdf")))
    assert "Spielanleitung (Fortsetzung)" in text and "continued" not in text


def test_long_words_of_a_translated_card_text_may_break_where_the_language_hyphenates(tmp_path: Path) -> None:
    """pyphen's German patterns put soft hyphens in long words: the wrapper breaks there only when needed."""
    from genpnp.core import fonts

    cards = CARDS.replace("Der nächste Spieler setzt aus.", "Der nächste Spieler verliert die Spielrunde.")
    de = load_game(deck(tmp_path, cards=cards), lang="de")
    texts = [e.text for e in de.components["cards"].pieces[-1].front.elements if hasattr(e, "text")]
    assert "Der nächste Spieler ver\u00adliert die Spiel\u00adrun\u00adde." in texts, texts
    width = fonts.text_width("die Spielrunde", fonts.DEFAULT, 10) - 1  # the word does not fit: it breaks
    lines = fonts.wrap("die Spiel\u00adrun\u00adde", fonts.DEFAULT, 10, width)
    assert len(lines) == 2 and lines[0].endswith("-") and lines[0][:-1] + lines[1] == "die Spielrunde", lines
    english = load_game(tmp_path / "content" / "deck").components["cards"].pieces[-1].front.elements
    assert "\u00ad" not in "".join(e.text for e in english if hasattr(e, "text"))  # the first language as written
