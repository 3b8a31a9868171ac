"""The numbers the rules of Cliques fix, each defined once and derived from the rule text.

Everything printed is derived here from the rule text, never from a loose setting:
"an equal number of approval and disapproval tokens: either a number of approval tokens equal
to the number of players, or six approval tokens, whichever is greater".
"""

from __future__ import annotations

MIN_PLAYERS = 3
# 12 is where the score sheet stops being comfortable to write on: a circle column of the
# membership grid on a portrait A4/Letter page is then about 12 mm wide, just enough for a
# three-digit score written in pencil; 13+ players would need smaller columns than a class can use.
MAX_PLAYERS = 12
MIN_START = 6          # "... or six approval tokens, whichever is greater"
MAX_NAME = 40          # characters; longer still fits (shrunk), but nobody's name needs more

APPROVAL = "approval"
DISAPPROVAL = "disapproval"
COLOURS = (APPROVAL, DISAPPROVAL)

# A number track is used while every count fits in a few rows of cells; beyond that a count is
# kept as tens and units (two markers) so cells stay big enough for a coin or a pencil ring.
TRACK_MAX = 40


def start_tokens(players: int) -> int:
    """Approval tokens each player starts with (and as many disapproval tokens)."""
    if players < 1:
        raise ValueError(f"a game needs players, got {players}")
    return max(players, MIN_START)


def tokens_in_play(players: int) -> int:
    """All tokens of one colour in the game: tokens only move between players and remark cards."""
    return players * start_tokens(players)


def reachable(players: int) -> tuple[int, int]:
    """The counts of one colour a player could ever hold: none, up to every token of that colour.

    The top is a safe bound, not a tight one: it is what a tracker must cover.
    """
    return 0, tokens_in_play(players)


def tracker_style(players: int) -> str:
    return "track" if tokens_in_play(players) <= TRACK_MAX else "tens-units"


def tracker_range(players: int) -> tuple[int, int]:
    """The counts a printed tracker shows: the reachable ones, rounded up to a full tens cell."""
    low, high = reachable(players)
    if tracker_style(players) == "tens-units":
        high = high // 10 * 10 + 9
    return low, high


# Remark cards a set prints by default, per player. Simulated games by the printed rules
# (bench/cliques_remarks.py; players who crack circles' codes) last a median of 16, 29, 59 and 76
# remarks for 3, 6, 10 and 12 players, about 5 to 6 rounds: six a player covers the median game
# up to 10 players. Cards beyond that would mostly go unused, and the rules card says any index
# card or slip of paper does as well.
REMARKS_PER_PLAYER = 6


def remark_cards(players: int) -> int:
    """Cards a set carries by default."""
    return REMARKS_PER_PLAYER * players
