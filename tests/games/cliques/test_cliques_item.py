"""Cliques spec items: players as a count or names; names the print font cannot draw are refused."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pnp.errors import SpecError
from pnp.games.cliques.item import parse_players
from pnp.games.cliques.rules import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS
from pnp.spec import loads


def test_count_gives_numbered_seats():
    assert parse_players(4) == ("Player 1", "Player 2", "Player 3", "Player 4")


@pytest.mark.parametrize("bad", [2, 13, 0, -3, True])
def test_count_out_of_range_is_refused(bad):
    with pytest.raises(ValueError):
        parse_players(bad)


def test_names_in_latin_greek_and_cyrillic_are_kept():
    names = ["Zoë", "Σωκράτης", "Дмитрий", "Łukasz", "Ñandú"]
    assert parse_players(names) == tuple(names)


def test_names_in_any_script_pnp_has_a_face_for_are_kept():
    """Arabic and Hebrew (shaped, right to left), Devanagari (conjuncts), Chinese, Japanese and
    Korean (with the CJK extra, which the tests install)."""
    names = ["فاطمة", "שרה", "क्षितिज", "山田", "さくら", "지민"]
    assert parse_players(names) == tuple(names)


def test_names_are_normalised():
    decomposed = "Zoe\u0308"       # e + combining diaeresis
    assert parse_players([decomposed, " Ann   Lee ", "Bo"]) == ("Zoë", "Ann Lee", "Bo")


@pytest.mark.parametrize("names, words", [
    (["Ann", "Bea", "Cy 🙂"], ["U+1F642"]),
    (["Ann", "Bea", "ꦗꦮ"], ["name 3", "U+A997", "cannot draw"]),      # Javanese: no face has it
    (["Ann", "ann", "Cy"], ["repeats name 1"]),
    (["Ann", " ", "Cy"], ["name 2 is empty"]),
    (["Ann", "Bea", 7], ["name 3 must be a name"]),
    (["Ann", "Bea\u200b", "Cy"], ["U+200B"]),
    (["Ann", "Bea"], ["3..12 players"]),
    (["x" * (MAX_NAME + 1), "Bea", "Cy"], [f"at most {MAX_NAME}"]),
])
def test_bad_names_are_refused_with_a_clear_message(names, words):
    with pytest.raises(ValueError) as err:
        parse_players(names)
    for word in words:
        assert word in str(err.value)


@given(st.lists(st.text(st.characters(codec="utf-8"), min_size=1, max_size=12),
                min_size=MIN_PLAYERS, max_size=MAX_PLAYERS))
def test_accepted_names_are_always_printable_and_distinct(names):
    from pnp.pdf.fonts import BOLD, SANS, missing_glyphs

    try:
        got = parse_players(names)
    except ValueError:
        return
    assert len({n.casefold() for n in got}) == len(got)
    assert all(n and not missing_glyphs(n, SANS) and not missing_glyphs(n, BOLD) for n in got)


def test_loader_reports_file_line_column_for_an_undrawable_name():
    text = "items:\n  - kind: cliques\n    players: [Ann, Bea, ꦗꦮ]\n"
    with pytest.raises(SpecError) as err:
        loads(text, "sets.yaml")
    assert str(err.value).startswith("sets.yaml:3:14: ")
    assert "U+A997" in str(err.value)


def test_loader_accepts_a_count_and_card_number():
    spec = loads("items:\n  - kind: cliques\n    players: 5\n    remark_cards: 8\n", "s.yaml")
    item = spec.items[0].item
    assert len(item.players) == 5 and item.remark_cards == 8


def test_loader_refuses_too_many_cards():
    with pytest.raises(SpecError, match="s.yaml:4:19"):
        loads("items:\n  - kind: cliques\n    players: 5\n    remark_cards: 999\n", "s.yaml")
