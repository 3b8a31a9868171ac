"""You against the computer on one board: the game (``game``), the computer's choices
(``computer``) and the seals (``fair``), as a screen drives them one request at a time.

Side 0 is you, side 1 the computer. The computer's goals are drawn and sealed when the match
starts and its hand is chosen and sealed before yours is asked for; ``view`` (all a screen is
sent) carries those seals, and their openings only once they are due: a hand once both hands
are open, the goals at the end. Your slip stays with the screen: it sends its seal when the
game starts, and opens it only to claim a win (``claim``). After every move the screen says
whether it claims (the card checks after every move, whoever made it).

Every step the computer takes is taken here, before the view is made, so a view always waits
for you or is over.
"""

from __future__ import annotations

import random

from ..board import COLORS, Board
from ..data import to_data
from ..rules import legal_goals
from . import computer, game
from .fair import goals_text, new_salt, opens, parse_goals, sealed
from .game import Refused

YOU, COMPUTER = 0, 1
WHO = ("you", "computer")


class Match:
    def __init__(self, board: Board, strength: str, your_seal: str, your_color: str | None = None,
                 rng: random.Random | None = None):
        """``your_color``: the color you choose (the computer then goes first, as the rules say
        the other player does); None: the computer chooses, at random, and you go first."""
        if strength not in computer.STRENGTHS:
            raise Refused("strength", f"strength is one of {', '.join(computer.STRENGTHS)}")
        if not (isinstance(your_seal, str) and len(your_seal) == 64):
            raise Refused("seal", "your slip's seal is 64 hex digits")
        self.rng = rng or random.Random(new_salt())
        if your_color is None:
            theirs = self.rng.choice(COLORS)
            your_color, first = COLORS[1 - COLORS.index(theirs)], YOU
        elif your_color in COLORS:
            first = COMPUTER
        else:
            raise Refused("colors", f"your color is one of {', '.join(COLORS)}")
        colors = (your_color, COLORS[1 - COLORS.index(your_color)])
        self.board, self.strength, self.your_seal = board, strength, your_seal
        self.goals = [self.rng.choice(legal_goals(board.variants.uncloned))
                      for _ in range(board.variants.goals)]
        self.goals_salt = new_salt()
        self.goals_seal = sealed(goals_text(self.goals), self.goals_salt)
        self.hand = self.hand_salt = self.hand_seal = None     # the computer's hand this turn
        self.opened: dict | None = None                         # the last hand opened
        self.your_goals: list | None = None
        self.state = game.new_game(board, colors, first)
        self._advance()

    # ---- your steps -----------------------------------------------------------------------

    def pick(self, circle: int) -> dict:
        self._yours("pick")
        self.state = game.pick(self.state, circle)
        return self._advance()

    def block(self, spend: bool) -> dict:
        self._yours("block")
        self.state = game.block(self.state, bool(spend))
        return self._advance()

    def play_hand(self, hand: int) -> dict:
        """Your hand for the circle picked; the computer's was sealed before this was called."""
        self._yours("hands")
        self.state = game.hands(self.state, hand, self.hand)
        self.opened = {"turn": self.state.turn, "hand": self.hand, "salt": self.hand_salt,
                       "seal": self.hand_seal}
        self.hand = self.hand_salt = self.hand_seal = None
        return self._advance()

    def claim(self, goals: str | None = None, salt: str | None = None) -> dict:
        """After a move: your slip opened (``goals`` as ``fair.goals_text`` writes them, and its
        salt) if you claim your goals are met, or nothing if you do not."""
        self._yours("check")
        yours = ""
        if goals is not None:
            mine = self._open_slip(goals, salt)
            yours = computer.met(self.state, YOU, mine)
            if not yours:
                raise Refused("not-met", "your goals are not met on the board")
            self.your_goals = mine
        else:
            yours = computer.met(self.state, YOU, [])       # a run of your color needs no slip
        theirs = computer.met(self.state, COMPUTER, self.goals)
        self.state = game.check(self.state, (yours, theirs))
        return self._advance()

    # ---- the computer's steps ---------------------------------------------------------------

    def _waits_for_you(self) -> bool:
        s = self.state
        return s.phase == "over" or {"pick": s.mover, "block": s.other, "hands": YOU,
                                     "check": YOU}[s.phase] == YOU and (
            s.phase != "hands" or self.hand_seal is not None)

    def _advance(self) -> dict:
        while not self._waits_for_you():
            s, c = self.state, self.strength
            if s.phase == "pick":
                self.state = game.pick(s, computer.choose_circle(c, s, COMPUTER, self.goals, self.rng))
            elif s.phase == "block":
                self.state = game.block(s, computer.choose_block(c, s, COMPUTER, self.goals, self.rng))
            elif s.phase == "hands":
                # chosen from the state alone and sealed before your hand is asked for
                self.hand = computer.choose_hand(c, s, COMPUTER, self.goals, self.rng)
                self.hand_salt = new_salt()
                self.hand_seal = sealed(str(self.hand), self.hand_salt)
        return self.view()

    def _yours(self, phase: str) -> None:
        if self.state.phase != phase or not self._waits_for_you():
            raise Refused("phase", f"the game waits for {self.state.phase!r}, not {phase!r}")

    def _open_slip(self, goals: str, salt) -> list:
        try:
            mine = parse_goals(goals)
        except ValueError as e:
            raise Refused("slip", str(e)) from None
        legal = legal_goals(self.board.variants.uncloned)
        if len(mine) != self.board.variants.goals or any(g not in legal for g in mine):
            raise Refused("slip", f"a slip holds {self.board.variants.goals} legal goals")
        if not isinstance(salt, str) or not opens(self.your_seal, goals, salt):
            raise Refused("seal", "the slip does not open the seal shown at the start")
        return mine

    # ---- what a screen is sent --------------------------------------------------------------

    def view(self) -> dict:
        """Everything a screen may know now; never the computer's goals before the end, nor its
        hand before yours is in."""
        s = self.state
        over = s.phase == "over"
        view = {
            "board": to_data(self.board),
            "strength": self.strength,
            "colors": {"you": s.colors[YOU], "computer": s.colors[COMPUTER]},
            "goals": self.board.variants.goals,
            "turn": s.turn,
            "phase": s.phase,
            "mover": WHO[s.mover],
            "positions": list(s.positions),
            "spaces": list(s.spaces()),
            "runs": [list(t) for t in self.board.adjacent_triples()],
            "held": {"you": s.held[YOU], "computer": s.held[COMPUTER]},
            "supply": s.supply,
            "circle": s.circle,
            "blocked": s.blocked,
            "allowed": s.allowed() if s.phase == "pick" else [],
            "calm": s.ending.in_force(s.turn),
            "draw_at": s.ending.draw_at,
            "seals": {"goals": self.goals_seal, "hand": self.hand_seal, "yours": self.your_seal},
            "opened": self.opened,
            "turns": [{"turn": t.number, "mover": WHO[t.mover], "circle": t.circle,
                       "you": t.hands[YOU], "computer": t.hands[COMPUTER], "moved": t.moved,
                       "blocked": t.blocked, "gained": t.gained} for t in s.turns],
            "over": over,
            "winner": WHO[s.winner] if over and s.winner is not None else None,
            "by": s.by,
        }
        if over:
            view["computer_goals"] = {"goals": goals_text(self.goals), "salt": self.goals_salt}
            view["your_goals"] = goals_text(self.your_goals) if self.your_goals else None
        return view
