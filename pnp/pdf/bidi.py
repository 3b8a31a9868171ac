"""The Unicode Bidirectional Algorithm (UAX #9) for one printed line: levels and visual order.

pnp prints single lines (a wrapped paragraph is wrapped first, in logical order, and each line
is then laid out on its own, as UAX #9 says), written by pnp or typed into a spec, with no
explicit embeddings: the explicit formatting characters (LRE, RLO, LRI, ...) are dropped from
the resolution as rule X9 drops embeddings (they are treated as boundary neutrals), and each
line is one paragraph whose direction is the page's (an Arabic page is right to left; a name
in Arabic on an English page is a right-to-left run in a left-to-right line). Within that, the
weak, neutral (with paired brackets, N0) and implicit rules and the reordering (L1, L2) are the
standard's. Mirroring (L4) is the shaper's: HarfBuzz mirrors brackets in a right-to-left run.

Written here rather than taken from a library because the one on PyPI (python-bidi) returns the
display string, not the levels a shaper needs per run; tests/pdf/test_bidi.py holds this one to
it on random mixed lines.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

_STRONG_R = ("R", "AL")
_NEUTRAL = ("B", "S", "WS", "ON", "LRI", "RLI", "FSI", "PDI")
_EXPLICIT = ("LRE", "RLE", "LRO", "RLO", "PDF", "BN")

# UAX #9's paired brackets (BidiBrackets.txt) that pnp's words or a name may hold
_OPENING = {"(": ")", "[": "]", "{": "}", "（": "）", "［": "］", "｛": "｝", "「": "」", "『": "』",
            "【": "】", "〈": "〉", "《": "》", "〔": "〕", "⁅": "⁆", "⁽": "⁾", "₍": "₎"}
_CLOSING = {close: open_ for open_, close in _OPENING.items()}
MAX_BRACKET_DEPTH = 63       # BD16: past this the line has no more pairs
_BRACKET_CLASSES = ("ON", "NSM")   # a bracket is ON (and N0 needs one): a line of none skips it
# a right-to-left line of these alone is all at its paragraph's level: nothing in it is strong
# but right to left, no number is there for W2 to W7 to make anything of, so every neutral
# (and mark, and separator) resolves to R (most of an Arabic pack's lines: words, spaces, ".")
_ALL_RIGHT = frozenset(("R", "AL", "NSM", "WS", "CS", "ES", "ET", "ON", "S", "B"))


@lru_cache(maxsize=None)
def bidi_class(ch: str) -> str:
    return unicodedata.bidirectional(ch) or "L"


def has_rtl(text: str) -> bool:
    """Does ``text`` hold a letter written right to left (Hebrew, Arabic, ...)?"""
    return any(bidi_class(ch) in _STRONG_R for ch in text)


@lru_cache(maxsize=4096)
def levels(text: str, base: int = 0) -> tuple[int, ...]:
    """The embedding level of each character of the line ``text`` in a paragraph of level
    ``base`` (0 left to right, 1 right to left)."""
    n = len(text)
    types = list(map(bidi_class, text))
    present = set(types)
    if base == 0 and present.isdisjoint(("R", "AL", "AN")):
        return (0,) * n       # a left-to-right line with nothing written right to left
    if base == 1 and present <= _ALL_RIGHT:
        return (1,) * n
    return _resolved(text, base, types, present)


def _resolved(text: str, base: int, types: list[str], present: set[str]) -> tuple[int, ...]:
    """``levels`` by the rules, rule by rule."""
    n = len(text)
    if present.isdisjoint(_EXPLICIT):
        kept, seq = range(n), types[:]
    else:
        kept = [i for i in range(n) if types[i] not in _EXPLICIT]     # X9
        seq = [types[i] for i in kept]
    e = "R" if base % 2 else "L"
    sos = eos = e
    _weak(seq, sos, present)
    if not present.isdisjoint(_BRACKET_CLASSES):
        _brackets(seq, [text[i] for i in kept], e, sos)
    _neutrals(seq, sos, eos, e)
    out = [base] * n
    for k, i in enumerate(kept):                                  # I1, I2
        t = seq[k]
        if base % 2 == 0:
            out[i] = base + (1 if t == "R" else 2 if t in ("AN", "EN") else 0)
        else:
            out[i] = base + (1 if t in ("L", "EN", "AN") else 0)
    for i in range(n):                                            # dropped ones: as before them
        if types[i] in _EXPLICIT:
            out[i] = out[i - 1] if i else base
    # L1: whitespace (and isolates, and the dropped) at the end of the line and before each
    # segment separator go back to the paragraph's level
    trailing = True
    for i in range(n - 1, -1, -1):
        t = types[i]
        if t in ("S", "B"):
            out[i] = base
            trailing = True
        elif trailing and t in ("WS", "LRI", "RLI", "FSI", "PDI") + _EXPLICIT:
            out[i] = base
        else:
            trailing = False
    return tuple(out)


def _weak(seq: list[str], sos: str, present: set[str]) -> None:
    """Rules W1 to W7. Each rule changes only characters of the classes it names, so a rule
    whose classes are not in the line (``present``: its classes before W1) is skipped: most
    lines have no marks, numbers or separators, and a wrap lays out every prefix of a line."""
    n = len(seq)
    prev = sos
    if "NSM" in present:
        for i in range(n):                                        # W1
            if seq[i] == "NSM":
                seq[i] = "ON" if prev in ("LRI", "RLI", "FSI", "PDI") else prev
            prev = seq[i]
        present = set(seq)
    if "AL" not in present:
        return _numbers(seq, sos, present)
    strong = sos
    if "EN" in present:
        for i in range(n):                                        # W2
            t = seq[i]
            if t in ("L", "R", "AL"):
                strong = t
            elif t == "EN" and strong == "AL":
                seq[i] = "AN"
    for i in range(n):                                            # W3
        if seq[i] == "AL":
            seq[i] = "R"
    _numbers(seq, sos, set(seq))


def _numbers(seq: list[str], sos: str, present: set[str]) -> None:
    """W4 to W7 (the separators and terminators between numbers, and numbers after a
    left-to-right letter), where there are any."""
    if present.isdisjoint(("ES", "ET", "CS", "EN")):
        return
    n = len(seq)
    for i in range(1, n - 1):                                     # W4
        a, t, b = seq[i - 1], seq[i], seq[i + 1]
        if t == "ES" and a == b == "EN":
            seq[i] = "EN"
        elif t == "CS" and a == b and a in ("EN", "AN"):
            seq[i] = a
    i = 0
    while i < n:                                                  # W5
        if seq[i] == "ET":
            j = i
            while j < n and seq[j] == "ET":
                j += 1
            if (i > 0 and seq[i - 1] == "EN") or (j < n and seq[j] == "EN"):
                for k in range(i, j):
                    seq[k] = "EN"
            i = j
        else:
            i += 1
    for i in range(n):                                            # W6
        if seq[i] in ("ES", "ET", "CS"):
            seq[i] = "ON"
    strong = sos
    for i in range(n):                                            # W7
        t = seq[i]
        if t in ("L", "R"):
            strong = t
        elif t == "EN" and strong == "L":
            seq[i] = "L"


def _strong(t: str) -> str | None:
    return "L" if t == "L" else "R" if t in ("R", "EN", "AN") else None


def _brackets(seq: list[str], chars: list[str], e: str, sos: str) -> None:
    """N0: a pair of brackets takes the direction of the text it encloses, or of its context."""
    pairs, stack = [], []
    for i, ch in enumerate(chars):
        if seq[i] != "ON":
            continue
        if ch in _OPENING:
            if len(stack) == MAX_BRACKET_DEPTH:
                break
            stack.append((_OPENING[ch], i))
        elif ch in _CLOSING:
            for depth in range(len(stack) - 1, -1, -1):
                if stack[depth][0] == ch:
                    pairs.append((stack[depth][1], i))
                    del stack[depth:]
                    break
    opposite = "R" if e == "L" else "L"
    for start, end in sorted(pairs):
        inside = {_strong(seq[k]) for k in range(start + 1, end)} - {None}
        if e in inside:
            new = e
        elif opposite in inside:
            before = sos
            for k in range(start - 1, -1, -1):
                if _strong(seq[k]):
                    before = _strong(seq[k])
                    break
            new = opposite if before == opposite else e
        else:
            continue
        for k in (start, end):
            seq[k] = new
            j = k + 1                       # marks after a bracket follow it
            while j < len(seq) and unicodedata.category(chars[j]) == "Mn":
                seq[j] = new
                j += 1


def _neutrals(seq: list[str], sos: str, eos: str, e: str) -> None:
    n = len(seq)
    i = 0
    while i < n:                                                  # N1, N2
        if seq[i] in _NEUTRAL:
            j = i
            while j < n and seq[j] in _NEUTRAL:
                j += 1
            before = _strong(seq[i - 1]) if i > 0 else sos
            after = _strong(seq[j]) if j < n else eos
            fill = before if before == after else e
            for k in range(i, j):
                seq[k] = fill
            i = j
        else:
            i += 1


def visual_order(line_levels) -> list[int]:
    """L2: the logical indexes of a line's characters (or runs) from left to right."""
    order = list(range(len(line_levels)))
    if not order:
        return order
    highest = max(line_levels)
    lowest_odd = min((v for v in line_levels if v % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        i = 0
        while i < len(order):
            if line_levels[order[i]] >= level:
                j = i
                while j < len(order) and line_levels[order[j]] >= level:
                    j += 1
                order[i:j] = order[i:j][::-1]
                i = j
            else:
                i += 1
    return order
