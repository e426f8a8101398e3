"""The browser-engine tier (issue #38): the app in Firefox (Debian's Firefox ESR, driven over
WebDriver BiDi by tests/engines/bidi.py) and in WebKit (WebKitGTK's driver and MiniBrowser,
webkit_driver.py): every game in Japanese at phone size played by taps until a computer has moved,
a refusal, a reload that resumes; a lesson, a worked example, the statistics page; a reload
offline through the service worker with the server stopped; storage turned off (Firefox: its
pref; WebKitGTK's MiniBrowser has no such switch). Any uncaught page error fails the test."""

import json
import os
import pathlib
import shutil
import sys
import time

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "browser"))

from bidi import Firefox  # noqa: E402
from helpers import ARTIFACTS, game_url, latin_words  # noqa: E402
from webkit_driver import MINIBROWSER, WebKit  # noqa: E402

from tabletop import available_games, get_game  # noqa: E402

GAMES = sorted(available_games())
TABLE = "body[data-screen=table], body[data-screen=pass]"
PHONE = (390, 844)

HAS = {
    "firefox": bool(shutil.which("firefox-esr") or shutil.which("firefox")),
    "webkit": bool(shutil.which("WebKitWebDriver") and os.path.exists(MINIBROWSER)),
}


def launch(name, display, **kw):
    if not HAS[name]:
        pytest.skip(f"{name} is missing (apt-get install firefox-esr webkit2gtk-driver)")
    return Firefox(**kw) if name == "firefox" else WebKit(display, **kw)


@pytest.fixture(scope="module", params=["firefox", "webkit"])
def engine(request, display):
    """One browser of each engine for the module's tests, at phone size."""
    browser = launch(request.param, display)
    browser.name = request.param
    browser.viewport(*PHONE)
    yield browser
    browser.close()


@pytest.fixture()
def ff(engine):
    """The module's browser, with this test's page errors only; storage cleared after."""
    if engine.name == "firefox":
        engine.errors.clear()
    yield engine
    try:
        engine.js("() => { localStorage.clear(); return true; }")
    except Exception:
        pass


LEAF_TEXTS = """() => [...document.body.querySelectorAll('*')]
    .filter((e) => !e.children.length && e.offsetParent !== null)
    .map((e) => e.textContent).join('\\n')"""

SAVED_ACTIONS = """(slug) => {
    const raw = localStorage.getItem('tabletop:save:' + slug);
    return raw ? JSON.parse(raw).log.actions : [];
}"""


def tap_lit(ff):
    """A confirm once a set is full, else a lit card, else a choice (as tests/browser's tap_lit)."""
    for css in (
        ".table button.confirm:not([disabled])",
        ".table button.lit:not(.selected)",
        ".table .choices button.choice, .table button.choice.verb",
    ):
        if ff.tap(css):
            return True
    return False


def play_until_a_computer_moved(ff, slug, timeout=120):
    """Tap what is lit until the save holds a move of another seat than ours (seat 0), or, in a
    game for one, a move of ours; the saved actions. Timed, not counted: where the computers move
    first, the first of them loads its player module in the worker (seconds on a busy machine,
    when a count of idle rounds ran out at 15 s)."""
    solo = get_game(slug).default_players == 1
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        actions = ff.js(SAVED_ACTIONS, slug)
        if any(seat != 0 for seat, _ in actions) or (solo and actions):
            return actions
        if not tap_lit(ff):
            ff.js("() => new Promise((r) => setTimeout(() => r(true), 250))")
    raise AssertionError(f"{slug}: no computer move within {timeout} s of taps: {actions}")


def wait_precached(ff):
    """Until the service worker is activated with its cache."""
    ff.wait(
        """async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            return !!(reg && reg.active && reg.active.state === 'activated'
                && (await caches.keys()).some((k) => k.startsWith('tabletop-')));
        }""",
        timeout=180,
    )


@pytest.mark.parametrize("slug", GAMES)
def test_every_game_plays_refuses_and_resumes_in_japanese(ff, server, slug):
    ff.get(game_url(server, slug, "ja", start=1))
    ff.wait_css(TABLE)
    ff.wait("() => document.body.dataset.engine === 'ready'")
    text = ff.js(LEAF_TEXTS)
    assert not latin_words(text), latin_words(text)
    if ff.js("() => document.body.dataset.screen") == "pass":
        ff.tap("button.primary.reveal")
        ff.wait_css("body[data-screen=table]")
    actions = play_until_a_computer_moved(ff, slug)
    refused = ff.js("() => tabletop.call('act', 0, 'zz 99')")
    assert refused["ok"] is False and refused["code"], refused
    ff.reload()
    ff.wait_css(TABLE)
    ff.wait("() => document.body.dataset.engine === 'ready'")
    after = ff.js(SAVED_ACTIONS, slug)
    assert after[: len(actions)] == actions  # resumed, not dealt again
    view = ff.js("() => tabletop.call('view', 0)")
    assert view["ok"] and "legal_actions" in view["view"], view
    assert ff.errors == []


def test_a_lesson_step_a_worked_example_and_the_statistics(ff, server):
    ff.get(game_url(server, "mas_menos", "ja", learn=1))
    ff.wait_css(".lesson-caption[data-kind=intro] .lesson-buttons button.primary")
    ff.tap(".lesson-caption .lesson-buttons button.primary")  # 始める
    step = ff.wait(
        "() => { const c = document.querySelector('.lesson-caption[data-kind=yours]');"
        " return c && Number(c.dataset.step) + 1; }"
    )
    for _ in range(6):
        current = ff.js(
            "() => { const c = document.querySelector('.lesson-caption');"
            " return c && c.dataset.kind === 'yours' ? Number(c.dataset.step) + 1 : 0; }"
        )
        if current != step:
            break
        assert ff.tap(".lesson-ask"), "nothing marked for the lesson's asked move"
        ff.js("() => new Promise((r) => setTimeout(() => r(true), 300))")
    else:
        raise AssertionError("the lesson's asked move was not taken by its taps")
    ff.get(f"{server}/?replay=mas-menos-article-example&lang=ja")
    ff.wait_css("body[data-screen=replay]")
    assert ff.js("() => document.querySelector('.replay-controls .step').textContent") == "0 / 30"
    ff.tap(".replay-controls .next")
    ff.wait("() => document.querySelector('.replay-controls .step').textContent === '1 / 30'")
    ff.get(game_url(server, "mas_menos", "ja", page="stats"))
    ff.wait_css(".stats-page")
    text = ff.js(LEAF_TEXTS)
    assert "成績" in text and not latin_words(text), latin_words(text)
    ff.screenshot(ARTIFACTS / f"{ff.name}-stats-390x844.png")
    assert ff.errors == []


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_a_second_visit_plays_offline_with_the_server_stopped(tmp_path, display, name):
    """The service worker precaches on the first visit; with the server gone, a reload still
    opens the table and a move by taps is saved."""
    sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[2] / "py" / "tools"))
    import build
    import serve

    site = tmp_path / "dist"
    build.build(site, testing=True)
    srv = serve.serve_in_thread(site)
    url = f"http://127.0.0.1:{srv.server_address[1]}/?game=mas_menos&lang=ja&start=1&botdelay=0"
    ff = launch(name, display)
    try:
        ff.viewport(*PHONE)
        ff.get(url)
        ff.wait_css("body[data-screen=table]")
        wait_precached(ff)
        ff.reload()  # now controlled by the service worker
        ff.wait("() => !!navigator.serviceWorker.controller")
        srv.shutdown()
        srv.server_close()
        ff.reload()
        ff.wait_css("body[data-screen=table]")
        ff.wait("() => document.body.dataset.engine === 'ready'")
        for _ in range(3):
            assert ff.tap(".hand button.card.lit:not(.selected)")
        assert ff.tap("button[data-verb=discard]:not([disabled])")
        ff.wait(f"() => ({SAVED_ACTIONS})('mas_menos').some((a) => a[0] === 0)")
        assert ff.errors == []
    finally:
        ff.close()


# Storage refused, each engine its own way: Firefox refuses all site data (cookies and storage
# blocked, as some private settings do); WebKit with its local storage turned off (MiniBrowser's
# WebKitSettings:enable-html5-local-storage).
STORAGE_OFF = {
    "firefox": {"prefs": {"network.cookie.cookieBehavior": 2}},
    "webkit": {"args": ["--enable-html5-local-storage=false"]},
}


@pytest.mark.parametrize("name", ["firefox", "webkit"])
def test_storage_turned_off_still_plays_with_a_note(server, display, name):
    """Storage refused: the game starts, says in Japanese that it lasts while the page is open,
    and takes a move."""
    ff = launch(name, display, **STORAGE_OFF[name])
    try:
        ff.viewport(*PHONE)
        ff.get(game_url(server, "mas_menos", "ja", start=1))
        ff.wait_css("body[data-screen=table]")
        ff.wait("() => document.body.dataset.engine === 'ready'")
        assert ff.js("() => { try { localStorage.length; return false; } catch { return true; } }")
        note = ff.wait("() => document.querySelector('.storage-note')?.textContent")
        assert "保存しません" in note, note
        for _ in range(3):
            assert ff.tap(".hand button.card.lit:not(.selected)")
        assert ff.tap("button[data-verb=discard]:not([disabled])")
        ff.wait("() => tabletop.events.some((e) => e.kind === 'human' && e.seat === 0)")
        ff.screenshot(ARTIFACTS / f"{name}-storage-off-390x844.png")
        assert ff.errors == []
    finally:
        ff.close()


def test_the_engine_and_its_version_are_reported(engine):
    """The tier's engines and versions, for the report (and a check that the driver answered)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{engine.name}-version.json").write_text(
        json.dumps({engine.name: engine.version})
    )
    assert int(engine.version.split(".")[0]) >= 2


def test_a_webkit_without_webrtc_says_it_cannot_use_a_friends_table(server, display):
    """Issue #38 item 4: Debian's WebKitGTK 2.50 has no RTCPeerConnection (not even with
    MiniBrowser's --enable-webrtc), so a WebKit guest cannot join a Chromium host. Both ends say
    so in Japanese, with what to try, instead of waiting for a connection that cannot come."""
    wk = launch("webkit", display)
    try:
        if wk.js("() => typeof RTCPeerConnection") != "undefined":
            pytest.skip("this WebKit has WebRTC: a guest could join (not tested here)")
        wk.get(f"{server}/friends.html?game=mas_menos&room={'a' * 22}&lang=ja")
        note = wk.wait(
            "() => document.querySelector('.friends-notice[data-code=friends_no_webrtc]')"
            "?.textContent"
        )
        assert "直接通信" in note and not latin_words(note), note
        wk.get(game_url(server, "mas_menos", "ja"))
        wk.wait_css("form.setup button.friends")
        assert wk.tap("form.setup button.friends")
        toast = wk.wait("() => document.querySelector('#toast')?.textContent")
        assert "直接通信" in toast, toast
        assert wk.js("() => document.body.dataset.screen") == "setup"
        assert wk.errors == []
    finally:
        wk.close()


def test_firefox_counts_the_pages_errors_not_the_loads_it_left(server, display):
    """The tier's error check (tests/engines/bidi.py, CANCELLED_BY_LEAVING): cached loads still
    in flight when a page is left are not its errors (Firefox logs one entry each); an uncaught
    error of the page in use is."""
    ff = launch("firefox", display)
    try:
        url = game_url(server, "mas_menos", "ja", start=1)
        ff.get(url)
        ff.wait("() => document.body.dataset.engine === 'ready'")
        wait_precached(ff)
        ff.get(url)  # under the service worker: the runtime's files come from its cache
        ff.wait("() => !!navigator.serviceWorker.controller")
        ff.wait("() => document.body.dataset.engine === 'ready'")
        ff.js(
            """() => {
                // Twenty copies of the runtime (about 9 MB each): some are still coming.
                for (let i = 0; i < 20; i++)
                    fetch('static/vendor/pyodide/pyodide.asm.wasm')
                        .then((r) => r.arrayBuffer())
                        .catch(() => 0);
                return true;
            }"""
        )
        ff.get(game_url(server, "mate", "ja", start=1))
        ff.wait("() => document.body.dataset.engine === 'ready'")
        assert ff.cancelled_by_leaving, "no load was in flight when the page was left"
        assert ff.errors == []
        ff.js("() => { setTimeout(() => { throw new Error('boom'); }); return true; }")
        ff.wait("() => new Promise((r) => setTimeout(() => r(true), 200))")
        assert any("boom" in e for e in ff.errors), ff.errors
    finally:
        ff.close()
