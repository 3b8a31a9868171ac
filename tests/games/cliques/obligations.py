"""What Cliques owes the validator's tests (``pnp.games.base.TEST_OBLIGATIONS``): a good
spec to plant defects in, a planted defect for every problem code of the game (``CODE_DEFECTS``)
and the defects a forger would try on its pages (``MUTATIONS``), and the codes no file can reach.
``support.obligations`` finds this file through the registry; ``tests/verify/test_mutations.py``
plants every defect and asks the validator to name it.
"""

from __future__ import annotations

import json
import random

from support.forgery import (Forgery, Mutation, data_edit, edit_data, erase, in_frame, renumber,
                             replace_span, set_value, transplant, unplaced)

GOOD_SPEC = """\
title: Mutations Cliques
seed: mutate
output: cliques.pdf
items:
  - kind: cliques
    players: [Ann, Bo, Cy, Dee]
    remark_cards: 4
"""


def wrong_start(forgery: Forgery, rng: random.Random) -> str | None:
    """Sheets that say each player starts with the wrong number of tokens."""
    record = rng.choice(forgery.boards("cliques"))
    data = record["data"]
    wrong = data["start"] + rng.choice([-3, -2, -1, 1, 2, 3, 4])
    if wrong < 0:
        return None
    data["start"] = wrong
    return f"start count {wrong} instead of the rule's"


def tracker_short(forgery: Forgery, rng: random.Random) -> str | None:
    """A tracker whose range stops short of the tokens a player can hold."""
    from pnp.games.cliques.rules import reachable
    record = rng.choice(forgery.boards("cliques"))
    tracker = rng.choice(record["data"]["trackers"])
    colour = rng.choice(["approval", "disapproval"])
    low, high = reachable(len(record["data"]["players"]))   # tens-and-units print up to x9
    tracker[colour] = [low, high - rng.randint(1, max(1, high // 3))]
    return f"{tracker['player']}'s {colour} track stops at {tracker[colour][1]} (data)"


def tracker_cell_erased(forgery: Forgery, rng: random.Random) -> str | None:
    """A cell of a printed tracker missing (the data still claims the full range)."""
    record = rng.choice(forgery.boards("cliques"))
    placement = rng.choice([p for p in record["placements"] if p["piece"].startswith("tracker ")])
    page = placement["page"]
    tag = rng.choice(["CqA", "CqD"])
    inside = [m for m in forgery.sections(page, tag) if in_frame(m, placement["frame"])]
    if not inside:
        tag += rng.choice("TU")               # tens-and-units trackers
        inside = [m for m in forgery.sections(page, tag) if in_frame(m, placement["frame"])]
    m = rng.choice(inside)
    forgery.set_content(page, replace_span(forgery.content(page), m, ""))
    return f"cell {m.group('index')} of {placement['piece']}'s {tag} track erased"


def start_misprinted(forgery: Forgery, rng: random.Random) -> str | None:
    """The Cliques sheets print another starting count than the data (which is right)."""
    payload = json.loads(json.dumps(forgery.payload))
    for record in payload["boards"]:
        if record["kind"] == "cliques":
            record["data"]["start"] += rng.choice([-2, -1, 1, 2])
            for tracker in record["data"]["trackers"]:
                tracker["start"] = record["data"]["start"]
    transplant(forgery, ("cliques",), payload)
    return "sheets printed with another starting count"


MUTATIONS = [
    Mutation("Cliques: wrong starting count", "cliques", "start-count", wrong_start),
    Mutation("Cliques: tracker range too short", "cliques", "tracker-range", tracker_short),
    Mutation("Cliques: a tracker cell not printed", "cliques", "drawn-tracker-range",
                 tracker_cell_erased),
    Mutation("Text: Cliques start count misprinted", "cliques", "content-differs",
                 start_misprinted),
]

CODE_DEFECTS = [
    Mutation("two players", "cliques", "player-count",
                 data_edit("cliques", edit_data(lambda d: d.update(players=d["players"][:2])))),
    Mutation("an empty name", "cliques", "player-name",
                 data_edit("cliques", edit_data(lambda d: d["players"].__setitem__(0, "")))),
    Mutation("first player absent", "cliques", "first-player", data_edit("cliques", set_value("first", "Zed"))),
    Mutation("negative remark cards", "cliques", "remark-cards", data_edit("cliques", set_value("remark_cards", -1))),
    Mutation("a circle for a stranger", "cliques", "circle-unknown",
                 data_edit("cliques", edit_data(lambda d: d["circles"][0].update(founder="Zed")))),
    Mutation("a circle with two members", "cliques", "circle-members",
                 data_edit("cliques", edit_data(lambda d: d["circles"][0]["members"].append(d["players"][1])))),
    Mutation("a tracker for a stranger", "cliques", "tracker-unknown",
                 data_edit("cliques", edit_data(lambda d: d["trackers"][0].update(player="Zed")))),
    Mutation("a tracker style unknown", "cliques", "tracker-style",
                 data_edit("cliques", edit_data(lambda d: d["trackers"][0].update(style="dial")))),
    Mutation("a tracker starting elsewhere", "cliques", "tracker-start",
                 data_edit("cliques", edit_data(lambda d: d["trackers"][0].update(start=d["start"] + 1)))),
    Mutation("a circle missing", "cliques", "circle-missing",
                 data_edit("cliques", edit_data(lambda d: d["circles"].pop(0)))),
    Mutation("a circle twice", "cliques", "circle-duplicate",
                 data_edit("cliques", edit_data(lambda d: d["circles"].append(dict(d["circles"][0]))))),
    Mutation("a tracker missing", "cliques", "tracker-missing",
                 data_edit("cliques", edit_data(lambda d: d["trackers"].pop(0)))),
    Mutation("a tracker twice", "cliques", "tracker-duplicate",
                 data_edit("cliques", edit_data(lambda d: d["trackers"].append(dict(d["trackers"][0]))))),
    Mutation("a tracker not placed", "cliques", "drawn-tracker-missing", unplaced("cliques", "tracker ")),
    Mutation("a tracker's start label erased", "cliques", "drawn-tracker-start", erase("CqSA", "cliques")),
    Mutation("score sheet not placed", "cliques", "drawn-score-sheet-missing",
                 unplaced("cliques", "score sheet")),
    Mutation("a circle heading erased", "cliques", "drawn-circles", erase("CqC", "cliques")),
    Mutation("a founder box erased", "cliques", "drawn-founders", erase("CqF", "cliques")),
    Mutation("rules card not placed", "cliques", "drawn-rules-card-missing",
                 unplaced("cliques", "rules card")),
    Mutation("a printed start count marked as another", "cliques", "drawn-start-count",
                 renumber("CqN", "cliques")),
    Mutation("a vote card face erased", "cliques", "drawn-vote-cards", erase("CqV", "cliques")),
]

# codes of this game no planted file can reach, each with the test that reaches it otherwise
UNPLANTABLE: dict[str, str] = {}
