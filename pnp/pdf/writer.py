"""Deterministic PDF canvases written atomically.

Same spec and seed must give the same bytes anywhere: reportlab's invariant mode fixes the
timestamps and document ID, the producer string is ours (not reportlab's version), and the
fonts are the ones shipped in the package. A PDF is written to a hidden temporary file beside
the target and renamed over it only when complete, so an interrupted build never leaves a
partial PDF and never damages an earlier good one.
"""

from __future__ import annotations

import glob
import os
from contextlib import contextmanager
from pathlib import Path

from pnp import __version__
from pnp.errors import PnpError

PART_SUFFIX = ".part"


def new_canvas(path, page, title: str):
    """A deterministic canvas writing to ``path`` (a file name, or a binary file object).

    Print conventions: viewers are asked to print at actual size (``/PrintScaling /None``), the
    page boxes say the sheet is the finished page (crop, bleed and trim box = the paper) and
    the art box is the safe area, and the canvas starts in our own font, so the PDF names no
    font it does not embed (reportlab's default start font, Helvetica, is never embedded and
    print-shop preflight flags it).
    """
    from reportlab import rl_config

    from pnp.pdf.canvas import Canvas
    from pnp.pdf.fonts import SANS, ensure_fonts

    rl_config.useA85 = 0          # plain Flate streams: smaller, and simpler to inspect
    ensure_fonts()
    # reportlab lets SOURCE_DATE_EPOCH override even invariant mode's fixed date (and crashes on
    # a value that is not a number); our promise is the same bytes on every machine, so it is
    # hidden while the document takes its timestamp
    epoch = os.environ.pop("SOURCE_DATE_EPOCH", None)
    try:
        paper = (0, 0, page.width, page.height)
        safe = page.safe
        canvas = Canvas(path if hasattr(path, "write") else str(path), pagesize=(page.width, page.height),
                        invariant=1, pageCompression=1, initialFontName=SANS, initialFontSize=10,
                        cropBox=paper, bleedBox=paper, trimBox=paper,
                        artBox=(safe.x, safe.y, safe.right, safe.top))
    finally:
        if epoch is not None:
            os.environ["SOURCE_DATE_EPOCH"] = epoch
    canvas.setTitle(title)
    canvas.setAuthor("pnp")
    canvas.setCreator(f"pnp {__version__}")
    canvas.setSubject("print-and-play: boards and sheets with their data attached")
    canvas._doc.info.producer = f"pnp {__version__}"
    canvas.setViewerPreference("PrintScaling", "None")
    return canvas


def _clean_stale_parts(target: Path) -> None:
    """Remove temporary files left by builds of this target that were killed."""
    for part in target.parent.glob(f".{glob.escape(target.name)}.*{PART_SUFFIX}"):   # "a[1].pdf"
        pid = part.name[len(target.name) + 2:-len(PART_SUFFIX)]
        if pid.isdigit() and not _alive(int(pid)):
            part.unlink(missing_ok=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


# Parts this process has created and not yet renamed or removed. A Ctrl-C can land between a
# part's creation and the start of the with block that would remove it (the generator behind
# ``atomic_path`` is then left suspended, its finally never run before the process exits), so
# the CLI's way out removes whatever is still here (``discard_open_parts``).
_OPEN_PARTS: set[Path] = set()


def discard_open_parts() -> None:
    """Remove the parts this process still holds (on the way out of an interrupted command)."""
    for part in list(_OPEN_PARTS):
        try:
            os.unlink(part)
        except OSError:
            pass
        _OPEN_PARTS.discard(part)


@contextmanager
def atomic_path(target: Path):
    """Yield ``(path, file)``: a new hidden temporary file beside ``target``, open for writing;
    on success it replaces ``target`` in one rename.

    The file is created with O_CREAT | O_EXCL | O_NOFOLLOW: whatever already sits at its name
    (a symlink someone planted towards another file, a stale part) is never written through.
    A planted name is removed (unlink never follows a link) and creation tried once more; if
    something is planted again in between, the build stops rather than write anywhere else.
    """
    tmp = target.parent / f".{target.name}.{os.getpid()}{PART_SUFFIX}"
    created = False
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        if target.is_dir():      # --force replaces files, never a folder and what is in it
            raise PnpError(f"{target} is a folder; choose another output name")
        _clean_stale_parts(target)
        created = True       # set first: a Ctrl-C the moment the file exists still removes it
        _OPEN_PARTS.add(tmp)
        fd = _create_new(tmp)
        with os.fdopen(fd, "wb") as fh:
            yield tmp, fh
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
        created = False
    except OSError as exc:       # read-only folder, disk full, a file where a folder should be
        raise PnpError(f"cannot write {target}: {exc.strerror or exc}") from None
    finally:
        if created:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
        _OPEN_PARTS.discard(tmp)


_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)


def _create_new(tmp: Path) -> int:
    try:
        return os.open(tmp, _FLAGS, 0o644)
    except FileExistsError:
        os.unlink(tmp)           # a planted symlink or a part of a build with our (reused) pid
        try:
            return os.open(tmp, _FLAGS, 0o644)
        except FileExistsError:
            raise PnpError(f"something keeps creating {tmp}; not writing there") from None
