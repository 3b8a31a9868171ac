"""Boards' IDs: what ``pnp.seeding`` makes, and knowing one again when a person types it back
(the sheets print it large, so it is typed where a board's code belongs)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.games.cliquer.codes import encode
from pnp.seeding import ID_ALPHABET, ident_for, looks_like_ident


@given(st.text(max_size=30), st.integers(1, 999_999))
def test_every_id_a_build_makes_is_known_again_however_typed(seed, number):
    ident = ident_for(seed, number)
    assert looks_like_ident(ident)
    for typed in (ident.lower(), ident.replace("-", " "), ident.replace("-", ""), f"  {ident}\n"):
        assert looks_like_ident(typed), typed


@settings(deadline=None)
@given(st.text(max_size=30), st.integers(1, 99))
def test_a_board_code_or_a_file_name_is_not_an_id(seed, number):
    ident = ident_for(seed, number)
    for text in (f"{ident}.yaml", f"{ident}.pdf", f"X{ident}", ident[:-1], ident[:3] + "-01",
                 encode(((1, 2), (3, 7), (9, 4)), 10)):
        assert not looks_like_ident(text), text


def test_an_id_uses_only_letters_read_aloud_without_doubt():
    # no 0/O or 1/I/L among the four letters: so "0" or "I" typed there is no ID of ours
    assert not set("01ILO") & set(ID_ALPHABET)
    assert not looks_like_ident("5UY0-01") and not looks_like_ident("IUYT-01")
