"""Pages, fonts, imposition, embedded data and atomic writing. Knows nothing about any game."""
