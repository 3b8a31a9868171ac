"""YAML -> Spec, strictly: every mistake is one line naming FILE:LINE:COL.

We never hand YAML to a constructor that builds Python objects. The text is composed into
nodes (which carry positions), anchors/aliases are refused while composing (so an alias bomb
never expands), duplicate keys are refused, and each value is converted by the type of the
option it fills, so an error can always point at the node that caused it.
"""

from __future__ import annotations

import codecs
import dataclasses
import difflib
import functools
import re
import types
import typing
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

import yaml

from pnp.errors import SpecError
from pnp.games.base import option

MAX_SPEC_BYTES = 1_000_000   # a spec is a page of YAML; anything bigger is a mistake or an attack
MAX_DEPTH = 40               # deeper nesting than any spec needs; stops stack-exhaustion input
MAX_ITEMS = 200              # entries under items:
MAX_BOARDS = 5000            # boards in one build, summed over counts
MAX_TEXT = 200               # characters in any one text value


@dataclass(frozen=True)
class Page:
    size: Literal["A4", "Letter"] = option("A4", help="paper size")
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
# YAML to positioned nodes


class _StrictLoader(yaml.SafeLoader):
    """A SafeLoader whose composer refuses anchors, aliases, explicit tags and deep nesting."""

    def __init__(self, stream, filename: str):
        super().__init__(stream)
        self._filename = filename
        self._depth = 0

    def _fail(self, message: str, mark) -> SpecError:
        return SpecError(message, self._filename, mark.line + 1, mark.column + 1)

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise self._fail("YAML aliases (*name) are not allowed in specs; write the value out",
                             event.start_mark)
        if getattr(event, "anchor", None) is not None:
            raise self._fail("YAML anchors (&name) are not allowed in specs; write the value out",
                             event.start_mark)
        tag = getattr(event, "tag", None)
        if tag not in (None, "!"):
            raise self._fail(f"YAML tags ({tag}) are not allowed in specs", event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise self._fail(f"nesting deeper than {MAX_DEPTH} levels", event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


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
    return _position(before, len(before))


def _position(text: str, at: int) -> tuple[int, int]:
    """Line and column of character ``at``; lines end at CR LF, CR or LF, as YAML counts them."""
    lines = re.split(r"\r\n|\r|\n", text[:at])
    return len(lines), len(lines[-1]) + 1


def compose(text: str, filename: str) -> yaml.Node | None:
    loader = None
    try:
        loader = _StrictLoader(text, filename)   # the reader checks characters already here
        node = loader.get_single_node()
    except SpecError:
        raise
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        what = exc.problem or exc.context or "not valid YAML"
        if mark is None:
            raise SpecError(f"not valid YAML: {what}", filename) from None
        raise SpecError(f"not valid YAML: {what}", filename, mark.line + 1, mark.column + 1) from None
    except yaml.reader.ReaderError as exc:
        raise SpecError(f"character U+{exc.character:04X} is not allowed in YAML", filename,
                        *_position(text, exc.position)) from None
    except yaml.YAMLError as exc:
        raise SpecError(f"not valid YAML: {exc}", filename) from None
    finally:
        if loader is not None:
            loader.dispose()
    return node


# ---------------------------------------------------------------------------------------------
# nodes to typed values


class _Reader:
    """Converts nodes to the values a dataclass field wants, naming the node on any mistake."""

    def __init__(self, filename: str):
        self.filename = filename

    def fail(self, node: yaml.Node, message: str) -> SpecError:
        mark = node.start_mark
        return SpecError(message, self.filename, mark.line + 1, mark.column + 1)

    # scalars ---------------------------------------------------------------------------------
    def scalar(self, node: yaml.Node, what: str) -> Any:
        if not isinstance(node, yaml.ScalarNode):
            raise self.fail(node, f"{what} must be a single value, not a {_shape(node)}")
        kind = node.tag.rsplit(":", 1)[-1]     # the composer resolved plain scalars' tags
        value = node.value
        try:
            if kind == "null":
                return None
            if kind == "bool":
                return _CONSTRUCTOR.construct_yaml_bool(node)
            if kind == "int":
                return _CONSTRUCTOR.construct_yaml_int(node)
            if kind == "float":
                return _CONSTRUCTOR.construct_yaml_float(node)
        except (ValueError, OverflowError):
            raise self.fail(node, f"{what}: number too large: {value[:20]}...") from None
        return value    # str, and timestamps kept as their text (seed: 2026-11-21)

    def text(self, node: yaml.Node, what: str) -> str:
        value = self.scalar(node, what)
        if value is None or isinstance(value, bool):
            raise self.fail(node, f"{what} must be text, got {node.value or 'nothing'}")
        value = node.value if not isinstance(value, str) else value
        if len(value) > MAX_TEXT:
            raise self.fail(node, f"{what} is {len(value)} characters long; at most {MAX_TEXT}")
        return self.printable(node, value, what)

    def printable(self, node: yaml.Node, value: str, what: str) -> str:
        # quoted YAML escapes ("\x9b", "\ud800") reach past the reader's character check; a lone
        # surrogate cannot even be encoded into the PDF
        bad = next((ch for ch in value if ch != "\t" and unicodedata.category(ch) in ("Cc", "Cs")), None)
        if bad is not None:
            what_char = "a control character" if unicodedata.category(bad) == "Cc" else "a lone surrogate"
            raise self.fail(node, f"{what} contains {what_char} (U+{ord(bad):04X})")
        return value

    def number(self, node: yaml.Node, what: str, want_int: bool, lo, hi):
        value = self.scalar(node, what)
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            kind = "a whole number" if want_int else "a number"
            raise self.fail(node, f"{what} must be {kind}, got {_brief(node.value)!r}")
        if want_int and isinstance(value, float):
            if not value.is_integer():
                raise self.fail(node, f"{what} must be a whole number, got {_brief(node.value)}")
            value = int(value)
        if isinstance(value, float) and value != value or value in (float("inf"), float("-inf")):
            raise self.fail(node, f"{what} must be a finite number, got {_brief(node.value)}")
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            raise self.fail(node, f"{what} must be {_fmt(lo)}..{_fmt(hi)}, got {_brief(node.value)}")
        return value

    # structure -------------------------------------------------------------------------------
    def mapping(self, node: yaml.Node, what: str) -> dict[str, tuple[yaml.Node, yaml.Node]]:
        if not isinstance(node, yaml.MappingNode):
            raise self.fail(node, f"{what} must be a mapping of key: value, not a {_shape(node)}")
        out: dict[str, tuple[yaml.Node, yaml.Node]] = {}
        for key_node, value_node in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise self.fail(key_node, f"keys in {what} must be plain names")
            key = key_node.value
            if key in out:
                first = out[key][0].start_mark
                raise self.fail(key_node, f"duplicate key {_brief(key)!r} in {what} (first at line {first.line + 1})")
            out[key] = (key_node, value_node)
        return out

    def dataclass(self, cls, node: yaml.Node, what: str, skip: tuple[str, ...] = ()):
        entries = self.mapping(node, what)
        fields = {f.name: f for f in dataclasses.fields(cls) if f.init}
        allowed = [name for name in fields if name not in skip] + list(skip)
        values: dict[str, Any] = {}
        for key, (key_node, value_node) in entries.items():
            if key in skip:
                continue
            if key not in fields:
                raise self.fail(key_node, f"unknown key {_brief(key)!r} in {what}{_did_you_mean(key, allowed)}")
            values[key] = self.value(fields[key], option_types(cls)[key], value_node,
                                     f"{what}.{key}" if what != "spec" else key)
        missing = [name for name, f in fields.items() if name not in values and name not in skip
                   and f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
        if missing:
            raise self.fail(node, f"{what} needs {', '.join(missing)}")
        try:
            return cls(**values)
        except ValueError as exc:  # cross-field checks in __post_init__
            raise self.fail(node, f"{what}: {exc}") from None

    def value(self, f: dataclasses.Field, hint, node: yaml.Node, what: str) -> Any:
        meta = f.metadata or {}
        parse = meta.get("parse")
        if parse is not None:
            plain = self.plain(node, what)
            try:
                return parse(plain)
            except ValueError as exc:
                raise self.fail(node, f"{what}: {exc}") from None
        return self.typed(hint, node, what, meta.get("min"), meta.get("max"))

    def typed(self, hint, node, what, lo=None, hi=None):
        origin = typing.get_origin(hint)
        args = typing.get_args(hint)
        if origin in (typing.Union, types.UnionType):
            options = [a for a in args if a is not type(None)]
            if type(None) in args and isinstance(node, yaml.ScalarNode) and self.scalar(node, what) is None:
                return None
            if len(options) == 1:
                return self.typed(options[0], node, what, lo, hi)
            errors = []
            for choice in options:
                try:
                    return self.typed(choice, node, what, lo, hi)
                except SpecError as exc:
                    errors.append(exc)
            raise errors[-1]
        if origin is Literal:
            value = self.scalar(node, what)
            if value not in args:
                choices = ", ".join(str(a) for a in args)
                close = difflib.get_close_matches(str(value), [str(a) for a in args], n=1, cutoff=0.6)
                hint_text = f"; did you mean {close[0]!r}?" if close else ""
                raise self.fail(node, f"{what} must be one of {choices}, got {_brief(node.value)!r}{hint_text}")
            return value
        if origin in (list, tuple):
            if not isinstance(node, yaml.SequenceNode):
                raise self.fail(node, f"{what} must be a list, not a {_shape(node)}")
            inner = args[0] if args else str
            return tuple(self.typed(inner, child, f"{what}[{i}]", lo, hi) for i, child in enumerate(node.value))
        if hint is bool:
            value = self.scalar(node, what)
            if not isinstance(value, bool):
                raise self.fail(node, f"{what} must be true or false, got {_brief(node.value)!r}")
            return value
        if hint is int:
            return self.number(node, what, True, lo, hi)
        if hint is float:
            return self.number(node, what, False, lo, hi)
        if hint is str:
            return self.text(node, what)
        if dataclasses.is_dataclass(hint):
            return self.dataclass(hint, node, what)
        raise self.fail(node, f"{what}: unsupported option type {hint!r}")  # a bug in a game's Item

    def plain(self, node: yaml.Node, what: str, depth: int = 0) -> Any:
        """Plain Python value of a node (for options with their own parse function)."""
        if isinstance(node, yaml.ScalarNode):
            value = self.scalar(node, what)
            if isinstance(value, str):
                if len(value) > MAX_TEXT:
                    raise self.fail(node, f"{what} is {len(value)} characters long; at most {MAX_TEXT}")
                self.printable(node, value, what)
            return value
        if isinstance(node, yaml.SequenceNode):
            return [self.plain(child, f"{what}[{i}]") for i, child in enumerate(node.value)]
        return {key: self.plain(v, f"{what}.{key}") for key, (_, v) in self.mapping(node, what).items()}


_CONSTRUCTOR = yaml.SafeLoader("")


@functools.lru_cache(maxsize=None)
def option_types(cls) -> dict[str, Any]:
    """The resolved types of a dataclass's options (its module uses string annotations)."""
    return typing.get_type_hints(cls)


def _brief(text: str, limit: int = 40) -> str:
    """A value quoted back in an error: a 5000-digit number stays one readable line."""
    return text if len(text) <= limit else text[:limit] + "..."


def _shape(node: yaml.Node) -> str:
    return {yaml.MappingNode: "mapping", yaml.SequenceNode: "list"}.get(type(node), "value")


def _fmt(x) -> str:
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else str(x)


def _did_you_mean(word: str, choices) -> str:
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    return f" (expected one of: {', '.join(sorted(choices))})"


# ---------------------------------------------------------------------------------------------
# the spec itself

TOP_KEYS = ("title", "page", "seed", "output", "items")


def load(path: str | Path) -> Spec:
    path = Path(path)
    name = str(path)
    try:
        with open(path, "rb") as fh:
            data = fh.read(MAX_SPEC_BYTES + 1)
    except FileNotFoundError:
        raise SpecError("no such spec file", name) from None
    except IsADirectoryError:
        raise SpecError("is a folder, not a spec file", name) from None
    except OSError as exc:
        raise SpecError(f"cannot read spec: {exc.strerror}", name) from None
    if len(data) > MAX_SPEC_BYTES:
        raise SpecError(f"spec is larger than {MAX_SPEC_BYTES // 1000} kB", name)
    return loads(_decode(data, name), name)


def loads(text: str, filename: str = "<spec>") -> Spec:
    from pnp.games import KINDS, game

    _refuse_odd_line_breaks(text, filename)
    node = compose(text, filename)
    reader = _Reader(filename)
    if node is None:
        raise SpecError("spec is empty; it needs at least items:", filename)
    top = reader.mapping(node, "spec")
    for key, (key_node, _) in top.items():
        if key not in TOP_KEYS:
            raise reader.fail(key_node, f"unknown key {_brief(key)!r}{_did_you_mean(key, TOP_KEYS)}")
    if "items" not in top:
        raise reader.fail(node, "spec needs items: (a list of things to print)")

    title = reader.text(top["title"][1], "title") if "title" in top else Path(filename).stem
    page = reader.dataclass(Page, top["page"][1], "page") if "page" in top else Page()
    seed = _seed_text(reader, top["seed"][1]) if "seed" in top else "pnp"
    output = _output_name(reader, top["output"][1]) if "output" in top else None

    items_node = top["items"][1]
    if not isinstance(items_node, yaml.SequenceNode) or not items_node.value:
        raise reader.fail(items_node, "items must be a non-empty list of things to print")
    if len(items_node.value) > MAX_ITEMS:
        raise reader.fail(items_node, f"at most {MAX_ITEMS} entries under items")
    entries = []
    total = 0
    for i, item_node in enumerate(items_node.value):
        what = f"items[{i}]"
        fields = reader.mapping(item_node, what)
        if "kind" not in fields:
            raise reader.fail(item_node, f"{what} needs kind: (one of {', '.join(KINDS)})")
        kind_node = fields["kind"][1]
        kind = reader.text(kind_node, f"{what}.kind")
        if kind not in KINDS:
            raise reader.fail(kind_node, f"unknown kind {kind!r}{_did_you_mean(kind, KINDS)}")
        count = reader.number(fields["count"][1], f"{what}.count", True, 1, MAX_BOARDS) if "count" in fields else 1
        total += count
        if total > MAX_BOARDS:
            raise reader.fail(fields.get("count", (item_node, item_node))[1],
                              f"more than {MAX_BOARDS} boards in one build; split the spec")
        module = game(kind)
        item = reader.dataclass(module.Item, item_node, what, skip=("kind", "count"))
        mark = item_node.start_mark
        entries.append(Entry(kind, count, item, (filename, mark.line + 1, mark.column + 1)))
    return Spec(title=title, page=page, seed=seed, items=tuple(entries), output=output, file=filename)


def _refuse_odd_line_breaks(text: str, filename: str) -> None:
    """YAML counts NEL, LS and PS as line ends; editors mostly do not, so every position after
    one would be off. No spec needs them."""
    at = min((i for i in (text.find(ch) for ch in "\x85\u2028\u2029") if i >= 0), default=-1)
    if at >= 0:
        raise SpecError(f"character U+{ord(text[at]):04X} (an unusual line break) is not allowed "
                        "in specs", filename, *_position(text, at))


def _seed_text(reader: _Reader, node: yaml.Node) -> str:
    value = reader.scalar(node, "seed")
    if value is None or isinstance(value, bool) or isinstance(value, float):
        raise reader.fail(node, f"seed must be text or a whole number, got {_brief(node.value)!r}")
    return reader.text(node, "seed")


def _output_name(reader: _Reader, node: yaml.Node) -> str:
    """A plain file name: specs are shared, so a name must never reach outside the output folder."""
    name = reader.text(node, "output")
    if not name or "/" in name or "\\" in name or name in (".", "..") or name.startswith(".") \
            or ":" in name:
        raise reader.fail(node, f"output must be a plain file name like pack.pdf, got {name!r}")
    if not name.lower().endswith(".pdf"):
        name += ".pdf"
    return name
