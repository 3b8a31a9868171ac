"""The rules card: all the rules a group needs, in two columns, as large as they fit.

Run-in bold headings keep the card short; the text is ``wording.sections`` with this set's start
count. The paragraph that prints the start count is marked (start-count tag, the count) so the
validator can compare it with the data, as it does the trackers' start cells.
"""

from __future__ import annotations

from pnp.paper import Frame
from . import wording
from .board import Board
from .ink import ASCENT, LEADING, MIN_TEXT, beside, text_in_box
from pnp.i18n import _
from pnp.pdf.fonts import BOLD, SANS, page_rtl, pieces, string_width
from pnp.pdf.marks import marked

START_TAG = "CqN"           # marks a printed start count; also on the score sheet
LARGEST = 8.5               # pt; the card stops growing its text here
COLUMN_GAP = 12.0
PARAGRAPH_GAP = 0.45        # extra space between sections, in lines


def draw(board: Board, canvas, frame: Frame) -> None:
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0)
    canvas.roundRect(frame.x + 2, frame.y + 2, frame.width - 4, frame.height - 4, 6, stroke=1,
                     fill=0)
    inner = frame.inset(10)
    head_h = 16.0
    half = inner.width * 0.5
    text_in_box(canvas, _("Cliques — the rules"), beside(inner.x, inner.width, inner.x, half),
                inner.top - head_h, half, head_h, BOLD, 12, 8, valign="top")
    text_in_box(canvas, _("The Rules of Cliques © 1999 David Westbrook, in short · set {ident} · "
                          "{players}").format(ident=board.ident,
                                              players=wording.players(len(board.players))),
                beside(inner.x, inner.width, inner.x + half, half),
                inner.top - head_h, inner.width * 0.5, head_h, SANS, 7, MIN_TEXT, align="right",
                valign="top")
    body = Frame(inner.x, inner.y, inner.width, inner.height - head_h - 4)
    column_w = (body.width - COLUMN_GAP) / 2
    sections = wording.sections(board.start)
    size, columns = layout(sections, column_w, body.height)
    for k, column in enumerate(columns):
        # a right-to-left page reads the right column first
        x = body.x + ((1 - k) if page_rtl() else k) * (column_w + COLUMN_GAP)
        for y_line, runs, index in column:
            y = body.top - y_line - ASCENT * size
            if index == 1:           # the setup paragraph, which prints the start count
                with marked(canvas, START_TAG, board.start):
                    _runs(canvas, runs, x, y, size, column_w)
            else:
                _runs(canvas, runs, x, y, size, column_w)


def _runs(canvas, runs, x: float, y: float, size: float, width: float) -> None:
    canvas.setFillGray(0)
    rtl = page_rtl()            # a right-to-left page's lines start at the column's right
    for font, text, dx in runs:
        canvas.setFont(font, size)
        if rtl:
            canvas.drawRightString(x + width - dx, y, text)
        else:
            canvas.drawString(x + dx, y, text)


def layout(sections: list[tuple[str, str]], width: float, height: float):
    """The largest size (LARGEST down to MIN_TEXT) at which the sections fill two columns of
    ``width`` x ``height``; returns it and each column's lines as (y from the top, runs,
    section index), a run being (font, text, x offset). Raises if even MIN_TEXT overflows."""
    size = LARGEST
    while size >= MIN_TEXT - 1e-9:
        lines = [(i, runs) for i, section in enumerate(sections)
                 for runs in _paragraph(*section, width, size)]
        columns = _columns(lines, sections, size, height)
        if columns is not None:
            return size, columns
        size -= 0.25
    raise ValueError("the rules do not fit the rules card")


def _paragraph(heading: str, text: str, width: float, size: float):
    """Lines of runs: the first line starts with the bold heading, the rest wrap under it."""
    out = []
    for k, part in enumerate(text.split("\n")):
        lead = _("{heading}. ").format(heading=heading) if heading and k == 0 else ""
        indent = string_width(lead, BOLD, size)
        line: list[tuple[str, bool]] = []
        first = True
        for word, glued in pieces(part):       # CJK breaks between characters too
            room = width - (indent if first else 0)
            if line and string_width(_joined(line + [(word, glued)]), SANS, size) > room:
                out.append(_line(lead if first else "", indent if first else 0, line))
                line, first = [], False
            line.append((word, glued))
        out.append(_line(lead if first else "", indent if first else 0, line))
    return [[run for run in runs if run[1]] for runs in out]


def _joined(words: list[tuple[str, bool]]) -> str:
    return "".join(word if k == 0 or glued else f" {word}" for k, (word, glued) in enumerate(words))


def _line(lead: str, indent: float, words: list[tuple[str, bool]]):
    return [(BOLD, lead.rstrip(), 0.0), (SANS, _joined(words), indent)]


def _columns(lines, sections, size, height):
    """Split ``lines`` into two columns top down; a section's break adds PARAGRAPH_GAP.
    None if they do not fit."""
    step = LEADING * size
    columns: list[list] = [[], []]
    col, y, last = 0, 0.0, None
    for index, runs in lines:
        if last is not None and index != last and y > 0:
            y += PARAGRAPH_GAP * step
        if y + (ASCENT + 0.25) * size > height:
            col, y = col + 1, 0.0
            if col == 2:
                return None
        columns[col].append((y, runs, index))
        y += step
        last = index
    return columns

