"""Every registered game's test obligations, found through the registry.

A game owes the validator's tests a file ``tests/games/<kind>/obligations.py`` with ``GOOD_SPEC``
(a small spec whose PDF validates clean, to plant defects in), ``MUTATIONS`` and ``CODE_DEFECTS``
(planted defects, each naming the problem code the validator must report) and ``UNPLANTABLE``
(the codes no file can reach, each with the test that reaches it otherwise). A new game adds the
file; nothing here names a game. ``tests/games/test_game_obligations.py`` says what one lacks.
"""

from __future__ import annotations

import dataclasses
import importlib.util
from functools import cache
from pathlib import Path
from types import ModuleType

from pnp.games import KINDS
from support import defects
from support.forgery import Mutation
from support.paths import ROOT

GAMES = ROOT / "tests" / "games"


def path(kind: str) -> Path:
    return GAMES / kind / "obligations.py"


@cache
def of(kind: str) -> ModuleType | None:
    """The game's obligations module, or None if it has none yet."""
    where = path(kind)
    if not where.exists():
        return None
    spec = importlib.util.spec_from_file_location(f"obligations_{kind}", where)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _kinds() -> list[str]:
    return [kind for kind in KINDS if of(kind) is not None]


def good_specs() -> dict[str, str]:
    return {kind: of(kind).GOOD_SPEC for kind in _kinds()}


def mutations() -> list[Mutation]:
    """Every game's own, then the defects of any PDF: those of every game in each game's PDF,
    the others spread over the games in turn."""
    kinds = _kinds()
    own = [m for kind in kinds for m in of(kind).MUTATIONS]
    every = [dataclasses.replace(m, name=f"{m.name} ({kind})", source=kind)
             for m in defects.EVERY_GAME for kind in kinds]
    any_game = [dataclasses.replace(m, source=kinds[i % len(kinds)])
                for i, m in enumerate(defects.ANY_GAME)]
    return own + every + any_game


def code_defects() -> list[Mutation]:
    return [m for kind in _kinds() for m in of(kind).CODE_DEFECTS]


def unplantable() -> dict[str, str]:
    found = dict(defects.UNPLANTABLE)
    for kind in _kinds():
        found.update(of(kind).UNPLANTABLE)
    return found


GOOD_SPECS = good_specs()
MUTATIONS = mutations()
CODE_DEFECTS = code_defects()
UNPLANTABLE = unplantable()


def build_good(folder: Path, specs: dict[str, str] = GOOD_SPECS) -> dict[str, Path]:
    """Each game's good PDF, built into ``folder``: {kind: path}."""
    from pnp.build import build
    from pnp.spec import loads

    good = {}
    for source, text in specs.items():
        [(path, _, _)] = build(loads(text, f"{source}.yaml"), folder)
        good[source] = path
    return good
