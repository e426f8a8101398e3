"""Nothing breaks a table (issue 20, the app's part), in real Chromium: a save that cannot be
restored is set aside for a bug report and a fresh table starts; a computer that cannot move stops
in a clear state after one retry; two tabs on one game never lose a move; links with an invalid
save name, a date that does not exist or options that are not an object are refused with a message.
Every wait is on the page's or the engine's answer."""

import json
from urllib.parse import quote

from helpers import latin_words, save_key, shoot

from tabletop import get_game

SOLO = "four_thrones"
KEY = save_key(SOLO)


def stored(page, key):
    text = page.evaluate("k => localStorage.getItem(k)", key)
    return None if text is None else json.loads(text)


def broken_keys(page):
    return page.evaluate(
        "Object.keys(localStorage).filter(k => k.startsWith('tabletop:broken:')).sort()"
    )


def moves(page, key=KEY):
    return page.evaluate("k => JSON.parse(localStorage.getItem(k)).log.actions.length", key)


def test_a_save_that_cannot_be_restored_is_set_aside(page, server):
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("ul.games", timeout=120_000)
    # Not JSON at all, and a well-formed log whose second move the engine refuses.
    page.evaluate("localStorage.setItem('tabletop:save:mate', '{not json')")
    refused = {
        "v": 1,
        "mode": "bot",
        "level": "normal",
        "log": {
            "game": SOLO,
            "players": 1,
            "options": {},
            "seed": 7,
            "actions": [[0, "skip"], [0, "place ZZ 9"]],
        },
    }
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(refused)])

    page.goto(f"{server}/?game=mate&lang=en&botdelay=0")
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert (
        "kept aside" in page.locator("#toast").inner_text()
        and "the save cannot be read" in page.locator("#toast").inner_text()
    )
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    aside = broken_keys(page)
    assert len(aside) == 1 and aside[0].startswith("tabletop:broken:save:mate:")
    assert page.evaluate("k => localStorage.getItem(k)", aside[0]) == "{not json"
    fresh = stored(page, "tabletop:save:mate")
    assert fresh["log"]["game"] == "mate" and not any(
        seat == 0 for seat, _ in fresh["log"]["actions"]
    )

    page.goto(f"{server}/?game={SOLO}&lang=en")
    page.wait_for_selector("#toast.show", timeout=120_000)
    toast = page.locator("#toast").inner_text()
    assert "kept aside" in toast and "move 2" in toast, toast
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    aside = [k for k in broken_keys(page) if k.startswith(f"tabletop:broken:save:{SOLO}:")]
    assert (
        len(aside) == 1
        and json.loads(page.evaluate("k => localStorage.getItem(k)", aside[0])) == refused
    )
    assert stored(page, KEY)["log"]["actions"] == []  # a fresh table
    assert not page.errors


def test_a_computer_that_cannot_move_stops_in_a_clear_state(page, server):
    """A save whose level is unknown: the computer's move fails, the log is loaded again, one retry
    fails too, and the loop stops with a notice (no endless redraws); playing on at the normal
    level continues the same game."""
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("ul.games", timeout=120_000)
    bogus = {
        "v": 1,
        "mode": "bot",
        "level": "bogus",
        "log": {"game": "mas_menos", "players": 2, "options": {}, "seed": 5, "actions": []},
    }
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)", [save_key("mas_menos"), json.dumps(bogus)]
    )
    page.goto(f"{server}/?game=mas_menos&lang=ja&botdelay=0")
    page.wait_for_selector("section.bot-stalled", timeout=120_000)
    notice = page.locator("section.bot-stalled").inner_text()
    assert "bogus" in notice and "ふつう" in notice
    # Every call the loop could still have queued is answered before this one: no third try.
    assert page.evaluate("tabletop.call('view', 0)")["ok"] is True
    failures = [e for e in page.evaluate("tabletop.events") if e["kind"] == "bot-failed"]
    assert len(failures) == 2 and "bogus" in failures[0]["action"]
    assert page.locator("section.bot-stalled").count() == 1
    assert (
        stored(page, save_key("mas_menos"))["log"]["actions"] == []
    )  # nothing lost, nothing invented
    # The engine's status was read again: the human may still discard (cards lit).
    assert page.locator(".hand button.card.lit").count() > 0

    page.click("section.bot-stalled button.use-level")
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('tabletop:save:mas_menos')).log.actions.some(a => a[0] === 1)",
        timeout=60_000,
    )
    assert stored(page, save_key("mas_menos"))["level"] == "normal"
    assert page.locator("section.bot-stalled").count() == 0
    assert not page.errors


def winning_line(seed):
    """The solver's winning line of a 4 Thrones deal: moves that keep the game going."""
    game = get_game(SOLO)
    return game.queries.solve(
        game.new_state(players=1, seed=seed), node_limit=game.queries.truth_node_limit
    )["line"]


def tap(page, action):
    page.locator(f'.table button[data-action="{action}"]:not([disabled])').first.click(
        timeout=10_000
    )


def test_two_tabs_on_one_game_never_lose_a_move(page, server):
    a = page
    b = page.context.new_page()
    b.errors = []
    b.on("pageerror", lambda e: b.errors.append(str(e)))
    a.goto(f"{server}/?game={SOLO}&lang=en&seed=96")
    a.wait_for_selector("body[data-ready]", timeout=120_000)
    b.goto(f"{server}/?game={SOLO}&lang=en")
    b.wait_for_selector("body[data-ready]", timeout=120_000)
    assert stored(b, KEY)["log"]["seed"] == 96  # the same game in both tabs

    # Moves made in turn in either tab: the other takes each one up and says so.
    line = winning_line(96)
    for turn in range(3):
        tap(a, line[2 * turn])
        a.wait_for_function(
            f"k => JSON.parse(localStorage.getItem(k)).log.actions.length === {2 * turn + 1}",
            arg=KEY,
            timeout=30_000,
        )
        b.wait_for_function(f"document.body.dataset.followed === '{turn + 1}'", timeout=30_000)
        assert (
            b.evaluate("tabletop.call('view', 0)")["view"]
            == a.evaluate("tabletop.call('view', 0)")["view"]
        )
        tap(b, line[2 * turn + 1])
        b.wait_for_function(
            f"k => JSON.parse(localStorage.getItem(k)).log.actions.length === {2 * turn + 2}",
            arg=KEY,
            timeout=30_000,
        )
        a.wait_for_function(f"document.body.dataset.followed === '{turn + 1}'", timeout=30_000)
    played = stored(a, KEY)["log"]["actions"]
    assert len(played) == 6

    # A tab that has not heard of the newest move (written here, where a tab hears no event of its
    # own writes, while the other tab is on the game list) refuses a move made on its stale table,
    # says so, and shows the newer game.
    a.goto(f"{server}/?lang=en")
    a.wait_for_selector("ul.games", timeout=120_000)
    newer = stored(b, KEY)
    assert [action for _, action in newer["log"]["actions"]] == line[:6]
    extra = [0, line[6]]
    newer["log"]["actions"].append(extra)
    newer["w"] = "another-tab.1"
    newer.pop("shown", None)
    b.evaluate("([k, v]) => localStorage.setItem(k, v)", [KEY, json.dumps(newer)])
    tap(b, line[6])  # the same move, made on the stale table: refused all the same
    b.wait_for_function("document.body.dataset.followed === '4'", timeout=30_000)
    assert "another tab" in b.locator("#toast").inner_text()
    assert stored(b, KEY)["log"]["actions"] == played + [
        extra
    ]  # the newer game was not overwritten
    b.wait_for_selector("body[data-ready]")
    tap(b, line[7])  # on the table brought up to date, a move is taken
    b.wait_for_function(
        f"k => JSON.parse(localStorage.getItem(k)).log.actions.length === {len(played) + 2}",
        arg=KEY,
        timeout=30_000,
    )
    a.goto(f"{server}/?game={SOLO}&lang=en")
    a.wait_for_selector("body[data-ready]", timeout=120_000)
    assert stored(a, KEY)["log"]["actions"] == played + [extra, [0, line[7]]]
    assert (
        a.evaluate("tabletop.call('view', 0)")["view"]
        == b.evaluate("tabletop.call('view', 0)")["view"]
    )
    assert not a.errors and not b.errors


def test_links_that_cannot_be_used_are_refused_with_a_message(page, server):
    # An invalid save name: refused, nothing read or written (not the shared slot).
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.goto(f"{server}/?game=mate&lang=en&start=1&id=../other")
    page.wait_for_selector("body[data-screen=refused]", timeout=60_000)
    assert "save name" in page.locator(".refused-link").inner_text()
    assert "id=" not in page.locator("a.open-without-id").get_attribute("href")
    assert (
        page.evaluate("Object.keys(localStorage).filter(k => k.startsWith('tabletop:save:'))") == []
    )
    # A date that does not exist: the engine refuses it, said; no deal is started.
    page.goto(f"{server}/?game=mate&lang=en&daily=2026-02-31")
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert (
        "2026-02-31" in page.locator("#toast").inner_text()
        and "no real date" in page.locator("#toast").inner_text()
    )
    page.wait_for_selector("body[data-screen=setup]", timeout=60_000)
    assert stored(page, "tabletop:save:mate") is None
    # Options that are not an object.
    for bad in ("null", "0", "false", "[]", "%22x%22"):
        page.goto(f"{server}/?game=mate&lang=en&seed=5&options={bad}")
        page.wait_for_selector("#toast.show", timeout=120_000)
        assert "link" in page.locator("#toast").inner_text()
        page.wait_for_selector("body[data-screen=setup]", timeout=60_000)
        assert stored(page, "tabletop:save:mate") is None
    # An option the game does not have, or a value it does not allow: said in the player's
    # language with the game's own label, before the engine is asked.
    for bad, said in (
        ('{"x":1}', "このゲームに「x」という設定はありません"),
        ('{"rounds":5}', "ラウンド数"),
        ('{"rounds":"2"}', '"2" は使えません'),
    ):
        page.goto(f"{server}/?game=mate&lang=ja&seed=5&options={quote(bad)}")
        page.wait_for_selector("#toast.show", timeout=120_000)
        toast = page.locator("#toast").inner_text()
        assert "このリンクは使えません" in toast and said in toast, toast
        page.wait_for_selector("body[data-screen=setup]", timeout=60_000)
        assert stored(page, "tabletop:save:mate") is None
    # A player count the game does not have.
    page.goto(f"{server}/?game=ribs&lang=en&seed=5&players=3")
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert "player count" in page.locator("#toast").inner_text()
    assert not page.errors


DEEP = (
    "[" * 5000 + "]" * 5000
)  # JSON nested 5,000 deep (Pyodide's decoder used to die of it for the whole tab)


def test_deeply_nested_input_is_refused_and_python_lives_on(page, server):
    """A replay link, an ?options= value and a save nested 5,000 deep: each refused with a message
    in the player's language, nothing started or kept from them, and the engine still answers."""
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    log = '{"game":"mate","players":2,"options":{},"seed":1,"actions":[[0,%s]]}' % DEEP
    page.goto(f"{server}/?lang=ja&replay={quote(log)}")
    page.wait_for_selector("#toast.show", timeout=120_000)
    toast = page.locator("#toast").inner_text()
    assert "このリプレイは開けません" in toast and latin_words(toast) == [], (
        toast
    )  # no engine English on a Japanese screen
    page.wait_for_selector("ul.games", timeout=60_000)
    page.goto(f"{server}/?lang=ja&replay=%7Bbad")  # not JSON: said without the parser's English
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert "リンクにゲームの記録が入っていません" in page.locator("#toast").inner_text()

    options = quote('{"rounds":%s}' % DEEP)
    page.goto(f"{server}/?game=mate&lang=ja&seed=5&options={options}")
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert "このリンクは使えません" in page.locator("#toast").inner_text()
    page.wait_for_selector("body[data-screen=setup]", timeout=60_000)
    assert stored(page, "tabletop:save:mate") is None

    nested = (
        '{"v":1,"mode":"bot","level":"normal","log":{"game":"mate","players":2,"options":{},"seed":3,"actions":%s}}'
        % DEEP
    )
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", ["tabletop:save:mate", nested])
    page.goto(f"{server}/?game=mate&lang=ja&botdelay=0")
    page.wait_for_selector("#toast.show", timeout=120_000)
    assert "別に保管" in page.locator("#toast").inner_text()
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    aside = [k for k in broken_keys(page) if k.startswith("tabletop:broken:save:mate:")]
    assert len(aside) == 1 and page.evaluate("k => localStorage.getItem(k)", aside[0]) == nested
    fresh = page.evaluate("localStorage.getItem('tabletop:save:mate')")
    assert fresh != nested and not any(
        seat == 0 for seat, _ in json.loads(fresh)["log"]["actions"]
    )  # a fresh table
    assert page.evaluate("tabletop.call('view', 0)")["ok"] is True  # Python still answers
    assert not page.errors


def kill_engine(page):
    """Stops the engine's worker for good, as a crashed or hung runtime would be: calls sent to it
    are never answered."""
    page.evaluate("document.querySelector('script[type=\"py\"][worker]').xworker.terminate()")


def test_a_stalled_engine_gets_a_notice_and_a_way_out(page, server):
    """A tap the engine never answers: after ?stall= ms a notice in the player's language says so
    and that the game is saved; Reload resumes the saved game; 'keep waiting' hides it until the
    next period; 'set aside' keeps the save for a bug report and starts afresh."""
    url = f"{server}/?game={SOLO}&lang=ja&seed=96&stall=3000"
    page.goto(url)
    page.wait_for_selector("body[data-ready][data-engine=ready]", timeout=120_000)
    line = winning_line(96)
    tap(page, line[0])
    page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k)).log.actions.length === 1", arg=KEY, timeout=30_000
    )
    assert page.locator("section.engine-stalled").count() == 0
    before = stored(page, KEY)

    kill_engine(page)
    tap(page, line[1])
    page.wait_for_selector("section.engine-stalled", timeout=30_000)
    notice = page.locator("section.engine-stalled").inner_text()
    assert "ゲームエンジンが3秒以上応答していません" in notice and "保存されています" in notice
    assert page.evaluate("document.body.dataset.engineStalled") == "act"
    assert stored(page, KEY)["log"] == before["log"]  # the unanswered move is not saved as made
    page.click("section.engine-stalled button.reload")
    page.wait_for_selector("body[data-ready][data-engine=ready]", timeout=120_000)
    assert page.locator("section.engine-stalled").count() == 0
    assert stored(page, KEY)["log"]["actions"] == before["log"]["actions"]
    tap(page, line[1])  # the game goes on from the save
    page.wait_for_function(
        "k => JSON.parse(localStorage.getItem(k)).log.actions.length === 2", arg=KEY, timeout=30_000
    )

    kill_engine(page)
    tap(page, line[2])
    page.wait_for_selector("section.engine-stalled button.set-aside", timeout=30_000)
    kept = page.evaluate("k => localStorage.getItem(k)", KEY)
    page.click("section.engine-stalled button.wait")  # dismissed, it comes back while unanswered
    assert page.locator("section.engine-stalled").count() == 0
    page.wait_for_selector("section.engine-stalled button.set-aside", timeout=30_000)
    page.click("section.engine-stalled button.set-aside")
    page.wait_for_selector("body[data-screen=setup]", timeout=120_000)  # a new game to set up
    aside = [k for k in broken_keys(page) if k.startswith(f"tabletop:broken:save:{SOLO}:")]
    assert len(aside) == 1 and page.evaluate("k => localStorage.getItem(k)", aside[0]) == kept
    assert stored(page, KEY) is None
    assert not page.errors


# The first two loads of a page stop the engine's worker the moment it exists, long before its
# runtime could be up: a first start that never ends, as a stalled download would leave it.
STOP_THE_FIRST_TWO_STARTS = """(() => {
  const loads = Number(sessionStorage.getItem("test:loads") || 0) + 1;
  sessionStorage.setItem("test:loads", String(loads));
  if (loads > 2) return;
  const timer = setInterval(() => {
    const worker = document.querySelector('script[type="py"][worker]')?.xworker;
    if (worker) { clearInterval(timer); worker.terminate(); }
  }, 1);
})();"""


def test_a_slow_first_start_is_explained_until_the_engine_is_up(phone_ja, server):
    """A first start not done after ?bootwait= ms gets a notice in Japanese, on the phone's screen:
    why it waits, 'keep waiting' (hides it) and reload (starts again); once the engine is up the
    notice is gone."""
    page = phone_ja
    page.add_init_script(STOP_THE_FIRST_TWO_STARTS)
    page.goto(f"{server}/?game={SOLO}&lang=ja&seed=96&bootwait=1500")
    page.wait_for_selector("section.engine-booting", timeout=30_000)
    notice = page.locator("section.engine-booting")
    text = notice.inner_text()
    assert (
        "ゲームエンジンの起動に2秒以上かかっています" in text
        and "次からはオフラインでもすぐに始まります" in text
    ), text
    assert not latin_words(text, allowed=("MB",)), text
    box = notice.bounding_box()
    assert (
        box["y"] >= 0
        and box["y"] + box["height"] <= 640
        and box["x"] >= 0
        and box["x"] + box["width"] <= 360
    ), box
    shoot(page, "robustness_slow_first_start_ja")
    assert page.evaluate("document.body.dataset.engine") is None
    page.click("section.engine-booting button.wait")
    assert notice.count() == 0

    page.reload()  # stopped again: the notice again, and this time the reload button
    page.wait_for_selector("section.engine-booting button.reload", timeout=30_000)
    page.click("section.engine-booting button.reload")
    page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
    assert page.locator("section.engine-booting").count() == 0  # gone (if shown) once it is up
    assert page.evaluate("sessionStorage.getItem('test:loads')") == "3"
    assert not page.errors
