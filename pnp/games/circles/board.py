"""The Thinking in Circles board as plain data: circles of spaces, the variants, the tokens printed.

A board is generated once and then drawn, embedded and checked from this same data, so the
data holds everything a check needs: every space of every circle, where each token starts,
which variants are in play and how many of each token were printed.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.games.base import option

SHAPES = ("circle", "triangle", "square", "pentagon")
COLORS = ("black", "white")
NEUTRAL = "neutral"
SPACE_KINDS = SHAPES + COLORS + (NEUTRAL,)
ARRANGEMENTS = ("row", "ring")

# A hand holds 1..3 beads of one color: two hands then total -6..+6, as the rules say, and the
# rules' six black and six white beads are exactly three of each color per player.
BEADS_PER_HAND = 3
MAX_MOVE = 2 * BEADS_PER_HAND
# 13 totals (-6..+6) land on 13 different spaces only when a circle has at least 13 spaces.
MIN_SPACES = 2 * MAX_MOVE + 1
# Up to 24 spaces, no space is farther than 12 steps (two full moves) from any other.
MAX_SPACES = 4 * MAX_MOVE


@dataclass(frozen=True)
class Variants:
    """The optional rules in play; each one changes what gets printed."""

    lockdown: bool = option(False, help="blocker tokens; landing on a neutral space earns one")
    spin_cycle: int | None = option(None, min=2, max=3,
                                    help="secret goals per player (2 or 3); omit for one")
    uncloned: bool = option(False, help="no goal may have two identical shapes side by side")
    wild_cards: bool = option(False, help="a token on your color counts as any of your shapes")

    @property
    def goals(self) -> int:
        """Secret goals each player writes down."""
        return self.spin_cycle or 1

    def names(self) -> list[str]:
        """The variants in play, as the rules name them, in the rules' order."""
        names = []
        if self.lockdown:
            names.append("Lockdown")
        if self.spin_cycle:
            names.append("Spin Cycle")
        if self.uncloned:
            names.append("UnCloned")
        if self.wild_cards:
            names.append("Wild Cards")
        return names


@dataclass(frozen=True)
class Circle:
    """One circle: its spaces in clockwise order, and the space its token starts on."""

    spaces: tuple[str, ...]
    start: int


@dataclass(frozen=True)
class Board:
    ident: str
    arrangement: str                 # "row": 1..k in a line; "ring": also k next to 1
    circles: tuple[Circle, ...]
    variants: Variants
    players: int
    markers: int                     # tokens that sit on the circles, one per circle
    beads: int                       # bead chits of each color (black and white alike)
    blockers: int                    # Lockdown blocker tokens printed (0 without Lockdown)

    def adjacent_pairs(self) -> list[tuple[int, int]]:
        return adjacent_pairs(len(self.circles), self.arrangement)

    def adjacent_triples(self) -> list[tuple[int, int, int]]:
        return adjacent_triples(len(self.circles), self.arrangement)


def adjacent_pairs(count: int, arrangement: str) -> list[tuple[int, int]]:
    pairs = [(i, i + 1) for i in range(count - 1)]
    if arrangement == "ring" and count > 2:
        pairs.append((count - 1, 0))
    return pairs


def adjacent_triples(count: int, arrangement: str) -> list[tuple[int, int, int]]:
    """Every run of three adjacent circles (each read once; the rules read both ways).

    Fewer than three circles have no run at all, whatever the arrangement: data claiming a
    ring of two is for check() to report, not to crash on.
    """
    if arrangement == "ring" and count > 3:
        return [(i, (i + 1) % count, (i + 2) % count) for i in range(count)]
    return [(i, i + 1, i + 2) for i in range(count - 2)]


def distance(size: int, start: int, index: int) -> int:
    """Steps from the start space to ``index`` the short way round (a total's absolute value)."""
    ahead = (index - start) % size
    return min(ahead, size - ahead)


# ---- the embedded data ------------------------------------------------------------------------

def to_data(board: Board) -> dict:
    v = board.variants
    return {
        "ident": board.ident,
        "arrangement": board.arrangement,
        "circles": [{"spaces": list(c.spaces), "start": c.start} for c in board.circles],
        "variants": {"lockdown": v.lockdown, "spin_cycle": v.spin_cycle,
                     "uncloned": v.uncloned, "wild_cards": v.wild_cards},
        "players": board.players,
        "tokens": {"markers": board.markers, "beads": board.beads, "blockers": board.blockers},
    }


def _field(data: dict, key: str, kind, where: str):
    if not isinstance(data, dict):
        raise ValueError(f"{where} must be a mapping")
    if key not in data:
        raise ValueError(f"{where} lacks {key!r}")
    value = data[key]
    # bool is an int in Python; a count written as true is malformed data, not 1
    if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
        raise ValueError(f"{where}.{key} must be an integer, got {value!r}")
    if kind is not int and not isinstance(value, kind):
        raise ValueError(f"{where}.{key} must be {kind.__name__}, got {value!r}")
    return value


def _exact_keys(data: dict, keys: set[str], where: str) -> None:
    extra = sorted(str(k) for k in data if k not in keys)   # str: keys may be of mixed types
    if extra:
        raise ValueError(f"{where} has unknown key {extra[0]!r}")


def from_data(data: dict) -> Board:
    """The board the data describes; ValueError if the data is malformed.

    Well-formed but broken boards (a missing shape, unfair colors) load fine: finding those is
    ``check``'s job, so the validator can say what is wrong rather than just "unreadable".
    """
    where = "circles board"
    _exact_keys(_require_dict(data, where),
                {"ident", "arrangement", "circles", "variants", "players", "tokens"}, where)
    ident = _field(data, "ident", str, where)
    arrangement = _field(data, "arrangement", str, where)
    if arrangement not in ARRANGEMENTS:
        raise ValueError(f"{where}.arrangement must be row or ring, got {arrangement!r}")
    circles = []
    for n, raw in enumerate(_field(data, "circles", list, where)):
        at = f"{where}.circles[{n}]"
        _exact_keys(_require_dict(raw, at), {"spaces", "start"}, at)
        spaces = _field(raw, "spaces", list, at)
        if not all(isinstance(s, str) for s in spaces):
            raise ValueError(f"{at}.spaces must be a list of space names")
        circles.append(Circle(tuple(spaces), _field(raw, "start", int, at)))
    raw_v = _field(data, "variants", dict, where)
    at = f"{where}.variants"
    _exact_keys(raw_v, {"lockdown", "spin_cycle", "uncloned", "wild_cards"}, at)
    spin = raw_v.get("spin_cycle")
    if spin is not None:
        spin = _field(raw_v, "spin_cycle", int, at)
    # spin_cycle 5 is well-formed data with a broken value: check() reports it
    variants = Variants(lockdown=_field(raw_v, "lockdown", bool, at), spin_cycle=spin,
                        uncloned=_field(raw_v, "uncloned", bool, at),
                        wild_cards=_field(raw_v, "wild_cards", bool, at))
    tokens = _field(data, "tokens", dict, where)
    at = f"{where}.tokens"
    _exact_keys(tokens, {"markers", "beads", "blockers"}, at)
    return Board(ident=ident, arrangement=arrangement, circles=tuple(circles), variants=variants,
                 players=_field(data, "players", int, where),
                 markers=_field(tokens, "markers", int, at), beads=_field(tokens, "beads", int, at),
                 blockers=_field(tokens, "blockers", int, at))


def _require_dict(value, where: str) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"{where} must be a mapping, got {type(value).__name__}")
    return value
