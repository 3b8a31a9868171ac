"""No English on a French, Arabic or Chinese page (issue 44), beyond the class-set page that
tests/web/test_teachers_page_languages.py walks: every word a person sees on the main pages of
`pnp serve` (their text, and the words a screen reader or a tooltip says) in those languages is
the catalogs' translation, or a word the translations themselves keep (a game's name, "PDF",
"pnp"), never a word of the catalogs' English that the language does not use.

A word counts as English when it is a word of some English message of either catalog (the
page's, the printed one) and of no translation in the language: so a new sentence that reaches
a page untranslated, a carrier said in English where the page should say it, or a template
word written outside ``{% trans %}`` fails here. The example spec shown as YAML keeps its
English keywords on purpose (the spec file's words), and is left out."""

from __future__ import annotations

import html as htmlib
import re
from functools import lru_cache

import pytest

from pnp.i18n.catalogs import DOMAIN, WEB, read_catalog
from web_helpers import BASE, ROOT

CODES = ["fr", "ar", "zh"]
PAGES = ["/", "/make", "/make?kind=cliquer", "/make?kind=circles", "/make?kind=cliques",
         "/validate", "/analyze"]
# pages that say a message instead: a game, a PDF or a piece of work that is not there, a date
# out of range, a page that is not there
MESSAGES = ["/make?kind=nosuch", "/jobs/nosuch", "/working/nosuch", "/daily?date=1900-01-01",
            "/nosuch"]
WORD = re.compile(r"[A-Za-z][a-z]{2,}")
# the words a person reads besides the text: what a screen reader or a tooltip says of a control
SAID_ATTRIBUTES = re.compile(r'\b(?:aria-label|title|placeholder|alt)="([^"]*)"')


@pytest.fixture(scope="module")
def client():
    from starlette.testclient import TestClient

    from pnp.web.app import create_app, read_layouts

    app = create_app("127.0.0.1", 8000, workers=1, layouts=read_layouts([ROOT / "layouts"]),
                     warm=False)
    with TestClient(app, base_url=BASE, raise_server_exceptions=False) as c:
        yield c


def _words(texts) -> set[str]:
    return {w.casefold() for text in texts for w in WORD.findall(text)}


@lru_cache(maxsize=None)
def english_words() -> frozenset[str]:
    """Every word of an English message of either catalog (the template's: "en" has none)."""
    ids = []
    for domain in (DOMAIN, WEB):
        for m in read_catalog("fr", domain):
            ids.extend([m.id] if isinstance(m.id, str) else list(m.id))
    # a placeholder's name or a format's is no word a person reads
    return frozenset(_words(re.sub(r"\{\w*\}|%\(\w+\)s", " ", i) for i in ids if i))


@lru_cache(maxsize=None)
def kept_words(code: str) -> frozenset[str]:
    """The Latin words the language's own translations use (names, "PDF")."""
    strings = []
    for domain in (DOMAIN, WEB):
        for m in read_catalog(code, domain):
            strings.extend([m.string] if isinstance(m.string, str) else list(m.string))
    return frozenset(_words(re.sub(r"\{\w*\}|%\(\w+\)s", " ", s) for s in strings if s))


def visible(page: str) -> list[str]:
    """The page's words as a person meets them: its text and its controls' spoken words, not
    its scripts, styles, or the YAML of an example spec."""
    page = re.sub(r"<(script|style|textarea|pre)\b.*?</\1>", " ", page, flags=re.S)
    said = SAID_ATTRIBUTES.findall(page)
    text = re.sub(r"<[^>]+>", "\n", page)
    return [htmlib.unescape(t).strip() for t in text.split("\n") + said if t.strip()]


@pytest.mark.parametrize("code", CODES)
@pytest.mark.parametrize("url", PAGES + MESSAGES)
def test_no_english_word_is_on_a_translated_page(client, code, url):
    page = client.get(f"{url}{'&' if '?' in url else '?'}lang={code}")
    assert (page.status_code == 200) is (url in PAGES) and page.text.strip()
    english = english_words() - kept_words(code)
    left = [(w, line) for line in visible(page.text) for w in WORD.findall(line)
            if w.casefold() in english]
    assert not left, left


def test_the_check_finds_english_where_it_is():
    """The check itself: an English sentence of the catalog on a French page is found, its
    French translation is not."""
    english = english_words() - kept_words("fr")
    assert {"choose", "board", "dots"} <= english
    lines = visible('<p>Choose a PDF file to check.</p><button aria-label="Close">x</button>'
                    '<pre>kind: cliquer</pre><p>Choisissez un fichier PDF à vérifier.</p>')
    assert lines == ["Choose a PDF file to check.", "x", "Choisissez un fichier PDF à vérifier.",
                     "Close"]
    assert [w for w in WORD.findall(lines[0]) if w.casefold() in english] == ["Choose", "file",
                                                                                "check"]
    assert not [w for w in WORD.findall(lines[2]) if w.casefold() in english]
