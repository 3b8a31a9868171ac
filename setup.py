"""Only for the optional C cores; everything else is in pyproject.toml.

- ``pnp.games.cliquer._core``: CliqueR's perfect-play solver.
- ``pnp.games.cliquer._letters``: the loop placing a board's dot letters (they were about a
  third of a whole build). It must choose the same spots as the Python loop to the last bit (the
  same spec gives the same PDF bytes everywhere), so it is built without fused multiply-add
  (``-ffp-contract=off``: on arm64 GCC would fuse a*b+c and round once instead of twice); the
  file refuses to compile with fast-math or excess precision (``_exact.h``).
- ``pnp.games.cliquer._placing``: board generation's hot loops (once drawing cost about what
  reportlab needs, generating the boards was the largest cost of pnp's own in a build): the
  screen of sampled dots (``Placer.fits``, also straight from the random draws), the count of
  dots inside each triangle (``containment_counts``) and the exact check of a board
  (``clean``); and the search's free lattice positions (``free_positions``), so a board
  sampling leaves short need not import numpy. Same boards to the bit as the Python and numpy
  code, so built like the letters core.

``optional=True``: on a machine without a C compiler (or Python headers), or where a core
refuses to compile, the build says so and installs without it, and pnp uses the pure-Python
code instead (same answers, slower).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("pnp.games.cliquer._core", ["pnp/games/cliquer/_core.c"],
                             optional=True, extra_compile_args=["-O2"]),
                   *[Extension(f"pnp.games.cliquer.{name}", [f"pnp/games/cliquer/{name}.c"],
                               depends=["pnp/games/cliquer/_exact.h"], optional=True,
                               extra_compile_args=["-O2", "-ffp-contract=off"])
                     for name in ("_letters", "_placing")]])
