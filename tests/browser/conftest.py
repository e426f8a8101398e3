"""Browser tests in real Chromium (Debian's chromium, driven by Python Playwright).

The site is built once into a temporary folder and served on 127.0.0.1. Chromium runs with a
proxy pointing at a local sink that records and refuses everything: loopback bypasses the
proxy, so anything reaching the sink is a request to another origin.
"""

import pathlib
import shutil
import socket
import sys
import threading

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))

import build  # noqa: E402
import serve  # noqa: E402

# Requests Chromium itself makes (not the app), even on about:blank.
BROWSER_OWN_HOSTS = (
    "accounts.google.com",
    "update.googleapis.com",
    "clients2.google.com",
    "optimizationguide-pa.googleapis.com",
    "content-autofill.googleapis.com",
)


class Sink:
    """A proxy that answers 403 to everything and remembers the hosts asked for."""

    def __init__(self):
        self.hosts = []
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(50)
        self.port = self.sock.getsockname()[1]
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            try:
                conn.settimeout(2)
                first = conn.recv(4096).split(b"\r\n", 1)[0].decode("latin-1")
                parts = first.split()
                if len(parts) >= 2:
                    target = parts[1]
                    host = target.split("//", 1)[-1].split("/", 1)[0].split(":", 1)[0]
                    self.hosts.append(host)
                conn.sendall(
                    b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n"
                )
            except OSError:
                pass
            finally:
                conn.close()

    def foreign(self):
        return [h for h in self.hosts if h and not h.endswith(BROWSER_OWN_HOSTS)]


@pytest.fixture(scope="session")
def site(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out, testing=True)
    return out


@pytest.fixture(scope="session")
def server(site):
    srv = serve.serve_in_thread(site)
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()


@pytest.fixture(scope="session")
def sink():
    return Sink()


def chromium_path():
    path = shutil.which("chromium") or shutil.which("chromium-browser")
    if not path:
        raise RuntimeError(
            "Chromium is not installed: apt-get install chromium (the test setup does this)"
        )
    return path


CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    # A friends' table's peers on loopback (test_friends_browser.py): Chromium hides local
    # addresses behind mDNS names, which one headless context cannot resolve for another here.
    # Chromium reads only the last --disable-features, so this one replaces Playwright's own
    # list: the rest of that list (Playwright 1.x's chromiumSwitches) is repeated. Among them
    # ThirdPartyStoragePartitioning: off, a third-party frame gets no storage at all, as where a
    # browser blocks it (test_runtime.py plays an embedded game so); without it, partitioned.
    "--disable-features="
    + ",".join(
        [
            "WebRtcHideLocalIpsWithMdns",
            "ThirdPartyStoragePartitioning",
            "PaintHolding",
            "AvoidUnnecessaryBeforeUnloadCheckSync",
            "DestroyProfileOnBrowserClose",
            "HttpsUpgrades",
            "HttpsFirstBalancedModeAutoEnable",
            "LensOverlay",
            "MediaRouter",
            "AvoidCorsURLLoaderRestartOnRedirect",
            "OptimizationHints",
            "NetworkTimeServiceQuerying",
            "AimEnabled",
            "PreconnectToSearch",
        ]
    ),
]


@pytest.fixture(scope="session")
def pw():
    """The one Playwright of the run (the sync API allows only one per thread)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


@pytest.fixture
def own_chromium(pw):
    """Launch a browser of the test's own: ``own_chromium(*extra)`` with the run's switches and
    ``extra`` after them (a later --disable-features replaces the earlier list); closed after the
    test. (A fixture, not an import: in a whole run, ``conftest`` names tests/engines' module.)"""
    launched = []

    def launch(*extra):
        browser = pw.chromium.launch(
            executable_path=chromium_path(), args=CHROMIUM_ARGS + list(extra)
        )
        launched.append(browser)
        return browser

    yield launch
    for browser in launched:
        browser.close()


@pytest.fixture(scope="session")
def browser(pw, sink):
    b = pw.chromium.launch(
        executable_path=chromium_path(),
        headless=True,
        args=CHROMIUM_ARGS + [f"--proxy-server=http://127.0.0.1:{sink.port}"],
    )
    yield b
    b.close()


def _phone_page(browser, locale):
    """A 360x640 page in a context of its own, in the given locale; the page's uncaught errors
    collect in `.errors`. A generator for the fixtures below: it closes the context after the test."""
    context = browser.new_context(viewport={"width": 360, "height": 640}, locale=locale)
    pg = context.new_page()
    pg.errors = []
    pg.on("pageerror", lambda e: pg.errors.append(str(e)))
    yield pg
    context.close()


@pytest.fixture()
def page(browser):
    """A phone-sized page in English."""
    yield from _phone_page(browser, "en-US")


@pytest.fixture()
def phone_ja(browser):
    """A phone-sized page in Japanese (locale ja-JP), otherwise the same as `page`."""
    yield from _phone_page(browser, "ja-JP")
