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
from pnp.spec import MAX_BOARDS, MAX_ITEMS, Page, option_types


def _type_schema(hint, meta: dict) -> dict:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        options = [_type_schema(a, meta) for a in args if a is not type(None)]
        if type(None) in args:
            options.append({"type": "null"})
        return options[0] if len(options) == 1 else {"anyOf": options}
    if origin is Literal:
        return {"enum": list(args)}
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
        return {"type": "string", "maxLength": 200}
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


def spec_schema() -> dict:
    items = []
    for kind in KINDS:
        module = game(kind)
        common = {"kind": {"const": kind, "description": module.TITLE},
                  "count": {"type": "integer", "minimum": 1, "maximum": MAX_BOARDS, "default": 1,
                            "description": "how many to print, each generated anew"}}
        schema = dataclass_schema(module.Item, common)
        schema["required"] = ["kind"]
        schema["title"] = module.TITLE
        items.append(schema)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pnp spec",
        "type": "object",
        "additionalProperties": False,
        "required": ["items"],
        "properties": {
            "title": {"type": "string", "maxLength": 200, "description": "printed in every page footer"},
            "page": dataclass_schema(Page),
            "seed": {"type": ["string", "integer"], "description": "same seed, same PDF"},
            "output": {"type": "string", "pattern": r"^[^/\\:.][^/\\:]*$",
                       "description": "PDF file name inside the output folder"},
            "items": {"type": "array", "minItems": 1, "maxItems": MAX_ITEMS, "items": {"oneOf": items}},
        },
    }
