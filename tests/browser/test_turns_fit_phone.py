"""Every turn of a whole game fits a 360x640 phone, not only the first deal's: on each of the
player's turns, at the top of the page, what is lit to tap is inside the viewport and the hand
starts there. Mexican Train, two players over two rounds (the last round's summary above the
trains pushed the tiles below the fold from round 2). The solitaires, Gridcannon and 4 Thrones,
over a whole winning deal in Japanese: the board, the ploys or Skip, and the reason a tapped
target was refused on screen at every position (the review saw the reason cut at the bottom
edge, pages of 787 and 857 px); and once the result sheet is closed, 結果を見る covers nothing
(it floated over the help text)."""

import test_four_thrones_browser as ft_page
import test_gridcannon_browser as gc_page
from helpers import ARTIFACTS, game_url, play_to_end, tap_lit, within_viewport

from tabletop import get_game
from tabletop.games import four_thrones


def test_mexican_train_every_turn_on_one_screen_in_round_two(phone_ja, server):
    page = phone_ja
    page.goto(game_url(server, "mexican_train", "ja", start=1, players=2, options={"rounds": 2}))
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    seen = {"turns": 0, "round_two": 0, "off": []}

    def take_turn(page):
        if not page.locator(".table button.lit").count():
            return tap_lit(page)  # a draw or a pass: nothing lit to look for
        page.evaluate("window.scrollTo(0, 0)")
        rounds = page.locator(".mt-last-round").count()
        # Lit pieces wholly on screen; the hand at least starts there (a long hand may wrap).
        off = page.evaluate("""() => [...document.querySelectorAll('.table button.lit, .hand')]
            .filter(e => e.offsetParent !== null)
            .filter(e => { const r = e.getBoundingClientRect();
                return r.top < 0 || (e.matches('.hand') ? r.top + 60 : r.bottom) > innerHeight; })
            .map(e => e.className)""")
        seen["turns"] += 1
        seen["round_two"] += rounds
        if off:
            seen["off"].append((seen["turns"], rounds, off))
        return tap_lit(page)

    play_to_end(page, take_turn, limit_s=600)
    assert seen["round_two"] > 0, "no turn in a second round: the test checked nothing there"
    assert not seen["off"], f"turns with lit pieces or the hand off the screen: {seen['off'][:5]}"
    assert not page.errors, page.errors


# The page's height, and the bottom of each of `sels` (scrolled to the top).
BOTTOMS = """(sels) => { window.scrollTo(0, 0);
    const out = {page: document.documentElement.scrollHeight};
    for (const s of sels) { const e = document.querySelector(s);
        if (e && e.offsetParent) out[s] = Math.round(e.getBoundingClientRect().bottom); }
    return out; }"""

# The 結果を見る button: on screen, and no other part of the table under it (the dock it sits in
# aside); the help's centre is the help's to tap.
RESULT_BUTTON = """(help) => { window.scrollTo(0, 0);
    const btn = document.querySelector('button.show-result');
    const b = btn.getBoundingClientRect();
    const meets = (r) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom;
    const under = [...document.querySelectorAll('main > *, .table > *')]
        .filter(e => e.offsetParent && !e.contains(btn) && meets(e.getBoundingClientRect()))
        .map(e => e.className);
    const h = document.querySelector(help);
    h.scrollIntoView({block: 'center'});
    const r = h.getBoundingClientRect();
    const free = h.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2));
    window.scrollTo(0, 0);
    return {under, free, top: b.top, bottom: b.bottom}; }"""


def walk(page, line, play, targets, refused, help_selector, name):
    """Play `line` by taps; at each position check `targets` on screen, tap the first refused
    target (when there is one) and check the reason on screen; at the end, 結果を見る."""
    heights, reasons = [], 0
    for index, action in enumerate(line):
        seen = page.evaluate(BOTTOMS, targets)
        heights.append(seen["page"])
        off = [s for s in targets if s in seen and seen[s] > 640]
        assert not off, f"{name}, move {index}: {off} below the fold: {seen}"
        target = page.locator(refused)
        if target.count():
            target.first.click(force=True)
            page.wait_for_selector(".dock .reason.shown")
            assert within_viewport(page, ".dock .reason.shown"), f"{name}, move {index}: reason cut"
            reasons += 1
        play(index, action)
    page.wait_for_selector("section.result", timeout=120_000)
    page.click("section.result button.close-sheet")
    page.wait_for_selector("button.show-result")
    result = page.evaluate(RESULT_BUTTON, help_selector)
    assert 0 <= result["top"] and result["bottom"] <= 640, f"{name}: 結果を見る off screen {result}"
    assert not result["under"] and result["free"], f"{name}: 結果を見る covers {result}"
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-ja-final-table-360x640.png"))
    page.click("button.show-result")
    page.wait_for_selector("section.result:not([hidden])")
    return heights, reasons


def test_gridcannon_board_ploys_and_reason_on_one_screen_every_move(phone_ja, server):
    page = phone_ja
    line = gc_page.winning_line(gc_page.SEED)
    gc_page.open_deal(page, server, gc_page.SEED, lang="ja")

    def play(index, action):
        pos = gc_page.position(page)
        gc_page.play_move(page, action)
        if index < len(line) - 1:
            gc_page.wait_moved(page, index + 1, pos)

    heights, reasons = walk(
        page,
        line,
        play,
        [".gc-say", ".gc-board", ".gc-ploys"],
        ".gc-cell.unlit, .gc-slot.unlit",
        ".table .help",
        "gridcannon",
    )
    assert reasons >= len(line) // 2, reasons  # the reason was checked on most positions
    print(f"gridcannon: {len(line)} moves, pages {min(heights)}-{max(heights)} px")
    assert not page.errors, page.errors


def test_four_thrones_thrones_skip_and_reason_on_one_screen_every_card(phone_ja, server):
    page = phone_ja
    state = get_game("four_thrones").new_state(players=1, seed=ft_page.WIN_SEED)
    line = four_thrones.solve(state)["line"]
    ft_page.open_deal(page, server, ft_page.WIN_SEED, lang="ja")
    heights, reasons = walk(
        page,
        line,
        lambda index, action: ft_page.click_action(page, action),
        [".ft-news", ".ft-play", ".ft-prompt", ".ft-thrones"],
        "button.ft-throne-main.blocked",
        ".ft-help",
        "four_thrones",
    )
    assert reasons >= len(line) // 2, reasons
    print(f"4 Thrones: {len(line)} moves, pages {min(heights)}-{max(heights)} px")
    assert not page.errors, page.errors
