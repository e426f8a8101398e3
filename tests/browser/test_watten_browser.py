"""Watten end to end in real Chromium, on a phone in Japanese: a whole short game by taps against
three computer seats, the result checked against CPython's replay of the saved log; a card that
may not be played on a trump lead explained in Japanese; the hand and the trick on screen on the
player's turn; the announcements shown; no Latin words on the screens; Blind Watten hiding the
trump from a blind seat; the French faces as a setting kept on the device."""

import json
import time

from helpers import (
    latin_words,
    open_game,
    overflow,
    play_to_end,
    saved_log,
    set_speed,
    shoot,
    tap_lit,
    within_viewport,
)

from tabletop.session import replay

SLUG = "watten"
SAVE_KEY = "tabletop:save:watten"
# Seat 3 is forehand (dealer 2) and leads the trump KH; the player (seat 0) must give a trump.
HANDS = [
    ["WS", "TH", "7E", "8L", "KS"],
    ["9E", "9L", "7H", "AS", "UL"],
    ["9H", "AE", "7L", "8S", "TS"],
    ["KH", "9S", "AL", "8E", "OS"],
]


def load_saved(page, server, log, lang="ja", botdelay=0):
    page.goto(f"{server}/?lang={lang}")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [SAVE_KEY, json.dumps({"v": 1, "mode": "bot", "log": log})],
    )
    open_game(page, server, SLUG, lang=lang, botdelay=botdelay)
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)


def test_a_whole_game_by_taps_in_japanese_on_a_phone(phone_ja, server):
    page = phone_ja
    log = {
        "game": SLUG,
        "players": 4,
        "options": {"target_score": 5},
        "seed": 3,
        "setup": {"dealer": 2, "hands": HANDS},
        "actions": [[3, "schlag 9"], [2, "trump H"], [3, "play KH"]],
    }
    load_saved(page, server, log)
    page.wait_for_selector(".watten .hand button.card.lit", timeout=60_000)
    # The announcements, for a seat that knows them; the trick and the hand on screen.
    band = page.locator(".watten .announce")
    assert band.get_attribute("data-schlag") == "9" and band.get_attribute("data-trump") == "H"
    assert "レヒテ" in band.inner_text()
    assert within_viewport(page, ".watten .hand") and within_viewport(page, ".watten .trick")
    assert overflow(page) <= 0
    lit = page.locator(".watten .hand button.card.lit").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(lit) == ["TH", "WS"]
    # A card that may not be played: the reason in Japanese.
    page.locator(".watten .hand button.card[data-card='7E']").click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    reason = page.locator(".dock .reason").inner_text()
    assert "切り札" in reason and latin_words(reason) == [], reason
    shoot(page, "watten-ja-refusal-360x640")

    deadline = time.time() + 200
    shots = 0
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game took too long"
        if page.locator(".watten[data-phase=play] .hand button.card.lit").count():
            assert within_viewport(page, ".watten .hand") and overflow(page) <= 0
            if shots < 2:
                shoot(page, f"watten-ja-turn-{shots}-360x640")
                shots += 1
            text = page.locator("main").inner_text()
            assert latin_words(text) == [], latin_words(text)
        try:
            tapped = tap_lit(page)
        except Exception:  # the element went away under a redraw: look again
            tapped = False
        if not tapped:
            page.wait_for_timeout(60)
    assert overflow(page) <= 0
    sheet = page.locator("section.result")
    text = sheet.inner_text()
    assert latin_words(text) == [], latin_words(text)
    assert "ディール1" in text and "勝ち" in text
    shoot(page, "watten-ja-result-360x640")
    state, _ = replay(saved_log(page, SLUG))
    result = state.result()
    score = page.locator(".watten-result")
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert page.locator(".watten-result li.deal").count() == len(result["deals"])
    assert page.errors == []


def test_blind_watten_hides_the_trump_from_a_blind_seat(phone_ja, server):
    page = phone_ja
    log = {
        "game": SLUG,
        "players": 4,
        "options": {"blind": True},
        "seed": 3,
        "setup": {"dealer": 1, "hands": HANDS},  # seat 0 is neither dealer nor forehand
        "actions": [[2, "schlag 9"], [1, "trump H"]],
    }
    load_saved(page, server, log, botdelay=10_000)
    page.wait_for_selector(".watten .announce.secret", timeout=60_000)
    band = page.locator(".watten .announce")
    assert band.get_attribute("data-trump") == "" and "秘密" in band.inner_text()
    assert page.locator(".watten .hand .role").count() == 0
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    shoot(page, "watten-ja-blind-360x640")


def test_french_faces_are_a_setting_kept_on_the_device(page, server):
    open_game(page, server, SLUG, lang="en", start=1, seed=2)
    page.wait_for_selector(".watten .faces-setting")
    page.locator(".watten .faces-setting button").nth(1).click()
    page.wait_for_selector(".watten .card.wcard.fr")
    assert page.evaluate("localStorage.getItem('tabletop.watten.faces')") == "french"
    page.reload()
    page.wait_for_selector(".watten .card.wcard.fr", timeout=60_000)
    set_speed(page, "instant")
    play_to_end(page)
    assert page.errors == []
