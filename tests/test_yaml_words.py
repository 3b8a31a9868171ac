"""Every YAML structure mistake is said in words a teacher can act on, at the line to fix,
never in the parser's own words ("expected <block end>, but found '?'")."""

from __future__ import annotations

import pytest

from pnp.errors import SpecError
from pnp.spec import loads

ITEMS = "items: [{kind: cliquer}]\n"
PARSER_WORDS = ("<block", "token", "found '", "expected '", "but found", "scanning", "<scalar>")

CASES = {
    # name: (text, (line, column), words the message must contain)
    "tab indent": ("items:\n\t- kind: cliquer\n", (2, 1), "indents with spaces only; replace the tab"),
    "tab after a colon": ("items:\n  - kind:\tcliquer\n", (2, 10), "replace the tab with spaces"),
    "key indented under a value": ("title: x\n  seed: 1\n" + ITEMS, (2, 3),
                                   "indented more than line 1 above it"),
    "key indented too far in an item": ("items:\n  - kind: cliquer\n      dots: 9\n", (3, 7),
                                        "indented more than line 2"),
    "key indented too little in an item": ("items:\n  - kind: cliquer\n   dots: 9\n", (3, 4),
                                           "indented 3 spaces, which lines up with no key above it (4 on line 2"),
    "key lined up with the dash": ("items:\n  - kind: cliquer\n  dots: 9\n", (3, 3),
                                   "lined up with the '- ' on line 2: indent it 2 more spaces"),
    "mapping less indented": ("page:\n    size: A4\n  orientation: portrait\n" + ITEMS, (3, 3),
                              "indented 2 spaces, which lines up with no key above it (4 on line 2, 0 on line 1)"),
    "one space": ("page:\n  size: A4\n orientation: portrait\n" + ITEMS, (3, 2),
                  "indented 1 space, which"),
    "first key indented": ("# a spec\n title: x\npage: {size: A4}\n" + ITEMS, (2, 2),
                           "first key is indented"),
    "no colon": ("title x\n" + ITEMS, (1, 1), "no ':' after its key"),
    "no colon in an item": ("items:\n  - kind: cliquer\n    dots 9\n    title: x\n", (3, 5),
                            "no ':' after its key"),
    "no colon before braces": ("items:\n  - kind: circles\n    variants {lockdown: true}\n", (3, 5),
                               "no ':' after variants: write variants: {lockdown..."),
    "no space after the colon": ("title:x\n" + ITEMS, (1, 6), "put a space after the ':'"),
    "a colon inside a value": ("title: Week: one\n" + ITEMS, (1, 12), "put text that contains ': ' in quotes"),
    "two keys on one line": ("items:\n  - kind: cliquer, dots: 9\n", (2, 24), "give each key its own line"),
    "unclosed bracket": ("items: [{kind: cliquer}\n", (1, 8), "this '[' is never closed: add ']'"),
    "unclosed bracket before more keys": ("items: [{kind: cliquer}, {kind: circles}\ntitle: y\n", (1, 8),
                                          "never closed"),
    "unclosed bracket before a list": ("items: [\n  - kind: cliquer\n", (1, 8), "never closed"),
    "unclosed brace": ("page: {size: A4\n" + ITEMS, (1, 7), "this '{' is never closed: add '}'"),
    "brace closed by a bracket": ("items: [{kind: cliquer]\n", (1, 23), "closed with ']': close it with '}'"),
    "missing comma": ("page: {size: A4 orientation: portrait}\n" + ITEMS, (1, 28), "a ',' is missing"),
    "extra closing bracket": ("items: [{kind: cliquer}]]\n", (1, 25), "with no opening ["),
    "unclosed double quote": ('title: "abc\n' + ITEMS, (1, 8), 'the " opened here is never closed'),
    "unclosed single quote": ("title: 'abc\n" + ITEMS, (1, 8), "the ' opened here is never closed"),
    "text after a quote": ('title: "a" b\n' + ITEMS, (1, 12), "put the whole value inside the quotes"),
    "value starting with @": ("title: @home\n" + ITEMS, (1, 8), "cannot start with '@': put the value in quotes"),
    "value starting with a backtick": ("title: `x`\n" + ITEMS, (1, 8), "cannot start with '`'"),
    "value starting with a comma": ("title: ,x\n" + ITEMS, (1, 8), "cannot start with ','"),
    "unknown escape": ('title: "a\\qb"\n' + ITEMS, (1, 11), "'\\q' is not an escape"),
    "block scalar indicator": ("title: |x\n" + ITEMS, (1, 8), "'|' and '>' start a block of text"),
    "alias sign": ("title: *\n" + ITEMS, (1, 8), "'*' and '&' begin YAML aliases"),
    "list entry after a key": ("items: - kind: cliquer\n", (1, 8), "must start its own line"),
    "list entry where a key goes": ("items:\n- kind: cliquer\n  - kind: circles\n", (3, 3),
                                    "a list entry ('- ') where a key was expected"),
    "second document": (ITEMS + "---\n" + ITEMS, (2, 1), "a spec is one document"),
    "directive": ("%YAML 1.1\n" + ITEMS, (1, 1), "directives (%YAML, %TAG) are not used"),
    "dash glued to the key": ("items:\n  -kind: cliquer\n", (2, 3), "each entry starts with '- '"),
    "comment where text was meant": ("title: #1 pack\n" + ITEMS, (1, 7), "a '#' after a space starts a comment"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_yaml_mistakes_are_said_in_words_at_the_line_to_fix(name):
    text, where, words = CASES[name]
    with pytest.raises(SpecError) as info:
        loads(text, "x.yaml")
    err = info.value
    assert len(err.mistakes) == 1, str(err)
    assert (err.line, err.column) == where, str(err)
    assert words in err.message, str(err)
    assert not any(w in err.message for w in PARSER_WORDS), str(err)
    assert str(err) == f"x.yaml:{where[0]}:{where[1]}: {err.message}"
