"""pnp.i18n.message: one message type, its English the CLI's, its say() the language's, every
fact written by one rule, and the extractor finding every call."""

from __future__ import annotations

import datetime as dt
import pickle

import pytest
from hypothesis import given, strategies as st

from pnp import i18n
from pnp.i18n.catalogs import WEB, translations
from pnp.i18n.message import (END_ISOLATE, ISOLATE, Day, Duration, Field, Message, Number, Weekday,
                              found, say_fact)

TRANSLATED = [code for code in i18n.CODES if code != i18n.ENGLISH]
BOARDS = ("{n} board", "{n} boards")          # in the page's catalog (pnp.web.say.NOUNS)


@given(st.integers(min_value=-10**9, max_value=10**9))
def test_the_english_is_the_format_of_its_facts(n):
    m = Message(*BOARDS, n=n)
    assert m == (f"{n} board" if n == 1 else f"{n} boards") and isinstance(m, str)
    assert m.say("en") == str(m)


@pytest.mark.parametrize("code", TRANSLATED)
def test_say_is_the_catalogs_translation_filled_the_languages_way(code):
    m = Message(*BOARDS, n=1234)
    with i18n.using(code):
        expected = translations(code, WEB).ngettext(*BOARDS, 1234).format(n=i18n.number(1234))
    assert m.say(code) == expected != str(m)
    with i18n.using(code):                      # None: the language in force
        assert m.say() == expected
    assert str(m) == "1234 boards"              # saying it changed nothing of its English


@pytest.mark.parametrize("code", i18n.CODES)
def test_a_message_crosses_a_pipe_whole(code):
    m = Message("{answer} ({same})", answer=Message(*BOARDS, n=3), same=Number(2.5, ".2f"))
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.say(code) == m.say(code) and back.facts == m.facts


def test_one_rule_writes_every_fact():
    day = dt.date(2026, 11, 23)
    with i18n.using("en"):      # as the command line says them, then as an English page does
        facts = (1234, Number(0.5, ".2f"), Weekday(day), Day(day), Duration(900),
                 Field("Board code", "code"), "A-B", True)
        assert [say_fact(f, page=False) for f in facts] == \
            ["1234", "0.50", "Monday", "2026-11-23", "15 minutes", "code", "A-B", "True"]
        assert [say_fact(f) for f in facts] == \
            ["1234", "0.50", "Monday", "2026-11-23", "15 minutes", "“Board code”", "A-B", "True"]
    with i18n.using("fr"):
        assert say_fact(Number(0.5, ".2f")) == "0,50"
        assert say_fact(Weekday(day)) == "lundi"
        assert say_fact(Field("Board code", "code")) == i18n.web_gettext("“{label}”").format(
            label=i18n.web_gettext("Board code")) != "code"
    with i18n.using("ar"):                     # a Latin value inside Arabic is isolated
        assert say_fact("R1-3MQZ") == f"{ISOLATE}R1-3MQZ{END_ISOLATE}"
        assert say_fact("لوحة") == "لوحة"
    with i18n.using("hi"):
        assert say_fact(1234) == i18n.number(1234)


def test_context_tells_apart_one_english():
    m = Message("May", context="month")
    assert str(m) == "May" and m.context == "month" and m.say("fr") == "May"   # not in a catalog


def test_the_extractor_finds_every_way_of_writing_a_call():
    source = '''
a = Message("one {x}", x=1)
b = Message("{n} dot", "{n} dots", n=3)
c = Message("{n} dot", plural="{n} dots", n=3)
d = Message("May", context="month")
e = Message(name)               # not a literal: not a message of its own
f = i18n.message.Message("g")
'''
    assert [(m, c) for _, m, c in found(source)] == [
        ("one {x}", None), (("{n} dot", "{n} dots"), None), (("{n} dot", "{n} dots"), None),
        ("May", "month"), ("g", None)]


def test_every_message_the_code_says_is_in_the_pages_catalog():
    from pnp.i18n.extract import messages

    ids = {m.id if isinstance(m.id, str) else m.id[0] for m in messages(WEB) if m.id}
    assert "every {n}-dot board with all its dots on the outline has this answer, so it says " \
           "nothing about this one" in ids
