"""Every problem a Thinking in Circles set can be reported with, and what it means."""

from pnp.games.base import Problems

PROBLEMS = Problems({
    "circle-count": "too few circles for three in a row",
    "ring-size": "a circle has fewer or more spaces than the moves allow",
    "space-unknown": "a space is of no known kind",
    "shape-missing": "a circle lacks a shape, so some goal can never be met there",
    "shape-uneven": "a circle has its shapes unequally often",
    "start-missing": "a token's start is not one of its circle's spaces",
    "start-not-neutral": "a token starts on a space that is not neutral",
    "color-unfair": "black and white spaces are not the same steps from the start",
    "color-missing": "a circle has no black or white space",
    "lockdown-neutral": "Lockdown is on but a circle's only neutral space is its start",
    "start-win": "the starting position is already a win for some goal",
    "players": "the player count is not one the rules and the spec cover",
    "markers-count": "markers printed do not match the circles",
    "beads-count": "bead chits printed do not match the players",
    "blockers-too-few": "too few Lockdown blockers to start with and to gain",
    "blockers-unneeded": "blockers printed but Lockdown is not in play",
    "spin-cycle-goals": "Spin Cycle asks for a number of goals the variant does not have",
    "drawn-board-missing": "the board page is not in the PDF",
    "drawn-space-missing": "a space of the data is not on the page",
    "drawn-space-kind": "a space is printed as another kind than the data says",
    "drawn-space-unknown": "a space is printed that the data does not have",
    "drawn-space-moved": "a space is not drawn round its circle in order from the start",
    "drawn-adjacency": "circles that are not adjacent are drawn as close as adjacent ones",
})
