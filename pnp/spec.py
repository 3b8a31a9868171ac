"""YAML -> Spec, strictly: every mistake is one line naming FILE:LINE:COL, and one read finds
them all.

We never hand YAML to a constructor that builds Python objects. The text is composed into
nodes (which carry positions; see ``pnp.yamltext``), anchors/aliases are refused while
composing (so an alias bomb never expands), duplicate keys are refused, and each value is
converted by the type of the option it fills, so an error can always point at the node that
caused it, and text is read as the text written (``title: no`` is the title "no").

Mistakes are collected, not raised at once: a wrong value, an unknown key and a misspelt kind
in three places give three lines. A mistake that makes its surroundings unreadable (an unknown
kind: its options mean nothing) stops the reading of those surroundings only, so every line
printed is a mistake of its own.
"""

from __future__ import annotations

import codecs
import dataclasses
import difflib
import functools
import os
import re
import types
import typing
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from pnp.errors import SpecError, raise_all
from pnp.games.base import option
from pnp.inputs import not_a_file
from pnp.pdf.page import PaperSize
from pnp.yamltext import (NULLS, TRUE_FALSE, TooLarge, bool_trap, compose, is_plain, number,
                          plain_value, position, trap)

# a spec is a page of YAML (200 items with every option and comments: under 100 kB); PyYAML
# reads the worst kinds of text (a key a line, a flow list of numbers) at about 50 kB a CPU
# second, so any spec this size is answered in about 5 s (it was 1 MB: 25 s)
MAX_SPEC_BYTES = 256_000
MAX_ITEMS = 200              # entries under items:
MAX_BOARDS = 5000            # boards in one build, summed over counts
MAX_TEXT = 200               # characters in any one text value
# bytes in a PDF's file name: most file systems allow 255 a name, and a build adds to it
# (".NAME.PID.part" while writing, "-200-circles" with --split, "-p0001.png" for previews)
MAX_NAME_BYTES = 200


@dataclass(frozen=True)
class Page:
    size: PaperSize = option("A4", help="paper size")
    orientation: Literal["portrait", "landscape"] = option("portrait", help="page orientation")
    margin_mm: float = option(10, min=5, max=40, help="blank border; nothing is printed in it")


@dataclass(frozen=True)
class Entry:
    """One entry of ``items:``: a game kind, how many, and that kind's options."""

    kind: str
    count: int
    item: Any
    where: tuple[str, int, int]   # file, line, column of the entry, for errors found later

    def error(self, message: str) -> SpecError:
        return SpecError(message, *self.where)


@dataclass(frozen=True)
class Spec:
    title: str
    page: Page
    seed: str
    items: tuple[Entry, ...]
    output: str | None = None
    file: str = "<spec>"


# ---------------------------------------------------------------------------------------------
# text that is printed


def _char(ch: str) -> str:
    return f"{ch!r} (U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')})"


def unprintable(text: str) -> str | None:
    """Why ``text`` cannot be printed as written, or None: an invisible formatting character
    (a right-to-left override, a zero-width space), a character the print font cannot draw (it
    would print as an empty box) or a right-to-left letter (pages are laid out left to right,
    so it would print backwards). The same rule as for Cliques player names."""
    from pnp.pdf.fonts import BOLD, SANS, backwards_letter, missing_glyphs

    hidden = next((ch for ch in text if unicodedata.category(ch) == "Cf"), None)
    if hidden is not None:              # U+202E and kin: invisible on paper, misleading on screen
        return f"has an invisible formatting character {_char(hidden)}; type the text plainly"
    for font in (SANS, BOLD):          # titles print bold, footers regular
        missing = missing_glyphs(text, font)
        if missing:
            return f"has {_char(missing[0])}, which the print font cannot draw"
    rtl = backwards_letter(text)
    if rtl is not None:
        return (f"has {_char(rtl)}, written right to left: pages are laid out left to right, so it "
                "would print backwards; write it in Latin, Greek or Cyrillic letters")
    return None


def control_character(text: str) -> str | None:
    """A control character or lone surrogate in ``text``, said; quoted YAML escapes ("\\x9b",
    "\\ud800") and command lines reach past YAML's own character check, and a lone surrogate
    cannot even be encoded into the PDF."""
    bad = next((ch for ch in text if ch != "\t" and unicodedata.category(ch) in ("Cc", "Cs")), None)
    if bad is None:
        return None
    what = "a control character" if unicodedata.category(bad) == "Cc" else "a lone surrogate"
    return f"contains {what} (U+{ord(bad):04X})"


def seed_problem(seed: str) -> str | None:
    """What is wrong with a seed (it is printed in every footer), from a spec or --seed."""
    if len(seed) > MAX_TEXT:
        return f"is {len(seed)} characters long; at most {MAX_TEXT}"
    return control_character(seed) or unprintable(seed)


# ---------------------------------------------------------------------------------------------
# nodes to typed values


class _Reported(Exception):
    """The mistakes inside a value are noted already; its container is unreadable."""


class _Reader:
    """Converts nodes to the values a dataclass field wants, noting every mistake at its node."""

    def __init__(self, filename: str, text: str = ""):
        self.filename = filename
        self.lines = text.splitlines()
        self.errors: list[SpecError] = []

    def fail(self, node: yaml.Node, message: str) -> SpecError:
        mark = node.start_mark
        return SpecError(message, self.filename, mark.line + 1, mark.column + 1)

    def note(self, error: SpecError) -> None:
        self.errors.append(error)

    def attempt(self, fn, *args):
        """fn(*args), or _Reported after noting its mistake."""
        try:
            return fn(*args)
        except SpecError as exc:
            self.note(exc)
            raise _Reported from None

    # scalars ---------------------------------------------------------------------------------
    def scalar(self, node: yaml.Node, what: str) -> yaml.ScalarNode:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, f"{what} must be a single value, not a {_shape(node)}")
        return node

    def is_null(self, node: yaml.Node) -> bool:
        return is_plain(node) and node.value in NULLS

    def text(self, node: yaml.Node, what: str, printed: bool = False) -> str:
        """The text written, whatever YAML 1.1 would make of it (``no``, ``010``, ``1:30``)."""
        self.scalar(node, what)
        if self.is_null(node):
            raise self.fail(node, f"{what} must be text, got nothing{self._comment_hint(node)}")
        value = node.value
        if len(value) > MAX_TEXT:
            raise self.fail(node, f"{what} is {len(value)} characters long; at most {MAX_TEXT}")
        problem = control_character(value) or (unprintable(value) if printed else None)
        if problem:
            raise self.fail(node, f"{what} {problem}")
        return value

    def _comment_hint(self, node: yaml.Node) -> str:
        line = self.lines[node.start_mark.line] if node.start_mark.line < len(self.lines) else ""
        if "#" in line[node.start_mark.column:]:
            return " (a '#' after a space starts a comment: put text containing '#' in quotes)"
        return ""

    def number(self, node: yaml.Node, what: str, want_int: bool, lo, hi):
        self.scalar(node, what)
        kind = "a whole number" if want_int else "a number"
        text = node.value
        if self.is_null(node):
            raise self.fail(node, f"{what} must be {kind}, got nothing{self._comment_hint(node)}")
        if not is_plain(node):
            quoted = " (quotes make it text: remove them)" if _numeric(text) else ""
            raise self.fail(node, f"{what} must be {kind}, got {_brief(text)!r}{quoted}")
        try:
            value = number(text)
        except TooLarge:
            raise self.fail(node, f"{what}: number too large: {_brief(text, 20)}") from None
        if value is None:
            why = trap(text)
            raise self.fail(node, f"{what} must be {kind}, got {_brief(text)!r}" + (f"; {why}" if why else ""))
        if value != value or value in (float("inf"), float("-inf")):
            raise self.fail(node, f"{what} must be a finite number, got {_brief(text)}")
        if want_int and isinstance(value, float):
            if not value.is_integer():
                raise self.fail(node, f"{what} must be a whole number, got {_brief(text)}")
            value = int(value)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(node, f"{what} must be {_fmt(lo)}..{_fmt(hi)}, got {_brief(text)}")
        return value

    def boolean(self, node: yaml.Node, what: str) -> bool:
        self.scalar(node, what)
        if is_plain(node) and node.value in TRUE_FALSE:
            return TRUE_FALSE[node.value]
        why = bool_trap(node.value) if is_plain(node) else None
        if why:
            raise self.fail(node, f"{what} must be true or false; {why}")
        quoted = " (quotes make it text: remove them)" if node.value in TRUE_FALSE else ""
        raise self.fail(node, f"{what} must be true or false, got {_brief(node.value)!r}{quoted}")

    def choice(self, node: yaml.Node, what: str, choices: tuple) -> Any:
        """One of the names, in any case; the canonical spelling is kept."""
        self.scalar(node, what)
        by_fold = {str(c).casefold(): c for c in choices}
        if not self.is_null(node) and node.value.casefold() in by_fold:
            return by_fold[node.value.casefold()]
        names = ", ".join(str(c) for c in choices)
        close = difflib.get_close_matches(node.value.casefold(), list(by_fold), n=1, cutoff=0.6)
        hint = f"; did you mean {by_fold[close[0]]!r}?" if close else ""
        got = _brief(node.value) if not self.is_null(node) else "nothing"
        raise self.fail(node, f"{what} must be one of {names}, got {got!r}{hint}")

    # structure -------------------------------------------------------------------------------
    def mapping(self, node: yaml.Node, what: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """The keys of a mapping, first occurrences; every repeated or odd key noted."""
        if not isinstance(node, yaml.MappingNode):
            hint = ""
            if isinstance(node, yaml.ScalarNode) and node.value.startswith("-"):
                hint = "; a list entry starts with '- ' (a dash, then a space)"
            raise self.fail(node, f"{what} must be a mapping of key: value, not a {_shape(node)}{hint}")
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.note(self.fail(key_node, f"keys in {what} must be plain names"))
                continue
            key = key_node.value
            if key in out:
                first = out[key][0].start_mark
                self.note(self.fail(key_node, f"duplicate key {_brief(key)!r} in {what} "
                                              f"(first at line {first.line + 1})"))
                continue
            out[key] = (key_node, value_node)
        return out

    def dataclass(self, cls, node: yaml.Node, what: str, skip: tuple[str, ...] = ()):
        entries = self.attempt(self.mapping, node, what)
        fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
        allowed = [name for name in fields if name not in skip] + list(skip)
        values: dict[str, Any] = {}
        failed = False
        for key, (key_node, value_node) in entries.items():
            if key in skip:
                continue
            if key not in fields:
                self.note(self.fail(key_node, _unknown_key(key, allowed, f" in {what}")))
                failed = True
                continue
            try:
                values[key] = self.value(fields[key], option_types(cls)[key], value_node,
                                         f"{what}.{key}" if what != "spec" else key)
            except SpecError as exc:
                self.note(exc)
                failed = True
            except _Reported:
                failed = True
        missing = [name for name, f in fields.items() if name not in entries and name not in skip
                   and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
        if missing:
            self.note(self.fail(node, f"{what} needs {', '.join(missing)}"))
            failed = True
        if failed:
            raise _Reported
        self.fixed_by_others(fields, entries, values, what)
        try:
            return cls(**values)
        except ValueError as exc:  # cross-field checks in __post_init__
            self.note(self.fail(node, f"{what}: {exc}"))
            raise _Reported from None

    def fixed_by_others(self, fields: dict, entries: dict, values: dict, what: str) -> None:
        """Options that another option sets (``code`` sets ``dots``): a given value that
        disagrees is a mistake, naming both; the others are filled in."""
        failed = False
        for name, f in fields.items():
            sets = (f.metadata or {}).get("sets")
            if sets is None or values.get(name) is None:
                continue
            shown = _written(entries[name][1])
            for other, fixed in sets(values[name]).items():
                if other in values and values[other] != fixed:
                    given = entries[other][1]
                    if fixed is None:
                        message = f"{what}.{other} cannot be used with {name}: {shown}, which fixes the board"
                    else:
                        message = (f"{what}.{other} is {_written(given)} but {name}: {shown} "
                                   f"has {other} {fixed}: leave {other}: out (the {name} sets it)")
                    self.note(self.fail(given, message))
                    failed = True
                values[other] = fixed
        if failed:
            raise _Reported

    def value(self, f: dataclasses.Field, hint, node: yaml.Node, what: str) -> Any:
        meta = f.metadata or {}
        printed = bool(meta.get("printed"))
        parse = meta.get("parse")
        if parse is not None:
            plain = self.plain(node, what)
            try:
                value = parse(plain)
            except ValueError as exc:
                raise self.fail(node, f"{what}: {exc}") from None
            if printed:
                self.check_printed(node, value, what)
            return value
        return self.typed(hint, node, what, meta.get("min"), meta.get("max"), printed)

    def check_printed(self, node: yaml.Node, value: Any, what: str) -> None:
        """Every text inside a parsed value that lands on paper (the parse function has read
        the node; the place is the value's)."""
        texts = [value] if isinstance(value, str) else \
            [v for v in value if isinstance(v, str)] if isinstance(value, (tuple, list)) else []
        for text in texts:
            problem = unprintable(text)
            if problem:
                raise self.fail(node, f"{what} {_brief(text)!r} {problem}")

    def typed(self, hint, node, what, lo=None, hi=None, printed=False):
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            options = [a for a in args if a is not type(None)]
            if type(None) in args and self.is_null(node):
                return None
            if len(options) == 1:
                return self.typed(options[0], node, what, lo, hi, printed)
            last: list[SpecError] = []
            for choice in options:          # each tried on its own: only the last one's mistakes count
                trial = _Reader(self.filename)
                trial.lines = self.lines
                try:
                    return trial.typed(choice, node, what, lo, hi, printed)
                except SpecError as exc:
                    last = [exc]
                except _Reported:
                    last = trial.errors
            self.errors += last
            raise _Reported
        if origin is Literal:
            return self.choice(node, what, args)
        if origin in (list, tuple):
            if not isinstance(node, yaml.SequenceNode):
                raise self.fail(node, f"{what} must be a list, not a {_shape(node)}")
            inner = args[0] if args else str
            out, failed = [], False
            for i, child in enumerate(node.value):
                try:
                    out.append(self.typed(inner, child, f"{what}[{i}]", lo, hi, printed))
                except SpecError as exc:
                    self.note(exc)
                    failed = True
                except _Reported:
                    failed = True
            if failed:
                raise _Reported
            return tuple(out)
        if hint is bool:
            return self.boolean(node, what)
        if hint is int:
            return self.number(node, what, True, lo, hi)
        if hint is float:
            return self.number(node, what, False, lo, hi)
        if hint is str:
            return self.text(node, what, printed)
        if dataclasses.is_dataclass(hint):
            return self.dataclass(hint, node, what)
        raise self.fail(node, f"{what}: unsupported option type {hint!r}")  # a bug in a game's Item

    def plain(self, node: yaml.Node, what: str) -> Any:
        """Plain Python value of a node, the YAML 1.2 way (for options with their own parse
        function): text stays text, so ``players: [No, Yes, Bo]`` are three names."""
        if isinstance(node, yaml.ScalarNode):
            try:
                value = plain_value(node)
            except TooLarge:
                raise self.fail(node, f"{what}: number too large: {_brief(node.value, 20)}") from None
            if isinstance(value, str):
                if len(value) > MAX_TEXT:
                    raise self.fail(node, f"{what} is {len(value)} characters long; at most {MAX_TEXT}")
                problem = control_character(value)
                if problem:
                    raise self.fail(node, f"{what} {problem}")
            return value
        if isinstance(node, yaml.SequenceNode):
            return [self.plain(child, f"{what}[{i}]") for i, child in enumerate(node.value)]
        return {key: self.plain(v, f"{what}.{key}") for key, (_, v) in self.mapping(node, what).items()}


@functools.lru_cache(maxsize=None)
def option_types(cls) -> dict[str, Any]:
    """The resolved types of a dataclass's options (its module uses string annotations)."""
    return typing.get_type_hints(cls)


def _brief(text: str, limit: int = 40) -> str:
    """A value quoted back in an error: a 5000-digit number stays one readable line."""
    return text if len(text) <= limit else text[:limit] + "..."


def _written(node: yaml.Node) -> str:
    return _brief(node.value) if isinstance(node, yaml.ScalarNode) else f"a {_shape(node)}"


def _numeric(text: str) -> bool:
    try:
        return number(text.strip()) is not None
    except TooLarge:
        return True


def _shape(node: yaml.Node) -> str:
    return {yaml.MappingNode: "mapping", yaml.SequenceNode: "list"}.get(type(node), "value")


def _fmt(x) -> str:
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else str(x)


def _unknown_key(key: str, allowed, where: str) -> str:
    glued = re.match(r"([\w-]+) +[\[{]", key)      # "variants {lockdown: true}" lost its ':'
    if glued and glued.group(1) in allowed:
        return f"no ':' after {glued.group(1)}: write {glued.group(1)}: {key[glued.end() - 1:]}..."
    return f"unknown key {_brief(key)!r}{where}{_did_you_mean(key, allowed)}"


def _did_you_mean(word: str, choices) -> str:
    choices = list(choices)
    same = [c for c in choices if c.casefold() == word.casefold()]
    if same:
        return f"; did you mean {same[0]!r}? (names are lower case)"
    close = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    return f" (expected one of: {', '.join(sorted(choices))})"


# ---------------------------------------------------------------------------------------------
# the spec file

TOP_KEYS = ("title", "page", "seed", "output", "items")

def load(path: str | Path) -> Spec:
    path = Path(path)
    name = str(path)
    return loads(_decode(read_spec_bytes(path), name), name)


def read_spec_bytes(path: Path) -> bytes:
    """The bytes of a spec file; a folder, pipe or device is refused without waiting on it
    (opening a named pipe for reading would wait for a writer forever)."""
    name = str(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        raise SpecError(f"no such spec file{near_files(path)}", name, None, None) from None
    except IsADirectoryError:
        raise SpecError("is a folder, not a spec file", name, None, None) from None
    except OSError as exc:
        raise SpecError(f"cannot read spec: {exc.strerror or exc}", name, None, None) from None
    try:
        what = not_a_file(os.fstat(fd).st_mode)
        if what:
            raise SpecError(f"is {what}, not a spec file", name, None, None)
        chunks, size = [], 0
        while size <= MAX_SPEC_BYTES:
            chunk = os.read(fd, MAX_SPEC_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    except OSError as exc:
        raise SpecError(f"cannot read spec: {exc.strerror or exc}", name, None, None) from None
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > MAX_SPEC_BYTES:
        raise SpecError(f"spec is larger than {MAX_SPEC_BYTES // 1000} kB", name, None, None)
    return data


def near_files(path: Path) -> str:
    """'; did you mean ...?' naming a spec file like the one that is missing, or ''."""
    wanted = path.name
    folder = path.parent
    candidates: list[Path] = []
    for where in (folder, Path("layouts")):
        try:
            candidates += sorted(p for p in where.iterdir() if p.suffix.lower() in (".yaml", ".yml"))
        except OSError:
            continue
    if not candidates:
        return ""
    names = {}
    for p in candidates:
        names.setdefault(p.name, p)
        names.setdefault(p.stem, p)
    for key in (wanted, f"{wanted}.yaml", f"{wanted}.yml"):
        if key in names and names[key] != path:
            return f"; did you mean {names[key]}?"
    close = difflib.get_close_matches(wanted, list(names), n=1, cutoff=0.6)
    if close and names[close[0]] != path:
        return f"; did you mean {names[close[0]]}?"
    return ""


_WIDE_BOMS = ((codecs.BOM_UTF32_LE, "UTF-32"), (codecs.BOM_UTF32_BE, "UTF-32"),
              (codecs.BOM_UTF16_LE, "UTF-16"), (codecs.BOM_UTF16_BE, "UTF-16"))


def _decode(data: bytes, filename: str) -> str:
    for bom, encoding in _WIDE_BOMS:     # Windows editors save "Unicode" as UTF-16 with a BOM
        if data.startswith(bom):
            raise SpecError(f"spec is saved as {encoding} text; save it as UTF-8", filename)
    if b"\x00" in data:
        raise SpecError("NUL byte in spec (is this a binary file?)", filename,
                        *_byte_position(data, data.index(b"\x00")))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise SpecError(f"not UTF-8 text (byte 0x{data[exc.start]:02x}); save the spec as UTF-8",
                        filename, *_byte_position(data, exc.start)) from None


def _byte_position(data: bytes, at: int) -> tuple[int, int]:
    """Line and column of byte ``at``, the column in characters as an editor counts them."""
    before = data[:at].decode("utf-8", "replace").removeprefix("\ufeff")
    return position(before, len(before))


# ---------------------------------------------------------------------------------------------
# the spec itself


def loads(text: str, filename: str = "<spec>") -> Spec:
    """The spec in ``text``; SpecError (one mistake) or SpecErrors (several) otherwise."""
    _refuse_odd_line_breaks(text, filename)
    node = compose(text, filename)
    reader = _Reader(filename, text)
    if node is None:
        raise SpecError("spec is empty; it needs at least items:", filename)
    top = reader.mapping(node, "spec")
    for key, (key_node, _) in top.items():
        if key not in TOP_KEYS:
            reader.note(reader.fail(key_node, _unknown_key(key, TOP_KEYS, "")))
    if "items" not in top:
        reader.note(reader.fail(node, "spec needs items: (a list of things to print)"))

    def part(key: str, read, default):
        if key not in top:
            return default
        try:
            return read(top[key][1])
        except SpecError as exc:
            reader.note(exc)
        except _Reported:
            pass
        return default

    title = part("title", lambda n: reader.text(n, "title", printed=True), None)
    if "title" not in top:
        title = _title_from_name(filename, reader)
    page = part("page", lambda n: reader.dataclass(Page, n, "page"), Page())
    seed = part("seed", lambda n: _seed_text(reader, n), "pnp")
    output = part("output", lambda n: _output_name(reader, n), None)
    entries = _entries(reader, top["items"][1], filename) if "items" in top else []
    raise_all(reader.errors)
    return Spec(title=title, page=page, seed=seed, items=tuple(entries), output=output, file=filename)


def _entries(reader: _Reader, items_node: yaml.Node, filename: str) -> list[Entry]:
    from pnp.games import KINDS, game

    if not isinstance(items_node, yaml.SequenceNode) or not items_node.value:
        hint = ""
        if isinstance(items_node, yaml.MappingNode) or isinstance(items_node, yaml.ScalarNode) \
                and items_node.value.startswith("-"):
            hint = " (each entry starts with '- ', a dash and a space)"
        reader.note(reader.fail(items_node, f"items must be a non-empty list of things to print{hint}"))
        return []
    if len(items_node.value) > MAX_ITEMS:
        reader.note(reader.fail(items_node, f"at most {MAX_ITEMS} entries under items"))
        return []
    entries = []
    total = 0
    for i, item_node in enumerate(items_node.value):
        what = f"items[{i}]"
        try:
            fields = reader.attempt(reader.mapping, item_node, what)
        except _Reported:
            continue
        count = 1
        if "count" in fields:
            try:
                count = reader.number(fields["count"][1], f"{what}.count", True, 1, MAX_BOARDS)
            except SpecError as exc:
                reader.note(exc)
                count = 0
        total += count
        if total > MAX_BOARDS and total - count <= MAX_BOARDS:     # said once, where it tips over
            reader.note(reader.fail(fields.get("count", (item_node, item_node))[1],
                                    f"more than {MAX_BOARDS} boards in one build; split the spec"))
        if "kind" not in fields:
            reader.note(reader.fail(item_node, f"{what} needs kind: (one of {', '.join(KINDS)})"))
            continue
        kind_node = fields["kind"][1]
        try:
            kind = reader.choice(kind_node, f"{what}.kind", tuple(KINDS))
        except SpecError as exc:
            reader.note(exc)
            continue
        try:
            item = reader.dataclass(game(kind).Item, item_node, what, skip=("kind", "count"))
        except _Reported:
            continue
        if count:
            mark = item_node.start_mark
            entries.append(Entry(kind, count, item, (filename, mark.line + 1, mark.column + 1)))
    return entries


def _title_from_name(filename: str, reader: _Reader) -> str:
    """A spec without title: prints its file name in the footer, so the name is checked like
    a title."""
    title = Path(filename).stem
    problem = control_character(title) or unprintable(title)
    if problem:
        reader.note(SpecError(f"the file name is printed as the title when there is no title:, and "
                              f"{problem}: add a title:", filename, None, None))
    return title


def _refuse_odd_line_breaks(text: str, filename: str) -> None:
    """YAML counts NEL, LS and PS as line ends; editors mostly do not, so every position after
    one would be off. No spec needs them."""
    at = min((i for i in (text.find(ch) for ch in "\x85\u2028\u2029") if i >= 0), default=-1)
    if at >= 0:
        raise SpecError(f"character U+{ord(text[at]):04X} (an unusual line break) is not allowed "
                        "in specs", filename, *position(text, at))


def _seed_text(reader: _Reader, node: yaml.Node) -> str:
    """Any text or number, kept as written (``seed: 010`` is the seed "010"): it is printed
    in every footer."""
    reader.scalar(node, "seed")
    if reader.is_null(node):
        raise reader.fail(node, f"seed must be text or a number, got nothing{reader._comment_hint(node)}")
    problem = seed_problem(node.value)
    if problem:
        raise reader.fail(node, f"seed {problem}")
    return node.value


def _output_name(reader: _Reader, node: yaml.Node) -> str:
    """A plain file name: specs are shared, so a name must never reach outside the output folder."""
    name = reader.text(node, "output")
    if not name or "/" in name or "\\" in name or name in (".", "..") or name.startswith(".") \
            or ":" in name:
        raise reader.fail(node, f"output must be a plain file name like pack.pdf, got {_brief(name)!r}")
    if not name.lower().endswith(".pdf"):
        name += ".pdf"
    size = len(name.encode("utf-8"))
    if size > MAX_NAME_BYTES:
        raise reader.fail(node, f"output {_brief(name)!r} is {size} bytes long; at most "
                                f"{MAX_NAME_BYTES} (file systems allow 255, and pnp adds to it)")
    return name
