"""知略悪略 Chiryaku Akuryaku end to end in real Chromium, at phone size: a whole 4-player game of one
round by tapping against three computer seats (cards played with one tap, the big brother's half
chosen by tapping trick cards and confirming, two colours turned face down with one button), the
result checked against CPython's replay of the saved log; the take and face-down choices on saved
positions; refused moves; pass-and-play hiding the hand between two people; and on a phone in
Japanese at the default pace with six players: the table on one screen, names under the trick's
cards whole, computer moves you can follow, the shared trick on view, a tap on a fourth colour
explained, the result sheet and the replay viewer in Japanese."""

import json
import random
import time

from helpers import (
    computer_gaps,
    cut_across_lines,
    engine_view,
    finish_in_japanese,
    latin_words,
    open_game,
    overflow,
    replay_in_japanese,
    saved_log,
    shoot,
    start_new,
    within_viewport,
)

from tabletop import get_game
from tabletop.session import replay

SLUG = "chiryaku_akuryaku"
SAVE = f"tabletop:save:{SLUG}"
TABLE = ".table.chiryaku"


def position(cond, players=4):
    """A log (random play from a fixed seed) that stops where seat 0 must act and cond holds."""
    game = get_game(SLUG)
    for seed in range(300):
        state = game.new_state(players=players, seed=seed)
        rng = random.Random(seed)
        actions = []
        while not state.is_over():
            seat = state.to_move()[0]
            if seat == 0 and cond(state):
                return {
                    "game": SLUG,
                    "players": players,
                    "options": {},
                    "seed": seed,
                    "actions": actions,
                }
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            actions.append([seat, action])
    raise AssertionError("no such position")


def open_saved(page, server, log, lang="en"):
    """The saved game opened with the computer paused (10 s a move), so the position stays."""
    page.goto(f"{server}/?lang={lang}&botdelay=10000")
    page.evaluate(
        "([k, v]) => localStorage.setItem(k, v)",
        [SAVE, json.dumps({"v": 1, "log": log, "mode": "bot", "level": "random"})],
    )
    open_game(page, server, SLUG, lang=lang, botdelay=10000)
    page.wait_for_selector(f"{TABLE}[data-mine]", timeout=60_000)


def click_and_wait(page, selector):
    """Tap, then wait until the table has been drawn again (so it never acts on a stale table)."""
    page.evaluate(f"window.__caTable = document.querySelector('{TABLE}')")
    page.locator(selector).first.click(timeout=5000)
    page.wait_for_function(
        f"document.querySelector('{TABLE}') !== window.__caTable", timeout=30_000
    )


def my_turn(page):
    """The human's turn at the table: 'play', 'take', 'facedown', or '' (not now)."""
    return page.locator(TABLE).get_attribute("data-mine", timeout=2000) or ""


def play_card(page):
    """Lead the highest lit card, else follow with the highest lit card of the lead colour, else
    the first lit one: the human is then often the big brother."""
    lit = page.locator(".hand button.card.lit").evaluate_all("els => els.map(e => e.dataset.card)")
    if not lit:
        return None
    lead = page.locator(".ca-trick").get_attribute("data-lead") or ""
    same = [c for c in lit if c[0] == lead] if lead else lit
    pick = max(same, key=lambda c: int(c[1:])) if same else lit[0]
    click_and_wait(page, f".hand button.card.lit[data-card='{pick}']")
    return pick


def take_half(page):
    k = int(engine_view(page)["take_count"])
    trick = page.locator(".ca-trick button.card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert len(trick) == 4
    if page.locator(".ca-trick button.card.selected").count():  # a tap from an interrupted try
        click_and_wait(page, ".dock button.clear")
    for code in trick[:k]:
        selector = f".ca-trick button.card[data-card='{code}']"
        assert page.locator(selector).get_attribute("aria-pressed") == "false"
        click_and_wait(page, selector)
        assert page.locator(selector).get_attribute("aria-pressed") == "true"
    assert page.locator(".ca-trick button.card.selected").count() == k
    assert f"({k}/{k})" in page.locator("button.confirm[data-verb=take]").inner_text()
    click_and_wait(page, "button.confirm[data-verb=take]")
    return sorted(trick[:k])


def check_refusals(page):
    """Malformed, out-of-turn and wrong-phase moves are refused with a reason (its code and params);
    nothing changes."""
    before = engine_view(page)
    assert before["to_act"] == 0 and before["phase"] == "play" and before["legal_actions"]
    actions = len(saved_log(page, SLUG)["actions"])
    refused = page.evaluate("tabletop.call('act', 0, 'play ZZ')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == (
        "unknown_card",
        {"text": "ZZ"},
    ), refused
    other = engine_view(page, 2)
    refused = page.evaluate(f"tabletop.call('act', 2, 'play {other['hand'][0]}')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == (
        "not_your_turn",
        {"seat": 2},
    ), refused
    refused = page.evaluate(
        f"tabletop.call('act', 0, 'take {before['hand'][0]} {before['hand'][1]}')"
    )
    assert (
        refused["ok"] is False
        and refused["code"] == "wrong_move"
        and refused["params"]["verbs"] == ["play"]
    ), refused
    refused = page.evaluate("tabletop.call('act', 0, 'facedown R R')")
    assert refused["ok"] is False and refused["code"] == "wrong_move", refused
    assert engine_view(page) == before
    assert len(saved_log(page, SLUG)["actions"]) == actions


def test_full_game_against_three_computers_shows_the_engine_result(page, server, sink):
    open_game(page, server, SLUG)
    assert "Rounds in the game" in page.locator("form.setup").inner_text()
    start_new(page, players=4, rounds=1)
    log = saved_log(page, SLUG)
    assert log["players"] == 4 and log["options"] == {"rounds": 1}
    page.wait_for_selector(f"{TABLE}[data-mine=play]", timeout=60_000)
    # Seat 0 deals, the computers to its left play first; every other seat has its chip.
    assert page.locator(".ring .chip").count() == 3
    assert page.locator(".ca-me").count() == 1
    assert page.locator(".hand .card").count() == 14
    names = page.locator(".hand .card .sr-only").all_inner_texts()
    assert all(n.split()[0] in ("red", "yellow", "blue", "purple") for n in names), names
    check_refusals(page)

    played = {"play": 0, "take": [], "facedown": 0}
    checked_scores = False
    deadline = time.time() + 240
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game did not finish in time"
        turn = my_turn(page)
        try:
            if turn == "play":
                if not checked_scores:
                    # The live scores and the player's reason are the engine's.
                    view = engine_view(page)
                    for seat in range(1, 4):
                        assert page.locator(
                            f".ring .chip[data-seat='{seat}'] .extra"
                        ).get_attribute("data-live") == str(view["live_scores"][seat])
                    reason = page.locator(".ca-me .reason")
                    assert reason.get_attribute("data-reason") == view["live_reasons"][0]["code"]
                    # the points last, then the rounding said where a division rounds down
                    said = reason.inner_text().removesuffix(" (rounded down)")
                    assert said.endswith(str(view["live_scores"][0])), said
                    checked_scores = view["tricks_played"] >= 3
                if play_card(page):
                    played["play"] += 1
            elif turn == "take":
                played["take"].append(take_half(page))
            elif turn == "facedown":
                click_and_wait(page, ".prompt button.choice[data-action^=facedown]")
                played["facedown"] += 1
            else:
                page.wait_for_timeout(50)
                continue
        except AssertionError:
            raise
        except (
            Exception
        ):  # a redraw replaced the element between finding and tapping it: look again
            page.wait_for_timeout(50)
            continue
        assert overflow(page) <= 0

    log = saved_log(page, SLUG)
    state, _ = replay(log)
    assert state.is_over()
    result = state.result()
    score = page.locator(".ca-result")
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert score.get_attribute("data-rounds-played") == str(result["rounds_played"]) == "1"
    assert score.get_attribute("data-round-scores") == ";".join(
        ",".join(map(str, r)) for r in result["round_scores"]
    )
    for seat in result["winners"]:
        assert page.locator(f".ca-result tr[data-seat='{seat}']").get_attribute("class") == "winner"
    # Every seat's points with the reason, as the engine scored the round.
    last = state.view(0)["last_round"]
    for entry in last["breakdown"]:
        line = page.locator(f".ca-result .round-lines li[data-seat='{entry['seat']}']")
        assert line.get_attribute("data-points") == str(entry["points"])
        said = line.inner_text().removesuffix(" (rounded down)")
        assert said.endswith(f"= {entry['points']}"), said
    assert "Points of the round" in score.inner_text()
    # The human's moves are all in the log.
    mine = [a for s, a in log["actions"] if s == 0]
    assert sum(a.startswith("play ") for a in mine) == played["play"]
    assert [sorted(a.split()[1:]) for a in mine if a.startswith("take ")] == played["take"]
    assert sum(a.startswith("facedown ") for a in mine) == played["facedown"]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_big_brother_takes_by_tapping_four_colours_turn_two_down_a_fourth_colour_is_refused(
    page, server, sink
):
    # The big brother's choice: tap two trick cards, confirm; the rest goes to the little brother.
    log = position(lambda s: s.d["phase"] == "take")
    open_saved(page, server, log)
    assert page.locator(TABLE).get_attribute("data-mine") == "take"
    view = engine_view(page)
    assert view["big_brother"] == 0
    assert page.locator(".ca-trick .played.big[data-seat='0']").count() == 1
    assert page.locator("button.confirm[data-verb=take]").is_disabled()
    taken = take_half(page)
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}')).log.actions.length > {len(log['actions'])}"
    )
    assert saved_log(page, SLUG)["actions"][len(log["actions"])] == [
        0,
        "take "
        + " ".join(
            c
            for c in sorted(
                (c for _, c in view["trick"]), key=lambda c: ("RYBP".index(c[0]), int(c[1:]))
            )
            if c in taken
        ),
    ]
    # The shared trick stays on view: the taken cards marked, the rest gone to the little brother.
    page.wait_for_selector(".ca-trick[data-state=finished]")
    marked = page.locator(".ca-trick .played.won .card").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(marked) == taken

    # Four colours: one button per pair of colours, each saying what stays face up.
    log = position(lambda s: s.d["phase"] == "facedown")
    open_saved(page, server, log)
    assert page.locator(TABLE).get_attribute("data-mine") == "facedown"
    buttons = page.locator(".prompt button.choice[data-action^=facedown]")
    assert buttons.count() == 6
    assert "up:" in buttons.first.inner_text()
    action = buttons.nth(5).get_attribute("data-action")
    assert action == "facedown B P"
    buttons.nth(5).click()
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE}')).log.actions.length > {len(log['actions'])}"
    )
    assert saved_log(page, SLUG)["actions"][len(log["actions"])] == [0, action]
    page.wait_for_selector(".ca-me .pile-col.down", timeout=30_000)
    assert page.locator(".ca-me .pile-col.down").get_attribute("data-colour") == "BP"

    # Three colours down: a card of the fourth is unlit and, tapped, says why in Japanese.
    log = position(
        lambda s: (
            s.d["phase"] == "play"
            and len({c[0] for _, c in s.d["trick"]}) == 3
            and any(c[0] not in {x[0] for _, x in s.d["trick"]} for c in s.d["hands"][0])
            and s.legal_actions(0)
        )
    )
    open_saved(page, server, log, lang="ja")
    shown = {c[0] for _, c in engine_view(page)["trick"]}
    fourth = [c for c in engine_view(page)["hand"] if c[0] not in shown][0]
    page.locator(f".hand button.card.unlit[data-card='{fourth}']").click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    reason = page.locator(".dock .reason").inner_text()
    assert "4色目は出せません" in reason and latin_words(reason) == [], reason
    assert len(saved_log(page, SLUG)["actions"]) == len(log["actions"])
    shoot(page, "chiryaku_akuryaku-ja-refusal-360x640")
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def tap_hand_card(page, log, lang):
    """Tap the first card of the hand (unlit: not a move now); the reason shown (in Japanese, on
    the first screen), nothing played."""
    page.locator(".hand button.card").first.click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    reason = page.locator(".dock .reason")
    assert len(saved_log(page, SLUG)["actions"]) == len(log["actions"])
    if lang == "ja":
        assert within_viewport(page, ".dock .reason"), "the reason is below the fold"
    return reason.get_attribute("data-code"), reason.inner_text()


def test_a_hand_card_tapped_when_taking_or_turning_colours_down_says_what_is_asked(
    phone_ja, server
):
    """A card of the hand tapped while the player is asked to take from the trick, or to choose
    the colours to turn face down, is answered with what is asked now (not the common 「今はその
    手はできません（できる手：取る）」), in Japanese and in English."""
    page = phone_ja
    log = position(lambda s: s.d["phase"] == "take")
    open_saved(page, server, log, lang="ja")
    assert page.locator(TABLE).get_attribute("data-mine") == "take"
    code, reason = tap_hand_card(page, log, "ja")
    k = engine_view(page)["take_count"]
    assert code == "hand_in_take" and "今はその手" not in reason, (code, reason)
    assert "は今は出せません。あなたが兄貴分です" in reason, reason
    assert f"トリックから取るカードを{k}枚タップして、「取る」で決定してください。" in reason, (
        reason
    )
    assert latin_words(reason) == [], reason
    shoot(page, "chiryaku_akuryaku-ja-hand-at-take-360x640")
    open_saved(page, server, log, lang="en")
    code, reason = tap_hand_card(page, log, "en")
    assert code == "hand_in_take" and reason.startswith("You cannot play the "), reason
    assert f"you are the big brother. Tap {k} cards of the trick to take, then “Take”." in reason

    log = position(lambda s: s.d["phase"] == "facedown")
    open_saved(page, server, log, lang="ja")
    assert page.locator(TABLE).get_attribute("data-mine") == "facedown"
    # The six colour buttons at 360 px: each pair of colours on one line, 「裏」 never apart from
    # its count (review P13c: 「裏」/「4」 on two lines), nothing wider than its button.
    buttons = ".prompt button.choice[data-action^=facedown]"
    assert page.locator(buttons).count() == 6
    assert cut_across_lines(page, f"{buttons} small", r"裏\s*\d+") == []
    assert cut_across_lines(page, buttons, r"^[●▲■★]\S+・[●▲■★]\S+$") == []
    wide = page.locator(buttons).evaluate_all(
        "els => els.filter(b => b.scrollWidth > b.clientWidth + 1).map(b => b.innerText)"
    )
    assert wide == [], wide
    shoot(page, "chiryaku_akuryaku-ja-facedown-360x640")
    code, reason = tap_hand_card(page, log, "ja")
    assert code == "hand_in_facedown" and "今はその手" not in reason, (code, reason)
    assert "は今は出せません。先に、裏向きにする2色を上のボタンで選んでください。" in reason, reason
    assert latin_words(reason) == [], reason
    open_saved(page, server, log, lang="en")
    code, reason = tap_hand_card(page, log, "en")
    assert code == "hand_in_facedown" and "choose the two colours to turn face down" in reason
    assert not page.errors, page.errors


def test_pass_and_play_hides_the_hand_between_people_in_japanese(page, server):
    open_game(page, server, SLUG, lang="ja")
    assert "ラウンド数" in page.locator("form.setup").inner_text()
    start_new(page, mode="hotseat", players=4, rounds=1)
    # Seat 0 deals, seat 1 (Player 2) leads: the phone goes to Player 2 with no hand on screen.
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".hand .card").count() == 14
    names = page.locator(".hand .card .sr-only").all_inner_texts()
    assert names and all("の" in n for n in names), names  # e.g. 赤の7
    assert "あなたの番です" in page.locator(".prompt").inner_text()
    page.locator(".hand button.card.lit").first.click()
    page.wait_for_selector("body[data-screen=pass]")
    assert "プレイヤー3" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".hand .card")
    assert page.locator(".ca-trick .played").count() == 1
    assert page.locator(".ring .chip[data-seat='1']").get_attribute("data-cards") == "13"
    assert not page.errors, page.errors


def whole_names(page):
    """Each name under the trick's cards fits its line (none broken over two lines or cut)."""
    return page.evaluate("""() => [...document.querySelectorAll('.ca-trick .played .who')].every(e =>
        e.scrollWidth <= e.clientWidth + 1 && e.getClientRects().length === 1 && e.getBoundingClientRect().height < 20)""")


def test_on_a_phone_in_japanese_at_the_default_pace(phone_ja, server):
    """360x640, Japanese, six players, the default pace: setup, table and result no wider than the
    phone; the hand and the trick on screen on the player's turn, the names under the cards whole;
    computer actions at least 0.4 s apart; the shared trick on view after the big brother takes; the
    result sheet and the replay viewer in Japanese."""
    page = phone_ja
    open_game(page, server, SLUG, lang="ja", botdelay=None)
    assert overflow(page) <= 0
    shoot(page, "chiryaku_akuryaku-ja-setup-360x640")
    start_new(page, players=6, rounds=1)
    finished_seen = turn_seen = False
    deadline = time.time() + 150
    while engine_view(page)["tricks_played"] < 3:
        assert time.time() < deadline, "three tricks took too long"
        if page.locator(".ca-trick[data-state=finished]").count() and not finished_seen:
            finished = page.evaluate("""() => { const t = document.querySelector('.ca-trick[data-state=finished]');
                return t && {seats: [...t.querySelectorAll('.played')].map(p => Number(p.dataset.seat)), notes: t.querySelectorAll('.note').length}; }""")
            if finished:
                assert sorted(finished["seats"]) == list(range(6)) and finished["notes"] == 6, (
                    finished
                )
                shoot(page, "chiryaku_akuryaku-ja-finished-trick-360x640")
                finished_seen = True
        mine = my_turn(page)
        if mine == "play":
            lit = page.locator(".hand button.card.lit")
            assert (
                within_viewport(page, ".hand")
                and within_viewport(page, ".ca-trick")
                and overflow(page) <= 0
            )
            assert whole_names(page)
            if not turn_seen and page.locator(".ca-trick .played .card").count() >= 3:
                shoot(page, "chiryaku_akuryaku-ja-turn-360x640")
                turn_seen = True
            if lit.count():
                lit.first.click()
        elif mine == "take":
            assert within_viewport(page, ".ca-trick") and whole_names(page)
            page.locator(".ca-trick button.card.lit").first.click()
        elif mine == "facedown":
            page.locator(".prompt button.choice").first.click()
        if page.locator(".dock button.confirm:not([disabled])").count():
            page.locator(".dock button.confirm:not([disabled])").click()
        page.wait_for_timeout(60)
    assert finished_seen, "the shared trick was not on view"
    gaps = computer_gaps(page)
    assert len(gaps) >= 6 and min(gaps) >= 0.4, gaps
    text = page.locator("main").inner_text()
    assert latin_words(text) == [], latin_words(text)
    finish_in_japanese(page, SLUG)
    # The replay viewer: every move said in Japanese, from the deal to the result.
    replay_in_japanese(page, server, SLUG, steps=7)
    assert page.errors == []
