"""A CliqueR board's strategic depth: the skill chain of Lantz, Isaksen, Jaffe, Nealen and
Togelius ("Depth in Strategic Games", 2017).

A ladder of players of rising strength (players.py), in this order:

    random < greedy (most points now) < lookahead2 (one reply) < perfect

Each of these beats the one below it by a wide margin on the boards pnp prints: on 24 boards of
6-9 dots, each chain played twice (``python bench/depth.py --sizes 6,7,8,9 --boards 6 --retest
--no-loss``), greedy won 90-100 % of pairs of games against random, lookahead2 75-100 % against
greedy, perfect play 81-100 % against lookahead2, and the depth came out the same on 24 of 24
(docs/difficulty.md, "How sure"). The players between lookahead2 and perfect play that the
chain had before (lookahead3, and searches of 2,000, 8,000 and 32,000 positions a move) won
41-81 % of pairs against lookahead2 and each other, across any band a test of a few hundred
pairs can afford, so with them a board's depth was as much the games' luck as the board's (the
same depth on 12 of 24 boards, measured again); they are left out.

The chain is walked from the bottom: the *champion* starts as random, and each rung in turn plays
the champion; a rung that *reliably beats* the champion becomes the champion and adds one to the
**depth**. So the depth is the length of a chain of players each of whom reliably beats the one
before, the definition of the paper, and a rung no stronger than the one below is stepped over
instead of ending the chain. The **gain** of a rung is its mean margin a move over the champion
it played.

Whether a rung reliably beats the champion is decided by a sequential test on pairs of games
(sequential.py): a pair is one game from each seat with the same seed, won when the rung's
margins over its two games add up to more than zero, half when to zero. Pairs, not single games,
because the seat decides much of a game: under perfect play the first player wins exactly when
the game's move count is odd, so a perfect player in the losing seat loses a single game to
almost anyone. The test plays pairs until the result is clear, up to 400: a rung that truly wins
70 % of pairs or more passes at least 95 % of the time, one that wins 60 % or less at most 5 % of
the time (half: 0.01 %). Between the two the test promises nothing, so each step comes with its
chance of coming out the same when played again on other games (sequential.again: the test's
chance at each share the pairs make likely, averaged); a step below 80 % is called **close**: it
could well have gone the other way. The depth comes with its range (each close step counted both ways)
and the chance that it comes out the same again (the steps' chances multiplied, as though each
rung met the same champion again), and is **sure** when no step was close.

Perfect play is the top rung when the solver finishes within its budget (its table carries over
from move to move, and the budget bounds all of its work, games included). Otherwise a search
stands in for it, and the figures say why perfect play was left out: ``search`` positions a move
(players.Deepening) for the opening, and perfect play for the last ``exact_moves(n)`` moves of
the game (from a position with that few moves left the solver is quick; a whole 11-dot game is
not). Every game's seed is a string of the chain's seed (``seed``: "board" unless asked, e.g.
`pnp analyze --depth-seed TEXT`), the rung, the pair and the seat, so the same board and seed
give the same figures on any machine, and another seed plays the chain again on other games.
"""

from __future__ import annotations

import random
import time
from typing import Sequence

from .difficulty import measure
from .geometry import Dot
from .players import (Deepening, Lookahead, Perfect, greedy_player, margin, play_game,
                      random_player)
from .rules import Rules
from .sequential import AGAIN, ERROR, EVEN, MOST_PAIRS, STRONG, again, decide, interval
from .solver import MOST_DOTS, Budget, OverBudget, within_reach

SEED = "board"     # the chain's games' seed unless another is asked for
STAND_IN = 32_000      # positions a move of the search that stands in for perfect play...
PERFECT = "perfect"


def exact_moves(n: int) -> int | None:
    """...which plays the last this many moves of the game exactly (players.Deepening's
    exact_from): 20 up to 13 dots, where the solver's C core takes the endgame in about a second
    (on 12 dots, 24 moves a game, 1-2 s of CPU a game); 12 up to 23 dots, where only the
    pure-Python core can (0.6 s a game at 14 dots, 1.3 s at 20); None past 23, where the solver
    cannot (its moves are numbered in a byte), and the stand-in searches 4x the positions
    instead. By the dot count, so the same moves on any machine."""
    return 20 if n <= 13 else 12 if n <= MOST_DOTS else None


def search_name(positions: int, exact: int | None = None) -> str:
    name = f"search{positions // 1000}k" if positions % 1000 == 0 else f"search{positions}"
    return name if exact is None else f"{name}+exact{exact}"


RUNGS = ("random", "greedy", "lookahead2", PERFECT)
MOST_DEPTH = len(RUNGS) - 1


def ladder() -> list:
    """The players of RUNGS below perfect play, fresh for each chain."""
    return [random_player, greedy_player, Lookahead(2)]


def chain(dots: Sequence[Dot], games: int = MOST_PAIRS, tag: str = SEED,
          budget: Budget | None = None, perfect: bool | str = True,
          search: int | None = STAND_IN) -> dict:
    """The chain walked on one board, as JSON-ready figures.

    ``games``: at most this many pairs a rung (the test's cut-off; its error rates hold at
    MOST_PAIRS). ``tag``: the seed of the games. ``perfect``: True to try the perfect rung within
    ``budget``; a string leaves it out and is the reason given. ``search``: positions a move of
    the search rung that stands in for perfect play when it is left out, with an exact endgame
    (4x as many without one, past 23 dots; None: no stand-in, the chain stops at the rung
    below perfect play). Keys: rungs (those played), steps (one per rung above random: rung, below = the
    champion it played, pairs played, win = share of them won, interval = its 90 % interval,
    reliable, again = the chance a rerun gives the same verdict, close, gain a move), depth,
    least and most (the depth's range, each close step counted both ways), again (the steps'
    chances multiplied), sure (no step close), test (the sequential test: even, strong, error,
    most_pairs, again = the line below which a step is close), seed, perfect_play_left_out (None
    or why), search_positions (None unless a stand-in was played), solve_seconds (CPU seconds of
    the first solve; None without perfect play)."""
    if games < 1:
        raise ValueError(f"the skill chain needs at least one pair of games, got {games}")
    rules = Rules(tuple((int(x), int(y)) for x, y in dots))
    players = ladder()
    names = list(RUNGS[:len(players)])
    left_out = perfect if isinstance(perfect, str) else None if perfect else "not asked for"
    if left_out is None and not within_reach(rules):
        left_out = f"past the solver's reach (at most {MOST_DOTS} dots, not {rules.n})"
    solve_seconds = searched = None
    champion, steps = 0, []
    for i in range(1, len(players)):
        steps.append(_step(rules, players[i], players[champion], i, games, tag, names, champion))
        if steps[-1]["reliable"]:
            champion = i
    if left_out is None:
        start = time.process_time()
        try:     # the budget bounds all the solver's work, its games against the champion too
            top = Perfect(rules, budget)
            top.solver.solve(whole_line=False)
            solve_seconds = time.process_time() - start
            steps.append(_step(rules, top, players[champion], len(players), games, tag,
                               names + [PERFECT], champion))
            names.append(PERFECT)
        except (OverBudget, MemoryError) as exc:
            left_out = f"past its budget: {exc}" if isinstance(exc, OverBudget) else "out of memory"
    if left_out is not None and search is not None:
        exact = exact_moves(rules.n)
        searched = search if exact is not None else 4 * search
        names.append(search_name(searched, exact))
        steps.append(_step(rules, Deepening(searched, exact_from=exact), players[champion],
                           len(players), games, tag, names, champion))
    depth = sum(s["reliable"] for s in steps)
    least = depth - sum(s["reliable"] and s["close"] for s in steps)
    most = depth + sum(not s["reliable"] and s["close"] for s in steps)
    repeat = 1.0
    for s in steps:
        repeat *= s["again"]
    return {"rungs": names, "steps": steps, "depth": depth, "least": least, "most": most,
            "again": repeat, "sure": least == most,
            "test": {"even": EVEN, "strong": STRONG, "error": ERROR, "most_pairs": games,
                     "again": AGAIN},
            "seed": tag, "perfect_play_left_out": left_out,
            "search_positions": searched, "solve_seconds": solve_seconds}


def _step(rules: Rules, strong, weak, i: int, most: int, tag: str, names: list[str],
          champion: int) -> dict:
    """Rung i (strong) against the champion (weak): pairs of games, one from each seat, until
    the sequential test decides (at most ``most`` pairs)."""
    margins = []

    def pair(g: int) -> int:
        both = 0
        for seat in (0, 1):       # the stronger rung's seat
            players = [strong, weak] if seat == 0 else [weak, strong]
            end = play_game(rules, players, random.Random(f"depth:{tag}:{i}:{g}:{seat}"))
            both += margin(end, seat)
        margins.append(both)
        return 2 if both > 0 else 1 if both == 0 else 0

    decided, halves, pairs = decide(pair, most)
    total = sum(margins)
    low, high = interval(halves, pairs)
    repeat = again(halves, pairs, decided, most)
    return {"rung": names[i], "below": names[champion], "pairs": pairs, "win": halves / (2 * pairs),
            "interval": [low, high], "reliable": decided, "again": repeat,
            "close": repeat < AGAIN, "gain": total / (2 * pairs) / rules.moves_in_game}


def perfect_loss(dots: Sequence[Dot], games: int, tag: str) -> dict:
    """Points a move greedy and lookahead2 lose to perfect play (both seats, mean): the perfect
    seat's margin beyond what perfect play guarantees that seat. Unbounded: for the bench."""
    from .solver import Solver

    rules = Rules(dots)
    value = Solver(rules).solve(whole_line=False).margin
    top = Perfect(rules)
    out = {}
    for name, weak in (("greedy", greedy_player), ("lookahead2", Lookahead(2))):
        lost = 0.0
        for g in range(games):
            for seat in (0, 1):
                pair = [top, weak] if seat == 0 else [weak, top]
                end = play_game(rules, pair, random.Random(f"loss:{tag}:{name}:{g}:{seat}"))
                lost += margin(end, seat) - (value if seat == 0 else -value)
        out[name] = lost / (2 * games) / rules.moves_in_game
    return out


def board_row(dots: Sequence[Dot]) -> dict:
    """The fast measures beside the chain: difficulty and the interior-dot share."""
    rules = Rules(dots)
    return {"n": rules.n, "difficulty": measure(dots).value,
            "interior": (rules.n - rules.hull) / rules.n}


def format_depth(figures: dict) -> list[str]:
    """The chain as report lines."""
    test, depth = figures["test"], figures["depth"]
    sure = ("sure: no step was close" if figures["sure"] else
            f"between {figures['least']} and {figures['most']}: a close step could well have "
            "gone the other way")
    lines = [f"Depth: {depth} of {len(figures['steps'])} rungs up the chain "
             f"({' < '.join(figures['rungs'])}), {sure}; played again on other games it would "
             f"come out the same about {figures['again']:.0%} of the time",
             f"  Each rung plays the strongest rung below it that passed, in pairs of games (one "
             f"game from each seat, same seed; games seeded {figures['seed']!r}), until a "
             f"sequential test decides, at most {test['most_pairs']} pairs: a rung winning "
             f"{test['strong']:.0%} of pairs passes, and one winning {test['even']:.0%} fails, "
             f"each at least {1 - test['error']:.0%} of the time; a step is close when played "
             f"again it would come out the same less than {test['again']:.0%} of the time"]
    for s in figures["steps"]:
        low, high = s["interval"]
        lines.append(f"  {s['rung']} over {s['below']}: won {s['win']:.0%} of {s['pairs']} pairs "
                     f"(90% interval {low:.0%}-{high:.0%}), {'passed' if s['reliable'] else 'failed'}"
                     f"{' (close)' if s['close'] else ''}, the same again {s['again']:.0%}; "
                     f"gains {s['gain']:+.2f} points a move")
    if figures["perfect_play_left_out"]:
        stand_in = figures["rungs"][-1]
        endgame = (", and perfect play once few moves are left" if "+exact" in stand_in
                   else "")        # past the solver's reach the stand-in has no exact endgame
        top = (f"{stand_in} (lookahead as deep as {figures['search_positions']:,} positions a "
               f"move allow{endgame}) stands in for it" if figures.get("search_positions")
               else f"the chain stops at {RUNGS[-2]}")
        lines.append(f"  perfect play left out of the chain ({figures['perfect_play_left_out']}); "
                     f"{top}")
    return lines
