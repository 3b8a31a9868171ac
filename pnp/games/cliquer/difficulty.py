"""How much skill a CliqueR board rewards: a number in [0, 1] computed from the dots alone.

What it means (stakes per move). bench/calibrate_difficulty.py plays a player who looks one reply
ahead against a greedy one (greedy takes the most points now) on hundreds of random boards. The
careful player's winning margin is the board's *stakes*. Two facts from those games shape the
measure:

- As a share of all points scored, the margin is nearly the same on every board with a dot
  inside the outline (about 0.21-0.23), so "depth as a share" cannot tell such boards apart.
- Divided by the number of moves in the game (3n - 3 - h, the same in every game on the board),
  the margin depends on one thing: the share of dots inside the convex hull, I/n. It rises from
  about 0.32 points per move with every dot on the hull to about 0.95 when most dots are inside,
  following 0.32 + 0.64 * (1 - exp(-4 I/n)) within a few hundredths at 7-13 dots.

So ``value`` is the stakes per move rescaled to [0, 1]: 0 for a board with every dot on the hull
(convex position), approaching 1 as the board fills with interior dots. Among boards with the same
share, more triangles holding exactly one dot (each a place where a 4-clique can be completed)
count as a little harder: a tie-break worth at most 2/(n+1) of one interior dot, so it never
outweighs one.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations
from typing import Sequence

from pnp.i18n import N_

from .geometry import Dot, board_hull, convex_hull
from .rules import triangulation_size

# stakes per move ~ STAKES_FLOOR + STAKES_SPAN * value, with value = 1 - exp(-RATE * share)
STAKES_FLOOR, STAKES_SPAN, RATE = 0.32, 0.64, 4.0

# the names print on the boards (marked for the catalogs: pnp/i18n)
BANDS: dict[str, tuple[float, float]] = {
    N_("easy"): (0.0, 0.35),
    N_("medium"): (0.35, 0.70),
    N_("hard"): (0.70, 1.0),
}


@dataclass(frozen=True)
class Difficulty:
    value: float                      # in [0, 1], rounded to 4 decimals
    band: str                         # a key of BANDS
    components: dict = field(compare=False)


def band_range(name: str) -> tuple[float, float]:
    """The [low, high) range of a band's values (``hard`` includes 1.0)."""
    try:
        return BANDS[name]
    except KeyError:
        raise ValueError(f"unknown difficulty band {name!r}; choose one of {', '.join(BANDS)}") from None


def band_of(value: float) -> str:
    for name, (low, high) in BANDS.items():
        if low <= value < high:
            return name
    return "hard"


def containment_counts(dots: Sequence[Dot]) -> list[int]:
    """For every triangle of dots (in combinations order), how many dots lie strictly inside it.

    ``left[a * n + b]`` holds (as bits) the dots strictly left of the directed line a -> b, and
    for a < b, ``left[b * n + a]`` every other dot (on the line included). Each triple's one
    cross product settles its three dots' sides: for i < j < k, orient(i, j, k) =
    orient(j, k, i) = -orient(i, k, j), exactly (integers). So the masks take one product a
    triple (84 on nine dots), not one a pair and a dot (324)."""
    n = len(dots)
    left = [0] * (n * n)
    turns = []              # per triple: is k left of i -> j?
    triples = _triples(n)
    for i, j, k, ij, jk, ki, ji, ik, kj, bit_i, bit_j, bit_k in triples:
        (ax, ay), (bx, by), (cx, cy) = dots[i], dots[j], dots[k]
        # integers: the comparison of the two products is exact
        one, other = (bx - ax) * (cy - ay), (by - ay) * (cx - ax)
        if one > other:
            left[ij] |= bit_k
            left[jk] |= bit_i
            left[ki] |= bit_j
            turns.append(True)
        else:       # clockwise, or on one line: the other side of each (as a < b puts it)
            left[ji] |= bit_k
            left[kj] |= bit_i
            if one < other:
                left[ik] |= bit_j
            else:
                left[ki] |= bit_j
            turns.append(False)
    return [(left[t[3]] & left[t[4]] & left[t[5]]).bit_count() if turn
            else (left[t[6]] & left[t[7]] & left[t[8]]).bit_count()
            for t, turn in zip(triples, turns)]


@lru_cache(maxsize=None)
def _triples(n: int) -> tuple:
    """The triples i < j < k of n dots in combinations order, with the places in
    ``containment_counts``' masks of ij, jk, ki, ji, ik, kj and the bits of i, j, k."""
    return tuple((i, j, k, i * n + j, j * n + k, k * n + i, j * n + i, i * n + k, k * n + j,
                  1 << i, 1 << j, 1 << k) for i, j, k in combinations(range(n), 3))


def measure(dots: Sequence[Dot]) -> Difficulty:
    """The board's difficulty, deterministic from the dots (assumed in general position)."""
    n = len(dots)
    if n < 3:
        raise ValueError(f"a CliqueR board needs at least 3 dots, got {n}")
    # a board's tuple of dots: its hull made once for this and for its sheet (geometry)
    hull = len(board_hull(dots) if type(dots) is tuple else convex_hull(dots))
    interior = n - hull
    counts = containment_counts(dots)
    single = counts.count(1)
    # The tie-break is the fraction of triangles holding exactly one dot, worth at most 2/(n+1)
    # of an interior dot: adding a dot inside a triangle moves (I + t)/n up by at least
    # (n - I - 2)/(n(n+1)) > 0 since n - I >= 3, so such a dot always raises the value.
    tie_break = 2 * (single / len(counts)) / (n + 1)
    share = (interior + tie_break) / n
    value = 1.0 - math.exp(-RATE * share)
    value = round(min(max(value, 0.0), 1.0), 4)
    components = {
        "dots": n,
        "hull_dots": hull,
        "interior_dots": interior,
        "interior_share": round(interior / n, 4),
        "single_dot_triangles": single,
        "triangles": len(counts),
        "moves_in_game": triangulation_size(n, hull),
        "stakes_per_move": round(STAKES_FLOOR + STAKES_SPAN * value, 3),
    }
    return Difficulty(value, band_of(value), components)


def check_recorded(dots: Sequence[Dot], value: float, band: str) -> str | None:
    """None if a recorded difficulty matches the dots, else a one-line reason (for the validator)."""
    found = measure(dots)
    if band != found.band:
        return f"recorded band {band!r} but the dots measure {found.value} ({found.band})"
    if abs(value - found.value) > 1e-4:
        return f"recorded difficulty {value} but the dots measure {found.value}"
    return None


# The fast measures bench/depth.py sets beside the skill chain, each computed from the dots
# alone in milliseconds at the sizes pnp prints: the difficulty, and the board features it is
# built from or could be (the share of triangles holding no dot, where a closed triangle scores
# and nothing can complete a 4-clique inside; how many segments one crosses, a share of all).
FEATURES = ("difficulty", "interior_share", "single_share", "empty_share", "crossing_share",
            "drawn_share")


def features(dots: Sequence[Dot]) -> dict[str, float]:
    """The FEATURES of a board, by name."""
    from .rules import Rules

    found = measure(dots)
    rules = Rules(tuple((int(x), int(y)) for x, y in dots))
    counts = containment_counts(dots)
    segments = len(rules.segments)
    crossed = sum(c.bit_count() for c in rules.crossing) / segments / max(segments - 1, 1)
    return {"difficulty": found.value,
            "interior_share": found.components["interior_share"],
            "single_share": counts.count(1) / len(counts),
            "empty_share": counts.count(0) / len(counts),
            "crossing_share": crossed,
            "drawn_share": rules.moves_in_game / segments}
