"""Every game's table on phones: no horizontal scrolling, tap targets of 40 px, axe-core clean,
screenshots kept as test artifacts; and one game played by keyboard alone. Every game's setup
in Japanese at 360x640 and 1280x800: its start button on the first screen (reachable without
scrolling, 44 px, after the options in the focus order, no field left under it), and the title
in the header and in the replay viewer shown whole (never cut with an ellipsis)."""

import json

import pytest
from helpers import ARTIFACTS, axe_violations, game_url, overflow

from tabletop import available_games

GAMES = sorted(available_games())  # static/views/ also holds shared pieces (patience.js)
PHONES = [(360, 640), (412, 915)]


def open_table(page, server, slug, lang="en"):
    page.goto(game_url(server, slug, lang, start=1))
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_timeout(300)


def small_targets(page):
    """Visible, enabled buttons and links smaller than 40 px in either direction."""
    return page.evaluate("""() => [...document.querySelectorAll('button, a[href], input, select, summary')]
        .filter(e => e.offsetParent !== null && !e.disabled)
        .map(e => [e.outerHTML.slice(0, 80), e.getBoundingClientRect()])
        .filter(([, r]) => r.width > 0 && (r.width < 40 || r.height < 40))
        .map(([html, r]) => `${html} ${Math.round(r.width)}x${Math.round(r.height)}`)""")


@pytest.mark.parametrize("slug", GAMES)
def test_table_fits_phones_and_passes_axe(browser, server, slug):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in PHONES:
        context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
        page = context.new_page()
        try:
            open_table(page, server, slug)
            page.screenshot(path=str(ARTIFACTS / f"{slug}-{width}x{height}.png"), full_page=True)
            sideways = overflow(page)
            assert sideways <= 0, f"{slug} at {width}px scrolls sideways by {sideways}px"
            small = small_targets(page)
            assert not small, f"{slug} at {width}px: tap targets under 40 px: {small[:5]}"
            if width == 360:
                result = axe_violations(page)
                assert result == [], f"{slug}: {json.dumps(result)}"
        finally:
            context.close()


def test_mas_menos_by_keyboard_alone(page, server):
    open_table(page, server, "mas_menos")
    # Tab into the hand, choose three cards with Enter, move with the arrow keys.
    page.locator(".hand button.card").first.focus()
    for _ in range(12):  # a redraw (the computer's discard) may swallow a key: go on until three
        if page.locator(".hand button.card.selected").count() == 3:
            break
        page.keyboard.press("Enter")
        page.wait_for_timeout(100)
        focused = page.evaluate("document.activeElement && document.activeElement.dataset.card")
        if not focused:  # the hand was redrawn: focus the first unselected card again
            page.locator(".hand button.card:not(.selected)").first.focus()
        elif page.locator(".hand button.card:focus.selected").count():
            page.keyboard.press("ArrowRight")  # on to the next card
    # Exactly three cards are selected before confirming.
    assert page.locator(".hand button.card.selected").count() == 3
    confirm = page.locator("button[data-verb=discard]")
    confirm.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".choices button.choice", timeout=30_000)
    page.locator(".choices button.choice").first.focus()
    page.keyboard.press("Enter")
    # Play on: a lit card is reachable and playable by keyboard.
    for _ in range(40):
        if page.locator("section.result").count():
            break
        lit = page.locator(".hand button.card.lit")
        if lit.count():
            lit.first.focus()
            page.keyboard.press("Enter")
        page.wait_for_timeout(120)
    log = json.loads(page.evaluate("localStorage.getItem('tabletop:save:mas_menos')"))["log"]
    assert [a for s, a in log["actions"] if s == 0][0].startswith("discard")
    assert sum(1 for s, a in log["actions"] if s == 0 and a.startswith("play")) >= 3


# A card's accessible name: its aria-label (a picture) or its hidden text (a button).
NAMES = (
    "els => els.map(e => e.getAttribute('aria-label') || e.querySelector('.sr-only').textContent)"
)


def test_cards_have_names_in_both_languages(page, server):
    open_table(page, server, "mas_menos", lang="ja")
    names = page.locator(".hand .card").evaluate_all(NAMES)
    assert names and all("の" in n for n in names)  # e.g. ハートのA
    open_table(page, server, "mas_menos", lang="en")
    names = page.locator(".hand .card").evaluate_all(NAMES)
    assert names and all(" of " in n for n in names)  # e.g. ace of hearts


SETUP_SIZES = [(360, 640), (1280, 800)]

# The start button: its box, whether it is what a tap at its centre reaches, and its place in the
# focus order (after every field of the form, before the other buttons).
START = """() => {
    const b = document.querySelector('form.setup button.start');
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
    const order = [...document.querySelectorAll('form.setup :is(input, select, button)')];
    const fields = order.filter(e => e.matches('input, select')).map(e => order.indexOf(e));
    return {top: r.top, bottom: r.bottom, width: r.width, height: r.height, hit: b.contains(hit),
            afterFields: fields.every(i => i < order.indexOf(b)),
            beforeOthers: order.indexOf(b) < order.length - 1};
}"""

# Each field of the form focused in turn (the browser brings it into view): none left under the
# start button's bar.
UNDER_BAR = """() => {
    const bar = document.querySelector('form.setup .start-bar');
    const hidden = [];
    for (const el of document.querySelectorAll('form.setup :is(input, select)')) {
        el.focus();
        const r = el.getBoundingClientRect(), b = bar.getBoundingClientRect();
        if (r.bottom > b.top + 0.5 && r.top < b.bottom - 0.5) hidden.push(el.name || el.type);
    }
    window.scrollTo(0, 0);
    return hidden;
}"""

# The header's title: every line of its text inside the title's box (nothing clipped or cut with
# an ellipsis), the number of lines, and the header's height.
TITLE = """() => {
    const h = document.querySelector('header.bar h1');
    const box = h.getBoundingClientRect();
    const range = document.createRange();
    range.selectNodeContents(h);
    const rects = [...range.getClientRects()].filter(r => r.width > 0);
    const inside = rects.every(r => r.top >= box.top - 1 && r.bottom <= box.bottom + 1
        && r.left >= box.left - 1 && r.right <= box.right + 1);
    return {text: h.textContent, inside, cut: getComputedStyle(h).textOverflow === 'ellipsis',
            lines: Math.round(box.height / parseFloat(getComputedStyle(h).lineHeight)),
            bar: h.closest('header.bar').getBoundingClientRect().height};
}"""


def check_title(page, where):
    title = page.evaluate(TITLE)
    assert title["inside"] and not title["cut"], f"{where}: the title is cut: {title}"
    assert title["lines"] <= 2 and title["bar"] <= 48, f"{where}: the header grew: {title}"
    return title


def test_start_on_the_first_screen_and_titles_whole_on_every_setup(browser, server):
    """P11c, P14b of the 2026-11-28 phone review: 開始 was below the fold on long setup pages
    (Tuppi 961, Stop the Bus 853, Mustamaija 713 at 360x640), and long titles such as
    「Stop the Bus（ストップ・ザ・バス）」 were cut to 「Stop the Bus（スト…」."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width, height in SETUP_SIZES:
        context = browser.new_context(viewport={"width": width, "height": height}, locale="ja-JP")
        page = context.new_page()
        try:
            for slug in GAMES:
                page.goto(game_url(server, slug, "ja"))
                page.wait_for_selector("body[data-screen=setup] form.setup button.start")
                start = page.evaluate(START)
                where = f"{slug} at {width}x{height}"
                assert 0 <= start["top"] and start["bottom"] <= height, f"{where}: {start}"
                assert start["hit"], f"{where}: something covers the start button"
                assert start["height"] >= 44 and start["width"] >= 44, f"{where}: {start}"
                assert start["afterFields"] and start["beforeOthers"], f"{where}: focus order"
                hidden = page.evaluate(UNDER_BAR)
                assert not hidden, f"{where}: fields left under the start button: {hidden}"
                title = check_title(page, where)
                if width == 360 and len(title["text"]) <= 8:  # a short name keeps one line
                    assert title["lines"] == 1 and title["bar"] == 44, f"{where}: {title}"
                if width == 360 and slug in ("tuppi", "stop_the_bus"):
                    page.screenshot(path=str(ARTIFACTS / f"{slug}-ja-setup-start-360x640.png"))
        finally:
            context.close()


def test_replay_title_whole_on_a_phone(phone_ja, server):
    """The replay viewer's title, 「Stop the Bus（ストップ・ザ・バス） — リプレイ」 (cut to
    「ストップ・ザ・バス — リプ…」 in the review), is shown whole at 360 px."""
    page = phone_ja
    page.goto(f"{server}/?replay=stop-the-bus-floating-example&lang=ja")
    page.wait_for_selector("body[data-screen=replay] .table", timeout=120_000)
    title = check_title(page, "the replay viewer")
    assert title["text"] == "Stop the Bus（ストップ・ザ・バス） — リプレイ", title
    assert title["lines"] == 2, title
