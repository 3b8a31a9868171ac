"""The strict spec loader: good specs load, every mistake is one located line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from pnp.errors import SpecError
from pnp.spec import loads

GOOD = """\
title: Graph theory week
page: {size: A4, orientation: portrait}   # A4 | Letter, portrait | landscape
seed: "2026-11-21"
items:
  - kind: cliquer
    count: 3
    dots: 9
    clearance_mm: 3
"""


def error_of(text: str) -> SpecError:
    with pytest.raises(SpecError) as info:
        loads(text, "x.yaml")
    return info.value


def test_issue_example_loads():
    spec = loads(GOOD, "x.yaml")
    assert spec.title == "Graph theory week"
    assert spec.seed == "2026-11-21"
    assert spec.page.size == "A4"
    (entry,) = spec.items
    assert (entry.kind, entry.count, entry.item.dots, entry.item.clearance_mm) == ("cliquer", 3, 9, 3)
    assert entry.where == ("x.yaml", 5, 5)


@pytest.mark.parametrize("written", ["2026-11-21", "42", "010", "1:30", "0x1F", "1.50", "no", "on",
                                     "true", "1e3", ".inf", "Week 47"])
def test_seeds_are_kept_as_written(written):
    """A seed is printed in every footer: it stays the text typed, never YAML 1.1's reading of
    it (010 is not 8, 1:30 is not 90, no is not false)."""
    assert loads(f"seed: {written}\nitems: [{{kind: cliquer}}]").seed == written


@pytest.mark.parametrize("text, where, words", [
    ("items:\n  - kind: cliquer\n    dots: 200\n", (3, 11), "dots must be 3..40, got 200"),
    ("items:\n  - kind: cliquer\n    dotz: 9\n", (3, 5), "did you mean 'dots'"),
    ("items:\n  - kind: cliqur\n", (2, 11), "did you mean 'cliquer'"),
    ("items:\n  - kind: cliquer\n    dots: nine\n", (3, 11), "must be a whole number"),
    ("items:\n  - kind: cliquer\n    dots: 9.5\n", (3, 11), "must be a whole number"),
    ("page: {size: A5}\nitems: [{kind: cliquer}]\n", (1, 14), "one of A4, Letter"),
    ("titel: x\nitems: [{kind: cliquer}]\n", (1, 1), "did you mean 'title'"),
    ("items:\n  - kind: cliquer\n    dots: 9\n    dots: 10\n", (4, 5), "duplicate key 'dots'"),
    ("base: &b {kind: cliquer}\nitems: [*b]\n", (1, 7), "anchors"),
    ("items: [{kind: cliquer}\n", (1, 8), "never closed"),
    ("items: []\n", (1, 8), "non-empty list"),
    ("items:\n  - dots: 9\n", (2, 5), "needs kind"),
    ("items:\n  - kind: cliquer\n    worksheet: maybe\n", (3, 16), "true or false"),
    ("seed: ~\nitems: [{kind: cliquer}]\n", (1, 7), "seed must be text or a number, got nothing"),
    ("output: ../escape.pdf\nitems: [{kind: cliquer}]\n", (1, 9), "plain file name"),
    ("items:\n  - kind: cliquer\n    code: R1-0000\n", (3, 11), "board code"),
])
def test_mistakes_name_file_line_column(text, where, words):
    err = error_of(text)
    assert (err.file, err.line, err.column) == ("x.yaml", *where), str(err)
    assert words in err.message
    assert str(err).startswith(f"x.yaml:{where[0]}:{where[1]}: ")
    assert "\n" not in str(err)


def test_alias_bomb_is_refused_before_expansion():
    bomb = "a: &a [x, x, x, x, x, x, x, x, x]\n" + "".join(
        f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n" for i in range(20))
    assert "anchors" in error_of(bomb + "items: [{kind: cliquer}]").message


def test_deep_nesting_is_refused_with_a_location():
    err = error_of("items: " + "[" * 5000 + "]" * 5000)
    assert "nesting" in err.message


@settings(max_examples=60, deadline=None)
@given(st.integers(-10**6, 10**6))
def test_dots_range_is_enforced_exactly(n):
    text = f"items:\n  - kind: cliquer\n    dots: {n}\n"
    if 3 <= n <= 40:
        assert loads(text).items[0].item.dots == n
    else:
        assert "dots must be 3..40" in error_of(text).message


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.sampled_from(["dots", "clearance_mm", "spacing_mm", "margin_mm", "grid",
                                        "title", "worksheet", "size", "count", "bogus"]),
                       st.one_of(st.integers(-5, 500), st.floats(allow_nan=False, allow_infinity=False),
                                 st.text(max_size=8), st.booleans(), st.none()), max_size=6))
def test_any_item_mapping_loads_or_gives_located_lines(options):
    import json
    body = ", ".join(f"{k}: {json.dumps(v)}" for k, v in options.items())
    text = "items:\n  - {kind: cliquer" + (", " + body if body else "") + "}\n"
    try:
        spec = loads(text, "x.yaml")
    except SpecError as err:
        lines = str(err).split("\n")
        assert len(lines) == len(err.mistakes) <= len(options) + 1
        for line, mistake in zip(lines, err.mistakes):
            assert line.startswith("x.yaml:2:") and mistake.line == 2, line
    else:
        assert spec.items[0].kind == "cliquer"
