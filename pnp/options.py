"""One description of every spec field.

Every field a spec can hold (the spec's own title, paper, seed and PDF name, each item's
count, and every option of every game) is declared once, with ``option()`` on a frozen
dataclass: its label and help in words a teacher reads, its default, range and example, and
how it is read. ``fields(cls)`` describes a dataclass as a tuple of ``Option``; everything that
reads or shows a spec works from those and from nothing else: the loader (``pnp.spec``), the
JSON Schema (``pnp.schema``), `pnp new` (``pnp.starter``), the web form (``pnp.web.forms``)
and the spec reference of the docs (``docs/_ext/pnp_docs.py``).

Words for people. ``label``, ``help`` and the names of ``shown`` choices are plain string
literals in the ``option()`` call, so a message catalog can collect them (``words_in`` finds
them in a source file, and ``extract`` is the same as a Babel extractor); a help text may hold
``{name}`` placeholders filled from ``facts`` (numbers that live in the game's rules), so the
words are translated once and the numbers are never written twice. Help says what a field does
for the person printing: no keys, flags, file paths or YAML (a link to a docs page goes in
``docs``). A test holds every field to that.
"""

from __future__ import annotations

import dataclasses
import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

# how an option is read and shown
FLAG, WHOLE, NUMBER, TEXT, CHOICE, GROUP, RICH = "flag", "whole", "number", "text", "choice", "group", "rich"

# a text field takes any scalar as the text written (`title: 2026`, `title: no`), so an editor
# reading YAML 1.2, which makes those a number and a boolean, must accept them too
TEXT_JSON = ["string", "number", "boolean"]

# the keyword arguments of option() that hold words for people (a catalog collects them)
WORDS = ("label", "help", "shown")


def option(default: Any = dataclasses.MISSING, *, label: str, help: str = "",
           min: float | None = None, max: float | None = None, example: Any = None,
           shown: dict[str, str] | None = None, facts: dict[str, Any] | None = None,
           parse: Callable[[Any], Any] | None = None, schema: dict | None = None,
           check: Callable[[Any], Any] | None = None, kind: str | None = None,
           printed: bool | None = None, sets: Callable[[Any], dict] | None = None,
           advanced: bool = False, docs: str | None = None,
           default_factory: Any = dataclasses.MISSING) -> Any:
    """A spec field of an options dataclass (a game's Item, the spec's Page).

    ``label``: a few words naming the field ("How many dots"); ``help``: a sentence or two on
    what it does, with ``{name}`` placeholders filled from ``facts``; ``shown``: words for
    the values of a choice ({"half": "two a page"}). ``min``/``max`` bound a number;
    ``example`` is what `pnp new` and the form show for a field with no default.

    The type annotation says how a value is read (bool, int, float, str, Literal[...], a
    nested options dataclass, each optionally ``| None``, which lets a spec leave it empty).
    ``parse`` reads anything richer: it receives the plain YAML value and returns the field's
    value or raises ValueError with the problem; ``schema`` is then its JSON Schema. ``check``
    takes a read value and returns it (perhaps normalised) or raises ValueError. ``kind``:
    what a value is, in the loader's messages ("text or a number"), when not the usual.

    ``printed``: the field's text lands on paper, so the loader refuses characters the print
    font cannot draw. Every text field says True or False (``fields`` refuses one that does not).
    ``sets``: the field fixes other fields of the item (CliqueR's ``code`` fixes ``dots``):
    given the value, it returns {field: value}; the loader refuses a spec that also gives one of
    them another value, and fills in the rest.
    ``advanced``: a field most people leave alone (a page may fold it under "More options");
    ``docs``: a page of the docs that says more, as a path below docs/ ("games/cliquer.md").
    """
    meta = {"label": label, "help": help, "min": min, "max": max, "example": example,
            "shown": dict(shown or {}), "facts": dict(facts or {}), "parse": parse, "schema": schema,
            "check": check, "kind": kind, "printed": printed, "sets": sets, "advanced": advanced,
            "docs": docs}
    if default_factory is not dataclasses.MISSING:
        return field(default_factory=default_factory, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True, eq=False)
class Option:
    """One field as every reader and writer of specs sees it."""

    key: str                          # the spec's key: "dots", "margin_mm"
    label: str                        # words naming it, untranslated: "How many dots"
    help: str                         # what it does, untranslated, with {placeholders}
    shape: str                        # FLAG | WHOLE | NUMBER | TEXT | CHOICE | GROUP | RICH
    default: Any                      # the value when a spec leaves the field out (None: see help)
    required: bool = False            # a spec must give it (then ``example`` shows one)
    empty: bool = False               # a spec may write it empty (null): the default's meaning
    low: float | None = None
    high: float | None = None
    choices: tuple = ()               # the values of a CHOICE, canonical spelling
    shown: dict = dataclasses.field(default_factory=dict)     # choice value -> words
    facts: dict = dataclasses.field(default_factory=dict)     # placeholders of help
    children: tuple = ()              # the fields of a GROUP
    group: type | None = None         # the dataclass of a GROUP
    example: Any = None
    printed: bool | None = None
    parse: Callable | None = None
    schema: dict | None = None
    check: Callable | None = None
    kind: str | None = None
    sets: Callable | None = None
    advanced: bool = False
    docs: str | None = None

    def help_text(self, translate: Callable[[str], str] = str) -> str:
        """The help, translated by ``translate`` (gettext), its placeholders filled."""
        return translate(self.help).format(**self.facts) if self.help else ""

    def label_text(self, translate: Callable[[str], str] = str) -> str:
        return translate(self.label)

    def choice_text(self, value, translate: Callable[[str], str] = str) -> str:
        """The words for one value of a choice (the value itself when it has none)."""
        return translate(self.shown[value]) if value in self.shown else str(value)

    @property
    def suggestions(self) -> tuple:
        """The named values a field takes: a choice's, or those its own schema lists
        (CliqueR's difficulty: easy, medium, hard)."""
        return self.choices or tuple(_schema_walk(self.schema or {}, "enum"))

    @property
    def json_types(self) -> set[str]:
        """The JSON types its own schema allows ("array" for a list of names, "object" for a
        mapping): how the form writes what is typed."""
        return set(_schema_walk(self.schema or {}, "type"))


def _schema_walk(schema: dict, key: str) -> list:
    """Every value under ``key`` in a schema and its oneOf/anyOf alternatives, in order."""
    found = schema.get(key, [])
    found = list(found) if isinstance(found, list) else [found]
    for alt in ("oneOf", "anyOf"):
        for sub in schema.get(alt, ()):
            found += [v for v in _schema_walk(sub, key) if v not in found]
    return found


def number_text(x) -> str:
    """A bound or default as people write it: 5 not 5.0, '' for none."""
    if x is None:
        return ""
    return str(int(x)) if float(x).is_integer() else str(x)


def _core(hint) -> tuple[Any, bool]:
    """``X | None`` -> (X, True); anything else -> (hint, False)."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1 and len(typing.get_args(hint)) == 2:
            return args[0], True
    return hint, False


def _texty(hint) -> bool:
    if hint is str:
        return True
    return any(_texty(a) for a in typing.get_args(hint))


def _shape(cls, name: str, hint, meta: dict) -> tuple[str, Any]:
    core, _ = _core(hint)
    if meta["parse"] is not None:
        if meta["schema"] is None:
            raise TypeError(f"{cls.__name__}.{name}: an option with parse= says its JSON Schema (schema=)")
        return RICH, core
    if typing.get_origin(core) is Literal:
        return CHOICE, core
    for shape, kind in ((FLAG, bool), (WHOLE, int), (NUMBER, float), (TEXT, str)):
        if core is kind:
            return shape, core
    if dataclasses.is_dataclass(core):
        return GROUP, core
    raise TypeError(f"{cls.__name__}.{name}: a {hint!r} option needs parse= and schema=")


@functools.lru_cache(maxsize=None)
def fields(cls) -> tuple[Option, ...]:
    """Every field of the options dataclass ``cls``, described; a field declared without
    option(), without a label, or a text field that does not say printed= is a programming
    error, raised here (so at the first read of the game's options)."""
    hints = typing.get_type_hints(cls)
    out = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        meta = f.metadata
        if "label" not in meta or not meta["label"]:
            raise TypeError(f"{cls.__name__}.{f.name}: declare it with option(label=...)")
        shape, core = _shape(cls, f.name, hints[f.name], meta)
        if (shape == TEXT or shape == RICH and _texty(hints[f.name])) and meta["printed"] is None:
            raise TypeError(f"{cls.__name__}.{f.name}: a text option says printed=True or False")
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        default = None if required else f.default_factory() \
            if f.default_factory is not dataclasses.MISSING else f.default
        out.append(Option(
            key=f.name, label=meta["label"], help=meta["help"], shape=shape, default=default,
            required=required, empty=_core(hints[f.name])[1], low=meta["min"], high=meta["max"],
            choices=typing.get_args(core) if shape == CHOICE else (), shown=meta["shown"],
            facts=meta["facts"], children=fields(core) if shape == GROUP else (),
            group=core if shape == GROUP else None, example=meta["example"],
            printed=meta["printed"], parse=meta["parse"], schema=meta["schema"],
            check=meta["check"], kind=meta["kind"], sets=meta["sets"], advanced=meta["advanced"],
            docs=meta["docs"]))
    return tuple(out)


def pick(options, *names: str) -> tuple[tuple, tuple]:
    """The options named, in the order named, and the rest in their own order: a task page
    shows the first and folds the others under "More options". Anything with a ``key`` will
    do (the web form's fields too); a name that is no option's is a KeyError naming them."""
    by_key = {o.key: o for o in options}
    unknown = [n for n in names if n not in by_key]
    if unknown:
        raise KeyError(f"no option {unknown[0]!r}; the options are {', '.join(by_key)}")
    return tuple(by_key[n] for n in names), tuple(o for o in options if o.key not in names)


# ---- words for the catalogs ------------------------------------------------------------------

def words_in(source: str) -> list[tuple[int, str]]:
    """(line, text) of every literal label, help and choice name given to option() in a Python
    source: what a message catalog translates."""
    import ast

    found = []
    for node in ast.walk(ast.parse(source)):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", None)) == "option"):
            continue
        for kw in node.keywords:
            if kw.arg not in WORDS:
                continue
            values = kw.value.values if isinstance(kw.value, ast.Dict) else [kw.value]
            found += [(v.lineno, v.value) for v in values
                      if isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value]
    return sorted(found)


def extract(fileobj, keywords, comment_tags, options):
    """A Babel extractor (``pnp.options:extract`` in a mapping file) for option() words."""
    for line, text in words_in(fileobj.read().decode(options.get("encoding", "utf-8"))):
        yield line, None, text, []


def named(cls, key: str):
    """Option ``key`` of the options dataclass ``cls`` named inside a message: by its key on the
    command line, by its label on the page (``pnp.i18n.message.Field``)."""
    from pnp.i18n.message import Field

    return Field(next(o for o in fields(cls) if o.key == key).label, key)
