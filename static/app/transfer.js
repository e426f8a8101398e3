// Taking the player's records along: every save, statistic, streak, lesson in progress and setting
// the app keeps on this device, exported to one JSON file, and imported on another phone or
// browser. Loaded when the menu's item is tapped.
//
// The file: {"tabletop": "records", "v": 1, "exported": <ISO time>, "items": {<store key>: <text>}}
// with the stored texts as they are (saves: tabletop:save:<slug>[:<id>], statistics and daily
// streaks: tabletop:stats:<slug>, lessons: tabletop:lesson:<slug>[:<id>], settings: tabletop:lang,
// :speed, :four-colour). Copies kept aside for a bug report (tabletop:broken:...) stay behind.
//
// An import is checked whole before anything is written (size, depth, shape of every entry,
// unknown keys, keys such as __proto__): a file refused changes nothing. Then it merges:
//   settings, lessons   this device's own are kept; the file's fill what is missing
//   saves               the file's save is taken when the slot is empty, or when it is the same
//                       game further on (more moves), or a game started later (the game id holds
//                       its start time); this device's save it replaces is set aside, and the
//                       game's menu can bring it back (stall.js). Otherwise this device's is kept.
//   statistics          per game: when one side's remembered game ids hold all of the other's,
//                       the fuller record is kept (a file imported twice counts nothing twice);
//                       when they share no game, counts are summed; when they share some, each
//                       count is the larger of the two (never a game counted twice). Streaks:
//                       the larger; daily results: both (this device's on a date in both).
import { h } from "../kit/dom.js";
import { SLUGS, t } from "../kit/words.js";
import { SPEED_NAMES } from "../kit/pace.js";
import { endSession, nav } from "./play.js";
import { readRecord, setAside, statsKey } from "./stats.js";
import { boundedJson, parseSave, store } from "./store.js";

export const TRANSFER_VERSION = 1;
const MAX_FILE_BYTES = 4_000_000;
const MAX_ENTRY_CHARS = 1_000_000;
const MAX_DEPTH = 40; // as a save's own bound (py/tabletop/reader.py)
const MAX_IDS = 300; // as stats.js remembers
const HOSTILE_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const ID = "(?::[\\w-]{1,40})?";
const SLUG = `(${SLUGS.map((s) => s.replace(/[^\w]/g, "")).join("|")})`;
const FAMILIES = [
  { name: "setting", re: /^tabletop:lang$/, ok: (v) => ["ja", "en"].includes(v) },
  { name: "setting", re: /^tabletop:speed$/, ok: (v) => SPEED_NAMES.includes(v) },
  { name: "setting", re: /^tabletop:four-colour$/, ok: (v) => ["0", "1"].includes(v) },
  { name: "save", re: new RegExp(`^tabletop:save:${SLUG}${ID}$`), ok: saveOk },
  { name: "stats", re: new RegExp(`^tabletop:stats:${SLUG}$`), ok: statsOk },
  { name: "lesson", re: new RegExp(`^tabletop:lesson:${SLUG}${ID}$`), ok: lessonOk },
];
const familyOf = (key) => FAMILIES.find((f) => f.re.test(key)) || null;
const isPlainObject = (o) => !!o && typeof o === "object" && !Array.isArray(o);

// ---------------------------------------------------------------- checking
// Every object key at any depth (the depth is already bounded), iteratively.
function hasHostileKey(value) {
  const todo = [value];
  while (todo.length) {
    const v = todo.pop();
    if (!v || typeof v !== "object") continue;
    for (const [k, inner] of Object.entries(v)) {
      if (HOSTILE_KEYS.has(k)) return true;
      todo.push(inner);
    }
  }
  return false;
}

function innerJson(text) {
  const data = boundedJson(text, MAX_ENTRY_CHARS, MAX_DEPTH);
  if (hasHostileKey(data)) throw new Error("hostile key");
  return data;
}

function saveOk(text, slug) {
  innerJson(text);
  const save = parseSave(text);
  const log = save.log;
  return !!log && log.game === slug && Array.isArray(log.actions) && Number.isInteger(log.players);
}

function statsOk(text, slug) {
  innerJson(text);
  // stats.js's own check, on a scratch store holding this text alone (nothing is written).
  const scratch = {
    getItem: (k) => (k === statsKey(slug) ? text : null),
    setItem: () => {},
    removeItem: () => {},
    keys: () => [],
  };
  return readRecord(scratch, slug).problem === null;
}

function lessonOk(text) {
  const data = innerJson(text);
  return isPlainObject(data) && data.v === 1 && Array.isArray(data.actions);
}

class Refusal extends Error {}
const refuse = (key, params = {}) => {
  throw new Refusal(t(key, params));
};

// The file's entries, checked whole: {key: text}; throws a Refusal worded for the reader.
export function checkRecordsFile(text) {
  let data;
  try {
    data = boundedJson(text, MAX_FILE_BYTES, MAX_DEPTH);
  } catch (err) {
    refuse(err instanceof RangeError ? "transfer_too_big" : "transfer_not_ours");
  }
  if (!isPlainObject(data) || data.tabletop !== "records") refuse("transfer_not_ours");
  if (hasHostileKey(data)) refuse("transfer_hostile");
  const fields = ["tabletop", "v", "exported", "items"];
  if (!Object.keys(data).every((k) => fields.includes(k))) refuse("transfer_not_ours");
  if (Number.isInteger(data.v) && data.v > TRANSFER_VERSION) refuse("transfer_newer");
  if (data.v !== TRANSFER_VERSION || !isPlainObject(data.items)) refuse("transfer_not_ours");
  if (data.exported !== undefined && typeof data.exported !== "string") refuse("transfer_not_ours");
  for (const [key, value] of Object.entries(data.items)) {
    const family = familyOf(key);
    const entry = key.slice(0, 60);
    if (!family || typeof value !== "string") refuse("transfer_bad_entry", { entry });
    const slug = key.split(":")[2];
    let ok = false;
    try {
      ok = family.ok(value, slug);
    } catch {
      /* not JSON, too deep, a hostile key, a save that cannot be read: refused below */
    }
    if (!ok) refuse("transfer_bad_entry", { entry });
  }
  return data.items;
}

// ---------------------------------------------------------------- merging
const played = (r) => Object.values(r.levels).reduce((n, b) => n + b.played, 0);
const gameTime = (save) => (save.gid ? parseInt(save.gid.slice(1, 9), 36) || 0 : 0);

function mergeBuckets(a, b, add) {
  const out = structuredClone(a);
  for (const k of ["played", "won", "drawn", "abandoned"]) out[k] = add(a[k], b[k]);
  for (const [p, n] of Object.entries(b.places)) out.places[p] = add(a.places[p] || 0, n);
  for (const k of Object.keys(out.deals)) out.deals[k] = add(a.deals[k], b.deals[k]);
  out.streak = Math.max(a.streak, b.streak);
  out.bestStreak = Math.max(a.bestStreak, b.bestStreak);
  for (const [key, g] of Object.entries(b.scores)) {
    const mine = a.scores[key];
    if (!mine) out.scores[key] = structuredClone(g);
    else if (add === Math.max) out.scores[key] = structuredClone(g.n > mine.n ? g : mine);
    else {
      const best = g.order === "low" ? Math.min(mine.best, g.best) : Math.max(mine.best, g.best);
      out.scores[key] = { ...mine, n: mine.n + g.n, sum: mine.sum + g.sum, best };
    }
  }
  return out;
}

const union = (here, there, max) => {
  const seen = new Set(here);
  return [...there.filter((id) => !seen.has(id)), ...here].slice(-max);
};

export function mergeRecords(here, there) {
  const hereIds = new Set(here.ids);
  const thereIds = new Set(there.ids);
  if (there.ids.every((id) => hereIds.has(id)) && played(there) <= played(here)) return here;
  if (here.ids.every((id) => thereIds.has(id)) && played(here) <= played(there)) return there;
  const add = there.ids.some((id) => hereIds.has(id)) ? Math.max : (x, y) => x + y;
  const out = structuredClone(here);
  for (const [level, b] of Object.entries(there.levels)) {
    const mine = here.levels[level];
    out.levels[level] = mine ? mergeBuckets(mine, b, add) : structuredClone(b);
  }
  for (const [date, day] of Object.entries(there.daily)) {
    if (!out.daily[date]) out.daily[date] = structuredClone(day);
  }
  out.ids = union(here.ids, there.ids, MAX_IDS);
  out.checked = union(here.checked, there.checked, MAX_IDS);
  return out;
}

// Writes the checked entries into this device's store; what was done, counted.
export function mergeInto(items) {
  const done = { saves: 0, stats: 0, kept: 0 };
  for (const [key, text] of Object.entries(items)) {
    const family = familyOf(key);
    const here = store.getItem(key);
    if (here === text) continue;
    if (family.name === "setting" || family.name === "lesson") {
      if (here === null) store.setItem(key, text);
      continue;
    }
    if (family.name === "stats") {
      const slug = key.split(":")[2];
      const mine = readRecord(store, slug).record; // a damaged one is set aside and starts empty
      const theirs = JSON.parse(text);
      const merged = mergeRecords(mine, theirs);
      if (merged !== mine) {
        store.setItem(key, JSON.stringify(merged));
        done.stats += 1;
      }
      continue;
    }
    let mine = null;
    try {
      mine = here === null ? null : parseSave(here);
    } catch {
      /* unreadable here: replaced */
    }
    const theirs = parseSave(text);
    const takeTheirs =
      !mine ||
      (mine.gid && mine.gid === theirs.gid
        ? theirs.log.actions.length > mine.log.actions.length
        : gameTime(theirs) > gameTime(mine));
    if (!takeTheirs) {
      done.kept += 1;
      continue;
    }
    // The save replaced is kept aside: the game's menu brings it back.
    if (here !== null) setAside(store, key.slice("tabletop:".length), here);
    store.setItem(key, text);
    done.saves += 1;
  }
  return done;
}

// Everything the app keeps that travels: {key: text}.
export function exportItems() {
  const items = {};
  for (const key of store.keys().sort()) {
    const text = familyOf(key) ? store.getItem(key) : null;
    if (text !== null) items[key] = text;
  }
  return items;
}

// ---------------------------------------------------------------- the page
function download(text) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const name = `tabletop-records-${new Date().toISOString().slice(0, 10)}.json`;
  const a = h("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function showTransfer() {
  document.querySelector("section.transfer-page")?.remove();
  const opener = document.activeElement;
  const status = h("p", { class: "transfer-status", role: "status" });
  const say = (text, kind) => {
    status.textContent = text;
    status.dataset.kind = kind;
  };
  const close = () => {
    box.remove();
    opener?.focus?.();
  };
  const exportNow = () => {
    const items = exportItems();
    const exported = new Date().toISOString();
    download(JSON.stringify({ tabletop: "records", v: TRANSFER_VERSION, exported, items }));
    say(t("transfer_exported", { n: Object.keys(items).length }), "done");
  };
  const importFile = async (file) => {
    if (!file) return;
    let done;
    try {
      if (file.size > MAX_FILE_BYTES) refuse("transfer_too_big");
      done = mergeInto(checkRecordsFile(await file.text()));
    } catch (err) {
      if (!(err instanceof Refusal)) console.error(err);
      const reason = err instanceof Refusal ? err.message : t("transfer_not_ours");
      return say(t("transfer_refused", { reason }), "refused");
    }
    say(t("transfer_imported", done), "done");
    endSession(); // the screen under this one is drawn again from what is stored now
    nav.route?.();
  };
  const input = h("input", {
    type: "file",
    accept: ".json,application/json",
    class: "import-file",
    onchange: (e) => {
      importFile(e.target.files[0]);
      e.target.value = "";
    },
  });
  const box = h(
    "section",
    {
      class: "rules-page transfer-page",
      role: "dialog",
      "aria-modal": "true",
      "aria-label": t("transfer"),
      tabindex: "-1",
      onkeydown: (e) => {
        if (e.key === "Escape") close();
      },
    },
    h(
      "div",
      { class: "rules-head" },
      h("h2", {}, t("transfer")),
      h("button", { type: "button", class: "close", onclick: close }, t("close")),
    ),
    h("p", {}, t("transfer_intro")),
    h(
      "div",
      { class: "actions" },
      h(
        "button",
        { type: "button", class: "primary export", onclick: exportNow },
        t("transfer_export"),
      ),
      h("label", { class: "button import" }, t("transfer_import"), input),
    ),
    h("p", { class: "transfer-merge" }, t("transfer_how")),
    status,
  );
  document.body.append(box);
  box.focus();
}
