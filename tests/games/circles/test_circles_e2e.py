"""Thinking in Circles end to end: build the example spec, validate it, tamper with it, fail."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pnp.cli import cli
from support.ink import colours as inks
from support.paths import ROOT
from support.verdicts import validate_file

SPEC = ROOT / "layouts" / "circles.yaml"


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    out = tmp_path_factory.mktemp("circles")
    result = CliRunner().invoke(cli, ["build", str(SPEC), "-o", str(out)])
    assert result.exit_code == 0, result.output
    return (out / "circles.pdf").read_bytes()


def validate(tmp_path, pdf: bytes):
    path = tmp_path / "t.pdf"
    path.write_bytes(pdf)
    return validate_file(path)


def tamper(pdf: bytes, old: bytes, new: bytes, count: int = 1) -> bytes:
    # same length, so the PDF's byte offsets stay right and only the data changes
    assert len(old) == len(new) and pdf.count(old) >= count
    return pdf.replace(old, new, count)


def test_prints_in_black_and_white(built):
    assert inks(built) and all(r == g == b for r, g, b in inks(built))


def test_example_builds_and_validates(built, tmp_path):
    assert validate(tmp_path, built) == (0, [])


def test_build_is_byte_identical(built, tmp_path):
    result = CliRunner().invoke(cli, ["build", str(SPEC), "-o", str(tmp_path)])
    assert result.exit_code == 0
    assert (tmp_path / "circles.pdf").read_bytes() == built


@pytest.mark.parametrize("old, new, count, code", [
    # every pentagon of every circle becomes a triangle: goals with a pentagon cannot be met
    (b'"pentagon"', b'"triangle"', -1, "shape-missing"),
    # one black space turns white: the colors are no longer fair
    (b'"black"', b'"white"', 1, "color-unfair"),
    # two players, but only two blockers printed: none left to gain
    (b'"blockers":8', b'"blockers":2', 1, "blockers-too-few"),
    (b'"beads":6', b'"beads":4', 1, "beads-count"),
])
def test_tampered_data_fails(built, tmp_path, old, new, count, code):
    n = built.count(old) if count < 0 else count
    exit_code, codes = validate(tmp_path, tamper(built, old, new, n))
    assert exit_code == 1
    assert code in codes


def test_moved_start_fails_on_the_page_too(built, tmp_path):
    data = re.search(rb'"circles":\[\{"spaces":\[[^\]]*\],"start":0\}', built)
    assert data
    start = built.index(b'"start":0', data.start())
    exit_code, codes = validate(tmp_path, built[:start] + b'"start":1' + built[start + 9:])
    assert exit_code == 1
    # the data now says the token starts one space on; the page still shows it at the top: the
    # file is not the one pnp builds from that data
    assert "not-reproduced" in codes


SPREAD = [("A4", "portrait", 2), ("A4", "landscape", 4), ("Letter", "portrait", 4),
          ("Letter", "landscape", 2)]


@pytest.mark.parametrize("size, orientation, players", SPREAD)
def test_every_paper_builds_validates_and_keeps_its_ink_off_the_edge(tmp_path, size, orientation,
                                                                      players):
    import pypdfium2 as pdfium

    from pnp.paper import MM, Frame
    from pnp.pdf.page import EDGE_MM
    from support.ink import faults, ink_of

    spec = tmp_path / "c.yaml"
    spec.write_text(f"title: edges\nseed: e{players}\npage: {{size: {size}, orientation: "
                    f"{orientation}}}\nitems:\n  - kind: circles\n    players: {players}\n"
                    "    variants: {lockdown: true, spin_cycle: 3, uncloned: true, "
                    "wild_cards: true}\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["build", str(spec), "-o", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert validate_file(tmp_path / "c.pdf") == (0, [])
    for page in pdfium.PdfDocument(tmp_path / "c.pdf"):
        w, h = page.get_size()
        edge = EDGE_MM * MM
        # no text under 6 pt on any page, and all ink at least 5 mm from the paper's edge;
        # overlaps between pieces and the imposer's cut lines are the imposer's to judge
        problems = [f for f in faults(ink_of(page), Frame(edge, edge, w - 2 * edge, h - 2 * edge))
                    if "printed at" in f or "outside" in f]
        assert problems == []
