"""42 end to end in real Chromium, on a phone (360x640) in Japanese: a whole game (to 1 mark) by
taps against three computer seats, the result checked against CPython's replay of the saved log
and explained in Japanese; the hand and the table on one screen; the partners across; the
one-tap bid picker; a tile that may not be played explained in Japanese by the hand."""

import json
import random

from helpers import (
    finish_in_japanese,
    latin_words,
    open_game,
    overflow,
    saved_log,
    shoot,
    start_new,
    within_viewport,
)

from tabletop import get_game
from tabletop.session import replay

SLUG = "forty_two"
SAVE_KEY = "tabletop:save:forty_two"


def check_partners(page, me=0):
    chips = page.locator(".forty-two .felt .ring .chip")
    assert chips.count() == 3
    seats = chips.evaluate_all("els => els.map(e => Number(e.dataset.seat))")
    assert seats == [(me + 1) % 4, (me + 2) % 4, (me + 3) % 4]  # left, top (partner), right
    assert chips.nth(1).locator(".badge.partner").count() == 1
    assert page.locator(".forty-two .scoreboard .sb-row[data-team]").count() == 2


def test_a_game_by_taps_in_japanese_on_a_phone(phone_ja, server):
    page = phone_ja
    open_game(page, server, SLUG, lang="ja")
    start_new(page, target_marks=1)
    page.wait_for_selector(".forty-two .hand .tile", timeout=60_000)
    assert page.locator(".forty-two .hand .tile").count() == 7
    check_partners(page)
    assert page.locator(".forty-two .bids .played").count() == 4  # the auction on the table
    assert within_viewport(page, ".forty-two .hand")
    assert within_viewport(page, ".forty-two .felt")
    assert overflow(page) <= 0
    # Our turn to bid: one button per bid, with pass; the hand still in view.
    page.wait_for_selector(".forty-two .bid-picker button.choice", timeout=60_000)
    buttons = page.locator(".forty-two .bid-picker button.choice").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    assert buttons[0] == "pass" and all(b.startswith("bid ") for b in buttons[1:]), buttons
    assert any(b.endswith("m") for b in buttons), buttons  # a mark bid is always possible
    assert within_viewport(page, ".forty-two .hand")
    text = page.locator(".table").inner_text()
    assert latin_words(text) == [], latin_words(text)
    shoot(page, "forty_two-ja-bid-360x640")
    # The lowest bid with one tap; the engine has it.
    lowest = buttons[1]
    page.locator(f".forty-two .bid-picker button.choice[data-action='{lowest}']").click()
    page.wait_for_function(
        f"() => (JSON.parse(localStorage.getItem('{SAVE_KEY}')).log.actions || [])"
        ".some(a => a[0] === 0)",
        timeout=30_000,
    )
    assert [0, lowest] in saved_log(page, SLUG)["actions"]
    # Then to the end by taps (the computer instant), the result sheet in Japanese.
    finish_in_japanese(page, SLUG)
    state, log = replay(saved_log(page, SLUG))
    assert state.is_over()
    result = state.result()
    sheet = page.locator(".forty-two-result")
    assert sheet.get_attribute("data-marks") == ",".join(map(str, result["marks"]))
    assert sheet.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    last = [d for d in result["deals"] if d["bidder"] is not None][-1]
    text = sheet.inner_text()
    assert ("ビッド成功" if last["made"] else "セット") in text, text
    assert "勝ち" in text and latin_words(text) == []
    assert not page.errors, page.errors


def position_where_seat_0_must_follow(seed=3):
    """A log (to 1 mark) that stops where seat 0 must follow and holds tiles it may not play."""
    rng = random.Random(seed)
    game = get_game(SLUG)
    state = game.new_state(options={"target_marks": 1}, seed=seed)
    actions = []
    while True:
        seat = state.to_move()[0]
        if (
            seat == 0
            and state.d["phase"] == "play"
            and state.d["trick"]
            and len(state.legal_actions(0)) < len(state.d["hands"][0])
        ):
            return {
                "game": SLUG,
                "players": 4,
                "options": {"target_marks": 1},
                "seed": seed,
                "actions": actions,
            }, state
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
        if state.is_over():
            seed += 1
            rng = random.Random(seed)
            state = game.new_state(options={"target_marks": 1}, seed=seed)
            actions = []


def test_a_tile_that_may_not_be_played_is_explained_in_japanese(phone_ja, server):
    page = phone_ja
    log, state = position_where_seat_0_must_follow()
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [SAVE_KEY, json.dumps({"v": 1, "mode": "bot", "log": log})],
    )
    open_game(page, server, SLUG, lang="ja", botdelay=10_000)
    page.wait_for_selector(".forty-two .hand button.tile.lit", timeout=60_000)
    assert within_viewport(page, ".forty-two .hand")
    # The contract is named, in words, with what the bidders need.
    banner = page.locator(".forty-two .contract").inner_text()
    assert "切札" in banner or "フォロー・ミー" in banner, banner
    assert latin_words(banner) == [], banner
    shoot(page, "forty_two-ja-follow-360x640")
    before = len(saved_log(page, SLUG)["actions"])
    unlit = page.locator(".forty-two .hand button.tile.unlit")
    assert unlit.count()
    unlit.first.click(force=True)
    page.wait_for_selector(".dock .reason.shown", timeout=30_000)
    reason = page.locator(".dock .reason").inner_text()
    assert "マストフォロー" in reason and latin_words(reason) == [], reason
    assert len(saved_log(page, SLUG)["actions"]) == before
    # The lit tile plays with one tap.
    tile = page.locator(".forty-two .hand button.tile.lit").first.get_attribute("data-card")
    page.locator(f".forty-two .hand button.tile[data-card='{tile}']").click()
    page.wait_for_function(
        f"() => JSON.parse(localStorage.getItem('{SAVE_KEY}')).log.actions.length > {before}",
        timeout=30_000,
    )
    assert saved_log(page, SLUG)["actions"][before] == [0, f"play {tile}"]
    assert not page.errors, page.errors


def test_worked_examples_step_through_in_japanese(phone_ja, server):
    """Each captioned example of the rules steps to its end in Japanese: a caption per step, moves
    in words, the deal's result at the end, nothing wider than the phone."""
    page = phone_ja
    for name in ("forty_two-sixes-set", "forty_two-mark-bids-set"):
        page.goto(f"{server}/?replay={name}&lang=ja")
        page.wait_for_selector("body[data-screen=replay]", timeout=120_000)
        steps = int(page.locator(".replay-controls .step").get_attribute("data-steps"))
        for k in range(steps + 1):
            if k:
                page.click(".replay-controls .next")
            page.wait_for_selector(f".replay-caption[data-step='{k}']")
            shown = page.locator("#app").inner_text()
            assert not latin_words(shown), (name, k, latin_words(shown))
        assert overflow(page) <= 0
        assert page.locator(".result").count() == 1
        shoot(page, f"{name}-ja-end")
    assert not page.errors, page.errors
