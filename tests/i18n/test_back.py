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


def test_export_unread_lists_only_what_needs_a_new_reading(tmp_path, monkeypatch, capsys):
    """``export CODE --unread`` prints a message whose reading is missing or was made from another
    translation, and nothing that was read as it is now (what a blind reader gets after a fix)."""
    rows = back.entries("fr")
    (current, _, said_now), (stale, _, _), (missing, _, _) = rows[0], rows[1], rows[2]
    (tmp_path / "fr.tsv").write_text(
        f"# a reading file\n{current}\t{back.fingerprint(said_now)}\tread as it is\n"
        f"{stale}\t{back.fingerprint('an older translation')}\tread before a fix\n", "utf-8")
    monkeypatch.setattr(back, "BACK", tmp_path)
    assert current not in back.unread("fr") and {stale, missing} <= back.unread("fr")
    assert len(back.unread("fr")) == len(rows) - 1
    back.export("fr", only_unread=True)
    printed = [line.split("\t")[0] for line in capsys.readouterr().out.splitlines()[1:]]
    assert stale in printed and missing in printed and current not in printed
    assert back.main(["export", "fr", "--all"]) == 2
