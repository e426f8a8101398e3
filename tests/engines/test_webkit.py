"""Más-Menos end to end in WebKit: the Japanese table opens, a lit card takes a tap, and the
game survives a reload, and phone-size screenshots through a frame (every game, a lesson, a
replay, offline and the statistics in WebKit and Firefox: test_tier.py)."""

import json
import pathlib
import re
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))

from helpers import ARTIFACTS, game_url, latin_words  # noqa: E402

from tabletop import available_games  # noqa: E402

GAMES = sorted(available_games())

TABLE = "body[data-screen=table], body[data-screen=pass]"


def leaf_texts(driver):
    """The visible words one element at a time: WebKit's innerText runs a badge and the card
    beside it together (Slobberhannes' dealer mark 「D」 and a 「K」 read "DK"), Chromium's does not."""
    return driver.execute_script(
        "return [...document.body.querySelectorAll('*')]"
        ".filter(e => !e.children.length && e.offsetParent !== null)"
        ".map(e => e.textContent).join('\\n')"
    )


def wait_css(driver, css, timeout=180):
    return WebDriverWait(driver, timeout).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, css) or False
    )


def test_mas_menos_opens_in_japanese_and_resumes(webkit, server):
    webkit.get(game_url(server, "mas_menos", "ja", start=1))
    wait_css(webkit, TABLE)
    wait_css(webkit, ".table button.lit")
    text = webkit.find_element(By.CSS_SELECTOR, "body").text
    assert re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", text)
    assert not latin_words(text), latin_words(text)
    saved = webkit.execute_script("return localStorage.getItem('tabletop:save:mas_menos')")
    webkit.refresh()
    wait_css(webkit, TABLE)
    wait_css(webkit, ".table button.lit")
    if saved:
        after = webkit.execute_script("return localStorage.getItem('tabletop:save:mas_menos')")
        assert after


def phone_shot(driver, url, width, height, name):
    """A screenshot at phone size. MiniBrowser's window is never narrower than 447 CSS px (its
    toolbar), so the page is shown in a same-origin frame of the phone's size instead."""
    driver.set_window_size(1000, height + 200)
    driver.execute_script(
        "document.open(); document.write(arguments[0]); document.close();",
        f'<body style="margin:0"><iframe src="{url}" '
        f'style="width:{width}px;height:{height}px;border:0"></iframe></body>',
    )
    frame = wait_css(driver, "iframe")[0]
    driver.switch_to.frame(frame)
    wait_css(driver, ".table button.lit")
    assert driver.execute_script("return innerWidth") == width
    driver.switch_to.default_content()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    driver.save_screenshot(str(ARTIFACTS / f"{name}-{width}x{height}.png"))


def saved_log(driver):
    raw = driver.execute_script("return localStorage.getItem('tabletop:save:mas_menos')")
    return json.loads(raw)["log"] if raw else []


def tap_lit(driver):
    """A confirm once a set is full, else a lit card, else a choice (as tests/browser's tap_lit)."""
    for css in (
        ".table button.confirm:not([disabled])",
        ".table button.lit:not(.selected)",
        ".table .choices button.choice, .table button.choice.verb",
    ):
        found = driver.find_elements(By.CSS_SELECTOR, css)
        if found:
            found[0].click()
            return True
    return False


def test_mas_menos_taps_a_computer_move_and_a_refusal(webkit, server):
    webkit.get(game_url(server, "mas_menos", "ja", start=1))
    wait_css(webkit, ".table button.lit")
    # Taps until the saved log holds a computer's move too (more entries than our taps).
    WebDriverWait(webkit, 180).until(lambda d: (tap_lit(d) and False) or len(saved_log(d)) > 1)
    assert len(saved_log(webkit)) > 1
    refused = webkit.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        "tabletop.call('act', 0, 'discard ZZ 7S 8S').then(done, e => done(String(e)));"
    )
    assert refused["ok"] is False and refused["code"] == "unknown_card", refused
    for width, height in ((390, 844), (375, 667)):
        url = game_url(server, "mas_menos", "ja")
        phone_shot(webkit, url, width, height, "webkit-mas_menos")
