"""For the optional C core and the gallery; everything else is in pyproject.toml.

The gallery: the example specs of ``layouts/`` (one per audience, the specs the README and the
guides build) are copied into the package as it is built, beside the starter pack in
``pnp/layouts/``, so an installed pnp serves them from any folder while the repository keeps
one copy of each (``pnp.web.gallery.default_layout_folders`` reads both places).

``pnp.games.cliquer._core`` (and ``_core_wide``, the same source for 12-13 dots) is CliqueR's perfect-play solver: it answers ``pnp analyze`` and the
daily puzzle 14-27 times faster than the pure-Python search in ``solver.py`` (the same answers),
a wait a person feels. The same file holds the skill chain's search rungs (``Searcher``: the
moves of players.Lookahead and players.Deepening), which make a board's depth (`pnp analyze
--depth`, `depth:`) about 40 times cheaper than in Python (bench/depth.py --speed). It is pnp's
only native code (docs/development.md: why, and how to build it for debugging).

``optional=True``: on a machine without a C compiler (or Python headers) the build installs
without it and pnp uses the pure-Python solver instead (same answers, slower). pip shows that
only with ``-v``, so ``pnp analyze`` says so in its report when it solved without the core.

``$PNP_CORE_CFLAGS`` replaces the optimisation flags (``-O2``) for a debugging build, e.g.
``PNP_CORE_CFLAGS="-O0 -g -fsanitize=address,undefined -fno-omit-frame-pointer"``; flags naming
a sanitizer are passed to the linker too.
"""

import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_py import build_py

FLAGS = os.environ.get("PNP_CORE_CFLAGS", "-O2").split()



# POSIX threads for the solver's helper thread (not on Windows, where the core runs one thread)
THREADS = [] if sys.platform == "win32" else ["-pthread"]


def core(name: str, macros: list[tuple[str, str]]) -> Extension:
    return Extension(f"pnp.games.cliquer.{name}", ["pnp/games/cliquer/_core.c"], optional=True,
                     define_macros=macros, extra_compile_args=FLAGS + THREADS,
                     extra_link_args=THREADS + [f for f in FLAGS if f.startswith("-fsanitize")])


class with_gallery(build_py):
    """build_py, and layouts/*.yaml into pnp/layouts/ of the build (never over a file there)."""

    def run(self):
        super().run()
        here = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "pnp" / "layouts"
        target.mkdir(parents=True, exist_ok=True)
        for spec in sorted((here / "layouts").glob("*.yaml")):
            if not (here / "pnp" / "layouts" / spec.name).exists():
                shutil.copyfile(spec, target / spec.name)


# The same source twice: sets of segments in one 64-bit word (up to 11 dots, the fastest), and
# in an unsigned __int128 (12 and 13 dots; a compiler without __int128 skips only this one).
setup(ext_modules=[core("_core", []), core("_core_wide", [("CORE_WIDE", "1")])],
      cmdclass={"build_py": with_gallery})
