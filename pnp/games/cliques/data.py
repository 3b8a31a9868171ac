"""Board <-> plain JSON data, embedded in the PDF so the validator checks what was printed."""

from __future__ import annotations

from typing import Any

from pnp.games.base import Fields, text, whole
from .board import Board, Circle, Tracker
from .rules import MAX_PLAYERS

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
    """The set the data describes; ValueError if malformed. Well-formed but broken sets load, so
    ``check`` can say what is wrong."""
    f = Fields(data, "cliques data", KEYS)
    # the drawn checks cost about players^2; refuse sizes no set is printed with rather than let a
    # hostile PDF keep the validator busy
    most = 4 * MAX_PLAYERS
    circles = []
    for i, raw in enumerate(f.list("circles", most)):
        c = Fields(raw, f"circles[{i}]", ("founder", "members"))
        circles.append(Circle(founder=c.text("founder"), members=_texts(c, "members", most)))
    trackers = []
    for i, raw in enumerate(f.list("trackers", most)):
        t = Fields(raw, f"trackers[{i}]", ("player", "start", "style", "approval", "disapproval"))
        trackers.append(Tracker(player=t.text("player"), start=t.int("start"), style=t.text("style"),
                                approval=_range(t, "approval"), disapproval=_range(t, "disapproval")))
    return Board(ident=f.text("ident"), players=_texts(f, "players", most), start=f.int("start"),
                 first=f.text("first"), circles=tuple(circles), trackers=tuple(trackers),
                 remark_cards=f.int("remark_cards"))


def _texts(f: Fields, key: str, most: int) -> tuple[str, ...]:
    return tuple(text(v, f"{f.where}.{key}[{i}]") for i, v in enumerate(f.list(key, most)))


def _range(f: Fields, key: str) -> tuple[int, int]:
    pair = f.list(key, 2)
    if len(pair) != 2:
        raise ValueError(f"{f.where}.{key} must be [lowest, highest]")
    return whole(pair[0], f"{f.where}.{key}[0]"), whole(pair[1], f"{f.where}.{key}[1]")
