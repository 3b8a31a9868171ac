"""The words of the rules card: the source's rules in short, the variants in play, and every rule
pnp had to decide because the source is silent, each marked "House rule".

The source (Leistiko, 2004) is written for two players. Everything here that goes beyond it
is a ``house`` paragraph, printed as one short line starting "House rule:", so a reader can
always tell the author's rules from ours; the tests hold each house rule to the topic it decides
and to the boards it belongs on.
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board
from .rules import BEADS_PER_HAND, MAX_MOVE, SHAPES, TEAM_PLAYERS, partners

HOUSE = "House rule:"

# The house rules, by topic: what pnp decided where the source is silent, and why.
#   hand    the source has six black and six white beads for two; each player gets their own
#           three of each, so hands stay secret (a shared pool shows what the other took);
#           totals are still -6..+6, as the source says
#   double  one move can meet both sides' goals (about 2 % of random games: bench/circles_play.py)
#   supply  the source's blockers are nickels, with no end; the printed supply can run out
#           (in a quarter of games where nobody spends one), and spending needs a rule too
#   team    the source is for two; four play as two teams of two
#   limit   the source's game need not end: two players who block each other can play for ever;
#           after TURN_LIMIT turns the side with more markers on its color wins (bench/
#           circles_play.py: greedy players who play for that count reach it in most games)
HOUSE_TOPICS = ("hand", "double", "supply", "team", "limit")


@dataclass(frozen=True)
class Paragraph:
    text: str
    house: str = ""          # the topic of a house rule (a rule the source leaves open), or ""
    lead: str = ""           # a bold name before the text: a variant's ("Lockdown:")

    @property
    def bold(self) -> str:
        """The bold words the paragraph starts with ("House rule:", "Lockdown:" or "")."""
        return HOUSE if self.house else self.lead

    @property
    def printed(self) -> str:
        return f"{self.bold} {self.text}" if self.bold else self.text


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[Paragraph, ...]


def teams(board: Board) -> bool:
    return board.players == TEAM_PLAYERS


def _intro(board: Board) -> Section:
    k = len(board.circles)
    sizes = "/".join(map(str, sorted({len(c.spaces) for c in board.circles})))
    where = "in a ring" if board.arrangement == "ring" else "in a row"
    who = "four players in two teams" if teams(board) else "two players"
    return Section("", (Paragraph(
        f"Jonathan Leistiko's game of outguessing (2004), for {who}. Board {board.ident}: "
        f"{k} circles {where}, {sizes} spaces each."),))


def _team(board: Board) -> Section:
    a, b = (" and ".join(map(str, side)) for side in partners(board.players))
    own = "Chits, blockers and slips" if board.variants.lockdown else "Chits and slips"
    return Section("Four players", (
        Paragraph("the source is for two players; four play in two teams.", house="team"),
        Paragraph(f"Players {a} play against {b}. Sit in order round the table, so partners "
                  f"face each other and turns alternate between the teams. {own} are each "
                  "player's own; goals stay secret, even from your partner; no hints."),
    ))


def _setup(board: Board) -> Section:
    v = board.variants
    goals = "a goal" if v.goals == 1 else f"{v.goals} goals"
    repeats = "see UnCloned" if v.uncloned else "a shape may repeat"
    chooser, first = ("One team", "the other team takes the other color, and one of its "
                      "players goes first") if teams(board) else \
        ("One player", "the other takes the other color and goes first")
    return Section("Setup", (
        Paragraph("Put each numbered marker inside its circle, its point touching the ★ start "
                  "space: a marker is on the space it points at, which stays in view. Each player "
                  f"takes {BEADS_PER_HAND} black (−1) and {BEADS_PER_HAND} white (+1) chits, "
                  "a goal slip and a pencil."),
        Paragraph(f"the chits are each player's own: a hand is 1 to {BEADS_PER_HAND} (the "
                  "source lists six beads of each for two).", house="hand"),
        Paragraph(f"Each player secretly draws {goals} of three shapes in a row "
                  f"({', '.join(SHAPES)}; {repeats}) and keeps the slip face down."),
        Paragraph(f"{chooser} chooses black or white; {first}. Tick your color on your slip."),
    ))


def _turn(board: Board) -> Section:
    other = "the opponent on the mover's left" if teams(board) else "the other player"
    return Section("A turn", (
        Paragraph(f"The player whose turn it is (the mover) picks a circle. The mover and "
                  f"{other} each hide 1 to {BEADS_PER_HAND} chits of one color in a closed "
                  f"hand, then open hands together. White chits count +1, black −1: the "
                  f"total is −{MAX_MOVE}\u00a0to\u00a0+{MAX_MOVE}."),
        Paragraph("Move that circle's marker as many spaces as the total: clockwise (+) if "
                  "positive, counter-clockwise (−) if negative; at 0 it stays. Take your chits "
                  "back; the player on the mover's left has the next turn."),
    ))


TURN_LIMIT = 150      # turns (all players together) before a game nobody has won ends: greedy
                      # players can stall for ever; blind ones rarely need 150 (bench/circles_play.py)


def _win(board: Board) -> Section:
    color, goal, who, mover = ("your team's color", "your or your partner's goal",
                               "your team wins", "the mover's team") if teams(board) \
        else ("your color", "your goal", "you win", "the mover")
    chain = "2–3–4" if len(board.circles) > 3 else "1–2–3"
    return Section("Win", (
        Paragraph("After every move, whoever made it, check: if the markers of three adjacent "
                  f"circles (a chain joined by bars, like {chain}) are all on {color}, or on "
                  f"the shapes of {goal} in order (forwards or backwards), {who}: show your "
                  "slip. Goal circle, square, pentagon wins on pentagon, square, circle; not on "
                  "circle, pentagon, square."),
        Paragraph(f"if one move wins for both sides, {mover} wins.", house="double"),
        Paragraph(f"no winner after {TURN_LIMIT} turns (tally them)? The side with more "
                  "markers on its color wins; else a draw.", house="limit"),
    ))


def variant_rules(board: Board) -> list[Paragraph]:
    """The rules of each variant in play, in the source's order (a house rule may follow)."""
    v = board.variants
    other = "the opponent on the mover's left" if teams(board) else "the other player"
    rules = []
    if v.lockdown:
        rules += [
            Paragraph(f"Each player starts with 1 blocker; the other "
                      f"{board.blockers - board.players} are the supply. When a marker ends a "
                      "move on a neutral space (hatched or ★; a total of 0 counts), the mover "
                      "takes a blocker from the supply. After the mover picks a circle, before "
                      f"hands are hidden, {other} may spend a blocker to make the mover pick "
                      "another circle.", lead="Lockdown:"),
            Paragraph("spent blockers go back to the supply; an empty supply gives none; at "
                      "most one blocker per turn.", house="supply"),
        ]
    if v.spin_cycle:
        rules.append(Paragraph(f"Each player draws {v.spin_cycle} goals instead of one; any one "
                               "of them wins.", lead="Spin Cycle:"))
    if v.uncloned:
        rules.append(Paragraph("No goal may have the same shape twice side by side: square, "
                               "circle, square is fine; square, square, circle is not.",
                               lead="UnCloned:"))
    if v.wild_cards:
        rules.append(Paragraph("A marker on your color may stand for any shape of your goal. "
                               "Black with square, circle, pentagon also wins on square, black, "
                               "pentagon, or on black, circle, black.", lead="Wild Cards:"))
    return rules


def rules_text(board: Board) -> list[Section]:
    """The card's sections, in the order printed (the intro has no heading)."""
    sections = [_intro(board)]
    if teams(board):
        sections.append(_team(board))
    sections += [_setup(board), _turn(board), _win(board)]
    variants = variant_rules(board)
    sections.append(Section("Variants in play", tuple(variants) or (Paragraph("none."),)))
    return sections


def variant_names(board: Board) -> list[str]:
    """The variants the card explains, as it names them."""
    return [p.lead.rstrip(":") for p in variant_rules(board) if p.lead]


def house_topics(board: Board) -> list[str]:
    """Every house rule the card prints for ``board``, in the order printed."""
    return [p.house for s in rules_text(board) for p in s.paragraphs if p.house]
