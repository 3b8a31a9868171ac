"""The languages pnp prints in: their codes, names, direction and the locale Babel formats with.

One table, read by the catalogs, the spec's ``language`` field, the command line, the fonts (which
script a language's words are in) and the web page's switch. Adding a language is a row here and a
catalog in ``locale/`` (docs/languages.md says how).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

ENGLISH = "en"
LTR, RTL = "ltr", "rtl"


@dataclass(frozen=True)
class Language:
    code: str          # what a spec, the command line and the catalog folder call it
    name: str          # in its own words, as the web page's switch shows it
    english: str       # in English, for messages and docs
    locale: str        # Babel's locale: numbers, lists and plural rules
    direction: str = LTR
    cjk: bool = False  # its words need the CJK font (the extra ``pnp[cjk]``)
    # how the language runs sentences together (Chinese writes none between them) and whether
    # a sentence set after a colon starts with a small letter ("House rule: players tied ...")
    sentence_gap: str = " "
    lower_after_colon: bool = False


LANGUAGES: dict[str, Language] = {lang.code: lang for lang in (
    Language("en", "English", "English", "en", lower_after_colon=True),
    Language("fr", "Français", "French", "fr", lower_after_colon=True),
    Language("de", "Deutsch", "German", "de"),
    Language("es", "Español", "Spanish", "es", lower_after_colon=True),
    Language("ar", "العربية", "Arabic", "ar", RTL),
    Language("hi", "हिन्दी", "Hindi", "hi"),
    Language("zh", "简体中文", "Simplified Chinese", "zh_Hans", cjk=True, sentence_gap=""),
)}

CODES = tuple(LANGUAGES)
LanguageCode = Literal[CODES]       # a spec's language: one of CODES


def language(code: str) -> Language:
    """The language called ``code``; a ValueError naming the choices if there is none."""
    try:
        return LANGUAGES[code]
    except (KeyError, TypeError):
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(CODES)}") from None
