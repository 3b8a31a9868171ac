"""A worksheet: one board as a classroom handout, with questions computed for that board.

Each question is a piece of the graph theory the game rests on, said so a 10-14-year-old can
answer it from the sheet alone (the sheet defines every word it uses):

- the hull, walked round in order;
- every finished game draws exactly 3n - 3 - h lines (a finished game is a triangulation),
  asked of the part of the board above a line, so the count is this board's own;
- a 4-clique can be drawn without crossings exactly around a triangle with at least one dot
  inside: the triangle's sides and a line from one dot inside to each corner (four dots in
  convex position cannot, their diagonals cross; more dots inside do not get in the way);
  on a board with every dot on the hull there is no such triangle, so the third question asks
  instead which lines from A one drawn line blocks (the no-crossing rule at work);
- the move that completes a 4-clique scores 1 + 3 + 3 + 5 = 12 (a triangle alone, 1 + 3).

A class set gives every pupil the same difficulty step, which fixes the number of dots inside
the hull and so the game's length; so no question asks for those, and each answer is written in
this board's letters or counts on a part of it that the step does not fix. (The easy step puts
every dot on the hull, where "triangles at A with a dot inside" would be 0 on every sheet: that
is why those boards ask which lines from A one line blocks instead.)

The answers (``questions``) go on the answer key (``key``), a card held back to the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from . import words
from .board import Board, dot_name
from .flow import BODY_PT, Block, Para, draw_poured
from .geometry import convex_hull, orient, segments_cross, sq_dist
from .ink import dot_radius, draw_dots, draw_square
from .layout import GAP_MM, NAME_LINE_MM
from .sheet import Header, draw_dot_labels, draw_header, settled
from .sheet import hull as hull_of
from .rules import CLIQUE_POINTS, LINE_POINTS, TRIANGLE_POINTS, triangulation_size
from pnp.paper import MM, Frame
from pnp.i18n import N_, _, current, number
from pnp.pdf import fonts

LABEL_PT = 8.0     # a pupil reads the letters at arm's length


def hull_dots(board: Board) -> list[int]:
    """Indices of the dots on the hull, counter-clockwise from the lowest-leftmost."""
    where = {d: i for i, d in enumerate(board.dots)}
    return [where[d] for d in hull_of(board.dots)]


@lru_cache(maxsize=64)
def _dotted(dots: tuple) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    # left[i][j]: bitmask of the dots strictly left of the line from dot i to dot j; a dot is
    # inside triangle ijk (counter-clockwise) exactly when it is left of all three sides
    n = len(dots)
    left = [[0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        mask = sum(1 << k for k in range(n) if orient(dots[i], dots[j], dots[k]) > 0)
        left[i][j] = mask
        left[j][i] = ((1 << n) - 1) & ~mask & ~(1 << i | 1 << j)
    out = []
    for a, b, c in combinations(range(n), 3):
        if orient(dots[a], dots[b], dots[c]) > 0:
            bits = left[a][b] & left[b][c] & left[c][a]
        else:
            bits = left[b][a] & left[a][c] & left[c][b]
        if bits:
            out.append((a, b, c, tuple(k for k in range(n) if bits >> k & 1)))
    return tuple(out)


def dotted_triangles(board: Board) -> tuple[tuple[int, int, int, tuple[int, ...]], ...]:
    """(a, b, c, inside): every triangle with at least one dot inside, and the dots inside it.
    Each (triangle, dot inside) is one 4-clique the board allows."""
    return _dotted(board.dots)


def four_cliques(board: Board) -> int:
    """How many different 4-cliques can be drawn without crossings on the board."""
    return sum(len(inside) for *_, inside in dotted_triangles(board))


def example_clique(board: Board) -> tuple[int, int, int, int] | None:
    """The 4-clique the key draws (corners a, b, c and the dot d inside): the one whose three
    small triangles around d are all largest (the smallest of them as large as can be), so d sits
    well inside and every line shows; None when every dot is on the hull."""
    dots = board.dots

    def fatness(t):
        a, b, c, d = (dots[k] for k in t)
        return min(abs(orient(d, a, b)), abs(orient(d, b, c)), abs(orient(d, c, a)))

    cliques = [(a, b, c, d) for a, b, c, inside in dotted_triangles(board) for d in inside]
    if not cliques:
        return None
    return max(cliques, key=lambda t: (fatness(t), [-k for k in t]))


def letters(indices) -> str:
    """Dots named by their letters, as a list in the page's language ("A, C, E")."""
    return _(", ").join(dot_name(i) for i in indices)


def line_name(a: int, b: int) -> str:
    return f"{dot_name(min(a, b))}–{dot_name(max(a, b))}"


def hull_walk(board: Board) -> list[int]:
    """The hull dots met walking round the hull clockwise (as printed: y grows up the page) from
    A, which is on the hull (it is the leftmost dot; letters go left to right)."""
    ring = hull_dots(board)                       # counter-clockwise
    clockwise = [ring[0]] + ring[1:][::-1]
    k = clockwise.index(0)
    return clockwise[k:] + clockwise[:k]


def above_first_last(board: Board) -> list[int]:
    """The first and last letters' dots and every dot above the line joining them (A is the
    leftmost dot and the last letter the rightmost, so 'above' is plain on the page)."""
    dots, last = board.dots, len(board.dots) - 1
    return [0] + [k for k in range(1, last) if orient(dots[0], dots[last], dots[k]) > 0] + [last]


def corner_a_triangles(board: Board) -> list[tuple[int, int, int, tuple[int, ...]]]:
    """The triangles with a dot inside that have a corner at A."""
    return [t for t in dotted_triangles(board) if t[0] == 0]


def blocking_line(board: Board) -> tuple[int, int]:
    """The line the third question draws on a board with every dot on the hull: from B to the
    last letter but one (B to C on three dots, where nothing is left to block)."""
    return 1, max(2, len(board.dots) - 2)


def blocked_from_a(board: Board) -> list[int]:
    """The dots that can no longer be joined to A once ``blocking_line`` is drawn: A's line to
    them would cross it. With every dot on the hull these are the dots met going round the hull
    from B to that letter the way that does not pass A, so which they are is this board's own."""
    dots, (b, y) = board.dots, blocking_line(board)
    return [j for j in range(1, len(dots)) if j not in (b, y)
            and segments_cross(dots[0], dots[j], dots[b], dots[y])]


def scoring_example(board: Board) -> tuple[list[tuple[int, int]], tuple[int, int], tuple[int, ...]]:
    """(lines drawn, the one line that scores, its points as a sum): the key's 4-clique with one
    line missing, or on a board with every dot on the hull, the largest triangle with its
    shortest side missing. With only those lines drawn, no other line scores more than 1."""
    example = example_clique(board)
    if example is not None:
        a, b, c, d = example
        return ([(a, b), (b, c), (a, c), (a, d), (b, d)], (c, d),
                (LINE_POINTS, TRIANGLE_POINTS, TRIANGLE_POINTS, CLIQUE_POINTS))
    dots = board.dots
    a, b, c = max(combinations(range(len(dots)), 3),
                  key=lambda t: (abs(orient(*(dots[k] for k in t))), [-k for k in t]))
    sides = sorted([(a, b), (b, c), (a, c)], key=lambda s: (sq_dist(dots[s[0]], dots[s[1]]), s))
    return sorted(sides[1:]), sides[0], (LINE_POINTS, TRIANGLE_POINTS)


# the questions whose words the teacher's page (``teacher``) works through too
PART_QUESTION = N_("Draw a light line from A to {last}. Cover the dots below it. How many lines "
                   "does a finished game draw on A, {last} and the dots above the line? Use 3 × "
                   "(number of dots) − 3 − (number of hull dots), for these dots only.")
AT_A_QUESTION = N_("How many triangles with a corner at A have a dot inside?")
BLOCK_QUESTION = N_("Draw a light line {line}. Which dots can A no longer be joined to?")


def questions(board: Board) -> list[tuple[str, str]]:
    """(question, answer) for the board, as the worksheet and its key print them.

    Every answer hangs on where this board's dots are, not on its difficulty step, so the
    neighbours of a class set (one step for all) have different answers: the order of the hull,
    a count on part of the board, a count of triangles at A (or, with every dot on the hull,
    where that count is 0 on every board, the dots one line cuts off from A), a line named by
    letters."""
    n = len(board.dots)
    walk = hull_walk(board)
    inside = sorted(set(range(n)) - set(walk))
    last = dot_name(n - 1)
    part = above_first_last(board)
    part_hull = len(convex_hull([board.dots[k] for k in part]))
    at_a = corner_a_triangles(board)
    drawn, scorer, points = scoring_example(board)
    none = _("none")
    third = (_(AT_A_QUESTION), None)
    if at_a:
        a, b, c, d = at_a[0][0], at_a[0][1], at_a[0][2], at_a[0][3][0]
        third = (third[0], _("{count} (for example {triangle} with {dot} inside)").format(
            count=number(len(at_a)), triangle=letters((a, b, c)), dot=dot_name(d)))
    elif inside:
        third = (third[0], _("0 (every triangle with a dot inside has its corners elsewhere)"))
    else:
        pivot, cut = line_name(*blocking_line(board)), blocked_from_a(board)
        why = (_("A–{dot} would cross {line}").format(dot=dot_name(cut[0]), line=pivot)
               if len(cut) == 1 else
               _("each line from A to them would cross {line}").format(line=pivot) if cut else
               _("no line from A crosses {line}").format(line=pivot))
        third = (_(BLOCK_QUESTION).format(line=pivot),
                 _("{dots} ({why})").format(dots=letters(cut) or none, why=why))
    lines = _(", ").join(line_name(*l) for l in drawn)
    fourth = (_("Draw the lines {lines} on the board. Which one more line completes a 4-clique? "
                "How many points does that move score? Use the scoring rule.")
              if len(points) == 4 else
              _("Draw the lines {lines} on the board. Which one more line closes a triangle? "
                "How many points does that move score? Use the scoring rule.")).format(lines=lines)
    return [
        (_("Which dots are on the hull? Write their letters in order, going round the hull "
           "clockwise (the way a clock's hands turn) from A."),
         _("{dots} ({count} on the hull; inside: {inside})").format(
             dots=letters(walk), count=number(len(walk)), inside=letters(inside) or none)),
        (_(PART_QUESTION).format(last=last),
         f"{letters(part)}: 3 × {number(len(part))} − 3 − {number(part_hull)} = "
         f"{number(part_lines(board))}"),
        third,
        (fourth, f"{line_name(*scorer)}: {' + '.join(map(number, points))} = {number(sum(points))}"),
    ]


def part_lines(board: Board) -> int:
    """Lines in a finished game on ``above_first_last`` alone (question 2)."""
    part = [board.dots[k] for k in above_first_last(board)]
    return triangulation_size(len(part), len(convex_hull(part)))


def answer_values(board: Board) -> tuple:
    """What a neighbour could copy from each question, to compare sheets (bench/class_sets.py):
    the hull's order, the count, the count (or the letters, with every dot on the hull), the
    line. Question 4's score is left out on purpose: it is the scoring rule's own sum (12 for the
    4-clique, 4 for the triangle on a board with every dot on the hull), the same on every sheet
    of a step, and the question's point is using the rule. So the copy figure counts the line
    only, and the key says the score is shared (key.SHARED_NOTE; issue 36)."""
    convex = len(hull_dots(board)) == len(board.dots)
    third = tuple(blocked_from_a(board)) if convex else len(corner_a_triangles(board))
    return (tuple(hull_walk(board)), part_lines(board), third, scoring_example(board)[1])


ANSWER_LINES = (1, 1, 1, 1)


@dataclass(frozen=True)
class NameLine:
    """Name, Class and Date, with lines to write on (a value, like every block ``flow`` pours)."""

    optional = False

    def height(self, width: float, scale: float) -> float:
        return NAME_LINE_MM * MM

    def draw(self, canvas, x: float, top: float, width: float, scale: float) -> None:
        draw_name_line(canvas, Frame(x, top - NAME_LINE_MM * MM, width, NAME_LINE_MM * MM))


def draw_name_line(canvas, frame: Frame) -> None:
    from .flow import inset

    frame = inset(frame)
    size = 10
    y = frame.y + 3 * MM
    fields = ((_("Name"), 0.5), (_("Class"), 0.25), (_("Date"), 0.25))
    x = frame.x
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0.3)
    canvas.setFillGray(0)
    for label, share in fields:
        width = frame.width * share
        canvas.setFont(fonts.BOLD, size)
        canvas.drawString(x, y, label)
        start = x + fonts.string_width(label, fonts.BOLD, size) + 1.5 * MM
        canvas.line(start, y - 1, x + width - 4 * MM, y - 1)
        x += width
    canvas.restoreState()


def how_to_box() -> Block:
    """The rule and the words the questions use, boxed (the same on every worksheet but for the
    number of lines, which is a question)."""
    paras = [Para.of(_("How to play"), 10, fonts.BOLD, after=1, least=BODY_PT)]
    rule = [_(words.TURNS), _(words.MOVE), _(words.NO_CROSSING), words.scoring(),
            _(words.GAME_END_PLAIN), _(words.WINNER)]
    paras += [Para.of(current().sentence_gap.join(rule), BODY_PT, after=3, least=BODY_PT)]
    paras += [Para.of(_(words.WORDS_TITLE), 10, fonts.BOLD, after=1, least=BODY_PT)]
    paras += [Para(((_("{term}:").format(term=_(term)), fonts.BOLD), (_(text), fonts.SANS)),
                   BODY_PT, after=2, least=BODY_PT)
              for term, text in words.DEFINITIONS]
    return Block(tuple(paras), boxed=True, after=4 * MM)


def question_blocks(board: Board) -> list[Block]:
    out = []
    for k, ((question, _answer), lines) in enumerate(zip(questions(board), ANSWER_LINES), 1):
        paras = (Para(((f"{number(k)}.", fonts.BOLD), (question, fonts.SANS)), BODY_PT, after=0,
                      least=BODY_PT),)
        if k == 1:        # the heading stays with the first question
            paras = (Para.of(_("Questions"), 11, fonts.BOLD, after=1.5, least=BODY_PT),) + paras
        out.append(Block(paras, answer_lines=lines, after=2.5 * MM))
    return out


def draw_worksheet(board: Board, canvas, frame: Frame) -> None:
    """The handout: header, name line, the board with lettered dots, the how-to box, questions."""
    fonts.ensure_fonts()
    lay, words = settled(board, frame, worksheet_blocks, "worksheet")
    radius = dot_radius("board", board)
    draw_square(canvas, lay.square)
    draw_dots(canvas, board, lay.square, radius)
    draw_dot_labels(canvas, board, lay.square, radius, LABEL_PT)
    if lay.header is not None:
        draw_header(canvas, board, lay.header, step=False)
        draw_name_line(canvas, lay.name_line)
    canvas.setFillGray(0)
    draw_poured(canvas, words)
    room = working_space(lay, frame)
    if room is not None:
        draw_working_space(canvas, room)


WORKING_MIN_MM = 30       # less room than this under the square is left blank
WORKING_TITLE = N_("Working space: try lines here, count, or copy a triangle")


def working_space(lay, frame: Frame) -> Frame | None:
    """The room under the square when the words run down a column beside it (portrait pages),
    given to the pupil as working space; None when the words use it or it is too small."""
    square = lay.square
    beside = [r for r in lay.regions if r.x >= square.right - 1e-6]
    if not beside or any(r.x < square.right - 1e-6 for r in lay.regions):
        return None
    top = square.y - GAP_MM * MM
    bottom = frame.y + 1 * MM
    if top - bottom < WORKING_MIN_MM * MM:
        return None
    return Frame(square.x, bottom, square.width, top - bottom)


def draw_working_space(canvas, room: Frame) -> None:
    canvas.saveState()
    canvas.setLineWidth(0.5)
    canvas.setStrokeGray(0.55)
    canvas.setDash(2, 2)
    canvas.roundRect(room.x, room.y, room.width, room.height, 3 * MM, stroke=1, fill=0)
    canvas.restoreState()
    canvas.setFillGray(0.35)
    fonts.draw_fitted(canvas, _(WORKING_TITLE), room.x + 3 * MM, room.top - 5 * MM,
                      room.width - 6 * MM, fonts.SANS, BODY_PT, min_size=BODY_PT)
    canvas.setFillGray(0)


def worksheet_blocks(board: Board, lay) -> list:
    """The words of a worksheet: header and name line (when not above the square), the how-to
    box, the questions."""
    head = [] if lay.header is not None else [Header(board, step=False), NameLine()]
    return head + [how_to_box(), *question_blocks(board)]
