"""The CJK faces: Noto Sans CJK, regular and bold, from the extra ``pnp[cjk]``, made printable
once per machine.

Chinese, Japanese and Korean need a font of some 65,000 glyphs (16 MB), too large to ship in
every install: ``pip install 'pnp[cjk]'`` brings Noto Sans CJK (OFL) from PyPI. Its outlines are
PostScript (CFF) and reportlab embeds only TrueType, so the first use converts it: every glyph's
cubic outline becomes quadratic (fontTools' cu2qu, within 1 unit of 1000), the Simplified
Chinese forms that the font picks by its ``locl`` feature become the characters' own glyphs (so
a Chinese page prints mainland forms without shaping), and the layout tables go (no CJK line
pnp prints needs them). That takes 44 s of CPU a weight, once, on a busy machine (load 9-14;
``python bench/claims.py --only cjk-first``) (``convert``); the result
is kept in the user's cache folder (pnp.cachedir) under a name holding the source's, fontTools'
and HarfBuzz's versions, written atomically and under a lock so two builds do not convert at
once; the name is remembered beside it (``KNOWN``) so that a build need not hash the source
again to find it.
Each weight is its own font (``WEIGHTS``): a Chinese heading prints in the bold one, drawn bold
by the type designer, not thickened by us.

The same source, fontTools and HarfBuzz give the same bytes (no timestamps are written), so a
page prints the same on any machine with the same extra (pyproject.toml pins all three).
"""

from __future__ import annotations

import hashlib
import os
import re
from functools import lru_cache
from pathlib import Path

REGULAR, BOLD = "regular", "bold"
# weight -> (the package pip install 'pnp[cjk]' brings it in, its font file, the kept file's name)
WEIGHTS = {REGULAR: ("cvttf_NotoSansCJK_Regular", "NotoSansCJKtc-Regular.otf", "NotoSansCJK"),
           BOLD: ("cvttf_NotoSansCJK_Bold", "NotoSansCJKtc-Bold.otf", "NotoSansCJK-Bold")}
def _install():
    from pnp.i18n.message import ForThePage, Message

    # the page's reader cannot run pip on the server: the person who runs it can (docs/hosting.md)
    return ForThePage("pip install 'pnp[cjk]'",
                      Message("ask the person who runs this server to install the CJK fonts").msgid)


INSTALL = _install()
LANGUAGE = "ZHS"                                  # the OpenType language whose forms print
FORMAT = 1                                        # bump when the conversion below changes


@lru_cache(maxsize=None)
def font_source(weight: str = REGULAR) -> Path | None:
    """The extra's font file of ``weight``, or None where ``pnp[cjk]`` is not installed."""
    import importlib.util

    package, source, _ = WEIGHTS[weight]
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(list(spec.submodule_search_locations)[0]) / source
    return path if path.is_file() else None


def _key(source: Path) -> str:
    import fontTools
    import uharfbuzz

    digest = hashlib.sha256()
    with source.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return (f"{digest.hexdigest()[:16]}-fonttools{fontTools.version}-hb{uharfbuzz.__version__}"
            f"-{FORMAT}")


@lru_cache(maxsize=None)
def font_file(weight: str = REGULAR) -> Path | None:
    """The converted TrueType file of ``weight`` (made now if this machine has none), or None
    without the extra or a cache folder to keep it in."""
    from pnp.cachedir import cache_folder, whole_or_not

    source = font_source(weight)
    folder = cache_folder()
    if source is None or folder is None:
        return None
    target = _known_target(folder / "fonts", weight, source)
    if target is not None:
        return target
    target = folder / "fonts" / f"{WEIGHTS[weight][2]}-pnp-{_key(source)}.ttf"
    if target.is_file():
        _remember(folder / "fonts", weight, source, target)
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    import fcntl

    with open(target.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)          # another build may be converting it now
        if not target.is_file():
            with whole_or_not(target) as part:
                convert(source, part)
    _remember(folder / "fonts", weight, source, target)
    return target


# Working the name out (_key) hashes the 16 MB source and imports fontTools and HarfBuzz for
# their versions: some 30 ms of CPU a weight, at every build. So the name found is remembered
# beside the fonts, by the source's path (each Python environment on the machine has its own),
# with what it was worked out from (the source's and the two libraries' files: path, size,
# modification time); while those are unchanged, the name is taken as it is. The note is read
# as hostile: anything but a name of this weight's shape, of a file that is there, is worked
# out again.
KNOWN = "cjk-names.json"
KNOWN_MOST = 32                   # sources remembered (the newest)
_NAME = re.compile(r"[A-Za-z-]+-pnp-[0-9a-f]{16}-fonttools[0-9A-Za-z.+]+-hb[0-9A-Za-z.+]+-[0-9]+\.ttf")


def _stamp(source: Path) -> list | None:
    """What the name of ``source``'s conversion is worked out from, as the files stand."""
    import importlib.util

    stamp = []
    for path in (source, *(importlib.util.find_spec(m).origin for m in ("fontTools", "uharfbuzz"))):
        try:
            info = os.stat(path)
        except (OSError, TypeError):
            return None
        stamp.append([str(path), info.st_size, info.st_mtime_ns])
    return stamp


def _known_target(fonts: Path, weight: str, source: Path) -> Path | None:
    from pnp.cachedir import read_json

    known = read_json(fonts / KNOWN, 1 << 16)
    entry = known.get(str(source)) if isinstance(known, dict) else None
    if not (isinstance(entry, dict) and isinstance(entry.get("name"), str)
            and _NAME.fullmatch(entry["name"])
            and entry["name"].startswith(f"{WEIGHTS[weight][2]}-pnp-")
            and entry.get("stamp") == _stamp(source) is not None):
        return None
    target = fonts / entry["name"]
    return target if target.is_file() else None


def _remember(fonts: Path, weight: str, source: Path, target: Path) -> None:
    import json

    from pnp.cachedir import read_json, write_atomically

    stamp = _stamp(source)
    if stamp is None:
        return
    known = read_json(fonts / KNOWN, 1 << 16)
    known = dict(list(known.items())[-KNOWN_MOST + 1:]) if isinstance(known, dict) else {}
    known.pop(str(source), None)
    known[str(source)] = {"stamp": stamp, "name": target.name}    # the newest last
    try:
        write_atomically(fonts / KNOWN, json.dumps(known))
    except OSError:
        pass                      # worked out again next time


def _locl_forms(font) -> dict[str, str]:
    """glyph -> the glyph the ``locl`` feature substitutes for it under LANGUAGE (single
    substitutions only, as Noto Sans CJK's are)."""
    gsub = font["GSUB"].table if "GSUB" in font else None
    if gsub is None:
        return {}
    lookups: set[int] = set()
    for record in gsub.ScriptList.ScriptRecord:
        for lang in record.Script.LangSysRecord:
            if lang.LangSysTag.strip() == LANGUAGE:
                for index in lang.LangSys.FeatureIndex:
                    feature = gsub.FeatureList.FeatureRecord[index]
                    if feature.FeatureTag == "locl":
                        lookups.update(feature.Feature.LookupListIndex)
    forms: dict[str, str] = {}
    for index in sorted(lookups):
        lookup = gsub.LookupList.Lookup[index]
        for sub in lookup.SubTable:
            if lookup.LookupType == 7:
                sub = sub.ExtSubTable
            mapping = getattr(sub, "mapping", None)
            if mapping:
                for old, new in mapping.items():
                    forms.setdefault(old, new)
    return forms


def convert(source: Path, target: Path) -> None:
    """Write the printable TrueType font made from the CFF font ``source`` (see the module's
    docstring).

    The outlines are made TrueType first and the font subset after: subsetting the CFF font
    itself would run every glyph's charstring program twice more (to find the glyphs it calls
    and the subroutines still used, the latter quadratic in their number), two thirds of the
    work, for a table thrown away the moment after. The glyphs no character reaches are left
    empty and then dropped by the subsetter.

    HarfBuzz (pinned, as fontTools is) runs the charstrings: its interpreter is compiled, five
    times fontTools' in Python. It closes a contour with a line back to its start where the
    charstring leaves that line implicit, which the TrueType pen drops again; the glyphs are
    fontTools' own to the point (every seventh of Noto Sans CJK's compared, and the whole font
    made both ways is the same file, byte for byte)."""
    import uharfbuzz as hb
    from fontTools import subset
    from fontTools.pens.cu2quPen import Cu2QuPen
    from fontTools.pens.ttGlyphPen import TTGlyphPen
    from fontTools.ttLib import TTFont, newTable
    from fontTools.ttLib.tables._g_l_y_f import Glyph

    font = TTFont(source, recalcTimestamp=False, lazy=False)
    forms = _locl_forms(font)
    for table in font["cmap"].tables:
        table.cmap = {code: forms.get(glyph, glyph) for code, glyph in table.cmap.items()}
    reached = {".notdef", *font.getBestCmap().values()}
    order = font.getGlyphOrder()
    outlines = hb.Font(hb.Face(hb.Blob.from_file_path(str(source))))
    glyf = newTable("glyf")
    glyf.glyphOrder = order
    glyf.glyphs = {}
    for gid, name in enumerate(order):
        if name in reached:
            pen = TTGlyphPen(None)
            outlines.draw_glyph_with_pen(gid, Cu2QuPen(pen, 1.0, reverse_direction=True))
            glyf[name] = pen.glyph()
        else:
            glyf[name] = Glyph()
    font["loca"] = newTable("loca")
    font["glyf"] = glyf
    del font["CFF "]
    maxp = font["maxp"]
    maxp.tableVersion = 0x00010000
    for field in ("maxTwilightPoints", "maxStorage", "maxFunctionDefs", "maxInstructionDefs",
                  "maxStackElements", "maxSizeOfInstructions", "maxComponentElements"):
        setattr(maxp, field, 0)
    maxp.maxZones = 1
    font["head"].indexToLocFormat = 1
    font["post"].formatType = 3.0
    font.sfntVersion = "\x00\x01\x00\x00"
    options = subset.Options()
    options.layout_features = []
    options.drop_tables += ["GSUB", "GPOS", "GDEF", "BASE", "VORG", "vhea", "vmtx", "JSTF"]
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.recalc_timestamp = False
    options.glyph_names = False
    sub = subset.Subsetter(options)
    sub.populate(unicodes=font.getBestCmap().keys())
    sub.subset(font)
    font.save(target)
