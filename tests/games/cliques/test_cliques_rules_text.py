"""The printed Cliques rules: complete, in the source's order, true to it, house rules marked.

Each rule of David Westbrook's text is quoted here with the words the set prints for it. The
tests read the printed pieces back from the PDF and check that every rule is on the rules card,
in the source's order, that the pieces which rely on a rule print it where it is used, and that
every sentence pnp decides says "House rule".
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from pnp.games import cliques
from pnp.games.cliques import rules_card, wording
from pnp.games.cliques.item import Item, seat_names
from pnp.games.cliques.rules import MAX_PLAYERS, MIN_PLAYERS, start_tokens
from support.paths import ROOT
from support.pieces import draw_pieces

# The source document is not ours to publish, so it is not in the repository: the quotes are
# checked against it where it sits beside the checkout (as in the workshop this was written in,
# ../shared/seeds/) or wherever $PNP_SOURCES points.
SOURCE = Path(os.environ.get("PNP_SOURCES", ROOT.parent / "shared" / "seeds")) / "000_e2552a27fd402735.txt"

# (the source's words, what the set prints for them), in the source's order
RULES = [
    ("Players try to join social circles by cracking the code of each circle's secret language.",
     wording.AIM),
    ("Each player begins the game as a member of a circle whose only member is herself.",
     "begins as the only member of her own circle"),
    ("either a number of approval tokens equal to the number of players, or six approval tokens, "
     "whichever is greater, and the same number of disapproval tokens",
     "(the number of players or six, whichever is greater)"),
    ("A general area of the playing surface should be assigned to each player's circle.",
     wording.AREAS),
    ("The starting player is determined randomly, and play proceeds clockwise.",
     "Draw the first player at random at the table, each game"),
    ("On her turn a player must make one remark within an existing circle.", wording.TURN),
    ("A player may only make a remark within a given circle if each of that circle's members has "
     "at least one approval token and at least one disapproval token.", wording.OPEN),
    ("If a player is unable to make a remark because no existing circle fulfills this condition, "
     "the game is over.", wording.END),
    ("A player may choose any open circle to make her remark in, including circles of which she "
     "is already a member.", wording.ANY_OPEN),
    ("a player writes, draws, or otherwise makes marks on an index card, signs the card, and then "
     "places the card in the area of the playing surface assigned to that circle. The player "
     "making the remark becomes \"the speaker.\"", wording.REMARK),
    ("All current members of that circle must then vote on whether to approve or disapprove of "
     "the remark.", "Every member of the circle votes"),
    ("Each member secretly chooses either an approval token or a disapproval token.",
     "secretly lays one of her vote cards face down"),
    ("she must vote to disapprove the remark.", wording.DUPLICATE),
    ("All members reveal their chosen tokens simultaneously, and then place these tokens on the "
     "remark card.", "then all turn them up together"),
    ("If the speaker is already a member of the group, she votes as well.",
     "so does the speaker if she is already a member"),
    ("No communication of any kind may take place between any players between the moment a "
     "remark is revealed and the moment all votes are revealed.", wording.SILENCE),
    ("the speaker removes one approval token and one disapproval token from the card and places "
     "these two tokens in her personal token supply.", wording.PAIRS),
    ("If, after this process, the card contains one or more approval tokens, the speaker becomes "
     "a member of the circle.", "If an approval is left, she joins the circle for the rest of "
                                "the game"),
    ("For each circle of which a player is a member, she adds to her score the total number of "
     "tokens (approval tokens + disapproval tokens) on all remarks made within the circle.",
     "for each circle she belongs to, all the tokens left on all the remarks made in it"),
    ("The player with the highest score wins.", "The highest score wins."),
]

# what pnp decides where the source is silent, or changes (its tokens)
HOUSE_RULES = [wording.TIE, wording.EQUIPMENT]


def printed(board, name: str) -> str:
    (_, _, page), = draw_pieces(board, only=lambda n: n == name)
    text = page.get_textpage().get_text_range()
    return " ".join(text.replace("\ufffe", "-").replace("-\r\n", "-").split())


@pytest.fixture(scope="module")
def board():
    return cliques.generate(Item(players=seat_names(5)), random.Random(4), "RULE-01")


@pytest.fixture(scope="module")
def card(board):
    return printed(board, "rules card")


def test_every_rule_of_the_source_is_on_the_rules_card(card):
    missing = [source for source, ours in RULES if " ".join(ours.split()) not in card]
    assert not missing


def test_the_rules_card_keeps_the_source_order_section_by_section(card):
    """Taken in the source's order, each rule is first stated in the same section of the card as
    the rule before it, or a later one."""
    sections = [" ".join(text.split()) for _, text in wording.sections(6)]
    first = [next(k for k, text in enumerate(sections) if ours in text) for _, ours in RULES]
    assert first == sorted(first)
    headings = [h for h, _ in wording.sections(6) if h]
    assert [card.find(f"{h}.") for h in headings] == sorted(card.find(f"{h}.") for h in headings)


def test_quotes_are_the_source_word_for_word():
    if not SOURCE.exists():
        pytest.skip(f"the source text is not at {SOURCE} (set PNP_SOURCES to its folder)")
    source = " ".join(SOURCE.read_text(encoding="utf-8").split())
    assert [quote for quote, _ in RULES if quote not in source] == []


def test_what_pnp_decides_says_house_rule(card, board):
    for rule in HOUSE_RULES:
        assert f"{wording.HOUSE}. {rule}" in card
    assert wording.house_rule(wording.TIE) in printed(board, "score sheet")
    # and nothing else claims to be one
    assert card.count(wording.HOUSE) == len(HOUSE_RULES)


def test_the_card_says_other_paper_will_do(card):
    assert "Any index card or slip of paper will do." in card


@pytest.mark.parametrize("players", range(MIN_PLAYERS, MAX_PLAYERS + 1))
def test_start_count_printed_is_the_rule(players):
    board = cliques.generate(Item(players=seat_names(players)), random.Random(1), "RULE-02")
    s = start_tokens(players)
    phrase = f"holds {s} approval and {s} disapproval tokens"
    assert phrase in printed(board, "rules card")
    assert phrase in printed(board, "score sheet")
    assert f"start: {s} of each colour" in printed(board, f"tracker {board.players[0]}")


def test_each_sheet_prints_the_rules_it_relies_on(board):
    sheet = printed(board, "score sheet")
    for rule in (wording.TURN, wording.OPEN, wording.END, "play passes to the left",
                 "First player (drawn at random at the table): ________________",
                 "she stays a member for the rest of the game"):
        assert rule in sheet, rule
    tracker = printed(board, f"tracker {board.players[0]}")
    for rule in ("Ring each count in pencil (or put a coin on it).",
                 "You vote: that colour's count goes one down.",
                 "You take back a pair: each count goes one up.", wording.OPEN):
        assert rule in tracker, rule
    remark = printed(board, "remark card 1")
    for rule in ("Every member votes, the speaker too if already a member",
                 "in silence, revealed together",
                 "A member who believes the remark repeats one approved here must disapprove",
                 "pairs go back to the speaker; any approval left: she joins"):
        assert rule in remark, rule
    votes = printed(board, f"vote cards {board.players[0]}")
    assert "Approval" in votes and "Disapproval" in votes and board.players[0] in votes


def test_the_full_row_instruction_points_at_the_sheet_itself(board):
    sheet = printed(board, "score sheet")
    assert "overleaf" not in sheet
    assert "Full row? Carry on in a spare row at the bottom" in sheet


def test_rules_card_text_is_as_large_as_fits():
    from pnp.games.cliques.sizes import RULES_CARD
    width = (RULES_CARD[0] - 20 - rules_card.COLUMN_GAP) / 2
    size, _ = rules_card.layout(wording.sections(12), width, RULES_CARD[1] - 20 - 20)
    assert 7 <= size <= rules_card.LARGEST


@pytest.mark.parametrize("players", [7, 8, 10, 12])
def test_a_tens_and_units_tracker_says_how_far_its_count_goes(players):
    """Its tens row stops at a ten ("60" for eight players), so the tracker says in words that
    a count goes up to every token of a colour in play (64), which tens and units reach."""
    from pnp.games.cliques.rules import tokens_in_play, tracker_style

    board = cliques.generate(Item(players=seat_names(players)), random.Random(players), "RULE-01")
    text = printed(board, f"tracker {board.trackers[0].player}")
    most = tokens_in_play(players)
    low, high = board.trackers[0].approval
    assert tracker_style(players) == "tens-units" and low == 0 and high >= most
    assert f"count = tens + units, from 0 up to {most}, every token of a colour in play" in text
    # the tens row prints the ten below the top and the units row 0 to 9: the top is ringable
    assert str(most // 10 * 10) in text.split() and str(most % 10) in text.split()
