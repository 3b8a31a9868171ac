"""The docs site builds strictly: a broken link, a missing page or a page left out of the
navigation fails. The test extra brings Sphinx, MyST and Furo (`pip install '.[test]'`, the
README's test command and .ci/run's), so this never skips."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest


ROOT = Path(__file__).resolve().parent.parent
STRICT = [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html"]


def _build(source: Path, out: Path) -> subprocess.CompletedProcess:
    return subprocess.run(STRICT + [str(source), str(out)], capture_output=True, text=True, timeout=300)


def _copy(tmp_path) -> Path:
    docs = tmp_path / "docs"
    shutil.copytree(ROOT / "docs", docs, ignore=shutil.ignore_patterns("_build"))
    shutil.copytree(ROOT / "layouts", tmp_path / "layouts")     # pages link to the gallery
    return docs


def test_the_site_builds_strictly(tmp_path):
    done = _build(ROOT / "docs", tmp_path / "html")
    assert done.returncode == 0, done.stdout + done.stderr
    cli = (tmp_path / "html" / "reference" / "cli.html").read_text(encoding="utf-8")
    spec = (tmp_path / "html" / "reference" / "spec.html").read_text(encoding="utf-8")
    import click

    from pnp.cli import cli as group
    from pnp.schema import spec_schema

    ctx = click.Context(group, info_name="pnp")
    for name in group.list_commands(ctx):                            # generated from click
        assert f"pnp {name}</h2>" in cli or f"pnp {name}<a" in cli, name
        for param in group.get_command(ctx, name).params:
            for opt in param.opts if isinstance(param, click.Option) and param.name != "help" else []:
                assert f">{opt}" in cli or f"{opt}," in cli or f"{opt} " in cli, (name, opt)
    for game in spec_schema()["properties"]["items"]["items"]["oneOf"]:  # generated from the schema
        for key in game["properties"]:
            assert f">{key}</span>" in spec, (game["title"], key)


def test_a_broken_link_fails_the_build(tmp_path):
    docs = _copy(tmp_path)
    with open(docs / "teachers.md", "a", encoding="utf-8") as page:
        page.write("\nSee [nowhere](no-such-page.md).\n")
    done = _build(docs, tmp_path / "html")
    assert done.returncode != 0 and "no-such-page" in done.stderr


def test_a_page_outside_the_navigation_fails_the_build(tmp_path):
    docs = _copy(tmp_path)
    (docs / "orphan.md").write_text("# Orphan\n", encoding="utf-8")
    done = _build(docs, tmp_path / "html")
    assert done.returncode != 0 and "orphan" in done.stderr
