"""Every lesson (static/lessons/<slug>.json) completed by taps on a phone (360x640) in Japanese,
on the game's real table: each of the reader's steps taps the move the lesson marks, once per
lesson a legal move it does not ask for (answered, nothing played) and an unplayable one (the
engine's own refusal, worded); the caption stays on screen with the hand and the trick; no Latin
words; the caption shows its whole text (nothing scrolls inside it) with the asked move on the
same screen; the end offers a real game. Then: a lesson never touches the game's save, a reload
resumes it, and `learn=1` works embedded and in English."""

import json
import pathlib

import pytest
from helpers import axe_violations, game_url, latin_words, save_key, shoot, within_viewport

from tabletop import IllegalAction, get_game

ROOT = pathlib.Path(__file__).resolve().parents[2]
LESSONS = sorted((ROOT / "static" / "lessons").glob("*.json"))
COMMON = json.loads((ROOT / "static" / "strings" / "common.json").read_text(encoding="utf-8"))


def canon(action):
    verb, *args = action.split()
    return " ".join([verb, *sorted(args)])


def load_lesson(path):
    return json.loads(path.read_text(encoding="utf-8"))


def state_after(lesson, steps):
    """The lesson's game in CPython after its first `steps` moves."""
    log = lesson["log"]
    state = get_game(lesson["game"]).new_state(
        players=log.get("players"),
        options=log.get("options") or {},
        seed=log.get("seed", 0),
        setup=log.get("setup"),
    )
    for step in lesson["steps"][:steps]:
        state.apply(step["seat"], step["action"])
    return state


# Everything the app keeps in the browser except a lesson's own progress: the games' saves, the
# statistics, the settings. A lesson leaves all of it as it was.
KEPT = """() => Object.fromEntries(Object.keys(localStorage).filter(k => !k.startsWith('tabletop:lesson:')).sort()
    .map(k => [k, localStorage.getItem(k)]))"""


def open_lesson(page, server, slug, lang="ja", **query):
    page.goto(game_url(server, slug, lang, learn=1, **query))
    page.wait_for_selector(".lesson-caption", timeout=120_000)


def caption(page):
    return page.evaluate("""() => { const c = document.querySelector('.lesson-caption');
        return c && {kind: c.dataset.kind, step: Number(c.dataset.step), text: c.innerText}; }""")


def wait_for_step(page, index, kind="yours"):
    page.wait_for_selector(
        f".lesson-caption[data-kind={kind}][data-step='{index}']", timeout=60_000
    )


def app_text(page):
    return page.locator("#app").inner_text()


def no_latin(text, where):
    assert not latin_words(text), f"{where}: Latin words on a Japanese screen: {latin_words(text)}"


# What the table marks as the asked move: its tokens, or its confirm or choice button.
MARKED = """[...document.querySelectorAll('.lesson-ask')].filter(e => e.offsetParent !== null)
    .map(e => ({token: e.dataset.token || null, action: e.dataset.action || null, confirm: e.classList.contains('confirm')}))"""


def played_by(page, kind):
    return [e["action"] for e in page.evaluate("window.tabletop.events") if e["kind"] == kind]


def tap_asked(page, lesson, index):
    """Tap the move the lesson asks for at step `index` by tapping only what the table marks (its
    tokens, then its confirm or choice button; a view may mark its own steps, e.g. a ploy then a
    cell): the move the engine is then given is exactly the asked one."""
    action = lesson["steps"][index]["action"]
    tokens = action.split()[1:]
    before = len(played_by(page, "human"))
    for _ in range(len(tokens) + 3):
        if caption(page)["step"] != index:
            break
        marked = page.evaluate(f"() => {MARKED}")
        assert marked, f"step {index + 1}: nothing on the table is marked for {action!r}"
        page.locator(".lesson-ask").first.click()
        # The table answers the tap: the step is made, or what is marked changes (a set being chosen).
        page.wait_for_function(
            f"""([index, before]) => {{ const c = document.querySelector('.lesson-caption');
            return !c || Number(c.dataset.step) !== index || JSON.stringify({MARKED}) !== before; }}""",
            arg=[index, json.dumps(marked, separators=(",", ":"))],
            timeout=30_000,
        )
    assert caption(page)["step"] != index, (
        f"step {index + 1}: {action!r} was not played by tapping what is marked"
    )
    made = played_by(page, "human")[before:]
    assert [canon(a) for a in made] == [canon(action)], (
        f"step {index + 1}: the lesson asked for {action!r}, the taps played {made}"
    )


def engine_view(page, seat):
    return page.evaluate(f"tabletop.call('view', {int(seat)})")


def tap_other_legal(page, lesson, index, state, human):
    """Tap a legal move the lesson does not ask for: the lesson answers, nothing is played.
    Returns False when no such move is one tap away at this step."""
    asked = canon(lesson["steps"][index]["action"])
    legal = state.legal_actions(human)
    for action in legal:
        if canon(action) == asked:
            continue
        verb, *args = action.split()
        button = page.locator(f"button[data-action='{action}']")
        taps = (
            [button]
            if button.count()
            else [page.locator(f".table button[data-token='{a}']") for a in args]
        )
        if not taps or any(not tap.count() for tap in taps):
            continue
        if not button.count():
            # Its tokens tapped in order (a tile, then its train) must complete no other legal
            # move on the way, nor leave a longer one open at the end.
            if any(
                len(a.split()) > len(args) + 1 and a.split()[1 : len(args) + 1] == args
                for a in legal
            ):
                continue
            if len(args) == 1 and any(
                args[0] in a.split()[1:] and len(a.split()) > 2 for a in legal
            ):
                continue  # one card of a set (a discard of three): the set waits for more
            if any(
                a != action and a.split()[0] == verb and a.split()[1:] == args[:k]
                for a in legal
                for k in range(1, len(args))
            ):
                continue
        moves = engine_view(page, human)  # the engine's own position, before
        for tap in taps:
            tap.first.click()
        # A verb that is confirmed (a bid chosen, then confirmed) is sent by its confirm button.
        confirm = f"button.confirm[data-verb='{action.split()[0]}']:not([disabled])"
        page.wait_for_selector(
            f".dock .reason.shown[data-code=lesson_not_this], {confirm}", timeout=10_000
        )
        if not page.locator(".dock .reason.shown[data-code=lesson_not_this]").count():
            page.click(confirm)
        page.wait_for_selector(".dock .reason.shown[data-code=lesson_not_this]", timeout=10_000)
        said = page.locator(".dock .reason").inner_text()
        template = COMMON["ja"]["lesson_asks_other"]
        assert said.startswith(template.split("「")[0]), said
        no_latin(said, "the answer to another legal move")
        assert caption(page)["step"] == index
        assert engine_view(page, human) == moves, "a move the lesson did not ask for was played"
        assert page.locator(".table .selected").count() == 0, (
            "the tokens chosen for it are put back"
        )
        return True
    return False


def tap_unplayable(page, lesson, index, state, human):
    """Tap a token the engine does not allow now: the engine's refusal, worded, nothing played.
    Returns False when every token on the table is playable at this step."""
    unlit = page.locator(".table button[data-token][aria-disabled=true]")
    if not unlit.count():
        return False
    token = unlit.first.get_attribute("data-token")
    moves = engine_view(page, human)
    earlier = len(played_by(page, "refused"))
    unlit.first.click(force=True)
    page.wait_for_selector(
        ".dock .reason.shown[data-code]:not([data-code=lesson_not_this])", timeout=30_000
    )
    code = page.locator(".dock .reason").get_attribute("data-code")
    said = page.locator(".dock .reason").inner_text()
    assert code != "lesson_not_this", "an unplayable card is the engine's to refuse"
    # What the tap asked of the engine (the view chooses the move a tap means) is refused by the
    # engine in CPython with exactly the code shown. (A view may word a tap on a card that is no
    # move at all itself, e.g. the card under attack: then nothing was asked of the engine.)
    asked = played_by(page, "refused")[earlier:]
    assert len(asked) <= 1, f"tapping {token} asked the engine {asked}"
    if asked:
        try:
            state.clone().apply(human, asked[-1])
        except IllegalAction as err:
            assert err.code == code, (
                f"tapping {token} said {code!r}; the engine refuses {asked[-1]!r} with {err.code!r}"
            )
        else:
            raise AssertionError(f"tapping {token} was refused, but the engine takes {asked[-1]!r}")
    assert said and code not in said, f"the refusal is worded: {said!r}"
    no_latin(said, "the engine's refusal")
    assert caption(page)["step"] == index
    assert engine_view(page, human) == moves
    return True


def words_whole(page, where):
    """The caption shows all its words: nothing scrolls inside its box (a reader does not know to
    scroll a box inside the page), measured as the box's content against its visible height."""
    box = page.evaluate("""() => { const c = document.querySelector('.lesson-caption');
        return {content: c.scrollHeight, shown: c.clientHeight, text: c.innerText}; }""")
    assert box["content"] <= box["shown"], (
        f"{where}: the caption shows {box['shown']} of its "
        f"{box['content']} px of words: {box['text']!r}"
    )


def on_one_screen(page):
    """As the lesson leaves the page (it scrolls down when the caption and the asked move do not
    fit under the table), the caption with all its words, the trick and the marked move are inside
    the 360x640 viewport (those the view has), and the hand starts there when the move is made
    from it (a hand of 13 cards may take a second row below the fold)."""
    words_whole(page, "the caption")
    for selector in (".lesson-caption", ".table .trick", ".lesson-ask"):
        if page.locator(selector).count():
            assert within_viewport(page, selector), f"{selector} is not on screen with the caption"
    if page.locator(".table .hand .lesson-ask").count():
        top = page.evaluate("document.querySelector('.table .hand').getBoundingClientRect().top")
        assert top < page.viewport_size["height"] - 60, (
            f"the hand starts below the first screen ({top:.0f} px)"
        )


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_completed_by_taps_on_a_phone_in_japanese(page, server, path):
    lesson = load_lesson(path)
    slug, human, steps = lesson["game"], lesson["human"], lesson["steps"]
    open_lesson(page, server, slug)
    assert caption(page)["kind"] == "intro"
    assert page.locator(".lesson-ask").count() == 0, "nothing is asked before the lesson starts"
    no_latin(app_text(page), "the intro")
    shoot(page, f"lesson-{slug}-intro")
    kept = page.evaluate(KEPT)
    page.click(".lesson-start")
    answered = refused = False
    always_playable = True  # every tile of the hand legal at every step (鹿狩り): nothing to refuse
    for index, step in enumerate(steps):
        if step["seat"] != human:
            continue
        wait_for_step(page, index)
        on_one_screen(page)
        no_latin(app_text(page), f"step {index + 1}")
        state = state_after(lesson, index)
        legal_tokens = {t for a in state.legal_actions(human) for t in a.split()[1:]}
        hand = state.view(human).get("hand")
        always_playable &= isinstance(hand, list) and set(hand) <= legal_tokens
        if not answered:
            answered = tap_other_legal(page, lesson, index, state, human)
        if not refused:
            refused = tap_unplayable(page, lesson, index, state, human)
            if refused:
                shoot(page, f"lesson-{slug}-refused")
        if index == next(i for i, s in enumerate(steps) if s["seat"] == human):
            shoot(page, f"lesson-{slug}-first-move")
            assert not axe_violations(page), axe_violations(page)
        tap_asked(page, lesson, index)
    assert answered, (
        "the lesson never offered a legal move it does not ask for: the test could not check the answer"
    )
    assert refused or always_playable, (
        "the lesson never showed an unplayable card: the test could not check a refusal"
    )
    page.wait_for_selector("section.result.lesson-end", timeout=60_000)
    end = page.locator("section.result.lesson-end")
    assert caption(page)["kind"] == "end"
    assert end.locator(".lesson-outro").inner_text().strip()
    rules = end.locator(".lesson-rules li")
    assert rules.count() == len(lesson["rules"])
    assert end.locator(".lesson-rules li.learnt").count() == len(lesson["rules"]), (
        "every rule is ticked at the end"
    )
    assert end.locator("button.real-game").count() == 1
    no_latin(end.inner_text(), "the end of the lesson")
    shoot(page, f"lesson-{slug}-end")
    # The engine played exactly the lesson: the game is over, with the lesson's moves.
    status = engine_view(page, human)["view"]
    assert status.get("phase") == "over" or status.get("result") is not None
    assert page.evaluate(f"localStorage.getItem('{save_key(slug)}')") is None, (
        "a lesson never writes the game's save"
    )
    assert page.evaluate(KEPT) == kept, (
        "a finished lesson leaves the saves, the statistics and the settings as they were"
    )
    # The end offers a real game: a tap opens the game itself (its setup: nothing saved).
    end.locator("button.real-game").click()
    # The lesson's table stays drawn until the game's own screen replaces it (the catalog and the
    # view module load first), so wait for the lesson's words to go, then for the game's screen.
    page.wait_for_selector(".lesson-caption", state="detached", timeout=60_000)
    page.wait_for_selector("body[data-screen=setup], body[data-screen=table]", timeout=60_000)
    assert page.locator(".lesson-caption, .lesson-end").count() == 0
    assert "learn" not in page.url
    assert not page.errors, page.errors


SLOB = "slobberhannes"


def test_a_lesson_keeps_away_from_the_game_in_progress_and_resumes_after_reload(page, server):
    lesson = load_lesson(ROOT / "static" / "lessons" / f"{SLOB}.json")
    mine = [i for i, s in enumerate(lesson["steps"]) if s["seat"] == lesson["human"]]
    # A real game in progress first: a few moves, saved.
    page.goto(game_url(server, SLOB, "ja", start=1))
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.locator(".hand button.card.lit").first.click()
    # Settled: the computers have played up to the player's next turn, and that is saved.
    page.wait_for_function(f"""() => {{ const s = JSON.parse(localStorage.getItem('{save_key(SLOB)}'));
        return s.log.actions.some(([seat]) => seat === 0) && s.shown && s.shown.view.to_move.includes(0); }}""")
    before = page.evaluate(f"localStorage.getItem('{save_key(SLOB)}')")
    # The lesson: two of the reader's moves, then a reload resumes where it was.
    page.goto(game_url(server, SLOB, "ja", learn=1))
    page.wait_for_selector(".lesson-caption[data-kind=intro]", timeout=120_000)
    page.click(".lesson-start")
    for index in mine[:2]:
        wait_for_step(page, index)
        tap_asked(page, lesson, index)
    wait_for_step(page, mine[2])
    assert page.evaluate(f"localStorage.getItem('{save_key(SLOB)}')") == before
    page.reload()
    wait_for_step(page, mine[2])
    log = page.evaluate("tabletop.call('view', 0)")["view"]
    assert len(log["history"]) == mine[2] // 4, "the lesson's moves so far are back on the table"
    assert page.locator(".lesson-ask").count() >= 1
    assert page.evaluate(f"localStorage.getItem('{save_key(SLOB)}')") == before, (
        "a lesson never writes the game's save"
    )
    # The header's "new game" in a lesson goes to the real game: the saved one, untouched.
    page.click("header.bar button.menu-button")
    page.click(".menu-panel .new")
    page.wait_for_selector("body[data-screen=table]", timeout=60_000)
    page.wait_for_function(
        "() => !document.querySelector('.lesson-caption') && document.querySelector('header.bar h1').textContent === 'スロバーハネス'"
    )
    # The saved game is back as it was (the computer may have moved on since).
    was = json.loads(before)["log"]
    now = json.loads(page.evaluate(f"localStorage.getItem('{save_key(SLOB)}')"))["log"]
    assert now["seed"] == was["seed"] and now["actions"][: len(was["actions"])] == was["actions"]
    assert not page.errors, page.errors


def test_learn_is_on_the_game_list_and_the_setup_and_embeds(page, server):
    page.goto(f"{server}/?lang=ja")
    # Each card's button comes when that game's lesson file has arrived, one fetch each: wait for
    # them all (waiting for one and counting the others failed under load).
    page.wait_for_function(
        "n => document.querySelectorAll('button.learn[data-learn]').length >= n",
        arg=len(LESSONS),
        timeout=60_000,
    )
    for path in LESSONS:
        assert page.locator(f"button.learn[data-learn={path.stem}]").count() == 1, (
            f"no Learn on {path.stem}'s card"
        )
    shoot(page, "lesson-list")
    assert not axe_violations(page), axe_violations(page)
    page.click(f"button.learn[data-learn={SLOB}]")
    page.wait_for_selector(".lesson-caption[data-kind=intro]", timeout=120_000)
    assert "learn=1" in page.url
    page.goto(game_url(server, SLOB, "ja"))
    page.wait_for_selector(
        f"body[data-screen=setup] button.learn[data-learn={SLOB}]", timeout=60_000
    )
    assert (
        page.locator(f"button.learn[data-learn={SLOB}]").inner_text() == COMMON["ja"]["learn_long"]
    )
    shoot(page, "lesson-setup")
    page.click(f"button.learn[data-learn={SLOB}]")
    page.wait_for_selector(".lesson-caption[data-kind=intro]", timeout=120_000)
    # In English too: on the list and on the setup.
    page.goto(f"{server}/?lang=en")
    page.wait_for_selector(f"button.learn[data-learn={SLOB}]", timeout=60_000)
    assert (
        page.locator(f"button.learn[data-learn={SLOB}]")
        .inner_text()
        .startswith(COMMON["en"]["learn"])
    )
    page.goto(game_url(server, SLOB, "en"))
    page.wait_for_selector(
        f"body[data-screen=setup] button.learn[data-learn={SLOB}]", timeout=60_000
    )
    assert (
        page.locator(f"button.learn[data-learn={SLOB}]").inner_text() == COMMON["en"]["learn_long"]
    )
    # Embedded, as an article would link it, in English: the same lesson, table only.
    page.goto(game_url(server, SLOB, "en", learn=1, embed=1))
    page.wait_for_selector(".lesson-caption[data-kind=intro]", timeout=120_000)
    assert page.evaluate("document.body.classList.contains('embed')")
    assert page.locator("header.bar .full-app").count() == 1
    page.click(".lesson-start")
    lesson = load_lesson(ROOT / "static" / "lessons" / f"{SLOB}.json")
    first = next(i for i, s in enumerate(lesson["steps"]) if s["seat"] == lesson["human"])
    wait_for_step(page, first)
    text = caption(page)["text"]
    assert "Try this: play 7 of hearts" in text, text
    assert "You lead." in text
    on_one_screen(page)
    shoot(page, "lesson-embed-en")
    tap_asked(page, lesson, first)
    assert not page.errors, page.errors


def test_the_computer_waits_while_the_reader_reads_and_continue_moves_on(page, server):
    """At a fixed pace of 750 ms a move (the normal speed, without its jitter), a scripted move
    waits until its words can be read; Continue plays the next one at once. Measured with the
    page's own timestamps of each move."""
    lesson = load_lesson(ROOT / "static" / "lessons" / f"{SLOB}.json")
    open_lesson(page, server, SLOB, botdelay=750)
    page.click(".lesson-start")
    wait_for_step(page, 0)
    tap_asked(page, lesson, 0)
    # Step 2's words (a rule, about 60 characters) are read before step 3 is played.
    wait_for_step(page, 3, kind="computer")
    bots = [e for e in page.evaluate("window.tabletop.events") if e["kind"] == "bot"]
    assert [b["action"] for b in bots] == ["play 8H", "play 9H"]
    gap = (bots[1]["at"] - bots[0]["at"]) / 1000
    assert gap >= 3, (
        f"{gap:.1f} s to read a rule of about 60 characters (a move alone waits 0.75 s)"
    )
    # Step 4 comes with the first trick's score: a long read. Continue plays step 5 at once.
    wait_for_step(page, 4, kind="computer")
    assert page.locator(".lesson-caption .lesson-after").count() == 1
    reading = 0.08 * len(page.locator(".lesson-caption").inner_text())
    assert reading > 6, reading
    clicked = page.evaluate("performance.now()")
    page.click(".lesson-caption .lesson-next")
    wait_for_step(page, 5)
    played = [e for e in page.evaluate("window.tabletop.events") if e["kind"] == "bot"][-1]
    assert played["action"] == "play 8S"
    assert (played["at"] - clicked) / 1000 < 3, "Continue did not cut the reading pause short"
    assert not page.errors, page.errors


def test_a_lesson_that_disagrees_with_the_engine_says_so_and_offers_the_real_game(page, server):
    """A lesson whose scripted move the engine refuses, or whose asked move is not legal, stops
    with plain words and the real game; nothing is forced."""
    lesson = load_lesson(ROOT / "static" / "lessons" / f"{SLOB}.json")
    broken = json.loads(json.dumps(lesson))
    broken["steps"][1]["action"] = "play KH"  # seat 1 holds hearts but not the king: refused
    page.route(
        "**/static/lessons/slobberhannes.json",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(broken)
        ),
    )
    open_lesson(page, server, SLOB)
    page.click(".lesson-start")
    wait_for_step(page, 0)
    tap_asked(page, lesson, 0)
    page.wait_for_selector(".lesson-caption[data-kind=broken]", timeout=30_000)
    words = page.locator(".lesson-caption .lesson-broken").inner_text()
    assert "2手目" in words and "ハートのK" in words, words
    no_latin(words, "the lesson's stop")
    view = page.evaluate("tabletop.call('view', 0)")["view"]
    assert len(view["trick"]) == 1, "the refused move was not forced"
    shoot(page, "lesson-broken")
    # Nothing more is played, and the real game is offered.
    page.locator(".hand button.card").first.click(force=True)
    page.wait_for_selector(".dock .reason.shown")
    assert page.evaluate("tabletop.call('view', 0)")["view"] == view
    page.click(".lesson-caption button.real-game")
    page.wait_for_selector("body[data-screen=setup]", timeout=60_000)
    # A lesson asking the reader for a move the engine does not allow stops before it.
    broken = json.loads(json.dumps(lesson))
    broken["steps"][0]["action"] = "play AS"  # not in the reader's hand
    page.unroute("**/static/lessons/slobberhannes.json")
    # (The service worker the first visit registered would answer from its cache: it goes.)
    page.evaluate(
        "navigator.serviceWorker.getRegistrations().then(rs => Promise.all(rs.map(r => r.unregister())))"
    )
    page.route(
        "**/static/lessons/slobberhannes.json",
        lambda route: route.fulfill(
            status=200, content_type="application/json", body=json.dumps(broken)
        ),
    )
    page.evaluate("localStorage.removeItem('tabletop:lesson:slobberhannes')")
    page.goto(game_url(server, SLOB, "ja", learn=1, nosw=1))
    page.wait_for_selector(".lesson-caption[data-kind=broken]", timeout=120_000)
    assert "スペードのA" in page.locator(".lesson-caption .lesson-broken").inner_text()
    assert page.locator(".lesson-ask").count() == 0
    assert not page.errors, page.errors


def test_a_tap_the_lesson_or_the_rules_do_not_allow_chooses_nothing(phone_ja, server):
    """Mustamaija's lesson, step 5: it asks to beat 9♥ with 10♥ while 7♥ is under attack too, and
    8♥ beats 7♥ only. 8♥ tapped first (lit: the rules allow it) is answered by the lesson at once,
    nothing chosen. 9♥ tapped, 8♥ is dimmed, and a tap on it is the engine's refusal: 9♥ alone
    stays chosen (review P14c: the dimmed 8♥ was chosen instead of refused, and showed beside the
    marked 9♥ as a second card chosen). The asked move is then made by its marked cards."""
    page = phone_ja
    lesson = load_lesson(ROOT / "static" / "lessons" / "mustamaija.json")
    index = 4
    step = lesson["steps"][index]
    assert (step["seat"], step["action"]) == (lesson["human"], "beat 9H:TH")
    open_lesson(page, server, "mustamaija")
    page.click(".lesson-start")
    for _ in range(300):
        now = caption(page)
        if now and now["kind"] == "yours" and now["step"] == index:
            break
        if page.locator(".lesson-caption .lesson-next").count():
            try:
                page.locator(".lesson-caption .lesson-next").click(timeout=2000)
            except Exception:  # redrawn under the tap: look again
                pass
        page.wait_for_timeout(200)
    wait_for_step(page, index)

    def selected():
        return page.locator(".table button.card.selected").evaluate_all(
            "els => els.map(e => e.dataset.token)"
        )

    eight = ".hand button.card[data-token='8H']"
    assert "lit" in page.locator(eight).get_attribute("class").split()
    page.click(eight)
    page.wait_for_selector(".dock .reason.shown[data-code=lesson_not_this]", timeout=10_000)
    assert selected() == [], "a tap the lesson does not ask chose a card"
    assert caption(page)["step"] == index

    page.click(".mm-attack button.card[data-token='9H']")
    page.wait_for_function(
        """() => [...document.querySelectorAll('.table button.card.selected')]
            .map(e => e.dataset.token).join() === '9H'""",
        timeout=10_000,
    )
    assert page.locator(eight).get_attribute("aria-disabled") == "true", "8♥ cannot beat 9♥"
    moves = engine_view(page, lesson["human"])
    page.locator(eight).click(force=True)
    page.wait_for_selector(
        ".dock .reason.shown[data-code]:not([data-code=lesson_not_this])", timeout=30_000
    )
    said = page.locator(".dock .reason").inner_text()
    no_latin(said, "the refusal of the dimmed 8♥")
    assert selected() == ["9H"], f"a dimmed card's tap left {selected()} chosen"
    assert caption(page)["step"] == index
    assert engine_view(page, lesson["human"]) == moves
    shoot(page, "lesson-mustamaija-dimmed-tap")
    tap_asked(page, lesson, index)
    assert not page.errors, page.errors
