"""A remark card, index-card size: the remark, the speaker's signature, and room for the votes.

Votes are real tokens laid on the card, so the card gives them a place; after the speaker
takes back approval-disapproval pairs, what is left is what the circle's tally counts.
"""

from __future__ import annotations

from pnp.games.base import Frame
from pnp.games.cliques.ink import (
    GREY, approval_mark, checkbox, disapproval_mark, text_in_box, write_line)
from pnp.games.cliques.model import Board
from pnp.pdf.fonts import BOLD, SANS

INCH = 72.0
# 3 x 5 inches, standing: four fit a portrait A4 or Letter page (two across, two down).
SIZE = (3 * INCH, 5 * INCH)

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
    text_in_box(canvas, "Remark in the circle of", f.x, f.top - 11, f.width * 0.62, 11, BOLD, 8.5,
                6, valign="top")
    text_in_box(canvas, f"{board.ident} · card {number}", f.x + f.width * 0.62, f.top - 11,
                f.width * 0.38, 11, SANS, 6.5, 4, align="right", valign="top")
    write_line(canvas, f.x, f.top - 28, f.width)
    # from the bottom up: reminders, outcome, the votes, the signature; the remark gets the rest
    text_in_box(canvas, "\n".join(f"• {r}" for r in REMINDERS), f.x, f.y, f.width, 56, SANS, 6.5,
                4.5, valign="bottom")
    _outcome(canvas, Frame(f.x, f.y + 60, f.width, 34))
    _votes(canvas, Frame(f.x, f.y + 98, f.width, 68))
    sign_y = f.y + 182
    write_line(canvas, f.x, sign_y, f.width)
    text_in_box(canvas, "signed by the speaker", f.x, sign_y - 10, f.width, 8, SANS, 6, 4,
                align="right", valign="top")
    canvas.setStrokeGray(GREY)
    canvas.setLineWidth(0.3)
    line = f.top - 28 - RULE
    while line > sign_y + RULE * 0.8:
        canvas.line(f.x, line, f.right, line)
        line -= RULE
    canvas.setStrokeGray(0)


RULE = 17.0    # writing lines, a little wider than ruled paper so a child's hand fits


def _votes(canvas, box: Frame) -> None:
    """Where the members lay their tokens: approvals on one side, disapprovals on the other,
    so the pairs the speaker takes back are easy to see."""
    half = (box.width - 6) / 2
    r = 6.0
    for k, mark in enumerate((approval_mark, disapproval_mark)):
        x = box.x + k * (half + 6)
        canvas.setLineWidth(0.8)
        canvas.setDash(3, 2)
        canvas.roundRect(x, box.y, half, box.height, 5, stroke=1, fill=0)
        canvas.setDash()
        mark(canvas, x + 4 + r, box.top - 4 - r, r)
        text_in_box(canvas, ("approval", "disapproval")[k] + " votes", x + 8 + 2 * r,
                    box.top - 4 - 2 * r, half - 12 - 2 * r, 2 * r, SANS, 7, 4.5)


def _outcome(canvas, box: Frame) -> None:
    """How the vote resolves, and what the speaker notes when it has."""
    text_in_box(canvas, "The speaker takes back each approval + disapproval pair. Any approval "
                "left: she joins the circle.", box.x, box.top - 18, box.width, 18, SANS, 6.5,
                4.5, valign="top")
    side = 8.0
    checkbox(canvas, box.x, box.y + 1, side)
    text_in_box(canvas, "joined", box.x + side + 3, box.y, 40, 10, SANS, 7, 5)
    text_in_box(canvas, "tokens left on card:", box.x + box.width * 0.3, box.y, box.width * 0.45,
                10, SANS, 7, 5, align="right")
    write_line(canvas, box.x + box.width * 0.78, box.y + 1, box.width * 0.22)
