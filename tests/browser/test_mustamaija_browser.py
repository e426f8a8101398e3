"""Mustamaija end to end in real Chromium, at phone size: a whole 2-player game by clicking (attacks
built card by card and confirmed, defences by tapping an attack card and then a lit beater, or
picking up), the result checked against CPython's replay of the saved log; pass-and-play hides
the hand between the two seats; malformed and illegal moves are refused and change nothing."""
import json
import time

from tabletop.session import replay

SAVE_KEY = "tabletop:save:mustamaija"
TABLE = ".table.mustamaija"


def open_setup(page, server, lang="en"):
    page.goto(f"{server}/?game=mustamaija&lang={lang}&botdelay=0")
    page.wait_for_selector("body[data-screen=setup]", timeout=120_000)


def start(page, mode, players=2, deck=32):
    page.select_option("select[name=players]", str(players))
    page.select_option("select[name=deck]", str(deck))
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table], body[data-screen=pass]", timeout=120_000)


def saved_log(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["log"]


def cards(page, selector):
    return page.locator(selector).evaluate_all("els => els.map(e => e.dataset.card)")


def click_and_wait(page, selector):
    """Click, then wait until the table has been drawn again (each tap is one engine move)."""
    page.evaluate(f"window.__mmTable = document.querySelector('{TABLE}')")
    page.locator(selector).first.click(timeout=5000)
    page.wait_for_function(f"document.querySelector('{TABLE}') !== window.__mmTable", timeout=30_000)


def attack_turn(page, stats):
    added = page.locator(".mm-attack[data-status=building] .pair").count()
    lit = cards(page, ".mm-hand button.card.lit")
    if added == 0:
        # Lead a suit with two cards in hand when there is one (always, with five cards), so a
        # multi-card attack is built by tapping.
        suits = [c[-1] for c in lit]
        pick = next((c for c in lit if suits.count(c[-1]) >= 2), lit[0])
        click_and_wait(page, f".mm-hand button.card.lit[data-card='{pick}']")
    elif added < 2 and lit:
        click_and_wait(page, f".mm-hand button.card.lit[data-card='{lit[0]}']")
    else:
        label = page.locator("button[data-verb=attack]").inner_text()
        assert f"Attack with {added}" in label or (added == 1 and "1 card" in label), label
        stats["attacks"].append(added)
        click_and_wait(page, "button[data-verb=attack]")


def defend_turn(page, stats):
    """Beat whenever something can be beaten, else pick up; the lit beaters are checked against
    the engine's legal actions for the selected attack card."""
    selected = page.locator(TABLE).get_attribute("data-selected")
    lit_hand = cards(page, ".mm-hand button.card.lit")
    if selected:
        view = page.evaluate("tabletop.call('view', 0)")["view"]
        legal = [a.split(" ")[1].split(":")[1] for a in view["legal_actions"] if a.startswith(f"beat {selected}:")]
        assert sorted(lit_hand) == sorted(legal), (selected, lit_hand, legal)
        stats["beats"] += 1
        click_and_wait(page, f".mm-hand button.card.lit[data-card='{lit_hand[0]}']")
        return
    assert not lit_hand  # no attack card chosen yet: nothing in the hand is lit
    targets = page.locator(".mm-attack button.card.attack-card.lit")
    if targets.count():
        stats["selects"] += 1
        code = targets.first.get_attribute("data-card")
        targets.first.click(timeout=5000)  # only selects (no engine move): the table is redrawn
        page.wait_for_selector(f"{TABLE}[data-selected='{code}']", timeout=10_000)
        return
    assert "goes into your hand" in page.locator(".take-help").inner_text()
    stats["takes"] += 1
    click_and_wait(page, "button[data-verb=take]")


def play_to_end(page, stats, limit_s=240):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return
        try:
            role = page.locator(TABLE).get_attribute("data-role", timeout=2000)
            if role == "attack":
                attack_turn(page, stats)
            elif role == "defend":
                defend_turn(page, stats)
            else:
                page.wait_for_timeout(50)
                continue
            width = page.evaluate("document.documentElement.scrollWidth")
            assert width <= 360, f"horizontal scroll: {width}px"
        except AssertionError:
            raise
        except Exception:  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(50)
    raise AssertionError("the game did not finish in time")


def test_full_game_against_the_computer_shows_the_engine_result(page, server, sink):
    open_setup(page, server)
    form = page.locator("form.setup").inner_text()
    assert "Trumps" in form and "32 cards, 7 to ace" in form and "Cards in hand" in form
    start(page, "bot")
    page.wait_for_selector(TABLE, timeout=60_000)
    # The computer (left of the dealer) attacks first; on the human's first turn the trump suit,
    # the talon and the attack on the table are the engine's.
    page.wait_for_selector(f"{TABLE}[data-role=defend]", timeout=60_000)
    state, _ = replay(saved_log(page))
    assert page.locator(".trump-suit").get_attribute("data-trump") == (state.d["trump"] or "")
    assert page.locator("[data-talon-count]").get_attribute("data-talon-count") == str(len(state.d["talon"]))
    assert cards(page, ".mm-attack .attack-card") == state.d["attack"]
    if state.d["trump_card"]:
        assert cards(page, ".talon-stack .card.under") == [state.d["trump_card"]]
    stats = {"attacks": [], "beats": 0, "takes": 0, "selects": 0}
    play_to_end(page, stats)

    log = saved_log(page)
    state, _ = replay(log)
    assert state.is_over()
    assert log["players"] == 2 and log["options"]["deck"] == 32
    result = state.result()
    score = page.locator(".mm-result")
    assert score.get_attribute("data-loser") == ("none" if result["loser"] is None else str(result["loser"]))
    assert score.get_attribute("data-winner") == ("none" if result["winner"] is None else str(result["winner"]))
    assert score.get_attribute("data-out-order") == ",".join(map(str, result["out_order"]))
    assert score.get_attribute("data-trump") == (result["trump"] or "none")
    holder = next(s for s in range(2) if "QS" in state.d["hands"][s])
    assert holder == result["loser"]
    assert score.get_attribute("data-maija-holder") == str(holder)
    assert score.get_attribute("data-cards-left") == ",".join(str(len(h)) for h in state.d["hands"])
    # The reasons: who went out, who was left holding the Mustamaija.
    text = score.inner_text()
    loser_name = "You" if result["loser"] == 0 else "Computer"
    assert f"{loser_name} lost" in text and "Mustamaija" in text and "Out 1st" in text
    assert page.locator(".mm-result li[data-outcome=loser]").get_attribute("data-seat") == str(result["loser"])

    # The human built a multi-card attack by tapping, and every move it made is in the log.
    assert max(stats["attacks"]) >= 2, stats
    mine = [a for s, a in log["actions"] if s == 0]
    assert mine.count("attack") == len(stats["attacks"])
    assert sum(a.startswith("beat ") for a in mine) == stats["beats"]
    assert mine.count("take") == stats["takes"]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_hotseat_hides_the_hand_and_bad_moves_are_refused(page, server, sink):
    open_setup(page, server)
    start(page, "hotseat")
    # Seat 1 (Player 2, left of the dealer) attacks first: the pass screen hides every hand.
    assert page.locator("body[data-screen=pass]").count() == 1
    assert page.locator(".hand .card").count() == 0
    assert "Player 2" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(f"{TABLE}[data-role=attack]", timeout=60_000)
    assert page.locator(".mm-hand .card").count() == 5

    # Malformed and illegal moves are refused with a reason and change nothing.
    before = page.evaluate("tabletop.call('view', 1)")["view"]
    refused = page.evaluate("tabletop.call('act', 1, 'add ZZ')")
    assert refused["ok"] is False and "ZZ" in refused["error"]
    refused = page.evaluate("tabletop.call('act', 1, 'attack')")
    assert refused["ok"] is False and "nothing added" in refused["error"]
    refused = page.evaluate("tabletop.call('act', 0, 'take')")
    assert refused["ok"] is False
    after = page.evaluate("tabletop.call('view', 1)")["view"]
    assert after == before
    assert saved_log(page)["actions"] == []

    # Player 2 attacks with one card; the table then waits behind a pass screen for Player 1.
    first = cards(page, ".mm-hand button.card.lit")[0]
    click_and_wait(page, f".mm-hand button.card.lit[data-card='{first}']")
    assert cards(page, ".mm-attack .pair .card") == [first]
    page.click("button[data-verb=attack]")
    page.wait_for_selector("body[data-screen=pass]", timeout=30_000)
    assert page.locator(".hand .card").count() == 0
    assert "Player 1" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(f"{TABLE}[data-role=defend]", timeout=30_000)
    assert cards(page, ".mm-attack .pair .attack-card") == [first]
    assert "Pick up 1 card" in page.locator("button[data-verb=take]").inner_text()
    assert saved_log(page)["actions"] == [[1, f"add {first}"], [1, "attack"]]
    # A beat the engine does not allow (the attack card beating itself) is refused.
    refused = page.evaluate(f"tabletop.call('act', 0, 'beat {first}:{first}')")
    assert refused["ok"] is False
    assert saved_log(page)["actions"] == [[1, f"add {first}"], [1, "attack"]]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()
