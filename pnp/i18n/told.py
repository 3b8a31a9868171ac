"""The old names of ``pnp.i18n.message.Message`` that pnp/verify still uses until the
validator's rewrite moves it (issue 44): ``Told(message, n, **facts)`` is a Message (``said()``
its ``say()`` in the language in force, ``message`` its catalog key), as is ``pnp.errors.Problem``;
``pnp.i18n.W_``/``Wn_`` mark its messages. Nothing outside pnp/verify imports this module
(tests/i18n/test_one_message.py). New code writes ``Message``."""

from __future__ import annotations

from .message import Day, Duration, Field, Message, Number, Weekday  # noqa: F401


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
