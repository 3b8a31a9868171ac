"""`pnp new KIND`: a commented starter spec written from the Item dataclass itself, so the
options, defaults and help it shows are always the ones the loader accepts."""

from __future__ import annotations

import dataclasses
import json

from pnp.games import game
from pnp.pdf.page import PAPER_PT


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


def _fields(cls, indent: str) -> list[str]:
    lines = []
    for f in dataclasses.fields(cls):
        if not f.init:
            continue
        help_text = (f.metadata or {}).get("help", "")
        bounds = [(f.metadata or {}).get(k) for k in ("min", "max")]
        if help_text or any(b is not None for b in bounds):
            span = f" ({bounds[0]}..{bounds[1]})" if all(b is not None for b in bounds) else ""
            span = "" if span.strip(" ()") in help_text else span
            lines.append(f"{indent}# {help_text}{span}")
        if f.default_factory is not dataclasses.MISSING:
            inner = f.default_factory()
            if dataclasses.is_dataclass(inner):
                lines.append(f"{indent}{f.name}:")
                for sub in dataclasses.fields(inner):
                    sub_help = (sub.metadata or {}).get("help", "")
                    if sub_help:
                        lines.append(f"{indent}  # {sub_help}")
                    lines.append(f"{indent}  {sub.name}: {_yaml_value(getattr(inner, sub.name))}")
                continue
        if f.default is dataclasses.MISSING:    # required: shown with its example
            lines.append(f"{indent}{f.name}: {_yaml_value((f.metadata or {}).get('example'))}")
            continue
        default = f.default
        rendered = _yaml_value(default)
        if default is None:                     # optional: shown, commented out
            lines.append(f"{indent}# {f.name}: ")
        else:
            lines.append(f"{indent}{f.name}: {rendered}")
    return lines


def starter(kind: str) -> str:
    module = game(kind)
    lines = [
        f"# A {module.TITLE} spec. Build it with:  pnp build THIS_FILE.yaml",
        "# Every option below is shown with its default; delete what you do not change.",
        f"title: My {module.TITLE} set",
        "page: {size: A4, orientation: portrait, margin_mm: 10}   # "
        f"{' | '.join(PAPER_PT)}, portrait | landscape",
        'seed: "1"             # any text or number: same seed, same PDF',
        "items:",
        f"  - kind: {kind}",
        "    count: 1          # how many to print, each generated anew",
    ]
    lines += _fields(module.Item, "    ")
    return "\n".join(lines) + "\n"

