"""Every problem code the validator itself reports, declared once (each game declares its own in
its ``problems.py``). A new check of the file or its pages adds its code here, in the group it
belongs to; the module that finds it makes its problems from this registry."""

from __future__ import annotations

from pnp.games.base import Problems
from pnp.pdf.fonts import MIN_TEXT_PT
from pnp.pdf.page import EDGE_MM

# the attached data and what it says of the file (``pnp.verify.validate``)
DATA = Problems({
    "bad-data": "the attached data cannot be read (wrong type, missing or unknown key)",
    "not-printed": "the data lists a board that is on no page",
    "check-failed": "a game's check cannot check this data",
    "drawn-unknown": "a marked object belongs to no board",
    "duplicate-board": "two board records are the same board",
    "board-id": "a board's ID is not the one the footer's seed and the board's number give",
    "data-attachments": "more than one attached board data, or other attached files",
    "data-page": "the data's page size is not its paper's, or not the pages' size",
    "other-version": "made by another pnp version, whose drawing this one cannot redraw",
    "placement": "the data places a piece otherwise than pnp lays it out",
})

# the pages as printed: legible, inside their frames and the paper's safe area
# (``pnp.verify.layout_check``, and the safe area in ``pnp.verify.validate``)
LAYOUT = Problems({
    "outside-safe-area": f"something is drawn within {EDGE_MM} mm of the paper edge",
    "text-too-small": f"a text prints smaller than {MIN_TEXT_PT:g} pt",
    "text-collision": "two texts overlap",
    "text-on-dot": "a text overlaps a dot or filled shape it does not sit inside",
    "text-on-line": "a drawn line crosses a text",
    "text-outside-frame": "a piece's text reaches outside the piece's frame",
    "ink-outside-frame": "a piece's drawing reaches outside the piece's frame",
})

# the file against the redraw (``pnp.verify.structure`` and ``pnp.verify.proof``)
PROOF = Problems({
    "page-count": "the file has more or fewer pages than its data prints",
    "page-geometry": "a page box, rotation or size differs from what pnp writes",
    "print-settings": "the print dialog settings (scaling, copies, range, duplex, forms) differ",
    "foreign-construct": "a construct pnp never writes (colour spaces, graphics states, XObjects, "
                         "actions, optional content, JavaScript, operators beyond grey paths and "
                         "text, content in several streams or outside pnp's grammar)",
    "annotation": "a page carries annotations (pnp pages have none)",
    "content-differs": "a page's drawing is not the one pnp draws for its data",
    "ink-unproven": "the ink could not be compared with the redraw",
})

PROBLEMS = DATA | LAYOUT | PROOF
