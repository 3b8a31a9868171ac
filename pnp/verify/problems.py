"""Every problem code the validator itself reports, declared once (each game declares its own in
its ``problems.py``): the data's, and the proof's one. A new check of the record adds its code
here; the module that finds it makes its problems from this registry."""

from __future__ import annotations

from pnp.games.base import Problem, Problems
from pnp.i18n import W_
from pnp.i18n.message import Message
from pnp.i18n.told import Number, Told

# the attached data and what it says of the file (``pnp.verify.validate``)
DATA = Problems({
    "bad-data": W_("the attached data cannot be read (wrong type, missing or unknown key)"),
    "not-printed": W_("the data lists a board that is on no page"),
    "check-failed": W_("a game's check cannot check this data"),
    "duplicate-board": W_("two board records are the same board"),
    "board-id": W_("a board's ID is not the one the footer's seed and the board's number give"),
    "data-page": W_("the data's page size is not its paper's, or not the pages' size"),
})

# the proof: the file against the rebuild of its record (``pnp.verify.validate``)
PROOF = Problems({
    "not-reproduced": W_("the file is not, byte for byte, the one pnp builds from its record"),
})

PROBLEMS = DATA | PROOF


# the words a detailed message is built of, which a page says in its language
ON_PAGE = W_("page {page}: {problem}")     # a problem where it is: "page 3: ..."
SEPARATED = W_("{one}; {other}")           # two findings in one message
MORE = W_("and {n} more")                  # the findings past those listed


def listed(parts, more: int = 0) -> Told:
    """Findings (Told, each said in the page's language) as one: "a; b; c; and 2 more"."""
    parts = list(parts) + ([Told(MORE, n=Number(more, "d"))] if more > 0 else [])
    said = parts[-1]
    for part in reversed(parts[:-1]):
        said = Told(SEPARATED, one=part, other=said)
    return said


AND_MORE = W_("{listed} and {n} more")     # a list cut short


def detailed(code: str, message) -> Problem:
    """A problem whose whole message is one sentence: a ``Message``, or a catalog message
    (marked ``W_``) with no facts; the page says that sentence in its language, not only the
    code's meaning."""
    told = message if isinstance(message, (Told, Message)) else Told(message)
    return PROBLEMS(code, "{finding}", finding=told)      # the sentence is the whole message
