"""The loader's problems with one value (pnp.errors.Problem): the CLI prints them in English
exactly as it always has, the web page says them in its language, and they cross a pipe whole."""

from __future__ import annotations

import pickle

import pytest
from hypothesis import given, strategies as st

from pnp import i18n
from pnp.errors import Problem, SpecError
from pnp.i18n import web_gettext
from pnp.spec import loads

NAMES = st.sampled_from(["got", "kind", "lo", "hi", "text", "why", "problem"])
PLAIN = st.one_of(st.text(max_size=30), st.integers(), st.floats(allow_nan=False))
BRACELESS = st.text(max_size=30).map(lambda t: t.replace("{", "").replace("}", ""))


@st.composite
def problems(draw, depth=2):
    """A Problem whose template uses some facts, each plain or (``depth`` deep) a Problem."""
    names = draw(st.lists(NAMES, unique=True, max_size=4))
    template = draw(BRACELESS) + "".join("{" + n + "}" + draw(BRACELESS) for n in names)
    facts = {n: draw(problems(depth - 1) if depth and draw(st.booleans()) else PLAIN) for n in names}
    return Problem(template, **facts)


@given(problems())
def test_a_problem_says_its_template_filled_in_english(problem):
    english = {n: str(f) for n, f in problem.facts.items()}
    assert str(problem) == (problem.message.format(**english) if problem.facts else problem.message)
    assert problem.said(None) == str(problem)


@given(problems())
def test_a_problem_crosses_a_pipe_whole(problem):
    again = pickle.loads(pickle.dumps(problem))
    assert again == problem and str(again) == str(problem) and type(again) is Problem


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
    assert isinstance(error.problem, Problem)


# what was written, as each problem quotes it back (never translated)
WRITTEN = ["80", None, None, None, "'8'", "99999999999999999999...", "'010'", "'019'", "'0x10'",
           "'1:30'", "'1_000'", ".nan", "3.5", "yes", "'maybe'", None, None, "'portait'", None]


@pytest.mark.parametrize("code", ["fr", "ar", "zh"])
@pytest.mark.parametrize("case", range(len(CLI)))
def test_a_page_says_each_problem_in_its_language_keeping_what_was_written(case, code):
    text, _ = CLI[case]
    error = mistake(text)
    with i18n.using(code):
        said = error.by_label("Label", web_gettext)
        # the label, then the colon as the language writes it ("Label : " in French)
        named = web_gettext("{label}: {problem}").format(label="Label", problem="")
    english = str(error.problem)
    assert said.startswith(named) and english not in said
    assert not any(word in said for word in ("must", "got", "write", "number")), said
    if WRITTEN[case] is not None:
        assert WRITTEN[case] in said, said


def test_a_problem_in_a_spec_error_crosses_a_pipe_and_is_said_the_same():
    for before in (mistake(HEAD + "    dots: 010\n"), mistake("title: t\npage:\n  margin_mm: 1\n" + HEAD[9:])):
        after = pickle.loads(pickle.dumps(before))
        assert str(after) == str(before) and after.field == before.field
        assert after.problem == before.problem and isinstance(after.problem, Problem)
        with i18n.using("de"):
            assert after.by_label(None, web_gettext) == before.by_label(None, web_gettext)
            assert "muss" in after.by_label(None, web_gettext)


def test_the_page_carries_a_workers_problem_to_the_form():
    """A worker's mistake (pnp.web.say.Mistake) keeps its Problem across the pipe."""
    from pnp.web.say import Mistake

    error = mistake(HEAD + "    dots: 80\n")
    sent = pickle.loads(pickle.dumps(Mistake.of(error)))
    back = sent[0].spec_error("<build>")
    assert str(back.message) == str(error.message)
    with i18n.using("zh"):
        assert back.by_label("点数", web_gettext) == "点数：" + web_gettext(
            "must be {lo}..{hi}, got {got}").format(lo=3, hi=40, got=80)
