"""Seeds: each board's own random stream and short ID, from the build's seed alone.

Below the games and the build alike: the build gives every board its stream, and a game that
makes a board on its own (the board of the day) gets the very same one, without reaching up
into the build. Each stream is derived from (seed, item number, board number) by SHA-256, so
boards do not depend on each other, on the order workers finish, or on the machine.
"""

from __future__ import annotations

import hashlib
import random
import re

ID_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"   # no 0/O, 1/I/L: read aloud in a class


def rng_for(seed: str, entry: int, copy: int) -> random.Random:
    """The random stream of copy ``copy`` (from 0) of item ``entry`` (from 0) of a build."""
    digest = hashlib.sha256(f"pnp/1|{seed}|{entry}|{copy}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def ident_for(seed: str, number: int) -> str:
    """A short ID for a board: 4 letters from the seed, then the board's number in the build."""
    digest = int.from_bytes(hashlib.sha256(f"pnp-id|{seed}".encode()).digest()[:8], "big")
    letters = ""
    for _ in range(4):
        digest, r = divmod(digest, len(ID_ALPHABET))
        letters += ID_ALPHABET[r]
    return f"{letters}-{number:02d}"


# an ID as a person may type it back: any case, the hyphen or a space or nothing between
_IDENT = re.compile(rf"[{ID_ALPHABET}]{{4}}[- ]?[0-9]{{2,6}}", re.IGNORECASE)


def looks_like_ident(text: str) -> bool:
    """Is ``text`` a board's ID as ``ident_for`` makes them ("5UYT-01"), however typed? A sheet
    prints it large, so it is what a person types when asked for a board's code."""
    return _IDENT.fullmatch(text.strip()) is not None
