"""Turns at the workers, fair between clients: the pool's jobs wait in lanes, and in each lane
every client has a line of its own, served in rotation (round robin).

Why: first in, first out let one address's two long builds take both workers of a two-core
server while another teacher's preview waited behind them for two minutes. Here a job waits only
behind its own lane, and in it the next worker goes to the next client in the rotation that has
work waiting, whatever the number of jobs another client queued. ``share`` caps the workers one
client holds in a lane at once (the shared mode gives a client half the lane's workers, at least
one), so a client arriving at a busy lane finds a worker soon: none is preempted, but none is
taken by a single client for long.

The lanes (``LANES``): "quick" (a preview, a gallery picture, a date's board: short, capped by
their own timeouts), "long" (builds, checks, looks at a board), and "background" (yesterday's
answer: one at a time, whoever asked). Quick and long each have the pool's workers: a preview
never waits for a worker behind a build, at the price of a busy machine's cores shared by at
most twice their number of processes.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque

QUICK, LONG, BACKGROUND = "quick", "long", "background"
LANES = {"preview": QUICK, "thumb": QUICK, "daily": QUICK, "yesterday": BACKGROUND}


def lane_of(what: str) -> str:
    return LANES.get(what, LONG)


class Turns:
    """One lane: at most ``slots`` jobs at once, at most ``share`` of them one client's."""

    def __init__(self, slots: int, share: int | None = None):
        self.slots = slots
        self.share = share
        self.running: dict[str, int] = {}
        # each client's line; the next worker goes to the waiting client served least recently
        # (one never served first, in the order they came), so a client new to the lane is
        # served before one whose job just started
        self.lines: OrderedDict[str, deque] = OrderedDict()
        self.served: dict[str, int] = {}
        self.given = 0

    def busy(self) -> int:
        return sum(self.running.values())

    async def turn(self, client: str, job) -> None:
        """Returns when ``job`` may run; the caller calls ``done(client)`` after it ran."""
        granted = asyncio.get_running_loop().create_future()
        self.lines.setdefault(client, deque()).append((job, granted))
        self._give()
        try:
            await granted
        except asyncio.CancelledError:
            if granted.done() and not granted.cancelled():
                self.done(client)           # given just as it was cancelled: given back
            else:
                self._leave(client, granted)
            raise

    def done(self, client: str) -> None:
        self.running[client] -= 1
        if not self.running[client]:
            del self.running[client]
            if client not in self.lines:    # idle now: it comes back as a newcomer
                self.served.pop(client, None)
        self._give()

    def ahead(self, client: str, job) -> int | None:
        """How many jobs of this lane start before ``job`` (None: it is not waiting), the
        rotation as it stands."""
        line = self.lines.get(client)
        if not line:
            return None
        mine = next((i for i, (j, _) in enumerate(line) if j is job), None)
        if mine is None:
            return None
        ahead, before = mine, True
        for other in self._rotation():
            if other == client:
                before = False
                continue
            ahead += min(len(self.lines[other]), mine + 1 if before else mine)
        return ahead

    def _rotation(self) -> list[str]:
        """The waiting clients in the order they are served."""
        return sorted(self.lines, key=lambda c: self.served.get(c, -1))

    def _leave(self, client: str, granted) -> None:
        line = self.lines.get(client)
        if line is None:
            return
        for entry in list(line):
            if entry[1] is granted:
                line.remove(entry)
        if not line:
            del self.lines[client]

    def _give(self) -> None:
        while self.busy() < self.slots:
            for client in self._rotation():
                if self.share is None or self.running.get(client, 0) < self.share:
                    break
            else:
                return                      # nobody waits, or every waiting client holds its share
            line = self.lines[client]
            _, granted = line.popleft()
            if not line:
                del self.lines[client]
            if granted.done():              # cancelled while waiting (``_leave`` missed it)
                continue
            self.given += 1
            self.served[client] = self.given
            self.running[client] = self.running.get(client, 0) + 1
            granted.set_result(None)
