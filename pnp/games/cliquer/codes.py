"""Board codes: a short text that is exactly one board's dots, for sharing by hand.

Format (version 1), documented in the README and kept stable:

    R1-XXXX-XXXX-...-CC

``R1`` names CliqueR code version 1. The body is Crockford base32 (0-9 and A-Z without I, L, O,
U; case, hyphens and spaces are ignored, and I/L read as 1, O as 0) of one integer

    N = (rank * 256 + grid) * 64 + dots

where ``grid`` is the lattice size (positions 0..grid on each axis), ``dots`` the number of dots,
and ``rank`` the dots' place in the combinatorial number system: each dot is the position
x * (grid + 1) + y, the positions sorted p1 < p2 < ... < pn, and rank = C(p1, 1) + ... + C(pn, n).
The last two characters are N mod 1021 in base32: since 1021 is a prime larger than any
single-character change can cancel, every one-character typo and every swap of two
neighbouring characters is caught.
"""

from __future__ import annotations

from pnp.errors import WrongValue
from pnp.i18n import N_
from pnp.seeding import looks_like_ident

from functools import lru_cache
from math import comb

from .geometry import Dot, collinear_triples
from pnp.i18n.message import Message

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_VALUE = {ch: i for i, ch in enumerate(ALPHABET)}
_VALUE.update({"I": 1, "L": 1, "O": 0})
PREFIX = "R1"
CHECK = 1021
MAX_DOTS = 63
MAX_GRID = 255


# The line every CliqueR sheet and card prints its code on, just under the board's ID: the
# words say which line to type, since the ID above it is printed larger
CODE_LINE = N_("Board code, to type into pnp: {code}")
# what `pnp analyze`, `pnp build` and Look at a board say when given the ID instead
ID_NOT_CODE = Message("{ident} is a board's ID, not its code: a CliqueR sheet prints the board's code "
                      "just under its ID, on the line “{line}”; type that code instead")


def id_not_code(text: str) -> WrongValue:
    """The mistake of typing a board's ID ("5UYT-01") where its code belongs."""
    return WrongValue(ID_NOT_CODE, ident=text.strip(), line=Message(CODE_LINE, code=f"{PREFIX}-…"))


def _base32(n: int, width: int = 0) -> str:
    out = []
    while n:
        n, r = divmod(n, 32)
        out.append(ALPHABET[r])
    return "".join(reversed(out)).rjust(width, "0") or "0"


# Kept for the last few boards: a build asks twice for each board's code, for the data it
# attaches and for the header it prints. Valid as a code is a pure function of the dots and
# grid, which are whole numbers (a board's dots are ints: generated, or read by from_data).
@lru_cache(maxsize=16)
def encode(dots: tuple[Dot, ...], grid: int) -> str:
    if not 3 <= len(dots) <= MAX_DOTS or not 1 <= grid <= MAX_GRID:
        raise ValueError("codes cover 3..63 dots on a grid of at most 255")
    side = grid + 1
    positions = sorted(x * side + y for x, y in dots)
    rank = sum(comb(p, i + 1) for i, p in enumerate(positions))
    number = (rank * 256 + grid) * 64 + len(dots)
    body = _base32(number) + _base32(number % CHECK, 2)
    groups = [body[i:i + 4] for i in range(0, len(body), 4)]
    return "-".join([PREFIX, *groups])


def _letters(text: str) -> str:
    """A code as typed, without the case, spaces and hyphens the format ignores."""
    return "".join(text.split()).replace("-", "").upper()


def looks_like_code(text: str) -> bool:
    """Is ``text`` meant as a CliqueR board code (however typed), rather than a file name?"""
    letters = _letters(text)
    return letters.startswith(PREFIX) and len(letters) > len(PREFIX) + 3 \
        and all(ch in _VALUE for ch in letters[len(PREFIX):])


def normal(code: str) -> str:
    """The code as pnp prints it: R1-XXXX-XXXX-..., whatever case and spacing it was typed in."""
    return encode(*decode(code))


def decode(code: str) -> tuple[tuple[Dot, ...], int]:
    """The dots and grid of a code; ValueError with a reason for anything mistyped (a board's
    ID typed instead is said to be one)."""
    if looks_like_ident(code):
        raise id_not_code(code)
    text = _letters(code)
    if not text.startswith(PREFIX):
        raise WrongValue(Message("board code {code} should start with {prefix}-"), code=repr(code), prefix=PREFIX)
    body = text[len(PREFIX):]
    if len(body) < 4 or len(body) > 120:
        raise WrongValue(Message("board code {code} has the wrong length"), code=repr(code))
    number = 0
    for ch in body[:-2]:
        if ch not in _VALUE:
            raise WrongValue(Message("board code {code} has {letter}, which is not a code letter"), code=repr(code),
                             letter=repr(ch))
        number = number * 32 + _VALUE[ch]
    check = 0
    for ch in body[-2:]:
        if ch not in _VALUE:
            raise WrongValue(Message("board code {code} has {letter}, which is not a code letter"), code=repr(code),
                             letter=repr(ch))
        check = check * 32 + _VALUE[ch]
    if number % CHECK != check:
        raise WrongValue(Message("board code {code} is mistyped (its check letters do not match)"), code=repr(code))
    number, n = divmod(number, 64)
    rank, grid = divmod(number, 256)
    side = grid + 1
    if n < 3 or grid < 1 or rank >= comb(side * side, n):
        raise WrongValue(Message("board code {code} does not describe a board"), code=repr(code))
    positions = []
    for i in range(n, 0, -1):   # unrank: largest p with C(p, i) <= rank
        p = i - 1
        step = 1 << (side * side).bit_length()
        while step:
            if comb(p + step, i) <= rank:
                p += step
            step >>= 1
        rank -= comb(p, i)
        positions.append(p)
    dots = tuple(sorted(divmod(p, side) for p in positions))
    if collinear_triples(dots):
        raise WrongValue(Message("board code {code} does not describe a CliqueR board (three of its dots are on "
                                 "one line)"), code=repr(code))
    return dots, grid
