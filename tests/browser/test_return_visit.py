"""A return visit draws the saved table at once, before the engine has booted, and a tap made in
that moment is applied once the engine has replayed the log; a tampered saved table is replaced by
the engine's own view as soon as it answers."""

import json

KEY = "tabletop:save:four_thrones"


def saved(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{KEY}')"))


def test_saved_table_is_drawn_before_the_engine_and_a_tap_waits_for_it(page, server):
    page.goto(f"{server}/?game=four_thrones&lang=en&seed=96")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.wait_for_timeout(300)
    first = saved(page)
    assert first["shown"]["moves"] == 0 and first["shown"]["view"]["current"]

    page.reload()
    page.wait_for_selector("body[data-shown]", timeout=120_000)
    early = page.evaluate(
        "({ready: !!document.body.dataset.ready, engine: document.body.dataset.engine || null})"
    )
    assert early == {"ready": False, "engine": None}, (
        "the table should be drawn before the engine is up"
    )
    # Tap right away: the move waits in the queue behind the engine's load, then is applied.
    page.locator(
        ".table button.lit:not([disabled]), .table button[data-action=skip]:not([disabled])"
    ).first.click()
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{KEY}')).log.actions.length === 1", timeout=60_000
    )
    marks = page.evaluate(
        "['table-shown', 'table-ready'].map(n => performance.getEntriesByName(n)[0].startTime)"
    )
    assert marks[0] < marks[1]
    engine = json.loads(page.evaluate("window.tabletop.call('view', 0).then(JSON.stringify)"))[
        "view"
    ]
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{KEY}')).shown.moves === 1", timeout=60_000
    )
    assert saved(page)["shown"]["view"] == engine
    assert not page.errors


def test_a_tampered_saved_table_gives_way_to_the_engines_view(page, server):
    page.goto(f"{server}/?game=four_thrones&lang=en&seed=25")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.wait_for_timeout(300)
    save = saved(page)
    real = save["shown"]["view"]["current"]
    fake = "AS" if real != "AS" else "KH"
    save["shown"]["view"]["current"] = fake
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(save))})")
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.wait_for_timeout(300)
    assert page.locator(f".ft-current [data-card='{real}']").count() == 1
    assert page.locator(f".ft-current [data-card='{fake}']").count() == 0
    assert saved(page)["shown"]["view"]["current"] == real


def test_a_table_saved_by_other_code_waits_for_the_engine(page, server):
    page.goto(f"{server}/?game=four_thrones&lang=en&seed=30")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    page.wait_for_timeout(300)
    save = saved(page)
    assert save["shown"]["code"]  # the build's code hash for this game
    save["shown"]["code"] = "an-older-build"
    page.evaluate(f"localStorage.setItem('{KEY}', {json.dumps(json.dumps(save))})")
    page.reload()
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    marks = page.evaluate(
        "['engine-ready', 'table-shown'].map(n => performance.getEntriesByName(n)[0].startTime)"
    )
    assert marks[1] >= marks[0], (
        "a table saved by another build must not be drawn before the engine"
    )
