"""Tuppi end to end in real Chromium, at phone size: a whole game (one deal) by clicking against
three computer seats, the result checked against CPython's replay of the saved log; the scored
deal shown between deals; pass-and-play hiding hands; refused moves."""
import json
import random
import time

from tabletop import get_game
from tabletop.session import replay

SAVE_KEY = "tabletop:save:tuppi"


def open_game(page, server, lang="en", botdelay=0):
    page.goto(f"{server}/?game=tuppi&lang={lang}&botdelay={botdelay}")
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table], body[data-screen=pass]", timeout=120_000)


def start(page, mode="bot", deals=1):
    assert page.locator("body[data-screen=setup]").count() == 1
    page.fill("input[name=fixed_deals]", str(deals))
    page.dispatch_event("input[name=fixed_deals]", "change")
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table], body[data-screen=pass]", timeout=120_000)


def saved(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def take_turn(page):
    """Do whatever the human may do now; True if something was clicked."""
    cont = page.locator("button.continue")
    if cont.count():
        cont.first.click(timeout=5000)
        return True
    lit = page.locator(".tuppi .hand button.card.lit")
    if lit.count():
        lit.first.click(timeout=5000)
        return True
    choice = page.locator(".tuppi .prompt button.choice:not([disabled])")
    if choice.count():
        choice.first.click(timeout=5000)
        return True
    return False


def play_to_end(page, limit_s=150):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return
        try:
            if not take_turn(page):
                page.wait_for_timeout(50)
        except Exception:  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(50)
    raise AssertionError("the game did not finish in time")


def check_bid_table(page):
    """The auction on the table: four seats in two teams, partner opposite, bids face down."""
    seats = page.locator(".tuppi .ring .seat, .tuppi .seat.pos-bottom")
    assert seats.count() == 4
    teams = {page.locator(f".tuppi .seat.pos-{pos}").get_attribute("data-team") for pos in ("bottom", "top")}
    assert teams == {"0"}  # the viewer (seat 0) and the partner (seat 2) opposite
    assert {page.locator(f".tuppi .seat.pos-{pos}").get_attribute("data-team") for pos in ("left", "right")} == {"1"}
    assert page.locator(".tuppi .cross.bids .slot").count() == 4
    assert "BIDDING" in page.locator(".tuppi .mode").inner_text().upper()
    assert page.locator(".tuppi .scoreboard .sb-row[data-team]").count() == 2


def test_full_game_against_the_bots_shows_the_engine_result(page, server, sink):
    open_game(page, server)
    start(page, deals=1)
    page.wait_for_selector(".tuppi .hand button.card.lit", timeout=60_000)
    assert page.locator(".tuppi .hand .card").count() == 13
    check_bid_table(page)  # the human has not bid yet, so the auction is still on
    play_to_end(page)

    score = page.locator(".tuppi-result")
    state, log = replay(saved(page)["log"])
    assert state.is_over()
    result = state.result()
    assert log["options"]["fixed_deals"] == 1
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winner-team") == ("draw" if result["winner_team"] is None else str(result["winner_team"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert score.get_attribute("data-deals-played") == str(result["deals_played"]) == "1"
    assert score.get_attribute("data-deal-points") == ",".join(f"{d['scoring_team']}:{d['points']}" for d in result["deals"])
    deal = result["deals"][0]
    shown = page.locator(".tuppi-result li.deal[data-deal='1']")
    assert shown.get_attribute("data-mode") == deal["mode"]
    assert shown.get_attribute("data-tricks") == ",".join(map(str, deal["tricks"]))
    assert shown.get_attribute("data-net") == ",".join(str(b["points"]) for b in deal["breakdown"])
    # The reason for the score is written out.
    text = shown.inner_text()
    assert f"+{deal['points']}" in text
    assert {"rami": "rami", "nolo": "nolo", "sooli": "sooli"}[deal["mode"]] in text.lower()
    # The table behind shows the mode and the revealed bids of the deal.
    assert page.locator(".tuppi .mode").get_attribute("data-mode") == deal["mode"]
    revealed = page.locator(".tuppi .seat .bid[data-revealed='1']").evaluate_all("els => els.map(e => e.dataset.bid)")
    assert sorted(revealed) == sorted(b for _, b in state.d["revealed_bids"])
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def finished_first_deal_log():
    """A two-deal game's log that stops right after deal 1 was scored (random moves)."""
    rng = random.Random(4)
    state = get_game("tuppi").new_state(options={"fixed_deals": 2}, seed=21)
    actions = []
    while state.d["deals_played"] == 0:
        seat = state.to_move()[0]
        action = rng.choice(state.legal_actions(seat))
        state.apply(seat, action)
        actions.append([seat, action])
    return {"game": "tuppi", "players": 4, "options": {"fixed_deals": 2}, "seed": 21, "actions": actions}, state


def test_between_deals_refused_moves_and_japanese(page, server):
    log, state = finished_first_deal_log()
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps({"v": 1, "mode": "bot", "log": log})])
    open_game(page, server, lang="ja", botdelay=10_000)  # the computer seats wait 10 s before each move
    # The deal just scored comes first, with the engine's numbers and its reasons.
    card = page.locator(".tuppi .deal-over-card")
    card.wait_for(timeout=60_000)
    last = state.view(0)["last_deal"]
    assert card.get_attribute("data-points") == str(last["points"])
    assert card.get_attribute("data-scoring-team") == str(last["scoring_team"])
    assert card.get_attribute("data-tricks") == ",".join(map(str, last["tricks"]))
    assert card.get_attribute("data-net") == ",".join(str(b["points"]) for b in last["breakdown"])
    assert "ディール1終了" in card.inner_text()
    assert f"+{last['points']}" in card.inner_text()
    page.click("button.continue")
    page.wait_for_selector(".tuppi .hand button.card.lit", timeout=30_000)
    assert "入札" in page.locator(".tuppi .mode").inner_text()
    # The scored deal stays one tap away.
    assert page.locator(".tuppi details.last-deal").count() == 1

    # Malformed and out-of-phase moves are refused by the engine; nothing changes.
    before = page.evaluate("tabletop.call('view', 0)")
    refused = page.evaluate("tabletop.call('act', 0, 'play ZZ')")
    assert refused["ok"] is False and refused["error"], refused
    refused = page.evaluate("tabletop.call('act', 0, 'bid ZZ')")
    assert refused["ok"] is False and "ZZ" in refused["error"], refused
    after = page.evaluate("tabletop.call('view', 0)")
    assert after["view"]["hand"] == before["view"]["hand"] and after["view"]["my_bid"] is None
    assert after["view"]["phase"] == "bid" and after["view"]["deals_played"] == 1
    # Tapping a card that may not be bid (an unlit court card) shows the engine's reason.
    unlit = page.locator(".tuppi .hand button.card.unlit")
    mine = lambda: [a for a in saved(page)["log"]["actions"] if a[0] == 0]  # noqa: E731 (computer seats may move)
    actions_before = mine()
    if unlit.count():
        unlit.first.click()
        page.wait_for_selector("#toast.show", timeout=30_000)
        message = page.locator("#toast").inner_text()
        assert message.startswith("できません") and "court card" in message, message
        page.wait_for_timeout(200)
        assert mine() == actions_before
    # A legal bid is taken and shown face up to its owner only.
    page.locator(".tuppi .hand button.card.lit").first.click()
    page.wait_for_selector(".tuppi .cross.bids .bid.mine", timeout=30_000)
    assert len(mine()) == len(actions_before) + 1
    assert not page.errors, page.errors


def test_hotseat_hides_hands_between_players(page, server):
    open_game(page, server)
    start(page, mode="hotseat", deals=1)
    assert page.locator("body[data-screen=pass]").count() == 1
    assert "Player 1" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".tuppi .hand button.card.lit")
    assert page.locator(".tuppi .hand .card").count() == 13
    bid = page.locator(".tuppi .hand button.card.lit").first.get_attribute("data-card")
    page.locator(".tuppi .hand button.card.lit").first.click()
    # Player 1 has bid: the phone goes to player 2, hand hidden.
    page.wait_for_selector("body[data-screen=pass]")
    assert "Player 2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".tuppi .hand .card")
    assert page.locator(".tuppi .hand .card").count() == 13
    # Player 2 sees that player 1 has bid, face down; player 1's card is not shown.
    slot = page.locator(".tuppi .cross.bids .slot[data-seat='0'] .bid")
    assert slot.get_attribute("data-placed") == "1"
    assert slot.locator(f".card[data-card='{bid}']").count() == 0
    assert page.locator(".tuppi .seat.pos-bottom .name").inner_text() == "Player 2"
    assert page.locator(".tuppi .seat.pos-top .name").inner_text() == "Player 4"
    assert not page.errors, page.errors
