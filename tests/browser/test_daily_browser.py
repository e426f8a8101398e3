"""The daily deal of every game (issue 17), in real Chromium: the same deal in two fresh browser
contexts on a date and another deal the next date, for all twelve games, equal to CPython's
session.daily_log; ?daily=1 is the date of the page's clock; after a daily game against the
computer the page shows how the computer did with the player's cards, equal to a CPython
session.duplicate of the same log, and the day's streak; the result is shared as a short text and
a link (clipboard, with a visible fallback), and the link opens the same deal, asking before it
replaces a game in progress. Every wait is on the page's or the engine's answer."""

import datetime
import json

from helpers import play_to_end, save_key, shoot

from tabletop import available_games, session

DATE, NEXT = "2026-11-24", "2026-11-25"
SCREENS = "body[data-screen=table], body[data-screen=pass], body[data-screen=deal-choice]"


def follow_link(page, server, query):
    """Open a link in the page: the first time by loading it, then as the app routes a link it is
    given while running (the history entry and popstate, as Back and Forward do), so the engine
    boots once per context."""
    url = f"{server}/?{query}"
    if page.url.startswith(server):
        page.evaluate(
            "u => { history.pushState(null, '', u); dispatchEvent(new PopStateEvent('popstate')); }",
            url,
        )
    else:
        page.goto(url)


def daily_deal(page, server, slug, date):
    """The deal the app starts for ?game=<slug>&daily=<date>: its log (without moves) and every
    seat's view before the first move, as the page's engine replays it."""
    key = save_key(slug)
    follow_link(page, server, f"game={slug}&lang=en&botdelay=0&daily={date}")
    page.wait_for_function(
        """([k, deal]) => {
        const s = JSON.parse(localStorage.getItem(k) || 'null');
        return (s && s.deal === deal) || document.body.dataset.screen === 'deal-choice';
    }""",
        arg=[key, f"daily:{date}"],
        timeout=120_000,
    )
    if (
        page.evaluate("document.body.dataset.screen") == "deal-choice"
    ):  # another date's deal in progress
        page.click("button.play-shared")
        page.wait_for_function(
            "([k, deal]) => JSON.parse(localStorage.getItem(k)).deal === deal",
            arg=[key, f"daily:{date}"],
            timeout=120_000,
        )
    saved = json.loads(page.evaluate("k => localStorage.getItem(k)", key))
    log = {k: saved["log"][k] for k in ("game", "players", "options", "seed")}
    assert (
        saved["level"] == ("normal" if log["players"] > 1 else saved["level"])
        and saved["mode"] == "bot"
    )
    opened = page.evaluate(
        "l => tabletop.call('replay_open', JSON.stringify({...l, actions: []}))", log
    )
    assert opened["ok"], opened
    return log, page.evaluate("tabletop.call('replay_step', 0)")["views"]


def cpython_deal(slug, date):
    log = session.daily_log(slug, date)["log"]
    assert session.replay_open(json.dumps(log))["ok"]
    return {k: log[k] for k in ("game", "players", "options", "seed")}, session.replay_step(0)[
        "views"
    ]


def test_a_daily_deal_is_the_same_everywhere_on_a_date_and_another_the_next(browser, server):
    first = browser.new_context(viewport={"width": 360, "height": 640})
    second = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        one, two = first.new_page(), second.new_page()
        errors = []
        for p in (one, two):
            p.on("pageerror", lambda e: errors.append(str(e)))
        for slug in available_games():
            here = daily_deal(one, server, slug, DATE)
            there = daily_deal(two, server, slug, DATE)
            assert here == there, slug
            assert here == cpython_deal(slug, DATE), slug
            log, views = daily_deal(one, server, slug, NEXT)
            assert log["seed"] != here[0]["seed"] and views != here[1], slug
            assert (log, views) == cpython_deal(slug, NEXT), slug
        assert errors == []
    finally:
        first.close()
        second.close()


def test_daily_one_is_the_date_of_the_pages_clock(browser, server):
    context = browser.new_context(viewport={"width": 360, "height": 640})
    try:
        page = context.new_page()
        page.clock.set_fixed_time(datetime.datetime(2026, 3, 15, 10, 30))
        page.goto(f"{server}/?game=tuppi&lang=ja&botdelay=0&daily=1")
        page.wait_for_function(
            "k => JSON.parse(localStorage.getItem(k) || 'null')?.deal === 'daily:2026-03-15'",
            arg=save_key("tuppi"),
            timeout=120_000,
        )
        saved = json.loads(page.evaluate("k => localStorage.getItem(k)", save_key("tuppi")))
        assert {k: saved["log"][k] for k in ("game", "players", "options", "seed")} == cpython_deal(
            "tuppi", "2026-03-15"
        )[0]
        assert "daily" not in page.url  # a reload resumes the game instead of asking again
        # The setup screen offers the same day's deal.
        page.goto(f"{server}/?game=ribs&lang=ja")
        page.wait_for_selector("form.setup button.daily", timeout=120_000)
        assert "2026-03-15" in page.locator("form.setup button.daily").inner_text()
        page.click("form.setup button.daily")
        page.wait_for_function(
            "k => JSON.parse(localStorage.getItem(k) || 'null')?.deal === 'daily:2026-03-15'",
            arg=save_key("ribs"),
            timeout=120_000,
        )
    finally:
        context.close()


def words(outcome, seat=0):
    """The share line's wording of a Más-Menos result (two sides, points)."""
    score = outcome["score"][seat]
    verdict = {1.0: "won", 0.0: "lost"}.get(outcome["value"][seat], "draw")
    return f"{score} {'pt' if score == 1 else 'pts'}, {verdict}"


def test_after_a_daily_game_the_computer_with_your_cards_the_streak_and_a_result_to_share(
    browser, server
):
    context = browser.new_context(
        viewport={"width": 360, "height": 640},
        locale="en-US",
        permissions=["clipboard-read", "clipboard-write"],
    )
    try:
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.clock.set_fixed_time(datetime.datetime(2026, 11, 24, 12, 0))
        page.goto(f"{server}/?game=mas_menos&lang=en&botdelay=0&daily=1")
        page.wait_for_selector("body[data-screen=table]", timeout=120_000)
        play_to_end(page)
        outcome = page.evaluate("tabletop.call('view', 0)")["view"]["outcome"]
        mine = page.locator(".after-game .mine")
        assert (mine.get_attribute("data-place"), mine.get_attribute("data-score")) == (
            str(outcome["place"][0]),
            str(outcome["score"][0]),
        )
        # The duplicate runs in the worker after the game; the sheet shows it under way, then done.
        page.wait_for_selector(".after-game .duplicate[data-state=done]", timeout=300_000)
        shoot(page, "daily-result-en-360x640")
        saved = json.loads(page.evaluate("k => localStorage.getItem(k)", save_key("mas_menos")))
        assert session.load(json.dumps(saved["log"]), 0)["over"]
        replay = session.duplicate(0, "normal")
        assert replay["ok"]
        shown = page.locator(".after-game .duplicate")
        assert (
            shown.get_attribute("data-place"),
            shown.get_attribute("data-value"),
            shown.get_attribute("data-score"),
        ) == (
            str(replay["outcome"]["place"][0]),
            str(replay["outcome"]["value"][0]).removesuffix(".0"),
            str(replay["outcome"]["score"][0]),
        )
        assert page.locator(".after-game .daily-streak").get_attribute("data-streak") == "1"
        assert "1 day in a row" in page.locator(".after-game .daily-streak").inner_text()
        record = json.loads(page.evaluate("localStorage.getItem('tabletop:stats:mas_menos')"))
        day = record["daily"][DATE]
        assert day["onTime"] and day["computer"]["place"] == replay["outcome"]["place"][0]

        # The result to share: a short line and the deal's link, on the clipboard and on the page.
        page.click(".after-game button.share-result")
        page.wait_for_selector(".after-game .share-box[data-status=copied]")
        text = f"Tabletop Más-Menos 11/24 ● {words(outcome)} (Computer: {words(replay['outcome'])})"
        link = f"{server}/?game=mas_menos&daily={DATE}&lang=en"
        assert page.locator(".after-game .share-box textarea").input_value() == f"{text}\n{link}"
        assert page.evaluate("navigator.clipboard.readText()") == f"{text}\n{link}"
        # Without a clipboard, the text and link are shown to copy by hand.
        page.evaluate(
            "() => { navigator.clipboard.writeText = () => Promise.reject(new Error('denied')); }"
        )
        page.click(".after-game button.share-result")
        page.wait_for_selector(".after-game .share-box[data-status=shown]")
        assert page.locator(".after-game .share-box textarea").is_visible()

        # The link opens the same deal: here it is the finished game itself.
        page.goto(link)
        page.wait_for_selector("section.result", timeout=120_000)
        assert (
            json.loads(page.evaluate("k => localStorage.getItem(k)", save_key("mas_menos")))["log"]
            == saved["log"]
        )
        # With another game in progress, the player is asked first.
        page.click("section.result button.again")
        page.wait_for_function(
            "k => JSON.parse(localStorage.getItem(k)).log.seed !== 20261124",
            arg=save_key("mas_menos"),
            timeout=120_000,
        )
        for _ in range(3):
            page.locator(".hand button.card.lit:not(.selected)").first.click()
        page.click("button[data-verb=discard]:not([disabled])")
        page.wait_for_function(
            "k => JSON.parse(localStorage.getItem(k)).log.actions.some(a => a[0] === 0)",
            arg=save_key("mas_menos"),
            timeout=60_000,
        )
        mine_now = json.loads(page.evaluate("k => localStorage.getItem(k)", save_key("mas_menos")))[
            "log"
        ]
        page.goto(link)
        page.wait_for_selector("body[data-screen=deal-choice]", timeout=120_000)
        page.click("button.keep-saved")
        page.wait_for_selector("body[data-screen=table]", timeout=120_000)
        assert (
            json.loads(page.evaluate("k => localStorage.getItem(k)", save_key("mas_menos")))["log"]
            == mine_now
        )

        # A reader elsewhere, on another day, gets the same deal from the link.
        other = browser.new_context(viewport={"width": 360, "height": 640})
        try:
            reader = other.new_page()
            reader.goto(link)
            reader.wait_for_function(
                "k => JSON.parse(localStorage.getItem(k) || 'null')?.deal === 'daily:2026-11-24'",
                arg=save_key("mas_menos"),
                timeout=120_000,
            )
            theirs = json.loads(
                reader.evaluate("k => localStorage.getItem(k)", save_key("mas_menos"))
            )["log"]
            assert {k: theirs[k] for k in ("game", "players", "options", "seed")} == {
                k: saved["log"][k] for k in ("game", "players", "options", "seed")
            }
        finally:
            other.close()
        assert errors == []
    finally:
        context.close()


def test_a_seed_link_of_a_game_against_others_carries_its_players_and_options(page, server):
    page.goto(
        f"{server}/?game=ribs&lang=en&botdelay=0&seed=4242&players=6&options=%7B%22deals%22%3A2%7D"
    )
    page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k) || 'null')?.log.seed === 4242",
        arg=save_key("ribs"),
        timeout=120_000,
    )
    log = json.loads(page.evaluate("k => localStorage.getItem(k)", save_key("ribs")))["log"]
    assert (log["players"], log["options"]) == (6, {"deals": 2})
    assert (
        page.evaluate("tabletop.call('view', 0)")["view"]["hand"]
        == session.load(json.dumps({**log, "actions": []}), 0)["view"]["hand"]
    )
    assert not page.errors
