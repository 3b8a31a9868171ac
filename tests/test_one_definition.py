"""One definition per constant: the papers, the safe area's edge and a game's title are written
once and read everywhere else (issue 22). Each test changes the one definition and sees every
reader follow, so a copy written out again fails here."""

from __future__ import annotations

import inspect
import typing

import pytest

from pnp.pdf import page


def test_the_spec_the_schema_the_starter_and_the_form_take_the_papers_from_page():
    from pnp import schema, spec, starter
    from pnp.options import fields
    from pnp.web import forms

    size = next(o for o in fields(spec.Page) if o.key == "size")
    assert typing.get_args(typing.get_type_hints(spec.Page)["size"]) == size.choices == tuple(page.PAPER_PT)
    assert f"# Paper size [{' | '.join(page.PAPER_PT)}]" in starter.starter("cliquer")
    assert schema.option_schema(size)["enum"] == list(page.PAPER_PT)
    form = next(f for f in forms.spec_fields() if f.key == "page").children
    assert [value for value, _ in next(f for f in form if f.key == "size").choices] == list(page.PAPER_PT)


@pytest.mark.parametrize("module", ["support.pageread.layout_check"])
def test_the_safe_area_edge_is_written_once(module):
    """The declaration of outside-safe-area (and the message) says EDGE_MM, never a number."""
    import importlib

    mod = importlib.import_module(module)
    assert mod.PROBLEMS.codes["outside-safe-area"] == (
        f"something is drawn within {page.EDGE_MM} mm of the paper edge")
    source = inspect.getsource(mod)
    assert "drawn within 5 mm" not in source     # the message, as the declaration


@pytest.mark.parametrize("kind", ["circles", "cliquer", "cliques"])
def test_a_game_prints_its_title_from_its_title(kind):
    """The drawings name the game by its TITLE door: no module of the game writes it out (but
    CliqueR's Board, whose ``title`` field is the spec's title for a board and defaults to the
    game's name: the board module sits below the package that defines TITLE)."""
    from pathlib import Path

    from pnp.games import game

    module = game(kind)
    folder = Path(module.__file__).parent
    for path in folder.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        code = [line for line in text.splitlines()
                if f'"{module.TITLE}"' in line and not line.lstrip().startswith(("TITLE", "title: str"))]
        assert not code, f"{kind}/{path.name} writes out {module.TITLE!r}: {code[0].strip()}"
