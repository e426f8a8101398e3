"""Statistics on the device (issue 17), in real Chromium: a won, a lost and an abandoned game are
counted once each, a reload counts nothing again, a lost patience deal is checked (winnable or
not), games against the computer are counted per level with places and scores, the screens read
in Japanese at phone size, a reset asks first, and a damaged record is reported and replaced while
the saved game stays. Every wait is on the page's or the engine's answer."""

import json

from helpers import latin_words, open_menu, overflow, play_to_end, save_key, shoot, start_new

from tabletop import get_game

SOLO = "four_thrones"
KEY = save_key(SOLO)
STATS = f"tabletop:stats:{SOLO}"
LIT = ".table button.lit:not([disabled]), .table button[data-action=skip]:not([disabled])"


def stats(page, slug=SOLO):
    text = page.evaluate("k => localStorage.getItem(k)", f"tabletop:stats:{slug}")
    return None if text is None else json.loads(text)


def moves(page):
    return page.evaluate("k => JSON.parse(localStorage.getItem(k)).log.actions.length", KEY)


def tap(page, selector):
    """One move by tapping, then wait for the engine's answer to be saved."""
    before = moves(page)
    page.locator(selector).first.click(timeout=10_000)
    page.wait_for_function(
        f"k => JSON.parse(localStorage.getItem(k)).log.actions.length === {before + 1}",
        arg=KEY,
        timeout=30_000,
    )


def play_line(page, line):
    for action in line:
        tap(page, f'.table button[data-action="{action}"]:not([disabled])')
    page.wait_for_selector("section.result", timeout=30_000)


def lose(page):
    while not page.locator("section.result").count():
        tap(page, LIT)


def shown(page, stat):
    return page.locator(f".stats-page dd[data-stat={stat}]").first.inner_text()


def open_deal(page, server, seed, lang="en"):
    page.goto(f"{server}/?game={SOLO}&lang={lang}&seed={seed}")
    page.wait_for_selector("body[data-ready]", timeout=120_000)


def test_patience_won_lost_abandoned_reload_reset_and_a_damaged_record(page, server):
    game = get_game(SOLO)
    won_line = game.queries.solve(
        game.new_state(players=1, seed=96), node_limit=game.queries.truth_node_limit
    )["line"]
    assert (
        game.queries.solve(
            game.new_state(players=1, seed=1), node_limit=game.queries.truth_node_limit
        )["winnable"]
        is False
    )

    # A won deal.
    open_deal(page, server, 96)
    assert stats(page) is None  # nothing is written before a game ends
    play_line(page, won_line)
    solo = stats(page)["levels"]["solo"]
    assert (solo["played"], solo["won"], solo["streak"], solo["bestStreak"]) == (1, 1, 1, 1)
    assert solo["deals"] == {"winnable": 1, "winnableWon": 1, "notWinnable": 0, "undecided": 0}
    # A reload shows the finished game again and counts nothing again.
    page.reload()
    page.wait_for_selector("section.result", timeout=120_000)
    assert page.evaluate("tabletop.call('view', 0)")["view"]["phase"] == "over"
    assert stats(page)["levels"]["solo"]["played"] == 1

    # A lost deal (one no play can win): counted, then checked by the solver after the game.
    open_deal(page, server, 1)  # the finished game is not in progress: no question asked
    lose(page)
    page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k)).levels.solo.deals.notWinnable === 1",
        arg=STATS,
        timeout=120_000,
    )
    solo = stats(page)["levels"]["solo"]
    assert (solo["played"], solo["won"], solo["streak"], solo["bestStreak"]) == (2, 1, 0, 1)

    # A game given up: a new game over one with a move in it. A game with no move is not counted.
    open_deal(page, server, 2)
    tap(page, LIT)
    open_menu(page)
    page.click(".menu-panel .new")
    page.wait_for_selector("body[data-screen=setup]")
    solo = stats(page)["levels"]["solo"]
    assert (solo["played"], solo["abandoned"], solo["won"]) == (3, 1, 1)
    page.click("button.start")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    open_menu(page)
    page.click(".menu-panel .new")
    page.wait_for_selector("body[data-screen=setup]")
    assert stats(page)["levels"]["solo"]["played"] == 3

    # The game's statistics screen, from its setup screen.
    page.click("form.setup button.stats-button")
    page.wait_for_selector("body[data-screen=stats]")
    assert shown(page, "played") == "3" and shown(page, "won") == "1 (33%)"
    assert shown(page, "winnable-won") == "1 of 1" and shown(page, "not-winnable") == "1"
    assert (
        shown(page, "abandoned") == "1"
        and shown(page, "unchecked") == "1"
        and shown(page, "best-streak") == "1"
    )
    assert "given up" in page.locator(".stats-page .notes").inner_text()
    # A reset asks first; cancelling keeps everything.
    page.click("button.reset-stats")
    assert page.locator(".confirm-reset").is_visible()
    page.click("button.confirm-reset-no")
    assert stats(page)["levels"]["solo"]["played"] == 3
    page.click("button.reset-stats")
    page.click("button.confirm-reset-yes")
    page.wait_for_selector(".stats-page .empty")
    assert stats(page)["levels"] == {}

    # A damaged record: reported and replaced; the game in progress is untouched.
    open_deal(page, server, 3)
    tap(page, LIT)
    save_text = page.evaluate("k => localStorage.getItem(k)", KEY)
    page.evaluate("k => localStorage.setItem(k, '{oops')", STATS)
    page.goto(f"{server}/?game={SOLO}&lang=en&page=stats")
    page.wait_for_selector(".stats-page .stats-problem", timeout=120_000)
    assert "Saved games are not affected" in page.locator(".stats-problem").inner_text()
    assert page.evaluate("k => localStorage.getItem(k)", KEY) == save_text
    aside = page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tabletop:broken:stats:four_thrones:'))"
    )
    assert len(aside) == 1 and page.evaluate("k => localStorage.getItem(k)", aside[0]) == "{oops"
    assert stats(page)["levels"] == {}
    page.click("header.bar button.back")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    assert (
        page.evaluate("k => JSON.parse(localStorage.getItem(k)).log", KEY)
        == json.loads(save_text)["log"]
    )
    assert not page.errors


def test_statistics_screens_in_japanese_at_phone_size(page, server):
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    record = {
        "v": 1,
        "game": "slobberhannes",
        "ids": ["g1", "g2", "g3"],
        "checked": [],
        "levels": {
            "normal": {
                "played": 3,
                "won": 1,
                "drawn": 0,
                "abandoned": 1,
                "places": {"1": 1, "3": 1},
                "streak": 0,
                "bestStreak": 1,
                "scores": {
                    '4|{"revoke_penalty":2}': {
                        "players": 4,
                        "options": {"revoke_penalty": 2},
                        "order": "low",
                        "n": 2,
                        "sum": 3,
                        "best": 0,
                    }
                },
                "deals": {"winnable": 0, "winnableWon": 0, "notWinnable": 0, "undecided": 0},
            }
        },
        "daily": {},
    }
    page.evaluate(
        "v => localStorage.setItem('tabletop:stats:slobberhannes', v)", json.dumps(record)
    )
    page.click("a.stats-overview-link")
    page.wait_for_selector("body[data-screen=stats] .stats-games")
    row = page.locator(".stats-game[data-slug=slobberhannes]")
    assert row.get_attribute("data-played") == "3" and "3戦 1勝" in row.inner_text()
    text = page.locator("#app").inner_text()
    assert latin_words(text) == [], latin_words(text)
    assert overflow(page) <= 0
    shoot(page, "stats-overview-ja-360x640")
    row.click()
    page.wait_for_selector(".stats-page[data-slug=slobberhannes]")
    text = page.locator("#app").inner_text()
    assert latin_words(text) == [], latin_words(text)
    assert "1位 1回、3位 1回" in text and "最少失点" in text and "少ないほど良い" in text
    # A group of scores is named by the option's name, not its whole explanation.
    label = page.locator(".stats-page h4").first.inner_text()
    assert label.startswith("4人") and "リボーク可：" in label and "出せるのに" not in label, label
    assert overflow(page) <= 0
    shoot(page, "stats-game-ja-360x640")
    # From the table's menu too.
    page.goto(f"{server}/?game=slobberhannes&lang=ja&start=1&botdelay=0")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    open_menu(page)
    page.click(".menu-panel .stats-button")
    page.wait_for_selector(".stats-page[data-slug=slobberhannes]")
    assert not page.errors


def test_games_against_the_computer_are_counted_once_per_level(page, server):
    page.goto(f"{server}/?game=mas_menos&lang=en&botdelay=0")
    page.wait_for_selector("body[data-screen=setup]", timeout=120_000)
    start_new(page, level="easy")
    play_to_end(page)
    outcome = page.evaluate("tabletop.call('view', 0)")["view"]["outcome"]
    record = stats(page, "mas_menos")
    assert list(record["levels"]) == ["easy"]
    easy = record["levels"]["easy"]
    won = outcome["place"][0] == 1 and outcome["place"] != [1, 1]
    assert (easy["played"], easy["won"], easy["drawn"]) == (
        1,
        int(won),
        int(outcome["place"] == [1, 1]),
    )
    assert easy["scores"]["2|{}"] == {
        "players": 2,
        "options": {},
        "order": "high",
        "n": 1,
        "sum": outcome["score"][0],
        "best": outcome["score"][0],
    }
    page.reload()
    page.wait_for_selector("section.result", timeout=120_000)
    assert page.evaluate("tabletop.call('view', 0)")["view"]["outcome"] == outcome
    assert stats(page, "mas_menos") == record
    # The result sheet leads to the statistics.
    page.click("section.result button.stats-link")
    page.wait_for_selector(".stats-page[data-slug=mas_menos]")
    assert page.locator(".level-stats[data-level=easy] dd[data-stat=played]").inner_text() == "1"

    # Pass and play is not counted.
    page.goto(f"{server}/?game=mate&lang=en")
    page.wait_for_selector("body[data-screen=setup]", timeout=120_000)
    page.check("input[name=mode][value=hotseat]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=pass]", timeout=120_000)
    assert stats(page, "mate") is None
    assert not page.errors


def test_places_are_counted_at_a_table_of_four(page, server):
    page.goto(f"{server}/?game=slobberhannes&lang=en&botdelay=0&daily=2026-11-24")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    play_to_end(page)
    outcome = page.evaluate("tabletop.call('view', 0)")["view"]["outcome"]
    normal = stats(page, "slobberhannes")["levels"]["normal"]
    assert normal["played"] == 1 and normal["places"] == {str(outcome["place"][0]): 1}
    group = normal["scores"]['4|{"loss_limit":1}']
    assert group["order"] == "low" and group["best"] == outcome["score"][0]
    page.click("section.result button.stats-link")
    page.wait_for_selector(".stats-page[data-slug=slobberhannes]")
    assert page.locator("dd[data-stat=places]").inner_text() == f"#{outcome['place'][0]}: 1"
    assert page.locator("dd[data-stat=best-score]").inner_text() == str(outcome["score"][0])
    assert not page.errors
