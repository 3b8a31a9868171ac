"""The spec format as JSON Schema, derived from the same dataclasses the loader reads.

One source of truth: the Item dataclasses' types, bounds and help texts; so an editor that
completes and checks YAML against this schema agrees with `pnp build`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Literal

from pnp.games import KINDS, game
from pnp.spec import MAX_BOARDS, MAX_ITEMS, MAX_TEXT, Page, option_types


# a text option takes any value as the text written (`title: 2026`, `title: no`), so a YAML 1.2
# editor, which reads those as a number and a boolean, must accept them too
TEXT = ["string", "number", "boolean"]


def _type_schema(hint, meta: dict) -> dict:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_type_schema(a, meta) for a in args if a is not type(None)]
        if type(None) in args:
            options.append({"type": "null"})
        return options[0] if len(options) == 1 else {"anyOf": options}
    if origin is Literal:
        return {"enum": list(args)}         # made case-insensitive with every other enum below
    if origin in (list, tuple):
        return {"type": "array", "items": _type_schema(args[0] if args else str, {})}
    if hint is bool:
        return {"type": "boolean"}
    if hint in (int, float):
        out = {"type": "integer" if hint is int else "number"}
        if meta.get("min") is not None:
            out["minimum"] = meta["min"]
        if meta.get("max") is not None:
            out["maximum"] = meta["max"]
        return out
    if hint is str:
        return {"type": TEXT, "maxLength": MAX_TEXT}
    if dataclasses.is_dataclass(hint):
        return dataclass_schema(hint)
    return {}


def _field_schema(f: dataclasses.Field, hint) -> dict:
    meta = dict(f.metadata or {})
    out = dict(meta["schema"]) if meta.get("schema") else _type_schema(hint, meta)
    if meta.get("help"):
        out["description"] = meta["help"]
    if f.default is not dataclasses.MISSING and isinstance(f.default, (int, float, str, bool, type(None))):
        out["default"] = f.default
    return out


def dataclass_schema(cls, extra: dict | None = None) -> dict:
    types = option_types(cls)
    props = {f.name: _field_schema(f, types[f.name]) for f in dataclasses.fields(cls) if f.init}
    props.update(extra or {})
    required = [f.name for f in dataclasses.fields(cls) if f.init and f.default is dataclasses.MISSING
                and f.default_factory is dataclasses.MISSING]
    out = {"type": "object", "properties": props, "additionalProperties": False}
    if required:
        out["required"] = required
    return out


def any_case(schema):
    """Every enum of names, accepting them in any case as the loader does (``size: a4``), while
    an editor still offers the canonical spelling from the enum."""
    if isinstance(schema, list):
        return [any_case(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: any_case(v) for k, v in schema.items()}
    names = out.get("enum")
    if names and all(isinstance(n, str) for n in names):
        del out["enum"]
        pattern = "|".join("".join(_either_case(ch) for ch in n) for n in names)
        return {"anyOf": [{"enum": names}, {"type": "string", "pattern": f"^(?:{pattern})$"}], **out}
    return out


def _either_case(ch: str) -> str:
    import re

    if ch.lower() != ch.upper():
        return f"[{ch.lower()}{ch.upper()}]"
    return re.escape(ch)


def spec_schema() -> dict:
    items = []
    for kind in KINDS:
        module = game(kind)
        common = {"kind": {"enum": [kind], "description": module.TITLE},
                  "count": {"type": "integer", "minimum": 1, "maximum": MAX_BOARDS, "default": 1,
                            "description": "how many to print, each generated anew"}}
        schema = dataclass_schema(module.Item, common)
        schema["required"] = ["kind"]
        schema["title"] = module.TITLE
        items.append(schema)
    return any_case({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pnp spec",
        "type": "object",
        "additionalProperties": False,
        "required": ["items"],
        "properties": {
            "title": {"type": TEXT, "maxLength": MAX_TEXT, "description": "printed in every page footer"},
            "page": dataclass_schema(Page),
            "seed": {"type": TEXT, "maxLength": MAX_TEXT,
                     "description": "any text or number, kept as written: same seed, same PDF"},
            "output": {"type": TEXT, "pattern": r"^[^/\\:.][^/\\:]*$",
                       "description": "PDF file name inside the output folder"},
            "items": {"type": "array", "minItems": 1, "maxItems": MAX_ITEMS, "items": {"oneOf": items}},
        },
    })
