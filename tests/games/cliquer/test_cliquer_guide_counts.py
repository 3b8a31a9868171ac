"""What the guides and the class-set example say a worksheet holds is what it prints."""

from __future__ import annotations

import random
import re

import pytest

from pnp.games.cliquer.generate import generate
from pnp.games.cliquer.item import Item
from pnp.games.cliquer.worksheet import questions
from support.paths import ROOT

NUMBERS = {"three": 3, "four": 4, "five": 5, "six": 6}


@pytest.mark.parametrize("page, pattern", [
    ("docs/teachers.md", r"(\w+) questions computed for that board"),
    ("layouts/class-set.yaml", r"how-to box, (\w+) questions"),
])
def test_the_number_of_questions_said_is_the_number_printed(page, pattern):
    said = NUMBERS[re.search(pattern, (ROOT / page).read_text(encoding="utf-8")).group(1)]
    for dots in (7, 8, 10, 12):
        for seed in range(3):
            board = generate(Item(dots=dots, worksheet=True), random.Random(seed), f"T-{seed:02d}")
            assert len(questions(board)) == said, (page, dots, seed)
