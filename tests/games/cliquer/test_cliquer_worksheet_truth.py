"""Every mathematical statement a CliqueR worksheet, key or board prints, against brute force.

The brute force here shares no code with pnp's geometry: hulls, containment and crossings come
from shapely (exact for these small integer coordinates), 4-cliques are found by trying every
four dots and every pair of their six lines, and finished games are played out at random.
"""

from __future__ import annotations

import random
import re
from itertools import combinations

import pytest
from hypothesis import given, settings
from shapely.geometry import LineString, MultiPoint, Point, Polygon

from support.cliquer_boards import boards
from pnp.games import cliquer
from pnp.games.cliquer.board import Board, dot_name
from pnp.games.cliquer.worksheet import questions
from pnp.games.cliquer import words

NAME = re.compile(r"[A-Z]+")


def board_of(dots, grid=40) -> Board:
    return Board(dots=tuple(sorted(dots)), grid=grid, side_mm=120, clearance_mm=0, spacing_mm=0,
                 margin_mm=0, ident="T-01", worksheet=True)


def index_of(name: str) -> int:
    k = 0
    for ch in name:
        k = k * 26 + ord(ch) - 64
    return k - 1


class Crossings:
    """Which lines between the dots cross, asked of shapely for every pair at once. Lines that
    share a dot meet there and do not cross."""

    def __init__(self, dots):
        import numpy as np
        import shapely

        self.lines = list(combinations(range(len(dots)), 2))
        self.number = {line: k for k, line in enumerate(self.lines)}
        geoms = np.array([LineString([dots[a], dots[b]]) for a, b in self.lines], dtype=object)
        meet = shapely.intersects(geoms[:, None], geoms[None, :])
        for k, (a, b) in enumerate(self.lines):
            for j, (c, d) in enumerate(self.lines):
                if {a, b} & {c, d}:
                    meet[k, j] = False
        self.table = meet

    def __call__(self, p, q) -> bool:
        return bool(self.table[self.number[tuple(sorted(p))], self.number[tuple(sorted(q))]])


_crossings: dict = {}


def crosses(dots, p, q) -> bool:
    key = tuple(dots)
    if key not in _crossings:
        _crossings.clear()
        _crossings[key] = Crossings(dots)
    return _crossings[key](p, q)


def brute_hull(dots) -> set[int]:
    hull = MultiPoint(dots).convex_hull
    ring = set(map(tuple, hull.exterior.coords)) if hull.geom_type == "Polygon" else set()
    return {i for i, d in enumerate(dots) if (float(d[0]), float(d[1])) in ring}


def brute_four_cliques(dots) -> list[tuple[int, ...]]:
    """Every four dots whose six lines can all be drawn with no two crossing."""
    out = []
    for four in combinations(range(len(dots)), 4):
        lines = list(combinations(four, 2))
        if not any(crosses(dots, a, b) for a, b in combinations(lines, 2)):
            out.append(four)
    return out


def brute_dotted_triangles(dots) -> int:
    count = 0
    for a, b, c in combinations(range(len(dots)), 3):
        tri = Polygon([dots[a], dots[b], dots[c]])
        if any(tri.contains(Point(dots[k])) for k in range(len(dots)) if k not in (a, b, c)):
            count += 1
    return count


def random_finished_game(dots, rng):
    """Lines drawn in random order, each crossing none drawn before, until none can be added;
    returns the lines in order."""
    candidates = list(combinations(range(len(dots)), 2))
    rng.shuffle(candidates)
    drawn: list[tuple[int, int]] = []
    for line in candidates:          # a line blocked now stays blocked: one pass is a whole game
        if not any(crosses(dots, line, other) for other in drawn):
            drawn.append(line)
    return drawn


def points_of(line, joined) -> int:
    """The article's scoring, counted by brute force: 1 for the line, 3 per triangle, 5 per
    4-clique that the line completes."""
    a, b = line
    common = [c for c in joined[a] & joined[b]]
    cliques = sum(1 for c, d in combinations(common, 2) if d in joined[c])
    return 1 + 3 * len(common) + 5 * cliques


def brute_part_above(dots) -> list[int]:
    """A, the last letter, and the dots above the line joining them (letters go left to right,
    so A is leftmost and the last letter rightmost); 'above' asked of shapely's polygon of the
    page's upper half, cut along that line."""
    (ax, ay), (zx, zy) = dots[0], dots[-1]
    far = 1000        # the line A-Z carried far past the board both ways, then the half above it
    a, z = (ax - far * (zx - ax), ay - far * (zy - ay)), (zx + far * (zx - ax), zy + far * (zy - ay))
    left, right = (a[0] - far * (zy - ay), a[1] + far * (zx - ax)), (z[0] - far * (zy - ay), z[1] + far * (zx - ax))
    upper = Polygon([a, z, right, left])
    return [0] + [k for k in range(1, len(dots) - 1) if upper.contains(Point(dots[k]))] \
        + [len(dots) - 1]


def check_answers(dots) -> None:
    board = board_of(dots)
    dots = board.dots
    n = len(dots)
    answers = [answer for _, answer in questions(board)]
    hull = brute_hull(dots)
    # 1. the hull, clockwise from A: every hull dot once, a clockwise simple ring, A first
    m = re.fullmatch(r"([A-Z, ]+) \((\d+) on the hull; inside: ([A-Z, ]+|none)\)", answers[0])
    assert m, answers[0]
    walk = [index_of(x) for x in NAME.findall(m.group(1))]
    assert walk[0] == 0 and set(walk) == hull and len(walk) == len(hull) == int(m.group(2))
    if len(walk) >= 3:
        ring = Polygon([dots[k] for k in walk])
        assert ring.is_valid and ring.exterior.is_ccw is False
    inside = set() if m.group(3) == "none" else {index_of(x) for x in NAME.findall(m.group(3))}
    assert inside == set(range(n)) - hull
    # 2. lines of a finished game on A, the last letter and the dots above: the printed sum and
    # games played out on those dots alone
    part = brute_part_above(dots)
    sub = [dots[k] for k in part]
    listed, total = answers[1].split(": ")
    assert [index_of(x) for x in NAME.findall(listed)] == part
    assert total.endswith(f" = {3 * len(sub) - 3 - len(brute_hull(sub)) if len(sub) > 2 else 1}")
    rng = random.Random(n)
    for _ in range(3):
        assert len(random_finished_game(sub, rng)) == int(total.rsplit("= ", 1)[1])
    # 3. triangles with a corner at A and a dot inside; on a board with every dot on the hull
    # (where that count is always 0), the dots a drawn line cuts off from A
    if hull == set(range(n)):
        m = re.fullmatch(r"Draw a light line ([A-Z]+)–([A-Z]+)\. Which dots can A no longer be "
                         r"joined to\?", questions(board)[2][0])
        assert m, questions(board)[2][0]
        b, y = index_of(m.group(1)), index_of(m.group(2))
        assert b == 1 and b != y and {b, y} <= set(range(n))
        cut = [j for j in range(1, n) if j not in (b, y) and
               LineString([dots[0], dots[j]]).crosses(LineString([dots[b], dots[y]]))]
        listed = answers[2].split(" (")[0]
        named = [] if listed == "none" else [index_of(x) for x in NAME.findall(listed)]
        assert named == cut, answers[2]
    else:
        at_a = [(0, b, c) for b, c in combinations(range(1, n), 2)
                if any(Polygon([dots[0], dots[b], dots[c]]).contains(Point(dots[k]))
                       for k in range(n) if k not in (0, b, c))]
        m = re.match(r"(\d+)( \(for example ([A-Z]+), ([A-Z]+), ([A-Z]+) with ([A-Z]+) inside\))?",
                     answers[2])
        assert m and int(m.group(1)) == len(at_a), answers[2]
        if at_a:
            a, b, c, d = (index_of(m.group(k)) for k in range(3, 7))
            assert a == 0 and Polygon([dots[a], dots[b], dots[c]]).contains(Point(dots[d]))
    # 4. the scoring move: with only the listed lines drawn, the answer is the one line that
    # can be drawn and scores more than 1, and it scores the printed sum
    drawn = [tuple(index_of(x) for x in pair.split("–"))
             for pair in re.search(r"Draw the lines (.*) on the board", questions(board)[3][0])
             .group(1).split(", ")]
    for p, q in combinations(drawn, 2):
        assert not crosses(dots, p, q)
    joined = {i: set() for i in range(n)}
    for a, b in drawn:
        joined[a].add(b)
        joined[b].add(a)
    scoring = [line for line in combinations(range(n), 2)
               if line not in {tuple(sorted(x)) for x in drawn}
               and not any(crosses(dots, line, other) for other in drawn)
               and points_of(line, joined) > 1]
    named, worth = answers[3].split(": ")
    assert len(scoring) == 1 and tuple(index_of(x) for x in named.split("–")) == scoring[0]
    assert int(worth.rsplit("= ", 1)[1]) == points_of(scoring[0], joined)
    clique = len(brute_four_cliques(dots)) > 0
    assert points_of(scoring[0], joined) == (12 if clique else 4)


@settings(max_examples=100, deadline=None)
@given(boards(min_dots=3, max_dots=9, grid=30))
def test_worksheet_answers_match_brute_force_on_any_board(dots):
    check_answers(dots)


@pytest.mark.parametrize("n", [5, 7, 8, 9, 11, 13])
def test_worksheet_answers_match_brute_force_on_generated_boards(n):
    for seed in range(10):
        board = cliquer.generate(cliquer.Item(dots=n, worksheet=True), random.Random(seed), "T-01")
        check_answers(board.dots)


def test_a_four_clique_is_a_triangle_with_a_dot_inside_and_no_other_shape():
    """What the worksheet's definition says: every crossing-free 4-clique is a triangle with a
    dot inside joined to its corners, whatever else lies inside; four dots in convex position
    never make one. Checked on random boards by brute force."""
    rng = random.Random(4)
    seen_crowded = 0
    for _ in range(30):
        board = cliquer.generate(cliquer.Item(dots=rng.randint(5, 9)), rng, "T-01")
        dots = board.dots
        four = set(brute_four_cliques(dots))
        for quad in combinations(range(len(dots)), 4):
            inner = [d for d in quad
                     if Polygon([dots[k] for k in quad if k != d]).contains(Point(dots[d]))]
            assert (quad in four) == (len(inner) == 1)
            if quad in four:
                corners = [k for k in quad if k != inner[0]]
                others = sum(Polygon([dots[k] for k in corners]).contains(Point(p)) for p in dots)
                seen_crowded += others >= 2
    assert seen_crowded, "some 4-clique should be around a triangle holding two or more dots"


def test_a_move_completing_a_four_clique_scores_at_least_twelve_and_more_happens():
    """The boards and the key print 'at least 12': every such move in random games scores 12
    or more, exactly 12 happens, and more than 12 happens too."""
    scores = []
    rng = random.Random(11)
    for _ in range(150):
        board = cliquer.generate(cliquer.Item(dots=rng.randint(6, 11)), rng, "T-01")
        dots = board.dots
        joined = {i: set() for i in range(len(dots))}
        for line in random_finished_game(dots, rng):
            a, b = line
            common = joined[a] & joined[b]
            if any(d in joined[c] for c, d in combinations(common, 2)):
                scores.append(points_of(line, joined))
            joined[a].add(b)
            joined[b].add(a)
    assert scores and min(scores) == 12 and max(scores) > 12
    assert "at least 1+3+3+5 = 12" in words.FOUR_CLIQUE_SCORE


def test_the_printed_game_length_is_every_finished_game_s_length():
    from pnp.games.cliquer.sheet import moves_in_game

    rng = random.Random(3)
    for _ in range(40):
        board = cliquer.generate(cliquer.Item(dots=rng.randint(4, 12)), rng, "T-01")
        lengths = {len(random_finished_game(board.dots, rng)) for _ in range(4)}
        assert lengths == {moves_in_game(board)}
        printed = " ".join(words.rule_lines(moves_in_game(board)))
        assert f"after exactly {moves_in_game(board)} lines" in printed


def test_no_printed_sentence_keeps_the_old_false_claims():
    """'Exactly one dot inside' / 'the only place' / 'worth 12' were false; they are gone from
    everything a CliqueR piece prints."""
    board = cliquer.generate(cliquer.Item(worksheet=True), random.Random(1), "T-01")
    printed = " ".join([q + " " + a for q, a in questions(board)] + words.rule_lines(17)
                       + [words.FOUR_CLIQUE_SCORE, words.SCORING]
                       + [f"{t}: {d}" for t, d in words.DEFINITIONS])
    for claim in ("exactly one dot", "the only place", "worth 12", "no 4-clique is possible"):
        assert claim not in printed
    assert dot_name(0) == "A" and index_of("AB") == 27


def class_set(band: str, dots: int, seed: str, count: int = 24):
    from pnp.build import generate_all
    from pnp.spec import loads

    text = (f"title: T\nseed: {seed}\nitems:\n  - {{kind: cliquer, count: {count}, dots: {dots}, "
            f"difficulty: {band}, worksheet: true}}\n")
    return generate_all(loads(text, "class.yaml"), seed)


@pytest.mark.parametrize("band, dots", [("medium", 8), ("hard", 8), ("medium", 10), ("easy", 6),
                                        ("easy", 8), ("easy", 10), ("easy", 12)])
def test_neighbours_in_a_class_set_mostly_share_no_answer(band, dots):
    """One step for all, yet most pairs of sheets share no answer, and no answer is the same on
    every sheet (the key says the step fixes none), easy sets with every dot on the hull too."""
    from pnp.games.cliquer.key import SHARED_NOTE
    from pnp.games.cliquer.worksheet import answer_values

    sheets = class_set(band, dots, f"class-{band}-{dots}")
    values = [answer_values(b) for b in sheets]
    pairs = list(combinations(values, 2))
    apart = sum(all(a != b for a, b in zip(p, q)) for p, q in pairs) / len(pairs)
    assert apart > 0.5, apart
    for k in range(len(values[0])):
        assert len({v[k] for v in values}) > 1, k + 1
    # the score of question 4 is the one shared answer, and the key says so: by brute force it
    # is the same on every sheet of the set (12 with dots inside, 4 with every dot on the hull)
    scores = {question_four_score(b) for b in sheets}
    assert scores == ({4} if all(len(brute_hull(b.dots)) == len(b.dots) for b in sheets)
                      else {12})
    assert SHARED_NOTE.startswith("No answer is fixed by the step but the score in question 4")


def question_four_score(board) -> int:
    """The points the scoring line of question 4 scores with only the listed lines drawn, by the
    brute-force scoring above."""
    from pnp.games.cliquer.worksheet import scoring_example

    drawn, scorer, _ = scoring_example(board)
    joined = {i: set() for i in range(len(board.dots))}
    for a, b in drawn:
        joined[a].add(b)
        joined[b].add(a)
    return points_of(scorer, joined)


def test_an_easy_class_set_asks_what_its_own_hull_blocks():
    """The easy step's 8-dot boards have every dot on the hull; the third question is then the
    dots a line cuts off from A, which is not 'none' on every sheet."""
    from pnp.games.cliquer.worksheet import questions

    sheets = class_set("easy", 8, "class-easy-8")
    assert all(len(brute_hull(b.dots)) == len(b.dots) for b in sheets)
    thirds = [questions(b)[2] for b in sheets]
    assert all(q.startswith("Draw a light line B–G.") for q, _ in thirds)
    assert len({a for _, a in thirds}) > 5
    for board in sheets[:6]:
        check_answers(board.dots)


# ---- the teacher's page: questions 2 and 3 worked through, by the same brute force ------------

def test_the_teacher_s_question_2_is_what_brute_force_finds():
    """The part above A-G, its hull, the sum and the game drawn, each found again without pnp's
    geometry: the game in the picture is a finished one (no two lines cross, no line can be
    added) of exactly the printed number of lines, the light line A-G among them."""
    from pnp.games.cliquer.teacher import EXAMPLE, worked

    dots, w = list(EXAMPLE), worked()
    part = brute_part_above(dots)
    sub = [dots[k] for k in part]
    hull = {part[k] for k in brute_hull(sub)}
    assert list(w.part) == part and set(w.below) == set(range(len(dots))) - set(part)
    assert set(w.part_hull) == hull and len(part) - len(hull) >= 1       # a dot inside, to see
    assert w.lines == 3 * len(part) - 3 - len(hull)
    rng = random.Random(2)
    assert {len(random_finished_game(sub, rng)) for _ in range(20)} == {w.lines}
    game = set(w.game)
    assert len(game) == w.lines and (0, len(dots) - 1) in game
    for p, q in combinations(game, 2):
        assert not crosses(dots, p, q)
    for line in combinations(part, 2):
        assert line in game or any(crosses(dots, line, other) for other in game)


def test_the_teacher_s_question_3_is_what_brute_force_finds():
    """Every triangle at A is listed once, and those holding a dot (by shapely) with the dots
    they hold; on the second board, every dot on the hull, the dots the line cuts off from A."""
    from pnp.games.cliquer.teacher import EXAMPLE, ON_HULL, worked

    dots, w = list(EXAMPLE), worked()
    n = len(dots)
    assert sorted(w.triangles) == [(0, b, c) for b, c in combinations(range(1, n), 2)]
    held = {(0, b, c): tuple(k for k in range(n) if k not in (0, b, c)
                             and Polygon([dots[0], dots[b], dots[c]]).contains(Point(dots[k])))
            for _, b, c in w.triangles}
    assert {t[:3]: t[3] for t in w.dotted} == {t: k for t, k in held.items() if k}
    assert 1 < len(w.dotted) < len(w.triangles)                 # some do, some do not
    round_dots = list(ON_HULL)
    assert brute_hull(round_dots) == set(range(len(round_dots)))
    b, y = w.block
    assert (b, y) == (1, len(round_dots) - 2)
    cut = [j for j in range(1, len(round_dots)) if j not in (b, y) and
           LineString([round_dots[0], round_dots[j]]).crosses(LineString([round_dots[b], round_dots[y]]))]
    assert list(w.cut) == cut and cut


def teacher_page_text(tmp_path, language: str = "en", paper: str = "A4", way: str = "portrait"):
    """The words of a class set's teacher's page as the PDF prints them (pdfium), and its page."""
    import pypdfium2 as pdfium

    from pnp.build import build
    from pnp.spec import loads

    spec = loads(f"title: T\nseed: s\nlanguage: {language}\npage: {{size: {paper}, orientation: {way}}}\n"
                 "items:\n  - {kind: cliquer, count: 3, dots: 8, worksheet: true}\n", "t.yaml")
    [(path, _, _)] = build(spec, tmp_path)
    document = pdfium.PdfDocument(str(path))
    pages = [" ".join(document[k].get_textpage().get_text_range().split()) for k in range(len(document))]
    return pages


@pytest.mark.parametrize("paper, way", [("A4", "portrait"), ("Letter", "landscape")])
def test_the_teacher_s_page_prints_what_brute_force_finds(tmp_path, paper, way):
    """The printed page says the sums and the letters found above, once a set, after the
    worksheets and before the keys."""
    from pnp.games.cliquer.teacher import EXAMPLE, ON_HULL, worked

    pages = teacher_page_text(tmp_path, paper=paper, way=way)
    teacher = [k for k, text in enumerate(pages) if "For the teacher: questions 2 and 3" in text]
    assert len(teacher) == 1
    text = pages[teacher[0]]
    assert teacher[0] > 2 and all("Answer key" in page for page in pages[teacher[0] + 1:])
    dots, w = list(EXAMPLE), worked()
    part = brute_part_above(dots)
    hull = brute_hull([dots[k] for k in part])
    names = ", ".join(dot_name(k) for k in part)
    assert f"The dots left are {names}: {len(part)} dots." in text
    assert f"3 × {len(part)} − 3 − {len(hull)} = {3 * len(part) - 3 - len(hull)}:" in text
    assert f"That is {len(w.triangles)} triangles." in text
    assert f"So {len(w.dotted)} of them have a dot inside, and the answer is {len(w.dotted)}." in text
    cut = ", ".join(dot_name(k) for k in w.cut)
    block = f"{dot_name(w.block[0])}–{dot_name(w.block[1])}"
    assert f"A line from A to {cut} would cross {block}" in text
    assert f"Draw a light line {block}. Which dots can A no longer be joined to?" in text
    assert len(ON_HULL) == len(EXAMPLE)


@pytest.mark.parametrize("language", ["fr", "ar", "zh"])
def test_the_teacher_s_page_speaks_the_set_s_language(tmp_path, language):
    from pnp.games.cliquer.teacher import TITLE
    from pnp.i18n import _, using

    pages = teacher_page_text(tmp_path, language)
    with using(language):
        title = _(TITLE)
    assert title != TITLE
    (text,) = [p for p in pages if " ".join(title.split()[:2]) in p]
    assert "For the teacher" not in text and "worked through" not in text
