"""Gridcannon end to end in real Chromium, at phone size: a whole deal played by tapping lit targets
only (the solver's winning line of a fixed deal, one tap per move, Ace and Joker by tap-then-tap),
the lit targets checked against the engine's legal actions at every move, the fair hint checked
against CPython, a refused tap (the engine's reason in words next to the board, cells and slots by
position), the result and the after-game truth checked against CPython; a Japanese table played by
keyboard alone; and in Japanese at 360x640 and 412x915: the board and the pending card on screen,
nothing wider than the phone, no Latin words on the table, the result sheet or the replay viewer."""

import json
import re
import time

from helpers import latin_words, overflow, shoot, within_viewport

from tabletop import get_game, session
from tabletop.games import gridcannon
from tabletop.session import replay

SLUG = "gridcannon"
SAVE_KEY = f"tabletop:save:{SLUG}"
SEED = 12  # its winning line is found at once and uses royal, noswap, place, armour, Ace and Joker
MAIN_VERBS = ("royal", "place", "armour", "swap", "noswap")
CELL_WORDS = dict(
    zip(
        gridcannon.CELLS,
        [
            "top-left",
            "top-middle",
            "top-right",
            "middle-left",
            "centre",
            "middle-right",
            "bottom-left",
            "bottom-middle",
            "bottom-right",
        ],
    )
)


def saved(page):
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE_KEY}')"))


def winning_line(seed):
    state = get_game(SLUG).new_state(players=1, options={}, seed=seed)
    truth = gridcannon.solve(state, node_limit=gridcannon.TRUTH_NODE_LIMIT)
    assert truth["winnable"] is True
    return truth["line"]


def open_deal(page, server, seed, lang="en", actions=()):
    """The table of deal `seed` after `actions`. A link with ?seed= names the deal; where the app
    does not honour it (or moves are wanted), the save is written and the page loaded again."""
    page.goto(f"{server}/?game={SLUG}&start=1&lang={lang}&seed={seed}&botdelay=0")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    log = saved(page)["log"]
    if log["seed"] != seed or actions:
        data = {
            "v": 1,
            "mode": "bot",
            "log": {
                "game": SLUG,
                "players": 1,
                "options": {},
                "seed": seed,
                "actions": [[0, a] for a in actions],
            },
        }
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [SAVE_KEY, json.dumps(data)])
        page.goto(f"{server}/?game={SLUG}&lang={lang}&botdelay=0")
        page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.wait_for_selector(".table.gridcannon")
    log = saved(page)["log"]
    assert log["seed"] == seed and [a for _, a in log["actions"]] == list(actions)
    return log


def position(page):
    return page.locator(".table.gridcannon").get_attribute("data-pos")


def wait_moved(page, n, pos):
    """Until the saved log holds `n` moves and the table shows the new position."""
    page.wait_for_function(
        """([key, n, pos]) => {
            const s = JSON.parse(localStorage.getItem(key) || 'null');
            const t = document.querySelector('.table.gridcannon');
            return s && s.log.actions.length === n && t && t.dataset.pos !== pos;
        }""",
        arg=[SAVE_KEY, n, pos],
        timeout=30_000,
    )


def lit_actions(page):
    return set(
        page.locator(".table.gridcannon .lit[data-action]").evaluate_all(
            "els => els.map(e => e.dataset.action)"
        )
    )


def tap(page, selector):
    """Click the one element `selector` names; it must be lit (a legal target)."""
    el = page.locator(selector)
    assert el.count() == 1, selector
    assert "lit" in el.get_attribute("class").split(), f"{selector} is not lit"
    el.click()


def play_move(page, action):
    """Make `action` by tapping lit targets only."""
    verb, *args = action.split(" ")
    if verb in ("royal", "armour"):
        tap(page, f".gc-slot[data-slot={args[0]}]")
    elif verb in ("place", "swap"):
        tap(page, f".gc-cell[data-cell={args[0]}]")
    elif verb == "noswap":
        tap(page, "button.noswap")
    elif verb == "ace":
        tap(page, ".gc-ploys button[data-ploy^=A] >> nth=0")
        page.wait_for_selector(".table.gridcannon.choosing-ace")
        tap(page, f".gc-cell[data-cell={args[0]}]")
    elif verb == "joker":
        tap(page, ".gc-ploys button[data-ploy^=JK] >> nth=0")
        page.wait_for_selector(".table.gridcannon.choosing-joker")
        tap(page, f".gc-cell[data-cell={args[0]}]")
        page.wait_for_selector(f".gc-cell.selected[data-cell={args[0]}]")
        tap(page, f".gc-cell[data-cell={args[1]}]")
    else:
        raise AssertionError(action)


def check_lit_matches_engine(page, state):
    legal = state.legal_actions(0)
    main = {a for a in legal if a.split()[0] in MAIN_VERBS}
    assert lit_actions(page) == main, (lit_actions(page), main)
    ploys_lit = page.locator(".gc-ploys button.card.lit").count()
    assert (
        page.locator(".gc-ploys button.card").count() == ploys_lit
    )  # a held ploy is a button when usable
    assert (ploys_lit > 0) == any(a.split()[0] in ("ace", "joker") for a in legal)
    assert (
        page.locator(".gc-prompt").count() == 1 and page.locator(".gc-prompt").inner_text().strip()
    )


def check_hint(page):
    """The hint highlights the same move as the fair hint computed in CPython on the same position."""
    log = saved(page)["log"]
    page.click("button.hint")
    page.wait_for_selector(".hint-text[data-action]", timeout=90_000)
    shown = page.locator(".hint-text").get_attribute("data-action")
    assert session.load(json.dumps(log))["ok"]
    want = session.hint(0)
    assert want["ok"] and [shown] == want["actions"], (shown, want)
    verb, *args = shown.split(" ")
    hinted_cells = set(
        page.locator(".gc-cell[data-hint='1']").evaluate_all("els => els.map(e => e.dataset.cell)")
    )
    hinted_slots = set(
        page.locator(".gc-slot[data-hint='1']").evaluate_all("els => els.map(e => e.dataset.slot)")
    )
    if verb in ("royal", "armour"):
        assert hinted_slots == {args[0]} and not hinted_cells
    elif verb in ("place", "swap", "ace"):
        assert hinted_cells == {args[0]} and not hinted_slots
    elif verb == "joker":
        assert hinted_cells == set(args)
    if verb in ("ace", "joker"):
        assert page.locator(".gc-ploys [data-hint='1']").count() >= 1
    best = next(f for f in want["figures"] if f["action"] == shown)
    text = page.locator(".hint-text").inner_text()
    if best["wins"]:
        assert f"{best['wins']} of {want['samples']} sampled deck orders" in text, text
    else:
        assert "no sure win" in text or "found a sure win" in text, text
    return shown


def test_whole_deal_by_tapping_lit_targets_result_truth_hint_and_refusal(page, server, sink):
    started = time.time()
    line = winning_line(SEED)
    open_deal(page, server, SEED)
    assert page.locator(".gc-board .gc-cell").count() == 9
    assert page.locator(".gc-board .gc-slot").count() == 12
    assert "Setup" in page.locator(".gc-prompt").inner_text()
    assert "most like it" in page.locator(".gc-rule").first.inner_text()  # the royal placement rule

    state = get_game(SLUG).new_state(players=1, options={}, seed=SEED)
    hinted = refused = cancelled = False
    for index, action in enumerate(line):
        check_lit_matches_engine(page, state)
        view = state.view(0)
        if (
            not refused
            and view["current_kind"] == "number"
            and any(a.startswith("place ") for a in view["legal_actions"])
        ):
            # A tap on a cell that is not lit: the engine refuses it with its reason, said next to
            # the board with the cell named by position; nothing changes.
            unlit = page.locator(".gc-cell.unlit").first
            cell = unlit.get_attribute("data-cell")
            pos = position(page)
            unlit.click(force=True)
            page.wait_for_selector(".dock .reason.shown", timeout=30_000)
            message = page.locator(".dock .reason").inner_text()
            where = CELL_WORDS[cell]
            assert re.fullmatch(
                rf"The .+ cannot go on the {where} cell: its top card, the .+, is higher\.", message
            ), message
            assert len(saved(page)["log"]["actions"]) == index and position(page) == pos
            bad = page.evaluate("window.tabletop.call('act', 0, 'nonsense')")
            assert bad["ok"] is False and bad["error"]
            assert len(saved(page)["log"]["actions"]) == index
            refused = True
        if (
            not hinted
            and view["phase"] == "play"
            and any(a.startswith("ace ") for a in view["legal_actions"])
        ):
            check_hint(page)
            hinted = True
        if not cancelled and action.startswith("joker"):
            # Choosing the Joker lights its possible source cells; Cancel goes back.
            page.locator(".gc-ploys button[data-ploy^=JK]").first.click()
            page.wait_for_selector(".table.gridcannon.choosing-joker")
            sources = {a.split()[1] for a in view["legal_actions"] if a.startswith("joker ")}
            lit = set(
                page.locator(".gc-cell.lit").evaluate_all("els => els.map(e => e.dataset.cell)")
            )
            assert lit == sources
            assert "Joker" in page.locator(".gc-prompt").inner_text()
            page.click("button.cancel")
            page.wait_for_selector(".table.gridcannon:not(.choosing-joker)")
            cancelled = True
        pos = position(page)
        play_move(page, action)
        state.apply(0, action)
        wait_moved(page, index + 1, pos)
        if state.is_over():
            break
        if view["phase"] == "play" and state.view(0)["events"]:
            said = page.locator(".gc-status").inner_text()  # what the move caused, in words
            assert said.strip() and not re.search(r"\b(g[1-3][1-3]|[TBLR][1-3]|JK\d)\b", said), said
            if any(e["code"] == "royal_killed" for e in state.view(0)["events"]):
                assert " is killed: " in said, said
    assert hinted and refused and cancelled
    assert [a for _, a in saved(page)["log"]["actions"]] == line

    # The result shown is the engine's.
    page.wait_for_selector("section.result .gridcannon-result", timeout=30_000)
    result_el = page.locator(".gridcannon-result")
    log = saved(page)["log"]
    final, _ = replay(log)
    assert final.is_over()
    result = final.result()
    assert result["won"] is True
    assert result_el.get_attribute("data-won") == "true"
    assert result_el.get_attribute("data-score") == str(result["score"])
    assert result_el.get_attribute("data-royals-killed") == str(result["royals_killed"])
    assert result_el.get_attribute("data-reason") == result["reason"]
    assert "You won" in result_el.inner_text()
    assert f"Score: {result['score']}" in result_el.inner_text()

    # The truth about the deal: winnable, with a line that wins when replayed from the start.
    page.wait_for_selector(
        ".truth[data-winnable=true], .truth[data-winnable=false], .truth[data-winnable=unknown]",
        timeout=120_000,
    )
    box = page.locator(".truth")
    winnable = box.get_attribute("data-winnable")
    assert winnable in ("true", "false", "unknown")
    if winnable == "true":
        shown = box.get_attribute("data-line").split(",")
        check = get_game(SLUG).new_state(players=1, options={}, seed=SEED)
        for action in shown:
            check.apply(0, action)
        assert check.is_over() and check.result()["won"]
        assert box.locator("ol.truth-line li").count() == len(shown)
        assert "This deal was winnable" in box.inner_text()
        watch = box.locator("a.watch")
        if watch.count():  # the app's replay link (ui.replayHref)
            assert "replay=" in watch.get_attribute("href")
    assert not page.errors, page.errors
    assert sink.foreign() == [], sink.foreign()
    assert time.time() - started < 180


def test_japanese_table_by_keyboard_joker_then_royal(page, server):
    line = winning_line(SEED)
    # Play up to a Joker move made while a royal is waiting to be placed.
    at = next(i for i, a in enumerate(line) if a.startswith("joker"))
    state = get_game(SLUG).new_state(players=1, options={}, seed=SEED)
    for action in line[:at]:
        state.apply(0, action)
    assert state.view(0)["current_kind"] == "royal"
    open_deal(page, server, SEED, lang="ja", actions=line[:at])
    assert "絵札が出ました" in page.locator(".gc-prompt").inner_text()
    assert "最も似ている" in page.locator(".gc-rule").first.inner_text()
    # Every card has an accessible name in Japanese; a Joker's own face is named too.
    names = page.locator(".gc-ploys .card").evaluate_all(
        "els => els.map(e => e.getAttribute('aria-label') || e.querySelector('.sr-only').textContent)"
    )
    assert any("ジョーカー" in n for n in names), names
    assert all(n.strip() for n in names)

    # By keyboard alone: the Joker, its source, its destination (Enter on focused buttons).
    _, src, dst = line[at].split(" ")
    page.locator(".gc-ploys button[data-ploy^=JK]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".table.gridcannon.choosing-joker")
    assert "ジョーカー" in page.locator(".gc-prompt").inner_text()
    page.locator(f".gc-cell.lit[data-cell={src}]").focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(f".gc-cell.selected[data-cell={src}]")
    pos = position(page)
    page.locator(f".gc-cell.lit[data-cell={dst}]").focus()
    page.keyboard.press("Enter")
    wait_moved(page, at + 1, pos)
    state.apply(0, line[at])
    assert "ジョーカー" in page.locator(".gc-status").inner_text()  # what the Joker did, in words
    # The royal still waits: its lit slot is one Enter away.
    following = line[at + 1]
    assert following.startswith("royal ")
    assert lit_actions(page) == {a for a in state.legal_actions(0) if a.split()[0] in MAIN_VERBS}
    pos = position(page)
    page.locator(f".gc-slot.lit[data-slot={following.split()[1]}]").focus()
    page.keyboard.press("Enter")
    wait_moved(page, at + 2, pos)
    assert [a for _, a in saved(page)["log"]["actions"]] == line[: at + 2]
    assert not page.errors, page.errors


def unlit_cells(actions):
    """The cells the pending number card may not go on after `actions` from the deal's start."""
    state = get_game(SLUG).new_state(players=1, options={}, seed=SEED)
    for action in actions:
        state.apply(0, action)
    return set(gridcannon.CELLS) - {
        a.split()[1] for a in state.legal_actions(0) if a.startswith("place ")
    }


def test_on_a_phone_in_japanese(browser, server):
    """360x640 and 412x915 in Japanese: the board (grid, slots, the pending card) and the ploys on
    screen without scrolling while a move is awaited, nothing wider than the phone on the setup,
    table and result screens; a cell that may not take the card, tapped, says why in Japanese; the
    result sheet and the replay viewer in Japanese only."""
    line = winning_line(SEED)
    place = next(i for i, a in enumerate(line) if a.startswith("place ") and unlit_cells(line[:i]))
    for width, height in ((360, 640), (412, 915)):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="ja-JP")
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        try:
            page.goto(f"{server}/?game={SLUG}&lang=ja&botdelay=0")
            page.wait_for_selector("body[data-screen=setup]", timeout=120_000)
            assert overflow(page) <= 0
            if width == 360:
                shoot(page, "gridcannon-ja-setup-360x640")
            open_deal(page, server, SEED, lang="ja")
            assert (
                within_viewport(page, ".gc-board")
                and within_viewport(page, ".gc-prompt")
                and overflow(page) <= 0
            )
            assert latin_words(page.locator(".table").inner_text()) == []
            if width == 360:
                shoot(page, "gridcannon-ja-setup-royal-360x640")
            # In play, with a cell that may not take the card: tapped, it says why in Japanese.
            open_deal(page, server, SEED, lang="ja", actions=line[:place])
            assert (
                within_viewport(page, ".gc-board")
                and within_viewport(page, ".gc-ploys")
                and overflow(page) <= 0
            )
            pos = position(page)
            page.locator(".gc-cell.unlit").first.click(force=True)
            page.wait_for_selector(".dock .reason.shown")
            reason = page.locator(".dock .reason").inner_text()
            assert "置けません" in reason and "のマス" in reason and latin_words(reason) == [], (
                reason
            )
            assert within_viewport(page, ".dock .reason") and position(page) == pos
            if width == 360:
                shoot(page, "gridcannon-ja-refusal-360x640")
                page.click("button.hint")
                page.wait_for_selector(".hint-text[data-action]", timeout=90_000)
                assert latin_words(page.locator(".hint-text").inner_text()) == []
                shoot(page, "gridcannon-ja-hint-360x640")
            # The last two moves by taps, then the result sheet and the truth.
            open_deal(page, server, SEED, lang="ja", actions=line[:-2])
            for index, action in enumerate(line[-2:], len(line) - 2):
                pos = position(page)
                play_move(page, action)
                if index < len(line) - 1:
                    wait_moved(page, index + 1, pos)
            page.wait_for_selector("section.result .truth[data-winnable=true]", timeout=120_000)
            assert overflow(page) <= 0
            text = page.locator("section.result").inner_text()
            assert "勝ち" in text and latin_words(text) == [], latin_words(text)
            if width == 360:
                shoot(page, "gridcannon-ja-result-360x640")
                page.click("section.result button.close-sheet")
                shoot(page, "gridcannon-ja-final-table-360x640")
                assert latin_words(page.locator(".table").inner_text()) == []
                page.click("button.show-result")
            page.goto(page.locator(".truth a.watch").get_attribute("href"))
            page.wait_for_selector("body[data-screen=replay] .table.gridcannon", timeout=60_000)
            page.click(".replay-controls .last")
            page.wait_for_selector(".result.inline .gridcannon-result")
            assert page.locator(".last-move").inner_text().endswith("のマス")
            text = page.locator("main").inner_text()
            assert latin_words(text) == [], latin_words(text)
            assert overflow(page) <= 0
            if width == 360:
                shoot(page, "gridcannon-ja-replay-360x640")
            assert errors == []
        finally:
            context.close()
