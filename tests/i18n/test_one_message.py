"""One message type and one way to mark a sentence (issue 44): every sentence said on the
command line or a page is a ``pnp.i18n.message.Message``; words printed on a PDF are marked
``_``/``N_``/``ngettext`` of ``pnp.i18n``. The old carriers (``Told``, ``errors.Problem``,
``W_``/``Wn_``, ``said_of``) are kept only for pnp/verify until the validator's rewrite moves
it; this fails when any other module takes them up again, or defines a marker, a carrier or a
second class called Problem of its own."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "pnp"
VERIFY = PACKAGE / "verify"
# where the old names are defined, for pnp/verify
DEFINERS = {PACKAGE / "i18n" / "__init__.py", PACKAGE / "i18n" / "told.py", PACKAGE / "errors.py"}
OLD = {"pnp.i18n": {"W_", "Wn_"}, "pnp.i18n.told": {"*"}, "pnp.errors": {"Problem", "said_of"}}
MARKERS = {"_", "N_", "Nn_", "W_", "Wn_", "ngettext", "pgettext"}


def modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        if VERIFY not in path.parents:
            yield path, ast.parse(path.read_text("utf-8"))


def test_only_pnp_verify_uses_the_old_carriers():
    found = []
    for path, tree in modules():
        if path in DEFINERS:
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and node.module in OLD:
                names = {a.name for a in node.names}
                if "*" in OLD[node.module] or names & OLD[node.module]:
                    found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: {node.module}")
            if isinstance(node, ast.Attribute) and node.attr in ("said_of", "Told"):
                found.append(f"{path.relative_to(PACKAGE.parent)}:{node.lineno}: .{node.attr}")
    assert not found, found


def test_markers_are_defined_once_and_carriers_not_again():
    """The markers are pnp.i18n's alone (pnp/web has none of its own), and the only classes
    that carry a sentence are Message and its facts: no other Said, Told or Wording, and one
    class called Problem (a game's broken invariant, pnp.games.base)."""
    defined = {}
    for path, tree in modules():
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                defined.setdefault(node.name, []).append(path.relative_to(PACKAGE.parent).as_posix())
    for marker in MARKERS & set(defined):
        assert defined[marker] == ["pnp/i18n/__init__.py"], (marker, defined[marker])
    assert defined["Problem"] == ["pnp/games/base.py"]
    for carrier in ("Said", "Wording", "Named", "Figure"):
        assert carrier not in defined, (carrier, defined[carrier])
    assert defined.get("Told") == ["pnp/i18n/told.py"]


def test_said_is_no_name_of_its_own():
    """"said" meant six things (a filter, a fact's rule, a paragraph, a mistake's place...):
    each has its own name now; no function outside pnp/verify is called said."""
    named = [f"{path.relative_to(PACKAGE.parent)}:{node.lineno}"
             for path, tree in modules() if path not in DEFINERS
             for node in ast.walk(tree)
             if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in ("said", "said_of", "page_said")]
    assert not named, named
