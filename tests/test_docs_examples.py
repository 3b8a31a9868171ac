"""Every command and spec in README.md and docs/ runs as shown (docs/examples.py), and the
README keeps its promises: its test command is what CI runs, and it stays short."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


# slow: runs every command the docs show; `pytest -m "not slow"` leaves it out of a quick run, CI runs it
pytestmark = pytest.mark.slow


def _load(name: str):
    spec = importlib.util.spec_from_file_location(f"docs_{name}", ROOT / "docs" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


examples = _load("examples")
PAGES = examples.pages()
TEST_COMMAND = "python3 -m venv .venv && . .venv/bin/activate && pip install '.[test]' && pytest"


@pytest.fixture(scope="module")
def results():
    """Every page run once, two pages at a time (each page's commands run one after another in
    its own folder): the commands mostly wait on child processes."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(max_workers=2) as pool:
        return dict(zip(PAGES, pool.map(examples.run_page, PAGES)))


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_example_runs_as_shown(page, results):
    failures = results[page].failures
    assert not failures, "\n\n".join(failures) + "\n\n(python docs/examples.py --update rewrites outputs)"


def test_pages_are_found():
    names = {str(p.relative_to(ROOT)) for p in PAGES}
    assert {"README.md", "docs/index.md", "docs/teachers.md"} <= names


def test_readme_test_command_is_what_ci_runs():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert TEST_COMMAND in readme.splitlines()
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    # CI installs exactly what the README installs (pip's -q aside) and runs the same pytest
    ran = [l for l in ci.splitlines() if l.startswith("python3 -m venv .venv")]
    assert ran, "CI does not install as the README says"
    assert ran[0].replace(" -q", "") == TEST_COMMAND


def test_readme_install_command_builds_the_starter_pack():
    readme = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert "python3 -m venv .venv && . .venv/bin/activate && pip install . && pnp build" in readme
    # and `pnp build` itself is a console example of the README, run by the test above
    assert "$ pnp build" in readme


def test_readme_is_short():
    assert len((ROOT / "README.md").read_bytes()) < 10_000


def test_readme_links_name_files_that_exist():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)#\s]+)", readme):
        if "://" not in target:
            assert (ROOT / target).exists(), f"README links to {target}, which does not exist"


# ------------------------------------------------------------------ the checker itself

def test_ellipsis_stands_for_any_lines():
    assert examples.matches(["a", "...", "z"], ["a", "b", "c", "z"])
    assert examples.matches(["a", "...", "z"], ["a", "z"])
    assert not examples.matches(["a", "...", "z"], ["a", "b"])
    assert not examples.matches(["a", "b"], ["a", "c"])
    assert not examples.matches(["a"], ["a", "extra"])


def _page(tmp_path, text: str) -> Path:
    page = tmp_path / "page.md"
    page.write_text(text, encoding="utf-8")
    return page


def test_a_wrong_output_fails(tmp_path, monkeypatch):
    page = _page(tmp_path, "```console\n$ pnp new cliques | head -1\n# a Cliques spec\n```\n")
    failures = examples.run_page(page).failures
    assert len(failures) == 1 and "# A Cliques spec. Build it with:  pnp build THIS_FILE.yaml" in failures[0]


def test_a_failing_sh_line_fails(tmp_path):
    page = _page(tmp_path, "```sh\npnp build no-such.yaml\n```\n")
    failures = examples.run_page(page).failures
    assert len(failures) == 1 and "exited 2" in failures[0]


def test_a_spec_never_built_fails(tmp_path):
    page = _page(tmp_path, "In `x.yaml`:\n<!-- file: x.yaml -->\n```yaml\nitems: [{kind: cliquer}]\n```\n")
    assert [f for f in examples.problems_of_form(page) if "never used" in f]
    assert not [f for f in examples.problems_of_form(page) if "say `x.yaml`" in f]


def test_a_spec_whose_name_the_text_does_not_say_fails(tmp_path):
    page = _page(tmp_path, "A spec:\n<!-- file: x.yaml -->\n```yaml\nitems: [{kind: cliquer}]\n```\n\n"
                           "```sh\npnp build x.yaml\n```\n")
    assert [f for f in examples.problems_of_form(page) if "say `x.yaml`" in f]


def test_an_unmarked_spec_or_a_hidden_command_fails(tmp_path):
    page = _page(tmp_path, "```yaml\nitems: []\n```\n\n```text\n$ pnp build\n```\n\n```\nls\n```\n")
    found = examples.problems_of_form(page)
    assert len(found) == 3, found


def test_update_writes_the_actual_output(tmp_path):
    page = _page(tmp_path, "Text.\n\n```console\n$ echo hello\nbye\n```\n")
    result = examples.run_page(page)
    assert result.failures
    assert examples.update(page, result)
    assert page.read_text() == "Text.\n\n```console\n$ echo hello\nhello\n```\n"
    assert not examples.run_page(page).failures
