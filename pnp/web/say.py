"""The page's words: its messages, and the page's language (pnp.i18n's catalogs, the web's own).

Every sentence the page shows is a catalog message, put in the page's language where it is
shown (the language in force for the request, ``pnp.i18n.using``). A message made before it
is shown (a job's error, a refusal) is a ``Said``, the message and its facts, which becomes
words when it is shown, in the language of whoever looks. Messages say what happened and what
to do, in a teacher's words: no command-line flags, no spec paths, no "pnp:".

Imports no web framework: the workers use ``Said`` too.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.errors import QUOTED, Advice, FieldRef, PnpError, Problem, SpecError  # noqa: F401 (QUOTED: shown here)
from pnp.i18n import listed, number, web_gettext, web_ngettext
from pnp.i18n.message import Duration  # noqa: F401 (a span of time: one type, pnp.i18n.message's)


def _(message: str, **facts) -> str:
    """``message`` in the page's language, its placeholders filled from ``facts``."""
    text = web_gettext(message)
    return text.format(**facts) if facts else text


def ngettext(singular: str, plural: str, n: int, **facts) -> str:
    """The form of a counted message that ``n`` takes in the page's language, filled (``n``
    too)."""
    return web_ngettext(singular, plural, n).format(n=n, **facts)


def sentence(text: str) -> str:
    """A message as the page shows it: a sentence, capital first (unless it opens with a name
    such as a file's), full stop last."""
    text = text.strip()
    if text.split(" ", 1)[0].isalpha():          # a word, not a file's name ("notes.pdf: ...")
        text = text[:1].upper() + text[1:]
    return text + ("" if text.endswith((".", "?", "!")) else ".")


def N_(message: str) -> str:
    """Marks a message for the page's catalog where it is defined; shown through ``_``/``Said``."""
    return message


def Nn_(singular: str, plural: str) -> tuple[str, str]:
    """Marks a counted message (both its English forms) where it is defined; shown through
    ``ngettext``."""
    return singular, plural


class Said(Problem):
    """A message and its facts, put in the page's language when shown (``str``). A fact may be
    a Said (or a loader's Problem) too, said in the page's language as well."""

    __slots__ = ()

    def __str__(self) -> str:
        return self.said(web_gettext)


@dataclass(frozen=True)
class Figure:
    """A number shown on the page (a page of a file, a count), written as the page's language
    writes numbers when it is shown."""

    value: int

    def __str__(self) -> str:
        return number(self.value)


@dataclass(frozen=True)
class Counts:
    """What a report counted, [(noun, how many)] ("board", 5), said in the page's language when
    shown ("5 boards and 2 sets"; ``counted``)."""

    things: tuple

    def __str__(self) -> str:
        return counted(self.things)


@dataclass(frozen=True)
class Mistake:
    """A user's mistake as a worker sends it to the page (plain data: it crosses a pipe): the
    message as the CLI says it and its place, and for the page the field it is about (``field``,
    ``problem``) or the fields to change (``advice``, a mistake the build found)."""

    message: object                 # str, or the page's own words (Said)
    file: str | None = None
    line: int | None = None
    column: int | None = None
    field: FieldRef | None = None
    problem: str | Problem | None = None     # a Problem the page says in its own language
    advice: Advice | None = None

    @classmethod
    def of(cls, exc: PnpError) -> list["Mistake"]:
        if isinstance(exc, SpecError):
            return [cls(m.message, m.file, m.line, m.column, m.field, m.problem, m.advice)
                    for m in exc.mistakes]
        return [cls(str(exc), advice=getattr(exc, "advice", None))]

    def spec_error(self, file: str) -> SpecError:
        """As the loader's mistakes are (``file`` when it has none), to be placed by the form."""
        return SpecError(str(self.message), self.file or file, self.line, self.column, self.field,
                         self.problem, self.advice)


# ---- messages more than one page shows ---------------------------------------------------------

BUSY = N_("This computer is busy with other work just now. Try again in a moment.")
TOO_MANY_AT_ONCE = N_("You already have two things being made. Wait for one to finish, then try "
                      "again.")
TOO_MANY_UPLOADS = N_("Too many files are waiting to be checked just now. Try again in a moment.")
NOT_FOUND = N_("There is no such page here. Start again from the start page.")
NOT_ALLOWED = N_("This page cannot be used that way. Start again from the start page.")
BROKEN = N_("This page could not be made. Try again in a moment.")
NO_WORKER = N_("The work could not be started on this computer. Try again in a moment.")
STOPPED_WITHOUT_ANSWER = N_("The work stopped without an answer. Try again, or ask for less at "
                            "once.")
TOOK_TOO_LONG = N_("This took longer than {seconds} seconds, the most this page gives it, so it "
                   "was stopped. Ask for less at once, or try again when the computer is less busy.")
CANCELLED = N_("Stopped, as you asked.")
ABANDONED = N_("Stopped: the page that asked for it was closed.")
UNFORESEEN_CHECK = N_("This file could not be checked: it could not be read as a PDF made by pnp.")
UNFORESEEN_LOOK = N_("This board could not be looked at.")
UNFORESEEN_OTHER = N_("This could not be finished. Try again, or ask for less at once.")
# {time}: how long a finished PDF is kept (jobs.KEPT: "15 minutes" in the page's language)
NO_BUILD = N_("This PDF is no longer kept: a finished PDF is kept for {time}. Make it again from "
              "the form.")
NO_LAYOUT = N_("There is no example called {name} here. Choose one on the start page.")
NO_GAME = N_("There is no game called {name} here. Choose one on the start page.")
NO_BOARD = N_("There is no such board of the day. Open the board of the day again.")
SEE_ABOVE = N_("Change this, or another field named above.")
GONE = N_("This work is no longer kept: it ended more than {time} ago, or the server was "
          "restarted. Start it again.")
NO_FILE = N_("There is no such file: a finished PDF is kept for {time}. Make it again from the "
             "form.")

# reading what a page sent
TOO_LARGE = N_("This is more than {kb} kB, the most this page takes at once. Send less at once.")
TOO_SLOW = N_("What this page sent came too slowly. Try again.")
ENDED_EARLY = N_("What this page sent did not arrive whole. Try again.")
UNREADABLE = N_("What this page sent could not be read. Reload the page and try again.")
OUT_OF_DATE = N_("This page is out of date, or the form came from another site. Reload the page "
                 "and try again.")
NO_TASK = N_("There is no page for {who} here. Choose one on the start page.")

# the form's own limits (the command line has larger ones)
TOO_MANY_BOARDS = N_("this page makes at most {most} boards at once, and this asks for {asked}: "
                     "ask for fewer, or make several packs")

# the board of the day, checking a PDF, looking at a board
DATE_RANGE = N_("Choose a date between the years 2000 and 2200 ({day} is not).")
CHOOSE_A_PDF = N_("Choose a PDF file to check.")
EMPTY_FILE = N_("{name} is empty. Choose the PDF again.")
TYPE_A_CODE = N_("Type or paste a board code (the letters and digits printed under a board, like "
                 "R1-3MQZ-59RN-AKB5), or choose a spec or a PDF made by pnp.")
CODE_TOO_LONG = N_("A board code is at most {most} characters.")


def counted(things) -> str:
    """What a PDF holds, from the games' nouns with their counts ([("worksheet", 24)]), in the
    page's language: "24 worksheets", "4 boards and 2 sets"."""
    from pnp.words import count

    return listed(ngettext(*NOUNS[noun], n) if noun in NOUNS else count(n, noun)
                  for noun, n in things)


# the nouns the games count boards with (pnp.games.noun), as the page counts them
NOUNS = {
    "board": Nn_("{n} board", "{n} boards"),
    "set": Nn_("{n} set", "{n} sets"),
    "worksheet": Nn_("{n} worksheet", "{n} worksheets"),
    "answer key": Nn_("{n} answer key", "{n} answer keys"),
}
