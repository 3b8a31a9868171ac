"""Printed words in the reader's language: the catalogs, the language in force, and the
language's way of writing numbers and lists (Babel's, kept in pnp.i18n.writing).

Drawing code never holds a printed word as a bare literal: it passes it through ``_`` (or
``ngettext`` for a counted noun) where it prints, or marks it with ``N_`` where it is defined
once at module level and translated where it prints. ``pybabel extract`` (``babel.cfg``) finds
them all and ``tests/i18n`` holds every catalog to the template. A sentence said on the command
line or a page (a mistake, an answer, a figure) is a ``pnp.i18n.message.Message`` instead, in
the page's catalog: these markers are for words printed on a PDF only.

The language is not an argument threaded through every drawing function: the one drawing seam
(``pnp.render``) sets it for the pages it draws (``using``), and everything below reads it. A
context variable keeps two builds in two threads (the web page's workers) apart.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache

from . import writing
from .catalogs import WEB, translations
from .languages import CODES, ENGLISH, LANGUAGES, LTR, RTL, Language, LanguageCode, language

__all__ = ["_", "N_", "W_", "Wn_", "ngettext", "pgettext", "using", "current", "number", "duration", "listed", "per_language",
           "web_gettext", "web_ngettext", "LANGUAGES", "CODES", "ENGLISH", "LTR", "RTL", "Language", "LanguageCode", "language"]

_current: ContextVar[str] = ContextVar("pnp_language", default=ENGLISH)


def current() -> Language:
    """The language the words being drawn now are printed in."""
    return LANGUAGES[_current.get()]


@contextmanager
def using(code: str | None):
    """Print in language ``code`` inside the block (None: English)."""
    token = _current.set(language(code or ENGLISH).code)
    try:
        yield LANGUAGES[_current.get()]
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the language in force."""
    return translations(_current.get()).gettext(message)


def web_gettext(message: str) -> str:
    """``message`` as the web page shows it in the language in force (its own catalog, then
    the printed one)."""
    return translations(_current.get(), WEB).gettext(message)


def web_ngettext(singular: str, plural: str, n: int) -> str:
    return translations(_current.get(), WEB).ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks ``message`` for the catalogs where it is defined; ``_`` translates it where it prints."""
    return message


def W_(message: str) -> str:
    """pnp/verify's old marker for the page's catalog, until the validator's rewrite moves it to
    ``pnp.i18n.message.Message`` (which marks a message by being written): nothing else uses
    it (tests/i18n/test_one_message.py)."""
    return message


def Wn_(singular: str, plural: str) -> tuple[str, str]:
    """pnp/verify's old marker of a counted message, as ``W_``."""
    return singular, plural


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a counted phrase that ``n`` takes in the language in force."""
    return translations(_current.get()).ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    """``message`` where one English word needs two translations (``context`` tells them apart)."""
    return translations(_current.get()).pgettext(context, message)


def number(n, places: int | None = None) -> str:
    """A number as the language writes it (digits, decimal mark, grouping); ``places``: that
    many decimals, always."""
    if _current.get() == ENGLISH and (places is not None or isinstance(n, int)):
        # as English pages always printed them (the golden packs)
        return f"{n:.{places}f}" if places is not None else str(n)
    return _formatted(_current.get(), type(n), n, places)


@lru_cache(maxsize=4096)
def _formatted(code: str, kind: type, n, places: int | None) -> str:
    """Language ``code``'s writing of ``n`` (pnp.i18n.writing: Babel's, without loading Babel),
    kept: a pack prints the same few numbers on every page (a dot count, a score). (The type is
    in the key: 1 and 1.0 are one key to a dict, not always one number written.)"""
    return writing.number(code, n, places)


def duration(seconds: int) -> str:
    """A span of time as the language says it ("15 minutes", "15 Minuten", "15 دقيقة"), in the
    unit that reads best: Babel knows each language's plural forms, a placeholder alone would not."""
    from datetime import timedelta

    from babel.dates import format_timedelta

    return format_timedelta(timedelta(seconds=seconds), locale=current().locale)


def listed(items, style: str = "standard") -> str:
    """Items joined as the language lists them ("a, b and c"; "or" lists with style "or")."""
    return writing.listed(_current.get(), items, style)


def per_language(maxsize: int | None = 128):
    """``functools.lru_cache`` for a function whose result holds printed words: a result is kept
    per language, so a French build after an English one in the same process gets French."""
    from functools import lru_cache, wraps

    def wrap(function):
        @lru_cache(maxsize=maxsize)
        def kept(code, *args, **kwargs):
            return function(*args, **kwargs)

        @wraps(function)
        def call(*args, **kwargs):
            return kept(_current.get(), *args, **kwargs)

        call.cache_clear = kept.cache_clear
        call.cache_info = kept.cache_info
        return call

    return wrap
