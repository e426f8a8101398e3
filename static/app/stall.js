// The notices about the engine (engine.js's watch). When it stops answering: what happened, that the
// game is saved up to the last accepted move, and a way out: keep waiting, reload the page, or
// (when a save of this game is stored, since a save the engine cannot get through would stall
// every visit) set that save aside for a bug report and start afresh (the menu brings it back). A
// late answer removes it.
import { h } from "../kit/dom.js";
import { SLUGS, t } from "../kit/words.js";
import { watch } from "./engine.js";
import { hooks } from "./chrome.js";
import { current, endSession, nav } from "./play.js";
import { setAside } from "./stats.js";
import { params, saveKey, store } from "./store.js";

function gameOnShow() {
  const slug = current.session?.slug ?? params.get("game");
  return slug && SLUGS.includes(slug) ? slug : null;
}

function remove() {
  document.querySelector("section.engine-stalled")?.remove();
  delete document.body.dataset.engineStalled;
}

function show(name) {
  if (document.querySelector("section.engine-stalled")) return; // already on show: left as it is
  const slug = gameOnShow();
  const key = slug ? saveKey(slug) : null;
  const saved = key ? store.getItem(key) : null;
  const setSaveAside = () => {
    setAside(store, key.slice("tabletop:".length), saved);
    store.removeItem(key);
    location.reload();
  };
  const box = h(
    "section",
    { class: "engine-stalled", role: "alert", dataset: { call: name } },
    h("p", {}, t("engine_stalled", { n: Math.round(watch.ms / 1000) })),
    h("p", {}, t("engine_stalled_saved")),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { type: "button", class: "primary reload", onclick: () => location.reload() },
        t("engine_reload"),
      ),
      saved !== null
        ? h(
            "button",
            { type: "button", class: "set-aside", onclick: setSaveAside },
            t("engine_set_aside"),
          )
        : null,
      h("button", { type: "button", class: "wait", onclick: remove }, t("engine_wait")),
    ),
  );
  document.body.append(box);
  document.body.dataset.engineStalled = name;
}

// A first start that takes long (engine.js's watch.bootSlow): why the table waits, that a first
// visit downloads the engine once, and a way out (reload) or to keep waiting. Gone once it is up.
function showBootSlow() {
  if (document.querySelector("section.engine-booting")) return;
  const box = h(
    "section",
    { class: "engine-booting", role: "status" },
    h("p", {}, t("engine_booting_slow", { n: Math.round(watch.bootMs / 1000) })),
    h("p", {}, t("engine_booting_hint")),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { type: "button", class: "primary reload", onclick: () => location.reload() },
        t("engine_reload"),
      ),
      h("button", { type: "button", class: "wait", onclick: removeBootSlow }, t("engine_wait")),
    ),
  );
  document.body.append(box);
  document.body.dataset.engineBooting = "slow";
}

function removeBootSlow() {
  document.querySelector("section.engine-booting")?.remove();
  delete document.body.dataset.engineBooting;
}

// A game set aside (by this notice, or by the load of a save the engine refused) is never out of
// reach: the game's menu offers the newest one back. A game in the slot meanwhile is set aside in
// its turn, so bringing one back loses nothing; a save the engine still refuses is set aside again
// with the reason said, as on any visit.
function asideKeys(slug) {
  const prefix = `tabletop:broken:${saveKey(slug).slice("tabletop:".length)}:`;
  return store
    .keys()
    .filter((k) => k.startsWith(prefix) && /^\d+$/.test(k.slice(prefix.length)))
    .sort((a, b) => Number(a.slice(prefix.length)) - Number(b.slice(prefix.length)));
}

export function bringBack(slug) {
  const key = asideKeys(slug).pop();
  const text = key ? store.getItem(key) : null;
  if (text === null) return;
  endSession();
  const inSlot = store.getItem(saveKey(slug));
  store.removeItem(key);
  if (inSlot !== null) setAside(store, saveKey(slug).slice("tabletop:".length), inSlot);
  store.setItem(saveKey(slug), text);
  const url = new URL(location.href);
  for (const k of [...url.searchParams.keys()]) {
    if (!["lang", "embed", "id"].includes(k)) url.searchParams.delete(k); // the game's own slot
  }
  url.searchParams.set("game", slug);
  history.pushState(null, "", url);
  nav.route();
}

export function watchEngine() {
  hooks.setAsideFor = (slug) => asideKeys(slug).length > 0;
  hooks.bringBack = bringBack;
  watch.stalled = show;
  watch.answered = remove;
  watch.bootSlow = showBootSlow;
  watch.booted = removeBootSlow;
}
