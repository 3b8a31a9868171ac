"""Every size option of every game, derived from the description of its options
(``pnp.options.fields`` of its Item), as spec items.

A game's layout changes with its options: a Literal picks a layout (``size: quarter``), a
number can grow or shrink what is printed (``players``, ``spin_cycle``), a flag adds pieces
(``worksheet``). Each variant is the game's defaults with ONE option moved: every Literal value,
both values of every flag, and both ends of every bounded number (in nested option groups too).
A game whose options this cannot reach (or whose extremes are too slow to generate in a test)
declares its own list as ``LAYOUT_OPTIONS`` in its package: a sequence of option mappings.
"""

from __future__ import annotations

from typing import Any

from pnp.games import game
from pnp.options import CHOICE, FLAG, GROUP, NUMBER, RICH, WHOLE, fields

# Options that choose which boards are drawn, never how a page looks: moving them gives the
# defaults' pages after seconds of play a board (CliqueR's depth plays each board's skill chain,
# 21 s for one sweep case), so the sweep leaves them to their own tests
# (tests/games/cliquer/test_cliquer_target_depth.py builds and validates depth: packs).
CHOOSE_BOARDS_ONLY = {("cliquer", "depth")}


def variants(kind: str) -> list[dict[str, Any]]:
    """Option mappings for a ``kind:`` item, the defaults first; deduplicated, in field order."""
    module = game(kind)
    declared = getattr(module, "LAYOUT_OPTIONS", None)
    if declared is not None:
        return [dict(v) for v in declared]
    base = _required(module.Item)
    out = [base]
    for moved in _moves(module.Item):
        if any((kind, name) in CHOOSE_BOARDS_ONLY for name in moved):
            continue
        v = {**base, **moved}
        if v not in out:
            out.append(v)
    return out


def _required(cls) -> dict[str, Any]:
    """Values for the options that have no default (their documented example)."""
    return {o.key: o.example for o in fields(cls) if o.required}


def _moves(cls) -> list[dict[str, Any]]:
    moves = []
    for o in fields(cls):
        if o.shape == RICH:
            # a richer option: its JSON schema may say it is a bounded count (``players``);
            # one that is off by default (a board code, a difficulty) has no size of its own
            values = [] if o.default is None and not o.required else _schema_extremes(o.schema or {})
            moves += [{o.key: v} for v in values]
            continue
        if o.shape == CHOICE:
            values = list(o.choices)
        elif o.shape == FLAG:
            values = [True, False]
        elif o.shape in (WHOLE, NUMBER):
            values = [int(v) if o.shape == WHOLE else v for v in (o.low, o.high) if v is not None]
        elif o.shape == GROUP:
            moves += [{o.key: sub} for sub in _moves(o.group)]
            continue
        else:
            values = []
        moves += [{o.key: v} for v in values if v != o.default]
    return moves


def _schema_extremes(schema: dict) -> list[int]:
    for alt in schema.get("oneOf", [schema]):
        if alt.get("type") == "integer" and "minimum" in alt and "maximum" in alt:
            return [alt["minimum"], alt["maximum"]]
    return []


def yaml_item(kind: str, options: dict[str, Any], count: int = 1) -> str:
    """One ``items:`` entry as YAML text (flow style: options are scalars or small mappings)."""
    import json

    body = ", ".join(f"{k}: {json.dumps(v)}" for k, v in {"kind": kind, "count": count, **options}.items())
    return f"  - {{{body}}}\n"
