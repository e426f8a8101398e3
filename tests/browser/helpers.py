"""What the browser tests share: opening a game at a chosen pace, reading the save, playing to the
end by tapping what the table lights, axe-core, and the page's own record of computer moves.

Pace: `botdelay=0` (the default here) makes the computer move at once, so whole games run fast;
`botdelay=None` leaves the app at its default pace (about 0.6-0.9 s per computer action, a
finished trick held about 1.2 s), which the pace checks measure from the page's own timestamps
(`window.tabletop.events`), never by sleeping.
"""

import json
import pathlib
import re
import time
from urllib.parse import quote, urlencode

from wording import PROPER_NOUNS

ROOT = pathlib.Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SCREENS = "body[data-screen=setup], body[data-screen=table], body[data-screen=pass]"


def game_url(server, slug, lang="en", botdelay=0, **query):
    """The app's address for a game; botdelay=None is the default pace; other query keys as given
    (start=1, seed=4, options={...} as a dict)."""
    params = {"game": slug, "lang": lang}
    if botdelay is not None:
        params["botdelay"] = botdelay
    for key, value in query.items():
        params[key] = json.dumps(value) if isinstance(value, dict) else value
    return f"{server}/?{urlencode(params)}"


def open_game(page, server, slug, lang="en", botdelay=0, **query):
    page.goto(game_url(server, slug, lang, botdelay, **query))
    page.wait_for_selector(SCREENS, timeout=120_000)


def start_new(page, mode="bot", players=None, level=None, **options):
    """From the setup screen: players, options (number inputs by name), mode, the computer's level; Start."""
    if level is not None:
        page.select_option("select[name=level]", level)
    if players is not None:
        page.select_option("select[name=players]", str(players))
    for name, value in options.items():
        page.fill(f"input[name={name}]", str(value))
        page.locator(f"input[name={name}]").dispatch_event("change")
    page.check(f"input[name=mode][value={mode}]")
    page.click("button.start")
    page.wait_for_selector("body[data-screen=table], body[data-screen=pass]", timeout=120_000)


def save_key(slug):
    return f"tabletop:save:{slug}"


def saved(page, slug):
    return json.loads(page.evaluate(f"localStorage.getItem('{save_key(slug)}')"))


def saved_log(page, slug):
    return saved(page, slug)["log"]


def engine_view(page, seat=0):
    return page.evaluate(f"tabletop.call('view', {seat})")["view"]


def open_menu(page):
    if page.locator(".menu-panel").count() == 0:
        page.click("header.bar button.menu-button")
    page.wait_for_selector(".menu-panel")


def set_speed(page, speed):
    """The speed setting, through the header's menu (kept in the player's settings)."""
    open_menu(page)
    page.select_option(".menu-panel select[name=speed]", speed)
    page.keyboard.press("Escape")


def tap_lit(page):
    """Tap whatever the human may do now on a kit table: a lit card, a confirm once a set is full,
    a choice button. True if something was tapped."""
    confirm = page.locator(".table button.confirm:not([disabled])")
    if confirm.count():
        confirm.first.click(timeout=5000)
        return True
    lit = page.locator(".table button.lit:not(.selected)")
    if lit.count():
        lit.first.click(timeout=5000)
        return True
    choice = page.locator(".table .choices button.choice, .table button.choice.verb")
    if choice.count():
        choice.first.click(timeout=5000)
        return True
    return False


def play_to_end(page, take_turn=tap_lit, limit_s=240):
    """Tap until the result sheet is there. A redraw may replace an element between finding and
    tapping it: that tap is simply tried again (no assertion is inside the try)."""
    deadline = time.time() + limit_s
    while time.time() < deadline:
        if page.locator("section.result").count():
            return
        try:
            tapped = take_turn(page)
        except Exception:  # the element went away under a redraw: look again
            tapped = False
        if not tapped:
            page.wait_for_timeout(50)
    raise AssertionError("the game did not finish in time")


def wait_my_turn(page, timeout_s=60):
    page.locator(".hand button.card.lit").first.wait_for(timeout=timeout_s * 1000)


def finished_trick(page):
    """The finished trick on view, read in one step (the table moves on by itself): None, or
    {"winner": seat, "seats": [seat of each card], "won": [seats marked as winning]}."""
    return page.evaluate("""() => {
        const t = document.querySelector('.trick[data-state=finished]');
        if (!t) return null;
        const played = [...t.querySelectorAll('.played')];
        return {winner: Number(t.dataset.winner), seats: played.map(p => Number(p.dataset.seat)),
                won: played.filter(p => p.classList.contains('won')).map(p => Number(p.dataset.seat))};
    }""")


def computer_events(page):
    """The page's record of moves: [{kind: bot|human, seat, action, at (ms)}]."""
    return page.evaluate("window.tabletop.events")


def computer_gaps(page):
    """Seconds between consecutive computer actions, from the page's own timestamps."""
    bots = [e["at"] for e in computer_events(page) if e["kind"] == "bot"]
    return [(b - a) / 1000 for a, b in zip(bots, bots[1:])]


def overflow(page):
    """How far the page is wider than the viewport (0 or less: nothing sticks out). When something
    sticks out, the elements past the side edges (and whether they are being animated) are printed,
    so that a failure says what did it."""
    over = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    if over > 0:
        print(
            "past the side edges:",
            page.evaluate("""() => [...document.querySelectorAll('body *')]
            .map(e => [e, e.getBoundingClientRect()])
            .filter(([e, r]) => r.width && (r.right > innerWidth + 0.5 || r.left < -0.5))
            .slice(0, 12)
            .map(([e, r]) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')} [${Math.round(r.left)}, ${Math.round(r.right)}]`
                 + (e.getAnimations().length ? ' (animated)' : ''))"""),
        )
    return over


def cut_across_lines(page, selector, pattern):
    """The matches of the regular expression `pattern` in the text of the elements matching
    `selector` that a line break cuts in two (e.g. 「メ」 at a line's end, 「イト」 at the next
    one's start), as drawn: each match's range of text laid out on more than one line."""
    return page.evaluate(
        """([sel, pattern]) => {
            const cut = [];
            for (const el of document.querySelectorAll(sel)) {
                const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
                for (let n = walk.nextNode(); n; n = walk.nextNode())
                    for (const m of n.data.matchAll(new RegExp(pattern, "g"))) {
                        const r = document.createRange();
                        r.setStart(n, m.index);
                        r.setEnd(n, m.index + m[0].length);
                        const rs = [...r.getClientRects()].filter(x => x.width > 0);
                        if (rs.some(x => Math.abs(x.top - rs[0].top) > 3)) cut.push(m[0]);
                    }
            }
            return cut;
        }""",
        [selector, pattern],
    )


def within_viewport(page, selector):
    """Every element matching `selector` lies inside the viewport, without scrolling."""
    boxes = page.evaluate(
        """sel => [...document.querySelectorAll(sel)].filter(e => e.offsetParent !== null)
        .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })""",
        selector,
    )
    size = page.viewport_size
    assert boxes, f"nothing matches {selector}"
    return all(
        left >= -0.5
        and top >= -0.5
        and right <= size["width"] + 0.5
        and bottom <= size["height"] + 0.5
        for left, top, right, bottom in boxes
    )


def axe_violations(page, impacts=("serious", "critical")):
    page.evaluate(AXE.read_text())  # not a script tag: the CSP allows no inline script
    return page.evaluate(
        """async (impacts) => (await axe.run(document, {resultTypes: ['violations']})).violations
        .filter(v => impacts.includes(v.impact)).map(v => `${v.id}: ${v.nodes.length} (${v.nodes[0].target})`)""",
        list(impacts),
    )


LATIN_RUN = re.compile(r"[A-Za-z]{2,}")


# The words of the names the articles write in Latin letters (tests/wording.py): a Japanese
# screen may show them (「Hold My Beer（ホールド・マイ・ビア）」).
ARTICLE_WORDS = tuple(sorted({w for noun in PROPER_NOUNS for w in LATIN_RUN.findall(noun)}))


def latin_words(text, allowed=("Tabletop",)):
    """Runs of two or more Latin letters in `text` that are not allowed (a Japanese screen shows
    none but card ranks, which are single letters, and the articles' Latin names)."""
    return [w for w in LATIN_RUN.findall(text) if w not in allowed and w not in ARTICLE_WORDS]


def shoot(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def open_replay(page, server, log, lang="ja"):
    """The replay viewer on a game's saved log (as the table's own replay link makes it), stepped
    to its last move."""
    data = {
        key: log[key]
        for key in ("game", "players", "options", "seed", "setup", "actions")
        if key in log
    }
    page.goto(f"{server}/?{urlencode({'replay': json.dumps(data), 'lang': lang})}")
    page.wait_for_selector("body[data-screen=replay]", timeout=120_000)
    steps = page.locator(".replay-controls .step").get_attribute("data-steps")
    page.click(".replay-controls .last")
    page.wait_for_selector(f".replay-controls .step[data-step='{steps}']", timeout=60_000)


def finish_in_japanese(page, slug):
    """The rest of the game at the instant pace, then the result sheet: no wider than the phone,
    no English; its screenshot."""
    set_speed(page, "instant")
    play_to_end(page)
    assert overflow(page) <= 0
    sheet = page.locator("section.result").inner_text()
    assert latin_words(sheet) == [], latin_words(sheet)
    shoot(page, f"{slug}-ja-result-360x640")


def replay_in_japanese(page, server, slug, steps):
    """The replay viewer on the game's saved log: stepped `steps` moves one by one, then to the
    result, every screen said in Japanese and no wider than the phone; a screenshot at `steps`."""
    log = saved_log(page, slug)
    page.goto(f"{server}/?lang=ja&replay={quote(json.dumps(log))}")
    page.wait_for_selector("body[data-screen=replay]", timeout=60_000)
    for _ in range(steps):
        page.click(".replay-controls .next")
    page.wait_for_selector(f".replay-controls .step[data-step='{steps}']")
    assert latin_words(page.locator("main").inner_text()) == []
    shoot(page, f"{slug}-ja-replay-360x640")
    page.click(".replay-controls .last")
    page.wait_for_selector(".result.inline")
    assert latin_words(page.locator("main").inner_text()) == []
    assert overflow(page) <= 0


def discard_first_three(page, timeout=30_000):
    """Más-Menos's first move by taps: three lit cards, then Discard; waits until the engine has
    applied it (the save holds a move of seat 0)."""
    for _ in range(3):
        page.locator(".hand button.card.lit:not(.selected)").first.click()
    page.click("button[data-verb=discard]:not([disabled])")
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('tabletop:save:mas_menos'))"
        ".log.actions.some(a => a[0] === 0)",
        timeout=timeout,
    )
