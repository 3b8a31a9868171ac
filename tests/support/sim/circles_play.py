"""Simulated play on a board, by the printed rules: to size the printed pieces (the blocker
supply), to see the board is fair, and to count how often the card's house rules come into play.

Nothing here is printed; the bench (bench/circles_play.py) and tests use it. Everything is the
rules card (pnp/games/circles/card_text.py), house rules included:

- seats alternate sides (two players: one each; four: partners 1 and 3 against 2 and 4), and
  turns pass left, so every turn goes to the other side;
- on a turn the mover and the player on the mover's left hold hands; only that player may spend
  a blocker, at most one per turn, to make the mover pick another circle;
- a marker ending on a neutral space gives the mover a blocker from the supply; an empty supply
  gives nothing; spent blockers go back to the supply;
- after every move both sides are checked; if one move wins for both, the mover's side wins;
- the game's ending (``ending``, rules.Ending; the card's is card_text.ENDING: after 40 turns
  a total of 0 moves the marker one space clockwise and no circle may be picked twice in a
  row, and a game unwon after 200 turns is a draw); the endings the bench weighs besides it
  (``Candidate``: Wild Cards or more goals from some turn on, a hand hidden first, a total of 0
  sending the marker back to its start). Without one (``ending=None``) a total of 0 never moves
  and a game stops unwon at MAX_TURNS.

The players (``players=``), all but the blind ones looking one move ahead; their code is the
package's (pnp/games/circles/playing/players.py, which the screen's computer plays too); this
module plays whole games with them and adds the bench's endings:

- ``blind``: a random circle, a random hand of 1..3 chits of a random color.
- ``greedy``: the mover picks the circle and hand that give her side the best chance of a win
  now, less the other side's, weighing the other hand's 12 choices alike; the player on her
  left, knowing the circle, hides the hand that does her the most harm on the same reckoning.
  Each plays one fixed best reply to a guesser who picks at random, so in the same position
  they hide the same hands, and two of them can block each other for thousands of turns: hands
  that cancel, or a marker sent back and forth between two spaces.
- ``marker-count``: greedy players who, where no move wins or loses now, also play for more
  markers on their side's color than on the other's (the card's tie-break after 150 turns:
  they freeze an early lead by cancelling each other's hands).
- ``guessing``: one move ahead as the greedy are, but playing the turn as the guessing game it
  is: two hands hidden at once make a zero-sum game (the mover's side winning now 1, the other
  side -1), and both draw their hands from its equilibrium (``equilibrium``: a mix neither
  player can beat, however the other guesses), the mover picking the circle whose game is worth
  most to her. A greedy player facing someone who reads her fixed hands would have to play so.
- ``guessing marker-count``: guessing players who also play for markers on their color.
- ``lead-keeping``: marker-count players who keep playing for markers on their color when the
  ending does not reward them (the card's since issue 36 does not: marker-count players then
  have nothing more to play for and play as greedy ones).

Every player that looks ahead looks with the game's ending (``Ending.steps``), so it plays what
the rule rewards: once totals of 0 move, a mover can aim at the space one step her way.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.games.circles.board import BEADS_PER_HAND, COLORS, NEUTRAL, Board
from pnp.games.circles.playing.players import (  # noqa: F401 - the players, and what tests read
    HANDS, blind_hand, equilibrium, greedy_first, greedy_move, guessing_first, guessing_move,
    markers_on, outcomes, side_wins, wins_on)
from pnp.games.circles.rules import Ending, legal_goals, meets_goal, side_of

MAX_TURNS = 2000        # without an ending (ending=None), a game stops here unwon
BLIND_SPEND = 0.3      # how often a player spends a blocker they hold when they may
PLAYERS = ("blind", "greedy", "marker-count", "guessing", "guessing marker-count", "lead-keeping")


@dataclass
class Game:
    turns: int = 0
    winner: str | None = None        # the winning side's color, or None (no winner)
    by: str = ""                     # "color", "shapes", or "markers" (the rule before issue 36)
    first_won: bool = False          # the side that moved first won
    both: bool = False               # one move won for both sides (house rule: the mover's side)
    gained: int = 0                  # blockers taken from the supply during the game
    spent: int = 0
    peak_out: int = 0                # most blockers ever out of the supply at once
    short: int = 0                   # gains missed because the supply was empty (house rule)
    held: dict = field(default_factory=dict)     # blockers each seat holds at the end
    limit: bool = False              # went to the ending's last turn unwon (a draw, or markers)
    stepped: int = 0                 # totals of 0 the ending moved a marker on
    step_won: bool = False           # the winning move was one of them
    rule_won: bool = False           # the win needed the ending: a step it moved, or Wild Cards
                                     # or a goal a Candidate's rule switched on or wrote


@dataclass(frozen=True)
class Candidate(Ending):
    """An ending the bench weighs that changes more than a card's Ending can (rules.Ending keeps
    only what a card may print): from ``wild_from`` Wild Cards is in play; from ``goals_from``,
    every ``goals_every`` turns, each side writes one more goal (Spin Cycle, "for a faster
    game"), at random or (``smart``) the one with the most winning moves now, never one the
    markers show already; ``reset``: a total of 0 in force sends the marker back to its start
    (a neutral space, so it can never win); from ``first_from`` the player on the mover's left
    hides her hand before the circle is picked; from ``fresh_from`` no circle may be picked
    twice in a row, whether or not totals of 0 move."""

    wild_from: int | None = None
    goals_from: int | None = None
    goals_every: int = 20
    smart: bool = False
    reset: bool = False
    first_from: int | None = None
    fresh_from: int | None = None

    def wild(self, turn: int) -> bool:
        return self.wild_from is not None and turn >= self.wild_from

    def goals_due(self, turn: int) -> bool:
        return self.goals_from is not None and turn >= self.goals_from and \
            (turn - self.goals_from) % self.goals_every == 0

    def fresh_now(self, turn: int) -> bool:
        return (self.fresh and self.in_force(turn)) or \
            (self.fresh_from is not None and turn >= self.fresh_from)


def as_candidate(ending: Ending) -> Candidate:
    return ending if isinstance(ending, Candidate) else Candidate(**vars(ending))


NO_STEP = Ending(step_from=None, draw_at=MAX_TURNS)      # a total of 0 never moves


def _new_goal(board: Board, positions, color: str, goals, choices, wild: bool, smart: bool, rng):
    """The goal a side writes when a Candidate's rule lets it (None: none left): never one met
    now; at random, or the one with the most winning (circle, total) moves."""
    shown = [tuple(board.circles[i].spaces[positions[i]] for i in t)
             for t in board.adjacent_triples()]
    fresh = [g for g in choices if g not in goals and not any(
        meets_goal(spaces, g, color, wild) for spaces in shown)]
    if not fresh:
        return None
    if not smart:
        return rng.choice(fresh)

    def threats(goal) -> int:
        count = 0
        for c, circle in enumerate(board.circles):
            runs = [t for t in board.adjacent_triples() if c in t]
            for total in range(-2 * BEADS_PER_HAND, 2 * BEADS_PER_HAND + 1):
                moved = list(positions)
                moved[c] = (moved[c] + total) % len(circle.spaces)
                count += wins_on(board, moved, runs, color, [goal], wild)
        return count

    rng.shuffle(fresh)
    return max(fresh, key=threats)


def random_game(board: Board, rng: random.Random, spend: float = BLIND_SPEND,
                goals: dict | None = None, players: str = "blind",
                ending: Ending | None = None) -> Game:
    """One game for ``board.players`` players; ``spend`` is how often a player who may spend a
    blocker does (0: players hoard them); ``goals`` (seat: goals) if not drawn at random;
    ``players``: one of PLAYERS (both sides play alike); ``ending``: the rule that ends a game
    nobody wins (None: none, a game stops unwon at MAX_TURNS)."""
    if players not in PLAYERS:
        raise ValueError(f"players: one of {PLAYERS}, not {players!r}")
    rule = as_candidate(ending or NO_STEP)
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
    last = None                                      # the circle picked on the turn before
    added = {0: [], 1: []}                           # goals a Candidate's rule had written
    while game.turns < rule.draw_at:
        game.turns += 1
        left = mover % board.players + 1
        side = side_of(mover)
        wild = v.wild_cards or rule.wild(game.turns)
        if rule.goals_due(game.turns):
            for s in (0, 1):
                goal = _new_goal(board, positions, color[s], side_goals[s], choices, wild,
                                 rule.smart, rng)
                if goal:
                    side_goals[s].append(goal)
                    added[s].append(goal)

        def steps(total: int, circle: int) -> int:
            if rule.reset and total == 0 and rule.in_force(game.turns):
                return board.circles[circle].start - positions[circle]
            return rule.steps(total, game.turns, color[side])

        allowed = [i for i in range(len(board.circles))
                   if not (i == last and rule.fresh_now(game.turns))]
        if players == "blind":
            circle, a, b = rng.choice(allowed), blind_hand(rng), blind_hand(rng)
        else:
            outcome = outcomes(board, positions, color, side_goals, side, steps,
                                counting=players == "lead-keeping" or (
                                    players.endswith("marker-count") and rule.markers), wild=wild)
            early = rule.first_from is not None and game.turns >= rule.first_from
            move = {(True, False): guessing_move, (False, False): greedy_move,
                    (True, True): guessing_first, (False, True): greedy_first}[
                        players.startswith("guessing"), early]
            circle, a, b = move(board, outcome, rng, allowed)
        if held[left] and rng.random() < spend:
            held[left] -= 1
            supply += 1
            game.spent += 1
            circle = rng.choice([i for i in allowed if i != circle])
        last = circle
        spaces = board.circles[circle].spaces
        moved = steps(a + b, circle)
        game.stepped += moved != a + b
        positions[circle] = (positions[circle] + moved) % len(spaces)
        if v.lockdown and spaces[positions[circle]] == NEUTRAL:
            if supply:
                supply -= 1
                held[mover] += 1
                game.gained += 1
                game.peak_out = max(game.peak_out, sum(held.values()))
            else:
                game.short += 1
        results = {s: side_wins(board, positions, color[s], side_goals[s], wild) for s in (0, 1)}
        if any(results.values()):
            game.both = all(results.values())
            won = side if results[side] else 1 - side
            game.winner, game.by = color[won], results[won]
            game.first_won = won == first
            game.step_won = moved != a + b
            # would the win stand without what the rule switched on or wrote?
            game.rule_won = game.step_won or not side_wins(
                board, positions, color[won], [g for g in side_goals[won] if g not in added[won]],
                v.wild_cards)
            break
        mover = left
    if game.winner is None and ending is not None:        # the ending's last turn
        game.limit = True
        counts = {s: markers_on(board, positions, color[s]) for s in (0, 1)}
        if ending.markers and counts[0] != counts[1]:
            won = max(counts, key=counts.get)
            game.winner, game.by, game.first_won = color[won], "markers", won == first
    game.held = held
    return game
