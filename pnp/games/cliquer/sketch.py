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
from pnp.i18n.message import Message, Number

PAD = 7                       # lattice units around the square: room for the letters
PLAYERS = ("first", "second")
# the two players told apart by more than colour: the second player's lines are dashed
STROKE = {"first": ("#1d5fa8", ""), "second": ("#b34700", ' stroke-dasharray="3 1.6"')}
FILL = {"first": "#1d5fa8", "second": "#b34700"}


def picture(board: Board, figures: dict, key: str = "picture") -> dict:
    """{"svg": the board (and, when perfect play was worked out, its best line as one
    ``<g data-step=k>`` a move), "svg_title": what the SVG's <title> says (in English there,
    for a page in another language to say in its own), "steps": one sentence a move, "words":
    the figures as sentences}. ``key`` starts the SVG's ids, so that two pictures on one page
    differ."""
    play = figures.get("perfect_play")
    index = {dot_name(i): i for i in range(len(board.dots))}
    line = [tuple(index[end] for end in move.split("-")) for move in play["best_line"]] if play else []
    moves, steps = _replay(board, line)
    title = _title(board, moves)
    return {"svg": _svg(board, moves, key, title), "svg_title": title, "steps": steps,
            "words": _words(figures)}


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
        steps.append(Message(MOVE[player], n=number, a=dot_name(a), b=dot_name(b), points=points,
                             what=_what(points, len(closed)), first=first, second=second))
    return moves, steps


# a move of the best line in words, by who plays it (the two players' sentences differ in more
# than one word in some languages)
MOVE = {"first": Message("Move {n}: the first player draws {a}–{b} and scores {points} ({what}). "
                         "Score: first player {first}, second player {second}."),
        "second": Message("Move {n}: the second player draws {a}–{b} and scores {points} ({what}). "
                          "Score: first player {first}, second player {second}.")}


def _what(points: int, triangles: int) -> Message:
    """What a move's points are made of, in words."""
    if triangles == 0:
        return Message("the line alone")
    made = Message("the line and {n} triangle", "the line and {n} triangles", n=triangles)
    cliques = (points - LINE_POINTS - TRIANGLE_POINTS * triangles) // CLIQUE_POINTS
    if not cliques:
        return made
    return Message("{made} and a 4-clique", "{made} and {n} 4-cliques", n=cliques, made=made)


def _svg(board: Board, moves, key: str, title: Message) -> str:
    g = board.grid

    def xy(i: int) -> tuple[int, int]:      # the page's y grows upward, the screen's downward
        x, y = board.dots[i]
        return x, g - y

    cx = sum(x for x, _ in board.dots) / len(board.dots)
    cy = g - sum(y for _, y in board.dots) / len(board.dots)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{-PAD} {-PAD} {g + 2 * PAD} '
             f'{g + 2 * PAD}" class="board-picture" role="img" aria-labelledby="{escape(key)}-title">',
             f'<title id="{escape(key)}-title">{escape(title)}</title>',
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


def _title(board: Board, moves) -> Message:
    names = ", ".join(dot_name(i) for i in range(len(board.dots)))
    if moves:
        return Message("The board {ident}: {n} dot, {names}, with the {moves} moves of the best "
                       "line drawn", "The board {ident}: {n} dots, {names}, with the {moves} "
                       "moves of the best line drawn", n=len(board.dots), ident=board.ident,
                       names=names, moves=len(moves))
    return Message("The board {ident}: {n} dot, {names}", "The board {ident}: {n} dots, {names}",
                   n=len(board.dots), ident=board.ident, names=names)


def _words(figures: dict) -> list[Message]:
    """The figures as sentences for a teacher or a player (no flags, no field names)."""
    comp = figures["components"]
    n, hull, inside = comp["dots"], figures["hull_dots"], figures["interior_dots"]
    out = [Message("{n} dots: {hull} on the outside edge ({edge}) and {inside} inside ({names}).",
                   "{n} dots: {hull} on the outside edge ({edge}) and {inside} inside ({names}).",
                   n=n, hull=len(hull), edge=" ".join(hull), inside=len(inside), names=" ".join(inside))
           if inside else
           Message("{n} dots: {hull} on the outside edge ({edge}), none inside.",
                   "{n} dots: {hull} on the outside edge ({edge}), none inside.",
                   n=n, hull=len(hull), edge=" ".join(hull)),
           Message("Difficulty: {band} ({difficulty}). {share}% of the dots are inside the edge, "
                   "{single} of the {triangles} triangles hold exactly one dot, and a careful "
                   "player gains about {stakes} points a move over a greedy one.",
                   band=Message(figures["band"]), difficulty=Number(figures["difficulty"], ".2f"),
                   share=Number(comp["interior_share"] * 100, ".0f"),
                   single=comp["single_dot_triangles"], triangles=comp["triangles"],
                   stakes=Number(comp["stakes_per_move"], ".2f")),
           Message("Every finished game has {moves} moves, whatever the order (3 × {n} − 3 − "
                   "{hull}: the lines of a triangulation).",
                   n=n, moves=figures["moves_in_game"], hull=len(hull))]
    play = figures.get("perfect_play")
    if play:
        out.append(Message("With perfect play {outcome}; the best opening is {opening}. The best "
                           "line of play has {moves} moves.",
                           outcome=outcome(play["first_player_margin"]),
                           opening="–".join(play["best_opening"]), moves=len(play["best_line"])))
    elif n > SOLVE_AT_MOST:
        out.append(Message("Perfect play is worked out for boards of up to {most} dots; this one "
                           "has {n}.", n=n, most=SOLVE_AT_MOST))
    return out
