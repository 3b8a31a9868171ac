"""A mistake only the build finds (a board too crowded, a page too small) says, for a page that
shows the spec's fields, which fields to change: each advice's message names exactly the fields
it lists and formats with its facts (a typo such as {size} would raise on the page)."""

from __future__ import annotations

import string

import pytest

from pnp.build import build
from pnp import i18n
from pnp.errors import SpecError
from pnp.spec import loads

CASES = {
    # the border inside the square leaves no room for dots (the placer)
    "no room": ("items:\n  - kind: cliquer\n    size_mm: 30\n    margin_mm: 20\n",
                {"margin_mm", "size_mm"}),
    # a worksheet's square larger than the paper allows (the page's layout)
    "square too large": ("items:\n  - kind: cliquer\n    worksheet: true\n    size_mm: 200\n",
                         {"size_mm", "page.size", "page.orientation", "page.margin_mm"}),
    # too many dots for the room around each (the placer's search)
    "too crowded": ("items:\n  - kind: cliquer\n    size_mm: 40\n    margin_mm: 20\n",
                    {"dots", "clearance_mm", "spacing_mm", "size_mm"}),
}


@pytest.mark.parametrize("case", CASES)
def test_the_advice_names_the_fields_it_lists(case, tmp_path):
    text, fields = CASES[case]
    with pytest.raises(SpecError) as raised:
        build(loads(text, "s.yaml"), tmp_path, seed="1")
    advice = raised.value.advice
    assert advice is not None, str(raised.value)
    assert set(advice.keys) | set(advice.spec_keys) == fields
    named = {name for _, name, _, _ in string.Formatter().parse(advice.message) if name}
    assert named == {advice.placeholder(k) for k in fields} | {name for name, _ in advice.facts}
    said = advice.message_for(lambda key, spec: f"<{key}>")
    assert "{" not in said and all(f"<{k}>" in said for k in fields)
    with i18n.using("fr"):      # and on a French page, each field named and no English left
        page = said.say()
    assert "{" not in page and all(f"<{k}>" in page for k in fields) and page != said
    assert not list(tmp_path.iterdir()), "nothing half-written"
