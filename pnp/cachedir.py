"""The user's cache folder for pnp: where work done once a machine is kept (perfect-play answers,
the CJK font made printable).

It follows the platform's convention: $XDG_CACHE_HOME (else ~/.cache) on Linux and other Unixes,
~/Library/Caches on macOS, %LOCALAPPDATA% on Windows, each with a ``pnp`` folder inside.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path


def cache_folder() -> Path | None:
    """The user's cache folder for pnp, by the platform's convention; None if there is none."""
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA")
        return Path(base) / "pnp" / "Cache" if base else None
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "pnp"
    base = os.environ.get("XDG_CACHE_HOME")
    if base and os.path.isabs(base):          # the spec: a relative value is to be ignored
        return Path(base) / "pnp"
    try:
        return Path.home() / ".cache" / "pnp"
    except RuntimeError:                      # no home folder to be found
        return None
