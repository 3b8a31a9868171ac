"""The spec side of Cliques: ``players:`` as a list of names or a count of numbered seats."""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from pnp.errors import WrongValue
from pnp.games.base import brief, option
from .rules import MAX_NAME, MAX_PLAYERS, MIN_PLAYERS, REMARKS_PER_PLAYER
from pnp.pdf.faces import JOINERS
from pnp.pdf.fonts import BOLD, SANS, check_printable
from pnp.i18n.message import Message

MAX_REMARK_CARDS = 200


def seat_names(count: int) -> tuple[str, ...]:
    """Names for a count of players, in the spec's language (they are printed, and recorded in
    the file as the names they are)."""
    from pnp.i18n import _, number

    return tuple(_("Player {n}").format(n=number(i)) for i in range(1, count + 1))


def parse_players(value) -> tuple[str, ...]:
    """A count (numbered seats) or a list of distinct, printable names (WrongValue: the page
    says why in its language)."""
    bounds = dict(fewest=MIN_PLAYERS, most=MAX_PLAYERS)
    if isinstance(value, bool):
        raise WrongValue(Message("must be a number of players ({fewest}..{most}) or a list of names, got {got}"),
                         got=str(value), **bounds)
    if isinstance(value, int):
        if not MIN_PLAYERS <= value <= MAX_PLAYERS:
            raise WrongValue(Message("Cliques is for {fewest}..{most} players, got {got}"), got=brief(value),
                             **bounds)
        return seat_names(value)
    if not isinstance(value, list):
        raise WrongValue(Message("must be a number of players ({fewest}..{most}) or a list of names"), **bounds)
    if not MIN_PLAYERS <= len(value) <= MAX_PLAYERS:
        raise WrongValue(Message("Cliques is for {fewest}..{most} players, got {names} names"),
                         names=len(value), **bounds)
    names: list[str] = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(value):
        where = Message("name {n}", n=i + 1)
        if not isinstance(raw, str):
            raise WrongValue(Message("{where} must be a name, got {got} (put quotes around it)"), where=where,
                             got=brief(raw))
        # NFC so that "é" typed as e + combining accent is one name with the precomposed one
        name = " ".join(unicodedata.normalize("NFC", raw).split())
        if not name:
            raise WrongValue(Message("{where} is empty; every player needs a name"), where=where)
        if len(name) > MAX_NAME:
            raise WrongValue(Message("{where} {name} is {length} characters; at most {most}"), where=where,
                             name=repr(name), length=len(name), most=MAX_NAME)
        odd = next((ch for ch in name if unicodedata.category(ch).startswith("C")
                    and ch not in JOINERS), None)     # a joiner some scripts need is fine
        if odd is not None:
            raise WrongValue(Message("{where} {name} has an invisible control character (U+{code}); type the "
                                     "name plainly"), where=where, name=repr(name), code=f"{ord(odd):04X}")
        for font in (SANS, BOLD):   # names are printed in both weights
            check_printable(name, where, font)
        key = name.casefold()
        if key in seen:
            raise WrongValue(Message("{where} {name} repeats name {first}; names must differ (circles are "
                                     "named after them)"), where=where, name=repr(name), first=seen[key] + 1)
        seen[key] = i
        names.append(name)
    return tuple(names)


PLAYERS_SCHEMA = {
    "oneOf": [
        {"type": "integer", "minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS},
        {"type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS, "uniqueItems": True,
         "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME}},
    ]
}


@dataclass(frozen=True)
class Item:
    """One Cliques set: a score sheet, a token tracker per player and remark cards."""

    players: tuple[str, ...] = option(
        parse=parse_players, schema=PLAYERS_SCHEMA, example=4, printed=True, label="Players",
        facts={"fewest": MIN_PLAYERS, "most": MAX_PLAYERS},
        help="The players' names, or how many play ({fewest} to {most}) for numbered seats.")
    remark_cards: int | None = option(
        None, min=0, max=MAX_REMARK_CARDS, label="Remark cards", facts={"each": REMARKS_PER_PLAYER},
        help="Remark cards to print. Empty: {each} for each player. 0 prints none: any index "
             "card or slip of paper will do.")
