"""The replay viewer: the articles' worked examples, stepped through to their end, each step
captioned in the reader's language, moves said in words, no live prompts; the examples listed on
each game's setup."""

import json
import pathlib
import re

from helpers import axe_violations, latin_words, shoot, within_viewport

from tabletop.session import replay

REPLAYS = pathlib.Path(__file__).resolve().parents[2] / "static" / "replays"


def example(name):
    return json.loads((REPLAYS / f"{name}.json").read_text(encoding="utf-8"))


def log_of(name):
    """The example's log as the engine reads it (the viewer leaves the captions out)."""
    data = example(name)
    data.pop("captions", None)
    return data


SUIT_JA = {"S": "スペード", "H": "ハート", "D": "ダイヤ", "C": "クラブ"}


def worded_ja(text):
    """A caption as the replay says it in Japanese: seats are プレイヤーN, cards as the table
    names them (スペードのA, ハートの10)."""
    text = re.sub(r"\{seat:(\d+)\}", lambda m: f"プレイヤー{int(m.group(1)) + 1}", text)
    return re.sub(
        r"\{card:(\w)(\w)\}",
        lambda m: f"{SUIT_JA[m.group(2)]}の{'10' if m.group(1) == 'T' else m.group(1)}",
        text,
    )


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
    assert (
        page.locator(".last-move").inner_text()
        == "Player 1: discard ace of spades, queen of spades, 7 of spades"
    )
    page.click(".replay-controls .prev")
    page.wait_for_selector(".replay-controls .step >> text=0 / 30")
    page.click(".replay-controls .last")
    page.wait_for_selector(".replay-controls .step >> text=30 / 30")
    state, _ = replay(log_of("mas-menos-article-example"))
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
    state, _ = replay(log_of("mate-article-example"))
    assert state.is_over()
    assert page.locator(".result").count() == 1


def test_a_bad_replay_is_refused_with_a_message(page, server):
    page.goto(f"{server}/?replay=no-such-replay&lang=en")
    page.wait_for_selector("#toast.show", timeout=60_000)
    assert "no replay named no-such-replay" in page.locator("#toast").inner_text()
    bad = json.dumps(
        {"game": "mas_menos", "players": 2, "options": {}, "seed": 1, "actions": [[0, "play AS"]]}
    )
    page.goto(f"{server}/?lang=en&replay=" + __import__("urllib.parse").parse.quote(bad))
    page.wait_for_selector("#toast.show", timeout=120_000)
    toast = page.locator("#toast").inner_text()
    # Which move, and the game's own reason, in the reader's words (not the engine's English).
    assert "move 1 was refused" in toast and "No card is played before" in toast, toast
    page.goto(f"{server}/?lang=ja&replay=" + __import__("urllib.parse").parse.quote(bad))
    page.wait_for_selector("#toast.show", timeout=120_000)
    toast = page.locator("#toast").inner_text()
    assert "記録の1手目はルールに合いません" in toast and latin_words(toast) == [], toast


# The table's cards (and the seats' chips) the caption's box overlaps: none, at any scroll.
COVERED = """() => { const c = document.querySelector('.replay-caption').getBoundingClientRect();
    return [...document.querySelectorAll('.table .card, .table .chip')]
        .filter(e => e.offsetParent !== null)
        .filter(e => { const r = e.getBoundingClientRect();
            return r.left < c.right && c.left < r.right && r.top < c.bottom && c.top < r.bottom; })
        .map(e => e.getAttribute('aria-label') || e.textContent.trim()); }"""


def test_worked_example_from_the_setup_captioned_in_japanese_without_live_prompts(page, server):
    data = example("mas-menos-article-example")
    page.goto(f"{server}/?game=mas_menos&lang=ja")
    page.wait_for_selector("body[data-screen=setup] .examples a.example", timeout=120_000)
    assert page.locator(".examples a.example").count() == 1
    page.click(".examples a.example[data-replay=mas-menos-article-example]")
    page.wait_for_selector("body[data-screen=replay]", timeout=120_000)
    steps = len(data["actions"])
    for k in range(steps + 1):
        if k:
            page.keyboard.press("ArrowRight")
        page.wait_for_selector(f".replay-caption[data-step='{k}']")
        said = page.locator(".replay-caption").inner_text()
        assert said == worded_ja(data["captions"][k]["ja"]), (k, said)
        # Moves in words, no notation; no live prompt: nothing lit, no "your turn", no prompt line.
        shown = page.locator("#app").inner_text()
        assert not latin_words(shown), (k, latin_words(shown))
        assert page.locator(".table button.lit, .lesson-ask").count() == 0
        assert "あなたの番" not in shown
        assert page.locator(".table .prompt").evaluate_all(
            "els => els.every(e => e.offsetParent === null)"
        )
        assert within_viewport(page, ".replay-caption"), "the caption is on screen, above the table"
        covered = page.evaluate(COVERED)
        assert not covered, f"step {k}: the caption lies over the table's cards {covered}"
        if k == 2:
            assert page.locator(".last-move").inner_text() == "プレイヤー1 — 宣言：メノス"
            shoot(page, "replay-captioned-ja")
            assert not axe_violations(page), axe_violations(page)
    assert page.locator(".result").count() == 1
    shoot(page, "replay-captioned-ja-end")
    assert not page.errors, page.errors


def test_mate_example_captions_in_english(page, server):
    data = example("mate-article-example")
    page.goto(f"{server}/?replay=mate-article-example&lang=en")
    page.wait_for_selector(".replay-caption[data-step='0']", timeout=120_000)
    assert page.locator(".replay-caption").inner_text().startswith("The article's scoring example.")
    page.click(".replay-controls .last")
    page.wait_for_selector(f".replay-caption[data-step='{len(data['actions'])}']")
    said = page.locator(".replay-caption").inner_text()
    assert "Trick 3: Player 2 leads 7 of diamonds" in said and "49 to 21" in said, said
    assert not page.errors, page.errors
