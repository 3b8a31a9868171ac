"""The work both front ends ask for, in one place: build with limits and progress, the board of
the day with the answer to the day before's, and analyzing the boards of a code, a spec or a PDF.

`pnp` (cli.py) and `pnp serve` (pnp/web) parse a request, call one of these and show what comes
back; neither knows a game: what a game offers is asked of the registry (``offering``). A
user's mistake is a PnpError (a SpecError when it has a place in a spec), said in one line.
"""

from __future__ import annotations

import dataclasses
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from pnp.build import build as write_pdfs, tasks
from pnp.errors import PnpError, Several
from pnp.games import game, noun, offering
from pnp.spec import Spec, loads

# ---- build with limits and progress ----------------------------------------------------------

PROBE_PAST = 24      # boards past which a build with a page limit first probes its page count


@dataclass(frozen=True)
class Limits:
    """What a build may make (the web page's caps; a terminal's build has none)."""

    pages: int | None = None           # the most pages, refused before the build when probed
    first_boards: int | None = None    # only the first this many boards (a preview)


@dataclass(frozen=True)
class Plan:
    """A spec ready to build within its limits: what is built and how much of the whole."""

    spec: Spec           # cut to its first boards for a preview
    boards: int          # boards built
    of: int              # boards in the whole spec
    limits: Limits


def plan(spec: Spec, limits: Limits = Limits(), scratch: Path | None = None) -> Plan:
    """The spec cut to ``limits.first_boards`` and, with a page limit, its page count probed
    (in the folder ``scratch``) before anything is built: a spec of thousands of pages is
    refused in a moment, not after minutes."""
    whole = len(tasks(spec, spec.seed))
    if limits.first_boards is not None and whole > limits.first_boards:
        spec = first_of(spec, limits.first_boards)
    total = len(tasks(spec, spec.seed))
    # a build of a few boards is checked after it is made (24 boards of the largest sets make
    # about 400 pages in a few seconds); a larger one is refused before, from a probe
    if limits.pages is not None and total > PROBE_PAST:
        most = most_pages(spec, scratch)
        if most > limits.pages:
            raise PnpError(f"this spec would make up to {most} pages; the page builds at most "
                           f"{limits.pages} at once: print fewer, or build it with pnp build")
    return Plan(spec, total, whole, limits)


def build(plan: Plan, folder: Path, progress: Callable[[int], None] | None = None,
          **options) -> list[tuple[Path, int, int]]:
    """The planned spec's PDFs written into ``folder`` (``options`` as pnp.build.build takes
    them: seed, jobs, force, split, keys_apart, check); ``progress(n)`` as n more boards are
    made. (path, boards, pages) for each PDF; past the page limit, a PnpError."""
    written = write_pdfs(plan.spec, folder, progress=progress, **options)
    pages = sum(p for _, _, p in written)
    if plan.limits.pages is not None and pages > plan.limits.pages:
        raise PnpError(f"this spec makes {pages} pages; the page builds at most "
                       f"{plan.limits.pages} at once: build it with pnp build")
    return written


def first_of(spec: Spec, boards: int) -> Spec:
    """The spec cut to its first ``boards`` boards (later items left out, the last kept one
    printing fewer copies): those boards are the same as in the whole spec, as every board's
    random stream and number depend only on its place."""
    items, left = [], boards
    for entry in spec.items:
        if left <= 0:
            break
        items.append(dataclasses.replace(entry, count=min(entry.count, left)))
        left -= entry.count
    return dataclasses.replace(spec, items=tuple(items))


def most_pages(spec: Spec, folder: Path) -> int:
    """At most how many pages the spec makes: one copy of each item built (a few milliseconds
    each), its pages times the item's count (cards shared by copies make it fewer); but what an
    item holds back to the end is counted as it prints, apart: its whole pages printed once (a
    class set's teacher's page) once, and its pieces of one size (answer keys) as many to a
    sheet as the sheet holds, since they follow the item's last page and each other alone."""
    from pnp.build import generated
    from pnp.render import page_geometry

    area = page_geometry(spec.page.size, spec.page.orientation, spec.page.margin_mm).content
    one_each = dataclasses.replace(spec, items=tuple(dataclasses.replace(e, count=1) for e in spec.items))
    written = write_pdfs(one_each, folder, split=True)
    with closing(generated(one_each, one_each.seed)) as pairs:
        held = [[p for p in game(entry.kind).pieces(board) if p.at_end] for entry, board in pairs]
    total = 0
    for (_, _, pages), entry, pieces in zip(written[1:], spec.items, held):
        once = sum(p.once and p.size is None for p in pieces)
        sized = {p.size for p in pieces if p.size is not None}
        per_sheet = _to_a_sheet(sized.pop(), area) if len(sized) == 1 else 0
        if not per_sheet:              # nothing held back of one size: every page a copy's own
            total += (pages - once) * entry.count + once
            continue
        kept = sum(p.size is not None for p in pieces)
        sheets = -(-kept // per_sheet)
        total += (pages - once - sheets) * entry.count + once + -(-kept * entry.count // per_sheet)
    return total


def _to_a_sheet(size: tuple[float, float], area) -> int:
    """Pieces of one size a sheet holds in rows (``pnp.pdf.pack`` places them so)."""
    from pnp.pdf.pack import EPS

    return int(area.width / size[0] + EPS) * int(area.height / size[1] + EPS)


def counted(spec: Spec, part, boards: int) -> list[tuple[str, int]]:
    """What a written PDF holds, in the games' nouns with their counts, in the order they first
    come: [("worksheet", 24)], [("board", 4), ("set", 2)], [("answer key", 24)] (``part`` as
    pnp.build.output_paths names it: None for the pack, an item's index, or held-back pieces).
    The CLI says them in English (``contents``); the web page in the page's language."""
    from pnp.render import HELD_BACK

    if part == HELD_BACK or isinstance(part, tuple):
        return [(noun("", answer_key=True), boards)]
    entries = spec.items if part is None else [spec.items[part]]
    totals: dict[str, int] = {}
    for entry in entries:
        what = noun(entry.kind, worksheet=getattr(entry.item, "worksheet", False))
        totals[what] = totals.get(what, 0) + entry.count
    if sum(totals.values()) != boards:      # a count the spec cannot explain: say it plainly
        return [("board", boards)]
    return list(totals.items())


def contents(spec: Spec, part, boards: int) -> str:
    """``counted`` in words: "24 worksheets", "4 boards, 2 sets", "24 answer keys"."""
    from pnp.words import count

    return ", ".join(count(n, what) for what, n in counted(spec, part, boards))


# ---- the board of the day --------------------------------------------------------------------

def daily(day, folder: Path) -> Iterator[tuple[Spec, Path, int, int]]:
    """The board of ``day`` of every game that has one, built into ``folder``: (its spec, and
    path, boards and pages of each PDF), each as it is written. The same for everyone."""
    for kind in offering("daily_spec"):
        spec = loads(game(kind).daily_spec(day), f"<daily {kind} {day.isoformat()}>")
        for path, boards, pages in write_pdfs(spec, folder):
            yield spec, path, boards, pages


def yesterday(day, seconds: float | None = None, progress=None, hint: bool = True) -> Iterator[str]:
    """The answer to the day before's board of every game that has one, a line each; each game
    keeps an answer worked out in its cache folder, so the next ask is answered at once.
    ``seconds``: the time allowed (None: the game's own); ``progress`` hears the search;
    ``hint``: a line not worked out names the CLI's option that gives it more time."""
    for kind in offering("daily_answer"):
        yield game(kind).daily_answer(day, seconds, progress, hint)


def yesterday_drawn(day, seconds: float | None = None, progress=None) -> Iterator[dict]:
    """``yesterday``'s answers, each with its picture when its game draws one: {"answer": the
    line, "picture": the day before's board with its best line drawn move by move ({svg, steps,
    words}, see the picture door), or None}. The whole line is worked out once and kept with
    the answer (the daily_played door)."""
    from pnp.games.base import offers

    for kind in offering("daily_answer"):
        module = game(kind)
        if not (offers(module, "daily_played") and offers(module, "picture")):
            yield {"answer": module.daily_answer(day, seconds, progress), "picture": None,
                   "kind": kind, "board": None, "figures": None}
            continue
        played = module.daily_played(day, seconds, progress)
        board = played["board"]
        yield {"answer": played["answer"], "picture": None if board is None else
               module.picture(board, played["figures"], key=f"{kind}-yesterday"),
               # what playing the board in the browser needs (its game's play door)
               "kind": kind, "board": board, "figures": played["figures"]}


def pictures(spec: Spec) -> list[dict]:
    """The picture of each board of ``spec`` whose game draws one, without perfect play (the
    board of the day's answer is tomorrow's): {svg, steps, words}, its SVG's ids numbered."""
    from pnp.build import generated
    from pnp.games.base import offers

    out = []
    with closing(generated(spec, spec.seed)) as pairs:
        for entry, board in pairs:
            module = game(entry.kind)
            if offers(module, "picture") and offers(module, "analyze"):
                figures = module.analyze(board, solve=False)
                out.append(module.picture(board, figures, key=f"board-{len(out) + 1}"))
    return out


def playable(spec: Spec) -> list[tuple[str, object]]:
    """(kind, board) of each board of ``spec`` whose game can be played in the browser (the
    play door, pnp.play)."""
    from pnp.build import generated
    from pnp.games.base import offers

    with closing(generated(spec, spec.seed)) as pairs:
        return [(entry.kind, board) for entry, board in pairs if offers(game(entry.kind), "play")]


def daily_playable(day) -> list[tuple[str, object]]:
    """(kind, board) of each board of ``day`` that can be played in the browser, in the order
    ``daily`` builds them."""
    return [found for kind in offering("daily_spec")
            for found in playable(loads(game(kind).daily_spec(day), f"<daily {kind} {day.isoformat()}>"))]


# ---- analyze: a code, a spec, a PDF ----------------------------------------------------------

Found = tuple[str, str, object]       # (label, kind, board)


def from_code(text: str) -> list[Found]:
    """The board a code typed in names, when its game offers analysis (a typed text is only
    ever read as a code, never as a file name)."""
    from pnp.sources import read_code

    found = read_code(text)
    if found is None:
        raise PnpError(f"{text[:40]!r} is not a board code")
    kind, board = found
    if kind not in offering("analyze"):
        raise PnpError(f"{game(kind).TITLE} offers no analysis")
    return [(board.ident, kind, board)]


def from_spec(path: Path) -> list[Found]:
    """The boards a spec file makes, of the games that offer analysis."""
    from pnp.build import generated
    from pnp.spec import load

    kinds = offering("analyze")
    spec = load(path)
    with closing(generated(spec, spec.seed)) as pairs:
        return [(f"{path} board {board.ident}", entry.kind, board)
                for entry, board in pairs if entry.kind in kinds]


def from_pdf(path: Path) -> list[Found]:
    """Boards of a PDF, read as the validator reads them: in a limited child after the
    pre-scan, nothing in the data trusted, and a board that breaks its own game's rules refused
    rather than analysed."""
    from pnp.verify.record import read_payload
    from pnp.verify.validate import shown_text

    kinds = offering("analyze")
    records = read_payload(path).get("boards")
    if not isinstance(records, list):
        raise PnpError(f"{path}: the attached data lists no boards")
    out = []
    for n, record in enumerate(records, 1):
        if isinstance(record, dict) and record.get("kind") in kinds:
            module = game(record["kind"])
            try:
                board = module.from_data(record.get("data"))
            except (ValueError, TypeError, KeyError, AttributeError) as exc:
                raise PnpError(f"{path}: board {n}: data cannot be read: "
                               f"{shown_text(str(exc))}") from None
            problems = module.check(board)
            if problems:
                raise PnpError(f"{path}: board {n} fails its checks "
                               f"({shown_text(str(problems[0]))}); `pnp validate` says more")
            out.append((f"{shown_text(str(path))} board {shown_text(board.ident)}",
                        record["kind"], board))
    return out


def to_analyze(args) -> list[Found]:
    """(label, kind, board) for every board of a game that offers analysis in the PDFs, specs
    and board codes named (a code typed in any form the README allows); every mistyped code
    is reported together."""
    from pnp.sources import named

    sources, errors = named(args)
    if errors:
        raise errors[0] if len(errors) == 1 else Several(errors)
    out = []
    for source in sources:
        if isinstance(source, tuple):
            kind, board = source
            found = [(board.ident, kind, board)] if kind in offering("analyze") else []
        elif source.suffix.lower() == ".pdf":
            found = from_pdf(source)
        else:
            found = from_spec(source)
        if not found:
            names = " or ".join(game(k).TITLE for k in offering("analyze"))
            what = source[1].ident if isinstance(source, tuple) else source
            raise PnpError(f"{what}: no {names} boards in it")
        out += found
    return out


def analyze(found: Found, progress=None, **asked) -> tuple[dict, str | None]:
    """The figures of one board (``asked`` as its game's analyze takes them: solve, seconds,
    positions, memory_mb, depth, depth_games), and what was asked and not worked out within
    the limits (or None). A board the game cannot analyze is a PnpError naming it."""
    label, kind, board = found
    try:
        figures = game(kind).analyze(board, progress=progress, **asked)
    except ValueError as exc:
        raise PnpError(f"{label}: {exc}") from None
    return figures, figures.pop("unfinished", None)


def report(kind: str, figures: dict) -> str:
    """The figures as the game reports them to a person."""
    return game(kind).report(figures)
