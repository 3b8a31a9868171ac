"""The score sheet: who belongs to which circle, the tokens on each circle's remarks, the scores.

One page for the whole table. Membership and scores share one grid: a player ticks a circle's box
on joining, and at the end writes that circle's total in each ticked box and adds across the row
("for each circle of which a player is a member, she adds ... the total number of tokens on all
remarks made within the circle"). A landscape page puts the grid and the tally side by side.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import Advice, OptionsError
from . import wording
from .ink import GREY, MIN_TEXT, PALE, beside, block_height, checkbox, fits, text_in_box
from pnp.paper import MM, Frame
from .board import Board
from .rules_card import START_TAG
from .rules import MAX_PLAYERS
from pnp.i18n import _, current
from pnp.pdf.fonts import BOLD, SANS, string_width
from pnp.pdf.marks import marked
from pnp.i18n.message import Message

GAP = 10.0            # between sections
TITLE = 13.0          # a section's heading line
MAX_ROW = 30.0        # taller rows only waste paper
COMFORTABLE_ROW = 20.0  # about 7 mm: a pencilled number fits with room to spare
SCORE_COL = 50.0
SECTION_HEAD = 39.0   # a section's title and how-to lines
TALLY_HEAD = 14.0
HEAD_MAX = 74.0       # upright circle names longer than this shrink
HEADER_H = 72.0       # the title, and four lines of rules under it at 9 pt (more at 7)
# A tally row has at least MIN_TALLY_BOXES boxes and the tally SPARE_ROWS spare rows: in
# simulated play by players who crack codes (bench/cliques_remarks.py) 9 in 10 games of up to
# 12 players then need no more spare rows than that for circles whose row is full.
MIN_TALLY_BOXES = 9
MIN_CIRCLE_COL = 20.0  # a checkbox and room around it
NAME_SIZE = 7.5       # long names get a wider name column, up to one line at this size
SPARE_ROWS = 3


@dataclass(frozen=True)
class Plan:
    """Where the sheet's parts go on a frame."""

    header: Frame
    example: Frame
    membership: Frame
    tally: Frame
    notes: Frame


def plan(board: Board, frame: Frame) -> Plan:
    frame = frame.inset(1.5)    # the heaviest rule (1.4 pt) is stroked on the edge; keep it in
    n = len(board.players)
    top = frame.top - HEADER_H
    header = Frame(frame.x, top, frame.width, HEADER_H)
    example_h = 64.0 if frame.width < 600 else 50.0
    example = Frame(frame.x, frame.y, frame.width, example_h)
    body = Frame(frame.x, frame.y + example_h + GAP, frame.width,
                 top - GAP - frame.y - example_h - GAP)
    # stacked, both tables get the same row height (the grid has n players + a totals row, the
    # tally n circles + spare rows)
    fixed = 2 * SECTION_HEAD + _header_height(board, body.width) + TALLY_HEAD + GAP
    row = min(MAX_ROW, (body.height - fixed) / (2 * n + 1 + SPARE_ROWS))
    if row < COMFORTABLE_ROW and body.width > body.height:
        # a landscape page too short to stack them: grid and tally side by side
        left_w = body.width * 0.53     # the tally keeps MIN_TALLY_BOXES boxes on Letter
        right = Frame(body.x + left_w + GAP / 2, body.y, body.width - left_w - GAP / 2,
                      body.height)
        row = min(MAX_ROW, (right.height - SECTION_HEAD - TALLY_HEAD) / (n + SPARE_ROWS))
        tally_h = SECTION_HEAD + TALLY_HEAD + (n + SPARE_ROWS) * row
        return Plan(header, example, Frame(body.x, body.y, left_w - GAP / 2, body.height),
                    Frame(right.x, right.top - tally_h, right.width, tally_h),
                    Frame(right.x, right.y, right.width, right.height - tally_h - GAP))
    grid_h = SECTION_HEAD + _header_height(board, body.width) + (n + 1) * row
    tally_h = SECTION_HEAD + TALLY_HEAD + (n + SPARE_ROWS) * row
    tally_y = body.top - grid_h - GAP - tally_h
    return Plan(header, example, Frame(body.x, body.top - grid_h, body.width, grid_h),
                Frame(body.x, tally_y, body.width, tally_h),
                Frame(body.x, body.y, body.width, tally_y - GAP - body.y))


class Unfit(OptionsError):
    """The page is too short for a row per player at the smallest text pnp prints."""


def row_heights(board: Board, parts: Plan) -> tuple[float, float]:
    """The membership grid's and the tally's row heights on this plan (as drawn below)."""
    return _grid_row(board, parts.membership), _tally_row(board, parts.tally)


def _grid_row(board: Board, frame: Frame) -> float:
    below_title = frame.top - SECTION_HEAD
    return min(MAX_ROW, (below_title - _header_height(board, frame.width) - frame.y)
               / (len(board.players) + 1))


def _tally_row(board: Board, frame: Frame) -> float:
    below_title = frame.top - SECTION_HEAD
    return min(MAX_ROW, (below_title - TALLY_HEAD - frame.y) / (len(board.players) + SPARE_ROWS))


TOO_MANY_ROWS = Message("A score sheet for {n} players does not fit this page: make {page_margin_mm} "
                        "smaller, choose portrait in {page_orientation} or a larger {page_size}, or "
                        "give fewer {players}.")


def fitted_plan(board: Board, frame: Frame) -> Plan:
    """The plan, or Unfit when a row could not hold a name at the smallest text size."""
    parts = plan(board, frame)
    least = block_height(1, MIN_TEXT) + 2           # a name's line and its 1 pt above and below
    if min(row_heights(board, parts)) < least - 1e-9:
        raise Unfit(f"a Cliques score sheet for {len(board.players)} players needs more height than "
                    f"this page has inside its margins ({frame.width / MM:.0f} x "
                    f"{frame.height / MM:.0f} mm): use smaller margins, portrait, a larger page "
                    "or fewer players",
                    Advice(("players",), ("page.margin_mm", "page.orientation", "page.size"),
                           TOO_MANY_ROWS, (("n", len(board.players)),)))
    return parts


def draw(board: Board, canvas, frame: Frame) -> None:
    parts = fitted_plan(board, frame)
    _header(board, canvas, parts.header)
    _examples(board, canvas, parts.example)
    _membership(board, canvas, parts.membership)
    _tally(board, canvas, parts.tally)
    _notes(canvas, parts.notes)


def _header(board: Board, canvas, frame: Frame) -> None:
    """Title, the rule's numbers, and the rules the sheet itself relies on."""
    y = frame.top
    tag_w = min(150.0, frame.width * 0.3)
    title_w = frame.width - tag_w
    text_in_box(canvas, _("Cliques — score sheet"), beside(frame.x, frame.width, frame.x, title_w),
                y - 22, title_w, 22, BOLD, 17, 10)
    tag = _("Set {ident} · {players}").format(ident=board.ident,
                                              players=wording.players(len(board.players)))
    text_in_box(canvas, tag, beside(frame.x, frame.width, frame.right - tag_w, tag_w), y - 22,
                tag_w, 22, SANS, 9, align="right")
    # the source draws the starter for each game: the sheet leaves her to be drawn at the table
    line = wording.start(board.start) + current().sentence_gap + wording.paragraph(wording.FIRST_BLANK, wording.TURN, wording.OPEN, wording.END)
    with marked(canvas, START_TAG, board.start):
        text_in_box(canvas, line, frame.x, frame.y, frame.width, frame.height - 24, SANS, 9, 7,
                    valign="top")


def _header_height(board: Board, width: float) -> float:
    """Circle names stand upright above narrow columns: as tall as the longest name needs."""
    if not _rotated_heads(board, width):
        return 30.0
    longest = max(string_width(c.founder, BOLD, 9) for c in board.circles)
    return max(30.0, min(HEAD_MAX, longest + 8))


def _rotated_heads(board: Board, width: float) -> bool:
    """Upright names over narrow columns, or when a name would not fit across its column."""
    circle_w = _circle_width(board, width)
    return circle_w < 50 or not all(fits(c.founder, circle_w - 4, 26, BOLD, 9)
                                    for c in board.circles)


def _name_width(board: Board, width: float) -> float:
    """The name column: a fifth of the width, wider for long names (one line at NAME_SIZE) as
    long as the tally keeps MIN_TALLY_BOXES boxes and each circle MIN_CIRCLE_COL."""
    base = max(70.0, min(130.0, width * 0.2))
    wanted = max(string_width(name, BOLD, NAME_SIZE) for name in board.players) + 8
    most = min(width - SCORE_COL - MIN_TALLY_BOXES * _box_width(width),
               width - SCORE_COL - len(board.players) * MIN_CIRCLE_COL)
    return max(base, min(wanted, most))


def _circle_width(board: Board, width: float) -> float:
    return (width - _name_width(board, width) - SCORE_COL) / len(board.players)


def _section_title(canvas, frame: Frame, title: str, note: str) -> float:
    """Heading and one or two lines of how-to; returns the y below them."""
    text_in_box(canvas, title, frame.x, frame.top - TITLE, frame.width, TITLE, BOLD, 11, 7,
                valign="top")
    text_in_box(canvas, note, frame.x, frame.top - TITLE - 24, frame.width, 22, SANS, 8,
                valign="top")
    return frame.top - SECTION_HEAD


def _membership(board: Board, canvas, frame: Frame) -> None:
    n = len(board.players)
    y = _section_title(canvas, frame, _("Circles and members"),
                       _("Tick a box when a player joins that circle (filled = founder); she stays "
                         "a member for the rest of the game. At the end, write each circle's total "
                         "in its members' ticked boxes and add across: that is the player's score.")
                       + current().sentence_gap
                       + wording.house_rule(wording.TIE))
    name_w, circle_w = _name_width(board, frame.width), _circle_width(board, frame.width)
    head_h = _header_height(board, frame.width)
    rotated = _rotated_heads(board, frame.width)
    row = _grid_row(board, frame)
    x0 = frame.x + name_w
    # column heads: circles named after their founders
    text_in_box(canvas, _("circle of →"), frame.x + 2, y - head_h + 2, name_w - 4, head_h - 4,
                SANS, 8, align="right", valign="bottom")
    for j, circle in enumerate(board.circles):
        cx = x0 + j * circle_w
        with marked(canvas, "CqC", j):
            if rotated:
                # above the grid no line separates the heads: they may use nearly the whole
                # column (three lines at 6 pt in a 20 pt column for the longest names)
                _rotated(canvas, circle.founder, cx + circle_w / 2, y - head_h + 3, head_h - 6,
                         circle_w - 1)
            else:
                text_in_box(canvas, circle.founder, cx + 2, y - head_h + 2, circle_w - 4,
                            head_h - 4, BOLD, 9, align="center", valign="bottom")
    text_in_box(canvas, _("Score"), x0 + n * circle_w + 2, y - head_h + 2, SCORE_COL - 4, head_h - 4,
                BOLD, 9, align="center", valign="bottom")
    grid_top = y - head_h
    for i, name in enumerate(board.players):
        ry = grid_top - (i + 1) * row
        if i % 2:
            canvas.setFillGray(0.95)
            canvas.rect(frame.x, ry, name_w + n * circle_w + SCORE_COL, row, stroke=0, fill=1)
        text_in_box(canvas, name, frame.x + 3, ry + 1, name_w - 6, row - 2, BOLD, 10)
        for j, circle in enumerate(board.circles):
            side = min(9.0, row * 0.4, circle_w * 0.3)
            box = (x0 + j * circle_w + 2.5, ry + row - side - 2.5, side)
            if name in circle.members:     # pre-marked: the founder (see check_drawn)
                with marked(canvas, "CqF", i * MAX_PLAYERS + j):
                    checkbox(canvas, *box, ticked=True)
            else:
                checkbox(canvas, *box)
    totals_y = grid_top - (n + 1) * row
    canvas.setFillGray(PALE)
    canvas.rect(frame.x, totals_y, name_w + n * circle_w, row, stroke=0, fill=1)
    text_in_box(canvas, _("Circle total (from the tally)"), frame.x + 3, totals_y + 1, name_w - 6,
                row - 2, SANS, 8)
    _grid(canvas, frame.x, grid_top, [name_w] + [circle_w] * n + [SCORE_COL], n + 1, row)


def _rotated(canvas, text: str, x: float, y: float, length: float, thickness: float) -> None:
    """Text reading upwards from (x, y), within ``length`` along and ``thickness`` across."""
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(90)
    text_in_box(canvas, text, 0, -thickness / 2, length, thickness, BOLD, 9, valign="middle")
    canvas.restoreState()


def _grid(canvas, x: float, top: float, widths: list[float], rows: int, row: float) -> None:
    canvas.setStrokeGray(0)
    canvas.setLineWidth(0.6)
    total = sum(widths)
    for r in range(rows + 1):
        canvas.line(x, top - r * row, x + total, top - r * row)
    cx = x
    for w in [0.0] + widths:
        cx += w
        canvas.line(cx, top, cx, top - rows * row)
    # the name and score columns are what people read first: frame them more firmly
    canvas.setLineWidth(1.4)
    canvas.rect(x, top - rows * row, total, rows * row, stroke=1, fill=0)


def _tally(board: Board, canvas, frame: Frame) -> None:
    n = len(board.players)
    y = _section_title(canvas, frame, _("Tokens on remarks, circle by circle"),
                       _("After each remark, add the tokens left on its card (approval + "
                         "disapproval) to the circle's last number and write the new total in the "
                         "next box. Full row? Carry on in a spare row at the bottom: write the "
                         "circle's name first."))
    name_w = _name_width(board, frame.width)
    head_h = TALLY_HEAD
    rows = n + SPARE_ROWS
    row = _tally_row(board, frame)
    boxes = tally_boxes(board, frame.width)
    box_w = (frame.width - name_w - SCORE_COL) / boxes
    x0 = frame.x + name_w
    text_in_box(canvas, _("circle of ↓"), frame.x + 2, y - head_h, name_w - 4, head_h, SANS, 8)
    text_in_box(canvas, _("running total after each remark →"), x0 + 2, y - head_h,
                boxes * box_w - 4, head_h, SANS, 7.5)
    text_in_box(canvas, _("Total"), x0 + boxes * box_w + 2, y - head_h, SCORE_COL - 4, head_h,
                BOLD, 9, align="center")
    top = y - head_h
    for i, circle in enumerate(board.circles):
        ry = top - (i + 1) * row
        text_in_box(canvas, circle.founder, frame.x + 3, ry + 1, name_w - 6, row - 2, BOLD, 10)
    canvas.setFillGray(PALE)
    canvas.rect(frame.x, top - rows * row, name_w, SPARE_ROWS * row, stroke=0, fill=1)
    canvas.setStrokeGray(GREY)
    _grid(canvas, frame.x, top, [name_w] + [box_w] * boxes + [SCORE_COL], rows, row)


def _box_width(width: float) -> float:
    return 34.0 if width > 500 else 24.0      # 24 pt: still room for three pencilled digits


def tally_boxes(board: Board, width: float) -> int:
    return int((width - _name_width(board, width) - SCORE_COL) // _box_width(width))


def example_names(players: tuple[str, ...]) -> tuple[str, str, str]:
    """The three shortest names, shortest first: the worked example repeats them often, and
    long names would shrink it past reading."""
    a, b, c = sorted(players, key=len)[:3]      # a stable sort: ties keep seating order
    return a, b, c


def _examples(board: Board, canvas, frame: Frame) -> None:
    a, b, c = example_names(board.players)
    canvas.setLineWidth(0.6)
    canvas.setStrokeGray(0)
    canvas.setDash(2, 2)
    canvas.rect(frame.x, frame.y, frame.width, frame.height, stroke=1, fill=0)
    canvas.setDash()
    inner = frame.inset(5)
    text = _("How it adds up. Say {c} has joined {a}'s circle, and {b} remarks there. If "
             "{a} votes approval and {c} disapproval, {b} takes that pair back: the card is left "
             "empty, {b} does not join and {a}'s circle adds 0. Had both approved, 2 approval "
             "tokens stay on the card: {b} joins and the circle adds 2.\n"
             "At the end, {a}'s circle has 9 tokens on its remarks and {b}'s has 5; {a} belongs to "
             "both, so {a} scores 9 + 5 = 14.").format(a=a, b=b, c=c)
    text_in_box(canvas, text, inner.x, inner.y, inner.width, inner.height, SANS, 8.5)


def _notes(canvas, frame: Frame) -> None:
    """Leftover space becomes a place to write down what each circle's secret seems to be."""
    if frame.height < 40:
        return
    text_in_box(canvas, _("Notes: what does each circle seem to want?"), frame.x, frame.top - 12,
                frame.width, 12, BOLD, 9, valign="top")
    canvas.setStrokeGray(GREY)
    canvas.setLineWidth(0.3)
    y = frame.top - 12 - 18
    while y > frame.y:
        canvas.line(frame.x, y, frame.right, y)
        y -= 18
    canvas.setStrokeGray(0)
