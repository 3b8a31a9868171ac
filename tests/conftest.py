from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner


def pytest_collection_modifyitems(config, items):
    """The files marked slow first. A file stays on one worker (--dist loadfile) and the files
    are handed out in this order (--no-loadscope-reorder: xdist's own order is by the number
    of tests, which put the sweeps of a few long tests last); a long file begun last left the
    other core idle while it ran, begun first the short files fill in beside it."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def _font_folder():
    """The converted CJK font (pnp/pdf/cjk.py: about 17 s of CPU to make) is the one thing
    every test shares with the user's cache folder: it is the same file pnp makes there on first
    use, and making it per test would cost minutes."""
    from pnp.cachedir import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    (folder / "fonts").mkdir(parents=True, exist_ok=True)
    return folder / "fonts"


@pytest.fixture(autouse=True)
def _own_cache_folder(tmp_path_factory, monkeypatch, _font_folder):
    """Each test its own empty cache folder (kept answers, cliquer/kept.py), never the user's
    (but for the converted CJK font: _font_folder)."""
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    if _font_folder is not None:
        (cache / "pnp").mkdir()
        (cache / "pnp" / "fonts").symlink_to(_font_folder, target_is_directory=True)


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def write_spec(tmp_path):
    def write(text: str, name: str = "spec.yaml") -> Path:
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return path
    return write
