"""Mustamaija end to end in real Chromium, at phone size: a whole 2-player game by tapping (attacks
built card by card and confirmed, defences by tapping an attack card and then a lit beater, or
picking up), the result checked against CPython's replay of the saved log; pass-and-play hides the
hand between the two seats; malformed and illegal moves are refused and change nothing; and on a
phone in Japanese at the default pace with four players: the table on one screen, computer moves
you can follow, taps on cards that cannot be used explained, the result sheet and the replay viewer
in Japanese words only."""

import time

from helpers import (
    computer_gaps,
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
    within_viewport,
)

from tabletop.session import replay

SLUG = "mustamaija"
TABLE = ".table.mustamaija"


def cards(page, selector):
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


def click_and_wait(page, selector):
    """Click, then wait until the table has been drawn again (a move, or a choice, redraws it)."""
    page.evaluate(f"window.__mmTable = document.querySelector('{TABLE}')")
    page.locator(selector).first.click(timeout=5000)
    page.wait_for_function(
        f"document.querySelector('{TABLE}') !== window.__mmTable", timeout=30_000
    )


def attack_turn(page, stats):
    added = page.locator(".mm-attack[data-status=building] .pair").count()
    lit = cards(page, ".hand button.card.lit")
    if added == 0:
        # Lead a suit with two cards in hand when there is one, so a multi-card attack is built by tapping.
        suits = [c[-1] for c in lit]
        pick = next((c for c in lit if suits.count(c[-1]) >= 2), lit[0])
        click_and_wait(page, f".hand button.card.lit[data-card='{pick}']")
    elif added < 2 and lit:
        click_and_wait(page, f".hand button.card.lit[data-card='{lit[0]}']")
    else:
        label = page.locator(".mm-actions button[data-action=attack]").inner_text()
        stats["attacks"].append(added)
        stats["labels"].append(label)
        click_and_wait(page, ".mm-actions button[data-action=attack]")


def defend_turn(page, stats):
    """Beat whenever something can be beaten, else pick up; the lit beaters are checked against
    the engine's legal actions for the chosen attack card."""
    chosen = cards(page, ".mm-attack button.card.selected")
    lit_hand = cards(page, ".hand button.card.lit")
    if chosen:
        view = page.evaluate("tabletop.call('view', 0)")["view"]
        legal = [
            a.split(":")[1] for a in view["legal_actions"] if a.startswith(f"beat {chosen[0]}:")
        ]
        assert sorted(lit_hand) == sorted(legal), (chosen, lit_hand, legal)
        stats["beats"] += 1
        click_and_wait(page, f".hand button.card.lit[data-card='{lit_hand[0]}']")
        return
    targets = page.locator(".mm-attack button.card.lit")
    if targets.count():
        stats["selects"] += 1
        click_and_wait(page, ".mm-attack button.card.lit")  # only a choice: no engine move
        return
    stats["takes"] += 1
    click_and_wait(page, ".mm-actions button[data-action=take]")


def mm_turn(stats):
    def turn(page):
        role = page.locator(TABLE).get_attribute("data-role", timeout=2000)
        if role == "attack":
            attack_turn(page, stats)
        elif role == "defend":
            defend_turn(page, stats)
        else:
            return False
        return True

    return turn


def new_stats():
    return {"attacks": [], "labels": [], "beats": 0, "takes": 0, "selects": 0}


def test_full_game_against_the_computer_shows_the_engine_result(page, server, sink):
    open_game(page, server, SLUG)
    assert overflow(page) <= 0  # the English setup fits the phone (it was 423 px wide)
    form = page.locator("form.setup").inner_text()
    assert "Trumps" in form and "Cards in hand" in form
    page.select_option("select[name=deck]", "32")
    start_new(page, players=2)
    # The computer (left of the dealer) attacks first; on the human's first turn the trump suit,
    # the talon and the attack on the table are the engine's.
    page.wait_for_selector(f"{TABLE}[data-role=defend]", timeout=60_000)
    state, _ = replay(saved_log(page, SLUG))
    assert page.locator(".trump-suit").get_attribute("data-trump") == (state.d["trump"] or "")
    assert page.locator("[data-talon-count]").get_attribute("data-talon-count") == str(
        len(state.d["talon"])
    )
    assert cards(page, ".mm-attack .pair > .card[data-attack]") == state.d["attack"]
    if state.d["trump_card"]:
        assert cards(page, ".talon-stack .card[data-under]") == [state.d["trump_card"]]
    stats = new_stats()
    play_to_end(page, mm_turn(stats))

    log = saved_log(page, SLUG)
    state, _ = replay(log)
    assert state.is_over() and log["players"] == 2 and log["options"]["deck"] == 32
    result = state.result()
    score = page.locator(".mm-result")
    assert score.get_attribute("data-loser") == (
        "none" if result["loser"] is None else str(result["loser"])
    )
    assert score.get_attribute("data-winner") == (
        "none" if result["winner"] is None else str(result["winner"])
    )
    assert score.get_attribute("data-out-order") == ",".join(map(str, result["out_order"]))
    assert score.get_attribute("data-trump") == (result["trump"] or "none")
    holder = next(s for s in range(2) if "QS" in state.d["hands"][s])
    assert holder == result["loser"] and score.get_attribute("data-maija-holder") == str(holder)
    assert score.get_attribute("data-cards-left") == ",".join(str(len(h)) for h in state.d["hands"])
    # The reasons, worded from the engine's codes: who went out, who was left holding the Mustamaija.
    text = score.inner_text()
    assert ("You lost" if result["loser"] == 0 else "Computer lost") in text and "Out 1st" in text
    assert "Left holding cards, with the Mustamaija: the loser" in text
    assert page.locator(".mm-result li[data-outcome=loser]").get_attribute("data-seat") == str(
        result["loser"]
    )
    # The human built a multi-card attack by tapping, and every move it made is in the log.
    assert max(stats["attacks"]) >= 2, stats
    assert any(
        label == f"Attack with {n} cards"
        for n, label in zip(stats["attacks"], stats["labels"])
        if n > 1
    ), stats
    mine = [a for s, a in log["actions"] if s == 0]
    assert mine.count("attack") == len(stats["attacks"])
    assert sum(a.startswith("beat ") for a in mine) == stats["beats"]
    assert mine.count("take") == stats["takes"]
    assert overflow(page) <= 0
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_hotseat_hides_the_hand_and_bad_moves_are_refused(page, server, sink):
    open_game(page, server, SLUG)
    start_new(page, mode="hotseat", players=2)
    # Seat 1 (Player 2, left of the dealer) attacks first: the pass screen hides every hand.
    assert page.locator("body[data-screen=pass]").count() == 1
    assert page.locator(".hand .card").count() == 0
    assert "Player 2" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(f"{TABLE}[data-role=attack]", timeout=60_000)
    assert page.locator(".hand .card").count() == 5

    # Malformed and illegal moves are refused with a reason and change nothing.
    before = page.evaluate("tabletop.call('view', 1)")["view"]
    refused = page.evaluate("tabletop.call('act', 1, 'add ZZ')")
    assert refused["ok"] is False and refused["code"] == "unknown_card"
    refused = page.evaluate("tabletop.call('act', 1, 'attack')")
    assert refused["ok"] is False and refused["code"] == "nothing_added"
    refused = page.evaluate("tabletop.call('act', 0, 'take')")
    assert refused["ok"] is False
    assert page.evaluate("tabletop.call('view', 1)")["view"] == before
    assert saved_log(page, SLUG)["actions"] == []

    # Player 2 attacks with one card; the table then waits behind a pass screen for Player 1.
    first = cards(page, ".hand button.card.lit")[0]
    click_and_wait(page, f".hand button.card.lit[data-card='{first}']")
    assert cards(page, ".mm-attack .pair > .card") == [first]
    assert (
        page.locator(".mm-actions button[data-action=attack]").inner_text() == "Attack with 1 card"
    )
    page.click(".mm-actions button[data-action=attack]")
    page.wait_for_selector("body[data-screen=pass]", timeout=30_000)
    assert page.locator(".hand .card").count() == 0
    assert "Player 1" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(f"{TABLE}[data-role=defend]", timeout=30_000)
    assert cards(page, ".mm-attack .pair > .card[data-attack]") == [first]
    assert page.locator(".mm-actions button[data-action=take]").inner_text() == "Pick up 1 card"
    assert saved_log(page, SLUG)["actions"] == [[1, f"add {first}"], [1, "attack"]]
    refused = page.evaluate(f"tabletop.call('act', 0, 'beat {first}:{first}')")
    assert refused["ok"] is False
    assert saved_log(page, SLUG)["actions"] == [[1, f"add {first}"], [1, "attack"]]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_the_table_fits_one_phone_screen_for_every_player_count(phone_ja, server):
    """On the player's turn the hand and the attack are on screen without scrolling, at 360x640 and
    412x915, for 2 to 8 players (3-card hands from 7 on); nothing is wider than the phone."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja")
    for players in range(2, 9):
        if players > 2:
            open_menu(page)
            page.click(".menu-panel .new")
            page.wait_for_selector("body[data-screen=setup]")
        start_new(page, players=players)
        page.wait_for_selector(
            f"{TABLE}[data-role=attack], {TABLE}[data-role=defend]", timeout=90_000
        )
        for width, height in ((360, 640), (412, 915)):
            page.set_viewport_size({"width": width, "height": height})
            assert within_viewport(page, ".hand") and within_viewport(page, ".mm-attack"), (
                players,
                width,
            )
            assert overflow(page) <= 0, (players, width)
        page.set_viewport_size({"width": 360, "height": 640})
        if players in (4, 8):
            shoot(page, f"mustamaija-ja-{players}p-360x640")


def refusal(page):
    """On the human's turn, a tap on a card that cannot be used now says why in Japanese, next to
    the hand, and plays nothing. None when no such card is on the table now."""
    role = page.locator(TABLE).get_attribute("data-role")
    chosen = cards(page, ".mm-attack button.card.selected")
    building = page.locator(".mm-attack[data-status=building] .pair").count()
    unlit = page.locator(".hand button.card.unlit")
    if not unlit.count() or not ((role == "defend" and chosen) or (role == "attack" and building)):
        return None
    moves = len(saved_log(page, SLUG)["actions"])
    unlit.first.click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    reason = page.locator(".dock .reason").inner_text()
    assert len(saved_log(page, SLUG)["actions"]) == moves
    return reason


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, four players, the default pace: setup, table and result no wider than the
    phone; the hand and the attack on screen on the player's turn; computer actions at least 0.4 s
    apart; a card that cannot be used says why; the result sheet and the replay viewer show no
    English; the result sheet closes to show the final table and opens again."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "mustamaija-ja-setup-360x640")
    start_new(page, players=4)
    stats = new_stats()
    turn = mm_turn(stats)
    reason = None
    turns = 0
    deadline = time.time() + 150
    while turns < 8 and not page.locator("section.result").count():
        assert time.time() < deadline, "eight turns took too long"
        role = page.locator(TABLE).get_attribute("data-role")
        if role in ("attack", "defend"):
            assert (
                within_viewport(page, ".hand")
                and within_viewport(page, ".mm-attack")
                and overflow(page) <= 0
            )
            if turns == 0:
                shoot(page, f"mustamaija-ja-{role}-360x640")
            if reason is None:
                reason = refusal(page)
                if reason is not None:
                    shoot(page, "mustamaija-ja-refusal-360x640")
                    continue
            try:
                turn(page)
            except Exception:  # a redraw replaced the element under the tap: look again
                continue
            turns += 1
        page.wait_for_timeout(60)
    gaps = computer_gaps(page)
    assert len(gaps) >= 4 and min(gaps) >= 0.4, gaps
    assert reason is not None, "no card that cannot be used was tapped"
    assert latin_words(reason) == [] and reason.endswith("。"), reason
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    set_speed(page, "instant")
    play_to_end(page, turn)
    assert overflow(page) <= 0
    shoot(page, "mustamaija-ja-result-360x640")
    sheet = page.locator("section.result").inner_text()
    assert latin_words(sheet) == [], latin_words(sheet)
    assert "ムスタマイヤ" in sheet
    page.click("section.result button.close-sheet")
    assert not page.locator("section.result").is_visible()
    shoot(page, "mustamaija-ja-final-table-360x640")
    page.click("button.show-result")
    assert page.locator("section.result").is_visible()
    open_replay(page, server, saved_log(page, SLUG))
    assert overflow(page) <= 0
    shoot(page, "mustamaija-ja-replay-360x640")
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    assert page.errors == []
