"""Sealed choices: a hidden hand or a secret slip shown first as a seal, opened at the end.

A seal is the SHA-256 of the choice written out and a random salt (``sealed``). The computer
shows the seal of its goals before the game starts and of its hand before it takes yours, and
opens both later (choice and salt); the page checks each opening against the seal it was shown,
so the computer cannot change a hand or a goal once it has seen yours. Your own slip is sealed
by the page the same way and opened only when you show it to claim a win, so the server never
reads your goals before you do. The salt is long enough that nobody can try every choice
against a seal (there are 64 goals and 6 hands).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from ..rules import SHAPES

SALT_BYTES = 16


def goals_text(goals) -> str:
    """Goals as sealed: each goal's three shapes joined by commas, goals by semicolons
    (``circle,square,pentagon;triangle,circle,circle``)."""
    return ";".join(",".join(goal) for goal in goals)


def parse_goals(text: str) -> list[tuple[str, str, str]]:
    """The goals ``goals_text`` wrote; ValueError for anything else."""
    goals = []
    for part in text.split(";"):
        goal = tuple(part.split(","))
        if len(goal) != 3 or any(shape not in SHAPES for shape in goal):
            raise ValueError(f"a goal is three of {', '.join(SHAPES)}, not {part!r}")
        goals.append(goal)
    return goals


def new_salt() -> str:
    return secrets.token_hex(SALT_BYTES)


def sealed(text: str, salt: str) -> str:
    """The seal shown for ``text``: SHA-256 of ``text|salt``, in hex."""
    return hashlib.sha256(f"{text}|{salt}".encode()).hexdigest()


def opens(seal: str, text: str, salt: str) -> bool:
    """Whether ``text`` and ``salt`` open ``seal``."""
    return isinstance(seal, str) and hmac.compare_digest(seal, sealed(text, salt))
