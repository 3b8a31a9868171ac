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


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` whole or not at all: a part file beside it, renamed into place
    (a reader never sees half of one). OSError if the folder cannot be written."""
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    handle, part = tempfile.mkstemp(prefix=".part-", suffix=path.suffix, dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(part, path)
    except BaseException:
        try:
            os.unlink(part)
        except OSError:
            pass
        raise


def read_json(path: Path, most_bytes: int):
    """The JSON value kept at ``path``, or None if there is none, it is larger than
    ``most_bytes`` (not one of ours) or it is not JSON. What it holds is the caller's to check:
    the folder is the user's, and a file there is read as hostile."""
    import json

    try:
        with open(path, "rb") as f:
            raw = f.read(most_bytes + 1)
        if len(raw) > most_bytes:
            return None
        return json.loads(raw.decode("utf-8"))
    except (OSError, ValueError, RecursionError):
        return None
