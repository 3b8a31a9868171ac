"""A page's content operators read straight from its decoded bytes, in the grammar pnp writes.

pnp's content is plain: numbers, a few names, strings in text operators, flat arrays (``TJ``,
``d``) and the small dictionary of a marked section. ``operators`` reads exactly that grammar
and nothing else: one regular expression an operator, every token ending where the PDF grammar
ends it. Anything outside it (a comment, a ``#`` in a name, an inline image, nested arrays, an
operator not in the PDF's list, a number longer than pnp writes, which readers read otherwise)
gives ``None``: pnp never wrote that page, and ``why_foreign`` says what it met. No other reader
of content runs in the validator (qpdf's parse is never asked for a page's operators), and no
page gives more than ``MAX_OPERATORS`` (``TooMany``), so a page of three million ``0 0 m``
costs a bounded list. Strings are literal, or hexadecimal as ``qpdf --qdf`` rewrites them
(even digits, no spaces: read alike by every reader).

The operands it gives are the interpreter's plain values (``support.pageread.printed``): a number is
its token's bytes (``float()`` reads it, exactly as ``Decimal`` then ``float`` would), a name
is a ``Name`` (``str``, with its ``/``), a string is ``Shown``, an array a ``list`` and a
dictionary a ``dict`` of names to numbers (``int`` or ``float``) or names.
"""

from __future__ import annotations

import re

# the operators of the PDF 1.7 content grammar (table A.1), but the inline image's (BI ID EI:
# its data is not tokens) and the compatibility section's (BX EX: anything goes inside)
KNOWN = frozenset(
    "b B b* B* BDC BMC BT c cm CS cs d d0 d1 Do DP EMC ET f F f* G g gs h i j J K k l m M MP n q "
    "Q re RG rg ri s S SC sc SCN scn sh T* Tc Td TD Tf Tj TJ TL Tm Tr Ts Tw Tz v w W W* y ' \"".split())
SHOWING = frozenset(("Tj", "TJ", "'", '"'))     # the only operators that take a string

_WS = rb"[\x00\t\n\f\r ]"
_END = rb"(?=[\x00\t\n\f\r ()<>\[\]{}/%]|\Z)"        # where a number, name or keyword ends
# a number as pnp writes it; at most 15 digits, so qpdf, Decimal and float agree on its value
_NUM = rb"[+-]?(?:[0-9]{1,15}(?:\.[0-9]{0,15})?|\.[0-9]{1,15})" + _END
_NAME = rb"/[A-Za-z0-9_.+\-]{1,127}" + _END           # no # escapes: those go to qpdf
# a literal string without nested parentheses, a line continuation, a carriage return (read
# as a newline) or a backslash before a character the grammar gives no meaning
_LITERAL = rb"\((?:[^\\()\r]|\\[nrtbf()\\]|\\[0-7]{1,3})*+\)"
_STR = rb"(?:" + _LITERAL + rb"|<(?:[0-9A-Fa-f]{2})*+>)"
_ARRAY = rb"\[" + _WS + rb"*+(?:(?:" + _NUM + rb"|" + _STR + rb")" + _WS + rb"*+)*+\]"
_DICT = rb"<<" + _WS + rb"*+(?:" + _NAME + _WS + rb"*+(?:" + _NUM + rb"|" + _NAME + rb")" + \
        _WS + rb"*+)*+>>"
_OPERAND = rb"(?:" + _NUM + rb"|" + _NAME + rb"|" + _STR + rb"|" + _ARRAY + rb"|" + _DICT + rb")"
_OP = re.compile(_WS + rb"*+((?:" + _OPERAND + _WS + rb"*+)*+)([A-Za-z]{1,3}\*?|'|\")" + _END)


def _line() -> re.Pattern:
    """A one-line text object as pnp writes every one (``BT a b c d e f Tm /F s Tf l TL (..) Tj
    T* ET``): read as one item (``LINE``), it costs one match, not seven."""
    def word(keyword: bytes) -> bytes:
        return _WS + rb"*+" + keyword + _END

    def number() -> bytes:
        return _WS + rb"*+(" + _NUM + rb")"
    return re.compile(word(rb"BT") + number() * 6 + word(rb"Tm") + _WS + rb"*+(" + _NAME + rb")"
                      + number() + word(rb"Tf") + number() + word(rb"TL") + _WS + rb"*+(" + _LITERAL
                      + rb")" + word(rb"Tj") + word(rb"T\*") + word(rb"ET"))


_LINE = _line()
LINE = "BT Tm Tf TL Tj T* ET"     # the operator a one-line text object reads as
_TAIL = re.compile(_WS + rb"*+\Z")
_TOKEN = re.compile(rb"(" + _NUM + rb")|(" + _NAME + rb")|(" + _STR + rb")|\[|\]|<<|>>")
_ESCAPE = re.compile(rb"\\([nrtbf()\\]|[0-7]{1,3})")
_ESCAPES = {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f", b"(": b"(",
            b")": b")", b"\\": b"\\"}
MAX_OPERANDS = 64       # operands of one operator (a TJ array counts as one); pnp writes 6
MAX_OPERATORS = 200_000  # operators of one page; pnp's heaviest page has about ... (a test)


class Name(str):
    """A name operand, as written (with its ``/``)."""

    __slots__ = ()


class Shown:
    """A string operand: the bytes a text operator shows."""

    __slots__ = ("data",)

    def __init__(self, data: bytes):
        self.data = data


class Foreign(Exception):
    """Content outside the grammar this reader knows."""


class TooMany(Exception):
    """A page with more operators than ``MAX_OPERATORS`` (no pnp page comes near)."""


MAX_LINES = 20_000       # lines remembered a document (a 1,000-board pack repeats about 6,000)


class Lines:
    """The operators of the content lines a document repeats, remembered from the second time
    each is met: a line met once (a dot's own curve) is not kept, so memory holds the rules,
    cells and colours every page repeats, not every line of the pack."""

    __slots__ = ("items", "seen")

    def __init__(self):
        self.items: dict[bytes, list] = {}
        self.seen: set[int] = set()       # hashes of the lines met once (a clash only costs a
        #                                   line remembered early)


def operators(content: bytes, lines: Lines | None = None) -> list[tuple[str, tuple]] | None:
    """Every (operator, operands) of ``content`` in order, or None when any of it is outside
    the grammar above; TooMany past ``MAX_OPERATORS``.

    ``lines`` remembers the items of the lines the document repeats (pnp writes an operator or
    a text a line, and three lines in four recur: the same rules, cells, colours and q/Q on
    every page). A line that is not whole items by itself (a string or an operator's operands
    running on to the next line) sends the page to be read in one piece. Read line by line or
    in one piece, the items are the same operators: a newline is whitespace, and no token but
    a string crosses one."""
    if lines is not None:
        known, seen = lines.items, lines.seen
        out: list = []
        for line in content.split(b"\n"):
            items = known.get(line)
            if items is None:
                items = _items(line)
                if items is None:
                    return _items(content)
                key = hash(line)
                if key not in seen:
                    if len(seen) < 16 * MAX_LINES:
                        seen.add(key)
                elif len(known) < MAX_LINES:
                    known[line] = items
            out += items
            if len(out) > MAX_OPERATORS:
                raise TooMany(f"more than {MAX_OPERATORS} operators")
        return out
    return _items(content)


def _items(content: bytes) -> list[tuple[str, tuple]] | None:
    return _read(content)[0]


def _read(content: bytes) -> tuple[list[tuple[str, tuple]] | None, int]:
    """(the operators, or None; where the reading stopped)."""
    match, line = _OP.match, _LINE.match
    names: dict[bytes, str] = {}
    out: list[tuple[str, tuple]] = []
    pos, end = 0, len(content)
    try:
        while True:
            if len(out) > MAX_OPERATORS:
                raise TooMany(f"more than {MAX_OPERATORS} operators")
            m = line(content, pos)
            if m is not None:
                pos = m.end()
                g = m.groups()
                out.append((LINE, (*g[:6], Name(g[6].decode("ascii")), g[7], g[8],
                                   Shown(_unescape(g[9][1:-1])))))
                if pos >= end:
                    return out, pos
                continue
            m = match(content, pos)
            if m is None:
                return (out if _TAIL.match(content, pos) else None), pos
            raw, word = m.group(1, 2)
            name = names.get(word)
            if name is None:
                name = word.decode("latin-1")
                if name not in KNOWN:
                    return None, m.start(2)
                names[word] = name
            if not raw:
                out.append((name, ()))
            elif not (b"/" in raw or b"(" in raw or b"[" in raw or b"<" in raw or b"\0" in raw):
                # numbers only, parted by whitespace ``split`` knows (not NUL)
                args = tuple(raw.split())
                if len(args) > MAX_OPERANDS:
                    return None, pos
                out.append((name, args))
            else:
                args = _operands(raw)
                if len(args) > MAX_OPERANDS or name not in SHOWING and any(
                        isinstance(a, Shown) or isinstance(a, list) and name != "d" for a in args):
                    return None, pos
                out.append((name, args))
            pos = m.end()
            if pos >= end:
                return out, pos
    except Foreign:
        return None, pos


_CANON = re.compile(rb"[\t\n\f\r ]+|(" + _NUM + rb"|" + _NAME + rb"|\[|\]|<<|>>|"
                    rb"(?:[A-Za-z]{1,3}\*?|'|\")" + _END + rb")|(" + _LITERAL + rb")|"
                    rb"<((?:[0-9A-Fa-f]{2})*+)>")


def canonical(content: bytes) -> list | None:
    """The content's tokens, each string as the bytes it shows, for the equivalence a re-saver
    keeps (``qpdf --qdf`` writes strings in hexadecimal and parts tokens by other whitespace);
    None if any of it is outside pnp's grammar or it does not end on whitespace (a reader that
    joins it to more content would run its last token on). Whitespace between tokens and a
    string's spelling are read alike by every reader of content, so two contents with one
    canonical form print the same. NUL, whitespace to the PDF but not to every reader, is not
    whitespace here."""
    if not content or content[-1:] not in b"\t\n\f\r ":
        return None
    out: list = []
    pos, end, match = 0, len(content), _CANON.match
    while pos < end:
        m = match(content, pos)
        if m is None:
            return None
        token, literal, hexa = m.group(1, 2, 3)
        if token is not None:
            out.append(token)
        elif literal is not None:
            out.append(("string", _unescape(literal[1:-1])))
        elif hexa is not None:
            out.append(("string", bytes.fromhex(hexa.decode("ascii"))))
        pos = m.end()
        if len(out) > 8 * MAX_OPERATORS:
            return None
    return out


def why_foreign(content: bytes) -> str:
    """What ``operators`` met that pnp never writes, in a few words (None was its answer)."""
    import re as _re

    ops, pos = _read(content)
    if ops is not None:
        return "nothing"
    pos = _re.compile(_WS + rb"*+").match(content, pos).end()
    rest = content[pos:pos + 400]
    word = _re.compile(rb"[^\x00\t\n\f\r ()<>\[\]{}/%]*").match(rest).group(0)
    if rest.startswith(b"%"):
        return "a comment (readers differ on where it ends)"
    if rest.startswith(b"BI"):
        return "an inline image"
    if _re.fullmatch(rb"[+-]?[0-9.]+", word) and len(word) > 15:
        return f"a number {len(word)} characters long (readers read long numbers differently)"
    if rest.startswith(b"<") and not rest.startswith(b"<<"):
        return "a hexadecimal string with spaces or an odd digit"
    if rest.startswith(b"/") and b"#" in rest.split()[0]:
        return "a name spelt with # escapes"
    if word and _re.fullmatch(rb"[A-Za-z'\"]{1,3}\*?", word) and word.decode("latin-1") not in KNOWN:
        return f"an operator {_shown(word)} that is not the PDF's"
    return f"{_shown(rest[:24])}, which is not in the grammar pnp writes"


def _shown(raw: bytes) -> str:
    """A few bytes from a file as a person can read them, escaped."""
    return "`" + "".join(chr(b) if 32 <= b < 127 and b != 96 else f"\\x{b:02x}" for b in raw) + "`"


def _operands(raw: bytes) -> tuple:
    """The operands of one operator (already known to be in the grammar) as plain values."""
    out: list = []
    open_: list[tuple[bytes, list]] = []      # the arrays and dictionaries being read
    for m in _TOKEN.finditer(raw):
        number, name, string = m.group(1, 2, 3)
        if number is not None:
            value = number
        elif name is not None:
            value = Name(name.decode("ascii"))
        elif string is not None:
            value = Shown(bytes.fromhex(string[1:-1].decode("ascii")) if string.startswith(b"<")
                          else _unescape(string[1:-1]))
        else:
            token = m.group(0)
            if token in (b"[", b"<<"):
                open_.append((token, []))
                continue
            if not open_ or open_[-1][0] != (b"[" if token == b"]" else b"<<"):
                raise Foreign()
            value = open_.pop()[1]
            if token == b">>":
                value = _dictionary(value)
        (open_[-1][1] if open_ else out).append(value)
    if open_:
        raise Foreign()
    return tuple(out)


def _dictionary(items: list) -> dict:
    out: dict = {}
    if len(items) % 2:
        raise Foreign()
    for key, value in zip(items[0::2], items[1::2]):
        if not isinstance(key, Name) or key in out:      # a repeated key: qpdf's choice
            raise Foreign()
        if isinstance(value, bytes):
            value = int(value) if value.lstrip(b"+-").isdigit() else float(value)
        out[key] = value
    return out


def _unescape(body: bytes) -> bytes:
    if b"\\" not in body:
        return body
    return _ESCAPE.sub(_escape, body)


def _escape(m) -> bytes:
    code = m.group(1)
    if code in _ESCAPES:
        return _ESCAPES[code]
    value = int(code, 8)
    if value > 255:           # the high bit's overflow: readers differ, so qpdf reads it
        raise Foreign()
    return bytes((value,))
