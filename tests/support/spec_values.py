"""A good value and bad values for spec options of every sort: the mistake tests plant the bad
ones, and the schema test writes specs from the good ones. And what an editor reads in a spec
(``yaml12``), to check it against `pnp schema` as an editor would."""

from __future__ import annotations

# option -> (good value, bad values); each bad value is one mistake at the value's place
INT_BAD = ["nine", "010", "1:30", "0x1F", "1_000", "9.5", '"9"', "yes", "~", "[1, 2]"]
OPTIONS = {
    "cliquer": {
        "dots": ("9", ["200", "2", *INT_BAD]),
        "clearance_mm": ("3", ["-1", "abc", ".nan", '"3"', "0o7"]),
        "grid": ("90", ["5", "1e9", "007"]),
        "size": ("half", ["huge", "pages", "~"]),
        "worksheet": ("false", ["yes", "maybe", "on", '"true"', "N"]),
        "title": ("Week", ["ꦗꦮ", "🦄", '"bell \\a"', "~"]),
        "difficulty": ("Medium", ["impossible", "{target: 2}"]),
    },
    "circles": {
        "circles": ("5", ["99", "five", "05"]),
        "arrangement": ("Row", ["line", "~"]),
        "spaces": ("16", ["1:00", "100"]),
        "players": ("2", ["two", "9"]),
    },
    "cliques": {
        "players": ("4", ["2", "many", "[Ann, Ann, Bo]", "[Ann, ꦗ, Bo]"]),
        "remark_cards": ("12", ["-3", "lots", "0b11"]),
    },
}
TOP = {
    "title": ("Week 47", ["ꦗꦮ", "🦄", "~", "[a, b]"]),
    "seed": ("010", ["ꦗ", "~", '"\\x1b[31m"']),
    "output": ("week.pdf", ["../x.pdf", "a/b.pdf", "x" * 210]),
}
PAGE = {
    "size": ("a4", ["A5", "letterr", "1"]),
    "orientation": ("Landscape", ["sideways", "yes"]),
    "margin_mm": ("10", ["2", "ten", "010"]),
}


def yaml12(text: str):
    """What an editor speaking YAML 1.2 (as yaml-language-server does) reads in ``text``:
    ``No`` is text there, not false as in PyYAML's YAML 1.1."""
    import yaml

    from pnp.yamltext import compose, plain_value

    def value(node):
        if isinstance(node, yaml.MappingNode):
            return {k.value: value(v) for k, v in node.value}
        if isinstance(node, yaml.SequenceNode):
            return [value(v) for v in node.value]
        return plain_value(node)

    return value(compose(text, "x.yaml"))


def schema_validator():
    """A validator of `pnp schema`, as an editor checks a spec."""
    import jsonschema

    from pnp.schema import spec_schema

    return jsonschema.Draft202012Validator(spec_schema())
