"""A remark card: the circle, the remark, the speaker's signature, and what the vote left on it.

The votes are shown with vote cards and counted on trackers, so the card only notes them: how
many approvals and disapprovals, the tokens left once the speaker has taken back her pairs (they
are what the circle's tally adds) and whether she joined. Any index card or slip of paper does
the same job (the rules card says so).
"""

from __future__ import annotations

from pnp.paper import Frame
from .ink import (
    GREY, approval_mark, block_height, checkbox, disapproval_mark, text_in_box, write_line)
from .board import Board
from .sizes import REMARK_CARD
from pnp.i18n import N_, _
from pnp.i18n import number as number_of
from pnp.pdf.fonts import BOLD, SANS, string_width

SIZE = REMARK_CARD
RULE = 16.0       # writing lines, about 5.6 mm apart: a child's hand fits
# what the table needs in front of it while voting and resolving (the rules card says it all)
REMINDER = N_("Every member votes, the speaker too if already a member; in silence, revealed "
              "together. A member who believes the remark repeats one approved here must "
              "disapprove. Approval + disapproval pairs go back to the speaker; any approval left: "
              "she joins.")
REMINDER_LINES = 4


def draw(board: Board, number: int, canvas, frame: Frame) -> None:
    f = frame.inset(9)
    canvas.setStrokeGray(0)
    head_h = 12.0
    label = _("Remark in the circle of")
    label_w = string_width(label, BOLD, 7.5) + 3
    tag = _("set {ident} · card {n}").format(ident=board.ident, n=number_of(number))
    tag_w = string_width(tag, SANS, 6) + 2
    text_in_box(canvas, label, f.x, f.top - head_h, label_w, head_h, BOLD, 7.5,
                valign="bottom")
    write_line(canvas, f.x + label_w + 1, f.top - head_h + 1, f.width - label_w - 1)
    foot_h = 17 + block_height(REMINDER_LINES, 6)
    sign_y = f.y + foot_h + 10
    # faint rules to write the remark on, evenly down to the signature line
    canvas.setStrokeGray(GREY)
    canvas.setLineWidth(0.3)
    gap = f.top - head_h - sign_y
    rules = max(1, round(gap / RULE))
    for i in range(1, rules):
        line = f.top - head_h - i * gap / rules
        canvas.line(f.x, line, f.right, line)
    canvas.setStrokeGray(0)
    text_in_box(canvas, _("signed"), f.x, sign_y, 24, 9, SANS, 6.5, valign="bottom")
    write_line(canvas, f.x + 25, sign_y + 1, f.width - 25 - tag_w - 6)
    text_in_box(canvas, tag, f.right - tag_w, sign_y, tag_w, 9, SANS, 6, align="right",
                valign="bottom")
    _result(canvas, Frame(f.x, f.y, f.width, foot_h))


def _result(canvas, box: Frame) -> None:
    """What the vote left: counts of each colour, the tokens left, whether the speaker joined."""
    reminder_h = block_height(REMINDER_LINES, 6)
    text_in_box(canvas, _(REMINDER), box.x, box.y, box.width, reminder_h, SANS, 6, valign="bottom")
    y = box.y + reminder_h + 2
    h = 14.0
    r = 5.0
    x = box.x
    for mark in (approval_mark, disapproval_mark):
        mark(canvas, x + r, y + h / 2, r)
        write_line(canvas, x + 2 * r + 2, y + 2, 22)
        x += 2 * r + 28
    left = _("tokens left")
    left_w = string_width(left, SANS, 7) + 2
    text_in_box(canvas, left, x, y, left_w, h, SANS, 7, valign="bottom")
    write_line(canvas, x + left_w + 1, y + 2, 20)
    x += left_w + 27
    side = 7.5
    checkbox(canvas, x, y + 2, side)
    text_in_box(canvas, _("joined"), x + side + 2, y, box.right - x - side - 2, h, SANS, 7,
                valign="bottom")
