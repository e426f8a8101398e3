"""知略悪略 Chiryaku Akuryaku end to end in real Chromium, at phone size: a whole 4-player game of one
round by clicking against three computer seats (cards played with one tap, the big brother's half
chosen by tapping trick cards and confirming, two colours turned face down with one button), the
result checked against CPython's replay of the saved log; the take and face-down choices on saved
positions; refused moves; and pass-and-play hiding the hand between two people."""
import json
import random
import time

from tabletop import get_game
from tabletop.session import replay

SLUG = "chiryaku_akuryaku"
SAVE_KEY = f"tabletop:save:{SLUG}"
TABLE = ".table.chiryaku"


def saved_log(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))["log"]


def open_setup(page, server, lang="en"):
    page.goto(f"{server}/?game={SLUG}&lang={lang}&botdelay=0")
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table], body[data-screen=pass]", timeout=120_000)
    if not page.locator("body[data-screen=setup]").count():  # a save from before: start afresh
        page.click("button.new")
        page.wait_for_selector("body[data-screen=setup]")


def start(page, mode, players=4, rounds=1):
    page.select_option("select[name=players]", str(players))
    page.fill("input[name=rounds]", str(rounds))
    page.locator("input[name=rounds]").dispatch_event("change")
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table], body[data-screen=pass]", timeout=120_000)


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
                return {"game": SLUG, "players": players, "options": {}, "seed": seed, "actions": actions}
            action = rng.choice(state.legal_actions(seat))
            state.apply(seat, action)
            actions.append([seat, action])
    raise AssertionError("no such position")


def open_saved(page, server, log):
    page.goto(f"{server}/?lang=en&botdelay=0")
    page.evaluate("([k, v]) => localStorage.setItem(k, v)",
                  [SAVE_KEY, json.dumps({"v": 1, "log": log, "mode": "bot", "level": "random"})])
    page.goto(f"{server}/?game={SLUG}&lang=en&botdelay=100000")
    page.wait_for_selector(f"{TABLE}[data-mine]", timeout=120_000)


def click_and_wait(page, selector):
    """Click, then wait until the table has been drawn again (so it never acts on a stale table)."""
    page.evaluate(f"window.__caTable = document.querySelector('{TABLE}')")
    page.locator(selector).first.click(timeout=5000)
    page.wait_for_function(f"document.querySelector('{TABLE}') !== window.__caTable", timeout=30_000)


def my_turn(page):
    """The human's turn at the table: 'play', 'take', 'facedown', or '' (not now)."""
    return page.locator(TABLE).get_attribute("data-mine", timeout=2000) or ""


def play_card(page):
    """Lead the highest lit card, else follow with the highest lit card of the lead colour, else
    the first lit one: the human is then often the big brother."""
    lit = page.locator(".ca-hand button.card.lit").evaluate_all("els => els.map(e => e.dataset.card)")
    if not lit:
        return None
    lead = page.locator(".ca-trick").get_attribute("data-lead") or ""
    same = [c for c in lit if c[0] == lead] if lead else lit
    pick = max(same, key=lambda c: int(c[1:])) if same else lit[0]
    click_and_wait(page, f".ca-hand button.card.lit[data-card='{pick}']")
    return pick


def take_half(page):
    k = int(page.evaluate("tabletop.call('view', 0)")["view"]["take_count"])
    trick = page.locator(".ca-trick button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert len(trick) == 4
    if page.locator(".ca-trick button.card.selected").count():  # a tap from an interrupted try
        click_and_wait(page, ".ca-prompt button.clear")
    for code in trick[:k]:
        selector = f".ca-trick button.card[data-card='{code}']"
        assert page.locator(selector).get_attribute("aria-pressed") == "false"
        click_and_wait(page, selector)
        assert page.locator(selector).get_attribute("aria-pressed") == "true"
    assert page.locator(".ca-trick button.card.selected").count() == k
    assert f"({k}/{k})" in page.locator("button[data-verb=take]").inner_text()
    click_and_wait(page, "button[data-verb=take]")
    return sorted(trick[:k])


def check_refusals(page):
    """Malformed, out-of-turn and wrong-phase moves are refused with a reason (its code and params);
    nothing changes."""
    before = page.evaluate("tabletop.call('view', 0)")["view"]
    assert before["to_act"] == 0 and before["phase"] == "play" and before["legal_actions"]
    actions = len(saved_log(page)["actions"])
    refused = page.evaluate("tabletop.call('act', 0, 'play ZZ')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == ("unknown_card", {"text": "ZZ"}), refused
    other = page.evaluate("tabletop.call('view', 2)")["view"]
    refused = page.evaluate(f"tabletop.call('act', 2, 'play {other['hand'][0]}')")
    assert refused["ok"] is False and (refused["code"], refused["params"]) == ("not_your_turn", {"seat": 2}), refused
    refused = page.evaluate(f"tabletop.call('act', 0, 'take {before['hand'][0]} {before['hand'][1]}')")
    assert refused["ok"] is False and refused["code"] == "wrong_move" and refused["params"]["verbs"] == ["play"], refused
    refused = page.evaluate("tabletop.call('act', 0, 'facedown R R')")
    assert refused["ok"] is False and refused["code"] == "wrong_move", refused
    after = page.evaluate("tabletop.call('view', 0)")["view"]
    assert after == before
    assert len(saved_log(page)["actions"]) == actions


def test_full_game_against_three_computers_shows_the_engine_result(page, server, sink):
    open_setup(page, server)
    form = page.locator("form.setup").inner_text()
    assert "Rounds in the game" in form
    start(page, "bot", players=4, rounds=1)
    log = saved_log(page)
    assert log["players"] == 4 and log["options"] == {"rounds": 1}
    page.wait_for_selector(f"{TABLE}[data-mine=play]", timeout=60_000)
    # Seat 0 deals, the computers to its left play first; every seat's row is on the table.
    assert page.locator(".ca-seats .ca-seat").count() == 3
    assert page.locator(".ca-seat.me").count() == 1
    assert page.locator(".ca-hand .card").count() == 14
    names = page.locator(".ca-hand .card .sr-only").all_inner_texts()
    assert all(n.split()[0] in ("red", "yellow", "blue", "purple") for n in names), names
    check_refusals(page)

    played = {"play": 0, "take": [], "facedown": 0}
    checked_scores = False
    deadline = time.time() + 240
    while not page.locator("section.result").count():
        assert time.time() < deadline, "the game did not finish in time"
        try:
            turn = my_turn(page)
            if turn == "play":
                if not checked_scores and page.locator(".ca-seat[data-live]").count() == 4:
                    # The live scores and their reasons are the engine's.
                    view = page.evaluate("tabletop.call('view', 0)")["view"]
                    for seat in range(4):
                        row = page.locator(f".ca-seat[data-seat='{seat}']")
                        assert row.get_attribute("data-live") == str(view["live_scores"][seat])
                        assert row.locator(".reason").get_attribute("data-reason") == view["live_reasons"][seat]["code"]
                        assert row.locator(".reason").inner_text().endswith(str(view["live_scores"][seat]))
                    checked_scores = view["tricks_played"] >= 3
                if play_card(page):
                    played["play"] += 1
            elif turn == "take":
                played["take"].append(take_half(page))
            elif turn == "facedown":
                click_and_wait(page, ".ca-facedown button.choice")
                played["facedown"] += 1
            else:
                page.wait_for_timeout(50)
                continue
            assert page.evaluate("document.documentElement.scrollWidth") <= 360
        except AssertionError:
            raise
        except Exception:  # a re-render replaced the element between finding and clicking: look again
            page.wait_for_timeout(50)

    log = saved_log(page)
    state, _ = replay(log)
    assert state.is_over()
    result = state.result()
    score = page.locator(".ca-result")
    assert score.get_attribute("data-scores") == ",".join(map(str, result["scores"]))
    assert score.get_attribute("data-winners") == ",".join(map(str, result["winners"]))
    assert score.get_attribute("data-rounds-played") == str(result["rounds_played"]) == "1"
    assert score.get_attribute("data-round-scores") == ";".join(",".join(map(str, r)) for r in result["round_scores"])
    for seat in result["winners"]:
        assert page.locator(f".ca-result tr[data-seat='{seat}']").get_attribute("class") == "winner"
    # Every seat's points with the reason, as the engine scored the round.
    last = state.view(0)["last_round"]
    for entry in last["breakdown"]:
        line = page.locator(f".ca-result .round-lines li[data-seat='{entry['seat']}']")
        assert line.get_attribute("data-points") == str(entry["points"])
        assert line.inner_text().endswith(f"= {entry['points']}")
    text = score.inner_text()
    assert ("win" in text) and "Final totals" in text
    # The human's moves are all in the log.
    mine = [a for s, a in log["actions"] if s == 0]
    assert sum(a.startswith("play ") for a in mine) == played["play"]
    assert [sorted(a.split()[1:]) for a in mine if a.startswith("take ")] == played["take"]
    assert sum(a.startswith("facedown ") for a in mine) == played["facedown"]
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_big_brother_takes_by_tapping_and_four_colours_turn_two_down(page, server, sink):
    # The big brother's choice: tap two trick cards, confirm; the rest goes to the little brother.
    log = position(lambda s: s.d["phase"] == "take")
    open_saved(page, server, log)
    assert page.locator(TABLE).get_attribute("data-mine") == "take"
    view = page.evaluate("tabletop.call('view', 0)")["view"]
    assert page.locator(".brothers").get_attribute("data-big") == "0"
    assert page.locator("button[data-verb=take]").is_disabled()
    taken = take_half(page)
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).log.actions.length > {len(log['actions'])}")
    assert saved_log(page)["actions"][len(log["actions"])] == [0, "take " + " ".join(
        c for c in sorted((c for _, c in view["trick"]), key=lambda c: ("RYBP".index(c[0]), int(c[1:]))) if c in taken)]

    # Four colours: one button per pair of colours, each saying what stays face up.
    log = position(lambda s: s.d["phase"] == "facedown")
    open_saved(page, server, log)
    assert page.locator(TABLE).get_attribute("data-mine") == "facedown"
    buttons = page.locator(".ca-facedown button.choice")
    assert buttons.count() == 6
    assert "keeps" in buttons.first.inner_text()
    action = buttons.nth(5).get_attribute("data-action")
    assert action == "facedown B P"
    buttons.nth(5).click()
    page.wait_for_function(f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).log.actions.length > {len(log['actions'])}")
    assert saved_log(page)["actions"][len(log["actions"])] == [0, action]
    page.wait_for_selector(".ca-seat.me .pile-col.down", timeout=30_000)
    assert page.locator(".ca-seat.me .pile-col.down").get_attribute("data-colour") == "BP"
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()


def test_pass_and_play_hides_the_hand_between_people_in_japanese(page, server):
    open_setup(page, server, lang="ja")
    assert "ラウンド数" in page.locator("form.setup").inner_text()
    start(page, "hotseat", players=4, rounds=1)
    page.wait_for_selector("body[data-screen=pass]", timeout=120_000)
    # Seat 0 deals, seat 1 (Player 2) leads: the phone goes to Player 2 with no hand on screen.
    assert "プレイヤー2" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".ca-hand .card")
    assert page.locator(".ca-hand .card").count() == 14
    names = page.locator(".ca-hand .card .sr-only").all_inner_texts()
    assert names and all("の" in n for n in names), names  # e.g. 赤の7
    assert "あなたの番です" in page.locator(".prompt").inner_text()
    page.locator(".ca-hand button.card.lit").first.click()
    page.wait_for_selector("body[data-screen=pass]")
    assert "プレイヤー3" in page.locator(".pass h2").inner_text()
    assert page.locator(".hand .card").count() == 0
    page.click("button.reveal")
    page.wait_for_selector(".ca-hand .card")
    assert page.locator(".ca-trick .played").count() == 1
    assert page.locator(".ca-seat[data-seat='1']").get_attribute("data-cards") == "13"
    assert not page.errors, page.errors
