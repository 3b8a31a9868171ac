"""Where each part of a CliqueR piece goes, as pure functions of (board, frame).

The validator recomputes from the attached data and a piece's recorded frame exactly where every
dot must be (``square_for``), so nothing here may depend on anything but those two.

Pieces:

- a **page** (play board or worksheet): a header (title, figures, code; a worksheet adds a
  Name/Class/Date line) above the square, the words beside or below it; when the square is too
  tall for the header above it (a 170 mm board on a landscape page), the square takes the top
  left corner and the header heads the column beside it;
- a **card** (``half``, ``quarter``): a card, the square at the top, the whole rule below; two
  or four to a sheet on A4 and Letter in either orientation (10 mm margins). Its size is the
  least that paper gives it: a sheet of cards spreads them over its content area
  (``pnp.pdf.impose``), so a card is laid out in whatever frame it gets, and a card wide enough
  puts the rule beside its square;
- an **answer key**: a fixed-size card, four to a portrait sheet.

A square that cannot fit is refused (``Unfit``); ``sheet.settled`` adds the largest side whose
words fit too, found by trying.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import OptionsError
from pnp.paper import MM, Frame

HEADER_MM = 21          # title, board figures, code
NAME_LINE_MM = 11       # worksheet: Name, Class, Date
GAP_MM = 5              # between the square and the words
COLUMN_MIN_MM = 60      # the narrowest column of words beside a square
# the least room under a square for all its words (a worksheet's questions and how-to box)
BELOW_MIN_MM = {"board": 50, "worksheet": 150}

CARD_PAD_MM = 3.5       # ink stays this far inside a card's cut lines
CARD_GAP_MM = 2.5        # between a card's square and its words
CARD_COLUMN_MIN_MM = 45  # the narrowest column of words beside a card's square
# Card sizes: 2 (half) or 4 (quarter) fit the content area (page less 10 mm margins and the 6 mm
# footer band) of A4 and Letter in both orientations, and never one more: half needs
# 98 < w <= 129.7 and 92 < h <= 126.7; quarter needs 92.4 < w <= 95 and 90.4 < h <= 92.
CARD_MM = {"half": (128.0, 126.0), "quarter": (94.0, 91.0)}
# the largest squares whose card keeps the whole rule at 6 pt or more (the spec's default
# size_mm for half and quarter boards: item.py reads it from here)
REDUCED_SIDE_MM = {"half": 96, "quarter": 60}
KEY_CARD_MM = (86.0, 126.0)     # four to a portrait sheet (A4, Letter), three to a landscape one
KEY_SIDE_MM = 76.0              # the key's square, whatever the board's side
KEY_TITLE_MM = 6


class Unfit(OptionsError):
    """A piece that cannot be laid out on the paper it was given (its advice, where it has one,
    names the fields to change for a page)."""


@dataclass(frozen=True)
class PageLayout:
    square: Frame
    header: Frame | None       # above the square; None: the header heads the first region
    name_line: Frame | None    # worksheets: Name / Class / Date
    regions: tuple[Frame, ...]  # where the words flow, in order


@dataclass(frozen=True)
class CardLayout:
    square: Frame
    text: Frame


def is_card(board) -> bool:
    """Half and quarter play boards are cards; a worksheet is always a page."""
    return board.size != "page" and not board.worksheet


EDGE_INK_MM = 0.5      # a page's parts stay this far inside its frame (strokes are centred on edges)


def page_layout(board, frame: Frame) -> PageLayout:
    outer, frame = frame, frame.inset(EDGE_INK_MM * MM)
    side = board.side_mm * MM
    what = "worksheet" if board.worksheet else "board"
    top = (HEADER_MM + (NAME_LINE_MM if board.worksheet else 0)) * MM
    gap, column_min = GAP_MM * MM, COLUMN_MIN_MM * MM
    beside = frame.width - side - gap >= column_min
    if side <= frame.width and side + top <= frame.height and \
            (beside or frame.height - top - side - gap >= BELOW_MIN_MM[what] * MM):
        header = Frame(frame.x, frame.top - HEADER_MM * MM, frame.width, HEADER_MM * MM)
        name = Frame(frame.x, header.y - NAME_LINE_MM * MM, frame.width, NAME_LINE_MM * MM) \
            if board.worksheet else None
        x = frame.x if beside else frame.x + (frame.width - side) / 2
        square = Frame(x, frame.top - top - side, side, side)
        regions = []
        below = square.y - gap - frame.y
        if beside and below < BELOW_MIN_MM[what] * MM:
            # little room under the square (landscape): the column runs down to the bottom
            regions.append(Frame(square.right + gap, frame.y, frame.right - square.right - gap,
                                 frame.top - top - frame.y))
        else:
            if beside:
                regions.append(Frame(square.right + gap, square.y, frame.right - square.right - gap, side))
            if below > 0:
                regions.append(Frame(frame.x, frame.y, frame.width, below))
        return PageLayout(square, header, name, tuple(regions))
    if side <= frame.height and beside:
        square = Frame(frame.x, frame.top - side, side, side)
        column = Frame(square.right + gap, frame.y, frame.right - square.right - gap, frame.height)
        return PageLayout(square, None, None, (column,))
    raise Unfit(f"a {what} with a {board.side_mm:g} mm square does not fit this paper "
                f"({outer.width / MM:.0f} x {outer.height / MM:.0f} mm inside the margins)")


def card_size(board) -> tuple[float, float]:
    """A card's size in points: the size's card, grown only for a square larger than its own."""
    w, h = CARD_MM[board.size]
    grow = max(0.0, board.side_mm - REDUCED_SIDE_MM[board.size])
    return (max(w, board.side_mm + 2 * CARD_PAD_MM) * MM, (h + grow) * MM)


def card_layout(board, frame: Frame) -> CardLayout:
    """The square at the top of the card, centred, the words below it; on a card grown wide
    (a half card on a portrait page, a quarter card on a landscape one), the square at the top
    left and the words in a column beside it, down to the card's foot."""
    side = board.side_mm * MM
    inner = frame.inset(CARD_PAD_MM * MM)
    gap = CARD_GAP_MM * MM
    if inner.width - side - gap >= CARD_COLUMN_MIN_MM * MM:
        square = Frame(inner.x, inner.top - side, side, side)
        return CardLayout(square, Frame(square.right + gap, inner.y, inner.right - square.right - gap,
                                        inner.height))
    square = Frame(frame.x + (frame.width - side) / 2, inner.top - side, side, side)
    return CardLayout(square, Frame(inner.x, inner.y, inner.width, square.y - gap - inner.y))


def key_size() -> tuple[float, float]:
    return KEY_CARD_MM[0] * MM, KEY_CARD_MM[1] * MM


def key_layout(frame: Frame) -> CardLayout:
    side = KEY_SIDE_MM * MM
    inner = frame.inset(CARD_PAD_MM * MM)
    top = inner.top - KEY_TITLE_MM * MM
    square = Frame(frame.x + (frame.width - side) / 2, top - side, side, side)
    return CardLayout(square, Frame(inner.x, inner.y, inner.width, square.y - CARD_GAP_MM * MM - inner.y))


def square_for(piece: str, board, frame: Frame) -> Frame | None:
    """Where a piece prints the board's square (None: the piece shows no dots)."""
    if piece == "board":
        return card_layout(board, frame).square if is_card(board) else page_layout(board, frame).square
    if piece == "answer-key":
        return key_layout(frame).square
    return None
