"""Mutation testing of the validator: plant a known defect in a good PDF, the validator must name it.

Each class of defect is a function that edits a copy of a good PDF the way a buggy generator,
a careless hand or a forger would: the attached data, the drawing on the page, or both made
to agree with each other. The validator must fail every planted copy with the problem code
that names the defect. ``bench/mutation_report.py`` runs many random plantings per class and
prints the catch rate; these tests plant a few of each.
"""

from __future__ import annotations

import contextlib
import json
import math
import random
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import pytest
from pypdf import PdfWriter
from pypdf.generic import NameObject, StreamObject

from tamper import _attachment_stream

SECTION = re.compile(r"/(?P<tag>\w+) <</I (?P<index>-?\d+)(?P<kind> /K -?\d+)?>> BDC\n(?P<body>.*?)EMC\n?",
                     re.S)

# Good PDFs to plant defects in: small, so that each planting validates quickly. A game owes one
# here and a planted defect per problem code (pnp.games.base.TEST_OBLIGATIONS lists what a game
# owes the tests; tests/games/test_game_obligations.py checks every registered game).
GOOD_SPECS = {
    "cliquer": """\
title: Mutations CliqueR
seed: mutate
output: cliquer.pdf
items:
  - kind: cliquer
    count: 2
    dots: 9
  - kind: cliquer
    size: quarter
    count: 3
    dots: 7
""",
    "circles": """\
title: Mutations Circles
seed: mutate
output: circles.pdf
items:
  - kind: circles
    circles: 4
    variants: {lockdown: true}
""",
    "cliques": """\
title: Mutations Cliques
seed: mutate
output: cliques.pdf
items:
  - kind: cliques
    players: [Ann, Bo, Cy, Dee]
    remark_cards: 4
""",
}


# ------------------------------------------------------------------------------------------
# a PDF open for forging


# slow: plants every defect in built PDFs and validates each; `pytest -m "not slow"` leaves it out of a quick run, CI runs it
pytestmark = pytest.mark.slow


class Forgery:
    """A copy of a pnp PDF whose attached data and page drawings can be rewritten."""

    def __init__(self, path: Path):
        self.path = path
        self.writer = PdfWriter(clone_from=str(path))
        self.payload = json.loads(_attachment_stream(self.writer).get_data())
        self._contents: dict[int, str] = {}

    def boards(self, kind: str) -> list[dict]:
        return [b for b in self.payload["boards"] if b["kind"] == kind]

    def content(self, page: int) -> str:
        if page not in self._contents:
            stream = self.writer.pages[page].get_contents()
            self._contents[page] = stream.get_data().decode("latin-1")
        return self._contents[page]

    def set_content(self, page: int, text: str) -> None:
        assert text != self.content(page), "the edit changed nothing"
        self._contents[page] = text

    def sections(self, page: int, tag: str) -> list[re.Match]:
        return [m for m in SECTION.finditer(self.content(page)) if m.group("tag") == tag]

    def pages(self) -> int:
        return len(self.writer.pages)

    def page_size(self, page: int) -> tuple[float, float]:
        box = self.writer.pages[page].mediabox
        return float(box.width), float(box.height)

    def resources(self, page: int, kind: str):
        """Page ``page``'s resource dictionary of ``kind`` (/XObject, /ExtGState, /Properties),
        made if missing."""
        from pypdf.generic import DictionaryObject

        res = self.writer.pages[page]["/Resources"].get_object()
        if kind not in res:
            res[NameObject(kind)] = DictionaryObject()
        return res[kind].get_object()

    def stream(self, body: bytes, **entries):
        """A new stream object (Flate-compressed), with dictionary ``entries``."""
        stream = StreamObject()
        stream.set_data(body)
        for key, value in entries.items():
            stream[NameObject(f"/{key}")] = value
        stream = stream.flate_encode()
        return self.writer._add_object(stream)

    def form(self, page: int, body: str, name: str = "PnpX", **entries):
        """A form XObject drawing ``body`` in page coordinates, named in page ``page``'s
        resources."""
        from pypdf.generic import ArrayObject, FloatObject

        width, height = self.page_size(page)
        ref = self.stream(body.encode("latin-1"), Type=NameObject("/XObject"),
                          Subtype=NameObject("/Form"),
                          BBox=ArrayObject([FloatObject(0), FloatObject(0), FloatObject(width),
                                            FloatObject(height)]), **entries)
        self.resources(page, "/XObject")[NameObject(f"/{name}")] = ref
        return ref

    def catalog(self):
        return self.writer._root_object

    def replace_page(self, page: int, source_page) -> None:
        """Put ``source_page`` (from another PDF, with its resources) in place of page ``page``."""
        self.writer.insert_page(source_page, page)
        self.writer.remove_page(page + 1)
        self._contents.pop(page, None)

    def save(self, out: Path) -> Path:
        _attachment_stream(self.writer).set_data(json.dumps(self.payload).encode())
        for page, text in self._contents.items():
            stream = StreamObject()
            stream.set_data(text.encode("latin-1"))
            self.writer.pages[page][NameObject("/Contents")] = self.writer._add_object(stream)
        with open(out, "wb") as fh:
            self.writer.write(fh)
        return out


FIRST_POINT = re.compile(r"(-?[\d.]+) (-?[\d.]+) (?:m|[\d.]+ [\d.]+ re)\b")


def _in_frame(m: re.Match, frame) -> bool:
    """Whether a section starts inside a piece's frame (n-up sheets repeat tags and indices)."""
    x, y, w, h = frame
    point = FIRST_POINT.search(m.group("body"))
    return bool(point) and x <= float(point.group(1)) <= x + w and y <= float(point.group(2)) <= y + h


def replace_span(text: str, match: re.Match, new: str) -> str:
    return text[:match.start()] + new + text[match.end():]


def shifted(match: re.Match, dx: float, dy: float, index: int | None = None) -> str:
    """The section drawn ``dx, dy`` points away (and renumbered, if asked)."""
    index = match.group("index") if index is None else index
    return (f"/{match.group('tag')} <</I {index}>> BDC\nq 1 0 0 1 {dx:.4f} {dy:.4f} cm\n"
            f"{match.group('body')}Q\nEMC\n")


# ------------------------------------------------------------------------------------------
# CliqueR


def _cliquer_board(forgery: Forgery, rng: random.Random):
    """A random CliqueR board: its record, Board, page, frame and its dots' sections in order."""
    from pnp.games import cliquer

    record = rng.choice(forgery.boards("cliquer"))
    board = cliquer.from_data(record["data"])
    placement = next(p for p in record["placements"] if p["piece"] == "board")
    page, frame = placement["page"], placement["frame"]
    dots = [m for m in forgery.sections(page, "PnpDot") if _in_frame(m, frame)]  # n-up: just ours
    assert [int(m.group("index")) for m in dots] == list(range(len(board.dots)))
    return record, board, page, dots


def _set_dots(record: dict, dots) -> None:
    from pnp.games.cliquer.codes import encode

    data = record["data"]
    data["dots"] = sorted([list(d) for d in dots])
    data["code"] = encode(tuple(sorted(map(tuple, dots))), data["grid"])


def _dot_point(board, record, dot) -> tuple[float, float]:
    from pnp.paper import Frame
    from pnp.games.cliquer.draw import dot_position, layout

    frame = Frame(*next(p for p in record["placements"] if p["piece"] == "board")["frame"])
    return dot_position(board, layout(board, frame).square, dot)


def _forge_move(forgery: Forgery, rng: random.Random, targets) -> str | None:
    """Move one dot of a random board to a point ``targets(board, limits, dots, c, a, b)``
    offers, changing the data (sorted, board code recomputed) and the drawing (the dot moved,
    every dot renumbered in the new order) so that they agree: only the rule checks can tell."""
    from pnp.games.cliquer.board import Limits

    record, board, page, sections = _cliquer_board(forgery, rng)
    dots = list(board.dots)
    a, b, c = rng.sample(range(len(dots)), 3)
    others = set(dots) - {dots[c]}
    candidates = [p for p in targets(board, Limits.of(board), dots, c, a, b) if p not in others]
    if not candidates:
        return None
    new = rng.choice(candidates)
    moved = dots[:c] + [new] + dots[c + 1:]
    order = sorted(range(len(moved)), key=lambda k: moved[k])
    renumber = {old: rank for rank, old in enumerate(order)}
    (ox, oy), (nx, ny) = _dot_point(board, record, dots[c]), _dot_point(board, record, new)
    text = forgery.content(page)
    for m in reversed(sections):
        k = int(m.group("index"))
        body = shifted(m, nx - ox, ny - oy, renumber[k]) if k == c else \
            f"/PnpDot <</I {renumber[k]}>> BDC\n{m.group('body')}EMC\n"
        text = replace_span(text, m, body)
    forgery.set_content(page, text)
    _set_dots(record, moved)
    return f"dot {c} of {board.ident} moved from {dots[c]} to {new} (dots {a}, {b} the line)"


def _on_the_line(board, limits, dots, c, a, b):
    (ax, ay), (bx, by) = dots[a], dots[b]
    g = math.gcd(bx - ax, by - ay)
    sx, sy = (bx - ax) // g, (by - ay) // g
    line = ((ax + t * sx, ay + t * sy) for t in range(-2 * board.grid, 2 * board.grid + 1))
    return [p for p in line if limits.inside(p)]


def _near_the_line(board, limits, dots, c, a, b):
    """Lattice points off the line through a and b but closer to it than the clearance."""
    from pnp.games.cliquer.geometry import line_clear, orient

    near = []
    for p in _on_the_line(board, limits, dots, c, a, b):
        for dx in range(-3, 4):
            for dy in range(-3, 4):
                q = (p[0] + dx, p[1] + dy)
                if limits.inside(q) and orient(dots[a], dots[b], q) != 0 \
                        and not line_clear(dots[a], dots[b], q, limits.clearance):
                    near.append(q)
    return sorted(set(near))


def _too_close(board, limits, dots, c, a, b):
    """Lattice points nearer to dot a than the spacing allows."""
    from pnp.games.cliquer.geometry import far_enough

    ax, ay = dots[a]
    reach = int(limits.spacing) + 1
    return [(ax + dx, ay + dy) for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)
            if (dx, dy) != (0, 0) and limits.inside((ax + dx, ay + dy))
            and not far_enough(dots[a], (ax + dx, ay + dy), limits.spacing)]


def collinear_forged(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot moved onto the line through two others, data and drawing forged to agree."""
    return _forge_move(forgery, rng, _on_the_line)


def clearance_forged(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot moved just off the line through two others, nearer than the clearance."""
    return _forge_move(forgery, rng, _near_the_line)


def spacing_forged(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot moved nearer to another than the spacing a pencil needs."""
    return _forge_move(forgery, rng, _too_close)


def dot_moved_on_page(forgery: Forgery, rng: random.Random) -> str | None:
    """The drawing moved, the data left alone (0.05 to 5 pt: a misprint a ruler would miss)."""
    record, board, page, sections = _cliquer_board(forgery, rng)
    m = rng.choice(sections)
    distance = math.exp(rng.uniform(math.log(0.05), math.log(5)))
    angle = rng.uniform(0, 2 * math.pi)
    dx, dy = distance * math.cos(angle), distance * math.sin(angle)
    forgery.set_content(page, replace_span(forgery.content(page), m, shifted(m, dx, dy)))
    return f"dot {m.group('index')} of {board.ident} drawn {distance:.2f} pt away"


def dot_missing(forgery: Forgery, rng: random.Random) -> str | None:
    record, board, page, sections = _cliquer_board(forgery, rng)
    m = rng.choice(sections)
    forgery.set_content(page, replace_span(forgery.content(page), m, ""))
    return f"dot {m.group('index')} of {board.ident} not drawn"


def data_disagrees(forgery: Forgery, rng: random.Random) -> str | None:
    """The data says a dot sits a lattice step or three away from where it is printed; the
    data is consistent in itself (sorted, board code updated)."""
    record, board, _, _ = _cliquer_board(forgery, rng)
    dots = list(board.dots)
    c = rng.randrange(len(dots))
    step = (rng.choice([-3, -2, -1, 1, 2, 3]), rng.choice([-3, -2, -1, 0, 1, 2, 3]))
    if rng.random() < 0.5:
        step = step[::-1]
    new = (dots[c][0] + step[0], dots[c][1] + step[1])
    if new in dots or not all(0 <= v <= board.grid for v in new):
        return None
    _set_dots(record, dots[:c] + [new] + dots[c + 1:])
    return f"data moves dot {c} of {board.ident} by {step} lattice steps"


def extra_dot(forgery: Forgery, rng: random.Random) -> str | None:
    """One more dot drawn inside the square than the data lists."""
    from pnp.paper import Frame
    from pnp.games.cliquer.draw import layout

    record, board, page, sections = _cliquer_board(forgery, rng)
    c = rng.randrange(len(sections))
    m = sections[c]
    square = layout(board, Frame(*next(p for p in record["placements"]
                                       if p["piece"] == "board")["frame"])).square
    x, y = _dot_point(board, record, board.dots[c])
    to = (rng.uniform(square.x, square.right), rng.uniform(square.y, square.top))
    extra = shifted(m, to[0] - x, to[1] - y, index=len(sections))
    text = forgery.content(page)
    forgery.set_content(page, text[:m.end()] + extra + text[m.end():])
    return f"an extra dot drawn on {board.ident}'s board"


def dot_drawn_tiny(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot printed at a fifth of its size, centred where it belongs: too small for a pencil."""
    record, board, page, sections = _cliquer_board(forgery, rng)
    c = rng.randrange(len(sections))
    x, y = _dot_point(board, record, board.dots[c])
    m = sections[c]
    k = round(rng.uniform(0.1, 0.3), 3)     # the factor as written, so the centre stays put
    body = (f"/PnpDot <</I {c}>> BDC\nq {k:.3f} 0 0 {k:.3f} {x * (1 - k):.4f} {y * (1 - k):.4f} cm\n"
            f"{m.group('body')}Q\nEMC\n")
    forgery.set_content(page, replace_span(forgery.content(page), m, body))
    return f"dot {c} of {board.ident} drawn at {k:.0%} of its size"


def dot_drawn_white(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot printed in white on white: in its place, invisible."""
    record, board, page, sections = _cliquer_board(forgery, rng)
    c = rng.randrange(len(sections))
    m = sections[c]
    body = f"/PnpDot <</I {c}>> BDC\nq 1 g\n{m.group('body')}Q\nEMC\n"
    forgery.set_content(page, replace_span(forgery.content(page), m, body))
    return f"dot {c} of {board.ident} printed white"


# ------------------------------------------------------------------------------------------
# Thinking in Circles


def _circle(forgery: Forgery, rng: random.Random):
    record = rng.choice(forgery.boards("circles"))
    n = rng.randrange(len(record["data"]["circles"]))
    return record, n, record["data"]["circles"][n]


def shape_missing(forgery: Forgery, rng: random.Random) -> str | None:
    """A ring without one of the four shapes: its spaces printed as another shape."""
    from pnp.games.circles.board import SHAPES

    record, n, circle = _circle(forgery, rng)
    gone, instead = rng.sample(SHAPES, 2)
    circle["spaces"] = [instead if s == gone else s for s in circle["spaces"]]
    return f"circle {n + 1} has no {gone} (printed as {instead})"


def space_erased(forgery: Forgery, rng: random.Random) -> str | None:
    """A space of a ring not drawn on the board page."""
    record = rng.choice(forgery.boards("circles"))
    page = next(p["page"] for p in record["placements"] if p["piece"] == "circles-board")
    m = rng.choice(forgery.sections(page, "PnpSpace"))
    forgery.set_content(page, replace_span(forgery.content(page), m, ""))
    return f"space {m.group('index')} erased from the board"


def unfair_colour(forgery: Forgery, rng: random.Random) -> str | None:
    """A black space swapped with a shape or neutral space at another distance from the start:
    black is now nearer (or farther) than white, so one player's color is easier to reach."""
    from pnp.games.circles.board import distance

    record, n, circle = _circle(forgery, rng)
    spaces, start, size = circle["spaces"], circle["start"], len(circle["spaces"])
    blacks = [i for i, s in enumerate(spaces) if s == "black"]
    i = rng.choice(blacks)
    others = [j for j, s in enumerate(spaces) if s not in ("black", "white") and j != start
              and distance(size, start, j) != distance(size, start, i)]
    if not others:
        return None
    j = rng.choice(others)
    spaces[i], spaces[j] = spaces[j], spaces[i]
    return f"circle {n + 1}: black space {i} swapped with {spaces[i]} space {j}"


def spaces_swapped_in_data(forgery: Forgery, rng: random.Random) -> str | None:
    """Two spaces of different kinds, equally far from the start, swapped in the data only:
    every count and distance still fair, but the page shows something else than the data."""
    from pnp.games.circles.board import distance

    record, n, circle = _circle(forgery, rng)
    spaces, start, size = circle["spaces"], circle["start"], len(circle["spaces"])
    pairs = [(i, j) for i in range(size) for j in range(i + 1, size)
             if spaces[i] != spaces[j] and start not in (i, j)
             and distance(size, start, i) == distance(size, start, j)]
    if not pairs:
        return None
    i, j = rng.choice(pairs)
    spaces[i], spaces[j] = spaces[j], spaces[i]
    return f"circle {n + 1}: data swaps {spaces[j]} space {i} and {spaces[i]} space {j}"


# ------------------------------------------------------------------------------------------
# Cliques


def wrong_start(forgery: Forgery, rng: random.Random) -> str | None:
    """Sheets that say each player starts with the wrong number of tokens."""
    record = rng.choice(forgery.boards("cliques"))
    data = record["data"]
    wrong = data["start"] + rng.choice([-3, -2, -1, 1, 2, 3, 4])
    if wrong < 0:
        return None
    data["start"] = wrong
    return f"start count {wrong} instead of the rule's"


def tracker_short(forgery: Forgery, rng: random.Random) -> str | None:
    """A tracker whose range stops short of the tokens a player can hold."""
    from pnp.games.cliques.rules import reachable
    record = rng.choice(forgery.boards("cliques"))
    tracker = rng.choice(record["data"]["trackers"])
    colour = rng.choice(["approval", "disapproval"])
    low, high = reachable(len(record["data"]["players"]))   # tens-and-units print up to x9
    tracker[colour] = [low, high - rng.randint(1, max(1, high // 3))]
    return f"{tracker['player']}'s {colour} track stops at {tracker[colour][1]} (data)"


def tracker_cell_erased(forgery: Forgery, rng: random.Random) -> str | None:
    """A cell of a printed tracker missing (the data still claims the full range)."""
    record = rng.choice(forgery.boards("cliques"))
    placement = rng.choice([p for p in record["placements"] if p["piece"].startswith("tracker ")])
    page = placement["page"]
    tag = rng.choice(["CqA", "CqD"])
    inside = [m for m in forgery.sections(page, tag) if _in_frame(m, placement["frame"])]
    if not inside:
        tag += rng.choice("TU")               # tens-and-units trackers
        inside = [m for m in forgery.sections(page, tag) if _in_frame(m, placement["frame"])]
    m = rng.choice(inside)
    forgery.set_content(page, replace_span(forgery.content(page), m, ""))
    return f"cell {m.group('index')} of {placement['piece']}'s {tag} track erased"




# ------------------------------------------------------------------------------------------
# any PDF


def ink_near_edge(forgery: Forgery, rng: random.Random) -> str | None:
    """A small filled mark within 5 mm of the paper edge, where printers clip."""
    page = rng.randrange(forgery.pages())
    width, height = forgery.page_size(page)
    edge = 5 * 72 / 25.4
    size = rng.uniform(0.5, 6)
    side = rng.choice("LRTB")
    along_x, along_y = rng.uniform(0, width - size), rng.uniform(0, height - size)
    depth = rng.uniform(0, edge - 0.1)                 # how far in from the edge it starts
    x = {"L": depth, "R": width - depth - size}.get(side, along_x)
    y = {"B": depth, "T": height - depth - size}.get(side, along_y)
    x = min(max(x, 0), width - size)
    y = min(max(y, 0), height - size)
    forgery.set_content(page, forgery.content(page) + f"\nq 0 g {x:.3f} {y:.3f} {size:.3f} "
                                                      f"{size:.3f} re f Q\n")
    return f"a {size:.1f} pt mark {depth / 72 * 25.4:.1f} mm from the {side} edge of page {page + 1}"



# ------------------------------------------------------------------------------------------
# ink outside the marked content, and marked content that prints nothing (issue 13)


def _dot(forgery: Forgery, rng: random.Random):
    """A random dot: (record, board, page, its section, index, centre, printed radius)."""
    from pnp.games.cliquer.draw import dot_radius

    record, board, page, sections = _cliquer_board(forgery, rng)
    c = rng.randrange(len(sections))
    return record, board, page, sections[c], c, _dot_point(board, record, board.dots[c]), \
        dot_radius("board", board)


def _square(board, record):
    from pnp.paper import Frame
    from pnp.games.cliquer.draw import layout

    return layout(board, Frame(*next(p for p in record["placements"] if p["piece"] == "board")["frame"])).square


def _append(forgery: Forgery, page: int, ops: str) -> None:
    forgery.set_content(page, forgery.content(page) + "\n" + ops + "\n")


def unmarked_dot(forgery: Forgery, rng: random.Random) -> str | None:
    """One more dot drawn inside the square, outside any marked content: no tag to find."""
    record, board, page, _ = _cliquer_board(forgery, rng)
    sq = _square(board, record)
    x, y = rng.uniform(sq.x + 10, sq.right - 10), rng.uniform(sq.y + 10, sq.top - 10)
    _append(forgery, page, f"q 0 g {x - 5:.2f} {y - 5:.2f} 10 10 re f Q")
    return f"an unmarked dot at ({x:.0f}, {y:.0f}) on {board.ident}"


def predrawn_line(forgery: Forgery, rng: random.Random) -> str | None:
    """A line already drawn between two dots: the first move made for you (or blocked)."""
    record, board, page, _ = _cliquer_board(forgery, rng)
    a, b = rng.sample(range(len(board.dots)), 2)
    (ax, ay), (bx, by) = (_dot_point(board, record, board.dots[k]) for k in (a, b))
    _append(forgery, page, f"q 0 G 0.6 w {ax:.2f} {ay:.2f} m {bx:.2f} {by:.2f} l S Q")
    return f"a line drawn from dot {a} to dot {b} of {board.ident}"


def dot_in_other_tag(forgery: Forgery, rng: random.Random) -> str | None:
    """An extra dot inside another marked-content tag (a Span), which the game does not read."""
    record, board, page, section, c, (x, y), r = _dot(forgery, rng)
    sq = _square(board, record)
    nx, ny = rng.uniform(sq.x + 10, sq.right - 10), rng.uniform(sq.y + 10, sq.top - 10)
    body = shifted(section, nx - x, ny - y).replace("/PnpDot <</I", "/Span <</MCID", 1)
    _append(forgery, page, body)
    return f"a dot inside a Span tag on {board.ident}"


def ink_in_form(forgery: Forgery, rng: random.Random) -> str | None:
    """A line drawn by a form XObject the page calls: ink that is no path of the page."""
    record, board, page, _ = _cliquer_board(forgery, rng)
    a, b = rng.sample(range(len(board.dots)), 2)
    (ax, ay), (bx, by) = (_dot_point(board, record, board.dots[k]) for k in (a, b))
    forgery.form(page, f"0 G 0.6 w {ax:.2f} {ay:.2f} m {bx:.2f} {by:.2f} l S")
    _append(forgery, page, "q /PnpX Do Q")
    return f"a form XObject draws a line from dot {a} to dot {b} of {board.ident}"


def white_over_dot(forgery: Forgery, rng: random.Random) -> str | None:
    """A white square painted over a dot after it is drawn: the dot is there, and unseen."""
    record, board, page, section, c, (x, y), r = _dot(forgery, rng)
    _append(forgery, page, f"q 1 g {x - r - 1:.2f} {y - r - 1:.2f} {2 * r + 2:.2f} {2 * r + 2:.2f} re f Q")
    return f"dot {c} of {board.ident} painted over in white"


def _marked_bounds(path: Path, page: int, tag: str) -> list[tuple]:
    import pypdfium2 as pdfium

    from pnp.pdf.readback import objects_of

    pdf = pdfium.PdfDocument(str(path))
    try:
        return [(d.index, d.bounds) for d in objects_of(pdf[page]) if d.tag == tag]
    finally:
        pdf.close()


def white_over_space(forgery: Forgery, rng: random.Random) -> str | None:
    """A white shape painted over a Circles space: a ring with a hole in it."""
    record = rng.choice(forgery.boards("circles"))
    page = next(p["page"] for p in record["placements"] if p["piece"] == "circles-board")
    index, (l, b, r, t) = rng.choice(_marked_bounds(forgery.path, page, "PnpSpace"))
    _append(forgery, page, f"q 1 g {l - 1:.2f} {b - 1:.2f} {r - l + 2:.2f} {t - b + 2:.2f} re f Q")
    return f"space {index} painted over in white"


def _dot_body(forgery: Forgery, rng: random.Random, wrap):
    """Rewrite a dot's section so its mark stays where the data says but ``wrap`` decides
    what prints."""
    record, board, page, section, c, (x, y), r = _dot(forgery, rng)
    body = wrap(section.group("body"), x, y, r, page)
    forgery.set_content(page, replace_span(forgery.content(page), section,
                                           f"/PnpDot <</I {c}>> BDC\n{body}EMC\n"))
    return board, c


def dot_clipped(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot drawn inside a clip that lets nothing through: the path is there, the ink is not."""
    board, c = _dot_body(forgery, rng, lambda body, x, y, r, page:
                         f"q {x:.2f} {y:.2f} 0.01 0.01 re W n\n{body}Q\n")
    return f"dot {c} of {board.ident} clipped away"


def dot_soft_masked(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot under a luminosity soft mask that is black everywhere: fully transparent."""
    from pypdf.generic import DictionaryObject, NameObject as N

    def wrap(body, x, y, r, page):
        mask = forgery.form(page, "0 g -10000 -10000 20000 20000 re f", name="PnpMask",
                            Group=DictionaryObject({N("/S"): N("/Transparency"),
                                                    N("/CS"): N("/DeviceGray")}))
        forgery.resources(page, "/ExtGState")[N("/PnpGS")] = DictionaryObject({
            N("/SMask"): DictionaryObject({N("/S"): N("/Luminosity"), N("/G"): mask})})
        return f"q /PnpGS gs\n{body}Q\n"
    board, c = _dot_body(forgery, rng, wrap)
    return f"dot {c} of {board.ident} under a soft mask"


def dot_as_image(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot replaced by a white image of the dot's size: marked, placed right, prints nothing."""
    from pypdf.generic import NameObject as N, NumberObject

    def wrap(body, x, y, r, page):
        forgery.resources(page, "/XObject")[N("/PnpIm")] = forgery.stream(
            b"\xff", Type=N("/XObject"), Subtype=N("/Image"), Width=NumberObject(1),
            Height=NumberObject(1), ColorSpace=N("/DeviceGray"), BitsPerComponent=NumberObject(8))
        return f"q {2 * r:.3f} 0 0 {2 * r:.3f} {x - r:.3f} {y - r:.3f} cm /PnpIm Do Q\n"
    board, c = _dot_body(forgery, rng, wrap)
    return f"dot {c} of {board.ident} drawn as a white image"


def dot_invisible_text(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot replaced by text in render mode 3 (invisible), as OCR layers are made."""
    board, c = _dot_body(forgery, rng, lambda body, x, y, r, page:
                         f"BT /F1 {4 * r:.2f} Tf 3 Tr {x - r:.2f} {y - r:.2f} Td (o) Tj ET\n")
    return f"dot {c} of {board.ident} drawn as invisible text"


def dot_lightened(forgery: Forgery, rng: random.Random) -> str | None:
    """A dot printed in light grey: there, but easy to miss on a photocopy."""
    board, c = _dot_body(forgery, rng, lambda body, x, y, r, page:
                         "q 0.75 g 0.75 G\n" + body.replace(" 0 g", " 0.75 g") + "Q\n")
    return f"dot {c} of {board.ident} printed light grey"


def _optional_content(forgery: Forgery, rng: random.Random, print_only: bool) -> str | None:
    """A dot inside an optional content group that is off (always, or only when printing)."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject as N, TextStringObject

    record, board, page, section, c, _, _ = _dot(forgery, rng)
    ocg = DictionaryObject({N("/Type"): N("/OCG"), N("/Name"): TextStringObject("dots")})
    if print_only:
        ocg[N("/Usage")] = DictionaryObject({N("/Print"): DictionaryObject({N("/PrintState"): N("/OFF")})})
    ref = forgery.writer._add_object(ocg)
    config = DictionaryObject({N("/Order"): ArrayObject([ref])})
    if print_only:
        config[N("/AS")] = ArrayObject([DictionaryObject({
            N("/Event"): N("/Print"), N("/OCGs"): ArrayObject([ref]),
            N("/Category"): ArrayObject([N("/Print")])})])
    else:
        config[N("/OFF")] = ArrayObject([ref])
    forgery.catalog()[N("/OCProperties")] = DictionaryObject({N("/OCGs"): ArrayObject([ref]),
                                                              N("/D"): config})
    forgery.resources(page, "/Properties")[N("/PnpOC")] = ref
    text = forgery.content(page)
    forgery.set_content(page, text[:section.start()] + "/OC /PnpOC BDC\n" + section.group(0)
                        + "EMC\n" + text[section.end():])
    return f"dot {c} of {board.ident} in optional content off {'when printing' if print_only else 'always'}"


def dot_optional_off(forgery: Forgery, rng: random.Random) -> str | None:
    return _optional_content(forgery, rng, print_only=False)


def dot_optional_off_in_print(forgery: Forgery, rng: random.Random) -> str | None:
    return _optional_content(forgery, rng, print_only=True)


# annotations


def _annotation(forgery: Forgery, rng: random.Random, subtype: str, at_edge: bool = False) -> str | None:
    from pypdf.generic import (ArrayObject, DictionaryObject, FloatObject, NameObject as N,
                               NumberObject)

    page = rng.randrange(forgery.pages())
    width, height = forgery.page_size(page)
    if at_edge:
        x, y = rng.choice([(0, height / 2), (width - 20, height / 2), (width / 2, 0)]), None
        (x, y) = x
    else:
        x, y = rng.uniform(60, width - 80), rng.uniform(60, height - 80)
    rect = [x, y, x + 20, y + 20]
    annot = DictionaryObject({N("/Type"): N("/Annot"), N("/Subtype"): N(f"/{subtype}"),
                              N("/Rect"): ArrayObject([FloatObject(v) for v in rect]),
                              N("/F"): NumberObject(4), N("/C"): ArrayObject([FloatObject(0)] * 3)})
    appearance = forgery.stream(b"0 g 0 0 20 20 re f", Type=N("/XObject"), Subtype=N("/Form"),
                                BBox=ArrayObject([FloatObject(0), FloatObject(0), FloatObject(20),
                                                  FloatObject(20)]))
    annot[N("/AP")] = DictionaryObject({N("/N"): appearance})
    if subtype == "Ink":
        annot[N("/InkList")] = ArrayObject([ArrayObject([FloatObject(v) for v in rect])])
    if subtype == "Widget":
        annot[N("/FT")] = N("/Btn")
        annot[N("/T")] = TextStringObject_("field")
    forgery.writer.pages[page][N("/Annots")] = ArrayObject([forgery.writer._add_object(annot)])
    return f"a printing {subtype} annotation on page {page + 1} at ({x:.0f}, {y:.0f})"


def TextStringObject_(text):
    from pypdf.generic import TextStringObject

    return TextStringObject(text)


def square_annotation(forgery: Forgery, rng: random.Random) -> str | None:
    return _annotation(forgery, rng, "Square")


def ink_annotation(forgery: Forgery, rng: random.Random) -> str | None:
    return _annotation(forgery, rng, "Ink")


def widget_annotation(forgery: Forgery, rng: random.Random) -> str | None:
    return _annotation(forgery, rng, "Widget")


def annotation_at_edge(forgery: Forgery, rng: random.Random) -> str | None:
    """An annotation carries ink to the paper edge, past the 5 mm rule the page keeps."""
    return _annotation(forgery, rng, "Square", at_edge=True)


# page geometry


def _box(forgery: Forgery, page: int, key: str, box) -> None:
    from pypdf.generic import ArrayObject, FloatObject

    forgery.writer.pages[page][NameObject(key)] = ArrayObject([FloatObject(round(v, 3)) for v in box])


def mediabox_shifted(forgery: Forgery, rng: random.Random) -> str | None:
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    dx, dy = rng.choice([-1, 1]) * rng.uniform(3, 30), rng.choice([-1, 1]) * rng.uniform(3, 30)
    _box(forgery, page, "/MediaBox", [dx, dy, w + dx, h + dy])
    return f"page {page + 1}'s MediaBox shifted by ({dx:.0f}, {dy:.0f}) pt"


def cropbox_changed(forgery: Forgery, rng: random.Random) -> str | None:
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    grow = rng.uniform(5, 40) * rng.choice([-1, 1])
    _box(forgery, page, "/CropBox", [-grow, -grow, w + grow, h + grow])
    return f"page {page + 1}'s CropBox {'enlarged' if grow > 0 else 'shrunk'} by {abs(grow):.0f} pt"


def user_unit(forgery: Forgery, rng: random.Random) -> str | None:
    """/UserUnit 2: a printer that honours it prints the page twice as large."""
    from pypdf.generic import FloatObject

    page = rng.randrange(forgery.pages())
    forgery.writer.pages[page][NameObject("/UserUnit")] = FloatObject(rng.choice([2, 0.5, 1.5]))
    return f"page {page + 1} has a /UserUnit"


def page_rotated(forgery: Forgery, rng: random.Random) -> str | None:
    from pypdf.generic import NumberObject

    page = rng.randrange(forgery.pages())
    forgery.writer.pages[page][NameObject("/Rotate")] = NumberObject(rng.choice([90, 180, 270]))
    return f"page {page + 1} rotated"


def data_page_size(forgery: Forgery, rng: random.Random) -> str | None:
    """The data claims another page size than the page has (Letter data on A4 pages)."""
    page = forgery.payload["page"]
    page["width"], page["height"] = page["width"] + rng.choice([-17, 17, 30]), page["height"]
    return f"data page width {page['width']:.0f} pt"


# the data


def limits_zeroed(forgery: Forgery, rng: random.Random) -> str | None:
    """Clearance set to 0 and a dot forged onto a line, data and drawing agreeing."""
    what = _forge_move(forgery, rng, _on_the_line)
    if what is None:
        return None
    for record in forgery.boards("cliquer"):
        record["data"]["clearance_mm"] = 0
    return what + ", clearance 0"


def limits_below_spec(forgery: Forgery, rng: random.Random) -> str | None:
    record = rng.choice(forgery.boards("cliquer"))
    key = rng.choice(["spacing_mm", "margin_mm", "clearance_mm"])
    record["data"][key] = round(rng.uniform(0, 0.4), 2)
    return f"{key} {record['data'][key]} in the data"


def piece_renamed(forgery: Forgery, rng: random.Random) -> str | None:
    """A placement's piece renamed, so no game check recognises it and its drawing is skipped."""
    record = rng.choice(forgery.payload["boards"])
    placement = rng.choice(record["placements"])
    placement["piece"] = rng.choice(["poster", placement["piece"] + " ", "answer-key", ""])
    return f"a {record['kind']} piece renamed {placement['piece']!r}"


def second_data_attachment(forgery: Forgery, rng: random.Random) -> str | None:
    """Two pnp-data.json attachments: one for the validator, another for whoever reads second."""
    other = json.loads(json.dumps(forgery.payload))
    other["boards"] = other["boards"][:1]
    forgery.writer.add_attachment(rng.choice(["pnp-data.json", "notes.txt"]),
                                  json.dumps(other).encode())
    return "a second attachment"


def extra_page(forgery: Forgery, rng: random.Random) -> str | None:
    """A page of unmarked ink that no board record mentions."""
    w, h = forgery.page_size(0)
    page = forgery.writer.add_blank_page(w, h)
    stream = StreamObject()
    stream.set_data(f"q 0 g 100 100 {rng.uniform(10, 200):.0f} 50 re f Q".encode())
    page[NameObject("/Contents")] = forgery.writer._add_object(stream)
    return "an extra page of ink"


def duplicate_record(forgery: Forgery, rng: random.Random) -> str | None:
    record = rng.choice(forgery.payload["boards"])
    forgery.payload["boards"].append(json.loads(json.dumps(record)))
    return f"a {record['kind']} record listed twice"


def other_version(forgery: Forgery, rng: random.Random) -> str | None:
    forgery.payload["generator"] = rng.choice(["pnp 0.0.9", "pnp 9.9", "pnp 0.1.0 "])
    return f"made by {forgery.payload['generator']!r}"


# printed text that carries meaning: pages redrawn by a pnp that prints another value


def _transplant(forgery: Forgery, kinds: tuple[str, ...], payload=None, **patches) -> list[int]:
    """Replace every page holding a board of ``kinds`` with the page pnp draws from ``payload``
    (default: the file's own data) with ``patches`` applied to the drawing code."""
    import io
    from unittest import mock

    from pypdf import PdfReader

    from pnp.render import redraw

    with contextlib.ExitStack() as stack:
        for target, value in patches.items():
            stack.enter_context(mock.patch(target.replace(":", "."), value))
        pdf, _ = redraw(json.loads(json.dumps(payload or forgery.payload)))
    reader = PdfReader(io.BytesIO(pdf))
    pages = sorted({p["page"] for b in forgery.payload["boards"] if b["kind"] in kinds
                    for p in b["placements"]})
    for page in pages:
        forgery.replace_page(page, reader.pages[page])
    return pages


def code_misprinted(forgery: Forgery, rng: random.Random) -> str | None:
    """The board code printed is another board's: `pnp build CODE` would reprint other dots."""
    from pnp.games.cliquer.codes import encode

    def wrong(dots, grid):
        return encode(tuple(sorted((x, (y + 1) % (grid + 1)) for x, y in dots)), grid)
    # every module that prints a code: the page board (draw) and the small boards and
    # worksheets (sheet); patching one alone leaves the other's pages as they were
    _transplant(forgery, ("cliquer",), **{"pnp:games:cliquer:draw:encode": wrong,
                                          "pnp:games:cliquer:sheet:encode": wrong})
    return "board codes printed for other dots"


def line_count_misprinted(forgery: Forgery, rng: random.Random) -> str | None:
    """'ends after exactly N lines' printed with another N."""
    from pnp.games.cliquer import draw

    off = rng.choice([-2, -1, 1, 2])
    real = draw.moves_in_game
    _transplant(forgery, ("cliquer",), **{"pnp:games:cliquer:draw:moves_in_game":
                                          lambda board: real(board) + off})
    return f"line counts printed {off:+d}"


def start_misprinted(forgery: Forgery, rng: random.Random) -> str | None:
    """The Cliques sheets print another starting count than the data (which is right)."""
    payload = json.loads(json.dumps(forgery.payload))
    for record in payload["boards"]:
        if record["kind"] == "cliques":
            record["data"]["start"] += rng.choice([-2, -1, 1, 2])
            for tracker in record["data"]["trackers"]:
                tracker["start"] = record["data"]["start"]
    _transplant(forgery, ("cliques",), payload)
    return "sheets printed with another starting count"


def page_from_another_board(forgery: Forgery, rng: random.Random) -> str | None:
    """A page swapped for the same page of a pack built from another seed: same layout, other
    board, the data unchanged."""
    payload = json.loads(json.dumps(forgery.payload))
    payload["seed"] = forgery.payload["seed"]
    kinds = tuple({b["kind"] for b in payload["boards"]})
    from pnp.games import game

    for record in payload["boards"]:
        module = game(record["kind"])
        if record["kind"] == "cliquer":
            data = record["data"]
            dots = [tuple(d) for d in data["dots"]]
            dx = rng.choice([-1, 1])
            data["dots"] = sorted([[x + dx, y] for x, y in dots])
            from pnp.games.cliquer.codes import encode

            data["code"] = encode(tuple(map(tuple, data["dots"])), data["grid"])
        elif record["kind"] == "circles":
            for circle in record["data"]["circles"]:
                circle["spaces"] = circle["spaces"][::-1]
        else:
            record["data"]["players"] = [p + "x" for p in record["data"]["players"]]
        module.from_data(record["data"])
    _transplant(forgery, kinds, payload)
    return "pages from other boards"


# beyond the list


def print_settings(forgery: Forgery, rng: random.Random) -> str | None:
    """The print dialog told to print only the first page, or copies, or to shrink to fit."""
    from pypdf.generic import ArrayObject, DictionaryObject, NameObject as N, NumberObject

    prefs = DictionaryObject()
    choice = rng.choice(["range", "copies", "scaling"])
    if choice == "range":
        prefs[N("/PrintPageRange")] = ArrayObject([NumberObject(0), NumberObject(0)])
    elif choice == "copies":
        prefs[N("/NumCopies")] = NumberObject(rng.choice([2, 3, 5]))
    else:
        prefs[N("/PrintScaling")] = N("/AppDefault")
        current = forgery.catalog().get("/ViewerPreferences")
        if current is not None and current.get_object().get("/PrintScaling") == "/AppDefault":
            prefs[N("/PrintScaling")] = N("/None")
    forgery.catalog()[N("/ViewerPreferences")] = prefs
    return f"viewer preferences set ({choice})"


def javascript_on_open(forgery: Forgery, rng: random.Random) -> str | None:
    from pypdf.generic import DictionaryObject, NameObject as N, TextStringObject

    forgery.catalog()[N("/OpenAction")] = DictionaryObject({
        N("/S"): N("/JavaScript"), N("/JS"): TextStringObject("this.print({bUI: false});")})
    return "JavaScript run on opening"


def blackout(forgery: Forgery, rng: random.Random) -> str | None:
    """A black band across a page, in a second content stream."""
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    y = rng.uniform(60, h - 120)
    _append(forgery, page, f"q 0 g 40 {y:.1f} {w - 80:.1f} 30 re f Q")
    return f"a black band on page {page + 1}"


def page_emptied(forgery: Forgery, rng: random.Random) -> str | None:
    page = rng.randrange(forgery.pages())
    forgery.set_content(page, "% nothing\n")
    return f"page {page + 1} emptied"


def marked_dot_outside_boards(forgery: Forgery, rng: random.Random) -> str | None:
    """A marked dot placed outside every piece's frame."""
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    y = (forgery.payload["page"]["margin_mm"] + 2) * 72 / 25.4       # in the footer band
    _append(forgery, page, f"/PnpDot <</I 0>> BDC\nq 0 g {w / 2:.1f} {y:.1f} 2 2 re f Q\nEMC")
    return f"a marked dot in the footer band of page {page + 1}"

@dataclass(frozen=True)
class Mutation:
    name: str
    source: str                                  # which good PDF it is planted in
    expect: str                                  # the problem code that names the defect
    plant: Callable[[Forgery, random.Random], str | None]
    gap: str = ""                                # a defect the validator cannot see yet: why

    @property
    def expects(self) -> set[str]:
        """The codes that name the defect ("ink-extra|ink-missing": either)."""
        return set(self.expect.split("|"))


MUTATIONS = [
    Mutation("CliqueR: dot moved onto a line, data and drawing forged", "cliquer", "collinear",
             collinear_forged),
    Mutation("CliqueR: dot moved too near a line, forged", "cliquer", "clearance",
             clearance_forged),
    Mutation("CliqueR: dot moved too near a dot, forged", "cliquer", "spacing", spacing_forged),
    Mutation("CliqueR: dot moved on the page only", "cliquer", "drawn-dot-moved", dot_moved_on_page),
    Mutation("CliqueR: a drawn dot missing", "cliquer", "drawn-dot-missing", dot_missing),
    Mutation("CliqueR: data disagrees with the drawing", "cliquer", "drawn-dot-moved",
             data_disagrees),
    Mutation("CliqueR: an extra dot drawn", "cliquer", "drawn-dot-extra", extra_dot),
    Mutation("Circles: a ring missing a shape", "circles", "shape-missing", shape_missing),
    Mutation("Circles: a space not drawn", "circles", "drawn-space-missing", space_erased),
    Mutation("Circles: unfair colour placement", "circles", "color-unfair", unfair_colour),
    Mutation("Cliques: wrong starting count", "cliques", "start-count", wrong_start),
    Mutation("Cliques: tracker range too short", "cliques", "tracker-range", tracker_short),
    Mutation("Cliques: a tracker cell not printed", "cliques", "drawn-tracker-range",
             tracker_cell_erased),
    Mutation("CliqueR: a dot drawn tiny", "cliquer", "drawn-dot-size", dot_drawn_tiny),
    Mutation("CliqueR: a dot printed white", "cliquer", "drawn-dot-ink", dot_drawn_white),
    Mutation("Circles: data swaps two spaces' kinds", "circles", "drawn-space-kind",
             spaces_swapped_in_data),
    Mutation("Any: ink near the paper edge (CliqueR)", "cliquer", "outside-safe-area", ink_near_edge),
    Mutation("Any: ink near the paper edge (Circles)", "circles", "outside-safe-area", ink_near_edge),
    Mutation("Any: ink near the paper edge (Cliques)", "cliques", "outside-safe-area", ink_near_edge),
    # issue 13: ink outside the marked content
    Mutation("Ink: an unmarked extra dot", "cliquer", "ink-extra", unmarked_dot),
    Mutation("Ink: a pre-drawn line", "cliquer", "ink-extra", predrawn_line),
    Mutation("Ink: a dot inside another tag", "cliquer", "ink-extra", dot_in_other_tag),
    Mutation("Ink: a line in a form XObject", "cliquer", "foreign-construct", ink_in_form),
    Mutation("Ink: a white square over a dot", "cliquer", "ink-missing", white_over_dot),
    Mutation("Ink: a white shape over a Circles space", "circles", "ink-missing", white_over_space),
    # marked dots that print nothing
    Mutation("Hidden: a dot clipped away", "cliquer", "ink-missing", dot_clipped),
    Mutation("Hidden: a dot under a soft mask", "cliquer", "foreign-construct", dot_soft_masked),
    Mutation("Hidden: a dot drawn as a white image", "cliquer", "foreign-construct", dot_as_image),
    Mutation("Hidden: a dot as invisible text", "cliquer", "foreign-construct", dot_invisible_text),
    Mutation("Hidden: a dot in light grey", "cliquer", "ink-missing", dot_lightened),
    Mutation("Hidden: a dot in optional content that is off", "cliquer", "foreign-construct",
             dot_optional_off),
    Mutation("Hidden: a dot in optional content off when printing", "cliquer", "foreign-construct",
             dot_optional_off_in_print),
    # annotations
    Mutation("Annotation: Square", "cliquer", "annotation", square_annotation),
    Mutation("Annotation: Ink", "circles", "annotation", ink_annotation),
    Mutation("Annotation: Widget", "cliques", "annotation", widget_annotation),
    Mutation("Annotation: ink at the paper edge", "cliquer", "annotation", annotation_at_edge),
    # page geometry
    Mutation("Geometry: MediaBox shifted", "cliquer", "page-geometry", mediabox_shifted),
    Mutation("Geometry: CropBox changed", "circles", "page-geometry", cropbox_changed),
    Mutation("Geometry: /UserUnit", "cliques", "foreign-construct", user_unit),
    Mutation("Geometry: page rotated", "cliquer", "page-geometry", page_rotated),
    Mutation("Geometry: data's page size not the page's", "circles", "data-page", data_page_size),
    # the data
    Mutation("Data: clearance 0 and a dot forged onto a line", "cliquer", "limits", limits_zeroed),
    Mutation("Data: a limit below the spec's minimum", "cliquer", "limits", limits_below_spec),
    Mutation("Data: a piece renamed", "circles", "placement", piece_renamed),
    Mutation("Data: a second attachment", "cliques", "data-attachments", second_data_attachment),
    Mutation("Data: an extra page of unmarked ink", "cliquer", "page-count", extra_page),
    Mutation("Data: a board record listed twice", "cliques", "duplicate-board", duplicate_record),
    # printed text that carries meaning
    Mutation("Text: board code misprinted", "cliquer", "ink-extra|ink-missing", code_misprinted),
    Mutation("Text: 'ends after exactly N lines' misprinted", "cliquer", "ink-extra|ink-missing",
             line_count_misprinted),
    Mutation("Text: Cliques start count misprinted", "cliques", "ink-extra|ink-missing",
             start_misprinted),
    # beyond the list
    Mutation("Beyond: pages from other boards, data unchanged", "cliquer", "ink-extra|ink-missing",
             page_from_another_board),
    Mutation("Beyond: print dialog settings", "circles", "print-settings", print_settings),
    Mutation("Beyond: JavaScript on opening", "cliques", "foreign-construct", javascript_on_open),
    Mutation("Beyond: a black band in a second stream", "cliques", "ink-extra", blackout),
    Mutation("Beyond: a page emptied", "circles", "ink-missing", page_emptied),
    Mutation("Beyond: made by another pnp version", "cliquer", "other-version", other_version),
]
# Defects the validator does not look for yet (codes proposed); the bench reports them apart.
GAPS: list[Mutation] = []     # none known today; bench/mutation_report.py lists any added here


# ------------------------------------------------------------------------------------------
# every problem code has a planted defect that triggers it


def _data(kind: str, edit: Callable[[dict, random.Random], str | None]):
    """A planting that edits the data of a random board of ``kind``."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        record = rng.choice(forgery.boards(kind))
        return edit(record["data"], rng)
    plant.__doc__ = edit.__doc__
    return plant


def _unplaced(kind: str, piece: str):
    """A piece missing from the placements of a file from another pnp version, where the
    validator cannot redraw the pages but still reads back what is drawn."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        forgery.payload["generator"] = "pnp 0.0.9"
        record = rng.choice(forgery.boards(kind))
        record["placements"] = [p for p in record["placements"] if not p["piece"].startswith(piece)] \
            if piece else []
        return f"{piece or 'every piece'} of a {kind} board not placed (another pnp version)"
    return plant


def _renumber(tag: str, kind: str):
    """Every ``tag`` section of one page of a ``kind`` board marked with the next number."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        record = rng.choice(forgery.boards(kind))
        pages = [page for page in sorted({p["page"] for p in record["placements"]})
                 if forgery.sections(page, tag)]
        if not pages:
            return None
        page = rng.choice(pages)
        text = forgery.content(page)
        for m in reversed(forgery.sections(page, tag)):
            index, k = int(m.group("index")) + 1, m.group("kind") or ""
            text = replace_span(text, m, f"/{tag} <</I {index}{k}>> BDC\n{m.group('body')}EMC\n")
        forgery.set_content(page, text)
        return f"every {tag} section of page {page + 1} marked one higher"
    return plant


def _erase(tag: str, kind: str):
    """A marked section of ``tag`` erased from a page of a ``kind`` board."""
    def plant(forgery: Forgery, rng: random.Random) -> str | None:
        record = rng.choice(forgery.boards(kind))
        pages = sorted({p["page"] for p in record["placements"]})
        found = [(page, m) for page in pages for m in forgery.sections(page, tag)]
        if not found:
            return None
        page, m = rng.choice(found)
        forgery.set_content(page, replace_span(forgery.content(page), m, ""))
        return f"a {tag} section erased from page {page + 1}"
    return plant


def _set(key, value):
    def edit(data, rng):
        data[key] = value(data) if callable(value) else value
        return f"data {key} = {data[key]!r}"
    return edit


def _spaces(edit_circle):
    def edit(data, rng):
        n = rng.randrange(len(data["circles"]))
        return edit_circle(data["circles"][n], data, rng) and f"circle {n + 1}: edited"
    return edit


def _recode(data) -> None:
    from pnp.games.cliquer.codes import encode

    data["dots"] = sorted(data["dots"])
    data["code"] = encode(tuple(map(tuple, data["dots"])), data["grid"])


def _dot_outside(data, rng):
    data["dots"][0] = [0, rng.randrange(data["grid"] + 1)]
    _recode(data)
    return "a dot on the square's edge"


def _one_kind_to(source: str, target: str, count: int | None = 1):
    def edit(circle, data, rng):
        where = [i for i, s in enumerate(circle["spaces"]) if s == source and i != circle["start"]]
        for i in where[:count]:
            circle["spaces"][i] = target
        return bool(where)
    return edit


def _start_on(kind: str):
    def edit(circle, data, rng):
        circle["start"] = circle["spaces"].index(kind)
        return True
    return edit


def _start_win(data, rng):
    for circle in data["circles"][:3]:
        circle["start"] = circle["spaces"].index("black")
    return "three adjacent circles start on black"


def _edit(edit):
    def wrapped(data, rng):
        edit(data)
        return "data edited"
    return wrapped


def circle_brought_near(forgery: Forgery, rng: random.Random) -> str | None:
    """A circle's spaces drawn next to a circle it is not adjacent to (the bars mislead)."""
    record = rng.choice(forgery.boards("circles"))
    page = next(p["page"] for p in record["placements"] if p["piece"] == "circles-board")
    sizes = [len(c["spaces"]) for c in record["data"]["circles"]]
    starts = [sum(sizes[:k]) for k in range(len(sizes))]
    boxes = dict(_marked_bounds(forgery.path, page, "PnpSpace"))

    def centre(k):
        pts = [boxes[i] for i in range(starts[k], starts[k] + sizes[k])]
        return (sum((b[0] + b[2]) / 2 for b in pts) / len(pts), sum((b[1] + b[3]) / 2 for b in pts) / len(pts))
    first, last = centre(0), centre(len(sizes) - 1)
    step = math.dist(centre(0), centre(1))
    frame = next(p["frame"] for p in record["placements"] if p["piece"] == "circles-board")
    reach = max(max(b[2] for b in boxes.values()) - min(b[0] for b in boxes.values()), 1) / len(sizes)
    # beside circle 1, above or below it, wherever the whole circle stays inside the board's frame
    signs = [s for s in (-1, 1) if frame[1] + reach < first[1] + s * step < frame[1] + frame[3] - reach]
    if not signs:
        return None
    dx, dy = first[0] - last[0], first[1] - last[1] + step * rng.choice(signs)
    k = len(sizes) - 1
    text = forgery.content(page)
    for m in reversed(forgery.sections(page, "PnpSpace")):
        if starts[k] <= int(m.group("index")) < starts[k] + sizes[k]:
            text = replace_span(text, m, shifted(m, dx, dy))
    forgery.set_content(page, text)
    return f"circle {k + 1} drawn next to circle 1"


CODE_DEFECTS = [
    # CliqueR
    Mutation("too few dots", "cliquer", "too-few-dots",
             _data("cliquer", _set("dots", lambda d: d["dots"][:2]))),
    Mutation("a dot outside the margin", "cliquer", "outside", _data("cliquer", _dot_outside)),
    Mutation("difficulty misrecorded", "cliquer", "difficulty",
             _data("cliquer", _set("difficulty", lambda d: round(1 - d["difficulty"], 3)))),
    # Thinking in Circles
    Mutation("two circles", "circles", "circle-count",
             _data("circles", _set("circles", lambda d: d["circles"][:2]))),
    Mutation("a ring of 12", "circles", "ring-size", _data("circles", _spaces(
        lambda c, d, r: c.update(spaces=c["spaces"][:12], start=0) is None))),
    Mutation("a hexagon space", "circles", "space-unknown",
             _data("circles", _spaces(_one_kind_to("circle", "hexagon")))),
    Mutation("shapes uneven", "circles", "shape-uneven",
             _data("circles", _spaces(_one_kind_to("triangle", "square")))),
    Mutation("start off the ring", "circles", "start-missing",
             _data("circles", _spaces(lambda c, d, r: c.update(start=99) is None))),
    Mutation("start on black", "circles", "start-not-neutral", _data("circles", _spaces(_start_on("black")))),
    Mutation("no colours", "circles", "color-missing", _data("circles", _spaces(
        lambda c, d, r: _one_kind_to("black", "neutral", None)(c, d, r)
        and _one_kind_to("white", "neutral", None)(c, d, r)))),
    Mutation("Lockdown with one neutral space", "circles", "lockdown-neutral",
             _data("circles", _spaces(_one_kind_to("neutral", "black", None)))),
    Mutation("the start already wins", "circles", "start-win", _data("circles", _start_win)),
    Mutation("one player", "circles", "players", _data("circles", _set("players", 1))),
    Mutation("five players", "circles", "players", _data("circles", _set("players", 5))),
    Mutation("a marker short", "circles", "markers-count",
             _data("circles", _edit(lambda d: d["tokens"].update(markers=d["tokens"]["markers"] - 1)))),
    Mutation("a bead short", "circles", "beads-count",
             _data("circles", _edit(lambda d: d["tokens"].update(beads=d["tokens"]["beads"] - 1)))),
    Mutation("too few blockers", "circles", "blockers-too-few",
             _data("circles", _edit(lambda d: (d["tokens"].update(blockers=1),
                                               d["variants"].update(lockdown=True))))),
    Mutation("blockers without Lockdown", "circles", "blockers-unneeded",
             _data("circles", _edit(lambda d: (d["variants"].update(lockdown=False),
                                               d["tokens"].update(blockers=max(3, d["tokens"]["blockers"])))))),
    Mutation("Spin Cycle of 5", "circles", "spin-cycle-goals",
             _data("circles", _edit(lambda d: d["variants"].update(spin_cycle=5)))),
    Mutation("board page not placed", "circles", "drawn-board-missing", _unplaced("circles", "circles-board")),
    Mutation("a space the data lacks", "circles", "drawn-space-unknown", _data("circles", lambda d, r: (
        d["circles"][-1].update(spaces=d["circles"][-1]["spaces"][:-1]), "last space dropped")[1])),
    Mutation("start moved in the data", "circles", "drawn-space-moved", _data("circles", _spaces(
        lambda c, d, r: c.update(start=(c["start"] + len(c["spaces"]) // 4) % len(c["spaces"])) is None))),
    Mutation("a circle drawn beside a non-adjacent one", "circles", "drawn-adjacency", circle_brought_near),
    # Cliques
    Mutation("two players", "cliques", "player-count",
             _data("cliques", _edit(lambda d: d.update(players=d["players"][:2])))),
    Mutation("an empty name", "cliques", "player-name",
             _data("cliques", _edit(lambda d: d["players"].__setitem__(0, "")))),
    Mutation("first player absent", "cliques", "first-player", _data("cliques", _set("first", "Zed"))),
    Mutation("negative remark cards", "cliques", "remark-cards", _data("cliques", _set("remark_cards", -1))),
    Mutation("a circle for a stranger", "cliques", "circle-unknown",
             _data("cliques", _edit(lambda d: d["circles"][0].update(founder="Zed")))),
    Mutation("a circle with two members", "cliques", "circle-members",
             _data("cliques", _edit(lambda d: d["circles"][0]["members"].append(d["players"][1])))),
    Mutation("a tracker for a stranger", "cliques", "tracker-unknown",
             _data("cliques", _edit(lambda d: d["trackers"][0].update(player="Zed")))),
    Mutation("a tracker style unknown", "cliques", "tracker-style",
             _data("cliques", _edit(lambda d: d["trackers"][0].update(style="dial")))),
    Mutation("a tracker starting elsewhere", "cliques", "tracker-start",
             _data("cliques", _edit(lambda d: d["trackers"][0].update(start=d["start"] + 1)))),
    Mutation("a circle missing", "cliques", "circle-missing",
             _data("cliques", _edit(lambda d: d["circles"].pop(0)))),
    Mutation("a circle twice", "cliques", "circle-duplicate",
             _data("cliques", _edit(lambda d: d["circles"].append(dict(d["circles"][0]))))),
    Mutation("a tracker missing", "cliques", "tracker-missing",
             _data("cliques", _edit(lambda d: d["trackers"].pop(0)))),
    Mutation("a tracker twice", "cliques", "tracker-duplicate",
             _data("cliques", _edit(lambda d: d["trackers"].append(dict(d["trackers"][0]))))),
    Mutation("a tracker not placed", "cliques", "drawn-tracker-missing", _unplaced("cliques", "tracker ")),
    Mutation("a tracker's start label erased", "cliques", "drawn-tracker-start", _erase("CqSA", "cliques")),
    Mutation("score sheet not placed", "cliques", "drawn-score-sheet-missing",
             _unplaced("cliques", "score sheet")),
    Mutation("a circle heading erased", "cliques", "drawn-circles", _erase("CqC", "cliques")),
    Mutation("a founder box erased", "cliques", "drawn-founders", _erase("CqF", "cliques")),
    Mutation("rules card not placed", "cliques", "drawn-rules-card-missing",
             _unplaced("cliques", "rules card")),
    Mutation("a printed start count marked as another", "cliques", "drawn-start-count",
             _renumber("CqN", "cliques")),
    Mutation("a vote card face erased", "cliques", "drawn-vote-cards", _erase("CqV", "cliques")),
    # the validator's own
    Mutation("an unknown key in a record", "circles", "bad-data",
             lambda f, rng: f.payload["boards"][0].update(note="hi") or "a record with a note"),
    Mutation("a record's data unreadable", "cliquer", "ink-unproven",
             _data("cliquer", _set("grid", "ninety"))),
    Mutation("a board on no page", "cliques", "not-printed", _unplaced("cliques", "")),
    Mutation("a marked dot outside every piece", "cliquer", "drawn-unknown", marked_dot_outside_boards),
]
# codes no planted file can reach: each with the test that reaches it otherwise
UNPLANTABLE = {
    "check-failed": "only a bug in a game's check reaches it; "
                    "test_validator_attack.test_a_game_check_that_crashes_fails_its_board... plants one",
}


def build_good(folder: Path, specs: dict[str, str] = GOOD_SPECS) -> dict[str, Path]:
    from pnp.build import build
    from pnp.spec import loads

    good = {}
    for source, text in specs.items():
        [(path, _, _)] = build(loads(text, f"{source}.yaml"), folder)
        good[source] = path
    return good


def plant(mutation: Mutation, good: Path, out: Path, rng: random.Random, tries: int = 50):
    """Plant one defect of the class; returns (what was planted, the planted PDF), which
    differs from a copy made the same way with nothing planted (so a planting that changed
    nothing cannot pass for a defect the validator missed or caught)."""
    for _ in range(tries):
        forgery = Forgery(good)
        what = mutation.plant(forgery, rng)
        if what is not None:
            planted = forgery.save(out)
            assert planted.read_bytes() != _unplanted(good), f"{mutation.name}: {what} changed nothing"
            return what, planted
    raise AssertionError(f"{mutation.name}: found nothing to plant in {tries} tries")


_UNPLANTED: dict[Path, bytes] = {}


def _unplanted(good: Path) -> bytes:
    """The bytes of a copy of ``good`` saved through the forging machinery, nothing planted."""
    if good not in _UNPLANTED:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            _UNPLANTED[good] = Forgery(good).save(Path(folder) / "copy.pdf").read_bytes()
    return _UNPLANTED[good]


def verdict(path: Path) -> tuple[bool, set[str], list[str]]:
    """(every board ok, the problem codes, the report lines) as `pnp validate` gives them."""
    from pnp.validate import validate_file

    reports = validate_file(path)
    return (all(r.ok for r in reports), {p.code for r in reports for p in r.problems},
            [r.line(path.name) for r in reports if not r.ok])


# ------------------------------------------------------------------------------------------
# the tests


@pytest.fixture(scope="module")
def good(tmp_path_factory) -> dict[str, Path]:
    pdfs = build_good(tmp_path_factory.mktemp("good"))
    for path in pdfs.values():
        ok, found, lines = verdict(path)
        assert ok, lines
    return pdfs


@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("mutation", MUTATIONS, ids=[m.name for m in MUTATIONS])
def test_every_planted_defect_fails_and_is_named(good, tmp_path, mutation, seed):
    what, bad = plant(mutation, good[mutation.source], tmp_path / "bad.pdf", random.Random(seed))
    ok, found, lines = verdict(bad)
    assert not ok, f"{mutation.name} passed validation: {what}"
    assert mutation.expects & found, f"{what}: got {sorted(found)}"


@pytest.mark.parametrize("mutation", MUTATIONS[:3], ids=[m.expect for m in MUTATIONS[:3]])
def test_forged_boards_fool_every_check_but_the_rule_they_break(good, tmp_path, mutation):
    # the forgery is consistent: the page shows exactly the forged data, so nothing drawn
    # disagrees; only the exact rule check can catch it
    what, bad = plant(mutation, good["cliquer"], tmp_path / "bad.pdf", random.Random(7))
    ok, found, _ = verdict(bad)
    assert not ok and mutation.expects & found
    assert not {c for c in found if c.startswith("drawn-")}, found


def test_an_unplanted_copy_passes(good, tmp_path):
    # the forging machinery alone (rewriting data and pages) leaves a valid PDF valid
    forgery = Forgery(good["cliques"])
    forgery.set_content(0, forgery.content(0) + "\n")
    ok, found, lines = verdict(forgery.save(tmp_path / "copy.pdf"))
    assert ok, lines



def registries() -> dict[str, object]:
    """Every problem registry: each game's and the validator's own."""
    import pnp.validate
    from pnp.games import KINDS, game

    return {**{kind: game(kind).PROBLEMS for kind in KINDS}, "validator": pnp.validate.PROBLEMS}


def test_every_declared_problem_code_has_a_planted_defect():
    planted = set().union(*(m.expects for m in MUTATIONS + CODE_DEFECTS))
    declared = {code for registry in registries().values() for code in registry}
    assert not declared - planted - set(UNPLANTABLE), sorted(declared - planted - set(UNPLANTABLE))
    assert not planted - declared, sorted(planted - declared)


@pytest.mark.parametrize("mutation", CODE_DEFECTS, ids=[m.expect + ": " + m.name for m in CODE_DEFECTS])
def test_every_problem_code_is_triggered(good, tmp_path, mutation):
    what, bad = plant(mutation, good[mutation.source], tmp_path / "bad.pdf", random.Random(3))
    ok, found, lines = verdict(bad)
    assert not ok and mutation.expects & found, f"{what}: got {sorted(found)}"
    from pnp.pdf.layout_check import PROBLEMS as LAYOUT      # the page layout read-back's own

    declared = {code for registry in [*registries().values(), LAYOUT] for code in registry}
    assert found <= declared, f"undeclared codes reported: {sorted(found - declared)}"
