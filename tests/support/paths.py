"""Where things are, and how a test runs the real command."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# `python -m pnp` puts its working folder first on sys.path: started from the repository it would
# import the source tree (without the solver core pip built into site-packages) instead of the
# pnp under test. Tests start it from a folder with no pnp in it unless they name their own.
AWAY = Path(tempfile.gettempdir())


def run_pnp(*args: str, cwd=None):
    """Run the real console entry point in a subprocess (no shared state with the test)."""
    return subprocess.run([sys.executable, "-m", "pnp", *map(str, args)], cwd=cwd or AWAY,
                          capture_output=True, text=True, timeout=300)
