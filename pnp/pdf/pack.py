"""Guillotine packing: pieces of any sizes on one sheet, in the order they come.

Each piece goes into the first free rectangle, in reading order (top to bottom, then left to
right), that holds it; that rectangle is then cut in two by a straight cut through the piece's
bottom edge: the part right of the piece (as tall as the piece) and the part below (as wide as
the rectangle). Pieces of one size therefore fill rows like a grid, smaller pieces fill the
room beside larger ones, and the sheet can always be cut apart with straight cuts right across
(a guillotine), which is what scissors and a paper trimmer do.

Pure geometry in sheet coordinates: origin at the top-left of the area, y downwards, any unit.
It never looks back at earlier sheets, so every piece on sheet k comes before every piece on
sheet k+1, and the same pieces in the same order always land in the same places.
"""

from __future__ import annotations

from dataclasses import dataclass, field

EPS = 1e-6      # sizes are floats in points; a piece exactly as wide as a gap fits


@dataclass(frozen=True)
class Rect:
    x: float
    y: float        # top edge, measured down from the top of the sheet
    width: float
    height: float

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def holds(self, width: float, height: float) -> bool:
        return width <= self.width + EPS and height <= self.height + EPS


@dataclass
class Sheet:
    """One sheet being filled: ``place`` a piece, get where it went (or None: the sheet is full)."""

    width: float
    height: float
    placed: list[Rect] = field(default_factory=list)
    free: list[Rect] = field(default_factory=list)
    floor: float = 0.0      # no piece goes above this (where the last new row started)
    wall: float = 0.0       # no piece goes left of this (where the last band beside began)

    def __post_init__(self):
        if not self.free and not self.placed:
            self.free = [Rect(0.0, 0.0, self.width, self.height)]

    def fits_empty(self, width: float, height: float) -> bool:
        """Whether a piece of this size fits an empty sheet at all."""
        return Rect(0.0, 0.0, self.width, self.height).holds(width, height)

    def place(self, width: float, height: float, new_row: bool = False,
              new_band: bool = False) -> Rect | None:
        """Where a piece goes, or None when no free room holds it. ``new_row`` puts it, and every
        piece after it on this sheet, below the piece placed last, so a new kind of token (-1
        chits after +1 chits) starts its own row and never finishes the last kind's.
        ``new_band`` puts it, and every piece after it, below every piece on the sheet, or when
        no room is left below, right of every piece on it, so one straight cut right across (or
        right down) the sheet parts what came before from what comes now (the next item of a
        pack shares the sheet without mixing into the last one's pieces); failing both, right of
        the last piece and below every piece above it (the rest of a half-filled last row and
        everything under it), which two straight cuts part: across at that row's top, then down
        beside the last piece."""
        if new_band and self.placed:
            # every piece so far lies above used_h and left of used_w: the whole band below, or
            # failing that the whole column beside, is free, one rectangle
            used_w, used_h = self.used
            bands = [(Rect(0.0, used_h, self.width, self.height - used_h), used_h, 0.0),
                     (Rect(used_w, 0.0, self.width - used_w, self.height), 0.0, used_w)]
            last = self.placed[-1]
            if all(r.bottom <= last.y + EPS or r.right <= last.right + EPS for r in self.placed):
                bands.append((Rect(last.right, last.y, self.width - last.right,
                                   self.height - last.y), last.y, last.right))
            band = next((b for b in bands if b[0].holds(width, height)), None)
            if band is None:
                return None
            self.free, self.floor, self.wall = [band[0]], band[1], band[2]
        elif new_row and self.placed:
            self.floor = self.placed[-1].bottom
        fitting = [f for f in self.free
                   if f.holds(width, height) and f.y >= self.floor - EPS and f.x >= self.wall - EPS]
        if not fitting:
            return None
        room = min(fitting, key=lambda f: (round(f.y, 6), round(f.x, 6)))
        self.free.remove(room)
        spot = Rect(room.x, room.y, width, height)
        right = Rect(room.x + width, room.y, room.width - width, height)
        below = Rect(room.x, room.y + height, room.width, room.height - height)
        self.free += [r for r in (right, below) if r.width > EPS and r.height > EPS]
        self.placed.append(spot)
        return spot

    @property
    def used(self) -> tuple[float, float]:
        """Width and height of the smallest box, from the top-left, holding every piece."""
        if not self.placed:
            return 0.0, 0.0
        return max(r.right for r in self.placed), max(r.bottom for r in self.placed)
