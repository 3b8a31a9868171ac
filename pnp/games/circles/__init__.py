"""Thinking in Circles (Jonathan Leistiko, 2004): the board, its tokens and its checks.

The source describes play, not the board, so the board is designed here from the rules: see
``generate`` for how each circle is dealt and ``check`` for every promise re-checked from the
embedded data. The doors live in the rooms of the same names (see ``pnp.games``).
"""

from __future__ import annotations

from pnp.i18n import N_
from pnp.i18n.message import Message

from .board import Board
from .check import check
from .data import from_data, to_data
from .drawn import check_drawn
from .generate import generate
from .item import Item
from .pieces import pieces
from .problems import PROBLEMS

KIND = __name__.rpartition(".")[2]    # the folder's name: a copied folder is a new kind
TITLE = N_("Thinking in Circles")      # a catalog message: the pages print it translated
NOUN = "set"          # what one board of this game is, in a build's "wrote ..." line


# a set's label in a report (str(): the CLI's English), by its circles' arrangement
DESCRIBED = {"row": Message("{title} {ident}: {circles} in a row, {sizes} spaces, {variants}"),
             "ring": Message("{title} {ident}: {circles} in a ring, {sizes} spaces, {variants}")}


def describe(board: Board) -> Message:
    variants = ", ".join(board.variants.names()) or Message("no variants")
    sizes = "/".join(str(s) for s in sorted({len(c.spaces) for c in board.circles}))
    if board.arrangement not in DESCRIBED:      # data no generator makes: said as it is
        return Message(f"{TITLE} {board.ident}: {len(board.circles)} circles in a "
                       f"{board.arrangement}, {sizes} spaces, {variants}")
    return Message(DESCRIBED[board.arrangement], title=Message(TITLE), ident=board.ident,
                   circles=Message("{n} circle", "{n} circles", n=len(board.circles)), sizes=sizes, variants=variants)


__all__ = ["KIND", "TITLE", "Item", "Board", "PROBLEMS", "generate", "check", "pieces", "to_data",
           "from_data", "check_drawn", "describe", "NOUN"]
