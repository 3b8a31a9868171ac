"""What the tests share, and what bench/ borrows from them (never the reverse).

- ``paths``: the repository's root, a folder to run ``python -m pnp`` from, and that run.
- ``cliquer_boards``, ``cliquer_corpus``, ``cliquer_pages``: CliqueR boards for properties
  (hypothesis strategies, brute force) and the corpus the benches and the frozen answers use.
- ``sim``: simulated players of every game (the rules tests and the play benches).
- ``tamper``, ``forgery``: reading and rewriting a pnp PDF's data and pages, to plant defects.
- ``obligations``: each game's test obligations (its good spec, its planted defects, the codes
  no file can reach), gathered from ``tests/games/<kind>/obligations.py`` through the registry.
- ``layout_variants``: every size option of every game, for the print-fidelity sweep.
- ``labels_baseline``: the CliqueR label placer as first written, frozen, to compare against.

Nothing here is a test: pytest collects only ``test_*.py``. The tests find this package because
``pyproject.toml`` puts ``tests/`` on pytest's path; a bench script puts it there itself.
"""
