"""Cliques (David Westbrook, 1999): the bookkeeping a group prints to play it.

A set is a score sheet, one token tracker per player and a stack of remark cards; every number
on them comes from the rules (``rules``). The doors live in the rooms of the same names (see
``pnp.games``).
"""

from __future__ import annotations

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
TITLE = "Cliques"
NOUN = "set"          # what one board of this game is, in a build's "wrote ..." line


def describe(board: Board) -> Message:
    """A set's label in a report (str(): the CLI's English)."""
    return Message("Cliques set {ident} for {players}", ident=board.ident,
                   players=Message("{n} player", "{n} players", n=len(board.players)))


__all__ = ["KIND", "TITLE", "Item", "Board", "PROBLEMS", "generate", "check", "pieces", "to_data",
           "from_data", "check_drawn", "describe", "NOUN"]
