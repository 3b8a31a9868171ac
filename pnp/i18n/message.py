"""One message type: a sentence made once, from a catalog message and its facts, and said in
whichever language shows it.

``Message(msgid, plural=None, n=None, context=None, **facts)`` is a string, its English (what
the CLI prints word for word, what JSON and the tests read); ``say(language)`` is the same
sentence in that language (None: the language in force, ``pnp.i18n.using``). Writing
``Message("...")`` is also what marks the message for the catalog (``python -m
pnp.i18n.extract`` finds every call by name, in every module): there is no other marker to
choose for a message that is said where it is shown.

Every fact is written by one rule, ``say_fact``: a whole number as the language writes
numbers, a ``Number`` with the English format it always had, a date's ``Weekday``, a
``Duration``, a ``Field`` named by its label, a nested ``Message``, and any other value (a name,
what the user typed) as it is, isolated against the page's direction where it is written the
other way. The English is made once, where the sentence is made; a Message crosses a worker's
pipe whole (``__reduce__``) and is said in the language of whoever looks.

Which catalog: the page's (``web``), which falls back on the printed one (``pnp``). The two are
kept apart because a PDF's words are held to fit at the least size of its pieces and read back
blind as printed text, and a build loads only them; a Message is never drawn on a PDF.
"""

from __future__ import annotations

import datetime as dt
import unicodedata

from . import ENGLISH, RTL, current, language, number, using
from .catalogs import WEB, translations


class Message(str):
    """A message and its facts: as a string, the English; ``say(language)``, that language's.

    ``msgid`` is the English (a ``str.format`` template over ``facts``); with ``plural``, ``n``
    chooses the form (and is a fact, ``{n}``, too); ``context`` tells apart one English in two
    meanings. ``msgid`` may also be a (singular, plural) pair."""

    __slots__ = ("msgid", "plural", "context", "facts")

    def __new__(cls, msgid, plural: str | None = None, n=None, context: str | None = None, **facts):
        if isinstance(msgid, Message):      # a message kept in a constant, given its facts here
            msgid, plural, context, facts = (msgid.msgid, plural or msgid.plural,
                                             context or msgid.context, {**msgid.facts, **facts})
        if isinstance(msgid, tuple):
            msgid, plural = msgid
        if n is not None:
            facts["n"] = n
        english = _filled(_english(msgid, plural, n), facts, ENGLISH, page=False)
        self = super().__new__(cls, english)
        self.msgid, self.plural, self.context, self.facts = str.__str__(msgid), plural, context, facts
        return self

    def say(self, code: str | None = None) -> str:
        """The sentence in language ``code`` (None: the language in force) as a page shows it:
        English too, where a fact may be said otherwise than on the command line (a field by
        its label, not its key; no command line)."""
        code = current().code if code is None else language(code).code
        catalog = translations(code, WEB)
        if self.plural is not None:
            text = catalog.ngettext(self.msgid, self.plural, _count(self.facts["n"]))
        elif self.context is not None:
            text = catalog.pgettext(self.context, self.msgid)
        else:
            text = catalog.gettext(self.msgid)
        return _filled(text, self.facts, code)

    def __str__(self) -> str:
        return str.__str__(self)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, **{self.facts!r})"

    @classmethod
    def joined(cls, lines, between: str = "\n") -> "Message":
        """Sentences (Messages, or plain English said as it is) as one, a line each."""
        lines = list(lines) or [""]
        return cls(between.join(f"{{line{k}}}" for k in range(len(lines))),
                   **{f"line{k}": line for k, line in enumerate(lines)})

    @classmethod
    def plain(cls, text: str) -> "Message":
        """Text that is no message of the catalog (a line as the CLI wrote it), said as it is."""
        return cls(str(text))

    def with_facts(self, **facts) -> "Message":
        """The same message with other facts (a page's made-safe copies of them)."""
        return _remade(self.msgid, self.plural, self.context, facts)

    def __reduce__(self):
        return (_remade, (self.msgid, self.plural, self.context, self.facts))


def _remade(msgid, plural, context, facts) -> Message:
    facts = dict(facts)
    return Message(msgid, plural, facts.pop("n", None), context, **facts)


def _english(msgid: str, plural: str | None, n) -> str:
    if plural is None:
        return msgid
    return msgid if _count(n) == 1 else plural


def _count(n) -> int:
    return n.value if isinstance(n, Number) else n


def _filled(text: str, facts: dict, code: str, page: bool = True) -> str:
    if not facts:
        return text
    with using(code):
        return text.format(**{name: say_fact(fact, page) for name, fact in facts.items()})


def say_fact(fact, page: bool = True) -> str:
    """The one rule that writes a fact in the language in force (see the module's doc), as a
    page says it; ``page`` False: as the command line says it (English: a fact's ``str``, a
    field by its key, a value as it is, not isolated)."""
    if hasattr(fact, "say"):
        return fact.say(current().code) if page else str(fact)
    if isinstance(fact, int) and not isinstance(fact, bool):
        return number(fact)
    if isinstance(fact, float) and current().code != ENGLISH:
        return number(fact)
    if isinstance(fact, dt.date):
        return Day(fact).say(current().code)
    if not page:
        return str(fact)
    return isolated(str(fact))


ISOLATE, END_ISOLATE = "\u2068", "\u2069"     # FIRST STRONG ISOLATE ... POP DIRECTIONAL ISOLATE


def isolated(text: str) -> str:
    """``text`` as a value set in a sentence on a page: isolated from the sentence (as HTML's
    <bdi> would) where it is written the other way from the page's language, so a code in Latin
    letters that starts an Arabic sentence does not turn the sentence left to right; a value
    written the page's way is left as it is."""
    against = ("L",) if current().direction == RTL else ("R", "AL")
    if any(unicodedata.bidirectional(ch) in against for ch in text):
        return f"{ISOLATE}{text}{END_ISOLATE}"
    return text


class Fact:
    """A fact that is written differently in each language: ``say(code)``; ``str``, English."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.say(ENGLISH)

    def _key(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __reduce__(self):
        return (type(self), self._key())


class Number(Fact):
    """A number written as the English always wrote it (``spec``, a format spec such as ".2f",
    ",", "g") and as another language writes it (as many decimals as ``.2f`` asks, its digits
    and marks the language's)."""

    __slots__ = ("value", "spec")

    def __init__(self, value, spec: str = ""):
        self.value, self.spec = value, spec

    def say(self, code: str | None = None) -> str:
        with using(code or current().code) as lang:
            if lang.code == ENGLISH:
                return format(self.value, self.spec)
            places = int(self.spec[1:-1]) if self.spec.startswith(".") and self.spec.endswith("f") else None
            return number(self.value, places)


class _Date(Fact):
    """A date said one way: ``english`` as the CLI always printed it, ``pattern`` for babel."""

    __slots__ = ("day",)
    pattern = ""

    def __init__(self, day: dt.date):
        self.day = day

    def _key(self) -> tuple:         # the subclasses' own __slots__ are empty: the day is here
        return (self.day,)

    def english(self) -> str:
        raise NotImplementedError

    def say(self, code: str | None = None) -> str:
        lang = language(code or current().code)
        if lang.code == ENGLISH:
            return self.english()
        from babel.dates import format_date

        return format_date(self.day, self.pattern, locale=lang.locale)


class Weekday(_Date):
    """A date's day of the week, as the language names it ("Monday", "lundi", "الاثنين")."""

    __slots__ = ()
    pattern = "EEEE"

    def english(self) -> str:
        return self.day.strftime("%A")


class Day(_Date):
    """A date as the language writes it in full; English keeps ISO (2026-11-21), as the CLI
    always printed dates."""

    __slots__ = ()
    pattern = "long"

    def english(self) -> str:
        return self.day.isoformat()


class Duration(Fact):
    """A span of time in the unit that reads best, with the language's plural ("15 minutes",
    "15 Minuten", "15 دقيقة")."""

    __slots__ = ("seconds",)

    def __init__(self, seconds: int):
        self.seconds = seconds

    def say(self, code: str | None = None) -> str:
        from datetime import timedelta

        from babel.dates import format_timedelta

        lang = language(code or current().code)
        return format_timedelta(timedelta(seconds=self.seconds), locale=lang.locale)


class Words(Fact):
    """Words a value may be (the spec's keywords: "easy", "medium", "hard"), listed: in English
    as the CLI always wrote them ("easy, medium, hard"), in another language each in its words
    and listed as it lists choices ("facile, moyen ou difficile"; Arabic's own comma)."""

    __slots__ = ("items",)

    def __init__(self, items):
        self.items = tuple(items)

    def say(self, code: str | None = None) -> str:
        from . import listed

        code = code or current().code
        if code == ENGLISH:
            return ", ".join(self.items)
        catalog = translations(code, WEB)
        with using(code):
            return listed([catalog.gettext(w) for w in self.items], "or")


class ForThePage(Fact):
    """A fact the command line and the page say differently, each to whoever reads it: ``cli``,
    the command's English (``str``: "pip install 'pnp[cjk]'"), and ``page``, a Message for the
    page's reader in any language, English too (no command line on a page: who runs the server
    installs, docs/hosting.md). Said only where a page says the message; the CLI prints
    ``str``."""

    __slots__ = ("cli", "page")

    def __init__(self, cli: str, page: str):
        self.cli, self.page = cli, page

    def __str__(self) -> str:
        return self.cli

    def say(self, code: str | None = None) -> str:
        page = self.page if isinstance(self.page, Message) else Message.plain(self.page)
        return page.say(code)


# a field's label inside a sentence, quoted as the language quotes (in the page's catalog)
QUOTED = Message("“{label}”")


class Field(Fact):
    """A field named inside a message: by its key as the spec writes it (``key``, "code") on
    the command line (``str``); by its label, quoted, on a page ("“Board code”", "“Code du
    plateau”")."""

    __slots__ = ("label", "key")

    def __init__(self, label: str, key: str):
        self.label, self.key = label, key

    def __str__(self) -> str:
        return self.key

    def say(self, code: str | None = None) -> str:
        catalog = translations(code or current().code, WEB)
        return catalog.gettext(QUOTED.msgid).format(label=catalog.gettext(self.label))


def found(source: str):
    """Every ``Message(...)`` call in a module's ``source`` whose first argument is a literal:
    (line, msgid or (singular, plural), context), the plural and context passed by position or
    by name (``python -m pnp.i18n.extract`` puts them in the page's catalog)."""
    import ast

    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "Message"):
            continue
        args = list(node.args)
        named = {k.arg: k.value for k in node.keywords if k.arg}

        def literal(value):
            return value.value if isinstance(value, ast.Constant) and isinstance(value.value, str) else None

        msgid = literal(args[0]) if args else None
        if msgid is None:
            continue
        plural = literal(args[1]) if len(args) > 1 else literal(named.get("plural"))
        context = literal(args[3]) if len(args) > 3 else literal(named.get("context"))
        yield node.lineno, (msgid, plural) if plural else msgid, context


def comments(source: str, lineno: int) -> list[str]:
    """The translator's comment above line ``lineno`` of ``source`` ("# TRANSLATORS: ..." and
    the comment lines after it, as ``pybabel extract`` keeps them), or none."""
    lines, above = source.splitlines(), []
    k = lineno - 2
    while k >= 0 and lines[k].lstrip().startswith("#"):
        above.insert(0, lines[k].lstrip()[1:].strip())
        k -= 1
    for start, line in enumerate(above):
        if line.startswith("TRANSLATORS:"):
            return [" ".join(above[start:])]
    return []
