"""Helpers the tests share (and the benches import; never the reverse): readers, builders and
forgers that are not part of pnp itself."""
