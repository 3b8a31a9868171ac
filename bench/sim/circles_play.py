"""Random play on a board, by the printed rules, to size the printed pieces (the blocker supply),
to see the board is fair, and to count how often the card's house rules come into play.

Nothing here is printed; the bench (bench/circles_play.py) and tests use it. Players move
blindly: a random circle, a random hand of 1..3 chits of a random color. Everything else is the
rules card (pnp/games/circles/card_text.py), house rules included:

- seats alternate sides (two players: one each; four: partners 1 and 3 against 2 and 4), and
  turns pass left, so every turn goes to the other side;
- on a turn the mover and the player on the mover's left hold hands; only that player may spend
  a blocker, at most one per turn, to make the mover pick another circle;
- a marker ending on a neutral space gives the mover a blocker from the supply; an empty supply
  gives nothing; spent blockers go back to the supply;
- after every move both sides are checked; if one move wins for both, the mover's side wins.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.games.circles.board import BEADS_PER_HAND, COLORS, NEUTRAL, Board
from pnp.games.circles.rules import legal_goals, meets_goal, side_of

MAX_TURNS = 2000
BLIND_SPEND = 0.3      # how often a blind player spends a blocker they hold when they may


@dataclass
class Game:
    turns: int = 0
    winner: str | None = None        # the winning side's color, or None (no winner by MAX_TURNS)
    by: str = ""                     # "color" or "shapes"
    first_won: bool = False          # the side that moved first won
    both: bool = False               # one move won for both sides (house rule: the mover's side)
    gained: int = 0                  # blockers taken from the supply during the game
    spent: int = 0
    peak_out: int = 0                # most blockers ever out of the supply at once
    short: int = 0                   # gains missed because the supply was empty (house rule)
    held: dict = field(default_factory=dict)     # blockers each seat holds at the end


def side_wins(board: Board, positions, color: str, goals) -> str:
    """How a side of ``color`` whose players wrote ``goals`` wins here: "color", "shapes" or ""."""
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


def random_game(board: Board, rng: random.Random, spend: float = BLIND_SPEND,
                goals: dict | None = None) -> Game:
    """One blind game for ``board.players`` players; ``spend`` is how often a player who may
    spend a blocker does (0: players hoard them); ``goals`` (seat: goals) if not drawn at random."""
    v = board.variants
    seats = range(1, board.players + 1)
    choices = legal_goals(v.uncloned)
    goals = goals or {s: [rng.choice(choices) for _ in range(v.goals)] for s in seats}
    chooser = rng.randrange(2)                       # this side picks a color ...
    color = {chooser: rng.choice(COLORS)}
    color[1 - chooser] = COLORS[1 - COLORS.index(color[chooser])]
    side_goals = {side: [g for s in seats if side_of(s) == side for g in goals[s]]
                  for side in (0, 1)}
    positions = [c.start for c in board.circles]
    supply = board.blockers - board.players if v.lockdown else 0
    held = {s: 1 if v.lockdown else 0 for s in seats}
    game = Game(peak_out=sum(held.values()))
    # ... and the other side goes first, from either of its seats
    mover = rng.choice([s for s in seats if side_of(s) != chooser])
    first = side_of(mover)
    while game.turns < MAX_TURNS:
        game.turns += 1
        left = mover % board.players + 1
        circle = rng.randrange(len(board.circles))
        if held[left] and rng.random() < spend:
            held[left] -= 1
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
        results = {side: side_wins(board, positions, color[side], side_goals[side])
                   for side in (0, 1)}
        if any(results.values()):
            game.both = all(results.values())
            side = side_of(mover) if results[side_of(mover)] else 1 - side_of(mover)
            game.winner, game.by = color[side], results[side]
            game.first_won = side == first
            break
        mover = left
    game.held = held
    return game
