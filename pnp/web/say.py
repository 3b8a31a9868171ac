"""The page's words: its messages, and how the page shows one (pnp.i18n.message.Message).

Every sentence the page shows is a ``Message``, said in the page's language where it is shown
(the language in force for the request, ``pnp.i18n.using``): ``shown(message)``, or a template's
``{{ message }}`` (the page's templates say every Message and fact they print, ``pnp.web.site``).
A message made before it is shown (a job's error, a refusal) is a Message with its facts, which
becomes words when it is shown, in the language of whoever looks. Messages say what happened
and what to do, in a teacher's words: no command-line flags, no spec paths, no "pnp:".

Imports no web framework: the workers use these too.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import QUOTED, Advice, FieldRef, PnpError, SpecError  # noqa: F401 (QUOTED: shown here)
from pnp.i18n import current, listed, using
from pnp.i18n.message import Duration, Fact, Message  # noqa: F401 (a span of time: one type, pnp.i18n.message's)


def shown(thing) -> str:
    """What the page shows of ``thing``: a Message (or a fact) said in the page's language, an
    error that holds only a Message (a refusal, a worker's failure) the same, and any other text
    as it is."""
    while isinstance(thing, BaseException) and type(thing).__str__ is BaseException.__str__ \
            and len(thing.args) == 1:
        thing = thing.args[0]
    if isinstance(thing, (Message, Fact)):
        return thing.say()
    return str(thing)


def sentence(text) -> str:
    """A message as the page shows it (``shown``): a sentence, capital first (unless it opens
    with a name such as a file's), full stop last."""
    text = shown(text).strip()
    if text.split(" ", 1)[0].isalpha():          # a word, not a file's name ("notes.pdf: ...")
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith(FULL_STOPS) else ".")


# the marks a sentence may already end with, in the page's languages (Chinese 。, Arabic ؟, Hindi ।)
FULL_STOPS = (".", "?", "!", "。", "？", "！", "؟", "।")


class Counts(Fact):
    """What a report counted, [(noun, how many)] ("board", 5), said in the page's language
    ("5 boards and 2 sets"; ``counted``)."""

    __slots__ = ("things",)

    def __init__(self, things):
        self.things = tuple(things)

    def say(self, code: str | None = None) -> str:
        with using(code or current().code):
            return counted(self.things)


@dataclass(frozen=True)
class Mistake:
    """A user's mistake as a worker sends it to the page (plain data: it crosses a pipe): the
    message as the CLI says it and its place, and for the page the field it is about (``field``,
    ``problem``) or the fields to change (``advice``, a mistake the build found)."""

    message: object                 # str, or a Message the page says in its own language
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: FieldRef | None = None
    problem: str | Message | None = None     # a Message the page says in its own language
    advice: Advice | None = None

    @classmethod
    def of(cls, exc: PnpError) -> list["Mistake"]:
        if isinstance(exc, SpecError):
            return [cls(m.message, m.file, m.line, m.column, m.field, m.problem, m.advice)
                    for m in exc.mistakes]
        held = exc.args[0] if len(exc.args) == 1 and isinstance(exc.args[0], Message) else str(exc)
        return [cls(held, advice=getattr(exc, "advice", None))]

    def spec_error(self, file: str) -> SpecError:
        """As the loader's mistakes are (``file`` when it has none), to be placed by the form."""
        return SpecError(str(self.message), self.file or file, self.line, self.column, self.field,
                         self.problem, self.advice)


# ---- messages more than one page shows ---------------------------------------------------------

BUSY = Message("This computer is busy with other work just now. Try again in a moment.")
TOO_MANY_AT_ONCE = Message("You already have two things being made. Wait for one to finish, then try "
                           "again.")
TOO_MANY_UPLOADS = Message("Too many files are waiting to be checked just now. Try again in a moment.")
NOT_FOUND = Message("There is no such page here. Start again from the start page.")
NOT_ALLOWED = Message("This page cannot be used that way. Start again from the start page.")
BROKEN = Message("This page could not be made. Try again in a moment.")
NO_WORKER = Message("The work could not be started on this computer. Try again in a moment.")
STOPPED_WITHOUT_ANSWER = Message("The work stopped without an answer. Try again, or ask for less at "
                                 "once.")
TOOK_TOO_LONG = Message("This took longer than {seconds} seconds, the most this page gives it, so it "
                        "was stopped. Ask for less at once, or try again when the computer is less busy.")
CANCELLED = Message("Stopped, as you asked.")
ABANDONED = Message("Stopped: the page that asked for it was closed.")
UNFORESEEN_CHECK = Message("This file could not be checked: it could not be read as a PDF made by pnp.")
UNFORESEEN_LOOK = Message("This board could not be looked at.")
UNFORESEEN_OTHER = Message("This could not be finished. Try again, or ask for less at once.")
# {time}: how long a finished PDF is kept (jobs.KEPT: "15 minutes" in the page's language)
NO_BUILD = Message("This PDF is no longer kept: a finished PDF is kept for {time}. Make it again from "
                   "the form.")
NO_LAYOUT = Message("There is no example called {name} here. Choose one on the start page.")
NO_GAME = Message("There is no game called {name} here. Choose one on the start page.")
NO_BOARD = Message("There is no such board of the day. Open the board of the day again.")
SEE_ABOVE = Message("Change this, or another field named above.")
GONE = Message("This work is no longer kept: it ended more than {time} ago, or the server was "
               "restarted. Start it again.")
NO_FILE = Message("There is no such file: a finished PDF is kept for {time}. Make it again from the "
                  "form.")

# reading what a page sent
TOO_LARGE = Message("This is more than {kb} kB, the most this page takes at once. Send less at once.")
TOO_SLOW = Message("What this page sent came too slowly. Try again.")
ENDED_EARLY = Message("What this page sent did not arrive whole. Try again.")
UNREADABLE = Message("What this page sent could not be read. Reload the page and try again.")
OUT_OF_DATE = Message("This page is out of date, or the form came from another site. Reload the page "
                      "and try again.")
NO_TASK = Message("There is no page for {who} here. Choose one on the start page.")

# the form's own limits (the command line has larger ones)
TOO_MANY_BOARDS = Message("this page makes at most {most} boards at once, and this asks for {asked}: "
                          "ask for fewer, or make several packs")

# the board of the day, checking a PDF, looking at a board
DATE_RANGE = Message("Choose a date between the years 2000 and 2200 ({day} is not).")
CHOOSE_A_PDF = Message("Choose a PDF file to check.")
EMPTY_FILE = Message("{name} is empty. Choose the PDF again.")
TYPE_A_CODE = Message("Type or paste a board code (the letters and digits printed under a board, like "
                      "R1-3MQZ-59RN-AKB5), or choose a spec or a PDF made by pnp.")
CODE_TOO_LONG = Message("A board code is at most {most} characters.")


def counted(things) -> str:
    """What a PDF holds, from the games' nouns with their counts ([("worksheet", 24)]), in the
    page's language: "24 worksheets", "4 boards and 2 sets"."""
    from pnp.words import count

    return listed(NOUNS[noun].with_facts(n=n).say() if noun in NOUNS else count(n, noun)
                  for noun, n in things)


# the nouns the games count boards with (pnp.games.noun), as the page counts them
NOUNS = {
    "board": Message("{n} board", "{n} boards"),
    "set": Message("{n} set", "{n} sets"),
    "worksheet": Message("{n} worksheet", "{n} worksheets"),
    "answer key": Message("{n} answer key", "{n} answer keys"),
}
