"""The rules card: its words (``card_text``) set in two columns on a card that fits half a page.

The card is 125 mm wide and as tall as its text needs at ``TEXT_PT``, up to ``MAX_HEIGHT``
(then the text gets smaller, never below ``MIN_TEXT_PT``). 125 x 123 mm fits half a page and
leaves a 62 mm column beside it on A4 and Letter portrait (two goal slips stacked) and a band
below it for the tokens, so the card, the slips and the tokens of a set share one sheet; it
also fits any page at the largest margin a spec allows (A4 landscape at 40 mm: 124 mm tall).
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .card_text import Paragraph, rules_text
from pnp.paper import MM, Frame
from pnp.i18n import _, per_language
from pnp.pdf.fonts import (BOLD, MIN_TEXT_PT, SANS, draw_fitted, ensure_fonts, page_rtl, pieces,
                            string_width, wrap)

WIDTH = 125 * MM
MAX_HEIGHT = 123 * MM
TEXT_PT = 7.5            # the size the card is set in when the text allows
BORDER = 2 * MM          # the card's outline, inside its frame
PADDING = 4 * MM         # text inside the frame
GUTTER = 4 * MM          # between the two columns
TITLE_PT = 13.0
TITLE_GAP = 5.0          # below the title
LEAD = 1.2               # line pitch, in text sizes
GAP = 0.45               # between paragraphs, in lines


@dataclass(frozen=True)
class Line:
    font: str                # SANS, BOLD, or "" for the gap after a section
    text: str
    lead: str = ""           # bold words before ``text`` on the same line ("House rule:")
    at: int = 0              # the line's place in its paragraph (0: the first, or a heading)
    of: int = 1              # the lines of its paragraph
    house: bool = False      # a line of a house rule

    def height(self, size: float) -> float:
        return size * LEAD * (GAP if not self.font else 1)


def column_width() -> float:
    return (WIDTH - 2 * PADDING - GUTTER) / 2


def _paragraph(p: Paragraph, size: float, width: float) -> list[Line]:
    """``p`` wrapped to ``width``, its bold words (if any) at the start of its first line."""
    if not p.bold:
        texts, lead = list(wrap(p.text, SANS, size, width)), ""
    else:
        lead = p.bold + " "
        words = pieces(p.text)            # (word, glued): CJK breaks between characters
        first = ""
        room = width - string_width(lead, BOLD, size)
        while words and string_width(_joined(first, *words[0]), SANS, size) <= room:
            first = _joined(first, *words.pop(0))
        rest = "".join(w if k == 0 or glued else f" {w}" for k, (w, glued) in enumerate(words))
        texts = [first] + (list(wrap(rest, SANS, size, width)) if words else [])
    return [Line(SANS, text, lead if k == 0 else "", at=k, of=len(texts), house=bool(p.house))
            for k, text in enumerate(texts)]


def _joined(line: str, word: str, glued: bool) -> str:
    return f"{line}{word}" if glued or not line else f"{line} {word}"


@per_language(maxsize=256)
def _lines(board: Board, size: float) -> tuple[Line, ...]:
    width = column_width()
    lines: list[Line] = []
    for section in rules_text(board):
        if section.heading:
            lines.append(Line(BOLD, section.heading))
        for p in section.paragraphs:
            lines += _paragraph(p, size, width)
        lines.append(Line("", ""))
    return tuple(lines[:-1])


def _split(lines: tuple[Line, ...], size: float) -> int:
    """Where the second column starts: the most even split that keeps a heading with its text,
    a house rule whole and with the rule it settles, and at least two lines of a paragraph on
    each side of a break inside it; a break between paragraphs unless one inside a paragraph
    saves more than a line."""
    heights = [line.height(size) for line in lines]
    total = sum(heights)
    best = {True: (total, len(lines)), False: (total, len(lines))}    # between paragraphs?
    above = 0.0
    for k in range(1, len(lines)):
        above += heights[k - 1]
        line = lines[k]
        if not line.font or lines[k - 1].font == BOLD or line.house:
            continue
        if line.at and (line.at < 2 or line.of - line.at < 2):
            continue
        between = line.at == 0
        tallest = max(above, total - above)
        if tallest < best[between][0] - 1e-9:
            best[between] = (tallest, k)
    if best[False][0] < best[True][0] - size * LEAD - 1e-9:
        return best[False][1]
    return best[True][1]


def _columns_height(board: Board, size: float) -> float:
    lines = _lines(board, size)
    k = _split(lines, size)
    return max(sum(line.height(size) for line in part) for part in (lines[:k], lines[k:]))


def _chrome() -> float:
    """The card's height besides its columns: padding and the title."""
    return 2 * PADDING + TITLE_PT + TITLE_GAP


@per_language(maxsize=256)
def text_size(board: Board) -> float:
    """The size the card is set in: ``TEXT_PT`` if the text fits the tallest card, else the
    largest size (in quarter points) that does, never below ``MIN_TEXT_PT``: every set a spec
    can ask for fits by then (tested); data no build makes (a 1000-letter board name) gets a
    taller card rather than smaller text."""
    size = TEXT_PT
    while size > MIN_TEXT_PT and _columns_height(board, size) + _chrome() > MAX_HEIGHT:
        size -= 0.25
    return size


def card_size(board: Board) -> tuple[float, float]:
    size = text_size(board)
    return WIDTH, _columns_height(board, size) + _chrome()


def draw_card(board: Board, canvas, frame: Frame) -> None:
    ensure_fonts()
    from . import TITLE     # the game's door; the package is loaded by now

    size = text_size(board)
    inner = frame.inset(PADDING)
    canvas.saveState()
    canvas.setLineWidth(1.2)
    canvas.setStrokeGray(0)
    box = frame.inset(BORDER)
    canvas.rect(box.x, box.y, box.width, box.height, stroke=1, fill=0)
    canvas.setFillGray(0)
    # the title's baseline sits a cap height (about 0.73 em) below the top of the text area
    draw_fitted(canvas, _(TITLE), inner.x, inner.top - TITLE_PT * 0.73,
                inner.width, font=BOLD, size=TITLE_PT, min_size=MIN_TEXT_PT)
    lines = _lines(board, size)
    k = _split(lines, size)
    top = inner.top - TITLE_PT - TITLE_GAP
    width = column_width()
    rtl = page_rtl()        # a right-to-left page: columns and lines start at the right
    for column, part in enumerate((lines[:k], lines[k:])):
        x, y = inner.x + column * (width + GUTTER), top
        if rtl:
            x = inner.right - column * (width + GUTTER)
        for line in part:
            y -= line.height(size)
            if not line.font:
                continue
            # the baseline sits a descent (about 0.24 em) above the line's foot
            base = y + size * (LEAD - 1) / 2 + size * 0.24
            at = x
            if line.lead:
                canvas.setFont(BOLD, size)
                if rtl:
                    canvas.drawRightString(at, base, line.lead)
                    at -= string_width(line.lead, BOLD, size)
                else:
                    canvas.drawString(at, base, line.lead)
                    at += string_width(line.lead, BOLD, size)
            canvas.setFont(line.font, size)
            if rtl:
                canvas.drawRightString(at, base, line.text)
            else:
                canvas.drawString(at, base, line.text)
    canvas.restoreState()
