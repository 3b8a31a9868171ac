"""A player's token tracker: how many approval and disapproval tokens she holds right now.

Each colour has its own track covering every count she could hold (none up to every token of
that colour in play). The current count is ringed in pencil (or a coin sits on it): the foot of
the tracker and the rules card say so, since the set plays with pencils and its printed pieces.
Small games get one cell per count, in one or two rows, whichever gives the larger cells; big
ones (more than ``TRACK_MAX`` tokens of a colour) keep tens and units on two rows, two rings
per colour, so the cells stay large enough to use.
"""

from __future__ import annotations

from pnp.paper import MM, Frame
from . import wording
from .ink import (
    GREY, PALE, approval_mark, beside, block_height, disapproval_mark, text_in_box)
from .board import Board, Tracker
from .rules import APPROVAL, DISAPPROVAL, tokens_in_play
from .sizes import TRACKER
from pnp.i18n import N_, _, current, number
from pnp.pdf.fonts import BOLD, SANS
from .wording import colour_name
from pnp.pdf.marks import marked

SIZE = TRACKER
MAX_CELL = 13 * MM          # bigger cells only spread the track out
ROW_GAP = 3.0
LABEL_W = 50.0              # the colour's symbol and name
ROW_LABEL_W = 24.0          # "tens" / "units"
FOOT_SIZE = 6.5
TAGS = {APPROVAL: "CqA", DISAPPROVAL: "CqD"}    # marked-content tags of the tracks' cells

HOW = N_("Ring each count in pencil (or put a coin on it). You vote: that colour's count goes one "
         "down. You take back a pair: each count goes one up.")
# the tens row stops at a ten ("60"), so the words say how far a count goes: every token of a
# colour in play, which a player's count can come near (docs/games/cliques.md)
TENS_UNITS = N_("Two rings a colour: count = tens + units, from 0 up to {most}, every token of "
                "a colour in play (23 = 20 on tens, 3 on units).")


def foot(board: Board, tracker: Tracker) -> str:
    if tracker.style != "tens-units":
        return wording.paragraph(HOW, wording.OPEN)
    most = number(tokens_in_play(len(board.players)))
    return current().sentence_gap.join([_(TENS_UNITS).format(most=most),
                                        wording.paragraph(HOW, wording.OPEN)])


def draw(board: Board, tracker: Tracker, canvas, frame: Frame) -> None:
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0)
    canvas.roundRect(frame.x + 2, frame.y + 2, frame.width - 4, frame.height - 4, 6, stroke=1,
                     fill=0)
    inner = frame.inset(9)
    head_h = 13.0
    foot_h = block_height(3, FOOT_SIZE)     # the pencil ring, the two moves, when a circle is open
    _head(board, tracker, canvas, Frame(inner.x, inner.top - head_h, inner.width, head_h))
    text_in_box(canvas, foot(board, tracker), inner.x, inner.y, inner.width, foot_h, SANS,
                FOOT_SIZE, valign="bottom")
    body = Frame(inner.x, inner.y + foot_h + 4, inner.width, inner.height - head_h - foot_h - 8)
    gap = 5.0
    panel_h = (body.height - gap) / 2
    for k, colour in enumerate((APPROVAL, DISAPPROVAL)):
        top = body.top - k * (panel_h + gap)
        _panel(tracker, colour, canvas, Frame(body.x, top - panel_h, body.width, panel_h))
    canvas.setStrokeGray(GREY)
    canvas.setLineWidth(0.4)
    mid = body.top - panel_h - gap / 2
    canvas.line(inner.x, mid, inner.right, mid)
    canvas.setStrokeGray(0)


def _head(board: Board, tracker: Tracker, canvas, box: Frame) -> None:
    side_w = box.width * 0.42
    name_w = box.width - side_w - 6
    text_in_box(canvas, tracker.player, beside(box.x, box.width, box.x, name_w), box.y, name_w,
                box.height, BOLD, 11, valign="top")
    text_in_box(canvas, _("Token tracker · set {ident} · start: {start} of each colour").format(
                ident=board.ident, start=number(tracker.start)),
                beside(box.x, box.width, box.right - side_w, side_w), box.y, side_w, box.height, SANS, 7, align="right",
                valign="top")


def _panel(tracker: Tracker, colour: str, canvas, box: Frame) -> None:
    r = 7.0
    mark = approval_mark if colour == APPROVAL else disapproval_mark
    mark(canvas, box.x + r, box.top - r, r)
    text_in_box(canvas, colour_name(colour), box.x, box.top - 2 * r - 12, LABEL_W - 4, 10,
                BOLD, 7.5, valign="top")
    low, high = getattr(tracker, colour)
    cells = Frame(box.x + LABEL_W, box.y, box.width - LABEL_W, box.height)
    tag = TAGS[colour]
    if tracker.style == "tens-units":
        tens = [(t, str(t)) for t in range(low, high + 1, 10)]
        units = [(u, str(u)) for u in range(10)]
        _rows(canvas, cells, [(_("tens"), tag + "T", tens, tracker.start // 10 * 10),
                              (_("units"), tag + "U", units, tracker.start % 10)], "CqS" + tag[-1])
    else:
        counts = list(range(low, high + 1))
        per_row = track_row(len(counts), cells.width, cells.height)
        rows = [("", tag, [(c, str(c)) for c in counts[i:i + per_row]], tracker.start)
                for i in range(0, len(counts), per_row)]
        _rows(canvas, cells, rows, "CqS" + tag[-1])


def track_row(count: int, width: float, height: float) -> int:
    """Cells per row: one row or two, whichever gives cells with the larger short side."""
    def cell(rows: int) -> float:
        per = -(-count // rows)
        return min(MAX_CELL, width / per, (height - ROW_GAP * (rows - 1)) / rows)
    rows = max((1, 2), key=cell)
    return -(-count // rows)


def _rows(canvas, box: Frame, rows: list[tuple[str, str, list[tuple[int, str]], int]],
          start_tag: str) -> None:
    """Rows of numbered cells, the start value's cell shaded and labelled.

    Each cell is marked (row tag, value) and each "start" label (start tag, value) so the
    validator can read back which counts a tracker shows and where it starts.
    """
    label_w = ROW_LABEL_W if any(label for label, *_ in rows) else 0.0
    widest = max(len(cells) for _, _, cells, _ in rows)
    cell_w = min(MAX_CELL, (box.width - label_w) / widest)
    cell_h = min(MAX_CELL, (box.height - ROW_GAP * (len(rows) - 1)) / len(rows))
    for i, (label, tag, cells, start) in enumerate(rows):
        y = box.top - (i + 1) * cell_h - i * ROW_GAP
        if label:
            text_in_box(canvas, label, box.x, y, label_w - 3, cell_h, SANS, 7, align="right")
        for k, (value, text) in enumerate(cells):
            x = box.x + label_w + k * cell_w
            is_start = value == start
            with marked(canvas, tag, value):
                canvas.setLineWidth(1.6 if is_start else 0.6)
                canvas.setStrokeGray(0)
                canvas.setFillGray(PALE)
                canvas.rect(x, y, cell_w, cell_h, stroke=1, fill=1 if is_start else 0)
                number_h = cell_h * 0.5 if is_start else cell_h - 4
                text_in_box(canvas, text, x + 1.5, y + cell_h - 2 - number_h, cell_w - 3,
                            number_h, BOLD if is_start else SANS, 10, align="center")
            if is_start:
                with marked(canvas, start_tag, value):
                    text_in_box(canvas, _("start"), x + 1.5, y + 2, cell_w - 3, 8, SANS, 6,
                                align="center")
    canvas.setStrokeGray(GREY)
