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


# what every test shares with the user's cache folder: the converted CJK font (pnp/pdf/cjk.py:
# about 17 s of CPU to make) and reportlab's reading of each face's tables
# (pnp/pdf/font_tables.py: 0.3 s a CJK weight to keep), the same files pnp keeps there on first
# use; made per test, they would cost minutes
SHARED = ("fonts", "font-tables")


@pytest.fixture(scope="session")
def _font_folder():
    from pnp.cachedir import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    for name in SHARED:
        (folder / name).mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture(autouse=True)
def _own_cache_folder(tmp_path_factory, monkeypatch, _font_folder):
    """Each test its own empty cache folder (kept answers, cliquer/kept.py), never the user's
    (but for the fonts: SHARED)."""
    cache = tmp_path_factory.mktemp("cache")
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    if _font_folder is not None:
        (cache / "pnp").mkdir()
        for name in SHARED:
            (cache / "pnp" / name).symlink_to(_font_folder / name, target_is_directory=True)


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
