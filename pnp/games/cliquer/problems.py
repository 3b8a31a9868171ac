"""Every problem a CliqueR board can be reported with, and what it means."""

from pnp.games.base import Problems
from pnp.i18n import W_

PROBLEMS = Problems({
    "too-few-dots": W_("a board needs at least three dots"),
    "limits": W_("a limit (clearance, spacing, margin, grid, size, dots) is beyond what a spec allows"),
    "outside": W_("a dot is not inside the square's margin"),
    "spacing": W_("two dots are closer than the spacing (or at the same point)"),
    "collinear": W_("three dots lie on one straight line"),
    "clearance": W_("a dot is closer than the clearance to the line through two others"),
    "difficulty": W_("the recorded difficulty or band is not the board's own"),
    "drawn-dot-extra": W_("a dot is drawn that the data does not have"),
    "drawn-dot-missing": W_("a dot of the data is not drawn"),
    "drawn-dot-moved": W_("a dot is drawn away from where the data puts it"),
    "drawn-dot-size": W_("a dot is drawn smaller or larger than the printed size"),
    "drawn-dot-ink": W_("a dot is not drawn in solid black"),
})
