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
- after every move both sides are checked; if one move wins for both, the mover's side wins;
- a game nobody has won after ``TURN_LIMIT`` turns ends: the side with more markers on its color
  wins, equal is a draw (``Game.limit``).

Greedy players (``greedy=True``) look one move ahead: the mover picks the circle and hand that
give her side the best chance of a win now, less the other side's; the player on her left
hides the hand that does it the most harm. Two such players can block each other for a very
long time, which is what the turn limit is for. Marker-count players (``counting=True``) are
greedy players who, where no move wins or loses now, also play for the turn limit's tie-break:
more markers on their side's color than on the other's (issue 36: they freeze an early lead by
cancelling each other's hands).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.games.circles.board import BEADS_PER_HAND, COLORS, NEUTRAL, Board
from pnp.games.circles.card_text import TURN_LIMIT
from pnp.games.circles.rules import legal_goals, meets_goal, side_of

MAX_TURNS = 2000        # without the turn limit (limit=False), a game stops here unwon
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
    limit: bool = False              # ended by the turn limit (winner None: a draw)


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


HANDS = [k for k in range(-BEADS_PER_HAND, BEADS_PER_HAND + 1) if k]


COUNT_WEIGHT = 0.01     # a marker's worth to marker-count players, far below a win's 1


def _greedy_move(board: Board, positions, color, side_goals, side: int, rng,
                 counting: bool = False) -> tuple[int, int, int]:
    """(circle, mover's hand, left player's hand) for greedy players: the mover picks the circle
    and hand best for her side on average over the other hand (a win 1, the other side's win
    -1); the player on her left, knowing the circle, hides the hand worst for her on average. A move
    only changes its circle, and no run was a win before it, so only runs through that circle
    and the 13 totals -6..+6 are looked at."""
    outcome = {}
    for circle in range(len(board.circles)):
        runs = [t for t in board.adjacent_triples() if circle in t]
        size = len(board.circles[circle].spaces)
        for total in range(-2 * BEADS_PER_HAND, 2 * BEADS_PER_HAND + 1):
            moved = list(positions)
            moved[circle] = (moved[circle] + total) % size
            mine = _wins_on(board, moved, runs, color[side], side_goals[side])
            theirs = _wins_on(board, moved, runs, color[1 - side], side_goals[1 - side])
            outcome[circle, total] = 1 if mine else (-1 if theirs else 0)
            if counting and not (mine or theirs):
                outcome[circle, total] = COUNT_WEIGHT * (
                    markers_on(board, moved, color[side]) - markers_on(board, moved, color[1 - side]))
    # hands are hidden together: each player weighs the other's six hands alike; the player on
    # the mover's left knows only the circle
    best, choice = None, None
    order = list(range(len(board.circles)))
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


def _wins_on(board: Board, positions, runs, color: str, goals) -> bool:
    for trio in runs:
        spaces = tuple(board.circles[i].spaces[positions[i]] for i in trio)
        if all(s == color for s in spaces) or \
                any(meets_goal(spaces, g, color, board.variants.wild_cards) for g in goals):
            return True
    return False


def markers_on(board: Board, positions, color: str) -> int:
    return sum(c.spaces[p] == color for c, p in zip(board.circles, positions))


def random_game(board: Board, rng: random.Random, spend: float = BLIND_SPEND,
                goals: dict | None = None, greedy: bool = False, limit: bool = False,
                counting: bool = False) -> Game:
    """One game for ``board.players`` players; ``spend`` is how often a player who may spend a
    blocker does (0: players hoard them); ``goals`` (seat: goals) if not drawn at random;
    ``greedy`` players look one move ahead (blind ones play at random); ``limit`` plays the
    card's turn limit (without it a game stops unwon at MAX_TURNS)."""
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
    while game.turns < (TURN_LIMIT if limit else MAX_TURNS):
        game.turns += 1
        left = mover % board.players + 1
        if greedy:
            circle, a, b = _greedy_move(board, positions, color, side_goals, side_of(mover), rng,
                                        counting)
        else:
            circle, a, b = rng.randrange(len(board.circles)), _hand(rng), _hand(rng)
        if held[left] and rng.random() < spend:
            held[left] -= 1
            supply += 1
            game.spent += 1
            circle = rng.choice([i for i in range(len(board.circles)) if i != circle])
        spaces = board.circles[circle].spaces
        positions[circle] = (positions[circle] + a + b) % len(spaces)
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
    if game.winner is None and limit:           # the card's turn limit: more markers wins
        game.limit = True
        counts = {side: markers_on(board, positions, color[side]) for side in (0, 1)}
        if counts[0] != counts[1]:
            side = max(counts, key=counts.get)
            game.winner, game.by, game.first_won = color[side], "limit", side == first
    game.held = held
    return game
