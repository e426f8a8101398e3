"""鹿狩り (Deer Hunt) end to end in real Chromium on a phone (360x640) in Japanese: a one-deal game
played to the end by taps against three computers, hand and table in the viewport, the tiles
named in Japanese, no Latin on the screens, a refused move worded in Japanese, and the result
sheet explained and checked against CPython's replay of the saved log."""

import time

from helpers import (
    latin_words,
    open_game,
    overflow,
    saved_log,
    shoot,
    start_new,
    within_viewport,
)

from tabletop.session import replay

SLUG = "deer_hunt"


def test_a_deal_by_taps_in_japanese_on_a_phone(phone_ja, server):
    page = phone_ja
    open_game(page, server, SLUG, lang="ja")
    form = page.locator("form.setup").inner_text()
    assert "牌の配り方" in form and "鹿が逃げる" in form
    start_new(page, deals=1)
    assert saved_log(page, SLUG)["options"]["deals"] == 1
    page.locator(".hand button.tile.lit").first.wait_for(timeout=60_000)

    # The first screen: the board, the three others, the trick and the hand on one phone screen.
    assert page.locator(".ring .chip").count() == 3
    assert page.locator(".ring .chip .badge.partner").count() == 1
    assert page.locator(".hand button.tile").count() == 8
    assert within_viewport(page, ".hand button.tile")
    assert within_viewport(page, ".trick")
    assert within_viewport(page, ".dh-board")
    assert overflow(page) <= 0
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    assert "反時計回り" in text and "味方" in text and "相手" in text
    # Tiles are named as the players name them: 天（6・6）, 斧頭（6・5）...
    names = page.locator(".hand button.tile .sr-only").all_text_contents()
    assert names and all("（" in n and "・" in n for n in names), names
    shoot(page, "deer_hunt-ja-table-360x640")

    # A refused move, worded in Japanese: a tile that is not in this hand.
    view = page.evaluate("tabletop.call('view', 0)")["view"]
    missing = next(t for t in ("6-6", "5-6", "4-6", "4-4", "1-1", "2-2") if t not in view["hand"])
    refused = page.evaluate(f"tabletop.call('act', 0, 'play {missing}')")
    assert refused["ok"] is False and refused["code"] in ("not_in_hand", "not_your_turn")
    worded = page.evaluate(
        "async (answer) => { const e = await import('./static/app/engine.js');"
        " const k = await import('./static/kit/words.js');"
        " return e.refusalWords(k.words('deer_hunt'), answer); }",
        refused,
    )
    assert worded and latin_words(worded) == [] and ("手札" in worded or "番" in worded), worded

    # Play the deal by tapping the first lit tile each turn.
    deadline = time.time() + 180
    tapped = 0
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the deal did not finish in time"
        try:
            lit = page.locator(".hand button.tile.lit")
            if lit.count():
                lit.first.click(timeout=5000)
                tapped += 1
            else:
                page.wait_for_timeout(50)
        except Exception:  # a redraw replaced the tile between finding and tapping: look again
            page.wait_for_timeout(50)
    assert tapped >= 8

    state, _ = replay(saved_log(page, SLUG))
    result = state.result()
    sheet = page.locator(".dh-result")
    assert sheet.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert sheet.get_attribute("data-winner-team") == str(
        result["winner_team"] if result["winner_team"] is not None else "draw"
    )
    words = page.locator("section.result").inner_text()
    assert "赤い目" in words and ("勝ち" in words or "引き分け" in words), words
    assert latin_words(words) == [], latin_words(words)
    assert overflow(page) <= 0
    shoot(page, "deer_hunt-ja-result-360x640")
    assert not page.errors, page.errors


def test_the_worked_examples_step_through_in_japanese(phone_ja, server):
    """Each worked example from the setup screen: every caption on screen in Japanese, the moves
    in words, no Latin, nothing wider than the phone."""
    page = phone_ja
    for name in ("deer_hunt-deal-a", "deer_hunt-deer-escapes"):
        open_game(page, server, SLUG, lang="ja")
        page.wait_for_selector(f".examples a.example[data-replay={name}]", timeout=60_000)
        page.click(f".examples a.example[data-replay={name}]")
        page.wait_for_selector("body[data-screen=replay]", timeout=120_000)
        steps = int(page.locator(".replay-controls .step").get_attribute("data-steps"))
        assert steps == 32
        for k in range(steps + 1):
            if k:
                page.keyboard.press("ArrowRight")
            page.wait_for_selector(f".replay-caption[data-step='{k}']")
            shown = page.locator("#app").inner_text()
            assert not latin_words(shown), (name, k, latin_words(shown))
            if k == 4 and name == "deer_hunt-deer-escapes":
                assert "鹿が逃げました" in shown
                shoot(page, "deer_hunt-ja-escaped-360x640")
        assert overflow(page) <= 0
    assert not page.errors, page.errors


def test_a_tap_out_of_turn_is_refused_in_japanese(phone_ja, server):
    """Every tile is playable on the player's turn; a tap while the computer thinks (held back
    3 s a move here) is the engine's refusal, said next to the hand in Japanese; nothing played."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=3000)
    start_new(page, deals=1)
    page.locator(".hand button.tile.lit").first.wait_for(timeout=60_000)
    assert (
        page.locator(".hand button.tile.lit").count() == page.locator(".hand button.tile").count()
    )
    page.locator(".hand button.tile.lit").first.click()
    page.wait_for_function(
        "() => document.querySelectorAll('.hand button.tile').length === 7", timeout=30_000
    )
    moves = len(saved_log(page, SLUG)["actions"])
    page.locator(".hand button.tile").first.click(force=True)
    page.wait_for_selector(".dock .reason.shown[data-code=not_your_turn]", timeout=30_000)
    said = page.locator(".dock .reason").inner_text()
    assert said == "まだあなたの番ではありません。", said
    assert len(saved_log(page, SLUG)["actions"]) == moves
    assert not page.errors, page.errors
