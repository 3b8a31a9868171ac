"""Choosing between one of CliqueR's optional C cores and its pure-Python twin.

The letters core (``_letters.c``) and the placing core (``_placing.c``) are built by `pip install .`
when a C compiler is there and give the same answers to the bit as the Python code they stand in
for; an environment variable picks the Python code anyway, to compare the two.
"""

from __future__ import annotations

import os


def chosen(core: str | None, env: str, built: bool, what: str) -> str:
    """The code that will run: "c" when the core is ``built``, else "python". ``core`` ("c",
    "python"), else the variable ``env``, chooses; "c" where the core is not built is an error."""
    core = core or os.environ.get(env) or None
    if core not in (None, "c", "python"):
        raise ValueError(f"{what} core must be 'c' or 'python', got {core!r}")
    if core == "c" and not built:
        raise ValueError(f"the C {what} core is not built here")
    return "c" if core != "python" and built else "python"
