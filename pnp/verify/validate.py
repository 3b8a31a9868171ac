"""PDF -> report: the file proved by reproduction, and every board's data checked.

A file is proved when it is, byte for byte, the file this pnp builds from its own record
(``pnp.verify.record`` reads the record, the only parse of the untrusted file;
``pnp.render.redraw`` rebuilds the whole file from it in memory). Nothing else proves it: a
file that differs anywhere is not proved, and ``pnp.verify.difference`` says where it first
parts from the rebuild, in a person's terms. Beside the proof, every board's data is checked:
its game's ``from_data`` and ``check`` (every rule, exactly), its ID against the seed. The
work runs in one child process with hard limits (``pnp.verify.sandbox``), so no record can
make the rebuild hang or take more memory than the docs promise. This module knows no game's
rules.
"""

from __future__ import annotations

import json
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass, field

from pnp.errors import Problem as Wording, WrongValue, said_of
from pnp.games import KINDS, game, noun
from pnp.games.base import Fields, Problem, bounded_list, brief
from pnp.i18n import LANGUAGES, W_
from pnp.i18n.message import Message
from pnp.i18n.told import Number
from pnp.render import GENERATOR, HELD_BACK, PARTS  # a split pack: which of its two PDFs this is
from pnp.verify.problems import PROBLEMS, SEPARATED, detailed
from pnp.verify import record
from pnp.verify.record import NotOurs

MAX_PROBLEMS = 20        # problems shown per board; the rest are counted
MAX_TEXT = 300           # characters of one problem message or label as shown
MAX_BOARDS = 20_000      # board records in one file (four quarter boards a page, 5000 pages)
MAX_PLACEMENTS = 1024    # pieces of one board; a 12-player Cliques set with 200 remark cards has 215

PAYLOAD_KEYS = ("format", "generator", "title", "seed", "page", "boards")
PAGE_KEYS = ("size", "orientation", "margin_mm", "width", "height")


# the report's own words, which a page says in its language (pnp.web.work)
SUMMARY = W_("{boards} checked: {ok} ok, {failed} failed")
WHOLE_FAILED = W_("{summary}; the file as a whole failed")
THE_FILE = W_("the file as a whole")
UNNAMED = W_("{title} (board {n})")     # a board whose data its game cannot describe


class OtherVersion(NotOurs):
    """The record was written by another pnp version: its drawing is that version's to prove."""


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


@dataclass
class Verdict:
    """What `pnp validate` says of one file: the proof, and every board's data checks.

    ``proved``: True when the file is its rebuild byte for byte, False when not, None with
    ``--data-only`` (nothing about the pages is proved then). ``said`` is the proof's sentence;
    ``advice`` what to do about a file changed after pnp wrote it; ``pages`` the pages
    (zero-based) whose drawing is not pnp's byte for byte; ``rebuilt`` the rebuild's bytes when
    asked for (``keep``)."""

    reports: list[BoardReport]
    proved: bool | None
    said: Message
    advice: Message | None = None
    pages: list[int] = field(default_factory=list)
    rebuilt: bytes | None = None

    @property
    def ok(self) -> bool:
        return self.proved is not False and all(r.ok for r in self.reports)

    def line(self, file: str) -> str:
        mark = {True: "proved", False: "NOT PROVED", None: "data only"}[self.proved]
        return f"{mark}  {shown_text(file)}: {self.said}"


def validate_file(path) -> list[BoardReport]:
    """Reports for every board in the PDF, and one for the file as a whole when it is not
    proved (or its data fails as a whole); raises NotOurs for files that cannot be read."""
    verdict = prove_file(path)
    return verdict.reports


def prove_file(path, data_only: bool = False, keep: bool = False) -> Verdict:
    """The file's verdict (``Verdict``): its record read, its boards checked and, unless
    ``data_only``, the whole file rebuilt from the record and compared byte for byte, all in a
    limited child; NotOurs (one line) for a file that cannot be read, OtherVersion for one
    another pnp wrote."""
    from pnp.verify import sandbox

    _ready()
    try:
        return sandbox.run(_verdict, str(path), data_only, keep)
    except sandbox.Exhausted as exc:
        raise NotOurs(Message("{file}: {why}; no pnp PDF does", file=str(path), why=exc.args[0])) from None
    except RecursionError:
        raise NotOurs(Message("{file}: its record is nested too deeply to read", file=str(path))) from None
    except NotOurs:
        raise
    except Exception:  # noqa: BLE001 - whatever a file trips, one line, not a trace
        raise NotOurs(Message("{file}: cannot be read as a pnp PDF", file=str(path))) from None


def _ready() -> None:
    """What the child needs, imported here, before the fork, rather than in every child again
    (a run that validates several files, a build's --check, the tests): the drawing seam,
    every game, the fonts read and registered."""
    from pnp.pdf import canvas, impose  # noqa: F401
    from pnp.pdf.fonts import ensure_fonts
    from pnp.render import redraw  # noqa: F401
    from pnp.verify import difference, record  # noqa: F401

    ensure_fonts()
    for kind in KINDS:
        game(kind)


def _verdict(path: str, data_only: bool, keep: bool) -> Verdict:
    found = record.read(path)
    payload = found.payload
    generator = payload.get("generator")
    if generator != GENERATOR:
        version = generator[4:] if isinstance(generator, str) and generator.startswith("pnp ") else None
        if version and all(c.isalnum() or c in ".+-" for c in version[:40]):
            raise OtherVersion(Message("{file}: written by pnp {version}; this is {this}, which proves "
                                       "only the files it writes: validate it with pnp {version} "
                                       "(pip install 'pnp=={version}')", file=path,
                                       version=version[:40], this=GENERATOR))
        raise NotOurs(Message("{file}: its record names no pnp version ({generator})", file=path,
                              generator=brief(generator)))
    checked = _Boards(payload, path)
    whole = checked.whole
    if data_only:
        return Verdict(checked.reports(), None,
                       Message("the boards' data is checked; this proves nothing about what the "
                               "pages print"))
    verdict = _rebuilt(found, checked, keep)
    if verdict.proved is False:
        whole.problems.append(detailed("not-reproduced", verdict.said))
    verdict.reports = checked.reports()
    return verdict


def _rebuilt(found, checked: "_Boards", keep: bool) -> Verdict:
    """The rebuild compared byte for byte with the file."""
    from pnp.render import redraw
    from pnp.verify.difference import parting

    advice = Message("pnp validate {file} --rebuild COPY.pdf writes the file this pnp builds from "
                     "its record, which proves", file=found.name)
    if not checked.rebuildable:
        return Verdict([], False, Message("it cannot be rebuilt: its record holds what no pnp build "
                                          "writes (see the problems above)"))
    try:
        with _at_most_pages(checked.last_page + 1):
            rebuilt, records = redraw(found.payload)
    except _TooManyPages:
        return Verdict([], False, Message("its record prints more pages than it places boards on"))
    except MemoryError:
        raise
    except Exception:  # noqa: BLE001 - data no generator makes can trip the drawing
        return Verdict([], False, Message("it cannot be rebuilt: its record holds what no pnp build "
                                          "writes"))
    checked.placed(records)
    kept = rebuilt if keep else None
    if rebuilt == found.data:
        return Verdict([], True, Message("byte for byte the file {generator} builds from its record",
                                         generator=GENERATOR), rebuilt=kept)
    where = parting(found.data, rebuilt, checked.boards_on())
    return Verdict([], False, where.said, advice if where.rewritten else None, where.pages, kept)


class _TooManyPages(Exception):
    pass


@contextmanager
def _at_most_pages(most: int):
    """The rebuild stops as soon as it draws more pages than the file holds: the proof has
    failed by then, and a record that asks for a million pages cannot make the validator draw
    them. (Runs in the validator's child, and the patch is undone on the way out either way,
    so it never outlives the rebuild.)"""
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


class _Boards:
    """Every board record checked from the data alone: its fields, its rules (the game's
    ``check``), its ID against the seed; ``rebuildable`` says whether the rebuild may be
    trusted with the data (every record read by its game's ``from_data``)."""

    def __init__(self, payload: dict, name: str):
        self.payload = payload
        self.whole = BoardReport(0, "document", Wording(THE_FILE), [])
        self.boards: list[BoardReport] = []
        self.idents: dict[int, str] = {}          # board number -> its ID
        self.last_page = 0                        # the last page a board's record places it on
        self.rebuildable = _document_data(payload, self.whole)
        records = payload.get("boards")
        if not isinstance(records, list) or not records:
            self.whole.problems.append(detailed("bad-data", Message("the record lists no boards")))
            self.rebuildable = False
            return
        if len(records) > MAX_BOARDS:
            raise NotOurs(Message("{file}: its record lists {n} boards; a pack has at most {most}",
                                  file=name, n=len(records), most=MAX_BOARDS))
        numbers: list[int] = []
        seen: dict[str, int] = {}
        for n, record in enumerate(records, 1):
            report = BoardReport(n, "?", f"board {n}", [])
            self.boards.append(report)
            if not self._board(n, record, report, seen, numbers):
                self.rebuildable = False

    def _board(self, n: int, record, report: BoardReport, seen: dict, numbers: list) -> bool:
        if not isinstance(record, dict) or not isinstance(record.get("kind"), str) \
                or record["kind"] not in KINDS:
            report.problems.append(PROBLEMS("bad-data", W_("unknown kind {kind}"),
                                            kind=brief(record.get("kind"))) if isinstance(record, dict)
                                   else detailed("bad-data", W_("record is not a mapping")))
            return False
        report.kind = record["kind"]
        data = record.get("data")
        report.noun = noun(report.kind, answer_key=self.payload.get("part") == HELD_BACK,
                           worksheet=isinstance(data, dict) and data.get("worksheet") is True)
        module = game(report.kind)
        try:
            Fields(record, f"board {n}", ("kind", "item", "data", "placements"))
            board = module.from_data(record["data"])
            report.pages = _pages_of(record["placements"])
        except (ValueError, TypeError, KeyError, AttributeError) as exc:
            report.problems.append(PROBLEMS("bad-data", W_("board data cannot be read: {why}"),
                                            why=said_of(exc)))
            return False
        try:
            report.label = module.describe(board)
        except Exception:  # noqa: BLE001 - a label from data no generator makes; check() says why
            report.label = Wording(UNNAMED, title=Wording(module.TITLE), n=n)
        key = json.dumps([record["kind"], record["data"]], sort_keys=True)
        if key in seen:
            report.problems.append(PROBLEMS("duplicate-board", W_("the same board as board {n}"),
                                            n=Number(seen[key], "d")))
        seen.setdefault(key, n)
        report.problems += _board_id(board, n, self.payload, numbers)
        ident = getattr(board, "ident", None)
        if isinstance(ident, str):
            self.idents[n] = ident
        self.last_page = max([self.last_page, *report.pages])
        if not report.pages:
            report.problems.append(PROBLEMS("not-printed", "the data lists a board that is on no page"))
        report.problems += _guarded(module.check, board)
        return True

    def placed(self, records: list) -> None:
        """The pages each board is on, as the rebuild places it."""
        for report, record in zip(self.boards, records):
            report.pages = sorted({p["page"] for p in record["placements"]})

    def boards_on(self) -> dict[int, list[str]]:
        """page -> the IDs of the boards with a piece on it, in board order."""
        out: dict[int, list[str]] = {}
        for r in self.boards:
            for p in r.pages:
                out.setdefault(p, []).append(self.idents.get(r.number, f"{r.number}"))
        return out

    def reports(self) -> list[BoardReport]:
        return self.boards + ([self.whole] if self.whole.problems else [])


def _pages_of(raw) -> list[int]:
    """The pages a record's placements name (each placement read strictly)."""
    pages = set()
    for p in bounded_list(raw, "placements", MAX_PLACEMENTS):
        Fields(p, "placement", ("page", "piece", "frame"))
        page, piece, frame = p["page"], p["piece"], p["frame"]
        if type(page) is not int or not 0 <= page < 100_000:
            raise ValueError(f"placement on page {brief(page)}")
        if not isinstance(piece, str):
            raise ValueError(f"placement piece {brief(piece)} is not a name")
        if not (isinstance(frame, list) and len(frame) == 4 and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) for v in frame)):
            raise ValueError("placement frame must be four numbers")
        pages.add(page)
    return sorted(pages)


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


def _document_data(payload: dict, whole: BoardReport) -> bool:
    """The data's own fields, strictly; whether the redraw can be trusted with them."""
    from pnp.pdf.page import PAPER_PT, geometry

    try:
        f = Fields(payload, "attached data", PAYLOAD_KEYS, optional=("part", "language"))
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
        return False
    return True


def summary(reports: list[BoardReport]) -> str:
    """"5 boards, 2 sets checked: 7 ok, 0 failed": each counted as ``pnp build`` counts it."""
    return str(summary_said(reports))


def summary_said(reports: list[BoardReport], counted=None) -> Wording:
    """The summary for a page to say in its own language: ``counted`` says the boards counted
    from [(noun, how many)] (None: in English, as ``pnp build`` counts them); the files not
    proved counted after it."""
    from pnp.words import count, tally

    boards = [r for r in reports if r.number]
    failed = sum(not r.ok for r in boards)
    nouns: dict[str, int] = {}
    for r in boards:
        nouns[r.noun] = nouns.get(r.noun, 0) + 1
    said = Wording(SUMMARY, boards=counted(list(nouns.items())) if counted is not None else
                   tally(r.noun for r in boards) or count(0, "board"),
                   ok=Number(len(boards) - failed, "d"), failed=Number(failed, "d"))
    wholes = [r for r in reports if not r.number]
    if any(p.code != "not-reproduced" for r in wholes for p in r.problems):
        said = Wording(WHOLE_FAILED, summary=said)
    unproved = sum(any(p.code == "not-reproduced" for p in r.problems) for r in wholes)
    if unproved:
        said = Wording(SEPARATED, one=said,
                       other=Message("{n} file not proved", "{n} files not proved", n=unproved))
    return said
