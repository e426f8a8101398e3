// The app: routes the address to a screen and starts the engine. The pieces live in static/app/:
//   engine.js   the one way to reach the Python worker (one round trip per move)
//   store.js    settings and saved games on this device
//   chrome.js   the one-row header with its menu, toasts, the rules page
//   screens.js  game list, embed page, setup, deal choice, replay viewer
//   play.js     the table screen: a game on the table controller, its subscribers and drawing
//   table.js    the table controller: whose turn, the seat's driver, the engine, events
//   seats.js    the seat drivers: human (taps), computer (level, paced), a script (lessons)
// Views (static/views/<slug>.js) draw a game's table with the table kit (static/kit/).
import "./app/channel-guard.js"; // first: before PyScript's core module runs
import { h } from "./kit/dom.js";
import { chooseLanguage, gameTitle, knowGames, loadCommon, SLUGS, t } from "./kit/words.js";
import { app, EMBED, hooks, toast } from "./app/chrome.js";
import { call, engine } from "./app/engine.js";
import { current, endSession, events, nav, setupFromLog } from "./app/play.js";
import {
  navigate,
  newGame,
  openGame,
  showEmbedPage,
  showList,
  showReplay,
  showSetup,
  warmGame,
} from "./app/screens.js";
import { watchEngine } from "./app/stall.js";
import { knowGameFacts } from "./app/stats.js";
import {
  badSaveId,
  params,
  saveKey,
  settings,
  store,
  storageBlocked,
  TESTING,
} from "./app/store.js";

chooseLanguage(params, store);
document.documentElement.classList.toggle("four-colour", settings.fourColour);
if (EMBED) document.body.classList.add("embed");

let catalogLoading = null;
function loadCatalog() {
  catalogLoading ||= fetch("static/catalog.json")
    .then((res) => res.json())
    .then(
      (list) => {
        current.catalog = Object.fromEntries(list.map((g) => [g.slug, g]));
        knowGames(list); // the game list and each game's facts come from the catalog alone
        knowGameFacts(list);
        return current.catalog;
      },
      (err) => {
        catalogLoading = null;
        throw err;
      },
    ); // asked again by the next route
  return catalogLoading;
}

// ---- storage blocked (issue #20.7) ----
// A browser that blocks storage for third-party frames (Debian's Chromium; a private window)
// gives no localStorage, IndexedDB, Cache API or service worker. The game still plays: saves go
// to the store's memory for the page's life (the vendored PyScript is built to start without
// IndexedDB: see PYSCRIPT_PATCHES in py/tools/build.py), and a quiet note says so.
function noteStorageBlocked() {
  if (!storageBlocked || document.querySelector(".storage-note")) return;
  const framed = window.parent !== window; // an embedded game, or this page itself (a private window)
  const words = t(framed ? "storage_blocked" : "storage_blocked_page");
  document.body.append(h("p", { class: "storage-note", role: "note" }, words));
}
// ---- end storage blocked ----

// A link whose ?id= is not a valid save name is refused: using the shared save slot instead would
// mix two games (or two articles' games) silently.
function showBadId(id) {
  const slug = new URLSearchParams(location.search).get("game");
  const url = new URL(location.href);
  url.searchParams.delete("id");
  app.replaceChildren(
    h(
      "section",
      { class: "refused-link" },
      h("h1", {}, slug && SLUGS.includes(slug) ? gameTitle(slug) : t("app_title")),
      h("p", { role: "alert" }, t("bad_id", { id: id.slice(0, 60) })),
      h("a", { class: "button primary open-without-id", href: url.href }, t("open_without_id")),
    ),
  );
  document.body.dataset.screen = "refused";
}

async function route() {
  const query = new URLSearchParams(location.search);
  noteStorageBlocked();
  if (badSaveId() !== null) {
    // the game's title, when the catalog knows the game
    await loadCatalog().catch(() => null);
    return showBadId(badSaveId());
  }
  const slug = query.get("game");
  await loadCatalog();
  if (query.get("page") === "embed") return showEmbedPage();
  if (query.get("page") === "stats") {
    // Loaded when asked for: a cold visit to a game does not fetch the statistics screens, nor
    // the record's code and stylesheet (records.js, records.css: drawn once the sheet is in).
    const [{ showStats, showStatsOverview }, { styled }] = await Promise.all([
      import("./app/statsview.js"),
      import("./app/records.js"),
    ]);
    await styled;
    if (slug !== null && current.catalog[slug]?.available) return showStats(slug);
    return showStatsOverview();
  }
  if (query.get("replay") !== null) return showReplay(query.get("replay"));
  if (slug === null) return showList();
  if (!SLUGS.includes(slug)) {
    toast(t("settings_broken", { reason: `game=${slug}` }));
    return showList();
  }
  if (query.get("learn") === "1") {
    // a guided first deal: the lesson player is loaded when asked for
    const { openLesson } = await import("./app/lesson.js");
    return openLesson(slug);
  }
  const friends = query.get("friends");
  if (
    friends !== null &&
    current.catalog[slug]?.available &&
    current.catalog[slug].max_players > 1
  ) {
    // A friends' table (?friends=1: a new room; ?friends=<room>: the room this phone hosts)
    const { openFriends } = await import("./app/friends-host.js");
    return openFriends(slug, setupFromLog(null, current.catalog[slug]), friends);
  }
  return openGame(slug);
}
// The screens a table leads to (play.js and lesson.js reach them only through this object).
Object.assign(nav, {
  showSetup,
  newGame,
  route,
  leave: () => {
    endSession();
    navigate({});
  },
});
hooks.showStats = (slug) => navigate(slug ? { game: slug, page: "stats" } : { page: "stats" });
window.addEventListener("popstate", () => route());

// ---------------------------------------------------------------- offline
// The service worker (sw.js, written by the build at the site root) precaches the app and the
// runtime, so a second visit plays without a network. When a new build's worker takes over, the
// page reloads once to run the new version; the game in progress is in its saved log. Where the
// browser keeps no data for the site, it keeps no worker either (Firefox refuses the registration
// with a console error): none is asked for.
const offlineWorker =
  "serviceWorker" in navigator &&
  location.protocol !== "file:" &&
  !params.has("nosw") &&
  !storageBlocked;
if (offlineWorker) {
  const startedUnder = navigator.serviceWorker.controller;
  const hadController = !!startedUnder;
  // The build of the worker that served this page (sw.js stamps it), none if the network did: a
  // page from the network is the site as it is now, and needs no reload for a worker of it.
  const servedBy = document.querySelector('meta[name="tabletop-build"]')?.getAttribute("content");
  let reloading = false;
  const reloadOnce = () => {
    if (servedBy && !reloading) {
      reloading = true;
      location.reload();
    }
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (navigator.serviceWorker.controller !== startedUnder) reloadOnce();
  });
  // The new worker also says so by message once it has taken over. Messages wait in the page's
  // queue until startMessages(), so one sent while this module graph was still loading (when the
  // controllerchange event had nobody to hear it) is not lost. A worker of the page's own build
  // says so too (one that was activating when the page was opened): no reload for it.
  navigator.serviceWorker.addEventListener("message", (event) => {
    const data = event.data;
    if (data && data.type === "tabletop:activated" && data.version !== servedBy) reloadOnce();
  });
  navigator.serviceWorker.startMessages();
  // Registered once the engine is up: precaching the whole site (every game, the runtime) must
  // not compete with the first visit's own download and boot of the runtime.
  const loaded = new Promise((resolve) =>
    document.readyState === "complete" ? resolve() : window.addEventListener("load", resolve),
  );
  Promise.all([loaded, engine().catch(() => {})]).then(() => {
    if (hadController) makeSnapshot();
    navigator.serviceWorker.register("sw.js", { updateViaCache: "none" }).then(
      (reg) => {
        document.body.dataset.sw = "registered";
        return reg;
      },
      () => {
        document.body.dataset.sw = "unavailable";
      },
    );
  });
}

// The engine's start-up snapshot (static/app/snapshot.js, issue #36): made once per build by a
// worker of its own, in idle time after the engine is up, on a visit that began under the service
// worker (its files are then the precached ones); the engine's worker restores it on later visits
// instead of booting Python. The worker does nothing when this build's snapshot exists.
// Not on a first visit: a reader trying a game once in an article should not pay a second
// runtime's boot on a phone and 31 MB of storage; a reader who comes back does, once.
// body[data-snapshot]: "made", "present" or "failed" (for the tests).
let snapshotAsked = false;
function makeSnapshot() {
  if (snapshotAsked || !navigator.serviceWorker?.controller || !("caches" in window)) return;
  snapshotAsked = true;
  const start = () => {
    const maker = new Worker(new URL("./app/snapshot.js", import.meta.url), { type: "module" });
    const done = (said) => {
      document.body.dataset.snapshot = said;
      maker.terminate();
    };
    maker.onmessage = (event) => done(String(event.data).split(":")[0]);
    maker.onerror = () => done("failed");
  };
  if (window.requestIdleCallback) requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1000);
}

// ---------------------------------------------------------------- embedding
// In an article's iframe the page tells its parent how tall it is, so the iframe can grow to fit
// (static/embed.js on the article's side listens). Only a height is sent: nothing private.
if (EMBED && window.parent !== window) {
  const report = () =>
    window.parent.postMessage(
      { type: "tabletop:height", height: Math.ceil(document.documentElement.scrollHeight) },
      "*",
    );
  new ResizeObserver(report).observe(document.body);
  window.addEventListener("load", report);
}

// ---------------------------------------------------------------- start
// The console bridge, in the test build only: in the shipped page no script can ask the engine
// for another seat's view.
// Uncaught errors are kept there too, for browsers whose driver cannot report them (WebKit's).
if (TESTING) {
  /** @type {string[]} */
  const errors = [];
  window.addEventListener("error", (e) => errors.push(String(e.message)));
  window.addEventListener("unhandledrejection", (e) => errors.push(String(e.reason)));
  window.tabletop = { call, engine, saveKey, events, errors };
}
watchEngine(); // a call the engine does not answer: a notice with a way out (app/stall.js)
// The first screen's data, all asked for at once (index.html preloads the common words and the
// catalog; a link to a game also gets its view, words and opening under way: warmGame).
if (badSaveId() === null) warmGame(new URLSearchParams(location.search));
Promise.all([loadCommon(), loadCatalog()])
  .then(route)
  .catch((err) => {
    app.replaceChildren(h("p", { class: "error" }, t("engine_failed") + err));
  });
engine().then(
  () => {
    current.engineBooted = true;
    performance.mark("engine-ready");
    document.body.dataset.engine = "ready";
  },
  (err) => toast(t("engine_failed") + err),
);
