"""Forged CliqueR boards whose page shows exactly the forged data: nothing drawn disagrees with
the data, so only the exact rule checks can catch them (the forgeries of obligations.py)."""

from __future__ import annotations

import random

import pytest

from support.forgery import plant, verdict
from support.obligations import build_good, of

FORGED = [m for m in of("cliquer").MUTATIONS if m.expect in ("collinear", "clearance", "spacing")]


@pytest.fixture(scope="module")
def good(tmp_path_factory):
    return build_good(tmp_path_factory.mktemp("good"), {"cliquer": of("cliquer").GOOD_SPEC})["cliquer"]


@pytest.mark.parametrize("mutation", FORGED, ids=[m.expect for m in FORGED])
def test_forged_boards_fool_every_check_but_the_rule_they_break(good, tmp_path, mutation):
    what, bad = plant(mutation, good, tmp_path / "bad.pdf", random.Random(7))
    ok, found, _ = verdict(bad)
    assert not ok and mutation.expects & found, what
    assert not {c for c in found if c.startswith("drawn-")}, found
