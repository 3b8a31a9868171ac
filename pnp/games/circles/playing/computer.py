"""The computer's choices in a screen game: the project's players (``players``) at a chosen
strength, reckoning only with what a player at the table knows.

The computer knows its own goals, both colors and the board; it never knows yours. Where the
bench's players read both sides' goals (``players.outcomes``), the computer weighs every goal
you could have written alike (``fair_outcomes``): a run of three on your color is your win for
certain; otherwise a move's chance of winning for you is the share of legal goals it meets (for
Spin Cycle's several goals, the chance any one of them does). Its choices are made from the
state alone, before your hand is known (``hand`` is called, and its result sealed, before the
screen takes your hand: see ``match``).
"""

from __future__ import annotations

import random
from functools import lru_cache

from ..board import BEADS_PER_HAND, Board
from ..rules import legal_goals, meets_goal
from .game import State
from .players import HANDS, blind_hand, greedy_move, guessing_move, side_wins, wins_on

# From the weakest to the strongest, the players of players.py by their names there.
STRENGTHS = ("blind", "greedy", "guessing")
BLIND_SPEND = 0.3       # how often the blind player spends a blocker it may (the bench's)


@lru_cache(maxsize=64)
def _goal_share(spaces: tuple[str, str, str], color: str, uncloned: bool, wild: bool) -> float:
    goals = legal_goals(uncloned)
    return sum(meets_goal(spaces, g, color, wild) for g in goals) / len(goals)


def their_chance(board: Board, positions, color: str, runs, goals: int) -> float:
    """The chance a side of ``color`` with ``goals`` unknown goals (drawn alike from the legal
    ones) wins on one of ``runs`` with markers at ``positions``."""
    v = board.variants
    miss = 1.0
    for trio in runs:
        spaces = tuple(board.circles[i].spaces[positions[i]] for i in trio)
        if all(s == color for s in spaces):
            return 1.0
        miss *= (1 - _goal_share(spaces, color, v.uncloned, v.wild_cards)) ** goals
    return 1 - miss


def fair_outcomes(state: State, me: int, my_goals) -> dict:
    """(circle, total) -> the move's worth to the mover's side, as the computer (side ``me``,
    with ``my_goals``) can know it: its own win 1, the other's -1, the other's unknown goals by
    their chance; a move meeting both wins for the mover (house rule)."""
    board, v = state.board, state.board.variants
    outcome = {}
    for circle in range(len(board.circles)):
        runs = [t for t in board.adjacent_triples() if circle in t]
        size = len(board.circles[circle].spaces)
        for total in range(-2 * BEADS_PER_HAND, 2 * BEADS_PER_HAND + 1):
            moved = list(state.positions)
            moved[circle] = (moved[circle] + state.steps(total)) % size
            mine = wins_on(board, moved, runs, state.colors[me], my_goals, v.wild_cards)
            chance = their_chance(board, moved, state.colors[1 - me], runs, v.goals)
            if mine:
                worth = 1.0 if state.mover == me else 1 - 2 * chance   # both met: the mover wins
            else:
                worth = -chance
            outcome[circle, total] = worth if state.mover == me else -worth
    return outcome


def _move(strength: str, state: State, me: int, goals, rng: random.Random, allowed):
    move = {"greedy": greedy_move, "guessing": guessing_move}[strength]
    return move(state.board, fair_outcomes(state, me, goals), rng, allowed)


def choose_circle(strength: str, state: State, me: int, goals, rng: random.Random) -> int:
    """The circle the computer picks as the mover."""
    if strength == "blind":
        return rng.choice(state.allowed())
    return _move(strength, state, me, goals, rng, state.allowed())[0]


def choose_hand(strength: str, state: State, me: int, goals, rng: random.Random) -> int:
    """The computer's hand for the circle picked, from the state alone (never the other hand)."""
    if strength == "blind":
        return blind_hand(rng)
    _, mover_hand, other_hand = _move(strength, state, me, goals, rng, [state.circle])
    return mover_hand if state.mover == me else other_hand


def choose_block(strength: str, state: State, me: int, goals, rng: random.Random) -> bool:
    """Whether the computer spends a blocker on the circle the other side picked: the blind
    player at random, as the bench's does; the others when that circle is worth more to the
    mover than nothing (the mover threatens a win there, as far as the computer can tell)."""
    if strength == "blind":
        return rng.random() < BLIND_SPEND
    outcome = fair_outcomes(state, me, goals)
    average = sum(outcome[state.circle, a + b] for a in HANDS for b in HANDS) / len(HANDS) ** 2
    return average > 0


def met(state: State, side: int, goals) -> str:
    """How ``side``'s goals are met now ("color", "shapes" or ""), for a side whose goals are
    known (the computer's own, or yours once you show your slip)."""
    return side_wins(state.board, state.positions, state.colors[side], goals)
