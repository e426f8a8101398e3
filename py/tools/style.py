#!/usr/bin/env python3
"""The code's style, one command: formatters and linters for Python and JS, and the JSDoc types
of the kit's contracts.

    python3 py/tools/style.py check   # what tests/test_style.py runs; exit 1 on any finding
    python3 py/tools/style.py fix     # format and apply the safe fixes, then check

Python: ruff (lint and format, configured in py/pyproject.toml, 100 columns). JS: prettier
(configured in package.json, 100 columns) over the app, the kit, the views and the JS tests;
tsc checks the files that say `// @ts-check` (tests/js/tsconfig.json lists them) against the
typedefs of static/kit/types.js. The tools are pinned: ruff in tests/requirements.txt, prettier
and typescript in package.json.
"""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]
RUFF_CONFIG = "py/pyproject.toml"
PY_PATHS = ["py", "tests"]
JS_GLOBS = [
    "static/*.js",
    "static/app/*.js",
    "static/kit/*.js",
    "static/views/*.js",
    "tests/js/*.mjs",
]
# Not py/tools/engine_exercise.js: it is one expression (an async function) that a page
# evaluates, and the formatter would end it with a semicolon.
NPX_BIN = ROOT / "node_modules" / ".bin"


def ruff(*args):
    return [sys.executable, "-m", "ruff", *args]


def checks():
    """(name, command) of every check, in the order they run."""
    return [
        ("ruff lint", ruff("check", "--config", RUFF_CONFIG, *PY_PATHS)),
        ("ruff format", ruff("format", "--check", "--config", RUFF_CONFIG, *PY_PATHS)),
        ("prettier", [str(NPX_BIN / "prettier"), "--check", *JS_GLOBS]),
        ("tsc", [str(NPX_BIN / "tsc"), "-p", "tests/js/tsconfig.json"]),
    ]


def fixes():
    return [
        ruff("check", "--fix", "--config", RUFF_CONFIG, *PY_PATHS),
        ruff("format", "--config", RUFF_CONFIG, *PY_PATHS),
        [str(NPX_BIN / "prettier"), "--write", "--log-level", "warn", *JS_GLOBS],
    ]


def run_checks():
    failed = []
    for name, cmd in checks():
        res = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
        if res.returncode:
            failed.append(name)
            print(f"== {name}: findings\n{res.stdout}{res.stderr}", flush=True)
    return failed


def main(argv):
    mode = argv[1] if len(argv) > 1 else "check"
    if mode not in ("check", "fix"):
        sys.exit(__doc__)
    if mode == "fix":
        for cmd in fixes():
            subprocess.run(cmd, cwd=ROOT)
    failed = run_checks()
    if failed:
        sys.exit(f"style: {', '.join(failed)} found something (python3 py/tools/style.py fix)")
    print("style: clean")


if __name__ == "__main__":
    main(sys.argv)
