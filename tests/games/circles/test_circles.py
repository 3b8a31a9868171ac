"""Thinking in Circles: generation keeps every promise, checks catch broken boards, data round-trips."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pnp.games import circles
from pnp.games.circles.board import (MAX_MOVE, SHAPES, Variants, adjacent_pairs,
                                     adjacent_triples, distance)
from pnp.games.circles.card_text import rules_text, variant_names
from pnp.games.circles.rules import legal_goals, meets_goal, wins_for
from support.circles_items import items
from support.damage import damage

ALL_ON = Variants(lockdown=True, spin_cycle=3, uncloned=True, wild_cards=True)




def board(item=None, seed=1):
    return circles.generate(item or circles.Item(variants=ALL_ON), random.Random(seed), "T1")


def codes(b):
    return sorted({p.code for p in circles.check(b)})


def planted(b, edit):
    """The board whose embedded data was edited by ``edit`` (as a tamperer would)."""
    data = json.loads(json.dumps(circles.to_data(b)))
    edit(data)
    return circles.from_data(data)


# ---- generation -----------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(items(), st.integers(0, 2**32))
def test_any_config_and_seed_passes_every_check(item, seed):
    b = board(item, seed)
    assert circles.check(b) == []
    assert circles.from_data(json.loads(json.dumps(circles.to_data(b)))) == b


@settings(max_examples=100, deadline=None)
@given(items(), st.integers(0, 2**32))
def test_each_circle_has_the_asked_mix_and_fair_colors(item, seed):
    # recomputed here, not through check(), so a bug shared by both would still show
    shapes, colors, neutral = item.mix
    assert shapes == (item.shape_spaces or shapes) and colors == (item.color_spaces or colors)
    for c in board(item, seed).circles:
        counts = Counter(c.spaces)
        assert len(c.spaces) == item.spaces
        assert all(counts[s] == shapes for s in SHAPES)
        assert counts["black"] == counts["white"] == colors
        assert counts["neutral"] == neutral
        assert c.spaces[c.start] == "neutral"
        n = len(c.spaces)
        for i, s in enumerate(c.spaces):
            if s == "black":   # its white twin is the same number of steps the other way
                assert c.spaces[(2 * c.start - i) % n] == "white"


def test_same_seed_same_board_and_seeds_differ():
    assert board(seed=7) == board(seed=7)
    assert board(seed=7).circles != board(seed=8).circles


@pytest.mark.parametrize("spaces, mix", [(13, (2, 1, 3)), (16, (2, 3, 2)), (20, (3, 3, 2)),
                                         (24, (3, 5, 2))])
def test_default_mix(spaces, mix):
    assert circles.Item(spaces=spaces).mix == mix
    assert circles.Item(spaces=spaces, variants=Variants(lockdown=True)).mix == mix


def test_default_tokens_follow_the_rules():
    b = board(circles.Item(variants=Variants(lockdown=True)))
    assert b.markers == 5
    assert b.beads == 6                     # the rules' six black and six white for two players
    assert b.blockers == 2 + 6              # one each to start, six to gain
    assert board(circles.Item()).blockers == 0


def test_ring_size_keeps_totals_apart():
    # every total -6..+6 from any space lands on a different space, and any space is two moves away
    for n in range(13, 25):
        for start in range(n):
            assert len({(start + m) % n for m in range(-MAX_MOVE, MAX_MOVE + 1)}) == 13
            assert max(distance(n, start, i) for i in range(n)) <= 2 * MAX_MOVE


@pytest.mark.parametrize("values, words", [
    (dict(spaces=13, shape_spaces=2, color_spaces=3), "cannot hold 4 shapes x 2"),
    (dict(spaces=16, shape_spaces=4), "more spaces"),
    (dict(spaces=17, variants=Variants(lockdown=True), color_spaces=4), "Lockdown"),
    (dict(arrangement="ring", circles=3), "ring needs at least 4"),
])
def test_impossible_items_are_refused_with_a_reason(values, words):
    with pytest.raises(ValueError, match=words):
        circles.Item(**values)


# ---- planted defects ------------------------------------------------------------------------

def _replace(kind, by, circle=1):
    def edit(data):
        spaces = data["circles"][circle]["spaces"]
        data["circles"][circle]["spaces"] = [by if s == kind else s for s in spaces]
    return edit


def _swap_color_with_shape(data):
    spaces = data["circles"][0]["spaces"]
    b = spaces.index("black")
    n = len(spaces)
    s = next(i for i, k in enumerate(spaces) if k in SHAPES and distance(n, 0, i) != distance(n, 0, b))
    spaces[b], spaces[s] = spaces[s], spaces[b]


def _start_on(*kinds):
    def edit(data):
        for c, kind in zip(data["circles"], kinds if len(kinds) == 3 else kinds * 3):
            c["start"] = c["spaces"].index(kind)
    return edit


@pytest.mark.parametrize("edit, code", [
    (_replace("pentagon", "neutral"), "shape-missing"),
    (_replace("black", "white"), "color-unfair"),
    (_swap_color_with_shape, "color-unfair"),
    (lambda d: d["tokens"].update(blockers=d["players"]), "blockers-too-few"),
    (lambda d: d["tokens"].update(blockers=0), "blockers-too-few"),
    (lambda d: d["tokens"].update(beads=5), "beads-count"),
    (lambda d: d["tokens"].update(markers=4), "markers-count"),
    (lambda d: d["circles"][2].update(start=d["circles"][2]["spaces"].index("square")),
     "start-not-neutral"),
    (lambda d: d["circles"][0].update(start=99), "start-missing"),
    (_start_on("white"), "start-win"),
    (_start_on("triangle", "square", "triangle"), "start-win"),
    (lambda d: d["circles"][3].update(spaces=d["circles"][3]["spaces"][:12]), "ring-size"),
    (lambda d: d["circles"][0]["spaces"].__setitem__(3, "hexagon"), "space-unknown"),
    (lambda d: d["variants"].update(spin_cycle=5), "spin-cycle-goals"),
    (lambda d: d["variants"].update(lockdown=False), "blockers-unneeded"),
    (lambda d: d.update(players=1), "players"),
    (lambda d: d.update(players=3), "players"),
    (lambda d: d.update(arrangement="ring", circles=d["circles"][:3]), "circle-count"),
])
def test_planted_defect_is_named(edit, code):
    assert code in codes(planted(board(), edit))


@pytest.mark.parametrize("arrangement", ["row", "ring"])
@pytest.mark.parametrize("count", [0, 1, 2])
def test_too_few_circles_are_reported_not_crashed_on(arrangement, count):
    def edit(data):
        data.update(arrangement=arrangement, circles=data["circles"][:count])
        data["tokens"]["markers"] = count
    b = planted(board(), edit)
    assert codes(b) == ["circle-count"]
    assert b.adjacent_triples() == []


def test_uneven_shapes_are_named():
    def edit(data):
        spaces = data["circles"][0]["spaces"]
        spaces[spaces.index("circle")] = "square"
    assert codes(planted(board(), edit)) == ["shape-uneven"]


def test_lockdown_needs_a_neutral_space_besides_the_start():
    only_start = board(circles.Item(spaces=15, shape_spaces=2, color_spaces=3))
    assert circles.check(only_start) == []

    def edit(data):
        data["variants"]["lockdown"] = True
        data["tokens"]["blockers"] = 8
    assert codes(planted(only_start, edit)) == ["lockdown-neutral"]


def test_start_win_tells_whom():
    b = planted(board(), _start_on("black"))
    wins = [p.message for p in circles.check(b) if p.code == "start-win"]
    assert wins and "circles 1-2-3" in wins[0] and "black" in wins[0]


# ---- data -----------------------------------------------------------------------------------

@pytest.mark.parametrize("edit, words", [
    (lambda d: d.pop("tokens"), "lacks 'tokens'"),
    (lambda d: d.update(extra=1), "unknown key 'extra'"),
    (lambda d: d.update({1: 1, "zz": 2}), "unknown key '1'"),
    (lambda d: d.update(players=True), "must be a whole number"),
    (lambda d: d.update(arrangement="line"), "row or ring"),
    (lambda d: d.update(circles="many"), "must be a list"),
    (lambda d: d["circles"][0].update(spaces=[1, 2]), r"spaces\[0\] must be text"),
    (lambda d: d["variants"].update(spin_cycle="3"), "must be a whole number"),
    (lambda d: d["circles"][0].update(spaces=["circle"] * 300), "at most 256"),
    (lambda d: d.update(players=10**9), r"players must be 0..64"),
    (lambda d: d.update(players=-1), r"players must be 0..64"),
    (lambda d: d["tokens"].update(beads=10**9), r"beads must be 0..1024"),
    (lambda d: d["tokens"].update(blockers=-2), r"blockers must be 0..1024"),
])
def test_malformed_data_is_refused(edit, words):
    data = circles.to_data(board())
    edit(data)
    with pytest.raises(ValueError, match=words):
        circles.from_data(data)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_damage_to_the_data_is_a_value_error_or_a_problem_never_a_crash(data):
    doc = damage(data, circles.to_data(board()))
    try:
        b = circles.from_data(doc)
    except ValueError:
        return
    circles.check(b)
    circles.describe(b)
    circles.check_drawn(b, [("circles-board", None, [])])


@pytest.mark.parametrize("players", [0, 1, 3, 5, 64])
def test_pieces_of_data_no_build_makes_are_drawn_not_crashed_on(players):
    # the validator may redraw a tampered file: a player count the rules refuse, a board name
    # of 1000 letters; check() names the problem, and the pieces still come out
    b = dataclasses.replace(board(circles.Item(variants=ALL_ON)), players=players,
                            ident="N" * 1000)
    assert "players" in codes(b) or players in (2, 4)
    pieces = circles.pieces(b)
    assert sum(p.name.startswith("circles-goals-") for p in pieces) == players
    assert all(p.size is None or min(p.size) > 0 for p in pieces)


def test_data_is_plain_json():
    data = circles.to_data(board())
    assert json.loads(json.dumps(data)) == data


# ---- rules ----------------------------------------------------------------------------------

def test_wins_for_any_goal():
    plain = Variants()
    assert wins_for(("black", "black", "black"), plain) == ["black"]
    assert wins_for(("square", "circle", "square"), plain) == ["black", "white"]
    assert wins_for(("neutral", "circle", "square"), plain) == []
    assert wins_for(("black", "square", "black"), plain) == []
    wild = Variants(wild_cards=True)
    assert wins_for(("black", "square", "black"), wild) == ["black"]
    assert wins_for(("black", "square", "white"), wild) == []
    unc = Variants(uncloned=True)
    assert wins_for(("square", "square", "circle"), unc) == []
    assert wins_for(("square", "circle", "square"), unc) == ["black", "white"]


def test_goal_is_read_either_way_but_in_order():
    goal = ("circle", "square", "pentagon")
    assert meets_goal(("pentagon", "square", "circle"), goal, "black", False)
    assert not meets_goal(("circle", "pentagon", "square"), goal, "black", False)
    assert meets_goal(("square", "black", "pentagon"), ("square", "circle", "pentagon"),
                      "black", True)
    assert len(legal_goals(False)) == 64 and len(legal_goals(True)) == 36


def test_adjacency():
    assert adjacent_pairs(5, "row") == [(0, 1), (1, 2), (2, 3), (3, 4)]
    assert adjacent_pairs(5, "ring")[-1] == (4, 0)
    assert adjacent_triples(5, "row") == [(0, 1, 2), (1, 2, 3), (2, 3, 4)]
    assert (3, 4, 0) in adjacent_triples(5, "ring") and len(adjacent_triples(5, "ring")) == 5


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("flags", range(16))
def test_rules_card_lists_exactly_the_variants_in_play(flags, players):
    v = Variants(lockdown=bool(flags & 1), spin_cycle=2 if flags & 2 else None,
                 uncloned=bool(flags & 4), wild_cards=bool(flags & 8))
    b = board(circles.Item(variants=v, players=players))
    text = " ".join(s.heading + " " + " ".join(p.printed for p in s.paragraphs)
                    for s in rules_text(b))
    assert variant_names(b) == v.names()
    for name in ("Lockdown", "Spin Cycle", "UnCloned", "Wild Cards"):
        assert (name in text) == (name in v.names())
    assert ("blocker" in text) == v.lockdown
    if not v.names():
        assert "Variants in play none." in text


def test_describe_names_the_board():
    assert str(circles.describe(board())) == ("Thinking in Circles T1: 5 circles in a row, 16 spaces, "
                                         "Lockdown, Spin Cycle, UnCloned, Wild Cards")


def test_item_fields_have_help_and_bounds():
    for f in dataclasses.fields(circles.Item):
        assert f.metadata.get("help"), f.name


# ---- the example spec -----------------------------------------------------------------------

def test_example_spec_has_every_variant_on():
    from pathlib import Path

    from pnp.spec import load

    spec = load(Path(__file__).resolve().parents[3] / "layouts" / "circles.yaml")
    (entry,) = spec.items
    assert entry.kind == "circles"
    assert entry.item.variants.names() == ["Lockdown", "Spin Cycle", "UnCloned", "Wild Cards"]
    assert circles.check(circles.generate(entry.item, random.Random(0), "E1")) == []


@pytest.mark.parametrize("text, words", [
    ("items: [{kind: circles, spaces: 12}]", "spaces must be 13..24"),
    ("items: [{kind: circles, variants: {spin_cycle: 4}}]", "spin_cycle must be 2..3"),
    ("items: [{kind: circles, variants: {lockdwn: true}}]", "did you mean 'lockdown'"),
    ("items: [{kind: circles, arrangement: ring, circles: 3}]", "ring needs at least 4"),
    ("items: [{kind: circles, arrangement: line}]", "must be one of row, ring"),
    ("items: [{kind: circles, circles: 8, arrangement: ring, spaces: 24}]", "at most 17 spaces"),
    ("items: [{kind: circles, players: 3}]", "2 players, or 4 as two teams of two, got 3; 3 "
                                             "cannot share the two colors"),
    ("items: [{kind: circles, players: 5}]", "2 players, or 4 as two teams of two, got 5"),
    ("items: [{kind: circles, players: two}]", "must be 2 or 4"),
    ("items: [{kind: circles, players: true}]", "must be 2 or 4"),
])
def test_spec_mistakes_are_one_clear_line(text, words):
    from pnp.errors import SpecError
    from pnp.spec import loads

    with pytest.raises(SpecError, match=words) as info:
        loads(text, "x.yaml")
    assert str(info.value).startswith("x.yaml:1:")


# ---- random play (sizes the blocker supply; see bench/circles_play.py) ------------------------

@settings(max_examples=25, deadline=None)
@given(items(), st.integers(0, 2**32))
def test_random_games_never_overdraw_the_supply(item, seed):
    from support.sim.circles_play import MAX_TURNS, random_game

    b = board(item, seed)
    game = random_game(b, random.Random(seed))
    # a custom mix that is mostly neutral (say 15 of 21 spaces) can outlast MAX_TURNS of blind
    # play; the default mix always ends (test below)
    assert game.winner in ("black", "white", None)
    assert game.winner is not None or game.turns == MAX_TURNS
    assert game.turns >= 3       # every token starts on a neutral space: three moves at least
    assert game.peak_out <= b.blockers
    assert sum(game.held.values()) == (b.players + game.gained - game.spent
                                       if b.variants.lockdown else 0)
    assert random_game(b, random.Random(seed)) == game


@settings(max_examples=25, deadline=None)
@given(st.integers(3, 8), st.sampled_from(["row", "ring"]), st.integers(13, 24),
       st.sampled_from([None, 2, 3]), st.booleans(), st.integers(0, 2**32))
def test_random_games_on_the_default_mix_end_with_a_winner(count, arrangement, spaces, spin,
                                                           uncloned, seed):
    from support.sim.circles_play import random_game

    try:
        item = circles.Item(circles=count, arrangement=arrangement, spaces=spaces,
                            variants=Variants(spin_cycle=spin, uncloned=uncloned))
    except ValueError:
        assume(False)
    game = random_game(board(item, seed), random.Random(seed))
    assert game.winner in ("black", "white") and game.by in ("color", "shapes")


# ---- the rules card, as printed -------------------------------------------------------------

def printed(b, name="circles-rules") -> str:
    """The text of a printed piece, read back from its PDF, whitespace made single spaces."""
    import io

    import pypdfium2 as pdfium
    from reportlab.pdfgen.canvas import Canvas

    from pnp.paper import Frame

    piece = next(p for p in circles.pieces(b) if p.name == name)
    buf = io.BytesIO()
    canvas = Canvas(buf, pagesize=(piece.size[0] + 20, piece.size[1] + 20), invariant=1)
    piece.draw(canvas, Frame(10, 10, *piece.size))
    canvas.showPage()
    canvas.save()
    return " ".join(pdfium.PdfDocument(buf.getvalue())[0].get_textpage().get_text_range().split())


EVERY_VARIANT_SET = [Variants(lockdown=lock, spin_cycle=spin, uncloned=unc, wild_cards=wild)
                     for lock in (False, True) for spin in (None, 2, 3) for unc in (False, True)
                     for wild in (False, True)]


def expected_house_rules(b) -> list[str]:
    """Where the source is silent, and so where the card must print a house rule:
    team: the source is for two; hand: it lists 6 + 6 beads but not whose; check: it says what
    wins, not when to look (the card checks after every move, whoever made it); double: it does
    not say who wins when both do; limit and calm: nothing makes a game end (calm overrides the
    source's "at 0 it stays" late in a game, so the limit is rarely reached); with Lockdown,
    start: the source describes no board, so not that its start space is neutral; supply: its
    blockers are coins, with no end; spend: nor a rule for spending them back."""
    return (["team"] if b.players == 4 else []) + ["hand", "check", "double", "limit", "calm"] + \
        (["start", "supply", "spend"] if b.variants.lockdown else [])


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variants", EVERY_VARIANT_SET[::5] + [ALL_ON],
                         ids=lambda v: "+".join(v.names()) or "plain")
def test_house_rules_are_printed_exactly_where_the_source_is_silent(players, variants):
    from pnp.games.circles.card_text import HOUSE, HOUSE_TOPICS, house_topics

    b = board(circles.Item(players=players, variants=variants))
    assert house_topics(b) == expected_house_rules(b)
    assert set(house_topics(b)) <= set(HOUSE_TOPICS)        # every printed one is listed
    text = printed(b)
    assert text.count(HOUSE) == len(expected_house_rules(b))
    for section in rules_text(b):
        for p in section.paragraphs:
            if p.house:   # one short line, set apart
                assert len(p.printed) <= 110 and p.printed in text


@pytest.mark.parametrize("variants", [Variants(), ALL_ON, Variants(lockdown=True)])
def test_four_player_card_is_the_team_game(variants):
    from pnp.games.circles.rules import partners

    b = board(circles.Item(players=4, variants=variants))
    text = printed(b)
    assert partners(4) == ((1, 3), (2, 4))
    for words in ("for four players in two teams", "Players 1 and 3 play against 2 and 4",
                  "partners face each other and turns alternate between the teams",
                  "The mover and the opponent on the mover's left each hide 1 to 3 chits",
                  "your team's color", "your or your partner's goal", "your team wins",
                  "goals stay secret, even from your partner", "One team chooses black or white",
                  "if one move wins for both sides, the mover's team wins"):
        assert words in text, words
    for two_player in ("(2004), for two players", "the other player", "One player chooses"):
        assert two_player not in text
    assert "the player on the mover's left has the next turn" in text
    if variants.lockdown:
        assert "the opponent on the mover's left may spend a blocker" in text
        assert "Chits, blockers and slips are each player's own" in text
    # each slip names its partner as the card pairs them
    for seat, mate in ((1, 3), (2, 4), (3, 1), (4, 2)):
        slip = printed(b, f"circles-goals-{seat}")
        assert f"player {seat}" in slip and f"partner: {mate}" in slip and "Our color" in slip


def test_two_player_card_has_no_team_rules():
    b = board(circles.Item(variants=ALL_ON))
    text = printed(b)
    assert "for two players" in text and "The mover and the other player each hide" in text
    assert "if one move wins for both sides, the mover wins" in text
    assert "(a chain joined by bars, like 2–3–4)" in text
    assert "team" not in text.lower() and "partner" not in text
    assert "partner" not in printed(b, "circles-goals-1")
    # two players sit across a table: the next turn is the other player's, not "on the left"
    assert "the other player has the next turn" in text and "mover's left" not in text


@pytest.mark.parametrize("players", [2, 4])
def test_what_the_card_adds_to_the_source_is_marked_as_a_house_rule(players):
    """The source's Lockdown has blockers without end and says nothing of a start space (it
    describes no board), and its win says what wins, not when to look: the card's own
    paragraphs say what the source says, and the supply, the start space and the check after
    every move are each a house rule."""
    b = board(circles.Item(players=players, variants=ALL_ON))
    said = [p for section in rules_text(b) for p in section.paragraphs]
    source = " ".join(p.text for p in said if not p.house)
    house = {p.house: p.text for p in said if p.house}
    for added in ("supply", "★ start space counts", "every move", "whoever"):
        assert added not in source, added
    assert str(b.blockers - b.players) in house["supply"] and "no limit" in house["supply"]
    assert "★" in house["start"] and "neutral" in house["start"]
    assert "after every move, whoever made it" in house["check"]
    lockdown = next(p.text for p in said if p.lead == "Lockdown:")
    assert lockdown.startswith("Each player starts with 1 blocker. When a marker ends a move on "
                               "a neutral space (a total of 0 counts), the mover takes a blocker.")


@pytest.mark.parametrize("players", [2, 4])
def test_every_number_on_the_card_is_the_sets(players):
    from pnp.games.circles.rules import BEADS_PER_HAND, MAX_MOVE

    b = board(circles.Item(players=players, variants=ALL_ON, blocker_supply=11))
    text = printed(b)
    assert b.blockers - b.players == 11
    assert "a supply of 11 blockers to gain (the source has no limit)" in text
    assert f"takes {BEADS_PER_HAND} black (−1) and {BEADS_PER_HAND} white (+1) chits" in text
    assert b.beads == BEADS_PER_HAND * players        # the chits printed: every player's own
    assert f"the total is −{MAX_MOVE} to +{MAX_MOVE}" in text
    # two hands of 1..3 chits of one color make exactly the totals the card names
    hand = [n for k in range(1, BEADS_PER_HAND + 1) for n in (k, -k)]
    assert {a + c for a in hand for c in hand} == set(range(-MAX_MOVE, MAX_MOVE + 1))
    assert "Each player draws 3 goals instead of one" in text
    assert f"{len(b.circles)} circles in a row, 16 spaces each" in text


def test_card_names_the_goal_order_rule_truly():
    # the card's example: goal circle, square, pentagon wins on pentagon, square, circle only
    goal = ("circle", "square", "pentagon")
    assert meets_goal(("pentagon", "square", "circle"), goal, "black", False)
    assert not meets_goal(("circle", "pentagon", "square"), goal, "black", False)
    # Wild Cards: black with square, circle, pentagon wins on square, black, pentagon and on
    # black, circle, black; UnCloned: square, circle, square is legal, square, square, circle not
    wild = ("square", "circle", "pentagon")
    assert meets_goal(("square", "black", "pentagon"), wild, "black", True)
    assert meets_goal(("black", "circle", "black"), wild, "black", True)
    assert ("square", "circle", "square") in legal_goals(True)
    assert ("square", "square", "circle") not in legal_goals(True)
    text = printed(board(circles.Item(variants=ALL_ON)))
    for words in ("Goal circle, square, pentagon wins on pentagon, square, circle; not on circle, "
                  "pentagon, square", "also wins on square, black, pentagon, or on black, circle, "
                  "black", "square, circle, square is fine; square, square, circle is not"):
        assert words in text


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("variants", EVERY_VARIANT_SET,
                         ids=lambda v: "+".join(v.names()) or "plain")
def test_card_text_is_never_below_six_points(players, variants):
    from pnp.games.circles.card import MAX_HEIGHT, card_size, text_size
    from pnp.pdf.fonts import MIN_TEXT_PT

    b = board(circles.Item(players=players, variants=variants, arrangement="ring", circles=8,
                           spaces=17))
    assert MIN_TEXT_PT <= text_size(b) and card_size(b)[1] <= MAX_HEIGHT


# ---- the simulation plays the printed house rules -------------------------------------------

def _uniform(kind: str, players: int, lockdown: bool = False):
    """A board (not a fair one) whose every space is ``kind``, with no blockers to gain."""
    from pnp.games.circles.board import Circle

    b = board(circles.Item(players=players, variants=Variants(lockdown=lockdown)))
    return dataclasses.replace(b, circles=tuple(Circle((kind,) * 16, 0) for _ in b.circles),
                               blockers=players if lockdown else 0)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("seed", range(5))
def test_simulated_double_win_goes_to_the_movers_side(players, seed):
    from support.sim.circles_play import random_game

    # every space a circle and every goal three circles: the first move wins for both sides
    goals = {s: [("circle",) * 3] for s in range(1, players + 1)}
    game = random_game(_uniform("circle", players), random.Random(seed), goals=goals)
    assert game.turns == 1 and game.both and game.first_won and game.by == "shapes"


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("spend", [0.0, 1.0])
def test_simulated_empty_supply_gives_nothing_and_one_blocker_a_turn(players, spend):
    from support.sim.circles_play import MAX_TURNS, random_game

    # all neutral: every move earns a blocker, but none are left to gain; nobody can win
    game = random_game(_uniform("neutral", players, lockdown=True), random.Random(players),
                       spend=spend)
    assert game.winner is None and game.turns == MAX_TURNS
    assert game.spent <= game.turns                       # at most one blocker per turn
    assert sum(game.held.values()) == players + game.gained - game.spent
    if spend == 0.0:
        assert game.gained == 0 and game.short == MAX_TURNS
    else:                 # spent blockers go back to the supply, and the next gain takes them
        assert game.gained == game.spent > 0 and game.short == MAX_TURNS - game.gained


@pytest.mark.parametrize("players", [2, 4])
def test_simulated_mover_gains_a_blocker_on_every_neutral_landing_even_a_total_of_0(players):
    from support.sim.circles_play import MAX_TURNS, random_game

    b = dataclasses.replace(_uniform("neutral", players, lockdown=True),
                            blockers=players + MAX_TURNS)
    game = random_game(b, random.Random(3), spend=0.0)
    # every move ends on a neutral space, a sixth of them without moving (totals of 0)
    assert game.gained == MAX_TURNS and game.short == 0
    # the mover takes it: with turns passing left, every seat gains alike
    assert max(game.held.values()) - min(game.held.values()) <= 1


def test_the_cards_ending_ends_the_greedy_players_stalls_without_deciding_them():
    """Greedy players can block each other for thousands of turns (bench/circles_play.py).
    With the card's ending every game ends by TURN_LIMIT, unwon games as draws; and the same
    games with only the limit (totals of 0 still standing) reach it more often: the calm rule,
    not the limit, is what ends them."""
    from pnp.games.circles.card_text import ENDING, TURN_LIMIT
    from pnp.games.circles.rules import Ending
    from support.sim.circles_play import random_game

    b = board(circles.Item(variants=Variants(lockdown=True)), 7)
    limit_only = Ending(step_from=None, draw_at=TURN_LIMIT)
    at_limit = {"card": 0, "limit only": 0}
    stepped = 0
    for seed in range(12):
        for name, ending in (("card", ENDING), ("limit only", limit_only)):
            game = random_game(b, random.Random(seed), players="greedy", ending=ending)
            assert game.turns <= TURN_LIMIT and (game.winner is not None or game.limit)
            if game.limit:
                assert game.winner is None and game.turns == TURN_LIMIT     # a draw
            at_limit[name] += game.limit
            stepped += game.stepped if name == "card" else 0
    assert at_limit["limit only"] >= 2, "these greedy games stall without the calm rule"
    assert at_limit["card"] < at_limit["limit only"] and at_limit["card"] <= 1
    assert stepped, "the calm rule comes into play"


def test_the_cards_ending_moves_a_total_of_0_clockwise_for_either_side_after_the_calm_turns():
    from pnp.games.circles.card_text import CALM_TURNS, ENDING
    from pnp.games.circles.rules import COLORS
    from support.sim.circles_play import as_candidate

    black, white = COLORS
    assert [ENDING.steps(0, CALM_TURNS, c) for c in COLORS] == [0, 0]       # as the source says
    assert [ENDING.steps(0, CALM_TURNS + 1, c) for c in COLORS] == [1, 1]   # clockwise for both
    assert ENDING.steps(-4, CALM_TURNS + 9, black) == -4      # other totals move as printed
    rule = as_candidate(ENDING)
    assert not rule.fresh_now(CALM_TURNS) and rule.fresh_now(CALM_TURNS + 1)


def test_the_card_prints_the_ending_as_house_rules():
    from pnp.games.circles.card_text import CALM_TURNS, TURN_LIMIT

    text = printed(board(circles.Item(), 3))
    assert (f"House rule: tick the turn track every turn, five strokes to a box; no winner after "
            f"{TURN_LIMIT} turns: a draw.") in text
    assert (f"House rule: from turn {CALM_TURNS + 1} a total of 0 moves the marker one space "
            "clockwise; no circle twice in a row.") in text


def test_the_turn_track_has_a_box_a_turn_grey_where_the_calm_rule_is_in_force():
    """Read back from the drawn piece (pdfium): a box for every TURNS_PER_BOX turns, in reading
    order those up to CALM_TURNS white and the rest grey, rows numbered by their first turn, the
    calm rule's first turn over its box, clean ink."""
    from pnp.games.circles.card_text import CALM_TURNS, TURN_LIMIT
    from pnp.games.circles.tokens import TRACK_BOX, TRACK_COLUMNS, TRACK_GREY, TURNS_PER_BOX
    from pnp.paper import Frame
    from support.ink import faults, rendered

    track = next(p for p in circles.pieces(board(circles.Item(), 3)) if p.name == "circles-turns")
    frame = Frame(30, 40, *track.size)
    ink = rendered(track, frame, (600, 800))
    assert faults(ink, frame) == []
    boxes = [f for f in ink.fills if abs(f.geometry.area - TRACK_BOX ** 2) < 0.5]
    assert len(boxes) * TURNS_PER_BOX == TURN_LIMIT
    order = sorted(boxes, key=lambda f: (-round(f.geometry.bounds[3]), f.geometry.bounds[0]))
    white = CALM_TURNS // TURNS_PER_BOX
    assert [round(f.gray, 2) for f in order] == \
        [1.0] * white + [round(TRACK_GREY, 2)] * (len(boxes) - white)
    runs: dict[int, str] = {}
    for g in ink.glyphs:
        runs[g.run] = runs.get(g.run, "") + g.char
    # the rows' first turns, and the turn the calm rule starts above its box
    rows = range(1, TURN_LIMIT + 1, TRACK_COLUMNS * TURNS_PER_BOX)
    assert sorted(text for text in runs.values() if text.isdigit()) == \
        sorted([str(t) for t in rows] + [str(CALM_TURNS + 1)])


@settings(max_examples=40, deadline=None)
@given(st.integers(1, 4), st.integers(1, 4),
       st.lists(st.integers(-3, 3), min_size=16, max_size=16))
def test_the_simulators_guessing_equilibrium_guarantees_its_value(m, n, cells):
    """Guessing players draw hands from each turn's equilibrium
    (pnp/games/circles/playing/players.py): the row mix earns at least the value against every
    column, the column mix concedes at most the value to every row, both are mixes, and a pure
    saddle point is found (brute force)."""
    import numpy as np

    from pnp.games.circles.playing.players import equilibrium

    matrix = np.array(cells[:m * n], dtype=float).reshape(m, n)
    value, rows, cols = equilibrium(matrix)
    assert min(rows) >= -1e-9 and min(cols) >= -1e-9
    assert sum(rows) == pytest.approx(1) and sum(cols) == pytest.approx(1)
    assert (np.array(rows) @ matrix).min() >= value - 1e-9
    assert (matrix @ np.array(cols)).max() <= value + 1e-9
    best_pure = max(matrix[i].min() for i in range(m))         # the row player's safe pure play
    worst_pure = min(matrix[:, j].max() for j in range(n))
    assert best_pure - 1e-9 <= value <= worst_pure + 1e-9


def test_a_weighed_ending_moves_a_total_of_zero_the_movers_way_once_in_force():
    from pnp.games.circles.rules import COLORS, Ending

    ending = Ending(step_from=40, draw_at=200)
    black, white = COLORS
    assert [ending.steps(0, 39, white), ending.steps(0, 40, white), ending.steps(0, 40, black)] \
        == [0, 1, -1]
    assert ending.steps(-4, 90, white) == -4                 # other totals move as printed
    assert Ending(step_from=None, draw_at=150).steps(0, 10_000, white) == 0
