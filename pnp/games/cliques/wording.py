"""The rules of Cliques as the set prints them, each sentence written once.

The rules card prints them all, in the order of David Westbrook's text and in its words where
they fit; the score sheet, trackers, vote cards and remark cards reprint the ones they rely on
where they are used. Where the source is silent or pnp changes the equipment, the sentence says
"House rule" (tests/games/cliques/test_cliques_rules_text.py holds each one against the source).
"""

from __future__ import annotations

from pnp.i18n import N_, _, current, ngettext, number

# Each sentence is a catalog message (pnp/i18n): a name here holds the English message; ``_``
# prints it in the page's language where it is used.
HOUSE = N_("House rule")


def house_rule(text: str) -> str:
    """A house rule as one line of running text: "House rule: players tied ..." (``text`` a
    message; its first letter small where the language writes it so after a colon)."""
    said = _(text)
    if current().lower_after_colon:
        said = f"{said[0].lower()}{said[1:]}"
    return _("{house}: {rule}").format(house=_(HOUSE), rule=said)


AIM = N_("Players try to join social circles by cracking the code of each circle's secret "
         "language.")


def start(count: int) -> str:
    return _("Each player begins as the only member of her own circle and holds {count} approval "
             "and {count} disapproval tokens (the number of players or six, whichever is "
             "greater).").format(count=number(count))


AREAS = N_("Give each circle an area of the table for its remark cards.")
FIRST = N_("Draw the first player at random at the table, each game, and write her name on the score "
           "sheet; play passes to the left.")
FIRST_BLANK = N_("First player (drawn at random at the table): ________________; play passes to the left.")

TURN = N_("On your turn you must make one remark in an open circle.")
OPEN = N_("A circle is open if each of its members holds at least one approval and at least one "
          "disapproval token.")
ANY_OPEN = N_("Any open circle will do, including ones you already belong to.")
END = N_("When no circle is open, the game is over.")

REMARK = N_("Write, draw or otherwise make marks on a remark card, sign it and put it in that "
            "circle's area: you are the speaker.")
SLIPS = N_("Out of remark cards? Any index card or slip of paper will do.")

VOTERS = N_("Every member of the circle votes; so does the speaker if she is already a member.")
VOTE = N_("Each voter secretly lays one of her vote cards face down; then all turn them up "
          "together.")
SILENCE = N_("No communication of any kind from the moment the remark is shown until all votes are up.")
DUPLICATE = N_("A member who believes the remark repeats, or tries to repeat, one already approved "
               "in this circle must disapprove.")
SPEND = N_("Each voter counts one down on her tracker in the colour she voted, and takes her card "
           "back.")

PAIRS = N_("The speaker takes back approval + disapproval pairs (per pair, her tracker goes one up "
           "in each colour) until only approvals, only disapprovals or nothing is left.")
JOIN = N_("If an approval is left, she joins the circle for the rest of the game: tick her box on "
          "the score sheet.")
TALLY = N_("Write the tokens left on the card; add them to the circle's running total on the "
           "score sheet.")

SCORE = N_("Each player scores, for each circle she belongs to, all the tokens left on all the "
           "remarks made in it. The highest score wins.")
TIE = N_("Players tied on the highest score share the win.")
EQUIPMENT = N_("A tracker keeps your tokens: ring each colour's count in pencil (or put a coin on "
               "it) and move the ring as it changes. Vote cards show your vote; a remark card notes "
               "the tokens left on it.")
TIP = N_("From the author: open with a remark in your own circle that hints at its code, and "
         "approve it.")
CUTTING = N_("Cut out the trackers and vote cards; fold each vote card on its dotted line, print "
             "outside (glue if you like).")


def paragraph(*sentences: str) -> str:
    """Sentences (messages) in the page's language, run together as one paragraph."""
    return current().sentence_gap.join(_(s) for s in sentences)


def sections(count: int) -> list[tuple[str, str]]:
    """The rules card: (heading, paragraph), in the source's order."""
    gap = current().sentence_gap
    return [
        ("", _(AIM)),
        (_("Setup"), start(count) + gap + paragraph(AREAS, FIRST, CUTTING)),
        (_("Your turn"), paragraph(TURN, OPEN, ANY_OPEN, END)),
        (_("Remark"), paragraph(REMARK, SLIPS)),
        (_("Vote"), paragraph(VOTERS, VOTE, SILENCE, DUPLICATE, SPEND)),
        (_("After the vote"), paragraph(PAIRS, JOIN, TALLY)),
        (_("End"), paragraph(END, SCORE)),
        (_(HOUSE), _(TIE)),
        (_(HOUSE), _(EQUIPMENT)),
        (_("Tip"), _(TIP)),
    ]


def players(count: int) -> str:
    """"5 players", as the page's language counts them."""
    return ngettext("{n} player", "{n} players", count).format(n=number(count))


def colour_name(colour: str) -> str:
    """A token colour's name as a label prints it ("Approval")."""
    from .rules import APPROVAL

    return _("Approval") if colour == APPROVAL else _("Disapproval")
