"""The loader's problems with one value (a pnp.i18n.message.Message): the CLI prints them in English
exactly as it always has, the web page says them in its language, and they cross a pipe whole."""

from __future__ import annotations

import pickle
import re

import pytest
from hypothesis import given, settings, strategies as st

from pnp import i18n
from pnp.errors import SpecError, WrongValue
from pnp.i18n import web_gettext
from pnp.i18n.message import END_ISOLATE, ISOLATE, Field, Message
from pnp.spec import loads

NAMES = st.sampled_from(["got", "kind", "lo", "hi", "text", "why", "problem"])
PLAIN = st.one_of(st.text(max_size=30), st.integers(), st.floats(allow_nan=False))
BRACELESS = st.text(max_size=30).map(lambda t: t.replace("{", "").replace("}", ""))


@st.composite
def problems(draw, depth=2):
    """A Message whose template uses some facts, each plain or (``depth`` deep) a Message."""
    names = draw(st.lists(NAMES, unique=True, max_size=4))
    template = draw(BRACELESS) + "".join("{" + n + "}" + draw(BRACELESS) for n in names)
    facts = {n: draw(problems(depth - 1) if depth and draw(st.booleans()) else PLAIN) for n in names}
    return Message(template, **facts)


@given(problems())
def test_a_problem_says_its_template_filled_in_english(problem):
    english = {n: str(f) for n, f in problem.facts.items()}
    assert str(problem) == (problem.msgid.format(**english) if problem.facts else problem.msgid)
    # an English page says the same, a value written right to left isolated from its sentence
    assert _unisolated(problem.say("en")) == _unisolated(str(problem))


def _unisolated(text: str) -> str:
    return text.replace(ISOLATE, "").replace(END_ISOLATE, "")


@given(problems())
def test_a_problem_crosses_a_pipe_whole(problem):
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem and str(again) == str(problem) and type(again) is Message


# every kind of one-value problem the loader says, as the CLI has always printed it
HEAD = "title: t\nitems:\n  - kind: cliquer\n"
CLI = [
    (HEAD + "    dots: 80\n", "x.yaml:4:11: items[0].dots must be 3..40, got 80"),
    (HEAD + "    dots: [1, 2]\n", "x.yaml:4:11: items[0].dots must be a single value, not a list"),
    (HEAD + "    dots: {a: 1}\n", "x.yaml:4:11: items[0].dots must be a single value, not a mapping"),
    (HEAD + "    dots: # c\n", "x.yaml:4:10: items[0].dots must be a whole number, got nothing (a '#' "
                               "after a space starts a comment: put text containing '#' in quotes)"),
    (HEAD + "    dots: '8'\n", "x.yaml:4:11: items[0].dots must be a whole number, got '8' (quotes make it "
                               "text: remove them)"),
    (HEAD + "    dots: 9" + "9" * 400 + "\n", "x.yaml:4:11: items[0].dots: number too large: 99999999999999999999..."),
    (HEAD + "    dots: 010\n", "x.yaml:4:11: items[0].dots must be a whole number, got '010'; 010 has a "
                              "leading zero (YAML 1.1 reads 010 as octal 8): write 10 without it"),
    (HEAD + "    dots: 019\n", "x.yaml:4:11: items[0].dots must be a whole number, got '019'; 019 has a "
                              "leading zero: write 19 without it"),
    (HEAD + "    dots: 0x10\n", "x.yaml:4:11: items[0].dots must be a whole number, got '0x10'; write "
                               "numbers in decimal: 0x10 is 16"),
    (HEAD + "    dots: 1:30\n", "x.yaml:4:11: items[0].dots must be a whole number, got '1:30'; 1:30 reads "
                               "as a base-60 number in YAML 1.1 (1:30 is 90) and as text in YAML 1.2: "
                               "write the number you mean in decimal"),
    (HEAD + "    dots: 1_000\n", "x.yaml:4:11: items[0].dots must be a whole number, got '1_000'; write "
                                "1000 without the underscores"),
    (HEAD + "    dots: .nan\n", "x.yaml:4:11: items[0].dots must be a finite number, got .nan"),
    (HEAD + "    dots: 3.5\n", "x.yaml:4:11: items[0].dots must be a whole number, got 3.5"),
    (HEAD + "    worksheet: yes\n", "x.yaml:4:16: items[0].worksheet must be true or false; write true "
                                   "rather than yes: YAML 1.1 reads yes as true, YAML 1.2 as text"),
    (HEAD + "    worksheet: maybe\n", "x.yaml:4:16: items[0].worksheet must be true or false, got 'maybe'"),
    ("title: " + "x" * 300 + "\n" + HEAD[9:], "x.yaml:1:8: title is 300 characters long; at most 200"),
    ("title: t\nseed:\n" + HEAD[9:], "x.yaml:2:6: seed must be text or a number, got nothing"),
    ("title: t\npage:\n  orientation: portait\n" + HEAD[9:],
     "x.yaml:3:16: page.orientation must be one of portrait, landscape, got 'portait'; did you mean 'portrait'?"),
    ("title: t\npage:\n  orientation:\n" + HEAD[9:],
     "x.yaml:3:15: page.orientation must be one of portrait, landscape, got 'nothing'"),
]


def mistake(text: str) -> SpecError:
    with pytest.raises(SpecError) as caught:
        loads(text, "x.yaml")
    return caught.value


@pytest.mark.parametrize("text, line", CLI, ids=range(len(CLI)))
def test_the_cli_says_each_problem_as_it_always_has(text, line):
    error = mistake(text)
    assert str(error) == line
    assert isinstance(error.problem, Message)


# what was written, as each problem quotes it back (never translated)
WRITTEN = ["80", None, None, None, "'8'", "99999999999999999999...", "'010'", "'019'", "'0x10'",
           "'1:30'", "'1_000'", ".nan", "3.5", "yes", "'maybe'", None, None, "'portait'", None]


@pytest.mark.parametrize("code", ["fr", "ar", "zh"])
@pytest.mark.parametrize("case", range(len(CLI)))
def test_a_page_says_each_problem_in_its_language_keeping_what_was_written(case, code):
    text, _ = CLI[case]
    error = mistake(text)
    with i18n.using(code):
        # (the label here is in Latin letters: on a right-to-left page it is isolated)
        said = error.by_label("Label").say().replace(ISOLATE, "").replace(END_ISOLATE, "")
        # the label, then the colon as the language writes it ("Label : " in French)
        named = web_gettext("{label}: {problem}").format(label="Label", problem="")
    english = str(error.problem)
    assert said.startswith(named) and english not in said
    assert not any(word in said for word in ("must", "got", "write", "number")), said
    if WRITTEN[case] is not None:
        assert WRITTEN[case] in said, said


@pytest.mark.parametrize("code, fact, isolated", [
    ("ar", "Thinking in Circles", True), ("ar", "سارة", False), ("ar", "12", False),
    ("fr", "سارة", True), ("fr", "Ann", False), ("en", "Ann", False), ("en", "سارة", True)])
def test_a_value_written_the_other_way_from_the_page_is_isolated_from_its_sentence(code, fact,
                                                                                    isolated):
    """As HTML's <bdi>: the page sets each message's direction from its first letter, so an
    English name starting an Arabic sentence must not turn it left to right. The CLI adds
    nothing."""
    problem = Message("{name} repeats name {first}", name=fact, first="x")
    with i18n.using(code):
        said = problem.say()
    assert (f"{ISOLATE}{fact}{END_ISOLATE}" in said) is isolated
    assert fact in said and str(problem) == f"{fact} repeats name x"


def test_a_problem_in_a_spec_error_crosses_a_pipe_and_is_said_the_same():
    for before in (mistake(HEAD + "    dots: 010\n"), mistake("title: t\npage:\n  margin_mm: 1\n" + HEAD[9:])):
        after = pickle.loads(pickle.dumps(before))
        assert str(after) == str(before) and after.field == before.field
        assert after.problem == before.problem and isinstance(after.problem, Message)
        with i18n.using("de"):
            assert after.by_label().say() == before.by_label().say()
            assert "muss" in after.by_label().say()


def test_the_page_carries_a_workers_problem_to_the_form():
    """A worker's mistake (pnp.web.say.Mistake) keeps its Message across the pipe."""
    from pnp.web.say import Mistake

    error = mistake(HEAD + "    dots: 80\n")
    sent = pickle.loads(pickle.dumps(Mistake.of(error)))
    back = sent[0].spec_error("<build>")
    assert str(back.message) == str(error.message)
    with i18n.using("zh"):
        assert back.by_label("点数").say() == "点数：" + web_gettext(
            "must be {lo}..{hi}, got {got}").format(lo=3, hi=40, got=80)


# the loader's other messages a form can meet (an item's own rules, board codes, characters,
# keys, YAML tags), as the CLI has always printed them (taken from main before they became
# Problems)
RULES = [
    ('title: t\nitems:\n  - kind: cliques\n    players: 2\n',
     'x.yaml:4:14: items[0].players: Cliques is for 3..12 players, got 2'),
    ('title: t\nitems:\n  - kind: cliques\n    players: [Ann, Bob]\n',
     'x.yaml:4:14: items[0].players: Cliques is for 3..12 players, got 2 names'),
    ('title: t\nitems:\n  - kind: cliques\n    players: true\n',
     'x.yaml:4:14: items[0].players: must be a number of players (3..12) or a list of names, got True'),
    ('title: t\nitems:\n  - kind: cliques\n    players: {a: 1}\n',
     'x.yaml:4:14: items[0].players: must be a number of players (3..12) or a list of names'),
    ('title: t\nitems:\n  - kind: cliques\n    players: [Ann, 3, Bob]\n',
     'x.yaml:4:14: items[0].players: name 2 must be a name, got 3 (put quotes around it)'),
    ("title: t\nitems:\n  - kind: cliques\n    players: [Ann, '', Bob]\n",
     'x.yaml:4:14: items[0].players: name 2 is empty; every player needs a name'),
    ('title: t\nitems:\n  - kind: cliques\n    players: [Ann, yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy, Bob]\n',
     "x.yaml:4:14: items[0].players: name 2 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy' is 45 characters; at most 40"),
    ('title: t\nitems:\n  - kind: cliques\n    players: [Ann, "a\\u200bb", Bob]\n',
     "x.yaml:4:14: items[0].players: name 2 'a\\u200bb' has an invisible control character (U+200B); type the name plainly"),
    ('title: t\nitems:\n  - kind: cliques\n    players: [Ann, "a\\uE000", Bob]\n',
     "x.yaml:4:14: items[0].players: name 2 'a\\ue000' has an invisible control character (U+E000); type the name plainly"),
    ('title: t\nitems:\n  - kind: cliques\n    players: [Ann, ann, Bob]\n',
     "x.yaml:4:14: items[0].players: name 2 'ann' repeats name 1; names must differ (circles are named after them)"),
    ('title: t\nitems:\n  - kind: cliques\n    players: [Ann, "\\x01", Bob]\n',
     'x.yaml:4:20: items[0].players[1] contains a control character (U+0001)'),
    ('title: t\nitems:\n  - kind: circles\n    players: 3\n',
     'x.yaml:4:14: items[0].players: Thinking in Circles is for 2 players, or 4 as two teams of two, got 3; 3 cannot share the two colors (black and white) fairly'),
    ('title: t\nitems:\n  - kind: circles\n    players: 6\n',
     'x.yaml:4:14: items[0].players: Thinking in Circles is for 2 players, or 4 as two teams of two, got 6'),
    ('title: t\nitems:\n  - kind: circles\n    players: x\n',
     "x.yaml:4:14: items[0].players: must be 2 or 4 (a number of players), got 'x'"),
    ('title: t\nitems:\n  - kind: circles\n    circles: 3\n    arrangement: ring\n',
     'x.yaml:3:5: items[0]: a ring needs at least 4 circles (got 3); with 3 every circle would be next to both others: use arrangement: row'),
    ('title: t\nitems:\n  - kind: circles\n    spaces: 13\n    shape_spaces: 3\n    variants: {lockdown: true}\n',
     'x.yaml:3:5: items[0]: spaces 13 cannot hold 4 shapes x 3, black and white x 1 and the start space and one more neutral space for Lockdown: use more spaces or fewer shape/color spaces'),
    ('title: t\nitems:\n  - kind: circles\n    spaces: 13\n    shape_spaces: 3\n',
     'x.yaml:3:5: items[0]: spaces 13 cannot hold 4 shapes x 3, black and white x 1 and the start space: use more spaces or fewer shape/color spaces'),
    ('title: t\nitems:\n  - kind: circles\n    circles: 8\n    arrangement: ring\n    spaces: 24\n',
     'x.yaml:3:5: items[0]: 8 circles of 24 spaces in a ring leave spaces 4.5 mm wide on some A4 or Letter pages, too small to show which space a marker is on (at least 6 mm): use at most 17 spaces or fewer circles'),
    ('title: t\nitems:\n  - kind: circles\n    circles: 8\n    spaces: 24\n',
     'x.yaml:3:5: items[0]: 8 circles of 24 spaces in a row leave spaces 4.0 mm wide on some A4 or Letter pages, too small to show which space a marker is on (at least 6 mm): use at most 15 spaces or fewer circles'),
    ('title: t\nitems:\n  - kind: cliquer\n    code: 12\n',
     'x.yaml:4:11: items[0].code: a board code is text like R1-XXXX-...'),
    ('title: t\nitems:\n  - kind: cliquer\n    code: X1-AAAA\n',
     "x.yaml:4:11: items[0].code: board code 'X1-AAAA' should start with R1-"),
    ('title: t\nitems:\n  - kind: cliquer\n    code: R1-AB\n',
     "x.yaml:4:11: items[0].code: board code 'R1-AB' has the wrong length"),
    ('title: t\nitems:\n  - kind: cliquer\n    code: R1-1CT5-G0R4-S*\n',
     "x.yaml:4:11: items[0].code: board code 'R1-1CT5-G0R4-S*' has '*', which is not a code letter"),
    ('title: t\nitems:\n  - kind: cliquer\n    code: R1-1CT5-G0R4-SX\n',
     "x.yaml:4:11: items[0].code: board code 'R1-1CT5-G0R4-SX' is mistyped (its check letters do not match)"),
    ('title: t\nitems:\n  - kind: cliquer\n    code: R1-0000-00\n',
     "x.yaml:4:11: items[0].code: board code 'R1-0000-00' does not describe a board"),
    ('title: t\nitems:\n  - kind: cliquer\n    code: R1-1CT5-G0R4-SK\n    dots: 9\n',
     'x.yaml:5:11: items[0].dots is 9 but code: R1-1CT5-G0R4-SK has dots 4: leave dots: out (the code sets it)'),
    ('title: t\nitems:\n  - kind: cliquer\n    code: R1-1CT5-G0R4-SK\n    difficulty: hard\n',
     'x.yaml:5:17: items[0].difficulty cannot be used with code: R1-1CT5-G0R4-SK, which fixes the board'),
    ('title: t\nitems:\n  - kind: cliquer\n    difficulty: impossible\n',
     "x.yaml:4:17: items[0].difficulty: unknown difficulty band 'impossible'; choose one of easy, medium, hard"),
    ('title: t\nitems:\n  - kind: cliquer\n    difficulty: {target: 2}\n',
     'x.yaml:4:17: items[0].difficulty: difficulty target must be within 0..1, got 2.0'),
    ('title: t\nitems:\n  - kind: cliquer\n    difficulty: {target: 0.5, tolerance: 3}\n',
     'x.yaml:4:17: items[0].difficulty: difficulty tolerance must be within 0..1, got 3.0'),
    ('title: t\nitems:\n  - kind: cliquer\n    difficulty: {target: x}\n',
     'x.yaml:4:17: items[0].difficulty: target and tolerance must be numbers'),
    ('title: t\nitems:\n  - kind: cliquer\n    difficulty: {foo: 1}\n',
     'x.yaml:4:17: items[0].difficulty: write a band (easy, medium, hard) or {target: 0.7, tolerance: 0.05}'),
    ('title: t\nitems:\n  - kind: cliquer\n    difficulty: {target: 0.5, target: 0.6}\n',
     "x.yaml:4:31: duplicate key 'target' in items[0].difficulty (first at line 4)"),
    ('title: t\nitems:\n  - kind: cliquer\n    difficulty: {[a]: 1}\n',
     'x.yaml:4:17: items[0].difficulty: write a band (easy, medium, hard) or {target: 0.7, tolerance: 0.05}\nx.yaml:4:18: keys in items[0].difficulty must be plain names'),
    ('title: "a\\x01"\nitems:\n  - kind: cliquer\n',
     'x.yaml:1:8: title contains a control character (U+0001)'),
    ('title: "a\\ud800"\nitems:\n  - kind: cliquer\n',
     'x.yaml:1:8: title contains a lone surrogate (U+D800)'),
    ('title: "a\\u202eb"\nitems:\n  - kind: cliquer\n',
     "x.yaml:1:8: title has an invisible formatting character '\\u202e' (U+202E RIGHT-TO-LEFT OVERRIDE); type the text plainly"),
    ('title: "a\\U00013000"\nitems:\n  - kind: cliquer\n',
     "x.yaml:1:8: title has '𓀀' (U+13000 EGYPTIAN HIEROGLYPH A001), which the print font cannot draw"),
    ('title: !!str t\nitems:\n  - kind: cliquer\n',
     'x.yaml:1:8: YAML tags (tag:yaml.org,2002:str) are not allowed in specs'),
    ('title: t\nitems:\n  - kind: cliquer\n    labels: [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n',
     'x.yaml:4:50: nesting deeper than 40 levels'),
    ('title: "\ufffe"\nitems:\n  - kind: cliquer\n',
     'x.yaml:1:9: character U+FFFE is not allowed in YAML'),
    ('title: t\u2028\nitems:\n  - kind: cliquer\n',
     'x.yaml:1:9: character U+2028 (an unusual line break) is not allowed in specs'),
    ('output: a/b\ntitle: t\nitems:\n  - kind: cliquer\n',
     "x.yaml:1:9: output must be a plain file name like pack.pdf, got 'a/b'"),
    ('output: xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\ntitle: t\nitems:\n  - kind: cliquer\n',
     "x.yaml:1:9: output 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' is 202 bytes long; at most 200 (file systems allow 255, and pnp adds to it)"),
]


@pytest.mark.parametrize("text, line", RULES, ids=range(len(RULES)))
def test_the_cli_says_each_rule_as_it_always_has(text, line):
    assert str(mistake(text)) == line


def _literal(template: str) -> str:
    """The longest run of a template's own words (between its placeholders)."""
    return max(re.split(r"\{\w+\}", template), key=len).strip(" :;,.()")


@pytest.mark.parametrize("code", ["fr", "ar"])
def test_a_page_says_each_rule_in_its_language(code):
    """Every one of them said on a French or Arabic page: none of the English template's own
    words left, every placeholder filled, and a field named inside it by its label there."""
    for text, _ in RULES:
        for m in mistake(text).mistakes:
            assert isinstance(m.problem, Message), m.message
            with i18n.using(code):
                said = m.by_label("Label").say()
                template = web_gettext(m.problem.msgid)
            assert template != m.problem.msgid or m.problem.msgid == "{text} {problem}", m.message
            english = _literal(m.problem.msgid)
            assert english not in said and "{" not in said.replace("{target", ""), (m.message, said)
            assert _literal(template) in said
    with i18n.using(code):
        quoted = web_gettext("“{label}”").format(label=web_gettext("Board code"))
        said = mistake(RULES[26][0]).by_label().say()
    assert quoted in said and "code:" not in said


FIELD_KEYS = st.sampled_from(["code", "dots", "arrangement", "spaces", "players"])


@given(FIELD_KEYS, st.text(min_size=1, max_size=20))
def test_a_named_field_is_its_key_on_the_cli_and_its_label_on_a_page(key, label):
    named = Field(label, key)
    assert str(named) == key and named.say("en") == "“" + label + "”"
    with i18n.using("fr"):      # French quotes «so», the label through the page's catalog
        assert named.say() == web_gettext("“{label}”").format(label=web_gettext(label))
    assert named.say("fr").startswith("«")
    again = pickle.loads(pickle.dumps(named))
    assert again == named and type(again) is Field and str(again) == key


@given(problems())
def test_a_wrong_value_is_its_problem_in_english_and_crosses_a_pipe(problem):
    wrong = WrongValue(problem.msgid, **problem.facts)
    assert isinstance(wrong, ValueError) and str(wrong) == str(problem) and wrong.problem == problem
    again = pickle.loads(pickle.dumps(wrong))
    assert str(again) == str(wrong) and again.problem == problem


NAME = st.text(st.characters(codec="utf-8"), max_size=45)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.one_of(NAME, st.integers(-5, 50)), max_size=14))
def test_any_list_of_players_is_refused_in_the_same_words_on_the_cli_and_on_a_page(players):
    """Whatever list of names is written, a refusal is one Message: the CLI's line ends with it
    in English, and a French page says it with every placeholder filled."""
    import json

    text = "title: t\nitems:\n  - kind: cliques\n    players: " + json.dumps(players) + "\n"
    try:
        loads(text, "x.yaml")
    except SpecError as error:
        for m in error.mistakes:
            assert isinstance(m.problem, Message), m.message
            assert m.message.endswith(str(m.problem))
            with i18n.using("fr"):
                said = m.by_label("Joueurs").say()
            assert said.startswith("Joueurs : ")
            for value in m.problem.facts.values():
                if not isinstance(value, Message):
                    assert str(value) in said

