"""When Python's cyclic garbage collector runs during a pnp command.

A build or a validation makes many small objects that live until the PDF is saved (drawing
records, pages, read-back geometry) and few cycles: walking them again and again took 7 % of a
600-board build at Python's default thresholds (0.14 s of GC in 151 + 14 + 1 collections;
0.05 s at ``THRESHOLDS``). So a command runs with the collector off (``pause``), what was
imported before it frozen out of any collection; a command that runs for hours (``pnp serve``)
turns it back on (``resume``), its cycles must be collected.
"""

import gc

THRESHOLDS = (10_000, 50, 50)


def pause() -> None:
    gc.disable()


def freeze() -> None:
    """The objects made so far (the imported modules') never walked again."""
    gc.freeze()


def resume() -> None:
    gc.set_threshold(*THRESHOLDS)
    gc.enable()
