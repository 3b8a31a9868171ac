"""A player's two vote cards: approval and disapproval, to choose in secret and reveal together.

The rules have each member "secretly choose" a token and all "reveal their chosen tokens
simultaneously". With a tracker keeping the tokens, a vote needs only a sign: each player holds
one approval and one disapproval card, lays one face down, and all turn them up at once. She
takes it back after the vote, so two cards last a game (a player casts one vote per remark).

Each card is a strip folded in half, print outside: the face above the fold, a back below it
drawn upside down so it reads upright on the folded card. The backs of a player's two cards are
identical, and with two layers of paper between face and back nothing shows through. The face
is marked (vote tag, 0 approval / 1 disapproval) for the validator.
"""

from __future__ import annotations

from shapely.geometry import LineString, box

from pnp.paper import Frame
from .board import Board
from .ink import GREY, approval_mark, disapproval_mark, text_in_box
from .rules import APPROVAL, COLOURS
from pnp.i18n import _
from pnp.pdf.fonts import BOLD, SANS
from .wording import colour_name
from pnp.pdf.marks import marked

TAG = "CqV"
HATCH = 4.0         # pt between the back's diagonal lines


def draw(board: Board, player: str, canvas, frame: Frame) -> None:
    half = frame.width / 2
    for k, colour in enumerate(COLOURS):
        card = Frame(frame.x + k * half, frame.y, half, frame.height)
        fold = card.y + card.height / 2
        with marked(canvas, TAG, k):
            _face(canvas, player, colour, Frame(card.x, fold, card.width, card.height / 2))
        _back(canvas, player, Frame(card.x, card.y, card.width, card.height / 2))
        _fold_line(canvas, card.x + 4, card.right - 4, fold)
    # the cut between the two cards, drawn as the imposer draws the cuts around pieces
    canvas.saveState()
    canvas.setLineWidth(0.4)
    canvas.setStrokeGray(GREY)
    canvas.setDash(3, 2)
    canvas.line(frame.x + half, frame.y + 1, frame.x + half, frame.top - 1)
    canvas.restoreState()


def _face(canvas, player: str, colour: str, box_: Frame) -> None:
    f = box_.inset(6)
    r = min(17.0, f.width / 4)
    mark = approval_mark if colour == APPROVAL else disapproval_mark
    mark(canvas, f.x + f.width / 2, f.top - r, r)
    word_h = 11.0
    text_in_box(canvas, colour_name(colour), f.x, f.top - 2 * r - 3 - word_h, f.width, word_h,
                BOLD, 9, 7, align="center")
    text_in_box(canvas, player, f.x, f.y, f.width, f.top - 2 * r - 5 - word_h - f.y, SANS, 7,
                align="center")


def _back(canvas, player: str, box_: Frame) -> None:
    """Diagonal hatching around a white label, upside down (it is folded behind the face)."""
    canvas.saveState()
    canvas.translate(box_.x + box_.width, box_.y + box_.height)
    canvas.rotate(180)
    f = Frame(0, 0, box_.width, box_.height).inset(4)
    label = Frame(f.x + 6, f.y + f.height * 0.22, f.width - 12, f.height * 0.56)
    area = box(f.x, f.y, f.right, f.top).difference(
        box(label.x - 2, label.y - 2, label.right + 2, label.top + 2))
    canvas.setStrokeGray(GREY)
    canvas.setLineWidth(0.6)
    c = -f.height
    while c < f.width:
        seg = area.intersection(LineString([(f.x + c, f.y), (f.x + c + f.height, f.top)]))
        for part in getattr(seg, "geoms", [seg]):
            if not part.is_empty and part.length > 0:
                (x0, y0), (x1, y1) = part.coords[0], part.coords[-1]
                canvas.line(x0, y0, x1, y1)
        c += HATCH * 1.414
    text_in_box(canvas, player, label.x, label.y + label.height / 2, label.width,
                label.height / 2, BOLD, 7, valign="bottom", align="center")
    text_in_box(canvas, _("Cliques vote card"), label.x, label.y, label.width, label.height / 2,
                SANS, 6, align="center", valign="top")
    canvas.restoreState()


def _fold_line(canvas, x0: float, x1: float, y: float) -> None:
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0)
    canvas.setDash(1, 2)
    canvas.line(x0, y, x1, y)
    canvas.restoreState()

