"""The text each glyph of a shaped face stands for, and the PDF's ToUnicode map that says it.

A shaped line puts glyphs with no character of their own into the PDF (an Arabic letter's
joining form, a Devanagari conjunct, a ligature) under Private Use codes (pnp.pdf.shaping).
reportlab's ToUnicode map would then give those codes as their text, and a reader searching or
copying the page would get nonsense. So the text of every glyph is worked out from the font
alone, the same on every machine: a glyph the cmap reaches is its character; a glyph a
substitution makes from others (GSUB single, multiple, alternate and ligature substitutions,
inside extension lookups too) is their text, a ligature the text of its components in order.
``TextMappedTTFont`` writes its subsets' ToUnicode maps with that text.

Reading a font's substitutions takes fontTools a tenth of a second or so, at every Arabic or
Hindi build; the map depends on the font file alone, so it is worked out once a machine and kept
in the user's cache folder (pnp.cachedir), named by the file's digest, fontTools' version and
FORMAT. A kept map is read as hostile (anything not exactly its shape is worked out again).
"""

from __future__ import annotations

from functools import lru_cache

from reportlab.pdfbase.ttfonts import SUBSETN, TTFont

PUA = 0xE000               # a glyph with no character of its own prints as PUA + its id
PUA_END = 0xF900           # (the Private Use Area of the BMP: 6400 codes)
PASSES = 8           # substitutions feed substitutions; fonts pnp ships settle in three
FORMAT = 1           # of a kept map: bump when what _read_texts works out changes
MOST_BYTES = 1 << 20       # a kept map of a shipped face is under 100 KB


@lru_cache(maxsize=None)
def glyph_texts(path: str) -> dict[int, str]:
    """glyph id -> the text it stands for, for the TrueType font at ``path`` (kept once a
    machine)."""
    import json

    from pnp.cachedir import write_atomically

    kept = _kept_path(path)
    if kept is not None:
        texts = _read_kept(kept)
        if texts is not None:
            return texts
    texts = _read_texts(path)
    if kept is not None:
        try:
            write_atomically(kept, json.dumps({str(g): t for g, t in sorted(texts.items())},
                                              ensure_ascii=False, separators=(",", ":")))
        except OSError:
            pass                  # not kept: worked out again next time
    return texts


def _kept_path(path: str):
    import hashlib

    import fontTools

    from pnp.cachedir import cache_folder

    folder = cache_folder()
    if folder is None:
        return None
    with open(path, "rb") as f:
        digest = hashlib.sha256(f.read()).hexdigest()[:16]
    return folder / "fonts" / f"glyph-texts-{digest}-fonttools{fontTools.version}-{FORMAT}.json"


def _read_kept(kept) -> dict[int, str] | None:
    """A kept map, or None if there is none or it is not exactly a map of glyph ids to text."""
    from pnp.cachedir import read_json

    data = read_json(kept, MOST_BYTES)
    if not isinstance(data, dict):
        return None
    texts: dict[int, str] = {}
    for key, text in data.items():
        if not (key.isascii() and key.isdigit() and len(key) <= 5 and isinstance(text, str)
                and len(text) <= 64):
            return None
        texts[int(key)] = text
    return texts


def _read_texts(path: str) -> dict[int, str]:
    """glyph id -> the text it stands for, read from the font's cmap and substitutions."""
    from fontTools.ttLib import TTFont as FontFile

    font = FontFile(path, lazy=True)
    order = font.getGlyphOrder()
    ids = {name: gid for gid, name in enumerate(order)}
    text: dict[str, str] = {}
    for code, name in sorted(font.getBestCmap().items()):
        text.setdefault(name, chr(code))
    if "GSUB" not in font:
        return {ids[n]: t for n, t in text.items()}
    lookups = font["GSUB"].table.LookupList.Lookup if font["GSUB"].table.LookupList else []
    for _ in range(PASSES):
        before = len(text)
        for lookup in lookups:
            for sub in lookup.SubTable:
                kind = lookup.LookupType
                if kind == 7:
                    sub, kind = sub.ExtSubTable, sub.ExtensionLookupType
                _learn(kind, sub, text)
        if len(text) == before:
            break
    return {ids[n]: t for n, t in text.items() if n in ids}


def _learn(kind: int, sub, text: dict[str, str]) -> None:
    if kind == 1:
        for old, new in sorted(sub.mapping.items()):
            if old in text:
                text.setdefault(new, text[old])
    elif kind == 2:               # one glyph into several: the first carries the text
        for old, new in sorted(sub.mapping.items()):
            if old in text and new:
                text.setdefault(new[0], text[old])
                for extra in new[1:]:
                    text.setdefault(extra, "")
    elif kind == 3:
        for old, alternates in sorted(sub.alternates.items()):
            if old in text:
                for new in alternates:
                    text.setdefault(new, text[old])
    elif kind == 4:
        for first, ligatures in sorted(sub.ligatures.items()):
            for lig in ligatures:
                parts = [first, *lig.Component]
                if all(p in text for p in parts):
                    text.setdefault(lig.LigGlyph, "".join(text[p] for p in parts))


def _utf16(text: str) -> str:
    return text.encode("utf-16-be").hex().upper()


def to_unicode_cmap(name: str, subset: list[int], texts: dict[int, str], glyph_of) -> str:
    """reportlab's ToUnicode CMap for one subset, each Private Use code given its glyph's text
    (a code whose glyph stands for no text keeps its own)."""
    lines = ["/CIDInit /ProcSet findresource begin", "12 dict begin", "begincmap",
             "/CIDSystemInfo", f"<< /Registry ({name})", f"/Ordering ({name})",
             "/Supplement 0", ">> def", f"/CMapName /{name} def", "/CMapType 2 def",
             "1 begincodespacerange", "<00> <%02X>" % (len(subset) - 1), "endcodespacerange",
             f"{len(subset)} beginbfchar"]
    for i, code in enumerate(subset):
        said = texts.get(glyph_of(code), "") if PUA <= code < PUA_END else ""
        lines.append("<%02X> <%s>" % (i, _utf16(said) if said else "%04X" % code))
    lines += ["endbfchar", "endcmap", "CMapName currentdict /CMap defineresource pop", "end",
              "end"]
    return "\n".join(lines)


class TextMappedTTFont(TTFont):
    """reportlab's TrueType font whose ToUnicode maps give shaped glyphs their text, its face's
    tables read once a machine (pnp.pdf.font_tables)."""

    def __init__(self, name: str, filename: str):
        # reportlab's TTFont.__init__ with its defaults, but for the face's class, which it
        # does not let a caller choose (tests/pdf/test_font_tables.py compares the two fonts)
        from fnmatch import fnmatch
        from weakref import WeakKeyDictionary

        from reportlab import rl_config
        from reportlab.pdfbase.ttfonts import TTEncoding, unShapedFontGlob

        from pnp.pdf.font_tables import KeptFace

        self.fontName = name
        self.face = KeptFace(filename)
        self.encoding = TTEncoding()
        self.state = WeakKeyDictionary()
        self._asciiReadable = rl_config.ttfAsciiReadable
        self.shapable = not any(fnmatch(name, glob) for glob in unShapedFontGlob)

    @property
    def hbFace(self):
        """reportlab's own HarfBuzz face (its ``shaping=True``, which pnp does not use): HarfBuzz
        takes the font's bytes, not the mapping pnp reads the file through."""
        if not isinstance(self.face._ttf_data, bytes):
            self.face._ttf_data = bytes(self.face._ttf_data)
        return TTFont.hbFace.fget(self)

    def addObjects(self, doc):
        state = self.state.get(doc)
        subsets = [list(s) for s in state.subsets] if state is not None else []
        super().addObjects(doc)
        shaped = [n for n, subset in enumerate(subsets)
                  if any(PUA <= code < PUA_END for code in subset)]
        if not shaped:
            return
        texts = glyph_texts(self.face.filename)
        glyph_of = self.face.charToGlyph.get
        for n in shaped:
            base = b"".join((SUBSETN(n), b"+", self.face.name, self.face.subfontNameX)).decode("pdfdoc")
            stream = doc.idToObject.get("toUnicodeCMap:" + base)
            if stream is not None:
                stream.content = to_unicode_cmap(base, subsets[n], texts, glyph_of)
