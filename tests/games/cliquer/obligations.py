"""What CliqueR owes the validator's tests (``pnp.games.base.TEST_OBLIGATIONS``): a good
spec to plant defects in, a planted defect for every problem code of the game (``CODE_DEFECTS``)
and the defects a forger would try on its pages (``MUTATIONS``), and the codes no file can reach.
``support.obligations`` finds this file through the registry; ``tests/verify/test_mutations.py``
plants every defect and asks the validator to name it.
"""

from __future__ import annotations

import json
import math
import random

from support.forgery import (Forgery, Mutation, append, data_edit, in_frame, replace_span, set_value,
                             shifted, transplant)

GOOD_SPEC = """\
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
"""


def _cliquer_board(forgery: Forgery, rng: random.Random):
    """A random CliqueR board: its record, Board, page, frame and its dots' sections in order."""
    from pnp.games import cliquer

    record = rng.choice(forgery.boards("cliquer"))
    board = cliquer.from_data(record["data"])
    placement = next(p for p in record["placements"] if p["piece"] == "board")
    page, frame = placement["page"], placement["frame"]
    dots = [m for m in forgery.sections(page, "PnpDot") if in_frame(m, frame)]  # n-up: just ours
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


def unmarked_dot(forgery: Forgery, rng: random.Random) -> str | None:
    """One more dot drawn inside the square, outside any marked content: no tag to find."""
    record, board, page, _ = _cliquer_board(forgery, rng)
    sq = _square(board, record)
    x, y = rng.uniform(sq.x + 10, sq.right - 10), rng.uniform(sq.y + 10, sq.top - 10)
    append(forgery, page, f"q 0 g {x - 5:.2f} {y - 5:.2f} 10 10 re f Q")
    return f"an unmarked dot at ({x:.0f}, {y:.0f}) on {board.ident}"


def predrawn_line(forgery: Forgery, rng: random.Random) -> str | None:
    """A line already drawn between two dots: the first move made for you (or blocked)."""
    record, board, page, _ = _cliquer_board(forgery, rng)
    a, b = rng.sample(range(len(board.dots)), 2)
    (ax, ay), (bx, by) = (_dot_point(board, record, board.dots[k]) for k in (a, b))
    append(forgery, page, f"q 0 G 0.6 w {ax:.2f} {ay:.2f} m {bx:.2f} {by:.2f} l S Q")
    return f"a line drawn from dot {a} to dot {b} of {board.ident}"


def dot_in_other_tag(forgery: Forgery, rng: random.Random) -> str | None:
    """An extra dot inside another marked-content tag (a Span), which the game does not read."""
    record, board, page, section, c, (x, y), r = _dot(forgery, rng)
    sq = _square(board, record)
    nx, ny = rng.uniform(sq.x + 10, sq.right - 10), rng.uniform(sq.y + 10, sq.top - 10)
    body = shifted(section, nx - x, ny - y).replace("/PnpDot <</I", "/Span <</MCID", 1)
    append(forgery, page, body)
    return f"a dot inside a Span tag on {board.ident}"


def ink_in_form(forgery: Forgery, rng: random.Random) -> str | None:
    """A line drawn by a form XObject the page calls: ink that is no path of the page."""
    record, board, page, _ = _cliquer_board(forgery, rng)
    a, b = rng.sample(range(len(board.dots)), 2)
    (ax, ay), (bx, by) = (_dot_point(board, record, board.dots[k]) for k in (a, b))
    forgery.form(page, f"0 G 0.6 w {ax:.2f} {ay:.2f} m {bx:.2f} {by:.2f} l S")
    append(forgery, page, "q /PnpX Do Q")
    return f"a form XObject draws a line from dot {a} to dot {b} of {board.ident}"


def white_over_dot(forgery: Forgery, rng: random.Random) -> str | None:
    """A white square painted over a dot after it is drawn: the dot is there, and unseen."""
    record, board, page, section, c, (x, y), r = _dot(forgery, rng)
    append(forgery, page, f"q 1 g {x - r - 1:.2f} {y - r - 1:.2f} {2 * r + 2:.2f} {2 * r + 2:.2f} re f Q")
    return f"dot {c} of {board.ident} painted over in white"


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


def code_misprinted(forgery: Forgery, rng: random.Random) -> str | None:
    """The board code printed is another board's: `pnp build CODE` would reprint other dots."""
    from pnp.games.cliquer.codes import encode

    def wrong(dots, grid):
        return encode(tuple(sorted((x, (y + 1) % (grid + 1)) for x, y in dots)), grid)
    # every module that prints a code: the page board (draw) and the small boards and
    # worksheets (sheet); patching one alone leaves the other's pages as they were
    transplant(forgery, ("cliquer",), **{"pnp:games:cliquer:draw:encode": wrong,
                                          "pnp:games:cliquer:sheet:encode": wrong})
    return "board codes printed for other dots"


def line_count_misprinted(forgery: Forgery, rng: random.Random) -> str | None:
    """'ends after exactly N lines' printed with another N."""
    from pnp.games.cliquer import draw

    off = rng.choice([-2, -1, 1, 2])
    real = draw.moves_in_game
    transplant(forgery, ("cliquer",), **{"pnp:games:cliquer:draw:moves_in_game":
                                          lambda board: real(board) + off})
    return f"line counts printed {off:+d}"


def page_from_another_board(forgery: Forgery, rng: random.Random) -> str | None:
    """The pages swapped for those pnp draws for boards one lattice step to the side: same
    layout, other boards, the data unchanged."""
    from pnp.games import cliquer
    from pnp.games.cliquer.codes import encode

    payload = json.loads(json.dumps(forgery.payload))
    dx = rng.choice([-1, 1])
    for record in payload["boards"]:
        other = record["data"]
        other["dots"] = sorted([[x + dx, y] for x, y in other["dots"]])
        other["code"] = encode(tuple(map(tuple, other["dots"])), other["grid"])
        cliquer.from_data(other)
    transplant(forgery, ("cliquer",), payload)
    return "pages from other boards"


def marked_dot_outside_boards(forgery: Forgery, rng: random.Random) -> str | None:
    """A marked dot placed outside every piece's frame."""
    page = rng.randrange(forgery.pages())
    w, h = forgery.page_size(page)
    y = (forgery.payload["page"]["margin_mm"] + 2) * 72 / 25.4       # in the footer band
    append(forgery, page, f"/PnpDot <</I 0>> BDC\nq 0 g {w / 2:.1f} {y:.1f} 2 2 re f Q\nEMC")
    return f"a marked dot in the footer band of page {page + 1}"


def _recode(data) -> None:
    from pnp.games.cliquer.codes import encode

    data["dots"] = sorted(data["dots"])
    data["code"] = encode(tuple(map(tuple, data["dots"])), data["grid"])


def _dot_outside(data, rng):
    data["dots"][0] = [0, rng.randrange(data["grid"] + 1)]
    _recode(data)
    return "a dot on the square's edge"


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
    Mutation("CliqueR: a dot drawn tiny", "cliquer", "drawn-dot-size", dot_drawn_tiny),
    Mutation("CliqueR: a dot printed white", "cliquer", "drawn-dot-ink", dot_drawn_white),
    Mutation("Ink: an unmarked extra dot", "cliquer", "content-differs", unmarked_dot),
    Mutation("Ink: a pre-drawn line", "cliquer", "content-differs", predrawn_line),
    Mutation("Ink: a dot inside another tag", "cliquer", "content-differs", dot_in_other_tag),
    Mutation("Ink: a line in a form XObject", "cliquer", "foreign-construct", ink_in_form),
    Mutation("Ink: a white square over a dot", "cliquer", "content-differs", white_over_dot),
    Mutation("Hidden: a dot clipped away", "cliquer", "content-differs", dot_clipped),
    Mutation("Hidden: a dot under a soft mask", "cliquer", "foreign-construct", dot_soft_masked),
    Mutation("Hidden: a dot drawn as a white image", "cliquer", "foreign-construct", dot_as_image),
    Mutation("Hidden: a dot as invisible text", "cliquer", "foreign-construct", dot_invisible_text),
    Mutation("Hidden: a dot in light grey", "cliquer", "content-differs", dot_lightened),
    Mutation("Hidden: a dot in optional content that is off", "cliquer", "foreign-construct",
                 dot_optional_off),
    Mutation("Hidden: a dot in optional content off when printing", "cliquer", "foreign-construct",
                 dot_optional_off_in_print),
    Mutation("Data: clearance 0 and a dot forged onto a line", "cliquer", "limits", limits_zeroed),
    Mutation("Data: a limit below the spec's minimum", "cliquer", "limits", limits_below_spec),
    Mutation("Text: board code misprinted", "cliquer", "content-differs", code_misprinted),
    Mutation("Text: 'ends after exactly N lines' misprinted", "cliquer", "content-differs",
                 line_count_misprinted),
    Mutation("Beyond: pages from other boards, data unchanged", "cliquer", "content-differs",
                 page_from_another_board),
]

CODE_DEFECTS = [
    Mutation("too few dots", "cliquer", "too-few-dots",
                 data_edit("cliquer", set_value("dots", lambda d: d["dots"][:2]))),
    Mutation("a dot outside the margin", "cliquer", "outside", data_edit("cliquer", _dot_outside)),
    Mutation("difficulty misrecorded", "cliquer", "difficulty",
                 data_edit("cliquer", set_value("difficulty", lambda d: round(1 - d["difficulty"], 3)))),
    Mutation("a record's data unreadable", "cliquer", "ink-unproven",
                 data_edit("cliquer", set_value("grid", "ninety"))),
    Mutation("a marked dot outside every piece", "cliquer", "drawn-unknown", marked_dot_outside_boards),
]

# codes of this game no planted file can reach, each with the test that reaches it otherwise
UNPLANTABLE: dict[str, str] = {}
