"""Guillotine packing (pnp/pdf/pack.py): pieces of any sizes share a sheet, never overlap, stay
on it, keep their order, and the sheet can always be cut apart with straight cuts right across."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.pdf.pack import EPS, Rect, Sheet

sizes = st.tuples(st.floats(5, 200), st.floats(5, 200))


def _fill(width, height, pieces):
    """Pack pieces in order onto as many sheets as needed: [(sheet, [(piece index, spot)])]."""
    sheets, sheet = [], None
    for i, (w, h) in enumerate(pieces):
        if sheet is None:
            sheet = Sheet(width, height)
            sheets.append((sheet, []))
        spot = sheet.place(w, h)
        if spot is None:
            sheet = Sheet(width, height)
            sheets.append((sheet, []))
            spot = sheet.place(w, h)
        sheets[-1][1].append((i, spot))
    return sheets


def _overlap(a: Rect, b: Rect) -> bool:
    return a.x < b.right - EPS and b.x < a.right - EPS and a.y < b.bottom - EPS and b.y < a.bottom - EPS


def guillotine(rects: list[Rect]) -> bool:
    """Whether straight cuts right across (then across each part, and so on) free every rect."""
    if len(rects) <= 1:
        return True
    for axis in ("x", "y"):
        for r in rects:
            cut = r.right if axis == "x" else r.bottom
            before = [q for q in rects if (q.right if axis == "x" else q.bottom) <= cut + EPS]
            after = [q for q in rects if (q.x if axis == "x" else q.y) >= cut - EPS]
            if before and after and len(before) + len(after) == len(rects):
                return guillotine(before) and guillotine(after)
    return False


@settings(max_examples=300, deadline=None)
@given(st.lists(sizes.filter(lambda s: s[0] <= 190 and s[1] <= 270), min_size=1, max_size=40))
def test_pieces_stay_on_the_sheet_never_overlap_and_cut_apart_straight(pieces):
    for sheet, placed in _fill(190, 270, pieces):
        spots = [spot for _, spot in placed]
        for i, (k, spot) in enumerate(placed):
            assert (spot.width, spot.height) == pieces[k]
            assert -EPS <= spot.x and spot.right <= 190 + EPS and -EPS <= spot.y and spot.bottom <= 270 + EPS
            assert not any(_overlap(spot, other) for other in spots[i + 1:])
        assert guillotine(spots)


@settings(max_examples=200, deadline=None)
@given(st.lists(sizes.filter(lambda s: s[0] <= 190 and s[1] <= 270), min_size=1, max_size=40))
def test_order_is_kept_across_sheets_and_the_same_pieces_land_in_the_same_places(pieces):
    first, again = _fill(190, 270, pieces), _fill(190, 270, pieces)
    order = [k for _, placed in first for k, _ in placed]
    assert order == list(range(len(pieces)))
    assert [[(k, s) for k, s in p] for _, p in first] == [[(k, s) for k, s in p] for _, p in again]


@settings(max_examples=200, deadline=None)
@given(st.floats(20, 200), st.floats(20, 270), st.floats(190, 400), st.floats(190, 400))
def test_pieces_of_one_size_fill_the_sheet_as_a_grid_does(w, h, width, height):
    """No worse than the grid imposer it replaced: cols x rows of one size fit, one more does not."""
    capacity = int((width + EPS) // w) * int((height + EPS) // h)
    sheet = Sheet(width, height)
    assert all(sheet.place(w, h) is not None for _ in range(capacity))
    assert sheet.place(w, h) is None


def test_small_pieces_fill_the_room_beside_a_large_one():
    """A rules card, then tokens: the tokens go beside the card, not onto a new row below."""
    sheet = Sheet(190, 270)
    card = sheet.place(105, 148)
    token = sheet.place(11, 11)
    assert card == Rect(0, 0, 105, 148)
    assert token == Rect(105, 0, 11, 11)


def test_a_piece_larger_than_the_sheet_does_not_fit():
    sheet = Sheet(190, 270)
    assert not sheet.fits_empty(191, 10)
    assert sheet.place(191, 10) is None
    assert sheet.fits_empty(190, 270)


def test_a_new_row_keeps_every_later_piece_below_the_last_row():
    """A new kind of piece (new_row) starts below the piece placed last, and so does every piece
    after it on the sheet: the rest of the old row stays empty rather than mixing kinds."""
    sheet = Sheet(100, 100)
    for _ in range(6):                       # a row of 5 and one more below
        sheet.place(20, 20)
    first = sheet.place(20, 20, new_row=True)
    assert (first.x, first.y) == (0, 40)
    rest = [sheet.place(20, 20) for _ in range(5)]
    assert all(r.y >= 40 for r in rest)
    assert [r.y for r in rest] == [40, 40, 40, 40, 60]


def test_chits_of_one_colour_never_share_a_row_with_the_other_colour(tmp_path):
    from pnp.build import build
    from pnp.verify.record import read as read_record
    from pnp.spec import loads

    for paper in ("{size: A4, orientation: portrait}", "{size: Letter, orientation: landscape}"):
        text = f"title: T\nseed: s\npage: {paper}\nitems:\n  - {{kind: circles}}\n"
        [(path, _, _)] = build(loads(text, "s.yaml"), tmp_path)
        doc = read_record(path)
        frames = [(p["piece"], p["frame"]) for r in doc.payload["boards"] for p in r["placements"]
                  if p["piece"].startswith("circles-bead-")]
        rows: dict = {}
        for name, (x, y, w, h) in frames:
            rows.setdefault(round(y, 3), set()).add(name.split("-")[2])
        assert frames and all(len(colours) == 1 for colours in rows.values()), rows


@settings(max_examples=200, deadline=None)
@given(st.lists(sizes, min_size=1, max_size=12), st.lists(sizes, min_size=1, max_size=12))
def test_a_new_band_goes_below_every_piece_so_one_straight_cut_parts_the_items(before, after):
    """The next item (new_band) goes below every piece already on the sheet, not only the last;
    or when no room is left below, right of every piece; or failing both, right of the last
    piece and below every piece above it. Every later piece of the item stays on the same side:
    one cut right across (or down), or two (across at the last row's top, then down beside the
    last piece), part the two items."""
    sheet = Sheet(300, 300)
    old = [s for s in (sheet.place(w, h) for w, h in before) if s is not None]
    if not old:
        return
    line, wall, last = max(r.bottom for r in old), max(r.right for r in old), old[-1]
    new = sheet.place(*after[0], new_band=True)
    if new is None:                          # the imposer starts a fresh sheet for the item
        return
    sides = {"below": lambda r: r.y >= line - EPS, "beside": lambda r: r.x >= wall - EPS,
             "after the last": lambda r: r.x >= last.right - EPS and r.y >= last.y - EPS}
    side = next(name for name, on in sides.items() if on(new))
    w, h = after[0]
    if side != "below":                      # beside only when the band below had no room
        assert h > 300 - line + EPS
    if side == "after the last":
        assert w > 300 - wall + EPS
        assert all(r.bottom <= last.y + EPS or r.right <= last.right + EPS for r in old)
    later = [sheet.place(w, h) for w, h in after[1:]]
    for spot in [new, *later]:
        if spot is not None:
            assert sides[side](spot)


def test_a_new_band_beside_a_tall_piece_waits_below_it():
    sheet = Sheet(100, 100)
    sheet.place(40, 80)                      # tall, then a small one beside it
    sheet.place(20, 20)
    spot = sheet.place(20, 15, new_band=True)
    assert (spot.x, spot.y) == (0, 80)       # not beside the tall piece, below it
    spot = sheet.place(30, 30, new_band=True)
    assert (spot.x, spot.y) == (60, 0)       # no room below: beside every piece, one cut down
    assert sheet.place(20, 20).x >= 60       # the item's next piece stays on its side
    assert sheet.place(45, 10, new_band=True) is None


# ---- items sharing sheets in a built pack ------------------------------------------------------

def _pages(tmp_path, text):
    """{page: [(item, piece, frame)]} of a built spec, after checking it validates."""
    from pnp.build import build
    from pnp.verify.record import read as read_record
    from pnp.spec import loads
    from pnp.verify.validate import validate_file

    [(path, _, _)] = build(loads(text, "s.yaml"), tmp_path)
    assert all(r.ok for r in validate_file(path)), "the pack does not validate"
    doc = read_record(path)
    pages: dict = {}
    for r in doc.payload["boards"]:
        for p in r["placements"]:
            pages.setdefault(p["page"], []).append((r["item"], p["piece"], p["frame"]))
    return pages


def test_a_set_s_rules_print_right_after_its_board_and_before_the_next_item(tmp_path):
    """Circles' card, slips and tokens (under half a portrait page) print on the page after its
    board, before the Cliques score sheet: a sheet never waits over the next item's pages, so
    the rules stay beside the board they explain (issue 44), the Cliques rules card after its
    own score sheet."""
    for paper in ("{size: A4, orientation: portrait}", "{size: Letter, orientation: portrait}"):
        text = (f"title: T\nseed: s\npage: {paper}\nitems:\n  - {{kind: circles}}\n"
                "  - {kind: cliques, players: 4}\n")
        pages = _pages(tmp_path, text)
        names = {p: [n for _, n, _ in ps] for p, ps in pages.items()}
        assert names[0] == ["circles-board"] and "circles-rules" in names[1]
        assert {i for i, _, _ in pages[1]} == {0}
        assert names[2] == ["score sheet"] and names[3][0] == "rules card"


def test_a_sheet_at_least_half_full_prints_before_the_next_items_pages(tmp_path):
    """Four quarter boards (two thirds of the page) print as they come, before the Circles
    board; they are not held back to take later pieces."""
    text = ("title: T\nseed: s\npage: {size: A4, orientation: portrait}\nitems:\n"
            "  - {kind: cliquer, size: quarter, count: 4, dots: 7}\n  - {kind: circles}\n")
    pages = _pages(tmp_path, text)
    assert [i for i, _, _ in pages[0]] == [0, 0, 0, 0]
    assert [n for _, n, _ in pages[1]] == ["circles-board"]


def test_answer_keys_start_their_own_sheet_three_to_a_landscape_page(tmp_path):
    for paper in ("{size: A4, orientation: landscape}", "{size: Letter, orientation: landscape}"):
        text = (f"title: T\nseed: s\npage: {paper}\nitems:\n"
                "  - {kind: cliquer, count: 6, dots: 7, worksheet: true}\n"
                "  - {kind: cliquer, size: quarter, count: 1, dots: 7}\n")
        pages = _pages(tmp_path, text)
        keys = [p for p, ps in pages.items() if any(n == "answer-key" for _, n, _ in ps)]
        assert [len(pages[p]) for p in keys] == [3, 3]
        assert all(n == "answer-key" for p in keys for _, n, _ in pages[p])


def test_an_item_of_cards_only_is_not_held_so_items_start_in_order(tmp_path):
    """One quarter board (a sixth of the page) is a whole item of cards: it prints before the
    Circles board that follows rather than waiting for the Circles pieces, so the pack still
    opens with its first item."""
    text = ("title: T\nseed: s\npage: {size: A4, orientation: portrait}\nitems:\n"
            "  - {kind: cliquer, size: quarter, dots: 6}\n  - {kind: circles, circles: 3}\n")
    pages = _pages(tmp_path, text)
    assert [(i, n) for i, n, _ in pages[0]] == [(0, "board")]
    assert [n for _, n, _ in pages[1]] == ["circles-board"]


def test_an_item_that_opens_with_a_whole_page_prints_after_the_last_items_sheet(tmp_path):
    """A Cliques set's last remark cards print on their own sheet before the next set's score
    sheet, and the next set's rules card follows that score sheet: no sheet holds two sets."""
    text = ("title: T\nseed: s\npage: {size: A4, orientation: landscape}\nitems:\n"
            "  - {kind: cliques, players: 3, remark_cards: 9}\n  - {kind: cliques, players: 3}\n")
    pages = _pages(tmp_path, text)
    assert all(len({i for i, _, _ in pieces}) == 1 for pieces in pages.values())
    items = [next(iter({i for i, _, _ in pages[p]})) for p in sorted(pages)]
    assert items == sorted(items)                        # the first set, then the second, whole
    second = min(p for p in pages if pages[p][0][0] == 1)
    assert [n for _, n, _ in pages[second]] == ["score sheet"]
    assert pages[second + 1][0][1] == "rules card"