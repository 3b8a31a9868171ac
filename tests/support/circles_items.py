"""Hypothesis strategy for Thinking in Circles set items: every shape and variant the spec takes."""

from hypothesis import assume, strategies as st

from pnp.games import circles
from pnp.games.circles.item import Variants


@st.composite
def items(draw, players=st.sampled_from([2, 4])):
    """An item of any size, arrangement, supply and variants, seated for ``players``; values the
    item itself refuses (its own cross-checks) are assumed away rather than filtered here twice."""
    values = dict(
        circles=draw(st.integers(3, 8)),
        arrangement=draw(st.sampled_from(["row", "ring"])),
        spaces=draw(st.integers(13, 24)),
        shape_spaces=draw(st.none() | st.integers(1, 4)),
        color_spaces=draw(st.none() | st.integers(1, 5)),
        players=draw(players),
        blocker_supply=draw(st.none() | st.integers(1, 40)),
        variants=Variants(lockdown=draw(st.booleans()),
                          spin_cycle=draw(st.sampled_from([None, 2, 3])),
                          uncloned=draw(st.booleans()), wild_cards=draw(st.booleans())))
    try:
        return circles.Item(**values)
    except ValueError:
        assume(False)
