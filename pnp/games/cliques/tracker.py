"""A player's token tracker: how many approval and disapproval tokens she holds right now.

Each colour has its own track covering every count she could hold (none up to every token of
that colour in play). A coin, paperclip or pencil ring sits on the current count. Small games
get one cell per count; big ones (more than ``TRACK_MAX``) keep tens and units on two rows so
the cells stay large enough to use.
"""

from __future__ import annotations

from pnp.paper import MM, Frame
from pnp.games.cliques.ink import (
    GREY, PALE, approval_mark, disapproval_mark, text_in_box)
from pnp.games.cliques.board import Board, Tracker
from pnp.games.cliques.rules import APPROVAL, DISAPPROVAL
from pnp.pdf.fonts import BOLD, SANS
from pnp.pdf.marks import marked

# Three trackers fit one portrait A4 or Letter page, with room for the imposer's cut lines.
SIZE = (180 * MM, 80 * MM)
MAX_CELL = 13 * MM          # a coin's worth; bigger cells only spread the track out
ROW_GAP = 3.0
TAGS = {APPROVAL: "CqA", DISAPPROVAL: "CqD"}    # marked-content tags of the tracks' cells


def draw(board: Board, tracker: Tracker, canvas, frame: Frame) -> None:
    inner = frame.inset(8)
    head_h = 30.0
    foot_h = 26.0
    _head(board, tracker, canvas, Frame(inner.x, inner.top - head_h, inner.width, head_h))
    _foot(tracker, canvas, Frame(inner.x, inner.y, inner.width, foot_h))
    body_h = inner.height - head_h - foot_h - 8
    panel_h = (body_h - 6) / 2
    for k, colour in enumerate((APPROVAL, DISAPPROVAL)):
        top = inner.top - head_h - 4 - k * (panel_h + 6)
        _panel(tracker, colour, canvas, Frame(inner.x, top - panel_h, inner.width, panel_h))
    canvas.setStrokeGray(GREY)
    canvas.setLineWidth(0.4)
    mid = inner.top - head_h - 4 - panel_h - 3
    canvas.line(inner.x, mid, inner.right, mid)
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.8)
    canvas.setStrokeGray(0)
    canvas.roundRect(frame.x + 2, frame.y + 2, frame.width - 4, frame.height - 4, 6, stroke=1,
                     fill=0)


def _head(board: Board, tracker: Tracker, canvas, box: Frame) -> None:
    side_w = min(150.0, box.width * 0.33)
    text_in_box(canvas, tracker.player, box.x, box.y, box.width - side_w - 8, box.height, BOLD,
                20, 7)
    text_in_box(canvas, f"Token tracker · set {board.ident}\nStart: {tracker.start} of each "
                "colour", box.right - side_w, box.y, side_w, box.height, SANS, 8.5, 5,
                align="right")


def _foot(tracker: Tracker, canvas, box: Frame) -> None:
    how = ("Keep a coin or paperclip on your count and move it whenever you vote or take a pair "
           "back. You may remark only in an open circle: every member holds at least one approval "
           "and one disapproval token.")
    if tracker.style == "tens-units":
        how = ("Count = tens + units (23 = 20 on the tens row + 3 on the units row). " + how)
    text_in_box(canvas, how, box.x, box.y, box.width, box.height, SANS, 8, 5, valign="bottom")


def _panel(tracker: Tracker, colour: str, canvas, box: Frame) -> None:
    label_w = 64.0
    r = 9.0
    mark = approval_mark if colour == APPROVAL else disapproval_mark
    mark(canvas, box.x + r, box.top - r - 2, r)
    text_in_box(canvas, colour.capitalize(), box.x, box.y, label_w - 4, box.height - 2 * r - 6,
                BOLD, 10, 6, valign="top")
    low, high = getattr(tracker, colour)
    cells = Frame(box.x + label_w, box.y, box.width - label_w, box.height)
    tag = TAGS[colour]
    if tracker.style == "tens-units":
        tens = [(t, str(t)) for t in range(low, high + 1, 10)]
        units = [(u, str(u)) for u in range(10)]
        _rows(canvas, cells, [("tens", tag + "T", tens, tracker.start // 10 * 10),
                              ("units", tag + "U", units, tracker.start % 10)], "CqS" + tag[-1])
    else:
        counts = list(range(low, high + 1))
        per_row = -(-len(counts) // -(-len(counts) // 19))   # even rows of at most 19 cells
        rows = [("", tag, [(c, str(c)) for c in counts[i:i + per_row]], tracker.start)
                for i in range(0, len(counts), per_row)]
        _rows(canvas, cells, rows, "CqS" + tag[-1])


def _rows(canvas, box: Frame, rows: list[tuple[str, str, list[tuple[int, str]], int]],
          start_tag: str) -> None:
    """Rows of numbered cells, the start value's cell shaded and labelled.

    Each cell is marked (row tag, value) and each "start" label (start tag, value) so the
    validator can read back which counts a tracker shows and where it starts.
    """
    label_w = 30.0 if any(label for label, *_ in rows) else 0.0
    widest = max(len(cells) for _, _, cells, _ in rows)
    cell_w = min(MAX_CELL, (box.width - label_w) / widest)
    cell_h = min(MAX_CELL, (box.height - ROW_GAP * (len(rows) - 1)) / len(rows))
    for i, (label, tag, cells, start) in enumerate(rows):
        y = box.top - (i + 1) * cell_h - i * ROW_GAP
        if label:
            text_in_box(canvas, label, box.x, y, label_w - 3, cell_h, SANS, 8, 5, align="right")
        for k, (value, text) in enumerate(cells):
            x = box.x + label_w + k * cell_w
            is_start = value == start
            with marked(canvas, tag, value):
                canvas.setLineWidth(1.6 if is_start else 0.6)
                canvas.setStrokeGray(0)
                canvas.setFillGray(PALE)
                canvas.rect(x, y, cell_w, cell_h, stroke=1, fill=1 if is_start else 0)
                text_in_box(canvas, text, x + 1, y + cell_h * 0.3, cell_w - 2, cell_h * 0.62,
                            BOLD if is_start else SANS, 11, 4, align="center")
            if is_start:
                with marked(canvas, start_tag, value):
                    text_in_box(canvas, "start", x + 1, y + 1, cell_w - 2, cell_h * 0.28, SANS,
                                6, 3, align="center")
    canvas.setStrokeGray(GREY)
