"""Proving a PDF by reproduction: the file's record -> the whole file rebuilt with this pnp ->
the two compared byte for byte. ``pnp.verify.validate`` is the entry (``prove_file``,
``validate_file``); the rest:

- ``record``: the record read strictly from the file's bytes, the only parse of an untrusted
  file (bounded in size, one line for anything odd);
- ``sandbox``: the work runs in a child process with hard limits (memory, CPU), the numbers
  docs/validator.md promises;
- ``difference``: where a file that is not its rebuild first parts from it, in a person's
  terms (explains, never proves);
- ``picture``: ``--show-difference``, each differing page beside pnp's (explains, never proves);
- ``problems``: every problem code the validator reports, declared once.

Where a new check goes: a rule of a game's board is the game's (its ``check.py``, its code in
its ``problems.py``); a check of the record's own fields goes in ``validate``, its code in
``problems.py``. Nothing about the pages is checked here: the rebuild is pnp's own drawing,
whose legibility is proved where it is decided (the build, and the print-fidelity sweep in
the tests). This package imports the games' contract (``pnp.games.base``) and the drawing seam
(``pnp.render``) and nothing above it; nothing below imports it.
"""
