#!/usr/bin/env python3
"""Serve a built site on localhost with the right MIME types and pre-compressed files.

    python3 py/tools/serve.py [--dir dist] [--port 8000] [--prefix /games/tabletop/]

Serves FILE.br with ``Content-Encoding: br`` when the browser accepts Brotli and it exists, else
FILE.gz with ``Content-Encoding: gzip`` when it accepts gzip, else the file itself; the answer
varies on Accept-Encoding either way. Every answer says ``X-Content-Type-Options: nosniff`` (the
types below are the real ones, never to be guessed from the content).
With --prefix the site answers under that sub-path only (to test deployment under a sub-path).
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os
import pathlib
import sys
import threading

TYPES = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".json": "application/json",
    ".toml": "text/plain; charset=utf-8",
    ".py": "text/plain; charset=utf-8",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".svg": "image/svg+xml",
    ".webmanifest": "application/manifest+json",
    ".png": "image/png",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    prefix = "/"

    def log_message(self, fmt, *args):  # quiet: tests read the requests from the browser side
        if os.environ.get("TABLETOP_SERVE_LOG"):
            super().log_message(fmt, *args)

    def translate_path(self, path):
        if self.prefix != "/":
            if not path.startswith(self.prefix):
                return str(pathlib.Path(self.directory) / "__outside_prefix__")
            path = "/" + path[len(self.prefix) :]
        return super().translate_path(path)

    def guess_type(self, path):
        return TYPES.get(pathlib.Path(str(path)).suffix, None) or super().guess_type(path)

    def accepted_encodings(self):
        """Content codings the request accepts (``br;q=0`` refuses br)."""
        out = set()
        for item in self.headers.get("Accept-Encoding", "").split(","):
            name, _, params = item.strip().partition(";")
            q = params.strip()
            if q.startswith("q=") and q[2:].strip() in ("0", "0.0", "0.00", "0.000"):
                continue
            out.add(name.strip().lower())
        return out

    def send_head(self):
        path = pathlib.Path(self.translate_path(self.path.split("?", 1)[0]))
        if path.is_dir():
            path = path / "index.html"
        self.vary = (
            path.with_name(path.name + ".gz").is_file()
            or path.with_name(path.name + ".br").is_file()
        )
        accepted = self.accepted_encodings()
        for coding, suffix in (("br", ".br"), ("gzip", ".gz")):
            packed = path.with_name(path.name + suffix)
            if coding in accepted and path.is_file() and packed.is_file():
                break
        else:
            packed = None
        if packed is not None:
            # A validator, so that a revalidation (e.g. the service worker's precache right after
            # the first load) costs a 304 instead of the whole file again.
            stamp = email.utils.formatdate(int(path.stat().st_mtime), usegmt=True)
            if self.headers.get("If-Modified-Since") == stamp:
                self.send_response(304)
                self.send_header("Last-Modified", stamp)
                self.end_headers()
                return None
            body = packed.open("rb")
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Encoding", coding)
            self.send_header("Content-Length", str(packed.stat().st_size))
            self.send_header("Last-Modified", stamp)
            self.end_headers()
            return body
        return super().send_head()

    def end_headers(self):
        # Revalidate every time: the service worker, not the HTTP cache, keeps the app offline.
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        if getattr(self, "vary", False):
            # The same URL is sent as br, gzip or plain: caches must key on Accept-Encoding.
            self.send_header("Vary", "Accept-Encoding")
        super().end_headers()


class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A browser that leaves a page closes its connections mid-answer: not an error to print.
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(directory, port=0, prefix="/", host="127.0.0.1"):
    handler = functools.partial(type("H", (Handler,), {"prefix": prefix}), directory=str(directory))
    return Server((host, port), handler)


def serve_in_thread(directory, port=0, prefix="/"):
    server = make_server(directory, port, prefix)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return server


def main():
    root = pathlib.Path(__file__).resolve().parents[2]
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dir", default=str(root / "dist"))
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--prefix", default="/")
    args = parser.parse_args()
    server = make_server(args.dir, args.port, args.prefix)
    print(
        f"Tabletop at http://localhost:{server.server_address[1]}{args.prefix}  (Ctrl+C stops)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
