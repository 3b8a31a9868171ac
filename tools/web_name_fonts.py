"""Make the web page's two tiny fonts (pnp/web/static/names-*.otf|ttf): just the glyphs of the
language switch's names that a computer may have no font for.

The switch on every page names each language in its own words ("हिन्दी", "简体中文"), for a
reader who may not read English. A computer without a Devanagari or a Chinese font would show
those names as empty boxes, so the page brings the few glyphs itself (a few kB each; the style
sheet names them first for the switch, each for its own script only, by unicode-range). They are cut from the fonts pnp prints with: Noto Sans Devanagari UI
(pnp/pdf/fonts) and Noto Sans CJK (the extra ``pnp[cjk]``), SIL Open Font License 1.1
(pnp/pdf/fonts/LICENSE-Noto.txt). Run it again with the same fontTools to get the same bytes:

    python tools/web_name_fonts.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def cut(source: Path, text: str, target: Path) -> None:
    from fontTools import subset
    from fontTools.ttLib import TTFont

    font = TTFont(str(source), recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["*"]          # Devanagari's conjuncts and vowel signs are shaped
    options.name_IDs = ["*"]                 # the font's names and its licence stay with it
    options.hinting = False
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=text)
    subsetter.subset(font)
    font.save(str(target))
    print(f"wrote {target.relative_to(ROOT)} ({target.stat().st_size} bytes)")


def main() -> None:
    from pnp.i18n import LANGUAGES
    from pnp.pdf.cjk import INSTALL, font_source

    static = ROOT / "pnp" / "web" / "static"
    cut(ROOT / "pnp" / "pdf" / "fonts" / "NotoSansDevanagariUI-Regular.ttf", LANGUAGES["hi"].name,
        static / "names-deva.ttf")
    source = font_source()
    if source is None:
        sys.exit(f"the CJK font is not installed: {INSTALL}")
    cut(source, LANGUAGES["zh"].name, static / "names-cjk.otf")


if __name__ == "__main__":
    main()
