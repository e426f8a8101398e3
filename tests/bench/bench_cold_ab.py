#!/usr/bin/env python3
"""Cold visits of an older build against today's, interleaved in one run (issue #36 item 5).

    python3 tests/bench/bench_cold_ab.py --commit 9696aa5 --profiles 4g,slow4g --runs 3 \
        --json tests/bench/results/2026-11-29-cold-ab.json

The older commit is checked out in a temporary worktree and built by its own build script (the
pinned runtime in node_modules is shared); both sites are served through bench_phone's phone
server, and each run visits bare Pyodide, the old build and the new one in turn, so whatever
else loads the machine hits all three alike. Figures as bench_phone's: the first drawn table,
the first accepted move (s from navigation), bytes on the wire.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parents[1]
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(ROOT / "py" / "tools"))

import bench_phone  # noqa: E402
import bench_startup  # noqa: E402
import build  # noqa: E402

# Builds before 2026-11-25 took no ``testing`` argument (their test hooks were always on).
BUILD_OLD = """
import inspect, pathlib, sys
sys.path[:0] = ["py/tools", "py"]
import build
kw = {"testing": True} if "testing" in inspect.signature(build.build).parameters else {}
build.build(pathlib.Path(sys.argv[1]), **kw)
"""


def build_commit(commit, out, tmp):
    tree = pathlib.Path(tmp) / "old-tree"
    subprocess.run(["git", "worktree", "add", "--detach", str(tree), commit], cwd=ROOT, check=True)
    try:
        (tree / "node_modules").symlink_to(ROOT / "node_modules")
        subprocess.run([sys.executable, "-c", BUILD_OLD, str(out)], cwd=tree, check=True)
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=ROOT, check=True)


def run(commit, profiles, runs):
    from playwright.sync_api import sync_playwright

    out = {"commit": commit, "runs": runs, "profiles": {}}
    with tempfile.TemporaryDirectory() as tmp:
        sites = {"old": pathlib.Path(tmp) / "old", "new": pathlib.Path(tmp) / "new"}
        build_commit(commit, sites["old"], tmp)
        build.build(sites["new"], testing=True)
        bench_startup.add_bare_page(sites["new"])
        meters = {k: bench_phone.Meter() for k in sites}
        servers = {k: bench_phone.phone_server(site, meters[k]) for k, site in sites.items()}
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=shutil.which("chromium"),
                args=["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
                + ["--disable-component-update", "--disable-sync", "--no-first-run"]
                + ["--disable-quic"],
            )
            for profile in profiles:
                rate, latency = bench_phone.PROFILES[profile]
                rows = {"bare": [], "old": [], "new": []}
                for i in range(runs):
                    for name, variant, key in (
                        ("bare", "bare", "new"),
                        ("old", "app-br", "old"),
                        ("new", "app-br", "new"),
                    ):
                        srv, handler = servers[key]
                        handler.link, handler.latency = bench_phone.Link(rate), latency
                        handler.brotli = True
                        base = f"http://127.0.0.1:{srv.server_address[1]}"
                        got = bench_phone.visit(browser, base, variant, 1, handler, meters[key])
                        got["bytes"] = meters[key].snapshot()
                        rows[name].append(got)
                        print(f"bench_cold_ab: {profile} run {i + 1} {name}: {json.dumps(got)}")
                out["profiles"][profile] = {name: summary(r) for name, r in rows.items()}
                out["profiles"][profile]["samples"] = rows
            browser.close()
        for srv, _ in servers.values():
            srv.shutdown()
    return out


def summary(rows):
    moves = [r["move"] if r["move"] is not None else r["ready"] for r in rows]
    shown = [r["shown"] for r in rows if r["shown"] is not None]
    return {
        "first_move_s": round(statistics.median(moves), 2),
        "first_move_runs_s": [round(m, 2) for m in moves],
        "first_table_s": round(statistics.median(shown), 2) if shown else None,
        "bytes": sum(rows[0]["bytes"].values()),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commit", required=True, help="the older build's commit")
    parser.add_argument("--profiles", default="4g,slow4g")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--json")
    args = parser.parse_args()
    report = run(args.commit, args.profiles.split(","), args.runs)
    for profile, got in report["profiles"].items():
        for name in ("bare", "old", "new"):
            print(profile, name, json.dumps(got[name]))
    if args.json:
        pathlib.Path(args.json).write_text(json.dumps(report, indent=1) + "\n")


if __name__ == "__main__":
    main()
