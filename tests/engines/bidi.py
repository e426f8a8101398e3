"""A small WebDriver BiDi client for Firefox (issue #38), enough for the engine tier's tests.

Firefox speaks WebDriver BiDi itself (``--remote-debugging-port``), so no geckodriver is needed;
Debian has none, and Selenium's manager would download one. The connection is a plain WebSocket
(``websocket-client``, pinned in tests/requirements.txt). Values cross as JSON: a script's result
is ``JSON.stringify``-ed in the page and parsed here, so no BiDi remote-value decoding is needed.

Uncaught page errors (``log.entryAdded`` of type ``javascript``) are collected in ``errors``.
"""

import base64
import json
import pathlib
import shutil
import socket
import subprocess
import tempfile
import time

import websocket


class BidiError(RuntimeError):
    pass


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Polling:
    """Waiting on the page, shared by both engines' drivers: ``js`` is theirs; a script that
    throws (``script_errors``) is asked again, as a navigation may replace the page between two
    polls."""

    script_errors = ()

    def wait(self, fn, *args, timeout=120):
        """Until ``fn(*args)`` is truthy in the page; its value."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                value = self.js(fn, *args)
                if value:
                    return value
            except self.script_errors as e:
                last = e
            time.sleep(0.1)
        raise TimeoutError(f"waited {timeout} s for {fn} (last error: {last})")

    def wait_css(self, css, timeout=120):
        return self.wait("(css) => document.querySelectorAll(css).length", css, timeout=timeout)


# Firefox logs this (as a ``javascript`` entry) for every load a service worker was answering
# from its cache when the page that asked went away: a fetch the page had already caught, a
# lesson prefetched in idle time, the runtime the start-up snapshot's worker was loading
# (static/app.js). Seen on Firefox ESR 153: the runtime's module and wasm, fetched from the cache
# and left mid-way by a navigation, gave one such entry each, in the left page's realm (a caught
# fetch too). It is not an error of the page, so an entry of this text from a page the test has
# left is kept apart (cancelled_by_leaving); on the page in use it still counts.
CANCELLED_BY_LEAVING = "A ServiceWorker intercepted the request and encountered an unexpected error"


class Firefox(Polling):
    name = "firefox"
    script_errors = (BidiError,)
    """One headless Firefox with a fresh profile (``prefs`` go to its user.js), one tab."""

    def __init__(self, prefs=None, binary=None):
        self.binary = binary or shutil.which("firefox-esr") or shutil.which("firefox")
        self.profile = tempfile.mkdtemp(prefix="tabletop-firefox-")
        lines = [
            # No first-run pages, updates or telemetry: the tab is ours and the log quiet.
            'user_pref("browser.shell.checkDefaultBrowser", false);',
            'user_pref("app.update.disabledForTesting", true);',
            'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
            'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);',
            'user_pref("browser.startup.homepage_override.mstone", "ignore");',
        ]
        for key, value in (prefs or {}).items():
            lines.append(f"user_pref({json.dumps(key)}, {json.dumps(value)});")
        (pathlib.Path(self.profile) / "user.js").write_text("\n".join(lines) + "\n")
        port = free_port()
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--headless",
                "--remote-debugging-port",
                str(port),
                "--profile",
                self.profile,
                "-no-remote",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        # Firefox prints this line once its BiDi server listens.
        for line in self.proc.stderr:
            if "WebDriver BiDi listening" in line:
                break
        else:
            raise BidiError(f"Firefox exited before listening (code {self.proc.wait()})")
        # Drain the rest of its log so that a full pipe never blocks it.
        import threading

        threading.Thread(target=lambda: [None for _ in self.proc.stderr], daemon=True).start()
        # Firefox refuses a WebSocket handshake that carries an Origin header.
        self.ws = websocket.create_connection(
            f"ws://127.0.0.1:{port}/session", timeout=300, suppress_origin=True
        )
        self.next_id = 0
        self.errors = []
        self.left_realms = set()
        self.cancelled_by_leaving = []
        caps = self.call("session.new", {"capabilities": {}})["capabilities"]
        self.version = caps["browserVersion"]
        self.call("session.subscribe", {"events": ["log.entryAdded"]})
        self.context = self.call("browsingContext.getTree", {})["contexts"][0]["context"]

    # -- the protocol ---------------------------------------------------------------------------

    def call(self, method, params):
        self.next_id += 1
        me = self.next_id
        self.ws.send(json.dumps({"id": me, "method": method, "params": params}))
        while True:
            msg = json.loads(self.ws.recv())
            if msg.get("id") == me:
                if msg.get("type") == "error":
                    raise BidiError(f"{method}: {msg.get('error')}: {msg.get('message')}")
                return msg["result"]
            if msg.get("method") == "log.entryAdded":
                entry = msg["params"]
                left = (entry.get("source") or {}).get("realm") in self.left_realms
                if left and CANCELLED_BY_LEAVING in (entry.get("text") or ""):
                    self.cancelled_by_leaving.append(entry.get("text"))
                elif entry.get("type") == "javascript":
                    frames = (entry.get("stackTrace") or {}).get("callFrames") or []
                    where = ", ".join(
                        f"{f.get('functionName') or '?'}@{f.get('url', '').rsplit('/', 1)[-1]}"
                        f":{f.get('lineNumber')}"
                        for f in frames[:4]
                    )
                    self.errors.append(
                        f"{entry.get('text')} ({where})" if where else entry.get("text")
                    )

    def close(self):
        try:
            self.call("session.end", {})
        except Exception:
            pass
        self.ws.close()
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    # -- what the tests use --------------------------------------------------------------------

    def viewport(self, width, height):
        self.call(
            "browsingContext.setViewport",
            {"context": self.context, "viewport": {"width": width, "height": height}},
        )

    def get(self, url):
        self.leave_page()
        self.call(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def reload(self):
        self.leave_page()
        self.call("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def leave_page(self):
        """Notes the page's realm before it is left (see CANCELLED_BY_LEAVING)."""
        try:
            out = self.call(
                "script.evaluate",
                {"expression": "0", "target": {"context": self.context}, "awaitPromise": False},
            )
            self.left_realms.add(out.get("realm"))
        except BidiError:
            pass

    def js(self, fn, *args):
        """``fn`` (a JavaScript function expression) called in the page with ``args``; its
        (awaited) result, through JSON."""
        decl = f"async (a) => JSON.stringify(await ({fn})(...JSON.parse(a))) ?? null"
        out = self.call(
            "script.callFunction",
            {
                "functionDeclaration": decl,
                "arguments": [{"type": "string", "value": json.dumps(list(args))}],
                "target": {"context": self.context},
                "awaitPromise": True,
            },
        )
        if out.get("type") == "exception":
            details = out.get("exceptionDetails", {})
            raise BidiError(f"script threw: {details.get('text')}")
        value = out["result"]
        return json.loads(value["value"]) if value.get("type") == "string" else None

    def tap(self, css):
        """A real pointer tap at the centre of the first visible element matching ``css`` (its
        top scrolled into view first); False if there is none."""
        box = self.js(
            """(css) => {
                const el = [...document.querySelectorAll(css)].find((e) => e.offsetParent !== null);
                if (!el) return null;
                el.scrollIntoView({block: "center"});
                const r = el.getBoundingClientRect();
                return {x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2)};
            }""",
            css,
        )
        if not box:
            return False
        self.call(
            "input.performActions",
            {
                "context": self.context,
                "actions": [
                    {
                        "type": "pointer",
                        "id": "finger",
                        "parameters": {"pointerType": "mouse"},
                        "actions": [
                            {"type": "pointerMove", "x": box["x"], "y": box["y"]},
                            {"type": "pointerDown", "button": 0},
                            {"type": "pointerUp", "button": 0},
                        ],
                    }
                ],
            },
        )
        return True

    def screenshot(self, path):
        data = self.call("browsingContext.captureScreenshot", {"context": self.context})["data"]
        pathlib.Path(path).write_bytes(base64.b64decode(data))
