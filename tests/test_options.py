"""The one description of every spec field (``pnp.options``) and everything made from it.

Every field of every game, the spec's own fields and each item's count, is read by the loader,
described by the JSON Schema, written by `pnp new`, shown by the web form and listed in the
docs' spec reference; the first test fails naming the field any of them lacks. The property
tests write any value into any field and hold the loader to its promise: the spec loads (and
then an editor checking the schema accepts it too), or each mistake is one located line that
names the field it is about.
"""

from __future__ import annotations

import json
import re

import pytest
import yaml
from hypothesis import HealthCheck, given, settings, strategies as st

from pnp.errors import SpecError
from pnp.games import KINDS, game
from pnp.options import CHOICE, FLAG, GROUP, NUMBER, TEXT, WHOLE, fields, words_in
from pnp.spec import DEFAULT_SEED, HEADER, KIND, Common, item_options, loads
from support.spec_values import schema_validator, yaml12

# ---------------------------------------------------------------------------------------------
# every field, once for each reader and writer


def leaves(options, prefix: str = "") -> dict[str, object]:
    """path -> Option for every field that holds a value ("page.size", "variants.lockdown")."""
    out = {}
    for o in options:
        if o.shape == GROUP:
            out.update(leaves(o.children, f"{prefix}{o.key}."))
        else:
            out[prefix + o.key] = o
    return out


def model_paths(kind: str) -> set[str]:
    return set(leaves(HEADER)) | {f"items.0.{p}" for p in leaves((KIND, *item_options(kind)))}


def schema_paths(kind: str) -> set[str]:
    from pnp.schema import spec_schema

    def walk(schema: dict, prefix: str) -> set[str]:
        out = set()
        for key, sub in schema.get("properties", {}).items():
            if sub.get("type") == "object" and "properties" in sub:
                out |= walk(sub, f"{prefix}{key}.")
            elif key != "items":
                out.add(prefix + key)
        return out

    top = spec_schema()
    [item] = [s for s in top["properties"]["items"]["items"]["oneOf"]
              if s["properties"]["kind"]["anyOf"][0]["enum"] == [kind]]
    return walk(top, "") | walk(item, "items.0.")


def starter_paths(kind: str) -> set[str]:
    """The keys `pnp new` writes, the commented-out ones (empty by default) included."""
    from pnp.starter import starter

    text = re.sub(r"(?m)^(\s*)# (\w+):$", r"\1\2: null", starter(kind))

    def walk(node, prefix: str) -> set[str]:
        out = set()
        for key, value in node.items():
            if key == "items":
                for i, item in enumerate(value):
                    out |= walk(item, f"items.{i}.")
            elif isinstance(value, dict):
                out |= walk(value, f"{prefix}{key}.")
            else:
                out.add(prefix + key)
        return out

    return walk(yaml.safe_load(text), "")


def form_paths(kind: str) -> set[str]:
    from pnp.web import forms

    def walk(flist) -> set[str]:
        return {n for f in flist for n in (walk(f.children) if f.widget == "fieldset" else {f.name})}

    return walk(forms.spec_fields()) | walk(forms.item_fields(kind, 0, 200))


def docs_paths(kind: str) -> set[str]:
    """The keys the spec reference lists: the top level and page, and this kind's section."""
    from pnp_docs import spec_markdown

    def keys(text: str) -> set[str]:             # a group's row and its fields' rows: the fields
        found = set(re.findall(r"(?m)^\| `([\w.]+)` \|", text))
        return {k for k in found if not any(other.startswith(k + ".") for other in found)}

    sections = re.split(r"(?m)^## ", spec_markdown())
    top = set().union(*(keys(s) for s in sections if not s.startswith("`kind:"))) - {"items"}
    [mine] = [s for s in sections if s.startswith(f"`kind: {kind}`")]
    return top | {f"items.0.{k}" for k in keys(mine)}


def loader_paths(kind: str) -> set[str]:
    """Each field the loader reads: written with its default (or example), it loads and is read
    back as that value (a field with neither is written by the property tests below)."""
    found = set()
    for path, o in model_options(kind).items():
        value = kind if path == "items.0.kind" else o.default if o.default is not None else o.example
        if value is not None and path != "items.0.kind":
            spec = loads(_spec_with(path, json.dumps(value), kind))
            assert _read_back(spec, path) == (o.parse(value) if o.parse else value), path
        found.add(path)
    return found


def model_options(kind: str) -> dict:
    return {**leaves(HEADER), **{f"items.0.{p}": o for p, o in leaves((KIND, *item_options(kind))).items()}}


def _read_back(spec, path: str):
    parts = path.split(".")
    if parts[0] == "items":
        entry = spec.items[0]
        if parts[2] in ("kind", "count"):
            return getattr(entry, parts[2])
        value = entry.item
        parts = parts[2:]
    else:
        value = spec
    for part in parts:
        value = getattr(value, part)
    return value


SOURCES = {"loader": loader_paths, "JSON Schema": schema_paths, "pnp new": starter_paths,
           "web form": form_paths, "docs reference": docs_paths}


@pytest.fixture(scope="module", autouse=True)
def _docs_on_path():
    import sys

    from support.paths import ROOT

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    yield
    sys.path.remove(str(ROOT / "docs" / "_ext"))


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_every_field_is_read_described_written_shown_and_documented(kind):
    """A field added to the model is everywhere at once; one any reader or writer lacks (or
    invents) is named here with the place that lacks it."""
    expected = model_paths(kind)
    for name, paths in SOURCES.items():
        found = paths(kind)
        assert found == expected, f"{name}: lacks {sorted(expected - found)}, has extra {sorted(found - expected)}"


def test_the_spec_reference_in_the_docs_is_not_stale():
    """docs/reference/spec.md holds the reference written from the fields; a field added or a
    help changed fails here until `python docs/_ext/pnp_docs.py` writes it again."""
    from pnp_docs import written

    now, fresh = written("spec")
    assert "| `items.0" not in fresh and "| `dots` | How many dots |" in fresh
    assert now == fresh, "docs/reference/spec.md is stale: run python docs/_ext/pnp_docs.py"


def test_a_stale_reference_is_caught(monkeypatch):
    import pnp_docs

    path, make = pnp_docs.WRITTEN["spec"]
    monkeypatch.setitem(pnp_docs.WRITTEN, "spec", (path, lambda: make().replace("How many dots", "Dots")))
    now, fresh = pnp_docs.written("spec")
    assert now != fresh and "| `dots` | Dots |" in fresh


def test_one_default_seed_in_a_spec_pnp_new_the_form_and_the_schema():
    from pnp.schema import spec_schema
    from pnp.starter import starter
    from pnp.web import forms

    assert loads("items: [{kind: cliquer}]\n").seed == DEFAULT_SEED
    for kind in KINDS:
        assert loads(starter(kind)).seed == DEFAULT_SEED
    assert next(f for f in forms.spec_fields() if f.key == "seed").default == DEFAULT_SEED
    assert spec_schema()["properties"]["seed"]["default"] == DEFAULT_SEED


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_a_new_form_of_each_game_is_a_spec_that_loads(kind):
    """The form's defaults and examples are values the loader takes (a required field such as
    Cliques' players is written even at its example)."""
    from pnp.web import forms
    from pnp.web.making import check_form

    checked = check_form(forms.Form([kind], {}))
    assert checked.ok, (checked.errors, checked.general, checked.written.text)


# ---------------------------------------------------------------------------------------------
# words a teacher reads

def every_option():
    """(where, Option) for every field, groups and their fields included."""
    def walk(options, where):
        for o in options:
            yield f"{where}.{o.key}", o
            yield from walk(o.children, f"{where}.{o.key}")

    yield from walk(HEADER, "spec")
    yield from walk(fields(Common), "items")
    for kind in KINDS:
        yield from walk(fields(game(kind).Item), kind)


KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")                    # a spec key: margin_mm, shape_spaces
ODD = [("a file path", re.compile(r"\w+/\w+|\.md\b|\.ya?ml\b")), ("a flag", re.compile(r"(^|\s)--?\w")),
       ("YAML or code", re.compile(r"[{}\[\]`=]|\d\.\.\d|: *(true|false|null)\b")),
       ("a made-up word with digits", re.compile(r"\b(?=\w*[a-z])(?=\w*\d)\w+\b")),
       ("the program's name", re.compile(r"\bpnp\b"))]


@pytest.mark.parametrize("where, o", list(every_option()), ids=lambda x: x if isinstance(x, str) else "")
def test_labels_and_help_are_words_a_teacher_reads(where, o):
    """No keys, flags, file paths, YAML or rung names in a label or help (a docs link has its
    own attribute); a label starts with a capital, a help is whole sentences."""
    label, help_text = o.label_text(), o.help_text()
    assert label and label[0].isupper() and not label.endswith("."), (where, label)
    for text in (label, help_text, *map(str, o.shown.values())):
        assert not KEY.search(text), (where, text)
        for what, pattern in ODD:
            assert not pattern.search(text), f"{where}: {what} in {text!r}"
    if help_text:
        assert help_text[0].isupper() and help_text.endswith((".", ")")), (where, help_text)
    assert o.docs is None or not o.docs.startswith(("/", "docs/")), where


def test_every_label_and_help_is_a_literal_a_catalog_can_collect():
    """The words of each field are plain literals in an option() call (so gettext extraction
    finds them in the source), and a help's numbers come from its facts, not from formatting."""
    import importlib
    import inspect

    modules = {"pnp.spec", *(game(kind).Item.__module__ for kind in KINDS),
               *(o.group.__module__ for _, o in every_option() if o.group is not None)}
    collected = {text for name in modules
                 for _, text in words_in(inspect.getsource(importlib.import_module(name)))}
    for where, o in every_option():
        # a language is named in its own words on every page (pnp.i18n.languages), never
        # translated: the language field's choices are the one exception
        shown = () if o.key == "language" else o.shown.values()
        for text in (o.label, o.help, *shown):
            if text:
                assert text in collected, f"{where}: {text!r} is not a literal in an option() call"


def test_words_in_finds_labels_help_and_choice_names():
    source = ('x = option(3, label="How many", help="Some {n} help.", shown={"a": "A choice"}, min=1)\n'
              'y = option(label=f"not {x}", help=other)\n')
    assert words_in(source) == [(1, "A choice"), (1, "How many"), (1, "Some {n} help.")]


# ---------------------------------------------------------------------------------------------
# a mistake carries its field

def test_a_mistake_names_its_field_by_path_and_label_and_the_cli_keeps_its_line():
    with pytest.raises(SpecError) as info:
        loads("page: {margin_mm: 1}\nitems:\n  - kind: cliquer\n    dots: 80\n", "x.yaml")
    first, second = info.value.mistakes
    assert str(first) == "x.yaml:1:19: page.margin_mm must be 5..40, got 1"
    assert (first.field.path, first.field.label, first.field.name) == (("page", "margin_mm"), "Margin (mm)",
                                                                       "page.margin_mm")
    assert str(second) == "x.yaml:4:11: items[0].dots must be 3..40, got 80"
    assert second.field.path == ("items", 0, "dots")
    assert second.by_label() == "How many dots: must be 3..40, got 80"
    assert second.by_label("Nombre de points") == "Nombre de points: must be 3..40, got 80"


def test_a_mistake_of_a_whole_item_names_the_item():
    with pytest.raises(SpecError) as info:
        loads("items:\n  - kind: circles\n    arrangement: ring\n    circles: 3\n", "x.yaml")
    assert info.value.field.path == ("items", 0) and info.value.field.label == "Thinking in Circles"
    assert (info.value.line, info.value.column) == (2, 5)


def test_a_structural_mistake_has_no_field_of_its_own():
    with pytest.raises(SpecError) as info:
        loads("itemz: []\n", "x.yaml")
    assert all(m.field is None or m.field.path == () for m in info.value.mistakes)
    assert info.value.by_label() == info.value.message


# ---------------------------------------------------------------------------------------------
# any value in any field: it loads, or every mistake is one located line naming the field

def spots() -> list[tuple[str, str, object]]:
    """(kind, path, Option) for every field, the items' kind left out (it decides which
    fields there are; tests/test_spec_mistakes.py plants wrong kinds)."""
    out = [("cliquer", path, o) for path, o in leaves(HEADER).items()]
    out += [("cliquer", "page", next(o for o in HEADER if o.key == "page"))]
    for kind in sorted(KINDS):
        for path, o in leaves(item_options(kind)).items():
            out.append((kind, f"items.0.{path}", o))
        out += [(kind, f"items.0.{o.key}", o) for o in item_options(kind) if o.shape == GROUP]
    return out


SPOTS = spots()
TRAPS = ["010", "0x1F", "1:30", "yes", "No", "~", "null", ".inf", "-.nan", "1e400", "1_000", "+9",
         "9.", "'9'", '"true"', "A4", "a4", "Landscape", "medium", "R1-SFE2-12KE-2YR4-HS1N-NKD5-M9EC",
         "[Ann, Bo, Cy]", "{target: 0.6}", "{target: 2}", "[1, 2, 3]", "{}", "[]", "''", '"\\u202e"']


def json_values():
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6),
                        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30))
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) |
                        st.dictionaries(st.text("abcdefgt_ ", min_size=1, max_size=8), inner, max_size=3),
                        max_leaves=8)


def good_values(o):
    """Values the field is meant to take (which may still be refused with the others, in one
    line at the item: ``circles: 3`` in a ring)."""
    if o.shape == CHOICE:
        return st.sampled_from(o.choices).flatmap(lambda c: st.sampled_from([c, c.upper(), c.title()]))
    if o.shape == FLAG:
        return st.booleans()
    if o.shape == WHOLE:
        return st.integers(int(o.low if o.low is not None else -1000), int(o.high if o.high is not None else 1000))
    if o.shape == NUMBER:
        return st.floats(o.low, o.high, allow_nan=False) | st.integers(int(o.low) + 1, int(o.high))
    if o.shape == TEXT:
        return st.text(st.characters(codec="latin-1", categories=("L", "N", "P", "Zs")), min_size=1, max_size=30)
    if o.shape == GROUP:
        return st.fixed_dictionaries({}, optional={c.key: good_values(c) for c in o.children})
    return st.sampled_from([v for v in (o.default, o.example, *o.suggestions) if v is not None] or ["x"])


def written(value) -> str:
    return value if isinstance(value, Raw) else json.dumps(value, ensure_ascii=True)


class Raw(str):
    """A value written into the YAML as it is (a YAML 1.1 trap, a quoted number)."""


def _spec_with(path: str, value: str, kind: str) -> str:
    """A spec whose every line is fine but the one holding ``value`` at ``path``: line 3 for
    the spec's own fields, line 5 for an item's (the item starts on line 3, column 5)."""
    parts = path.split(".")
    if parts[0] != "items":
        field = f"{parts[0]}: {value}" if len(parts) == 1 else f"{parts[0]}: {{{parts[1]}: {value}}}"
        return f"# a spec\n# with one field\n{field}\nitems:\n  - kind: cliquer\n"
    field = f"{parts[2]}: {value}" if len(parts) == 3 else f"{parts[2]}: {{{parts[3]}: {value}}}"
    players = "players: 3" if kind == "cliques" and parts[2] != "players" else "# no players"
    return f"title: Fields\nitems:\n  - kind: {kind}\n    {players}\n    {field}\n"


@pytest.fixture(scope="module")
def editor():
    return schema_validator()


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(st.data())
def test_any_value_in_any_field_loads_or_is_one_located_line_naming_the_field(editor, data):
    kind, path, o = data.draw(st.sampled_from(SPOTS), label="field")
    value = data.draw(st.one_of(good_values(o), json_values(), st.sampled_from(TRAPS).map(Raw)), label="value")
    text = _spec_with(path, written(value), kind)
    line = 3 if not path.startswith("items") else 5
    try:
        loads(text, "x.yaml")
    except SpecError as exc:
        mistakes = exc.mistakes
        mine = tuple(p if not p.isdigit() else int(p) for p in path.split("."))
        for m in mistakes:
            assert m.line is not None, str(m)
            if m.line == line:              # about the value: names the field (or one inside it)
                assert m.field is not None and m.field.path[:len(mine)] == mine, (str(m), m.field)
                if m.field.path != mine or o.shape != GROUP:     # a group's own: "unknown key ..."
                    assert m.message.startswith(re.sub(r"^items\.(\d+)", r"items[\1]", path)), str(m)
            else:                           # about the whole item (with the others): at its start
                assert (m.line, m.column) == (3, 5) and m.field.path == ("items", 0), str(m)
        if o.shape != GROUP:
            assert len(mistakes) == 1, "\n".join(map(str, mistakes))
        return
    assert not list(editor.iter_errors(yaml12(text))), text     # an editor agrees


@pytest.mark.parametrize("kind, path, o", SPOTS, ids=[f"{k}:{p}" for k, p, _ in SPOTS])
def test_every_field_refuses_a_list_in_one_located_line(kind, path, o):
    """The sure mistake for every field, whatever it takes: a list of mappings."""
    text = _spec_with(path, "[{a: 1}]", kind)
    with pytest.raises(SpecError) as info:
        loads(text, "x.yaml")
    [mistake] = info.value.mistakes
    assert mistake.line == (3 if not path.startswith("items") else 5)
    assert mistake.field.name == path, mistake.field
    assert mistake.field.label == o.label


# ---------------------------------------------------------------------------------------------
# what a task page and a translation build on

def test_a_task_page_picks_fields_by_name_and_folds_the_rest():
    from pnp.options import pick
    from pnp.web import forms

    shown, more = pick(forms.item_fields("cliquer", 0, 200), "count", "dots", "worksheet")
    assert [f.key for f in shown] == ["count", "dots", "worksheet"]
    assert "kind" in [f.key for f in more] and all(f.key not in ("count", "dots") for f in more)
    assert {f.key for f in more if f.option.advanced} >= {"grid", "clearance_mm", "depth"}
    with pytest.raises(KeyError, match="no option 'dotz'"):
        pick(item_options("cliquer"), "dotz")


def test_the_form_shows_every_word_through_the_translation_it_is_given():
    from pnp.web import forms

    def marked(text: str) -> str:            # a translation keeps the {placeholders}
        return "~" + text

    page = forms.form_field(next(o for o in HEADER if o.key == "page"), translate=marked)
    assert page.label == "~Paper" and [c.label for c in page.children] == ["~Paper size", "~Orientation", "~Margin (mm)"]
    orientation = page.children[1]
    assert orientation.help == "~Which way up the paper is printed."
    assert orientation.choices[0] == ("portrait", "~portrait (tall)")
    remarks = forms.form_field(dict((o.key, o) for o in item_options("cliques"))["remark_cards"], translate=marked)
    assert remarks.help.startswith("~Remark cards") and "Empty: 6 for each player" in remarks.help
