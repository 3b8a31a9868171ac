"""The page's forms, made from the same dataclasses the spec loader reads, and a form's values
written as the spec YAML that reproduces them from the CLI.

The page never judges a value itself: every value is written into the YAML as typed (quoted
where it could otherwise spill into another line), the spec loader reads the YAML, and each of
its located messages is shown beside the field on the line it names. So the page and
`pnp build` accept and refuse exactly the same things, in the same words.
"""

from __future__ import annotations

import dataclasses
import json
import re
import typing
from dataclasses import dataclass, field
from typing import Literal

import yaml

from pnp.errors import PnpError, SpecError
from pnp.games import KINDS, game
from pnp.spec import Page, option_types

SPEC_NAME = "pnp-web.yaml"       # the name the page's spec has in messages and downloads
MAX_FORM_ITEMS = 20              # items in one pack made on the page
MAX_VALUE = 400                  # characters of one form value (the loader's own text cap is 200)

# a value written into YAML unquoted: names, numbers, codes; anything else is quoted, so no
# value can end its line and start another key
_PLAIN = re.compile(r"[A-Za-z0-9_.+\-]+( [A-Za-z0-9_.+\-]+)*")


@dataclass(frozen=True)
class Field:
    name: str                  # the form's name for it: "page.size", "items.0.dots"
    key: str                   # the spec key
    label: str
    help: str = ""
    widget: str = "text"       # select | number | text | fieldset | hidden
    choices: tuple = ()        # (value, shown) for a select
    default: str = ""          # the default as text ('' when the option has none)
    minimum: str = ""
    maximum: str = ""
    step: str = ""
    style: str = "plain"       # how a value is written: plain | text (always quoted) | rich
    lists: bool = False        # a rich value that may be a list ("Ann, Bob" -> [Ann, Bob])
    maps: bool = False         # a rich value that may be a mapping ("target: 0.6")
    suggestions: tuple = ()    # words a rich value may be (a datalist)
    children: tuple = ()       # the options of a nested option
    always: bool = False       # written even when it is the default (the title and seed)


def _words(name: str) -> str:
    return name.replace("_mm", " (mm)").replace("_", " ")


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def dataclass_fields(cls, prefix: str) -> list[Field]:
    """A form field for every option of ``cls``, its type, bounds, default and help from the
    dataclass (the same the loader and `pnp schema` use)."""
    hints = option_types(cls)
    out = []
    for f in dataclasses.fields(cls):
        if f.init:
            out.append(_field(f, hints[f.name], f"{prefix}{f.name}"))
    return out


def _field(f: dataclasses.Field, hint, name: str) -> Field:
    meta = f.metadata or {}
    label, help_text = _words(f.name), meta.get("help") or ""
    default = _text(f.default) if f.default is not dataclasses.MISSING else ""
    args = [a for a in typing.get_args(hint) if a is not type(None)]
    optional = type(None) in typing.get_args(hint)
    core = args[0] if optional and len(args) == 1 else hint
    if f.default_factory is not dataclasses.MISSING and dataclasses.is_dataclass(core):
        return Field(name, f.name, label, help_text, "fieldset",
                     children=tuple(dataclass_fields(core, name + ".")))
    if meta.get("parse") is not None:
        schema = meta.get("schema") or {}      # an option with its own reader says its shape
        kinds = _schema_kinds(schema)
        if not default and meta.get("example") is not None:
            default = _text(meta["example"])
        return Field(name, f.name, label, help_text, "text", default=default, style="rich",
                     lists="array" in kinds, maps="object" in kinds,
                     suggestions=tuple(_schema_words(schema)))
    if typing.get_origin(core) is Literal:
        choices = tuple((str(c), str(c)) for c in typing.get_args(core))
        if optional:
            choices = (("", "(default)"),) + choices
        return Field(name, f.name, label, help_text, "select", choices, default)
    if core is bool:
        return Field(name, f.name, label, help_text, "select",
                     (("true", "yes"), ("false", "no")), default)
    if core in (int, float):
        lo, hi = meta.get("min"), meta.get("max")
        return Field(name, f.name, label, help_text, "number", default=default,
                     minimum=_text(lo), maximum=_text(hi), step="1" if core is int else "any")
    return Field(name, f.name, label, help_text, "text", default=default,
                 style="text" if core is str else "rich")


def _schema_kinds(schema: dict) -> set[str]:
    found = set()
    for key in ("oneOf", "anyOf"):
        for sub in schema.get(key, ()):
            found |= _schema_kinds(sub)
    kind = schema.get("type")
    found |= set(kind) if isinstance(kind, list) else {kind} if kind else set()
    return found


def _schema_words(schema: dict) -> list[str]:
    words = [str(w) for w in schema.get("enum", ()) if isinstance(w, str)]
    for key in ("oneOf", "anyOf"):
        for sub in schema.get(key, ()):
            words += _schema_words(sub)
    return words


def spec_fields() -> list[Field]:
    """The options of the spec itself: title, seed, output name, and the page."""
    return [
        Field("title", "title", "title", "printed in every page footer", style="text",
              default="My print-and-play pack", always=True),
        Field("seed", "seed", "seed", "any text or number: the same seed gives the same PDF",
              style="text", default="1", always=True),
        Field("output", "output", "PDF name", "the file name of the PDF (optional)", style="text"),
        Field("page", "page", "page", "", "fieldset", children=tuple(dataclass_fields(Page, "page."))),
    ]


def item_fields(kind: str, index: int, count_max: int) -> list[Field]:
    prefix = f"items.{index}."
    return [Field(prefix + "kind", "kind", "kind", widget="hidden", default=kind),
            Field(prefix + "count", "count", "how many", "how many to print, each generated anew",
                  "number", default="1", minimum="1", maximum=str(count_max), step="1"),
            *dataclass_fields(game(kind).Item, prefix)]


# ---------------------------------------------------------------------------------------------
# a form's values as a spec


@dataclass
class Form:
    """The values of a submitted form: the kinds of its items, and every value as typed."""

    kinds: list[str]
    values: dict[str, str] = field(default_factory=dict)

    def value(self, f: Field) -> str:
        return self.values.get(f.name, f.default)


def read_form(data, add: str | None = None, remove: int | None = None) -> Form:
    """A Form from submitted fields (any mapping of str to str): the items are those whose
    kind is a known game, in order, at most MAX_FORM_ITEMS; values are cut to MAX_VALUE."""
    values = {str(k)[:200]: str(v)[:MAX_VALUE] for k, v in list(data.items())[:2000]
              if isinstance(v, str)}
    kinds, moved = [], {}
    for i in range(MAX_FORM_ITEMS):
        kind = values.get(f"items.{i}.kind")
        if kind is None:
            continue
        if kind not in KINDS:
            raise PnpError(f"item {i + 1}: kind must be one of {', '.join(KINDS)}")
        if remove is not None and i == remove:
            continue
        new = len(kinds)
        for key, value in values.items():
            if key.startswith(f"items.{i}."):
                moved[f"items.{new}." + key[len(f"items.{i}."):]] = value
        kinds.append(kind)
    rest = {k: v for k, v in values.items() if not k.startswith("items.")}
    if add is not None:
        if add not in KINDS:
            raise PnpError(f"kind must be one of {', '.join(KINDS)}")
        if len(kinds) >= MAX_FORM_ITEMS:
            raise PnpError(f"at most {MAX_FORM_ITEMS} items in one pack made on this page")
        moved[f"items.{len(kinds)}.kind"] = add
        kinds.append(add)
    return Form(kinds, {**rest, **moved})


@dataclass
class Written:
    """The spec text of a form, and which field each line holds (for placing messages)."""

    text: str
    fields: dict[int, tuple[str, int]]     # line -> (field name, column of its value)
    items: dict[int, str]                  # line of an item's "- kind:" -> "items.N"
    lines: dict[str, int]                  # field name -> line


def write_spec(form: Form, count_max: int) -> Written:
    out: list[str] = []
    fields: dict[int, tuple[str, int]] = {}
    items: dict[int, str] = {}

    def put(indent: str, f: Field, value: str) -> None:
        head = f"{indent}{f.key}: "
        out.append(head + value)
        fields[len(out)] = (f.name, len(head) + 1)

    def block(indent: str, flist) -> None:
        for f in flist:
            if f.widget == "fieldset":
                inner = [(c, form.value(c)) for c in f.children]
                inner = [(c, v) for c, v in inner if v.strip() and v != c.default]
                if inner:
                    out.append(f"{indent}{f.key}:")
                    for c, v in inner:
                        put(indent + "  ", c, scalar(c, v))
                continue
            value = form.value(f)
            if not f.always and (value == f.default or f.style != "text" and not value.strip()):
                continue
            put(indent, f, scalar(f, value))

    out.append("# made by `pnp serve`; build it with: pnp build " + SPEC_NAME)
    block("", spec_fields())
    out.append("items:")
    for i, kind in enumerate(form.kinds):
        flist = item_fields(kind, i, count_max)
        out.append(f"  - kind: {kind}")
        items[len(out)] = f"items.{i}"
        fields[len(out)] = (flist[0].name, len("  - kind: ") + 1)
        block("    ", flist[1:])
    lines = {name: line for line, (name, _) in fields.items()}
    return Written("\n".join(out) + "\n", fields, items, lines)


def scalar(f: Field, value: str) -> str:
    """One value as YAML on one line: as typed where that cannot reach past its own line."""
    if f.style == "text":
        return _quoted(value)
    value = value.strip()
    if f.style == "rich":
        if value[:1] in "[{" and _one_value(value):
            return value
        if f.lists and "," in value and value[:1] not in "[{":
            return "[" + ", ".join(_quoted(p.strip()) for p in value.split(",")) + "]"
        if f.maps and ":" in value and value[:1] not in "[{" and _one_value("{" + value + "}"):
            return "{" + value + "}"
    return value if _PLAIN.fullmatch(value) else _quoted(value)


def _quoted(value: str) -> str:
    # JSON's string escapes are YAML's double-quoted ones; a line break becomes "\n"
    return json.dumps(value, ensure_ascii=False)


def _one_value(text: str) -> bool:
    """Whether ``text`` is one whole flow value on its line (so it cannot swallow the lines
    after it), checked by YAML's own parser."""
    if "\n" in text or "\r" in text:
        return False
    try:
        events = list(yaml.parse(text, Loader=yaml.SafeLoader))
    except yaml.YAMLError:
        return False
    return not any(isinstance(e, (yaml.AliasEvent,)) or getattr(e, "anchor", None) for e in events)


# ---------------------------------------------------------------------------------------------
# messages beside their fields


def place(error: PnpError, written: Written) -> tuple[dict[str, list[str]], list[str]]:
    """The loader's (or the build's) messages by field: {field name or "items.N": [message]}
    for those whose line the page wrote, and the rest as general lines."""
    by_field: dict[str, list[str]] = {}
    general: list[str] = []
    mistakes = error.mistakes if isinstance(error, SpecError) else []
    if not mistakes:
        return {}, [str(error)]
    for m in mistakes:
        target = None
        if m.line is not None and m.file == SPEC_NAME:
            if m.line in written.items and (m.column or 0) < written.fields[m.line][1]:
                target = written.items[m.line]
            elif m.line in written.fields:
                target = written.fields[m.line][0]
        if target is None:
            general.append(str(m))
        else:
            by_field.setdefault(target, []).append(m.message)
    return by_field, general


# ---------------------------------------------------------------------------------------------
# a spec file as form values (the gallery's "open in the form")


def form_from_yaml(text: str, count_max: int = 5000) -> Form:
    """The values a spec file writes, each as the text written, for the form to show."""
    from pnp.yamltext import compose

    node = compose(text, "<layout>")
    values: dict[str, str] = {}
    kinds: list[str] = []
    if not isinstance(node, yaml.MappingNode):
        return Form([], {})

    def as_text(value_node) -> str:
        if isinstance(value_node, yaml.ScalarNode):
            return value_node.value
        shown = text[value_node.start_mark.index:value_node.end_mark.index]
        if "\n" not in shown:
            return shown
        return json.dumps(yaml.safe_load(shown), ensure_ascii=False)

    def mapping(prefix: str, map_node, flist) -> None:
        nested = {f.key: f for f in flist if f.widget == "fieldset"}
        for key_node, value_node in map_node.value:
            key = key_node.value
            if key in nested and isinstance(value_node, yaml.MappingNode):
                mapping(f"{prefix}{key}.", value_node, nested[key].children)
            elif isinstance(key, str):
                values[prefix + key] = as_text(value_node)

    for key_node, value_node in node.value:
        if key_node.value == "items" and isinstance(value_node, yaml.SequenceNode):
            for item in value_node.value[:MAX_FORM_ITEMS]:
                kind = next((v.value for k, v in getattr(item, "value", ())
                             if isinstance(item, yaml.MappingNode) and k.value == "kind"), None)
                if kind not in KINDS:
                    continue
                mapping(f"items.{len(kinds)}.", item, item_fields(kind, len(kinds), count_max))
                kinds.append(kind)
        else:
            mapping("", yaml.MappingNode("tag:yaml.org,2002:map", [(key_node, value_node)]),
                    spec_fields())
    return Form(kinds, values)
