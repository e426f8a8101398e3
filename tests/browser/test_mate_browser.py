"""Mate end to end in real Chromium, at phone size: a whole match by clicking, the result and the
solver's analysis checked against CPython, the hint, and a refused illegal card."""
import json
import time

from tabletop import get_game
from tabletop.bots import choose_action
from tabletop.games import mate
from tabletop.session import replay

SAVE_KEY = "tabletop:save:mate"


def open_game(page, server, lang="en"):
    page.goto(f"{server}/?game=mate&lang={lang}&botdelay=0")
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table]", timeout=120_000)


def saved(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def my_turn(page, timeout_s=60):
    """Wait until the human may play (lit cards in the hand); False if the match ended first."""
    deadline = time.time() + timeout_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return False
        if page.locator(".hand button.card.lit").count():
            return True
        page.wait_for_timeout(50)
    raise AssertionError("the human's turn did not come")


def play_to_end(page, before_each=None, limit_s=300):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return
        try:
            lit = page.locator(".hand button.card.lit")
            if lit.count():
                if before_each:
                    before_each()
                lit.first.click(timeout=5000)
            else:
                page.wait_for_timeout(50)
        except Exception:  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(50)
    raise AssertionError("the match did not finish in time")


def deal_end_states(log):
    """The state right after each deal of the logged match ended (for the analysis of each)."""
    state = get_game("mate").new_state(players=log["players"], options=log["options"], seed=log["seed"])
    out = []
    for seat, action in log["actions"]:
        state.apply(seat, action)
        if mate.finished_deals(state) > len(out):
            out.append(state.clone())
    return out


def check_hint(page):
    """Click the hint; the highlighted cards are lit and are the solver's best moves."""
    page.click("button.hint:not([disabled])", timeout=10_000)
    page.wait_for_selector(".hand button.card.hint", timeout=60_000)
    hinted = page.locator(".hand .card.hint").evaluate_all("els => els.map(e => e.dataset.card)")
    lit = page.locator(".hand button.card.lit").evaluate_all("els => els.map(e => e.dataset.card)")
    assert hinted and set(hinted) <= set(lit)
    state, _ = replay(saved(page)["log"])
    seat = state.to_move()[0]
    assert seat == 0
    assert sorted("play " + c for c in hinted) == sorted(mate.best_moves(state, 0))
    assert page.locator(".hint-text").inner_text().strip()


def test_full_match_against_the_bot_shows_the_engine_result_and_analysis(page, server, sink):
    open_game(page, server)
    assert page.locator("body[data-screen=setup]").count() == 1
    page.check("input[name=mode][value=bot]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    # Complete information: the opponent's ten cards are face up.
    assert page.locator(".opp-hand .card").count() == 10
    assert "Deal 1/2" in page.locator(".mate-info").inner_text()
    assert my_turn(page)
    check_hint(page)
    play_to_end(page)

    score = page.locator(".mate-result")
    log = saved(page)["log"]
    state, _ = replay(log)
    assert state.is_over()
    result = state.result()
    assert score.get_attribute("data-points") == ",".join(map(str, result["points"]))
    assert score.get_attribute("data-winner") == ("draw" if result["winner"] is None else str(result["winner"]))
    assert score.get_attribute("data-margin") == str(result["margin"])
    assert score.get_attribute("data-deal-scores") == ",".join(str(d["score"]) for d in result["deal_results"])
    assert score.get_attribute("data-maters") == ",".join(
        "none" if d["mater"] is None else str(d["mater"]) for d in result["deal_results"])
    # Each deal's line gives the reason: mate card, trick and value x trick, or no mate.
    text = score.inner_text()
    for i, d in enumerate(result["deal_results"]):
        line = page.locator(f".mate-result li[data-deal='{i + 1}']").inner_text()
        if d["mater"] is None:
            assert "No mate" in line
        else:
            value = d["score"] // d["trick"]
            assert f"{value} × {d['trick']} = {d['score']}" in line
    assert "Computer" in text and "You" in text
    # The solver's analysis of every deal: the best the leader could force from the start.
    page.wait_for_function("document.querySelectorAll('.mate-result .analysis[data-state=done]').length === 2",
                           timeout=120_000)
    ends = deal_end_states(log)
    assert len(ends) == 2
    for i, end in enumerate(ends):
        want = mate.deal_analysis(end)
        box = page.locator(f".mate-result .analysis[data-deal='{i + 1}']")
        assert box.locator(".best-start").get_attribute("data-start-value") == str(want["start_value"])
        for seat in (0, 1):
            slips = [m for m in want["mistakes"] if m["seat"] == seat]
            shown = box.locator(f".slip[data-seat='{seat}']")
            if slips:
                assert shown.get_attribute("data-index") == str(slips[0]["index"])
                assert shown.get_attribute("data-best") == ",".join(slips[0]["best"])
            else:
                assert "none" in shown.get_attribute("class")
    # Once the view is loaded, the setup screen labels Mate's options with the view's strings.
    page.click("button.new")
    page.wait_for_selector("body[data-screen=setup]")
    assert "Rounds" in page.locator("form.setup").inner_text()
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def first_restricted_follow(max_seed=200):
    """A seed where, with the human always playing its first lit card against the strong bot,
    the human must follow with some cards not allowed (so an unlit card can be tapped)."""
    for seed in range(1, max_seed):
        state = get_game("mate").new_state(players=2, seed=seed)
        while state.d["deal_number"] == 1:
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if seat == 0:
                if state.d["trick"] and len(legal) < len(state.d["hands"][0]) and len(state.d["history"]) >= 1:
                    return seed
                action = legal[0]
            else:
                action = choose_action("mate", state.view(1), "strong", 0)
            state.apply(seat, action)
    raise AssertionError("no seed found")


def test_hint_strong_bot_and_refused_card_in_japanese(page, server):
    seed = first_restricted_follow()
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.evaluate("""([key, seed]) => localStorage.setItem(key, JSON.stringify({v: 1, mode: 'bot', level: 'strong',
        log: {game: 'mate', players: 2, options: {rounds: 1}, seed, actions: []}}))""", [SAVE_KEY, seed])
    open_game(page, server, lang="ja")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    assert "ディール 1/2" in page.locator(".mate-info").inner_text()
    assert "トリック 1/10" in page.locator(".trick").inner_text()
    # Play the first lit card until the human must follow and some cards are not allowed.
    deadline = time.time() + 180
    while not page.locator(".hand button.card.unlit").count():
        assert time.time() < deadline, "no restricted follow came"
        try:
            if page.locator(".hand button.card.lit").count():
                page.locator(".hand button.card.lit").first.click(timeout=5000)
            page.wait_for_timeout(100)
        except Exception:
            page.wait_for_timeout(100)
    page.wait_for_timeout(200)
    assert "リードと同じスート" in page.locator(".prompt").inner_text()
    check_hint(page)
    assert "最善" in page.locator(".hint-text").inner_text()

    # An illegal card: tapping an unlit card is refused by the engine, with its reason, and
    # nothing changes.
    before = saved(page)["log"]["actions"]
    card = page.locator(".hand button.card.unlit").first.get_attribute("data-card")
    page.locator(".hand button.card.unlit").first.click()
    page.wait_for_selector("#toast.show", timeout=30_000)
    message = page.locator("#toast").inner_text()
    assert message.startswith("できません") and "must" in message, message
    page.wait_for_timeout(300)
    assert saved(page)["log"]["actions"] == before
    assert card in page.locator(".hand .card").evaluate_all("els => els.map(e => e.dataset.card)")
    refused = page.evaluate("tabletop.call('act', 0, 'play ZZ')")
    assert refused["ok"] is False and "ZZ" in refused["error"]

    # The strong bot played the solver's first best move every time.
    state = get_game("mate").new_state(players=2, seed=seed)
    bot_moves = 0
    for seat, action in saved(page)["log"]["actions"]:
        if seat == 1:
            assert action == mate.best_moves(state, 1)[0]
            bot_moves += 1
        state.apply(seat, action)
    assert bot_moves >= 1
    assert not page.errors, page.errors
