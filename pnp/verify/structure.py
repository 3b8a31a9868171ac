"""The structural proof: a file's objects against the redraw's, read by a well-kept parser.

pnp writes every PDF itself, and writes very little: a catalog with a page tree, outlines,
viewer preferences and one attached file; pages with five boxes, /Rotate 0 and an empty
/Trans; resources that are two embedded TrueType fonts and a /ProcSet; one content stream a
page, made of grey paths, text in those fonts and marked-content tags. So the proof reads the
given file with qpdf (through pikepdf: names decoded, every standard filter, object streams;
its frame was read one way first, ``pnp.verify.container``) and asks two things, in this order:

1. **Allow-list.** Everything reachable from the trailer, the catalog and each page is of a
   kind pnp writes. Anything else is a named problem (``foreign-construct: page 1: colour
   space /Separation /All``, ``annotation``, ``page-geometry: /Rotate 89``).
2. **Equality with the redraw.** Each page's boxes, rotation and resources equal the redraw's
   by structure (fonts by their program, widths and descriptors, whatever their object
   numbers; numbers at the six significant digits pnp writes), and its content is the
   redraw's: one stream, the same decoded bytes, or the same tokens as a named re-saver
   spells them (``content``). A drawing that differs in any way fails as ``content-differs``;
   nothing is left to a render.

The attached data itself is not compared here: it is what the redraw is drawn from, and the
validator reads it with every game's ``from_data``; only its place and shape are checked.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from pnp.i18n import W_, Wn_
from pnp.i18n.told import Number, Told
from pnp.verify.problems import ON_PAGE, listed


@dataclass(frozen=True)
class Difference:
    """One way the given file prints otherwise than the redraw: a problem code, the page
    (None: the whole document) and a message."""

    code: str
    page: int | None
    message: str          # a Told: the CLI's English, said on a page in its language
    where: tuple[tuple[float, float], ...] = ()    # points (pt, from the bottom left) it concerns


# ---- the allow-list: what pnp writes, and re-saves by qpdf, pikepdf and mutool keep ----------

TRAILER_KEYS = {"/Root", "/Info", "/ID", "/Size", "/Prev", "/XRefStm",
                # a cross-reference stream's own keys, which qpdf shows in the trailer
                "/Type", "/W", "/Index", "/Filter", "/DecodeParms", "/Length"}
CATALOG_KEYS = {"/Type", "/Pages", "/Names", "/Outlines", "/PageMode", "/ViewerPreferences"}
PAGE_TREE_KEYS = {"/Type", "/Kids", "/Count", "/Parent"}      # nothing inherited by pages
PAGE_KEYS = {"/Type", "/Parent", "/Contents", "/Resources", "/MediaBox", "/CropBox",
             "/BleedBox", "/TrimBox", "/ArtBox", "/Rotate", "/Trans"}
BOXES = ("/MediaBox", "/CropBox", "/BleedBox", "/TrimBox", "/ArtBox")
RESOURCE_KEYS = {"/Font", "/ProcSet"}
CONTENT_KEYS = {"/Length", "/Filter", "/DecodeParms"}
OUTLINE_KEYS = {"/Type", "/Count", "/First", "/Last", "/Parent", "/Prev", "/Next", "/Title",
                "/Dest"}
NAMES_KEYS = {"/EmbeddedFiles"}
FILESPEC_KEYS = {"/Type", "/F", "/UF", "/Desc", "/EF"}
EMBEDDED_KEYS = {"/Type", "/Length", "/Filter"}
FONT_SUBTYPES = {"/TrueType"}
FILTERS = {"/FlateDecode", "/Fl", "/ASCIIHexDecode", "/AHx", "/ASCII85Decode", "/A85"}
# what pnp's pages draw with: grey paths and clips, text in its fonts, marked content
OPERATORS = {
    "q", "Q", "cm", "w", "J", "j", "M", "d",                         # graphics state
    "g", "G",                                                        # grey, the only colour
    "m", "l", "c", "v", "y", "h", "re",                              # paths
    "S", "s", "f", "F", "f*", "B", "B*", "b", "b*", "n", "W", "W*",  # painting, clipping
    "BT", "ET", "Tf", "Tm", "Td", "TD", "T*", "TL", "Tj", "TJ", "'", '"', "Tc", "Tw", "Tz",
    "BDC", "EMC",                                                    # marked content (tags)
}
# why a few operators a forger reaches for are not on the list (said in the problem)
WHY = {"rg": "colour", "RG": "colour", "k": "colour", "K": "colour", "cs": "colour space",
       "CS": "colour space", "sc": "colour", "SC": "colour", "scn": "colour", "SCN": "colour",
       "gs": "graphics state (overprint, halftone, transfer, soft mask)", "Do": "XObject",
       "sh": "shading", "BI": "inline image",
       "ri": "rendering intent", "i": "flatness", "Tr": "text rendering mode",
       "Ts": "text rise", "BMC": "marked content", "MP": "marked point", "DP": "marked point",
       "d0": "glyph width", "d1": "glyph width", "BX": "compatibility section",
       "EX": "compatibility section"}
MAX_OUTLINES = 20_000       # outline items walked; a pack has one a board
MAX_DEPTH = 32              # nesting of arrays and dictionaries compared
DIGITS = 6                  # significant digits pnp (reportlab's fp_str) writes


def _n(name) -> str:
    return str(name)


def _foreign(where: str, what: str, page: int | None = None) -> Difference:
    return Difference("foreign-construct", page, Told(FOREIGN, where=where, what=what))


FOREIGN = W_("{where}: {what}; pnp never writes it")


def on_page(number: int) -> Told:
    """"page 3", where a finding is."""
    return Told(W_("page {page}"), page=Number(number, "d"))


INFO = W_("the document information")
ATTACHED = W_("the attached files")
OUTLINES = W_("the outlines")
ANNOTATIONS = Wn_("page {page} has {n} annotation(s); pnp pages have none",       # the English's
                  "page {page} has {n} annotation(s); pnp pages have none")       # "(s)", as ever


def document(given, redrawn) -> list[Difference]:
    """The file as a whole: trailer, catalog, page tree, outlines, the attachment's shape,
    the print dialog's settings. ``given`` and ``redrawn`` are open pikepdf documents."""
    import pikepdf

    out: list[Difference] = []
    for key in given.trailer.keys():
        if key not in TRAILER_KEYS:
            out.append(_foreign(Told(W_("the trailer")), Told(W_("{key} (encryption)"), key=_n(key))
                                if key == "/Encrypt" else _n(key)))
    info = given.trailer.get("/Info")
    if info is not None:
        if not isinstance(info, pikepdf.Dictionary):
            out.append(_foreign(Told(INFO), Told(W_("an /Info that is not a dictionary"))))
        else:
            for key, value in info.items():
                if not isinstance(value, (pikepdf.String, pikepdf.Name, int, Decimal, float)):
                    out.append(_foreign(Told(INFO), Told(W_("{key} holding a {kind}"), key=_n(key),
                                                         kind=type(value).__name__)))
    root, mine = given.Root, redrawn.Root
    for key in root.keys():
        if key not in CATALOG_KEYS:
            out.append(_foreign(Told(W_("the catalog")), _catalog_word(key)))
    for key in ("/PageMode",):
        if not _same(root.get(key), mine.get(key)):
            out.append(Difference("print-settings", None, Told(W_("the catalog's {key} is {given}; pnp "
                                                                  "writes {mine}"), key=key,
                                                               given=_show(root.get(key)),
                                                               mine=_show(mine.get(key)))))
    prefs, want = root.get("/ViewerPreferences"), mine.get("/ViewerPreferences")
    if not _same(prefs, want):
        out.append(Difference("print-settings", None, Told(W_("the viewer preferences (print scaling, "
                                                              "copies, page range, duplex) are "
                                                              "{given}; pnp writes {mine}"),
                                                           given=_show(prefs), mine=_show(want))))
    out += _names(root.get("/Names"))
    out += _outlines(root.get("/Outlines"))
    out += _page_tree(root.get("/Pages"))
    if len(given.pages) != len(redrawn.pages):
        out.append(Difference("page-count", None, Told(W_("the file has {pages} pages; its data prints "
                                                          "{printed}"), pages=Number(len(given.pages), "d"),
                                                       printed=Number(len(redrawn.pages), "d"))))
    return out


def _catalog_word(key) -> str:
    known = {"/OpenAction": "an action on opening (/OpenAction)", "/AA": "actions (/AA)",
             "/AcroForm": "a form (/AcroForm)", "/OCProperties": "optional content (/OCProperties)",
             "/Collection": "a portfolio (/Collection)", "/Threads": "article threads (/Threads)",
             "/URI": "a link base (/URI)"}
    return known.get(_n(key), _n(key))


def _names(names) -> list[Difference]:
    import pikepdf

    if names is None:
        return []
    if not isinstance(names, pikepdf.Dictionary):
        return [_foreign("the catalog", "a /Names that is not a dictionary")]
    out = [_foreign("the name dictionary", "JavaScript (/JavaScript)" if _n(k) == "/JavaScript"
                    else _n(k)) for k in names.keys() if k not in NAMES_KEYS]
    tree = names.get("/EmbeddedFiles")
    if tree is None:
        return out
    if not isinstance(tree, pikepdf.Dictionary) or set(map(_n, tree.keys())) != {"/Names"} \
            or not isinstance(tree.Names, pikepdf.Array) or len(tree.Names) > 128:
        return out + [_foreign("the attached files", "a name tree other than one flat list")]
    entries = list(tree.Names)
    for spec in entries[1::2]:
        if not isinstance(spec, pikepdf.Dictionary):
            out.append(_foreign(Told(ATTACHED), Told(W_("an entry that is not a file"))))
            continue
        odd = [_n(k) for k in spec.keys() if k not in FILESPEC_KEYS]
        ef = spec.get("/EF")
        if not isinstance(ef, pikepdf.Dictionary) or set(map(_n, ef.keys())) != {"/F"} \
                or not isinstance(ef.F, pikepdf.Stream):
            odd.append("/EF")
        else:
            odd += [_n(k) for k in ef.F.keys() if k not in EMBEDDED_KEYS]
        if odd:
            out.append(_foreign(Told(ATTACHED), Told(W_("a file entry with {keys}"), keys=", ".join(odd[:3]))))
    return out


def _outlines(outlines) -> list[Difference]:
    """Outline items carry a title and a destination, never an action."""
    import pikepdf

    if outlines is None:
        return []
    seen: set = set()
    todo = [outlines]
    while todo:
        item = todo.pop()
        if not isinstance(item, pikepdf.Dictionary):
            return [_foreign(Told(OUTLINES), Told(W_("an item that is not a dictionary")))]
        key = item.objgen if item.is_indirect else id(item)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > MAX_OUTLINES:
            return [_foreign(Told(OUTLINES), Told(W_("more than {most} items"), most=Number(MAX_OUTLINES, "d")))]
        odd = [_n(k) for k in item.keys() if k not in OUTLINE_KEYS]
        if odd:
            return [_foreign(Told(OUTLINES), Told(W_("an item with {keys}"), keys=", ".join(
                "an action (/A)" if k == "/A" else k for k in odd[:3])))]
        dest = item.get("/Dest")
        if dest is not None and not isinstance(dest, pikepdf.Array):
            return [_foreign(Told(OUTLINES), Told(W_("a named destination")))]
        for link in ("/First", "/Next"):
            if link in item:
                todo.append(item[link])
    return []


def _page_tree(pages) -> list[Difference]:
    import pikepdf

    seen: set = set()
    todo = [pages]
    while todo:
        node = todo.pop()
        if not isinstance(node, pikepdf.Dictionary) or node.get("/Type") != pikepdf.Name.Pages:
            continue
        key = node.objgen
        if key in seen or len(seen) > 10_000:
            continue
        seen.add(key)
        odd = [_n(k) for k in node.keys() if k not in PAGE_TREE_KEYS]
        if odd:
            return [_foreign(Told(W_("the page tree")), Told(W_("{keys} inherited by its pages"),
                                                             keys=", ".join(odd[:3])))]
        todo += [k for k in node.get("/Kids", [])]
    return []


def page(index: int, given_page, redrawn_page, fonts: dict) -> list[Difference]:
    """Every way page ``index`` differs from the redraw's: its dictionary, boxes and resources
    by structure, then its content (``content``). No problems: the page is proved."""
    import pikepdf

    out: list[Difference] = []
    number = index + 1
    obj, mine = given_page.obj, redrawn_page.obj
    for key in obj.keys():
        if key == "/Annots":
            count = len(obj.Annots) if isinstance(obj.Annots, pikepdf.Array) else 1
            out.append(Difference("annotation", index, Told(ANNOTATIONS, count, page=Number(number, "d"))))
        elif key == "/UserUnit":
            out.append(_foreign(on_page(number), Told(W_("/UserUnit {unit}, which scales the page"),
                                                      unit=_show(obj.UserUnit)), index))
        elif key not in PAGE_KEYS:
            out.append(_foreign(on_page(number), _page_word(key), index))
    odd = []
    for key in ("/Rotate", *BOXES):
        if not _same(obj.get(key), mine.get(key), exact=key == "/Rotate"):
            odd.append(Told(W_("{key} {given}, should be {mine}"), key=key, given=_show(obj.get(key)),
                            mine=_show(mine.get(key))))
    if odd:
        out.append(Difference("page-geometry", index, Told(ON_PAGE, page=Number(number, "d"),
                                                           problem=listed(odd[:3]))))
    if not _same(obj.get("/Trans"), mine.get("/Trans")):
        out.append(_foreign(on_page(number), Told(W_("a transition {trans}"), trans=_show(obj.get('/Trans'))),
                            index))
    out += _resources(index, obj.get("/Resources"), mine.get("/Resources"), fonts)
    for stream in _streams(obj.get("/Contents")):
        odd = [_n(k) for k in stream.keys() if k not in CONTENT_KEYS]
        if odd:           # /F would take the content from another file; /Type names nothing
            out.append(_foreign(on_page(number), Told(W_("a content stream with {keys}"),
                                                      keys=", ".join(odd[:3])), index))
            break
    if out:
        return out
    return content(index, obj.get("/Contents"), mine.get("/Contents"))


def _page_word(key) -> str:
    known = {"/AA": "actions (/AA)", "/Group": "a transparency group (/Group)",
             "/SeparationInfo": "separations (/SeparationInfo)", "/PieceInfo": "/PieceInfo",
             "/BoxColorInfo": "/BoxColorInfo", "/Thumb": "a thumbnail (/Thumb)",
             "/VP": "viewports (/VP)", "/PresSteps": "presentation steps (/PresSteps)"}
    return known.get(_n(key), _n(key))


def _resources(index: int, res, mine, fonts: dict) -> list[Difference]:
    """Only the resource kinds pnp writes, each named when not; then equal to the redraw's."""
    import pikepdf

    number = index + 1
    where = on_page(number)
    if not isinstance(res, pikepdf.Dictionary):
        return [_foreign(where, Told(W_("resources that are not a dictionary")), index)]
    out = []
    for key, value in res.items():
        key = _n(key)
        if key in RESOURCE_KEYS:
            continue
        if key == "/ColorSpace" and isinstance(value, pikepdf.Dictionary):
            for name, space in list(value.items())[:3]:
                out.append(_foreign(where, Told(W_("colour space {space}"), space=_space(space)), index))
        elif key == "/ExtGState" and isinstance(value, pikepdf.Dictionary):
            for name, state in list(value.items())[:3]:
                entries = ", ".join(_n(k) for k in state.keys() if _n(k) != "/Type") \
                    if isinstance(state, pikepdf.Dictionary) else "?"
                out.append(_foreign(where, Told(W_("graphics state {name} ({entries})"), name=_n(name),
                                                entries=entries), index))
        elif key == "/XObject" and isinstance(value, pikepdf.Dictionary):
            for name, x in list(value.items())[:3]:
                kind = _n(x.get("/Subtype")) if isinstance(x, (pikepdf.Stream, pikepdf.Dictionary)) else "?"
                shown = W_("XObject {name} of subtype {kind} with /Alternates") \
                    if isinstance(x, pikepdf.Stream) and "/Alternates" in x else W_("XObject {name} of subtype {kind}")
                out.append(_foreign(where, Told(shown, name=_n(name), kind=kind), index))
        else:
            out.append(_foreign(where, Told(W_("resources of kind {kind}"), kind=key), index))
    fonts_given, fonts_mine = res.get("/Font"), mine.get("/Font") if mine is not None else None
    if isinstance(fonts_given, pikepdf.Dictionary):
        for name, font in fonts_given.items():
            subtype = font.get("/Subtype") if isinstance(font, pikepdf.Dictionary) else None
            if _n(subtype) not in FONT_SUBTYPES:
                out.append(_foreign(where, Told(W_("font {name} of subtype {kind}"), name=_n(name),
                                                kind=_show(subtype)), index))
    if out:
        return out
    procset = res.get("/ProcSet")
    if procset is not None and not isinstance(procset, pikepdf.Array):
        return [_foreign(where, Told(W_("a /ProcSet that is not a list")), index)]
    if not _fonts_equal(fonts_given, fonts_mine, fonts):
        return [_foreign(where, "fonts other than the ones pnp embeds (their programs, widths "
                         "or encodings differ)", index)]
    return []


def _space(space) -> str:
    import pikepdf

    if isinstance(space, pikepdf.Array):
        return " ".join(_n(v) if isinstance(v, pikepdf.Name) else "..." for v in list(space)[:3])
    return _n(space)


def _fonts_equal(given, mine, memo: dict) -> bool:
    """The page's fonts equal the redraw's by structure: same names, and each font the same
    dictionaries and decoded streams (program, widths, descriptor, ToUnicode), compared once
    per pair of objects."""
    import pikepdf

    if given is None or mine is None:
        return given is None and mine is None
    if not isinstance(given, pikepdf.Dictionary) or set(given.keys()) != set(mine.keys()):
        return False
    for name in given.keys():
        a, b = given[name], mine[name]
        key = (a.objgen if a.is_indirect else id(a), b.objgen if b.is_indirect else id(b))
        if key not in memo:
            memo[key] = _same(a, b, deep=True)
        if not memo[key]:
            return False
    return True


def content(index: int, given, mine) -> list[Difference]:
    """Page ``index``'s content (``given``, the page's /Contents) is the redraw's (``mine``):
    one stream whose decoded bytes are the redraw's, or, where a re-saver rewrote them
    (``qpdf --qdf`` spells strings in hexadecimal and may part tokens by other whitespace),
    the same tokens with strings of the same bytes, ending on whitespace
    (``operators.canonical``). Anything else is named: content that no reader of content reads
    pnp's way (several streams, a comment, an over-long number, an operator off the allow-list)
    as a foreign construct, and any other difference as ``content-differs``, at the first line
    that differs (``proof`` adds where on the page the drawing differs)."""
    import pikepdf

    from pnp.verify.operators import TooMany, canonical, operators, why_foreign

    number = index + 1
    where = on_page(number)
    if isinstance(given, pikepdf.Array):
        return [_foreign(where, Told(W_("its content split across {streams} streams (readers join "
                                        "them differently: a comment that ends one swallows the "
                                        "start of the next in a printer's reader)"),
                                     streams=Number(len(given), "d")), index)]
    if not isinstance(given, pikepdf.Stream):
        return [_foreign(where, Told(W_("content that is not a stream")), index)]
    if given.get("/Filter") == mine.get("/Filter") and given.get("/DecodeParms") is None \
            and mine.get("/DecodeParms") is None and given.read_raw_bytes() == mine.read_raw_bytes():
        return []                 # as stored: the same bytes, the same filter
    theirs, ours = given.read_bytes(), mine.read_bytes()
    if theirs == ours:
        return []
    shape = canonical(ours)
    if shape is not None and canonical(theirs) == shape:
        return []
    try:
        ops = operators(theirs)
    except TooMany:
        ops = None
    if ops is None:
        return [_foreign(where, why_foreign(theirs), index)]
    odd = _off_the_list(ops)
    if odd:
        return [_foreign(where, odd, index)]
    mine_ops = operators(ours)
    said = [_first_difference(theirs, ours)]
    if mine_ops is not None and len(ops) != len(mine_ops):
        said.append(Told(W_("it has {given} operators, pnp's {mine}"), given=Number(len(ops), "d"),
                         mine=Number(len(mine_ops), "d")))
    if theirs[-1:] not in b"\t\n\f\r ":
        said.append(Told(W_("it does not end on whitespace (a reader that joins it to more content "
                            "runs its last token on)")))
    return [Difference("content-differs", index, Told(ON_PAGE, page=Number(number, "d"), problem=Told(
        W_("its drawing is not the one pnp draws for its data: {difference}"), difference=listed(said))))]


def _off_the_list(ops: list) -> str:
    """The first operator pnp never draws with, in words ("" if every one is on the list)."""
    from pnp.verify.operators import LINE

    for name, args in ops:
        if name == LINE or name in OPERATORS and name != "BDC":
            continue
        if name == "BDC":
            props = args[1] if len(args) == 2 else None
            if isinstance(props, dict) and "/OC" not in props and args[0] != "/OC":
                continue
            return "marked content naming a property list or optional content"
        why = WHY.get(name)
        return f"operator {name}" + (f" ({why})" if why else "")
    return ""


MAX_SHOWN = 48          # characters of a content line shown in a message


def _first_difference(theirs: bytes, ours: bytes) -> Told:
    """The first line where the page's content and the redraw's part, as a person reads it."""
    given, wanted = theirs.split(b"\n"), ours.split(b"\n")
    k = 0
    while k < len(given) and k < len(wanted) and given[k] == wanted[k]:
        k += 1
    if k >= len(given):
        return Told(W_("its content stops at line {line}, where pnp's goes on with {mine}"),
                    line=Number(k + 1, "d"), mine=_line(wanted[k]))
    if k >= len(wanted):
        return Told(W_("line {line} reads {given} after pnp's content has ended"), line=Number(k + 1, "d"),
                    given=_line(given[k]))
    return Told(W_("line {line} reads {given} where pnp writes {mine}"), line=Number(k + 1, "d"),
                given=_line(given[k]), mine=_line(wanted[k]))


def _line(raw: bytes) -> str:
    text = "".join(chr(b) if 32 <= b < 127 and b != 96 else f"\\x{b:02x}" for b in raw[:MAX_SHOWN])
    return f"`{text}{'...' if len(raw) > MAX_SHOWN else ''}`"


def _streams(contents) -> list:
    import pikepdf

    if isinstance(contents, pikepdf.Stream):
        return [contents]
    if isinstance(contents, pikepdf.Array):
        return [c for c in contents if isinstance(c, pikepdf.Stream)]
    return []


def _number(value) -> float:
    return float(value)


def _close(a: float, b: float) -> bool:
    """Equal at the precision pnp writes (six significant digits)."""
    return a == b or abs(a - b) <= 10 ** -DIGITS * max(1.0, abs(a), abs(b))


def _same(a, b, exact: bool = False, deep: bool = False, depth: int = 0) -> bool:
    """Structural equality: names decoded, strings by bytes, numbers at pnp's precision
    (``exact``: as integers), streams by their dictionaries and (``deep``) decoded data;
    indirect objects followed (``deep``) to ``MAX_DEPTH``."""
    import pikepdf

    if depth > MAX_DEPTH:
        return False
    if a is None or b is None:
        return a is None and b is None
    num = (int, float, Decimal)
    if isinstance(a, num) and not isinstance(a, bool) and isinstance(b, num) and not isinstance(b, bool):
        if exact:
            return type(a) is int and type(b) is int and a == b
        return _close(_number(a), _number(b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a is b
    if isinstance(a, pikepdf.Name) or isinstance(b, pikepdf.Name):
        return isinstance(a, pikepdf.Name) and isinstance(b, pikepdf.Name) and str(a) == str(b)
    if isinstance(a, pikepdf.String) or isinstance(b, pikepdf.String):
        return isinstance(a, pikepdf.String) and isinstance(b, pikepdf.String) and bytes(a) == bytes(b)
    if isinstance(a, (str, bytes)) or isinstance(b, (str, bytes)):
        return type(a) is type(b) and a == b
    if isinstance(a, pikepdf.Array) or isinstance(b, pikepdf.Array):
        return isinstance(a, pikepdf.Array) and isinstance(b, pikepdf.Array) and len(a) == len(b) \
            and all(_same(x, y, exact, deep, depth + 1) for x, y in zip(a, b))
    if isinstance(a, pikepdf.Stream) or isinstance(b, pikepdf.Stream):
        if not (isinstance(a, pikepdf.Stream) and isinstance(b, pikepdf.Stream)):
            return False
        skip = {"/Length", "/Filter", "/DecodeParms"}       # how it is stored, not what it is
        if {k for k in a.keys() if k not in skip} != {k for k in b.keys() if k not in skip}:
            return False
        if not all(_same(a[k], b[k], exact, deep, depth + 1) for k in a.keys() if k not in skip):
            return False
        return not deep or a.read_bytes() == b.read_bytes()
    if isinstance(a, pikepdf.Dictionary) or isinstance(b, pikepdf.Dictionary):
        if not (isinstance(a, pikepdf.Dictionary) and isinstance(b, pikepdf.Dictionary)):
            return False
        if a.is_indirect and not deep and depth > 0:      # a page's /Parent and the like
            return b.is_indirect
        if set(a.keys()) != set(b.keys()):
            return False
        return all(_same(a[k], b[k], exact, deep, depth + 1) for k in a.keys() if k != "/Parent")
    return str(a) == str(b)


def _show(value) -> str:
    import pikepdf

    if value is None:
        return "none"
    if isinstance(value, pikepdf.Array):
        return "[" + " ".join(_show(v) for v in list(value)[:6]) + "]"
    if isinstance(value, pikepdf.Dictionary):
        return "{" + " ".join(f"{_n(k)} {_show(v) if not isinstance(v, pikepdf.Dictionary) else '{...}'}"
                              for k, v in list(value.items())[:6]) + "}"
    if isinstance(value, (Decimal, float)):
        return f"{float(value):g}"
    return str(value)[:40]


def _short(exc) -> str:
    return " ".join(str(exc).split())[:80]
