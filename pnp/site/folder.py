"""The folder a `pnp site` lives in: which may be written, the days it holds, and writing a file
whole and only when its bytes change.

A folder is written only when it is new, empty, or marked as a site pnp made (``MARK``): a
folder of other things (a home folder, a web root with pages of its own) is never written into.
The days it holds are its sub-folders named by a date; each run writes them all again from their
dates alone, so the same days give the same bytes however they were added. A file is written to
a part beside it and renamed into place (pnp.pdf.writer.atomic_path), so a web server serving the
folder meanwhile sends the old file or the new one, never half of one; a file already holding the
same bytes is left alone (a copy to a web host then sends only what changed).
"""

from __future__ import annotations

import datetime as dt
import os
import re
from pathlib import Path

from pnp.errors import PnpError
from pnp.pdf.writer import atomic_path

MARK = ".pnp-site"
MARK_TEXT = b"pnp site made this folder: it adds days to it, and writes nothing where this file is not\n"
MARK_MOST = 4096
DAY = re.compile(r"\d{4}-\d{2}-\d{2}")


def days_in(folder: Path) -> list[dt.date]:
    """The days a site in ``folder`` holds already (none if it does not exist); a PnpError if
    the folder may not be written: not a folder, or holding things and not marked as a site."""
    if not folder.exists():
        return []
    if not folder.is_dir():
        raise PnpError(f"{folder}: not a folder; give a folder for the site")
    names = os.listdir(folder)
    if names and not _marked(folder / MARK):
        raise PnpError(f"{folder}: the folder has other things in it, and pnp site did not make "
                       "it; give a new or empty folder")
    days = []
    for name in names:
        if DAY.fullmatch(name):
            try:
                day = dt.date.fromisoformat(name)
            except ValueError:
                continue                     # 2026-02-31: not a day of ours
            writable(folder / name)
            days.append(day)
    return sorted(days)


def _marked(mark: Path) -> bool:
    if mark.is_symlink() or not mark.is_file():
        return False
    try:
        with open(mark, "rb") as f:
            return f.read(MARK_MOST) == MARK_TEXT
    except OSError:
        return False


def writable(path: Path) -> None:
    """A folder of the site to write into: never through a link (it could lead anywhere)."""
    if path.is_symlink() or path.exists() and not path.is_dir():
        raise PnpError(f"{path}: not a plain folder; the site writes only into folders it made "
                       "(move it away and run again)")


def put(path: Path, data: bytes) -> bool:
    """``data`` written to ``path`` whole, unless the file holds exactly these bytes already;
    True if written."""
    if path.is_symlink() or path.exists() and not path.is_file():
        raise PnpError(f"{path}: not a plain file; the site writes only files it made "
                       "(move it away and run again)")
    try:
        if path.stat().st_size == len(data) and path.read_bytes() == data:
            return False
    except FileNotFoundError:
        pass
    with atomic_path(path) as (_, f):
        f.write(data)
    return True


def mark(folder: Path) -> bool:
    """The folder marked as a site pnp made."""
    writable(folder)
    return put(folder / MARK, MARK_TEXT)
