"""Every problem a Thinking in Circles set can be reported with, and what it means."""

from pnp.games.base import Problems
from pnp.i18n import W_

PROBLEMS = Problems({
    "circle-count": W_("too few circles for three in a row"),
    "ring-size": W_("a circle has fewer or more spaces than the moves allow"),
    "space-unknown": W_("a space is of no known kind"),
    "shape-missing": W_("a circle lacks a shape, so some goal can never be met there"),
    "shape-uneven": W_("a circle has its shapes unequally often"),
    "start-missing": W_("a token's start is not one of its circle's spaces"),
    "start-not-neutral": W_("a token starts on a space that is not neutral"),
    "color-unfair": W_("black and white spaces are not the same steps from the start"),
    "color-missing": W_("a circle has no black or white space"),
    "lockdown-neutral": W_("Lockdown is on but a circle's only neutral space is its start"),
    "start-win": W_("the starting position is already a win for some goal"),
    "players": W_("the player count is not one the rules and the spec cover"),
    "markers-count": W_("markers printed do not match the circles"),
    "beads-count": W_("bead chits printed do not match the players"),
    "blockers-too-few": W_("too few Lockdown blockers to start with and to gain"),
    "blockers-unneeded": W_("blockers printed but Lockdown is not in play"),
    "spin-cycle-goals": W_("Spin Cycle asks for a number of goals the variant does not have"),
    "drawn-board-missing": W_("the board page is not in the PDF"),
    "drawn-space-missing": W_("a space of the data is not on the page"),
    "drawn-space-kind": W_("a space is printed as another kind than the data says"),
    "drawn-space-unknown": W_("a space is printed that the data does not have"),
    "drawn-space-moved": W_("a space is not drawn round its circle in order from the start"),
    "drawn-adjacency": W_("circles that are not adjacent are drawn as close as adjacent ones"),
})
