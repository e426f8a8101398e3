#!/usr/bin/env python3
"""Phone-profile start-up benchmark: cold visits through a server that limits bandwidth and adds
latency, the app and bare Pyodide in the same run.

    python3 tests/bench/bench_phone.py [--runs 3] [--profiles slow4g,4g,loopback] [--cpu 1,4]
                                       [--variants bare,app-br,app-gzip,app-return] [--json out.json]
                                       [--dist DIR --dist DIR2]

``--dist``: bench sites built beforehand (``build.py --testing --out DIR``) instead of this tree,
each variant but bare on each in the same run (named VARIANT@DIR's name): a baseline build beside
a branch's.

Profiles: ``slow4g`` 1.6 Mbit/s, ``4g`` 9 Mbit/s, both +150 ms per request (the server waits
150 ms before answering each request, and sends every body through one shared link of that rate,
in 16 KB slices, as a phone's connection would); ``loopback`` no limit, no delay (this machine).

CPU (``--cpu``): 1 is this machine; N slows every renderer process (the page, the engine's worker,
the service worker) N times (``phone_cpu.py``: DevTools' CPU throttling does not reach workers);
4 is Lighthouse's mobile profile. Each (profile, CPU) pair is measured with every variant.

Variants, alternated within each run so that a change in the machine's load hits all alike:
- ``bare``: a page that only boots Pyodide through the same PyScript worker tag and calls one
  function (bench_startup's bare page), as a stock deployment would serve it: PyScript and
  Pyodide straight from their npm packages (untrimmed standard library, no patch), gzip only;
- ``app-br``: the app as built, Brotli accepted (as Chromium does);
- ``app-gzip``: the app as built, the server ignoring Brotli (a host that has gzip only);
- ``app-return``: a return visit: the same context visited once before (not timed, not slowed,
  no network limit) until the service worker has precached the site, with a game saved; then the
  timed visit resumes it (runtime and app from the service worker's cache) and plays the first
  move. Its bytes are what still goes to the network.
The app is opened at ``?game=mas_menos&start=1`` (a cold visit: fresh profile, empty cache, no
service worker; ``nosw=1`` so that the precache, which starts once the engine is up, is not in
the figures). As soon as the table is drawn (the build's opening, before the engine is up) the
first move is played (three cards chosen, Discard): the move is accepted when the engine has
applied it (the save holds it).

Reported per profile, CPU and variant (medians of --runs): time to first drawn table, time to the
first accepted move (app) or to the engine's answer (bare), the main thread's long tasks until
then (count, longest, total ms), and bytes on the wire by kind (wasm, stdlib, runtime-js, app)
until then. Times are from navigation start.
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
import build  # noqa: E402
import serve  # noqa: E402
from phone_cpu import PhoneCpu  # noqa: E402

PROFILES = {"slow4g": (1.6e6, 0.150), "4g": (9e6, 0.150), "loopback": (None, 0.0)}
VARIANTS = ("bare", "app-br", "app-gzip", "app-return")
APP_QUERY = "?game=mas_menos&start=1&lang=en&botdelay=0&nosw=1"
RETURN_QUERY = "?game=mas_menos&start=1&lang=en&botdelay=0"
LONG_TASKS = """window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) window.__longTasks.push(e.duration);
}).observe({ type: "longtask", buffered: true });"""
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


def first_move(page):
    """Tap the first move on the drawn table (three cards, then Discard); the time (s from
    navigation) when the engine has applied it (the save holds it)."""
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
    return handle.json_value() / 1000


def long_tasks(page):
    tasks = page.evaluate("window.__longTasks")
    return {"n": len(tasks), "max_ms": round(max(tasks, default=0)), "total_ms": round(sum(tasks))}


def prepare_return(page, base, handler):
    """The visits before a return visit, at full speed: the game saved, the site precached, and
    in a build that makes one, the engine's start-up snapshot made (static/app/snapshot.js) by a
    second visit."""
    link, latency = handler.link, handler.latency
    handler.link, handler.latency = Link(None), 0.0
    try:
        page.goto(base + "/" + RETURN_QUERY)
        page.wait_for_selector("body[data-screen=table]", timeout=300_000)
        page.wait_for_function(
            "() => localStorage.getItem('tabletop:save:mas_menos') !== null", timeout=300_000
        )
        for _ in range(1200):
            if page.evaluate("""async () => {
                const reg = await navigator.serviceWorker.getRegistration();
                return !!(reg && reg.active && reg.active.state === 'activated'
                          && (await caches.keys()).some(k => k.startsWith('tabletop-')));
            }"""):
                break
            page.wait_for_timeout(250)
        else:
            raise RuntimeError("the service worker did not finish precaching")
        if page.evaluate(
            "fetch('static/app/snapshot.js', {method: 'HEAD', cache: 'no-store'}).then(r => r.ok)"
        ):
            # The snapshot is made on a visit that begins under the service worker (not the
            # first): the visit measured is then the second return visit, the first restored one.
            page.reload()
            page.wait_for_selector("body[data-screen=table]", timeout=300_000)
            page.wait_for_selector("body[data-snapshot]", state="attached", timeout=300_000)
            said = page.evaluate("document.body.dataset.snapshot")
            if said not in ("made", "present"):
                raise RuntimeError(f"the start-up snapshot was not made: {said}")
    finally:
        handler.link, handler.latency = link, latency


def visit(browser, base, variant, cpu=1, handler=None, meter=None):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="en-US")
    context.add_init_script(LONG_TASKS)
    page = context.new_page()
    try:
        if variant == "app-return":
            prepare_return(page, base, handler)
            page.goto("about:blank")
        if meter:
            meter.reset()
        with PhoneCpu(cpu):
            if variant == "bare":
                page.goto(base + "/bare/")
                page.wait_for_selector("body[data-ready]", timeout=300_000)
                ready = mark(page, "table-ready")
                return {"shown": None, "ready": ready, "move": None, "long": long_tasks(page)}
            page.goto(base + "/" + (RETURN_QUERY if variant == "app-return" else APP_QUERY))
            page.wait_for_selector("body[data-shown]", timeout=300_000)
            shown = mark(page, "table-shown")
            # The first move, tapped at once on the drawn table: three cards, then Discard.
            move = first_move(page)
            return {
                "shown": shown,
                "ready": mark(page, "table-ready"),
                "move": move,
                "long": long_tasks(page),
            }
    finally:
        context.close()


def median(values):
    values = [v for v in values if v is not None]
    return round(statistics.median(values), 3) if values else None


def run(profiles, runs, cpus=(1,), variants=VARIANTS, dists=()):
    """``dists``: built sites (``build.py --testing --out DIR``) to compare in the same run, each
    variant but bare measured on each, named VARIANT@DIR's name; none: this tree, built here."""
    from playwright.sync_api import sync_playwright

    out = {"profiles": {}, "runs": runs, "cpus": list(cpus), "dists": [str(d) for d in dists]}
    with tempfile.TemporaryDirectory() as tmp:
        sites = {}
        for dist in dists:
            label = pathlib.Path(dist).resolve().name
            if label in sites:
                raise SystemExit(f"bench_phone: two --dist folders are named {label}")
            sites[label] = pathlib.Path(tmp) / label
            shutil.copytree(dist, sites[label])
        if not sites:
            sites[""] = pathlib.Path(tmp) / "site"
            build.build(sites[""], testing=True)
        first = next(iter(sites))
        bench_startup.add_bare_page(sites[first])
        meter = Meter()
        servers = {label: phone_server(site, meter) for label, site in sites.items()}
        jobs = [
            (variant, label, variant if not label else f"{variant}@{label}")
            for variant in variants
            for label in sites
            if variant != "bare" or label == first
        ]
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
            import phone_cpu

            out["cpu_calibration"] = {
                str(c): phone_cpu.calibrate(browser, c, runs=3) for c in cpus if c > 1
            }
            print(f"bench_phone: calibration {json.dumps(out['cpu_calibration'])}", flush=True)
            for profile in profiles:
                rate, latency = PROFILES[profile]
                for cpu in cpus:
                    for _, handler in servers.values():
                        handler.link, handler.latency = Link(rate), latency
                    samples = {name: [] for _, _, name in jobs}
                    for i in range(runs):
                        for variant, label, name in jobs:
                            srv, handler = servers[label]
                            base = f"http://127.0.0.1:{srv.server_address[1]}"
                            handler.brotli = variant != "app-gzip"
                            got = visit(browser, base, variant, cpu, handler, meter)
                            got["bytes"] = meter.snapshot()
                            samples[name].append(got)
                            print(
                                f"bench_phone: {profile} cpu {cpu}x run {i + 1} {name}: "
                                f"{json.dumps(got)}",
                                flush=True,
                            )
                    out["profiles"][f"{profile} cpu{cpu:g}x"] = {
                        "profile": profile,
                        "cpu": cpu,
                        "bits_per_s": rate,
                        "latency_s": latency,
                        "variants": list(samples),
                        **figures(samples),
                    }
            browser.close()
        for srv, _ in servers.values():
            srv.shutdown()
    return out


def figures(samples):
    out = {}
    for variant, rows in samples.items():
        kinds = sorted({k for r in rows for k in r["bytes"]})
        out[variant] = {
            "first_table_s": median([r["shown"] for r in rows]),
            "ready_s": median([r["ready"] for r in rows]),
            "first_move_s": median([r["move"] for r in rows]),
            "long_tasks": median([r["long"]["n"] for r in rows]),
            "long_max_ms": median([r["long"]["max_ms"] for r in rows]),
            "long_total_ms": median([r["long"]["total_ms"] for r in rows]),
            "bytes": {k: int(statistics.median(r["bytes"].get(k, 0) for r in rows)) for k in kinds},
            "all": rows,
        }
        out[variant]["bytes_total"] = sum(out[variant]["bytes"].values())
    bare = out.get("bare", {}).get("ready_s")
    for variant in out:
        if bare and variant.startswith("app-"):
            out[variant]["first_move_over_bare_boot"] = round(
                out[variant]["first_move_s"] / bare, 3
            )
    return out


def markdown(report):
    lines = [
        "| profile | CPU | variant | first table s | first move s (bare: boot) | vs bare boot "
        "| long tasks (longest, total ms) | bytes: wasm | stdlib | runtime-js | app | total |",
        "|---|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for f in report["profiles"].values():
        for variant in f.get("variants", VARIANTS):
            if variant not in f:
                continue
            v = f[variant]
            b = v["bytes"]
            first = v["ready_s"] if variant == "bare" else v["first_move_s"]
            table = v["first_table_s"] if v["first_table_s"] is not None else "-"
            lines.append(
                f"| {f['profile']} | {f['cpu']:g}x | {variant} | {table} | {first} | "
                f"{v.get('first_move_over_bare_boot', '-')} | {v['long_tasks']:g} "
                f"({v['long_max_ms']:g}, {v['long_total_ms']:g}) | {b.get('wasm', 0):,} | "
                f"{b.get('stdlib', 0):,} | {b.get('runtime-js', 0):,} | {b.get('app', 0):,} | "
                f"{v['bytes_total']:,} |"
            )
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profiles", default="slow4g,4g,loopback")
    parser.add_argument("--cpu", default="1,4", help="CPU slowdowns, comma-separated (1: none)")
    parser.add_argument("--variants", default=",".join(VARIANTS))
    parser.add_argument("--json")
    parser.add_argument(
        "--dist",
        action="append",
        default=[],
        help="a site built with build.py --testing --out DIR, to bench instead of building this"
        " tree; give it twice (e.g. main's build and a branch's) to compare them in the same run,"
        " their variants named VARIANT@DIR's name",
    )
    args = parser.parse_args()
    cpus = [float(c) for c in args.cpu.split(",")]
    report = run(args.profiles.split(","), args.runs, cpus, args.variants.split(","), args.dist)
    print(json.dumps(report, indent=1))
    print(markdown(report))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
