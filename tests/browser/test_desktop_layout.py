"""Every game's table on a 1280x800 window, in Japanese, against the computer: the table uses the
room (a hand's card at least 72 px wide where the hand fits; a domino tile and Gridcannon's grid
cards in proportion), nothing is wider than the window, and the hand (or the board) is in view
on the player's first turn. The game list is a grid whose names break only between words."""

import json
import pathlib
import re

import pytest
from helpers import axe_violations, game_url, latin_words, overflow, shoot

from tabletop import available_games

DESKTOP = {"width": 1280, "height": 800}
COMMON = pathlib.Path(__file__).resolve().parents[2] / "static" / "strings" / "common.json"
# What the player plays from, and the width its pieces reach on a 1280x800 window.
PIECES = {
    "mexican_train": (".hand button.tile", 56),
    "forty_two": (".hand button.tile", 56),
    "deer_hunt": (".hand button.tile", 56),
    "gridcannon": (".gc-cell .card", 56),
    "four_thrones": (".ft-current .card", 72),
}
HAND = (".hand .card", 72)
PLAYED_FROM = {"gridcannon": ".gc-board", "four_thrones": ".ft-play"}


@pytest.fixture()
def desktop_ja(browser):
    context = browser.new_context(viewport=DESKTOP, locale="ja-JP")
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    yield page
    context.close()


# Each face-up card on the table: its glyphs' colour against its own background, which must be
# opaque (a translucent face took the felt's dark green: Stop the Bus's discard, 1.6:1). Faces
# drawn with a gradient are not measured here.
FACES = """() => {
    const rgb = (c) => c.match(/[\\d.]+/g).map(Number);
    const linear = (v) => (v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    const lum = ([r, g, b]) => 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    return [...document.querySelectorAll('.table .card:not(.back):not(.empty)')]
        .filter(e => e.offsetParent !== null)
        .map(e => { const s = getComputedStyle(e); const bg = rgb(s.backgroundColor);
            const name = e.getAttribute('aria-label') || e.textContent;
            if (s.backgroundImage !== 'none') return [name, 99];  // a drawn face (a tarot trump)
            if (bg.length > 3 && bg[3] < 1) return [name, 0];
            const [a, b] = [lum(rgb(s.color)), lum(bg)].sort((x, y) => y - x);
            return [name, Math.round((a + 0.05) / (b + 0.05) * 10) / 10]; }); }"""


def boxes(page, selector):
    return page.evaluate(
        """sel => [...document.querySelectorAll(sel)]
        .filter(e => e.offsetParent !== null).map(e => e.getBoundingClientRect())
        .map(r => [r.left, r.top, r.right, r.bottom])""",
        selector,
    )


@pytest.mark.parametrize("slug", sorted(available_games()))
def test_table_uses_a_desktop_window(desktop_ja, server, slug):
    page = desktop_ja
    page.goto(game_url(server, slug, "ja", start=1))
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    # The player's turn: something lit to tap, or a choice to make (a bid).
    page.locator(".table .lit, .table button.choice:not([disabled])").first.wait_for(timeout=60_000)
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, f"desktop-{slug}-1280x800")
    assert page.evaluate("document.scrollingElement.scrollWidth") <= page.evaluate("innerWidth")
    assert overflow(page) <= 0
    selector, least = PIECES.get(slug, HAND)
    pieces = boxes(page, selector)
    assert pieces, f"{slug}: nothing matches {selector}"
    widths = sorted(right - left for left, _, right, _ in pieces)
    assert widths[0] >= least, f"{slug}: pieces {widths[0]:.0f} px wide on a 1280 px window"
    area = boxes(page, PLAYED_FROM.get(slug, ".table .hand"))
    assert area, slug
    for left, top, right, bottom in area:
        assert left >= 0 and right <= DESKTOP["width"], (slug, left, right)
        assert top >= 0 and bottom <= DESKTOP["height"], f"{slug}: at {top:.0f}-{bottom:.0f} px"
    faces = page.evaluate(FACES)
    low = [face for face in faces if face[1] < 3]
    assert not low, f"{slug}: card faces under 3:1 (glyphs on their own background): {low}"
    result = axe_violations(page)
    assert result == [], f"{slug} at 1280x800: {result}"
    assert not page.errors, page.errors


def test_the_seats_sit_around_the_trick_and_the_history_beside_it(desktop_ja, server):
    """Slobberhannes (four seats): the computer on the left, across and on the right of the trick,
    and the deal's tricks beside the table rather than under it."""
    page = desktop_ja
    page.goto(game_url(server, "slobberhannes", "ja", start=1))
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.locator(".hand button.card.lit").first.wait_for(timeout=60_000)
    chips = boxes(page, ".ring.kit > .chip")
    trick = boxes(page, ".table > .trick.kit")[0]
    assert len(chips) == 3
    left, top, right = chips
    assert left[2] <= trick[0] and right[0] >= trick[2], "the seats either side of the trick"
    assert top[3] <= trick[1] + 1, "the seat across above the trick"
    # Play a card: after the first trick the history is drawn, beside the table.
    page.locator(".hand button.card.lit").first.click()
    page.wait_for_selector(".table > .history.kit", timeout=60_000)
    history = boxes(page, ".table > .history.kit")[0]
    hand = boxes(page, ".table > .hand")[0]
    assert history[0] >= hand[2], "the history is beside the hand, not below it"
    assert not page.errors, page.errors


# Each line of an element's text as drawn: a list of lines per element matching the selector.
LINES = """sel => [...document.querySelectorAll(sel)].map(e => {
            const range = document.createRange(); const out = [];
            const walk = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
            let line = '', top = null;
            for (let text = walk.nextNode(); text; text = walk.nextNode()) {
                for (let i = 0; i < text.length; i++) {
                    range.setStart(text, i); range.setEnd(text, i + 1);
                    const y = Math.round(range.getBoundingClientRect().top);
                    if (top !== null && y > top + 4) { out.push(line); line = ''; }
                    top = y; line += text.data[i];
                }
            }
            out.push(line); return out; })"""


@pytest.mark.parametrize("size", [(360, 640), (1280, 800)])
def test_game_list_names_whole(browser, server, size):
    """Every game's card: its name, whole, and (phone review P11b) a line saying what kind of game
    it is and about how long it takes, in Japanese, also breaking only between words."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, locale="ja-JP")
    page = context.new_page()
    try:
        page.goto(f"{server}/?lang=ja")
        page.wait_for_selector("ul.games .game .title", timeout=60_000)
        lines = page.evaluate(LINES, ".game .title")
        # A name is one line, or lines that break between its words: after a space or a "・",
        # around the katakana reading's brackets (「Hold My Beer」「（ホールド・マイ・ビア）」).
        for name in lines:
            for line, after in zip(name, name[1:]):
                between_words = line.endswith((" ", "・", "）")) or after.startswith("（")
                assert between_words, f"{''.join(name)} breaks inside a word: {name}"
            if size[0] > 900:
                assert len(name) <= 2, name
        # The kind and the length: as the strings say them, inside the card, no English, broken
        # only after a "・" (「ペア戦・」「トリックテイキング・」「約30分」), on one line at desktop widths.
        ja = json.loads(COMMON.read_text(encoding="utf-8"))["ja"]
        cards = page.evaluate("""() => [...document.querySelectorAll('button.game')].map(b => {
            const a = b.querySelector('.about'); const r = a && a.getBoundingClientRect();
            const c = b.getBoundingClientRect();
            return {slug: b.dataset.slug, text: a ? a.innerText : null,
                    inside: !!a && r.left >= c.left && r.right <= c.right + 0.5 && r.bottom <= c.bottom + 0.5}; })""")
        assert sorted(c["slug"] for c in cards) == sorted(available_games())
        for card in cards:
            slug = card["slug"]
            said = f"{ja[f'kind_{slug}']}・{ja[f'length_{slug}']}"
            assert card["text"] == said and re.fullmatch(r".+・約\d+分", said), card
            assert card["inside"] and latin_words(card["text"]) == [], card
        for about in page.evaluate(LINES, ".game .about"):
            for line in about[:-1]:
                assert line.endswith("・"), f"{''.join(about)} breaks inside a word: {about}"
            if size[0] > 900 and "天九牌" not in about[0] and "ドミノ・ペア戦" not in about[0]:
                assert len(about) == 1, about
        shoot(page, f"game-list-ja-{size[0]}x{size[1]}")
        assert overflow(page) <= 0
    finally:
        context.close()
