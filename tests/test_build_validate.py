"""End to end: build a spec, validate the PDF, and catch tampered copies."""

from __future__ import annotations

import json

import pytest

from pnp.spec import loads
from pnp.build import build
from pnp.verify.validate import validate_file
from support.tamper import read_data, rewrite

SPEC = """\
title: Tests
seed: "2026-11-21"
output: boards.pdf
items:
  - kind: cliquer
    count: 2
    dots: 9
  - kind: cliquer
    size: quarter
    count: 5
    dots: 7
"""


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("out")
    [(path, boards, pages)] = build(loads(SPEC, "tests.yaml"), out)
    return path


def codes_of(path):
    return {p.code for r in validate_file(path) for p in r.problems}


def test_build_then_validate_passes(built):
    reports = validate_file(built)
    assert len(reports) == 7
    assert all(r.ok for r in reports), [r.line("x") for r in reports]


def test_same_spec_same_bytes(built, tmp_path):
    [(again, _, _)] = build(loads(SPEC, "tests.yaml"), tmp_path)
    assert again.read_bytes() == built.read_bytes()


def test_seed_changes_boards(built, tmp_path):
    [(other, _, _)] = build(loads(SPEC, "tests.yaml"), tmp_path, seed="another")
    dots = lambda p: [b["data"]["dots"] for b in read_data(p)["boards"]]
    assert dots(other) != dots(built)
    assert len({json.dumps(d) for d in dots(built)}) == 7     # every board differs


@pytest.mark.parametrize("orientation", ["portrait", "landscape"])
@pytest.mark.parametrize("size", ["A4", "Letter"])
def test_every_paper_validates(tmp_path, size, orientation):
    spec = loads(SPEC.replace("title: Tests", f"title: Tests\npage: {{size: {size}, orientation: "
                                                f"{orientation}}}"), "t.yaml")
    [(path, _, _)] = build(spec, tmp_path)
    assert all(r.ok for r in validate_file(path))


def set_dots(data: dict, dots) -> None:
    """Change a board's dots consistently (sorted, code updated), as a careful forger would."""
    from pnp.games.cliquer.codes import encode

    data["dots"] = sorted([list(d) for d in dots])
    data["code"] = encode(tuple(map(tuple, data["dots"])), data["grid"])


def test_data_dot_moved_without_redrawing_fails(built, tmp_path):
    def edit(payload):
        dots = payload["boards"][0]["data"]["dots"]
        dots[0][0] += 1
        set_dots(payload["boards"][0]["data"], dots)
    bad = rewrite(built, tmp_path / "bad.pdf", data_edit=edit)
    assert codes_of(bad) == {"not-reproduced"}      # a rule-abiding board, but not the file drawn


def test_drawn_dot_moved_fails(built, tmp_path):
    bad = rewrite(built, tmp_path / "bad.pdf", content_edit=lambda t: _shift_dot(t, 3))
    assert codes_of(bad) == {"not-reproduced"}


def _shift_dot(text: str, index: int) -> str:
    start = text.index(f"/PnpDot <</I {index}>> BDC")
    end = text.index("EMC", start)
    return text[:start] + f"/PnpDot <</I {index}>> BDC q 1 0 0 1 0.5 0 cm" + text[start + 21 + len(str(index)):end] \
        + "Q EMC" + text[end + 3:]


def test_drawn_dot_removed_fails(built, tmp_path):
    def remove(text):
        start = text.index("/PnpDot <</I 2>> BDC")
        end = text.index("EMC", start) + 3
        return text[:start] + text[end:]
    bad = rewrite(built, tmp_path / "bad.pdf", content_edit=remove)
    assert codes_of(bad) == {"not-reproduced"}


def test_collinear_board_in_data_fails(built, tmp_path):
    def edit(payload):
        data = payload["boards"][0]["data"]
        (x0, y0), (x1, y1) = data["dots"][0], data["dots"][1]
        dots = data["dots"]
        dots[2] = [(x0 + x1) // 2, (y0 + y1) // 2] if (x0 + x1) % 2 == (y0 + y1) % 2 == 0 \
            else [2 * x1 - x0, 2 * y1 - y0]                  # on the line through dots 0 and 1
        set_dots(data, dots)
    bad = rewrite(built, tmp_path / "bad.pdf", data_edit=edit)
    reports = validate_file(bad)
    assert "collinear" in {p.code for p in reports[0].problems}     # the data check names it
    assert reports[1].ok
    assert {p.code for p in reports[-1].problems} == {"not-reproduced"}


def test_something_drawn_near_the_edge_fails(built, tmp_path):
    bad = rewrite(built, tmp_path / "bad.pdf", content_edit=lambda t: t + "\n0 0 m 10 10 l S\n")
    assert codes_of(bad) == {"not-reproduced"}


def test_recorded_difficulty_that_does_not_match_the_dots_fails(built, tmp_path):
    def edit(payload):
        payload["boards"][0]["data"]["difficulty"] = 0.99
        payload["boards"][0]["data"]["band"] = "hard"
    bad = rewrite(built, tmp_path / "bad.pdf", data_edit=edit)
    assert "difficulty" in codes_of(bad)


def test_report_lines_give_page_ranges():
    from pnp.verify.validate import page_ranges

    assert page_ranges([0, 1, 2, 5, 7, 8]) == "1-3,6,8-9"
    assert page_ranges([4]) == "5"
    assert page_ranges([]) == ""
