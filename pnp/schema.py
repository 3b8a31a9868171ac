"""The spec format as JSON Schema, made from the one description of every field
(``pnp.options``), so an editor that completes and checks YAML against it agrees with
`pnp build`."""

from __future__ import annotations

import re

from pnp.games import KINDS, game
from pnp.options import CHOICE, FLAG, GROUP, NUMBER, RICH, TEXT, TEXT_JSON, WHOLE, Option, fields
from pnp.spec import COUNT, HEADER, KIND, MAX_ITEMS, MAX_TEXT


def option_schema(o: Option) -> dict:
    """The JSON Schema of one field: its type, range, default and help."""
    if o.schema is not None:
        out = dict(o.schema)
    elif o.shape == CHOICE:
        out = {"enum": list(o.choices)}         # made case-insensitive with every other enum below
    elif o.shape == FLAG:
        out = {"type": "boolean"}
    elif o.shape in (WHOLE, NUMBER):
        out = {"type": "integer" if o.shape == WHOLE else "number"}
        if o.low is not None:
            out["minimum"] = o.low
        if o.high is not None:
            out["maximum"] = o.high
    elif o.shape == TEXT:
        out = {"type": TEXT_JSON, "maxLength": MAX_TEXT}
    else:
        assert o.shape == GROUP, o.shape
        out = options_schema(o.children)
    if o.empty and o.shape != RICH:
        out = {"anyOf": [out, {"type": "null"}]}
    if o.help:
        out["description"] = o.help_text()
    if isinstance(o.default, (int, float, str, bool)) or o.default is None and o.empty:
        out["default"] = o.default
    return out


def options_schema(options, extra: dict | None = None) -> dict:
    props = {o.key: option_schema(o) for o in options}
    props.update(extra or {})
    required = [o.key for o in options if o.required]
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
    if ch.lower() != ch.upper():
        return f"[{ch.lower()}{ch.upper()}]"
    return re.escape(ch)


def spec_schema() -> dict:
    items = []
    for kind in KINDS:
        module = game(kind)
        common = {KIND.key: {"enum": [kind], "description": module.TITLE},
                  COUNT.key: option_schema(COUNT)}
        schema = options_schema(fields(module.Item), common)
        schema["required"] = [KIND.key] + schema.get("required", [])
        schema["properties"] = {**common, **schema["properties"]}
        schema["title"] = module.TITLE
        items.append(schema)
    top = options_schema(HEADER)
    top["properties"]["items"] = {"type": "array", "minItems": 1, "maxItems": MAX_ITEMS,
                                  "items": {"oneOf": items}}
    top["required"] = top.get("required", []) + ["items"]
    return any_case({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "pnp spec",
        **top,
    })
