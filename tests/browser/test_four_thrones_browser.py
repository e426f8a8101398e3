"""4 Thrones end to end in real Chromium, at phone size: whole games played by clicking only, the
result checked against CPython replaying the saved log, the after-game truth (the exact solver)
checked against CPython, the fair hint checked against `session.hint` on the same position, the
whole stack of a throne, and refused moves (a toast with the engine's reason, nothing changed)."""
import json
import time

from tabletop import get_game, session
from tabletop.games import four_thrones as ft
from tabletop.session import replay

SAVE_KEY = "tabletop:save:four_thrones"
WIN_SEED = 96    # winnable: the solver decides it within a few thousand positions
LOSE_SEED = 25   # not winnable; a Queen on a throne refuses the first card (a blocked throne to tap)


def saved(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def open_deal(page, server, seed, lang="en"):
    """The deal of `seed` at the start. The app takes ?seed=; if it did not, the save is rewritten."""
    page.goto(f"{server}/?game=four_thrones&start=1&lang={lang}&seed={seed}&botdelay=0")
    page.wait_for_selector("body[data-screen=table] .table.four_thrones", timeout=120_000)
    if saved(page)["log"]["seed"] != seed:
        page.evaluate("""([key, seed]) => localStorage.setItem(key, JSON.stringify({v: 1, mode: 'bot', level: 'random',
            log: {game: 'four_thrones', players: 1, options: {}, seed, actions: []}}))""", [SAVE_KEY, seed])
        page.goto(f"{server}/?game=four_thrones&lang={lang}&botdelay=0")
        page.wait_for_selector("body[data-screen=table] .table.four_thrones", timeout=120_000)
    log = saved(page)["log"]
    assert log["seed"] == seed and log["actions"] == []
    return log


def moves_made(page):
    return len(saved(page)["log"]["actions"])


def wait_moves(page, n, timeout_ms=30_000):
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).log.actions.length === {n}", timeout=timeout_ms)
    page.wait_for_selector(f".table.four_thrones[data-phase]", timeout=timeout_ms)


def click_action(page, action):
    """Click the element that makes `action`: a lit throne, or the Skip button. It must be offered."""
    before = moves_made(page)
    if action == "skip":
        button = page.locator("button.ft-skip[data-action=skip]")
        assert button.is_enabled()
    else:
        button = page.locator(f"button.ft-throne-main[data-action='{action}']")
        assert "lit" in button.get_attribute("class").split(), action
    button.click(timeout=5000)
    wait_moves(page, before + 1)


def state_of(page):
    state, _ = replay(saved(page)["log"])
    return state


def check_table_matches(page, state):
    view = state.view(0)
    table = page.locator(".table.four_thrones")
    assert table.get_attribute("data-current") == (view["current"] or "")
    tops = page.locator(".ft-throne-main").evaluate_all("els => els.map(e => e.dataset.top)")
    assert tops == view["tops"]
    lit = page.locator(".ft-throne-main.lit").evaluate_all("els => els.map(e => e.dataset.action)")
    assert lit == [a for a in view["legal_actions"] if a.startswith("place")]
    assert page.locator(".ft-deck").get_attribute("data-deck") == str(view["deck_count"])
    assert page.locator(".ft-skips").get_attribute("data-skips-left") == str(view["skips_left"])
    assert page.locator(".ft-progress").get_attribute("data-placed") == str(view["cards_placed"])


def check_hint(page):
    """Press Hint; the highlighted move is the one session.hint computes in CPython here."""
    page.click("button.hint:not([disabled])", timeout=10_000)
    page.wait_for_selector(".table.four_thrones [data-hint='1']", timeout=60_000)
    hinted = page.locator("[data-hint='1']")
    assert hinted.count() == 1
    action = hinted.get_attribute("data-action")
    session.load(json.dumps(saved(page)["log"]))
    want = session.hint(0)
    assert want["ok"], want
    assert [action] == want["actions"]
    assert page.locator(".ft-hint-text").get_attribute("data-hint") == action
    return action, want


def check_result(page):
    """The result sheet shows the engine's result for the saved log."""
    page.wait_for_selector("section.result .ft-result", timeout=30_000)
    log = saved(page)["log"]
    state, _ = replay(log)
    assert state.is_over()
    r = state.result()
    box = page.locator(".ft-result")
    assert box.get_attribute("data-won") == str(r["won"]).lower()
    assert box.get_attribute("data-cards-placed") == str(r["cards_placed"])
    assert box.get_attribute("data-skips-used") == str(r["skips_used"])
    assert box.get_attribute("data-cards-left") == str(r["cards_left"])
    return state, log


def check_truth(page, log):
    """The truth box appears; a winnable verdict comes with a line that wins from the deal's start."""
    truth = page.locator(".ft-result .truth[data-winnable]")
    truth.wait_for(timeout=120_000)
    verdict = truth.get_attribute("data-winnable")
    assert verdict in ("true", "false", "unknown")
    initial = get_game("four_thrones").new_state(players=1, options=log["options"], seed=log["seed"])
    want = ft.solve(initial, node_limit=ft.TRUTH_NODE_LIMIT)["winnable"]
    assert verdict == {True: "true", False: "false", None: "unknown"}[want]
    line = []
    if verdict == "true":
        items = page.locator(".truth ol.truth-line li")
        line = items.evaluate_all("els => els.map(e => e.dataset.action)")
        cards = items.evaluate_all("els => els.map(e => e.dataset.card)")
        state = get_game("four_thrones").new_state(players=1, options=log["options"], seed=log["seed"])
        for action, card in zip(line, cards):
            assert card == state.d["current"], (action, card)  # the move in words names the right card
            state.apply(0, action)
        assert state.is_over() and state.result()["won"]
    return verdict, line


def test_winning_deal_by_clicks_result_truth_and_replay(page, server, sink):
    log = open_deal(page, server, WIN_SEED)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    state = state_of(page)
    check_table_matches(page, state)
    assert "Placed 0 of 48" in page.locator(".ft-progress").inner_text()
    assert "Tap a lit throne" in page.locator(".ft-prompt").inner_text()

    # The fair hint, checked against CPython; then its move is taken.
    action, want = check_hint(page)
    text = page.locator(".ft-hint-text").inner_text()
    assert "sampled deck orders" in text
    click_action(page, action)

    # Undo the hinted move if it left the winning line: play the solver's line from here by clicks.
    state = state_of(page)
    line = ft.solve(state)["line"]
    if not line:  # the hinted move lost the deal: start the deal again (a new page, the same seed)
        page.evaluate(f"localStorage.removeItem('{SAVE_KEY}')")
        log = open_deal(page, server, WIN_SEED)
        line = ft.solve(state_of(page))["line"]
    assert line
    for i, action in enumerate(line):
        if i % 10 == 0:
            check_table_matches(page, state_of(page))
        click_action(page, action)

    state, log = check_result(page)
    assert state.result()["won"] is True
    assert page.locator(".ft-result h2").inner_text().startswith("You won")
    verdict, truth_line = check_truth(page, log)
    assert verdict == "true"
    assert "winnable, and you won it" in page.locator(".truth").inner_text()
    # "Watch the winning line": the app's replay viewer on this deal, playing the solver's line.
    watch = page.locator(".truth a.watch")
    if watch.count():
        href = watch.get_attribute("href")
        assert "replay=" in href
        page.goto(href)
        page.wait_for_selector("body[data-screen=replay] .table.four_thrones", timeout=60_000)
        assert page.locator(".replay-controls .step").get_attribute("data-steps") == str(len(truth_line))
        page.click(".replay-controls .last")
        page.wait_for_selector(".result.inline .ft-result[data-won=true]", timeout=30_000)
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_lost_deal_in_japanese_hint_stack_and_refused_moves(page, server):
    open_deal(page, server, LOSE_SEED, lang="ja")
    table_text = page.locator(".table.four_thrones").inner_text()
    assert "めくったカード" in table_text and "スキップ" in table_text and "玉座に置けるカード" in table_text

    # A refused move: the Queen's throne cannot take the 9 of clubs. Tapping it sends the move, the
    # engine refuses it with its reason (a toast), and nothing changes.
    blocked = page.locator("button.ft-throne-main.blocked")
    assert blocked.count() >= 1
    assert "Qには低い♥♦の数字だけ" in blocked.first.inner_text()
    before = saved(page)["log"]["actions"]
    view_before = page.evaluate("tabletop.call('view', 0)")["view"]
    blocked.first.click()
    page.wait_for_selector("#toast.show", timeout=30_000)
    message = page.locator("#toast").inner_text()
    assert message.startswith("できません") and "cannot go on throne" in message, message
    page.wait_for_timeout(300)
    assert saved(page)["log"]["actions"] == before
    refused = page.evaluate("tabletop.call('act', 0, 'nonsense')")
    assert refused["ok"] is False and "nonsense" in refused["error"]
    assert page.evaluate("tabletop.call('view', 0)")["view"] == view_before
    assert saved(page)["log"]["actions"] == before

    # The fair hint twice, each time checked against CPython and then taken.
    for _ in range(2):
        if page.locator("section.result").count():
            break
        action, _ = check_hint(page)
        assert page.locator(".ft-hint-text").inner_text().startswith("ヒント:")
        click_action(page, action)

    # The whole stack of a throne, bottom card first.
    if not page.locator("button.ft-under").count() and not page.locator("section.result").count():
        click_action(page, page.locator("button.ft-throne-main.lit").first.get_attribute("data-action")
                     if page.locator("button.ft-throne-main.lit").count() else "skip")
    if page.locator("button.ft-under").count():
        under = page.locator("button.ft-under").first
        throne = int(under.locator("xpath=..").get_attribute("data-throne"))
        under.click()
        stack = page.locator(".ft-stack .card").evaluate_all("els => els.map(e => e.dataset.card)")
        assert stack == state_of(page).view(0)["thrones"][throne]
        page.click(".ft-stack-close")
        assert page.locator(".ft-stack").count() == 0

    # Keyboard play: Enter on a focused throne (or Skip) makes the move, and focus stays on the table.
    for _ in range(3):
        if page.locator("section.result").count():
            break
        lit = page.locator("button.ft-throne-main.lit")
        target = lit.first if lit.count() else page.locator("button.ft-skip")
        before = moves_made(page)
        target.focus()
        page.keyboard.press("Enter")
        wait_moves(page, before + 1)
        if not page.locator("section.result").count():
            page.wait_for_function("document.activeElement && document.activeElement.dataset.ftFocus", timeout=5000)

    # Play on with the first lit throne (or Skip) to the end, checking the table now and then.
    deadline = time.time() + 120
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game did not end"
        if moves_made(page) % 8 == 0:
            check_table_matches(page, state_of(page))
        lit = page.locator("button.ft-throne-main.lit")
        click_action(page, lit.first.get_attribute("data-action") if lit.count() else "skip")

    state, log = check_result(page)
    assert state.result()["won"] is False
    assert page.locator(".ft-result h2").inner_text() == "もう置けません"
    # The engine's reason for each throne, in words.
    assert page.locator(".ft-final-reasons li").count() == 4
    verdict, _ = check_truth(page, log)
    assert verdict == "false"
    assert "勝てない配札" in page.locator(".truth").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert not page.errors, page.errors
