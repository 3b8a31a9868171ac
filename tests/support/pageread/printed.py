"""What a page prints, read back from the PDF as plain geometry: text boxes, strokes and fills.

The layout checks (``support.pageread.layout_check``) judge a page from this alone, never from the code
that drew it, so they see what a printer sees: a text's size is its font size times the text
matrix (a text drawn at 10 pt inside a half-scale transform prints at 5 pt), and a path's
points are where its matrix puts them.

``read_parsed`` reads a page from its decoded content, the validator's only reading of a page.
(The tests and benches read pages pdfium draws into the same ``PagePrint`` with
``tests/support/pdfium_pages.read_page``; ``tests/verify/test_printed.py`` holds the two
readers to each other.)
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

Point = tuple[float, float]
Box = tuple[float, float, float, float]          # left, bottom, right, top in points
Outline = tuple[tuple[Point, ...], ...]          # a path's subpaths, as polylines

BEZIER_STEPS = 8          # chords per curve segment: a 3.6 mm dot is then off by under 0.01 mm
MAX_OBJECTS = 20000       # a hostile page with millions of objects is refused, not read


class TooMuch(ValueError):
    """A page with more objects than any page pnp draws."""


@dataclass(frozen=True)
class Text:
    """One text object: what it says, its printed size, and the box of its glyphs."""

    text: str
    size: float                    # printed em size in points
    quad: tuple[Point, Point, Point, Point]     # glyph box, turned with the text
    bounds: Box
    tag: str = ""
    clip: tuple[Outline, ...] = ()      # drawn only where every one of these outlines is


@dataclass(frozen=True)
class Shape:
    """One path object: its outlines (as polylines) and whether they are stroked or filled."""

    lines: tuple[tuple[Point, ...], ...]   # each subpath, curves flattened, closed ones repeat p0
    stroked: bool
    filled: bool
    width: float                   # printed stroke width in points (0 if not stroked)
    bounds: Box
    tag: str = ""
    fill: tuple[int, int, int, int] | None = None       # RGBA, when filled
    dashed: bool = False
    clip: tuple[Outline, ...] = ()
    exact: bool = True             # lines read point by point; if not, lines are () and the
    #                                bounds are generous by a line width


@dataclass(frozen=True)
class Other:
    """An image or shading: known only by its box."""

    bounds: Box
    tag: str = ""
    clip: tuple[Outline, ...] = ()


@dataclass(frozen=True)
class Drawn:
    """An object on a page: its marked-content tag and index (if any) and its bounding box."""

    tag: str
    index: int
    bounds: tuple[float, float, float, float]    # left, bottom, right, top in points
    fill: tuple[int, int, int, int] | None = None  # RGBA fill of a marked object, 0..255
    kind: int = -1                                  # the mark's /K: what was drawn (per game)

    @property
    def center(self) -> tuple[float, float]:
        return (self.bounds[0] + self.bounds[2]) / 2, (self.bounds[1] + self.bounds[3]) / 2


@dataclass(frozen=True)
class PagePrint:
    width: float
    height: float
    texts: tuple[Text, ...]
    shapes: tuple[Shape, ...]
    others: tuple[Other, ...]

    @property
    def everything(self):
        return (*self.texts, *self.shapes, *self.others)


# ---- geometry ---------------------------------------------------------------------------------

def bezier(p0: Point, p1: Point, p2: Point, p3: Point) -> list[Point]:
    x0, y0 = p0
    x1, y1 = p1
    x2, y2 = p2
    x3, y3 = p3
    return [(a * x0 + b * x1 + c * x2 + d * x3, a * y0 + b * y1 + c * y2 + d * y3)
            for a, b, c, d in _BERNSTEIN]


# the cubic's weights at t = k / BEZIER_STEPS, made once (each product in the order the
# formula u^3 p0 + 3 u^2 t p1 + 3 u t^2 p2 + t^3 p3 multiplies it, so the points are the same)
_BERNSTEIN = tuple((u ** 3, 3 * u * u * t, 3 * u * t * t, t ** 3)
                   for t, u in ((k / BEZIER_STEPS, 1 - k / BEZIER_STEPS)
                                for k in range(1, BEZIER_STEPS + 1)))


IDENTITY = (1, 0, 0, 1, 0, 0)


def compose(inner, outer) -> tuple[float, ...]:
    """inner then outer (PDF row-vector convention: p' = p · inner · outer)."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def apply(m, p: Point) -> Point:
    return (p[0] * m[0] + p[1] * m[2] + m[4], p[0] * m[1] + p[1] * m[3] + m[5])


def box_of(points) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


# ---- a page read from its content operators -----------------------------------------------------

class Unreadable(ValueError):
    """Content the reader cannot follow (an operand of the wrong type, a Q with no q)."""


@dataclass
class Parsed:
    """A page read once from qpdf's parse: its texts, its paths as painted (made into ``Shape``
    only as the layout checks ask, see ``printed``) and every object drawn (``drawn``, as
    ``Drawn``: the marked dots and spaces, and the boxes the safe-area check needs)."""

    width: float
    height: float
    texts: tuple
    paths: tuple
    others: tuple
    drawn: list

    def printed(self, detail: Callable[[Box, Sequence[Text]], bool] | None = None,
                many: Callable | None = None) -> PagePrint:
        """The page as geometry; ``detail(box, texts)`` (or ``many(boxes,
        texts)``, every path's at once) chooses which paths are read point by point (the
        others are known by their generous box)."""
        if many is not None:
            exact = many([p[9] for p in self.paths], self.texts)
        else:
            exact = [detail is None or detail(p[9], self.texts) for p in self.paths]
        shapes = tuple(_parsed_shape(p, e) for p, e in zip(self.paths, exact))
        return PagePrint(self.width, self.height, self.texts, shapes, self.others)


def read_parsed(page, fonts: dict, lines=None) -> Parsed:
    """A pikepdf page read from its decoded content, as pdfium reads one: each painting
    operator one path object, each text-showing operator one text object, in order, with the
    innermost marked-content tag each is drawn in. ``fonts`` caches each font's measures
    (``support.pageread.glyphs``) by object, ``lines`` (``support.pageread.operators.Lines``) the operators
    of the content lines the document's pages repeat.

    The content is read in the grammar pnp writes (``support.pageread.operators``), and only so: a
    page in several streams, or holding anything else (a comment, an inline image, an
    over-long number ...), raises Unreadable with what it holds. An XObject or shading (never
    in a pnp page: the structural proof names it) is taken as ink over the whole page, since
    this reader does not look inside it. Raises TooMuch past ``MAX_OBJECTS`` objects or
    ``operators.MAX_OPERATORS`` operators."""
    import pikepdf

    from support.pageread.operators import TooMany, operators, why_foreign

    width, height = _page_box(page)
    content = _content(page)
    try:
        ops = operators(content, lines)
    except TooMany as exc:
        raise TooMuch(str(exc)) from None
    if ops is None:
        raise Unreadable(why_foreign(content))
    resources = page.obj.get("/Resources")
    font_dict = resources.get("/Font") if isinstance(resources, pikepdf.Dictionary) else None
    try:
        return _interpret(ops, font_dict, fonts, width, height, Drawn)
    except TooMuch:
        raise
    except (IndexError, TypeError, ValueError, KeyError, AttributeError, OverflowError,
            ZeroDivisionError):
        raise Unreadable("operators with operands pnp never gives them") from None


def _content(page) -> bytes:
    """The page's one content stream, decoded (pnp writes one; none is an empty page)."""
    import pikepdf

    stream = page.obj.get("/Contents")
    if stream is None:
        return b""
    if isinstance(stream, pikepdf.Array):
        raise Unreadable(f"its content split across {len(stream)} streams (pnp writes one)")
    if not isinstance(stream, pikepdf.Stream):
        raise Unreadable("content that is not a stream")
    try:
        return stream.read_bytes()
    except pikepdf.PdfError:
        raise Unreadable("content that cannot be decoded") from None


def _page_box(page) -> tuple[float, float]:
    return _page_size(page.obj) or (0.0, 0.0)


PAINT = {"S": (True, False), "s": (True, False), "f": (False, True), "F": (False, True),
         "f*": (False, True), "B": (True, True), "B*": (True, True), "b": (True, True),
         "b*": (True, True), "n": (False, False)}
POINTS = {"m": 2, "l": 2, "c": 6, "v": 4, "y": 4}


def _interpret(ops, font_dict, fonts: dict, width: float, height: float, Drawn) -> Parsed:
    """The content's objects, read in one pass (the hot loop of reading a pack: plain floats,
    one tuple a path, boxes made once)."""
    from support.pageread.operators import LINE, Name

    texts: list[Text] = []
    text_greys: list[float] = []
    paths: list = []          # (path, ctm, stroked, filled, line width, tag, grey, dashed, clip, box)
    others: list[Other] = []
    drawn: list = []          # (kind, index into texts/paths/others, tag, mark index, mark kind)
    ctm, clip, line, grey, dash = IDENTITY, (), 1.0, 0.0, False
    join, miter = 0, 10.0
    font_name, size, leading, spacing, word, scale, rise = None, 0.0, 0.0, 0.0, 0.0, 100.0, 0.0
    stack: list = []
    marks: list = []          # open marked sections: (tag, index, kind)
    here = ("", -1, -1)       # the innermost tag, index and kind of the sections open
    path: list = []           # (op, its numbers in user space)
    segments = 0              # straight segments (l) in it: a miter spike needs two
    xs: list = []             # the path's x and y (control points too), user space
    ys: list = []
    clip_rule = None
    tm = tlm = IDENTITY
    page_ink = (0.0, 0.0, width, height)
    page_fonts: dict = {}

    def add(kind: str, slot: int) -> None:
        if len(drawn) >= MAX_OBJECTS:
            raise TooMuch(f"page has more than {MAX_OBJECTS} objects")
        drawn.append((kind, slot, *here))

    def show(shown) -> None:
        nonlocal tm
        measured = _measure(shown, font_dict, font_name, fonts, size, spacing, word, scale,
                            page_fonts)
        tm = _placed(measured, tm, ctm, size, rise, here[0], clip, texts)
        text_greys.append(grey)
        add("text", len(texts) - 1)

    for name, args in ops:
        # the branches in the order pnp's pages use the operators most (a text is seven)
        if name == LINE:            # BT, Tm, Tf, TL, Tj, T* and ET, read as one (pnp's texts)
            tm = tlm = tuple(map(float, args[:6]))
            font_name, size, leading = args[6], float(args[7]), float(args[8])
            show(args[9])
            tm = tlm = compose((1, 0, 0, 1, 0.0, -leading), tlm)
        elif name == "BT":
            tm = tlm = IDENTITY
        elif name == "Tm":
            tm = tlm = tuple(map(float, args))
            if len(tm) != 6:
                raise ValueError("Tm needs six numbers")
        elif name == "Tf":
            font_name, size = args[0], float(args[1])
        elif name == "TL":
            leading = float(args[0])
        elif name == "Tj" or name == "TJ":
            show(args[0])
        elif name == "T*":
            tm = tlm = compose((1, 0, 0, 1, 0.0, -leading), tlm)
        elif name == "ET":
            pass
        elif name in POINTS:
            numbers = tuple(map(float, args))
            if len(numbers) != POINTS[name]:
                raise ValueError(f"{name} with {len(numbers)} operands")
            path.append((name, numbers))
            xs += numbers[0::2]
            ys += numbers[1::2]
            if name == "l":
                segments += 1
        elif name in PAINT:
            stroked, filled = PAINT[name]
            if name in ("s", "b", "b*"):
                path.append(("h", ()))
            if path and (stroked or filled):
                box = _points_box(xs, ys, ctm)
                if stroked:     # pdfium widens a stroked path's box by a whole line width,
                    #             and a miter joint's spike may reach further
                    grow = line * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) or 0.5
                    if join == 0 and segments > 1:
                        grow *= _spike(path, miter)
                    box = (box[0] - grow, box[1] - grow, box[2] + grow, box[3] + grow)
                paths.append((tuple(path), ctm, stroked, filled, line, here[0], grey, dash, clip, box))
                add("path", len(paths) - 1)
            if clip_rule is not None and path:
                clip = clip + (tuple(_flatten(path, ctm)),)
            path, xs, ys, clip_rule, segments = [], [], [], None, 0
        elif name == "re":
            x, y, w, h = map(float, args)
            path += [("m", (x, y)), ("l", (x + w, y)), ("l", (x + w, y + h)), ("l", (x, y + h)),
                     ("h", ())]
            xs += (x, x + w)
            ys += (y, y + h)
        elif name == "g" or name in ("rg", "k", "sc", "scn"):
            grey = _grey(name, args)
        elif name == "h":
            path.append(("h", ()))
        elif name == "q":
            if len(stack) > 256:
                raise TooMuch("graphics states nested too deeply")
            stack.append((ctm, clip, line, grey, dash, font_name, size, leading, spacing, word,
                          scale, rise, join, miter))
        elif name == "Q":
            if stack:
                (ctm, clip, line, grey, dash, font_name, size, leading, spacing, word, scale,
                 rise, join, miter) = stack.pop()
        elif name == "BDC" or name == "BMC":
            props = args[1] if name == "BDC" and len(args) > 1 else None
            tag = args[0][1:] if args and isinstance(args[0], Name) else ""
            idx = kind = -1
            if isinstance(props, dict):
                i, k = props.get("/I"), props.get("/K")
                idx = i if isinstance(i, int) else -1
                kind = k if isinstance(k, int) else -1
            if len(marks) > 64:
                raise TooMuch("marked content nested too deeply")
            marks.append((tag, idx, kind))
            here = (tag or here[0], idx if idx != -1 else here[1], kind if kind != -1 else here[2])
        elif name == "EMC":
            if marks:
                marks.pop()
                here = _innermost(marks)
        elif name == "cm":
            m = tuple(map(float, args))
            if len(m) != 6:
                raise ValueError("cm needs six numbers")
            ctm = compose(m, ctm)
        elif name == "w":
            line = float(args[0])
        elif name == "d":
            dash = isinstance(args[0], list) and len(args[0]) > 0
        elif name == "j":
            join = int(float(args[0]))
        elif name == "M":
            miter = float(args[0])
        elif name in ("W", "W*"):
            clip_rule = name
        elif name in ("Tc", "Tw", "Tz", "Ts"):
            value = float(args[0])
            if name == "Tc":
                spacing = value
            elif name == "Tw":
                word = value
            elif name == "Tz":
                scale = value
            else:
                rise = value
        elif name in ("Td", "TD", "'", '"'):
            if name == '"':
                word, spacing = float(args[0]), float(args[1])
            if name == "TD":
                leading = -float(args[1])
            dx, dy = (float(args[0]), float(args[1])) if name in ("Td", "TD") else (0.0, -leading)
            tm = tlm = compose((1, 0, 0, 1, dx, dy), tlm)
            if name in ("'", '"'):
                show(args[-1])
        elif name in ("Do", "sh"):
            others.append(Other(page_ink, here[0], clip))
            add("other", len(others) - 1)
        # everything else (line caps, joins, miter, flatness, intent, stroke colour, ET) moves
        # no ink this reader measures

    objects = []
    for kind, slot, tag, idx, mark_kind in drawn:
        if kind == "text":
            fill = tuple([_channel(text_greys[slot])] * 3) + (255,) if tag else None
            box = texts[slot].bounds
        elif kind == "path":
            p = paths[slot]
            # the fill colour in force, filled or not, as pdfium reports a marked path's
            fill = tuple([_channel(p[6])] * 3) + (255,) if tag else None
            box = p[9]
        else:
            fill, box = None, others[slot].bounds
        if not math.isfinite(box[0] + box[1] + box[2] + box[3]):
            raise ValueError("a number that is not finite")
        objects.append(Drawn(tag, idx, box, fill, mark_kind))
    return Parsed(float(width), float(height), tuple(texts), tuple(paths), tuple(others), objects)


def _spike(path, limit: float) -> float:
    """How far, in line widths, the path's ink may reach past its points: 1 (a cap, a right
    angle's miter), or more where a miter joint between two straight segments is sharper: its
    spike reaches 1 / (2 sin(angle / 2)) line widths past the vertex, while that ratio's double
    is within the miter ``limit`` (past it, the joint is bevelled). Curves join smoothly in what
    pnp draws and are not looked at; the matrix is taken as keeping angles (pnp's scale and
    turn)."""
    worst = 1.0
    for run in _straight_runs(path):
        closed = len(run) > 3 and run[0] == run[-1]
        corners = run[:-1] if closed else run
        n = len(corners)
        for k in (range(n) if closed else range(1, n - 1)):
            (ax, ay), (bx, by), (cx, cy) = corners[k - 1], corners[k], corners[(k + 1) % n]
            ux, uy, vx, vy = ax - bx, ay - by, cx - bx, cy - by
            lu, lv = math.hypot(ux, uy), math.hypot(vx, vy)
            if lu == 0 or lv == 0:
                continue
            half = math.acos(max(-1.0, min(1.0, (ux * vx + uy * vy) / (lu * lv)))) / 2
            if half > 1e-9 and 1 / math.sin(half) <= limit:
                worst = max(worst, 1 / (2 * math.sin(half)))
    return worst


def _straight_runs(path) -> list[list]:
    """The path's runs of straight segments, as their points (a closed run ends at its start)."""
    runs: list[list] = []
    points: list = []
    for op, n in path:
        if op == "m":
            points = [n]
            runs.append(points)
        elif op == "l" and points:
            points.append(n)
        elif op == "h" and points:
            points.append(points[0])
            points = []
        else:
            points = []
    return [r for r in runs if len(r) >= 3]


def _innermost(marks: list) -> tuple[str, int, int]:
    tag, idx, kind = "", -1, -1
    for t, i, k in marks:
        tag = t or tag
        idx = i if i != -1 else idx
        kind = k if k != -1 else kind
    return tag, idx, kind


def _points_box(xs: list, ys: list, m) -> Box:
    """The box, in page space, of points given in user space under the matrix ``m``."""
    if m[1] == 0 and m[2] == 0:           # no turn: the box's corners are enough
        x0, x1 = min(xs) * m[0] + m[4], max(xs) * m[0] + m[4]
        y0, y1 = min(ys) * m[3] + m[5], max(ys) * m[3] + m[5]
        return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
    return box_of([apply(m, p) for p in zip(xs, ys)])


def _channel(grey: float) -> int:
    return max(0, min(255, int(grey * 255 + 0.5)))


def _grey(name: str, args) -> float:
    """The grey a fill colour prints as (pnp writes ``g``; the others are named foreign by the
    proof, and read here as the luminance a grey printer prints)."""
    values = [float(v) for v in args if isinstance(v, (int, float, bytes))]   # bytes: a number
    if name == "g" or len(values) == 1:
        return values[0]
    if len(values) == 3:
        r, g, b = values
        return 0.3 * r + 0.59 * g + 0.11 * b
    if len(values) == 4:
        c, m, y, k = values
        return max(0.0, 1 - min(1.0, 0.3 * c + 0.59 * m + 0.11 * y + k))
    return 0.0


def _flatten(path, ctm) -> list[tuple[Point, ...]]:
    """Subpaths in page space, curves flattened, closed ones closed (as ``_polylines``)."""
    lines: list[tuple[Point, ...]] = []
    current: list[Point] = []
    start: Point | None = None
    for op, n in path:
        if op == "m":
            if len(current) > 1:
                lines.append(tuple(current))
            p = apply(ctm, n)
            current, start = [p], p
        elif op == "l":
            current.append(apply(ctm, n))
        elif op == "h":
            if start is not None and current and current[-1] != start:
                current.append(start)
        else:
            last = current[-1] if current else apply(ctm, n[-2:])
            if op == "c":
                p1, p2, p3 = apply(ctm, n[0:2]), apply(ctm, n[2:4]), apply(ctm, n[4:6])
            elif op == "v":
                p1, p2, p3 = last, apply(ctm, n[0:2]), apply(ctm, n[2:4])
            else:
                p1, p2, p3 = apply(ctm, n[0:2]), apply(ctm, n[2:4]), apply(ctm, n[2:4])
            current += bezier(last, p1, p2, p3)
    if len(current) > 1:
        lines.append(tuple(current))
    elif current and not lines:
        lines.append((current[0], current[0]))
    return lines


def _control_box(p) -> Box:
    """A path's box as pdfium gives it: every point (control points too) in page space, a
    stroked path widened by its line width, generous as the detail filter expects."""
    return p[9]


def _parsed_shape(p, exact: bool) -> Shape:
    path, ctm, stroked, filled, line, tag, grey, dashed, clip, _ = p
    if not exact:
        return Shape((), stroked, filled, 0.0, _control_box(p), exact=False)
    width = line * math.sqrt(abs(ctm[0] * ctm[3] - ctm[1] * ctm[2])) if stroked else 0.0
    fill = tuple([_channel(grey)] * 3) + (255,) if filled else None
    lines = _flatten(path, ctm)
    bounds = _control_box(p)
    if lines:
        half = width / 2
        xs = [q[0] for run in lines for q in run]
        ys = [q[1] for run in lines for q in run]
        bounds = (min(xs) - half, min(ys) - half, max(xs) + half, max(ys) + half)
    return Shape(tuple(lines), stroked, filled, width, bounds, tag, fill, dashed, clip)


MAX_REMEMBERED = 50_000    # texts measured and remembered per document (a pack has ~3,000)


def _measure(shown, font_dict, font_name, fonts: dict, size: float, spacing: float,
             word: float, scale: float, page_fonts: dict) -> tuple:
    """(advance, ink left, bottom, right, top, text) of one text-showing operand in text space,
    before the text matrix; remembered per document (up to ``MAX_REMEMBERED``), as packs show
    the same texts on many pages (every label letter, the rules, the footer). ``page_fonts``
    holds the page's fonts found so far by name."""
    import pikepdf

    from support.pageread.operators import Name, Shown

    if isinstance(shown, Shown):
        parts = (shown.data,)
    elif isinstance(shown, list):
        parts = tuple(p.data if isinstance(p, Shown) else float(p) for p in shown)
    else:
        raise TypeError("text to show that is not a string")
    name = str(font_name)
    found_font = page_fonts.get(name)
    if found_font is None:
        font = font_key = None
        if isinstance(font_dict, pikepdf.Dictionary) and isinstance(font_name, Name) \
                and font_name in font_dict:
            obj = font_dict[font_name]
            font_key = obj.objgen if obj.is_indirect else ("direct", id(obj))
            font = fonts.get(font_key)
            if font is None:
                from support.pageread.glyphs import font as measured_font

                font = fonts[font_key] = measured_font(obj)
        found_font = page_fonts[name] = (font_key, font)
    font_key, font = found_font
    key = ("shown", font_key, parts, size, spacing, word, scale)
    found = fonts.get(key)
    if found is None:
        found = _advance(parts, font, size, spacing, word, scale / 100)
        if len(fonts) < MAX_REMEMBERED:
            fonts[key] = found
    return found


def _advance(parts, font, size: float, spacing: float, word: float, scale: float) -> tuple:
    x = 0.0
    left = bottom = math.inf
    right = top = -math.inf
    chars = []
    em = size / 1000
    for part in parts:
        if isinstance(part, float):
            x -= part * em * scale
            continue
        for code in part:
            if font is not None:
                ink = font.boxes[code]
                if ink is not None:          # a code with no glyph adds no point
                    left = min(left, x + ink[0] * em * scale)
                    right = max(right, x + ink[2] * em * scale)
                    bottom, top = min(bottom, ink[1] * em), max(top, ink[3] * em)
                chars.append(font.text[code])
                advance = font.widths[code] * em
            else:
                advance = 0.0
            x += (advance + spacing + (word if code == 32 else 0.0)) * scale
    if left == math.inf:                 # nothing with ink: a point at the origin
        left = right = bottom = top = 0.0
    return (x, left, bottom, right, top, "".join(chars))


def _placed(measured: tuple, tm: tuple, ctm: tuple, size: float, rise: float, tag: str, clip,
            texts: list) -> tuple:
    """One text object placed by the text matrix; the text matrix after its glyphs."""
    x, left, bottom, right, top, chars = measured
    m = compose(tm, ctm) if ctm != IDENTITY else tm
    if m[1] == 0 and m[2] == 0:            # upright (pnp's texts): the quad is its box
        x0, x1 = left * m[0] + m[4], right * m[0] + m[4]
        y0, y1 = (bottom + rise) * m[3] + m[5], (top + rise) * m[3] + m[5]
        quad = ((x0, y0), (x1, y0), (x1, y1), (x0, y1))
        box = (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))
        printed = size * min(abs(m[0]), abs(m[3]))
    else:
        quad = (apply(m, (left, bottom + rise)), apply(m, (right, bottom + rise)),
                apply(m, (right, top + rise)), apply(m, (left, top + rise)))
        box = box_of(quad)
        printed = size * min(math.hypot(m[0], m[1]), math.hypot(m[2], m[3]))
    texts.append(Text(chars, printed, quad, box, tag, clip))
    a, b, c, d, e, f = tm
    return (a, b, c, d, x * a + e, x * b + f)


def _page_size(page) -> tuple[float, float] | None:
    import pikepdf

    def box(key):
        value = page.get(key)
        if isinstance(value, pikepdf.Array) and len(value) == 4:
            try:
                x0, y0, x1, y1 = (float(v) for v in value)
            except (TypeError, ValueError):
                return None
            return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)
        return None

    media = box("/MediaBox")
    if media is None:
        return None
    crop = box("/CropBox") or media
    crop = (max(crop[0], media[0]), max(crop[1], media[1]), min(crop[2], media[2]),
            min(crop[3], media[3]))
    width, height = max(0.0, crop[2] - crop[0]), max(0.0, crop[3] - crop[1])
    rotate = page.get("/Rotate", 0)
    if isinstance(rotate, int) and rotate % 180 == 90:
        width, height = height, width
    return width, height


