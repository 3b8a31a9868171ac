"""Every problem a Cliques set can be reported with, and what it means."""

from pnp.games.base import Problems
from pnp.i18n.message import Message

PROBLEMS = Problems({
    "player-count": Message("more or fewer players than a set is made for"),
    "player-name": Message("a name that is empty, repeated, too long, or that the sheets cannot print"),
    "start-count": Message("the start count printed is not the rule's for this many players"),
    "first-player": Message("the first player is not one of the players"),
    "remark-cards": Message("a negative number of remark cards, or more than a spec may ask for"),
    "circle-unknown": Message("a circle whose founder is not playing (or a player without a circle)"),
    "circle-missing": Message("a player has no circle on the score sheet"),
    "circle-duplicate": Message("a player founds more than one circle"),
    "tracker-missing": Message("a player has no token tracker"),
    "tracker-duplicate": Message("a player has more than one token tracker"),
    "circle-members": Message("a circle does not start with its founder alone marked"),
    "tracker-unknown": Message("a tracker for someone not playing (or a player without a tracker)"),
    "tracker-style": Message("a tracker counts in a way not made for this game's size"),
    "tracker-start": Message("a tracker marks another start than the rule's"),
    "tracker-range": Message("a tracker cannot show every count a player could hold"),
    "drawn-tracker-missing": Message("a player's tracker is not on the page"),
    "drawn-tracker-range": Message("a printed tracker shows other counts than the data"),
    "drawn-tracker-start": Message("a printed tracker marks another start than the data"),
    "drawn-score-sheet-missing": Message("the score sheet is not on the page"),
    "drawn-circles": Message("the score sheet heads another number of circles than the players"),
    "drawn-founders": Message("the score sheet marks other founders than the data"),
    "drawn-rules-card-missing": Message("the rules card is not on the page"),
    "drawn-start-count": Message("the score sheet or rules card prints another start count than the data"),
    "drawn-vote-cards": Message("a player's approval or disapproval vote card is not on the page"),
})
