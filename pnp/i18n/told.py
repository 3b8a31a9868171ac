"""Sentences a game tells about a board (its figures, yesterday's answer), built once from a
catalog message and its facts, and said in whichever language shows them.

The CLI prints them in English word for word, and JSON and the tests read them as text; the
web page shows the same sentence in its own language. So a ``Told`` is a string, its English,
that keeps its parts: ``said()`` fills the message's translation (the page's catalog, then the
printed one: ``pnp.i18n.web_gettext``) with its facts written as the language in force writes
them (numbers by ``pnp.i18n.number``, a weekday by Babel). The English is made once, where the
sentence is made; the page says it when it shows it (a worker's sentence crosses the pipe whole
and is said in the language of whoever looks).

A fact is a plain value (a name such as "A-B", filled as it is; an int, written as the language
writes numbers), a ``Number`` (the English format it had, and the same number in another
language), a ``Weekday``, or another ``Told``.
"""

from __future__ import annotations

import datetime as dt

from . import ENGLISH, current, number, using, web_gettext, web_ngettext


class Told(str):
    """A message and its facts: as a string, the English; ``said()``, the language in force.
    ``message`` is one message, or (singular, plural) as ``Wn_`` marks it, counted by ``n``
    (a fact too)."""

    def __new__(cls, message, n: int | None = None, **facts):
        if n is not None:
            facts["n"] = n
        with using(ENGLISH):
            text = _filled(_english(message, n), facts)
        self = super().__new__(cls, text)
        self.message, self.facts = message, facts
        return self

    @classmethod
    def joined(cls, lines, between: str = "\n") -> "Told":
        """Sentences (Told, or plain English text said as it is) as one text, a line each."""
        lines = list(lines)
        return cls(between.join(f"{{line{k}}}" for k in range(len(lines))) or "{line0}",
                   **{f"line{k}": line for k, line in enumerate(lines or [""])})

    def said(self) -> str:
        """The sentence in the language in force (English: the string itself)."""
        if current().code == ENGLISH:
            return str.__str__(self)
        if isinstance(self.message, tuple):
            text = web_ngettext(*self.message, _counted(self.facts["n"]))
        else:
            text = web_gettext(self.message)
        return _filled(text, self.facts)

    def __reduce__(self):
        return (_remade, (self.message, self.facts))


def _remade(message, facts) -> Told:
    facts = dict(facts)
    return Told(message, facts.pop("n", None), **facts)


def _english(message, n) -> str:
    if isinstance(message, tuple):
        return message[0] if _counted(n) == 1 else message[1]
    return message


def _counted(n) -> int:
    return n.value if isinstance(n, Number) else n


def _filled(text: str, facts: dict) -> str:
    if not facts:
        return text
    return text.format(**{name: said(fact) for name, fact in facts.items()})


def said(fact) -> str:
    """A fact (or a whole sentence) in the language in force."""
    if isinstance(fact, (Told, Number, Weekday)):
        return fact.said()
    if isinstance(fact, int) and not isinstance(fact, bool):
        return number(fact)
    return isolated(str(fact)) if current().code != ENGLISH else str(fact)


ISOLATE, END_ISOLATE = "\u2068", "\u2069"     # FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE


def isolated(text: str) -> str:
    """``text`` as a value set in a sentence on a page: isolated from the sentence (as HTML's
    <bdi> would) where it is written the other way from the page's language. A name or code in
    Latin letters that starts an Arabic sentence then does not turn the sentence left to right
    (the page sets each message's direction by its first letter), nor an Arabic name a French
    one; a value written the page's way is left as it is."""
    import unicodedata

    from . import RTL

    against = ("L",) if current().direction == RTL else ("R", "AL")
    if any(unicodedata.bidirectional(ch) in against for ch in text):
        return f"{ISOLATE}{text}{END_ISOLATE}"
    return text


class Number:
    """A number written as the English always wrote it (``spec``, a format spec such as ".2f",
    ",", "g") and as another language writes it (its decimals as many as ``.2f`` asks, its
    digits and marks the language's)."""

    __slots__ = ("value", "spec")

    def __init__(self, value, spec: str = ""):
        self.value, self.spec = value, spec

    def said(self) -> str:
        if current().code == ENGLISH:
            return format(self.value, self.spec)
        places = int(self.spec[1:-1]) if self.spec.startswith(".") and self.spec.endswith("f") else None
        return number(self.value, places)

    def __str__(self) -> str:
        with using(ENGLISH):
            return self.said()

    def __eq__(self, other) -> bool:
        return isinstance(other, Number) and (self.value, self.spec) == (other.value, other.spec)

    def __hash__(self) -> int:
        return hash((self.value, self.spec))

    def __reduce__(self):
        return (Number, (self.value, self.spec))


class Weekday:
    """A date's day of the week, as the language names it ("Monday", "lundi", "الاثنين")."""

    __slots__ = ("day",)

    def __init__(self, day: dt.date):
        self.day = day

    def said(self) -> str:
        if current().code == ENGLISH:
            return self.day.strftime("%A")
        from babel.dates import format_date

        return format_date(self.day, "EEEE", locale=current().locale)

    def __str__(self) -> str:
        with using(ENGLISH):
            return self.said()

    def __eq__(self, other) -> bool:
        return isinstance(other, Weekday) and self.day == other.day

    def __hash__(self) -> int:
        return hash(self.day)

    def __reduce__(self):
        return (Weekday, (self.day,))


# the facts said in the language in force (pnp.errors.Problem says them so too)
SAYABLE = (Told, Number, Weekday)
