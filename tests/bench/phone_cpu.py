#!/usr/bin/env python3
"""A phone's processor for the browser benchmarks: every Chromium renderer process slowed N times.

    with PhoneCpu(4):        # the renderers started by this Python process run 4x slower
        page.goto(...)

    python3 tests/bench/phone_cpu.py [--rate 4] [--runs 3]   # calibrate: the slowdown measured

Why not DevTools: ``Emulation.setCPUThrottlingRate`` (what Lighthouse's mobile profile uses)
slows only a page's main thread. In Chromium 156 it does not reach a Web Worker, and the worker
target refuses it ("Operation is only supported for pages, not workers"); the engine, Pyodide
and every computer move run in a worker. So the slowing is done from outside, on the renderer
processes (main thread, workers and service worker alike), by a governor in a process of its own
(nice -15, so that a busy machine does not delay it): every 2 ms it reads each thread's CPU time
(``/proc/<pid>/task/<tid>/schedstat``, in ns) and, for the most that any one thread of a process
ran since the last look, stops the process (SIGSTOP) for (N - 1) times as long, carrying any
lateness of its SIGCONT into the next pause. Each thread then progresses at 1/N of its speed
while threads keep running side by side, as on a phone's slower cores. The network (a process of
its own) and the browser process are not slowed. Because the pause follows CPU time consumed, a
process that waits for the network or for a timer is not slowed; one that another program keeps
off the CPU is not slowed twice.

Linux only (``/proc``, signals); the governor needs to be allowed to signal the renderers
(same user). ``calibrate`` reports the slowdown a fixed JavaScript loop shows on the main thread
and in a worker: the figure to quote next to any result taken with this profile.
"""

import argparse
import functools
import http.server
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time

TICK_S = 0.002
RESCAN_S = 0.05  # new renderers (a new context, a navigation to another site) are found this fast


def renderer_pids(root):
    """The pids of the Chromium renderer processes that descend from process ``root``."""
    parent, renderers = {}, []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                cmdline = f.read()
        except OSError:
            continue  # exited meanwhile
        pid = int(entry)
        parent[pid] = int(stat.rsplit(")", 1)[1].split()[1])  # after the (command name)
        if b"--type=renderer" in cmdline:
            renderers.append(pid)
    out = []
    for pid in renderers:
        p = pid
        while p > 1 and p != root:
            p = parent.get(p, 1)
        if p == root:
            out.append(pid)
    return out


def thread_cpu_ns(pid):
    """{thread id: CPU time run so far, ns} for every thread of ``pid``."""
    out = {}
    try:
        tids = os.listdir(f"/proc/{pid}/task")
    except OSError:
        return out
    for tid in tids:
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                out[tid] = int(f.read().split()[0])
        except OSError:
            pass
    return out


def _signal(pid, sig):
    try:
        os.kill(pid, sig)
        return True
    except ProcessLookupError:
        return False


def govern(rate, root):
    """Slow the renderers under ``root`` ``rate`` times until SIGTERM (then resume them all)."""
    done = []
    signal.signal(signal.SIGTERM, lambda *_: done.append(True))
    seen_ns, resume_at, late, pids, scanned = {}, {}, {}, [], 0.0
    try:
        while not done:
            now = time.monotonic()
            if now - scanned > RESCAN_S:
                pids, scanned = renderer_pids(root), now
            for pid in pids:
                if pid in resume_at:
                    if now < resume_at[pid]:
                        continue
                    _signal(pid, signal.SIGCONT)
                    late[pid] = late.get(pid, 0.0) + now - resume_at.pop(pid)
                times = thread_cpu_ns(pid)
                before = seen_ns.get(pid, {})
                ran = max((t - before.get(tid, t) for tid, t in times.items()), default=0)
                seen_ns[pid] = times
                if ran <= 0:
                    continue
                pause = (rate - 1) * ran / 1e9 - late.get(pid, 0.0)
                if pause <= 0:  # an earlier pause overran: this run is already paid for
                    late[pid] = -pause
                    continue
                late[pid] = 0.0
                if _signal(pid, signal.SIGSTOP):
                    resume_at[pid] = now + pause
            time.sleep(TICK_S)
    finally:
        for pid in list(resume_at) + renderer_pids(root):
            _signal(pid, signal.SIGCONT)


class PhoneCpu:
    """Context manager: the renderers started by this process run ``rate`` times slower inside it
    (rate 1: nothing is done)."""

    def __init__(self, rate):
        self.rate = float(rate)
        self.proc = None

    def __enter__(self):
        if self.rate > 1:
            self.proc = subprocess.Popen(
                [sys.executable, __file__, "--govern", str(self.rate), str(os.getpid())],
                preexec_fn=lambda: os.nice(-15) if os.geteuid() == 0 else None,
            )
        return self

    def __exit__(self, *exc):
        if self.proc:
            self.proc.terminate()
            self.proc.wait()
            self.proc = None


SPIN_PAGE = """<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><script>
function spin() { const t = performance.now(); let x = 0;
  for (let i = 0; i < 2e8; i++) x += Math.sqrt(i); return performance.now() - t + 0 * x; }
setTimeout(() => {
  window.mainMs = spin();
  const w = new Worker(URL.createObjectURL(new Blob([spin + ";postMessage(spin())"])));
  w.onmessage = (e) => { window.workerMs = e.data; document.body.dataset.done = "1"; };
}, 300);
</script><body></body>"""


def calibrate(browser, rate, runs=3):
    """The slowdown ``rate`` gives a fixed JavaScript loop: {"main": x, "worker": x, "ms": ...}."""
    with tempfile.TemporaryDirectory() as tmp:
        with open(os.path.join(tmp, "index.html"), "w") as f:
            f.write(SPIN_PAGE)

        class Quiet(http.server.SimpleHTTPRequestHandler):
            def log_message(self, *args):
                pass

        srv = http.server.ThreadingHTTPServer(
            ("127.0.0.1", 0), functools.partial(Quiet, directory=tmp)
        )
        threading.Thread(target=srv.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{srv.server_address[1]}/index.html"
        ms = {1.0: [], float(rate): []}
        try:
            for _ in range(runs):
                for r in ms:  # alternated: a change in the machine's load hits both alike
                    context = browser.new_context()
                    page = context.new_page()
                    with PhoneCpu(r):
                        page.goto(url)
                        page.wait_for_selector("body[data-done]", state="attached", timeout=120_000)
                    ms[r].append(page.evaluate("[mainMs, workerMs]"))
                    context.close()
        finally:
            srv.shutdown()
    base, slow = ms[1.0], ms[float(rate)]
    return {
        "rate": rate,
        "main": round(
            statistics.median(s[0] for s in slow) / statistics.median(b[0] for b in base), 2
        ),
        "worker": round(
            statistics.median(s[1] for s in slow) / statistics.median(b[1] for b in base), 2
        ),
        "ms": {str(r): [[round(x) for x in pair] for pair in v] for r, v in ms.items()},
    }


def launch(p):
    return p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"])


def main():
    if len(sys.argv) == 4 and sys.argv[1] == "--govern":
        return govern(float(sys.argv[2]), int(sys.argv[3]))
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=4)
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = launch(p)
        print(json.dumps(calibrate(browser, args.rate, args.runs)))
        browser.close()


if __name__ == "__main__":
    main()
