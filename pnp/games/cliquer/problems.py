"""Every problem a CliqueR board can be reported with, and what it means."""

from pnp.games.base import Problems
from pnp.i18n.message import Message

PROBLEMS = Problems({
    "too-few-dots": Message("a board needs at least three dots"),
    "limits": Message("a limit (clearance, spacing, margin, grid, size, dots) is beyond what a spec allows"),
    "outside": Message("a dot is not inside the square's margin"),
    "spacing": Message("two dots are closer than the spacing (or at the same point)"),
    "collinear": Message("three dots lie on one straight line"),
    "clearance": Message("a dot is closer than the clearance to the line through two others"),
    "difficulty": Message("the recorded difficulty or band is not the board's own"),
    "drawn-dot-extra": Message("a dot is drawn that the data does not have"),
    "drawn-dot-missing": Message("a dot of the data is not drawn"),
    "drawn-dot-moved": Message("a dot is drawn away from where the data puts it"),
    "drawn-dot-size": Message("a dot is drawn smaller or larger than the printed size"),
    "drawn-dot-ink": Message("a dot is not drawn in solid black"),
})
