"""A CliqueR board as a picture for a screen (the ``picture`` door): the square and its lettered
dots as SVG, the best line of play drawn move by move, and the figures in plain words.

The page that shows it (Look at a board) knows no game: it inlines the SVG, lists the steps, and
its stepper shows the first k moves by the ``data-step`` of each move's group. Every number is
replayed here with the game's own rules (``Rules.play``), so a move's points, the triangles it
closes and the running score are the ones a player at the table would write down.
"""

from __future__ import annotations

from html import escape

from .analysis import SOLVE_AT_MOST, outcome
from .board import Board, dot_name
from .rules import CLIQUE_POINTS, LINE_POINTS, TRIANGLE_POINTS, Rules

PAD = 7                       # lattice units around the square: room for the letters
PLAYERS = ("first", "second")
# the two players told apart by more than colour: the second player's lines are dashed
STROKE = {"first": ("#1d5fa8", ""), "second": ("#b34700", ' stroke-dasharray="3 1.6"')}
FILL = {"first": "#1d5fa8", "second": "#b34700"}


def picture(board: Board, figures: dict, key: str = "picture") -> dict:
    """{"svg": the board (and, when perfect play was worked out, its best line as one
    ``<g data-step=k>`` a move), "steps": one sentence a move, "words": the figures as
    sentences}. ``key`` starts the SVG's ids, so that two pictures on one page differ."""
    play = figures.get("perfect_play")
    index = {dot_name(i): i for i in range(len(board.dots))}
    line = [tuple(index[end] for end in move.split("-")) for move in play["best_line"]] if play else []
    moves, steps = _replay(board, line)
    return {"svg": _svg(board, moves, key), "steps": steps, "words": _words(figures)}


def _replay(board: Board, line) -> tuple[list, list[str]]:
    """Each move of ``line`` played from the empty board: (player, a, b, closed triangles) and
    its sentence."""
    rules = Rules(board.dots, checked=True)
    state = rules.start()
    moves, steps = [], []
    for number, (a, b) in enumerate(line, 1):
        player = PLAYERS[state.to_move]
        common = state.adjacency[a] & state.adjacency[b]
        closed = [c for c in range(rules.n) if common >> c & 1]
        state, points = rules.play(state, (a, b))
        moves.append((player, a, b, closed))
        first, second = state.scores
        steps.append(f"Move {number}: the {player} player draws {dot_name(a)}–{dot_name(b)} and "
                     f"scores {points} ({_what(points, len(closed))}). "
                     f"Score: first player {first}, second player {second}.")
    return moves, steps


def _what(points: int, triangles: int) -> str:
    """What a move's points are made of, in words."""
    if triangles == 0:
        return "the line alone"
    made = f"the line and {triangles} triangle{'s' if triangles != 1 else ''}"
    cliques = (points - LINE_POINTS - TRIANGLE_POINTS * triangles) // CLIQUE_POINTS
    return made + ("" if not cliques else " and a 4-clique" if cliques == 1 else f" and {cliques} 4-cliques")


def _svg(board: Board, moves, key: str) -> str:
    g = board.grid

    def xy(i: int) -> tuple[int, int]:      # the page's y grows upward, the screen's downward
        x, y = board.dots[i]
        return x, g - y

    cx = sum(x for x, _ in board.dots) / len(board.dots)
    cy = g - sum(y for _, y in board.dots) / len(board.dots)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-PAD} {-PAD} {g + 2 * PAD} '
             f'{g + 2 * PAD}" class="board-picture" role="img" aria-labelledby="{escape(key)}-title">',
             f'<title id="{escape(key)}-title">{escape(_title(board, moves))}</title>',
             f'<rect x="0" y="0" width="{g}" height="{g}" fill="#fff" stroke="#777" stroke-width="0.4"/>']
    for number, (player, a, b, closed) in enumerate(moves, 1):
        colour, dash = STROKE[player]
        (xa, ya), (xb, yb) = xy(a), xy(b)
        parts.append(f'<g class="step {player}" data-step="{number}">')
        for c in closed:
            xc, yc = xy(c)
            parts.append(f'<polygon points="{xa},{ya} {xb},{yb} {xc},{yc}" fill="{FILL[player]}" '
                         'fill-opacity="0.14"/>')
        parts.append(f'<line x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}" stroke="{colour}" '
                     f'stroke-width="0.9" stroke-linecap="round"{dash}/></g>')
    for i in range(len(board.dots)):
        x, y = xy(i)
        dx, dy = x - cx, y - cy
        norm = max((dx * dx + dy * dy) ** 0.5, 1e-9)
        lx, ly = x + 4.2 * dx / norm, y + 4.2 * dy / norm + 1.6
        parts.append(f'<circle cx="{x}" cy="{y}" r="1.5" fill="#1b1b1b"/>'
                     f'<text x="{lx:.1f}" y="{ly:.1f}" font-size="4.6" text-anchor="middle" '
                     f'font-family="sans-serif" fill="#1b1b1b">{dot_name(i)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _title(board: Board, moves) -> str:
    names = ", ".join(dot_name(i) for i in range(len(board.dots)))
    drawn = f", with the {len(moves)} moves of the best line drawn" if moves else ""
    return f"The board {board.ident}: {len(board.dots)} dots, {names}{drawn}"


def _words(figures: dict) -> list[str]:
    """The figures as sentences for a teacher or a player (no flags, no field names)."""
    comp = figures["components"]
    n, hull, inside = comp["dots"], figures["hull_dots"], figures["interior_dots"]
    out = [f"{n} dots: {len(hull)} on the outside edge ({' '.join(hull)})"
           + (f" and {len(inside)} inside ({' '.join(inside)})." if inside else ", none inside."),
           f"Difficulty: {figures['band']} ({figures['difficulty']:.2f}). "
           f"{comp['interior_share']:.0%} of the dots are inside the edge, "
           f"{comp['single_dot_triangles']} of the {comp['triangles']} triangles hold exactly one "
           f"dot, and a careful player gains about {comp['stakes_per_move']:.2f} points a move "
           "over a greedy one.",
           f"Every finished game has {figures['moves_in_game']} moves, whatever the order "
           f"(3 × {n} − 3 − {len(hull)}: the lines of a triangulation)."]
    play = figures.get("perfect_play")
    if play:
        out.append(f"With perfect play {outcome(play['first_player_margin'])}; the best opening "
                   f"is {'–'.join(play['best_opening'])}. The best line of play has "
                   f"{len(play['best_line'])} moves.")
    elif n > SOLVE_AT_MOST:
        out.append(f"Perfect play is worked out for boards of up to {SOLVE_AT_MOST} dots; this "
                   f"one has {n}.")
    return out
