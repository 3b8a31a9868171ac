"""Boards made to a depth (`depth:` on a cliquer item): the chain measured on each board is the
one asked for, the same seed gives the same board, and an unreachable depth is one clear line at
the item's place with no PDF written.

A whole chain (up to 400 pairs a rung) costs a second or so a board, so the in-process tests cut
the sequential test off at six pairs a rung (sequential.MOST_PAIRS patched; the rule is the same;
with fewer, even a clean sweep is not sure: sequential.again) on small boards."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, assume, given, settings, strategies as st

from support.paths import run_pnp
from pnp.games.cliquer import sequential
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.depth import MOST_DEPTH, chain
from pnp.games.cliquer.difficulty import measure
from pnp.games.cliquer.item import Item
from pnp.games.cliquer.placer import Placer
from pnp.games.cliquer.target import DEPTH_MOST_DOTS, Unreachable, band_target, measured_depth, place_deep

LIMITS = Limits(90, 170, 3, 10, 6)


PAIRS = 6


@pytest.fixture
def two_pairs(monkeypatch):
    monkeypatch.setattr(sequential, "MOST_PAIRS", PAIRS)


def _depth_of(dots) -> tuple[int, bool]:
    got = chain(dots, PAIRS, "board")
    return got["depth"], got["sure"]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.filter_too_much])
@given(st.integers(5, 6), st.integers(0, 2**32))
def test_the_board_measures_the_depth_asked_for(n, seed):
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(sequential, "MOST_PAIRS", PAIRS)
        # ask for the depth the first board drawn has, when sure, so it is always reachable
        wanted, sure = _depth_of(Placer(LIMITS).place(n, random.Random(seed)))
        assume(sure)
        dots = place_deep(Placer(LIMITS), n, random.Random(seed), wanted)
        assert len(dots) == n and LIMITS.problems(dots) == []
        # the chain pnp analyze --depth plays, perfect play on top
        assert _depth_of(dots) == measured_depth(dots) == (wanted, True)


def test_a_board_whose_depth_is_not_sure_is_not_kept(two_pairs, monkeypatch):
    # the first board drawn measures the depth asked for, but not surely: the next one is kept
    from pnp.games.cliquer import target

    answers = iter([(3, False), (3, True)])
    monkeypatch.setattr(target, "measured_depth", lambda dots: next(answers))
    first = Placer(LIMITS).place(6, random.Random(5))
    dots = place_deep(Placer(LIMITS), 6, random.Random(5), 3)
    assert dots != first and next(answers, None) is None


def _sure_first(seed: int, **difficulty) -> tuple[int, int]:
    """From ``seed`` on, the first seed whose first board drawn measures surely, and its depth
    (so place_deep with that seed keeps its first board)."""
    while True:
        placer, rng = Placer(LIMITS), random.Random(seed)
        dots = target_place(placer, rng, **difficulty)
        wanted, sure = _depth_of(dots)
        if sure:
            return seed, wanted
        seed += 1


def target_place(placer, rng, band=None):
    from pnp.games.cliquer.target import place_at

    return place_at(placer, 6, rng, *band_target(band)) if band else placer.place(6, rng)


def test_a_depth_and_a_band_are_both_kept(two_pairs):
    seed, wanted = _sure_first(3, band="hard")
    dots = place_deep(Placer(LIMITS), 6, random.Random(seed), wanted, band_target("hard"))
    assert measure(dots).band == "hard"
    assert measured_depth(dots) == (wanted, True)


def test_same_seed_same_board(two_pairs):
    seed, wanted = _sure_first(11)
    a = place_deep(Placer(LIMITS), 6, random.Random(seed), wanted)
    b = place_deep(Placer(LIMITS), 6, random.Random(seed), wanted)
    assert a == b


def test_the_item_bounds_the_depth_as_the_chain_does():
    from dataclasses import fields

    [depth] = [f for f in fields(Item) if f.name == "depth"]
    assert (depth.metadata["min"], depth.metadata["max"]) == (0, MOST_DEPTH)
    with pytest.raises(Unreachable, match=f"0..{MOST_DEPTH}"):
        place_deep(Placer(LIMITS), 6, random.Random(1), MOST_DEPTH + 1)


def test_too_many_dots_for_a_depth_is_refused_before_any_game():
    with pytest.raises(Unreachable, match=f"{DEPTH_MOST_DOTS} dots or fewer"):
        place_deep(Placer(LIMITS), DEPTH_MOST_DOTS + 1, random.Random(1), MOST_DEPTH)


def test_an_unreachable_depth_names_the_item_and_writes_no_pdf(tmp_path):
    # Depth 0 needs greedy play not to beat random play. On 4 dots the greedy player closes
    # every triangle it can and wins 81% of pairs or more (measured), so it passes: no 4-dot
    # board has depth 0. (The real chain: a 4-dot chain costs milliseconds.)
    spec = tmp_path / "deep.yaml"
    spec.write_text("title: t\nseed: 1\noutput: deep.pdf\nitems:\n"
                    "  - kind: cliquer\n    dots: 4\n    depth: 0\n", encoding="utf-8")
    done = run_pnp("build", spec, "-o", tmp_path / "out")
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"{spec}:5:5: no 4-dot board with depth 0 in 16 tried (depth ")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out" / "deep.pdf").exists()


@pytest.mark.parametrize("text, message", [
    ("depth: 4", "depth"),
    ("depth: -1", "depth"),
    ("depth: two", "depth"),
    ("dots: 10\n    depth: 2", "9 dots or fewer"),
])
def test_bad_depths_are_one_line_at_their_place(tmp_path, text, message):
    spec = tmp_path / "bad.yaml"
    spec.write_text(f"title: t\nseed: 1\noutput: bad.pdf\nitems:\n  - kind: cliquer\n    {text}\n",
                    encoding="utf-8")
    done = run_pnp("build", spec, "-o", tmp_path / "out")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"{spec}:") and message in line
