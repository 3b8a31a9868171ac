"""A game's sentences for its page in the browser: each Message made into its template in one
language, the facts left as ``{name}`` slots for the page's script to fill.

The script fills a slot with a number (written with the language's digits), a dot's name, or
another sentence of the same table. A counted sentence (one with a plural) comes with each of
the language's forms and a table of which form each count from 0 to ``COUNTED - 1`` takes; past
it, the form of ``COUNTED - 100 + n % 100`` (the plural rules of pnp's languages look at most at
the last two digits, and at whether the number is 0, 1 or 2).
"""

from __future__ import annotations

from typing import Callable

from pnp.i18n import number, using
from pnp.i18n.catalogs import WEB, translations
from pnp.i18n.languages import ENGLISH, language
from pnp.i18n.message import Message, _filled

COUNTED = 1000


class Slot:
    """A fact the page fills in: it says itself as ``{name}`` in every language."""

    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    def say(self, code: str | None = None) -> str:
        return "{" + self.name + "}"

    def __str__(self) -> str:
        return self.say()


def slots(*names: str) -> dict[str, Slot]:
    """Facts for a Message of the page: ``Message("{a} draws", **slots("a"))``."""
    return {name: Slot(name) for name in names}


def template(word: Message | Callable[[int], Message], code: str) -> str | dict:
    """A sentence of the page in language ``code``: its template (slots as ``{name}``), or for
    a counted one (``word`` a function of the count making the Message) {"forms", "which"}."""
    if isinstance(word, Message):
        return word.say(code) if code != ENGLISH else str(word)
    sample = word(2)
    catalog = translations(code, WEB)
    which = [_form(catalog, sample, n) for n in range(COUNTED)]
    forms = {}
    for n, form in enumerate(which):
        if form not in forms:
            text = catalog.ngettext(sample.msgid, sample.plural, n)
            facts = {**sample.facts, "n": Slot("n")}
            forms[form] = _filled(text, facts, code) if code != ENGLISH else text.format(**facts)
    order = sorted(forms)
    return {"forms": [forms[f] for f in order], "which": "".join(str(order.index(f)) for f in which)}


def _form(catalog, sample: Message, n: int) -> int:
    """Which of the catalog's forms count ``n`` takes (English: 0 for one, 1 for the rest)."""
    while catalog is not None:        # the page's catalog, then the printed one it falls back on
        forms = getattr(catalog, "_catalog", {}).get((sample.msgid, "plural"))
        if forms is not None:
            return min(catalog.plural(n), len(forms) - 1)
        catalog = getattr(catalog, "_fallback", None)
    return int(n != 1)


def table(words: dict, code: str) -> dict:
    """Every sentence of a game's page in language ``code``, and how the language writes its
    digits and which way it runs."""
    lang = language(code)
    with using(lang.code):
        digits = [number(d) for d in range(10)]
        thousand = number(1000)
    # the mark between thousands (none in English, as the CLI prints): what 1000 is written
    # with besides its digits; the script groups by threes, as every language here does below
    # 100,000 (Hindi's lakh starts there: no score or count of the page reaches it)
    mark = thousand[len(digits[1]):-3 * len(digits[0])]
    return {"words": {key: template(word, lang.code) for key, word in words.items()},
            "digits": digits, "thousands": mark, "lang": lang.code, "dir": lang.direction}
