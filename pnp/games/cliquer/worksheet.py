"""A worksheet: one board as a classroom handout, with questions computed for that board.

Each question is a piece of the graph theory the game rests on, said so a 10-14-year-old can
answer it from the sheet alone (the sheet defines every word it uses):

- the hull, and the dots inside it;
- every finished game draws exactly 3n - 3 - h lines (a finished game is a triangulation);
- a 4-clique can be drawn without crossings exactly around a triangle with at least one dot
  inside: the triangle's sides and a line from one dot inside to each corner (four dots in
  convex position cannot, their diagonals cross; more dots inside do not get in the way);
- the move that completes a 4-clique scores at least 1 + 3 + 3 + 5 = 12.

The answers (``questions``) go on the answer key (``key``), a card held back to the end.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from pnp.games.cliquer import words
from pnp.games.cliquer.board import Board, dot_name
from pnp.games.cliquer.flow import Block, Para, draw_poured
from pnp.games.cliquer.geometry import orient
from pnp.games.cliquer.ink import dot_radius, draw_dots, draw_square
from pnp.games.cliquer.layout import NAME_LINE_MM
from pnp.games.cliquer.sheet import Header, draw_dot_labels, draw_header, moves_in_game, settled
from pnp.games.cliquer.sheet import hull as hull_of
from pnp.games.cliquer.rules import CLIQUE_POINTS, FOUR_CLIQUE_MOVE, LINE_POINTS, TRIANGLE_POINTS
from pnp.paper import MM, Frame
from pnp.pdf import fonts

LABEL_PT = 7.0


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


def _names(indices) -> str:
    return ", ".join(dot_name(i) for i in indices)


def questions(board: Board) -> list[tuple[str, str]]:
    """(question, answer) for the board, as the worksheet and its key print them."""
    n, hull = len(board.dots), hull_dots(board)
    h = len(hull)
    example = example_clique(board)
    if example is None:
        four = ("none: every dot is on the hull, so no triangle has a dot inside and no 4-clique "
                "can be drawn on this board")
    else:
        a, b, c, d = example
        triangles, cliques = len(dotted_triangles(board)), four_cliques(board)
        four = (f"for example {_names((a, b, c))} with {dot_name(d)} inside (any of "
                f"{triangles} such triangle{'s' if triangles != 1 else ''}); the board allows "
                f"{cliques} different 4-clique{'s' if cliques != 1 else ''}, one for each "
                "triangle and dot inside it")
    return [
        ("Which dots are on the hull? Write their letters.", f"{_names(sorted(hull))} ({h} dots)"),
        ("How many dots are inside the hull?", f"{n - h}"),
        ("Every finished game on a board draws the same number of lines: "
         "3 × (number of dots) − 3 − (number of hull dots). How many lines is that on this board?",
         f"3 × {n} − 3 − {h} = {moves_in_game(board)}"),
        ("Find three dots whose triangle has at least one dot inside. Write the three corners and "
         "a dot inside (or 'none' if there is no such triangle). Then draw that 4-clique on the "
         "board: the triangle, and a line from the dot inside to each corner.", four),
        ("The last line of a 4-clique is drawn in one move. How many points does that move score "
         "at least? Use the scoring rule.",
         f"{FOUR_CLIQUE_MOVE} = {LINE_POINTS} + {TRIANGLE_POINTS} + {TRIANGLE_POINTS} + "
         f"{CLIQUE_POINTS} (the line, the two triangles it closes, the 4-clique); more when it "
         "closes more triangles or 4-cliques at once"),
    ]


ANSWER_LINES = (1, 1, 1, 1, 1)


@dataclass(frozen=True)
class NameLine:
    """Name, Class and Date, with lines to write on (a value, like every block ``flow`` pours)."""

    optional = False

    def height(self, width: float, scale: float) -> float:
        return NAME_LINE_MM * MM

    def draw(self, canvas, x: float, top: float, width: float, scale: float) -> None:
        draw_name_line(canvas, Frame(x, top - NAME_LINE_MM * MM, width, NAME_LINE_MM * MM))


def draw_name_line(canvas, frame: Frame) -> None:
    from pnp.games.cliquer.flow import inset

    frame = inset(frame)
    size = 10
    y = frame.y + 3 * MM
    fields = (("Name", 0.5), ("Class", 0.25), ("Date", 0.25))
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
    paras = [Para.of("How to play", 10, fonts.BOLD, after=1)]
    rule = [words.TURNS, words.MOVE, words.NO_CROSSING, words.SCORING,
            "The game ends when no line can be drawn.", words.WINNER]
    paras += [Para.of(" ".join(rule), 8.5, after=3)]
    paras += [Para.of(words.WORDS_TITLE, 10, fonts.BOLD, after=1)]
    paras += [Para(((f"{term}:", fonts.BOLD), (text, fonts.SANS)), 8.5, after=2)
              for term, text in words.DEFINITIONS]
    return Block(tuple(paras), boxed=True, after=4 * MM)


def question_blocks(board: Board) -> list[Block]:
    out = []
    for k, ((question, _), lines) in enumerate(zip(questions(board), ANSWER_LINES), 1):
        paras = (Para(((f"{k}.", fonts.BOLD), (question, fonts.SANS)), 9, after=0),)
        if k == 1:        # the heading stays with the first question
            paras = (Para.of("Questions", 11, fonts.BOLD, after=1.5),) + paras
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


def worksheet_blocks(board: Board, lay) -> list:
    """The words of a worksheet: header and name line (when not above the square), the how-to
    box, the questions."""
    head = [] if lay.header is not None else [Header(board, step=False), NameLine()]
    return head + [how_to_box(), *question_blocks(board)]
