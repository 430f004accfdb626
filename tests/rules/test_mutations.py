"""The validator cases of the games issue, as broken copies: the FIRST error names the rule and the line
that was edited (knock-on effects come after it, marked "[follows from ...]").

Each case edits one shipped game and reads `validate --format json`, whose errors come in report order.
Where the edit deletes entries, no edited line is left: the first error then points at the line named
in the case (the end of the list, where an entry is missing, or the list's declaration).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import pytest
from pdfcheck import copy_game, edit, output_of


@dataclass(frozen=True)
class Case:
    game: str
    file: str
    old: str
    new: str
    rule: str  # the first error's rule id (or id/check)
    at: str = ""  # deletions: text on the line the first error must point at (in file, after the edit)
    at_file: str = ""  # ... in this file, when another


CASES = {  # boards grow to 9 rows or columns: the figures show row 8 and column H
    "board 9x8": Case("gerrymander", "components.yaml", "    rows: 8\n", "    rows: 9\n", "board-8x8"),
    "board 8x9": Case("gerrymander", "components.yaml", "    cols: 8\n", "    cols: 9\n", "board-square"),
    "both sets red": Case("gerrymander", "components.yaml", "        fill: blue\n", "        fill: red\n",
                          "two-colours"),
    "die deleted": Case("gerrymander", "game.yaml", "blue-tiles, die, turn-aid]", "blue-tiles, turn-aid]",
                        "standard-die"),
    "olympia misspelt": Case("redistrict", "data/track.yaml", "- {kind: olympia, label: OLYMPIA}\n",
                             "- {kind: olympiaa, label: OLYMPIA}\n", "content"),
    "olympia deleted": Case("redistrict", "data/track.yaml", "- {kind: olympia, label: OLYMPIA}\n", "", "olympia",
                            at="  spaces: {file: data/track.yaml}", at_file="board.yaml"),
    "unknown space kind": Case("redistrict", "data/track.yaml", "- {kind: county, county: Thurston, red: 0, blue: 2}\n",
                               "- {kind: countie, county: Thurston, red: 0, blue: 2}\n", "content"),
    "misspelt pop": Case("redistrict", "data/precincts.yaml", "{q: 5, r: 0, county: Whatcom, pop: 2",
                         "{q: 5, r: 0, county: Whatcom, popp: 2", "precinct-map/precinct-fields"),
    "strategy card deleted": Case("redistrict", "data/strategy.yaml", "  - title: PAC Soft Money\n",
                                  "  - title: PAC Soft Money\n", "strategy-cards", at="  - title: "),
    "48-card deck": Case("berzerka", "data/deck.yaml", '  - {value: 13, label: "13"}\n', "", "deck-size",
                         at='  - {value: 12, label: "12"}'),
    "green cube": Case("berzerka", "data/contract-tiles.yaml", "    detail: Hearts are always trump;",
                       "    detail: Lay a green cube. Hearts are always trump;", "cube-colours-named"),
    "empty contract rule": Case("berzerka", "data/contract-tiles.yaml",
                                "    detail: The declarer names trump. Take as few tricks as you can.\n",
                                '    detail: ""\n', "tiles-complete"),
    "12 tiles": Case("berzerka", "data/contract-tiles.yaml", "  - name: Final Blow\n", "  - name: Final Blow\n",
                     "contract-tiles", at="  - name: "),
    "tile row at x11": Case("berzerka", "data/contracts.yaml", "    base: 9\n", "    base: 11\n", "row-values"),
    "starter renamed": Case("berzerka", "data/contracts.yaml", "  - name: Hold Steady", "  - name: Hold Stedy",
                            "starter-contracts"),
    "starter deleted": Case("berzerka", "data/contracts.yaml", "  - name: Bottle It Up\n", "  - name: Bottle It Up\n",
                            "starter-contracts", at="    rows: {file: data/contracts.yaml}",
                            at_file="components.yaml"),
    "token value changed": Case("mapmaker", "data/voters.yaml",
                                "{party: green, symbol: leaf, figure: white, value: 1, qty: 1, front: swing}",
                                "{party: green, symbol: leaf, figure: white, value: 2, qty: 1}", "parties-mirror"),
    "hex moved": Case("mapmaker", "data/board.yaml", "{q: -3, r: -2, label: D1, players: 4}",  # no figure names D1
                      "{q: -3, r: -3, label: D1, players: 4}", "board-shape/map-shape"),
    "county in the wrong zone": Case("mapmaker", "data/board.yaml", "{q: 0, r: -3, label: C3, players: 2}",
                                     "{q: 0, r: -3, label: C3, players: 3}", "board-shape/zone-shape"),
    "swing face missing": Case("mapmaker", "data/voters.yaml",
                               "{party: blue, symbol: donkey, figure: white, value: 1, qty: 1, front: swing}",
                               "{party: blue, symbol: donkey, figure: white, value: 1, qty: 1}", "swing-marked"),
}

DELETE_ENTRY = ("strategy card deleted", "12 tiles", "starter deleted")


def delete_entry(path: Path, first_line: str) -> None:
    """Remove the list entry that starts with ``first_line`` (up to the next entry or the end)."""
    text = path.read_text(encoding="utf-8")
    start = text.index(first_line)
    nxt = text.find("\n  - ", start + 1)
    path.write_text(text[:start] + (text[nxt + 1:] if nxt >= 0 else ""), encoding="utf-8")


def last_line_with(path: Path, text: str) -> int:
    body = path.read_text(encoding="utf-8")
    return body[: body.rindex(text)].count("\n") + 1


@pytest.mark.parametrize("name", list(CASES))
def test_the_first_error_names_the_rule_and_the_edited_line(tmp_path: Path, name: str) -> None:
    case = CASES[name]
    folder = copy_game(tmp_path, case.game)
    path = folder / case.file
    if name in DELETE_ENTRY:
        delete_entry(path, case.old)
        line = 0
    else:
        line = edit(path, case.old, case.new, unique=True)
    if name == "die deleted":  # the die goes with its section, and from the figures that show it
        comps = folder / "components.yaml"
        text = comps.read_text(encoding="utf-8")
        comps.write_text(text[: text.index("  die:")], encoding="utf-8")
        for guide in (folder / "text").glob("*.md"):
            lines = guide.read_text(encoding="utf-8").splitlines(keepends=True)
            guide.write_text("".join(ln for ln in lines if "{piece: die," not in ln), encoding="utf-8")
    if case.at:
        where = folder / (case.at_file or case.file)
        line = last_line_with(where, case.at)
        path = where
    code, out = output_of("validate", "--format", "json", "--content", str(folder.parent), case.game)
    assert code == 1, out
    errors = json.loads(out)["games"][case.game]["errors"]
    first = errors[0]
    assert first["rule"] == case.rule, errors[:3]
    assert first["file"].endswith(f"{case.game}/{path.relative_to(folder).as_posix()}"), first
    assert first["line"] == line, (first, line)
    assert "[follows from" not in first["message"]
    if name == "unknown space kind":  # a load error, not a misleading one about the space's text
        assert first["message"].startswith('no style for kind "countie" (did you mean "county"?)'), first
