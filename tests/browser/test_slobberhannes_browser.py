"""Slobberhannes end to end in real Chromium, at phone size: a whole game (short loss limit) by
clicking against three computer seats, the result checked against CPython's replay of the saved
log, refused moves, and pass-and-play hiding the hand between two people; and on a phone in
Japanese at the default pace: the table on one screen, computer moves you can follow, finished
tricks, taps on unplayable cards explained, the result sheet."""

import time

from helpers import (
    computer_gaps,
    finished_trick,
    latin_words,
    open_game,
    open_menu,
    open_replay,
    overflow,
    play_to_end,
    saved_log,
    set_speed,
    shoot,
    start_new,
    wait_my_turn,
    within_viewport,
)

from tabletop.session import replay

SLUG = "slobberhannes"
SAVE_KEY = "tabletop:save:slobberhannes"


def check_refusals(page):
    """Malformed, out-of-turn and not-following moves are refused with a reason; nothing changes."""
    before = page.evaluate("tabletop.call('view', 0)")["view"]
    assert before["to_act"] == 0 and before["legal_actions"]
    refused = page.evaluate("tabletop.call('act', 0, 'play ZZ')")
    assert refused["ok"] is False and "ZZ" in refused["error"], refused
    other = page.evaluate("tabletop.call('view', 2)")["view"]
    refused = page.evaluate(f"tabletop.call('act', 2, 'play {other['hand'][0]}')")
    assert refused["ok"] is False and refused["error"], refused
    unlit = [c for c in before["hand"] if f"play {c}" not in before["legal_actions"]]
    if unlit:  # a card that does not follow suit while the seat can follow
        refused = page.evaluate(f"tabletop.call('act', 0, 'play {unlit[0]}')")
        assert refused["ok"] is False and "must follow" in refused["error"], refused
        assert page.locator(f".hand .card[data-card='{unlit[0]}']").count() == 1
        assert (
            page.locator(f".hand button.card.lit[data-card='{unlit[0]}']").count() == 0
        )  # not lit
        # Tapped anyway, it plays nothing and says why, next to the hand.
        moves = len(saved_log(page, SLUG)["actions"])
        page.locator(f".hand button.card[data-card='{unlit[0]}']").click(force=True)
        page.wait_for_selector(".dock .reason.shown")
        suit = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[
            before["trick"][0][1][-1]
        ]
        assert (
            page.locator(".dock .reason").inner_text()
            == f"You must follow suit: play a card of {'♠♥♦♣'['SHDC'.index(before['trick'][0][1][-1])]} {suit}."
        )
        assert len(saved_log(page, SLUG)["actions"]) == moves
    after = page.evaluate("tabletop.call('view', 0)")["view"]
    assert after == before
    assert saved_log(page, SLUG)["actions"] == page.evaluate(
        f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).log.actions"
    )


def test_full_game_against_three_computers_shows_the_engine_result(page, server, sink):
    open_game(page, server, SLUG)
    assert page.locator("body[data-screen=setup]").count() == 1
    form = page.locator("form.setup").inner_text()
    assert "Loss limit" in form and "Revoke" in form
    page.select_option("select[name=players]", "4")
    page.fill("input[name=loss_limit]", "3")
    page.locator("input[name=loss_limit]").dispatch_event("change")
    page.check("input[name=mode][value=bot]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    log = saved_log(page, SLUG)
    assert log["players"] == 4 and log["options"]["loss_limit"] == 3

    # Seat 0 deals, so the three computers lead the first trick before the human plays.
    wait_my_turn(page)
    assert page.locator(".ring .chip").count() == 3
    assert page.locator(".warn[data-warn=first]").count() == 1
    assert page.locator(".trick .played").count() == 3
    assert "game ends at 3 points" in page.locator(".slob-info").inner_text()
    assert page.locator(".slob-me").get_attribute("data-penalty") == "0"
    check_refusals(page)

    deal_panels = {}
    deadline = time.time() + 240
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game did not finish in time"
        try:
            panel = page.locator(".slob-deal.fresh")
            if panel.count():
                deal_panels[panel.get_attribute("data-deal", timeout=1000)] = (
                    panel.get_attribute("data-penalties", timeout=1000),
                    panel.inner_text(timeout=1000),
                )
            lit = page.locator(".hand button.card.lit")
            if lit.count():
                lit.first.click(timeout=5000)
            else:
                page.wait_for_timeout(50)
        except (
            Exception
        ):  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(50)

    state, log = replay(saved_log(page, SLUG))
    assert state.is_over()
    result = state.result()
    score = page.locator(".slob-result")
    assert score.get_attribute("data-penalties") == ",".join(map(str, result["penalties"]))
    assert score.get_attribute("data-losers") == ",".join(map(str, result["losers"]))
    assert score.get_attribute("data-deals-played") == str(result["deals_played"])
    assert score.get_attribute("data-deal-penalties") == ";".join(
        ",".join(map(str, d["penalties"])) for d in result["deals"]
    )
    assert max(result["penalties"]) >= 3
    text = score.inner_text()
    assert "no winner" in text
    heading = page.locator(".slob-result h2").inner_text()
    if result["losers"] == [0]:
        assert heading == "You lose"
    else:
        assert heading.endswith("lose" if len(result["losers"]) > 1 else "loses"), heading
    for seat in result["losers"]:
        assert (
            page.locator(f".slob-result tr[data-seat='{seat}']").get_attribute("class") == "loser"
        )
    # Every deal's reasons: the first trick, the queen of clubs and the last trick each cost 1.
    for i, d in enumerate(result["deals"]):
        line = page.locator(f".slob-result ol.deals > li[data-deal='{i + 1}']").inner_text()
        for _key, words in (
            ("first", "first trick +1"),
            ("queen", "Q♣ +1"),
            ("last", "last trick +1"),
        ):
            assert words in line
        if d["first"] == d["queen"] == d["last"]:
            assert "all three +1" in line
    # The end-of-deal panels seen at the table showed the engine's record of that deal.
    for deal, (penalties, panel_text) in deal_panels.items():
        record = result["deals"][int(deal) - 1]
        assert penalties == ",".join(map(str, record["penalties"]))
        assert "first trick +1" in panel_text
    assert len(log["actions"]) == 32 * result["deals_played"]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_pass_and_play_hides_the_hand_between_people_in_japanese(page, server):
    open_game(page, server, SLUG, lang="ja")
    assert "終了する失点" in page.locator("form.setup").inner_text()
    page.select_option("select[name=players]", "3")
    page.check("input[name=mode][value=hotseat]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=pass]", timeout=120_000)
    # Seat 0 deals, seat 1 (Player 2) leads: the phone goes to Player 2 with no hand on screen.
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 10  # 3 players: 30 cards, 10 each
    assert page.locator(".ring .chip").count() == 2
    assert "あなたの番です" in page.locator(".prompt").inner_text()
    page.locator(".hand button.card.lit").first.click()
    page.wait_for_selector("body[data-screen=pass]")
    assert "プレイヤー3" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".trick .played").count() == 1
    assert page.locator(".ring .chip[data-seat='1']").get_attribute("data-cards") == "9"
    assert not page.errors, page.errors


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, four players, the default pace: setup, table and result no wider than the
    phone; the hand and the trick on screen on the player's turn; computer actions at least 0.4 s
    apart (the page's own timestamps); a finished trick on view with its winner after its last
    card; the result sheet closes to show the final table and opens again."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "slobberhannes-ja-setup-360x640")
    start_new(page, players=4, loss_limit=2)
    # The menu stays open while the computers play (the table is redrawn under it).
    open_menu(page)
    page.wait_for_function("window.tabletop.events.some(e => e.kind === 'bot')", timeout=30_000)
    assert page.locator(".menu-panel").is_visible()
    page.keyboard.press("Escape")
    finished_seen = 0
    refusal_seen = False
    deadline = time.time() + 120
    while len(saved_log(page, SLUG)["actions"]) < 12:  # three tricks at the default pace
        assert time.time() < deadline, "three tricks took too long"
        finished = finished_trick(page)
        if finished:
            assert sorted(finished["seats"]) == [0, 1, 2, 3] and finished["won"] == [
                finished["winner"]
            ], finished
            if not finished_seen:
                shoot(page, "slobberhannes-ja-finished-trick-360x640")
                # A tap collects it and the table goes on (clicked in the page, in one step,
                # so the computer cannot lead over it between finding and tapping).
                if page.evaluate(
                    "(() => { const t = document.querySelector('.trick[data-state=finished]'); t?.click(); return !!t; })()"
                ):
                    page.wait_for_selector(
                        ".trick[data-state=empty], .trick[data-state=playing]", timeout=5_000
                    )
            finished_seen += 1
        lit = page.locator(".hand button.card.lit")
        unlit = page.locator(".hand button.card.unlit")
        if (
            not refusal_seen
            and lit.count()
            and unlit.count()
            and page.locator(".trick[data-state=playing]").count()
        ):
            # A card that does not follow suit: tapped, it says why in Japanese, next to the hand.
            moves = len(saved_log(page, SLUG)["actions"])
            unlit.first.click(force=True)
            page.wait_for_selector(".dock .reason.shown")
            reason = page.locator(".dock .reason").inner_text()
            assert reason.startswith("フォローが必要です") and latin_words(reason) == [], reason
            assert len(saved_log(page, SLUG)["actions"]) == moves
            refusal_seen = True
            shoot(page, "slobberhannes-ja-refusal-360x640")
            continue
        if lit.count():
            assert (
                within_viewport(page, ".hand")
                and within_viewport(page, ".trick")
                and overflow(page) <= 0
            )
            if not page.locator(".trick[data-state=finished]").count():
                shoot(page, "slobberhannes-ja-turn-360x640")
            lit.first.click()
        page.wait_for_timeout(60)
    assert finished_seen >= 1, "no finished trick was on view after a trick's last card"
    gaps = computer_gaps(page)
    assert len(gaps) >= 6 and min(gaps) >= 0.4, gaps
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    set_speed(page, "instant")
    play_to_end(page)
    assert overflow(page) <= 0
    shoot(page, "slobberhannes-ja-result-360x640")
    page.click("section.result button.close-sheet")
    assert not page.locator("section.result").is_visible()
    shoot(page, "slobberhannes-ja-final-table-360x640")
    page.click("button.show-result")
    assert page.locator("section.result").is_visible()
    text = page.locator("section.result").inner_text()
    assert latin_words(text) == [], latin_words(text)
    # The game just played in the replay viewer: every move in words, no live prompt.
    open_replay(page, server, saved_log(page, SLUG))
    text = page.locator("main").inner_text()
    assert latin_words(text) == [] and page.locator(".last-move").inner_text(), latin_words(text)
    assert (
        not page.locator(".table button.lit").count()
        and not page.locator(".dock .reason.shown").count()
    )
    assert overflow(page) <= 0
    shoot(page, "slobberhannes-ja-replay-360x640")
    assert page.errors == []
