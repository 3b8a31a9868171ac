"""Every size option of every game, derived from its Item dataclass, as spec items.

A game's layout changes with its options: a Literal picks a layout (``size: quarter``), a
number can grow or shrink what is printed (``players``, ``spin_cycle``), a flag adds pieces
(``worksheet``). Each variant is the game's defaults with ONE option moved: every Literal value,
both values of every flag, and both ends of every bounded number (in nested option groups too).
A game whose options this cannot reach (or whose extremes are too slow to generate in a test)
declares its own list as ``LAYOUT_OPTIONS`` in its package: a sequence of option mappings.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any, Literal

from pnp.games import game

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
    out = {}
    for f in dataclasses.fields(cls):
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            out[f.name] = f.metadata.get("example")
    return out


def _moves(cls) -> list[dict[str, Any]]:
    hints = typing.get_type_hints(cls)
    moves = []
    for f in dataclasses.fields(cls):
        hint = _plain(hints[f.name])
        default = None if f.default is dataclasses.MISSING else f.default
        if f.metadata.get("parse") is not None:
            # a richer option: its JSON schema may say it is a bounded count (``players``);
            # one that is off by default (a board code, a difficulty) has no size of its own
            values = [] if default is None and f.default is not dataclasses.MISSING \
                else _schema_extremes(f.metadata.get("schema") or {})
            moves += [{f.name: v} for v in values]
            continue
        if typing.get_origin(hint) is Literal:
            values = list(typing.get_args(hint))
        elif hint is bool:
            values = [True, False]
        elif hint in (int, float):
            values = [v for v in (f.metadata.get("min"), f.metadata.get("max")) if v is not None]
            values = [int(v) if hint is int else v for v in values]
        elif dataclasses.is_dataclass(hint):
            moves += [{f.name: sub} for sub in _moves(hint)]
            continue
        else:
            values = []
        moves += [{f.name: v} for v in values if v != default]
    return moves


def _schema_extremes(schema: dict) -> list[int]:
    for alt in schema.get("oneOf", [schema]):
        if alt.get("type") == "integer" and "minimum" in alt and "maximum" in alt:
            return [alt["minimum"], alt["maximum"]]
    return []


def _plain(hint):
    """``X | None`` -> X."""
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return hint


def yaml_item(kind: str, options: dict[str, Any], count: int = 1) -> str:
    """One ``items:`` entry as YAML text (flow style: options are scalars or small mappings)."""
    import json

    body = ", ".join(f"{k}: {json.dumps(v)}" for k, v in {"kind": kind, "count": count, **options}.items())
    return f"  - {{{body}}}\n"
