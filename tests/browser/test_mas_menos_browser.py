"""Más-Menos end to end in real Chromium: a full game by tapping, reload, saves, refusals, pass and
play; and on a phone in Japanese at the default pace: the table on one screen, computer moves you
can follow, the finished trick, a tap on an unplayable card explained, the result sheet."""

import time

from helpers import (
    computer_gaps,
    engine_view,
    finished_trick,
    latin_words,
    open_game,
    open_menu,
    open_replay,
    overflow,
    play_to_end,
    saved_log,
    set_speed,
    shoot,
    start_new,
    tap_lit,
    within_viewport,
)

from tabletop.session import replay

SLUG = "mas_menos"
SAVE_KEY = "tabletop:save:mas_menos"


def take_turn(page):
    """Whatever the human may do now, by the kit's rules: three discards then confirm, a
    declaration, a lit card."""
    return tap_lit(page)


def test_full_game_against_the_bot_shows_the_engine_result(page, server, sink):
    open_game(page, server, SLUG)
    start_new(page)
    play_to_end(page, take_turn)
    shown = page.locator(".score").get_attribute("data-points")
    shown_winner = page.locator(".score").get_attribute("data-winner")
    state, log = replay(saved_log(page, SLUG))
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
    open_game(page, server, SLUG)
    start_new(page)
    for _ in range(12):
        try:
            take_turn(page)
        except Exception:  # a redraw replaced the element: the next round looks again
            pass
        page.wait_for_timeout(80)
    page.wait_for_timeout(300)
    before = saved_log(page, SLUG)
    hand_before = page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.reload()
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_timeout(200)
    after = saved_log(page, SLUG)
    assert after["actions"][: len(before["actions"])] == before["actions"]
    assert after["seed"] == before["seed"]
    if len(after["actions"]) == len(before["actions"]):
        assert (
            page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
            == hand_before
        )
    assert not page.errors, page.errors


def test_tampered_save_gives_a_message_and_a_fresh_game_and_keeps_other_data(page, server):
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("ul.games", timeout=120_000)
    log = {"game": "mas_menos", "players": 2, "options": {}, "seed": 5, "actions": [[0, "play AS"]]}
    page.evaluate(
        """([key, log]) => {
        localStorage.setItem(key, JSON.stringify({v: 1, log, mode: 'bot'}));
        localStorage.setItem('tabletop:save:mate', 'keep me');
        localStorage.setItem('unrelated', 'keep me too');
    }""",
        [SAVE_KEY, log],
    )
    open_game(page, server, SLUG)
    page.wait_for_selector("#toast.show")
    assert "could not be restored" in page.locator("#toast").inner_text()
    # Which move, and the game's own reason in the reader's words (its code, worded).
    toast = page.locator("#toast").inner_text()
    assert "move 1 was refused" in toast and "No card is played" in toast, toast
    page.wait_for_selector("body[data-screen=table]")
    fresh = saved_log(page, SLUG)
    assert fresh["actions"] == [] or fresh["seed"] != 5
    assert page.evaluate("localStorage.getItem('tabletop:save:mate')") == "keep me"
    assert page.evaluate("localStorage.getItem('unrelated')") == "keep me too"


def test_corrupt_json_save_is_refused_clearly(page, server):
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.evaluate(f"localStorage.setItem('{SAVE_KEY}', '{{not json')")
    open_game(page, server, SLUG)
    page.wait_for_selector("#toast.show")
    assert "could not be restored" in page.locator("#toast").inner_text()


def test_illegal_action_is_refused_with_a_code_and_changes_nothing(page, server):
    open_game(page, server, SLUG)
    start_new(page)
    before = engine_view(page)
    refused = page.evaluate("tabletop.call('act', 0, 'discard ZZ 7S 8S')")
    assert refused["ok"] is False and "ZZ" in refused["error"] and refused["code"] == "unknown_card"
    assert engine_view(page)["hand"] == before["hand"]


def test_hotseat_hides_the_hand_between_turns(page, server):
    open_game(page, server, SLUG)
    start_new(page, mode="hotseat")
    assert page.locator("body[data-screen=pass]").count() == 1
    assert page.locator(".hand .card").count() == 0
    assert "Player 1" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    for _ in range(3):
        page.locator(".hand button.card.lit:not(.selected)").first.click()
    page.click("button[data-verb=discard]:not([disabled])")
    page.click(".choices button.choice >> nth=0")
    # Player 1 discarded and declared: the phone goes to player 2, hand hidden.
    page.wait_for_selector("body[data-screen=pass]")
    assert "Player 2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 16


def wait_for(page, predicate, timeout_s=60, what="it"):
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        if predicate():
            return
        page.wait_for_timeout(50)
    raise AssertionError(f"{what} did not happen in time")


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, the default pace: setup, table and result no wider than the phone; the
    hand and the trick on screen on the player's turn; computer actions at least 0.4 s apart; a
    finished trick stays on view with its winner; a tap on a card that cannot be used says why
    next to the hand; the result sheet closes to show the final table and opens again."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "mas_menos-ja-setup-360x640")
    start_new(page)
    page.locator(".hand button.card.lit").first.wait_for(timeout=60_000)
    assert (
        within_viewport(page, ".hand") and within_viewport(page, ".trick") and overflow(page) <= 0
    )
    shoot(page, "mas_menos-ja-discard-360x640")
    for _ in range(3):
        page.locator(".hand button.card.lit:not(.selected)").first.click()
    page.click("button[data-verb=discard]:not([disabled])")
    wait_for(
        page, lambda: any(s == 0 for s, _ in saved_log(page, SLUG)["actions"]), what="the discard"
    )
    page.wait_for_selector(".hand button.card.unlit")
    # Discarded: a tap on a card now says why it does nothing, in Japanese, next to the hand.
    moves = len(saved_log(page, SLUG)["actions"])
    page.locator(".hand button.card").first.click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    reason = page.locator(".dock .reason").inner_text()
    assert reason == "すでに捨て札を出しています。", reason
    assert len(saved_log(page, SLUG)["actions"]) == moves
    # Declare if this seat discarded first; then play four tricks at the default pace.
    finished_seen = 0
    wait_for(
        page,
        lambda: (
            page.locator("body[data-phase=play]").count()
            or page.locator(".choices button.choice").count()
        ),
        what="declaring or play",
    )
    if page.locator(".choices button.choice").count():
        page.locator(".choices button.choice").first.click()
    while len([a for a in saved_log(page, SLUG)["actions"] if a[1].startswith("play")]) < 8:
        finished = finished_trick(page)
        if finished:
            finished_seen += 1
            assert sorted(finished["seats"]) == [0, 1] and finished["won"] == [
                finished["winner"]
            ], finished
            if finished_seen == 1:
                shoot(page, "mas_menos-ja-finished-trick-360x640")
        if page.locator(".hand button.card.lit").count():
            assert within_viewport(page, ".hand") and within_viewport(page, ".trick")
            page.locator(".hand button.card.lit").first.click()
        page.wait_for_timeout(60)
    assert finished_seen >= 1, "no finished trick was on view after a trick's last card"
    gaps = computer_gaps(page)
    assert len(gaps) >= 3 and min(gaps) >= 0.4, gaps
    shoot(page, "mas_menos-ja-play-360x640")
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    # The rest of the game at the instant speed, chosen in the menu (a setting kept on the device).
    set_speed(page, "instant")
    assert page.evaluate("localStorage.getItem('tabletop:speed')") == "instant"
    play_to_end(page, take_turn)
    assert overflow(page) <= 0
    shoot(page, "mas_menos-ja-result-360x640")
    page.click("section.result button.close-sheet")
    assert not page.locator("section.result").is_visible()
    assert within_viewport(page, ".trick")
    shoot(page, "mas_menos-ja-final-table-360x640")
    page.click("button.show-result")
    assert page.locator("section.result").is_visible()
    open_menu(page)
    assert overflow(page) <= 0
    text = page.locator("section.result").inner_text()
    assert latin_words(text) == [], latin_words(text)
    # The game just played in the replay viewer: every move in words, no live prompt.
    open_replay(page, server, saved_log(page, SLUG))
    text = page.locator("main").inner_text()
    assert latin_words(text) == [] and page.locator(".last-move").inner_text(), latin_words(text)
    assert (
        not page.locator(".table button.lit").count()
        and not page.locator(".dock .reason.shown").count()
    )
    assert overflow(page) <= 0
    shoot(page, "mas_menos-ja-replay-360x640")
    assert page.errors == []
