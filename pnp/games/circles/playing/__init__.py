"""Thinking in Circles on a screen: a game's state and legal moves by the card's rules
(``game``), the players the computer plays (``players``, ``computer``), and the commitments that
keep its hidden choices fair (``fair``). Pure Python: the page asks the server for each move.
"""
