"""The runtime as shipped: the trimmed standard library, pre-compressed files, security headers."""

import json
import pathlib
import subprocess
import sys
import urllib.error
import urllib.request
import zipfile

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))

import record_stdlib  # noqa: E402


def test_the_trimmed_standard_library_is_what_the_site_ships(site):
    with zipfile.ZipFile(site / "static" / "vendor" / "pyodide" / "python_stdlib.zip") as zf:
        names = set(zf.namelist())
        stored = all(i.compress_type == zipfile.ZIP_STORED for i in zf.infolist())
    with zipfile.ZipFile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip") as zf:
        original = set(zf.namelist())
    assert {"json/__init__.py", "random.py", "typing.py", "encodings/utf_8.py"} <= names
    assert not names & {
        "email/__init__.py",
        "http/client.py",
        "xml/dom/minidom.py",
        "unittest/__init__.py",
        "pydoc.py",
        "doctest.py",
        "tarfile.py",
        "_pyrepl/__init__.py",
        "encodings/cp1252.py",
    }
    assert len(names) < len(original) / 3
    assert stored  # stored entries: the transfer's gzip/Brotli compresses the whole file
    # Beside it, the same modules as bytecode, which the service worker serves a return visit.
    with zipfile.ZipFile(
        site / "static" / "vendor" / "pyodide" / "python_stdlib.compiled.zip"
    ) as zf:
        compiled = set(zf.namelist())
    assert compiled == {name + "c" if name.endswith(".py") else name for name in names}


def test_every_game_bot_hint_truth_analysis_and_replay_from_the_trimmed_stdlib(page, server, site):
    """Everything the app asks of the engine, through the app's own call path, on the trimmed zip."""
    page.goto(server + "/?lang=en")
    page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
    plan = record_stdlib.exercise_plan(site, moves=12, probes=[2])
    # The one-player games and Mate to the end: their truth and analysis need a finished deal.
    plan["movesFor"] = {"mate": 10_000, "four_thrones": 10_000, "gridcannon": 10_000}
    report = record_stdlib.run_exercise(page, plan, timeout_s=300)
    assert report["failures"] == []
    games = report["games"]
    assert sorted(games) == sorted(g["slug"] for g in plan["games"]) and len(games) >= 12
    for slug, got in games.items():
        assert got["moves"] >= 6 or got["over"], slug
        assert got["replay"] == got["moves"], slug
        levels = next(g["levels"] for g in plan["games"] if g["slug"] == slug)
        assert sorted(got["levels"]) == sorted(levels), slug  # every level chose a legal move
    assert (
        games["mate"]["over"]
        and games["mate"]["analysis"] is True
        and games["mate"]["hint"] is not None
    )
    for slug in ("four_thrones", "gridcannon"):
        assert (
            games[slug]["over"]
            and games[slug]["truth"] in (True, False, None)
            and games[slug]["undo"] is True
        )
        assert games[slug]["hint"] is not None, slug
    assert page.errors == []


def fetch(url, **headers):
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request) as res:
            return res.status, res.headers, res.read()
    except urllib.error.HTTPError as err:  # 304 comes as an HTTPError from urllib
        return err.code, err.headers, b""


def test_brotli_beside_gzip_served_by_what_the_browser_accepts(server, site):
    wasm = "/static/vendor/pyodide/pyodide.asm.wasm"
    original = (site / wasm[1:]).read_bytes()
    for accept, coding, suffix in (
        ("gzip, deflate, br, zstd", "br", ".br"),
        ("gzip, deflate", "gzip", ".gz"),
        ("gzip, br;q=0", "gzip", ".gz"),
        ("identity", None, ""),
    ):
        status, headers, body = fetch(server + wasm, **{"Accept-Encoding": accept})
        assert status == 200
        assert headers.get("Content-Encoding") == coding, accept
        assert body == (site / (wasm[1:] + suffix)).read_bytes()
        assert (
            headers["Vary"] == "Accept-Encoding" and headers["Content-Type"] == "application/wasm"
        )
        assert headers["X-Content-Type-Options"] == "nosniff"
        # A revalidation costs a 304, whichever coding was sent.
        again, headers304, _ = fetch(
            server + wasm,
            **{"Accept-Encoding": accept, "If-Modified-Since": headers["Last-Modified"]},
        )
        assert again == 304, accept
        assert headers304["X-Content-Type-Options"] == "nosniff"
    # The Brotli copy is the file (decoded by Node's zlib, which wrote it).
    decoded = subprocess.run(
        [
            "node",
            "-e",
            "process.stdout.write(require('zlib').brotliDecompressSync(require('fs').readFileSync(0)))",
        ],
        input=(site / (wasm[1:] + ".br")).read_bytes(),
        capture_output=True,
        check=True,
    ).stdout
    assert decoded == original
    assert len((site / (wasm[1:] + ".br")).read_bytes()) < len(
        (site / (wasm[1:] + ".gz")).read_bytes()
    )
    # Every text and runtime file has both copies; images are sent as they are.
    for path in site.rglob("*"):
        if path.suffix in (
            ".js",
            ".mjs",
            ".wasm",
            ".zip",
            ".json",
            ".css",
            ".html",
            ".py",
            ".toml",
        ):
            assert (
                path.with_name(path.name + ".br").is_file()
                and path.with_name(path.name + ".gz").is_file()
            ), path
    status, headers, _ = fetch(
        server + "/static/icons/icon-192.png", **{"Accept-Encoding": "gzip, br"}
    )
    assert status == 200 and "Content-Encoding" not in headers and "Vary" not in headers
    assert headers["X-Content-Type-Options"] == "nosniff"


def test_an_embedded_game_plays_to_the_end_where_third_party_storage_is_blocked(
    browser, server, tmp_path
):
    """Debian's Chromium as it runs by default blocks all storage in a third-party frame (no
    localStorage, IndexedDB, Cache API or service worker). The embedded game still starts and
    plays to the end, with its save in memory and a quiet note; no toast, no page error."""
    from helpers import play_to_end
    from test_site import article_server

    (tmp_path / "one").mkdir()
    other = article_server(tmp_path / "one", server + "/")
    context = browser.new_context(viewport={"width": 412, "height": 915}, locale="en-US")
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(
            f"http://localhost:{other.server_address[1]}/article.html"
        )  # localhost vs 127.0.0.1: another site
        frame = page.wait_for_selector("#one").content_frame()
        frame.wait_for_selector("body[data-screen=table]", timeout=120_000)
        assert frame.evaluate(
            "() => { try { localStorage.length; return false; } catch { return true; } }"
        )
        assert frame.evaluate("""() => new Promise((resolve) => { const q = indexedDB.open('probe');
            q.onsuccess = () => resolve(false); q.onerror = () => resolve(true); })""")
        assert "lasts while this page is open" in frame.locator(".storage-note").inner_text()
        play_to_end(frame)
        assert frame.locator("section.result .score").count() == 1
        assert frame.locator("#toast").count() == 0  # the toast element is made by the first toast
        assert errors == []
    finally:
        context.close()
        other.shutdown()


def test_a_cold_visit_draws_the_opening_at_once_and_a_tap_waits_for_the_engine(page, server, site):
    """A first visit with start=1 draws the build's opening table before the engine is up; a tap
    made meanwhile is applied once the engine has dealt the same seed."""
    opening = json.loads((site / "static" / "openings" / "mas_menos.json").read_text())
    page.goto(server + "/?game=mas_menos&start=1&lang=en&botdelay=0&nosw=1")
    page.wait_for_selector("body[data-shown]", timeout=60_000)
    assert page.evaluate(
        "!document.body.dataset.ready && !document.body.dataset.engine"
    )  # the engine is not up yet
    chosen = [
        page.locator(".hand button.card.lit:not(.selected)").nth(i).get_attribute("data-card")
        for i in range(3)
    ]
    assert len(set(chosen)) == 3 and set(chosen) <= set(
        opening["view"]["hand"]
    )  # drawn from the opening
    for card in chosen:
        page.click(f".hand button.card.lit[data-card='{card}']:not(.selected)")
    page.click("button[data-verb=discard]:not([disabled])")
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    marks = page.evaluate(
        "['table-shown', 'engine-ready'].map((n) => performance.getEntriesByName(n)[0].startTime)"
    )
    assert marks[0] < marks[1]
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('tabletop:save:mas_menos') || 'null')?.log.actions.length >= 1",
        timeout=60_000,
    )
    log = page.evaluate("JSON.parse(localStorage.getItem('tabletop:save:mas_menos')).log")
    assert log["seed"] == opening["seed"]
    discard = next(action for seat, action in log["actions"] if seat == 0)
    assert sorted(discard.split()[1:]) == sorted(chosen)
    assert page.errors == []


def test_every_opening_is_what_the_engine_deals_in_the_browser(page, server, site):
    """The openings are made by CPython at build time; Pyodide's engine deals the same tables."""
    page.goto(server + "/?lang=en")
    page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
    catalog = json.loads((site / "static" / "catalog.json").read_text())
    for game in [g for g in catalog if g["available"]]:
        opening = json.loads((site / "static" / "openings" / f"{game['slug']}.json").read_text())
        log = {
            "game": game["slug"],
            "players": game["default_players"],
            "options": {},
            "seed": opening["seed"],
            "actions": [],
        }
        assert page.evaluate("(log) => tabletop.call('load', log)", json.dumps(log))["ok"]
        got = page.evaluate("() => tabletop.call('view', 0)")
        assert got["ok"] and got["view"] == opening["view"], game["slug"]


CSP_WATCH = """window.__csp = [];
document.addEventListener('securitypolicyviolation',
  (e) => window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));"""


def test_the_app_runs_under_its_content_security_policy(browser, server, site):
    """index.html's CSP: every game's table, rules, a replay and the embed page with a live
    preview (a frame of the app) run with no violation and no page error."""
    from helpers import open_menu

    assert '<meta http-equiv="Content-Security-Policy"' in (site / "index.html").read_text()
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="ja-JP")
    context.add_init_script(CSP_WATCH)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    go = "(q) => { delete document.body.dataset.screen; history.pushState(null, '', q); dispatchEvent(new PopStateEvent('popstate')); }"
    try:
        page.goto(server + "/?lang=ja&botdelay=0")
        page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
        for game in [
            g for g in json.loads((site / "static" / "catalog.json").read_text()) if g["available"]
        ]:
            page.evaluate(go, f"?game={game['slug']}&start=1&lang=ja")
            page.wait_for_selector("body[data-screen=table]", timeout=60_000)
            assert page.evaluate("tabletop.call('loaded_games')")[
                "ok"
            ]  # after the game's load, in order
            open_menu(page)
            page.click(".menu-panel .rules-button")
            page.wait_for_selector(".rules-page h3")
            page.click(".rules-page button.close")
        page.evaluate(go, "?replay=mate-article-example&lang=ja")
        page.wait_for_selector("body[data-screen=replay]", timeout=60_000)
        page.click(".replay-controls .next")
        page.wait_for_selector(".replay-controls .step[data-step='1']")
        page.evaluate(go, "?page=embed&lang=ja")
        page.wait_for_selector("body[data-screen=embed]")
        page.locator(".snippet .show-preview").first.click()
        preview = page.wait_for_selector(".snippet .preview iframe").content_frame()
        preview.wait_for_selector("body[data-screen=table]", timeout=120_000)
        assert preview.evaluate("window.__csp") == []
        assert page.evaluate("window.__csp") == []
        assert errors == []
    finally:
        context.close()
