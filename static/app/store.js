// What the app keeps on this device: the player's settings and one saved game per game (and per
// embed id). localStorage, or memory when the browser blocks it (some embedded iframes).
//
//   store                          getItem/setItem/removeItem (never throws)
//   storageBlocked                 true when only memory is available
//   settings.fourColour / .speed   read and written through (speed: slow|normal|fast|instant)
//   saveKey(slug), readSave(slug), writeSave(session)
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
// broken save is removed alone: no other saved data is touched.
export function saveKey(slug) {
  const id = params.get("id");
  return `tabletop:save:${slug}` + (id && /^[\w-]{1,40}$/.test(id) ? `:${id}` : "");
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
    // The table last drawn (the human's own view), to show at once on a return visit.
    const shown = data.shown;
    if (!shown || shown.moves !== data.log.actions?.length || !shown.view || !Array.isArray(shown.view.to_move)) data.shown = null;
    return data;
  } catch (err) {
    return { broken: err.message || "bad format" };
  }
}

export function writeSave(s) {
  if (!s) return;
  store.setItem(saveKey(s.slug), JSON.stringify({
    v: 1, log: s.log, mode: s.mode, level: s.level,
    redo: s.redo.length ? s.redo : undefined, deal: s.deal || undefined,
    shown: s.shown && s.shown.moves === s.log.actions.length ? s.shown : undefined,
  }));
}
