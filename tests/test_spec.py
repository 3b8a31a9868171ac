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


# ---------------------------------------------------------------------------------------------
# YAML 1.1 surprises: where a number or true/false is wanted, forms YAML versions read
# differently are refused with what to write; where text is wanted, the text written is kept

@pytest.mark.parametrize("written, words", [
    ("010", "010 has a leading zero (YAML 1.1 reads 010 as octal 8): write 10 without it"),
    ("-07", "write -7 without it"),
    ("09", "09 has a leading zero: write 9"),
    ("1:30", "1:30 reads as a base-60 number in YAML 1.1 (1:30 is 90)"),
    ("0x1F", "write numbers in decimal: 0x1F is 31"),
    ("0o17", "write numbers in decimal: 0o17 is 15"),
    ("0b101", "write numbers in decimal: 0b101 is 5"),
    ("1_000", "write 1000 without the underscores"),
])
def test_numbers_yaml_versions_read_differently_are_refused(written, words):
    err = error_of(f"items:\n  - kind: cliquer\n    dots: {written}\n")
    assert (err.line, err.column) == (3, 11)
    assert err.message.startswith("items[0].dots must be a whole number") and words in err.message, err.message


@pytest.mark.parametrize("written, value", [
    ("9", 9), ("+9", 9), ("9.0", 9), ("1e1", 10), ("0", None), ("3.", 3), ("2.", None)])
def test_decimal_numbers_are_read_as_yaml_1_2_reads_them(written, value):
    text = f"items:\n  - kind: cliquer\n    dots: {written}\n"
    if value is None:
        assert "dots must be 3..40" in error_of(text).message
    else:
        assert loads(text).items[0].item.dots == value


@pytest.mark.parametrize("written, value", [("2.5", 2.5), (".25e1", 2.5), (".4", None), ("2.49", None),
                                            ("3e0", 3.0), ("0.75e1", 7.5)])
def test_decimal_fractions_and_exponents(written, value):
    text = f"items:\n  - kind: cliquer\n    clearance_mm: {written}\n"
    if value is None:
        assert "clearance_mm must be 2.5..20" in error_of(text).message
    else:
        assert loads(text).items[0].item.clearance_mm == value


@pytest.mark.parametrize("written", ["yes", "No", "ON", "off", "y", "N"])
def test_yes_no_on_off_are_refused_where_true_or_false_is_wanted(written):
    err = error_of(f"items:\n  - kind: cliquer\n    worksheet: {written}\n")
    assert (err.line, err.column) == (3, 16)
    meant = "true" if written.lower() in ("yes", "on", "y") else "false"
    assert f"write {meant} rather than {written}" in err.message


@pytest.mark.parametrize("written, value", [("true", True), ("True", True), ("TRUE", True),
                                            ("false", False), ("False", False), ("FALSE", False)])
def test_true_and_false_as_yaml_1_2_spells_them(written, value):
    assert loads(f"items:\n  - kind: cliquer\n    worksheet: {written}\n").items[0].item.worksheet is value


def test_quotes_make_text_and_the_message_says_so():
    assert "(quotes make it text: remove them)" in error_of('items:\n  - kind: cliquer\n    dots: "9"\n').message
    assert "(quotes make it text" in error_of("items:\n  - kind: cliquer\n    worksheet: 'true'\n").message


@pytest.mark.parametrize("written", ["no", "yes", "on", "010", "1:30", "0x1F", "2026-11-21", "true",
                                     "1e3", "~x", "null-ish"])
def test_text_options_keep_the_text_written(written):
    spec = loads(f"title: {written}\nitems:\n  - kind: cliquer\n    title: {written}\n")
    assert spec.title == written and spec.items[0].item.title == written


def test_names_are_never_yaml_booleans_or_numbers():
    spec = loads("items:\n  - kind: cliques\n    players: [No, Yes, Norway, 'On']\n")
    assert spec.items[0].item.players == ("No", "Yes", "Norway", "On")


# ---------------------------------------------------------------------------------------------
# names in any case, one canonical spelling in the data

@pytest.mark.parametrize("size, orientation", [("a4", "Landscape"), ("LETTER", "PORTRAIT"),
                                               ("Letter", "landscape"), ("A4", "portrait")])
def test_page_names_in_any_case(size, orientation):
    page = loads(f"page: {{size: {size}, orientation: {orientation}}}\nitems: [{{kind: cliquer}}]\n").page
    assert page.size == {"a4": "A4", "letter": "Letter"}[size.lower()]
    assert page.orientation == orientation.lower()


@pytest.mark.parametrize("kind", ["CliqueR", "CLIQUER", "Circles", "cliqueS"])
def test_kinds_in_any_case(kind):
    assert loads(f"items: [{{kind: {kind}}}]\n" if kind.lower() != "cliques"
                 else f"items: [{{kind: {kind}, players: 3}}]\n").items[0].kind == kind.lower()


@pytest.mark.parametrize("band", ["Medium", "HARD", "easy", "EaSy"])
def test_difficulty_bands_in_any_case(band):
    target = loads(f"items:\n  - kind: cliquer\n    difficulty: {band}\n").items[0].item.difficulty
    assert target.name == band.lower()


def test_every_literal_option_of_every_game_reads_any_case():
    """Not only the options named in the README: every choice of every game."""
    from pnp.games import KINDS, game
    from pnp.options import CHOICE, fields

    checked = 0
    for kind in KINDS:
        for o in fields(game(kind).Item):
            if o.shape != CHOICE:
                continue
            for choice in o.choices:
                for written in (choice.upper(), choice.title(), choice.lower()):
                    extra = ", players: 3" if kind == "cliques" else ""
                    spec = loads(f"items: [{{kind: {kind}, {o.key}: {written}{extra}}}]\n")
                    assert getattr(spec.items[0].item, o.key) == choice
                    checked += 1
    assert checked >= 12


def test_keys_stay_lower_case_with_a_hint():
    err = error_of("TITLE: x\nitems: [{kind: cliquer}]\n")
    assert err.message == "unknown key 'TITLE'; did you mean 'title'? (names are lower case)"


# ---------------------------------------------------------------------------------------------
# everything printed can be printed: a face pnp ships (or its CJK extra) draws it

@pytest.mark.parametrize("where, text, column", [
    ("title: {}\nitems: [{{kind: cliquer}}]\n", "Week ꦗꦮ", 8),
    ("seed: {}\nitems: [{{kind: cliquer}}]\n", "ꦗꦮ", 7),
    ("items:\n  - kind: cliquer\n    title: {}\n", "Board 🦄", 12),
])
def test_undrawable_printed_text_is_refused_naming_the_character(where, text, column):
    err = error_of(where.format(text))
    assert err.column == column
    bad = next(ch for ch in text if ord(ch) > 0x2FFF)
    import unicodedata
    assert f"has {bad!r} (U+{ord(bad):04X} {unicodedata.name(bad)}), which the print font cannot draw" in err.message


@pytest.mark.parametrize("gone", ["PnpCJK", "PnpCJK-Bold"])     # an extra older than the bold
def test_a_cjk_character_without_the_extra_names_the_command(monkeypatch, gone):
    from pnp.pdf import faces

    monkeypatch.setattr(faces, "available", lambda name: name != gone)
    faces.charset.cache_clear()
    try:
        err = error_of("title: Week 標題\nitems: [{kind: cliquer}]\n")
        assert "cannot draw; to print it: pip install 'pnp[cjk]'" in err.message
        err = error_of("language: zh\nitems: [{kind: cliquer}]\n")
        assert (err.line, err.column) == (1, 11)
        assert "Simplified Chinese needs the CJK fonts" in err.message and "pnp[cjk]" in err.message
    finally:
        faces.charset.cache_clear()


@pytest.mark.parametrize("text", ["Σωκράτης", "Дмитрий", "Zoë & Łucja", "½ − ∞ ≤ π", "★ ♠ ♥",
                                  "שלום", "مرحبا", "Board ש", "क्षितिज", "標題", "さくら", "한글"])
def test_printable_text_from_other_scripts_is_kept(text):
    spec = loads(f'title: "{text}"\nseed: "{text}"\nitems:\n  - kind: cliquer\n    title: "{text}"\n')
    assert spec.title == spec.seed == spec.items[0].item.title == text


def test_a_file_name_that_becomes_the_title_is_checked_too():
    err = error_of_file("ꦗꦮ.yaml", "items: [{kind: cliquer}]\n")
    assert str(err).startswith("ꦗꦮ.yaml: the file name is printed as the title") and "add a title:" in str(err)
    assert loads("items: [{kind: cliquer}]\n", "數學.yaml").title == "數學"


def error_of_file(name: str, text: str) -> SpecError:
    with pytest.raises(SpecError) as info:
        loads(text, name)
    return info.value


def test_every_text_option_of_every_game_says_whether_it_is_printed():
    """A new text option must say printed=True (checked for the font) or printed=False: the
    loader cannot guess which texts land on paper, so describing one that does not say fails."""
    from dataclasses import dataclass

    from pnp.games import KINDS, game
    from pnp.options import fields, option

    for kind in KINDS:
        fields(game(kind).Item)           # every game's options describe

    @dataclass(frozen=True)
    class Careless:
        name: str | None = option(None, label="Name")
        names: tuple[str, ...] = option((), label="Names", parse=tuple, schema={})

    with pytest.raises(TypeError, match="Careless.name: a text option says printed="):
        fields(Careless)


def test_every_printed_option_refuses_what_the_font_cannot_draw():
    import dataclasses

    from pnp.games import KINDS, game

    for kind in KINDS:
        for f in dataclasses.fields(game(kind).Item):
            if (f.metadata or {}).get("printed") and not (f.metadata or {}).get("parse"):
                extra = ", players: 3" if kind == "cliques" else ""
                err = error_of(f"items:\n  - {{kind: {kind}{extra}, {f.name}: ꦗ}}\n")
                assert "U+A997" in err.message and err.line == 2, (kind, f.name, str(err))


# ---------------------------------------------------------------------------------------------
# a code fixes the board: options it sets must agree

CODE = "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC"     # 9 dots on grid 90


@pytest.mark.parametrize("option, value", [("dots", 10), ("grid", 120)])
def test_a_code_and_an_option_it_sets_that_disagree_are_refused_naming_both(option, value):
    err = error_of(f"items:\n  - kind: cliquer\n    code: {CODE}\n    {option}: {value}\n")
    assert (err.line, err.column) == (4, 7 + len(option))
    assert f"items[0].{option} is {value} but code: {CODE} has {option}" in err.message
    assert f"leave {option}: out" in err.message


def test_a_code_with_a_difficulty_is_refused():
    err = error_of(f"items:\n  - kind: cliquer\n    code: {CODE}\n    difficulty: hard\n")
    assert "difficulty cannot be used with code" in err.message


def test_a_code_with_agreeing_options_loads_and_sets_them():
    item = loads(f"items:\n  - kind: cliquer\n    code: {CODE}\n    dots: 9\n    grid: 90\n").items[0].item
    assert (item.dots, item.grid, item.code) == (9, 90, CODE)
    alone = loads(f"items:\n  - kind: cliquer\n    code: {CODE.lower().replace('-', ' ')}\n").items[0].item
    assert (alone.dots, alone.grid, alone.code) == (9, 90, CODE)      # one form in the data


@pytest.mark.parametrize("ch", ["\u202e", "\u200b", "\u2066", "\ufeff"])
def test_invisible_formatting_characters_in_printed_text_are_refused(ch):
    import unicodedata

    err = error_of(f'title: "a{ch}b"\nitems: [{{kind: cliquer}}]\n')
    assert f"invisible formatting character {ch!r} (U+{ord(ch):04X} {unicodedata.name(ch)})" in err.message
