"""One read of a spec reports every mistake in it: exactly one line FILE:LINE:COL per mistake,
in the order of the text.

The property test writes a good spec line by line (so it knows where every key and value
is), plants any number of independent mistakes of every sort at known places, and checks that
the loader names exactly those places, once each. A spec with nothing planted must load.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings, strategies as st

from pnp.errors import SpecError
from pnp.spec import loads
from support.spec_values import OPTIONS, PAGE, TOP

LOCATED = re.compile(r"^x\.yaml:(\d+):(\d+): \S")

class Writer:
    """A spec written line by line, remembering where each planted mistake is."""

    def __init__(self):
        self.lines: list[str] = []
        self.mistakes: list[tuple[int, int]] = []

    def add(self, indent: int, key: str, value: str, bad: bool, dash: bool = False) -> None:
        lead = " " * indent + ("- " if dash else "")
        self.lines.append(f"{lead}{key}: {value}")
        if bad:
            self.mistakes.append((len(self.lines), len(lead) + len(key) + 3))

    def key_mistake(self, indent: int, key: str, value: str) -> None:
        self.lines.append(f"{' ' * indent}{key}: {value}")
        self.mistakes.append((len(self.lines), indent + 1))


@st.composite
def planted(draw):
    w = Writer()
    for key, (good, bads) in TOP.items():
        choice = draw(st.sampled_from(["good", "bad", "absent"]))
        if choice != "absent":
            w.add(0, key, draw(st.sampled_from(bads)) if choice == "bad" else good, choice == "bad")
    if draw(st.booleans()):
        w.lines.append("page:")
        keys = draw(st.lists(st.sampled_from(sorted(PAGE)), min_size=1, unique=True))
        for key in keys:
            good, bads = PAGE[key]
            bad = draw(st.booleans())
            w.add(2, key, draw(st.sampled_from(bads)) if bad else good, bad)
        if draw(st.booleans()):
            w.key_mistake(2, draw(st.sampled_from(["colour", "Size", "paper"])), "x")
    if draw(st.booleans()):
        w.key_mistake(0, draw(st.sampled_from(["titel", "Items", "pages", "dots"])), "x")
    w.lines.append("items:")
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(sorted(OPTIONS)))
        whole_item = draw(st.sampled_from(["fine", "fine", "fine", "unknown kind", "no players"]))
        if whole_item == "unknown kind":
            w.add(2, "kind", draw(st.sampled_from(["cliqur", "dots", "chess"])), True, dash=True)
            w.add(4, "dots", "nine", False)        # unreadable under an unknown kind: not a mistake of its own
            continue
        if whole_item == "no players" and kind == "cliques":
            w.add(2, "kind", "Cliques", False, dash=True)
            w.mistakes.append((len(w.lines), 5))   # the entry lacks players: said at its start
            w.add(4, "remark_cards", "3", False)
            continue
        w.add(2, "kind", kind, False, dash=True)
        if draw(st.booleans()):
            bad = draw(st.booleans())
            w.add(4, "count", draw(st.sampled_from(["0", "-1", "lots", "010"])) if bad else "2", bad)
        chosen = draw(st.lists(st.sampled_from(sorted(OPTIONS[kind])), unique=True))
        if kind == "cliques" and "players" not in chosen:
            chosen.append("players")
        for key in chosen:
            good, bads = OPTIONS[kind][key]
            bad = draw(st.booleans())
            w.add(4, key, draw(st.sampled_from(bads)) if bad else good, bad)
            if not bad and draw(st.integers(0, 5)) == 0:      # the same key again
                w.key_mistake(4, key, good)
        if draw(st.integers(0, 3)) == 0:
            w.key_mistake(4, draw(st.sampled_from(["dotz", "colour", "Dots", "kinds"])), "1")
    return "\n".join(w.lines) + "\n", sorted(w.mistakes)


@settings(max_examples=300, deadline=None)
@given(planted())
def test_every_mistake_is_one_line_at_its_place(case):
    text, planted_at = case
    if not planted_at:
        spec = loads(text, "x.yaml")
        assert spec.items
        return
    with pytest.raises(SpecError) as info:
        loads(text, "x.yaml")
    lines = str(info.value).split("\n")
    found = [tuple(map(int, LOCATED.match(line).groups())) for line in lines]
    assert found == planted_at, "\n" + text + "\n" + "\n".join(lines)
    assert [(m.line, m.column) for m in info.value.mistakes] == planted_at


def test_one_mistake_is_a_plain_spec_error_and_several_list_in_text_order():
    with pytest.raises(SpecError) as one:
        loads("items:\n  - kind: cliquer\n    dots: 200\n", "x.yaml")
    assert str(one.value) == "x.yaml:3:11: items[0].dots must be 3..40, got 200"
    text = ("titel: x\n"
            "items:\n"
            "  - kind: cliquer\n"
            "    dots: 200\n"
            "    size: huge\n"
            "  - kind: cliqur\n"
            "page: {size: A5}\n")
    with pytest.raises(SpecError) as many:
        loads(text, "x.yaml")
    assert str(many.value).split("\n") == [
        "x.yaml:1:1: unknown key 'titel'; did you mean 'title'?",
        "x.yaml:4:11: items[0].dots must be 3..40, got 200",
        "x.yaml:5:11: items[0].size must be one of page, half, quarter, got 'huge'",
        "x.yaml:6:11: items[1].kind must be one of cliquer, circles, cliques, got 'cliqur'; "
        "did you mean 'cliquer'?",
        "x.yaml:7:14: page.size must be one of A4, Letter, got 'A5'",
    ]


def test_hundreds_of_mistakes_are_listed_up_to_a_limit():
    from pnp.errors import MAX_SHOWN

    text = "items:\n" + "".join(f"  - {{kind: cliquer, dots: {i + 100}}}\n" for i in range(150))
    with pytest.raises(SpecError) as info:
        loads(text, "x.yaml")
    lines = str(info.value).split("\n")
    assert len(info.value.mistakes) == 150
    assert len(lines) == MAX_SHOWN + 1
    assert lines[-1] == f"x.yaml:{MAX_SHOWN + 2}:27: and {150 - MAX_SHOWN} more mistakes from here on (fix these first)"


# ---------------------------------------------------------------------------------------------
# a syntax mistake stops the parser: it is one line, at the line to fix

GOOD = """\
title: Week
page:
  size: A4
seed: s
items:
  - kind: cliquer
    dots: 9
    title: Board
  - kind: circles
    circles: 4
"""
GOOD_LINES = GOOD.splitlines()


def _edit(line: int, new: str) -> str:
    lines = list(GOOD_LINES)
    lines[line - 1] = new
    return "\n".join(lines) + "\n"


SYNTAX = {
    # name: (edit, the line of the mistake)
    "tab": (lambda i: _edit(i, "\t" + GOOD_LINES[i - 1].lstrip()), lambda i: i),
    "no colon": (lambda i: _edit(i, GOOD_LINES[i - 1].replace(": ", " ", 1)), lambda i: i),
    "unclosed quote": (lambda i: _edit(i, GOOD_LINES[i - 1].replace(": ", ': "', 1)), lambda i: i),
    "unclosed bracket": (lambda i: _edit(i, GOOD_LINES[i - 1].replace(": ", ": [", 1)), lambda i: i),
}
VALUE_LINES = [i + 1 for i, line in enumerate(GOOD_LINES) if ": " in line]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SYNTAX)), st.sampled_from(VALUE_LINES))
def test_a_syntax_mistake_is_one_line_at_its_line(name, line):
    edit, where = SYNTAX[name]
    with pytest.raises(SpecError) as info:
        loads(edit(line), "x.yaml")
    assert len(str(info.value).split("\n")) == 1, str(info.value)
    assert info.value.line == where(line), str(info.value)


@settings(max_examples=40, deadline=None)
@given(st.sets(st.sampled_from(range(2, len(GOOD_LINES) + 1)), min_size=1))
def test_every_line_indented_with_a_tab_is_one_line(lines):
    text = list(GOOD_LINES)
    for i in lines:
        text[i - 1] = "\t" + text[i - 1].lstrip(" ")
    with pytest.raises(SpecError) as info:
        loads("\n".join(text) + "\n", "x.yaml")
    assert [m.line for m in info.value.mistakes] == sorted(lines)
    assert all("replace the tab with spaces" in m.message for m in info.value.mistakes)


BIG = "{" + ", ".join(f"k{i}: [{10**15 + i}, {{title: -100000000}}]" for i in range(12)) + "}"


@pytest.mark.parametrize("item", [
    f"{{kind: circles, players: {BIG}}}",             # hypothesis found this one quoted whole
    f"{{kind: circles, players: {10**300}}}",
    f"{{kind: cliques, players: {10**300}}}",
    f"{{kind: cliques, players: [Ann, {BIG}]}}",
    f"{{kind: cliquer, difficulty: {BIG}}}",
])
def test_a_huge_value_is_quoted_back_briefly(item):
    """Whatever was written, the mistake stays one short line: the value is cut, not copied."""
    with pytest.raises(SpecError) as caught:
        loads(f"output: {'a/' + 'x' * 150}.pdf\nitems:\n  - {item}\n", "x.yaml")
    lines = str(caught.value).split("\n")
    assert len(lines) == 2 and all(LOCATED.match(line) and len(line) < 200 for line in lines), lines
