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


class Searching:
    """While a game searches (CliqueR's perfect play): on a terminal, one line on stderr kept up
    to date (after the first second) and wiped at the end; elsewhere a line every 10 s, like
    long builds. Called with (positions searched, CPU seconds so far: the budget's own clock)."""

    def __init__(self, label, what: str = "searching"):
        self.label, self.what = label, what
        self.tty, self.last, self.shown = sys.stderr.isatty(), 0.0, False

    def __call__(self, positions, seconds):
        if seconds - self.last < (0.5 if self.tty else 10) or seconds < 1:
            return
        self.last = seconds
        text = f"pnp: {self.label}: {self.what}, {positions:,} positions in {seconds:.0f} s of CPU"
        if self.tty:
            click.echo(f"\r{text} ", err=True, nl=False)
            self.shown = len(text) + 1
        else:
            click.echo(text, err=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.shown:
            click.echo("\r" + " " * self.shown + "\r", err=True, nl=False)
        return False
