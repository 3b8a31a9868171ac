"""Reading a PDF back: the attached data, and what is actually drawn on each page.

The file is parsed once by qpdf (through pikepdf, after ``pnp.verify.prescan`` has bounded it):
the page count, each page's size, the attached data and what each page draws (the marked
objects, and the layout in ``pnp.verify.printed``) all come from that parse, the one the
structural proof (``pnp.verify.structure``) holds.
"""

from __future__ import annotations

import json
import stat
from contextlib import contextmanager
from pathlib import Path

from pnp.errors import PnpError
from pnp.errors import Problem as Wording
from pnp.i18n import W_
from pnp.i18n.told import Number
from pnp.pdf.embed import ATTACHMENT, FORMAT
from pnp.verify.operators import Lines
from pnp.verify.prescan import MAX_PAGE_WORK, said
from pnp.verify.printed import Drawn, _page_size  # noqa: F401 - Drawn: where callers find it

MAX_PDF_BYTES = 128 * 2**20      # a 1000-page pack is about 5 MB
MAX_DATA_BYTES = 16 * 2**20       # the attached data of a 1000-page pack is about 1 MB
MAX_PAGES = 5000
MAX_ATTACHMENTS = 64
MAX_OBJECTS_READ = 1_000_000      # drawn objects read back in all; a 1000-page pack has ~150,000


class NotOurs(PnpError):
    """The file is not a PDF pnp made, or is damaged: its line in English (``str``), or a
    Wording of it (pnp.errors.Problem, its file a fact named ``file``) for a page to say in its
    own language."""


# a file saved again by another program leaves pnp's data out (a page says what to do then)
NO_DATA = W_("{file}: no pnp board data attached; was this PDF made by pnp build?")


class PdfBoards:
    """An open pnp PDF: ``payload`` is the attached data, ``page_objects(i)`` what page i shows.

    ``data`` holds the file's bytes, ``structure`` the file as qpdf reads it (its frame read one
    way by ``pnp.verify.container``, opened and bounded by ``pnp.verify.prescan``, for the
    structural proof) and ``data_attachments`` how many attachments carry board data.
    """

    def __init__(self, path: str | Path):
        import pikepdf

        from pnp.verify.decoders import Refused
        from pnp.verify.prescan import scan

        path = Path(path)
        name = str(path)
        try:
            info = path.stat()
            if stat.S_ISDIR(info.st_mode):
                raise NotOurs(f"{name}: is a folder, not a PDF")
            if not stat.S_ISREG(info.st_mode):   # a pipe would block
                raise NotOurs(f"{name}: not a regular file; save the PDF to a file first")
            if info.st_size > MAX_PDF_BYTES:
                raise NotOurs(Wording(W_("{file}: {mb} MB is larger than any pack pnp writes"), file=name,
                                     mb=Number(info.st_size // 2**20, "d")))
            with open(path, "rb") as fh:
                data = fh.read(MAX_PDF_BYTES + 1)
        except FileNotFoundError:
            raise NotOurs(f"{name}: no such file") from None
        except OSError as exc:
            raise NotOurs(f"{name}: cannot read ({exc.strerror})") from None
        if len(data) > MAX_PDF_BYTES:
            raise NotOurs(Wording(W_("{file}: larger than any pack pnp writes"), file=name))
        if b"%PDF-" not in data[:1024]:
            raise NotOurs(Wording(W_("{file}: not a PDF file"), file=name))
        if b"%%EOF" not in data[-1024:]:     # a reader might repair it, but it is a cut-short copy
            raise NotOurs(Wording(W_("{file}: the PDF is cut short (no %%EOF at its end); copy it again"),
                                 file=name))
        try:
            self.scan = scan(data)
        except Refused as exc:
            raise NotOurs(f"{name}: {exc}") from None
        self.structure = self.scan.pdf
        self.data = data
        self.name = name
        self.unread: dict[int, str] = {}   # page -> what it holds that pnp never writes
        self.fonts: dict = {}            # font object -> its measures, for every page's reading
        self.objects_read = 0            # objects drawn on the pages read so far
        self.lines = Lines()             # the operators of the content lines pages repeat
        try:
            # the page count, the page sizes, the attached data and what each page draws are
            # read from qpdf's parse, the one the structural proof holds
            try:
                self.pages = len(self.structure.pages)
            except pikepdf.PdfError as exc:       # a page tree that loops, say
                raise NotOurs(Wording(W_("{file}: its page tree is damaged ({why}); pnp's is one list "
                                         "of pages"), file=name, why=said(exc))) from None
            if self.pages > MAX_PAGES:
                raise NotOurs(Wording(W_("{file}: {pages} pages; pnp packs have at most {most}"), file=name,
                                     pages=Number(self.pages, "d"), most=Number(MAX_PAGES, "d")))
            # pages may share one heavy content stream that is parsed again for each page
            work = self.pages * self.scan.largest_content
            if work > MAX_PAGE_WORK:
                raise NotOurs(f"{name}: {self.pages} pages with content streams of up to "
                              f"{self.scan.largest_content // 1024} kB would take too long to read; "
                              "pnp pages are far lighter")
            self.payload = self._payload()
        except BaseException:
            self.close()
            raise

    def close(self) -> None:
        self.structure.close()

    def __len__(self) -> int:
        return self.pages

    def _payload(self) -> dict:
        """The attached board data, from the name tree of attached files as qpdf reads it
        (every stream there was decoded within bounds by the pre-scan already)."""
        import pikepdf

        data = None
        self.data_attachments = 0
        self.other_attachments: list[str] = []
        try:
            for label, spec in _attached(self.structure, self.name):
                if label != ATTACHMENT:
                    self.other_attachments.append(label)
                    continue
                self.data_attachments += 1
                if data is None:
                    data = _attached_bytes(spec)
        except NotOurs:
            raise
        except (pikepdf.PdfError, ValueError, TypeError, AttributeError) as exc:
            raise NotOurs(Wording(W_("{file}: the attached board data is damaged ({why})"), file=self.name,
                                 why=said(exc))) from None
        if data is None:
            raise NotOurs(Wording(NO_DATA, file=self.name))
        if len(data) > MAX_DATA_BYTES:
            raise NotOurs(Wording(W_("{file}: attached data is implausibly large"), file=self.name))
        try:
            payload = json.loads(data.decode("utf-8"), parse_constant=_no_constant)
        except (UnicodeDecodeError, ValueError, RecursionError):   # deep nesting: RecursionError
            raise NotOurs(Wording(W_("{file}: the attached board data is not valid JSON"), file=self.name)) \
                from None
        if not isinstance(payload, dict) or payload.get("format") != FORMAT:
            raise NotOurs(Wording(W_("{file}: attached data is not in the {format} format"), file=self.name,
                                 format=FORMAT))
        return payload

    def page_size_unloaded(self, index: int) -> tuple[float, float]:
        """The page's size as a viewer shows it (its crop box within its media box, turned
        by its rotation), from its dictionary as qpdf reads it, without parsing its content."""
        size = _page_size(self.structure.pages[index].obj)
        if size is None:
            raise NotOurs(f"{self.name}: page {index + 1} has no readable size")
        return size

    def page_objects(self, index: int) -> list[Drawn]:
        """Every object page ``index`` draws (marked or not), from its reading (none if it
        could not be read)."""
        found = self.page_read(index)
        return found.drawn if found is not None else []

    def page_read(self, index: int):
        """Page ``index`` read (``pnp.verify.printed.read_parsed``); None if it holds what pnp
        never writes, and ``unread`` says what. Not kept: a reading is checked and let go, so
        memory does not grow with the pages."""
        from pnp.verify.printed import TooMuch, Unreadable, read_parsed

        if index in self.unread:
            return None
        try:
            with _collector_paused():
                found = read_parsed(self.structure.pages[index], self.fonts, self.lines)
        except TooMuch as exc:
            raise NotOurs(f"{self.name}: page {index + 1}: {exc}; pnp pages are far "
                          "lighter") from None
        except Unreadable as exc:
            self.unread[index] = str(exc)
            return None
        self.objects_read += len(found.drawn)
        if self.objects_read > MAX_OBJECTS_READ:
            raise NotOurs(f"{self.name}: its pages draw more than {MAX_OBJECTS_READ} objects "
                          "in all; pnp packs draw far fewer")
        return found


@contextmanager
def _collector_paused():
    """Python's cycle collector off while one page is read. A page's reading makes thousands
    of tuples and no cycles; with the collector on, every 700 of them start a collection, and
    as the pages read pile up, full collections walk them all again and again (about a third
    of the reading's time on a 1,000-board pack). Whatever one page leaves, it is still
    collected after it: the page's reading is bounded (``MAX_OBJECTS``), so nothing piles up."""
    import gc

    if not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def read_payload(path) -> dict:
    """The attached data of a pnp PDF, read in a limited child (``pnp.verify.sandbox``) after the
    pre-scan: NotOurs for anything that cannot be read, never a crash."""
    from pnp.verify import sandbox

    try:
        return sandbox.run(_payload_of, str(path))
    except sandbox.Exhausted as exc:
        raise NotOurs(f"{path}: {exc}; no pnp PDF does") from None


def _payload_of(path: str) -> dict:
    doc = PdfBoards(path)
    doc.close()
    return doc.payload


def _attached(pdf, name: str) -> list[tuple[str, object]]:
    """(name, file specification) of every attached file, walking the catalog's name tree of
    embedded files (a flat list or /Kids, at most ``MAX_ATTACHMENTS`` entries and 8 levels),
    each named as a viewer names it: /UF, else /F."""
    import pikepdf

    names = pdf.Root.get("/Names")
    tree = names.get("/EmbeddedFiles") if isinstance(names, pikepdf.Dictionary) else None
    found: list[tuple[str, object]] = []
    seen: set = set()
    todo = [(tree, 0)] if isinstance(tree, pikepdf.Dictionary) else []
    while todo:
        node, depth = todo.pop()
        key = node.objgen if node.is_indirect else id(node)
        if key in seen or depth > 8:
            raise NotOurs(f"{name}: the list of attached files loops or nests too deeply")
        seen.add(key)
        entries = node.get("/Names")
        if isinstance(entries, pikepdf.Array):
            items = list(entries)
            if len(items) > 2 * MAX_ATTACHMENTS:
                raise NotOurs(f"{name}: more than {MAX_ATTACHMENTS} attached files; pnp attaches one")
            for label, spec in zip(items[0::2], items[1::2]):
                if isinstance(spec, pikepdf.Dictionary):
                    found.append((_spec_name(spec, label), spec))
        kids = node.get("/Kids")
        if isinstance(kids, pikepdf.Array):
            todo += [(k, depth + 1) for k in list(kids)[:MAX_ATTACHMENTS]
                     if isinstance(k, pikepdf.Dictionary)]
        if len(found) > MAX_ATTACHMENTS:
            raise NotOurs(f"{name}: more than {MAX_ATTACHMENTS} attached files; pnp attaches one")
    return found


def _spec_name(spec, label) -> str:
    import pikepdf

    for key in ("/UF", "/F"):
        value = spec.get(key)
        if isinstance(value, pikepdf.String):
            return str(value)
    return str(label) if isinstance(label, pikepdf.String) else ""


def _attached_bytes(spec) -> bytes | None:
    """The embedded file's decoded bytes (its /EF stream, /UF before /F as viewers take it)."""
    import pikepdf

    ef = spec.get("/EF")
    if not isinstance(ef, pikepdf.Dictionary):
        return None
    for key in ("/UF", "/F"):
        stream = ef.get(key)
        if isinstance(stream, pikepdf.Stream):
            return stream.read_bytes()
    return None


def _no_constant(name: str):
    """pnp writes finite numbers only; NaN and Infinity are not JSON."""
    raise ValueError(f"{name} is not a JSON number")
