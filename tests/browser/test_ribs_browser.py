"""Ribs end to end in real Chromium, at phone size: a whole 4-player game (one deal, the shortest)
by tapping against three computer seats, its result checked against CPython's replay of the saved
log; pass-and-play hiding the hand between seats; refused moves that change nothing; and on a
phone in Japanese at the default pace with ten players: the others as a strip, the hand and every
pair on one screen, computer moves you can follow, the resolved trick on view, a card tapped
during the bidding explained, the result sheet and the replay viewer in Japanese."""

import random
import time

from helpers import (
    computer_gaps,
    engine_view,
    finish_in_japanese,
    finished_trick,
    latin_words,
    open_game,
    overflow,
    replay_in_japanese,
    saved_log,
    shoot,
    start_new,
    within_viewport,
)

from tabletop.session import replay

SLUG = "ribs"


def take_turn(page, rng, counts):
    """One tap of whatever the human may do now; True if something was tapped. Calls at random;
    a pair: two lit cards, then face up (now and then folded)."""
    calls = page.locator(".ribs-prompt button.choice[data-action]")
    if calls.count():
        calls.nth(rng.randrange(calls.count())).click(timeout=5000)
        counts["auction"] += 1
        return True
    ready = page.locator(".dock button.confirm:not([disabled])")
    if ready.count():
        verbs = [ready.nth(i).get_attribute("data-verb") for i in range(ready.count())]
        verb = (
            "fold"
            if "fold" in verbs and rng.random() < 0.3
            else [v for v in verbs if v != "fold"][0]
        )
        page.click(f".dock button.confirm[data-verb={verb}]", timeout=5000)
        counts[verb] += 1
        return True
    lit = page.locator(".hand button.card.lit")
    if lit.count():
        lit.first.click(timeout=5000)
        return True
    return False


def play_until(page, rng, counts, done, limit_s=240):
    """Tap until done() holds. A redraw may replace an element between finding and tapping it:
    that tap is simply tried again (no assertion is inside the try)."""
    deadline = time.time() + limit_s
    while not done():
        assert time.time() < deadline, "the table did not get there in time"
        try:
            tapped = take_turn(page, rng, counts)
        except Exception:  # the element went away under a redraw: look again
            tapped = False
        if not tapped:
            page.wait_for_timeout(50)


def test_full_game_against_the_computer_shows_the_engine_result(page, server, sink):
    open_game(page, server, SLUG)
    form = page.locator("form.setup").inner_text()
    assert "Lemons" in form and "Face-up fourth trick" in form and "Deals in the game" in form
    assert page.input_value("input[name=deals]") == "1"  # one deal: the shortest game
    start_new(page, players=4)
    assert page.locator(".ring .chip").count() == 3
    assert page.locator(".hand .card").count() == 8
    assert overflow(page) <= 0

    rng = random.Random(4)
    counts = {"auction": 0, "lead": 0, "play": 0, "fold": 0}
    # Play until the human's first pair to look at the table mid-trick.
    play_until(
        page,
        rng,
        counts,
        lambda: (
            page.locator(".dock button.confirm[data-verb]").count()
            or page.locator("section.result").count()
        ),
    )
    if page.locator(".dock button.confirm[data-verb]").count():
        view = engine_view(page)
        for seat in (1, 2, 3):
            assert page.locator(f".ring .chip[data-seat='{seat}']").get_attribute(
                "data-cards"
            ) == str(view["hand_counts"][seat])
        # The leader's contract is shown; its ribs lie face down for the others.
        leader = view["leader"]
        assert "leads for" in page.locator(".ribs-trick .trick-label").inner_text()
        assert view["trick"][0][0] == leader
        if leader != 0:
            assert (
                page.locator(f".ribs-trick .played[data-seat='{leader}'] .card.back").count() == 2
            )
        # Face-up pairs so far are in the middle (the trick: [[seat, cards | null], ...]).
        for seat, cards in view["trick"][1:]:
            if cards is not None and seat not in view["folded"]:
                shown = page.locator(f".ribs-trick .played[data-seat='{seat}'] .card").evaluate_all(
                    "els => els.map(e => e.dataset.card)"
                )
                assert sorted(shown) == sorted(cards)
    play_until(page, rng, counts, lambda: page.locator("section.result").count())

    score = page.locator(".ribs-result")
    state, log = replay(saved_log(page, SLUG))
    assert state.is_over()
    result = state.result()
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert score.get_attribute("data-winner") == (
        "tie" if result["winner"] is None else str(result["winner"])
    )
    assert score.get_attribute("data-deal-scores") == ";".join(
        ",".join(map(str, d)) for d in result["deal_scores"]
    )
    # Every seat's line: its score and the reason (the cards won and their points).
    for seat in range(4):
        line = score.locator(f"ol.final li[data-seat='{seat}']")
        assert line.get_attribute("data-score") == str(result["scores"][seat])
        assert f"worth {result['scores'][seat]}" in line.inner_text()
    title = score.locator("h2").inner_text()
    assert "win" in title or "Joint winners" in title
    # The deal's tricks, each with how it was resolved.
    last = state.d["last_trick"]
    line = page.locator(".ribs-result .ribs-tricks li[data-trick='4']")
    assert line.get_attribute("data-matcher") == (
        "none" if last["matcher"] is None else str(last["matcher"])
    )
    assert line.get_attribute("data-total") == str(last["leader_total"])
    # The human took part by tapping: bids or passes, and two-card plays.
    assert all(a == " ".join(a.split()) for _, a in log["actions"])  # the engine's own spelling
    human = [a for s, a in log["actions"] if s == 0]
    assert counts["auction"] >= 1 and counts["lead"] + counts["play"] + counts["fold"] >= 1
    assert len([a for a in human if a.split()[0] in ("lead", "play", "fold")]) == 4
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_hotseat_hides_hands_and_refuses_bad_moves_in_japanese(page, server, sink):
    open_game(page, server, SLUG, lang="ja")
    form = page.locator("form.setup").inner_text()
    assert "レモン" in form and "ディール数" in form
    start_new(page, mode="hotseat", players=4)
    # The dealer is seat 0, so seat 1 (プレイヤー2) opens the auction: the phone goes to it first.
    assert page.locator("body[data-screen=pass]").count() == 1
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 8
    # The opening bid is forced: one button, one tap.
    calls = page.locator(".ribs-prompt button.choice")
    assert calls.count() == 1 and calls.first.get_attribute("data-action") == "bid 2"

    # Malformed and illegal moves are refused with a reason, and nothing changes.
    before = engine_view(page, 1)
    refused = page.evaluate("tabletop.call('act', 1, 'play ZZ AS')")
    assert (
        refused["ok"] is False
        and refused["code"] == "wrong_move"
        and refused["params"]["verbs"] == ["bid", "pass"]
    )
    refused = page.evaluate("tabletop.call('act', 1, 'bid 5')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == (
        "opener_bids_two",
        {"n": 2},
    )
    refused = page.evaluate("tabletop.call('act', 2, 'pass')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == (
        "not_your_turn",
        {"seat": 2},
    )
    assert engine_view(page, 1) == before
    assert saved_log(page, SLUG)["actions"] == []
    # A card tapped at the forced opening bid: the one button to tap is named, no pass offered.
    page.locator(".hand button.card").first.click(force=True)
    page.wait_for_selector(".dock .reason.shown[data-code=hand_in_auction]")
    reason = page.locator(".dock .reason").inner_text()
    assert "上の「2をビッド」をタップしてください" in reason and "パス" not in reason, reason
    assert saved_log(page, SLUG)["actions"] == []

    calls.first.click()
    # Player 2 has bid: the hand is hidden until プレイヤー3 takes the phone.
    page.wait_for_selector("body[data-screen=pass]")
    assert "プレイヤー3" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 8
    actions = page.locator(".ribs-prompt button.choice").evaluate_all(
        "els => els.map(e => e.dataset.action)"
    )
    assert sorted(actions) == ["bid 3", "pass"]
    assert "最高ビッド 2" in page.locator(".ribs-trick").inner_text()
    assert saved_log(page, SLUG)["actions"] == [[1, "bid 2"]]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, ten players, the default pace: the nine others in a one-line strip; setup,
    table and result no wider than the phone; the hand and the pairs on screen on the player's
    turn; computer actions at least 0.4 s apart; the resolved trick on view with where each pair
    went; a card tapped during the bidding says why in Japanese; the result sheet and the replay
    viewer in Japanese."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "ribs-ja-setup-360x640")
    start_new(page, players=10)
    assert page.locator(".ring.strip .chip").count() == 9
    rng = random.Random(2)
    counts = {"auction": 0, "lead": 0, "play": 0, "fold": 0}
    finished_seen = refusal_seen = turn_seen = False
    deadline = time.time() + 200
    while len(engine_view(page)["history"]) < 1 or not finished_seen:
        assert time.time() < deadline, "the first trick took too long"
        finished = finished_trick(page)
        if finished and not finished_seen:
            last = engine_view(page)["history"][-1]
            assert (
                sorted(finished["seats"]) == list(range(10))
                and finished["winner"] == last["winner"]
            ), finished
            assert page.locator(".ribs-trick[data-state=finished] .note").count() == 10
            shoot(page, "ribs-ja-finished-trick-360x640")
            finished_seen = True
        if not refusal_seen and page.locator(".ribs-prompt button.choice").count():
            # A card tapped during the bidding: nothing is played, and the reason says what is
            # asked now, with the labels of the buttons to tap (not the common 「今はその手は…」).
            moves = len(saved_log(page, SLUG)["actions"])
            labels = page.locator(".ribs-prompt button.choice").all_inner_texts()
            page.locator(".hand button.card").first.click(force=True)
            page.wait_for_selector(".dock .reason.shown")
            reason = page.locator(".dock .reason").inner_text()
            code = page.locator(".dock .reason").get_attribute("data-code")
            assert code == "hand_in_auction" and "今はその手" not in reason, (code, reason)
            assert "はまだ出せません。今は第" in reason and "トリックのビッド中です" in reason, (
                reason
            )
            assert all(f"「{label.strip()}」" in reason for label in labels), (labels, reason)
            assert latin_words(reason) == [], reason
            assert within_viewport(page, ".dock .reason"), "the reason is below the fold"
            assert len(saved_log(page, SLUG)["actions"]) == moves
            refusal_seen = True
            shoot(page, "ribs-ja-refusal-360x640")
        if page.locator(".hand button.card.lit").count():
            assert (
                within_viewport(page, ".hand")
                and within_viewport(page, ".ribs-trick")
                and overflow(page) <= 0
            )
            if not turn_seen and page.locator(".ribs-trick .played").count() >= 4:
                shoot(page, "ribs-ja-turn-360x640")
                turn_seen = True
        try:
            tapped = take_turn(page, rng, counts)
        except Exception:  # the element went away under a redraw: look again
            tapped = False
        if not tapped:
            page.wait_for_timeout(60)
    assert refusal_seen
    gaps = computer_gaps(page)
    assert len(gaps) >= 6 and min(gaps) >= 0.4, gaps
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    finish_in_japanese(page, SLUG)
    # The replay viewer: every move said in Japanese, from the deal to the result.
    replay_in_japanese(page, server, SLUG, steps=12)
    assert page.errors == []
