#!/usr/bin/env python3
"""Record which standard library modules the app imports in the browser: py/tools/stdlib_keep.txt.

    python3 py/tools/record_stdlib.py [--check]

The build ships python_stdlib.zip trimmed to that list (plus build.STDLIB_SAFETY). To see
everything, this script builds the site with Pyodide's FULL standard library into a temporary
folder and opens, in headless Chromium, a page that boots the app's own worker configuration
(pyscript.toml, self-hosted Pyodide, the tabletop package) with a worker script that:
  1. notes every module already imported when it starts: what Pyodide's and PyScript's own
     start-up imported (their bootstrap code runs before any of ours);
  2. installs an audit hook that notes every later import (also one that is dropped again);
  3. imports the app's worker.py and exports its functions.
The page then runs py/tools/engine_exercise.js through the same call path as the app: every
game at every player count and option choice, one game of each played to the end, every bot
level, hints, analysis, truth, undo, replays (the shipped ones too), refusals and an exception
crossing into JS. Every imported module found in the zip is written to stdlib_keep.txt.

Rerun it after upgrading Pyodide or PyScript, or when the engines start importing something new
(the build keeps such a module anyway, with what it imports, and says so). --check only compares
a fresh recording with the committed list (exit 1 when a recorded module is missing from it).
"""

from __future__ import annotations

import argparse
import json
import pathlib
import shutil
import sys
import tempfile
import time
import zipfile

TOOLS = pathlib.Path(__file__).resolve().parent
ROOT = TOOLS.parents[1]
sys.path.insert(0, str(TOOLS))

import build  # noqa: E402
import serve  # noqa: E402

RECORDER_PY = '''\
import sys

_AT_START = set(sys.modules)  # imported by Pyodide's and PyScript's start-up, before this file
_SEEN = set()


def _note_import(event, args):
    if event == "import":
        _SEEN.add(args[0])


sys.addaudithook(_note_import)

import worker as _worker  # noqa: E402  the app's glue, as the app's worker runs it
from worker import *  # noqa: E402,F401,F403


def recorded():
    """Every module imported, with where it came from ("frozen" ones are inside the interpreter
    and never read from the zip)."""
    out = []
    for name in sorted(_AT_START | _SEEN | set(sys.modules)):
        spec = getattr(sys.modules.get(name), "__spec__", None)
        out.append(name + " " + str(getattr(spec, "origin", None)))
    return "\\n".join(out)


__export__ = list(_worker.__export__) + ["recorded"]
'''

RECORDER_HTML = """<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,">
<py-config type="json">{"plugins": ["!error", "!py-editor", "!py-terminal", "!py-game", "!deprecations-manager", "!donkey"]}</py-config>
<mpy-config type="json">{"plugins": ["!error", "!py-editor", "!py-terminal", "!py-game", "!deprecations-manager", "!donkey"]}</mpy-config>
<script type="module" src="static/vendor/pyscript/core.js"></script>
<script type="module">
const tag = document.querySelector('script[type="py"][worker]');
while (!tag.xworker) await new Promise((r) => setTimeout(r, 5));
await tag.xworker.ready;
// The app's call (static/app.js): one at a time, in order, JSON answers parsed.
let queue = Promise.resolve();
function call(name, ...args) {
  const ask = () => tag.xworker.sync.call(name, JSON.stringify(args));
  const run = queue.then(async () => JSON.parse(await ask()));
  queue = run.catch(() => {});
  return run;
}
window.tabletop = { call, recorded: () => tag.xworker.sync.recorded() };
document.body.dataset.ready = "1";
</script></head><body>
<script type="py" worker name="engine" src="record_stdlib_worker.py" config="record-stdlib.toml"></script>
</body></html>
"""

HEADER = """\
# Standard library modules the app imports in the browser: the build keeps these in
# python_stdlib.zip (with build.STDLIB_SAFETY) and drops the rest of Pyodide's standard library.
# Recorded, not written by hand: `python3 py/tools/record_stdlib.py` booted the app's worker
# (Pyodide {pyodide}, @pyscript/core {pyscript}) in headless Chromium with the full standard
# library, noted what Pyodide's and PyScript's start-up had imported, then played every game
# (every player count and option, a game to the end, every bot level, hints, analysis, truth,
# undo, replays, refusals, an exception crossing into JS) through the app's call path, noting
# every import. Modules frozen into the interpreter (never read from the zip) are left out.
# Regenerate with that command after a runtime upgrade or new imports.
# {count} modules, recorded {when}.
"""


def runtime_versions():
    def version(name):
        return json.loads((ROOT / "node_modules" / name / "package.json").read_text())["version"]

    return version("pyodide"), version("@pyscript/core")


def exercise_plan(site, moves, probes):
    games = [
        g for g in json.loads((site / "static" / "catalog.json").read_text()) if g.get("available")
    ]
    # The shipped examples as the replay viewer opens them: the log without its captions (the
    # page shows those), index.json being the list of examples, not a replay.
    replays = [
        json.dumps({k: v for k, v in json.loads(p.read_text()).items() if k != "captions"})
        for p in sorted((site / "static" / "replays").glob("*.json"))
        if p.name != "index.json"
    ]
    return {"games": games, "seed": 3, "moves": moves, "probes": probes, "replays": replays}


def run_exercise(page, plan, timeout_s):
    """Runs engine_exercise.js in ``page`` (which defines window.tabletop.call); returns its report."""
    source = (TOOLS / "engine_exercise.js").read_text()
    page.set_default_timeout(timeout_s * 1000)
    # Infinity does not survive JSON: a large number stands for "to the end".
    return page.evaluate(f"({source})(window.tabletop.call, {json.dumps(plan)})")


def record(headed=False):
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        site = pathlib.Path(tmp) / "site"
        build.build(site, full_stdlib=True, testing=True)
        toml = (site / "pyscript.toml").read_text()
        (site / "record-stdlib.toml").write_text(toml + '"./py/worker.py" = "./worker.py"\n')
        (site / "record_stdlib_worker.py").write_text(RECORDER_PY)
        (site / "record-stdlib.html").write_text(RECORDER_HTML)
        with zipfile.ZipFile(site / "static" / "vendor" / "pyodide" / "python_stdlib.zip") as zf:
            in_zip = build.stdlib_module_files(zf.namelist())
        srv = serve.serve_in_thread(site)
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(
                    executable_path=shutil.which("chromium"),
                    headless=not headed,
                    args=[
                        "--no-sandbox",
                        "--disable-gpu",
                        "--disable-background-networking",
                        "--disable-component-update",
                        "--disable-sync",
                        "--no-first-run",
                    ],
                )
                page = browser.new_page()
                errors = []
                page.on("pageerror", lambda e: errors.append(str(e)))
                page.goto(f"http://127.0.0.1:{srv.server_address[1]}/record-stdlib.html")
                page.wait_for_selector("body[data-ready]", timeout=120_000)
                started = time.time()
                report = run_exercise(
                    page, exercise_plan(site, moves=100_000, probes=[0, 3, 12, 30]), timeout_s=1800
                )
                print(
                    f"record: exercise took {time.time() - started:.0f} s: "
                    + ", ".join(
                        f"{slug} {g['moves']} moves{' (over)' if g['over'] else ''}"
                        for slug, g in report["games"].items()
                    )
                )
                if report["failures"] or errors:
                    raise SystemExit(
                        "record: the exercise failed, nothing recorded:\n"
                        + "\n".join(report["failures"] + errors)
                    )
                imported = dict(
                    line.split(" ", 1)
                    for line in page.evaluate("window.tabletop.recorded()").split("\n")
                )
                browser.close()
        finally:
            srv.shutdown()
    frozen = sorted(m for m, origin in imported.items() if m in in_zip and origin == "frozen")
    print(f"record: frozen into the interpreter, not read from the zip: {', '.join(frozen)}")
    return sorted(m for m, origin in imported.items() if m in in_zip and origin != "frozen")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--check", action="store_true", help="compare with the committed list, write nothing"
    )
    parser.add_argument("--headed", action="store_true")
    args = parser.parse_args()
    modules = record(args.headed)
    if args.check:
        missing = sorted(set(modules) - set(build.read_keep_list()))
        print(
            f"record: {len(modules)} modules recorded; missing from {build.STDLIB_KEEP.name}: {missing or 'none'}"
        )
        sys.exit(1 if missing else 0)
    pyodide, pyscript = runtime_versions()
    text = HEADER.format(
        pyodide=pyodide, pyscript=pyscript, count=len(modules), when=time.strftime("%Y-%m-%d")
    )
    build.STDLIB_KEEP.write_text(text + "\n".join(modules) + "\n", encoding="utf-8")
    print(f"record: wrote {build.STDLIB_KEEP} ({len(modules)} modules)")


if __name__ == "__main__":
    main()
