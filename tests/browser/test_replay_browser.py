"""The replay viewer: the articles' worked examples, stepped through to their end."""
import json
import pathlib

from tabletop.session import replay

REPLAYS = pathlib.Path(__file__).resolve().parents[2] / "static" / "replays"


def test_mas_menos_article_example_steps_to_the_final_score(page, server):
    page.goto(f"{server}/?replay=mas-menos-article-example&lang=en")
    page.wait_for_selector("body[data-screen=replay]", timeout=120_000)
    assert page.locator(".replay-controls .step").inner_text() == "0 / 30"
    # Both players' hands are shown: 16 cards each before the first move.
    assert page.locator(".all-hands .seat-hand").nth(0).locator(".card").count() == 16
    assert page.locator(".all-hands .seat-hand").nth(1).locator(".card").count() == 16
    page.click(".replay-controls .next")
    page.wait_for_selector(".replay-controls .step >> text=1 / 30")
    assert page.locator(".last-move").get_attribute("data-action") == "discard AS QS 7S"
    assert page.locator(".last-move").inner_text() == "Player 1: discard ace of spades queen of spades 7 of spades"
    page.click(".replay-controls .prev")
    page.wait_for_selector(".replay-controls .step >> text=0 / 30")
    page.click(".replay-controls .last")
    page.wait_for_selector(".replay-controls .step >> text=30 / 30")
    state, _ = replay(json.loads((REPLAYS / "mas-menos-article-example.json").read_text()))
    shown = page.locator(".result .score").get_attribute("data-points")
    assert shown == ",".join(map(str, state.result()["match_points"])) == "3,0"
    assert not page.errors, page.errors


def test_mate_article_example_and_keyboard_stepping(page, server):
    page.goto(f"{server}/?replay=mate-article-example&lang=ja")
    page.wait_for_selector("body[data-screen=replay]", timeout=120_000)
    steps = int(page.locator(".replay-controls .step").get_attribute("data-steps"))
    for k in range(1, steps + 1):
        page.keyboard.press("ArrowRight")
        page.wait_for_selector(f".replay-controls .step[data-step='{k}']")
    state, _ = replay(json.loads((REPLAYS / "mate-article-example.json").read_text()))
    assert state.is_over()
    assert page.locator(".result").count() == 1


def test_a_bad_replay_is_refused_with_a_message(page, server):
    page.goto(f"{server}/?replay=no-such-replay&lang=en")
    page.wait_for_selector("#toast.show", timeout=60_000)
    assert "no replay named no-such-replay" in page.locator("#toast").inner_text()
    bad = json.dumps({"game": "mas_menos", "players": 2, "options": {}, "seed": 1, "actions": [[0, "play AS"]]})
    page.goto(f"{server}/?lang=en&replay=" + __import__("urllib.parse").parse.quote(bad))
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert "was refused" in page.locator("#toast").inner_text()
