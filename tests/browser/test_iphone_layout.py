"""On an iPhone's terms (issue #38 item 3): the page reaches under the notch and the home bar
(viewport-fit=cover), so what the player reads and taps keeps clear of them. Chromium's DevTools
give a page the safe-area insets of a notched phone (Emulation.setSafeAreaInsetsOverride), which
WebKitGTK cannot; the layout itself is shared by every engine."""

import pytest
from helpers import game_url, open_menu, play_to_end

WIDTH, HEIGHT = 390, 844  # an iPhone 12-15
TOP, BOTTOM = 47, 34  # its notch and home bar, in CSS px


@pytest.fixture()
def notched(browser):
    context = browser.new_context(
        viewport={"width": WIDTH, "height": HEIGHT}, locale="ja-JP", device_scale_factor=1
    )
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send(
        "Emulation.setSafeAreaInsetsOverride",
        {"insets": {"top": TOP, "bottom": BOTTOM, "left": 0, "right": 0}},
    )
    yield page
    context.close()


def boxes(page, css):
    return page.evaluate(
        """(css) => [...document.querySelectorAll(css)].filter((e) => e.offsetParent !== null
            || getComputedStyle(e).position === 'fixed')
            .map((e) => { const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom}; })""",
        css,
    )


def test_the_table_and_its_sheets_keep_clear_of_the_notch_and_the_home_bar(notched, server):
    page = notched
    page.goto(game_url(server, "mas_menos", "ja", start=1))
    page.locator(".hand button.card.lit").first.wait_for(timeout=120_000)
    header = boxes(page, "header.bar")[0]
    assert header["top"] >= TOP, header
    # At the end of the page the last row of the hand sits above the home bar.
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    cards = boxes(page, ".hand button.card")
    assert cards and max(c["bottom"] for c in cards) <= HEIGHT - BOTTOM, cards
    # The rules page, a fixed sheet over everything: its heading below the notch.
    page.evaluate("window.scrollTo(0, 0)")
    open_menu(page)
    page.click(".menu-panel .rules-button")
    page.wait_for_selector(".rules-page h3", timeout=30_000)
    head = boxes(page, ".rules-page .rules-head")[0]
    assert head["top"] >= TOP, head


def test_a_result_sheet_ends_above_the_home_bar(notched, server):
    """The result sheet, fixed at the bottom of every game's table: its buttons end above the
    home bar (a one-game Más-Menos played by taps)."""
    page = notched
    page.goto(game_url(server, "mas_menos", "ja", start=1, seed=3, options={"games": 1}))
    page.locator(".hand button.card.lit").first.wait_for(timeout=120_000)
    play_to_end(page)
    page.wait_for_selector("section.result button", timeout=60_000)
    buttons = boxes(page, "section.result button")
    assert buttons and max(b["bottom"] for b in buttons) <= HEIGHT - BOTTOM, buttons


SMALL_TARGETS = """() => [...document.querySelectorAll(
        'button, a[href], input, select, summary, [role=button]')]
    .filter((e) => e.offsetParent !== null)
    // A hand's cards and tiles take the width the hand allows (at least 40 x 58 px); a radio or a
    // check box is tapped through its label, the row around it.
    .filter((e) => !e.matches('.card, .tile, label input, label *'))
    .map((e) => { const r = e.getBoundingClientRect();
        return {h: Math.round(r.height), w: Math.round(r.width), what: e.outerHTML.slice(0, 80)}; })
    .filter((b) => b.h < 44 || b.w < 44)"""


@pytest.mark.parametrize(
    "query",
    [
        "lang=ja",
        "game=tuppi&lang=ja",
        "game=tuppi&lang=ja&start=1",
        "game=mexican_train&lang=ja&start=1",
        "game=watten&lang=ja&start=1",
        "game=gridcannon&lang=ja&start=1",
    ],
)
def test_every_tap_target_is_44_px(notched, server, query):
    page = notched
    page.goto(f"{server}/?{query}&botdelay=0")
    page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=120_000)
    # the list, a setup form, or a table drawn for the engine's first view
    page.wait_for_selector("ul.games, form.setup, body[data-ready]", state="attached")
    small = page.evaluate(SMALL_TARGETS)
    assert small == [], small
