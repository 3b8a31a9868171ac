"""The work both front ends ask for (``pnp.services``): the CLI and the web page call the same
functions, so what one says the other says. Each front end's own tests drive them end to end
(tests/test_cli.py, tests/web/); these hold the services' own promises."""

from __future__ import annotations

import ast
import datetime as dt
from pathlib import Path

import pytest

from pnp import services
from pnp.errors import PnpError
from pnp.games import KINDS, game, offering
from pnp.spec import loads
from support.paths import ROOT

CLASS = "title: Class\nseed: s\nitems:\n  - {kind: cliquer, dots: 7, count: 3}\n  - {kind: circles, count: 2}\n"


def test_a_preview_builds_the_first_boards_of_the_whole_spec(tmp_path):
    spec = loads(CLASS, "class.yaml")
    plan = services.plan(spec, services.Limits(first_boards=4))
    assert (plan.boards, plan.of) == (4, 5)
    assert [(e.kind, e.count) for e in plan.spec.items] == [("cliquer", 3), ("circles", 1)]
    whole = services.plan(spec)
    assert (whole.boards, whole.of) == (5, 5) and whole.spec is spec
    [(path, boards, pages)] = services.build(plan, tmp_path)
    assert boards == 4 and path.exists()


def test_a_build_past_its_page_limit_is_refused_before_it_is_built(tmp_path):
    spec = loads("items:\n  - {kind: cliquer, dots: 5, count: 30}\n", "big.yaml")
    with pytest.raises(PnpError, match="would make up to 30 pages; the page builds at most 10"):
        services.plan(spec, services.Limits(pages=10), tmp_path / "probe")
    assert not list(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize("items, paper", [
    ("  - {kind: cliquer, dots: 7, count: 41, worksheet: true}\n", "A4, orientation: portrait"),
    ("  - {kind: cliquer, dots: 7, count: 9, worksheet: true}\n  - {kind: circles}\n"
     "  - {kind: cliquer, dots: 7, count: 5, worksheet: true}\n  - {kind: cliques, players: 7}\n",
     "Letter, orientation: landscape"),
    ("  - {kind: cliquer, size: quarter, count: 9}\n  - {kind: cliques, players: 3, count: 2}\n",
     "A4, orientation: landscape")], ids=["a class set", "two class sets among sets", "cards"])
def test_the_page_probe_never_counts_fewer_pages_than_the_build_makes(tmp_path, items, paper):
    """The probe that refuses a large spec before it is built is an upper bound; a class set's
    teacher's page counts once and its keys as many to a sheet as they print, so a page asking
    for 200 pupils is not refused for pages it would never make."""
    from pnp.build import build

    spec = loads(f"seed: probe\npage: {{size: {paper}}}\nitems:\n{items}", "p.yaml")
    most = services.most_pages(spec, tmp_path / "probe")
    [(_, _, pages)] = build(spec, tmp_path / "real")
    assert pages <= most
    if "worksheet" in items and "quarter" not in items:
        assert most == pages                 # whole pages and keys only: counted as printed


def test_a_small_build_past_its_page_limit_is_refused_after_it_is_built(tmp_path):
    plan = services.plan(loads("items:\n  - {kind: cliquer, dots: 5, count: 3}\n"), services.Limits(pages=2))
    with pytest.raises(PnpError, match="this spec makes 3 pages; the page builds at most 2"):
        services.build(plan, tmp_path)


def test_a_pdf_says_what_it_holds_in_the_games_words(tmp_path):
    spec = loads(CLASS + "  - {kind: cliquer, worksheet: true, dots: 7}\n", "class.yaml")
    [(path, boards, _)] = services.build(services.plan(spec), tmp_path)
    assert services.contents(spec, None, boards) == "3 boards, 2 sets, 1 worksheet"
    assert services.contents(spec, 1, 2) == "2 sets"
    assert services.contents(spec, None, 99) == "99 boards"           # a count the spec cannot explain


def test_a_typed_text_is_read_as_a_code_and_never_as_a_file(tmp_path, monkeypatch):
    (tmp_path / "R1").write_text("items: [{kind: cliquer}]\n")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(PnpError, match="is not a board code"):
        services.from_code("R1")
    with pytest.raises(PnpError, match="is not a board code"):
        services.from_code(str(ROOT / "layouts" / "class-set.yaml"))


def test_a_code_a_spec_and_a_pdf_of_one_board_give_the_same_figures(tmp_path):
    code = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"
    spec = tmp_path / "one.yaml"
    spec.write_text(f"items:\n  - {{kind: cliquer, code: {code}}}\n")
    [(pdf, _, _)] = services.build(services.plan(loads(spec.read_text(), str(spec))), tmp_path)
    found = [services.from_code(code.lower())[0], *services.from_spec(spec), *services.from_pdf(pdf)]
    assert [kind for _, kind, _ in found] == ["cliquer"] * 3
    assert len({board.dots for _, _, board in found}) == 1
    figures = [services.analyze(f, solve=False)[0] for f in found]
    assert figures[0] == figures[1] == figures[2]
    labels = [label for label, _, _ in services.to_analyze([code, str(spec), str(pdf)])]
    assert labels[0] == code and labels[1].startswith(f"{spec} board ") and labels[2].startswith(f"{pdf} board ")


def test_a_spec_with_no_board_to_analyze_is_said(tmp_path):
    spec = tmp_path / "sets.yaml"
    spec.write_text("items: [{kind: circles}]\n")
    names = " or ".join(game(k).TITLE for k in offering("analyze"))
    with pytest.raises(PnpError, match=f"no {names} boards in it"):
        services.to_analyze([str(spec)])


def test_the_board_of_the_day_is_the_same_for_everyone(tmp_path):
    day = dt.date(2026, 11, 21)
    first = [(spec.title, path.name, path.read_bytes()) for spec, path, _, _ in services.daily(day, tmp_path / "a")]
    again = [(spec.title, path.name, path.read_bytes()) for spec, path, _, _ in services.daily(day, tmp_path / "b")]
    assert first == again and len(first) == len(offering("daily_spec"))


FRONT_ENDS = [ROOT / "pnp" / "cli.py", ROOT / "pnp" / "services.py", *sorted((ROOT / "pnp" / "web").glob("*.py"))]


@pytest.mark.parametrize("path", FRONT_ENDS, ids=lambda p: p.name)
def test_no_front_end_and_no_service_names_a_game(path: Path):
    """A kind is never a literal in their code, nor a game module imported: they ask the
    registry (``offering``) and the game's doors. (Help texts may name the games they list.)"""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {id(node.body[0].value) for node in ast.walk(tree)
                  if isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
                  and node.body and isinstance(node.body[0], ast.Expr)}
    named = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            named += [kind for kind in KINDS if node.value.strip().lower() == kind]
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            modules = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module or ""]
            named += [m for m in modules for kind in KINDS if m.startswith(f"pnp.games.{kind}")]
    assert not named, f"{path.name} names {named}"
