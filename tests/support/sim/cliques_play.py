"""Simulated games of Cliques, played by the rules the set prints (the rules card).

``Table`` is the rules engine: who holds which tokens, who belongs to which circle, what lies on
each remark card. ``play`` runs a game turn by turn as the rules card says: the first player is
the one printed on the score sheet, play passes to the left (the next seat), each player in turn
must make one remark in an open circle, every member of that circle votes (the speaker too when
she is already a member), the speaker takes back approval-disapproval pairs and joins if any
approval is left, and the game ends when no circle is open. Who remarks where and how members
vote is a player model's choice; two models are here:

- ``random_game``: any open circle, each vote approval with a fixed probability;
- ``social_game``: players crack circles' codes as remarks pile up, open with a remark in their
  own circle (the author's advice), then try to join circles, and members vote by the code.

Nothing printed depends on this module; tests use it to confirm that the printed numbers (start
count, tracker ranges) hold in play, and bench/cliques_remarks.py uses it to size the default
number of remark cards and the score sheet's tally rows.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Callable

from pnp.games.cliques.rules import start_tokens


@dataclass
class Remark:
    speaker: int
    votes: dict[int, bool] = field(default_factory=dict)   # voter -> approval?
    approval: int = 0        # tokens left on the card after the speaker took her pairs
    disapproval: int = 0

    @property
    def tokens(self) -> int:
        return self.approval + self.disapproval


@dataclass
class Table:
    players: int
    approval: list[int] = field(default_factory=list)     # each player's supply
    disapproval: list[int] = field(default_factory=list)
    members: list[list[int]] = field(default_factory=list)  # circle i was founded by player i
    remarks: list[list[Remark]] = field(default_factory=list)

    @classmethod
    def new(cls, players: int, start: int | None = None) -> "Table":
        """The opening table: each player alone in her circle, holding the rule's start count
        (or ``start``, for exhaustive searches over smaller games)."""
        n = start_tokens(players) if start is None else start
        return cls(players, [n] * players, [n] * players,
                   [[i] for i in range(players)], [[] for _ in range(players)])

    def is_open(self, circle: int) -> bool:
        """Every member holds at least one approval and one disapproval token."""
        return all(self.approval[m] > 0 and self.disapproval[m] > 0 for m in self.members[circle])

    def open_circles(self) -> list[int]:
        return [c for c in range(self.players) if self.is_open(c)]

    def voters(self, speaker: int, circle: int) -> list[int]:
        """The circle's members; the speaker among them only if she already is one."""
        return list(self.members[circle])

    def remark(self, speaker: int, circle: int, approves: list[bool]) -> Remark:
        """Resolve a remark: ``approves[k]`` is the vote of the k-th voter (``voters``)."""
        if not self.is_open(circle):
            raise ValueError(f"circle {circle} is not open")
        voters = self.voters(speaker, circle)
        if len(approves) != len(voters):
            raise ValueError("one vote per member")
        card = Remark(speaker)
        for member, yes in zip(voters, approves):
            card.votes[member] = yes
            if yes:
                self.approval[member] -= 1
                card.approval += 1
            else:
                self.disapproval[member] -= 1
                card.disapproval += 1
        pairs = min(card.approval, card.disapproval)
        card.approval -= pairs
        card.disapproval -= pairs
        self.approval[speaker] += pairs
        self.disapproval[speaker] += pairs
        if card.approval and speaker not in self.members[circle]:
            self.members[circle].append(speaker)
        self.remarks[circle].append(card)
        return card

    def score(self, player: int) -> int:
        """For each circle she belongs to, all tokens on all its remarks."""
        return sum(r.tokens for c in range(self.players) if player in self.members[c]
                   for r in self.remarks[c])


# A player model: (table, speaker, open circles, rng) -> (circle, votes of its voters)
Chooser = Callable[[Table, int, list[int], random.Random], tuple[int, list[bool]]]


def play(players: int, rng: random.Random, choose: Chooser, first: int | None = None,
         limit: int = 100_000) -> Table:
    """A game by the printed rules: ``first`` (the score sheet's first player; drawn at random
    if not given) remarks first, then the next seat, until no circle is open."""
    table = Table.new(players)
    speaker = rng.randrange(players) if first is None else first
    for _ in range(limit):
        open_ = table.open_circles()
        if not open_:
            break                           # "the game is over"
        circle, votes = choose(table, speaker, open_, rng)
        table.remark(speaker, circle, votes)
        speaker = (speaker + 1) % players   # "play passes to the player to her left"
    return table


def random_game(players: int, rng: random.Random, approve: float = 0.5,
                limit: int = 100_000) -> Table:
    """Each speaker picks a random open circle and each voter approves with probability
    ``approve``."""
    def choose(table, speaker, open_, rng):
        circle = rng.choice(open_)
        return circle, [rng.random() < approve for _ in table.voters(speaker, circle)]
    return play(players, rng, choose, limit=limit)


def social_game(players: int, rng: random.Random, learn: float = 0.15, join: float = 0.7,
                slip: float = 0.1) -> Table:
    """Players who crack codes.

    A founder knows her circle's code; anyone else cracks it with probability ``learn`` each
    time a remark there is voted on. A speaker's first remark is in her own circle (the author's
    advice); later she tries to join a circle she does not belong to with probability ``join``
    (one whose code she knows if she can), else adds to one of hers. A remark fits the code if
    the speaker knows it (but for a ``slip``), else by chance. A member who knows the code
    approves a fitting remark (but for a ``slip``); one who does not votes by chance.
    """
    knows = [{p} for p in range(players)]          # circle -> players who know its code
    opened: set[int] = set()

    def choose(table, speaker, open_, rng):
        mine = [c for c in open_ if speaker in table.members[c]]
        others = [c for c in open_ if speaker not in table.members[c]]
        if speaker not in opened and speaker in open_:
            opened.add(speaker)
            circle = speaker
        elif others and (not mine or rng.random() < join):
            cracked = [c for c in others if speaker in knows[c]]
            circle = rng.choice(cracked or others)
        else:
            circle = rng.choice(mine)
        fits = (rng.random() > slip) if speaker in knows[circle] else (rng.random() < 0.5)
        votes = [((fits if rng.random() > slip else not fits) if m in knows[circle]
                  else rng.random() < 0.5) for m in table.voters(speaker, circle)]
        for p in range(players):
            if p not in knows[circle] and rng.random() < learn:
                knows[circle].add(p)
        return circle, votes
    return play(players, rng, choose)


def every_holding(players: int, start: int, limit: int = 200_000) -> set[tuple[int, int]]:
    """Every (approval, disapproval) count any player can hold at any moment of any game of
    ``players`` who start with ``start`` tokens of each colour: an exhaustive search over every
    first player, every circle a speaker may choose and every vote. Small games only; raises if
    more than ``limit`` positions are reachable."""
    import itertools

    def key(t: Table, speaker: int):
        return (tuple(t.approval), tuple(t.disapproval),
                tuple(tuple(sorted(m)) for m in t.members), speaker)

    seen = set()
    todo = []
    for first in range(players):
        table = Table.new(players, start)
        seen.add(key(table, first))
        todo.append((table, first))
    held = set()
    while todo:
        table, speaker = todo.pop()
        held.update(zip(table.approval, table.disapproval))
        for circle in table.open_circles():
            voters = table.voters(speaker, circle)
            for votes in itertools.product((True, False), repeat=len(voters)):
                after = Table(players, list(table.approval), list(table.disapproval),
                              [list(m) for m in table.members], [[] for _ in range(players)])
                after.remark(speaker, circle, list(votes))
                state = key(after, (speaker + 1) % players)
                if state not in seen:
                    if len(seen) >= limit:
                        raise ValueError(f"more than {limit} positions")
                    seen.add(state)
                    todo.append((after, (speaker + 1) % players))
    return held
