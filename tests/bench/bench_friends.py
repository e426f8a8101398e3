"""A friends' table's figures (issue #32; a benchmark, not a test): on loopback, with the test
build and a local WebTorrent tracker (tests/relay/tracker.mjs), Tuppi with a host, two guests and
one computer:

- the bytes a guest downloads on a cold visit, compressed as served (Brotli), up to its table
  (`encodedBodySize` of every resource, plus the page itself), and whether any is the runtime;
- the time from opening the link to the lobby (a new guest) and to the table (a seated guest
  reopening the link mid-deal);
- a guest's tap to the host's answer (the guest page's own timing, test build), p50/p95.

With ``--profile slow4g --cpu 4`` the pages are served as bench_phone.py's slow phone (1.6 Mbit/s,
+150 ms a request) and every renderer, host's and guests' alike, runs 4 times slower
(phone_cpu.py); the tracker and the WebRTC link between the phones stay on loopback.

python3 tests/bench/bench_friends.py [--deals 1] [--profile loopback|4g|slow4g] [--cpu 1|4]
(prints JSON)
"""

import argparse
import json
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import build  # noqa: E402
from conftest import CHROMIUM_ARGS, chromium_path  # noqa: E402
from helpers import tap_lit  # noqa: E402

BYTES_JS = """() => {
  const nav = performance.getEntriesByType('navigation')[0];
  const res = performance.getEntriesByType('resource');
  return {
    bytes: (nav ? nav.encodedBodySize + 300 : 0) + res.reduce((a, e) => a + e.encodedBodySize + 300, 0),
    body: (nav ? nav.encodedBodySize : 0) + res.reduce((a, e) => a + e.encodedBodySize, 0),
    files: res.length + 1,
    runtime: res.filter(e => /pyodide|pyscript|python_stdlib/.test(e.name)).length,
  };
}"""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--profile", default="loopback", choices=["loopback", "4g", "slow4g"])
    ap.add_argument("--cpu", type=float, default=1)
    args = ap.parse_args()
    import bench_phone
    from phone_cpu import PhoneCpu

    out = pathlib.Path(tempfile.mkdtemp()) / "dist"
    build.build(out, testing=True)
    tracker = subprocess.Popen(
        ["node", str(ROOT / "tests/relay/tracker.mjs")], stdout=subprocess.PIPE, text=True
    )
    relay = f"ws://127.0.0.1:{json.loads(tracker.stdout.readline())['port']}"
    srv, handler = bench_phone.phone_server(out, bench_phone.Meter())
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    from playwright.sync_api import sync_playwright

    figures = {"profile": args.profile, "cpu": args.cpu}
    slow = PhoneCpu(args.cpu)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)

        def phone():
            ctx = browser.new_context(viewport={"width": 360, "height": 640}, locale="ja-JP")
            return ctx.new_page()

        host, aki, bun = phone(), phone(), phone()
        host.goto(f"{base}/?game=tuppi&lang=ja&botdelay=0&relay={relay}")
        host.wait_for_selector("form.setup", timeout=120_000)
        host.fill("input[name=fixed_deals]", str(args.deals))
        host.locator("input[name=fixed_deals]").dispatch_event("change")
        host.click("button.friends")
        host.wait_for_selector("input.room-link", timeout=60_000)
        link = host.locator("input.room-link").input_value()
        # The phones from here on: the network profile for every page load, the CPU slowed.
        rate, latency = bench_phone.PROFILES[args.profile]
        handler.link, handler.latency = bench_phone.Link(rate), latency
        slow.__enter__()
        t0 = time.perf_counter()
        aki.goto(link)
        aki.wait_for_selector("body[data-screen=friends-lobby] button.take-seat", timeout=120_000)
        figures["link_to_lobby_ms"] = round((time.perf_counter() - t0) * 1000)
        aki.locator("button.take-seat").first.click()
        bun.goto(link)
        bun.wait_for_selector("button.take-seat", timeout=60_000)
        bun.locator("button.take-seat").first.click()
        bun.wait_for_selector("body[data-screen=friends-waiting]", timeout=30_000)
        host.click("button.start-friends")
        aki.wait_for_selector("body[data-screen=table]", timeout=60_000)
        figures["guest_cold_visit"] = aki.evaluate(BYTES_JS)
        # a few moves, then the seated guest reopens the link: the time to its table
        pages = [host, aki, bun]
        for _ in range(40):
            for pg in pages:
                try:
                    tap_lit(pg)
                except Exception:
                    pass
            host.wait_for_timeout(50)
        t0 = time.perf_counter()
        aki.reload()
        aki.wait_for_selector("body[data-screen=table][data-ready='1'] .tuppi", timeout=120_000)
        figures["reopen_to_table_ms"] = round((time.perf_counter() - t0) * 1000)
        deadline = time.time() + 300
        while time.time() < deadline and not all(
            pg.locator("section.result").count() for pg in pages
        ):
            for pg in pages:
                try:
                    tap_lit(pg)
                except Exception:
                    pass
            host.wait_for_timeout(30)
        lat = aki.evaluate("window.tabletopGuest.latencies") + bun.evaluate(
            "window.tabletopGuest.latencies"
        )
        log = json.loads(
            host.evaluate(
                "localStorage.getItem('tabletop:friends-host:' + document.body.dataset.room)"
            )
        )["log"]
        figures["guest_moves"] = sum(1 for seat, _ in log["actions"] if seat in (1, 2))
        figures["over"] = all(pg.locator("section.result").count() for pg in pages)
        lat.sort()
        if lat:
            figures["tap_to_answer_ms"] = {
                "n": len(lat),
                "p50": round(statistics.median(lat), 1),
                "p95": round(lat[min(len(lat) - 1, int(0.95 * len(lat)))], 1),
            }
        slow.__exit__(None, None, None)
        browser.close()
    srv.shutdown()
    tracker.kill()
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    main()
