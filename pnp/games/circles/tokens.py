"""Everything cut out besides the board and the rules card: markers, bead chits, blockers, goal
slips and the turn track.

Sizes are chosen so a set shares one sheet with its rules card (see ``card``): goal slips are
62 mm wide, so two stack beside the 125 mm card on A4 and Letter, and at most 58 mm tall, so in
landscape a row of them fits under it; markers are pointers the size of a space, set inside the
circle with the point on their space (which stays in view); bead chits and blockers are the largest marker's size (11 mm), so on most
boards every token is one size.
"""

from __future__ import annotations

from . import glyphs
from .board import SHAPES, Board
from .card_text import CALM_TURNS, TURN_LIMIT
from .layout import TOKEN, marker_side
from .rules import TEAM_PLAYERS, partners
from pnp.paper import MM, Frame
from pnp.i18n import _, ngettext, number
from pnp.pdf.fonts import (BOLD, MIN_TEXT_PT, SANS, draw_fitted, ensure_fonts, fit_size, page_rtl,
                            string_width)

SLIP_WIDTH = 62 * MM
SLIP_PAD = 3 * MM
BOX = 9.5 * MM            # a goal's shape box: room to draw a shape with a pencil
BOX_GAP = 1.5 * MM
ROW = BOX + 1.5 * MM      # goal rows
TITLE_PT = 9.0
SMALL_PT = 6.5
LABEL_PT = 7.5
HEADER = TITLE_PT + 3 + LABEL_PT + 6     # title line, then the color line, then a gap
LEGEND_ROW = 4.3 * MM     # a shape and its name, beside the goal rows
UNCLONED = 7 * MM         # the UnCloned line with its two examples
UNCLONED_BOX = 4.4 * MM


def token_size(board: Board) -> tuple[float, float]:
    """Markers fit the board's spaces, so a marker shows which space it is on."""
    side = marker_side(len(board.circles), board.arrangement,
                       max(len(c.spaces) for c in board.circles))
    return side, side


def chit_size() -> tuple[float, float]:
    return TOKEN, TOKEN


def _centre(frame: Frame) -> tuple[float, float, float]:
    return frame.x + frame.width / 2, frame.y + frame.height / 2, min(frame.width,
                                                                       frame.height) / 2


def draw_marker(number: int, canvas, frame: Frame) -> None:
    """A pointer: a numbered head and a point at the top edge. It sits inside its circle with the
    point touching the inner edge of its space, like a clock's hand, so the space's shape or
    colour (read by every player every turn) is never covered."""
    cx, cy, r = _centre(frame)
    head_r = r * 0.5
    hx, hy = cx, cy - r * 0.3               # the head low in the square, the point at its top
    tip = (cx, cy + r * 0.8)                # the stroke and its round join stay inside
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(1)
    canvas.setLineWidth(max(0.8, r * 0.09))
    canvas.setLineJoin(1)
    # the point: the two tangents from the tip to the head, then round the head's far side
    import math
    d = tip[1] - hy
    a = math.asin(head_r / d)
    left = (hx - head_r * math.cos(a), hy + head_r * math.sin(a))
    path = canvas.beginPath()
    path.moveTo(*tip)
    path.lineTo(*left)
    path.arcTo(hx - head_r, hy - head_r, hx + head_r, hy + head_r,
               startAng=180 - math.degrees(a), extent=180 + 2 * math.degrees(a))
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)
    glyphs.letter(canvas, str(number), hx, hy, head_r * 1.35, 0)
    canvas.restoreState()


def draw_bead(color: str, canvas, frame: Frame) -> None:
    """A bead chit: black is a solid disc marked -1, white an open disc marked +1."""
    cx, cy, r = _centre(frame)
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    canvas.setLineWidth(1.2)
    canvas.circle(cx, cy, r * 0.8, stroke=1, fill=1 if color == "black" else 0)
    glyphs.letter(canvas, "−1" if color == "black" else "+1", cx, cy, r * 0.62,
                  1 if color == "black" else 0)
    canvas.restoreState()


def draw_blocker(canvas, frame: Frame) -> None:
    """A Lockdown blocker: a stop-sign octagon, so it is never taken for a marker or bead."""
    cx, cy, r = _centre(frame)
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(r * 0.08)
    canvas.setLineJoin(1)
    glyphs.polygon(canvas, glyphs.regular(cx, cy, r * 0.92, 8, turn=22.5))
    ensure_fonts()
    canvas.setFillGray(0)
    # as wide as the octagon's flats allow, 6.2 pt on an 11 mm token (fit_size, not
    # draw_fitted: a proportional fit can overshoot by a rounding error and draw_fitted would
    # then cut the word to "BLO…")
    word = _("BLOCK")
    size = fit_size(word, BOLD, r * 0.5, r * 1.5, min_size=MIN_TEXT_PT)
    canvas.setFont(BOLD, size)
    canvas.drawCentredString(cx, cy - size * 0.36, word)
    canvas.restoreState()


def _rows_height(board: Board) -> float:
    """The goal rows, or the shapes legend beside them if that is taller."""
    return max(board.variants.goals * ROW, len(SHAPES) * LEGEND_ROW)


def slip_size(board: Board) -> tuple[float, float]:
    extra = UNCLONED if board.variants.uncloned else 0.0
    return SLIP_WIDTH, 2 * SLIP_PAD + HEADER + _rows_height(board) + extra


def _boxes(canvas, x: float, y: float, side: float, gap: float, shapes=(None, None, None),
           width: float = 0.8) -> float:
    """Three boxes in a row from (x, y) (bottom left), with shapes drawn in; returns the right end."""
    for k, name in enumerate(shapes):
        bx = x + k * (side + gap)
        canvas.setLineWidth(width)
        canvas.rect(bx, y, side, side, stroke=1, fill=0)
        if name:
            glyphs.shape(canvas, name, bx + side / 2, y + side / 2, side * 0.72, width=0.8)
    return x + 3 * side + 2 * gap


def _tick_box(canvas, x: float, base: float, label: str) -> float:
    """A box to tick and its label, on the text line at ``base``; returns the right end."""
    side = LABEL_PT
    canvas.setLineWidth(0.8)
    canvas.rect(x, base - 1, side, side, stroke=1, fill=0)
    label = _(label)
    canvas.drawString(x + side + 3, base, label)
    return x + side + 3 + string_width(label, SANS, LABEL_PT)


def draw_goal_slip(board: Board, player: int, canvas, frame: Frame) -> None:
    ensure_fonts()
    inner = frame.inset(SLIP_PAD)
    goals = board.variants.goals
    team = board.players == TEAM_PLAYERS
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    base = inner.top - TITLE_PT * 0.73
    title = ngettext("Secret goal", "Secret goals", goals)
    # the title at the start of the line and who it is for at its end: a right-to-left page
    # swaps them (not each within its own half)
    rtl = page_rtl()
    used = draw_fitted(canvas, title, inner.right if rtl else inner.x, base, inner.width * 0.5,
                       font=BOLD, size=TITLE_PT, align="right" if rtl else "left",
                       min_size=MIN_TEXT_PT, mirror=False)
    room = inner.width - string_width(title, BOLD, used) - 2 * MM
    whose = _("player {player} · board {ident}").format(player=number(player), ident=board.ident)
    draw_fitted(canvas, whose, inner.x if rtl else inner.right, base, room, size=SMALL_PT,
                align="left" if rtl else "right", min_size=MIN_TEXT_PT, mirror=False)
    base -= 3 + LABEL_PT
    canvas.setFont(SANS, LABEL_PT)
    label = _("Our color:") if team else _("My color:")
    canvas.drawString(inner.x, base, label)
    x = inner.x + string_width(label, SANS, LABEL_PT) + 4
    for color in ("black", "white"):
        x = _tick_box(canvas, x, base, color) + 6
    if team:
        side = next(s for s in partners(board.players) if player in s)
        mate = next(p for p in side if p != player)
        draw_fitted(canvas, _("partner: {mate}").format(mate=number(mate)), inner.right, base, inner.right - x, size=SMALL_PT,
                    align="right", min_size=MIN_TEXT_PT)
    top = inner.top - HEADER
    # goal rows on the left: a number, then three boxes to draw shapes in
    number_w = string_width("3", BOLD, LABEL_PT) + 4
    for row in range(goals):
        y = top - row * ROW - BOX
        canvas.setFont(BOLD, LABEL_PT)
        canvas.drawString(inner.x, y + BOX / 2 - LABEL_PT * 0.36, number(row + 1))
        end = _boxes(canvas, inner.x + number_w, y, BOX, BOX_GAP)
    # which shapes may be drawn, as they look on the board, beside the rows
    x = end + 3 * MM
    for k, name in enumerate(SHAPES):
        y = top - (k + 0.5) * LEGEND_ROW
        glyphs.shape(canvas, name, x + 4, y, 8, width=0.8)
        canvas.setFont(SANS, SMALL_PT)
        canvas.drawString(x + 10, y - SMALL_PT * 0.36, _(name))
    if board.variants.uncloned:
        y = top - _rows_height(board) - UNCLONED + 1.2 * MM
        mid = y + UNCLONED_BOX / 2 - SMALL_PT * 0.36
        canvas.setFont(BOLD, SMALL_PT)
        lead, no, yes = _("UnCloned:"), _("not"), _("fine")
        canvas.drawString(inner.x, mid, lead)
        x = inner.x + string_width(lead + " ", BOLD, SMALL_PT)
        canvas.setFont(SANS, SMALL_PT)
        canvas.drawString(x, mid, no)
        x = _boxes(canvas, x + string_width(no + " ", SANS, SMALL_PT), y, UNCLONED_BOX, 0,
                   ("square", "square", "circle"), width=0.6) + 2.5 * MM
        canvas.drawString(x, mid, yes)
        _boxes(canvas, x + string_width(yes + " ", SANS, SMALL_PT), y, UNCLONED_BOX, 0,
               ("square", "circle", "square"), width=0.6)
    canvas.restoreState()


# The turn track: a box for every TURNS_PER_BOX turns up to TURN_LIMIT, a pencil stroke a turn
# (a tally's five: four strokes and one across), TRACK_COLUMNS boxes to a row, each row numbered
# by its first turn; the boxes where the card's ending is in force are grey, so players see
# where it starts without counting (card_text.CALM_TURNS). A strip two boxes tall, so it fits
# under the token rows of every set on every paper (tests/games/circles/test_circles_layout.py)
# and adds no sheet.
TURNS_PER_BOX = 5
TRACK_COLUMNS = 20
TRACK_BOX = 5 * MM            # five strokes' room
TRACK_LABEL = 6 * MM          # a row's first turn ("101") at SMALL_PT
TRACK_GREY = 0.82             # light enough for a pencil stroke to show on it
TRACK_BOXES = -(-TURN_LIMIT // TURNS_PER_BOX)
TRACK_ROWS = -(-TRACK_BOXES // TRACK_COLUMNS)
TRACK_HEADER = TITLE_PT + 4   # the title; the card's house rules say how the track is kept
assert CALM_TURNS % TURNS_PER_BOX == 0 and TURN_LIMIT % TURNS_PER_BOX == 0   # grey from a box's start


def track_size() -> tuple[float, float]:
    return (2 * SLIP_PAD + TRACK_LABEL + TRACK_COLUMNS * TRACK_BOX,
            2 * SLIP_PAD + TRACK_HEADER + TRACK_ROWS * TRACK_BOX)


def draw_turn_track(canvas, frame: Frame) -> None:
    ensure_fonts()
    inner = frame.inset(SLIP_PAD)
    rtl = page_rtl()
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setFillGray(0)
    base = inner.top - TITLE_PT * 0.73
    draw_fitted(canvas, _("Turn track"), inner.x, base, inner.width, font=BOLD, size=TITLE_PT,
                min_size=MIN_TEXT_PT)
    top = inner.top - TRACK_HEADER
    canvas.setLineWidth(0.6)
    for box in range(TRACK_BOXES):
        row, col = divmod(box, TRACK_COLUMNS)
        # turns run the way the page's words do; the row's first turn before its first box
        offset = TRACK_LABEL + col * TRACK_BOX
        x = inner.right - offset - TRACK_BOX if rtl else inner.x + offset
        y = top - (row + 1) * TRACK_BOX
        first = box * TURNS_PER_BOX + 1
        canvas.setFillGray(TRACK_GREY if first > CALM_TURNS else 1)
        canvas.rect(x, y, TRACK_BOX, TRACK_BOX, stroke=1, fill=1)
        canvas.setFillGray(0)
        if first == CALM_TURNS + 1 and row == 0:     # where the card's "from turn 41" starts
            canvas.setFont(BOLD, SMALL_PT)
            canvas.drawCentredString(x + TRACK_BOX / 2, top + 1.5, number(first))
        if col == 0:
            canvas.setFont(SANS, SMALL_PT)
            mid = y + TRACK_BOX / 2 - SMALL_PT * 0.36
            if rtl:
                canvas.drawString(inner.right - TRACK_LABEL + 1, mid, number(first))
            else:
                canvas.drawRightString(inner.x + TRACK_LABEL - 1, mid, number(first))
    canvas.restoreState()
