"""The kinds of failure a user can meet, each shown as lines of text, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.i18n import W_
from pnp.i18n.told import SAYABLE, isolated


class Problem:
    """A message with its facts, said when shown: in English by ``str`` (as the CLI prints it),
    or in another language by ``said(gettext)``, its message translated and filled. A fact may
    be a Problem too (an English fragment such as "a whole number"), said the same way; any
    other fact (a value the user wrote, a number) is filled in as it is. Plain data, so it
    crosses a pipe from a worker."""

    __slots__ = ("message", "facts")

    def __init__(self, message: str, **facts):
        self.message, self.facts = message, facts

    def said(self, translate=None) -> str:
        """The message in the language of ``translate`` (a gettext; None: English)."""
        text = translate(self.message) if translate is not None else self.message
        if not self.facts:
            return text
        return text.format(**{name: _said(fact, translate) for name, fact in self.facts.items()})

    def __str__(self) -> str:
        return self.said()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.message!r}, **{self.facts!r})"

    def __eq__(self, other) -> bool:
        return type(other) is type(self) and (self.message, self.facts) == (other.message, other.facts)

    def __hash__(self) -> int:
        return hash(self.message)

    def __reduce__(self):
        return (_made, (type(self), self.message, self.facts))


def _said(fact, translate):
    """A fact as its message says it: a Problem in the same way; a fact said in a language
    (``pnp.i18n.told``: a sentence, a number, a weekday) in English on the CLI and in the
    language in force on a page; anything else (a value the user wrote) as it is."""
    if isinstance(fact, Problem):
        return fact.said(translate)
    if isinstance(fact, SAYABLE) or hasattr(fact, "say"):
        return str(fact) if translate is None else fact.say()
    if translate is not None and isinstance(fact, str):
        return isolated(fact)
    return fact


def _made(kind, message, facts):
    return kind(message, **facts)


class Named(Problem):
    """A thing named inside a message, the CLI's way and the page's: a field by its key as the
    spec writes it ("code") on the command line and by its label, quoted, in the page's language
    ("“Code du plateau”") on the page (``Named(label, word)``: ``word`` is what the CLI says,
    ``label`` what the page shows, through its catalog)."""

    __slots__ = ()

    def __init__(self, label: str, word: str):
        super().__init__(label, word=word)

    def said(self, translate=None) -> str:
        if translate is None:
            return self.facts["word"]
        return translate(QUOTED).format(label=translate(self.message))


class WrongValue(ValueError):
    """A value refused by an option's own reader or an item's rules, with its Problem: its text
    is the Problem in English (what the CLI prints, and any code that reads ``str``), and the
    page says the Problem in its own language."""

    def __init__(self, message: str, **facts):
        self.problem = Problem(message, **facts)
        super().__init__(str(self.problem))

    def __reduce__(self):
        return (_wrong, (self.problem,))


def _wrong(problem: Problem) -> WrongValue:
    return WrongValue(problem.message, **problem.facts)


def said_of(exc: ValueError) -> str | Problem:
    """What a refused value's ValueError says: its Problem where it has one, else its text."""
    return exc.problem if isinstance(exc, WrongValue) else str(exc)


# a field's label inside a sentence, quoted as the language quotes
QUOTED = W_("“{label}”")


# a mistake named by its field's label, as the page shows it: the page's language sets the colon
# ("Combien de points : …", "点数：…"); the CLI's English is "{label}: {problem}"
LABELLED = W_("{label}: {problem}")


class PnpError(Exception):
    """A user's mistake or an impossible request: printed as one line, exit code 2."""

    exit_code = 2


@dataclass(frozen=True)
class FieldRef:
    """The spec field a mistake is about: its place in the spec (("items", 0, "dots"), the
    form's "items.0.dots") and its label ("How many dots"), so a page can mark the field and
    name it in its own words while the CLI says FILE:LINE:COL."""

    path: tuple
    label: str

    @property
    def name(self) -> str:
        return ".".join(str(p) for p in self.path)


@dataclass(frozen=True)
class Advice:
    """What to do about a mistake found while building an item, not while reading its spec (30
    dots with too little room to place them), for a page that shows the item's fields: which
    fields to change, by the item's option keys (``keys``: "dots", "size_mm") and the spec's own
    (``spec_keys``: "page.size"), and a message for the page (``message``, a catalog message)
    with a placeholder for each of them (a key's dots as underscores: ``{page_size}``), which the
    page fills with the field's label in its own language, and for the numbers in ``facts``."""

    keys: tuple = ()
    spec_keys: tuple = ()
    message: str = ""
    facts: tuple = ()           # (name, value) pairs: plain data, hashable, sent between processes

    @staticmethod
    def placeholder(key: str) -> str:
        return key.replace(".", "_")

    def said(self, label, translate=str) -> str:
        """The message with each field named by ``label(key, is_spec_key)``, translated by
        ``translate`` (gettext)."""
        named = {self.placeholder(k): label(k, False) for k in self.keys}
        named.update({self.placeholder(k): label(k, True) for k in self.spec_keys})
        return translate(self.message).format(**dict(self.facts), **named)


class OptionsError(PnpError):
    """A mistake the build finds in an item's options (the loader cannot: it needs the board
    made or laid out). Its text is what the CLI prints, at the item's line, as ever; ``advice``
    names the fields for a page."""

    def __init__(self, message: str, advice: Advice | None = None):
        super().__init__(message)
        self.advice = advice

    def __reduce__(self):       # sent whole from a build's worker processes
        return (type(self), (str(self), self.advice))


class SpecError(PnpError):
    """A mistake in a spec file: printed as FILE:LINE:COL: message, or FILE: message when it
    has no place in the text (a missing file, a folder given as a spec).

    A mistake the loader finds in a field also carries the field (``field``) and what is wrong
    with its value on its own (``problem``: "must be 3..40, got 80", a Problem for the page to
    say in its own language), the message being the two together as the CLI says them
    ("items[0].dots must be 3..40, got 80")."""

    def __init__(self, message: str, file: str = "<spec>", line: int | None = 1,
                 column: int | None = 1, field: FieldRef | None = None, problem: str | Problem | None = None,
                 advice: Advice | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.problem = problem if problem is not None else message
        self.advice = advice        # a mistake the build found in an item: the fields to change

    def by_label(self, label: str | None = None, translate=None) -> str:
        """The mistake named by its field's label ("How many dots: must be 3..40, got 80"),
        ``label`` being the label in the page's language and ``translate`` its gettext, which
        says the problem in it where the problem is a Problem (the rest stays English); without
        a field, the problem said so where it is a Problem (a sentence of its own), else the
        message."""
        if self.field is None:
            return self.problem.said(translate) if isinstance(self.problem, Problem) else self.message
        return Problem(LABELLED, label=label or self.field.label, problem=self.problem).said(translate)

    @property
    def mistakes(self) -> list["SpecError"]:
        """Every mistake this error reports, in the order of the text."""
        return [self]

    @property
    def located(self) -> bool:
        return self.line is not None

    def sort_key(self) -> tuple:
        return (self.file, self.line or 0, self.column or 0, self.message)

    def __str__(self) -> str:
        if self.line is None:
            return f"{self.file}: {self.message}"
        return f"{self.file}:{self.line}:{self.column}: {self.message}"


MAX_SHOWN = 50     # mistakes listed one by one; a spec with more gets a last line counting the rest


class SpecErrors(SpecError):
    """Every mistake found in one read of one or more specs, one line each, in text order.

    It is a SpecError whose place and message are those of the first mistake, so code that
    handles one mistake handles many."""

    def __init__(self, mistakes: list[SpecError]):
        flat = sorted({m.sort_key(): m for e in mistakes for m in e.mistakes}.values(),
                      key=SpecError.sort_key)
        if not flat:
            raise ValueError("SpecErrors needs at least one mistake")
        first = flat[0]
        super().__init__(first.message, first.file, first.line, first.column, first.field,
                         first.problem, first.advice)
        self._mistakes = flat

    @property
    def mistakes(self) -> list[SpecError]:
        return list(self._mistakes)

    def lines(self) -> list[str]:
        shown = [str(m) for m in self._mistakes[:MAX_SHOWN]]
        rest = self._mistakes[MAX_SHOWN:]
        if rest:
            more = rest[0]
            where = f"{more.file}:{more.line}:{more.column}" if more.located else more.file
            shown.append(f"{where}: and {len(rest)} more mistakes from here on (fix these first)")
        return shown

    def __str__(self) -> str:
        return "\n".join(self.lines())


class Several(PnpError):
    """Mistakes of several inputs found in one run (specs, board codes), reported together."""

    def __init__(self, errors: list[PnpError]):
        super().__init__(errors[0])
        self.errors = errors


def error_lines(exc: PnpError) -> list[str]:
    """The lines a user sees for an error: located mistakes as FILE:LINE:COL: message (or
    FILE: message), anything else as pnp: message."""
    if isinstance(exc, Several):
        specs = [e for e in exc.errors if isinstance(e, SpecError)]
        others = [e for e in exc.errors if not isinstance(e, SpecError)]
        lines = [line for e in others for line in error_lines(e)]
        return lines + (SpecErrors(specs).lines() if specs else [])
    if isinstance(exc, SpecErrors):
        return exc.lines()
    if isinstance(exc, SpecError):
        return [str(exc)]
    return [f"pnp: {exc}"]


def raise_all(mistakes: list[SpecError]) -> None:
    """Raise the mistakes found, if any: one as itself, several together."""
    if len(mistakes) == 1 and not isinstance(mistakes[0], SpecErrors):
        raise mistakes[0]
    if mistakes:
        raise SpecErrors(mistakes)
