"""Stop the Bus end to end in real Chromium, at phone size: a whole game against two computers
(3 players, 1 starting life), every showdown sheet checked against the engine and holding the
computer's play until the player goes on, the result checked against CPython's replay of the
saved log; a player knocked out skips to the end, or watches, in one tap; pass-and-play hides the
hand and refuses bad moves; and on a phone in Japanese: the table on one screen for 2 to 10
players, computer moves you can follow at the default pace, a tap that cannot be used explained,
the result sheet and the replay viewer in Japanese words only."""

import json
import time

from helpers import (
    computer_events,
    computer_gaps,
    latin_words,
    open_game,
    open_menu,
    open_replay,
    overflow,
    save_key,
    saved_log,
    set_speed,
    shoot,
    start_new,
    within_viewport,
)

from tabletop import get_game
from tabletop.session import replay

SLUG = "stop_the_bus"
SHEET = ".stb-showdown"


def showdowns_of(log):
    """Every showdown of the logged game by deal number, as the engine's state records it."""
    state = get_game(SLUG).new_state(
        players=log["players"], options=log["options"], seed=log["seed"], setup=log.get("setup")
    )
    out = {}
    for seat, action in log["actions"]:
        state.apply(seat, action)
        if state.d["last_showdown"] is not None:
            out[state.d["last_showdown"]["deal"]] = state.d["last_showdown"]
    return out


# Ranks are shown with non-breaking hyphens (A‑K‑5 stays on one line); read back as the engine's "-".
SHEET_JS = """el => {
    const text = (e) => e.innerText.replace(/\u2011/g, '-');
    return {
    deal: Number(el.dataset.deal), losers: el.dataset.losers, best: el.dataset.best, void: el.dataset.void,
    text: text(el),
    rows: [...el.querySelectorAll('li.sd-row')].map(r => ({
        seat: Number(r.dataset.seat), delta: r.dataset.delta, name: text(r.querySelector('.sd-name')),
        cards: [...r.querySelectorAll('.sd-hand .card')].map(c => c.dataset.card),
        reasons: r.querySelector('ul.reasons') ? text(r.querySelector('ul.reasons')) : null})),
}}"""


def check_sheet(page):
    """The open showdown sheet against the engine's showdown of that deal (English words)."""
    got = page.locator(SHEET).evaluate(SHEET_JS)
    want = showdowns_of(saved_log(page, SLUG))[got["deal"]]
    assert got["losers"] == ",".join(map(str, want["losers"])) and got["best"] == ",".join(
        map(str, want["best"])
    )
    assert got["void"] == ("1" if want["void"] else "0")
    scores = {x["seat"]: x for x in want["scores"]}
    rows = {r["seat"]: r for r in got["rows"]}
    assert sorted(rows) == [h[0] for h in want["hands"]]
    for seat, name, *cards in want["hands"]:
        row = rows[seat]
        assert row["name"] == name and sorted(row["cards"]) == sorted(
            cards
        )  # e.g. "high card K-9-5"
        if seat in scores and not want["void"]:
            assert row["delta"] == str(scores[seat]["lives"])
            assert (
                f"worst hand: {name}" in row["reasons"]
            )  # the reason says which hand was the worst
    assert "Worst hand" in got["text"] or "Void" in got["text"]
    return got


def take_turn(page, turn_no):
    """What the human may do now, varied by turn: draw, take the discard or stop; then discard."""
    lit = page.locator(".hand button.card.lit")
    if lit.count():
        lit.first.click(timeout=5000)
        return True
    stock = page.locator(".stb-center button.card.lit[data-token=stock]")
    pile = page.locator(".stb-center button.card.lit[data-token=discard]")
    stop = page.locator(".stb-center button[data-action=stop]")
    options = [x for x in (stock, pile, stop) if x.count()]
    if not options:
        return False
    options[turn_no % len(options)].click(timeout=5000)
    return True


def bot_events(page):
    return sum(1 for e in computer_events(page) if e["kind"] == "bot")


def play_with_sheets(page, limit_s=180):
    """Play to the result: every showdown sheet is checked; the first one before a computer's
    turn is shown to hold the game (nothing is played behind it) until Next deal. Once the
    human is knocked out, one tap on Skip to the end, and nothing more is tapped."""
    seen, held, skipped = [], False, None
    turns = 0
    deadline = time.time() + limit_s
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game did not finish in time"
        if skipped is not None:
            page.wait_for_timeout(50)
            continue
        try:
            if page.locator(SHEET).count():
                got = check_sheet(page)
                seen.append(got["deal"])
                view = page.evaluate("tabletop.call('view', 0)")["view"]
                if (
                    not held
                    and view["to_move"]
                    and view["to_move"][0] != 0
                    and view["phase"] != "over"
                ):
                    moves, bots = len(saved_log(page, SLUG)["actions"]), bot_events(page)
                    page.wait_for_timeout(1500)  # at botdelay=0 a computer would have moved at once
                    assert (
                        len(saved_log(page, SLUG)["actions"]) == moves and bot_events(page) == bots
                    )
                    waiting = page.locator(
                        ".table .prompt"
                    ).inner_text()  # says whose tap it waits for
                    assert "Next deal" in waiting and "Waiting for" not in waiting, waiting
                    page.click(f"{SHEET} button.ok")
                    page.wait_for_function(
                        f"window.tabletop.events.filter(e => e.kind === 'bot').length > {bots}",
                        timeout=30_000,
                    )
                    held = True
                elif page.locator(f"{SHEET} button.skip").count():
                    skipped = time.time()
                    page.click(f"{SHEET} button.skip")
                else:
                    page.click(f"{SHEET} button.ok", timeout=5000)
            elif take_turn(page, turns):
                turns += 1
            else:
                page.wait_for_timeout(40)
        except AssertionError:
            raise
        except Exception:  # a redraw replaced the element between finding and clicking: look again
            page.wait_for_timeout(40)
    return seen, held, skipped


def test_full_game_against_two_computers_shows_every_showdown_and_the_engine_result(
    page, server, sink
):
    open_game(page, server, SLUG)
    assert overflow(page) <= 0
    page.fill("input[name=starting_lives]", "1")
    page.locator("input[name=starting_lives]").dispatch_event("change")
    start_new(page, players=3)
    assert page.locator(".ring .chip").count() == 2
    assert page.locator(".ring .chip").nth(0).get_attribute("data-cards") in (
        "3",
        "4",
    )  # 4 while it discards
    assert page.locator(".my-seat .pips").get_attribute("data-lives") == "1"
    log = saved_log(page, SLUG)
    assert log["players"] == 3 and log["options"]["starting_lives"] == 1

    seen, held, skipped = play_with_sheets(page)
    assert seen, "no showdown sheet was seen"
    state, log = replay(saved_log(page, SLUG))
    assert state.is_over()
    result = state.result()
    score = page.locator(".stb-result")
    assert score.get_attribute("data-winner") == str(result["winner"])
    assert score.get_attribute("data-lives") == ",".join(map(str, result["lives"]))
    assert score.get_attribute("data-eliminated") == ",".join(map(str, result["eliminated"]))
    assert score.get_attribute("data-deals") == str(result["deals"])
    places = page.locator(".stb-result ol.standings li").evaluate_all(
        "els => els.map(e => Number(e.dataset.seat))"
    )
    assert places == [result["winner"]] + result["eliminated"][::-1]
    final = page.locator(".stb-result .final-showdown")
    assert final.get_attribute("data-losers") == ",".join(
        map(str, state.d["last_showdown"]["losers"])
    )
    assert "eliminated" in final.inner_text()
    assert ("You win" if result["winner"] == 0 else "Winner: Computer") in score.inner_text()
    if skipped is not None:  # knocked out: one tap on Skip, then the computers finished alone
        assert 0 in result["eliminated"]
    assert overflow(page) <= 0
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


# Seat 0 is floating (no lives left) with the worst hand there can be, and plays first.
KNOCKOUT = {
    "dealer": 2,
    "lives": [0, 2, 2],
    "deals": [
        {
            "hands": [["2C", "4D", "7H"], ["AS", "AH", "AD"], ["KS", "KH", "KD"]],
            "upcard": "3S",
            "stock": ["9C", "TC", "JC", "8S", "6S", "5S"],
        }
    ],
}


def knocked_out(page, server, lang="en"):
    """A game where the human stops the bus at once and is knocked out by the showdown."""
    open_game(page, server, SLUG, lang=lang)
    log = {"game": SLUG, "players": 3, "options": {}, "seed": 5, "setup": KNOCKOUT, "actions": []}
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [save_key(SLUG), json.dumps({"v": 1, "log": log, "mode": "bot", "level": "normal"})],
    )
    page.reload()
    page.wait_for_selector(".stb-center button[data-action=stop]", timeout=120_000)
    page.click(".stb-center button[data-action=stop]")
    page.wait_for_selector(f"{SHEET} button.skip", timeout=60_000)
    assert page.locator(f"{SHEET} li.sd-row[data-seat='0']").get_attribute("data-eliminated") == "1"


def test_a_player_knocked_out_skips_to_the_end_in_one_tap(page, server):
    knocked_out(page, server)
    assert "You are out" in page.locator(SHEET).inner_text()
    taps = bot_events(page)
    started = time.time()
    page.click(f"{SHEET} button.skip")  # the one tap: nothing else is tapped from here
    page.wait_for_selector("section.result", timeout=120_000)
    print(
        f"skip to the end: {bot_events(page) - taps} computer moves in {time.time() - started:.1f} s"
    )
    state, _ = replay(saved_log(page, SLUG))
    assert state.is_over() and state.result()["eliminated"][0] == 0
    assert page.locator(".stb-result").get_attribute("data-winner") == str(state.result()["winner"])
    assert not page.errors, page.errors


def test_a_player_knocked_out_watches_to_the_end_in_one_tap(page, server):
    knocked_out(page, server)
    page.click(f"{SHEET} button.watch")  # the one tap: later showdowns stay on the table, no sheet
    deadline = time.time() + 120
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the computers did not finish"
        assert page.locator(SHEET).count() == 0, "a sheet stopped the game of a player who is out"
        page.wait_for_timeout(50)
    assert replay(saved_log(page, SLUG))[0].is_over()
    assert not page.errors, page.errors


# Everyone has two lives; seat 0 (three aces) plays first and stops at once; seat 1 holds the
# worst hand. The next deal's dealer is seat 0, so a computer (seat 1) plays first in it.
HOLD = {
    "dealer": 2,
    "lives": [2, 2, 2],
    "deals": [
        {
            "hands": [["AS", "AH", "AD"], ["2C", "4D", "7H"], ["KS", "KH", "KD"]],
            "upcard": "3S",
            "stock": ["9C", "TC", "JC", "8S", "6S", "5S"],
        }
    ],
}


def test_the_showdown_sheet_holds_the_next_deal_until_the_player_goes_on(page, server):
    """No next deal is played behind the showdown sheet: at botdelay=0 a computer would move at
    once, yet the log does not grow while the sheet is open; one tap on OK and the computer plays."""
    open_game(page, server, SLUG)
    log = {"game": SLUG, "players": 3, "options": {}, "seed": 5, "setup": HOLD, "actions": []}
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [save_key(SLUG), json.dumps({"v": 1, "log": log, "mode": "bot", "level": "normal"})],
    )
    page.reload()
    page.wait_for_selector(".stb-center button[data-action=stop]", timeout=120_000)
    page.click(".stb-center button[data-action=stop]")
    page.wait_for_selector(f"{SHEET} button.ok", timeout=60_000)
    got = check_sheet(page)
    assert got["deal"] == 1 and "1" in got["losers"].split(","), got
    view = page.evaluate("tabletop.call('view', 0)")["view"]
    assert view["phase"] != "over" and view["to_move"] and view["to_move"][0] != 0, view["to_move"]
    moves, bots = len(saved_log(page, SLUG)["actions"]), bot_events(page)
    page.wait_for_timeout(
        1500
    )  # a window for a move that must not come (at botdelay=0 it would at once)
    assert len(saved_log(page, SLUG)["actions"]) == moves and bot_events(page) == bots
    assert page.locator(SHEET).is_visible()
    page.click(f"{SHEET} button.ok")
    page.wait_for_function(
        f"window.tabletop.events.filter(e => e.kind === 'bot').length > {bots}", timeout=30_000
    )
    assert len(saved_log(page, SLUG)["actions"]) > moves
    assert page.locator(SHEET).count() == 0
    assert not page.errors, page.errors


def test_pass_and_play_hides_hands_and_bad_moves_are_refused_in_japanese(page, server):
    open_game(page, server, SLUG, lang="ja")
    form = page.locator("form.setup").inner_text()
    assert "得点方式" in form and "最初のライフ" in form and "ブリッツ" in form
    start_new(page, mode="hotseat", players=2)
    # Seat 0 deals, so seat 1 (Player 2) plays first: a pass screen, no cards in sight.
    assert (
        page.locator("body[data-screen=pass]").count() == 1 and page.locator(".card").count() == 0
    )
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    page.click("button.reveal")
    page.wait_for_selector(".hand .card", timeout=30_000)
    assert page.locator(".hand .card").count() == 3
    assert "バスを止める" in page.locator(".stb-center button[data-action=stop]").inner_text()
    before = page.evaluate("tabletop.call('view', 1)")
    for seat, action, code in [
        (1, "play ZZ", "wrong_move"),
        (1, "discard AS", "draw_first"),
        (1, "draw deck", "draw_from_where"),
        (0, "stop", "not_your_turn"),
    ]:
        refused = page.evaluate(f"tabletop.call('act', {seat}, '{action}')")
        assert refused["ok"] is False and refused["code"] == code, refused
    assert page.evaluate("tabletop.call('view', 1)") == before
    # A card tapped before drawing says why, in Japanese, next to the hand.
    page.locator(".hand button.card").first.click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    assert (
        page.locator(".dock .reason").inner_text()
        == "捨てる前に1枚引いてください（またはバスを止めてください）。"
    )
    assert saved_log(page, SLUG)["actions"] == []
    # Player 2 stops the bus: the phone goes to Player 1, the pass screen hides both hands.
    page.click(".stb-center button[data-action=stop]")
    page.wait_for_selector("body[data-screen=pass]", timeout=30_000)
    assert (
        page.locator(".card").count() == 0
        and "プレイヤー1" in page.locator(".pass h2").inner_text()
    )
    page.click("button.reveal")
    page.wait_for_selector(".hand .card", timeout=30_000)
    assert page.locator(".stb-center button[data-action=stop]").count() == 0  # once per deal
    assert "プレイヤー2がバスを止めました" in page.locator(".stop-banner").inner_text()
    assert "最後の手番" in page.locator(".prompt").inner_text()
    page.click(".stb-center button.lit[data-token=stock]")
    page.wait_for_selector(".hand button.card.lit", timeout=30_000)
    assert page.locator(".hand .card").count() == 4
    page.click(".hand button.card[data-tag=drawn]")
    page.wait_for_selector(SHEET, timeout=30_000)
    sheet = page.locator(SHEET)
    ls = showdowns_of(saved_log(page, SLUG))[1]
    assert sheet.get_attribute("data-losers") == ",".join(map(str, ls["losers"]))
    assert sheet.locator("li.sd-row").count() == 2 and "最も弱い手役" in sheet.inner_text()
    assert latin_words(sheet.inner_text()) == [], latin_words(sheet.inner_text())
    assert not page.errors, page.errors


def my_turn(page, timeout_s=90):
    page.locator(".stb-center button.lit").first.wait_for(timeout=timeout_s * 1000)


def test_the_table_fits_one_phone_screen_for_every_player_count(phone_ja, server):
    """On the player's turn the hand and the piles are on screen without scrolling, at 360x640 and
    412x915, for 2 to 10 players; nothing is wider than the phone."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja")
    for players in range(2, 11):
        if players > 2:
            open_menu(page)
            page.click(".menu-panel .new")
            page.wait_for_selector("body[data-screen=setup]")
        start_new(page, players=players)
        my_turn(page)
        for width, height in ((360, 640), (412, 915)):
            page.set_viewport_size({"width": width, "height": height})
            assert within_viewport(page, ".hand") and within_viewport(page, ".stb-center"), (
                players,
                width,
            )
            assert overflow(page) <= 0, (players, width)
        if players in (4, 10):
            page.set_viewport_size({"width": 360, "height": 640})
            shoot(page, f"stop_the_bus-ja-{players}p-360x640")
        page.set_viewport_size({"width": 360, "height": 640})


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, five players, the default pace: setup, table and result no wider than
    the phone; computer actions at least 0.4 s apart; a card that cannot be used says why; the
    showdown sheet waits; the result sheet and the replay viewer show no English."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "stop_the_bus-ja-setup-360x640")
    page.fill("input[name=starting_lives]", "1")
    page.locator("input[name=starting_lives]").dispatch_event("change")
    start_new(page, players=5)
    my_turn(page)
    assert (
        within_viewport(page, ".hand")
        and within_viewport(page, ".stb-center")
        and overflow(page) <= 0
    )
    shoot(page, "stop_the_bus-ja-turn-360x640")
    moves = len(saved_log(page, SLUG)["actions"])
    page.locator(".hand button.card").first.click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    reason = page.locator(".dock .reason").inner_text()
    assert reason == "捨てる前に1枚引いてください（またはバスを止めてください）。", reason
    assert len(saved_log(page, SLUG)["actions"]) == moves
    shoot(page, "stop_the_bus-ja-refusal-360x640")
    page.click(".stb-center button.lit[data-token=stock]")
    page.locator(".hand button.card.lit").first.wait_for()
    shoot(page, "stop_the_bus-ja-discard-360x640")
    page.locator(".hand button.card.lit").first.click()
    page.wait_for_function(
        "window.tabletop.events.filter(e => e.kind === 'bot').length >= 6", timeout=60_000
    )
    gaps = computer_gaps(page)
    assert len(gaps) >= 5 and min(gaps) >= 0.4, gaps
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    set_speed(page, "instant")
    turns = 0
    shot = False
    deadline = time.time() + 240
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game did not finish in time"
        try:
            sheet = page.locator(SHEET)
            if sheet.count():
                assert latin_words(sheet.inner_text()) == [], latin_words(sheet.inner_text())
                if not shot:
                    shoot(page, "stop_the_bus-ja-showdown-360x640")
                    shot = True
                button = page.locator(f"{SHEET} button.skip, {SHEET} button.ok")
                button.first.click(timeout=5000)
            elif take_turn(page, turns):
                turns += 1
            else:
                page.wait_for_timeout(40)
        except AssertionError:
            raise
        except Exception:  # a redraw replaced the element under the tap: look again
            page.wait_for_timeout(40)
    assert overflow(page) <= 0
    shoot(page, "stop_the_bus-ja-result-360x640")
    sheet = page.locator("section.result").inner_text()
    assert latin_words(sheet) == [], latin_words(sheet)
    page.click("section.result button.close-sheet")
    assert not page.locator("section.result").is_visible()
    page.click("button.show-result")
    assert page.locator("section.result").is_visible()
    open_replay(page, server, saved_log(page, SLUG))
    assert overflow(page) <= 0
    shoot(page, "stop_the_bus-ja-replay-360x640")
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    assert page.errors == []


RANKING_JA = ["プライアル", "ランニング・フラッシュ", "ラン", "フラッシュ", "ペア", "ハイカード"]
RANKING_EN = ["Prial", "Running flush", "Run", "Flush", "Pair", "High card"]


def test_the_hand_ranking_is_a_list_best_first(phone_ja, server):
    """Review SBs3: the hands are a numbered list, best first, one hand an item (its name, whole
    on one line, then what it is), and below, what this game's options add (here the blitz with
    prials: 3-3-3 and A-A-A, then the 31, above all, each ending play at once); at 360x640 nothing
    sticks out, in Japanese with no English, and in English the same list."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja")
    page.select_option("select[name=blitz]", "31_prials")
    start_new(page, players=4)
    my_turn(page)
    page.click("details.ranking summary")
    items = page.locator("details.ranking ol.ranking-list > li")
    assert items.count() == 6
    hands = [items.nth(k).get_attribute("data-hand") for k in range(6)]
    assert hands == ["prial", "running_flush", "run", "flush", "pair", "high_card"], hands
    names = [items.nth(k).locator("b").inner_text() for k in range(6)]
    assert names == RANKING_JA, names
    # The ranks are drawn with non-breaking hyphens (A‑A‑K stays on one line).
    said = [items.nth(k).inner_text().replace("\u2011", "-") for k in range(6)]
    assert "3-3-3が最強" in said[0] and "2-2-3が最弱" in said[4], said
    note = page.locator("details.ranking .ranking-note").inner_text()
    assert "3-3-3とA-A-A、次に31" in note and "ブリッツ" in note, note
    # Each name on one line; each item starts on a line of its own (below the one before).
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.ranking-list li')].map(li => {
            const b = li.querySelector('b'); const r = b.getBoundingClientRect();
            return {top: li.getBoundingClientRect().top, nameLines: b.getClientRects().length,
                    nameHeight: r.height, lineHeight: parseFloat(getComputedStyle(li).lineHeight)};
        })"""
    )
    assert all(x["nameLines"] == 1 and x["nameHeight"] < 1.5 * x["lineHeight"] for x in lines), (
        lines
    )
    tops = [x["top"] for x in lines]
    assert tops == sorted(tops) and len(set(tops)) == 6, tops
    assert overflow(page) <= 0
    text = page.locator("details.ranking").inner_text()
    assert latin_words(text) == [], latin_words(text)
    page.locator("details.ranking").scroll_into_view_if_needed()
    shoot(page, "stop_the_bus-ja-ranking-360x640")
    page.goto(page.url.replace("lang=ja", "lang=en"))
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.click("details.ranking summary")
    names = page.locator("details.ranking ol.ranking-list > li b").all_inner_texts()
    assert names == RANKING_EN, names
    assert not page.errors, page.errors
