#!/usr/bin/env python3
"""The benchmark suite: one command, a JSON and a Markdown report.

    python3 tests/bench/bench_suite.py [--runs 5] [--out tests/bench/out] [--quick]

Measures, in one run on this machine:
- start-up in headless Chromium, cold and warm profile (median of --runs): navigation to a
  playable table for the app next to a bare page that only boots the same Pyodide through the
  same PyScript worker tag, same server; the ratio app/bare (target: cold <= 1.10);
- bytes on the wire for a cold visit by kind (wasm, stdlib, runtime JS, app), gzip as served,
  and for a return visit once the service worker holds the app (target: 0 from the network);
- which game modules the worker imported at start (target: only the chosen game);
- engine speed: random playouts per second for every game in CPython and in Pyodide (in the
  worker, in the browser), and their ratio;
- computer-player latency per game and level in the browser (p50, p95 of the worker call) and
  the main thread's long tasks (PerformanceObserver) while the computer thinks.
Figures, not pass/fail: the report lists each against its target.
"""

import argparse
import json
import pathlib
import platform
import shutil
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "py" / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "bench"))

import bench_startup  # noqa: E402
import build  # noqa: E402

from tabletop import available_games, get_game  # noqa: E402
from tabletop.bots import bot_levels  # noqa: E402
from tabletop.playouts import random_playouts  # noqa: E402

ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pct(values, q):
    values = sorted(values)
    if not values:
        return None
    k = min(len(values) - 1, max(0, round(q / 100 * (len(values) - 1))))
    return round(values[k], 1)


def cpython_speed(games, quick):
    out = {}
    for slug in games:
        random_playouts(slug, games=2, seed=999)  # warm-up
        out[slug] = random_playouts(slug, games=200, seed=1, max_seconds=1.5 if quick else 4)
    return out


def browser_figures(site, games, quick):
    from playwright.sync_api import sync_playwright

    counter = bench_startup.Counter()
    srv = bench_startup.counting_server(site, counter)
    base = f"http://127.0.0.1:{srv.server_address[1]}"
    out = {"pyodide_speed": {}, "bot_latency_ms": {}, "long_tasks": {}}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        page = browser.new_page()
        page.add_init_script("""window.__longTasks = [];
            new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push(e.duration); })
              .observe({entryTypes: ['longtask']});""")
        page.goto(f"{base}/?game=mas_menos&start=1&lang=en&botdelay=0")
        page.wait_for_selector("body[data-screen=table]", timeout=180_000)
        out["modules_at_start"] = page.evaluate("tabletop.call('loaded_games')")["modules"]
        # Return visit: once the service worker holds the app, nothing comes from the network.
        # (wait_for_function cannot await an async predicate: poll with evaluate instead.)
        for _ in range(480):
            if page.evaluate("""async () => { const r = await navigator.serviceWorker.getRegistration();
                return !!(r && r.active && r.active.state === 'activated') && (await caches.keys()).length > 0; }"""):
                break
            page.wait_for_timeout(250)
        page.reload()  # now controlled by the service worker
        page.wait_for_selector("body[data-screen=table]", timeout=180_000)
        counter.bytes = 0
        page.reload()
        page.wait_for_selector("body[data-screen=table]", timeout=180_000)
        out["return_visit_network_bytes"] = counter.bytes
        for slug in games:
            page.evaluate(f"tabletop.call('bench_playouts', {json.dumps(slug)}, 2, 999)")  # warm-up
            got = page.evaluate(f"tabletop.call('bench_playouts', {json.dumps(slug)}, 200, 1)")
            out["pyodide_speed"][slug] = got
        for slug in games:
            info = get_game(slug)
            levels = bot_levels(slug)
            out["bot_latency_ms"][slug] = {}
            for level in levels:
                samples = []
                page.evaluate("window.__longTasks = []")
                for seed in range(3 if quick else 6):
                    log = {
                        "game": slug,
                        "players": info.default_players,
                        "options": {},
                        "seed": seed,
                        "actions": [],
                    }
                    page.evaluate(f"tabletop.call('load', {json.dumps(json.dumps(log))})")
                    for _ in range(4 if quick else 10):
                        timing = page.evaluate(f"""async () => {{
                            const v = await tabletop.call('load', {json.dumps(json.dumps(log))});
                            if (!v.ok || v.over) return null;
                            const seat = v.to_move[0];
                            const t0 = performance.now();
                            const a = await tabletop.call('bot_action', seat, {json.dumps(level)}, 7);
                            const ms = performance.now() - t0;
                            return a.ok ? [ms, seat, a.action] : null;
                        }}""")
                        if timing is None:
                            break
                        samples.append(timing[0])
                        log["actions"].append([timing[1], timing[2]])
                tasks = page.evaluate("window.__longTasks")
                out["bot_latency_ms"][slug][level] = {
                    "n": len(samples),
                    "p50": pct(samples, 50),
                    "p95": pct(samples, 95),
                }
                out["long_tasks"].setdefault(slug, {})[level] = {
                    "count": len(tasks),
                    "max_ms": round(max(tasks), 1) if tasks else 0,
                }
        browser.close()
    srv.shutdown()
    return out


def markdown(report):
    s = report["startup"]
    lines = [
        "# Tabletop benchmark report",
        "",
        f"{report['when']} on {report['machine']}",
        "",
        "## Start-up (headless Chromium, median of runs)",
        "",
        "| page | cold s | warm s | cold bytes |",
        "|---|---|---|---|",
        f"| bare Pyodide boot | {s['bare']['cold_s']} | {s['bare']['warm_s']} | {s['bare']['cold_bytes']:,} |",
        f"| app, table playable | {s['app']['cold_s']} | {s['app']['warm_s']} | {s['app']['cold_bytes']:,} |",
        "",
        f"Ratio app/bare: cold {s['ratio_cold']} (target <= 1.10), warm {s['ratio_warm']}. "
        f"Return visit: the saved table is drawn and takes taps at {s['app'].get('warm_shown_s')} s "
        f"(target <= 0.6 s); the engine has booted, replayed the log and confirmed the table at "
        f"{s['app']['warm_s']} s (a tap made before then is applied at that moment).",
        "",
        "Bytes by kind over all cold app runs: "
        + ", ".join(f"{k} {v:,}" for k, v in s["app"]["bytes_by_kind_all_runs"].items()),
        "",
        f"Return visit bytes from the network: {report['browser']['return_visit_network_bytes']} (target 0).",
        "",
        f"Game modules imported at start (Más-Menos opened): {', '.join(report['browser']['modules_at_start'])}.",
        "",
        "## Engine speed: random playouts",
        "",
        "| game | CPython games/s | Pyodide games/s | ratio |",
        "|---|---|---|---|",
    ]
    for slug, c in report["cpython"].items():
        b = report["browser"]["pyodide_speed"].get(slug, {})
        ratio = round(c["games_per_s"] / b["games_per_s"], 2) if b.get("games_per_s") else "-"
        lines.append(f"| {slug} | {c['games_per_s']} | {b.get('games_per_s', '-')} | {ratio} |")
    lines += [
        "",
        "## Computer players in the browser (worker call, ms)",
        "",
        "| game | level | n | p50 | p95 | long tasks (max ms) |",
        "|---|---|---|---|---|---|",
    ]
    for slug, levels in report["browser"]["bot_latency_ms"].items():
        for level, f in levels.items():
            lt = report["browser"]["long_tasks"][slug][level]
            lines.append(
                f"| {slug} | {level} | {f['n']} | {f['p50']} | {f['p95']} | {lt['count']} ({lt['max_ms']}) |"
            )
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--out", default=str(ROOT / "tests" / "bench" / "out"))
    parser.add_argument("--quick", action="store_true", help="fewer samples (a smoke run)")
    args = parser.parse_args()
    out = pathlib.Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    games = [g for g in available_games()]
    report = {
        "when": time.strftime("%Y-%m-%d %H:%M"),
        "machine": f"{platform.machine()} {platform.python_version()}",
    }
    report["cpython"] = cpython_speed(games, args.quick)
    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        build.build(site, testing=True)
        report["browser"] = browser_figures(site, games, args.quick)
    sys.argv = ["bench_startup", "--runs", str(args.runs), "--json", str(out / "startup.json")]
    bench_startup.main()
    report["startup"] = json.loads((out / "startup.json").read_text())
    (out / "report.json").write_text(json.dumps(report, indent=1) + "\n")
    (out / "report.md").write_text(markdown(report))
    print(markdown(report))


if __name__ == "__main__":
    main()
