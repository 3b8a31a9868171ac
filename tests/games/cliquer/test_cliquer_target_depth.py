"""Boards made to a depth (`depth:` on a cliquer item): the chain measured on each board is the
one asked for, the same seed gives the same board, and an unreachable depth is one clear line at
the item's place with no PDF written.

A chain of 16 pairs a rung costs seconds a board, so the in-process tests play one pair a rung
(depth.GAMES patched; the rule is the same) on small boards."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from support.paths import run_pnp
from pnp.games.cliquer import depth as depth_module
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.depth import MOST_DEPTH, chain
from pnp.games.cliquer.difficulty import measure
from pnp.games.cliquer.item import Item
from pnp.games.cliquer.placer import Placer
from pnp.games.cliquer.target import DEPTH_MOST_DOTS, Unreachable, band_target, measured_depth, place_deep

LIMITS = Limits(90, 170, 3, 10, 6)


@pytest.fixture
def one_pair(monkeypatch):
    monkeypatch.setattr(depth_module, "GAMES", 1)


def _depth_of(dots) -> int:
    return chain(dots, 1, "board")["depth"]


@settings(max_examples=4, deadline=None)
@given(st.integers(5, 6), st.integers(0, 2**32))
def test_the_board_measures_the_depth_asked_for(n, seed):
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(depth_module, "GAMES", 1)
        # ask for the depth the first board drawn has, so it is always reachable
        wanted = _depth_of(Placer(LIMITS).place(n, random.Random(seed)))
        dots = place_deep(Placer(LIMITS), n, random.Random(seed), wanted)
        assert len(dots) == n and LIMITS.problems(dots) == []
        # the chain pnp analyze --depth plays, perfect play on top
        assert chain(dots, 1, "board")["depth"] == measured_depth(dots) == wanted


def test_a_depth_and_a_band_are_both_kept(one_pair):
    wanted = _depth_of(Placer(LIMITS).place(6, random.Random(3)))
    dots = place_deep(Placer(LIMITS), 6, random.Random(3), wanted, band_target("hard"))
    assert measure(dots).band == "hard"
    assert measured_depth(dots) == wanted


def test_same_seed_same_board(one_pair):
    wanted = _depth_of(Placer(LIMITS).place(6, random.Random(11)))
    a = place_deep(Placer(LIMITS), 6, random.Random(11), wanted)
    b = place_deep(Placer(LIMITS), 6, random.Random(11), wanted)
    assert a == b


def test_the_item_bounds_the_depth_as_the_chain_does():
    from dataclasses import fields

    [depth] = [f for f in fields(Item) if f.name == "depth"]
    assert (depth.metadata["min"], depth.metadata["max"]) == (0, MOST_DEPTH)
    with pytest.raises(Unreachable, match=f"0..{MOST_DEPTH}"):
        place_deep(Placer(LIMITS), 6, random.Random(1), MOST_DEPTH + 1)


def test_too_many_dots_for_a_depth_is_refused_before_any_game():
    with pytest.raises(Unreachable, match=f"{DEPTH_MOST_DOTS} dots or fewer"):
        place_deep(Placer(LIMITS), DEPTH_MOST_DOTS + 1, random.Random(1), 4)


def test_an_unreachable_depth_names_the_item_and_writes_no_pdf(tmp_path):
    # Depth 7 needs every rung to beat the one below it, search2k over search8k over search32k
    # over perfect play included. On 4 dots every search looks to the end of the game from the
    # first move, so it plays perfectly, and a perfect player is never beaten by a pair: no
    # 4-dot board has depth 7. (16 pairs, the real chain: a 4-dot chain costs milliseconds.)
    spec = tmp_path / "deep.yaml"
    spec.write_text("title: t\nseed: 1\noutput: deep.pdf\nitems:\n"
                    "  - kind: cliquer\n    dots: 4\n    depth: 7\n", encoding="utf-8")
    done = run_pnp("build", spec, "-o", tmp_path / "out")
    assert done.returncode == 2, done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"{spec}:5:5: no 4-dot board with depth 7 in 16 tried (depth ")
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out" / "deep.pdf").exists()


@pytest.mark.parametrize("text, message", [
    ("depth: 8", "depth"),
    ("depth: -1", "depth"),
    ("depth: two", "depth"),
    ("dots: 10\n    depth: 4", "9 dots or fewer"),
])
def test_bad_depths_are_one_line_at_their_place(tmp_path, text, message):
    spec = tmp_path / "bad.yaml"
    spec.write_text(f"title: t\nseed: 1\noutput: bad.pdf\nitems:\n  - kind: cliquer\n    {text}\n",
                    encoding="utf-8")
    done = run_pnp("build", spec, "-o", tmp_path / "out")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert line.startswith(f"{spec}:") and message in line
