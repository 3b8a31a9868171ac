"""What a CliqueR board prints: its board (a page, or a card imposed n-up) and, for a
worksheet, the answer key held back to the end of the PDF."""

from __future__ import annotations

from pnp.games.cliquer.board import Board
from pnp.games.cliquer.draw import draw_board, piece_size
from pnp.paper import Piece


def pieces(board: Board) -> list[Piece]:
    out = [Piece("board", lambda canvas, frame: draw_board(board, canvas, frame),
                 size=piece_size(board), group="cliquer")]
    if board.worksheet:
        from pnp.games.cliquer.worksheet import draw_key

        out.append(Piece("answer-key", lambda canvas, frame: draw_key(board, canvas, frame), at_end=True))
    return out
