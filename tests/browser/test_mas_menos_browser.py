"""Más-Menos end to end in real Chromium: a full game by clicking, reload, saves, origins."""
import json
import time

from tabletop.session import replay

SAVE_KEY = "tabletop:save:mas_menos"


def open_game(page, server, query="game=mas_menos&lang=en&botdelay=0"):
    page.goto(f"{server}/?{query}")
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table]", timeout=120_000)


def open_list(page, server):
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("ul.games", timeout=120_000)


def start_new(page, mode="bot"):
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table], body[data-screen=pass]", timeout=120_000)


def saved_log(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["log"]


def take_turn(page):
    """Click whatever the human may do now; True if something was clicked."""
    if page.locator("button[data-verb=discard]").count():
        for _ in range(3):
            page.locator("button.card.lit:not(.selected)").first.click(timeout=5000)
        page.click("button[data-verb=discard]:not([disabled])", timeout=5000)
        return True
    choice = page.locator(".choices button.choice")
    if choice.count():
        choice.first.click(timeout=5000)
        return True
    lit = page.locator(".hand button.card.lit")
    if lit.count():
        lit.first.click(timeout=5000)
        return True
    return False


def play_to_end(page, limit_s=240):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return
        try:
            if not take_turn(page):
                page.wait_for_timeout(50)
        except Exception:  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(50)
    raise AssertionError("the game did not finish in time")


def test_full_game_against_the_bot_shows_the_engine_result(page, server, sink):
    open_game(page, server)
    start_new(page)
    play_to_end(page)
    shown = page.locator(".score").get_attribute("data-points")
    shown_winner = page.locator(".score").get_attribute("data-winner")
    state, log = replay(saved_log(page))
    result = state.result()
    assert state.is_over()
    assert shown == ",".join(map(str, result["match_points"]))
    assert shown_winner == str(result["match_winner"])
    assert len(log["actions"]) == 4 + 26  # two discards, two declarations, 13 tricks
    # The per-game line names the rule and both trick counts.
    text = page.locator(".score").inner_text()
    assert str(result["tricks"][0]) in text and str(result["tricks"][1]) in text
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()
    # Only the game being played was imported in the worker.
    assert page.evaluate("tabletop.call('loaded_games')")["modules"] == ["tabletop.games.mas_menos"]


def test_reload_mid_game_resumes_exactly(page, server):
    open_game(page, server)
    start_new(page)
    for _ in range(12):
        try:
            take_turn(page)
        except Exception:
            pass
        page.wait_for_timeout(80)
    page.wait_for_timeout(300)
    before = saved_log(page)
    hand_before = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_timeout(200)
    after = saved_log(page)
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert after["seed"] == before["seed"]
    if len(after["actions"]) == len(before["actions"]):
        assert page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)") == hand_before
    assert not page.errors, page.errors


def test_tampered_save_gives_a_message_and_a_fresh_game_and_keeps_other_data(page, server):
    open_list(page, server)
    log = {"game": "mas_menos", "players": 2, "options": {}, "seed": 5, "actions": [[0, "play AS"]]}
    page.evaluate("""([key, log]) => {
        localStorage.setItem(key, JSON.stringify({v: 1, log, mode: 'bot'}));
        localStorage.setItem('tabletop:save:mate', 'keep me');
        localStorage.setItem('unrelated', 'keep me too');
    }""", [SAVE_KEY, log])
    open_game(page, server)
    page.wait_for_selector("#toast.show")
    assert "could not be restored" in page.locator("#toast").inner_text()
    assert "no card is played" in page.locator("#toast").inner_text()
    page.wait_for_selector("body[data-screen=table]")
    fresh = saved_log(page)
    assert fresh["actions"] == [] or fresh["seed"] != 5
    assert page.evaluate("localStorage.getItem('tabletop:save:mate')") == "keep me"
    assert page.evaluate("localStorage.getItem('unrelated')") == "keep me too"


def test_corrupt_json_save_is_refused_clearly(page, server):
    open_list(page, server)
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', '{{not json')")
    open_game(page, server)
    page.wait_for_selector("#toast.show")
    assert "could not be restored" in page.locator("#toast").inner_text()


def test_illegal_action_is_refused_with_a_message_and_changes_nothing(page, server):
    open_game(page, server)
    start_new(page)
    before = page.evaluate("tabletop.call('view', 0)")
    refused = page.evaluate("tabletop.call('act', 0, 'discard ZZ 7S 8S')")
    assert refused["ok"] is False and "ZZ" in refused["error"]
    after = page.evaluate("tabletop.call('view', 0)")
    assert after["view"]["hand"] == before["view"]["hand"]


def test_hotseat_hides_the_hand_between_turns(page, server):
    open_game(page, server)
    start_new(page, mode="hotseat")
    assert page.locator("body[data-screen=pass]").count() == 1
    assert page.locator(".hand .card").count() == 0
    assert "Player 1" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    for _ in range(3):
        page.locator("button.card.lit:not(.selected)").first.click()
    page.click("button[data-verb=discard]:not([disabled])")
    page.click(".choices button.choice >> nth=0")
    # Player 1 discarded and declared: the phone goes to player 2, hand hidden.
    page.wait_for_selector("body[data-screen=pass]")
    assert "Player 2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 16


def test_game_list_shows_twelve_games_in_japanese(page, server):
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games")
    assert page.locator("ul.games li").count() == 12
    assert page.locator("[data-slug=mas_menos]").inner_text().startswith("マス・メノス")
    assert page.locator(".game.coming").count() == 0  # every game has its table


def test_second_visit_plays_offline_from_the_service_worker(page, server):
    open_game(page, server, "game=mas_menos&lang=en&botdelay=0&start=1")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_function("navigator.serviceWorker.controller !== null || document.body.dataset.sw === 'registered'")
    page.evaluate("navigator.serviceWorker.ready")
    # Wait until the precache is complete (install finished: the worker is active).
    page.wait_for_function("navigator.serviceWorker.ready.then(r => !!r.active) && caches.keys().then(k => k.length > 0)")
    page.reload()  # now controlled by the service worker
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("body[data-screen=table]", timeout=120_000)
        page.locator(".hand button.card.lit").first.wait_for(timeout=30_000)
        take_turn(page)
        page.wait_for_timeout(300)
        assert len(saved_log(page)["actions"]) >= 1
    finally:
        page.context.set_offline(False)
