"""The baseline for bench/run.py: a deck drawn with plain reportlab, no genpnp.

The same job as ``genpnp build berzerka --component deck`` without backs: poker cards (63 x 88 mm),
3 x 2 on Letter under a title line, a cover page, shared cut lines, a footer and a scale square, and per
card the same vector drawing (filled and stroked rounded outline, inner frame, two corner indices with
suit marks, a band of six small suit signs and a rule at the top and the bottom of the frame, a large
suit, the rank and the suit name), in the same embedded TrueType fonts (Averia Serif, the deck's own).

    python bench/plain_deck.py --cards 52 --out /tmp/plain.pdf
"""

from __future__ import annotations

import argparse
from pathlib import Path

from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

FONTS = Path(__file__).resolve().parent.parent / "genpnp" / "data" / "fonts"
SUITS = [("Hearts", (0.84, 0.15, 0.24)), ("Diamonds", (0.11, 0.25, 0.58)), ("Clubs", (0.25, 0.64, 0.30)),
         ("Spades", (0.10, 0.10, 0.10))]
W, H = 63 * mm, 88 * mm
PAGE_W, PAGE_H = 612.0, 792.0
COLS, ROWS = 3, 2


def suit(c: Canvas, name: str, x: float, y: float, s: float) -> None:
    """A suit sign in the s x s box at (x, y): curves for hearts, clubs and spades, a rhombus for diamonds."""
    p = c.beginPath()
    if name == "Diamonds":
        p.moveTo(x + s / 2, y + s)
        p.lineTo(x + s, y + s / 2)
        p.lineTo(x + s / 2, y)
        p.lineTo(x, y + s / 2)
    elif name == "Hearts":
        p.moveTo(x + s / 2, y)
        p.curveTo(x - s * 0.1, y + s * 0.55, x + s * 0.2, y + s * 1.05, x + s / 2, y + s * 0.75)
        p.curveTo(x + s * 0.8, y + s * 1.05, x + s * 1.1, y + s * 0.55, x + s / 2, y)
    else:
        for cx, cy in ((0.5, 0.72), (0.25, 0.45), (0.75, 0.45)):
            p.circle(x + s * cx, y + s * cy, s * 0.22)
        p.moveTo(x + s * 0.42, y)
        p.lineTo(x + s * 0.58, y)
        p.lineTo(x + s / 2, y + s * 0.5)
    p.close()
    c.drawPath(p, fill=1, stroke=0)


def card(c: Canvas, x: float, y: float, rank: int, suit_name: str, rgb: tuple[float, float, float]) -> None:
    c.saveState()
    c.translate(x, y)
    c.setFillColorRGB(1.0, 0.99, 0.97)
    c.setStrokeColorRGB(0.6, 0.6, 0.6)
    c.setLineWidth(0.5)
    c.roundRect(0, 0, W, H, 3 * mm, fill=1, stroke=1)
    c.setStrokeColorRGB(*rgb)
    c.setFillColorRGB(*rgb)
    c.setLineWidth(0.8)
    c.roundRect(0.2 * W, 0.07 * H, 0.6 * W, 0.86 * H, 2.5 * mm, fill=0, stroke=1)
    for turn in (0, 180):
        c.saveState()
        if turn:
            c.translate(W, H)
            c.rotate(180)
        c.setFont("bench-bold", 15)
        c.drawCentredString(0.105 * W, H - 0.085 * H, str(rank))
        suit(c, suit_name, 0.045 * W, H - 0.185 * H, 0.075 * H)
        c.restoreState()
    for band_top, rule_top in ((0.09, 0.15), (0.86, 0.846)):  # the suit's bands, top and bottom of the frame
        cell = 0.56 * W / 6
        s = min(cell, 0.05 * H) * 0.75
        for i in range(6):
            suit(c, suit_name, 0.22 * W + i * cell + (cell - s) / 2, H - (band_top + 0.025) * H - s / 2, s)
        c.rect(0.24 * W, H - (rule_top + 0.004) * H, 0.52 * W, 0.004 * H, fill=1, stroke=0)
    suit(c, suit_name, 0.32 * W, H - 0.53 * H, 0.36 * W)
    c.setFont("bench-bold", 48)
    c.drawCentredString(W / 2, H - 0.74 * H, str(rank))
    c.setFont("bench", 9)
    c.drawCentredString(W / 2, H - 0.84 * H, suit_name)
    c.restoreState()


def page_frame(c: Canvas, title: str, number: int, total: int) -> None:
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont("bench-bold", 12)
    c.drawString(18, PAGE_H - 30, title)
    c.setFont("bench", 7)
    c.drawString(18, 22, "Bench deck · version 1 · CC0")
    c.drawRightString(PAGE_W - 18, 22, f"letter · color · page {number} of {total}")
    c.rect(PAGE_W - 18 - 72, 40, 72, 72)
    c.setFont("bench-bold", 8)
    c.drawCentredString(PAGE_W - 18 - 36, 76, "1 in")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cards", type=int, default=52)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    pdfmetrics.registerFont(TTFont("bench", str(FONTS / "AveriaSerifGWF-Regular.ttf")))
    pdfmetrics.registerFont(TTFont("bench-bold", str(FONTS / "AveriaSerifGWF-Bold.ttf")))
    per_page = COLS * ROWS
    pages = -(-args.cards // per_page) + 1
    c = Canvas(str(args.out), pagesize=(PAGE_W, PAGE_H), invariant=1, pageCompression=1)
    page_frame(c, "Bench deck", 1, pages)
    c.showPage()
    x0 = (PAGE_W - COLS * W) / 2
    top = PAGE_H - 40
    for start in range(0, args.cards, per_page):
        count = min(per_page, args.cards - start)
        page_frame(c, f"Cards {start + 1} to {start + count}", start // per_page + 2, pages)
        for i in range(count):
            r, col = divmod(i, COLS)
            n = start + i
            name, rgb = SUITS[(n // 13) % 4]
            card(c, x0 + col * W, top - (r + 1) * H, n % 13 + 1, name, rgb)
        c.setStrokeColorRGB(0.55, 0.55, 0.55)
        c.setLineWidth(0.3)
        rows = -(-count // COLS)
        for r in range(rows + 1):
            c.line(x0, top - r * H, x0 + COLS * W, top - r * H)
        for col in range(COLS + 1):
            c.line(x0 + col * W, top, x0 + col * W, top - rows * H)
        c.showPage()
    c.save()


if __name__ == "__main__":
    main()
