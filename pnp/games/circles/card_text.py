"""The words of the rules card: the source's rules in short, the variants in play, and every rule
pnp had to decide because the source is silent, each marked "House rule".

The source (Leistiko, 2004) is written for two players. Everything here that goes beyond it
is a ``house`` paragraph, printed as one short line starting "House rule:", so a reader can
always tell the author's rules from ours; the tests hold each house rule to the topic it decides
and to the boards it belongs on.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.i18n import N_, _, listed, ngettext, number

from .board import Board
from .rules import BEADS_PER_HAND, Ending, MAX_MOVE, SHAPES, TEAM_PLAYERS, partners

HOUSE = N_("House rule:")

# The house rules, by topic: what pnp decided where the source is silent, and why.
#   hand    the source has six black and six white beads for two; each player gets their own
#           three of each, so hands stay secret (a shared pool shows what the other took);
#           totals are still -6..+6, as the source says
#   check   the source says when you win, not when to look: the card checks after every move,
#           whoever made it, so the other side's move can win for you
#   double  one move can meet both sides' goals (about 2 % of random games: bench/circles_play.py)
#   start   the board is pnp's (the source does not describe one): its ★ start space counts as
#           neutral, so Lockdown gives a blocker on it
#   supply  the source's blockers are nickels, with no end; the printed supply of six more can
#           run out (in a quarter of games where nobody spends one)
#   spend   and spending needs a rule too: a spent blocker goes back, one a turn
#   team    the source is for two; four play as two teams of two
#   limit   the source's game need not end: two players who block each other can play for ever;
#           turns are ticked on the turn track, and after TURN_LIMIT a game is a draw
#   calm    what keeps the limit rare: after CALM_TURNS turns a total of 0 moves the marker one
#           space clockwise and no circle may be picked twice in a row (bench/circles_play.py
#           weighs it and the endings tried before it)
HOUSE_TOPICS = ("hand", "check", "double", "start", "supply", "spend", "team", "limit", "calm")


@dataclass(frozen=True)
class Paragraph:
    text: str
    house: str = ""          # the topic of a house rule (a rule the source leaves open), or ""
    lead: str = ""           # a bold name before the text: a variant's ("Lockdown:")

    @property
    def bold(self) -> str:
        """The bold words the paragraph starts with ("House rule:", "Lockdown:" or ""), in the
        page's language."""
        return _(HOUSE) if self.house else self.lead

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
    sizes = "/".join(map(number, sorted({len(c.spaces) for c in board.circles})))
    where = _("in a ring") if board.arrangement == "ring" else _("in a row")
    who = _("four players in two teams") if teams(board) else _("two players")
    return Section("", (Paragraph(
        _("Jonathan Leistiko's game of outguessing (2004), for {who}. Board {ident}: "
          "{k} circles {where}, {sizes} spaces each.").format(
            who=who, ident=board.ident, k=number(k), where=where, sizes=sizes)),))


def _team(board: Board) -> Section:
    a, b = (listed(map(number, side)) for side in partners(board.players))
    if board.variants.lockdown:
        own = _("Players {a} play against {b}. Sit in order round the table, so partners face "
                "each other and turns alternate between the teams. Chits, blockers and slips "
                "are each player's own; goals stay secret, even from your partner; no hints.")
    else:
        own = _("Players {a} play against {b}. Sit in order round the table, so partners face "
                "each other and turns alternate between the teams. Chits and slips are each "
                "player's own; goals stay secret, even from your partner; no hints.")
    return Section(_("Four players"), (
        Paragraph(_("the source is for two players; four play in two teams."), house="team"),
        Paragraph(own.format(a=a, b=b)),
    ))


def _setup(board: Board) -> Section:
    v = board.variants
    goals = ngettext("a goal", "{n} goals", v.goals).format(n=number(v.goals))
    repeats = _("see UnCloned") if v.uncloned else _("a shape may repeat")
    shapes = _(", ").join(_(shape) for shape in SHAPES)
    if teams(board):
        colors = _("One team chooses black or white; the other team takes the other color, and "
                   "one of its players goes first. Tick your color on your slip.")
    else:
        colors = _("One player chooses black or white; the other takes the other color and goes "
                   "first. Tick your color on your slip.")
    return Section(_("Setup"), (
        Paragraph(_("Put each numbered marker inside its circle, its point touching the ★ start "
                    "space: a marker is on the space it points at, which stays in view. Each "
                    "player takes {beads} black (−1) and {beads} white (+1) chits, a goal slip "
                    "and a pencil.").format(beads=number(BEADS_PER_HAND))),
        Paragraph(_("the chits are each player's own: a hand is 1 to {beads} (the source lists "
                    "six beads of each for two).").format(beads=number(BEADS_PER_HAND)),
                  house="hand"),
        Paragraph(_("Each player secretly draws {goals} of three shapes in a row ({shapes}; "
                    "{repeats}) and keeps the slip face down.").format(
                        goals=goals, shapes=shapes, repeats=repeats)),
        Paragraph(colors),
    ))


def _turn(board: Board) -> Section:
    if teams(board):
        hide = _("The player whose turn it is (the mover) picks a circle. The mover and the "
                 "opponent on the mover's left each hide 1 to {beads} chits of one color in a "
                 "closed hand, then open hands together. White chits count +1, black −1: the "
                 "total is −{most}\u00a0to\u00a0+{most}.")
    else:
        hide = _("The player whose turn it is (the mover) picks a circle. The mover and the "
                 "other player each hide 1 to {beads} chits of one color in a closed hand, then "
                 "open hands together. White chits count +1, black −1: the total is "
                 "−{most}\u00a0to\u00a0+{most}.")
    if teams(board):
        move = _("Move that circle's marker as many spaces as the total: clockwise (+) if "
                 "positive, counter-clockwise (−) if negative; at 0 it stays. Take your chits "
                 "back; the player on the mover's left has the next turn.")
    else:
        move = _("Move that circle's marker as many spaces as the total: clockwise (+) if "
                 "positive, counter-clockwise (−) if negative; at 0 it stays. Take your chits "
                 "back; the other player has the next turn.")
    return Section(_("A turn"), (
        Paragraph(hide.format(beads=number(BEADS_PER_HAND), most=number(MAX_MOVE))),
        Paragraph(move),
    ))


# Turns are counted all players together, ticked on the turn track (tokens.draw_turn_track).
# Players who block each other's hands (one move ahead, or drawing hands as the guessing game's
# equilibrium says) can stall the source's game for ever; after CALM_TURNS turns the rule takes
# the standstill away: cancelled hands still move the marker, so blocking no longer freezes the
# board. Clockwise, not the mover's way, so the step favours no side; no circle twice in a row,
# so two players cannot send one marker back and forth. A draw (not a tie-break, which players
# would play for) at TURN_LIMIT. Measured in bench/circles_play.py --endings: with blind,
# greedy, marker-count and guessing players on every variant, at most a few % of games reach
# TURN_LIMIT (docs/games/circles.md, "Endings weighed").
CALM_TURNS = 40
TURN_LIMIT = 200
ENDING = Ending(step_from=CALM_TURNS + 1, draw_at=TURN_LIMIT, fresh=True, clockwise=True)


def _win(board: Board) -> Section:
    chain = "–".join(map(number, (2, 3, 4) if len(board.circles) > 3 else (1, 2, 3)))
    if teams(board):
        win = _("If the markers of three adjacent circles (a chain joined by bars, like {chain}) "
                "are all on your team's color, or on the shapes of your or your partner's goal "
                "in order (forwards or backwards), your team wins: show your slip. Goal circle, "
                "square, pentagon wins on pentagon, square, circle; not on circle, pentagon, "
                "square.")
        double = _("if one move wins for both sides, the mover's team wins.")
    else:
        win = _("If the markers of three adjacent circles (a chain joined by bars, like {chain}) "
                "are all on your color, or on the shapes of your goal in order (forwards or "
                "backwards), you win: show your slip. Goal circle, square, pentagon wins on "
                "pentagon, square, circle; not on circle, pentagon, square.")
        double = _("if one move wins for both sides, the mover wins.")
    return Section(_("Win"), (
        Paragraph(win.format(chain=chain)),
        Paragraph(_("check for a win after every move, whoever made it."), house="check"),
        Paragraph(double, house="double"),
        Paragraph(_("tick the turn track every turn, five strokes to a box; no winner after {limit} "
                    "turns: a draw.").format(limit=number(TURN_LIMIT)), house="limit"),
        Paragraph(_("from turn {start} a total of 0 moves the marker one space clockwise; no "
                    "circle twice in a row.").format(start=number(CALM_TURNS + 1)), house="calm"),
    ))


def variant_rules(board: Board) -> list[Paragraph]:
    """The rules of each variant in play, in the source's order (a house rule may follow)."""
    v = board.variants
    rules = []
    if v.lockdown:
        if teams(board):
            lock = _("Each player starts with 1 blocker. When a marker ends a move on a neutral "
                     "space (a total of 0 counts), the mover takes a blocker. After the mover "
                     "picks a circle, before hands are hidden, the opponent on the mover's left "
                     "may spend a blocker to make the mover pick another circle.")
        else:
            lock = _("Each player starts with 1 blocker. When a marker ends a move on a neutral "
                     "space (a total of 0 counts), the mover takes a blocker. After the mover "
                     "picks a circle, before hands are hidden, the other player may spend a "
                     "blocker to make the mover pick another circle.")
        rules += [
            Paragraph(lock, lead=_("Lockdown:")),
            Paragraph(_("the ★ start space counts as a neutral space."), house="start"),
            Paragraph(_("a supply of {supply} blockers to gain (the source has no limit); an "
                        "empty supply gives none.").format(
                            supply=number(board.blockers - board.players)), house="supply"),
            Paragraph(_("spent blockers go back to the supply; at most one blocker per turn."),
                      house="spend"),
        ]
    if v.spin_cycle:
        rules.append(Paragraph(_("Each player draws {goals} goals instead of one; any one of "
                                 "them wins.").format(goals=number(v.spin_cycle)),
                               lead=_("Spin Cycle:")))
    if v.uncloned:
        rules.append(Paragraph(_("No goal may have the same shape twice side by side: square, "
                                 "circle, square is fine; square, square, circle is not."),
                               lead=_("UnCloned:")))
    if v.wild_cards:
        rules.append(Paragraph(_("A marker on your color may stand for any shape of your goal. "
                                 "Black with square, circle, pentagon also wins on square, "
                                 "black, pentagon, or on black, circle, black."),
                               lead=_("Wild Cards:")))
    return rules


def rules_text(board: Board) -> list[Section]:
    """The card's sections, in the order printed (the intro has no heading)."""
    sections = [_intro(board)]
    if teams(board):
        sections.append(_team(board))
    sections += [_setup(board), _turn(board), _win(board)]
    variants = variant_rules(board)
    sections.append(Section(_("Variants in play"), tuple(variants) or (Paragraph(_("none.")),)))
    return sections


def variant_names(board: Board) -> list[str]:
    """The variants the card explains, as it names them."""
    return [p.lead.rstrip(":") for p in variant_rules(board) if p.lead]


def house_topics(board: Board) -> list[str]:
    """Every house rule the card prints for ``board``, in the order printed."""
    return [p.house for s in rules_text(board) for p in s.paragraphs if p.house]
