"""What `pnp analyze` and `pnp daily` say on stderr while perfect play is worked out."""

from __future__ import annotations

import sys

import click


class SolveProgress:
    """While perfect play is worked out: on a terminal, one line on stderr kept up to date (after
    the first second) and wiped at the end; elsewhere a line every 10 s, like long builds."""

    def __init__(self, label):
        self.label, self.tty, self.last, self.shown = label, sys.stderr.isatty(), 0.0, False

    def __call__(self, positions, seconds):
        if seconds - self.last < (0.5 if self.tty else 10) or seconds < 1:
            return
        self.last = seconds
        text = f"pnp: {self.label}: perfect play, {positions:,} positions in {seconds:.0f} s"
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
