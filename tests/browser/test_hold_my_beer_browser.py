"""Hold My Beer end to end in real Chromium, at phone size: a whole match (one game, the shortest)
by tapping against two computer seats, its result checked against CPython's replay of the saved
log; the 21's and the birds' choices offered when they arise (saved games that stop there);
refused moves that change nothing (the same codes as CPython's); pass-and-play hiding the hand
between people; and on a phone in Japanese at the default pace: the table on one screen, computer
moves you can follow, the finished trick, a tap on an unplayable card explained, the result sheet
and the replay viewer in Japanese. Every step waits on the engine's answer (the saved log, the
engine's view), never on time, and no check is inside a broad ``except``."""

import json
import random
import time

import pytest
from helpers import (
    axe_violations,
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

from tabletop import IllegalAction, get_game
from tabletop.session import replay

SLUG = "hold_my_beer"
SAVE = f"tabletop:save:{SLUG}"


def moves_saved(page):
    return page.evaluate(f"JSON.parse(localStorage.getItem('{SAVE}')).log.actions.length")


def wait_for_move_after(page, count):
    """Until the engine has taken a move beyond ``count`` (the page saves the log on each)."""
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}')).log.actions.length > {count}", timeout=30_000
    )


def wait_for_my_turn(page):
    """Until the computers have nothing to do and the page shows the engine's position: then no
    move is in flight and the table does not change until seat 0 acts. Returns seat 0's view
    (phase ``over`` once the match is over and the result is shown)."""
    for _ in range(
        500
    ):  # each round waits for one computer move, so this bounds the moves, not time
        count = moves_saved(page)
        view = engine_view(page)
        if view["phase"] == "over":
            page.wait_for_selector("section.result", timeout=30_000)
            return view
        if view["to_move"] == [0]:
            break
        wait_for_move_after(page, count)
    else:
        raise AssertionError("the computers kept moving")
    assert view["legal_actions"], view
    lit = sorted(a.split()[1] for a in view["legal_actions"] if a.split()[0] in ("play", "discard"))
    page.wait_for_function(
        """([phase, cards, lit]) => {
        const table = document.querySelector('.hmb');
        if (!table || table.dataset.phase !== phase) return false;
        if (document.querySelectorAll('.hand .card').length !== cards) return false;
        if (phase === 'play' || phase === 'discard') {
          const shown = [...document.querySelectorAll('.hand button.card.lit')].map((e) => e.dataset.card).sort();
          return JSON.stringify(shown) === JSON.stringify(lit);
        }
        if (phase === 'bid') return document.querySelectorAll('.hmb-prompt button.choice[data-action^=bid]').length === 3;
        if (phase === 'power21') return !!document.querySelector('.hmb-prompt button.choice[data-action=take]');
        return !!document.querySelector('.dock button[data-action=pass]');
    }""",
        arg=[view["phase"], len(view["hand"]), lit],
        timeout=30_000,
    )
    return view


def refusal(page, seat, action):
    """The engine's answer to a move (``act`` through the page's own channel to the worker)."""
    return page.evaluate("([seat, action]) => tabletop.call('act', seat, action)", [seat, action])


def check_refusals(page, view):
    """Malformed, out-of-turn and rule-breaking moves are refused with the same code and params as
    CPython gives, and nothing changes; a tap on an unlit card says why next to the hand."""
    count = moves_saved(page)
    state, _ = replay(saved_log(page, SLUG))
    assert json.loads(json.dumps(state.view(0))) == view
    other = state.view(1)["hand"][0]
    unlit = [c for c in view["hand"] if f"play {c}" not in view["legal_actions"]]
    assert unlit, view
    assert page.locator(f".hand button.card.unlit[data-card='{unlit[0]}']").count() == 1
    codes = []
    for seat, action in (
        (0, "play ZZ"),
        (0, "bid 2"),
        (1, f"play {other}"),
        (0, f"play {unlit[0]}"),
    ):
        with pytest.raises(IllegalAction) as expected:
            state.clone().apply(seat, action)
        answer = refusal(page, seat, action)
        assert answer["ok"] is False, answer
        assert answer["params"] == json.loads(json.dumps(expected.value.params)), answer
        assert answer["code"] == expected.value.code, answer
        codes.append(answer["code"])
    assert codes[:3] == ["unknown_card", "wrong_move", "not_your_turn"]
    assert codes[3] in ("must_follow", "must_trump", "must_overtrump", "must_play_trump_led"), codes
    # Tapped anyway, the unlit card plays nothing and the reason is shown in words.
    page.locator(f".hand button.card[data-card='{unlit[0]}']").click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    reason = page.locator(".dock .reason").inner_text()
    assert "must" in reason and "Fool" in reason, reason
    assert engine_view(page) == view and moves_saved(page) == count


def take_turn(page, view, rng, seen):
    """One move by taps, of whatever seat 0 may do now (the page shows it: wait_for_my_turn)."""
    phase = view["phase"]
    if phase == "discard":
        lit = page.locator(".hand button.card.lit")
        lit.nth(rng.randrange(lit.count())).click()
        page.click("button.confirm[data-verb=discard]:not([disabled])")
    elif phase == "bid":
        bids = page.locator(".hmb-prompt button.choice[data-action^=bid]")
        bids.nth(rng.randrange(bids.count())).click()
    elif phase == "power21":
        page.click(
            f".hmb-prompt button.choice[data-action={'scrap' if seen['power21'] % 2 else 'take'}]"
        )
    elif phase == "bird":
        if seen["bird"] % 2 == 0:
            page.locator(".hmb-talon button.card.lit").first.click()
            page.locator(".hand button.card.lit").first.click()
            page.click("button.confirm[data-verb=exchange]:not([disabled])")
        else:
            page.click(".dock button[data-action=pass]")
    else:
        assert phase == "play", view
        page.locator(".hand button.card.lit").first.click()
    seen[phase] += 1


def test_full_match_against_two_computers_shows_the_engine_result(page, server, sink):
    open_game(page, server, SLUG)
    form = page.locator("form.setup").inner_text()
    assert "Target" in form and "Games in the match" in form and "Talon face up" in form
    start_new(page, max_games=1)
    log = saved_log(page, SLUG)
    assert log["players"] == 3 and log["options"] == {"max_games": 1}

    # The start: 18 tarot cards in hand, every one may go to the talon (tap, then confirm).
    assert page.locator(".ring .chip").count() == 2
    assert page.locator(".hand .card").count() == 18
    assert "Game 1/1" in page.locator(".hmb-info").inner_text()
    names = page.locator(".hand .card .sr-only").all_inner_texts()
    assert all(n.startswith("trump ") or n == "the Fool" or " of " in n for n in names), names
    assert overflow(page) <= 0

    rng = random.Random(7)
    seen = {"discard": 0, "bid": 0, "play": 0, "power21": 0, "bird": 0}
    checked_mid = False
    for _ in range(40):  # seat 0 makes at most 2 + 17 + 17 decisions in one game
        view = wait_for_my_turn(page)
        if view["phase"] == "over":
            break
        if (
            not checked_mid
            and view["phase"] == "play"
            and seen["play"] >= 3
            and view["trick"]
            and any(f"play {c}" not in view["legal_actions"] for c in view["hand"])
        ):
            checked_mid = True
            # Live card and game points, hand counts and predictions on the chips.
            for seat in (1, 2):
                chip = page.locator(f".ring .chip[data-seat='{seat}']")
                assert chip.get_attribute("data-cards") == str(view["hand_counts"][seat])
                stats = chip.locator(".extra")
                assert stats.get_attribute("data-card-points") == str(view["card_points"][seat])
                assert stats.get_attribute("data-game-points") == str(view["game_points"][seat])
                assert stats.get_attribute("data-bid") == str(view["bids"][seat])
            assert page.locator(".hmb-me").get_attribute("data-card-points") == str(
                view["card_points"][0]
            )
            assert page.locator(".history summary").count() == 1  # every trick of this game
            # The trick on the table: each card under the seat the view says played it.
            for seat, card in view["trick"]:
                assert (
                    page.locator(
                        f".trick .played[data-seat='{seat}'] .card[data-card='{card}']"
                    ).count()
                    == 1
                )
            assert overflow(page) <= 0
            check_refusals(page, view)
        count = moves_saved(page)
        take_turn(page, view, rng, seen)
        wait_for_move_after(page, count)
    else:
        raise AssertionError(f"the match did not end ({seen})")
    state, log = replay(saved_log(page, SLUG))
    mine = [a.split()[0] for s, a in log["actions"] if s == 0]
    assert (
        checked_mid
        and mine.count("discard") == 1
        and mine.count("bid") == 1
        and mine.count("play") >= 10
    ), (seen, mine)
    assert mine.count("play") == seen["play"] and mine.count("discard") == seen["discard"]

    assert state.is_over()
    result = state.result()
    score = page.locator(".hmb-result")
    assert score.get_attribute("data-game-points") == ",".join(map(str, result["game_points"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert score.get_attribute("data-end-reason") == result["end_reason"]
    assert score.get_attribute("data-game-number") == str(result["game_number"])
    assert score.get_attribute("data-games-played") == str(result["games_played"])
    assert score.get_attribute("data-score-sheet") == ";".join(
        ",".join(map(str, x)) for x in result["score_sheet"]
    )
    last = result["last_game"]
    if last is not None:
        for key, attr in (
            ("card_points", "data-last-card-points"),
            ("ranks", "data-last-ranks"),
            ("bids", "data-last-bids"),
            ("score", "data-last-score"),
        ):
            assert score.get_attribute(attr) == ",".join(map(str, last[key])), key
        assert sum(last["card_points"]) <= 80
    # The reasons of every seat's game points, in words.
    text = score.inner_text()
    assert "predicted" in text and (
        "wins the match" in text or "win the match" in text or "share the win" in text
    )
    for seat in result["winners"]:
        assert (
            page.locator(f".hmb-result table.final tr[data-seat='{seat}']").get_attribute("class")
            == "win"
        )
    assert sum(1 for s, _ in log["actions"] if s == 0) >= 2 + 17
    assert axe_violations(page) == []
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


# ---------------------------------------------------------------- choices at the moment they arise
def log_until(pred, options=None, tries=400):
    """A saved log (random moves from a seed) that stops where pred(state) holds."""
    game = get_game(SLUG)
    for seed in range(tries):
        state = game.new_state(players=3, options=options or {}, seed=seed)
        rng = random.Random(seed)
        actions = []
        while not state.is_over():
            if pred(state):
                return {
                    "game": SLUG,
                    "players": 3,
                    "options": options or {},
                    "seed": seed,
                    "actions": actions,
                }, state
            seat = state.to_move()[0]
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            actions.append([seat, action])
    raise AssertionError("no seed reaches the state")


def load_saved(page, server, log, lang="en"):
    """The saved game opened with the computer paused (10 s a move), so the position stays."""
    page.goto(f"{server}/?lang={lang}&botdelay=10000")
    page.evaluate(
        "([k, s]) => localStorage.setItem(k, s)",
        [SAVE, json.dumps({"v": 1, "log": log, "mode": "bot", "level": "random"})],
    )
    open_game(page, server, SLUG, lang=lang, botdelay=10000)


def mine(phase):
    return lambda s: s.snapshot()["phase"] == phase and s.to_move() == [0]


def test_the_21_and_the_birds_offer_their_choice_when_they_arise(page, server):
    # A bird of seat 0 wins a trick: the talon is shown to choose from; exchange one card.
    log, state = log_until(mine("bird"))
    view = state.view(0)
    load_saved(page, server, log)
    assert page.locator(".hmb").get_attribute("data-phase") == "bird"
    talon = page.locator(".hmb-talon button.card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(talon) == sorted(view["talon"])
    assert (
        page.locator("button.confirm[data-verb=exchange][disabled]").count() == 1
    )  # nothing chosen yet
    assert page.locator(".dock button[data-action=pass]").count() == 1
    assert axe_violations(page) == []
    take, give = view["talon"][0], view["hand"][0]
    page.click(f".hmb-talon button.card[data-card='{take}']")
    # A second talon card cannot join: the tap says why (the engine's both_in_talon).
    page.click(f".hmb-talon button.card[data-card='{view['talon'][1]}']", force=True)
    page.wait_for_selector(".dock .reason.shown")
    assert "both in the talon" in page.locator(".dock .reason").inner_text()
    page.click(f".hand button.card[data-card='{give}']")
    page.click("button.confirm[data-verb=exchange]:not([disabled])")
    wait_for_move_after(page, len(log["actions"]))
    done = saved_log(page, SLUG)["actions"][-1]
    assert (
        done[0] == 0
        and done[1].split()[0] == "exchange"
        and sorted(done[1].split()[1:]) == sorted([take, give])
    )
    page.wait_for_selector(f".hand .card[data-card='{take}']")
    assert page.locator(f".hand .card[data-card='{give}']").count() == 0
    assert "You gave" in page.locator(".hmb-talon .exchange-note").inner_text()

    # Seat 0's 21 wins a trick: take or scrap, with the trick's card points; scrap it.
    log, state = log_until(lambda s: mine("power21")(s) and s.view(0)["hand"])
    points = state.view(0)["pending_points"]
    load_saved(page, server, log, lang="ja")
    assert page.locator(".hmb").get_attribute("data-phase") == "power21"
    assert f"{points}カードポイント" in page.locator(".hmb-prompt").inner_text()
    assert page.locator(".trick .card[data-card=TR21]").count() == 1
    assert page.locator(".trick .card[data-card=TR21]").get_attribute("aria-label") == "切り札21"
    assert axe_violations(page) == []
    before = page.locator(".hmb-me").get_attribute("data-card-points")
    page.click(".hmb-prompt button.choice[data-action=scrap]")
    wait_for_move_after(page, len(log["actions"]))
    assert saved_log(page, SLUG)["actions"][-1] == [0, "scrap"]
    page.wait_for_selector(".trick-note[data-status=scrapped]")
    assert page.locator(".hmb-me").get_attribute("data-card-points") == before

    # The next game begins: the last game's card points, places, predictions and reasons stand
    # where the trick goes.
    log, state = log_until(
        lambda s: (
            s.snapshot()["phase"] == "discard"
            and s.view(0)["game_number"] == 2
            and 0 in s.to_move()
        )
    )
    last = state.view(0)["last_game"]
    load_saved(page, server, log)
    table = page.locator(".hmb-last-game table.hmb-game")
    assert table.get_attribute("data-card-points") == ",".join(map(str, last["card_points"]))
    assert table.get_attribute("data-ranks") == ",".join(map(str, last["ranks"]))
    for b in last["breakdown"]:
        assert table.locator(f"tr[data-seat='{b['seat']}']").get_attribute("data-points") == str(
            b["points"]
        )
    text = page.locator(".hmb-last-game").inner_text()
    assert "predicted" in text and "The talon" in text
    assert axe_violations(page) == []
    assert not page.errors, page.errors


def test_pass_and_play_hides_the_hand_between_people_in_japanese(page, server):
    open_game(page, server, SLUG, lang="ja")
    assert "マッチのゲーム数" in page.locator("form.setup").inner_text()
    start_new(page, mode="hotseat")
    assert "プレイヤー1" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 18
    names = page.locator(".hand .card .sr-only").all_inner_texts()
    assert all(n.startswith("切り札") or n == "愚者" or "の" in n for n in names), names
    first = page.locator(".hand button.card.lit").first
    card = first.get_attribute("data-card")
    first.click()
    assert page.locator(".hand button.card.selected").count() == 1
    page.click("button.confirm[data-verb=discard]:not([disabled])")
    # Player 1 has put a card in the talon: the phone goes to Player 2, no hand on screen.
    page.wait_for_selector("body[data-screen=pass]")
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 18
    assert (
        page.locator(f".hand .card[data-card='{card}']").count() == 0
    )  # Player 1's card is not here
    assert "タロン ✓" in page.locator(".ring .chip[data-seat='0']").inner_text()
    assert page.locator(".ring .chip[data-seat='0']").get_attribute("data-cards") == "17"
    assert saved_log(page, SLUG)["actions"] == [[0, f"discard {card}"]]
    assert not page.errors, page.errors


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, the default pace: setup, table and result no wider than the phone; the
    hand and the trick on screen on the player's turn; computer actions at least 0.4 s apart (the
    page's own timestamps); a finished trick on view with its winner after its last card; a tap on
    an unplayable card says why in Japanese; the result sheet and the replay viewer in Japanese."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "hold_my_beer-ja-setup-360x640")
    start_new(page, max_games=1)
    finished_seen = refusal_seen = turn_seen = False
    deadline = time.time() + 150
    while (
        len([a for a in saved_log(page, SLUG)["actions"] if a[1].startswith("play")]) < 9
    ):  # three tricks
        assert time.time() < deadline, "three tricks took too long"
        finished = finished_trick(page)
        if finished and not finished_seen:
            assert sorted(finished["seats"]) == [0, 1, 2] and finished["won"] == [
                finished["winner"]
            ], finished
            shoot(page, "hold_my_beer-ja-finished-trick-360x640")
            finished_seen = True
        phase = page.locator(".hmb").get_attribute("data-phase")
        lit = page.locator(".hand button.card.lit")
        unlit = page.locator(".hand button.card.unlit")
        if (
            phase == "play"
            and not refusal_seen
            and lit.count()
            and unlit.count()
            and page.locator(".trick[data-state=playing]").count()
        ):
            moves = len(saved_log(page, SLUG)["actions"])
            unlit.first.click(force=True)
            page.wait_for_selector(".dock .reason.shown")
            reason = page.locator(".dock .reason").inner_text()
            assert "切り札" in reason or "フォロー" in reason, reason
            assert latin_words(reason) == [], reason
            assert len(saved_log(page, SLUG)["actions"]) == moves
            refusal_seen = True
            shoot(page, "hold_my_beer-ja-refusal-360x640")
            continue
        count = moves_saved(page)
        if phase in ("discard", "play") and lit.count():
            assert within_viewport(page, ".hand") and overflow(page) <= 0
            if phase == "play":
                assert within_viewport(page, ".trick")
                if not turn_seen:
                    shoot(page, "hold_my_beer-ja-turn-360x640")
                    turn_seen = True
            lit.first.click()
            if phase == "discard":
                page.click("button.confirm[data-verb=discard]:not([disabled])")
        elif phase == "bid" and page.locator(".hmb-prompt button.choice[data-action^=bid]").count():
            assert within_viewport(page, ".hmb-prompt")
            page.click(".hmb-prompt button.choice[data-action='bid 2']")
        elif page.locator(".dock button[data-action=pass]").count():
            page.click(".dock button[data-action=pass]")
        elif page.locator(".hmb-prompt button.choice[data-action=take]").count():
            page.click(".hmb-prompt button.choice[data-action=take]")
        else:
            page.wait_for_timeout(60)
            continue
        wait_for_move_after(page, count)  # the engine's answer, before looking again
    assert finished_seen, "no finished trick was on view after a trick's last card"
    gaps = computer_gaps(page)
    assert len(gaps) >= 6 and min(gaps) >= 0.4, gaps
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    finish_in_japanese(page, SLUG)
    page.click("section.result button.close-sheet")
    assert not page.locator("section.result").is_visible()
    page.click("button.show-result")
    assert page.locator("section.result").is_visible()
    # The replay viewer: every move said in Japanese, from the deal to the result.
    replay_in_japanese(page, server, SLUG, steps=4)
    assert page.errors == []
