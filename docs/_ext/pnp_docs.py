"""pnp's own Sphinx extension: the reference pages generated from the code.

A page holding the line ``<!-- generated: cli -->`` (or ``new KIND``) gets that line replaced,
when Sphinx reads it, by Markdown made from click's commands or from `pnp new KIND`. The spec
reference (every field, from the one description the loader reads, ``pnp.options``) is written
into docs/reference/spec.md itself by running this file, and a test fails when it is stale.
Nothing in those pages is written twice, so nothing there can drift from the code.
"""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

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


# ---------------------------------------------------------------- the spec, from its fields

def _names(schema: dict) -> list | None:
    """The canonical names of an enum, unwrapping the any-case pattern pnp adds for editors."""
    if "enum" in schema:
        return schema["enum"]
    for option in schema.get("anyOf", []):
        if "enum" in option:
            return option["enum"]
    return None


def _range(schema: dict, kind: str) -> str:
    from pnp.options import number_text

    low, high = schema.get("minimum"), schema.get("maximum")
    low, high = (None if x is None else number_text(x) for x in (low, high))
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


def _default(o) -> str:
    if o.required:
        return "required"
    if o.default is None:
        return "see its meaning"
    value = o.default
    return f"`{value}`" if isinstance(value, str) else f"`{json.dumps(value)}`"


def _rows(options, prefix: str = "") -> list[str]:
    from pnp.schema import option_schema

    rows = []
    for o in options:
        meaning = o.help_text() + (f" [More](../{o.docs})." if o.docs else "")    # from reference/
        value = "a mapping of the keys below" if o.children else _type(option_schema(o))
        rows.append(f"| `{prefix}{o.key}` | {_cell(o.label)} | {value} | "
                    f"{'' if o.children else _default(o)} | {_cell(meaning)} |")
        if o.children:
            rows += _rows(o.children, f"{prefix}{o.key}.")
    return rows


HEAD = ["| key | label | value | default | what it does |", "| --- | --- | --- | --- | --- |"]


def spec_markdown() -> str:
    """The spec reference: every field of the spec, of its paper and of every game, with its
    label, values, default and help, from the one description the loader reads."""
    from pnp.games import KINDS, game
    from pnp.options import GROUP
    from pnp.spec import HEADER, KIND, MAX_ITEMS, item_options

    out = ["## The top level", "", *HEAD]
    out += _rows([o for o in HEADER if o.shape != GROUP])
    out.append(f"| `items` | | list of 1..{MAX_ITEMS} items | required | The games to print, in "
               "order: each item is one of the kinds below, named by its `kind`. |")
    for group in (o for o in HEADER if o.shape == GROUP):
        out += ["", f"## `{group.key}`: {group.label.lower()}", "", *HEAD, *_rows(group.children, f"{group.key}.")]
    for kind in KINDS:
        title = game(kind).TITLE
        out += ["", f"## `kind: {kind}` ({title})", "", *HEAD]
        out.append(f"| `{KIND.key}` | {_cell(KIND.label)} | `{kind}` | required | {_cell(KIND.help_text())} |")
        out += _rows(item_options(kind))
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- written into the page itself
# The spec reference is written into docs/reference/spec.md (so it reads whole on GitHub too)
# between these marks, by `python docs/_ext/pnp_docs.py`; tests/test_options_docs.py fails when
# the page is stale.

WRITTEN = {"spec": (Path(__file__).resolve().parents[1] / "reference" / "spec.md", spec_markdown)}
BEGIN, END = "<!-- written: {} (python docs/_ext/pnp_docs.py) -->", "<!-- end written: {} -->"


def written(name: str) -> tuple[str, str]:
    """The page as it is, and as it would be with its written block made anew."""
    path, make = WRITTEN[name]
    text = path.read_text(encoding="utf-8")
    begin, end = BEGIN.format(name), END.format(name)
    head, _, rest = text.partition(begin + "\n")
    _, _, tail = rest.partition(end)
    return text, f"{head}{begin}\n\n{make()}\n{end}{tail}"


def new_markdown(kind: str) -> str:
    from pnp.starter import starter

    return "```yaml\n" + starter(kind) + "```\n"


GENERATORS = {"cli": lambda _: cli_markdown(), "new": new_markdown}


def _generate(app, docname: str, source: list[str]) -> None:
    def replace(match: re.Match) -> str:
        what, arg = match.group(1), match.group(2)
        if what not in GENERATORS:
            LOG.warning(f"unknown generated block {what!r}", location=docname)
            return match.group(0)
        return GENERATORS[what](arg)

    source[0] = MARK.sub(replace, source[0])


def main() -> None:
    for name, (path, _) in WRITTEN.items():
        old, new = written(name)
        if new != old:
            path.write_text(new, encoding="utf-8")
            print(f"wrote {path}")


def setup(app):
    app.connect("source-read", _generate)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    main()
