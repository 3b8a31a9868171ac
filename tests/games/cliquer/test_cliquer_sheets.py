"""CliqueR sheets as a build prints them: cards n-up, answer keys n-up with bookmarks and apart,
one difficulty step per class set, the whole rule on every size, options refused at their line."""

from __future__ import annotations

import ast
import random
import re
from collections import Counter
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from support.cliquer_pages import PAPERS
from pnp.build import build, generate_all
from pnp.errors import SpecError
from pnp.games import cliquer
from pnp.games.cliquer import words
from pnp.games.cliquer.difficulty import measure
from pnp.games.cliquer.geometry import convex_hull
from pnp.games.cliquer.ink import MIN_SPACING_MM
from pnp.games.cliquer.target import band_target, possible_values, step_for
from pnp.spec import loads
from pnp.verify.validate import validate_file

ROOT = Path(__file__).resolve().parents[3]


def spec(items: str, paper="A4", orientation="portrait", title="Sheets") -> str:
    return (f"title: {title}\npage: {{size: {paper}, orientation: {orientation}}}\nseed: \"s\"\n"
            f"items:\n{items}")


def page_texts(path) -> list[str]:
    doc = pdfium.PdfDocument(str(path))
    try:
        return [doc[i].get_textpage().get_text_range() for i in range(len(doc))]
    finally:
        doc.close()


def placements(path) -> list[dict]:
    from support.tamper import read_data

    return [dict(p, kind=r["kind"], size=r["data"].get("size")) for r in read_data(path)["boards"]
            for p in r["placements"]]


@pytest.mark.parametrize("paper, orientation", PAPERS)
def test_cards_and_keys_share_sheets_as_promised_on_every_paper(tmp_path, paper, orientation):
    """Half boards two to a sheet, quarter boards four, answer keys four (portrait) or three
    (landscape: the four keys take 3 + 1), with 10 mm margins; cards spread over the whole
    content area (a half card takes half of it, a quarter card a quarter, on every paper, less
    1 mm round the area);
    and the whole PDF validates."""
    from pnp.pdf.page import geometry

    area = geometry(paper, orientation, 10).content
    text = spec("  - kind: cliquer\n    size: half\n    count: 4\n    dots: 7\n"
                "  - kind: cliquer\n    size: quarter\n    count: 8\n    dots: 7\n"
                "  - kind: cliquer\n    worksheet: true\n    count: 4\n    dots: 7\n", paper, orientation)
    [(path, boards, pages)] = build(loads(text, "s.yaml"), tmp_path)
    per_page: Counter = Counter()
    for p in placements(path):
        what = p["piece"] if p["piece"] != "board" else p["size"]
        per_page[what, p["page"]] += 1
        if p["piece"] == "board" and p["size"] != "page":
            share = p["frame"][2] * p["frame"][3] / (area.width * area.height)
            assert 0.97 <= share / {"half": 1 / 2, "quarter": 1 / 4}[p["size"]] <= 1
    counts: dict[str, set] = {}
    for (what, _), n in per_page.items():
        counts.setdefault(what, set()).add(n)
    assert counts["half"] == {2} and counts["quarter"] == {4}
    assert counts["answer-key"] == ({4} if orientation == "portrait" else {3, 1})
    assert counts["teacher"] == {1}                   # the class set's teacher's page, a page
    assert pages == 2 + 2 + 4 + 1 + (1 if orientation == "portrait" else 2)
    assert all(r.ok for r in validate_file(path))


def test_eighty_default_boards_on_a4_landscape_all_validate(tmp_path):
    """The issue's case: 10 of 80 default boards failed on A4 landscape."""
    text = spec("  - kind: cliquer\n    count: 80\n", "A4", "landscape")
    [(path, _, pages)] = build(loads(text, "s.yaml"), tmp_path)
    reports = validate_file(path)
    assert pages == 80 and len(reports) == 80 and all(r.ok for r in reports), \
        [r.line("x") for r in reports if not r.ok][:3]


def test_the_pdf_outline_lists_each_board_and_the_keys_section(tmp_path):
    text = spec("  - kind: cliquer\n    count: 2\n    dots: 7\n"
                "  - kind: cliquer\n    worksheet: true\n    count: 5\n    dots: 7\n")
    [(path, _, _)] = build(loads(text, "s.yaml"), tmp_path)
    doc = pdfium.PdfDocument(str(path))
    toc = [(item.level, item.get_title(), item.get_dest().get_index()) for item in doc.get_toc()]
    doc.close()
    from support.tamper import read_data

    idents = [p["data"]["ident"] for p in read_data(path)["boards"]]
    boards = [t for t in toc if t[0] == 0 and t[1] != "Answer keys"]
    assert [t[1] for t in boards] == ([f"Board {i}" for i in idents[:2]]
                                      + [f"Worksheet {i}" for i in idents[2:]])
    assert [t[2] for t in boards] == list(range(7))            # each on its own page
    section = [k for k, t in enumerate(toc) if t[1] == "Answer keys"]
    assert len(section) == 1
    teacher, *keys = toc[section[0] + 1:]
    assert teacher == (1, "For the teacher", 7)                 # the teacher's page, then keys
    assert [t[:2] for t in keys] == [(1, f"Key {i}") for i in idents[2:]]
    assert [t[2] for t in keys] == [8, 8, 8, 8, 9]              # four keys to a sheet
    assert toc[section[0]][2] == 7


def test_keys_apart_writes_two_pdfs_that_both_validate(tmp_path):
    text = spec("  - kind: cliquer\n    count: 1\n    dots: 7\n"
                "  - kind: cliquer\n    worksheet: true\n    count: 3\n    dots: 7\n")
    written = build(loads(text, "s.yaml"), tmp_path, keys_apart=True)
    (main, main_boards, main_pages), (keys, key_boards, key_pages) = written
    assert keys.name == "s-keys.pdf" and (main_boards, main_pages) == (4, 4)
    assert (key_boards, key_pages) == (3, 2)           # the teacher's page, then the keys
    assert {p["piece"] for p in placements(main)} == {"board"}
    assert {p["piece"] for p in placements(keys)} == {"teacher", "answer-key"}
    for path in (main, keys):
        reports = validate_file(path)
        assert reports and all(r.ok for r in reports), [r.line("x") for r in reports]
    assert "For the teacher" in page_texts(keys)[0] and "Answer key" in page_texts(keys)[1]
    assert not any("Answer key" in t or "For the teacher" in t for t in page_texts(main))
    from pnp.render import redraw
    from support.tamper import read_data

    for path in (main, keys):           # the validator's redraw gives the same pages
        _, records = redraw(read_data(path))
        assert records == read_data(path)["boards"]


@pytest.mark.parametrize("size", ["page", "half", "quarter"])
def test_every_size_prints_the_whole_rule(tmp_path, size):
    text = spec(f"  - kind: cliquer\n    size: {size}\n    count: 4\n    dots: 8\n")
    [(path, _, _)] = build(loads(text, "s.yaml"), tmp_path)
    printed = " ".join(" ".join(t.split()) for t in page_texts(path))
    from support.tamper import read_data

    for record in read_data(path)["boards"]:
        board = cliquer.from_data(record["data"])
        n, h = len(board.dots), len(convex_hull(board.dots))
        for sentence in words.rule_lines(3 * n - 3 - h):
            assert sentence in printed, sentence
    assert "never cross" in printed and "house rule" in printed


def test_the_worksheet_is_a_handout_that_defines_every_word_it_asks_about(tmp_path):
    text = spec("  - kind: cliquer\n    worksheet: true\n    dots: 8\n")
    [(path, _, _)] = build(loads(text, "s.yaml"), tmp_path)
    sheet = " ".join(page_texts(path)[0].split())
    for field in ("Name", "Class", "Date", "How to play", "Words used in the questions"):
        assert field in sheet
    for term, definition in words.DEFINITIONS:
        assert f"{term}: {definition}" in sheet
    from pnp.games.cliquer.worksheet import questions

    board = cliquer.generate(cliquer.Item(worksheet=True, dots=8), random.Random(0), "T-01")
    asked = " ".join(q for q, _ in questions(board)).lower()
    for term in ("hull", "triangle", "dot inside", "4-clique", "finished game", "scoring rule"):
        assert term in asked
        assert term in sheet.lower()      # every word a question uses is on the sheet


@pytest.mark.parametrize("n, band", [(8, "medium"), (9, "medium"), (9, "hard"), (10, "easy"), (11, "hard")])
def test_a_class_set_gets_one_difficulty_step_whatever_the_seed(n, band):
    """Every board of a count>1 item asking for a band has the same number of dots inside the
    hull; the step is the one covering the widest part of the band, whatever the seed."""
    low, high = band_target(band)
    interior, lo, hi = step_for(n, low, high)
    widths = [min(high, b) - max(low, a) for a, b in possible_values(n)]
    assert widths[interior] == max(widths)
    from pnp.build import generate_all

    class_set = loads(f"items:\n  - kind: cliquer\n    count: 4\n    dots: {n}\n"
                      f"    difficulty: {band}\n", "class.yaml")
    seen = set()
    for seed in range(6):           # six class sets of four, as builds with six seeds make them
        for board in generate_all(class_set, f"class-{seed}"):
            rated = measure(board.dots)
            seen.add(rated.components["interior_dots"])
            assert rated.band == band and lo <= rated.value <= hi
    assert seen == {interior}


def test_the_step_is_a_function_of_the_range_alone():
    for n in range(4, 16):
        for band in ("easy", "medium", "hard"):
            assert step_for(n, *band_target(band)) == step_for(n, *band_target(band))
    assert step_for(8, *band_target("medium"))[0] == 1       # 0.39-0.46, not sometimes 0.63-0.67
    assert step_for(10, *band_target("easy"))[0] == 1        # an easy board with a dot inside
    assert step_for(8, 0.12, 0.18) is None                   # between steps: refused as before


def test_spacing_below_a_dot_and_a_pencil_gap_is_refused_at_its_line():
    text = "items:\n  - kind: cliquer\n    dots: 5\n    spacing_mm: 4.9\n"
    with pytest.raises(SpecError) as refused:
        loads(text, "x.yaml")
    assert str(refused.value).startswith("x.yaml:4:17:")
    assert f"{MIN_SPACING_MM:g}" in str(refused.value)
    loads(text.replace("4.9", f"{MIN_SPACING_MM:g}"), "x.yaml")      # the minimum itself is fine
    assert MIN_SPACING_MM >= 2 * 1.8 + 1.0                            # two printed dots and a gap


def test_a_square_too_large_for_the_paper_is_one_located_line(tmp_path):
    from support.paths import run_pnp

    (tmp_path / "big.yaml").write_text(spec("  - kind: cliquer\n    size_mm: 230\n    dots: 5\n"))
    done = run_pnp("build", tmp_path / "big.yaml", "-o", tmp_path / "out")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    [line] = done.stderr.strip().splitlines()
    assert re.match(r".*big\.yaml:\d+:\d+: .*230 mm square does not fit.*largest square that fits", line)
    assert not (tmp_path / "out").exists() or not list((tmp_path / "out").glob("*.pdf"))


def test_letters_option_round_trips_and_is_read_strictly():
    for labels in (True, False):
        board = cliquer.generate(cliquer.Item(labels=labels), random.Random(2), "T-01")
        assert board.labels is labels
        assert cliquer.from_data(cliquer.to_data(board)) == board
    data = cliquer.to_data(board)
    for bad in ("yes", 1, None):
        with pytest.raises(ValueError, match="labels"):
            cliquer.from_data({**data, "labels": bad})
    with pytest.raises(ValueError, match="labels"):
        cliquer.from_data({k: v for k, v in data.items() if k != "labels"})


def test_draw_and_worksheet_do_not_import_each_other():
    folder = ROOT / "pnp" / "games" / "cliquer"

    def imports(name):
        tree = ast.parse((folder / f"{name}.py").read_text())
        found = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module:
                found.add(node.module.rsplit(".", 1)[-1])
                found.update(a.name for a in node.names)
            elif isinstance(node, ast.Import):
                found.update(a.name.rsplit(".", 1)[-1] for a in node.names)
        return found

    assert "worksheet" not in imports("draw") and "key" not in imports("draw")
    assert "draw" not in imports("worksheet") and "draw" not in imports("key")


@pytest.mark.parametrize("paper, orientation", PAPERS)
def test_a_default_page_board_has_its_score_boxes_on_every_paper(paper, orientation):
    from support.cliquer_pages import draw_pieces

    board = cliquer.generate(cliquer.Item(), random.Random(5), "T-01")
    doc, _, _ = draw_pieces([(board, cliquer.pieces(board)[0])], paper, orientation)
    text = doc[0].get_textpage().get_text_range()
    assert "Player 1:" in text and "Player 2:" in text and "running score" in text


def test_answer_keys_never_share_a_sheet_with_play_cards(tmp_path):
    """Keys are held back to sheets of their own, so a teacher can take them out whole."""
    text = spec("  - kind: cliquer\n    worksheet: true\n    count: 2\n    dots: 7\n"
                "  - kind: cliquer\n    size: quarter\n    count: 1\n    dots: 7\n")
    [(path, _, _)] = build(loads(text, "s.yaml"), tmp_path)
    pages: dict[int, set] = {}
    for p in placements(path):
        pages.setdefault(p["page"], set()).add(p["piece"])
    assert all(len(pieces) == 1 for pieces in pages.values()), pages


def test_the_worksheet_keeps_the_step_to_its_key(tmp_path):
    """The worksheet's header has no band, value or step (the step would say how many dots are
    inside); the key prints them and what every sheet of the step shares."""
    text = ("title: T\nseed: s\nitems:\n  - {kind: cliquer, count: 4, dots: 8, difficulty: medium,"
            " worksheet: true}\n")
    [(path, _, _)] = build(loads(text, "s.yaml"), tmp_path)
    texts = [" ".join(t.split()) for t in page_texts(path)]
    for sheet in texts[:4]:
        assert "medium" not in sheet and "difficulty" not in sheet and "dot inside the hull" not in sheet
    keys = " ".join(texts[4:])
    assert keys.count("· 1 dot inside the hull · difficulty: medium (0.") == 4
    assert keys.count("on a scale of 0 to 1) (every board of an item that asks for a difficulty "
                      "has as many dots inside the hull)") == 4
    assert keys.count("No answer is fixed by the step") == 4


def test_a_header_says_its_figures_and_the_code_line_in_plain_words(tmp_path):
    """"hard 0.74 · step: 3 dots inside the hull" said plainly, and the code's line labelled
    as the one to type, on a page and on a card alike."""
    from pnp.games.cliquer.codes import CODE_LINE, encode
    from pnp.games.cliquer.sheet import hull, subtitle

    text = ("title: T\nseed: s\nitems:\n  - {kind: cliquer, dots: 9, difficulty: hard}\n"
            "  - {kind: cliquer, dots: 7, size: quarter}\n")
    [(path, _, _)] = build(loads(text, "h.yaml"), tmp_path)
    texts = [" ".join(t.split()) for t in page_texts(path)]
    boards = generate_all(loads(text, "h.yaml"), "s")
    for board, page in zip(boards, texts):
        inside = len(board.dots) - len(hull(board.dots))
        said = subtitle(board)
        assert "step" not in said and f"{inside} dot" in said and "inside the hull" in said
        assert f"difficulty: {board.band} ({board.difficulty:.2f} on a scale of 0 to 1)" in said
        assert CODE_LINE.format(code=encode(board.dots, board.grid)) in page


@pytest.mark.parametrize("paper, orientation", [("A4", "portrait"), ("Letter", "portrait")])
def test_a_portrait_worksheet_gives_the_room_under_its_board_to_the_pupil(paper, orientation):
    """The words run down a column beside the square; the room under the square is a working
    space (issue 24: 90 x 120 mm were left blank), clear of the square and the column."""
    from pnp.games.cliquer.sheet import laid_out
    from pnp.games.cliquer.worksheet import WORKING_MIN_MM, working_space, worksheet_blocks
    from pnp.paper import MM
    from pnp.pdf.page import geometry

    board = cliquer.generate(cliquer.Item(worksheet=True, dots=8), random.Random(2), "T-01")
    frame = geometry(paper, orientation, 10).content
    lay, words = laid_out(board, frame, worksheet_blocks)
    room = working_space(lay, frame)
    assert room is not None and room.height >= WORKING_MIN_MM * MM
    assert room.top < lay.square.y and room.y >= frame.y
    for _, placed in words.places:
        assert placed.x >= room.right or placed.y >= room.top


def test_a_landscape_worksheet_has_no_working_space_squeezed_in():
    from pnp.games.cliquer.sheet import laid_out
    from pnp.games.cliquer.worksheet import working_space, worksheet_blocks
    from pnp.pdf.page import geometry

    board = cliquer.generate(cliquer.Item(worksheet=True, dots=8), random.Random(2), "T-01")
    frame = geometry("A4", "landscape", 10).content
    lay, _ = laid_out(board, frame, worksheet_blocks)
    assert working_space(lay, frame) is None
