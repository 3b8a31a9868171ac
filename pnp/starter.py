"""`pnp new KIND`: a commented starter spec written from the one description of every field
(``pnp.options``), so the fields, defaults and help it shows are always those the loader reads."""

from __future__ import annotations

import json
import textwrap

from pnp.games import game
from pnp.options import GROUP, Option, number_text
from pnp.spec import HEADER, KIND, item_options

WIDTH = 96           # columns of a comment line


def title_for(kind: str) -> str:
    """The title a new spec of one game starts with (`pnp new`, the web form)."""
    return f"My {game(kind).TITLE} set"


def _yaml_value(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return str(value)
    if isinstance(value, str):
        return value if value.isidentifier() else json.dumps(value, ensure_ascii=False)
    return ""


def span(o: Option) -> str:
    """The values a field takes, in a few characters: "3..40", "page | half | quarter"."""
    if o.suggestions:
        return " | ".join(_yaml_value(v) for v in o.suggestions)
    if o.low is not None and o.high is not None:
        return f"{number_text(o.low)}..{number_text(o.high)}"
    return ""


def comment(o: Option, indent: str) -> list[str]:
    """The field's label, values and help, as comment lines."""
    head = o.label + (f" [{span(o)}]" if span(o) else "")
    text = f"{head}. {o.help_text()}" if o.help else head
    return textwrap.wrap(text, WIDTH - len(indent), initial_indent=f"{indent}# ",
                         subsequent_indent=f"{indent}#   ", break_on_hyphens=False)


def _fields(options, indent: str, given: dict | None = None) -> list[str]:
    lines = []
    for o in options:
        lines += comment(o, indent)
        if o.shape == GROUP:
            lines.append(f"{indent}{o.key}:")
            lines += _fields(o.children, indent + "  ")
            continue
        value = (given or {}).get(o.key, o.default if o.default is not None else o.example)
        if value is None:                     # empty by default: shown, commented out
            lines.append(f"{indent}# {o.key}:")
        else:
            lines.append(f"{indent}{o.key}: {_yaml_value(value)}")
    return lines


def starter(kind: str) -> str:
    module = game(kind)
    lines = [
        f"# A {module.TITLE} spec. Build it with:  pnp build THIS_FILE.yaml",
        "# Every field below is shown with its default; delete what you do not change.",
        *_fields(HEADER, "", {"title": title_for(kind)}),
        "items:",
        *comment(KIND, "  "),
        f"  - {KIND.key}: {kind}",
        *_fields(item_options(kind), "    "),
    ]
    return "\n".join(lines) + "\n"
