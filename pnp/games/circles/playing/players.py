"""The players of Thinking in Circles: what a player looking at the board hides and picks, from
the blind one to the one who plays each turn as the guessing game it is.

They were the simulator's (tests/support/sim/circles_play.py, which plays whole games with them
for the bench and the tests); they live in the package so that the screen's computer
(``computer``) plays the same players the bench measured, and the tests import them from here.

- blind: a random circle, a random hand of 1..3 chits of a random color (``blind_hand``).
- greedy: the mover picks the circle and hand that give her side the best chance of a win now,
  less the other side's, weighing the other hand's 12 choices alike; the other player, knowing
  the circle, hides the hand that does her the most harm on the same reckoning
  (``greedy_move``). Each plays one fixed best reply to a guesser who picks at random.
- guessing: one move ahead as the greedy are, but playing the turn as the guessing game it is:
  two hands hidden at once make a zero-sum game, and both draw their hands from its equilibrium
  (``equilibrium``: a mix neither player can beat, however the other guesses), the mover
  picking the circle whose game is worth most to her (``guessing_move``).

Every move function reads only ``outcome`` ((circle, total) -> the move's worth to the mover's
side) and the circles allowed, so what a player knows is decided by whoever builds ``outcome``.
"""

from __future__ import annotations

import random

import numpy as np

from ..board import BEADS_PER_HAND, Board
from ..rules import meets_goal

def side_wins(board: Board, positions, color: str, goals, wild: bool | None = None) -> str:
    """How a side of ``color`` whose players wrote ``goals`` wins here: "color", "shapes" or ""
    (``wild``: whether Wild Cards is in play; None: as the board's variants say)."""
    wild = board.variants.wild_cards if wild is None else wild
    for trio in board.adjacent_triples():
        spaces = tuple(board.circles[i].spaces[positions[i]] for i in trio)
        if all(s == color for s in spaces):
            return "color"
        if any(meets_goal(spaces, g, color, wild) for g in goals):
            return "shapes"
    return ""


def blind_hand(rng: random.Random) -> int:
    count = rng.randint(1, BEADS_PER_HAND)
    return count if rng.randrange(2) else -count


HANDS = [k for k in range(-BEADS_PER_HAND, BEADS_PER_HAND + 1) if k]
COUNT_WEIGHT = 0.01     # a marker's worth to marker-count players, far below a win's 1


def outcomes(board: Board, positions, color, side_goals, side: int, steps,
              counting: bool, wild: bool) -> dict:
    """(circle, total) -> the move's worth to the mover's side: 1 a win now, -1 the other side's
    (a move meeting both wins for the mover), else 0 (marker-count: COUNT_WEIGHT a marker more
    on her color than on the other). ``steps(total, circle)``: the spaces that circle's marker
    moves. A move only changes its circle, and no run was a win before it, so only runs through
    that circle are looked at."""
    outcome = {}
    for circle in range(len(board.circles)):
        runs = [t for t in board.adjacent_triples() if circle in t]
        size = len(board.circles[circle].spaces)
        for total in range(-2 * BEADS_PER_HAND, 2 * BEADS_PER_HAND + 1):
            moved = list(positions)
            moved[circle] = (moved[circle] + steps(total, circle)) % size
            mine = wins_on(board, moved, runs, color[side], side_goals[side], wild)
            theirs = wins_on(board, moved, runs, color[1 - side], side_goals[1 - side], wild)
            outcome[circle, total] = 1 if mine else (-1 if theirs else 0)
            if counting and not (mine or theirs):
                outcome[circle, total] = COUNT_WEIGHT * (
                    markers_on(board, moved, color[side]) - markers_on(board, moved, color[1 - side]))
    return outcome


def greedy_move(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
    """(circle, mover's hand, left player's hand) for greedy players: the mover picks the circle
    and hand best for her side on average over the other hand; the player on her left, knowing
    the circle, hides the hand worst for her on average over the mover's."""
    best, choice = None, None
    order = allowed[:]
    rng.shuffle(order)
    for circle in order:
        hands = HANDS[:]
        rng.shuffle(hands)
        for a in hands:
            value = sum(outcome[circle, a + b] for b in HANDS)
            if best is None or value > best:
                best, choice = value, (circle, a)
    circle, a = choice
    answers = sorted(HANDS, key=lambda b: (sum(outcome[circle, x + b] for x in HANDS), rng.random()))
    return circle, a, answers[0]


def greedy_first(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
    """As greedy_move, but the player on the mover's left hides her hand before the circle is
    picked: the hand worst for the mover on average over every circle and hand."""
    circle, a, _ = greedy_move(board, outcome, rng, allowed)
    answers = sorted(HANDS, key=lambda b: (sum(outcome[c, x + b] for c in allowed for x in HANDS),
                                           rng.random()))
    return circle, a, answers[0]


def guessing_first(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
    """As guessing_move, but with the left player's hand hidden before the circle is picked:
    one game whose rows are (circle, hand) pairs."""
    rows = [(c, a) for c in allowed for a in HANDS]
    matrix = np.array([[outcome[c, a + b] for b in HANDS] for c, a in rows], dtype=float)
    _, mine, theirs = equilibrium(matrix)
    choice = draw(mine, rng, rows)
    return choice[0], choice[1], draw(theirs, rng)


def guessing_move(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
    """(circle, mover's hand, left player's hand) for guessing players: each circle's turn as a
    game of hidden hands, solved (``equilibrium``); the mover takes a circle of the highest
    worth (ties at random), and both draw their hands from that game's equilibrium mixes."""
    worths = {}
    for circle in allowed:
        matrix = np.array([[outcome[circle, a + b] for b in HANDS] for a in HANDS], dtype=float)
        worths[circle] = equilibrium(matrix)
    top = max(w[0] for w in worths.values())
    circle = rng.choice([c for c, w in worths.items() if w[0] >= top - 1e-9])
    _, mine, theirs = worths[circle]
    return circle, draw(mine, rng), draw(theirs, rng)


def draw(mix, rng, options=HANDS):
    """One of ``options`` (HANDS: a hand) drawn from ``mix`` (a chance for each), by the game's
    rng."""
    pick, acc = rng.random(), 0.0
    for option, chance in zip(options, mix):
        acc += chance
        if pick < acc:
            return option
    return options[-1]


def equilibrium(matrix) -> tuple[float, list[float], list[float]]:
    """The zero-sum game with payoffs ``matrix`` (rows: the maximising player's choices):
    (value, the row player's mix, the column player's mix), each mix guaranteeing the value
    against anything the other plays. A constant game: both mix evenly. By the simplex method
    (Bland's rule, so it ends) on the column player's program: shifted to positive payoffs B,
    maximise sum(y) with B y <= 1, y >= 0; value 1 / sum(y); the row mix from the duals."""
    m, n = matrix.shape
    low, high = float(matrix.min()), float(matrix.max())
    if high - low < 1e-12:
        return low, [1 / m] * m, [1 / n] * n
    shift = 1.0 - low
    table = np.zeros((m + 1, n + m + 1))
    table[:m, :n] = matrix + shift
    table[:m, n:n + m] = np.eye(m)
    table[:m, -1] = 1.0
    table[m, :n] = -1.0
    basis = list(range(n, n + m))
    eps = 1e-12
    while True:
        entering = next((j for j in range(n + m) if table[m, j] < -eps), None)
        if entering is None:
            break
        rows = [i for i in range(m) if table[i, entering] > eps]
        leaving = min(rows, key=lambda i: (table[i, -1] / table[i, entering], basis[i]))
        table[leaving] /= table[leaving, entering]
        for i in range(m + 1):
            if i != leaving and table[i, entering] != 0:
                table[i] -= table[i, entering] * table[leaving]
        basis[leaving] = entering
    y = np.zeros(n)
    for i, b in enumerate(basis):
        if b < n:
            y[b] = table[i, -1]
    duals = np.maximum(table[m, n:n + m], 0.0)
    total = y.sum()
    return 1.0 / total - shift, list(duals / duals.sum()), list(y / total)


def wins_on(board: Board, positions, runs, color: str, goals, wild: bool) -> bool:
    for trio in runs:
        spaces = tuple(board.circles[i].spaces[positions[i]] for i in trio)
        if all(s == color for s in spaces) or \
                any(meets_goal(spaces, g, color, wild) for g in goals):
            return True
    return False


def markers_on(board: Board, positions, color: str) -> int:
    return sum(c.spaces[p] == color for c, p in zip(board.circles, positions))
