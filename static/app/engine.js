// The one way to reach the engine: py/worker.py in the PyScript worker tag of index.html.
// Calls run one at a time, in order; every answer is parsed JSON.
//
//   call(name, ...args)                      one of CALLS, the calls py/tabletop/protocol.py
//                                            declares (with their arguments' kinds; the worker
//                                            checks them): hint, truth, replay_step ...
//   game.load(log, viewer)                   -> {ok, over, to_move, players, moves, log, view}
//   game.act(seat, action, viewer)           -> the same after the move
//   game.botMove(seat, level, seed, viewer)  -> {ok, action, ...as act}: the computer chooses AND plays
//   game.undo(viewer)                        -> {ok, undone, ...as act} (one-player games)
//   game.view(seat)                          -> {ok, view}
//   refusalWords(w, answer)                  a failed answer in the reader's words
// Every failure of every call is {ok: false, code, params, error}: the page words code and params
// (refusalWords); error is English for the console, never shown.
// Python owns the action log: every answer carries it, and the app keeps the latest copy to save.
// One round trip per tap and one per computer move.
import { words } from "../kit/words.js";
import { testParam } from "./store.js";

// The declared calls, in py/tabletop/protocol.py's order (tests/test_protocol.py checks that the
// two lists are the same).
export const CALLS = [
  "ping",
  "load",
  "act",
  "bot_move",
  "bot_action",
  "view",
  "undo",
  "hint",
  "analysis",
  "truth",
  "duplicate",
  "daily_log",
  "replay_open",
  "replay_step",
  "bench_playouts",
  "loaded_games",
];

let ready = null;
export function engine() {
  if (!ready) {
    const tag = document.querySelector('script[type="py"][worker]');
    // A first start still not done after BOOT_SLOW_MS (a slow link fetching the runtime, or a
    // worker that died on the way) is reported through watch.bootSlow, so the page can say so;
    // watch.booted once it is up.
    const slow = setTimeout(() => watch.bootSlow?.(), BOOT_SLOW_MS);
    ready = (async () => {
      while (!tag.xworker) await new Promise((r) => setTimeout(r, 5));
      await tag.xworker.ready;
      return tag.xworker.sync;
    })();
    const done = () => {
      clearTimeout(slow);
      watch.booted?.();
    };
    ready.then(done, done);
  }
  return ready;
}

// A call the worker has not answered after STALL_MS (a hung or dead worker: a loop in Python, a
// runtime that crashed or ran out of memory) is reported through watch.stalled, so the page can
// say so and offer a way out (again every STALL_MS while it is unanswered); a late answer calls
// watch.answered. The clock starts when the call reaches a booted engine, so a slow first boot is
// not a stall (it has its own notice, below). ?stall=N (ms) for tests (the test build only).
function msParam(name, fallback) {
  const raw = testParam(name);
  const n = raw === null ? NaN : Number(raw);
  return Number.isInteger(n) && n >= 100 && n <= 600000 ? n : fallback;
}
const STALL_MS = msParam("stall", 20000);
// A first visit on a slow phone link starts the engine in about 22 s (tests/bench/bench_phone.py,
// 1.6 Mbit/s); past 40 s the player is told why the table waits. ?bootwait=N (ms) for tests.
const BOOT_SLOW_MS = msParam("bootwait", 40000);
export const watch = {
  stalled: null,
  answered: null,
  bootSlow: null,
  booted: null,
  ms: STALL_MS,
  bootMs: BOOT_SLOW_MS,
};

let queue = Promise.resolve();
export function call(name, ...args) {
  // An undeclared name is a mistake of the page: said as the engine would, without a round trip.
  if (!CALLS.includes(name)) {
    return Promise.resolve({
      ok: false,
      code: "call_unknown",
      params: { call: String(name) },
      error: `there is no call ${name}`,
    });
  }
  const run = queue.then(async () => {
    const sync = await engine();
    let stalled = false;
    // Every STALL_MS while unanswered: a notice the player dismissed ("keep waiting") comes back.
    const timer = setInterval(() => {
      stalled = true;
      watch.stalled?.(name);
    }, STALL_MS);
    try {
      // Arguments as JSON text: JS undefined and null both arrive as None.
      return JSON.parse(await sync.call(name, JSON.stringify(args)));
    } finally {
      clearInterval(timer);
      if (stalled) watch.answered?.(name);
    }
  });
  queue = run.catch(() => {});
  return run;
}

export const game = {
  load: (log, viewer) => call("load", JSON.stringify(log), viewer),
  act: (seat, action, viewer) => call("act", seat, action, viewer),
  botMove: (seat, level, seed, viewer) => call("bot_move", seat, level, seed, viewer),
  undo: (viewer) => call("undo", viewer),
  view: (seat) => call("view", seat),
};

// A failed answer in the reader's words: its code worded with its params (a nested refusal, e.g.
// the engine's reason for a saved move, is worded too); an answer without a known code (a call
// that threw in the page) says only that the engine could not answer. The English `error` goes
// to the console, never to the page. `w`: the game's words (kit/words.js), or null for common.
export function refusalWords(w, answer) {
  const said = w || words(null);
  if (answer?.error) console.info("engine:", answer.code || "", answer.error);
  if (answer?.code && said.has(answer.code)) return said.say(answer);
  return said.t("engine_no_answer");
}
