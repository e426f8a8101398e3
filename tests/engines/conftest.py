"""Browser-engine tier (issue #38): the app in WebKit (WebKitGTK's WebKitWebDriver and
MiniBrowser, Debian's webkit2gtk-driver) under a private Xvfb display.

The site is built once and served on loopback as in tests/browser. Nothing is downloaded at test
time: Selenium is given the driver's path, so selenium-manager never runs.
"""

import os
import pathlib
import shutil
import subprocess
import sys
import time

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py" / "tools"))

import build  # noqa: E402
import serve  # noqa: E402

MINIBROWSER = "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser"


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out, testing=True)
    srv = serve.serve_in_thread(out)
    yield f"http://127.0.0.1:{srv.server_address[1]}"
    srv.shutdown()


@pytest.fixture(scope="session")
def display():
    """A display of our own (WebKitGTK needs one); :99 upwards, the first free number."""
    if not shutil.which("Xvfb"):
        pytest.skip("Xvfb is missing (apt-get install xvfb)")
    for number in range(99, 140):
        if not os.path.exists(f"/tmp/.X11-unix/X{number}"):
            break
    proc = subprocess.Popen(
        ["Xvfb", f":{number}", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    # Event-driven: the socket appears when the server listens.
    deadline = time.monotonic() + 30
    while not os.path.exists(f"/tmp/.X11-unix/X{number}") and time.monotonic() < deadline:
        time.sleep(0.1)
    yield f":{number}"
    proc.terminate()
    proc.wait()


@pytest.fixture()
def webkit(display):
    if not (shutil.which("WebKitWebDriver") and os.path.exists(MINIBROWSER)):
        pytest.skip("WebKitGTK's driver is missing (apt-get install webkit2gtk-driver)")
    from selenium import webdriver
    from selenium.webdriver.webkitgtk.service import Service

    os.environ["DISPLAY"] = display
    options = webdriver.WebKitGTKOptions()
    options.binary_location = MINIBROWSER
    options.add_argument("--automation")
    service = Service(executable_path=shutil.which("WebKitWebDriver"))
    driver = webdriver.WebKitGTK(options=options, service=service)
    driver.set_window_size(390, 844)
    yield driver
    driver.quit()
