"""CliqueR's rules: which segments may be drawn, and what each one scores.

A move draws a segment between two unconnected dots that crosses no drawn segment. It scores
1 (the 2-clique it is), plus 3 for every triangle it completes, plus 5 for every 4-clique it
completes, all counted: closing a 4-clique also closes at least two triangles, so it scores at
least 1+3+3+5 = 12 (more when the line closes more triangles or 4-cliques at once).

Everything geometric is decided once per board: segments are numbered, and each segment carries
a bitmask of the segments that cross it. A position is then a few integers (drawn segments,
still-open segments, each dot's neighbours), and a move costs a handful of bit operations.

Theorem used by the analysis and the solver: a finished game is a triangulation of the dots (no
segment can be added without a crossing), so it always has exactly 3n - 3 - h segments, h being
the number of dots on the convex hull, whatever the order of play.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple, Sequence

from .geometry import Dot, collinear_triples, convex_hull, segments_cross

Move = tuple[int, int]  # indices of the two dots, smaller first

# What a move scores, as the article gives it: every clique the new line completes counts.
LINE_POINTS = 1         # the line itself (a 2-clique)
TRIANGLE_POINTS = 3     # each triangle (3-clique) it completes
CLIQUE_POINTS = 5       # each 4-clique it completes
# the smallest move that completes a 4-clique: its line, the two triangles on it, the 4-clique
FOUR_CLIQUE_MOVE = LINE_POINTS + 2 * TRIANGLE_POINTS + CLIQUE_POINTS


class State(NamedTuple):
    """A position: what is drawn, what may still be drawn, who moves, and the scores so far."""

    drawn: int                  # bitmask over segment numbers
    open: int                   # segments still legal: not drawn and crossing nothing drawn
    adjacency: tuple[int, ...]  # per dot, bitmask of dots joined to it
    scores: tuple[int, int]
    to_move: int                # 0 = first player, 1 = second


def triangulation_size(n: int, hull: int) -> int:
    """Segments in every finished game on n dots with ``hull`` of them on the convex hull."""
    return 3 * n - 3 - hull


def check_dots(dots: Sequence[Dot]) -> None:
    """Raise ValueError unless the dots make a playable board (distinct, no three collinear)."""
    if len(dots) < 3:
        raise ValueError(f"a CliqueR board needs at least 3 dots, got {len(dots)}")
    if len(set(dots)) != len(dots):
        raise ValueError("two dots are at the same place")
    bad = collinear_triples(dots)
    if bad:
        i, j, k = bad[0]
        raise ValueError(f"dots {dots[i]}, {dots[j]} and {dots[k]} lie on one line")


class Rules:
    """The rules on one board, with its crossing table computed once."""

    def __init__(self, dots: Sequence[Dot], *, checked: bool = False):
        dots = tuple((int(x), int(y)) for x, y in dots)
        if not checked:
            check_dots(dots)
        self.dots = dots
        self.n = n = len(dots)
        self.segments: tuple[Move, ...] = tuple(combinations(range(n), 2))
        self.number = {seg: k for k, seg in enumerate(self.segments)}
        # index[a][b]: the number of segment ab either way round, for the hot loops
        self.index = [[-1] * n for _ in range(n)]
        for k, (a, b) in enumerate(self.segments):
            self.index[a][b] = self.index[b][a] = k
        crossing = [0] * len(self.segments)
        for k, l in combinations(range(len(self.segments)), 2):
            (a, b), (c, d) = self.segments[k], self.segments[l]
            if segments_cross(dots[a], dots[b], dots[c], dots[d]):
                crossing[k] |= 1 << l
                crossing[l] |= 1 << k
        self.crossing: tuple[int, ...] = tuple(crossing)
        self.all_segments = (1 << len(self.segments)) - 1
        self.hull = len(convex_hull(dots))
        self.moves_in_game = triangulation_size(n, self.hull)

    def start(self) -> State:
        return State(0, self.all_segments, (0,) * self.n, (0, 0), 0)

    def legal_moves(self, state: State) -> list[Move]:
        segs, out, rest = self.segments, [], state.open
        while rest:
            low = rest & -rest
            out.append(segs[low.bit_length() - 1])
            rest ^= low
        return out

    def finished(self, state: State) -> bool:
        return state.open == 0

    def points(self, state: State, move: Move) -> int:
        """What ``move`` would score now (it must be legal)."""
        return move_points(state.adjacency, *move)

    def play(self, state: State, move: Move) -> tuple[State, int]:
        """The position after ``move``, and the points it scored for the player who made it."""
        a, b = (move[1], move[0]) if move[0] > move[1] else move
        k = self.number.get((a, b))
        if k is None or not (state.open >> k) & 1:
            raise ValueError(f"segment {move} is not a legal move here")
        points = move_points(state.adjacency, a, b)
        adjacency = list(state.adjacency)
        adjacency[a] |= 1 << b
        adjacency[b] |= 1 << a
        scores = list(state.scores)
        scores[state.to_move] += points
        return State(state.drawn | 1 << k, state.open & ~(self.crossing[k] | 1 << k),
                     tuple(adjacency), (scores[0], scores[1]), 1 - state.to_move), points

    def drawn_segments(self, state: State) -> list[Move]:
        return [self.segments[k] for k in range(len(self.segments)) if (state.drawn >> k) & 1]


def move_points(adjacency: Sequence[int], a: int, b: int) -> int:
    """1 for the segment ab, 3 per triangle abc it closes, 5 per 4-clique abcd it closes."""
    common = adjacency[a] & adjacency[b]
    triangles = common.bit_count()
    if triangles < 2:
        return LINE_POINTS + TRIANGLE_POINTS * triangles
    # each 4-clique abcd closed by ab is an edge cd inside the common neighbours: count each twice
    twice = 0
    rest = common
    while rest:
        low = rest & -rest
        twice += (adjacency[low.bit_length() - 1] & common).bit_count()
        rest ^= low
    return LINE_POINTS + TRIANGLE_POINTS * triangles + CLIQUE_POINTS * (twice // 2)
