"""A board code prints at any size the geometry allows, and as a worksheet, its limits scaled
down with the board; where it cannot, the message names the size_mm that prints it, and that is
true (issue 24)."""

from __future__ import annotations

import random
import re

import pytest

from pnp.build import build
from pnp.errors import SpecError
from pnp.games import cliquer
from pnp.games.cliquer.board import Limits
from pnp.games.cliquer.codes import encode
from pnp.games.cliquer.ink import MIN_CLEARANCE_MM, MIN_SPACING_MM
from pnp.spec import loads
from pnp.verify.validate import validate_file


def page_code(seed: int, dots: int = 9) -> str:
    board = cliquer.generate(cliquer.Item(dots=dots), random.Random(seed), "T-01")
    return encode(board.dots, board.grid)


def spec(code: str, option: str) -> str:
    return f"title: C\nseed: s\nitems:\n  - {{kind: cliquer, code: {code}, {option}}}\n"


def test_both_ways_happen():
    """Of the codes above, some print as worksheets and some are refused at quarter size."""
    fits = sum(not _refused(page_code(seed), "worksheet: true") for seed in range(6))
    refused = sum(_refused(page_code(seed), "size: quarter") for seed in range(6))
    assert fits >= 2 and refused >= 3


def _refused(code: str, option: str) -> bool:
    try:
        cliquer.generate(loads(spec(code, option), "c.yaml").items[0].item, random.Random(0), "X")
    except ValueError:
        return True
    return False


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("option", ["worksheet: true", "size_mm: 140", "size: half", "size: quarter"])
def test_a_page_board_s_code_prints_smaller_or_says_which_size_does(tmp_path, seed, option):
    code = page_code(seed)
    try:
        [(path, _, _)] = build(loads(spec(code, option), "c.yaml"), tmp_path)
    except SpecError as err:
        message = str(err)
        assert message.startswith("c.yaml:4:5: board code ")
        need = int(re.search(r"it prints with size_mm: (\d+) or more$", message).group(1))
        # the message is true: at that size it builds, one millimetre less it does not
        build(loads(spec(code, f"size_mm: {need}"), "c.yaml"), tmp_path / "at")
        with pytest.raises(SpecError):
            build(loads(spec(code, f"size_mm: {need - 1}"), "c.yaml"), tmp_path / "under")
        return
    [report] = validate_file(path)
    assert report.ok, report
    board = cliquer.generate(loads(spec(code, option), "c.yaml").items[0].item, random.Random(0), "X")
    assert board.clearance_mm >= MIN_CLEARANCE_MM and board.spacing_mm >= MIN_SPACING_MM
    assert not Limits.of(board).problems(board.dots)


def test_the_starter_pack_s_board_becomes_a_worksheet(tmp_path):
    code = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"
    [(path, boards, pages)] = build(loads(spec(code, "worksheet: true"), "c.yaml"), tmp_path)
    assert (boards, pages) == (1, 3)              # the worksheet, the teacher's page, its key
    assert all(r.ok for r in validate_file(path))


def test_a_code_that_keeps_the_item_s_limits_keeps_them_unscaled():
    code = page_code(1)
    item = loads(spec(code, "size_mm: 170"), "c.yaml").items[0].item
    board = cliquer.generate(item, random.Random(0), "X")
    assert (board.clearance_mm, board.spacing_mm, board.margin_mm) == (3, 10, 6)
