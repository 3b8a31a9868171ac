"""The teacher's page of a class set: questions 2 and 3 worked through on a small example board.

Question 2 (the lines of a finished game on the dots above a line: 3n - 3 - h for those dots
alone) and question 3 (the triangles at A with a dot inside; on a sheet with every dot on the
hull, the dots one drawn line cuts off from A) use the worksheet's words in ways a class meets
for the first time, so a teacher shows them once before the pupils do their own. The page works
each one through, step by step, on ``EXAMPLE`` (and the form of question 3 for a board with
every dot on the hull on ``ON_HULL``): seven dots that are none of the pupils' boards, with a
picture beside each question.

Every figure on it comes from the functions that make the worksheet's answers (``worksheet``):
the same rules, the same words, checked by the same brute force as the answer keys
(``tests/games/cliquer/test_cliquer_worksheet_truth.py``). It prints once an item, with the answer keys
(a piece held back to the end, or in the keys' own PDF), in the set's language.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from .board import Board, dot_name
from .flow import SCALES, Block, Para, arrange, draw_poured, inset
from .geometry import convex_hull, segments_cross, sq_dist
from .ink import dot_position, draw_square, triangle_path
from .layout import Unfit
from .sheet import draw_dot_labels
from .worksheet import (AT_A_QUESTION, BLOCK_QUESTION, PART_QUESTION, above_first_last,
                        blocked_from_a, blocking_line, corner_a_triangles, letters, line_name,
                        part_lines)
from pnp.errors import Advice
from pnp.i18n import N_, _, number
from pnp.paper import MM, Frame
from pnp.pdf import fonts
from pnp.pdf.fonts import MIN_TEXT_PT
from pnp.i18n.message import Message

# Seven dots on a 12 x 12 lattice, A to G from left to right. The line A-G is level, so "above
# it" is plain; C, E, F lie above it and E is inside their hull (question 2: 3 x 5 - 3 - 4 = 8);
# D and E are inside the board's hull, in 3 of the 15 triangles at A (question 3).
EXAMPLE = ((1, 4), (2, 1), (4, 11), (5, 3), (6, 8), (10, 8), (11, 4))
# Seven dots all on their hull, for question 3's other form: B-F cuts E and G off from A.
ON_HULL = ((1, 6), (2, 11), (3, 3), (6, 1), (9, 11), (10, 1), (11, 6))
EXAMPLE_GRID = 12
EXAMPLE_IDENT = "EXAMPLE"

# The page's words. TRANSLATORS: the numbers filled in are the example board's (5 dots, 4 on
# their hull, 8 lines, 15 triangles, 3 with a dot inside), the same on every teacher's page.
OUTLINE = N_("For the teacher")
TITLE = N_("For the teacher: questions 2 and 3, worked through")
INTRO = N_("Questions 2 and 3 use the worksheet's words in a new way. Work them through with the "
           "class on this example board (it is none of theirs), then let each pupil answer them "
           "for their own board.")
PART_HEAD = N_("Question 2: the lines of a finished game on part of the board")
PART_COVER = N_("Draw a light line from A to {last} and cover the dots below it ({below}). The "
                "dots left are {dots}: {count} dots.")
PART_HULL = N_("Stretch a rubber band around these dots only. It touches {hull}: {hulls} hull "
               "dots. Inside it: {inside}.")
PART_SUM = N_("3 × {count} − 3 − {hulls} = {lines}: every finished game on these dots draws "
              "{lines} lines, in any order, the light line among them. The picture shows one; "
              "draw another with the class: it stops at {lines} lines too.")
AT_A_HEAD = N_("Question 3: triangles with a corner at A and a dot inside")
AT_A_ALL = N_("Each pair of the other dots makes a triangle with A: {triangles}. That is {count} "
              "triangles.")
AT_A_FOUND = N_("Look inside each one for a dot: {found}. So {dotted} of them have a dot inside, "
                "and the answer is {dotted}. The picture shades {triangle}.")
AT_A_ONE = N_("{triangle} has {dots} inside")
BLOCK_HEAD = N_("Question 3 on a sheet whose dots are all on the hull")
BLOCK_BOARD = N_("Every dot of such a board is on its hull, as on this second example board.")
BLOCK_CUT = N_("A line from A to {cut} would cross {line}, so A can no longer be joined to them: "
               "that is the answer. A can still be joined to {rest}.")

# what the web page says when the page cannot fit (it names the field by its label)
NO_ROOM = Message("The teacher's page does not fit this paper: make {page_margin_mm} smaller.")

LABEL_PT = (8.0, 7.0, 6.0)      # the letters, largest first (``sheet.draw_dot_labels``)
DOT_MM = 1.4                    # a dot's radius in the pictures
GAP_MM = 5
PICTURE_INSET = 1.0             # points: a picture's square stroke stays inside its frame


def example_board(side_mm: float = 60.0, dots: tuple = EXAMPLE) -> Board:
    """An example (``EXAMPLE`` or ``ON_HULL``) as a board, drawn ``side_mm`` wide."""
    return Board(dots=dots, grid=EXAMPLE_GRID, side_mm=side_mm, clearance_mm=0, spacing_mm=0,
                 margin_mm=0, ident=EXAMPLE_IDENT, worksheet=True)


@dataclass(frozen=True)
class Worked:
    """What the page says of the example, found by the worksheet's own functions (dots by index)."""

    part: tuple[int, ...]            # question 2: A, the last letter and the dots above A-last
    below: tuple[int, ...]           # the dots covered
    part_hull: tuple[int, ...]       # the part's hull dots, in board order
    lines: int                       # lines of a finished game on the part
    game: tuple[tuple[int, int], ...]   # one finished game on the part (the picture)
    triangles: tuple[tuple[int, int, int], ...]      # question 3: every triangle at A
    dotted: tuple[tuple[int, int, int, tuple[int, ...]], ...]   # those with dots inside
    block: tuple[int, int]           # on ``ON_HULL``: the line question 3 draws there
    cut: tuple[int, ...]             # the dots it cuts off from A


@lru_cache(maxsize=4)
def worked(example: tuple = EXAMPLE, on_hull: tuple = ON_HULL) -> Worked:
    board, round_board = example_board(dots=example), example_board(dots=on_hull)
    dots, n = board.dots, len(board.dots)
    part = tuple(above_first_last(board))
    ring = set(convex_hull([dots[k] for k in part]))
    cut = tuple(blocked_from_a(round_board))
    return Worked(part=part, below=tuple(k for k in range(n) if k not in part),
                  part_hull=tuple(k for k in part if dots[k] in ring), lines=part_lines(board),
                  game=finished_game(dots, part),
                  triangles=tuple((0, b, c) for b, c in combinations(range(1, n), 2)),
                  dotted=tuple(corner_a_triangles(board)), block=blocking_line(round_board),
                  cut=cut)


def finished_game(dots, among) -> tuple[tuple[int, int], ...]:
    """One finished game on the dots ``among``: every line, shortest first, that crosses none
    drawn before (a line blocked once stays blocked, so one pass draws until none can be)."""
    lines = sorted(combinations(among, 2), key=lambda l: (sq_dist(dots[l[0]], dots[l[1]]), l))
    drawn: list[tuple[int, int]] = []
    for a, b in lines:
        if not any(segments_cross(dots[a], dots[b], dots[c], dots[d]) for c, d in drawn):
            drawn.append((a, b))
    return tuple(drawn)


def _triangle(t) -> str:
    return letters(t[:3])


def sections() -> list[tuple[str, list[str]]]:
    """(heading, paragraphs) of the three questions worked through, in the page's language."""
    w, n, m = worked(), len(EXAMPLE), len(ON_HULL)
    last = dot_name(n - 1)
    inside = [k for k in w.part if k not in w.part_hull]
    line = line_name(*w.block)
    rest = [k for k in range(1, m) if k not in w.cut]
    found = _("; ").join(_(AT_A_ONE).format(triangle=_triangle(t), dots=letters(t[3])) for t in w.dotted)
    return [
        (_(PART_HEAD), [
            _(PART_QUESTION).format(last=last),
            _(PART_COVER).format(last=last, below=letters(w.below), dots=letters(w.part),
                                 count=number(len(w.part))),
            _(PART_HULL).format(hull=letters(w.part_hull), hulls=number(len(w.part_hull)),
                                inside=letters(inside) or _("none")),
            _(PART_SUM).format(count=number(len(w.part)), hulls=number(len(w.part_hull)),
                               lines=number(w.lines)),
        ]),
        (_(AT_A_HEAD), [
            _(AT_A_QUESTION),
            _(AT_A_ALL).format(triangles=" · ".join(_triangle(t) for t in w.triangles),
                               count=number(len(w.triangles))),
            _(AT_A_FOUND).format(found=found, dotted=number(len(w.dotted)),
                                 triangle=_triangle(w.dotted[0])),
        ]),
        (_(BLOCK_HEAD), [
            _(BLOCK_QUESTION).format(line=line),
            _(BLOCK_BOARD),
            _(BLOCK_CUT).format(cut=letters(w.cut), line=line, rest=letters(rest)),
        ]),
    ]


def _blocks(heading: str, paragraphs: list[str]) -> list[Block]:
    paras = [Para.of(heading, 10.5, fonts.BOLD, after=2)]
    paras += [Para.of(text, 9.5, fonts.BOLD if k == 0 else fonts.SANS, after=3)
              for k, text in enumerate(paragraphs)]
    return [Block(tuple(paras), after=0)]


# ---- the page ------------------------------------------------------------------------------

TITLE_PT = 14.0
TITLE_MM = 10.0
FIGURE_SHARES = (0.42, 0.36, 0.3, 0.24)    # of a row's width (or a column's height), largest first


def draw_teacher_page(canvas, frame: Frame) -> None:
    """The page: its title and intro, then each question with its picture, in rows on a page
    taller than wide and in columns on a wider one (the picture on the side a line starts)."""
    fonts.ensure_fonts()
    canvas.setFillGray(0)
    # the baseline a whole em down: CJK glyphs rise nearly that far above it
    fonts.draw_fitted(canvas, _(TITLE), frame.x, frame.top - TITLE_PT, frame.width, fonts.BOLD,
                      TITLE_PT, min_size=MIN_TEXT_PT)
    body = Frame(frame.x, frame.y, frame.width, frame.height - TITLE_MM * MM)
    intro = Block((Para.of(_(INTRO), 9.5, after=0),), after=0)
    text = sections()
    for share in FIGURE_SHARES:
        for scale in SCALES:
            laid = _laid_out(body, intro, text, share, scale)
            if laid is not None:
                _draw(canvas, laid, scale)
                return
    raise Unfit("the teacher's page does not fit this paper even at 6 pt: use smaller margins",
                Advice((), ("page.margin_mm",), NO_ROOM))


def _laid_out(body: Frame, intro: Block, text, share: float, scale: float):
    """(intro's place, [(picture's square, poured words)] a question) at one picture share and
    one type scale, or None when some words do not fit."""
    first = arrange([inset(body)], [intro], scale, drop=False)
    if first is None:
        return None
    below = first.places[0][1].height + GAP_MM * MM
    room = Frame(body.x, body.y, body.width, body.height - below)
    gap, k = GAP_MM * MM, len(text)
    rtl = fonts.page_rtl()
    out = []
    for i, (heading, paragraphs) in enumerate(text):
        if body.width <= body.height:             # rows: the picture beside its words
            h = (room.height - gap * (k - 1)) / k
            top = room.top - i * (h + gap)
            side = min(room.width * share, h)
            words_w = room.width - side - gap
            sx = room.right - side if rtl else room.x
            wx = room.x if rtl else room.x + side + gap
            square = Frame(sx, top - side, side, side)
            region = Frame(wx, top - h, words_w, h)
        else:                                     # columns: the picture above its words
            w = (room.width - gap * (k - 1)) / k
            x = room.right - (i + 1) * w - i * gap if rtl else room.x + i * (w + gap)
            side = min(w, room.height * share)
            square = Frame(x + (w - side) / 2, room.top - side, side, side)
            region = Frame(x, room.y, w, room.height - side - gap)
        poured = arrange([inset(region)], _blocks(heading, paragraphs), scale, drop=False)
        if poured is None:
            return None
        out.append((square.inset(PICTURE_INSET), poured))     # its outline's ink inside the page
    return first, out


def _draw(canvas, laid, scale: float) -> None:
    from .flow import Poured

    first, questions = laid
    draw_poured(canvas, first)
    for (square, words), picture in zip(questions, (_part_picture, _at_a_picture, _block_picture)):
        picture(canvas, square)
        draw_poured(canvas, Poured(scale, words.places))


# ---- the pictures ------------------------------------------------------------------------

def _dots(canvas, board: Board, square: Frame, grey=()) -> None:
    """The example's dots (plain circles: not a board the validator reads), ``grey`` ones
    covered."""
    canvas.saveState()
    for k, dot in enumerate(board.dots):
        canvas.setFillGray(0.72 if k in grey else 0)
        canvas.circle(*dot_position(board, square, dot), DOT_MM * MM, stroke=0, fill=1)
    canvas.restoreState()


def _lines(canvas, points, lines, gray: float, width: float, dash=None) -> None:
    canvas.saveState()
    canvas.setStrokeGray(gray)
    canvas.setLineWidth(width)
    if dash:
        canvas.setDash(*dash)
    for a, b in lines:
        canvas.line(*points[a], *points[b])
    canvas.restoreState()


def _setup(canvas, square: Frame, dots: tuple = EXAMPLE):
    board = example_board(square.width / MM, dots)
    draw_square(canvas, square)
    return board, [dot_position(board, square, d) for d in board.dots]


def _part_picture(canvas, square: Frame) -> None:
    """Question 2: the line from A to the last letter, the dots below it grey, and one finished
    game on the others."""
    board, points = _setup(canvas, square)
    w = worked()
    last = len(board.dots) - 1
    _lines(canvas, points, [(0, last)], 0.45, 0.8, (3, 2))
    _lines(canvas, points, [l for l in w.game if l != (0, last)], 0, 0.8)
    _dots(canvas, board, square, grey=w.below)
    draw_dot_labels(canvas, board, square, DOT_MM * MM, LABEL_PT, joins=w.game, every_line=False)


def _at_a_picture(canvas, square: Frame) -> None:
    """Question 3: one triangle at A with a dot inside, shaded."""
    board, points = _setup(canvas, square)
    a, b, c, _inside = worked().dotted[0]
    canvas.saveState()
    canvas.setFillGray(0.85)
    canvas.drawPath(triangle_path(canvas, [points[a], points[b], points[c]]), stroke=0, fill=1)
    canvas.restoreState()
    sides = [(a, b), (b, c), (a, c)]
    _lines(canvas, points, sides, 0, 0.8)
    _dots(canvas, board, square)
    draw_dot_labels(canvas, board, square, DOT_MM * MM, LABEL_PT, joins=sides, every_line=False)


def _block_picture(canvas, square: Frame) -> None:
    """Question 3 on a board all on its hull: the drawn line, and the lines from A it blocks
    dashed."""
    board, points = _setup(canvas, square, ON_HULL)
    w = worked()
    blocked = [(0, k) for k in w.cut]
    _lines(canvas, points, [w.block], 0, 1.0)
    _lines(canvas, points, blocked, 0.45, 0.7, (2, 2))
    _dots(canvas, board, square)
    draw_dot_labels(canvas, board, square, DOT_MM * MM, LABEL_PT, joins=[w.block] + blocked,
                    every_line=False)
