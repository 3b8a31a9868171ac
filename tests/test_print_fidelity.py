"""Print fidelity, over the whole space: every game (``pnp.games.KINDS``, so a new game is covered
the day it is registered) x A4/Letter x portrait/landscape x every size option x many seeds.

Each case builds one PDF of a game's item on one paper and validates it: the validator reads
the ink back with pdfium (``support.pageread.layout_check``, never the drawing code), so every piece's
ink stays inside its frame and the 5 mm safe area on every page, no text prints under 6 pt, and
no text overlaps text, dots or lines.

Size options come from each game's Item dataclass (``tests/support/layout_variants.py``): the defaults,
then one option moved at a time to every Literal value, both flag values and both ends of every
bounded number. A variant the game refuses must be refused in one line naming the spec.

Seeds: a game's defaults get SEEDS boards on every paper, so a defect that hits 8 % of boards
escapes with probability 0.92^SEEDS < 1 % (the 8 % of issue 12 was the defaults on A4
landscape). Every other size option gets VARIANT_SEEDS boards a paper, which catches a defect
of a third of boards with probability 1 - (2/3)^VARIANT_SEEDS; ``PNP_FIDELITY=full`` gives every
case SEEDS (about ten CPU-minutes today: for a release, not for every run). Boards are generated
once per item and drawn on each paper; boards identical but for their ID (a Cliques set
differs only in who starts) are drawn once, since the same data draws the same pages. The
items run two at a time in worker processes.
"""

from __future__ import annotations

import dataclasses
import json
import os
import re
import tempfile
import typing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from support.layout_variants import variants, yaml_item

from pnp.build import generate_all, write_pdf
from pnp.errors import SpecError
from pnp.games import KINDS, game
from pnp.spec import loads
from pnp.verify.validate import validate_file

ESCAPE = 0.01            # at most this chance that an 8 % defect of the defaults escapes
SEEDS = next(n for n in range(1, 1000) if 0.92 ** n < ESCAPE)          # 56
VARIANT_SEEDS = SEEDS if os.environ.get("PNP_FIDELITY") == "full" else 3
PAPERS = [("A4", "portrait"), ("A4", "landscape"), ("Letter", "portrait"), ("Letter", "landscape")]
SEED = "fidelity"
WORKERS = 2
ONE_LINE = re.compile(r"^fidelity\.yaml:\d+:\d+: [^\n]+$")


# slow: builds and validates every game on every paper over many seeds; `pytest -m "not slow"` leaves it out of a quick run, CI runs it
pytestmark = pytest.mark.slow


def _page_option(name: str) -> dict:
    from pnp.spec import Page

    return next(f.metadata for f in dataclasses.fields(Page) if f.name == name)


def _label(options: dict) -> str:
    return ",".join(f"{k}={json.dumps(v, separators=(',', ':'))}" for k, v in options.items()) \
        or "defaults"


# The page's own bounds too: every game's defaults inside the narrowest and the widest margin a
# spec may ask for (with the narrowest, the footer's scale bar reaches the 5 mm safe area's edge)
MARGIN = "page margin_mm"
MARGINS = (_page_option("margin_mm")["min"], _page_option("margin_mm")["max"])
ITEMS = [(kind, options, n == 0) for kind in KINDS
         for n, options in enumerate(variants(kind) + [{**variants(kind)[0], MARGIN: m} for m in MARGINS])]
CASES = [(kind, options, paper) for kind, options, _ in ITEMS for paper in PAPERS]
IDS = [f"{kind}-{_label(options)}-{size}-{orientation}" for kind, options, (size, orientation) in CASES]


def _spec(kind: str, options: dict, paper, count: int):
    size, orientation = paper
    options = dict(options)
    margin = options.pop(MARGIN, None)
    page = f"size: {size}, orientation: {orientation}" + (f", margin_mm: {margin}" if margin else "")
    return loads(f"title: Print fidelity\nseed: {SEED}\npage: {{{page}}}\nitems:\n"
                 + yaml_item(kind, options, count), "fidelity.yaml")


def _distinct(kind: str, boards: list) -> list:
    """Boards that differ in more than their ID, first seen first."""
    module, seen, out = game(kind), set(), []
    for board in boards:
        data = json.dumps(module.to_data(board), sort_keys=True, ensure_ascii=False)
        ident = getattr(board, "ident", "")
        key = data.replace(ident, "") if ident else data
        if key not in seen:
            seen.add(key)
            out.append(board)
    return out


TEXT_CODES = {"text-too-small", "text-collision", "text-on-dot", "text-on-line", "text-outside-frame"}


def run_item(kind: str, options: dict, seeds: int) -> dict:
    """paper -> {"refused": message or None, "boards": n, "ink": [...], "text": [...]}.

    Module-level so a worker process can run it. "text": the validator's text problems (its
    layout check reads every text on every page); "ink": everything else it found.
    """
    try:
        generate_all(_spec(kind, options, PAPERS[0], 1), SEED)      # an impossible item fails fast
        boards = _distinct(kind, generate_all(_spec(kind, options, PAPERS[0], seeds), SEED))
    except SpecError as exc:
        return {paper: {"refused": str(exc)} for paper in PAPERS}
    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for paper in PAPERS:
            spec = _spec(kind, options, paper, len(boards))
            path = Path(tmp) / f"{paper[0]}-{paper[1]}.pdf"
            try:
                write_pdf(path, spec, SEED, [(spec.items[0], b) for b in boards])
            except SpecError as exc:              # a piece that does not fit this paper
                out[paper] = {"refused": str(exc)}
                continue
            # the validator reads every page back: the data, the ink against a redraw, the safe
            # area, and the layout check (support.pageread.layout_check) of every text on every page
            ink, text = [], []
            for report in validate_file(path):
                for problem in report.problems:
                    shown = f"{path.name} {report.label}: {problem.code}: {problem.message}"
                    (text if problem.code in TEXT_CODES else ink).append(shown)
            out[paper] = {"refused": None, "boards": len(boards), "ink": ink, "text": text}
    return out


@pytest.fixture(scope="module")
def results():
    """Every item's results, computed WORKERS items at a time in worker processes."""
    pool = ProcessPoolExecutor(max_workers=WORKERS)
    futures = {(kind, json.dumps(options, sort_keys=True)):
               pool.submit(run_item, kind, options, SEEDS if defaults else VARIANT_SEEDS)
               for kind, options, defaults in ITEMS}
    yield lambda kind, options: futures[(kind, json.dumps(options, sort_keys=True))].result()
    pool.shutdown(cancel_futures=True)


def _case(results, kind, options, paper) -> dict | None:
    result = results(kind, options)[paper]
    if result["refused"] is not None:
        assert ONE_LINE.match(result["refused"]), result["refused"]
        return None
    return result


@pytest.mark.parametrize("kind,options,paper", CASES, ids=IDS)
def test_every_seed_builds_validates_and_keeps_its_ink_in_its_frame(results, kind, options, paper):
    result = _case(results, kind, options, paper)
    if result is not None:
        assert not result["ink"], "\n".join(result["ink"][:6])


@pytest.mark.parametrize("kind,options,paper", CASES, ids=IDS)
def test_no_text_is_small_or_overlapping_or_outside_its_frame(results, kind, options, paper):
    """Every page of the case's first board (the later boards print the same pieces with other
    data): no text under 6 pt, no text over text, dots or lines."""
    result = _case(results, kind, options, paper)
    if result is not None:
        assert not result["text"], "\n".join(result["text"][:6])


def test_the_defaults_of_every_game_get_enough_seeds_on_every_paper(results):
    assert 0.92 ** SEEDS < ESCAPE <= 0.92 ** (SEEDS - 1)
    for kind, options, defaults in ITEMS:
        if not defaults:
            continue
        boards = generate_all(_spec(kind, options, PAPERS[0], SEEDS), SEED)
        for paper in PAPERS:
            result = results(kind, options)[paper]
            assert result["refused"] is None, f"{kind}'s defaults must print on {paper}"
            assert result["boards"] == len(_distinct(kind, boards))


def test_the_cases_cover_every_game_paper_and_layout_option():
    """Every registered game, the four papers, and every value of every Literal option."""
    assert {kind for kind, _, _ in CASES} == set(KINDS)
    assert {paper for _, _, paper in CASES} == set(PAPERS)
    for kind in KINDS:
        item = game(kind).Item
        hints = typing.get_type_hints(item)
        for f in dataclasses.fields(item):
            if typing.get_origin(hints[f.name]) is typing.Literal:
                shown = {options.get(f.name, f.default) for k, options, _ in ITEMS if k == kind}
                assert shown == set(typing.get_args(hints[f.name])), (kind, f.name)
