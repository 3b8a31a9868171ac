"""Only for the optional C core; everything else is in pyproject.toml.

``pnp.games.cliquer._core`` is CliqueR's perfect-play solver: it answers ``pnp analyze`` and the
daily puzzle 14-27 times faster than the pure-Python search in ``solver.py`` (the same answers),
a wait a person feels. It is pnp's only native code (docs/development.md: why, and how to build
it for debugging).

``optional=True``: on a machine without a C compiler (or Python headers) the build installs
without it and pnp uses the pure-Python solver instead (same answers, slower). The install says
so in a warning pip shows without ``-v``; ``pnp analyze`` says so too when it solves.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("pnp.games.cliquer._core", ["pnp/games/cliquer/_core.c"],
                             optional=True, extra_compile_args=["-O2"])])
