"""What every game room shares: spec options (``option``, from ``pnp.options``), the problems its checks find, the contract of
its doors, and a strict reader for the data attached to PDFs.

A game is a folder in ``pnp.games`` with the rooms listed in ``pnp/games/__init__.py``.
Nothing here knows any game's rules.
"""

from __future__ import annotations

import dataclasses
import inspect
import math
import random
from dataclasses import dataclass
from typing import Any, Iterable, Protocol

from pnp.i18n.message import ForThePage, Message
from pnp.options import option  # noqa: F401 (games declare their Item's options with it)


@dataclass(frozen=True)
class Problem:
    """One broken invariant, said so a person can find it on the printed page."""

    code: str      # stable machine name, e.g. "collinear", "clearance", "drawn-dot-missing"
    # one line for a person: what failed and where, a Message: ``str``, the CLI's English; its
    # ``say()``, a page's language (a message not made from a template says its code's meaning)
    message: Message

    def __str__(self) -> str:
        return f"{self.code}: {self.message}"


ONLY = "{line}"       # a message that is one fact (not a catalog message: not a literal here)


class Problems:
    """A game's problem codes: each one declared once with what it means, so reports, the README
    and the mutation suite (every code has a planted defect that triggers it) agree.

    ``PROBLEMS("collinear", "dots {dots} lie on one line", dots="A, B, C")`` makes a Problem,
    its message a Message filled from its facts (a number as a ``pnp.i18n.message.Number``, a
    counted noun as a counted Message); a message without facts, given as plain English, is
    said as it is on the command line and as the code's meaning on a page. An undeclared code
    is a programming error and raises at once.

    Each meaning is a Message too (a page shows it).
    """

    def __init__(self, codes: dict):
        self.codes = {code: str(meaning) for code, meaning in codes.items()}
        self.meanings = {code: meaning if isinstance(meaning, Message) else Message.plain(meaning)
                         for code, meaning in codes.items()}

    def __call__(self, code: str, message: str, **facts) -> Problem:
        if code not in self.codes:
            raise KeyError(f"problem code {code!r} is not declared")
        if facts or isinstance(message, Message):
            return Problem(code, Message(message, **facts))
        return Problem(code, Message(ONLY, line=ForThePage(message, self.meanings[code])))

    def __contains__(self, code: object) -> bool:
        return code in self.codes

    def __iter__(self):
        return iter(self.codes)

    def __or__(self, other: "Problems") -> "Problems":
        clash = set(self.codes) & set(other.codes)
        if clash:
            raise ValueError(f"problem codes declared twice: {sorted(clash)}")
        return Problems({**self.meanings, **other.meanings})


# ---- the contract -------------------------------------------------------------------------------

class Game(Protocol):
    """The doors every game has (checked by ``check_contract`` when the registry loads it)."""

    KIND: str                  # the kind name in specs; equals the game's registry name
    TITLE: str                 # a human name
    Item: type                 # frozen dataclass of the spec options (see ``option``)
    Board: type                # frozen dataclass of one board's plain data
    PROBLEMS: Problems         # every code check() and check_drawn() can report

    def generate(self, item: Any, rng: random.Random, ident: str) -> Any: ...
    def check(self, board: Any) -> list[Problem]: ...
    def pieces(self, board: Any) -> list: ...
    def check_drawn(self, board: Any, placements: list) -> list[Problem]: ...
    def to_data(self, board: Any) -> dict: ...
    def from_data(self, data: Any) -> Any: ...
    def describe(self, board: Any) -> Any: ...     # a pnp.errors.Problem; str(): English


# optional doors: a game offers one when it has every function named. A door's name must not be
# the name of a module in the game's folder: importing that module later would put the module in
# the door's place on the package.
OPTIONAL_DOORS = {
    "read_code": "read_code(text) -> item options | None: a shared board code, reprinted exactly",
    "analyze": "analyze(board, solve, seconds, positions, memory_mb, progress) -> figures (with "
               "'unfinished' when asked work was not done within the limits); report(figures) "
               "-> text: `pnp analyze`",
    "daily_spec": "daily_spec(date) -> spec text: the board of the day, `pnp daily`",
    "daily_answer": "daily_answer(date, seconds or None, progress, hint) -> one line: the "
                    "answer to the day before's board, printed after `pnp daily` (hint: a line "
                    "not worked out names the option that gives it more time)",
    "daily_played": "daily_played(date, seconds or None, progress) -> {answer, board, figures}: "
                    "daily_answer's line with the day before's board and its figures, perfect "
                    "play's whole best line in them (kept like the answer): `pnp site` draws it",
    "picture": "picture(board, figures, key='picture') -> {svg, steps, words}: the board drawn "
               "for a screen (SVG, its ids starting with key; the best line's moves as "
               "<g data-step=k>), one sentence a move, and the figures as sentences: the page's "
               "Look at a board and `pnp site` (needs analyze)",
    "play": "play(board=None, figures=None) -> {script, style, words, noscript} and for a board "
            "its data (JSON), title: the game played in the browser, its rules and players in "
            "the script (held to the Python's by a test): pnp.play writes the page, `pnp serve` "
            "and `pnp site` link it for any game that has it",
    # doors that are values, not functions
    "NOUN": "a word for one board of the game when boards are counted, when it is not 'board' "
            "(\"set\"): `pnp build`'s 'wrote ...' line and `pnp validate`'s summary",
    "LAYOUT_OPTIONS": "a sequence of option mappings, each a valid item, that the print-fidelity "
                      "tests lay out on every paper instead of the ones they derive from the Item "
                      "(Literals, flags, bounded numbers): for a game whose sizes those miss",
}
_DOOR_PARTNERS = {"analyze": ("report",)}


def _is_noun(value: Any) -> bool:
    return isinstance(value, str) and value.strip() == value and value.isprintable() and 0 < len(value) <= 40


def _are_options(value: Any) -> bool:
    return isinstance(value, (list, tuple)) and len(value) > 0 and all(
        isinstance(v, dict) and all(isinstance(k, str) for k in v) for v in value)


# what each door that is a value must be (the others are functions)
_DOOR_VALUES = {"NOUN": (_is_noun, "a short word"),
                "LAYOUT_OPTIONS": (_are_options, "a non-empty sequence of option mappings")}


def offers(module: Any, door: str) -> bool:
    """Whether the game ``module`` offers the optional ``door``."""
    value = getattr(module, door, None)
    return value is not None if door in _DOOR_VALUES else callable(value)


# What a game owes the test suite: the doors above are checked when the registry loads a game;
# these are checked for every registered game by tests/games/test_game_obligations.py, which names
# the one it misses. A new game (a copied folder and a registry line) meets them by adding:
TEST_OBLIGATIONS = {
    "good-spec": "GOOD_SPEC in tests/games/<kind>/obligations.py: a small spec of the kind "
                 "whose PDF validates clean, to plant defects in",
    "planted-defects": "for every code in the game's PROBLEMS, a planted defect in the same "
                       "file (MUTATIONS or CODE_DEFECTS) that the validator names with it, or "
                       "an entry in its UNPLANTABLE saying which test reaches the code otherwise",
    "layout-options": "every size option reachable by tests/support/layout_variants.py from the Item "
                      "dataclass (Literals, flags, bounded numbers), or LAYOUT_OPTIONS in the "
                      "game's package: a sequence of option mappings, each a valid item, the "
                      "print-fidelity tests lay out on every paper",
    "printed-options": "every text option of the Item says option(printed=True or False): the "
                       "loader refuses text the print font cannot draw in printed ones",
    "starter-builds": "`pnp new KIND` writes a spec that builds a PDF that validates "
                      "(tests/games/test_conformance.py)",
}


def _misspelt_doors(module: Any) -> list[str]:
    """A name of the package's own that is nearly a door's (``NOUNS``, ``layout_options``):
    the door it meant would silently be missing."""
    import difflib

    doors = [*OPTIONAL_DOORS, *_DOOR_PARTNERS["analyze"], *Game.__annotations__,
             *(n for n, fn in vars(Game).items() if not n.startswith("_") and callable(fn))]
    out = []
    for name in getattr(module, "__all__", None) or [n for n in vars(module) if not n.startswith("_")]:
        if name in doors or inspect.ismodule(getattr(module, name, None)):
            continue
        close = difflib.get_close_matches(name, doors, n=1, cutoff=0.85) or \
            [d for d in doors if d.casefold() == name.casefold()]
        if close:
            out.append(f"{close[0]} (it has {name})")
    return out


class ContractError(Exception):
    """A game folder that does not provide the doors the registry needs: a programming error."""


def check_contract(kind: str, module: Any) -> None:
    """Every required door present and of the right shape; the optional ones whole."""
    missing = []
    for name, hint in Game.__annotations__.items():
        value = getattr(module, name, None)
        if value is None:
            missing.append(name)
        elif hint == "str" and not isinstance(value, str) or hint == "type" and not isinstance(value, type) \
                or hint == "Problems" and not isinstance(value, Problems):
            missing.append(f"{name} (not a {hint})")
    for name, fn in vars(Game).items():
        if name.startswith("_") or not callable(fn):
            continue
        door = getattr(module, name, None)
        if not callable(door):
            missing.append(f"{name}()")
        elif len(inspect.signature(door).parameters) < len(inspect.signature(fn).parameters) - 1:
            missing.append(f"{name}() taking {', '.join(list(inspect.signature(fn).parameters)[1:])}")
    for door, partners in _DOOR_PARTNERS.items():
        if callable(getattr(module, door, None)):
            missing += [f"{p}() (goes with {door}())" for p in partners if not callable(getattr(module, p, None))]
    for door in OPTIONAL_DOORS:
        value = getattr(module, door, None)
        if value is None:
            continue
        good, what = _DOOR_VALUES.get(door, (callable, "a function"))
        if not good(value):
            missing.append(f"{door} as {what} (it is {brief(value)})")
    missing += _misspelt_doors(module)
    if missing:
        raise ContractError(f"game {module.__name__} lacks {', '.join(missing)}")
    if module.KIND != kind:
        raise ContractError(f"game {module.__name__} calls itself {module.KIND!r} but is registered "
                            f"as {kind!r}")
    if not dataclasses.is_dataclass(module.Item):
        raise ContractError(f"game {module.__name__}: Item must be a dataclass of spec options")


# ---- reading attached data, trusting nothing ---------------------------------------------------

MAX_DATA_TEXT = 1000       # characters in any text of attached data (names, titles, idents)
MAX_DATA_LIST = 4096       # entries in any list of attached data


class Fields:
    """One mapping of a PDF's attached data, read strictly: exactly the keys named, each of the
    type asked (a bool is never a number), numbers finite, texts and lists of bounded size.
    Every failure is a ValueError saying where, so the validator can name it."""

    def __init__(self, data: Any, where: str, keys: Iterable[str], optional: Iterable[str] = ()):
        if not isinstance(data, dict):
            raise ValueError(f"{where} must be a mapping, got {type(data).__name__}")
        keys, optional = tuple(keys), tuple(optional)
        missing = [k for k in keys if k not in data]
        extra = sorted(str(k) for k in data if k not in keys and k not in optional)
        if missing:
            raise ValueError(f"{where} lacks {missing[0]!r}")
        if extra:
            raise ValueError(f"{where} has unknown key {extra[0]!r}")
        self.data, self.where = data, where

    def has(self, key: str) -> bool:
        return key in self.data

    def int(self, key: str, low: int | None = None, high: int | None = None) -> int:
        return whole(self.data[key], f"{self.where}.{key}", low, high)

    def number(self, key: str) -> float:
        value = self.data[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
            raise ValueError(f"{self.where}.{key} must be a number, got {brief(value)}")
        # -0.0 reads as 0.0 (pnp never writes it): the two are equal, so a redraw's caches, which
        # key on equal values, could otherwise print one where the data says the other
        return value + 0 if value == 0 else value

    def flag(self, key: str) -> bool:
        value = self.data[key]
        if not isinstance(value, bool):
            raise ValueError(f"{self.where}.{key} must be true or false, got {brief(value)}")
        return value

    def text(self, key: str) -> str:
        return text(self.data[key], f"{self.where}.{key}")

    def list(self, key: str, most: int = MAX_DATA_LIST) -> list:
        return bounded_list(self.data[key], f"{self.where}.{key}", most)

    def mapping(self, key: str, keys: Iterable[str], optional: Iterable[str] = ()) -> "Fields":
        return Fields(self.data[key], f"{self.where}.{key}", keys, optional)


def whole(value: Any, where: str, low: int | None = None, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{where} must be a whole number, got {brief(value)}")
    if low is not None and value < low or high is not None and value > high:
        raise ValueError(f"{where} must be {low}..{high}, got {brief(value)}")
    return value


def text(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{where} must be text, got {brief(value)}")
    if len(value) > MAX_DATA_TEXT:
        raise ValueError(f"{where} is {len(value)} characters long; at most {MAX_DATA_TEXT}")
    return value


def bounded_list(value: Any, where: str, most: int = MAX_DATA_LIST) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list, got {type(value).__name__}")
    if len(value) > most:
        raise ValueError(f"{where} has {len(value)} entries; at most {most}")
    return value


def brief(value: Any) -> str:
    """A value quoted back in an error, at most 40 characters: a mistake stays one short line
    whatever was written (a nested mapping, a 300-digit number)."""
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
