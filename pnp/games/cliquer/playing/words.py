"""Every sentence of the CliqueR page in the browser, by the key its script says it with. Facts
are slots (pnp.play.words): the script fills them with numbers, dots' names and other sentences
of this table. A counted sentence is a function of its count."""

from __future__ import annotations

from pnp.i18n.message import Message
from pnp.play.words import slots


def title(code: str) -> Message:
    return Message("Play CliqueR on the board {code}", code=code)


NOSCRIPT = Message("Playing needs JavaScript, which is turned off in this browser.")

WORDS = {
    # the moves, as the best line's steps on Look at a board say them (the same catalog entries)
    "move.first": Message("Move {n}: the first player draws {a}–{b} and scores {points} ({what}). "
                          "Score: first player {first}, second player {second}.",
                          **slots("n", "a", "b", "points", "what", "first", "second")),
    "move.second": Message("Move {n}: the second player draws {a}–{b} and scores {points} ({what}). "
                           "Score: first player {first}, second player {second}.",
                           **slots("n", "a", "b", "points", "what", "first", "second")),
    "what.line": Message("the line alone"),
    "what.triangles": lambda n: Message("the line and {n} triangle", "the line and {n} triangles", n=n),
    "what.cliques": lambda n: Message("{made} and a 4-clique", "{made} and {n} 4-cliques", n=n,
                                      **slots("made")),
    "outcome.draw": Message("a draw"),
    "outcome.first": lambda n: Message("the first player wins by {n}", "the first player wins by {n}", n=n),
    "outcome.second": lambda n: Message("the second player wins by {n}", "the second player wins by {n}", n=n),
    # the board and whose turn it is
    "dot": Message("{name}, a dot", **slots("name")),
    "board": Message("The board: choose a dot, then another, to draw the line between them.",
                     **slots()),
    "keys": Message("By keyboard: type the two dots' letters (A, then E), or move between the dots "
                    "with the arrow keys and press Enter on each end of the line."),
    "first": Message("First player"),
    "second": Message("Second player"),
    "you": Message("{player} (you)", **slots("player")),
    "computer": Message("{player} (the computer)", **slots("player")),
    "turn.first": Message("The first player draws next."),
    "turn.second": Message("The second player draws next."),
    "thinking": Message("The computer is choosing its line…"),
    "chosen": Message("{a} chosen: now choose the other end of the line.", **slots("a")),
    "unchosen": Message("{a} let go: choose a dot to start a line.", **slots("a")),
    # a line refused, in plain words
    "refused.same": Message("A line joins two different dots: choose a dot other than {a}.", **slots("a")),
    "refused.drawn": Message("{a}–{b} is drawn already.", **slots("a", "b")),
    "refused.crosses": Message("{a}–{b} would cross {c}–{d}, which is drawn: lines may not cross.",
                               **slots("a", "b", "c", "d")),
    "refused.over": Message("The game is over: every line that can be drawn is drawn."),
    "refused.letter": Message("No dot is called {letters}.", **slots("letters")),
    # the end
    "over": Message("The game is over: {outcome}. Final score: first player {first}, second player "
                    "{second}.", **slots("outcome", "first", "second")),
    "perfect.start": Message("With perfect play from the start, {outcome}.", **slots("outcome")),
    "perfect.unknown": Message("What perfect play gives on this board is not worked out."),
    # who plays
    "opponent": Message("Who plays against you"),
    "opponent.friend": Message("A friend, on this device"),
    "opponent.random": Message("The computer, drawing any line at random"),
    "opponent.greedy": Message("The computer, greedy: the most points now"),
    "opponent.lookahead": Message("The computer, looking one reply ahead"),
    "opponent.perfect": Message("The computer, playing perfectly"),
    "side": Message("You play"),
    "side.first": Message("first"),
    "side.second": Message("second"),
    # where perfect play comes from
    "source.browser": Message("Perfect play is worked out here, in your browser (boards of up to "
                              "{most} dots).", **slots("most")),
    "source.answer": Message("Perfect play comes from the answer pnp worked out ahead for this "
                             "board: it is known along its best line only. Off that line, the "
                             "strongest player here looks one reply ahead."),
    "source.none": Message("Perfect play is not worked out for this board: this page works it "
                           "out on boards of up to {most} dots, and this one has more. The "
                           "strongest player here looks one reply ahead.", **slots("most")),
    # help
    "undo": Message("Undo"),
    "redo": Message("Redo"),
    "restart": Message("Restart"),
    "best": Message("Best move"),
    "finish": Message("Finish by perfect play"),
    "copy": Message("Copy link"),
    "copied": Message("The link to this game is copied."),
    "copy.failed": Message("Copy this link to share the game: {link}", **slots("link")),
    "best.perfect": Message("Best move: {a}–{b} (perfect play).", **slots("a", "b")),
    "best.lookahead": Message("Best move: {a}–{b}, as the computer looking one reply ahead "
                              "sees it (perfect play is not known in this position).",
                              **slots("a", "b")),
    "finish.unknown": Message("Perfect play is not known in this position, so the game is "
                              "finished by the computer looking one reply ahead."),
    "link.stopped": Message("The link's moves stop at {a}–{b}, which cannot be drawn there: the "
                            "game goes on from the move before it.", **slots("a", "b")),
    "moves": Message("Moves"),
    # the review
    "review": Message("How the moves compare with perfect play"),
    "review.lost.first": lambda n: Message("Move {move}, {a}–{b}, by the first player: {n} point "
                                           "less than perfect play would have kept.",
                                           "Move {move}, {a}–{b}, by the first player: {n} points "
                                           "less than perfect play would have kept.", n=n,
                                           **slots("move", "a", "b")),
    "review.lost.second": lambda n: Message("Move {move}, {a}–{b}, by the second player: {n} point "
                                            "less than perfect play would have kept.",
                                            "Move {move}, {a}–{b}, by the second player: {n} points "
                                            "less than perfect play would have kept.", n=n,
                                            **slots("move", "a", "b")),
    "review.none": Message("No move lost a point to perfect play."),
    "review.unknown": Message("The review needs perfect play in every position, which is not "
                              "worked out for this board."),
}
