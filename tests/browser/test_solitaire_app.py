"""The app around the one-player games, in real Chromium: the daily deal, a shared deal link (and
the question when another game of the same kind is in progress), unlimited undo and redo kept
across a reload, Ctrl+Z, and a bad link parameter refused with a message. Moves are made by
tapping whatever the table lights, so this test does not depend on one game's layout."""

import json
import pathlib

from tabletop import get_game

AXE = pathlib.Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

SLUG = "four_thrones"
KEY = f"tabletop:save:{SLUG}"


def wait_table(page):
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_timeout(150)


def saved(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))


def tap_lit(page):
    before = len(saved(page)["log"]["actions"])
    page.locator(
        ".table button.lit:not([disabled]), .table button[data-action=skip]:not([disabled])"
    ).first.click(timeout=10_000)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{KEY}')).log.actions.length === {before + 1}",
        timeout=30_000,
    )
    wait_table(page)


def axe_serious(page):
    page.evaluate(AXE.read_text())  # not a script tag: the CSP allows no inline script
    return page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical').map(v => `${v.id}: ${v.nodes[0].target}`)""")


def engine_view(page):
    return json.loads(page.evaluate("window.tabletop.call('view', 0).then(JSON.stringify)"))["view"]


def test_daily_deal_undo_redo_and_reload(page, server):
    page.goto(f"{server}/?game={SLUG}&lang=en&daily=1")
    wait_table(page)
    today = page.evaluate(
        "(() => { const d = new Date(); return d.getFullYear() * 10000 + (d.getMonth() + 1) * 100 + d.getDate(); })()"
    )
    save = saved(page)
    assert save["log"]["seed"] == today and save["deal"].startswith("daily:")
    assert str(today)[:4] in page.locator(".solitaire-bar .deal-name").inner_text()
    assert "daily" not in page.url  # a reload resumes instead of asking again
    # The daily deal is the engine's deal for that seed, the same for everyone.
    expected = get_game(SLUG).new_state(players=1, seed=today).view(0)
    assert (
        engine_view(page)["current"] == expected["current"]
        and engine_view(page)["tops"] == expected["tops"]
    )

    assert page.locator(".solitaire-bar button.undo").is_disabled()
    views = [engine_view(page)]
    for _ in range(3):
        tap_lit(page)
        views.append(engine_view(page))
    played = saved(page)["log"]["actions"]
    # Undo twice: the table goes back move by move; redo is offered.
    for back in (1, 2):
        page.locator(".solitaire-bar button.undo").click()
        page.wait_for_function(
            f"JSON.parse(localStorage.getItem('{KEY}')).log.actions.length === {3 - back}"
        )
        wait_table(page)
        assert engine_view(page) == views[3 - back]
    assert saved(page)["redo"] == [played[2], played[1]]
    # Undo and redo survive a reload.
    page.reload()
    wait_table(page)
    assert engine_view(page) == views[1] and page.locator(".solitaire-bar button.redo").is_enabled()
    page.locator(".solitaire-bar button.redo").click()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{KEY}')).log.actions.length === 2")
    wait_table(page)
    assert engine_view(page) == views[2] and saved(page)["redo"] == [played[2]]
    # Ctrl+Z is undo too.
    page.keyboard.press("Control+z")
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{KEY}')).log.actions.length === 1")
    wait_table(page)
    assert engine_view(page) == views[1]
    assert not page.errors


def test_shared_link_asks_before_replacing_a_game_in_progress(page, server):
    page.goto(f"{server}/?game={SLUG}&lang=en&start=1")
    wait_table(page)
    tap_lit(page)
    mine = saved(page)["log"]
    # The share button gives a link to this deal; opening it resumes the same game.
    page.locator(".solitaire-bar button.share").click()
    page.wait_for_selector("body[data-shared]")
    link = page.evaluate("document.body.dataset.shared")
    assert f"seed={mine['seed']}" in link and f"game={SLUG}" in link
    page.goto(link)
    wait_table(page)
    assert saved(page)["log"] == mine
    # Another deal's link while this one is in progress: the player is asked.
    other = 12345 if mine["seed"] != 12345 else 12346
    page.goto(f"{server}/?game={SLUG}&lang=ja&seed={other}")
    page.wait_for_selector("body[data-screen=deal-choice]", timeout=120_000)
    assert axe_serious(page) == []
    page.locator("button.keep-saved").click()
    wait_table(page)
    assert saved(page)["log"] == mine and "seed=" not in page.url
    page.goto(f"{server}/?game={SLUG}&lang=en&seed={other}")
    page.wait_for_selector("body[data-screen=deal-choice]", timeout=120_000)
    page.locator("button.play-shared").click()
    wait_table(page)
    log = saved(page)["log"]
    assert log["seed"] == other and log["actions"] == []
    expected = get_game(SLUG).new_state(players=1, seed=other).view(0)
    assert engine_view(page) == expected
    assert not page.errors


def test_bad_seed_and_options_in_a_link_are_refused_with_a_message(page, server):
    page.goto(f"{server}/?game={SLUG}&lang=en&start=1")
    wait_table(page)
    mine = saved(page)["log"]
    for bad in ("seed=abc", "seed=99999999999", "daily=2026-13-45", "seed=5&options=%5B1%5D"):
        page.goto(f"{server}/?game={SLUG}&lang=en&{bad}")
        page.wait_for_selector("#toast.show", timeout=120_000)
        assert "link" in page.locator("#toast").inner_text().lower()
        wait_table(page)
        assert saved(page)["log"] == mine  # nothing changed
    # Options the engine does not know are refused by the engine, and the saved game stays.
    page.evaluate(f"localStorage.removeItem('{KEY}')")
    page.goto(f"{server}/?game={SLUG}&lang=en&seed=5&options=%7B%22jokers%22%3A2%7D")
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert "jokers" in page.locator("#toast").inner_text()
    assert not page.errors


def test_setup_offers_todays_deal_and_no_opponent_settings(page, server):
    page.goto(f"{server}/?game=gridcannon&lang=ja")
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table]", timeout=120_000)
    if page.locator("body[data-screen=table]").count():
        page.click("button.new")
        page.wait_for_selector("body[data-screen=setup]")
    assert (
        page.locator("input[name=mode]").count() == 0
        and page.locator("select[name=level]").count() == 0
    )
    daily = page.locator("form.setup button.daily")
    assert "今日のディール" in daily.inner_text()
    assert axe_serious(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    daily.click()
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    log = json.loads(page.evaluate("localStorage.getItem('tabletop:save:gridcannon')"))
    assert log["deal"].startswith("daily:") and str(log["log"]["seed"]) == log["deal"][6:].replace(
        "-", ""
    )
