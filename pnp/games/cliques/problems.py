"""Every problem a Cliques set can be reported with, and what it means."""

from pnp.games.base import Problems

PROBLEMS = Problems({
    "player-count": "more or fewer players than a set is made for",
    "player-name": "a name that is empty, repeated, too long, or that the sheets cannot print",
    "start-count": "the start count printed is not the rule's for this many players",
    "first-player": "the first player is not one of the players",
    "remark-cards": "a negative number of remark cards, or more than a spec may ask for",
    "circle-unknown": "a circle whose founder is not playing (or a player without a circle)",
    "circle-missing": "a player has no circle on the score sheet",
    "circle-duplicate": "a player founds more than one circle",
    "tracker-missing": "a player has no token tracker",
    "tracker-duplicate": "a player has more than one token tracker",
    "circle-members": "a circle does not start with its founder alone marked",
    "tracker-unknown": "a tracker for someone not playing (or a player without a tracker)",
    "tracker-style": "a tracker counts in a way not made for this game's size",
    "tracker-start": "a tracker marks another start than the rule's",
    "tracker-range": "a tracker cannot show every count a player could hold",
    "drawn-tracker-missing": "a player's tracker is not on the page",
    "drawn-tracker-range": "a printed tracker shows other counts than the data",
    "drawn-tracker-start": "a printed tracker marks another start than the data",
    "drawn-score-sheet-missing": "the score sheet is not on the page",
    "drawn-circles": "the score sheet heads another number of circles than the players",
    "drawn-founders": "the score sheet marks other founders than the data",
    "drawn-rules-card-missing": "the rules card is not on the page",
    "drawn-start-count": "the score sheet or rules card prints another start count than the data",
    "drawn-vote-cards": "a player's approval or disapproval vote card is not on the page",
})
