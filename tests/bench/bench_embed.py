#!/usr/bin/env python3
"""An embedded game one screen below the fold of an article, on a phone: what it costs the
article, and how soon it is ready once the reader scrolls to it.

    python3 tests/bench/bench_embed.py [--runs 3] [--profile 4g] [--cpu 4] [--read 3] [--json out]

A local article (a heading, text, three pictures of 180 KB) with a Tabletop iframe one screen
below the fold, served with the site through bench_phone's phone link (``4g``: 9 Mbit/s, +150 ms
a request; ``slow4g``: 1.6 Mbit/s), the renderers slowed ``--cpu`` times (phone_cpu.py). Cold
visits (fresh profile, no service worker). The reader reads the first screen for ``--read``
seconds after the article's load event, then scrolls the game into view.

Snippets compared, alternated within each run:
- ``lazy-src``: the earlier snippet, ``src`` with ``loading="lazy"`` (Chromium loads a lazy
  iframe this near the viewport at once, while the article itself loads);
- ``data-src``: the current one; embed.js starts the game after the article's load event when it
  is within one screen of the viewport.

Reported (medians): the article's load event (s from navigation), when the game's page was
requested, and, from the scroll, the time until the game's table is drawn and until its engine
is ready (a tap is then answered at once).
"""

import argparse
import json
import pathlib
import shutil
import statistics
import struct
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import bench_phone  # noqa: E402
import build  # noqa: E402
from phone_cpu import PhoneCpu  # noqa: E402

SNIPPETS = {
    "lazy-src": '<iframe id="game" src="{src}" data-tabletop style="width:100%;border:0" '
    'height="640" title="Más-Menos" loading="lazy"></iframe>',
    "data-src": '<iframe id="game" data-src="{src}" data-tabletop style="width:100%;border:0" '
    'height="640" title="Más-Menos"></iframe>',
}
ARTICLE = """<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width"><title>An article</title></head><body>
<h1>Más-Menos</h1>
<p style="height:200px">The article's first screen of text.</p>
<img src="picture-1.bmp" width="300" height="200" alt="">
<img src="picture-2.bmp" width="300" height="200" alt="">
<img src="picture-3.bmp" width="300" height="200" alt="">
<p>Try it:</p>
{snippet}
<script src="../static/embed.js" async></script>
</body></html>"""


def picture(path, seed):
    """A 300 x 200 BMP (180 KB, not compressible by the transfer: a photograph's weight)."""
    import random

    rng = random.Random(seed)
    w, h = 300, 200
    pixels = bytes(rng.getrandbits(8) for _ in range(w * h * 3))
    header = b"BM" + struct.pack("<IHHI", 54 + len(pixels), 0, 0, 54)
    info = struct.pack("<IiiHHIIiiII", 40, w, h, 1, 24, 0, len(pixels), 2835, 2835, 0, 0)
    path.write_bytes(header + info + pixels)


def write_articles(site):
    folder = site / "article"
    folder.mkdir()
    for i in (1, 2, 3):
        picture(folder / f"picture-{i}.bmp", i)
    src = "../?game=mas_menos&embed=1&lang=ja&botdelay=0"
    for name, snippet in SNIPPETS.items():
        (folder / f"{name}.html").write_text(ARTICLE.format(snippet=snippet.format(src=src)))


def visit(browser, base, name, cpu, read_s):
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale="ja-JP")
    page = context.new_page()
    requested = []
    page.on("request", lambda r: requested.append(time.monotonic()) if "embed=1" in r.url else None)
    try:
        with PhoneCpu(cpu):
            started = time.monotonic()
            page.goto(f"{base}/article/{name}.html", wait_until="load", timeout=300_000)
            load = page.evaluate("performance.getEntriesByType('navigation')[0].loadEventStart")
            page.wait_for_timeout(read_s * 1000)
            frame_el = page.wait_for_selector("#game", state="attached")
            scrolled = time.monotonic()
            frame_el.scroll_into_view_if_needed()
            frame = None
            while frame is None:
                frame = frame_el.content_frame()
                if frame is None or frame.url in ("", "about:blank"):
                    frame = None
                    page.wait_for_timeout(20)
            frame.wait_for_selector("body[data-shown]", state="attached", timeout=300_000)
            shown = time.monotonic()
            frame.wait_for_selector("body[data-engine=ready]", state="attached", timeout=300_000)
            ready = time.monotonic()
        return {
            "load_s": round(load / 1000, 3),
            "requested_s": round(requested[0] - started, 3) if requested else None,
            "shown_after_scroll_s": round(shown - scrolled, 3),
            "ready_after_scroll_s": round(ready - scrolled, 3),
        }
    finally:
        context.close()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", default="4g", choices=sorted(bench_phone.PROFILES))
    parser.add_argument("--cpu", type=float, default=4)
    parser.add_argument("--read", type=float, default=3.0, help="seconds the reader reads")
    parser.add_argument("--json")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    rows = {name: [] for name in SNIPPETS}
    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        build.build(site, testing=True)
        write_articles(site)
        srv, handler = bench_phone.phone_server(site, bench_phone.Meter())
        rate, latency = bench_phone.PROFILES[args.profile]
        handler.link, handler.latency = bench_phone.Link(rate), latency
        base = f"http://127.0.0.1:{srv.server_address[1]}"
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=shutil.which("chromium"),
                args=["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run"],
            )
            for i in range(args.runs):
                for name in SNIPPETS:
                    handler.link = bench_phone.Link(rate)
                    got = visit(browser, base, name, args.cpu, args.read)
                    rows[name].append(got)
                    print(f"bench_embed: run {i + 1} {name}: {json.dumps(got)}", flush=True)
            browser.close()
        srv.shutdown()
    report = {"profile": args.profile, "cpu": args.cpu, "read_s": args.read, "runs": args.runs}
    for name, got in rows.items():
        report[name] = {
            key: statistics.median(r[key] for r in got if r[key] is not None)
            for key in got[0]
            if any(r[key] is not None for r in got)
        } | {"all": got}
    print(json.dumps(report, indent=1))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
