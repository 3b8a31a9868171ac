"""Only for the optional C core of CliqueR's perfect-play solver; everything else is in pyproject.toml.

``optional=True``: on a machine without a C compiler (or Python headers) the build says so and
installs without it, and ``pnp.games.cliquer.solver`` uses its pure-Python search instead (same
answers, slower).
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("pnp.games.cliquer._core", ["pnp/games/cliquer/_core.c"],
                             optional=True, extra_compile_args=["-O2"])])
