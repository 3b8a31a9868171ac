"""Random play on a board, to size the printed pieces (blocker supply) and to see the board is fair.

Nothing here is printed; the bench (bench/circles_play.py) and tests use it. Players move
blindly: a random circle, a random hand of 1..3 beads of a random color. Spent blockers go back
to the supply (the rules do not say; it is the natural reading of "a supply").
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.games.circles.board import BEADS_PER_HAND, COLORS, NEUTRAL, Board
from pnp.games.circles.rules import legal_goals, meets_goal

MAX_TURNS = 2000


@dataclass
class Game:
    turns: int = 0
    winner: str | None = None        # "black", "white", or None (no winner by MAX_TURNS)
    by: str = ""                     # "color" or "shapes"
    both: bool = False               # one move met both players' goals (the mover is counted)
    gained: int = 0                  # blockers taken from the supply during the game
    spent: int = 0
    peak_out: int = 0                # most blockers ever out of the supply at once
    short: int = 0                   # gains missed because the supply was empty
    held: dict = field(default_factory=dict)


def _wins(board: Board, positions, color: str, goals) -> str:
    for trio in board.adjacent_triples():
        spaces = tuple(board.circles[i].spaces[positions[i]] for i in trio)
        if all(s == color for s in spaces):
            return "color"
        if any(meets_goal(spaces, g, color, board.variants.wild_cards) for g in goals):
            return "shapes"
    return ""


def _hand(rng: random.Random) -> int:
    count = rng.randint(1, BEADS_PER_HAND)
    return count if rng.randrange(2) else -count


def random_game(board: Board, rng: random.Random, spend: float = 0.3) -> Game:
    """One blind game between two players; ``spend`` is how often a held blocker is used."""
    v = board.variants
    choices = legal_goals(v.uncloned)
    goals = {c: [rng.choice(choices) for _ in range(v.goals)] for c in COLORS}
    positions = [c.start for c in board.circles]
    supply = board.blockers - board.players if v.lockdown else 0
    held = {c: 1 if v.lockdown else 0 for c in COLORS}
    game = Game(peak_out=sum(held.values()))
    mover = rng.choice(COLORS)     # whoever chose a color lets the other go first
    while game.turns < MAX_TURNS:
        game.turns += 1
        other = COLORS[1 - COLORS.index(mover)]
        circle = rng.randrange(len(board.circles))
        if held[other] and rng.random() < spend:
            held[other] -= 1
            supply += 1
            game.spent += 1
            circle = rng.choice([i for i in range(len(board.circles)) if i != circle])
        spaces = board.circles[circle].spaces
        positions[circle] = (positions[circle] + _hand(rng) + _hand(rng)) % len(spaces)
        if v.lockdown and spaces[positions[circle]] == NEUTRAL:
            if supply:
                supply -= 1
                held[mover] += 1
                game.gained += 1
                game.peak_out = max(game.peak_out, sum(held.values()))
            else:
                game.short += 1
        results = {c: _wins(board, positions, c, goals[c]) for c in COLORS}
        if any(results.values()):
            game.both = all(results.values())
            game.winner = mover if results[mover] else other
            game.by = results[game.winner]
            break
        mover = other
    game.held = held
    return game
