"""Stop the Bus end to end in real Chromium, at phone size: a whole game by clicking against two
computer seats (3 players, 1 starting life), every showdown shown and the final result checked
against CPython replaying the saved log; pass-and-play hiding the hand; refused moves."""
import json
import time

from tabletop import get_game
from tabletop.session import replay

SLUG = "stop_the_bus"
SAVE_KEY = f"tabletop:save:{SLUG}"


def open_game(page, server, lang="en"):
    page.goto(f"{server}/?game={SLUG}&lang={lang}&botdelay=0")
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table]", timeout=120_000)


def setup_and_start(page, players, lives, mode):
    assert page.locator("body[data-screen=setup]").count() == 1
    page.select_option("select[name=players]", str(players))
    field = page.locator("input[name=starting_lives]")
    field.fill(str(lives))
    field.dispatch_event("change")
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table], body[data-screen=pass]", timeout=120_000)


def saved_log(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["log"]


def showdowns_of(log):
    """Every showdown of the logged game, by deal number, as the engine's state records it."""
    state = get_game(SLUG).new_state(players=log["players"], options=log["options"], seed=log["seed"])
    out = {}
    for seat, action in log["actions"]:
        state.apply(seat, action)
        ls = state.d["last_showdown"]
        if ls is not None:
            out[ls["deal"]] = ls
    return out


SHEET_JS = """el => ({
    deal: Number(el.dataset.deal), losers: el.dataset.losers, best: el.dataset.best, void: el.dataset.void,
    text: el.innerText,
    rows: [...el.querySelectorAll('li.sd-row')].map(r => ({
        seat: Number(r.dataset.seat), hand: r.dataset.hand, delta: r.dataset.delta,
        cards: [...r.querySelectorAll('.sd-cards .card')].map(c => c.dataset.card),
        reasons: r.querySelector('ul.reasons') ? r.querySelector('ul.reasons').innerText : null})),
})"""


def check_showdown_sheet(page, checked):
    """Compare the open showdown sheet with the engine's showdown of that deal, then close it.
    The sheet is read in one go: once the human is out, the bots play on and redraw it."""
    sheet = page.locator(".stb-showdown")
    got = sheet.evaluate(SHEET_JS)
    want = showdowns_of(saved_log(page))[got["deal"]]
    assert got["losers"] == ",".join(map(str, want["losers"]))
    assert got["best"] == ",".join(map(str, want["best"]))
    assert got["void"] == ("1" if want["void"] else "0")
    assert len(got["rows"]) == len(want["hands"])
    scores = {x["seat"]: x for x in want["scores"]}
    rows = {r["seat"]: r for r in got["rows"]}
    for seat, name, *cards in want["hands"]:
        row = rows[seat]
        assert row["hand"] == name
        assert sorted(row["cards"]) == sorted(cards)
        if seat in scores and not want["void"]:
            assert row["delta"] == str(scores[seat]["lives"])
            # The reason is spelled out: which hand was the worst.
            assert f"worst hand: {name}" in row["reasons"]
    assert "Worst hand" in got["text"] or "Void" in got["text"]
    checked.append(got["deal"])
    sheet.locator("button.ok").click(timeout=5000)


def take_turn(page, turn_no):
    """Do what the human may do now; True if something was clicked."""
    if page.locator(".me .hand button.card.lit").count():
        page.locator(".me .hand button.card.lit").first.click(timeout=5000)
        return True
    stop = page.locator("button[data-action='stop']")
    take = page.locator("button[data-action='draw discard']")
    draw = page.locator("button[data-action='draw stock']")
    if not (stop.count() or take.count() or draw.count()):
        return False
    choice = turn_no % 3
    if choice == 2 and stop.count():
        stop.click(timeout=5000)
    elif choice == 1 and take.count():
        take.click(timeout=5000)
    elif draw.count():
        draw.click(timeout=5000)
    else:
        (take if take.count() else stop).click(timeout=5000)
    return True


def play_to_end(page, limit_s=150):
    checked = []
    turns = 0
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return checked
        try:
            if page.locator(".stb-showdown").count():
                check_showdown_sheet(page, checked)
            elif take_turn(page, turns):
                turns += 1
            else:
                page.wait_for_timeout(40)
        except AssertionError:
            raise
        except Exception:  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(40)
    raise AssertionError("the game did not finish in time")


def test_full_game_against_two_bots_shows_every_showdown_and_the_engine_result(page, server, sink):
    open_game(page, server)
    setup_and_start(page, players=3, lives=1, mode="bot")
    page.wait_for_selector(".stop-the-bus", timeout=60_000)
    # The two other seats are compact chips: one life pip each, three cards.
    chips = page.locator(".opponents .chip")
    assert chips.count() == 2
    assert chips.nth(0).get_attribute("data-cards") == "3"
    assert page.locator(".me .pips").get_attribute("data-lives") == "1"
    log = saved_log(page)
    assert log["players"] == 3 and log["options"]["starting_lives"] == 1

    checked = play_to_end(page)
    assert checked, "no showdown sheet was seen"

    state, log = replay(saved_log(page))
    assert state.is_over()
    result = state.result()
    score = page.locator(".stb-result")
    assert score.get_attribute("data-scoring") == "lives"
    assert score.get_attribute("data-winner") == str(result["winner"])
    assert score.get_attribute("data-lives") == ",".join(map(str, result["lives"]))
    assert score.get_attribute("data-eliminated") == ",".join(map(str, result["eliminated"]))
    assert score.get_attribute("data-deals") == str(result["deals"])
    # Standings: the winner first, then the players in reverse order of elimination.
    places = page.locator(".stb-result ol.standings li").evaluate_all("els => els.map(e => Number(e.dataset.seat))")
    assert places == [result["winner"]] + result["eliminated"][::-1]
    # The final showdown with its reasons.
    final = page.locator(".stb-result .final-showdown")
    ls = state.d["last_showdown"]
    assert final.get_attribute("data-deal") == str(ls["deal"])
    assert final.get_attribute("data-losers") == ",".join(map(str, ls["losers"]))
    assert "eliminated" in final.inner_text()
    text = score.inner_text()
    assert "Winner" in text and "You" in text
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_pass_and_play_hides_hands_and_bad_moves_are_refused_in_japanese(page, server):
    open_game(page, server, lang="ja")
    form = page.locator("form.setup").inner_text()
    assert "得点方式" in form and "最初のライフ" in form and "ブリッツ" in form
    setup_and_start(page, players=2, lives=1, mode="hotseat")
    # Seat 0 deals, so seat 1 (Player 2) plays first: a pass screen, no cards in sight.
    assert page.locator("body[data-screen=pass]").count() == 1
    assert page.locator(".card").count() == 0
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(".me .hand .card", timeout=30_000)
    assert page.locator(".me .hand .card").count() == 3
    assert "バスを止める" in page.locator("button[data-action='stop']").inner_text()

    # Malformed, out-of-turn and out-of-phase moves: refused with a reason, nothing changes.
    before = page.evaluate("tabletop.call('view', 1)")
    for seat, action, words in [(1, "play ZZ", "play"), (1, "discard ZZ", "draw"), (1, "draw deck", "draw stock"),
                                (0, "stop", "")]:
        refused = page.evaluate(f"tabletop.call('act', {seat}, '{action}')")
        assert refused["ok"] is False and refused["error"], refused
        assert words in refused["error"], refused
    assert page.evaluate("tabletop.call('view', 1)") == before
    assert saved_log(page)["actions"] == []

    # Player 2 stops the bus: the phone goes to Player 1, and the pass screen hides both hands.
    page.click("button[data-action='stop']")
    page.wait_for_selector("body[data-screen=pass]", timeout=30_000)
    assert page.locator(".card").count() == 0
    assert "プレイヤー1" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(".me .hand .card", timeout=30_000)
    assert page.locator("button[data-action='stop']").count() == 0  # once per deal
    assert "プレイヤー2がバスを止めました" in page.locator(".stop-banner").inner_text()
    assert "最後の手番" in page.locator(".prompt").inner_text()
    # Player 1's last turn: draw from the stock, then discard the drawn card.
    page.click("button[data-action='draw stock']")
    page.wait_for_selector(".me .hand button.card.lit", timeout=30_000)
    assert page.locator(".me .hand .card").count() == 4
    page.locator(".me .hand .card.drawn").click()
    # The showdown: both hands, the worse one named and its reason.
    page.wait_for_selector(".stb-showdown", timeout=30_000)
    sheet = page.locator(".stb-showdown")
    ls = showdowns_of(saved_log(page))[1]
    assert sheet.get_attribute("data-deal") == "1"
    assert sheet.get_attribute("data-losers") == ",".join(map(str, ls["losers"]))
    assert sheet.locator("li.sd-row").count() == 2
    assert "最も弱い手役" in sheet.inner_text()
    assert not page.errors, page.errors
