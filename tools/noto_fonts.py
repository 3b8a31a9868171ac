"""Make pnp's Noto fonts (pnp/pdf/fonts/Noto*.ttf) from Debian's Noto packages.

The fonts in the repository are Noto Sans Arabic UI and Devanagari UI (Debian's
``fonts-noto-ui-core``: the UI cut keeps the script's ascenders and descenders within a Latin
line's height, so lines set at pnp's leading never touch) and Noto Sans Hebrew
(``fonts-noto-core``), Regular and Bold, all 20201225-1 (SIL Open Font License 1.1,
LICENSE-Noto.txt), with their
TrueType hinting dropped: the PDF embeds each font's glyph programs, and the hints only steer
screen pixels at small sizes, so dropping them makes the files and every PDF using them smaller
(every glyph, cmap entry and OpenType feature is kept). Run it again with the same fontTools to
get the same bytes:

    apt-get download fonts-noto-core fonts-noto-ui-core
    dpkg-deb -x fonts-noto-core_*.deb noto && dpkg-deb -x fonts-noto-ui-core_*.deb noto
    python tools/noto_fonts.py noto/usr/share/fonts/truetype/noto pnp/pdf/fonts
"""

from __future__ import annotations

import sys
from pathlib import Path

NAMES = [f"NotoSans{script}-{weight}.ttf" for script in ("ArabicUI", "Hebrew", "DevanagariUI")
         for weight in ("Regular", "Bold")]


def main(source: str, target: str) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    options = subset.Options()
    options.hinting = False
    options.layout_features = ["*"]
    options.name_IDs = ["*"]
    options.name_languages = ["*"]
    options.notdef_outline = True
    options.glyph_names = True
    options.recalc_timestamp = False
    for name in NAMES:
        font = TTFont(Path(source) / name, recalcTimestamp=False)
        sub = subset.Subsetter(options)
        sub.populate(glyphs=font.getGlyphOrder())
        sub.subset(font)
        out = Path(target) / name
        font.save(out)
        print(out, out.stat().st_size)


if __name__ == "__main__":
    main(*sys.argv[1:3])
