"""Mutation testing of the validator: plant a known defect in a good PDF, the validator must name it.

Each class of defect edits a copy of a good PDF the way a buggy generator, a careless hand or a
forger would: the attached data, the drawing on the page, or both made to agree with each other.
The validator must fail every planted copy with the problem code that names the defect. The
defects are each game's (``tests/games/<kind>/obligations.py``) and any PDF's
(``tests/support/defects.py``), gathered through the registry by ``support.obligations``;
``bench/mutation_report.py`` runs many random plantings per class and prints the catch rate.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from support.forgery import Forgery, plant, verdict
from support.obligations import CODE_DEFECTS, MUTATIONS, UNPLANTABLE, build_good

# slow: plants every defect in built PDFs and validates each; `pytest -m "not slow"` leaves it out of a quick run, CI runs it
pytestmark = pytest.mark.slow


# ------------------------------------------------------------------------------------------
# the tests


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> dict[str, Path]:
    pdfs = build_good(tmp_path_factory.mktemp("good"))
    for path in pdfs.values():
        ok, found, lines = verdict(path)
        assert ok, lines
    return pdfs


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("mutation", MUTATIONS, ids=[m.name for m in MUTATIONS])
def test_every_planted_defect_fails_and_is_named(good, tmp_path, mutation, seed):
    what, bad = plant(mutation, good[mutation.source], tmp_path / "bad.pdf", random.Random(seed))
    ok, found, lines = verdict(bad)
    assert not ok, f"{mutation.name} passed validation: {what}"
    assert "not-reproduced" in found, f"{what}: proved, got {sorted(found)}"   # never the bytes pnp writes
    assert mutation.expects & found, f"{what}: got {sorted(found)}"


def test_an_unplanted_copy_passes(good, tmp_path):
    # the forging machinery alone (a pypdf re-save, a newline added) leaves every board's data
    # as it was: not proved, for that re-save alone
    forgery = Forgery(good["cliques"])
    forgery.set_content(0, forgery.content(0) + "\n")
    ok, found, lines = verdict(forgery.save(tmp_path / "copy.pdf"))
    assert not ok and found == {"not-reproduced"}, lines


def registries() -> dict[str, object]:
    """Every problem registry: each game's and the validator's own."""
    from pnp.games import KINDS, game
    from pnp.verify.problems import PROBLEMS

    return {**{kind: game(kind).PROBLEMS for kind in KINDS}, "validator": PROBLEMS}


def test_every_declared_problem_code_has_a_planted_defect():
    planted = set().union(*(m.names | m.expects for m in MUTATIONS + CODE_DEFECTS))
    declared = {code for registry in registries().values() for code in registry}
    assert not declared - planted - set(UNPLANTABLE), sorted(declared - planted - set(UNPLANTABLE))
    expected = set().union(*(m.expects for m in MUTATIONS + CODE_DEFECTS))
    assert not expected - declared, sorted(expected - declared)


@pytest.mark.parametrize("mutation", CODE_DEFECTS, ids=[m.expect + ": " + m.name for m in CODE_DEFECTS])
def test_every_problem_code_is_triggered(good, tmp_path, mutation):
    what, bad = plant(mutation, good[mutation.source], tmp_path / "bad.pdf", random.Random(3))
    ok, found, lines = verdict(bad)
    assert not ok and mutation.expects & found, f"{what}: got {sorted(found)}"
    declared = {code for registry in registries().values() for code in registry}
    assert found <= declared, f"undeclared codes reported: {sorted(found - declared)}"
