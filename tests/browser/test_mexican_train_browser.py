"""Mexican Train end to end in real Chromium, at phone size: a whole (one-round, two-player) game by
tapping against the computer, the result checked against CPython's replay of the saved log; the
pass-and-play screen, a tile that fits two trains (the tile, then the train) and refused moves;
and on a phone in Japanese: the table on one screen for 2 to 8 players, computer moves you can
follow at the default pace, a tile that fits nowhere explained, the result sheet and the replay
viewer in Japanese words only."""

import json
import time

from helpers import (
    computer_gaps,
    latin_words,
    open_game,
    open_menu,
    open_replay,
    overflow,
    play_to_end,
    save_key,
    saved_log,
    set_speed,
    shoot,
    start_new,
    tap_lit,
    within_viewport,
)

from tabletop import get_game
from tabletop.session import replay

SLUG = "mexican_train"


def set_rounds(page, n):
    page.fill("input[name=rounds]", str(n))
    page.locator("input[name=rounds]").dispatch_event("change")


def test_full_game_against_the_computer_shows_the_engine_result(page, server, sink):
    open_game(page, server, SLUG)
    assert overflow(page) <= 0
    setup_text = page.locator("form.setup").inner_text()
    assert "Domino set" in setup_text and "Rounds" in setup_text and "Scoring" in setup_text
    set_rounds(page, 1)
    start_new(page, players=2)
    log = saved_log(page, SLUG)
    assert log["players"] == 2 and log["options"]["rounds"] == 1
    # Two personal trains and the Mexican train, seven tiles in hand, the engine 6-6.
    page.wait_for_selector(".hand .tile")
    assert (
        page.locator(".trains .train").count() == 3
        and page.locator(".train[data-train=m]").count() == 1
    )
    assert page.locator(".hand .tile").count() >= 7
    assert page.locator(".mt-info .engine").get_attribute("aria-label") == "Engine 6–6"
    names = page.locator(".hand .tile").evaluate_all(
        "els => els.map(e => e.querySelector('.sr-only').textContent)"
    )
    codes = page.locator(".hand .tile").evaluate_all("els => els.map(e => e.dataset.token)")
    assert names == [c.replace("-", "–") for c in codes]
    assert "Round 1/1" in page.locator(".mt-info").inner_text()

    play_to_end(page)
    assert overflow(page) <= 0
    state, log = replay(saved_log(page, SLUG))
    assert state.is_over()
    result = state.result()
    score = page.locator(".mt-result")
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert score.get_attribute("data-winner") == (
        "none" if result["winner"] is None else str(result["winner"])
    )
    assert score.get_attribute("data-round-scores") == ";".join(
        ",".join(map(str, r)) for r in result["round_scores"]
    )
    # The round's breakdown: every seat's points, leftover pips and tiles, the reasons in words.
    last = state.view(0)["last_round"]
    assert score.get_attribute("data-end") == last["end"]
    for entry in last["scores"]:
        row = page.locator(f".mt-result .mt-breakdown li[data-seat='{entry['seat']}']")
        assert row.get_attribute("data-points") == str(entry["points"])
        assert row.get_attribute("data-pips") == str(last["pips"][entry["seat"]])
        assert row.locator(".laid").count() == len(last["hands"][entry["seat"]])
        reason = row.locator(".bd-reason").inner_text()
        assert reason and "_" not in reason and "seat" not in reason, reason
    if last["end"] == "out":
        winner = page.locator(
            f".mt-result .mt-breakdown li[data-seat='{last['winner']}'] .bd-reason"
        ).inner_text()
        assert winner.startswith("went out, the others' pips: "), winner
    mine = [a for s, a in log["actions"] if s == 0]
    assert any(a.startswith("play") for a in mine)
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def seed_with_a_six_for_seat_1(max_seed=100):
    """A two-player one-round deal in which seat 1 (who leads) holds a tile with a 6: it fits both
    seat 1's own train and the Mexican train (both start at the engine 6)."""
    for seed in range(1, max_seed):
        state = get_game(SLUG).new_state(players=2, options={"rounds": 1}, seed=seed)
        legal = state.legal_actions(1)
        for tile in [a.split()[1] for a in legal if a.startswith("play")]:
            if f"play {tile} 1" in legal and f"play {tile} m" in legal:
                return seed, tile
    raise AssertionError("no seed found")


def test_hotseat_two_train_choice_and_refused_moves_in_japanese(page, server):
    seed, tile = seed_with_a_six_for_seat_1()
    open_game(page, server, SLUG, lang="ja")
    log = {"game": SLUG, "players": 2, "options": {"rounds": 1}, "seed": seed, "actions": []}
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [save_key(SLUG), json.dumps({"v": 1, "mode": "hotseat", "log": log})],
    )
    page.reload()
    # Seat 1 leads: the phone goes to player 2 first, with no tile on screen.
    page.wait_for_selector("body[data-screen=pass]", timeout=120_000)
    assert (
        "プレイヤー2" in page.locator(".pass h2").inner_text()
        and page.locator(".tile").count() == 0
    )
    page.click("button.reveal")
    page.wait_for_selector(".hand button.tile")
    assert page.locator(".hand .tile").count() == 7
    a, b = tile.split("-")
    button = page.locator(f".hand button.tile[data-token='{tile}']")
    assert button.locator(".sr-only").text_content() == f"{a}-{b}の牌"
    # Refused moves change nothing: a tile not in the set, a move out of turn, a malformed one.
    before = page.evaluate("tabletop.call('view', 1)")["view"]
    for seat, action, code in [
        (1, "play 9-9 m", "unknown_tile"),
        (0, "draw", "not_your_turn"),
        (1, "play ZZ", "play_tile_on_train"),
    ]:
        refused = page.evaluate(f"tabletop.call('act', {seat}, '{action}')")
        assert refused["ok"] is False and refused["code"] == code, refused
    assert (
        page.evaluate("tabletop.call('view', 1)")["view"] == before
        and saved_log(page, SLUG)["actions"] == []
    )
    # A tile that fits two trains: tap it, both trains light up, tap the Mexican train.
    button.click()
    page.wait_for_selector(".trains button.train.lit")
    assert "selected" in page.locator(f".hand button.tile[data-token='{tile}']").get_attribute(
        "class"
    )
    lit = page.locator(".trains button.train.lit").evaluate_all(
        "els => els.map(e => e.dataset.train)"
    )
    assert sorted(lit) == ["1", "m"]
    assert "複数のトレイン" in page.locator(".prompt").inner_text()
    page.click(".trains button.train.lit[data-train=m]")
    # Turn over: the phone goes to player 1, hand hidden; the log holds the move.
    page.wait_for_selector("body[data-screen=pass]", timeout=30_000)
    assert (
        "プレイヤー1" in page.locator(".pass h2").inner_text()
        and page.locator(".tile").count() == 0
    )
    assert saved_log(page, SLUG)["actions"] == [[1, f"play {tile} m"]]
    page.click("button.reveal")
    page.wait_for_selector(".hand .tile")
    laid = f"6-{a}" if b == "6" else f"6-{b}"
    assert page.locator(".train[data-train=m] .laid").evaluate_all(
        "els => els.map(e => e.dataset.tile)"
    ) == [laid]
    assert not page.errors, page.errors


def my_turn(page, timeout_s=90):
    """The human may act: a lit tile, a lit train (a tile that fits two trains was tapped) or
    Draw/Pass; or the round is over (someone went out while the human waited)."""
    page.locator(
        ".hand button.tile.lit, .trains button.train.lit, .dock button.choice.verb, section.result"
    ).first.wait_for(timeout=timeout_s * 1000)


def human_moves(page):
    """Moves the human (seat 0) has made, from the saved log: counted from the engine's record,
    not from how soon the save follows a tap."""
    return sum(1 for seat, _ in saved_log(page, SLUG)["actions"] if seat == 0)


def test_the_table_fits_one_phone_screen_for_every_player_count(phone_ja, server):
    """On the player's turn the hand and every train are on screen without scrolling, at 360x640
    and 412x915, for 2 to 8 players (a strip of seats from 7 others on); nothing is wider than
    the phone; the turn marker stays on its name's line."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja")
    for players in range(2, 9):
        if players > 2:
            open_menu(page)
            page.click(".menu-panel .new")
            page.wait_for_selector("body[data-screen=setup]")
        start_new(page, players=players)
        my_turn(page)
        for width, height in ((360, 640), (412, 915)):
            page.set_viewport_size({"width": width, "height": height})
            assert within_viewport(page, ".hand") and within_viewport(page, ".trains"), (
                players,
                width,
            )
            assert overflow(page) <= 0, (players, width)
        page.set_viewport_size({"width": 360, "height": 640})
        # The turn marker never wraps: it sits on its seat's name line.
        lines = page.evaluate("""() => [...document.querySelectorAll('.ring .chip .name')]
            .map(n => Math.round(n.getBoundingClientRect().height))""")
        assert max(lines) <= 24, (players, lines)
        if players in (4, 8):
            shoot(page, f"mexican_train-ja-{players}p-360x640")


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, four players, one round, the default pace: setup, table and result no
    wider than the phone; computer actions at least 0.4 s apart; a tile that fits nowhere says
    why; the result sheet and the replay viewer show no English."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "mexican_train-ja-setup-360x640")
    set_rounds(page, 1)
    start_new(page, players=4)
    reason = None
    turn_shot = False
    deadline = time.time() + 150
    while (human_moves(page) < 4 or reason is None) and not page.locator("section.result").count():
        assert time.time() < deadline, "four turns (and a tile that fits nowhere) took too long"
        my_turn(page)
        if page.locator("section.result").count():
            break
        assert (
            within_viewport(page, ".hand")
            and within_viewport(page, ".trains")
            and overflow(page) <= 0
        )
        unlit = page.locator(".hand button.tile.unlit")
        if (
            reason is None
            and unlit.count()
            and not page.locator(".hand button.tile.selected").count()
        ):
            moves = len(saved_log(page, SLUG)["actions"])
            unlit.first.click(force=True)
            page.wait_for_selector(".dock .reason.shown")
            reason = page.locator(".dock .reason").inner_text()
            assert len(saved_log(page, SLUG)["actions"]) == moves
            shoot(page, "mexican_train-ja-refusal-360x640")
        if not turn_shot:
            shoot(page, "mexican_train-ja-turn-360x640")
            turn_shot = True
        try:
            tap_lit(page)
        except Exception:  # a redraw replaced the element under the tap: look again
            continue
        page.wait_for_timeout(100)
    gaps = computer_gaps(page)
    assert len(gaps) >= 4 and min(gaps) >= 0.4, gaps
    assert reason is not None, "no tile that fits nowhere was tapped"
    assert latin_words(reason) == [] and (
        "つながりません" in reason or "置いてください" in reason
    ), reason
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    set_speed(page, "instant")
    play_to_end(page)
    assert overflow(page) <= 0
    shoot(page, "mexican_train-ja-result-360x640")
    sheet = page.locator("section.result").inner_text()
    assert latin_words(sheet) == [], latin_words(sheet)
    page.click("section.result button.close-sheet")
    assert not page.locator("section.result").is_visible()
    page.click("button.show-result")
    assert page.locator("section.result").is_visible()
    open_replay(page, server, saved_log(page, SLUG))
    assert overflow(page) <= 0
    shoot(page, "mexican_train-ja-replay-360x640")
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    assert page.errors == []
