"""Finished work kept in a folder that several server processes, or several machines behind one
proxy, share: the board of the day and the gallery's thumbnails are the same for everyone, so
each is worked out once and read from here by every process after that.

An entry is one file named by a hash of what was asked (no request text reaches a path), written
whole and renamed into place (``os.replace``: a reader sees the old file, the new one, or none,
never half of one; it holds on NFS and on local disks alike). Its content is JSON, with bytes as
base64: a folder shared between machines is read as hostile, and JSON cannot run code the way a
pickle could. A file that does not parse, is larger than the cap or is not the shape written is
ignored and worked out again. The folder holds at most ``most`` entries of a kind; past that the
oldest written are removed (the same dates and pictures are asked again and again; a crawler
walking every date does not fill the disk). An entry's name also hashes pnp's own code, so an
upgraded pnp (which may draw a picture differently) works everything out anew, and replicas of
the same install share.

Any failure to read or write the folder only means working it out again.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

FORMAT = 1
MOST_BYTES = 32 * 2**20         # a day's boards (two PDFs, two pictures) are about 0.3 MB
MOST_ENTRIES = 2000             # of one kind: a few years of days


@functools.lru_cache(maxsize=1)
def code_fingerprint() -> str:
    """A hash of the installed pnp's modules and data (a few MB read once)."""
    import pnp

    root = Path(pnp.__file__).resolve().parent
    digest = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".yaml", ".ttf", ".txt"):
            digest.update(str(path.relative_to(root)).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _encode(value: Any) -> Any:
    if isinstance(value, bytes):
        return {"$bytes": base64.b64encode(value).decode("ascii")}
    if isinstance(value, dict):
        if not all(isinstance(k, str) for k in value):
            raise TypeError("only text keys are kept")
        return {"$dict": {k: _encode(v) for k, v in value.items()}}
    if isinstance(value, (list, tuple)):
        return [_encode(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    raise TypeError(f"{type(value).__name__} is not kept")


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"$bytes"} and isinstance(value["$bytes"], str):
            return base64.b64decode(value["$bytes"].encode("ascii"), validate=True)
        if set(value) == {"$dict"} and isinstance(value["$dict"], dict):
            return {k: _decode(v) for k, v in value["$dict"].items()}
        raise ValueError("not a kept value")
    if isinstance(value, list):
        return [_decode(v) for v in value]
    return value


class Kept:
    """The shared folder: ``get`` and ``put`` by (kind, key)."""

    def __init__(self, folder: Path | str, most: int = MOST_ENTRIES):
        self.folder = Path(folder)
        self.most = most

    def path(self, kind: str, key: str) -> Path:
        digest = hashlib.sha256(f"{FORMAT}\0{code_fingerprint()}\0{kind}\0{key}".encode()).hexdigest()[:40]
        return self.folder / kind / f"{digest}.json"

    def get(self, kind: str, key: str) -> Any | None:
        path = self.path(kind, key)
        try:
            with open(path, "rb") as fh:
                data = fh.read(MOST_BYTES + 1)
            if len(data) > MOST_BYTES:
                return None
            entry = json.loads(data)
            if not (isinstance(entry, dict) and entry.get("format") == FORMAT
                    and entry.get("key") == key and "value" in entry):
                return None
            return _decode(entry["value"])
        except (OSError, ValueError, TypeError, RecursionError):
            return None

    def put(self, kind: str, key: str, value: Any) -> bool:
        """Keep ``value`` (plain data: text, numbers, bytes, lists, dicts); False if it could
        not be written."""
        path = self.path(kind, key)
        try:
            text = json.dumps({"format": FORMAT, "key": key, "value": _encode(value)},
                              separators=(",", ":")).encode()
        except (TypeError, ValueError):
            return False
        if len(text) > MOST_BYTES:
            return False
        part = None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            handle, part = tempfile.mkstemp(prefix=".part-", suffix=".json", dir=path.parent)
            with os.fdopen(handle, "wb") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(part, path)
            part = None
            self._trim(path.parent)
            return True
        except OSError:
            return False
        finally:
            if part is not None:
                try:
                    os.unlink(part)
                except OSError:
                    pass

    def _trim(self, folder: Path) -> None:
        """At most ``most`` entries: the oldest written go first."""
        try:
            entries = [e for e in os.scandir(folder) if e.name.endswith(".json")
                       and not e.name.startswith(".")]
            if len(entries) <= self.most:
                return
            entries.sort(key=lambda e: e.stat().st_mtime)
            for entry in entries[:len(entries) - self.most]:
                try:
                    os.unlink(entry.path)
                except OSError:
                    pass
        except OSError:
            pass
