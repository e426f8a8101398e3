"""'Suggest a move' in a game against the computer: the computer player's own choice for the
human's seat (from that seat's view), said in words and ringed on the table; taking it plays it."""

import json

KEY = "tabletop:save:slobberhannes"


def test_suggestion_is_legal_ringed_and_playable(page, server):
    page.goto(f"{server}/?game=slobberhannes&lang=en&start=1&botdelay=0&seed=4")
    page.wait_for_selector(".assist-bar button.suggest", timeout=120_000)
    page.locator(".assist-bar button.suggest").click()
    page.wait_for_selector(".assist-bar .suggestion[data-action^='play ']", timeout=60_000)
    action = page.locator(".assist-bar .suggestion").get_attribute("data-action")
    legal = json.loads(page.evaluate("window.tabletop.call('view', 0).then(JSON.stringify)"))[
        "view"
    ]["legal_actions"]
    assert action in legal
    card = action.split()[1]
    assert page.locator(f".table .suggested[data-card='{card}']").count() >= 1
    assert "Suggestion: play" in page.locator(".assist-bar .suggestion").inner_text()
    before = len(json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["log"]["actions"])
    page.locator(f".table button.suggested[data-card='{card}']").first.click()
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{KEY}')).log.actions.length > {before}", timeout=30_000
    )
    log = json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["log"]
    assert log["actions"][before] == [0, action]
    assert not page.errors


def test_mate_keeps_its_own_solver_hint(page, server):
    page.goto(f"{server}/?game=mate&lang=en&start=1&botdelay=0")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_timeout(300)
    assert page.locator(".assist-bar").count() == 0


def test_suggestion_is_normals_move_against_the_rule_based_level(page, server):
    """Opponents at 定石どおり (rule-based) do not make the suggestion weaker: it is asked of the
    normal level (its search is time-limited in the browser, so the level asked is what is compared)."""
    from helpers import start_new

    page.goto(f"{server}/?game=slobberhannes&lang=en&botdelay=0")
    page.wait_for_selector("body[data-screen=setup]", timeout=120_000)
    start_new(page, level="heuristic")
    assert json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))["level"] == "heuristic"
    page.wait_for_selector(".assist-bar button.suggest", timeout=120_000)
    page.locator(".assist-bar button.suggest").click()
    page.wait_for_selector(".assist-bar .suggestion[data-action^='play ']", timeout=60_000)
    suggestion = page.locator(".assist-bar .suggestion")
    assert suggestion.get_attribute("data-level") == "normal"
    legal = json.loads(page.evaluate("window.tabletop.call('view', 0).then(JSON.stringify)"))[
        "view"
    ]["legal_actions"]
    assert suggestion.get_attribute("data-action") in legal
    assert not page.errors


def test_a_suggested_declaration_reads_in_japanese(page, server):
    """Más-Menos' suggestion of a declaration is worded by the one wording of a move (kit words.js
    w.move) with the game's words: 「宣言：メノス」, never 「宣言：menos」."""
    from helpers import latin_words, save_key

    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    log = {
        "game": "mas_menos",
        "players": 2,
        "options": {},
        "seed": 3,
        "actions": [[0, "discard 7S 8S 9S"]],
    }
    save = {"v": 1, "mode": "bot", "level": "normal", "log": log}
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [save_key("mas_menos"), json.dumps(save)]
    )
    page.goto(f"{server}/?game=mas_menos&lang=ja&botdelay=0")
    page.wait_for_selector(".assist-bar button.suggest", timeout=120_000)
    page.locator(".assist-bar button.suggest").click()
    page.wait_for_selector(".assist-bar .suggestion[data-action^='declare ']", timeout=60_000)
    text = page.locator(".assist-bar .suggestion").inner_text()
    assert "宣言：" in text and latin_words(text) == [], text
    assert not page.errors


def test_a_suggestion_outlives_the_others_simultaneous_move(page, server):
    """In Más-Menos' preparation both players move at once: the player may declare while the
    computer still discards. A suggestion asked before the computer's discard is not swallowed
    by it: the request stands until the player moves, and the new position is answered."""
    from helpers import save_key

    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    log = {"game": "mas_menos", "players": 2, "options": {}, "seed": 3}
    log["actions"] = [[0, "discard 7S 8S 9S"]]
    save = {"v": 1, "mode": "bot", "level": "normal", "log": log}
    key = save_key("mas_menos")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, json.dumps(save)])
    # The computer waits 3 s before its discard: the player asks while it has not moved.
    page.goto(f"{server}/?game=mas_menos&lang=ja&botdelay=3000")
    page.wait_for_selector(".assist-bar button.suggest", timeout=120_000)
    assert len(json.loads(page.evaluate(f"localStorage.getItem('{key}')"))["log"]["actions"]) == 1
    page.locator(".assist-bar button.suggest").click()
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{key}')).log.actions.length === 2", timeout=60_000
    )
    page.wait_for_selector(".assist-bar .suggestion[data-action^='declare ']", timeout=60_000)
    assert not page.errors
