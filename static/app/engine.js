// The one way to reach the engine: py/worker.py in the PyScript worker tag of index.html.
// Calls run one at a time, in order; every answer is parsed JSON.
//
//   call(name, ...args)                      any worker export (hint, truth, replay_step ...)
//   game.load(log, viewer)                   -> {ok, over, to_move, players, moves, log, view}
//   game.act(seat, action, viewer)           -> the same after the move, or
//                                               {ok: false, error (English), code, params}
//   game.botMove(seat, level, seed, viewer)  -> {ok, action, ...as act}: the computer chooses AND plays
//   game.undo(viewer)                        -> {ok, undone, ...as act} (one-player games)
//   game.view(seat)                          -> {ok, view}
// Python owns the action log: every answer carries it, and the app keeps the latest copy to save.
// One round trip per tap and one per computer move.
import { testParam } from "./store.js";

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
    const done = () => { clearTimeout(slow); watch.booted?.(); };
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
export const watch = { stalled: null, answered: null, bootSlow: null, booted: null, ms: STALL_MS, bootMs: BOOT_SLOW_MS };

let queue = Promise.resolve();
export function call(name, ...args) {
  const run = queue.then(async () => {
    const sync = await engine();
    let stalled = false;
    // Every STALL_MS while unanswered: a notice the player dismissed ("keep waiting") comes back.
    const timer = setInterval(() => { stalled = true; watch.stalled?.(name); }, STALL_MS);
    try {
      return JSON.parse(await sync[name](...args));
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
