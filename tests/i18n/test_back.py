"""Each catalog was read back into English without the English in view (tests/i18n/back/*.tsv,
made with bench/back_translation.py); this holds those readings to the catalogs as they are now.

A reading belongs to one translation (its mark): a translation changed since it was read back
fails here until it is read back again. A reading must keep the English's placeholders and its
numbers (the rules' arithmetic: "9 + 5 = 14" must come back as those numbers); what it says
was compared with the English line by line by a person (``bench/back_translation.py compare``
lists them, least alike first; docs/languages.md says how and what was found).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))
import back_translation as back  # noqa: E402

from pnp import i18n  # noqa: E402

TRANSLATED = [code for code in i18n.CODES if code != i18n.ENGLISH]


def _numbers(text: str) -> list[str]:
    """The numbers a text states (not a placeholder's, nor a term's such as "4-clique", which a
    language may name in words)."""
    text = re.sub(r"\{\w*\}|\d+-[^\W\d]\w*", "", text)
    return sorted(set(re.findall(r"\d+", text)))


def _fields(text: str) -> list[str]:
    return sorted(set(re.findall(r"\{(\w*)\}", text)))


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_translation_has_been_read_back(code):
    readings = back.readings(code)
    for key, english, translation in back.entries(code):
        assert key in readings, f"{code}: {english!r} has not been read back (bench/back_translation.py)"
        mark, reading = readings[key]
        assert mark == back.fingerprint(translation), \
            f"{code}: the translation of {english!r} changed since it was read back"
        said = english[-1] if isinstance(english, tuple) else english
        assert _fields(reading) == _fields(said), (code, said, reading)
        assert _numbers(reading) == _numbers(said), (code, said, reading)
    assert len(readings) == len(back.entries(code)), f"{code}: readings of messages no longer printed"


def test_the_keys_do_not_give_the_english_away():
    key = back.key("How to play")
    assert len(key) == 10 and "play" not in key and key == back.key("How to play")
