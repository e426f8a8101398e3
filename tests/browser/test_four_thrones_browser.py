"""4 Thrones end to end in real Chromium, at phone size: whole games played by tapping only, the
result checked against CPython replaying the saved log, the after-game truth (the exact solver)
checked against CPython, the fair hint checked against `session.hint` on the same position (also
after an undo and another move), the whole stack of a throne, a tap on a throne that may not take
the card (the engine's reason, worded, next to the thrones; nothing changes), keyboard play; and
in Japanese at 360x640 and 412x915: the thrones and the turned-up card on screen, nothing wider
than the phone, no Latin words on the table, the result sheet or the replay viewer."""

import json
import re
import time

from helpers import latin_words, overflow, shoot, within_viewport

from tabletop import get_game, session
from tabletop.games import four_thrones as ft
from tabletop.session import replay

SLUG = "four_thrones"
SAVE_KEY = "tabletop:save:four_thrones"
WIN_SEED = 96  # winnable: the solver decides it within a few thousand positions
LOSE_SEED = 25  # not winnable; a Queen on a throne refuses the first card (a blocked throne to tap)


def saved(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def open_deal(page, server, seed, lang="en", actions=()):
    """The table of deal `seed` after `actions` (written into the save when there are any)."""
    page.goto(f"{server}/?game={SLUG}&start=1&lang={lang}&seed={seed}&botdelay=0")
    page.wait_for_selector("body[data-screen=table] .table.four_thrones", timeout=120_000)
    if actions:
        data = {
            "v": 1,
            "mode": "bot",
            "log": {
                "game": SLUG,
                "players": 1,
                "options": {},
                "seed": seed,
                "actions": [[0, a] for a in actions],
            },
        }
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(data)])
        page.goto(f"{server}/?game={SLUG}&lang={lang}&botdelay=0")
        page.wait_for_selector("body[data-screen=table] .table.four_thrones", timeout=120_000)
    log = saved(page)["log"]
    assert log["seed"] == seed and [a for _, a in log["actions"]] == list(actions)
    return log


def moves_made(page):
    return len(saved(page)["log"]["actions"])


def wait_moves(page, n, timeout_ms=30_000):
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).log.actions.length === {n}",
        timeout=timeout_ms,
    )
    page.wait_for_selector(".table.four_thrones[data-phase]", timeout=timeout_ms)


def click_action(page, action):
    """Tap what makes `action`: a lit throne, or the Skip button. It must be offered."""
    before = moves_made(page)
    if action == "skip":
        button = page.locator("button.ft-skip[data-action=skip]")
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
    assert page.locator(".table.four_thrones").get_attribute("data-current") == (
        view["current"] or ""
    )
    assert (
        page.locator(".ft-throne-main").evaluate_all("els => els.map(e => e.dataset.top)")
        == view["tops"]
    )
    lit = page.locator(".ft-throne-main.lit").evaluate_all("els => els.map(e => e.dataset.action)")
    assert lit == [a for a in view["legal_actions"] if a.startswith("place")]
    assert page.locator("button.ft-skip").count() == ("skip" in view["legal_actions"])
    assert page.locator(".ft-deck").get_attribute("data-deck") == str(view["deck_count"])
    assert page.locator(".ft-skips").get_attribute("data-skips-left") == str(view["skips_left"])
    assert page.locator(".ft-progress").get_attribute("data-placed") == str(view["cards_placed"])


def check_hint(page):
    """Press Hint; the highlighted move is the one session.hint computes in CPython here."""
    page.click("button.hint:not([disabled])", timeout=10_000)
    page.wait_for_selector(".hint-text[data-action]", timeout=60_000)
    action = page.locator(".hint-text").get_attribute("data-action")
    session.load(json.dumps(saved(page)["log"]))
    want = session.hint(0)
    assert want["ok"], want
    assert [action] == want["actions"]
    marked = page.locator(".table [data-hint='1']")
    assert marked.count() == 1 and marked.get_attribute("data-action") == action
    return action, want


def check_result(page):
    """The result sheet shows the engine's result for the saved log."""
    page.wait_for_selector("section.result .ft-result", timeout=30_000)
    state, log = replay(saved(page)["log"])
    assert state.is_over()
    r = state.result()
    box = page.locator(".ft-result")
    assert box.get_attribute("data-won") == str(r["won"]).lower()
    assert box.get_attribute("data-cards-placed") == str(r["cards_placed"])
    assert box.get_attribute("data-skips-used") == str(r["skips_used"])
    assert box.get_attribute("data-cards-left") == str(r["cards_left"])
    return state, log


def check_truth(page, log):
    """The truth appears; a winnable verdict comes with a line that wins from the deal's start,
    each move named with the card it moves."""
    truth = page.locator(".ft-result .truth[data-state=done]")
    truth.wait_for(timeout=120_000)
    verdict = truth.get_attribute("data-winnable")
    initial = get_game(SLUG).new_state(players=1, options=log["options"], seed=log["seed"])
    want = ft.solve(initial, node_limit=ft.TRUTH_NODE_LIMIT)["winnable"]
    assert verdict == {True: "true", False: "false", None: "unknown"}[want]
    line = []
    if verdict == "true":
        items = page.locator(".truth ol.truth-line li")
        line = items.evaluate_all("els => els.map(e => e.dataset.action)")
        cards = items.evaluate_all("els => els.map(e => e.dataset.card)")
        for action, card in zip(line, cards):
            assert card == initial.d["current"], (action, card)
            initial.apply(0, action)
        assert initial.is_over() and initial.result()["won"]
    return verdict, line


def test_winning_deal_by_taps_hint_result_truth_and_replay(page, server, sink):
    open_deal(page, server, WIN_SEED)
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    check_table_matches(page, state_of(page))
    assert "Placed 0 of 48" in page.locator(".ft-progress").inner_text()
    assert "Tap a lit throne" in page.locator(".ft-prompt").inner_text()

    # The fair hint, checked against CPython; its words name the throne by position.
    action, want = check_hint(page)
    text = page.locator(".hint-text").inner_text()
    assert (
        "sampled deck orders" in text and " throne" in text and not re.search(r"throne \d", text)
    ), text
    click_action(page, action)

    # From here the solver's line, tap by tap (a new start of the deal if the hint lost it).
    line = ft.solve(state_of(page))["line"]
    if not line:
        page.evaluate(f"localStorage.removeItem('{SAVE_KEY}')")
        open_deal(page, server, WIN_SEED)
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
    moves = page.locator(".truth ol.truth-line li").evaluate_all(
        "els => els.map(e => e.textContent)"
    )
    assert all(
        re.fullmatch(r".+ → (top|bottom)-(left|right) throne|skip the .+", m) for m in moves
    ), moves
    # "Watch the winning line": the replay viewer on this deal, playing the solver's line.
    href = page.locator(".truth a.watch").get_attribute("href")
    assert "replay=" in href
    page.goto(href)
    page.wait_for_selector("body[data-screen=replay] .table.four_thrones", timeout=60_000)
    assert page.locator(".replay-controls .step").get_attribute("data-steps") == str(
        len(truth_line)
    )
    page.click(".replay-controls .last")
    page.wait_for_selector(".result.inline .ft-result[data-won=true]", timeout=30_000)
    assert re.search(r"(top|bottom)-(left|right) throne$", page.locator(".last-move").inner_text())
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_a_hint_after_undo_and_another_move_is_that_positions(page, server):
    """Undo, then a different move to the same number of moves: the hint is asked afresh."""
    log = open_deal(page, server, WIN_SEED)
    first, _ = check_hint(page)
    click_action(page, first)
    after_first, _ = check_hint(page)

    def hint_after(action):
        session.load(json.dumps({**log, "actions": [[0, action]]}))
        return session.hint(0)["actions"][0]

    # Another first move after which the hint differs (so a hint kept from before would show).
    start = get_game(SLUG).new_state(players=1, seed=WIN_SEED)
    other = next(a for a in start.legal_actions(0) if a != first and hint_after(a) != after_first)
    page.locator(".solitaire-bar button.undo").click()
    wait_moves(page, 0)
    click_action(page, other)
    assert check_hint(page)[0] == hint_after(other) != after_first
    assert not page.errors, page.errors


def test_lost_deal_refusal_stack_keyboard_and_truth(page, server):
    open_deal(page, server, LOSE_SEED)
    # A throne that may not take the card: it says why (the engine's code, worded) and tapped, the
    # move is refused with the same reason next to the thrones; nothing changes.
    blocked = page.locator("button.ft-throne-main.blocked")
    assert blocked.count() >= 1
    throne = int(blocked.first.get_attribute("data-throne"))
    names = ["top-left", "top-right", "bottom-left", "bottom-right"]
    assert "a Q takes only lower ♥ ♦" in blocked.first.inner_text()
    before = saved(page)["log"]["actions"]
    view_before = page.evaluate("tabletop.call('view', 0)")["view"]
    blocked.first.click(force=True)
    page.wait_for_selector(".dock .reason.shown", timeout=30_000)
    reason = page.locator(".dock .reason").inner_text()
    assert (
        reason
        == f"The 9 of clubs cannot go on the {names[throne]} throne: a queen takes only lower hearts or diamonds."
    ), reason
    assert within_viewport(page, ".dock .reason")
    assert saved(page)["log"]["actions"] == before
    assert page.evaluate("tabletop.call('view', 0)")["view"] == view_before

    # The whole stack of a throne, bottom card first.
    click_action(page, page.locator("button.ft-throne-main.lit").first.get_attribute("data-action"))
    under = page.locator("button.ft-under").first
    throne = int(under.locator("xpath=..").get_attribute("data-throne"))
    under.click()
    stack = page.locator(".ft-stack .card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert stack == state_of(page).view(0)["thrones"][throne]
    page.click(".ft-stack-close")
    assert page.locator(".ft-stack").count() == 0

    # Keyboard play: Enter on a focused throne (or Skip) makes the move; focus stays on that control.
    for _ in range(3):
        lit = page.locator("button.ft-throne-main.lit")
        target = lit.first if lit.count() else page.locator("button.ft-skip")
        token = target.get_attribute("data-token")
        before = moves_made(page)
        target.focus()
        page.keyboard.press("Enter")
        wait_moves(page, before + 1)
        if page.locator("section.result").count():
            break
        if page.locator(
            f".table button[data-token='{token}']"
        ).count():  # the same control, still there, has the focus
            page.wait_for_function(
                f"document.activeElement && document.activeElement.dataset.token === '{token}'",
                timeout=5000,
            )

    # On to the end with the first lit throne (or Skip), checking the table now and then.
    deadline = time.time() + 120
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game did not end"
        if moves_made(page) % 8 == 0:
            check_table_matches(page, state_of(page))
        lit = page.locator("button.ft-throne-main.lit")
        click_action(page, lit.first.get_attribute("data-action") if lit.count() else "skip")

    state, log = check_result(page)
    assert state.result()["won"] is False
    assert page.locator(".ft-result h2").inner_text() == "No move left"
    # Why each throne refuses the last card, in words: one line per throne.
    reasons = page.locator(".ft-final-reasons li")
    assert reasons.count() == 4
    assert all(
        "throne" in text and "cannot go on the" in text for text in reasons.all_inner_texts()
    )
    verdict, _ = check_truth(page, log)
    assert verdict == "false"
    assert "not winnable" in page.locator(".truth").inner_text()
    assert overflow(page) <= 0
    assert not page.errors, page.errors


def test_on_a_phone_in_japanese(browser, server):
    """360x640 and 412x915 in Japanese: the turned-up card and the four thrones on screen without
    scrolling, nothing wider than the phone on the setup, table and result screens; a blocked
    throne tapped says why in Japanese; the result sheet and the replay viewer in Japanese only."""
    for width, height in ((360, 640), (412, 915)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="ja-JP")
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(f"{server}/?game={SLUG}&lang=ja&botdelay=0")
            page.wait_for_selector("body[data-screen=setup]", timeout=120_000)
            assert overflow(page) <= 0
            if width == 360:
                shoot(page, "four_thrones-ja-setup-360x640")
            open_deal(page, server, LOSE_SEED, lang="ja")
            assert (
                within_viewport(page, ".ft-current .card")
                and within_viewport(page, ".ft-thrones")
                and overflow(page) <= 0
            )
            assert latin_words(page.locator(".table").inner_text()) == []
            page.locator("button.ft-throne-main.blocked").first.click(force=True)
            page.wait_for_selector(".dock .reason.shown")
            reason = page.locator(".dock .reason").inner_text()
            assert (
                "置けません" in reason and "のスローン" in reason and latin_words(reason) == []
            ), reason
            assert within_viewport(page, ".dock .reason")
            if width == 360:
                shoot(page, "four_thrones-ja-refusal-360x640")
                page.click("button.hint")
                page.wait_for_selector(".hint-text[data-action]", timeout=60_000)
                assert latin_words(page.locator(".hint-text").inner_text()) == []
                shoot(page, "four_thrones-ja-hint-360x640")
            # Near the end of the deal: the last moves by taps, then the result sheet.
            state = get_game(SLUG).new_state(players=1, seed=WIN_SEED)
            line = ft.solve(state)["line"]
            open_deal(page, server, WIN_SEED, lang="ja", actions=line[:-2])
            assert within_viewport(page, ".ft-thrones") and overflow(page) <= 0
            for action in line[-2:]:
                click_action(page, action)
            page.wait_for_selector("section.result .truth[data-state=done]", timeout=120_000)
            assert overflow(page) <= 0
            text = page.locator("section.result").inner_text()
            assert "勝ち" in text and latin_words(text) == [], latin_words(text)
            if width == 360:
                shoot(page, "four_thrones-ja-result-360x640")
                page.click("section.result button.close-sheet")
                shoot(page, "four_thrones-ja-final-table-360x640")
                page.click("button.show-result")
            page.goto(page.locator(".truth a.watch").get_attribute("href"))
            page.wait_for_selector("body[data-screen=replay] .table.four_thrones", timeout=60_000)
            page.click(".replay-controls .last")
            page.wait_for_selector(".result.inline .ft-result")
            assert page.locator(".last-move").inner_text().endswith("のスローン")
            text = page.locator("main").inner_text()
            assert latin_words(text) == [], latin_words(text)
            assert overflow(page) <= 0
            if width == 360:
                shoot(page, "four_thrones-ja-replay-360x640")
            assert errors == []
        finally:
            context.close()
