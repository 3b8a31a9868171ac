"""The kinds of failure a user can meet, each shown as lines of text, never a traceback."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.i18n.message import QUOTED, Message  # noqa: F401 (QUOTED: a field's label quoted, here for the page)

# pnp/verify's old name for Message (``Problem(template, **facts)``): the validator's rewrite
# moves pnp/verify to Message, and nothing else may use it (tests/i18n/test_one_message.py)
from pnp.i18n.told import Told as Problem  # noqa: E402,F401


class WrongValue(ValueError):
    """A value refused by an option's own reader or an item's rules, with what is wrong with it
    (``problem``, a Message): its text is the Message's English (what the CLI prints, and any
    code that reads ``str``), and a page says the Message in its own language."""

    def __init__(self, message: str, **facts):
        self.problem = message.with_facts(**{**message.facts, **facts}) \
            if isinstance(message, Message) else Message(message, **facts)
        super().__init__(str(self.problem))

    def __reduce__(self):
        return (_wrong, (self.problem,))


def _wrong(problem: Message) -> WrongValue:
    return WrongValue(problem)


def problem_of(exc: ValueError) -> str | Message:
    """What a refused value's ValueError says is wrong: its Message where it has one, else its
    text."""
    return exc.problem if isinstance(exc, WrongValue) else str(exc)


said_of = problem_of        # pnp/verify's old name, as ``Problem`` above


# a mistake named by its field's label, as the page shows it: the page's language sets the colon
# ("Combien de points : …", "点数：…"); the CLI's English is "{label}: {problem}"
LABELLED = Message("{label}: {problem}")


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
    (``spec_keys``: "page.size"), and a Message for the page (``message``) with a placeholder
    for each of them (a key's dots as underscores: ``{page_size}``), which the page fills with the
    field's label in its own language, and for the numbers in ``facts``."""

    keys: tuple = ()
    spec_keys: tuple = ()
    message: Message = Message.plain("")
    facts: tuple = ()           # (name, value) pairs: plain data, hashable, sent between processes

    @staticmethod
    def placeholder(key: str) -> str:
        return key.replace(".", "_")

    def message_for(self, label) -> Message:
        """The Message with each field named by ``label(key, is_spec_key)`` (the page's words
        for it), said where it is shown."""
        named = {self.placeholder(k): label(k, False) for k in self.keys}
        named.update({self.placeholder(k): label(k, True) for k in self.spec_keys})
        return self.message.with_facts(**dict(self.facts), **named)


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
                 column: int | None = 1, field: FieldRef | None = None, problem: str | Message | None = None,
                 advice: Advice | None = None):
        super().__init__(message)
        self.message = message
        self.file = file
        self.line = line
        self.column = column
        self.field = field
        self.problem = problem if problem is not None else message
        self.advice = advice        # a mistake the build found in an item: the fields to change

    def by_label(self, label: str | None = None) -> Message:
        """The mistake named by its field's label ("How many dots: must be 3..40, got 80"),
        ``label`` being the label in the page's language: a Message, its problem said in the
        page's language where it is a Message (the rest as the CLI wrote it); without a field,
        the problem where it is a Message (a sentence of its own), else the message."""
        if self.field is None:
            return self.problem if isinstance(self.problem, Message) else Message.plain(self.message)
        return LABELLED.with_facts(label=label or self.field.label, problem=self.problem)

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
