"""Print fidelity in every language: every language x every game x every size option x every
paper, each PDF validated (its ink redrawn in its recorded language and proved; every text read
back by the layout check: none under 6 pt, none over another or outside its frame).

tests/test_print_fidelity.py sweeps the seeds and every size option in English; this sweeps the
languages, where what changes is the words, not the boards. So each language gets the pieces
whose words are longest (WORDIEST), ONE_SEED board each (a board's words differ from its
neighbour's only in its numbers and letters), on all four papers: 6 languages x 7 items x 4
papers, built two items at a time in worker processes; the English of each is built too, so a
piece English cannot print on a paper is not asked of another language.
"""

from __future__ import annotations

import json
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest
from support.layout_variants import variants, yaml_item

from pnp import i18n
from pnp.build import generate_all, write_pdf
from pnp.errors import SpecError
from pnp.games import KINDS
from pnp.spec import loads
from pnp.verify.validate import validate_file

LANGUAGES = [code for code in i18n.CODES if code != i18n.ENGLISH]
PAPERS = [("A4", "portrait"), ("A4", "landscape"), ("Letter", "portrait"), ("Letter", "landscape")]
ONE_SEED = 1
SEED = "languages"
WORKERS = 2

pytestmark = pytest.mark.slow

# The pieces whose words take the most room, of every game: CliqueR's page, quarter card and
# worksheet (and its key), the largest square (least room for its words); a Thinking in Circles
# team game with every variant (the longest rules card); Cliques for 3 and 12 players (the
# narrowest score-sheet columns). The size options that change only the board (dots, spacing,
# grid) print the same words in the same boxes and are left to the English sweep.
WORDIEST = {
    "cliquer": [{}, {"size": "quarter"}, {"worksheet": True}, {"size_mm": 270}],
    "circles": [{"players": 4, "variants": {"lockdown": True, "spin_cycle": 3, "uncloned": True,
                                            "wild_cards": True}}],
    "cliques": [{"players": 3}, {"players": 12}],
}
ITEMS = [(kind, options) for kind in KINDS for options in WORDIEST.get(kind, variants(kind)[:1])]


def _spec(kind: str, options: dict, paper, language: str):
    size, orientation = paper
    return loads(f"title: Languages\nseed: {SEED}\nlanguage: {language}\n"
                 f"page: {{size: {size}, orientation: {orientation}}}\nitems:\n"
                 + yaml_item(kind, dict(options), ONE_SEED), "languages.yaml")


def run_item(kind: str, options: dict) -> dict:
    """(language, paper) -> problems found (or the one line that refused the item).

    Module-level so a worker process can run it; the boards are made once (the language
    changes no board) and drawn in every language on every paper."""
    out: dict = {}
    try:
        boards = generate_all(_spec(kind, options, PAPERS[0], i18n.ENGLISH), SEED)
    except SpecError as exc:
        return {"refused": str(exc)}
    english_refused = {}
    with tempfile.TemporaryDirectory() as tmp:
        for language in [i18n.ENGLISH] + LANGUAGES:
            for paper in PAPERS:
                spec = _spec(kind, options, paper, language)
                path = Path(tmp) / f"{language}-{paper[0]}-{paper[1]}.pdf"
                try:
                    write_pdf(path, spec, SEED, [(spec.items[0], b) for b in boards])
                except SpecError as exc:
                    if language == i18n.ENGLISH:
                        english_refused[paper] = str(exc)
                    elif paper not in english_refused:      # English prints it, this language not
                        out[f"{language} {paper}"] = [f"refused: {exc}"]
                    continue
                problems = [f"{report.label}: {p.code}: {p.message}"
                            for report in validate_file(path) for p in report.problems]
                if problems:
                    out[f"{language} {paper}"] = problems
    return out


@pytest.fixture(scope="module")
def results():
    pool = ProcessPoolExecutor(max_workers=WORKERS)
    futures = {(kind, json.dumps(options, sort_keys=True)): pool.submit(run_item, kind, options)
               for kind, options in ITEMS}
    yield lambda kind, options: futures[(kind, json.dumps(options, sort_keys=True))].result()
    pool.shutdown(cancel_futures=True)


@pytest.mark.parametrize("kind,options", ITEMS,
                         ids=[f"{k}-{json.dumps(o, separators=(',', ':'))}" for k, o in ITEMS])
def test_every_language_prints_whole_inside_its_frames_on_every_paper(results, kind, options):
    """Wherever the English prints, every language prints too, and its pages prove: the words
    fit their boxes (nothing overlaps, nothing leaves its frame, nothing under 6 pt)."""
    found = results(kind, options)
    if "refused" in found:
        pytest.skip(f"the item itself is refused: {found['refused']}")
    assert not found, "\n".join(f"{where}: {'; '.join(p[:3])}" for where, p in list(found.items())[:6])


def test_the_sweep_covers_every_language_game_and_paper():
    assert set(LANGUAGES) | {i18n.ENGLISH} == set(i18n.CODES)
    assert {kind for kind, _ in ITEMS} == set(KINDS) and len(PAPERS) == 4
