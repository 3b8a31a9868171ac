"""Every game in the registry keeps the contract, whichever game it is.

Parametrised over ``pnp.games.KINDS``, so a new game (a folder and one registry line) gets these
checks for free: its doors, an exact data round trip, generated boards that pass their own
check, `pnp new KIND` building a PDF that validates, and the schema knowing the kind. The last
test copies a game folder under a new name and shows that the registry line is all it needs.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import random
import shutil
import sys
import types

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from pnp.games import KINDS, base, game, offering
from pnp.games.base import OPTIONAL_DOORS, ContractError, Problem, Problems, check_contract

SEEDS = range(12)


@pytest.fixture(params=sorted(KINDS))
def kind(request):
    return request.param


def starter_item(kind: str):
    """The item `pnp new KIND` writes: every option at its default, required ones at their example."""
    from pnp.spec import loads
    from pnp.starter import starter

    return loads(starter(kind), f"<new {kind}>").items[0].item


def generated(kind: str, seed: int):
    return game(kind).generate(starter_item(kind), random.Random(f"conformance-{seed}"), f"CF-{seed:02d}")


def test_every_door_is_there(kind):
    module = game(kind)
    check_contract(kind, module)             # again, explicitly: raises naming what is missing
    assert module.KIND == kind
    assert isinstance(module.PROBLEMS, Problems) and list(module.PROBLEMS)


def test_doors_survive_importing_every_room(kind):
    """A door named like a module of its folder would be replaced by that module on import."""
    package = game(kind)
    for info in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        importlib.import_module(info.name)
    check_contract(kind, package)
    for door in OPTIONAL_DOORS:
        value = getattr(package, door, None)
        assert value is None or callable(value) or door.isupper(), f"{kind}.{door} is a {type(value).__name__}"


def test_data_round_trips_exactly(kind):
    module = game(kind)
    for seed in SEEDS:
        board = generated(kind, seed)
        data = module.to_data(board)
        assert module.from_data(data) == board
        assert module.from_data(json.loads(json.dumps(data))) == board


def test_generated_boards_pass_their_own_check(kind):
    module = game(kind)
    for seed in SEEDS:
        assert module.check(generated(kind, seed)) == []


def test_from_data_refuses_what_is_not_a_board(kind):
    module = game(kind)
    data = module.to_data(generated(kind, 0))
    for bad in (None, [], "board", {**data, "surprise": 1}, {k: v for k, v in list(data.items())[1:]}):
        with pytest.raises(ValueError):
            module.from_data(bad)


def test_problems_use_declared_codes_only(kind):
    module = game(kind)
    code = next(iter(module.PROBLEMS))
    assert module.PROBLEMS(code, "x") == Problem(code, "x")
    with pytest.raises(KeyError):
        module.PROBLEMS("no-such-code", "x")


def test_pnp_new_builds_a_pdf_that_validates(kind, tmp_path):
    runner = CliRunner()
    text = runner.invoke(cli, ["new", kind])
    assert text.exit_code == 0, text.output
    spec = tmp_path / f"{kind}.yaml"
    spec.write_text(text.output, encoding="utf-8")
    built = runner.invoke(cli, ["build", str(spec), "-o", str(tmp_path / "out")])
    assert built.exit_code == 0, built.output
    checked = runner.invoke(cli, ["validate", *map(str, (tmp_path / "out").glob("*.pdf"))])
    assert checked.exit_code == 0, checked.output
    assert "0 failed" in checked.output


def test_the_schema_knows_the_kind(kind):
    from pnp.schema import spec_schema

    assert kind in json.dumps(spec_schema())


def test_a_missing_door_fails_at_load_naming_it():
    module = types.ModuleType("pnp.games.broken")
    real = game("cliquer")
    for name in ("KIND", "TITLE", "Item", "Board", "PROBLEMS", "generate", "pieces", "to_data",
                 "from_data", "check_drawn", "describe"):
        setattr(module, name, getattr(real, name))
    with pytest.raises(ContractError, match=r"check\(\)"):
        check_contract("cliquer", module)
    module.check = real.check
    with pytest.raises(ContractError, match="registered as 'other'"):
        check_contract("other", module)
    module.report = real.report               # a partner door without its door is fine
    check_contract("cliquer", module)
    module.analyze = real.analyze
    del module.report
    with pytest.raises(ContractError, match=r"report\(\)"):
        check_contract("cliquer", module)


@pytest.mark.parametrize("door, wrong", [("NOUN", 3), ("NOUN", ""), ("LAYOUT_OPTIONS", {"size": "half"}),
                                         ("LAYOUT_OPTIONS", []), ("daily_spec", "Monday")])
def test_an_optional_door_of_the_wrong_kind_fails_at_load_naming_it(door, wrong):
    module = _copy_of(game("cliques"))
    setattr(module, door, wrong)
    with pytest.raises(ContractError, match=f"lacks {door} as "):
        check_contract("cliques", module)


@pytest.mark.parametrize("name, door", [("NOUNS", "NOUN"), ("LAYOUT_OPTION", "LAYOUT_OPTIONS"),
                                        ("layout_options", "LAYOUT_OPTIONS"), ("daily_specs", "daily_spec")])
def test_a_misspelt_door_fails_at_load_naming_the_door_it_meant(name, door):
    module = _copy_of(game("cliques"))
    setattr(module, name, getattr(game("circles"), "NOUN") if door == "NOUN" else [{"players": 3}])
    module.__all__ = [*module.__all__, name]
    with pytest.raises(ContractError, match=f"{door} \\(it has {name}\\)"):
        check_contract("cliques", module)


def test_the_value_doors_are_read_through_the_registry():
    from pnp.games import noun

    assert offering("NOUN") == [k for k in KINDS if getattr(game(k), "NOUN", None)]
    assert noun("circles") == "set" and noun("cliquer") == "board"
    assert noun("cliquer", worksheet=True) == "worksheet" and noun("", answer_key=True) == "answer key"


def _copy_of(real) -> types.ModuleType:
    """A module with every door of ``real`` (which stays as it is)."""
    module = types.ModuleType("pnp.games.copied")
    for name in real.__all__:
        setattr(module, name, getattr(real, name))
    module.__all__ = list(real.__all__)
    return module


def test_the_cli_asks_the_registry_what_games_offer():
    assert offering("read_code") == ["cliquer"]
    assert set(offering("analyze")) <= set(KINDS)
    with pytest.raises(KeyError):
        offering("teleport")


def test_a_copied_game_folder_is_a_new_game(tmp_path, monkeypatch):
    """Copy a game's folder under a new name and add its one registry line: pnp new, schema,
    build and validate all work for the new kind with nothing else changed."""
    source = game("cliques").__path__[0]
    shutil.copytree(source, tmp_path / "copycat", ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(KINDS, "copycat", "copycat")
    monkeypatch.setattr(sys.modules["pnp.games"], "_loaded", {})
    try:
        assert game("copycat").KIND == "copycat"
        test_pnp_new_builds_a_pdf_that_validates("copycat", tmp_path)
        test_the_schema_knows_the_kind("copycat")
        test_data_round_trips_exactly("copycat")
    finally:
        for name in [m for m in sys.modules if m == "copycat" or m.startswith("copycat.")]:
            del sys.modules[name]


def test_base_knows_no_game():
    """The shared rooms name no game: a game's words stay in its folder."""
    import inspect

    for module in (base, importlib.import_module("pnp.paper"), importlib.import_module("pnp.build"),
                   importlib.import_module("pnp.verify.validate")):
        text = inspect.getsource(module).lower()
        for kind in KINDS:
            assert f"games.{kind}" not in text and f'"{kind}"' not in text, (module.__name__, kind)


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_game_folder_imports_itself_relatively(kind):
    """Inside a game folder every import of the game's own modules is relative, so a copied
    folder imports its copy, never the original (an absolute ``pnp.games.<kind>`` import would
    quietly run the original's code in the new game)."""
    import ast
    from pathlib import Path

    folder = Path(game(kind).__path__[0])
    absolute = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            absolute += [f"{path.name}:{node.lineno} {n}" for n in names
                         if n == f"pnp.games.{kind}" or n.startswith(f"pnp.games.{kind}.")]
    assert not absolute, absolute
