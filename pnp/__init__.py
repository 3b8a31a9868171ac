"""pnp: print-and-play content generator (CliqueR, Thinking in Circles, Cliques)."""

__version__ = "0.1.0"
