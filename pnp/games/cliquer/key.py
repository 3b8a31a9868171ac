"""The answer key of a worksheet: a card (four to a portrait sheet) held back to the end.

It draws the board small with the hull dashed and one 4-clique inked in (the triangle shaded,
the lines from the dot inside to its corners), then the answers to the worksheet's questions.
"""

from __future__ import annotations

from .board import Board
from .flow import Block, Para, pour
from .ink import dot_position, dot_radius, draw_dots, draw_square, triangle_path
from .layout import CARD_PAD_MM, KEY_TITLE_MM, key_layout
from .sheet import draw_dot_labels, subtitle
from .worksheet import example_clique, hull_dots, questions
from pnp.paper import MM, Frame
from pnp.i18n import N_, _, number
from pnp.pdf import fonts

LABEL_PT = (8.0, 7.0, 6.0)     # largest first: the first at which every letter finds a spot
STEP_NOTE = N_("every board of an item that asks for a difficulty has as many dots inside "
               "the hull")


# for a teacher handing out a set: no question asks what the step decides (bench/class_sets.py
# measures it; tests/games/cliquer/test_cliquer_worksheet_truth.py holds it at every step)
# Question 4's score is the scoring rule's own sum (12 for a 4-clique, 4 for a triangle alone),
# the same on every sheet of a step: the question's point is using the rule, so it stays, and the
# key says so instead of claiming that nothing is shared (worksheet.answer_values).
SHARED_NOTE = N_("No answer is fixed by the step but the score in question 4, the scoring rule's "
                 "own sum: the line there, and every other answer, depends on where this board's "
                 "dots are.")


def clique_joins(board: Board) -> list[tuple[int, int]]:
    """The six lines of the key's example 4-clique, as pairs of dots (none when every dot is on
    the hull)."""
    example = example_clique(board)
    if example is None:
        return []
    a, b, c, d = example
    return [(a, b), (b, c), (c, a), (d, a), (d, b), (d, c)]


def draw_key(board: Board, canvas, frame: Frame) -> None:
    fonts.ensure_fonts()
    lay = key_layout(frame)
    square = lay.square
    inner = frame.inset(CARD_PAD_MM * MM)
    canvas.setFillGray(0)
    fonts.draw_fitted(canvas, _("Answer key · {title} · board {ident}").format(title=board.title, ident=board.ident), inner.x,
                      inner.top - KEY_TITLE_MM * MM + 2 * MM, inner.width, fonts.BOLD, 9, min_size=6)
    points = [dot_position(board, square, d) for d in board.dots]
    draw_square(canvas, square)
    example = example_clique(board)
    if example is not None:
        a, b, c, d = example
        canvas.saveState()
        canvas.setFillGray(0.85)
        canvas.drawPath(triangle_path(canvas, [points[a], points[b], points[c]]), stroke=0, fill=1)
        canvas.setLineWidth(0.7)
        canvas.setStrokeGray(0.25)
        for p, q in clique_joins(board):
            canvas.line(*points[p], *points[q])
        canvas.restoreState()
    ring = hull_dots(board)
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(1.0)
    canvas.setDash(3, 2)
    path = canvas.beginPath()
    path.moveTo(*points[ring[0]])
    for i in ring[1:]:
        path.lineTo(*points[i])
    path.close()
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.restoreState()
    radius = dot_radius("answer-key", board)
    draw_dots(canvas, board, square, radius)
    draw_dot_labels(canvas, board, square, radius, LABEL_PT, joins=clique_joins(board),
                    every_line=False)
    paras = [Para.of(f"{subtitle(board)} ({_(STEP_NOTE)}).", 7, after=1.5)]
    for k, (_question, answer) in enumerate(questions(board), 1):
        paras.append(Para(((f"{number(k)}.", fonts.BOLD), (answer, fonts.SANS)), 7, after=1))
    paras.append(Para.of(_(SHARED_NOTE), 7, after=0))
    canvas.setFillGray(0)
    pour(canvas, [lay.text], [Block(tuple(paras), after=0)], "an answer key")
