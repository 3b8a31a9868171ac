"""The message catalogs: ``locale/<code>/LC_MESSAGES/pnp.po``, one per language, read with Babel.

The ``.po`` files are the only source (no compiled ``.mo`` is kept beside them to drift): each is
read once a process, the first time its language prints, and compiled in memory into Python's
own ``gettext`` translations, which know the language's plural rule from the catalog's header.
"""

from __future__ import annotations

import gettext
import re
from functools import lru_cache
from pathlib import Path

from .languages import ENGLISH, language

DOMAIN = "pnp"           # what the PDFs print
WEB = "web"              # what the web page shows (its own words; a printed word it shows too,
                         # such as a game's title, is read from the printed catalog)
DOMAINS = (DOMAIN, WEB)
LOCALE_DIR = Path(__file__).with_name("locale")


def po_path(code: str, domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"


def template_path(domain: str = DOMAIN) -> Path:
    return LOCALE_DIR / f"{domain}.pot"


def read_catalog(code: str, domain: str = DOMAIN):
    """The Babel catalog of language ``code`` (for the tests and tools that look inside)."""
    from babel.messages.pofile import read_po

    with po_path(code, domain).open("rb") as f:
        return read_po(f, locale=language(code).locale, domain=domain)


@lru_cache(maxsize=None)
def translations(code: str, domain: str = DOMAIN) -> gettext.NullTranslations:
    """What prints (or, ``domain`` WEB, what the page shows) for each message in language
    ``code``; English is the messages themselves. The page's catalog falls back on the printed
    one."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    printed = Translations(po_path(code).read_text(encoding="utf-8"))
    if domain == DOMAIN:
        return printed
    path = po_path(code, domain)
    if not path.exists():
        return printed
    shown = Translations(path.read_text(encoding="utf-8"))
    shown.add_fallback(printed)
    return shown


class Translations(gettext.NullTranslations):
    """A catalog read straight from its ``.po`` text, as Python's gettext reads a compiled one.

    Read here rather than by Babel (``read_catalog``, for the tests and tools) because every
    build in another language reads its catalog once, and Babel takes ten times as long: the
    format pnp writes (msgctxt, msgid, msgid_plural, msgstr, msgstr[n], each a run of quoted
    lines) is all there is to read. A fuzzy entry is a draft, not a translation: it prints in
    English (and tests/i18n fails on it)."""

    def __init__(self, text: str):
        super().__init__()
        self._catalog: dict = {}
        self.plural = lambda n: int(n != 1)
        for entry in _entries(text):
            if "fuzzy" in entry.get("flags", ()):
                continue
            msgid, context = entry.get("msgid", ""), entry.get("msgctxt")
            if msgid == "":
                self._header(entry.get("msgstr", ""))
                continue
            key = msgid if context is None else f"{context}\x04{msgid}"
            if "msgid_plural" in entry:
                forms = [entry[k] for k in sorted(k for k in entry if k.startswith("msgstr["))]
                if all(forms):
                    self._catalog[(key, "plural")] = forms
            elif entry.get("msgstr"):
                self._catalog[key] = entry["msgstr"]

    def _header(self, header: str) -> None:
        for line in header.splitlines():
            name, _, value = line.partition(":")
            if name.strip().lower() == "plural-forms":
                expression = value.split("plural=", 1)[1].rstrip(" ;")
                self.plural = gettext.c2py(expression)

    def gettext(self, message: str) -> str:
        if message in self._catalog:
            return self._catalog[message]
        return self._fallback.gettext(message) if self._fallback else message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        forms = self._catalog.get((singular, "plural"))
        if forms is None:
            if self._fallback:
                return self._fallback.ngettext(singular, plural, n)
            return singular if n == 1 else plural
        return forms[min(self.plural(n), len(forms) - 1)]

    def pgettext(self, context: str, message: str) -> str:
        key = f"{context}\x04{message}"
        if key in self._catalog:
            return self._catalog[key]
        return self._fallback.pgettext(context, message) if self._fallback else message


_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", '"': '"', "r": "\r"}


_ESCAPED = re.compile(r"\\(.)", re.DOTALL)


def _unquote(line: str) -> str:
    """A quoted line's text: a backslash and the character after it stand for that escape (a
    lone backslash at the end stays itself). Most lines have none, and a build in another
    language reads its whole catalog (a character-by-character loop took a tenth of a French
    build's CPU)."""
    body = line.strip()[1:-1]
    if "\\" not in body:
        return body
    return _ESCAPED.sub(lambda m: _ESCAPES.get(m[1], m[1]), body)


def _entries(text: str):
    """The entries of a ``.po`` text, each a dict of its keywords' strings (and its flags)."""
    entry: dict = {}
    key = None
    for line in text.splitlines():
        line = line.strip()
        if not line:
            if entry:
                yield entry
            entry, key = {}, None
        elif line.startswith("#,"):
            entry["flags"] = {f.strip() for f in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            if key is not None:
                entry[key] += _unquote(line)
        else:
            key, _, rest = line.partition(" ")
            if key in entry and key in ("msgid", "msgctxt"):      # a new entry without a blank
                yield entry
                entry = {}
            entry[key] = _unquote(rest)
    if entry:
        yield entry
