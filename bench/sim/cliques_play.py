"""The rules of play, exactly, for simulated games: which circles are open, how a vote resolves.

Nothing printed depends on this module; tests use it to confirm that the printed numbers (start
count, tracker ranges) hold in real play, and bench/ uses it to estimate how many remark cards a
game uses.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from pnp.games.cliques.rules import start_tokens
@dataclass
class Remark:
    speaker: int
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
    def new(cls, players: int) -> "Table":
        n = start_tokens(players)
        return cls(players, [n] * players, [n] * players,
                   [[i] for i in range(players)], [[] for _ in range(players)])

    def is_open(self, circle: int) -> bool:
        """Every member holds at least one approval and one disapproval token."""
        return all(self.approval[m] > 0 and self.disapproval[m] > 0 for m in self.members[circle])

    def open_circles(self) -> list[int]:
        return [c for c in range(self.players) if self.is_open(c)]

    def remark(self, speaker: int, circle: int, approves: list[bool]) -> Remark:
        """Resolve a remark: ``approves[k]`` is the vote of the k-th member of the circle."""
        if not self.is_open(circle):
            raise ValueError(f"circle {circle} is not open")
        members = self.members[circle]
        if len(approves) != len(members):
            raise ValueError("one vote per member")
        card = Remark(speaker)
        for member, yes in zip(members, approves):
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
        if card.approval and speaker not in members:
            members.append(speaker)
        self.remarks[circle].append(card)
        return card

    def score(self, player: int) -> int:
        """For each circle she belongs to, all tokens on all its remarks."""
        return sum(r.tokens for c in range(self.players) if player in self.members[c]
                   for r in self.remarks[c])


def random_game(players: int, rng: random.Random, approve: float = 0.5,
                limit: int = 100_000) -> Table:
    """Play to the end with random choices: each speaker picks a random open circle and each
    member approves with probability ``approve``. Stops after ``limit`` remarks regardless."""
    table = Table.new(players)
    speaker = rng.randrange(players)
    for _ in range(limit):
        open_ = table.open_circles()
        if not open_:
            break
        circle = rng.choice(open_)
        table.remark(speaker, circle, [rng.random() < approve for _ in table.members[circle]])
        speaker = (speaker + 1) % players
    return table
