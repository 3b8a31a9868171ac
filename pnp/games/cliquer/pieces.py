"""What a CliqueR board prints, put together from the rooms that draw each piece: the play
board (a page, or a card imposed n-up), or for a worksheet the handout page and its answer key,
a card held back to the end of the PDF (or to a PDF of its own)."""

from __future__ import annotations

from .board import Board
from .layout import card_size, is_card, key_size
from pnp.i18n import N_, _
from pnp.paper import Piece

KEYS_SECTION = N_("Answer keys")


def pieces(board: Board) -> list[Piece]:
    if not board.worksheet:
        from .draw import draw_board

        return [Piece("board", lambda canvas, frame: draw_board(board, canvas, frame),
                      size=card_size(board) if is_card(board) else None, group="cliquer",
                      fill=is_card(board),
                      outline=(_("Board {ident}").format(ident=board.ident),))]
    from .key import draw_key
    from .teacher import OUTLINE, draw_teacher_page
    from .worksheet import draw_worksheet

    # the teacher's page comes first among the held-back pieces, once a class set, then the keys
    return [Piece("board", lambda canvas, frame: draw_worksheet(board, canvas, frame),
                  outline=(_("Worksheet {ident}").format(ident=board.ident),)),
            Piece("teacher", draw_teacher_page, at_end=True, once=True,
                  outline=(_(KEYS_SECTION), _(OUTLINE))),
            Piece("answer-key", lambda canvas, frame: draw_key(board, canvas, frame), size=key_size(),
                  group="cliquer-key", at_end=True, outline=(_(KEYS_SECTION), _("Key {ident}").format(ident=board.ident)))]
