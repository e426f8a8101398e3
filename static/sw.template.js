// Service worker, generated into the site root by py/tools/build.py (never edit dist/sw.js).
// Precaches every shipped file under a cache named by a hash of their contents (the standard
// library as bytecode: STDLIB_COMPILED), serves same-origin GETs cache-first, and drops older
// caches when a new version activates.
const VERSION = "__VERSION__";
const CACHE = "tabletop-" + VERSION;
const FILES = __FILES__;
// The standard library compiled to bytecode (py/tools/build.py, STDLIB_COMPILED), kept under the
// source zip's name: Pyodide then imports without compiling on every visit after the first (most
// of its start in the worker), while the first visit downloads the smaller source.
const STDLIB = "static/vendor/pyodide/python_stdlib.zip";
const STDLIB_COMPILED = "static/vendor/pyodide/python_stdlib.compiled.zip";
// The engine's start-up snapshot (static/app/snapshot.js): an older build's is of no use to a new
// one (it is keyed by what it holds), so a new version drops it with the old caches, and the page
// makes this build's anew.
const SNAPSHOT_CACHE = "tabletop:snapshot";

async function precache() {
  const cache = await caches.open(CACHE);
  const compiled = FILES.includes(STDLIB_COMPILED);
  // Default cache mode: the server says no-cache, so files the page just loaded are
  // revalidated (304) instead of downloaded a second time.
  await cache.addAll(compiled ? FILES.filter((f) => f !== STDLIB && f !== STDLIB_COMPILED) : FILES);
  if (compiled) {
    const res = await fetch(STDLIB_COMPILED);
    if (!res.ok) throw new Error(`${STDLIB_COMPILED}: ${res.status}`); // install fails, as addAll would
    await cache.put(STDLIB, res);
  }
}

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) =>
        Promise.all(
          keys
            .filter((k) => (k.startsWith("tabletop-") && k !== CACHE) || k === SNAPSHOT_CACHE)
            .map((k) => caches.delete(k)),
        ),
      )
      .then(() => self.clients.claim())
      // Tell the pages this worker now controls: a page whose script was still loading when the
      // controller changed never saw "controllerchange", and would stay on the old build.
      .then(() => self.clients.matchAll({ type: "window" }))
      .then((pages) =>
        pages.forEach((page) => page.postMessage({ type: "tabletop:activated", version: VERSION })),
      ),
  );
});

// A page this worker serves says which build it is (a meta tag after <head>): when a worker takes
// over later, static/app.js reloads the page only if that worker is of another build. Which
// worker controls the page is no guide: a page opened while this worker was activating is
// controlled by it from the start and still hears it say it has taken over.
const BUILD_META = `<head>\n<meta name="tabletop-build" content="${VERSION}">`;

async function stamped(res) {
  if (!(res.headers.get("Content-Type") || "").startsWith("text/html")) return res;
  const text = await res.text();
  const headers = new Headers(res.headers);
  headers.delete("Content-Length");
  headers.delete("Content-Encoding"); // the cached body is stored decoded
  return new Response(text.replace("<head>", BUILD_META), {
    status: res.status,
    statusText: res.statusText,
    headers,
  });
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (url.pathname.endsWith("/version.json")) return; // always asked of the network: update checks
  const navigate = request.mode === "navigate";
  event.respondWith(
    caches.open(CACHE).then((cache) =>
      // The page is cached as "./": its query string (?game=...) must not miss the cache.
      cache
        .match(request, { ignoreSearch: navigate })
        .then((hit) => (hit ? (navigate ? stamped(hit) : hit) : fetch(request))),
    ),
  );
});
