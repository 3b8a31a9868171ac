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
import difflib
import os
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from pnp.errors import FieldRef, SpecError, WrongValue, problem_of, raise_all
from pnp.options import CHOICE, FLAG, NUMBER, TEXT, TEXT_JSON, WHOLE, Option, fields, number_text, option
from pnp.inputs import not_a_file
from pnp.i18n import ENGLISH, LANGUAGES, LanguageCode, using
from pnp.i18n.message import Field, Message
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


DEFAULT_SEED = "1"           # a spec without seed: the seed `pnp new` writes and the form shows


@dataclass(frozen=True)
class Page:
    size: PaperSize = option("A4", label="Paper size", help="The paper you print on.")
    orientation: Literal["portrait", "landscape"] = option(
        "portrait", label="Orientation", help="Which way up the paper is printed.",
        shown={"portrait": "portrait (tall)", "landscape": "landscape (wide)"})
    margin_mm: float = option(10, min=5, max=40, label="Margin (mm)", advanced=True,
                              help="A blank border around every page; nothing is printed in it.")


def output_name(name: str) -> str:
    """A plain file name: specs are shared, so a name must never reach outside the output folder."""
    if not name or "/" in name or "\\" in name or name in (".", "..") or name.startswith(".") \
            or ":" in name:
        raise WrongValue(Message("must be a plain file name like pack.pdf, got {got}"), got=repr(_brief(name)))
    if not name.lower().endswith(".pdf"):
        name += ".pdf"
    size = len(name.encode("utf-8"))
    if size > MAX_NAME_BYTES:
        raise WrongValue(Message("{name} is {size} bytes long; at most {most} (file systems allow 255, "
                                 "and pnp adds to it)"), name=repr(_brief(name)), size=size, most=MAX_NAME_BYTES)
    return name


@dataclass(frozen=True)
class Header:
    """The spec's own fields, above its items (the file's name is the title when it has none)."""

    title: str = option(None, label="Title", printed=True, example="My print-and-play pack",
                        help="Printed at the foot of every page.")
    page: Page = option(default_factory=Page, label="Paper")
    seed: str = option(DEFAULT_SEED, label="Seed", printed=True, kind=Message("text or a number"),
                       help="Any word or number. The same seed makes the same boards again; "
                            "another seed makes new ones.")
    output: str = option(None, label="PDF name", printed=False, check=lambda name: output_name(name),
                         schema={"type": TEXT_JSON, "pattern": r"^[^/\\:.][^/\\:]*$"},
                         help="The name of the PDF file (optional).")
    # each language is named in its own words, never translated (pnp.i18n.languages)
    language: LanguageCode = option(ENGLISH, label="Language", check=lambda code: printable_in(code),
                                    shown={code: lang.name for code, lang in LANGUAGES.items()},
                                    help="The language every word of the pages is printed in.")


@dataclass(frozen=True)
class Common:
    """What every entry of ``items:`` has, whatever its game."""

    kind: str = option(label="Game", printed=False, help="The game to print.")
    count: int = option(1, min=1, max=MAX_BOARDS, label="How many",
                        help="How many to print; each one is made anew.")


HEADER = fields(Header)
LANGUAGE = next(o for o in HEADER if o.key == "language")
KIND, COUNT = fields(Common)


def item_options(kind: str):
    """The fields of an entry of ``kind``: its count, then the game's options (its Item)."""
    from pnp.games import game

    return (COUNT, *fields(game(kind).Item))


@dataclass(frozen=True)
class Entry:
    """One entry of ``items:``: a game kind, how many, and that kind's options."""

    kind: str
    count: int
    item: Any
    where: tuple[str, int, int]   # file, line, column of the entry, for errors found later

    def error(self, message: str, advice=None) -> SpecError:
        """A mistake the build found in this entry, at its line (``advice``: the fields to
        change, ``pnp.errors.Advice``)."""
        return SpecError(message, *self.where, advice=advice)


@dataclass(frozen=True)
class Spec:
    title: str
    page: Page
    seed: str
    items: tuple[Entry, ...]
    output: str | None = None
    file: str = "<spec>"
    language: str = ENGLISH


def printable_in(code: str) -> str:
    """``code`` if this install can print in that language; a ValueError naming the command
    that installs the fonts it needs otherwise (Chinese needs the CJK extra)."""
    from pnp.pdf.faces import cjk_installed

    language = LANGUAGES[code]
    if language.cjk and not cjk_installed():
        from pnp.pdf.cjk import INSTALL

        # the page names the language as its Language field shows it (in its own words)
        raise WrongValue(Message("{language} needs the CJK fonts, which are not installed: {install}"),
                         language=Field(language.name, language.english), install=INSTALL)
    return code


# ---------------------------------------------------------------------------------------------
# text that is printed


def unprintable(text: str) -> Message | None:
    """Why ``text`` cannot be printed as written, or None: an invisible formatting character
    (a right-to-left override, a zero-width space; a joiner a script needs is fine) or a
    character no print font can draw (it would print as an empty box; a Chinese, Japanese or
    Korean one names the command that installs their fonts). Text in any script pnp has a
    font for prints, right to left where it is written so. The same rule as for Cliques
    player names."""
    from pnp.pdf.faces import JOINERS
    from pnp.pdf.fonts import BOLD, SANS, cannot_draw, character, missing_glyphs

    hidden = next((ch for ch in text if unicodedata.category(ch) == "Cf" and ch not in JOINERS),
                  None)
    if hidden is not None:              # U+202E and kin: invisible on paper, misleading on screen
        return Message("has an invisible formatting character {char}; type the text plainly",
                       char=character(hidden))
    for font in (SANS, BOLD):          # titles print bold, footers regular
        missing = missing_glyphs(text, font)
        if missing:
            return cannot_draw(missing[0])
    return None


def control_character(text: str) -> Message | None:
    """A control character or lone surrogate in ``text``, said; quoted YAML escapes ("\\x9b",
    "\\ud800") and command lines reach past YAML's own character check, and a lone surrogate
    cannot even be encoded into the PDF."""
    bad = next((ch for ch in text if ch != "\t" and unicodedata.category(ch) in ("Cc", "Cs")), None)
    if bad is None:
        return None
    if unicodedata.category(bad) == "Cc":
        return Message("contains a control character (U+{code})", code=f"{ord(bad):04X}")
    return Message("contains a lone surrogate (U+{code})", code=f"{ord(bad):04X}")


def seed_problem(seed: str) -> Message | None:
    """What is wrong with a seed (it is printed in every footer), from a spec or --seed."""
    if len(seed) > MAX_TEXT:
        return too_long(seed)
    return control_character(seed) or unprintable(seed)


# ---------------------------------------------------------------------------------------------
# what is wrong with one value, as a Message: English where the CLI prints it, and in its own
# language where the web page shows it beside the field (each a Message). What the
# user wrote is quoted back as written, never translated.

TEXT_KIND = Message("text")
NUMBER_KIND = Message("a number")
WHOLE_KIND = Message("a whole number")


def too_long(text: str) -> Message:
    return Message("is {length} characters long; at most {most}", length=len(text), most=MAX_TEXT)


def too_large(text: str) -> Message:
    return Message("number too large: {got}", got=_brief(text, 20))


def quotes_make_text(problem: Message) -> Message:
    return Message("{problem} (quotes make it text: remove them)", problem=problem)


def not_single(node: yaml.Node) -> Message:
    if isinstance(node, yaml.SequenceNode):
        return Message("must be a single value, not a list")
    return Message("must be a single value, not a mapping")


# ---------------------------------------------------------------------------------------------
# nodes to typed values


class _Reported(Exception):
    """The mistakes inside a value are noted already; its container is unreadable."""


@dataclass(frozen=True)
class Where:
    """The value being read: as messages name it ("items[0].dots"), and the field it fills
    (its path and label), which every mistake found in it carries."""

    text: str
    path: tuple = ()
    label: str = ""

    def key(self, key: str, label: str) -> "Where":
        text = key if self.text == "spec" else f"{self.text}.{key}"
        return Where(text, self.path + (key,), label)

    def entry(self, i: int) -> "Where":
        """One entry of a list: still the same field."""
        return Where(f"{self.text}[{i}]", self.path, self.label)

    @property
    def named(self) -> Field:
        """The value inside a message: as the spec names it on the command line ("items[0].players"),
        by its field's label on the page."""
        return Field(self.label or self.text, self.text)

    @property
    def ref(self) -> FieldRef | None:
        return FieldRef(self.path, self.label) if self.path else None


SPEC = Where("spec")


class _Reader:
    """Converts nodes to the values of options (``pnp.options``), noting every mistake at its
    node with the field it is about."""

    def __init__(self, filename: str, text: str = ""):
        self.filename = filename
        self.lines = text.splitlines()
        self.errors: list[SpecError] = []

    def fail(self, node: yaml.Node, where: Where, problem: str, sep: str = " ") -> SpecError:
        """The mistake ``problem`` in the value ``where`` names, at ``node``: said as
        "{where} {problem}" (or with ``sep`` between)."""
        return self.mistake(node, f"{where.text}{sep}{problem}", where, problem)

    def mistake(self, node: yaml.Node, message: str, where: Where = SPEC, problem: str | None = None) -> SpecError:
        """A mistake at ``node`` said in a sentence of its own (about ``where``'s field)."""
        mark = node.start_mark
        return SpecError(message, self.filename, mark.line + 1, mark.column + 1, where.ref, problem)

    def mistake_of(self, node: yaml.Node, problem: Message, where: Where = SPEC) -> SpecError:
        """A mistake at ``node`` that is a sentence of its own, a Message (about ``where``'s field)."""
        return self.mistake(node, str(problem), where, problem)

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
    def scalar(self, node: yaml.Node, where: Where) -> yaml.ScalarNode:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, where, not_single(node))
        return node

    def is_null(self, node: yaml.Node) -> bool:
        return is_plain(node) and node.value in NULLS

    def text(self, node: yaml.Node, where: Where, printed: bool = False, kind: Message = TEXT_KIND) -> str:
        """The text written, whatever YAML 1.1 would make of it (``no``, ``010``, ``1:30``)."""
        self.scalar(node, where)
        if self.is_null(node):
            raise self.fail(node, where, self._got_nothing(node, kind))
        value = node.value
        if len(value) > MAX_TEXT:
            raise self.fail(node, where, too_long(value))
        problem = control_character(value) or (unprintable(value) if printed else None)
        if problem:
            raise self.fail(node, where, problem)
        return value

    def _got_nothing(self, node: yaml.Node, kind: Message) -> Message:
        """An empty value where ``kind`` is wanted, said with why when a '#' emptied it."""
        problem = Message("must be {kind}, got nothing", kind=kind)
        line = self.lines[node.start_mark.line] if node.start_mark.line < len(self.lines) else ""
        if "#" in line[node.start_mark.column:]:
            return Message("{problem} (a '#' after a space starts a comment: put text containing "
                           "'#' in quotes)", problem=problem)
        return problem

    def number(self, node: yaml.Node, where: Where, want_int: bool, lo, hi):
        self.scalar(node, where)
        kind = WHOLE_KIND if want_int else NUMBER_KIND
        text = node.value
        if self.is_null(node):
            raise self.fail(node, where, self._got_nothing(node, kind))
        wrong = Message("must be {kind}, got {got}", kind=kind, got=repr(_brief(text)))
        if not is_plain(node):
            raise self.fail(node, where, quotes_make_text(wrong) if _numeric(text) else wrong)
        try:
            value = number(text)
        except TooLarge:
            raise self.fail(node, where, too_large(text), ": ") from None
        if value is None:
            why = trap(text)
            raise self.fail(node, where, Message("{problem}; {why}", problem=wrong, why=why) if why else wrong)
        if value != value or value in (float("inf"), float("-inf")):
            raise self.fail(node, where, Message("must be a finite number, got {got}", got=_brief(text)))
        if want_int and isinstance(value, float):
            if not value.is_integer():
                raise self.fail(node, where, Message("must be a whole number, got {got}", got=_brief(text)))
            value = int(value)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(node, where, Message("must be {lo}..{hi}, got {got}", lo=number_text(lo),
                                                 hi=number_text(hi), got=_brief(text)))
        return value

    def boolean(self, node: yaml.Node, where: Where) -> bool:
        self.scalar(node, where)
        if is_plain(node) and node.value in TRUE_FALSE:
            return TRUE_FALSE[node.value]
        why = bool_trap(node.value) if is_plain(node) else None
        if why:
            raise self.fail(node, where, Message("must be true or false; {why}", why=why))
        wrong = Message("must be true or false, got {got}", got=repr(_brief(node.value)))
        raise self.fail(node, where, quotes_make_text(wrong) if node.value in TRUE_FALSE else wrong)

    def choice(self, node: yaml.Node, where: Where, choices: tuple) -> Any:
        """One of the names, in any case; the canonical spelling is kept."""
        self.scalar(node, where)
        by_fold = {str(c).casefold(): c for c in choices}
        if not self.is_null(node) and node.value.casefold() in by_fold:
            return by_fold[node.value.casefold()]
        names = ", ".join(str(c) for c in choices)
        close = difflib.get_close_matches(node.value.casefold(), list(by_fold), n=1, cutoff=0.6)
        # TRANSLATORS: {got} is what was written, quoted, or 'nothing' (a message of its own)
        wrong = Message("must be one of {names}, got {got}", names=names,
                        got=repr(_brief(node.value)) if not self.is_null(node) else Message("'nothing'"))
        if close:
            wrong = Message("{problem}; did you mean {close}?", problem=wrong, close=repr(by_fold[close[0]]))
        raise self.fail(node, where, wrong)

    # structure -------------------------------------------------------------------------------
    def mapping(self, node: yaml.Node, where: Where) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        """The keys of a mapping, first occurrences; every repeated or odd key noted."""
        if not isinstance(node, yaml.MappingNode):
            hint = ""
            if isinstance(node, yaml.ScalarNode) and node.value.startswith("-"):
                hint = "; a list entry starts with '- ' (a dash, then a space)"
            raise self.fail(node, where, f"must be a mapping of key: value, not a {_shape(node)}{hint}")
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                self.note(self.mistake_of(key_node, Message("keys in {where} must be plain names",
                                                              where=where.named), where))
                continue
            key = key_node.value
            if key in out:
                first = out[key][0].start_mark
                self.note(self.mistake_of(key_node, Message(
                                                              "duplicate key {key} in {where} (first at line {line})", key=repr(_brief(key)),
                                                              where=where.named, line=first.line + 1), where))
                continue
            out[key] = (key_node, value_node)
        return out

    def dataclass(self, cls, node: yaml.Node, where: Where, skip: tuple[str, ...] = (),
                  entries: dict | None = None):
        """The options dataclass ``cls`` from a mapping (whose ``entries`` may be read already)."""
        if entries is None:
            entries = self.attempt(self.mapping, node, where)
        options = {o.key: o for o in fields(cls)}
        allowed = [name for name in options if name not in skip] + list(skip)
        values: dict[str, Any] = {}
        failed = False
        inside = f" in {where.text}" if where is not SPEC else ""
        for key, (key_node, value_node) in entries.items():
            if key in skip:
                continue
            if key not in options:
                self.note(self.mistake(key_node, _unknown_key(key, allowed, inside), where))
                failed = True
                continue
            try:
                values[key] = self.value(options[key], value_node, where.key(key, options[key].label))
            except SpecError as exc:
                self.note(exc)
                failed = True
            except _Reported:
                failed = True
        missing = [name for name, o in options.items() if name not in entries and name not in skip
                   and o.required]
        if missing:
            self.note(self.fail(node, where, f"needs {', '.join(missing)}"))
            failed = True
        if failed:
            raise _Reported
        self.fixed_by_others(options, entries, values, where)
        try:
            return cls(**values)
        except ValueError as exc:  # cross-field checks in __post_init__
            self.note(self.fail(node, where, problem_of(exc), ": "))
            raise _Reported from None

    def fixed_by_others(self, options: dict, entries: dict, values: dict, where: Where) -> None:
        """Options that another option sets (``code`` sets ``dots``): a given value that
        disagrees is a mistake, naming both; the others are filled in."""
        failed = False
        for name, o in options.items():
            if o.sets is None or values.get(name) is None:
                continue
            shown, setter = _written(entries[name][1]), Field(o.label, name)
            for other, fixed in o.sets(values[name]).items():
                if other in values and values[other] != fixed:
                    given, there = entries[other][1], where.key(other, options[other].label)
                    if fixed is None:
                        problem = Message("cannot be used with {name}: {shown}, which fixes the board",
                                          name=setter, shown=shown)
                    else:
                        problem = Message("is {given} but {name}: {shown} has {other} {fixed}: leave "
                                          "{other}: out (the {name} sets it)", given=_written(given),
                                          name=setter, shown=shown, fixed=fixed,
                                          other=Field(options[other].label, other))
                    self.note(self.fail(given, there, problem))
                    failed = True
                values[other] = fixed
        if failed:
            raise _Reported

    def value(self, o: Option, node: yaml.Node, where: Where) -> Any:
        """The value of option ``o`` written at ``node``."""
        if o.parse is not None:
            plain = self.plain(node, where)
            try:
                value = o.parse(plain)
            except ValueError as exc:
                raise self.fail(node, where, problem_of(exc), ": ") from None
            if o.printed:
                self.check_printed(node, value, where)
            return value
        if o.empty and self.is_null(node):
            return None
        if o.shape == CHOICE:
            value = self.choice(node, where, o.choices)
        elif o.shape == FLAG:
            value = self.boolean(node, where)
        elif o.shape in (WHOLE, NUMBER):
            value = self.number(node, where, o.shape == WHOLE, o.low, o.high)
        elif o.shape == TEXT:
            value = self.text(node, where, bool(o.printed), Message(o.kind) if o.kind else TEXT_KIND)
        else:
            value = self.dataclass(o.group, node, where)
        if o.check is not None:
            try:
                value = o.check(value)
            except ValueError as exc:
                raise self.fail(node, where, problem_of(exc)) from None
        return value

    def check_printed(self, node: yaml.Node, value: Any, where: Where) -> None:
        """Every text inside a parsed value that lands on paper (the parse function has read
        the node; the place is the value's)."""
        texts = [value] if isinstance(value, str) else \
            [v for v in value if isinstance(v, str)] if isinstance(value, (tuple, list)) else []
        for text in texts:
            problem = unprintable(text)
            if problem:
                raise self.fail(node, where, Message("{text} {problem}", text=repr(_brief(text)),
                                                     problem=problem))

    def plain(self, node: yaml.Node, where: Where) -> Any:
        """Plain Python value of a node, the YAML 1.2 way (for options with their own parse
        function): text stays text, so ``players: [No, Yes, Bo]`` are three names."""
        if isinstance(node, yaml.ScalarNode):
            try:
                value = plain_value(node)
            except TooLarge:
                raise self.fail(node, where, too_large(node.value), ": ") from None
            if isinstance(value, str):
                if len(value) > MAX_TEXT:
                    raise self.fail(node, where, too_long(value))
                problem = control_character(value)
                if problem:
                    raise self.fail(node, where, problem)
            return value
        if isinstance(node, yaml.SequenceNode):
            return [self.plain(child, where.entry(i)) for i, child in enumerate(node.value)]
        return {key: self.plain(v, Where(f"{where.text}.{key}", where.path, where.label))
                for key, (_, v) in self.mapping(node, where).items()}



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
    top = reader.mapping(node, SPEC)
    if "items" not in top:
        reader.note(reader.mistake(node, "spec needs items: (a list of things to print)"))
    try:
        header = reader.dataclass(Header, node, SPEC, skip=("items",), entries=top)
    except _Reported:
        header = Header()
    title = header.title if "title" in top else _title_from_name(filename, reader)
    with using(header.language):    # an item's default words (Cliques' seat names) are printed
        entries = _entries(reader, top["items"][1], filename) if "items" in top else []
    raise_all(reader.errors)
    return Spec(title=title, page=header.page, seed=header.seed, items=tuple(entries),
                output=header.output, file=filename, language=header.language)


def _entries(reader: _Reader, items_node: yaml.Node, filename: str) -> list[Entry]:
    from pnp.games import KINDS, game

    where = SPEC.key("items", "")
    if not isinstance(items_node, yaml.SequenceNode) or not items_node.value:
        hint = ""
        if isinstance(items_node, yaml.MappingNode) or isinstance(items_node, yaml.ScalarNode) \
                and items_node.value.startswith("-"):
            hint = " (each entry starts with '- ', a dash and a space)"
        reader.note(reader.fail(items_node, where, f"must be a non-empty list of things to print{hint}"))
        return []
    if len(items_node.value) > MAX_ITEMS:
        reader.note(reader.mistake(items_node, f"at most {MAX_ITEMS} entries under items", where))
        return []
    entries = []
    total = 0
    for i, item_node in enumerate(items_node.value):
        entry = Where(f"items[{i}]", ("items", i))
        try:
            fields = reader.attempt(reader.mapping, item_node, entry)
        except _Reported:
            continue
        count = 1
        if "count" in fields:
            try:
                count = reader.value(COUNT, fields["count"][1], entry.key("count", COUNT.label))
            except SpecError as exc:
                reader.note(exc)
                count = 0
        total += count
        if total > MAX_BOARDS and total - count <= MAX_BOARDS:     # said once, where it tips over
            reader.note(reader.mistake(fields.get("count", (item_node, item_node))[1],
                                    f"more than {MAX_BOARDS} boards in one build; split the spec",
                                    entry.key("count", COUNT.label)))
        if "kind" not in fields:
            reader.note(reader.fail(item_node, entry, f"needs kind: (one of {', '.join(KINDS)})"))
            continue
        try:
            kind = reader.choice(fields["kind"][1], entry.key("kind", KIND.label), tuple(KINDS))
        except SpecError as exc:
            reader.note(exc)
            continue
        entry = Where(entry.text, entry.path, game(kind).TITLE)
        try:
            item = reader.dataclass(game(kind).Item, item_node, entry, ("kind", "count"), fields)
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
        problem = Message("character U+{code} (an unusual line break) is not allowed in specs",
                          code=f"{ord(text[at]):04X}")
        raise SpecError(str(problem), filename, *position(text, at), problem=problem)
