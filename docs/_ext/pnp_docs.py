"""pnp's own Sphinx extension: the reference pages generated from the code.

A page holding the line ``<!-- generated: cli -->`` (or ``spec``, or ``new KIND``) gets that line
replaced, when Sphinx reads it, by Markdown made from click's commands, from the JSON Schema the
spec loader agrees with (`pnp schema`) or from `pnp new KIND`. Nothing in those pages is written
twice, so nothing there can drift from the code.
"""

from __future__ import annotations

import inspect
import json
import re

from sphinx.util import logging

LOG = logging.getLogger(__name__)
MARK = re.compile(r"^<!-- generated: (\w+)(?: (\w+))? -->$", re.M)

# ---------------------------------------------------------------- the CLI, from click

def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _code(text: str) -> str:
    return f"`{text}`" if text else ""


def cli_markdown() -> str:
    import click

    from pnp.cli import cli

    root = click.Context(cli, info_name="pnp")
    out = ["## pnp", "", "```text", cli.get_usage(root).removeprefix("Usage: "), "```", "",
           inspect.cleandoc(cli.help or ""), ""]
    for name in cli.list_commands(root):
        command = cli.get_command(root, name)
        ctx = click.Context(command, info_name=name, parent=root)
        usage = command.get_usage(ctx).removeprefix("Usage: ")
        out += [f"## pnp {name}", "", "```text", usage, "```", ""]
        out += [inspect.cleandoc(command.help or ""), ""]
        # the options (the arguments are in the usage line above, and the help says what they are)
        rows = [p.get_help_record(ctx) for p in command.get_params(ctx) if isinstance(p, click.Option)]
        rows = [r for r in rows if r and r[0] != "-h, --help"]
        if rows:
            out += ["| option | what it does |", "| --- | --- |"]
            out += [f"| {_code(_cell(opts))} | {_cell(help_text)} |" for opts, help_text in rows]
            out.append("")
    return "\n".join(out)


# ---------------------------------------------------------------- the spec, from the schema

def _names(schema: dict) -> list | None:
    """The canonical names of an enum, unwrapping the any-case pattern pnp adds for editors."""
    if "enum" in schema:
        return schema["enum"]
    for option in schema.get("anyOf", []):
        if "enum" in option:
            return option["enum"]
    return None


def _range(schema: dict, kind: str) -> str:
    low, high = schema.get("minimum"), schema.get("maximum")
    if low is not None and high is not None:
        return f"{kind} {low}..{high}"
    if low is not None:
        return f"{kind} at least {low}"
    return kind


def _type(schema: dict) -> str:
    names = _names(schema)
    if names is not None:
        return " \\| ".join(f"`{n}`" for n in names)
    if "oneOf" in schema or "anyOf" in schema:
        options = [o for o in schema.get("oneOf", schema.get("anyOf", [])) if o.get("type") != "null"]
        text = " or ".join(_type(o) for o in options)
        return text + (" or `null`" if len(options) < len(schema.get("anyOf", [])) else "")
    kind = schema.get("type")
    if kind == "custom":
        return schema["shown"]
    if kind == "integer":
        return _range(schema, "whole number")
    if kind == "number":
        return _range(schema, "number")
    if kind == "boolean":
        return "`true` \\| `false`"
    if kind == "array":
        sizes = f" ({schema['minItems']}..{schema['maxItems']})" if "minItems" in schema else ""
        return f"list{sizes} of {_type(schema.get('items', {}))}"
    if kind == "object":
        keys = ", ".join(f"`{k}`" for k in schema.get("properties", {}))
        return f"mapping of {keys}"
    if isinstance(kind, list) or kind == "string":
        most = schema.get("maxLength")
        return f"text (at most {most} characters)" if most else "text"
    return "any"


def _default(schema: dict) -> str:
    if "default" not in schema:
        return ""
    value = schema["default"]
    if value is None:
        return "see its meaning"
    return f"`{value}`" if isinstance(value, str) else f"`{json.dumps(value)}`"


def _table(properties: dict, required: list, prefix: str = "") -> list[str]:
    rows = ["| key | value | default | meaning |", "| --- | --- | --- | --- |"]
    nested = []
    for key, schema in properties.items():
        shown = "required" if key in required else _default(schema)
        rows.append(f"| `{prefix}{key}` | {_type(schema)} | {shown} | {_cell(schema.get('description', ''))} |")
        for option in [schema, *schema.get("oneOf", []), *schema.get("anyOf", [])]:
            if option.get("type") == "object" and option.get("properties"):
                nested.append((key, option))
    for key, schema in nested:
        rows += ["", f"`{prefix}{key}` holds:", ""]
        rows += _table(schema["properties"], schema.get("required", []), f"{prefix}{key}.")
    return rows


def spec_markdown() -> str:
    from pnp.schema import spec_schema

    schema = spec_schema()
    top = dict(schema["properties"])
    items = top["items"]
    top["items"] = {"description": "the games to print, in order: each item is one of the kinds "
                    "below, named by its `kind`", "type": "custom",
                    "shown": f"list of 1..{items['maxItems']} items"}
    page = top.pop("page")
    out = ["## The top level", ""]
    out += _table(top, schema.get("required", []))
    out += ["", "## `page`", ""]
    out += _table(page["properties"], page.get("required", []), "page.")
    for game in items["items"]["oneOf"]:
        kind = _names(game["properties"]["kind"])[0]
        out += ["", f"## `kind: {kind}` ({game['title']})", ""]
        first = {k: game["properties"][k] for k in ("kind", "count")}     # what every item has
        rest = {k: v for k, v in game["properties"].items() if k not in first}
        out += _table({**first, **rest}, game.get("required", []))
    return "\n".join(out) + "\n"


def new_markdown(kind: str) -> str:
    from pnp.starter import starter

    return "```yaml\n" + starter(kind) + "```\n"


GENERATORS = {"cli": lambda _: cli_markdown(), "spec": lambda _: spec_markdown(), "new": new_markdown}


def _generate(app, docname: str, source: list[str]) -> None:
    def replace(match: re.Match) -> str:
        what, arg = match.group(1), match.group(2)
        if what not in GENERATORS:
            LOG.warning(f"unknown generated block {what!r}", location=docname)
            return match.group(0)
        return GENERATORS[what](arg)

    source[0] = MARK.sub(replace, source[0])


def setup(app):
    app.connect("source-read", _generate)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
