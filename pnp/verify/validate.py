"""PDF -> report: every board re-checked from the PDF alone, and its ink proved.

For each board in the attached data: rebuild it with its game's ``from_data``, run the game's
``check`` (every invariant, exactly), check its ID against the footer's seed, and compare what
is drawn on its pages with the data via ``check_drawn`` (which names the dot or space that is
wrong). Then the proof (``pnp.verify.proof``): this pnp redraws the whole PDF from the data,
and the file must be exactly that: only constructs pnp writes, and each page's content the
redraw's (``pnp.verify.structure``), decided by equality, never by a picture. Nothing in the
data is trusted, and the file is read in a child process with hard limits
(``pnp.verify.sandbox``); the redraw, which needs only the data, runs in a child of its own
while the pages are read. This module knows no game's rules.
"""

from __future__ import annotations

import json
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field

from pnp.errors import Problem as Wording, WrongValue, said_of
from pnp.games import KINDS, game, noun
from pnp.games.base import Fields, Problem, bounded_list, brief
from pnp.i18n import LANGUAGES, W_, Wn_
from pnp.i18n.told import Number, Told
from pnp.paper import MM, Frame
from pnp.pdf.page import EDGE_MM
from pnp.render import HELD_BACK, PARTS  # a pack split by --keys-apart: which of its two PDFs this is
from pnp.verify.problems import AND_MORE, PROBLEMS, detailed
from pnp.verify.readback import Drawn, NotOurs, PdfBoards
from pnp.verify.structure import FOREIGN, on_page

EDGE_SLACK_PT = 0.01
MAX_PROBLEMS = 20        # problems shown per board; the rest are counted
MAX_TEXT = 300           # characters of one problem message or label as shown
MAX_BOARDS = 20_000      # board records in one file (four quarter boards a page, 5000 pages)


PAYLOAD_KEYS = ("format", "generator", "title", "seed", "page", "boards")
PAGE_KEYS = ("size", "orientation", "margin_mm", "width", "height")


# the report's own words, which a page says in its language (pnp.web.work)
SUMMARY = W_("{boards} checked: {ok} ok, {failed} failed")
WHOLE_FAILED = W_("{summary}; the file as a whole failed")
THE_FILE = W_("the file as a whole")
UNNAMED = W_("{title} (board {n})")     # a board whose data its game cannot describe
# more than one board data attached (the English's "files" whatever the count, as ever)
ATTACHMENTS = Wn_("{n} attached board data files; pnp attaches exactly one",
                  "{n} attached board data files; pnp attaches exactly one")
ATTACHMENTS_AND_OTHERS = Wn_("{n} attached board data files and other attachments {others}; pnp "
                             "attaches exactly one",
                             "{n} attached board data files and other attachments {others}; pnp "
                             "attaches exactly one")


@dataclass
class BoardReport:
    number: int           # from 1; 0 for the file as a whole
    kind: str
    label: Wording        # str(): the CLI's English (a game's ``describe``)
    pages: list[int]
    problems: list[Problem] = field(default_factory=list)
    noun: str = "board"   # what it is called when counted ("set", "worksheet"; pnp.games.noun)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self, file: str) -> str:
        shown = [f"{p.code}: {shown_text(p.message)}" for p in self.problems[:MAX_PROBLEMS]]
        if len(self.problems) > MAX_PROBLEMS:
            shown.append(f"and {len(self.problems) - MAX_PROBLEMS} more problems")
        where = "" if self.number == 0 else \
            f" {'pages' if len(self.pages) > 1 else 'page'} {page_ranges(self.pages) or '?'}"
        head = f"{shown_text(file)}{where}: {shown_text(str(self.label))}"
        if self.ok:
            return f"ok    {head}"
        return f"FAIL  {head}: " + "; ".join(shown)

    def as_json(self) -> dict:
        return {"board": self.number, "kind": self.kind, "label": shown_text(str(self.label)),
                "pages": [p + 1 for p in self.pages], "ok": self.ok,
                "problems": [{"code": p.code, "message": shown_text(p.message)}
                             for p in self.problems[:MAX_PROBLEMS]],
                "more_problems": max(0, len(self.problems) - MAX_PROBLEMS)}


def shown_text(text: str) -> str:
    """Text from a file made safe to print on a terminal: control and format characters
    (escape sequences, bidi overrides that could make a FAIL line read as ok) escaped, and cut
    to ``MAX_TEXT`` characters."""
    out = []
    for ch in text[:MAX_TEXT]:
        if unicodedata.category(ch)[0] in "CZ" and ch != " ":
            out.append(f"\\x{ord(ch):02x}" if ord(ch) < 256 else f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return "".join(out) + ("..." if len(text) > MAX_TEXT else "")


def page_ranges(pages: list[int]) -> str:
    """Zero-based page numbers as a person reads them: [0, 1, 2, 5] -> "1-3,6"."""
    runs: list[list[int]] = []
    for p in sorted(set(pages)):
        if runs and p == runs[-1][1] + 1:
            runs[-1][1] = p
        else:
            runs.append([p, p])
    return ",".join(f"{a + 1}" if a == b else f"{a + 1}-{b + 1}" for a, b in runs)


def _inside(frame: Frame, point) -> bool:
    return frame.x - 0.5 <= point[0] <= frame.right + 0.5 and frame.y - 0.5 <= point[1] <= frame.top + 0.5


def _frame(raw) -> Frame:
    if not (isinstance(raw, list) and len(raw) == 4 and all(isinstance(v, (int, float))
                                                            and not isinstance(v, bool) for v in raw)):
        raise ValueError("placement frame must be four numbers")
    return Frame(*map(float, raw))


def validate_file(path) -> list[BoardReport]:
    """Reports for every board in the PDF (and one for the file as a whole if it has
    problems); raises NotOurs for files that cannot be checked. The reading runs in a child
    process with memory and time limits, so a hostile file is an error line, not a crash."""
    from pnp.verify import sandbox

    _ready()
    try:
        return sandbox.run(_validate_path, str(path))
    except sandbox.Exhausted as exc:
        raise NotOurs(f"{path}: {exc}; no pnp PDF does") from None
    except RecursionError:
        raise NotOurs(f"{path}: nested too deeply to read") from None
    except NotOurs:
        raise
    except Exception:  # noqa: BLE001 - whatever a file trips, one line, not a trace
        raise NotOurs(Wording(W_("{file}: cannot be read as a pnp PDF; pnp PDFs and their re-saves "
                                 "read cleanly"), file=str(path))) from None


def _ready() -> None:
    """What a validation's children need, imported here, before the first fork, rather than
    in every child again (about 0.3 s a file for a run that validates several, a build's
    --check or the tests): the readers, the drawing seam and every game, the layout checks'
    geometry."""
    import pikepdf  # noqa: F401
    import shapely  # noqa: F401

    from pnp.pdf import canvas, impose  # noqa: F401
    from pnp.pdf.fonts import ensure_fonts
    from pnp.render import redraw  # noqa: F401
    from pnp.verify import container, glyphs, layout_check, prescan, proof, structure  # noqa: F401

    ensure_fonts()                # the fonts read and registered once, not in every redraw
    for kind in KINDS:
        game(kind)


def _validate_path(path: str) -> list[BoardReport]:
    doc = PdfBoards(path)
    try:
        return _validate(doc)
    finally:
        doc.close()


def _validate(doc: PdfBoards) -> list[BoardReport]:
    payload = doc.payload
    records = payload.get("boards")
    if not isinstance(records, list) or not records:
        raise NotOurs(Wording(W_("{file}: the attached data lists no boards"), file=doc.name))
    if len(records) > MAX_BOARDS:
        raise NotOurs(Wording(W_("{file}: the attached data lists {n} boards; a pack has at most "
                                 "{most}"), file=doc.name, n=Number(len(records), "d"),
                              most=Number(MAX_BOARDS, "d")))
    whole = BoardReport(0, "document", Wording(THE_FILE), [])
    page_count = len(doc)
    # Three jobs share the work, each in a limited child where fork is (``sandbox.start``):
    # the redraw (it needs only the data), and the reading of the second half of the pages
    # beside that of the first half here. The pages are read as though the data placed every
    # piece where pnp does (so it does, unless forged); when the redraw says otherwise, they
    # are read again, so every report is the plain order's. Each page is read, checked and let
    # go (``_Page`` keeps its marks and findings), so memory does not grow with the pages.
    from pnp.verify import sandbox

    started: list = []
    try:
        redraw = None
        if _document_data(doc, whole):
            redraw = sandbox.start(_redrawn, doc.payload, page_count)
            started.append(redraw)
        else:
            whole.problems.append(detailed("ink-unproven", W_("the pages cannot be redrawn without "
                                                              "the data's page and title")))
        boards = _Boards(doc, records, None)
        half = page_count // 2
        import shapely  # noqa: F401 - the layout checks' geometry (and numpy), imported once
        #                 here rather than in both halves' processes (0.2 s each)
        second = sandbox.start(_pages, doc, boards.pieces, range(half, page_count))
        started.append(second)
        pages = _pages(doc, boards.pieces, range(half))
        redrawn = None
        if redraw is not None:
            redrawn, problems = redraw.result()
            whole.problems += problems
        redrawn_records = redrawn[1] if redrawn else None
        if redrawn_records is not None and len(redrawn_records) != len(records):
            redrawn, redrawn_records = None, None
        if redrawn_records is not None and any(_moved(records[n - 1], redrawn_records[n - 1])
                                               for n in boards.compared):
            second.cancel()
            boards = _Boards(doc, records, redrawn_records)
            pages = _pages(doc, boards.pieces, range(page_count))
        elif pages and isinstance(pages[-1], Exception):
            second.cancel()             # the first half met a page it cannot read: enough
        else:
            try:
                pages += second.result()
            except sandbox.Exhausted as exc:     # raised in page order, as reading here would
                pages.append(exc)
    except BaseException:
        for job in started:
            job.cancel()
        raise
    _checked(doc, boards, whole, pages)
    if redrawn is not None:
        _prove(doc, redrawn[0], boards.reports, whole, boards.frames)
    else:
        _unread(doc, boards.reports, whole, pages)
    return boards.reports + ([whole] if whole.problems else [])


def _checked(doc: PdfBoards, boards: "_Boards", whole: "BoardReport", pages: list) -> None:
    """Every board against its pages as read (``_pages``, in page order; a page that could not
    be read ends the list with its exception, raised here as reading in order would)."""
    for page in pages:
        if isinstance(page, Exception):
            raise page
    boards.drawn(pages)
    _page_checks(doc, boards.reports, whole, pages, boards.claimed)
    _layout_checks(boards.reports, whole, pages)


def _moved(record: dict, drawn: dict) -> bool:
    """Does the data place a board's pieces (or item) otherwise than pnp's redraw does?"""
    return record["placements"] != drawn["placements"] or record["item"] != drawn["item"]


class _Boards:
    """Every board record checked against the pages: its data, its rules, what is drawn for it.

    ``redrawn_records`` (pnp's own layout of the data, or None when it is not known yet or
    cannot be trusted) are compared with each record's placements; ``compared`` lists the
    boards that got as far as that comparison. The pages are read afterwards, where the
    pieces are (``pieces``), and ``drawn(pages)`` holds each board to what its pages show."""

    def __init__(self, doc: PdfBoards, records: list, redrawn_records: list | None):
        page_count = len(doc)
        self.reports: list[BoardReport] = []
        self.frames: dict[int, list] = {}        # id(report) -> (page, frame) of each of its pieces
        self.pieces: dict[int, list] = {}        # page -> (piece, frame) of every placement on it
        self.compared: list[int] = []
        self.numbers: list[int] = []             # the boards' numbers, from their IDs
        self.checked: list[tuple] = []           # (report, module, board, placements) to hold to
        #                                          their pages
        self.claimed: dict[int, set[int]] = {}   # page -> marked objects (by index) a board took
        seen: dict[str, int] = {}
        for n, record in enumerate(records, 1):
            report = BoardReport(n, "?", f"board {n}", [])
            self.reports.append(report)
            if not isinstance(record, dict) or not isinstance(record.get("kind"), str) \
                    or record["kind"] not in KINDS:
                report.problems.append(PROBLEMS("bad-data", W_("unknown kind {kind}"),
                                                kind=brief(record.get("kind"))) if isinstance(record, dict)
                                       else detailed("bad-data", W_("record is not a mapping")))
                continue
            report.kind = record["kind"]
            data = record.get("data")
            report.noun = noun(report.kind, answer_key=doc.payload.get("part") == HELD_BACK,
                               worksheet=isinstance(data, dict) and data.get("worksheet") is True)
            module = game(report.kind)
            try:
                Fields(record, f"board {n}", ("kind", "item", "data", "placements"))
                board = module.from_data(record["data"])
                placements = _placements_of(record["placements"], page_count)
            except (ValueError, TypeError, KeyError, AttributeError) as exc:
                report.problems.append(PROBLEMS("bad-data", W_("board data cannot be read: {why}"),
                                                why=said_of(exc)))
                continue
            try:
                report.label = module.describe(board)
            except Exception:  # noqa: BLE001 - a label from data no generator makes; check() says why
                report.label = Wording(UNNAMED, title=Wording(module.TITLE), n=n)
            key = json.dumps([record["kind"], record["data"]], sort_keys=True)
            if key in seen:
                report.problems.append(PROBLEMS("duplicate-board", W_("the same board as board {n}"),
                                                n=Number(seen[key], "d")))
            seen.setdefault(key, n)
            report.problems += _board_id(board, n, doc.payload, self.numbers)
            self.compared.append(n)
            if redrawn_records is not None and _moved(record, redrawn_records[n - 1]):
                drawn = redrawn_records[n - 1]
                report.problems.append(PROBLEMS("placement", W_("the data places its pieces {given}; pnp "
                                                                "lays them out {mine}"),
                                                given=_show_placements(record["placements"]),
                                                mine=_show_placements(drawn["placements"])))
                # the diagnosis looks where pnp really draws the pieces (on the pages there are)
                placements = [p for p in _placements_of(drawn["placements"], None) if p[0] < page_count]
            report.pages = sorted({p[0] for p in placements})
            self.frames[id(report)] = [(page, frame) for page, _, frame in placements]
            if not placements:
                report.problems.append(PROBLEMS("not-printed", "the data lists a board that is on no page"))
            report.problems += _guarded(module.check, board)
            for page, piece, frame in placements:
                self.pieces.setdefault(page, []).append((piece, frame))
            self.checked.append((report, module, board, placements))

    def drawn(self, pages: list["_Page"]) -> None:
        """Each board's marks, found in its pieces' frames on the pages as read, against its
        data (the game's ``check_drawn``); a page that could not be read fails for what it
        holds, not for marks unseen."""
        for report, module, board, placements in self.checked:
            if any(pages[page].unread for page in report.pages):
                continue
            found = [(piece, frame, pages[page].marks_in(frame, self.claimed.setdefault(page, set())))
                     for page, piece, frame in placements]
            report.problems += _guarded(module.check_drawn, board, found)


def _board_id(board, place: int, payload: dict, numbers: list[int]) -> list[Problem]:
    """A board's ID is the one the seed printed in the footer and the board's number in its
    build give (``pnp.seeding.ident_for``): four letters from the seed, then the number. The
    boards of a file come in build order (a file of one item, or of answer keys only, holds
    some of a build's boards), so their numbers rise through the file. No two boards of a
    file share an ID, and a seed changed without the boards (or boards brought from another
    build) fails here."""
    import re

    from pnp.seeding import ident_for

    ident, seed = getattr(board, "ident", None), payload.get("seed")
    if not isinstance(ident, str) or not isinstance(seed, str):
        return []                 # the data's own readers have said what is wrong
    m = re.fullmatch(r"(.{4})-([0-9]{2,6})", ident)
    if m is None or m.group(1) != ident_for(seed, 0)[:4]:
        return [PROBLEMS("board-id", W_("its ID {ident} is not made from the seed {seed} the footer "
                                        "prints (that seed's IDs are {like} and the like)"),
                         ident=brief(ident), seed=brief(seed), like=ident_for(seed, place))]
    number = int(m.group(2))
    before = numbers[-1] if numbers else 0
    numbers.append(max(number, before))
    if number in numbers[:-1]:
        return [PROBLEMS("board-id", W_("its ID {ident} is another board's in this file"), ident=ident)]
    if number < before:
        return [PROBLEMS("board-id", W_("its ID {ident} numbers it before the board listed ahead "
                                        "of it"), ident=ident)]
    return []


MAX_PLACEMENTS = 1024     # pieces of one board; a 12-player Cliques set with 200 remark cards has 215


def _placements_of(raw, page_count: int | None) -> list[tuple[int, str, Frame]]:
    out = []
    for p in bounded_list(raw, "placements", MAX_PLACEMENTS):
        Fields(p, "placement", ("page", "piece", "frame"))
        page, piece, frame = p["page"], p["piece"], _frame(p["frame"])
        if type(page) is not int or page < 0 or page_count is not None and page >= page_count:
            raise ValueError(f"placement on page {brief(page)}, but the PDF has {page_count} pages")
        if not isinstance(piece, str):
            raise ValueError(f"placement piece {brief(piece)} is not a name")
        out.append((page, piece, frame))
    return out


@dataclass
class _Page:
    """What the checks need of a page, kept once it has been read and let go: its marked
    objects sorted by x (finding those inside a frame costs a bisection and the objects
    there), the first object drawn within ``EDGE_MM`` of the paper edge, its layout problems,
    and what it holds that pnp never writes if it could not be read."""

    marks: list
    xs: list
    edge: tuple | None
    layout: list
    unread: str | None = None

    def marks_in(self, frame: Frame, claimed: set[int]) -> list[Drawn]:
        from bisect import bisect_left, bisect_right

        lo, hi = bisect_left(self.xs, frame.x - 0.5), bisect_right(self.xs, frame.right + 0.5)
        found = [k for k in range(lo, hi) if _inside(frame, self.marks[k].center)]
        claimed.update(found)
        return [self.marks[k] for k in found]


def _pages(doc: PdfBoards, pieces: dict, pages: range) -> list:
    """Each page of ``pages`` read, checked and let go (a ``_Page``), in order; a page that
    cannot be read at all ends the list with its exception, which ``_checked`` raises where
    reading page by page would have."""
    from pnp.verify.layout_check import check_parsed

    edge = EDGE_MM * MM - EDGE_SLACK_PT
    out: list = []
    for page in pages:
        try:
            parsed = doc.page_read(page)
            if parsed is None:
                out.append(_Page([], [], None, [], doc.unread[page]))
                continue
            width, height = doc.page_size_unloaded(page)
            near = next((d.bounds for d in parsed.drawn if d.bounds[0] < edge or d.bounds[1] < edge
                         or d.bounds[2] > width - edge or d.bounds[3] > height - edge), None)
            marks = sorted((d for d in parsed.drawn if d.tag), key=lambda d: d.center[0])
            out.append(_Page(marks, [d.center[0] for d in marks], near,
                             check_parsed(parsed, pieces.get(page, []), page + 1)))
        except MemoryError:
            raise
        except Exception as exc:  # noqa: BLE001 - carried to the page it belongs to
            out.append(exc)
            break
    return out


def _document_data(doc: PdfBoards, whole: BoardReport) -> bool:
    """The data's own fields, strictly; whether the redraw can be trusted with them."""
    from pnp.pdf.page import PAPER_PT, geometry

    if doc.data_attachments > 1 or doc.other_attachments:
        extra = [shown_text(n) for n in doc.other_attachments[:3]]
        whole.problems.append(detailed("data-attachments", Told(
            ATTACHMENTS_AND_OTHERS if extra else ATTACHMENTS, doc.data_attachments, others=str(extra))))
    try:
        f = Fields(doc.payload, "attached data", PAYLOAD_KEYS, optional=("part", "language"))
        f.text("generator"), f.text("title"), f.text("seed")
        if f.has("part") and f.text("part") not in PARTS:
            raise WrongValue(W_("attached data names part {part}; pnp writes {parts}"),
                             part=brief(f.data["part"]), parts=" or ".join(PARTS))
        if f.has("language") and f.text("language") not in LANGUAGES:
            raise WrongValue(W_("attached data names language {language}; pnp prints in {languages}"),
                             language=brief(f.data["language"]), languages=", ".join(LANGUAGES))
        page = f.mapping("page", PAGE_KEYS)
        size, orientation = page.text("size"), page.text("orientation")
        margin, width, height = page.number("margin_mm"), page.number("width"), page.number("height")
        if size not in PAPER_PT or orientation not in ("portrait", "landscape") or not 0 <= margin <= 100:
            raise WrongValue(W_("page {size} {orientation} with a {margin} mm margin is not one pnp "
                                "prints"), size=brief(size), orientation=brief(orientation),
                             margin=Number(margin, "g"))
    except ValueError as exc:
        said = said_of(exc)
        whole.problems.append(PROBLEMS("bad-data", said.message, **said.facts) if isinstance(said, Wording)
                              else PROBLEMS("bad-data", said))
        return False
    paper = geometry(size, orientation, margin)
    if (round(width, 2), round(height, 2)) != (round(paper.width, 2), round(paper.height, 2)):
        whole.problems.append(PROBLEMS("data-page", W_("the data says the page is {width} x {height} pt; "
                                                       "{size} {orientation} is {paper_width} x "
                                                       "{paper_height} pt"),
                                       width=Number(width, "g"), height=Number(height, "g"), size=size,
                                       orientation=orientation, paper_width=Number(paper.width, "g"),
                                       paper_height=Number(paper.height, "g")))
    for i in range(len(doc)):
        w, h = doc.page_size_unloaded(i)
        if (round(w, 2), round(h, 2)) != (round(paper.width, 2), round(paper.height, 2)):
            whole.problems.append(PROBLEMS("data-page", W_("page {page} is {width} x {height} pt; the "
                                                           "data says {size} {orientation}"),
                                           page=Number(i + 1, "d"), width=Number(w, "g"),
                                           height=Number(h, "g"), size=size, orientation=orientation))
            break
    return True


def _redrawn(payload: dict, page_count: int):
    """((pdf bytes, records) this pnp draws from the data, or None; the problems that say why
    not). A pure function of the data, so it can run in a child of its own."""
    from pnp.render import GENERATOR, redraw

    generator = payload.get("generator")
    if generator != GENERATOR:
        return None, [PROBLEMS("other-version", W_("made by {generator}; this is {this}, which can "
                                                   "check its data but cannot prove its ink: validate "
                                                   "it with the pnp that made it, or rebuild it"),
                               generator=brief(generator), this=GENERATOR)]
    try:
        with _at_most_pages(page_count):
            return redraw(payload), []
    except _TooManyPages:
        return None, [PROBLEMS("page-count", W_("the data prints more than the file's {pages} pages"),
                               pages=Number(page_count, "d"))]
    except Exception:  # noqa: BLE001 - data no generator makes can trip the drawing
        return None, [detailed("ink-unproven", W_("the pages cannot be redrawn from the data: it "
                                                  "holds what no pnp build writes"))]


class _TooManyPages(Exception):
    pass


@contextmanager
def _at_most_pages(most: int):
    """The redraw stops as soon as it draws more pages than the file has: the proof has failed
    by then, and data that lies about its size cannot make the validator draw a million pages.
    (Runs in the redraw's own child process, and the patch is undone on the way out either
    way, so it never outlives the redraw in a build.)"""
    from pnp.pdf.impose import Imposer

    original = getattr(Imposer, "_end_page", None)
    if original is None:          # the imposer changed shape: no guard, the CPU limit remains
        yield
        return

    def counted(self):
        if self.pages >= most:
            raise _TooManyPages()
        original(self)
    Imposer._end_page = counted
    try:
        yield
    finally:
        Imposer._end_page = original


def _prove(doc: PdfBoards, pdf_bytes: bytes, reports: list[BoardReport], whole: BoardReport,
           frames: dict[int, list]) -> None:
    """The file prints exactly what this pnp draws from its data (see ``pnp.verify.proof``)."""
    from pnp.verify.proof import compare

    owners = _boards_by_page(reports)
    for d in compare(doc.structure, pdf_bytes, doc.data, doc.page_read):
        if d.page is None:
            whole.problems.append(detailed(d.code, d.message))
            continue
        on_page = owners.get(d.page) or [whole]
        # the boards whose pieces hold the difference; ink in the footer or margins is the page's
        hit = [r for r in on_page if any(_inside(frame, point) for page, frame in frames.get(id(r), ())
                                         if page == d.page for point in d.where)]
        for r in hit or on_page:
            r.problems.append(detailed(d.code, d.message))


def _unread(doc: PdfBoards, reports: list[BoardReport], whole: BoardReport,
            pages: list[_Page]) -> None:
    """Pages holding what pnp never writes (a comment, an inline image ...), which no reading
    here follows, named when there is no redraw to prove the file against."""
    owners = _boards_by_page(reports)
    for i, read in enumerate(pages):
        if read.unread is not None:
            for r in owners.get(i) or [whole]:
                r.problems.append(PROBLEMS("foreign-construct", FOREIGN, where=on_page(i + 1),
                                           what=read.unread))


def _show_placements(raw) -> str:
    if not isinstance(raw, list):
        return brief(raw)
    shown = [Told(W_("{piece} on page {page}"), piece=brief(p.get("piece")),
                  page=p.get("page", -1) + 1 if isinstance(p.get("page"), int) else "?")
             if isinstance(p, dict) else brief(p) for p in raw[:3]]
    if not shown:
        return Told(W_("nowhere"))
    said = Told.joined(shown, ", ")
    return Told(AND_MORE, listed=said, n=Number(len(raw) - 3, "d")) if len(raw) > 3 else said


def _guarded(check, *args) -> list[Problem]:
    """A game's check meeting data no generator makes: the board fails, the validator goes on.

    from_data only promises types, so a hostile file can reach a check with, say, an empty
    circle; whatever the check trips over, that board is not fit to print.
    """
    try:
        return list(check(*args))
    except Exception as exc:  # noqa: BLE001 - any crash here is about this board's data
        return [PROBLEMS("check-failed", W_("{check} cannot check this data: {error}: {why}"),
                         check=f"{check.__module__}.{check.__name__}", error=type(exc).__name__,
                         why=" ".join(str(exc).split()))]


def _page_checks(doc: PdfBoards, reports, whole, pages: list[_Page], claimed: dict) -> None:
    """Nothing within 5 mm of the paper edge; no marked object that no board accounts for."""
    by_page = _boards_by_page(reports)
    for page, read in enumerate(pages):
        owners = by_page.get(page) or [whole]
        if read.edge is not None:
            left, bottom, right, top = read.edge
            for r in owners:
                r.problems.append(PROBLEMS("outside-safe-area", W_("something is drawn within {mm} mm of "
                                                                   "the paper edge on page {page} at "
                                                                   "({left}, {bottom})–({right}, {top}) pt"),
                                           mm=Number(EDGE_MM), page=Number(page + 1, "d"),
                                           left=Number(left, ".1f"), bottom=Number(bottom, ".1f"),
                                           right=Number(right, ".1f"), top=Number(top, ".1f")))
            continue
        took = claimed.get(page, set())
        d = next((d for k, d in enumerate(read.marks) if k not in took), None)
        if d is not None:
            for r in owners:
                r.problems.append(PROBLEMS("drawn-unknown", W_("page {page} has a marked {tag} object at "
                                                               "({x}, {y}) that belongs to no board"),
                                           page=Number(page + 1, "d"), tag=shown_text(d.tag),
                                           x=Number(d.center[0], ".1f"), y=Number(d.center[1], ".1f")))


def _boards_by_page(reports) -> dict[int, list[BoardReport]]:
    """page -> the boards with a piece on it, in board order (a pass over the boards, not one
    a page: a 600-board pack would otherwise test every board on every page)."""
    by_page: dict[int, list[BoardReport]] = {}
    for r in reports:
        for p in r.pages:
            by_page.setdefault(p, []).append(r)
    return by_page


def _layout_checks(reports, whole, pages: list[_Page]) -> None:
    """Text under 6 pt, text over text, dots or lines, ink outside its piece's frame, read back
    from each page (``pnp.verify.layout_check``); a problem goes to every board on that page."""
    by_page = _boards_by_page(reports)
    for page, read in enumerate(pages):
        owners = by_page.get(page) or [whole]
        for problem in read.layout:
            for r in owners:
                r.problems.append(problem)


def summary(reports: list[BoardReport]) -> str:
    """"5 boards, 2 sets checked: 7 ok, 0 failed": each counted as ``pnp build`` counts it."""
    return str(summary_said(reports))


def summary_said(reports: list[BoardReport], counted=None) -> Wording:
    """The summary for a page to say in its own language: ``counted`` says the boards counted
    from [(noun, how many)] (None: in English, as ``pnp build`` counts them)."""
    from pnp.words import count, tally

    boards = [r for r in reports if r.number]
    failed = sum(not r.ok for r in boards)
    nouns: dict[str, int] = {}
    for r in boards:
        nouns[r.noun] = nouns.get(r.noun, 0) + 1
    said = Wording(SUMMARY, boards=counted(list(nouns.items())) if counted is not None else
                   tally(r.noun for r in boards) or count(0, "board"),
                   ok=Number(len(boards) - failed, "d"), failed=Number(failed, "d"))
    if any(not r.number and not r.ok for r in reports):
        said = Wording(WHOLE_FAILED, summary=said)
    return said
