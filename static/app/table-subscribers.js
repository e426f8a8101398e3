// The subscribers of a game's table (app/table.js): what follows each move without being a branch
// of the loop. play.js subscribes them to every game's table (a lesson subscribes its own):
//
//   keepTools(s, table)        the screen's state: redo stack, cards picked, the reason shown, the
//                              pass screen between two humans, a stalled computer, an error
//   keepSave(s, table)         the save, written once a move (and once a load)
//   recordEvents(table)        window.tabletop.events, for tests and the console
//   countWhenOver(s, table)    the player's statistics and a daily deal's duplicate (records.js)
//   followOtherTabs(s, table)  two tabs on one game: the other tab's game is taken up
import { t } from "../kit/words.js";
import { dismissToast, toast } from "./chrome.js";
import {
  current,
  endSession,
  nav,
  record,
  refusalText,
  render,
  setupFromLog,
  startSession,
  whenRecords,
  wordsOf,
} from "./play.js";
import { readSave, sameGameStored, saveKey, saveMovedOn, writeSave } from "./store.js";

// The screen's own state after a move: the redo stack (a redone move is popped, another move
// empties it), the cards picked, the reason shown, the pass screen between two humans. Subscribed
// before the save, which keeps the redo stack.
export function keepTools(s, table) {
  table.on("moved", ({ seat, action, by }) => {
    if (by !== "human") {
      s.redo = [];
      return;
    }
    const next = s.redo[s.redo.length - 1];
    if (next && next[0] === seat && next[1] === action) s.redo.pop();
    else s.redo = [];
    s.pick = [];
    s.reason = null;
    dismissToast();
    const passed = !table.status.over && !table.status.to_move.includes(seat);
    if (s.mode === "hotseat" && passed) s.revealedFor = null; // the next human's hand is hidden
  });
  table.on("undone", ({ answer }) => s.redo.push(answer.undone));
  table.on("refused", ({ action, answer, token }) => {
    if (s.redo.length && s.redo[s.redo.length - 1][1] === action) {
      s.redo = []; // a redo the engine no longer takes
      s.save?.();
    }
    s.reason = { text: refusalText(wordsOf(s), answer), token, code: answer.code };
    render(s);
  });
  table.on("stalled", () => {
    document.body.dataset.botStalled = "1";
  });
  table.on("error", ({ error }) => toast(String(error)));
}

// The save: written once a move (and once a load), with the table on show when it is the
// player's own view against the computer (a return visit draws it at once).
export function keepSave(s, table) {
  const save = (kind) => {
    if (s.mode === "bot" && table.viewer === s.humans[0] && table.viewSeat === table.viewer) {
      const code = current.catalog[s.slug]?.code;
      s.shown = { moves: table.log.actions.length, code, view: table.view };
    }
    return saved(s, writeSave(s), kind);
  };
  table.on("loaded", () => save("sync"));
  table.on("moved", ({ by }) => save(by === "human" ? "move" : "sync"));
  table.on("undone", () => save("move"));
  s.save = () => save("sync");
}

// What writeSave's answer means for the table, in one place: false is another tab's write since
// (nothing is saved, and this tab takes the other tab's game up, which ends this table).
function saved(s, written, kind) {
  if (written) return true;
  followOtherTab(s, kind);
  return false;
}

// The events list (window.tabletop.events) the tests and the console read.
export function recordEvents(table) {
  // The computer's and a lesson's scripted moves are "bot" moves to the tests.
  table.on("moved", ({ seat, action, by }) =>
    record(by === "human" ? "human" : "bot", seat, action),
  );
  // What was asked of the engine, and refused.
  table.on("refused", ({ seat, action }) => record("refused", seat, action));
  table.on("failed", ({ seat, reason }) => record("bot-failed", seat, reason));
}

// A game that ends here is counted in the player's statistics (records.js), once; a daily deal's
// duplicate (the computer replaying it in the player's seat) is asked from there.
export function countWhenOver(s, table) {
  table.on("over", ({ view }) => whenRecords((r) => r.gameEnded(s, view, () => render(s))));
}

// ---------------------------------------------------------------- two tabs on one game
// Each tab holds its own engine; the save is the one truth. When another tab writes this game's
// save (the `storage` event), this tab takes that game up and says so; a move made here after the
// other tab wrote (a stale tab) is refused, said, and never overwrites the newer game (writeSave
// checks the token of the last write). A game ended in the other tab (its save removed) ends here.
export function followOtherTabs(s, table) {
  table.guard(({ by }) => {
    if (by !== "human" && by !== "undo") return true;
    if (!saveMovedOn(s) || sameGameStored(s)) return true;
    followOtherTab(s, "move"); // a stale tab: the move is refused, said
    return false;
  });
  const onStorage = (e) => {
    if (!table.provisional && e.key === saveKey(s.slug)) takeUpIfNewer(s);
  };
  window.addEventListener("storage", onStorage);
  table.on("ended", () => window.removeEventListener("storage", onStorage));
}

async function followOtherTab(s, kind = "sync") {
  if (s !== current.session) return;
  endSession();
  const saved = readSave(s.slug);
  if (saved === null) {
    toast(t("tab_ended"), "info");
    return nav.showSetup(s.slug, setupFromLog(s.log, current.catalog[s.slug]));
  }
  if (saved.broken) return nav.route();
  const info = current.catalog[s.slug];
  const ok = await startSession(
    s.slug,
    saved.log,
    saved.mode,
    saved.level || info.default_level || "random",
    { redo: saved.redo, deal: saved.deal, gid: saved.gid, token: saved.w },
  );
  if (!ok) return nav.route();
  toast(
    t(kind === "move" ? "tab_move_refused" : "tab_updated"),
    kind === "move" ? "error" : "info",
  );
  document.body.dataset.followed = String(Number(document.body.dataset.followed || 0) + 1);
  if (current.session) takeUpIfNewer(current.session); // written again meanwhile
}

// The save was written by another tab: take its game up, unless it is this very game and
// position written again (e.g. with its table on show), which needs nothing.
function takeUpIfNewer(s) {
  if (!saveMovedOn(s) || sameGameStored(s)) return; // this tab's own write seen late, or this very position
  followOtherTab(s, "sync");
}
