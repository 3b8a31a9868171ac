"""Mutation testing of the validator: plant a known defect in a good PDF, the validator must name it.

Each class of defect is a function that edits a copy of a good PDF the way a buggy generator,
a careless hand or a forger would: the attached data, the drawing on the page, or both made
to agree with each other. The validator must fail every planted copy with the problem code
that names the defect. ``bench/mutation_report.py`` runs many random plantings per class and
prints the catch rate; these tests plant a few of each.
"""

from __future__ import annotations

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

# Good PDFs to plant defects in: small, so that each planting validates quickly.
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


class Forgery:
    """A copy of a pnp PDF whose attached data and page drawings can be rewritten."""

    def __init__(self, path: Path):
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


@dataclass(frozen=True)
class Mutation:
    name: str
    source: str                                  # which good PDF it is planted in
    expect: str                                  # the problem code that names the defect
    plant: Callable[[Forgery, random.Random], str | None]
    gap: str = ""                                # a defect the validator cannot see yet: why


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
]
# Defects the validator does not look for yet (codes proposed); the bench reports them apart.
GAPS: list[Mutation] = []     # none known today; bench/mutation_report.py lists any added here


def build_good(folder: Path, specs: dict[str, str] = GOOD_SPECS) -> dict[str, Path]:
    from pnp.build import build
    from pnp.spec import loads

    good = {}
    for source, text in specs.items():
        [(path, _, _)] = build(loads(text, f"{source}.yaml"), folder)
        good[source] = path
    return good


def plant(mutation: Mutation, good: Path, out: Path, rng: random.Random, tries: int = 50):
    """Plant one defect of the class; returns (what was planted, the planted PDF)."""
    for _ in range(tries):
        forgery = Forgery(good)
        what = mutation.plant(forgery, rng)
        if what is not None:
            return what, forgery.save(out)
    raise AssertionError(f"{mutation.name}: found nothing to plant in {tries} tries")


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
    assert mutation.expect in found, f"{what}: got {sorted(found)}"


@pytest.mark.parametrize("mutation", MUTATIONS[:3], ids=[m.expect for m in MUTATIONS[:3]])
def test_forged_boards_fool_every_check_but_the_rule_they_break(good, tmp_path, mutation):
    # the forgery is consistent: the page shows exactly the forged data, so nothing drawn
    # disagrees; only the exact rule check can catch it
    what, bad = plant(mutation, good["cliquer"], tmp_path / "bad.pdf", random.Random(7))
    ok, found, _ = verdict(bad)
    assert not ok and mutation.expect in found
    assert not {c for c in found if c.startswith("drawn-")}, found


def test_an_unplanted_copy_passes(good, tmp_path):
    # the forging machinery alone (rewriting data and pages) leaves a valid PDF valid
    forgery = Forgery(good["cliques"])
    forgery.set_content(0, forgery.content(0) + "\n")
    ok, found, lines = verdict(forgery.save(tmp_path / "copy.pdf"))
    assert ok, lines

