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

The players (``players=``), all but the blind ones looking one move ahead:

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

import numpy as np

from pnp.games.circles.board import BEADS_PER_HAND, COLORS, NEUTRAL, Board
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


def _hand(rng: random.Random) -> int:
    count = rng.randint(1, BEADS_PER_HAND)
    return count if rng.randrange(2) else -count


HANDS = [k for k in range(-BEADS_PER_HAND, BEADS_PER_HAND + 1) if k]
COUNT_WEIGHT = 0.01     # a marker's worth to marker-count players, far below a win's 1


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
                count += _wins_on(board, moved, runs, color, [goal], wild)
        return count

    rng.shuffle(fresh)
    return max(fresh, key=threats)


def _outcomes(board: Board, positions, color, side_goals, side: int, steps,
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
            mine = _wins_on(board, moved, runs, color[side], side_goals[side], wild)
            theirs = _wins_on(board, moved, runs, color[1 - side], side_goals[1 - side], wild)
            outcome[circle, total] = 1 if mine else (-1 if theirs else 0)
            if counting and not (mine or theirs):
                outcome[circle, total] = COUNT_WEIGHT * (
                    markers_on(board, moved, color[side]) - markers_on(board, moved, color[1 - side]))
    return outcome


def _greedy_move(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
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


def _greedy_first(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
    """As _greedy_move, but the player on the mover's left hides her hand before the circle is
    picked: the hand worst for the mover on average over every circle and hand."""
    circle, a, _ = _greedy_move(board, outcome, rng, allowed)
    answers = sorted(HANDS, key=lambda b: (sum(outcome[c, x + b] for c in allowed for x in HANDS),
                                           rng.random()))
    return circle, a, answers[0]


def _guessing_first(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
    """As _guessing_move, but with the left player's hand hidden before the circle is picked:
    one game whose rows are (circle, hand) pairs."""
    rows = [(c, a) for c in allowed for a in HANDS]
    matrix = np.array([[outcome[c, a + b] for b in HANDS] for c, a in rows], dtype=float)
    _, mine, theirs = equilibrium(matrix)
    choice = _draw(mine, rng, rows)
    return choice[0], choice[1], _draw(theirs, rng)


def _guessing_move(board: Board, outcome: dict, rng, allowed: list[int]) -> tuple[int, int, int]:
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
    return circle, _draw(mine, rng), _draw(theirs, rng)


def _draw(mix, rng, options=HANDS):
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


def _wins_on(board: Board, positions, runs, color: str, goals, wild: bool) -> bool:
    for trio in runs:
        spaces = tuple(board.circles[i].spaces[positions[i]] for i in trio)
        if all(s == color for s in spaces) or \
                any(meets_goal(spaces, g, color, wild) for g in goals):
            return True
    return False


def markers_on(board: Board, positions, color: str) -> int:
    return sum(c.spaces[p] == color for c, p in zip(board.circles, positions))


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
            circle, a, b = rng.choice(allowed), _hand(rng), _hand(rng)
        else:
            outcome = _outcomes(board, positions, color, side_goals, side, steps,
                                counting=players == "lead-keeping" or (
                                    players.endswith("marker-count") and rule.markers), wild=wild)
            early = rule.first_from is not None and game.turns >= rule.first_from
            move = {(True, False): _guessing_move, (False, False): _greedy_move,
                    (True, True): _guessing_first, (False, True): _greedy_first}[
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
