"""CliqueR's computer players now live in the package (pnp/games/cliquer/players.py, where
``pnp analyze --depth`` uses them); this name stays for the bench and the tests that import it."""

from pnp.games.cliquer.players import (PLAYERS, Lookahead, Perfect, Player, _bits, _margins,  # noqa: F401
                                       greedy_player, margin, play_game, random_player)
