"""The message catalogs: ``locale/<code>/LC_MESSAGES/pnp.po``, one per language, read with Babel.

The ``.po`` files are the only source (no compiled ``.mo`` is kept beside them to drift): each is
read once a process, the first time its language prints, and compiled in memory into Python's
own ``gettext`` translations, which know the language's plural rule from the catalog's header.
"""

from __future__ import annotations

import gettext
import io
from functools import lru_cache
from pathlib import Path

from .languages import ENGLISH, language

DOMAIN = "pnp"
LOCALE_DIR = Path(__file__).with_name("locale")


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def template_path() -> Path:
    return LOCALE_DIR / f"{DOMAIN}.pot"


def read_catalog(code: str):
    """The Babel catalog of language ``code`` (for the tests and tools that look inside)."""
    from babel.messages.pofile import read_po

    with po_path(code).open("rb") as f:
        return read_po(f, locale=language(code).locale, domain=DOMAIN)


@lru_cache(maxsize=None)
def translations(code: str) -> gettext.NullTranslations:
    """What prints for each message in language ``code``; English is the messages themselves."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo

    buffer = io.BytesIO()
    # fuzzy entries are drafts, not translations: they print in English (and the tests fail)
    write_mo(buffer, read_catalog(code), use_fuzzy=False)
    buffer.seek(0)
    return gettext.GNUTranslations(buffer)
