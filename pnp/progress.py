"""Long work says what it is doing: a bar on a terminal, a line now and then elsewhere."""

from __future__ import annotations

import sys

import click


class NoBar:
    def __enter__(self):
        return None

    def __exit__(self, *exc):
        return False


class Ticker:
    """Off a terminal (a pipe, a CI log), a long build says now and then how far it is, one
    line on stderr every ``every`` seconds; a short one says nothing."""

    def __init__(self, total: int, label: str, every: float = 10.0, clock=None, out=None):
        import time

        self.total, self.label, self.every = total, label, every
        self.clock = clock or time.monotonic
        self.out = out
        self.done = 0
        self.last = self.clock()

    def update(self, n: int) -> None:
        from pnp.words import count

        self.done += n
        now = self.clock()
        if now - self.last >= self.every and self.done < self.total:
            self.last = now
            click.echo(f"pnp: {self.label}: {self.done} of {count(self.total, 'board')} done",
                       err=self.out is None, file=self.out)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def progress(total: int, label: str):
    """A progress bar on a terminal for long builds; a line now and then elsewhere."""
    if not sys.stderr.isatty():
        return Ticker(total, label)
    if total < 20:
        return NoBar()
    return click.progressbar(length=total, label=label, file=sys.stderr)
