"""Each catalog, the printed one and the web page's, was read back into English without the
English in view (tests/i18n/back/<code>.tsv and web-<code>.tsv,
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
from pnp.i18n.catalogs import WEB  # noqa: E402

TRANSLATED = [code for code in i18n.CODES if code != i18n.ENGLISH]
# both catalogs: what the PDFs print ("fr") and what the web page shows ("web/fr")
CATALOGS = TRANSLATED + [f"{WEB}/{code}" for code in TRANSLATED]


def _numbers(text: str, terms: bool = False) -> set[str]:
    """The numbers a text states (not a placeholder's); with ``terms`` those of terms such as
    "4-clique" too, which a language may name in words ("four-clique"), and a reading may
    write a number as one ("11 dots" read back "an 11-dot board")."""
    text = re.sub(r"\{\w*\}|%\(\w+\)s" + ("" if terms else r"|\d+-[^\W\d]\w*"), "", text)
    return set(re.findall(r"\d+", text))


def _same_numbers(reading: str, english: str) -> bool:
    """Every number either states plainly the other has, as a number or in a term."""
    return _numbers(english) <= _numbers(reading, True) and \
        _numbers(reading) <= _numbers(english, True)


def _fields(text: str) -> list[str]:
    """Its placeholders, {name} or (the page's templates) %(name)s."""
    return sorted({a or b for a, b in re.findall(r"\{(\w*)\}|%\((\w+)\)s", text)})


@pytest.mark.parametrize("code", CATALOGS)
def test_every_translation_has_been_read_back(code):
    readings = back.readings(code)
    for key, english, translation in back.entries(code):
        assert key in readings, f"{code}: {english!r} has not been read back (bench/back_translation.py)"
        mark, reading = readings[key]
        assert mark == back.fingerprint(translation), \
            f"{code}: the translation of {english!r} changed since it was read back"
        said = english[-1] if isinstance(english, tuple) else english
        assert _fields(reading) == _fields(said), (code, said, reading)
        assert _same_numbers(reading, said), (code, said, reading)
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
