"""Proving a PDF: PDF -> data -> Board -> check(board), and the redraw -> the proof that the file
prints what pnp draws from that data. ``pnp.verify.validate`` is the entry (``validate_file``);
the rest, from the file up:

- ``sandbox``: the work runs in a child process with hard limits;
- ``prescan``: the file bounded and opened once, by qpdf, before anything large is built;
- ``readback``: the attached data and each page's reading (``NotOurs`` for what is not pnp's);
- ``operators``, ``printed``, ``glyphs``: a page's content read from its bytes, as geometry;
- ``structure``, ``proof``: the file against the redraw of its data;
- ``layout_check``: a page's legibility, judged from its reading;
- ``problems``: every problem code the validator reports, declared once.

Where a new check goes: a rule of a game's board is the game's (its ``check.py``, its code in
its ``problems.py``); a check of the file or its pages goes in the module above that reads what
it checks, its code declared in ``problems.py``, and ``validate`` gives its problems to the
boards they concern. This package imports the games' contract (``pnp.games.base``) and writing
(``pnp.pdf``, ``pnp.render``) and nothing above it; nothing below imports it.
"""
