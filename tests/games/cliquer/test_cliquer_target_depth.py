"""Boards made to a depth (`depth:` on a cliquer item): the chain measured on each board is the
one asked for, the same seed gives the same board, and an unreachable depth is one clear line at
the item's place with no PDF written."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from conftest import run_pnp
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.depth import chain
from pnp.games.cliquer.difficulty import measure
from pnp.games.cliquer.placer import Placer
from pnp.games.cliquer.target import (DEPTH_MOST_DOTS, DEPTH_PERFECT_UPTO, Unreachable, band_target,
                                      measured_depth, place_deep)

LIMITS = Limits(90, 170, 3, 10, 6)


@settings(max_examples=6, deadline=None)
@given(st.integers(6, 8), st.sampled_from([2, 4]), st.integers(0, 2**32))
def test_the_board_measures_the_depth_asked_for(n, depth, seed):
    # 2 and 4 are the depths most boards of 6-8 dots have (bench/depth.py), so both are found
    dots = place_deep(Placer(LIMITS), n, random.Random(seed), depth)
    assert len(dots) == n and LIMITS.problems(dots) == []
    # the chain pnp analyze --depth plays, perfect play on top at these sizes
    assert chain(dots)["depth"] == measured_depth(dots) == depth


def test_a_depth_and_a_band_are_both_kept():
    dots = place_deep(Placer(LIMITS), 8, random.Random(3), 4, band_target("hard"))
    assert measure(dots).band == "hard"
    assert measured_depth(dots) == 4


def test_same_seed_same_board():
    a = place_deep(Placer(LIMITS), 8, random.Random(11), 2)
    b = place_deep(Placer(LIMITS), 8, random.Random(11), 2)
    assert a == b


@pytest.mark.slow       # a 10-dot chain with search on top: several seconds a board drawn
def test_past_nine_dots_search_is_the_top_rung_whatever_the_solver_core():
    # A positions budget would not do: the C and pure-Python cores count positions differently
    import pnp.games.cliquer.depth as depth_module

    seen = []
    real = depth_module.chain

    def spy(dots, *args, **kwargs):
        got = real(dots, *args, **kwargs)
        seen.append(got["rungs"][-1])
        return got

    depth_module.chain, saved = spy, depth_module.chain
    try:
        place_deep(Placer(LIMITS), DEPTH_PERFECT_UPTO + 1, random.Random(2), 4)
    except Unreachable:
        pass
    finally:
        depth_module.chain = saved
    assert seen and set(seen) == {"search"}


def test_too_many_dots_for_a_depth_is_refused_before_any_game():
    with pytest.raises(Unreachable, match=f"{DEPTH_MOST_DOTS} dots or fewer"):
        place_deep(Placer(LIMITS), DEPTH_MOST_DOTS + 1, random.Random(1), 4)


def test_an_unreachable_depth_names_the_item_and_writes_no_pdf(tmp_path):
    # Depth 1 needs lookahead2 not to beat greedy reliably; it did on every 7-dot board of the
    # bench (bench/depth.py), so 16 boards find none.
    spec = tmp_path / "deep.yaml"
    spec.write_text("title: t\nseed: 1\noutput: deep.pdf\nitems:\n"
                    "  - kind: cliquer\n    dots: 7\n    depth: 1\n", encoding="utf-8")
    done = run_pnp("build", spec, "-o", tmp_path / "out")
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"{spec}:5:5: no 7-dot board with depth 1 in 16 tried (depth ")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out" / "deep.pdf").exists()


@pytest.mark.parametrize("text, message", [
    ("depth: 5", "depth"),
    ("depth: -1", "depth"),
    ("depth: two", "depth"),
    ("dots: 12\n    depth: 4", "11 dots or fewer"),
])
def test_bad_depths_are_one_line_at_their_place(tmp_path, text, message):
    spec = tmp_path / "bad.yaml"
    spec.write_text(f"title: t\nseed: 1\noutput: bad.pdf\nitems:\n  - kind: cliquer\n    {text}\n",
                    encoding="utf-8")
    done = run_pnp("build", spec, "-o", tmp_path / "out")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"{spec}:") and message in line
