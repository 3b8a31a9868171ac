"""The page's forms, made from the one description of every spec field (``pnp.options``) the
spec loader reads, and a form's values written as the spec YAML that reproduces them from the CLI.

The page never judges a value itself: every value is written into the YAML as typed (quoted
where it could otherwise spill into another line), the spec loader reads the YAML, and each of
its located messages is shown beside the field on the line it names. So the page and
`pnp build` accept and refuse exactly the same things, in the same words.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field

import yaml

from pnp.errors import PnpError, SpecError
from pnp.i18n import web_gettext
from pnp.i18n.message import Message
from pnp.games import KINDS
from pnp.options import CHOICE, FLAG, GROUP, NUMBER, RICH, WHOLE, Option, number_text
from pnp.spec import HEADER, KIND, item_options

SPEC_NAME = "pnp-web.yaml"       # the name the page's spec has in messages and downloads
MAX_FORM_ITEMS = 20              # items in one pack made on the page
MAX_VALUE = 400                  # characters of one form value (the loader's own text cap is 200)

# a value written into YAML unquoted: names, numbers, codes; anything else is quoted, so no
# value can end its line and start another key
_PLAIN = re.compile(r"[A-Za-z0-9_.+\-]+( [A-Za-z0-9_.+\-]+)*")


@dataclass(frozen=True)
class Field:
    """One field of the form, made from the field's description (``pnp.options.Option``)."""

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
    option: Option | None = None   # what it is made from: its label, help, advanced, docs


def _text(value) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        return number_text(value)
    return str(value)


def form_field(o: Option, prefix: str = "", always: bool = False, translate=web_gettext) -> Field:
    """The form's field for option ``o`` (its name ``prefix`` + key): widget, bounds, default
    and words all from the one description the loader reads; ``translate`` (gettext) puts the
    label, help and choices in the page's language (the request's, pnp.web.language)."""
    name = prefix + o.key
    # a field the spec must have is written even at its example (players: 4 in Cliques)
    words = dict(label=o.label_text(translate), help=o.help_text(translate), option=o,
                 always=always or o.required)
    default = _text(o.default if o.default is not None else o.example)
    if o.shape == GROUP:
        return Field(name, o.key, widget="fieldset", children=fields_of(o.children, name + ".", translate),
                     **words)
    if o.shape == RICH:
        kinds = o.json_types        # an option with its own reader says its shape
        return Field(name, o.key, widget="text", default=default, style="rich",
                     lists="array" in kinds, maps="object" in kinds,
                     suggestions=tuple(str(w) for w in o.suggestions if isinstance(w, str)), **words)
    if o.shape == CHOICE:
        choices = tuple((str(c), o.choice_text(c, translate)) for c in o.choices)
        if o.empty:
            choices = (("", Message("(default)").say()),) + choices
        return Field(name, o.key, widget="select", choices=choices, default=default, **words)
    if o.shape == FLAG:
        return Field(name, o.key, widget="select", choices=(("true", Message("yes").say()), ("false", Message("no").say())),
                     default=default, **words)
    if o.shape in (WHOLE, NUMBER):
        return Field(name, o.key, widget="number", default=default, minimum=number_text(o.low),
                     maximum=number_text(o.high), step="1" if o.shape == WHOLE else "any", **words)
    return Field(name, o.key, widget="text", default=default, style="text", **words)


def fields_of(options, prefix: str = "", translate=web_gettext) -> tuple[Field, ...]:
    """A form field for each option, named ``prefix`` + its key (pick some by key with
    ``pnp.options.pick``, which takes fields as well as options)."""
    return tuple(form_field(o, prefix, translate=translate) for o in options)


def spec_fields() -> list[Field]:
    """The spec's own fields: title, paper, seed and PDF name (the title and seed always
    written, so the spec downloaded says them)."""
    return [form_field(o, always=o.key in ("title", "seed")) for o in HEADER]


def item_fields(kind: str, index: int, count_max: int) -> list[Field]:
    """An item's fields: its kind (hidden), how many (at most ``count_max`` from this page),
    and the game's options."""
    prefix = f"items.{index}."
    count, *rest = fields_of(item_options(kind), prefix)
    return [Field(prefix + KIND.key, KIND.key, KIND.label_text(web_gettext), widget="hidden", default=kind, option=KIND),
            dataclasses.replace(count, maximum=str(count_max)), *rest]


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
    labels: dict[str, str] = field(default_factory=dict)   # every field the form shows -> label


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
            if f.widget == "number" and not value.strip() and f.name in form.values \
                    and not (f.option and f.option.empty):
                # a number cleared is a mistake to show, not the default taken silently
                put(indent, f, "null")
                continue
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
    shown = spec_fields() + [f for i, kind in enumerate(form.kinds) for f in item_fields(kind, i, count_max)]
    labels = {c.name: c.label for f in shown for c in (f.children or (f,)) if c.widget != "hidden"}
    return Written("\n".join(out) + "\n", fields, items, lines, labels)


def scalar(f: Field, value: str) -> str:
    """One value as YAML on one line: as typed where that cannot reach past its own line."""
    if f.style == "text":
        return _quoted(value)
    value = value.strip()
    if f.style == "rich":
        named = spoken_keyword(f, value)
        if named is not None:
            return named
        if value[:1] in "[{" and _one_value(value):
            return value
        if f.lists and "," in value and value[:1] not in "[{":
            return "[" + ", ".join(_quoted(p.strip()) for p in value.split(",")) + "]"
        if f.maps and ":" in value and value[:1] not in "[{" and _one_value("{" + value + "}"):
            return "{" + value + "}"
    return value if _PLAIN.fullmatch(value) else _quoted(value)


def spoken_keyword(f: Field, value: str) -> str | None:
    """The spec's keyword for a word typed in the page's language ("difficile" -> "hard"), or
    typed as the keyword itself; None when ``value`` is neither. (The spec keeps its English
    keywords; the page shows and takes its own.)"""
    typed = value.strip().casefold()
    for word in f.suggestions:
        if typed in (word.casefold(), web_gettext(word).casefold()):
            return word
    return None


def truly_default(f: Field, form: "Form") -> bool:
    """Whether "Default: X" beside a field is true and of use: X is what an emptied field gives
    (not an example the form holds, such as a title: an empty title prints none) and the field
    shows it (a class set's 24 pupils beside "Default: 1" read as a contradiction)."""
    if f.option is not None and f.option.default is None:
        return False
    return form.value(f) == f.default


def shown_value(f: Field, value: str) -> str:
    """A field's value as the page shows it: a keyword in the page's words ("medium" ->
    "moyen"), anything else as typed."""
    return web_gettext(value) if value in f.suggestions else value


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


def label_of(name: str | None, written: Written, labels: dict, fallback: str = "") -> str:
    """A field's label as the page shows it (``labels``: a page's own, by field name)."""
    if name is None:
        return fallback
    return labels.get(name) or written.labels.get(name) or fallback


def advised(advice, item: str | None, written: Written) -> dict:
    """The form's fields an advice names: {(key, is spec key): field name, or None when the
    form does not show it} (``item``: "items.N", whose options the advice's keys are)."""
    names = {}
    for key in advice.keys:
        name = f"{item}.{key}" if item is not None else None
        names[(key, False)] = name if name in written.labels else None
    for key in advice.spec_keys:
        names[(key, True)] = key if key in written.labels else None
    return names


def place(error: PnpError, written: Written, labels: dict | None = None) -> tuple[dict[str, list[str]], list[str]]:
    """The loader's (or the build's) messages by field: {field name or "items.N": [message]}
    for those about a field the page shows (by the field each mistake names, else by the line
    it is on), and the rest as general lines; a field is named by its label on the page
    (``labels``: a page's own, by field name; else the form's)."""
    labels = labels or {}
    by_field: dict[str, list[str]] = {}
    general: list[str] = []
    mistakes = error.mistakes if isinstance(error, SpecError) else []
    if not mistakes:
        return {}, [str(error)]
    shown = set(written.lines) | set(written.items.values())
    for m in mistakes:
        target = None
        if m.line is not None and m.file == SPEC_NAME:
            if m.field is not None and m.field.name in shown:
                target = m.field.name
            elif m.line in written.items and (m.column or 0) < written.fields[m.line][1]:
                target = written.items[m.line]
            elif m.line in written.fields:
                target = written.fields[m.line][0]
        # named by its field's label, beside the field (which is marked) or above the form, and
        # what is wrong with its value said in the page's language where the loader says it so
        label = label_of(m.field.name, written, labels) if m.field is not None else None
        if target is None:
            general.append(m.by_label(label).say())
        else:
            by_field.setdefault(target, []).append(m.by_label(label).say())
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
