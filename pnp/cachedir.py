"""The user's cache folder for pnp: where work done once a machine is kept (perfect-play answers,
the CJK font made printable, reportlab's reading of each font's tables).

It follows the platform's convention: $XDG_CACHE_HOME (else ~/.cache) on Linux and other Unixes,
~/Library/Caches on macOS, %LOCALAPPDATA% on Windows, each with a ``pnp`` folder inside.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
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


@contextmanager
def whole_or_not(path: Path):
    """A part file's path beside ``path`` to write, renamed into place when the block ends (a
    reader never sees half of one) and removed if it raises. The part is made as any file the
    user makes is, readable by others unless the umask says not (0666 less the umask):
    mkstemp's 0600 would leave a kept font unreadable to the other users of a shared install.
    OSError if the folder cannot be written."""
    import secrets

    path.parent.mkdir(parents=True, exist_ok=True)
    while True:
        part = path.parent / f".part-{secrets.token_hex(8)}{path.suffix}"
        try:
            os.close(os.open(part, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            break
        except FileExistsError:
            continue
    try:
        yield part
        os.replace(part, path)
    except BaseException:
        try:
            os.unlink(part)
        except OSError:
            pass
        raise


def write_atomically(path: Path, data: str | bytes) -> None:
    """Write ``data`` (text as UTF-8) to ``path`` whole or not at all (``whole_or_not``)."""
    with whole_or_not(path) as part:
        part.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


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
