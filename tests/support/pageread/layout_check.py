"""Is a page legible? Text size, text over text, dots or lines, and ink outside its frame.

Judged from what the page prints (``support.pageread.printed``), never from the code that drew it, with
shapely doing the geometry: each text is the box of its glyphs (turned with the text), each
stroked path a band as wide as its line, each filled path its area.

- **text-too-small**: a text prints under MIN_TEXT_PT (font size times its matrix).
- **text-collision**: the glyph boxes of two texts overlap. A shaped line whose marks are
  raised or lowered (Arabic harakat in Noto Sans Arabic; niqqud or Devanagari signs in a font
  that places them so) prints as several texts, the marks apart from their letters; the marks
  and the letters around them are one cluster, as shaping drew them, and do not collide with
  each other (``_one_cluster``).
- **text-on-dot**: a text overlaps a filled shape (a dot, a space, a shaded box) without
  sitting wholly inside it; a label inside a shaded box is fine, one half on a dot is not.
- **text-on-line**: a drawn line crosses a text's glyphs.
- **text-outside-frame**, **ink-outside-frame**: something that belongs to a piece (it reaches
  into the piece's frame) also reaches outside it, over the cut line or into the margin.
  Cut lines, crop marks and the footer touch no frame's inside: they are the page's own.
- **outside-safe-area**: anything within 5 mm of the paper edge (only when asked: the
  validator checks that for every object already).

``page_problems`` is the one call for a page; ``check_parsed`` takes a page as the validator
reads it (``support.pageread.printed.read_parsed``). (The tests and benches check pages pdfium reads
with ``tests/support/pdfium_pages.check_page``.)
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Sequence
from functools import lru_cache

from pnp.games.base import Problem
from pnp.i18n import W_
from pnp.i18n.told import Number, Told
from pnp.paper import MM, Frame
from pnp.pdf.faces import joins_previous
from pnp.pdf.fonts import MIN_TEXT_PT
from pnp.pdf.page import EDGE_MM
from support.pageread.printed import PagePrint, Shape, Text
from pnp.errors import Problem as Wording
from pnp.games.base import Problems
from pnp.verify.problems import ON_PAGE, listed


TOUCH = 0.05          # points: shapes this close count as touching, not overlapping
FRAME_SLACK = 0.6     # points: a frame's edge, where cut lines run, is this wide
SIZE_SLACK = 0.01     # points: a 6 pt text read back as 5.999 is 6 pt

# the pages as printed: legible, inside their frames and the paper's safe area
# (``support.pageread.layout_check``, and the safe area in ``pnp.verify.validate``)
PROBLEMS = LAYOUT = Problems({
    "outside-safe-area": Wording(W_("something is drawn within {mm} mm of the paper edge"),
                                 mm=Number(EDGE_MM, "g")),
    "text-too-small": Wording(W_("a text prints smaller than {pt} pt"), pt=Number(MIN_TEXT_PT, "g")),
    "text-collision": W_("two texts overlap"),
    "text-on-dot": W_("a text overlaps a dot or filled shape it does not sit inside"),
    "text-on-line": W_("a drawn line crosses a text"),
    "text-outside-frame": W_("a piece's text reaches outside the piece's frame"),
    "ink-outside-frame": W_("a piece's drawing reaches outside the piece's frame"),
})

MAX_REPORTED = 3      # problems of one code on one page: the rest are counted, not listed
MAX_MARKS = 4         # marks on one letter, each moved apart (Arabic: shadda, a vowel, a tanwin)


Placed = tuple[str, Frame]     # a piece's name and the frame it was drawn in


def check_parsed(parsed, frames: Sequence[Placed], number: int, safe: Frame | None = None,
                 text: bool = True) -> list[Problem]:
    """Problems of a page as the validator reads it (``support.pageread.printed.read_parsed``; page
    ``number``, from 1) holding pieces in ``frames``; ``safe`` adds the safe-area check.
    ``text=False`` checks only where ink is (frames, safe area), which is much cheaper."""
    frames = list(dict.fromkeys(frames))   # a piece placed twice (forged data) is looked at once
    printed = parsed.printed(many=worth_reading([f for _, f in frames], safe, text))
    return page_problems(printed, frames, number, safe, text)


def page_problems(printed: PagePrint, frames: Sequence[Placed], number: int,
                  safe: Frame | None = None, text: bool = True) -> list[Problem]:
    """Every layout problem of one page read back; ``safe`` adds the safe-area check."""
    found: dict[str, list[Told]] = {}

    def report(code: str, message: Told) -> None:
        found.setdefault(code, []).append(message)

    h = printed.height
    texts = [t for t in printed.texts if t.text.strip() or not text]
    if text:
        for t in texts:
            if t.size < MIN_TEXT_PT - SIZE_SLACK:
                report("text-too-small", Told(W_("{text} prints at {size} pt {where}"), text=_name(t),
                                              size=Number(t.size, ".2f"), where=_where(t.bounds, h)))
        _collisions(texts, printed.shapes, h, report)

    inks = [(_name(t), _text_box(t), True) for t in texts] + \
        [(Told(W_("a drawing")), _shape_box(s), False) for s in printed.shapes] + \
        [(Told(W_("an image")), o.bounds, False) for o in printed.others]
    for what, box, is_text in inks:
        for name, f in frames:
            if _overlaps_inside(box, f) and not _within(box, f):
                code = "text-outside-frame" if is_text else "ink-outside-frame"
                report(code, Told(W_("{what} of {piece} reaches {mm} mm outside its frame {where}"),
                                  what=what, piece=name, mm=Number(_overhang(box, f) / MM, ".1f"),
                                  where=_where(box, h)))
                break
    if safe is not None:
        for what, box, _ in inks:
            if not _within(box, safe, slack=0.01):
                report("outside-safe-area", Told(W_("{what} is within {mm} mm of the paper edge "
                                                    "{where}"), what=what, mm=Number(EDGE_MM),
                                                 where=_where(box, h)))

    problems = []
    for code, messages in found.items():
        problems.append(PROBLEMS(code, ON_PAGE, page=Number(number, "d"),
                                 problem=listed(messages[:MAX_REPORTED], len(messages) - MAX_REPORTED)))
    return problems


def _collisions(texts: Sequence[Text], shapes: Sequence[Shape], h: float, report) -> None:
    """Text over text, over lines, and half over filled shapes (all queries at once)."""
    import shapely

    if not texts:
        return
    glyphs = _text_shapes(texts)
    inner = shapely.buffer(glyphs, -TOUCH)       # touching is not overlapping
    tree = shapely.STRtree(inner)
    pairs = tree.query(inner, predicate="intersects")
    for a, b in zip(*pairs):
        if a < b and not _one_cluster(texts, a, b):
            report("text-collision", Told(W_("{text} and {other} overlap {where}"), text=_name(texts[a]),
                                          other=_name(texts[b]), where=_where(texts[a].bounds, h)))
    lines, widths, fills, fill_names = [], [], [], []
    for s in shapes:
        if not s.exact:           # read by its box only: it meets no text
            continue
        if s.stroked:
            for run in s.lines:
                line = _clipped(shapely.linestrings(run) if len(set(run)) > 1 else shapely.points(run[0]),
                                s.clip)
                if not line.is_empty:
                    lines.append(line)
                    widths.append(max(s.width, 0.1) / 2)
        if s.filled:
            area = _clipped(_area(s.lines), s.clip)
            if not area.is_empty:
                fills.append(area)
                fill_names.append(Told(W_("a {tag} mark"), tag=s.tag.lower()) if s.tag
                                  else Told(W_("a filled shape")))
    if lines:
        hit = tree.query(lines, predicate="dwithin", distance=widths)
        for b in sorted(set(hit[1])):
            report("text-on-line", Told(W_("a line crosses {text} {where}"), text=_name(texts[b]),
                                        where=_where(texts[b].bounds, h)))
    if fills:
        hit = tree.query(fills, predicate="intersects")
        if len(hit[0]):
            inside = shapely.contains(shapely.buffer([fills[a] for a in hit[0]], TOUCH),
                                      [glyphs[b] for b in hit[1]])
            for a, b, ok in zip(hit[0], hit[1], inside):
                if not ok:
                    report("text-on-dot", Told(W_("{text} runs onto {shape} {where}"), text=_name(texts[b]),
                                               shape=fill_names[a], where=_where(texts[b].bounds, h)))


def _marks(t: Text) -> bool:
    """Is ``t`` only combining marks (a vowel sign, a shadda, a dagesh): what prints on or
    beside a letter, never alone? A mark's glyph may read back as a presentation form (U+FC60,
    shadda with fatha, is a space and two marks)."""
    chars = _decomposed(t.text)
    return bool(chars) and all(joins_previous(ch) for ch in chars)


@lru_cache(maxsize=4096)
def _decomposed(text: str) -> str:
    return unicodedata.normalize("NFKD", text).replace(" ", "")


def _one_cluster(texts: Sequence[Text], a: int, b: int) -> bool:
    """Are texts ``a`` < ``b`` (in drawing order) parts of one line cut apart only at its marks?

    A shaped line is drawn left to right as one text until a glyph moves up or down (a mark
    placed above or below its letter); then the mark is a text of its own, and the letters after
    it another. So the texts of one line are consecutive, with marks between them. Two texts are
    one cluster when only marks come between them, all of one tag and size, and the letters on
    either side are on one line (level, the second starting where the first ends: the next
    line, drawn after a line that ends in a mark, is not)."""
    if b - a > MAX_MARKS + 1:
        return False
    run = texts[a:b + 1]
    if not any(_marks(t) for t in run) or any(not _marks(t) for t in run[1:-1]):
        return False
    if any(t.tag != run[0].tag or abs(t.size - run[0].size) > SIZE_SLACK for t in run):
        return False
    before, after = _letters_beside(texts, a, -1), _letters_beside(texts, b, +1)
    if before is None or after is None:      # the marks' letters are on one side only
        return True
    return _one_line(texts[before], texts[after])


def _letters_beside(texts: Sequence[Text], k: int, step: int) -> int | None:
    """Text ``k`` if it is letters; else the nearest letters past the marks it begins, looking
    ``step``-wards (None: only marks that way, in the run's tag and size)."""
    start = texts[k]
    for _ in range(MAX_MARKS + 1):
        if not 0 <= k < len(texts):
            return None
        t = texts[k]
        if t.tag != start.tag or abs(t.size - start.size) > SIZE_SLACK:
            return None
        if not _marks(t):
            return k
        k += step
    return None


def _one_line(p: Text, q: Text) -> bool:
    """Are two texts drawn one after the other on one line: q's ink starting where p's ends
    (joined letters overlap a little; a space may come between), level with it? Not a line
    below, nor one drawn over it. (Measured along the text's own axes: a card printed upside
    down reads right to left on the page.)"""
    (x0, y0), (x1, y1), _, (x3, y3) = p.quad
    along, up = (x1 - x0, y1 - y0), (x3 - x0, y3 - y0)
    if math.hypot(*along) == 0 or math.hypot(*up) == 0:
        along, up = (1.0, 0.0), (0.0, 1.0)
    along = (along[0] / math.hypot(*along), along[1] / math.hypot(*along))
    up = (up[0] / math.hypot(*up), up[1] / math.hypot(*up))

    def span(t: Text, axis) -> tuple[float, float]:
        values = [x * axis[0] + y * axis[1] for x, y in t.quad]
        return min(values), max(values)

    (p_low, p_high), (q_low, q_high) = span(p, up), span(q, up)
    shared = min(p_high, q_high) - max(p_low, q_low)
    p_end, q_start = span(p, along)[1], span(q, along)[0]
    return (shared >= min(p_high - p_low, q_high - q_low) / 2
            and p_end - q.size / 2 <= q_start <= p_end + 2 * q.size)


def worth_reading(frames: Sequence[Frame], safe: Frame | None, text: bool):
    """Which paths to read point by point: those that may touch a text (when texts are
    checked) or poke out of a frame or the safe area, judged by their generous box (the rest
    cannot be a problem); for every path of a page at once (one array operation a page rather
    than one a path): ``many(boxes, texts)`` -> a flag a box."""
    import numpy as np

    def many(boxes, texts) -> list[bool]:
        if not boxes:
            return []
        b = np.asarray(boxes, dtype=float).reshape(-1, 4)
        want = np.zeros(len(b), dtype=bool)
        if text and texts:
            t = np.asarray([x.bounds for x in texts], dtype=float)
            want |= ((b[:, None, 0] <= t[None, :, 2] + 1) & (t[None, :, 0] <= b[:, None, 2] + 1) &
                     (b[:, None, 1] <= t[None, :, 3] + 1) & (t[None, :, 1] <= b[:, None, 3] + 1)).any(axis=1)
        if safe is not None:
            s = 0.01
            want |= ~((b[:, 0] >= safe.x - s) & (b[:, 1] >= safe.y - s) &
                      (b[:, 2] <= safe.right + s) & (b[:, 3] <= safe.top + s))
        slack = FRAME_SLACK
        for f in frames:
            inside = (b[:, 0] < f.right - slack) & (b[:, 2] > f.x + slack) & \
                     (b[:, 1] < f.top - slack) & (b[:, 3] > f.y + slack)
            within = (b[:, 0] >= f.x - slack) & (b[:, 1] >= f.y - slack) & \
                     (b[:, 2] <= f.right + slack) & (b[:, 3] <= f.top + slack)
            want |= inside & ~within
        return want.tolist()
    return many


def safe_area(width: float, height: float) -> Frame:
    """The part of a page of this size that ink may reach: all but EDGE_MM at every edge."""
    e = EDGE_MM * MM
    return Frame(e, e, width - 2 * e, height - 2 * e)


# ---- geometry -----------------------------------------------------------------------------------

def _text_shapes(texts: Sequence[Text]) -> list:
    """Each text's glyph box as a polygon (made all at once), cut to its clip."""
    import numpy as np
    import shapely

    shapes = list(shapely.polygons(np.array([t.quad for t in texts], dtype=float)))
    for k, t in enumerate(texts):
        if not shapes[k].is_valid or shapes[k].area <= 0 or t.clip:
            shapes[k] = _clipped(_text_shape(t), t.clip)
    return shapes


def _text_shape(t: Text):
    from shapely.geometry import Polygon, box

    shape = Polygon(t.quad)
    if not shape.is_valid or shape.area <= 0:
        shape = box(*t.bounds)
    return shape


def _text_box(t: Text):
    if not t.clip:
        return t.bounds
    return _box(_clipped(_text_shape(t), t.clip), t.bounds)


def _area(outline):
    """The area a path fills: its closed subpaths, a subpath inside another making a hole."""
    from shapely.geometry import Polygon
    from shapely.validation import make_valid

    area = Polygon()
    for run in outline:
        if len(set(run)) > 2:
            ring = make_valid(Polygon(run))
            area = area.symmetric_difference(ring) if not area.is_empty else ring
    return area


def _clipped(geometry, clip):
    for outline in clip:
        geometry = geometry.intersection(_area(outline))
    return geometry


def _box(geometry, fallback):
    return fallback if geometry.is_empty else tuple(geometry.bounds)


def _shape_box(s: Shape):
    """A path's box, cut to its clip."""
    if not s.clip:
        return s.bounds
    from shapely.geometry import box

    return _box(_clipped(box(*s.bounds), s.clip), s.bounds)


def _overlaps_inside(box, f: Frame) -> bool:
    """Whether the box reaches into the frame's inside (past the band where cut lines run)."""
    s = FRAME_SLACK
    return box[0] < f.right - s and box[2] > f.x + s and box[1] < f.top - s and box[3] > f.y + s


def _overhang(box, f: Frame) -> float:
    return max(f.x - box[0], f.y - box[1], box[2] - f.right, box[3] - f.top)


def _within(box, f: Frame, slack: float = FRAME_SLACK) -> bool:
    return (box[0] >= f.x - slack and box[1] >= f.y - slack and box[2] <= f.right + slack
            and box[3] <= f.top + slack)


def _name(t: Text) -> Told:
    text = " ".join(t.text.split())
    if not text:
        return Told(W_("a text"))
    return Told(W_("text {text}"), text=repr(text[:24] + '…' if len(text) > 25 else text))


def _where(box, page_height: float) -> Told:
    """Where on the page, the way a person with a ruler finds it: mm from the top-left."""
    return Told(W_("at {left} mm from the left, {top} mm from the top"), left=Number(box[0] / MM, ".0f"),
                top=Number((page_height - box[3]) / MM, ".0f"))
