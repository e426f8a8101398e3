"""Más-Menos end to end in WebKit: the Japanese table opens, a lit card takes a tap, and the
game survives a reload (first landing of issue #38; the other games and Firefox come next)."""

import pathlib
import re
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))

from helpers import game_url, latin_words  # noqa: E402

TABLE = "body[data-screen=table], body[data-screen=pass]"


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
