"""Quinto end to end in real Chromium, on a phone in Japanese: a whole game (one deal) by taps
against three computer seats, from the calls to the result sheet, checked against CPython's
replay of the saved log; the partners across the table, the hand and the trick on screen on the
player's turn, the cachette face down, a card that may not be played explained in Japanese, no
Latin words on any screen; and a saved game between two deals showing the last deal's record."""

import json
import random

from helpers import (
    latin_words,
    open_game,
    overflow,
    play_to_end,
    saved_log,
    shoot,
    start_new,
    tap_lit,
    within_viewport,
)

from tabletop import get_game
from tabletop.session import replay

SLUG = "quinto"
SAVE_KEY = "tabletop:save:quinto"


def check_partners(page, me=0):
    """The partner sits across (the top chip, marked), the opponents left and right, each seat in
    its team's colour; the scores name both teams."""
    chips = page.locator(".quinto .felt .ring .chip")
    assert chips.count() == 3
    seats = chips.evaluate_all("els => els.map(e => Number(e.dataset.seat))")
    assert seats == [(me + 1) % 4, (me + 2) % 4, (me + 3) % 4]
    assert chips.nth(1).locator(".badge.partner").count() == 1
    colours = page.evaluate("""() => [...document.querySelectorAll('.quinto .felt .ring .chip, .quinto .my-seat')]
        .map(e => getComputedStyle(e).getPropertyValue('--team').trim())""")
    left, top, right, mine = colours
    assert top == mine and left == right and left != mine, colours
    assert page.locator(".quinto .scoreboard .sb-row[data-team]").count() == 2


def test_a_whole_game_by_taps_in_japanese_on_a_phone(phone_ja, server):
    page = phone_ja
    open_game(page, server, SLUG, lang="ja")
    assert overflow(page) <= 0
    start_new(page, fixed_deals=1)
    page.wait_for_selector(".quinto .hand .card", timeout=60_000)
    assert page.locator(".quinto .hand .card").count() == 12
    check_partners(page)
    # The cachette lies face down by the trick.
    assert page.locator(".quinto .cachette[data-open='0'] .card.back").count() == 5
    refusal_seen = turns_seen = 0
    while not page.locator("section.result").count():
        # The call's prompt, read in one go with its buttons: a tap of the previous turn may be
        # answered between two separate reads, and the prompt then says whom it waits for.
        text = page.evaluate(
            """() => {
              const prompt = document.querySelector('.quinto[data-phase=double] .prompt');
              return prompt && prompt.querySelector('.choices button.choice')
                ? prompt.innerText : null;
            }"""
        )
        if text is not None:
            assert "パス" in text and latin_words(text) == [], text
            shoot(page, "quinto-ja-calls-360x640")
        playing = page.locator(".quinto[data-phase=play] .hand button.card.lit")
        if playing.count():
            turns_seen += 1
            assert within_viewport(page, ".quinto .hand") and within_viewport(
                page, ".quinto .trick"
            )
            assert overflow(page) <= 0
            if turns_seen == 3:
                shoot(page, "quinto-ja-turn-360x640")
            unlit = page.locator(".quinto .hand button.card.unlit")
            if not refusal_seen and unlit.count():
                before = len(saved_log(page, SLUG)["actions"])
                try:
                    unlit.first.click(force=True, timeout=5000)
                    page.wait_for_selector(".dock .reason.shown", timeout=10_000)
                except Exception:  # redrawn under the tap: try another turn
                    continue
                reason = page.locator(".dock .reason").inner_text()
                assert "マストフォロー" in reason and latin_words(reason) == [], reason
                assert len(saved_log(page, SLUG)["actions"]) == before
                shoot(page, "quinto-ja-refusal-360x640")
                refusal_seen += 1
        text = page.locator("main").inner_text()
        assert latin_words(text) == [], latin_words(text)
        try:
            tapped = tap_lit(page)
        except Exception:  # the element went away under a redraw: look again
            tapped = False
        if not tapped:
            page.wait_for_timeout(50)
        if len(saved_log(page, SLUG)["actions"]) > 70:
            break
    play_to_end(page)
    assert turns_seen >= 6 and refusal_seen, (turns_seen, refusal_seen)

    score = page.locator(".quinto-result")
    state, log = replay(saved_log(page, SLUG))
    assert state.is_over() and log["options"]["fixed_deals"] == 1
    result = state.result()
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winner-team") == (
        "draw" if result["winner_team"] is None else str(result["winner_team"])
    )
    deal = result["deals"][0]
    shown = page.locator(".quinto-result li.deal[data-deal='1']")
    assert shown.get_attribute("data-points") == ",".join(map(str, deal["points"]))
    assert shown.get_attribute("data-tricks") == ",".join(map(str, deal["tricks"]))
    sheet = page.locator("section.result").inner_text()
    assert "ディール1：" in sheet and f"計{deal['points'][0]}点" in sheet, sheet
    assert "カシェット" in sheet and latin_words(sheet) == [], latin_words(sheet)
    assert overflow(page) <= 0
    shoot(page, "quinto-ja-result-360x640")
    # The table behind: the cachette turned up, with the team that took it.
    page.click("section.result button.close-sheet")
    assert page.locator(".quinto .cachette[data-open='1'] .card").count() == 5
    assert latin_words(page.locator("main").inner_text()) == []
    assert not page.errors, page.errors


def first_deal_log(seed=3):
    """A game's log that stops right after deal 1 was scored (random moves)."""
    rng = random.Random(4)
    state = get_game(SLUG).new_state(options={"fixed_deals": 2}, seed=seed)
    actions = []
    while state.d["deals_played"] == 0:
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
    log = {"game": SLUG, "players": 4, "options": {"fixed_deals": 2}, "seed": seed}
    return {**log, "actions": actions}, state


def test_the_last_deal_is_shown_folded_while_the_next_is_called(phone_ja, server):
    page = phone_ja
    log, state = first_deal_log()
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [SAVE_KEY, json.dumps({"v": 1, "mode": "bot", "log": log})],
    )
    open_game(page, server, SLUG, lang="ja", botdelay=10_000)
    panel = page.locator(".quinto details.last-deal")
    panel.wait_for(timeout=60_000)
    assert panel.get_attribute("open") is None
    assert within_viewport(page, ".quinto .hand")
    panel.locator("summary").click()
    last = state.result() or state.snapshot()["last_deal"]
    assert panel.get_attribute("data-points") == ",".join(map(str, last["points"]))
    text = panel.inner_text()
    assert "ディール1：" in text and "カシェット" in text and latin_words(text) == [], text
    # The last deal's cachette, face up in the record.
    cards = panel.locator(".rec-cachette .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards == last["cachette"]
    # A malformed move is refused by the engine; nothing changes.
    refused = page.evaluate("tabletop.call('act', 1, 'double 2')")
    assert refused["ok"] is False, refused
    shoot(page, "quinto-ja-last-deal-360x640")
    assert not page.errors, page.errors
