#!/usr/bin/env python3
"""The two quick-start commands: set up and serve, set up and test.

    python3 py/tools/dev.py serve [--port 8000]   # install what is missing, build dist/, serve it
    python3 py/tools/dev.py test [pytest args]    # install what is missing, build, run every test

Setting up installs only what is missing: the pinned runtime (npm ci), the package itself
(pip install -e py), the test tools (tests/requirements.txt), and for tests Debian's chromium
(apt-get; Playwright's own browser download does not work offline-from-the-web machines).
"""

from __future__ import annotations

import importlib.util
import os
import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def pip_install(*args):
    run([sys.executable, "-m", "pip", "install", "--disable-pip-version-check", "-q", *args])


def ensure_package():
    spec = importlib.util.find_spec("tabletop")
    if spec is None or not str(spec.origin).startswith(str(ROOT / "py")):
        pip_install("-e", str(ROOT / "py"))


def ensure_test_tools():
    """pip installs tests/requirements.txt unless every pin is installed at its version (checked by
    distribution name: an import name can differ, as websocket-client's websocket)."""
    from importlib import metadata

    pins = [
        line.strip().split("==")
        for line in (ROOT / "tests" / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.strip().startswith("#")
    ]

    def installed(name, version):
        try:
            return metadata.version(name) == version
        except metadata.PackageNotFoundError:
            return False

    if not all(installed(name, version) for name, version in pins):
        pip_install("-r", str(ROOT / "tests" / "requirements.txt"))


def apt_install(*packages):
    if not shutil.which("apt-get"):
        sys.exit(
            f"the browser tests need {', '.join(packages)}: install them with your system's package manager"
        )
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    run(sudo + ["apt-get", "update", "-qq"], env=env)
    run(sudo + ["apt-get", "install", "-y", "-qq", "--no-install-recommends", *packages], env=env)


def has_japanese_font():
    if not shutil.which("fc-list"):
        return False
    out = subprocess.run(["fc-list", ":lang=ja"], capture_output=True, text=True).stdout
    return bool(out.strip())


def ensure_chromium():
    missing = []
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        missing.append("chromium")
    # The Japanese labels must render in screenshots as on a phone, not as empty boxes.
    if not has_japanese_font():
        missing.append("fonts-noto-cjk")
    if missing:
        apt_install(*missing)


def ensure_engines():
    """The browser-engine tier (tests/engines): WebKitGTK's driver with MiniBrowser, Firefox ESR,
    and a virtual display for them; Selenium comes from tests/requirements.txt."""
    missing = []
    if not shutil.which("WebKitWebDriver"):
        missing.append("webkit2gtk-driver")
    if not shutil.which("firefox-esr"):
        missing.append("firefox-esr")
    if not shutil.which("Xvfb"):
        missing += ["xvfb", "xauth"]
    if missing:
        apt_install(*missing)


def build():
    sys.path.insert(0, str(ROOT / "py" / "tools"))
    import build as site_build

    return site_build.build(ROOT / "dist")


def serve(args):
    port = "8000"
    if args[:1] == ["--port"] and len(args) > 1:
        port = args[1]
    ensure_package()
    build()
    os.execv(
        sys.executable,
        [
            sys.executable,
            str(ROOT / "py" / "tools" / "serve.py"),
            "--dir",
            str(ROOT / "dist"),
            "--port",
            port,
        ],
    )


def test(args):
    ensure_package()
    ensure_test_tools()
    ensure_chromium()
    ensure_engines()
    build()
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *(args or ["tests"])],
        cwd=ROOT,
    )
    sys.exit(result.returncode)


def main():
    if len(sys.argv) < 2 or sys.argv[1] not in ("serve", "test"):
        sys.exit(__doc__)
    {"serve": serve, "test": test}[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    main()
