"""Every problem a Cliques set can be reported with, and what it means."""

from pnp.games.base import Problems
from pnp.i18n import W_

PROBLEMS = Problems({
    "player-count": W_("more or fewer players than a set is made for"),
    "player-name": W_("a name that is empty, repeated, too long, or that the sheets cannot print"),
    "start-count": W_("the start count printed is not the rule's for this many players"),
    "first-player": W_("the first player is not one of the players"),
    "remark-cards": W_("a negative number of remark cards, or more than a spec may ask for"),
    "circle-unknown": W_("a circle whose founder is not playing (or a player without a circle)"),
    "circle-missing": W_("a player has no circle on the score sheet"),
    "circle-duplicate": W_("a player founds more than one circle"),
    "tracker-missing": W_("a player has no token tracker"),
    "tracker-duplicate": W_("a player has more than one token tracker"),
    "circle-members": W_("a circle does not start with its founder alone marked"),
    "tracker-unknown": W_("a tracker for someone not playing (or a player without a tracker)"),
    "tracker-style": W_("a tracker counts in a way not made for this game's size"),
    "tracker-start": W_("a tracker marks another start than the rule's"),
    "tracker-range": W_("a tracker cannot show every count a player could hold"),
    "drawn-tracker-missing": W_("a player's tracker is not on the page"),
    "drawn-tracker-range": W_("a printed tracker shows other counts than the data"),
    "drawn-tracker-start": W_("a printed tracker marks another start than the data"),
    "drawn-score-sheet-missing": W_("the score sheet is not on the page"),
    "drawn-circles": W_("the score sheet heads another number of circles than the players"),
    "drawn-founders": W_("the score sheet marks other founders than the data"),
    "drawn-rules-card-missing": W_("the rules card is not on the page"),
    "drawn-start-count": W_("the score sheet or rules card prints another start count than the data"),
    "drawn-vote-cards": W_("a player's approval or disapproval vote card is not on the page"),
})
