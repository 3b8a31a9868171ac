"""A remark card, index-card size: the remark, the speaker's signature, and room for the votes.

Votes are real tokens laid on the card, so the card gives them a place; after the speaker
takes back approval-disapproval pairs, what is left is what the circle's tally counts.
"""

from __future__ import annotations

from pnp.paper import Frame
from pnp.games.cliques.ink import (
    GREY, approval_mark, checkbox, disapproval_mark, text_in_box, write_line)
from pnp.games.cliques.board import Board
from pnp.pdf.fonts import BOLD, SANS

INCH = 72.0
# 3 x 5 inches, lying down as index cards are written on. The imposer does not turn pieces, and
# lying down they pack 3 to a portrait and 4 to a landscape page on both A4 and Letter; standing
# they would fit only 2 to a portrait Letter page inside the default margins.
SIZE = (5 * INCH, 3 * INCH)
RULE = 17.0       # writing lines, a little wider than ruled paper so a child's hand fits

REMINDERS = (
    "Open circle: you may remark here only if every member holds at least one approval and one "
    "disapproval token.",
    "Duplicate: a member who thinks this repeats, or tries to repeat, a remark already approved "
    "in this circle must vote disapproval.",
    "Silence from the moment the remark is shown until every vote is revealed.",
)


def draw(board: Board, number: int, canvas, frame: Frame) -> None:
    f = frame.inset(9)
    canvas.setStrokeGray(0)
    side_w = f.width * 0.4          # the votes column
    left_w = f.width - side_w - 10
    label = "Remark in the circle of"
    text_in_box(canvas, label, f.x, f.top - 12, 112, 12, BOLD, 8.5, 6, valign="bottom")
    write_line(canvas, f.x + 114, f.top - 12, left_w - 114)
    text_in_box(canvas, f"{board.ident} · card {number}", f.right - side_w, f.top - 12, side_w, 12,
                SANS, 6.5, 4, align="right", valign="bottom")
    reminders_h = 34.0
    body = Frame(f.x, f.y + reminders_h + 6, f.width, f.height - 12 - reminders_h - 10)
    _remark(canvas, Frame(body.x, body.y, left_w, body.height))
    _votes(canvas, Frame(body.right - side_w, body.y + 30, side_w, body.height - 30))
    _outcome(canvas, Frame(body.right - side_w, body.y, side_w, 26))
    text_in_box(canvas, "\n".join(f"• {r}" for r in REMINDERS), f.x, f.y, f.width, reminders_h,
                SANS, 6.5, 4.5, valign="bottom")


def _remark(canvas, box: Frame) -> None:
    """Faint rules to write the remark on, and the speaker's signature under them."""
    sign_y = box.y + 12
    canvas.setStrokeGray(GREY)
    canvas.setLineWidth(0.3)
    line = box.top - RULE
    while line > sign_y + RULE * 0.8:
        canvas.line(box.x, line, box.right, line)
        line -= RULE
    canvas.setStrokeGray(0)
    write_line(canvas, box.x, sign_y, box.width)
    text_in_box(canvas, "signed by the speaker", box.x, box.y, box.width, 9, SANS, 6, 4,
                align="right", valign="top")


def _votes(canvas, box: Frame) -> None:
    """Where the members lay their tokens: approvals in one place, disapprovals in another, so
    the pairs the speaker takes back are easy to see."""
    gap = 4.0
    zone_h = (box.height - gap) / 2
    r = 6.0
    for k, mark in enumerate((approval_mark, disapproval_mark)):
        y = box.top - (k + 1) * zone_h - k * gap
        canvas.setLineWidth(0.8)
        canvas.setDash(3, 2)
        canvas.roundRect(box.x, y, box.width, zone_h, 5, stroke=1, fill=0)
        canvas.setDash()
        mark(canvas, box.x + 4 + r, y + zone_h - 4 - r, r)
        text_in_box(canvas, ("approval", "disapproval")[k] + " votes", box.x + 8 + 2 * r,
                    y + zone_h - 4 - 2 * r, box.width - 12 - 2 * r, 2 * r, SANS, 7, 4.5)


def _outcome(canvas, box: Frame) -> None:
    """How the vote resolves, and what is noted once it has."""
    text_in_box(canvas, "Speaker takes back approval + disapproval pairs; any approval left: "
                "she joins.", box.x, box.top - 14, box.width, 14, SANS, 6, 4.5, valign="top")
    side = 8.0
    checkbox(canvas, box.x, box.y + 1, side)
    text_in_box(canvas, "joined", box.x + side + 3, box.y, 28, 10, SANS, 7, 5)
    text_in_box(canvas, "tokens left:", box.x + 40, box.y, 44, 10, SANS, 7, 5, align="right")
    write_line(canvas, box.x + 86, box.y + 1, box.width - 86)
