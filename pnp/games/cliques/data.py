"""Board <-> plain JSON data, embedded in the PDF so the validator checks what was printed."""

from __future__ import annotations

from typing import Any

from pnp.games.cliques.model import MAX_PLAYERS, Board, Circle, Tracker

KEYS = ("ident", "players", "start", "first", "circles", "trackers", "remark_cards")


def to_data(board: Board) -> dict:
    return {
        "ident": board.ident,
        "players": list(board.players),
        "start": board.start,
        "first": board.first,
        "circles": [{"founder": c.founder, "members": list(c.members)} for c in board.circles],
        "trackers": [{"player": t.player, "start": t.start, "style": t.style,
                      "approval": list(t.approval), "disapproval": list(t.disapproval)}
                     for t in board.trackers],
        "remark_cards": board.remark_cards,
    }


def from_data(data: Any) -> Board:
    d = _mapping(data, "cliques data", KEYS)
    for key in ("players", "circles", "trackers"):
        # the drawn checks cost about players^3; refuse sizes no set is printed with rather
        # than let a hostile PDF keep the validator busy for hours
        if isinstance(d[key], list) and len(d[key]) > 4 * MAX_PLAYERS:
            raise ValueError(f"{key}: {len(d[key])} entries; no set has more than {MAX_PLAYERS} players")
    circles = tuple(
        Circle(founder=_text(c["founder"], f"circles[{i}].founder"),
               members=_texts(c["members"], f"circles[{i}].members"))
        for i, c in enumerate(_mapping(x, f"circles[{i}]", ("founder", "members"))
                              for i, x in enumerate(_list(d["circles"], "circles"))))
    trackers = tuple(
        Tracker(player=_text(t["player"], f"trackers[{i}].player"),
                start=_int(t["start"], f"trackers[{i}].start"),
                style=_text(t["style"], f"trackers[{i}].style"),
                approval=_range(t["approval"], f"trackers[{i}].approval"),
                disapproval=_range(t["disapproval"], f"trackers[{i}].disapproval"))
        for i, t in enumerate(_mapping(x, f"trackers[{i}]",
                                       ("player", "start", "style", "approval", "disapproval"))
                              for i, x in enumerate(_list(d["trackers"], "trackers"))))
    return Board(ident=_text(d["ident"], "ident"), players=_texts(d["players"], "players"),
                 start=_int(d["start"], "start"), first=_text(d["first"], "first"),
                 circles=circles, trackers=trackers,
                 remark_cards=_int(d["remark_cards"], "remark_cards"))


def _mapping(value: Any, what: str, keys: tuple[str, ...]) -> dict:
    if not isinstance(value, dict):
        raise ValueError(f"{what} must be a mapping")
    missing = [k for k in keys if k not in value]
    extra = sorted(str(k) for k in value if k not in keys)
    if missing or extra:
        raise ValueError(f"{what}: missing {missing}, unexpected {extra}")
    return value


def _list(value: Any, what: str) -> list:
    if not isinstance(value, list):
        raise ValueError(f"{what} must be a list")
    return value


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, got {value!r}")
    return value


def _texts(value: Any, what: str) -> tuple[str, ...]:
    return tuple(_text(v, f"{what}[{i}]") for i, v in enumerate(_list(value, what)))


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be a whole number, got {value!r}")
    return value


def _range(value: Any, what: str) -> tuple[int, int]:
    items = _list(value, what)
    if len(items) != 2:
        raise ValueError(f"{what} must be [lowest, highest]")
    return _int(items[0], f"{what}[0]"), _int(items[1], f"{what}[1]")
