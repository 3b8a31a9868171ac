"""A game of Thinking in Circles as the rules card plays it, one step at a time, for a screen.

Two sides (0 and 1), one color each. A turn goes through phases:

- ``pick``: the mover picks a circle (not the one blocked this turn; from the card's calm turn
  on, not the one picked the turn before);
- ``block`` (Lockdown, when the other side holds a blocker and the mover could pick another
  circle): the other side spends one, making the mover pick again, or lets the pick stand;
- ``hands``: both sides hide 1 to 3 chits of one color at once (a hand: +1..+3 white,
  -1..-3 black); the marker moves by the total (the card's ending: from its calm turn a total of
  0 moves one space clockwise), and Lockdown gives the mover a blocker on a neutral space;
- ``check``: whoever knows each side's goals says whether that side's goals are met
  (``check``): the state holds no goals, so a side whose goals are secret is never read here.
  If one side is met it wins; if both, the mover's side (house rule); if neither, the next turn,
  or a draw after the card's last turn;
- ``over``.

Each step returns a new state (the old one is left as it was) or raises ``Refused`` with the
reason, so a screen can say why a move was refused. Two players only: the card's four play as
two teams, which one screen against the computer does not seat.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..board import BEADS_PER_HAND, COLORS, NEUTRAL, Board
from ..card_text import ENDING
from ..rules import Ending
from .players import HANDS

PHASES = ("pick", "block", "hands", "check", "over")


class Refused(ValueError):
    """A move the rules do not allow here; ``code`` names the reason (a screen words it)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code


@dataclass(frozen=True)
class Turn:
    """One turn played: who moved, the circle, both hands, the spaces the marker moved."""

    number: int
    mover: int
    circle: int
    hands: tuple[int, int]            # side 0's hand, side 1's hand
    moved: int                        # spaces clockwise (negative: counter-clockwise)
    blocked: int | None = None        # the circle a blocker made the mover give up
    gained: bool = False              # the mover took a blocker (Lockdown)


@dataclass(frozen=True)
class State:
    board: Board
    colors: tuple[str, str]           # side 0's color, side 1's
    positions: tuple[int, ...]
    mover: int
    held: tuple[int, int]             # blockers each side holds (Lockdown)
    supply: int                       # blockers left to gain
    turn: int = 1                     # the turn being played, counted from 1, both sides together
    phase: str = "pick"
    circle: int | None = None         # the circle picked this turn
    blocked: int | None = None        # the circle blocked this turn (at most one blocker a turn)
    last: int | None = None           # the circle picked the turn before
    turns: tuple[Turn, ...] = ()
    winner: int | None = None         # the winning side, once over (None: a draw)
    by: str = ""                      # "color" or "shapes" (how the winner's run was met)
    ending: Ending = ENDING

    @property
    def other(self) -> int:
        return 1 - self.mover

    def allowed(self) -> list[int]:
        """The circles the mover may pick now."""
        fresh = self.ending.fresh and self.ending.in_force(self.turn)
        return [c for c in range(len(self.board.circles))
                if c != self.blocked and not (fresh and c == self.last)]

    def may_block(self) -> bool:
        """Whether the other side may spend a blocker on the circle just picked."""
        return (self.board.variants.lockdown and self.blocked is None and self.held[self.other] > 0
                and len(self.allowed()) > 1)

    def spaces(self) -> tuple[str, ...]:
        """The space each marker is on."""
        return tuple(c.spaces[p] for c, p in zip(self.board.circles, self.positions))

    def steps(self, total: int) -> int:
        return self.ending.steps(total, self.turn, self.colors[self.mover])


def new_game(board: Board, colors: tuple[str, str], first: int) -> State:
    """The board set up: markers on their start spaces, one blocker each with Lockdown (the
    supply is the printed one: every blocker printed less one a player), ``first`` to move."""
    if sorted(colors) != sorted(COLORS):
        raise Refused("colors", f"one side black and one white, not {colors}")
    lockdown = board.variants.lockdown
    return State(board=board, colors=tuple(colors), positions=tuple(c.start for c in board.circles),
                 mover=first, held=(1, 1) if lockdown else (0, 0),
                 supply=max(0, board.blockers - board.players) if lockdown else 0)


def _expect(state: State, phase: str) -> None:
    if state.phase != phase:
        raise Refused("phase", f"the game waits for {state.phase!r}, not {phase!r}")


def pick(state: State, circle: int) -> State:
    """The mover picks ``circle`` (numbered from 0)."""
    _expect(state, "pick")
    if not 0 <= circle < len(state.board.circles):
        raise Refused("no-circle", f"there is no circle {circle + 1}")
    if circle == state.blocked:
        raise Refused("blocked", f"circle {circle + 1} is blocked this turn")
    if circle not in state.allowed():
        raise Refused("twice", f"circle {circle + 1} was picked last turn")
    picked = replace(state, circle=circle, phase="hands")
    return replace(picked, phase="block") if picked.may_block() else picked


def block(state: State, spend: bool) -> State:
    """The other side spends a blocker on the circle picked (``spend``) or lets it stand."""
    _expect(state, "block")
    if not spend:
        return replace(state, phase="hands")
    held = list(state.held)
    held[state.other] -= 1
    return replace(state, held=tuple(held), supply=state.supply + 1, blocked=state.circle,
                   circle=None, phase="pick")


def hands(state: State, hand0: int, hand1: int) -> State:
    """Both hands open together (side 0's, side 1's): the marker moves by their total."""
    _expect(state, "hands")
    for hand in (hand0, hand1):
        if hand not in HANDS:
            raise Refused("hand", f"a hand is 1 to {BEADS_PER_HAND} chits of one color, not {hand}")
    circle = state.board.circles[state.circle]
    moved = state.steps(hand0 + hand1)
    positions = list(state.positions)
    positions[state.circle] = (positions[state.circle] + moved) % len(circle.spaces)
    held, supply = list(state.held), state.supply
    gained = (state.board.variants.lockdown and circle.spaces[positions[state.circle]] == NEUTRAL
              and supply > 0)
    if gained:
        held[state.mover] += 1
        supply -= 1
    turn = Turn(state.turn, state.mover, state.circle, (hand0, hand1), moved, state.blocked, gained)
    return replace(state, positions=tuple(positions), held=tuple(held), supply=supply,
                   turns=state.turns + (turn,), phase="check")


def check(state: State, met: tuple[str, str]) -> State:
    """After a move: ``met`` says for each side how its goals are met now ("color", "shapes",
    or "" for not at all), as whoever knows that side's goals reckons it."""
    _expect(state, "check")
    if met[0] or met[1]:
        won = state.mover if met[state.mover] else state.other      # both: the mover's (house rule)
        return replace(state, phase="over", winner=won, by=met[won])
    if state.turn >= state.ending.draw_at:
        return replace(state, phase="over", winner=None)
    return replace(state, phase="pick", mover=state.other, turn=state.turn + 1, circle=None,
                   blocked=None, last=state.circle)
