// What the app keeps on this device: the player's settings and one saved game per game (and per
// embed id). localStorage, or memory when the browser blocks it (some embedded iframes).
//
//   store                          getItem/setItem/removeItem (never throws)
//   storageBlocked                 true when only memory is available
//   settings.fourColour / .speed   read and written through (speed: slow|normal|fast|instant)
//   saveKey(slug), readSave(slug), writeSave(session)
//   badSaveId()                    the link's ?id= when it is not a valid save name (else null)
//   saveMovedOn(session)           another tab has written this game's save since this tab did
//   storageFull()                  a write has failed for lack of room (kept in memory since)
//   TESTING, testParam(name)       the test build's hooks: a link's test-only parameter
//   boundedJson(text, chars, depth) JSON.parse after size and depth limits (else throws)
//   replayRecord(text)             a replay link's or file's record checked whole: {log, captions}
import { h } from "../kit/dom.js";
import { SPEED_NAMES } from "../kit/pace.js";
import { SLUGS, t } from "../kit/words.js";

export const params = new URLSearchParams(location.search);

// False in the shipped site. The browser tests' build (py/tools/build.py, testing=True) writes
// true here: only then do ?stall=, ?bootwait= and ?botdelay= act, and window.tabletop exist, so
// that a reader's link can neither fake a notice nor slow the table, and no console reads a seat.
export const TESTING = false;
export const testParam = (name) => (TESTING ? params.get(name) : null);

const storage = (() => {
  try {
    const s = window.localStorage;
    s.getItem("tabletop:probe");
    return s;
  } catch {
    return null;
  }
})();
export const storageBlocked = !storage;
const memory = new Map();

// A write the browser refuses (QuotaExceededError: an origin full of another app's data, a save
// that grew, an old Safari private window whose quota is 0) is kept here for the page's life,
// and this page's reads see it: were the stale stored text read back, every save would look like
// another tab's and each move would be taken back. Each entry remembers the stored text it
// covers (`over`): when that changes, another tab has written since, and its text is read.
const unsaved = new Map();
let failedWrites = 0;
export const storageFull = () => failedWrites > 0;
export const failedWriteCount = () => failedWrites;

function readStored(k) {
  const stored = storage.getItem(k);
  const mine = unsaved.get(k);
  if (!mine) return stored;
  if (mine.over === stored) return mine.text;
  unsaved.delete(k); // another tab wrote this key since: its text is the truth
  return stored;
}

function writeStored(k, text) {
  try {
    storage.setItem(k, text);
    unsaved.delete(k);
  } catch {
    let over = null;
    try {
      over = storage.getItem(k);
    } catch {
      /* unreadable too: memory alone */
    }
    unsaved.set(k, { text, over });
    failedWrites++;
    tellStorageFull();
  }
}

function removeStored(k) {
  unsaved.delete(k);
  try {
    storage.removeItem(k);
  } catch {
    /* nothing stored to remove */
  }
}

export const store = {
  getItem: (k) => {
    try {
      return storage ? readStored(k) : memory.has(k) ? memory.get(k) : null;
    } catch {
      return null;
    }
  },
  setItem: (k, v) => {
    if (storage) writeStored(k, String(v));
    else memory.set(k, String(v));
  },
  removeItem: (k) => {
    if (storage) removeStored(k);
    else memory.delete(k);
  },
  keys: () => {
    if (!storage) return [...memory.keys()];
    let stored = [];
    try {
      stored = Object.keys(storage);
    } catch {
      /* memory alone */
    }
    return [...new Set([...stored, ...unsaved.keys()])];
  },
};

// The reader is told once, in their language, that this device's storage is full: the game plays
// on, but what is not stored is lost when the page closes; and how to make room.
function tellStorageFull() {
  if (document.querySelector(".storage-full")) return;
  const note = h(
    "section",
    { class: "storage-full", role: "alert" },
    h("p", {}, t("storage_full")),
    h("button", { type: "button", class: "close", onclick: () => note.remove() }, t("close")),
  );
  document.body.prepend(note); // above the header: in view, never over the hand or a sheet
  document.body.dataset.storageFull = "1";
}

export const settings = {
  get fourColour() {
    return store.getItem("tabletop:four-colour") === "1";
  },
  set fourColour(on) {
    store.setItem("tabletop:four-colour", on ? "1" : "0");
    document.documentElement.classList.toggle("four-colour", on);
  },
  get speed() {
    const s = store.getItem("tabletop:speed");
    return SPEED_NAMES.includes(s) ? s : "normal";
  },
  set speed(name) {
    store.setItem("tabletop:speed", SPEED_NAMES.includes(name) ? name : "normal");
  },
};

// One key per game (and per embed id), so two games in one article keep their own saves, and a
// broken save is set aside alone: no other saved data is touched. An ?id= that is not a valid
// name is refused by the router (badSaveId) before any save is read or written.
const SAVE_ID = /^[\w-]{1,40}$/;
export function saveKey(slug) {
  const id = params.get("id");
  return `tabletop:save:${slug}` + (id && SAVE_ID.test(id) ? `:${id}` : "");
}

export function badSaveId() {
  const id = params.get("id");
  return id !== null && !SAVE_ID.test(id) ? id : null;
}

// Every write of a save carries a token naming this tab and write, so a tab can tell that
// another one has written the same game since (two tabs on one game: see play.js).
const TAB = Math.random().toString(36).slice(2, 10);
let writes = 0;
export function saveToken(text) {
  if (text === null) return null;
  try {
    const w = JSON.parse(text)?.w;
    return typeof w === "string" ? w : "";
  } catch {
    return "";
  }
}

export function saveMovedOn(s) {
  return s.saveToken !== undefined && saveToken(store.getItem(saveKey(s.slug))) !== s.saveToken;
}

export function readSave(slug) {
  const text = store.getItem(saveKey(slug));
  if (text === null) return null;
  try {
    return parseSave(text);
  } catch (err) {
    return { broken: err.message || "bad format", text };
  }
}

// A save's text as the app reads it (throws on one it cannot use). A log's player count, when
// present, is a whole number: a tampered `null` is refused like any other field, not taken for
// the default count. The engine checks the rest of the log when it replays it.
export function parseSave(text) {
  const data = JSON.parse(text);
  if (
    !data ||
    data.v !== 1 ||
    typeof data.log !== "object" ||
    !["bot", "hotseat"].includes(data.mode)
  )
    throw new Error("bad format");
  if (data.log && "players" in data.log && !Number.isInteger(data.log.players)) {
    throw new Error("bad player count");
  }
  // The redo stack is only ever resent to the engine, which checks every move; keep it if well formed.
  if (
    !Array.isArray(data.redo) ||
    !data.redo.every(
      (m) => Array.isArray(m) && m.length === 2 && m[0] === 0 && typeof m[1] === "string",
    )
  )
    data.redo = [];
  if (typeof data.deal !== "string" || !/^daily:\d{4}-\d{2}-\d{2}$/.test(data.deal))
    data.deal = null;
  if (typeof data.gid !== "string" || !/^g[0-9a-z]{1,40}$/.test(data.gid)) data.gid = null;
  if (typeof data.level !== "string") data.level = null;
  data.w = typeof data.w === "string" ? data.w : "";
  // The table last drawn (the human's own view), to show at once on a return visit.
  const shown = data.shown;
  if (
    !shown ||
    shown.moves !== data.log.actions?.length ||
    !shown.view ||
    !Array.isArray(shown.view.to_move)
  )
    data.shown = null;
  return data;
}

function saveBody(s) {
  return {
    v: 1,
    log: s.log,
    mode: s.mode,
    level: s.level,
    redo: s.redo.length ? s.redo : undefined,
    deal: s.deal || undefined,
    shown: s.shown && s.shown.moves === s.log.actions.length ? s.shown : undefined,
    gid: s.gid || undefined,
    over: s.status?.over || undefined,
  };
}

// The stored save against the session: "same" (this game at this position, whoever wrote it,
// with the same table on show, or none to show yet), "same-but-shown" (the table on show to be
// written: a tampered or older one is replaced), "mine" (last written or read by this
// session), "other" (another tab's game or position) or "none".
function compareStored(s, text, body = saveBody(s)) {
  if (text === null) return "none";
  try {
    const { w, shown: oldShown, ...old } = JSON.parse(text);
    const { shown, ...now } = body;
    if (JSON.stringify(old) === JSON.stringify(now))
      return !shown || JSON.stringify(oldShown) === JSON.stringify(shown)
        ? "same"
        : "same-but-shown";
    return (typeof w === "string" ? w : "") === s.saveToken ? "mine" : "other";
  } catch {
    return s.saveToken === "" ? "mine" : "other";
  }
}

// This game at this position is what the save holds (another tab wrote the same): the session
// takes that write as its own.
export function sameGameStored(s) {
  const text = store.getItem(saveKey(s.slug));
  const how = compareStored(s, text);
  if (how === "same" || how === "same-but-shown") {
    s.saveToken = saveToken(text);
    return true;
  }
  return false;
}

// Writes the session's save, unless another tab has written another game or position since this
// tab last read or wrote it (then false, nothing written: the newer game is never overwritten). A
// session not yet written (a new game) claims the slot. Nothing new, nothing written: two tabs on
// one game never answer each other's writes for ever.
export function writeSave(s) {
  if (!s) return true;
  const key = saveKey(s.slug);
  const text = store.getItem(key);
  const body = saveBody(s);
  const how = compareStored(s, text, body);
  if (how === "same") {
    s.saveToken = saveToken(text);
    return true;
  }
  if (s.saveToken !== undefined && (how === "other" || (how === "none" && s.saveToken !== null)))
    return false;
  const w = `${TAB}.${++writes}`;
  store.setItem(key, JSON.stringify({ ...body, w }));
  s.saveToken = w;
  return true;
}

// ---------------------------------------------------------------- records from outside
// A text from a link or a file is bounded before JSON.parse: a 6,000-deep array makes some
// engines' parsers (and every recursive walk after them) throw RangeError. The depth is counted
// in one pass over the text, strings skipped.
export function boundedJson(text, maxChars, maxDepth) {
  if (typeof text !== "string" || text.length > maxChars) throw new RangeError("too long");
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) {
      if (++depth > maxDepth) throw new RangeError("too deep");
    } else if (c === 93 || c === 125) depth--;
  }
  return JSON.parse(text);
}

const isPlainObject = (o) => !!o && typeof o === "object" && !Array.isArray(o);
// The engine's own bounds (py/tabletop/reader.py, session.py): the JS refuses what it would.
const MAX_RECORD_CHARS = 2_000_000;
const MAX_RECORD_DEPTH = 40;
const MAX_ACTIONS = 100_000;
const LOG_FIELDS = ["game", "players", "options", "seed", "setup", "actions"];

// A caption: none, a text, or the text per language ({ja, en}: strings).
const isCaption = (c) =>
  c === null ||
  typeof c === "string" ||
  (isPlainObject(c) &&
    Object.entries(c).every(([k, v]) => ["ja", "en"].includes(k) && typeof v === "string"));
const isMove = (a) =>
  Array.isArray(a) &&
  a.length === 2 &&
  Number.isInteger(a[0]) &&
  a[0] >= 0 &&
  typeof a[1] === "string";

// A replay's record (a link's ?replay= or a file of static/replays/) checked whole before anything
// uses it: the log the engine reads and the captions the page shows. Throws an Error whose message
// is the reason in the reader's language. The engine checks the moves themselves.
export function replayRecord(text) {
  let data;
  try {
    data = boundedJson(text, MAX_RECORD_CHARS, MAX_RECORD_DEPTH);
  } catch (err) {
    throw new Error(t(err instanceof RangeError ? "replay_too_big" : "replay_not_json"));
  }
  const bad = () => new Error(t("replay_bad_shape"));
  if (!isPlainObject(data)) throw bad();
  const { captions = null, ...log } = data;
  if (!Object.keys(log).every((k) => LOG_FIELDS.includes(k))) throw bad();
  if (!SLUGS.includes(log.game)) throw bad();
  const { players, seed, options, actions } = log;
  if ("players" in log && !(Number.isInteger(players) && players >= 1 && players <= 20))
    throw bad();
  if ("seed" in log && !(Number.isSafeInteger(seed) && seed >= 0)) throw bad();
  if ("options" in log && !isPlainObject(options)) throw bad();
  if (
    "actions" in log &&
    !(Array.isArray(actions) && actions.length <= MAX_ACTIONS && actions.every(isMove))
  ) {
    throw bad();
  }
  if (captions !== null && !(Array.isArray(captions) && captions.every(isCaption))) throw bad();
  return { log: { ...log, actions: log.actions || [] }, captions };
}
