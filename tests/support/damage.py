"""Any damage to a board's attached data: the games' from_data and check must answer it with a
ValueError or a Problem, never a crash (each game's tests run this on its own data)."""

from __future__ import annotations

from hypothesis import strategies as st

JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=4),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


def damage(data, doc: dict) -> dict:
    """``doc`` with one to three random places replaced by any JSON value ."""
    for _ in range(data.draw(st.integers(1, 3))):
        node = doc
        while True:     # walk down to a random place and put any JSON value there
            key = data.draw(st.sampled_from(list(node) if isinstance(node, dict)
                                            else range(len(node))))
            if isinstance(node[key], (dict, list)) and node[key] and data.draw(st.booleans()):
                node = node[key]
                continue
            node[key] = data.draw(JSON)
            break
    return doc
