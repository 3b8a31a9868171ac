"""Drawing a CliqueR play board: the square and its dots, the dots' letters, the whole rule.

A page prints a header, the board and the rule with score boxes; a half or quarter card prints
the board and the same rule, smaller. Where things go is ``layout``'s (a pure function of the
board and its frame, so the validator recomputes every dot's place); this module only inks.
"""

from __future__ import annotations


from . import words
from .board import Board
from .codes import CODE_LINE, encode
from .flow import BODY_PT, INSET, Block, Para, ScoreBoxes, arrange, draw_poured, inset, pour
from .ink import dot_position, dot_radius, draw_dots, draw_square
from .layout import card_layout, is_card, page_layout, square_for
from .sheet import Header, draw_dot_labels, draw_header, moves_in_game, settled, subtitle
from pnp.paper import Frame
from pnp.i18n import N_, _, per_language
from pnp.pdf import fonts

# a page is read by children at arm's length; a card too, its letters as large as its square
# lets every letter find a spot, largest first (a 60 mm square with close dots may need 6 pt)
LABEL_PT = {"page": 8.0, "card": (8.0, 7.0, 6.0)}

SCORE_CELLS = N_("After each of your moves, write your running score in the next of your boxes.")

__all__ = ["draw_board", "layout", "dot_position", "dot_radius", "square_for", "moves_in_game"]


def layout(board: Board, frame: Frame):
    """The board piece's layout (``.square`` is where its dots are)."""
    return card_layout(board, frame) if is_card(board) else page_layout(board, frame)


def draw_board(board: Board, canvas, frame: Frame) -> None:
    fonts.ensure_fonts()
    card = is_card(board)
    if card:
        lay, words = card_layout(board, frame), None
    else:       # refused before any ink if the square and its words do not both fit
        lay, words = settled(board, frame, page_blocks, "board")
    radius = dot_radius("board", board)
    draw_square(canvas, lay.square)
    draw_dots(canvas, board, lay.square, radius)
    if board.labels:
        draw_dot_labels(canvas, board, lay.square, radius, LABEL_PT["card" if card else "page"])
    if card:
        _card_words(board, canvas, lay.text)
    else:
        if lay.header is not None:
            draw_header(canvas, board, lay.header)
        canvas.setFillGray(0)
        draw_poured(canvas, words)


def page_blocks(board: Board, lay) -> list:
    """The words of a play page: the header (when not above the square), the rule, score boxes."""
    lines = moves_in_game(board)
    return ([] if lay.header is not None else [Header(board)]) + [page_rule(lines), ScoreBoxes(lines)]


@per_language(maxsize=64)
def page_rule(lines: int) -> Block:
    """The rule a play page prints: the same for every board whose games draw ``lines`` lines
    (its only number), so made once for them all."""
    turns, move, crossing, scoring, end, winner = words.rule_lines(lines)
    # three paragraphs (a turn, the score, the end): run together they leave room on Letter
    # paper for a score cell per move of the longest game with the words at 9 pt or more
    said = [(turns, move, crossing), (scoring, words.four_clique_score()), (end, winner, _(SCORE_CELLS))]
    rule = [Para.of(_("How to play"), 11, fonts.BOLD, after=1, least=BODY_PT)]
    rule += [Para.of(" ".join(part), 10, after=2, least=BODY_PT) for part in said]
    return Block(tuple(rule))


# A card grown to its paper (``pnp.pdf.impose``) gives the room to the players: score cells
# first, then its words larger (the first of these growths that fits unshrunk); a card of its
# least size prints as it always did.
CARD_GROWTH = (1.5, 1.35, 1.2, 1.1, 1.0)


def _card_words(board: Board, canvas, text: Frame) -> None:
    canvas.setFillGray(0)
    lines = moves_in_game(board)
    # Only every block unshrunk will do, so each growth is tried at scale 1 alone: what
    # ``settle`` would answer there (one region: a block that does not fit is a block left
    # out, at any ``drop``), without the smaller scales it would go on to try for nothing
    regions = [inset(r) for r in (text,) if r.width > 2 * INSET and r.height > 2 * INSET]
    for boxes in (True, False):
        for grow in CARD_GROWTH:
            blocks = [card_block(board, grow, boxes)] + ([ScoreBoxes(lines)] if boxes else [])
            poured = arrange(regions, blocks, 1.0, drop=False)
            if poured is not None:
                draw_poured(canvas, poured)
                return
    pour(canvas, [text], [card_block(board, 1.0, False)], "a CliqueR card")


def card_block(board: Board, grow: float, boxes: bool) -> Block:
    """A card's words, ``grow`` times their least size: title, code and the whole rule (with
    what the score cells are for, when the card has them)."""
    title = Para(((board.title, fonts.BOLD), ("·", fonts.SANS),
                  (subtitle(board, brief=True), fonts.SANS)),
                 7.5 * grow, after=0.5 * grow)
    code = Para.of(_(CODE_LINE).format(code=encode(board.dots, board.grid)), 6.5 * grow,
                   after=1 * grow)
    said = words.rule_lines(moves_in_game(board)) + ([_(SCORE_CELLS)] if boxes else [])
    rule = Para.of(" ".join(said), 7 * grow, after=2 * grow if boxes else 0)
    return Block((title, code, rule), after=0)
