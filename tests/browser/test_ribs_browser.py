"""Ribs end to end in real Chromium, at phone size: a whole 4-player game (one deal, the shortest)
by clicking against three computer seats, its result checked against CPython's replay of the
saved log; pass-and-play hiding the hand between seats; refused moves that change nothing."""
import json
import random
import time

from tabletop.session import replay

SAVE_KEY = "tabletop:save:ribs"


def open_game(page, server, lang="en"):
    page.goto(f"{server}/?game=ribs&lang={lang}&botdelay=0")
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table]", timeout=120_000)


def start_new(page, mode="bot", players=4):
    page.select_option("select[name=players]", str(players))
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table], body[data-screen=pass]", timeout=120_000)


def saved_log(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["log"]


def take_turn(page, rng, counts):
    """Do one click of whatever the human may do now; True if something was clicked."""
    bids = page.locator(".bid-buttons button.choice:not([disabled])")
    if bids.count():
        n = bids.count()
        bids.nth(rng.randrange(n)).click(timeout=5000)
        counts["auction"] += 1
        return True
    verbs = page.locator(".ribs-actions button[data-verb]")
    if not verbs.count():
        return False
    enabled = page.locator(".ribs-actions button[data-verb]:not([disabled])")
    if enabled.count() == 0:
        # Pick two cards: tap lit cards until two are selected.
        page.locator(".ribs-hand button.card.lit:not(.selected)").first.click(timeout=5000)
        return True
    names = [enabled.nth(i).get_attribute("data-verb") for i in range(enabled.count())]
    verb = "fold" if "fold" in names and rng.random() < 0.3 else [v for v in names if v != "fold"][0]
    page.click(f".ribs-actions button[data-verb={verb}]:not([disabled])", timeout=5000)
    counts[verb] += 1
    return True


def play_to_end(page, rng, counts, limit_s=240):
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return
        try:
            if not take_turn(page, rng, counts):
                page.wait_for_timeout(50)
        except Exception:  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(50)
    raise AssertionError("the game did not finish in time")


def test_full_game_against_the_computer_shows_the_engine_result(page, server, sink):
    open_game(page, server)
    assert page.locator("body[data-screen=setup]").count() == 1
    form = page.locator("form.setup").inner_text()
    assert "Lemons" in form and "Face-up fourth trick" in form and "Deals in the game" in form
    assert page.input_value("input[name=deals]") == "1"  # one deal: the shortest game
    start_new(page)
    page.wait_for_selector(".ribs-table", timeout=60_000)
    assert page.locator(".ribs-table .seats .chip").count() == 4
    assert page.locator(".ribs-hand .card").count() == 8
    # No horizontal scrolling at 360 px.
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    rng = random.Random(4)
    counts = {"auction": 0, "lead": 0, "play": 0, "fold": 0}
    # Play until the human's first card play to look at the table mid-trick.
    deadline = time.time() + 120
    while not page.locator(".ribs-actions button[data-verb]").count():
        assert time.time() < deadline, "the human's first card play did not come"
        if page.locator("section.result").count():
            break
        try:
            if not take_turn(page, rng, counts):
                page.wait_for_timeout(50)
        except Exception:
            page.wait_for_timeout(50)
    if page.locator(".ribs-actions button[data-verb]").count():
        view = page.evaluate("tabletop.call('view', 0)")["view"]
        chips = page.locator(".ribs-table .seats .chip")
        for seat in range(4):
            assert chips.nth(seat).get_attribute("data-cards") == str(view["hand_counts"][seat])
        # The leader is marked and the contract shown; its ribs lie face down for the others.
        leader = view["leader"]
        assert page.locator(".contract").get_attribute("data-leader") == str(leader)
        assert page.locator(".contract").get_attribute("data-bid") == str(view["bid"])
        if leader != 0:
            assert page.locator(f".chip[data-seat='{leader}'] .chip-cards .card.back").count() == 2
        # Face-up plays so far are shown on their seats' chips (the trick: [[seat, cards | null], ...]).
        assert view["trick"][0][0] == leader
        for seat, cards in view["trick"][1:]:
            if cards is not None and seat not in view["folded"]:
                shown = page.locator(f".chip[data-seat='{seat}'] .chip-cards .card").evaluate_all(
                    "els => els.map(e => e.dataset.card)")
                assert sorted(shown) == sorted(cards)
    play_to_end(page, rng, counts)

    score = page.locator(".ribs-result")
    state, log = replay(saved_log(page))
    assert state.is_over()
    result = state.result()
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert score.get_attribute("data-winner") == ("tie" if result["winner"] is None else str(result["winner"]))
    assert score.get_attribute("data-deal-scores") == ";".join(",".join(map(str, d)) for d in result["deal_scores"])
    # Every seat's line: its score and the reason (the cards won and their points).
    for seat in range(4):
        line = score.locator(f"ol.final li[data-seat='{seat}']")
        assert line.get_attribute("data-score") == str(result["scores"][seat])
        assert f"cards won: {result['scores'][seat]} points" in line.inner_text()
    title = score.locator("h2").inner_text()
    assert "Winner" in title or "Joint winners" in title
    # The last trick stays viewable on the table, with how it was resolved.
    last = state.d["last_trick"]
    box = page.locator(".ribs-table .ribs-last .trick-box")
    assert box.get_attribute("data-trick") == "4"
    assert box.get_attribute("data-matcher") == ("none" if last["matcher"] is None else str(last["matcher"]))
    assert box.get_attribute("data-total") == str(last["leader_total"])
    # The human took part by clicking: bids or passes, and two-card plays.
    assert all(a == " ".join(a.split()) for _, a in log["actions"])  # the engine's own spelling
    human = [a for s, a in log["actions"] if s == 0]
    assert counts["auction"] >= 1 and counts["lead"] + counts["play"] + counts["fold"] >= 1
    assert len([a for a in human if a.split()[0] in ("lead", "play", "fold")]) == 4
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_hotseat_hides_hands_and_refuses_bad_moves_in_japanese(page, server, sink):
    open_game(page, server, lang="ja")
    form = page.locator("form.setup").inner_text()
    assert "レモン" in form and "ディール数" in form
    start_new(page, mode="hotseat")
    # The dealer is seat 0, so seat 1 (プレイヤー2) opens the auction: the phone goes to it first.
    assert page.locator("body[data-screen=pass]").count() == 1
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".ribs-hand .card")
    assert page.locator(".ribs-hand .card").count() == 8
    # The opening bid is forced: one button, one tap.
    bids = page.locator(".bid-buttons button.choice")
    assert bids.count() == 1 and bids.first.get_attribute("data-action") == "bid 2"

    # Malformed and illegal moves are refused with a reason, and nothing changes.
    before = page.evaluate("tabletop.call('view', 1)")["view"]
    refused = page.evaluate("tabletop.call('act', 1, 'play ZZ AS')")
    assert refused["ok"] is False and refused["code"] == "wrong_move" and refused["params"]["verbs"] == ["bid", "pass"]
    refused = page.evaluate("tabletop.call('act', 1, 'bid 5')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == ("opener_bids_two", {"n": 2})
    refused = page.evaluate("tabletop.call('act', 2, 'pass')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == ("not_your_turn", {"seat": 2})
    after = page.evaluate("tabletop.call('view', 1)")["view"]
    assert after == before
    assert saved_log(page)["actions"] == []

    bids.first.click()
    # Player 2 has bid: the hand is hidden until プレイヤー3 takes the phone.
    page.wait_for_selector("body[data-screen=pass]")
    assert "プレイヤー3" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".ribs-hand .card")
    assert page.locator(".ribs-hand .card").count() == 8
    actions = page.locator(".bid-buttons button.choice").evaluate_all("els => els.map(e => e.dataset.action)")
    assert sorted(actions) == ["bid 3", "pass"]
    assert "最高ビッド 2" in page.locator(".stage").inner_text()
    assert saved_log(page)["actions"] == [[1, "bid 2"]]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()
