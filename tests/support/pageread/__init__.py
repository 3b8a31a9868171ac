"""A page's content read from its bytes, as geometry, and its legibility judged from that
reading: the instruments of the print-fidelity sweep (tests/test_print_fidelity.py) and the
layout tests. They prove nothing about a given file (``pnp validate`` proves by reproduction);
they hold pnp's own drawing to its legibility promises where it is decided, over the space a
spec can ask for.

- ``operators``, ``printed``, ``glyphs``: a page's content operators read as drawn objects;
- ``layout_check``: text under the least size, text over text, dots or lines, ink outside its
  piece's frame, from that reading (its codes declared in ``LAYOUT``).
"""
