"""Every problem a CliqueR board can be reported with, and what it means."""

from pnp.games.base import Problems

PROBLEMS = Problems({
    "too-few-dots": "a board needs at least three dots",
    "limits": "a limit (clearance, spacing, margin, grid, size, dots) is beyond what a spec allows",
    "outside": "a dot is not inside the square's margin",
    "spacing": "two dots are closer than the spacing (or at the same point)",
    "collinear": "three dots lie on one straight line",
    "clearance": "a dot is closer than the clearance to the line through two others",
    "difficulty": "the recorded difficulty or band is not the board's own",
    "drawn-dot-extra": "a dot is drawn that the data does not have",
    "drawn-dot-missing": "a dot of the data is not drawn",
    "drawn-dot-moved": "a dot is drawn away from where the data puts it",
    "drawn-dot-size": "a dot is drawn smaller or larger than the printed size",
    "drawn-dot-ink": "a dot is not drawn in solid black",
})
