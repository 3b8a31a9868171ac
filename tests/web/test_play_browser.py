"""Playing a CliqueR board in a real browser (Debian's headless Chromium): the page pnp.play
writes, opened from file:// as a page of `pnp site` is, played by clicks against the computer,
by keyboard between two people, restored from its link, finished by perfect play, and checked
by axe-core at a laptop's and a phone's width, in English and in Arabic (right to left).
Screenshots of each go to $PNP_SHOTS when it is set, to be looked at."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from web_live import AXE, axe, chromium, have_axe, have_browser

if not (have_browser() and have_axe()):
    if os.environ.get("CI"):
        raise RuntimeError("the play tests need chromium, chromium-driver and axe-core")
    pytest.skip("no chromium, chromedriver or axe-core (npm ci --prefix tests/web)", allow_module_level=True)

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

from pnp.games.cliquer.rules import Rules  # noqa: E402
from pnp.games.cliquer.solver import Solver  # noqa: E402
from pnp.play import page, read_code  # noqa: E402

pytestmark = pytest.mark.slow
SEVEN = "R1-4C11-4N0R-GW2G-AXM9-5M7H-T"        # 7 dots: perfect play worked out in the browser
TEN = "R1-35D0-56JX-E8G3-07K2-MDTK-SJ5M-ATN"   # 10 dots: from the answer given with the page
del AXE


def _page(tmp_path: Path, code: str, language: str = "en", figures=None) -> str:
    kind, board = read_code(code)
    path = tmp_path / f"{code}-{language}.html"
    path.write_text(page(kind, board, figures, language), "utf-8")
    return path.as_uri()


@pytest.fixture(scope="module")
def laptop():
    with chromium(1280, 900) as driver:
        yield driver


def wait(driver, seconds=30):
    return WebDriverWait(driver, seconds, poll_frequency=0.05)


def board(d):
    return d.find_element(By.ID, "board")


def played(d) -> list[str]:
    text = board(d).get_attribute("data-moves")
    return text.split(",") if text else []


def _rules(code: str) -> tuple[Rules, dict]:
    kind, b = read_code(code)
    rules = Rules(b.dots)
    from pnp.games.cliquer.board import dot_name

    return rules, {dot_name(i): i for i in range(rules.n)}


def _replay(rules: Rules, names: dict, moves: list[str]):
    state = rules.start()
    for move in moves:
        a, b = (names[end] for end in move.split("-"))
        state, _ = rules.play(state, (a, b))
    return state


def _shot(d, name: str) -> None:
    folder = os.environ.get("PNP_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        d.save_screenshot(str(Path(folder) / f"{name}.png"))


def test_a_whole_game_against_greedy_by_clicks(tmp_path, laptop):
    d = laptop
    d.get(_page(tmp_path, SEVEN))
    rules, names = _rules(SEVEN)
    d.find_element(By.CSS_SELECTOR, "#play-vs option[value=greedy]").click()
    while board(d).get_attribute("data-over") != "true":
        before = played(d)
        state = _replay(rules, names, before)
        assert state.to_move == 0, "the computer answered every move of the first player"
        a, b = rules.legal_moves(state)[-1]
        dots = d.find_elements(By.CSS_SELECTOR, "#board .dot-button")
        dots[a].click()
        assert dots[a].get_attribute("aria-pressed") == "true"
        dots[b].click()
        wait(d).until(lambda d: len(played(d)) >= len(before) + 2 or board(d).get_attribute("data-over") == "true")
        assert played(d)[len(before)] == f"{dots[a].get_attribute('data-dot')}-{dots[b].get_attribute('data-dot')}"
    moves = played(d)
    state = _replay(rules, names, moves)
    assert rules.finished(state) and len(moves) == rules.moves_in_game
    assert board(d).get_attribute("data-scores") == f"{state.scores[0]} {state.scores[1]}"
    said = d.find_element(By.ID, "play-said").text
    assert "The game is over" in said and "With perfect play from the start, the second player wins by 8." in said
    review = d.find_element(By.ID, "play-review")
    assert review.is_displayed() and "How the moves compare with perfect play" in review.text
    _shot(d, "play-greedy-over-laptop")
    assert not axe(d)


def test_two_people_by_keyboard_letters_and_arrows(tmp_path, laptop):
    d = laptop
    d.get(_page(tmp_path, SEVEN))
    rules, names = _rules(SEVEN)
    first = d.find_element(By.CSS_SELECTOR, "#board .dot-button")
    first.click()                      # focus on the board; A chosen
    first.click()                      # and let go
    assert first.get_attribute("aria-pressed") == "false"
    state = rules.start()
    a, b = rules.legal_moves(state)[0]
    inverse = {i: name for name, i in names.items()}
    d.switch_to.active_element.send_keys(inverse[a], inverse[b])
    wait(d).until(lambda d: played(d) == [f"{inverse[a]}-{inverse[b]}"])
    assert "scores 1 (the line alone)" in d.find_element(By.ID, "play-said").text
    # the same line again is refused, in words
    d.switch_to.active_element.send_keys(inverse[a], inverse[b])
    wait(d).until(lambda d: "is drawn already" in d.find_element(By.ID, "play-said").text)
    # arrows and Enter: from the focused dot to another, Enter on each end
    start_name = d.switch_to.active_element.get_attribute("data-dot")
    d.switch_to.active_element.send_keys(Keys.ENTER)
    for key in (Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_LEFT, Keys.ARROW_UP):
        d.switch_to.active_element.send_keys(key)
        if d.switch_to.active_element.get_attribute("data-dot") != start_name:
            break
    end_name = d.switch_to.active_element.get_attribute("data-dot")
    assert end_name != start_name
    d.switch_to.active_element.send_keys(Keys.ENTER)
    said = d.find_element(By.ID, "play-said").text
    line = f"{min(start_name, end_name)}-{max(start_name, end_name)}"
    state = _replay(rules, names, played(d)[:1])
    if (names[line[0]], names[line[2]]) in rules.legal_moves(state):
        wait(d).until(lambda d: len(played(d)) == 2)
        assert "the second player draws" in said
    else:
        assert "drawn already" in said or "would cross" in said
    assert d.find_element(By.CSS_SELECTOR, "[role=status]").text == said


def test_a_link_is_the_game(tmp_path, laptop):
    d = laptop
    rules, names = _rules(SEVEN)
    inverse = {i: name for name, i in names.items()}
    state, moves = rules.start(), []
    for _ in range(4):
        a, b = rules.legal_moves(state)[len(moves)]
        moves.append(f"{inverse[a]}-{inverse[b]}")
        state, _ = rules.play(state, (a, b))
    d.get(_page(tmp_path, SEVEN) + "#code=" + SEVEN + "&moves=" + ",".join(moves) + "&vs=friend&you=first")
    wait(d).until(lambda d: played(d) == moves)
    assert board(d).get_attribute("data-scores") == f"{state.scores[0]} {state.scores[1]}"
    d.find_element(By.ID, "play-undo").click()
    assert played(d) == moves[:3] and "moves=" + ",".join(moves[:3]) in d.current_url
    d.find_element(By.ID, "play-redo").click()
    assert played(d) == moves
    # a link whose moves go wrong stops before the wrong one, and says so
    d.get(_page(tmp_path, SEVEN) + "#moves=" + ",".join(moves[:2] + [moves[0]]))
    wait(d).until(lambda d: played(d) == moves[:2])
    assert "cannot be drawn there" in d.find_element(By.ID, "play-said").text


def test_finish_by_perfect_play_reaches_the_solvers_margin(tmp_path, laptop):
    d = laptop
    for code, figures in ((SEVEN, None), (TEN, "answer")):
        rules, names = _rules(code)
        found = Solver(rules).solve()
        if figures:
            from pnp.games.cliquer.analysis import perfect_play_figures

            figures = {"perfect_play": perfect_play_figures(found)}
        d.get(_page(tmp_path, code, figures=figures))
        d.find_element(By.ID, "play-best").click()
        said = d.find_element(By.ID, "play-said").text
        opening = "–".join(sorted((k for k, v in names.items() if v in found.best_move), key=names.get))
        assert said == f"Best move: {opening} (perfect play)."
        d.find_element(By.ID, "play-finish").click()
        wait(d).until(lambda d: board(d).get_attribute("data-over") == "true")
        first, second = map(int, board(d).get_attribute("data-scores").split())
        assert first - second == found.margin
        assert d.find_element(By.ID, "play-review").text.endswith("No move lost a point to perfect play.")


@pytest.mark.parametrize("language", ["en", "ar"])
def test_the_page_is_accessible_at_a_phones_width(tmp_path, language):
    with chromium(390, 844) as d:
        # headless Chromium's window is at least 500 px wide: the phone's width is set inside it
        d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                          {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        d.get(_page(tmp_path, SEVEN, language))
        dots = d.find_elements(By.CSS_SELECTOR, "#board .dot-button")
        assert all(dot.size["width"] >= 44 and dot.size["height"] >= 44 for dot in dots)
        labels = [dot.get_attribute("aria-label") for dot in dots]
        assert all(label.lstrip("\u2068").startswith(dot.get_attribute("data-dot")) for label, dot in zip(labels, dots))
        for button in d.find_elements(By.CSS_SELECTOR, ".tools button"):
            assert button.size["height"] >= 44
        assert d.find_element(By.TAG_NAME, "html").get_attribute("dir") == ("rtl" if language == "ar" else "ltr")
        dots[0].click()
        dots[1].click()
        _shot(d, f"play-phone-{language}")
        assert not axe(d)
        width = d.execute_script("return document.documentElement.scrollWidth")
        assert width <= 390, "nothing runs off a phone's screen"


def test_pnp_serve_plays_a_code_under_its_content_security_policy(laptop):
    """The served page runs its script and style from /play/ (no inline script is allowed
    there): the board is drawn, a move is made, and nothing was refused by the policy."""
    from web_live import live_server

    d = laptop
    with live_server(warm=False) as url:
        d.get(f"{url}/play?code={SEVEN}")
        dots = wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .dot-button"))
        assert len(dots) == 7
        rules, names = _rules(SEVEN)
        a, b = rules.legal_moves(rules.start())[0]
        dots[a].click()
        dots[b].click()
        wait(d).until(lambda d: len(played(d)) == 1)
        assert d.find_element(By.CSS_SELECTOR, ".play-board").value_of_css_property("position") == "relative"
        _shot(d, "play-served-laptop")
        assert not axe(d)


def test_a_site_page_from_file_plays_the_day_befores_board_to_its_answer(tmp_path, laptop, monkeypatch):
    """`pnp site`'s day page opened from the folder: its "Play" for the day before's board
    plays from file://, and Finish by perfect play reaches the answer's margin."""
    import datetime as dt

    from pnp.site import build
    from support.daily_answers import FROZEN, WEEK, seed_answers

    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    seed_answers()
    build(tmp_path / "site", WEEK, 1)
    d = laptop
    d.get((tmp_path / "site" / "index.html").as_uri())
    plays = [a for a in d.find_elements(By.LINK_TEXT, "Play")]
    assert len(plays) == 2
    plays[1].click()
    wait(d).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#board .dot-button"))
    assert d.current_url.startswith("file://") and d.current_url.split("#")[0].endswith("play-yesterday-cliquer.html")
    margin, line = FROZEN[(WEEK - dt.timedelta(days=1)).isoformat()]
    d.find_element(By.ID, "play-finish").click()
    wait(d).until(lambda d: board(d).get_attribute("data-over") == "true")
    first, second = map(int, board(d).get_attribute("data-scores").split())
    assert first - second == margin and played(d) == line.split()
    _shot(d, "play-site-yesterday-laptop")
