"""Every registered game meets what it owes the tests (``pnp.games.base.TEST_OBLIGATIONS``).

The obligations are listed once, in the game contract; each has its check here, run for every
kind in the registry, so a new game learns what it lacks from one failing line naming it.
"""

from __future__ import annotations

import pytest

from pnp.games import KINDS, game
from pnp.games.base import TEST_OBLIGATIONS


def _obligations(kind: str):
    from support import obligations

    module = obligations.of(kind)
    assert module is not None, f"{kind}: no {obligations.path(kind).relative_to(obligations.ROOT)}"
    return module


def _good_spec(kind: str) -> None:
    from pnp.spec import loads

    module = _obligations(kind)
    assert getattr(module, "GOOD_SPEC", None), f"{kind}: its obligations.py has no GOOD_SPEC"
    spec = loads(module.GOOD_SPEC, f"{kind}.yaml")
    assert {entry.kind for entry in spec.items} == {kind}


def _planted_defects(kind: str) -> None:
    from support import defects

    module = _obligations(kind)
    planted = set().union(*(m.names | m.expects for m in module.MUTATIONS + module.CODE_DEFECTS
                            + defects.EVERY_GAME + defects.ANY_GAME))
    missing = set(game(kind).PROBLEMS) - planted - set(module.UNPLANTABLE)
    assert not missing, f"{kind}: no planted defect names {sorted(missing)} (its obligations.py)"


def _layout_options(kind: str) -> None:
    from support.layout_variants import variants, yaml_item
    from pnp.errors import SpecError
    from pnp.spec import loads

    found = variants(kind)
    assert found, f"{kind}: no layout variants (declare LAYOUT_OPTIONS in the game's package)"
    for n, options in enumerate(found):
        try:
            loads(f"title: variants\nitems:\n{yaml_item(kind, options)}", f"{kind}-variant.yaml")
        except SpecError:       # an extreme the game refuses (in one line): not the defaults
            assert n > 0, f"{kind}: the first layout variant must be a valid item: {options}"


def _printed_options(kind: str) -> None:
    """Describing the options refuses a text option that does not say printed= (TypeError
    naming it), and one declared without option(label=...)."""
    from pnp.options import fields

    fields(game(kind).Item)


def _starter_builds(kind: str) -> None:
    """The spec loads here; tests/games/test_conformance.py builds and validates it."""
    from pnp.spec import loads
    from pnp.starter import starter

    assert [entry.kind for entry in loads(starter(kind), f"<new {kind}>").items] == [kind]


CHECKS = {"good-spec": _good_spec, "planted-defects": _planted_defects,
          "layout-options": _layout_options, "printed-options": _printed_options,
          "starter-builds": _starter_builds}


def test_every_obligation_listed_is_checked_and_every_check_listed():
    assert set(CHECKS) == set(TEST_OBLIGATIONS)


@pytest.mark.parametrize("obligation", sorted(CHECKS))
@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_game_meets_every_obligation(kind, obligation):
    CHECKS[obligation](kind)


def test_a_game_that_declares_a_code_nobody_plants_is_named(monkeypatch):
    """The check can fail: a new problem code with no planted defect is reported by name."""
    from pnp.games.base import Problems

    module = game("circles")
    monkeypatch.setattr(module, "PROBLEMS", module.PROBLEMS | Problems({"brand-new": "a new rule"}))
    with pytest.raises(AssertionError, match="brand-new"):
        _planted_defects("circles")
