"""What Thinking in Circles owes the validator's tests (``pnp.games.base.TEST_OBLIGATIONS``): a good
spec to plant defects in, a planted defect for every problem code of the game (``CODE_DEFECTS``)
and the defects a forger would try on its pages (``MUTATIONS``), and the codes no file can reach.
``support.obligations`` finds this file through the registry; ``tests/verify/test_mutations.py``
plants every defect and asks the validator to name it.
"""

from __future__ import annotations

import math
import random

from support.forgery import (Forgery, Mutation, append, data_edit, edit_data, marked_bounds,
                             replace_span, set_value, shifted, unplaced)

GOOD_SPEC = """\
title: Mutations Circles
seed: mutate
output: circles.pdf
items:
  - kind: circles
    circles: 4
    variants: {lockdown: true}
"""


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


def white_over_space(forgery: Forgery, rng: random.Random) -> str | None:
    """A white shape painted over a Circles space: a ring with a hole in it."""
    record = rng.choice(forgery.boards("circles"))
    page = next(p["page"] for p in record["placements"] if p["piece"] == "circles-board")
    index, (l, b, r, t) = rng.choice(marked_bounds(forgery.path, page, "PnpSpace"))
    append(forgery, page, f"q 1 g {l - 1:.2f} {b - 1:.2f} {r - l + 2:.2f} {t - b + 2:.2f} re f Q")
    return f"space {index} painted over in white"


def circle_brought_near(forgery: Forgery, rng: random.Random) -> str | None:
    """A circle's spaces drawn next to a circle it is not adjacent to (the bars mislead)."""
    record = rng.choice(forgery.boards("circles"))
    page = next(p["page"] for p in record["placements"] if p["piece"] == "circles-board")
    sizes = [len(c["spaces"]) for c in record["data"]["circles"]]
    starts = [sum(sizes[:k]) for k in range(len(sizes))]
    boxes = dict(marked_bounds(forgery.path, page, "PnpSpace"))

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


def _spaces(edit_circle):
    def edit(data, rng):
        n = rng.randrange(len(data["circles"]))
        return edit_circle(data["circles"][n], data, rng) and f"circle {n + 1}: edited"
    return edit


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


MUTATIONS = [
    Mutation("Circles: a ring missing a shape", "circles", "shape-missing", shape_missing),
    Mutation("Circles: a space not drawn", "circles", "drawn-space-missing", space_erased),
    Mutation("Circles: unfair colour placement", "circles", "color-unfair", unfair_colour),
    Mutation("Circles: data swaps two spaces' kinds", "circles", "drawn-space-kind",
                 spaces_swapped_in_data),
    Mutation("Ink: a white shape over a Circles space", "circles", "content-differs", white_over_space),
]

CODE_DEFECTS = [
    Mutation("two circles", "circles", "circle-count",
                 data_edit("circles", set_value("circles", lambda d: d["circles"][:2]))),
    Mutation("a ring of 12", "circles", "ring-size", data_edit("circles", _spaces(
            lambda c, d, r: c.update(spaces=c["spaces"][:12], start=0) is None))),
    Mutation("a hexagon space", "circles", "space-unknown",
                 data_edit("circles", _spaces(_one_kind_to("circle", "hexagon")))),
    Mutation("shapes uneven", "circles", "shape-uneven",
                 data_edit("circles", _spaces(_one_kind_to("triangle", "square")))),
    Mutation("start off the ring", "circles", "start-missing",
                 data_edit("circles", _spaces(lambda c, d, r: c.update(start=99) is None))),
    Mutation("start on black", "circles", "start-not-neutral", data_edit("circles", _spaces(_start_on("black")))),
    Mutation("no colours", "circles", "color-missing", data_edit("circles", _spaces(
            lambda c, d, r: _one_kind_to("black", "neutral", None)(c, d, r)
            and _one_kind_to("white", "neutral", None)(c, d, r)))),
    Mutation("Lockdown with one neutral space", "circles", "lockdown-neutral",
                 data_edit("circles", _spaces(_one_kind_to("neutral", "black", None)))),
    Mutation("the start already wins", "circles", "start-win", data_edit("circles", _start_win)),
    Mutation("one player", "circles", "players", data_edit("circles", set_value("players", 1))),
    Mutation("five players", "circles", "players", data_edit("circles", set_value("players", 5))),
    Mutation("a marker short", "circles", "markers-count",
                 data_edit("circles", edit_data(lambda d: d["tokens"].update(markers=d["tokens"]["markers"] - 1)))),
    Mutation("a bead short", "circles", "beads-count",
                 data_edit("circles", edit_data(lambda d: d["tokens"].update(beads=d["tokens"]["beads"] - 1)))),
    Mutation("too few blockers", "circles", "blockers-too-few",
                 data_edit("circles", edit_data(lambda d: (d["tokens"].update(blockers=1),
                                                   d["variants"].update(lockdown=True))))),
    Mutation("blockers without Lockdown", "circles", "blockers-unneeded",
                 data_edit("circles", edit_data(lambda d: (d["variants"].update(lockdown=False),
                                                   d["tokens"].update(blockers=max(3, d["tokens"]["blockers"])))))),
    Mutation("Spin Cycle of 5", "circles", "spin-cycle-goals",
                 data_edit("circles", edit_data(lambda d: d["variants"].update(spin_cycle=5)))),
    Mutation("board page not placed", "circles", "drawn-board-missing", unplaced("circles", "circles-board")),
    Mutation("a space the data lacks", "circles", "drawn-space-unknown", data_edit("circles", lambda d, r: (
            d["circles"][-1].update(spaces=d["circles"][-1]["spaces"][:-1]), "last space dropped")[1])),
    Mutation("start moved in the data", "circles", "drawn-space-moved", data_edit("circles", _spaces(
            lambda c, d, r: c.update(start=(c["start"] + len(c["spaces"]) // 4) % len(c["spaces"])) is None))),
    Mutation("a circle drawn beside a non-adjacent one", "circles", "drawn-adjacency", circle_brought_near),
]

# codes of this game no planted file can reach, each with the test that reaches it otherwise
UNPLANTABLE: dict[str, str] = {}
