"""YAML text to positioned nodes, and every way of reading it wrong said in words.

The parser's own messages speak parser (``expected <block end>, but found '?'``); a teacher
needs to know what to change. ``compose`` turns each parser complaint into a sentence saying
what to do, at the place to do it (which is sometimes the line above the one the parser
stopped at: a missing ':' is only noticed on the next line).

Scalars are read the YAML 1.2 way (``plain_value``), because YAML 1.1, which PyYAML speaks,
has traps: ``010`` is 8, ``1:30`` is 90, ``no`` is false. The spec reader refuses the forms
on which the two versions disagree wherever a number or true/false is wanted (``trap``), and
reads them as the text written wherever text is wanted.
"""

from __future__ import annotations

import re

import yaml

from pnp.errors import SpecError, raise_all
from pnp.i18n.message import Message

MAX_DEPTH = 40               # deeper nesting than any spec needs; stops stack-exhaustion input


class StrictLoader(yaml.SafeLoader):
    """A SafeLoader whose composer refuses anchors, aliases, explicit tags and deep nesting,
    and marks which scalars were written plain (unquoted, untagged)."""

    def __init__(self, stream, filename: str):
        super().__init__(stream)
        self._filename = filename
        self._depth = 0

    def _fail(self, message: str | Message, mark) -> SpecError:
        return SpecError(str(message), self._filename, mark.line + 1, mark.column + 1, problem=message)

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent):
            raise self._fail(Message("YAML aliases (*name) are not allowed in specs; write the value out"),
                             event.start_mark)
        if getattr(event, "anchor", None) is not None:
            raise self._fail(Message("YAML anchors (&name) are not allowed in specs; write the value out"),
                             event.start_mark)
        tag = getattr(event, "tag", None)
        if tag not in (None, "!"):
            raise self._fail(Message("YAML tags ({tag}) are not allowed in specs", tag=tag),
                             event.start_mark)
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise self._fail(Message("nesting deeper than {most} levels", most=MAX_DEPTH),
                                 event.start_mark)
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def compose_scalar_node(self, anchor):
        event = self.peek_event()
        node = super().compose_scalar_node(anchor)
        node.plain = bool(event.implicit[0])    # no quotes, no tag: YAML decides its type
        return node


def is_plain(node: yaml.Node) -> bool:
    return isinstance(node, yaml.ScalarNode) and getattr(node, "plain", False)


# ---------------------------------------------------------------------------------------------
# scalars, the YAML 1.2 way

NULLS = {"", "~", "null", "Null", "NULL"}
TRUE_FALSE = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?\Z")
_INF = re.compile(r"[-+]?\.(inf|Inf|INF)\Z")
_NAN = re.compile(r"\.(nan|NaN|NAN)\Z")
MAX_DIGITS = 30       # no option needs more; Python refuses int() of 4300+ digits anyway

# YAML 1.1 forms that YAML 1.2 reads otherwise (or that one of them reads as a number)
_LEADING_ZERO = re.compile(r"[-+]?0[0-9_]+\Z")
_BASED = re.compile(r"[-+]?0([xX][0-9a-fA-F_]+|[oO][0-7_]+|[bB][01_]+)\Z")
_SEXAGESIMAL = re.compile(r"[-+]?[0-9][0-9_]*(:[0-5]?[0-9])+(\.[0-9_]*)?\Z")
_UNDERSCORED = re.compile(r"[-+]?[0-9_]+(\.[0-9_]*)?([eE][-+]?[0-9]+)?\Z")   # linear: no nested choice
MAX_TRAP = 64         # longer values are no number anyone meant; explaining them costs time
BOOL_WORDS = {"yes": True, "no": False, "on": True, "off": False, "y": True, "n": False}


class TooLarge(ValueError):
    pass


def number(text: str) -> int | float | None:
    """The number a plain scalar is in YAML 1.2 (decimal only), or None if it is not one or
    if YAML 1.1 reads it otherwise (``010``: 10 or 8, see ``trap``)."""
    if _LEADING_ZERO.match(text):
        return None
    if _INT.match(text):
        if len(text.lstrip("+-")) > MAX_DIGITS:
            raise TooLarge(text)
        return int(text)
    if _FLOAT.match(text):
        if len(text) > 2 * MAX_DIGITS:
            return float("inf") if not text.startswith("-") else float("-inf")
        return float(text)
    if _INF.match(text):
        return float("-inf") if text.startswith("-") else float("inf")
    if _NAN.match(text):
        return float("nan")
    return None


def trap(text: str) -> Message | None:
    """Why a plain scalar is not read as a number although YAML 1.1 would read it as one,
    said so the writer knows what to type (a Message: the web page says it in its language);
    None if it is no such form."""
    if len(text) > MAX_TRAP:
        return None
    if _LEADING_ZERO.match(text):
        sign = "-" if text.startswith("-") else ""
        digits = text.lstrip("+-").replace("_", "")
        if set(digits) <= set("01234567"):
            return Message("{text} has a leading zero (YAML 1.1 reads {text} as octal {octal}): "
                           "write {plain} without it",
                           text=text, octal=f"{sign}{int(digits, 8)}", plain=f"{sign}{int(digits)}")
        return Message("{text} has a leading zero: write {plain} without it",
                       text=text, plain=f"{sign}{int(digits)}")
    if _BASED.match(text):
        value = int(text.replace("_", ""), 0)
        return Message("write numbers in decimal: {text} is {value}", text=text, value=value)
    if _SEXAGESIMAL.match(text):
        return Message("{text} reads as a base-60 number in YAML 1.1 (1:30 is 90) and as text "
                       "in YAML 1.2: write the number you mean in decimal", text=text)
    if "_" in text and any(ch.isdigit() for ch in text) and _UNDERSCORED.match(text):
        return Message("write {plain} without the underscores", plain=text.replace("_", ""))
    return None


def bool_trap(text: str) -> Message | None:
    """Why a plain yes/no/on/off is refused where true or false is wanted (a Message)."""
    word = text.casefold()
    if word in BOOL_WORDS:
        meant = "true" if BOOL_WORDS[word] else "false"
        return Message("write {meant} rather than {text}: YAML 1.1 reads {text} as {meant}, "
                       "YAML 1.2 as text", meant=meant, text=text)
    return None


def plain_value(node: yaml.ScalarNode):
    """A scalar's value the YAML 1.2 core way: quoted scalars are text; plain ones are null,
    true/false (spelt true, True or TRUE), a decimal number, or the text written (so ``no``,
    ``010`` and ``1:30`` stay text here; the reader refuses them where a number or true/false
    is wanted)."""
    text = node.value
    if not is_plain(node):
        return text
    if text in NULLS:
        return None
    if text in TRUE_FALSE:
        return TRUE_FALSE[text]
    found = number(text)
    return text if found is None else found


# ---------------------------------------------------------------------------------------------
# composing, with the parser's complaints in words


def compose(text: str, filename: str) -> yaml.Node | None:
    loader = None
    try:
        loader = StrictLoader(text, filename)   # the reader checks characters already here
        node = loader.get_single_node()
    except SpecError:
        raise
    except yaml.MarkedYAMLError as exc:
        raise_all(Syntax(text, filename).mistakes(exc))
    except yaml.reader.ReaderError as exc:
        problem = Message("character U+{code} is not allowed in YAML", code=f"{exc.character:04X}")
        raise SpecError(str(problem), filename, *position(text, exc.position), problem=problem) from None
    except yaml.YAMLError as exc:
        problem = Message("not valid YAML: {problem}", problem=str(exc))   # the parser's English
        raise SpecError(str(problem), filename, problem=problem) from None
    finally:
        if loader is not None:
            loader.dispose()
    return node


def position(text: str, at: int) -> tuple[int, int]:
    """Line and column of character ``at``; lines end at CR LF, CR or LF, as YAML counts them."""
    lines = re.split(r"\r\n|\r|\n", text[:at])
    return len(lines), len(lines[-1]) + 1


_CLOSERS = {"[": "]", "{": "}"}


class Syntax:
    """Explains one parser complaint about ``text`` as mistakes a person can fix."""

    def __init__(self, text: str, filename: str):
        self.filename = filename
        self.lines = re.split(r"\r\n|\r|\n", text)

    def at(self, line: int, column: int, message: Message) -> SpecError:
        """A mistake at 0-based (line, column): the CLI prints its English, a page says it."""
        return SpecError(str(message), self.filename, line + 1, column + 1, problem=message)

    def line(self, i: int) -> str:
        return self.lines[i] if 0 <= i < len(self.lines) else ""

    def mistakes(self, exc: yaml.MarkedYAMLError) -> list[SpecError]:
        problem, context = exc.problem or "", exc.context or ""
        mark = exc.problem_mark or exc.context_mark
        if mark is None:
            said = Message("not valid YAML: {problem}", problem=problem or context)
            return [SpecError(str(said), self.filename, problem=said)]
        line, col = mark.line, mark.column
        ctx = exc.context_mark
        if "'\\t'" in problem:
            return self.tabs(line, col)
        if problem == "mapping values are not allowed here":
            return [self.stray_colon(line, col)]
        if "could not find expected ':'" in problem and ctx is not None:
            return [self.no_colon(ctx.line)]
        if context.startswith("while scanning a quoted scalar") and ctx is not None:
            quote = self.line(ctx.line)[ctx.column:ctx.column + 1] or '"'
            return [self.at(ctx.line, ctx.column,
                            Message("the {quote} opened here is never closed: add a closing {quote}",
                                    quote=quote))]
        if "flow" in context and problem.startswith("expected ','") and ctx is not None:
            return [self.flow(exc)]
        if problem.startswith("expected <block end>") or problem.startswith("expected <block"):
            return [self.block_end(line, col, problem, ctx)]
        if "that cannot start any token" in problem or problem.startswith("expected the node content"):
            opener = self.open_bracket(line, col)
            if opener is not None and opener[0] < line:
                return [self.unclosed(*opener)]
            ch = self.line(line)[col:col + 1]
            return [self.at(line, col, Message("a value cannot start with {char}: put the value in quotes",
                                               char=repr(ch)))]
        if "unknown escape character" in problem:
            ch = self.line(line)[col:col + 1]
            # TRANSLATORS: {char} is the letter after a backslash; \\ is typed as it is
            return [self.at(line, col, Message("'\\{char}' is not an escape YAML knows: in double quotes "
                                               "write \\\\ for a backslash, or use single quotes",
                                               char=ch))]
        if context.startswith("while scanning a block scalar"):
            return [self.at(line, col - 1, Message("'|' and '>' start a block of text on the lines below; "
                                                   "put a value that begins with them in quotes"))]
        if context.startswith("while scanning an alias") or context.startswith("while scanning an anchor"):
            return [self.at(ctx.line, ctx.column,
                            Message("'*' and '&' begin YAML aliases and anchors, which specs do not use: "
                                    "put a value that begins with them in quotes"))]
        if problem == "sequence entries are not allowed here":
            # TRANSLATORS: items: and '  - kind: ...' are what the spec file says (English keys)
            return [self.at(line, col, Message("a list entry ('- ') must start its own line, below its key "
                                               "(items:, then '  - kind: ...' on the next line)"))]
        if problem.startswith("but found another document") or "single document" in context:
            return [self.at(line, col, Message("a second document starts here: a spec is one document, "
                                               "so remove the '---' line"))]
        if problem.startswith("expected '<document start>'"):
            return [self.document_start(line, col)]
        return [self.at(line, col, Message("not valid YAML: {problem}", problem=problem or context))]

    # ---- the cases -------------------------------------------------------------------------

    def tabs(self, line: int, col: int) -> list[SpecError]:
        """Every line indented with a tab is one mistake; so is the tab the parser met."""
        say = Message("a tab character: YAML indents with spaces only; replace the tab with spaces")
        found = {(line, col)}
        for i, text in enumerate(self.lines):
            lead = len(text) - len(text.lstrip(" \t"))
            if "\t" in text[:lead]:
                found.add((i, text.index("\t")))
        by_line: dict[int, int] = {}
        for i, c in sorted(found):
            by_line.setdefault(i, c)
        return [self.at(i, c, say) for i, c in sorted(by_line.items())]

    def stray_colon(self, line: int, col: int) -> SpecError:
        before = self.line(line)[:col]
        if re.search(r":( |$)", before):
            # TRANSLATORS: title: "Week: one" is a line of a spec (its key stays English)
            return self.at(line, col, Message("a second ': ' on one line: give each key its own line, or put "
                                              "text that contains ': ' in quotes (title: \"Week: one\")"))
        if re.match(r"\s*(- +)*[\w-]+ +[\[{]", self.line(line)):
            return self.no_colon(line)         # "variants {lockdown: true}"
        above = self.content_above(line)
        if above is not None:
            if not re.search(r":( |\t|$)", _strip_comment(self.line(above))):
                return self.no_colon(above)
            if indent(self.line(line)) > indent(self.line(above)):
                return self.at(line, indent(self.line(line)),
                               Message("this line is indented more than line {above} above it: line it "
                                       "up with the key on line {above}, or end line {above} with "
                                       "':' if this line belongs under it", above=above + 1))
        return self.at(line, col, Message("a ':' here that YAML cannot read: put the value in quotes"))

    def no_colon(self, line: int) -> SpecError:
        text = self.line(line)
        glued = re.search(r"\w:(?=[^\s:/])", text)
        if glued:
            return self.at(line, glued.end() - 1, Message("put a space after the ':' (key: value)"))
        return self.at(line, indent(text), Message("this line has no ':' after its key: write key: value"))

    def flow(self, exc) -> SpecError:
        opener_mark, mark = exc.context_mark, exc.problem_mark
        opener = self.line(opener_mark.line)[opener_mark.column:opener_mark.column + 1] or "["
        closer = _CLOSERS.get(opener, "]")
        got = self.line(mark.line)[mark.column:mark.column + 1]
        where = Message("line {line} column {column}", line=opener_mark.line + 1, column=opener_mark.column + 1)
        if got in ("]", "}") and got != closer:
            return self.at(mark.line, mark.column,
                           Message("the {opener} at {where} is closed with {got}: close it with {closer}",
                                   opener=repr(opener), where=where, got=repr(got), closer=repr(closer)))
        if mark.line > opener_mark.line or got == "":
            return self.unclosed(opener_mark.line, opener_mark.column)
        return self.at(mark.line, mark.column,
                       Message("a ',' is missing between two entries of the {brackets} at {where}",
                               brackets=opener + closer, where=where))

    def unclosed(self, line: int, col: int) -> SpecError:
        opener = self.line(line)[col:col + 1] or "["
        return self.at(line, col, Message("this {opener} is never closed: add {closer} at the end of its value",
                                          opener=repr(opener), closer=repr(_CLOSERS.get(opener, "]"))))

    def open_bracket(self, line: int, col: int) -> tuple[int, int] | None:
        """The '[' or '{' still open at (line, col), outside quotes and comments, if any."""
        stack: list[tuple[int, int]] = []
        for i in range(line + 1):
            text = _strip_comment(self.line(i))
            end = col if i == line else len(text)
            quote = None
            for j, ch in enumerate(text[:end]):
                if quote:
                    quote = None if ch == quote else quote
                elif ch in "'\"":
                    quote = ch
                elif ch in "[{":
                    stack.append((i, j))
                elif ch in "]}" and stack:
                    stack.pop()
        return stack[-1] if stack else None

    def block_end(self, line: int, col: int, problem: str, ctx=None) -> SpecError:
        found = problem.split("but found ", 1)[-1].strip("'")
        text = self.line(line)
        if found in ("]", "}"):
            return self.at(line, col, Message("a {found} with no opening {opener}: remove it",
                                              found=repr(found), opener="[" if found == "]" else "{"))
        if text[:col].rstrip().endswith(("'", '"')) and text[col:col + 1] not in ("", "#"):
            return self.at(line, col, Message("text after the closing quote: put the whole value inside the quotes"))
        if found == "-":
            return self.at(line, col, Message("a list entry ('- ') where a key was expected: line it up with "
                                              "the other entries of its list, or remove the '- '"))
        here = indent(text)
        dash = None
        if ctx is not None and self.line(ctx.line)[ctx.column:ctx.column + 1] == "-" and here == ctx.column:
            dash = next((i for i in range(line - 1, ctx.line - 1, -1)
                         if self.line(i)[here:here + 2] == "- " and indent(self.line(i)) == here), None)
        if dash is not None:
            entry = self.line(dash)
            key_col = key_column(entry)
            first = entry[key_col:].split(":")[0].strip()
            # TRANSLATORS: {key} is a key of the spec as written there, in quotes
            return self.at(line, here, Message(
                "this line is lined up with the '- ' on line {dash}: indent it {n} more space to belong "
                "to that list entry (like {key}), or remove the '- ' if line {dash} is not a list entry",
                "this line is lined up with the '- ' on line {dash}: indent it {n} more spaces to belong "
                "to that list entry (like {key}), or remove the '- ' if line {dash} is not a list entry",
                n=key_col - here, dash=dash + 1, key=repr(first)))
        levels = self.levels_above(line)
        shown = ""
        for i, c in levels[:3]:
            # TRANSLATORS: {spaces} is how many spaces a key above is indented ("2 on line 5")
            said = Message("{spaces} on line {line}", spaces=c, line=i + 1)
            # TRANSLATORS: two items of a list in parentheses, the first maybe a list itself
            shown = said if not shown else Message("{before}, {after}", before=shown, after=said)
        return self.at(line, here, Message(
            "this line is indented {n} space, which lines up with no key above it ({keys}): indent "
            "it like the key it belongs with",
            "this line is indented {n} spaces, which lines up with no key above it ({keys}): indent "
            "it like the key it belongs with", n=here, keys=shown))

    def document_start(self, line: int, col: int) -> SpecError:
        for i, text in enumerate(self.lines[:line + 1]):
            if text.startswith("%"):
                return self.at(i, 0, Message("directives (%YAML, %TAG) are not used in specs: remove this line"))
            if text.rstrip() == "...":
                return self.at(line, col, Message("text after the end marker '...' on line {line}: remove that line",
                                                  line=i + 1))
        first = self.content_above(line + 1)
        for i, text in enumerate(self.lines[:line]):
            if _strip_comment(text).strip():
                first = i
                break
        if first is not None and first < line and indent(self.line(first)) > indent(self.line(line)):
            return self.at(first, indent(self.line(first)),
                           Message("the spec's first key is indented: its keys start at the left edge, "
                                   "so remove the spaces before it"))
        return self.at(line, col, Message("not valid YAML here: a spec is one mapping of key: value lines"))

    # ---- reading indentation ---------------------------------------------------------------

    def content_above(self, line: int) -> int | None:
        for i in range(line - 1, -1, -1):
            if _strip_comment(self.lines[i]).strip():
                return i
        return None

    def levels_above(self, line: int) -> list[tuple[int, int]]:
        """(line, key column) of the keys that enclose ``line``, nearest first."""
        out: list[tuple[int, int]] = []
        smallest = None
        for i in range(line - 1, -1, -1):
            text = _strip_comment(self.lines[i])
            if not text.strip():
                continue
            col = key_column(text)
            if smallest is None or col < smallest:
                out.append((i, col))
                smallest = col
            if col == 0:
                break
        return out


def indent(text: str) -> int:
    return len(text) - len(text.lstrip(" "))


def key_column(text: str) -> int:
    """Where a line's key starts: after any '- ' list markers."""
    match = re.match(r"( *)((- +)*)", text)
    return len(match.group(0)) if match else 0


def _strip_comment(text: str) -> str:
    """The line without a trailing comment (a '#' at the start or after a space, outside quotes;
    good enough for pointing at a line)."""
    quote = None
    for i, ch in enumerate(text):
        if quote:
            if ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i]
    return text
