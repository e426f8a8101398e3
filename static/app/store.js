// What the app keeps on this device: the player's settings and one saved game per game (and per
// embed id). localStorage, or memory when the browser blocks it (some embedded iframes).
//
//   store                          getItem/setItem/removeItem (never throws)
//   storageBlocked                 true when only memory is available
//   settings.fourColour / .speed   read and written through (speed: slow|normal|fast|instant)
//   saveKey(slug), readSave(slug), writeSave(session)
//   badSaveId()                    the link's ?id= when it is not a valid save name (else null)
//   saveMovedOn(session)           another tab has written this game's save since this tab did
import { SPEED_NAMES } from "../kit/pace.js";

export const params = new URLSearchParams(location.search);

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
export const store = {
  getItem: (k) => { try { return storage ? storage.getItem(k) : memory.has(k) ? memory.get(k) : null; } catch { return null; } },
  setItem: (k, v) => { try { if (storage) storage.setItem(k, String(v)); else memory.set(k, String(v)); } catch { memory.set(k, String(v)); } },
  removeItem: (k) => { try { if (storage) storage.removeItem(k); else memory.delete(k); } catch { memory.delete(k); } },
  keys: () => { try { return storage ? Object.keys(storage) : [...memory.keys()]; } catch { return [...memory.keys()]; } },
};

export const settings = {
  get fourColour() { return store.getItem("tabletop:four-colour") === "1"; },
  set fourColour(on) {
    store.setItem("tabletop:four-colour", on ? "1" : "0");
    document.documentElement.classList.toggle("four-colour", on);
  },
  get speed() {
    const s = store.getItem("tabletop:speed");
    return SPEED_NAMES.includes(s) ? s : "normal";
  },
  set speed(name) { store.setItem("tabletop:speed", SPEED_NAMES.includes(name) ? name : "normal"); },
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
    const data = JSON.parse(text);
    if (!data || data.v !== 1 || typeof data.log !== "object" || !["bot", "hotseat"].includes(data.mode)) throw new Error("bad format");
    // The redo stack is only ever resent to the engine, which checks every move; keep it if well formed.
    if (!Array.isArray(data.redo) || !data.redo.every((m) => Array.isArray(m) && m.length === 2 && m[0] === 0 && typeof m[1] === "string")) data.redo = [];
    if (typeof data.deal !== "string" || !/^daily:\d{4}-\d{2}-\d{2}$/.test(data.deal)) data.deal = null;
    if (typeof data.gid !== "string" || !/^g[0-9a-z]{1,40}$/.test(data.gid)) data.gid = null;
    if (typeof data.level !== "string") data.level = null;
    data.w = typeof data.w === "string" ? data.w : "";
    // The table last drawn (the human's own view), to show at once on a return visit.
    const shown = data.shown;
    if (!shown || shown.moves !== data.log.actions?.length || !shown.view || !Array.isArray(shown.view.to_move)) data.shown = null;
    return data;
  } catch (err) {
    return { broken: err.message || "bad format", text };
  }
}

function saveBody(s) {
  return {
    v: 1, log: s.log, mode: s.mode, level: s.level,
    redo: s.redo.length ? s.redo : undefined, deal: s.deal || undefined,
    shown: s.shown && s.shown.moves === s.log.actions.length ? s.shown : undefined,
    gid: s.gid || undefined, over: s.status?.over || undefined,
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
    if (JSON.stringify(old) === JSON.stringify(now)) return !shown || JSON.stringify(oldShown) === JSON.stringify(shown) ? "same" : "same-but-shown";
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
  if (how === "same" || how === "same-but-shown") { s.saveToken = saveToken(text); return true; }
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
  if (how === "same") { s.saveToken = saveToken(text); return true; }
  if (s.saveToken !== undefined && (how === "other" || (how === "none" && s.saveToken !== null))) return false;
  const w = `${TAB}.${++writes}`;
  store.setItem(key, JSON.stringify({ ...body, w }));
  s.saveToken = w;
  return true;
}
