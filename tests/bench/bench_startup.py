#!/usr/bin/env python3
"""Start-up benchmark in headless Chromium: the app against bare Pyodide boot, same server, same run.

    python3 tests/bench/bench_startup.py [--runs 5] [--cpu 4] [--json out.json]

- app: navigation to ``?game=mas_menos&start=1`` until the table is drawn and playable (the
  ``table-ready`` performance mark: engine booted in the worker, game loaded, view drawn);
- bare: a page that only boots Pyodide through the same PyScript worker tag and calls one
  function (the ``table-ready`` mark once it answers), on PyScript and Pyodide as their npm
  packages ship them (untrimmed standard library), gzip only: a stock deployment.
Cold = a fresh browser context (empty HTTP cache, no service worker); warm = the same context
navigated again (HTTP cache and service worker present). Medians of --runs. Bytes are counted by
the server (bodies sent), for the cold load of each page. ``--cpu N``: every renderer (the page,
the engine's worker, the service worker) slowed N times (``phone_cpu.py``), as on a phone.
"""

import argparse
import json
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))
import build  # noqa: E402
import serve  # noqa: E402
from phone_cpu import PhoneCpu  # noqa: E402

BARE_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<py-config type="json">{"plugins": ["!error", "!py-editor", "!py-terminal", "!py-game", "!deprecations-manager", "!donkey"]}</py-config>
<mpy-config type="json">{"plugins": ["!error", "!py-editor", "!py-terminal", "!py-game", "!deprecations-manager", "!donkey"]}</mpy-config>
<script type="module" src="../static/vendor/pyscript/core.js"></script>
<script type="module">
const tag = document.querySelector('script[type="py"][worker]');
while (!tag.xworker) await new Promise((r) => setTimeout(r, 5));
await tag.xworker.ready;
await tag.xworker.sync.ping();
performance.mark("table-ready");
document.body.dataset.ready = "1";
</script></head><body>
<script type="py" worker name="bare" src="bare.py" config="bare.toml"></script></body></html>
"""


def add_bare_page(site):
    """The bare page at site/bare/, on PyScript and Pyodide exactly as their npm packages ship them
    (untrimmed standard library, no patch) in site/bare-vendor/, gzip copies only: a stock
    deployment, which the app's own trimmed and Brotli-compressed runtime is compared with."""
    import gzip

    vendor = site / "bare-vendor"
    for name in build.PYODIDE_FILES:
        build.copy(build.PYODIDE_DIST / name, vendor / "pyodide" / name)
    for name in build.pyscript_chunks():
        build.copy(build.PYSCRIPT_DIST / name, vendor / "pyscript" / name)
    for path in list(vendor.rglob("*")):
        if path.is_file() and path.suffix in build.COMPRESS:
            path.with_name(path.name + ".gz").write_bytes(
                gzip.compress(path.read_bytes(), 9, mtime=0)
            )
    bare = site / "bare"
    bare.mkdir()
    (bare / "index.html").write_text(BARE_HTML.replace("../static/vendor/", "../bare-vendor/"))
    (bare / "bare.py").write_text("def ping():\n    return 'pong'\n\n__export__ = ['ping']\n")
    (bare / "bare.toml").write_text('interpreter = "../bare-vendor/pyodide/pyodide.mjs"\n')


class Counter:
    def __init__(self):
        self.bytes = 0
        self.by_kind = {}
        self.lock = threading.Lock()

    def add(self, path, n):
        kind = (
            "wasm"
            if path.endswith(".wasm")
            else "stdlib"
            if path.endswith("python_stdlib.zip")
            else "runtime-js"
            if "vendor/" in path
            else "app"
        )
        with self.lock:
            self.bytes += n
            self.by_kind[kind] = self.by_kind.get(kind, 0) + n


def counting_server(directory, counter):
    class H(serve.Handler):
        def copyfile(self, source, outputfile):
            data = source.read()
            counter.add(self.path.split("?")[0], len(data))
            outputfile.write(data)

    import functools
    import http.server

    srv = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(H, directory=str(directory))
    )
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv


def measure_once(browser, url, counter, acc, sw=False):
    """One cold visit (fresh profile) then one warm visit of ``url``, added to ``acc``."""
    context = browser.new_context()
    page = context.new_page()
    counter.bytes = 0
    page.goto(url)
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    acc["cold"].append(
        page.evaluate("performance.getEntriesByName('table-ready')[0].startTime") / 1000
    )
    acc["cold_bytes"].append(counter.bytes)
    # Let the service worker (registered once the engine is up) finish precaching; not counted.
    # (Polled with evaluate: wait_for_function cannot await an async predicate.)
    for _ in range(240 if sw else 0):
        if page.evaluate("""async () => { const r = await navigator.serviceWorker.getRegistration();
                return !!(r && r.active && r.active.state === 'activated'); }"""):
            break
        page.wait_for_timeout(250)
    page.goto(url)
    page.wait_for_selector("body[data-ready]", timeout=120_000)
    acc["warm"].append(
        page.evaluate("performance.getEntriesByName('table-ready')[0].startTime") / 1000
    )
    # The app draws a saved table before the engine answers (the bare page has no such mark).
    acc["shown"].append(
        page.evaluate(
            "(performance.getEntriesByName('table-shown')[0] || performance.getEntriesByName('table-ready')[0]).startTime"
        )
        / 1000
    )
    context.close()


def summary(acc):
    cold, warm, shown = acc["cold"], acc["warm"], acc["shown"]
    return {
        "cold_s": round(statistics.median(cold), 3),
        "warm_s": round(statistics.median(warm), 3),
        "warm_shown_s": round(statistics.median(shown), 3),
        "warm_shown_all": [round(x, 3) for x in shown],
        "cold_all": [round(x, 3) for x in cold],
        "warm_all": [round(x, 3) for x in warm],
        "cold_bytes": int(statistics.median(acc["cold_bytes"])),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cpu", type=float, default=1, help="slow the renderers this many times")
    parser.add_argument("--json")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        build.build(site, testing=True)
        add_bare_page(site)
        counter = Counter()
        srv = counting_server(site, counter)
        base = f"http://127.0.0.1:{srv.server_address[1]}"
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=shutil.which("chromium"),
                args=[
                    "--no-sandbox",
                    "--disable-gpu",
                    "--disable-background-networking",
                    "--disable-component-update",
                    "--disable-sync",
                    "--no-first-run",
                ],
            )
            # Bare and app runs alternate, so a change in the machine's load hits both alike.
            pages = (("bare", f"{base}/bare/"), ("app", f"{base}/?game=mas_menos&start=1&lang=en"))
            acc = {
                name: {"cold": [], "warm": [], "shown": [], "cold_bytes": []} for name, _ in pages
            }
            kinds = {name: {} for name, _ in pages}
            for _ in range(args.runs):
                for name, url in pages:
                    counter.by_kind = kinds[name]
                    with PhoneCpu(args.cpu):
                        measure_once(browser, url, counter, acc[name], sw=name == "app")
            out = {
                name: {**summary(acc[name]), "bytes_by_kind_all_runs": dict(kinds[name])}
                for name, _ in pages
            }
            browser.close()
    out["cpu"] = args.cpu
    out["ratio_cold"] = round(out["app"]["cold_s"] / out["bare"]["cold_s"], 3)
    out["ratio_warm"] = round(out["app"]["warm_s"] / out["bare"]["warm_s"], 3)
    print(json.dumps(out, indent=1))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
