"""The order a pack prints in: each game's rules beside the board they explain, and what a class
set prints once (its teacher's page) printed once, with its answer keys."""

from __future__ import annotations

import pytest

from pnp.build import build
from pnp.spec import load, loads
from support.paths import ROOT
from support.tamper import read_data

PAPERS = [("A4", "portrait"), ("A4", "landscape"), ("Letter", "portrait"), ("Letter", "landscape")]
# the piece that explains each game's board, when the board is a page of its own
RULES_OF = {"circles-board": "circles-rules", "score sheet": "rules card"}


def pages_of(record, name: str) -> list[int]:
    return [p["page"] for p in record["placements"] if p["piece"] == name]


@pytest.mark.parametrize("paper, way", PAPERS)
def test_the_starter_pack_prints_each_game_s_rules_right_after_its_board(tmp_path, paper, way):
    import dataclasses

    spec = load(ROOT / "pnp" / "layouts" / "default.yaml")
    spec = dataclasses.replace(spec, page=dataclasses.replace(spec.page, size=paper, orientation=way))
    [(pdf, _, _)] = build(spec, tmp_path)
    seen = 0
    records = read_data(pdf)["boards"]
    for record in records:
        for board, rules in RULES_OF.items():
            if pages_of(record, board):
                (page,) = pages_of(record, board)
                assert pages_of(record, rules) == [page + 1], (record["kind"], paper, way)
                seen += 1
    assert seen == 2


def test_a_class_set_prints_its_teacher_s_page_once_with_its_keys(tmp_path):
    """Two class sets in one pack: a teacher's page each, the first of each set's held-back
    pieces, on a page of its own; with the keys apart, in the keys' PDF."""
    text = ("title: T\nseed: two\nitems:\n  - {kind: cliquer, count: 3, dots: 8, worksheet: true}\n"
            "  - {kind: circles}\n  - {kind: cliquer, count: 2, dots: 7, worksheet: true}\n")
    [(pdf, _, pages)] = build(loads(text, "two.yaml"), tmp_path / "one")
    records = read_data(pdf)["boards"]
    teacher = [(r["item"], p["page"]) for r in records for p in r["placements"] if p["piece"] == "teacher"]
    assert [item for item, _ in teacher] == [0, 2]
    for item, page in teacher:
        keys = [p["page"] for r in records if r["item"] == item for p in r["placements"]
                if p["piece"] == "answer-key"]
        on_page = [p for r in records for p in r["placements"] if p["page"] == page]
        assert len(on_page) == 1 and min(keys) == page + 1
    first = [r for r in records if r["kind"] == "cliquer"][0]
    assert [p["piece"] for p in first["placements"]] == ["board", "teacher", "answer-key"]
    written = dict((path.name, n) for path, _, n in build(loads(text, "two.yaml"), tmp_path / "apart",
                                                          keys_apart=True))
    (keys,) = (tmp_path / "apart").glob("*-keys.pdf")
    apart = read_data(keys)["boards"]
    assert sum(p["piece"] == "teacher" for r in apart for p in r["placements"]) == 2
    assert sum(written.values()) == pages
