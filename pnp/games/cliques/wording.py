"""The rules of Cliques as the set prints them, each sentence written once.

The rules card prints them all, in the order of David Westbrook's text and in its words where
they fit; the score sheet, trackers, vote cards and remark cards reprint the ones they rely on
where they are used. Where the source is silent or pnp changes the equipment, the sentence says
"House rule" (tests/games/cliques/test_cliques_rules_text.py holds each one against the source).
"""

from __future__ import annotations

HOUSE = "House rule"


def house_rule(text: str) -> str:
    """A house rule as one line of running text: "House rule: players tied ..."."""
    return f"{HOUSE}: {text[0].lower()}{text[1:]}"


AIM = ("Players try to join social circles by cracking the code of each circle's secret "
       "language.")


def start(count: int) -> str:
    return (f"Each player begins as the only member of her own circle and holds {count} approval "
            f"and {count} disapproval tokens (the number of players or six, whichever is "
            "greater).")


AREAS = "Give each circle an area of the table for its remark cards."
FIRST = ("Draw the first player at random at the table, each game, and write her name on the score "
         "sheet; play passes to the left.")
FIRST_BLANK = "First player (drawn at random at the table): ________________; play passes to the left."

TURN = "On your turn you must make one remark in an open circle."
OPEN = ("A circle is open if each of its members holds at least one approval and at least one "
        "disapproval token.")
ANY_OPEN = "Any open circle will do, including ones you already belong to."
END = "When no circle is open, the game is over."

REMARK = ("Write, draw or otherwise make marks on a remark card, sign it and put it in that "
          "circle's area: you are the speaker.")
SLIPS = "Out of remark cards? Any index card or slip of paper will do."

VOTERS = "Every member of the circle votes; so does the speaker if she is already a member."
VOTE = ("Each voter secretly lays one of her vote cards face down; then all turn them up "
        "together.")
SILENCE = "No communication of any kind from the moment the remark is shown until all votes are up."
DUPLICATE = ("A member who believes the remark repeats, or tries to repeat, one already approved "
             "in this circle must disapprove.")
SPEND = ("Each voter counts one down on her tracker in the colour she voted, and takes her card "
         "back.")

PAIRS = ("The speaker takes back approval + disapproval pairs (per pair, her tracker goes one up "
         "in each colour) until only approvals, only disapprovals or nothing is left.")
JOIN = ("If an approval is left, she joins the circle for the rest of the game: tick her box on "
        "the score sheet.")
TALLY = ("Write the tokens left on the card; add them to the circle's running total on the "
         "score sheet.")

SCORE = ("Each player scores, for each circle she belongs to, all the tokens left on all the "
         "remarks made in it. The highest score wins.")
TIE = "Players tied on the highest score share the win."
EQUIPMENT = ("A tracker keeps your tokens: ring each colour's count in pencil (or put a coin on "
             "it) and move the ring as it changes. Vote cards show your vote; a remark card notes "
             "the tokens left on it.")
TIP = ("From the author: open with a remark in your own circle that hints at its code, and "
       "approve it.")
CUTTING = ("Cut out the trackers and vote cards; fold each vote card on its dotted line, print "
           "outside (glue if you like).")


def sections(count: int) -> list[tuple[str, str]]:
    """The rules card: (heading, paragraph), in the source's order."""
    return [
        ("", AIM),
        ("Setup", f"{start(count)} {AREAS} {FIRST} {CUTTING}"),
        ("Your turn", f"{TURN} {OPEN} {ANY_OPEN} {END}"),
        ("Remark", f"{REMARK} {SLIPS}"),
        ("Vote", f"{VOTERS} {VOTE} {SILENCE} {DUPLICATE} {SPEND}"),
        ("After the vote", f"{PAIRS} {JOIN} {TALLY}"),
        ("End", f"{END} {SCORE}"),
        (HOUSE, TIE),
        (HOUSE, EQUIPMENT),
        ("Tip", TIP),
    ]
