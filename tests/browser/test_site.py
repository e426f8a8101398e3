"""The site as deployed: offline after one visit, updates to a new build, any sub-path, embedding;
and what every screen shares: the game list, the one-row header with its menu, short toasts that
keep off the hand, pages no wider than a phone."""

import functools
import http.server
import json
import shutil
import threading

import build
import serve
from helpers import (
    discard_first_three,
    open_game,
    open_menu,
    overflow,
    saved_log,
    shoot,
    start_new,
)
from playwright.sync_api import Error as PlaywrightError

from tabletop import SLUGS

GAME = "game=mas_menos&lang=en&botdelay=0&start=1"


def wait_table(page):
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.locator(".hand button.card.lit").first.wait_for(timeout=60_000)


def wait_precached(page, timeout_s=120):
    """Until the service worker is activated with its cache. (wait_for_function cannot await: an
    async predicate returns a Promise, which is truthy at once; so poll with evaluate.)"""
    import time

    deadline = time.time() + timeout_s
    while time.time() < deadline:
        if page.evaluate("""async () => {
            const reg = await navigator.serviceWorker.getRegistration();
            return !!(reg && reg.active && reg.active.state === 'activated'
                      && (await caches.keys()).some(k => k.startsWith('tabletop-')));
        }"""):
            return
        page.wait_for_timeout(250)
    raise AssertionError("the service worker did not finish precaching")


def fresh_site(site, tmp_path):
    copy = tmp_path / "site"
    shutil.copytree(site, copy)
    return copy


def test_offline_with_cache_wiped_and_server_stopped(browser, site, tmp_path):
    own = fresh_site(site, tmp_path)
    srv = serve.serve_in_thread(own)
    url = f"http://127.0.0.1:{srv.server_address[1]}/"
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    try:
        page.goto(url + "?" + GAME)
        wait_table(page)
        wait_precached(page)
        srv.shutdown()
        srv.server_close()
        cdp = context.new_cdp_session(page)
        cdp.send("Network.clearBrowserCache")
        context.set_offline(True)
        page.goto(url + "?lang=en")
        page.wait_for_selector("ul.games [data-slug=mas_menos]", timeout=60_000)
        page.click("button[data-slug=mas_menos]")
        wait_table(page)  # the saved game resumes, engine and all, from the service worker
        page.locator(".hand button.card.lit").first.click()
        page.wait_for_timeout(200)
        assert page.locator("body[data-screen=table]").count() == 1
        # ... on the standard library as bytecode, which the service worker keeps under the
        # source zip's name (the only copy this offline page can reach).
        page.wait_for_selector("body[data-engine=ready]", state="attached", timeout=60_000)
        stdlib = page.evaluate("""async () => {
            const name = (await caches.keys()).find((k) => k.startsWith('tabletop-'));
            const res = await (await caches.open(name))
                .match('static/vendor/pyodide/python_stdlib.zip');
            const text = new TextDecoder('latin1').decode(await res.arrayBuffer());
            return { pyc: text.includes('json/__init__.pyc'), source: text.includes('def loads(') };
        }""")
        assert stdlib == {"pyc": True, "source": False}
    finally:
        context.close()


def test_a_returning_visitor_gets_the_new_build(browser, site, tmp_path):
    own = fresh_site(site, tmp_path)
    srv = serve.serve_in_thread(own)
    url = f"http://127.0.0.1:{srv.server_address[1]}/?lang=en"
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(url)
        page.wait_for_selector("ul.games")
        wait_precached(page)
        page.reload()
        page.wait_for_selector("ul.games")
        assert page.locator("meta[name=build-marker]").count() == 0
        # A new build: changed content, so a new version and a new cache.
        index = own / "index.html"
        index.write_text(
            index.read_text().replace("<head>", '<head>\n<meta name="build-marker" content="v2">')
        )
        old_version = (own / "version.json").read_text()
        build.write_service_worker(own)
        assert (own / "version.json").read_text() != old_version
        # The browser checks sw.js and installs the new worker, which takes over and reloads the
        # page itself: that second navigation can abort this one (ERR_ABORTED) before its load
        # event or even before it commits, whichever comes first under load, so an abort is taken
        # as that reload, and the marker of the page that stays is what is waited for.
        try:
            page.reload(wait_until="commit")
        except PlaywrightError as err:
            if "ERR_ABORTED" not in str(err):
                raise
        page.wait_for_function(
            "document.querySelector('meta[name=build-marker]') !== null",
            timeout=60_000,
            polling=250,
        )
        keys = page.evaluate("caches.keys()")
        assert len([k for k in keys if k.startswith("tabletop-")]) == 1  # the old cache is gone
    finally:
        context.close()
        srv.shutdown()


def test_a_page_reloads_for_a_worker_of_another_build_only(browser, server, site):
    """The service worker stamps the pages it serves with its build; a worker that says it has
    taken over reloads a page of another build, not one of its own (a page opened while its
    worker was activating hears that worker too: seen reloading a test's page under its feet)."""
    version = json.loads((site / "version.json").read_text())["version"]
    context = browser.new_context()
    page = context.new_page()
    try:
        page.goto(f"{server}/?lang=en")
        page.wait_for_selector("ul.games")
        assert page.locator("meta[name=tabletop-build]").count() == 0  # from the network
        wait_precached(page)
        page.reload()
        page.wait_for_selector("ul.games")
        stamp = page.locator("meta[name=tabletop-build]")
        assert stamp.get_attribute("content") == version
        say = """(version) => {
            window.__stayed = true;
            navigator.serviceWorker.dispatchEvent(new MessageEvent("message", {
                data: {type: "tabletop:activated", version}}));
            return new Promise((r) => setTimeout(() => r(window.__stayed === true), 1000));
        }"""
        assert page.evaluate(say, version) is True  # its own build: no reload
        with page.expect_navigation():
            try:
                page.evaluate(say, "another-build")
            except PlaywrightError as err:  # the reload ends the evaluation
                assert "destroyed" in str(err) or "navigation" in str(err), err
        page.wait_for_selector("ul.games")
        assert page.evaluate("window.__stayed") is None
    finally:
        context.close()


def test_served_from_a_sub_path(browser, site):
    srv = serve.serve_in_thread(site, prefix="/games/tabletop/")
    base = f"http://127.0.0.1:{srv.server_address[1]}/games/tabletop/"
    context = browser.new_context(viewport={"width": 360, "height": 640})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    try:
        page.goto(base + "?" + GAME)
        wait_table(page)
        page.locator(".hand button.card.lit").first.click()
        assert failed == [] and errors == []
    finally:
        context.close()
        srv.shutdown()


ARTICLE = """<!doctype html><html><head><meta charset="utf-8"><title>An article</title></head><body>
<h1>Más-Menos and Mate</h1><p>Try them here:</p>
<iframe id="one" src="{app}?game=mas_menos&embed=1&lang=en&botdelay=0" data-tabletop style="width:100%;border:0" height="300"></iframe>
<iframe id="two" src="{app}?game=mate&embed=1&lang=en&botdelay=0" data-tabletop style="width:100%;border:0" height="300"></iframe>
<script src="{app}static/embed.js" async></script>
</body></html>"""


def article_server(tmp_path, app, write=True):
    if write:
        (tmp_path / "article.html").write_text(ARTICLE.format(app=app))
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(tmp_path))
    handler.log_message = lambda *a: None
    other = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=other.serve_forever, daemon=True).start()
    return other


# Debian's Chromium blocks all storage in third-party frames (its third-party-cookie phase-out);
# most browsers give such frames partitioned storage. The embedding test runs a browser configured
# like them; test_runtime.py plays an embedded game under the blocking one.
PARTITIONED_STORAGE = "--disable-features=TrackingProtection3pcd,ThirdPartyCookieDeprecationTrial,BlockThirdPartyCookies"


def test_embedded_in_an_article_on_another_origin(own_chromium, server, sink, tmp_path):
    other = article_server(tmp_path, server + "/")
    own_browser = own_chromium(PARTITIONED_STORAGE, f"--proxy-server=http://127.0.0.1:{sink.port}")
    context = own_browser.new_context(viewport={"width": 412, "height": 915})
    page = context.new_page()
    try:
        page.goto(
            f"http://localhost:{other.server_address[1]}/article.html"
        )  # localhost vs 127.0.0.1: another origin
        one = page.frame_locator("#one")
        one.locator("body[data-screen=table]").wait_for(timeout=120_000)
        # Play a move inside the embedded game: discard three cards.
        for _ in range(3):
            one.locator(".hand button.card.lit:not(.selected)").first.click()
        one.locator("button[data-verb=discard]:not([disabled])").click()
        # The table is drawn (the build's opening) before the engine is up: the move is made once
        # the engine has applied it, which the save then holds.
        frame_one = page.wait_for_selector("#one").content_frame()
        frame_one.wait_for_function(
            "JSON.parse(localStorage.getItem('tabletop:save:mas_menos') || 'null')?.log.actions.length >= 1",
            timeout=120_000,
        )
        # The iframe grew to its table (embed.js listened to the height message).
        page.wait_for_function(
            "parseInt(document.getElementById('one').style.height || '0') > 300", timeout=30_000
        )
        two = page.frame_locator("#two")
        two.locator("body[data-screen=table]").wait_for(timeout=120_000)
        # Both games keep their own saves in the app's storage.
        saves = one.locator("body").evaluate(
            "() => Object.keys(localStorage).filter(k => k.startsWith('tabletop:save:')).sort()"
        )
        assert saves == ["tabletop:save:mas_menos", "tabletop:save:mate"]
        mas = one.locator("body").evaluate(
            "() => JSON.parse(localStorage.getItem('tabletop:save:mas_menos')).log.actions.length"
        )
        assert mas >= 1
        assert one.locator("a.full-app").get_attribute("target") == "_blank"
        assert sink.foreign() == []
    finally:
        context.close()
        other.shutdown()


NEAR_ARTICLE = """<!doctype html><html><head><meta charset="utf-8"><title>An article</title>
<script>window.__loadedAt = null; addEventListener("load", () => (window.__loadedAt = performance.now()));
window.__srcAt = {{}}; new MutationObserver((records) => {{ for (const r of records)
  window.__srcAt[r.target.id] ??= performance.now(); }})
  .observe(document, {{ subtree: true, attributeFilter: ["src"] }});</script></head><body>
<h1>Two games</h1><p style="height:{screen}px">The first game is one screen below the fold.</p>
<iframe id="near" data-src="{app}?game=mas_menos&embed=1&lang=en&botdelay=0" data-tabletop
  style="width:100%;border:0" height="300"></iframe>
<p style="height:{far}px">A long text before the second game.</p>
<iframe id="far" data-src="{app}?game=mate&embed=1&lang=en&botdelay=0" data-tabletop
  style="width:100%;border:0" height="300"></iframe>
<script src="{app}static/embed.js" async></script>
</body></html>"""


def test_an_embedded_game_starts_after_the_article_and_as_the_reader_nears_it(
    page, server, tmp_path
):
    article = NEAR_ARTICLE.format(app=server + "/", screen=640, far=4000)
    (tmp_path / "article.html").write_text(article)
    other = article_server(tmp_path, server + "/", write=False)
    try:
        page.set_viewport_size({"width": 360, "height": 640})
        page.goto(f"http://localhost:{other.server_address[1]}/article.html")
        near = page.frame_locator("#near")
        near.locator("body[data-screen=table]").wait_for(timeout=120_000)
        loaded, started = page.evaluate("[window.__loadedAt, window.__srcAt]")
        # The game one screen below the fold began after the article's load event, before the
        # reader scrolled; the one seven screens down has not begun at all.
        assert loaded is not None and started["near"] >= loaded, (loaded, started)
        assert page.evaluate("window.scrollY") == 0
        assert page.locator("#far").get_attribute("src") is None and "far" not in started
        # The reader scrolls on: within a screen of it, the second game starts.
        page.evaluate("document.getElementById('far').scrollIntoView()")
        page.frame_locator("#far").locator("body[data-screen=table]").wait_for(timeout=120_000)
    finally:
        other.shutdown()


def test_game_list_shows_every_game_in_japanese(page, server):
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games")
    assert page.locator("ul.games li").count() == len(SLUGS)  # the sixteen
    assert page.locator("[data-slug=deer_hunt]").inner_text().startswith("鹿狩り")
    assert page.locator("[data-slug=mas_menos]").inner_text().startswith("マス・メノス")
    assert page.locator(".game.coming").count() == 0  # every game has its table


def test_second_visit_plays_offline_from_the_service_worker(page, server):
    page.goto(f"{server}/?{GAME}")
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    wait_precached(page)
    page.reload()  # now controlled by the service worker
    page.wait_for_selector("body[data-screen=table]", timeout=120_000)
    page.context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("body[data-screen=table]", timeout=120_000)
        page.locator(".hand button.card.lit").first.wait_for(timeout=30_000)
        discard_first_three(page)
    finally:
        page.context.set_offline(False)


def header_rows(page):
    """The header's height and whether its items sit on one line."""
    return page.evaluate("""() => {
        const bar = document.querySelector('header.bar');
        const tops = [...bar.children].filter(e => e.offsetParent !== null && !e.classList.contains('menu-panel'))
            .map(e => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2));
        return {height: bar.getBoundingClientRect().height, rows: new Set(tops.map(t => Math.round(t / 8))).size};
    }""")


def test_one_row_header_with_its_menu_and_no_screen_wider_than_a_phone(phone_ja, server):
    """360x640 in Japanese: the list, the setup of both kit games, a table, the menu and the rules
    page stay within the phone's width, and the header is one row (back, title, menu) everywhere."""
    page = phone_ja
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    assert overflow(page) <= 0 and header_rows(page)["height"] <= 52
    for slug in ("mas_menos", "slobberhannes"):
        open_game(page, server, slug, lang="ja")
        assert page.locator("body[data-screen=setup]").count() == 1
        head = header_rows(page)
        assert head["rows"] == 1 and head["height"] <= 52, head
        assert overflow(page) <= 0
    start_new(page)
    page.locator(".hand button.card.lit").first.wait_for(timeout=60_000)
    head = header_rows(page)
    assert head["rows"] == 1 and head["height"] <= 52, head
    open_menu(page)
    items = page.locator(".menu-panel").inner_text()
    for label in ("ルール", "新しいゲーム", "English", "4色デッキ", "コンピュータの速さ"):
        assert label in items, items
    assert overflow(page) <= 0
    shoot(page, "menu-ja-360x640")
    page.click(".menu-panel .rules-button")
    page.wait_for_selector(".rules-page")
    assert overflow(page) <= 0
    assert page.evaluate("document.querySelector('.rules-page').scrollWidth <= 360")
    shoot(page, "rules-ja-360x640")
    page.click(".rules-page button.close")
    # Language from the menu: the whole table in English, still one row.
    open_menu(page)
    page.click(".menu-panel .lang")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert "Slobberhannes" in page.locator("header.bar h1").inner_text()
    # New game from the menu goes back to the setup screen.
    open_menu(page)
    page.click(".menu-panel .new")
    page.wait_for_selector("body[data-screen=setup]")


def test_a_toast_is_short_keeps_off_the_hand_and_goes_with_the_next_move(phone_ja, server):
    page = phone_ja
    # A save that cannot be restored: a fresh table and a toast saying so.
    page.goto(f"{server}/?lang=ja")
    page.wait_for_selector("ul.games", timeout=120_000)
    page.evaluate("localStorage.setItem('tabletop:save:mas_menos', '{not json')")
    page.goto(f"{server}/?game=mas_menos&lang=ja&botdelay=0")
    # Both boxes are read in the page in one frame while the toast shows: the toast goes after
    # 5 s, and round trips from the test under a loaded CI could take longer than that.
    boxes = page.wait_for_function(
        """() => {
          const toast = document.querySelector('#toast.show');
          const lit = document.querySelector('.hand button.card.lit');
          if (!toast || !lit) return null;
          const box = (el) => { const r = el.getBoundingClientRect();
                                return { y: r.y, height: r.height }; };
          return { toast: box(toast), hand: box(document.querySelector('.hand')) };
        }""",
        timeout=120_000,
    ).json_value()
    toast, hand = boxes["toast"], boxes["hand"]
    assert toast["height"] > 0 and toast["y"] + toast["height"] <= hand["y"], boxes
    discard_first_three(page)
    page.wait_for_selector("#toast:not(.show)", state="attached", timeout=5_000)
    assert any(seat == 0 for seat, _ in saved_log(page, "mas_menos")["actions"])
