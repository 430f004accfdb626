"""Text pages' line layout: a styled run and the punctuation after it are one word."""

from __future__ import annotations

import pytest

from genpnp import fonts
from genpnp.impose.textflow import words_of, wrap_runs

SIZE = 10.0


def _gap_before(line: list[tuple], text: str) -> float:
    """The space between the piece ``text`` and the end of the piece before it, in points."""
    i = next(n for n, (_, t, _) in enumerate(line) if t == text)
    x0, prev, f = line[i - 1]
    return line[i][0] - (x0 + fonts.text_width(prev, f, SIZE))


@pytest.mark.parametrize("text,piece", [
    ("at most **11**.", "."),
    ("the *Census Error*, then", ","),
    ("(see **Scoring**)", ")"),
    ("a **bold**; then", ";"),
    ("*italic*: then", ":"),
])
def test_no_space_between_a_styled_run_and_its_punctuation(text: str, piece: str) -> None:
    line, = wrap_runs(text, fonts.DEFAULT, SIZE, 500.0)
    assert _gap_before(line, piece) == pytest.approx(0.0, abs=1e-6)


def test_a_space_in_the_source_stays_a_space() -> None:
    line, = wrap_runs("at most **11** points", fonts.DEFAULT, SIZE, 500.0)
    space = fonts.text_width(" ", fonts.DEFAULT, SIZE)
    assert _gap_before(line, "11") == pytest.approx(space)
    assert _gap_before(line, "points") == pytest.approx(space)


def test_a_glued_word_wraps_as_one() -> None:
    words = words_of("x **11**. y", fonts.DEFAULT)
    assert [[t for t, _ in w] for w in words] == [["x"], ["11", "."], ["y"]]
    bold = fonts.styled(fonts.DEFAULT, "b")
    assert words[1][0][1] == bold and words[1][1][1] == fonts.DEFAULT
    width = fonts.text_width("x 11", bold, SIZE)  # room for "x 11" but not for "x 11."
    lines = wrap_runs("x **11**.", fonts.DEFAULT, SIZE, width)
    assert [[t for _, t, _ in ln] for ln in lines] == [["x"], ["11", "."]]
