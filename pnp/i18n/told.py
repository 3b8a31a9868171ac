"""The old name of ``pnp.i18n.message.Message`` for the modules not yet moved to it (issue 44
moves them in stages): ``Told(message, n, **facts)`` is a Message, ``said()`` its ``say()`` in
the language in force. New code writes ``Message``."""

from __future__ import annotations

from .message import END_ISOLATE, ISOLATE, Day, Duration, Field, Message, Number, Weekday, isolated, say_fact  # noqa: F401


class Told(Message):
    __slots__ = ()

    def __new__(cls, message, n=None, **facts):
        return super().__new__(cls, message, None, n, **facts)

    def said(self) -> str:
        return self.say()

    @property
    def message(self):
        return self.msgid if self.plural is None else (self.msgid, self.plural)

    def __reduce__(self):
        facts = dict(self.facts)
        return (_told, (self.message, facts.pop("n", None), facts))


def _told(message, n, facts) -> Told:
    return Told(message, n, **facts)


said = say_fact

# the facts said in the language in force (pnp.errors.Problem says them so too)
SAYABLE = (Message, Number, Weekday, Day, Duration, Field)
