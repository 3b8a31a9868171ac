"""Every problem a Thinking in Circles set can be reported with, and what it means."""

from pnp.games.base import Problems
from pnp.i18n.message import Message

PROBLEMS = Problems({
    "circle-count": Message("too few circles for three in a row"),
    "ring-size": Message("a circle has fewer or more spaces than the moves allow"),
    "space-unknown": Message("a space is of no known kind"),
    "shape-missing": Message("a circle lacks a shape, so some goal can never be met there"),
    "shape-uneven": Message("a circle has its shapes unequally often"),
    "start-missing": Message("a token's start is not one of its circle's spaces"),
    "start-not-neutral": Message("a token starts on a space that is not neutral"),
    "color-unfair": Message("black and white spaces are not the same steps from the start"),
    "color-missing": Message("a circle has no black or white space"),
    "lockdown-neutral": Message("Lockdown is on but a circle's only neutral space is its start"),
    "start-win": Message("the starting position is already a win for some goal"),
    "players": Message("the player count is not one the rules and the spec cover"),
    "markers-count": Message("markers printed do not match the circles"),
    "beads-count": Message("bead chits printed do not match the players"),
    "blockers-too-few": Message("too few Lockdown blockers to start with and to gain"),
    "blockers-unneeded": Message("blockers printed but Lockdown is not in play"),
    "spin-cycle-goals": Message("Spin Cycle asks for a number of goals the variant does not have"),
    "drawn-board-missing": Message("the board page is not in the PDF"),
    "drawn-space-missing": Message("a space of the data is not on the page"),
    "drawn-space-kind": Message("a space is printed as another kind than the data says"),
    "drawn-space-unknown": Message("a space is printed that the data does not have"),
    "drawn-space-moved": Message("a space is not drawn round its circle in order from the start"),
    "drawn-adjacency": Message("circles that are not adjacent are drawn as close as adjacent ones"),
})
