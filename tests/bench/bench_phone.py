#!/usr/bin/env python3
"""Phone-profile start-up benchmark: cold visits through a server that limits bandwidth and adds
latency, the app and bare Pyodide in the same run.

    python3 tests/bench/bench_phone.py [--runs 3] [--profiles slow4g,4g,loopback] [--json out.json]

Profiles: ``slow4g`` 1.6 Mbit/s, ``4g`` 9 Mbit/s, both +150 ms per request (the server waits
150 ms before answering each request, and sends every body through one shared link of that rate,
in 16 KB slices, as a phone's connection would); ``loopback`` no limit, no delay (this machine).

Variants, alternated within each run so that a change in the machine's load hits all alike:
- ``bare``: a page that only boots Pyodide through the same PyScript worker tag and calls one
  function (bench_startup's bare page), as a stock deployment would serve it: PyScript and
  Pyodide straight from their npm packages (untrimmed standard library, no patch), gzip only;
- ``app-br``: the app as built, Brotli accepted (as Chromium does);
- ``app-gzip``: the app as built, the server ignoring Brotli (a host that has gzip only).
The app is opened at ``?game=mas_menos&start=1`` (a cold visit: fresh profile, empty cache, no
service worker; ``nosw=1`` so that the precache, which starts once the engine is up, is not in
the figures). As soon as the table is drawn (the build's opening, before the engine is up) the
first move is played (three cards chosen, Discard): the move is accepted when the engine has
applied it (the save holds it).

Reported per profile and variant (medians of --runs): time to first drawn table, time to the
first accepted move (app) or to the engine's answer (bare), and bytes on the wire by kind (wasm,
stdlib, runtime-js, app) until then. Times are from navigation start.
"""

import argparse
import functools
import http.server
import json
import pathlib
import shutil
import statistics
import sys
import tempfile
import threading
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import bench_startup  # noqa: E402
import serve  # noqa: E402

import build  # noqa: E402

PROFILES = {"slow4g": (1.6e6, 0.150), "4g": (9e6, 0.150), "loopback": (None, 0.0)}
VARIANTS = ("bare", "app-br", "app-gzip")
APP_QUERY = "?game=mas_menos&start=1&lang=en&botdelay=0&nosw=1"
SLICE = 16 * 1024


class Link:
    """One connection's worth of bandwidth, shared by every request in flight."""

    def __init__(self, bits_per_s):
        self.rate = bits_per_s / 8 if bits_per_s else None
        self.free_at = 0.0
        self.lock = threading.Lock()

    def send(self, n):
        if not self.rate:
            return
        with self.lock:
            now = time.monotonic()
            start = max(now, self.free_at)
            self.free_at = start + n / self.rate
            done = self.free_at
        time.sleep(max(0.0, done - time.monotonic()))


class Meter:
    def __init__(self):
        self.lock = threading.Lock()
        self.reset()

    def reset(self):
        with self.lock:
            self.by_kind = {}

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
            self.by_kind[kind] = self.by_kind.get(kind, 0) + n

    def snapshot(self):
        with self.lock:
            return dict(self.by_kind)


def phone_server(site, meter):
    """A serve.py server whose link, latency and Brotli can be changed between visits."""

    class H(serve.Handler):
        link = Link(None)
        latency = 0.0
        brotli = True

        def accepted_encodings(self):
            codings = super().accepted_encodings()
            return codings if self.brotli else codings - {"br"}

        def do_GET(self):
            time.sleep(self.latency)
            super().do_GET()

        def copyfile(self, source, outputfile):
            path = self.path.split("?")[0]
            while True:
                data = source.read(SLICE)
                if not data:
                    break
                self.link.send(len(data))
                meter.add(path, len(data))
                outputfile.write(data)

    srv = http.server.ThreadingHTTPServer(
        ("127.0.0.1", 0), functools.partial(H, directory=str(site))
    )
    srv.daemon_threads = True
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    return srv, H


def mark(page, name):
    value = page.evaluate(f"performance.getEntriesByName({json.dumps(name)})[0]?.startTime ?? null")
    return None if value is None else value / 1000


def visit(browser, base, variant):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US")
    page = context.new_page()
    try:
        if variant == "bare":
            page.goto(base + "/bare/")
            page.wait_for_selector("body[data-ready]", timeout=300_000)
            ready = mark(page, "table-ready")
            return {"shown": None, "ready": ready, "move": None}
        page.goto(base + "/" + APP_QUERY)
        page.wait_for_selector("body[data-shown]", timeout=300_000)
        shown = mark(page, "table-shown")
        # The first move, tapped at once on the drawn table: three cards, then Discard.
        for _ in range(3):
            page.locator(".hand button.card.lit:not(.selected)").first.click()
        page.click("button[data-verb=discard]:not([disabled])")
        handle = page.wait_for_function(
            """() => {
            const save = JSON.parse(localStorage.getItem('tabletop:save:mas_menos') || 'null');
            return save && save.log.actions.some((a) => a[0] === 0) ? performance.now() : false;
        }""",
            polling=20,
            timeout=300_000,
        )
        move = handle.json_value() / 1000
        return {"shown": shown, "ready": mark(page, "table-ready"), "move": move}
    finally:
        context.close()


def median(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 3) if values else None


def run(profiles, runs):
    from playwright.sync_api import sync_playwright

    out = {"profiles": {}, "runs": runs}
    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        build.build(site, testing=True)
        bench_startup.add_bare_page(site)
        meter = Meter()
        srv, handler = phone_server(site, meter)
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
                    "--disable-quic",
                ],
            )
            for profile in profiles:
                rate, latency = PROFILES[profile]
                handler.link, handler.latency = Link(rate), latency
                samples = {v: [] for v in VARIANTS}
                for i in range(runs):
                    for variant in VARIANTS:
                        handler.brotli = variant != "app-gzip"
                        meter.reset()
                        got = visit(browser, base, variant)
                        got["bytes"] = meter.snapshot()
                        samples[variant].append(got)
                        print(
                            f"bench_phone: {profile} run {i + 1} {variant}: {json.dumps(got)}",
                            flush=True,
                        )
                figures = {}
                for variant, rows in samples.items():
                    kinds = sorted({k for r in rows for k in r["bytes"]})
                    figures[variant] = {
                        "first_table_s": median([r["shown"] for r in rows]),
                        "ready_s": median([r["ready"] for r in rows]),
                        "first_move_s": median([r["move"] for r in rows]),
                        "bytes": {
                            k: int(statistics.median(r["bytes"].get(k, 0) for r in rows))
                            for k in kinds
                        },
                        "all": rows,
                    }
                    figures[variant]["bytes_total"] = sum(figures[variant]["bytes"].values())
                bare = figures["bare"]["ready_s"]
                for variant in ("app-br", "app-gzip"):
                    figures[variant]["first_move_over_bare_boot"] = round(
                        figures[variant]["first_move_s"] / bare, 3
                    )
                out["profiles"][profile] = {"bits_per_s": rate, "latency_s": latency, **figures}
            browser.close()
        srv.shutdown()
    return out


def markdown(report):
    lines = [
        "| profile | variant | first table s | first move s (bare: boot) | vs bare boot | bytes: wasm | stdlib | runtime-js | app | total |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for profile, f in report["profiles"].items():
        for variant in VARIANTS:
            v = f[variant]
            b = v["bytes"]
            first = v["ready_s"] if variant == "bare" else v["first_move_s"]
            lines.append(
                f"| {profile} | {variant} | {v['first_table_s'] if v['first_table_s'] is not None else '-'} | {first} | "
                f"{v.get('first_move_over_bare_boot', '-')} | {b.get('wasm', 0):,} | {b.get('stdlib', 0):,} | "
                f"{b.get('runtime-js', 0):,} | {b.get('app', 0):,} | {v['bytes_total']:,} |"
            )
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="slow4g,4g,loopback")
    parser.add_argument("--json")
    args = parser.parse_args()
    report = run(args.profiles.split(","), args.runs)
    print(json.dumps(report, indent=1))
    print(markdown(report))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
